//! FEN: parse, write and re-read (FEN and X-FEN), list the turns, perft 2.
//! The check is shared with the rules' regression test (rules/tests/it/fuzz_regressions.rs).

#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| nadare_fuzz::rules_checks::fen(data));
