//! Legal moves and perft 2 against cozy-chess for the standard and Chess960 FENs both read.
//! The check is shared with the rules' regression test (rules/tests/it/fuzz_regressions.rs).

#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| nadare_fuzz::rules_checks::differential(data));
