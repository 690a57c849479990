//! The slash commands: their definitions for registration, and the reading of an invocation
//! into a service [`Command`].

use rules::Variant;
use serenity::all::{
    CommandDataOption, CommandInteraction, CommandOptionType, CreateCommand, CreateCommandOption,
    InstallationContext, InteractionContext, ResolvedOption, ResolvedValue,
};

use crate::service::{
    ColorChoice, Command, DEFAULT_LEVEL, DrawAction, SetupChoice, TakebackAction, User, computer,
    parse_duration,
};

/// The option of `/move` that autocomplete fills.
pub const MOVE_OPTION: &str = "notation";

fn option(kind: CommandOptionType, name: &str, description: &str) -> CreateCommandOption {
    CreateCommandOption::new(kind, name, description)
}

fn variant_option(description: &str) -> CreateCommandOption {
    Variant::ALL.iter().fold(
        option(CommandOptionType::String, "variant", description),
        |option, variant| option.add_string_choice(variant.name(), variant.id()),
    )
}

fn exchange_option(description: &str, choices: [&str; 3]) -> CreateCommandOption {
    choices.iter().fold(
        option(CommandOptionType::String, "action", description),
        |option, choice| option.add_string_choice(*choice, *choice),
    )
}

/// A command for servers only: games live in server channels and threads.
fn simple(name: &str, description: &str) -> CreateCommand {
    CreateCommand::new(name)
        .description(description)
        .integration_types(vec![InstallationContext::Guild])
        .contexts(vec![InteractionContext::Guild])
}

/// A command that also works in a direct message with the bot (it needs no game).
fn anywhere(name: &str, description: &str) -> CreateCommand {
    simple(name, description).contexts(vec![InteractionContext::Guild, InteractionContext::BotDm])
}

/// Every slash command the bot registers.
pub fn definitions() -> Vec<CreateCommand> {
    vec![
        simple(
            "challenge",
            "Challenge someone (or anyone) to a game in this channel",
        )
        .add_option(option(
            CommandOptionType::User,
            "opponent",
            "Who you challenge; leave empty for an open challenge anyone may take",
        ))
        .add_option(
            option(
                CommandOptionType::Integer,
                "computer",
                "Play the computer at this level, 1 (beginner) to 8 (strong), instead of a person",
            )
            .min_int_value(1)
            .max_int_value(8),
        )
        .add_option(variant_option(
            "The rules to play (standard chess if left empty)",
        ))
        .add_option(
            option(CommandOptionType::String, "colour", "The colour you play")
                .add_string_choice("White", "white")
                .add_string_choice("Black", "black")
                .add_string_choice("Random", "random"),
        )
        .add_option(
            option(
                CommandOptionType::String,
                "chess960",
                "Start from a Chess960 setup: its number 0-959, or random",
            )
            .max_length(6),
        )
        .add_option(
            option(
                CommandOptionType::String,
                "deadline",
                "Time for each turn, e.g. 10m, 1h, 1d, 3d (none by default)",
            )
            .max_length(16),
        ),
        simple("accept", "Accept the challenge in this channel"),
        simple("decline", "Decline the challenge in this channel"),
        simple(
            "cancel",
            "Withdraw your challenge, or drop the turn you have half entered",
        ),
        simple("move", "Play your turn, e.g. e4, Nf3/a3 or =Q Kd2/e6").add_option(
            option(
                CommandOptionType::String,
                MOVE_OPTION,
                "Your move or Avalanche turn",
            )
            .required(true)
            .set_autocomplete(true)
            .max_length(40),
        ),
        simple(
            "hint",
            "A turn suggested by the computer (in games against the computer only)",
        ),
        simple("resign", "Give up the game"),
        simple("draw", "Offer, accept or decline a draw").add_option(exchange_option(
            "What to do (offer by default)",
            ["offer", "accept", "decline"],
        )),
        simple(
            "takeback",
            "Ask to take back your last turn, or answer such a request",
        )
        .add_option(exchange_option(
            "What to do (request by default)",
            ["request", "accept", "decline"],
        )),
        simple("abort", "Call the game off before both sides have moved"),
        simple("board", "Show the current board").add_option(option(
            CommandOptionType::Boolean,
            "flip",
            "Show it from the other side",
        )),
        simple(
            "moves",
            "The record of the game so far, with a PGN-style file",
        ),
        simple("games", "The games going on in this server"),
        anywhere("chess960", "Show a Chess960 setup without starting a game").add_option(
            option(
                CommandOptionType::Integer,
                "number",
                "Setup number 0-959 (random if empty)",
            )
            .min_int_value(0)
            .max_int_value(959),
        ),
        anywhere("rules", "How the variants are played")
            .add_option(variant_option("The variant (all of them if left empty)")),
        anywhere("help", "What nadare can do"),
    ]
}

fn string<'a>(options: &[ResolvedOption<'a>], name: &str) -> Option<&'a str> {
    options
        .iter()
        .find(|o| o.name == name)
        .and_then(|o| match o.value {
            ResolvedValue::String(value) => Some(value),
            _ => None,
        })
}

fn variant(options: &[ResolvedOption<'_>]) -> Result<Option<Variant>, String> {
    string(options, "variant")
        .map(|id| id.parse::<Variant>().map_err(|e| e.to_string()))
        .transpose()
}

fn setup(text: &str) -> Result<SetupChoice, String> {
    let text = text.trim();
    if text.eq_ignore_ascii_case("random") {
        return Ok(SetupChoice::Random);
    }
    match text.parse::<u16>() {
        Ok(number) if number < 960 => Ok(SetupChoice::Number(number)),
        _ => Err(format!(
            "`{text}` is not a Chess960 setup: give a number from 0 to 959, or `random`."
        )),
    }
}

fn challenge(options: &[ResolvedOption<'_>]) -> Result<Command, String> {
    let opponent = options
        .iter()
        .find(|o| o.name == "opponent")
        .and_then(|o| match o.value {
            ResolvedValue::User(user, member) => Some(User {
                id: user.id.get(),
                name: member
                    .and_then(|m| m.nick.as_deref())
                    .unwrap_or_else(|| user.display_name())
                    .to_owned(),
            }),
            _ => None,
        });
    let level = options
        .iter()
        .find(|o| o.name == "computer")
        .and_then(|o| match o.value {
            ResolvedValue::Integer(n) => Some(
                u8::try_from(n)
                    .ok()
                    .and_then(engine::Level::new)
                    .ok_or_else(|| format!("Level {n} does not exist: choose 1 to 8.")),
            ),
            _ => None,
        })
        .transpose()?;
    // Choosing a bot (nadare itself) as the opponent plays the computer too.
    let picked_bot = options.iter().any(|o| {
        o.name == "opponent" && matches!(o.value, ResolvedValue::User(user, _) if user.bot)
    });
    let opponent = match (level, opponent) {
        (Some(_), Some(_)) if !picked_bot => {
            return Err("Choose either an opponent or the computer, not both.".to_owned());
        }
        (Some(level), _) => Some(computer(level)),
        (None, _) if picked_bot => Some(computer(
            engine::Level::new(DEFAULT_LEVEL).unwrap_or(engine::Level::MIN),
        )),
        (None, opponent) => opponent,
    };
    let color = match string(options, "colour") {
        Some(id) => ColorChoice::from_id(id)
            .ok_or_else(|| format!("`{id}` is not a colour: choose white, black or random."))?,
        None => ColorChoice::Random,
    };
    let setup = string(options, "chess960").map(setup).transpose()?;
    let deadline = string(options, "deadline")
        .map(|text| {
            parse_duration(text).ok_or_else(|| {
                format!("`{text}` is not a deadline: write a number and a unit, e.g. 10m, 1h, 1d.")
            })
        })
        .transpose()?;
    Ok(Command::Challenge {
        opponent,
        variant: variant(options)?.unwrap_or(Variant::Standard),
        setup,
        color,
        deadline,
        // Rated or casual, when the command offers the choice.
        rated: options.iter().find_map(|o| match o.value {
            ResolvedValue::Boolean(b) if o.name == "rated" => Some(b),
            _ => None,
        }),
    })
}

/// Reads a slash command invocation; `Err` holds a refusal to show the caller.
pub fn parse(command: &CommandInteraction) -> Result<Command, String> {
    let options = command.data.options();
    let action = string(&options, "action");
    Ok(match command.data.name.as_str() {
        "challenge" => challenge(&options)?,
        "accept" => Command::Accept,
        "decline" => Command::Decline,
        "cancel" => Command::Cancel,
        "move" => Command::Move(string(&options, MOVE_OPTION).unwrap_or_default().to_owned()),
        "resign" => Command::Resign,
        "draw" => Command::Draw(match action {
            Some("accept") => DrawAction::Accept,
            Some("decline") => DrawAction::Decline,
            _ => DrawAction::Offer,
        }),
        "takeback" => Command::Takeback(match action {
            Some("accept") => TakebackAction::Accept,
            Some("decline") => TakebackAction::Decline,
            _ => TakebackAction::Offer,
        }),
        "abort" => Command::Abort,
        "hint" => Command::Hint,
        "board" => Command::Board {
            flip: options
                .iter()
                .any(|o| o.name == "flip" && matches!(o.value, ResolvedValue::Boolean(true))),
        },
        "moves" => Command::Moves,
        "games" => Command::Games,
        "chess960" => Command::Chess960(options.iter().find(|o| o.name == "number").and_then(
            |o| match o.value {
                ResolvedValue::Integer(n) => u16::try_from(n).ok().filter(|n| *n < 960),
                _ => None,
            },
        )),
        "rules" => Command::Rules(variant(&options)?),
        "help" => Command::Help,
        other => {
            return Err(format!(
                "I do not know the command `/{other}`; try `/help`."
            ));
        }
    })
}

/// The text typed so far into the focused option of an autocomplete request.
pub fn focused_text(options: &[CommandDataOption]) -> &str {
    options
        .iter()
        .find_map(|o| match &o.value {
            serenity::all::CommandDataOptionValue::Autocomplete { value, .. } => {
                Some(value.as_str())
            }
            _ => None,
        })
        .unwrap_or("")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_service_command_has_a_slash_command() {
        let names: Vec<String> = definitions()
            .iter()
            .filter_map(|c| serde_json::to_value(c).ok())
            .filter_map(|v| v["name"].as_str().map(str::to_owned))
            .collect();
        for name in [
            "challenge",
            "accept",
            "decline",
            "cancel",
            "move",
            "resign",
            "draw",
            "takeback",
            "abort",
            "hint",
            "board",
            "moves",
            "games",
            "chess960",
            "rules",
            "help",
        ] {
            assert!(names.iter().any(|n| n == name), "/{name} missing");
        }
    }

    #[test]
    fn definitions_respect_discord_limits() {
        for command in definitions() {
            let value = serde_json::to_value(&command).expect("serialisable");
            let description = value["description"].as_str().unwrap_or("");
            assert!((1..=100).contains(&description.len()), "{value}");
            for option in value["options"].as_array().into_iter().flatten() {
                let description = option["description"].as_str().unwrap_or("");
                assert!((1..=100).contains(&description.len()), "{option}");
                assert!(option["choices"].as_array().is_none_or(|c| c.len() <= 25));
            }
        }
    }

    #[test]
    fn game_commands_are_for_servers_and_help_works_in_dms() {
        for command in definitions() {
            let value = serde_json::to_value(&command).expect("serialisable");
            let contexts = value["contexts"].as_array().expect("contexts set");
            let dm = contexts.iter().any(|c| c == 1);
            let name = value["name"].as_str().unwrap_or("");
            assert_eq!(
                dm,
                matches!(name, "chess960" | "rules" | "help"),
                "{name}: {contexts:?}"
            );
            assert!(contexts.iter().any(|c| c == 0), "{name} works in servers");
        }
    }

    #[test]
    fn setups() {
        assert_eq!(setup("random"), Ok(SetupChoice::Random));
        assert_eq!(setup(" 518 "), Ok(SetupChoice::Number(518)));
        assert!(setup("960").is_err());
        assert!(setup("-1").is_err());
        assert!(setup("x").is_err());
    }
}
