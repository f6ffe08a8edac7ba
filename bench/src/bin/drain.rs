//! `drain`: the least work a client can do for one Gopher, HTTP or FTP
//! transfer, the floor that `scripts/bench-access.sh` times beside
//! `uniform fetch` and curl.
//!
//! ```text
//! drain gopher HOST PORT SELECTOR [--times N] [-v]
//! drain http HOST PORT PATH [--times N] [-v]
//! drain ftp HOST PORT PATH [--times N] [-v]
//! ```
//!
//! Gopher and HTTP: it connects, sends one request in one write (Gopher:
//! `SELECTOR\r\n`; HTTP: `GET PATH HTTP/1.1`, `Host: HOST` and
//! `Connection: close`), and reads to the end of the stream into one
//! 512 KiB buffer that nothing reads: no parsing, no output, no check of
//! the answer. An HTTP count includes the response's header.
//!
//! FTP (RFC 959, passive mode per RFC 2428): the fewest commands that
//! fetch one file. It connects, reads the greeting (220), logs in as
//! `anonymous` (230, or 331 and then `PASS drain@` for 230), sends
//! `TYPE I` (200) and `EPSV` (229; if refused, `PASV`, 227, whose address
//! is ignored for the control connection's peer), connects the data
//! connection, sends `RETR PATH` (PATH as given, no `CWD`; 150 or 125),
//! reads the data connection to its end into the same buffer, reads the
//! transfer's end on the control connection (226 or 250) and sends `QUIT`
//! without waiting for its answer. Replies are read line by line, a
//! multi-line reply (`NNN-` ... `NNN `) as one; a line may hold at most
//! 8 KiB and a reply 256 lines, and every socket read or write gives up
//! after 30 s. Any other reply is an error. The count is the file's bytes
//! only (the data connection's).
//!
//! `--times N` makes the whole connection (for FTP the whole session, login
//! included) N times, one after another (a new connection each time, also
//! for HTTP). `-v` prints the bytes read (all connections together) to
//! standard error. Exit 0 when every connection was read to its end, 1
//! on an I/O error or an unexpected FTP reply, 2 on bad arguments (with
//! the usage).
#![forbid(unsafe_code)]

use std::io::{self, BufRead, BufReader, Read, Write};
use std::net::{IpAddr, SocketAddr, TcpStream, ToSocketAddrs};
use std::process::ExitCode;
use std::time::Duration;

/// The size of the one read buffer, as the brief of the floor asks: large
/// enough that the number of `read` calls is not what is measured.
const BUFFER: usize = 512 * 1024;

/// FTP: the longest reply line accepted, its CRLF included.
const FTP_LINE_MAX: u64 = 8 * 1024;

/// FTP: the most lines one (multi-line) reply may have.
const FTP_REPLY_LINES_MAX: usize = 256;

/// FTP: how long a connect, a read or a write on either connection may
/// wait before it is an error.
const FTP_TIMEOUT: Duration = Duration::from_secs(30);

/// The usage, printed to standard error on bad arguments.
const USAGE: &str = "usage: drain gopher HOST PORT SELECTOR [--times N] [-v]
       drain http HOST PORT PATH [--times N] [-v]
       drain ftp HOST PORT PATH [--times N] [-v]
Fetches one object, reads it to EOF into a buffer, writes nothing
(ftp: anonymous login, TYPE I, EPSV or PASV, RETR PATH);
--times N: N connections one after another; -v: the byte count to stderr.";

/// What one connection does.
#[derive(Debug)]
enum Request {
    /// Gopher or HTTP: the whole request, sent in one write, then the
    /// stream is read to its end.
    Stream(Vec<u8>),
    /// FTP: an anonymous session that retrieves this path.
    Ftp(String),
}

/// What the command line asks for.
#[derive(Debug)]
struct Args {
    /// The host to connect to (a name or an address).
    host: String,
    /// The TCP port (for FTP, the control connection's).
    port: u16,
    /// What each connection does.
    request: Request,
    /// How many connections to make, one after another (at least 1).
    times: u64,
    /// Whether to print the byte count to standard error.
    verbose: bool,
}

/// Reads the command line (without the program name); `None` when it is
/// not one of the usage's forms.
fn parse_args(argv: impl IntoIterator<Item = String>) -> Option<Args> {
    let mut positional = Vec::new();
    let mut times = 1u64;
    let mut verbose = false;
    let mut argv = argv.into_iter();
    while let Some(arg) = argv.next() {
        if arg == "-v" {
            verbose = true;
        } else if arg == "--times" {
            times = argv.next()?.parse().ok().filter(|&n| n > 0)?;
        } else if let Some(n) = arg.strip_prefix("--times=") {
            times = n.parse().ok().filter(|&n| n > 0)?;
        } else if arg.starts_with('-') && arg.len() > 1 {
            return None;
        } else {
            positional.push(arg);
        }
    }
    let [scheme, host, port, target]: [String; 4] = positional.try_into().ok()?;
    let port = port.parse().ok()?;
    // A request line may not hold a line break: it would be two requests.
    if host.is_empty() || target.contains(['\r', '\n']) || host.contains(['\r', '\n']) {
        return None;
    }
    let request = match scheme.as_str() {
        "gopher" => Request::Stream(format!("{target}\r\n").into_bytes()),
        "http" => {
            if !target.starts_with('/') || target.contains(' ') {
                return None;
            }
            Request::Stream(
                format!("GET {target} HTTP/1.1\r\nHost: {host}\r\nConnection: close\r\n\r\n")
                    .into_bytes(),
            )
        }
        "ftp" => {
            if target.is_empty() {
                return None;
            }
            Request::Ftp(target)
        }
        _ => return None,
    };
    Some(Args {
        host,
        port,
        request,
        times,
        verbose,
    })
}

/// Reads `stream` to its end into `buf`; returns the bytes read.
fn read_to_end(stream: &mut TcpStream, buf: &mut [u8]) -> io::Result<u64> {
    let mut total = 0u64;
    loop {
        match stream.read(buf) {
            Ok(0) => return Ok(total),
            Ok(n) => total += n as u64,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
            Err(e) => return Err(e),
        }
    }
}

/// One Gopher or HTTP connection: sends `request`, reads to EOF into
/// `buf`; returns the bytes read.
fn drain_once(host: &str, port: u16, request: &[u8], buf: &mut [u8]) -> io::Result<u64> {
    let mut stream = TcpStream::connect((host, port))?;
    stream.write_all(request)?;
    read_to_end(&mut stream, buf)
}

/// An error with this message (an unexpected FTP reply, a reply that is
/// not one).
fn protocol_error(message: String) -> io::Error {
    io::Error::new(io::ErrorKind::InvalidData, message)
}

/// `e`, or when it is a read timeout (`WouldBlock` or `TimedOut`, as
/// the platform says it) an error that says so, waiting for `what`.
fn timed_out(e: io::Error, what: &str) -> io::Error {
    match e.kind() {
        io::ErrorKind::WouldBlock | io::ErrorKind::TimedOut => io::Error::new(
            io::ErrorKind::TimedOut,
            format!("no {what} within {} s", FTP_TIMEOUT.as_secs()),
        ),
        _ => e,
    }
}

/// Connects to the first of `addrs` that answers within [`FTP_TIMEOUT`],
/// and sets that timeout for the connection's reads and writes.
fn connect_bounded(addrs: impl ToSocketAddrs) -> io::Result<TcpStream> {
    let mut last = None;
    for addr in addrs.to_socket_addrs()? {
        match TcpStream::connect_timeout(&addr, FTP_TIMEOUT) {
            Ok(stream) => {
                stream.set_read_timeout(Some(FTP_TIMEOUT))?;
                stream.set_write_timeout(Some(FTP_TIMEOUT))?;
                return Ok(stream);
            }
            Err(e) => last = Some(e),
        }
    }
    Err(last.unwrap_or_else(|| io::Error::new(io::ErrorKind::NotFound, "no address")))
}

/// One FTP reply: its code and its text (every line, lossily decoded,
/// joined by `\n`; for error messages and for the passive address).
#[derive(Debug)]
struct Reply {
    /// The three-digit code.
    code: u16,
    /// The reply's lines as received, without their line ends.
    text: String,
}

/// The control connection of an FTP session.
struct Control {
    /// The connection, buffered for reading replies line by line (writes
    /// go to the stream underneath, unbuffered).
    reader: BufReader<TcpStream>,
}

impl Control {
    /// Reads one line (at most [`FTP_LINE_MAX`] bytes) and returns it
    /// without its `\n` or `\r\n`.
    fn line(&mut self) -> io::Result<Vec<u8>> {
        let mut line = Vec::new();
        (&mut self.reader)
            .take(FTP_LINE_MAX)
            .read_until(b'\n', &mut line)
            .map_err(|e| timed_out(e, "reply"))?;
        if line.last() != Some(&b'\n') {
            return Err(if line.len() as u64 >= FTP_LINE_MAX {
                protocol_error(format!("a reply line longer than {FTP_LINE_MAX} bytes"))
            } else {
                io::Error::new(
                    io::ErrorKind::UnexpectedEof,
                    "the server closed the control connection",
                )
            });
        }
        line.pop();
        if line.last() == Some(&b'\r') {
            line.pop();
        }
        Ok(line)
    }

    /// Reads one reply, multi-line or not (RFC 959, 4.2: `NNN-` starts a
    /// multi-line reply; it ends at a line that starts with `NNN ` with the
    /// same code).
    fn reply(&mut self) -> io::Result<Reply> {
        let first = self.line()?;
        let text = String::from_utf8_lossy(&first).into_owned();
        let code = match first.get(..3) {
            Some(&[a, b, c])
                if (b'1'..=b'5').contains(&a) && b.is_ascii_digit() && c.is_ascii_digit() =>
            {
                [a, b, c]
                    .iter()
                    .fold(0u16, |code, d| code * 10 + u16::from(d - b'0'))
            }
            _ => return Err(protocol_error(format!("not an FTP reply: {text:?}"))),
        };
        let mut reply = Reply { code, text };
        match first.get(3) {
            None | Some(b' ') => return Ok(reply),
            Some(b'-') => {}
            Some(_) => {
                return Err(protocol_error(format!(
                    "not an FTP reply: {:?}",
                    reply.text
                )));
            }
        }
        let end = format!("{code} ");
        for _ in 1..FTP_REPLY_LINES_MAX {
            let line = self.line()?;
            reply.text.push('\n');
            reply.text.push_str(&String::from_utf8_lossy(&line));
            if line.starts_with(end.as_bytes()) || line == end.trim_end().as_bytes() {
                return Ok(reply);
            }
        }
        Err(protocol_error(format!(
            "a reply {code} of more than {FTP_REPLY_LINES_MAX} lines"
        )))
    }

    /// Reads one reply and checks that its code is one of `want`; `what`
    /// names what it answers, for the error.
    fn expect(&mut self, what: &str, want: &[u16]) -> io::Result<Reply> {
        let reply = self.reply()?;
        if want.contains(&reply.code) {
            Ok(reply)
        } else {
            Err(unexpected(what, &reply))
        }
    }

    /// Sends one command line (CRLF added), in one write.
    fn send(&mut self, command: &str) -> io::Result<()> {
        self.reader
            .get_mut()
            .write_all(format!("{command}\r\n").as_bytes())
    }

    /// Sends `command` and reads its reply.
    fn command(&mut self, command: &str) -> io::Result<Reply> {
        self.send(command)?;
        self.reply()
    }
}

/// The error for a reply that was not one of those expected to `what`.
fn unexpected(what: &str, reply: &Reply) -> io::Error {
    protocol_error(format!("unexpected reply to {what}: {}", reply.text))
}

/// The port of a 229 reply: `(|||port|)` (RFC 2428, 3), `|` or any other
/// printable delimiter that is not a digit.
fn epsv_port(text: &str) -> Option<u16> {
    let open = text.find('(')?;
    let inner = text.get(open + 1..)?;
    let close = inner.find(')')?;
    let inner = inner.get(..close)?;
    let delimiter = inner.chars().next()?;
    if delimiter.is_ascii_digit() || !delimiter.is_ascii_graphic() {
        return None;
    }
    let parts: Vec<&str> = inner.split(delimiter).collect();
    match parts.as_slice() {
        ["", "", "", port, ""] => port.parse().ok().filter(|&p| p != 0),
        _ => None,
    }
}

/// The port of a 227 reply: the last two of the six numbers
/// `h1,h2,h3,h4,p1,p2` (the address in it is not used).
fn pasv_port(text: &str) -> Option<u16> {
    // The text after the code: its first digit starts the numbers.
    let rest = text.get(3..)?;
    let start = rest.find(|c: char| c.is_ascii_digit())?;
    let rest = rest.get(start..)?;
    let end = rest
        .find(|c: char| !(c.is_ascii_digit() || c == ','))
        .unwrap_or(rest.len());
    let numbers: Vec<u8> = rest
        .get(..end)?
        .split(',')
        .map(|n| n.parse().ok())
        .collect::<Option<_>>()?;
    match numbers.as_slice() {
        [_, _, _, _, p1, p2] => Some(u16::from(*p1) * 256 + u16::from(*p2)).filter(|&p| p != 0),
        _ => None,
    }
}

/// One FTP session (see the module's documentation): retrieves `path`
/// into `buf`; returns the bytes of the data connection.
fn drain_ftp(host: &str, port: u16, path: &str, buf: &mut [u8]) -> io::Result<u64> {
    let stream = connect_bounded((host, port))?;
    let peer: IpAddr = stream.peer_addr()?.ip();
    let mut control = Control {
        reader: BufReader::new(stream),
    };
    control.expect("the connection (greeting)", &[220])?;
    let user = control.command("USER anonymous")?;
    match user.code {
        230 => {}
        331 => {
            control.send("PASS drain@")?;
            control.expect("PASS", &[230])?;
        }
        _ => return Err(unexpected("USER anonymous", &user)),
    }
    control.send("TYPE I")?;
    control.expect("TYPE I", &[200])?;
    let epsv = control.command("EPSV")?;
    let data_port = match epsv.code {
        229 => epsv_port(&epsv.text).ok_or_else(|| {
            protocol_error(format!("no port in the reply to EPSV: {}", epsv.text))
        })?,
        400..=599 => {
            let pasv = control.command("PASV")?;
            if pasv.code != 227 {
                return Err(unexpected("PASV (after EPSV was refused)", &pasv));
            }
            pasv_port(&pasv.text).ok_or_else(|| {
                protocol_error(format!("no port in the reply to PASV: {}", pasv.text))
            })?
        }
        _ => return Err(unexpected("EPSV", &epsv)),
    };
    let data_addr = SocketAddr::new(peer, data_port);
    let mut data = connect_bounded(data_addr).map_err(|e| {
        io::Error::new(e.kind(), format!("the data connection to {data_addr}: {e}"))
    })?;
    control.send(&format!("RETR {path}"))?;
    control.expect("RETR", &[150, 125])?;
    let total = read_to_end(&mut data, buf).map_err(|e| timed_out(e, "data"))?;
    drop(data);
    control.expect("RETR (the end of the transfer)", &[226, 250])?;
    control.send("QUIT")?;
    Ok(total)
}

/// Runs the command line; see the module's documentation.
fn main() -> ExitCode {
    let Some(args) = parse_args(std::env::args().skip(1)) else {
        eprintln!("{USAGE}");
        return ExitCode::from(2);
    };
    let mut buf = vec![0u8; BUFFER];
    let mut total = 0u64;
    for i in 0..args.times {
        let result = match &args.request {
            Request::Stream(request) => drain_once(&args.host, args.port, request, &mut buf),
            Request::Ftp(path) => drain_ftp(&args.host, args.port, path, &mut buf),
        };
        match result {
            Ok(n) => total += n,
            Err(e) => {
                eprintln!(
                    "drain: {}:{} (connection {} of {}): {e}",
                    args.host,
                    args.port,
                    i + 1,
                    args.times
                );
                return ExitCode::from(1);
            }
        }
    }
    if args.verbose {
        eprintln!("{total}");
    }
    ExitCode::SUCCESS
}
