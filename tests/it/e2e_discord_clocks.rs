//! Chess clocks on the fake Discord, on the manual clock: a turn made in Discord is timed from
//! the moment the opponent's turn was stored, less the lag allowance of half a second, and a
//! flag is posted in the game's channel by the game's own timer at once, and once.

use std::time::{Duration, Instant};

use testkit::fake_discord::payloads::{FakeChannel, Opt};

use crate::e2e_discord::{Setup, World, alice, assert_board, bob};

/// The messages posted in `channel` from call index `from` on whose text holds `words`.
fn posted_saying(world: &World, from: usize, channel: u64, words: &str) -> usize {
    let path = format!("/channels/{channel}/messages");
    world
        .fake
        .calls()
        .iter()
        .skip(from)
        .filter(|c| c.method == "POST" && c.path == path && c.text().contains(words))
        .count()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_turn_is_timed_from_the_last_stored_one_and_a_flag_is_posted_at_once() {
    let (mut world, clock) = World::on_manual_clock(&Setup::default()).await;
    let (alice, bob) = (alice(), bob());
    let channel = FakeChannel::text(2_000_000_000_000_091);
    let challenge = [
        Opt::user("opponent", &bob),
        Opt::str("colour", "white"),
        Opt::str("time", "1+0"),
    ];
    let made = world.slash(&alice, channel, "challenge", &challenge).await;
    assert!(made.text().contains("clock 1+0"), "{}", made.text());
    let accepted = world.slash(&bob, channel, "accept", &[]).await;
    assert_board(&accepted);
    assert!(
        accepted.text().contains("Clock 1+0: 1m each"),
        "{}",
        accepted.text()
    );
    // Each first turn has its minute and costs nothing.
    clock.advance(Duration::from_secs(50));
    assert_board(&world.play(&alice, channel, "e4").await);
    clock.advance(Duration::from_secs(50));
    assert_board(&world.play(&bob, channel, "e5").await);
    // alice answers 10 s after bob's turn was stored: 9.5 s of it is charged.
    clock.advance(Duration::from_secs(10));
    assert_board(&world.play(&alice, channel, "Nf3").await);
    assert_board(&world.play(&bob, channel, "Nc6").await);

    // alice has 50.5 s left, and the allowance of her next turn: not at 50.9 s.
    let from = world.fake.calls().len();
    clock.advance(Duration::from_millis(50_900));
    tokio::time::sleep(Duration::from_millis(300)).await;
    assert_eq!(
        posted_saying(&world, from, channel.id, "ran out of time"),
        0,
        "too early for a flag"
    );
    clock.advance(Duration::from_millis(200));
    let moved = Instant::now();
    let notice = world.channel_message(from, channel.id).await;
    println!(
        "the flag was posted {:?} after the clock passed it",
        moved.elapsed()
    );
    let text = notice.text();
    assert!(text.contains("ran out of time and loses"), "{text}");
    assert!(text.contains("alice"), "{text}");
    assert!(
        notice.file_ending(".png").is_some(),
        "with the board: {notice:#?}"
    );
    // Told once, whatever the sweeps after it.
    clock.advance(Duration::from_secs(120));
    tokio::time::sleep(Duration::from_millis(300)).await;
    assert_eq!(
        posted_saying(&world, from, channel.id, "ran out of time"),
        1
    );
    let late = world.play(&alice, channel, "Bc4").await;
    assert!(
        late.text().to_lowercase().contains("over"),
        "{}",
        late.text()
    );
    world.stop().await;
}
