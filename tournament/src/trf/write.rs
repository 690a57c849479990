//! Writing a tournament as a TRF.

use std::fmt::Write as _;

use crate::model::{Colour, Tournament};

/// Writes a tournament as a TRF (player lines, then `XXR` and `XXC` when known, and an `XXA`
/// line for each player with accelerated rounds). Names are cut to the field's 33 characters.
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
    for (number, points) in &tournament.accelerations {
        let _ = write!(out, "XXA {number:>4}");
        for p in points {
            let _ = write!(out, " {:>4}", p.to_string());
        }
        out.push('\n');
    }
    out
}
