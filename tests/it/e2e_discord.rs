//! End-to-end tests: the real bot (serenity client, front, service, storage) against a fake
//! Discord on 127.0.0.1. Tests act as users by dispatching gateway events and assert on the
//! REST calls the bot makes.

use std::path::Path;
use std::sync::Arc;
use std::time::{Duration, SystemTime};

use discord::{Bot, FrontError, Timing, Transport};
use nadare::app::{self, StartError};
use nadare::config::Config;
use rules::{Game, Variant};
use serenity::all::{
    Builder, ChannelId, ClientBuilder, Context, CreateAttachment, CreateInteractionResponse,
    CreateInteractionResponseFollowup, CreateInteractionResponseMessage, CreateMessage,
    EditInteractionResponse, EventHandler, GatewayIntents, HttpBuilder, Interaction,
};
use serenity::async_trait;
use service::{Clock, ManualClock, SystemClock};
use tempfile::TempDir;
use testkit::fake_discord::payloads::{self, FakeChannel, FakeUser, GUILD_ID, Opt, TOKEN};
use testkit::fake_discord::{FakeDiscord, FakeMessage, ROOT_CERTIFICATE, RestCall};

/// How many slash commands the bot registers (docs/commands.md lists them).
const COMMANDS: usize = 32;

/// A 2×2 PNG, made with the png crate.
fn tiny_png() -> Vec<u8> {
    let mut bytes = Vec::new();
    {
        let mut encoder = png::Encoder::new(&mut bytes, 2, 2);
        encoder.set_color(png::ColorType::Rgb);
        let mut writer = encoder.write_header().expect("png header");
        writer.write_image_data(&[255; 12]).expect("png data");
    }
    bytes
}

/// Decodes a PNG, returning its size.
fn png_size(bytes: &[u8]) -> (u32, u32) {
    let decoder = png::Decoder::new(std::io::Cursor::new(bytes));
    let mut reader = decoder.read_info().expect("a PNG header");
    let mut buffer = vec![0; reader.output_buffer_size().expect("a buffer size")];
    let info = reader.next_frame(&mut buffer).expect("a PNG frame");
    (info.width, info.height)
}

/// Asserts that `call` is a public message carrying a board PNG that decodes.
pub(crate) fn assert_board(call: &RestCall) {
    assert!(!call.is_ephemeral(), "a board is public: {call:#?}");
    let png = call
        .file_ending(".png")
        .unwrap_or_else(|| panic!("no PNG in {call:#?}"));
    let (width, height) = png_size(&png.bytes);
    assert!(width > 0 && height > 0);
    // The board is shown as an embed whose image is that PNG, with the text beside it.
    let shown = call
        .embed_image()
        .unwrap_or_else(|| panic!("no embed showing the board in {call:#?}"));
    assert_eq!(shown.filename, png.filename);
    assert!(
        call.message()["embeds"][0]["description"]
            .as_str()
            .is_some_and(|d| !d.is_empty()),
        "{call:#?}"
    );
}

/// The colour of the first embed of `call`'s message.
fn embed_colour(call: &RestCall) -> Option<u64> {
    call.message()["embeds"][0]["color"].as_u64()
}

fn lower(call: &RestCall) -> String {
    call.text().to_lowercase()
}

struct Echo;

#[async_trait]
impl EventHandler for Echo {
    async fn interaction_create(&self, ctx: Context, interaction: Interaction) {
        if let Interaction::Command(command) = interaction {
            let message = CreateInteractionResponseMessage::new()
                .content(format!("hello {}", command.user.name))
                .add_file(CreateAttachment::bytes(tiny_png(), "board.png"));
            // The fake records whether it took the answer; a refusal is what some tests want.
            let _ = command
                .create_response(&ctx.http, CreateInteractionResponse::Message(message))
                .await;
        }
    }
}

/// The harness itself: serenity connects through the fake, gets an interaction, and its
/// multipart reply with a PNG is recorded.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn fake_discord_carries_an_interaction_and_a_png_reply() {
    let fake = FakeDiscord::start(1).await;
    let http = HttpBuilder::new(TOKEN)
        .proxy(fake.url())
        .ratelimiter_disabled(true)
        .build();
    let mut client = ClientBuilder::new_with_http(http, GatewayIntents::GUILDS)
        .event_handler(Echo)
        .await
        .expect("a client");
    let shards = Arc::clone(&client.shard_manager);
    let running = tokio::spawn(async move { client.start().await });
    fake.wait_connected(1).await;
    assert_eq!(fake.identifies()[0].token, TOKEN);

    let alice = FakeUser::new(1, "alice");
    let id = fake.snowflake();
    fake.dispatch(
        "INTERACTION_CREATE",
        GUILD_ID,
        payloads::slash(id, &alice, FakeChannel::text(10), "hello", &[]),
    )
    .await;
    let token = payloads::token(id);
    let reply = fake
        .wait_call("the interaction reply", |c| c.path.contains(&token))
        .await;
    assert_eq!(reply.method, "POST");
    assert_eq!(reply.path, format!("/interactions/{id}/{token}/callback"));
    assert_eq!(reply.json["type"], 4);
    assert_eq!(reply.text(), "hello alice");
    let png = reply.file_ending(".png").expect("a PNG attachment");
    assert_eq!(png.field, "files[0]");
    assert_eq!(png_size(&png.bytes), (2, 2));
    assert!(reply.succeeded());

    // Discord's rules, as the fake keeps them: one answer per interaction...
    let again = CreateInteractionResponse::Message(
        CreateInteractionResponseMessage::new().content("again"),
    );
    let second = again
        .execute(http_for(&fake), (id.into(), &token))
        .await
        .expect_err("a second answer is refused");
    assert_eq!(discord_code(&second), Some(40060), "{second:?}");
    // ...the deferral decides the first follow-up's visibility, and a follow-up after the
    // deferred response was deleted is lost...
    let http = http_for(&fake);
    for delete_first in [false, true] {
        // A button press: the echo client leaves it to the test to answer.
        let second = fake.snowflake();
        let message = fake.snowflake();
        fake.dispatch(
            "INTERACTION_CREATE",
            GUILD_ID,
            payloads::button(second, &alice, FakeChannel::text(10), message, "x"),
        )
        .await;
        let token = payloads::token(second);
        CreateInteractionResponse::Defer(CreateInteractionResponseMessage::new())
            .execute(&http, (second.into(), &token))
            .await
            .expect("a public deferral");
        if delete_first {
            http.delete_original_interaction_response(&token)
                .await
                .expect("the deferral removed");
        }
        let followup = CreateInteractionResponseFollowup::new()
            .content("secret")
            .ephemeral(true)
            .execute(&http, (None, &token))
            .await;
        let recorded = fake
            .wait_call("the follow-up", |c| {
                c.method == "POST" && c.path.ends_with(&token)
            })
            .await;
        if delete_first {
            assert_eq!(discord_code(&followup.expect_err("lost")), Some(10008));
        } else {
            followup.expect("taken");
            assert!(!recorded.is_ephemeral(), "shown to everyone: {recorded:#?}");
        }
    }
    // ...the first answer within the deadline...
    fake.set_response_deadline(Duration::ZERO);
    let late = fake.snowflake();
    fake.dispatch(
        "INTERACTION_CREATE",
        GUILD_ID,
        payloads::slash(late, &alice, FakeChannel::text(10), "hello", &[]),
    )
    .await;
    let late_token = payloads::token(late);
    let refused = fake
        .wait_call("the late answer", |c| c.path.contains(&late_token))
        .await;
    assert_eq!(refused.status, 404, "Unknown interaction: {refused:#?}");
    // ...and 429 with rate-limit headers when a route is exhausted.
    fake.rate_limit("GET", "/users/@me", 1);
    let limited = http_for(&fake)
        .get_current_user()
        .await
        .expect_err("rate limited");
    assert!(matches!(
        &limited,
        serenity::Error::Http(serenity::http::HttpError::UnsuccessfulRequest(r))
            if r.status_code.as_u16() == 429
    ));
    http_for(&fake)
        .get_current_user()
        .await
        .expect("the limit has passed");
    // ...and 413 for files past the upload limit.
    fake.set_attachment_limit(1000);
    let upload = |bytes: usize| {
        ChannelId::new(10).send_message(
            http_for(&fake),
            CreateMessage::new().add_file(CreateAttachment::bytes(vec![0; bytes], "big.gif")),
        )
    };
    let too_large = upload(1001).await.expect_err("past the limit");
    assert_eq!(discord_code(&too_large), Some(40005), "{too_large:?}");
    upload(1000).await.expect("at the limit");

    shards.shutdown_all().await;
    running.await.expect("client task").expect("clean shutdown");
}

/// A client that answers nothing: the test answers for it.
struct Silent;

impl EventHandler for Silent {}

/// The fake's messages, as Discord keeps them: an update (7) edits the message the pressed
/// component is on, a deferred update (6) leaves it to an edit of `@original`, after which a
/// follow-up is a message of its own with its own visibility; both are refused for a slash
/// command; a message is edited and deleted through its channel, never an ephemeral one.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_fake_updates_messages_as_discord_does() {
    let fake = FakeDiscord::start(1).await;
    let http = http_for(&fake);
    let mut client = ClientBuilder::new_with_http(http_for(&fake), GatewayIntents::GUILDS)
        .event_handler(Silent)
        .await
        .expect("a client");
    let shards = Arc::clone(&client.shard_manager);
    let running = tokio::spawn(async move { client.start().await });
    fake.wait_connected(1).await;
    let alice = FakeUser::new(1, "alice");
    let channel = FakeChannel::text(10);
    let with_button = CreateMessage::new()
        .content("a board")
        .button(serenity::all::CreateButton::new("b:1").label("press"));
    let posted = ChannelId::new(channel.id)
        .send_message(&http, with_button)
        .await
        .expect("posted");
    let press = |message: u64| {
        let id = fake.snowflake();
        let event = payloads::button(id, &alice, channel, message, "b:1");
        let fake = fake.clone();
        async move {
            fake.dispatch("INTERACTION_CREATE", GUILD_ID, event).await;
            (id.into(), payloads::token(id))
        }
    };

    // An update: the pressed message changes, no new message is made.
    let (id, token) = press(posted.id.get()).await;
    CreateInteractionResponse::UpdateMessage(
        CreateInteractionResponseMessage::new()
            .content("updated")
            .components(Vec::new()),
    )
    .execute(&http, (id, &token))
    .await
    .expect("an update");
    let shown = fake.messages_in(channel.id);
    assert_eq!(shown.len(), 1, "{shown:#?}");
    assert_eq!(shown[0].content, "updated");
    assert!(shown[0].button_ids().is_empty());

    // A deferred update, then an edit of @original: the pressed message again; a follow-up
    // is a new message, private when it says so.
    let (id, token) = press(posted.id.get()).await;
    CreateInteractionResponse::Acknowledge
        .execute(&http, (id, &token))
        .await
        .expect("a deferred update");
    EditInteractionResponse::new()
        .content("edited")
        .execute(&http, &token)
        .await
        .expect("the pressed message edited");
    CreateInteractionResponseFollowup::new()
        .content("only you")
        .ephemeral(true)
        .execute(&http, (None, &token))
        .await
        .expect("a follow-up");
    let shown = fake.messages_in(channel.id);
    assert_eq!(shown.len(), 2, "{shown:#?}");
    assert_eq!((shown[0].content.as_str(), shown[0].edits), ("edited", 2));
    assert!(shown[1].ephemeral && shown[1].content == "only you");

    // Neither update answers a slash command.
    for update in [
        CreateInteractionResponse::UpdateMessage(
            CreateInteractionResponseMessage::new().content("no"),
        ),
        CreateInteractionResponse::Acknowledge,
    ] {
        let id = fake.snowflake();
        fake.dispatch(
            "INTERACTION_CREATE",
            GUILD_ID,
            payloads::slash(id, &alice, channel, "hello", &[]),
        )
        .await;
        let refused = update
            .execute(&http, (id.into(), &payloads::token(id)))
            .await
            .expect_err("refused");
        assert_eq!(discord_code(&refused), Some(50035), "{refused:?}");
    }

    // Through the channel: the bot's public messages are edited and deleted, an ephemeral one
    // is unknown there.
    let message = |id: u64| serenity::all::MessageId::new(id);
    let strip = serenity::all::EditMessage::new().components(Vec::new());
    let private = shown[1].id;
    let unknown = ChannelId::new(channel.id)
        .edit_message(&http, message(private), strip.clone())
        .await
        .expect_err("an ephemeral message is not the channel's");
    assert_eq!(discord_code(&unknown), Some(10008), "{unknown:?}");
    ChannelId::new(channel.id)
        .edit_message(&http, posted.id, strip)
        .await
        .expect("edited");
    ChannelId::new(channel.id)
        .delete_message(&http, posted.id)
        .await
        .expect("deleted");
    assert_eq!(
        fake.messages_in(channel.id).len(),
        1,
        "only the ephemeral one"
    );
    shards.shutdown_all().await;
    running.await.expect("client task").expect("clean shutdown");
}

/// A REST client for the fake, without serenity's own rate limiter (which would bypass it).
pub(crate) fn http_for(fake: &FakeDiscord) -> serenity::http::Http {
    HttpBuilder::new(TOKEN)
        .proxy(fake.url())
        .application_id(payloads::APPLICATION_ID.into())
        .ratelimiter_disabled(true)
        .build()
}

/// Discord's error code in a failed REST call.
pub(crate) fn discord_code(error: &serenity::Error) -> Option<isize> {
    match error {
        serenity::Error::Http(serenity::http::HttpError::UnsuccessfulRequest(r)) => {
            Some(r.error.code)
        }
        _ => None,
    }
}

/// Settings a test runs the bot with.
pub(crate) struct Setup {
    pub(crate) threads: bool,
    pub(crate) typed_moves: bool,
    pub(crate) shards: &'static str,
    pub(crate) token: &'static str,
    pub(crate) sweep_interval: &'static str,
    pub(crate) development_guild: bool,
    /// The bot's deferral threshold; zero defers whatever is not done at once.
    pub(crate) defer_after: Duration,
    /// `games.review_depth`, when set.
    pub(crate) review_depth: Option<u32>,
    /// How long the bot waits for one REST call before giving it up.
    pub(crate) request_timeout: Duration,
    /// The bot reaches the fake as `https://discord.com`, with serenity's rate limiter, as in
    /// production; else through the fake as its API proxy, which leaves limiting to it.
    pub(crate) limiter: bool,
    /// Serve the web board on this loopback port, at `http://127.0.0.1:PORT` for players.
    pub(crate) web: Option<u16>,
}

impl Default for Setup {
    fn default() -> Setup {
        Setup {
            threads: false,
            typed_moves: false,
            shards: "auto",
            token: TOKEN,
            sweep_interval: "30s",
            development_guild: false,
            defer_after: Timing::default().defer_after,
            review_depth: None,
            request_timeout: Timing::default().request_timeout,
            limiter: false,
            web: None,
        }
    }
}

/// A fake Discord, a temporary database directory, and the bot running against them.
pub(crate) struct World {
    pub(crate) fake: FakeDiscord,
    dir: TempDir,
    bot: Option<Bot>,
}

impl World {
    pub(crate) async fn new(recommended_shards: u64) -> World {
        World {
            fake: FakeDiscord::start(recommended_shards).await,
            dir: TempDir::new().expect("a temp dir"),
            bot: None,
        }
    }

    pub(crate) fn config(&self, setup: &Setup) -> Config {
        let database = self.dir.path().join("nadare.db");
        let guild = if setup.development_guild {
            format!("development_guild = {GUILD_ID}\n")
        } else {
            String::new()
        };
        let review_depth = setup
            .review_depth
            .map_or_else(String::new, |d| format!("review_depth = {d}\n"));
        let proxy = if setup.limiter {
            String::new()
        } else {
            format!("api_proxy = \"{}\"\n", self.fake.url())
        };
        let text = format!(
            "{guild}{proxy}token = \"{}\"\ndatabase = \"{}\"\ncdn_url = \"{}\"\n\
             shards = \"{}\"\n[games]\n{review_depth}threads = {}\ntyped_moves = {}\n\
             sweep_interval = \"{}\"\n",
            setup.token,
            database.display(),
            self.fake.cdn_url(),
            setup.shards,
            setup.threads,
            setup.typed_moves,
            setup.sweep_interval,
        );
        let web = setup.web.map_or_else(String::new, |port| {
            format!(
                "[web]\nbind = \"127.0.0.1:{port}\"\npublic_url = \"http://127.0.0.1:{port}\"\n"
            )
        });
        let text = format!("{text}{web}");
        Config::from_parts(Some((&text, Path::new("e2e.toml"))), |_| None).expect("a valid config")
    }

    /// Starts the bot and waits until it has registered its commands.
    pub(crate) async fn start(&mut self, setup: &Setup) {
        self.start_with_clock(setup, Arc::new(SystemClock)).await;
    }

    /// A world with the bot started with `setup`.
    pub(crate) async fn started(setup: &Setup) -> World {
        let mut world = World::new(1).await;
        world.start(setup).await;
        world
    }

    /// A world with the bot started on a manual clock with `setup`, for tests that move time.
    pub(crate) async fn on_manual_clock(setup: &Setup) -> (World, Arc<ManualClock>) {
        let mut world = World::new(1).await;
        let clock = Arc::new(ManualClock::new(SystemTime::now()));
        world.start_with_clock(setup, clock.clone()).await;
        (world, clock)
    }

    /// Starts the bot on `clock` and waits until it has registered its commands.
    pub(crate) async fn start_with_clock(&mut self, setup: &Setup, clock: Arc<dyn Clock>) {
        let from = self.fake.calls().len();
        let timing = Timing {
            defer_after: setup.defer_after,
            request_timeout: setup.request_timeout,
        };
        let transport = if setup.limiter {
            Transport {
                discord_at: Some(self.fake.https_addr()),
                root_certificate: Some(ROOT_CERTIFICATE.to_vec()),
            }
        } else {
            Transport::default()
        };
        let bot = app::start_bot(&self.config(setup), clock, timing, &transport)
            .await
            .expect("the bot starts");
        self.bot = Some(bot);
        let global = format!("/applications/{}/commands", payloads::APPLICATION_ID);
        let guild = format!(
            "/applications/{}/guilds/{GUILD_ID}/commands",
            payloads::APPLICATION_ID
        );
        let expected = if setup.development_guild {
            &guild
        } else {
            &global
        };
        let (_, registration) = self
            .fake
            .wait_call_from(from, "command registration", |c| {
                c.method == "PUT" && c.path == *expected
            })
            .await;
        assert!(registration.succeeded(), "{registration:#?}");
        if setup.development_guild {
            let cleared = self
                .fake
                .wait_call_from(from, "global commands cleared", |c| {
                    c.method == "PUT" && c.path == global
                })
                .await
                .1;
            assert_eq!(cleared.json, serde_json::json!([]), "no doubled commands");
        } else {
            // The commands an earlier run registered to a development guild are removed,
            // after the global ones are in place.
            let (at, cleared) = self
                .fake
                .wait_call_from(from, "guild commands cleared", |c| {
                    c.method == "PUT" && c.path == guild
                })
                .await;
            assert!(cleared.succeeded(), "{cleared:#?}");
            assert_eq!(cleared.json, serde_json::json!([]), "no doubled commands");
            let global_at = self.fake.calls()[from..]
                .iter()
                .position(|c| c.method == "PUT" && c.path == global)
                .map(|i| i + from);
            assert!(
                global_at.is_some_and(|g| g < at),
                "global registration first"
            );
        }
        let names: Vec<&str> = registration
            .json
            .as_array()
            .expect("a list of commands")
            .iter()
            .filter_map(|c| c["name"].as_str())
            .collect();
        assert_eq!(names.len(), COMMANDS, "{names:?}");
        assert!(names.contains(&"challenge") && names.contains(&"move") && names.contains(&"hint"));
    }

    /// Stops the bot gracefully and waits for its gateway sessions to close.
    pub(crate) async fn stop(&mut self) {
        self.stop_bot().await;
        self.fake.wait_disconnected().await;
    }

    /// Stops the bot gracefully, without waiting for its gateway sessions to close: serenity
    /// 0.12 does not close a shard it restarted to identify anew (the process's exit does).
    pub(crate) async fn stop_bot(&mut self) {
        if let Some(bot) = self.bot.take() {
            bot.stop().await.expect("a clean stop");
        }
    }

    /// The message that finally answers interaction `id`: its callback, or after a deferral
    /// or a placeholder the edit or follow-up that carries the answer.
    pub(crate) async fn answer_to(&self, id: u64) -> RestCall {
        let token = payloads::token(id);
        self.fake
            .wait_call_from(0, "the interaction's answer", |c| {
                c.path.contains(&token) && carries_answer(c)
            })
            .await
            .1
    }

    /// The new message that answers interaction `id` after it changed the message of the
    /// pressed button (the board after an accepted challenge): the first message it posted.
    pub(crate) async fn posted_by(&self, id: u64) -> RestCall {
        let follow_up = format!(
            "/webhooks/{}/{}",
            payloads::APPLICATION_ID,
            payloads::token(id)
        );
        self.fake
            .wait_call_from(0, "the message the press posted", |c| {
                c.method == "POST" && c.path == follow_up && carries_answer(c)
            })
            .await
            .1
    }

    /// Presses button `custom_id` as [`World::press`] does, and returns the message the
    /// press posted after changing the message the button is on.
    pub(crate) async fn press_then(
        &self,
        user: &FakeUser,
        channel: FakeChannel,
        custom_id: &str,
    ) -> RestCall {
        let id = self.send_press(user, channel, custom_id).await;
        self.posted_by(id).await
    }

    /// Waits until a message from call index `from` on pings `user`.
    async fn wait_ping(&self, from: usize, user: &FakeUser) -> RestCall {
        self.fake
            .wait_call_from(from, "a ping", |c| c.pinged().contains(&user.id))
            .await
            .1
    }

    /// Sends a slash command without waiting for its answer; returns the interaction id.
    pub(crate) async fn send_slash(
        &self,
        user: &FakeUser,
        channel: FakeChannel,
        name: &str,
        options: &[Opt],
    ) -> u64 {
        let id = self.fake.snowflake();
        let event = payloads::slash(id, user, channel, name, options);
        self.fake
            .dispatch("INTERACTION_CREATE", GUILD_ID, event)
            .await;
        id
    }

    pub(crate) async fn slash(
        &self,
        user: &FakeUser,
        channel: FakeChannel,
        name: &str,
        options: &[Opt],
    ) -> RestCall {
        let id = self.fake.snowflake();
        let event = payloads::slash(id, user, channel, name, options);
        self.fake
            .dispatch("INTERACTION_CREATE", GUILD_ID, event)
            .await;
        self.answer_to(id).await
    }

    pub(crate) async fn play(
        &self,
        user: &FakeUser,
        channel: FakeChannel,
        notation: &str,
    ) -> RestCall {
        self.slash(user, channel, "move", &[Opt::str("notation", notation)])
            .await
    }

    /// Presses button `custom_id` on the newest message in `channel` that shows it, and
    /// returns the interaction's answer.
    pub(crate) async fn press(
        &self,
        user: &FakeUser,
        channel: FakeChannel,
        custom_id: &str,
    ) -> RestCall {
        let id = self.send_press(user, channel, custom_id).await;
        self.answer_to(id).await
    }

    /// Presses button `custom_id` on the newest message in `channel` that shows it, without
    /// waiting for the answer; returns the interaction id.
    pub(crate) async fn send_press(
        &self,
        user: &FakeUser,
        channel: FakeChannel,
        custom_id: &str,
    ) -> u64 {
        let message = self
            .fake
            .message_with_button(channel.id, custom_id)
            .unwrap_or_else(|| {
                panic!(
                    "no message in {} shows {custom_id}: {:#?}",
                    channel.id,
                    self.fake.messages_in(channel.id)
                )
            });
        self.press_on(user, channel, message.id, custom_id).await
    }

    /// Presses button `custom_id` on message `message`; returns the interaction id.
    pub(crate) async fn press_on(
        &self,
        user: &FakeUser,
        channel: FakeChannel,
        message: u64,
        custom_id: &str,
    ) -> u64 {
        let id = self.fake.snowflake();
        let event = payloads::button(id, user, channel, message, custom_id);
        self.fake
            .dispatch("INTERACTION_CREATE", GUILD_ID, event)
            .await;
        id
    }

    async fn suggestions(&self, user: &FakeUser, channel: FakeChannel, typed: &str) -> Vec<String> {
        let id = self.fake.snowflake();
        let options = [Opt::focused("notation", typed)];
        let event = payloads::autocomplete(id, user, channel, "move", &options);
        self.fake
            .dispatch("INTERACTION_CREATE", GUILD_ID, event)
            .await;
        let answer = self.answer_to(id).await;
        assert_eq!(answer.json["type"], 8, "an autocomplete result");
        answer.json["data"]["choices"]
            .as_array()
            .expect("choices")
            .iter()
            .map(|c| c["value"].as_str().expect("a string choice").to_owned())
            .collect()
    }

    /// Sends a chat message and waits for the bot's next message in that channel.
    async fn say(&self, user: &FakeUser, channel: FakeChannel, text: &str) -> RestCall {
        let from = self.fake.calls().len();
        let event = payloads::message_create(self.fake.snowflake(), user, channel, text);
        self.fake.dispatch("MESSAGE_CREATE", GUILD_ID, event).await;
        self.channel_message(from, channel.id).await
    }

    /// The first message the bot posts in `channel` from call index `from` on.
    pub(crate) async fn channel_message(&self, from: usize, channel: u64) -> RestCall {
        let path = format!("/channels/{channel}/messages");
        self.fake
            .wait_call_from(from, "a message in the channel", |c| {
                c.method == "POST" && c.path == path && c.succeeded()
            })
            .await
            .1
    }
}

/// Whether `call` carries an interaction's answer rather than a step towards it: not a
/// deferral (nor a press acknowledged without a message), a placeholder, a read, a removal or
/// a ping of its own.
fn carries_answer(call: &RestCall) -> bool {
    let content = call.text();
    call.method != "DELETE"
        && call.method != "GET"
        && call.json["type"] != 5
        && call.json["type"] != 6
        && !content.ends_with("opening a thread for the game…")
        && content != "(answered privately)"
        && content != "Done: the answer is posted for everyone below."
        && !content.ends_with(" ↑")
        && !content.starts_with("Reviewing game #")
}

pub(crate) fn button(call: &RestCall, action: &str) -> String {
    call.button_ids()
        .into_iter()
        .find(|id| id.ends_with(&format!(":{action}")))
        .unwrap_or_else(|| panic!("no {action} button in {call:#?}"))
}

pub(crate) fn alice() -> FakeUser {
    FakeUser::new(1_000_000_000_000_001, "alice")
}
pub(crate) fn bob() -> FakeUser {
    FakeUser::new(1_000_000_000_000_002, "bob")
}
pub(crate) fn carol() -> FakeUser {
    FakeUser::new(1_000_000_000_000_003, "carol")
}

/// Avalanche from challenge to mate: Accept button (the challenge then says who accepted and
/// loses its buttons), a stranger refused, a two-step turn, autocomplete, a spectator's board,
/// every turn a new public message with a board PNG, and only the newest board with buttons.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn avalanche_from_challenge_to_mate() {
    let mut world = World::started(&Setup::default()).await;
    let (alice, bob, carol) = (alice(), bob(), carol());
    let channel = FakeChannel::text(2_000_000_000_000_001);

    let challenge = challenge_as_white(&world, &alice, &bob, channel, "avalanche").await;
    assert!(!challenge.is_ephemeral(), "{challenge:#?}");
    assert!(
        challenge.text().contains(&format!("<@{}>", bob.id)),
        "bob is pinged"
    );
    assert_eq!(
        challenge.message()["allowed_mentions"]["users"][0],
        bob.id.to_string()
    );
    let accept = button(&challenge, "accept");
    button(&challenge, "decline");

    let refused = world.press(&carol, channel, &accept).await;
    assert!(refused.is_ephemeral(), "only bob may accept: {refused:#?}");

    let from = world.fake.calls().len();
    let accepted = world.send_press(&bob, channel, &accept).await;
    let update = world.answer_to(accepted).await;
    assert_eq!(
        update.json["type"], 7,
        "the challenge is updated: {update:#?}"
    );
    let started = world.posted_by(accepted).await;
    assert_board(&started);
    for action in ["resign", "draw", "flip"] {
        button(&started, action);
    }
    assert_eq!(
        world.wait_ping(from, &alice).await.path,
        started.path,
        "the board pings"
    );
    let answered = world
        .fake
        .message(update.message_id.expect("the challenge"))
        .expect("still shown");
    assert!(
        answered.content.ends_with("\n**bob** accepted.") && answered.button_ids().is_empty(),
        "{answered:#?}"
    );

    let stranger = world.play(&carol, channel, "e4").await;
    assert!(
        stranger.is_ephemeral(),
        "a stranger's move is refused privately"
    );
    assert!(stranger.files.is_empty());

    assert_board(&world.play(&alice, channel, "g4/e6").await);
    let half = world.play(&bob, channel, "a6").await;
    assert!(
        half.is_ephemeral(),
        "the first step of a turn is private: {half:#?}"
    );
    assert_board(&world.play(&bob, channel, "f3").await);
    assert_board(&world.play(&alice, channel, "a3/b6").await);

    let offered = world.suggestions(&bob, channel, "Qh").await;
    assert!(!offered.is_empty() && offered.len() <= 25, "{offered:?}");
    assert!(
        offered[0].starts_with("Qh4"),
        "best matches first: {offered:?}"
    );
    assert!(offered.iter().any(|s| s == "Qh4#/a4"), "{offered:?}");
    assert!(
        world.suggestions(&carol, channel, "Qh").await.is_empty(),
        "nothing for a stranger"
    );

    let spectator = world.slash(&carol, channel, "board", &[]).await;
    assert_board(&spectator);
    assert_eq!(
        embed_colour(&spectator),
        Some(0x30_2E_2B),
        "dark: black to move"
    );
    let setup = world
        .slash(&carol, channel, "chess960", &[Opt::int("number", 518)])
        .await;
    assert_board(&setup);
    assert!(setup.text().contains("518"), "{}", setup.text());

    let mate = world.play(&bob, channel, "Qh4/a4").await;
    assert_board(&mate);
    assert_eq!(embed_colour(&mate), Some(0x2E_CC_71), "green: won");
    let pings = world.fake.pings();
    assert!(
        pings.contains(&bob.id) && pings.contains(&alice.id),
        "the challenged and the players to move were pinged: {pings:?}"
    );
    assert!(!pings.contains(&carol.id), "never a spectator");
    assert!(lower(&mate).contains("checkmate"), "{}", mate.text());

    let after = world.play(&alice, channel, "a4").await;
    assert!(after.is_ephemeral(), "the game is over");
    // One message keeps buttons: the result (Rematch, Flip); the spectator's board too lost
    // those it had when the game went on.
    let shown = world
        .fake
        .wait_messages(channel.id, "the old boards without buttons", |shown| {
            shown
                .iter()
                .filter(|m| !m.ephemeral && !m.button_ids().is_empty())
                .count()
                == 1
        })
        .await;
    let live = shown
        .iter()
        .find(|m| !m.ephemeral && !m.button_ids().is_empty())
        .expect("the result");
    assert_eq!(Some(live.id), mate.message_id, "{shown:#?}");
    world.stop().await;
}

/// Chess960 (setup 0) in a thread opened by `/challenge`, accepted from the parent channel by
/// button, one turn typed as a plain message, to mate.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn chess960_in_a_thread_to_mate_with_a_typed_move() {
    let mut world = World::started(&Setup {
        threads: true,
        typed_moves: true,
        ..Setup::default()
    })
    .await;
    assert_eq!(
        world.fake.identifies()[0].intents & (1 << 15),
        1 << 15,
        "message content intent"
    );
    let (alice, bob) = (alice(), bob());
    let parent = FakeChannel::with_threads(2_000_000_000_000_002);

    let challenge = world
        .slash(
            &alice,
            parent,
            "challenge",
            &[
                Opt::user("opponent", &bob),
                Opt::str("variant", "chess960"),
                Opt::str("chess960", "0"),
                Opt::str("colour", "white"),
            ],
        )
        .await;
    let created = world
        .fake
        .wait_call("the game thread", |c| {
            c.path
                .starts_with(&format!("/channels/{}/messages/", parent.id))
                && c.path.ends_with("/threads")
        })
        .await;
    assert!(created.succeeded(), "{created:#?}");
    assert!(
        created.json["name"]
            .as_str()
            .is_some_and(|n| n.contains("alice vs bob"))
    );
    let thread_id = world
        .fake
        .first_posted_channel()
        .expect("the challenge is posted in the thread");
    assert_eq!(
        created.path,
        format!("/channels/{}/messages/{thread_id}/threads", parent.id),
        "the thread starts from the challenge message (thread id = message id)"
    );
    world.wait_ping(0, &bob).await;
    let thread = FakeChannel::thread(thread_id, parent.id);
    assert!(
        challenge.text().contains(&format!("<#{thread_id}>")),
        "{}",
        challenge.text()
    );
    assert!(!challenge.is_ephemeral());

    let from = world.fake.calls().len();
    let pointer = world
        .press_then(&bob, parent, &button(&challenge, "accept"))
        .await;
    assert!(pointer.is_ephemeral(), "{pointer:#?}");
    let started = world.channel_message(from, thread_id).await;
    assert_board(&started);
    // Both copies of the challenge lose their buttons: the one pressed says who accepted.
    let copies = world
        .fake
        .wait_messages(thread_id, "the challenge in the thread closed", |shown| {
            shown.first().is_some_and(|m| m.button_ids().is_empty())
        })
        .await;
    assert!(copies[0].text().contains("challenges"), "{copies:#?}");
    let in_parent = world.fake.messages_in(parent.id);
    assert!(
        in_parent[0].button_ids().is_empty() && in_parent[0].content.ends_with("accepted."),
        "{in_parent:#?}"
    );

    assert_board(&world.play(&alice, thread, "Nd3").await);
    let ignored = world.fake.calls().len();
    let typed = world.say(&bob, thread, "d5").await;
    assert_board(&typed);
    assert!(
        world.fake.calls()[ignored..]
            .iter()
            .all(|c| !c.path.contains("/interactions/")),
        "a typed move is answered in the channel"
    );
    assert_board(&world.play(&alice, thread, "g4").await);
    let mate = world.play(&bob, thread, "Qxg4").await;
    assert_board(&mate);
    assert!(lower(&mate).contains("checkmate"), "{}", mate.text());
    world.stop().await;
}

/// A challenge is checked before any thread is opened: a refused one opens none.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_refused_challenge_opens_no_thread() {
    let mut world = World::started(&Setup {
        threads: true,
        ..Setup::default()
    })
    .await;
    let alice = alice();
    let parent = FakeChannel::with_threads(2_000_000_000_000_005);
    let refused = world
        .slash(
            &alice,
            parent,
            "challenge",
            &[Opt::str("variant", "standard"), Opt::str("chess960", "7")],
        )
        .await;
    assert!(refused.is_ephemeral(), "{refused:#?}");
    assert!(refused.text().contains("fixed setup"), "{}", refused.text());
    let opened = world
        .slash(
            &alice,
            parent,
            "challenge",
            &[Opt::str("variant", "avalanche")],
        )
        .await;
    assert!(opened.text().contains("<#"), "{}", opened.text());
    button(&opened, "accept");
    let threads: Vec<RestCall> = world
        .fake
        .calls()
        .into_iter()
        .filter(|c| c.path.ends_with("/threads"))
        .collect();
    assert_eq!(threads.len(), 1, "only the valid challenge got a thread");
    world.stop().await;
}

/// Where Discord refuses the thread, the challenge is made in the channel itself, and the
/// challenged player is still pinged: an edit of the placeholder would notify nobody, so the
/// challenge follows it, and the placeholder goes; the channel shows the challenge alone.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_refused_thread_falls_back_to_the_channel() {
    let mut world = World::started(&Setup {
        threads: true,
        ..Setup::default()
    })
    .await;
    let (alice, bob) = (alice(), bob());
    let parent = FakeChannel::with_threads(2_000_000_000_000_007);
    world.fake.refuse_threads(parent.id);
    let challenge = world
        .slash(&alice, parent, "challenge", &[Opt::user("opponent", &bob)])
        .await;
    assert_eq!(challenge.method, "POST", "a follow-up: {challenge:#?}");
    assert!(!challenge.text().contains("<#"), "{}", challenge.text());
    let accept = button(&challenge, "accept");
    let ping = world.wait_ping(0, &bob).await;
    assert_eq!(ping.message_id, challenge.message_id, "the challenge pings");
    let shown = world
        .fake
        .wait_messages(parent.id, "the placeholder removed", |shown| {
            shown.len() == 1
        })
        .await;
    assert_eq!(Some(shown[0].id), challenge.message_id, "{shown:#?}");
    assert_board(&world.press_then(&bob, parent, &accept).await);
    world.stop().await;
}

/// With every answer deferred, Discord's rules still hold: a half-entered turn and a flipped
/// board (a private answer with a file) stay private, a public turn is a follow-up that pings
/// the next player (the deferral it follows is removed), and the interaction is answered once.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn deferred_answers_keep_their_visibility_and_pings() {
    let mut world = World::started(&Setup {
        defer_after: Duration::ZERO,
        ..Setup::default()
    })
    .await;
    let (alice, bob) = (alice(), bob());
    let channel = FakeChannel::text(2_000_000_000_000_008);
    challenge_as_white(&world, &alice, &bob, channel, "avalanche").await;
    let from = world.fake.calls().len();
    let started = world.slash(&bob, channel, "accept", &[]).await;
    assert_board(&started);
    world.wait_ping(from, &alice).await;

    let half = world.play(&alice, channel, "g4").await;
    assert!(
        half.is_ephemeral(),
        "a half-entered turn is private: {half:#?}"
    );
    let from = world.fake.calls().len();
    let turn = world.play(&alice, channel, "e6").await;
    assert_board(&turn);
    let ping = world.wait_ping(from, &bob).await;
    assert_eq!(ping.method, "POST", "a follow-up pings: {ping:#?}");
    assert_eq!(
        ping.message_id, turn.message_id,
        "the board itself: {turn:#?}"
    );

    let flipped = world.press(&carol(), channel, &button(&turn, "flip")).await;
    assert!(flipped.is_ephemeral(), "a flipped board is private");
    assert!(
        flipped.file_ending(".png").is_some(),
        "with its image: {flipped:#?}"
    );

    let refusal = world.play(&carol(), channel, "a6").await;
    assert!(refusal.is_ephemeral(), "{refusal:#?}");
    let calls = world.fake.calls();
    assert!(
        calls.iter().all(|c| c.succeeded()),
        "Discord refused nothing: {:#?}",
        calls.iter().filter(|c| !c.succeeded()).collect::<Vec<_>>()
    );
    world.stop().await;
}

/// Shutdown lets a command in flight finish before the database closes: the challenge made
/// during the stop is answered and is still there after a restart.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn shutdown_finishes_commands_in_flight() {
    let mut world = World::new(1).await;
    let setup = Setup {
        threads: true,
        ..Setup::default()
    };
    world.start(&setup).await;
    world.fake.delay("POST", "/threads", Duration::from_secs(2));
    let (alice, bob) = (alice(), bob());
    let parent = FakeChannel::with_threads(2_000_000_000_000_006);

    let id = world
        .send_slash(&alice, parent, "challenge", &[Opt::user("opponent", &bob)])
        .await;
    let created = world
        .fake
        .wait_call("the thread being created", |c| c.path.ends_with("/threads"))
        .await;
    assert_eq!(created.method, "POST");
    world.stop().await;
    let token = payloads::token(id);
    assert!(
        world
            .fake
            .calls()
            .iter()
            .any(|c| c.path.contains(&token) && c.method == "PATCH"),
        "the challenge was answered before the bot stopped"
    );

    world.start(&setup).await;
    let thread_id = world
        .fake
        .first_posted_channel()
        .expect("the challenge was posted in its thread");
    let thread = FakeChannel::thread(thread_id, parent.id);
    assert_board(&world.slash(&bob, thread, "accept", &[]).await);
    world.stop().await;
}

/// A restart in the middle of an Avalanche game: the game carries on from the same database, a
/// pending promotion is chosen by button, and each new board takes the buttons off the one
/// before. The board posted before the restart keeps its buttons (the restart forgot it), but a
/// press on it once newer boards are out is told it is out of date, and they go. Resign asks
/// first, and the question loses its button once answered.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_game_survives_a_restart_and_its_buttons_still_work() {
    let mut world = World::new(1).await;
    let setup = Setup::default();
    world.start(&setup).await;
    let (alice, bob) = (alice(), bob());
    let channel = FakeChannel::text(2_000_000_000_000_003);

    challenge_as_white(&world, &alice, &bob, channel, "avalanche").await;
    let started = world.slash(&bob, channel, "accept", &[]).await;
    assert_board(&started);
    let resign = button(&started, "resign");
    let started_id = started.message_id.expect("the first board");

    let turns = [
        "Nf3/b6", "Nc6/h3", "Ng1/b5", "Nf6/h4", "Nf3/b4", "Ng8/h5", "Ng1/b3", "Nf6/g3", "axb3/a6",
        "Ng8/b4", "Nf3/a5", "Nf6/b5", "Ng1/a4", "Ng8/b6", "Nf3/a3", "Nf6/b7", "Ng1/d6", "Ng8/b8",
    ];
    let (before, after) = turns.split_at(9);
    let mut last_before = None;
    for (i, turn) in before.iter().enumerate() {
        let player = if i % 2 == 0 { &alice } else { &bob };
        let board = world.play(player, channel, turn).await;
        assert_board(&board);
        last_before = board.message_id;
    }
    let last_before = last_before.expect("boards before the restart");
    let with_buttons = |shown: &[FakeMessage]| -> Vec<u64> {
        shown
            .iter()
            .filter(|m| !m.button_ids().is_empty())
            .map(|m| m.id)
            .collect()
    };
    world
        .fake
        .wait_messages(channel.id, "one live board", |shown| {
            with_buttons(shown) == vec![last_before]
        })
        .await;
    assert!(
        world
            .fake
            .message(started_id)
            .is_some_and(|m| m.button_ids().is_empty())
    );

    world.stop().await;
    world.start(&setup).await;
    assert_eq!(world.fake.identifies().len(), 2, "a second gateway session");

    let mut last = None;
    for (i, turn) in after.iter().enumerate() {
        let player = if (before.len() + i) % 2 == 0 {
            &alice
        } else {
            &bob
        };
        let reply = world.play(player, channel, turn).await;
        assert_board(&reply);
        last = Some(reply);
    }
    let pushed_to_b8 = last.expect("turns were played");
    let queen = button(&pushed_to_b8, "promote-q");
    for piece in ["promote-r", "promote-b", "promote-n"] {
        button(&pushed_to_b8, piece);
    }

    let not_yours = world.press(&bob, channel, &queen).await;
    assert!(not_yours.is_ephemeral(), "only alice chooses her piece");
    world.press(&alice, channel, &queen).await;
    let promoted = world.play(&alice, channel, "Nf3/h6").await;
    assert_board(&promoted);
    assert!(promoted.text().contains("=Q"), "{}", promoted.text());

    assert!(
        world
            .fake
            .message(last_before)
            .is_some_and(|m| m.button_ids().contains(&resign)),
        "the restart forgot the board before it"
    );
    let stale = world.press_on(&bob, channel, last_before, &resign).await;
    let stale = world.answer_to(stale).await;
    assert!(
        stale.is_ephemeral() && stale.text().contains("out of date"),
        "{stale:#?}"
    );
    world
        .fake
        .wait_messages(channel.id, "the old board's buttons gone", |shown| {
            shown
                .iter()
                .any(|m| m.id == last_before && m.button_ids().is_empty())
        })
        .await;

    let question = world.press(&bob, channel, &resign).await;
    assert!(question.is_ephemeral(), "Resign asks first");
    let asked = question.message_id.expect("the question");
    let resigned = world
        .press_then(&bob, channel, &button(&question, "resign-yes"))
        .await;
    assert!(!resigned.is_ephemeral(), "{resigned:#?}");
    assert!(lower(&resigned).contains("resign"), "{}", resigned.text());
    assert!(
        world
            .fake
            .message(asked)
            .is_some_and(|m| m.button_ids().is_empty()),
        "the question answered"
    );
    world.stop().await;
}

/// A turn stored but never shown (Discord refused the answer to the move) is posted in the
/// game's channel by the sweep a minute later, while the process runs, once: it counts as
/// announced then, so neither a later sweep nor a restart posts it again.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_turn_whose_answer_was_refused_is_posted_again_by_the_sweep() {
    let setup = Setup {
        sweep_interval: "1s",
        ..Setup::default()
    };
    let (mut world, clock) = World::on_manual_clock(&setup).await;
    let (alice, bob) = (alice(), bob());
    let channel = FakeChannel::text(2_000_000_000_000_019);
    let challenge = [Opt::user("opponent", &bob), Opt::str("colour", "white")];
    world.slash(&alice, channel, "challenge", &challenge).await;
    assert_board(&world.slash(&bob, channel, "accept", &[]).await);
    assert_board(&world.play(&alice, channel, "e4").await);
    assert_board(&world.play(&bob, channel, "e5").await);

    world.fake.set_response_deadline(Duration::ZERO);
    let lost = world.play(&alice, channel, "Nf3").await;
    assert!(!lost.succeeded(), "Discord refused the answer: {lost:#?}");
    world
        .fake
        .set_response_deadline(testkit::fake_discord::RESPONSE_DEADLINE);

    let from = world.fake.calls().len();
    clock.advance(Duration::from_secs(61));
    let notice = world.channel_message(from, channel.id).await;
    let text = notice.text();
    assert!(text.contains("Announced late"), "{text}");
    assert!(text.contains("**2. Nf3**"), "{text}");
    assert!(!text.contains("e4") && !text.contains("e5"), "{text}");
    assert!(
        notice.file_ending(".png").is_some(),
        "with the board: {notice:#?}"
    );

    // Posted once: later sweeps, and the sweep after a restart (which reports an expired
    // challenge after every start-up notice), post nothing more for it.
    clock.advance(Duration::from_secs(10 * 60));
    world.stop().await;
    world.start_with_clock(&setup, clock.clone()).await;
    let elsewhere = FakeChannel::text(2_000_000_000_000_020);
    world
        .slash(
            &alice,
            elsewhere,
            "challenge",
            &[Opt::user("opponent", &bob)],
        )
        .await;
    let from = world.fake.calls().len();
    clock.advance(Duration::from_secs(11 * 60));
    let expired = world.channel_message(from, elsewhere.id).await;
    assert!(lower(&expired).contains("expired"), "{}", expired.text());
    let announcements: Vec<RestCall> = world
        .fake
        .calls()
        .into_iter()
        .filter(|c| c.text().contains("Announced"))
        .collect();
    assert_eq!(announcements.len(), 1, "{announcements:#?}");
    assert_board(&world.play(&bob, channel, "Nc6").await);
    world.stop().await;
}

/// A game's channel deleted (Discord says so), a game's channel gone without a word (the
/// first post there is refused as Unknown Channel), and the bot removed from the server: each
/// game is aborted and stored so, and no deadline fires into the place gone; a server only
/// unavailable (an outage) keeps its games.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn games_end_with_their_channel_or_server() {
    let setup = Setup {
        sweep_interval: "1s",
        ..Setup::default()
    };
    let (mut world, clock) = World::on_manual_clock(&setup).await;
    let (alice, bob, carol) = (alice(), bob(), carol());
    let told = FakeChannel::text(2_000_000_000_000_061);
    let untold = FakeChannel::text(2_000_000_000_000_062);
    let kept = FakeChannel::text(2_000_000_000_000_063);
    for channel in [told, untold, kept] {
        let challenge = [
            Opt::user("opponent", &bob),
            Opt::str("colour", "white"),
            Opt::str("deadline", "1h"),
        ];
        world.slash(&alice, channel, "challenge", &challenge).await;
        assert_board(&world.slash(&bob, channel, "accept", &[]).await);
        assert_board(&world.play(&alice, channel, "e4").await);
    }
    // Every answer is out and its turn marked shown (after the id of the board is learnt),
    // so the sweep has no turn to post again when the clock jumps.
    world.fake.settle(Duration::from_millis(300)).await;
    // An outage is no removal: its games go on.
    world
        .fake
        .dispatch(
            "GUILD_DELETE",
            GUILD_ID,
            serde_json::json!({"id": GUILD_ID.to_string(), "unavailable": true}),
        )
        .await;
    world.fake.delete_channel(GUILD_ID, told.id, true).await;
    world.fake.delete_channel(GUILD_ID, untold.id, false).await;
    let elsewhere = FakeChannel::text(2_000_000_000_000_064);
    aborted_in_history(&world, &alice, elsewhere, 1).await;

    // Near the deadline the reminders go out: the kept game's is posted; the untold one's is
    // refused as Unknown Channel, and that game is aborted then.
    let from = world.fake.calls().len();
    clock.advance(Duration::from_secs(55 * 60));
    let reminded = world.channel_message(from, kept.id).await;
    assert!(reminded.text().contains("left"), "{}", reminded.text());
    aborted_in_history(&world, &alice, elsewhere, 2).await;
    // Past the deadline: only the kept game is lost on time.
    let from = world.fake.calls().len();
    clock.advance(Duration::from_secs(3600));
    let lost = world.channel_message(from, kept.id).await;
    assert!(
        lower(&lost).contains("on time"),
        "the kept game: {}",
        lost.text()
    );
    let posts_to = |channel: u64| {
        world
            .fake
            .calls()
            .iter()
            .filter(|c| c.method == "POST" && c.path == format!("/channels/{channel}/messages"))
            .count()
    };
    assert_eq!(
        posts_to(told.id),
        0,
        "nothing is posted where Discord said it is gone"
    );
    assert_eq!(posts_to(untold.id), 1, "one refused post, no more");
    clock.advance(Duration::from_secs(3600));
    let again = FakeChannel::text(2_000_000_000_000_066);
    world
        .slash(&carol, again, "challenge", &[Opt::user("opponent", &bob)])
        .await;
    let from = world.fake.calls().len();
    clock.advance(Duration::from_secs(11 * 60));
    world.channel_message(from, again.id).await;
    assert_eq!(posts_to(untold.id), 1);

    // Removed from the server: the game under way there is aborted.
    let last = FakeChannel::text(2_000_000_000_000_065);
    let challenge = [Opt::user("opponent", &bob), Opt::str("deadline", "1h")];
    world.slash(&carol, last, "challenge", &challenge).await;
    assert_board(&world.slash(&bob, last, "accept", &[]).await);
    world
        .fake
        .dispatch(
            "GUILD_DELETE",
            GUILD_ID,
            serde_json::json!({"id": GUILD_ID.to_string()}),
        )
        .await;
    aborted_in_history(&world, &carol, elsewhere, 3).await;
    let later = FakeChannel::text(2_000_000_000_000_067);
    world
        .slash(&alice, later, "challenge", &[Opt::user("opponent", &bob)])
        .await;
    let from = world.fake.calls().len();
    clock.advance(Duration::from_secs(2 * 3600));
    world.channel_message(from, later.id).await;
    assert_eq!(posts_to(last.id), 0, "no deadline fires in a server left");
    world.stop().await;
}

/// Waits until the `/history` `user` asks in `channel` lists `count` aborted games: the bot
/// handles a gateway event while it answers others.
async fn aborted_in_history(world: &World, user: &FakeUser, channel: FakeChannel, count: usize) {
    let mut text = String::new();
    for _ in 0..50 {
        text = lower(&world.slash(user, channel, "history", &[]).await);
        if text.matches("aborted").count() >= count {
            assert_eq!(text.matches("aborted").count(), count, "{text}");
            return;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    panic!("{count} aborted games never showed in the history: {text}");
}

/// The background sweep posts what nobody asked for: here, a challenge that expired. (This
/// bot registers its commands to a development guild.)
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_sweeper_posts_expired_challenges() {
    let setup = Setup {
        sweep_interval: "1s",
        development_guild: true,
        ..Setup::default()
    };
    let (mut world, clock) = World::on_manual_clock(&setup).await;
    let (alice, bob) = (alice(), bob());
    let channel = FakeChannel::text(2_000_000_000_000_004);
    world
        .slash(&alice, channel, "challenge", &[Opt::user("opponent", &bob)])
        .await;

    let from = world.fake.calls().len();
    clock.advance(Duration::from_secs(11 * 60));
    let notice = world.channel_message(from, channel.id).await;
    assert!(lower(&notice).contains("expired"), "{}", notice.text());
    let late = world.slash(&bob, channel, "accept", &[]).await;
    assert!(late.is_ephemeral(), "nothing left to accept");
    world.stop().await;
}

/// A rejected token stops the start with a message that says so, and shows no token.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_rejected_token_is_reported_clearly() {
    let world = World::new(1).await;
    let config = world.config(&Setup {
        token: "not-the-token",
        ..Setup::default()
    });
    let error = match app::start(&config).await {
        Ok(_) => panic!("the fake refuses this token"),
        Err(error) => error,
    };
    assert!(
        matches!(error, StartError::Front(FrontError::TokenRejected)),
        "{error:?}"
    );
    let message = error.to_string();
    assert!(message.contains("rejected the bot token") && !message.contains("not-the-token"));
}

/// Sharding: automatic sharding runs every shard Discord recommends; a range runs only its own.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn shards_follow_the_config() {
    let mut world = World::new(2).await;
    world.start(&Setup::default()).await;
    world.fake.wait_connected(2).await;
    let mut shards: Vec<(u64, u64)> = world.fake.identifies().iter().map(|i| i.shard).collect();
    shards.sort_unstable();
    assert_eq!(shards, [(0, 2), (1, 2)]);
    world.stop().await;

    let mut world = World::new(2).await;
    let bot = app::start(&world.config(&Setup {
        shards: "1/2",
        ..Setup::default()
    }))
    .await
    .expect("the bot starts");
    world.bot = Some(bot);
    world.fake.wait_connected(1).await;
    let shards: Vec<(u64, u64)> = world.fake.identifies().iter().map(|i| i.shard).collect();
    assert_eq!(shards, [(1, 2)], "only shard 1 of 2 here");
    world.stop().await;
    assert!(
        world.fake.calls().iter().all(|c| c.method != "PUT"),
        "commands are registered by the process with shard 0"
    );
}

/// The sweeper posts into a game's thread even after Discord archived it for inactivity (the
/// post reopens it, as Discord does), and when a moderator locked the thread the players hear
/// of it in the parent channel: the bot does not unlock it.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_sweeper_reopens_archived_threads() {
    let setup = Setup {
        threads: true,
        sweep_interval: "1s",
        ..Setup::default()
    };
    let (mut world, clock) = World::on_manual_clock(&setup).await;
    let (alice, bob) = (alice(), bob());
    let parent = FakeChannel::with_threads(2_000_000_000_000_009);
    let other_parent = FakeChannel::with_threads(2_000_000_000_000_010);
    world
        .slash(&alice, parent, "challenge", &[Opt::user("opponent", &bob)])
        .await;
    let thread = world.fake.first_posted_channel().expect("a game thread");
    world
        .slash(
            &bob,
            other_parent,
            "challenge",
            &[Opt::user("opponent", &alice)],
        )
        .await;
    let locked = world
        .fake
        .calls()
        .iter()
        .rev()
        .find_map(|c| {
            c.path
                .strip_prefix("/channels/")
                .and_then(|rest| rest.strip_suffix("/messages"))
                .and_then(|id| id.parse::<u64>().ok())
        })
        .expect("the second game thread");
    assert_ne!(locked, thread);
    // A week of silence on Discord's clock archives both threads; a moderator locks one.
    world.fake.advance(Duration::from_secs(7 * 86_400 + 60));
    assert!(world.fake.archived(thread) && world.fake.archived(locked));
    world.fake.archive(locked, true);

    let from = world.fake.calls().len();
    let invalid = world.fake.invalid_requests();
    clock.advance(Duration::from_secs(11 * 60));
    let notice = world.channel_message(from, thread).await;
    assert!(lower(&notice).contains("expired"), "{}", notice.text());
    assert!(notice.succeeded(), "{notice:#?}");
    assert!(!world.fake.archived(thread), "the post reopened the thread");
    let told = world.channel_message(from, other_parent.id).await;
    assert!(
        told.text().contains(&format!("<#{locked}>")),
        "{}",
        told.text()
    );
    assert!(
        world.fake.archived(locked),
        "a locked thread stays archived"
    );
    let threads = [format!("/channels/{thread}"), format!("/channels/{locked}")];
    assert!(
        world.fake.calls()[from..]
            .iter()
            .all(|c| c.method != "PATCH" || !threads.contains(&c.path)),
        "the bot unarchives nothing itself"
    );
    eprintln!(
        "archived threads: invalid requests {invalid} before, {} after",
        world.fake.invalid_requests()
    );
    assert_eq!(world.fake.invalid_requests(), invalid, "no request refused");
    world.stop().await;
}

/// Avalanche turns (none losing, none ending the game) after which the side to move has a
/// losing push, found by a fixed walk through the legal turns; and that losing push.
fn line_to_a_losing_push() -> (Vec<String>, String) {
    let mut game = Game::new(Variant::Avalanche, None).expect("the start");
    let mut line = Vec::new();
    for ply in 0..300usize {
        let pos = game.position().clone();
        let turns = pos.legal_turns();
        if let Some(losing) = turns.iter().find(|t| pos.is_losing_push(t)) {
            return (line, pos.turn_to_notation(losing));
        }
        let safe: Vec<_> = turns
            .iter()
            .filter(|t| {
                let mut next = game.clone();
                next.play(**t).is_ok() && next.outcome().is_none()
            })
            .collect();
        assert!(!safe.is_empty(), "the walk found no safe turn");
        let turn = *safe[(ply * 7 + 3) % safe.len()];
        line.push(pos.turn_to_notation(&turn));
        game.play(turn).expect("a legal turn");
    }
    panic!("no losing push within 300 plies");
}

/// A typed move whose push loses: the question is a reply in the channel with Confirm and
/// Cancel buttons that only the player may press, naming the Discord way, not console commands.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_typed_losing_push_is_confirmed_by_button() {
    let (line, losing) = line_to_a_losing_push();
    let mut world = World::started(&Setup {
        typed_moves: true,
        ..Setup::default()
    })
    .await;
    let (alice, bob) = (alice(), bob());
    let channel = FakeChannel::text(2_000_000_000_000_011);
    challenge_as_white(&world, &alice, &bob, channel, "avalanche").await;
    world.slash(&bob, channel, "accept", &[]).await;
    for (i, turn) in line.iter().enumerate() {
        let player = if i % 2 == 0 { &alice } else { &bob };
        assert_board(&world.play(player, channel, turn).await);
    }
    let (mover, other) = if line.len() % 2 == 0 {
        (&alice, &bob)
    } else {
        (&bob, &alice)
    };

    let refused = world.say(mover, channel, "Ka9").await;
    assert!(
        refused.message()["message_reference"].is_object(),
        "{refused:#?}"
    );

    let question = world.say(mover, channel, &losing).await;
    assert!(
        lower(&question).contains("loses the game"),
        "{}",
        question.text()
    );
    assert!(
        !question.text().contains("cancel-push") && !question.text().contains("`confirm`"),
        "no console commands in Discord: {}",
        question.text()
    );
    let (confirm, cancel) = (
        button(&question, "confirm-push"),
        button(&question, "cancel-push"),
    );
    assert!(world.press(other, channel, &confirm).await.is_ephemeral());
    let dropped = world.press(mover, channel, &cancel).await;
    assert!(dropped.is_ephemeral() && dropped.text().contains("Dropped"));

    let again = world.say(mover, channel, &losing).await;
    let played = world
        .press_then(mover, channel, &button(&again, "confirm-push"))
        .await;
    assert_board(&played);
    assert!(lower(&played).contains("exposed"), "{}", played.text());
    let answered = world.fake.message(again.message_id.expect("the question"));
    assert!(
        answered.is_some_and(|m| m.button_ids().is_empty()),
        "the question answered loses its buttons"
    );
    world.stop().await;
}

/// `alice` challenges `bob` in `channel` to standard chess as White, and he accepts.
pub(crate) async fn accepted_game(world: &World, channel: FakeChannel) {
    challenge_as_white(world, &alice(), &bob(), channel, "standard").await;
    assert_board(&world.slash(&bob(), channel, "accept", &[]).await);
}

/// `challenger` challenges `opponent` to `variant`, playing White.
async fn challenge_as_white(
    world: &World,
    challenger: &FakeUser,
    opponent: &FakeUser,
    channel: FakeChannel,
    variant: &str,
) -> RestCall {
    world
        .slash(
            challenger,
            channel,
            "challenge",
            &[
                Opt::user("opponent", opponent),
                Opt::str("variant", variant),
                Opt::str("colour", "white"),
            ],
        )
        .await
}

/// Whether `text` has kana or kanji in it.
pub(crate) fn japanese(text: &str) -> bool {
    text.chars()
        .any(|c| matches!(c, '\u{3040}'..='\u{30FF}' | '\u{4E00}'..='\u{9FFF}'))
}

/// A user whose Discord client is in Japanese, in a server whose preferred language is
/// English: what only they see is Japanese, what the channel sees stays English, and a move
/// typed in full-width characters is played.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_japanese_client_reads_its_own_answers_in_japanese() {
    let mut world = World::started(&Setup::default()).await;
    let (alice, bob) = (alice().with_locale("ja"), bob());
    let channel = FakeChannel::text(2_000_000_000_000_031);

    let help = world.slash(&alice, channel, "help", &[]).await;
    assert!(help.is_ephemeral());
    assert!(help.text().contains("`/挑戦 相手:"), "{}", help.text());
    let refused = world
        .slash(&alice, channel, "challenge", &[Opt::str("chess960", "abc")])
        .await;
    assert!(refused.is_ephemeral());
    assert!(
        refused
            .text()
            .contains("`abc` はチェス960の初期配置ではありません"),
        "{}",
        refused.text()
    );
    let english = world
        .slash(&bob, channel, "challenge", &[Opt::str("chess960", "abc")])
        .await;
    assert!(
        english.text().contains("is not a Chess960 setup"),
        "{}",
        english.text()
    );

    let challenge = challenge_as_white(&world, &alice, &bob, channel, "avalanche").await;
    assert!(!challenge.is_ephemeral());
    assert!(!japanese(&challenge.text()), "public: {}", challenge.text());
    world.slash(&bob, channel, "accept", &[]).await;
    let played = world.play(&alice, channel, "Ｎｆ３／ａ６").await;
    assert_board(&played);
    assert!(
        played.text().contains("Nf3/a6") && !japanese(&played.text()),
        "{}",
        played.text()
    );
    let not_yours = world.play(&alice, channel, "e4/h6").await;
    assert!(not_yours.is_ephemeral());
    assert!(japanese(&not_yours.text()), "{}", not_yours.text());
    let old = world.fake.plant_message(channel.id, "nadare:12345:flip");
    let gone = world
        .press_on(&alice, channel, old, "nadare:12345:flip")
        .await;
    let gone = world.answer_to(gone).await;
    assert!(
        gone.text().contains("その対局は終わったか"),
        "{}",
        gone.text()
    );
    world.stop().await;
}

/// `/language` is for those who manage the server; once set, public messages follow it
/// whatever the server's Discord setting, and `default` goes back to that setting.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_server_admin_chooses_the_language_of_public_messages() {
    let mut world = World::started(&Setup::default()).await;
    let admin = alice().managing_the_server();
    let channel = FakeChannel::text(2_000_000_000_000_033);
    let language = |value: &str| [Opt::str("language", value)];

    let refused = world
        .slash(&bob(), channel, "language", &language("ja"))
        .await;
    assert!(refused.is_ephemeral());
    assert!(
        refused.text().contains("manage this server"),
        "{}",
        refused.text()
    );
    let english = world.slash(&bob(), channel, "rules", &[]).await;
    assert!(!japanese(&english.text()), "{}", english.text());

    world
        .slash(&admin, channel, "language", &language("ja"))
        .await;
    let rules = world.slash(&bob(), channel, "rules", &[]).await;
    assert!(!rules.is_ephemeral());
    assert!(rules.text().contains("変種"), "{}", rules.text());

    world
        .slash(&admin, channel, "language", &language("default"))
        .await;
    let back = world.slash(&bob(), channel, "rules", &[]).await;
    assert!(!japanese(&back.text()), "{}", back.text());
    world.stop().await;
}

/// `/challenge variant:chess960` with no setup number starts from a random setup once
/// accepted, as the console's `challenge bob chess960` does.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_chess960_challenge_without_a_number_can_be_accepted() {
    let mut world = World::started(&Setup::default()).await;
    let (alice, bob) = (alice(), bob());
    let channel = FakeChannel::text(2_000_000_000_000_032);
    let challenge = challenge_as_white(&world, &alice, &bob, channel, "chess960").await;
    assert!(!challenge.is_ephemeral(), "{challenge:#?}");
    let started = world.slash(&bob, channel, "accept", &[]).await;
    assert_board(&started);
    assert!(started.text().contains("Chess960"), "{}", started.text());
    world.stop().await;
}

/// The rest of a game's commands end to end, with nicknames: abort, takeback, the record,
/// the list of games, a draw.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn abort_takeback_moves_games_and_draw() {
    let mut world = World::started(&Setup::default()).await;
    let alice = alice().with_nick("Ally *the* Great");
    let bob = bob().with_nick("Bobby");
    let channel = FakeChannel::text(2_000_000_000_000_012);
    let first = challenge_as_white(&world, &alice, &bob, channel, "standard").await;
    assert!(
        first.text().contains("Ally \\*the\\* Great") && first.text().contains("Bobby"),
        "nicknames, markdown escaped: {}",
        first.text()
    );
    world.slash(&bob, channel, "accept", &[]).await;
    let aborted = world.slash(&alice, channel, "abort", &[]).await;
    assert!(lower(&aborted).contains("aborted"), "{}", aborted.text());

    challenge_as_white(&world, &alice, &bob, channel, "standard").await;
    world.slash(&bob, channel, "accept", &[]).await;
    assert_board(&world.play(&alice, channel, "e4").await);
    assert_board(&world.play(&bob, channel, "e5").await);
    let asked = world
        .slash(&bob, channel, "takeback", &[Opt::str("action", "request")])
        .await;
    assert!(lower(&asked).contains("take back"), "{}", asked.text());
    let granted = world
        .slash(&alice, channel, "takeback", &[Opt::str("action", "accept")])
        .await;
    assert!(lower(&granted).contains("grants"), "{}", granted.text());
    assert_board(&world.play(&bob, channel, "c5").await);

    let record = world.slash(&carol(), channel, "moves", &[]).await;
    assert!(record.text().contains("c5") && !record.text().contains("e5"));
    let pgn = record.file_ending(".pgn").expect("a PGN file");
    assert!(String::from_utf8_lossy(&pgn.bytes).contains("1. e4 c5"));

    let games = world.slash(&carol(), channel, "games", &[]).await;
    assert!(games.text().contains("Bobby"), "{}", games.text());

    let offer = world
        .slash(&alice, channel, "draw", &[Opt::str("action", "offer")])
        .await;
    assert!(lower(&offer).contains("offers a draw"), "{}", offer.text());
    let drawn = world
        .slash(&bob, channel, "draw", &[Opt::str("action", "accept")])
        .await;
    assert!(drawn.text().contains("1/2-1/2"), "{}", drawn.text());
    world.stop().await;
}

/// Autocomplete after the first step of an Avalanche turn offers the pushes; with nothing
/// typed it spreads over the position's moves.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn autocomplete_follows_a_half_entered_turn() {
    let mut world = World::started(&Setup::default()).await;
    let (alice, bob) = (alice(), bob());
    let channel = FakeChannel::text(2_000_000_000_000_013);
    challenge_as_white(&world, &alice, &bob, channel, "avalanche").await;
    world.slash(&bob, channel, "accept", &[]).await;

    let spread = world.suggestions(&alice, channel, "").await;
    assert_eq!(
        spread.len(),
        20,
        "the 20 first moves, one turn each: {spread:?}"
    );
    let heads: std::collections::HashSet<&str> =
        spread.iter().filter_map(|s| s.split('/').next()).collect();
    assert_eq!(heads.len(), 20, "{spread:?}");

    assert!(world.play(&alice, channel, "Nf3").await.is_ephemeral());
    let pushes = world.suggestions(&alice, channel, "").await;
    let expected: Vec<String> = "abcdefgh".chars().map(|f| format!("{f}6")).collect();
    let mut sorted = pushes.clone();
    sorted.sort();
    assert_eq!(sorted, expected, "the pushes of Black's pawns: {pushes:?}");
    assert_eq!(world.suggestions(&alice, channel, "e").await, ["e6"]);
    world.stop().await;
}

/// The gateway as Discord runs it: heartbeats are sent and acknowledged, a reconnect request
/// (op 7) is followed by a resumed session that still serves commands.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_gateway_heartbeats_and_reconnects() {
    let mut world = World::new(1).await;
    world
        .fake
        .set_heartbeat_interval(Duration::from_millis(200));
    world.start(&Setup::default()).await;
    world.fake.wait_heartbeats(1).await;
    world.fake.request_reconnect();
    world.fake.wait_resumed().await;
    assert_eq!(
        world.fake.identifies().len(),
        1,
        "resumed, not identified anew"
    );
    let help = world
        .slash(
            &alice(),
            FakeChannel::text(2_000_000_000_000_014),
            "help",
            &[],
        )
        .await;
    assert!(help.is_ephemeral() && help.text().contains("/challenge"));
    world.stop().await;
}

/// Typed moves need the Message Content intent: where Discord refuses it (close code 4014) the
/// bot stops with an error that says what to do.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_disallowed_intent_is_reported_clearly() {
    let world = World::new(1).await;
    world.fake.disallow_intents(1 << 15);
    let config = world.config(&Setup {
        typed_moves: true,
        ..Setup::default()
    });
    let bot = app::start(&config).await.expect("the token is fine");
    let ended = tokio::time::timeout(testkit::fake_discord::WAIT, bot.run_until_signal())
        .await
        .expect("the bot stops by itself");
    let error = ended.expect_err("Discord refused the connection");
    assert!(matches!(error, FrontError::DisallowedIntents), "{error:?}");
    assert!(error.to_string().contains("Message Content intent"));
}

/// A challenge refused after its thread was opened (here: the challenger's third open
/// challenge was made meanwhile) removes the thread again, and where the bot lacks Manage
/// Threads it says so instead of leaving the thread silently.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_thread_the_bot_cannot_remove_is_reported() {
    let mut world = World::started(&Setup {
        threads: true,
        ..Setup::default()
    })
    .await;
    let (alice, bob) = (alice(), bob());
    for channel in [2_000_000_000_000_015, 2_000_000_000_000_016] {
        let made = world
            .slash(
                &alice,
                FakeChannel::text(channel),
                "challenge",
                &[Opt::user("opponent", &bob)],
            )
            .await;
        assert!(!made.is_ephemeral(), "{made:#?}");
    }
    let parent = FakeChannel::with_threads(2_000_000_000_000_017);
    world.fake.hold("POST", "/threads");
    let id = world
        .send_slash(&alice, parent, "challenge", &[Opt::user("opponent", &bob)])
        .await;
    world
        .fake
        .wait_call("the thread being opened", |c| c.path.ends_with("/threads"))
        .await;
    let third = world
        .slash(
            &alice,
            FakeChannel::text(2_000_000_000_000_018),
            "challenge",
            &[Opt::user("opponent", &bob)],
        )
        .await;
    assert!(!third.is_ephemeral(), "{third:#?}");
    world.fake.release();

    let answer = world.answer_to(id).await;
    assert!(answer.is_ephemeral(), "{answer:#?}");
    assert!(
        answer.text().contains("3 challenges open"),
        "{}",
        answer.text()
    );
    assert!(
        answer.text().contains("Manage Threads"),
        "{}",
        answer.text()
    );
    let refused = world
        .fake
        .wait_call("the thread's removal", |c| {
            c.method == "DELETE" && c.path.starts_with("/channels/")
        })
        .await;
    assert_eq!(refused.status, 403, "{refused:#?}");
    world.stop().await;
}

/// A bot that registered its commands to a development guild and then restarts with global
/// registration leaves only the global commands: none shows twice in that server.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn switching_back_to_global_commands_clears_the_development_guild() {
    let mut world = World::new(1).await;
    let development = Setup {
        development_guild: true,
        ..Setup::default()
    };
    world.start(&development).await;
    assert_eq!(world.fake.commands(Some(GUILD_ID)).len(), COMMANDS);
    assert!(world.fake.commands(None).is_empty());
    world.stop().await;

    world.start(&Setup::default()).await;
    assert_eq!(world.fake.commands(None).len(), COMMANDS);
    assert!(
        world.fake.commands(Some(GUILD_ID)).is_empty(),
        "{:?}",
        world.fake.commands(Some(GUILD_ID))
    );
    world.stop().await;
}

/// A finished game offers a Rematch button: pressed by the loser, it challenges the winner
/// with colours swapped; the winner accepts with the challenge's button. The result carries
/// the replay GIF beside the board.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_rematch_by_button_swaps_colours() {
    let mut world = World::started(&Setup::default()).await;
    let (alice, bob) = (alice(), bob());
    let channel = FakeChannel::text(2_000_000_000_000_031);
    challenge_as_white(&world, &alice, &bob, channel, "standard").await;
    world.slash(&bob, channel, "accept", &[]).await;
    world.play(&alice, channel, "e4").await;
    let resigned = world.slash(&bob, channel, "resign", &[]).await;
    assert!(resigned.text().contains("1-0"), "{}", resigned.text());
    let gif = resigned.file_ending(".gif").expect("the replay GIF");
    assert!(gif.bytes.starts_with(b"GIF89a"));
    assert!(
        resigned.text().contains("lichess.org/analysis"),
        "{}",
        resigned.text()
    );
    let rematch = button(&resigned, "rematch");
    let asked = world.press(&bob, channel, &rematch).await;
    assert!(lower(&asked).contains("rematch"), "{}", asked.text());
    assert!(asked.pinged().contains(&alice.id), "the winner is asked");
    let accept = button(&asked, "accept");
    let started = world.press_then(&alice, channel, &accept).await;
    let text = started.text();
    assert!(
        text.contains("**bob** (White) vs **alice** (Black)"),
        "colours swapped: {text}"
    );
    world.stop().await;
}

/// A replay past the server's upload limit is left out of the result, which still goes out
/// with its board and a line saying why, rather than being refused whole with 413.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_replay_past_the_attachment_limit_is_left_out_and_the_result_still_goes_out() {
    let mut world = World::started(&Setup::default()).await;
    let (alice, bob) = (alice(), bob());
    // The same short game twice: the first shows how large its board and replay are, the
    // second is played where the board fits but not the replay besides.
    let mut sizes = None;
    for channel in [2_000_000_000_000_041, 2_000_000_000_000_042] {
        let channel = FakeChannel::text(channel);
        challenge_as_white(&world, &alice, &bob, channel, "standard").await;
        world.slash(&bob, channel, "accept", &[]).await;
        world.play(&alice, channel, "e4").await;
        if let Some((png, gif)) = sizes {
            world.fake.set_attachment_limit(png + gif / 2);
        }
        let resigned = world.slash(&bob, channel, "resign", &[]).await;
        assert!(resigned.succeeded(), "{resigned:#?}");
        assert!(resigned.text().contains("1-0"), "{}", resigned.text());
        let png = resigned.embed_image().expect("the board").bytes.len() as u64;
        match sizes {
            None => {
                let gif = resigned.file_ending(".gif").expect("the replay");
                sizes = Some((png, gif.bytes.len() as u64));
            }
            Some(_) => {
                assert!(
                    resigned.file_ending(".gif").is_none(),
                    "the replay is left out"
                );
                let text = resigned.text();
                assert!(
                    text.contains(".gif`") && text.contains("is not attached"),
                    "{text}"
                );
            }
        }
    }
    let refused: Vec<RestCall> = world
        .fake
        .calls()
        .into_iter()
        .filter(|c| c.status == 413)
        .collect();
    assert!(
        refused.is_empty(),
        "nothing is sent past the limit: {refused:#?}"
    );
    world.stop().await;
}

/// `/review` of a finished game: the deferred answer is edited with how far the review has
/// come, then holds its figures, the graph as the embed's image and the annotated record.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_review_shows_its_progress_then_the_graph_and_the_annotated_record() {
    let mut world = World::started(&Setup {
        defer_after: Duration::ZERO,
        review_depth: Some(8),
        ..Setup::default()
    })
    .await;
    let (alice, bob) = (alice(), bob());
    let channel = FakeChannel::text(2_000_000_000_000_051);
    challenge_as_white(&world, &alice, &bob, channel, "standard").await;
    world.slash(&bob, channel, "accept", &[]).await;
    for (turn, player) in ["e4", "e5", "Qh5", "Nc6", "Bc4", "Nf6", "Qxf7#"]
        .into_iter()
        .zip([&alice, &bob].into_iter().cycle())
    {
        assert!(
            world.play(player, channel, turn).await.succeeded(),
            "{turn}"
        );
    }
    let id = world.send_slash(&bob, channel, "review", &[]).await;
    let answer = world.answer_to(id).await;
    assert!(answer.succeeded() && !answer.is_ephemeral(), "{answer:#?}");
    let text = answer.text();
    assert!(text.contains("Review of game #"), "{text}");
    assert!(
        text.contains("3... Nf6`: blunder") || text.contains("3... Nf6: blunder"),
        "{text}"
    );
    let graph = answer.embed_image().expect("the graph shown");
    assert_eq!(
        png_size(&graph.bytes),
        (512, 361),
        "with its scale and legend"
    );
    let board = answer
        .file_ending("-ply-006.png")
        .expect("the blunder on its board");
    // As wide as every board image: the 512 px board and its coordinates' margin.
    assert_eq!(
        png_size(&board.bytes).0,
        testkit::harness::renderer().image_size().0,
        "a board as wide as the others"
    );
    let record = answer.file_ending(".pgn").expect("the annotated record");
    let record = String::from_utf8(record.bytes.clone()).expect("text");
    assert!(record.contains("Nf6 $4 {"), "{record}");
    // Stepping through: the summary's button answers the presser alone with the start on a
    // board, and Forward shows the next position in place of it, in that same message.
    let button = |call: &RestCall, action: &str| {
        call.button_ids()
            .into_iter()
            .find(|id| id.contains(&format!(":{action}:")))
            .unwrap_or_else(|| panic!("no {action} button: {call:#?}"))
    };
    let start = world
        .press(&alice, channel, &button(&answer, "review-steps"))
        .await;
    assert!(start.succeeded() && start.is_ephemeral(), "{start:#?}");
    assert!(start.text().contains("the start"), "{}", start.text());
    let start_board = start.file_ending(".png").expect("the start's board");
    let forward = button(&start, "review-forward");
    let message = start.message_id.expect("the step's message");
    let pressed = world.press_on(&alice, channel, message, &forward).await;
    let first = world.answer_to(pressed).await;
    // An update of the pressed message: at once (type 7), or deferred and then edited.
    assert!(
        first.json["type"] == 7 || first.path.ends_with("/messages/@original"),
        "an update: {first:#?}"
    );
    assert_eq!(first.message_id, Some(message), "the same message");
    assert!(
        first.text().contains("turn 1 of 7: `1. e4`"),
        "{}",
        first.text()
    );
    let first_board = first.file_ending(".png").expect("the first turn's board");
    assert_ne!(first_board.bytes, start_board.bytes, "another position");
    assert!(
        first
            .button_ids()
            .iter()
            .any(|id| id.contains(":review-back:"))
    );
    // Before it, the deferral and the edits saying how far the review had come.
    let token = payloads::token(id);
    let calls = world.fake.calls();
    let ours: Vec<&RestCall> = calls.iter().filter(|c| c.path.contains(&token)).collect();
    assert_eq!(
        ours.first().map(|c| &c.json["type"]),
        Some(&serde_json::json!(5))
    );
    let progress: Vec<String> = ours
        .iter()
        .map(|c| c.text())
        .filter(|t| t.starts_with("Reviewing game #"))
        .collect();
    assert!(!progress.is_empty(), "{ours:#?}");
    assert!(
        progress.iter().all(|p| p.ends_with(" of 8 positions…")),
        "{progress:?}"
    );
    world.stop().await;
}

/// Taking the buttons off an older board comes after the turn's answer and costs the game
/// nothing when it fails: while Discord holds the edit back the next turns are answered, and
/// when the older board was deleted meanwhile (the edit refused, 404) the game goes on.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_board_edit_held_back_or_refused_costs_the_game_nothing() {
    let mut world = World::started(&Setup::default()).await;
    let (alice, bob) = (alice(), bob());
    let channel = FakeChannel::text(2_000_000_000_000_035);
    challenge_as_white(&world, &alice, &bob, channel, "standard").await;
    let started = world.slash(&bob, channel, "accept", &[]).await;
    world.fake.hold("PATCH", "");
    let e4 = world.play(&alice, channel, "e4").await;
    assert_board(&e4);
    let start_edit = format!(
        "/channels/{}/messages/{}",
        channel.id,
        started.message_id.expect("the start")
    );
    let held = world
        .fake
        .wait_call("the start's buttons taken off", |c| {
            c.method == "PATCH" && c.path == start_edit
        })
        .await;
    assert_eq!(held.json, serde_json::json!({"components": []}));
    let e5 = world.play(&bob, channel, "e5").await;
    assert_board(&e5);
    world.fake.release();
    world.fake.settle(Duration::from_millis(300)).await;

    let e5 = e5.message_id.expect("the live board");
    world.fake.delete_message(e5);
    assert_board(&world.play(&alice, channel, "Qh5").await);
    let deleted = format!("/channels/{}/messages/{e5}", channel.id);
    let refused = world
        .fake
        .wait_call("the deleted board's edit", |c| {
            c.method == "PATCH" && c.path == deleted
        })
        .await;
    assert_eq!(refused.status, 404, "{refused:#?}");
    assert_board(&world.play(&bob, channel, "Nc6").await);
    world.stop().await;
}

/// `/history` pages the server's finished games, ten to a page, with Next and Previous
/// buttons that carry the page; a press shows the other page in the same message.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_history_pages_with_buttons() {
    let mut world = World::started(&Setup::default()).await;
    let (alice, bob, carol) = (alice(), bob(), carol());
    let channel = FakeChannel::text(2_000_000_000_000_032);
    for _ in 0..11 {
        challenge_as_white(&world, &alice, &bob, channel, "standard").await;
        world.slash(&bob, channel, "accept", &[]).await;
        world.slash(&alice, channel, "resign", &[]).await;
    }
    let first = world.slash(&carol, channel, "history", &[]).await;
    assert!(first.text().contains("page 1 of 2"), "{}", first.text());
    let page_button = |call: &RestCall, action: &str| {
        call.button_ids()
            .into_iter()
            .find(|id| id.contains(&format!(":{action}:")))
            .unwrap_or_else(|| panic!("no {action} button: {call:#?}"))
    };
    assert!(
        first
            .button_ids()
            .iter()
            .all(|id| !id.contains("page-previous")),
        "no previous page on the first"
    );
    let second = world
        .press(&carol, channel, &page_button(&first, "page-next"))
        .await;
    assert!(second.text().contains("page 2 of 2"), "{}", second.text());
    assert_eq!(second.json["type"], 7, "an update: {second:#?}");
    assert_eq!(second.message_id, first.message_id, "the same message");
    assert_eq!(
        second.text().matches(" vs ").count(),
        1,
        "the eleventh game alone: {}",
        second.text()
    );
    let back = world
        .press(&carol, channel, &page_button(&second, "page-previous"))
        .await;
    assert!(back.text().contains("page 1 of 2"), "{}", back.text());
    assert_eq!(back.text().matches(" vs ").count(), 10);
    let two = world
        .slash(&carol, channel, "history", &[Opt::int("page", 2)])
        .await;
    assert!(two.text().contains("page 2 of 2"), "{}", two.text());
    world.stop().await;
}

/// A challenge answered keeps no buttons: declined by its button, the challenge itself says so
/// and nothing else is posted; declined by `/decline`, or withdrawn by `/cancel`, the answer is
/// a message of its own and the challenge loses its buttons.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_challenge_answered_loses_its_buttons() {
    let mut world = World::started(&Setup::default()).await;
    let (alice, bob) = (alice(), bob());
    let channel = FakeChannel::text(2_000_000_000_000_034);
    let challenge = challenge_as_white(&world, &alice, &bob, channel, "standard").await;
    let declined = world
        .press(&bob, channel, &button(&challenge, "decline"))
        .await;
    assert_eq!(declined.json["type"], 7, "{declined:#?}");
    let shown = world.fake.messages_in(channel.id);
    assert_eq!(shown.len(), 1, "nothing posted: {shown:#?}");
    assert!(
        shown[0].button_ids().is_empty()
            && shown[0].text().starts_with("**alice** challenges **bob**")
            && lower(&declined).contains("declined"),
        "{shown:#?}"
    );

    for (user, answer) in [(&bob, "decline"), (&alice, "cancel")] {
        let challenge = challenge_as_white(&world, &alice, &bob, channel, "standard").await;
        let answered = world.slash(user, channel, answer, &[]).await;
        assert!(!answered.is_ephemeral(), "{answered:#?}");
        let id = challenge.message_id.expect("the challenge");
        world
            .fake
            .wait_messages(channel.id, "the challenge without buttons", |shown| {
                shown
                    .iter()
                    .any(|m| m.id == id && m.button_ids().is_empty())
            })
            .await;
    }
    world.stop().await;
}

/// Issue 12: `/vacation` on the manual clock. The player to move pauses a game with a one-hour
/// deadline for two days: the answer says so with the allowance left (14 − 2), the game's
/// channel hears of the pause, a sweep past the deadline inside the vacation loses nobody on
/// time, and once the vacation is over the game runs out its hour and is lost on time. More
/// days than the yearly allowance are refused privately.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_vacation_pauses_a_deadline_until_it_ends() {
    let setup = Setup {
        sweep_interval: "1s",
        ..Setup::default()
    };
    let (mut world, clock) = World::on_manual_clock(&setup).await;
    let (alice, bob, carol) = (alice(), bob(), carol());
    let channel = FakeChannel::text(2_000_000_000_000_041);
    let challenge = [
        Opt::user("opponent", &bob),
        Opt::str("colour", "white"),
        Opt::str("deadline", "1h"),
    ];
    world.slash(&alice, channel, "challenge", &challenge).await;
    assert_board(&world.slash(&bob, channel, "accept", &[]).await);

    let greedy = world
        .slash(&bob, channel, "vacation", &[Opt::str("days", "30")])
        .await;
    assert!(greedy.is_ephemeral(), "a refusal is private: {greedy:#?}");
    assert!(
        greedy
            .text()
            .contains("You asked for 30 days, but only 14 vacation days are left this year."),
        "{}",
        greedy.text()
    );

    let from = world.fake.calls().len();
    let started = world
        .slash(&alice, channel, "vacation", &[Opt::str("days", "2")])
        .await;
    assert!(!started.is_ephemeral(), "{started:#?}");
    let text = started.text();
    assert!(text.contains("alice"), "{text}");
    for words in [
        "is on vacation for 2 days",
        "the deadlines of 1 game are paused",
        "12 vacation days are left this year",
    ] {
        assert!(text.contains(words), "`{words}` in {text}");
    }
    let paused = world
        .fake
        .wait_call_from(from, "the pause told in the game's channel", |c| {
            c.method == "POST"
                && c.path == format!("/channels/{}/messages", channel.id)
                && c.text().contains("paused for both sides")
        })
        .await
        .1;
    assert!(paused.text().contains("alice"), "{}", paused.text());

    // Past the hour, inside the vacation: a sweep runs (it expires a challenge elsewhere),
    // and the game is not lost on time; a spectator's board settles it inline too.
    let elsewhere = FakeChannel::text(2_000_000_000_000_042);
    world
        .slash(
            &carol,
            elsewhere,
            "challenge",
            &[Opt::user("opponent", &bob)],
        )
        .await;
    let from = world.fake.calls().len();
    clock.advance(Duration::from_secs(2 * 3600));
    let expired = world.channel_message(from, elsewhere.id).await;
    assert!(lower(&expired).contains("expired"), "{}", expired.text());
    let board = world.slash(&carol, channel, "board", &[]).await;
    assert_board(&board);
    assert!(!lower(&board).contains("on time"), "{}", board.text());

    // The vacation's two days pass: the game's deadline runs again with the paused time
    // added, so a minute later the hour is not over yet...
    let from = world.fake.calls().len();
    clock.advance(Duration::from_secs(2 * 86_400 - 2 * 3600 + 60));
    let resumed = world.channel_message(from, channel.id).await;
    assert!(
        resumed.text().contains("vacation is over"),
        "{}",
        resumed.text()
    );
    let board = world.slash(&carol, channel, "board", &[]).await;
    assert!(!lower(&board).contains("on time"), "{}", board.text());
    // ...and once it is, the player to move loses on time.
    let from = world.fake.calls().len();
    clock.advance(Duration::from_secs(3600));
    let timeout = world.channel_message(from, channel.id).await;
    let text = timeout.text();
    assert!(
        text.contains("alice") && text.contains("loses on time"),
        "{text}"
    );
    assert!(timeout.pinged().contains(&alice.id), "{timeout:#?}");
    let timeouts = world
        .fake
        .calls()
        .iter()
        .filter(|c| c.text().contains("loses on time"))
        .count();
    assert_eq!(timeouts, 1, "lost on time once, after the vacation");
    world.stop().await;
}

/// A vacation's word to the player's other games goes out at once, not at the sweeper's next
/// tick (an hour away here), and so does the word that it is over when a move ends it.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_vacation_is_told_in_the_other_games_at_once() {
    let setup = Setup {
        sweep_interval: "1h",
        ..Setup::default()
    };
    let (mut world, _clock) = World::on_manual_clock(&setup).await;
    let (alice, bob, carol) = (alice(), bob(), carol());
    let first = FakeChannel::text(2_000_000_000_000_043);
    let second = FakeChannel::text(2_000_000_000_000_044);
    for (channel, opponent) in [(first, &bob), (second, &carol)] {
        let challenge = [
            Opt::user("opponent", opponent),
            Opt::str("colour", "white"),
            Opt::str("deadline", "1d"),
        ];
        world.slash(&alice, channel, "challenge", &challenge).await;
        assert_board(&world.slash(opponent, channel, "accept", &[]).await);
    }
    let from = world.fake.calls().len();
    let started = world
        .slash(&alice, first, "vacation", &[Opt::str("days", "3")])
        .await;
    assert!(
        started
            .text()
            .contains("the deadlines of 2 games are paused"),
        "{}",
        started.text()
    );
    let paused = world.channel_message(from, second.id).await;
    assert!(
        paused.text().contains("paused for both sides"),
        "{}",
        paused.text()
    );
    let from = world.fake.calls().len();
    let moved = world.play(&alice, first, "e4").await;
    assert!(
        moved.text().contains("vacation is over"),
        "{}",
        moved.text()
    );
    let resumed = world.channel_message(from, second.id).await;
    assert!(
        resumed
            .text()
            .contains("the deadlines of this game run again"),
        "{}",
        resumed.text()
    );
    world.stop().await;
}

/// A 64 px square PNG of one colour, as a player's picture.
fn solid_png(rgb: [u8; 3]) -> Vec<u8> {
    let mut bytes = Vec::new();
    let mut encoder = png::Encoder::new(&mut bytes, 64, 64);
    encoder.set_color(png::ColorType::Rgb);
    let mut writer = encoder.write_header().expect("a header");
    writer
        .write_image_data(&rgb.repeat(64 * 64))
        .expect("the pixels");
    writer.finish().expect("the end");
    bytes
}

/// Whether the board PNG `call` posted has a palette colour within 40 of `rgb` on every
/// channel: a picture of that colour is drawn in one of its name bars (the colours the tests
/// use are far from every colour of a board without pictures).
fn board_shows(call: &RestCall, rgb: [u8; 3]) -> bool {
    let png = call
        .file_ending(".png")
        .unwrap_or_else(|| panic!("no PNG in {call:#?}"));
    let reader = png::Decoder::new(std::io::Cursor::new(&png.bytes))
        .read_info()
        .expect("a PNG header");
    let palette = reader.info().palette.as_ref().expect("an indexed PNG");
    palette
        .chunks(3)
        .any(|c| c.iter().zip(rgb).all(|(&a, b)| a.abs_diff(b) <= 40))
}

/// Players' pictures come from the fake CDN into the name bars: a member's server picture
/// before their own, asked at a size the CDN serves; a broken picture leaves the icon and the
/// game goes on; a server admin turns pictures off and on.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn boards_show_the_players_pictures_from_the_cdn() {
    const MAGENTA: [u8; 3] = [230, 20, 230];
    const GREEN: [u8; 3] = [20, 200, 20];
    const BLUE: [u8; 3] = [20, 20, 230];
    const YELLOW: [u8; 3] = [240, 240, 20];
    let mut world = World::started(&Setup::default()).await;
    let alice = alice()
        .with_avatar("a11ce0000000000000000000000000a1")
        .managing_the_server();
    let bob = bob()
        .with_avatar("b0b000000000000000000000000000b0")
        .with_server_avatar("5e7b0b00000000000000000000000005");
    let carol = carol().with_avatar("a_c0ffee0000000000000000000000000c");
    let cdn = &world.fake;
    cdn.put_picture(
        &format!("avatars/{}/a11ce0000000000000000000000000a1", alice.id),
        solid_png(MAGENTA),
    );
    cdn.put_picture(
        &format!("avatars/{}/b0b000000000000000000000000000b0", bob.id),
        solid_png(GREEN),
    );
    let bob_here = format!(
        "guilds/{GUILD_ID}/users/{}/avatars/5e7b0b00000000000000000000000005",
        bob.id
    );
    cdn.put_picture(&bob_here, solid_png(BLUE));
    cdn.put_picture(
        &format!("avatars/{}/a_c0ffee0000000000000000000000000c", carol.id),
        b"\x89PNG\r\n\x1a\n not a picture after all".to_vec(),
    );
    let channel = FakeChannel::text(2_000_000_000_000_041);

    challenge_as_white(&world, &alice, &bob, channel, "standard").await;
    world.slash(&bob, channel, "accept", &[]).await;
    // Both pictures have come from the CDN before the board asserted on is drawn, so the
    // test does not depend on how long a fetch takes.
    cdn.wait_cdn_call(&format!("avatars/{}/", alice.id)).await;
    cdn.wait_cdn_call(&bob_here).await;
    let board = world.play(&alice, channel, "e4").await;
    assert_board(&board);
    assert!(board_shows(&board, MAGENTA), "alice's picture");
    assert!(board_shows(&board, BLUE), "bob's picture in this server");
    assert!(
        !board_shows(&board, GREEN),
        "bob's own picture is not the one shown here"
    );
    let calls = cdn.cdn_calls();
    assert!(
        calls.iter().any(|c| c.path == format!("{bob_here}.png")),
        "{calls:#?}"
    );
    assert!(
        calls.iter().all(|c| c.status == 200 && c.size.is_some()),
        "every picture asked at a size the CDN serves: {calls:#?}"
    );

    let off = world
        .slash(&alice, channel, "avatars", &[Opt::str("show", "off")])
        .await;
    assert!(off.text().contains("icons"), "{}", off.text());
    let plain = world.play(&bob, channel, "e5").await;
    assert_board(&plain);
    assert!(!board_shows(&plain, MAGENTA) && !board_shows(&plain, BLUE));
    world
        .slash(&alice, channel, "avatars", &[Opt::str("show", "on")])
        .await;
    let again = world.play(&alice, channel, "Nf3").await;
    assert!(board_shows(&again, MAGENTA) && board_shows(&again, BLUE));

    // A new picture has a new hash: the next board shows it at once.
    let renewed = alice
        .clone()
        .with_avatar("f1e5000000000000000000000000000f");
    cdn.put_picture(
        &format!("avatars/{}/f1e5000000000000000000000000000f", alice.id),
        solid_png(YELLOW),
    );
    world.play(&bob, channel, "Nc6").await;
    world.slash(&renewed, channel, "board", &[]).await;
    cdn.wait_cdn_call(&format!("avatars/{}/f1e5", alice.id))
        .await;
    let changed = world.play(&renewed, channel, "Bb5").await;
    assert!(board_shows(&changed, YELLOW) && !board_shows(&changed, MAGENTA));

    // A picture that does not decode leaves the icon; the game is played all the same.
    let elsewhere = FakeChannel::text(2_000_000_000_000_042);
    challenge_as_white(&world, &carol, &alice, elsewhere, "standard").await;
    world.slash(&alice, elsewhere, "accept", &[]).await;
    cdn.wait_cdn_call(&format!("avatars/{}/", carol.id)).await;
    let played = world.play(&carol, elsewhere, "d4").await;
    assert_board(&played);
    assert!(
        board_shows(&played, MAGENTA),
        "alice's picture beside carol's icon"
    );
    world.stop().await;
}

/// Issue 20: users' data. `/mydata` answers with the JSON file, seen by its asker only;
/// `/forget` asks privately with Forget me and Cancel buttons, Cancel keeps everything, Forget
/// me resigns the game under way (said in its channel at once) and leaves the finished game to
/// a deleted user in the history. A Japanese client reads `/privacy` and the answers in
/// Japanese, with the commands' Japanese names.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn mydata_is_private_and_forget_asks_with_buttons() {
    let mut world = World::started(&Setup::default()).await;
    let (alice, bob) = (alice(), bob());
    let channel = FakeChannel::text(2_000_000_000_000_081);
    challenge_as_white(&world, &alice, &bob, channel, "standard").await;
    world.slash(&bob, channel, "accept", &[]).await;
    assert_board(&world.play(&alice, channel, "e4").await);

    let data = world.slash(&alice, channel, "mydata", &[]).await;
    assert!(data.is_ephemeral(), "{data:#?}");
    let file = data.file_ending(".json").expect("the data file");
    assert_eq!(file.filename, format!("nadare-data-{}.json", alice.id));
    let json: serde_json::Value = serde_json::from_slice(&file.bytes).expect("JSON");
    assert_eq!(json["format"], "nadare-user-data");
    assert_eq!(json["user"], alice.id.to_string());
    assert_eq!(json["games"][0]["turns"], serde_json::json!(["e4"]));
    assert!(data.text().contains("1 game"), "{}", data.text());

    let asked = world.slash(&alice, channel, "forget", &[]).await;
    assert!(asked.is_ephemeral());
    assert!(
        asked.text().contains("Forget everything"),
        "{}",
        asked.text()
    );
    assert!(
        asked.text().contains("A game under way is resigned"),
        "{}",
        asked.text()
    );
    let kept = world
        .press(&alice, channel, &button(&asked, "forget-no"))
        .await;
    assert!(kept.is_ephemeral());
    assert!(
        kept.text().contains("Nothing was forgotten"),
        "{}",
        kept.text()
    );
    let from = world.fake.calls().len();
    let done = world
        .press(&alice, channel, &button(&asked, "forget-yes"))
        .await;
    assert!(done.is_ephemeral());
    assert!(
        done.text().contains("nadare has forgotten you"),
        "{}",
        done.text()
    );
    let resigned = world.channel_message(from, channel.id).await;
    assert!(
        resigned.text().contains("**alice** (White) resigns"),
        "{}",
        resigned.text()
    );
    let history = world.slash(&bob, channel, "history", &[]).await;
    assert!(
        history.text().contains("deleted user") && !history.text().contains("alice"),
        "{}",
        history.text()
    );
    let again = world.slash(&alice, channel, "mydata", &[]).await;
    let json: serde_json::Value =
        serde_json::from_slice(&again.file_ending(".json").expect("file").bytes).expect("JSON");
    assert_eq!(json["games"], serde_json::json!([]));

    let carol = carol().with_locale("ja");
    let policy = world.slash(&carol, channel, "privacy", &[]).await;
    assert!(policy.is_ephemeral());
    assert!(
        policy.text().contains("`/データ削除`") && policy.text().contains("`/自分のデータ`"),
        "{}",
        policy.text()
    );
    let nothing = world.slash(&carol, channel, "forget", &[]).await;
    assert!(nothing.is_ephemeral() && nothing.button_ids().is_empty());
    assert!(
        nothing.text().contains("何も保存していません"),
        "{}",
        nothing.text()
    );
    let history = world.slash(&carol, channel, "history", &[]).await;
    assert!(
        history.text().contains("deleted user"),
        "the channel's language: {}",
        history.text()
    );
    world.stop().await;
}

/// A server the bot leaves loses its settings: its language goes back to its Discord one.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_server_left_loses_its_settings() {
    let mut world = World::started(&Setup::default()).await;
    let admin = alice().managing_the_server();
    let channel = FakeChannel::text(2_000_000_000_000_082);
    world
        .slash(&admin, channel, "language", &[Opt::str("language", "ja")])
        .await;
    let rules = world.slash(&bob(), channel, "rules", &[]).await;
    assert!(japanese(&rules.text()), "{}", rules.text());
    world
        .fake
        .dispatch(
            "GUILD_DELETE",
            GUILD_ID,
            serde_json::json!({"id": GUILD_ID.to_string()}),
        )
        .await;
    // The bot handles the event beside the commands: wait until it has.
    let mut text = String::new();
    for _ in 0..50 {
        text = world.slash(&bob(), channel, "rules", &[]).await.text();
        if !japanese(&text) {
            break;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    assert!(
        !japanese(&text),
        "back to the server's Discord language: {text}"
    );
    world.stop().await;
    // Stored too: a restart does not bring the setting back.
    world.start(&Setup::default()).await;
    let rules = world.slash(&bob(), channel, "rules", &[]).await;
    assert!(!japanese(&rules.text()), "{}", rules.text());
    world.stop().await;
}
