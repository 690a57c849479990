//! One live board per game: the front remembers, for each game, the public messages whose
//! buttons act on the game as it is now (its newest board, or its challenge, which may be
//! posted in two places), so that when a newer one is posted the older ones lose their
//! buttons, and a press on an older one that still shows them is told it is out of date.
//!
//! They are kept in memory, not in storage: a message id is Discord's alone (the console has
//! none; the service and the store speak of games, not of messages), and what a restart loses
//! costs little. A board posted before the restart keeps its buttons after a newer board is
//! posted, but a press on it is then known to be out of date (the game has a newer live
//! message), answered so, and its buttons go; until then it is the game's newest board, and its
//! buttons act rightly.

use std::collections::HashMap;
use std::sync::{Mutex, MutexGuard, PoisonError};

use serenity::all::{ChannelId, MessageId};

use domain::GameId;

/// A message in a channel.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Posted {
    /// The channel (or thread) it is in.
    pub channel: ChannelId,
    /// The message.
    pub message: MessageId,
}

/// The live messages of each game.
#[derive(Default)]
pub struct LiveMessages {
    games: Mutex<HashMap<GameId, Vec<Posted>>>,
}

impl LiveMessages {
    fn games(&self) -> MutexGuard<'_, HashMap<GameId, Vec<Posted>>> {
        self.games.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// `posted` (a message, or copies of one in several places) now holds the buttons of
    /// `game`: returns the game's earlier live messages, whose buttons are out of date. With
    /// `posted` empty (its id could not be learnt) nothing of the game is known any more.
    /// Noted after a newer message of the game (two answers noted in the other order than
    /// they were posted), `posted` is the one out of date: it is returned, and the newer
    /// message keeps the buttons.
    pub fn replace(&self, game: GameId, posted: &[Posted]) -> Vec<Posted> {
        let mut games = self.games();
        let newest = posted.iter().map(|p| p.message).max();
        if let (Some(live), Some(newest)) = (games.get(&game), newest)
            && live.iter().all(|m| !posted.contains(m))
            && live.iter().any(|m| m.message > newest)
        {
            return posted.to_vec();
        }
        let earlier = if posted.is_empty() {
            games.remove(&game)
        } else {
            games.insert(game, posted.to_vec())
        };
        earlier
            .unwrap_or_default()
            .into_iter()
            .filter(|old| !posted.contains(old))
            .collect()
    }

    /// `game` is over (or gone) and `posted` said so: returns the game's earlier live messages,
    /// whose buttons are out of date, and forgets the game.
    pub fn end(&self, game: GameId, posted: &[Posted]) -> Vec<Posted> {
        self.games()
            .remove(&game)
            .unwrap_or_default()
            .into_iter()
            .filter(|old| !posted.contains(old))
            .collect()
    }

    /// The live message of `game` in `channel`, if one is known.
    pub fn in_channel(&self, game: GameId, channel: ChannelId) -> Option<Posted> {
        self.games()
            .get(&game)?
            .iter()
            .find(|p| p.channel == channel)
            .copied()
    }

    /// Whether live messages of `game` are known.
    pub fn knows(&self, game: GameId) -> bool {
        self.games().contains_key(&game)
    }

    /// Whether `message` is out of date for `game`: it is none of the game's live messages,
    /// and one of them is newer (message ids grow with time). A message newer than them all
    /// may be the game's newest, pressed before it was noted here.
    pub fn is_stale(&self, game: GameId, message: Posted) -> bool {
        self.games().get(&game).is_some_and(|live| {
            !live.contains(&message) && live.iter().any(|m| m.message > message.message)
        })
    }

    /// `message` no longer holds the buttons of `game` (they were taken off it).
    pub fn forget(&self, game: GameId, message: Posted) {
        let mut games = self.games();
        if let Some(live) = games.get_mut(&game) {
            live.retain(|m| *m != message);
            if live.is_empty() {
                games.remove(&game);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn at(channel: u64, message: u64) -> Posted {
        Posted {
            channel: ChannelId::new(channel),
            message: MessageId::new(message),
        }
    }

    #[test]
    fn a_new_board_takes_over_and_the_older_ones_are_out_of_date() {
        let live = LiveMessages::default();
        let (challenge, copy) = (at(1, 10), at(2, 11));
        assert!(live.replace(7, &[challenge, copy]).is_empty());
        assert!(!live.is_stale(7, copy), "both copies hold the buttons");
        assert_eq!(live.replace(7, &[at(2, 12)]), vec![challenge, copy]);
        assert!(live.is_stale(7, challenge));
        assert!(!live.is_stale(7, at(2, 12)));
        assert!(
            !live.is_stale(8, challenge),
            "another game knows nothing of it"
        );
        assert!(!live.is_stale(7, at(2, 13)), "newer: not noted yet");
        assert_eq!(
            live.replace(7, &[at(2, 12)]),
            vec![],
            "posted again: nothing to strip"
        );
    }

    /// Two answers noted in the other order than they were posted: the newer board keeps
    /// the buttons, and the older one is the one to strip.
    #[test]
    fn a_board_noted_late_is_out_of_date_itself() {
        let live = LiveMessages::default();
        live.replace(7, &[at(1, 10)]);
        assert_eq!(live.replace(7, &[at(1, 12)]), vec![at(1, 10)]);
        assert_eq!(live.replace(7, &[at(1, 11)]), vec![at(1, 11)]);
        assert!(!live.is_stale(7, at(1, 12)), "the newest holds the buttons");
        assert!(live.is_stale(7, at(1, 11)));
    }

    #[test]
    fn a_board_whose_id_is_unknown_leaves_nothing_known() {
        let live = LiveMessages::default();
        live.replace(7, &[at(1, 10)]);
        assert_eq!(live.replace(7, &[]), vec![at(1, 10)]);
        assert!(!live.knows(7));
        assert!(!live.is_stale(7, at(1, 10)), "unknown: not judged");
    }

    #[test]
    fn the_end_strips_the_rest_and_forgets_the_game() {
        let live = LiveMessages::default();
        live.replace(7, &[at(1, 10), at(1, 11)]);
        live.forget(7, at(1, 11));
        assert_eq!(live.end(7, &[at(1, 12)]), vec![at(1, 10)]);
        assert!(!live.knows(7));
        live.replace(8, &[at(1, 20)]);
        live.forget(8, at(1, 20));
        assert!(!live.knows(8), "nothing left");
    }
}
