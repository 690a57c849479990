//! Levels 1–8: what each may spend and how imprecise it is on purpose.
//!
//! | level | depth | time a turn | noise | meant for |
//! |---|---|---|---|---|
//! | 1 | 1 | 50 ms | 600 cp | a first game: misses most threats |
//! | 2 | 2 | 100 ms | 300 cp | a beginner |
//! | 3 | 2 | 150 ms | 150 cp | a casual player |
//! | 4 | 3 | 250 ms | 70 cp | an improving player |
//! | 5 | 4 | 400 ms | 30 cp | a club beginner |
//! | 6 | 6 | 700 ms | 10 cp | a club player |
//! | 7 | 12 | 1.2 s | 0 | a strong club player |
//! | 8 | 64 | 2 s | 0 | the full strength of one core |
//!
//! The depth is the deepest iteration in whole turns; the time is a hard limit (the search
//! looks at the clock every 256 nodes and answers with its last complete iteration); the
//! noise is the most a root turn's score is randomly raised, so weak levels pick turns
//! that are not the best, and the lower the level the worse they may be.

use std::fmt;
use std::str::FromStr;
use std::time::Duration;

use crate::search::Limits;

/// A playing strength from 1 (weakest) to 8 (strongest).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Level(u8);

/// Depth, milliseconds and noise per level, from level 1.
const TABLE: [(u32, u64, i32); 8] = [
    (1, 50, 600),
    (2, 100, 300),
    (2, 150, 150),
    (3, 250, 70),
    (4, 400, 30),
    (6, 700, 10),
    (12, 1_200, 0),
    (64, 2_000, 0),
];

/// Each level's strength in standard chess on Stockfish's `UCI_Elo` scale, rounded to 50,
/// from level 1: levels 4–7 measured against Stockfish 15.1 limited to an Elo at 1 s a turn
/// (with the linear evaluation), level 8 from the engine at full strength measured so (with
/// the network) plus 50 for its 2 s, levels 1–3 from matches against the level above
/// (docs/engine.md, "Levels in Elo").
const ELO: [u16; 8] = [550, 950, 1200, 1500, 1800, 1850, 2150, 2500];

/// A level outside 1–8 or not a number.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("level `{0}` does not exist: choose a level from 1 to 8")]
pub struct ParseLevelError(pub String);

impl Level {
    /// The weakest level.
    pub const MIN: Level = Level(1);
    /// The strongest level.
    pub const MAX: Level = Level(8);

    /// Level `n`, if 1 ≤ n ≤ 8.
    pub fn new(n: u8) -> Option<Level> {
        (1..=8).contains(&n).then_some(Level(n))
    }

    /// The level's number, 1–8.
    pub fn number(self) -> u8 {
        self.0
    }

    /// Every level, weakest first.
    pub fn all() -> impl Iterator<Item = Level> {
        (1..=8).map(Level)
    }

    fn row(self) -> (u32, u64, i32) {
        TABLE[usize::from(self.0.clamp(1, 8) - 1)]
    }

    /// The level's estimated strength in standard chess, rounded to 50, on the scale of
    /// Stockfish's `UCI_Elo` (how it was measured is in docs/engine.md).
    pub fn elo(self) -> u16 {
        ELO[usize::from(self.0.clamp(1, 8) - 1)]
    }

    /// The level whose strength is nearest `elo` (the stronger of two as near).
    pub fn nearest_elo(elo: u16) -> Level {
        Level::all()
            .min_by_key(|l| (l.elo().abs_diff(elo), std::cmp::Reverse(l.number())))
            .unwrap_or(Level::MAX)
    }

    /// The most time the level thinks about a turn.
    pub fn budget(self) -> Duration {
        Duration::from_millis(self.row().1)
    }

    /// The level's search limits; `seed` draws its imprecision.
    pub fn limits(self, seed: u64) -> Limits {
        let (depth, ms, noise) = self.row();
        Limits {
            depth: Some(depth),
            movetime: Some(Duration::from_millis(ms)),
            nodes: None,
            noise,
            seed,
            multipv: 1,
        }
    }
}

impl fmt::Display for Level {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0)
    }
}

impl FromStr for Level {
    type Err = ParseLevelError;

    fn from_str(s: &str) -> Result<Level, ParseLevelError> {
        s.trim()
            .parse::<u8>()
            .ok()
            .and_then(Level::new)
            .ok_or_else(|| ParseLevelError(s.to_string()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn levels_grow_stronger_and_the_nearest_to_an_elo_is_found() {
        let elos: Vec<u16> = Level::all().map(Level::elo).collect();
        assert!(elos.windows(2).all(|w| w[0] < w[1]), "{elos:?}");
        for level in Level::all() {
            assert_eq!(Level::nearest_elo(level.elo()), level);
        }
        assert_eq!(Level::nearest_elo(0), Level::MIN);
        assert_eq!(Level::nearest_elo(u16::MAX), Level::MAX);
    }

    #[test]
    fn levels_read_from_one_to_eight_only() {
        assert_eq!("1".parse::<Level>(), Ok(Level::MIN));
        assert_eq!(" 8 ".parse::<Level>(), Ok(Level::MAX));
        assert!("0".parse::<Level>().is_err());
        assert!("9".parse::<Level>().is_err());
        assert!("strong".parse::<Level>().is_err());
    }

    #[test]
    fn higher_levels_search_deeper_longer_and_more_precisely() {
        let levels: Vec<Level> = Level::all().collect();
        for pair in levels.windows(2) {
            let (a, b) = (pair[0].limits(0), pair[1].limits(0));
            assert!(a.depth <= b.depth && a.movetime < b.movetime && a.noise >= b.noise);
        }
        assert_eq!(Level::MAX.budget(), Duration::from_secs(2));
    }
}
