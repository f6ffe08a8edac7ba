//! What one transfer did, as the write-out variables read it.

use std::net::IpAddr;
use std::path::PathBuf;
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
    pub(super) fn as_str(self) -> &'static str {
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
