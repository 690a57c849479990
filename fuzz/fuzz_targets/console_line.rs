//! Console lines: `USER> COMMAND`, read whole and at full width, and the errors shown for them.
//! The check is shared with the console's regression test (bot/console/tests/it/fuzz_regressions.rs).

#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| nadare_fuzz::console_checks::console_line(data));
