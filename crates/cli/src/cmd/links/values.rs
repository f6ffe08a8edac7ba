//! The values of `uniform links`' flags read from their text: status
//! codes, ages, seconds, and the patterns of `.uniformignore`.

use std::io;
use std::ops::RangeInclusive;
use std::path::Path;
use std::time::Duration;
use uniform_links::locations::ignore_patterns;

/// The largest .uniformignore read: a list of patterns, not data.
const MAX_IGNORE_FILE: u64 = 1 << 20;

/// The patterns of the ignore file at `path`; none when there is no file.
pub(super) fn ignore_file(path: &Path) -> Result<Vec<String>, String> {
    use std::io::Read;
    let file = match std::fs::File::open(path) {
        Ok(f) => f,
        Err(e) if e.kind() == io::ErrorKind::NotFound => return Ok(Vec::new()),
        Err(e) => return Err(format!("{}: {e}", path.display())),
    };
    let mut text = String::new();
    file.take(MAX_IGNORE_FILE + 1)
        .read_to_string(&mut text)
        .map_err(|e| format!("{}: {e}", path.display()))?;
    if text.len() as u64 > MAX_IGNORE_FILE {
        return Err(format!(
            "{}: longer than {MAX_IGNORE_FILE} octets",
            path.display()
        ));
    }
    ignore_patterns(&text).map_err(|e| format!("{}: {e}", path.display()))
}

/// An age as `1d`, `12h`, `30m`, `90s` or `90`.
pub(super) fn age(text: &str) -> Result<Duration, String> {
    let t = text.trim();
    let (digits, unit) = t.split_at(t.find(|c: char| !c.is_ascii_digit()).unwrap_or(t.len()));
    let n: u64 = digits
        .parse()
        .map_err(|_| format!("--max-cache-age: {text:?} is no age"))?;
    let secs = match unit {
        "" | "s" => 1,
        "m" => 60,
        "h" => 3600,
        "d" => 86_400,
        _ => {
            return Err(format!(
                "--max-cache-age: {text:?}: the unit is s, m, h or d"
            ));
        }
    };
    Ok(Duration::from_secs(n.saturating_mul(secs)))
}

/// `--accept`'s list: codes and ranges (`200..=299`, `200..300`,
/// `200-299`), separated by commas.
pub(super) fn accept(text: &str) -> Result<Vec<RangeInclusive<u16>>, String> {
    let code = |s: &str| {
        s.trim()
            .parse::<u16>()
            .ok()
            .filter(|c| (100..=999).contains(c))
            .ok_or_else(|| format!("--accept: {s:?} is no status code"))
    };
    text.split(',')
        .filter(|p| !p.trim().is_empty())
        .map(|part| {
            if let Some((a, b)) = part.split_once("..=") {
                Ok(code(a)?..=code(b)?)
            } else if let Some((a, b)) = part.split_once("..") {
                let end = code(b)?;
                let end = end
                    .checked_sub(1)
                    .ok_or_else(|| format!("--accept: an empty range {part:?}"))?;
                Ok(code(a)?..=end)
            } else if let Some((a, b)) = part.split_once('-') {
                Ok(code(a)?..=code(b)?)
            } else {
                let c = code(part)?;
                Ok(c..=c)
            }
        })
        .collect()
}

pub(super) fn seconds(s: f64, flag: &str) -> Result<Duration, String> {
    Duration::try_from_secs_f64(s)
        .ok()
        .filter(|d| !d.is_zero())
        .ok_or_else(|| format!("{flag}: {s} is not a positive number of seconds"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn accept_lists_read_codes_and_ranges() {
        assert_eq!(accept("200..=299").unwrap(), vec![200..=299]);
        assert_eq!(accept("200..300, 403").unwrap(), vec![200..=299, 403..=403]);
        assert_eq!(accept("200-204").unwrap(), vec![200..=204]);
        assert!(accept("abc").is_err());
        assert!(accept("99").is_err());
    }

    #[test]
    fn ages_read_their_units() {
        assert_eq!(age("1d").unwrap(), Duration::from_secs(86_400));
        assert_eq!(age("90").unwrap(), Duration::from_secs(90));
        assert_eq!(age("2h").unwrap(), Duration::from_secs(7200));
        assert!(age("1w").is_err());
        assert!(age("h").is_err());
    }
}
