//! The rules core of nadare: positions, legal turns, results and notation for standard chess,
//! Chess960 and the Avalanche family, exactly as `rules.md` describes them. Pure: no I/O.

#![warn(missing_docs)]

pub mod attacks;
pub mod bitboard;
pub mod chess960;
pub mod error;
pub mod fen;
pub mod game;
pub mod movegen;
pub mod notation;
pub mod outcome;
pub mod perft;
pub mod position;
pub mod record;
pub mod san;
pub mod turn;
pub mod turngen;
pub mod types;
pub mod variant;

pub use bitboard::Bitboard;
pub use error::{FenError, MoveError, SetupError};
pub use game::Game;
pub use notation::ParsedInput;
pub use outcome::{EndReason, Outcome};
pub use position::{CastleSide, CastleTarget, Position};
pub use record::RecordError;
pub use turn::{Move, Push, Turn};
pub use turngen::{TurnPrefix, TurnStep};
pub use types::{Color, Piece, Role, Square};
pub use variant::Variant;
