//! Engine against engine: the players a match knows, one game, and a whole match with
//! alternating colours from random or given openings.

use std::fmt;
use std::ops::ControlFlow;
use std::str::FromStr;
use std::sync::atomic::AtomicBool;
use std::time::Duration;

use engine::for_lab::splitmix64;
use engine::greedy::greedy_turn;
use engine::{Engine, Level, ParseLevelError};
use rules::{Color, EndReason, Game, MoveError, Outcome, Position, Turn, Variant};

use crate::jobs;
use crate::stats::MatchScore;

/// A player of a match: a level of the engine or the greedy player.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Player {
    /// The engine at a level.
    Level(Level),
    /// The greedy player of [`engine::greedy`].
    Greedy,
}

impl FromStr for Player {
    type Err = ParseLevelError;

    /// `greedy` (or `0`) for the greedy player, `1`–`8` for a level.
    fn from_str(s: &str) -> Result<Player, ParseLevelError> {
        match s.trim().to_ascii_lowercase().as_str() {
            "greedy" | "0" => Ok(Player::Greedy),
            other => other.parse().map(Player::Level),
        }
    }
}

impl fmt::Display for Player {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Player::Level(l) => write!(f, "level {l}"),
            Player::Greedy => f.write_str("greedy"),
        }
    }
}

/// How the games of a match are played.
#[derive(Clone, Debug)]
pub struct MatchSettings {
    /// The variant.
    pub variant: Variant,
    /// Caps every level's time a turn (to run many games quickly); `None` keeps the levels'.
    pub movetime_cap: Option<Duration>,
    /// Multiplies every level's time a turn (0.1: a tenth), keeping the levels' ratios.
    pub time_scale: Option<f64>,
    /// Caps every level's depth.
    pub depth_cap: Option<u32>,
    /// Caps every level's nodes a turn: unlike time, the same on a busy machine as on an idle
    /// one, so two engines compared this way get equal work.
    pub nodes_cap: Option<u64>,
    /// How many games are played at once, each on a thread of its own.
    pub threads: usize,
    /// A game still going after this many turns is a draw.
    pub max_turns: usize,
    /// Random turns played from the start to make an opening, when no openings are given.
    pub random_plies: usize,
    /// The seed of the random openings and the levels' imprecision.
    pub seed: u64,
}

/// How one game ended.
#[derive(Clone, Debug)]
pub struct GameReport {
    /// The outcome (a draw by agreement when the turn cap was reached).
    pub outcome: Outcome,
    /// Turns played, the opening included.
    pub turns: usize,
}

/// Something went wrong playing a match game.
#[derive(Debug, thiserror::Error)]
pub enum ArenaError {
    /// A player chose an illegal turn: a bug, reported rather than hidden.
    #[error("{player} chose an illegal turn: {source}")]
    IllegalTurn {
        /// Who.
        player: Player,
        /// What the rules said.
        source: MoveError,
    },
    /// The start position could not be set up.
    #[error("cannot set up the start: {0}")]
    Setup(#[from] rules::SetupError),
}

/// The turn `player` chooses in `game`.
pub fn choose(
    engine: &Engine,
    player: Player,
    game: &Game,
    settings: &MatchSettings,
    seed: u64,
) -> Option<Turn> {
    match player {
        Player::Greedy => greedy_turn(game.position(), seed),
        Player::Level(level) => {
            let mut limits = level.limits(seed);
            if let Some(scale) = settings.time_scale.filter(|s| s.is_finite() && *s > 0.0) {
                limits.movetime = limits.movetime.map(|t| t.mul_f64(scale));
            }
            if let Some(cap) = settings.movetime_cap {
                limits.movetime = limits.movetime.map(|t| t.min(cap)).or(Some(cap));
            }
            if let Some(cap) = settings.depth_cap {
                limits.depth = limits.depth.map(|d| d.min(cap)).or(Some(cap));
            }
            if let Some(cap) = settings.nodes_cap {
                limits.nodes = limits.nodes.map(|n| n.min(cap)).or(Some(cap));
                // Equal work, not equal time: the nodes decide where the search stops.
                limits.movetime = None;
            }
            engine.search(game, &limits, &AtomicBool::new(false)).best
        }
    }
}

/// Plays one game from `start` to its end (or the turn cap); White's turns are chosen by
/// `engines[0]`, Black's by `engines[1]`.
pub fn play_game(
    engines: [&Engine; 2],
    white: Player,
    black: Player,
    mut game: Game,
    settings: &MatchSettings,
    seed: u64,
) -> Result<GameReport, ArenaError> {
    let mut state = seed;
    loop {
        if let Some(outcome) = game.outcome() {
            return Ok(GameReport {
                outcome,
                turns: game.turns().len(),
            });
        }
        if game.turns().len() >= settings.max_turns {
            return Ok(GameReport {
                outcome: Outcome {
                    winner: None,
                    reason: EndReason::DrawAgreed,
                },
                turns: game.turns().len(),
            });
        }
        let (player, engine) = match game.position().side_to_move() {
            Color::White => (white, engines[0]),
            Color::Black => (black, engines[1]),
        };
        state = splitmix64(state);
        // The rules end every game with no legal turn, so a turn is always found here.
        let Some(turn) = choose(engine, player, &game, settings, state) else {
            return Ok(GameReport {
                outcome: Outcome {
                    winner: None,
                    reason: EndReason::Stalemate,
                },
                turns: game.turns().len(),
            });
        };
        game.play(turn)
            .map_err(|source| ArenaError::IllegalTurn { player, source })?;
    }
}

/// A random opening: `plies` random turns from the variant's start (a Chess960 setup at
/// random for Chess960), avoiding turns that end the game.
pub fn random_opening(variant: Variant, plies: usize, seed: u64) -> Result<Game, ArenaError> {
    let mut state = splitmix64(seed);
    let setup = (variant.rules().setups == rules::Setups::Chess960).then_some((state % 960) as u16);
    let mut game = Game::new(variant, setup)?;
    for _ in 0..plies {
        let pos = game.position().clone();
        let mut choices = Vec::new();
        pos.visit_turns(&mut |s| {
            if !s.ends_game && s.after.count_turns() > 0 {
                choices.push(s.turn);
            }
        });
        state = splitmix64(state);
        let Some(turn) = choices.get((state % choices.len().max(1) as u64) as usize) else {
            break;
        };
        if game.play(*turn).is_err() || game.outcome().is_some() {
            break;
        }
    }
    Ok(game)
}

/// Plays `games` games of `a` (searching with `engines[0]`) against `b` (with `engines[1]`),
/// `a` White in the even games; each pair of games shares its opening (from `openings` in
/// turn, or random). Games are played [`MatchSettings::threads`] at a time; `on_game` is
/// called after each (one call at a time, in the order they end) with its number, `a`'s
/// colour, the report and the score so far, and stops the match by breaking. Returns `a`'s
/// score over the games played.
pub fn run_match(
    engines: [&Engine; 2],
    a: Player,
    b: Player,
    games: u32,
    openings: &[Position],
    settings: &MatchSettings,
    on_game: &mut (dyn FnMut(u32, Color, &GameReport, &MatchScore) -> ControlFlow<()> + Send),
) -> Result<MatchScore, ArenaError> {
    let mut score = MatchScore::default();
    let tally = &mut |n, (a_color, report): (Color, GameReport)| {
        match report.outcome.winner {
            Some(w) if w == a_color => score.wins += 1,
            Some(_) => score.losses += 1,
            None => score.draws += 1,
        }
        on_game(n, a_color, &report, &score)
    };
    jobs::run(
        games,
        settings.threads,
        |n| match_game(engines, a, b, n, openings, settings),
        tally,
    )?;
    Ok(score)
}

/// Plays game `n` of a match: its opening, `a`'s colour and the game.
fn match_game(
    engines: [&Engine; 2],
    a: Player,
    b: Player,
    n: u32,
    openings: &[Position],
    settings: &MatchSettings,
) -> Result<(Color, GameReport), ArenaError> {
    let pair = u64::from(n / 2);
    let start = if openings.is_empty() {
        random_opening(
            settings.variant,
            settings.random_plies,
            settings.seed ^ splitmix64(pair),
        )?
    } else {
        let pos = &openings[(pair as usize) % openings.len()];
        Game::from_position(pos.clone())
    };
    let a_color = if n.is_multiple_of(2) {
        Color::White
    } else {
        Color::Black
    };
    let (white, black, by_colour) = match a_color {
        Color::White => (a, b, engines),
        Color::Black => (b, a, [engines[1], engines[0]]),
    };
    let seed = settings.seed ^ splitmix64(u64::from(n) + 0x5eed);
    let report = play_game(by_colour, white, black, start, settings, seed)?;
    Ok((a_color, report))
}
