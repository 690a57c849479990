//! The evaluation network of standard chess and Chess960: each side's men as 768 inputs
//! (own or enemy, role, square, the board seen from that side's first rank), one hidden
//! layer of [`HIDDEN`] shared by both views and clipped to 0..1, and one output from the
//! side to move's view and the other's, in centipawns. `nadare tune net` trains it on
//! positions of self-play games labelled by Stockfish (docs/engine.md, "The network");
//! one is built in ([`Net::builtin`]). The Avalanche family keeps the linear evaluation.
//!
//! The search keeps each view's hidden layer ([`Accumulator`]) from one node to the next:
//! a turn changes two to four men, so the layer of a node is that of another node with a
//! few rows added and taken away, rather than the sum of every man's row. Which men a
//! layer was summed from is kept with it, so it can be brought to any position, and a
//! layer is never wrong for the position it is used for, whatever was searched before.

use std::sync::{Arc, LazyLock};

use rules::{Color, Position, Role};

/// The hidden layer's size.
pub const HIDDEN: usize = 256;
/// The inputs: two sides, six roles, 64 squares.
const INPUTS: usize = 768;
/// The scale of the first layer's integers (1.0 is `QA`), and the clip's top.
pub const QA: i32 = 255;
/// The scale of the output weights' integers.
pub const QB: i32 = 1024;
/// Centipawns per unit of the network's output.
pub const SCALE: i32 = 400;
/// The file's first bytes.
const MAGIC: &[u8; 8] = b"NDRNET2\0";

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

/// The network built into the engine (`engine/src/eval/standard.net`).
static BUILTIN: LazyLock<Arc<Net>> = LazyLock::new(|| {
    // The file is the repository's own, read by the test
    // `the_built_in_network_reads_and_sees_both_sides_alike`; a damaged one is a build
    // that cannot evaluate, so it fails loudly here rather than play without a network.
    Arc::new(Net::parse(include_bytes!("standard.net")).expect("the built-in network reads"))
});

/// Each view's hidden layer before the clip, and the men it was summed from.
#[derive(Clone)]
pub(crate) struct Accumulator {
    /// White's view and Black's view.
    views: [[i16; HIDDEN]; 2],
    /// The men of each colour and role (White's six roles, then Black's) it holds.
    men: [u64; 12],
}

/// The inputs of a man of `color` and `role` on square `sq` (0 = a1 … 63 = h8), in White's
/// view and in Black's: the rows of the first layer it adds, as [`Net::parse`] and
/// [`Net::write`] number them.
#[inline]
pub fn inputs(color: Color, role: Role, sq: usize) -> [usize; 2] {
    let own = role.index() * 64;
    match color {
        Color::White => [own + sq, 384 + own + (sq ^ 56)],
        Color::Black => [384 + own + sq, own + (sq ^ 56)],
    }
}

/// The men of `pos`, as [`Accumulator::men`] keeps them.
fn men(pos: &Position) -> [u64; 12] {
    let mut men = [0; 12];
    for (n, slot) in men.iter_mut().enumerate() {
        let color = if n < 6 { Color::White } else { Color::Black };
        *slot = pos.pieces(color, Role::ALL[n % 6]).0;
    }
    men
}

/// How many rows bringing a layer summed from `from` to `to` adds and takes away.
fn changes(from: &[u64; 12], to: &[u64; 12]) -> u32 {
    from.iter().zip(to).map(|(a, b)| (a ^ b).count_ones()).sum()
}

impl Net {
    /// The network built into the engine.
    pub fn builtin() -> Arc<Net> {
        Arc::clone(&BUILTIN)
    }

    /// The layers of an empty board: the biases alone.
    pub(crate) fn empty(&self) -> Accumulator {
        Accumulator {
            views: [self.bias; 2],
            men: [0; 12],
        }
    }

    /// Reads a network file: the magic, the hidden size (u32), then little-endian integers:
    /// the first layer by input (i16, 768 × hidden, scaled by [`QA`]), its biases (i16,
    /// by `QA`), the output weights (i16, by [`QB`], the side to move's half first) and the
    /// output's bias (i32, by `QA · QB`).
    pub fn parse(bytes: &[u8]) -> Result<Net, NetError> {
        let rest = bytes.strip_prefix(MAGIC).ok_or(NetError::Magic)?;
        let (size, rest) = rest
            .split_first_chunk::<4>()
            .ok_or(NetError::Size(bytes.len()))?;
        let hidden = u32::from_le_bytes(*size);
        if usize::try_from(hidden).ok() != Some(HIDDEN) {
            return Err(NetError::Hidden(hidden));
        }
        if bytes.len() != Net::BYTES {
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

    /// The size of a network file.
    pub const BYTES: usize = MAGIC.len() + 4 + 2 * (INPUTS * HIDDEN + 3 * HIDDEN) + 4;

    /// The file [`Net::parse`] reads, from the weights as integers: the first layer by
    /// input, its biases, the output weights (the side to move's half first) and the
    /// output's bias.
    pub fn write(
        input: &[[i16; HIDDEN]; INPUTS],
        bias: &[i16; HIDDEN],
        output: &[[i16; HIDDEN]; 2],
        output_bias: i32,
    ) -> Vec<u8> {
        let mut bytes = Vec::with_capacity(Net::BYTES);
        bytes.extend_from_slice(MAGIC);
        bytes.extend_from_slice(&(HIDDEN as u32).to_le_bytes());
        let rows = input
            .iter()
            .chain(std::iter::once(bias))
            .chain(output.iter());
        for row in rows {
            for word in row {
                bytes.extend_from_slice(&word.to_le_bytes());
            }
        }
        bytes.extend_from_slice(&output_bias.to_le_bytes());
        bytes
    }

    /// The network's evaluation of `pos`, in centipawns for the side to move, from the
    /// board alone.
    pub fn evaluate(&self, pos: &Position) -> i32 {
        self.output(&self.accumulate(pos), pos.side_to_move())
    }

    /// Both views' hidden layers of `pos`, summed from every man.
    pub(crate) fn accumulate(&self, pos: &Position) -> Accumulator {
        let mut acc = self.empty();
        self.refresh(&mut acc, pos);
        acc
    }

    /// Makes `acc` the layers of `pos` from the biases and every man.
    fn refresh(&self, acc: &mut Accumulator, pos: &Position) {
        acc.views = [self.bias; 2];
        acc.men = men(pos);
        for (n, &men) in acc.men.iter().enumerate() {
            let color = if n < 6 { Color::White } else { Color::Black };
            for sq in rules::Bitboard(men) {
                for (layer, input) in
                    acc.views
                        .iter_mut()
                        .zip(inputs(color, Role::ALL[n % 6], sq.index()))
                {
                    apply(layer, None, &self.input, &[input as u16], &[]);
                }
            }
        }
    }

    /// Brings `acc` to the layers of `pos`: from the position it holds, from `near` (the
    /// layers of another position, such as the node's parent), or from scratch, whichever
    /// adds and takes away fewer rows.
    pub(crate) fn bring(&self, acc: &mut Accumulator, near: Option<&Accumulator>, pos: &Position) {
        let now = men(pos);
        let count: u32 = now.iter().map(|m| m.count_ones()).sum();
        let own = changes(&acc.men, &now);
        match near {
            Some(near) if changes(&near.men, &now) < own.min(count) => {
                self.change(acc, Some(&near.views), &near.men, now);
            }
            _ if own < count => {
                let before = acc.men;
                self.change(acc, None, &before, now);
            }
            _ => self.refresh(acc, pos),
        }
    }

    /// Makes `acc`'s layers those of `from` (the layers of the men `before`; its own when
    /// `None`) with the rows of the men of `now` that `before` lacks added and those of the
    /// men it lost taken away, and records `now` as its men.
    fn change(
        &self,
        acc: &mut Accumulator,
        from: Option<&[[i16; HIDDEN]; 2]>,
        before: &[u64; 12],
        now: [u64; 12],
    ) {
        // Each view's inputs gained and lost: 32 men at most each way.
        let mut gained = [[0u16; 32]; 2];
        let mut lost = [[0u16; 32]; 2];
        let (mut gains, mut losses) = (0, 0);
        for (n, (&old, &new)) in before.iter().zip(&now).enumerate() {
            if old == new {
                continue;
            }
            let color = if n < 6 { Color::White } else { Color::Black };
            let role = Role::ALL[n % 6];
            for (men, list, count) in [
                (new & !old, &mut gained, &mut gains),
                (old & !new, &mut lost, &mut losses),
            ] {
                for sq in rules::Bitboard(men) {
                    for (view, input) in list.iter_mut().zip(inputs(color, role, sq.index())) {
                        if let Some(slot) = view.get_mut(*count) {
                            *slot = input as u16;
                        }
                    }
                    *count += 1;
                }
            }
        }
        for (view, (gained, lost)) in gained.iter().zip(&lost).enumerate() {
            let gained = gained.get(..gains).unwrap_or_default();
            let lost = lost.get(..losses).unwrap_or_default();
            if let Some(layer) = acc.views.get_mut(view) {
                let from = from.and_then(|f| f.get(view));
                apply(layer, from, &self.input, gained, lost);
            }
        }
        acc.men = now;
    }

    /// The output for `side` to move from the layers `acc`, in centipawns.
    pub(crate) fn output(&self, acc: &Accumulator, side: Color) -> i32 {
        let [white, black] = &acc.views;
        let (us, them) = match side {
            Color::White => (white, black),
            Color::Black => (black, white),
        };
        // Each half is at most HIDDEN · QA · 32 767 < 2^31, whatever the file holds.
        let sum = i64::from(dot(us, &self.output[0]))
            + i64::from(dot(them, &self.output[1]))
            + i64::from(self.output_bias);
        (sum * i64::from(SCALE) / i64::from(QA * QB)) as i32
    }
}

/// How many cells of a layer [`apply`] keeps in registers at once.
const LANES: usize = 64;

/// Makes `layer` `from` (or itself) with the rows `gained` of `rows` added and the rows
/// `lost` taken away, a few vector registers of the layer at a time, so that the layer is
/// read and written once however many rows change. (Written over fixed-size arrays so that the compiler makes
/// vector instructions of it; the engine has no unsafe code for intrinsics.)
#[inline]
fn apply(
    layer: &mut [i16; HIDDEN],
    from: Option<&[i16; HIDDEN]>,
    rows: &[[i16; HIDDEN]; INPUTS],
    gained: &[u16],
    lost: &[u16],
) {
    const NONE: [i16; LANES] = [0; LANES];
    for chunk in 0..HIDDEN / LANES {
        let range = chunk * LANES..(chunk + 1) * LANES;
        let cells: &mut [i16; LANES] = match layer
            .get_mut(range.clone())
            .map(<&mut [i16; LANES]>::try_from)
        {
            Some(Ok(cells)) => cells,
            _ => continue,
        };
        let mut sum = match from.and_then(|f| f.get(range.clone())) {
            Some(from) => from.try_into().unwrap_or(NONE),
            None => *cells,
        };
        let row = |input: u16| -> &[i16; LANES] {
            rows.get(usize::from(input))
                .and_then(|row| row.get(range.clone()))
                .and_then(|part| part.try_into().ok())
                .unwrap_or(&NONE)
        };
        for &input in gained {
            let row = row(input);
            for i in 0..LANES {
                sum[i] = sum[i].wrapping_add(row[i]);
            }
        }
        for &input in lost {
            let row = row(input);
            for i in 0..LANES {
                sum[i] = sum[i].wrapping_sub(row[i]);
            }
        }
        *cells = sum;
    }
}

/// The clipped view times the output weights: the clip in one pass, then the products,
/// each pass a loop the compiler makes vector instructions of. Kept out of line, where the
/// compiler vectorises it.
#[inline(never)]
fn dot(view: &[i16; HIDDEN], weights: &[i16; HIDDEN]) -> i32 {
    view.map(|v| v.clamp(0, QA as i16))
        .iter()
        .zip(weights)
        .map(|(&c, &w)| i32::from(c) * i32::from(w))
        .sum()
}

#[cfg(test)]
mod tests {
    use rules::{Position, Variant};

    use super::*;
    use crate::zobrist::splitmix64;

    /// A network of pseudo-random weights within the trainer's clips, so that every row
    /// counts.
    fn random_net(seed: u64) -> Net {
        let mut state = seed;
        let mut next = |spread: i32| {
            state = splitmix64(state);
            ((state >> 33) as i32 % (2 * spread + 1) - spread) as i16
        };
        let mut input = Box::new([[0i16; HIDDEN]; INPUTS]);
        input.iter_mut().flatten().for_each(|w| *w = next(505));
        let mut bias = [0i16; HIDDEN];
        bias.iter_mut().for_each(|w| *w = next(505));
        let mut output = [[0i16; HIDDEN]; 2];
        output.iter_mut().flatten().for_each(|w| *w = next(32_000));
        let bytes = Net::write(&input, &bias, &output, -123_456);
        Net::parse(&bytes).unwrap()
    }

    /// A layer brought from its parent's, from the one its slot held two turns before, or
    /// in place across several turns gives the evaluation from the board alone, along
    /// random games with captures, castling, en passant and promotions.
    #[test]
    fn layers_brought_from_other_positions_are_those_of_the_board() {
        let net = random_net(11);
        for (variant, seed) in [(Variant::Standard, 1), (Variant::Chess960, 2)] {
            for game in 0..20u64 {
                let mut state = splitmix64(seed * 1000 + game);
                let setup = (variant == Variant::Chess960).then_some((state % 960) as u16);
                let mut pos = Position::new_game(variant, setup).unwrap();
                let mut parent = net.accumulate(&pos);
                let mut slot = net.empty();
                let mut far = net.empty();
                for turn in 0..160 {
                    let moves = pos.legal_moves();
                    if moves.is_empty() {
                        break;
                    }
                    state = splitmix64(state);
                    let mv = moves[(state % moves.len() as u64) as usize];
                    let Some(step) = pos.play_unchecked(mv) else {
                        break;
                    };
                    pos = step.after;
                    let expected = net.evaluate(&pos);
                    // The slot holds the position two turns back: the parent is nearer.
                    let mut child = std::mem::replace(&mut slot, parent.clone());
                    net.bring(&mut child, Some(&parent), &pos);
                    assert_eq!(net.output(&child, pos.side_to_move()), expected);
                    if turn % 7 == 0 {
                        net.bring(&mut far, None, &pos);
                        assert_eq!(net.output(&far, pos.side_to_move()), expected);
                    }
                    parent = child;
                }
            }
        }
    }
}
