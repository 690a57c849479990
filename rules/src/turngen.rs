//! Whole turns: the orthodox move alone, or the Avalanche turn of promotion choice,
//! move and push; their generation, their validation with reasons, and the position after.

use crate::attacks;
use crate::bitboard::Bitboard;
use crate::chess960;
use crate::error::{CastleObstacle, MoveError, NoPush, Unreadable};
use crate::movegen::pawn_step;
use crate::position::{CastleSide, Position};
use crate::turn::{Move, Push, Turn};
use crate::types::{Color, Role, Square};

/// What the player has already decided in a turn given in steps.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct TurnPrefix {
    /// The promotion choice made for a pending pawn.
    pub promotion: Option<Role>,
    /// The move made.
    pub mv: Option<Move>,
}

/// A legal turn with the position after it, as [`Position::visit_turns`] hands it out.
#[derive(Clone, Debug)]
pub struct TurnStep {
    /// The turn.
    pub turn: Turn,
    /// The position after the whole turn, the other side to move.
    pub after: Position,
    /// True when the turn ends the game by itself (promoted into check, or a push exposing
    /// the pusher's king).
    pub ends_game: bool,
}

/// A turn before its push: the promotion choice and the move made, the pushes that can
/// complete it still open. A search asks for these ([`Position::half_turns`]) and builds the
/// position after a whole turn ([`HalfTurn::complete`]) only for the turns it looks at,
/// where [`Position::visit_turns`] builds all of them (some 160 in an Avalanche middlegame,
/// when a cut-off often comes after the first).
#[derive(Clone, Debug)]
pub struct HalfTurn {
    promotion: Option<Role>,
    mv: Option<Move>,
    /// The position after the choice and the move, the mover still to move.
    after_move: Position,
    /// The enemy pawns that can be pushed to complete the turn; none: the turn has no push.
    pushable: Bitboard,
    /// The promotion choice alone attacks the enemy king: a whole turn that wins.
    wins: bool,
}

impl HalfTurn {
    /// The promotion choice made for a pending pawn.
    pub fn promotion(&self) -> Option<Role> {
        self.promotion
    }

    /// The move made (none for a winning promotion choice, and for [`Position::pass`]).
    pub fn mv(&self) -> Option<Move> {
        self.mv
    }

    /// The position after the choice and the move, before the push, the mover still to move.
    pub fn position(&self) -> &Position {
        &self.after_move
    }

    /// True when the promotion choice alone ends the game (promoted into check).
    pub fn wins(&self) -> bool {
        self.wins
    }

    /// The pushes that complete the turn; none when the turn has no push.
    pub fn pushes(&self) -> impl Iterator<Item = Push> + use<> {
        let forward = pawn_step(self.after_move.side.opposite());
        self.pushable
            .filter_map(move |from| from.offset(0, forward).map(|to| Push { from, to }))
    }

    /// How many whole turns complete this one: its pushes, or 1 when it has none.
    pub fn turn_count(&self) -> u32 {
        self.pushable.count().max(1)
    }

    /// The whole turn with `push` (`None` for a turn without push) and the position after
    /// it; `None` when `push` is not one that completes this turn.
    pub fn complete(&self, push: Option<Push>) -> Option<TurnStep> {
        let turn = Turn {
            promotion: self.promotion,
            mv: self.mv,
            push,
        };
        if self.wins {
            return push.is_none().then(|| TurnStep {
                turn,
                after: self.after_move.clone(),
                ends_game: true,
            });
        }
        let mut after = self.after_move.clone();
        let ends_game = match push {
            None if self.pushable.is_nonempty() => return None,
            None => false,
            Some(p) => {
                let forward = pawn_step(after.side.opposite());
                if !self.pushable.contains(p.from) || p.from.offset(0, forward) != Some(p.to) {
                    return None;
                }
                after.apply_push(p);
                after.king_attacked(after.side)
            }
        };
        after.end_turn();
        Some(TurnStep {
            turn,
            after,
            ends_game,
        })
    }
}

impl Position {
    /// Every legal turn before its push, in the order [`Position::visit_turns`] gives the
    /// whole turns: each half turn's pushes complete it (see [`HalfTurn::complete`]).
    pub fn half_turns(&self) -> Vec<HalfTurn> {
        self.half_turns_with(|_, _| true)
    }

    /// The half turns whose promotion choice and move `keep` accepts, in the same order; a
    /// promotion choice that wins alone is always kept. A quiescence search asks only for
    /// captures this way, without building the position after every other move.
    pub fn half_turns_with(&self, keep: impl Fn(Option<Role>, Move) -> bool) -> Vec<HalfTurn> {
        let mut out = Vec::new();
        if !self.rules().push {
            for mv in self.legal_moves().into_iter().filter(|&mv| keep(None, mv)) {
                let mut after_move = self.clone();
                after_move.apply_move(mv);
                out.push(HalfTurn {
                    promotion: None,
                    mv: Some(mv),
                    after_move,
                    pushable: Bitboard::EMPTY,
                    wins: false,
                });
            }
            return out;
        }
        if self.is_won_by_side_to_move() {
            return out;
        }
        if self.pending_promotion().is_none() {
            self.add_half_turns(None, &keep, &mut out);
            return out;
        }
        for role in Role::PROMOTIONS {
            let Some(base) = self.after_promotion(role) else {
                continue;
            };
            if base.king_attacked(self.side.opposite()) {
                out.push(HalfTurn {
                    promotion: Some(role),
                    mv: None,
                    after_move: base,
                    pushable: Bitboard::EMPTY,
                    wins: true,
                });
            } else {
                base.add_half_turns(Some(role), &keep, &mut out);
            }
        }
        out
    }

    /// The half turns of the moves from this position (promotion already chosen).
    fn add_half_turns(
        &self,
        promotion: Option<Role>,
        keep: &impl Fn(Option<Role>, Move) -> bool,
        out: &mut Vec<HalfTurn>,
    ) {
        let no_push = self.turn_without_push();
        for mv in self
            .legal_moves()
            .into_iter()
            .filter(|&mv| keep(promotion, mv))
        {
            let mut after_move = self.clone();
            after_move.apply_move(mv);
            let pushable = if no_push {
                Bitboard::EMPTY
            } else {
                after_move.push_candidates()
            };
            out.push(HalfTurn {
                promotion,
                mv: Some(mv),
                after_move,
                pushable,
                wins: false,
            });
        }
    }

    /// A search's null move, not a legal turn: the side to move makes no move, and in
    /// Avalanche still pushes (the push is part of every turn, and often what hurts), so
    /// the pushes complete it. En passant lapses. Meant for positions without a pending
    /// promotion and out of check.
    pub fn pass(&self) -> HalfTurn {
        let mut after_move = self.clone();
        after_move.ep = None;
        let pushable = if self.rules().push && !self.turn_without_push() {
            self.push_candidates()
        } else {
            Bitboard::EMPTY
        };
        HalfTurn {
            promotion: None,
            mv: None,
            after_move,
            pushable,
            wins: false,
        }
    }

    /// True when this turn has no push even if pawns could be pushed: the first turn from
    /// the start of Balanced Avalanche. The start is move 1 with White to move and every
    /// piece on its square of the usual or a Chess960 setup; a FEN of any other position,
    /// even one marked move 1 with White to move, is not the start, and its turns push.
    fn turn_without_push(&self) -> bool {
        self.rules().first_turn_without_push
            && self.side == Color::White
            && self.fullmove == 1
            && self.stands_as_a_setup()
    }

    /// True when every piece stands on its square of the usual or a Chess960 setup.
    fn stands_as_a_setup(&self) -> bool {
        let white = Bitboard::rank(0) | Bitboard::rank(1);
        let black = Bitboard::rank(6) | Bitboard::rank(7);
        if self.by_color != [white, black]
            || self.role_bb(Role::Pawn) != Bitboard::rank(1) | Bitboard::rank(6)
        {
            return false;
        }
        let mut back = [Role::Pawn; 8];
        for (file, slot) in (0u8..).zip(&mut back) {
            let (Some(w), Some(b)) = (Square::new(file, 0), Square::new(file, 7)) else {
                return false;
            };
            match (self.role_at(w), self.role_at(b)) {
                (Some(white), Some(black)) if white == black => *slot = white,
                _ => return false,
            }
        }
        chess960::number_from_back_rank(&back).is_some()
    }

    /// The position after the promotion choice (the same side still to move).
    fn after_promotion(&self, role: Role) -> Option<Position> {
        let sq = self.pending_promotion()?;
        let mut p = self.clone();
        p.apply_promotion_choice(sq, role);
        Some(p)
    }

    /// Feeds every legal turn, with the position after it, to `f`. A promotion choice that
    /// attacks the enemy king is a whole turn (it wins); any other choice is part of a turn
    /// only with a legal move after it. A search walks the tree with this: it costs one
    /// generation, where `play` per turn would generate again.
    pub fn visit_turns(&self, f: &mut impl FnMut(TurnStep)) {
        if !self.rules().push {
            for mv in self.legal_moves() {
                let mut after = self.clone();
                after.apply_move(mv);
                after.end_turn();
                f(TurnStep {
                    turn: Turn::from_move(mv),
                    after,
                    ends_game: false,
                });
            }
            return;
        }
        if self.is_won_by_side_to_move() {
            return;
        }
        if self.pending_promotion().is_none() {
            self.visit_move_turns(None, f);
            return;
        }
        for role in Role::PROMOTIONS {
            let Some(base) = self.after_promotion(role) else {
                continue;
            };
            if base.king_attacked(self.side.opposite()) {
                f(TurnStep {
                    turn: Turn {
                        promotion: Some(role),
                        mv: None,
                        push: None,
                    },
                    after: base,
                    ends_game: true,
                });
            } else {
                base.visit_move_turns(Some(role), f);
            }
        }
    }

    /// Feeds the move-and-push turns from this position (promotion already chosen).
    fn visit_move_turns(&self, promotion: Option<Role>, f: &mut impl FnMut(TurnStep)) {
        let us = self.side;
        let no_push = self.turn_without_push();
        for mv in self.legal_moves() {
            let mut after_move = self.clone();
            after_move.apply_move(mv);
            let mut pushes = after_move.pushes().peekable();
            if no_push || pushes.peek().is_none() {
                after_move.end_turn();
                f(TurnStep {
                    turn: Turn {
                        promotion,
                        mv: Some(mv),
                        push: None,
                    },
                    after: after_move,
                    ends_game: false,
                });
                continue;
            }
            for push in pushes {
                let mut after = after_move.clone();
                after.apply_push(push);
                let exposed = after.king_attacked(us);
                after.end_turn();
                f(TurnStep {
                    turn: Turn {
                        promotion,
                        mv: Some(mv),
                        push: Some(push),
                    },
                    after,
                    ends_game: exposed,
                });
            }
        }
    }

    /// How many legal turns the side to move has (perft's last ply, counted in bulk).
    pub fn count_turns(&self) -> u64 {
        if !self.rules().push {
            return self.count_legal_moves();
        }
        if self.is_won_by_side_to_move() {
            return 0;
        }
        let Some(_) = self.pending_promotion() else {
            return self.count_move_turns();
        };
        Role::PROMOTIONS
            .into_iter()
            .filter_map(|role| self.after_promotion(role))
            .map(|base| {
                if base.king_attacked(self.side.opposite()) {
                    1
                } else {
                    base.count_move_turns()
                }
            })
            .sum()
    }

    fn count_move_turns(&self) -> u64 {
        if self.turn_without_push() {
            return self.count_legal_moves();
        }
        self.legal_moves()
            .into_iter()
            .map(|mv| {
                let mut after = self.clone();
                after.apply_move(mv);
                u64::from(after.push_candidates().count().max(1))
            })
            .sum()
    }

    /// Every legal turn of the side to move.
    ///
    /// ```
    /// use rules::{Position, Variant};
    ///
    /// // White's pawn waits on e8 for its promotion choice; the kings stand on h1 and a1.
    /// let p = Position::from_fen(Variant::Avalanche, "4P3/8/8/8/8/8/8/k6K w - - 0 1")?;
    /// let turns = p.legal_turns();
    /// assert_eq!(turns.len(), 58);
    /// assert!(turns.iter().all(|t| t.promotion.is_some() && t.push.is_none()));
    /// # Ok::<(), rules::FenError>(())
    /// ```
    pub fn legal_turns(&self) -> Vec<Turn> {
        let mut turns = Vec::new();
        self.visit_turns(&mut |step| turns.push(step.turn));
        turns
    }

    /// The position after `turn` and whether the turn ends the game, if the turn is legal.
    pub(crate) fn step(&self, turn: &Turn) -> Option<TurnStep> {
        let mut found = None;
        self.visit_turns(&mut |step| {
            if found.is_none() && step.turn == *turn {
                found = Some(step);
            }
        });
        found
    }

    /// True when `turn` is legal here.
    pub fn is_legal(&self, turn: &Turn) -> bool {
        self.step(turn).is_some()
    }

    /// The position after `turn`, or why the turn cannot be played.
    ///
    /// ```
    /// use rules::{MoveError, Position, Variant};
    ///
    /// let start = Position::new_game(Variant::Avalanche, None)?;
    /// let turn = start.parse_turn("e4/d6")?;
    /// let after = start.play(&turn)?;
    /// assert_eq!(after.to_fen(), "rnbqkbnr/ppp1pppp/3p4/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1");
    /// assert!(matches!(start.parse_turn("e4"), Err(MoveError::PushRequired { .. })));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn play(&self, turn: &Turn) -> Result<Position, MoveError> {
        match self.step(turn) {
            Some(step) => Ok(step.after),
            None => Err(self.diagnose(turn)),
        }
    }

    /// The whole turn of `mv` in a variant without pushes, with the position after it;
    /// `None` in a variant with pushes, where a move alone is not a whole turn.
    ///
    /// Unchecked, for a search: `mv` must be one of [`Position::legal_moves`], or the
    /// position after it is unspecified. A search that cuts off at its first move needs
    /// the position after that move alone, where [`Position::half_turns`] builds one for
    /// every move.
    pub fn play_unchecked(&self, mv: Move) -> Option<TurnStep> {
        if self.rules().push {
            return None;
        }
        let mut after = self.clone();
        after.apply_move(mv);
        after.end_turn();
        Some(TurnStep {
            turn: Turn {
                promotion: None,
                mv: Some(mv),
                push: None,
            },
            after,
            ends_game: false,
        })
    }

    /// True when `turn` is legal and its push leaves the mover's own king attacked: the
    /// mover loses at once.
    pub fn is_losing_push(&self, turn: &Turn) -> bool {
        turn.push.is_some() && self.step(turn).is_some_and(|s| s.ends_game)
    }

    /// The position after the prefix's promotion choice and move, the same side to move.
    fn after_prefix(&self, prefix: &TurnPrefix) -> Result<Position, MoveError> {
        let base = match (self.pending_promotion(), prefix.promotion) {
            (Some(sq), None) if self.rules().push => {
                return Err(MoveError::PromotionChoiceDue { square: sq });
            }
            (None, Some(_)) => return Err(MoveError::NoPendingPromotion),
            (_, Some(role)) => self
                .after_promotion(role)
                .ok_or(MoveError::NoPendingPromotion)?,
            (_, None) => self.clone(),
        };
        match prefix.mv {
            None => Ok(base),
            Some(mv) => {
                if !base.legal_moves().contains(&mv) {
                    return Err(base.diagnose_move(mv));
                }
                let mut after = base;
                after.apply_move(mv);
                Ok(after)
            }
        }
    }

    /// The pushes open after the prefix's promotion choice and move (none where the turn
    /// has no push).
    pub fn pushes_after(&self, prefix: &TurnPrefix) -> Vec<Push> {
        if !self.rules().push || self.turn_without_push() {
            return Vec::new();
        }
        self.after_prefix(prefix)
            .map(|p| p.pushes().collect())
            .unwrap_or_default()
    }

    /// Why `turn` is not legal here, as precisely as can be said.
    pub(crate) fn diagnose(&self, turn: &Turn) -> MoveError {
        if self.is_won_by_side_to_move() {
            return MoveError::GameOver;
        }
        let prefix = TurnPrefix {
            promotion: turn.promotion,
            mv: None,
        };
        let base = match self.after_prefix(&prefix) {
            Ok(base) => base,
            Err(e) => return e,
        };
        let Some(mv) = turn.mv else {
            return MoveError::Unparseable {
                input: String::new(),
                reason: Unreadable::MoveAfterChoice,
            };
        };
        if !base.legal_moves().contains(&mv) {
            return base.diagnose_move(mv);
        }
        let pushes = self.pushes_after(&TurnPrefix {
            promotion: turn.promotion,
            mv: Some(mv),
        });
        match turn.push {
            None => MoveError::PushRequired { pushable: pushes },
            Some(_) if pushes.is_empty() => MoveError::NoPushAllowed {
                reason: self.no_push_reason(),
            },
            Some(push) => MoveError::CannotPush {
                to: push.to,
                pushable: pushes,
            },
        }
    }

    /// Why a turn here has no push (for a move after which no push is open).
    pub(crate) fn no_push_reason(&self) -> NoPush {
        if !self.rules().push {
            NoPush::NotAvalanche
        } else if self.turn_without_push() {
            NoPush::BalancedFirstTurn
        } else {
            NoPush::NoPawnCanStep
        }
    }

    /// Why the orthodox move `mv` is not legal here (the side to move's move part).
    pub(crate) fn diagnose_move(&self, mv: Move) -> MoveError {
        let us = self.side;
        let Some(piece) = self.piece_at(mv.from).filter(|p| p.color == us) else {
            return MoveError::NoPieceOn(mv.from);
        };
        if piece.role == Role::King
            && let Some(side) = self.castle_side_of(us, mv.to)
        {
            return MoveError::CannotCastle {
                side,
                reason: self
                    .castling_obstacle(side)
                    .unwrap_or(CastleObstacle::NotPossible),
            };
        }
        let same_from_to: Vec<Move> = self
            .legal_moves()
            .into_iter()
            .filter(|m| m.from == mv.from && m.to == mv.to)
            .collect();
        if !same_from_to.is_empty() {
            return self.promotion_error(mv.promotion, &same_from_to);
        }
        if self.pseudo_reaches(mv.from, mv.to) {
            return MoveError::LeavesKingInCheck {
                in_check: self.is_check(),
            };
        }
        MoveError::CannotMoveThere {
            role: piece.role,
            from: mv.from,
            to: mv.to,
        }
    }

    /// True when the piece on `from` could go to `to` if its own king's safety were ignored.
    pub(crate) fn pseudo_reaches(&self, from: Square, to: Square) -> bool {
        let Some(piece) = self.piece_at(from) else {
            return false;
        };
        let occupied = self.occupied();
        if self.color_bb(piece.color).contains(to) {
            return false;
        }
        let targets = match piece.role {
            Role::Pawn => {
                self.pawn_targets(piece.color, from)
                    | (attacks::pawn(piece.color, from)
                        & self.ep.map(Bitboard::from_square).unwrap_or_default())
            }
            Role::Knight => attacks::knight(from),
            Role::Bishop => attacks::bishop(from, occupied),
            Role::Rook => attacks::rook(from, occupied),
            Role::Queen => attacks::queen(from, occupied),
            Role::King => attacks::king(from),
        };
        targets.contains(to)
    }

    /// The castling side a king-onto-rook move takes, if it is one.
    pub fn castle_side(&self, mv: &Move) -> Option<CastleSide> {
        let piece = self.piece_at(mv.from)?;
        if piece.role != Role::King {
            return None;
        }
        self.castle_side_of(piece.color, mv.to)
    }
}
