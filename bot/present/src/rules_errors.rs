//! The rules' refusals in words: illegal turns and impossible setups, each reason a catalog
//! message with its squares and pieces.

use rules::{
    CastleObstacle, CastleSide, FenError, MoveError, NoPush, SetupError, Square, Unreadable,
};

use super::Say;
use crate::fluent_args;

impl Say {
    /// Why a turn cannot be played.
    pub(crate) fn move_error(&self, error: &MoveError) -> String {
        let sq = |s: &Square| self.code(&s.to_string());
        let codes = |list: &mut dyn Iterator<Item = Square>| -> Vec<String> {
            list.map(|s| self.code(&s.to_string())).collect()
        };
        match error {
            MoveError::Unparseable { input, reason } if input.is_empty() => self.text(
                "move-error-unreadable-bare",
                &fluent_args![("reason", self.unreadable(*reason))],
            ),
            MoveError::Unparseable { input, reason } => self.text(
                "move-error-unreadable",
                &fluent_args![
                    ("input", self.code(input)),
                    ("reason", self.unreadable(*reason))
                ],
            ),
            MoveError::GameOver => self.plain("move-error-game-over"),
            MoveError::PromotionChoiceDue { square } => self.text(
                "move-error-promotion-choice-due",
                &fluent_args![("square", sq(square))],
            ),
            MoveError::NoMoveAfterChoice { role } => self.text(
                "move-error-no-move-after-choice",
                &fluent_args![("piece", self.piece(*role))],
            ),
            MoveError::NoPendingPromotion => self.plain("move-error-no-pending-promotion"),
            MoveError::NoPieceCanReach { role, to } => self.text(
                "move-error-no-piece-can-reach",
                &fluent_args![("piece", self.piece(*role)), ("square", sq(to))],
            ),
            MoveError::NoPieceOn(square) => self.text(
                "move-error-no-piece-on",
                &fluent_args![("square", sq(square))],
            ),
            MoveError::CannotMoveThere { role, from, to } => self.text(
                "move-error-cannot-move-there",
                &fluent_args![
                    ("piece", self.piece(*role)),
                    ("from", sq(from)),
                    ("to", sq(to))
                ],
            ),
            MoveError::Ambiguous {
                role,
                to,
                candidates,
            } => {
                let example = candidates.first().map_or_else(String::new, |from| {
                    self.code(&format!("{}{}{to}", role.upper_char(), from.file_char()))
                });
                self.text(
                    "move-error-ambiguous",
                    &fluent_args![
                        ("piece", self.piece(*role)),
                        ("square", sq(to)),
                        ("squares", self.list(codes(&mut candidates.iter().copied()))),
                        ("example", example)
                    ],
                )
            }
            MoveError::LeavesKingInCheck { in_check: true } => {
                self.plain("move-error-still-in-check")
            }
            MoveError::LeavesKingInCheck { in_check: false } => {
                self.plain("move-error-leaves-king-in-check")
            }
            MoveError::CannotCastle { side, reason } => self.text(
                "move-error-cannot-castle",
                &fluent_args![
                    (
                        "side",
                        self.plain(match side {
                            CastleSide::King => "castle-kingside",
                            CastleSide::Queen => "castle-queenside",
                        })
                    ),
                    ("reason", self.castle_obstacle(*reason))
                ],
            ),
            MoveError::PromotionMissing { promotions } if promotions.is_empty() => {
                self.plain("move-error-promotion-missing")
            }
            MoveError::PromotionMissing { promotions } => self.text(
                "move-error-promotion-choices",
                &fluent_args![("moves", self.choices(promotions))],
            ),
            MoveError::PromotionToKing { promotions } => {
                let any = ["=Q", "=R", "=B", "=N"].map(String::from);
                let moves = if promotions.is_empty() {
                    &any[..]
                } else {
                    promotions
                };
                self.text(
                    "move-error-promotion-to-king",
                    &fluent_args![("moves", self.choices(moves))],
                )
            }
            MoveError::PromotionNotAllowed => self.plain("move-error-promotion-not-allowed"),
            MoveError::PushRequired { pushable } => self.text(
                "move-error-push-required",
                &fluent_args![
                    (
                        "squares",
                        self.alternatives(codes(&mut pushable.iter().map(|p| p.to)))
                    ),
                    (
                        "example",
                        pushable
                            .first()
                            .map_or_else(String::new, |p| self.code(&format!("/{}", p.to)))
                    )
                ],
            ),
            MoveError::CannotPush { to, pushable } => self.text(
                "move-error-cannot-push",
                &fluent_args![
                    ("square", sq(to)),
                    (
                        "squares",
                        if pushable.is_empty() {
                            "none".to_owned()
                        } else {
                            self.alternatives(codes(&mut pushable.iter().map(|p| p.to)))
                        }
                    )
                ],
            ),
            MoveError::UnreadablePush { input, pushable } => match pushable.first() {
                Some(first) => self.text(
                    "move-error-unreadable-push",
                    &fluent_args![
                        ("input", self.code(input)),
                        (
                            "squares",
                            self.choices(
                                &pushable
                                    .iter()
                                    .map(|p| p.to.to_string())
                                    .collect::<Vec<_>>()
                            )
                        ),
                        ("example", self.code(&format!("/{}", first.to)))
                    ],
                ),
                None => self.move_error(&MoveError::Unparseable {
                    input: input.clone(),
                    reason: Unreadable::PushSquare,
                }),
            },
            MoveError::NoPushAllowed { reason } => self.text(
                "move-error-no-push-allowed",
                &fluent_args![(
                    "reason",
                    self.plain(match reason {
                        NoPush::NotAvalanche => "no-push-not-avalanche",
                        NoPush::BalancedFirstTurn => "no-push-balanced-first-turn",
                        NoPush::NoPawnCanStep => "no-push-no-pawn-can-step",
                    })
                )],
            ),
        }
    }

    /// Notation to choose from, as code: "`a6`, `b6` or `c6`".
    fn choices(&self, items: &[String]) -> String {
        self.alternatives(items.iter().map(|i| self.code(i)).collect())
    }

    fn unreadable(&self, reason: Unreadable) -> String {
        self.plain(match reason {
            Unreadable::Empty => "unreadable-empty",
            Unreadable::NoMove => "unreadable-no-move",
            Unreadable::NotNotation => "unreadable-not-notation",
            Unreadable::NoDestination => "unreadable-no-destination",
            Unreadable::ChoiceAlreadyMade => "unreadable-choice-already-made",
            Unreadable::ChoiceNeedsPiece => "unreadable-choice-needs-piece",
            Unreadable::ChoiceEndsGame => "unreadable-choice-ends-game",
            Unreadable::MoveAfterChoice => "unreadable-move-after-choice",
            Unreadable::PushSquare => "unreadable-push-square",
        })
    }

    fn castle_obstacle(&self, reason: CastleObstacle) -> String {
        self.plain(match reason {
            CastleObstacle::Moved => "castle-obstacle-moved",
            CastleObstacle::NoKing => "castle-obstacle-no-king",
            CastleObstacle::InCheck => "castle-obstacle-in-check",
            CastleObstacle::Blocked => "castle-obstacle-blocked",
            CastleObstacle::Attacked => "castle-obstacle-attacked",
            CastleObstacle::NotPossible => "castle-obstacle-not-possible",
        })
    }

    /// Why a game cannot be set up as asked.
    pub(crate) fn setup_error(&self, error: &SetupError) -> String {
        match error {
            SetupError::Chess960Number(n) => {
                self.text("setup-error-number", &fluent_args![("number", *n)])
            }
            SetupError::MissingNumber => self.plain("setup-error-missing-number"),
            SetupError::FixedSetup(_) => self.plain("setup-error-fixed"),
        }
    }

    /// Why a FEN cannot start a game. The rules core explains some faults in English only
    /// (the `detail`); a catalog may leave it out and say what to check instead.
    pub(crate) fn fen_error(&self, error: &FenError) -> String {
        let max = i64::from(rules::MAX_COUNTER);
        match error {
            FenError::Placement(detail) => self.text(
                "fen-error-placement",
                &fluent_args![("detail", detail.as_str())],
            ),
            FenError::SideToMove(text) => self.text(
                "fen-error-side-to-move",
                &fluent_args![("text", self.code(text))],
            ),
            FenError::Castling { field, reason } => self.text(
                "fen-error-castling",
                &fluent_args![("text", self.code(field)), ("detail", reason.as_str())],
            ),
            FenError::CastlingTwice {
                field,
                color,
                first,
                second,
            } => self.text(
                "fen-error-castling-twice",
                &fluent_args![
                    ("text", self.code(field)),
                    ("color", self.color(*color)),
                    ("first", self.code(&first.to_string())),
                    ("second", self.code(&second.to_string()))
                ],
            ),
            FenError::EnPassant(text) => self.text(
                "fen-error-en-passant",
                &fluent_args![("text", self.code(text))],
            ),
            FenError::HalfmoveClock(text) => self.text(
                "fen-error-halfmove-clock",
                &fluent_args![("text", self.code(text)), ("max", max)],
            ),
            FenError::FullmoveNumber(text) => self.text(
                "fen-error-fullmove-number",
                &fluent_args![("text", self.code(text)), ("max", max)],
            ),
            FenError::FieldCount(count) => {
                self.text("fen-error-field-count", &fluent_args![("count", *count)])
            }
            FenError::Illegal(detail) => self.text(
                "fen-error-illegal",
                &fluent_args![("detail", detail.as_str())],
            ),
        }
    }
}
