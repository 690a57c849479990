//! Why the service could not start.

use rules::{FenError, MoveError, SetupError};

use domain::GameId;
use domain::StoreError;

/// A failure opening the service. Commands never fail this way: their problems are replies.
#[derive(Debug, thiserror::Error)]
pub enum ServiceError {
    /// The database could not be read.
    #[error(transparent)]
    Store(#[from] StoreError),
    /// A stored game cannot be set up again.
    #[error("stored game {game} cannot be set up: {source}")]
    Setup {
        /// The game.
        game: GameId,
        /// Why.
        source: SetupError,
    },
    /// A stored game's start position no longer reads.
    #[error("stored game {game} has an unreadable start: {source}")]
    Start {
        /// The game.
        game: GameId,
        /// Why.
        source: FenError,
    },
    /// A stored turn no longer replays: the database was edited or damaged.
    #[error("stored game {game} does not replay: ply {ply} `{notation}` is refused ({source})")]
    Replay {
        /// The game.
        game: GameId,
        /// The ply (1-based).
        ply: usize,
        /// The stored notation.
        notation: String,
        /// The rules core's reason.
        source: MoveError,
    },
    /// A blocking task panicked or was cancelled.
    #[error("a background task failed: {0}")]
    Task(String),
    /// The configured Stockfish does not run, or cannot play at an Elo.
    #[error("Stockfish (engine.stockfish) cannot be used: {0}")]
    Stockfish(#[from] engine::external::ExternalError),
}
