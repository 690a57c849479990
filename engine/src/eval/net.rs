//! An evaluation network for standard chess and Chess960, a correction added to the linear
//! evaluation ([`super::Weights`]) by an engine given one ([`crate::Engine::with_net`],
//! `nadare match --a-net`): each side's men as 768 inputs (own or enemy, role, square, the
//! board seen from that side's first rank), one hidden layer of [`HIDDEN`] shared by both
//! views and clipped to 0..1, and one output from the side to move's view and the other's.
//! `scripts/train-net.py --base` trains it on what the linear evaluation leaves of
//! Stockfish's judgement of self-play positions (docs/engine.md, "A network on top"). None
//! is built in: the one trained so far brought the evaluation nearer Stockfish's but did not
//! play better. The Avalanche family keeps the linear evaluation alone.
//!
//! The network is computed from the board at each evaluation: 32 men at most, each a row
//! added to each view with vector instructions. At 64 hidden it costs 12–13% of the nodes a
//! second; sums that follow the moves would cost less, once a network is worth it.

use rules::{Color, Position, Role};

/// The hidden layer's size.
pub const HIDDEN: usize = 64;
/// The inputs: two sides, six roles, 64 squares.
const INPUTS: usize = 768;
/// The scale of the first layer's integers (1.0 is `QA`), and the clip's top.
const QA: i32 = 255;
/// The scale of the output weights' integers.
const QB: i32 = 4096;
/// Centipawns per unit of the network's output.
const SCALE: i32 = 400;
/// The file's first bytes.
const MAGIC: &[u8; 8] = b"NDRNET1\0";

/// The network's weights, as integers.
pub struct Net {
    input: Box<[[i16; HIDDEN]; INPUTS]>,
    bias: [i16; HIDDEN],
    output: [[i16; HIDDEN]; 2],
    output_bias: i32,
}

impl std::fmt::Debug for Net {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Net")
            .field("hidden", &HIDDEN)
            .finish_non_exhaustive()
    }
}

/// A network file that cannot be read.
#[derive(Debug, thiserror::Error, PartialEq, Eq)]
pub enum NetError {
    /// The file does not start with the network's magic bytes.
    #[error("not a network file")]
    Magic,
    /// The hidden layer is not the size the engine computes.
    #[error("a hidden layer of {0}, not {HIDDEN}")]
    Hidden(u32),
    /// The file is shorter or longer than its layers.
    #[error("the file is {0} bytes, not the network's size")]
    Size(usize),
}

impl Net {
    /// Reads a network file: the magic, the hidden size (u32), then little-endian integers:
    /// the first layer by input (i16, 768 × hidden), its biases (i16), the output weights
    /// (i16, the side to move's half first) and the output's bias (i32).
    pub fn parse(bytes: &[u8]) -> Result<Net, NetError> {
        let rest = bytes.strip_prefix(MAGIC).ok_or(NetError::Magic)?;
        let (size, rest) = rest
            .split_first_chunk::<4>()
            .ok_or(NetError::Size(bytes.len()))?;
        let hidden = u32::from_le_bytes(*size);
        if usize::try_from(hidden).ok() != Some(HIDDEN) {
            return Err(NetError::Hidden(hidden));
        }
        let expected = MAGIC.len() + 4 + 2 * (INPUTS * HIDDEN + 3 * HIDDEN) + 4;
        if bytes.len() != expected {
            return Err(NetError::Size(bytes.len()));
        }
        let mut words = rest
            .chunks_exact(2)
            .map(|pair| i16::from_le_bytes([pair[0], pair[1]]));
        let mut net = Net {
            input: Box::new([[0; HIDDEN]; INPUTS]),
            bias: [0; HIDDEN],
            output: [[0; HIDDEN]; 2],
            output_bias: 0,
        };
        let rows = net
            .input
            .iter_mut()
            .chain(std::iter::once(&mut net.bias))
            .chain(net.output.iter_mut());
        for row in rows {
            for (cell, word) in row.iter_mut().zip(&mut words) {
                *cell = word;
            }
        }
        let tail = bytes.last_chunk::<4>().ok_or(NetError::Size(bytes.len()))?;
        net.output_bias = i32::from_le_bytes(*tail);
        Ok(net)
    }

    /// The network's correction for `pos`, in centipawns for the side to move: what it adds
    /// to the linear evaluation.
    pub fn evaluate(&self, pos: &Position) -> i32 {
        // The inputs of each view: a man on each square at most.
        let mut inputs = [[0u16; 64]; 2];
        let mut count = 0;
        for color in Color::ALL {
            let (own, enemy) = match color {
                Color::White => (0, 384),
                Color::Black => (384, 0),
            };
            for role in Role::ALL {
                let base = role.index() * 64;
                for sq in pos.pieces(color, role) {
                    let [white, black] = &mut inputs;
                    if let (Some(w), Some(b)) = (white.get_mut(count), black.get_mut(count)) {
                        *w = (own + base + sq.index()) as u16;
                        *b = (enemy + base + (sq.index() ^ 56)) as u16;
                        count += 1;
                    }
                }
            }
        }
        let [white, black] = &inputs;
        let white = self.accumulate(white.get(..count).unwrap_or_default());
        let black = self.accumulate(black.get(..count).unwrap_or_default());
        let (us, them) = match pos.side_to_move() {
            Color::White => (&white, &black),
            Color::Black => (&black, &white),
        };
        let sum = self.output_bias + dot(us, &self.output[0]) + dot(them, &self.output[1]);
        // At most 2 · HIDDEN · 255 · 32 767 in all, within an i32; times SCALE it is not.
        (i64::from(sum) * i64::from(SCALE) / i64::from(QA * QB)) as i32
    }

    /// The hidden layer of one view, before the clip: the biases and the rows of `inputs`.
    /// Kept out of line so that the view stays a few vector registers.
    #[inline(never)]
    fn accumulate(&self, inputs: &[u16]) -> [i16; HIDDEN] {
        let mut view = self.bias;
        for &input in inputs {
            if let Some(row) = self.input.get(usize::from(input)) {
                add(&mut view, row);
            }
        }
        view
    }
}

/// Adds a row to a view (the compiler makes it a few vector additions).
#[inline]
fn add(view: &mut [i16; HIDDEN], row: &[i16; HIDDEN]) {
    for (v, r) in view.iter_mut().zip(row) {
        *v = v.wrapping_add(*r);
    }
}

/// The clipped view times the output weights.
#[inline]
fn dot(view: &[i16; HIDDEN], weights: &[i16; HIDDEN]) -> i32 {
    view.iter()
        .zip(weights)
        .map(|(&v, &w)| i32::from(v.clamp(0, QA as i16)) * i32::from(w))
        .sum()
}
