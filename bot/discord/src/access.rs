//! Where the bot may post on its own (a notice of the sweep, a board in a game's thread, the
//! answer to a typed move): Discord refuses a post without the permissions for it with 403, and
//! bans a bot at Cloudflare that gets 10 000 refusals in 10 minutes, so the bot asks before
//! posting instead of finding out.
//!
//! What it knows of a channel comes from two places, kept in memory per channel: the
//! `app_permissions` of the latest interaction there (Discord works them out from the server's
//! roles and the channel's overwrites), and the refusals of its own posts there. The bot runs
//! without serenity's cache of guilds and channels, so a channel no interaction has shown is
//! tried, and learnt from. A channel where a post was refused (403) is not posted in for a
//! while: 10 minutes, doubling after each refusal up to 4 hours, until an interaction there
//! shows the permissions again or a post there succeeds. A refusal is logged once, at warn, per
//! wait; so is a post held back for permissions an interaction showed missing. Players are
//! told in the next public answer about a game in the channel what the bot lacks there.

use std::collections::HashMap;
use std::sync::{Mutex, MutexGuard, PoisonError};
use std::time::{Duration, SystemTime};

use serenity::all::{ChannelId, HttpError, Permissions};

use present::fluent_args;
use present::i18n::{self, Lang, Surface};

/// The first wait after a refused post.
pub const FIRST_WAIT: Duration = Duration::from_secs(10 * 60);
/// The longest wait between two tries.
pub const LONGEST_WAIT: Duration = Duration::from_secs(4 * 60 * 60);

/// Discord's error codes of a post refused for what the bot may do: "Missing Access" (it
/// cannot see the channel) and "Missing Permissions".
const MISSING_ACCESS: isize = 50001;
const MISSING_PERMISSIONS: isize = 50013;

/// What a post of the bot's needs beside View Channel and the right to speak.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Needs {
    /// It has embeds (a board): Embed Links.
    pub embeds: bool,
    /// It uploads files: Attach Files.
    pub files: bool,
}

/// Why the bot holds a post back: the permissions it lacks there (empty when only a refusal
/// is known, and not which permission it was for).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Held(pub Permissions);

/// A channel where posts were refused: none before `until`.
#[derive(Clone, Copy, Debug)]
struct Backoff {
    until: SystemTime,
    wait: Duration,
    /// The permissions missing, as far as known.
    missing: Permissions,
}

/// What the bot knows of one channel.
#[derive(Default)]
struct Known {
    /// The bot's permissions here, from the latest interaction.
    permissions: Option<Permissions>,
    /// A thread: speaking takes Send Messages in Threads.
    thread: bool,
    /// Posts refused here, and the wait before the next try.
    backoff: Option<Backoff>,
    /// Something was held back or refused since the players were last told.
    untold: bool,
    /// A post held back for the permissions shown missing was logged.
    warned: bool,
}

impl Known {
    /// The permissions a post with `needs` takes here.
    fn needed(&self, needs: Needs) -> Permissions {
        let mut needed = Permissions::VIEW_CHANNEL
            | if self.thread {
                Permissions::SEND_MESSAGES_IN_THREADS
            } else {
                Permissions::SEND_MESSAGES
            };
        if needs.embeds {
            needed |= Permissions::EMBED_LINKS;
        }
        if needs.files {
            needed |= Permissions::ATTACH_FILES;
        }
        needed
    }

    /// What the bot lacks here for its posts (boards have an embed and a file), as the latest
    /// interaction showed; empty when it lacks nothing or nothing is known.
    fn lacking(&self) -> Permissions {
        let all = self.needed(Needs {
            embeds: true,
            files: true,
        });
        self.permissions.map_or(Permissions::empty(), |p| all - p)
    }
}

/// Where the bot may post on its own.
#[derive(Default)]
pub struct ChannelAccess {
    channels: Mutex<HashMap<ChannelId, Known>>,
}

impl ChannelAccess {
    fn channels(&self) -> MutexGuard<'_, HashMap<ChannelId, Known>> {
        self.channels.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// An interaction in `channel` (a thread when `thread`) showed the bot's `permissions`
    /// there. True when the channel was held back and is open again: what waited for it may
    /// go now.
    pub fn seen(&self, channel: ChannelId, permissions: Option<Permissions>, thread: bool) -> bool {
        let Some(permissions) = permissions else {
            return false;
        };
        let mut channels = self.channels();
        let known = channels.entry(channel).or_default();
        let was_held = known.backoff.is_some() || !known.lacking().is_empty();
        let lacked = known.lacking();
        known.permissions = Some(permissions);
        known.thread = thread;
        let lacking = known.lacking();
        if lacking.is_empty() {
            known.backoff = None;
            known.untold = false;
            known.warned = false;
            return was_held;
        }
        if lacking != lacked {
            known.untold = true;
            known.warned = false;
        }
        false
    }

    /// Whether the bot may post a message with `needs` in `channel` at `now`: `Err` with what
    /// it lacks when an interaction showed a permission missing, or while it waits after a
    /// refusal.
    pub fn check(&self, channel: ChannelId, needs: Needs, now: SystemTime) -> Result<(), Held> {
        let mut channels = self.channels();
        let Some(known) = channels.get_mut(&channel) else {
            return Ok(());
        };
        if let Some(backoff) = known.backoff
            && now < backoff.until
        {
            known.untold = true;
            return Err(Held(backoff.missing));
        }
        let missing = known
            .permissions
            .map_or(Permissions::empty(), |p| known.needed(needs) - p);
        if missing.is_empty() {
            return Ok(());
        }
        known.untold = true;
        if !known.warned {
            known.warned = true;
            tracing::warn!(
                %channel,
                missing = %missing.get_permission_names().join(", "),
                "not posting where the bot lacks permissions; waiting for them"
            );
        }
        Err(Held(missing))
    }

    /// Whether `channel` is a thread, as the latest interaction there showed.
    pub fn is_thread(&self, channel: ChannelId) -> Option<bool> {
        let channels = self.channels();
        let known = channels.get(&channel)?;
        known.permissions.map(|_| known.thread)
    }

    /// Whether the bot may edit its messages in `channel` (it can see the channel, as far as
    /// known).
    pub fn may_edit(&self, channel: ChannelId) -> bool {
        self.allows(channel, Permissions::VIEW_CHANNEL)
    }

    /// Whether the bot may reply to a message in `channel`: Discord refuses a reply without
    /// Read Message History (160002). True when unknown.
    pub fn may_reply(&self, channel: ChannelId) -> bool {
        self.allows(channel, Permissions::READ_MESSAGE_HISTORY)
    }

    /// Whether the latest interaction in `channel` showed `permission`; true when none did.
    fn allows(&self, channel: ChannelId, permission: Permissions) -> bool {
        self.channels()
            .get(&channel)
            .and_then(|k| k.permissions)
            .is_none_or(|p| p.contains(permission))
    }

    /// A post in `channel` succeeded: it is open.
    pub fn posted(&self, channel: ChannelId) {
        if let Some(known) = self.channels().get_mut(&channel) {
            known.backoff = None;
        }
    }

    /// A post with `needs` in `channel` failed with `error` at `now`: a refusal for what the
    /// bot may do there starts (or doubles) the wait before the next try. True when it was
    /// such a refusal.
    pub fn failed(
        &self,
        channel: ChannelId,
        needs: Needs,
        error: &serenity::Error,
        now: SystemTime,
    ) -> bool {
        match error {
            serenity::Error::Http(HttpError::UnsuccessfulRequest(response))
                if response.status_code.as_u16() == 403 =>
            {
                self.refused(channel, needs, response.error.code, now);
                true
            }
            _ => false,
        }
    }

    /// A post with `needs` in `channel` was refused with 403 and Discord's error `code` at
    /// `now`: the wait before the next try starts, or doubles.
    fn refused(&self, channel: ChannelId, needs: Needs, code: isize, now: SystemTime) {
        let mut channels = self.channels();
        let known = channels.entry(channel).or_default();
        let wait = known
            .backoff
            .map_or(FIRST_WAIT, |b| (b.wait * 2).min(LONGEST_WAIT));
        let missing = match code {
            MISSING_ACCESS => Permissions::VIEW_CHANNEL,
            MISSING_PERMISSIONS => {
                // Which one is not said: those the latest interaction showed missing, else
                // all a post like this one takes.
                let needed = known.needed(needs) - Permissions::VIEW_CHANNEL;
                match known.permissions.map(|p| needed - p) {
                    Some(missing) if !missing.is_empty() => missing,
                    _ => needed,
                }
            }
            _ => Permissions::empty(),
        };
        known.backoff = Some(Backoff {
            until: now + wait,
            wait,
            missing,
        });
        known.untold = true;
        tracing::warn!(
            %channel,
            code,
            wait_minutes = wait.as_secs() / 60,
            "Discord refused a post for the bot's permissions; not posting there for a while"
        );
    }

    /// The line telling the players in `channel` (in `lang`) that the bot cannot post there on
    /// its own and what to give it, when something was held back or refused there since they
    /// were last told.
    pub fn tell(&self, channel: ChannelId, lang: Lang) -> Option<String> {
        let mut channels = self.channels();
        let known = channels.get_mut(&channel)?;
        if !known.untold {
            return None;
        }
        let mut missing = known.lacking();
        if let Some(backoff) = known.backoff {
            missing |= backoff.missing;
        }
        if missing.is_empty() {
            return None;
        }
        known.untold = false;
        Some(line(missing, lang))
    }
}

/// The catalog key of the name Discord gives `permission` in its settings.
fn permission_key(permission: Permissions) -> Option<&'static str> {
    [
        (Permissions::VIEW_CHANNEL, "front-permission-view-channel"),
        (Permissions::SEND_MESSAGES, "front-permission-send-messages"),
        (
            Permissions::SEND_MESSAGES_IN_THREADS,
            "front-permission-send-messages-in-threads",
        ),
        (Permissions::EMBED_LINKS, "front-permission-embed-links"),
        (Permissions::ATTACH_FILES, "front-permission-attach-files"),
    ]
    .into_iter()
    .find_map(|(p, key)| (p == permission).then_some(key))
}

/// "nadare cannot post in this channel on its own …: give it View Channel, Send Messages."
fn line(missing: Permissions, lang: Lang) -> String {
    let names: Vec<String> = missing
        .iter()
        .filter_map(permission_key)
        .map(|key| i18n::plain(lang, Surface::Discord, key))
        .collect();
    let separator = i18n::plain(lang, Surface::Discord, "front-permission-separator");
    i18n::text(
        lang,
        Surface::Discord,
        "front-cannot-post",
        &fluent_args![("permissions", names.join(&separator))],
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    const CHANNEL: ChannelId = ChannelId::new(7);

    fn board() -> Needs {
        Needs {
            embeds: true,
            files: true,
        }
    }

    fn full() -> Permissions {
        Permissions::VIEW_CHANNEL
            | Permissions::SEND_MESSAGES
            | Permissions::EMBED_LINKS
            | Permissions::ATTACH_FILES
    }

    #[test]
    fn an_interaction_showing_a_permission_missing_holds_posts_back_until_it_is_given() {
        let access = ChannelAccess::default();
        let now = SystemTime::UNIX_EPOCH;
        assert_eq!(
            access.check(CHANNEL, board(), now),
            Ok(()),
            "unknown: tried"
        );
        let without_send = full() - Permissions::SEND_MESSAGES;
        assert!(!access.seen(CHANNEL, Some(without_send), false));
        assert_eq!(
            access.check(CHANNEL, Needs::default(), now),
            Err(Held(Permissions::SEND_MESSAGES))
        );
        let told = access.tell(CHANNEL, Lang::En).expect("told once");
        assert!(told.contains("Send Messages"), "{told}");
        assert!(!told.contains("Attach Files"), "{told}");
        assert_eq!(access.tell(CHANNEL, Lang::En), None, "not twice");
        assert!(access.check(CHANNEL, board(), now).is_err());
        assert!(
            access.tell(CHANNEL, Lang::Ja).is_some(),
            "told again after a post held back"
        );
        assert!(access.seen(CHANNEL, Some(full()), false), "open again");
        assert_eq!(access.check(CHANNEL, board(), now), Ok(()));
        assert_eq!(access.tell(CHANNEL, Lang::En), None);
    }

    #[test]
    fn a_thread_needs_send_messages_in_threads() {
        let access = ChannelAccess::default();
        let now = SystemTime::UNIX_EPOCH;
        access.seen(CHANNEL, Some(full()), true);
        assert_eq!(
            access.check(CHANNEL, Needs::default(), now),
            Err(Held(Permissions::SEND_MESSAGES_IN_THREADS))
        );
        access.seen(
            CHANNEL,
            Some(full() | Permissions::SEND_MESSAGES_IN_THREADS),
            true,
        );
        assert_eq!(access.check(CHANNEL, board(), now), Ok(()));
    }

    #[test]
    fn a_refused_channel_waits_longer_after_each_refusal_until_a_post_succeeds() {
        let access = ChannelAccess::default();
        let start = SystemTime::UNIX_EPOCH;
        let minutes = |m: u64| start + Duration::from_secs(m * 60);
        access.refused(CHANNEL, board(), MISSING_PERMISSIONS, start);
        let held = access.check(CHANNEL, board(), minutes(9));
        assert!(held.is_err_and(|Held(p)| p.contains(Permissions::SEND_MESSAGES)));
        assert_eq!(access.check(CHANNEL, board(), minutes(10)), Ok(()));
        access.refused(CHANNEL, board(), MISSING_ACCESS, minutes(10));
        assert_eq!(
            access.check(CHANNEL, board(), minutes(29)),
            Err(Held(Permissions::VIEW_CHANNEL))
        );
        assert_eq!(access.check(CHANNEL, board(), minutes(30)), Ok(()));
        let mut at = 30;
        for _ in 0..10 {
            access.refused(CHANNEL, board(), MISSING_PERMISSIONS, minutes(at));
            at += 4 * 60;
        }
        assert!(
            access.check(CHANNEL, board(), minutes(at - 1)).is_err(),
            "at most four hours"
        );
        assert_eq!(access.check(CHANNEL, board(), minutes(at)), Ok(()));
        let told = access.tell(CHANNEL, Lang::En).expect("told");
        assert!(told.contains("Send Messages"), "{told}");
        access.posted(CHANNEL);
        access.refused(CHANNEL, board(), MISSING_PERMISSIONS, minutes(at));
        assert_eq!(
            access.check(CHANNEL, board(), minutes(at + 10)),
            Ok(()),
            "a success starts the waits over"
        );
    }

    #[test]
    fn names_are_worded_in_each_language() {
        let missing = Permissions::SEND_MESSAGES | Permissions::ATTACH_FILES;
        let en = line(missing, Lang::En);
        assert!(
            en.contains("Send Messages") && en.contains("Attach Files"),
            "{en}"
        );
        let ja = line(missing, Lang::Ja);
        assert!(
            ja.contains("メッセージを送信") && ja.contains("ファイルを添付"),
            "{ja}"
        );
    }
}
