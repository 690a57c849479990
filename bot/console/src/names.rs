//! Stable ids for the console's names: users, rooms and roles are named, and the service
//! wants numbers that stay the same across restarts.

use domain::{ChannelId, User, UserId};

/// A stable id for a console name: its FNV-1a hash, kept within the database's integers and
/// below the computer's ids, so the same name is the same player after a restart. Case does not matter, but only a
/// letter whose lower case turns back into it is folded: the Kelvin sign `K` stays apart
/// from `k`.
pub fn stable_id(name: &str) -> u64 {
    let folded: String = name
        .chars()
        .flat_map(|c| {
            let lower: String = c.to_lowercase().collect();
            let round_trip = lower.to_uppercase() == c.to_string();
            if round_trip { lower } else { c.to_string() }
                .chars()
                .collect::<Vec<_>>()
        })
        .collect();
    let mut hash: u64 = 0xcbf2_9ce4_8422_2325;
    for byte in folded.bytes() {
        hash ^= u64::from(byte);
        hash = hash.wrapping_mul(0x0000_0100_0000_01b3);
    }
    // Ids from `COMPUTER_ID_BASE` up are the computer's.
    (hash & 0x7fff_ffff_ffff_ffff).clamp(1, domain::COMPUTER_ID_BASE)
}

/// The console user called `name`.
pub fn user(name: &str) -> User {
    User {
        id: stable_id(name),
        name: name.to_string(),
    }
}

/// The channel id of a console room.
pub fn room_channel(room: &str) -> ChannelId {
    stable_id(&format!("room:{room}"))
}

/// The user id of a console name (for tests that look into storage).
pub fn user_id(name: &str) -> UserId {
    stable_id(name)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ids_are_stable_and_distinct() {
        assert_eq!(stable_id("alice"), stable_id("Alice"));
        assert_eq!(stable_id("Ålice"), stable_id("ålice"));
        // KELVIN SIGN folds to a plain `k` in Unicode, but it is another name.
        assert_ne!(stable_id("\u{212A}im"), stable_id("kim"));
        assert_eq!(stable_id("Kim"), stable_id("kim"));
        assert_ne!(stable_id("alice"), stable_id("bob"));
        assert!(i64::try_from(stable_id("anyone at all")).is_ok());
        assert_ne!(room_channel("main"), user_id("main"));
    }
}
