//! Legal move generation for the orthodox move of every variant: check and pin masks,
//! en passant where the variant has it, and castling by rook square with the setup's geometry.

use arrayvec::ArrayVec;

use crate::attacks;
use crate::bitboard::Bitboard;
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
    /// The king on `king` may castle with the rook on `rook`.
    fn castle(&mut self, king: Square, rook: Square);
}

impl MoveSink for MoveList {
    #[inline]
    fn piece(&mut self, from: Square, targets: Bitboard, promotes: bool) {
        for to in targets {
            if promotes {
                for role in Role::PROMOTIONS {
                    self.push(Move {
                        from,
                        to,
                        promotion: Some(role),
                    });
                }
            } else {
                self.push(Move {
                    from,
                    to,
                    promotion: None,
                });
            }
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

    /// Feeds every legal move of the side to move to `sink`.
    pub(crate) fn generate<S: MoveSink>(&self, sink: &mut S) {
        let us = self.side;
        let them = us.opposite();
        let Some(king) = self.king_square(us) else {
            return;
        };
        let occupied = self.occupied();
        let ours = self.color_bb(us);
        let checkers = self.checkers();

        let without_king = occupied.without(king);
        let mut safe = Bitboard::EMPTY;
        for to in attacks::king(king) & !ours {
            if !self.is_attacked(to, them, without_king) {
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

        let last_rank = us.opposite().back_rank();
        for from in self.pieces(us, Role::Pawn) {
            let targets = self.pawn_targets(us, from);
            let promotes = from
                .offset(0, pawn_step(us))
                .is_some_and(|s| s.rank() == last_rank);
            sink.piece(from, restrict(from, targets & target), promotes);
        }

        if let Some(ep) = self.ep {
            self.generate_en_passant(sink, ep, king);
        }
        if checkers.is_empty() {
            self.generate_castling(sink, king);
        }
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
            if let (Some(rook), None) = (
                self.castling_rook(self.side, side),
                self.castling_obstacle(side),
            ) {
                sink.castle(king, rook);
            }
        }
    }

    /// Why castling on `side` is not possible now, or `None` when it is.
    pub(crate) fn castling_obstacle(&self, side: CastleSide) -> Option<&'static str> {
        let us = self.side;
        let Some(rook) = self
            .castling_rook(us, side)
            .filter(|r| self.pieces(us, Role::Rook).contains(*r))
        else {
            return Some("your king or that rook has moved");
        };
        let Some(king) = self.king_square(us) else {
            return Some("you have no king");
        };
        if self.is_check() {
            return Some("you are in check");
        }
        let to = self.castle_target(us, side);
        let king_path = attacks::between(king, to.king).with(to.king);
        let rook_path = attacks::between(rook, to.rook).with(to.rook);
        if ((king_path | rook_path).without(king).without(rook) & self.occupied()).is_nonempty() {
            return Some("pieces stand in the way");
        }
        let occupied = self.occupied().without(king).without(rook);
        if king_path
            .into_iter()
            .any(|sq| self.is_attacked(sq, us.opposite(), occupied))
        {
            return Some("your king would pass over or land on an attacked square");
        }
        None
    }
}
