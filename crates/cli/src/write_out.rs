//! curl's `-w`/`--write-out FORMAT`, for `uniform fetch` to run after each
//! transfer.
//!
//! The format language is curl's (tool_writeout.c): `%{name}` variables,
//! `%header{name}`, `%%`, and the escapes `\n`, `\r`, `\t`. Where curl's
//! manual is silent the behaviour follows its code, so that a format
//! written for curl gives the same bytes here: a `%` or `\` that starts
//! nothing known is copied with the byte after it, and `%{` or
//! `%header{` with no `}` after it is copied and the rest read on.
//!
//! [`render`] only builds bytes: the caller writes them, and prints the
//! warnings, so that the engine can be tested without a terminal and the
//! command decides when its streams are flushed.
//!
//! Unlike curl's, a variable's text (a URL, a header, a file name, an
//! error) is shown with what would act on a terminal escaped, as every
//! line Uniform prints (`uniform::visible`); `%{json}` escapes the same
//! characters by JSON's rules. The format's own text is the user's and
//! stays as written, its `\n` and `\t` included.

use std::io::{self, Read, Write as _};
use std::net::IpAddr;
use std::path::{Path, PathBuf};
use std::time::Duration;

/// The HTTP version a response came in, as `%{http_version}` shows it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum HttpVersion {
    /// HTTP/1.0, shown as `1`.
    Http10,
    /// HTTP/1.1, shown as `1.1`.
    Http11,
    /// HTTP/2, shown as `2`.
    Http2,
    /// HTTP/3, shown as `3`.
    Http3,
}

impl HttpVersion {
    /// curl's text for the version (its `http_version` map).
    fn as_str(self) -> &'static str {
        match self {
            HttpVersion::Http10 => "1",
            HttpVersion::Http11 => "1.1",
            HttpVersion::Http2 => "2",
            HttpVersion::Http3 => "3",
        }
    }
}

/// What one transfer did, as the write-out variables show it.
///
/// Each field is the variable of the same name. A number the transfer
/// does not have stays 0 and a string `None`: curl prints those as `0`
/// and as nothing (`null` in `%{json}`), so the default is a transfer
/// that did nothing.
#[derive(Default, Clone, Debug)]
pub(crate) struct Transfer {
    /// `response_code` and `http_code`: the last response's status code
    /// (FTP's reply code too); printed with three digits, `000` for none.
    pub response_code: u16,
    /// `http_version`: `None` for a transfer with no HTTP response, which
    /// curl shows as `0`.
    pub http_version: Option<HttpVersion>,
    /// `size_download`: body octets received.
    pub size_download: u64,
    /// `size_header`: octets of the response headers received.
    pub size_header: u64,
    /// `size_upload`: body octets sent.
    pub size_upload: u64,
    /// `size_request`: octets of the request sent.
    pub size_request: u64,
    /// `speed_download`: the average download speed, octets a second.
    pub speed_download: u64,
    /// `speed_upload`: the average upload speed, octets a second.
    pub speed_upload: u64,
    /// `time_total`: from the start to the end of the whole operation.
    pub time_total: Duration,
    /// `time_namelookup`: from the start until the name was resolved.
    pub time_namelookup: Duration,
    /// `time_connect`: from the start until the TCP connection was made.
    pub time_connect: Duration,
    /// `time_appconnect`: from the start until the TLS handshake was done
    /// (zero without TLS).
    pub time_appconnect: Duration,
    /// `time_pretransfer`: from the start until the transfer was about to
    /// begin.
    pub time_pretransfer: Duration,
    /// `time_starttransfer`: from the start until the first response
    /// octet.
    pub time_starttransfer: Duration,
    /// `time_redirect`: the time taken by the redirects before the last
    /// request.
    pub time_redirect: Duration,
    /// `url`: the URL as given on the command line.
    pub url: Option<String>,
    /// `url_effective`: the URL last fetched (after redirects).
    pub url_effective: Option<String>,
    /// `content_type`: the last response's Content-Type.
    pub content_type: Option<String>,
    /// `num_redirects`: the redirects followed.
    pub num_redirects: u32,
    /// `num_connects`: the new connections made.
    pub num_connects: u32,
    /// `redirect_url`: where the last response redirected to, when the
    /// redirect was not followed.
    pub redirect_url: Option<String>,
    /// `remote_ip`: the peer of the last connection (IPv6 without
    /// brackets, as curl shows it).
    pub remote_ip: Option<IpAddr>,
    /// `remote_port`: the peer's port of the last connection.
    pub remote_port: u16,
    /// `local_ip`: the local address of the last connection.
    pub local_ip: Option<IpAddr>,
    /// `local_port`: the local port of the last connection.
    pub local_port: u16,
    /// `scheme`: the scheme last used, in any case; printed upper-case as
    /// curl 7.52 to 8.7 print it (`HTTP`).
    pub scheme: Option<String>,
    /// `method`: the method of the last request.
    pub method: Option<String>,
    /// `filename_effective`: the file the body was written to.
    pub filename_effective: Option<PathBuf>,
    /// `exitcode`: the transfer's exit status (0 for success).
    pub exitcode: u8,
    /// `errormsg`: why the transfer failed; `None` when it did not.
    pub errormsg: Option<String>,
    /// `ssl_verify_result`: the certificate check's result (0 for
    /// success).
    pub ssl_verify_result: i64,
    /// `urlnum`: the 0-based index of the URL on the command line.
    pub urlnum: usize,
    /// The last response's header fields in the order received, names as
    /// received: `%header{name}`, `%{header_json}`, and `num_headers`
    /// (their count; the status line is no header field).
    pub headers: Vec<(String, String)>,
}

/// What a format gave for one transfer.
#[derive(Default, Clone, Debug, PartialEq, Eq)]
pub(crate) struct Rendered {
    /// Bytes for standard output, in order.
    pub out: Vec<u8>,
    /// Bytes for standard error (after `%{stderr}`), in order.
    pub err: Vec<u8>,
    /// Messages for standard error, without newlines, one per unknown
    /// variable: `uniform: unknown --write-out variable: 'name'`.
    pub warnings: Vec<String>,
}

/// The format an `-w` argument gives: the argument itself, or, after `@`,
/// the text of a file, or of standard input for `@-`.
///
/// curl drops every CR and LF of a format read from a file (its
/// `file2string`), so that a file may end in a newline, or split a long
/// format over lines, without printing them; `\n` prints one.
pub(crate) fn read_format(arg: &str) -> io::Result<String> {
    let Some(source) = arg.strip_prefix('@') else {
        return Ok(arg.to_owned());
    };
    let read = if source == "-" {
        let mut text = String::new();
        io::stdin().lock().read_to_string(&mut text).map(|_| text)
    } else {
        std::fs::read_to_string(source)
    };
    // An io::Error names no file: say which, as curl's "Failed to open".
    let mut text = read.map_err(|e| {
        let name = if source == "-" {
            "standard input"
        } else {
            source
        };
        io::Error::new(e.kind(), format!("{name}: {e}"))
    })?;
    text.retain(|c| c != '\r' && c != '\n');
    Ok(text)
}

/// The bytes and warnings `format` gives for `t`.
pub(crate) fn render(format: &str, t: &Transfer) -> Rendered {
    let mut r = Rendered::default();
    let mut to_err = false;
    let bytes = format.as_bytes();
    let mut i = 0;
    while i < bytes.len() {
        // Copy the text up to the next `%` or `\` in one piece.
        let special = bytes[i..]
            .iter()
            .position(|&b| b == b'%' || b == b'\\')
            .map_or(bytes.len(), |n| i + n);
        let out = if to_err { &mut r.err } else { &mut r.out };
        out.extend_from_slice(&bytes[i..special]);
        i = special;
        let Some(&b) = bytes.get(i) else { break };
        let next = bytes.get(i + 1).copied();
        if b == b'\\' {
            match next {
                Some(b'n') => out.push(b'\n'),
                Some(b'r') => out.push(b'\r'),
                Some(b't') => out.push(b'\t'),
                // curl copies any other pair as it is, `\\` included; the
                // pair is taken whole, so `\\n` stays `\\n`.
                Some(c) => out.extend_from_slice(&[b'\\', c]),
                None => out.push(b'\\'),
            }
            i += 2;
            continue;
        }
        match next {
            None => {
                out.push(b'%');
                i += 1;
            }
            Some(b'%') => {
                out.push(b'%');
                i += 2;
            }
            Some(b'{') => {
                let start = i + 2;
                let Some(end) = find_brace(bytes, start) else {
                    out.extend_from_slice(b"%{");
                    i = start;
                    continue;
                };
                i = end + 1;
                // `{` and `}` are ASCII, so both ends are char boundaries.
                match &format[start..end] {
                    "stdout" => to_err = false,
                    "stderr" => to_err = true,
                    "onerror" if t.exitcode == 0 => break,
                    "onerror" => {}
                    "json" => json(out, t),
                    "header_json" => header_json(out, t),
                    name => match lookup(name) {
                        Some(var) => var.value(t).write(out),
                        None => r
                            .warnings
                            .push(format!("uniform: unknown --write-out variable: '{name}'")),
                    },
                }
            }
            Some(_) if bytes[i + 1..].starts_with(b"header{") => {
                let start = i + 8;
                let Some(end) = find_brace(bytes, start) else {
                    out.extend_from_slice(b"%header{");
                    i = start;
                    continue;
                };
                header(out, t, &format[start..end]);
                i = end + 1;
            }
            // Not a directive: curl copies the `%` and the byte after it
            // (a UTF-8 lead byte's continuation bytes follow as text).
            Some(c) => {
                out.extend_from_slice(&[b'%', c]);
                i += 2;
            }
        }
    }
    r
}

/// The index of the first `}` at or after `from`.
fn find_brace(bytes: &[u8], from: usize) -> Option<usize> {
    bytes[from..]
        .iter()
        .position(|&b| b == b'}')
        .map(|n| from + n)
}

/// The values of the header fields named `name` (in any case), trimmed as
/// curl's header API trims them.
fn header_values<'t>(t: &'t Transfer, name: &'t str) -> impl Iterator<Item = &'t str> {
    t.headers
        .iter()
        .filter(move |(n, _)| n.eq_ignore_ascii_case(name))
        .map(|(_, v)| v.trim_ascii())
}

/// Appends `%header{name}`: every value of the field, joined by `", "`
/// (a list field's values combine so, RFC 9110 section 5.3).
fn header(out: &mut Vec<u8>, t: &Transfer, name: &str) {
    for (k, v) in header_values(t, name).enumerate() {
        if k > 0 {
            out.extend_from_slice(b", ");
        }
        visible(out, v.as_bytes());
    }
}

/// Appends `%{header_json}` as curl writes it: names lower-cased, in the
/// order of their first field, each with the array of its values, one
/// name a line.
fn header_json(out: &mut Vec<u8>, t: &Transfer) {
    out.push(b'{');
    let mut first = true;
    for (k, (name, _)) in t.headers.iter().enumerate() {
        // A name already written took all its values with it. Quadratic,
        // but a response has tens of fields, not thousands.
        if t.headers[..k]
            .iter()
            .any(|(n, _)| n.eq_ignore_ascii_case(name))
        {
            continue;
        }
        if !first {
            out.extend_from_slice(b",\n");
        }
        first = false;
        crate::json::string(out, &name.to_ascii_lowercase());
        out.extend_from_slice(b":[");
        for (j, v) in header_values(t, name).enumerate() {
            if j > 0 {
                out.push(b',');
            }
            crate::json::string(out, v);
        }
        out.push(b']');
    }
    out.extend_from_slice(b"\n}");
}

/// Appends `%{json}`: every variable of [`VARS`], in its (alphabetical)
/// order as curl writes them.
fn json(out: &mut Vec<u8>, t: &Transfer) {
    out.push(b'{');
    for (k, (name, var)) in VARS.iter().enumerate() {
        if k > 0 {
            out.push(b',');
        }
        crate::json::string(out, name);
        out.push(b':');
        var.value(t).write_json(out);
    }
    out.push(b'}');
}

/// A write-out variable: each is the one of its name in snake case, but
/// for `http_code`, which curl keeps as another name of `response_code`.
#[derive(Clone, Copy, Debug)]
enum Var {
    ContentType,
    Errormsg,
    Exitcode,
    FilenameEffective,
    HttpVersion,
    LocalIp,
    LocalPort,
    Method,
    NumConnects,
    NumHeaders,
    NumRedirects,
    RedirectUrl,
    RemoteIp,
    RemotePort,
    ResponseCode,
    Scheme,
    SizeDownload,
    SizeHeader,
    SizeRequest,
    SizeUpload,
    SpeedDownload,
    SpeedUpload,
    SslVerifyResult,
    TimeAppconnect,
    TimeConnect,
    TimeNamelookup,
    TimePretransfer,
    TimeRedirect,
    TimeStarttransfer,
    TimeTotal,
    Url,
    UrlEffective,
    Urlnum,
}

/// The variables by name, sorted for the binary search and for the key
/// order of `%{json}` (curl's). Names match case-sensitively, as since
/// curl 8.9.
const VARS: [(&str, Var); 34] = [
    ("content_type", Var::ContentType),
    ("errormsg", Var::Errormsg),
    ("exitcode", Var::Exitcode),
    ("filename_effective", Var::FilenameEffective),
    ("http_code", Var::ResponseCode),
    ("http_version", Var::HttpVersion),
    ("local_ip", Var::LocalIp),
    ("local_port", Var::LocalPort),
    ("method", Var::Method),
    ("num_connects", Var::NumConnects),
    ("num_headers", Var::NumHeaders),
    ("num_redirects", Var::NumRedirects),
    ("redirect_url", Var::RedirectUrl),
    ("remote_ip", Var::RemoteIp),
    ("remote_port", Var::RemotePort),
    ("response_code", Var::ResponseCode),
    ("scheme", Var::Scheme),
    ("size_download", Var::SizeDownload),
    ("size_header", Var::SizeHeader),
    ("size_request", Var::SizeRequest),
    ("size_upload", Var::SizeUpload),
    ("speed_download", Var::SpeedDownload),
    ("speed_upload", Var::SpeedUpload),
    ("ssl_verify_result", Var::SslVerifyResult),
    ("time_appconnect", Var::TimeAppconnect),
    ("time_connect", Var::TimeConnect),
    ("time_namelookup", Var::TimeNamelookup),
    ("time_pretransfer", Var::TimePretransfer),
    ("time_redirect", Var::TimeRedirect),
    ("time_starttransfer", Var::TimeStarttransfer),
    ("time_total", Var::TimeTotal),
    ("url", Var::Url),
    ("url_effective", Var::UrlEffective),
    ("urlnum", Var::Urlnum),
];

/// The variable called `name`.
fn lookup(name: &str) -> Option<Var> {
    VARS.binary_search_by(|(n, _)| (*n).cmp(name))
        .ok()
        .map(|k| VARS[k].1)
}

/// A variable's value, with how curl prints it.
enum Value<'t> {
    /// Text; nothing (`null` in JSON) when absent.
    Text(Option<&'t str>),
    /// Text printed upper-case.
    Upper(Option<&'t str>),
    /// A file name: its bytes as they are, or lossy UTF-8 in JSON.
    Path(Option<&'t Path>),
    /// An address, printed as text.
    Ip(Option<IpAddr>),
    /// A count or size.
    Unsigned(u64),
    /// A signed code.
    Signed(i64),
    /// A status code: three digits, but a plain number in JSON.
    Status(u16),
    /// Seconds with six decimals, a number in JSON too.
    Time(Duration),
}

impl Var {
    /// This variable's value in `t`.
    fn value(self, t: &Transfer) -> Value<'_> {
        match self {
            Var::ContentType => Value::Text(t.content_type.as_deref()),
            Var::Errormsg => Value::Text(t.errormsg.as_deref()),
            Var::Exitcode => Value::Unsigned(t.exitcode.into()),
            Var::FilenameEffective => Value::Path(t.filename_effective.as_deref()),
            // curl's map has "0" for no version, so it is never null.
            Var::HttpVersion => Value::Text(Some(t.http_version.map_or("0", HttpVersion::as_str))),
            Var::LocalIp => Value::Ip(t.local_ip),
            Var::LocalPort => Value::Unsigned(t.local_port.into()),
            Var::Method => Value::Text(t.method.as_deref()),
            Var::NumConnects => Value::Unsigned(t.num_connects.into()),
            Var::NumHeaders => Value::Unsigned(t.headers.len() as u64),
            Var::NumRedirects => Value::Unsigned(t.num_redirects.into()),
            Var::RedirectUrl => Value::Text(t.redirect_url.as_deref()),
            Var::RemoteIp => Value::Ip(t.remote_ip),
            Var::RemotePort => Value::Unsigned(t.remote_port.into()),
            Var::ResponseCode => Value::Status(t.response_code),
            Var::Scheme => Value::Upper(t.scheme.as_deref()),
            Var::SizeDownload => Value::Unsigned(t.size_download),
            Var::SizeHeader => Value::Unsigned(t.size_header),
            Var::SizeRequest => Value::Unsigned(t.size_request),
            Var::SizeUpload => Value::Unsigned(t.size_upload),
            Var::SpeedDownload => Value::Unsigned(t.speed_download),
            Var::SpeedUpload => Value::Unsigned(t.speed_upload),
            Var::SslVerifyResult => Value::Signed(t.ssl_verify_result),
            Var::TimeAppconnect => Value::Time(t.time_appconnect),
            Var::TimeConnect => Value::Time(t.time_connect),
            Var::TimeNamelookup => Value::Time(t.time_namelookup),
            Var::TimePretransfer => Value::Time(t.time_pretransfer),
            Var::TimeRedirect => Value::Time(t.time_redirect),
            Var::TimeStarttransfer => Value::Time(t.time_starttransfer),
            Var::TimeTotal => Value::Time(t.time_total),
            Var::Url => Value::Text(t.url.as_deref()),
            Var::UrlEffective => Value::Text(t.url_effective.as_deref()),
            Var::Urlnum => Value::Unsigned(t.urlnum as u64),
        }
    }
}

impl Value<'_> {
    /// Appends the value as `%{name}` prints it.
    fn write(&self, out: &mut Vec<u8>) {
        // Writes to a Vec cannot fail.
        let _ = match *self {
            Value::Text(s) => {
                visible(out, s.unwrap_or_default().as_bytes());
                Ok(())
            }
            Value::Upper(s) => {
                visible(out, s.unwrap_or_default().to_ascii_uppercase().as_bytes());
                Ok(())
            }
            Value::Path(p) => {
                // The name as the system gave it, as curl prints a name it
                // was given, but for what would act on a terminal.
                if let Some(p) = p {
                    visible(out, p.as_os_str().as_encoded_bytes());
                }
                Ok(())
            }
            Value::Ip(Some(ip)) => write!(out, "{ip}"),
            Value::Ip(None) => Ok(()),
            Value::Unsigned(n) => write!(out, "{n}"),
            Value::Signed(n) => write!(out, "{n}"),
            Value::Status(n) => write!(out, "{n:03}"),
            Value::Time(d) => write_time(out, d),
        };
    }

    /// Appends the value as `%{json}` gives it.
    fn write_json(&self, out: &mut Vec<u8>) {
        match *self {
            Value::Text(Some(s)) => crate::json::string(out, s),
            Value::Upper(Some(s)) => crate::json::string(out, &s.to_ascii_uppercase()),
            Value::Path(Some(p)) => crate::json::string(out, &p.to_string_lossy()),
            Value::Ip(Some(ip)) => crate::json::string(out, &ip.to_string()),
            Value::Text(None) | Value::Upper(None) | Value::Path(None) | Value::Ip(None) => {
                out.extend_from_slice(b"null")
            }
            Value::Status(n) => {
                let _ = write!(out, "{n}");
            }
            Value::Unsigned(_) | Value::Signed(_) | Value::Time(_) => self.write(out),
        }
    }
}

/// Appends `text` as a variable shows it: escaped by
/// `uniform::visible::escaped`, and each byte that is not UTF-8 (a file
/// name may hold one) as `\xFF`, as the same escaping spells a control.
fn visible(out: &mut Vec<u8>, text: &[u8]) {
    for chunk in text.utf8_chunks() {
        out.extend_from_slice(uniform::visible::escaped(chunk.valid()).as_bytes());
        for b in chunk.invalid() {
            let _ = write!(out, "\\x{b:02X}");
        }
    }
}

/// Appends `d` as curl prints a time: seconds, a point and six digits of
/// microseconds, truncated (curl divides its microsecond count).
fn write_time(out: &mut Vec<u8>, d: Duration) -> io::Result<()> {
    write!(out, "{}.{:06}", d.as_secs(), d.subsec_micros())
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::Value as Json;
    use std::net::{Ipv4Addr, Ipv6Addr};

    /// A transfer with every field set to a value of its own.
    fn sample() -> Transfer {
        Transfer {
            response_code: 200,
            http_version: Some(HttpVersion::Http11),
            size_download: 1234,
            size_header: 210,
            size_upload: 17,
            size_request: 78,
            speed_download: 98765,
            speed_upload: 432,
            time_total: Duration::from_micros(1_234_567),
            time_namelookup: Duration::from_micros(1_500),
            time_connect: Duration::from_micros(2_000),
            time_appconnect: Duration::from_micros(3_000),
            time_pretransfer: Duration::from_micros(3_100),
            time_starttransfer: Duration::from_micros(45_678),
            time_redirect: Duration::from_micros(10),
            url: Some("http://example.com/a".into()),
            url_effective: Some("http://example.com/b".into()),
            content_type: Some("text/html; charset=utf-8".into()),
            num_redirects: 1,
            num_connects: 2,
            redirect_url: Some("http://example.com/c".into()),
            remote_ip: Some(IpAddr::V4(Ipv4Addr::new(192, 0, 2, 1))),
            remote_port: 80,
            local_ip: Some(IpAddr::V6(Ipv6Addr::LOCALHOST)),
            local_port: 54321,
            scheme: Some("http".into()),
            method: Some("GET".into()),
            filename_effective: Some(PathBuf::from("out.html")),
            exitcode: 3,
            errormsg: Some("the \"URL\" failed".into()),
            ssl_verify_result: -1,
            urlnum: 4,
            headers: vec![
                ("Content-Type".into(), "text/html; charset=utf-8".into()),
                ("Set-Cookie".into(), " a=1 ".into()),
                ("X-Dup".into(), "one".into()),
                ("set-cookie".into(), "b=2".into()),
            ],
        }
    }

    /// What `format` prints on standard output for `t`, with no warning
    /// and nothing on standard error.
    fn out(format: &str, t: &Transfer) -> String {
        let r = render(format, t);
        assert!(r.warnings.is_empty(), "{format:?}: {:?}", r.warnings);
        assert!(r.err.is_empty(), "{format:?}");
        String::from_utf8(r.out).unwrap()
    }

    #[test]
    fn every_variable() {
        let t = sample();
        let cases = [
            ("response_code", "200"),
            ("http_code", "200"),
            ("http_version", "1.1"),
            ("size_download", "1234"),
            ("size_header", "210"),
            ("size_upload", "17"),
            ("size_request", "78"),
            ("speed_download", "98765"),
            ("speed_upload", "432"),
            ("time_total", "1.234567"),
            ("time_namelookup", "0.001500"),
            ("time_connect", "0.002000"),
            ("time_appconnect", "0.003000"),
            ("time_pretransfer", "0.003100"),
            ("time_starttransfer", "0.045678"),
            ("time_redirect", "0.000010"),
            ("url", "http://example.com/a"),
            ("url_effective", "http://example.com/b"),
            ("content_type", "text/html; charset=utf-8"),
            ("num_redirects", "1"),
            ("num_connects", "2"),
            ("num_headers", "4"),
            ("redirect_url", "http://example.com/c"),
            ("remote_ip", "192.0.2.1"),
            ("remote_port", "80"),
            ("local_ip", "::1"),
            ("local_port", "54321"),
            ("scheme", "HTTP"),
            ("method", "GET"),
            ("filename_effective", "out.html"),
            ("exitcode", "3"),
            ("errormsg", "the \"URL\" failed"),
            ("ssl_verify_result", "-1"),
            ("urlnum", "4"),
        ];
        assert_eq!(cases.len(), VARS.len(), "a case for every name");
        for (name, want) in cases {
            assert_eq!(
                out(&format!("<%{{{name}}}>"), &t),
                format!("<{want}>"),
                "{name}"
            );
        }
    }

    #[test]
    fn absent_values_print_as_curl_prints_them() {
        let t = Transfer::default();
        for (name, _) in VARS {
            let want = match name {
                "response_code" | "http_code" => "000",
                "http_version" => "0",
                n if n.starts_with("time_") => "0.000000",
                "content_type" | "errormsg" | "filename_effective" | "local_ip" | "method"
                | "redirect_url" | "remote_ip" | "scheme" | "url" | "url_effective" => "",
                _ => "0",
            };
            assert_eq!(out(&format!("%{{{name}}}"), &t), want, "{name}");
        }
    }

    #[test]
    fn http_versions() {
        for (v, want) in [
            (HttpVersion::Http10, "1"),
            (HttpVersion::Http11, "1.1"),
            (HttpVersion::Http2, "2"),
            (HttpVersion::Http3, "3"),
        ] {
            let t = Transfer {
                http_version: Some(v),
                ..Transfer::default()
            };
            assert_eq!(out("%{http_version}", &t), want);
        }
    }

    #[test]
    fn times_have_six_truncated_decimals() {
        let at = |d| {
            let t = Transfer {
                time_total: d,
                ..Transfer::default()
            };
            out("%{time_total}", &t)
        };
        assert_eq!(at(Duration::from_micros(1500)), "0.001500");
        assert_eq!(at(Duration::from_nanos(1_999)), "0.000001");
        assert_eq!(at(Duration::from_nanos(999)), "0.000000");
        assert_eq!(at(Duration::new(2, 1_000)), "2.000001");
        assert_eq!(at(Duration::from_secs(125)), "125.000000");
    }

    #[test]
    fn text_and_escapes() {
        let t = Transfer::default();
        assert_eq!(out("plain text, é", &t), "plain text, é");
        assert_eq!(out(r"a\nb\rc\td", &t), "a\nb\rc\td");
        // curl keeps any other pair, `\\` too, and takes it whole.
        assert_eq!(out(r"a\\b", &t), r"a\\b");
        assert_eq!(out(r"\\n", &t), r"\\n");
        assert_eq!(out(r"\q\%{url}", &t), r"\q\%{url}");
        assert_eq!(out(r"end\", &t), r"end\");
    }

    #[test]
    fn percent_signs() {
        let t = sample();
        assert_eq!(out("100%%", &t), "100%");
        assert_eq!(out("%%{url}", &t), "%{url}");
        assert_eq!(out("%%%{response_code}", &t), "%200");
        // A lone trailing `%` and an unknown `%x` are copied.
        assert_eq!(out("50%", &t), "50%");
        assert_eq!(out("%x %é", &t), "%x %é");
        assert_eq!(out("%time{%s}", &t), "%time{%s}");
    }

    #[test]
    fn open_brace_without_close_is_copied() {
        let t = sample();
        assert_eq!(out("%{", &t), "%{");
        assert_eq!(out(r"%{url\n", &t), "%{url\n");
        assert_eq!(out("a%{b%%", &t), "a%{b%");
        assert_eq!(out("%header{", &t), "%header{");
        assert_eq!(out("%header{x-dup", &t), "%header{x-dup");
    }

    #[test]
    fn unknown_variables_warn_and_print_nothing() {
        let r = render("a%{nope}b%{}c%{HTTP_CODE}d", &sample());
        assert_eq!(r.out, b"abcd");
        assert!(r.err.is_empty());
        assert_eq!(
            r.warnings,
            [
                "uniform: unknown --write-out variable: 'nope'",
                "uniform: unknown --write-out variable: ''",
                "uniform: unknown --write-out variable: 'HTTP_CODE'",
            ]
        );
        // As curl, the name runs to the first `}`, whatever it holds.
        let r = render("%{a %{url}", &sample());
        assert!(r.out.is_empty());
        assert_eq!(
            r.warnings,
            ["uniform: unknown --write-out variable: 'a %{url'"]
        );
    }

    #[test]
    fn stderr_and_stdout_switch_the_stream() {
        let r = render(
            r"1%{stderr}2%{response_code}\n%{stdout}3%{stdout}4%{stderr}5",
            &sample(),
        );
        assert_eq!(r.out, b"134");
        assert_eq!(r.err, b"2200\n5");
        assert!(r.warnings.is_empty());
    }

    #[test]
    fn onerror_stops_a_successful_transfer() {
        let mut t = sample();
        t.exitcode = 0;
        assert_eq!(out("a%{onerror}b", &t), "a");
        t.exitcode = 7;
        assert_eq!(out("a%{onerror}b", &t), "ab");
    }

    #[test]
    fn header_values() {
        let t = sample();
        assert_eq!(out("%header{content-type}", &t), "text/html; charset=utf-8");
        assert_eq!(out("%header{X-DUP}", &t), "one");
        // Every field of the name, trimmed, joined; absent prints nothing.
        assert_eq!(out("[%header{SET-cookie}]", &t), "[a=1, b=2]");
        assert_eq!(out("[%header{absent}]", &t), "[]");
        assert_eq!(out("[%header{}]", &t), "[]");
    }

    #[test]
    fn json_has_every_variable() {
        let r = out("%{json}", &sample());
        let v: serde_json::Map<String, Json> = serde_json::from_str(&r).unwrap();
        assert_eq!(v.len(), VARS.len());
        // Keys in curl's (alphabetical) order.
        let keys: Vec<&str> = VARS.iter().map(|(n, _)| *n).collect();
        let mut at = 0;
        for k in &keys {
            let found = r[at..].find(&format!("\"{k}\":")).unwrap();
            at += found;
        }
        assert_eq!(v["response_code"], 200);
        assert_eq!(v["http_code"], 200);
        assert_eq!(v["http_version"], "1.1");
        assert_eq!(v["size_download"], 1234);
        assert_eq!(v["speed_download"], 98765);
        assert_eq!(v["ssl_verify_result"], -1);
        assert_eq!(v["num_headers"], 4);
        assert_eq!(v["urlnum"], 4);
        assert_eq!(v["time_namelookup"].as_f64(), Some(0.0015));
        assert!(r.contains("\"time_total\":1.234567"));
        assert_eq!(v["scheme"], "HTTP");
        assert_eq!(v["local_ip"], "::1");
        assert_eq!(v["remote_port"], 80);
        assert_eq!(v["filename_effective"], "out.html");
        assert_eq!(v["errormsg"], "the \"URL\" failed");
    }

    #[test]
    fn json_of_an_empty_transfer() {
        let r = out("%{json}", &Transfer::default());
        let v: serde_json::Map<String, Json> = serde_json::from_str(&r).unwrap();
        for (name, _) in VARS {
            let want = match name {
                "http_version" => Json::from("0"),
                n if n.starts_with("time_") => Json::from(0.0),
                "content_type" | "errormsg" | "filename_effective" | "local_ip" | "method"
                | "redirect_url" | "remote_ip" | "scheme" | "url" | "url_effective" => Json::Null,
                _ => Json::from(0),
            };
            assert_eq!(v[name], want, "{name}");
        }
        assert!(r.contains("\"response_code\":0,"));
        assert!(r.contains("\"time_total\":0.000000,"));
    }

    #[test]
    fn header_json_groups_fields_as_curl() {
        let r = out("%{header_json}", &sample());
        assert_eq!(
            r,
            "{\"content-type\":[\"text/html; charset=utf-8\"],\n\
             \"set-cookie\":[\"a=1\",\"b=2\"],\n\
             \"x-dup\":[\"one\"]\n}"
        );
        let v: serde_json::Map<String, Json> = serde_json::from_str(&r).unwrap();
        assert_eq!(v["set-cookie"], serde_json::json!(["a=1", "b=2"]));
        assert_eq!(out("%{header_json}", &Transfer::default()), "{\n}");
    }

    #[test]
    fn values_that_would_act_on_a_terminal_are_escaped() {
        use std::os::unix::ffi::OsStrExt;
        let t = Transfer {
            url: Some("http://h/a\u{1b}[2J\n\u{9b}\u{202e}".into()),
            scheme: Some("x\ty".into()),
            headers: vec![("X-A".into(), "v\rw".into())],
            filename_effective: Some(PathBuf::from(std::ffi::OsStr::from_bytes(b"out\x07\xff"))),
            ..Transfer::default()
        };
        assert_eq!(
            out("%{url}|%{scheme}|%header{x-a}|%{filename_effective}\\t", &t),
            "http://h/a\\x1B[2J\\n\\u{9B}\\u{202E}|X\\tY|v\\rw|out\\x07\\xFF\t"
        );
        let json = out("%{json}", &t);
        let v: serde_json::Map<String, Json> = serde_json::from_str(&json).unwrap();
        assert_eq!(v["url"], "http://h/a\u{1b}[2J\n\u{9b}\u{202e}");
        assert!(
            !json.contains('\u{202e}') && !json.contains('\u{9b}'),
            "{json}"
        );
    }

    #[test]
    fn json_strings_are_escaped() {
        let t = Transfer {
            url: Some("http://h/\"\\\n\u{1}".into()),
            headers: vec![("X-Q\"".into(), "a\"b\tc".into())],
            ..Transfer::default()
        };
        let v: serde_json::Map<String, Json> = serde_json::from_str(&out("%{json}", &t)).unwrap();
        assert_eq!(v["url"], "http://h/\"\\\n\u{1}");
        let v: serde_json::Map<String, Json> =
            serde_json::from_str(&out("%{header_json}", &t)).unwrap();
        assert_eq!(v["x-q\""], serde_json::json!(["a\"b\tc"]));
    }

    #[test]
    fn a_format_mixing_everything() {
        let r = render(
            r"%{response_code} %{url_effective}\n%{stderr}took %{time_total}s%{bad}\n",
            &sample(),
        );
        assert_eq!(r.out, b"200 http://example.com/b\n");
        assert_eq!(r.err, b"took 1.234567s\n");
        assert_eq!(r.warnings.len(), 1);
    }

    #[test]
    fn names_are_sorted_and_unique() {
        // The binary search, and the JSON key order, rest on it.
        assert!(VARS.windows(2).all(|w| w[0].0 < w[1].0));
        for (name, _) in VARS {
            assert!(lookup(name).is_some(), "{name}");
        }
        assert!(lookup("json").is_none());
    }

    #[test]
    fn read_format_from_argument_and_file() {
        assert_eq!(read_format("%{url}\\n").unwrap(), "%{url}\\n");
        assert_eq!(read_format("").unwrap(), "");
        let path =
            std::env::temp_dir().join(format!("uniform-write-out-{}.txt", std::process::id()));
        std::fs::write(&path, "%{response_code}\r\n %{url}\\n\n").unwrap();
        let got = read_format(&format!("@{}", path.display()));
        let _ = std::fs::remove_file(&path);
        // curl drops every CR and LF of a format file.
        assert_eq!(got.unwrap(), "%{response_code} %{url}\\n");
        let e = read_format(&format!("@{}", path.display())).unwrap_err();
        assert_eq!(e.kind(), io::ErrorKind::NotFound);
        assert!(e.to_string().contains(&path.display().to_string()));
    }
}
