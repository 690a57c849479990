//! The fake's gateway, as Discord runs it: HELLO; IDENTIFY answered by READY and then each of
//! the shard's servers as GUILD_CREATE; dispatches numbered per session and kept, so that a
//! RESUME replays what a dropped connection missed before RESUMED; payloads compressed with
//! zlib when IDENTIFY asks for it (`compress`); heartbeats acknowledged, or left without an
//! acknowledgement when a test says; and what Discord does to a session on its own: op 7
//! Reconnect, op 9 Invalid Session (resumable or not), op 1 Heartbeat asked of the client, and
//! close codes (4004 for a revoked token, 4007 and 4009 end the session, 4014 for an intent
//! the application may not use). THREAD_CREATE when a thread is opened and THREAD_UPDATE when
//! one is archived, locked or reopened go to the sessions that asked for the GUILDS intent.
//!
//! IDENTIFY is limited as Discord limits it: each spends one of the session starts that
//! `GET /gateway/bot` reports (`session_start_limit`), and one past the last resets the token,
//! as Discord's documentation says ("all active sessions for the app will be terminated, the
//! bot token will be reset"): every connection is closed with 4004 and every later call is
//! 401. Once a test sets the limit, each bucket of shards (`shard id % max_concurrency`) may
//! identify once in [`IDENTIFY_WINDOW`], and an IDENTIFY sooner is answered with op 9 Invalid
//! Session (other tests restart the bot within seconds, which a process manager would not).

use std::collections::HashMap;
use std::io::Write;
use std::sync::Arc;
use std::time::{Duration, Instant};

use axum::extract::State;
use axum::extract::ws::{CloseFrame, Message as WsMessage, WebSocket, WebSocketUpgrade};
use axum::response::Response;
use flate2::Compression;
use flate2::write::ZlibEncoder;
use serde_json::{Value, json};
use tokio::sync::{mpsc, watch};

use super::payloads::{self, GUILD_ID};
use super::{FakeDiscord, Shared};

/// A shard: `(id, count)`.
type Shard = (u64, u64);

/// Each bucket of shards may identify once in this long (Discord's "per 5 seconds", less a
/// quarter second: serenity spaces its IDENTIFYs five seconds apart as its own clock sees
/// them, which starts before the fake's).
const IDENTIFY_WINDOW: Duration = Duration::from_millis(4750);

/// How long Discord's session start limit lasts from the fake's start: a day.
const START_LIMIT_PERIOD: Duration = Duration::from_secs(24 * 60 * 60);

/// The session start limit, as `GET /gateway/bot` reports it.
struct StartLimit {
    total: u64,
    remaining: u64,
    /// When `remaining` goes back to `total`, on the fake's clock.
    resets_at: Duration,
    max_concurrency: u64,
    /// Whether each bucket's IDENTIFYs are held to [`IDENTIFY_WINDOW`].
    paced: bool,
}

impl Default for StartLimit {
    fn default() -> StartLimit {
        StartLimit {
            total: 1000,
            remaining: 1000,
            resets_at: START_LIMIT_PERIOD,
            max_concurrency: 1,
            paced: false,
        }
    }
}

impl StartLimit {
    /// Starts a new period once the current one is over at `now`.
    fn renew(&mut self, now: Duration) {
        if now >= self.resets_at {
            self.remaining = self.total;
            self.resets_at = now + START_LIMIT_PERIOD;
        }
    }
}

/// What the gateway makes of an IDENTIFY.
enum Admission {
    /// A session starts.
    Admitted,
    /// Its bucket identified less than [`IDENTIFY_WINDOW`] ago: op 9.
    TooSoon,
    /// No session start was left: the token is reset.
    Exhausted,
}

/// What a test (or the fake's REST side) sends a live connection.
pub(super) enum Out {
    /// A dispatch numbered `seq` in its session.
    Dispatch {
        /// Its sequence number.
        seq: u64,
        /// The event's name.
        event: String,
        /// Its data.
        data: Value,
    },
    /// Op 7: reconnect (and resume).
    Reconnect,
    /// Op 9: the session is invalid; `true` when it may be resumed.
    Invalid(bool),
    /// Op 1: send a heartbeat now.
    Heartbeat,
    /// Close the connection with this code.
    Close(u16),
}

/// What Discord keeps of a session between its connections.
struct Session {
    /// Which IDENTIFY of the shard started it; part of its id, so a RESUME of an older one
    /// is refused.
    generation: u64,
    /// The last sequence number given.
    seq: u64,
    /// Every dispatch of the session after READY, for a RESUME to replay.
    log: Vec<(u64, String, Value)>,
    /// The connection carrying it, while one does.
    live: Option<u64>,
    /// The intents its IDENTIFY asked for.
    intents: u64,
}

/// A live connection.
struct Connection {
    shard: Shard,
    out: mpsc::UnboundedSender<Out>,
}

/// What the bot sent when it identified on the gateway.
#[derive(Clone, Debug)]
pub struct Identify {
    /// The token it identified with, without serenity's `Bot ` prefix.
    pub token: String,
    /// The intents bitfield.
    pub intents: u64,
    /// `[shard id, shard count]`.
    pub shard: (u64, u64),
    /// Whether it asked for compressed payloads.
    pub compress: bool,
}

/// The gateway's state.
pub(super) struct Gateway {
    sessions: HashMap<Shard, Session>,
    connections: HashMap<u64, Connection>,
    next_connection: u64,
    identifies: Vec<Identify>,
    heartbeat_interval_ms: u64,
    heartbeats: u64,
    resumes: u64,
    /// Intents whose IDENTIFY is answered with close code 4014.
    disallowed_intents: u64,
    /// Heartbeats go unacknowledged while set.
    acks_paused: bool,
    /// The token was revoked: every IDENTIFY and RESUME is closed with 4004.
    revoked: bool,
    /// Each server's `preferred_locale`, as its GUILD_CREATE gives it.
    locales: HashMap<u64, String>,
    /// Payloads sent compressed.
    compressed: u64,
    /// Dispatches a RESUME replayed.
    replayed: u64,
    /// The bot's own messages echoed.
    echoed: u64,
    /// The session start limit.
    limit: StartLimit,
    /// When each bucket of shards (`id % max_concurrency`) last identified.
    buckets: HashMap<u64, Instant>,
    /// IDENTIFYs refused with op 9 for coming too soon after their bucket's last.
    too_soon: u64,
    /// THREAD_CREATE and THREAD_UPDATE dispatched, in order: the event and its data.
    thread_events: Vec<(String, Value)>,
    /// Whether new connections are greeted (HELLO); while not, they wait, as on a Discord
    /// that does not answer yet.
    open: watch::Sender<bool>,
}

impl Default for Gateway {
    fn default() -> Gateway {
        Gateway {
            sessions: HashMap::new(),
            connections: HashMap::new(),
            next_connection: 0,
            identifies: Vec::new(),
            heartbeat_interval_ms: 41_250,
            heartbeats: 0,
            resumes: 0,
            disallowed_intents: 0,
            acks_paused: false,
            revoked: false,
            locales: HashMap::new(),
            compressed: 0,
            replayed: 0,
            echoed: 0,
            limit: StartLimit::default(),
            buckets: HashMap::new(),
            too_soon: 0,
            thread_events: Vec::new(),
            open: watch::Sender::new(true),
        }
    }
}

impl Gateway {
    /// The shard of `count` that owns `guild` (Discord's formula; direct messages: shard 0).
    fn owns(shard: Shard, guild: u64) -> bool {
        shard.1 == 0 || (guild >> 22) % shard.1 == shard.0
    }

    /// Numbers and keeps a dispatch in the session of the shard that owns `guild`, and sends
    /// it when a connection carries that session; `false` when the shard has no session yet.
    pub(super) fn dispatch(&mut self, guild: u64, event: &str, data: &Value) -> bool {
        let Some((_, session)) = self
            .sessions
            .iter_mut()
            .find(|(shard, _)| Gateway::owns(**shard, guild))
        else {
            return false;
        };
        session.seq += 1;
        let seq = session.seq;
        session.log.push((seq, event.to_owned(), data.clone()));
        if let Some(connection) = session.live.and_then(|key| self.connections.get(&key)) {
            let _ = connection.out.send(Out::Dispatch {
                seq,
                event: event.to_owned(),
                data: data.clone(),
            });
        }
        true
    }

    /// Notes a connection carrying `shard`'s session in place of `old` (the same socket's
    /// earlier one); its key.
    fn connect(&mut self, shard: Shard, out: &mpsc::UnboundedSender<Out>, old: Option<u64>) -> u64 {
        if let Some(old) = old {
            self.connections.remove(&old);
        }
        self.next_connection += 1;
        let key = self.next_connection;
        self.connections.insert(
            key,
            Connection {
                shard,
                out: out.clone(),
            },
        );
        key
    }

    /// Sends `make()` to every live connection.
    fn tell_all(&self, make: impl Fn() -> Out) {
        for connection in self.connections.values() {
            let _ = connection.out.send(make());
        }
    }

    /// Whether the token was revoked or reset: the gateway closes with 4004, and REST calls
    /// are 401.
    pub(super) fn revoked(&self) -> bool {
        self.revoked
    }

    /// Revokes the token: every live connection is closed with 4004.
    fn revoke(&mut self) {
        self.revoked = true;
        self.tell_all(|| Out::Close(4004));
    }

    /// Whether a session of the shard owning `guild` asked for all of `intents`.
    fn wants(&self, guild: u64, intents: u64) -> bool {
        self.sessions
            .iter()
            .any(|(shard, s)| Gateway::owns(*shard, guild) && s.intents & intents == intents)
    }

    /// Admits an IDENTIFY of `shard` at `now` (the fake's clock) or not: see [`Admission`].
    fn admit(&mut self, shard: Shard, now: Duration) -> Admission {
        self.limit.renew(now);
        if self.limit.remaining == 0 {
            self.revoke();
            return Admission::Exhausted;
        }
        let bucket = shard.0 % self.limit.max_concurrency.max(1);
        if self.limit.paced
            && self
                .buckets
                .get(&bucket)
                .is_some_and(|last| last.elapsed() < IDENTIFY_WINDOW)
        {
            self.too_soon += 1;
            return Admission::TooSoon;
        }
        self.buckets.insert(bucket, Instant::now());
        self.limit.remaining -= 1;
        Admission::Admitted
    }

    /// The `session_start_limit` of `GET /gateway/bot` at `now` (the fake's clock).
    pub(super) fn start_limit(&mut self, now: Duration) -> Value {
        self.limit.renew(now);
        let reset_after = self.limit.resets_at.saturating_sub(now);
        json!({
            "total": self.limit.total,
            "remaining": self.limit.remaining,
            "reset_after": u64::try_from(reset_after.as_millis()).unwrap_or(u64::MAX),
            "max_concurrency": self.limit.max_concurrency,
        })
    }
}

/// The GUILDS intent: among others, THREAD_CREATE and THREAD_UPDATE.
const GUILDS: u64 = 1;

/// Sends the sessions that asked for the GUILDS intent `event` (THREAD_CREATE or
/// THREAD_UPDATE) about thread `id` as it is now: its channel object, with `newly_created`
/// on a THREAD_CREATE for a thread just opened.
pub(super) fn thread_event(inner: &mut super::Inner, event: &str, id: u64) {
    let Some(mut thread) = inner.thread_object(id) else {
        return;
    };
    if event == "THREAD_CREATE" {
        thread["newly_created"] = json!(true);
    }
    if inner.gateway.wants(GUILD_ID, GUILDS) && inner.gateway.dispatch(GUILD_ID, event, &thread) {
        inner.gateway.thread_events.push((event.to_owned(), thread));
    }
}

/// The GUILD_MESSAGES intent: MESSAGE_CREATE and MESSAGE_UPDATE of server channels.
const GUILD_MESSAGES: u64 = 1 << 9;

/// Sends the sessions that asked for server messages the bot's own public messages made or
/// edited by the call just answered, as Discord echoes them (`MESSAGE_CREATE`,
/// `MESSAGE_UPDATE`). Messages where the bot can only answer interactions are not echoed: no
/// session of the bot's sees them.
pub(super) fn echo(inner: &mut super::Inner) {
    for (event, mut message) in inner.messages.take_echoes() {
        let channel = message["channel_id"]
            .as_str()
            .and_then(|c| c.parse::<u64>().ok())
            .unwrap_or(0);
        if inner.places.answer_only(channel) {
            continue;
        }
        message["guild_id"] = json!(GUILD_ID.to_string());
        if inner.gateway.wants(GUILD_ID, GUILD_MESSAGES)
            && inner.gateway.dispatch(GUILD_ID, event, &message)
        {
            inner.gateway.echoed += 1;
        }
    }
}

/// `GET /gateway` upgraded to the websocket.
pub(super) async fn serve(
    State(shared): State<Arc<Shared>>,
    upgrade: WebSocketUpgrade,
) -> Response {
    upgrade.on_upgrade(move |socket| session(shared, socket))
}

/// A payload as sent: text, or a zlib-compressed binary frame when the connection asked.
async fn send(shared: &Shared, socket: &mut WebSocket, value: &Value, compress: bool) -> bool {
    let text = value.to_string();
    let frame = if compress {
        let mut encoder = ZlibEncoder::new(Vec::new(), Compression::default());
        if encoder.write_all(text.as_bytes()).is_err() {
            return false;
        }
        let Ok(bytes) = encoder.finish() else {
            return false;
        };
        shared.lock().gateway.compressed += 1;
        WsMessage::Binary(bytes.into())
    } else {
        WsMessage::Text(text.into())
    };
    socket.send(frame).await.is_ok()
}

/// Closes the connection with `code`.
async fn close(socket: &mut WebSocket, code: u16, reason: &str) {
    let frame = CloseFrame {
        code,
        reason: reason.to_owned().into(),
    };
    let _ = socket.send(WsMessage::Close(Some(frame))).await;
}

/// The session id of generation `generation` of `shard` (`session-ID-COUNT-GENERATION`).
fn session_id(shard: Shard, generation: u64) -> String {
    format!("session-{}-{}-{generation}", shard.0, shard.1)
}

/// The shard and generation a RESUME names, for a session id this fake gave.
fn resumed(d: &Value) -> Option<(Shard, u64)> {
    let id = d["session_id"].as_str()?.strip_prefix("session-")?;
    let mut parts = id.split('-').map(str::parse::<u64>);
    let shard = (parts.next()?.ok()?, parts.next()?.ok()?);
    Some((shard, parts.next()?.ok()?))
}

/// A server's GUILD_CREATE, in the shape serenity reads (every field Discord always sends).
fn guild_create(id: u64, locale: &str) -> Value {
    let mut guild = json!({
        "id": id.to_string(),
        "name": "nadare test server",
        "icon": null, "icon_hash": null, "splash": null, "discovery_splash": null,
        "owner_id": "7",
        "afk_channel_id": null, "afk_timeout": 300,
        "widget_enabled": false, "widget_channel_id": null,
        "verification_level": 0, "default_message_notifications": 0,
        "explicit_content_filter": 0,
        "roles": [], "emojis": [], "features": [], "mfa_level": 0,
        "application_id": null, "system_channel_id": null, "system_channel_flags": 0,
        "rules_channel_id": null, "max_presences": null, "max_members": 500000,
    });
    let rest = json!({
        "vanity_url_code": null, "description": null, "banner": null,
        "premium_tier": 0, "premium_subscription_count": 0,
        "preferred_locale": locale,
        "public_updates_channel_id": null, "max_video_channel_users": 25,
        "max_stage_video_channel_users": 50, "nsfw_level": 0, "stickers": [],
        "premium_progress_bar_enabled": false, "safety_alerts_channel_id": null,
    });
    let created = json!({
        "joined_at": "2025-01-01T00:00:00.000000+00:00", "large": false, "unavailable": false,
        "member_count": 3, "voice_states": [], "members": [], "channels": [], "threads": [],
        "presences": [], "stage_instances": [], "guild_scheduled_events": [],
    });
    for part in [rest, created] {
        if let (Some(all), Value::Object(more)) = (guild.as_object_mut(), part) {
            all.extend(more);
        }
    }
    guild
}

/// One connection: HELLO, then what the client sends and what the fake has to send it.
async fn session(shared: Arc<Shared>, mut socket: WebSocket) {
    let mut open = shared.lock().gateway.open.subscribe();
    if open.wait_for(|open| *open).await.is_err() {
        return;
    }
    let interval = shared.lock().gateway.heartbeat_interval_ms;
    let hello = json!({"op": 10, "d": {"heartbeat_interval": interval}});
    if !send(&shared, &mut socket, &hello, false).await {
        return;
    }
    let (out, mut queued) = mpsc::unbounded_channel::<Out>();
    let mut key: Option<u64> = None;
    let mut compress = false;
    loop {
        let outgoing: Vec<Value> = tokio::select! {
            incoming = socket.recv() => {
                let text = match incoming {
                    Some(Ok(WsMessage::Text(text))) => text.to_string(),
                    Some(Ok(WsMessage::Close(_)) | Err(_)) | None => break,
                    Some(Ok(_)) => continue,
                };
                let Ok(payload) = serde_json::from_str::<Value>(&text) else { continue };
                match payload["op"].as_u64() {
                    Some(1) => {
                        let mut inner = shared.lock();
                        inner.gateway.heartbeats += 1;
                        let ack = !inner.gateway.acks_paused;
                        drop(inner);
                        shared.bump();
                        if ack { vec![json!({"op": 11})] } else { continue }
                    }
                    Some(2) => {
                        let d = &payload["d"];
                        let (revoked, disallowed) = {
                            let inner = shared.lock();
                            (inner.gateway.revoked, inner.gateway.disallowed_intents)
                        };
                        if revoked {
                            close(&mut socket, 4004, "Authentication failed.").await;
                            break;
                        }
                        if d["intents"].as_u64().unwrap_or(0) & disallowed != 0 {
                            close(&mut socket, 4014, "Disallowed intent(s).").await;
                            break;
                        }
                        let admission = {
                            let mut inner = shared.lock();
                            let now = inner.tokens.now();
                            inner.gateway.admit(shard_of(d), now)
                        };
                        shared.bump();
                        match admission {
                            Admission::TooSoon => vec![json!({"op": 9, "d": false})],
                            Admission::Exhausted => {
                                close(&mut socket, 4004, "Authentication failed.").await;
                                break;
                            }
                            Admission::Admitted => {
                                compress = d["compress"].as_bool().unwrap_or(false);
                                let (new_key, ready) = identified(&shared, d, &out, key.take());
                                key = Some(new_key);
                                ready
                            }
                        }
                    }
                    Some(6) => {
                        if shared.lock().gateway.revoked {
                            close(&mut socket, 4004, "Authentication failed.").await;
                            break;
                        }
                        match resume(&shared, &payload["d"], &out, key.take()) {
                            Some((new_key, replayed)) => {
                                key = Some(new_key);
                                replayed
                            }
                            None => vec![json!({"op": 9, "d": false})],
                        }
                    }
                    _ => continue,
                }
            }
            Some(next) = queued.recv() => match next {
                Out::Dispatch { seq, event, data } => {
                    vec![json!({"op": 0, "t": event, "s": seq, "d": data})]
                }
                Out::Reconnect => vec![json!({"op": 7, "d": null})],
                Out::Heartbeat => vec![json!({"op": 1, "d": null})],
                Out::Invalid(resumable) => {
                    if !resumable && let Some(k) = key {
                        end_session(&shared, k);
                    }
                    vec![json!({"op": 9, "d": resumable})]
                }
                Out::Close(code) => {
                    if matches!(code, 4007 | 4009) && let Some(k) = key {
                        end_session(&shared, k);
                    }
                    close(&mut socket, code, "Closed by the fake.").await;
                    break;
                }
            }
        };
        for value in &outgoing {
            if !send(&shared, &mut socket, value, compress).await {
                break;
            }
        }
    }
    if let Some(k) = key {
        let mut inner = shared.lock();
        if let Some(connection) = inner.gateway.connections.remove(&k)
            && let Some(session) = inner.gateway.sessions.get_mut(&connection.shard)
            && session.live == Some(k)
        {
            session.live = None;
        }
        drop(inner);
        shared.bump();
    }
}

/// The shard an IDENTIFY names (`[0, 1]` when it names none).
fn shard_of(d: &Value) -> Shard {
    (
        d["shard"][0].as_u64().unwrap_or(0),
        d["shard"][1].as_u64().unwrap_or(1),
    )
}

/// Records an IDENTIFY, starts a new session for its shard on this connection (replacing
/// `old`), and gives READY and the shard's servers' GUILD_CREATE.
fn identified(
    shared: &Shared,
    d: &Value,
    out: &mpsc::UnboundedSender<Out>,
    old: Option<u64>,
) -> (u64, Vec<Value>) {
    let shard = shard_of(d);
    let mut inner = shared.lock();
    let gateway = &mut inner.gateway;
    gateway.identifies.push(Identify {
        token: d["token"]
            .as_str()
            .map(|t| t.trim_start_matches("Bot ").to_owned())
            .unwrap_or_default(),
        intents: d["intents"].as_u64().unwrap_or(0),
        shard,
        compress: d["compress"].as_bool().unwrap_or(false),
    });
    let key = gateway.connect(shard, out, old);
    let generation = gateway.sessions.get(&shard).map_or(1, |s| s.generation + 1);
    let mut ready = payloads::ready(&shared.addr, shard);
    ready["session_id"] = json!(session_id(shard, generation));
    let mut sent = vec![json!({"op": 0, "t": "READY", "s": 1, "d": ready})];
    let mut seq = 1;
    if Gateway::owns(shard, GUILD_ID) {
        let locale = gateway
            .locales
            .get(&GUILD_ID)
            .cloned()
            .unwrap_or_else(|| "en-US".to_owned());
        seq += 1;
        sent.push(json!({
            "op": 0, "t": "GUILD_CREATE", "s": seq, "d": guild_create(GUILD_ID, &locale)
        }));
    }
    gateway.sessions.insert(
        shard,
        Session {
            generation,
            seq,
            log: Vec::new(),
            live: Some(key),
            intents: d["intents"].as_u64().unwrap_or(0),
        },
    );
    drop(inner);
    shared.bump();
    (key, sent)
}

/// Carries a session on over this connection for a RESUME naming it: what it missed after
/// the sequence number the client saw, then RESUMED. `None` when no such session stands.
fn resume(
    shared: &Shared,
    d: &Value,
    out: &mpsc::UnboundedSender<Out>,
    old: Option<u64>,
) -> Option<(u64, Vec<Value>)> {
    let (shard, generation) = resumed(d)?;
    let seen = d["seq"].as_u64().unwrap_or(0);
    let mut inner = shared.lock();
    let gateway = &mut inner.gateway;
    if gateway.sessions.get(&shard)?.generation != generation {
        return None;
    }
    gateway.resumes += 1;
    let key = gateway.connect(shard, out, old);
    let session = gateway.sessions.get_mut(&shard)?;
    session.live = Some(key);
    let mut sent: Vec<Value> = session
        .log
        .iter()
        .filter(|(seq, _, _)| *seq > seen)
        .map(|(seq, event, data)| json!({"op": 0, "t": event, "s": seq, "d": data}))
        .collect();
    let replayed = sent.len() as u64;
    session.seq += 1;
    sent.push(json!({"op": 0, "t": "RESUMED", "s": session.seq, "d": {}}));
    gateway.replayed += replayed;
    drop(inner);
    shared.bump();
    Some((key, sent))
}

/// Ends the session connection `key` carries: a RESUME of it is refused from now on.
fn end_session(shared: &Shared, key: u64) {
    let mut inner = shared.lock();
    let gateway = &mut inner.gateway;
    let Some(shard) = gateway.connections.get(&key).map(|c| c.shard) else {
        return;
    };
    if let Some(session) = gateway.sessions.get_mut(&shard) {
        session.generation += 1;
        session.live = None;
    }
}

impl FakeDiscord {
    /// Sets the heartbeat interval HELLO gives sessions that connect from now on.
    pub fn set_heartbeat_interval(&self, interval: Duration) {
        self.shared.lock().gateway.heartbeat_interval_ms =
            u64::try_from(interval.as_millis()).unwrap_or(u64::MAX);
    }

    /// Waits until `count` heartbeats have been received.
    pub async fn wait_heartbeats(&self, count: u64) {
        self.wait_until(&format!("{count} heartbeats"), |inner| {
            (inner.gateway.heartbeats >= count).then_some(())
        })
        .await;
    }

    /// The heartbeats received so far.
    pub fn heartbeats(&self) -> u64 {
        self.shared.lock().gateway.heartbeats
    }

    /// Leaves heartbeats unacknowledged (`true`), as a Discord that stopped answering does,
    /// or acknowledges them again.
    pub fn pause_heartbeat_acks(&self, paused: bool) {
        self.shared.lock().gateway.acks_paused = paused;
    }

    /// Asks every live session for a heartbeat now (op 1).
    pub fn request_heartbeat(&self) {
        self.shared.lock().gateway.tell_all(|| Out::Heartbeat);
    }

    /// Refuses IDENTIFY with close code 4014 when it asks for any of `intents`.
    pub fn disallow_intents(&self, intents: u64) {
        self.shared.lock().gateway.disallowed_intents = intents;
    }

    /// Gives the server's GUILD_CREATE this `preferred_locale` (`en-US` unless set).
    pub fn set_guild_locale(&self, guild: u64, locale: &str) {
        self.shared
            .lock()
            .gateway
            .locales
            .insert(guild, locale.to_owned());
    }

    /// Asks every live session to reconnect (op 7), as Discord does before moving a session.
    pub fn request_reconnect(&self) {
        self.shared.lock().gateway.tell_all(|| Out::Reconnect);
    }

    /// Tells every live session it is invalid (op 9), resumable or not; one that is not is
    /// ended.
    pub fn invalidate_sessions(&self, resumable: bool) {
        self.shared
            .lock()
            .gateway
            .tell_all(|| Out::Invalid(resumable));
    }

    /// Closes every live connection with `code`; 4007 and 4009 end its session too.
    pub fn close_connections(&self, code: u16) {
        self.shared.lock().gateway.tell_all(|| Out::Close(code));
    }

    /// Revokes the bot's token: every connection is closed with 4004, as is every IDENTIFY
    /// or RESUME after it.
    pub fn revoke_token(&self) {
        self.shared.lock().gateway.revoke();
    }

    /// Sets the session start limit `GET /gateway/bot` reports: `remaining` of Discord's 1000
    /// a day, and IDENTIFYs allowed per five seconds (`max_concurrency`, one per bucket of
    /// shards), held to from now on.
    pub fn set_session_start_limit(&self, remaining: u64, max_concurrency: u64) {
        let limit = &mut self.shared.lock().gateway.limit;
        limit.remaining = remaining.min(limit.total);
        limit.max_concurrency = max_concurrency.max(1);
        limit.paced = true;
    }

    /// The session starts left.
    pub fn session_starts_remaining(&self) -> u64 {
        self.shared.lock().gateway.limit.remaining
    }

    /// The IDENTIFYs refused (op 9) for coming sooner than their bucket allows.
    pub fn identifies_too_soon(&self) -> u64 {
        self.shared.lock().gateway.too_soon
    }

    /// The THREAD_CREATE and THREAD_UPDATE events sent so far, in order: each event's name
    /// and data.
    pub fn thread_events(&self) -> Vec<(String, Value)> {
        self.shared.lock().gateway.thread_events.clone()
    }

    /// Waits until `count` thread events (THREAD_CREATE, THREAD_UPDATE) have been sent.
    pub async fn wait_thread_events(&self, count: usize) -> Vec<(String, Value)> {
        self.wait_until(&format!("{count} thread events"), |inner| {
            let sent = &inner.gateway.thread_events;
            (sent.len() >= count).then(|| sent.clone())
        })
        .await
    }

    /// Waits until `count` sessions have been resumed and exactly one connection is live
    /// (after a reconnect, the old one has closed).
    pub async fn wait_resumes(&self, count: u64) {
        self.wait_until("a resumed gateway session", |inner| {
            let gateway = &inner.gateway;
            (gateway.resumes >= count && gateway.connections.len() == 1).then_some(())
        })
        .await;
    }

    /// Waits until a session has been resumed and exactly one connection is live.
    pub async fn wait_resumed(&self) {
        self.wait_resumes(1).await;
    }

    /// Waits until the bot has connected again (resumed or identified anew) `count` times
    /// since its first IDENTIFY, and one connection is live.
    pub async fn wait_reconnects(&self, count: usize) {
        self.wait_until(&format!("{count} reconnections"), |inner| {
            let gateway = &inner.gateway;
            let again = gateway.identifies.len().saturating_sub(1) + gateway.resumes as usize;
            (again >= count && gateway.connections.len() == 1).then_some(())
        })
        .await;
    }

    /// Every IDENTIFY received so far.
    pub fn identifies(&self) -> Vec<Identify> {
        self.shared.lock().gateway.identifies.clone()
    }

    /// Waits until `count` IDENTIFYs have been received and one connection is live.
    pub async fn wait_identifies(&self, count: usize) {
        self.wait_until(&format!("{count} identifies"), |inner| {
            let gateway = &inner.gateway;
            (gateway.identifies.len() >= count && gateway.connections.len() == 1).then_some(())
        })
        .await;
    }

    /// Greets no new connection until [`FakeDiscord::open_gateway`]: they wait, as on a
    /// Discord that does not answer yet.
    pub fn hold_gateway(&self) {
        self.shared.lock().gateway.open.send_replace(false);
    }

    /// Greets new connections again, and those that waited.
    pub fn open_gateway(&self) {
        self.shared.lock().gateway.open.send_replace(true);
    }

    /// The bot's own messages echoed to it so far (MESSAGE_CREATE, MESSAGE_UPDATE).
    pub fn echoed(&self) -> u64 {
        self.shared.lock().gateway.echoed
    }

    /// The dispatches RESUMEs have replayed so far.
    pub fn replayed(&self) -> u64 {
        self.shared.lock().gateway.replayed
    }

    /// The payloads sent compressed so far.
    pub fn compressed_payloads(&self) -> u64 {
        self.shared.lock().gateway.compressed
    }

    /// Waits until at least `count` gateway connections are identified and live.
    pub async fn wait_connected(&self, count: usize) {
        self.wait_until(&format!("{count} gateway sessions"), |inner| {
            (inner.gateway.connections.len() >= count).then_some(())
        })
        .await;
    }

    /// Waits until no gateway connection is live (the bot closed its shards).
    pub async fn wait_disconnected(&self) {
        self.wait_until("every gateway session closed", |inner| {
            inner.gateway.connections.is_empty().then_some(())
        })
        .await;
    }
}
