//! Legal move generation for the orthodox move of every variant: check and pin masks,
//! en passant where the variant has it, and castling by rook square with the setup's geometry.

use arrayvec::ArrayVec;

use crate::attacks;
use crate::bitboard::Bitboard;
use crate::error::CastleObstacle;
use crate::position::{CastleSide, Position};
use crate::turn::Move;
use crate::types::{Color, Role, Square};

/// The most legal moves any position has is 218; room for all of them.
pub type MoveList = ArrayVec<Move, 256>;

/// Receives the legal moves as they are found, a piece at a time.
pub(crate) trait MoveSink {
    /// The piece on `from` may go to every square of `targets`; `promotes` when each
    /// target is a pawn reaching its last rank (four moves each).
    fn piece(&mut self, from: Square, targets: Bitboard, promotes: bool);
    /// Pawns may go to every square of `targets`, each from the square `offset` below it
    /// (in index order); `promotes` as for [`MoveSink::piece`].
    fn pawns(&mut self, targets: Bitboard, offset: i8, promotes: bool);
    /// The king on `king` may castle with the rook on `rook`.
    fn castle(&mut self, king: Square, rook: Square);
}

/// The moves to `to` of every promotion role, or the plain move.
#[inline]
fn push_moves(list: &mut MoveList, from: Square, to: Square, promotes: bool) {
    if promotes {
        for role in Role::PROMOTIONS {
            list.push(Move {
                from,
                to,
                promotion: Some(role),
            });
        }
    } else {
        list.push(Move {
            from,
            to,
            promotion: None,
        });
    }
}

impl MoveSink for MoveList {
    #[inline]
    fn piece(&mut self, from: Square, targets: Bitboard, promotes: bool) {
        for to in targets {
            push_moves(self, from, to, promotes);
        }
    }

    #[inline]
    fn pawns(&mut self, targets: Bitboard, offset: i8, promotes: bool) {
        for to in targets {
            let from = Square::from_index_masked((to.index() as i32 - i32::from(offset)) as u32);
            push_moves(self, from, to, promotes);
        }
    }

    #[inline]
    fn castle(&mut self, king: Square, rook: Square) {
        self.push(Move {
            from: king,
            to: rook,
            promotion: None,
        });
    }
}

/// Counts moves without listing them (perft's last ply).
#[derive(Default)]
pub(crate) struct MoveCounter(pub u64);

impl MoveSink for MoveCounter {
    #[inline]
    fn piece(&mut self, _from: Square, targets: Bitboard, promotes: bool) {
        self.0 += u64::from(targets.count()) * if promotes { 4 } else { 1 };
    }

    #[inline]
    fn pawns(&mut self, targets: Bitboard, _offset: i8, promotes: bool) {
        self.0 += u64::from(targets.count()) * if promotes { 4 } else { 1 };
    }

    #[inline]
    fn castle(&mut self, _king: Square, _rook: Square) {
        self.0 += 1;
    }
}

/// The rank step of a pawn of `color`: +1 for White, -1 for Black.
pub(crate) const fn pawn_step(color: Color) -> i8 {
    match color {
        Color::White => 1,
        Color::Black => -1,
    }
}

impl Position {
    /// Where a pawn of `color` on `from` may go, its own king's safety aside: captures of
    /// enemy pieces and the single and (from its start rank) double step onto empty squares.
    /// En passant is not included.
    pub(crate) fn pawn_targets(&self, color: Color, from: Square) -> Bitboard {
        let occupied = self.occupied();
        let forward = pawn_step(color);
        let start_rank = if color == Color::White { 1 } else { 6 };
        let mut targets = attacks::pawn(color, from) & self.color_bb(color.opposite());
        if let Some(one) = from.offset(0, forward).filter(|s| !occupied.contains(*s)) {
            targets = targets.with(one);
            if from.rank() == start_rank
                && let Some(two) = one.offset(0, forward).filter(|s| !occupied.contains(*s))
            {
                targets = targets.with(two);
            }
        }
        targets
    }

    /// Every legal orthodox move of the side to move (the middle part of an Avalanche turn).
    pub fn legal_moves(&self) -> MoveList {
        let mut list = MoveList::new();
        self.generate(&mut list);
        list
    }

    /// The legal orthodox moves of the side to move that take an enemy piece (en passant
    /// too) or promote, in the order [`Position::legal_moves`] gives them: what a quiescence
    /// search follows, found without the quiet moves it would throw away.
    pub fn legal_captures(&self) -> MoveList {
        let mut list = MoveList::new();
        self.generate_within::<_, true>(&mut list);
        list
    }

    /// How many legal orthodox moves the side to move has.
    pub fn count_legal_moves(&self) -> u64 {
        let mut counter = MoveCounter::default();
        self.generate(&mut counter);
        counter.0
    }

    /// The side-to-move's pieces pinned to their king.
    fn pinned(&self, king: Square, us: Color) -> Bitboard {
        let them = us.opposite();
        let theirs = self.color_bb(them);
        let rooks = (self.role_bb(Role::Rook) | self.role_bb(Role::Queen)) & theirs;
        let bishops = (self.role_bb(Role::Bishop) | self.role_bb(Role::Queen)) & theirs;
        let snipers =
            (attacks::rook(king, theirs) & rooks) | (attacks::bishop(king, theirs) & bishops);
        let occupied = self.occupied();
        let mut pinned = Bitboard::EMPTY;
        for sniper in snipers {
            let blockers = attacks::between(king, sniper) & occupied;
            if !blockers.more_than_one() {
                pinned |= blockers & self.color_bb(us);
            }
        }
        pinned
    }

    /// True when a piece of `by` attacks `sq`, with the board occupied as `occupied`.
    #[inline]
    fn attacked_by(&self, sq: Square, by: Color, occupied: Bitboard) -> bool {
        let theirs = self.color_bb(by);
        let queens = self.role_bb(Role::Queen);
        ((attacks::knight(sq) & self.role_bb(Role::Knight))
            | (attacks::king(sq) & self.role_bb(Role::King))
            | (attacks::pawn(by.opposite(), sq) & self.role_bb(Role::Pawn))
            | (attacks::bishop(sq, occupied) & (self.role_bb(Role::Bishop) | queens))
            | (attacks::rook(sq, occupied) & (self.role_bb(Role::Rook) | queens)))
            & theirs
            & occupied
            != Bitboard::EMPTY
    }

    /// Feeds every legal move of the side to move to `sink`.
    pub(crate) fn generate<S: MoveSink>(&self, sink: &mut S) {
        self.generate_within::<S, false>(sink);
    }

    /// Feeds the legal moves of the side to move to `sink`: all of them, or with `CAPTURES`
    /// only those that take an enemy piece or promote (castling never does).
    fn generate_within<S: MoveSink, const CAPTURES: bool>(&self, sink: &mut S) {
        let us = self.side;
        let them = us.opposite();
        let Some(king) = self.king_square(us) else {
            return;
        };
        let occupied = self.occupied();
        let ours = self.color_bb(us);
        let theirs = self.color_bb(them);
        let checkers = self.attackers_to(king, occupied) & theirs;
        // The squares a move may end on: with CAPTURES the enemy's, and for a pawn its last
        // rank too (a push that promotes).
        let wanted = if CAPTURES { theirs } else { !ours };

        let without_king = occupied.without(king);
        let mut safe = Bitboard::EMPTY;
        for to in attacks::king(king) & wanted {
            if !self.attacked_by(to, them, without_king) {
                safe = safe.with(to);
            }
        }
        sink.piece(king, safe, false);
        if checkers.more_than_one() {
            return;
        }
        let target = match checkers.first() {
            Some(checker) => attacks::between(king, checker).with(checker),
            None => !ours,
        };
        let last_rank = us.opposite().back_rank();
        let promotion_squares = Bitboard::rank(last_rank);
        let pawn_target = target & (wanted | promotion_squares);
        let target = target & wanted;
        let pinned = self.pinned(king, us);
        let restrict = |from: Square, t: Bitboard| {
            if pinned.contains(from) {
                t & attacks::line(king, from)
            } else {
                t
            }
        };

        for from in self.pieces(us, Role::Knight) & !pinned {
            sink.piece(from, attacks::knight(from) & target, false);
        }
        let queens = self.pieces(us, Role::Queen);
        for from in self.pieces(us, Role::Bishop) | queens {
            sink.piece(
                from,
                restrict(from, attacks::bishop(from, occupied) & target),
                false,
            );
        }
        for from in self.pieces(us, Role::Rook) | queens {
            sink.piece(
                from,
                restrict(from, attacks::rook(from, occupied) & target),
                false,
            );
        }
        // Queens were fed twice, once per direction set: a move's targets never overlap.

        let pawns = self.pieces(us, Role::Pawn);
        self.generate_pawns(sink, pawns & !pinned, pawn_target);
        for from in pawns & pinned {
            let promotes = from
                .offset(0, pawn_step(us))
                .is_some_and(|s| s.rank() == last_rank);
            let targets = self.pawn_targets(us, from) & pawn_target & attacks::line(king, from);
            sink.piece(from, targets, promotes);
        }

        if let Some(ep) = self.ep {
            self.generate_en_passant(sink, ep, king);
        }
        if checkers.is_empty() && !CAPTURES {
            self.generate_castling(sink, king);
        }
    }

    /// Feeds the moves of the unpinned pawns `pawns`, set by set: single and double steps
    /// onto empty squares and captures, within `target` (the squares that answer a check;
    /// for captures and promotions alone, only the enemy's and the last rank among them).
    #[inline]
    fn generate_pawns<S: MoveSink>(&self, sink: &mut S, pawns: Bitboard, target: Bitboard) {
        const NOT_A: u64 = !0x0101_0101_0101_0101;
        const NOT_H: u64 = !0x8080_8080_8080_8080;
        let us = self.side;
        let empty = !self.occupied();
        let theirs = self.color_bb(us.opposite());
        let p = pawns.0;
        // (single, double, capture toward a, capture toward h) and their index offsets.
        let (single, double, west, east, up) = match us {
            Color::White => {
                let single = Bitboard(p << 8) & empty;
                let double = Bitboard((single & Bitboard::rank(2)).0 << 8) & empty;
                let west = Bitboard((p & NOT_A) << 7) & theirs;
                let east = Bitboard((p & NOT_H) << 9) & theirs;
                (single, double, west, east, 8)
            }
            Color::Black => {
                let single = Bitboard(p >> 8) & empty;
                let double = Bitboard((single & Bitboard::rank(5)).0 >> 8) & empty;
                let west = Bitboard((p & NOT_A) >> 9) & theirs;
                let east = Bitboard((p & NOT_H) >> 7) & theirs;
                (single, double, west, east, -8)
            }
        };
        let last = Bitboard::rank(us.opposite().back_rank());
        for (set, offset) in [(single, up), (west, up - 1), (east, up + 1)] {
            let set = set & target;
            sink.pawns(set & !last, offset, false);
            sink.pawns(set & last, offset, true);
        }
        sink.pawns(double & target, 2 * up, false);
    }

    fn generate_en_passant<S: MoveSink>(&self, sink: &mut S, ep: Square, king: Square) {
        let us = self.side;
        let them = us.opposite();
        let captured = ep.with_rank(match us {
            Color::White => 4,
            Color::Black => 3,
        });
        for from in attacks::pawn(them, ep) & self.pieces(us, Role::Pawn) {
            let after = self.occupied().without(from).without(captured).with(ep);
            let attackers = self.attackers_to(king, after) & self.color_bb(them) & after;
            if attackers.is_empty() {
                sink.piece(from, Bitboard::from_square(ep), false);
            }
        }
    }

    fn generate_castling<S: MoveSink>(&self, sink: &mut S, king: Square) {
        for side in CastleSide::ALL {
            if let Some(rook) = self.castling_rook(self.side, side)
                && self.castling_path_obstacle(king, rook, side).is_none()
            {
                sink.castle(king, rook);
            }
        }
    }

    /// Why castling on `side` is not possible now, or `None` when it is.
    pub(crate) fn castling_obstacle(&self, side: CastleSide) -> Option<CastleObstacle> {
        let us = self.side;
        let Some(rook) = self.castling_rook(us, side) else {
            return Some(CastleObstacle::Moved);
        };
        let Some(king) = self.king_square(us) else {
            return Some(CastleObstacle::NoKing);
        };
        if self.is_check() {
            return Some(CastleObstacle::InCheck);
        }
        self.castling_path_obstacle(king, rook, side)
    }

    /// What stops the king on `king` castling with the rook on `rook` when not in check:
    /// a piece in the way, or an attacked square on the king's way.
    fn castling_path_obstacle(
        &self,
        king: Square,
        rook: Square,
        side: CastleSide,
    ) -> Option<CastleObstacle> {
        let us = self.side;
        let to = self.castle_target(us, side);
        let king_path = attacks::between(king, to.king).with(to.king);
        let rook_path = attacks::between(rook, to.rook).with(to.rook);
        let occupied = self.occupied().without(king).without(rook);
        if ((king_path | rook_path) & occupied).is_nonempty() {
            return Some(CastleObstacle::Blocked);
        }
        if king_path
            .into_iter()
            .any(|sq| self.attacked_by(sq, us.opposite(), occupied))
        {
            return Some(CastleObstacle::Attacked);
        }
        None
    }
}
