//! The fit: samples read and traced, the logistic curve's scale found for the weights the fit
//! starts from, then the weights moved by gradient descent (full batch, with momentum) on the
//! squared error between each game's result and the expected score the evaluation gives its
//! position, measured on held-out games too.
//!
//! Plain gradient descent rather than Adam: Adam gives every weight steps of the same size
//! whatever the evidence, so a piece-square entry seen in a handful of positions moved as far
//! as the value of a pawn, and the fitted evaluation played some 240 Elo weaker for it. With
//! plain steps a weight moves in proportion to the positions that speak for it.

use std::fmt;

use engine::eval::Table;
use engine::eval::terms::{Trace, trace};
use rules::{Position, Variant};

/// One quiet position of a game, with the game's result.
#[derive(Clone, Debug, PartialEq)]
pub struct Sample {
    /// The variant played.
    pub variant: Variant,
    /// The position.
    pub fen: String,
    /// White's score: the game's result (1, 0.5 or 0), or an expected score between 0 and
    /// 1 (`scripts/stockfish-labels.py` blends in a stronger engine's).
    pub white_score: f64,
}

impl fmt::Display for Sample {
    /// `SCORE VARIANT FEN`, as [`parse_sample`] reads it.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} {} {}", self.white_score, self.variant, self.fen)
    }
}

/// Reads a sample line, `SCORE VARIANT FEN`, checking the FEN; says what is wrong otherwise.
pub fn parse_sample(line: &str) -> Result<(Sample, Position), String> {
    let mut fields = line.trim().splitn(3, ' ');
    let (Some(score), Some(variant), Some(fen)) = (fields.next(), fields.next(), fields.next())
    else {
        return Err(format!("expected SCORE VARIANT FEN, found {line:?}"));
    };
    let white_score = score
        .parse::<f64>()
        .ok()
        .filter(|s| (0.0..=1.0).contains(s))
        .ok_or_else(|| format!("{score:?} is not a score (a number from 0 to 1)"))?;
    let variant: Variant = variant.parse().map_err(|e| format!("{e}"))?;
    let position = Position::from_fen(variant, fen).map_err(|e| format!("{e}"))?;
    let sample = Sample {
        variant,
        fen: fen.to_owned(),
        white_score,
    };
    Ok((sample, position))
}

/// How the fit runs.
#[derive(Clone, Debug)]
pub struct FitSettings {
    /// Passes over all the samples.
    pub epochs: u32,
    /// The learning rate: centipawns a step moves a weight per unit of the error's slope.
    pub rate: f64,
    /// The pull back towards the starting weights (L2, per centipawn of distance): the
    /// positions of one game share its result, so without it weights fit games, not chess.
    pub l2: f64,
    /// Terms kept as they start, by index (those whose names begin with a `--freeze` prefix).
    pub frozen: Vec<usize>,
}

/// What the fit found.
#[derive(Clone, Debug)]
pub struct FitReport {
    /// The fitted table.
    pub table: Table,
    /// The scale of the logistic curve: the expected score of an evaluation `e` is
    /// `1 / (1 + 10^(-k·e/400))`.
    pub k: f64,
    /// The mean squared error with the weights the fit started from.
    pub error_before: f64,
    /// The mean squared error with the fitted weights (rounded to whole centipawns).
    pub error_after: f64,
    /// The same two on the held-out samples, which the fit never saw.
    pub holdout_before: f64,
    /// After.
    pub holdout_after: f64,
    /// How many samples it fitted.
    pub samples: usize,
}

/// A traced sample: its counts and phase, and the game's result.
struct Point {
    trace: Trace,
    result: f64,
}

/// The evaluation (White's view) a trace gets from `weights` (middlegame and endgame per
/// term, flattened).
fn white_eval(point: &Point, weights: &[f64]) -> f64 {
    let rho = f64::from(point.trace.phase) / 24.0;
    point.trace.counts.iter().fold(0.0, |sum, &(term, count)| {
        let t = usize::from(term) * 2;
        sum + f64::from(count) * (weights[t] * rho + weights[t + 1] * (1.0 - rho))
    })
}

fn sigmoid(k: f64, eval: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf(-k * eval / 400.0))
}

fn mean_error(points: &[Point], weights: &[f64], k: f64) -> f64 {
    let sum: f64 = points
        .iter()
        .map(|p| (p.result - sigmoid(k, white_eval(p, weights))).powi(2))
        .sum();
    sum / points.len().max(1) as f64
}

/// The scale `k` in 0.1–3 that fits `weights` best, by golden-section search.
fn best_k(points: &[Point], weights: &[f64]) -> f64 {
    let ratio = (5f64.sqrt() - 1.0) / 2.0;
    let (mut low, mut high) = (0.1, 3.0);
    for _ in 0..40 {
        let a = high - ratio * (high - low);
        let b = low + ratio * (high - low);
        if mean_error(points, weights, a) < mean_error(points, weights, b) {
            high = b;
        } else {
            low = a;
        }
    }
    (low + high) / 2.0
}

/// The traced samples of `positions`.
fn traced(positions: &[(Position, f64)]) -> Vec<Point> {
    positions
        .iter()
        .map(|(pos, result)| Point {
            trace: trace(pos),
            result: *result,
        })
        .collect()
}

/// Fits `start`'s weights to `positions` (each with White's score in its game), measuring
/// `holdout` as well, and calls `progress` with the epoch and both mean squared errors every
/// tenth of the way.
pub fn fit(
    start: &Table,
    positions: &[(Position, f64)],
    holdout: &[(Position, f64)],
    settings: &FitSettings,
    progress: &mut dyn FnMut(u32, f64, f64),
) -> FitReport {
    let points = traced(positions);
    let held = traced(holdout);
    let mut weights: Vec<f64> = start
        .iter()
        .flat_map(|[mg, eg]| [f64::from(*mg), f64::from(*eg)])
        .collect();
    let k = best_k(&points, &weights);
    let error_before = mean_error(&points, &weights, k);
    let holdout_before = mean_error(&held, &weights, k);
    let origin = weights.clone();
    let momentum = 0.9;
    let mut velocity = vec![0.0; weights.len()];
    let mut gradient = vec![0.0; weights.len()];
    let scale = k * std::f64::consts::LN_10 / 400.0;
    let every = (settings.epochs / 10).max(1);
    for epoch in 1..=settings.epochs {
        gradient.iter_mut().for_each(|g| *g = 0.0);
        for point in &points {
            let s = sigmoid(k, white_eval(point, &weights));
            let common = -2.0 * (point.result - s) * s * (1.0 - s) * scale;
            let rho = f64::from(point.trace.phase) / 24.0;
            for &(term, count) in &point.trace.counts {
                let t = usize::from(term) * 2;
                gradient[t] += common * f64::from(count) * rho;
                gradient[t + 1] += common * f64::from(count) * (1.0 - rho);
            }
        }
        for &term in &settings.frozen {
            for g in gradient.iter_mut().skip(term * 2).take(2) {
                *g = 0.0;
            }
        }
        let n = points.len().max(1) as f64;
        for i in 0..weights.len() {
            let slope = gradient[i] / n + settings.l2 * (weights[i] - origin[i]);
            velocity[i] = momentum * velocity[i] - settings.rate * slope;
            weights[i] += velocity[i];
        }
        if epoch % every == 0 || epoch == settings.epochs {
            progress(
                epoch,
                mean_error(&points, &weights, k),
                mean_error(&held, &weights, k),
            );
        }
    }
    let mut table = *start;
    for (term, pair) in table.iter_mut().enumerate() {
        let round = |w: f64| w.round().clamp(f64::from(i16::MIN), f64::from(i16::MAX)) as i16;
        *pair = [round(weights[term * 2]), round(weights[term * 2 + 1])];
    }
    let rounded: Vec<f64> = table
        .iter()
        .flat_map(|[mg, eg]| [f64::from(*mg), f64::from(*eg)])
        .collect();
    FitReport {
        table,
        k,
        error_before,
        error_after: mean_error(&points, &rounded, k),
        holdout_before,
        holdout_after: mean_error(&held, &rounded, k),
        samples: points.len(),
    }
}

#[cfg(test)]
mod tests {
    use engine::eval::Weights;
    use engine::eval::terms::{COUNT, name};

    use super::*;
    use crate::arena::random_opening;

    /// Positions of many random games, labelled with the expected score the built-in weights
    /// give them at k = 1: a fit from weights with a wrong knight value must bring the
    /// evaluation back near the right one.
    #[test]
    fn the_fit_finds_a_weight_it_was_given_wrong() {
        let truth = Weights::builtin();
        let mut positions = Vec::new();
        for seed in 0..600 {
            let Ok(game) = random_opening(Variant::Standard, 10 + (seed % 30) as usize, seed)
            else {
                continue;
            };
            let pos = game.position().clone();
            let white = match pos.side_to_move() {
                rules::Color::White => truth.evaluate(&pos),
                rules::Color::Black => -truth.evaluate(&pos),
            };
            positions.push((pos, sigmoid(1.0, f64::from(white))));
        }
        let knight = (0..COUNT)
            .find(|&term| name(term) == "material.knight")
            .expect("a knight's material term");
        let mut start = truth.standard;
        start[knight] = [200, 200];
        let settings = FitSettings {
            epochs: 1000,
            rate: 30_000.0,
            l2: 0.0,
            frozen: Vec::new(),
        };
        let report = fit(&start, &positions, &[], &settings, &mut |_, _, _| {});
        assert!(report.error_after < report.error_before / 4.0, "{report:?}");
        // Material and the piece-square tables say the same thing many ways (a knight's value
        // can sit in either), so what must come back is the evaluation, not one weight.
        let gap = |table: &Table| {
            let weights = Weights {
                standard: *table,
                avalanche: truth.avalanche,
            };
            let sum: i32 = positions
                .iter()
                .map(|(pos, _)| (weights.evaluate(pos) - truth.evaluate(pos)).abs())
                .sum();
            f64::from(sum) / positions.len() as f64
        };
        let (before, after) = (gap(&start), gap(&report.table));
        // Gradient descent comes near, not all the way, in 1 000 passes over 600 positions
        // (at 300 000 the terms with large counts, space and the like, make it swing).
        assert!(
            before > 15.0 && after < before * 0.7,
            "{before:.1} cp off before, {after:.1} after"
        );
    }

    #[test]
    fn samples_read_back_as_written_and_bad_lines_are_refused() {
        let line = "0.5 avalanche rnbqkbnr/1ppppppp/p7/8/8/5N2/PPPPPPPP/RNBQKB1R b KQkq - 0 1";
        let (sample, _) = parse_sample(line).unwrap();
        assert_eq!(sample.to_string(), line);
        assert_eq!(sample.white_score, 0.5);
        let line = "0.7312 standard 8/8/8/8/8/8/8/K1k5 w - - 0 1";
        assert_eq!(parse_sample(line).unwrap().0.to_string(), line);
        for bad in [
            "",
            "1 standard",
            "2 standard 8/8/8/8/8/8/8/K1k5 w - - 0 1",
            "-0.1 standard 8/8/8/8/8/8/8/K1k5 w - - 0 1",
            "NaN standard 8/8/8/8/8/8/8/K1k5 w - - 0 1",
            "½ standard 8/8/8/8/8/8/8/K1k5 w - - 0 1",
            "1 checkers 8/8/8/8/8/8/8/K1k5 w - - 0 1",
            "1 standard not a fen",
        ] {
            assert!(parse_sample(bad).is_err(), "{bad:?}");
        }
    }
}
