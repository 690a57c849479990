//! A thread per game: `/challenge` in a text channel starts a public thread from the challenge
//! message, and the game is played there, so one channel hosts many games and spectators
//! follow each in its thread.

use serenity::all::{
    AutoArchiveDuration, ChannelId, ChannelType, CommandInteraction, CreateThread, Http, MessageId,
    Permissions,
};

use super::boards::Posted;
use super::front::Front;
use super::own_posts::{error_code, posted};
use super::replies::Outgoing;
use super::respond::{Responder, Target};
use domain::{Command, Origin};
use present::escape_markdown;
use present::fluent_args;
use present::i18n::{self, FluentArgs, Lang, Surface};
use service::Options;

/// Discord's limit on channel names.
const MAX_NAME: usize = 100;
/// Discord's error code for a missing permission.
const MISSING_PERMISSIONS: isize = 50013;

/// Whether `/challenge` here should open a thread: enabled, a guild text channel (not already
/// a thread), and the bot may create public threads and speak in them.
pub fn may_open(front: &Front, command: &CommandInteraction) -> bool {
    let needed = Permissions::CREATE_PUBLIC_THREADS | Permissions::SEND_MESSAGES_IN_THREADS;
    front.threads
        && command.guild_id.is_some()
        && command
            .channel
            .as_ref()
            .is_some_and(|c| c.kind == ChannelType::Text)
        && command.app_permissions.is_some_and(|p| p.contains(needed))
}

/// The challenge's thread name in `lang` ("alice vs bob · Avalanche"), within Discord's limit.
fn name(origin: &Origin, command: &Command, lang: Lang) -> String {
    let anyone = || say(lang, "front-thread-anyone", fluent_args![]);
    let (opponent, variant) = match command {
        Command::Challenge {
            opponent, variant, ..
        } => (
            opponent.as_ref().map_or_else(anyone, |o| o.name.clone()),
            say(lang, &format!("variant-{}", variant.id()), fluent_args![]),
        ),
        _ => (anyone(), say(lang, "variant-standard", fluent_args![])),
    };
    let name = say(
        lang,
        "front-thread-name",
        fluent_args![
            ("challenger", origin.user.name.as_str()),
            ("opponent", opponent),
            ("variant", variant)
        ],
    );
    name.chars().take(MAX_NAME).collect()
}

/// The Discord front's catalog message `key` in `lang`.
fn say(lang: Lang, key: &str, args: FluentArgs) -> String {
    i18n::text(lang, Surface::Discord, key, &args)
}

/// Makes the challenge, in a thread started from the answer to `/challenge` where one can be
/// opened, else in `parent` itself. The challenge is checked before any thread is opened; a
/// challenge the service still refuses removes its thread again.
pub async fn challenge(
    front: &Front,
    http: &Http,
    target: &Target,
    parent: ChannelId,
    origin: Origin,
    challenge: Command,
) {
    let mut responder = Responder::new(http, target);
    if let Some(refusal) = front.service.check_challenge(&origin, &challenge) {
        responder.finish(Outgoing::new(refusal)).await;
        return;
    }
    let public = target.langs.public;
    let opening = Outgoing::public(say(
        public,
        "front-opening-thread",
        fluent_args![("user", escape_markdown(&origin.user.name))],
    ));
    if !responder.hold(opening).await {
        return;
    }
    let thread = match responder.original_message().await {
        Some(message) => open(http, parent, message, name(&origin, &challenge, public)).await,
        None => None,
    };
    let Some(thread) = thread else {
        let reply = front.execute(&origin, challenge, Options::default()).await;
        let sent = responder.finish(Outgoing::new(reply)).await;
        front.answered(http, sent).await;
        return;
    };
    let in_thread = Origin {
        channel: thread.get(),
        ..origin
    };
    let reply = front
        .execute(&in_thread, challenge, Options::default())
        .await;
    if reply.private {
        let mut outgoing = Outgoing::new(reply);
        if let Some(problem) = remove(http, thread, target.langs.private).await {
            outgoing = outgoing.with_line(&problem);
        }
        responder.finish(outgoing).await;
        return;
    }
    // The challenge is in the thread and, as the answer to `/challenge`, in the channel: both
    // copies hold its buttons until it is answered.
    let in_thread = match front
        .own
        .post(http, thread, Outgoing::new(reply.clone()))
        .await
    {
        Ok(message) => Some(posted(&message)),
        Err(unposted) => {
            unposted.log("could not post the challenge in its thread");
            None
        }
    };
    let copy = Outgoing::new(reply).quiet().with_line(&say(
        public,
        "front-game-in-thread",
        fluent_args![("thread", thread.to_string())],
    ));
    let shows = copy.shows;
    let sent = responder.finish(copy).await;
    let copies: Vec<Posted> = in_thread
        .into_iter()
        .chain(sent.and_then(|sent| sent.posted))
        .collect();
    front.delivered(http, shows, &copies).await;
}

/// Starts a public thread from `message` in `parent`; `None` (logged) when Discord refuses.
async fn open(
    http: &Http,
    parent: ChannelId,
    message: MessageId,
    name: String,
) -> Option<ChannelId> {
    let builder = CreateThread::new(name).auto_archive_duration(AutoArchiveDuration::OneWeek);
    match parent
        .create_thread_from_message(http, message, builder)
        .await
    {
        Ok(thread) => Some(thread.id),
        Err(error) => {
            tracing::warn!(%error, "could not open a game thread; playing in the channel");
            None
        }
    }
}

/// Deletes a thread nobody needs; the problem to tell the user (in `lang`) when that fails.
async fn remove(http: &Http, thread: ChannelId, lang: Lang) -> Option<String> {
    let error = thread.delete(http).await.err()?;
    tracing::warn!(%error, "could not remove the thread of a refused challenge");
    let key = if error_code(&error) == Some(MISSING_PERMISSIONS) {
        "front-thread-not-removed-permission"
    } else {
        "front-thread-not-removed"
    };
    Some(say(lang, key, fluent_args![("thread", thread.to_string())]))
}

#[cfg(test)]
mod tests {
    use rules::Variant;

    use super::*;
    use domain::{ColorChoice, Locale, User};

    #[test]
    fn thread_names_fit() {
        let origin = Origin {
            guild: Some(1),
            channel: 2,
            user: User {
                id: 3,
                name: "ä".repeat(150),
            },
            locale: Locale::default(),
        };
        let command = Command::Challenge {
            opponent: None,
            variant: Variant::Avalanche,
            setup: None,
            color: ColorChoice::Random,
            deadline: None,
            time: None,
            rated: None,
        };
        assert_eq!(name(&origin, &command, Lang::En).chars().count(), MAX_NAME);
        let origin = Origin {
            user: User {
                id: 3,
                name: "alice_x".into(),
            },
            ..origin
        };
        assert_eq!(
            name(&origin, &command, Lang::En),
            "alice_x vs anyone · Avalanche"
        );
        assert_eq!(
            name(&origin, &command, Lang::Ja),
            "alice_x 対 誰でも・アバランチ"
        );
    }
}
