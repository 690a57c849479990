//! The console's command syntax: text commands (`challenge bob avalanche 1d`, `move Nf3/a3`)
//! read into the service's [`Command`]s. Only the reading is here; defaults and validation
//! of what is asked stay in the service.

use domain::Id;
use domain::commands::{self, ArgError, Args, Kind, Opt, Spec, Value};
use engine::Level;
use rules::Variant;

use domain::input::parse_duration;
use domain::rating::RatingFamily;
use domain::suggest::edit_distance;
use domain::timing::TimeControl;
use domain::{
    ColorChoice, Command, DEFAULT_STOCKFISH_ELO, Organiser, Request, STOCKFISH_ELOS, SetupChoice,
    User, computer_at, stockfish,
};
use present::fluent_args;
use present::i18n::{self, Lang, Surface};

/// A command that cannot be read: what was typed, and what was wanted instead. Worded by
/// [`CommandError::text`] from the console's catalog; `Display` is the English.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{}", self.text(Lang::En))]
pub enum CommandError {
    /// Nothing was written.
    Empty,
    /// The first word is not a command.
    Unknown {
        /// The word.
        word: String,
        /// The command it resembles, if one is close.
        suggestion: Option<&'static str>,
    },
    /// A command needs an argument that is missing.
    Missing {
        /// The command.
        command: &'static str,
        /// What it needs.
        what: Needed,
    },
    /// An argument cannot be read.
    BadArgument {
        /// The command.
        command: &'static str,
        /// What is wrong.
        problem: Problem,
    },
}

/// An argument a command cannot do without.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Needed {
    /// `move` needs the move.
    Move,
    /// `promote` needs the piece.
    Piece,
    /// `level` (in a challenge) needs its number.
    Level,
    /// `elo` (in a challenge of Stockfish) needs its number.
    Elo,
    /// `game` needs the game's id.
    GameId,
    /// `vacation` needs a number of days, or `end`.
    Days,
    /// `tournament` needs what to do (`create` a name, a variant and a format).
    Tournament,
}

/// What a word should have been.
#[derive(Clone, Copy, Debug, PartialEq, Eq, strum::EnumIter)]
pub enum Expected {
    /// `flip`, after `board`.
    Flip,
    /// `en`, `ja` or `default`.
    Language,
    /// `on` or `off`.
    OnOff,
    /// A promotion piece: Q, R, B or N.
    Piece,
    /// `offer`, `accept` or `decline`.
    DrawAnswer,
    /// `request`, `accept` or `decline`.
    TakebackAnswer,
    /// `white`, `black` or `random`.
    Colour,
    /// A variant.
    Variant,
    /// A rating family: standard, chess960 or avalanche.
    Family,
    /// A Chess960 setup: 0 to 959, or `random`.
    Setup,
    /// A computer level, 1 to 8.
    Level,
    /// Stockfish's Elo, 1350 to 2850.
    Elo,
    /// A deadline like `10m` or `3d`.
    Deadline,
    /// A time control like `5+3`.
    Time,
    /// A game id: a number, `12` or `#12`.
    GameId,
    /// A page number from 1.
    Page,
    /// A turn of a game: a number from 0 (its start).
    Turn,
    /// A number of days from 1, or `end`.
    Days,
    /// A tournament format: round-robin, double-round-robin or swiss.
    Format,
    /// A number of rounds from 1.
    Rounds,
    /// What to do with a tournament: create, join, leave, start, standings, pairings, info,
    /// cancel or organisers.
    TournamentAction,
    /// A tournament's id: `#17`.
    TournamentId,
    /// `confirm` or `cancel`, after `forget`.
    ForgetAnswer,
    /// One of what the command takes, which `help` shows.
    Choice,
}

/// What is wrong with a command's arguments.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Problem {
    /// The command takes no arguments; these were given.
    NoArguments(String),
    /// The word is not what was expected there.
    Not {
        /// The word as typed.
        word: String,
        /// What was wanted.
        expected: Expected,
    },
    /// More than one variant family was given; these are the arguments.
    OneFamilyAtMost(String),
    /// A second variant was given: this word.
    TwoVariants(String),
    /// A user (or the computer) is already named, and this word names another.
    AlreadyNamed(String),
    /// A `key=value` option with an unknown key.
    UnknownOption(String),
    /// A word that reads as a malformed option (`-5`, `0s`): never taken as a name.
    Unreadable(String),
    /// A word that is no option, when the opponent is already named.
    ExtraWord(String),
    /// Both the computer and a user are named.
    ComputerAndUser,
    /// A level is given for a game not against the computer.
    LevelWithoutComputer,
    /// An Elo is given for a game not against Stockfish.
    EloWithoutStockfish,
    /// A variant's name written in two words (`chess 960`): these, and the variant's id.
    SplitVariant(String, &'static str),
    /// Both a Chess960 setup and a position are given.
    SetupAndPosition,
    /// `position` with no FEN after it.
    NoPosition,
}

impl CommandError {
    /// The explanation in `lang`.
    pub fn text(&self, lang: Lang) -> String {
        let (key, command, text, suggestion) = match self {
            CommandError::Empty => ("console-command-empty", "", "", ""),
            CommandError::Unknown {
                word,
                suggestion: Some(s),
            } => ("console-command-did-you-mean", "", word.as_str(), *s),
            CommandError::Unknown { word, .. } if looks_like_a_move(word) => {
                ("console-command-write-move", "", word.as_str(), "")
            }
            CommandError::Unknown { word, .. } => {
                ("console-command-unknown", "", word.as_str(), "")
            }
            CommandError::Missing { command, what } => (what.key(), *command, "", ""),
            CommandError::BadArgument {
                command,
                problem: Problem::SplitVariant(typed, id),
            } => (
                "console-command-split-variant",
                *command,
                typed.as_str(),
                *id,
            ),
            CommandError::BadArgument { command, problem } => {
                (problem.key(), *command, problem.word(), "")
            }
        };
        i18n::text(
            lang,
            Surface::Console,
            key,
            &fluent_args![
                ("command", command),
                ("text", text),
                ("suggestion", suggestion)
            ],
        )
    }
}

impl Needed {
    /// Its catalog message.
    fn key(self) -> &'static str {
        match self {
            Needed::Move => "console-command-needs-move",
            Needed::Piece => "console-command-needs-piece",
            Needed::Level => "console-command-needs-level",
            Needed::Elo => "console-command-needs-elo",
            Needed::GameId => "console-command-needs-game-id",
            Needed::Days => "console-command-needs-days",
            Needed::Tournament => "console-command-needs-tournament",
        }
    }
}

impl Expected {
    /// Its catalog message.
    fn key(self) -> &'static str {
        match self {
            Expected::Flip => "console-command-not-flip",
            Expected::Language => "console-command-not-language",
            Expected::OnOff => "console-command-not-on-off",
            Expected::Piece => "console-command-not-piece",
            Expected::DrawAnswer => "console-command-not-draw-answer",
            Expected::TakebackAnswer => "console-command-not-takeback-answer",
            Expected::Colour => "console-command-not-colour",
            Expected::Variant => "console-command-not-variant",
            Expected::Family => "console-command-not-family",
            Expected::Setup => "console-command-not-setup",
            Expected::Level => "console-command-not-level",
            Expected::Elo => "console-command-not-elo",
            Expected::Deadline => "console-command-not-deadline",
            Expected::Time => "console-command-not-time",
            Expected::GameId => "console-command-not-game-id",
            Expected::Page => "console-command-not-page",
            Expected::Turn => "console-command-not-turn",
            Expected::Days => "console-command-not-days",
            Expected::Format => "console-command-not-format",
            Expected::Rounds => "console-command-not-rounds",
            Expected::TournamentAction => "console-command-not-tournament-action",
            Expected::TournamentId => "console-command-not-tournament-id",
            Expected::ForgetAnswer => "console-command-not-forget-answer",
            Expected::Choice => "console-command-not-choice",
        }
    }
}

impl Problem {
    /// Its catalog message.
    fn key(&self) -> &'static str {
        match self {
            Problem::NoArguments(_) => "console-command-no-arguments",
            Problem::Not { expected, .. } => expected.key(),
            Problem::OneFamilyAtMost(_) => "console-command-one-family",
            Problem::TwoVariants(_) => "console-command-two-variants",
            Problem::AlreadyNamed(_) => "console-command-already-named",
            Problem::UnknownOption(_) => "console-command-unknown-option",
            Problem::Unreadable(_) => "console-command-unreadable",
            Problem::ExtraWord(_) => "console-command-extra-word",
            Problem::ComputerAndUser => "console-command-computer-and-user",
            Problem::LevelWithoutComputer => "console-command-level-without-computer",
            Problem::EloWithoutStockfish => "console-command-elo-without-stockfish",
            Problem::SplitVariant(..) => "console-command-split-variant",
            Problem::SetupAndPosition => "console-command-setup-and-position",
            Problem::NoPosition => "console-command-no-position",
        }
    }

    /// The words typed that it is about (empty when none).
    fn word(&self) -> &str {
        match self {
            Problem::NoArguments(w)
            | Problem::Not { word: w, .. }
            | Problem::OneFamilyAtMost(w)
            | Problem::TwoVariants(w)
            | Problem::AlreadyNamed(w)
            | Problem::UnknownOption(w)
            | Problem::Unreadable(w)
            | Problem::ExtraWord(w)
            | Problem::SplitVariant(w, _) => w,
            Problem::ComputerAndUser
            | Problem::LevelWithoutComputer
            | Problem::EloWithoutStockfish
            | Problem::SetupAndPosition
            | Problem::NoPosition => "",
        }
    }
}

fn looks_like_a_move(word: &str) -> bool {
    word.chars().any(|c| c.is_ascii_digit()) && word.len() <= 12
}

/// Reads a text command. `resolve` turns the opponent word of `challenge` or the user of
/// `rating` (a name, an `@name`) into a user, or says why it cannot, in the caller's own error
/// type `E`, which the parser's own [`CommandError`]s turn into.
///
/// The command words and the options are [`commands::COMMANDS`]'; `challenge`, `rating`,
/// `leaderboard` and `history` take their words in any order.
pub fn parse_command<E: From<CommandError>>(
    line: &str,
    resolve: &mut dyn FnMut(&str) -> Result<User, E>,
) -> Result<Command, E> {
    let line = line.trim();
    let (word, rest) = match line.split_once(char::is_whitespace) {
        Some((w, r)) => (w, r.trim()),
        None => (line, ""),
    };
    if word.is_empty() {
        return Err(CommandError::Empty.into());
    }
    let lower = word.to_lowercase();
    let spec = commands::words()
        .find(|(w, _)| *w == lower)
        .map(|(_, spec)| spec)
        .filter(|spec| spec.name != "tournament")
        .ok_or_else(|| CommandError::Unknown {
            word: word.to_string(),
            suggestion: commands::words()
                .map(|(w, _)| (edit_distance(&lower, w), w))
                .filter(|(d, w)| *d <= 2 && *d < w.len())
                // The first of the closest, in the order of `COMMANDS` (common ones first).
                .min_by_key(|(d, _)| *d)
                .map(|(_, w)| w),
        })?;
    let args: Vec<&str> = rest.split_whitespace().collect();
    match spec.name {
        "challenge" => parse_challenge(&args, resolve),
        "rating" => parse_rating(&args, resolve),
        "history" => parse_history(&args, resolve),
        "leaderboard" => match args.as_slice() {
            [] | [_] => declared(spec, rest).map_err(E::from),
            _ => Err(bad("leaderboard", Problem::OneFamilyAtMost(rest.to_string())).into()),
        },
        _ => declared(spec, rest).map_err(E::from),
    }
}

/// What a console word of `command`'s option `option` should have been.
fn expected(command: &str, option: &str) -> Expected {
    match (command, option) {
        ("board", _) => Expected::Flip,
        ("language", _) => Expected::Language,
        ("avatars", _) => Expected::OnOff,
        ("promote", _) => Expected::Piece,
        ("draw", _) => Expected::DrawAnswer,
        ("takeback", _) => Expected::TakebackAnswer,
        ("forget", _) => Expected::ForgetAnswer,
        ("rating" | "leaderboard", "variant") => Expected::Family,
        (_, "variant") => Expected::Variant,
        (_, "colour") => Expected::Colour,
        (_, "computer") => Expected::Level,
        (_, "stockfish") => Expected::Elo,
        (_, "deadline") => Expected::Deadline,
        (_, "time") => Expected::Time,
        (_, "page") => Expected::Page,
        (_, "turn") => Expected::Turn,
        (_, "days") => Expected::Days,
        (_, "game" | "id") => Expected::GameId,
        (_, "chess960" | "number") => Expected::Setup,
        _ => Expected::Choice,
    }
}

/// What a command cannot do without, when its option `option` is missing and the console
/// says so in its own words.
fn needed(option: &str) -> Option<Needed> {
    Some(match option {
        "notation" => Needed::Move,
        "piece" => Needed::Piece,
        "days" => Needed::Days,
        "id" => Needed::GameId,
        _ => return None,
    })
}

/// `error` in the options of `command`, in the console's words.
fn arg_error(command: &'static str, error: ArgError) -> CommandError {
    match error {
        ArgError::Unknown(word) => CommandError::Unknown {
            word,
            suggestion: None,
        },
        ArgError::Missing(option) => match needed(option) {
            Some(what) => CommandError::Missing { command, what },
            None => bad(
                command,
                Problem::Not {
                    word: String::new(),
                    expected: expected(command, option),
                },
            ),
        },
        ArgError::Bad { option, text } => bad(
            command,
            Problem::Not {
                word: text,
                expected: expected(command, option),
            },
        ),
        ArgError::OpponentAndComputer => bad(command, Problem::ComputerAndUser),
        ArgError::SetupAndPosition => bad(command, Problem::SetupAndPosition),
    }
}

/// The command `spec` declares with `rest`, the words after its name, as the value of its
/// one option (if it has one): a flag by its name, a number (`#12` too), or text.
fn declared(spec: &'static Spec, rest: &str) -> Result<Command, CommandError> {
    let mut args = Args::new();
    match spec.options {
        [] if !rest.is_empty() => {
            return Err(bad(spec.name, Problem::NoArguments(rest.to_string())));
        }
        [option] if !rest.is_empty() => {
            args.set(option.name, value_of(spec, option, rest)?);
        }
        options => {
            // Several options: their values in order, each a word, or named (`turn 5`).
            let mut words = rest.split_whitespace();
            let mut unfilled = options.iter();
            while let Some(word) = words.next() {
                let named = options
                    .iter()
                    .find(|o| o.name.eq_ignore_ascii_case(word) && !matches!(o.kind, Kind::Flag));
                let (option, text) = match named {
                    Some(option) => {
                        let text = words.next().ok_or(ArgError::Missing(option.name));
                        (option, text.map_err(|e| arg_error(spec.name, e))?)
                    }
                    None => match unfilled.find(|o| args.get(o.name).is_none()) {
                        Some(option) => (option, word),
                        None => return Err(bad(spec.name, Problem::NoArguments(word.into()))),
                    },
                };
                args.set(option.name, value_of(spec, option, text)?);
            }
        }
    }
    match commands::build(spec, &args, Organiser::default()) {
        Ok(Request::Game(command)) => Ok(command),
        Ok(Request::Tournament(_)) => Err(CommandError::Unknown {
            word: spec.name.to_string(),
            suggestion: None,
        }),
        Err(error) => Err(arg_error(spec.name, error)),
    }
}

/// The value `text` gives `option` of `spec`.
fn value_of(spec: &Spec, option: &Opt, text: &str) -> Result<Value, CommandError> {
    Ok(match option.kind {
        Kind::Flag if text.eq_ignore_ascii_case(option.name) => Value::Flag(true),
        Kind::Flag => {
            return Err(arg_error(
                spec.name,
                ArgError::Bad {
                    option: option.name,
                    text: text.to_string(),
                },
            ));
        }
        Kind::Number { .. } => match text.trim_start_matches('#').parse::<i64>() {
            Ok(n) => Value::Number(n),
            Err(_) => Value::Text(text.to_string()),
        },
        _ => Value::Text(text.to_string()),
    })
}

/// `problem` with an argument of `command`.
fn bad(command: &'static str, problem: Problem) -> CommandError {
    CommandError::BadArgument { command, problem }
}

/// `history [@user] [page]`, in either order.
fn parse_history<E: From<CommandError>>(
    args: &[&str],
    resolve: &mut dyn FnMut(&str) -> Result<User, E>,
) -> Result<Command, E> {
    let mut user = None;
    let mut page = None;
    for &arg in args {
        match arg.parse::<u32>() {
            Ok(n) if n >= 1 && page.is_none() => page = Some(n),
            Ok(_) => {
                let problem = Problem::Not {
                    word: arg.to_string(),
                    expected: Expected::Page,
                };
                return Err(bad("history", problem).into());
            }
            Err(_) if user.is_none() => user = Some(resolve(arg)?.id),
            Err(_) => {
                return Err(bad("history", Problem::AlreadyNamed(arg.to_string())).into());
            }
        }
    }
    Ok(Command::History {
        user,
        page: page.unwrap_or(1),
    })
}

/// `rating [user] [variant]`, in either order; `@name` always names a user.
fn parse_rating<E: From<CommandError>>(
    args: &[&str],
    resolve: &mut dyn FnMut(&str) -> Result<User, E>,
) -> Result<Command, E> {
    let (mut user, mut family) = (None, None);
    for &arg in args {
        match RatingFamily::named(arg).filter(|_| !arg.starts_with('@')) {
            Some(_) if family.is_some() => {
                return Err(bad("rating", Problem::TwoVariants(arg.to_string())).into());
            }
            Some(f) => family = Some(f),
            None if user.is_some() => {
                return Err(bad("rating", Problem::AlreadyNamed(arg.to_string())).into());
            }
            None => user = Some(resolve(arg)?),
        }
    }
    Ok(Command::Rating { user, family })
}

/// Whether `word` names nadare's own engine: `computer`, or nadare's own name (as choosing
/// the bot on Discord does), with or without an `@`.
fn names_computer(word: &str) -> bool {
    let name = word.strip_prefix('@').unwrap_or(word);
    name.eq_ignore_ascii_case("computer") || name.eq_ignore_ascii_case("nadare")
}

/// Whether `word` names Stockfish, with or without an `@`.
fn names_stockfish(word: &str) -> bool {
    word.strip_prefix('@')
        .unwrap_or(word)
        .eq_ignore_ascii_case("stockfish")
}

/// A problem with the arguments of `challenge`.
fn bad_challenge(problem: Problem) -> CommandError {
    bad("challenge", problem)
}

/// `word` in a challenge is not `expected`.
fn not_in_challenge(word: &str, expected: Expected) -> CommandError {
    bad_challenge(Problem::Not {
        word: word.to_string(),
        expected,
    })
}

/// Takes a challenge's position out of its words: `position FEN` (or `fen FEN`), or a FEN on
/// its own, found by its piece placement (eight ranks, seven slashes). The FEN's fields are
/// the words that read as them after the placement; quotes around it are dropped. Gives the
/// other words and the FEN.
fn take_position<'a>(args: &[&'a str]) -> Result<(Vec<&'a str>, Option<String>), CommandError> {
    const QUOTES: &[char] = &['"', '\'', '“', '”', '「', '」'];
    let keyword = |w: &str| w.eq_ignore_ascii_case("position") || w.eq_ignore_ascii_case("fen");
    let placement = |w: &str| w.trim_matches(QUOTES).matches('/').count() == 7;
    let Some(at) = args.iter().position(|w| keyword(w) || placement(w)) else {
        return Ok((args.to_vec(), None));
    };
    let first = match args.get(at) {
        Some(w) if keyword(w) => at + 1,
        _ => at,
    };
    // After the keyword, any word is the placement (the service says what is wrong with it).
    if args.get(first).is_none_or(|w| keyword(w)) {
        return Err(bad_challenge(Problem::NoPosition));
    }
    let field = |index: usize, w: &str| {
        let w = w.trim_end_matches(QUOTES);
        match index {
            1 => matches!(w, "w" | "b" | "W" | "B"),
            2 => w == "-" || w.chars().all(|c| "KQkqABCDEFGHabcdefgh".contains(c)),
            3 => w == "-" || w.parse::<rules::Square>().is_ok(),
            _ => !w.is_empty() && w.bytes().all(|b| b.is_ascii_digit()),
        }
    };
    let mut end = first + 1;
    while end - first < 6 && args.get(end).is_some_and(|w| field(end - first, w)) {
        end += 1;
    }
    let fen = args
        .get(first..end)
        .unwrap_or_default()
        .join(" ")
        .trim_matches(QUOTES)
        .to_owned();
    let rest = args
        .iter()
        .enumerate()
        .filter(|(i, _)| *i < at || *i >= end)
        .map(|(_, w)| *w)
        .collect();
    Ok((rest, Some(fen)))
}

fn parse_challenge<E: From<CommandError>>(
    args: &[&str],
    resolve: &mut dyn FnMut(&str) -> Result<User, E>,
) -> Result<Command, E> {
    let (args, position) = take_position(args)?;
    let args = args.as_slice();
    let mut opponent = None;
    let mut variant = None;
    let mut setup = None;
    let mut color = None;
    let mut deadline = None;
    let mut time = None;
    let mut level = None;
    let mut rated = None;
    let mut against_computer = false;
    let mut elo = None;
    let mut against_stockfish = false;
    // A variant's name in two words (`chess 960`) is not a name and a variant.
    for pair in args.windows(2) {
        if let [first, second] = pair
            && !first.starts_with('@')
            && let Ok(joined) = format!("{first}{second}").parse::<Variant>()
            && first.parse::<Variant>() != Ok(joined)
        {
            let typed = format!("{first} {second}");
            return Err(bad_challenge(Problem::SplitVariant(typed, joined.id())).into());
        }
    }
    // `level N` is read as `level=N`, and `elo N` as `elo=N`; a number right after
    // `computer` is its level (`computer 5`), and right after `stockfish` its Elo.
    let mut joined: Vec<String> = Vec::with_capacity(args.len());
    let mut words = args.iter().peekable();
    while let Some(&arg) = words.next() {
        let needs = if arg.eq_ignore_ascii_case("level") {
            Some(Needed::Level)
        } else if arg.eq_ignore_ascii_case("elo") {
            Some(Needed::Elo)
        } else {
            None
        };
        if let Some(what) = needs {
            let n = words.next().ok_or(CommandError::Missing {
                command: "challenge",
                what,
            })?;
            joined.push(format!("{}={n}", arg.to_lowercase()));
            continue;
        }
        joined.push(arg.to_string());
        let strength = if names_computer(arg) {
            "level"
        } else if names_stockfish(arg) {
            "elo"
        } else {
            continue;
        };
        if let Some(n) = words.next_if(|n| n.bytes().all(|b| b.is_ascii_digit())) {
            joined.push(format!("{strength}={n}"));
        }
    }
    for arg in &joined {
        let arg = arg.as_str();
        let named_twice = || bad_challenge(Problem::AlreadyNamed(arg.to_string()));
        if names_computer(arg) {
            if opponent.is_some() || against_computer || against_stockfish {
                return Err(named_twice().into());
            }
            against_computer = true;
            continue;
        }
        if names_stockfish(arg) {
            if opponent.is_some() || against_computer || against_stockfish {
                return Err(named_twice().into());
            }
            against_stockfish = true;
            continue;
        }
        // `@name` always names the opponent, even a name that reads as an option (`@b`, `@960`).
        if arg.starts_with('@') {
            if opponent.is_some() || against_stockfish {
                return Err(named_twice().into());
            }
            opponent = Some(resolve(arg)?);
            continue;
        }
        let lower = arg.to_lowercase();
        let (key, value) = match lower.split_once('=') {
            Some((k, v)) => (Some(k), v),
            None => (None, lower.as_str()),
        };
        match key {
            Some("variant") => {
                variant = Some(
                    value
                        .parse::<Variant>()
                        .map_err(|_| not_in_challenge(arg, Expected::Variant))?,
                );
                continue;
            }
            Some("setup" | "960" | "chess960") => {
                setup =
                    Some(parse_setup(value).ok_or_else(|| not_in_challenge(arg, Expected::Setup))?);
                continue;
            }
            Some("color" | "colour") => {
                color = Some(
                    ColorChoice::from_id(value)
                        .ok_or_else(|| not_in_challenge(arg, Expected::Colour))?,
                );
                continue;
            }
            Some("elo") => {
                let typed = arg.get("elo=".len()..).unwrap_or(value);
                let (least, most) = STOCKFISH_ELOS;
                elo = Some(
                    value
                        .parse::<u16>()
                        .ok()
                        .filter(|e| (least..=most).contains(e))
                        .ok_or_else(|| not_in_challenge(typed, Expected::Elo))?,
                );
                continue;
            }
            Some("level") => {
                // The word after `level`, as typed.
                let typed = arg.get("level=".len()..).unwrap_or(value);
                level = Some(
                    value
                        .parse::<Level>()
                        .map_err(|_| not_in_challenge(typed, Expected::Level))?,
                );
                continue;
            }
            Some("deadline") => {
                deadline = Some(
                    parse_duration(value)
                        .ok_or_else(|| not_in_challenge(arg, Expected::Deadline))?,
                );
                continue;
            }
            Some("time") => {
                time = Some(
                    TimeControl::parse(value).map_err(|_| not_in_challenge(arg, Expected::Time))?,
                );
                continue;
            }
            Some(_) => return Err(bad_challenge(Problem::UnknownOption(arg.to_string())).into()),
            None => {}
        }
        match value {
            "rated" => {
                rated = Some(true);
                continue;
            }
            "casual" | "unrated" => {
                rated = Some(false);
                continue;
            }
            _ => {}
        }
        if let Some(c) = match value {
            "white" => Some(ColorChoice::White),
            "black" => Some(ColorChoice::Black),
            "random" => Some(ColorChoice::Random),
            _ => None,
        } {
            color = Some(c);
        } else if matches!(value, "random960" | "frc" | "960") && variant.is_some() {
            setup = Some(SetupChoice::Random);
        } else if let Ok(v) = value.parse::<Variant>() {
            if variant.is_some() {
                return Err(bad_challenge(Problem::TwoVariants(arg.to_string())).into());
            }
            variant = Some(v);
        } else if let Ok(n) = value.strip_prefix('#').unwrap_or(value).parse::<u16>() {
            if n >= 960 {
                return Err(not_in_challenge(arg, Expected::Setup).into());
            }
            setup = Some(SetupChoice::Number(n));
        } else if let Some(d) = parse_duration(value) {
            deadline = Some(d);
        } else if value.contains('+') && value.starts_with(|c: char| c.is_ascii_digit() || c == '.')
        {
            time =
                Some(TimeControl::parse(value).map_err(|_| not_in_challenge(arg, Expected::Time))?);
        } else if value.starts_with(|c: char| c.is_ascii_digit() || "-+#=".contains(c)) {
            // A malformed option, never a name: `-5`, `0s`, `1e9m`.
            return Err(bad_challenge(Problem::Unreadable(arg.to_string())).into());
        } else {
            if opponent.is_some() {
                return Err(bad_challenge(Problem::ExtraWord(arg.to_string())).into());
            }
            opponent = Some(resolve(arg)?);
        }
    }
    if (against_computer || against_stockfish) && opponent.is_some() {
        return Err(bad_challenge(Problem::ComputerAndUser).into());
    }
    if level.is_some() && !against_computer {
        return Err(bad_challenge(Problem::LevelWithoutComputer).into());
    }
    if elo.is_some() && !against_stockfish {
        return Err(bad_challenge(Problem::EloWithoutStockfish).into());
    }
    if against_computer {
        opponent = Some(computer_at(level.map(Level::number)));
    }
    if against_stockfish {
        opponent = Some(stockfish(elo.unwrap_or(DEFAULT_STOCKFISH_ELO)));
    }
    let setup = match (setup, position) {
        (Some(_), Some(_)) => return Err(bad_challenge(Problem::SetupAndPosition).into()),
        (None, Some(fen)) => Some(SetupChoice::Position(fen)),
        (setup, None) => setup,
    };
    // A setup with no variant means Chess960.
    let variant = variant.unwrap_or(
        if matches!(setup, Some(SetupChoice::Number(_) | SetupChoice::Random)) {
            Variant::Chess960
        } else {
            Variant::Standard
        },
    );
    // A Chess960 game without a setup number gets a random one from the service, as from
    // every front.
    Ok(Command::Challenge {
        opponent,
        variant,
        setup,
        color: color.unwrap_or_default(),
        deadline,
        time,
        rated,
    })
}

fn parse_setup(s: &str) -> Option<SetupChoice> {
    if s == "random" {
        return Some(SetupChoice::Random);
    }
    s.parse::<u16>()
        .ok()
        .filter(|n| *n < 960)
        .map(SetupChoice::Number)
}

#[cfg(test)]
mod tests {
    use std::time::Duration;

    use super::*;
    use domain::{DEFAULT_LEVEL, DrawAction, TakebackAction, VacationAsk, computer_level};
    use rules::Role;

    fn user(name: &str) -> Result<User, CommandError> {
        Ok(User {
            id: name.len() as u64,
            name: name.trim_start_matches('@').to_string(),
        })
    }

    fn parse(line: &str) -> Result<Command, CommandError> {
        parse_command(line, &mut |s| user(s))
    }

    fn not(command: &'static str, word: &str, expected: Expected) -> CommandError {
        bad(
            command,
            Problem::Not {
                word: word.into(),
                expected,
            },
        )
    }

    /// What is wrong with the challenge `line`; panics if it is not a bad argument.
    fn problem(line: &str) -> Problem {
        match parse(line) {
            Err(CommandError::BadArgument {
                command: "challenge",
                problem,
            }) => problem,
            other => panic!("{line}: {other:?}"),
        }
    }

    #[test]
    fn stockfish_is_challenged_by_name_with_an_elo() {
        let elo = |line: &str| match parse(line) {
            Ok(Command::Challenge {
                opponent: Some(o), ..
            }) => domain::computer_player(o.id),
            other => panic!("{line}: {other:?}"),
        };
        assert_eq!(
            elo("challenge stockfish elo 1800 chess960"),
            Some(domain::Computer::Stockfish(1800))
        );
        assert_eq!(
            elo("challenge @Stockfish elo=2840"),
            Some(domain::Computer::Stockfish(2850))
        );
        assert_eq!(
            elo("challenge stockfish"),
            Some(domain::Computer::Stockfish(DEFAULT_STOCKFISH_ELO))
        );
        assert_eq!(
            problem("challenge stockfish elo 3000"),
            Problem::Not {
                word: "3000".into(),
                expected: Expected::Elo
            }
        );
        assert_eq!(
            problem("challenge computer elo 1500"),
            Problem::EloWithoutStockfish
        );
        assert_eq!(problem("challenge stockfish bob"), Problem::ComputerAndUser);
        assert_eq!(
            problem("challenge stockfish computer"),
            Problem::AlreadyNamed("computer".into())
        );
        assert_eq!(
            parse("challenge stockfish elo"),
            Err(CommandError::Missing {
                command: "challenge",
                what: Needed::Elo
            })
        );
    }

    #[test]
    fn the_computer_is_challenged_by_name_with_a_level() {
        let level = |line: &str| match parse(line) {
            Ok(Command::Challenge {
                opponent: Some(o), ..
            }) => computer_level(o.id),
            other => panic!("{line}: {other:?}"),
        };
        assert_eq!(level("challenge computer level 5 avalanche"), Some(5));
        assert_eq!(level("challenge @computer level=8"), Some(8));
        assert_eq!(level("challenge Computer black"), Some(DEFAULT_LEVEL));
        assert_eq!(
            problem("challenge computer level 9"),
            Problem::Not {
                word: "9".into(),
                expected: Expected::Level
            }
        );
        assert_eq!(
            problem("challenge bob level 3"),
            Problem::LevelWithoutComputer
        );
        assert_eq!(problem("challenge computer bob"), Problem::ComputerAndUser);
        assert_eq!(
            problem("challenge bob computer"),
            Problem::AlreadyNamed("computer".into())
        );
        assert_eq!(
            parse("challenge computer level"),
            Err(CommandError::Missing {
                command: "challenge",
                what: Needed::Level
            })
        );
        assert_eq!(parse("hint"), Ok(Command::Hint));
    }

    #[test]
    fn a_variant_in_two_words_is_suggested_whole() {
        assert_eq!(
            problem("challenge chess 960"),
            Problem::SplitVariant("chess 960".into(), "chess960")
        );
        let e = parse("challenge bob avalanche balanced")
            .map(|_| ())
            .unwrap_err();
        assert!(e.text(Lang::En).contains("`avalanche-balanced`"), "{e}");
        assert!(e.text(Lang::Ja).contains("`avalanche-balanced`"), "{e}");
        // Two words that are each what they say stay so.
        assert!(parse("challenge avalanche 960").is_ok());
        assert!(parse("challenge chess960 518").is_ok());
    }

    #[test]
    fn the_computer_and_its_strength_are_named_without_ambiguity() {
        let challenge = |line: &str| match parse(line) {
            Ok(Command::Challenge {
                opponent, setup, ..
            }) => (opponent, setup),
            other => panic!("{line}: {other:?}"),
        };
        let (opponent, setup) = challenge("challenge computer 5");
        assert_eq!(
            (opponent.map(|o| computer_level(o.id)), setup),
            (Some(Some(5)), None)
        );
        let (opponent, setup) = challenge("challenge computer 5 chess960 518");
        assert_eq!(
            (opponent.map(|o| computer_level(o.id)), setup),
            (Some(Some(5)), Some(SetupChoice::Number(518)))
        );
        let (opponent, _) = challenge("challenge nadare");
        assert_eq!(
            opponent.map(|o| computer_level(o.id)),
            Some(Some(DEFAULT_LEVEL))
        );
        let (opponent, _) = challenge("challenge @Nadare 2");
        assert_eq!(opponent.map(|o| computer_level(o.id)), Some(Some(2)));
        let (opponent, _) = challenge("challenge stockfish 1800");
        assert_eq!(opponent, Some(stockfish(1800)));
        // One letter is a name, never a colour.
        let (opponent, _) = challenge("challenge b");
        assert_eq!(opponent.map(|o| o.name), Some("b".to_string()));
        assert_eq!(
            problem("challenge computer 9"),
            Problem::Not {
                word: "9".into(),
                expected: Expected::Level
            }
        );
    }

    #[test]
    fn a_position_is_read_after_its_word_or_on_its_own() {
        let fen = "4k3/8/8/8/8/8/8/4K2R w K - 0 1";
        let position = |line: &str| match parse(line) {
            Ok(Command::Challenge {
                setup: Some(SetupChoice::Position(fen)),
                opponent,
                color,
                variant,
                ..
            }) => (fen, opponent.map(|o| o.name), color, variant),
            other => panic!("{line}: {other:?}"),
        };
        let bob = Some("bob".to_string());
        for line in [
            format!("challenge bob position {fen} black"),
            format!("challenge bob fen \"{fen}\" black"),
            format!("challenge bob {fen} black"),
            format!("challenge black position {fen} bob"),
        ] {
            assert_eq!(
                position(&line),
                (
                    fen.to_string(),
                    bob.clone(),
                    ColorChoice::Black,
                    Variant::Standard
                ),
                "{line}"
            );
        }
        // The fields a FEN may leave out, and a variant after it; a number after the six
        // fields is not part of it.
        let (fen, _, _, variant) = position("challenge position 4k3/8/8/8/8/8/8/4K3 w - avalanche");
        assert_eq!(
            (fen.as_str(), variant),
            ("4k3/8/8/8/8/8/8/4K3 w -", Variant::Avalanche)
        );
        assert_eq!(
            problem("challenge position 8/8/8 w - - 0 1 7"),
            Problem::SetupAndPosition
        );
        assert_eq!(problem("challenge bob position"), Problem::NoPosition);
        assert_eq!(problem("challenge position fen"), Problem::NoPosition);
        assert_eq!(
            problem(&format!("challenge chess960 5 position {fen}")),
            Problem::SetupAndPosition
        );
    }

    #[test]
    fn malformed_options_are_errors_and_at_names_anyone() {
        for word in ["-5", "0s", "-1h", "1e9m", "#999x", "960x"] {
            let e = parse(&format!("challenge chess960 {word}"));
            assert_eq!(
                e,
                Err(bad_challenge(Problem::Unreadable(word.into()))),
                "{word}"
            );
            // The answer shows how to name a user of that name, in both languages.
            for lang in Lang::all() {
                let text = e.clone().map(|_| ()).unwrap_err().text(lang);
                assert!(text.contains(&format!("`@{word}`")), "{text}");
            }
        }
        for name in ["b", "w", "960", "-5", "white", "avalanche"] {
            let c = parse(&format!("challenge @{name} avalanche"));
            assert!(
                matches!(&c, Ok(Command::Challenge { opponent: Some(User { name: n, .. }), variant: Variant::Avalanche, .. }) if n == name),
                "{name}: {c:?}"
            );
        }
        assert_eq!(
            parse("challenge @bob @carol"),
            Err(bad_challenge(Problem::AlreadyNamed("@carol".into())))
        );
        // Plain names still work.
        assert!(matches!(
            parse("challenge bob"),
            Ok(Command::Challenge { opponent: Some(User { ref name, .. }), .. }) if name == "bob"
        ));
    }

    #[test]
    fn challenges_read_their_options_in_any_order() {
        let c = parse("challenge bob avalanche-balanced casual black 1d");
        assert_eq!(
            c,
            Ok(Command::Challenge {
                opponent: Some(User {
                    id: 3,
                    name: "bob".into()
                }),
                variant: Variant::AvalancheBalanced,
                setup: None,
                color: ColorChoice::Black,
                deadline: Some(Duration::from_secs(86_400)),
                time: None,
                rated: Some(false),
            })
        );
        assert!(matches!(
            parse("challenge rated bob"),
            Ok(Command::Challenge {
                rated: Some(true),
                ..
            })
        ));
        assert!(matches!(
            parse("challenge bob"),
            Ok(Command::Challenge { rated: None, .. })
        ));
        let c = parse("challenge avalanche 960 @carol");
        assert!(matches!(
            c,
            Ok(Command::Challenge {
                variant: Variant::Avalanche,
                setup: Some(SetupChoice::Random),
                opponent: Some(User { ref name, .. }),
                ..
            }) if name == "carol"
        ));
        assert!(matches!(
            parse("challenge chess960 518"),
            Ok(Command::Challenge {
                opponent: None,
                variant: Variant::Chess960,
                setup: Some(SetupChoice::Number(518)),
                ..
            })
        ));
        // The setup is left to the service, which draws one at random.
        assert!(matches!(
            parse("challenge 960"),
            Ok(Command::Challenge {
                variant: Variant::Chess960,
                setup: None,
                ..
            })
        ));
    }

    #[test]
    fn ratings_leaderboards_and_the_language_read_their_arguments() {
        let bob = || {
            Some(User {
                id: 3,
                name: "bob".into(),
            })
        };
        assert_eq!(
            parse("rating"),
            Ok(Command::Rating {
                user: None,
                family: None
            })
        );
        assert_eq!(
            parse("rating avalanche-reversed bob"),
            Ok(Command::Rating {
                user: bob(),
                family: Some(RatingFamily::Avalanche)
            })
        );
        assert_eq!(
            parse("ratings bob 960"),
            Ok(Command::Rating {
                user: bob(),
                family: Some(RatingFamily::Chess960)
            })
        );
        // `@` names a user even when the name reads as a variant.
        assert!(matches!(
            parse("rating @standard"),
            Ok(Command::Rating { user: Some(User { ref name, .. }), family: None }) if name == "standard"
        ));
        assert_eq!(
            parse("rating standard chess960"),
            Err(bad("rating", Problem::TwoVariants("chess960".into())))
        );
        assert_eq!(
            parse("rating bob carol"),
            Err(bad("rating", Problem::AlreadyNamed("carol".into())))
        );
        assert_eq!(
            parse("leaderboard"),
            Ok(Command::Leaderboard { family: None })
        );
        // Standard chess is rated per speed; `standard` is its correspondence rating.
        assert_eq!(
            parse("top Standard"),
            Ok(Command::Leaderboard {
                family: Some(RatingFamily::Correspondence)
            })
        );
        assert_eq!(
            parse("leaderboard blitz"),
            Ok(Command::Leaderboard {
                family: Some(RatingFamily::Blitz)
            })
        );
        assert_eq!(
            parse("rating bob correspondence"),
            Ok(Command::Rating {
                user: bob(),
                family: Some(RatingFamily::Correspondence)
            })
        );
        assert_eq!(
            parse("leaderboard checkers"),
            Err(not("leaderboard", "checkers", Expected::Family))
        );
        assert_eq!(
            parse("leaderboard standard avalanche"),
            Err(bad(
                "leaderboard",
                Problem::OneFamilyAtMost("standard avalanche".into())
            ))
        );
        assert_eq!(parse("language ja"), Ok(Command::Language(Some(Lang::Ja))));
        assert_eq!(parse("language default"), Ok(Command::Language(None)));
        assert_eq!(parse("avatars off"), Ok(Command::Avatars(false)));
        assert_eq!(parse("avatars ON"), Ok(Command::Avatars(true)));
        assert_eq!(
            parse("avatars maybe"),
            Err(not("avatars", "maybe", Expected::OnOff))
        );
        assert_eq!(
            parse("language klingon"),
            Err(not("language", "klingon", Expected::Language))
        );
    }

    #[test]
    fn challenge_mistakes_are_explained() {
        let problem = |line: &str| {
            parse(line).map(|_| ()).map_err(|e| match e {
                CommandError::BadArgument {
                    command: "challenge",
                    problem,
                } => problem,
                other => panic!("{line}: {other:?}"),
            })
        };
        assert_eq!(
            problem("challenge bob carol"),
            Err(Problem::ExtraWord("carol".into()))
        );
        assert_eq!(
            problem("challenge standard avalanche"),
            Err(Problem::TwoVariants("avalanche".into()))
        );
        assert_eq!(
            problem("challenge bob chess960 960x"),
            Err(Problem::Unreadable("960x".into()))
        );
        assert_eq!(
            problem("challenge 1000"),
            Err(Problem::Not {
                word: "1000".into(),
                expected: Expected::Setup
            })
        );
        assert_eq!(
            problem("challenge colour=green"),
            Err(Problem::Not {
                word: "colour=green".into(),
                expected: Expected::Colour
            })
        );
        assert_eq!(
            problem("challenge bob Deadline=soon"),
            Err(Problem::Not {
                word: "Deadline=soon".into(),
                expected: Expected::Deadline
            })
        );
        assert_eq!(
            problem("challenge bob speed=fast"),
            Err(Problem::UnknownOption("speed=fast".into()))
        );
    }

    #[test]
    fn other_commands_parse() {
        assert_eq!(
            parse("move  =Q Kd2/e6 "),
            Ok(Command::Move("=Q Kd2/e6".into()))
        );
        assert_eq!(parse("MOVE e4"), Ok(Command::Move("e4".into())));
        assert_eq!(parse("promote n"), Ok(Command::Promote(Role::Knight)));
        assert_eq!(parse("draw"), Ok(Command::Draw(DrawAction::Offer)));
        assert_eq!(parse("draw no"), Ok(Command::Draw(DrawAction::Decline)));
        assert_eq!(
            parse("takeback accept"),
            Ok(Command::Takeback(TakebackAction::Accept))
        );
        assert_eq!(parse("board flip"), Ok(Command::Board { flip: true }));
        assert_eq!(parse("chess960 #518"), Ok(Command::Chess960(Some(518))));
        assert_eq!(parse("chess960"), Ok(Command::Chess960(None)));
        assert_eq!(
            parse("rules balanced"),
            Ok(Command::Rules(Some(Variant::AvalancheBalanced)))
        );
    }

    #[test]
    fn malformed_lines_say_what_to_do() {
        assert_eq!(parse("   "), Err(CommandError::Empty));
        let e = parse("resing").map(|_| ()).unwrap_err().to_string();
        assert!(e.contains("did you mean `resign`"), "{e}");
        // As close to `move` as to `moves`: the commoner is suggested.
        let e = parse("movs").map(|_| ()).unwrap_err().to_string();
        assert!(e.contains("did you mean `move`"), "{e}");
        let e = parse("e4").map(|_| ()).unwrap_err().to_string();
        assert!(e.contains("move e4"), "{e}");
        let e = parse("xyzzy").map(|_| ()).unwrap_err().to_string();
        assert_eq!(e, "unknown command `xyzzy`; write `help` for the list");
        assert_eq!(
            parse("move"),
            Err(CommandError::Missing {
                command: "move",
                what: Needed::Move
            })
        );
        assert_eq!(
            parse("accept now"),
            Err(bad("accept", Problem::NoArguments("now".into())))
        );
        assert_eq!(
            parse("chess960 960"),
            Err(not("chess960", "960", Expected::Setup))
        );
        assert_eq!(
            parse("promote king"),
            Err(not("promote", "king", Expected::Piece))
        );
        assert_eq!(
            parse("board upside-down"),
            Err(not("board", "upside-down", Expected::Flip))
        );
        assert_eq!(
            parse("draw maybe"),
            Err(not("draw", "maybe", Expected::DrawAnswer))
        );
        assert_eq!(
            parse("takeback maybe"),
            Err(not("takeback", "maybe", Expected::TakebackAnswer))
        );
        assert_eq!(
            parse("rules checkers"),
            Err(not("rules", "checkers", Expected::Variant))
        );
    }

    #[test]
    fn refusals_are_worded_in_english_and_japanese() {
        let ja = |line: &str| parse(line).map(|_| ()).unwrap_err().text(Lang::Ja);
        assert_eq!(
            ja("resing"),
            "`resing` というコマンドはありません（`resign` のことですか？）"
        );
        assert_eq!(
            ja("e4"),
            "`e4` というコマンドはありません（指し手は `move e4` のように書きます）"
        );
        assert_eq!(ja("board x"), "`board`：`x` は `flip` ではありません");
        assert_eq!(
            parse("board x").map(|_| ()).unwrap_err().to_string(),
            "`board`: `x` is not `flip`"
        );
    }

    #[test]
    fn every_refusal_has_its_own_words_in_both_languages() {
        use strum::IntoEnumIterator;

        let mut errors = vec![
            CommandError::Empty,
            CommandError::Unknown {
                word: "resing".into(),
                suggestion: Some("resign"),
            },
            CommandError::Unknown {
                word: "e4".into(),
                suggestion: None,
            },
            CommandError::Unknown {
                word: "dance".into(),
                suggestion: None,
            },
        ];
        for what in [
            Needed::Move,
            Needed::Piece,
            Needed::Level,
            Needed::GameId,
            Needed::Days,
        ] {
            errors.push(CommandError::Missing {
                command: "move",
                what,
            });
        }
        let problems = [
            Problem::NoArguments("xyzzy".into()),
            Problem::OneFamilyAtMost("xyzzy".into()),
            Problem::TwoVariants("xyzzy".into()),
            Problem::AlreadyNamed("xyzzy".into()),
            Problem::UnknownOption("xyzzy".into()),
            Problem::Unreadable("xyzzy".into()),
            Problem::ExtraWord("xyzzy".into()),
            Problem::ComputerAndUser,
            Problem::LevelWithoutComputer,
        ];
        let not = Expected::iter().map(|expected| Problem::Not {
            word: "xyzzy".into(),
            expected,
        });
        for problem in problems.into_iter().chain(not) {
            errors.push(bad("challenge", problem));
        }
        let mut seen = std::collections::HashSet::new();
        for error in errors {
            let (en, ja) = (error.text(Lang::En), error.text(Lang::Ja));
            assert!(
                !en.starts_with("console-") && !ja.starts_with("console-"),
                "{error:?}"
            );
            assert_ne!(en, ja, "{error:?} is not in Japanese");
            assert!(
                seen.insert(en.clone()),
                "{error:?} says the same as another: {en}"
            );
            for text in [&en, &ja] {
                if let CommandError::BadArgument { problem, .. } = &error
                    && !problem.word().is_empty()
                {
                    assert!(text.contains("`xyzzy`"), "{error:?}: {text}");
                }
            }
        }
    }

    #[test]
    fn games_history_and_vacations_read_their_arguments() {
        assert_eq!(parse("rematch"), Ok(Command::Rematch));
        assert_eq!(parse("gif"), Ok(Command::Gif(None)));
        assert_eq!(parse("gif #12"), Ok(Command::Gif(Some(12))));
        let review = |game, turn| Ok(Command::Review { game, turn });
        assert_eq!(parse("review"), review(None, None));
        assert_eq!(parse("review #12"), review(Some(12), None));
        // Several options: in order, or named.
        assert_eq!(parse("review #12 5"), review(Some(12), Some(5)));
        assert_eq!(parse("review turn 0 12"), review(Some(12), Some(0)));
        assert_eq!(parse("review turn 3"), review(None, Some(3)));
        assert_eq!(
            parse("review 12 3 4"),
            Err(bad("review", Problem::NoArguments("4".into())))
        );
        assert_eq!(
            parse("review 12 turn"),
            Err(not("review", "", Expected::Turn))
        );
        assert_eq!(
            parse("review 12 x"),
            Err(not("review", "x", Expected::Turn))
        );
        assert_eq!(parse("game 7"), Ok(Command::ShowGame(7)));
        assert_eq!(
            parse("game"),
            Err(CommandError::Missing {
                command: "game",
                what: Needed::GameId
            })
        );
        assert_eq!(
            parse("game twelve"),
            Err(not("game", "twelve", Expected::GameId))
        );
        assert_eq!(
            parse("history 2 bob"),
            Ok(Command::History {
                user: Some(3),
                page: 2
            })
        );
        assert_eq!(
            parse("history"),
            Ok(Command::History {
                user: None,
                page: 1
            })
        );
        assert_eq!(parse("history 0"), Err(not("history", "0", Expected::Page)));
        assert_eq!(
            parse("history bob carol"),
            Err(bad("history", Problem::AlreadyNamed("carol".into())))
        );
        assert_eq!(
            parse("vacation 3"),
            Ok(Command::Vacation(VacationAsk::Days(3)))
        );
        assert_eq!(
            parse("vacation END"),
            Ok(Command::Vacation(VacationAsk::End))
        );
        assert_eq!(
            parse("vacation 0"),
            Err(not("vacation", "0", Expected::Days))
        );
        assert_eq!(
            parse("vacation"),
            Err(CommandError::Missing {
                command: "vacation",
                what: Needed::Days
            })
        );
    }
}
