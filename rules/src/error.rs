//! Why a move, a FEN or a setup was refused.

use crate::position::CastleSide;
use crate::turn::Push;
use crate::types::{Color, Role, Square};

/// Joins squares for a message: "b1, d2 and f3".
pub(crate) fn list_squares(squares: &[Square]) -> String {
    let names: Vec<String> = squares.iter().map(Square::to_string).collect();
    join_words(&names)
}

/// Joins pushes by their destination squares for a message.
pub(crate) fn list_pushes(pushes: &[Push]) -> String {
    let names: Vec<String> = pushes.iter().map(|p| p.to.to_string()).collect();
    join_words(&names)
}

/// Joins pushes offered as a choice, by their destination squares: "a6, b6 or c6".
fn push_choices(pushes: &[Push]) -> String {
    let names: Vec<String> = pushes.iter().map(|p| p.to.to_string()).collect();
    join_choices(&names)
}

fn join_words(words: &[String]) -> String {
    join_with(words, "and")
}

/// Joins choices for a message: "a6, b6 or c6".
fn join_choices(words: &[String]) -> String {
    join_with(words, "or")
}

fn join_with(words: &[String], last_word: &str) -> String {
    match words {
        [] => String::new(),
        [one] => one.clone(),
        [init @ .., last] => format!("{} {last_word} {last}", init.join(", ")),
    }
}

/// What to write for a pawn reaching its last rank: its legal promotions as code, or the
/// pieces to add when none is known.
fn promotion_choices(promotions: &[String]) -> String {
    if promotions.is_empty() {
        return "add =Q, =R, =B or =N".to_owned();
    }
    let codes: Vec<String> = promotions.iter().map(|p| format!("`{p}`")).collect();
    format!("write {}", join_choices(&codes))
}

/// A move or turn that cannot be played, and why. Every variant reads as a sentence a
/// player can act on.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum MoveError {
    /// The text is not notation nadare understands.
    #[error("`{input}` is not a move I can read: {reason}")]
    Unparseable {
        /// What was typed.
        input: String,
        /// What is wrong with it.
        reason: Unreadable,
    },
    /// The game has ended; no more turns.
    #[error("the game is over")]
    GameOver,
    /// A pending Avalanche promotion must be chosen before the move.
    #[error(
        "first choose a piece for your pawn on {square}: write `=Q`, `=R`, `=B` or `=N` before your move"
    )]
    PromotionChoiceDue {
        /// The waiting pawn.
        square: Square,
    },
    /// The promotion choice would leave the chooser no legal move, so it makes no turn.
    #[error("choosing a {role} would leave you no legal move: choose another piece")]
    NoMoveAfterChoice {
        /// The role chosen.
        role: Role,
    },
    /// A promotion choice was given but no pawn is waiting for one.
    #[error("you have no pawn waiting for a promotion choice")]
    NoPendingPromotion,
    /// No piece of that kind can move to the square.
    #[error("no {role} of yours can reach {to}")]
    NoPieceCanReach {
        /// The piece named.
        role: Role,
        /// The square named.
        to: Square,
    },
    /// The named square holds no piece of the side to move.
    #[error("you have no piece on {0}")]
    NoPieceOn(Square),
    /// The named piece cannot move there at all.
    #[error("the {role} on {from} cannot move to {to}")]
    CannotMoveThere {
        /// The piece.
        role: Role,
        /// Where it stands.
        from: Square,
        /// Where it was asked to go.
        to: Square,
    },
    /// Several pieces fit the notation.
    #[error("that is ambiguous: the {role}s on {} can all reach {to}; name the one you mean (e.g. `{}{}{to}`)", list_squares(.candidates), .role.upper_char(), .candidates.first().map(|s| s.file_char()).unwrap_or('a'))]
    Ambiguous {
        /// The piece named.
        role: Role,
        /// The square named.
        to: Square,
        /// The pieces that could go there.
        candidates: Vec<Square>,
    },
    /// The move would leave (or keep) the mover's king attacked.
    #[error("{}", if *.in_check { "you are in check, and that move does not get your king out of it" } else { "that move would leave your king in check" })]
    LeavesKingInCheck {
        /// Whether the mover is in check already.
        in_check: bool,
    },
    /// Castling is not possible now.
    #[error("you cannot castle {} now: {reason}", .side.name())]
    CannotCastle {
        /// The side asked for.
        side: CastleSide,
        /// Why not.
        reason: CastleObstacle,
    },
    /// A pawn reaching its last rank needs a piece, and none (or a pawn) was given.
    #[error("a pawn reaching its last rank must become a piece: {}", promotion_choices(.promotions))]
    PromotionMissing {
        /// The legal promotions of that pawn there, in SAN (`bxa8=Q`, `bxa8=R`, `bxa8=B`,
        /// `bxa8=N`).
        promotions: Vec<String>,
    },
    /// A pawn reaching its last rank was told to become a king.
    #[error("a pawn cannot become a king: {}", promotion_choices(.promotions))]
    PromotionToKing {
        /// The legal promotions of that pawn there, in SAN.
        promotions: Vec<String>,
    },
    /// A promotion piece was given to a move that does not promote.
    #[error("only a pawn reaching its last rank promotes")]
    PromotionNotAllowed,
    /// The Avalanche turn needs a push and none was given.
    #[error("a push is required: push one of the enemy pawns to {} (e.g. `/{}`)", list_pushes(.pushable), .pushable.first().map(|p| p.to.to_string()).unwrap_or_default())]
    PushRequired {
        /// The pushes possible after the move.
        pushable: Vec<Push>,
    },
    /// The named push is not possible.
    #[error("no enemy pawn can be pushed to {to}{}", if .pushable.is_empty() { String::new() } else { format!("; you can push to {}", list_pushes(.pushable)) })]
    CannotPush {
        /// The square named.
        to: Square,
        /// The pushes that are possible.
        pushable: Vec<Push>,
    },
    /// What stands where the push goes is not a square.
    #[error("`{input}` is not a push I can read: give the square the pushed pawn lands on, {} (e.g. `/{}`)", push_choices(.pushable), .pushable.first().map(|p| p.to.to_string()).unwrap_or_default())]
    UnreadablePush {
        /// What was typed for the push (or for the whole turn), quoted as typed input is.
        input: String,
        /// The pushes that are open.
        pushable: Vec<Push>,
    },
    /// A push was given where the turn has none.
    #[error("this turn has no push: {reason}")]
    NoPushAllowed {
        /// Why not.
        reason: NoPush,
    },
}

/// What is wrong with text that is not a move nadare can read.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum Unreadable {
    /// Nothing was typed.
    #[error("it is empty")]
    Empty,
    /// Only marks, no move.
    #[error("there is no move in it")]
    NoMove,
    /// Neither SAN nor squares.
    #[error("write it in SAN (`Nf3`, `exd5`, `O-O`, `e8=Q`) or as squares (`g1f3`)")]
    NotNotation,
    /// A piece without a square to go to.
    #[error("no destination square")]
    NoDestination,
    /// A second promotion choice, or one after the move.
    #[error("the promotion choice comes first, and it is already made")]
    ChoiceAlreadyMade,
    /// `=` without a piece a pawn may become.
    #[error("after `=` name the piece: Q, R, B or N")]
    ChoiceNeedsPiece,
    /// More after a promotion choice that ends the game.
    #[error("that promotion choice ends the game: nothing may follow it")]
    ChoiceEndsGame,
    /// A promotion choice alone where a whole turn is needed.
    #[error("a move must follow the promotion choice (e.g. `=Q Nf3/a6`)")]
    MoveAfterChoice,
    /// Something after the `/` that is not a square. The turn reader answers
    /// [`MoveError::UnreadablePush`] instead, which names the pushes that are open.
    #[error("after the `/` give the square the pushed pawn lands on (e.g. `/a3`)")]
    PushSquare,
}

/// Why castling is not possible now.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum CastleObstacle {
    /// The king or that rook has moved (or the rook is gone).
    #[error("your king or that rook has moved")]
    Moved,
    /// The side has no king.
    #[error("you have no king")]
    NoKing,
    /// The king is in check.
    #[error("you are in check")]
    InCheck,
    /// Pieces stand between or on the squares king and rook need.
    #[error("pieces stand in the way")]
    Blocked,
    /// The king would pass over or land on an attacked square.
    #[error("your king would pass over or land on an attacked square")]
    Attacked,
    /// The move named is not a castling move here.
    #[error("castling is not possible here")]
    NotPossible,
}

/// Why a turn has no push.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum NoPush {
    /// The variant has no pushes.
    #[error("only Avalanche turns have a push")]
    NotAvalanche,
    /// White's first turn in Balanced Avalanche.
    #[error("White's first turn in Balanced Avalanche has no push")]
    BalancedFirstTurn,
    /// No enemy pawn can step forward after the move.
    #[error("no enemy pawn can step forward after that move")]
    NoPawnCanStep,
}

/// A FEN that cannot be read; each variant names the field at fault.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum FenError {
    /// The piece placement field is malformed.
    #[error("bad FEN piece placement: {0}")]
    Placement(String),
    /// The side-to-move field is not `w` or `b`.
    #[error("bad FEN side to move `{0}`: expected `w` or `b`")]
    SideToMove(String),
    /// The castling field is malformed or names a missing rook or king.
    #[error("bad FEN castling field `{field}`: {reason}")]
    Castling {
        /// The field as given.
        field: String,
        /// What is wrong.
        reason: String,
    },
    /// The castling field gives one side of one colour twice: a letter repeated (`KKq`,
    /// `AAh`), or two letters for one side (`KH` in Chess960, where `K` is the h-file rook;
    /// `HG`).
    #[error(
        "bad FEN castling field `{field}`: `{first}` and `{second}` both give {color} a castling \
         right on the same side"
    )]
    CastlingTwice {
        /// The field as given.
        field: String,
        /// Whose right it is.
        color: Color,
        /// The letter that gave the right first.
        first: char,
        /// The letter that gave it again.
        second: char,
    },
    /// The en-passant field is malformed or impossible.
    #[error("bad FEN en-passant field `{0}`")]
    EnPassant(String),
    /// The halfmove clock is not a number from 0 to [`crate::MAX_COUNTER`].
    #[error("bad FEN halfmove clock `{0}`: expected a number from 0 to {max}", max = crate::MAX_COUNTER)]
    HalfmoveClock(String),
    /// The fullmove number is not a number from 1 to [`crate::MAX_COUNTER`].
    #[error("bad FEN fullmove number `{0}`: expected a number from 1 to {max}", max = crate::MAX_COUNTER)]
    FullmoveNumber(String),
    /// Too few or too many fields.
    #[error("a FEN has 4 to 6 fields separated by spaces; this one has {0}")]
    FieldCount(usize),
    /// The position itself is impossible (no king, side not to move in check…).
    #[error("impossible position: {0}")]
    Illegal(String),
}

/// A game that cannot be set up as asked.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SetupError {
    /// The Chess960 number is out of range.
    #[error("Chess960 setups are numbered 0 to 959, not {0}")]
    Chess960Number(u32),
    /// Chess960 needs a setup number (draw one at random with the service).
    #[error("a Chess960 game needs a setup number 0 to 959")]
    MissingNumber,
    /// The variant has a fixed setup.
    #[error("{0} has a fixed setup and cannot start from a Chess960 number")]
    FixedSetup(&'static str),
}
