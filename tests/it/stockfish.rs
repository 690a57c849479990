//! Games against Stockfish where the install configured it, with fake UCI engines (shell
//! scripts) standing in for it: its turns played in the game, the Elo and the game handed to
//! it, refusals where it cannot play, and a Stockfish that fails without leaving the game
//! waiting.

use std::path::{Path, PathBuf};
use std::time::Duration;

use domain::messages::Refusal;
use rules::{Color, EndReason, Outcome};
use service::{ServiceConfig, ServiceError, StockfishSettings};
use testkit::harness::{Harness, over, played, refusal, text};

/// A fake engine that answers each `go` with the next line of `answers` and logs what it is
/// sent to `log`, both in `dir`.
fn fake(dir: &Path, answers: &[&str]) -> PathBuf {
    std::fs::write(dir.join("answers"), answers.join("\n") + "\n").unwrap();
    let script = format!(
        "#!/bin/sh\ncd '{dir}'\nwhile read -r line; do\n  echo \"$line\" >> log\n  \
         case \"$line\" in\n    \
         uci) echo 'option name UCI_LimitStrength type check default false'; \
         echo 'option name UCI_Elo type spin default 1350 min 1350 max 2850'; echo uciok ;;\n    \
         isready) echo readyok ;;\n    \
         go*) echo \"bestmove $(head -n 1 answers)\"; sed -i 1d answers ;;\n  \
         esac\ndone\n",
        dir = dir.display()
    );
    // Written here but made executable by `install`, a process of its own: a file this
    // process had open for writing could be held by a child another test thread forks at that
    // moment, and running it would then fail with "text file busy" (ETXTBSY).
    let source = dir.join("fake-stockfish.sh");
    std::fs::write(&source, script).unwrap();
    let path = dir.join("fake-stockfish");
    let installed = std::process::Command::new("install")
        .args(["-m", "755"])
        .arg(&source)
        .arg(&path)
        .status()
        .unwrap();
    assert!(installed.success());
    path
}

fn with_stockfish(path: PathBuf) -> ServiceConfig {
    ServiceConfig {
        stockfish: Some(StockfishSettings {
            path,
            movetime: Duration::from_millis(100),
        }),
        ..ServiceConfig::default()
    }
}

fn log(dir: &Path) -> String {
    std::fs::read_to_string(dir.join("log")).unwrap_or_default()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn stockfish_answers_each_turn_at_the_elo_challenged_and_can_win() {
    let dir = tempfile::tempdir().unwrap();
    let h = Harness::with_config(with_stockfish(fake(dir.path(), &["e7e5", "d8h4"]))).await;
    let r = h.say("alice> challenge stockfish elo 1800 white").await;
    assert!(!r.private, "{}", text(&r));
    assert!(text(&r).contains("Stockfish (1800, Black)"), "{}", text(&r));
    let r = h.say("alice> move f3").await;
    assert_eq!(played(&r), ["f3", "e5"], "{}", text(&r));
    let r = h.say("alice> move g4").await;
    assert_eq!(played(&r), ["g4", "Qh4#"], "{}", text(&r));
    assert_eq!(
        over(&r),
        Some(Outcome {
            winner: Some(Color::Black),
            reason: EndReason::Checkmate
        })
    );
    let log = log(dir.path());
    let start = "position fen rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    for line in [
        "setoption name UCI_LimitStrength value true",
        "setoption name UCI_Chess960 value false",
        "setoption name UCI_Elo value 1800",
        &format!("{start} moves f2f3"),
        &format!("{start} moves f2f3 e7e5 g2g4"),
        "go movetime 100",
    ] {
        assert!(log.lines().any(|l| l == line), "{line}:\n{log}");
    }
    // One process served both turns.
    assert_eq!(log.lines().filter(|l| *l == "uci").count(), 1, "{log}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn stockfish_is_refused_for_avalanche_and_where_none_is_configured() {
    let dir = tempfile::tempdir().unwrap();
    let h = Harness::with_config(with_stockfish(fake(dir.path(), &[]))).await;
    let r = h.say("alice> challenge stockfish avalanche").await;
    assert!(r.private);
    assert!(
        matches!(refusal(&r), Some(Refusal::StockfishChessOnly { .. })),
        "{r:?}"
    );
    assert!(
        text(&r).contains("standard chess and Chess960"),
        "{}",
        text(&r)
    );

    let plain = Harness::new().await;
    let r = plain.say("alice> challenge stockfish elo 2000").await;
    assert!(matches!(refusal(&r), Some(Refusal::NoStockfish)), "{r:?}");
    assert!(text(&r).contains("no Stockfish"), "{}", text(&r));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_stockfish_that_answers_nonsense_is_asked_again_then_replaced_by_nadares_engine() {
    let dir = tempfile::tempdir().unwrap();
    // Every process answers an illegal turn.
    let h = Harness::with_config(with_stockfish(fake(
        dir.path(),
        &["e2e5", "e2e5", "e2e5", "e2e5"],
    )))
    .await;
    h.say("alice> challenge stockfish elo 1350 white").await;
    let r = h.say("alice> move e4").await;
    let turns = played(&r);
    assert_eq!(turns.len(), 2, "the game goes on: {}", text(&r));
    assert_eq!(turns[0], "e4");
    // The process at the start, then a new one after the illegal answer.
    let log = log(dir.path());
    assert_eq!(log.lines().filter(|l| *l == "uci").count(), 2, "{log}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_stockfish_that_does_not_run_stops_the_start_with_a_clear_error() {
    let dir = tempfile::tempdir().unwrap();
    let storage = storage::Storage::open(&dir.path().join("nadare.db")).unwrap();
    let err = service::GameService::open(
        with_stockfish(dir.path().join("no-stockfish-here")),
        std::sync::Arc::new(storage),
        std::sync::Arc::new(service::ManualClock::new(testkit::harness::epoch())),
    )
    .await
    .err()
    .expect("refused");
    assert!(matches!(err, ServiceError::Stockfish(_)), "{err:?}");
    let message = err.to_string();
    assert!(
        message.contains("engine.stockfish") && message.contains("no-stockfish-here"),
        "{message}"
    );
}
