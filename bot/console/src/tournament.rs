//! The console's `tournament` command: `tournament create NAME VARIANT FORMAT [rounds N]
//! [deadline D] [casual]`, and `tournament join | leave | start | standings | pairings [R] |
//! info | cancel`, read into the service's [`TournamentAsk`].

use domain::input::parse_duration;
use domain::{TournamentAsk, TournamentFormat};
use rules::Variant;

use super::command::{CommandError, Expected, Needed, Problem};

/// The command's name, in errors.
const COMMAND: &str = "tournament";

/// Reads the words after `tournament`.
pub fn parse_tournament(rest: &str) -> Result<TournamentAsk, CommandError> {
    let args: Vec<&str> = rest.split_whitespace().collect();
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
        "join" => none_after(TournamentAsk::Join, extra),
        "leave" | "withdraw" => none_after(TournamentAsk::Leave, extra),
        "start" => none_after(TournamentAsk::Start, extra),
        "standings" => none_after(TournamentAsk::Standings, extra),
        "info" => none_after(TournamentAsk::Info, extra),
        "cancel" => none_after(TournamentAsk::Cancel, extra),
        "pairings" => match extra {
            [] => Ok(TournamentAsk::Pairings(None)),
            [round] => round
                .parse::<u32>()
                .ok()
                .filter(|r| *r >= 1)
                .map(|r| TournamentAsk::Pairings(Some(r)))
                .ok_or_else(|| not(round, Expected::Rounds)),
            more => none_after(TournamentAsk::Pairings(None), &more[1..]),
        },
        _ => Err(not(action, Expected::TournamentAction)),
    }
}

/// `create NAME VARIANT FORMAT [rounds N] [deadline D] [casual | rated]`.
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
    let (mut rounds, mut deadline, mut rated) = (None, None, true);
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
        rated,
    })
}

#[cfg(test)]
mod tests {
    use std::time::Duration;

    use super::*;

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
                rated: false,
            })
        );
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
        assert_eq!(parse_tournament("join"), Ok(TournamentAsk::Join));
        assert_eq!(
            parse_tournament("pairings 3"),
            Ok(TournamentAsk::Pairings(Some(3)))
        );
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
