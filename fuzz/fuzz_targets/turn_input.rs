//! Turn input: typed text in a few positions of every variant, whole, step by step and at full width.
//! The check is shared with the rules' regression test (rules/tests/it/fuzz_regressions.rs).

#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| nadare_fuzz::rules_checks::turn_input(data));
