//! A whole tournament through the console: eight players, a round robin of seven rounds,
//! every game played in its own room with scripted moves and ended by resignation (one by an
//! agreed draw); each round paired and started when the one before ends, and the winner
//! announced.

use domain::{BoardResult, Games, TournamentState, Tournaments};
use storage::Storage;
use testkit::stores::block_on;
use tournament::{Pairing, berger};

use crate::script::nadare;

/// The script: players `p1` … `p8` join in order (so their pairing numbers are theirs), and
/// on every board the lower number wins, but `p4` and `p5` agree a draw.
fn round_robin_script() -> String {
    let mut script = String::from("admin> tournament create Club standard round-robin\n");
    for p in 1..=8 {
        script.push_str(&format!("p{p}> tournament join\n"));
    }
    script.push_str("admin> tournament start\n");
    for (r, round) in berger::round_robin(8).iter().enumerate() {
        for (b, pairing) in round.iter().enumerate() {
            let Pairing::Game { white, black } = *pairing else {
                panic!("eight players have no bye");
            };
            let room = format!("t1-r{}-b{}", r + 1, b + 1);
            script.push_str(&format!(
                "p{white}@{room}> move e4\np{black}@{room}> move e5\n"
            ));
            if (white.min(black), white.max(black)) == (4, 5) {
                script.push_str(&format!(
                    "p{white}@{room}> draw offer\np{black}@{room}> draw accept\n"
                ));
            } else {
                script.push_str(&format!("p{}@{room}> resign\n", white.max(black)));
            }
        }
    }
    script.push_str("admin> tournament standings\n");
    script
}

#[test]
fn an_eight_player_round_robin_plays_through_the_console() {
    let dir = tempfile::tempdir().expect("temp dir");
    let out = nadare(dir.path(), &round_robin_script())
        .output()
        .expect("run");
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "{stdout}");
    for round in 1..=7 {
        assert!(
            stdout.contains(&format!("Club, round {round} of 7:")),
            "round {round} was announced: {stdout}"
        );
    }
    assert!(stdout.contains("[notice in room t1-r7-b4]"), "{stdout}");
    assert!(
        stdout.contains("Club is over. The winner is p1!"),
        "{stdout}"
    );
    assert!(stdout.contains("1. p1 7 ("), "{stdout}");
    assert!(stdout.contains("8. p8 0 ("), "{stdout}");

    let storage = Storage::open(&dir.path().join("nadare.db")).expect("open");
    let t = block_on(storage.tournament(1))
        .expect("read")
        .expect("stored");
    assert_eq!((t.state, t.round), (TournamentState::Finished, 7));
    assert_eq!(t.boards.len(), 28, "every pair met once");
    let draws = t
        .boards
        .iter()
        .filter(|b| b.result == Some(BoardResult::Draw))
        .count();
    assert_eq!(draws, 1);
    for b in &t.boards {
        let game = block_on(storage.load_game(b.game.expect("a game")))
            .expect("load")
            .expect("stored");
        assert!(game.row.rated, "tournament games are rated by default");
        assert!(game.row.state.finished.is_some());
        assert_eq!(
            (game.row.white.id, game.row.black.id),
            (b.white.id, b.black.as_ref().expect("black").id)
        );
    }
}
