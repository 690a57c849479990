//! Every input that ever failed the `trf` fuzz target of `fuzz/` (kept in
//! `tests/data/fuzz/trf/`), and the target's seed inputs (`fuzz/corpus/trf/`), run through
//! its check.

use crate::fuzz_checks;

#[path = "../../../fuzz/replay.rs"]
mod replay;

#[test]
fn trf() {
    assert!(replay::replay(env!("CARGO_MANIFEST_DIR"), "trf", fuzz_checks::trf) > 0);
}
