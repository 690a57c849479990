//! Every input that ever failed the `uci_lines` fuzz target of `fuzz/` (kept in
//! `tests/data/fuzz/uci_lines/`), and the target's seed inputs (`fuzz/corpus/uci_lines/`),
//! run through its check.

use crate::fuzz_checks;

#[path = "../../../fuzz/replay.rs"]
mod replay;

#[test]
fn uci_lines() {
    let ran = replay::replay(
        env!("CARGO_MANIFEST_DIR"),
        "uci_lines",
        fuzz_checks::uci_lines,
    );
    assert!(ran > 0);
}
