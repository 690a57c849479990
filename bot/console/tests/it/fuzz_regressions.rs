//! Every input that ever failed the `console_line` fuzz target of `fuzz/` (kept in
//! `tests/data/fuzz/console_line/`), and the target's seed inputs
//! (`fuzz/corpus/console_line/`), run through its check.

use crate::fuzz_checks;

#[path = "../../../../fuzz/replay.rs"]
mod replay;

#[test]
fn console_line() {
    let ran = replay::replay(
        env!("CARGO_MANIFEST_DIR"),
        "console_line",
        fuzz_checks::console_line,
    );
    assert!(ran > 0);
}
