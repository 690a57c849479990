//! Writing a tournament as a TRF, every value within its field: names cut to the name field's
//! 33 characters (control characters, which would break the line, left out), and a number too
//! wide for its columns (a pairing number or rating past 9999, points past 99.5 with a half or
//! past 9999 whole; whole points past 99 are written without decimals) refused with a
//! [`TrfWriteError`] rather than pushed into the next field.

use std::fmt::Write as _;

use thiserror::Error;

use super::printable;
use crate::model::{Colour, Points, Tournament};

/// The width of the name field (columns 15–47).
const NAME_WIDTH: usize = 33;
/// The width of the numeric fields written: pairing number, rating, points, opponent.
const NUMBER_WIDTH: usize = 4;

/// A value too wide for its field of the TRF.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[error("the {field} of player {player}, {value}, does not fit the TRF's {width} columns")]
pub struct TrfWriteError {
    /// Which field: "pairing number", "rating", "points", "opponent" or "acceleration".
    pub field: &'static str,
    /// The player's pairing number.
    pub player: u32,
    /// The value as it would be written.
    pub value: String,
    /// The field's width.
    pub width: usize,
}

/// `value` as the player's `field`, when it fits the numeric columns.
fn number(field: &'static str, player: u32, value: String) -> Result<String, TrfWriteError> {
    if value.chars().count() > NUMBER_WIDTH {
        return Err(TrfWriteError {
            field,
            player,
            value,
            width: NUMBER_WIDTH,
        });
    }
    Ok(value)
}

/// `value` as the player's `field` in points: `1.5`, `3.0`, or whole points without the
/// decimals when they do not fit with them (`120`), as the reader reads them.
fn in_points(field: &'static str, player: u32, value: Points) -> Result<String, TrfWriteError> {
    let spelt = value.to_string();
    if spelt.chars().count() > NUMBER_WIDTH && value.0.is_multiple_of(2) {
        return number(field, player, (value.0 / 2).to_string());
    }
    number(field, player, spelt)
}

/// `text` without control characters, at most `width` characters.
fn text(text: &str, width: usize) -> String {
    printable(text).chars().take(width).collect()
}

/// Writes a tournament as a TRF (player lines, then `XXR` and `XXC` when known, and an `XXA`
/// line for each player with accelerated rounds). Names are cut to the field's 33 characters;
/// a number too wide for its field is an error.
pub fn write(tournament: &Tournament) -> Result<String, TrfWriteError> {
    let mut out = String::new();
    if let Some(name) = &tournament.name {
        let name = printable(name);
        let _ = writeln!(out, "012 {name}");
    }
    for player in &tournament.players {
        let me = player.number;
        let number_text = number("pairing number", me, me.to_string())?;
        let name = text(&player.name, NAME_WIDTH);
        let rating = match player.rating {
            Some(r) => number("rating", me, r.to_string())?,
            None => String::new(),
        };
        let points = in_points("points", me, player.score())?;
        let _ = write!(
            out,
            "001 {:>4}      {:<33} {:>4} {:>3} {:>11} {:>10} {:>4} {:>4}",
            number_text, name, rating, "", "", "", points, ""
        );
        for entry in &player.rounds {
            let opponent = number("opponent", me, entry.opponent.unwrap_or(0).to_string())?;
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
    for (&player, points) in &tournament.accelerations {
        let number_text = number("pairing number", player, player.to_string())?;
        let _ = write!(out, "XXA {number_text:>4}");
        for p in points {
            let p = in_points("acceleration", player, *p)?;
            let _ = write!(out, " {p:>4}");
        }
        out.push('\n');
    }
    Ok(out)
}
