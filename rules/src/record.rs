//! PGN-style game records: tags (Event, Site, Date, White, Black, Result, Variant,
//! SetUp/FEN) and movetext in the notation of docs/rules.md; comments, variations, NAGs and
//! annotation glyphs are tolerated on import.

use crate::error::{FenError, MoveError, SetupError};
use crate::game::Game;
use crate::notation::ParsedInput;
use crate::outcome::{EndReason, Outcome};
use crate::position::Position;
use crate::turngen::TurnPrefix;
use crate::types::Color;
use crate::variant::{ParseVariantError, Variant};

/// A record that cannot be read or replayed.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum RecordError {
    /// A tag line is malformed.
    #[error("line {line}: malformed tag `{text}` (tags look like [Name \"value\"])")]
    Tag {
        /// The line number, from 1.
        line: usize,
        /// The line as written.
        text: String,
    },
    /// The Variant tag names no known variant.
    #[error(transparent)]
    Variant(#[from] ParseVariantError),
    /// The FEN tag cannot be read.
    #[error("FEN tag: {0}")]
    Fen(#[from] FenError),
    /// The game cannot be set up.
    #[error(transparent)]
    Setup(#[from] SetupError),
    /// A comment or variation is not closed.
    #[error("unclosed {0} in the movetext")]
    Unclosed(&'static str),
    /// A turn of the movetext is not legal or cannot be read.
    #[error("ply {ply} (`{written}`): {reason}")]
    Turn {
        /// The ply number, from 1.
        ply: usize,
        /// The turn as written.
        written: String,
        /// Why it was refused.
        reason: MoveError,
    },
}

const RESULTS: [&str; 4] = ["1-0", "0-1", "1/2-1/2", "*"];

/// A record's tags, name and value, in the order written.
pub type Tags = Vec<(String, String)>;

impl Game {
    /// The game as a record. `tags` come first (Event, Site, Date, White, Black, …);
    /// Result, Variant, SetUp, FEN and Termination are written from the game itself.
    pub fn to_record(&self, tags: &[(String, String)]) -> String {
        const OWN: [&str; 5] = ["Result", "Variant", "SetUp", "FEN", "Termination"];
        let mut out = String::new();
        let mut tag = |name: &str, value: &str| {
            let escaped = value.replace('\\', "\\\\").replace('"', "\\\"");
            let clean: String = escaped.chars().filter(|c| !c.is_control()).collect();
            out.push_str(&format!("[{name} \"{clean}\"]\n"));
        };
        for (name, value) in tags.iter().filter(|(n, _)| !OWN.contains(&n.as_str())) {
            if !name.is_empty() && name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_') {
                tag(name, value);
            }
        }
        let result = self.outcome().map(|o| o.result_str()).unwrap_or("*");
        tag("Result", result);
        tag("Variant", self.variant().id());
        let default_start = Position::new_game(self.variant(), None).ok();
        if default_start.as_ref() != Some(self.start()) {
            tag("SetUp", "1");
            tag("FEN", &self.start().to_fen());
        }
        if let Some(outcome) = self.outcome() {
            tag("Termination", &outcome.to_string());
        }
        out.push('\n');
        out.push_str(&self.movetext());
        out.push(' ');
        out.push_str(result);
        out.push('\n');
        out
    }

    /// The turns with move numbers, wrapped at about 80 columns.
    fn movetext(&self) -> String {
        let mut words = Vec::new();
        let befores = (0..self.turns().len()).filter_map(|ply| self.position_at(ply));
        for (before, notation) in befores.zip(self.notations()) {
            match before.side_to_move() {
                Color::White => words.push(format!("{}.", before.fullmove_number())),
                Color::Black if words.is_empty() => {
                    words.push(format!("{}...", before.fullmove_number()))
                }
                Color::Black => {}
            }
            words.push(notation);
        }
        let mut text = String::new();
        let mut column = 0;
        for word in words {
            if column > 0 && column + word.len() + 1 > 80 {
                text.push('\n');
                column = 0;
            } else if column > 0 {
                text.push(' ');
                column += 1;
            }
            column += word.len();
            text.push_str(&word);
        }
        text
    }

    /// Reads a record and replays it. Returns the game and every tag as written.
    /// A decisive or drawn Result tag with no rule behind it ends the game as resigned
    /// (or, for a draw, agreed; a Termination mentioning time makes it a timeout).
    pub fn from_record(text: &str) -> Result<(Game, Tags), RecordError> {
        let (tags, movetext) = read_tags(text)?;
        let find = |name: &str| {
            tags.iter()
                .find(|(n, _)| n.eq_ignore_ascii_case(name))
                .map(|(_, v)| v.as_str())
        };
        let variant: Variant = match find("Variant") {
            Some(v) => v.parse()?,
            None => Variant::Standard,
        };
        let mut game = match find("FEN") {
            Some(fen) => Game::from_position(Position::from_fen(variant, fen)?),
            None => Game::new(variant, None)?,
        };
        let tokens = movetext_tokens(movetext)?;
        let mut i = 0;
        while let Some(token) = tokens.get(i) {
            i += 1;
            let ply = game.turns().len() + 1;
            let pos = game.position();
            // A promotion choice written apart from its move (`=N Kd2/e6`) takes the next word.
            let needs_move = matches!(
                pos.parse_turn_input(token, &TurnPrefix::default()),
                Ok(ParsedInput::NeedsMove { .. })
            );
            let written = match tokens.get(i) {
                Some(next) if needs_move => {
                    i += 1;
                    format!("{token} {next}")
                }
                _ => token.clone(),
            };
            let turn = pos.parse_turn(&written).and_then(|turn| game.play(turn));
            if let Err(reason) = turn {
                return Err(RecordError::Turn {
                    ply,
                    written,
                    reason,
                });
            }
        }
        if game.outcome().is_none() {
            let timeout =
                find("Termination").is_some_and(|t| t.to_ascii_lowercase().contains("time"));
            let reason = |decisive| match (timeout, decisive) {
                (true, _) => EndReason::Timeout,
                (false, true) => EndReason::Resignation,
                (false, false) => EndReason::DrawAgreed,
            };
            let outcome = match find("Result") {
                Some("1-0") => Some(Outcome {
                    winner: Some(Color::White),
                    reason: reason(true),
                }),
                Some("0-1") => Some(Outcome {
                    winner: Some(Color::Black),
                    reason: reason(true),
                }),
                Some("1/2-1/2") => Some(Outcome {
                    winner: None,
                    reason: reason(false),
                }),
                _ => None,
            };
            if let Some(outcome) = outcome {
                game.set_outcome(outcome);
            }
        }
        Ok((game, tags))
    }
}

/// Splits the tag section from the movetext and reads the tags.
fn read_tags(text: &str) -> Result<(Tags, &str), RecordError> {
    let mut tags = Vec::new();
    let mut offset = 0;
    for (index, line) in text.split_inclusive('\n').enumerate() {
        let trimmed = line.trim();
        if !trimmed.is_empty() && !trimmed.starts_with('[') {
            break;
        }
        offset += line.len();
        if trimmed.is_empty() {
            continue;
        }
        let bad = || RecordError::Tag {
            line: index + 1,
            text: trimmed.to_string(),
        };
        let (name, value) = trimmed
            .strip_prefix('[')
            .and_then(|t| t.strip_suffix(']'))
            .and_then(|t| t.split_once(char::is_whitespace))
            .ok_or_else(bad)?;
        let value = value
            .trim()
            .strip_prefix('"')
            .and_then(|v| v.strip_suffix('"'))
            .ok_or_else(bad)?;
        tags.push((
            name.to_string(),
            value.replace("\\\"", "\"").replace("\\\\", "\\"),
        ));
    }
    Ok((tags, text.get(offset..).unwrap_or("")))
}

/// The movetext's turns, with move numbers, results, comments, variations and NAGs gone.
fn movetext_tokens(text: &str) -> Result<Vec<String>, RecordError> {
    let mut plain = String::with_capacity(text.len());
    let mut chars = text.chars();
    let mut depth = 0usize;
    while let Some(c) = chars.next() {
        match c {
            '{' => {
                if !chars.by_ref().any(|c| c == '}') {
                    return Err(RecordError::Unclosed("comment `{`"));
                }
                plain.push(' ');
            }
            ';' if depth == 0 => {
                chars.by_ref().find(|&c| c == '\n');
                plain.push(' ');
            }
            '(' => depth += 1,
            ')' => depth = depth.saturating_sub(1),
            _ if depth > 0 => {}
            _ => plain.push(c),
        }
    }
    if depth > 0 {
        return Err(RecordError::Unclosed("variation `(`"));
    }
    let mut tokens = Vec::new();
    for word in plain.split_whitespace() {
        if RESULTS.contains(&word)
            || word.starts_with('$')
            || word.chars().all(|c| matches!(c, '!' | '?' | '+' | '#'))
        {
            continue;
        }
        // Move numbers: `12.`, `12...`, or glued to the move (`12.Nf3`).
        let without_number = word.trim_start_matches(|c: char| c.is_ascii_digit());
        let word = if without_number.len() < word.len() && without_number.starts_with('.') {
            without_number.trim_start_matches('.')
        } else {
            word
        };
        if !word.is_empty() {
            tokens.push(word.to_string());
        }
    }
    Ok(tokens)
}
