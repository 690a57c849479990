//! Every service command can be asked for on Discord: each command [`COMMANDS`] declares is
//! a registered slash command (read from a sample invocation the way the front reads a real
//! one) or a button, and together they give every [`CommandKind`] and [`TournamentAskKind`].

use serde_json::{Value, json};
use serenity::all::CommandInteraction;
use strum::IntoEnumIterator;

use std::collections::HashSet;

use super::commands::Refusal;
use super::{commands, components};
use domain::commands::{COMMANDS, Kind, Opt, Spec};
use domain::{
    Action, Command, CommandKind, ForgetAsk, Lang, Organiser, Request, TournamentAsk,
    TournamentAskKind,
};

fn string(name: &str, value: &str) -> Value {
    json!({"name": name, "type": 3, "value": value})
}

/// The slash options of `options` that must be given, each with a sample value.
fn required(options: &[Opt]) -> Value {
    options
        .iter()
        .filter(|o| o.required)
        .filter_map(|o| match &o.kind {
            Kind::Choice(choices) => Some(string(o.name, choices.ids.first()?)),
            Kind::Number { min, .. } => Some(json!({"name": o.name, "type": 4, "value": min})),
            Kind::Text { .. } => Some(string(o.name, "3")),
            _ => None,
        })
        .collect()
}

/// The invocations of the slash command `spec` with what it needs: one per subcommand.
fn invocations(spec: &Spec) -> Vec<CommandInteraction> {
    match spec.options {
        subs @ [
            Opt {
                kind: Kind::Sub(_), ..
            },
            ..,
        ] => subs
            .iter()
            .filter_map(|sub| match sub.kind {
                Kind::Sub(options) => Some(interaction(
                    spec.name,
                    json!([{"name": sub.name, "type": 1, "options": required(options)}]),
                )),
                _ => None,
            })
            .collect(),
        options => vec![interaction(spec.name, required(options))],
    }
}

/// The button that asks for the command `name`, which is not a slash command.
fn button(name: &str) -> Option<Action> {
    Some(match name {
        "promote" => Action::Promote(rules::Role::Knight),
        "confirm" => Action::ConfirmPush,
        "cancel-push" => Action::CancelPush,
        "flip" => Action::Flip,
        _ => return None,
    })
}

/// Every declared command is registered as a slash command, or has a button, and reads
/// into the service's requests: together they ask for every command and tournament ask.
#[test]
fn every_service_command_has_a_slash_command_or_a_button() {
    let registered: Vec<String> = commands::definitions(commands::Scope::Global)
        .iter()
        .filter_map(|c| serde_json::to_value(c).ok())
        .filter_map(|v| v["name"].as_str().map(str::to_owned))
        .collect();
    let (mut kinds, mut asks) = (HashSet::new(), HashSet::new());
    for spec in COMMANDS {
        let requests = if spec.slash {
            assert!(
                registered.iter().any(|n| n == spec.name),
                "/{} is not registered",
                spec.name
            );
            invocations(spec)
                .iter()
                .map(|invocation| {
                    commands::parse(invocation).unwrap_or_else(|e| panic!("/{}: {e:?}", spec.name))
                })
                .collect()
        } else {
            let action = button(spec.name).unwrap_or_else(|| {
                panic!("{} has neither a slash command nor a button", spec.name)
            });
            vec![pressed(action)]
        };
        for request in requests {
            match request {
                Request::Game(command) => kinds.insert(CommandKind::from(&command)),
                Request::Tournament(ask) => asks.insert(TournamentAskKind::from(&ask)),
            };
        }
    }
    for kind in CommandKind::iter() {
        assert!(
            kinds.contains(&kind),
            "{kind:?} cannot be asked for on Discord"
        );
    }
    for kind in TournamentAskKind::iter() {
        assert!(
            asks.contains(&kind),
            "{kind:?} cannot be asked for on Discord"
        );
    }
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

/// `/tournament create` with every option given.
fn create_with_every_option() -> CommandInteraction {
    let create = json!([
        string("name", "Spring"),
        string("variant", "chess960"),
        string("format", "swiss"),
        {"name": "rounds", "type": 4, "value": 7},
        string("deadline", "3d"),
        string("time", "3+2"),
        string("duration", "90m"),
        {"name": "rated", "type": 5, "value": false},
        string("setup", "chess960"),
        string("start", "2h"),
    ]);
    interaction("tournament", sub("create", create))
}

/// A tournament's clock and an arena's length that cannot be read are refused with what
/// was typed and how to write it, not as a choice from a list.
#[test]
fn a_bad_clock_or_arena_length_says_how_to_write_one() {
    let create = |option: &str, value: &str| {
        let options = json!([
            string("name", "Evening"),
            string("variant", "standard"),
            string("format", "arena"),
            string(option, value),
        ]);
        commands::parse(&interaction("tournament", sub("create", options)))
    };
    assert_eq!(
        create("duration", "soon"),
        Err(Refusal::BadDuration("soon".into()))
    );
    assert_eq!(create("time", "5+99"), Err(Refusal::BadTime("5+99".into())));
    let said = Refusal::BadDuration("soon".into()).text(Lang::En);
    assert!(said.contains("`soon` is not a length"), "{said}");
    let said = Refusal::BadTime("5+99".into()).text(Lang::Ja);
    assert!(said.contains("持ち時間として読めません"), "{said}");
}

#[test]
fn tournament_options_are_read_as_given() {
    assert_eq!(
        commands::parse(&create_with_every_option()),
        Ok(Request::Tournament(TournamentAsk::Create {
            name: "Spring".into(),
            variant: rules::Variant::Chess960,
            format: domain::TournamentFormat::Swiss,
            rounds: Some(7),
            deadline: Some(std::time::Duration::from_secs(3 * 86_400)),
            time: domain::timing::TimeControl::parse("3+2").ok(),
            length: Some(std::time::Duration::from_secs(90 * 60)),
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
        Err(Refusal::BadStart("soon".into()))
    );
    let pairings = sub(
        "pairings",
        json!([{"name": "round", "type": 4, "value": 2}, string("tournament", "#17")]),
    );
    assert_eq!(
        commands::parse(&interaction("tournament", pairings)),
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
        Err(Refusal::BadTournament("Spr".into()))
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
    assert_eq!(commands::parse(&blank), Err(Refusal::EmptyName));
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
        Err(Refusal::BadFormat("knockout".into()))
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
            Err(Refusal::UnknownSubcommand(_))
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
    let mut asked = create_with_every_option();
    if let Some(member) = asked.member.as_mut() {
        member.permissions = Some(serenity::all::Permissions::SEND_MESSAGES);
        member.roles = vec![serenity::all::RoleId::new(55)];
    }
    assert!(matches!(
        commands::parse(&asked),
        Ok(Request::Tournament(TournamentAsk::Create { by, .. }))
            if by == Organiser { manages_server: false, roles: vec![55] }
    ));
    let mut chosen = interaction("tournament", sub("organisers", json!([])));
    assert_eq!(
        commands::parse(&chosen),
        Ok(Request::Tournament(TournamentAsk::Organisers(None)))
    );
    if let Some(member) = chosen.member.as_mut() {
        member.permissions = Some(serenity::all::Permissions::SEND_MESSAGES);
    }
    assert_eq!(
        commands::parse(&chosen),
        Err(Refusal::NotAnAdminForOrganisers)
    );
    let mut joined = interaction("tournament", sub("join", json!([])));
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
    assert_eq!(commands::parse(&asked), Err(Refusal::NotAnAdmin));
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
    assert_eq!(commands::parse(&asked), Err(Refusal::NotAnAdmin));
}
