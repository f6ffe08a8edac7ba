//! FTP (RFC 1738 sections 3.2.1 to 3.2.3, over RFC 959).

use super::policy::{PlanError, check_field};
use super::{Line, Plan, PlanOptions, Step, Transfer, endpoint};
use crate::schemes::{FtpUrl, Typecode};

/// Name suffixes whose files are text, for the guess RFC 1738 section
/// 3.2.3 asks for when the typecode is absent ("the data content type of a
/// file can only be guessed from the name, e.g., from the suffix").
/// Anything else goes in image type, which never corrupts a file.
const TEXT_SUFFIXES: &[&str] = &[
    "txt", "text", "asc", "htm", "html", "shtml", "xml", "css", "csv", "tsv", "md", "rst", "tex",
    "ps", "eps", "c", "h", "cc", "cpp", "hpp", "rs", "py", "pl", "sh", "java", "js", "json",
    "toml", "yaml", "yml", "ini", "cfg", "conf", "log", "diff", "patch", "readme", "me", "doc1",
    "man", "1", "2", "3", "4", "5", "6", "7", "8",
];

/// The type RFC 1738 section 3.2.3 guesses from a decoded name.
///
/// # Example
///
/// ```
/// use uniform::plan::guess_ftp_type;
/// use uniform::schemes::Typecode;
/// assert_eq!(guess_ftp_type(b"motd"), Typecode::Image);
/// assert_eq!(guess_ftp_type(b"rfc1738.txt"), Typecode::Ascii);
/// assert_eq!(guess_ftp_type(b"README"), Typecode::Ascii);
/// ```
pub fn guess_ftp_type(name: &[u8]) -> Typecode {
    let name = String::from_utf8_lossy(name).to_ascii_lowercase();
    if matches!(
        name.as_str(),
        "readme" | "install" | "copying" | "changes" | "news" | "todo" | "makefile"
    ) {
        return Typecode::Ascii;
    }
    match name.rsplit_once('.') {
        Some((_, ext)) if TEXT_SUFFIXES.contains(&ext) => Typecode::Ascii,
        _ => Typecode::Image,
    }
}

/// The RFC 1738 section 3.2 access algorithm: log in (the anonymous
/// convention when the URL names no user), one CWD per cwd segment with a
/// null argument for an empty one, TYPE, then RETR, NLST (typecode d) or
/// LIST (an empty name). Without a typecode, a note tells the fallback
/// for a RETR refused with 550: the name listed as a directory.
pub(super) fn plan(url: &FtpUrl<'_>, o: &PlanOptions) -> Result<Plan, PlanError> {
    let mut plan = Plan::new(url.url().scheme_kind());
    plan.push(Step::Connect(endpoint(&url.url())))
        .push(Step::Expect(vec![220]));

    // Section 3.2.1: USER and PASS from the URL; else "anonymous" and the
    // user's mail address; a user without a password is asked for one.
    let user = url.user().map(|u| u.decode().into_owned());
    match &user {
        Some(u) => {
            check_field(u, "user name")?;
            plan.send(Line::text("USER ").and(u));
        }
        None => {
            plan.send(Line::text("USER anonymous"));
        }
    }
    plan.push(Step::Expect(vec![230, 331]));
    let pass = match (url.password(), &user) {
        (Some(p), _) => {
            let p = p.decode().into_owned();
            check_field(&p, "password")?;
            Line::text("PASS ").secret(p)
        }
        (None, Some(_)) => Line::text("PASS ").prompted(),
        (None, None) => {
            let mail = o.email.clone().unwrap_or_else(|| "anonymous@".to_string());
            check_field(mail.as_bytes(), "anonymous password (the mail address)")?;
            Line::text("PASS ").secret(mail)
        }
    };
    plan.push(Step::Note(
        "PASS only if the server asks for it (331)".into(),
    ))
    .send(pass)
    .push(Step::Expect(vec![230, 202]));

    // Section 3.2.2: each cwd segment, decoded, is one CWD; "//etc" is
    // "CWD " with a null argument, then "CWD etc".
    for seg in url.cwd() {
        let seg = seg.decode();
        check_field(&seg, "cwd segment")?;
        plan.send(Line::text("CWD ").and(&*seg))
            .push(Step::Expect(vec![250]));
    }

    let name = url.name().decode().into_owned();
    check_field(&name, "file name")?;
    let typecode = match (url.typecode(), url.typecode_raw()) {
        (Some(t), _) => Some(t),
        (None, None) => None,
        // A guess would fetch something the URL did not ask for.
        (None, Some(raw)) => {
            return Err(PlanError::unsupported(format!(
                "the typecode \"{}\" is not an ftptype: RFC 1738 section 5 allows \
                 only ftptype = \"A\" | \"I\" | \"D\" | \"a\" | \"i\" | \"d\" after \";type=\"",
                raw.as_str().escape_default()
            )));
        }
    };
    // Section 3.2.2: typecode d is NLST (of the name, when there is one).
    // An empty name is the directory whatever the typecode: "CWD" reached
    // it and there is nothing to RETR. Its listing is LIST, which tells
    // kinds and sizes, as section 3.2.2's "infer information about it from
    // the directory listings" invites.
    let nlst = typecode == Some(Typecode::Directory);
    let list = !nlst && name.is_empty();
    let ty = match typecode {
        Some(Typecode::Directory) => Typecode::Ascii,
        Some(t) => t,
        None if list => Typecode::Ascii,
        None => guess_ftp_type(&name),
    };
    if typecode.is_none() && !list {
        plan.push(Step::Note(format!(
            "no ;type= in the URL: type {} guessed from the name (RFC 1738 section 3.2.3)",
            ty.as_char().to_ascii_uppercase()
        )));
    }
    // TYPE A goes as such: some servers refuse "TYPE A N".
    let type_line = if ty == Typecode::Ascii {
        "TYPE A"
    } else {
        "TYPE I"
    };
    plan.send(Line::text(type_line))
        .push(Step::Expect(vec![200]));
    plan.push(Step::Note(
        "data connection: EPSV, else PASV, else PORT".into(),
    ));
    if nlst || list {
        let line = if list {
            plan.push(Step::Note(
                "LIST: the server's own form, read as Unix or MS-DOS lines".into(),
            ));
            Line::text("LIST")
        } else if name.is_empty() {
            Line::text("NLST")
        } else {
            Line::text("NLST ").and(&name)
        };
        let read = if list {
            Transfer::FtpList
        } else {
            Transfer::FtpNameList
        };
        plan.send(line)
            .push(Step::Expect(vec![150, 125]))
            .push(Step::Read(read));
    } else {
        let read = if ty == Typecode::Ascii {
            Transfer::FtpAscii
        } else {
            Transfer::FtpImage
        };
        plan.send(Line::text("RETR ").and(&name))
            .push(Step::Expect(vec![150, 125]))
            .push(Step::Read(read));
        if typecode.is_none() {
            // libwww's reading (HTFTP.c): with no typecode to say that the
            // name is a file, a name that is not one may be a directory.
            plan.push(Step::Note(
                "no ;type= in the URL: if RETR is refused with 550, CWD to the name, \
                 then TYPE A and LIST it as a directory (a refused CWD leaves the 550)"
                    .into(),
            ));
        }
    }
    plan.push(Step::Expect(vec![226, 250]))
        .send(Line::text("QUIT"))
        .push(Step::Expect(vec![221]));
    Ok(plan)
}
