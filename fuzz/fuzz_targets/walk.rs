//! Random games of every variant and Chess960 setup, with notation, UCI, FEN and record round trips every ply.
//! The check is shared with the rules' regression test (rules/tests/it/fuzz_regressions.rs).

#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| nadare_fuzz::rules_checks::walk(data));
