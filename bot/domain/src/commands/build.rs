//! What the options given to a command mean: the service's [`Request`] made from [`Args`],
//! the same from every front.

use crate::timing::TimeControl;
use std::time::Duration;

use rules::Variant;

use super::{ArgError, Args, Kind, Spec, Value};
use crate::input::parse_duration;
use crate::rating::RatingFamily;
use crate::{
    ColorChoice, Command, DEFAULT_STOCKFISH_ELO, DrawAction, ForgetAsk, Id, LEVELS, Lang,
    Organiser, Request, STOCKFISH_ELOS, SetupChoice, TakebackAction, TournamentAsk,
    TournamentFormat, TournamentId, VacationAsk, computer_at, stockfish,
};

/// The request `spec` makes with `args`, asked by `by` (who may create a tournament).
pub fn build(spec: &Spec, args: &Args, by: Organiser) -> Result<Request, ArgError> {
    let options = match &args.sub {
        Some(sub) => match spec.option(sub).map(|o| &o.kind) {
            Some(Kind::Sub(options)) => *options,
            _ => return Err(ArgError::Unknown(sub.clone())),
        },
        None => spec.options,
    };
    if let Some(missing) = options
        .iter()
        .find(|o| o.required && args.get(o.name).is_none())
    {
        return Err(ArgError::Missing(missing.name));
    }
    if spec.name == "tournament" {
        return tournament(args, by).map(Request::Tournament);
    }
    game(spec, args).map(Request::Game)
}

/// `text` is not a value of `option`.
fn bad(option: &'static str, text: impl Into<String>) -> ArgError {
    ArgError::Bad {
        option,
        text: text.into(),
    }
}

/// The command of a game or of the player's own.
fn game(spec: &Spec, args: &Args) -> Result<Command, ArgError> {
    Ok(match spec.name {
        "challenge" => challenge(spec, args)?,
        "accept" => Command::Accept,
        "decline" => Command::Decline,
        "cancel" => Command::Cancel,
        "resign" => Command::Resign,
        "abort" => Command::Abort,
        "berserk" => Command::Berserk,
        "hint" => Command::Hint,
        "moves" => Command::Moves,
        "position" => Command::Position,
        "games" => Command::Games,
        "rematch" => Command::Rematch,
        "privacy" => Command::Privacy,
        "mydata" => Command::MyData,
        "move" => Command::Move(
            rules::ascii_width(
                args.text("notation")
                    .ok_or(ArgError::Missing("notation"))?
                    .trim(),
            )
            .into_owned(),
        ),
        "promote" => Command::Promote(piece(spec, args)?),
        "confirm" => Command::ConfirmPush,
        "cancel-push" => Command::CancelPush,
        "draw" => Command::Draw(match args.text("action") {
            None => DrawAction::Offer,
            Some(text) => match choice(spec, "action", text)? {
                "accept" => DrawAction::Accept,
                "decline" => DrawAction::Decline,
                _ => DrawAction::Offer,
            },
        }),
        "takeback" => Command::Takeback(match args.text("action") {
            None => TakebackAction::Offer,
            Some(text) => match choice(spec, "action", text)? {
                "accept" => TakebackAction::Accept,
                "decline" => TakebackAction::Decline,
                _ => TakebackAction::Offer,
            },
        }),
        "board" => Command::Board {
            flip: args.flag("flip").unwrap_or(false),
        },
        "flip" => Command::Board { flip: true },
        "chess960" => Command::Chess960(match args.get("number") {
            Some(Value::Number(n)) => Some(
                u16::try_from(*n)
                    .ok()
                    .filter(|n| *n < 960)
                    .ok_or_else(|| bad("number", n.to_string()))?,
            ),
            Some(Value::Text(text)) if text.eq_ignore_ascii_case("random") => None,
            Some(Value::Text(text)) => return Err(bad("number", text.clone())),
            _ => None,
        }),
        "help" => Command::Help,
        "rules" => Command::Rules(variant(args)?),
        "gif" => Command::Gif(game_id(args, "game")?),
        "review" => Command::Review {
            game: game_id(args, "game")?,
            turn: match args.get("turn") {
                None => None,
                Some(Value::Number(n)) => {
                    Some(usize::try_from(*n).map_err(|_| bad("turn", n.to_string()))?)
                }
                Some(other) => {
                    let text = match other {
                        Value::Text(text) => text.trim(),
                        _ => "",
                    };
                    Some(text.parse().map_err(|_| bad("turn", text))?)
                }
            },
        },
        "history" => Command::History {
            user: args.user("user").map(|u| u.id),
            page: match args.number("page") {
                None => 1,
                Some(n) => u32::try_from(n)
                    .ok()
                    .filter(|p| *p >= 1)
                    .ok_or_else(|| bad("page", n.to_string()))?,
            },
        },
        "game" => Command::ShowGame(game_id(args, "id")?.ok_or(ArgError::Missing("id"))?),
        "vacation" => Command::Vacation(vacation(
            args.text("days").ok_or(ArgError::Missing("days"))?,
        )?),
        "rating" => Command::Rating {
            user: args.user("user").cloned(),
            family: family(args)?,
        },
        "leaderboard" => Command::Leaderboard {
            family: family(args)?,
        },
        "language" => Command::Language(match args.text("language") {
            None => None,
            Some(text) => Lang::from_id(choice(spec, "language", text)?),
        }),
        "avatars" => Command::Avatars(match args.text("show") {
            None => true,
            Some(text) => choice(spec, "show", text)? == "on",
        }),
        "forget" => Command::Forget(match args.text("answer") {
            None => ForgetAsk::Ask,
            Some(text) => match choice(spec, "answer", text)? {
                "confirm" => ForgetAsk::Confirm,
                _ => ForgetAsk::Cancel,
            },
        }),
        other => return Err(ArgError::Unknown(other.to_owned())),
    })
}

/// The id of the choice of `option` that `text` names, in any case.
fn choice(spec: &Spec, option: &'static str, text: &str) -> Result<&'static str, ArgError> {
    spec.option(option)
        .and_then(|o| match &o.kind {
            Kind::Choice(choices) => choices.find(text.trim()),
            _ => None,
        })
        .ok_or_else(|| bad(option, text))
}

/// `promote`'s piece.
fn piece(spec: &Spec, args: &Args) -> Result<rules::Role, ArgError> {
    let text = args
        .text("piece")
        .map(|text| text.trim().trim_start_matches('='))
        .filter(|text| !text.is_empty())
        .ok_or(ArgError::Missing("piece"))?;
    Ok(match choice(spec, "piece", text)? {
        "r" => rules::Role::Rook,
        "b" => rules::Role::Bishop,
        "n" => rules::Role::Knight,
        _ => rules::Role::Queen,
    })
}

/// A game named by its id: `12`, or `#12` typed.
fn game_id(args: &Args, option: &'static str) -> Result<Option<u64>, ArgError> {
    match args.get(option) {
        None => Ok(None),
        Some(Value::Number(n)) => u64::try_from(*n)
            .ok()
            .filter(|id| *id >= 1)
            .map(Some)
            .ok_or_else(|| bad(option, n.to_string())),
        Some(Value::Text(text)) => text
            .trim()
            .trim_start_matches('#')
            .parse::<u64>()
            .ok()
            .filter(|id| *id >= 1)
            .map(Some)
            .ok_or_else(|| bad(option, text.clone())),
        Some(_) => Err(bad(option, "")),
    }
}

/// The `variant` option: a variant's id or any name it is known by.
fn variant(args: &Args) -> Result<Option<Variant>, ArgError> {
    args.text("variant")
        .map(|text| {
            text.trim()
                .to_lowercase()
                .parse::<Variant>()
                .map_err(|_| bad("variant", text))
        })
        .transpose()
}

/// The `variant` option of the ratings: a family, or a variant of one.
fn family(args: &Args) -> Result<Option<RatingFamily>, ArgError> {
    args.text("variant")
        .map(|text| RatingFamily::named(text).ok_or_else(|| bad("variant", text)))
        .transpose()
}

/// A duration option (`10m`, `1d`; full-width digits too).
fn duration(args: &Args, option: &'static str) -> Result<Option<Duration>, ArgError> {
    args.text(option)
        .map(|text| parse_duration(&rules::ascii_width(text)).ok_or_else(|| bad(option, text)))
        .transpose()
}

/// The `time` option: a chess clock, `minutes+seconds`.
fn time_control(args: &Args) -> Result<Option<TimeControl>, ArgError> {
    args.text("time")
        .map(|text| TimeControl::parse(&rules::ascii_width(text)).map_err(|_| bad("time", text)))
        .transpose()
}

/// `vacation`'s days: a number of days from 1, or `end`.
fn vacation(text: &str) -> Result<VacationAsk, ArgError> {
    let ascii = rules::ascii_width(text.trim());
    if ascii.eq_ignore_ascii_case("end") {
        return Ok(VacationAsk::End);
    }
    match ascii.parse::<u32>() {
        Ok(days) if days >= 1 => Ok(VacationAsk::Days(days)),
        _ => Err(bad("days", ascii.into_owned())),
    }
}

/// A Chess960 setup as typed: a number 0–959 (`#518` and full-width digits too), or
/// `random` (`ランダム` in Japanese).
fn setup(text: &str) -> Result<SetupChoice, ArgError> {
    let trimmed = text.trim();
    let ascii = rules::ascii_width(trimmed);
    if ascii.eq_ignore_ascii_case("random") || ascii == "ランダム" {
        return Ok(SetupChoice::Random);
    }
    match ascii.trim_start_matches('#').parse::<u16>() {
        Ok(number) if number < 960 => Ok(SetupChoice::Number(number)),
        _ => Err(bad("chess960", trimmed)),
    }
}

/// `challenge`: whom (a person, the computer at a level, Stockfish at an Elo, or anyone),
/// and the game asked for.
fn challenge(spec: &Spec, args: &Args) -> Result<Command, ArgError> {
    let level = args
        .number("computer")
        .map(|n| {
            u8::try_from(n)
                .ok()
                .filter(|l| LEVELS.contains(l))
                .ok_or_else(|| bad("computer", n.to_string()))
        })
        .transpose()?;
    let (least, most) = STOCKFISH_ELOS;
    let elo = args
        .number("stockfish")
        .map(|n| {
            u16::try_from(n)
                .ok()
                .filter(|e| (least..=most).contains(e))
                .ok_or_else(|| bad("stockfish", n.to_string()))
        })
        .transpose()?;
    let named = args.get("opponent");
    let opponent = match (named, level, elo) {
        (_, Some(_), Some(_))
        | (Some(Value::User(_)), Some(_), None)
        | (Some(Value::User(_)), None, Some(_))
        | (Some(Value::Computer), _, Some(_))
        | (Some(Value::Stockfish), Some(_), _) => return Err(ArgError::OpponentAndComputer),
        (Some(Value::Computer), level, None) | (None, level @ Some(_), None) => {
            Some(computer_at(level))
        }
        (Some(Value::Stockfish), None, elo) | (None, None, elo @ Some(_)) => {
            Some(stockfish(elo.unwrap_or(DEFAULT_STOCKFISH_ELO)))
        }
        (Some(Value::User(user)), None, None) => Some(user.clone()),
        _ => None,
    };
    let color = match args.text("colour") {
        None => ColorChoice::Random,
        Some(text) => {
            let id = choice(spec, "colour", text)?;
            ColorChoice::from_id(id).ok_or_else(|| bad("colour", text))?
        }
    };
    let position = args
        .text("position")
        .map(|fen| SetupChoice::Position(fen.trim().to_owned()));
    let setup = match (args.text("chess960").map(setup).transpose()?, position) {
        (Some(_), Some(_)) => return Err(ArgError::SetupAndPosition),
        (setup, position) => setup.or(position),
    };
    Ok(Command::Challenge {
        opponent,
        variant: variant(args)?.unwrap_or(Variant::Standard),
        setup,
        color,
        deadline: duration(args, "deadline")?,
        time: time_control(args)?,
        rated: args.flag("rated"),
    })
}

/// A tournament named by its id (what autocomplete fills in; `#17` typed works too).
fn tournament_id(args: &Args) -> Result<Option<TournamentId>, ArgError> {
    args.text("tournament")
        .map(|text| {
            rules::ascii_width(text.trim())
                .trim_start_matches('#')
                .parse::<TournamentId>()
                .map_err(|_| bad("tournament", text))
        })
        .transpose()
}

/// `/tournament SUBCOMMAND …`, asked by `by`.
fn tournament(args: &Args, by: Organiser) -> Result<TournamentAsk, ArgError> {
    let sub = args.sub.as_deref().unwrap_or_default();
    Ok(match sub {
        "create" => create(args, by)?,
        "organisers" => TournamentAsk::Organisers(args.role("role").cloned()),
        "join" => TournamentAsk::Join(None),
        "leave" => TournamentAsk::Leave(None),
        "start" => TournamentAsk::Start,
        "standings" => TournamentAsk::Standings(tournament_id(args)?),
        "pairings" => TournamentAsk::Pairings {
            round: args
                .number("round")
                .map(|r| {
                    u32::try_from(r)
                        .ok()
                        .filter(|r| *r >= 1)
                        .ok_or_else(|| bad("round", r.to_string()))
                })
                .transpose()?,
            tournament: tournament_id(args)?,
        },
        "info" => TournamentAsk::Info(tournament_id(args)?),
        "cancel" => TournamentAsk::Cancel,
        other => return Err(ArgError::Unknown(other.to_owned())),
    })
}

/// `/tournament create name variant format [rounds] [deadline] [time] [duration] [rated]
/// [setup] [start]`.
fn create(args: &Args, by: Organiser) -> Result<TournamentAsk, ArgError> {
    let name = args.text("name").unwrap_or_default().trim();
    if name.is_empty() {
        return Err(bad("name", name));
    }
    let variant = variant(args)?.ok_or(ArgError::Missing("variant"))?;
    let format = args.text("format").unwrap_or_default();
    let format = TournamentFormat::from_id(&format.trim().to_lowercase())
        .ok_or_else(|| bad("format", format))?;
    Ok(TournamentAsk::Create {
        name: name.to_owned(),
        variant,
        format,
        // Out of range (Discord keeps to 1–30 anyway) is the service's refusal.
        rounds: args.number("rounds").map(|n| u32::try_from(n).unwrap_or(0)),
        deadline: duration(args, "deadline")?,
        time: time_control(args)?,
        length: duration(args, "duration")?,
        rated: args.flag("rated").unwrap_or(true),
        random_setup: match args.text("setup") {
            None => false,
            Some(text) => match text.trim().to_lowercase().as_str() {
                "usual" => false,
                "chess960" | "960" => true,
                _ => return Err(bad("setup", text)),
            },
        },
        start: duration(args, "start")?,
        by,
    })
}

#[cfg(test)]
mod tests {
    use std::collections::HashSet;

    use strum::IntoEnumIterator;

    use super::*;
    use crate::commands::{COMMANDS, Opt};
    use crate::{CommandKind, TournamentAskKind};

    /// A value `option` takes, when it must be given.
    fn sample(option: &Opt) -> Option<Value> {
        Some(match &option.kind {
            Kind::Choice(choices) => Value::Text(choices.ids.first()?.to_string()),
            Kind::Number { min, .. } => Value::Number(*min),
            Kind::Text { .. } => Value::Text("3".into()),
            _ => return None,
        })
    }

    /// `options`' required ones, each given a sample value.
    fn required(options: &[Opt], mut args: Args) -> Args {
        for option in options.iter().filter(|o| o.required) {
            if let Some(value) = sample(option) {
                args.set(option.name, value);
            }
        }
        args
    }

    #[test]
    fn every_command_and_tournament_ask_is_declared() {
        let (mut commands, mut asks) = (HashSet::new(), HashSet::new());
        for spec in COMMANDS {
            let subs: Vec<Args> = match spec.options {
                []
                | [
                    Opt {
                        kind: Kind::Sub(_), ..
                    },
                    ..,
                ] => spec
                    .options
                    .iter()
                    .map(|sub| match sub.kind {
                        Kind::Sub(options) => required(options, Args::of_sub(sub.name)),
                        _ => Args::new(),
                    })
                    .chain(spec.options.is_empty().then(Args::new))
                    .collect(),
                options => vec![required(options, Args::new())],
            };
            for args in subs {
                match build(spec, &args, Organiser::default()) {
                    Ok(Request::Game(command)) => commands.insert(CommandKind::from(&command)),
                    Ok(Request::Tournament(ask)) => asks.insert(TournamentAskKind::from(&ask)),
                    Err(e) => panic!("{} {args:?}: {e}", spec.name),
                };
            }
        }
        for kind in CommandKind::iter() {
            assert!(commands.contains(&kind), "{kind:?} is not declared");
        }
        for kind in TournamentAskKind::iter() {
            assert!(asks.contains(&kind), "{kind:?} is not declared");
        }
    }

    #[test]
    fn the_choices_are_the_ids_of_what_they_choose() {
        let choices = |command: &str, option: &str| match crate::commands::command(command)
            .and_then(|c| c.option(option))
        {
            Some(Opt {
                kind: Kind::Choice(choices),
                ..
            }) => choices.ids.to_vec(),
            other => panic!("{command} {option}: {other:?}"),
        };
        let variants: Vec<&str> = Variant::ALL.iter().map(|v| v.id()).collect();
        assert_eq!(choices("rules", "variant"), variants);
        let families: Vec<&str> = RatingFamily::all().map(Id::id).collect();
        assert_eq!(choices("rating", "variant"), families);
        let colours: Vec<&str> = ColorChoice::all().map(Id::id).collect();
        assert_eq!(choices("challenge", "colour"), colours);
        for spec in COMMANDS {
            for option in spec.options {
                assert!(
                    spec.options
                        .iter()
                        .filter(|o| o.name == option.name)
                        .count()
                        == 1,
                    "{} {}: twice",
                    spec.name,
                    option.name
                );
            }
        }
    }

    #[test]
    fn vacations() {
        assert_eq!(vacation(" 3 "), Ok(VacationAsk::Days(3)));
        assert_eq!(vacation("End"), Ok(VacationAsk::End));
        assert_eq!(vacation("0"), Err(bad("days", "0")));
        assert!(vacation("-2").is_err() && vacation("soon").is_err());
    }

    #[test]
    fn setups() {
        assert_eq!(setup("random"), Ok(SetupChoice::Random));
        assert_eq!(setup(" 518 "), Ok(SetupChoice::Number(518)));
        assert_eq!(setup("５１８"), Ok(SetupChoice::Number(518)));
        assert_eq!(setup("ランダム"), Ok(SetupChoice::Random));
        assert_eq!(setup("960"), Err(bad("chess960", "960")));
        assert!(setup("-1").is_err());
        assert!(setup("x").is_err());
    }

    #[test]
    fn a_position_is_taken_as_given_and_never_with_a_setup() {
        let spec = crate::commands::command("challenge").expect("declared");
        let fen = "4k3/8/8/8/8/8/8/4K2R w K - 0 1";
        let mut args = Args::new();
        args.set("position", Value::Text(format!("  {fen} ")));
        match build(spec, &args, Organiser::default()) {
            Ok(Request::Game(Command::Challenge { setup, variant, .. })) => {
                assert_eq!(setup, Some(SetupChoice::Position(fen.into())));
                assert_eq!(variant, Variant::Standard);
            }
            other => panic!("{other:?}"),
        }
        args.set("chess960", Value::Text("518".into()));
        assert_eq!(
            build(spec, &args, Organiser::default()),
            Err(ArgError::SetupAndPosition)
        );
    }
}
