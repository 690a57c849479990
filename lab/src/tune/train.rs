//! Training the evaluation network ([`engine::eval::net`]) on labelled positions
//! (`nadare tune net`): the network's output, turned into an expected score by the logistic
//! curve `1 / (1 + 10^(-k·cp/400))`, is brought near each position's label (Stockfish's
//! expected score, blended with the game's result) by least squares, with Adam on
//! mini-batches spread over threads. The last share of each file (whole games, in the order
//! played) is held out and only measured; the epoch that does best there is the one kept.
//!
//! Written by hand rather than in a machine-learning framework: the network is one sparse
//! layer and one output, the whole training is a few hundred lines, and the engine's tools
//! then need nothing beyond Rust to make a network the engine reads.
//!
//! Adam suits the network where it did not suit the linear weights ([`super::fit`]): each of
//! its weights is seen by a large share of the positions, and none of them is a centipawn
//! value whose step size a rare position could blow up.

use engine::eval::net::{HIDDEN, Net, QA, QB, SCALE, inputs};
use engine::for_lab::splitmix64;
use rules::{Color, Position, Role};

/// How many inputs a view has.
const INPUTS: usize = 768;
/// The first layer's weights and biases stay within this, so that the engine's integer
/// layer (at most 32 men and the bias, each times [`QA`]) stays within an i16.
const CLIP_INPUT: f32 = 1.98;
/// The output weights stay within this, so that times [`QB`] they are i16s.
const CLIP_OUTPUT: f32 = 31.9;

/// How the training runs.
#[derive(Clone, Debug)]
pub struct TrainSettings {
    /// Passes over all the samples.
    pub epochs: u32,
    /// Samples a step.
    pub batch: usize,
    /// Adam's learning rate in the first epoch.
    pub rate: f32,
    /// The rate is multiplied by this after each epoch.
    pub decay: f32,
    /// The logistic curve's scale (as `nadare tune fit` reports it for the linear
    /// evaluation on the same labels, so that the network's centipawns are the search's).
    pub k: f64,
    /// Threads that share each batch.
    pub threads: usize,
    /// The seed of the first weights and of the order of the samples.
    pub seed: u64,
}

/// A position as the training sees it: its men as White's view's inputs, the side to
/// move and the label (the side to move's expected score).
#[derive(Clone, Debug)]
pub struct Point {
    men: [u16; 32],
    count: u8,
    white_to_move: bool,
    target: f32,
}

impl Point {
    /// `pos` with White's expected score `white_score`.
    pub fn new(pos: &Position, white_score: f64) -> Point {
        let mut men = [0u16; 32];
        let mut count = 0;
        for color in Color::ALL {
            for role in Role::ALL {
                for sq in pos.pieces(color, role) {
                    if let Some(slot) = men.get_mut(count) {
                        *slot = inputs(color, role, sq.index())[0] as u16;
                        count += 1;
                    }
                }
            }
        }
        let white_to_move = pos.side_to_move() == Color::White;
        let white = white_score as f32;
        Point {
            men,
            count: count as u8,
            white_to_move,
            target: if white_to_move { white } else { 1.0 - white },
        }
    }

    /// The same position turned left to right (the a-file on the h-file): the same to
    /// the network but for castling, which it does not see.
    pub fn mirrored(&self) -> Point {
        let mut point = self.clone();
        point.men.iter_mut().for_each(|m| *m ^= 7);
        point
    }

    /// The inputs of the side to move's view and of the other's.
    fn views(&self) -> [Vec<usize>; 2] {
        let men = self.men.iter().take(usize::from(self.count));
        let white: Vec<usize> = men.clone().map(|&m| usize::from(m)).collect();
        let black: Vec<usize> = men.map(|&m| black_input(usize::from(m))).collect();
        if self.white_to_move {
            [white, black]
        } else {
            [black, white]
        }
    }
}

/// Black's view's input of the man that is White's view's `input`.
fn black_input(input: usize) -> usize {
    let (side, rest) = (input / 384, input % 384);
    let (role, sq) = (rest / 64, rest % 64);
    (1 - side) * 384 + role * 64 + (sq ^ 56)
}

/// The network in floating point, as it is trained.
#[derive(Clone)]
struct Weights {
    /// 768 rows of [`HIDDEN`].
    input: Vec<f32>,
    bias: Vec<f32>,
    /// The side to move's half, then the other's.
    output: Vec<f32>,
    output_bias: f32,
}

impl Weights {
    fn zero() -> Weights {
        Weights {
            input: vec![0.0; INPUTS * HIDDEN],
            bias: vec![0.0; HIDDEN],
            output: vec![0.0; 2 * HIDDEN],
            output_bias: 0.0,
        }
    }

    /// Small random weights: each view's layer starts near a few tenths, half of it above
    /// the clip's floor.
    fn random(seed: u64) -> Weights {
        let mut state = seed;
        let mut uniform = |spread: f32| {
            state = splitmix64(state);
            ((state >> 40) as f32 / (1u64 << 24) as f32 * 2.0 - 1.0) * spread
        };
        let mut w = Weights::zero();
        w.input.iter_mut().for_each(|x| *x = uniform(0.1));
        w.bias.iter_mut().for_each(|x| *x = 0.1 + uniform(0.1));
        w.output.iter_mut().for_each(|x| *x = uniform(0.05));
        w
    }

    /// Every weight, in one order.
    fn all_mut(&mut self) -> impl Iterator<Item = &mut f32> {
        self.input
            .iter_mut()
            .chain(self.bias.iter_mut())
            .chain(self.output.iter_mut())
            .chain(std::iter::once(&mut self.output_bias))
    }

    fn all(&self) -> impl Iterator<Item = f32> + '_ {
        self.input
            .iter()
            .chain(&self.bias)
            .chain(&self.output)
            .chain(std::iter::once(&self.output_bias))
            .copied()
    }

    fn add(&mut self, other: &Weights) {
        for (a, b) in self.all_mut().zip(other.all()) {
            *a += b;
        }
    }

    /// Both views' layers of the inputs `views` before the clip.
    fn layers_of(&self, views: &[Vec<usize>; 2]) -> [[f32; HIDDEN]; 2] {
        let mut layers = [[0.0; HIDDEN]; 2];
        for (layer, view) in layers.iter_mut().zip(views) {
            layer.copy_from_slice(&self.bias);
            for &input in view {
                let row = &self.input[input * HIDDEN..(input + 1) * HIDDEN];
                for (l, r) in layer.iter_mut().zip(row) {
                    *l += r;
                }
            }
        }
        layers
    }

    /// The output for `point` (centipawns over [`SCALE`]), from its layers.
    fn output_of(&self, layers: &[[f32; HIDDEN]; 2]) -> f32 {
        let (us, them) = self.output.split_at(HIDDEN);
        let dot = |layer: &[f32; HIDDEN], w: &[f32]| -> f32 {
            layer
                .iter()
                .zip(w)
                .map(|(l, w)| l.clamp(0.0, 1.0) * w)
                .sum()
        };
        dot(&layers[0], us) + dot(&layers[1], them) + self.output_bias
    }

    /// Adds the slope of `point`'s squared error to `grad` and gives the error.
    fn learn(&self, point: &Point, slope: f32, grad: &mut Weights) -> f32 {
        let views = point.views();
        let layers = self.layers_of(&views);
        let p = sigmoid(slope * self.output_of(&layers));
        let diff = p - point.target;
        let d_out = 2.0 * diff * p * (1.0 - p) * slope;
        grad.output_bias += d_out;
        for (half, (layer, view)) in layers.iter().zip(&views).enumerate() {
            let weights = &self.output[half * HIDDEN..(half + 1) * HIDDEN];
            let out_grad = &mut grad.output[half * HIDDEN..(half + 1) * HIDDEN];
            let mut d_layer = [0.0f32; HIDDEN];
            for j in 0..HIDDEN {
                let l = layer[j];
                out_grad[j] += d_out * l.clamp(0.0, 1.0);
                d_layer[j] = if l > 0.0 && l < 1.0 {
                    d_out * weights[j]
                } else {
                    0.0
                };
            }
            for (b, d) in grad.bias.iter_mut().zip(&d_layer) {
                *b += d;
            }
            for &input in view {
                let row = &mut grad.input[input * HIDDEN..(input + 1) * HIDDEN];
                for (r, d) in row.iter_mut().zip(&d_layer) {
                    *r += d;
                }
            }
        }
        diff * diff
    }

    /// The weights as the engine's integers, in its file format.
    fn to_bytes(&self) -> Vec<u8> {
        let q = |x: f32, scale: i32| (x * scale as f32).round() as i16;
        let mut input = Box::new([[0i16; HIDDEN]; INPUTS]);
        for (row, weights) in input.iter_mut().zip(self.input.chunks_exact(HIDDEN)) {
            for (cell, &w) in row.iter_mut().zip(weights) {
                *cell = q(w, QA);
            }
        }
        let mut bias = [0i16; HIDDEN];
        for (cell, &w) in bias.iter_mut().zip(&self.bias) {
            *cell = q(w, QA);
        }
        let mut output = [[0i16; HIDDEN]; 2];
        for (row, weights) in output.iter_mut().zip(self.output.chunks_exact(HIDDEN)) {
            for (cell, &w) in row.iter_mut().zip(weights) {
                *cell = q(w, QB);
            }
        }
        let output_bias = (self.output_bias * (QA * QB) as f32).round() as i32;
        Net::write(&input, &bias, &output, output_bias)
    }
}

fn sigmoid(x: f32) -> f32 {
    1.0 / (1.0 + (-x).exp())
}

/// What one epoch did.
#[derive(Clone, Debug)]
pub struct Epoch {
    /// Its number, from 1.
    pub number: u32,
    /// The mean squared error over the samples trained on, as the epoch went.
    pub error: f64,
    /// The mean squared error of the held-out samples after it, the network as integers.
    pub holdout: f64,
}

/// What the training made.
#[derive(Clone, Debug)]
pub struct Trained {
    /// The network file of the epoch with the lowest held-out error.
    pub net: Vec<u8>,
    /// That error.
    pub holdout: f64,
    /// The held-out error of the network's starting weights.
    pub holdout_before: f64,
}

/// The mean squared error of `net` (as the engine computes it) on `points`, by the curve
/// of scale `k`.
pub fn net_error(net: &Net, points: &[(Position, f64)], k: f64) -> f64 {
    let total: f64 = points
        .iter()
        .map(|(pos, white_score)| {
            let own = f64::from(net.evaluate(pos));
            let white = if pos.side_to_move() == Color::White {
                own
            } else {
                -own
            };
            (1.0 / (1.0 + 10f64.powf(-k * white / 400.0)) - white_score).powi(2)
        })
        .sum();
    total / points.len().max(1) as f64
}

/// Trains a network on `points`, measured on `held` (the engine's integer network, as
/// [`net_error`]), calling `on_epoch` after each pass.
pub fn train(
    points: &mut [Point],
    held: &[(Position, f64)],
    settings: &TrainSettings,
    on_epoch: &mut dyn FnMut(&Epoch),
) -> Trained {
    // The curve in the network's own unit: its output times SCALE is centipawns.
    let slope = (settings.k * std::f64::consts::LN_10 * f64::from(SCALE) / 400.0) as f32;
    let mut weights = Weights::random(settings.seed);
    let measure = |w: &Weights| {
        Net::parse(&w.to_bytes()).map_or(f64::INFINITY, |net| net_error(&net, held, settings.k))
    };
    let holdout_before = measure(&weights);
    let mut best = (holdout_before, weights.to_bytes());
    let mut adam = Adam::new();
    let threads = settings.threads.max(1);
    let mut grads = vec![Weights::zero(); threads];
    let mut order_seed = settings.seed ^ 0x5eed;
    let mut rate = settings.rate;
    for number in 1..=settings.epochs {
        shuffle(points, &mut order_seed);
        let mut total = 0.0f64;
        for batch in points.chunks(settings.batch.max(1)) {
            let share = batch.len().div_ceil(threads);
            let w = &weights;
            let errors: Vec<f64> = std::thread::scope(|scope| {
                let handles: Vec<_> = batch
                    .chunks(share.max(1))
                    .zip(grads.iter_mut())
                    .map(|(part, grad)| {
                        scope.spawn(move || {
                            grad.all_mut().for_each(|g| *g = 0.0);
                            part.iter()
                                .map(|p| f64::from(w.learn(p, slope, grad)))
                                .sum::<f64>()
                        })
                    })
                    .collect();
                handles
                    .into_iter()
                    .map(|h| h.join().unwrap_or(0.0))
                    .collect()
            });
            total += errors.iter().sum::<f64>();
            let parts = batch.len().div_ceil(share.max(1));
            let (first, rest) = grads.split_at_mut(1);
            for other in rest.iter().take(parts.saturating_sub(1)) {
                first[0].add(other);
            }
            adam.step(&mut weights, &first[0], 1.0 / batch.len() as f32, rate);
        }
        rate *= settings.decay;
        let holdout = measure(&weights);
        on_epoch(&Epoch {
            number,
            error: total / points.len().max(1) as f64,
            holdout,
        });
        if holdout < best.0 {
            best = (holdout, weights.to_bytes());
        }
    }
    Trained {
        net: best.1,
        holdout: best.0,
        holdout_before,
    }
}

/// Shuffles `points` (Fisher–Yates, from `seed`).
fn shuffle(points: &mut [Point], seed: &mut u64) {
    for i in (1..points.len()).rev() {
        *seed = splitmix64(*seed);
        let j = (*seed % (i as u64 + 1)) as usize;
        points.swap(i, j);
    }
}

/// Adam's moments of every weight.
struct Adam {
    m: Weights,
    v: Weights,
    steps: i32,
}

impl Adam {
    const BETA1: f32 = 0.9;
    const BETA2: f32 = 0.999;
    const EPSILON: f32 = 1e-8;

    fn new() -> Adam {
        Adam {
            m: Weights::zero(),
            v: Weights::zero(),
            steps: 0,
        }
    }

    /// One step of `weights` along `grad` (a sum over the batch, taken times `scale` to
    /// make it a mean) at learning rate `rate`, then the clips.
    fn step(&mut self, weights: &mut Weights, grad: &Weights, scale: f32, rate: f32) {
        self.steps += 1;
        let c1 = 1.0 - Self::BETA1.powi(self.steps);
        let c2 = 1.0 - Self::BETA2.powi(self.steps);
        let moments = self.m.all_mut().zip(self.v.all_mut());
        for ((w, g), (m, v)) in weights.all_mut().zip(grad.all()).zip(moments) {
            let g = g * scale;
            *m = Self::BETA1 * *m + (1.0 - Self::BETA1) * g;
            *v = Self::BETA2 * *v + (1.0 - Self::BETA2) * g * g;
            *w -= rate * (*m / c1) / ((*v / c2).sqrt() + Self::EPSILON);
        }
        let first = weights.input.iter_mut().chain(weights.bias.iter_mut());
        first.for_each(|w| *w = w.clamp(-CLIP_INPUT, CLIP_INPUT));
        let output = weights.output.iter_mut();
        output.for_each(|w| *w = w.clamp(-CLIP_OUTPUT, CLIP_OUTPUT));
    }
}
