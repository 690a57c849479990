//! Autocomplete for `/move`: the legal moves and Avalanche turns that match what the player
//! to move has typed, as the service ranks them (Discord shows at most 25).

use serenity::all::{
    AutocompleteChoice, CommandInteraction, CreateAutocompleteResponse, CreateInteractionResponse,
    Http,
};

use super::commands::{self, MOVE_OPTION};
use super::front::{Front, person};
use super::langs;
use domain::Origin;

/// Discord shows at most this many choices.
const MAX_CHOICES: usize = 25;

/// Answers one autocomplete request.
pub async fn handle(front: &Front, http: &Http, request: &CommandInteraction) {
    let focused_on_move = request.data.name == "move"
        && request
            .data
            .autocomplete()
            .is_some_and(|o| o.name == MOVE_OPTION);
    let choices = if focused_on_move {
        let guild = request.guild_id.map(|g| g.get());
        let origin = Origin {
            guild,
            channel: request.channel_id.get(),
            user: person(&request.user, request.member.as_deref()),
            locale: langs::of_interaction(&request.locale, request.guild_locale.as_deref()),
        };
        let typed = commands::focused_text(&request.data.options);
        front
            .service
            .move_suggestions(&origin, &typed, MAX_CHOICES)
            .await
    } else {
        Vec::new()
    };
    let choices = choices
        .into_iter()
        .take(MAX_CHOICES)
        .map(|turn| AutocompleteChoice::new(turn.clone(), turn))
        .collect();
    let response = CreateInteractionResponse::Autocomplete(
        CreateAutocompleteResponse::new().set_choices(choices),
    );
    if let Err(error) = request.create_response(http, response).await {
        tracing::warn!(%error, "could not answer an autocomplete request");
    }
}
