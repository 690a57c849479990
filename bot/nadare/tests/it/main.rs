//! Tests of the `nadare` binary as a user runs it: the console, the computer opponent and the
//! command-line tools, each a module of this one test binary.

mod computer;
mod console;
mod files;
mod owed;
mod pairings;
mod replay;
mod review;
mod script;
mod tournament;
mod tune;
