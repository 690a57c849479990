//! End-to-end tests: the real bot (serenity client, front, service, storage) against a fake
//! Discord on 127.0.0.1. Tests act as users by dispatching gateway events and assert on the
//! REST calls the bot makes.

mod fake_discord;

use std::path::Path;
use std::sync::Arc;
use std::time::{Duration, SystemTime};

use fake_discord::payloads::{self, FakeChannel, FakeUser, GUILD_ID, Opt, TOKEN};
use fake_discord::{FakeDiscord, RestCall};
use nadare::config::Config;
use nadare::discord::{Bot, FrontError};
use nadare::service::{Clock, ManualClock, SystemClock};
use serenity::all::{
    ClientBuilder, Context, CreateAttachment, CreateInteractionResponse,
    CreateInteractionResponseMessage, EventHandler, GatewayIntents, HttpBuilder, Interaction,
};
use serenity::async_trait;
use tempfile::TempDir;

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
fn assert_board(call: &RestCall) {
    assert!(!call.is_ephemeral(), "a board is public: {call:#?}");
    let png = call
        .file_ending(".png")
        .unwrap_or_else(|| panic!("no PNG in {call:#?}"));
    let (width, height) = png_size(&png.bytes);
    assert!(width > 0 && height > 0);
}

fn lower(call: &RestCall) -> String {
    call.content().to_lowercase()
}

struct Echo;

#[async_trait]
impl EventHandler for Echo {
    async fn interaction_create(&self, ctx: Context, interaction: Interaction) {
        if let Interaction::Command(command) = interaction {
            let message = CreateInteractionResponseMessage::new()
                .content(format!("hello {}", command.user.name))
                .add_file(CreateAttachment::bytes(tiny_png(), "board.png"));
            command
                .create_response(&ctx.http, CreateInteractionResponse::Message(message))
                .await
                .expect("the fake accepts the response");
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
    assert_eq!(reply.content(), "hello alice");
    let png = reply.file_ending(".png").expect("a PNG attachment");
    assert_eq!(png.field, "files[0]");
    assert_eq!(png_size(&png.bytes), (2, 2));

    shards.shutdown_all().await;
    running.await.expect("client task").expect("clean shutdown");
}

/// Settings a test runs the bot with.
struct Setup {
    threads: bool,
    typed_moves: bool,
    shards: &'static str,
    token: &'static str,
    sweep_interval: &'static str,
    development_guild: bool,
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
        }
    }
}

/// A fake Discord, a temporary database directory, and the bot running against them.
struct World {
    fake: FakeDiscord,
    dir: TempDir,
    bot: Option<Bot>,
}

impl World {
    async fn new(recommended_shards: u64) -> World {
        World {
            fake: FakeDiscord::start(recommended_shards).await,
            dir: TempDir::new().expect("a temp dir"),
            bot: None,
        }
    }

    fn config(&self, setup: &Setup) -> Config {
        let database = self.dir.path().join("nadare.db");
        let guild = if setup.development_guild {
            format!("development_guild = {GUILD_ID}\n")
        } else {
            String::new()
        };
        let text = format!(
            "{guild}token = \"{}\"\ndatabase = \"{}\"\napi_proxy = \"{}\"\nshards = \"{}\"\n\
             [games]\nthreads = {}\ntyped_moves = {}\nsweep_interval = \"{}\"\n",
            setup.token,
            database.display(),
            self.fake.url(),
            setup.shards,
            setup.threads,
            setup.typed_moves,
            setup.sweep_interval,
        );
        Config::from_parts(Some((&text, Path::new("e2e.toml"))), |_| None).expect("a valid config")
    }

    /// Starts the bot and waits until it has registered its commands.
    async fn start(&mut self, setup: &Setup) {
        self.start_with_clock(setup, Arc::new(SystemClock)).await;
    }

    /// Starts the bot on `clock` and waits until it has registered its commands.
    async fn start_with_clock(&mut self, setup: &Setup, clock: Arc<dyn Clock>) {
        let from = self.fake.calls().len();
        let bot = Bot::start_with_clock(&self.config(setup), clock)
            .await
            .expect("the bot starts");
        self.bot = Some(bot);
        let (_, registration) = self
            .fake
            .wait_call_from(from, "command registration", |c| {
                c.method == "PUT" && c.path.ends_with("/commands")
            })
            .await;
        let expected = if setup.development_guild {
            format!(
                "/applications/{}/guilds/{GUILD_ID}/commands",
                payloads::APPLICATION_ID
            )
        } else {
            format!("/applications/{}/commands", payloads::APPLICATION_ID)
        };
        assert_eq!(registration.path, expected);
        let names: Vec<&str> = registration
            .json
            .as_array()
            .expect("a list of commands")
            .iter()
            .filter_map(|c| c["name"].as_str())
            .collect();
        assert_eq!(names.len(), 15, "{names:?}");
        assert!(names.contains(&"challenge") && names.contains(&"move"));
    }

    /// Stops the bot gracefully and waits for its gateway sessions to close.
    async fn stop(&mut self) {
        if let Some(bot) = self.bot.take() {
            bot.stop().await.expect("a clean stop");
        }
        self.fake.wait_disconnected().await;
    }

    /// The message that finally answers interaction `id`: its callback, or after a deferral
    /// the edit or follow-up that completes it.
    async fn answer_to(&self, id: u64) -> RestCall {
        let token = payloads::token(id);
        let (index, first) = self
            .fake
            .wait_call_from(0, "the interaction's answer", |c| c.path.contains(&token))
            .await;
        if first.json["type"] != 5 {
            return first;
        }
        self.fake
            .wait_call_from(index + 1, "the deferred answer", |c| {
                c.path.contains(&token) && c.method != "DELETE"
            })
            .await
            .1
    }

    /// Sends a slash command without waiting for its answer; returns the interaction id.
    async fn send_slash(
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

    async fn slash(
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

    async fn play(&self, user: &FakeUser, channel: FakeChannel, notation: &str) -> RestCall {
        self.slash(user, channel, "move", &[Opt::str("notation", notation)])
            .await
    }

    async fn press(&self, user: &FakeUser, channel: FakeChannel, custom_id: &str) -> RestCall {
        let id = self.fake.snowflake();
        let message = self.fake.snowflake();
        let event = payloads::button(id, user, channel, message, custom_id);
        self.fake
            .dispatch("INTERACTION_CREATE", GUILD_ID, event)
            .await;
        self.answer_to(id).await
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
    async fn channel_message(&self, from: usize, channel: u64) -> RestCall {
        let path = format!("/channels/{channel}/messages");
        self.fake
            .wait_call_from(from, "a message in the channel", |c| {
                c.method == "POST" && c.path == path
            })
            .await
            .1
    }
}

fn button(call: &RestCall, action: &str) -> String {
    call.button_ids()
        .into_iter()
        .find(|id| id.ends_with(&format!(":{action}")))
        .unwrap_or_else(|| panic!("no {action} button in {call:#?}"))
}

fn alice() -> FakeUser {
    FakeUser::new(1_000_000_000_000_001, "alice")
}
fn bob() -> FakeUser {
    FakeUser::new(1_000_000_000_000_002, "bob")
}
fn carol() -> FakeUser {
    FakeUser::new(1_000_000_000_000_003, "carol")
}

/// Avalanche from challenge to mate: Accept button, a stranger refused, a two-step turn,
/// autocomplete, a spectator's board, every turn a new public message with a board PNG.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn avalanche_from_challenge_to_mate() {
    let mut world = World::new(1).await;
    world.start(&Setup::default()).await;
    let (alice, bob, carol) = (alice(), bob(), carol());
    let channel = FakeChannel::text(2_000_000_000_000_001);

    let challenge = world
        .slash(
            &alice,
            channel,
            "challenge",
            &[
                Opt::user("opponent", &bob),
                Opt::str("variant", "avalanche"),
                Opt::str("colour", "white"),
            ],
        )
        .await;
    assert!(!challenge.is_ephemeral(), "{challenge:#?}");
    assert!(
        challenge.content().contains(&format!("<@{}>", bob.id)),
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

    let started = world.press(&bob, channel, &accept).await;
    assert_board(&started);
    for action in ["resign", "draw", "flip"] {
        button(&started, action);
    }

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
    let setup = world
        .slash(&carol, channel, "chess960", &[Opt::int("number", 518)])
        .await;
    assert_board(&setup);
    assert!(setup.content().contains("518"), "{}", setup.content());

    let mate = world.play(&bob, channel, "Qh4/a4").await;
    assert_board(&mate);
    assert!(lower(&mate).contains("checkmate"), "{}", mate.content());

    let after = world.play(&alice, channel, "a4").await;
    assert!(after.is_ephemeral(), "the game is over");
    world.stop().await;
}

/// Chess960 (setup 0) in a thread opened by `/challenge`, accepted from the parent channel by
/// button, one turn typed as a plain message, to mate.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn chess960_in_a_thread_to_mate_with_a_typed_move() {
    let mut world = World::new(1).await;
    world
        .start(&Setup {
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
            c.path == format!("/channels/{}/threads", parent.id)
        })
        .await;
    assert_eq!(created.json["type"], 11, "a public thread");
    assert!(
        created.json["name"]
            .as_str()
            .is_some_and(|n| n.contains("alice vs bob"))
    );
    let thread_id = world
        .fake
        .first_posted_channel()
        .expect("the challenge is posted in the thread");
    let thread = FakeChannel::thread(thread_id, parent.id);
    assert!(
        challenge.content().contains(&format!("<#{thread_id}>")),
        "{}",
        challenge.content()
    );
    assert!(!challenge.is_ephemeral());

    let from = world.fake.calls().len();
    let pointer = world
        .press(&bob, parent, &button(&challenge, "accept"))
        .await;
    assert!(pointer.is_ephemeral(), "{pointer:#?}");
    let started = world.channel_message(from, thread_id).await;
    assert_board(&started);

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
    assert!(lower(&mate).contains("checkmate"), "{}", mate.content());
    world.stop().await;
}

/// Work that outlasts the quick-answer window is deferred, then completed: publicly by
/// editing the deferred answer, privately by replacing it with an ephemeral follow-up.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn slow_work_is_deferred_then_completed() {
    let mut world = World::new(1).await;
    world
        .start(&Setup {
            threads: true,
            ..Setup::default()
        })
        .await;
    world.fake.delay("POST", "/threads", Duration::from_secs(2));
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
    assert_eq!(
        refused.method, "POST",
        "an ephemeral follow-up: {refused:#?}"
    );
    assert!(refused.is_ephemeral());
    assert!(
        refused.content().contains("fixed setup"),
        "{}",
        refused.content()
    );
    let calls = world.fake.calls();
    assert!(
        calls
            .iter()
            .any(|c| c.method == "DELETE" && c.path.ends_with("/messages/@original"))
    );
    assert!(
        calls
            .iter()
            .any(|c| c.method == "DELETE" && c.path.starts_with("/channels/")),
        "the refused challenge's thread is removed"
    );

    let opened = world
        .slash(
            &alice,
            parent,
            "challenge",
            &[Opt::str("variant", "avalanche")],
        )
        .await;
    assert_eq!(
        opened.method, "PATCH",
        "the deferred answer is edited: {opened:#?}"
    );
    assert!(opened.path.ends_with("/messages/@original"));
    assert!(opened.content().contains("<#"), "{}", opened.content());
    button(&opened, "accept");
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

/// A restart in the middle of an Avalanche game: the game carries on from the same database,
/// a button posted before the restart still works, and a pending promotion is chosen by button.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_game_survives_a_restart_and_its_buttons_still_work() {
    let mut world = World::new(1).await;
    let setup = Setup::default();
    world.start(&setup).await;
    let (alice, bob) = (alice(), bob());
    let channel = FakeChannel::text(2_000_000_000_000_003);

    world
        .slash(
            &alice,
            channel,
            "challenge",
            &[
                Opt::user("opponent", &bob),
                Opt::str("variant", "avalanche"),
                Opt::str("colour", "white"),
            ],
        )
        .await;
    let started = world.slash(&bob, channel, "accept", &[]).await;
    assert_board(&started);
    let resign = button(&started, "resign");

    let turns = [
        "Nf3/b6", "Nc6/h3", "Ng1/b5", "Nf6/h4", "Nf3/b4", "Ng8/h5", "Ng1/b3", "Nf6/g3", "axb3/a6",
        "Ng8/b4", "Nf3/a5", "Nf6/b5", "Ng1/a4", "Ng8/b6", "Nf3/a3", "Nf6/b7", "Ng1/d6", "Ng8/b8",
    ];
    let (before, after) = turns.split_at(9);
    for (i, turn) in before.iter().enumerate() {
        let player = if i % 2 == 0 { &alice } else { &bob };
        assert_board(&world.play(player, channel, turn).await);
    }

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
    assert!(promoted.content().contains("=Q"), "{}", promoted.content());

    let resigned = world.press(&bob, channel, &resign).await;
    assert!(!resigned.is_ephemeral(), "{resigned:#?}");
    assert!(
        lower(&resigned).contains("resign"),
        "{}",
        resigned.content()
    );
    world.stop().await;
}

/// The background sweep posts what nobody asked for: here, a challenge that expired. (This
/// bot registers its commands to a development guild.)
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_sweeper_posts_expired_challenges() {
    let mut world = World::new(1).await;
    let clock = Arc::new(ManualClock::new(SystemTime::now()));
    let setup = Setup {
        sweep_interval: "1s",
        development_guild: true,
        ..Setup::default()
    };
    world.start_with_clock(&setup, clock.clone()).await;
    let (alice, bob) = (alice(), bob());
    let channel = FakeChannel::text(2_000_000_000_000_004);
    world
        .slash(&alice, channel, "challenge", &[Opt::user("opponent", &bob)])
        .await;

    let from = world.fake.calls().len();
    clock.advance(Duration::from_secs(11 * 60));
    let notice = world.channel_message(from, channel.id).await;
    assert!(lower(&notice).contains("expired"), "{}", notice.content());
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
    let error = match Bot::start(&config).await {
        Ok(_) => panic!("the fake refuses this token"),
        Err(error) => error,
    };
    assert!(matches!(error, FrontError::TokenRejected), "{error:?}");
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
    let bot = Bot::start(&world.config(&Setup {
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
