//! Many games at once, and players racing in one game: every turn applies exactly once.

use service::Options;
use std::sync::Arc;

use console::{room_channel, user};
use domain::messages::ViewMsg;
use domain::{Command, Games, Locale, Origin};
use rules::{Color, EndReason};
use testkit::harness::{Harness, over, text};

fn origin(room: &str, who: &str) -> Origin {
    Origin {
        guild: Some(console::CONSOLE_GUILD),
        channel: room_channel(room),
        user: user(who),
        locale: Locale::default(),
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_thousand_games_on_a_thousand_channels_at_once() {
    let h = Arc::new(Harness::new().await);
    let mut tasks = Vec::new();
    for i in 0..1000 {
        let h = h.clone();
        tasks.push(tokio::spawn(async move {
            let room = format!("room{i}");
            let (white, black) = (format!("w{i}"), format!("b{i}"));
            let challenge = Command::Challenge {
                opponent: Some(user(&black)),
                variant: rules::Variant::Standard,
                setup: None,
                color: domain::ColorChoice::White,
                deadline: None,
                time: None,
                rated: None,
            };
            let r = h.execute(&origin(&room, &white), challenge).await;
            assert!(!r.private, "{}", text(&r));
            let r = h
                .service
                .execute(&origin(&room, &black), Command::Accept, Options::default())
                .await;
            let id = r.game.expect("id");
            let mut last = r;
            for (k, mv) in ["f3", "e5", "g4", "Qh4#"].iter().enumerate() {
                let who = if k.is_multiple_of(2) { &white } else { &black };
                last = h
                    .service
                    .execute(
                        &origin(&room, who),
                        Command::Move((*mv).to_string()),
                        Options::default(),
                    )
                    .await;
                assert!(!last.private, "{room} {mv}: {}", text(&last));
            }
            assert_eq!(over(&last).map(|o| o.winner), Some(Some(Color::Black)));
            id
        }));
    }
    let mut ids = Vec::new();
    for t in tasks {
        ids.push(t.await.expect("task"));
    }
    ids.sort_unstable();
    ids.dedup();
    assert_eq!(ids.len(), 1000, "every game got its own id");
    for id in ids {
        let g = h
            .storage
            .load_game(id)
            .await
            .expect("load")
            .expect("stored");
        assert_eq!(g.turns, ["f3", "e5", "g4", "Qh4#"]);
        assert_eq!(
            g.row.state.finished.map(|f| f.outcome.reason),
            Some(EndReason::Checkmate)
        );
    }
    let games = h
        .service
        .execute(&origin("room0", "x"), Command::Games, Options::default())
        .await;
    assert!(
        games.says(&ViewMsg::NoGames.into()),
        "all are over: {games:?}"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn players_racing_in_one_game_apply_exactly_once() {
    let h = Arc::new(Harness::new().await);
    let rounds = 200;
    let mut ids = Vec::new();
    for i in 0..rounds {
        let room = format!("race{i}");
        h.say_in(&room, "alice> challenge bob white").await;
        ids.push(h.say_in(&room, "bob> accept").await.game.expect("id"));
    }
    // In every game at once alice sends two different moves; in the second half bob also
    // answers at the same instant.
    let mut tasks = Vec::new();
    for i in 0..rounds {
        let room = format!("race{i}");
        let senders: &[(&str, &str)] = if i < rounds / 2 {
            &[("alice", "Nf3"), ("alice", "Nc3")]
        } else {
            &[("alice", "Nf3"), ("alice", "Nc3"), ("bob", "Nf6")]
        };
        for &(who, mv) in senders {
            let h = h.clone();
            let room = room.clone();
            tasks.push(tokio::spawn(async move {
                let r = h
                    .service
                    .execute(
                        &origin(&room, who),
                        Command::Move(mv.to_string()),
                        Options::default(),
                    )
                    .await;
                (i, who, mv, !r.private)
            }));
        }
    }
    let mut applied = vec![Vec::new(); rounds];
    for t in tasks {
        let (i, who, mv, ok) = t.await.expect("task");
        if ok {
            applied[i].push((who, mv));
        }
    }
    for (i, id) in ids.into_iter().enumerate() {
        let turns = h
            .storage
            .load_game(id)
            .await
            .expect("load")
            .expect("stored")
            .turns;
        assert_eq!(
            turns.len(),
            applied[i].len(),
            "game {i}: announced = stored: {turns:?}"
        );
        for (who, mv) in &applied[i] {
            assert!(
                turns.iter().any(|t| t == mv),
                "game {i}: {who}'s {mv} announced, not stored"
            );
        }
        if i < rounds / 2 {
            // Nobody moved in between: exactly one of the two applies.
            assert_eq!(turns.len(), 1, "game {i}: {turns:?}");
            assert!(turns[0] == "Nf3" || turns[0] == "Nc3");
        } else {
            // The record alternates: alice's first move, then bob's, then perhaps alice's other.
            assert!(
                turns[0] == "Nf3" || turns[0] == "Nc3",
                "game {i}: {turns:?}"
            );
            if turns.len() > 1 {
                assert_eq!(turns[1], "Nf6");
            }
            if turns.len() == 3 {
                assert_ne!(turns[2], turns[0]);
            }
        }
    }
}
