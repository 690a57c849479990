//! Every input that ever failed a fuzz target of `fuzz/` (kept in `tests/data/fuzz/<target>/`),
//! and the targets' seed inputs (`fuzz/corpus/<target>/`), run through the target's checks.

use crate::fuzz_checks;

#[path = "../../../fuzz/replay.rs"]
mod replay;

/// Runs `check` on each regression input and seed of `target`; returns how many it ran.
fn replay(target: &str, check: fn(&[u8])) -> usize {
    replay::replay(env!("CARGO_MANIFEST_DIR"), target, check)
}

#[test]
fn fen() {
    assert!(replay("fen", fuzz_checks::fen) > 0);
}

#[test]
fn turn_input() {
    assert!(replay("turn_input", fuzz_checks::turn_input) > 0);
}

#[test]
fn record() {
    assert!(replay("record", fuzz_checks::record) > 0);
}

#[test]
fn walk() {
    assert!(replay("walk", fuzz_checks::walk) > 0);
}

#[test]
fn differential() {
    assert!(replay("differential", fuzz_checks::differential) > 0);
}
