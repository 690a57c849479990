//! One console line: `USER> COMMAND ARGS`, or `USER@ROOM> COMMAND ARGS` to play in another room.

use super::command::{CommandError, parse_command};
use super::names::user;
use super::tournament::parse_tournament;
pub use domain::Request;
use domain::User;
use domain::input::is_bidi_control;
use present::fluent_args;
use present::i18n::{self, Lang, Surface};

/// The room lines without `@ROOM` play in.
pub const DEFAULT_ROOM: &str = "main";

/// The longest user or room name, in characters (Discord's limit for names).
pub const MAX_NAME: usize = 32;

/// A line that is not `USER> COMMAND`, or whose command is malformed. Shown by
/// [`LineError::text`] in the console's language; `Display` is the English.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{}", self.text(Lang::En))]
pub enum LineError {
    /// No `>` separates the user from the command.
    NoUser,
    /// The user part, or the opponent named in a challenge, is empty or has spaces.
    BadUser(String),
    /// The room part after `@` is empty or has spaces.
    BadRoom(String),
    /// A user or room name is longer than Discord allows.
    LongName(String),
    /// The command is malformed.
    Command(#[from] CommandError),
}

impl LineError {
    /// The explanation in `lang`.
    pub fn text(&self, lang: Lang) -> String {
        let say = |key: &str, name: &str| {
            i18n::text(
                lang,
                Surface::Console,
                key,
                &fluent_args![("name", name), ("max", MAX_NAME)],
            )
        };
        match self {
            LineError::NoUser => say("console-no-user", ""),
            LineError::BadUser(name) => say("console-bad-user", name),
            LineError::BadRoom(name) => say("console-bad-room", name),
            LineError::LongName(name) => say("console-long-name", name),
            LineError::Command(error) => error.text(lang),
        }
    }
}

/// A parsed console line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Line {
    /// Who speaks.
    pub user: User,
    /// The room (channel) they speak in.
    pub room: String,
    /// What they ask.
    pub command: Request,
}

/// Whether a line carries nothing to run (blank, or a `#` comment).
pub fn is_blank(line: &str) -> bool {
    let t = line.trim();
    t.is_empty() || t.starts_with('#')
}

/// One word of printable characters that keep their direction: a user or room name.
fn is_word(s: &str) -> bool {
    !s.is_empty()
        && !s
            .chars()
            .any(|c| c.is_whitespace() || c.is_control() || is_bidi_control(c))
}

/// Reads `USER[@ROOM]> COMMAND ARGS`. Full-width characters, as Japanese input methods type
/// them (`ａｌｉｃｅ＞　ｍｏｖｅ　Ｎｆ３`), are read as ASCII throughout.
pub fn parse_line(line: &str) -> Result<Line, LineError> {
    let line = rules::ascii_width(line);
    let (who, command) = line.split_once('>').ok_or(LineError::NoUser)?;
    let who = who.trim();
    let (name, room) = match who.split_once('@') {
        Some((n, r)) => {
            let r = r.trim();
            if !is_word(r) {
                return Err(LineError::BadRoom(r.to_string()));
            }
            (n.trim(), r)
        }
        None => (who, DEFAULT_ROOM),
    };
    if !is_word(name) {
        return Err(LineError::BadUser(name.to_string()));
    }
    for n in [name, room] {
        if n.chars().count() > MAX_NAME {
            return Err(LineError::LongName(n.to_string()));
        }
    }
    let command = command.trim();
    let (first, rest) = command
        .split_once(char::is_whitespace)
        .unwrap_or((command, ""));
    if first.eq_ignore_ascii_case("tournament") {
        return Ok(Line {
            user: user(name),
            room: room.to_string(),
            command: Request::Tournament(parse_tournament(rest)?),
        });
    }
    // A bad name in the command (an opponent, a rated player) is refused as a bad user name.
    let command = parse_command(command, &mut |word| {
        let name = word.strip_prefix('@').unwrap_or(word);
        if !is_word(name) {
            Err(LineError::BadUser(word.to_string()))
        } else if name.chars().count() > MAX_NAME {
            Err(LineError::LongName(word.to_string()))
        } else {
            Ok(user(name))
        }
    })?;
    Ok(Line {
        user: user(name),
        room: room.to_string(),
        command: Request::Game(command),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use domain::Command;

    #[test]
    fn lines_name_user_room_and_command() {
        let line = parse_line("alice> challenge bob avalanche-balanced");
        assert!(matches!(
            line,
            Ok(Line { ref user, ref room, command: Request::Game(Command::Challenge { opponent: Some(ref o), .. }) })
                if user.name == "alice" && room == DEFAULT_ROOM && o.name == "bob"
        ));
        let line = parse_line("carol@side> board");
        assert!(
            matches!(line, Ok(Line { ref room, command: Request::Game(Command::Board { flip: false }), .. }) if room == "side")
        );
    }

    #[test]
    fn refusals_are_worded_in_the_consoles_language() {
        let error = LineError::LongName("x".into());
        assert_eq!(
            error.text(Lang::En),
            "`x` is too long for a name: at most 32 characters"
        );
        assert_eq!(error.to_string(), error.text(Lang::En));
        assert_eq!(
            error.text(Lang::Ja),
            "`x` は名前として長すぎます（最大32文字）"
        );
        assert!(
            LineError::NoUser
                .text(Lang::Ja)
                .contains("`ユーザー> コマンド`")
        );
        // A malformed command is explained in the console's language too.
        let error = parse_line("alice> draw maybe").map(|_| ()).unwrap_err();
        assert_eq!(
            error.text(Lang::Ja),
            "`draw`：`maybe` は `offer`、`accept`、`decline` のどれでもありません"
        );
        assert_eq!(
            error.text(Lang::En),
            "`draw`: `maybe` is not `offer`, `accept` or `decline`"
        );
    }

    #[test]
    fn full_width_lines_read_as_ascii() {
        let wide = parse_line("ａｌｉｃｅ＠ｓｉｄｅ＞　ｍｏｖｅ　Ｎｆ３／ａ６");
        assert_eq!(
            wide,
            Ok(Line {
                user: user("alice"),
                room: "side".into(),
                command: Request::Game(Command::Move("Nf3/a6".into())),
            })
        );
        assert_eq!(
            parse_line("alice> move Ｏ－Ｏ").map(|l| l.command),
            Ok(Request::Game(Command::Move("O-O".into())))
        );
        assert!(matches!(
            parse_line("alice>　ｃｈａｌｌｅｎｇｅ　ｂｏｂ　ａｖａｌａｎｃｈｅ"),
            Ok(Line {
                command: Request::Game(Command::Challenge {
                    variant: rules::Variant::Avalanche,
                    ..
                }),
                ..
            })
        ));
    }

    #[test]
    fn malformed_lines_are_refused() {
        assert_eq!(parse_line("move e4"), Err(LineError::NoUser));
        assert_eq!(
            parse_line("> move e4"),
            Err(LineError::BadUser(String::new()))
        );
        assert_eq!(
            parse_line("al ice> move e4"),
            Err(LineError::BadUser("al ice".into()))
        );
        assert_eq!(
            parse_line("alice@> move e4"),
            Err(LineError::BadRoom(String::new()))
        );
        assert!(matches!(
            parse_line("alice> dance"),
            Err(LineError::Command(_))
        ));
    }

    #[test]
    fn names_are_printable_words_of_at_most_32_characters() {
        let long = "a".repeat(33);
        assert_eq!(
            parse_line(&format!("{long}> board")),
            Err(LineError::LongName(long.clone()))
        );
        assert!(parse_line(&format!("{}> board", "é".repeat(32))).is_ok());
        assert_eq!(
            parse_line("al\x1b[31mice> board"),
            Err(LineError::BadUser("al\x1b[31mice".into()))
        );
        assert_eq!(
            parse_line(&format!("alice> challenge @{long}")),
            Err(LineError::LongName(format!("@{long}")))
        );
        assert_eq!(
            parse_line("alice> challenge @b\x07ob"),
            Err(LineError::BadUser("@b\x07ob".into()))
        );
        assert!(matches!(
            parse_line(&format!("alice@{long}> board")),
            Err(LineError::LongName(_))
        ));
        assert_eq!(
            parse_line("ali\u{202E}ecb> board"),
            Err(LineError::BadUser("ali\u{202E}ecb".into()))
        );
        assert_eq!(
            parse_line("alice@ro\u{2067}om> board"),
            Err(LineError::BadRoom("ro\u{2067}om".into()))
        );
        assert_eq!(
            parse_line("alice> challenge @b\u{200F}ob"),
            Err(LineError::BadUser("@b\u{200F}ob".into()))
        );
    }
}
