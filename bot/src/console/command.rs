//! The console's command syntax: text commands (`challenge bob avalanche 1d`, `move Nf3/a3`)
//! read into the service's [`Command`]s. Only the reading is here; defaults and validation
//! of what is asked stay in the service.

use engine::Level;
use rules::{Role, Variant};

use crate::i18n::Lang;
use crate::input::parse_duration;
use crate::rating::RatingFamily;
use crate::service::{
    ColorChoice, Command, DEFAULT_LEVEL, DrawAction, SetupChoice, TakebackAction, User, computer,
    computer_level, edit_distance,
};

/// A line that is not a well-formed command, and what to write instead.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum CommandError {
    /// Nothing was written.
    #[error("no command given; write `help` for the list")]
    Empty,
    /// The first word is not a command.
    #[error("unknown command `{word}`{}", suggestion_text(.suggestion.as_deref(), .word))]
    Unknown {
        /// The word.
        word: String,
        /// The command it resembles, if one is close.
        suggestion: Option<&'static str>,
    },
    /// A command needs an argument that is missing.
    #[error("`{command}` needs {what}")]
    Missing {
        /// The command.
        command: &'static str,
        /// What it needs, with an example.
        what: &'static str,
    },
    /// An argument cannot be read.
    #[error("`{command}`: {reason}")]
    BadArgument {
        /// The command.
        command: &'static str,
        /// What is wrong.
        reason: String,
    },
}

fn suggestion_text(suggestion: Option<&str>, word: &str) -> String {
    match suggestion {
        Some(s) => format!(" (did you mean `{s}`?)"),
        None if looks_like_a_move(word) => format!(" (to play a move write `move {word}`)"),
        None => "; write `help` for the list".to_string(),
    }
}

fn looks_like_a_move(word: &str) -> bool {
    word.chars().any(|c| c.is_ascii_digit()) && word.len() <= 12
}

/// Every command word, with the command it names (aliases included).
const WORDS: &[(&str, &str)] = &[
    ("challenge", "challenge"),
    ("play", "challenge"),
    ("accept", "accept"),
    ("decline", "decline"),
    ("cancel", "cancel"),
    ("move", "move"),
    ("m", "move"),
    ("promote", "promote"),
    ("confirm", "confirm"),
    ("cancel-push", "cancel-push"),
    ("resign", "resign"),
    ("draw", "draw"),
    ("takeback", "takeback"),
    ("abort", "abort"),
    ("hint", "hint"),
    ("board", "board"),
    ("flip", "flip"),
    ("moves", "moves"),
    ("games", "games"),
    ("chess960", "chess960"),
    ("help", "help"),
    ("rules", "rules"),
    ("rating", "rating"),
    ("ratings", "rating"),
    ("leaderboard", "leaderboard"),
    ("top", "leaderboard"),
    ("language", "language"),
];

/// Reads a text command. `resolve` turns the opponent word of `challenge` (a name, an `@name`,
/// a mention) into a user, or says why it cannot.
pub fn parse_command(
    line: &str,
    resolve: &mut dyn FnMut(&str) -> Result<User, String>,
) -> Result<Command, CommandError> {
    let line = line.trim();
    let (word, rest) = match line.split_once(char::is_whitespace) {
        Some((w, r)) => (w, r.trim()),
        None => (line, ""),
    };
    if word.is_empty() {
        return Err(CommandError::Empty);
    }
    let lower = word.to_lowercase();
    let name = WORDS
        .iter()
        .find(|(w, _)| *w == lower)
        .map(|(_, n)| *n)
        .ok_or_else(|| CommandError::Unknown {
            word: word.to_string(),
            suggestion: WORDS
                .iter()
                .map(|(w, _)| (edit_distance(&lower, w), *w))
                .filter(|(d, w)| *d <= 2 && *d < w.len())
                // The first of the closest, in the order of `WORDS` (common commands first).
                .min_by_key(|(d, _)| *d)
                .map(|(_, w)| w),
        })?;
    let args: Vec<&str> = rest.split_whitespace().collect();
    let no_args = |command: &'static str, c: Command| {
        if args.is_empty() {
            Ok(c)
        } else {
            Err(CommandError::BadArgument {
                command,
                reason: format!("takes no arguments, but got `{rest}`"),
            })
        }
    };
    match name {
        "challenge" => parse_challenge(&args, resolve),
        "accept" => no_args("accept", Command::Accept),
        "decline" => no_args("decline", Command::Decline),
        "cancel" => no_args("cancel", Command::Cancel),
        "move" if rest.is_empty() => Err(CommandError::Missing {
            command: "move",
            what: "a move, e.g. `move e4` or `move Nf3/a3`",
        }),
        "move" => Ok(Command::Move(rest.to_string())),
        "promote" => parse_promote(rest),
        "confirm" => no_args("confirm", Command::ConfirmPush),
        "cancel-push" => no_args("cancel-push", Command::CancelPush),
        "resign" => no_args("resign", Command::Resign),
        "draw" => parse_draw(rest),
        "takeback" => parse_takeback(rest),
        "abort" => no_args("abort", Command::Abort),
        "hint" => no_args("hint", Command::Hint),
        "board" => match rest.to_lowercase().as_str() {
            "" => Ok(Command::Board { flip: false }),
            "flip" | "flipped" => Ok(Command::Board { flip: true }),
            _ => Err(CommandError::BadArgument {
                command: "board",
                reason: format!("`{rest}` is not `flip`"),
            }),
        },
        "flip" => no_args("flip", Command::Board { flip: true }),
        "moves" => no_args("moves", Command::Moves),
        "games" => no_args("games", Command::Games),
        "chess960" => parse_chess960(rest),
        "help" => Ok(Command::Help),
        "rules" if rest.is_empty() => Ok(Command::Rules(None)),
        "rules" => rest
            .parse::<Variant>()
            .map(|v| Command::Rules(Some(v)))
            .map_err(|e| CommandError::BadArgument {
                command: "rules",
                reason: e.to_string(),
            }),
        "rating" => parse_rating(&args, resolve),
        "leaderboard" => match args.as_slice() {
            [] => Ok(Command::Leaderboard { family: None }),
            [family] => parse_family(family)
                .map(|family| Command::Leaderboard {
                    family: Some(family),
                })
                .ok_or_else(|| not_a_family("leaderboard", family)),
            _ => Err(CommandError::BadArgument {
                command: "leaderboard",
                reason: format!("takes one variant at most, but got `{rest}`"),
            }),
        },
        "language" => match rest.to_lowercase().as_str() {
            "default" | "reset" | "none" => Ok(Command::Language(None)),
            id => Lang::from_id(id)
                .map(|l| Command::Language(Some(l)))
                .ok_or_else(|| CommandError::BadArgument {
                    command: "language",
                    reason: format!("`{rest}` is not `en`, `ja` or `default`"),
                }),
        },
        _ => Err(CommandError::Unknown {
            word: word.to_string(),
            suggestion: None,
        }),
    }
}

/// A variant family by its name, or by the name of one of its variants.
fn parse_family(word: &str) -> Option<RatingFamily> {
    let lower = word.to_lowercase();
    RatingFamily::from_id(&lower).or_else(|| lower.parse::<Variant>().ok().map(RatingFamily::of))
}

fn not_a_family(command: &'static str, word: &str) -> CommandError {
    CommandError::BadArgument {
        command,
        reason: format!("`{word}` is not a variant: standard, chess960 or avalanche"),
    }
}

/// `rating [user] [variant]`, in either order; `@name` always names a user.
fn parse_rating(
    args: &[&str],
    resolve: &mut dyn FnMut(&str) -> Result<User, String>,
) -> Result<Command, CommandError> {
    let bad = |reason: String| CommandError::BadArgument {
        command: "rating",
        reason,
    };
    let (mut user, mut family) = (None, None);
    for &arg in args {
        match parse_family(arg).filter(|_| !arg.starts_with('@')) {
            Some(_) if family.is_some() => {
                return Err(bad(format!("two variants given (`{arg}`)")));
            }
            Some(f) => family = Some(f),
            None if user.is_some() => return Err(bad(format!("`{arg}`: a user is already named"))),
            None => user = Some(resolve(arg).map_err(bad)?),
        }
    }
    Ok(Command::Rating { user, family })
}

fn parse_promote(rest: &str) -> Result<Command, CommandError> {
    let key = rest.trim_start_matches('=').to_lowercase();
    let role = match key.as_str() {
        "q" | "queen" => Role::Queen,
        "r" | "rook" => Role::Rook,
        "b" | "bishop" => Role::Bishop,
        "n" | "knight" => Role::Knight,
        "" => {
            return Err(CommandError::Missing {
                command: "promote",
                what: "a piece: Q, R, B or N",
            });
        }
        _ => {
            return Err(CommandError::BadArgument {
                command: "promote",
                reason: format!("`{rest}` is not a piece; choose Q, R, B or N"),
            });
        }
    };
    Ok(Command::Promote(role))
}

fn parse_draw(rest: &str) -> Result<Command, CommandError> {
    let action = match rest.to_lowercase().as_str() {
        "" | "offer" => DrawAction::Offer,
        "accept" | "yes" => DrawAction::Accept,
        "decline" | "no" => DrawAction::Decline,
        _ => {
            return Err(CommandError::BadArgument {
                command: "draw",
                reason: format!("`{rest}` is not `offer`, `accept` or `decline`"),
            });
        }
    };
    Ok(Command::Draw(action))
}

fn parse_takeback(rest: &str) -> Result<Command, CommandError> {
    let action = match rest.to_lowercase().as_str() {
        "" | "request" | "offer" => TakebackAction::Offer,
        "accept" | "yes" => TakebackAction::Accept,
        "decline" | "no" => TakebackAction::Decline,
        _ => {
            return Err(CommandError::BadArgument {
                command: "takeback",
                reason: format!("`{rest}` is not `request`, `accept` or `decline`"),
            });
        }
    };
    Ok(Command::Takeback(action))
}

fn parse_chess960(rest: &str) -> Result<Command, CommandError> {
    if rest.is_empty() || rest.eq_ignore_ascii_case("random") {
        return Ok(Command::Chess960(None));
    }
    match rest.trim_start_matches('#').parse::<u16>() {
        Ok(n) if n < 960 => Ok(Command::Chess960(Some(n))),
        _ => Err(CommandError::BadArgument {
            command: "chess960",
            reason: format!("`{rest}` is not a setup number 0 to 959"),
        }),
    }
}

fn parse_challenge(
    args: &[&str],
    resolve: &mut dyn FnMut(&str) -> Result<User, String>,
) -> Result<Command, CommandError> {
    let bad = |reason: String| CommandError::BadArgument {
        command: "challenge",
        reason,
    };
    let mut opponent = None;
    let mut variant = None;
    let mut setup = None;
    let mut color = None;
    let mut deadline = None;
    let mut level = None;
    let mut rated = None;
    let mut against_computer = false;
    // `level N` is read as `level=N`.
    let mut joined: Vec<String> = Vec::with_capacity(args.len());
    let mut words = args.iter();
    while let Some(&arg) = words.next() {
        if arg.eq_ignore_ascii_case("level") {
            let n = words
                .next()
                .ok_or_else(|| bad("`level` needs a number 1 to 8".into()))?;
            joined.push(format!("level={n}"));
        } else {
            joined.push(arg.to_string());
        }
    }
    for arg in &joined {
        let arg = arg.as_str();
        if arg.eq_ignore_ascii_case("computer") || arg.eq_ignore_ascii_case("@computer") {
            if opponent.is_some() || against_computer {
                return Err(bad(format!("`{arg}`: an opponent is already named")));
            }
            against_computer = true;
            continue;
        }
        // `@name` always names the opponent, even a name that reads as an option (`@b`, `@960`).
        if arg.starts_with('@') {
            if opponent.is_some() {
                return Err(bad(format!("`{arg}`: an opponent is already named")));
            }
            opponent = Some(resolve(arg).map_err(bad)?);
            continue;
        }
        let lower = arg.to_lowercase();
        let (key, value) = match lower.split_once('=') {
            Some((k, v)) => (Some(k), v),
            None => (None, lower.as_str()),
        };
        match key {
            Some("variant") => {
                variant = Some(value.parse::<Variant>().map_err(|e| bad(e.to_string()))?);
                continue;
            }
            Some("setup" | "960" | "chess960") => {
                setup = Some(parse_setup(value).ok_or_else(|| {
                    bad(format!("`{arg}`: a setup is a number 0 to 959 or `random`"))
                })?);
                continue;
            }
            Some("color" | "colour") => {
                color = Some(ColorChoice::from_id(value).ok_or_else(|| {
                    bad(format!("`{arg}`: a colour is `white`, `black` or `random`"))
                })?);
                continue;
            }
            Some("level") => {
                level = Some(value.parse::<Level>().map_err(|e| bad(e.to_string()))?);
                continue;
            }
            Some("deadline") => {
                deadline = Some(parse_duration(value).ok_or_else(|| {
                    bad(format!(
                        "`{arg}`: a deadline is written like 10m, 1h, 1d or 3d"
                    ))
                })?);
                continue;
            }
            Some(_) => return Err(bad(format!("unknown option `{arg}`"))),
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
            "w" | "white" => Some(ColorChoice::White),
            "b" | "black" => Some(ColorChoice::Black),
            "random" => Some(ColorChoice::Random),
            _ => None,
        } {
            color = Some(c);
        } else if matches!(value, "random960" | "frc" | "960") && variant.is_some() {
            setup = Some(SetupChoice::Random);
        } else if let Ok(v) = value.parse::<Variant>() {
            if variant.is_some() {
                return Err(bad(format!("two variants given (`{arg}`)")));
            }
            variant = Some(v);
        } else if let Ok(n) = value.strip_prefix('#').unwrap_or(value).parse::<u16>() {
            if n >= 960 {
                return Err(bad(format!(
                    "`{arg}`: Chess960 setups are numbered 0 to 959"
                )));
            }
            setup = Some(SetupChoice::Number(n));
        } else if let Some(d) = parse_duration(value) {
            deadline = Some(d);
        } else if value.starts_with(|c: char| c.is_ascii_digit() || "-+#=".contains(c)) {
            // A malformed option, never a name: `-5`, `0s`, `1e9m`.
            return Err(bad(format!(
                "`{arg}` is not a variant, a setup (0 to 959), a colour or a deadline (like 10m, \
                 1h or 3d); to challenge a user of that name write `@{arg}`"
            )));
        } else {
            if opponent.is_some() {
                return Err(bad(format!(
                    "`{arg}` is not a variant, setup, colour or deadline, and an opponent is already named"
                )));
            }
            opponent = Some(resolve(arg).map_err(bad)?);
        }
    }
    if against_computer && opponent.is_some() {
        return Err(bad("name either the computer or a user, not both".into()));
    }
    if level.is_some() && !against_computer {
        return Err(bad(
            "a level is for a game against the computer: `challenge computer level 3`".into(),
        ));
    }
    if against_computer {
        opponent = Some(computer(
            level.unwrap_or(Level::new(DEFAULT_LEVEL).unwrap_or(Level::MIN)),
        ));
    }
    // A setup with no variant means Chess960.
    let variant = variant.unwrap_or(if setup.is_some() {
        Variant::Chess960
    } else {
        Variant::Standard
    });
    // A Chess960 game without a setup number gets a random one from the service, as from
    // every front.
    Ok(Command::Challenge {
        opponent,
        variant,
        setup,
        color: color.unwrap_or_default(),
        deadline,
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

    fn user(name: &str) -> Result<User, String> {
        Ok(User {
            id: name.len() as u64,
            name: name.trim_start_matches('@').to_string(),
        })
    }

    fn parse(line: &str) -> Result<Command, CommandError> {
        parse_command(line, &mut |s| user(s))
    }

    #[test]
    fn the_computer_is_challenged_by_name_with_a_level() {
        let level = |line: &str| match parse(line) {
            Ok(Command::Challenge {
                opponent: Some(o), ..
            }) => computer_level(o.id).map(Level::number),
            other => panic!("{line}: {other:?}"),
        };
        assert_eq!(level("challenge computer level 5 avalanche"), Some(5));
        assert_eq!(level("challenge @computer level=8"), Some(8));
        assert_eq!(level("challenge Computer black"), Some(DEFAULT_LEVEL));
        for bad in [
            "challenge computer level 9",
            "challenge computer level",
            "challenge bob level 3",
            "challenge computer bob",
            "challenge bob computer",
        ] {
            assert!(
                matches!(parse(bad), Err(CommandError::BadArgument { .. })),
                "{bad}"
            );
        }
        assert_eq!(parse("hint"), Ok(Command::Hint));
    }

    #[test]
    fn malformed_options_are_errors_and_at_names_anyone() {
        for word in ["-5", "0s", "-1h", "1e9m", "#999x", "960x"] {
            let e = parse(&format!("challenge chess960 {word}"));
            assert!(
                matches!(&e, Err(CommandError::BadArgument { reason, .. })
                    if reason.contains(&format!("`@{word}`"))),
                "{word}: {e:?}"
            );
        }
        for name in ["b", "w", "960", "-5", "white", "avalanche"] {
            let c = parse(&format!("challenge @{name} avalanche"));
            assert!(
                matches!(&c, Ok(Command::Challenge { opponent: Some(User { name: n, .. }), variant: Variant::Avalanche, .. }) if n == name),
                "{name}: {c:?}"
            );
        }
        assert!(parse("challenge @bob @carol").is_err());
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
        assert!(parse("rating standard chess960").is_err());
        assert!(parse("rating bob carol").is_err());
        assert_eq!(
            parse("leaderboard"),
            Ok(Command::Leaderboard { family: None })
        );
        assert_eq!(
            parse("top Standard"),
            Ok(Command::Leaderboard {
                family: Some(RatingFamily::Standard)
            })
        );
        assert!(parse("leaderboard checkers").is_err());
        assert_eq!(parse("language ja"), Ok(Command::Language(Some(Lang::Ja))));
        assert_eq!(parse("language default"), Ok(Command::Language(None)));
        assert!(parse("language klingon").is_err());
    }

    #[test]
    fn challenge_mistakes_are_explained() {
        assert!(parse("challenge bob carol").is_err());
        assert!(parse("challenge standard avalanche").is_err());
        assert!(parse("challenge bob chess960 960x").is_err());
        assert!(parse("challenge 1000").is_err());
        assert!(parse("challenge colour=green").is_err());
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
        let e = parse("e4").map(|_| ()).unwrap_err().to_string();
        assert!(e.contains("move e4"), "{e}");
        assert!(parse("move").is_err());
        assert!(parse("accept now").is_err());
        assert!(parse("chess960 960").is_err());
        assert!(parse("promote king").is_err());
    }
}
