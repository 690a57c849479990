//! Records: read one; when it reads, write it and read it back: the same game, written the same.
//! The check is shared with the rules' regression test (rules/tests/it/fuzz_regressions.rs).

#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| nadare_fuzz::rules_checks::record(data));
