//! Dates as the protocols write them: one calendar (the proleptic
//! Gregorian, in UTC) for a mail's `Date` (RFC 5322 section 3.3) and for
//! the `Last-Modified` that `-I` makes of an FTP `MDTM` answer (RFC 9110's
//! IMF-fixdate). No kept crate writes both: `httpdate` holds neither
//! years before 1970 nor the leap second RFC 3659 lets `MDTM` give.

use std::time::{SystemTime, UNIX_EPOCH};

const WEEKDAYS: [&str; 7] = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"];

const MONTHS: [&str; 12] = [
    "Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec",
];

/// A moment of the calendar, to the second, in UTC.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Stamp {
    pub year: i64,
    /// 1 to 12.
    pub month: u32,
    /// 1 to the month's last day.
    pub day: u32,
    pub hour: u32,
    pub minute: u32,
    /// 0 to 60 (a leap second).
    pub second: u32,
}

impl Stamp {
    /// `time` in UTC (the epoch for a time before it).
    pub(crate) fn of(time: SystemTime) -> Stamp {
        let secs = time.duration_since(UNIX_EPOCH).map_or(0, |d| d.as_secs());
        let days = i64::try_from(secs / 86_400).unwrap_or(i64::MAX / 2);
        let rest = (secs % 86_400) as u32;
        let (year, month, day) = civil_from_days(days);
        Stamp {
            year,
            month,
            day,
            hour: rest / 3600,
            minute: rest % 3600 / 60,
            second: rest % 60,
        }
    }

    /// The stamp of these fields, `None` when they name no moment: month
    /// 13, 30 February, 29 February outside a leap year, hour 24, minute
    /// 60 (second 60, a leap second, is one).
    pub(crate) fn new(
        (year, month, day): (i64, u32, u32),
        (hour, minute, second): (u32, u32, u32),
    ) -> Option<Stamp> {
        let valid = (1..=12).contains(&month)
            && day >= 1
            && day <= days_in_month(year, month)
            && hour <= 23
            && minute <= 59
            && second <= 60;
        valid.then_some(Stamp {
            year,
            month,
            day,
            hour,
            minute,
            second,
        })
    }

    fn names(&self) -> (&'static str, &'static str) {
        let days = days_from_civil(self.year, self.month, self.day);
        // 1970-01-01 was a Thursday (4).
        let weekday = WEEKDAYS[(days + 4).rem_euclid(7) as usize];
        (weekday, MONTHS[self.month as usize - 1])
    }

    /// RFC 5322 section 3.3's date-time, in UTC: `Tue, 25 Nov 2025
    /// 09:59:17 +0000` (the day without a leading zero).
    pub(crate) fn rfc5322(&self) -> String {
        self.written(1, "+0000")
    }

    /// RFC 9110 section 5.6.7's IMF-fixdate: `Tue, 20 Dec 1994 00:00:00
    /// GMT`.
    pub(crate) fn imf_fixdate(&self) -> String {
        self.written(2, "GMT")
    }

    /// The two forms differ only in the day's width and the zone.
    fn written(&self, day_width: usize, zone: &str) -> String {
        let (weekday, month) = self.names();
        format!(
            "{weekday}, {:0day_width$} {month} {:04} {:02}:{:02}:{:02} {zone}",
            self.day, self.year, self.hour, self.minute, self.second
        )
    }
}

fn leap(year: i64) -> bool {
    year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
}

fn days_in_month(year: i64, month: u32) -> u32 {
    match month {
        2 if leap(year) => 29,
        2 => 28,
        4 | 6 | 9 | 11 => 30,
        _ => 31,
    }
}

/// The days from 1970-01-01 to a date (Howard Hinnant's
/// `days_from_civil`).
fn days_from_civil(year: i64, month: u32, day: u32) -> i64 {
    let y = year - i64::from(month <= 2);
    let era = y.div_euclid(400);
    let yoe = y - era * 400;
    let m = i64::from(month);
    let doy = (153 * (if m > 2 { m - 3 } else { m + 9 }) + 2) / 5 + i64::from(day) - 1;
    let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    era * 146_097 + doe - 719_468
}

/// The date `days` after 1970-01-01 (Hinnant's `civil_from_days`).
fn civil_from_days(days: i64) -> (i64, u32, u32) {
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = (doy - (153 * mp + 2) / 5 + 1) as u32;
    let month = if mp < 10 { mp + 3 } else { mp - 9 } as u32;
    (yoe + era * 400 + i64::from(month <= 2), month, day)
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Duration;

    #[test]
    fn the_two_calendars_agree_day_by_day() {
        // 1600-01-01 to 2400-12-31: every day there and back.
        for days in days_from_civil(1600, 1, 1)..=days_from_civil(2400, 12, 31) {
            let (y, m, d) = civil_from_days(days);
            assert_eq!(days_from_civil(y, m, d), days, "{y}-{m}-{d}");
            assert!(Stamp::new((y, m, d), (0, 0, 0)).is_some(), "{y}-{m}-{d}");
        }
    }

    #[test]
    fn moments_of_the_system_clock() {
        let at = |s: u64| Stamp::of(UNIX_EPOCH + Duration::from_secs(s));
        // RFC 9110's own example; the RFC 5322 form is smtp's test.
        assert_eq!(
            at(784_111_777).imf_fixdate(),
            "Sun, 06 Nov 1994 08:49:37 GMT"
        );
        assert_eq!(at(784_111_777).rfc5322(), "Sun, 6 Nov 1994 08:49:37 +0000");
    }

    #[test]
    fn fields_that_name_no_moment() {
        for (date, time) in [
            ((2025, 13, 1), (0, 0, 0)),
            ((2025, 2, 29), (0, 0, 0)),
            ((1900, 2, 29), (0, 0, 0)),
            ((2025, 4, 31), (0, 0, 0)),
            ((2025, 1, 0), (0, 0, 0)),
            ((2025, 1, 1), (24, 0, 0)),
            ((2025, 1, 1), (0, 60, 0)),
            ((2025, 1, 1), (0, 0, 61)),
        ] {
            assert_eq!(Stamp::new(date, time), None, "{date:?} {time:?}");
        }
        let leap_second = Stamp::new((2016, 12, 31), (23, 59, 60)).unwrap();
        assert_eq!(leap_second.imf_fixdate(), "Sat, 31 Dec 2016 23:59:60 GMT");
        assert!(Stamp::new((2000, 2, 29), (0, 0, 0)).is_some());
    }
}
