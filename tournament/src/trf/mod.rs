//! FIDE's Tournament Report File (TRF-2026, and the TRF16/TRF(x) forms other programs write):
//! the player lines (`001`), the tournament's name (`012`), the number of rounds (`XXR`, `142`),
//! the first player's first colour (`XXC`, `152`) and accelerated rounds (`XXA`, `250`), read
//! as the FIDE-endorsed program bbpPairings reads them. Lines that would change a pairing in a
//! way nadare does not apply (another system, another point system, forbidden pairs, teams)
//! are refused; lines with other codes are skipped. Columns are counted in characters, so
//! names in any script keep the fields in place.
//!
//! Player line columns: pairing number 5–8, name 15–47, rating 49–52, points 81–84, then one
//! ten-column field per round from column 92: opponent (4), colour `w`/`b`/`-`, result.
//!
//! A file that contradicts itself is refused, naming the line: a pairing number 0, a player
//! paired with themself, two sides of a game that do not name each other, have the same colour
//! or results that do not fit (both won), a points column other than the results' points.

mod check;
mod extra;
mod player;
mod write;

use thiserror::Error;

use crate::model::{Colour, Points, Tournament};

pub use check::Pair;
pub use write::{TrfWriteError, write};

/// The first column of the round fields of a player line.
const ROUNDS_COLUMN: usize = 92;
/// The width of a round field.
const ROUND_WIDTH: usize = 10;

/// Why a TRF could not be read, with the line and column (from 1) where it went wrong.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[error("line {line}, column {column}: {kind}")]
pub struct TrfError {
    /// The line, from 1.
    pub line: usize,
    /// The column, from 1.
    pub column: usize,
    /// What is wrong there.
    pub kind: TrfErrorKind,
}

/// What is wrong in a TRF.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum TrfErrorKind {
    /// A number was expected.
    #[error("expected a number, found `{0}`")]
    BadNumber(String),
    /// A colour other than `w`, `b` or `-`.
    #[error("expected a colour (w, b or -), found `{0}`")]
    BadColour(String),
    /// A result letter the format does not have.
    #[error("expected a result (1 0 = + - W D L H F U Z), found `{0}`")]
    BadResult(String),
    /// Opponent and colour that do not fit the result (a game without a colour, a bye with
    /// one).
    #[error("opponent, colour and result do not agree")]
    Inconsistent,
    /// A pairing number given twice.
    #[error("pairing number {0} appears twice")]
    Duplicate(u32),
    /// An opponent that is not a player of the file.
    #[error("opponent {0} is not a player of this file")]
    UnknownOpponent(u32),
    /// Pairing number 0: pairing numbers start at 1.
    #[error("pairing number 0: pairing numbers start at 1")]
    ZeroPairingNumber,
    /// A player named as their own opponent.
    #[error("player {player} is paired with themself in round {round}")]
    PairedWithSelf {
        /// The player.
        player: u32,
        /// The round, from 1.
        round: usize,
    },
    /// A player names an opponent whose line names someone else (or no one) that round.
    #[error("{0}: the opponent's line does not name this player")]
    OpponentDisagrees(Pair),
    /// Both sides of a game have the same colour.
    #[error("{0}: both have the same colour")]
    ColoursDisagree(Pair),
    /// The two results of a game do not fit (both won, a win against a draw, …).
    #[error("{0}: the two results do not fit one game")]
    ResultsDisagree(Pair),
    /// The points column does not match the results.
    #[error("player {player} has {given} points in the points column but {counted} by the results")]
    ScoreMismatch {
        /// The player.
        player: u32,
        /// The points the column gives.
        given: Points,
        /// The points the results bring.
        counted: Points,
    },
    /// A line longer than any TRF writes ([`MAX_LINE`] bytes): refused before it is read,
    /// so a hostile file costs no more than its size.
    #[error("the line is longer than {} bytes", MAX_LINE)]
    LineTooLong,
    /// `XXR`, `XXC` or an acceleration with a value it does not take.
    #[error("unsupported value `{0}`")]
    BadValue(String),
    /// A line that would change the pairing in a way nadare does not apply (another pairing
    /// system, point system or forbidden pairs): refused rather than paired differently.
    #[error("`{code}` lines are not supported: {what}")]
    Unsupported {
        /// The line's code.
        code: String,
        /// What nadare does not apply.
        what: &'static str,
    },
}

/// One line as characters, with its number, for error reporting.
pub(crate) struct Line {
    pub(crate) number: usize,
    pub(crate) chars: Vec<char>,
}

impl Line {
    /// Columns `from..=to` (from 1), trimmed; empty past the end of the line.
    pub(crate) fn field(&self, from: usize, to: usize) -> String {
        self.chars
            .iter()
            .skip(from.saturating_sub(1))
            .take(to + 1 - from)
            .collect::<String>()
            .trim()
            .to_owned()
    }

    pub(crate) fn error(&self, column: usize, kind: TrfErrorKind) -> TrfError {
        TrfError {
            line: self.number,
            column,
            kind,
        }
    }

    /// A number at columns `from..=to`, or `None` when blank.
    pub(crate) fn number(&self, from: usize, to: usize) -> Result<Option<u32>, TrfError> {
        let text = self.field(from, to);
        if text.is_empty() {
            return Ok(None);
        }
        text.parse()
            .map(Some)
            .map_err(|_| self.error(from, TrfErrorKind::BadNumber(text)))
    }
}

/// `text` without control characters, which would break a line written: names are read and
/// written so, so that what is read is what is written.
pub(crate) fn printable(text: &str) -> String {
    text.chars().filter(|c| !c.is_control()).collect()
}

/// The longest line read, in bytes: a player's line of 99 rounds is 1 081 columns, so eight
/// times that holds any real file.
pub const MAX_LINE: usize = 8192;

/// Reads a TRF.
pub fn read(text: &str) -> Result<Tournament, TrfError> {
    let mut tournament = Tournament::default();
    let mut opponents = Vec::new();
    let mut seen = Vec::new();
    for (index, raw) in text.lines().enumerate() {
        if raw.len() > MAX_LINE {
            return Err(TrfError {
                line: index + 1,
                column: MAX_LINE + 1,
                kind: TrfErrorKind::LineTooLong,
            });
        }
        let line = Line {
            number: index + 1,
            chars: raw.trim_end_matches('\r').chars().collect(),
        };
        let code = line.field(1, 3);
        let rest = line.field(5, line.chars.len().max(5));
        match code.as_str() {
            "001" => {
                let (player, named) = player::read_player(&line)?;
                if tournament.player(player.number).is_some() {
                    return Err(line.error(5, TrfErrorKind::Duplicate(player.number)));
                }
                opponents.extend(named);
                seen.push(check::Seen {
                    number: player.number,
                    line: line.number,
                    points: check::points(&line)?,
                });
                tournament.players.push(player);
            }
            "012" => {
                let name = printable(&rest);
                let name = name.trim();
                tournament.name = (!name.is_empty()).then(|| name.to_owned());
            }
            "XXR" | "142" => {
                let rounds = rest
                    .split_whitespace()
                    .next()
                    .and_then(|v| v.parse().ok())
                    .ok_or_else(|| line.error(5, TrfErrorKind::BadNumber(rest.clone())))?;
                tournament.total_rounds = Some(rounds);
            }
            "XXC" | "152" => {
                let colour = match rest.split_whitespace().next() {
                    Some("white1" | "W") => Colour::White,
                    Some("black1" | "B") => Colour::Black,
                    _ => return Err(line.error(5, TrfErrorKind::BadValue(rest))),
                };
                tournament.initial_colour = Some(colour);
            }
            _ => extra::read(&line, &code, &mut tournament)?,
        }
    }
    for (line, column, opponent) in opponents {
        if tournament.player(opponent).is_none() {
            return Err(TrfError {
                line,
                column,
                kind: TrfErrorKind::UnknownOpponent(opponent),
            });
        }
    }
    check::agree(&tournament, &seen)?;
    tournament.players.sort_by_key(|p| p.number);
    Ok(tournament)
}
