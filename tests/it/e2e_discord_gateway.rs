//! The gateway as Discord runs it, against the real bot: compressed payloads and each
//! server's GUILD_CREATE (its language words what a restart announces), a connection closed
//! or a session invalidated (resumed, with what it missed replayed, or identified anew,
//! answering every interaction), a revoked token (the bot stops and says why), and
//! heartbeats asked for or left unacknowledged.

use std::time::Duration;

use discord::FrontError;
use nadare::app;
use testkit::fake_discord::WAIT;
use testkit::fake_discord::payloads::{FakeChannel, GUILD_ID};

use super::e2e_discord::{Setup, World, accepted_game, alice, assert_board};

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
    let mut world = World::new(1).await;
    world.start(&Setup::default()).await;
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
    let mut world = World::new(1).await;
    world.start(&Setup::default()).await;
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
    let mut world = World::new(1).await;
    world.start(&Setup::default()).await;
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
    let mut world = World::new(1).await;
    world
        .start(&Setup {
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
