//! A whole tournament on the fake Discord with the real bot: `/tournament create` by a server
//! manager (refused to a member who is not one), players joining by the announcement's
//! button and by `/tournament join`, the start, each game in a public thread of its own with
//! its board posted there, results by resignation, each next round paired and announced in
//! the tournament's channel, the standings asked for, earlier tournaments offered by
//! autocomplete, and the final result announced; the games in the channel where threads are
//! refused; and organisers chosen by a role, with a tournament that starts by itself.

use testkit::fake_discord::payloads::{self, FakeChannel, FakeUser, GUILD_ID, Opt};
use testkit::fake_discord::{FakeThread, RestCall};

use super::e2e_discord::{Setup, World, alice, assert_board, bob, carol};

fn dave() -> FakeUser {
    FakeUser::new(1_000_000_000_000_004, "dave")
}

/// `/tournament SUB options…` as `user`, in `channel`: its answer.
async fn tournament(
    world: &World,
    user: &FakeUser,
    channel: FakeChannel,
    sub: &str,
    options: &[Opt],
) -> RestCall {
    world
        .slash(user, channel, "tournament", &[Opt::sub(sub, options)])
        .await
}

/// The custom id of the announcement's button for `action` (`tournament-join` …).
fn tournament_button(call: &RestCall, action: &str) -> String {
    call.button_ids()
        .into_iter()
        .find(|id| id.contains(&format!(":{action}:")))
        .unwrap_or_else(|| panic!("no {action} button in {call:#?}"))
}

/// The threads opened in `parent` so far.
fn threads_in(world: &World, parent: u64) -> Vec<FakeThread> {
    world
        .fake
        .threads()
        .into_iter()
        .filter(|t| t.parent == parent)
        .collect()
}

/// Waits until `count` threads are open in `parent`; returns them, oldest first.
async fn wait_threads(world: &World, parent: u64, count: usize) -> Vec<FakeThread> {
    let path = format!("/channels/{parent}/threads");
    let mut from = 0;
    while threads_in(world, parent).len() < count {
        let (at, _) = world
            .fake
            .wait_call_from(from, "a thread opened", |c| {
                c.method == "POST" && c.path == path && c.succeeded()
            })
            .await;
        from = at + 1;
    }
    threads_in(world, parent)
}

/// The first message from call `from` on in `channel` whose text holds `words`.
async fn message_saying(world: &World, from: usize, channel: u64, words: &str) -> RestCall {
    let path = format!("/channels/{channel}/messages");
    world
        .fake
        .wait_call_from(from, &format!("a message saying {words}"), |c| {
            c.method == "POST" && c.path == path && c.succeeded() && c.text().contains(words)
        })
        .await
        .1
}

/// The autocomplete choices `/tournament SUB tournament:` offers `user` for `typed`.
async fn tournaments_offered(
    world: &World,
    user: &FakeUser,
    channel: FakeChannel,
    sub: &str,
    typed: &str,
) -> Vec<(String, String)> {
    let id = world.fake.snowflake();
    let options = [Opt::sub(sub, &[Opt::focused("tournament", typed)])];
    let event = payloads::autocomplete(id, user, channel, "tournament", &options);
    world
        .fake
        .dispatch("INTERACTION_CREATE", GUILD_ID, event)
        .await;
    let answer = world.answer_to(id).await;
    assert_eq!(answer.json["type"], 8, "an autocomplete result");
    assert!(answer.succeeded(), "{answer:#?}");
    answer.json["data"]["choices"]
        .as_array()
        .expect("choices")
        .iter()
        .map(|c| {
            let text = |v: &serde_json::Value| v.as_str().expect("a string").to_owned();
            (text(&c["name"]), text(&c["value"]))
        })
        .collect()
}

/// Plays one round: each game in its thread is resigned by the player who is not `winner`
/// (black where neither is), after checking the thread's name and the board posted there.
async fn play_round(
    world: &World,
    parent: u64,
    round: u32,
    threads: &[FakeThread],
    players: &[FakeUser],
    winner: &FakeUser,
) {
    for (board, thread) in threads.iter().enumerate() {
        assert!(!thread.private, "a public thread: {thread:?}");
        let prefix = format!("Spring · R{round} B{} · ", board + 1);
        let pair = thread
            .name
            .strip_prefix(&prefix)
            .unwrap_or_else(|| panic!("`{}` starts with `{prefix}`", thread.name));
        let (white, black) = pair.split_once(" vs ").expect("white vs black");
        let started = message_saying(
            world,
            0,
            thread.id,
            &format!("**Spring**, round {round}, board {}.", board + 1),
        )
        .await;
        assert_board(&started);
        let loser = if black == winner.name { white } else { black };
        let loser = players.iter().find(|p| p.name == loser).expect("a player");
        let resigned = world
            .slash(loser, FakeChannel::thread(thread.id, parent), "resign", &[])
            .await;
        assert!(!resigned.is_ephemeral(), "{resigned:#?}");
        assert!(
            resigned.text().contains("resigns") || resigned.text().contains("resigned"),
            "{}",
            resigned.text()
        );
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_round_robin_is_played_in_threads_from_creation_to_the_winner() {
    let mut world = World::new(1).await;
    // Tournament games get threads whatever `games.threads` says (it is for `/challenge`).
    world.start(&Setup::default()).await;
    let admin = alice().managing_the_server();
    let (bob, carol, dave) = (bob(), carol(), dave());
    let players = [admin.clone(), bob.clone(), carol.clone(), dave.clone()];
    let channel = FakeChannel::with_threads(2_000_000_000_000_101);

    // Only a server manager creates one.
    let create = [
        Opt::str("name", "Spring"),
        Opt::str("variant", "standard"),
        Opt::str("format", "round-robin"),
        Opt::str("deadline", "3d"),
        Opt::bool("rated", false),
    ];
    let refused = tournament(&world, &bob, channel, "create", &create).await;
    assert!(refused.is_ephemeral(), "{refused:#?}");
    assert_eq!(
        refused.text(),
        "Creating a tournament is for those who may manage the server, or have the role its \
         admins chose."
    );
    let created = tournament(&world, &admin, channel, "create", &create).await;
    assert!(!created.is_ephemeral(), "{created:#?}");
    assert!(
        created
            .text()
            .starts_with("Tournament **Spring** created: Standard chess, round robin, casual"),
        "{}",
        created.text()
    );
    let join = tournament_button(&created, "tournament-join");
    let leave = tournament_button(&created, "tournament-leave");

    // Players join by the button and by the command; the button's Leave takes one out.
    let joined = world.press(&bob, channel, &join).await;
    assert!(!joined.is_ephemeral());
    assert_eq!(joined.text(), "**bob** joined **Spring** (1 player).");
    let joined = tournament(&world, &carol, channel, "join", &[]).await;
    assert_eq!(joined.text(), "**carol** joined **Spring** (2 players).");
    world.press(&dave, channel, &join).await;
    let left = world.press(&dave, channel, &leave).await;
    assert_eq!(left.text(), "**dave** left **Spring** (2 players).");
    let again = world.press(&dave, channel, &join).await;
    assert_eq!(again.text(), "**dave** joined **Spring** (3 players).");
    let twice = world.press(&dave, channel, &join).await;
    assert!(twice.is_ephemeral(), "{twice:#?}");
    tournament(&world, &admin, channel, "join", &[]).await;

    // Its creator starts it: round 1 is announced and each game opens a thread.
    let not_creator = tournament(&world, &bob, channel, "start", &[]).await;
    assert!(not_creator.is_ephemeral(), "{not_creator:#?}");
    let started = tournament(&world, &admin, channel, "start", &[]).await;
    assert!(!started.is_ephemeral(), "{started:#?}");
    assert!(
        started.text().starts_with("**Spring**, round 1 of 3:"),
        "{}",
        started.text()
    );
    let late = world.press(&carol, channel, &leave).await;
    assert!(
        late.is_ephemeral(),
        "an old button does not withdraw anyone"
    );
    assert!(late.text().contains("has started"), "{}", late.text());

    for round in 1..=3 {
        let from = world.fake.calls().len();
        let threads = wait_threads(&world, channel.id, 2 * round as usize).await;
        let this_round = &threads[threads.len() - 2..];
        play_round(&world, channel.id, round, this_round, &players, &admin).await;
        if round < 3 {
            let next = format!("**Spring**, round {} of 3:", round + 1);
            message_saying(&world, from, channel.id, &next).await;
            let standings = message_saying(
                &world,
                from,
                channel.id,
                &format!("**Spring**: standings after round {round}"),
            )
            .await;
            assert!(
                standings.text().contains(&format!("1. **alice** {round}")),
                "{}",
                standings.text()
            );
        }
        if round == 1 {
            let asked = tournament(&world, &dave, channel, "standings", &[]).await;
            assert!(!asked.is_ephemeral());
            assert!(
                asked.text().contains("**Spring**: standings after round 1"),
                "{}",
                asked.text()
            );
            let table = asked.embed_image().expect("the standings drawn as a table");
            assert!(table.filename.ends_with(".png"), "{table:?}");
        }
    }
    let over = message_saying(&world, 0, channel.id, "**Spring** is over.").await;
    assert!(
        over.text().contains("The winner is **alice**!"),
        "{}",
        over.text()
    );
    let records = over.file_ending(".pgn").expect("every game's record");
    let games = String::from_utf8_lossy(&records.bytes)
        .matches("[Event ")
        .count();
    assert_eq!(games, 6, "{}", records.filename);
    assert!(over.embed_image().is_some(), "the final standings drawn");
    let threads = threads_in(&world, channel.id);
    assert_eq!(threads.len(), 6, "one thread per game: {threads:#?}");

    // The finished tournament is offered by name, and looked at by the choice.
    let offered = tournaments_offered(&world, &carol, channel, "standings", "spr").await;
    assert_eq!(offered.len(), 1, "{offered:?}");
    assert_eq!(offered[0].0, "Spring · finished");
    assert!(
        tournaments_offered(&world, &carol, channel, "info", "autumn")
            .await
            .is_empty()
    );
    let pairings = tournament(
        &world,
        &carol,
        channel,
        "pairings",
        &[Opt::int("round", 2), Opt::str("tournament", &offered[0].1)],
    )
    .await;
    assert!(
        pairings.text().starts_with("**Spring**, round 2 of 3:"),
        "{}",
        pairings.text()
    );
    let unknown = tournament(
        &world,
        &carol,
        channel,
        "info",
        &[Opt::str("tournament", "Spring")],
    )
    .await;
    assert!(unknown.is_ephemeral(), "{unknown:#?}");
    world.stop().await;
}

/// Where Discord refuses threads, the games are played in the tournament's channel, one
/// after another; the refusal is remembered, so Discord is asked once.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn without_threads_the_games_are_played_in_the_channel_one_after_another() {
    let mut world = World::started(&Setup::default()).await;
    let admin = alice().managing_the_server();
    let players = [admin.clone(), bob(), carol(), dave()];
    let channel = FakeChannel::text(2_000_000_000_000_102);
    let create = [
        Opt::str("name", "Autumn"),
        Opt::str("variant", "chess960"),
        Opt::str("format", "round-robin"),
    ];
    tournament(&world, &admin, channel, "create", &create).await;
    for p in &players {
        tournament(&world, p, channel, "join", &[]).await;
    }
    let from = world.fake.calls().len();
    let started = tournament(&world, &admin, channel, "start", &[]).await;
    assert!(!started.is_ephemeral(), "{started:#?}");
    // Two games a round, played here in turn: each starts when the one before is resigned.
    for round in 1..=3 {
        for board in 1..=2 {
            let heading = format!("**Autumn**, round {round}, board {board}.");
            let game = message_saying(&world, from, channel.id, &heading).await;
            assert_board(&game);
            if board == 1 {
                let second = format!("**Autumn**, round {round}, board 2.");
                assert!(
                    !world
                        .fake
                        .calls()
                        .iter()
                        .any(|c| c.text().contains(&second)),
                    "board 2 waits for the channel"
                );
            }
            let white = game.pinged();
            let white = players
                .iter()
                .find(|p| white.contains(&p.id))
                .expect("the player to move is pinged");
            let resigned = world.slash(white, channel, "resign", &[]).await;
            assert!(!resigned.is_ephemeral(), "{resigned:#?}");
        }
    }
    message_saying(&world, from, channel.id, "**Autumn** is over.").await;
    let asked: Vec<RestCall> = world
        .fake
        .calls()
        .into_iter()
        .filter(|c| c.path == format!("/channels/{}/threads", channel.id))
        .collect();
    assert_eq!(asked.len(), 1, "asked once: {asked:#?}");
    assert_eq!(asked[0].status, 403);
    assert!(threads_in(&world, channel.id).is_empty());
    world.stop().await;
}

/// A server manager lets a role create tournaments; a member of it creates an Avalanche round
/// robin from Chess960 setups that starts by itself an hour later, in a thread.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_organisers_tournament_starts_by_itself_at_its_time() {
    const ARBITERS: u64 = 1_400_000_000_000_000_077;
    let setup = Setup {
        sweep_interval: "1s",
        ..Setup::default()
    };
    let (mut world, clock) = World::on_manual_clock(&setup).await;
    let admin = alice().managing_the_server();
    let arbiter = bob().with_role(ARBITERS);
    let (carol, dave) = (carol(), dave());
    let channel = FakeChannel::with_threads(2_000_000_000_000_103);
    let create = [
        Opt::str("name", "Snow"),
        Opt::str("variant", "avalanche"),
        Opt::str("format", "round-robin"),
        Opt::str("setup", "chess960"),
        Opt::str("start", "1h"),
    ];
    let refused = tournament(&world, &arbiter, channel, "create", &create).await;
    assert!(refused.is_ephemeral(), "not an organiser yet: {refused:#?}");

    // Only a server manager chooses the organisers' role.
    let role = [Opt::role("role", ARBITERS, "Arbiters")];
    let not_theirs = tournament(&world, &carol, channel, "organisers", &role).await;
    assert!(not_theirs.is_ephemeral(), "{not_theirs:#?}");
    assert_eq!(
        not_theirs.text(),
        "Only those who may manage this server can choose who else creates tournaments."
    );
    let chosen = tournament(&world, &admin, channel, "organisers", &role).await;
    assert!(!chosen.is_ephemeral(), "{chosen:#?}");
    assert!(chosen.text().contains("Arbiters"), "{}", chosen.text());

    let created = tournament(&world, &arbiter, channel, "create", &create).await;
    assert!(!created.is_ephemeral(), "{created:#?}");
    let text = created.text();
    assert!(text.contains("Chess960 setup"), "{text}");
    assert!(text.contains("starts by itself"), "{text}");
    let join = tournament_button(&created, "tournament-join");
    for player in [&carol, &dave] {
        let joined = world.press(player, channel, &join).await;
        assert!(!joined.is_ephemeral(), "{joined:#?}");
    }
    assert!(threads_in(&world, channel.id).is_empty(), "not started yet");

    let from = world.fake.calls().len();
    clock.advance(std::time::Duration::from_secs(3_601));
    message_saying(&world, from, channel.id, "**Snow**, round 1 of 1:").await;
    let threads = wait_threads(&world, channel.id, 1).await;
    let names = [
        "Snow · R1 B1 · carol vs dave",
        "Snow · R1 B1 · dave vs carol",
    ];
    assert!(names.contains(&threads[0].name.as_str()), "{threads:?}");
    let board = message_saying(&world, from, threads[0].id, "**Snow**, round 1, board 1.").await;
    assert_board(&board);
    world.stop().await;
}
