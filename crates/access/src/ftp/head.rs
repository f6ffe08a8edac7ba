//! curl's `-I` (`--head`) over FTP: the answers to `MDTM`, `SIZE` and
//! `REST 0` written as curl writes them, HTTP-style lines with CR LF ends
//! (curl's lib/ftp.c, `CURL_FTP_HTTPSTYLE_HEAD`):
//!
//! ```text
//! Last-Modified: Tue, 20 Dec 1994 00:00:00 GMT
//! Content-Length: 244
//! Accept-ranges: bytes
//! ```
//!
//! A line whose command the server refuses is left out; a reply that does
//! not read as its command's answer is left out too.

use crate::date::Stamp;
use crate::line::reply::Reply;

/// curl's exit status for a file the server says is not there
/// (CURLE_REMOTE_FILE_NOT_FOUND): what curl gives when `SIZE` is refused
/// with 550 under `-I`.
pub(crate) const REMOTE_FILE_NOT_FOUND: u8 = 78;

/// The line of the head an answer makes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Probe {
    /// `MDTM`: `Last-Modified`.
    Modified,
    /// `SIZE`: `Content-Length`.
    Length,
    /// `REST 0`: `Accept-ranges`.
    Ranges,
}

impl Probe {
    /// The line `reply` makes, with its CR LF; `None` when the reply is a
    /// refusal or does not read as the answer.
    pub(crate) fn line(self, reply: &Reply) -> Option<String> {
        match self {
            Probe::Modified if reply.code == 213 => Some(format!(
                "Last-Modified: {}\r\n",
                imf_fixdate(reply.message())?
            )),
            Probe::Length if reply.code == 213 => {
                Some(format!("Content-Length: {}\r\n", size(reply.message())?))
            }
            // Spelt as curl spells it.
            Probe::Ranges if reply.code == 350 => Some("Accept-ranges: bytes\r\n".into()),
            _ => None,
        }
    }
}

/// The size a `213` answer to `SIZE` gives: the digits that end its text,
/// as curl reads them (servers that put words before the number are
/// served too). `None` without digits, or a number past `u64`.
pub(crate) fn size(message: &[u8]) -> Option<u64> {
    let text = message.trim_ascii_end();
    let digits = text.len() - text.iter().rev().take_while(|b| b.is_ascii_digit()).count();
    std::str::from_utf8(&text[digits..]).ok()?.parse().ok()
}

/// The IMF-fixdate (RFC 9110 section 5.6.7, formerly RFC 7231 section
/// 7.1.1.1) of the time-val of an `MDTM` answer (RFC 3659 section 2.3):
/// `YYYYMMDDHHMMSS` in UTC, then optionally `.` and fractions of a second,
/// which are dropped (as curl drops them). `None` for anything else: not
/// fourteen digits, or a date that is not one (month 13, 30 February,
/// 29 February outside a leap year, hour 24, minute 60; second 60 is a
/// leap second, which RFC 3659 allows, and is kept).
pub(crate) fn imf_fixdate(time_val: &[u8]) -> Option<String> {
    let text = time_val.trim_ascii();
    let (whole, fraction) = match text.iter().position(|&b| b == b'.') {
        Some(p) => (&text[..p], Some(&text[p + 1..])),
        None => (text, None),
    };
    if whole.len() != 14 || !whole.iter().all(u8::is_ascii_digit) {
        return None;
    }
    if fraction.is_some_and(|f| f.is_empty() || !f.iter().all(u8::is_ascii_digit)) {
        return None;
    }
    let field = |at: usize, len: usize| {
        whole[at..at + len]
            .iter()
            .fold(0u32, |n, d| n * 10 + u32::from(d - b'0'))
    };
    let date = (i64::from(field(0, 4)), field(4, 2), field(6, 2));
    let time = (field(8, 2), field(10, 2), field(12, 2));
    Stamp::new(date, time).map(|s| s.imf_fixdate())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn reply(code: u16, text: &str) -> Reply {
        Reply {
            code,
            text: text.as_bytes().to_vec(),
        }
    }

    #[test]
    fn the_fixtures_mtime_is_curls_line() {
        assert_eq!(
            imf_fixdate(b"19941220000000").as_deref(),
            Some("Tue, 20 Dec 1994 00:00:00 GMT")
        );
        assert_eq!(
            Probe::Modified.line(&reply(213, "213 19941220000000\r\n")),
            Some("Last-Modified: Tue, 20 Dec 1994 00:00:00 GMT\r\n".into())
        );
    }

    #[test]
    fn weekdays_of_known_dates() {
        for (mdtm, want) in [
            // The epoch, a Thursday; RFC 9110's own example.
            ("19700101000000", "Thu, 01 Jan 1970 00:00:00 GMT"),
            ("19941106084937", "Sun, 06 Nov 1994 08:49:37 GMT"),
            ("19991231235959", "Fri, 31 Dec 1999 23:59:59 GMT"),
            ("20000101000000", "Sat, 01 Jan 2000 00:00:00 GMT"),
            ("20380119031408", "Tue, 19 Jan 2038 03:14:08 GMT"),
            ("19691231235959", "Wed, 31 Dec 1969 23:59:59 GMT"),
            ("16000101000000", "Sat, 01 Jan 1600 00:00:00 GMT"),
            ("99991231235959", "Fri, 31 Dec 9999 23:59:59 GMT"),
            ("00010101000000", "Mon, 01 Jan 0001 00:00:00 GMT"),
        ] {
            assert_eq!(
                imf_fixdate(mdtm.as_bytes()).as_deref(),
                Some(want),
                "{mdtm}"
            );
        }
    }

    #[test]
    fn leap_years_have_29_february_and_others_do_not() {
        for (mdtm, want) in [
            ("20000229120000", Some("Tue, 29 Feb 2000 12:00:00 GMT")),
            ("20240229000000", Some("Thu, 29 Feb 2024 00:00:00 GMT")),
            ("19960229000000", Some("Thu, 29 Feb 1996 00:00:00 GMT")),
            ("20240301000000", Some("Fri, 01 Mar 2024 00:00:00 GMT")),
            // Divisible by 100 and not by 400: no leap day.
            ("19000229000000", None),
            ("21000229000000", None),
            ("20230229000000", None),
            ("20240230000000", None),
            ("19000228000000", Some("Wed, 28 Feb 1900 00:00:00 GMT")),
            ("19000301000000", Some("Thu, 01 Mar 1900 00:00:00 GMT")),
        ] {
            assert_eq!(imf_fixdate(mdtm.as_bytes()).as_deref(), want, "{mdtm}");
        }
    }

    #[test]
    fn fractions_are_dropped_and_a_leap_second_kept() {
        assert_eq!(
            imf_fixdate(b"19941220000000.123").as_deref(),
            Some("Tue, 20 Dec 1994 00:00:00 GMT")
        );
        assert_eq!(
            imf_fixdate(b" 20161231235960 ").as_deref(),
            Some("Sat, 31 Dec 2016 23:59:60 GMT")
        );
    }

    #[test]
    fn a_bad_mdtm_answer_makes_no_line() {
        for bad in [
            "",
            "1994122000000",   // 13 digits
            "199412200000000", // 15 digits
            "19941320000000",  // month 13
            "19940020000000",  // month 0
            "19941200000000",  // day 0
            "19941232000000",  // day 32
            "19940431000000",  // 31 April
            "19941220240000",  // hour 24
            "19941220006000",  // minute 60
            "19941220000061",  // second 61
            "1994122000000x",
            "+1994122000000",
            "19941220000000.",
            "19941220000000.5x",
            "19941220000000 GMT",
            "20 Dec 1994",
            "19100101000000\u{e9}",
        ] {
            assert_eq!(imf_fixdate(bad.as_bytes()), None, "{bad:?}");
        }
        // Refused (550, "not a plain file"), or an answer without a date.
        assert_eq!(
            Probe::Modified.line(&reply(550, "550 Could not get file modification time.\r\n")),
            None
        );
        assert_eq!(Probe::Modified.line(&reply(213, "213 whenever\r\n")), None);
        assert_eq!(Probe::Modified.line(&reply(213, "213\r\n")), None);
    }

    #[test]
    fn sizes_are_the_digits_that_end_the_answer() {
        assert_eq!(size(b"244"), Some(244));
        assert_eq!(size(b"244 \r\n"), Some(244));
        assert_eq!(size(b"File size: 262144"), Some(262_144));
        assert_eq!(size(b"18446744073709551615"), Some(u64::MAX));
        assert_eq!(size(b"18446744073709551616"), None);
        assert_eq!(size(b"unknown"), None);
        assert_eq!(size(b""), None);
        assert_eq!(
            Probe::Length.line(&reply(213, "213 244\r\n")),
            Some("Content-Length: 244\r\n".into())
        );
        assert_eq!(
            Probe::Length.line(&reply(213, "213-status\r\n more\r\n213 85\r\n")),
            Some("Content-Length: 85\r\n".into())
        );
        assert_eq!(
            Probe::Length.line(&reply(500, "500 SIZE not understood\r\n")),
            None
        );
    }

    #[test]
    fn rest_0_answered_350_says_ranges() {
        assert_eq!(
            Probe::Ranges.line(&reply(350, "350 Restart position accepted (0).\r\n")),
            Some("Accept-ranges: bytes\r\n".into())
        );
        assert_eq!(
            Probe::Ranges.line(&reply(502, "502 REST not implemented\r\n")),
            None
        );
    }
}
