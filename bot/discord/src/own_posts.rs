//! The bot's posts of its own in a channel (not an interaction's answer, which goes through the
//! interaction's webhook and needs no permission there), all through [`OwnPosts`]: a channel
//! where the bot can only answer interactions (a DM or group DM between users, see
//! [`direct`](super::direct)) is not tried at all; elsewhere
//! [`ChannelAccess`](super::access::ChannelAccess) is asked first, and what Discord answers is
//! learnt from. A post reopens a thread Discord archived for inactivity by itself; one a
//! moderator locked refuses it (50083, "Thread is archived"), and the bot does not unlock it
//! over the moderator: [`OwnPosts::post_or_tell`] tells the parent channel. Interactions tell
//! it the bot's permissions, and the next public answer about a game in a channel where
//! something was held back says so.
//!
//! A post refused with Missing Access in a channel whose game is outside any server (after a
//! restart, before any interaction there) marks the channel answer-only, not one to wait for:
//! no permission a server could give would open it.

use std::sync::Arc;
use std::time::SystemTime;

use serenity::all::{ChannelId, ChannelType, Http, HttpError, Message, Permissions};

use super::access::{ChannelAccess, Held, Needs};
use super::boards::Posted;
use super::direct::Direct;
use super::replies::{Outgoing, Shows};
use present::fluent_args;
use present::i18n::{self, Surface};
use service::GameService;

/// Discord's error code for a channel (or thread) that does not exist (any more).
const UNKNOWN_CHANNEL: isize = 10003;
/// Discord's error code for a channel the bot cannot see.
const MISSING_ACCESS: isize = 50001;

/// Why a post of the bot's own did not go out.
#[derive(Debug)]
pub enum Unposted {
    /// The bot can only answer interactions there.
    AnswerOnly,
    /// Held back: the bot lacks permissions there, or waits after a refusal.
    Held(Held),
    /// Discord refused it, or it could not be sent.
    Failed(Box<serenity::Error>),
}

impl std::fmt::Display for Unposted {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Unposted::AnswerOnly => write!(f, "the bot can only answer interactions there"),
            Unposted::Held(Held(missing)) => {
                write!(
                    f,
                    "held back, lacking {}",
                    missing.get_permission_names().join(", ")
                )
            }
            Unposted::Failed(error) => error.fmt(f),
        }
    }
}

impl Unposted {
    /// Logs that `what` did not go out: a failure at warn, a post held back or not tried at
    /// debug only (the wait, or the permissions missing, were logged once at warn).
    pub fn log(&self, what: &str) {
        match self {
            Unposted::AnswerOnly | Unposted::Held(_) => {
                tracing::debug!(reason = %self, "{what}");
            }
            Unposted::Failed(error) => tracing::warn!(%error, "{what}"),
        }
    }
}

/// Where a notice went.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Delivery {
    /// Posted in its channel, or in the thread's parent with a word about why: here.
    Posted(Posted),
    /// Posted nowhere.
    Failed,
    /// Held back: the bot may not post there now (see [`ChannelAccess`]), nor, for a
    /// thread, in its parent.
    Held,
    /// Its channel no longer exists.
    Gone,
    /// Discord could not take it now (see [`unavailable`]): nothing is said elsewhere, and
    /// it is tried again once Discord answers.
    Unavailable,
    /// The bot can only answer interactions there (a DM or group DM between users).
    AnswerOnly,
}

/// What posting `outgoing` takes beside the right to speak.
pub fn needs(outgoing: &Outgoing) -> Needs {
    Needs {
        embeds: outgoing.has_embeds(),
        files: outgoing.has_files(),
    }
}

/// Where `message` is.
pub fn posted(message: &Message) -> Posted {
    Posted {
        channel: message.channel_id,
        message: message.id,
    }
}

/// The one path of the bot's own posts: where it may post, and where it can only answer.
pub struct OwnPosts {
    /// Where the bot may post on its own.
    pub access: ChannelAccess,
    /// The channels where the bot can only answer interactions, and what waits there.
    pub direct: Arc<Direct>,
    /// The service, for its clock, the turns that wait for a channel and the games' servers.
    service: GameService,
}

impl OwnPosts {
    /// Knows nothing yet of any channel.
    pub fn new(service: GameService) -> OwnPosts {
        OwnPosts {
            access: ChannelAccess::default(),
            direct: Arc::new(Direct::default()),
            service,
        }
    }

    /// The time on the service's clock (the waits and the tokens' ages are timed by it).
    pub fn now(&self) -> SystemTime {
        self.service.now()
    }

    /// An interaction in `channel` (of `kind`) showed the bot's `permissions` there: a channel
    /// open again has the turns that waited for it posted at once. Where the bot can only
    /// answer, permissions say nothing of its posts.
    pub fn seen_in(
        &self,
        channel: ChannelId,
        permissions: Option<Permissions>,
        kind: Option<ChannelType>,
    ) {
        if self.direct.answer_only(channel) {
            return;
        }
        let thread = kind.is_some_and(|k| {
            matches!(
                k,
                ChannelType::PublicThread | ChannelType::PrivateThread | ChannelType::NewsThread
            )
        });
        if self.access.seen(channel, permissions, thread) {
            tracing::info!(%channel, "the bot may post in a channel again");
            self.service.announce_again(channel.get());
        }
    }

    /// Discord took an answer showing `shows`: its turns count as shown at once, before
    /// anything more is asked of Discord about it (a later call may wait out a rate limit
    /// long enough for the sweep to post the turns again).
    pub async fn taken(&self, shows: Shows) {
        if let Some((game, shown)) = shows.announces {
            self.service.mark_shown(game, shown).await;
        }
    }

    /// Whether a post with `needs` may go to `channel` now.
    pub fn may_post(&self, channel: ChannelId, needs: Needs) -> Result<(), Unposted> {
        if self.direct.answer_only(channel) {
            return Err(Unposted::AnswerOnly);
        }
        self.access
            .check(channel, needs, self.now())
            .map_err(Unposted::Held)
    }

    /// Whether the bot may edit its messages in `channel`.
    pub fn may_edit(&self, channel: ChannelId) -> bool {
        !self.direct.answer_only(channel) && self.access.may_edit(channel)
    }

    /// Learns from the `result` of a post with `needs` in `channel`.
    pub fn learn_post(
        &self,
        channel: ChannelId,
        needs: Needs,
        result: &Result<Message, serenity::Error>,
    ) {
        match result {
            Ok(_) => self.access.posted(channel),
            Err(error) => {
                self.access.failed(channel, needs, error, self.now());
            }
        }
    }

    /// Posts `outgoing` in `channel` on the bot's own, unless it may not post there now.
    pub async fn post(
        &self,
        http: &Http,
        channel: ChannelId,
        outgoing: Outgoing,
    ) -> Result<Message, Unposted> {
        let needs = needs(&outgoing);
        self.may_post(channel, needs)?;
        let result = channel.send_message(http, outgoing.message()).await;
        if let Err(error) = &result
            && error_code(error) == Some(MISSING_ACCESS)
            && self.service.outside_servers(channel.get()).await == Some(true)
        {
            tracing::info!(%channel, "the bot can only answer interactions in this channel");
            self.direct.refused(channel);
            return Err(Unposted::AnswerOnly);
        }
        self.learn_post(channel, needs, &result);
        result.map_err(|error| Unposted::Failed(Box::new(error)))
    }

    /// Posts `outgoing` in `channel` on the bot's own, or when that is impossible (a locked
    /// thread, a missing permission) in the thread's parent channel with a word about why, so
    /// the players hear of it. A channel the bot knows it may not post in now is not tried.
    pub async fn post_or_tell(
        &self,
        http: &Http,
        channel: ChannelId,
        outgoing: Outgoing,
    ) -> Delivery {
        let held = match self.post(http, channel, outgoing.clone()).await {
            Ok(message) => return Delivery::Posted(posted(&message)),
            Err(Unposted::AnswerOnly) => return Delivery::AnswerOnly,
            Err(Unposted::Failed(error)) if error_code(&error) == Some(UNKNOWN_CHANNEL) => {
                tracing::info!(%channel, "a game's channel no longer exists");
                return Delivery::Gone;
            }
            Err(Unposted::Failed(error)) if unavailable(&error) => {
                tracing::warn!(%error, %channel, "Discord could not take a notice now");
                return Delivery::Unavailable;
            }
            Err(Unposted::Failed(error)) => {
                tracing::warn!(%error, %channel, "could not post in a game's channel");
                false
            }
            Err(Unposted::Held(_)) => {
                if self.access.is_thread(channel) == Some(false) {
                    return Delivery::Held;
                }
                true
            }
        };
        let parent = match channel.to_channel(http).await {
            Ok(found) => found.guild().and_then(|c| c.parent_id),
            Err(error) => {
                tracing::warn!(%error, %channel, "could not look the channel up");
                None
            }
        };
        let Some(parent) = parent else {
            return if held {
                Delivery::Held
            } else {
                Delivery::Failed
            };
        };
        let lang = outgoing.lang;
        let outgoing = outgoing.with_line(&i18n::text(
            lang,
            Surface::Discord,
            "front-posted-in-parent",
            &fluent_args![("channel", channel.to_string())],
        ));
        match self.post(http, parent, outgoing).await {
            Ok(message) => Delivery::Posted(posted(&message)),
            Err(Unposted::Held(_) | Unposted::AnswerOnly) => Delivery::Held,
            Err(error) => {
                tracing::warn!(%error, %parent, "could not post in the parent channel either");
                Delivery::Failed
            }
        }
    }

    /// `outgoing`, the answer to an interaction in `channel`, with a line saying the bot
    /// cannot post there on its own when it is a public answer about a game and something
    /// was held back or refused there since the players were last told. Where the bot can
    /// only answer, nothing a server could give would change that: nothing is added.
    pub fn told(&self, channel: ChannelId, outgoing: Outgoing) -> Outgoing {
        if outgoing.ephemeral || outgoing.shows.game.is_none() || self.direct.answer_only(channel) {
            return outgoing;
        }
        match self.access.tell(channel, outgoing.lang) {
            Some(line) => outgoing.with_line(&line),
            None => outgoing,
        }
    }
}

/// Whether `error` says Discord could not serve the call now rather than refused it: a 5xx,
/// a 429, or no answer in time (or no connection at all). The same call may succeed later.
pub fn unavailable(error: &serenity::Error) -> bool {
    match error {
        serenity::Error::Http(HttpError::UnsuccessfulRequest(response)) => {
            response.status_code.is_server_error() || response.status_code.as_u16() == 429
        }
        serenity::Error::Http(HttpError::Request(error)) => {
            error.is_timeout() || error.is_connect()
        }
        _ => false,
    }
}

/// The Discord error code of a failed REST call, if Discord gave one.
pub fn error_code(error: &serenity::Error) -> Option<isize> {
    match error {
        serenity::Error::Http(HttpError::UnsuccessfulRequest(response)) => {
            Some(response.error.code)
        }
        _ => None,
    }
}
