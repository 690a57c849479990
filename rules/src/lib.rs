//! The rules core of nadare: positions, legal turns, results and notation for standard chess,
//! Chess960 and the Avalanche family, exactly as `docs/rules.md` describes them. Pure: no I/O.
//!
//! A variant is a rule set ([`Variant::rules`], one table row per variant) played from a
//! setup: the usual one or a numbered Chess960 setup ([`Position::new_game`]).
//!
//! ```
//! use rules::{Game, Position, Variant};
//!
//! // Parse a FEN and list the turns: in Avalanche each move is followed by a push.
//! let start = Position::from_fen(
//!     Variant::Avalanche,
//!     "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
//! )?;
//! assert_eq!(start.legal_turns().len(), 160);
//!
//! // Play a turn and write it in the notation of the rules.
//! let turn = start.parse_turn("g1f3/a6")?;
//! assert_eq!(start.turn_to_notation(&turn), "Nf3/a6");
//! let after = start.play(&turn)?;
//! assert_eq!(after.to_fen(), "rnbqkbnr/1ppppppp/p7/8/8/5N2/PPPPPPPP/RNBQKB1R b KQkq - 0 1");
//!
//! // A game keeps the turns and ends itself when a rule says so.
//! let mut game = Game::new(Variant::Standard, None)?;
//! for input in ["f3", "e5", "g4", "Qh4"] {
//!     game.play_str(input)?;
//! }
//! assert_eq!(game.notations().last().map(String::as_str), Some("Qh4#"));
//! assert_eq!(game.outcome().map(|o| o.to_string()).as_deref(), Some("Black wins by checkmate"));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

#![warn(missing_docs)]

mod analysis;
pub mod attacks;
mod bitboard;
pub mod chess960;
mod clk;
mod error;
mod fen;
mod game;
mod movegen;
mod notation;
mod outcome;
mod perft;
mod position;
mod quote;
mod record;
mod san;
mod turn;
mod turngen;
mod typed;
mod types;
mod variant;
mod width;

pub use analysis::analysis_url;
pub use bitboard::Bitboard;
pub use clk::{clk_command, clk_in_comment};
pub use error::{CastleObstacle, FenError, MoveError, NoPush, SetupError, Unreadable};
pub use fen::{MAX_COUNTER, REVERSED_START, STANDARD_START};
pub use game::{Draws, Game};
pub use movegen::MoveList;
pub use notation::ParsedInput;
pub use outcome::{EndReason, Outcome};
pub use position::{CastleSide, CastleTarget, Position};
pub use record::{Annotation, ReadTurn, RecordError, RecordReader, Tags};
pub use turn::{Move, Push, Turn};
pub use turngen::{HalfTurn, TurnPrefix, TurnStep};
pub use types::{Color, ParseSquareError, Piece, Role, Square};
pub use variant::{Castling, ParseVariantError, RuleSet, Setups, Variant};
pub use width::{ascii_width, ascii_width_char};
