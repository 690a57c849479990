//! A fake Discord on 127.0.0.1 for end-to-end tests: the REST API under `/api/v10/...` and a
//! gateway websocket that the real serenity client connects to.
//!
//! Every REST call the bot makes is recorded (method, path, JSON body, uploaded files) so tests
//! can assert on what the bot said; tests drive the bot by dispatching gateway events
//! (interactions and messages) built with [`payloads`].

pub mod payloads;

use std::collections::HashMap;
use std::net::SocketAddr;
use std::sync::{Arc, Mutex, MutexGuard};
use std::time::Duration;

use axum::Router;
use axum::body::Bytes;
use axum::extract::ws::{Message as WsMessage, WebSocket, WebSocketUpgrade};
use axum::extract::{FromRequest, Multipart, Request, State};
use axum::http::{Method, StatusCode, header};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use serde_json::{Value, json};
use tokio::sync::{mpsc, watch};

use payloads::{APPLICATION_ID, TOKEN};

/// How long a test waits for something the bot should do before failing.
pub const WAIT: Duration = Duration::from_secs(30);

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
}

impl RestCall {
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

    /// Whether the message is ephemeral (flag 64).
    pub fn is_ephemeral(&self) -> bool {
        self.message()["flags"].as_u64().unwrap_or(0) & 64 != 0
    }

    /// The custom ids of every button in the message.
    pub fn button_ids(&self) -> Vec<String> {
        let mut ids = Vec::new();
        if let Some(rows) = self.message()["components"].as_array() {
            for row in rows {
                if let Some(components) = row["components"].as_array() {
                    ids.extend(
                        components
                            .iter()
                            .filter_map(|c| c["custom_id"].as_str().map(str::to_owned)),
                    );
                }
            }
        }
        ids
    }
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
}

struct Connection {
    shard: (u64, u64),
    events: mpsc::UnboundedSender<(String, Value)>,
}

#[derive(Default)]
struct Inner {
    calls: Vec<RestCall>,
    identifies: Vec<Identify>,
    connections: HashMap<u64, Connection>,
    next_connection: u64,
    next_snowflake: u64,
    shards: u64,
    /// Answers to `(method, path suffix)` held back this long.
    delays: Vec<(String, String, Duration)>,
}

struct Shared {
    inner: Mutex<Inner>,
    changed: watch::Sender<u64>,
    addr: SocketAddr,
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
        let mut inner = self.lock();
        inner.next_snowflake += 1;
        inner.next_snowflake
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
        let (changed, _) = watch::channel(0);
        let shared = Arc::new(Shared {
            inner: Mutex::new(Inner {
                next_snowflake: 1_300_000_000_000_000_000,
                shards,
                ..Inner::default()
            }),
            changed,
            addr,
        });
        let app = Router::new()
            .route("/gateway", get(gateway))
            .fallback(rest)
            .with_state(shared.clone());
        tokio::spawn(async move {
            axum::serve(listener, app)
                .await
                .expect("fake discord server");
        });
        FakeDiscord { shared }
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

    /// Every IDENTIFY received so far.
    pub fn identifies(&self) -> Vec<Identify> {
        self.shared.lock().identifies.clone()
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

    /// Waits until `count` gateway sessions are identified and live.
    pub async fn wait_connected(&self, count: usize) {
        self.wait_until(&format!("{count} gateway sessions"), |inner| {
            (inner.connections.len() >= count).then_some(())
        })
        .await;
    }

    /// Waits until no gateway session is live (the bot closed its shards).
    pub async fn wait_disconnected(&self) {
        self.wait_until("the gateway sessions to close", |inner| {
            inner.connections.is_empty().then_some(())
        })
        .await;
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
    /// waiting for such a session to be live.
    pub async fn dispatch(&self, event: &str, guild: u64, data: Value) {
        let sender = self
            .wait_until("a live gateway session for the event", |inner| {
                inner
                    .connections
                    .values()
                    .find(|c| c.shard.1 == 0 || (guild >> 22) % c.shard.1 == c.shard.0)
                    .map(|c| c.events.clone())
            })
            .await;
        sender
            .send((event.to_owned(), data))
            .expect("gateway session is live");
    }
}

/// `GET /gateway` upgraded to the websocket: HELLO, IDENTIFY, READY, then dispatches.
async fn gateway(State(shared): State<Arc<Shared>>, upgrade: WebSocketUpgrade) -> Response {
    upgrade.on_upgrade(move |socket| session(shared, socket))
}

async fn send_json(socket: &mut WebSocket, value: &Value) -> bool {
    socket
        .send(WsMessage::Text(value.to_string().into()))
        .await
        .is_ok()
}

/// Records an IDENTIFY and makes its session the target of dispatches for its shard.
fn identified(
    shared: &Shared,
    d: &Value,
    events: &mpsc::UnboundedSender<(String, Value)>,
) -> (u64, (u64, u64)) {
    let shard = (
        d["shard"][0].as_u64().unwrap_or(0),
        d["shard"][1].as_u64().unwrap_or(1),
    );
    let mut inner = shared.lock();
    inner.identifies.push(Identify {
        token: d["token"]
            .as_str()
            .map(|t| t.trim_start_matches("Bot ").to_owned())
            .unwrap_or_default(),
        intents: d["intents"].as_u64().unwrap_or(0),
        shard,
    });
    inner.next_connection += 1;
    let key = inner.next_connection;
    inner.connections.insert(
        key,
        Connection {
            shard,
            events: events.clone(),
        },
    );
    drop(inner);
    shared.bump();
    (key, shard)
}

async fn session(shared: Arc<Shared>, mut socket: WebSocket) {
    if !send_json(
        &mut socket,
        &json!({"op": 10, "d": {"heartbeat_interval": 41250}}),
    )
    .await
    {
        return;
    }
    let (events, mut queued) = mpsc::unbounded_channel::<(String, Value)>();
    let mut seq = 0u64;
    let mut id = None;
    loop {
        let outgoing = tokio::select! {
            incoming = socket.recv() => {
                let text = match incoming {
                    Some(Ok(WsMessage::Text(text))) => text.to_string(),
                    Some(Ok(WsMessage::Close(_)) | Err(_)) | None => break,
                    Some(Ok(_)) => continue,
                };
                let Ok(payload) = serde_json::from_str::<Value>(&text) else { continue };
                match payload["op"].as_u64() {
                    // Heartbeat: acknowledge.
                    Some(1) => json!({"op": 11}),
                    // Identify: READY.
                    Some(2) => {
                        let (key, shard) = identified(&shared, &payload["d"], &events);
                        id = Some(key);
                        seq += 1;
                        let ready = payloads::ready(&shared.addr, shard);
                        json!({"op": 0, "t": "READY", "s": seq, "d": ready})
                    }
                    // Resume: no resumable sessions here, so identify anew.
                    Some(6) => json!({"op": 9, "d": false}),
                    _ => continue,
                }
            }
            Some((event, data)) = queued.recv() => {
                seq += 1;
                json!({"op": 0, "t": event, "s": seq, "d": data})
            }
        };
        if !send_json(&mut socket, &outgoing).await {
            break;
        }
    }
    if let Some(key) = id {
        shared.lock().connections.remove(&key);
        shared.bump();
    }
}

/// Every REST route: records the call and answers like Discord would (401 for a wrong token).
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
        .is_some_and(|v| v == format!("Bot {TOKEN}"));
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
    let call = RestCall {
        method: method.to_string(),
        path: path.clone(),
        json,
        files,
    };
    let delay = shared
        .lock()
        .delays
        .iter()
        .find(|(m, suffix, _)| *m == call.method && call.path.ends_with(suffix.as_str()))
        .map(|(_, _, by)| *by);
    // Recorded on arrival, so a test sees a call even while its answer is held back.
    shared.lock().calls.push(call.clone());
    shared.bump();
    if let Some(by) = delay {
        tokio::time::sleep(by).await;
    }
    if authorized {
        answer(&shared, &method, &path, &call)
    } else {
        let body = json!({"message": "401: Unauthorized", "code": 0});
        (StatusCode::UNAUTHORIZED, axum::Json(body)).into_response()
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

fn answer(shared: &Shared, method: &Method, path: &str, call: &RestCall) -> Response {
    let segments: Vec<&str> = path.trim_start_matches('/').split('/').collect();
    let ws_url = format!("ws://{}/gateway", shared.addr);
    match (method.as_str(), segments.as_slice()) {
        ("GET", ["gateway"]) => ok(json!({"url": ws_url})),
        ("GET", ["gateway", "bot"]) => {
            let shards = shared.lock().shards;
            ok(json!({
                "url": ws_url,
                "shards": shards,
                "session_start_limit": {"total": 1000, "remaining": 1000, "reset_after": 0, "max_concurrency": 1}
            }))
        }
        ("GET", ["users", "@me"]) => ok(payloads::bot_user()),
        ("PUT", ["applications", _, "commands"]) => ok(registered_commands(shared, call, None)),
        ("PUT", ["applications", _, "guilds", guild, "commands"]) => {
            ok(registered_commands(shared, call, Some(guild)))
        }
        ("POST", ["interactions", _, _, "callback"]) => StatusCode::NO_CONTENT.into_response(),
        ("DELETE", ["channels", channel]) => {
            let channel = channel.parse().unwrap_or(0);
            ok(payloads::thread(channel, 0, "deleted"))
        }
        ("DELETE", _) => StatusCode::NO_CONTENT.into_response(),
        ("POST", ["webhooks", _, _]) | ("PATCH", ["webhooks", _, _, "messages", _]) => {
            let channel = 0;
            ok(payloads::sent_message(
                shared.snowflake(),
                channel,
                call.message(),
            ))
        }
        ("POST", ["channels", channel, "messages"]) => {
            let channel = channel.parse().unwrap_or(0);
            ok(payloads::sent_message(
                shared.snowflake(),
                channel,
                call.message(),
            ))
        }
        ("POST", ["channels", parent, "threads"]) => {
            let parent = parent.parse().unwrap_or(0);
            let name = call.json["name"].as_str().unwrap_or("thread");
            ok(payloads::thread(shared.snowflake(), parent, name))
        }
        _ => (
            StatusCode::NOT_FOUND,
            axum::Json(json!({"message": "Unknown route in the fake Discord", "code": 0})),
        )
            .into_response(),
    }
}

fn registered_commands(shared: &Shared, call: &RestCall, guild: Option<&str>) -> Value {
    let commands = call.json.as_array().cloned().unwrap_or_default();
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
