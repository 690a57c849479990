//! Stockfish for the computer's turns in standard chess and Chess960, where the install
//! configured it: a pool of Stockfish processes, each used by one search at a time and
//! started again when it fails.
//!
//! The pool holds no more processes than the engine pool has permits, since every turn asked
//! of it runs on the engine pool. A process that fails (stops, falls silent, answers an
//! illegal turn) is killed and the turn is asked once more of a new one; if that fails too
//! the caller plays the turn with nadare's own engine, so a game is never left waiting.

use std::path::PathBuf;
use std::sync::{Mutex, PoisonError};
use std::time::Duration;

use engine::external::{External, ExternalError};
use rules::{Game, Turn};

/// Where Stockfish is and how long it thinks about a turn.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StockfishSettings {
    /// The program (Debian's package `stockfish` installs `/usr/games/stockfish`).
    pub path: PathBuf,
    /// Its time a turn.
    pub movetime: Duration,
}

/// Idle Stockfish processes, ready for the next turn.
#[derive(Debug)]
pub(crate) struct StockfishPool {
    settings: StockfishSettings,
    idle: Mutex<Vec<External>>,
}

impl StockfishPool {
    /// Starts one process to check that the program runs and can play at an Elo, and keeps
    /// it for the first turn.
    pub(crate) fn start(settings: StockfishSettings) -> Result<StockfishPool, ExternalError> {
        let first = External::start(&settings.path)?;
        Ok(StockfishPool {
            settings,
            idle: Mutex::new(vec![first]),
        })
    }

    /// Stockfish's turn in `game` at `elo`, from an idle process or a new one, asked again
    /// once of a new process when the first fails. Blocks for about the time a turn.
    pub(crate) fn play(&self, game: &Game, elo: u16) -> Result<Turn, ExternalError> {
        let idle = self
            .idle
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .pop();
        let first = match idle {
            Some(engine) => self.play_on(engine, game, elo),
            None => External::start(&self.settings.path).and_then(|e| self.play_on(e, game, elo)),
        };
        first.or_else(|e| {
            tracing::warn!(error = %e, "Stockfish failed; asking a new process");
            External::start(&self.settings.path).and_then(|e| self.play_on(e, game, elo))
        })
    }

    /// The turn of `engine`, which goes back to the idle ones when it answered.
    fn play_on(&self, mut engine: External, game: &Game, elo: u16) -> Result<Turn, ExternalError> {
        let turn = engine.play(game, elo, self.settings.movetime)?;
        self.idle
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .push(engine);
        Ok(turn)
    }
}
