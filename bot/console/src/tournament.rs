//! The console's `tournament` command: `tournament create NAME VARIANT FORMAT [rounds N]
//! [deadline D] [start D] [960] [casual]`, `tournament join | leave | start | cancel`,
//! `tournament standings | pairings [R] | info` with an optional `#ID` to look at an earlier
//! tournament, and `tournament organisers [ROLE | none]` (the console's roles are names), read
//! into the service's [`TournamentAsk`].

use domain::Id;
use domain::input::parse_duration;
use domain::timing::TimeControl;
use domain::{Organiser, Role, TournamentAsk, TournamentFormat, TournamentId};
use rules::Variant;

use super::command::{CommandError, Expected, Needed, Problem};
use super::names::stable_id;

/// The command's name, in errors.
const COMMAND: &str = "tournament";

/// Reads the words after `tournament`.
pub fn parse_tournament(rest: &str) -> Result<TournamentAsk, CommandError> {
    let words = quoted_words(rest);
    let args: Vec<&str> = words.iter().map(String::as_str).collect();
    let not = |word: &str, expected: Expected| CommandError::BadArgument {
        command: COMMAND,
        problem: Problem::Not {
            word: word.to_string(),
            expected,
        },
    };
    let none_after = |ask: TournamentAsk, extra: &[&str]| {
        if extra.is_empty() {
            Ok(ask)
        } else {
            Err(CommandError::BadArgument {
                command: COMMAND,
                problem: Problem::NoArguments(extra.join(" ")),
            })
        }
    };
    let Some((action, extra)) = args.split_first() else {
        return Err(CommandError::Missing {
            command: COMMAND,
            what: Needed::Tournament,
        });
    };
    match action.to_lowercase().as_str() {
        "create" => parse_create(extra),
        "join" => none_after(TournamentAsk::Join(None), extra),
        "leave" | "withdraw" => none_after(TournamentAsk::Leave(None), extra),
        "start" => none_after(TournamentAsk::Start, extra),
        "cancel" => none_after(TournamentAsk::Cancel, extra),
        "organisers" | "organizers" => match extra {
            [] => Ok(TournamentAsk::Organisers(None)),
            [role] if role.eq_ignore_ascii_case("none") => Ok(TournamentAsk::Organisers(None)),
            [role] => Ok(TournamentAsk::Organisers(Some(Role {
                id: stable_id(role),
                name: (*role).to_string(),
            }))),
            [_, more @ ..] => none_after(TournamentAsk::Organisers(None), more),
        },
        "standings" => {
            let (tournament, rest) = named(extra)?;
            none_after(TournamentAsk::Standings(tournament), rest)
        }
        "info" => {
            let (tournament, rest) = named(extra)?;
            none_after(TournamentAsk::Info(tournament), rest)
        }
        "pairings" => {
            let (tournament, rest) = named(extra)?;
            match rest {
                [] => Ok(TournamentAsk::Pairings {
                    round: None,
                    tournament,
                }),
                [round, more @ ..] => {
                    let round = round
                        .parse::<u32>()
                        .ok()
                        .filter(|r| *r >= 1)
                        .ok_or_else(|| not(round, Expected::Rounds))?;
                    let ask = TournamentAsk::Pairings {
                        round: Some(round),
                        tournament,
                    };
                    none_after(ask, more)
                }
            }
        }
        _ => Err(not(action, Expected::TournamentAction)),
    }
}

/// A tournament named by `#ID` as the last word, and the words before it.
fn named<'a, 'w>(
    words: &'a [&'w str],
) -> Result<(Option<TournamentId>, &'a [&'w str]), CommandError> {
    let Some((last, before)) = words.split_last() else {
        return Ok((None, words));
    };
    let Some(id) = last.strip_prefix('#') else {
        return Ok((None, words));
    };
    match id.parse::<TournamentId>() {
        Ok(id) => Ok((Some(id), before)),
        Err(_) => Err(CommandError::BadArgument {
            command: COMMAND,
            problem: Problem::Not {
                word: (*last).to_string(),
                expected: Expected::TournamentId,
            },
        }),
    }
}

/// The words of `text`, split at white space except within quotes (`"Spring Cup"`,
/// `'Spring Cup'`, `“Spring Cup”` or `「春の大会」`), which are dropped; a quote left open runs
/// to the end.
fn quoted_words(text: &str) -> Vec<String> {
    let mut words = Vec::new();
    let mut word = String::new();
    let mut closing: Option<char> = None;
    let mut started = false;
    for c in text.chars() {
        match closing {
            Some(close) if c == close => closing = None,
            Some(_) => word.push(c),
            None => match c {
                '"' | '\'' => {
                    closing = Some(c);
                    started = true;
                }
                '“' => {
                    closing = Some('”');
                    started = true;
                }
                '「' => {
                    closing = Some('」');
                    started = true;
                }
                c if c.is_whitespace() => {
                    if started || !word.is_empty() {
                        words.push(std::mem::take(&mut word));
                    }
                    started = false;
                }
                c => word.push(c),
            },
        }
    }
    if started || !word.is_empty() {
        words.push(word);
    }
    words
}

/// `create NAME VARIANT FORMAT [rounds N] [deadline D] [time 3+2] [duration D] [start D]
/// [960] [casual | rated]`: the console's user may organise.
fn parse_create(args: &[&str]) -> Result<TournamentAsk, CommandError> {
    let not = |word: &str, expected: Expected| CommandError::BadArgument {
        command: COMMAND,
        problem: Problem::Not {
            word: word.to_string(),
            expected,
        },
    };
    let [name, variant, format, options @ ..] = args else {
        return Err(CommandError::Missing {
            command: COMMAND,
            what: Needed::Tournament,
        });
    };
    let variant = variant
        .parse::<Variant>()
        .map_err(|_| not(variant, Expected::Variant))?;
    let format = TournamentFormat::from_id(&format.to_lowercase())
        .ok_or_else(|| not(format, Expected::Format))?;
    let (mut rounds, mut deadline, mut start, mut rated, mut random_setup) =
        (None, None, None, true, false);
    let (mut time, mut length) = (None, None);
    let mut words = options.iter();
    while let Some(word) = words.next() {
        match word.to_lowercase().as_str() {
            "rounds" => {
                let n = words.next().copied().unwrap_or("");
                rounds = Some(
                    n.parse::<u32>()
                        .ok()
                        .filter(|r| *r >= 1)
                        .ok_or_else(|| not(n, Expected::Rounds))?,
                );
            }
            "deadline" => {
                let d = words.next().copied().unwrap_or("");
                deadline = Some(parse_duration(d).ok_or_else(|| not(d, Expected::Deadline))?);
            }
            "start" => {
                let d = words.next().copied().unwrap_or("");
                start = Some(parse_duration(d).ok_or_else(|| not(d, Expected::Deadline))?);
            }
            "time" => {
                let t = words.next().copied().unwrap_or("");
                time = Some(TimeControl::parse(t).map_err(|_| not(t, Expected::Time))?);
            }
            "duration" => {
                let d = words.next().copied().unwrap_or("");
                length = Some(parse_duration(d).ok_or_else(|| not(d, Expected::Deadline))?);
            }
            "960" | "chess960" => random_setup = true,
            "casual" | "unrated" => rated = false,
            "rated" => rated = true,
            _ => {
                return Err(CommandError::BadArgument {
                    command: COMMAND,
                    problem: Problem::UnknownOption((*word).to_string()),
                });
            }
        }
    }
    Ok(TournamentAsk::Create {
        name: (*name).to_string(),
        variant,
        format,
        rounds,
        deadline,
        time,
        length,
        rated,
        random_setup,
        start,
        by: Organiser {
            manages_server: true,
            roles: Vec::new(),
        },
    })
}

#[cfg(test)]
mod tests {
    use std::time::Duration;

    use super::*;

    #[test]
    fn names_with_spaces_are_quoted() {
        assert_eq!(
            quoted_words(r#"create "Spring Cup" chess960 swiss"#),
            ["create", "Spring Cup", "chess960", "swiss"]
        );
        assert_eq!(
            quoted_words("create 「春の 大会」 standard swiss"),
            ["create", "春の 大会", "standard", "swiss"]
        );
        assert_eq!(quoted_words("a 'b c' “d e”  f"), ["a", "b c", "d e", "f"]);
        assert_eq!(quoted_words("open \"to the end"), ["open", "to the end"]);
        assert!(matches!(
            parse_tournament(r#"create "Spring Cup" avalanche round-robin"#),
            Ok(TournamentAsk::Create { name, .. }) if name == "Spring Cup"
        ));
        assert!(matches!(
            parse_tournament(r#"organisers "Chess Club""#),
            Ok(TournamentAsk::Organisers(Some(role))) if role.name == "Chess Club"
        ));
    }

    #[test]
    fn create_reads_its_words_and_options() {
        assert_eq!(
            parse_tournament("create Spring chess960 swiss rounds 7 deadline 3d casual"),
            Ok(TournamentAsk::Create {
                name: "Spring".into(),
                variant: Variant::Chess960,
                format: TournamentFormat::Swiss,
                rounds: Some(7),
                deadline: Some(Duration::from_secs(3 * 86_400)),
                time: None,
                length: None,
                rated: false,
                random_setup: false,
                start: None,
                by: Organiser {
                    manages_server: true,
                    roles: Vec::new()
                },
            })
        );
        assert!(matches!(
            parse_tournament("create Snow avalanche swiss 960 start 2h"),
            Ok(TournamentAsk::Create {
                random_setup: true,
                start: Some(start),
                ..
            }) if start == Duration::from_secs(7_200)
        ));
        assert!(parse_tournament("create Snow avalanche swiss start soon").is_err());
        assert!(matches!(
            parse_tournament("create Club avalanche double-round-robin"),
            Ok(TournamentAsk::Create {
                format: TournamentFormat::DoubleRoundRobin,
                rounds: None,
                rated: true,
                ..
            })
        ));
    }

    #[test]
    fn the_other_actions_and_their_mistakes() {
        assert_eq!(parse_tournament("join"), Ok(TournamentAsk::Join(None)));
        assert_eq!(
            parse_tournament("pairings 3"),
            Ok(TournamentAsk::Pairings {
                round: Some(3),
                tournament: None
            })
        );
        assert_eq!(
            parse_tournament("pairings 2 #17"),
            Ok(TournamentAsk::Pairings {
                round: Some(2),
                tournament: Some(17)
            })
        );
        assert_eq!(
            parse_tournament("pairings #17"),
            Ok(TournamentAsk::Pairings {
                round: None,
                tournament: Some(17)
            })
        );
        assert_eq!(
            parse_tournament("standings #4"),
            Ok(TournamentAsk::Standings(Some(4)))
        );
        assert_eq!(parse_tournament("info"), Ok(TournamentAsk::Info(None)));
        assert_eq!(
            parse_tournament("info #x"),
            Err(CommandError::BadArgument {
                command: COMMAND,
                problem: Problem::Not {
                    word: "#x".into(),
                    expected: Expected::TournamentId
                }
            })
        );
        assert!(parse_tournament("standings 4").is_err());
        assert!(parse_tournament("pairings 2 3").is_err());
        assert!(parse_tournament("join #4").is_err());
        assert_eq!(
            parse_tournament("organisers Arbiters"),
            Ok(TournamentAsk::Organisers(Some(Role {
                id: stable_id("arbiters"),
                name: "Arbiters".into()
            })))
        );
        assert_eq!(
            parse_tournament("organisers none"),
            Ok(TournamentAsk::Organisers(None))
        );
        assert!(parse_tournament("organisers two words").is_err());
        assert_eq!(
            parse_tournament("pairings 0"),
            Err(CommandError::BadArgument {
                command: COMMAND,
                problem: Problem::Not {
                    word: "0".into(),
                    expected: Expected::Rounds
                }
            })
        );
        assert!(parse_tournament("create Spring chess960 knockout").is_err());
        assert!(parse_tournament("create Spring chess960 swiss rounds x").is_err());
        assert!(parse_tournament("dance").is_err());
        assert!(parse_tournament("start now").is_err());
        assert_eq!(
            parse_tournament(""),
            Err(CommandError::Missing {
                command: COMMAND,
                what: Needed::Tournament
            })
        );
    }
}
