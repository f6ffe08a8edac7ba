//! The message a `mailto:` access sends (RFC 5322): its header fields and
//! its body, before SMTP's dot-stuffing.

use crate::options::Message;
use std::time::{SystemTime, UNIX_EPOCH};

/// The longest Subject sent as it is; a longer one is folded as encoded
/// words, so that no header line passes RFC 5322's 998 octets.
const PLAIN_SUBJECT_MAX: usize = 900;

/// The most octets of an encoded word's text: 39 octets are 52 characters
/// of base64, which with `=?utf-8?B?...?=` and `Subject: ` keep each
/// folded line under RFC 5322's 78.
const ENCODED_CHUNK: usize = 39;

/// The whole message: header fields, an empty line, the body (its line
/// ends as given; the DATA framing makes them CR LF). `None` when an
/// address holds a line break, which would end its header field (the
/// plan's policy refuses those first).
pub(crate) fn compose(from: &str, to: &str, m: &Message, now: SystemTime) -> Option<Vec<u8>> {
    if [from, to]
        .iter()
        .any(|a| a.bytes().any(|b| matches!(b, b'\r' | b'\n' | 0)))
    {
        return None;
    }
    let charset = if std::str::from_utf8(&m.body).is_ok() {
        "utf-8"
    } else {
        // RFC 1428: octets of an unknown 8-bit character set.
        "unknown-8bit"
    };
    let domain = from.rsplit_once('@').map_or("localhost", |(_, d)| d);
    let since = now.duration_since(UNIX_EPOCH).unwrap_or_default();
    let mut head = vec![format!("From: {from}"), format!("To: {to}")];
    if let Some(s) = &m.subject {
        head.push(subject(s));
    }
    head.push(format!("Date: {}", date(now)));
    head.push(format!(
        "Message-ID: <{}.{}.{}@{domain}>",
        since.as_secs(),
        since.subsec_nanos(),
        std::process::id()
    ));
    head.push("MIME-Version: 1.0".into());
    head.push(format!("Content-Type: text/plain; charset={charset}"));
    head.push("Content-Transfer-Encoding: 8bit".into());
    let mut out = head.join("\r\n").into_bytes();
    out.extend_from_slice(b"\r\n\r\n");
    out.extend_from_slice(&m.body);
    Some(out)
}

/// The Subject field: as it is when it is short printable ASCII, else as
/// RFC 2047 encoded words (UTF-8, base64), folded, so that any text,
/// line breaks included, stays inside the field.
fn subject(s: &str) -> String {
    if s.len() <= PLAIN_SUBJECT_MAX && s.bytes().all(|b| (0x20..0x7F).contains(&b)) {
        return format!("Subject: {s}");
    }
    let mut words = Vec::new();
    let mut start = 0;
    while start < s.len() {
        let mut end = (start + ENCODED_CHUNK).min(s.len());
        // A word holds whole characters (RFC 2047 section 5).
        while !s.is_char_boundary(end) {
            end -= 1;
        }
        words.push(format!("=?utf-8?B?{}?=", base64(&s.as_bytes()[start..end])));
        start = end;
    }
    format!("Subject: {}", words.join("\r\n "))
}

/// RFC 4648 base64, with padding.
fn base64(data: &[u8]) -> String {
    const ALPHABET: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    let mut out = String::with_capacity(data.len().div_ceil(3) * 4);
    for chunk in data.chunks(3) {
        let b = [
            chunk[0],
            chunk.get(1).copied().unwrap_or(0),
            chunk.get(2).copied().unwrap_or(0),
        ];
        let n = u32::from(b[0]) << 16 | u32::from(b[1]) << 8 | u32::from(b[2]);
        for i in 0..4 {
            if i <= chunk.len() {
                out.push(char::from(ALPHABET[(n >> (18 - 6 * i)) as usize & 63]));
            } else {
                out.push('=');
            }
        }
    }
    out
}

/// `now` as RFC 5322 section 3.3 writes a date, in UTC: `Tue, 25 Nov 2025
/// 09:59:17 +0000`.
pub(crate) fn date(now: SystemTime) -> String {
    const DAYS: [&str; 7] = ["Thu", "Fri", "Sat", "Sun", "Mon", "Tue", "Wed"];
    const MONTHS: [&str; 12] = [
        "Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec",
    ];
    let secs = now.duration_since(UNIX_EPOCH).map_or(0, |d| d.as_secs());
    let days = secs / 86_400;
    let rest = secs % 86_400;
    let (y, m, d) = civil(days);
    format!(
        "{}, {d} {} {y} {:02}:{:02}:{:02} +0000",
        DAYS[(days % 7) as usize],
        MONTHS[(m - 1) as usize],
        rest / 3600,
        rest % 3600 / 60,
        rest % 60
    )
}

/// The year, month (1-12) and day of the `days`th day after 1970-01-01,
/// in the proleptic Gregorian calendar (Howard Hinnant's
/// `civil_from_days`, for days on or after the epoch).
fn civil(days: u64) -> (u64, u64, u64) {
    let z = days + 719_468;
    let era = z / 146_097;
    let doe = z % 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = doy - (153 * mp + 2) / 5 + 1;
    let m = if mp < 10 { mp + 3 } else { mp - 9 };
    let y = yoe + era * 400 + u64::from(m <= 2);
    (y, m, d)
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Duration;

    fn at(secs: u64) -> SystemTime {
        UNIX_EPOCH + Duration::from_secs(secs)
    }

    #[test]
    fn dates_as_rfc_5322_writes_them() {
        assert_eq!(date(at(0)), "Thu, 1 Jan 1970 00:00:00 +0000");
        // `date -u -d @951782400`: a leap day of a century leap year.
        assert_eq!(date(at(951_782_400)), "Tue, 29 Feb 2000 00:00:00 +0000");
        assert_eq!(date(at(1_764_064_757)), "Tue, 25 Nov 2025 09:59:17 +0000");
        assert_eq!(date(at(4_102_444_799)), "Thu, 31 Dec 2099 23:59:59 +0000");
    }

    #[test]
    fn base64_of_the_rfc_4648_vectors() {
        for (i, o) in [
            ("", ""),
            ("f", "Zg=="),
            ("fo", "Zm8="),
            ("foo", "Zm9v"),
            ("foob", "Zm9vYg=="),
            ("fooba", "Zm9vYmE="),
            ("foobar", "Zm9vYmFy"),
        ] {
            assert_eq!(base64(i.as_bytes()), o);
        }
    }

    #[test]
    fn a_subject_with_a_line_break_or_not_ascii_is_encoded() {
        assert_eq!(subject("hi there"), "Subject: hi there");
        assert_eq!(subject("caf\u{e9}"), "Subject: =?utf-8?B?Y2Fmw6k=?=");
        let s = subject("x\r\nBcc: victim@example.org");
        assert!(!s.contains("Bcc"), "{s}");
        let long = subject(&"\u{e9}".repeat(100));
        assert!(long.lines().all(|l| l.len() < 78), "{long}");
    }

    #[test]
    fn the_message_has_its_fields_then_the_body() {
        let m = Message::new(Some("s".into()), b"caf\xE9\n".to_vec());
        let text = compose("a@b.example", "c@d.example", &m, at(0)).unwrap();
        let text = String::from_utf8_lossy(&text).into_owned();
        let (head, body) = text.split_once("\r\n\r\n").unwrap();
        assert!(head.starts_with(
            "From: a@b.example\r\nTo: c@d.example\r\nSubject: s\r\nDate: Thu, 1 Jan 1970"
        ));
        assert!(head.contains("\r\nMessage-ID: <0.0."), "{head}");
        assert!(head.ends_with("MIME-Version: 1.0\r\nContent-Type: text/plain; charset=unknown-8bit\r\nContent-Transfer-Encoding: 8bit"));
        assert_eq!(body, "caf\u{FFFD}\n");
        assert!(compose("a@b\r\nX: y", "c@d", &m, at(0)).is_none());
    }
}
