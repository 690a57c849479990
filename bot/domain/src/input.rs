//! How people write values that more than one place reads: the console's commands, the
//! Discord front's options and the configuration file all take durations the same way.
//! It lives outside the service because it reads text, and the service takes values.

use std::time::Duration;

/// Reads a duration like `30s`, `10m`, `1h`, `1d`, `3d`, `1w` or `1h30m`.
pub fn parse_duration(s: &str) -> Option<Duration> {
    let mut total: u64 = 0;
    let mut number: Option<u64> = None;
    for c in s.trim().to_lowercase().chars() {
        if let Some(d) = c.to_digit(10) {
            number = Some(
                number
                    .unwrap_or(0)
                    .checked_mul(10)?
                    .checked_add(u64::from(d))?,
            );
            continue;
        }
        let unit = match c {
            's' => 1,
            'm' => 60,
            'h' => 3600,
            'd' => 86_400,
            'w' => 7 * 86_400,
            _ => return None,
        };
        total = total.checked_add(number.take()?.checked_mul(unit)?)?;
    }
    if number.is_some() || total == 0 {
        return None;
    }
    Some(Duration::from_secs(total))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn durations_round_trip() {
        assert_eq!(parse_duration("10m"), Some(Duration::from_secs(600)));
        assert_eq!(parse_duration("1h30m"), Some(Duration::from_secs(5400)));
        assert_eq!(parse_duration("3d"), Some(Duration::from_secs(3 * 86_400)));
        assert_eq!(parse_duration("10"), None);
        assert_eq!(parse_duration("m"), None);
        assert_eq!(parse_duration("0m"), None);
        assert_eq!(parse_duration("99999999999999999999d"), None);
    }
}
