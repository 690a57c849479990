//! The slash commands: their definitions for registration, and the reading of an invocation
//! into a service [`Request`]: a [`Command`], or a tournament's ask.

use domain::Id;
use serenity::all::{
    CommandDataOption, CommandInteraction, CommandOptionType, CreateCommand, CreateCommandOption,
    InstallationContext, InteractionContext, Permissions, ResolvedOption, ResolvedValue,
};

use domain::commands::{self, ArgError, Args, COMMANDS, Kind, Opt, Place, Spec, Value};
use domain::{Organiser, Request, Role, STOCKFISH_ELOS, User};
use present::fluent_args;
use present::i18n::{self, Lang, Surface};

/// The option of `/move` that autocomplete fills.
pub const MOVE_OPTION: &str = "notation";

/// The option of `/challenge` that takes a time control (autocompleted).
pub const TIME_OPTION: &str = "time";

/// The option of `/tournament standings | pairings | info` that autocomplete fills with the
/// server's tournaments.
pub const TOURNAMENT_OPTION: &str = "tournament";

/// The message `key` of the slash-command catalog in English, the commands' default.
fn english(key: &str) -> String {
    i18n::plain(Lang::En, Surface::Discord, key)
}

/// The message `key` in every other language Discord has a locale for, by locale.
fn localized(key: &str) -> Vec<(&'static str, String)> {
    Lang::all()
        .filter_map(|lang| {
            let locale = lang.discord_locale()?;
            Some((locale, i18n::plain(lang, Surface::Discord, key)))
        })
        .collect()
}

/// The option `name` of `command`, named and described in every language by the catalog
/// message `command-COMMAND-NAME`.
fn option(kind: CommandOptionType, command: &str, name: &str) -> CreateCommandOption {
    let key = format!("command-{command}-{name}");
    let description = format!("{key}.description");
    localize(
        CreateCommandOption::new(kind, english(&key), english(&description)),
        &key,
        CreateCommandOption::name_localized,
        CreateCommandOption::description_localized,
    )
}

/// `item` with the other languages' names (message `key`) and descriptions (its
/// `.description`), set by `name` and `description`.
fn localize<T>(
    item: T,
    key: &str,
    name: fn(T, &'static str, String) -> T,
    description: fn(T, &'static str, String) -> T,
) -> T {
    let item = localized(key)
        .into_iter()
        .fold(item, |item, (locale, text)| name(item, locale, text));
    localized(&format!("{key}.description"))
        .into_iter()
        .fold(item, |item, (locale, text)| description(item, locale, text))
}

/// Adds the choice `value`, named in every language by the catalog message `choice-KIND-VALUE`.
fn choice(option: CreateCommandOption, kind: &str, value: &str) -> CreateCommandOption {
    let key = format!("choice-{kind}-{value}");
    option.add_string_choice_localized(english(&key), value, localized(&key))
}

/// The computer's levels as choices, each named with its strength ("Level 4 (≈1400)").
fn levels(option: CreateCommandOption) -> CreateCommandOption {
    engine::Level::all().fold(option, |o, level| {
        let args = fluent_args![("level", level.number()), ("elo", level.elo())];
        let name = |lang| i18n::text(lang, Surface::Discord, "choice-level", &args);
        let locales: Vec<_> = Lang::all()
            .filter_map(|lang| Some((lang.discord_locale()?, name(lang))))
            .collect();
        o.add_int_choice_localized(name(Lang::En), i32::from(level.number()), locales)
    })
}

/// The slash option declared as `opt` of the command (or subcommand) `command`, its words
/// from the catalog messages `command-COMMAND-NAME`.
fn slash_option(command: &str, opt: &Opt) -> CreateCommandOption {
    let kind = match opt.kind {
        Kind::User => CommandOptionType::User,
        Kind::Role => CommandOptionType::Role,
        Kind::Flag => CommandOptionType::Boolean,
        Kind::Number { .. } | Kind::Level => CommandOptionType::Integer,
        Kind::Text { .. } | Kind::Choice(_) => CommandOptionType::String,
        Kind::Sub(_) => CommandOptionType::SubCommand,
    };
    let option = option(kind, command, opt.name);
    let option = match &opt.kind {
        Kind::Number { min, max } => {
            let option = option.min_int_value(u64::try_from(*min).unwrap_or(0));
            match max.and_then(|max| u64::try_from(max).ok()) {
                Some(max) => option.max_int_value(max),
                None => option,
            }
        }
        Kind::Level => levels(option),
        Kind::Text { max, autocomplete } => {
            let option = option.max_length(*max);
            let option = if *autocomplete {
                option.set_autocomplete(true)
            } else {
                option
            };
            if opt.required {
                option.min_length(1)
            } else {
                option
            }
        }
        Kind::Choice(choices) => choices
            .ids
            .iter()
            .fold(option, |o, id| choice(o, choices.group, id)),
        Kind::Sub(options) => {
            let key = format!("{command}-{}", opt.name);
            slashed(options).fold(option, |o, sub| o.add_sub_option(slash_option(&key, sub)))
        }
        Kind::User | Kind::Role | Kind::Flag => option,
    };
    if opt.required {
        option.required(true)
    } else {
        option
    }
}

/// The options of `options` that Discord offers.
fn slashed(options: &'static [Opt]) -> impl Iterator<Item = &'static Opt> {
    options.iter().filter(|o| o.slash)
}

/// Where commands are registered, which decides what they may carry.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Scope {
    /// Globally: each command says where it works and which installs offer it.
    Global,
    /// To one server (the development server): guild commands work in that server only,
    /// and Discord takes no contexts or install types for them.
    Guild,
}

/// A command named and described in every language by the catalog message `command-NAME`.
fn simple(name: &str) -> CreateCommand {
    let key = format!("command-{name}");
    let description = format!("{key}.description");
    let command = CreateCommand::new(english(&key)).description(english(&description));
    localize(
        command,
        &key,
        CreateCommand::name_localized,
        CreateCommand::description_localized,
    )
}

/// `command` as registered at `scope`, working where `place` says.
fn placed(command: CreateCommand, place: Place, scope: Scope) -> CreateCommand {
    match (scope, place) {
        (Scope::Guild, _) => command,
        (Scope::Global, Place::Everywhere) => command
            .integration_types(vec![InstallationContext::Guild, InstallationContext::User])
            .contexts(vec![
                InteractionContext::Guild,
                InteractionContext::BotDm,
                InteractionContext::PrivateChannel,
            ]),
        (Scope::Global, Place::Servers) => command
            .integration_types(vec![InstallationContext::Guild])
            .contexts(vec![InteractionContext::Guild]),
    }
}

/// Every slash command the bot registers at `scope`, as [`COMMANDS`] declares them.
pub fn definitions(scope: Scope) -> Vec<CreateCommand> {
    COMMANDS
        .iter()
        .filter(|spec| spec.slash)
        .map(|spec| {
            let command = slashed(spec.options).fold(simple(spec.name), |c, o| {
                c.add_option(slash_option(spec.name, o))
            });
            // Discord shows it to those who may manage the server only; `parse` checks again.
            let command = if spec.managers_only {
                command.default_member_permissions(Permissions::MANAGE_GUILD)
            } else {
                command
            };
            placed(command, spec.place, scope)
        })
        .collect()
}

/// Refuses a server setting to a member who may not manage the server (Discord hides the
/// command from them, but a client may still send it). Outside a server there is nobody to
/// refuse: the service says the setting is a server's.
fn may_manage(command: &CommandInteraction) -> Result<(), Refusal> {
    if command.guild_id.is_none() {
        return Ok(());
    }
    let may = command
        .member
        .as_ref()
        .and_then(|m| m.permissions)
        .is_some_and(|p| p.manage_guild());
    if may {
        Ok(())
    } else {
        Err(Refusal::NotAnAdmin)
    }
}

/// What the front knows of the member who asks: whether they may manage the server, and
/// their roles (the service decides from it who may create a tournament).
fn organiser(command: &CommandInteraction) -> Organiser {
    let member = command.member.as_deref();
    Organiser {
        manages_server: member
            .and_then(|m| m.permissions)
            .is_some_and(|p| p.manage_guild()),
        roles: member
            .map(|m| m.roles.iter().map(|r| r.get()).collect())
            .unwrap_or_default(),
    }
}

/// Why a slash command's options cannot be read; shown to the caller alone, in their
/// language.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Refusal {
    /// A command the bot does not register (one left over from another version).
    UnknownCommand(String),
    /// A computer level outside 1–8.
    BadLevel(i64),
    /// Both a person and the computer named as the opponent.
    OpponentAndComputer,
    /// Both a Chess960 setup and a position asked for.
    SetupAndPosition,
    /// A Stockfish Elo outside its range.
    BadElo(i64),
    /// A colour that is not a choice.
    BadColour(String),
    /// A variant that is not a choice.
    BadVariant(String),
    /// A Chess960 setup that is neither a number 0–959 nor `random`.
    BadSetup(String),
    /// A deadline that is not a duration.
    BadDeadline(String),
    /// A time control that cannot be read.
    BadTime(String),
    /// An arena's length that is not a duration.
    BadDuration(String),
    /// `/game` without a game id.
    MissingGameId,
    /// A vacation that is neither a number of days from 1 nor `end`.
    BadVacation(String),
    /// A variant family that is not a choice.
    BadFamily(String),
    /// A server setting changed by someone who may not manage the server.
    NotAnAdmin,
    /// The organisers' role chosen by someone who may not manage the server.
    NotAnAdminForOrganisers,
    /// A tournament's setup that is not a choice.
    BadSetupChoice(String),
    /// A tournament's start that is not a duration.
    BadStart(String),
    /// A tournament format that is not a choice.
    BadFormat(String),
    /// A tournament name that is empty.
    EmptyName,
    /// A tournament that is not one of the list (its id).
    BadTournament(String),
    /// `/tournament` without a subcommand it knows.
    UnknownSubcommand(String),
    /// An option given a value that is not one of its choices (or none, when it needs one).
    BadChoice {
        /// The option.
        option: &'static str,
        /// The value given.
        text: String,
    },
}

impl Refusal {
    /// The refusal in `lang`.
    pub fn text(&self, lang: Lang) -> String {
        let say = |key: &str, args| i18n::text(lang, Surface::Discord, key, &args);
        match self {
            Refusal::UnknownCommand(name) => say(
                "front-unknown-command",
                fluent_args![("command", name.as_str())],
            ),
            Refusal::BadLevel(level) => say("front-bad-level", fluent_args![("level", *level)]),
            Refusal::OpponentAndComputer => say("front-opponent-and-computer", fluent_args![]),
            Refusal::SetupAndPosition => say("front-setup-and-position", fluent_args![]),
            Refusal::BadElo(elo) => say(
                "front-bad-elo",
                fluent_args![
                    ("elo", *elo),
                    ("least", STOCKFISH_ELOS.0),
                    ("most", STOCKFISH_ELOS.1)
                ],
            ),
            Refusal::BadColour(text) => {
                say("front-bad-colour", fluent_args![("text", text.as_str())])
            }
            Refusal::BadVariant(text) => {
                say("front-bad-variant", fluent_args![("text", text.as_str())])
            }
            Refusal::BadSetup(text) => {
                say("front-bad-setup", fluent_args![("text", text.as_str())])
            }
            Refusal::BadTime(text) => say("front-bad-time", fluent_args![("text", text.as_str())]),
            Refusal::BadDuration(text) => {
                say("front-bad-duration", fluent_args![("text", text.as_str())])
            }
            Refusal::BadDeadline(text) => {
                say("front-bad-deadline", fluent_args![("text", text.as_str())])
            }
            Refusal::MissingGameId => say("front-missing-game-id", fluent_args![]),
            Refusal::BadVacation(text) => {
                say("front-bad-vacation", fluent_args![("text", text.as_str())])
            }
            Refusal::BadFamily(text) => {
                say("front-bad-family", fluent_args![("text", text.as_str())])
            }
            Refusal::NotAnAdmin => say("front-not-an-admin", fluent_args![]),
            Refusal::NotAnAdminForOrganisers => {
                say("front-not-an-admin-organisers", fluent_args![])
            }
            Refusal::BadSetupChoice(text) => say(
                "front-bad-setup-choice",
                fluent_args![("text", text.as_str())],
            ),
            Refusal::BadStart(text) => {
                say("front-bad-start", fluent_args![("text", text.as_str())])
            }
            Refusal::BadFormat(text) => {
                say("front-bad-format", fluent_args![("text", text.as_str())])
            }
            Refusal::EmptyName => say("front-empty-tournament-name", fluent_args![]),
            Refusal::BadTournament(text) => say(
                "front-bad-tournament",
                fluent_args![("text", text.as_str())],
            ),
            Refusal::UnknownSubcommand(name) => say(
                "front-unknown-command",
                fluent_args![("command", format!("tournament {name}"))],
            ),
            Refusal::BadChoice { option, text } => say(
                "front-bad-choice",
                fluent_args![("option", *option), ("text", text.as_str())],
            ),
        }
    }
}

impl Refusal {
    /// The refusal of `spec` for `error`.
    fn of(spec: &Spec, error: ArgError) -> Refusal {
        match error {
            ArgError::Unknown(name) if spec.name == "tournament" => {
                Refusal::UnknownSubcommand(name)
            }
            ArgError::Unknown(name) => Refusal::UnknownCommand(name),
            ArgError::OpponentAndComputer => Refusal::OpponentAndComputer,
            ArgError::SetupAndPosition => Refusal::SetupAndPosition,
            ArgError::Missing("id") => Refusal::MissingGameId,
            ArgError::Missing("variant") => Refusal::BadVariant(String::new()),
            ArgError::Missing("name") => Refusal::EmptyName,
            ArgError::Missing("format") => Refusal::BadFormat(String::new()),
            ArgError::Missing(option) => Refusal::BadChoice {
                option,
                text: String::new(),
            },
            ArgError::Bad { option, text } => match option {
                "computer" => Refusal::BadLevel(text.parse().unwrap_or_default()),
                "stockfish" => Refusal::BadElo(text.parse().unwrap_or_default()),
                "colour" => Refusal::BadColour(text),
                "variant" if matches!(spec.name, "rating" | "leaderboard") => {
                    Refusal::BadFamily(text)
                }
                "variant" => Refusal::BadVariant(text),
                "chess960" | "number" => Refusal::BadSetup(text),
                "deadline" => Refusal::BadDeadline(text),
                "time" => Refusal::BadTime(text),
                "days" => Refusal::BadVacation(text),
                "setup" => Refusal::BadSetupChoice(text),
                "start" => Refusal::BadStart(text),
                "duration" => Refusal::BadDuration(text),
                "format" => Refusal::BadFormat(text),
                "name" => Refusal::EmptyName,
                "tournament" => Refusal::BadTournament(text),
                option => Refusal::BadChoice { option, text },
            },
        }
    }
}

/// The value of a slash option, as the service's commands take it: a bot chosen as the
/// opponent of a challenge is the computer.
fn value(command: &str, option: &ResolvedOption<'_>) -> Option<Value> {
    Some(match &option.value {
        ResolvedValue::User(user, _) if user.bot && command == "challenge" => Value::Computer,
        ResolvedValue::User(user, member) => Value::User(User {
            id: user.id.get(),
            name: member
                .and_then(|m| m.nick.as_deref())
                .unwrap_or_else(|| user.display_name())
                .to_owned(),
        }),
        ResolvedValue::Role(role) => Value::Role(Role {
            id: role.id.get(),
            name: role.name.clone(),
        }),
        ResolvedValue::Boolean(flag) => Value::Flag(*flag),
        ResolvedValue::Integer(n) => Value::Number(*n),
        ResolvedValue::String(text) => Value::Text((*text).to_owned()),
        _ => return None,
    })
}

/// The options given to `command` (or to its subcommand).
fn args(command: &str, options: &[ResolvedOption<'_>]) -> Args {
    let sub = options.iter().find_map(|o| match &o.value {
        ResolvedValue::SubCommand(options) => Some((o.name, options.as_slice())),
        _ => None,
    });
    let (mut args, options) = match sub {
        Some((name, options)) => (Args::of_sub(name), options),
        None => (Args::new(), options),
    };
    for option in options {
        if let Some(value) = value(command, option) {
            args.set(option.name, value);
        }
    }
    args
}

/// Reads a slash command invocation; `Err` holds a refusal to show the caller.
pub fn parse(command: &CommandInteraction) -> Result<Request, Refusal> {
    let name = command.data.name.as_str();
    let spec = commands::command(name)
        .filter(|spec| spec.slash && spec.name == name)
        .ok_or_else(|| Refusal::UnknownCommand(name.to_owned()))?;
    if spec.managers_only {
        may_manage(command)?;
    }
    let args = args(name, &command.data.options());
    if args.sub.as_deref() == Some("organisers") {
        may_manage(command).map_err(|_| Refusal::NotAnAdminForOrganisers)?;
    }
    commands::build(spec, &args, organiser(command)).map_err(|e| Refusal::of(spec, e))
}

/// The text typed so far into the focused option of an autocomplete request, full-width
/// characters (`Ｎｆ３`) written as ASCII.
pub fn focused_text(options: &[CommandDataOption]) -> std::borrow::Cow<'_, str> {
    rules::ascii_width(
        options
            .iter()
            .find_map(|o| match &o.value {
                serenity::all::CommandDataOptionValue::Autocomplete { value, .. } => {
                    Some(value.as_str())
                }
                _ => None,
            })
            .unwrap_or(""),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Whether the command called `name` works in servers only.
    fn server_only(name: &str) -> bool {
        commands::command(name).is_some_and(|c| c.place == Place::Servers)
    }

    /// Discord's pattern for command and option names, in any language, plus its rule that
    /// letters with a lower case be written in lower case.
    fn discord_name(name: &str) -> bool {
        let pattern = regex::Regex::new(r"^[-_\p{L}\p{N}\p{sc=Deva}\p{sc=Thai}]{1,32}$")
            .expect("the pattern compiles");
        pattern.is_match(name) && name.to_lowercase() == name
    }

    /// The English name and description of a command or option, and its Japanese ones,
    /// each checked against Discord's limits.
    fn checked_words(value: &serde_json::Value) -> [String; 4] {
        let words = [
            &value["name"],
            &value["description"],
            &value["name_localizations"]["ja"],
            &value["description_localizations"]["ja"],
        ]
        .map(|v| v.as_str().unwrap_or_default().to_owned());
        let [name, description, ja_name, ja_description] = &words;
        for n in [name, ja_name] {
            assert!(discord_name(n), "bad name `{n}` in {value}");
        }
        for d in [description, ja_description] {
            assert!(
                (1..=100).contains(&d.chars().count()),
                "bad description in {value}"
            );
        }
        words
    }

    #[test]
    fn every_name_and_description_is_localised_within_discords_limits() {
        let mut command_names = std::collections::HashSet::new();
        for command in definitions(Scope::Global) {
            let value = serde_json::to_value(&command).expect("serialisable");
            let [name, _, ja_name, _] = checked_words(&value);
            assert!(command_names.insert(ja_name.clone()), "`{ja_name}` twice");
            assert_ne!(name, ja_name, "/{name} is not translated");
            check_options(&name, &value);
        }
        assert!(command_names.contains("挑戦"), "{command_names:?}");
        assert!(command_names.contains("大会"), "{command_names:?}");
    }

    /// The options of a command or subcommand: localised within Discord's limits, each
    /// Japanese name once, and a subcommand's own options the same way.
    fn check_options(name: &str, value: &serde_json::Value) {
        let mut option_names = std::collections::HashSet::new();
        for option in value["options"].as_array().into_iter().flatten() {
            let [en, _, ja_name, _] = checked_words(option);
            assert!(
                option_names.insert(ja_name.clone()),
                "{name}: `{ja_name}` twice"
            );
            if option["type"] == 1 {
                check_options(&format!("{name} {en}"), option);
                continue;
            }
            let choices = option["choices"].as_array().map_or(&[][..], Vec::as_slice);
            assert!(choices.len() <= 25);
            let mut choice_names = std::collections::HashSet::new();
            for choice in choices {
                let ja = choice["name_localizations"]["ja"]
                    .as_str()
                    .unwrap_or_default();
                let en = choice["name"].as_str().unwrap_or_default();
                for text in [en, ja] {
                    assert!((1..=100).contains(&text.chars().count()), "{choice}");
                }
                assert!(
                    choice_names.insert(ja.to_owned()),
                    "{name}: choice `{ja}` twice"
                );
            }
        }
    }

    #[test]
    fn the_name_check_follows_discord() {
        for good in ["challenge", "挑戦", "チェス960", "cancel-push", "対局一覧"] {
            assert!(discord_name(good), "{good}");
        }
        for bad in ["Challenge", "two words", "", "/move", &"a".repeat(33)] {
            assert!(!discord_name(bad), "{bad}");
        }
    }

    #[test]
    fn game_commands_work_everywhere_and_server_matters_in_servers_only() {
        for command in definitions(Scope::Global) {
            let value = serde_json::to_value(&command).expect("serialisable");
            let name = value["name"].as_str().unwrap_or("");
            let (contexts, installs) = if server_only(name) {
                (serde_json::json!([0]), serde_json::json!([0]))
            } else {
                (serde_json::json!([0, 1, 2]), serde_json::json!([0, 1]))
            };
            assert_eq!(value["contexts"], contexts, "{name}");
            assert_eq!(value["integration_types"], installs, "{name}");
        }
        let names: Vec<serde_json::Value> = definitions(Scope::Global)
            .iter()
            .filter_map(|c| serde_json::to_value(c).ok())
            .map(|v| v["name"].clone())
            .collect();
        for name in ["rating", "leaderboard", "language", "avatars", "tournament"] {
            assert!(server_only(name), "/{name} works in servers only");
            assert!(
                names.contains(&serde_json::json!(name)),
                "/{name} is a command"
            );
        }
    }

    #[test]
    fn guild_commands_carry_no_contexts_or_install_types() {
        let guild = definitions(Scope::Guild);
        assert_eq!(guild.len(), definitions(Scope::Global).len());
        for command in guild {
            let value = serde_json::to_value(&command).expect("serialisable");
            assert!(
                value.get("contexts").is_none_or(serde_json::Value::is_null),
                "{value}"
            );
            assert!(
                value
                    .get("integration_types")
                    .is_none_or(serde_json::Value::is_null),
                "{value}"
            );
        }
    }

    #[test]
    fn refusals_are_worded_in_the_callers_language() {
        let refusal = Refusal::BadDeadline("soon".into());
        assert!(refusal.text(Lang::En).contains("`soon` is not a deadline"));
        assert!(
            refusal
                .text(Lang::Ja)
                .contains("`soon` は期限として読めません")
        );
        assert!(Refusal::BadLevel(9).text(Lang::Ja).contains("レベル9"));
    }

    #[test]
    fn the_computers_levels_are_offered_with_their_elo_in_each_language() {
        let challenge = serde_json::to_value(&definitions(Scope::Global)[0]).expect("json");
        let computer = challenge["options"]
            .as_array()
            .and_then(|o| o.iter().find(|o| o["name"] == "computer"))
            .expect("the computer option");
        let choices = computer["choices"].as_array().expect("choices");
        assert_eq!(choices.len(), 8);
        assert_eq!(choices[3]["value"], 4);
        assert_eq!(choices[3]["name"], "Level 4 (≈1500)");
        assert_eq!(choices[3]["name_localizations"]["ja"], "レベル4（≈1500）");
        assert_eq!(choices[7]["name"], "Level 8 (≈2500)");
        let stockfish = challenge["options"]
            .as_array()
            .and_then(|o| o.iter().find(|o| o["name"] == "stockfish"))
            .expect("the stockfish option");
        assert_eq!(
            (&stockfish["min_value"], &stockfish["max_value"]),
            (&serde_json::json!(1350), &serde_json::json!(2850))
        );
    }
}
