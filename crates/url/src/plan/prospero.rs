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

use super::policy::{PlanError, check_field};
use super::{Line, Plan, PlanOptions, Step, endpoint};
use crate::schemes::ProsperoUrl;

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
pub(super) fn plan(url: &ProsperoUrl<'_>, _o: &PlanOptions) -> Result<Plan, PlanError> {
    let hsoname = url.hsoname().decode().into_owned();
    check_field(&hsoname, "hsoname")?;
    let version = version(url);
    check_field(&version, "object version")?;
    let u = url.url();
    let mut plan = Plan::new(u.scheme_kind());
    plan.push(Step::Note(
        "ARDP version 0 over UDP: the request is one message of numbered packets".into(),
    ))
    .push(Step::Connect(endpoint(&u)))
    .send(Line::text("VERSION 5 UNIFORM"))
    .send(Line::text("AUTHENTICATE '' UNAUTHENTICATED anonymous"))
    .send(
        Line::text("GET-OBJECT-INFO ACCESS-METHOD ASCII ")
            .and(quote(&hsoname))
            .and(" ")
            .and(quote(&version)),
    );
    for (name, value) in url.fields() {
        let n = name.decode();
        if !n.eq_ignore_ascii_case(b"OBJECT-VERSION") {
            plan.push(Step::Note(format!(
                "field {}={}: not used to choose the object (only OBJECT-VERSION is)",
                show(&n),
                show(&value.decode())
            )));
        }
    }
    let shown = show(&quote(&hsoname));
    plan.push(Step::Note(
        "< ATTRIBUTE ... ACCESS-METHOD (AFTP, FTP, GOPHER, WAIS, TELNET): the object fetched through that URL".into(),
    ))
    .push(Step::Note(format!(
        "< FORWARDED: the same request to the server it names, at most {MAX_FORWARDS} times, never twice to one"
    )))
    .push(Step::Note(format!(
        "< NONE-FOUND or no access method: the directory listed with DIRECTORY ASCII {shown} {} and LIST ATTRIBUTES COMPONENTS",
        show(&quote(&version))
    )));
    Ok(plan)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::UrlRef;
    use crate::plan::Rule;

    fn shown(url: &str) -> Result<String, PlanError> {
        let u = UrlRef::parse(url).unwrap();
        plan(&u.prospero().unwrap(), &PlanOptions::default()).map(|p| p.to_string())
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
