//! `drain`: the least work a client can do for one Gopher or HTTP
//! transfer, the floor that `scripts/bench-access.sh` times beside
//! `uniform fetch` and curl.
//!
//! ```text
//! drain gopher HOST PORT SELECTOR [--times N] [-v]
//! drain http HOST PORT PATH [--times N] [-v]
//! ```
//!
//! It connects, sends one request in one write (Gopher: `SELECTOR\r\n`;
//! HTTP: `GET PATH HTTP/1.1`, `Host: HOST` and `Connection: close`), and
//! reads to the end of the stream into one 512 KiB buffer that nothing
//! reads: no parsing, no output, no check of the answer. An HTTP count
//! includes the response's header. `--times N` makes the whole connection
//! N times, one after another (a new connection each time, also for
//! HTTP). `-v` prints the bytes read (all connections together) to
//! standard error. Exit 0 when every connection was read to its end, 1
//! on an I/O error, 2 on bad arguments (with the usage).
#![forbid(unsafe_code)]

use std::io::{self, Read, Write};
use std::net::TcpStream;
use std::process::ExitCode;

/// The size of the one read buffer, as the brief of the floor asks: large
/// enough that the number of `read` calls is not what is measured.
const BUFFER: usize = 512 * 1024;

/// The usage, printed to standard error on bad arguments.
const USAGE: &str = "usage: drain gopher HOST PORT SELECTOR [--times N] [-v]
       drain http HOST PORT PATH [--times N] [-v]
Sends one request, reads to EOF into a buffer, writes nothing;
--times N: N connections one after another; -v: the byte count to stderr.";

/// The protocol of the one request sent.
#[derive(Debug, Clone, Copy)]
enum Scheme {
    /// Gopher (RFC 1436): the selector and CRLF.
    Gopher,
    /// HTTP/1.1: a minimal GET that asks the server to close.
    Http,
}

/// What the command line asks for.
#[derive(Debug)]
struct Args {
    /// The host to connect to (a name or an address).
    host: String,
    /// The TCP port.
    port: u16,
    /// The whole request, as sent in one write.
    request: Vec<u8>,
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
    let scheme = match scheme.as_str() {
        "gopher" => Scheme::Gopher,
        "http" => Scheme::Http,
        _ => return None,
    };
    let port = port.parse().ok()?;
    // A request line may not hold a line break: it would be two requests.
    if host.is_empty() || target.contains(['\r', '\n']) || host.contains(['\r', '\n']) {
        return None;
    }
    let request = match scheme {
        Scheme::Gopher => format!("{target}\r\n"),
        Scheme::Http => {
            if !target.starts_with('/') || target.contains(' ') {
                return None;
            }
            format!("GET {target} HTTP/1.1\r\nHost: {host}\r\nConnection: close\r\n\r\n")
        }
    };
    Some(Args {
        host,
        port,
        request: request.into_bytes(),
        times,
        verbose,
    })
}

/// One connection: sends `request`, reads to EOF into `buf`; returns the
/// bytes read.
fn drain_once(host: &str, port: u16, request: &[u8], buf: &mut [u8]) -> io::Result<u64> {
    let mut stream = TcpStream::connect((host, port))?;
    stream.write_all(request)?;
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

/// Runs the command line; see the module's documentation.
fn main() -> ExitCode {
    let Some(args) = parse_args(std::env::args().skip(1)) else {
        eprintln!("{USAGE}");
        return ExitCode::from(2);
    };
    let mut buf = vec![0u8; BUFFER];
    let mut total = 0u64;
    for i in 0..args.times {
        match drain_once(&args.host, args.port, &args.request, &mut buf) {
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
