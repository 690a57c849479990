//! A thread per game: `/challenge` in a text channel opens a public thread where the game is
//! played, so one channel hosts many games and spectators follow each in its thread.

use serenity::all::{
    AutoArchiveDuration, ChannelId, ChannelType, CommandInteraction, CreateThread, Http,
    Permissions,
};

use super::front::Front;
use super::replies::Outgoing;
use crate::service::{Command, Origin};

/// Discord's limit on channel names.
const MAX_NAME: usize = 100;

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

/// "alice vs bob · Avalanche", within Discord's limit.
fn name(origin: &Origin, command: &Command) -> String {
    let (opponent, variant) = match command {
        Command::Challenge {
            opponent, variant, ..
        } => (
            opponent.as_ref().map_or("anyone", |o| o.name.as_str()),
            variant.name(),
        ),
        _ => ("anyone", "chess"),
    };
    let name = format!("{} vs {opponent} · {variant}", origin.user.name);
    name.chars().take(MAX_NAME).collect()
}

/// Opens a thread under `parent`, makes the challenge there and posts it; answers the command
/// in `parent` with the challenge and a link. Without a thread the challenge is made in
/// `parent` itself; a refused challenge removes the thread again.
pub async fn challenge(
    front: &Front,
    http: &Http,
    parent: ChannelId,
    origin: Origin,
    challenge: Command,
) -> Outgoing {
    let builder = CreateThread::new(name(&origin, &challenge))
        .kind(ChannelType::PublicThread)
        .auto_archive_duration(AutoArchiveDuration::OneWeek);
    let thread = match parent.create_thread(http, builder).await {
        Ok(thread) => thread.id,
        Err(error) => {
            tracing::warn!(%error, "could not open a game thread; playing in the channel");
            return Outgoing::new(front.service.execute(&origin, challenge).await);
        }
    };
    let in_thread = Origin {
        channel: thread.get(),
        ..origin
    };
    let reply = front.service.execute(&in_thread, challenge).await;
    if reply.private {
        if let Err(error) = thread.delete(http).await {
            tracing::warn!(%error, "could not remove the thread of a refused challenge");
        }
        return Outgoing::new(reply);
    }
    if let Err(error) = thread
        .send_message(http, Outgoing::new(reply.clone()).message())
        .await
    {
        tracing::warn!(%error, "could not post the challenge in its thread");
    }
    Outgoing::new(reply)
        .quiet()
        .with_line(&format!("The game is played in <#{thread}>."))
}

#[cfg(test)]
mod tests {
    use rules::Variant;

    use super::*;
    use crate::service::{ColorChoice, User};

    #[test]
    fn thread_names_fit() {
        let origin = Origin {
            guild: Some(1),
            channel: 2,
            user: User {
                id: 3,
                name: "ä".repeat(150),
            },
        };
        let command = Command::Challenge {
            opponent: None,
            variant: Variant::Avalanche,
            setup: None,
            color: ColorChoice::Random,
            deadline: None,
        };
        assert_eq!(name(&origin, &command).chars().count(), MAX_NAME);
        let origin = Origin {
            user: User {
                id: 3,
                name: "alice".into(),
            },
            ..origin
        };
        assert_eq!(name(&origin, &command), "alice vs anyone · Avalanche");
    }
}
