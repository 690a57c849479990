//! Whole turns in writing: SAN for orthodox games, and the Avalanche turn notation of
//! docs/rules.md (`Nf3/a3`, `Nf3//`, `=N Kd2/e6`, `Bb4+/c4`, `Qb5/c5+`), both ways.

use crate::error::{MoveError, NoPush, Unreadable};
use crate::position::Position;
use crate::turn::{Push, Turn};
use crate::turngen::TurnPrefix;
use crate::typed::{self, is_mark};
use crate::types::Role;

/// What a piece of typed input amounts to, given what the player already chose this turn.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ParsedInput {
    /// A whole legal turn.
    Complete(Turn),
    /// A promotion choice alone; the move is still to come.
    NeedsMove {
        /// The role chosen.
        promotion: Role,
    },
    /// The move is chosen; one of `pushes` is still to come.
    NeedsPush {
        /// What is chosen so far.
        prefix: TurnPrefix,
        /// The pushes open now.
        pushes: Vec<Push>,
    },
}

impl Position {
    /// The check mark for a position the opponent is to move in: `#`, `+` or nothing.
    fn mark(after: &Position) -> &'static str {
        if !after.is_check() {
            ""
        } else if after.count_turns() == 0 {
            "#"
        } else {
            "+"
        }
    }

    /// The turn in canonical notation: SAN with its check mark in orthodox games, the
    /// Avalanche turn notation otherwise. `turn` should be legal; an illegal one is written
    /// as well as it can be.
    ///
    /// ```
    /// use rules::{Position, Variant};
    ///
    /// let start = Position::new_game(Variant::AvalancheBalanced, None)?;
    /// let turn = start.parse_turn("g1f3")?;
    /// assert_eq!(start.turn_to_notation(&turn), "Nf3//");
    /// assert_eq!(start.turn_to_uci(&turn), "g1f3//");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn turn_to_notation(&self, turn: &Turn) -> String {
        let after = self.play(turn).ok();
        let Some(mv) = turn.mv else {
            // A promotion choice alone ends the game; the mover is still "to move" after it.
            let checks = after.is_some_and(|a| a.king_attacked(self.side.opposite()));
            let role = turn.promotion.map(|r| r.upper_char()).unwrap_or('Q');
            return format!("={role}{}", if checks { "+" } else { "" });
        };
        let final_mark = after.as_ref().map(Position::mark).unwrap_or("");
        let mut base = self.clone();
        let mut out = String::new();
        if let (Some(role), Some(sq)) = (turn.promotion, self.pending_promotion()) {
            base.apply_promotion_choice(sq, role);
            out.push_str(&format!("={} ", role.upper_char()));
        }
        out.push_str(&base.move_to_san(&mv));
        if !self.rules().push {
            out.push_str(final_mark);
            return out;
        }
        let mut after_move = base.clone();
        after_move.apply_move(mv);
        let move_checks = after_move.king_attacked(self.side.opposite());
        if move_checks {
            out.push_str(final_mark);
        }
        match turn.push {
            Some(push) => {
                out.push('/');
                out.push_str(&push.to.to_string());
            }
            None => out.push_str("//"),
        }
        if !move_checks {
            out.push_str(final_mark);
        }
        out
    }

    /// The turn in UCI-style notation: `e2e4` in orthodox games, `g1f3/a3`, `g1f3//` and
    /// `=Q d2d3/e6` in Avalanche.
    pub fn turn_to_uci(&self, turn: &Turn) -> String {
        let mut base = self.clone();
        let mut out = String::new();
        if let (Some(role), Some(sq)) = (turn.promotion, self.pending_promotion()) {
            base.apply_promotion_choice(sq, role);
            out.push('=');
            out.push(role.upper_char());
            if turn.mv.is_some() {
                out.push(' ');
            }
        }
        if let Some(mv) = turn.mv {
            out.push_str(&base.move_to_uci(&mv));
            if self.rules().push {
                match turn.push {
                    Some(p) => out.push_str(&format!("/{}", p.to)),
                    None => out.push_str("//"),
                }
            }
        }
        out
    }

    /// Reads a whole turn in any accepted notation.
    pub fn parse_turn(&self, input: &str) -> Result<Turn, MoveError> {
        match self.parse_turn_input(input, &TurnPrefix::default())? {
            ParsedInput::Complete(turn) => Ok(turn),
            ParsedInput::NeedsPush { pushes, .. } => {
                Err(MoveError::PushRequired { pushable: pushes })
            }
            // Quoted in ASCII, as every other refusal of typed input is.
            ParsedInput::NeedsMove { .. } => Err(MoveError::Unparseable {
                input: crate::quote::quote(crate::ascii_width(input).trim()),
                reason: Unreadable::MoveAfterChoice,
            }),
        }
    }

    /// Reads typed input that continues a turn: `prefix` holds what the player already
    /// chose (a promotion choice, a move). Accepts a whole turn, a promotion choice alone,
    /// a move alone (the push comes later), or a push alone after the move.
    pub fn parse_turn_input(
        &self,
        input: &str,
        prefix: &TurnPrefix,
    ) -> Result<ParsedInput, MoveError> {
        let input = &*crate::ascii_width(input);
        let unparseable = |reason: Unreadable| MoveError::Unparseable {
            input: crate::quote::quote(input.trim()),
            reason,
        };
        // Glyphs and marks standing alone after a space go; those glued to a part are
        // removed with that part.
        let words: Vec<&str> = input
            .split_whitespace()
            .filter(|w| !w.chars().all(is_mark))
            .collect();
        let mut rest: &str = &words.join(" ");
        let mut prefix = *prefix;

        if let Some(after_eq) = rest.strip_prefix('=') {
            if prefix.promotion.is_some() || prefix.mv.is_some() {
                return Err(unparseable(Unreadable::ChoiceAlreadyMade));
            }
            let mut chars = after_eq.chars();
            let letter = chars.next().and_then(Role::from_char);
            if letter == Some(Role::King) {
                return Err(self.king_choice());
            }
            let role = letter
                .filter(|r| Role::PROMOTIONS.contains(r))
                .ok_or_else(|| unparseable(Unreadable::ChoiceNeedsPiece))?;
            let sq = self
                .pending_promotion()
                .ok_or(MoveError::NoPendingPromotion)?;
            if !self.rules().push {
                return Err(MoveError::NoPendingPromotion);
            }
            prefix.promotion = Some(role);
            rest = chars.as_str().trim_start_matches(is_mark).trim();
            let mut base = self.clone();
            base.apply_promotion_choice(sq, role);
            if base.count_legal_moves() == 0 && !base.king_attacked(self.side.opposite()) {
                return Err(MoveError::NoMoveAfterChoice { role });
            }
            if base.king_attacked(self.side.opposite()) {
                return if rest.is_empty() {
                    Ok(ParsedInput::Complete(Turn {
                        promotion: Some(role),
                        mv: None,
                        push: None,
                    }))
                } else {
                    Err(unparseable(Unreadable::ChoiceEndsGame))
                };
            }
            if rest.is_empty() {
                return Ok(ParsedInput::NeedsMove { promotion: role });
            }
        }
        if self.rules().push
            && prefix.promotion.is_none()
            && let Some(square) = self.pending_promotion()
        {
            return Err(MoveError::PromotionChoiceDue { square });
        }
        if rest.is_empty() {
            return Err(unparseable(Unreadable::Empty));
        }

        let mut base = self.clone();
        if let (Some(role), Some(sq)) = (prefix.promotion, self.pending_promotion()) {
            base.apply_promotion_choice(sq, role);
        }
        let push_text: Option<&str> = match prefix.mv {
            None => {
                let (move_text, push_text) = base.split_turn_text(rest);
                prefix.mv = Some(base.parse_move(move_text)?);
                push_text
            }
            Some(noted) => {
                let text = rest.strip_prefix('/').unwrap_or(rest);
                let bare = text.trim().trim_end_matches(is_mark);
                if bare.is_empty() || bare == "/" || typed::push_square(bare).is_some() {
                    Some(text)
                } else {
                    // The whole turn typed again continues it when its move is the one
                    // noted; anything else is not the push awaited.
                    let (move_text, push_text) = base.split_turn_text(rest);
                    match base.parse_move(move_text) {
                        Ok(mv) if mv == noted => push_text,
                        _ => return Err(self.unreadable_push(text, &prefix)),
                    }
                }
            }
        };
        let turn_with = |push| Turn {
            promotion: prefix.promotion,
            mv: prefix.mv,
            push,
        };
        if !self.rules().push {
            return match push_text.map(str::trim) {
                None | Some("") => Ok(ParsedInput::Complete(turn_with(None))),
                Some(_) => Err(MoveError::NoPushAllowed {
                    reason: NoPush::NotAvalanche,
                }),
            };
        }
        let pushes = self.pushes_after(&prefix);
        let push_text = push_text.map(|t| t.trim().trim_end_matches(is_mark));
        match push_text {
            None | Some("") if pushes.is_empty() => Ok(ParsedInput::Complete(turn_with(None))),
            None | Some("") => Ok(ParsedInput::NeedsPush { prefix, pushes }),
            Some("/") if pushes.is_empty() => Ok(ParsedInput::Complete(turn_with(None))),
            Some("/") => Err(MoveError::PushRequired { pushable: pushes }),
            Some(text) => {
                let Some(to) = typed::push_square(text) else {
                    return Err(self.unreadable_push(text, &prefix));
                };
                if pushes.is_empty() {
                    return Err(MoveError::NoPushAllowed {
                        reason: self.no_push_reason(),
                    });
                }
                match pushes.iter().find(|p| p.to == to) {
                    Some(&push) => Ok(ParsedInput::Complete(turn_with(Some(push)))),
                    None => Err(MoveError::CannotPush {
                        to,
                        pushable: pushes,
                    }),
                }
            }
        }
    }

    /// The refusal of `=K` for a waiting pawn: it cannot become a king; the choices that
    /// make a turn are offered (`=Q`, `=R`, `=B`, `=N`).
    fn king_choice(&self) -> MoveError {
        if !self.rules().push || self.pending_promotion().is_none() {
            return MoveError::NoPendingPromotion;
        }
        let turns = self.legal_turns();
        let promotions = Role::PROMOTIONS
            .iter()
            .filter(|role| turns.iter().any(|t| t.promotion == Some(**role)))
            .map(|role| format!("={}", role.upper_char()))
            .collect();
        MoveError::PromotionToKing { promotions }
    }

    /// The refusal of `text` where the push of the turn `prefix` begins was awaited: it is not
    /// a push, and these are the pushes open (or the turn has none, and why).
    fn unreadable_push(&self, text: &str, prefix: &TurnPrefix) -> MoveError {
        if !self.rules().push {
            return MoveError::NoPushAllowed {
                reason: NoPush::NotAvalanche,
            };
        }
        let pushable = self.pushes_after(prefix);
        if pushable.is_empty() {
            return MoveError::NoPushAllowed {
                reason: self.no_push_reason(),
            };
        }
        MoveError::UnreadablePush {
            input: crate::quote::quote(text.trim()),
            pushable,
        }
    }
}
