//! The computer's reserved players: one user id per engine level, so a game against the
//! computer needs nothing more in storage and survives a restart as it is.

use engine::Level;

use crate::{User, UserId};

/// The ids below this one are never the computer's: console names hash under it, and Discord
/// ids (snowflakes) will not reach it for decades.
pub const COMPUTER_ID_BASE: UserId = 0x7fff_ffff_ffff_ff00;

/// The level a challenge of the computer gets when none is named.
pub const DEFAULT_LEVEL: u8 = 3;

/// The computer playing at `level`.
pub fn computer(level: Level) -> User {
    User {
        id: COMPUTER_ID_BASE + u64::from(level.number()),
        name: format!("nadare (level {level})"),
    }
}

/// The computer at `level`, or at [`DEFAULT_LEVEL`] when none is named.
pub fn computer_at(level: Option<Level>) -> User {
    computer(level.unwrap_or(Level::new(DEFAULT_LEVEL).unwrap_or(Level::MIN)))
}

/// The level of the computer with this id, if it is the computer's.
pub fn computer_level(id: UserId) -> Option<Level> {
    let n = id.checked_sub(COMPUTER_ID_BASE)?;
    Level::new(u8::try_from(n).ok()?)
}

/// Whether `id` is one of the computer's.
pub fn is_computer(id: UserId) -> bool {
    computer_level(id).is_some()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_level_has_its_own_reserved_id() {
        for level in Level::all() {
            assert_eq!(computer_level(computer(level).id), Some(level));
        }
        assert_eq!(computer_level(COMPUTER_ID_BASE), None);
        assert_eq!(computer_level(COMPUTER_ID_BASE + 9), None);
        assert_eq!(computer_level(1), None);
        assert!(i64::try_from(computer(Level::MAX).id).is_ok());
    }
}
