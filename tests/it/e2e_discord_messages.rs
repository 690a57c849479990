//! How many messages a game leaves in its channel, on the fake Discord with the real bot: a
//! whole game from the challenge to mate with button presses (a refused and an accepted
//! Accept, a flipped board) and the server's history paged by button, counted as the channel
//! shows them at the end, with quick answers and with every answer deferred.

use std::time::Duration;

use testkit::fake_discord::FakeMessage;
use testkit::fake_discord::payloads::{FakeChannel, FakeUser, Opt};

use super::e2e_discord::{Setup, World, alice, bob, carol};

/// How long the bot must have sent nothing for its work on the last answer to count as done.
const QUIET: Duration = Duration::from_millis(400);

/// The public messages of the bot's that `channel` shows now.
fn public(world: &World, channel: FakeChannel) -> Vec<FakeMessage> {
    world
        .fake
        .messages_in(channel.id)
        .into_iter()
        .filter(|m| !m.ephemeral)
        .collect()
}

/// `alice` challenges `bob` to a standard game as White in `channel`.
async fn challenge(world: &World, alice: &FakeUser, bob: &FakeUser, channel: FakeChannel) {
    let options = [Opt::user("opponent", bob), Opt::str("colour", "white")];
    world.slash(alice, channel, "challenge", &options).await;
}

/// Plays a whole game in a channel of its own after ten short games elsewhere (so the
/// server's history has two pages), pages the history there by button, and returns the public
/// messages the game's channel shows at the end.
async fn whole_game(setup: &Setup, channels: [u64; 2]) -> Vec<FakeMessage> {
    let mut world = World::started(setup).await;
    let (alice, bob, carol) = (alice(), bob(), carol());
    let elsewhere = FakeChannel::text(channels[0]);
    for _ in 0..10 {
        challenge(&world, &alice, &bob, elsewhere).await;
        world.slash(&bob, elsewhere, "accept", &[]).await;
        world.slash(&alice, elsewhere, "resign", &[]).await;
    }

    let channel = FakeChannel::text(channels[1]);
    challenge(&world, &alice, &bob, channel).await;
    let accept = format!(
        "nadare:{}:accept",
        game_of(&world.fake.messages_in(channel.id))
    );
    let refused = world.press(&carol, channel, &accept).await;
    assert!(refused.is_ephemeral(), "only bob may accept: {refused:#?}");
    world.press(&bob, channel, &accept).await;
    for (turn, player) in ["e4", "e5", "Qh5", "Nc6", "Bc4", "Nf6", "Qxf7#"]
        .into_iter()
        .zip([&alice, &bob].into_iter().cycle())
    {
        if turn == "Nc6" {
            let flip = flip_button(&world, channel);
            let flipped = world.press(&carol, channel, &flip).await;
            assert!(flipped.is_ephemeral(), "{flipped:#?}");
        }
        let played = world
            .slash(player, channel, "move", &[Opt::str("notation", turn)])
            .await;
        assert!(played.succeeded() && !played.is_ephemeral(), "{played:#?}");
    }

    let first = world.slash(&carol, channel, "history", &[]).await;
    assert!(first.text().contains("page 1 of 2"), "{}", first.text());
    let next = world
        .press(
            &carol,
            channel,
            &button_with(&first.button_ids(), "page-next"),
        )
        .await;
    assert!(next.text().contains("page 2 of 2"), "{}", next.text());
    let back = world
        .press(
            &carol,
            channel,
            &button_with(&next.button_ids(), "page-previous"),
        )
        .await;
    assert!(back.text().contains("page 1 of 2"), "{}", back.text());
    world.fake.settle(QUIET).await;
    let shown = public(&world, channel);
    world.stop().await;
    shown
}

/// The game (or challenge) id the buttons of `messages` carry.
fn game_of(messages: &[FakeMessage]) -> u64 {
    messages
        .iter()
        .flat_map(FakeMessage::button_ids)
        .find_map(|id| id.split(':').nth(1)?.parse().ok())
        .expect("a message with the game's buttons")
}

/// The Flip button of the newest board in `channel`.
fn flip_button(world: &World, channel: FakeChannel) -> String {
    world
        .fake
        .messages_in(channel.id)
        .iter()
        .rev()
        .flat_map(FakeMessage::button_ids)
        .find(|id| id.ends_with(":flip"))
        .expect("a board with a Flip button")
}

/// The button among `ids` whose action is `action` (`page-next` …).
fn button_with(ids: &[String], action: &str) -> String {
    ids.iter()
        .find(|id| id.contains(&format!(":{action}")))
        .cloned()
        .unwrap_or_else(|| panic!("no {action} among {ids:?}"))
}

/// What a whole game leaves in its channel: the challenge (answered, without its buttons),
/// the start, one board per turn (the last with the result), and the history, one message
/// paged in place; only the result keeps the game's buttons. Before boards and pages were
/// edited in place it was 12 with quick answers, and one more per deferred turn (a ping of
/// its own) with deferred ones.
fn assert_tidy(shown: &[FakeMessage]) {
    assert_eq!(shown.len(), 10, "{shown:#?}");
    let game = game_of(shown);
    let with_game_buttons: Vec<&FakeMessage> = shown
        .iter()
        .filter(|m| {
            m.button_ids()
                .iter()
                .any(|id| id.starts_with(&format!("nadare:{game}:")))
        })
        .collect();
    assert_eq!(with_game_buttons.len(), 1, "{shown:#?}");
    assert!(
        with_game_buttons[0].text().contains("checkmate"),
        "the result: {shown:#?}"
    );
    assert!(
        shown[0].button_ids().is_empty() && shown[0].content.ends_with("**bob** accepted."),
        "the challenge: {:#?}",
        shown[0]
    );
}

/// A whole game with quick answers.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_messages_a_whole_game_leaves() {
    let shown = whole_game(
        &Setup::default(),
        [2_000_000_000_000_061, 2_000_000_000_000_062],
    )
    .await;
    assert_tidy(&shown);
}

/// The same game with every answer deferred leaves as many.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_messages_a_whole_game_with_deferred_answers_leaves() {
    let setup = Setup {
        defer_after: Duration::ZERO,
        ..Setup::default()
    };
    let shown = whole_game(&setup, [2_000_000_000_000_063, 2_000_000_000_000_064]).await;
    assert_tidy(&shown);
}
