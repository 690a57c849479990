//! Reading FEN, X-FEN and Shredder-FEN; writing FEN with `KQkq` castling, or Shredder-FEN
//! for positions that follow Chess960 conventions (docs/rules.md, "FEN"). Also the start
//! positions of every variant, and the checks a FEN may state.

use crate::bitboard::Bitboard;
use crate::chess960;
use crate::error::{FenError, SetupError};
use crate::position::{CastleSide, Position, chess960_targets, two_square_targets};
use crate::quote::quote;
use crate::types::{Color, Piece, Role, Square, file_from_char};
use crate::variant::{Castling, Setups, Variant};

/// The largest halfmove clock and fullmove number a FEN may give: far beyond any game
/// played, and far below where counting on from it could overflow.
pub const MAX_COUNTER: u32 = 1_000_000;

/// The usual start, as FEN.
pub const STANDARD_START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
/// The start of Castelli's reversed Avalanche: Black's king on d8, queen on e8.
pub const REVERSED_START: &str = "rnbkqbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

impl Position {
    /// The start position of a new game: `chess960` picks a numbered setup where the
    /// variant allows one (it is required for `chess960`).
    pub fn new_game(variant: Variant, chess960: Option<u16>) -> Result<Position, SetupError> {
        let rules = variant.rules();
        let number = match (rules.setups, chess960) {
            (Setups::Chess960, None) => return Err(SetupError::MissingNumber),
            (Setups::Usual, Some(n)) if n != chess960::STANDARD_NUMBER => {
                return Err(SetupError::FixedSetup(variant.name()));
            }
            (_, Some(n)) => n,
            (_, None) => chess960::STANDARD_NUMBER,
        };
        let rank = chess960::position_from_number(number)
            .ok_or(SetupError::Chess960Number(u32::from(number)))?;
        let mut pos = Position::empty(variant);
        for (file, role) in (0u8..).zip(rank) {
            for color in Color::ALL {
                let back = Square::new(file, color.back_rank());
                let pawn_rank = if color == Color::White { 1 } else { 6 };
                if let (Some(back), Some(pawn)) = (back, Square::new(file, pawn_rank)) {
                    pos.put(back, Piece::new(color, role));
                    pos.put(pawn, Piece::new(color, Role::Pawn));
                }
            }
        }
        if rules.black_king_queen_swapped
            && let (Some(king), Some(queen)) = (
                pos.king_square(Color::Black),
                pos.pieces(Color::Black, Role::Queen).first(),
            )
        {
            pos.remove(king);
            pos.remove(queen);
            pos.put(queen, Piece::new(Color::Black, Role::King));
            pos.put(king, Piece::new(Color::Black, Role::Queen));
        }
        for color in Color::ALL {
            let rooks = pos.pieces(color, Role::Rook);
            let king = pos.king_square(color);
            for rook in rooks {
                let side = if king.is_some_and(|k| rook.file() > k.file()) {
                    CastleSide::King
                } else {
                    CastleSide::Queen
                };
                pos.castling[color.index()][side.index()] = Some(rook);
            }
        }
        pos.set_castle_targets();
        Ok(pos)
    }

    /// Sets the castling geometry of the rule set: Chess960's, except where a side castles
    /// two squares from wherever its king stands (Black in Reversed Avalanche). It depends on
    /// the king's square only, so it is set again whenever a king moves.
    pub(crate) fn set_castle_targets(&mut self) {
        self.targets[Color::White.index()] = chess960_targets(Color::White);
        self.targets[Color::Black.index()] =
            match (self.rules().black_castling, self.king_square(Color::Black)) {
                (Castling::TwoSquares, Some(king)) => two_square_targets(king),
                _ => chess960_targets(Color::Black),
            };
    }

    /// Reads a FEN (also X-FEN and Shredder-FEN castling) as a position of `variant`.
    /// Missing clocks default to `0 1`; the clocks may not exceed [`MAX_COUNTER`]. An
    /// en-passant square is kept only when the capture there is legal. In Avalanche, en
    /// passant is ignored (the variant has none) and a pawn of the side to move on its
    /// last rank is a pending promotion. A king that castles two squares (Black in Reversed
    /// Avalanche) needs room for it on the board to keep its castling right.
    ///
    /// ```
    /// use rules::{FenError, Position, Variant};
    ///
    /// let p = Position::from_fen(Variant::Standard, "4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1")?;
    /// assert_eq!(p.legal_moves().len(), 26);
    /// assert!(matches!(
    ///     Position::from_fen(Variant::Standard, "4k3/8/8/8/8/8/8/4K3 w - - x 1"),
    ///     Err(FenError::HalfmoveClock(_))
    /// ));
    /// # Ok::<(), FenError>(())
    /// ```
    pub fn from_fen(variant: Variant, fen: &str) -> Result<Position, FenError> {
        let fields: Vec<&str> = fen.split_whitespace().collect();
        if !(4..=6).contains(&fields.len()) {
            return Err(FenError::FieldCount(fields.len()));
        }
        let mut pos = Position::empty(variant);
        read_placement(&mut pos, fields[0])?;
        pos.side = match fields[1] {
            "w" | "W" => Color::White,
            "b" | "B" => Color::Black,
            other => return Err(FenError::SideToMove(quote(other))),
        };
        read_castling(&mut pos, fields[2])?;
        pos.ep = read_en_passant(&pos, fields[3])?;
        if let Some(h) = fields.get(4) {
            pos.halfmove = h
                .parse()
                .ok()
                .filter(|&n: &u32| n <= MAX_COUNTER)
                .ok_or_else(|| FenError::HalfmoveClock(quote(h)))?;
        }
        if let Some(f) = fields.get(5) {
            pos.fullmove = f
                .parse()
                .ok()
                .filter(|&n: &u32| (1..=MAX_COUNTER).contains(&n))
                .ok_or_else(|| FenError::FullmoveNumber(quote(f)))?;
        }
        let rules = variant.rules();
        pos.set_castle_targets();
        if rules.black_castling == Castling::TwoSquares
            && let Some(king) = pos.king_square(Color::Black)
        {
            let cramped = |side: CastleSide| {
                let files = if side == CastleSide::King { 2 } else { -2 };
                pos.castling_rook(Color::Black, side).is_some() && king.offset(files, 0).is_none()
            };
            if CastleSide::ALL.into_iter().any(cramped) {
                return Err(FenError::Castling {
                    field: quote(fields[2]),
                    reason: "Black's king castles two squares here and has no room for that"
                        .to_string(),
                });
            }
        }
        validate(&pos)?;
        pos.ep = pos.ep.filter(|&ep| pos.en_passant_capturable(ep, pos.side));
        Ok(pos)
    }

    /// The position as FEN: Shredder-FEN castling (rook files) for Chess960 positions,
    /// standard `KQkq` otherwise.
    pub fn to_fen(&self) -> String {
        self.fen(self.is_chess960())
    }

    /// The position as X-FEN: castling as `KQkq` when the rook is the outermost one on its
    /// side, as its file letter otherwise; what most other chess software reads, Chess960
    /// included. For a position that is not Chess960 this is [`Position::to_fen`].
    pub fn to_xfen(&self) -> String {
        self.fen(false)
    }

    /// The FEN, with every castling right as its rook's file when `rook_files`, else X-FEN.
    fn fen(&self, rook_files: bool) -> String {
        let mut out = String::with_capacity(90);
        for rank in (0..8).rev() {
            let mut empty = 0;
            for file in 0..8 {
                match Square::new(file, rank).and_then(|sq| self.piece_at(sq)) {
                    Some(p) => {
                        if empty > 0 {
                            out.push(char::from(b'0' + empty));
                            empty = 0;
                        }
                        out.push(p.fen_char());
                    }
                    None => empty += 1,
                }
            }
            if empty > 0 {
                out.push(char::from(b'0' + empty));
            }
            if rank > 0 {
                out.push('/');
            }
        }
        out.push_str(if self.side == Color::White {
            " w "
        } else {
            " b "
        });
        let mut castling = String::new();
        for color in Color::ALL {
            for side in CastleSide::ALL {
                if let Some(rook) = self.castling_rook(color, side) {
                    let c = if rook_files || outermost_rook(self, color, side) != Some(rook) {
                        rook.file_char()
                    } else if side == CastleSide::King {
                        'k'
                    } else {
                        'q'
                    };
                    castling.push(if color == Color::White {
                        c.to_ascii_uppercase()
                    } else {
                        c
                    });
                }
            }
        }
        out.push_str(if castling.is_empty() { "-" } else { &castling });
        out.push(' ');
        match self.ep {
            Some(ep) => out.push_str(&ep.to_string()),
            None => out.push('-'),
        }
        out.push_str(&format!(" {} {}", self.halfmove, self.fullmove));
        out
    }
}

/// The rook farthest from the king on `side` of `color`'s back rank.
fn outermost_rook(pos: &Position, color: Color, side: CastleSide) -> Option<Square> {
    let king = pos.king_square(color)?;
    let rooks = pos.pieces(color, Role::Rook) & Bitboard::rank(color.back_rank());
    let mut on_side = rooks.filter(|r| match side {
        CastleSide::King => r.file() > king.file(),
        CastleSide::Queen => r.file() < king.file(),
    });
    match side {
        CastleSide::King => on_side.last(),
        CastleSide::Queen => on_side.next(),
    }
}

fn read_placement(pos: &mut Position, field: &str) -> Result<(), FenError> {
    let ranks: Vec<&str> = field.split('/').collect();
    if ranks.len() != 8 {
        return Err(FenError::Placement(format!(
            "expected 8 ranks separated by `/`, found {}",
            ranks.len()
        )));
    }
    for (i, text) in ranks.iter().enumerate() {
        let rank = 7 - i as u8;
        let mut file = 0u8;
        for c in text.chars() {
            if let Some(d) = c.to_digit(10).filter(|d| (1..=8).contains(d)) {
                file += d as u8;
                if file > 8 {
                    return Err(FenError::Placement(format!(
                        "rank {} has more than 8 squares",
                        rank + 1
                    )));
                }
            } else if let Some(piece) = Piece::from_fen_char(c) {
                let sq = Square::new(file, rank).ok_or_else(|| {
                    FenError::Placement(format!("rank {} has more than 8 squares", rank + 1))
                })?;
                pos.put(sq, piece);
                file += 1;
            } else {
                return Err(FenError::Placement(format!(
                    "`{c}` is neither a piece letter nor a digit 1-8"
                )));
            }
        }
        if file != 8 {
            return Err(FenError::Placement(format!(
                "rank {} has {file} squares, not 8",
                rank + 1
            )));
        }
    }
    Ok(())
}

fn read_castling(pos: &mut Position, field: &str) -> Result<(), FenError> {
    if field == "-" {
        return Ok(());
    }
    let err = |reason: String| FenError::Castling {
        field: quote(field),
        reason,
    };
    // The letter that gave each colour's right on each side, so none is given twice.
    let mut given = [[None; 2]; 2];
    for c in field.chars() {
        let color = if c.is_ascii_uppercase() {
            Color::White
        } else {
            Color::Black
        };
        let king = pos
            .king_square(color)
            .filter(|k| k.rank() == color.back_rank())
            .ok_or_else(|| {
                err(format!(
                    "{color} has castling rights but no king on its back rank"
                ))
            })?;
        let (side, rook) = match c.to_ascii_lowercase() {
            'k' => (
                CastleSide::King,
                outermost_rook(pos, color, CastleSide::King),
            ),
            'q' => (
                CastleSide::Queen,
                outermost_rook(pos, color, CastleSide::Queen),
            ),
            f => {
                let file = file_from_char(f)
                    .ok_or_else(|| err(format!("`{c}` is not a castling letter")))?;
                let sq = Square::new(file, color.back_rank());
                let side = if file > king.file() {
                    CastleSide::King
                } else {
                    CastleSide::Queen
                };
                (
                    side,
                    sq.filter(|s| pos.pieces(color, Role::Rook).contains(*s)),
                )
            }
        };
        let rook = rook.ok_or_else(|| err(format!("no {color} rook for `{c}`")))?;
        if rook.file() == king.file() {
            return Err(err(format!("`{c}` names the king's own file")));
        }
        let slot = &mut given[color.index()][side.index()];
        if let Some(first) = *slot {
            return Err(FenError::CastlingTwice {
                field: quote(field),
                color,
                first,
                second: c,
            });
        }
        *slot = Some(c);
        pos.castling[color.index()][side.index()] = Some(rook);
    }
    Ok(())
}

fn read_en_passant(pos: &Position, field: &str) -> Result<Option<Square>, FenError> {
    if field == "-" {
        return Ok(None);
    }
    let sq: Square = field
        .parse()
        .map_err(|_| FenError::EnPassant(quote(field)))?;
    if !pos.rules().en_passant {
        return Ok(None);
    }
    let (rank, pawn_rank) = match pos.side {
        Color::White => (5, 4),
        Color::Black => (2, 3),
    };
    let them = pos.side.opposite();
    if sq.rank() != rank
        || !pos
            .pieces(them, Role::Pawn)
            .contains(sq.with_rank(pawn_rank))
    {
        return Err(FenError::EnPassant(quote(field)));
    }
    let capturers = crate::attacks::pawn(them, sq) & pos.pieces(pos.side, Role::Pawn);
    Ok(capturers.is_nonempty().then_some(sq))
}

fn validate(pos: &Position) -> Result<(), FenError> {
    for color in Color::ALL {
        let kings = pos.pieces(color, Role::King).count();
        if kings != 1 {
            return Err(FenError::Illegal(format!(
                "{color} has {kings} kings, not one"
            )));
        }
        // No turn adds a piece: a side keeps at most its 16, and at most its 8 pawns.
        let (men, pawns) = (
            pos.color_bb(color).count(),
            pos.pieces(color, Role::Pawn).count(),
        );
        if men > 16 || pawns > 8 {
            return Err(FenError::Illegal(format!(
                "{color} has {men} pieces of which {pawns} pawns; a side has at most 16, of which 8 pawns"
            )));
        }
        let own_first = pos.pieces(color, Role::Pawn) & Bitboard::rank(color.back_rank());
        if own_first.is_nonempty() {
            return Err(FenError::Illegal(format!(
                "{color} has a pawn on its own first rank"
            )));
        }
        let last = pos.pieces(color, Role::Pawn) & Bitboard::rank(color.opposite().back_rank());
        let waiting_allowed = pos.rules().push && color == pos.side;
        if last.is_nonempty() && !waiting_allowed {
            return Err(FenError::Illegal(format!(
                "{color} has an unpromoted pawn on its last rank (only an Avalanche pawn of the side to move may wait there)"
            )));
        }
        if last.more_than_one() {
            return Err(FenError::Illegal(format!(
                "{color} has more than one pawn waiting to promote"
            )));
        }
    }
    // In Avalanche the side not to move may be in check: the game is over (docs/rules.md).
    if pos.king_attacked(pos.side.opposite()) && !pos.rules().push {
        return Err(FenError::Illegal(format!(
            "{} is not to move but is in check",
            pos.side.opposite()
        )));
    }
    for color in Color::ALL {
        possible_checkers(pos, color)?;
    }
    // Only the Chess960 family may castle from other squares than the usual ones.
    if pos.rules().setups == Setups::Usual && pos.is_chess960() {
        return Err(FenError::Illegal(format!(
            "{} castles only with the king on the e-file and a rook on the a- or h-file",
            pos.variant().name()
        )));
    }
    Ok(())
}

/// Refuses a check on `color`'s king that no turn can give: by a king, by two pawns or
/// knights (a turn moves one piece that checks; the others it uncovers are sliders), by more
/// than two pieces (three when `color` is to move in Avalanche: the move's piece, a line its
/// square opened and a line the push opened), or, when a single move gave the check, by
/// two pieces on one line on either side of the king.
fn possible_checkers(pos: &Position, color: Color) -> Result<(), FenError> {
    let Some(king) = pos.king_square(color) else {
        return Ok(());
    };
    let checkers = pos.attackers_to(king, pos.occupied()) & pos.color_bb(color.opposite());
    let pushed = pos.rules().push && color == pos.side;
    let count = checkers.count();
    let leapers = checkers & (pos.role_bb(Role::Pawn) | pos.role_bb(Role::Knight));
    let opposite = match (checkers.first(), checkers.last()) {
        (Some(a), Some(b)) => crate::attacks::between(a, b).contains(king),
        _ => false,
    };
    let why = if (checkers & pos.role_bb(Role::King)).is_nonempty() {
        "the other king"
    } else if count > 3 || count > 2 && !pushed {
        "too many pieces"
    } else if leapers.more_than_one() {
        "two pawns or knights"
    } else if opposite && !pushed {
        "two pieces on either side of it on one line"
    } else {
        return Ok(());
    };
    Err(FenError::Illegal(format!(
        "{color}'s king is in check by {why}: no turn gives such a check"
    )))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn start_positions_write_the_expected_fen() {
        let fen = |v, n| Position::new_game(v, n).map(|p| p.to_fen());
        assert_eq!(fen(Variant::Standard, None).as_deref(), Ok(STANDARD_START));
        assert_eq!(fen(Variant::Avalanche, None).as_deref(), Ok(STANDARD_START));
        assert_eq!(
            fen(Variant::AvalancheReversed, None).as_deref(),
            Ok(REVERSED_START)
        );
        assert_eq!(
            fen(Variant::Chess960, Some(0)).as_deref(),
            Ok("bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w HFhf - 0 1")
        );
        assert_eq!(
            fen(Variant::Chess960, Some(518)).as_deref(),
            Ok("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w HAha - 0 1")
        );
        assert_eq!(fen(Variant::Chess960, None), Err(SetupError::MissingNumber));
        assert_eq!(
            fen(Variant::Standard, Some(3)),
            Err(SetupError::FixedSetup("Standard chess"))
        );
        assert_eq!(
            fen(Variant::Chess960, Some(960)),
            Err(SetupError::Chess960Number(960))
        );
    }

    #[test]
    fn x_fen_and_shredder_fen_name_the_same_rooks() {
        let shredder = Position::from_fen(
            Variant::Chess960,
            "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9",
        );
        let xfen = Position::from_fen(
            Variant::Chess960,
            "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w KQkq - 2 9",
        );
        assert!(shredder.is_ok());
        assert_eq!(shredder, xfen);
    }

    #[test]
    fn x_fen_writes_kqkq_for_outermost_rooks_and_files_for_inner_ones() {
        let xfen = |v, fen| Position::from_fen(v, fen).map(|p| p.to_xfen());
        // Setup 0: king g1, rooks f1 and h1, each the only one on its side.
        assert_eq!(
            Position::new_game(Variant::Chess960, Some(0))
                .map(|p| p.to_xfen())
                .as_deref(),
            Ok("bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w KQkq - 0 1")
        );
        // Two rooks west of the king; only the inner one (b1) may castle.
        let inner = "2nkn3/2p1p3/8/8/8/6r1/7r/RR3K2 w B - 0 1";
        assert_eq!(xfen(Variant::Chess960, inner).as_deref(), Ok(inner));
        let outer = "2nkn3/2p1p3/8/8/8/6r1/7r/RR3K2 w A - 0 1";
        assert_eq!(
            xfen(Variant::Chess960, outer).as_deref(),
            Ok("2nkn3/2p1p3/8/8/8/6r1/7r/RR3K2 w Q - 0 1")
        );
        assert_eq!(
            xfen(Variant::Standard, STANDARD_START).as_deref(),
            Ok(STANDARD_START)
        );
    }

    #[test]
    fn bad_fens_name_the_field() {
        let bad = |fen: &str| Position::from_fen(Variant::Standard, fen);
        assert!(matches!(
            bad("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP w KQkq - 0 1"),
            Err(FenError::Placement(_))
        ));
        assert!(matches!(
            bad("rnbqkbnr/ppppXppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"),
            Err(FenError::Placement(_))
        ));
        assert!(matches!(
            bad("rnbqkbnr/pppppppp/9/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"),
            Err(FenError::Placement(_))
        ));
        assert!(matches!(
            bad("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1"),
            Err(FenError::SideToMove(_))
        ));
        assert!(matches!(
            bad("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN1 w KQkq - 0 1"),
            Err(FenError::Castling { .. })
        ));
        assert!(matches!(
            bad("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e9 0 1"),
            Err(FenError::EnPassant(_))
        ));
        assert!(matches!(
            bad("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - x 1"),
            Err(FenError::HalfmoveClock(_))
        ));
        assert!(matches!(
            bad("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 0"),
            Err(FenError::FullmoveNumber(_))
        ));
        assert!(matches!(
            bad("8/8/8/8/8/8/8/8 w - -"),
            Err(FenError::Illegal(_))
        ));
        assert!(bad("4k3/8/8/8/8/8/8/4K2R b K - 0 1").is_ok());
        assert!(matches!(
            bad("4k2R/8/8/8/8/8/8/4K3 w - - 0 1"),
            Err(FenError::Illegal(_))
        ));
        assert!(matches!(bad("w"), Err(FenError::FieldCount(1))));
        let long_rank = format!("{}/8/8/8/8/8/8/8 w - - 0 1", "8".repeat(40));
        assert!(matches!(bad(&long_rank), Err(FenError::Placement(_))));
    }

    #[test]
    fn avalanche_fen_keeps_a_pending_promotion_and_drops_en_passant() {
        let pos = Position::from_fen(Variant::Avalanche, "3kP3/8/8/8/8/8/8/4K3 w - e6 0 30");
        assert!(
            pos.as_ref().is_ok_and(
                |p| p.pending_promotion() == "e8".parse().ok() && p.en_passant().is_none()
            )
        );
        assert!(Position::from_fen(Variant::Standard, "3kP3/8/8/8/8/8/8/4K3 w - - 0 30").is_err());
        assert!(Position::from_fen(Variant::Avalanche, "3kP3/8/8/8/8/8/8/4K3 b - - 0 30").is_err());
    }

    #[test]
    fn more_men_than_a_side_starts_with_are_refused() {
        // Seventeen white men: eight pawns and three rooks.
        let seventeen = "r3k2r/Pppp1Rpp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1";
        assert!(matches!(
            Position::from_fen(Variant::Standard, seventeen),
            Err(FenError::Illegal(_))
        ));
        let nine_pawns = "4k3/8/8/8/8/P7/PPPPPPPP/4K3 w - - 0 1";
        assert!(matches!(
            Position::from_fen(Variant::Avalanche, nine_pawns),
            Err(FenError::Illegal(_))
        ));
    }

    #[test]
    fn only_the_chess960_family_castles_from_other_squares() {
        let fen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNKBNRBQ w FAha - 0 1";
        assert!(Position::from_fen(Variant::Standard, fen).is_err());
        assert!(Position::from_fen(Variant::Chess960, fen).is_ok());
    }
}
