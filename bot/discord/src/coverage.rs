//! Every service command can be asked for on Discord: for each [`CommandKind`] (and each
//! [`TournamentAskKind`]) the slash command or button that gives it, checked by reading a
//! sample invocation the way the front reads a real one. A command of [`Command::PLAIN`] is
//! the slash command of its name; any other new kind of command fails the test until it has
//! its way in.

use serde_json::{Value, json};
use serenity::all::CommandInteraction;
use strum::IntoEnumIterator;

use super::{commands, components};
use domain::{
    Action, Command, CommandKind, ForgetAsk, Organiser, Request, TournamentAsk, TournamentAskKind,
};

/// How a Discord user gives a command.
enum Way {
    /// The slash command of this (English) name, with these options.
    Slash(&'static str, Value),
    /// A press of this button.
    Button(Action),
}

fn string(name: &str, value: &str) -> Value {
    json!({"name": name, "type": 3, "value": value})
}

/// How a Discord user gives `kind`: the ways below, else the slash command of its name in
/// [`Command::PLAIN`]; `None` when it has neither.
fn way(kind: CommandKind) -> Option<Way> {
    use Way::{Button, Slash};
    Some(match kind {
        CommandKind::Challenge => Slash("challenge", json!([string("variant", "avalanche")])),
        CommandKind::Move => Slash("move", json!([string(commands::MOVE_OPTION, "Nf3/a6")])),
        CommandKind::Promote => Button(Action::Promote(rules::Role::Knight)),
        CommandKind::ConfirmPush => Button(Action::ConfirmPush),
        CommandKind::CancelPush => Button(Action::CancelPush),
        CommandKind::Draw => Slash("draw", json!([string("action", "accept")])),
        CommandKind::Takeback => Slash("takeback", json!([])),
        CommandKind::Board => Slash("board", json!([{"name": "flip", "type": 5, "value": true}])),
        CommandKind::Chess960 => Slash(
            "chess960",
            json!([{"name": "number", "type": 4, "value": 7}]),
        ),
        CommandKind::Help => Slash("help", json!([])),
        CommandKind::Rules => Slash("rules", json!([string("variant", "chess960")])),
        CommandKind::Rematch => Button(Action::Rematch),
        CommandKind::Gif => Slash("gif", json!([{"name": "game", "type": 4, "value": 12}])),
        CommandKind::Review => Slash("review", json!([{"name": "game", "type": 4, "value": 12}])),
        CommandKind::History => Slash("history", json!([{"name": "page", "type": 4, "value": 2}])),
        CommandKind::ShowGame => Slash("game", json!([{"name": "id", "type": 4, "value": 12}])),
        CommandKind::Vacation => Slash("vacation", json!([string("days", "end")])),
        CommandKind::Rating => Slash("rating", json!([string("variant", "avalanche")])),
        CommandKind::Leaderboard => Slash("leaderboard", json!([])),
        CommandKind::Language => Slash("language", json!([string("language", "ja")])),
        CommandKind::Avatars => Slash("avatars", json!([string("show", "off")])),
        CommandKind::Forget => Button(Action::ConfirmForget),
        _ => {
            let (name, _) = Command::PLAIN
                .iter()
                .find(|(_, command)| CommandKind::from(command) == kind)?;
            Slash(name, json!([]))
        }
    })
}

/// `/forget` only asks; its buttons go ahead or not.
#[test]
fn forget_asks_and_its_buttons_answer() {
    assert_eq!(
        commands::parse(&interaction("forget", json!([]))),
        Ok(Request::Game(Command::Forget(ForgetAsk::Ask)))
    );
    for (action, ask) in [
        (Action::ConfirmForget, ForgetAsk::Confirm),
        (Action::CancelForget, ForgetAsk::Cancel),
    ] {
        assert_eq!(pressed(action), Request::Game(Command::Forget(ask)));
        assert!(
            action.is_about_no_game(),
            "{action:?} acts where it is pressed"
        );
    }
}

/// A slash command interaction as Discord sends it, in a server channel, from a member who
/// may manage the server.
fn interaction(name: &str, options: Value) -> CommandInteraction {
    let user = json!({"id": "7", "username": "alice", "discriminator": "0", "avatar": null});
    serde_json::from_value(json!({
        "id": "1",
        "application_id": "2",
        "type": 2,
        "data": {"id": "3", "name": name, "type": 1, "options": options, "resolved": {}},
        "guild_id": "4",
        "channel_id": "5",
        "member": {"user": user, "roles": [], "joined_at": "2024-01-01T00:00:00.000000+00:00",
                   "deaf": false, "mute": false, "flags": 0, "permissions": "32"},
        "token": "t",
        "version": 1,
        "locale": "ja",
        "guild_locale": "en-US",
        "entitlements": [],
        "authorizing_integration_owners": {},
        "context": 0,
        "attachment_size_limit": 26_214_400,
    }))
    .expect("a well-formed interaction")
}

#[test]
fn every_service_command_has_a_slash_command_or_a_button() {
    let registered: Vec<String> = commands::definitions(commands::Scope::Global)
        .iter()
        .filter_map(|c| serde_json::to_value(c).ok())
        .filter_map(|v| v["name"].as_str().map(str::to_owned))
        .collect();
    for kind in CommandKind::iter() {
        let Some(way) = way(kind) else {
            panic!("{kind:?} has neither a slash command nor a button");
        };
        let command: Command = match way {
            Way::Slash(name, options) => {
                assert!(
                    registered.iter().any(|n| n == name),
                    "/{name} is not registered"
                );
                match commands::parse(&interaction(name, options)) {
                    Ok(Request::Game(command)) => command,
                    other => panic!("/{name}: {other:?}"),
                }
            }
            Way::Button(action) => match pressed(action) {
                Request::Game(command) => command,
                other => panic!("{action:?}: {other:?}"),
            },
        };
        assert_eq!(CommandKind::from(&command), kind, "{command:?}");
    }
}

/// What a press of `action`'s button asks, read back from its custom id.
fn pressed(action: Action) -> Request {
    let id = components::custom_id(9, action);
    let (game, pressed) = components::parse(&id).expect("a button's id reads back");
    assert_eq!((game, pressed), (9, action));
    pressed.request()
}

/// A `/tournament` subcommand with these options.
fn sub(name: &str, options: Value) -> Value {
    json!([{"name": name, "type": 1, "options": options}])
}

fn tournament_way(kind: TournamentAskKind) -> Way {
    use Way::Slash;
    let create = json!([
        string("name", "Spring"),
        string("variant", "chess960"),
        string("format", "swiss"),
        {"name": "rounds", "type": 4, "value": 7},
        string("deadline", "3d"),
        {"name": "rated", "type": 5, "value": false},
        string("setup", "chess960"),
        string("start", "2h"),
    ]);
    match kind {
        TournamentAskKind::Create => Slash("tournament", sub("create", create)),
        TournamentAskKind::Join => Slash("tournament", sub("join", json!([]))),
        TournamentAskKind::Leave => Slash("tournament", sub("leave", json!([]))),
        TournamentAskKind::Start => Slash("tournament", sub("start", json!([]))),
        TournamentAskKind::Standings => Slash(
            "tournament",
            sub("standings", json!([string("tournament", "17")])),
        ),
        TournamentAskKind::Pairings => Slash(
            "tournament",
            sub(
                "pairings",
                json!([{"name": "round", "type": 4, "value": 2}, string("tournament", "#17")]),
            ),
        ),
        TournamentAskKind::Info => Slash("tournament", sub("info", json!([]))),
        TournamentAskKind::Cancel => Slash("tournament", sub("cancel", json!([]))),
        TournamentAskKind::Organisers => Slash("tournament", sub("organisers", json!([]))),
    }
}

#[test]
fn every_tournament_ask_has_a_slash_command() {
    for kind in TournamentAskKind::iter() {
        let Way::Slash(name, options) = tournament_way(kind) else {
            panic!("{kind:?} is asked by a slash command");
        };
        let ask = match commands::parse(&interaction(name, options)) {
            Ok(Request::Tournament(ask)) => ask,
            other => panic!("{kind:?}: {other:?}"),
        };
        assert_eq!(TournamentAskKind::from(&ask), kind, "{ask:?}");
    }
}

#[test]
fn tournament_options_are_read_as_given() {
    let Way::Slash(name, options) = tournament_way(TournamentAskKind::Create) else {
        panic!("a slash command");
    };
    assert_eq!(
        commands::parse(&interaction(name, options)),
        Ok(Request::Tournament(TournamentAsk::Create {
            name: "Spring".into(),
            variant: rules::Variant::Chess960,
            format: domain::TournamentFormat::Swiss,
            rounds: Some(7),
            deadline: Some(std::time::Duration::from_secs(3 * 86_400)),
            rated: false,
            random_setup: true,
            start: Some(std::time::Duration::from_secs(7_200)),
            by: Organiser {
                manages_server: true,
                roles: Vec::new()
            },
        }))
    );
    let soon = interaction(
        "tournament",
        sub(
            "create",
            json!([
                string("name", "Cup"),
                string("variant", "standard"),
                string("format", "swiss"),
                string("start", "soon")
            ]),
        ),
    );
    assert_eq!(
        commands::parse(&soon),
        Err(commands::Refusal::BadStart("soon".into()))
    );
    let Way::Slash(name, options) = tournament_way(TournamentAskKind::Pairings) else {
        panic!("a slash command");
    };
    assert_eq!(
        commands::parse(&interaction(name, options)),
        Ok(Request::Tournament(TournamentAsk::Pairings {
            round: Some(2),
            tournament: Some(17)
        }))
    );
    let unknown = interaction(
        "tournament",
        sub("info", json!([string("tournament", "Spr")])),
    );
    assert_eq!(
        commands::parse(&unknown),
        Err(commands::Refusal::BadTournament("Spr".into()))
    );
    let blank = interaction(
        "tournament",
        sub(
            "create",
            json!([
                string("name", "  "),
                string("variant", "standard"),
                string("format", "swiss")
            ]),
        ),
    );
    assert_eq!(commands::parse(&blank), Err(commands::Refusal::EmptyName));
    let knockout = interaction(
        "tournament",
        sub(
            "create",
            json!([
                string("name", "Cup"),
                string("variant", "standard"),
                string("format", "knockout")
            ]),
        ),
    );
    assert_eq!(
        commands::parse(&knockout),
        Err(commands::Refusal::BadFormat("knockout".into()))
    );
    let negative = interaction(
        "tournament",
        sub(
            "create",
            json!([
                string("name", "Cup"),
                string("variant", "standard"),
                string("format", "swiss"),
                {"name": "rounds", "type": 4, "value": -3}
            ]),
        ),
    );
    assert!(
        matches!(
            commands::parse(&negative),
            Ok(Request::Tournament(TournamentAsk::Create {
                rounds: Some(0),
                ..
            }))
        ),
        "a number out of range goes to the service, which refuses it"
    );
    for bare in [json!([]), sub("dance", json!([]))] {
        assert!(matches!(
            commands::parse(&interaction("tournament", bare)),
            Err(commands::Refusal::UnknownSubcommand(_))
        ));
    }
}

#[test]
fn the_announcements_buttons_join_and_leave_their_tournament() {
    assert_eq!(
        pressed(Action::JoinTournament(17)),
        Request::Tournament(TournamentAsk::Join(Some(17)))
    );
    assert_eq!(
        pressed(Action::LeaveTournament(17)),
        Request::Tournament(TournamentAsk::Leave(Some(17)))
    );
}

#[test]
fn a_creators_permission_and_roles_go_to_the_service_and_only_managers_choose_organisers() {
    let Way::Slash(name, options) = tournament_way(TournamentAskKind::Create) else {
        panic!("a slash command");
    };
    let mut asked = interaction(name, options);
    if let Some(member) = asked.member.as_mut() {
        member.permissions = Some(serenity::all::Permissions::SEND_MESSAGES);
        member.roles = vec![serenity::all::RoleId::new(55)];
    }
    assert!(matches!(
        commands::parse(&asked),
        Ok(Request::Tournament(TournamentAsk::Create { by, .. }))
            if by == Organiser { manages_server: false, roles: vec![55] }
    ));
    let Way::Slash(name, options) = tournament_way(TournamentAskKind::Organisers) else {
        panic!("a slash command");
    };
    let mut chosen = interaction(name, options);
    assert_eq!(
        commands::parse(&chosen),
        Ok(Request::Tournament(TournamentAsk::Organisers(None)))
    );
    if let Some(member) = chosen.member.as_mut() {
        member.permissions = Some(serenity::all::Permissions::SEND_MESSAGES);
    }
    assert_eq!(
        commands::parse(&chosen),
        Err(commands::Refusal::NotAnAdminForOrganisers)
    );
    let Way::Slash(name, options) = tournament_way(TournamentAskKind::Join) else {
        panic!("a slash command");
    };
    let mut joined = interaction(name, options);
    if let Some(member) = joined.member.as_mut() {
        member.permissions = Some(serenity::all::Permissions::SEND_MESSAGES);
    }
    assert_eq!(
        commands::parse(&joined),
        Ok(Request::Tournament(TournamentAsk::Join(None)))
    );
}

#[test]
fn only_server_managers_may_set_the_language() {
    let mut asked = interaction("language", json!([string("language", "default")]));
    assert_eq!(
        commands::parse(&asked),
        Ok(Request::Game(Command::Language(None)))
    );
    if let Some(member) = asked.member.as_mut() {
        member.permissions = Some(serenity::all::Permissions::SEND_MESSAGES);
    }
    assert_eq!(commands::parse(&asked), Err(commands::Refusal::NotAnAdmin));
}

#[test]
fn only_server_managers_may_turn_pictures_off_or_on() {
    let mut asked = interaction("avatars", json!([string("show", "off")]));
    assert_eq!(
        commands::parse(&asked),
        Ok(Request::Game(Command::Avatars(false)))
    );
    let on = interaction("avatars", json!([string("show", "on")]));
    assert_eq!(
        commands::parse(&on),
        Ok(Request::Game(Command::Avatars(true)))
    );
    if let Some(member) = asked.member.as_mut() {
        member.permissions = Some(serenity::all::Permissions::SEND_MESSAGES);
    }
    assert_eq!(commands::parse(&asked), Err(commands::Refusal::NotAnAdmin));
}
