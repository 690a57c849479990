//! A whole tournament through the console: eight players, a round robin of seven rounds,
//! every game played in its own room with scripted moves and ended by resignation (one by an
//! agreed draw); each round paired and started when the one before ends, and the winner
//! announced with the final standings drawn and every game's record in one file. And a Swiss
//! played the same way, exported with `nadare tournament export --trf`, whose rounds
//! `nadare pairings --dutch` pairs again as the service did.

use std::path::Path;
use std::process::Command;

use domain::{BoardResult, Games, TournamentState, Tournaments};
use rules::Game;
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

/// A script that ends on the last game's result still prints what it set going: the last
/// round's standings and the winner, in the tournament's room.
#[test]
fn the_notices_of_the_last_line_are_printed_before_the_console_stops() {
    let dir = tempfile::tempdir().expect("temp dir");
    let script = round_robin_script().replace("admin> tournament standings\n", "");
    let stdout = play(dir.path(), &script);
    let last = stdout
        .rsplit("[notice in room main]")
        .next()
        .expect("a notice in the tournament's room");
    assert!(last.contains("Club is over. The winner is p1!"), "{stdout}");
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

    // The final notice: the winner, the standings said and drawn, every game's record.
    let notice = stdout
        .split("[notice in room main]")
        .find(|n| n.contains("Club is over."))
        .expect("the final notice");
    assert!(notice.contains("Club: standings after round 7"), "{notice}");
    assert!(
        notice.contains("The record of every game (28 games) is attached as one PGN file."),
        "{notice}"
    );
    let shown = |text: &str, marker: &str| -> Vec<u8> {
        let path = text
            .lines()
            .find_map(|l| l.trim().strip_prefix(marker))
            .unwrap_or_else(|| panic!("{marker} in {text}"));
        std::fs::read(dir.path().join(path.trim())).expect("written")
    };
    let image = shown(notice, "[image]");
    assert!(image.starts_with(b"\x89PNG"));
    let width = u32::from_be_bytes([image[16], image[17], image[18], image[19]]);
    assert!(width > 400, "a cross-table of eight: {width} px");
    // `tournament standings` afterwards draws the same final table.
    let asked = stdout
        .rsplit("admin> tournament standings")
        .next()
        .expect("the last command");
    assert_eq!(shown(asked, "[image]"), image);
    let pgn = String::from_utf8(shown(notice, "[file]")).expect("UTF-8");
    assert!(notice.contains("nadare-tournament-1.pgn"), "{notice}");
    let records = records(&pgn);
    assert_eq!(records.len(), 28);

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
        // Its record is in the file, with the tournament, round and board.
        let (played, tags) = records
            .iter()
            .find(|(_, tags)| {
                tag(tags, "Round") == b.round.to_string()
                    && tag(tags, "Board") == b.board.to_string()
            })
            .unwrap_or_else(|| panic!("round {} board {} recorded", b.round, b.board));
        assert_eq!(tag(tags, "Event"), "Club");
        assert_eq!(tag(tags, "White"), b.white.name);
        assert_eq!(played.turns().len(), 2);
        let result = played.outcome().map(|o| o.result_str());
        let expected = match b.result {
            Some(BoardResult::Draw) => "1/2-1/2",
            Some(BoardResult::WhiteWins) => "1-0",
            Some(BoardResult::BlackWins) => "0-1",
            other => panic!("round robin result {other:?}"),
        };
        assert_eq!(result, Some(expected));
        assert!(game.row.rated, "tournament games are rated by default");
        assert!(game.row.state.finished.is_some());
        assert_eq!(
            (game.row.white.id, game.row.black.id),
            (b.white.id, b.black.as_ref().expect("black").id)
        );
    }
}

/// The games of a PGN file of several records, each replayed, with its tags.
fn records(pgn: &str) -> Vec<(Game, Vec<(String, String)>)> {
    pgn.split("\n\n[Event ")
        .enumerate()
        .map(|(i, part)| {
            let text = if i == 0 {
                part.to_string()
            } else {
                format!("[Event {part}")
            };
            Game::from_record(&text).unwrap_or_else(|e| panic!("{e}: {text}"))
        })
        .collect()
}

/// The value of tag `name`.
fn tag<'a>(tags: &'a [(String, String)], name: &str) -> &'a str {
    tags.iter()
        .find(|(n, _)| n == name)
        .map_or("", |(_, v)| v.as_str())
}

/// Runs `nadare local --script` on `script` in `dir`, which must succeed.
fn play(dir: &Path, script: &str) -> String {
    succeeds(&mut nadare(dir, script))
}

/// The output of `cmd`, which must succeed.
fn succeeds(cmd: &mut Command) -> String {
    let out = cmd.output().expect("run");
    let stdout = String::from_utf8_lossy(&out.stdout).into_owned();
    assert!(
        out.status.success(),
        "{stdout}{}",
        String::from_utf8_lossy(&out.stderr)
    );
    stdout
}

/// `nadare ARGS` in `dir`: its output.
fn run(dir: &Path, args: &[&str]) -> std::process::Output {
    Command::new(env!("CARGO_BIN_EXE_nadare"))
        .current_dir(dir)
        .args(args)
        .output()
        .expect("run nadare")
}

/// The tournament as stored in `dir`'s database (opened and closed again).
fn stored(dir: &Path) -> domain::TournamentRecord {
    let storage = Storage::open(&dir.join("nadare.db")).expect("open");
    block_on(storage.tournament(1))
        .expect("read")
        .expect("stored")
}

/// `full` as it stood before `round` (from 1): earlier rounds, and of `round` only the
/// absences of players who were not paired (as the Dutch tests cut the sample files).
fn cut(full: &tournament::Tournament, round: usize) -> tournament::Tournament {
    let mut t = full.clone();
    for p in &mut t.players {
        let absent = p
            .rounds
            .get(round - 1)
            .is_some_and(|e| e.opponent.is_none() && e.outcome == tournament::Outcome::ZeroBye);
        p.rounds.truncate(if absent { round } else { round - 1 });
    }
    t
}

#[test]
fn a_swiss_exported_as_trf_is_paired_again_round_by_round_as_the_service_paired_it() {
    let dir = tempfile::tempdir().expect("temp dir");
    let dir = dir.path();
    // Seven players (a bye each round), four rounds; p6 withdraws at the start of round 3.
    let mut script = String::from("admin> tournament create Open standard swiss rounds 4\n");
    for p in 1..=7 {
        script.push_str(&format!("p{p}> tournament join\n"));
    }
    script.push_str("admin> tournament start\n");
    play(dir, &script);
    for round in 1..=4u32 {
        let t = stored(dir);
        assert_eq!((t.round, t.state), (round, TournamentState::Running));
        let mut script = String::new();
        if round == 3 {
            script.push_str("p6> tournament leave\n");
        }
        for b in t.round_boards(round) {
            let Some(black) = &b.black else { continue };
            let (white, black) = (&b.white.name, &black.name);
            if round == 3 && (white == "p6" || black == "p6") {
                continue;
            }
            let room = format!("t1-r{round}-b{}", b.board);
            script.push_str(&format!(
                "{white}@{room}> move e4\n{black}@{room}> move e5\n"
            ));
            match (round + b.board) % 3 {
                0 => script.push_str(&format!(
                    "{white}@{room}> draw offer\n{black}@{room}> draw accept\n"
                )),
                1 => script.push_str(&format!("{black}@{room}> resign\n")),
                _ => script.push_str(&format!("{white}@{room}> resign\n")),
            }
        }
        play(dir, &script);
    }
    let t = stored(dir);
    assert_eq!(t.state, TournamentState::Finished);

    // Exported to a file and to standard output alike; it reads back as the service sees it.
    let out = run(
        dir,
        &[
            "tournament",
            "export",
            "1",
            "--trf",
            "--db",
            "nadare.db",
            "-o",
            "open.trf",
        ],
    );
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = std::fs::read_to_string(dir.join("open.trf")).expect("written");
    let printed = run(
        dir,
        &["tournament", "export", "1", "--trf", "--db", "nadare.db"],
    );
    assert_eq!(String::from_utf8_lossy(&printed.stdout), text);
    assert!(
        text.starts_with("012 Open\n") && text.contains("\nXXR 4\n"),
        "{text}"
    );
    let full = tournament::trf::read(&text).expect("the export reads");
    assert_eq!(full, service::tournament_report(&t));
    assert_eq!(full.players.len(), 7);
    let p6 = &full.players[5];
    assert!(
        p6.rounds[3].opponent.is_none() && p6.rounds[3].outcome == tournament::Outcome::ZeroBye,
        "the withdrawn player is absent from round 4: {p6:?}"
    );
    let byes = full
        .players
        .iter()
        .flat_map(|p| &p.rounds)
        .filter(|e| e.outcome == tournament::Outcome::PairingBye)
        .count();
    assert_eq!(byes, 3, "a bye in each round of seven players");

    // Cut before each round, `nadare pairings --dutch` pairs it as the service did.
    let number = |name: &str| {
        full.players
            .iter()
            .find(|p| p.name == name)
            .map(|p| p.number)
            .expect("a player")
    };
    for round in 1..=4u32 {
        let file = format!("before-{round}.trf");
        let before = tournament::trf::write(&cut(&full, round as usize)).expect("writes");
        std::fs::write(dir.join(&file), before).expect("write");
        let out = run(dir, &["pairings", "--dutch", &file]);
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        let mut expected = vec![t.round_boards(round).count().to_string()];
        expected.extend(t.round_boards(round).map(|b| {
            let black = b.black.as_ref().map_or(0, |u| number(&u.name));
            format!("{} {black}", number(&b.white.name))
        }));
        let printed = String::from_utf8(out.stdout).expect("UTF-8");
        assert_eq!(
            printed.lines().collect::<Vec<_>>(),
            expected,
            "round {round}"
        );
    }
}

#[test]
fn exporting_an_unknown_tournament_or_database_says_so() {
    let dir = tempfile::tempdir().expect("temp dir");
    let dir = dir.path();
    let out = run(
        dir,
        &["tournament", "export", "1", "--trf", "--db", "missing.db"],
    );
    assert!(!out.status.success());
    assert_eq!(
        String::from_utf8_lossy(&out.stderr),
        "error: there is no database at missing.db\n"
    );
    assert!(!dir.join("missing.db").exists(), "nothing is created");
    play(dir, "admin> tournament create Club standard round-robin\n");
    for id in ["2", "99999999999"] {
        let out = run(
            dir,
            &["tournament", "export", id, "--trf", "--db", "nadare.db"],
        );
        assert!(!out.status.success());
        assert_eq!(
            String::from_utf8_lossy(&out.stderr),
            format!("error: nadare.db holds no tournament {id}\n")
        );
    }
    let out = run(
        dir,
        &[
            "tournament",
            "export",
            "seven",
            "--trf",
            "--db",
            "nadare.db",
        ],
    );
    assert!(!out.status.success());
    assert!(
        String::from_utf8_lossy(&out.stderr).contains("invalid value 'seven'"),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    // An open tournament exports its players, without rounds.
    let out = run(
        dir,
        &["tournament", "export", "1", "--trf", "--db", "nadare.db"],
    );
    assert_eq!(String::from_utf8_lossy(&out.stdout), "012 Club\nXXR 0\n");
}

/// Two consoles on one PostgreSQL database (`--db postgres://…`, a schema of the test's
/// own) play a round robin of four together, each taking its turn at the database: the
/// first creates it and starts round 1, the second plays round 1 (and so pairs round 2),
/// the first plays on to the winner. Neither writes a file for the database. Skipped, and
/// says so, without a reachable PostgreSQL.
#[test]
fn two_consoles_on_one_postgresql_play_a_tournament_together() {
    let Some(backend) = block_on(testkit::stores::Backend::postgres("console_tournament")) else {
        return;
    };
    let url = backend.url().expect("a PostgreSQL URL").to_owned();
    let rounds = berger::round_robin(4);
    let round = |r: usize| {
        let mut script = String::new();
        for (b, pairing) in rounds[r].iter().enumerate() {
            let Pairing::Game { white, black } = *pairing else {
                panic!("four players have no bye");
            };
            let room = format!("t1-r{}-b{}", r + 1, b + 1);
            script.push_str(&format!(
                "p{white}@{room}> move e4\np{black}@{room}> move e5\np{}@{room}> resign\n",
                white.max(black)
            ));
        }
        script
    };
    let dir = tempfile::tempdir().expect("temp dir");
    let console = |script: &str| succeeds(nadare(dir.path(), script).args(["--db", &url]));
    let mut first = String::from("admin> tournament create Club standard round-robin\n");
    for p in 1..=4 {
        first.push_str(&format!("p{p}> tournament join\n"));
    }
    // Each script ends with a look at the standings, after the notices of its last turn.
    first.push_str("admin> tournament start\nadmin> tournament standings\n");
    let opened = console(&first);
    assert!(opened.contains("Club, round 1 of 3:"), "{opened}");
    let second = console(&format!("{}admin> tournament standings\n", round(0)));
    assert!(
        second.contains("Club, round 2 of 3:"),
        "the second console played round 1 and paired round 2: {second}"
    );
    assert!(!second.contains("no game"), "{second}");
    let last = console(&format!(
        "{}{}admin> tournament standings\n",
        round(1),
        round(2)
    ));
    assert!(last.contains("Club is over. The winner is p1!"), "{last}");
    assert!(last.contains("1. p1 3 ("), "{last}");
    assert!(last.contains("4. p4 0 ("), "{last}");
    // The database is the server: nothing but the script is in the folder besides the
    // pictures' folder.
    let files: Vec<String> = std::fs::read_dir(dir.path())
        .expect("the folder")
        .filter_map(|e| e.ok().map(|e| e.file_name().to_string_lossy().into_owned()))
        .filter(|name| name != "script.txt" && name != "boards")
        .collect();
    assert!(files.is_empty(), "{files:?}");
    block_on(backend.cleanup());
}
