//! Moves, pushes and whole turns.

use crate::types::{Role, Square};

/// One orthodox move. Castling is the king moving onto its own rook's square
/// (`from` = king, `to` = rook), whatever the variant, so Chess960 needs no special case.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Move {
    /// Where the moving piece stands.
    pub from: Square,
    /// Where it goes (for castling: the castling rook's square).
    pub to: Square,
    /// The piece a pawn becomes on its last rank.
    pub promotion: Option<Role>,
}

/// An Avalanche push: an enemy pawn stepping one square straight forward.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Push {
    /// Where the pushed pawn stands.
    pub from: Square,
    /// The empty square in front of it.
    pub to: Square,
}

/// Everything one side does in one turn. In orthodox chess only `mv` is set.
/// In Avalanche a turn is up to three parts: a promotion choice for a pending pawn,
/// the move, and the push. A turn with a promotion choice and no move is one that ends
/// the game at once: the new piece attacks the enemy king (promoted into check).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Turn {
    /// The role chosen for a pending promotion.
    pub promotion: Option<Role>,
    /// The orthodox move.
    pub mv: Option<Move>,
    /// The push that ends an Avalanche turn.
    pub push: Option<Push>,
}

impl Turn {
    /// A turn that is just a move (orthodox chess, or Avalanche with no push).
    pub const fn from_move(mv: Move) -> Turn {
        Turn {
            promotion: None,
            mv: Some(mv),
            push: None,
        }
    }
}
