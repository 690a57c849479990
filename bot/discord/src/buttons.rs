//! Button presses: the game (or tournament) and the action come from the button's custom id
//! (see [`components`]), so a press works on any message and after any restart.
//!
//! A press that answers the message it is on changes that message rather than adding one: a
//! page of the history takes the place of the page; an answered challenge loses its buttons
//! and says who answered it; the question of a confirmed resignation or push loses its
//! buttons. A press on a message older than its game's live one (see
//! [`boards`](super::boards)) is told it is out of date, and the message loses its buttons.

use serenity::all::{ComponentInteraction, Http, MessageFlags};

use super::boards::Posted;
use super::components;
use super::front::{Front, person};
use super::langs::{self, Langs};
use super::replies::{Outgoing, Shows, clip};
use super::respond::{Answer, Change, Pressed, Target, answer};
use domain::{Action, EarlyPrivacy, Origin, Reply, Request};
use present::i18n::{self, FluentArgs, Surface};
use present::{escape_markdown, fluent_args};
use service::Options;

/// Whether `action` is a button of a game's live message (its board or its challenge), which a
/// newer live message of the game makes out of date.
fn on_live_message(action: Action) -> bool {
    matches!(
        action,
        Action::AcceptChallenge
            | Action::DeclineChallenge
            | Action::Resign
            | Action::OfferDraw
            | Action::Flip
            | Action::Promote(_)
            | Action::Berserk
    )
}

/// `content` with `line` after it, within Discord's limit.
fn with_line(content: &str, line: &str) -> String {
    if content.is_empty() {
        clip(line)
    } else {
        clip(&format!("{content}\n{line}"))
    }
}

/// Handles a button press: the game's channel comes from the id, so the press works wherever
/// the message is. A public result about a game played elsewhere (a thread) is posted there.
/// Resign asks first, privately: a resignation cannot be taken back. A tournament's Join and
/// Leave act on the tournament their announcement is about.
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
    let pressed = Pressed {
        message: press.message.id,
        ephemeral: press
            .message
            .flags
            .is_some_and(|f| f.contains(MessageFlags::EPHEMERAL)),
        has_files: !press.message.attachments.is_empty(),
    };
    let this_message = Posted {
        channel: press.channel_id,
        message: press.message.id,
    };
    let lifetime = front.lifetime(
        press.channel_id,
        press.context,
        &press.token,
        press.attachment_size_limit,
    );
    front.own.seen_in(
        press.channel_id,
        press.app_permissions,
        press.channel.as_ref().map(|c| c.kind),
    );
    let target = Target {
        id: press.id,
        token: press.token.clone(),
        langs,
        attachment_limit: press.attachment_size_limit,
        channel: press.channel_id,
        pressed: Some(pressed),
        lifetime,
    };
    let say = |key: &str, args: FluentArgs| i18n::text(langs.private, Surface::Discord, key, &args);
    let parsed = components::parse(&press.data.custom_id);
    let stale = parsed.is_some_and(|(game, action)| {
        on_live_message(action) && !pressed.ephemeral && front.live.is_stale(game, this_message)
    });
    let early = EarlyPrivacy::default();
    let for_the_presser = |action: Action| {
        matches!(
            action,
            Action::Flip | Action::Resign | Action::StepThrough(_)
        )
    };
    let on_the_web = components::parse_web(&press.data.custom_id);
    if stale || parsed.is_none_or(|(_, action)| for_the_presser(action)) {
        // A flipped view is for whoever asked; so are a question, a reviewed game stepped
        // through and an out-of-date button. (A step back or forward edits the presser's own
        // message: a deferred update, never a new private message.)
        early.mark_private();
    }
    let sent = answer(http, &target, front.defer_after, &early, async {
        if let Some(game) = on_the_web {
            let text = play_link(front, game, press.user.id.get(), &say).await;
            return Outgoing::private(text).into();
        }
        let Some((game, action)) = parsed else {
            return Outgoing::private(say("front-stale-button", fluent_args![])).into();
        };
        if stale {
            return Outgoing::private(say("front-stale-board", fluent_args![])).into();
        }
        let command = match action.request() {
            Request::Tournament(ask) => {
                let reply = front.execute(&origin_here, ask, Options::default()).await;
                return Outgoing::new(reply).into();
            }
            Request::Game(command) => command,
        };
        if action.steps_a_review() {
            // Another position of a reviewed game takes the place of the one shown (in the
            // presser's own message): not noting that it is private keeps a deferral an
            // update of that message.
            let reply = front
                .execute(&origin_here, command, Options::default())
                .await;
            return Answer::Update {
                change: Box::new(Change::Replace(Outgoing::new(reply))),
                then: None,
            };
        }
        if action.is_about_no_game() {
            // A page of the archive, or the answer to `/forget`'s question, is about no game:
            // it takes the place of the message whose button was pressed.
            let reply = front
                .execute(&origin_here, command, Options::default().noting(&early))
                .await;
            if reply.private {
                return Outgoing::new(reply).into();
            }
            return Answer::Update {
                change: Box::new(Change::Replace(Outgoing::new(reply))),
                then: None,
            };
        }
        let Some(channel) = front.service.channel_of_game(game).await else {
            return Outgoing::private(say("front-game-gone", fluent_args![])).into();
        };
        if action == Action::Resign {
            let question = Reply {
                actions: vec![Action::ConfirmResign],
                private: true,
                game: Some(game),
                lang: langs.private,
                ..Reply::default()
            };
            return Outgoing::worded(question, say("front-resign-question", fluent_args![])).into();
        }
        let origin = Origin {
            channel,
            ..origin_here.clone()
        };
        let mut reply = front
            .execute(&origin, command, Options::default().noting(&early))
            .await;
        if action == Action::Flip {
            reply.private = true;
        }
        if reply.private {
            return Outgoing::new(reply).into();
        }
        // A question answered: the message it was asked in loses its buttons; a challenge
        // says who answered it.
        let shows = Shows::of(&reply);
        let close = |text: Option<String>| {
            front.live.forget(game, this_message);
            Change::Close { text, shows }
        };
        let change = match action {
            Action::AcceptChallenge => {
                let by = escape_markdown(&origin_here.user.name);
                let accepted = i18n::text(
                    reply.lang,
                    Surface::Discord,
                    "front-challenge-accepted",
                    &fluent_args![("user", by)],
                );
                Some(close(Some(with_line(&press.message.content, &accepted))))
            }
            Action::DeclineChallenge => {
                // The challenge says so; nothing else is posted.
                let declined = present::reply_text(&reply, Surface::Discord);
                let text = with_line(&press.message.content, &declined);
                return Answer::Update {
                    change: Box::new(close(Some(text))),
                    then: None,
                };
            }
            Action::ConfirmResign | Action::ConfirmPush => Some(close(None)),
            _ => None,
        };
        let then = if channel == here {
            front.own.told(press.channel_id, Outgoing::new(reply))
        } else {
            post_elsewhere(front, http, channel, reply, &say).await
        };
        match change {
            Some(change) => Answer::Update {
                change: Box::new(change),
                then: Some(then),
            },
            None => then.into(),
        }
    })
    .await;
    if stale {
        front.strip(http, this_message).await;
    }
    front.answered(http, sent).await;
    front.hand_over(http, &target).await;
}

/// The answer to "Play on the web" on a board of `game`: the presser's own play link when they
/// play in it, else the page to watch it.
async fn play_link(
    front: &Front,
    game: domain::GameId,
    user: domain::UserId,
    say: &impl Fn(&str, FluentArgs) -> String,
) -> String {
    let (Some(web), Some(sight)) = (&front.web, front.service.sight(game).await) else {
        return say("front-game-gone", fluent_args![]);
    };
    if sight.is_player(user) && sight.played.outcome().is_none() {
        let minutes = domain::PLAY_LINK_MINUTES;
        say(
            "front-play-link",
            fluent_args![
                ("game", game.to_string()),
                ("url", web.play(game, user)),
                ("minutes", minutes)
            ],
        )
    } else {
        say(
            "front-play-not-yours",
            fluent_args![("game", game.to_string()), ("url", web.watch(game))],
        )
    }
}

/// Posts `reply` in the game's `channel`, away from where its button was pressed (the game's
/// thread): the presser is told where it went, or, when it cannot go there, gets it here.
async fn post_elsewhere(
    front: &Front,
    http: &Http,
    channel: u64,
    reply: Reply,
    say: &impl Fn(&str, FluentArgs) -> String,
) -> Outgoing {
    let elsewhere = serenity::all::ChannelId::new(channel);
    let posted = Outgoing::new(reply.clone());
    let shows = posted.shows;
    match front.own.post(http, elsewhere, posted).await {
        Ok(message) => {
            let at = Posted {
                channel: elsewhere,
                message: message.id,
            };
            front.delivered(http, shows, &[at]).await;
            Outgoing::private(say(
                "front-game-goes-on-in",
                fluent_args![("channel", channel.to_string())],
            ))
        }
        Err(unposted) => {
            unposted.log("could not post in the game's channel");
            Outgoing::new(reply)
        }
    }
}
