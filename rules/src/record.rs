//! PGN-style game records: tags (Event, Site, Date, White, Black, Result, Variant,
//! SetUp/FEN) and movetext in the notation of docs/rules.md; variations, NAGs and annotation
//! glyphs are tolerated on import, and each turn's comments are read with it.

use std::collections::VecDeque;
use std::io::{BufRead, ErrorKind};

use crate::error::{FenError, MoveError, SetupError};
use crate::game::{Game, setup_number};
use crate::notation::ParsedInput;
use crate::outcome::{EndReason, Outcome};
use crate::position::Position;
use crate::quote::quote;
use crate::turn::Turn;
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
    /// The FEN tag cannot be read. The reason is part of the message, not a separate source,
    /// so an error chain says it once (as [`RecordError::Turn`] does).
    #[error("FEN tag: {reason}")]
    Fen {
        /// Why the FEN was refused.
        reason: FenError,
    },
    /// The game cannot be set up.
    #[error(transparent)]
    Setup(#[from] SetupError),
    /// The record cannot be read (an input error, or text that is not UTF-8).
    #[error("cannot read the record: {0}")]
    Read(String),
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

/// The longest word of movetext a record may hold, in bytes: far more than the longest turn
/// (`=Q 12345...Qa1xh8=Q+!!/h7#??` and the like), so a reader never holds more than this of
/// one word, however long the word in the input.
const MAX_WORD: usize = 256;

/// The most of a turn's comments a reader keeps, in bytes; the rest is read and left out.
const MAX_COMMENT: usize = 4096;

/// The longest tag line a record may hold, in bytes, brackets included. The writer keeps
/// every line it writes shorter ([`MAX_TAG_NAME`], [`MAX_TAG_VALUE`]).
const MAX_TAG_LINE: usize = 4096;

/// The longest tag name the writer writes, in characters; a longer one is left out.
const MAX_TAG_NAME: usize = 64;

/// The most characters of a tag value the writer writes; a longer value is cut there.
const MAX_TAG_VALUE: usize = 512;

/// A record's tags, name and value, in the order written.
pub type Tags = Vec<(String, String)>;

/// What an annotated record says after one turn besides the turn: a Numeric Annotation Glyph
/// (`$2` a mistake, `$4` a blunder, `$6` a dubious turn) and a comment (`{…}`).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Annotation {
    /// The turn's ply, from 0.
    pub ply: usize,
    /// The glyph's number, if any.
    pub nag: Option<u8>,
    /// The comment; empty for none. A `}` in it is written as `)`, since nothing can escape
    /// it in a PGN comment, and line breaks as spaces.
    pub comment: String,
}

/// The Seven Tag Roster of PGN besides Result, in its order, each with the value written when
/// the caller gives none (`-` for a round: a game here belongs to none).
const ROSTER: [(&str, &str); 6] = [
    ("Event", "?"),
    ("Site", "?"),
    ("Date", "????.??.??"),
    ("Round", "-"),
    ("White", "?"),
    ("Black", "?"),
];

impl Game {
    /// The game as a record: a PGN file. The Seven Tag Roster comes first, in its order
    /// (Event, Site, Date, Round, White and Black from `tags`, `?` or `-` where missing, then
    /// the Result), then the other `tags`, then Variant, SetUp and FEN (X-FEN, when the game
    /// did not start from its variant's usual setup or started from a numbered Chess960
    /// setup) and Termination, written from the game
    /// itself. Standard and Chess960 games are thus PGN as other chess software imports it
    /// (Variant `Standard` or `Chess960`, moves in SAN); Avalanche games are in the same
    /// form, their Variant the variant's id and their turns in the notation of docs/rules.md.
    pub fn to_record(&self, tags: &[(String, String)]) -> String {
        self.to_annotated_record(tags, &[])
    }

    /// The game as a record ([`Game::to_record`]) with `notes` after their turns: each
    /// turn's glyph, then its comment. A turn of Black's after a comment is numbered again
    /// (`3... Nf6`), as PGN writes it. Notes for plies past the game's end are left out.
    pub fn to_annotated_record(&self, tags: &[(String, String)], notes: &[Annotation]) -> String {
        const OWN: [&str; 5] = ["Result", "Variant", "SetUp", "FEN", "Termination"];
        let mut out = String::new();
        let mut tag = |name: &str, value: &str| {
            let kept: String = value.chars().take(MAX_TAG_VALUE).collect();
            let escaped = kept.replace('\\', "\\\\").replace('"', "\\\"");
            let clean: String = escaped.chars().filter(|c| !c.is_control()).collect();
            out.push_str(&format!("[{name} \"{clean}\"]\n"));
        };
        let given = |name: &str| {
            tags.iter()
                .find(|(n, _)| n == name)
                .map(|(_, v)| v.as_str())
        };
        for (name, unknown) in ROSTER {
            tag(name, given(name).unwrap_or(unknown));
        }
        let result = self.outcome().map(|o| o.result_str()).unwrap_or("*");
        tag("Result", result);
        let ours = |name: &str| OWN.contains(&name) || ROSTER.iter().any(|(n, _)| *n == name);
        for (name, value) in tags.iter().filter(|(n, _)| !ours(n)) {
            if !name.is_empty()
                && name.len() <= MAX_TAG_NAME
                && name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_')
            {
                tag(name, value);
            }
        }
        let variant = match self.variant() {
            Variant::Standard => "Standard",
            Variant::Chess960 => "Chess960",
            other => other.id(),
        };
        tag("Variant", variant);
        let default_start = Position::new_game(self.variant(), None).ok();
        if default_start.as_ref() != Some(self.start()) || self.chess960_number().is_some() {
            tag("SetUp", "1");
            tag("FEN", &self.start().to_xfen());
        }
        if let Some(outcome) = self.outcome() {
            tag("Termination", &outcome.to_string());
        }
        out.push('\n');
        let movetext = self.movetext(notes);
        if !movetext.is_empty() {
            out.push_str(&movetext);
            out.push(' ');
        }
        out.push_str(result);
        out.push('\n');
        out
    }

    /// The turns with move numbers and `notes`, wrapped at about 80 columns.
    fn movetext(&self, notes: &[Annotation]) -> String {
        let mut words = Vec::new();
        let befores = (0..self.turns().len()).filter_map(|ply| self.position_at(ply));
        let mut commented = false;
        for (ply, (before, notation)) in befores.zip(self.notations()).enumerate() {
            match before.side_to_move() {
                Color::White => words.push(format!("{}.", before.fullmove_number())),
                Color::Black if words.is_empty() || commented => {
                    words.push(format!("{}...", before.fullmove_number()))
                }
                Color::Black => {}
            }
            words.push(notation);
            commented = false;
            for note in notes.iter().filter(|n| n.ply == ply) {
                if let Some(nag) = note.nag {
                    words.push(format!("${nag}"));
                }
                let comment: Vec<String> = note
                    .comment
                    .replace('}', ")")
                    .split_whitespace()
                    .map(str::to_owned)
                    .collect();
                let last = comment.len().saturating_sub(1);
                for (i, word) in comment.iter().enumerate() {
                    let open = if i == 0 { "{" } else { "" };
                    let close = if i == last { "}" } else { "" };
                    words.push(format!("{open}{word}{close}"));
                }
                commented |= !comment.is_empty();
            }
        }
        let mut text = String::new();
        let mut column = 0;
        for word in words {
            let width = word.chars().count();
            if column > 0 && column + width + 1 > 80 {
                text.push('\n');
                column = 0;
            } else if column > 0 {
                text.push(' ');
                column += 1;
            }
            column += width;
            text.push_str(&word);
        }
        text
    }

    /// Reads a record and replays it. Returns the game and every tag as written; a game the
    /// rules did not end takes its outcome from the Result and Termination tags
    /// ([`RecordReader::finish`]).
    pub fn from_record(text: &str) -> Result<(Game, Tags), RecordError> {
        RecordReader::new(text.as_bytes())?.finish()
    }
}

/// A turn read from a record and played.
#[derive(Clone, Debug)]
pub struct ReadTurn {
    /// The ply number, from 1.
    pub ply: usize,
    /// The position the turn was played in.
    pub before: Position,
    /// The turn.
    pub turn: Turn,
    /// The comments after the turn, before the next (`{…}` and `;…` outside variations), as
    /// one text: their words separated by single spaces, at most 4 096 bytes.
    /// `None` without any.
    pub comment: Option<String>,
}

/// A game record read as it streams in: the tags when it is made, then one turn at a time, so
/// a long record needs memory for its longest word rather than for its whole text. By default
/// the game keeps every position; [`RecordReader::forgetting_history`] keeps only those the
/// repetition rule still needs.
pub struct RecordReader<R> {
    input: Bytes<R>,
    tags: Tags,
    game: Game,
    keep_history: bool,
    plies: usize,
    /// Open variations `(` around the reading point.
    depth: usize,
    /// Words of the movetext read but not yet taken.
    words: VecDeque<String>,
    /// The next turn as written, read ahead of it (or why it could not be), so that the
    /// comments between a turn and the next are known when the turn is given.
    ahead: Option<Result<Option<String>, RecordError>>,
    /// The comments read since the last turn given.
    comment: String,
}

impl<R: BufRead> RecordReader<R> {
    /// Reads the tags of the record in `input` and sets the game up from them (Variant,
    /// FEN); the turns are read by [`RecordReader::next_turn`].
    pub fn new(input: R) -> Result<RecordReader<R>, RecordError> {
        let mut input = Bytes(input);
        let tags = read_tags(&mut input)?;
        let find = |name: &str| tag(&tags, name);
        let variant: Variant = match find("Variant") {
            Some(v) => v.parse()?,
            None => Variant::Standard,
        };
        // A FEN tag that states a Chess960 setup's start names that setup (the usual one
        // included: the writer gives a FEN tag to a game from setup 518 in Avalanche).
        let game = match find("FEN") {
            Some(fen) => {
                let start = Position::from_fen(variant, fen)
                    .map_err(|reason| RecordError::Fen { reason })?;
                let setup = setup_number(&start);
                Game::with_setup(start, setup)
            }
            None => Game::new(variant, None)?,
        };
        Ok(RecordReader {
            input,
            tags,
            game,
            keep_history: true,
            plies: 0,
            depth: 0,
            words: VecDeque::new(),
            ahead: None,
            comment: String::new(),
        })
    }

    /// Keeps only the positions since the last capture, pawn move or push (all that
    /// repetition needs), so memory stays bounded however long the record; the game returned
    /// by [`RecordReader::finish`] then starts at the last such turn.
    pub fn forgetting_history(mut self) -> RecordReader<R> {
        self.keep_history = false;
        self
    }

    /// The record's tags, in the order written.
    pub fn tags(&self) -> &Tags {
        &self.tags
    }

    /// Reads and plays the next turn, with the comments after it; `None` at the end of the
    /// movetext. The reader reads on to the next turn first: an error there (an unclosed
    /// comment) is given by the next call.
    pub fn next_turn(&mut self) -> Result<Option<ReadTurn>, RecordError> {
        let token = match self.ahead.take() {
            Some(ahead) => ahead?,
            None => {
                let token = self.next_token()?;
                // Comments before the first turn belong to no turn.
                self.comment.clear();
                token
            }
        };
        let Some(token) = token else {
            return Ok(None);
        };
        let ply = self.plies + 1;
        // A promotion choice written apart from its move (`=N Kd2/e6`) takes the next word.
        let needs_move = matches!(
            self.game
                .position()
                .parse_turn_input(&token, &TurnPrefix::default()),
            Ok(ParsedInput::NeedsMove { .. })
        );
        let next = if needs_move { self.next_token()? } else { None };
        let written = match next {
            Some(next) => format!("{token} {next}"),
            None => token,
        };
        let before = self.game.position().clone();
        let played = before
            .parse_turn(&written)
            .and_then(|turn| self.game.play(turn).map(|()| turn));
        let turn = played.map_err(|reason| RecordError::Turn {
            ply,
            written: quote(&written),
            reason,
        })?;
        self.plies = ply;
        if !self.keep_history
            && self.game.outcome().is_none()
            && self.game.position().halfmove_clock() == 0
        {
            self.game.forget_history();
        }
        self.ahead = Some(self.next_token());
        let comment = (!self.comment.is_empty()).then(|| std::mem::take(&mut self.comment));
        Ok(Some(ReadTurn {
            ply,
            before,
            turn,
            comment,
        }))
    }

    /// Plays the turns not yet read and returns the game and the tags. A game the rules did
    /// not end takes its outcome from the tags: the Termination nadare writes for a
    /// resignation, an agreement, an abort or a missed deadline is read back as that outcome;
    /// otherwise a decisive Result is a resignation and a drawn one an agreement (a foreign
    /// Termination mentioning time, such as PGN's `time forfeit`, makes it a timeout).
    pub fn finish(mut self) -> Result<(Game, Tags), RecordError> {
        while self.next_turn()?.is_some() {}
        let mut game = self.game;
        let tags = self.tags;
        if game.outcome().is_none()
            && let Some(outcome) = outcome_of_tags(&tags)
        {
            game.set_outcome(outcome);
        }
        Ok((game, tags))
    }

    /// The next turn as written: move numbers, results, NAGs and annotation glyphs left out.
    fn next_token(&mut self) -> Result<Option<String>, RecordError> {
        while let Some(word) = self.next_word()? {
            if RESULTS.contains(&word.as_str())
                || word.starts_with('$')
                || word.chars().all(|c| matches!(c, '!' | '?' | '+' | '#'))
            {
                continue;
            }
            // Move numbers: `12.`, `12...`, or glued to the move (`12.Nf3`).
            let without_number = word.trim_start_matches(|c: char| c.is_ascii_digit());
            let token = if without_number.len() < word.len() && without_number.starts_with('.') {
                without_number.trim_start_matches('.')
            } else {
                &word
            };
            if !token.is_empty() {
                return Ok(Some(token.to_string()));
            }
        }
        Ok(None)
    }

    /// The next whitespace-separated word of the movetext outside comments and variations.
    fn next_word(&mut self) -> Result<Option<String>, RecordError> {
        loop {
            if let Some(word) = self.words.pop_front() {
                return Ok(Some(word));
            }
            let bytes = self.next_raw_word()?;
            if bytes.is_empty() {
                return Ok(None);
            }
            let text = String::from_utf8(bytes)
                .map_err(|_| RecordError::Read("the movetext is not UTF-8 text".to_string()))?;
            // Whitespace beyond ASCII (a no-break space) separates words too.
            self.words
                .extend(text.split_whitespace().map(str::to_string));
        }
    }

    /// The bytes of the next word separated by ASCII whitespace, a comment or the end; empty at
    /// the end of the movetext. Comments `{…}` and `;…` separate words (those outside
    /// variations are kept, [`RecordReader::read_comment`]), variations `(…)` (which may nest)
    /// are left out.
    fn next_raw_word(&mut self) -> Result<Vec<u8>, RecordError> {
        let mut word = Vec::new();
        loop {
            let Some(byte) = self.input.peek()? else {
                if self.depth > 0 {
                    return Err(RecordError::Unclosed("variation `(`"));
                }
                return Ok(word);
            };
            let comment = byte == b'{' || byte == b';' && self.depth == 0;
            if comment && !word.is_empty() {
                // A comment glued to a word is read after the word is taken: it follows it.
                return Ok(word);
            }
            self.input.next()?;
            let separates = match byte {
                b'{' => {
                    if !self.read_comment(b'}')? {
                        return Err(RecordError::Unclosed("comment `{`"));
                    }
                    true
                }
                b';' if self.depth == 0 => {
                    self.read_comment(b'\n')?;
                    true
                }
                b'(' => {
                    self.depth += 1;
                    false
                }
                b')' => {
                    self.depth = self.depth.saturating_sub(1);
                    false
                }
                _ if self.depth > 0 => false,
                _ if byte.is_ascii_whitespace() => true,
                _ if word.len() < MAX_WORD => {
                    word.push(byte);
                    false
                }
                _ => {
                    return Err(RecordError::Read(format!(
                        "a word of the movetext is longer than {MAX_WORD} bytes: `{}`",
                        quote(&String::from_utf8_lossy(&word))
                    )));
                }
            };
            if separates && !word.is_empty() {
                return Ok(word);
            }
        }
    }

    /// Reads a comment's text up to `end` (taken too), and adds its words to the comment
    /// after the last turn when it stands outside variations, up to [`MAX_COMMENT`] bytes in
    /// all; false when the input ended first.
    fn read_comment(&mut self, end: u8) -> Result<bool, RecordError> {
        let room = if self.depth == 0 {
            MAX_COMMENT.saturating_sub(self.comment.len())
        } else {
            0
        };
        let mut text = Vec::new();
        let closed = self.input.take_past(end, &mut text, room)?;
        'words: for word in String::from_utf8_lossy(&text).split_whitespace() {
            if !self.comment.is_empty() {
                if self.comment.len() + 1 >= MAX_COMMENT {
                    break;
                }
                self.comment.push(' ');
            }
            for c in word.chars() {
                if self.comment.len() + c.len_utf8() > MAX_COMMENT {
                    break 'words;
                }
                self.comment.push(c);
            }
        }
        Ok(closed)
    }
}

/// The outcome the tags give a game the rules did not end: the Termination nadare writes
/// (the text of [`Outcome`]) when it names an outcome the players decide and agrees with the
/// Result; otherwise the Result alone, decisive as a resignation and drawn as an agreement,
/// or a timeout when a foreign Termination mentions time.
fn outcome_of_tags(tags: &Tags) -> Option<Outcome> {
    let result = tag(tags, "Result");
    let termination = tag(tags, "Termination");
    if let Some(outcome) = termination
        .and_then(Outcome::from_text)
        .filter(|o| o.reason.by_players() && Some(o.result_str()) == result)
    {
        return Some(outcome);
    }
    let timeout = termination.is_some_and(|t| t.to_ascii_lowercase().contains("time"));
    let reason = |decisive| match (timeout, decisive) {
        (true, _) => EndReason::Timeout,
        (false, true) => EndReason::Resignation,
        (false, false) => EndReason::DrawAgreed,
    };
    let (winner, decisive) = match result? {
        "1-0" => (Some(Color::White), true),
        "0-1" => (Some(Color::Black), true),
        "1/2-1/2" => (None, false),
        _ => return None,
    };
    Some(Outcome {
        winner,
        reason: reason(decisive),
    })
}

/// The value of the first tag named exactly `name` (tag names are case-sensitive in PGN).
fn tag<'a>(tags: &'a Tags, name: &str) -> Option<&'a str> {
    tags.iter()
        .find(|(n, _)| n == name)
        .map(|(_, v)| v.as_str())
}

/// A record's bytes, one at a time from a buffered reader. ASCII bytes never occur inside a
/// UTF-8 sequence, so the record's syntax can be read byte by byte and words decoded whole.
struct Bytes<R>(R);

impl<R: BufRead> Bytes<R> {
    /// The next byte without taking it; `None` at the end.
    fn peek(&mut self) -> Result<Option<u8>, RecordError> {
        loop {
            match self.0.fill_buf() {
                Ok(buffer) => return Ok(buffer.first().copied()),
                Err(e) if e.kind() == ErrorKind::Interrupted => {}
                Err(e) => return Err(RecordError::Read(e.to_string())),
            }
        }
    }

    /// Takes the next byte; `None` at the end.
    fn next(&mut self) -> Result<Option<u8>, RecordError> {
        let byte = self.peek()?;
        if byte.is_some() {
            self.0.consume(1);
        }
        Ok(byte)
    }

    /// Takes bytes up to and including `end`, a buffer at a time, and keeps in `kept` the
    /// first `room` of those before `end`; false when the input ended first.
    fn take_past(&mut self, end: u8, kept: &mut Vec<u8>, room: usize) -> Result<bool, RecordError> {
        loop {
            let (found, taken) = loop {
                match self.0.fill_buf() {
                    Ok([]) => return Ok(false),
                    Ok(buffer) => {
                        let (found, before) = match buffer.iter().position(|&b| b == end) {
                            Some(at) => (true, at),
                            None => (false, buffer.len()),
                        };
                        let keep = before.min(room.saturating_sub(kept.len()));
                        kept.extend(buffer.iter().take(keep));
                        break (found, before + usize::from(found));
                    }
                    Err(e) if e.kind() == ErrorKind::Interrupted => {}
                    Err(e) => return Err(RecordError::Read(e.to_string())),
                }
            };
            self.0.consume(taken);
            if found {
                return Ok(true);
            }
        }
    }

    /// The rest of the line, without its `\n`; an error, read no further than
    /// [`MAX_TAG_LINE`], for a longer line.
    fn line(&mut self) -> Result<Vec<u8>, RecordError> {
        let mut line = Vec::new();
        while let Some(byte) = self.next()? {
            if byte == b'\n' {
                break;
            }
            if line.len() == MAX_TAG_LINE {
                return Err(RecordError::Read(format!(
                    "a tag line is longer than {MAX_TAG_LINE} bytes: `{}`",
                    quote(&String::from_utf8_lossy(&line))
                )));
            }
            line.push(byte);
        }
        Ok(line)
    }
}

/// Reads the tag section: tag lines and blank lines up to the first line of movetext, whose
/// leading whitespace is taken too.
fn read_tags<R: BufRead>(input: &mut Bytes<R>) -> Result<Tags, RecordError> {
    let mut tags = Vec::new();
    let mut line = 1;
    while let Some(byte) = input.peek()? {
        if byte == b'\n' {
            input.next()?;
            line += 1;
            continue;
        }
        if byte.is_ascii_whitespace() {
            input.next()?;
            continue;
        }
        if byte != b'[' {
            break;
        }
        let text = String::from_utf8_lossy(&input.line()?).trim().to_string();
        tags.push(read_tag(&text, line)?);
        line += 1;
    }
    Ok(tags)
}

/// One tag line, `[Name "value"]`, trimmed; `line` numbers it for the error.
fn read_tag(text: &str, line: usize) -> Result<(String, String), RecordError> {
    let bad = || RecordError::Tag {
        line,
        text: quote(text),
    };
    let (name, value) = text
        .strip_prefix('[')
        .and_then(|t| t.strip_suffix(']'))
        .and_then(|t| t.split_once(char::is_whitespace))
        .ok_or_else(bad)?;
    let value = value
        .trim()
        .strip_prefix('"')
        .and_then(|v| v.strip_suffix('"'))
        .ok_or_else(bad)?;
    Ok((
        name.to_string(),
        value.replace("\\\"", "\"").replace("\\\\", "\\"),
    ))
}

#[cfg(test)]
mod tests {
    use std::error::Error as _;

    use super::*;

    #[test]
    fn a_bad_fen_tag_says_its_reason_once() {
        let record = "[SetUp \"1\"]\n\
                      [FEN \"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1\"]\n\n1. e4 *\n";
        let error = Game::from_record(record).expect_err("the side to move is `x`");
        assert_eq!(
            error.to_string(),
            "FEN tag: bad FEN side to move `x`: expected `w` or `b`"
        );
        assert!(
            error.source().is_none(),
            "the reason is not repeated as a source"
        );
    }

    /// A reader that hands over one byte at a time: words and comments split across reads.
    fn trickle(text: &str) -> std::io::BufReader<&[u8]> {
        std::io::BufReader::with_capacity(1, text.as_bytes())
    }

    #[test]
    fn comments_variations_nags_and_numbers_are_left_out_as_the_record_streams() {
        let record = "[Event \"Test\"]\n[White \"A\"]\n\n\
                      1. e4 {a comment (with a paren} e5 (1... c5 2. Nf3 (2. c3 $2)) \
                      2.Nf3 $1 ; the rest of the line\nNc6 !? 3. Bb5 a6 *\n";
        let mut reader = RecordReader::new(trickle(record)).expect("tags");
        assert_eq!(
            reader.tags(),
            &vec![
                ("Event".to_string(), "Test".to_string()),
                ("White".to_string(), "A".to_string())
            ]
        );
        let mut written = Vec::new();
        while let Some(read) = reader.next_turn().expect("a legal turn") {
            assert_eq!(read.ply, written.len() + 1);
            written.push(read.before.turn_to_notation(&read.turn));
        }
        assert_eq!(written, ["e4", "e5", "Nf3", "Nc6", "Bb5", "a6"]);
        let (game, _) = Game::from_record(record).expect("the same record whole");
        assert_eq!(game.notations(), written);
    }

    #[test]
    fn a_wrong_turn_keeps_its_ply_and_text_when_streamed() {
        let reader = RecordReader::new(trickle("1. e4 e5 2. Ke3 Nc6\n")).expect("no tags");
        match reader.finish() {
            Err(RecordError::Turn { ply, written, .. }) => {
                assert_eq!((ply, written.as_str()), (3, "Ke3"));
            }
            other => panic!("expected a turn error, got {other:?}"),
        }
        let unclosed = RecordReader::new(trickle("1. e4 { never closed")).expect("no tags");
        assert_eq!(
            unclosed.finish().err(),
            Some(RecordError::Unclosed("comment `{`"))
        );
    }

    #[test]
    fn forgetting_history_keeps_what_repetition_needs() {
        // After 2...e5 (a pawn move) the knights go out and back twice: the position after
        // 2...e5 stands for the third time after 6...Ng8.
        let record = "1. d4 d5 2. e4 e5 3. Nf3 Nf6 4. Ng1 Ng8 5. Nf3 Nf6 6. Ng1 Ng8 *";
        let reader = RecordReader::new(record.as_bytes()).expect("no tags");
        let (game, _) = reader.forgetting_history().finish().expect("legal");
        assert_eq!(
            game.outcome().map(|o| o.reason),
            Some(EndReason::ThreefoldRepetition)
        );
        assert_eq!(
            game.turns().len(),
            8,
            "only the turns since 2...e5 are kept"
        );
        let (whole, _) = Game::from_record(record).expect("legal");
        assert_eq!(whole.turns().len(), 12);
        assert_eq!(whole.position(), game.position());
    }
}
