//! The bot's permissions in each channel, and the refusals Discord answers a call with when
//! they fall short; and the count of invalid requests (401, 403 and 429 answers), for which
//! Discord bans a bot at Cloudflare when it gets 10 000 in 10 minutes.
//!
//! The fake learns a channel's permissions from the `app_permissions` of the first interaction
//! dispatched there, unless a test set them with [`FakeDiscord::set_permissions`]: those then
//! hold, and every interaction dispatched there carries them, as Discord's would. A thread has
//! its parent's. On the bot's own posts in a channel Discord checks, as its docs for Create
//! Message say: View Channel (else 403 "Missing Access", 50001), Send Messages (Send Messages
//! in Threads in a thread), Embed Links for embeds and Attach Files for files (else 403
//! "Missing Permissions", 50013). An edit of one of its messages needs View Channel. Interaction
//! responses and follow-ups go through the interaction's webhook and need none of them.

use std::collections::HashSet;

use axum::http::StatusCode;
use axum::response::Response;
use serde_json::{Value, json};

use super::{FakeDiscord, Inner, discord_error, missing_permissions};

/// Permission bits Discord checks on a post.
pub const VIEW_CHANNEL: u64 = 1 << 10;
/// Send Messages.
pub const SEND_MESSAGES: u64 = 1 << 11;
/// Embed Links.
pub const EMBED_LINKS: u64 = 1 << 14;
/// Attach Files.
pub const ATTACH_FILES: u64 = 1 << 15;
/// Read Message History: a reply to a message needs it.
pub const READ_MESSAGE_HISTORY: u64 = 1 << 16;
/// Send Messages in Threads.
pub const SEND_MESSAGES_IN_THREADS: u64 = 1 << 38;

/// What the fake holds about permissions beyond each channel's bits.
#[derive(Default)]
pub(super) struct Access {
    /// Channels whose permissions a test set: interactions there carry them.
    set: HashSet<u64>,
    /// Answers counted as invalid requests.
    invalid: u64,
}

impl Inner {
    /// The bot's permissions in `channel`, when known.
    fn permissions_in(&self, channel: u64) -> Option<u64> {
        self.channels.get(&channel).and_then(|c| c.permissions)
    }
}

/// 403 "Missing Access": the bot cannot see the channel.
fn missing_access() -> Response {
    discord_error(StatusCode::FORBIDDEN, 50001, "Missing Access")
}

/// Whether `message` (the JSON of a post) carries embeds.
fn has_embeds(message: &Value) -> bool {
    message["embeds"].as_array().is_some_and(|e| !e.is_empty())
}

/// Discord's refusal of a post of `message` with `files` in `channel`, if the bot may not.
pub(super) fn refuse_post(
    inner: &Inner,
    channel: u64,
    message: &Value,
    files: bool,
) -> Option<Response> {
    let permissions = inner.permissions_in(channel)?;
    let in_thread = inner
        .channels
        .get(&channel)
        .is_some_and(|c| c.parent.is_some());
    let send = if in_thread {
        SEND_MESSAGES_IN_THREADS
    } else {
        SEND_MESSAGES
    };
    if permissions & VIEW_CHANNEL == 0 {
        return Some(missing_access());
    }
    let lacks = |bit: u64| permissions & bit == 0;
    (lacks(send) || (files && lacks(ATTACH_FILES)) || (has_embeds(message) && lacks(EMBED_LINKS)))
        .then(missing_permissions)
}

/// Discord's refusal of any call about `channel` the bot cannot see (an edit of its message,
/// a read of the channel), if so.
pub(super) fn refuse_unseen(inner: &Inner, channel: u64) -> Option<Response> {
    inner
        .permissions_in(channel)
        .is_some_and(|p| p & VIEW_CHANNEL == 0)
        .then(missing_access)
}

/// Notes an interaction dispatched in `channel`: the permissions a test set there are what it
/// carries; else its `app_permissions` are the channel's, when none are known yet.
pub(super) fn note_interaction(inner: &mut Inner, channel: u64, data: &mut Value) {
    if inner.access.set.contains(&channel)
        && let Some(bits) = inner.permissions_in(channel)
    {
        data["app_permissions"] = json!(bits.to_string());
        if data["channel"].is_object() {
            data["channel"]["permissions"] = json!(bits.to_string());
        }
        return;
    }
    let state = inner.channels.entry(channel).or_default();
    if state.permissions.is_none() {
        state.permissions = data["app_permissions"]
            .as_str()
            .and_then(|s| s.parse().ok());
    }
}

/// Counts `response` if it is an invalid request as Discord counts them: every 401, 403 and
/// 429, except a 429 of a shared rate limit (`X-RateLimit-Scope: shared`).
pub(super) fn count(inner: &mut Inner, response: &Response) {
    let status = response.status();
    let shared = response
        .headers()
        .get("x-ratelimit-scope")
        .is_some_and(|scope| scope == "shared");
    let invalid = status == StatusCode::UNAUTHORIZED
        || status == StatusCode::FORBIDDEN
        || (status == StatusCode::TOO_MANY_REQUESTS && !shared);
    if invalid {
        inner.access.invalid += 1;
    }
}

impl FakeDiscord {
    /// Sets the bot's permissions in `channel` (and the threads under it) to `bits`, as a
    /// server admin would: posts are checked against them, and interactions dispatched there
    /// from now on carry them as their `app_permissions`.
    pub fn set_permissions(&self, channel: u64, bits: u64) {
        let mut inner = self.shared.lock();
        inner.access.set.insert(channel);
        inner.channels.entry(channel).or_default().permissions = Some(bits);
        for state in inner
            .channels
            .values_mut()
            .filter(|c| c.parent == Some(channel))
        {
            state.permissions = Some(bits);
        }
    }

    /// How many invalid requests (401, 403 and 429 answers but those of a shared rate limit)
    /// the fake has answered so far.
    pub fn invalid_requests(&self) -> u64 {
        self.shared.lock().access.invalid
    }
}
