//! Every service command can be asked for on Discord: for each [`CommandKind`] the slash
//! command or button that gives it, checked by reading a sample invocation the way the front
//! reads a real one. A new kind of command fails to compile here until it has its way in.

use serde_json::{Value, json};
use serenity::all::CommandInteraction;
use strum::IntoEnumIterator;

use super::{commands, components};
use domain::{Action, Command, CommandKind};

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

fn way(kind: CommandKind) -> Way {
    use Way::{Button, Slash};
    match kind {
        CommandKind::Challenge => Slash("challenge", json!([string("variant", "avalanche")])),
        CommandKind::Accept => Slash("accept", json!([])),
        CommandKind::Decline => Slash("decline", json!([])),
        CommandKind::Cancel => Slash("cancel", json!([])),
        CommandKind::Move => Slash("move", json!([string(commands::MOVE_OPTION, "Nf3/a6")])),
        CommandKind::Promote => Button(Action::Promote(rules::Role::Knight)),
        CommandKind::ConfirmPush => Button(Action::ConfirmPush),
        CommandKind::CancelPush => Button(Action::CancelPush),
        CommandKind::Resign => Slash("resign", json!([])),
        CommandKind::Draw => Slash("draw", json!([string("action", "accept")])),
        CommandKind::Takeback => Slash("takeback", json!([])),
        CommandKind::Abort => Slash("abort", json!([])),
        CommandKind::Hint => Slash("hint", json!([])),
        CommandKind::Board => Slash("board", json!([{"name": "flip", "type": 5, "value": true}])),
        CommandKind::Moves => Slash("moves", json!([])),
        CommandKind::Games => Slash("games", json!([])),
        CommandKind::Chess960 => Slash(
            "chess960",
            json!([{"name": "number", "type": 4, "value": 7}]),
        ),
        CommandKind::Help => Slash("help", json!([])),
        CommandKind::Rules => Slash("rules", json!([string("variant", "chess960")])),
        CommandKind::Rematch => Button(Action::Rematch),
        CommandKind::Gif => Slash("gif", json!([{"name": "game", "type": 4, "value": 12}])),
        CommandKind::History => Slash("history", json!([{"name": "page", "type": 4, "value": 2}])),
        CommandKind::ShowGame => Slash("game", json!([{"name": "id", "type": 4, "value": 12}])),
        CommandKind::Vacation => Slash("vacation", json!([string("days", "end")])),
        CommandKind::Rating => Slash("rating", json!([string("variant", "avalanche")])),
        CommandKind::Leaderboard => Slash("leaderboard", json!([])),
        CommandKind::Language => Slash("language", json!([string("language", "ja")])),
        CommandKind::Avatars => Slash("avatars", json!([string("show", "off")])),
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
    let registered: Vec<String> = commands::definitions()
        .iter()
        .filter_map(|c| serde_json::to_value(c).ok())
        .filter_map(|v| v["name"].as_str().map(str::to_owned))
        .collect();
    for kind in CommandKind::iter() {
        let command: Command = match way(kind) {
            Way::Slash(name, options) => {
                assert!(
                    registered.iter().any(|n| n == name),
                    "/{name} is not registered"
                );
                commands::parse(&interaction(name, options))
                    .unwrap_or_else(|refusal| panic!("/{name} refused: {refusal:?}"))
            }
            Way::Button(action) => {
                let id = components::custom_id(9, action);
                let (game, pressed) = components::parse(&id).expect("a button's id reads back");
                assert_eq!((game, pressed), (9, action));
                pressed.command()
            }
        };
        assert_eq!(CommandKind::from(&command), kind, "{command:?}");
    }
}

#[test]
fn only_server_managers_may_set_the_language() {
    let mut asked = interaction("language", json!([string("language", "default")]));
    assert_eq!(commands::parse(&asked), Ok(Command::Language(None)));
    if let Some(member) = asked.member.as_mut() {
        member.permissions = Some(serenity::all::Permissions::SEND_MESSAGES);
    }
    assert_eq!(commands::parse(&asked), Err(commands::Refusal::NotAnAdmin));
}

#[test]
fn only_server_managers_may_turn_pictures_off_or_on() {
    let mut asked = interaction("avatars", json!([string("show", "off")]));
    assert_eq!(commands::parse(&asked), Ok(Command::Avatars(false)));
    let on = interaction("avatars", json!([string("show", "on")]));
    assert_eq!(commands::parse(&on), Ok(Command::Avatars(true)));
    if let Some(member) = asked.member.as_mut() {
        member.permissions = Some(serenity::all::Permissions::SEND_MESSAGES);
    }
    assert_eq!(commands::parse(&asked), Err(commands::Refusal::NotAnAdmin));
}
