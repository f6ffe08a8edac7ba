//! Entry points for the fuzz targets of `fuzz/` only: not an interface to
//! build on, and hidden from the documentation.
//!
//! The parsers of what servers send are private to their protocols and
//! read from sockets. Each function here takes any octets as what a
//! server sent, drives the crate's own parsers over them through an
//! in-memory reader ([`Cursor`]), and returns a small [`Summary`] (or the
//! listing or text read), so that a fuzz target can check properties of
//! the result as well as the absence of a panic.
//!
//! Where the reading loop itself lives in a method of a socket-bound type
//! (the multi-line reply of `LineConn::reply_within`, the NNTP fetch),
//! the functions here follow the same steps with the same line, reply
//! and block functions.

use crate::error::{AccessError, AccessErrorKind};
use crate::fetched::Fetched;
use crate::ftp::data::{epsv_port, pasv_address};
use crate::gopher::ask;
use crate::http::redirect;
use crate::http::wire::{ChunkedReader, Framing, HeadError, LengthReader, read_head};
use crate::interaction::Unattended;
use crate::line::conn::Limits;
use crate::line::dotted::{copy_block, each_line};
use crate::line::reply::{Continues, Reply, status};
use crate::line::sink::Sink;
use crate::listing::Listing;
use crate::net::read_line;
use crate::nntp::listing::{Server, group, numbered, overview};
use crate::options::FetchOptions;
use std::io::{self, BufRead, Cursor, Read};
use uniform::UrlRef;
use uniform::plan::{Dialogue, Message, PlanOptions, Transfer, plan};

/// Small limits, so that inputs of a kilobyte (the fuzz targets' length,
/// for speed) reach the "too long" paths as well as the ordinary ones.
const LIMITS: Limits = Limits {
    line: 128,
    reply: 512,
};

/// The most entries a listing read here may hold: the crate's own limits
/// are far above what a fuzz input can reach, and the loop is the same.
const MAX_ENTRIES: usize = 4096;

/// The most octets of an object copied here.
const MAX_OBJECT: u64 = 1 << 20;

/// What one of these functions read.
///
/// # Example
///
/// ```
/// use uniform_access::fuzzing::{Summary, ftp_reply};
/// let s: Summary = ftp_reply(b"220 ready\r\n");
/// assert_eq!((s.items, s.code, s.consumed), (1, Some(220), 11));
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Summary {
    /// Whole replies, listing entries or items read.
    pub items: usize,
    /// The code or status of the last reply read.
    pub code: Option<u16>,
    /// Octets of the input consumed.
    pub consumed: usize,
    /// Octets delivered: a body, an article, a text.
    pub delivered: u64,
    /// The error that ended the reading, as the user would see it.
    pub error: Option<String>,
}

/// Reads FTP, SMTP or NNTP replies from `data`, one after the other, as
/// `LineConn::reply_within` does (the first line must start with a code;
/// `NNN-` goes on to the line starting `NNN `; lines and replies within
/// their limits), calling `each` on every whole reply, until the input
/// ends, a reply is malformed or `max` replies are read.
fn replies(r: &mut Cursor<&[u8]>, s: &mut Summary, max: usize, mut each: impl FnMut(&Reply)) {
    let mut line = Vec::new();
    for _ in 0..max {
        match read_line(r, &mut line, LIMITS.line) {
            Ok(0) => return,
            Ok(_) => {}
            Err(e) => {
                s.error = Some(e.to_string());
                return;
            }
        }
        let Some((code, more)) = status(&line) else {
            s.error = Some(reply_error("not a reply", &line));
            return;
        };
        let mut text = line.clone();
        if more == Continues::Yes {
            loop {
                match read_line(r, &mut line, LIMITS.line) {
                    Ok(0) => {
                        s.error = Some("closed inside a reply".into());
                        return;
                    }
                    Ok(_) => {}
                    Err(e) => {
                        s.error = Some(e.to_string());
                        return;
                    }
                }
                if text.len() + line.len() > LIMITS.reply {
                    s.error = Some(reply_error("reply too long", &text));
                    return;
                }
                text.extend_from_slice(&line);
                if status(&line) == Some((code, Continues::No)) {
                    break;
                }
            }
        }
        let reply = Reply { code, text };
        let _ = (reply.is(&[code]), reply.last_line(), reply.message());
        s.items += 1;
        s.code = Some(code);
        s.consumed = position(r);
        each(&reply);
    }
}

fn position(r: &Cursor<&[u8]>) -> usize {
    usize::try_from(r.position()).unwrap_or(usize::MAX)
}

/// An error quoting what the server sent, the way the protocols quote a
/// reply they refuse.
fn reply_error(message: &str, reply: &[u8]) -> String {
    AccessError::new(AccessErrorKind::Protocol, "fuzz", Some("h"), message)
        .with_reply(reply)
        .to_string()
}

/// `data` as the FTP control connection: every reply read whole, and
/// each one's answer parsed as the client parses it (an `EPSV` port, a
/// `PASV` address, the quoted reply of a refusal).
///
/// # Example
///
/// ```
/// use uniform_access::fuzzing::ftp_reply;
/// let s = ftp_reply(b"230-Welcome\r\n you are in\r\n230 ok\r\n227 Entering (10,0,0,1,4,1)\r\n");
/// assert_eq!((s.items, s.code, s.error), (2, Some(227), None));
/// ```
pub fn ftp_reply(data: &[u8]) -> Summary {
    let mut r = Cursor::new(data);
    let mut s = Summary::default();
    replies(&mut r, &mut s, usize::MAX, |reply| {
        let _ = (epsv_port(reply), pasv_address(reply));
        if reply.code >= 400 {
            let _ = reply_error("refused", &reply.text);
        }
    });
    s
}

/// `data` as an SMTP relay's replies (an `EHLO` list is one multi-line
/// reply), each quoted as a refusal would quote it.
///
/// # Example
///
/// ```
/// use uniform_access::fuzzing::smtp_reply;
/// let s = smtp_reply(b"220 mx\r\n250-mx.example\r\n250-PIPELINING\r\n250 SIZE 1000\r\n");
/// assert_eq!((s.items, s.code), (2, Some(250)));
/// ```
pub fn smtp_reply(data: &[u8]) -> Summary {
    let mut r = Cursor::new(data);
    let mut s = Summary::default();
    replies(&mut r, &mut s, usize::MAX, |reply| {
        let _ = reply_error("refused", &reply.text);
    });
    s
}

/// `text` as the body of a message to `mailto:a@b.example`: planned, its
/// `DATA` lines (dot-stuffed by the plan) framed with CR LF as the SMTP
/// client sends them, then read back by the dot-terminated block reader
/// NNTP and gopher use. `None` when the plan refuses the body (a CR
/// inside a line, a NUL).
///
/// # Example
///
/// ```
/// use uniform_access::fuzzing::smtp_data;
/// let back = smtp_data(b".a\r\n.\r\nb").unwrap();
/// assert!(back.ends_with(b"\n.a\n.\nb\n"));
/// assert_eq!(smtp_data(b"a\rb"), None);
/// ```
pub fn smtp_data(text: &[u8]) -> Option<Vec<u8>> {
    let url = UrlRef::parse("mailto:a@b.example").ok()?;
    let mut options = PlanOptions::default();
    options.email = Some("me@example.org".into());
    options.message = Some(Message::new(None, text.to_vec()));
    let approved = plan(&url, &options).ok()?;
    let Dialogue::Smtp(p) = approved.dialogue() else {
        return None;
    };
    let mut wire = Vec::new();
    for line in p.wire_lines()? {
        wire.extend_from_slice(&line);
        wire.extend_from_slice(b"\r\n");
    }
    let mut out = Vec::new();
    let mut ui = Unattended;
    let mut r = Cursor::new(wire.as_slice());
    let mut sink = Sink::new(&mut out, &mut ui);
    copy_block(&mut r, &mut sink)
        .and_then(|()| sink.finish())
        .ok()?;
    Some(out)
}

/// `data` as an NNTP server's replies: each status line read, and after
/// a status that announces a block the block read as the client reads it
/// (215 and 231 as group lines, 224 as overview lines, 211 as article
/// numbers, 220 to 222 as an article copied with its dot-stuffing
/// undone).
///
/// # Example
///
/// ```
/// use uniform_access::fuzzing::nntp_reply;
/// let s = nntp_reply(b"200 hi\r\n215 list\r\nmisc.test 3 1 y\r\n.\r\n220 0 <a@b>\r\n..x\r\n.\r\n");
/// assert_eq!((s.items, s.delivered, s.error), (4, 3, None));
/// ```
pub fn nntp_reply(data: &[u8]) -> Summary {
    let server = Server {
        host: "news.example".into(),
        port: 1119,
    };
    let mut r = Cursor::new(data);
    let mut s = Summary::default();
    loop {
        let mut one = Summary::default();
        let mut got = None;
        // One reply at a time: what follows it may be a block.
        replies(&mut r, &mut one, 1, |reply| got = Some(reply.code));
        let Some(code) = got else {
            s.error = one.error;
            s.consumed = position(&r);
            return s;
        };
        s.items += 1;
        s.code = Some(code);
        let mut entries = Listing::new("news:*");
        let mut entry = |line: &[u8]| {
            if entries.entries.len() >= MAX_ENTRIES {
                return Err(io::Error::other("too many entries"));
            }
            entries.entries.push(match code {
                215 | 231 => group(line),
                224 => overview(line, &server, "misc.test"),
                _ => {
                    let n = std::str::from_utf8(line)
                        .ok()
                        .and_then(|n| n.trim().parse().ok())
                        .unwrap_or(0);
                    numbered(n, &server, "misc.test")
                }
            });
            Ok(())
        };
        let block = match code {
            211 | 215 | 224 | 231 => each_line(&mut r, LIMITS.line, &mut entry),
            220..=222 => {
                let mut out = Vec::new();
                let mut ui = Unattended;
                let mut sink = Sink::new(&mut out, &mut ui);
                let res = copy_block(&mut r, &mut sink).and_then(|()| sink.finish());
                s.delivered += out.len() as u64;
                res.map(|_| ())
                    .map_err(|f| io::Error::other(format!("{f:?}")))
            }
            _ => Ok(()),
        };
        s.items += entries.entries.len();
        s.consumed = position(&r);
        if let Err(e) = block {
            s.error = Some(e.to_string());
            return s;
        }
    }
}

/// `data` as an HTTP response on the gateway path: the head read as the
/// client reads it (interim responses skipped, `Content-Length`,
/// `Transfer-Encoding` and `Location` taken in), the body read by its
/// framing, and a `Location` followed as a redirect from
/// `http://h.example/a/b` would be.
///
/// # Example
///
/// ```
/// use uniform_access::fuzzing::http_head;
/// let s = http_head(b"HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n3\r\nabc\r\n0\r\n\r\n");
/// assert_eq!((s.code, s.delivered, s.error), (Some(200), 3, None));
/// ```
pub fn http_head(data: &[u8]) -> Summary {
    let mut r = Cursor::new(data);
    let mut s = Summary::default();
    let head = match read_head(&mut r) {
        Ok(h) => h,
        Err(e) => {
            s.error = Some(match e {
                HeadError::Io(e) => e.to_string(),
                HeadError::TooLong => "head too long".into(),
                HeadError::Malformed(what, line) => reply_error(what, &line),
            });
            s.consumed = position(&r);
            return s;
        }
    };
    s.items = 1;
    s.code = Some(head.status);
    if let Some(location) = &head.location {
        let _ = http_location(location);
    }
    let body: Box<dyn Read + '_> = match head.framing {
        Framing::Empty => Box::new(io::empty()),
        Framing::Length(n) => Box::new(LengthReader {
            inner: &mut r,
            remaining: n,
        }),
        Framing::Chunked => Box::new(ChunkedReader::new(&mut r)),
        Framing::Close => Box::new(&mut r),
    };
    match io::copy(&mut body.take(MAX_OBJECT), &mut io::sink()) {
        Ok(n) => s.delivered = n,
        Err(e) => s.error = Some(e.to_string()),
    }
    s.consumed = position(&r);
    s
}

/// Where the redirect [`http_head`] follows lands, for the target to
/// check: the URL that a `Location` of `location` leads to from
/// `http://h.example/a/b`, or the refusal.
///
/// # Errors
///
/// The redirect's refusal, as the user would see it.
///
/// # Example
///
/// ```
/// use uniform_access::fuzzing::http_location;
/// assert_eq!(http_location(b"../c d").unwrap(), "http://h.example/c%20d");
/// assert!(http_location(b"file:///etc/passwd").is_err());
/// ```
pub fn http_location(location: &[u8]) -> Result<String, String> {
    let from = UrlRef::parse("http://h.example/a/b").map_err(|e| e.to_string())?;
    redirect::next(&from, location, &FetchOptions::default())
        .map(|u| u.as_str().to_string())
        .map_err(|e| e.to_string())
}

/// `data` as a gopher menu (RFC 1436: type, display string, selector,
/// host and port separated by TAB, `+` lines naming another server for
/// the item above, to a line ".").
///
/// # Errors
///
/// The error the user would see: a line too long, too many items, a menu
/// of error items only.
///
/// # Example
///
/// ```
/// use uniform_access::fuzzing::gopher_menu;
/// let l = gopher_menu(b"1Docs\t/docs\th.example\t70\r\n+\t/docs\tm.example\t7070\r\n.\r\n").unwrap();
/// assert_eq!(l.entries.len(), 2);
/// assert_eq!(l.entries[0].url.as_deref(), Some("gopher://h.example/1/docs"));
/// ```
pub fn gopher_menu(data: &[u8]) -> Result<Listing, String> {
    match gopher_read("gopher://h.example/1", Transfer::GopherMenu, data) {
        Ok(Fetched::Listing(l)) => Ok(l),
        Ok(other) => Err(format!("not a listing: {other:?}")),
        Err(e) => Err(e.to_string()),
    }
}

/// `data` as a gopher text item (type 0): the text delivered, its line
/// ends local, by the crate's rule for telling stuffed text from raw.
///
/// # Errors
///
/// The error the user would see: an error item instead of the text.
///
/// # Example
///
/// ```
/// use uniform_access::fuzzing::gopher_text;
/// assert_eq!(gopher_text(b"hello\r\n..world\r\n.\r\n").unwrap(), b"hello\n.world\n");
/// ```
pub fn gopher_text(data: &[u8]) -> Result<Vec<u8>, String> {
    let mut out = Vec::new();
    let mut ui = Unattended;
    let url = UrlRef::parse("gopher://h.example/0t").map_err(|e| e.to_string())?;
    let v = url.gopher().ok_or("not a gopher URL")?;
    let mut r = Cursor::new(data);
    crate::gopher::read(
        &v,
        Transfer::GopherText,
        &mut r,
        &FetchOptions::default(),
        &mut out,
        &mut ui,
    )
    .map_err(|e| e.to_string())?;
    Ok(out)
}

/// The Gopher+ request URLs [`gopher_plus`] answers: a menu's default
/// view, a text's, a binary's, a menu view by MIME type, and an item's
/// attributes (`!`).
const PLUS_URLS: [&str; 5] = [
    "gopher://h.example/1m%09%09+",
    "gopher://h.example/0t%09%09+",
    "gopher://h.example/9b%09%09+",
    "gopher://h.example/1m%09%09+application/gopher+-menu",
    "gopher://h.example/0t%09%09!",
];

/// `data` as the reply to a Gopher+ request: a length line (`+N`, `+-1`,
/// `+-2`, or `-` and an error block) and what it frames, read for the
/// request `PLUS_URLS[which % 5]` (a menu, a text, a binary, a menu view,
/// attributes); then the same octets read as an attribute reply for the
/// `+ASK` block of a form.
///
/// # Example
///
/// ```
/// use uniform_access::fuzzing::gopher_plus;
/// let s = gopher_plus(b"+-1\r\n+INFO: 0t\tt\th\t70\t+\r\n+ASK:\r\nAsk: Name?\r\n.\r\n", 4);
/// assert_eq!((s.items, s.error), (1, None));
/// let e = gopher_plus(b"--1\r\n1 admin\r\nnot here\r\n.\r\n", 0);
/// assert!(e.error.unwrap().contains("not available"));
/// ```
pub fn gopher_plus(data: &[u8], which: usize) -> Summary {
    let mut s = Summary::default();
    match gopher_read(
        PLUS_URLS[which % PLUS_URLS.len()],
        Transfer::GopherPlus,
        data,
    ) {
        Ok(Fetched::Listing(l)) => s.items += l.entries.len(),
        Ok(Fetched::Object { bytes }) => s.delivered = bytes,
        Ok(_) => {}
        Err(e) => s.error = Some(e.to_string()),
    }
    let block = &data[..data.len().min(ask::MAX_BLOCK)];
    match ask::parse(block) {
        Ok(questions) => s.items += questions.len(),
        Err(e) => s.error = s.error.take().or(Some(e)),
    }
    s
}

/// Reads `data` as the reply to the gopher `url` by `transfer`, writing
/// an object to a buffer at most [`MAX_OBJECT`] long.
fn gopher_read(url: &str, transfer: Transfer, data: &[u8]) -> Result<Fetched, AccessError> {
    let url = UrlRef::parse(url).map_err(|e| {
        AccessError::new(AccessErrorKind::Unsupported, "gopher", None, e.to_string())
    })?;
    let Some(v) = url.gopher() else {
        return Err(AccessError::new(
            AccessErrorKind::Unsupported,
            "gopher",
            None,
            "not a gopher URL",
        ));
    };
    let mut out = Vec::new();
    let mut ui = Unattended;
    let mut r = io::BufReader::with_capacity(256, Cursor::new(data).take(MAX_OBJECT));
    let _ = r.fill_buf();
    crate::gopher::read(
        &v,
        transfer,
        &mut r,
        &FetchOptions::default(),
        &mut out,
        &mut ui,
    )
}
