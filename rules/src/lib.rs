//! The rules core of nadare: positions, legal turns, results and notation for standard chess,
//! Chess960 and the Avalanche family, exactly as `rules.md` describes them. Pure: no I/O.

pub mod error;
pub mod outcome;
pub mod turn;
pub mod types;
pub mod variant;

pub use error::{FenError, MoveError, SetupError};
pub use outcome::{EndReason, Outcome};
pub use turn::{Move, Push, Turn};
pub use types::{Color, Piece, Role, Square};
pub use variant::Variant;
