//! The presentation's integration tests, as one test binary: each module is one suite, run
//! alone by naming it, e.g. `cargo test -p nadare-present --test it -- board_words`.

mod board_words;
