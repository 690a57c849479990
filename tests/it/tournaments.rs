//! Tournaments through the service: a round left unpaired when the process stopped is paired
//! at the next start, a Swiss with an odd number gives a bye, a withdrawal resigns the game
//! under way and forfeits the later ones, a player who lets two games lapse without moving is
//! removed, and the standings come with their table drawn (in the reply's language), the
//! final notice with every game's record; tournaments from Chess960 setups in the Avalanche
//! variants, tournaments that start by themselves, who may create them, and rooms and
//! channels deleted under them; an earlier tournament is looked at by its id, the
//! announcement's buttons act on their own tournament, and a game that found no room starts at
//! the next sweep; the standings after a round are one table whenever asked, a Swiss that
//! cannot pair its next round ends (and says so once), one with too few players for its
//! rounds is warned, and a tournament's name is stored clean and within Discord's limit.

use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Duration;

use console::ConsoleRooms;
use domain::messages::{Message, NoticeMsg, TournamentMsg};
use domain::{
    Action, BoardResult, Finished, GameRooms, Games, Lang, Locale, Organiser, Origin, Owed,
    Request, Role, Room, TournamentAsk, TournamentFormat, TournamentId, TournamentRecord,
    TournamentState, TournamentSummary, Tournaments,
};
use rules::{Color, EndReason, Outcome, Variant};
use testkit::harness::{Harness, text};

/// A harness whose service opens console rooms for tournament games.
pub(crate) async fn harness() -> Harness {
    let h = Harness::new().await;
    h.service.set_rooms(Arc::new(ConsoleRooms::default()));
    h
}

/// The server's tournament, as stored.
pub(crate) async fn stored(h: &Harness) -> TournamentRecord {
    h.storage
        .guild_tournaments(console::CONSOLE_GUILD)
        .await
        .expect("read")
        .into_iter()
        .next()
        .expect("a tournament")
}

/// Creates tournament `spec` (`NAME VARIANT FORMAT …`) by `admin`, joined by `players`, and
/// starts it.
async fn started(h: &Harness, spec: &str, players: &[&str]) -> TournamentRecord {
    let created = h.say(&format!("admin> tournament create {spec}")).await;
    assert!(!created.private, "{}", text(&created));
    for p in players {
        let joined = h.say(&format!("{p}> tournament join")).await;
        assert!(!joined.private, "{}", text(&joined));
    }
    let start = h.say("admin> tournament start").await;
    assert!(!start.private, "{}", text(&start));
    stored(h).await
}

/// The room of a board.
pub(crate) fn room(t: &TournamentRecord, round: u32, board: u32) -> String {
    format!("t{}-r{round}-b{board}", t.id)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_round_left_unpaired_by_a_stopped_process_is_paired_at_the_next_start() {
    let mut h = harness().await;
    let t = started(&h, "Odd chess960 swiss rounds 2", &["ann", "ben", "cat"]).await;
    let round1: Vec<_> = t.round_boards(1).cloned().collect();
    assert_eq!(round1.len(), 2, "one game and a bye: {round1:?}");
    assert_eq!(round1[1].result, Some(BoardResult::Bye));
    // The game ends in the database, as written by a process that died before pairing on.
    let game = round1[0].game.expect("a game");
    let stored_game = h
        .storage
        .load_game(game)
        .await
        .expect("load")
        .expect("game");
    assert!(stored_game.row.chess960.is_some());
    assert_eq!(stored_game.row.chess960, round1[0].setup);
    let mut state = stored_game.row.state.next();
    state.finished = Some(Finished {
        outcome: Outcome {
            winner: Some(Color::White),
            reason: EndReason::Resignation,
        },
        at_ms: 1,
    });
    h.storage
        .update_game(game, &state, None)
        .await
        .expect("end");
    h.restart().await;
    h.service.set_rooms(Arc::new(ConsoleRooms::default()));
    let notices = h.sweep().await;
    let t = stored(&h).await;
    assert_eq!(t.round, 2, "{t:?}");
    assert_eq!(
        t.round_boards(1).next().and_then(|b| b.result),
        Some(BoardResult::WhiteWins)
    );
    let said: Vec<String> = notices.iter().map(|n| text(&n.reply)).collect();
    assert!(
        said.iter().any(|s| s.contains("Odd, round 2 of 2:")),
        "{said:?}"
    );
    // Its game started, in a room of its own; the bye went to someone else.
    let board = t
        .round_boards(2)
        .find(|b| b.black.is_some())
        .expect("a game");
    assert!(
        h.storage
            .load_game(board.game.expect("id"))
            .await
            .expect("load")
            .is_some()
    );
    let byes: Vec<u64> = t
        .boards
        .iter()
        .filter(|b| b.result == Some(BoardResult::Bye))
        .map(|b| b.white.id)
        .collect();
    assert_eq!(byes.len(), 2);
    assert_ne!(byes[0], byes[1], "no second bye for anyone");
    // A second sweep pairs nothing more.
    h.sweep().await;
    assert_eq!(stored(&h).await.boards.len(), t.boards.len());
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_withdrawal_resigns_the_game_under_way_and_forfeits_the_rest() {
    let h = harness().await;
    let t = started(
        &h,
        "Club standard round-robin casual",
        &["ann", "ben", "cat", "dan"],
    )
    .await;
    let gone = h.say("dan> tournament leave").await;
    assert!(
        text(&gone).contains("dan withdrew from Club"),
        "{}",
        text(&gone)
    );
    // Round 1: dan's game is resigned; the other one ends by resignation too.
    let t1 = stored(&h).await;
    let dans = t1
        .round_boards(1)
        .find(|b| b.white.name == "dan" || b.black.as_ref().is_some_and(|u| u.name == "dan"))
        .expect("dan played round 1");
    assert!(dans.result.is_some(), "dan's game ended: {dans:?}");
    for b in t1.round_boards(1).filter(|b| b.result.is_none()) {
        let black = b.black.as_ref().expect("black").name.clone();
        h.say_in(&room(&t, 1, b.board), &format!("{black}> resign"))
            .await;
    }
    // Rounds 2 and 3: dan's boards are forfeits at once; the others resign.
    for round in 2..=3 {
        let now = stored(&h).await;
        assert_eq!(now.round, round);
        for b in now.round_boards(round) {
            let has_dan =
                b.white.name == "dan" || b.black.as_ref().is_some_and(|u| u.name == "dan");
            if has_dan {
                assert!(
                    matches!(
                        b.result,
                        Some(BoardResult::WhiteForfeit | BoardResult::BlackForfeit)
                    ),
                    "{b:?}"
                );
                assert_eq!(b.game, None);
            } else {
                let black = b.black.as_ref().expect("black").name.clone();
                h.say_in(&room(&t, round, b.board), &format!("{black}> resign"))
                    .await;
            }
        }
    }
    let done = stored(&h).await;
    assert_eq!(done.state, TournamentState::Finished);
    let standings = h.say("ann> tournament standings").await;
    assert!(text(&standings).contains("dan 0 ("), "{}", text(&standings));
    assert!(
        text(&standings).contains("(withdrawn)"),
        "{}",
        text(&standings)
    );
}

/// Issue 52: a withdrawal is announced stamped, and counts as told only once delivered: one
/// never delivered (the process died first) is announced after a restart, once.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_withdrawal_not_shown_is_announced_after_a_restart_once() {
    let mut h = harness().await;
    let t = started(
        &h,
        "Club standard round-robin casual",
        &["ann", "ben", "cat", "dan"],
    )
    .await;
    let dan = t
        .players
        .iter()
        .find(|p| p.user.name == "dan")
        .expect("dan plays");
    let owed = Owed::Withdrawal {
        tournament: t.id,
        seq: dan.seq,
    };
    let gone = h.say("dan> tournament leave").await;
    assert_eq!(gone.tells, Some(owed), "{gone:?}");
    let told_after_restart = |notices: &[domain::Notice]| -> Vec<String> {
        notices
            .iter()
            .filter(|n| n.reply.tells.is_some())
            .filter(|n| n.reply.says(&NoticeMsg::AnnouncedAfterRestart.into()))
            .map(|n| text(&n.reply))
            .collect()
    };
    h.restart().await;
    h.service.set_rooms(Arc::new(ConsoleRooms::default()));
    let notices = h.sweep().await;
    let told = told_after_restart(&notices);
    assert_eq!(told.len(), 1, "{notices:?}");
    assert!(told[0].contains("dan withdrew from Club"), "{told:?}");
    let stamped = notices.iter().find_map(|n| n.reply.tells).expect("stamped");
    assert_eq!(stamped, owed);
    h.service.mark_told(stamped).await;
    h.restart().await;
    h.service.set_rooms(Arc::new(ConsoleRooms::default()));
    let again = h.sweep().await;
    assert!(
        told_after_restart(&again).is_empty(),
        "told once: {again:?}"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_games_lost_on_time_without_moving_remove_a_player() {
    let h = harness().await;
    let t = started(
        &h,
        "Swift standard swiss rounds 3 deadline 1h",
        &["ann", "ben", "cat", "dan"],
    )
    .await;
    let mut said = Vec::new();
    for round in 1..=2 {
        let now = stored(&h).await;
        assert_eq!(now.round, round);
        for b in now.round_boards(round).filter(|b| b.result.is_none()) {
            let black = b.black.as_ref().expect("black").name.clone();
            if b.white.name == "dan" {
                // dan never moves: his opponent waits for the deadline.
                continue;
            }
            if black == "dan" {
                h.say_in(
                    &room(&t, round, b.board),
                    &format!("{}> move e4", b.white.name),
                )
                .await;
                continue;
            }
            h.say_in(&room(&t, round, b.board), &format!("{black}> resign"))
                .await;
        }
        h.advance(Duration::from_secs(3601));
        said.extend(h.sweep().await.iter().map(|n| text(&n.reply)));
        // The notices queued by the timeouts' follow-up.
        said.extend(h.sweep().await.iter().map(|n| text(&n.reply)));
    }
    assert!(
        said.iter()
            .any(|s| s.contains("dan forfeited two games and is removed from Swift")),
        "{said:?}"
    );
    let now = stored(&h).await;
    assert!(
        now.players
            .iter()
            .any(|p| p.user.name == "dan" && p.withdrawn)
    );
    assert_eq!(now.round, 3);
    let round3: Vec<_> = now.round_boards(3).collect();
    assert!(
        round3
            .iter()
            .all(|b| b.white.name != "dan" && b.black.as_ref().is_none_or(|u| u.name != "dan")),
        "a removed player is not paired: {round3:?}"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn standings_are_drawn_after_each_round_on_asking_and_in_the_final_notice() {
    let mut h = harness().await;
    let t = started(&h, "Pair standard double-round-robin", &["ann", "ben"]).await;
    let asked = h.say("ann> tournament standings").await;
    let english = asked.image.clone().expect("the standings drawn");
    assert!(english.starts_with(b"\x89PNG") && asked.standings.is_none());

    // Round 1: ann has white and wins; the standings posted with the next round are drawn.
    let b1 = t.round_boards(1).next().expect("a game").clone();
    let black = b1.black.clone().expect("black").name;
    h.say_in(&room(&t, 1, 1), &format!("{black}> resign")).await;
    let notices = h.sweep().await;
    let posted = notices
        .iter()
        .find(|n| {
            n.reply
                .messages
                .iter()
                .any(|m| matches!(m, Message::Tournament(TournamentMsg::Standings { .. })))
        })
        .expect("the standings after round 1");
    assert!(posted.reply.image.is_some(), "{:?}", posted.reply);
    assert_ne!(
        posted.reply.image.as_ref(),
        Some(&english),
        "a result since"
    );

    // Round 2, colours reversed: a draw, and the tournament is over.
    let t = stored(&h).await;
    let b2 = t.round_boards(2).next().expect("a game").clone();
    let (white, black) = (b2.white.name.clone(), b2.black.clone().expect("black").name);
    let r2 = room(&t, 2, 1);
    h.say_in(&r2, &format!("{white}> move e4")).await;
    h.say_in(&r2, &format!("{black}> move e5")).await;
    h.say_in(&r2, &format!("{white}> draw offer")).await;
    h.say_in(&r2, &format!("{black}> draw accept")).await;
    let notices = h.sweep().await;
    let last = notices
        .iter()
        .find(|n| text(&n.reply).contains("Pair is over."))
        .expect("the final notice");
    let said = text(&last.reply);
    assert!(
        said.contains("The winner is ann!") || said.contains("The winner is ben!"),
        "{said}"
    );
    assert!(said.contains("Pair: standings after round 2"), "{said}");
    assert!(said.contains("(2 games)"), "{said}");
    assert!(last.reply.image.is_some());
    let (name, pgn) = last.reply.files.first().expect("the records file");
    assert_eq!(name, &format!("nadare-tournament-{}.pgn", t.id));
    let pgn = String::from_utf8(pgn.clone()).expect("UTF-8");
    assert_eq!(pgn.matches("[Event \"Pair\"]").count(), 2, "{pgn}");
    assert!(
        pgn.contains("[Round \"1\"]") && pgn.contains("[Round \"2\"]"),
        "{pgn}"
    );
    assert!(
        pgn.contains("[Board \"1\"]") && pgn.contains("1. e4 e5 1/2-1/2"),
        "{pgn}"
    );
    let asked = h.say("ann> tournament standings").await;
    assert_eq!(
        asked.image, last.reply.image,
        "the final table, asked again"
    );
    // In Japanese: the same table with Japanese words.
    h.locale = Locale::both(Lang::Ja);
    let japanese = h.say("ann> tournament standings").await;
    assert_eq!(japanese.lang, Lang::Ja);
    assert!(text(&japanese).contains("ラウンド"), "{}", text(&japanese));
    let japanese = japanese.image.expect("the standings drawn in Japanese");
    assert!(japanese.starts_with(b"\x89PNG"));
    assert_ne!(Some(japanese), asked.image, "the headings are Japanese");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_avalanche_tournament_from_chess960_setups_plays_one_per_round() {
    let h = harness().await;
    let t = started(
        &h,
        "Snowy avalanche round-robin 960",
        &["ann", "ben", "cat", "dan"],
    )
    .await;
    assert!(t.random_setup);
    let round1: Vec<_> = t.round_boards(1).collect();
    let setup = round1[0].setup;
    assert!(setup.is_some(), "{round1:?}");
    for b in &round1 {
        assert_eq!(b.setup, setup, "one setup per round");
        let game = h
            .storage
            .load_game(b.game.expect("a game"))
            .await
            .expect("load")
            .expect("started");
        assert_eq!(game.row.variant, Variant::Avalanche);
        assert_eq!(
            game.row.chess960, setup,
            "the game starts from the round's setup"
        );
    }
    // Standard chess has one setup only.
    h.say("admin> tournament cancel").await;
    let refused = h
        .say("admin> tournament create Plain standard swiss 960")
        .await;
    assert!(refused.private);
    assert!(
        text(&refused).contains("usual setup only"),
        "{}",
        text(&refused)
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_tournament_with_a_start_time_starts_by_itself_once() {
    let h = harness().await;
    let created = h
        .say("admin> tournament create Dawn standard round-robin start 2h")
        .await;
    assert!(
        text(&created).contains("starts by itself in 2h"),
        "{}",
        text(&created)
    );
    h.say("ann> tournament join").await;
    h.advance(Duration::from_secs(2 * 3600 - 60));
    let early: Vec<String> = h.sweep().await.iter().map(|n| text(&n.reply)).collect();
    assert_eq!(stored(&h).await.state, TournamentState::Open, "{early:?}");
    // Its time comes with one player: it says so and stays open, and says it once.
    h.advance(Duration::from_secs(60));
    let due: Vec<String> = h.sweep().await.iter().map(|n| text(&n.reply)).collect();
    assert!(
        due.iter()
            .any(|s| s.contains("Dawn was due to start, but has 1 player")),
        "{due:?}"
    );
    let later: Vec<String> = h.sweep().await.iter().map(|n| text(&n.reply)).collect();
    assert!(
        !later.iter().any(|s| s.contains("due to start")),
        "{later:?}"
    );
    assert_eq!(stored(&h).await.state, TournamentState::Open);
    h.say("admin> tournament cancel").await;

    h.say("admin> tournament create Noon standard round-robin start 1h")
        .await;
    for p in ["ann", "ben", "cat"] {
        h.say(&format!("{p}> tournament join")).await;
    }
    h.advance(Duration::from_secs(3600));
    let began: Vec<String> = h.sweep().await.iter().map(|n| text(&n.reply)).collect();
    assert!(
        began.iter().any(|s| s.contains("Noon, round 1 of 3:")),
        "{began:?}"
    );
    let t = stored(&h).await;
    assert_eq!(
        (t.state, t.round, t.starts_ms),
        (TournamentState::Running, 1, None)
    );
    // Its games are under way in their rooms.
    let game = t.round_boards(1).find_map(|b| b.game).expect("a game");
    assert!(h.storage.load_game(game).await.expect("load").is_some());
    // A start time must be a minute to 30 days ahead.
    h.say("admin> tournament cancel").await;
    for start in ["30s", "31d"] {
        let refused = h
            .say(&format!(
                "admin> tournament create Odd standard swiss start {start}"
            ))
            .await;
        assert!(
            refused.private && text(&refused).contains("from 1 minute to 30 days"),
            "{}",
            text(&refused)
        );
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn organisers_are_server_managers_and_the_chosen_role() {
    let h = harness().await;
    let create = |by: Organiser| TournamentAsk::Create {
        name: "Club".into(),
        variant: Variant::Standard,
        format: TournamentFormat::Swiss,
        rounds: None,
        deadline: None,
        time: None,
        length: None,
        rated: true,
        random_setup: false,
        start: None,
        by,
    };
    let member = |roles: Vec<u64>| Organiser {
        manages_server: false,
        roles,
    };
    let origin = h.origin("ann");
    let refused = h
        .service
        .execute(
            &origin,
            create(member(vec![42])),
            service::Options::default(),
        )
        .await;
    assert!(refused.private);
    assert!(
        text(&refused).contains("for those who may manage the server"),
        "{}",
        text(&refused)
    );
    let set = h
        .service
        .execute(
            &h.origin("admin"),
            TournamentAsk::Organisers(Some(Role {
                id: 42,
                name: "Arbiters".into(),
            })),
            service::Options::default(),
        )
        .await;
    assert!(
        text(&set).contains("Members with the role Arbiters may now create"),
        "{}",
        text(&set)
    );
    let other_role = h
        .service
        .execute(
            &origin,
            create(member(vec![7])),
            service::Options::default(),
        )
        .await;
    assert!(other_role.private, "{}", text(&other_role));
    let created = h
        .service
        .execute(
            &origin,
            create(member(vec![7, 42])),
            service::Options::default(),
        )
        .await;
    assert!(!created.private, "{}", text(&created));
    assert_eq!(stored(&h).await.creator.name, "ann");
    h.service
        .execute(
            &h.origin("admin"),
            TournamentAsk::Organisers(None),
            service::Options::default(),
        )
        .await;
    h.say("ann> tournament cancel").await;
    let cleared = h
        .service
        .execute(
            &origin,
            create(member(vec![42])),
            service::Options::default(),
        )
        .await;
    assert!(cleared.private, "{}", text(&cleared));
    let manager = h
        .service
        .execute(
            &origin,
            create(Organiser {
                manages_server: true,
                roles: Vec::new(),
            }),
            service::Options::default(),
        )
        .await;
    assert!(!manager.private, "{}", text(&manager));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_game_room_deleted_is_a_double_forfeit_and_a_channel_deleted_cancels() {
    let h = harness().await;
    let t = started(
        &h,
        "Gone standard round-robin",
        &["ann", "ben", "cat", "dan"],
    )
    .await;
    let b = t.round_boards(1).next().expect("a board").clone();
    let gone = console::room_channel(&room(&t, 1, b.board));
    h.service
        .channel_gone(Some(console::CONSOLE_GUILD), gone)
        .await;
    h.sweep().await;
    let now = stored(&h).await;
    let result = now
        .round_boards(1)
        .find(|o| o.board == b.board)
        .and_then(|o| o.result);
    assert_eq!(result, Some(BoardResult::DoubleForfeit), "an aborted game");
    // Its channel deleted, the tournament is cancelled: no round is paired after it.
    h.service
        .channel_gone(Some(console::CONSOLE_GUILD), testkit::harness::main_room())
        .await;
    for o in now.round_boards(1).filter(|o| o.result.is_none()) {
        h.say_in(&room(&t, 1, o.board), &format!("{}> resign", o.white.name))
            .await;
    }
    h.sweep().await;
    let after = stored(&h).await;
    assert_eq!(after.state, TournamentState::Cancelled);
    assert_eq!(after.round, 1, "no round paired after the cancel");
}

/// The id of the server's tournament called `name`.
async fn id_of(h: &Harness, name: &str) -> TournamentId {
    h.storage
        .guild_tournaments(console::CONSOLE_GUILD)
        .await
        .expect("read")
        .into_iter()
        .find(|t| t.name == name)
        .map(|t| t.id)
        .expect("the tournament")
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_earlier_tournament_is_looked_at_by_its_id_in_its_own_server_only() {
    let h = harness().await;
    let old = started(&h, "Old standard round-robin casual", &["ann", "ben"]).await;
    let board = old.round_boards(1).next().expect("a board");
    let black = board.black.as_ref().expect("black").name.clone();
    h.say_in(&room(&old, 1, 1), &format!("{black}> resign"))
        .await;
    assert_eq!(stored(&h).await.state, TournamentState::Finished);
    let created = h
        .say("admin> tournament create New chess960 swiss rounds 3")
        .await;
    assert!(!created.private, "{}", text(&created));

    // Without an id, the current one; with one, that one.
    let now = h.say("ann> tournament info").await;
    assert!(text(&now).starts_with("New (#"), "{}", text(&now));
    let id = old.id;
    let standings = h.say(&format!("ann> tournament standings #{id}")).await;
    assert!(!standings.private);
    assert!(
        text(&standings).contains("Old: standings after round 1"),
        "{}",
        text(&standings)
    );
    let pairings = h.say(&format!("ann> tournament pairings 1 #{id}")).await;
    assert!(
        text(&pairings).contains("Old, round 1 of 1:"),
        "{}",
        text(&pairings)
    );
    let info = h.say(&format!("ann> tournament info #{id}")).await;
    assert!(
        text(&info).starts_with(&format!(
            "Old (#{id}): Standard chess, round robin, 1 round,"
        )),
        "{}",
        text(&info)
    );

    // Another server's tournament, and one that does not exist, are unknown here.
    let elsewhere = Origin {
        guild: Some(console::CONSOLE_GUILD + 1),
        ..h.origin("ann")
    };
    for (origin, asked) in [(&elsewhere, id), (&h.origin("ann"), id + 1_000)] {
        let refused = h
            .service
            .execute(
                origin,
                TournamentAsk::Standings(Some(asked)),
                service::Options::default(),
            )
            .await;
        assert!(refused.private, "{}", text(&refused));
        assert_eq!(
            text(&refused),
            format!("There is no tournament #{asked} in this server.")
        );
    }

    // Autocomplete lists the server's tournaments, newest first, by name or id.
    let names = |list: Vec<TournamentSummary>| -> Vec<String> {
        list.into_iter().map(|t| t.name).collect()
    };
    let all = h
        .service
        .tournament_choices(console::CONSOLE_GUILD, "", 25)
        .await;
    assert_eq!(all[1].state, TournamentState::Finished);
    assert_eq!(names(all), ["New", "Old"]);
    let service = &h.service;
    let guild = console::CONSOLE_GUILD;
    assert_eq!(
        names(service.tournament_choices(guild, "oL", 25).await),
        ["Old"]
    );
    assert_eq!(
        names(
            service
                .tournament_choices(guild, &format!("#{id}"), 25)
                .await
        ),
        ["Old"]
    );
    assert_eq!(
        names(service.tournament_choices(guild, "", 1).await),
        ["New"]
    );
    assert!(
        service
            .tournament_choices(guild + 1, "", 25)
            .await
            .is_empty()
    );
}

/// `user` presses a tournament's button.
async fn press(h: &Harness, user: &str, action: Action) -> domain::Reply {
    let Request::Tournament(ask) = action.request() else {
        panic!("a tournament button");
    };
    h.service
        .execute(&h.origin(user), ask, service::Options::default())
        .await
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_announcements_buttons_act_on_their_own_tournament_and_only_before_the_start() {
    let h = harness().await;
    let created = h
        .say("admin> tournament create Spring standard round-robin")
        .await;
    let id = id_of(&h, "Spring").await;
    assert_eq!(
        created.actions,
        [Action::JoinTournament(id), Action::LeaveTournament(id)]
    );
    let joined = press(&h, "ann", Action::JoinTournament(id)).await;
    assert_eq!(text(&joined), "ann joined Spring (1 player).");
    let left = press(&h, "ann", Action::LeaveTournament(id)).await;
    assert_eq!(text(&left), "ann left Spring (0 players).");
    for p in ["ann", "ben"] {
        press(&h, p, Action::JoinTournament(id)).await;
    }
    let start = h.say("admin> tournament start").await;
    assert!(!start.private, "{}", text(&start));
    // After the start an old button neither withdraws anyone nor lets anyone in.
    let late_leave = press(&h, "ann", Action::LeaveTournament(id)).await;
    assert!(late_leave.private);
    assert_eq!(
        text(&late_leave),
        "Spring has started or is over: nobody joins or leaves it that way now."
    );
    assert!(stored(&h).await.players.iter().all(|p| !p.withdrawn));
    let late_join = press(&h, "cat", Action::JoinTournament(id)).await;
    assert!(late_join.private, "{}", text(&late_join));
    assert_eq!(stored(&h).await.players.len(), 2);
}

/// Rooms that open none for the first `refusals` games asked, then console rooms.
struct Reluctant {
    refusals: AtomicUsize,
    rooms: ConsoleRooms,
}

#[async_trait::async_trait]
impl GameRooms for Reluctant {
    async fn open_room(&self, room: &Room<'_>) -> Option<domain::ChannelId> {
        let refuse = self
            .refusals
            .fetch_update(Ordering::SeqCst, Ordering::SeqCst, |n| n.checked_sub(1))
            .is_ok();
        if refuse {
            return None;
        }
        self.rooms.open_room(room).await
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_game_that_finds_no_room_starts_at_the_next_sweep() {
    let h = Harness::new().await;
    h.service.set_rooms(Arc::new(Reluctant {
        refusals: AtomicUsize::new(1),
        rooms: ConsoleRooms::default(),
    }));
    let t = started(&h, "Late standard round-robin", &["ann", "ben"]).await;
    let game = t
        .round_boards(1)
        .next()
        .and_then(|b| b.game)
        .expect("a game");
    assert!(
        h.storage.load_game(game).await.expect("read").is_none(),
        "no room, no game yet"
    );
    let notices = h.sweep().await;
    assert!(
        h.storage.load_game(game).await.expect("read").is_some(),
        "started at the sweep"
    );
    let said: Vec<String> = notices.iter().map(|n| text(&n.reply)).collect();
    assert!(
        said.iter()
            .any(|s| s.starts_with("Late, round 1, board 1.")),
        "{said:?}"
    );
    assert!(
        notices
            .iter()
            .any(|n| n.channel == console::room_channel(&room(&t, 1, 1))),
        "in the game's own room"
    );
}

/// The notice among `notices` that carries the standings.
fn standings_notice(notices: &[domain::Notice]) -> Option<&domain::Notice> {
    notices.iter().find(|n| {
        n.reply
            .messages
            .iter()
            .any(|m| matches!(m, Message::Tournament(TournamentMsg::Standings { .. })))
    })
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_standings_after_a_round_are_the_same_table_whenever_asked() {
    let h = harness().await;
    let t = started(&h, "Trio standard swiss rounds 2", &["ann", "ben", "cat"]).await;
    let game = t.round_boards(1).next().expect("a game").clone();
    let black = game.black.clone().expect("black").name;
    h.say_in(&room(&t, 1, 1), &format!("{black}> resign")).await;
    let notices = h.sweep().await;
    let posted = standings_notice(&notices).expect("the standings after round 1");
    // Round 2 is paired, its bye decided at once: it is not part of round 1's standings.
    let t = stored(&h).await;
    assert_eq!(t.round, 2);
    assert!(
        t.round_boards(2)
            .any(|b| b.result == Some(BoardResult::Bye))
    );
    let asked = h.say("ann> tournament standings").await;
    let said = text(&asked);
    assert!(said.contains("Trio: standings after round 1"), "{said}");
    assert_eq!(said, text(&posted.reply), "one heading, one table");
    assert_eq!(asked.image, posted.reply.image);
    // The winner 1, the bye 1, the loser 0.
    assert!(said.contains(&format!("{black} 0 (")), "{said}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_swiss_whose_next_round_cannot_be_paired_ends_after_the_last_round_played() {
    let mut h = harness().await;
    let created = h
        .say("admin> tournament create Duel standard swiss rounds 3")
        .await;
    assert!(
        created
            .messages
            .contains(&Message::Tournament(TournamentMsg::RoundsNeedPlayers {
                rounds: 3,
                players: 5
            })),
        "{created:?}"
    );
    for p in ["ann", "ben"] {
        h.say(&format!("{p}> tournament join")).await;
    }
    let start = h.say("admin> tournament start").await;
    let warned = TournamentMsg::MayEndEarly {
        name: "Duel".into(),
        players: 2,
        rounds: 3,
        sure: 1,
    };
    assert!(
        start.messages.contains(&Message::Tournament(warned)),
        "{start:?}"
    );
    assert!(text(&start).contains("sure to be paired for 1 round of the 3 planned"));

    // Round 1 ends; round 2 would be a rematch, so the tournament ends, stored as finished
    // before its notice.
    let t = stored(&h).await;
    let black = t.round_boards(1).next().and_then(|b| b.black.clone());
    let black = black.expect("a game").name;
    h.say_in(&room(&t, 1, 1), &format!("{black}> resign")).await;
    let notices = h.sweep().await;
    let done = stored(&h).await;
    assert_eq!((done.state, done.round), (TournamentState::Finished, 1));
    let last = notices
        .iter()
        .find(|n| text(&n.reply).contains("Duel is over."))
        .expect("the final notice");
    assert!(matches!(
        last.reply.messages.first(),
        Some(Message::Tournament(TournamentMsg::EndedEarly {
            played: 1,
            planned: 3,
            why: domain::messages::EarlyEnd::NoPairing,
            ..
        }))
    ));
    let said = text(&last.reply);
    assert!(said.contains("Round 2 of Duel cannot be paired"), "{said}");
    assert!(said.contains("ends after round 1 of 3"), "{said}");
    assert!(said.contains("Duel: standings after round 1"), "{said}");
    assert!(last.reply.image.is_some() && !last.reply.files.is_empty());
    let asked = h.say("ann> tournament standings").await;
    assert_eq!(
        asked.image, last.reply.image,
        "the final table, asked again"
    );

    // Nothing more is said, at the next sweep or, once its notice was delivered (and
    // marked, as a front marks it), after a restart.
    assert!(h.sweep().await.is_empty());
    let end = last.reply.shows_round.expect("the end, stamped");
    assert!(end.over);
    h.service.mark_round_shown(end).await;
    h.restart().await;
    h.service.set_rooms(Arc::new(ConsoleRooms::default()));
    // (Its game's start was never marked shown here, as no front ran: that alone comes.)
    let after = h.sweep().await;
    assert!(after.iter().all(|n| n.reply.game.is_some()), "{after:?}");
    assert_eq!(stored(&h).await.state, TournamentState::Finished);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_swiss_with_players_enough_for_its_rounds_is_not_warned() {
    let h = harness().await;
    let created = h
        .say("admin> tournament create Solo standard swiss rounds 1")
        .await;
    assert_eq!(created.messages.len(), 1, "{created:?}");
    h.say("admin> tournament cancel").await;
    h.say("admin> tournament create Many standard swiss rounds 2")
        .await;
    for p in ["ann", "ben", "cat"] {
        h.say(&format!("{p}> tournament join")).await;
    }
    let start = h.say("admin> tournament start").await;
    assert!(!start.private, "{}", text(&start));
    assert_eq!(start.messages.len(), 1, "{start:?}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_tournament_name_is_stored_clean_and_no_longer_than_discord_allows() {
    let h = harness().await;
    let long = "n".repeat(usize::from(domain::MAX_TOURNAMENT_NAME) + 1);
    let refused = h
        .say(&format!("admin> tournament create {long} standard swiss"))
        .await;
    assert!(refused.private);
    assert_eq!(
        refused.messages,
        vec![Message::Tournament(TournamentMsg::BadName { max: 50 })]
    );
    let unprintable = h
        .say("admin> tournament create \"\u{202E}\u{2066}\" standard swiss")
        .await;
    assert!(unprintable.private, "{}", text(&unprintable));
    assert!(
        h.storage
            .guild_tournaments(console::CONSOLE_GUILD)
            .await
            .expect("read")
            .is_empty(),
        "nothing stored"
    );
    // Fifty-one characters typed; a direction override left out and a tab made a space when
    // stored leave fifty.
    let rest = "m".repeat(43);
    let created = h
        .say(&format!(
            "admin> tournament create \"Sp\u{202E}ring\t{rest}\" standard swiss"
        ))
        .await;
    assert!(!created.private, "{}", text(&created));
    let t = stored(&h).await;
    assert_eq!(t.name, format!("Spring {rest}"));
    assert_eq!(t.name.chars().count(), 50);
}

/// The tournament's notices (not its games', whose starts no front marked here) among
/// `notices` announced after a restart, as text.
fn after_restart(notices: &[domain::Notice]) -> Vec<String> {
    notices
        .iter()
        .filter(|n| n.reply.game.is_none())
        .filter(|n| n.reply.says(&NoticeMsg::AnnouncedAfterRestart.into()))
        .map(|n| text(&n.reply))
        .collect()
}

/// A round's pairings and a tournament's end, stored and never shown (the process died
/// before its notice was delivered), are announced after the restart, once: the notice
/// carries the mark its delivery stores, and the next restart says nothing more.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_round_or_an_end_stored_and_not_shown_is_announced_after_a_restart_once() {
    let mut h = harness().await;
    let t = started(&h, "Club standard round-robin", &["ann", "ben", "cat"]).await;
    // The start's answer (round 1's pairings) was never delivered.
    h.restart().await;
    h.service.set_rooms(Arc::new(ConsoleRooms::default()));
    let notices = h.sweep().await;
    let late = after_restart(&notices);
    assert_eq!(late.len(), 1, "{notices:?}");
    let round = notices
        .iter()
        .find_map(|n| n.reply.shows_round)
        .expect("stamped with its round");
    assert_eq!(
        (round.tournament, round.round, round.over),
        (t.id, 1, false)
    );
    assert!(
        notices
            .iter()
            .any(|n| text(&n.reply).contains("Club, round 1 of 3:")),
        "{notices:?}"
    );
    h.service.mark_round_shown(round).await;
    h.restart().await;
    h.service.set_rooms(Arc::new(ConsoleRooms::default()));
    assert!(after_restart(&h.sweep().await).is_empty(), "announced once");

    // Every game is resigned by White; each round's notice is delivered, the end's is not.
    for r in 1..=3 {
        let t = stored(&h).await;
        let board = t
            .round_boards(r)
            .find(|b| b.black.is_some())
            .expect("a game")
            .clone();
        let room = room(&t, r, board.board);
        let resigned = h
            .say_in(&room, &format!("{}> resign", board.white.name))
            .await;
        assert!(!resigned.private, "{}", text(&resigned));
        for notice in h.sweep().await {
            if let Some(round) = notice.reply.shows_round.filter(|s| !s.over) {
                h.service.mark_round_shown(round).await;
            }
        }
    }
    assert_eq!(stored(&h).await.state, TournamentState::Finished);
    h.restart().await;
    h.service.set_rooms(Arc::new(ConsoleRooms::default()));
    let notices = h.sweep().await;
    let late = after_restart(&notices);
    assert_eq!(late.len(), 1, "only the end: {late:?}");
    assert!(late[0].contains("Club is over."), "{}", late[0]);
    let end = notices
        .iter()
        .find_map(|n| n.reply.shows_round)
        .expect("stamped");
    assert!(end.over);
    h.service.mark_round_shown(end).await;
    h.restart().await;
    h.service.set_rooms(Arc::new(ConsoleRooms::default()));
    assert!(after_restart(&h.sweep().await).is_empty(), "announced once");
}
