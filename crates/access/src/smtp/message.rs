//! What a message carries that only the time of sending says: its Date
//! (RFC 5322 section 3.3) and its Message-ID (section 3.6.4). The plan
//! composes the message; the access side gives it these two when it plans
//! the sending.

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
}
