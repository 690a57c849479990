//! The `%clk` command of PGN comments (`{ [%clk 0:02:58.3] }`): a side's remaining time after
//! its turn, as lichess and chess.com write it. Only the text: what a clock is and how it runs
//! is the caller's.

/// The `%clk` command for `ms` milliseconds left, to the tenth of a second below: hours
/// unpadded, minutes and seconds in two digits, and tenths only when not whole seconds
/// (`[%clk 0:02:58.3]`, `[%clk 1:00:00]`). [`clk_in_comment`] reads it back as
/// `ms - ms % 100`.
pub fn clk_command(ms: u64) -> String {
    let tenths = ms / 100 % 10;
    let secs = ms / 1000;
    let (h, m, s) = (secs / 3600, secs / 60 % 60, secs % 60);
    if tenths == 0 {
        format!("[%clk {h}:{m:02}:{s:02}]")
    } else {
        format!("[%clk {h}:{m:02}:{s:02}.{tenths}]")
    }
}

/// The time of the first well-formed `%clk` command in a comment, in milliseconds: `[%clk
/// H:MM:SS]` with up to three decimals of a second, among any other text and commands
/// (`[%eval 0.17] [%clk 0:00:30]`). Minutes and seconds take one or two digits, under 60.
/// `None` when there is no such command.
pub fn clk_in_comment(comment: &str) -> Option<u64> {
    let mut rest = comment;
    while let Some((_, after)) = rest.split_once("[%clk") {
        let read = after
            .split_once(']')
            .filter(|(body, _)| body.starts_with(char::is_whitespace))
            .and_then(|(body, _)| clock_time(body.trim()));
        if read.is_some() {
            return read;
        }
        rest = after;
    }
    None
}

/// `H:MM:SS` or `H:MM:SS.f` (one to three decimals) in milliseconds.
fn clock_time(text: &str) -> Option<u64> {
    let mut fields = text.split(':');
    let (hours, minutes, seconds) = (fields.next()?, fields.next()?, fields.next()?);
    if fields.next().is_some() {
        return None;
    }
    let (seconds, fraction) = match seconds.split_once('.') {
        Some((seconds, fraction)) => (seconds, Some(fraction)),
        None => (seconds, None),
    };
    let hours = number(hours, 1..=6)?;
    let minutes = number(minutes, 1..=2).filter(|&m| m < 60)?;
    let seconds = number(seconds, 1..=2).filter(|&s| s < 60)?;
    let thousandths = match fraction {
        None => 0,
        Some(fraction) if (1..=3).contains(&fraction.len()) => {
            number(&format!("{fraction:0<3}"), 3..=3)?
        }
        Some(_) => return None,
    };
    let secs = hours
        .checked_mul(3600)?
        .checked_add(minutes * 60 + seconds)?;
    secs.checked_mul(1000)?.checked_add(thousandths)
}

/// `text` as a number of ASCII digits, as many as `digits` allows.
fn number(text: &str, digits: std::ops::RangeInclusive<usize>) -> Option<u64> {
    if !digits.contains(&text.len()) || !text.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    text.parse().ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn writes_one_format() {
        assert_eq!(clk_command(178_300), "[%clk 0:02:58.3]");
        assert_eq!(clk_command(178_399), "[%clk 0:02:58.3]");
        assert_eq!(clk_command(30_000), "[%clk 0:00:30]");
        assert_eq!(clk_command(30_099), "[%clk 0:00:30]");
        assert_eq!(clk_command(3_600_000 + 61_500), "[%clk 1:01:01.5]");
        assert_eq!(clk_command(0), "[%clk 0:00:00]");
        assert_eq!(clk_command(36_000_000_000), "[%clk 10000:00:00]");
    }

    #[test]
    fn reads_decimals_and_refuses_what_is_not_a_time() {
        assert_eq!(clk_in_comment("[%clk 0:00:01.25]"), Some(1_250));
        assert_eq!(clk_in_comment("[%clk 0:00:01.007]"), Some(1_007));
        assert_eq!(clk_in_comment("[%clk  1:5:7 ]"), Some(3_907_000));
        for bad in [
            "[%clk 0:60:00]",
            "[%clk 0:00:60]",
            "[%clk 0:00]",
            "[%clk 0:00:00:00]",
            "[%clk 0:00:01.]",
            "[%clk 0:00:01.1234]",
            "[%clk -0:00:01]",
            "[%clk 0:0a:01]",
            "[%clk 0:00:01",
            "[%clk0:00:01]",
            "[%clock 0:00:01]",
            "[%clk 9999999:00:00]",
            "[%clk ::]",
            "[%clk ０:００:０１]",
        ] {
            assert_eq!(clk_in_comment(bad), None, "{bad}");
        }
    }
}
