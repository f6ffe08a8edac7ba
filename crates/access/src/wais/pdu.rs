//! The Z39.50 (version 3, ANSI/NISO Z39.50-2003) APDUs this client sends
//! and reads: Init, Search with a Type-1 (RPN) query, Present, Close.
//!
//! Tags follow the ASN.1 module `Z39-50-APDU` (EXPLICIT by default: a
//! CHOICE-typed field wraps its value, an IMPLICIT one replaces the tag).
//! Fields this client does not use (otherInfo, additionalSearchInfo,
//! resource reports) are skipped, whatever their content.

use super::tlv::{Apdu, BerError, BerErrorKind, Class, Node, cons, ctx, int, oid, tlv, ucons};

/// The Z39.50 object identifier arc, 1.2.840.10003 (ANSI/NISO).
const Z3950: [u64; 4] = [1, 2, 840, 10003];

/// The record syntaxes this client names, by OID (1.2.840.10003.5.x).
///
/// # Example
///
/// ```
/// use uniform_access::wais::pdu::RecordSyntax;
/// assert_eq!(RecordSyntax::from_oid(&[1, 2, 840, 10003, 5, 101]), RecordSyntax::Sutrs);
/// assert_eq!(RecordSyntax::Sutrs.wtype(), "TEXT");
/// assert_eq!(RecordSyntax::from_wtype("text"), Some(RecordSyntax::Sutrs));
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum RecordSyntax {
    /// Simple Unstructured Text Record Syntax, 1.2.840.10003.5.101.
    Sutrs,
    /// USMARC, 1.2.840.10003.5.10.
    Usmarc,
    /// XML, 1.2.840.10003.5.109.10.
    Xml,
    /// GRS-1, 1.2.840.10003.5.105.
    Grs1,
    /// Another syntax: its OID's arcs.
    Other(Vec<u64>),
}

impl RecordSyntax {
    /// The syntax an OID names.
    ///
    /// # Example
    ///
    /// ```
    /// use uniform_access::wais::pdu::RecordSyntax;
    /// assert_eq!(RecordSyntax::from_oid(&[1, 2, 840, 10003, 5, 10]), RecordSyntax::Usmarc);
    /// assert_eq!(RecordSyntax::from_oid(&[1, 2, 3]), RecordSyntax::Other(vec![1, 2, 3]));
    /// ```
    pub fn from_oid(arcs: &[u64]) -> RecordSyntax {
        match arcs.strip_prefix(&Z3950[..]) {
            Some([5, 101]) => RecordSyntax::Sutrs,
            Some([5, 10]) => RecordSyntax::Usmarc,
            Some([5, 109, 10]) => RecordSyntax::Xml,
            Some([5, 105]) => RecordSyntax::Grs1,
            _ => RecordSyntax::Other(arcs.to_vec()),
        }
    }

    /// Its OID's arcs.
    ///
    /// # Example
    ///
    /// ```
    /// use uniform_access::wais::pdu::RecordSyntax;
    /// assert_eq!(RecordSyntax::Usmarc.oid(), [1, 2, 840, 10003, 5, 10]);
    /// ```
    pub fn oid(&self) -> Vec<u64> {
        let tail: &[u64] = match self {
            RecordSyntax::Sutrs => &[5, 101],
            RecordSyntax::Usmarc => &[5, 10],
            RecordSyntax::Xml => &[5, 109, 10],
            RecordSyntax::Grs1 => &[5, 105],
            RecordSyntax::Other(arcs) => return arcs.clone(),
        };
        [&Z3950[..], tail].concat()
    }

    /// The name `uniform plan` shows.
    ///
    /// # Example
    ///
    /// ```
    /// use uniform_access::wais::pdu::RecordSyntax;
    /// assert_eq!(RecordSyntax::Other(vec![1, 2, 3]).name(), "1.2.3");
    /// ```
    pub fn name(&self) -> String {
        match self {
            RecordSyntax::Sutrs => "SUTRS".into(),
            RecordSyntax::Usmarc => "USMARC".into(),
            RecordSyntax::Xml => "XML".into(),
            RecordSyntax::Grs1 => "GRS-1".into(),
            RecordSyntax::Other(arcs) => dotted(arcs),
        }
    }

    /// The `<wtype>` of a document URL whose record has this syntax: TEXT
    /// for SUTRS, the syntax's name otherwise.
    ///
    /// # Example
    ///
    /// ```
    /// use uniform_access::wais::pdu::RecordSyntax;
    /// assert_eq!(RecordSyntax::Xml.wtype(), "XML");
    /// ```
    pub fn wtype(&self) -> String {
        match self {
            RecordSyntax::Sutrs => "TEXT".into(),
            other => other.name(),
        }
    }

    /// The syntax a `<wtype>` asks for (case-insensitive): TEXT or SUTRS,
    /// USMARC or MARC, XML, GRS-1, or a dotted OID; `None` for another.
    ///
    /// # Example
    ///
    /// ```
    /// use uniform_access::wais::pdu::RecordSyntax;
    /// assert_eq!(RecordSyntax::from_wtype("1.2.840.10003.5.10"), Some(RecordSyntax::Usmarc));
    /// assert_eq!(RecordSyntax::from_wtype("PS"), None);
    /// ```
    pub fn from_wtype(wtype: &str) -> Option<RecordSyntax> {
        match wtype.to_ascii_uppercase().as_str() {
            "TEXT" | "SUTRS" => Some(RecordSyntax::Sutrs),
            "USMARC" | "MARC" => Some(RecordSyntax::Usmarc),
            "XML" => Some(RecordSyntax::Xml),
            "GRS-1" | "GRS1" => Some(RecordSyntax::Grs1),
            s => {
                let arcs: Option<Vec<u64>> = s.split('.').map(|a| a.parse().ok()).collect();
                match arcs {
                    Some(a) if a.len() >= 2 && a[0] <= 2 && (a[0] == 2 || a[1] < 40) => {
                        Some(RecordSyntax::from_oid(&a))
                    }
                    _ => None,
                }
            }
        }
    }
}

pub(crate) fn dotted(arcs: &[u64]) -> String {
    arcs.iter()
        .map(u64::to_string)
        .collect::<Vec<_>>()
        .join(".")
}

/// A received APDU.
///
/// # Example
///
/// ```
/// use uniform_access::wais::{ber::decode, pdu::Pdu};
/// // initResponse [21] { result [12] TRUE, implementationName [111] "Z" }
/// let apdu = [0xB5, 0x07, 0x8C, 0x01, 0xFF, 0x9F, 0x6F, 0x01, b'Z'];
/// let Pdu::InitResponse(r) = decode(&apdu)? else { panic!() };
/// assert!(r.accepted);
/// assert_eq!(r.implementation_name.as_deref(), Some("Z"));
/// # Ok::<_, uniform_access::wais::ber::BerError>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum Pdu {
    /// The answer to Init.
    InitResponse(InitResponse),
    /// The answer to Search.
    SearchResponse(SearchResponse),
    /// The answer to Present.
    PresentResponse(PresentResponse),
    /// The server ends the session.
    Close(Close),
    /// Another APDU (its context tag number), which this client never asks for.
    Other(u32),
}

/// initResponse `[21]`.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
#[non_exhaustive]
pub struct InitResponse {
    /// Whether the server accepted the session.
    pub accepted: bool,
    /// The largest APDU the server will send.
    pub preferred_message_size: Option<i64>,
    /// The largest single record the server will send.
    pub exceptional_record_size: Option<i64>,
    /// implementationName.
    pub implementation_name: Option<String>,
    /// implementationVersion.
    pub implementation_version: Option<String>,
}

/// searchResponse `[23]`.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
#[non_exhaustive]
pub struct SearchResponse {
    /// How many records the search found.
    pub result_count: i64,
    /// Records sent with the response (piggy-backed).
    pub records_returned: i64,
    /// Whether the search succeeded.
    pub status: bool,
    /// resultSetStatus: 1 subset, 2 interim, 3 none.
    pub result_set_status: Option<i64>,
    /// The records or the diagnostics sent with the response.
    pub records: Option<Records>,
}

/// presentResponse `[25]`.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
#[non_exhaustive]
pub struct PresentResponse {
    /// How many records come with it.
    pub records_returned: i64,
    /// The position after the last record sent.
    pub next_position: i64,
    /// presentStatus: 0 success, 1-4 partial, 5 failure.
    pub present_status: i64,
    /// The records or the diagnostics.
    pub records: Option<Records>,
}

/// close `[48]`.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
#[non_exhaustive]
pub struct Close {
    /// closeReason: 0 finished, 1 shutdown, 2 system problem, 3 cost
    /// limit, 4 resources, 5 security violation, 6 protocol error, 7 lack
    /// of activity, 8 peer not responding, 9 unspecified.
    pub reason: i64,
    /// diagnosticInformation.
    pub info: Option<String>,
}

/// Records: the records asked for, or why there are none.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum Records {
    /// responseRecords `[28]`: one entry per position.
    Records(Vec<NamePlusRecord>),
    /// nonSurrogateDiagnostic `[130]` or multipleNonSurDiagnostics `[205]`.
    Diagnostics(Vec<Diagnostic>),
}

/// One position of a result set: the record, or a diagnostic in its place.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct NamePlusRecord {
    /// The database it comes from.
    pub database: Option<String>,
    /// The record, or the surrogate diagnostic.
    pub record: Result<Record, Diagnostic>,
}

/// A retrieval record: its syntax (read from its OID) and its octets.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct Record {
    /// The syntax the EXTERNAL names; `None` when it names none.
    pub syntax: Option<RecordSyntax>,
    /// The record: a SUTRS text's octets, a MARC or XML record's octets,
    /// or for a structured record (GRS-1) its BER encoding.
    pub data: Vec<u8>,
}

/// A bib-1 diagnostic (DefaultDiagFormat).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
#[non_exhaustive]
pub struct Diagnostic {
    /// The condition number.
    pub condition: i64,
    /// The additional information (often the term or database at fault).
    pub addinfo: String,
}

impl Diagnostic {
    /// The condition's meaning in bib-1, for the common ones.
    ///
    /// # Example
    ///
    /// ```
    /// use uniform_access::wais::pdu::Diagnostic;
    /// let mut d = Diagnostic::default();
    /// d.condition = 109;
    /// assert_eq!(d.meaning(), "database unavailable");
    /// ```
    pub fn meaning(&self) -> &'static str {
        match self.condition {
            1 => "permanent system error",
            2 => "temporary system error",
            3 => "unsupported search",
            11 => "too many characters in term",
            13 => "present request out of range",
            14 => "system error in presenting records",
            16 => "record too large to be included in the response",
            17 => "record too large for the preferred message size",
            25 => "specified element set name not valid for the database",
            30 => "specified result set does not exist",
            108 => "malformed query",
            109 => "database unavailable",
            113 => "unsupported attribute type",
            114 => "unsupported use attribute",
            117 => "unsupported relation attribute",
            123 => "unsupported term type",
            227 => "no data available in the requested record syntax",
            235 => "database does not exist",
            238 => "record not available in the requested syntax",
            239 => "record syntax not supported",
            _ => "diagnostic",
        }
    }
}

/// Decodes one complete APDU (see [`super::ber::decode`]).
pub(crate) fn interpret(apdu: &[u8]) -> Result<Pdu, BerError> {
    let a = Apdu::new(apdu);
    let root = a.root()?;
    if root.class != Class::ContextSpecific || !root.constructed {
        return Err(unexpected(
            &root,
            "an APDU is a constructed context-specific value",
        ));
    }
    Ok(match root.tag {
        21 => Pdu::InitResponse(init_response(&a, &root)?),
        23 => Pdu::SearchResponse(search_response(&a, &root)?),
        25 => Pdu::PresentResponse(present_response(&a, &root)?),
        48 => Pdu::Close(close(&a, &root)?),
        t => Pdu::Other(t),
    })
}

fn unexpected(n: &Node<'_>, what: &str) -> BerError {
    BerError::new(BerErrorKind::Unexpected, n.offset, what)
}

fn is_ctx(n: &Node<'_>, tag: u32) -> bool {
    n.class == Class::ContextSpecific && n.tag == tag
}

fn init_response(a: &Apdu<'_>, root: &Node<'_>) -> Result<InitResponse, BerError> {
    let mut r = InitResponse::default();
    let mut saw_result = false;
    for n in a.children(root) {
        let n = n?;
        if n.class != Class::ContextSpecific {
            continue;
        }
        match n.tag {
            5 => r.preferred_message_size = Some(a.integer(&n)?),
            6 => r.exceptional_record_size = Some(a.integer(&n)?),
            12 => {
                r.accepted = a.boolean(&n)?;
                saw_result = true;
            }
            111 => r.implementation_name = Some(a.text(&n)?),
            112 => r.implementation_version = Some(a.text(&n)?),
            _ => {}
        }
    }
    if !saw_result {
        return Err(unexpected(root, "an initResponse without its result"));
    }
    Ok(r)
}

fn search_response(a: &Apdu<'_>, root: &Node<'_>) -> Result<SearchResponse, BerError> {
    let mut r = SearchResponse::default();
    let mut saw_count = false;
    for n in a.children(root) {
        let n = n?;
        if n.class != Class::ContextSpecific {
            continue;
        }
        match n.tag {
            23 => {
                r.result_count = a.integer(&n)?;
                saw_count = true;
            }
            24 => r.records_returned = a.integer(&n)?,
            22 => r.status = a.boolean(&n)?,
            26 => r.result_set_status = Some(a.integer(&n)?),
            28 | 130 | 205 => r.records = Some(records(a, &n)?),
            _ => {}
        }
    }
    if !saw_count {
        return Err(unexpected(root, "a searchResponse without its resultCount"));
    }
    Ok(r)
}

fn present_response(a: &Apdu<'_>, root: &Node<'_>) -> Result<PresentResponse, BerError> {
    let mut r = PresentResponse::default();
    for n in a.children(root) {
        let n = n?;
        if n.class != Class::ContextSpecific {
            continue;
        }
        match n.tag {
            24 => r.records_returned = a.integer(&n)?,
            25 => r.next_position = a.integer(&n)?,
            27 => r.present_status = a.integer(&n)?,
            28 | 130 | 205 => r.records = Some(records(a, &n)?),
            _ => {}
        }
    }
    Ok(r)
}

fn close(a: &Apdu<'_>, root: &Node<'_>) -> Result<Close, BerError> {
    let mut r = Close::default();
    for n in a.children(root) {
        let n = n?;
        if is_ctx(&n, 211) {
            r.reason = a.integer(&n)?;
        } else if is_ctx(&n, 3) {
            r.info = Some(a.text(&n)?);
        }
    }
    Ok(r)
}

/// At most this many records or diagnostics in one APDU: the client asks
/// for at most [`super::MAX_HITS`], and each kept record costs more memory
/// than its few octets on the wire.
const MAX_ITEMS: usize = 1000;

fn records(a: &Apdu<'_>, n: &Node<'_>) -> Result<Records, BerError> {
    match n.tag {
        130 => Ok(Records::Diagnostics(vec![default_diag(a, n)?])),
        205 => {
            let mut out = Vec::new();
            for d in a.children(n) {
                let d = d?;
                if out.len() == MAX_ITEMS {
                    return Err(too_many(&d));
                }
                out.push(diag_rec(a, &d)?);
            }
            Ok(Records::Diagnostics(out))
        }
        _ => {
            let mut out = Vec::new();
            for r in a.children(n) {
                let r = r?;
                if out.len() == MAX_ITEMS {
                    return Err(too_many(&r));
                }
                out.push(name_plus_record(a, &r)?);
            }
            Ok(Records::Records(out))
        }
    }
}

fn too_many(n: &Node<'_>) -> BerError {
    BerError::new(
        BerErrorKind::TooLarge,
        n.offset,
        format!("more than {MAX_ITEMS} records in one APDU"),
    )
}

fn name_plus_record(a: &Apdu<'_>, n: &Node<'_>) -> Result<NamePlusRecord, BerError> {
    let mut database = None;
    let mut record = None;
    for part in a.children(n) {
        let part = part?;
        if is_ctx(&part, 0) {
            database = Some(a.text(&part)?);
        } else if is_ctx(&part, 1) {
            // record [1] CHOICE: explicit, so its one child is the choice.
            let Some(choice) = a.children(&part).next() else {
                return Err(unexpected(&part, "an empty record"));
            };
            let choice = choice?;
            let Some(inner) = a.children(&choice).next() else {
                return Err(unexpected(&choice, "an empty record choice"));
            };
            let inner = inner?;
            record = Some(if is_ctx(&choice, 1) {
                Ok(external(a, &inner)?)
            } else if is_ctx(&choice, 2) {
                Err(diag_rec(a, &inner)?)
            } else {
                return Err(unexpected(
                    &choice,
                    "a fragment of a segmented record (segmentation is not asked for)",
                ));
            });
        }
    }
    match record {
        Some(record) => Ok(NamePlusRecord { database, record }),
        None => Err(unexpected(n, "a NamePlusRecord without its record")),
    }
}

/// EXTERNAL: the syntax OID (direct-reference) and the encoding.
fn external(a: &Apdu<'_>, n: &Node<'_>) -> Result<Record, BerError> {
    if n.class != Class::Universal || n.tag != 8 {
        return Err(unexpected(n, "a retrieval record that is not an EXTERNAL"));
    }
    let mut syntax = None;
    let mut data = None;
    for part in a.children(n) {
        let part = part?;
        match (part.class, part.tag) {
            (Class::Universal, 6) => syntax = Some(RecordSyntax::from_oid(&a.oid(&part)?)),
            (Class::ContextSpecific, 0) => {
                // single-ASN1-type [0]: explicit. A string (SUTRS is an
                // InternationalString) gives its octets; a structure its
                // encoding.
                let mut inner = a.children(&part);
                let Some(v) = inner.next_with_encoding() else {
                    return Err(unexpected(&part, "an empty single-ASN1-type"));
                };
                let (v, enc) = v?;
                let string = v.class == Class::Universal
                    && matches!(v.tag, 4 | 12 | 19 | 20 | 22 | 25 | 26 | 27 | 28 | 30);
                data = Some(if string {
                    a.octets(&v)?.into_owned()
                } else {
                    enc.to_vec()
                });
            }
            (Class::ContextSpecific, 1) => data = Some(a.octets(&part)?.into_owned()),
            (Class::ContextSpecific, 2) => {
                let bits = a.octets(&part)?;
                data = Some(bits.get(1..).unwrap_or_default().to_vec());
            }
            _ => {}
        }
    }
    match data {
        Some(data) => Ok(Record { syntax, data }),
        None => Err(unexpected(n, "an EXTERNAL without its encoding")),
    }
}

/// DiagRec: defaultFormat, or an externally defined one (read as far as a
/// condition can be found: its text is shown).
fn diag_rec(a: &Apdu<'_>, n: &Node<'_>) -> Result<Diagnostic, BerError> {
    if n.class == Class::Universal && n.tag == 8 {
        return Ok(Diagnostic {
            condition: 0,
            addinfo: "an externally defined diagnostic".into(),
        });
    }
    default_diag(a, n)
}

fn default_diag(a: &Apdu<'_>, n: &Node<'_>) -> Result<Diagnostic, BerError> {
    let mut d = Diagnostic::default();
    let mut saw = false;
    for part in a.children(n) {
        let part = part?;
        match (part.class, part.tag) {
            (Class::Universal, 2) => {
                d.condition = a.integer(&part)?;
                saw = true;
            }
            (Class::Universal, 26 | 27) => d.addinfo = a.text(&part)?,
            _ => {}
        }
    }
    if !saw {
        return Err(unexpected(n, "a diagnostic without its condition"));
    }
    Ok(d)
}

// Requests.

/// initRequest [20]: versions 1-3, options search and present.
pub(crate) fn init_request(max: usize) -> Vec<u8> {
    let max = i64::try_from(max).unwrap_or(i64::MAX);
    cons(
        20,
        &[
            // ProtocolVersion [3] BIT STRING: version-1..3, 5 unused bits.
            ctx(3, &[0x05, 0xE0]),
            // Options [4] BIT STRING: search(0), present(1).
            ctx(4, &[0x06, 0xC0]),
            ctx(5, &int(max)),
            ctx(6, &int(max)),
            ctx(111, b"Uniform"),
            ctx(112, env!("CARGO_PKG_VERSION").as_bytes()),
        ],
    )
}

/// The use attribute "any" (bib-1 1=1016).
pub(crate) const USE_ANY: i64 = 1016;

/// A Type-1 query: the words AND-ed, each under bib-1 use "any"; no
/// words: every record (Zebra's `_ALLRECORDS` with relation 103).
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Query {
    Words(Vec<Vec<u8>>),
    All,
}

impl Query {
    pub fn from_words(words: Vec<Vec<u8>>) -> Query {
        if words.is_empty() {
            Query::All
        } else {
            Query::Words(words)
        }
    }

    fn encode(&self) -> Vec<u8> {
        let rpn = match self {
            Query::All => {
                let use_all = ucons(
                    16,
                    &[
                        ctx(120, &int(1)),
                        cons(224, &[cons(1, &[ctx(1, b"_ALLRECORDS")])]),
                    ],
                );
                let relation = ucons(16, &[ctx(120, &int(2)), ctx(121, &int(103))]);
                term(vec![use_all, relation], b"")
            }
            Query::Words(words) => {
                let mut it = words.iter().map(|w| {
                    let attr = ucons(16, &[ctx(120, &int(1)), ctx(121, &int(USE_ANY))]);
                    term(vec![attr], w)
                });
                let first = it.next().unwrap_or_default();
                // Left-deep: ((w1 AND w2) AND w3): PQF "@and @and w1 w2 w3".
                it.fold(first, |acc, t| cons(1, &[acc, t, cons(46, &[ctx(0, &[])])]))
            }
        };
        // query [21] Query (a CHOICE: explicit) → type-1 [1] IMPLICIT RPNQuery.
        cons(
            21,
            &[cons(
                1,
                &[tlv(0, false, 6, &oid(&[1, 2, 840, 10003, 3, 1])), rpn],
            )],
        )
    }

    /// The query in YAZ's prefix query format, for messages and plans.
    pub fn pqf(&self) -> String {
        match self {
            Query::All => "@attr 1=_ALLRECORDS @attr 2=103 \"\"".to_string(),
            Query::Words(words) => {
                let mut s = "@and ".repeat(words.len().saturating_sub(1));
                for (i, w) in words.iter().enumerate() {
                    if i > 0 {
                        s.push(' ');
                    }
                    s.push_str(&format!("@attr 1={USE_ANY} {}", quote(w)));
                }
                s
            }
        }
    }
}

/// A PQF term in double quotes, `"` and `\` escaped, other octets shown.
pub(crate) fn quote(w: &[u8]) -> String {
    let mut s = String::from("\"");
    for &b in w {
        match b {
            b'"' => s.push_str("\\\""),
            b'\\' => s.push_str("\\\\"),
            0x20..=0x7E => s.push(b as char),
            _ => s.push_str(&format!("\\x{b:02X}")),
        }
    }
    s.push('"');
    s
}

/// op [0] (explicit, Operand is a CHOICE) → attrTerm [102] IMPLICIT
/// SEQUENCE { attributes [44] IMPLICIT SEQUENCE OF, term general [45] }.
fn term(attributes: Vec<Vec<u8>>, word: &[u8]) -> Vec<u8> {
    cons(0, &[cons(102, &[cons(44, &attributes), ctx(45, word)])])
}

/// The result set every search here creates (the name Z39.50 reserves for
/// servers without named result sets).
pub(crate) const RESULT_SET: &[u8] = b"default";

/// searchRequest [22]: no records piggy-backed (small set 0, large set
/// lower bound 1, medium present 0), so that Present chooses the syntax.
pub(crate) fn search_request(database: &[u8], query: &Query) -> Vec<u8> {
    cons(
        22,
        &[
            ctx(13, &int(0)),
            ctx(14, &int(1)),
            ctx(15, &int(0)),
            ctx(16, &[0xFF]),
            ctx(17, RESULT_SET),
            cons(18, &[ctx(105, database)]),
            query.encode(),
        ],
    )
}

/// presentRequest [24]: `count` records from `start` (1-based), in
/// element set `element_set` ("B" brief, "F" full) and `syntax`.
pub(crate) fn present_request(
    start: i64,
    count: i64,
    element_set: &[u8],
    syntax: &RecordSyntax,
) -> Vec<u8> {
    cons(
        24,
        &[
            ctx(31, RESULT_SET),
            ctx(30, &int(start)),
            ctx(29, &int(count)),
            // recordComposition simple [19] ElementSetNames (a CHOICE):
            // explicit, genericElementSetName [0].
            cons(19, &[ctx(0, element_set)]),
            ctx(104, &oid(&syntax.oid())),
        ],
    )
}

/// close `[48]` with closeReason [211] finished (0).
pub(crate) fn close_request() -> Vec<u8> {
    cons(48, &[ctx(211, &int(0))])
}

#[cfg(test)]
mod tests {
    use super::super::ber::decode;
    use super::*;

    #[test]
    fn requests_match_the_notes_octets() {
        let init = init_request(1 << 20);
        assert_eq!(&init[..2], &[0xB4, init.len() as u8 - 2]);
        assert!(init.windows(4).any(|w| w == [0x83, 0x02, 0x05, 0xE0]));
        assert!(init.windows(4).any(|w| w == [0x84, 0x02, 0x06, 0xC0]));
        let s = search_request(b"Default", &Query::Words(vec![b"gopher".to_vec()]));
        assert_eq!(s[0], 0xB6);
        // attrTerm [102], attributes [44], use 1016, term [45].
        assert!(s.windows(2).any(|w| w == [0xBF, 0x66]));
        assert!(s.windows(2).any(|w| w == [0xBF, 0x2C]));
        assert!(s.windows(5).any(|w| w == [0x9F, 0x79, 0x02, 0x03, 0xF8]));
        assert!(s.windows(9).any(|w| w == *b"\x9F\x2D\x06gopher"));
        let p = present_request(1, 10, b"B", &RecordSyntax::Sutrs);
        assert_eq!(p[0], 0xB8);
        assert!(p.ends_with(&[0x9F, 0x68, 0x07, 0x2A, 0x86, 0x48, 0xCE, 0x13, 0x05, 0x65]));
        assert_eq!(
            close_request(),
            [0xBF, 0x30, 0x05, 0x9F, 0x81, 0x53, 0x01, 0x00][..]
        );
    }

    #[test]
    fn pqf_shows_the_query() {
        let q = Query::from_words(vec![b"a".to_vec(), b"b\"c".to_vec(), b"d".to_vec()]);
        assert_eq!(
            q.pqf(),
            "@and @and @attr 1=1016 \"a\" @attr 1=1016 \"b\\\"c\" @attr 1=1016 \"d\""
        );
        assert_eq!(Query::from_words(vec![]), Query::All);
        // Two words: one rpnRpnOp with the AND operator.
        let enc = Query::from_words(vec![b"a".to_vec(), b"b".to_vec()]).encode();
        assert!(enc.windows(4).any(|w| w == [0xBF, 0x2E, 0x02, 0x80]));
    }

    /// A present response as yaz-ztest sends it: indefinite lengths
    /// throughout, SUTRS in single-ASN1-type.
    fn present_with(record: &[u8]) -> Vec<u8> {
        let mut v = vec![
            0xB9, 0x80, 0x98, 0x01, 0x01, 0x99, 0x01, 0x02, 0x9B, 0x01, 0x00, 0xBC, 0x80, 0x30,
            0x80,
        ];
        v.extend_from_slice(&[0x80, 0x07]);
        v.extend_from_slice(b"Default");
        v.extend_from_slice(&[
            0xA1, 0x80, 0xA1, 0x80, 0x28, 0x80, 0x06, 0x07, 0x2A, 0x86, 0x48, 0xCE, 0x13, 0x05,
            0x65,
        ]);
        v.extend_from_slice(&[0xA0, 0x80]);
        v.extend_from_slice(&tlv(0, false, 27, record));
        v.extend_from_slice(&[0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]);
        v
    }

    #[test]
    fn reads_a_present_response_with_indefinite_lengths() {
        let v = present_with(b"This is dummy SUTRS record number 1");
        let Pdu::PresentResponse(p) = decode(&v).unwrap() else {
            panic!()
        };
        assert_eq!(
            (p.records_returned, p.next_position, p.present_status),
            (1, 2, 0)
        );
        let Some(Records::Records(r)) = p.records else {
            panic!()
        };
        assert_eq!(r[0].database.as_deref(), Some("Default"));
        let rec = r[0].record.as_ref().unwrap();
        assert_eq!(rec.syntax, Some(RecordSyntax::Sutrs));
        assert_eq!(rec.data, b"This is dummy SUTRS record number 1");
    }

    #[test]
    fn reads_diagnostics() {
        // searchResponse with resultCount 0, status false, resultSetStatus 3,
        // nonSurrogateDiagnostic 109 "Nope" (v2 addinfo, VisibleString).
        let body = [
            ctx(23, &int(0)),
            ctx(24, &int(0)),
            ctx(25, &int(0)),
            ctx(22, &[0]),
            ctx(26, &int(3)),
            cons(
                130,
                &[
                    tlv(0, false, 6, &oid(&[1, 2, 840, 10003, 4, 1])),
                    tlv(0, false, 2, &int(109)),
                    tlv(0, false, 26, b"Nope"),
                ],
            ),
        ];
        let v = cons(23, &body);
        let Pdu::SearchResponse(s) = decode(&v).unwrap() else {
            panic!()
        };
        assert!(!s.status);
        let Some(Records::Diagnostics(d)) = s.records else {
            panic!()
        };
        assert_eq!(
            (d[0].condition, d[0].addinfo.as_str(), d[0].meaning()),
            (109, "Nope", "database unavailable")
        );
    }

    #[test]
    fn malformed_replies_are_errors_not_panics() {
        let good = present_with(b"text");
        // Every truncation and every single-octet change: an error or a
        // value, never a panic.
        for cut in 0..good.len() {
            let _ = decode(&good[..cut]);
        }
        for i in 0..good.len() {
            for b in [0x00, 0x80, 0xFF, 0x1F, 0x30] {
                let mut v = good.clone();
                v[i] = b;
                let _ = decode(&v);
            }
        }
        // A searchResponse without resultCount.
        assert_eq!(
            decode(&cons(23, &[ctx(22, &[1])])).unwrap_err().kind(),
            BerErrorKind::Unexpected
        );
        // An INTEGER of nine octets.
        assert!(decode(&cons(23, &[ctx(23, &[1; 9])])).is_err());
        // A universal SEQUENCE is not an APDU.
        assert!(decode(&ucons(16, &[])).is_err());
        // An unknown APDU is reported, not decoded.
        assert_eq!(decode(&cons(36, &[])).unwrap(), Pdu::Other(36));
    }
}
