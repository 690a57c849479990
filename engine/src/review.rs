//! The review of a game: every position searched at one fixed depth, each turn judged by how
//! much of the mover's expected score it gave away, an accuracy figure for each player, and
//! the turn after which the game was decided.
//!
//! The evaluation of a position is [`assess`]: a search at a fixed depth with a table of its
//! own, so it depends on the position and its history only. A hint uses the same function,
//! so a hint and a review never disagree about one position at one depth.
//!
//! Scales, as lichess uses them (and documents in its source): a score of `cp` centipawns for
//! White is an expected score of `1 / (1 + e^(−0.00368208·cp))` for White (a mate is 1 or 0);
//! a turn's loss is the drop of the mover's expected score from the position before it to the
//! position after it. Losses of at least [`INACCURACY`], [`MISTAKE`] and [`BLUNDER`] are marked.
//! A turn's accuracy is `103.1668·e^(−0.04354·L) − 3.1669` with `L` the loss in percentage
//! points, kept within 0–100; a player's accuracy is the mean over their turns.

use std::sync::atomic::AtomicBool;

use rules::{Color, Game, Turn, Variant};

use crate::search::{Engine, Limits, MATE_BOUND};

/// The least loss of expected score marked as an inaccuracy.
pub const INACCURACY: f64 = 0.05;
/// The least loss marked as a mistake.
pub const MISTAKE: f64 = 0.10;
/// The least loss marked as a blunder.
pub const BLUNDER: f64 = 0.15;

/// The expected score above which the side ahead counts as winning, for the turn that decided
/// the game.
const DECIDED: f64 = 0.85;

/// Turns of the better line kept with a marked turn.
const LINE_TURNS: usize = 4;

/// The table of an assessment: 2^16 entries (about 1.5 MB), enough for the depths reviewed.
const TABLE_BITS: u32 = 16;

/// The depth a review (and a hint) searches each position at by default: as deep as a
/// 60-turn game allows within a minute on one core (see docs/engine.md).
pub fn default_depth(variant: Variant) -> u32 {
    match variant {
        Variant::Standard | Variant::Chess960 => 11,
        Variant::Avalanche | Variant::AvalancheBalanced | Variant::AvalancheReversed => 5,
    }
}

/// What a search at a fixed depth says of a position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Assessment {
    /// The score for White, in centipawns (a mate: beyond ±[`MATE_BOUND`]).
    pub white_score: i32,
    /// The best turn, `None` when the game is over there.
    pub best: Option<Turn>,
    /// The line it expects, from the best turn on.
    pub line: Vec<Turn>,
}

impl Assessment {
    /// White's expected score, 0–1.
    pub fn white_expectation(&self) -> f64 {
        expectation(self.white_score)
    }
}

/// Searches the position `game` ends in (its history counting for repetitions) to `depth`.
pub fn assess(game: &Game, depth: u32) -> Assessment {
    let stop = AtomicBool::new(false);
    let result = Engine::with_table_bits(TABLE_BITS).search(game, &Limits::depth(depth), &stop);
    let white_score = match game.position().side_to_move() {
        Color::White => result.score,
        Color::Black => -result.score,
    };
    Assessment {
        white_score,
        best: result.best,
        line: result.pv,
    }
}

/// How bad a turn was.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Judgement {
    /// A loss of at least [`INACCURACY`].
    Inaccuracy,
    /// At least [`MISTAKE`].
    Mistake,
    /// At least [`BLUNDER`].
    Blunder,
}

impl Judgement {
    /// The judgement of a loss of expected score, if it is one.
    pub fn of(loss: f64) -> Option<Judgement> {
        if loss >= BLUNDER {
            Some(Judgement::Blunder)
        } else if loss >= MISTAKE {
            Some(Judgement::Mistake)
        } else if loss >= INACCURACY {
            Some(Judgement::Inaccuracy)
        } else {
            None
        }
    }
}

/// One turn of the game, reviewed.
#[derive(Clone, Debug, PartialEq)]
pub struct TurnReview {
    /// The ply, from 0.
    pub ply: usize,
    /// Who played it.
    pub mover: Color,
    /// The turn played.
    pub played: Turn,
    /// White's score before it and after it (centipawns).
    pub before: i32,
    /// White's score after it.
    pub after: i32,
    /// The mover's loss of expected score, 0–1.
    pub loss: f64,
    /// The turn's accuracy, 0–100.
    pub accuracy: f64,
    /// How bad it was, if it was.
    pub judgement: Option<Judgement>,
    /// The better turn and the line after it, for a marked turn.
    pub better: Vec<Turn>,
}

/// A whole game, reviewed.
#[derive(Clone, Debug, PartialEq)]
pub struct Review {
    /// The depth each position was searched to.
    pub depth: u32,
    /// White's score in each position, from the start to the end (one more than the turns).
    pub scores: Vec<i32>,
    /// Every turn.
    pub turns: Vec<TurnReview>,
    /// The accuracy of White and of Black, 0–100 (`None` for a player without turns).
    pub accuracy: [Option<f64>; 2],
    /// The ply of the turn after which the winner stayed winning: the last turn to take the
    /// winner's expected score to [`DECIDED`] or above. `None` for a draw, an unfinished game,
    /// or a game the evaluation never saw decided.
    pub decided: Option<usize>,
}

/// Reviews `game` at `depth`, calling `progress(done, total)` after each position searched.
/// Stops early, with what it has, when `stop` is raised.
pub fn review(
    game: &Game,
    depth: u32,
    stop: &AtomicBool,
    progress: &mut dyn FnMut(usize, usize),
) -> Review {
    let mut reviewer = Reviewer::new(game.clone(), depth);
    while !reviewer.is_done() && !stop.load(std::sync::atomic::Ordering::Relaxed) {
        reviewer.step();
        progress(reviewer.done(), reviewer.total());
    }
    reviewer.finish()
}

/// A review made one position at a time, for a caller that searches each position where it
/// chooses (the bot searches each on its engine pool, taking a core for one position at a
/// time) and may stop between them. [`review`] is this in a loop, so both give the same.
#[derive(Clone, Debug)]
pub struct Reviewer {
    game: Game,
    depth: u32,
    /// The game replayed up to the next position to search.
    replay: Game,
    assessments: Vec<Assessment>,
    /// A turn that did not replay: the review ends there.
    broken: bool,
}

impl Reviewer {
    /// A review of `game` at `depth`, no position searched yet.
    pub fn new(game: Game, depth: u32) -> Reviewer {
        Reviewer {
            replay: Game::from_position(game.start().clone()),
            game,
            depth,
            assessments: Vec::new(),
            broken: false,
        }
    }

    /// The positions to search: one more than the turns.
    pub fn total(&self) -> usize {
        self.game.turns().len() + 1
    }

    /// The positions searched so far.
    pub fn done(&self) -> usize {
        self.assessments.len()
    }

    /// Whether every position is searched (or a turn did not replay).
    pub fn is_done(&self) -> bool {
        self.broken || self.done() >= self.total()
    }

    /// Searches the next position; the last one is its result when the game ended on the
    /// board. Does nothing once [`Reviewer::is_done`].
    pub fn step(&mut self) {
        if self.is_done() {
            return;
        }
        let ply = self.assessments.len();
        match self.game.turns().get(ply) {
            Some(turn) => {
                self.assessments.push(assess(&self.replay, self.depth));
                if self.replay.play(*turn).is_err() {
                    self.broken = true;
                }
            }
            None => self
                .assessments
                .push(final_assessment(&self.replay, self.depth)),
        }
    }

    /// The review of the positions searched.
    pub fn finish(self) -> Review {
        judge(&self.game, self.depth, &self.assessments)
    }
}

/// The last position's assessment: a game ended on the board is its result; one resigned,
/// lost on time or agreed drawn is searched as it stands.
fn final_assessment(replay: &Game, depth: u32) -> Assessment {
    match replay.outcome() {
        Some(outcome) => {
            let white_score = match outcome.winner {
                Some(Color::White) => crate::MATE,
                Some(Color::Black) => -crate::MATE,
                None => 0,
            };
            Assessment {
                white_score,
                best: None,
                line: Vec::new(),
            }
        }
        None => assess(replay, depth),
    }
}

/// The review from the assessments of the positions (one per position reached).
fn judge(game: &Game, depth: u32, assessments: &[Assessment]) -> Review {
    let mut reviewed = Vec::new();
    for (ply, pair) in assessments.windows(2).enumerate() {
        let (Some(position), Some(played)) = (game.position_at(ply), game.turns().get(ply)) else {
            break;
        };
        let [before, after] = pair else { break };
        let mover = position.side_to_move();
        let expected = |a: &Assessment| match mover {
            Color::White => a.white_expectation(),
            Color::Black => 1.0 - a.white_expectation(),
        };
        let loss = (expected(before) - expected(after)).max(0.0);
        let best_played = before.best.as_ref() == Some(played);
        let judgement = if best_played {
            None
        } else {
            Judgement::of(loss)
        };
        let better = match judgement {
            Some(_) => before.line.iter().take(LINE_TURNS).copied().collect(),
            None => Vec::new(),
        };
        reviewed.push(TurnReview {
            ply,
            mover,
            played: *played,
            before: before.white_score,
            after: after.white_score,
            loss,
            accuracy: accuracy(loss),
            judgement,
            better,
        });
    }
    let mean = |color: Color| {
        let theirs: Vec<f64> = reviewed
            .iter()
            .filter(|t| t.mover == color)
            .map(|t| t.accuracy)
            .collect();
        (!theirs.is_empty()).then(|| theirs.iter().sum::<f64>() / theirs.len() as f64)
    };
    let scores: Vec<i32> = assessments.iter().map(|a| a.white_score).collect();
    Review {
        depth,
        decided: decided(game, &scores),
        scores,
        accuracy: [mean(Color::White), mean(Color::Black)],
        turns: reviewed,
    }
}

/// The ply of the last turn that took the winner's expected score from below [`DECIDED`] to
/// [`DECIDED`] or above.
fn decided(game: &Game, scores: &[i32]) -> Option<usize> {
    let winner = game.outcome()?.winner?;
    let winning = |score: i32| {
        let white = expectation(score);
        let theirs = match winner {
            Color::White => white,
            Color::Black => 1.0 - white,
        };
        theirs >= DECIDED
    };
    scores
        .windows(2)
        .enumerate()
        .filter(|(_, pair)| matches!(pair, [before, after] if !winning(*before) && winning(*after)))
        .map(|(ply, _)| ply)
        .next_back()
}

/// White's expected score for a score of `cp` for White.
pub fn expectation(cp: i32) -> f64 {
    if cp > MATE_BOUND {
        return 1.0;
    }
    if cp < -MATE_BOUND {
        return 0.0;
    }
    1.0 / (1.0 + (-0.003_682_08 * f64::from(cp)).exp())
}

/// A turn's accuracy, 0–100, from its loss of expected score (0–1).
pub fn accuracy(loss: f64) -> f64 {
    (103.166_8 * (-0.043_54 * loss * 100.0).exp() - 3.166_9).clamp(0.0, 100.0)
}
