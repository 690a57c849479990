//! The computer opponent of nadare: a search over whole turns for standard chess,
//! Chess960 and every Avalanche rule set, with levels from beginner to about master strength.
//!
//! [`Engine::search`] takes a rules [`rules::Game`] (its history counts for repetitions)
//! and [`Limits`], runs on the calling thread and can be stopped through an `AtomicBool`;
//! at a fixed depth it always chooses the same turn. [`Level`] turns a level 1–8 into
//! limits; [`greedy`] is the weak reference player; [`review`] judges every turn of a game;
//! [`uci`] speaks the Universal Chess Interface; [`external`] drives another UCI engine
//! (Stockfish) in its own process. Engine-against-engine matches, their statistics and the
//! training of the evaluation live in the `nadare-lab` crate, which the bot does not build.

pub mod eval;
pub mod external;
#[doc(hidden)]
pub mod for_lab;
pub mod greedy;
pub mod level;
pub mod review;
pub mod search;
mod see;
mod tt;
pub mod uci;
mod zobrist;

pub use level::{Level, ParseLevelError};
pub use search::{Engine, Limits, Line, MATE, Memory, SearchResult};
pub use zobrist::hash;
