//! The write-out variables: their names, their values in a transfer,
//! and how curl prints each.

use super::transfer::{HttpVersion, Transfer};
use std::io::{self, Write as _};
use std::net::IpAddr;
use std::path::Path;
use std::time::Duration;

/// A write-out variable: each is the one of its name in snake case, but
/// for `http_code`, which curl keeps as another name of `response_code`.
#[derive(Clone, Copy, Debug)]
pub(super) enum Var {
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
pub(super) const VARS: [(&str, Var); 34] = [
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
pub(super) fn lookup(name: &str) -> Option<Var> {
    VARS.binary_search_by(|(n, _)| (*n).cmp(name))
        .ok()
        .map(|k| VARS[k].1)
}

/// A variable's value, with how curl prints it.
pub(super) enum Value<'t> {
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
    pub(super) fn value(self, t: &Transfer) -> Value<'_> {
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
    pub(super) fn write(&self, out: &mut Vec<u8>) {
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
    pub(super) fn write_json(&self, out: &mut Vec<u8>) {
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
pub(super) fn visible(out: &mut Vec<u8>, text: &[u8]) {
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
