//! A fake Discord on 127.0.0.1 for end-to-end tests: the REST API under `/api/v10/...` and a
//! gateway websocket that the real serenity client connects to.
//!
//! Every REST call the bot makes is recorded (method, path, JSON body, uploaded files) so tests
//! can assert on what the bot said; tests drive the bot by dispatching gateway events
//! (interactions and messages) built with [`payloads`].

mod cdn;
mod contexts;
mod gateway;
mod limits;
mod messages;
mod outage;
pub mod payloads;
pub mod permissions;
mod rates;
mod tls;
mod tokens;

use std::collections::HashMap;
use std::net::SocketAddr;
use std::sync::{Arc, Mutex, MutexGuard};
use std::time::{Duration, Instant, SystemTime};

use axum::Router;
use axum::body::Bytes;
use axum::extract::{FromRequest, Multipart, Request, State};
use axum::http::{Method, StatusCode, header};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use serde_json::{Value, json};
use tokio::sync::watch;

pub use cdn::CdnCall;
pub use contexts::Placed;
pub use gateway::Identify;
pub use messages::FakeMessage;
pub use outage::Failure;
use payloads::{APPLICATION_ID, FakeUser, TOKEN};
pub use rates::Scope;
pub use tls::ROOT_CERTIFICATE;

/// How long a test waits for something the bot should do before failing.
pub const WAIT: Duration = Duration::from_secs(30);

/// The fake's default time for an interaction's first response. Discord allows three seconds;
/// the fake allows more by default so that a loaded test machine does not fail tests, and
/// tests of the rule itself set it with [`FakeDiscord::set_response_deadline`].
pub const RESPONSE_DEADLINE: Duration = Duration::from_secs(10);

/// The fake's default limit on the files of one call: Discord's in a server without boosts.
pub const ATTACHMENT_LIMIT: u64 = 10 * 1024 * 1024;

/// Permission bits the fake checks.
const CREATE_PUBLIC_THREADS: u64 = 1 << 35;
const CREATE_PRIVATE_THREADS: u64 = 1 << 36;
const MANAGE_THREADS: u64 = 1 << 34;

/// Discord's channel types of threads.
const PUBLIC_THREAD: u64 = 11;
const PRIVATE_THREAD: u64 = 12;

/// Discord's limit on channel (and thread) names.
const MAX_CHANNEL_NAME: usize = 100;

/// An interaction the fake dispatched, and how it has been answered.
struct Dispatched {
    channel: u64,
    /// The interaction's type: 2 a command, 3 a message component, 4 autocomplete.
    kind: u64,
    /// For a component: the message its component is on.
    component_message: Option<u64>,
    /// The first response: its type (4 a message, 5 a deferral, 6 a deferred update, 7 an
    /// update, 8 autocomplete choices), and whether it was private.
    first: Option<(u64, bool)>,
    /// The message the interaction's `@original` is: a deferral's "thinking…" or the answer,
    /// or for an update (6, 7) the message the component is on.
    original: Option<u64>,
    /// The original response was deleted.
    deleted: bool,
    /// The interaction as the messages it makes describe it (`interaction_metadata`).
    metadata: Value,
    /// The follow-up messages made on its token.
    follow_ups: u32,
}

/// Discord's limit on follow-up messages per interaction of an app installed by a user only
/// (not in the server, or in a DM between users).
const USER_INSTALL_FOLLOW_UPS: u32 = 5;

/// What the fake knows of a channel: from dispatched interactions and threads it made.
#[derive(Default)]
struct ChannelState {
    /// The bot's permissions here (for a thread: its parent's).
    permissions: Option<u64>,
    parent: Option<u64>,
    name: String,
    archived: bool,
    locked: bool,
    /// Thread creation is refused here whatever the permissions say.
    refuse_threads: bool,
    /// Deleted (with its threads): every call about it is 404 Unknown Channel.
    deleted: bool,
    /// For a thread: private (type 12) rather than public (type 11).
    private: bool,
    /// For a thread: archived after this long without a message, and the fake's time of its
    /// last message (or of its opening).
    auto_archive: Option<(Duration, Duration)>,
    /// For a thread: when it was opened, and when it was last archived or unarchived (the
    /// fake's clock, as its channel object writes them).
    opened: Option<SystemTime>,
    archive_changed: Option<SystemTime>,
}

/// Discord's default auto-archive duration of a thread: a day.
const AUTO_ARCHIVE: Duration = Duration::from_secs(24 * 60 * 60);

impl Inner {
    /// Archives `channel` if it is a thread silent for its auto-archive duration on the fake's
    /// clock, as Discord does, and tells the bot (THREAD_UPDATE).
    fn archive_if_idle(&mut self, channel: u64) {
        let now = self.tokens.now();
        if let Some(state) = self.channels.get(&channel)
            && !state.archived
            && let Some((after, since)) = state.auto_archive
            && now.saturating_sub(since) >= after
        {
            self.set_archived(channel, true, None);
        }
    }

    /// Archives thread `channel` or reopens it (`locked` as given, else as it was), and tells
    /// the bot when that changed it (THREAD_UPDATE).
    fn set_archived(&mut self, channel: u64, archived: bool, locked: Option<bool>) {
        let at = self.messages.clock();
        let state = self.channels.entry(channel).or_default();
        let locked = locked.unwrap_or(state.locked);
        if state.archived == archived && state.locked == locked {
            return;
        }
        state.archived = archived;
        state.locked = locked;
        state.archive_changed = Some(at);
        gateway::thread_event(self, "THREAD_UPDATE", channel);
    }

    /// Thread `id` as Discord describes it now (a channel object of type 11 or 12); `None`
    /// when the fake knows no such thread.
    fn thread_object(&self, id: u64) -> Option<Value> {
        let state = self.channels.get(&id)?;
        let parent = state.parent?;
        let mut thread = payloads::thread(id, parent, &state.name);
        let minutes = state
            .auto_archive
            .map_or(AUTO_ARCHIVE, |(after, _)| after)
            .as_secs()
            / 60;
        let changed = state.archive_changed.or(state.opened);
        thread["type"] = json!(if state.private {
            PRIVATE_THREAD
        } else {
            PUBLIC_THREAD
        });
        let metadata = &mut thread["thread_metadata"];
        metadata["archived"] = json!(state.archived);
        metadata["locked"] = json!(state.locked);
        metadata["auto_archive_duration"] = json!(minutes);
        metadata["archive_timestamp"] = changed.map_or(Value::Null, messages::timestamp);
        metadata["create_timestamp"] = state.opened.map_or(Value::Null, messages::timestamp);
        if state.private {
            metadata["invitable"] = json!(true);
        }
        Some(thread)
    }

    /// Archives every thread silent for its auto-archive duration (Discord's timer).
    fn archive_idle_threads(&mut self) {
        let threads: Vec<u64> = self
            .channels
            .iter()
            .filter(|(_, c)| c.auto_archive.is_some())
            .map(|(id, _)| *id)
            .collect();
        for thread in threads {
            self.archive_if_idle(thread);
        }
    }

    /// A message in thread `channel` now, if archived: it reopens, unless a moderator locked it.
    fn reopen(&mut self, channel: u64) {
        if self
            .channels
            .get(&channel)
            .is_some_and(|c| c.archived && !c.locked)
        {
            self.set_archived(channel, false, None);
        }
    }

    /// A message in thread `channel` now: its auto-archive timer starts again.
    fn active(&mut self, channel: u64) {
        let now = self.tokens.now();
        if let Some((_, since)) = self
            .channels
            .get_mut(&channel)
            .and_then(|c| c.auto_archive.as_mut())
        {
            *since = now;
        }
    }
}

/// A thread the bot opened.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FakeThread {
    /// The thread's id.
    pub id: u64,
    /// The channel it is in.
    pub parent: u64,
    /// Its name.
    pub name: String,
    /// Private (type 12) rather than public (type 11).
    pub private: bool,
}

/// One file uploaded in a multipart REST call.
#[derive(Clone, Debug)]
pub struct Upload {
    /// The multipart field name, e.g. `files[0]`.
    pub field: String,
    /// The file name the bot gave it.
    pub filename: String,
    /// The file's bytes.
    pub bytes: Vec<u8>,
}

/// One REST call the bot made.
#[derive(Clone, Debug)]
pub struct RestCall {
    /// HTTP method, upper case.
    pub method: String,
    /// Path below `/api/v10`, e.g. `/channels/5/messages`.
    pub path: String,
    /// The JSON body, or the `payload_json` part of a multipart body.
    pub json: Value,
    /// Files of a multipart body.
    pub files: Vec<Upload>,
    /// The HTTP status the fake answered with.
    pub status: u16,
    /// Whether only the interaction's user sees the message, as Discord decides it: the
    /// deferral's visibility for an edit or the first follow-up, else the ephemeral flag.
    pub shown_private: bool,
    /// Whether Discord notifies the users mentioned (edits and private messages do not).
    pub notifies: bool,
    /// The message the call made or changed, when Discord took it.
    pub message_id: Option<u64>,
    /// When the fake received it (wall clock).
    pub at: Instant,
}

impl RestCall {
    /// The names of the files uploaded with the call.
    pub fn file_names(&self) -> Vec<&str> {
        self.files.iter().map(|f| f.filename.as_str()).collect()
    }

    /// The first uploaded file whose name ends with `suffix`.
    pub fn file_ending(&self, suffix: &str) -> Option<&Upload> {
        self.files.iter().find(|f| f.filename.ends_with(suffix))
    }

    /// The message data of this call: the `data` of an interaction callback, else the body.
    pub fn message(&self) -> &Value {
        if self.path.ends_with("/callback") {
            &self.json["data"]
        } else {
            &self.json
        }
    }

    /// The text content of the message this call sends or edits ("" when none).
    pub fn content(&self) -> &str {
        self.message()["content"].as_str().unwrap_or("")
    }

    /// What a reader sees of the message as text: its content, then each embed's title and
    /// description, a line each.
    pub fn text(&self) -> String {
        let mut lines = vec![self.content().to_owned()];
        for embed in self.message()["embeds"]
            .as_array()
            .map_or(&[][..], Vec::as_slice)
        {
            for part in [&embed["title"], &embed["description"]] {
                lines.extend(part.as_str().map(str::to_owned));
            }
        }
        lines.join("\n")
    }

    /// The file an embed of the message shows as its image (`attachment://NAME`), if any.
    pub fn embed_image(&self) -> Option<&Upload> {
        let embeds = self.message()["embeds"].as_array()?;
        let name = embeds
            .iter()
            .find_map(|e| e["image"]["url"].as_str()?.strip_prefix("attachment://"))?;
        self.files.iter().find(|f| f.filename == name)
    }

    /// Whether the message is ephemeral as Discord shows it (see [`RestCall::shown_private`]).
    pub fn is_ephemeral(&self) -> bool {
        self.shown_private
    }

    /// Whether Discord accepted the call.
    pub fn succeeded(&self) -> bool {
        (200..300).contains(&self.status)
    }

    /// The users this call pinged: mentioned in the content, allowed by `allowed_mentions`, in
    /// a message that notifies and that Discord accepted.
    pub fn pinged(&self) -> Vec<u64> {
        if !self.notifies || !self.succeeded() {
            return Vec::new();
        }
        let allowed = &self.message()["allowed_mentions"];
        let may_ping = |id: u64| {
            if allowed.is_null() {
                return true;
            }
            let listed = allowed["users"]
                .as_array()
                .is_some_and(|users| users.iter().any(|u| u.as_str() == Some(&id.to_string())));
            let parsed = allowed["parse"]
                .as_array()
                .is_some_and(|kinds| kinds.iter().any(|k| k == "users"));
            listed || parsed
        };
        mentions(self.content())
            .into_iter()
            .filter(|id| may_ping(*id))
            .collect()
    }

    /// Every button of the message (link buttons too), as the bot sent it.
    pub fn buttons(&self) -> Vec<&Value> {
        self.message()["components"]
            .as_array()
            .into_iter()
            .flatten()
            .filter_map(|row| row["components"].as_array())
            .flatten()
            .collect()
    }

    /// The custom ids of every button in the message.
    pub fn button_ids(&self) -> Vec<String> {
        self.buttons()
            .into_iter()
            .filter_map(|c| c["custom_id"].as_str().map(str::to_owned))
            .collect()
    }
}

/// The user ids mentioned as `<@ID>` or `<@!ID>` in `content`.
fn mentions(content: &str) -> Vec<u64> {
    content
        .split("<@")
        .skip(1)
        .filter_map(|rest| {
            let rest = rest.trim_start_matches('!');
            let end = rest.find('>')?;
            rest.get(..end)?.parse().ok()
        })
        .collect()
}

#[derive(Default)]
struct Inner {
    calls: Vec<RestCall>,
    /// The gateway's sessions, connections and what tests set of it.
    gateway: gateway::Gateway,
    next_snowflake: u64,
    shards: u64,
    /// Answers to `(method, path suffix)` held back this long.
    delays: Vec<(String, String, Duration)>,
    /// Answers to `(method, path suffix)` held back until the test releases them.
    holds: Vec<(String, String, watch::Sender<bool>)>,
    /// Interactions dispatched, by token.
    interactions: HashMap<String, Dispatched>,
    channels: HashMap<u64, ChannelState>,
    response_deadline: Duration,
    /// The rate limits: buckets, and the 429s tests ask for.
    rates: rates::Rates,
    /// Discord's REST API down, until a time on the fake's clock.
    outage: Option<outage::Outage>,
    /// The names of the commands registered, by guild (`None`: global), as bulk overwrites
    /// leave them.
    commands: HashMap<Option<u64>, Vec<String>>,
    /// The CDN's pictures and the calls made to it.
    cdn: cdn::Cdn,
    /// Users `GET /users/{id}` finds, by id.
    users: HashMap<u64, Value>,
    /// The most bytes of files one call may upload; interactions carry it as their
    /// `attachment_size_limit`.
    attachment_limit: u64,
    /// The bot's messages.
    messages: messages::Messages,
    /// Permissions set by tests, and the invalid requests counted.
    access: permissions::Access,
    /// Where commands work, and the channels the app can only answer in.
    places: contexts::Places,
    /// The fake's clock and the interactions' tokens.
    tokens: tokens::Tokens,
}

impl Inner {
    fn snowflake(&mut self) -> u64 {
        self.next_snowflake += 1;
        self.next_snowflake
    }
}

struct Shared {
    inner: Mutex<Inner>,
    changed: watch::Sender<u64>,
    addr: SocketAddr,
    /// Where the fake answers as `https://discord.com`.
    https: SocketAddr,
}

impl Shared {
    fn lock(&self) -> MutexGuard<'_, Inner> {
        self.inner
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
    }

    fn bump(&self) {
        self.changed.send_modify(|n| *n += 1);
    }

    fn snowflake(&self) -> u64 {
        self.lock().snowflake()
    }

    /// Notes an interaction about to be dispatched, and what its payload says of the channel.
    /// A component's interaction carries the message its component is on as the fake holds
    /// it, as Discord sends it.
    fn register_interaction(&self, data: &mut Value) {
        let id = |v: &Value| v.as_str().and_then(|s| s.parse::<u64>().ok());
        let token = data["token"].as_str().unwrap_or("").to_owned();
        let channel = id(&data["channel_id"]).unwrap_or(0);
        let kind = data["type"].as_u64().unwrap_or(0);
        let component_message = (kind == 3).then(|| id(&data["message"]["id"])).flatten();
        let user = if data["member"]["user"].is_object() {
            &data["member"]["user"]
        } else {
            &data["user"]
        };
        let mut metadata = json!({
            "id": data["id"],
            "type": kind,
            "user": user,
            "authorizing_integration_owners": data["authorizing_integration_owners"],
        });
        if let Some(pressed) = component_message {
            metadata["interacted_message_id"] = json!(pressed.to_string());
        }
        let mut inner = self.lock();
        // Discord names a command's guild only for a guild command.
        let guild = id(&data["guild_id"]);
        if matches!(kind, 2 | 4)
            && !inner
                .places
                .guild_command(guild, data["data"]["name"].as_str().unwrap_or(""))
            && let Some(command) = data["data"].as_object_mut()
        {
            command.remove("guild_id");
        }
        inner.places.note_channel(data);
        inner.tokens.issue(&token);
        if let Some(held) = component_message.and_then(|m| inner.messages.live(m)) {
            data["message"] = held.payload();
        }
        permissions::note_interaction(&mut inner, channel, data);
        let state = inner.channels.entry(channel).or_default();
        if state.parent.is_none() {
            state.parent = id(&data["channel"]["parent_id"]);
        }
        inner.interactions.insert(
            token,
            Dispatched {
                channel,
                kind,
                component_message,
                first: None,
                original: None,
                deleted: false,
                metadata,
                follow_ups: 0,
            },
        );
    }
}

/// The fake Discord: a server task on an ephemeral loopback port.
#[derive(Clone)]
pub struct FakeDiscord {
    shared: Arc<Shared>,
}

impl FakeDiscord {
    /// Starts the fake on 127.0.0.1 with `shards` as the recommended shard count.
    pub async fn start(shards: u64) -> FakeDiscord {
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0")
            .await
            .expect("bind loopback");
        let addr = listener.local_addr().expect("local addr");
        let secure = tls::bind().await;
        let https = axum::serve::Listener::local_addr(&secure).expect("local addr");
        let (changed, _) = watch::channel(0);
        let shared = Arc::new(Shared {
            inner: Mutex::new(Inner {
                next_snowflake: 1_300_000_000_000_000_000,
                shards,
                response_deadline: RESPONSE_DEADLINE,
                attachment_limit: ATTACHMENT_LIMIT,
                ..Inner::default()
            }),
            changed,
            addr,
            https,
        });
        let app = Router::new()
            .route("/gateway", get(gateway::serve))
            .route("/cdn/{*path}", get(cdn::serve))
            .fallback(rest)
            .with_state(shared.clone());
        tls::serve(secure, app.clone());
        tokio::spawn(async move {
            axum::serve(listener, app)
                .await
                .expect("fake discord server");
        });
        FakeDiscord { shared }
    }

    /// The base URL to give nadare as its CDN: `http://127.0.0.1:PORT/cdn`.
    pub fn cdn_url(&self) -> String {
        format!("http://{}/cdn", self.shared.addr)
    }

    /// Serves `bytes` as the picture at `stem` (`avatars/USER/HASH`, or
    /// `guilds/GUILD/users/USER/avatars/HASH`) in every format.
    pub fn put_picture(&self, stem: &str, bytes: Vec<u8>) {
        self.shared
            .lock()
            .cdn
            .pictures
            .insert(stem.to_owned(), bytes);
    }

    /// The calls made to the CDN so far.
    pub fn cdn_calls(&self) -> Vec<CdnCall> {
        self.shared.lock().cdn.calls.clone()
    }

    /// Waits until the CDN has answered a call for a path starting with `prefix`.
    pub async fn wait_cdn_call(&self, prefix: &str) -> CdnCall {
        self.wait_until(&format!("a CDN call for {prefix}"), |inner| {
            inner
                .cdn
                .calls
                .iter()
                .find(|c| c.path.starts_with(prefix))
                .cloned()
        })
        .await
    }

    /// Lets `GET /users/{id}` find `user`.
    pub fn know_user(&self, user: &FakeUser) {
        self.shared
            .lock()
            .users
            .insert(user.id, user.user_payload());
    }

    /// The base URL to give serenity as its proxy: `http://127.0.0.1:PORT`.
    pub fn url(&self) -> String {
        format!("http://{}", self.shared.addr)
    }

    /// A fresh snowflake id (interactions, messages, threads).
    pub fn snowflake(&self) -> u64 {
        self.shared.snowflake()
    }

    /// Every REST call recorded so far.
    pub fn calls(&self) -> Vec<RestCall> {
        self.shared.lock().calls.clone()
    }

    /// The names of the commands registered to `guild` (`None`: globally), sorted.
    pub fn commands(&self, guild: Option<u64>) -> Vec<String> {
        let mut names = self
            .shared
            .lock()
            .commands
            .get(&guild)
            .cloned()
            .unwrap_or_default();
        names.sort();
        names
    }

    /// The commands registered to `guild` (`None`: globally) with where each works.
    pub fn placed_commands(&self, guild: Option<u64>) -> Vec<Placed> {
        self.shared.lock().places.registered(guild)
    }

    /// Moves the fake's clock forward by `by`: interaction tokens age by as much (see
    /// [`tokens`]).
    pub fn advance(&self, by: Duration) {
        let mut inner = self.shared.lock();
        inner.tokens.advance(by);
        inner.messages.advanced += by;
        inner.archive_idle_threads();
        drop(inner);
        self.shared.bump();
    }

    /// The bot's messages `channel` shows now (none deleted), ephemeral ones too, oldest
    /// first.
    pub fn messages_in(&self, channel: u64) -> Vec<FakeMessage> {
        self.shared
            .lock()
            .messages
            .all()
            .filter(|m| m.channel == channel && !m.deleted)
            .cloned()
            .collect()
    }

    /// Message `id` as it is now, deleted or not.
    pub fn message(&self, id: u64) -> Option<FakeMessage> {
        self.shared
            .lock()
            .messages
            .all()
            .find(|m| m.id == id)
            .cloned()
    }

    /// The newest message in `channel` that shows a button `custom_id`.
    pub fn message_with_button(&self, channel: u64, custom_id: &str) -> Option<FakeMessage> {
        self.messages_in(channel)
            .into_iter()
            .rev()
            .find(|m| m.button_ids().iter().any(|id| id == custom_id))
    }

    /// Deletes message `id` (the bot's, or a user's sent as MESSAGE_CREATE), as a moderator
    /// or its author would: from now on calls about it are 404 Unknown Message, and a reply
    /// to it is refused unless it says not to fail (`fail_if_not_exists: false`).
    pub fn delete_message(&self, id: u64) {
        let mut inner = self.shared.lock();
        if !inner.messages.delete(id) {
            inner.messages.delete_users(id);
        }
    }

    /// Places a public message of the bot's in `channel` with a button `custom_id`, as one
    /// posted before the fake was watching (by an earlier run of the bot); returns its id.
    pub fn plant_message(&self, channel: u64, custom_id: &str) -> u64 {
        let data = json!({
            "content": "an earlier message",
            "components": [{"type": 1, "components": [
                {"type": 2, "style": 2, "label": "old", "custom_id": custom_id}
            ]}],
        });
        let mut inner = self.shared.lock();
        let id = inner.snowflake();
        inner.messages.create(id, channel, &data, &[], false);
        id
    }

    /// The channel of the first call the bot made to `/channels/ID/messages`, if any.
    pub fn first_posted_channel(&self) -> Option<u64> {
        self.calls().iter().find_map(|c| {
            c.path
                .strip_prefix("/channels/")
                .and_then(|rest| rest.strip_suffix("/messages"))
                .and_then(|id| id.parse::<u64>().ok())
        })
    }

    /// Holds back the answer to every `method` call whose path ends with `suffix`, as a slow
    /// Discord would.
    pub fn delay(&self, method: &str, suffix: &str, by: Duration) {
        self.shared
            .lock()
            .delays
            .push((method.to_owned(), suffix.to_owned(), by));
    }

    /// Sets how long after its dispatch (on the fake's clock) an interaction may get its first
    /// response; later responses are refused with Discord's "Unknown interaction" (10062).
    pub fn set_response_deadline(&self, deadline: Duration) {
        self.shared.lock().response_deadline = deadline;
    }

    /// Sets the most bytes of files one call may upload (Discord's limit depends on the
    /// server's boosts): interactions dispatched from now on carry it as their
    /// `attachment_size_limit`, and a call uploading more is refused with 413 "Request entity
    /// too large" (40005), as Discord refuses it.
    pub fn set_attachment_limit(&self, bytes: u64) {
        self.shared.lock().attachment_limit = bytes;
    }

    /// Archives thread `id`, as a moderator may: a post reopens it, unless it is `locked`,
    /// which refuses posts (50083) and may only be unarchived with Manage Threads. Discord
    /// archives a thread by itself after its auto-archive duration without a message, on the
    /// fake's clock ([`FakeDiscord::advance`]).
    pub fn archive(&self, id: u64, locked: bool) {
        self.shared.lock().set_archived(id, true, Some(locked));
        self.shared.bump();
    }

    /// Whether thread `id` is archived now.
    pub fn archived(&self, id: u64) -> bool {
        let mut inner = self.shared.lock();
        inner.archive_if_idle(id);
        inner.channels.get(&id).is_some_and(|c| c.archived)
    }

    /// Deletes channel or thread `id` of server `guild` and, for a channel, its threads: from
    /// now on every call about them is 404 Unknown Channel (10003). With `tell`, the bot hears
    /// of it as from Discord: CHANNEL_DELETE, or THREAD_DELETE for a thread (Discord sends
    /// nothing for the threads of a deleted channel).
    pub async fn delete_channel(&self, guild: u64, id: u64, tell: bool) {
        let parent = {
            let mut inner = self.shared.lock();
            for state in inner.channels.values_mut().filter(|c| c.parent == Some(id)) {
                state.deleted = true;
            }
            let state = inner.channels.entry(id).or_default();
            state.deleted = true;
            state.parent
        };
        if !tell {
            return;
        }
        match parent {
            Some(parent) => {
                let data = json!({
                    "id": id.to_string(),
                    "guild_id": guild.to_string(),
                    "parent_id": parent.to_string(),
                    "type": 11,
                });
                self.dispatch("THREAD_DELETE", guild, data).await;
            }
            None => {
                let mut data = payloads::text_channel(id);
                data["guild_id"] = json!(guild.to_string());
                self.dispatch("CHANNEL_DELETE", guild, data).await;
            }
        }
    }

    /// The threads the bot opened so far, oldest first.
    pub fn threads(&self) -> Vec<FakeThread> {
        let inner = self.shared.lock();
        let mut threads: Vec<FakeThread> = inner
            .channels
            .iter()
            .filter_map(|(id, c)| {
                Some(FakeThread {
                    id: *id,
                    parent: c.parent?,
                    name: c.name.clone(),
                    private: c.private,
                })
            })
            .filter(|t| !t.name.is_empty())
            .collect();
        threads.sort_by_key(|t| t.id);
        threads
    }

    /// Makes Discord refuse thread creation in `parent` (403), whatever the interaction's
    /// permissions said.
    pub fn refuse_threads(&self, parent: u64) {
        self.shared
            .lock()
            .channels
            .entry(parent)
            .or_default()
            .refuse_threads = true;
    }

    /// Every user pinged so far, in order.
    pub fn pings(&self) -> Vec<u64> {
        self.calls().iter().flat_map(RestCall::pinged).collect()
    }

    /// Holds back the answer to every `method` call whose path ends with `suffix` until
    /// [`FakeDiscord::release`]: a slow Discord whose slowness the test controls.
    pub fn hold(&self, method: &str, suffix: &str) {
        let (gate, _) = watch::channel(false);
        self.shared
            .lock()
            .holds
            .push((method.to_owned(), suffix.to_owned(), gate));
    }

    /// Lets the answers held back by [`FakeDiscord::hold`] go.
    pub fn release(&self) {
        for (_, _, gate) in self.shared.lock().holds.drain(..) {
            gate.send_replace(true);
        }
    }

    /// Waits until `check` returns `Some` over the recorded state, or panics after [`WAIT`].
    async fn wait_until<T>(&self, what: &str, mut check: impl FnMut(&Inner) -> Option<T>) -> T {
        let mut changed = self.shared.changed.subscribe();
        let deadline = tokio::time::Instant::now() + WAIT;
        loop {
            changed.borrow_and_update();
            if let Some(found) = check(&self.shared.lock()) {
                return found;
            }
            if tokio::time::timeout_at(deadline, changed.changed())
                .await
                .is_err()
            {
                let calls = self.calls();
                panic!("timed out waiting for {what}; REST calls so far: {calls:#?}");
            }
        }
    }

    /// Waits until the bot has made no REST call for `quiet` (what it sends after an answer,
    /// such as a ping or an edit of an older message, has gone out), or panics after [`WAIT`].
    pub async fn settle(&self, quiet: Duration) {
        let deadline = tokio::time::Instant::now() + WAIT;
        let mut changed = self.shared.changed.subscribe();
        loop {
            changed.borrow_and_update();
            match tokio::time::timeout(quiet, changed.changed()).await {
                Err(_) => return,
                Ok(_) if tokio::time::Instant::now() > deadline => {
                    panic!("the bot never went quiet for {quiet:?}");
                }
                Ok(_) => {}
            }
        }
    }

    /// Waits until `check` holds for the messages `channel` shows, and returns them.
    pub async fn wait_messages(
        &self,
        channel: u64,
        what: &str,
        check: impl Fn(&[FakeMessage]) -> bool,
    ) -> Vec<FakeMessage> {
        self.wait_until(what, |inner| {
            let shown: Vec<FakeMessage> = inner
                .messages
                .all()
                .filter(|m| m.channel == channel && !m.deleted)
                .cloned()
                .collect();
            check(&shown).then_some(shown)
        })
        .await
    }

    /// Waits for the first recorded call (from index `from` on) that matches, returning its index
    /// and the call.
    pub async fn wait_call_from(
        &self,
        from: usize,
        what: &str,
        matches: impl Fn(&RestCall) -> bool,
    ) -> (usize, RestCall) {
        self.wait_until(what, |inner| {
            inner
                .calls
                .iter()
                .enumerate()
                .skip(from)
                .find(|(_, c)| matches(c))
                .map(|(i, c)| (i, c.clone()))
        })
        .await
    }

    /// Waits for the first recorded call that matches.
    pub async fn wait_call(&self, what: &str, matches: impl Fn(&RestCall) -> bool) -> RestCall {
        self.wait_call_from(0, what, matches).await.1
    }

    /// Sends a gateway dispatch to the session that owns `guild` (shard = (guild >> 22) % count),
    /// waiting for such a session to be live. An interaction for a command registered for
    /// other contexts than the one it comes from panics: Discord would not send it.
    pub async fn dispatch(&self, event: &str, guild: u64, data: Value) {
        if event == "INTERACTION_CREATE" {
            let in_guild = data["guild_id"]
                .as_str()
                .and_then(|g| g.parse::<u64>().ok());
            let refused = self.shared.lock().places.undeliverable(&data, in_guild);
            if let Some(why) = refused {
                panic!("Discord would not send this interaction: {why}");
            }
        }
        self.dispatch_unchecked(event, guild, data).await;
    }

    /// [`FakeDiscord::dispatch`] without checking where the command is registered: an
    /// interaction from a client whose list of commands is out of date.
    pub async fn dispatch_unchecked(&self, event: &str, guild: u64, mut data: Value) {
        if event == "INTERACTION_CREATE" {
            data["attachment_size_limit"] = json!(self.shared.lock().attachment_limit);
            self.shared.register_interaction(&mut data);
        }
        if event == "MESSAGE_CREATE" {
            self.shared.lock().messages.note_users(&data);
        }
        // Once the shard owning the server has a session, the event is numbered and kept
        // in it: sent at once when a connection carries it, or replayed on a RESUME.
        let mut changed = self.shared.changed.subscribe();
        let deadline = tokio::time::Instant::now() + WAIT;
        loop {
            changed.borrow_and_update();
            if self.shared.lock().gateway.dispatch(guild, event, &data) {
                return;
            }
            if tokio::time::timeout_at(deadline, changed.changed())
                .await
                .is_err()
            {
                panic!("timed out waiting for a gateway session for {event}");
            }
        }
    }
}

/// Every REST route: records the call and answers like Discord would (401 for a wrong or
/// revoked token, and Discord's errors where the call breaks one of its rules).
async fn rest(State(shared): State<Arc<Shared>>, request: Request) -> Response {
    let method = request.method().clone();
    let path = request.uri().path().to_owned();
    let Some(path) = path.strip_prefix("/api/v10").map(str::to_owned) else {
        return (StatusCode::NOT_FOUND, "not under /api/v10").into_response();
    };
    let authorized = request
        .headers()
        .get(header::AUTHORIZATION)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v == format!("Bot {TOKEN}"))
        && !shared.lock().gateway.revoked();
    let is_multipart = request
        .headers()
        .get(header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v.starts_with("multipart/form-data"));
    let (json, files) = if is_multipart {
        match read_multipart(request).await {
            Ok(parts) => parts,
            Err(response) => return response,
        }
    } else {
        let body = match Bytes::from_request(request, &()).await {
            Ok(body) => body,
            Err(err) => return err.into_response(),
        };
        (
            serde_json::from_slice(&body).unwrap_or(Value::Null),
            Vec::new(),
        )
    };
    let mut call = RestCall {
        method: method.to_string(),
        path: path.clone(),
        json,
        files,
        status: 0,
        shown_private: false,
        notifies: false,
        message_id: None,
        at: Instant::now(),
    };
    let delay = shared
        .lock()
        .delays
        .iter()
        .find(|(m, suffix, _)| *m == call.method && call.path.ends_with(suffix.as_str()))
        .map(|(_, _, by)| *by);
    let held = shared
        .lock()
        .holds
        .iter()
        .find(|(m, suffix, _)| *m == call.method && call.path.ends_with(suffix.as_str()))
        .map(|(_, _, gate)| gate.subscribe());
    let down = {
        let inner = shared.lock();
        let now = inner.tokens.now();
        inner.outage.and_then(|o| o.refuse(now))
    };
    let silenced = down.as_ref().is_some_and(|(_, silenced)| *silenced);
    let limited = || {
        let mut inner = shared.lock();
        let now = inner.tokens.now();
        inner.rates.refuse(&call, now)
    };
    let mut response = if !authorized {
        discord_error(StatusCode::UNAUTHORIZED, 0, "401: Unauthorized")
    } else if let Some((down, _)) = down {
        down
    } else if let Some(limited) = limited() {
        limited
    } else if call.files.iter().map(|f| f.bytes.len() as u64).sum::<u64>()
        > shared.lock().attachment_limit
    {
        discord_error(
            StatusCode::PAYLOAD_TOO_LARGE,
            40005,
            "Request entity too large",
        )
    } else {
        answer(&shared, &method, &path, &mut call)
    };
    call.status = response.status().as_u16();
    if response.status().is_success() {
        shared.lock().rates.count(&call, &mut response);
    }
    gateway::echo(&mut shared.lock());
    permissions::count(&mut shared.lock(), &response);
    // Recorded on arrival, so a test sees a call even while its answer is held back.
    record(&call);
    shared.lock().calls.push(call);
    shared.bump();
    if let Some(by) = delay {
        tokio::time::sleep(by).await;
    }
    if let Some(mut gate) = held {
        let _ = gate.wait_for(|open| *open).await;
    }
    if silenced {
        outage::wait_out(&shared).await;
    }
    response
}

/// The variable naming a file where every REST call is also written, a JSON line each, for
/// `scripts/check-discord-requests.py` to check against Discord's OpenAPI description.
const RECORD: &str = "NADARE_FAKE_DISCORD_RECORD";

/// Appends `call` to the file [`RECORD`] names, when it names one.
fn record(call: &RestCall) {
    let Some(path) = std::env::var_os(RECORD) else {
        return;
    };
    let line = json!({
        "method": call.method,
        "path": call.path,
        "status": call.status,
        "json": call.json,
        "files": call.file_names(),
    });
    let written = std::fs::OpenOptions::new()
        .create(true)
        .append(true)
        .open(&path)
        .and_then(|mut file| std::io::Write::write_all(&mut file, format!("{line}\n").as_bytes()));
    if let Err(error) = written {
        panic!("cannot record a call in {}: {error}", path.display());
    }
}

async fn read_multipart(request: Request) -> Result<(Value, Vec<Upload>), Response> {
    let mut multipart = Multipart::from_request(request, &())
        .await
        .map_err(IntoResponse::into_response)?;
    let mut json = Value::Null;
    let mut files = Vec::new();
    while let Some(field) = multipart
        .next_field()
        .await
        .map_err(|e| (StatusCode::BAD_REQUEST, e.to_string()).into_response())?
    {
        let name = field.name().unwrap_or("").to_owned();
        let filename = field.file_name().map(str::to_owned);
        let bytes = field
            .bytes()
            .await
            .map_err(|e| (StatusCode::BAD_REQUEST, e.to_string()).into_response())?;
        if name == "payload_json" {
            json = serde_json::from_slice(&bytes).unwrap_or(Value::Null);
        } else {
            files.push(Upload {
                field: name,
                filename: filename.unwrap_or_default(),
                bytes: bytes.to_vec(),
            });
        }
    }
    Ok((json, files))
}

fn ok(value: Value) -> Response {
    (StatusCode::OK, axum::Json(value)).into_response()
}

/// A Discord JSON error.
fn discord_error(status: StatusCode, code: u32, message: &str) -> Response {
    (
        status,
        axum::Json(json!({"message": message, "code": code})),
    )
        .into_response()
}

fn missing_permissions() -> Response {
    discord_error(StatusCode::FORBIDDEN, 50013, "Missing Permissions")
}

fn unknown_message() -> Response {
    discord_error(StatusCode::NOT_FOUND, 10008, "Unknown Message")
}

/// Discord's 400 "Invalid Form Body" (50035), with the `errors` tree naming what it refuses.
fn invalid_form(problem: impl Into<limits::Invalid>) -> Response {
    let body = json!({
        "message": "Invalid Form Body",
        "code": 50035,
        "errors": problem.into().errors(),
    });
    (StatusCode::BAD_REQUEST, axum::Json(body)).into_response()
}

/// Discord's 400 for a new message that shows nothing (50006).
fn empty_message() -> Response {
    discord_error(
        StatusCode::BAD_REQUEST,
        50006,
        "Cannot send an empty message",
    )
}

fn answer(shared: &Shared, method: &Method, path: &str, call: &mut RestCall) -> Response {
    let segments: Vec<&str> = path.trim_start_matches('/').split('/').collect();
    let ws_url = format!("ws://{}/gateway", shared.addr);
    if let ["webhooks", _, token, ..] = segments.as_slice()
        && shared.lock().tokens.expired(token)
    {
        return discord_error(StatusCode::UNAUTHORIZED, 50027, "Invalid Webhook Token");
    }
    if let ["channels", channel, ..] = segments.as_slice() {
        let channel: u64 = channel.parse().unwrap_or(0);
        shared.lock().archive_if_idle(channel);
        if shared.lock().places.answer_only(channel) {
            return discord_error(StatusCode::FORBIDDEN, 50001, "Missing Access");
        }
        if shared
            .lock()
            .channels
            .get(&channel)
            .is_some_and(|c| c.deleted)
        {
            return discord_error(StatusCode::NOT_FOUND, 10003, "Unknown Channel");
        }
        if let Some(refused) = permissions::refuse_unseen(&shared.lock(), channel) {
            return refused;
        }
    }
    match (method.as_str(), segments.as_slice()) {
        ("GET", ["gateway"]) => ok(json!({"url": ws_url})),
        ("GET", ["gateway", "bot"]) => {
            let mut inner = shared.lock();
            let now = inner.tokens.now();
            let limit = inner.gateway.start_limit(now);
            ok(json!({"url": ws_url, "shards": inner.shards, "session_start_limit": limit}))
        }
        ("GET", ["users", "@me"]) => ok(payloads::bot_user()),
        ("GET", ["users", id]) => {
            let known = id
                .parse::<u64>()
                .ok()
                .and_then(|id| shared.lock().users.get(&id).cloned());
            match known {
                Some(user) => ok(user),
                None => discord_error(StatusCode::NOT_FOUND, 10013, "Unknown User"),
            }
        }
        ("PUT", ["applications", _, "commands"]) => match limits::commands(&call.json)
            .and_then(|()| shared.lock().places.register(None, &call.json))
        {
            Ok(()) => ok(registered_commands(shared, call, None)),
            Err(problem) => invalid_form(problem),
        },
        ("PUT", ["applications", _, "guilds", guild, "commands"]) => {
            let scope = guild.parse().ok();
            match limits::commands(&call.json)
                .and_then(|()| shared.lock().places.register(scope, &call.json))
            {
                Ok(()) => ok(registered_commands(shared, call, Some(guild))),
                Err(problem) => invalid_form(problem),
            }
        }
        ("POST", ["interactions", _, token, "callback"]) => callback(shared, token, call),
        ("POST", ["webhooks", _, token]) => follow_up(shared, token, call),
        ("PATCH", ["webhooks", _, token, "messages", "@original"]) => {
            edit_original(shared, token, call)
        }
        ("PATCH", ["webhooks", _, token, "messages", message]) => {
            edit_follow_up(shared, token, message, call)
        }
        ("GET", ["webhooks", _, token, "messages", "@original"]) => {
            let inner = shared.lock();
            let original = inner
                .interactions
                .get(*token)
                .filter(|d| !d.deleted)
                .and_then(|d| d.original)
                .and_then(|id| inner.messages.live(id));
            match original {
                Some(message) => ok(message.payload()),
                None => unknown_message(),
            }
        }
        ("DELETE", ["webhooks", _, token, "messages", "@original"]) => {
            let mut inner = shared.lock();
            let Some(d) = inner.interactions.get_mut(*token) else {
                return unknown_message();
            };
            let Some(original) = d.original.filter(|_| !d.deleted) else {
                return unknown_message();
            };
            d.deleted = true;
            if inner.messages.delete(original) {
                StatusCode::NO_CONTENT.into_response()
            } else {
                unknown_message()
            }
        }
        ("PATCH", ["channels", channel, "messages", message]) => {
            edit_message(shared, channel, message, call)
        }
        ("DELETE", ["channels", channel, "messages", message]) => {
            let (channel, message) = (channel.parse().unwrap_or(0), message.parse().unwrap_or(0));
            let mut inner = shared.lock();
            let found = inner
                .messages
                .live(message)
                .is_some_and(|m| m.channel == channel && !m.ephemeral);
            if found && inner.messages.delete(message) {
                StatusCode::NO_CONTENT.into_response()
            } else {
                unknown_message()
            }
        }
        ("DELETE", ["channels", channel]) => {
            let channel: u64 = channel.parse().unwrap_or(0);
            let inner = shared.lock();
            let parent = inner.channels.get(&channel).and_then(|c| c.parent);
            let allowed = parent
                .and_then(|p| inner.channels.get(&p))
                .and_then(|p| p.permissions)
                .is_none_or(|p| p & MANAGE_THREADS != 0);
            drop(inner);
            if allowed {
                ok(payloads::thread(channel, parent.unwrap_or(0), "deleted"))
            } else {
                missing_permissions()
            }
        }
        ("DELETE", _) => StatusCode::NO_CONTENT.into_response(),
        ("GET", ["channels", channel]) => {
            let channel: u64 = channel.parse().unwrap_or(0);
            let inner = shared.lock();
            match inner.thread_object(channel) {
                Some(thread) => ok(thread),
                None => ok(payloads::text_channel(channel)),
            }
        }
        ("PATCH", ["channels", channel]) => {
            let channel: u64 = channel.parse().unwrap_or(0);
            let mut inner = shared.lock();
            let parent_permissions = inner
                .channels
                .get(&channel)
                .and_then(|c| c.parent)
                .and_then(|p| inner.channels.get(&p))
                .and_then(|p| p.permissions);
            let state = inner.channels.entry(channel).or_default();
            if state.locked && parent_permissions.is_some_and(|p| p & MANAGE_THREADS == 0) {
                return missing_permissions();
            }
            if call.json["archived"] == json!(false) {
                inner.set_archived(channel, false, None);
            }
            match inner.thread_object(channel) {
                Some(thread) => ok(thread),
                None => ok(payloads::thread(channel, 0, "")),
            }
        }
        ("POST", ["channels", channel, "messages"]) => {
            let channel: u64 = channel.parse().unwrap_or(0);
            let refused = {
                let inner = shared.lock();
                permissions::refuse_post(&inner, channel, call.message(), !call.files.is_empty())
            };
            if let Some(refused) = refused {
                return refused;
            }
            if let Err(problem) = limits::message(call.message(), &call.file_names()) {
                return invalid_form(problem);
            }
            if limits::empty(call.message(), &call.file_names()) {
                return empty_message();
            }
            if let Some(refused) = refuse_reply(&shared.lock(), channel, call) {
                return refused;
            }
            let mut inner = shared.lock();
            // A message unarchives an archived thread, unless a moderator locked it.
            if let Some(state) = inner.channels.get(&channel)
                && state.archived
            {
                if state.locked {
                    return discord_error(StatusCode::BAD_REQUEST, 50083, "Thread is archived");
                }
                inner.set_archived(channel, false, None);
            }
            inner.active(channel);
            call.notifies = true;
            let id = inner.snowflake();
            call.message_id = Some(id);
            let message = inner
                .messages
                .create(id, channel, call.message(), &call.files, false);
            ok(message.payload())
        }
        ("POST", ["channels", parent, "threads"]) => {
            // Without a starter message the type decides, and Discord's default is private.
            let kind = call.json["type"].as_u64().unwrap_or(PRIVATE_THREAD);
            if kind != PUBLIC_THREAD && kind != PRIVATE_THREAD {
                return invalid_form("a thread is of type 11 or 12");
            }
            let id = shared.snowflake();
            new_thread(shared, parent, id, call, kind == PRIVATE_THREAD)
        }
        ("POST", ["channels", parent, "messages", message, "threads"]) => {
            // A thread started from a message takes the message's id, and is public.
            let id = message.parse().unwrap_or(0);
            new_thread(shared, parent, id, call, false)
        }
        _ => (
            StatusCode::NOT_FOUND,
            axum::Json(json!({"message": "Unknown route in the fake Discord", "code": 0})),
        )
            .into_response(),
    }
}

/// Discord's refusal of a reply (a post with a `message_reference`) in `channel`, if any:
/// without Read Message History 160002; to a message that does not exist (deleted) 50035,
/// unless the reference says not to fail, when the reply goes out as a plain message.
/// (The fake keeps no reference on the messages it holds.)
fn refuse_reply(inner: &Inner, channel: u64, call: &RestCall) -> Option<Response> {
    let reference = &call.json["message_reference"];
    if reference.is_null() {
        return None;
    }
    if inner
        .channels
        .get(&channel)
        .and_then(|c| c.permissions)
        .is_some_and(|p| p & permissions::READ_MESSAGE_HISTORY == 0)
    {
        return Some(discord_error(
            StatusCode::BAD_REQUEST,
            160002,
            "Cannot reply without permission to read message history",
        ));
    }
    let id = reference["message_id"]
        .as_str()
        .and_then(|s| s.parse().ok())
        .or_else(|| reference["message_id"].as_u64())
        .unwrap_or(0);
    if inner.messages.exists(id) {
        return None;
    }
    if reference["fail_if_not_exists"] == json!(false) {
        return None;
    }
    Some(invalid_form(limits::Invalid::at(
        "message_reference".into(),
        "MESSAGE_REFERENCE_UNKNOWN_MESSAGE",
        "Unknown message",
    )))
}

/// Opens thread `id` under `parent` if the bot may: a name of 1 to 100 characters, a parent
/// that is no thread itself, and the permission for a public or `private` thread.
fn new_thread(shared: &Shared, parent: &str, id: u64, call: &RestCall, private: bool) -> Response {
    let parent: u64 = parent.parse().unwrap_or(0);
    let name = call.json["name"].as_str().unwrap_or_default().to_owned();
    if !(1..=MAX_CHANNEL_NAME).contains(&name.chars().count()) {
        return invalid_form("a thread's name has 1 to 100 characters");
    }
    let mut inner = shared.lock();
    let (permissions, refused, in_thread) = inner
        .channels
        .get(&parent)
        .map_or((None, false, false), |c| {
            (c.permissions, c.refuse_threads, c.parent.is_some())
        });
    if in_thread {
        return discord_error(
            StatusCode::BAD_REQUEST,
            50024,
            "Cannot execute action on this channel type",
        );
    }
    let needed = if private {
        CREATE_PRIVATE_THREADS
    } else {
        CREATE_PUBLIC_THREADS
    };
    if refused || permissions.is_some_and(|p| p & needed == 0) {
        return missing_permissions();
    }
    let auto_archive = call.json["auto_archive_duration"]
        .as_u64()
        .map_or(AUTO_ARCHIVE, |minutes| Duration::from_secs(minutes * 60));
    let now = inner.tokens.now();
    let opened = inner.messages.clock();
    inner.channels.insert(
        id,
        ChannelState {
            permissions,
            parent: Some(parent),
            name: name.clone(),
            private,
            auto_archive: Some((auto_archive, now)),
            opened: Some(opened),
            ..ChannelState::default()
        },
    );
    gateway::thread_event(&mut inner, "THREAD_CREATE", id);
    let thread = inner
        .thread_object(id)
        .unwrap_or_else(|| payloads::thread(id, parent, &name));
    (StatusCode::CREATED, axum::Json(thread)).into_response()
}

/// The interaction callback: once only, within the deadline, within Discord's limits. A
/// message (4) or a deferral (5) makes a message; an update (7) edits the message the
/// component is on, and a deferred update (6) leaves it for an edit of `@original`: both only
/// for a component's interaction, as Discord allows them.
fn callback(shared: &Shared, token: &str, call: &mut RestCall) -> Response {
    let kind = call.json["type"].as_u64().unwrap_or(0);
    let private = call.json["data"]["flags"].as_u64().unwrap_or(0) & 64 != 0;
    let checked = match kind {
        4 | 7 => limits::message(&call.json["data"], &call.file_names()),
        8 => limits::choices(&call.json["data"]).map_err(limits::Invalid::from),
        _ => Ok(()),
    };
    if let Err(problem) = checked {
        return invalid_form(problem);
    }
    if kind == 4 && limits::empty(&call.json["data"], &call.file_names()) {
        return empty_message();
    }
    let mut inner = shared.lock();
    let deadline = inner.response_deadline;
    let Some(dispatched) = inner.interactions.get(token) else {
        return discord_error(StatusCode::NOT_FOUND, 10062, "Unknown interaction");
    };
    if dispatched.first.is_some() {
        return discord_error(
            StatusCode::BAD_REQUEST,
            40060,
            "Interaction has already been acknowledged.",
        );
    }
    // The deadline runs on the fake's clock: a test that moves it past makes the answer late.
    if inner.tokens.age(token).is_some_and(|age| age > deadline) {
        return discord_error(StatusCode::NOT_FOUND, 10062, "Unknown interaction");
    }
    let (channel, component) = (dispatched.channel, dispatched.component_message);
    let metadata = dispatched.metadata.clone();
    if matches!(kind, 6 | 7) && dispatched.kind != 3 {
        return invalid_form("an update (type 6 or 7) answers only a message component");
    }
    let original = match kind {
        4 | 5 => {
            inner.reopen(channel);
            inner.active(channel);
            let id = inner.snowflake();
            if kind == 4 {
                inner
                    .messages
                    .create(id, channel, &call.json["data"], &call.files, private);
            } else {
                inner.messages.thinking(id, channel, private);
            }
            inner.messages.made_by(id, &metadata);
            Some(id)
        }
        6 | 7 => {
            let Some(message) = component.and_then(|id| inner.messages.live(id)) else {
                return unknown_message();
            };
            let (id, ephemeral) = (message.id, message.ephemeral);
            if kind == 7 {
                inner.messages.edit(id, &call.json["data"], &call.files);
            }
            call.shown_private = ephemeral;
            Some(id)
        }
        _ => None,
    };
    if let Some(dispatched) = inner.interactions.get_mut(token) {
        dispatched.first = Some((kind, private));
        dispatched.original = original;
    }
    if kind != 6 {
        call.message_id = original;
    }
    if matches!(kind, 4 | 5) {
        call.shown_private = private;
    }
    call.notifies = kind == 4 && !private;
    StatusCode::NO_CONTENT.into_response()
}

/// A follow-up message: the first one after a deferral (5) completes the deferral, editing
/// its "thinking…", and takes its visibility whatever its own flags say; any other is a new
/// message, at most five per interaction of an app installed by a user only (40094).
fn follow_up(shared: &Shared, token: &str, call: &mut RestCall) -> Response {
    if let Err(problem) = limits::message(&call.json, &call.file_names()) {
        return invalid_form(problem);
    }
    if limits::empty(&call.json, &call.file_names()) {
        return empty_message();
    }
    let flagged = call.json["flags"].as_u64().unwrap_or(0) & 64 != 0;
    let mut inner = shared.lock();
    let Some(dispatched) = inner.interactions.get(token) else {
        return discord_error(StatusCode::NOT_FOUND, 10015, "Unknown Webhook");
    };
    let Some((kind, private)) = dispatched.first else {
        return discord_error(StatusCode::NOT_FOUND, 10015, "Unknown Webhook");
    };
    let (channel, original, deleted) =
        (dispatched.channel, dispatched.original, dispatched.deleted);
    let mut metadata = dispatched.metadata.clone();
    let thinking = original
        .and_then(|id| inner.messages.all().find(|m| m.id == id))
        .is_some_and(|m| m.thinking);
    if kind == 5 && thinking {
        if deleted {
            return unknown_message();
        }
        // The follow-up replaces "thinking…": an edit, which notifies nobody.
        let Some(id) = original else {
            return unknown_message();
        };
        call.shown_private = private;
        call.notifies = false;
        call.message_id = Some(id);
        return match inner.messages.edit(id, &call.json, &call.files) {
            Some(message) => ok(message.payload()),
            None => unknown_message(),
        };
    }
    let user_installed_only = metadata["authorizing_integration_owners"]
        .as_object()
        .is_some_and(|owners| !owners.contains_key("0"));
    if user_installed_only && dispatched_follow_ups(&inner, token) >= USER_INSTALL_FOLLOW_UPS {
        return discord_error(
            StatusCode::BAD_REQUEST,
            40094,
            "This interaction has hit the maximum number of follow up messages",
        );
    }
    if let Some(dispatched) = inner.interactions.get_mut(token) {
        dispatched.follow_ups += 1;
    }
    call.shown_private = flagged;
    call.notifies = !flagged;
    inner.active(channel);
    let id = inner.snowflake();
    call.message_id = Some(id);
    inner
        .messages
        .create(id, channel, &call.json, &call.files, flagged);
    metadata["original_response_message_id"] = json!(original.map(|o| o.to_string()));
    inner.messages.made_by(id, &metadata);
    match inner.messages.live(id) {
        Some(message) => ok(message.payload()),
        None => unknown_message(),
    }
}

/// How many follow-up messages the interaction of `token` made.
fn dispatched_follow_ups(inner: &Inner, token: &str) -> u32 {
    inner.interactions.get(token).map_or(0, |d| d.follow_ups)
}

/// An edit of the original response (for an update, of the message the component is on): it
/// keeps the message's visibility and notifies nobody.
fn edit_original(shared: &Shared, token: &str, call: &mut RestCall) -> Response {
    if let Err(problem) = limits::message(&call.json, &call.file_names()) {
        return invalid_form(problem);
    }
    let mut inner = shared.lock();
    let Some(dispatched) = inner.interactions.get(token) else {
        return discord_error(StatusCode::NOT_FOUND, 10015, "Unknown Webhook");
    };
    let (Some(_), Some(original), false) =
        (dispatched.first, dispatched.original, dispatched.deleted)
    else {
        return unknown_message();
    };
    match inner.messages.edit(original, &call.json, &call.files) {
        Some(message) => {
            call.shown_private = message.ephemeral;
            call.message_id = Some(original);
            ok(message.payload())
        }
        None => unknown_message(),
    }
}

/// An edit of a follow-up (or the original) by its id, through the interaction's token.
fn edit_follow_up(shared: &Shared, token: &str, message: &str, call: &mut RestCall) -> Response {
    if let Err(problem) = limits::message(&call.json, &call.file_names()) {
        return invalid_form(problem);
    }
    let id: u64 = message.parse().unwrap_or(0);
    let mut inner = shared.lock();
    let Some(channel) = inner.interactions.get(token).map(|d| d.channel) else {
        return discord_error(StatusCode::NOT_FOUND, 10015, "Unknown Webhook");
    };
    if inner.messages.live(id).is_none_or(|m| m.channel != channel) {
        return unknown_message();
    }
    match inner.messages.edit(id, &call.json, &call.files) {
        Some(message) => {
            call.shown_private = message.ephemeral;
            call.message_id = Some(id);
            ok(message.payload())
        }
        None => unknown_message(),
    }
}

/// An edit of a message in a channel by the bot: one of its own, not ephemeral (Discord knows
/// those only through the interaction's token), in a thread that is not archived.
fn edit_message(shared: &Shared, channel: &str, message: &str, call: &mut RestCall) -> Response {
    if let Err(problem) = limits::message(&call.json, &call.file_names()) {
        return invalid_form(problem);
    }
    let (channel, id): (u64, u64) = (channel.parse().unwrap_or(0), message.parse().unwrap_or(0));
    let mut inner = shared.lock();
    if inner.channels.get(&channel).is_some_and(|c| c.archived) {
        return discord_error(StatusCode::BAD_REQUEST, 50083, "Thread is archived");
    }
    if inner
        .messages
        .live(id)
        .is_none_or(|m| m.channel != channel || m.ephemeral)
    {
        return unknown_message();
    }
    match inner.messages.edit(id, &call.json, &call.files) {
        Some(message) => {
            call.message_id = Some(id);
            ok(message.payload())
        }
        None => unknown_message(),
    }
}

fn registered_commands(shared: &Shared, call: &RestCall, guild: Option<&str>) -> Value {
    let commands = call.json.as_array().cloned().unwrap_or_default();
    let names = commands
        .iter()
        .filter_map(|c| c["name"].as_str().map(str::to_owned))
        .collect();
    let scope = guild.and_then(|g| g.parse().ok());
    shared.lock().commands.insert(scope, names);
    Value::Array(
        commands
            .iter()
            .map(|c| {
                json!({
                    "id": shared.snowflake().to_string(),
                    "type": 1,
                    "application_id": APPLICATION_ID.to_string(),
                    "guild_id": guild,
                    "name": c["name"],
                    "description": c["description"],
                    "version": "1",
                    "default_member_permissions": null,
                })
            })
            .collect(),
    )
}
