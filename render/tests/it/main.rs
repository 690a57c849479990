//! The renderer's integration tests, as one test binary: each module is one suite, run alone
//! by naming it, e.g. `cargo test -p nadare-render --test it -- gif`.

mod common;

mod avatars;
mod bar_words;
mod clocks;
mod coordinates;
mod gif;
mod graph;
mod images;
mod marks;
mod standings;
