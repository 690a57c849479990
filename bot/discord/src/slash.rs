//! Slash command invocations: read, carried out by the service (in a new thread for a
//! challenge where the bot may open one; `/tournament` by the service's tournaments),
//! answered.

use serenity::all::{CommandInteraction, Http};

use super::commands;
use super::front::{Front, person};
use super::help;
use super::langs::{self, Langs};
use super::replies::Outgoing;
use super::respond::{Target, answer, answer_watching};
use super::threads;
use domain::{Command, EarlyPrivacy, Origin, Progress, Request};
use present::i18n::Surface;
use service::Options;
use tokio::sync::watch;

/// Handles one slash command.
pub async fn handle(front: &Front, http: &Http, command: &CommandInteraction) {
    let guild = command.guild_id.map(|g| g.get());
    front.learn(
        guild,
        &command.user,
        command.member.as_ref().and_then(|m| m.avatar.as_ref()),
    );
    for (id, user) in &command.data.resolved.users {
        let member = command.data.resolved.members.get(id);
        front.learn(guild, user, member.and_then(|m| m.avatar.as_ref()));
    }
    let origin = Origin {
        guild,
        channel: command.channel_id.get(),
        user: person(&command.user, command.member.as_deref()),
        locale: langs::of_interaction(&command.locale, command.guild_locale.as_deref()),
    };
    let langs = Langs::at(&front.service, &origin);
    let lifetime = front.lifetime(
        command.channel_id,
        command.context,
        &command.token,
        command.attachment_size_limit,
    );
    front.own.seen_in(
        command.channel_id,
        command.app_permissions,
        command.channel.as_ref().map(|c| c.kind),
    );
    let target = Target {
        id: command.id,
        token: command.token.clone(),
        langs,
        attachment_limit: command.attachment_size_limit,
        channel: command.channel_id,
        pressed: None,
        lifetime,
    };
    respond(front, http, command, &target, origin).await;
    front.hand_over(http, &target).await;
}

/// Carries out `command` and answers `target`.
async fn respond(
    front: &Front,
    http: &Http,
    command: &CommandInteraction,
    target: &Target,
    origin: Origin,
) {
    let langs = target.langs;
    let parsed = commands::parse(command);
    if let Ok(Request::Game(challenge @ Command::Challenge { .. })) = &parsed
        && threads::may_open(front, command)
    {
        let challenge = challenge.clone();
        threads::challenge(front, http, target, command.channel_id, origin, challenge).await;
        return;
    }
    let early = EarlyPrivacy::default();
    if let Ok(Request::Game(review @ Command::Review { .. })) = parsed {
        // A review takes a while: its deferred answer says how far it has come.
        let (tell, told) = watch::channel(None);
        let progress = Progress::new(move |m| {
            tell.send_replace(Some(present::message_text(
                &m,
                langs.public,
                Surface::Discord,
            )));
        });
        let work = async {
            let reply = front
                .execute(
                    &origin,
                    review,
                    Options::default().noting(&early).watching(&progress),
                )
                .await;
            Outgoing::new(reply)
        };
        let sent = answer_watching(http, target, front.defer_after, &early, told, work).await;
        front.answered(http, sent).await;
        return;
    }
    let command_channel = command.channel_id;
    let sent = answer(http, target, front.defer_after, &early, async {
        match parsed {
            Err(refusal) => Outgoing::private(refusal.text(langs.private)),
            Ok(Request::Game(Command::Help)) => help::outgoing(langs.private, front.typed_moves),
            Ok(Request::Game(command)) => front.own.told(
                command_channel,
                Outgoing::new(
                    front
                        .execute(&origin, command, Options::default().noting(&early))
                        .await,
                ),
            ),
            Ok(Request::Tournament(ask)) => {
                Outgoing::new(front.execute(&origin, ask, Options::default()).await)
            }
        }
    })
    .await;
    front.answered(http, sent).await;
}
