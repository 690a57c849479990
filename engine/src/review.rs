//! The review of a game: every position searched at one fixed depth, each turn judged by how
//! much of the mover's winning chances it gave away, an accuracy figure for each player, and
//! the mistake that decided the game.
//!
//! The evaluation of a position is [`assess`]: a search at a fixed depth with a table of its
//! own, so it depends on the position and its history only. A hint uses the same function,
//! so a hint and a review never disagree about one position at one depth.
//!
//! The figures are lichess's, computed as its source computes them (lila
//! `modules/analyse/src/main/AccuracyPercent.scala` and `Advice.scala`, scalachess
//! `WinPercent`, scalalib `Maths`), in every variant:
//!
//! - **Win percentage** ([`win_percent`]): a score of `cp` centipawns for White, kept within
//!   ±1000 (a mate counts as ±1000), is `50 + 50·(2 / (1 + e^(−0.00368208·cp)) − 1)` for White.
//! - **A turn's accuracy** ([`move_accuracy`]): from the mover's win percentage before and
//!   after it, 100 when it did not drop, else `103.1668·e^(−0.04354·drop) − 3.1669 + 1` (lichess
//!   adds the 1 for the analysis being imperfect), kept within 0–100.
//! - **A player's accuracy** ([`game_accuracy`]): the mean of a volatility-weighted mean and
//!   the harmonic mean of their turns' accuracies. A turn's weight is the standard deviation
//!   of the win percentages in a window of positions around it (window: a tenth of the turns,
//!   2 to 8 positions), kept within 0.5–12: turns played while the game swung count more.
//! - **Judgements** ([`judge_turn`]): a drop of at least 5, 10 or 15 points of win percentage
//!   is an inaccuracy, a mistake or a blunder (lichess's 0.1, 0.2, 0.3 of its winning chances,
//!   −1…1); a turn that lets a mate in or lets one go is judged as lichess's `MateAdvice` does.
//! - **The deciding mistake** ([`deciding`]) is nadare's own (lichess names none): of the
//!   loser's turns that changed the result their win percentage points to (a win above 75, a
//!   loss below 25, a draw between) for the worse and were at least a mistake, the one that
//!   dropped it most.
use std::sync::atomic::AtomicBool;

use rules::{Color, Game, Turn, Variant};

use crate::search::{Engine, Limits, MATE_BOUND};

/// The least loss of expected score marked as an inaccuracy.
pub const INACCURACY: f64 = 0.05;
/// The least loss marked as a mistake.
pub const MISTAKE: f64 = 0.10;
/// The least loss marked as a blunder.
pub const BLUNDER: f64 = 0.15;

/// The centipawns a win percentage is computed from are kept within ±this (lichess's
/// `Cp.CEILING`); a mate counts as this.
pub const CP_CEILING: i32 = 1000;

/// lichess's `MULTIPLIER` of a score in its winning chances.
const WIN_MULTIPLIER: f64 = -0.003_682_08;

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
    /// White's expected score, 0–1: its [`win_percent`] over 100.
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
    /// The judgement of a loss of expected score (0–1, [`win_percent`] over 100), if it is
    /// one.
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
    /// The mover's loss of expected score, 0–1: the drop of their [`win_percent`] over 100.
    pub loss: f64,
    /// The turn's accuracy, 0–100 ([`move_accuracy`]).
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
    /// The accuracy of White and of Black, 0–100 ([`game_accuracy`]; `None` for a player
    /// without turns).
    pub accuracy: [Option<f64>; 2],
    /// The ply of the mistake that decided the game ([`deciding`]). `None` for a draw, an
    /// unfinished game, or a game no single mistake of the loser decided.
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
        let (was, is) = (
            mover_score(mover, before.white_score),
            mover_score(mover, after.white_score),
        );
        let loss = ((win_percent(was) - win_percent(is)) / 100.0).max(0.0);
        let best_played = before.best.as_ref() == Some(played);
        let judgement = if best_played {
            None
        } else {
            judge_turn(was, is)
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
            accuracy: move_accuracy(win_percent(was), win_percent(is)),
            judgement,
            better,
        });
    }
    let scores: Vec<i32> = assessments.iter().map(|a| a.white_score).collect();
    let first = game.start().side_to_move();
    Review {
        depth,
        decided: deciding(first, game.outcome().and_then(|o| o.winner), &scores),
        accuracy: game_accuracy(first, &scores),
        scores,
        turns: reviewed,
    }
}

/// A score for White as `color` sees it.
fn mover_score(color: Color, white_score: i32) -> i32 {
    match color {
        Color::White => white_score,
        Color::Black => -white_score,
    }
}

/// Who made the turn of `ply` when `first` made the first.
fn mover_at(first: Color, ply: usize) -> Color {
    if ply.is_multiple_of(2) {
        first
    } else {
        first.opposite()
    }
}

/// The win percentage, 0–100, of a side whose score is `score` centipawns (beyond
/// ±[`MATE_BOUND`] a mate): lichess's `WinPercent.fromCentiPawns` of the score kept within
/// ±[`CP_CEILING`], a mate counting as the ceiling (`Eval.forceAsCp`, then `ceiled`).
pub fn win_percent(score: i32) -> f64 {
    let cp = score.clamp(-CP_CEILING, CP_CEILING);
    let chances = 2.0 / (1.0 + (WIN_MULTIPLIER * f64::from(cp)).exp()) - 1.0;
    50.0 + 50.0 * chances.clamp(-1.0, 1.0)
}

/// White's expected score, 0–1, for a score of `cp` for White: [`win_percent`] over 100.
pub fn expectation(cp: i32) -> f64 {
    win_percent(cp) / 100.0
}

/// lichess's accuracy of a turn, 0–100, from the mover's win percentage before it and after
/// it (`AccuracyPercent.fromWinPercents`): 100 when it did not drop, else
/// `103.1668100711649·e^(−0.04354415386753951·drop) − 3.166924740191411 + 1`.
pub fn move_accuracy(before: f64, after: f64) -> f64 {
    if after >= before {
        return 100.0;
    }
    let drop = before - after;
    let raw =
        103.166_810_071_164_9 * (-0.043_544_153_867_539_51 * drop).exp() - 3.166_924_740_191_411;
    (raw + 1.0).clamp(0.0, 100.0)
}

/// A turn's accuracy, 0–100, from its loss of expected score (0–1): [`move_accuracy`] of a
/// drop of `loss·100` points.
pub fn accuracy(loss: f64) -> f64 {
    move_accuracy(100.0, 100.0 - loss * 100.0)
}

/// The accuracy of White and of Black, 0–100, in a game whose positions (the start, then one
/// after each turn) have White's `scores`, `first` making the first turn: lichess's
/// `AccuracyPercent.gameAccuracy`, the mean of a volatility-weighted mean and the harmonic
/// mean of a player's turn accuracies. `None` for a player who made no turn.
///
/// The one difference: lichess puts a fixed +0.15 for the position before the first turn
/// (its analyses do not search it); nadare uses the start position's own score, as its
/// variants and set-up positions start from anything.
pub fn game_accuracy(first: Color, scores: &[i32]) -> [Option<f64>; 2] {
    let wins: Vec<f64> = scores.iter().map(|s| win_percent(*s)).collect();
    let turns = wins.len().saturating_sub(1);
    if turns == 0 {
        return [None, None];
    }
    // lichess: `(cps.size / 10).atLeast(2).atMost(8)`, the first window repeated so that
    // every turn has one.
    let size = (turns / 10).clamp(2, 8).min(wins.len());
    let windows =
        std::iter::repeat_n(&wins[..size], size.saturating_sub(2)).chain(wins.windows(size));
    let weights = windows.map(|w| standard_deviation(w).clamp(0.5, 12.0));
    let mut theirs: [Vec<(f64, f64)>; 2] = [Vec::new(), Vec::new()];
    for (ply, (pair, weight)) in wins.windows(2).zip(weights).enumerate() {
        let mover = mover_at(first, ply);
        let [before, after] = [pair[0], pair[1]];
        let accuracy = match mover {
            Color::White => move_accuracy(before, after),
            Color::Black => move_accuracy(100.0 - before, 100.0 - after),
        };
        theirs[mover.index()].push((accuracy, weight));
    }
    theirs.map(|turns| {
        let weighted = weighted_mean(&turns)?;
        let harmonic = harmonic_mean(turns.iter().map(|(a, _)| *a))?;
        Some((weighted + harmonic) / 2.0)
    })
}

/// The standard deviation of `xs` over the whole population (scalalib's `Maths`).
fn standard_deviation(xs: &[f64]) -> f64 {
    if xs.is_empty() {
        return 0.0;
    }
    let n = xs.len() as f64;
    let mean = xs.iter().sum::<f64>() / n;
    (xs.iter().map(|x| (x - mean).powi(2)).sum::<f64>() / n).sqrt()
}

/// The mean of values by their weights; `None` when there are none or they weigh nothing.
fn weighted_mean(values: &[(f64, f64)]) -> Option<f64> {
    let (sum, weights) = values.iter().fold((0.0, 0.0), |(s, w), (v, weight)| {
        (s + v * weight, w + weight)
    });
    (!values.is_empty() && weights != 0.0).then(|| sum / weights)
}

/// The harmonic mean, each value counted as at least 1 (scalalib's `Maths.harmonicMean`).
fn harmonic_mean(values: impl Iterator<Item = f64>) -> Option<f64> {
    let (n, sum) = values.fold((0_usize, 0.0), |(n, s), v| (n + 1, s + 1.0 / v.max(1.0)));
    (n > 0).then(|| n as f64 / sum)
}

/// The judgement of a turn from the mover's score before it to after it (each beyond
/// ±[`MATE_BOUND`] a mate), as lichess's `Advice` judges it: when neither is a mate, by the
/// drop of the mover's [`win_percent`] ([`Judgement::of`]); when a mate comes in, a mate let
/// in (`MateCreated`: an inaccuracy from below −999 cp, a mistake from below −700, else a
/// blunder) or a mate let go (`MateLost`: an inaccuracy when still above 999 cp, a mistake above
/// 700, else a blunder); none for a mate kept or delayed.
pub fn judge_turn(before: i32, after: i32) -> Option<Judgement> {
    let mate = |s: i32| (s.abs() > MATE_BOUND).then_some(s.signum());
    let cp = |s: i32| if s.abs() > MATE_BOUND { 0 } else { s };
    match (mate(before), mate(after)) {
        (None, None) => Judgement::of((win_percent(before) - win_percent(after)) / 100.0),
        // A mate against the mover where there was none.
        (None, Some(-1)) => Some(match cp(before) {
            b if b < -999 => Judgement::Inaccuracy,
            b if b < -700 => Judgement::Mistake,
            _ => Judgement::Blunder,
        }),
        // The mover's mate let go.
        (Some(1), None | Some(-1)) => Some(match cp(after) {
            a if a > 999 => Judgement::Inaccuracy,
            a if a > 700 => Judgement::Mistake,
            _ => Judgement::Blunder,
        }),
        _ => None,
    }
}

/// The result a win percentage points to for its side: 1 a win (above 75), 0 a loss (below
/// 25), ½ a draw between, as twice the score.
fn pointed_result(win: f64) -> u8 {
    if win > 75.0 {
        2
    } else if win < 25.0 {
        0
    } else {
        1
    }
}

/// The ply of the mistake that decided a game won by `winner`, whose positions have White's
/// `scores` (`first` making the first turn): of the loser's turns that changed the result
/// their win percentage points to for the worse (a win above 75, a loss below 25, a draw
/// between) and were judged a mistake or a blunder ([`judge_turn`]), the one whose win
/// percentage dropped most (the first of equals). `None` for a draw, or when no such turn.
pub fn deciding(first: Color, winner: Option<Color>, scores: &[i32]) -> Option<usize> {
    let loser = winner?.opposite();
    scores
        .windows(2)
        .enumerate()
        .filter(|(ply, _)| mover_at(first, *ply) == loser)
        .filter_map(|(ply, pair)| {
            let [before, after] = [pair[0], pair[1]].map(|s| mover_score(loser, s));
            let (was, is) = (win_percent(before), win_percent(after));
            let worse = pointed_result(is) < pointed_result(was);
            let marked = matches!(
                judge_turn(before, after),
                Some(Judgement::Mistake | Judgement::Blunder)
            );
            (worse && marked).then_some((ply, was - is))
        })
        .fold(None, |best: Option<(usize, f64)>, (ply, drop)| match best {
            Some((_, most)) if most >= drop => best,
            _ => Some((ply, drop)),
        })
        .map(|(ply, _)| ply)
}
