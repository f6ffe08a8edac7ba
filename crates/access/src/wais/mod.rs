//! `wais:` URLs (RFC 1738 section 3.9) over Z39.50 version 3.
//!
//! No WAIS 1.0 (RFC 1625) server exists any more; today's servers of the
//! same lineage (YAZ, Zebra) speak Z39.50-2003 in BER on TCP. This module
//! is a small Z39.50 origin: Init, Search with a Type-1 query, Present,
//! Close.
//!
//! - `wais://host:port/database?search`: the search part is split on `+`
//!   and each word percent-decoded; each word is a term under bib-1 use
//!   attribute 1016 ("any"), and the terms are AND-ed. The hits come back
//!   as a [`crate::Listing`], each with the URL of its document.
//! - `wais://host:port/database/wtype/wpath`: one document, written as the
//!   server gives it (element set `F`).
//! - `wais://host:port/database`: the server and the database described,
//!   and the database's records listed where the server can search for
//!   every record (Zebra's `_ALLRECORDS`).
//!
//! # The `<wpath>` convention
//!
//! RFC 1738 makes `<wpath>` the WAIS document-id, an opaque binary value
//! that a WAIS server issued and that no Z39.50 server has. Uniform's
//! `<wpath>` names a record by the server's own record identifier,
//! found among the hits of a search:
//!
//! ```text
//! wpath    = ( id / position ) "," [ word *( "+" word ) ]
//! id       = "id" 1*digit  ; the record's identifier (Zebra's sysno)
//! position = 1*digit       ; 1-based, in the result set: unstable
//! word     = *uchar        ; as in the search part, "+" inside a word as %2B
//! ```
//!
//! `id`: the words are searched (no words: every record, `_ALLRECORDS`),
//! the identifiers of the first `MAX_SCAN` hits are asked for (element
//! set `zebra::meta::sysno`, XML; the "Local Number" Zebra shows in its
//! B and F records), and the record whose identifier is the one named is
//! fetched. Zebra gives each record its identifier when it
//! indexes it and never reuses it, so adding or removing other documents
//! never changes what such a URL names; a record removed, or changed so
//! that the words no longer find it, is an error, never another record.
//! `wais://h:2101/Default/TEXT/id3,protocol` is the record whose id is 3,
//! among those found for "protocol". Listings give these URLs.
//!
//! `position`: record `position` of the search the words make, read for
//! compatibility and given by listings of a server that has no record
//! identifiers (yaz-ztest). It names whatever record is at that place
//! today: a document added to the database may change it.
//!
//! `<wtype>` chooses the record syntax asked for: `TEXT` (or `SUTRS`),
//! `USMARC` (or `MARC`), `XML`, `GRS-1`, or a dotted OID; the listing
//! names each hit with the syntax its record came in (`TEXT` for SUTRS).
//! A record that comes in another syntax than the one asked for is
//! refused (its octets would be read as what they are not); the error
//! names the wtype to ask for. `TEXT` is asked for as element set
//! `zebra::data` (the indexed file's octets, as it was indexed), and as
//! `F` where the server refuses that.

pub mod ber;
pub mod pdu;
mod tlv;

use crate::error::{AccessError, AccessErrorKind, UNRESOLVED};
use crate::executor::executor;
use crate::fetched::Fetched;
use crate::interaction::Interaction;
use crate::listing::{Entry, EntryKind, Listing};
use crate::net::{Deadline, Dial, Pace, Timeouts, Unresolved};
use crate::options::FetchOptions;
use pdu::{Diagnostic, Pdu, Query, Record, RecordSyntax, Records};
use std::io::{Read, Write};
use std::net::TcpStream;
use uniform::UrlRef;
use uniform::pct::{self, EncodeSet};
use uniform::plan::{Endpoint, WaisPlan, Z3950Request};
use uniform::schemes::{WaisForm, Wpath, WpathRecord, wais_search};

/// At most this many hits of a search are listed.
pub(crate) const MAX_HITS: i64 = 100;

/// How a listed name is cut.
const MAX_NAME: usize = 200;

/// At most this many hits are searched for a record identifier.
pub(crate) const MAX_SCAN: i64 = 1000;

/// Zebra's element set for a record's identifier, as XML
/// `<record xmlns="http://www.indexdata.com/zebra/" sysno="3"/>`.
const RECORD_ID: &[u8] = b"zebra::meta::sysno";

/// The identifier in a [`RECORD_ID`] record.
fn record_id(data: &[u8]) -> Option<u64> {
    let text = std::str::from_utf8(data).ok()?;
    let at = text.find(" sysno=\"")? + " sysno=\"".len();
    let digits = &text[at..];
    let end = digits.find('"')?;
    let d = &digits[..end];
    (!d.is_empty() && d.len() <= 20 && d.bytes().all(|b| b.is_ascii_digit()))
        .then(|| d.parse().ok())
        .flatten()
}

executor!(
    /// The WAIS executor: [`fetch`] on the plan's Z39.50 requests.
    Wais,
    Wais,
    |job, p, out, ui| fetch(&job.url, p, job.opts, job.session, job.dial, out, ui)
);

/// Runs a WAIS plan: the parameters of its Z39.50 requests (database,
/// search words, record and record syntax) come from the plan's
/// [`Z3950Request`]s; the session chooses the next request by the last
/// answer, as the plan's notes say.
pub(crate) fn fetch(
    url: &UrlRef<'_>,
    plan: &WaisPlan,
    _opts: &FetchOptions,
    // Not `Session`: that name is the Z39.50 session's, here.
    session: &crate::session::Session,
    dial: Dial<'_>,
    out: &mut dyn Write,
    ui: &mut dyn Interaction,
) -> Result<Fetched, AccessError> {
    let host = url.hostname().unwrap_or_default().to_string();
    let fail = |m: String| AccessError::new(AccessErrorKind::Unsupported, "wais", Some(&host), m);
    // A document URL that is not the convention: refused without a
    // connection (a gateway may reach it).
    if let Some(why) = &plan.unreachable {
        return Err(fail(why.clone()));
    }
    let Endpoint::Host { host: to, port } = &plan.endpoint else {
        return Err(fail("the plan names no server".into()));
    };
    let Some((database, words)) = plan.requests.iter().find_map(|r| match r {
        Z3950Request::Search { database, words } => Some((database.clone(), words.clone())),
        _ => None,
    }) else {
        return Err(fail("the plan searches nothing".into()));
    };
    let syntax = plan.requests.iter().rev().find_map(|r| match r {
        Z3950Request::Present { syntax, .. } => Some(syntax.clone()),
        _ => None,
    });
    let doc = match (plan.form, plan.record) {
        (WaisForm::Document, Some(which)) => {
            let wtype = syntax.unwrap_or_default();
            let Some(syntax) = RecordSyntax::from_wtype(&wtype) else {
                return Err(fail(format!("wtype {wtype:?} names no record syntax")));
            };
            Some((syntax, which, words.clone()))
        }
        _ => None,
    };
    let mut s = Session::open(to, *port, dial, &session.timeouts, ber::MAX_APDU)?;
    let base = &plan.base;
    let result = match (plan.form, doc) {
        (_, Some((syntax, which, words))) => s.document(&database, &syntax, which, words, out, ui),
        (WaisForm::Search, _) => s.listing(base, &database, words).map(Fetched::Listing),
        _ => s.describe(base, &database).map(Fetched::Listing),
    };
    s.close();
    result
}

/// One Z39.50 association: the connection, octets read past the last APDU,
/// and the limits.
struct Session {
    stream: TcpStream,
    pending: Vec<u8>,
    deadline: Deadline,
    idle: std::time::Duration,
    /// Every APDU keeps to the low-speed limit once it has started.
    pace: Pace,
    host: String,
    limit: usize,
    server: String,
}

impl Session {
    fn error(&self, kind: AccessErrorKind, msg: impl Into<String>) -> AccessError {
        AccessError::new(kind, "wais", Some(&self.host), msg)
    }

    /// Connects and initializes (Init, accepted).
    fn open(
        host: &str,
        port: u16,
        dial: Dial<'_>,
        timeouts: &Timeouts,
        limit: usize,
    ) -> Result<Session, AccessError> {
        let stream = dial.connect(host, port, timeouts).map_err(|e| {
            let unresolved = Unresolved::is(&e);
            let e = AccessError::io(
                "wais",
                Some(host),
                &format!("connecting to {host}:{port}"),
                e,
            );
            match e.kind() {
                AccessErrorKind::Io if unresolved => {
                    retag(e, AccessErrorKind::Connect).with_exit_code(UNRESOLVED)
                }
                AccessErrorKind::Io => retag(e, AccessErrorKind::Connect),
                _ => e,
            }
        })?;
        let mut s = Session {
            stream,
            pending: Vec::new(),
            deadline: Deadline::after(timeouts.total),
            idle: timeouts.idle,
            pace: Pace::new(timeouts.speed),
            host: host.to_string(),
            limit,
            server: String::new(),
        };
        match s.call(&pdu::init_request(limit), "initializing (Z39.50 Init)")? {
            Pdu::InitResponse(r) if r.accepted => {
                s.server = [r.implementation_name, r.implementation_version]
                    .into_iter()
                    .flatten()
                    .collect::<Vec<_>>()
                    .join(" ");
                Ok(s)
            }
            Pdu::InitResponse(r) => Err(s
                .error(
                    AccessErrorKind::Auth,
                    "the server refused the Z39.50 session (Init rejected)",
                )
                .with_reply(r.implementation_name.unwrap_or_default().as_bytes())),
            other => Err(s.unexpected("initializing (Z39.50 Init)", &other)),
        }
    }

    fn unexpected(&self, doing: &str, got: &Pdu) -> AccessError {
        match got {
            Pdu::Close(c) => self
                .error(
                    AccessErrorKind::Protocol,
                    format!(
                        "{doing}: the server closed the session (close reason {})",
                        c.reason
                    ),
                )
                .with_reply(c.info.as_deref().unwrap_or_default().as_bytes()),
            other => self.error(
                AccessErrorKind::Protocol,
                format!(
                    "{doing}: the server answered with another APDU ({})",
                    pdu_name(other)
                ),
            ),
        }
    }

    fn diagnostic(&self, doing: &str, d: &Diagnostic) -> AccessError {
        let e = self.error(
            AccessErrorKind::Protocol,
            format!("{doing}: diagnostic {} ({})", d.condition, d.meaning()),
        );
        if d.addinfo.is_empty() {
            e
        } else {
            e.with_reply(d.addinfo.as_bytes())
        }
    }

    /// Sends one APDU and reads the answer.
    fn call(&mut self, apdu: &[u8], doing: &str) -> Result<Pdu, AccessError> {
        self.stream
            .write_all(apdu)
            .map_err(|e| AccessError::io("wais", Some(&self.host), doing, e))?;
        let reply = self.read_apdu(doing)?;
        ber::decode(&reply).map_err(|e| self.ber_error(doing, &e))
    }

    fn ber_error(&self, doing: &str, e: &ber::BerError) -> AccessError {
        let kind = match e.kind() {
            ber::BerErrorKind::TooLarge => AccessErrorKind::TooLong,
            _ => AccessErrorKind::Protocol,
        };
        self.error(
            kind,
            format!("{doing}: the reply is not a Z39.50 APDU this client reads: {e}"),
        )
    }

    /// The next whole APDU; memory stays within the limit.
    fn read_apdu(&mut self, doing: &str) -> Result<Vec<u8>, AccessError> {
        let mut chunk = [0u8; 16 * 1024];
        self.pace.restart();
        loop {
            match ber::frame_len(&self.pending, self.limit) {
                Ok(Some(n)) => {
                    let rest = self.pending.split_off(n);
                    return Ok(std::mem::replace(&mut self.pending, rest));
                }
                Ok(None) => {}
                Err(e) => return Err(self.ber_error(doing, &e)),
            }
            let io = |e| AccessError::io("wais", Some(&self.host), doing, e);
            self.deadline.check().map_err(io)?;
            self.stream
                .set_read_timeout(Some(self.pace.wait(self.idle, &self.deadline)))
                .map_err(io)?;
            let got = loop {
                match self.stream.read(&mut chunk) {
                    Err(e) if e.kind() == std::io::ErrorKind::Interrupted => continue,
                    r => break r,
                }
            }
            .map_err(|e| self.pace.explain(e, &self.deadline, self.idle))
            .and_then(|n| self.pace.account(n).map(|()| n))
            .map_err(|e| AccessError::io("wais", Some(&self.host), doing, e))?;
            if got == 0 {
                let how = if self.pending.is_empty() {
                    ""
                } else {
                    " in the middle of an APDU"
                };
                return Err(self.error(
                    AccessErrorKind::Protocol,
                    format!("{doing}: the server closed the connection{how}"),
                ));
            }
            self.pending.extend_from_slice(&chunk[..got]);
        }
    }

    /// Searches; the number of records found.
    fn search(&mut self, database: &[u8], query: &Query) -> Result<i64, AccessError> {
        let doing = format!(
            "searching database {:?} for {}",
            String::from_utf8_lossy(database),
            query.pqf()
        );
        let r = match self.call(&pdu::search_request(database, query), &doing)? {
            Pdu::SearchResponse(r) => r,
            other => return Err(self.unexpected(&doing, &other)),
        };
        if let Some(Records::Diagnostics(d)) = &r.records
            && let Some(d) = d.first()
        {
            return Err(self.diagnostic(&doing, d));
        }
        // A failed search may still leave a partial result set (subset 1,
        // interim 2); "none" (3) or no status is a failure.
        if !r.status && !matches!(r.result_set_status, Some(1 | 2)) {
            return Err(self.error(
                AccessErrorKind::Protocol,
                format!("{doing}: the search failed, without a diagnostic"),
            ));
        }
        Ok(r.result_count.max(0))
    }

    /// Records `start..start+count` of the result set, asking again from
    /// where the server stopped when one response does not hold them all.
    fn present(
        &mut self,
        start: i64,
        count: i64,
        element_set: &[u8],
        syntax: &RecordSyntax,
    ) -> Result<Vec<Result<Record, Diagnostic>>, AccessError> {
        let mut got: Vec<Result<Record, Diagnostic>> = Vec::new();
        while (got.len() as i64) < count {
            let from = start + got.len() as i64;
            let want = count - got.len() as i64;
            let doing = format!(
                "presenting records {from}..{} as {} (element set {})",
                from + want - 1,
                syntax.name(),
                String::from_utf8_lossy(element_set)
            );
            let r = match self.call(
                &pdu::present_request(from, want, element_set, syntax),
                &doing,
            )? {
                Pdu::PresentResponse(r) => r,
                other => return Err(self.unexpected(&doing, &other)),
            };
            match r.records {
                Some(Records::Diagnostics(d)) => {
                    let d = d.into_iter().next().unwrap_or_default();
                    return Err(self.diagnostic(&doing, &d));
                }
                Some(Records::Records(recs)) if !recs.is_empty() => {
                    let room = (count - got.len() as i64) as usize;
                    got.extend(recs.into_iter().take(room).map(|n| n.record));
                }
                _ => {
                    return Err(self.error(
                        AccessErrorKind::Protocol,
                        format!(
                            "{doing}: the server sent no records (present status {})",
                            r.present_status
                        ),
                    ));
                }
            }
        }
        Ok(got)
    }

    /// The hits of a search as a listing.
    fn listing(
        &mut self,
        base: &str,
        database: &[u8],
        words: Vec<Vec<u8>>,
    ) -> Result<Listing, AccessError> {
        let query = Query::from_words(words.clone());
        let hits = self.search(database, &query)?;
        let mut l = Listing::new(if words.is_empty() {
            base.to_string()
        } else {
            format!("{base}?{}", wais_search(&words))
        });
        let shown = hits.min(MAX_HITS);
        let more = if hits > shown {
            format!("; the first {shown} are listed")
        } else {
            String::new()
        };
        let matched = if hits == 1 {
            "record matches"
        } else {
            "records match"
        };
        let shown_words: Vec<String> = words
            .iter()
            .map(|w| String::from_utf8_lossy(w).into_owned())
            .collect();
        let what = if words.is_empty() {
            // An empty search part: the search for every record.
            "an empty search (every record, _ALLRECORDS)".to_string()
        } else {
            shown_words.join(" AND ")
        };
        l.entries.push(Entry::new(
            format!("{hits} {matched} {what}{more}"),
            EntryKind::Info,
        ));
        self.list_hits(&mut l, base, &words, hits)?;
        Ok(l)
    }

    fn list_hits(
        &mut self,
        l: &mut Listing,
        base: &str,
        words: &[Vec<u8>],
        hits: i64,
    ) -> Result<(), AccessError> {
        let shown = hits.min(MAX_HITS);
        if shown == 0 {
            return Ok(());
        }
        let recs = self.present(1, shown, b"B", &RecordSyntax::Sutrs)?;
        let ids = self.record_ids(shown)?;
        for (i, rec) in recs.iter().enumerate() {
            let position = i as i64 + 1;
            // The stable name where the server gives one.
            let doc = match ids.as_ref().and_then(|ids| ids.get(i).copied().flatten()) {
                Some(id) => WpathRecord::Id(id),
                // At most MAX_HITS.
                None => WpathRecord::Position(position as u32),
            };
            l.entries.push(match rec {
                Ok(r) => match &r.syntax {
                    Some(syntax) => {
                        let textual = matches!(syntax, RecordSyntax::Sutrs | RecordSyntax::Xml);
                        let name = if textual {
                            headline(&r.data)
                        } else {
                            format!("record {position}")
                        };
                        Entry::new(name, EntryKind::File)
                            .url(format!(
                                "{base}/{}/{}",
                                pct::encode(syntax.wtype().as_bytes(), &EncodeSet::WAIS),
                                Wpath {
                                    record: doc,
                                    words: words.to_vec()
                                }
                                .to_raw()
                            ))
                            .detail(format!("record {position} of {hits}, {}", syntax.name()))
                    }
                    // Without an OID the syntax is unknown, and so is the
                    // wtype a URL would need: no URL is guessed.
                    None => Entry::new(format!("record {position}"), EntryKind::Other).detail(
                        format!("record {position} of {hits}, record syntax unknown (no OID)"),
                    ),
                },
                Err(d) => Entry::new(
                    format!(
                        "record {position}: diagnostic {} ({})",
                        d.condition,
                        d.meaning()
                    ),
                    EntryKind::Other,
                )
                .detail(crate::error::escape(d.addinfo.as_bytes())),
            });
        }
        Ok(())
    }

    /// The identifiers of hits `1..=count`, `None` when the server gives
    /// none (it refuses the element set, for the whole response or record
    /// by record as yaz-ztest does).
    fn record_ids(&mut self, count: i64) -> Result<Option<Vec<Option<u64>>>, AccessError> {
        match self.present(1, count, RECORD_ID, &RecordSyntax::Xml) {
            Ok(recs) => {
                let ids: Vec<Option<u64>> = recs
                    .iter()
                    .map(|r| r.as_ref().ok().and_then(|r| record_id(&r.data)))
                    .collect();
                Ok(ids.iter().any(Option::is_some).then_some(ids))
            }
            Err(e) if e.kind() == AccessErrorKind::Protocol => Ok(None),
            Err(e) => Err(e),
        }
    }

    /// The database form: the server and database described, then every
    /// record listed where the server can search for them all.
    fn describe(&mut self, base: &str, database: &[u8]) -> Result<Listing, AccessError> {
        let mut l = Listing::new(base);
        let server = if self.server.is_empty() {
            "an unnamed Z39.50 server".to_string()
        } else {
            self.server.clone()
        };
        l.entries.push(Entry::new(
            format!("Z39.50 server: {server}"),
            EntryKind::Info,
        ));
        let db = String::from_utf8_lossy(database).into_owned();
        l.entries.push(Entry::new(
            format!("database {db}: search it with {base}?word+word"),
            EntryKind::Info,
        ));
        match self.search(database, &Query::All) {
            // No hits is no count: a server without _ALLRECORDS (yaz-ztest)
            // finds nothing for it whatever it holds.
            Ok(0) => {
                l.entries.push(Entry::new(
                    "the server lists no records for a search of every record (_ALLRECORDS); it may not support one",
                    EntryKind::Info,
                ));
            }
            Ok(hits) => {
                let shown = hits.min(MAX_HITS);
                let more = if hits > shown {
                    format!("; the first {shown} are listed")
                } else {
                    String::new()
                };
                l.entries.push(Entry::new(
                    format!("{hits} records in the database{more}"),
                    EntryKind::Info,
                ));
                self.list_hits(&mut l, base, &[], hits)?;
            }
            // The database itself is wrong: that is the answer.
            Err(e) if is_database_error(&e) => return Err(e),
            // The server cannot list every record: the description stands.
            Err(e) if e.kind() == AccessErrorKind::Protocol => {
                l.entries.push(Entry::new(
                    format!("the server does not list its records: {}", e.message()),
                    EntryKind::Info,
                ));
            }
            Err(e) => return Err(e),
        }
        Ok(l)
    }

    /// One document: the record the wpath names among the hits of its
    /// search.
    fn document(
        &mut self,
        database: &[u8],
        syntax: &RecordSyntax,
        which: WpathRecord,
        words: Vec<Vec<u8>>,
        out: &mut dyn Write,
        ui: &mut dyn Interaction,
    ) -> Result<Fetched, AccessError> {
        let query = Query::from_words(words);
        let hits = self.search(database, &query)?;
        let position = match which {
            WpathRecord::Position(position) => {
                let position = i64::from(position);
                if position > hits {
                    return Err(self.error(
                        AccessErrorKind::Protocol,
                        format!(
                            "record {position} asked for, but {} finds {hits}",
                            query.pqf()
                        ),
                    ));
                }
                position
            }
            WpathRecord::Id(id) => {
                let scan = hits.min(MAX_SCAN);
                let ids = if scan == 0 {
                    Some(Vec::new())
                } else {
                    self.record_ids(scan)?
                };
                let Some(ids) = ids else {
                    return Err(self.error(
                        AccessErrorKind::Unsupported,
                        format!(
                            "record id {id} asked for, but the server gives no record identifiers (element set {}): name the record by its position",
                            String::from_utf8_lossy(RECORD_ID)
                        ),
                    ));
                };
                match ids.iter().position(|&i| i == Some(id)) {
                    Some(i) => i as i64 + 1,
                    None => {
                        return Err(self.error(
                            AccessErrorKind::Protocol,
                            format!(
                                "no record with id {id} among the {scan} first of the {hits} records {} finds: it was removed, or no longer matches the words",
                                query.pqf()
                            ),
                        ));
                    }
                }
            }
        };
        // Text is asked for as Zebra's raw data, the indexed file's own
        // octets; F (Zebra's adds "Local Number" and "Filename" lines)
        // where the server refuses that element set.
        let mut rec = None;
        if *syntax == RecordSyntax::Sutrs {
            rec = match self.present(position, 1, RAW_DATA, syntax) {
                Ok(r) => r.into_iter().next().filter(Result::is_ok),
                Err(e) if e.kind() == AccessErrorKind::Protocol => None,
                Err(e) => return Err(e),
            };
        }
        let rec = match rec {
            Some(r) => Some(r),
            None => self.present(position, 1, b"F", syntax)?.into_iter().next(),
        };
        let rec = match rec {
            Some(Ok(r)) => r,
            Some(Err(d)) => {
                return Err(self.diagnostic(&format!("presenting record {position}"), &d));
            }
            None => return Err(self.error(AccessErrorKind::Protocol, "the server sent no record")),
        };
        // The server may send another syntax than the one asked for
        // (Zebra's text records come as SUTRS whatever is asked): the
        // octets would be read as what they are not, so that is refused.
        if let Some(got) = &rec.syntax
            && got != syntax
        {
            return Err(self.error(
                AccessErrorKind::Protocol,
                format!(
                    "record {position}: {} asked for (wtype), but the server sent {} ({}); fetch {}",
                    syntax.name(),
                    got.name(),
                    pdu::dotted(&got.oid()),
                    got.wtype()
                ),
            ));
        }
        ui.size_known(rec.data.len() as u64);
        out.write_all(&rec.data)
            .map_err(|e| AccessError::io("wais", Some(&self.host), "writing the record", e))?;
        ui.progress(rec.data.len() as u64);
        Ok(Fetched::Object {
            bytes: rec.data.len() as u64,
        })
    }

    /// Ends the association politely; its failure changes nothing.
    fn close(&mut self) {
        let _ = self.stream.write_all(&pdu::close_request());
        let _ = self.stream.shutdown(std::net::Shutdown::Write);
    }
}

/// Zebra's element set for a record's stored data as it was indexed.
const RAW_DATA: &[u8] = b"zebra::data";

fn retag(e: AccessError, kind: AccessErrorKind) -> AccessError {
    let mut n = AccessError::new(kind, e.scheme(), e.host(), e.message().to_string());
    if let Some(r) = e.reply() {
        n = n.with_reply(r.as_bytes());
    }
    n
}

/// A diagnostic that says the database is wrong (109 unavailable, 235
/// does not exist).
fn is_database_error(e: &AccessError) -> bool {
    e.message().contains("diagnostic 109 ") || e.message().contains("diagnostic 235 ")
}

fn pdu_name(p: &Pdu) -> String {
    match p {
        Pdu::InitResponse(_) => "initResponse".into(),
        Pdu::SearchResponse(_) => "searchResponse".into(),
        Pdu::PresentResponse(_) => "presentResponse".into(),
        Pdu::Close(_) => "close".into(),
        Pdu::Other(t) => format!("APDU [{t}]"),
    }
}

/// A record's text on one line: its non-empty lines joined by " / ", cut
/// at [`MAX_NAME`] characters.
fn headline(data: &[u8]) -> String {
    let text = String::from_utf8_lossy(&data[..data.len().min(4 * MAX_NAME)]);
    let mut s = text
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty())
        .collect::<Vec<_>>()
        .join(" / ");
    if s.chars().count() > MAX_NAME {
        s = s.chars().take(MAX_NAME).collect::<String>() + "...";
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::net::TcpListener;
    use std::time::Duration;

    #[test]
    fn wpath_convention_round_trips() {
        let w = vec![b"rfc".to_vec(), b"1738+x".to_vec(), b"a/b".to_vec()];
        let doc = |record| Wpath {
            record,
            words: w.clone(),
        };
        let p = doc(WpathRecord::Position(3)).to_raw();
        assert_eq!(p, "3,rfc+1738%2Bx+a%2Fb");
        assert_eq!(Wpath::parse(&p), Some(doc(WpathRecord::Position(3))));
        let p = doc(WpathRecord::Id(42)).to_raw();
        assert_eq!(p, "id42,rfc+1738%2Bx+a%2Fb");
        assert_eq!(Wpath::parse(&p), Some(doc(WpathRecord::Id(42))));
        let record = |raw| Wpath::parse(raw).map(|w| (w.record, w.words));
        assert_eq!(record("id0,"), Some((WpathRecord::Id(0), vec![])));
        assert_eq!(record("1,"), Some((WpathRecord::Position(1), vec![])));
        assert_eq!(record("0,x"), None);
        assert_eq!(record("id,x"), None);
        assert_eq!(record("idx,x"), None);
        assert_eq!(record("x,y"), None);
        assert_eq!(record("12"), None);
        assert_eq!(record("9999999999,x"), None);
        // A libwww-style doc-id is not the convention.
        assert_eq!(record("0=host;1=db;"), None);
    }

    #[test]
    fn record_ids_are_read_from_zebras_meta_record() {
        assert_eq!(
            record_id(br#"<record xmlns="http://www.indexdata.com/zebra/" sysno="3"/>"#),
            Some(3)
        );
        assert_eq!(record_id(br#"<record sysno=""/>"#), None);
        assert_eq!(record_id(br#"<record sysno="3x"/>"#), None);
        // Every identifier Zebra can give (u64) reads, and its wpath reads back.
        let max = record_id(br#"<record sysno="18446744073709551615"/>"#).unwrap();
        assert_eq!(max, u64::MAX);
        let w = Wpath {
            record: WpathRecord::Id(max),
            words: vec![b"x".to_vec()],
        };
        assert_eq!(Wpath::parse(&w.to_raw()), Some(w));
        assert_eq!(
            record_id(br#"<record sysno="18446744073709551616"/>"#),
            None
        );
        assert_eq!(record_id(b"This is dummy SUTRS record number 3"), None);
        assert_eq!(record_id(&[0xFF, b'"']), None);
    }

    #[test]
    fn headline_is_one_bounded_line() {
        assert_eq!(
            headline(b"Local Number: 2\nFilename: a\n\nText here\n"),
            "Local Number: 2 / Filename: a / Text here"
        );
        assert!(headline(&[b'x'; 5000]).chars().count() <= MAX_NAME + 3);
    }

    /// A fake server that answers Init, then sends `then` after the next
    /// request, for the faults no real server makes.
    fn fake(then: Vec<u8>) -> u16 {
        fake_seq(vec![then])
    }

    /// A fake server that answers Init, then each request with the next
    /// of `replies`.
    fn fake_seq(replies: Vec<Vec<u8>>) -> u16 {
        let l = TcpListener::bind("127.0.0.1:0").unwrap();
        let port = l.local_addr().unwrap().port();
        std::thread::spawn(move || {
            let (mut c, _) = l.accept().unwrap();
            let mut buf = [0u8; 4096];
            let _ = c.read(&mut buf);
            let init = tlv::cons(
                21,
                &[
                    tlv::ctx(3, &[5, 0xE0]),
                    tlv::ctx(4, &[6, 0xC0]),
                    tlv::ctx(5, &[1]),
                    tlv::ctx(6, &[1]),
                    tlv::ctx(12, &[0xFF]),
                ],
            );
            let _ = c.write_all(&init);
            for r in replies {
                let _ = c.read(&mut buf);
                let _ = c.write_all(&r);
            }
            // Open until the client is done: a close would be an answer.
            uniform_testkit::until_closed(&mut c);
        });
        port
    }

    #[test]
    fn a_hit_without_record_syntax_is_not_taken_for_text() {
        let search = tlv::cons(
            23,
            &[
                tlv::ctx(23, &tlv::int(1)),
                tlv::ctx(24, &tlv::int(0)),
                tlv::ctx(25, &tlv::int(1)),
                tlv::ctx(22, &[0xFF]),
            ],
        );
        // An EXTERNAL with no direct-reference: octet-aligned data only.
        let external = tlv::ucons(8, &[tlv::ctx(1, b"<binary?>")]);
        // NamePlusRecord: record [1], retrievalRecord [1], the EXTERNAL.
        let npr = tlv::ucons(16, &[tlv::cons(1, &[tlv::cons(1, &[external])])]);
        let present = tlv::cons(
            25,
            &[
                tlv::ctx(24, &tlv::int(1)),
                tlv::ctx(25, &tlv::int(2)),
                tlv::ctx(27, &tlv::int(0)),
                tlv::cons(28, &[npr]),
            ],
        );
        let port = fake_seq(vec![search, present.clone(), present]);
        let l = match run(&format!("wais://127.0.0.1:{port}/Default?x")).unwrap() {
            Fetched::Listing(l) => l,
            other => panic!("{other:?}"),
        };
        let hit = &l.entries[1];
        assert_eq!(hit.kind, EntryKind::Other, "{l}");
        assert_eq!(hit.url, None, "{l}");
        assert!(
            hit.detail
                .as_deref()
                .unwrap_or_default()
                .contains("syntax unknown"),
            "{l}"
        );
    }

    fn session() -> crate::Session {
        let mut s = crate::Session::default();
        s.timeouts.idle = Duration::from_secs(2);
        s.timeouts.total = Some(Duration::from_secs(10));
        s
    }

    fn run(url: &str) -> Result<Fetched, AccessError> {
        let url = uniform::UrlRef::parse(url).unwrap();
        crate::fetch(
            &url,
            &FetchOptions::default(),
            &session(),
            &mut Vec::new(),
            &mut crate::interaction::Unattended,
        )
    }

    #[test]
    fn malformed_ber_reply_is_a_protocol_error() {
        // A primitive INTEGER with an indefinite length.
        let port = fake(vec![0xB7, 0x80, 0x97, 0x80, 0x00, 0x00]);
        let e = run(&format!("wais://127.0.0.1:{port}/Default?x")).unwrap_err();
        assert_eq!(e.kind(), AccessErrorKind::Protocol, "{e}");
        assert!(e.to_string().contains("indefinite length"), "{e}");
    }

    #[test]
    fn record_larger_than_the_limit_is_refused_before_it_is_read() {
        // A searchResponse claiming 100 MiB.
        let port = fake(vec![0xB7, 0x84, 0x06, 0x40, 0x00, 0x00, 0x97, 0x01]);
        let e = run(&format!("wais://127.0.0.1:{port}/Default?x")).unwrap_err();
        assert_eq!(e.kind(), AccessErrorKind::TooLong, "{e}");
        assert!(e.to_string().contains("limit"), "{e}");
    }

    #[test]
    fn a_server_that_stops_mid_apdu_times_out() {
        // Half an APDU, then silence, the connection open.
        let port = fake(vec![0xB7, 0x80, 0x97, 0x01]);
        let idle = session().timeouts.idle;
        let started = std::time::Instant::now();
        let e = run(&format!("wais://127.0.0.1:{port}/Default?x")).unwrap_err();
        let took = started.elapsed();
        assert_eq!(e.kind(), AccessErrorKind::Timeout, "{e}");
        // The idle limit, not the total one (10 s): it says --timeout.
        assert!(e.to_string().contains("--timeout"), "{e}");
        assert!(took >= idle, "{took:?}");
    }

    #[test]
    fn a_binary_doc_id_is_refused_without_connecting() {
        let e = run("wais://127.0.0.1:4/db/TEXT/0=x;1=y;").unwrap_err();
        assert_eq!(e.kind(), AccessErrorKind::Unsupported);
        assert!(e.to_string().contains("position,words"), "{e}");
        let e = run("wais://127.0.0.1:4/db/PS/1,x").unwrap_err();
        assert!(e.to_string().contains("record syntax"), "{e}");
    }
}
