//! The lines besides players, rounds and colours: accelerated rounds (`XXA`, `250`) are read;
//! a pairing system, point system, forbidden pairs or byes nadare does not apply are refused;
//! the rest is skipped.

use super::{Line, TrfError, TrfErrorKind};
use crate::model::{Points, Tournament};

/// Reads line `line` with code `code` into `tournament`, or refuses it.
pub(super) fn read(line: &Line, code: &str, tournament: &mut Tournament) -> Result<(), TrfError> {
    let refuse = |what| {
        Err(line.error(
            1,
            TrfErrorKind::Unsupported {
                code: code.to_owned(),
                what,
            },
        ))
    };
    match code {
        "XXA" => read_xxa(line, tournament),
        "250" => read_250(line, tournament),
        "192" => {
            let system = line.field(5, line.chars.len().max(5));
            match system.as_str() {
                "FIDE_DUTCH_2025" | "FIDE_DUTCH" => Ok(()),
                _ => refuse("nadare pairs by the FIDE Dutch system without Baku acceleration"),
            }
        }
        "162" | "BBW" | "BBD" | "BBL" | "BBZ" | "BBF" | "BBU" => {
            if default_points(line, code)? {
                Ok(())
            } else {
                refuse("nadare scores 1, ½ and 0, a bye 1 and an absence 0")
            }
        }
        "XXP" | "260" => refuse("forbidden pairs are not applied"),
        "240" => refuse("byes entered apart from the player lines are not applied"),
        "013" | "310" => refuse("team tournaments are not paired"),
        "299" => refuse("abnormal points are not applied"),
        _ => Ok(()),
    }
}

/// Points given with one decimal (`1.0`, `0.5`, `.5`) in half points; blank is zero.
fn points(line: &Line, from: usize, to: usize) -> Result<Points, TrfError> {
    let text = line.field(from, to);
    if text.is_empty() {
        return Ok(Points(0));
    }
    let bad = || line.error(from, TrfErrorKind::BadValue(text.clone()));
    let (whole, tenths) = match text.split_once('.') {
        Some((w, t)) => (w, t),
        None => (text.as_str(), "0"),
    };
    let whole: u32 = if whole.is_empty() {
        0
    } else {
        whole.parse().map_err(|_| bad())?
    };
    let tenths: u32 = match tenths {
        "0" | "" => 0,
        "5" => 5,
        _ => return Err(bad()),
    };
    whole
        .checked_mul(2)
        .and_then(|h| h.checked_add(tenths / 5))
        .map(Points)
        .ok_or_else(bad)
}

/// `XXA NNNN p1 p2 …`: player `NNNN`'s accelerations for rounds 1, 2, …, four columns each
/// from column 10, added to those already read.
fn read_xxa(line: &Line, tournament: &mut Tournament) -> Result<(), TrfError> {
    let number = line
        .number(5, 8)?
        .ok_or_else(|| line.error(5, TrfErrorKind::BadNumber(String::new())))?;
    let mut added = Vec::new();
    let mut column = 10;
    while column + 3 <= line.chars.len() {
        added.push(points(line, column, column + 3)?);
        column += 5;
    }
    let rest = line.field(column, line.chars.len().max(column));
    if !rest.is_empty() {
        return Err(line.error(column, TrfErrorKind::BadValue(rest)));
    }
    tournament
        .accelerations
        .entry(number)
        .or_default()
        .extend(added);
    Ok(())
}

/// `250`: game points (columns 10–13) added in rounds 15–17 to 19–21 to the players 23–26 to
/// 28–31; the match points (5–8) must be blank.
fn read_250(line: &Line, tournament: &mut Tournament) -> Result<(), TrfError> {
    if line.chars.len() < 31 {
        return Err(line.error(1, TrfErrorKind::BadValue(line.chars.iter().collect())));
    }
    if points(line, 5, 8)? != Points(0) {
        return Err(line.error(5, TrfErrorKind::BadValue(line.field(5, 8))));
    }
    let value = points(line, 10, 13)?;
    let required = |from, to| {
        line.number(from, to)?
            .ok_or_else(|| line.error(from, TrfErrorKind::BadNumber(String::new())))
    };
    let (first_round, last_round) = (required(15, 17)?, required(19, 21)?);
    let (first_player, last_player) = (required(23, 26)?, required(28, 31)?);
    if value == Points(0) || first_round == 0 || first_round > last_round {
        return Err(line.error(10, TrfErrorKind::BadValue(line.field(10, 21))));
    }
    if first_player == 0 || first_player > last_player {
        return Err(line.error(23, TrfErrorKind::BadValue(line.field(23, 31))));
    }
    let (start, end) = (first_round as usize - 1, last_round as usize);
    for number in first_player..=last_player {
        let rounds = tournament.accelerations.entry(number).or_default();
        if rounds.len() < end {
            rounds.resize(end, Points(0));
        }
        for slot in rounds.iter_mut().take(end).skip(start) {
            *slot = value;
        }
    }
    Ok(())
}

/// Whether a point-system line gives the standard points: a win and the pairing-allocated bye
/// 1, a draw ½, a loss, an absence and a forfeit 0.
fn default_points(line: &Line, code: &str) -> Result<bool, TrfError> {
    let standard = |letter: &str, value: Points| match letter {
        "W" | "P" | "U" => value == Points::WIN,
        "D" => value == Points::DRAW,
        _ => value == Points(0),
    };
    if let Some(letter) = code.strip_prefix("BB") {
        return Ok(standard(letter, points(line, 5, line.chars.len().max(5))?));
    }
    // `162`: letter and points in nine-column steps from column 6.
    let mut column = 6;
    while column + 4 <= line.chars.len() {
        let letter = line.field(column, column);
        if !standard(&letter, points(line, column + 1, column + 4)?) {
            return Ok(false);
        }
        column += 9;
    }
    Ok(true)
}
