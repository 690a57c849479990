//! UCI: a GUI's lines to the engine's UCI session, which must answer every line that asks and go on.
//! The check is shared with the engine's regression test (engine/tests/it/fuzz_regressions.rs).

#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| nadare_fuzz::engine_checks::uci_lines(data));
