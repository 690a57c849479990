//! The checks the fuzz targets run, kept with the regression tests that replay every input
//! that ever failed one (`rules/tests/it/fuzz_regressions.rs`,
//! `bot/console/tests/it/fuzz_regressions.rs`, `tournament/tests/it/fuzz_regressions.rs`,
//! `engine/tests/it/fuzz_regressions.rs`), so a target and its test cannot drift apart.

#[path = "../../rules/tests/it/fuzz_checks.rs"]
pub mod rules_checks;

#[path = "../../bot/console/tests/it/fuzz_checks.rs"]
pub mod console_checks;

#[path = "../../tournament/tests/it/fuzz_checks.rs"]
pub mod tournament_checks;

#[path = "../../engine/tests/it/fuzz_checks.rs"]
pub mod engine_checks;
