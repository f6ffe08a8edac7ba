//! What a message carries that only the time of sending says: its Date
//! (RFC 5322 section 3.3) and its Message-ID (section 3.6.4). The plan
//! composes the message; the access side gives it these two when it plans
//! the sending.

use crate::date::Stamp;
use std::time::{SystemTime, UNIX_EPOCH};

/// A Message-ID for a message sent by `from` at `now`: the time to the
/// nanosecond and the process, at the sender's domain.
pub(crate) fn message_id(from: &str, now: SystemTime) -> String {
    let domain = from.rsplit_once('@').map_or("localhost", |(_, d)| d);
    let since = now.duration_since(UNIX_EPOCH).unwrap_or_default();
    format!(
        "<{}.{}.{}@{domain}>",
        since.as_secs(),
        since.subsec_nanos(),
        std::process::id()
    )
}

/// `now` as RFC 5322 section 3.3 writes a date, in UTC: `Tue, 25 Nov 2025
/// 09:59:17 +0000`.
pub(crate) fn date(now: SystemTime) -> String {
    Stamp::of(now).rfc5322()
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
}
