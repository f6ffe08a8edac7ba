//! What a request sends beyond the URL, with curl's options: `-X`, `-H`,
//! `-d`, `--data-binary`, `--data-raw`, `-I`, `-u`. `fetch` sends it and
//! `plan` shows it, from the same flags.

use std::io::{self, Read};
use uniform::pct::{self, EncodeSet};
use uniform::plan::{HttpRequest, PlanOptions};
use uniform::{Scheme, Url, UrlRef};

/// The request flags, shared by `fetch` and `plan`.
#[derive(clap::Args, Clone, Debug, Default)]
pub struct RequestOptions {
    /// HTTP method to use instead of GET (HEAD with -I, POST with -d)
    #[arg(short = 'X', long = "request", value_name = "METHOD")]
    pub method: Option<String>,
    /// Header field "Name: value" to send ("Name:" removes one Uniform sends, "Name;" sends it empty); repeatable
    #[arg(short = 'H', long = "header", value_name = "LINE")]
    pub header: Vec<String>,
    /// Send DATA in a POST, as a form (@FILE: the file without its line breaks; @-: standard input); repeatable, joined by '&'
    #[arg(short = 'd', long = "data", value_name = "DATA")]
    pub data: Vec<String>,
    /// Send DATA as it is (@FILE: the file's octets, unchanged); repeatable, joined by '&'
    #[arg(long = "data-binary", value_name = "DATA")]
    pub data_binary: Vec<String>,
    /// Send DATA as it is, a leading '@' included; repeatable, joined by '&'
    #[arg(long = "data-raw", value_name = "DATA")]
    pub data_raw: Vec<String>,
    /// Only the head: an HTTP HEAD request, its response head printed
    #[arg(short = 'I', long = "head")]
    pub head: bool,
    /// User name and password for the server, USER[:PASSWORD] (a URL's own user wins)
    #[arg(short = 'u', long = "user", value_name = "USER[:PASSWORD]")]
    pub user: Option<String>,
}

impl RequestOptions {
    /// The HTTP request these flags describe: the files of `@FILE` read
    /// now, so that a plan shows the length of what will be sent.
    pub fn http_request(&self) -> Result<HttpRequest, String> {
        let mut r = HttpRequest::default();
        r.method = self.method.clone();
        r.head_only = self.head;
        for line in &self.header {
            r.headers.push(header(line)?);
        }
        // curl joins every -d, --data-binary and --data-raw with '&', in
        // the order of their kinds here (clap keeps each kind's order).
        let mut parts: Vec<Vec<u8>> = Vec::new();
        for d in &self.data {
            parts.push(data(d, true)?);
        }
        for d in &self.data_binary {
            parts.push(data(d, false)?);
        }
        for d in &self.data_raw {
            parts.push(d.clone().into_bytes());
        }
        if !parts.is_empty() {
            r.body = Some(parts.join(&b'&'));
        }
        Ok(r)
    }

    /// `-u`'s user and password where the URL names none: HTTP's go in
    /// `options` for its Authorization field (RFC 1738's http has no user
    /// in the URL), another scheme's in the URL returned, where its plan
    /// reads them.
    pub fn apply_user(
        &self,
        url: &UrlRef<'_>,
        options: &mut PlanOptions,
    ) -> Result<Option<Url>, String> {
        let Some(user) = &self.user else {
            return Ok(None);
        };
        if url.user().is_some() {
            return Ok(None);
        }
        let (name, password) = match user.split_once(':') {
            Some((n, p)) => (n, Some(p)),
            None => (user.as_str(), None),
        };
        if matches!(url.scheme_kind(), Scheme::Http | Scheme::Https) {
            if let Some(p) = password {
                options.credentials = Some((name.as_bytes().to_vec(), p.as_bytes().to_vec()));
                return Ok(None);
            }
            // curl asks for the password of `-u user`, as Uniform does for
            // a URL with a user and no password: the user goes in the URL
            // (a lenient parse takes it; RFC 1738's http has none).
            let s = url.as_str();
            let at = s.find("://").map_or(0, |k| k + 3);
            let user = pct::encode(name.as_bytes(), &EncodeSet::USERINFO);
            let with_user = format!("{}{user}@{}", &s[..at], &s[at..]);
            return Url::parse(&with_user)
                .map(Some)
                .map_err(|e| format!("-u: {e}"));
        }
        let mut owned = url.to_url();
        owned
            .set_user(Some(name))
            .and_then(|()| owned.set_password(password))
            .map_err(|e| format!("-u: {e}"))?;
        Ok(Some(owned))
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

/// The octets of one `-d` or `--data-binary` argument: `@FILE` read
/// (`@-` standard input), without its CR and LF for `-d` (as curl does).
fn data(arg: &str, strip_breaks: bool) -> Result<Vec<u8>, String> {
    let Some(path) = arg.strip_prefix('@') else {
        return Ok(arg.as_bytes().to_vec());
    };
    let mut bytes = Vec::new();
    let read = if path == "-" {
        io::stdin().lock().read_to_end(&mut bytes).map(drop)
    } else {
        std::fs::File::open(path).and_then(|mut f| f.read_to_end(&mut bytes).map(drop))
    };
    read.map_err(|e| format!("{arg}: {e}"))?;
    if strip_breaks {
        bytes.retain(|&b| b != b'\r' && b != b'\n');
    }
    Ok(bytes)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn header_lines_read_as_curl_reads_them() {
        assert_eq!(
            header("X-A: 1 2").unwrap(),
            ("X-A".into(), Some("1 2".into()))
        );
        assert_eq!(header("X-A:1").unwrap(), ("X-A".into(), Some("1".into())));
        assert_eq!(header("Accept:").unwrap(), ("Accept".into(), None));
        assert_eq!(
            header("X-Empty;").unwrap(),
            ("X-Empty".into(), Some(String::new()))
        );
        assert_eq!(
            header("X-B: a;").unwrap(),
            ("X-B".into(), Some("a;".into()))
        );
        assert!(header("no colon").is_err());
    }

    #[test]
    fn data_joins_with_ampersands_and_reads_files() {
        let dir = std::env::temp_dir().join(format!("uniform-request-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let f = dir.join("form.txt");
        std::fs::write(&f, b"x=1\r\ny=2\n").unwrap();
        let at = format!("@{}", f.display());
        let o = RequestOptions {
            data: vec!["a=1".into(), at.clone()],
            data_binary: vec![at],
            data_raw: vec!["@raw".into()],
            ..RequestOptions::default()
        };
        let r = o.http_request().unwrap();
        assert_eq!(
            r.body.as_deref(),
            Some(&b"a=1&x=1y=2&x=1\r\ny=2\n&@raw"[..])
        );
        assert_eq!(r.method_name(), "POST");
        let missing = RequestOptions {
            data: vec!["@/nonexistent/uniform".into()],
            ..RequestOptions::default()
        };
        assert!(missing.http_request().is_err());
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn the_user_goes_where_the_scheme_reads_it() {
        let o = RequestOptions {
            user: Some("me:s3cr:et".into()),
            ..RequestOptions::default()
        };
        let mut p = PlanOptions::default();
        let http = UrlRef::parse("http://h/").unwrap();
        assert_eq!(o.apply_user(&http, &mut p).unwrap(), None);
        assert_eq!(p.credentials, Some((b"me".to_vec(), b"s3cr:et".to_vec())));
        let ftp = UrlRef::parse("ftp://h/f").unwrap();
        let url = o
            .apply_user(&ftp, &mut PlanOptions::default())
            .unwrap()
            .unwrap();
        assert_eq!(url.as_str(), "ftp://me:s3cr%3Aet@h/f");
        let url = o
            .apply_user(&http, &mut PlanOptions::default())
            .map(|u| u.is_none());
        assert_eq!(url, Ok(true));
        let asked = RequestOptions {
            user: Some("me".into()),
            ..RequestOptions::default()
        };
        let url = asked
            .apply_user(&http, &mut PlanOptions::default())
            .unwrap()
            .unwrap();
        assert_eq!(url.as_str(), "http://me@h/");
        // The URL's own user wins.
        let own = UrlRef::parse("ftp://you@h/f").unwrap();
        assert_eq!(
            o.apply_user(&own, &mut PlanOptions::default()).unwrap(),
            None
        );
    }
}
