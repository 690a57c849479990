//! Another UCI engine in its own process: fake engines (shell scripts) that answer, refuse,
//! stop or fall silent, and Stockfish itself where it is installed.

use std::path::{Path, PathBuf};
use std::time::Duration;

use engine::external::{External, ExternalError};
use rules::{Game, Position, Variant};

/// Where Debian installs Stockfish (package `stockfish`).
const STOCKFISH: &str = "/usr/games/stockfish";

/// A fake engine: a shell script that logs every line it is sent to `log` and answers the
/// handshake (with the Elo options when `elo`), `isready`, and `go` by `on_go` (shell).
fn fake(dir: &Path, elo: bool, on_go: &str) -> PathBuf {
    let options = if elo {
        "echo 'option name UCI_LimitStrength type check default false'; \
         echo 'option name UCI_Elo type spin default 1350 min 1350 max 2850';"
    } else {
        ""
    };
    let log = dir.join("log");
    let script = format!(
        "#!/bin/sh\nwhile read -r line; do\n  echo \"$line\" >> '{log}'\n  case \"$line\" in\n    \
         uci) echo 'id name fake'; {options} echo uciok ;;\n    \
         isready) echo readyok ;;\n    \
         go*) {on_go} ;;\n    \
         quit) exit 0 ;;\n  esac\ndone\n",
        log = log.display()
    );
    // Written here but made executable by `install`, a process of its own: a file this
    // process had open for writing could be held by a child another test thread forks at that
    // moment, and running it would then fail with "text file busy" (ETXTBSY).
    let source = dir.join("fake-engine.sh");
    std::fs::write(&source, script).unwrap();
    let path = dir.join("fake-engine");
    let installed = std::process::Command::new("install")
        .args(["-m", "755"])
        .arg(&source)
        .arg(&path)
        .status()
        .unwrap();
    assert!(installed.success());
    path
}

fn logged(dir: &Path) -> String {
    std::fs::read_to_string(dir.join("log")).unwrap()
}

fn after(moves: &[&str]) -> Game {
    let mut game = Game::from_position(Position::new_game(Variant::Standard, None).unwrap());
    for m in moves {
        game.play_str(m).unwrap();
    }
    game
}

#[test]
fn a_fake_engines_turn_is_played_after_the_game_set_up_at_the_elo_asked() {
    let dir = tempfile::tempdir().unwrap();
    let mut engine = External::start(&fake(
        dir.path(),
        true,
        "echo 'info depth 1'; echo 'bestmove e7e5'",
    ))
    .unwrap();
    assert_eq!(engine.elo_range(), 1350..=2850);
    let game = after(&["f3"]);
    let turn = engine.play(&game, 1800, Duration::from_millis(50)).unwrap();
    assert_eq!(game.position().turn_to_uci(&turn), "e7e5");
    // An Elo outside the engine's range is brought into it.
    let game = after(&["f3", "e5", "g4"]);
    assert!(engine.play(&game, 3000, Duration::from_millis(50)).is_err());
    let log = logged(dir.path());
    for line in [
        "uci",
        "setoption name UCI_LimitStrength value true",
        "setoption name UCI_Chess960 value false",
        "setoption name UCI_Elo value 1800",
        "position fen rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 moves f2f3",
        "go movetime 50",
        "setoption name UCI_Elo value 2850",
        "position fen rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 moves f2f3 e7e5 g2g4",
    ] {
        assert!(log.lines().any(|l| l == line), "{line}:\n{log}");
    }
}

#[test]
fn an_illegal_answer_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    let mut engine = External::start(&fake(dir.path(), true, "echo 'bestmove e2e5'")).unwrap();
    let err = engine
        .play(&after(&[]), 1500, Duration::from_millis(10))
        .unwrap_err();
    assert!(
        matches!(&err, ExternalError::Illegal(m) if m == "e2e5"),
        "{err:?}"
    );
}

#[test]
fn an_engine_without_elo_options_is_refused_at_the_start() {
    let dir = tempfile::tempdir().unwrap();
    let err = External::start(&fake(dir.path(), false, "echo 'bestmove e2e4'")).unwrap_err();
    assert!(matches!(err, ExternalError::NoElo { .. }), "{err:?}");
    assert!(err.to_string().contains("UCI_Elo"), "{err}");
}

#[test]
fn a_missing_program_an_engine_that_stops_and_one_that_falls_silent_are_errors() {
    let dir = tempfile::tempdir().unwrap();
    let err = External::start(&dir.path().join("no-such-engine")).unwrap_err();
    assert!(matches!(err, ExternalError::Start { .. }), "{err:?}");
    assert!(err.to_string().contains("no-such-engine"), "{err}");

    let mut stops = External::start(&fake(dir.path(), true, "exit 1")).unwrap();
    let err = stops
        .play(&after(&[]), 1500, Duration::from_millis(10))
        .unwrap_err();
    assert!(matches!(err, ExternalError::Stopped), "{err:?}");

    let mut silent = External::start(&fake(dir.path(), true, ":")).unwrap();
    let err = silent
        .play(&after(&[]), 1500, Duration::from_millis(10))
        .unwrap_err();
    assert!(matches!(err, ExternalError::Silent { .. }), "{err:?}");
}

#[test]
fn avalanche_is_not_asked_of_it() {
    let dir = tempfile::tempdir().unwrap();
    let mut engine = External::start(&fake(dir.path(), true, "echo 'bestmove e2e4'")).unwrap();
    let game = Game::from_position(Position::new_game(Variant::Avalanche, None).unwrap());
    let err = engine
        .play(&game, 1500, Duration::from_millis(10))
        .unwrap_err();
    assert!(
        matches!(err, ExternalError::Variant(Variant::Avalanche)),
        "{err:?}"
    );
    assert!(!logged(dir.path()).contains("position"));
}

#[test]
fn stockfish_where_installed_plays_legal_turns_in_standard_chess_and_chess960() {
    if !Path::new(STOCKFISH).exists() {
        eprintln!("skipped: {STOCKFISH} is not installed (Debian package stockfish)");
        return;
    }
    let mut stockfish = External::start(Path::new(STOCKFISH)).unwrap();
    let mut standard = after(&["e4", "e5", "Nf3"]);
    let mut chess960 = Game::from_position(Position::new_game(Variant::Chess960, Some(0)).unwrap());
    for game in [&mut standard, &mut chess960] {
        for _ in 0..6 {
            let turn = stockfish
                .play(game, 1350, Duration::from_millis(20))
                .unwrap();
            game.play(turn).unwrap();
        }
    }
    assert_eq!(standard.turns().len(), 9);
    assert_eq!(chess960.turns().len(), 6);
}
