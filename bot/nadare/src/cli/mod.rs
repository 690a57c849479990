//! The command-line tools of the `nadare` binary that need no Discord: perft, replay,
//! chess960, bestmove, match and tune, the database's migrate and backup, the Swiss pairings of a
//! TRF and a stored tournament written as one (and the renderer's and console's, in their own
//! modules).

pub mod backup;
pub mod bestmove;
pub mod chess960;
pub mod engine_match;
pub mod migrate;
pub mod output;
pub mod pairings;
pub mod perft;
pub mod position;
pub mod render;
pub mod replay;
pub mod tournament;
pub mod tune;
