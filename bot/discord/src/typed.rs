//! Typed moves: in a channel with a game, a message that is only a move, from the player to
//! move, is played. Needs the Message Content intent (config `games.typed_moves`). A refusal
//! or a step is a reply to the move where the bot may read the channel's history (Discord
//! refuses a reply without it), else a plain message; a move deleted meanwhile still gets it.

use serenity::all::{CreateMessage, Http, Message, MessageReference};

use super::access::Needs;
use super::boards::Posted;
use super::front::{Front, person};
use super::own_posts;
use super::replies::Outgoing;
use domain::{Command, Locale, Origin};
use service::Options;

/// Longest message taken for a move (`=Q Nb1xd2+/e6` and annotations fit).
const MAX_LEN: usize = 24;

/// Whether `text` could be a move rather than chat: short, notation characters only, with a
/// square or castling in it.
pub fn looks_like_move(text: &str) -> bool {
    let notation = |c: char| c.is_ascii_alphanumeric() || "+#=/-:!?".contains(c);
    let words: Vec<&str> = text.split_whitespace().collect();
    let shape = match words.as_slice() {
        [turn] => turn.chars().all(notation),
        [promotion, turn] => {
            promotion.starts_with('=') && promotion.len() == 2 && turn.chars().all(notation)
        }
        _ => false,
    };
    let upper = text.to_ascii_uppercase();
    shape
        && text.len() <= MAX_LEN
        && (text.chars().any(|c| c.is_ascii_digit())
            || upper.starts_with("O-O")
            || upper.starts_with("OO")
            || upper.starts_with('='))
}

/// The move a message holds, written in ASCII (a Japanese input method types `Ｎｆ３`), or
/// `None` when it looks like chat.
fn move_text(content: &str) -> Option<String> {
    let text = rules::ascii_width(content);
    let text = text.trim();
    looks_like_move(text).then(|| text.to_owned())
}

/// Handles a channel message: plays it when it is a move by the player to move.
pub async fn handle(front: &Front, http: &Http, message: &Message) {
    if !front.typed_moves || message.author.bot || message.webhook_id.is_some() {
        return;
    }
    let Some(text) = move_text(&message.content) else {
        return;
    };
    let channel = message.channel_id.get();
    if !front
        .service
        .is_player_to_move(channel, message.author.id.get())
        .await
    {
        return;
    }
    // Its answer would be a post of the bot's own: a move the bot could not answer is left
    // unplayed, for `/move`, whose answer needs no permission in the channel.
    let board = Needs {
        embeds: true,
        files: true,
    };
    if let Err(unposted) = front.own.may_post(message.channel_id, board) {
        tracing::debug!(
            channel,
            reason = %unposted,
            "not playing a typed move the bot could not answer"
        );
        return;
    }
    let Some(_ticket) = front.in_flight.enter() else {
        return;
    };
    let guild = message.guild_id.map(|g| g.get());
    front.learn(
        guild,
        &message.author,
        message.member.as_ref().and_then(|m| m.avatar.as_ref()),
    );
    let user = match &message.member {
        Some(member) => domain::User {
            id: message.author.id.get(),
            name: member
                .nick
                .as_deref()
                .unwrap_or_else(|| message.author.display_name())
                .to_owned(),
        },
        None => person(&message.author, None),
    };
    let origin = Origin {
        guild,
        channel,
        user,
        // A message carries no locale: the service uses the server's as it last saw it.
        locale: Locale::default(),
    };
    let outgoing = Outgoing::new(
        front
            .execute(&origin, Command::Move(text), Options::default())
            .await,
    );
    let shows = outgoing.shows;
    // A message cannot be answered privately: a refusal or a step becomes a short reply to the
    // move, with its buttons (Confirm/Cancel for a losing push; only the player may press them).
    let reply_to = outgoing.ephemeral;
    let outgoing = if reply_to {
        outgoing.without_files()
    } else {
        outgoing
    };
    let needs = own_posts::needs(&outgoing);
    let reply = reply_to && front.own.access.may_reply(message.channel_id);
    let mut result = message
        .channel_id
        .send_message(http, answer(&outgoing, reply.then_some(message)))
        .await;
    if reply
        && let Err(error) = &result
        && own_posts::error_code(error) == Some(CANNOT_REPLY)
    {
        // Read Message History was taken away unseen: the answer goes out plainly.
        result = message
            .channel_id
            .send_message(http, answer(&outgoing, None))
            .await;
    }
    front.own.learn_post(message.channel_id, needs, &result);
    match result {
        Ok(sent) => {
            let posted = Posted {
                channel: sent.channel_id,
                message: sent.id,
            };
            front.delivered(http, shows, &[posted]).await;
        }
        Err(error) => tracing::warn!(%error, "could not answer a typed move"),
    }
}

/// Discord's error code for a reply without Read Message History.
const CANNOT_REPLY: isize = 160002;

/// `outgoing` as a message, replying to `to` when given. A move deleted meanwhile is no reason
/// to lose the answer: it then goes out as a plain message (`fail_if_not_exists: false`).
fn answer(outgoing: &Outgoing, to: Option<&Message>) -> CreateMessage {
    let built = outgoing.clone().message();
    match to {
        Some(to) => {
            let mut reference = MessageReference::from(to);
            reference.fail_if_not_exists = Some(false);
            built.reference_message(reference)
        }
        None => built,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn moves_are_recognised_and_chat_is_not() {
        for text in [
            "e4",
            "Nf3/a3",
            "Nf3//",
            "=Q Kd2/e6",
            "O-O",
            "0-0-0",
            "g1f3/a3",
            "Bb4+/c4",
            "exd5!?",
            "=N",
        ] {
            assert!(looks_like_move(text), "{text}");
        }
        for text in [
            "ok",
            "good game",
            "lol 2",
            "",
            "see https://x.y/1",
            "Nf3 and then a3",
            "e4 e5",
        ] {
            assert!(!looks_like_move(text), "{text}");
        }
    }

    #[test]
    fn full_width_moves_are_recognised_as_ascii() {
        assert_eq!(move_text(" Ｎｆ３／ａ３ "), Some("Nf3/a3".to_owned()));
        assert_eq!(
            move_text("＝Ｑ　Ｋｄ２／ｅ６"),
            Some("=Q Kd2/e6".to_owned())
        );
        assert_eq!(move_text("Ｏ－Ｏ"), Some("O-O".to_owned()));
        assert_eq!(move_text("よろしく"), None);
    }
}
