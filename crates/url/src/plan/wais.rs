//! WAIS (RFC 1738 section 3.9) as Z39.50 version 3: the APDUs a `wais`
//! URL makes, one summary line each.
//!
//! Z39.50 is BER, not lines of text: each `>` step names an APDU and the
//! parameters that come from the URL, in YAZ's prefix query notation for
//! the query (terms in double quotes, as they are). BER carries lengths,
//! not delimiters, but a CR, LF or NUL in a term is refused all the same,
//! by the policy every plan passes: no search needs one.
//!
//! The search part is split on `+` and each word decoded: one term per
//! word under bib-1 use attribute 1016 ("any"), the terms AND-ed. A
//! document's `<wpath>` is Uniform's convention `"id" n "," words` (the
//! record whose identifier, Zebra's sysno, is n, among the hits of the
//! search the words make; no words: every record) or, unstable,
//! `position "," words` (record `position` of that search), since the
//! binary WAIS document-ids of RFC 1625 mean nothing to a Z39.50 server.
//! The whole convention is in the access crate's `wais` module.

use super::options::PlanOptions;
use super::refusal::PlanError;
use super::step::{Endpoint, Line, Step};
use crate::prelude::*;
use crate::schemes::wais::{WaisForm, WaisUrl, Wpath, WpathRecord, wais_words};

/// At most this many hits are presented for a listing.
const MAX_HITS: u32 = 100;

/// A term or name in double quotes, its octets as they are: the line's
/// display escapes what is not printable, and the safety policy refuses a
/// CR, LF or NUL (no Z39.50 term needs one, and a summary line must not
/// carry one).
fn quote(w: &[u8]) -> Vec<u8> {
    [&b"\""[..], w, b"\""].concat()
}

/// The Type-1 query in prefix notation: the words AND-ed, or every record.
fn pqf(words: &[Vec<u8>]) -> Vec<u8> {
    if words.is_empty() {
        return b"@attr 1=_ALLRECORDS @attr 2=103 \"\"".to_vec();
    }
    let mut s = b"@and ".repeat(words.len() - 1);
    for (i, w) in words.iter().enumerate() {
        if i > 0 {
            s.push(b' ');
        }
        s.extend_from_slice(b"@attr 1=1016 ");
        s.extend_from_slice(&quote(w));
    }
    s
}

/// The record syntax a `<wtype>` asks for.
fn syntax(wtype: &str) -> Option<String> {
    Some(
        match wtype.to_ascii_uppercase().as_str() {
            "TEXT" | "SUTRS" => "SUTRS",
            "USMARC" | "MARC" => "USMARC",
            "XML" => "XML",
            "GRS-1" | "GRS1" => "GRS-1",
            "1.2.840.10003.5.101" => "SUTRS",
            "1.2.840.10003.5.10" => "USMARC",
            "1.2.840.10003.5.109.10" => "XML",
            "1.2.840.10003.5.105" => "GRS-1",
            s if s.split('.').count() >= 2 && s.split('.').all(|a| a.parse::<u64>().is_ok()) => {
                return Some(s.to_string());
            }
            _ => return None,
        }
        .to_string(),
    )
}

/// Section 3.9's three forms as Init, Search, Present and Close.
/// Which records a presentRequest asks for.
///
/// # Example
///
/// ```
/// use uniform::plan::Records;
/// assert_eq!(Records::Range { first: 1, count: 100 }.to_string(), "1..100");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Records {
    /// `count` records from position `first` (1-based).
    Range {
        /// The first position.
        first: u32,
        /// How many.
        count: u32,
    },
    /// The record at the position where the record id was found by the
    /// presentRequest before.
    FoundPosition,
}

impl core::fmt::Display for Records {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        match self {
            Records::Range { first, count } => write!(f, "{first}..{}", first + count - 1),
            Records::FoundPosition => f.write_str("<its position>..<its position>"),
        }
    }
}

/// One Z39.50 request APDU (Z39.50-1995 section 3.2), as values; the
/// access side encodes it in BER.
///
/// # Example
///
/// ```
/// use uniform::plan::Z3950Request;
/// let s = Z3950Request::Search { database: b"db".to_vec(), words: vec![b"rfc".to_vec()] };
/// assert_eq!(s.line().to_string(), "searchRequest database \"db\" query @attr 1=1016 \"rfc\"");
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Z3950Request {
    /// initRequest, protocol version 3.
    Init,
    /// searchRequest: the words AND-ed under bib-1 use attribute 1016
    /// ("any"); no words is every record.
    Search {
        /// The database name, decoded.
        database: Vec<u8>,
        /// The search words, decoded.
        words: Vec<Vec<u8>>,
    },
    /// presentRequest.
    Present {
        /// Which records.
        records: Records,
        /// The element set name (`B`, `F`, `zebra::data`, ...).
        element_set: String,
        /// The preferred record syntax (`SUTRS`, `USMARC`, `XML`, an OID).
        syntax: String,
    },
    /// close, reason finished.
    Close,
}

impl Z3950Request {
    /// The query of a search in YAZ's prefix query notation.
    ///
    /// # Example
    ///
    /// ```
    /// use uniform::plan::Z3950Request;
    /// assert_eq!(Z3950Request::pqf(&[]), b"@attr 1=_ALLRECORDS @attr 2=103 \"\"");
    /// ```
    pub fn pqf(words: &[Vec<u8>]) -> Vec<u8> {
        pqf(words)
    }

    /// The one-line summary `uniform plan` shows for the APDU.
    ///
    /// # Example
    ///
    /// ```
    /// use uniform::plan::Z3950Request;
    /// assert_eq!(Z3950Request::Close.line().to_string(), "close (finished)");
    /// ```
    pub fn line(&self) -> Line {
        match self {
            Z3950Request::Init => Line::text("initRequest (Z39.50 v3)"),
            Z3950Request::Search { database, words } => Line::text("searchRequest database ")
                .and(quote(database))
                .and(" query ")
                .and(pqf(words)),
            Z3950Request::Present {
                records,
                element_set,
                syntax,
            } => Line::text(format!(
                "presentRequest {records} elementSetName {element_set} preferredRecordSyntax {syntax}"
            )),
            Z3950Request::Close => Line::text("close (finished)"),
        }
    }
}

/// The Z39.50 dialogue of a `wais` URL, or why it has none.
///
/// # Example
///
/// ```
/// use uniform::{UrlRef, plan::{Dialogue, PlanOptions, Z3950Request, plan}};
/// let p = plan(&UrlRef::parse("wais://h/db?rfc+1738")?, &PlanOptions::default()).unwrap();
/// let Dialogue::Wais(w) = p.dialogue() else { unreachable!() };
/// assert_eq!(w.requests[0], Z3950Request::Init);
/// assert_eq!(w.requests.last(), Some(&Z3950Request::Close));
/// # Ok::<_, uniform::ParseError>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct WaisPlan {
    /// The server.
    pub endpoint: Endpoint,
    /// `wais://host:port/database`, the base of the URLs a listing gives.
    pub base: String,
    /// What the URL names: a search, a database, a document.
    pub form: WaisForm,
    /// For a document, the record: by id (`id<n>`) or by position.
    pub record: Option<WpathRecord>,
    /// The requests in order, initRequest first and close last; empty
    /// when the document is not reachable over Z39.50.
    pub requests: Vec<Z3950Request>,
    /// Why a document is not reachable over Z39.50 (a gateway may reach
    /// it), when it is not.
    pub unreachable: Option<String>,
}

impl WaisPlan {
    pub(crate) fn render(&self, out: &mut Vec<Step>) {
        if let Some(why) = &self.unreachable {
            out.push(Step::Note(format!("{}: {why}", self.base)));
            out.push(Step::Note(
                "not reachable over Z39.50; a WAIS gateway may reach it (--gateway wais=URL)"
                    .into(),
            ));
            return;
        }
        out.push(Step::Connect(self.endpoint.clone()));
        let base = &self.base;
        for r in &self.requests {
            super::step::send(out, r.line());
            let note = match r {
                Z3950Request::Init => "< initResponse: the session accepted".to_string(),
                Z3950Request::Search { .. } => {
                    let mut n = "< searchResponse: the number of hits, or a diagnostic".to_string();
                    if self.form == WaisForm::Database {
                        out.push(Step::Note(n));
                        n = "a server that cannot search for every record: the database is only described".into();
                    }
                    n
                }
                Z3950Request::Present { element_set, .. } if element_set == "B" => {
                    match self.form {
                        WaisForm::Search => format!(
                            "< presentResponse: the hits listed (fewer when fewer match), each as {base}/TEXT/id<n>,<words> (n its record id, elementSetName zebra::meta::sysno; <position> where the server gives none)"
                        ),
                        _ => format!(
                            "< presentResponse: the records listed, each as {base}/TEXT/id<n>, (<position>, where the server gives no record id)"
                        ),
                    }
                }
                Z3950Request::Present { element_set, .. }
                    if element_set == "zebra::meta::sysno" =>
                {
                    let id = match self.record {
                        Some(WpathRecord::Id(id)) => id.to_string(),
                        _ => String::new(),
                    };
                    format!(
                        "< presentResponse: the hits' record ids; the record whose id is {id} is fetched, none is an error"
                    )
                }
                Z3950Request::Present { element_set, .. } => {
                    if element_set == "zebra::data" {
                        out.push(Step::Note(
                            "a server that refuses element set zebra::data: element set F".into(),
                        ));
                    }
                    "< presentResponse: the record, written as it is; a record of another syntax (its OID) is refused".into()
                }
                Z3950Request::Close => continue,
            };
            out.push(Step::Note(note));
        }
    }
}

pub(super) fn plan(url: &WaisUrl<'_>, _o: &PlanOptions) -> Result<WaisPlan, PlanError> {
    let database = url.database().decode().into_owned();
    if database.is_empty() {
        return Err(PlanError::unsupported(
            "the URL names no database (RFC 1738 section 3.9: wais://host:port/database)",
        ));
    }
    let u = url.url();
    let mut plan = WaisPlan {
        endpoint: Endpoint::of(&u),
        base: format!(
            "wais://{}/{}",
            u.authority().unwrap_or_default(),
            url.database().as_str()
        ),
        form: url.form(),
        record: None,
        requests: vec![Z3950Request::Init],
        unreachable: None,
    };
    let search = |words: Vec<Vec<u8>>| Z3950Request::Search {
        database: database.clone(),
        words,
    };
    let brief = Z3950Request::Present {
        records: Records::Range {
            first: 1,
            count: MAX_HITS,
        },
        element_set: "B".into(),
        syntax: "SUTRS".into(),
    };
    match url.form() {
        WaisForm::Search => {
            let w = wais_words(url.search().map(|s| s.as_str()).unwrap_or_default());
            plan.requests.push(search(w));
            plan.requests.push(brief);
        }
        WaisForm::Database => {
            plan.requests.push(search(Vec::new()));
            plan.requests.push(brief);
        }
        WaisForm::Document => {
            let wtype = url
                .wtype()
                .map(|t| t.decode_lossy().into_owned())
                .unwrap_or_default();
            let raw = url.wpath().map(|p| p.as_str()).unwrap_or_default();
            // A document this client cannot name by the convention is
            // still a URL a gateway may know (an old WAIS doc-id): the
            // plan says so, and only a direct access refuses it.
            let (Some(syntax), Some(doc)) = (syntax(&wtype), Wpath::parse(raw)) else {
                plan.unreachable = Some(if syntax(&wtype).is_none() {
                    format!(
                        "wtype {wtype:?} names no record syntax: use TEXT, USMARC, XML, GRS-1 or a dotted OID"
                    )
                } else {
                    format!(
                        "wpath {raw:?} is not Uniform's \"id<n>,words\" or \"position,words\" form (a WAIS 1.0 document-id means nothing to a Z39.50 server)"
                    )
                });
                plan.requests.clear();
                return Ok(plan);
            };
            plan.requests.push(search(doc.words.clone()));
            plan.record = Some(doc.record);
            let records = match doc.record {
                WpathRecord::Id(_) => {
                    plan.requests.push(Z3950Request::Present {
                        records: Records::Range {
                            first: 1,
                            count: 1000,
                        },
                        element_set: "zebra::meta::sysno".into(),
                        syntax: "XML".into(),
                    });
                    Records::FoundPosition
                }
                WpathRecord::Position(p) => Records::Range { first: p, count: 1 },
            };
            // The indexed file's own octets; F where refused.
            let element_set = if syntax == "SUTRS" {
                "zebra::data"
            } else {
                "F"
            };
            plan.requests.push(Z3950Request::Present {
                records,
                element_set: element_set.into(),
                syntax,
            });
        }
    }
    plan.requests.push(Z3950Request::Close);
    Ok(plan)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::url::UrlRef;

    fn shown(url: &str) -> String {
        let u = UrlRef::parse(url).unwrap();
        crate::plan::plan(&u, &PlanOptions::default())
            .unwrap()
            .to_string()
    }

    #[test]
    fn search_words_are_and_ed_terms() {
        let p = shown("wais://h/db?rfc+1738%22");
        assert!(p.contains(
            "> searchRequest database \"db\" query @and @attr 1=1016 \"rfc\" @attr 1=1016 \"1738\"\"\n"
        ));
        assert!(p.contains("> presentRequest 1..100 elementSetName B"));
    }

    #[test]
    fn octets_are_shown_escaped_and_line_breaks_refused() {
        let p = shown("wais://h/db?caf%C3%A9");
        assert!(p.contains("\"caf\\xC3\\xA9\""), "{p}");
        let u = UrlRef::parse("wais://h/db?a%0D%0Ab").unwrap();
        let e = crate::plan::plan(&u, &PlanOptions::default()).unwrap_err();
        assert_eq!(
            e.rule(),
            Some(crate::plan::refusal::Rule::LineBreakInjection)
        );
    }

    #[test]
    fn documents_follow_the_wpath_convention() {
        let p = shown("wais://h:2101/Default/TEXT/2,protocol");
        assert!(p.contains("query @attr 1=1016 \"protocol\"\n"));
        assert!(p.contains(
            "> presentRequest 2..2 elementSetName zebra::data preferredRecordSyntax SUTRS\n"
        ));
        let p = shown("wais://h:2101/Default/USMARC/id7,protocol");
        assert!(p.contains("elementSetName zebra::meta::sysno preferredRecordSyntax XML\n"));
        assert!(p.contains("whose id is 7"), "{p}");
        assert!(p.contains(
            "> presentRequest <its position>..<its position> elementSetName F preferredRecordSyntax USMARC\n"
        ));
        // Not the convention: no dialogue, notes that say why.
        let p = shown("wais://h/db/TEXT/%00%01binary");
        assert!(p.contains("position,words"), "{p}");
        assert!(!p.contains("\n> "), "{p}");
        assert!(shown("wais://h/db/PS/1,x").contains("names no record syntax"));
        let record = |raw| Wpath::parse(raw).map(|w| w.record);
        assert_eq!(record("3,"), Some(WpathRecord::Position(3)));
        assert_eq!(record("id3,"), Some(WpathRecord::Id(3)));
        assert_eq!(record("id,x"), None);
        assert_eq!(syntax("1.2.840.10003.5.10").as_deref(), Some("USMARC"));
        assert_eq!(syntax("1.2.3").as_deref(), Some("1.2.3"));
        assert_eq!(syntax("gif"), None);
    }
}
