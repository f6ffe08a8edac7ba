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

use super::policy::PlanError;
use super::{Line, Plan, PlanOptions, Step, endpoint};
use crate::schemes::{WaisForm, WaisUrl, Wpath, WpathRecord, wais_words};

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
pub(super) fn plan(url: &WaisUrl<'_>, _o: &PlanOptions) -> Result<Plan, PlanError> {
    let database = url.database().decode().into_owned();
    if database.is_empty() {
        return Err(PlanError::unsupported(
            "the URL names no database (RFC 1738 section 3.9: wais://host:port/database)",
        ));
    }
    let u = url.url();
    let base = format!(
        "wais://{}/{}",
        u.authority().unwrap_or_default(),
        url.database().as_str()
    );
    let mut plan = Plan::new(u.scheme_kind());
    // A document this client cannot name by the convention is still a
    // URL a gateway may know (an old WAIS doc-id): the plan says so, and
    // only a direct access refuses it.
    if url.form() == WaisForm::Document {
        let wtype = url
            .wtype()
            .map(|t| t.decode_lossy().into_owned())
            .unwrap_or_default();
        let raw = url.wpath().map(|p| p.as_str()).unwrap_or_default();
        let why = if syntax(&wtype).is_none() {
            Some(format!(
                "wtype {wtype:?} names no record syntax: use TEXT, USMARC, XML, GRS-1 or a dotted OID"
            ))
        } else if Wpath::parse(raw).is_none() {
            Some(format!(
                "wpath {raw:?} is not Uniform's \"id<n>,words\" or \"position,words\" form (a WAIS 1.0 document-id means nothing to a Z39.50 server)"
            ))
        } else {
            None
        };
        if let Some(why) = why {
            plan.push(Step::Note(format!("{base}: {why}")))
                .push(Step::Note(
                    "not reachable over Z39.50; a WAIS gateway may reach it (--gateway wais=URL)"
                        .into(),
                ));
            return Ok(plan);
        }
    }
    plan.push(Step::Connect(endpoint(&u)))
        .send(Line::text("initRequest (Z39.50 v3)"))
        .push(Step::Note("< initResponse: the session accepted".into()));
    let search = |plan: &mut Plan, words: &[Vec<u8>]| {
        plan.send(
            Line::text("searchRequest database ")
                .and(quote(&database))
                .and(" query ")
                .and(pqf(words)),
        )
        .push(Step::Note(
            "< searchResponse: the number of hits, or a diagnostic".into(),
        ));
    };
    let brief = Line::text(format!(
        "presentRequest 1..{MAX_HITS} elementSetName B preferredRecordSyntax SUTRS"
    ));
    match url.form() {
        WaisForm::Search => {
            let w = wais_words(url.search().map(|s| s.as_str()).unwrap_or_default());
            search(&mut plan, &w);
            plan.send(brief).push(Step::Note(format!(
                "< presentResponse: the hits listed (fewer when fewer match), each as {base}/TEXT/id<n>,<words> (n its record id, elementSetName zebra::meta::sysno; <position> where the server gives none)"
            )));
        }
        WaisForm::Database => {
            search(&mut plan, &[]);
            plan.push(Step::Note(
                "a server that cannot search for every record: the database is only described"
                    .into(),
            ))
            .send(brief)
            .push(Step::Note(format!(
                "< presentResponse: the records listed, each as {base}/TEXT/id<n>, (<position>, where the server gives no record id)"
            )));
        }
        WaisForm::Document => {
            let wtype = url
                .wtype()
                .map(|t| t.decode_lossy().into_owned())
                .unwrap_or_default();
            // Both checked above.
            let syntax = syntax(&wtype).unwrap_or_default();
            let raw = url.wpath().map(|p| p.as_str()).unwrap_or_default();
            let doc = Wpath::parse(raw).unwrap_or(Wpath {
                record: WpathRecord::Position(1),
                words: Vec::new(),
            });
            search(&mut plan, &doc.words);
            let position = match doc.record {
                WpathRecord::Id(id) => {
                    plan.send(Line::text(
                        "presentRequest 1..1000 elementSetName zebra::meta::sysno preferredRecordSyntax XML",
                    ))
                    .push(Step::Note(format!(
                        "< presentResponse: the hits' record ids; the record whose id is {id} is fetched, none is an error"
                    )));
                    "<its position>".to_string()
                }
                WpathRecord::Position(p) => p.to_string(),
            };
            let position = format!("{position}..{position}");
            if syntax == "SUTRS" {
                // The indexed file's own octets; F where refused.
                plan.send(Line::text(format!(
                    "presentRequest {position} elementSetName zebra::data preferredRecordSyntax SUTRS"
                )))
                .push(Step::Note(
                    "a server that refuses element set zebra::data: element set F".into(),
                ));
            } else {
                plan.send(Line::text(format!(
                    "presentRequest {position} elementSetName F preferredRecordSyntax {syntax}"
                )));
            }
            plan.push(Step::Note(
                "< presentResponse: the record, written as it is; a record of another syntax (its OID) is refused"
                    .into(),
            ));
        }
    }
    plan.send(Line::text("close (finished)"));
    Ok(plan)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::UrlRef;

    fn shown(url: &str) -> String {
        let u = UrlRef::parse(url).unwrap();
        plan(&u.wais().unwrap(), &PlanOptions::default())
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
        assert_eq!(e.rule(), Some(crate::plan::Rule::LineBreakInjection));
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
