//! Button presses: the game (or tournament) and the action come from the button's custom id
//! (see [`components`]), so a press works on any message and after any restart.

use serenity::all::{ComponentInteraction, Http};

use super::components;
use super::front::{Front, person};
use super::langs::{self, Langs};
use super::replies::Outgoing;
use super::respond::{Target, answer};
use super::threads;
use domain::{Action, EarlyPrivacy, Origin, Reply, Request};
use present::fluent_args;
use present::i18n::{self, FluentArgs, Surface};

/// Handles a button press: the game's channel comes from the id, so the press works wherever
/// the message is. A public result about a game played elsewhere (a thread) is posted there.
/// Resign asks first: the button stays on every old board. A tournament's Join and Leave act
/// on the tournament their announcement is about.
pub async fn handle(front: &Front, http: &Http, press: &ComponentInteraction) {
    let guild = press.guild_id.map(|g| g.get());
    let here = press.channel_id.get();
    front.learn(
        guild,
        &press.user,
        press.member.as_ref().and_then(|m| m.avatar.as_ref()),
    );
    // Where the button is; a press about a game elsewhere acts in the game's channel.
    let origin_here = Origin {
        guild,
        channel: here,
        user: person(&press.user, press.member.as_ref()),
        locale: langs::of_interaction(&press.locale, press.guild_locale.as_deref()),
    };
    let langs = Langs::at(&front.service, &origin_here);
    let target = Target {
        id: press.id,
        token: press.token.clone(),
        langs,
        attachment_limit: press.attachment_size_limit,
    };
    let say = |key: &str, args: FluentArgs| i18n::text(langs.private, Surface::Discord, key, &args);
    let parsed = components::parse(&press.data.custom_id);
    let early = EarlyPrivacy::default();
    if parsed.is_none_or(|(_, action)| matches!(action, Action::Flip | Action::Resign)) {
        // A flipped view is for whoever asked; so are a question and an out-of-date button.
        early.mark_private();
    }
    let announced = answer(http, &target, front.defer_after, &early, async {
        let Some((game, action)) = parsed else {
            return Outgoing::private(say("front-stale-button", fluent_args![]));
        };
        let command = match action.request() {
            Request::Tournament(ask) => {
                return Outgoing::new(front.tournament(&origin_here, ask).await);
            }
            Request::Game(command) => command,
        };
        if action.is_archive_page() {
            // A page of the archive is about no game: it is shown where the button is.
            let reply = front.execute_noting(&origin_here, command, &early).await;
            return Outgoing::new(reply);
        }
        let Some(channel) = front.service.channel_of_game(game).await else {
            return Outgoing::private(say("front-game-gone", fluent_args![]));
        };
        if action == Action::Resign {
            let question = Reply {
                actions: vec![Action::ConfirmResign],
                private: true,
                game: Some(game),
                lang: langs.private,
                ..Reply::default()
            };
            return Outgoing::worded(question, say("front-resign-question", fluent_args![]));
        }
        let origin = Origin {
            channel,
            ..origin_here.clone()
        };
        let mut reply = front.execute_noting(&origin, command, &early).await;
        if action == Action::Flip {
            reply.private = true;
        }
        if channel == here || reply.private {
            return Outgoing::new(reply);
        }
        let elsewhere = serenity::all::ChannelId::new(channel);
        let posted = Outgoing::new(reply.clone());
        let announces = posted.announces;
        match threads::post(http, elsewhere, posted).await {
            Ok(_) => {
                front.delivered(announces).await;
                Outgoing::private(say(
                    "front-game-goes-on-in",
                    fluent_args![("channel", channel.to_string())],
                ))
            }
            Err(error) => {
                tracing::warn!(%error, "could not post in the game's channel");
                Outgoing::new(reply)
            }
        }
    })
    .await;
    front.delivered(announced).await;
}
