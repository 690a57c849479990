//! The lab's integration tests, as one test binary: each module is one suite, run alone by
//! naming it, e.g. `cargo test -p nadare-lab --test it -- tune`.

mod net;
mod tune;
