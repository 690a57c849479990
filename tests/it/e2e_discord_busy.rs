//! Discord on a busy day, on the fake Discord with the real bot: its REST API down for 60
//! seconds of the manual clock (5xx answers, or no answer at all) while players go on playing,
//! and a storm of global 429s. The game survives: every stored turn is shown once Discord
//! answers again and none twice, the bot makes a bounded number of calls while it waits, and
//! its invalid requests stay far below the 10 000 in 10 minutes for which Discord bans a bot.
//! With serenity's rate limiter running, as in production (the bot reaching the fake as
//! `https://discord.com`), the bot keeps within each bucket the fake reports and waits out a
//! global 429 as long as Discord says.

use std::sync::Arc;
use std::time::Duration;

use service::ManualClock;
use testkit::fake_discord::payloads::FakeChannel;
use testkit::fake_discord::{Failure, FakeDiscord, RestCall};

use super::e2e_discord::{Setup, World, accepted_game, alice, assert_board, bob};

/// How long the outage lasts on the manual clock.
const OUTAGE: Duration = Duration::from_secs(60);

/// How long the bot waits for one call in these tests (wall clock): a silent Discord costs
/// this much per call.
const REQUEST_TIMEOUT: Duration = Duration::from_secs(2);

/// A step of the manual clocks (the bot's and the fake's) after which the sweeps, every second
/// of the wall clock, get time to act.
async fn advance(world: &World, clock: &ManualClock, by: Duration) {
    clock.advance(by);
    world.fake.advance(by);
    world.fake.settle(Duration::from_millis(2500)).await;
}

/// Alice challenges Bob as White in `channel` and they play 1. e4 e5 there, all shown.
async fn opening(world: &World, channel: FakeChannel) {
    accepted_game(world, channel).await;
    assert_board(&world.play(&alice(), channel, "e4").await);
    assert_board(&world.play(&bob(), channel, "e5").await);
}

/// How many of the bot's messages in `channel` show `turn` (as the move list writes it).
fn shown(world: &World, channel: u64, turn: &str) -> usize {
    world
        .fake
        .messages_in(channel)
        .iter()
        .filter(|m| m.text().contains(turn))
        .count()
}

/// How Discord fails for [`OUTAGE`].
#[derive(Clone, Copy, Debug)]
enum Trouble {
    /// Its REST API is down.
    Down(Failure),
    /// Every call is refused with a global 429, to be retried after a second.
    Storm,
}

impl Trouble {
    fn start(self, fake: &FakeDiscord) {
        match self {
            Trouble::Down(failure) => fake.outage(failure, OUTAGE),
            Trouble::Storm => fake.global_storm(OUTAGE, Duration::from_secs(1)),
        }
    }
}

/// Two games; one turn of the second lost just before Discord fails, three of the first
/// played while it fails. The bot tries once per interaction and once per due sweep
/// meanwhile, and once Discord is back every turn is shown exactly once.
async fn survives(trouble: Trouble) {
    let setup = Setup {
        sweep_interval: "1s",
        request_timeout: REQUEST_TIMEOUT,
        // serenity's limiter tries nothing again after a 5xx or a timeout; through an API
        // proxy a 429 fails the call too, where the limiter would try it again
        // (`the_limiter_waits_out_a_storm_of_global_rate_limits`).
        limiter: !matches!(trouble, Trouble::Storm),
        ..Setup::default()
    };
    let clock = Arc::new(ManualClock::new(std::time::SystemTime::now()));
    let mut world = World::new(1).await;
    world.start_with_clock(&setup, clock.clone()).await;
    let (first, second) = (
        FakeChannel::text(2_000_000_000_000_801),
        FakeChannel::text(2_000_000_000_000_802),
    );
    opening(&world, first).await;
    opening(&world, second).await;

    // The second game's 2. Nf3 is stored but its answer lost: Discord took too long.
    world.fake.set_response_deadline(Duration::ZERO);
    assert!(!world.play(&alice(), second, "Nf3").await.succeeded());
    world
        .fake
        .set_response_deadline(testkit::fake_discord::RESPONSE_DEADLINE);
    advance(&world, &clock, Duration::from_secs(30)).await;

    let invalid = world.fake.invalid_requests();
    let from = world.fake.calls().len();
    trouble.start(&world.fake);
    for (player, turn) in [(alice(), "Nf3"), (bob(), "Nc6"), (alice(), "Bb5")] {
        let lost: RestCall = world.play(&player, first, turn).await;
        assert!(!lost.succeeded(), "Discord fails: {lost:#?}");
    }
    // The second game's turn is due (a minute after it), and fails; the first's is not yet.
    advance(&world, &clock, Duration::from_secs(31)).await;
    // Nothing more while Discord stays down: the next try waits for its time.
    let during = world.fake.calls().len() - from;
    tokio::time::sleep(Duration::from_secs(3)).await;
    assert_eq!(
        world.fake.calls().len() - from,
        during,
        "no call while the bot waits"
    );
    assert!(
        during <= 4,
        "3 answers and 1 sweep's post: {:#?}",
        &world.fake.calls()[from..]
    );

    // Discord answers again at 60 s.
    advance(&world, &clock, Duration::from_secs(30)).await;
    let mut since_end = Duration::from_secs(1);
    let turns = [
        (first.id, "Nf3"),
        (first.id, "Nc6"),
        (first.id, "Bb5"),
        (second.id, "Nf3"),
    ];
    while turns.iter().any(|(c, t)| shown(&world, *c, t) == 0) {
        assert!(since_end < Duration::from_secs(600), "turns never shown");
        advance(&world, &clock, Duration::from_secs(10)).await;
        since_end += Duration::from_secs(10);
    }
    for (channel, turn) in turns {
        assert_eq!(shown(&world, channel, turn), 1, "{turn} shown once");
    }
    // A later sweep posts nothing more.
    advance(&world, &clock, Duration::from_secs(600)).await;
    for (channel, turn) in turns {
        assert_eq!(shown(&world, channel, turn), 1, "{turn} still shown once");
    }
    let added = world.fake.invalid_requests() - invalid;
    eprintln!(
        "{trouble:?}: {during} calls during it, invalid requests {invalid} before, {} after; \
         last turn shown {since_end:?} after it ended",
        invalid + added
    );
    match trouble {
        Trouble::Down(_) => assert_eq!(added, 0, "a 5xx or a timeout is no invalid request"),
        // Each 429 counts; Discord bans at 10 000 in 10 minutes.
        Trouble::Storm => assert_eq!(added as usize, during, "only the calls refused"),
    }
    world.stop().await;
}

/// Discord answers 503 for a minute.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_game_survives_a_minute_of_server_errors() {
    survives(Trouble::Down(Failure::Status(503))).await;
}

/// Discord answers nothing for a minute: each call is given up after the bot's timeout.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_game_survives_a_minute_of_silence() {
    survives(Trouble::Down(Failure::Silence)).await;
}

/// Every call is refused with a global 429 for a minute: the bot's invalid requests are the
/// few calls it made meanwhile.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_game_survives_a_storm_of_global_rate_limits() {
    survives(Trouble::Storm).await;
}

/// A bot with serenity's rate limiter (as in production), on a manual clock, sweeping every
/// second.
async fn limited_world() -> (World, Arc<ManualClock>) {
    let setup = Setup {
        sweep_interval: "1s",
        limiter: true,
        ..Setup::default()
    };
    World::on_manual_clock(&setup).await
}

/// The fake refuses any call past its bucket (five in five seconds), and the bot, whose
/// limiter reads the buckets' headers, never makes one: a quick game edits the boards of one
/// channel more often than that, and the sixth edit waits for the bucket's reset instead.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_limiter_keeps_within_the_buckets() {
    let (mut world, _clock) = limited_world().await;
    world.fake.enforce_buckets();
    let channel = FakeChannel::text(2_000_000_000_000_803);
    opening(&world, channel).await;
    for (player, turn) in [
        (alice(), "Nf3"),
        (bob(), "Nc6"),
        (alice(), "Bb5"),
        (bob(), "a6"),
        (alice(), "Ba4"),
        (bob(), "Nf6"),
    ] {
        assert_board(&world.play(&player, channel, turn).await);
    }
    world.fake.settle(Duration::from_secs(6)).await;
    let edits: Vec<RestCall> = world
        .fake
        .calls()
        .into_iter()
        .filter(|c| {
            c.method == "PATCH" && c.path.starts_with(&format!("/channels/{}/", channel.id))
        })
        .collect();
    assert!(edits.len() > 5, "more edits than one bucket's window holds");
    assert!(edits.iter().all(RestCall::succeeded), "{edits:#?}");
    let waited = edits[5].at.duration_since(edits[0].at);
    eprintln!(
        "{} edits in one channel, the sixth {waited:?} after the first; invalid requests {}",
        edits.len(),
        world.fake.invalid_requests()
    );
    assert!(
        waited >= Duration::from_secs(4),
        "the sixth waited: {waited:?}"
    );
    assert_eq!(world.fake.invalid_requests(), 0, "no call refused");
    world.stop().await;
}

/// A storm of global 429s with serenity's rate limiter: each refused call is tried again no
/// sooner than Discord said, every turn is shown once the storm is over, and the storm costs
/// a handful of invalid requests.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_limiter_waits_out_a_storm_of_global_rate_limits() {
    let (mut world, clock) = limited_world().await;
    let channel = FakeChannel::text(2_000_000_000_000_804);
    opening(&world, channel).await;
    let invalid = world.fake.invalid_requests();
    let retry_after = Duration::from_secs(1);
    world.fake.global_storm(OUTAGE, retry_after);
    let from = world.fake.calls().len();
    world.play(&alice(), channel, "Nf3").await;
    tokio::time::sleep(Duration::from_secs(4)).await;
    // What the opening set going (the read of an answer, an old board's edit) may still be
    // under way when the storm starts, and is refused with the rest.
    let refused: Vec<RestCall> = world.fake.calls()[from..]
        .iter()
        .filter(|c| c.status == 429)
        .cloned()
        .collect();
    assert!(!refused.is_empty());
    // Each call refused is tried again no sooner than Discord said. (serenity does not hold
    // other calls back meanwhile: a call started during the wait is refused once too.)
    for (i, call) in refused.iter().enumerate() {
        if let Some(again) = refused[i + 1..]
            .iter()
            .find(|c| c.method == call.method && c.path == call.path)
        {
            let gap = again.at.duration_since(call.at);
            assert!(gap >= retry_after, "tried again after {gap:?}: {call:#?}");
        }
    }
    advance(&world, &clock, OUTAGE).await;
    let mut since_end = Duration::ZERO;
    while shown(&world, channel.id, "Nf3") == 0 {
        assert!(since_end < Duration::from_secs(600), "the turn never shown");
        advance(&world, &clock, Duration::from_secs(10)).await;
        since_end += Duration::from_secs(10);
    }
    advance(&world, &clock, Duration::from_secs(600)).await;
    assert_eq!(shown(&world, channel.id, "Nf3"), 1, "shown once");
    let added = world.fake.invalid_requests() - invalid;
    eprintln!(
        "storm with the limiter: {} calls refused in 4 s, invalid requests {invalid} before, \
         {} after; the turn shown {since_end:?} after it ended",
        refused.len(),
        invalid + added
    );
    // Three calls wait (the answer, the read of an earlier answer, an old board's edit), each
    // tried once a second: a few a second, far below Discord's 10 000 in 10 minutes.
    assert!(added <= 20, "{added} invalid requests");
    world.stop().await;
}
