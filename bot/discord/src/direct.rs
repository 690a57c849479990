//! Channels where the bot can only answer: DMs and group DMs between users, where nadare is
//! installed by a user and is no member (the interaction's `context` 2). There Discord takes
//! no message of the bot's own, only answers to interactions through their tokens, each for
//! 15 minutes.
//!
//! So for each such channel the front keeps the newest interaction's token, and what could not
//! be posted: a notice of the sweep (a deadline reminder, a game lost on time, a challenge
//! lapsed) goes out as a follow-up on a token younger than [`TOKEN_MARGIN`], else it waits
//! here for the next interaction in the channel, whose answer it then follows. Discord takes
//! at most five follow-ups on one interaction of an app installed by a user only: at most
//! [`NOTICES_PER_TOKEN`] notices follow up on one token, and the rest wait, in order, for the
//! next interaction. A notice posting a game's turns again takes the place of one of the same
//! game still waiting: the sweep tries such a notice again and again while no token is good,
//! and each try shows the turns not yet shown, so only the newest is worth showing. A channel is
//! also known as answer-only after Discord refused a post there with Missing Access and its
//! game is outside any server (after a restart, before any interaction there; see
//! [`own_posts`](super::own_posts), the one path that asks here before posting). What waits is kept in memory: after a restart the
//! service announces again the turns nobody saw, and a game's board is always one `/board`
//! away.

use std::collections::HashMap;
use std::sync::{Mutex, MutexGuard};
use std::time::{Duration, SystemTime};

use serenity::all::{ChannelId, InteractionContext};

use super::replies::Outgoing;

/// A token is used until it is this old: Discord takes it for 15 minutes, and a margin leaves
/// time for the work and the call itself.
pub const TOKEN_MARGIN: Duration = Duration::from_secs(14 * 60);

/// The most messages kept for one channel; older ones give way (a newer notice of the same
/// game says more).
const MAX_WAITING: usize = 10;

/// The most notices that follow up on one interaction: Discord takes five follow-ups on an
/// interaction of an app installed by a user only (40094 after), and the interaction's own
/// answer may need one.
pub const NOTICES_PER_TOKEN: u32 = 4;

/// Whether a token issued at `issued` is still good at `now` (within [`TOKEN_MARGIN`]); a
/// clock that went back counts as fresh.
pub fn fresh(issued: SystemTime, now: SystemTime) -> bool {
    now.duration_since(issued)
        .map_or(true, |age| age < TOKEN_MARGIN)
}

/// The newest interaction's token in a channel.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Token {
    /// The token.
    pub token: String,
    /// When the interaction came, on the service's clock.
    pub issued: SystemTime,
    /// The most bytes of files its answers may upload.
    pub attachment_limit: u32,
}

/// One answer-only channel.
#[derive(Default)]
struct Channel {
    token: Option<Token>,
    /// Notices that followed up on `token`.
    spent: u32,
    waiting: Vec<Outgoing>,
}

/// The answer-only channels the front knows.
#[derive(Default)]
pub struct Direct {
    channels: Mutex<HashMap<ChannelId, Channel>>,
}

impl Direct {
    fn channels(&self) -> MutexGuard<'_, HashMap<ChannelId, Channel>> {
        self.channels
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
    }

    /// Notes an interaction in `channel` from `context`: in a DM or group DM between users
    /// the channel is answer-only and `token` its newest. True when the channel is
    /// answer-only.
    pub fn learn(
        &self,
        channel: ChannelId,
        context: Option<InteractionContext>,
        token: Token,
    ) -> bool {
        let mut channels = self.channels();
        if context == Some(InteractionContext::PrivateChannel) {
            let known = channels.entry(channel).or_default();
            known.token = Some(token);
            known.spent = 0;
            return true;
        }
        channels.contains_key(&channel)
    }

    /// Notes that Discord refused the bot's own message in `channel` for lack of access, and
    /// that the channel is outside any server.
    pub fn refused(&self, channel: ChannelId) {
        self.channels().entry(channel).or_default();
    }

    /// Whether the bot can only answer interactions in `channel`.
    pub fn answer_only(&self, channel: ChannelId) -> bool {
        self.channels().contains_key(&channel)
    }

    /// The newest token of `channel` if it is still good at `now`.
    pub fn live_token(&self, channel: ChannelId, now: SystemTime) -> Option<Token> {
        self.channels()
            .get(&channel)
            .and_then(|c| c.token.clone())
            .filter(|t| fresh(t.issued, now))
    }

    /// Takes one of the follow-ups notices may make on `token`, the newest of `channel`: false
    /// when [`NOTICES_PER_TOKEN`] have been made (or the token is no longer the newest), and
    /// the notice should wait for the next interaction.
    pub fn spend(&self, channel: ChannelId, token: &str) -> bool {
        let mut channels = self.channels();
        let Some(known) = channels.get_mut(&channel) else {
            return false;
        };
        let newest = known.token.as_ref().is_some_and(|t| t.token == token);
        if !newest || known.spent >= NOTICES_PER_TOKEN {
            return false;
        }
        known.spent += 1;
        true
    }

    /// Keeps `outgoing` for the next interaction in `channel`, in place of a notice waiting
    /// there that posts the same game's turns again when it is one.
    pub fn wait(&self, channel: ChannelId, outgoing: Outgoing) {
        let mut channels = self.channels();
        let waiting = &mut channels.entry(channel).or_default().waiting;
        if let Some((game, _)) = outgoing.shows.announces {
            waiting.retain(|older| older.shows.announces.is_none_or(|(g, _)| g != game));
        }
        if waiting.len() >= MAX_WAITING {
            tracing::info!(%channel, "too much waiting for an interaction; the oldest goes");
            waiting.remove(0);
        }
        waiting.push(outgoing);
    }

    /// What waits for an interaction in `channel`, oldest first, taken out.
    pub fn take(&self, channel: ChannelId) -> Vec<Outgoing> {
        self.channels()
            .get_mut(&channel)
            .map(|c| std::mem::take(&mut c.waiting))
            .unwrap_or_default()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn token(issued: SystemTime) -> Token {
        Token {
            token: "t".into(),
            issued,
            attachment_limit: 0,
        }
    }

    #[test]
    fn a_token_is_used_for_fourteen_minutes() {
        let start = SystemTime::UNIX_EPOCH + Duration::from_secs(1_000_000);
        assert!(fresh(start, start + Duration::from_secs(13 * 60 + 59)));
        assert!(!fresh(start, start + TOKEN_MARGIN));
        assert!(
            fresh(start + Duration::from_secs(5), start),
            "a clock set back"
        );
    }

    #[test]
    fn private_channels_are_answer_only_and_keep_their_newest_token() {
        let direct = Direct::default();
        let start = SystemTime::UNIX_EPOCH + Duration::from_secs(1_000_000);
        let (dm, guild) = (ChannelId::new(7), ChannelId::new(8));
        assert!(!direct.learn(guild, Some(InteractionContext::Guild), token(start)));
        assert!(!direct.learn(dm, Some(InteractionContext::BotDm), token(start)));
        assert!(direct.learn(dm, Some(InteractionContext::PrivateChannel), token(start)));
        assert!(direct.answer_only(dm) && !direct.answer_only(guild));
        assert_eq!(direct.live_token(dm, start), Some(token(start)));
        assert_eq!(direct.live_token(dm, start + TOKEN_MARGIN), None);
        direct.wait(dm, Outgoing::public("a"));
        direct.wait(dm, Outgoing::public("b"));
        assert_eq!(direct.take(dm).len(), 2);
        assert!(direct.take(dm).is_empty());
        direct.refused(guild);
        assert!(direct.answer_only(guild), "refused for lack of access");
    }

    /// A notice posting `game`'s turns again from ply `plies` on.
    fn late(game: u64, plies: usize) -> Outgoing {
        let mut notice = Outgoing::public("posted again");
        notice.shows.announces = Some((game, domain::Shown { plies, over: false }));
        notice
    }

    #[test]
    fn a_game_waits_with_its_newest_late_notice_only() {
        let direct = Direct::default();
        let dm = ChannelId::new(7);
        direct.wait(dm, late(1, 3));
        direct.wait(dm, Outgoing::public("a reminder"));
        direct.wait(dm, late(2, 5));
        direct.wait(dm, late(1, 4));
        direct.wait(dm, late(1, 4));
        let waiting: Vec<Option<(u64, usize)>> = direct
            .take(dm)
            .iter()
            .map(|o| o.shows.announces.map(|(game, shown)| (game, shown.plies)))
            .collect();
        assert_eq!(
            waiting,
            [None, Some((2, 5)), Some((1, 4))],
            "one notice per game, the newest, after what waited before it"
        );
    }

    #[test]
    fn notices_follow_up_four_times_on_one_token() {
        let direct = Direct::default();
        let start = SystemTime::UNIX_EPOCH + Duration::from_secs(1_000_000);
        let dm = ChannelId::new(7);
        let private = Some(InteractionContext::PrivateChannel);
        direct.learn(dm, private, token(start));
        for _ in 0..NOTICES_PER_TOKEN {
            assert!(direct.spend(dm, "t"));
        }
        assert!(!direct.spend(dm, "t"), "the fifth waits");
        assert!(!direct.spend(dm, "older"), "only the newest token");
        direct.learn(dm, private, token(start));
        assert!(direct.spend(dm, "t"), "a new interaction, new follow-ups");
    }
}
