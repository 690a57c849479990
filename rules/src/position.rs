//! The position: where the pieces stand, who moves, castling rights by rook square,
//! the castling geometry of the setup, en passant, and the clocks.

use crate::attacks;
use crate::bitboard::Bitboard;
use crate::turn::{Move, Push};
use crate::types::{Color, Piece, Role, Square};
use crate::variant::{Castling, RuleSet, Setups, Variant};

/// Which way a castling goes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum CastleSide {
    /// Toward the h-file (O-O).
    King,
    /// Toward the a-file (O-O-O).
    Queen,
}

impl CastleSide {
    /// Both sides, O-O first.
    pub const ALL: [CastleSide; 2] = [CastleSide::King, CastleSide::Queen];

    /// 0 for the h-side, 1 for the a-side.
    #[inline]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// "kingside" or "queenside".
    pub const fn name(self) -> &'static str {
        match self {
            CastleSide::King => "kingside",
            CastleSide::Queen => "queenside",
        }
    }
}

/// Where king and rook land when castling on one side.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct CastleTarget {
    /// The king's destination.
    pub king: Square,
    /// The rook's destination.
    pub rook: Square,
}

/// A position of any variant nadare plays. Cheap to copy; every change makes a new value.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Position {
    pub(crate) by_color: [Bitboard; 2],
    pub(crate) by_role: [Bitboard; 6],
    pub(crate) side: Color,
    /// The castling rook of each colour and side, while that castling is still allowed.
    pub(crate) castling: [[Option<Square>; 2]; 2],
    /// Where king and rook land, per colour and side.
    pub(crate) targets: [[CastleTarget; 2]; 2],
    pub(crate) ep: Option<Square>,
    pub(crate) halfmove: u32,
    pub(crate) fullmove: u32,
    pub(crate) variant: Variant,
}

/// The usual castling destinations of Chess960 and standard chess: g/f and c/d.
pub(crate) fn chess960_targets(color: Color) -> [CastleTarget; 2] {
    let rank = color.back_rank();
    let at = |file| Square::new(file, rank).unwrap_or(Square::A1);
    [
        CastleTarget {
            king: at(6),
            rook: at(5),
        },
        CastleTarget {
            king: at(2),
            rook: at(3),
        },
    ]
}

/// The reversed setup's castling: the king moves two squares toward the rook, which
/// lands on the square the king crossed.
pub(crate) fn two_square_targets(king: Square) -> [CastleTarget; 2] {
    let shifted = |d: i8| king.offset(d, 0).unwrap_or(king);
    [
        CastleTarget {
            king: shifted(2),
            rook: shifted(1),
        },
        CastleTarget {
            king: shifted(-2),
            rook: shifted(-1),
        },
    ]
}

impl Position {
    /// An empty board of `variant` with White to move and no castling rights.
    pub(crate) fn empty(variant: Variant) -> Position {
        Position {
            by_color: [Bitboard::EMPTY; 2],
            by_role: [Bitboard::EMPTY; 6],
            side: Color::White,
            castling: [[None; 2]; 2],
            targets: [
                chess960_targets(Color::White),
                chess960_targets(Color::Black),
            ],
            ep: None,
            halfmove: 0,
            fullmove: 1,
            variant,
        }
    }

    /// The variant whose rules this position follows.
    pub fn variant(&self) -> Variant {
        self.variant
    }

    /// The rules of the position's variant.
    #[inline]
    pub(crate) fn rules(&self) -> RuleSet {
        self.variant.rules()
    }

    /// True when castling and FEN follow Chess960 conventions (king-onto-rook UCI castling,
    /// Shredder-FEN): always in Chess960, and in any rule set while a castling right is not
    /// the usual one (the king on the e-file, the rook on the a- or h-file; Black's king in
    /// Reversed Avalanche castles two squares from wherever it stands). It depends on the
    /// position alone, so a FEN states it and reads back to it (docs/rules.md).
    pub fn is_chess960(&self) -> bool {
        if self.rules().setups == Setups::Chess960 {
            return true;
        }
        Color::ALL.into_iter().any(|color| {
            let two_squares =
                color == Color::Black && self.rules().black_castling == Castling::TwoSquares;
            let rights = self.castling[color.index()];
            rights
                .iter()
                .flatten()
                .any(|r| r.file() != 0 && r.file() != 7)
                || (rights.iter().any(Option::is_some)
                    && !two_squares
                    && self.king_square(color).is_some_and(|k| k.file() != 4))
        })
    }

    /// True in an Avalanche position that ended the game: the side not to move is in check,
    /// because it pushed an enemy pawn that exposed its own king, or because the side to
    /// move chose a promotion that attacks it. The side to move has won; it has no turns.
    pub(crate) fn is_won_by_side_to_move(&self) -> bool {
        self.rules().push && self.king_attacked(self.side.opposite())
    }

    /// The side to move.
    pub fn side_to_move(&self) -> Color {
        self.side
    }

    /// The fullmove number: 1 at the start, up by one after each Black turn.
    pub fn fullmove_number(&self) -> u32 {
        self.fullmove
    }

    /// Plies since the last capture or pawn move (pushes included), for the fifty-move rule.
    pub fn halfmove_clock(&self) -> u32 {
        self.halfmove
    }

    /// The en-passant target square, when a capture there is legal.
    pub fn en_passant(&self) -> Option<Square> {
        self.ep
    }

    /// The castling rook of `color` on `side`, while that castling right stands.
    pub fn castling_rook(&self, color: Color, side: CastleSide) -> Option<Square> {
        self.castling[color.index()][side.index()]
    }

    /// Where king and rook of `color` land when castling on `side`.
    pub fn castle_target(&self, color: Color, side: CastleSide) -> CastleTarget {
        self.targets[color.index()][side.index()]
    }

    /// The two squares that show `mv`, played from here, on a board: its own from and to, or
    /// for a castling (the king onto its own rook, as the rules play it) where the king goes
    /// from and to, as lichess shows it (e1 and g1 for O-O), or the rook's from and to when
    /// the king stays where it is (a Chess960 king on g1 castling with its rook on h1).
    pub fn shown_squares(&self, mv: Move) -> (Square, Square) {
        let (Some(king), Some(rook)) = (self.piece_at(mv.from), self.piece_at(mv.to)) else {
            return (mv.from, mv.to);
        };
        if king.role != Role::King || rook != Piece::new(king.color, Role::Rook) {
            return (mv.from, mv.to);
        }
        match self.castle_side_of(king.color, mv.to) {
            Some(side) => {
                let target = self.castle_target(king.color, side);
                if target.king == mv.from {
                    (mv.to, target.rook)
                } else {
                    (mv.from, target.king)
                }
            }
            None => (mv.from, mv.to),
        }
    }

    /// Every occupied square.
    #[inline]
    pub fn occupied(&self) -> Bitboard {
        self.by_color[0] | self.by_color[1]
    }

    /// The squares of `color`'s pieces.
    #[inline]
    pub fn color_bb(&self, color: Color) -> Bitboard {
        self.by_color[color.index()]
    }

    /// The squares of pieces of `role`, both colours.
    #[inline]
    pub fn role_bb(&self, role: Role) -> Bitboard {
        self.by_role[role.index()]
    }

    /// The squares of `color`'s pieces of `role`.
    #[inline]
    pub fn pieces(&self, color: Color, role: Role) -> Bitboard {
        self.by_color[color.index()] & self.by_role[role.index()]
    }

    /// The piece on `sq`, if any.
    #[inline]
    pub fn piece_at(&self, sq: Square) -> Option<Piece> {
        let color = if self.by_color[0].contains(sq) {
            Color::White
        } else if self.by_color[1].contains(sq) {
            Color::Black
        } else {
            return None;
        };
        self.role_at(sq).map(|role| Piece { color, role })
    }

    /// The square of `color`'s king (the first, should a FEN hold more than one).
    pub fn king_square(&self, color: Color) -> Option<Square> {
        self.pieces(color, Role::King).first()
    }

    /// The side-to-move's pawn waiting on its last rank for a promotion choice (Avalanche).
    pub fn pending_promotion(&self) -> Option<Square> {
        let last = self.side.opposite().back_rank();
        (self.pieces(self.side, Role::Pawn) & Bitboard::rank(last)).first()
    }

    pub(crate) fn put(&mut self, sq: Square, piece: Piece) {
        self.by_color[piece.color.index()] = self.by_color[piece.color.index()].with(sq);
        self.by_role[piece.role.index()] = self.by_role[piece.role.index()].with(sq);
    }

    pub(crate) fn remove(&mut self, sq: Square) -> Option<Piece> {
        let piece = self.piece_at(sq)?;
        self.by_color[piece.color.index()] = self.by_color[piece.color.index()].without(sq);
        self.by_role[piece.role.index()] = self.by_role[piece.role.index()].without(sq);
        Some(piece)
    }

    /// Every piece of either colour attacking `sq`, with the board occupied as `occupied`.
    /// Pawns waiting on their last rank attack nothing.
    #[inline]
    pub fn attackers_to(&self, sq: Square, occupied: Bitboard) -> Bitboard {
        let rooks = self.by_role[Role::Rook.index()] | self.by_role[Role::Queen.index()];
        let bishops = self.by_role[Role::Bishop.index()] | self.by_role[Role::Queen.index()];
        let pawns = self.by_role[Role::Pawn.index()];
        (attacks::rook(sq, occupied) & rooks)
            | (attacks::bishop(sq, occupied) & bishops)
            | (attacks::knight(sq) & self.by_role[Role::Knight.index()])
            | (attacks::king(sq) & self.by_role[Role::King.index()])
            | (attacks::pawn(Color::White, sq) & pawns & self.by_color[1])
            | (attacks::pawn(Color::Black, sq) & pawns & self.by_color[0])
    }

    /// True when a piece of `by` attacks `sq`, with the board occupied as `occupied`.
    #[inline]
    pub fn is_attacked(&self, sq: Square, by: Color, occupied: Bitboard) -> bool {
        (self.attackers_to(sq, occupied) & self.by_color[by.index()] & occupied).is_nonempty()
    }

    /// The enemy pieces giving check to the side to move.
    #[inline]
    pub fn checkers(&self) -> Bitboard {
        match self.king_square(self.side) {
            Some(k) => {
                self.attackers_to(k, self.occupied()) & self.by_color[self.side.opposite().index()]
            }
            None => Bitboard::EMPTY,
        }
    }

    /// True when the side to move's king is attacked.
    pub fn is_check(&self) -> bool {
        self.checkers().is_nonempty()
    }

    /// True when `color`'s king is attacked.
    pub fn king_attacked(&self, color: Color) -> bool {
        self.king_square(color)
            .is_some_and(|k| self.is_attacked(k, color.opposite(), self.occupied()))
    }

    /// The castling side a king move onto its own rook at `rook` takes.
    pub(crate) fn castle_side_of(&self, color: Color, rook: Square) -> Option<CastleSide> {
        CastleSide::ALL
            .into_iter()
            .find(|s| self.castling[color.index()][s.index()] == Some(rook))
    }

    /// The role of the piece on `sq`, if any.
    #[inline]
    pub(crate) fn role_at(&self, sq: Square) -> Option<Role> {
        Role::ALL
            .into_iter()
            .find(|r| self.by_role[r.index()].contains(sq))
    }

    /// Takes castling right `rook` from `color`, if it has it.
    #[inline]
    fn drop_castling_right(&mut self, color: Color, rook: Square) {
        for right in &mut self.castling[color.index()] {
            if *right == Some(rook) {
                *right = None;
            }
        }
    }

    /// True when `by` may capture en passant on `ep` now: one of its pawns attacks `ep`
    /// and the capture leaves its king unattacked (a pinned pawn does not count).
    pub(crate) fn en_passant_capturable(&self, ep: Square, by: Color) -> bool {
        let victim = by.opposite();
        let Some(king) = self.king_square(by) else {
            return false;
        };
        let captured = ep.with_rank(match by {
            Color::White => 4,
            Color::Black => 3,
        });
        let capturers = attacks::pawn(victim, ep) & self.pieces(by, Role::Pawn);
        capturers.into_iter().any(|from| {
            let after = self.occupied().without(from).without(captured).with(ep);
            (self.attackers_to(king, after) & self.color_bb(victim) & after).is_empty()
        })
    }

    /// Plays `mv` for the side to move without checking it and without handing over the
    /// turn (the side to move stays; see [`Position::end_turn`]).
    pub(crate) fn apply_move(&mut self, mv: Move) {
        let us = self.side;
        let them = us.opposite();
        let Some(role) = self.role_at(mv.from) else {
            return;
        };
        let ep = self.ep.take();
        self.halfmove = self.halfmove.saturating_add(1);
        let from = Bitboard::from_square(mv.from);
        let to = Bitboard::from_square(mv.to);
        if role == Role::King && self.by_color[us.index()].contains(mv.to) {
            let side = self.castle_side_of(us, mv.to).unwrap_or(CastleSide::King);
            let target = self.targets[us.index()][side.index()];
            let king_to = Bitboard::from_square(target.king);
            let rook_to = Bitboard::from_square(target.rook);
            // Cleared first, then set: in Chess960 a piece may land where the other stood.
            self.by_color[us.index()] =
                (self.by_color[us.index()] & !(from | to)) | king_to | rook_to;
            self.by_role[Role::King.index()] = (self.by_role[Role::King.index()] & !from) | king_to;
            self.by_role[Role::Rook.index()] = (self.by_role[Role::Rook.index()] & !to) | rook_to;
            self.castling[us.index()] = [None, None];
            self.set_castle_targets();
            return;
        }
        if self.by_color[them.index()].contains(mv.to) {
            self.halfmove = 0;
            self.by_color[them.index()] ^= to;
            if let Some(captured) = self.role_at(mv.to) {
                self.by_role[captured.index()] ^= to;
                if captured == Role::Rook {
                    self.drop_castling_right(them, mv.to);
                }
            }
        }
        self.by_color[us.index()] ^= from | to;
        self.by_role[role.index()] ^= from;
        let placed = match (role, mv.promotion) {
            (Role::Pawn, Some(promoted)) => promoted,
            _ => role,
        };
        self.by_role[placed.index()] ^= to;
        match role {
            Role::King => {
                self.castling[us.index()] = [None, None];
                self.set_castle_targets();
            }
            Role::Rook => self.drop_castling_right(us, mv.from),
            Role::Pawn => {
                self.halfmove = 0;
                if Some(mv.to) == ep {
                    let captured = Bitboard::from_square(mv.to.with_rank(mv.from.rank()));
                    self.by_color[them.index()] ^= captured;
                    self.by_role[Role::Pawn.index()] ^= captured;
                } else if mv.from.rank().abs_diff(mv.to.rank()) == 2 && self.rules().en_passant {
                    let skipped = mv.from.with_rank((mv.from.rank() + mv.to.rank()) / 2);
                    if self.en_passant_capturable(skipped, them) {
                        self.ep = Some(skipped);
                    }
                }
            }
            _ => {}
        }
    }

    /// Moves an enemy pawn one square forward (an Avalanche push). A push is a pawn move
    /// for the fifty-move rule.
    pub(crate) fn apply_push(&mut self, push: Push) {
        if let Some(pawn) = self.remove(push.from) {
            self.put(push.to, pawn);
        }
        self.halfmove = 0;
    }

    /// Turns the side-to-move's pending pawn on `sq` into `role` (an Avalanche promotion choice).
    pub(crate) fn apply_promotion_choice(&mut self, sq: Square, role: Role) {
        if self.remove(sq).is_some() {
            self.put(sq, Piece::new(self.side, role));
        }
    }

    /// Hands the turn to the other side.
    pub(crate) fn end_turn(&mut self) {
        if self.side == Color::Black {
            self.fullmove = self.fullmove.saturating_add(1);
        }
        self.side = self.side.opposite();
    }

    /// The enemy pawns the side to move could push now, with the occupancy as it stands.
    pub(crate) fn push_candidates(&self) -> Bitboard {
        let them = self.side.opposite();
        let pawns = self.pieces(them, Role::Pawn);
        let empty = !self.occupied();
        match them {
            Color::White => pawns & empty.south(),
            Color::Black => pawns & empty.north(),
        }
    }

    /// The pushes open to the side to move, with the board as it stands.
    pub(crate) fn pushes(&self) -> impl Iterator<Item = Push> + use<> {
        let them = self.side.opposite();
        self.push_candidates().filter_map(move |from| {
            let dr = if them == Color::White { 1 } else { -1 };
            from.offset(0, dr).map(|to| Push { from, to })
        })
    }

    /// False when `side` could not win by any series of legal turns, whatever the other side
    /// did: it has its king alone, or its king and one bishop or knight against a lone king
    /// (FIDE 6.9: a flag against the other side is then a draw). Pawns and pushes aside, an
    /// Avalanche position of such material plays as chess; with more on the board either
    /// side may still win, if only by the other's own losing push.
    pub fn can_win(&self, side: Color) -> bool {
        let own = self.by_color[side.index()];
        let theirs = self.by_color[side.opposite().index()];
        let kings = self.role_bb(Role::King);
        let minors = self.role_bb(Role::Knight) | self.role_bb(Role::Bishop);
        let own_men = (own & !kings).count();
        let their_men = (theirs & !kings).count();
        match own_men {
            0 => false,
            1 => their_men > 0 || (own & minors).is_empty(),
            _ => true,
        }
    }

    /// True when neither side can ever mate: K v K, K+minor v K, or K+B v K+B with the
    /// bishops on squares of one colour.
    pub fn is_insufficient_material(&self) -> bool {
        let heavy = self.role_bb(Role::Pawn) | self.role_bb(Role::Rook) | self.role_bb(Role::Queen);
        if heavy.is_nonempty() {
            return false;
        }
        let knights = self.role_bb(Role::Knight);
        let bishops = self.role_bb(Role::Bishop);
        let minors = (knights | bishops).count();
        if minors <= 1 {
            return true;
        }
        if knights.is_nonempty() || minors != 2 {
            return false;
        }
        let one_each = (bishops & self.by_color[0]).count() == 1;
        let mut colours = bishops.map(|sq| sq.is_light());
        let first = colours.next();
        one_each && colours.all(|c| Some(c) == first)
    }
}
