//! TRF: read a file; when it reads, write it and read it back: the same tournament, written the same.
//! The check is shared with the tournament crate's regression test (tournament/tests/it/fuzz_regressions.rs).

#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| nadare_fuzz::tournament_checks::trf(data));
