//! Gopher (RFC 1436) and Gopher+, written here: no maintained blocking
//! client fits.
//!
//! The plan (RFC 1738 section 3.4) is run as it is: connect, send the
//! request line (selector, TAB search, TAB Gopher+ string) and any ASK
//! data lines, each with CR LF, then read the reply the way its
//! [`Transfer`] says:
//!
//! - a menu becomes a [`crate::Listing`] (see [`mod@menu`]); it ends with "." or the
//!   close;
//! - text is written with local line ends, by the framing rule of
//!   [`text`] (which copes with servers that send RFC 1436's "." and
//!   stuffing, and with those that send the raw file);
//! - a binary item is copied as it comes, until the close: for a plain
//!   gopher item the close IS the end, so a connection that drops early
//!   cannot be told from a short file;
//! - a Gopher+ reply starts with a length line (see [`plus`]): `+N` octets
//!   (fewer is an error), `+-1` to a "." line, `+-2` to the close, `-...`
//!   an error quoted in the [`AccessError`]. A server that answers
//!   without a length line (an RFC 1436 server ignoring the `+`) is read
//!   as a plain reply.
//!
//! A plain text or binary reply that is one type-3 menu line and nothing
//! else (pygopherd's answer for a missing item) is an error, quoted.
//! RFC 1436 has no other error signal for items that are not menus; a
//! server that answers with prose (gophernicus: "Error: File or directory
//! not found!") cannot be told from the item.

pub(crate) mod ask;
mod menu;
mod plus;
mod text;

use crate::error::{AccessError, AccessErrorKind};
use crate::executor::executor;
use crate::fetched::Fetched;
use crate::interaction::Interaction;
use crate::line::conn::connect_error;
use crate::line::dotted::{self, PIECE};
use crate::line::error::LineError;
use crate::line::sink::{Fault, Sink, fault_error};
use crate::line::write::write_line;
use crate::net::{self, Deadline, Dial, Timed, Timeouts, read_piece};
use crate::options::FetchOptions;
use crate::session::Session;
use menu::MenuFault;
use plus::{Head, Length};
use std::io::{self, BufRead, BufReader, Cursor, Read, Write};
use std::net::TcpStream;
use uniform::UrlRef;
use uniform::plan::{Endpoint, GopherPlan, Line, Piece, Transfer};
use uniform::schemes::{GopherPlus, GopherUrl};

const SCHEME: &str = "gopher";

/// How a reply's data is delivered.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Shape {
    Menu,
    Text,
    Binary,
}

/// The shape of a plain reply to an item of type `t` (RFC 1436 section
/// 3.8, as the plan reads it).
fn plain_shape(t: u8) -> Shape {
    match t {
        b'1' | b'7' => Shape::Menu,
        b'0' | b'2' | b'3' | b'h' | b'i' => Shape::Text,
        _ => Shape::Binary,
    }
}

/// The shape of a Gopher+ reply's data: attribute blocks and ASK forms are
/// text; a view is a menu, text or binary by its MIME type; the default
/// view as the type says.
fn plus_shape(v: &GopherUrl<'_>) -> Shape {
    match v.plus_kind() {
        Some(GopherPlus::Attributes { .. }) => Shape::Text,
        Some(GopherPlus::View { view, .. }) => {
            let view = view.decode_lossy().to_ascii_lowercase();
            if view.contains("menu") {
                Shape::Menu
            } else if view.starts_with("text/") {
                Shape::Text
            } else {
                Shape::Binary
            }
        }
        _ => plain_shape(v.gopher_type()),
    }
}

executor!(
    /// The gopher executor: [`fetch`] on the plan's dialogue.
    Gopher,
    Gopher,
    |job, p, out, ui| fetch(&job.url, p, job.opts, job.session, job.dial, out, ui)
);

/// Runs a gopher plan: one request, or for an ASK item the request for
/// its form and then the one that sends the answers.
pub(crate) fn fetch(
    url: &UrlRef<'_>,
    g: &GopherPlan,
    opts: &FetchOptions,
    session: &Session,
    dial: Dial<'_>,
    out: &mut dyn Write,
    ui: &mut dyn Interaction,
) -> Result<Fetched, AccessError> {
    let Some(v) = url.gopher() else {
        return Err(AccessError::new(
            AccessErrorKind::Unsupported,
            SCHEME,
            url.hostname(),
            "a gopher plan for a URL that is not gopher",
        ));
    };
    let v = &v;
    let host = v.host();
    let Endpoint::Host { host: to, port } = &g.endpoint else {
        return Err(AccessError::new(
            AccessErrorKind::Unsupported,
            SCHEME,
            Some(host),
            "the plan names no server",
        ));
    };
    let deadline = Deadline::after(session.timeouts.total);
    let timeouts = &session.timeouts;
    let request = |lines: &[Vec<u8>]| -> Result<Vec<u8>, AccessError> {
        let mut out = Vec::new();
        for l in lines {
            write_line(&mut out, l).map_err(|k| {
                LineError::new(k, &format!("{host}:{}", v.port())).access(
                    SCHEME,
                    host,
                    "writing the request",
                )
            })?;
        }
        Ok(out)
    };
    let send = |s: &TcpStream, bytes: &[u8]| {
        let mut w = s;
        w.write_all(bytes)
            .map_err(|e| AccessError::io(SCHEME, Some(host), "sending the request", e))?;
        for line in bytes.split_inclusive(|&b| b == b'\n') {
            crate::trace::sent(dial.tracer, line);
        }
        Ok(())
    };
    if g.ask_item {
        // RFC 1738 section 3.4.5: the form first, its questions asked of
        // the user, then the answers as the item's data block.
        let (ask, answer) = g.ask_requests();
        let s = connect(to, *port, dial, timeouts, &deadline)?;
        send(&s, &request(&[wire_of(v, &ask, ui)?])?)?;
        let mut r = BufReader::new(timed(s, host, deadline, timeouts)?);
        let answers = fill_form(v, &mut r, ui)?;
        let mut lines = vec![wire_of(v, &answer, ui)?, b"+-1".to_vec()];
        lines.extend(answers.into_iter().map(String::into_bytes));
        lines.push(b".".to_vec());
        let s = connect(to, *port, dial, timeouts, &deadline)?;
        send(&s, &request(&lines)?)?;
        let mut r = BufReader::with_capacity(64 * 1024, timed(s, host, deadline, timeouts)?);
        return read(v, Transfer::GopherPlus, &mut r, opts, out, ui);
    }
    let mut lines = vec![wire_of(v, &g.request_line(), ui)?];
    lines.extend(g.form.iter().cloned());
    let s = connect(to, *port, dial, timeouts, &deadline)?;
    send(&s, &request(&lines)?)?;
    let mut r = BufReader::with_capacity(64 * 1024, timed(s, host, deadline, timeouts)?);
    read(v, g.transfer, &mut r, opts, out, ui)
}

/// The reader of a reply: each read within the idle limit, the deadline
/// and the low-speed window.
fn timed(
    s: TcpStream,
    host: &str,
    deadline: Deadline,
    timeouts: &Timeouts,
) -> Result<Timed<TcpStream>, AccessError> {
    Timed::socket(s, deadline, timeouts)
        .map_err(|e| AccessError::io(SCHEME, Some(host), "setting up the connection", e))
}

/// A planned line's octets, a part the user is asked for filled in.
fn wire_of(
    v: &GopherUrl<'_>,
    line: &Line,
    ui: &mut dyn Interaction,
) -> Result<Vec<u8>, AccessError> {
    match line.wire() {
        Some(w) => Ok(w),
        None => asked(v, line, ui),
    }
}

/// Reads the reply to `selector TAB !+ASK`, and asks the user its
/// form's questions: the answer lines.
fn fill_form<R: BufRead>(
    v: &GopherUrl<'_>,
    r: &mut R,
    ui: &mut dyn Interaction,
) -> Result<Vec<String>, AccessError> {
    let host = v.host();
    let fail = |kind, message: String| AccessError::new(kind, SCHEME, Some(host), message);
    let io_fail = |e| AccessError::io(SCHEME, Some(host), "reading the +ASK block", e);
    let mut line = Vec::new();
    net::read_line(r, &mut line, 64).map_err(io_fail)?;
    let Some(head) = plus::parse_head(&line) else {
        return Err(fail(
            AccessErrorKind::Protocol,
            "the server did not answer the +ASK request in Gopher+ (no length line): it does not serve this item's form".into(),
        ));
    };
    let mut data = Vec::new();
    r.take(ask::MAX_BLOCK as u64)
        .read_to_end(&mut data)
        .map_err(io_fail)?;
    if let plus::Length::Exact(n) = head.length {
        data.truncate(usize::try_from(n).unwrap_or(usize::MAX));
    }
    if !head.ok {
        return Err(fail(
            AccessErrorKind::Protocol,
            "the server refused the +ASK request".into(),
        )
        .with_reply(&data));
    }
    let form = ask::parse(&data).map_err(|m| fail(AccessErrorKind::Protocol, m))?;
    let answers = ask::fill(&form, &mut UiAsker(ui)).ok_or_else(|| {
        fail(
            AccessErrorKind::Cancelled,
            "the item's Gopher+ form needs a terminal to be filled in; or give its answers in a URL of RFC 1738 section 3.4.9's form (selector%09%09+%091%0D%0A+-1%0D%0A<answer>%0D%0A...%0D%0A.%0D%0A)".into(),
        )
    })?;
    // An answer is one line of the data block: a CR, LF or NUL in it would
    // end the line, and a lone "." would end the block.
    if answers
        .iter()
        .any(|a| a == "." || a.bytes().any(|b| matches!(b, b'\r' | b'\n' | 0)))
    {
        return Err(fail(
            AccessErrorKind::Cancelled,
            "an answer holds a CR, LF or NUL, or is a lone \".\", which would end the form's data block".into(),
        ));
    }
    Ok(answers)
}

/// The user, through the access's [`Interaction`], as the form's asker.
struct UiAsker<'a>(&'a mut dyn Interaction);

impl ask::Asker for UiAsker<'_> {
    fn line(&mut self, what: &str) -> Option<String> {
        self.0.ask(what)
    }
    fn secret(&mut self, what: &str) -> Option<String> {
        self.0
            .password(what)
            .map(|p| String::from_utf8_lossy(&p).into_owned())
    }
    fn show(&mut self, text: &str) {
        self.0.advise(text);
    }
}

/// The octets of a request line with a part the user is asked for: the
/// search of a type 7 item whose URL has none (RFC 1738 section 3.4).
fn asked(v: &GopherUrl<'_>, line: &Line, ui: &mut dyn Interaction) -> Result<Vec<u8>, AccessError> {
    let host = v.host();
    let fail =
        |message: String| AccessError::new(AccessErrorKind::Cancelled, SCHEME, Some(host), message);
    let mut out = Vec::new();
    for piece in line.pieces() {
        match piece {
            Piece::Text(t) | Piece::Secret(t) => out.extend_from_slice(t),
            Piece::Asked(what) => {
                let Some(answer) = ui.ask(what) else {
                    return Err(fail(if v.gopher_type() == b'7' {
                        "the type 7 item needs a search: give --query or add %09words to the URL"
                            .into()
                    } else {
                        format!("the request needs the {what}, and there is no terminal to ask on")
                    }));
                };
                // The answer goes inside the request line: a TAB would
                // start another field, CR, LF or NUL end the line.
                if answer
                    .bytes()
                    .any(|b| matches!(b, b'\t' | b'\r' | b'\n' | 0))
                {
                    return Err(fail(format!(
                        "the {what} given holds a TAB, CR, LF or NUL, which cannot go in a gopher request"
                    )));
                }
                out.extend_from_slice(answer.as_bytes());
            }
            _ => return Err(fail("the request has a part no one can give".into())),
        }
    }
    Ok(out)
}

/// Opens the connection, its idle limit shortened to what is left of the
/// whole access's.
fn connect(
    host: &str,
    port: u16,
    dial: Dial<'_>,
    timeouts: &Timeouts,
    deadline: &Deadline,
) -> Result<TcpStream, AccessError> {
    let s = dial
        .connect(host, port, timeouts)
        .map_err(|e| connect_error(SCHEME, host, port, e))?;
    s.set_read_timeout(Some(deadline.clamp(timeouts.idle)))
        .map_err(|e| AccessError::io(SCHEME, Some(host), "setting the time limit", e))?;
    Ok(s)
}

pub(crate) fn read<R: BufRead>(
    v: &GopherUrl<'_>,
    transfer: Transfer,
    r: &mut R,
    opts: &FetchOptions,
    out: &mut dyn Write,
    ui: &mut dyn Interaction,
) -> Result<Fetched, AccessError> {
    let host = v.host();
    match transfer {
        Transfer::GopherMenu => menu(v, r),
        Transfer::GopherText => plain(v, Shape::Text, r, opts, out, ui),
        Transfer::GopherPlus => {
            let mut line = Vec::new();
            match net::read_line(r, &mut line, 64) {
                Ok(_) => {}
                // A first line this long is not a length line.
                Err(e) if e.kind() == io::ErrorKind::InvalidData => {}
                Err(e) => return Err(AccessError::io(SCHEME, Some(host), "reading the reply", e)),
            }
            match plus::parse_head(&line) {
                Some(head) => gopher_plus(v, head, r, out, ui),
                None => {
                    // Not a Gopher+ answer: the first octets are the item's.
                    let mut again = Cursor::new(line).chain(r);
                    let shape = plain_shape(v.gopher_type());
                    if shape == Shape::Menu {
                        menu(v, &mut again)
                    } else {
                        plain(v, shape, &mut again, opts, out, ui)
                    }
                }
            }
        }
        _ => plain(v, Shape::Binary, r, opts, out, ui),
    }
}

fn menu<R: BufRead + ?Sized>(v: &GopherUrl<'_>, r: &mut R) -> Result<Fetched, AccessError> {
    let host = v.host();
    let listing = menu::read_menu(r, v.url().as_str()).map_err(|f| match f {
        MenuFault::Read(e) if e.kind() == io::ErrorKind::InvalidData => AccessError::new(
            AccessErrorKind::TooLong,
            SCHEME,
            Some(host),
            format!("a menu line longer than {} octets", net::MAX_LINE),
        ),
        MenuFault::Read(e) => AccessError::io(SCHEME, Some(host), "reading the menu", e),
        MenuFault::TooMany => AccessError::new(
            AccessErrorKind::TooLong,
            SCHEME,
            Some(host),
            format!(
                "a menu of more than {} items or {} octets",
                menu::MAX_ENTRIES,
                menu::MAX_OCTETS
            ),
        ),
        MenuFault::ServerError(text) => AccessError::new(
            AccessErrorKind::Protocol,
            SCHEME,
            Some(host),
            "the server answered with an error item",
        )
        .with_reply(&text),
        MenuFault::NoAnswer => AccessError::new(
            AccessErrorKind::Protocol,
            SCHEME,
            Some(host),
            "the server closed the connection without a menu, not even its \".\" line",
        ),
    })?;
    Ok(Fetched::Listing(listing))
}

fn short(host: &str, announced: u64, got: u64) -> AccessError {
    AccessError::new(
        AccessErrorKind::Protocol,
        SCHEME,
        Some(host),
        format!(
            "the server announced {announced} octets (Gopher+ \"+{announced}\") and closed after {got}"
        ),
    )
    .with_exit_code(crate::error::PARTIAL)
}

/// A plain (not Gopher+) reply: text by the framing rule, binary until the
/// close; a lone type-3 line is the server's error. RFC 1436 ends a text
/// file (type 0) with a "." line; gophernicus and pygopherd, the servers
/// most run, end it by closing the connection instead. A clean close is
/// taken as the end of the text, with a warning, as curl and lynx take
/// it; with `gopher_strict` it is an error (curl's exit status for a
/// partial file). A reset or a limit is an error either way (the read
/// fails before the close).
fn plain<R: BufRead + ?Sized>(
    v: &GopherUrl<'_>,
    shape: Shape,
    r: &mut R,
    opts: &FetchOptions,
    out: &mut dyn Write,
    ui: &mut dyn Interaction,
) -> Result<Fetched, AccessError> {
    let host = v.host();
    let seen = match error_item(r)
        .map_err(|e| AccessError::io(SCHEME, Some(host), "reading the reply", e))?
    {
        Sniffed::Error(text) => {
            return Err(AccessError::new(
                AccessErrorKind::Protocol,
                SCHEME,
                Some(host),
                "the server answered with an error item",
            )
            .with_reply(&text));
        }
        Sniffed::Data(seen) => seen,
    };
    let mut r = Cursor::new(seen).chain(r);
    let mut sink = Sink::new(out, ui);
    let terminated = match shape {
        Shape::Text => text::copy_text(&mut r, &mut sink),
        _ => copy_raw(&mut r, &mut sink).map(|()| true),
    }
    .map_err(|f| fault_error(SCHEME, host, f))?;
    let unended = !terminated && v.gopher_type() == b'0';
    if unended && opts.gopher_strict {
        return Err(AccessError::new(
            AccessErrorKind::Protocol,
            SCHEME,
            Some(host),
            "the text item ended without its \".\" line (RFC 1436): it may be cut short, and is not kept (--gopher-strict)",
        )
        .with_exit_code(crate::error::PARTIAL));
    }
    let bytes = sink.finish().map_err(|f| fault_error(SCHEME, host, f))?;
    if unended {
        ui.warn(
            "the gopher text ended when the server closed the connection, without RFC 1436's \".\" line: kept as the whole text (--gopher-strict refuses it)",
        );
    }
    Ok(Fetched::Object { bytes })
}

/// What the start of a plain reply showed.
enum Sniffed {
    /// The octets read so far, to deliver.
    Data(Vec<u8>),
    /// The reply is one error item: its display string.
    Error(Vec<u8>),
}

/// Looks at the first line (at most 1 KiB) of a plain reply: a type-3
/// menu line followed by nothing but the close (or "." and the close) is
/// the server's error.
fn error_item<R: BufRead + ?Sized>(r: &mut R) -> io::Result<Sniffed> {
    let mut first = Vec::new();
    read_piece(r, &mut first, 1024)?;
    let fields = first.split(|&b| b == b'\t').count();
    if !(first.starts_with(b"3") && first.ends_with(b"\n") && fields >= 4) {
        return Ok(Sniffed::Data(first));
    }
    let mut second = Vec::new();
    read_piece(r, &mut second, 8)?;
    let ends = second.is_empty() || (dotted::is_terminator(&second) && r.fill_buf()?.is_empty());
    if ends {
        let display = first[1..]
            .split(|&b| b == b'\t')
            .next()
            .unwrap_or_default()
            .to_vec();
        return Ok(Sniffed::Error(display));
    }
    first.extend_from_slice(&second);
    Ok(Sniffed::Data(first))
}

fn copy_raw<R: BufRead + ?Sized>(r: &mut R, sink: &mut Sink<'_>) -> Result<(), Fault> {
    loop {
        let n = {
            let chunk = match r.fill_buf() {
                Ok(c) => c,
                Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
                Err(e) => return Err(Fault::Read(e)),
            };
            if chunk.is_empty() {
                return Ok(());
            }
            sink.raw(chunk)?;
            chunk.len()
        };
        r.consume(n);
    }
}

/// A Gopher+ reply after its length line.
fn gopher_plus<R: BufRead>(
    v: &GopherUrl<'_>,
    head: Head,
    r: &mut R,
    out: &mut dyn Write,
    ui: &mut dyn Interaction,
) -> Result<Fetched, AccessError> {
    let host = v.host();
    if !head.ok {
        let block = plus::read_error(r, head.length)
            .map_err(|e| AccessError::io(SCHEME, Some(host), "reading the error", e))?;
        return Err(AccessError::new(
            AccessErrorKind::Protocol,
            SCHEME,
            Some(host),
            block.meaning(),
        )
        .with_reply(&block.text));
    }
    let shape = plus_shape(v);
    match head.length {
        Length::Exact(n) => {
            let mut limited = r.take(n);
            if shape == Shape::Menu {
                let listing = menu(v, &mut limited)?;
                // A menu may end with its "." line before the octets
                // announced; only a close before them is short.
                let left = limited.limit();
                let closed = left > 0
                    && limited
                        .fill_buf()
                        .map_err(|e| AccessError::io(SCHEME, Some(host), "reading the menu", e))?
                        .is_empty();
                return if closed {
                    Err(short(host, n, n - left))
                } else {
                    Ok(listing)
                };
            }
            let mut sink = Sink::new(out, ui);
            if shape == Shape::Binary {
                sink.size_known(n);
            }
            let copied = match shape {
                Shape::Text => copy_lines(&mut limited, &mut sink),
                _ => copy_raw(&mut limited, &mut sink),
            };
            let bytes = copied
                .and_then(|()| sink.finish())
                .map_err(|f| fault_error(SCHEME, host, f))?;
            match limited.limit() {
                0 => Ok(Fetched::Object { bytes }),
                left => Err(short(host, n, n - left)),
            }
        }
        Length::Dotted if shape == Shape::Menu => menu(v, r),
        Length::Dotted => {
            // "+-1": the framing says a "." line ends it, so RFC 1436's
            // stuffing is undone as NNTP's is.
            let mut sink = Sink::new(out, ui);
            dotted::copy_block(r, &mut sink)
                .and_then(|()| sink.finish())
                .map(|bytes| Fetched::Object { bytes })
                .map_err(|f| fault_error(SCHEME, host, f))
        }
        Length::UntilClose if shape == Shape::Menu => menu(v, r),
        Length::UntilClose => {
            let mut sink = Sink::new(out, ui);
            let copied = match shape {
                Shape::Text => copy_lines(r, &mut sink),
                _ => copy_raw(r, &mut sink),
            };
            copied
                .and_then(|()| sink.finish())
                .map(|bytes| Fetched::Object { bytes })
                .map_err(|f| fault_error(SCHEME, host, f))
        }
    }
}

/// Text framed by its length or the close: line ends made local, no dots.
fn copy_lines<R: BufRead + ?Sized>(r: &mut R, sink: &mut Sink<'_>) -> Result<(), Fault> {
    let mut piece = Vec::with_capacity(256);
    while read_piece(r, &mut piece, PIECE).map_err(Fault::Read)? > 0 {
        sink.text(&piece)?;
    }
    Ok(())
}
