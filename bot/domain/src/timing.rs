//! Chess clocks as data: a game's time control (`5+3`), its speed (lichess's rule), and both
//! sides' remaining times. The arithmetic of a turn on the clock lives here too, so every
//! part that replays a game's clocks (the service, its records, the web board) agrees.

use std::fmt;
use std::time::Duration;

use rules::Color;

use crate::clock::millis;

/// The shortest base time a time control may have: half a minute.
pub const MIN_BASE: Duration = Duration::from_secs(30);
/// The longest base time a time control may have: three hours.
pub const MAX_BASE: Duration = Duration::from_secs(180 * 60);
/// The largest increment a time control may have: a minute a turn.
pub const MAX_INCREMENT: Duration = Duration::from_secs(60);

/// The time controls offered as choices, as typed.
pub const USUAL_CONTROLS: [&str; 8] =
    ["1+0", "3+0", "3+2", "5+3", "10+0", "10+5", "15+10", "30+20"];

/// A game's time control: each side's base time and the Fischer increment added after each
/// of their turns.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct TimeControl {
    /// Each side's time at the start.
    pub base: Duration,
    /// What each side's clock gains after each of their turns.
    pub increment: Duration,
}

/// Why a typed time control is refused.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum TimeControlError {
    /// Not of the form minutes+seconds.
    #[error("not a time control: write minutes+seconds, like 5+3 or 0.5+0")]
    Unreadable,
    /// The base time is outside half a minute to three hours.
    #[error("the base time must be from 0.5 to 180 minutes")]
    Base,
    /// The increment is more than a minute.
    #[error("the increment must be from 0 to 60 seconds")]
    Increment,
}

impl TimeControl {
    /// Reads `minutes+seconds` (`5+3`, `0.5+0`, `1½+0` is not read; `1.5+0` is), within
    /// [`MIN_BASE`]..=[`MAX_BASE`] and 0..=[`MAX_INCREMENT`]. A lone number is minutes with
    /// no increment (`10` is `10+0`).
    pub fn parse(text: &str) -> Result<TimeControl, TimeControlError> {
        let text = text.trim();
        let (base, increment) = match text.split_once('+') {
            Some((b, i)) => (b.trim(), i.trim()),
            None => (text, "0"),
        };
        let base = decimal_thousandths(base).ok_or(TimeControlError::Unreadable)?;
        let increment: u64 = increment
            .parse()
            .map_err(|_| TimeControlError::Unreadable)?;
        let base = Duration::from_millis(base.checked_mul(60).ok_or(TimeControlError::Base)?);
        if !(MIN_BASE..=MAX_BASE).contains(&base) {
            return Err(TimeControlError::Base);
        }
        let increment = Duration::from_secs(increment);
        if increment > MAX_INCREMENT {
            return Err(TimeControlError::Increment);
        }
        Ok(TimeControl { base, increment })
    }

    /// The base time in milliseconds.
    pub fn base_ms(self) -> i64 {
        millis(self.base)
    }

    /// The increment in milliseconds.
    pub fn increment_ms(self) -> i64 {
        millis(self.increment)
    }

    /// lichess's estimated duration of a game: base seconds plus forty times the increment.
    pub fn estimate(self) -> Duration {
        self.base + self.increment * 40
    }

    /// The speed the control is rated at.
    pub fn speed(self) -> Speed {
        match self.estimate().as_secs() {
            0..180 => Speed::Bullet,
            180..480 => Speed::Blitz,
            480..1500 => Speed::Rapid,
            _ => Speed::Classical,
        }
    }

    /// As PGN's `TimeControl` tag writes it: base seconds `+` increment seconds (`180+2`).
    pub fn pgn(self) -> String {
        format!("{}+{}", self.base.as_secs(), self.increment.as_secs())
    }

    /// Reads PGN's `TimeControl` tag as [`TimeControl::pgn`] writes it.
    pub fn from_pgn(text: &str) -> Option<TimeControl> {
        let (base, increment) = text.trim().split_once('+')?;
        Some(TimeControl {
            base: Duration::from_secs(base.parse().ok()?),
            increment: Duration::from_secs(increment.parse().ok()?),
        })
    }

    /// Each side's clocks at the start.
    pub fn start(self) -> Clocks {
        Clocks {
            white_ms: self.base_ms(),
            black_ms: self.base_ms(),
        }
    }
}

impl fmt::Display for TimeControl {
    /// As typed: minutes (with a decimal point when not whole) `+` seconds.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let ms = self.base.as_millis();
        if ms.is_multiple_of(60_000) {
            write!(f, "{}", ms / 60_000)?;
        } else {
            let text = format!("{:.3}", ms as f64 / 60_000.0);
            f.write_str(text.trim_end_matches('0'))?;
        }
        write!(f, "+{}", self.increment.as_secs())
    }
}

/// `text` as a non-negative decimal number times a thousand (`0.5` is 500), with at most
/// three decimals.
fn decimal_thousandths(text: &str) -> Option<u64> {
    let (whole, part) = text.split_once('.').unwrap_or((text, ""));
    if whole.is_empty() && part.is_empty() || part.len() > 3 {
        return None;
    }
    let digits = |s: &str| s.chars().all(|c| c.is_ascii_digit());
    if !digits(whole) || !digits(part) {
        return None;
    }
    let whole: u64 = if whole.is_empty() {
        0
    } else {
        whole.parse().ok()?
    };
    let mut part_value: u64 = if part.is_empty() {
        0
    } else {
        part.parse().ok()?
    };
    for _ in part.len()..3 {
        part_value *= 10;
    }
    whole.checked_mul(1000)?.checked_add(part_value)
}

/// How fast a game is, by lichess's estimated duration ([`TimeControl::estimate`]): under
/// 3 minutes bullet, under 8 blitz, under 25 rapid, else classical; a game with deadlines
/// (or none) instead of a clock is correspondence.
#[derive(
    Clone,
    Copy,
    Debug,
    PartialEq,
    Eq,
    Hash,
    PartialOrd,
    Ord,
    strum::IntoStaticStr,
    strum::EnumString,
    strum::VariantArray,
)]
#[strum(serialize_all = "lowercase")]
pub enum Speed {
    /// Under 3 minutes.
    Bullet,
    /// 3 to 8 minutes.
    Blitz,
    /// 8 to 25 minutes.
    Rapid,
    /// 25 minutes or more.
    Classical,
    /// No clock: a deadline per turn, or none.
    Correspondence,
}

impl Speed {
    /// The speed of a game with this time control (correspondence without one).
    pub fn of(time: Option<TimeControl>) -> Speed {
        time.map_or(Speed::Correspondence, TimeControl::speed)
    }
}

/// Both sides' remaining times, in milliseconds.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Clocks {
    /// White's.
    pub white_ms: i64,
    /// Black's.
    pub black_ms: i64,
}

impl Clocks {
    /// `side`'s remaining time.
    pub fn of(self, side: Color) -> i64 {
        match side {
            Color::White => self.white_ms,
            Color::Black => self.black_ms,
        }
    }

    /// The same clocks with `side`'s set to `ms`.
    pub fn with(self, side: Color, ms: i64) -> Clocks {
        match side {
            Color::White => Clocks {
                white_ms: ms,
                ..self
            },
            Color::Black => Clocks {
                black_ms: ms,
                ..self
            },
        }
    }
}

/// Whether the side to move, with `plies` played before, is at its first turn: the first
/// two plies, which the clock does not charge (the first-turn limit applies instead).
pub fn is_first_turn(plies: usize) -> bool {
    plies < 2
}

/// What the clock of a side that just finished a turn says.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Charge {
    /// In time: the clocks after the turn (the increment added).
    InTime(Clocks),
    /// The side's time ran out before the turn came.
    Flagged,
}

/// Charges `side` for a turn that took `spent_ms` (already less any allowance), with
/// `increment_ms` added after it; a side at its first turn is not charged (the first-turn
/// limit applies instead) and gets no increment.
pub fn charge(
    clocks: Clocks,
    side: Color,
    spent_ms: i64,
    increment_ms: i64,
    first: bool,
) -> Charge {
    if first {
        return Charge::InTime(clocks);
    }
    let left = clocks.of(side).saturating_sub(spent_ms.max(0));
    if left <= 0 {
        return Charge::Flagged;
    }
    Charge::InTime(clocks.with(side, left.saturating_add(increment_ms)))
}

/// A remaining time as a clock shows it: `m:ss` (`h:mm:ss` from an hour on), and tenths
/// under ten seconds (`0:07.3`). Negative times show as `0:00`.
pub fn clock_face(ms: i64) -> String {
    let ms = ms.max(0);
    let tenths = ms / 100;
    let secs = ms / 1000;
    let (h, m, s) = (secs / 3600, secs / 60 % 60, secs % 60);
    if h > 0 {
        format!("{h}:{m:02}:{s:02}")
    } else if ms < 10_000 {
        format!("{m}:{s:02}.{}", tenths % 10)
    } else {
        format!("{m}:{s:02}")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tc(text: &str) -> TimeControl {
        TimeControl::parse(text).expect("reads")
    }

    #[test]
    fn reads_and_writes_time_controls() {
        assert_eq!(tc("5+3").base, Duration::from_secs(300));
        assert_eq!(tc("5+3").increment, Duration::from_secs(3));
        assert_eq!(tc("0.5+0").base, Duration::from_secs(30));
        assert_eq!(tc(" 10 ").increment, Duration::ZERO);
        assert_eq!(tc("1.25+1").base, Duration::from_secs(75));
        for text in USUAL_CONTROLS
            .iter()
            .copied()
            .chain(["0.5+0", "1.25+1", "180+60"])
        {
            assert_eq!(tc(text).to_string(), text);
            assert_eq!(TimeControl::from_pgn(&tc(text).pgn()), Some(tc(text)));
        }
        assert_eq!(tc("3+2").pgn(), "180+2");
        assert_eq!(TimeControl::parse("0.4+0"), Err(TimeControlError::Base));
        assert_eq!(TimeControl::parse("181+0"), Err(TimeControlError::Base));
        assert_eq!(TimeControl::parse("5+61"), Err(TimeControlError::Increment));
        for bad in [
            "", "+", "5+", "a+3", "5+3s", "1.2345+0", "-1+0", "5+-1", "1e3+0", ".+0",
        ] {
            assert_eq!(
                TimeControl::parse(bad),
                Err(TimeControlError::Unreadable),
                "{bad}"
            );
        }
        assert!(TimeControl::parse("99999999999999999999+0").is_err());
    }

    #[test]
    fn speeds_follow_lichess() {
        // lichess: 1+0 and 2+1 bullet, 3+0 and 5+3 blitz, 10+0 and 15+10 rapid, 30+20
        // classical; 2+1 is 120 + 40 = 160 s, under 180.
        let speed = |t: &str| tc(t).speed();
        assert_eq!(speed("1+0"), Speed::Bullet);
        assert_eq!(speed("2+1"), Speed::Bullet);
        assert_eq!(speed("3+0"), Speed::Blitz);
        assert_eq!(speed("5+3"), Speed::Blitz);
        assert_eq!(speed("10+0"), Speed::Rapid);
        assert_eq!(speed("15+10"), Speed::Rapid);
        assert_eq!(speed("30+20"), Speed::Classical);
        assert_eq!(Speed::of(None), Speed::Correspondence);
    }

    #[test]
    fn charges_a_turn() {
        let start = tc("1+2").start();
        assert_eq!(
            charge(start, Color::White, 5_000, 2_000, false),
            Charge::InTime(Clocks {
                white_ms: 57_000,
                black_ms: 60_000
            })
        );
        assert_eq!(
            charge(start, Color::Black, 60_000, 2_000, false),
            Charge::Flagged
        );
        assert_eq!(
            charge(start, Color::Black, 99_000, 0, true),
            Charge::InTime(start)
        );
        assert_eq!(
            charge(start, Color::Black, -5, 0, false),
            Charge::InTime(start)
        );
    }

    #[test]
    fn clock_faces() {
        assert_eq!(clock_face(180_000), "3:00");
        assert_eq!(clock_face(59_999), "0:59");
        assert_eq!(clock_face(9_999), "0:09.9");
        assert_eq!(clock_face(-3), "0:00.0");
        assert_eq!(clock_face(3_600_000 + 61_000), "1:01:01");
    }
}
