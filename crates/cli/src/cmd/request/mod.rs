//! What a request sends beyond the URL, with curl's options: `-X`, `-H`,
//! `-d`, `--data-binary`, `--data-raw`, `--data-urlencode`, `-G`, `-I`,
//! `-r`, `-0`, and the login of `-u`, `-n`, `--netrc-optional` and
//! `--netrc-file`; and the URLs themselves, positional and `--url`, in
//! curl's order. `fetch` sends it and `plan` shows it, from the same flags.

mod data;
mod login;
#[cfg(test)]
mod tests;
mod urls;

pub use data::{DataKind, DataOptions};
use data::{data, url_encoded};
pub use login::{LoginError, LoginOptions};
pub use urls::Urls;

use uniform::plan::{HttpRequest, HttpVersion, PlanOptions};
use uniform::{ParseOptions, Protocol, Url, UrlRef};

/// The request flags, shared by `fetch` and `plan`.
#[derive(clap::Args, Clone, Debug, Default)]
pub struct RequestOptions {
    /// HTTP method to use instead of GET (HEAD with -I, POST with -d)
    #[arg(short = 'X', long = "request", value_name = "METHOD")]
    pub method: Option<String>,
    /// Header field "Name: value" to send ("Name:" removes one Uniform sends, "Name;" sends it empty); repeatable
    #[arg(short = 'H', long = "header", value_name = "LINE")]
    pub header: Vec<String>,
    /// -d, --data-binary, --data-raw, --data-urlencode, in their order.
    #[command(flatten)]
    pub data: DataOptions,
    /// Send the data of -d, --data-urlencode, ... in the URL's query (after "?", or "&" when it has one) with a GET, instead of a POST body (HTTP)
    #[arg(short = 'G', long = "get")]
    pub get: bool,
    /// Only the head: an HTTP HEAD request, its response head printed
    #[arg(short = 'I', long = "head")]
    pub head: bool,
    /// Ask for these octets only (HTTP Range: bytes=RANGE): START-END, START-, -LAST, several joined by ','; a 200 with the whole object is written whole
    #[arg(
        short = 'r',
        long = "range",
        value_name = "RANGE",
        allow_hyphen_values = true
    )]
    pub range: Option<String>,
    /// Send HTTP/1.0 requests (no kept connection)
    #[arg(short = '0', long = "http1.0", overrides_with = "http11")]
    pub http10: bool,
    /// Send HTTP/1.1 requests (the default; the last of -0 and --http1.1 wins)
    #[arg(long = "http1.1", overrides_with = "http10")]
    pub http11: bool,
    /// The User-Agent field to send (curl's -A; as -H 'User-Agent: TEXT')
    #[arg(short = 'A', long = "user-agent", value_name = "TEXT")]
    pub user_agent: Option<String>,
    /// The Referer field to send (curl's -e; as -H 'Referer: URL')
    #[arg(short = 'e', long = "referer", value_name = "URL")]
    pub referer: Option<String>,
    /// The login flags; `None` when none of them is given (clap leaves an
    /// optional flattened group out when none of its flags is there), so
    /// that a caller applies a login only when one was asked for.
    #[command(flatten)]
    pub user: Option<LoginOptions>,
}

/// What the request flags make, read once for every URL: the HTTP
/// request, and with `-G` the data for the URLs' query instead of a body.
#[derive(Clone, Debug, Default)]
pub struct Request {
    /// The HTTP request, the body included.
    pub http: HttpRequest,
    /// `-G`: the data, joined by `&`, that [`with_query`] appends to each
    /// URL's query.
    pub query: Option<Vec<u8>>,
    /// What curl would warn about and sends all the same (a range without
    /// a dash), for the caller to show unless silenced.
    pub warnings: Vec<String>,
}

impl RequestOptions {
    /// The HTTP request these flags describe: the files of `@FILE` read
    /// now, so that a plan shows the length of what will be sent.
    pub fn http_request(&self) -> Result<Request, String> {
        let mut warnings = Vec::new();
        let mut r = HttpRequest::default();
        r.method = self.method.clone();
        r.head_only = self.head;
        r.version = if self.http10 {
            HttpVersion::Http10
        } else {
            HttpVersion::Http11
        };
        if let Some(given) = &self.range {
            let (range, warning) = byte_range(given)?;
            warnings.extend(warning);
            r.range = Some(range);
        }
        // As curl: -A and -e are fields like -H's, which come after them
        // and so win.
        if let Some(a) = &self.user_agent {
            r.headers.push(("User-Agent".into(), Some(a.clone())));
        }
        if let Some(e) = &self.referer {
            r.headers.push(("Referer".into(), Some(e.clone())));
        }
        for line in &self.header {
            r.headers.push(header(line)?);
        }
        // curl joins every -d, --data-binary, --data-raw and
        // --data-urlencode with '&', in the order given.
        let mut parts: Vec<Vec<u8>> = Vec::new();
        for (kind, arg) in &self.data.pieces {
            parts.push(match kind {
                DataKind::Ascii => data(arg, true)?,
                DataKind::Binary => data(arg, false)?,
                DataKind::Raw => arg.clone().into_bytes(),
                DataKind::UrlEncode => url_encoded(arg)?,
            });
        }
        let joined = (!parts.is_empty()).then(|| parts.join(&b'&'));
        let query = if self.get {
            joined
        } else {
            r.body = joined;
            None
        };
        Ok(Request {
            http: r,
            query,
            warnings,
        })
    }

    /// Whether the flags can be sent to `url`: `-r` only over HTTP(S).
    ///
    /// # Errors
    ///
    /// The usage message naming the flag.
    pub fn check_scheme(&self, url: &UrlRef<'_>) -> Result<(), String> {
        if self.range.is_some() && url.scheme_row().protocol != Some(Protocol::Http) {
            return Err(format!(
                "-r: byte ranges are asked for over HTTP and HTTPS only so far, not {} (curl also reads them from FTP and file:)",
                url.scheme()
            ));
        }
        Ok(())
    }

    /// The login flags' user and password where the URL names none (and
    /// the netrc password of the URL's own user, when it has none): HTTP's
    /// go in `options` for its Authorization field (RFC 1738's http has no
    /// user in the URL), another scheme's in the URL returned, where its
    /// plan reads them.
    ///
    /// # Errors
    ///
    /// A [`LoginError`]: a user or password the URL cannot take, or a
    /// netrc file that cannot be parsed up to the entry the URL needs
    /// (curl's exit 26, [`LoginError::status`]).
    pub fn apply_user(
        &self,
        url: &UrlRef<'_>,
        options: &mut PlanOptions,
    ) -> Result<Option<Url>, LoginError> {
        match &self.user {
            Some(login) => login.apply(url, options),
            None => Ok(None),
        }
    }
}

/// curl's `-G`: `input`, the text of a URL, with `query` in its search
/// part: after `?` when it has none, appended after `&` to one that does
/// not end with `&` already (curl 7.88's `CURLU_APPENDQUERY`), before the
/// fragment; a URL without a path gets `/` first, as curl writes it. The
/// hex digits of each `%XX` of `query` go in lower case, as curl's URL
/// API writes a part it is given (`%2F` is sent `%2f`: the same octet).
/// `None` when nothing changes: data that is empty for a URL without a
/// search part, a URL that does not parse (its error is the caller's to
/// show), or a scheme other than HTTP(S), whose `?` would be data.
pub fn with_query(input: &[u8], query: &[u8], parse: ParseOptions) -> Option<Vec<u8>> {
    let text = std::str::from_utf8(input).ok()?;
    let url = parse.parse(text).ok()?;
    if url.scheme_row().protocol != Some(Protocol::Http) {
        return None;
    }
    let base = url.without_fragment();
    let mut out = base.as_bytes().to_vec();
    match url.query() {
        None if query.is_empty() => return None,
        None => {
            if url.has_authority() && url.path().is_none() {
                out.push(b'/');
            }
            out.push(b'?');
        }
        Some(q) if !q.is_empty() && !q.ends_with('&') => out.push(b'&'),
        Some(_) => {}
    }
    let mut rest = query;
    while let Some((&b, after)) = rest.split_first() {
        match after {
            [h, l, ..] if b == b'%' && h.is_ascii_hexdigit() && l.is_ascii_hexdigit() => {
                out.extend_from_slice(&[b'%', h.to_ascii_lowercase(), l.to_ascii_lowercase()]);
                rest = &after[2..];
            }
            _ => {
                out.push(b);
                rest = after;
            }
        }
    }
    out.extend_from_slice(&input[base.len()..]);
    Some(out)
}

/// curl's `-r` text as it goes in the Range field, and the warning curl
/// gives for it: a lone number gets its dash (`5` asks for `5-`). Each
/// comma-separated part must be a byte range of RFC 9110 section 14.1.2
/// (`START-END`, `START-`, `-LAST`), where curl sends anything with a
/// warning.
fn byte_range(given: &str) -> Result<(String, Option<String>), String> {
    let bad = || {
        format!(
            "-r {given:?}: a range is START-END, START- or -LAST in octets, several joined by ','"
        )
    };
    if !given.is_empty() && given.bytes().all(|b| b.is_ascii_digit()) {
        let n: u64 = given.parse().map_err(|_| bad())?;
        let warning =
            format!("-r {given}: a range must hold a dash; asking for {n}-, as curl does");
        return Ok((format!("{n}-"), Some(warning)));
    }
    let digits = |s: &str| !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit());
    let each = given.split(',').all(|part| match part.split_once('-') {
        Some(("", last)) => digits(last),
        Some((first, last)) => digits(first) && (last.is_empty() || digits(last)),
        None => false,
    });
    if each {
        Ok((given.to_string(), None))
    } else {
        Err(bad())
    }
}

/// One `-H` line: `Name: value`, `Name:` (remove), `Name;` (empty).
fn header(line: &str) -> Result<(String, Option<String>), String> {
    if let Some(name) = line.strip_suffix(';')
        && !name.contains(':')
    {
        return Ok((name.trim().to_string(), Some(String::new())));
    }
    let Some((name, value)) = line.split_once(':') else {
        return Err(format!(
            "-H {line:?}: a header field is \"Name: value\" (\"Name:\" removes one, \"Name;\" sends it empty)"
        ));
    };
    let value = value.trim_start_matches([' ', '\t']);
    let name = name.trim().to_string();
    Ok(if value.is_empty() {
        (name, None)
    } else {
        (name, Some(value.to_string()))
    })
}
