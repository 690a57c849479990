//! Autocomplete: for `/move`, the legal moves and Avalanche turns that match what the player
//! to move has typed, as the service ranks them; for `/tournament standings | pairings |
//! info`, the server's tournaments whose name matches, newest first (Discord shows at most
//! 25); for `/challenge time`, the time typed and the usual controls that match it.

use domain::Id;
use serenity::all::{
    AutocompleteChoice, CommandInteraction, CreateAutocompleteResponse, CreateInteractionResponse,
    Http,
};

use super::commands::{self, MOVE_OPTION, TIME_OPTION, TOURNAMENT_OPTION};
use super::front::{Front, person};
use super::langs::{self, Langs};
use domain::Origin;
use domain::timing::{TimeControl, USUAL_CONTROLS};
use present::fluent_args;
use present::i18n::{self, Surface};

/// Discord shows at most this many choices.
const MAX_CHOICES: usize = 25;
/// Discord's limit on a choice's name.
const MAX_CHOICE_NAME: usize = 100;

/// The time controls offered for what was typed: the one typed, when it reads as one, then
/// the usual ones that start with it (all of them for nothing typed).
fn time_choices(typed: &str) -> Vec<TimeControl> {
    let typed = rules::ascii_width(typed.trim()).into_owned();
    let own = TimeControl::parse(&typed).ok();
    let usual = USUAL_CONTROLS
        .iter()
        .filter(|c| c.starts_with(typed.as_str()))
        .filter_map(|c| TimeControl::parse(c).ok());
    let mut choices: Vec<TimeControl> = own.into_iter().collect();
    for time in usual {
        if !choices.contains(&time) {
            choices.push(time);
        }
    }
    choices
}

/// Answers one autocomplete request.
pub async fn handle(front: &Front, http: &Http, request: &CommandInteraction) {
    let focused = request.data.autocomplete();
    let guild = request.guild_id.map(|g| g.get());
    let origin = Origin {
        guild,
        channel: request.channel_id.get(),
        user: person(&request.user, request.member.as_deref()),
        locale: langs::of_interaction(&request.locale, request.guild_locale.as_deref()),
    };
    let choices = match (request.data.name.as_str(), focused) {
        ("move", Some(option)) if option.name == MOVE_OPTION => {
            let typed = commands::focused_text(&request.data.options);
            front
                .service
                .move_suggestions(&origin, &typed, MAX_CHOICES)
                .await
                .into_iter()
                .map(|turn| AutocompleteChoice::new(turn.clone(), turn))
                .collect()
        }
        ("tournament", Some(option)) if option.name == TOURNAMENT_OPTION => match guild {
            Some(guild) => {
                let lang = Langs::at(&front.service, &origin).private;
                let typed = rules::ascii_width(option.value);
                front
                    .service
                    .tournament_choices(guild, &typed, MAX_CHOICES)
                    .await
                    .into_iter()
                    .map(|t| {
                        let state = i18n::plain(
                            lang,
                            Surface::Discord,
                            &format!("tournament-state-{}", t.state.id()),
                        );
                        let name: String = i18n::text(
                            lang,
                            Surface::Discord,
                            "front-tournament-choice",
                            &fluent_args![("name", t.name), ("state", state)],
                        )
                        .chars()
                        .take(MAX_CHOICE_NAME)
                        .collect();
                        AutocompleteChoice::new(name, t.id.to_string())
                    })
                    .collect()
            }
            None => Vec::new(),
        },
        ("challenge" | "tournament", Some(option)) if option.name == TIME_OPTION => {
            let lang = Langs::at(&front.service, &origin).private;
            time_choices(option.value)
                .into_iter()
                .map(|time| {
                    let speed = i18n::plain(
                        lang,
                        Surface::Discord,
                        &format!("speed-{}", time.speed().id()),
                    );
                    let name = format!("{time} · {speed}");
                    AutocompleteChoice::new(name, time.to_string())
                })
                .collect()
        }
        _ => Vec::new(),
    };
    let choices: Vec<AutocompleteChoice> = choices.into_iter().take(MAX_CHOICES).collect();
    let response = CreateInteractionResponse::Autocomplete(
        CreateAutocompleteResponse::new().set_choices(choices),
    );
    if let Err(error) = request.create_response(http, response).await {
        tracing::warn!(%error, "could not answer an autocomplete request");
    }
}
