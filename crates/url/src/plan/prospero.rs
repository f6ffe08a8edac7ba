//! Prospero (RFC 1738 section 3.11): the version 5 request a `prospero`
//! URL makes, as the lines go into the ARDP message (UDP, default port
//! 1525).
//!
//! "Prospero URLs are interpreted by contacting a Prospero directory server
//! on the specified host and port to determine appropriate access methods
//! for a resource": the prologue (VERSION, AUTHENTICATE), then
//! GET-OBJECT-INFO for the object's ACCESS-METHOD. What follows depends on
//! the reply, so it is shown as notes: the access method's URL is fetched,
//! a FORWARDED reply is followed, and a directory is listed with DIRECTORY
//! and LIST.
//!
//! Tokens are quoted as the reference implementation quotes them: in `'`
//! with `''` for a quote inside, when empty or holding a space, TAB, FF,
//! VT, CR, LF, `/`, `'`, `+` or `,`.

use super::options::PlanOptions;
use super::step::{Endpoint, Line, Step};
use crate::prelude::*;
use crate::schemes::prospero::ProsperoUrl;

/// How many FORWARDED replies are followed.
const MAX_FORWARDS: u32 = 8;

/// A token as it goes on a request line.
fn quote(token: &[u8]) -> Vec<u8> {
    let needs = token.is_empty() || token.iter().any(|b| b" \t\x0c\x0b\r\n/'+,".contains(b));
    if !needs {
        return token.to_vec();
    }
    let mut out = vec![b'\''];
    for &b in token {
        if b == b'\'' {
            out.push(b'\'');
        }
        out.push(b);
    }
    out.push(b'\'');
    out
}

/// Octets as a note shows them: printable ASCII as it is, the rest
/// `\xNN`, so that a note never moves the terminal.
fn show(bytes: &[u8]) -> String {
    let mut s = String::new();
    for &b in bytes {
        match b {
            0x20..=0x7E => s.push(b as char),
            _ => s.push_str(&format!("\\x{b:02X}")),
        }
    }
    s
}

/// The object version asked for: RFC 1630's `%00version`, else the
/// OBJECT-VERSION field, else 0 (the current version).
fn version(url: &ProsperoUrl<'_>) -> Vec<u8> {
    if let Some(v) = url.version() {
        return v.decode().into_owned();
    }
    url.fields()
        .find(|(n, _)| n.decode().eq_ignore_ascii_case(b"OBJECT-VERSION"))
        .map(|(_, v)| v.decode().into_owned())
        .filter(|v| !v.is_empty())
        .unwrap_or_else(|| b"0".to_vec())
}

/// The prologue and GET-OBJECT-INFO, and notes for what follows.
/// The prologue every request starts with.
fn prologue() -> Vec<Line> {
    vec![
        Line::text("VERSION 5 UNIFORM"),
        Line::text("AUTHENTICATE '' UNAUTHENTICATED anonymous"),
    ]
}

/// The Prospero dialogue of a URL: one request message over ARDP.
///
/// # Example
///
/// ```
/// use uniform::{UrlRef, plan::{Dialogue, PlanOptions, plan}};
/// let p = plan(&UrlRef::parse("prospero://host.dom//pros/name")?, &PlanOptions::default()).unwrap();
/// let Dialogue::Prospero(pr) = p.dialogue() else { unreachable!() };
/// assert_eq!(pr.hsoname, b"/pros/name");
/// assert_eq!(pr.request()[2].to_string(), "GET-OBJECT-INFO ACCESS-METHOD ASCII '/pros/name' 0");
/// # Ok::<_, uniform::ParseError>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub struct ProsperoPlan {
    /// The server.
    pub endpoint: Endpoint,
    /// The decoded hsoname.
    pub hsoname: Vec<u8>,
    /// The object version: OBJECT-VERSION, or `0`.
    pub version: Vec<u8>,
    /// The URL's other fields, decoded: shown, not used.
    pub ignored_fields: Vec<(Vec<u8>, Vec<u8>)>,
}

impl ProsperoPlan {
    /// The lines of the request message: VERSION, AUTHENTICATE and
    /// GET-OBJECT-INFO of the plan's object.
    ///
    /// # Example
    ///
    /// ```
    /// use uniform::{UrlRef, plan::{Dialogue, PlanOptions, plan}};
    /// let p = plan(&UrlRef::parse("prospero://h/x")?, &PlanOptions::default()).unwrap();
    /// let Dialogue::Prospero(pr) = p.dialogue() else { unreachable!() };
    /// assert_eq!(pr.request()[0].to_string(), "VERSION 5 UNIFORM");
    /// # Ok::<_, uniform::ParseError>(())
    /// ```
    pub fn request(&self) -> Vec<Line> {
        ProsperoPlan::object_request(&self.hsoname, &self.version)
    }

    /// The request for the access methods of `hsoname` at `version` (a
    /// forwarded request names another object than the plan's): the
    /// prologue, then GET-OBJECT-INFO.
    ///
    /// # Example
    ///
    /// ```
    /// use uniform::plan::ProsperoPlan;
    /// let lines = ProsperoPlan::object_request(b"y z", b"0");
    /// assert_eq!(lines[2].to_string(), "GET-OBJECT-INFO ACCESS-METHOD ASCII 'y z' 0");
    /// ```
    pub fn object_request(hsoname: &[u8], version: &[u8]) -> Vec<Line> {
        let mut lines = prologue();
        lines.push(
            Line::text("GET-OBJECT-INFO ACCESS-METHOD ASCII ")
                .and(quote(hsoname))
                .and(" ")
                .and(quote(version)),
        );
        lines
    }

    /// The request that lists the directory `hsoname` at `version`, the
    /// fallback when the object has no access method: the prologue, then
    /// DIRECTORY and LIST.
    ///
    /// # Example
    ///
    /// ```
    /// use uniform::plan::ProsperoPlan;
    /// let lines = ProsperoPlan::directory_request(b"x", b"0");
    /// assert_eq!(lines[2].to_string(), "DIRECTORY ASCII x 0");
    /// assert_eq!(lines[3].to_string(), "LIST ATTRIBUTES COMPONENTS");
    /// ```
    pub fn directory_request(hsoname: &[u8], version: &[u8]) -> Vec<Line> {
        let mut lines = prologue();
        lines.push(
            Line::text("DIRECTORY ASCII ")
                .and(quote(hsoname))
                .and(" ")
                .and(quote(version)),
        );
        lines.push(Line::text("LIST ATTRIBUTES COMPONENTS"));
        lines
    }

    /// A token as the reference implementation quotes it: in single
    /// quotes, a quote doubled, when it is empty or holds a space, a
    /// separator or a quote.
    ///
    /// # Example
    ///
    /// ```
    /// use uniform::plan::ProsperoPlan;
    /// assert_eq!(ProsperoPlan::quote(b"it's"), b"'it''s'");
    /// ```
    pub fn quote(token: &[u8]) -> Vec<u8> {
        quote(token)
    }

    pub(crate) fn render(&self, out: &mut Vec<Step>) {
        out.push(Step::Note(
            "ARDP version 0 over UDP: the request is one message of numbered packets".into(),
        ));
        out.push(Step::Connect(self.endpoint.clone()));
        for line in self.request() {
            super::step::send(out, line);
        }
        for (n, v) in &self.ignored_fields {
            out.push(Step::Note(format!(
                "field {}={}: not used to choose the object (only OBJECT-VERSION is)",
                show(n),
                show(v)
            )));
        }
        let shown = show(&quote(&self.hsoname));
        out.push(Step::Note(
            "< ATTRIBUTE ... ACCESS-METHOD (AFTP, FTP, GOPHER, WAIS, TELNET): the object fetched through that URL".into(),
        ));
        out.push(Step::Note(format!(
            "< FORWARDED: the same request to the server it names, at most {MAX_FORWARDS} times, never twice to one"
        )));
        out.push(Step::Note(format!(
            "< NONE-FOUND or no access method: the directory listed with DIRECTORY ASCII {shown} {} and LIST ATTRIBUTES COMPONENTS",
            show(&quote(&self.version))
        )));
    }
}

pub(super) fn plan(url: &ProsperoUrl<'_>, _o: &PlanOptions) -> ProsperoPlan {
    ProsperoPlan {
        endpoint: Endpoint::of(&url.url()),
        hsoname: url.hsoname().decode().into_owned(),
        version: version(url),
        ignored_fields: url
            .fields()
            .map(|(n, v)| (n.decode().into_owned(), v.decode().into_owned()))
            .filter(|(n, _)| !n.eq_ignore_ascii_case(b"OBJECT-VERSION"))
            .collect(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::plan::refusal::{PlanError, Rule};
    use crate::url::UrlRef;

    fn shown(url: &str) -> Result<String, PlanError> {
        let u = UrlRef::parse(url).unwrap();
        crate::plan::plan(&u, &PlanOptions::default()).map(|p| p.to_string())
    }

    #[test]
    fn quotes_as_the_reference_implementation() {
        assert_eq!(quote(b"abc"), b"abc");
        assert_eq!(quote(b""), b"''");
        assert_eq!(quote(b"/pros/name"), b"'/pros/name'");
        assert_eq!(quote(b"it's"), b"'it''s'");
        assert_eq!(quote(b"a b"), b"'a b'");
    }

    #[test]
    fn the_rfc_example() {
        let p = shown("prospero://host.dom//pros/name").unwrap();
        assert!(p.contains("connect host.dom:1525\n"));
        assert!(p.contains("> GET-OBJECT-INFO ACCESS-METHOD ASCII '/pros/name' 0\n"));
    }

    #[test]
    fn versions_come_from_the_url() {
        let p = shown("prospero://h/x;OBJECT-VERSION=3;COLOR=red").unwrap();
        assert!(p.contains("ASCII x 3\n"));
        assert!(p.contains("# field COLOR=red: not used"));
        let p = shown("prospero://h/x%0012").unwrap();
        assert!(p.contains("ASCII x 12\n"));
    }

    #[test]
    fn a_line_break_in_the_hsoname_is_refused() {
        let e = shown("prospero://h/a%0ALIST").unwrap_err();
        assert_eq!(e.rule(), Some(Rule::LineBreakInjection));
    }
}
