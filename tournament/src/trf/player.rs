//! The player lines (`001`): pairing number, name, rating, then one ten-column field per round
//! from column 92 (opponent, colour, result).

use super::{Line, ROUND_WIDTH, ROUNDS_COLUMN, TrfError, TrfErrorKind, printable};
use crate::model::{Colour, Entry, Outcome, Player};

/// An opponent named on a line: line, column and pairing number, checked once all are read.
pub(super) type Named = (usize, usize, u32);

/// Reads one `001` line; also returns the opponents it names, to check later.
pub(super) fn read_player(line: &Line) -> Result<(Player, Vec<Named>), TrfError> {
    let number = line
        .number(5, 8)?
        .ok_or_else(|| line.error(5, TrfErrorKind::BadNumber(String::new())))?;
    if number == 0 {
        return Err(line.error(5, TrfErrorKind::ZeroPairingNumber));
    }
    let name = printable(&line.field(15, 47)).trim().to_owned();
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
