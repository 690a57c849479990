//! FIDE's Tournament Report File (TRF-2026, and the TRF16/TRF(x) forms other programs write):
//! the player lines (`001`), the tournament's name (`012`), the number of rounds (`XXR`) and
//! the first player's first colour (`XXC`). Lines with other codes are skipped. Columns are
//! counted in characters, so names in any script keep the fields in place.
//!
//! Player line columns: pairing number 5–8, name 15–47, rating 49–52, points 81–84, then one
//! ten-column field per round from column 92: opponent (4), colour `w`/`b`/`-`, result.

use std::fmt::Write as _;

use thiserror::Error;

use crate::model::{Colour, Entry, Outcome, Player, Tournament};

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
    /// `XXR` or `XXC` with a value it does not take.
    #[error("unsupported value `{0}`")]
    BadValue(String),
}

/// The first column of the round fields.
const ROUNDS_COLUMN: usize = 92;
/// The width of a round field.
const ROUND_WIDTH: usize = 10;

/// One line as characters, with its number, for error reporting.
struct Line {
    number: usize,
    chars: Vec<char>,
}

impl Line {
    /// Columns `from..=to` (from 1), trimmed; empty past the end of the line.
    fn field(&self, from: usize, to: usize) -> String {
        self.chars
            .iter()
            .skip(from.saturating_sub(1))
            .take(to + 1 - from)
            .collect::<String>()
            .trim()
            .to_owned()
    }

    fn error(&self, column: usize, kind: TrfErrorKind) -> TrfError {
        TrfError {
            line: self.number,
            column,
            kind,
        }
    }

    /// A number at columns `from..=to`, or `None` when blank.
    fn number(&self, from: usize, to: usize) -> Result<Option<u32>, TrfError> {
        let text = self.field(from, to);
        if text.is_empty() {
            return Ok(None);
        }
        text.parse()
            .map(Some)
            .map_err(|_| self.error(from, TrfErrorKind::BadNumber(text)))
    }
}

/// Reads a TRF.
pub fn read(text: &str) -> Result<Tournament, TrfError> {
    let mut tournament = Tournament::default();
    let mut opponents = Vec::new();
    for (index, raw) in text.lines().enumerate() {
        let line = Line {
            number: index + 1,
            chars: raw.trim_end_matches('\r').chars().collect(),
        };
        let code = line.field(1, 3);
        match code.as_str() {
            "001" => {
                let (player, named) = read_player(&line)?;
                if tournament.player(player.number).is_some() {
                    return Err(line.error(5, TrfErrorKind::Duplicate(player.number)));
                }
                opponents.extend(named);
                tournament.players.push(player);
            }
            "012" => {
                let name = line.field(5, line.chars.len().max(5));
                tournament.name = (!name.is_empty()).then_some(name);
            }
            "XXR" => {
                let value = line.field(5, line.chars.len().max(5));
                let rounds = value
                    .split_whitespace()
                    .next()
                    .and_then(|v| v.parse().ok())
                    .ok_or_else(|| line.error(5, TrfErrorKind::BadNumber(value.clone())))?;
                tournament.total_rounds = Some(rounds);
            }
            "XXC" => {
                let value = line.field(5, line.chars.len().max(5));
                let colour = match value.split_whitespace().next() {
                    Some("white1") => Colour::White,
                    Some("black1") => Colour::Black,
                    _ => return Err(line.error(5, TrfErrorKind::BadValue(value))),
                };
                tournament.initial_colour = Some(colour);
            }
            _ => {}
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
    tournament.players.sort_by_key(|p| p.number);
    Ok(tournament)
}

/// An opponent named on a line: line, column and pairing number, checked once all are read.
type Named = (usize, usize, u32);

/// Reads one `001` line; also returns the opponents it names, to check later.
fn read_player(line: &Line) -> Result<(Player, Vec<Named>), TrfError> {
    let number = line
        .number(5, 8)?
        .ok_or_else(|| line.error(5, TrfErrorKind::BadNumber(String::new())))?;
    let name = line.field(15, 47);
    let rating = line.number(49, 52)?.filter(|&r| r > 0);
    let mut fields = Vec::new();
    let mut column = ROUNDS_COLUMN;
    while column <= line.chars.len() {
        fields.push(read_round(line, column)?);
        column += ROUND_WIDTH;
    }
    while fields.last().is_some_and(Option::is_none) {
        fields.pop();
    }
    let mut named = Vec::new();
    let mut rounds = Vec::with_capacity(fields.len());
    for (i, field) in fields.into_iter().enumerate() {
        let entry = field.unwrap_or(Entry {
            opponent: None,
            colour: None,
            outcome: Outcome::ZeroBye,
        });
        if let Some(opponent) = entry.opponent {
            named.push((line.number, ROUNDS_COLUMN + i * ROUND_WIDTH, opponent));
        }
        rounds.push(entry);
    }
    Ok((
        Player {
            number,
            name,
            rating,
            rounds,
        },
        named,
    ))
}

/// Reads the round field starting at `column`; `None` when it is blank.
fn read_round(line: &Line, column: usize) -> Result<Option<Entry>, TrfError> {
    let opponent_text = line.field(column, column + 3);
    let colour_text = line.field(column + 5, column + 5);
    let result_text = line.field(column + 7, column + 7);
    if opponent_text.is_empty() && colour_text.is_empty() && result_text.is_empty() {
        return Ok(None);
    }
    let opponent = line.number(column, column + 3)?.filter(|&o| o > 0);
    let colour = match colour_text.as_str() {
        "w" | "W" => Some(Colour::White),
        "b" | "B" => Some(Colour::Black),
        "-" | "" => None,
        _ => {
            return Err(line.error(column + 5, TrfErrorKind::BadColour(colour_text)));
        }
    };
    let outcome = match result_text.as_str() {
        "1" | "W" => Outcome::Win,
        "=" | "D" => Outcome::Draw,
        "0" | "L" => Outcome::Loss,
        "+" => Outcome::ForfeitWin,
        "-" => Outcome::ForfeitLoss,
        "H" => Outcome::HalfBye,
        "F" => Outcome::FullBye,
        "U" => Outcome::PairingBye,
        "Z" | "" => Outcome::ZeroBye,
        _ => {
            return Err(line.error(column + 7, TrfErrorKind::BadResult(result_text)));
        }
    };
    let game = matches!(
        outcome,
        Outcome::Win | Outcome::Draw | Outcome::Loss | Outcome::ForfeitWin
    );
    let consistent = match opponent {
        Some(_) => colour.is_some() && outcome != Outcome::PairingBye,
        None => colour.is_none() && !game,
    };
    if !consistent {
        return Err(line.error(column, TrfErrorKind::Inconsistent));
    }
    Ok(Some(Entry {
        opponent,
        colour,
        outcome,
    }))
}

/// Writes a tournament as a TRF (player lines, then `XXR` and `XXC` when known). Names are cut
/// to the field's 33 characters.
pub fn write(tournament: &Tournament) -> String {
    let mut out = String::new();
    if let Some(name) = &tournament.name {
        let _ = writeln!(out, "012 {name}");
    }
    for player in &tournament.players {
        let name: String = player.name.chars().take(33).collect();
        let rating = player.rating.map(|r| r.to_string()).unwrap_or_default();
        let points = player.score();
        let _ = write!(
            out,
            "001 {:>4}      {:<33} {:>4} {:>3} {:>11} {:>10} {:>4} {:>4}",
            player.number,
            name,
            rating,
            "",
            "",
            "",
            points.to_string(),
            ""
        );
        for entry in &player.rounds {
            let opponent = entry.opponent.unwrap_or(0);
            let colour = match entry.colour {
                Some(Colour::White) => 'w',
                Some(Colour::Black) => 'b',
                None => '-',
            };
            let _ = write!(out, "  {opponent:>4} {colour} {}", entry.outcome.letter());
        }
        out.push('\n');
    }
    if let Some(rounds) = tournament.total_rounds {
        let _ = writeln!(out, "XXR {rounds}");
    }
    if let Some(colour) = tournament.initial_colour {
        let value = match colour {
            Colour::White => "white1",
            Colour::Black => "black1",
        };
        let _ = writeln!(out, "XXC {value}");
    }
    out
}
