//! Buttons: each carries its game's id and its action in the custom id
//! (`nadare:GAME:ACTION`), so a press works on any message and after any restart.

use serenity::all::{ButtonStyle, ComponentInteraction, CreateActionRow, CreateButton, Http};

use super::front::{Front, person};
use super::langs::{self, Langs};
use super::replies::Outgoing;
use super::respond::{Target, answer};
use super::threads;
use domain::{Action, EarlyPrivacy, GameId, Origin, Reply};
use present::fluent_args;
use present::i18n::{self, FluentArgs, Lang, Surface};

const PREFIX: &str = "nadare";
/// Discord shows at most five buttons in a row.
const PER_ROW: usize = 5;

/// The custom id of `action` for `game`.
pub fn custom_id(game: GameId, action: Action) -> String {
    format!("{PREFIX}:{game}:{}", action.token())
}

/// Reads a custom id written by [`custom_id`].
pub fn parse(custom_id: &str) -> Option<(GameId, Action)> {
    let mut parts = custom_id.splitn(3, ':');
    if parts.next()? != PREFIX {
        return None;
    }
    let game = parts.next()?.parse().ok()?;
    let action = Action::from_token(parts.next()?)?;
    Some((game, action))
}

fn style(action: Action) -> ButtonStyle {
    match action {
        Action::AcceptChallenge => ButtonStyle::Success,
        Action::DeclineChallenge | Action::Resign | Action::ConfirmResign | Action::ConfirmPush => {
            ButtonStyle::Danger
        }
        Action::Promote(_) | Action::Rematch => ButtonStyle::Primary,
        Action::PreviousPage(_) | Action::NextPage(_) => ButtonStyle::Secondary,
        Action::OfferDraw | Action::Flip | Action::CancelPush => ButtonStyle::Secondary,
    }
}

/// The rows of buttons for `actions` on a reply about `game`, labelled in `lang`.
pub fn rows(game: GameId, actions: &[Action], lang: Lang) -> Vec<CreateActionRow> {
    actions
        .chunks(PER_ROW)
        .map(|chunk| {
            CreateActionRow::Buttons(
                chunk
                    .iter()
                    .map(|action| {
                        CreateButton::new(custom_id(game, *action))
                            .label(present::action_label(*action, lang, Surface::Discord))
                            .style(style(*action))
                    })
                    .collect(),
            )
        })
        .collect()
}

/// Handles a button press: the game's channel comes from the id, so the press works wherever
/// the message is. A public result about a game played elsewhere (a thread) is posted there.
/// Resign asks first: the button stays on every old board.
pub async fn handle(front: &Front, http: &Http, press: &ComponentInteraction) {
    let guild = press.guild_id.map(|g| g.get());
    let here = press.channel_id.get();
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
    };
    let say = |key: &str, args: FluentArgs| i18n::text(langs.private, Surface::Discord, key, &args);
    let parsed = parse(&press.data.custom_id);
    let early = EarlyPrivacy::default();
    if parsed.is_none_or(|(_, action)| matches!(action, Action::Flip | Action::Resign)) {
        // A flipped view is for whoever asked; so are a question and an out-of-date button.
        early.mark_private();
    }
    let announced = answer(http, &target, front.defer_after, &early, async {
        let Some((game, action)) = parsed else {
            return Outgoing::private(say("front-stale-button", fluent_args![]));
        };
        if action.is_archive_page() {
            // A page of the archive is about no game: it is shown where the button is.
            let reply = front
                .execute_noting(&origin_here, action.command(), &early)
                .await;
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
        let mut reply = front
            .execute_noting(&origin, action.command(), &early)
            .await;
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn custom_ids_round_trip() {
        let pages = [
            Action::PreviousPage(domain::PageRef {
                user: Some(u64::MAX),
                page: u32::MAX,
            }),
            Action::NextPage(domain::PageRef {
                user: None,
                page: 2,
            }),
        ];
        for action in Action::ALL.into_iter().chain(pages) {
            let id = custom_id(u64::MAX, action);
            assert!(
                id.len() <= 100,
                "Discord limits custom ids to 100 characters"
            );
            assert_eq!(parse(&id), Some((u64::MAX, action)));
        }
    }

    #[test]
    fn foreign_or_broken_ids_are_ignored() {
        for id in [
            "",
            "nadare",
            "nadare:12",
            "nadare:x:accept",
            "nadare:1:nope",
            "other:1:accept",
            "nadare:0:page-next",
            "nadare:0:page-next:0",
            "nadare:0:page-next:2.x",
            "nadare:0:rematch:2",
        ] {
            assert_eq!(parse(id), None, "{id}");
        }
    }

    #[test]
    fn rows_hold_five_buttons_at_most() {
        let actions = [Action::Resign; 7];
        let rows = rows(3, &actions, Lang::En);
        assert_eq!(rows.len(), 2);
    }
}
