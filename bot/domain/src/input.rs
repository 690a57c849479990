//! How people write values that more than one place reads: the console's commands, the
//! Discord front's options and the configuration file all take durations the same way, and
//! a name typed on either front is stored cleaned the same way ([`clean_name`]).
//! It lives outside the service because it reads text, and the service takes values.

use std::time::Duration;

/// Whether `c` changes the direction of the text around it (the bidirectional embeddings,
/// overrides and isolates, and the marks): in a name it could make the words after it read
/// backwards.
pub fn is_bidi_control(c: char) -> bool {
    matches!(
        c,
        '\u{061C}' | '\u{200E}' | '\u{200F}' | '\u{202A}'..='\u{202E}' | '\u{2066}'..='\u{2069}'
    )
}

/// `name` as it is stored: control characters and bidirectional controls left out, every run
/// of white space one space, trimmed. Empty when nothing printable is left.
pub fn clean_name(name: &str) -> String {
    name.split(|c: char| c.is_whitespace() || c.is_control())
        .map(|word| {
            word.chars()
                .filter(|&c| !is_bidi_control(c))
                .collect::<String>()
        })
        .filter(|word| !word.is_empty())
        .collect::<Vec<_>>()
        .join(" ")
}

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

    #[test]
    fn a_name_is_stored_without_controls_or_direction_changes() {
        assert_eq!(clean_name("  Spring\n\tOpen  "), "Spring Open");
        assert_eq!(clean_name("evil\u{202E}nepO\u{2066}x\u{2069}"), "evilnepOx");
        assert_eq!(clean_name("a\u{7}b \u{1b}[31mred"), "a b [31mred");
        assert_eq!(clean_name("\u{200F}\u{0}\r"), "");
        assert_eq!(clean_name("春の大会 「決勝」"), "春の大会 「決勝」");
        assert!(is_bidi_control('\u{202E}') && !is_bidi_control('a'));
    }
}
