//! JSON shapes of Discord's gateway events and REST answers, as serenity 0.12 reads them.

use std::net::SocketAddr;

use serde_json::{Map, Value, json};

/// The only bot token the fake accepts.
pub const TOKEN: &str = "MTQwMjUzNjk4NzQxMjM2NTQ3OA.GnaDre.s3cr3t-T0k3n_f0r-Th3-F4k3-D1sc0rd-0nly";
/// The fake application's id (interaction webhooks are under it).
pub const APPLICATION_ID: u64 = 1_100_000_000_000_000_001;
/// The bot user's id.
pub const BOT_USER_ID: u64 = 1_100_000_000_000_000_002;
/// The one guild of the fake.
pub const GUILD_ID: u64 = 1_200_000_000_000_000_001;

const TIMESTAMP: &str = "2025-01-01T00:00:00.000000+00:00";

/// Permission bits the bot has in a channel of the fake: View Channel, Send Messages, Embed
/// Links, Attach Files and Read Message History.
const VIEW_SEND_ATTACH: u64 = (1 << 10) | (1 << 11) | (1 << 14) | (1 << 15) | (1 << 16);
const THREAD_PERMISSIONS: u64 = (1 << 35) | (1 << 38);
/// Discord's permission to post in threads.
const SEND_MESSAGES_IN_THREADS: u64 = 1 << 38;

/// What an ordinary member of the fake guild may do.
const MEMBER_PERMISSIONS: u64 = 2_248_473_465_835_073;
/// Discord's permission to manage the server.
const MANAGE_GUILD: u64 = 1 << 5;

/// A member of the fake guild.
#[derive(Clone, Debug)]
pub struct FakeUser {
    /// User id.
    pub id: u64,
    /// Username and display name.
    pub name: String,
    /// The member's nickname in the fake guild.
    pub nick: Option<String>,
    /// The member's roles in the fake guild.
    pub roles: Vec<u64>,
    /// The language of the user's Discord client, sent with their interactions.
    pub locale: String,
    /// The member may manage the server (MANAGE_GUILD).
    pub manages_server: bool,
    /// The hash of the user's own picture (`None`: Discord's default one).
    pub avatar: Option<String>,
    /// The hash of the member's picture in the fake guild.
    pub server_avatar: Option<String>,
}

impl FakeUser {
    /// A user with this id and name.
    pub fn new(id: u64, name: &str) -> FakeUser {
        FakeUser {
            id,
            name: name.to_owned(),
            nick: None,
            roles: Vec::new(),
            locale: "en-US".to_owned(),
            manages_server: false,
            avatar: None,
            server_avatar: None,
        }
    }

    /// The same user with a picture of their own (its hash).
    pub fn with_avatar(mut self, hash: &str) -> FakeUser {
        self.avatar = Some(hash.to_owned());
        self
    }

    /// The same user with a picture of their own in the fake guild (its hash).
    pub fn with_server_avatar(mut self, hash: &str) -> FakeUser {
        self.server_avatar = Some(hash.to_owned());
        self
    }

    /// The user object Discord sends for them.
    pub(super) fn user_payload(&self) -> Value {
        self.user()
    }

    /// The same user as one who may manage the server.
    pub fn managing_the_server(mut self) -> FakeUser {
        self.manages_server = true;
        self
    }

    /// The same user with their Discord client in `locale` (`ja`, `en-GB`).
    pub fn with_locale(mut self, locale: &str) -> FakeUser {
        self.locale = locale.to_owned();
        self
    }

    /// The same user with role `id` in the fake guild.
    pub fn with_role(mut self, id: u64) -> FakeUser {
        self.roles.push(id);
        self
    }

    /// The same user with a nickname in the guild.
    pub fn with_nick(mut self, nick: &str) -> FakeUser {
        self.nick = Some(nick.to_owned());
        self
    }

    fn user(&self) -> Value {
        json!({
            "id": self.id.to_string(),
            "username": self.name,
            "discriminator": "0",
            "global_name": self.name,
            "avatar": self.avatar,
            "bot": false,
        })
    }

    fn member(&self) -> Value {
        json!({
            "user": self.user(),
            "nick": self.nick,
            "avatar": self.server_avatar,
            "roles": self.roles.iter().map(u64::to_string).collect::<Vec<_>>(),
            "joined_at": TIMESTAMP,
            "deaf": false,
            "mute": false,
            "flags": 0,
            "pending": false,
            "permissions": (MEMBER_PERMISSIONS | if self.manages_server { MANAGE_GUILD } else { 0 })
                .to_string(),
        })
    }
}

/// Where a channel is, which decides the interaction's `context` and what the bot may do.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Place {
    /// A channel or thread of the fake guild (context 0).
    Guild,
    /// A direct message between a user and the bot (context 1, channel type 1): the bot may
    /// post there.
    BotDm,
    /// A direct message between two users (context 2, channel type 1), where the app is only
    /// installed by a user: it is no member and can only answer interactions.
    UserDm,
    /// A group DM (context 2, channel type 3), the same.
    GroupDm,
}

impl Place {
    /// The interaction context Discord sends from here.
    pub fn context(self) -> u64 {
        match self {
            Place::Guild => 0,
            Place::BotDm => 1,
            Place::UserDm | Place::GroupDm => 2,
        }
    }
}

/// A channel where events happen: of the fake guild, or a DM or group DM.
#[derive(Clone, Copy, Debug)]
pub struct FakeChannel {
    /// Channel id.
    pub id: u64,
    /// `Some(parent)` for a public thread.
    pub parent: Option<u64>,
    /// Whether the bot may create threads here.
    pub threads_allowed: bool,
    /// Where it is.
    pub place: Place,
}

impl FakeChannel {
    /// A text channel where the bot may not create threads.
    pub fn text(id: u64) -> FakeChannel {
        FakeChannel {
            id,
            parent: None,
            threads_allowed: false,

            place: Place::Guild,
        }
    }

    /// A text channel where the bot may create threads.
    pub fn with_threads(id: u64) -> FakeChannel {
        FakeChannel {
            id,
            parent: None,
            threads_allowed: true,

            place: Place::Guild,
        }
    }

    /// A public thread under `parent`.
    pub fn thread(id: u64, parent: u64) -> FakeChannel {
        FakeChannel {
            id,
            parent: Some(parent),
            threads_allowed: false,

            place: Place::Guild,
        }
    }

    /// A direct message between a user and the bot.
    pub fn bot_dm(id: u64) -> FakeChannel {
        FakeChannel::direct(id, Place::BotDm)
    }

    /// A direct message between two users, the app installed by a user (no member).
    pub fn user_dm(id: u64) -> FakeChannel {
        FakeChannel::direct(id, Place::UserDm)
    }

    /// A group DM, the app installed by a user (no member).
    pub fn group_dm(id: u64) -> FakeChannel {
        FakeChannel::direct(id, Place::GroupDm)
    }

    fn direct(id: u64, place: Place) -> FakeChannel {
        FakeChannel {
            id,
            parent: None,
            threads_allowed: false,
            place,
        }
    }

    /// Whether it is a channel or thread of the fake guild.
    pub fn in_guild(&self) -> bool {
        self.place == Place::Guild
    }

    fn permissions(&self) -> u64 {
        if !self.in_guild() {
            // What an app may do in a DM: answer with messages, embeds and files.
            VIEW_SEND_ATTACH
        } else if self.threads_allowed {
            VIEW_SEND_ATTACH | THREAD_PERMISSIONS
        } else if self.parent.is_some() {
            VIEW_SEND_ATTACH | SEND_MESSAGES_IN_THREADS
        } else {
            VIEW_SEND_ATTACH
        }
    }

    fn partial(&self) -> Value {
        if !self.in_guild() {
            return json!({
                "id": self.id.to_string(),
                "type": if self.place == Place::GroupDm { 3 } else { 1 },
                "permissions": self.permissions().to_string(),
            });
        }
        let mut channel = json!({
            "id": self.id.to_string(),
            "guild_id": GUILD_ID.to_string(),
            "name": "games",
            "type": if self.parent.is_some() { 11 } else { 0 },
            "permissions": self.permissions().to_string(),
            "parent_id": self.parent.map(|p| p.to_string()),
            "flags": 0,
            "last_message_id": null,
            "rate_limit_per_user": 0,
        });
        if self.parent.is_some() {
            channel["owner_id"] = json!(BOT_USER_ID.to_string());
            channel["thread_metadata"] = json!({
                "archived": false,
                "auto_archive_duration": 10_080,
                "archive_timestamp": TIMESTAMP,
                "locked": false,
            });
        } else {
            channel["nsfw"] = json!(false);
            channel["position"] = json!(0);
            channel["topic"] = Value::Null;
        }
        channel
    }
}

/// One option of a slash command as Discord sends it, with the users and roles it names
/// (Discord sends those in `resolved`).
#[derive(Clone, Debug)]
pub struct Opt {
    json: Value,
    users: Vec<FakeUser>,
    roles: Vec<(u64, String)>,
}

impl Opt {
    /// A string option.
    pub fn str(name: &str, value: &str) -> Opt {
        Opt {
            json: json!({"name": name, "type": 3, "value": value}),
            users: Vec::new(),
            roles: Vec::new(),
        }
    }

    /// An integer option.
    pub fn int(name: &str, value: i64) -> Opt {
        Opt {
            json: json!({"name": name, "type": 4, "value": value}),
            users: Vec::new(),
            roles: Vec::new(),
        }
    }

    /// A user option; the user goes into `resolved` as Discord does.
    pub fn user(name: &str, user: &FakeUser) -> Opt {
        Opt {
            json: json!({"name": name, "type": 6, "value": user.id.to_string()}),
            users: vec![user.clone()],
            roles: Vec::new(),
        }
    }

    /// A subcommand with its options (`/tournament join`).
    pub fn sub(name: &str, options: &[Opt]) -> Opt {
        Opt {
            json: json!({
                "name": name,
                "type": 1,
                "options": options.iter().map(|o| o.json.clone()).collect::<Vec<_>>(),
            }),
            users: options.iter().flat_map(|o| o.users.clone()).collect(),
            roles: options.iter().flat_map(|o| o.roles.clone()).collect(),
        }
    }

    /// A role option: role `id`, called `role_name` in the fake guild.
    pub fn role(name: &str, id: u64, role_name: &str) -> Opt {
        Opt {
            json: json!({"name": name, "type": 8, "value": id.to_string()}),
            users: Vec::new(),
            roles: vec![(id, role_name.to_owned())],
        }
    }

    /// A boolean option.
    pub fn bool(name: &str, value: bool) -> Opt {
        Opt {
            json: json!({"name": name, "type": 5, "value": value}),
            users: Vec::new(),
            roles: Vec::new(),
        }
    }

    /// The focused string option of an autocomplete request.
    pub fn focused(name: &str, typed: &str) -> Opt {
        Opt {
            json: json!({"name": name, "type": 3, "value": typed, "focused": true}),
            users: Vec::new(),
            roles: Vec::new(),
        }
    }
}

fn interaction(id: u64, kind: u8, user: &FakeUser, channel: FakeChannel, data: Value) -> Value {
    if !channel.in_guild() {
        return direct_interaction(id, kind, user, channel, data);
    }
    json!({
        "id": id.to_string(),
        "application_id": APPLICATION_ID.to_string(),
        "type": kind,
        "data": data,
        "guild_id": GUILD_ID.to_string(),
        "guild": {"id": GUILD_ID.to_string(), "locale": "en-US", "features": []},
        "channel_id": channel.id.to_string(),
        "channel": channel.partial(),
        "member": user.member(),
        "token": token(id),
        "version": 1,
        "app_permissions": channel.permissions().to_string(),
        "locale": user.locale,
        "guild_locale": "en-US",
        "entitlements": [],
        "authorizing_integration_owners": {"0": GUILD_ID.to_string()},
        "context": 0,
        "attachment_size_limit": super::ATTACHMENT_LIMIT,
    })
}

/// An interaction from a DM or group DM: no guild, the user without a member, the app
/// authorised by the user's install (and in a DM with the bot, by the guild install too).
fn direct_interaction(
    id: u64,
    kind: u8,
    user: &FakeUser,
    channel: FakeChannel,
    mut data: Value,
) -> Value {
    if let Some(data) = data.as_object_mut() {
        data.remove("guild_id");
        if let Some(resolved) = data.get_mut("resolved").and_then(Value::as_object_mut) {
            resolved.remove("members");
            resolved.remove("roles");
        }
    }
    let mut owners = json!({"1": user.id.to_string()});
    if channel.place == Place::BotDm {
        owners["0"] = json!("0");
    }
    json!({
        "id": id.to_string(),
        "application_id": APPLICATION_ID.to_string(),
        "type": kind,
        "data": data,
        "channel_id": channel.id.to_string(),
        "channel": channel.partial(),
        "user": user.user(),
        "token": token(id),
        "version": 1,
        "app_permissions": channel.permissions().to_string(),
        "locale": user.locale,
        "entitlements": [],
        "authorizing_integration_owners": owners,
        "context": channel.place.context(),
        "attachment_size_limit": super::ATTACHMENT_LIMIT,
    })
}

/// The interaction token the fake gives interaction `id`.
pub fn token(id: u64) -> String {
    format!("token-{id}")
}

fn command_data(name: &str, kind: u8, options: &[Opt]) -> Value {
    let mut users = Map::new();
    let mut members = Map::new();
    let mut roles = Map::new();
    for (id, name) in options.iter().flat_map(|o| &o.roles) {
        roles.insert(id.to_string(), role(*id, name));
    }
    for user in options.iter().flat_map(|o| &o.users) {
        users.insert(user.id.to_string(), user.user());
        let mut member = user.member();
        if let Some(m) = member.as_object_mut() {
            m.remove("user");
        }
        members.insert(user.id.to_string(), member);
    }
    json!({
        "id": "1000",
        "name": name,
        "type": kind,
        "options": options.iter().map(|o| o.json.clone()).collect::<Vec<_>>(),
        "resolved": {"users": users, "members": members, "roles": roles},
        "guild_id": GUILD_ID.to_string(),
    })
}

/// Role `id` of the fake guild, called `name`.
fn role(id: u64, name: &str) -> Value {
    json!({
        "id": id.to_string(),
        "name": name,
        "color": 0,
        "colors": {"primary_color": 0, "secondary_color": null, "tertiary_color": null},
        "hoist": false,
        "icon": null,
        "unicode_emoji": null,
        "position": 1,
        "permissions": "0",
        "managed": false,
        "mentionable": false,
        "flags": 0,
    })
}

/// An INTERACTION_CREATE for the slash command `/name options…`.
pub fn slash(id: u64, user: &FakeUser, channel: FakeChannel, name: &str, options: &[Opt]) -> Value {
    interaction(id, 2, user, channel, command_data(name, 1, options))
}

/// An INTERACTION_CREATE asking for autocomplete choices of `/name` with one focused option.
pub fn autocomplete(
    id: u64,
    user: &FakeUser,
    channel: FakeChannel,
    name: &str,
    options: &[Opt],
) -> Value {
    interaction(id, 4, user, channel, command_data(name, 1, options))
}

/// An INTERACTION_CREATE for a press of the button `custom_id` on message `message_id`.
pub fn button(
    id: u64,
    user: &FakeUser,
    channel: FakeChannel,
    message_id: u64,
    custom_id: &str,
) -> Value {
    let mut value = interaction(
        id,
        3,
        user,
        channel,
        json!({"custom_id": custom_id, "component_type": 2}),
    );
    value["message"] = message(message_id, channel.id, &bot_user(), "", true);
    value
}

/// A MESSAGE_CREATE of `content` by `user` in `channel`.
pub fn message_create(id: u64, user: &FakeUser, channel: FakeChannel, content: &str) -> Value {
    let mut value = message(id, channel.id, &user.user(), content, false);
    value["guild_id"] = json!(GUILD_ID.to_string());
    value["member"] = json!({"roles": [], "joined_at": TIMESTAMP, "deaf": false, "mute": false});
    value
}

fn message(id: u64, channel: u64, author: &Value, content: &str, from_app: bool) -> Value {
    json!({
        "id": id.to_string(),
        "channel_id": channel.to_string(),
        "author": author,
        "content": content,
        "timestamp": TIMESTAMP,
        "edited_timestamp": null,
        "tts": false,
        "mention_everyone": false,
        "mentions": [],
        "mention_roles": [],
        "attachments": [],
        "embeds": [],
        "pinned": false,
        "type": 0,
        "application_id": from_app.then(|| APPLICATION_ID.to_string()),
    })
}

/// The bot's own user object.
pub fn bot_user() -> Value {
    json!({
        "id": BOT_USER_ID.to_string(),
        "username": "nadare",
        "discriminator": "0",
        "global_name": "nadare",
        "avatar": null,
        "bot": true,
        "verified": true,
        "mfa_enabled": false,
        "flags": 0,
    })
}

/// The READY dispatch for a session on `shard`.
pub fn ready(addr: &SocketAddr, shard: (u64, u64)) -> Value {
    json!({
        "v": 10,
        "user": bot_user(),
        "guilds": [{"id": GUILD_ID.to_string(), "unavailable": true}],
        "session_id": format!("session-{}-{}", shard.0, shard.1),
        "resume_gateway_url": format!("ws://{addr}/gateway"),
        "shard": [shard.0, shard.1],
        "application": {"id": APPLICATION_ID.to_string(), "flags": 0},
    })
}

/// The message Discord answers with after the bot sends `sent` (content only; the bot does not
/// read the rest back).
pub fn sent_message(id: u64, channel: u64, sent: &Value) -> Value {
    let content = sent["content"].as_str().unwrap_or("");
    message(id, channel, &bot_user(), content, true)
}

/// The channel object of a new public thread.
pub fn thread(id: u64, parent: u64, name: &str) -> Value {
    json!({
        "id": id.to_string(),
        "guild_id": GUILD_ID.to_string(),
        "parent_id": parent.to_string(),
        "owner_id": BOT_USER_ID.to_string(),
        "type": 11,
        "name": name,
        "last_message_id": null,
        "rate_limit_per_user": 0,
        "message_count": 0,
        "member_count": 1,
        "thread_metadata": {
            "archived": false,
            "auto_archive_duration": 1440,
            "archive_timestamp": TIMESTAMP,
            "locked": false,
        },
        "flags": 0,
        "total_message_sent": 0,
    })
}

/// The channel object of a guild text channel.
pub fn text_channel(id: u64) -> Value {
    json!({
        "id": id.to_string(),
        "guild_id": GUILD_ID.to_string(),
        "type": 0,
        "name": "games",
        "position": 0,
        "permission_overwrites": [],
        "nsfw": false,
        "rate_limit_per_user": 0,
        "last_message_id": null,
        "parent_id": null,
    })
}
