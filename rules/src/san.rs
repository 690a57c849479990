//! The move part in SAN and UCI: writing it, and reading it leniently (`:` or `x` for
//! captures, `0-0`/`00`/`O-O`, over-disambiguated SAN, UCI and long algebraic, glyphs).

use crate::error::{CastleObstacle, MoveError, Unreadable};
use crate::movegen::MoveList;
use crate::position::{CastleSide, Position};
use crate::turn::Move;
use crate::typed;
use crate::types::{Role, Square, file_from_char, rank_from_char};

/// What a SAN string asks for, before it is matched against the legal moves.
#[derive(Debug, Default)]
struct SanPattern {
    role: Option<Role>,
    from_file: Option<u8>,
    from_rank: Option<u8>,
    to: Option<Square>,
    promotion: Option<Role>,
    capture: bool,
}

/// Removes what the move part may carry besides the move: check and mate marks and
/// annotation glyphs, and turns `:` into `x`.
pub(crate) fn clean_move_text(text: &str) -> String {
    text.chars()
        .map(crate::ascii_width_char)
        .filter(|c| !matches!(c, '+' | '#' | '!' | '?' | ' '))
        .map(|c| if c == ':' { 'x' } else { c })
        .collect::<String>()
        .trim_end_matches("e.p.")
        .to_string()
}

fn castle_side_of_text(text: &str) -> Option<CastleSide> {
    let t: String = text
        .chars()
        .filter(|c| *c != '-')
        .map(|c| c.to_ascii_uppercase())
        .collect();
    match t.as_str() {
        "OO" | "00" => Some(CastleSide::King),
        "OOO" | "000" => Some(CastleSide::Queen),
        _ => None,
    }
}

impl Position {
    /// The move in UCI: `e2e4`, `e7e8q`; castling as the king's destination in standard
    /// setups (`e1g1`, `d8f8` in reversed Avalanche) and king-onto-rook in Chess960 (`b1a1`).
    pub fn move_to_uci(&self, mv: &Move) -> String {
        let to = match self.castle_side(mv) {
            Some(side) if !self.is_chess960() => self.castle_target(self.side, side).king,
            _ => mv.to,
        };
        let mut s = format!("{}{}", mv.from, to);
        if let Some(role) = mv.promotion {
            s.push(role.upper_char().to_ascii_lowercase());
        }
        s
    }

    /// The move in SAN without check marks (`Nbd2`, `exd5`, `e8=Q`, `O-O`).
    pub fn move_to_san(&self, mv: &Move) -> String {
        if let Some(side) = self.castle_side(mv) {
            return match side {
                CastleSide::King => "O-O".to_string(),
                CastleSide::Queen => "O-O-O".to_string(),
            };
        }
        let Some(piece) = self.piece_at(mv.from) else {
            return self.move_to_uci(mv);
        };
        let capture = self.piece_at(mv.to).is_some()
            || (piece.role == Role::Pawn && mv.from.file() != mv.to.file());
        let mut s = String::with_capacity(8);
        if piece.role == Role::Pawn {
            if capture {
                s.push(mv.from.file_char());
            }
        } else {
            s.push(piece.role.upper_char());
            let rivals: Vec<Move> = self
                .legal_moves()
                .into_iter()
                .filter(|m| {
                    m.to == mv.to
                        && m.from != mv.from
                        && self.castle_side(m).is_none()
                        && self.piece_at(m.from).map(|p| p.role) == Some(piece.role)
                })
                .collect();
            if !rivals.is_empty() {
                let file_unique = rivals.iter().all(|m| m.from.file() != mv.from.file());
                let rank_unique = rivals.iter().all(|m| m.from.rank() != mv.from.rank());
                if file_unique {
                    s.push(mv.from.file_char());
                } else if rank_unique {
                    s.push(mv.from.rank_char());
                } else {
                    s.push(mv.from.file_char());
                    s.push(mv.from.rank_char());
                }
            }
        }
        if capture {
            s.push('x');
        }
        s.push_str(&mv.to.to_string());
        if let Some(role) = mv.promotion {
            s.push('=');
            s.push(role.upper_char());
        }
        s
    }

    /// Reads the move part of a turn: SAN, UCI or long algebraic, leniently, in any letter
    /// case where that is unambiguous (`E4`, `NXE5`, `Pe5`; `b` and `B` as lichess reads
    /// them: docs/rules.md, "Moves as typed").
    pub fn parse_move(&self, input: &str) -> Result<Move, MoveError> {
        let text = clean_move_text(input);
        let unparseable = |reason: Unreadable| MoveError::Unparseable {
            input: crate::quote::quote(input.trim()),
            reason,
        };
        if text.is_empty() {
            return Err(unparseable(Unreadable::NoMove));
        }
        let legal = self.legal_moves();
        if let Some(side) = castle_side_of_text(&text) {
            return self.find_castle(&legal, side);
        }
        let readings = typed::spellings(&text).into_iter().map(|spelling| {
            if let Some(mv) = self.parse_coordinate_move(&spelling, &legal)? {
                return Ok(mv);
            }
            let pattern =
                parse_san(&spelling).ok_or_else(|| unparseable(Unreadable::NotNotation))?;
            self.match_san(&pattern, &legal)
        });
        typed::first_legal(readings).unwrap_or_else(|| Err(unparseable(Unreadable::NotNotation)))
    }

    /// Why no move of `candidates` (the legal moves that fit what was typed but for the
    /// promotion) fits the promotion `asked`: a piece is missing or is a king (the choices
    /// are the pawn's legal promotions), or promoting is not possible there.
    pub(crate) fn promotion_error(&self, asked: Option<Role>, candidates: &[Move]) -> MoveError {
        let promotions: Vec<String> = candidates
            .iter()
            .filter(|m| m.promotion.is_some())
            .map(|m| self.move_to_san(m))
            .collect();
        match asked {
            _ if promotions.is_empty() => MoveError::PromotionNotAllowed,
            Some(Role::King) => MoveError::PromotionToKing { promotions },
            _ => MoveError::PromotionMissing { promotions },
        }
    }

    fn find_castle(&self, legal: &MoveList, side: CastleSide) -> Result<Move, MoveError> {
        legal
            .iter()
            .find(|m| self.castle_side(m) == Some(side))
            .copied()
            .ok_or_else(|| MoveError::CannotCastle {
                side,
                reason: self
                    .castling_obstacle(side)
                    .unwrap_or(CastleObstacle::NotPossible),
            })
    }

    /// Reads `e2e4`, `e7e8q`, `e2-e4`, `Ng1-f3`, `Nb1d2`, `e1g1` (castling), `b1a1`
    /// (king onto rook). `Ok(None)` when the text is not of that form.
    fn parse_coordinate_move(
        &self,
        text: &str,
        legal: &MoveList,
    ) -> Result<Option<Move>, MoveError> {
        let mut chars: Vec<char> = text
            .chars()
            .filter(|c| !matches!(c, '-' | 'x' | '='))
            .collect();
        let named = chars
            .first()
            .copied()
            .filter(char::is_ascii_uppercase)
            .and_then(Role::from_char);
        if named.is_some() {
            chars.remove(0);
        }
        let square = |f: Option<&char>, r: Option<&char>| {
            f.and_then(|&f| file_from_char(f))
                .zip(r.and_then(|&r| rank_from_char(r)))
                .and_then(|(f, r)| Square::new(f, r))
        };
        let (Some(from), Some(to)) = (
            square(chars.first(), chars.get(1)),
            square(chars.get(2), chars.get(3)),
        ) else {
            return Ok(None);
        };
        // Any piece letter reads here, so that `b7a8k` hears why a pawn cannot become a king.
        let promotion = match chars.get(4) {
            None => None,
            Some(&c) => match Role::from_char(c) {
                Some(role) if chars.len() == 5 => Some(role),
                _ => return Ok(None),
            },
        };
        let mv = Move {
            from,
            to,
            promotion,
        };
        if let Some(role) = named
            && self.piece_at(from).map(|p| p.role) != Some(role)
        {
            return Err(MoveError::CannotMoveThere { role, from, to });
        }
        if legal.contains(&mv) {
            return Ok(Some(mv));
        }
        // The king's move to its castling square stands for castling where unambiguous.
        if self
            .piece_at(from)
            .is_some_and(|p| p.role == Role::King && p.color == self.side)
            && let Some(castle) = legal.iter().find(|m| {
                m.from == from
                    && self
                        .castle_side(m)
                        .is_some_and(|side| self.castle_target(self.side, side).king == to)
            })
            && !legal
                .iter()
                .any(|m| m.from == from && m.to == to && self.castle_side(m).is_none())
        {
            return Ok(Some(*castle));
        }
        if let Some(side) = self.castle_side(&mv) {
            return Err(MoveError::CannotCastle {
                side,
                reason: self
                    .castling_obstacle(side)
                    .unwrap_or(CastleObstacle::NotPossible),
            });
        }
        Err(self.diagnose_move(mv))
    }

    fn match_san(&self, p: &SanPattern, legal: &MoveList) -> Result<Move, MoveError> {
        let role = p.role.unwrap_or(Role::Pawn);
        let Some(to) = p.to else {
            return Err(MoveError::Unparseable {
                input: String::new(),
                reason: Unreadable::NoDestination,
            });
        };
        let fits = |m: &Move| {
            m.to == to
                && self.castle_side(m).is_none()
                && self.piece_at(m.from).map(|pc| pc.role) == Some(role)
                && p.from_file.is_none_or(|f| m.from.file() == f)
                && p.from_rank.is_none_or(|r| m.from.rank() == r)
        };
        let candidates: Vec<Move> = legal.iter().filter(|m| fits(m)).copied().collect();
        let with_promotion: Vec<Move> = candidates
            .iter()
            .filter(|m| m.promotion == p.promotion)
            .copied()
            .collect();
        match with_promotion.as_slice() {
            [mv] => return Ok(*mv),
            [] if !candidates.is_empty() => {
                return Err(self.promotion_error(p.promotion, &candidates));
            }
            [] => {}
            many => {
                let mut squares: Vec<Square> = many.iter().map(|m| m.from).collect();
                squares.dedup();
                return Err(MoveError::Ambiguous {
                    role,
                    to,
                    candidates: squares,
                });
            }
        }
        let ours = self.pieces(self.side, role);
        let reachers: Vec<Square> = ours
            .filter(|&from| {
                p.from_file.is_none_or(|f| from.file() == f)
                    && p.from_rank.is_none_or(|r| from.rank() == r)
                    && self.pseudo_reaches(from, to)
            })
            .collect();
        if let Some(&from) = reachers.first() {
            return Err(self.diagnose_move(Move {
                from,
                to,
                promotion: p.promotion,
            }));
        }
        Err(MoveError::NoPieceCanReach { role, to })
    }
}

/// Splits SAN (already cleaned) into its parts; `None` when it is not SAN at all.
fn parse_san(text: &str) -> Option<SanPattern> {
    let mut chars: Vec<char> = text.chars().collect();
    let mut p = SanPattern::default();
    if let Some(&c) = chars.first()
        && c.is_ascii_uppercase()
    {
        p.role = Some(Role::from_char(c).filter(|r| *r != Role::Pawn)?);
        chars.remove(0);
    } else if let Some(&c) = chars.first()
        && matches!(c, 'n' | 'r' | 'q' | 'k')
    {
        p.role = Role::from_char(c);
        chars.remove(0);
    }
    // Promotion at the end: `=Q`, `Q` or `(Q)`; any piece letter, so that `=K` hears why not.
    chars.retain(|c| !matches!(c, '(' | ')'));
    if let Some(&last) = chars.last()
        && !last.is_ascii_digit()
    {
        let role = Role::from_char(last)?;
        p.promotion = Some(role);
        chars.pop();
        if chars.last() == Some(&'=') {
            chars.pop();
        }
    }
    let n = chars.len();
    if n < 2 {
        return None;
    }
    p.to = Some(Square::new(
        file_from_char(chars[n - 2])?,
        rank_from_char(chars[n - 1])?,
    )?);
    let mut head = &chars[..n - 2];
    if let [rest @ .., 'x'] = head {
        p.capture = true;
        head = rest;
    }
    match head {
        [] => {}
        [c] if c.is_ascii_digit() => p.from_rank = Some(rank_from_char(*c)?),
        [c] => p.from_file = Some(file_from_char(*c)?),
        [f, r] => {
            p.from_file = Some(file_from_char(*f)?);
            p.from_rank = Some(rank_from_char(*r)?);
        }
        _ => return None,
    }
    if p.role.is_none() && p.promotion.is_none() && !p.capture && p.from_rank.is_some() {
        return None;
    }
    // A pawn named by its own file and no rank goes nowhere new: `bb5` is the bishop's move,
    // `bxb5` too (lichess reads them so).
    if p.role.is_none()
        && p.from_rank.is_none()
        && p.from_file.is_some()
        && p.from_file == p.to.map(|t| t.file())
    {
        return None;
    }
    Some(p)
}
