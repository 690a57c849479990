//! The reserved players: the computer, one user id per engine level and one per Elo that
//! Stockfish can be asked to play at, so a game against the computer needs nothing more in
//! storage and survives a restart as it is; and the stand-ins of players who asked to be
//! forgotten (`/forget`), one id each, under one name.

use std::ops::RangeInclusive;

use crate::{User, UserId};

/// The ids below this one are never the computer's: console names hash under it, and Discord
/// ids (snowflakes) will not reach it for decades.
pub const COMPUTER_ID_BASE: UserId = 0x7fff_ffff_ffff_ff00;

/// The Elos Stockfish can be asked to play at, from the least to the most, in steps of
/// [`STOCKFISH_ELO_STEP`]: the range of Stockfish's `UCI_Elo`.
pub const STOCKFISH_ELOS: (u16, u16) = (1350, 2850);

/// The step between two Elos Stockfish is asked to play at; an Elo in between is rounded
/// to the nearest step.
pub const STOCKFISH_ELO_STEP: u16 = 50;

/// The Elo Stockfish plays at when a challenge names none.
pub const DEFAULT_STOCKFISH_ELO: u16 = 1500;

/// Where Stockfish's ids start, past the levels'.
const STOCKFISH_ID_OFFSET: u64 = 0x20;

/// Who plays for the computer.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Computer {
    /// nadare's own engine at a level (one of [`LEVELS`]).
    Level(u8),
    /// Stockfish limited to an Elo (one of [`STOCKFISH_ELOS`], a multiple of the step).
    Stockfish(u16),
}

/// The ids from this one up to [`COMPUTER_ID_BASE`] stand in for forgotten players: each
/// forgotten player's games and tournaments keep their moves and results under an id of this
/// range, told apart from every other forgotten player's, and under [`FORGOTTEN_NAME`].
/// Discord ids (snowflakes) will not reach it for decades either.
pub const FORGOTTEN_ID_BASE: UserId = 0x7fff_f000_0000_0000;

/// The name stored for a forgotten player. The presentation shows it in each language
/// ("deleted user", 「削除されたユーザー」); a record file keeps it as it is.
pub const FORGOTTEN_NAME: &str = "deleted user";

/// The computer's levels, weakest first: the engine's (a test checks that they agree).
pub const LEVELS: RangeInclusive<u8> = 1..=8;

/// The level a challenge of the computer gets when none is named.
pub const DEFAULT_LEVEL: u8 = 3;

/// The computer playing at `level`, brought into [`LEVELS`].
pub fn computer(level: u8) -> User {
    let level = level.clamp(*LEVELS.start(), *LEVELS.end());
    User {
        id: COMPUTER_ID_BASE + u64::from(level),
        name: format!("nadare (level {level})"),
    }
}

/// The computer at `level`, or at [`DEFAULT_LEVEL`] when none is named.
pub fn computer_at(level: Option<u8>) -> User {
    computer(level.unwrap_or(DEFAULT_LEVEL))
}

/// The level of the computer with this id, if it is the computer's.
pub fn computer_level(id: UserId) -> Option<u8> {
    let n = u8::try_from(id.checked_sub(COMPUTER_ID_BASE)?).ok()?;
    LEVELS.contains(&n).then_some(n)
}

/// Stockfish playing at `elo`, brought into [`STOCKFISH_ELOS`] and rounded to the nearest
/// step.
pub fn stockfish(elo: u16) -> User {
    let (least, most) = STOCKFISH_ELOS;
    let steps = (elo.clamp(least, most) - least + STOCKFISH_ELO_STEP / 2) / STOCKFISH_ELO_STEP;
    let elo = least + steps * STOCKFISH_ELO_STEP;
    User {
        id: COMPUTER_ID_BASE + STOCKFISH_ID_OFFSET + u64::from(steps),
        name: format!("Stockfish ({elo})"),
    }
}

/// Who plays for the computer with this id, if it is the computer's.
pub fn computer_player(id: UserId) -> Option<Computer> {
    if let Some(level) = computer_level(id) {
        return Some(Computer::Level(level));
    }
    let steps = id
        .checked_sub(COMPUTER_ID_BASE + STOCKFISH_ID_OFFSET)
        .and_then(|n| u16::try_from(n).ok())?;
    let (least, most) = STOCKFISH_ELOS;
    let elo = least.checked_add(steps.checked_mul(STOCKFISH_ELO_STEP)?)?;
    (elo <= most).then_some(Computer::Stockfish(elo))
}

/// Whether `id` is one of the computer's.
pub fn is_computer(id: UserId) -> bool {
    computer_player(id).is_some()
}

/// The stand-in of the `n`th player forgotten (`n` from the store's id sequence, so no two
/// forgotten players share one).
pub fn forgotten(n: u64) -> User {
    User {
        id: FORGOTTEN_ID_BASE
            .saturating_add(n)
            .min(COMPUTER_ID_BASE - 1),
        name: FORGOTTEN_NAME.to_owned(),
    }
}

/// Whether `id` stands in for a forgotten player.
pub fn is_forgotten(id: UserId) -> bool {
    (FORGOTTEN_ID_BASE..COMPUTER_ID_BASE).contains(&id)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_level_has_its_own_reserved_id() {
        for level in LEVELS {
            assert_eq!(computer_level(computer(level).id), Some(level));
        }
        assert_eq!(computer_level(COMPUTER_ID_BASE), None);
        assert_eq!(computer_level(COMPUTER_ID_BASE + 9), None);
        assert_eq!(computer_level(1), None);
        assert!(i64::try_from(computer(*LEVELS.end()).id).is_ok());
    }

    #[test]
    fn each_stockfish_elo_has_its_own_reserved_id_past_the_levels() {
        let mut seen = Vec::new();
        for elo in (1350..=2850).step_by(50) {
            let user = stockfish(elo);
            assert_eq!(computer_player(user.id), Some(Computer::Stockfish(elo)));
            assert_eq!(user.name, format!("Stockfish ({elo})"));
            assert!(computer_level(user.id).is_none());
            seen.push(user.id);
        }
        assert_eq!(seen.len(), 31);
        seen.dedup();
        assert_eq!(seen.len(), 31);
        // Rounded to the nearest step and brought into the range.
        assert_eq!(stockfish(1824).name, "Stockfish (1800)");
        assert_eq!(stockfish(1825).name, "Stockfish (1850)");
        assert_eq!(stockfish(900).name, "Stockfish (1350)");
        assert_eq!(stockfish(4000).name, "Stockfish (2850)");
        assert_eq!(computer_player(stockfish(2850).id + 1), None);
        assert_eq!(computer_player(COMPUTER_ID_BASE + 0x1f), None);
        assert!(is_computer(stockfish(2000).id));
    }

    #[test]
    fn stand_ins_of_forgotten_players_are_neither_the_computer_nor_each_other() {
        let (first, second) = (forgotten(1), forgotten(2));
        assert_ne!(first.id, second.id);
        for stand_in in [&first, &second] {
            assert!(is_forgotten(stand_in.id) && !is_computer(stand_in.id));
            assert_eq!(stand_in.name, FORGOTTEN_NAME);
        }
        assert!(!is_forgotten(computer(*LEVELS.start()).id));
        assert!(!is_forgotten(1_000_000_000_000_001));
        assert!(is_forgotten(forgotten(u64::MAX).id));
        assert!(i64::try_from(forgotten(u64::MAX).id).is_ok());
    }
}
