//! How games end.

use std::fmt;

use crate::types::Color;

/// Why a game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum EndReason {
    /// The side to move is in check and has no legal move.
    Checkmate,
    /// The side to move is not in check and has no legal move.
    Stalemate,
    /// The same position stood for the third time.
    ThreefoldRepetition,
    /// 100 plies with no capture and no pawn move (pushes count as pawn moves).
    FiftyMoveRule,
    /// Neither side can mate.
    InsufficientMaterial,
    /// Avalanche: a promotion choice attacked the enemy king; its maker wins.
    PromotedIntoCheck,
    /// Avalanche: a push left the pusher's own king attacked; the pusher loses.
    ExposedOwnKing,
    /// A player resigned.
    Resignation,
    /// The players agreed to a draw.
    DrawAgreed,
    /// The game was called off before both sides had moved.
    Aborted,
    /// A player missed the move deadline.
    Timeout,
    /// A player's clock ran out (a draw when the other side could not have won).
    TimeForfeit,
}

impl EndReason {
    /// A short phrase for messages ("checkmate", "threefold repetition").
    pub const fn describe(self) -> &'static str {
        match self {
            EndReason::Checkmate => "checkmate",
            EndReason::Stalemate => "stalemate",
            EndReason::ThreefoldRepetition => "threefold repetition",
            EndReason::FiftyMoveRule => "the fifty-move rule",
            EndReason::InsufficientMaterial => "insufficient material",
            EndReason::PromotedIntoCheck => "promotion into check",
            EndReason::ExposedOwnKing => "a push that exposed the pusher's own king",
            EndReason::Resignation => "resignation",
            EndReason::DrawAgreed => "agreement",
            EndReason::Aborted => "abort",
            EndReason::Timeout => "a missed move deadline",
            EndReason::TimeForfeit => "time forfeit",
        }
    }

    /// A stable identifier for storage ("checkmate", "threefold").
    pub const fn id(self) -> &'static str {
        match self {
            EndReason::Checkmate => "checkmate",
            EndReason::Stalemate => "stalemate",
            EndReason::ThreefoldRepetition => "threefold",
            EndReason::FiftyMoveRule => "fifty-move",
            EndReason::InsufficientMaterial => "insufficient-material",
            EndReason::PromotedIntoCheck => "promoted-into-check",
            EndReason::ExposedOwnKing => "exposed-own-king",
            EndReason::Resignation => "resignation",
            EndReason::DrawAgreed => "draw-agreed",
            EndReason::Aborted => "aborted",
            EndReason::Timeout => "timeout",
            EndReason::TimeForfeit => "time-forfeit",
        }
    }

    /// Every reason, in the order of the enum.
    pub const ALL: [EndReason; 12] = [
        EndReason::Checkmate,
        EndReason::Stalemate,
        EndReason::ThreefoldRepetition,
        EndReason::FiftyMoveRule,
        EndReason::InsufficientMaterial,
        EndReason::PromotedIntoCheck,
        EndReason::ExposedOwnKing,
        EndReason::Resignation,
        EndReason::DrawAgreed,
        EndReason::Aborted,
        EndReason::Timeout,
        EndReason::TimeForfeit,
    ];

    /// The reason for an identifier written by [`EndReason::id`].
    pub fn from_id(id: &str) -> Option<EndReason> {
        EndReason::ALL.into_iter().find(|r| r.id() == id)
    }

    /// True for the reasons the players decide rather than the board: resignation,
    /// agreement, abort, a missed deadline and a clock run out ([`crate::Game::set_outcome`]).
    pub(crate) const fn by_players(self) -> bool {
        matches!(
            self,
            EndReason::Resignation
                | EndReason::DrawAgreed
                | EndReason::Aborted
                | EndReason::Timeout
                | EndReason::TimeForfeit
        )
    }
}

/// The end of a game: who won (none for a draw or an abort) and why.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Outcome {
    /// The winner, or `None` for a draw or an aborted game.
    pub winner: Option<Color>,
    /// Why the game ended.
    pub reason: EndReason,
}

impl Outcome {
    /// The result as a record writes it: `1-0`, `0-1`, `1/2-1/2`, or `*` for an aborted game.
    pub const fn result_str(&self) -> &'static str {
        match (self.winner, self.reason) {
            (_, EndReason::Aborted) => "*",
            (Some(Color::White), _) => "1-0",
            (Some(Color::Black), _) => "0-1",
            (None, _) => "1/2-1/2",
        }
    }
}

impl Outcome {
    /// The outcome whose text ([`Outcome`]'s `Display`, what a record's Termination tag
    /// carries) is `text`: the writer and the reader of records share this one table.
    pub(crate) fn from_text(text: &str) -> Option<Outcome> {
        EndReason::ALL
            .into_iter()
            .flat_map(|reason| {
                [None, Some(Color::White), Some(Color::Black)]
                    .map(|winner| Outcome { winner, reason })
            })
            .find(|o| o.to_string() == text)
    }
}

impl fmt::Display for Outcome {
    /// "White wins by checkmate", "Draw by stalemate", "Game aborted".
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match (self.winner, self.reason) {
            (_, EndReason::Aborted) => f.write_str("Game aborted"),
            (Some(c), r) => write!(f, "{c} wins by {}", r.describe()),
            (None, r) => write!(f, "Draw by {}", r.describe()),
        }
    }
}
