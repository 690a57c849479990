//! The messages the fake holds, as Discord keeps them: each made by a post, an interaction's
//! answer or a follow-up, changed by an edit (only in the parts the edit names), removed by a
//! delete. Tests count and read what a channel shows through them, and a button press carries
//! the message its button is on, as Discord sends it.
//!
//! Their objects carry what Discord's do: the time they were made and last edited (on the
//! fake's clock), each attachment's size and content type, an `id` for each component, and
//! for a message made through an interaction its `webhook_id`, its `interaction_metadata` and
//! its type (20 for a slash command's, 19, a reply to the message, for a component's).

use std::collections::{BTreeMap, HashMap};
use std::time::{Duration, SystemTime};

use serde_json::{Value, json};

use super::{Upload, payloads};

/// A message of the bot's, as the channel shows it now.
#[derive(Clone, Debug, PartialEq)]
pub struct FakeMessage {
    /// The message's id.
    pub id: u64,
    /// The channel (or thread) it is in.
    pub channel: u64,
    /// Its text content.
    pub content: String,
    /// Its embeds, as the bot sent them.
    pub embeds: Vec<Value>,
    /// Its action rows, as the bot sent them; empty once the buttons are removed.
    pub components: Vec<Value>,
    /// Its attachments: an id the fake gave each, and the file's name.
    pub files: Vec<(u64, String)>,
    /// Only the user of the interaction that made it sees it.
    pub ephemeral: bool,
    /// A deferral's "thinking…" that no answer has completed yet.
    pub thinking: bool,
    /// How many edits changed it.
    pub edits: u32,
    /// Deleted: the channel no longer shows it.
    pub deleted: bool,
    /// The size in bytes of each file of `files`, in order.
    sizes: Vec<usize>,
    /// When it was made and last edited.
    made: SystemTime,
    edited: Option<SystemTime>,
    /// The interaction that made it, as Discord describes it (`interaction_metadata`).
    via: Option<Value>,
}

/// A time as Discord writes it (ISO 8601).
pub(super) fn timestamp(at: SystemTime) -> Value {
    let millis = at
        .duration_since(SystemTime::UNIX_EPOCH)
        .ok()
        .and_then(|d| i64::try_from(d.as_millis()).ok())
        .unwrap_or_default();
    serenity::model::Timestamp::from_millis(millis).map_or(Value::Null, |t| json!(t.to_string()))
}

/// The content type Discord gives a file by its name.
fn content_type(name: &str) -> &'static str {
    match name.rsplit('.').next() {
        Some("png") => "image/png",
        Some("gif") => "image/gif",
        Some("json") => "application/json; charset=utf-8",
        _ => "text/plain; charset=utf-8",
    }
}

impl FakeMessage {
    /// The custom ids of every button on it.
    pub fn button_ids(&self) -> Vec<String> {
        self.components
            .iter()
            .filter_map(|row| row["components"].as_array())
            .flatten()
            .filter_map(|c| c["custom_id"].as_str().map(str::to_owned))
            .collect()
    }

    /// What a reader sees of it as text: its content, then each embed's title and
    /// description, a line each.
    pub fn text(&self) -> String {
        let mut lines = vec![self.content.clone()];
        for embed in &self.embeds {
            for part in [&embed["title"], &embed["description"]] {
                lines.extend(part.as_str().map(str::to_owned));
            }
        }
        lines.join("\n")
    }

    /// The names of its attached files.
    pub fn file_names(&self) -> Vec<&str> {
        self.files.iter().map(|(_, name)| name.as_str()).collect()
    }

    /// The message object Discord sends for it (in an interaction, or as a REST answer).
    pub(super) fn payload(&self) -> Value {
        let attachments: Vec<Value> = self
            .files
            .iter()
            .zip(&self.sizes)
            .map(|((id, name), size)| {
                let url = format!(
                    "https://cdn.example/attachments/{}/{id}/{name}",
                    self.channel
                );
                json!({
                    "id": id.to_string(),
                    "filename": name,
                    "size": size,
                    "content_type": content_type(name),
                    "url": url,
                    "proxy_url": url,
                })
            })
            .collect();
        let mut message = payloads::sent_message(self.id, self.channel, &Value::Null);
        message["content"] = json!(self.content);
        message["embeds"] = json!(self.embeds);
        message["components"] = json!(self.components);
        message["attachments"] = json!(attachments);
        message["flags"] = json!(if self.ephemeral { 64 } else { 0 });
        message["timestamp"] = timestamp(self.made);
        message["edited_timestamp"] = self.edited.map_or(Value::Null, timestamp);
        if let Some(via) = &self.via {
            message["webhook_id"] = json!(payloads::APPLICATION_ID.to_string());
            message["interaction_metadata"] = via.clone();
            match via["interacted_message_id"].as_str() {
                Some(pressed) => {
                    message["type"] = json!(19);
                    message["message_reference"] = json!({
                        "type": 0,
                        "message_id": pressed,
                        "channel_id": self.channel.to_string(),
                    });
                }
                None => message["type"] = json!(20),
            }
        }
        message
    }
}

/// Every message the bot made, by id.
#[derive(Default)]
pub(super) struct Messages {
    by_id: BTreeMap<u64, FakeMessage>,
    next_attachment: u64,
    /// How far tests moved the fake's clock.
    pub(super) advanced: Duration,
    /// Users' messages dispatched as MESSAGE_CREATE, by id: deleted or not.
    users: HashMap<u64, bool>,
    /// The bot's public messages made or edited since the last call was answered, for the
    /// gateway to echo (`MESSAGE_CREATE`, `MESSAGE_UPDATE`), oldest first.
    echoes: Vec<(&'static str, u64)>,
}

impl Messages {
    /// The fake's time now, as its messages and threads are dated: the wall clock moved on by
    /// [`FakeDiscord::advance`](super::FakeDiscord::advance).
    pub(super) fn clock(&self) -> SystemTime {
        SystemTime::now() + self.advanced
    }

    /// A new message `id` in `channel` from the message data `sent` and the `uploads` sent
    /// with it.
    pub(super) fn create(
        &mut self,
        id: u64,
        channel: u64,
        sent: &Value,
        uploads: &[Upload],
        ephemeral: bool,
    ) -> &FakeMessage {
        let mut message = FakeMessage {
            id,
            channel,
            content: String::new(),
            embeds: Vec::new(),
            components: Vec::new(),
            files: Vec::new(),
            ephemeral,
            thinking: false,
            edits: 0,
            deleted: false,
            sizes: Vec::new(),
            made: SystemTime::now() + self.advanced,
            edited: None,
            via: None,
        };
        self.change(&mut message, sent, uploads);
        if !ephemeral {
            self.echoes.push(("MESSAGE_CREATE", id));
        }
        self.by_id.entry(id).or_insert(message)
    }

    /// A deferral's "thinking…" message.
    pub(super) fn thinking(&mut self, id: u64, channel: u64, ephemeral: bool) {
        self.create(id, channel, &Value::Null, &[], ephemeral);
        if let Some(message) = self.by_id.get_mut(&id) {
            message.thinking = true;
        }
    }

    /// Notes that message `id` was made through the interaction Discord describes as `via`.
    pub(super) fn made_by(&mut self, id: u64, via: &Value) {
        if let Some(message) = self.by_id.get_mut(&id) {
            message.via = Some(via.clone());
        }
    }

    /// Notes a user's message dispatched as MESSAGE_CREATE.
    pub(super) fn note_users(&mut self, data: &Value) {
        if let Some(id) = data["id"].as_str().and_then(|s| s.parse().ok()) {
            self.users.entry(id).or_insert(false);
        }
    }

    /// Deletes the user's message `id` (deleted before it is dispatched: gone by the time the
    /// bot reads it).
    pub(super) fn delete_users(&mut self, id: u64) {
        self.users.insert(id, true);
    }

    /// Whether message `id` (the bot's or a user's) exists and was not deleted.
    pub(super) fn exists(&self, id: u64) -> bool {
        self.live(id).is_some() || self.users.get(&id).is_some_and(|deleted| !deleted)
    }

    /// The message `id`, unless it was deleted.
    pub(super) fn live(&self, id: u64) -> Option<&FakeMessage> {
        self.by_id.get(&id).filter(|m| !m.deleted)
    }

    /// Every message ever made, deleted ones too, oldest first.
    pub(super) fn all(&self) -> impl Iterator<Item = &FakeMessage> {
        self.by_id.values()
    }

    /// Edits message `id` with the message data `edit` and `uploads`: only the parts the edit
    /// names change, and a deferral is then complete. `None` when there is no such message.
    pub(super) fn edit(
        &mut self,
        id: u64,
        edit: &Value,
        uploads: &[Upload],
    ) -> Option<&FakeMessage> {
        let mut message = self.live(id)?.clone();
        self.change(&mut message, edit, uploads);
        if !message.thinking {
            message.edited = Some(SystemTime::now() + self.advanced);
        }
        message.thinking = false;
        message.edits += 1;
        if !message.ephemeral {
            self.echoes.push(("MESSAGE_UPDATE", id));
        }
        self.by_id.insert(id, message);
        self.by_id.get(&id)
    }

    /// The bot's public messages made or edited since the last call, as the gateway echoes
    /// them: the event and the message object.
    pub(super) fn take_echoes(&mut self) -> Vec<(&'static str, Value)> {
        let echoes = std::mem::take(&mut self.echoes);
        echoes
            .into_iter()
            .filter_map(|(event, id)| Some((event, self.live(id)?.payload())))
            .collect()
    }

    /// Deletes message `id`; false when there was none.
    pub(super) fn delete(&mut self, id: u64) -> bool {
        match self.by_id.get_mut(&id) {
            Some(message) if !message.deleted => {
                message.deleted = true;
                true
            }
            _ => false,
        }
    }

    /// Applies what `data` names to `message`. Files: an `attachments` list keeps the listed
    /// ones of those it had and names the uploads; without one, uploads are added.
    fn change(&mut self, message: &mut FakeMessage, data: &Value, uploads: &[Upload]) {
        let array = |value: &Value| value.as_array().cloned().unwrap_or_default();
        if let Some(content) = data.get("content") {
            message.content = content.as_str().unwrap_or_default().to_owned();
        }
        if let Some(embeds) = data.get("embeds") {
            message.embeds = array(embeds);
        }
        if let Some(components) = data.get("components") {
            message.components = array(components);
            number_components(&mut message.components);
        }
        if let Some(listed) = data.get("attachments").and_then(Value::as_array) {
            let id_of = |a: &Value| {
                a["id"]
                    .as_u64()
                    .or_else(|| a["id"].as_str().and_then(|s| s.parse().ok()))
            };
            let kept: Vec<u64> = listed.iter().filter_map(id_of).collect();
            let (files, sizes) = message
                .files
                .drain(..)
                .zip(message.sizes.drain(..))
                .filter(|((id, _), _)| kept.contains(id))
                .unzip();
            (message.files, message.sizes) = (files, sizes);
        }
        for upload in uploads {
            self.next_attachment += 1;
            message.files.push((
                1_400_000_000_000_000_000 + self.next_attachment,
                upload.filename.clone(),
            ));
            message.sizes.push(upload.bytes.len());
        }
    }
}

/// Gives each component of `rows` (rows too) the `id` Discord gives one sent without: its
/// place in the message, counting from 1.
fn number_components(rows: &mut [Value]) {
    let mut next = 0;
    let mut number = |component: &mut Value| {
        next += 1;
        if component["id"].is_null() {
            component["id"] = json!(next);
        }
    };
    for row in rows {
        number(row);
        if let Some(components) = row["components"].as_array_mut() {
            components.iter_mut().for_each(&mut number);
        }
    }
}
