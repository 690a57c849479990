//! The slash commands: their definitions for registration, and the reading of an invocation
//! into a service [`Request`]: a [`Command`], or a tournament's ask.

use domain::Id;
use rules::Variant;
use serenity::all::{
    CommandDataOption, CommandInteraction, CommandOptionType, CreateCommand, CreateCommandOption,
    InstallationContext, InteractionContext, Permissions, ResolvedOption, ResolvedValue,
};

use domain::input::parse_duration;
use domain::rating::RatingFamily;
use domain::{
    ColorChoice, Command, DrawAction, ForgetAsk, Organiser, Request, Role, STOCKFISH_ELOS,
    SetupChoice, TakebackAction, TournamentAsk, TournamentFormat, TournamentId, User, VacationAsk,
    computer, computer_at, stockfish,
};
use present::fluent_args;
use present::i18n::{self, Lang, Surface};

/// The option of `/move` that autocomplete fills.
pub const MOVE_OPTION: &str = "notation";

/// The option of `/tournament standings | pairings | info` that autocomplete fills with the
/// server's tournaments.
pub const TOURNAMENT_OPTION: &str = "tournament";

/// The longest tournament name `/tournament create` takes.
const MAX_TOURNAMENT_NAME: u16 = 50;

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
fn level_option() -> CreateCommandOption {
    engine::Level::all().fold(
        option(CommandOptionType::Integer, "challenge", "computer"),
        |o, level| {
            let args = fluent_args![("level", level.number()), ("elo", level.elo())];
            let name = |lang| i18n::text(lang, Surface::Discord, "choice-level", &args);
            let locales: Vec<_> = Lang::all()
                .filter_map(|lang| Some((lang.discord_locale()?, name(lang))))
                .collect();
            o.add_int_choice_localized(name(Lang::En), i32::from(level.number()), locales)
        },
    )
}

fn variant_option(command: &str) -> CreateCommandOption {
    Variant::ALL.iter().fold(
        option(CommandOptionType::String, command, "variant"),
        |o, variant| choice(o, "variant", variant.id()),
    )
}

fn family_option(command: &str) -> CreateCommandOption {
    RatingFamily::all().fold(
        option(CommandOptionType::String, command, "variant"),
        |o, family| choice(o, "family", family.id()),
    )
}

fn exchange_option(command: &str, choices: [&str; 3]) -> CreateCommandOption {
    choices.iter().fold(
        option(CommandOptionType::String, command, "action"),
        |o, value| choice(o, "action", value),
    )
}

/// Where a command can be used.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Reach {
    /// Everywhere nadare is: servers that installed it, a direct message with the bot, and the
    /// direct and group messages of a user who installed it (games, the archive, help).
    Everywhere,
    /// In servers only (a server's settings, ratings and tournaments).
    Servers,
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

/// `command` as registered at `scope`, working where `reach` says.
fn placed(command: CreateCommand, reach: Reach, scope: Scope) -> CreateCommand {
    match (scope, reach) {
        (Scope::Guild, _) => command,
        (Scope::Global, Reach::Everywhere) => command
            .integration_types(vec![InstallationContext::Guild, InstallationContext::User])
            .contexts(vec![
                InteractionContext::Guild,
                InteractionContext::BotDm,
                InteractionContext::PrivateChannel,
            ]),
        (Scope::Global, Reach::Servers) => command
            .integration_types(vec![InstallationContext::Guild])
            .contexts(vec![InteractionContext::Guild]),
    }
}

/// The subcommand `name` of `/tournament`, named and described in every language by the
/// catalog message `command-tournament-NAME`; its options by `command-tournament-NAME-OPTION`.
fn tournament_sub(name: &str) -> CreateCommandOption {
    option(CommandOptionType::SubCommand, "tournament", name)
}

/// The optional `tournament` option of a `/tournament` subcommand that looks at one:
/// autocompleted with the server's tournaments.
fn which_tournament(sub: &str) -> CreateCommandOption {
    option(
        CommandOptionType::String,
        &format!("tournament-{sub}"),
        TOURNAMENT_OPTION,
    )
    .set_autocomplete(true)
    .max_length(24)
}

/// `/tournament` and its subcommands. Anyone may use it (joining is for everyone): the
/// service decides who may create one, and `parse` lets only those who may manage the server
/// choose the organisers' role.
fn tournament_command(base: CreateCommand) -> CreateCommand {
    let create = tournament_sub("create")
        .add_sub_option(
            option(CommandOptionType::String, "tournament-create", "name")
                .required(true)
                .min_length(1)
                .max_length(MAX_TOURNAMENT_NAME),
        )
        .add_sub_option(variant_option("tournament-create").required(true))
        .add_sub_option(
            TournamentFormat::all()
                .fold(
                    option(CommandOptionType::String, "tournament-create", "format"),
                    |o, format| choice(o, "format", format.id()),
                )
                .required(true),
        )
        .add_sub_option(
            option(CommandOptionType::Integer, "tournament-create", "rounds")
                .min_int_value(1)
                .max_int_value(u64::from(service::MAX_SWISS_ROUNDS)),
        )
        .add_sub_option(
            option(CommandOptionType::String, "tournament-create", "deadline").max_length(16),
        )
        .add_sub_option(option(
            CommandOptionType::Boolean,
            "tournament-create",
            "rated",
        ))
        .add_sub_option(["usual", "chess960"].iter().fold(
            option(CommandOptionType::String, "tournament-create", "setup"),
            |o, value| choice(o, "setup", value),
        ))
        .add_sub_option(
            option(CommandOptionType::String, "tournament-create", "start").max_length(16),
        );
    base.add_option(create)
        .add_option(tournament_sub("join"))
        .add_option(tournament_sub("leave"))
        .add_option(tournament_sub("start"))
        .add_option(tournament_sub("standings").add_sub_option(which_tournament("standings")))
        .add_option(
            tournament_sub("pairings")
                .add_sub_option(
                    option(CommandOptionType::Integer, "tournament-pairings", "round")
                        .min_int_value(1),
                )
                .add_sub_option(which_tournament("pairings")),
        )
        .add_option(tournament_sub("info").add_sub_option(which_tournament("info")))
        .add_option(tournament_sub("cancel"))
        .add_option(tournament_sub("organisers").add_sub_option(option(
            CommandOptionType::Role,
            "tournament-organisers",
            "role",
        )))
}

/// Whether the command called `name` (its English name) works in servers only.
pub fn server_only(name: &str) -> bool {
    SERVER_ONLY.contains(&name)
}

/// The commands that work in servers only: a server's ratings, settings and tournaments.
const SERVER_ONLY: [&str; 5] = ["rating", "leaderboard", "language", "avatars", "tournament"];

/// Every slash command the bot registers at `scope`.
pub fn definitions(scope: Scope) -> Vec<CreateCommand> {
    let simple = |name: &str| {
        let reach = if server_only(name) {
            Reach::Servers
        } else {
            Reach::Everywhere
        };
        placed(simple(name), reach, scope)
    };
    let mut commands = vec![
        simple("challenge")
            .add_option(option(CommandOptionType::User, "challenge", "opponent"))
            .add_option(level_option())
            .add_option(
                option(CommandOptionType::Integer, "challenge", "stockfish")
                    .min_int_value(u64::from(STOCKFISH_ELOS.0))
                    .max_int_value(u64::from(STOCKFISH_ELOS.1)),
            )
            .add_option(variant_option("challenge"))
            .add_option(["white", "black", "random"].iter().fold(
                option(CommandOptionType::String, "challenge", "colour"),
                |o, value| choice(o, "colour", value),
            ))
            .add_option(option(CommandOptionType::String, "challenge", "chess960").max_length(6))
            .add_option(option(CommandOptionType::String, "challenge", "deadline").max_length(16))
            .add_option(option(CommandOptionType::Boolean, "challenge", "rated")),
        simple("move").add_option(
            option(CommandOptionType::String, "move", MOVE_OPTION)
                .required(true)
                .set_autocomplete(true)
                .max_length(40),
        ),
        simple("draw").add_option(exchange_option("draw", ["offer", "accept", "decline"])),
        simple("takeback").add_option(exchange_option(
            "takeback",
            ["request", "accept", "decline"],
        )),
        simple("board").add_option(option(CommandOptionType::Boolean, "board", "flip")),
        simple("chess960").add_option(
            option(CommandOptionType::Integer, "chess960", "number")
                .min_int_value(0)
                .max_int_value(959),
        ),
        simple("rules").add_option(variant_option("rules")),
        simple("help"),
        simple("gif")
            .add_option(option(CommandOptionType::Integer, "gif", "game").min_int_value(1)),
        simple("review")
            .add_option(option(CommandOptionType::Integer, "review", "game").min_int_value(1)),
        simple("history")
            .add_option(option(CommandOptionType::User, "history", "user"))
            .add_option(option(CommandOptionType::Integer, "history", "page").min_int_value(1)),
        simple("game").add_option(
            option(CommandOptionType::Integer, "game", "id")
                .required(true)
                .min_int_value(1),
        ),
        simple("vacation").add_option(
            option(CommandOptionType::String, "vacation", "days")
                .required(true)
                .max_length(8),
        ),
        simple("rating")
            .add_option(option(CommandOptionType::User, "rating", "user"))
            .add_option(family_option("rating")),
        simple("leaderboard").add_option(family_option("leaderboard")),
        // Discord shows it to those who may manage the server only; `parse` checks again.
        simple("language")
            .default_member_permissions(Permissions::MANAGE_GUILD)
            .add_option(
                ["en", "ja", "default"]
                    .iter()
                    .fold(
                        option(CommandOptionType::String, "language", "language"),
                        |o, value| choice(o, "language", value),
                    )
                    .required(true),
            ),
        simple("avatars")
            .default_member_permissions(Permissions::MANAGE_GUILD)
            .add_option(
                ["on", "off"]
                    .iter()
                    .fold(
                        option(CommandOptionType::String, "avatars", "show"),
                        |o, value| choice(o, "avatars", value),
                    )
                    .required(true),
            ),
        tournament_command(simple("tournament")),
        simple("forget"),
    ];
    commands.extend(Command::PLAIN.iter().map(|(name, _)| simple(name)));
    commands
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

/// An integer option at least 1.
fn positive(options: &[ResolvedOption<'_>], name: &str) -> Option<u64> {
    options
        .iter()
        .find(|o| o.name == name)
        .and_then(|o| match o.value {
            ResolvedValue::Integer(n) => u64::try_from(n).ok().filter(|n| *n >= 1),
            _ => None,
        })
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
        }
    }
}

/// `/vacation days:`: a number of days from 1, or `end`.
fn vacation(text: &str) -> Result<VacationAsk, Refusal> {
    let text = rules::ascii_width(text.trim());
    if text.eq_ignore_ascii_case("end") {
        return Ok(VacationAsk::End);
    }
    match text.parse::<u32>() {
        Ok(days) if days >= 1 => Ok(VacationAsk::Days(days)),
        _ => Err(Refusal::BadVacation(text.into_owned())),
    }
}

/// The user chosen in option `name`, by their name in the server.
fn user_option(options: &[ResolvedOption<'_>], name: &str) -> Option<User> {
    options.iter().find_map(|o| match o.value {
        ResolvedValue::User(user, member) if o.name == name => Some(User {
            id: user.id.get(),
            name: member
                .and_then(|m| m.nick.as_deref())
                .unwrap_or_else(|| user.display_name())
                .to_owned(),
        }),
        _ => None,
    })
}

fn family(options: &[ResolvedOption<'_>]) -> Result<Option<RatingFamily>, Refusal> {
    string(options, "variant")
        .map(|id| RatingFamily::from_id(id).ok_or_else(|| Refusal::BadFamily(id.to_owned())))
        .transpose()
}

fn variant(options: &[ResolvedOption<'_>]) -> Result<Option<Variant>, Refusal> {
    string(options, "variant")
        .map(|id| {
            id.parse::<Variant>()
                .map_err(|_| Refusal::BadVariant(id.to_owned()))
        })
        .transpose()
}

/// A Chess960 setup as typed: a number 0–959 (full-width digits too), or `random`
/// (`ランダム` in Japanese).
fn setup(text: &str) -> Result<SetupChoice, Refusal> {
    let text = text.trim();
    let ascii = rules::ascii_width(text);
    if ascii.eq_ignore_ascii_case("random") || ascii == "ランダム" {
        return Ok(SetupChoice::Random);
    }
    match ascii.parse::<u16>() {
        Ok(number) if number < 960 => Ok(SetupChoice::Number(number)),
        _ => Err(Refusal::BadSetup(text.to_owned())),
    }
}

fn challenge(options: &[ResolvedOption<'_>]) -> Result<Command, Refusal> {
    let opponent = user_option(options, "opponent");
    let level = options
        .iter()
        .find(|o| o.name == "computer")
        .and_then(|o| match o.value {
            ResolvedValue::Integer(n) => Some(
                u8::try_from(n)
                    .ok()
                    .and_then(engine::Level::new)
                    .ok_or(Refusal::BadLevel(n)),
            ),
            _ => None,
        })
        .transpose()?;
    // Choosing a bot (nadare itself) as the opponent plays the computer too.
    let picked_bot = options.iter().any(|o| {
        o.name == "opponent" && matches!(o.value, ResolvedValue::User(user, _) if user.bot)
    });
    let elo = options
        .iter()
        .find(|o| o.name == "stockfish")
        .and_then(|o| match o.value {
            ResolvedValue::Integer(n) => Some(
                u16::try_from(n)
                    .ok()
                    .filter(|e| (STOCKFISH_ELOS.0..=STOCKFISH_ELOS.1).contains(e))
                    .ok_or(Refusal::BadElo(n)),
            ),
            _ => None,
        })
        .transpose()?;
    // A person named beside a level or an Elo is refused; the bot itself is the computer.
    let person = opponent.is_some() && !picked_bot;
    let opponent = match (level, elo) {
        (Some(_), Some(_)) => return Err(Refusal::OpponentAndComputer),
        (Some(_), None) | (None, Some(_)) if person => {
            return Err(Refusal::OpponentAndComputer);
        }
        (Some(level), None) => Some(computer(level.number())),
        (None, Some(elo)) => Some(stockfish(elo)),
        (None, None) if picked_bot => Some(computer_at(None)),
        (None, None) => opponent,
    };
    let color = match string(options, "colour") {
        Some(id) => ColorChoice::from_id(id).ok_or_else(|| Refusal::BadColour(id.to_owned()))?,
        None => ColorChoice::Random,
    };
    let setup = string(options, "chess960").map(setup).transpose()?;
    Ok(Command::Challenge {
        opponent,
        variant: variant(options)?.unwrap_or(Variant::Standard),
        setup,
        color,
        deadline: deadline(options)?,
        rated: rated(options),
    })
}

/// The `deadline` option, a duration.
fn deadline(options: &[ResolvedOption<'_>]) -> Result<Option<std::time::Duration>, Refusal> {
    string(options, "deadline")
        .map(|text| {
            parse_duration(&rules::ascii_width(text))
                .ok_or_else(|| Refusal::BadDeadline(text.to_owned()))
        })
        .transpose()
}

/// The `rated` option: rated or casual, when the command offers the choice.
fn rated(options: &[ResolvedOption<'_>]) -> Option<bool> {
    options.iter().find_map(|o| match o.value {
        ResolvedValue::Boolean(b) if o.name == "rated" => Some(b),
        _ => None,
    })
}

/// A tournament named by its id (what autocomplete fills in; `#17` typed works too).
fn tournament_id(options: &[ResolvedOption<'_>]) -> Result<Option<TournamentId>, Refusal> {
    string(options, TOURNAMENT_OPTION)
        .map(|text| {
            rules::ascii_width(text.trim())
                .trim_start_matches('#')
                .parse::<TournamentId>()
                .map_err(|_| Refusal::BadTournament(text.to_owned()))
        })
        .transpose()
}

/// `/tournament create name variant format [rounds] [deadline] [rated] [setup] [start]`, by
/// `by`.
fn create_tournament(
    options: &[ResolvedOption<'_>],
    by: Organiser,
) -> Result<TournamentAsk, Refusal> {
    let name = string(options, "name").unwrap_or_default().trim();
    if name.is_empty() {
        return Err(Refusal::EmptyName);
    }
    let variant = variant(options)?.ok_or_else(|| Refusal::BadVariant(String::new()))?;
    let format = string(options, "format").unwrap_or_default();
    let format =
        TournamentFormat::from_id(format).ok_or_else(|| Refusal::BadFormat(format.to_owned()))?;
    let rounds = options.iter().find_map(|o| match o.value {
        // Out of range (Discord keeps to 1–30 anyway) is the service's refusal.
        ResolvedValue::Integer(n) if o.name == "rounds" => Some(u32::try_from(n).unwrap_or(0)),
        _ => None,
    });
    Ok(TournamentAsk::Create {
        name: name.to_owned(),
        variant,
        format,
        rounds,
        deadline: deadline(options)?,
        rated: rated(options).unwrap_or(true),
        random_setup: match string(options, "setup") {
            None | Some("usual") => false,
            Some("chess960") => true,
            Some(other) => return Err(Refusal::BadSetupChoice(other.to_owned())),
        },
        start: string(options, "start")
            .map(|text| {
                parse_duration(&rules::ascii_width(text))
                    .ok_or_else(|| Refusal::BadStart(text.to_owned()))
            })
            .transpose()?,
        by,
    })
}

/// `/tournament SUBCOMMAND …`.
fn tournament(command: &CommandInteraction) -> Result<TournamentAsk, Refusal> {
    let options = command.data.options();
    let Some((sub, options)) = options.iter().find_map(|o| match &o.value {
        ResolvedValue::SubCommand(options) => Some((o.name, options.as_slice())),
        _ => None,
    }) else {
        return Err(Refusal::UnknownSubcommand(String::new()));
    };
    Ok(match sub {
        "create" => create_tournament(options, organiser(command))?,
        "organisers" => {
            may_manage(command).map_err(|_| Refusal::NotAnAdminForOrganisers)?;
            TournamentAsk::Organisers(options.iter().find_map(|o| match o.value {
                ResolvedValue::Role(role) if o.name == "role" => Some(Role {
                    id: role.id.get(),
                    name: role.name.clone(),
                }),
                _ => None,
            }))
        }
        "join" => TournamentAsk::Join(None),
        "leave" => TournamentAsk::Leave(None),
        "start" => TournamentAsk::Start,
        "standings" => TournamentAsk::Standings(tournament_id(options)?),
        "pairings" => TournamentAsk::Pairings {
            round: positive(options, "round").map(|r| u32::try_from(r).unwrap_or(u32::MAX)),
            tournament: tournament_id(options)?,
        },
        "info" => TournamentAsk::Info(tournament_id(options)?),
        "cancel" => TournamentAsk::Cancel,
        other => return Err(Refusal::UnknownSubcommand(other.to_owned())),
    })
}

/// Reads a slash command invocation; `Err` holds a refusal to show the caller.
pub fn parse(command: &CommandInteraction) -> Result<Request, Refusal> {
    if command.data.name == "tournament" {
        return tournament(command).map(Request::Tournament);
    }
    game_command(command).map(Request::Game)
}

/// Reads the invocation of a game command.
fn game_command(command: &CommandInteraction) -> Result<Command, Refusal> {
    let options = command.data.options();
    let action = string(&options, "action");
    if let Some((_, plain)) = Command::plain(&command.data.name) {
        return Ok(plain);
    }
    Ok(match command.data.name.as_str() {
        "challenge" => challenge(&options)?,
        "rating" => Command::Rating {
            user: user_option(&options, "user"),
            family: family(&options)?,
        },
        "leaderboard" => Command::Leaderboard {
            family: family(&options)?,
        },
        "language" => {
            may_manage(command)?;
            Command::Language(string(&options, "language").and_then(Lang::from_id))
        }
        "avatars" => {
            may_manage(command)?;
            Command::Avatars(string(&options, "show") != Some("off"))
        }
        "move" => Command::Move(
            rules::ascii_width(string(&options, MOVE_OPTION).unwrap_or_default()).into_owned(),
        ),
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
        "board" => Command::Board {
            flip: options
                .iter()
                .any(|o| o.name == "flip" && matches!(o.value, ResolvedValue::Boolean(true))),
        },
        "chess960" => Command::Chess960(options.iter().find(|o| o.name == "number").and_then(
            |o| match o.value {
                ResolvedValue::Integer(n) => u16::try_from(n).ok().filter(|n| *n < 960),
                _ => None,
            },
        )),
        "rules" => Command::Rules(variant(&options)?),
        "help" => Command::Help,
        "gif" => Command::Gif(positive(&options, "game")),
        "review" => Command::Review {
            game: positive(&options, "game"),
        },
        "history" => Command::History {
            user: options.iter().find_map(|o| match o.value {
                ResolvedValue::User(user, _) if o.name == "user" => Some(user.id.get()),
                _ => None,
            }),
            page: positive(&options, "page")
                .and_then(|p| u32::try_from(p).ok())
                .unwrap_or(1),
        },
        "game" => Command::ShowGame(positive(&options, "id").ok_or(Refusal::MissingGameId)?),
        "vacation" => Command::Vacation(vacation(string(&options, "days").unwrap_or_default())?),
        "forget" => Command::Forget(ForgetAsk::Ask),
        other => return Err(Refusal::UnknownCommand(other.to_owned())),
    })
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
        for name in SERVER_ONLY {
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
    fn vacations() {
        assert_eq!(vacation(" 3 "), Ok(VacationAsk::Days(3)));
        assert_eq!(vacation("End"), Ok(VacationAsk::End));
        assert_eq!(vacation("0"), Err(Refusal::BadVacation("0".into())));
        assert!(vacation("-2").is_err() && vacation("soon").is_err());
    }

    #[test]
    fn setups() {
        assert_eq!(setup("random"), Ok(SetupChoice::Random));
        assert_eq!(setup(" 518 "), Ok(SetupChoice::Number(518)));
        assert_eq!(setup("５１８"), Ok(SetupChoice::Number(518)));
        assert_eq!(setup("ランダム"), Ok(SetupChoice::Random));
        assert_eq!(setup("960"), Err(Refusal::BadSetup("960".into())));
        assert!(setup("-1").is_err());
        assert!(setup("x").is_err());
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
        assert_eq!(choices[3]["name_localizations"]["ja"], "レベル4(≈1500)");
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
