//! A game from its start: the turns played, the positions they led to, and the result,
//! whether a rule ended the game or the players did.

use crate::chess960::{self, STANDARD_NUMBER};
use crate::error::{MoveError, SetupError};
use crate::outcome::{EndReason, Outcome};
use crate::position::Position;
use crate::turn::Turn;
use crate::types::{Role, Square};
use crate::variant::{Setups, Variant};

/// Which of the rules' draws end a game by themselves.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Draws {
    /// Every draw the rules know ends the game at once: stalemate, insufficient material,
    /// threefold repetition and the fifty-move rule (nadare's own games).
    #[default]
    Automatic,
    /// Only stalemate: repetition, the fifty-move rule and a dead position are left to
    /// whoever runs the game, as a chess GUI claims or declares them over UCI. The game goes
    /// on while the side to move has a legal turn, as [`crate::Position::perft`] counts
    /// them.
    Claimed,
}

/// A game of any variant: its start, its turns and, once over, its outcome.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Game {
    chess960: Option<u16>,
    draws: Draws,
    turns: Vec<Turn>,
    /// `positions[0]` is the start; `positions[i]` stands after `i` turns.
    positions: Vec<Position>,
    outcome: Option<Outcome>,
}

impl Game {
    /// A new game of `variant`, from Chess960 setup `chess960` where given.
    pub fn new(variant: Variant, chess960: Option<u16>) -> Result<Game, SetupError> {
        let start = Position::new_game(variant, chess960)?;
        Ok(Game::with_setup(start, chess960))
    }

    /// A game from any position (for example one read from a FEN). A start that the rules
    /// already end (mate, stalemate, insufficient material, the fifty-move rule, or an
    /// Avalanche position whose side not to move is in check, won by the side to move and
    /// counted as a push that exposed the loser's king) is a game over with that result.
    ///
    /// A start that is a numbered Chess960 setup's (every piece on its square, White to move
    /// on move 1, every castling right) is a game from that setup, as [`Game::new`] makes
    /// it; so is the usual setup in Chess960, while in the variants that may start from
    /// either it is the usual start (setup number none).
    pub fn from_position(start: Position) -> Game {
        let chess960 = setup_number(&start)
            .filter(|&n| n != STANDARD_NUMBER || start.rules().setups == Setups::Chess960);
        Game::with_setup(start, chess960)
    }

    /// A game from `start`, which is Chess960 setup `chess960` when one is given.
    pub(crate) fn with_setup(start: Position, chess960: Option<u16>) -> Game {
        let mut game = Game {
            chess960,
            draws: Draws::Automatic,
            turns: Vec::new(),
            positions: vec![start],
            outcome: None,
        };
        game.outcome = game.outcome_by_rule();
        game
    }

    /// The game with `draws` deciding which draws end it; an outcome the players decided
    /// ([`Game::set_outcome`]) stays.
    ///
    /// ```
    /// use rules::{Draws, Game, Position, Variant};
    ///
    /// // King and knight against king: a dead position, yet White has legal turns.
    /// let start = Position::from_fen(Variant::Standard, "4k3/8/8/8/8/8/8/4KN2 w - - 0 1")?;
    /// assert!(Game::from_position(start.clone()).outcome().is_some());
    /// let mut game = Game::from_position(start).with_draws(Draws::Claimed);
    /// assert_eq!(game.outcome(), None);
    /// game.play_str("Ng3")?;
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn with_draws(mut self, draws: Draws) -> Game {
        self.draws = draws;
        if self.outcome.is_none_or(|o| !o.reason.by_players()) {
            self.outcome = self.outcome_by_rule();
        }
        self
    }

    /// Which draws end the game by themselves.
    pub fn draws(&self) -> Draws {
        self.draws
    }

    /// The variant played.
    pub fn variant(&self) -> Variant {
        self.start().variant()
    }

    /// The Chess960 setup number the game started from, if it started from one.
    pub fn chess960_number(&self) -> Option<u16> {
        self.chess960
    }

    /// The start position.
    pub fn start(&self) -> &Position {
        // `positions` is never empty: it starts with the start position and `take_back`
        // never removes it.
        &self.positions[0]
    }

    /// The position now.
    pub fn position(&self) -> &Position {
        self.positions.last().unwrap_or_else(|| self.start())
    }

    /// The position after `ply` turns (0 = the start).
    pub fn position_at(&self, ply: usize) -> Option<&Position> {
        self.positions.get(ply)
    }

    /// The turns played, in order.
    pub fn turns(&self) -> &[Turn] {
        &self.turns
    }

    /// The last turn played.
    pub fn last_turn(&self) -> Option<&Turn> {
        self.turns.last()
    }

    /// Each turn in canonical notation.
    pub fn notations(&self) -> Vec<String> {
        self.turns
            .iter()
            .zip(&self.positions)
            .map(|(turn, before)| before.turn_to_notation(turn))
            .collect()
    }

    /// How the game ended, once it has.
    pub fn outcome(&self) -> Option<Outcome> {
        self.outcome
    }

    /// Ends the game for a reason outside the board: resignation, agreement, timeout, abort.
    pub fn set_outcome(&mut self, outcome: Outcome) {
        self.outcome = Some(outcome);
    }

    /// Plays `turn`, ending the game when a rule says so.
    pub fn play(&mut self, turn: Turn) -> Result<(), MoveError> {
        if self.outcome.is_some() {
            return Err(MoveError::GameOver);
        }
        let before = self.position();
        let mover = before.side_to_move();
        let Some(step) = before.step(&turn) else {
            return Err(before.diagnose(&turn));
        };
        let outcome = if step.ends_game {
            Some(match turn.mv {
                None => Outcome {
                    winner: Some(mover),
                    reason: EndReason::PromotedIntoCheck,
                },
                Some(_) => Outcome {
                    winner: Some(mover.opposite()),
                    reason: EndReason::ExposedOwnKing,
                },
            })
        } else {
            None
        };
        self.turns.push(turn);
        self.positions.push(step.after);
        self.outcome = outcome.or_else(|| self.outcome_by_rule());
        Ok(())
    }

    /// Reads `input` as a turn of the side to move and plays it.
    ///
    /// ```
    /// use rules::{EndReason, Game, Position, Variant};
    ///
    /// // Black's Qg4-g2 checks, and the push leaves White's pawn waiting on c8 with no
    /// // choice that brings a legal move: checkmate.
    /// let start = Position::from_fen(Variant::Avalanche, "8/2P5/8/8/6q1/5k2/8/7K b - - 0 49")?;
    /// let mut game = Game::from_position(start);
    /// game.play_str("Qg2/c8")?;
    /// assert_eq!(game.outcome().map(|o| o.reason), Some(EndReason::Checkmate));
    /// assert_eq!(game.notations(), ["Qg2#/c8"]);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn play_str(&mut self, input: &str) -> Result<Turn, MoveError> {
        if self.outcome.is_some() {
            return Err(MoveError::GameOver);
        }
        let turn = self.position().parse_turn(input)?;
        self.play(turn)?;
        Ok(turn)
    }

    /// Undoes the last turn, if any, and reopens the game (unless the start itself is over).
    pub fn take_back(&mut self) -> Option<Turn> {
        let turn = self.turns.pop()?;
        self.positions.pop();
        self.outcome = self.outcome_by_rule();
        Some(turn)
    }

    /// Forgets the turns and positions before the position now, which becomes the start (the
    /// Chess960 number stays). Repetition counts only positions since the last capture, pawn
    /// move or push, so called when the halfmove clock is 0 it changes no later result; a long
    /// replay calls it to keep its memory bounded.
    pub(crate) fn forget_history(&mut self) {
        let last = self.positions.len().saturating_sub(1);
        self.positions.drain(..last);
        self.turns.clear();
    }

    /// The result the rules impose on the position now, if any: mate, stalemate,
    /// insufficient material, threefold repetition, the fifty-move rule (in that order; the
    /// last three only when [`Draws::Automatic`]).
    fn outcome_by_rule(&self) -> Option<Outcome> {
        let pos = self.position();
        let side = pos.side_to_move();
        if pos.is_won_by_side_to_move() {
            // Only a FEN gives a game such a start: a turn that leads to it ends the game
            // by itself, and the position cannot tell which of the two ways it took.
            return Some(Outcome {
                winner: Some(side),
                reason: EndReason::ExposedOwnKing,
            });
        }
        let draw = |reason| {
            Some(Outcome {
                winner: None,
                reason,
            })
        };
        if pos.count_turns() == 0 {
            return if pos.is_check() {
                Some(Outcome {
                    winner: Some(side.opposite()),
                    reason: EndReason::Checkmate,
                })
            } else {
                draw(EndReason::Stalemate)
            };
        }
        if self.draws == Draws::Claimed {
            return None;
        }
        if pos.is_insufficient_material() {
            return draw(EndReason::InsufficientMaterial);
        }
        let repeats = self
            .positions
            .iter()
            .rev()
            .take(pos.halfmove_clock() as usize + 1)
            .filter(|p| same_for_repetition(p, pos))
            .count();
        if repeats >= 3 {
            return draw(EndReason::ThreefoldRepetition);
        }
        if pos.halfmove_clock() >= 100 {
            return draw(EndReason::FiftyMoveRule);
        }
        None
    }
}

/// The number of the Chess960 setup whose start `pos` is, if it is one in its variant.
pub(crate) fn setup_number(pos: &Position) -> Option<u16> {
    let mut back = [Role::Pawn; 8];
    for (file, slot) in (0u8..).zip(&mut back) {
        *slot = Square::new(file, 0).and_then(|sq| pos.role_at(sq))?;
    }
    let number = chess960::number_from_back_rank(&back)?;
    let start = Position::new_game(pos.variant(), Some(number)).ok()?;
    (start == *pos).then_some(number)
}

/// True when two positions are the same for the repetition rule: placement (a pending
/// promotion is part of it), side to move, castling rights and en-passant possibility.
fn same_for_repetition(a: &Position, b: &Position) -> bool {
    a.by_color == b.by_color
        && a.by_role == b.by_role
        && a.side == b.side
        && a.castling == b.castling
        && a.ep == b.ep
}
