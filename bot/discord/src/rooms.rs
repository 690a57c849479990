//! Rooms for tournament games: each game gets a public thread in the tournament's channel
//! ("Spring · R1 B2 · alice vs bob"), opened without a starter message; the service then posts
//! the game's notices there.
//!
//! Where Discord refuses the thread (the bot lacks Create Public Threads there, or the channel
//! takes no threads), the game is played in the tournament's channel itself: the service plays
//! one game per channel, so the games of a round are then played there one after another, each
//! starting at the sweep after the one before ends. Such a refusal is remembered for
//! [`REFUSAL_KEPT`], so the channel is not asked again for every game meanwhile. A failure
//! that may pass (Discord unreachable, a server error) opens no room: the service tries again
//! at its next sweep.

use std::collections::HashMap;
use std::num::NonZeroU64;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use serenity::all::{AutoArchiveDuration, ChannelId, ChannelType, CreateThread, Http, HttpError};

use domain::{GameRooms, Room};
use present::fluent_args;
use present::i18n::{self, Surface};

/// Discord's limit on channel (and thread) names.
const MAX_NAME: usize = 100;

/// How long a channel's refusal to take a thread is believed before asking again.
const REFUSAL_KEPT: Duration = Duration::from_secs(10 * 60);

/// Opens a thread per tournament game.
pub struct DiscordRooms {
    http: Arc<Http>,
    /// Channels that refused a thread, and when.
    refused: Mutex<HashMap<ChannelId, Instant>>,
}

impl DiscordRooms {
    /// Rooms opened through `http`.
    pub fn new(http: Arc<Http>) -> DiscordRooms {
        DiscordRooms {
            http,
            refused: Mutex::new(HashMap::new()),
        }
    }

    /// Whether `parent` refused a thread lately.
    fn refused_lately(&self, parent: ChannelId) -> bool {
        let mut refused = self
            .refused
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        refused.retain(|_, at| at.elapsed() < REFUSAL_KEPT);
        refused.contains_key(&parent)
    }

    fn note_refusal(&self, parent: ChannelId) {
        self.refused
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
            .insert(parent, Instant::now());
    }
}

/// The thread's name in the server's language, within Discord's limit.
fn name(room: &Room<'_>) -> String {
    let name = i18n::text(
        room.lang,
        Surface::Discord,
        "front-tournament-thread-name",
        &fluent_args![
            ("tournament", room.name),
            ("round", room.round),
            ("board", room.board),
            ("white", room.white),
            ("black", room.black)
        ],
    );
    name.chars().take(MAX_NAME).collect()
}

/// Whether Discord refused the call for good (a permission, the channel's type), rather than
/// for a while (a server error, a rate limit, no connection).
fn refused(error: &serenity::Error) -> bool {
    match error {
        serenity::Error::Http(HttpError::UnsuccessfulRequest(response)) => {
            let status = response.status_code;
            status.is_client_error() && status.as_u16() != 429
        }
        _ => false,
    }
}

#[serenity::async_trait]
impl GameRooms for DiscordRooms {
    async fn open_room(&self, room: &Room<'_>) -> Option<domain::ChannelId> {
        let parent = ChannelId::from(NonZeroU64::new(room.parent)?);
        if self.refused_lately(parent) {
            return Some(room.parent);
        }
        let thread = CreateThread::new(name(room))
            .kind(ChannelType::PublicThread)
            .auto_archive_duration(AutoArchiveDuration::OneWeek);
        match parent.create_thread(self.http.as_ref(), thread).await {
            Ok(thread) => Some(thread.id.get()),
            Err(error) if refused(&error) => {
                tracing::warn!(
                    %error,
                    %parent,
                    "no thread for a tournament game; playing it in the tournament's channel"
                );
                self.note_refusal(parent);
                Some(room.parent)
            }
            Err(error) => {
                tracing::warn!(%error, %parent, "could not open a tournament game's thread");
                None
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use domain::Lang;

    fn room<'a>(name: &'a str, white: &'a str, lang: Lang) -> Room<'a> {
        Room {
            guild: 1,
            parent: 2,
            tournament: 3,
            name,
            round: 1,
            board: 2,
            white,
            black: "bob",
            lang,
        }
    }

    #[test]
    fn thread_names_say_the_tournament_round_board_and_players_within_the_limit() {
        assert_eq!(
            name(&room("Spring", "alice", Lang::En)),
            "Spring · R1 B2 · alice vs bob"
        );
        assert_eq!(
            name(&room("春", "alice", Lang::Ja)),
            "春・第1R 第2盤・alice 対 bob"
        );
        let long = "ä".repeat(90);
        assert_eq!(
            name(&room("Spring", &long, Lang::En)).chars().count(),
            MAX_NAME
        );
    }
}
