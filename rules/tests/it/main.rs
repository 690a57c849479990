//! The rules core's integration tests, as one test binary: each module is one suite, run
//! alone by naming it, e.g. `cargo test -p nadare-rules --test it -- perft`.

mod common;

mod avalanche;
mod comments;
mod fidelity;
mod full_width;
mod fuzz_checks;
mod fuzz_regressions;
mod games;
mod half_turns;
mod oracle;
mod parsers_never_panic;
mod perft;
mod pgn;
mod positions;
mod readback;
mod results;
mod shown_squares;
mod typed_input;
