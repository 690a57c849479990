//! The bot's posts of its own in a channel (not an interaction's answer, which goes through the
//! interaction's webhook and needs no permission there): asked of
//! [`ChannelAccess`](super::access::ChannelAccess) first, and what Discord answers is learnt
//! from; a thread Discord archived for inactivity is unarchived first. Interactions tell it the
//! bot's permissions, and the next public answer about a game in a channel where something was
//! held back says so.

use serenity::all::{ChannelId, ChannelType, EditThread, Http, HttpError, Message, Permissions};

use super::access::{Held, Needs};
use super::front::Front;
use super::replies::Outgoing;

/// Discord's error code for a post into an archived thread.
const THREAD_ARCHIVED: isize = 50083;

/// Why a post of the bot's own did not go out.
#[derive(Debug)]
pub enum Unposted {
    /// Held back: the bot lacks permissions there, or waits after a refusal.
    Held(Held),
    /// Discord refused it, or it could not be sent.
    Failed(serenity::Error),
}

impl std::fmt::Display for Unposted {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
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
    /// Logs that `what` did not go out: a failure at warn, a post held back at debug only
    /// (the wait, or the permissions missing, were logged once at warn).
    pub fn log(&self, what: &str) {
        match self {
            Unposted::Held(_) => tracing::debug!(reason = %self, "{what}"),
            Unposted::Failed(error) => tracing::warn!(%error, "{what}"),
        }
    }
}

/// What posting `outgoing` takes beside the right to speak.
pub fn needs(outgoing: &Outgoing) -> Needs {
    Needs {
        embeds: outgoing.has_embeds(),
        files: outgoing.has_files(),
    }
}

impl Front {
    /// An interaction in `channel` (of `kind`) showed the bot's `permissions` there: a channel
    /// open again has the turns that waited for it posted at once.
    pub fn seen_in(
        &self,
        channel: ChannelId,
        permissions: Option<Permissions>,
        kind: Option<ChannelType>,
    ) {
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

    /// Whether a post with `needs` may go to `channel` now.
    pub fn may_post(&self, channel: ChannelId, needs: Needs) -> Result<(), Held> {
        self.access.check(channel, needs, self.service.now())
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
                self.access
                    .failed(channel, needs, error, self.service.now());
            }
        }
    }

    /// Posts `outgoing` in `channel` on the bot's own, unless it may not post there now (see
    /// [`post`] for archived threads).
    pub async fn post(
        &self,
        http: &Http,
        channel: ChannelId,
        outgoing: Outgoing,
    ) -> Result<Message, Unposted> {
        let needs = needs(&outgoing);
        self.may_post(channel, needs).map_err(Unposted::Held)?;
        let result = post(http, channel, outgoing).await;
        self.learn_post(channel, needs, &result);
        result.map_err(Unposted::Failed)
    }

    /// `outgoing`, the answer to an interaction in `channel`, with a line saying the bot
    /// cannot post there on its own when it is a public answer about a game and something
    /// was held back or refused there since the players were last told.
    pub fn told(&self, channel: ChannelId, outgoing: Outgoing) -> Outgoing {
        if outgoing.ephemeral || outgoing.shows.game.is_none() {
            return outgoing;
        }
        match self.access.tell(channel, outgoing.lang) {
            Some(line) => outgoing.with_line(&line),
            None => outgoing,
        }
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

/// Posts `outgoing` in `channel`; a thread Discord archived for inactivity is unarchived and
/// the post tried again.
async fn post(
    http: &Http,
    channel: ChannelId,
    outgoing: Outgoing,
) -> Result<Message, serenity::Error> {
    match channel.send_message(http, outgoing.clone().message()).await {
        Err(error) if error_code(&error) == Some(THREAD_ARCHIVED) => {
            channel
                .edit_thread(http, EditThread::new().archived(false))
                .await?;
            channel.send_message(http, outgoing.message()).await
        }
        other => other,
    }
}
