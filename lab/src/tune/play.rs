//! Self-play for tuning: games of the engine against itself at a fixed number of nodes a
//! turn, from random openings, on several threads; each game gives its quiet positions with
//! its result.

use std::ops::ControlFlow;
use std::sync::atomic::AtomicBool;

use engine::for_lab::{is_quiet, splitmix64};
use engine::search::MATE_BOUND;
use engine::{Engine, Limits};
use rules::{Color, Game, MoveError, Variant};

use super::fit::Sample;
use crate::arena::{ArenaError, random_opening};
use crate::jobs;

/// Self-play that went wrong.
#[derive(Debug, thiserror::Error)]
pub enum PlayError {
    /// An opening could not be set up.
    #[error(transparent)]
    Opening(#[from] ArenaError),
    /// The engine chose an illegal turn: a bug, reported rather than hidden.
    #[error("the engine chose an illegal turn: {0}")]
    IllegalTurn(#[from] MoveError),
}

/// How the games are played.
#[derive(Clone, Debug)]
pub struct PlaySettings {
    /// The variant (for Chess960, a setup drawn at random for each game).
    pub variant: Variant,
    /// How many games.
    pub games: u32,
    /// The nodes searched a turn.
    pub nodes: u64,
    /// Random turns from the start that make each game's opening.
    pub random_plies: usize,
    /// A game still going after this many turns is a draw.
    pub max_turns: usize,
    /// The seed of the openings.
    pub seed: u64,
    /// How many games are played at once, each on a thread of its own.
    pub threads: usize,
}

/// A game is given to the side whose score stays beyond this for [`ADJUDICATE_PLIES`] turns
/// of both sides: the rest of a won game teaches the weights nothing and costs most of the
/// time at a low node count.
const ADJUDICATE_SCORE: i32 = 1_000;
const ADJUDICATE_PLIES: usize = 8;

/// Plays the games, calling `on_game` (from the playing threads, one call at a time) with
/// each game's number and quiet positions.
pub fn play(
    engine: &Engine,
    settings: &PlaySettings,
    on_game: &mut (dyn FnMut(u32, Vec<Sample>) + Send),
) -> Result<(), PlayError> {
    jobs::run(
        settings.games,
        settings.threads,
        |n| play_one(engine, settings, n),
        &mut |n, samples| {
            on_game(n, samples);
            ControlFlow::Continue(())
        },
    )
}

/// Plays game `n` and gives its quiet positions, labelled with its result.
fn play_one(engine: &Engine, settings: &PlaySettings, n: u32) -> Result<Vec<Sample>, PlayError> {
    let seed = settings.seed ^ splitmix64(u64::from(n) + 0x7e5e);
    let mut game: Game = random_opening(settings.variant, settings.random_plies, seed)?;
    let limits = Limits {
        nodes: Some(settings.nodes.max(1)),
        ..Limits::default()
    };
    let stop = AtomicBool::new(false);
    let mut quiet = Vec::new();
    // White's score as the searches saw it, the last turns.
    let mut leaning: Vec<i32> = Vec::new();
    let white_score = loop {
        if let Some(outcome) = game.outcome() {
            break match outcome.winner {
                Some(Color::White) => 1.0,
                Some(Color::Black) => 0.0,
                None => 0.5,
            };
        }
        if game.turns().len() >= settings.max_turns {
            break 0.5;
        }
        let pos = game.position().clone();
        let result = engine.search(&game, &limits, &stop);
        let Some(turn) = result.best else {
            break 0.5;
        };
        let white = if pos.side_to_move() == Color::White {
            result.score
        } else {
            -result.score
        };
        leaning.push(white);
        let tail = leaning.len().saturating_sub(ADJUDICATE_PLIES);
        let last = &leaning[tail..];
        if last.len() == ADJUDICATE_PLIES {
            if last.iter().all(|&s| s > ADJUDICATE_SCORE) {
                break 1.0;
            }
            if last.iter().all(|&s| s < -ADJUDICATE_SCORE) {
                break 0.0;
            }
        }
        if result.score.abs() < MATE_BOUND
            && !pos.is_check()
            && pos.pending_promotion().is_none()
            && is_quiet(engine, &pos)
        {
            quiet.push(pos.to_fen());
        }
        game.play(turn)?;
    };
    Ok(quiet
        .into_iter()
        .map(|fen| Sample {
            variant: settings.variant,
            fen,
            white_score,
        })
        .collect())
}
