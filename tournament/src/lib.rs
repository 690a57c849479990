//! Tournament pairings as pure functions: round robins by the FIDE Berger tables, Swiss rounds
//! by the FIDE (Dutch) System, tiebreaks and standings, and FIDE's Tournament Report File
//! (TRF) to read and write a tournament. Nothing here does I/O or knows about games being
//! played: a tournament is players and their results per round.

pub mod berger;
pub mod dutch;
pub mod matching;
pub mod model;
pub mod tiebreak;
pub mod trf;

pub use model::{Colour, Entry, Outcome, Pairing, Player, Points, Tournament};
