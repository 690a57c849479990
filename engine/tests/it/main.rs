//! The engine's integration tests, as one test binary: each module is one suite, run alone
//! by naming it, e.g. `cargo test -p nadare-engine --test it -- search`.

mod external;
mod fuzz_checks;
mod fuzz_regressions;
mod net;
mod review;
mod search;
mod uci;
