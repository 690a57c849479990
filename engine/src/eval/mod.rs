//! The static evaluation, in centipawns from the side to move's point of view. Standard chess
//! and Chess960 are evaluated by a network ([`net`]); the Avalanche family, and chess when an
//! engine is asked to ([`crate::Engine::linear`]), by the linear evaluation: a weighted
//! sum of what [`terms`] counts on the board, each weight a pair (middlegame, endgame) blended
//! by the material left. The weights ([`Weights`]) are fitted to the results of games the
//! engine played against itself (`nadare tune`, Texel's method: docs/engine.md), one set for
//! standard chess and Chess960 and one for the Avalanche family, where pawns run by themselves
//! and the push decides so much. Why each term is there is written in [`terms`].
//!
//! The weights are built in ([`Weights::builtin`]); a set read from a weights file can be given
//! to an engine instead, to measure it against the built-in one (`nadare match --a-weights`).

pub mod net;
mod tables;
pub mod terms;

use std::fmt::Write as _;

use rules::{Color, Position, Role, Variant};

use terms::{COUNT, FULL_PHASE, Sink};

/// Piece values in centipawns, by [`Role::index`] (pawn, knight, bishop, rook, queen, king),
/// for exchanges and move ordering: fixed, so that the search's pruning does not move with
/// the evaluation's tuning.
pub const VALUES: [i32; 6] = [100, 320, 330, 500, 900, 0];

/// The value of `role` in centipawns (a king counts 0: it is never traded).
pub fn value(role: Role) -> i32 {
    VALUES[role.index()]
}

/// One weight per term, for the middlegame and for the endgame.
pub type Table = [[i16; 2]; COUNT];

/// The evaluation's weights: one table for standard chess and Chess960, one for the Avalanche
/// family.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Weights {
    /// Standard chess and Chess960.
    pub standard: Table,
    /// Every Avalanche rule set.
    pub avalanche: Table,
}

/// A weights file that cannot be read.
#[derive(Debug, thiserror::Error, PartialEq, Eq)]
pub enum WeightsError {
    /// A line is not `[standard]`, `[avalanche]`, or `NAME MIDDLEGAME ENDGAME`.
    #[error("line {line}: {problem}")]
    Line {
        /// The line's number, from 1.
        line: usize,
        /// What is wrong with it.
        problem: String,
    },
}

/// The weighted sum of a position's terms, both phases.
struct Sum<'a> {
    table: &'a Table,
    mg: i32,
    eg: i32,
}

impl Sink for Sum<'_> {
    #[inline]
    fn add(&mut self, term: usize, count: i32) {
        if let Some([mg, eg]) = self.table.get(term) {
            self.mg += i32::from(*mg) * count;
            self.eg += i32::from(*eg) * count;
        }
    }
}

impl Default for Weights {
    fn default() -> Weights {
        Weights::builtin()
    }
}

impl Weights {
    /// The weights built into the engine.
    pub fn builtin() -> Weights {
        BUILTIN.clone()
    }

    /// The table `variant` is evaluated with.
    pub fn table(&self, variant: Variant) -> &Table {
        if variant.rules().push {
            &self.avalanche
        } else {
            &self.standard
        }
    }

    /// The table `variant` is evaluated with, to change it.
    pub fn table_mut(&mut self, variant: Variant) -> &mut Table {
        if variant.rules().push {
            &mut self.avalanche
        } else {
            &mut self.standard
        }
    }

    /// The evaluation of `pos` for the side to move.
    pub fn evaluate(&self, pos: &Position) -> i32 {
        let mut sum = Sum {
            table: self.table(pos.variant()),
            mg: 0,
            eg: 0,
        };
        terms::terms(pos, &mut sum);
        blend(pos, sum.mg, sum.eg)
    }

    /// Reads a weights file: `[standard]` or `[avalanche]` starts a table, then a line per
    /// term, `NAME MIDDLEGAME ENDGAME`; `#` starts a comment. Terms left out keep their
    /// built-in weights.
    pub fn parse(text: &str) -> Result<Weights, WeightsError> {
        let names: Vec<String> = (0..COUNT).map(terms::name).collect();
        let mut weights = Weights::builtin();
        let mut table: Option<&mut Table> = None;
        for (n, raw) in text.lines().enumerate() {
            let bad = |problem: String| WeightsError::Line {
                line: n + 1,
                problem,
            };
            let line = raw.split('#').next().unwrap_or("").trim();
            if line.is_empty() {
                continue;
            }
            match line {
                "[standard]" => {
                    table = Some(&mut weights.standard);
                    continue;
                }
                "[avalanche]" => {
                    table = Some(&mut weights.avalanche);
                    continue;
                }
                _ => {}
            }
            let fields: Vec<&str> = line.split_whitespace().collect();
            let [name, mg, eg] = fields.as_slice() else {
                return Err(bad(format!(
                    "expected NAME MIDDLEGAME ENDGAME, found {line:?}"
                )));
            };
            let Some(term) = names.iter().position(|n| n == name) else {
                return Err(bad(format!("no term is called {name:?}")));
            };
            let number = |s: &str| {
                s.parse::<i16>()
                    .map_err(|_| bad(format!("{s:?} is not a weight (-32768 to 32767)")))
            };
            let (mg, eg) = (number(mg)?, number(eg)?);
            let Some(table) = table.as_deref_mut() else {
                return Err(bad("a weight before [standard] or [avalanche]".to_owned()));
            };
            table[term] = [mg, eg];
        }
        Ok(weights)
    }

    /// The weights as a weights file [`Weights::parse`] reads back.
    pub fn to_text(&self) -> String {
        let mut out = String::from(
            "# nadare evaluation weights: term, middlegame, endgame
",
        );
        for (title, table) in [("standard", &self.standard), ("avalanche", &self.avalanche)] {
            let _ = writeln!(out, "[{title}]");
            for (term, [mg, eg]) in table.iter().enumerate() {
                let _ = writeln!(out, "{} {mg} {eg}", terms::name(term));
            }
        }
        out
    }

    /// The weights as the Rust source of the built-in tables (`engine/src/eval/tables.rs`).
    pub fn to_rust(&self) -> String {
        let mut out = String::from(
            "//! The evaluation's weights, one middlegame and one endgame weight per term of `terms`:\n\
             //! written by `nadare tune fit --rust` from the weights it fitted, not by hand\n\
             //! (docs/engine.md says how, and what was changed after the last fit).\n\n\
             use super::terms::COUNT;\n",
        );
        for (name, doc, table) in [
            ("STANDARD", "Standard chess and Chess960.", &self.standard),
            ("AVALANCHE", "The Avalanche family.", &self.avalanche),
        ] {
            let _ = write!(
                out,
                "\n/// {doc}\n#[rustfmt::skip]\npub(super) const {name}: [[i16; 2]; COUNT] = [\n"
            );
            let mut line = String::from("   ");
            for [mg, eg] in table {
                let item = format!(" [{mg}, {eg}],");
                if line.len() + item.len() > 96 {
                    out.push_str(&line);
                    out.push('\n');
                    line = String::from("   ");
                }
                line.push_str(&item);
            }
            out.push_str(&line);
            out.push_str("\n];\n");
        }
        out
    }
}

/// The middlegame and endgame sums blended by `pos`'s phase, for the side to move.
fn blend(pos: &Position, mg: i32, eg: i32) -> i32 {
    let phase = terms::phase(pos);
    let white = (mg * phase + eg * (FULL_PHASE - phase)) / FULL_PHASE;
    if pos.side_to_move() == Color::White {
        white
    } else {
        -white
    }
}

/// The weights as the search evaluates with them: each term's two weights packed in one
/// number (the endgame's times 2^32 plus the middlegame's), so that a count costs one
/// multiplication, not two. The sums stay exact: neither half comes near 2^31.
#[derive(Clone, Debug)]
pub(crate) struct Packed {
    standard: Box<[i64; COUNT]>,
    avalanche: Box<[i64; COUNT]>,
}

/// A packed sum of a position's terms.
struct PackedSum<'a> {
    table: &'a [i64; COUNT],
    sum: i64,
}

impl Sink for PackedSum<'_> {
    #[inline]
    fn add(&mut self, term: usize, count: i32) {
        if let Some(weight) = self.table.get(term) {
            self.sum += weight * i64::from(count);
        }
    }
}

impl Packed {
    /// `weights`, packed.
    pub(crate) fn new(weights: &Weights) -> Packed {
        let pack =
            |table: &Table| Box::new(table.map(|[mg, eg]| (i64::from(eg) << 32) + i64::from(mg)));
        Packed {
            standard: pack(&weights.standard),
            avalanche: pack(&weights.avalanche),
        }
    }

    /// The evaluation of `pos` for the side to move, the same as [`Weights::evaluate`]'s,
    /// with the terms of its pawns and kings from `cache` when they are there. A cache must
    /// serve one set of weights only.
    pub(crate) fn evaluate(&self, pos: &Position, cache: &mut PawnCache) -> i32 {
        let table = if pos.variant().rules().push {
            &self.avalanche
        } else {
            &self.standard
        };
        let mut sum = PackedSum { table, sum: 0 };
        if terms::splits_pawns_and_kings(pos) {
            sum.sum = cache.sum(pos, |pos| {
                let mut sum = PackedSum { table, sum: 0 };
                terms::pawns_and_kings(pos, &mut sum);
                sum.sum
            });
        }
        terms::other_terms(pos, &mut sum);
        let mg = sum.sum as i32;
        let eg = ((sum.sum - i64::from(mg)) >> 32) as i32;
        blend(pos, mg, eg)
    }
}

/// The packed sums of the terms of pawns and kings ([`terms::pawns_and_kings`]) by the pawns
/// and kings they were counted for: a power of two of slots, always replacing.
pub(crate) struct PawnCache {
    slots: Vec<PawnSlot>,
}

/// One [`PawnCache`] slot: the pawns (White's, Black's), the kings' squares (each plus one,
/// 0 for none; 0 in all marks an empty slot) and the packed sum.
#[derive(Clone, Copy, Default)]
struct PawnSlot {
    pawns: [u64; 2],
    kings: u16,
    sum: i64,
}

impl PawnCache {
    /// A cache of `2^bits` slots.
    pub(crate) fn new(bits: u32) -> PawnCache {
        PawnCache {
            slots: vec![PawnSlot::default(); 1 << bits],
        }
    }

    /// The sum for `pos`'s pawns and kings, counted by `count` when it is not here.
    fn sum(&mut self, pos: &Position, count: impl FnOnce(&Position) -> i64) -> i64 {
        let pawns = [
            pos.pieces(Color::White, Role::Pawn).0,
            pos.pieces(Color::Black, Role::Pawn).0,
        ];
        let king = |color| pos.king_square(color).map_or(0, |k| k.index() as u16 + 1);
        // Never 0: a slot with 0 is empty.
        let kings = king(Color::White) | (king(Color::Black) << 7) | (1 << 15);
        let hash = pawns[0].wrapping_mul(0x9E37_79B9_7F4A_7C15)
            ^ pawns[1].wrapping_mul(0xC2B2_AE3D_27D4_EB4F)
            ^ u64::from(kings).wrapping_mul(0x1656_67B1_9E37_79F9);
        let slot = (hash >> 32) as usize & (self.slots.len() - 1);
        if let Some(entry) = self.slots.get(slot)
            && entry.pawns == pawns
            && entry.kings == kings
        {
            return entry.sum;
        }
        let sum = count(pos);
        if let Some(entry) = self.slots.get_mut(slot) {
            *entry = PawnSlot { pawns, kings, sum };
        }
        sum
    }
}

/// The evaluation of `pos` for the side to move, with the built-in weights.
pub fn evaluate(pos: &Position) -> i32 {
    BUILTIN.evaluate(pos)
}

/// The built-in weights, for [`evaluate`].
static BUILTIN: Weights = Weights {
    standard: tables::STANDARD,
    avalanche: tables::AVALANCHE,
};

#[cfg(test)]
mod tests {
    use super::*;

    fn eval(variant: Variant, fen: &str) -> i32 {
        evaluate(&Position::from_fen(variant, fen).unwrap())
    }

    #[test]
    fn the_start_is_even_but_for_the_tempo() {
        for variant in [Variant::Standard, Variant::Avalanche] {
            let start = Position::new_game(variant, None).unwrap();
            let tempo = Weights::builtin().table(variant)[terms::TEMPO][0];
            assert_eq!(evaluate(&start), i32::from(tempo));
        }
    }

    #[test]
    fn mirrored_positions_score_the_same_for_the_side_to_move() {
        let white = eval(
            Variant::Avalanche,
            "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 0 1",
        );
        let black = eval(
            Variant::Avalanche,
            "rnbqkb1r/pppp1ppp/5n2/4p3/4P3/2N5/PPPP1PPP/R1BQKBNR b KQkq - 0 1",
        );
        assert_eq!(white, black);
    }

    #[test]
    fn an_extra_queen_is_worth_about_a_queen() {
        let up = eval(Variant::Standard, "4k3/8/8/8/8/8/8/3QK3 w - - 0 1");
        assert!((800..1300).contains(&up), "{up}");
        let down = eval(Variant::Standard, "4k3/8/8/8/8/8/8/3QK3 b - - 0 1");
        assert!((-1300..-800).contains(&down), "{down}");
    }

    #[test]
    fn a_pending_promotion_counts_as_a_queen_for_its_owner() {
        let pending = eval(Variant::Avalanche, "P3k3/8/8/8/8/8/8/4K3 w - - 0 1");
        assert!(pending > 700, "{pending}");
    }

    #[test]
    fn weights_read_back_as_written_and_bad_lines_are_refused() {
        let mut weights = Weights::builtin();
        weights.avalanche[terms::TEMPO] = [-7, 12];
        weights.standard[terms::MATERIAL] = [i16::MAX, i16::MIN];
        assert_eq!(Weights::parse(&weights.to_text()), Ok(weights));
        let partial = Weights::parse("[avalanche]\ntempo 3 4 # a comment\n").unwrap();
        assert_eq!(partial.avalanche[terms::TEMPO], [3, 4]);
        assert_eq!(partial.standard, Weights::builtin().standard);
        for (text, line) in [
            ("tempo 1 2", 1),
            ("[standard]\n\ntempo 1", 3),
            ("[standard]\nspeed 1 2", 2),
            ("[standard]\ntempo 1 40000", 2),
        ] {
            assert!(
                matches!(Weights::parse(text), Err(WeightsError::Line { line: l, .. }) if l == line),
                "{text:?}"
            );
        }
    }

    #[test]
    fn the_rust_tables_are_the_built_in_weights() {
        let written = Weights::builtin().to_rust();
        assert_eq!(written, include_str!("tables.rs"));
    }

    #[test]
    fn every_term_has_its_own_name() {
        let mut names: Vec<String> = (0..COUNT).map(terms::name).collect();
        assert!(names.iter().all(|n| !n.starts_with("term.")), "{names:?}");
        names.sort();
        names.dedup();
        assert_eq!(names.len(), COUNT);
    }

    #[test]
    fn the_sum_of_the_traced_terms_is_the_evaluation() {
        for (variant, fen) in [
            (
                Variant::Standard,
                "r1bqk2r/pp2bppp/2n1pn2/3p4/2PP4/2N1PN2/PP3PPP/R2QKB1R w KQkq - 0 8",
            ),
            (Variant::Avalanche, "4k3/P7/8/3p4/8/2N5/1P6/4K2R b K - 0 1"),
            (Variant::Avalanche, "P3k3/8/8/8/8/8/8/4K3 w - - 0 1"),
        ] {
            let pos = Position::from_fen(variant, fen).unwrap();
            let weights = Weights::builtin();
            let table = weights.table(variant);
            let trace = terms::trace(&pos);
            let (mg, eg) = trace.counts.iter().fold((0, 0), |(mg, eg), (t, c)| {
                let [m, e] = table[usize::from(*t)];
                (
                    mg + i32::from(m) * i32::from(*c),
                    eg + i32::from(e) * i32::from(*c),
                )
            });
            let phase = i32::from(trace.phase);
            let white = (mg * phase + eg * (24 - phase)) / 24;
            let sign = if pos.side_to_move() == Color::White {
                1
            } else {
                -1
            };
            assert_eq!(sign * white, evaluate(&pos), "{fen}");
        }
    }

    #[test]
    fn having_to_push_a_pawn_onto_a_checking_promotion_is_bad() {
        // Black must push White's a7 pawn, the only one that can move; from a8 a queen
        // would check the king on e8 along the rank.
        let forced = eval(Variant::Avalanche, "4k3/P7/8/8/8/8/8/4K3 b - - 0 1");
        let free = eval(Variant::Avalanche, "4k3/8/8/8/8/8/P7/4K3 b - - 0 1");
        assert!(forced < free - 300, "{forced} vs {free}");
    }
    #[test]
    fn packed_weights_and_the_pawn_cache_give_the_evaluation_without_them() {
        // The first two share pawns and kings (a hit with other pieces), the third shares
        // pawns only, and a two-slot cache makes the others replace and collide.
        let fens = [
            (
                Variant::Standard,
                "r1bq1rk1/pp2bppp/2n1pn2/3p4/2PP4/2N1PN2/PP3PPP/R1BQKB1R w - - 0 1",
            ),
            (
                Variant::Standard,
                "r2q1rk1/pp2bppp/2n1pn2/3p4/2PP4/2N1PN2/PP3PPP/R2QKB1R b - - 0 1",
            ),
            (
                Variant::Standard,
                "r1bq1r1k/pp2bppp/2n1pn2/3p4/2PP4/2N1PN2/PP3PPP/R1BQKB1R w - - 0 1",
            ),
            (
                Variant::Standard,
                "2r3k1/pp3ppp/4p3/3pP3/3P1P2/P1R3P1/1P4KP/8 b - - 0 1",
            ),
            (Variant::Standard, "8/8/4k3/8/8/4K3/8/8 w - - 0 1"),
            (Variant::Avalanche, "4k3/P7/8/3p4/8/2N5/1P6/4K2R b K - 0 1"),
        ];
        // The built-in weights, and extreme ones, whose sums go far below zero in one half
        // and above it in the other.
        let mut extreme = Weights::builtin();
        for [mg, eg] in extreme
            .standard
            .iter_mut()
            .chain(extreme.avalanche.iter_mut())
        {
            (*mg, *eg) = (i16::MIN + 1, i16::MAX);
        }
        for weights in [Weights::builtin(), extreme] {
            let packed = Packed::new(&weights);
            for bits in [1, 10] {
                let mut cache = PawnCache::new(bits);
                for _ in 0..2 {
                    for (variant, fen) in fens {
                        let pos = Position::from_fen(variant, fen).unwrap();
                        assert_eq!(
                            packed.evaluate(&pos, &mut cache),
                            weights.evaluate(&pos),
                            "{fen}"
                        );
                    }
                }
            }
        }
    }
}
