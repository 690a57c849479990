//! The gateway as Discord runs it, against the real bot: compressed payloads and each
//! server's GUILD_CREATE (its language words what a restart announces), a connection closed
//! or a session invalidated (resumed, with what it missed replayed, or identified anew,
//! answering every interaction), a revoked token (the bot stops and says why), heartbeats
//! asked for or left unacknowledged, THREAD_CREATE and THREAD_UPDATE as a game's thread is
//! opened, archived and reopened, and Discord's session start limit (used up: the bot says so
//! and stops; `max_concurrency` 2: both shards start).

use std::time::Duration;

use discord::FrontError;
use nadare::app;
use serde_json::{Value, json};
use serenity::model::event::{Event, GatewayEvent};
use testkit::fake_discord::WAIT;
use testkit::fake_discord::payloads::{FakeChannel, GUILD_ID, Opt};

use super::e2e_discord::{Setup, World, accepted_game, alice, assert_board, bob};

/// `/help` from alice in a fresh channel is answered, privately, with the list of commands.
async fn help_is_answered(world: &World, channel: u64) {
    let help = world
        .slash(&alice(), FakeChannel::text(channel), "help", &[])
        .await;
    assert!(
        help.is_ephemeral() && help.text().contains("/challenge"),
        "{help:#?}"
    );
}

/// serenity asks for compressed payloads, and every payload after HELLO comes compressed;
/// the server's GUILD_CREATE says it speaks Japanese, so the turn a restart announces (its
/// answer was refused before the stop) is announced in Japanese, though the game's commands
/// came with an English `guild_locale`.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn compressed_payloads_and_each_servers_language_from_guild_create() {
    let setup = Setup {
        sweep_interval: "1s",
        ..Setup::default()
    };
    let (mut world, clock) = World::on_manual_clock(&setup).await;
    assert!(world.fake.identifies().iter().all(|i| i.compress));
    assert!(
        world.fake.compressed_payloads() >= 2,
        "READY and GUILD_CREATE"
    );
    let channel = FakeChannel::text(2_000_000_000_000_301);
    accepted_game(&world, channel).await;
    world.fake.set_response_deadline(Duration::ZERO);
    let lost = world.play(&alice(), channel, "e4").await;
    assert!(!lost.succeeded(), "Discord refused the answer: {lost:#?}");
    world
        .fake
        .set_response_deadline(testkit::fake_discord::RESPONSE_DEADLINE);
    world.stop().await;

    world.fake.set_guild_locale(GUILD_ID, "ja");
    let from = world.fake.calls().len();
    world.start_with_clock(&setup, clock.clone()).await;
    let notice = world.channel_message(from, channel.id).await;
    let text = notice.text();
    assert!(text.contains("再起動のため遅れてお知らせします"), "{text}");
    assert!(text.contains("e4"), "{text}");
    world.stop().await;
}

/// A connection closed with 4000 (an unknown error) is resumed: the interaction Discord
/// received while no connection carried the session is replayed on the RESUME and answered,
/// and the bot never identified anew.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_closed_connection_resumes_and_answers_what_it_missed() {
    let mut world = World::started(&Setup::default()).await;
    world.fake.hold_gateway();
    world.fake.close_connections(4000);
    world.fake.wait_disconnected().await;
    let id = world
        .send_slash(
            &alice(),
            FakeChannel::text(2_000_000_000_000_302),
            "help",
            &[],
        )
        .await;
    world.fake.open_gateway();
    let help = world.answer_to(id).await;
    assert!(help.is_ephemeral() && help.text().contains("/challenge"));
    world.fake.wait_resumed().await;
    assert!(world.fake.replayed() >= 1, "the interaction was replayed");
    assert_eq!(world.fake.identifies().len(), 1, "resumed, not identified");
    help_is_answered(&world, 2_000_000_000_000_303).await;
    world.stop().await;
}

/// A session that cannot go on is identified anew: closed with 4009 (timed out) or 4007
/// (bad sequence), or declared invalid (op 9) without a resume. Each time the next
/// interaction is answered.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_ended_session_is_identified_anew() {
    let mut world = World::started(&Setup::default()).await;
    let mut channel = 2_000_000_000_000_310;
    for (i, code) in [4009, 4007].into_iter().enumerate() {
        world.fake.close_connections(code);
        world.fake.wait_identifies(i + 2).await;
        channel += 1;
        help_is_answered(&world, channel).await;
    }
    world.fake.invalidate_sessions(false);
    world.fake.wait_identifies(4).await;
    help_is_answered(&world, channel + 1).await;
    world.stop_bot().await;
}

/// A session declared invalid but resumable (op 9 `true`) is resumed, and the next
/// interaction answered.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_invalid_but_resumable_session_is_resumed() {
    let mut world = World::started(&Setup::default()).await;
    world.fake.invalidate_sessions(true);
    world.fake.wait_resumed().await;
    assert_eq!(world.fake.identifies().len(), 1, "resumed, not identified");
    help_is_answered(&world, 2_000_000_000_000_319).await;
    world.stop().await;
}

/// A token revoked while the bot runs (the gateway closes with 4004, and refuses it again)
/// stops the bot with an error that says what to do, and a failing status for the process.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_revoked_token_stops_the_bot_and_says_why() {
    let world = World::new(1).await;
    let bot = app::start(&world.config(&Setup::default()))
        .await
        .expect("the token is fine at the start");
    world.fake.wait_connected(1).await;
    world.fake.revoke_token();
    let ended = tokio::time::timeout(WAIT, bot.run_until_signal())
        .await
        .expect("the bot stops by itself");
    let error = ended.expect_err("Discord closed the connection for good");
    assert!(matches!(error, FrontError::TokenRejected), "{error:?}");
    assert!(error.to_string().contains("DISCORD_TOKEN"), "{error}");
}

/// A heartbeat Discord asks for (op 1) is sent at once, long before the interval; and when
/// Discord stops acknowledging heartbeats the bot connects again, then answers.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn heartbeats_asked_for_are_sent_and_unacknowledged_ones_reconnect() {
    let mut world = World::new(1).await;
    world.fake.set_heartbeat_interval(Duration::from_secs(600));
    world.start(&Setup::default()).await;
    let before = world.fake.heartbeats();
    world.fake.request_heartbeat();
    world.fake.wait_heartbeats(before + 1).await;
    world.stop().await;

    let mut world = World::new(1).await;
    world
        .fake
        .set_heartbeat_interval(Duration::from_millis(300));
    world.start(&Setup::default()).await;
    world.fake.wait_heartbeats(1).await;
    world.fake.pause_heartbeat_acks(true);
    world.fake.wait_reconnects(1).await;
    world.fake.pause_heartbeat_acks(false);
    help_is_answered(&world, 2_000_000_000_000_320).await;
    world.stop_bot().await;
}

/// With typed moves on (the bot asks for server messages), Discord echoes the bot's own
/// messages to it as MESSAGE_CREATE and MESSAGE_UPDATE: the bot reads none of them as a move
/// or a command, and says nothing more because of them.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_bots_own_messages_echoed_to_it_are_ignored() {
    let mut world = World::started(&Setup {
        typed_moves: true,
        ..Setup::default()
    })
    .await;
    let channel = FakeChannel::text(2_000_000_000_000_330);
    accepted_game(&world, channel).await;
    assert_board(&world.play(&alice(), channel, "e4").await);
    world.fake.settle(Duration::from_millis(500)).await;
    assert!(world.fake.echoed() >= 3, "echoed: {}", world.fake.echoed());
    let calls = world.fake.calls().len();
    world.fake.settle(Duration::from_millis(500)).await;
    assert_eq!(
        world.fake.calls().len(),
        calls,
        "nothing said to its own messages"
    );
    world.stop().await;
}

/// The archived and locked state a thread event gives its thread.
fn archived_locked(data: &Value) -> (Option<bool>, Option<bool>) {
    let metadata = &data["thread_metadata"];
    (metadata["archived"].as_bool(), metadata["locked"].as_bool())
}

/// A game's thread as Discord tells the bot of it: THREAD_CREATE (`newly_created`) when the
/// challenge opens it; THREAD_UPDATE when a week of silence on Discord's clock archives it,
/// when the answer to a move there reopens it, and when a moderator archives and locks it.
/// Each event parses as serenity reads a dispatch, and the game goes on after the archive.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn thread_events_arrive_and_a_game_goes_on_in_an_archived_thread() {
    let mut world = World::started(&Setup {
        threads: true,
        ..Setup::default()
    })
    .await;
    let (alice, bob) = (alice(), bob());
    let parent = FakeChannel::with_threads(2_000_000_000_000_340);
    let challenge = [Opt::user("opponent", &bob), Opt::str("colour", "white")];
    world.slash(&alice, parent, "challenge", &challenge).await;
    let created = world.fake.wait_thread_events(1).await;
    let (event, data) = created.first().expect("THREAD_CREATE");
    assert_eq!(event, "THREAD_CREATE", "{data}");
    assert_eq!(data["newly_created"], json!(true), "{data}");
    assert_eq!(data["parent_id"], json!(parent.id.to_string()), "{data}");
    assert_eq!(archived_locked(data), (Some(false), Some(false)), "{data}");
    let id: u64 = data["id"]
        .as_str()
        .and_then(|id| id.parse().ok())
        .expect("the thread's id");
    assert!(world.fake.threads().iter().any(|t| t.id == id));
    let thread = FakeChannel::thread(id, parent.id);
    assert_board(&world.slash(&bob, thread, "accept", &[]).await);

    world.fake.advance(Duration::from_secs(7 * 86_400 + 60));
    let archived = world.fake.wait_thread_events(2).await;
    let (event, data) = archived.last().expect("THREAD_UPDATE");
    assert_eq!(event, "THREAD_UPDATE");
    assert_eq!(archived_locked(data), (Some(true), Some(false)), "{data}");
    assert!(world.fake.archived(id));

    assert_board(&world.play(&alice, thread, "e4").await);
    let reopened = world.fake.wait_thread_events(3).await;
    let (event, data) = reopened.last().expect("THREAD_UPDATE");
    assert_eq!(event, "THREAD_UPDATE");
    assert_eq!(archived_locked(data), (Some(false), Some(false)), "{data}");
    assert_board(&world.play(&bob, thread, "e5").await);

    world.fake.archive(id, true);
    let events = world.fake.wait_thread_events(4).await;
    let (_, data) = events.last().expect("THREAD_UPDATE");
    assert_eq!(archived_locked(data), (Some(true), Some(true)), "{data}");
    help_is_answered(&world, 2_000_000_000_000_341).await;

    for (seq, (event, data)) in (10..).zip(&events) {
        let payload = json!({"op": 0, "t": event, "s": seq, "d": data});
        let parsed: GatewayEvent = serde_json::from_value(payload)
            .unwrap_or_else(|error| panic!("serenity cannot read {event}: {error}; {data}"));
        let thread = match parsed {
            GatewayEvent::Dispatch(_, Event::ThreadCreate(created)) => created.thread,
            GatewayEvent::Dispatch(_, Event::ThreadUpdate(updated)) => updated.thread,
            other => panic!("not a thread event: {other:?}"),
        };
        assert_eq!(thread.id.get(), id);
        let metadata = thread.thread_metadata.expect("thread metadata");
        assert_eq!(
            (Some(metadata.archived), Some(metadata.locked)),
            archived_locked(data)
        );
    }
    world.stop().await;
}

/// Discord's session start limit. With none left the bot does not start: it says how many
/// it needs and when the limit resets, and spends no IDENTIFY (one past the limit would
/// reset the token). With one left it starts; when its session then ends and it must
/// identify anew, Discord resets the token (4004): the bot stops after that one try, saying
/// why, instead of trying again and again.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_used_up_session_start_limit_stops_the_bot_clearly() {
    let world = World::new(1).await;
    world.fake.set_session_start_limit(0, 1);
    let refused = app::start(&world.config(&Setup::default()))
        .await
        .err()
        .expect("no session start is left");
    let message = refused.to_string();
    assert!(
        matches!(
            refused,
            app::StartError::Front(FrontError::SessionStartLimit {
                remaining: 0,
                needed: 1,
                reset_minutes: 1440,
            })
        ),
        "{refused:?}"
    );
    assert!(
        message.contains("session start") && message.contains("1440 minute"),
        "{message}"
    );
    assert!(world.fake.identifies().is_empty(), "no IDENTIFY spent");

    world.fake.set_session_start_limit(1, 1);
    let bot = app::start(&world.config(&Setup::default()))
        .await
        .expect("one session start is left");
    world.fake.wait_connected(1).await;
    assert_eq!(world.fake.session_starts_remaining(), 0);
    world.fake.close_connections(4009);
    let ended = tokio::time::timeout(WAIT, bot.run_until_signal())
        .await
        .expect("the bot stops by itself");
    let error = ended.expect_err("Discord reset the token");
    assert!(matches!(error, FrontError::TokenRejected), "{error:?}");
    assert!(error.to_string().contains("daily limit"), "{error}");
    assert_eq!(world.fake.identifies().len(), 1, "one session started");
    let refused_calls = world
        .fake
        .calls()
        .iter()
        .filter(|c| c.status == 401)
        .count();
    eprintln!(
        "session start limit: {refused_calls} calls refused with 401 after the reset; invalid \
         requests {}",
        world.fake.invalid_requests()
    );
}

/// With `max_concurrency` 2, as Discord gives large bots, serenity starts both shards the
/// fake recommends, each spending one session start, none refused for identifying too soon,
/// and the server's interactions are answered on the shard that owns it.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_shards_start_under_max_concurrency_two() {
    let mut world = World::new(2).await;
    world.fake.set_session_start_limit(1000, 2);
    world.start(&Setup::default()).await;
    world.fake.wait_connected(2).await;
    let mut shards: Vec<(u64, u64)> = world.fake.identifies().iter().map(|i| i.shard).collect();
    shards.sort_unstable();
    assert_eq!(shards, [(0, 2), (1, 2)]);
    assert_eq!(world.fake.session_starts_remaining(), 998);
    assert_eq!(world.fake.identifies_too_soon(), 0);
    help_is_answered(&world, 2_000_000_000_000_350).await;
    world.stop().await;
}
