//! `nadare replay` from standard input: turns print as they are read, a wrong turn is named
//! by its ply, its text and the reason, and the final FEN closes a good record. The final
//! positions are checked with `perft` and `bestmove`, which agree on whether a turn is left.

use std::io::Write;
use std::process::{Command, Output, Stdio};

/// Runs `nadare replay -` on `record`.
fn replay(record: &str) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_nadare"))
        .args(["replay", "-"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("nadare starts");
    child
        .stdin
        .take()
        .expect("a stdin pipe")
        .write_all(record.as_bytes())
        .expect("the record is written");
    child.wait_with_output().expect("nadare ends")
}

#[test]
fn a_record_replays_with_comments_and_variations() {
    let out = replay("[Event \"t\"]\n\n1. e4 {best by test} e5 (1... c5) 2. Nf3 $1 Nc6 *\n");
    assert!(out.status.success(), "{out:?}");
    let text = String::from_utf8(out.stdout).expect("UTF-8");
    // The FEN after 1. e4 e5 2. Nf3 Nc6, written by hand.
    assert_eq!(
        text,
        "1. e4\n1... e5\n2. Nf3\n2... Nc6\n\
         r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3\n"
    );
}

#[test]
fn a_wrong_turn_is_named_after_the_turns_before_it() {
    let out = replay("1. e4 e5 2. Ke3 Nc6\n");
    assert!(!out.status.success());
    let printed = String::from_utf8(out.stdout).expect("UTF-8");
    assert_eq!(printed, "1. e4\n1... e5\n");
    let error = String::from_utf8(out.stderr).expect("UTF-8");
    assert!(
        error.contains("- does not replay: ply 3 (`Ke3`): "),
        "{error}"
    );
}

/// Runs `nadare` with `args`.
pub(crate) fn nadare(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_nadare"))
        .args(args)
        .output()
        .expect("nadare runs")
}

/// Issue 19: the final position of a game lost by a self-exposing push loads in the other
/// tools, as a finished game, and a loss on time replays as one.
#[test]
fn the_final_fen_of_a_self_exposure_loss_loads_and_has_no_turns() {
    let record = "[Variant \"avalanche\"]\n[SetUp \"1\"]\n[FEN \"k7/8/8/8/5p2/8/8/7K w - - 0 1\"]\n\n\
                  1. Kg2/f3 0-1\n";
    let out = replay(record);
    assert!(out.status.success(), "{out:?}");
    let text = String::from_utf8(out.stdout).expect("UTF-8");
    assert_eq!(
        text,
        "1. Kg2/f3\n0-1 Black wins by a push that exposed the pusher's own king\n\
         k7/8/8/8/8/5p2/6K1/8 b - - 0 1\n"
    );
    let fen = text.lines().last().expect("a FEN");
    let perft = nadare(&["perft", "--variant", "avalanche", "--fen", fen, "2"]);
    assert!(perft.status.success(), "{perft:?}");
    assert_eq!(String::from_utf8_lossy(&perft.stdout), "0\n");
    let best = nadare(&[
        "bestmove",
        "--variant",
        "avalanche",
        "--fen",
        fen,
        "--depth",
        "2",
    ]);
    assert!(
        String::from_utf8_lossy(&best.stderr).contains("the game is over"),
        "{best:?}"
    );
}

#[test]
fn a_loss_on_time_replays_as_one() {
    let out = replay(
        "[Result \"0-1\"]\n[Termination \"Black wins by a missed move deadline\"]\n\n1. e4 0-1\n",
    );
    assert!(out.status.success(), "{out:?}");
    let text = String::from_utf8(out.stdout).expect("UTF-8");
    assert!(
        text.contains("0-1 Black wins by a missed move deadline\n"),
        "{text}"
    );
}

/// `bestmove` answers where `perft` counts turns: in a dead position and past a 150-ply
/// clock it names a legal turn (the draw is for whoever runs the game to call), and where
/// perft counts none it says the game is over.
#[test]
fn bestmove_answers_wherever_perft_counts_turns() {
    for fen in [
        // King and knight against king.
        "4k3/8/8/8/8/8/8/4KN2 w - - 0 1",
        // A rook up, with 150 plies since the last capture or pawn move.
        "4k3/8/8/8/8/8/8/R3K3 w - - 150 100",
        // Both, and far past it.
        "4k3/8/8/8/8/8/8/4K3 b - - 1000000 1",
        // Stalemate: no turn.
        "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1",
    ] {
        let perft = nadare(&["perft", "--fen", fen, "1"]);
        assert!(perft.status.success(), "{perft:?}");
        let count: u64 = String::from_utf8_lossy(&perft.stdout)
            .trim()
            .parse()
            .expect("a count");
        let best = nadare(&["bestmove", "--fen", fen, "--depth", "3"]);
        let pos = rules::Position::from_fen(rules::Variant::Standard, fen).expect("the FEN");
        if count == 0 {
            assert!(!best.status.success(), "{fen}: {best:?}");
            assert!(
                String::from_utf8_lossy(&best.stderr).contains("the game is over"),
                "{fen}: {best:?}"
            );
        } else {
            assert!(best.status.success(), "{fen}: {best:?}");
            let stdout = String::from_utf8_lossy(&best.stdout);
            let turn = stdout.lines().last().expect("the chosen turn");
            assert!(pos.parse_turn(turn).is_ok(), "{fen}: `{turn}` is not legal");
        }
    }
}
