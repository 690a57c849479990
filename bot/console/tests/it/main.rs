//! The console's integration tests, as one test binary: each module is one suite.

mod fuzz_checks;
mod fuzz_regressions;
