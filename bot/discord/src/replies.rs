//! Service replies as Discord messages: text with mentions, the board PNG and other files
//! attached, buttons, and the ephemeral flag for private replies.

use serenity::all::{
    CreateActionRow, CreateAllowedMentions, CreateAttachment, CreateEmbed,
    CreateInteractionResponseFollowup, CreateInteractionResponseMessage, CreateMessage,
    EditInteractionResponse, UserId,
};

use super::components;
use rules::Color;

use domain::{GameId, Reply, Tone};
use present::fluent_args;
use present::i18n::{self, Lang, Surface};

/// Discord refuses message content longer than this.
const MAX_CONTENT: usize = 2000;
/// Discord refuses an embed description longer than this.
const MAX_EMBED_DESCRIPTION: usize = 4096;
/// The colour of a board embed with nothing to tell (a Chess960 setup).
const BOARD_COLOUR: u32 = 0xB5_88_63;

/// The colour of a board embed: the side to move (light or dark), a win (green) or a draw
/// (grey).
fn colour(tone: Option<Tone>) -> u32 {
    match tone {
        None => BOARD_COLOUR,
        Some(Tone::ToMove(Color::White)) => 0xF0_D9_B5,
        Some(Tone::ToMove(Color::Black)) => 0x30_2E_2B,
        Some(Tone::Won(_)) => 0x2E_CC_71,
        Some(Tone::Drawn) => 0x95_A5_A6,
    }
}

/// A public board shown as an embed: the reply's text as its description and the attached
/// PNG as its image, so the text reads next to the board.
#[derive(Clone)]
struct BoardCard {
    title: Option<String>,
    text: String,
    image: String,
    colour: u32,
}

/// A reply ready to send in any of Discord's message builders.
#[derive(Clone)]
pub struct Outgoing {
    content: String,
    card: Option<BoardCard>,
    files: Vec<CreateAttachment>,
    rows: Vec<CreateActionRow>,
    mentions: Vec<UserId>,
    /// Only the caller sees it.
    pub ephemeral: bool,
    /// The game whose turns this public reply shows to its players, and how many: once it is
    /// delivered the front marks them announced (see
    /// [`GameService::mark_shown`](service::GameService::mark_shown)).
    pub announces: Option<(GameId, usize)>,
    /// The language it is worded in, for a line the front adds.
    pub lang: Lang,
}

/// Cuts `text` to Discord's limit on message content, on a character boundary.
fn clip(text: &str) -> String {
    clip_to(text, MAX_CONTENT)
}

/// Cuts `text` to `limit` bytes (so at most as many characters) on a character boundary.
fn clip_to(text: &str, limit: usize) -> String {
    if text.len() <= limit {
        return text.to_owned();
    }
    let mut end = limit - '…'.len_utf8();
    while !text.is_char_boundary(end) {
        end -= 1;
    }
    format!("{}…", text.get(..end).unwrap_or(""))
}

impl Outgoing {
    /// The Discord form of `reply`, worded from the catalogs in its language.
    pub fn new(reply: Reply) -> Outgoing {
        let text = present::reply_text(&reply, Surface::Discord);
        Outgoing::worded(reply, text)
    }

    /// The Discord form of `reply` with `text` in place of its messages: for what the front
    /// says itself.
    pub fn worded(reply: Reply, text: String) -> Outgoing {
        let stem = reply
            .game
            .map_or_else(|| "board".to_owned(), |game| format!("game-{game}"));
        let pings: Vec<String> = reply.mentions.iter().map(|id| format!("<@{id}>")).collect();
        let pings = pings.join(" ");
        // A public board reads best as an embed; embeds ping nobody, so pings stay in the
        // content. Private replies stay plain text.
        let (content, card) = if reply.image.is_some() && !reply.private {
            let card = BoardCard {
                title: reply.game.map(|game| {
                    i18n::text(
                        reply.lang,
                        Surface::Discord,
                        "front-game-title",
                        &fluent_args![("game", game.to_string())],
                    )
                }),
                text: clip_to(&text, MAX_EMBED_DESCRIPTION),
                image: format!("{stem}.png"),
                colour: colour(reply.tone),
            };
            (pings, Some(card))
        } else if !pings.is_empty() && !reply.private {
            (format!("{text}\n{pings}"), None)
        } else {
            (text, None)
        };
        let mut files = Vec::new();
        if let Some(image) = reply.image {
            files.push(CreateAttachment::bytes(image, format!("{stem}.png")));
        }
        for (name, bytes) in reply.files {
            files.push(CreateAttachment::bytes(bytes, name));
        }
        // Archive pages are about no game: their buttons carry game 0.
        let rows = components::rows(reply.game.unwrap_or(0), &reply.actions, reply.lang);
        Outgoing {
            content: clip(&content),
            card,
            files,
            rows,
            mentions: reply.mentions.into_iter().map(UserId::new).collect(),
            ephemeral: reply.private,
            announces: reply.game.zip(reply.shows_plies).filter(|_| !reply.private),
            lang: reply.lang,
        }
    }

    /// A private text the front words itself (its own refusals).
    pub fn private(text: impl Into<String>) -> Outgoing {
        let reply = Reply {
            private: true,
            ..Reply::default()
        };
        Outgoing::worded(reply, text.into())
    }

    /// A public text the front words itself, pinging nobody.
    pub fn public(text: impl Into<String>) -> Outgoing {
        Outgoing::worded(Reply::default(), text.into())
    }

    /// Adds a line to the text.
    pub fn with_line(mut self, line: &str) -> Outgoing {
        self.content = if self.content.is_empty() {
            clip(line)
        } else {
            clip(&format!("{}\n{line}", self.content))
        };
        self
    }

    /// Shows mentions without pinging anyone (a second copy of a message that pinged).
    pub fn quiet(mut self) -> Outgoing {
        self.mentions.clear();
        self
    }

    /// Keeps the text and buttons but not the files (a board embed becomes plain text).
    pub fn without_files(mut self) -> Outgoing {
        self.files.clear();
        if let Some(card) = self.card.take() {
            let text = if self.content.is_empty() {
                card.text
            } else {
                format!("{}\n{}", card.text, self.content)
            };
            self.content = clip(&text);
        }
        self
    }

    /// The board embed, if this reply shows a board.
    fn embeds(&self) -> Vec<CreateEmbed> {
        self.card
            .iter()
            .map(|card| {
                let embed = CreateEmbed::new()
                    .description(card.text.clone())
                    .image(format!("attachment://{}", card.image))
                    .colour(card.colour);
                match &card.title {
                    Some(title) => embed.title(title.clone()),
                    None => embed,
                }
            })
            .collect()
    }

    /// The pings of this reply as a message of their own, for an answer that notifies nobody
    /// (an edit): the mentions and the users to allow.
    pub fn ping_line(&self) -> Option<(String, Vec<UserId>)> {
        if self.mentions.is_empty() || self.ephemeral {
            return None;
        }
        let pings: Vec<String> = self.mentions.iter().map(|id| format!("<@{id}>")).collect();
        Some((format!("{} ↑", pings.join(" ")), self.mentions.clone()))
    }

    fn allowed(&self) -> CreateAllowedMentions {
        CreateAllowedMentions::new().users(self.mentions.clone())
    }

    /// As the message of an interaction response.
    pub fn interaction(self) -> CreateInteractionResponseMessage {
        let allowed = self.allowed();
        let embeds = self.embeds();
        CreateInteractionResponseMessage::new()
            .content(self.content)
            .embeds(embeds)
            .add_files(self.files)
            .components(self.rows)
            .allowed_mentions(allowed)
            .ephemeral(self.ephemeral)
    }

    /// As a follow-up message of an interaction.
    pub fn followup(self) -> CreateInteractionResponseFollowup {
        let allowed = self.allowed();
        let embeds = self.embeds();
        CreateInteractionResponseFollowup::new()
            .content(self.content)
            .embeds(embeds)
            .add_files(self.files)
            .components(self.rows)
            .allowed_mentions(allowed)
            .ephemeral(self.ephemeral)
    }

    /// As the edit that fills a deferred (public) interaction response.
    pub fn edit(self) -> EditInteractionResponse {
        let allowed = self.allowed();
        let embeds = self.embeds();
        self.files.into_iter().fold(
            EditInteractionResponse::new()
                .content(self.content)
                .embeds(embeds)
                .components(self.rows)
                .allowed_mentions(allowed),
            EditInteractionResponse::new_attachment,
        )
    }

    /// As a message posted in a channel.
    pub fn message(self) -> CreateMessage {
        let allowed = self.allowed();
        let embeds = self.embeds();
        CreateMessage::new()
            .content(self.content)
            .embeds(embeds)
            .add_files(self.files)
            .components(self.rows)
            .allowed_mentions(allowed)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use domain::Action;
    use domain::messages::{Refusal, TurnMsg};
    use present::i18n::Lang;

    #[test]
    fn long_text_is_clipped_on_a_character_boundary() {
        let text = "é".repeat(1500);
        let clipped = clip(&text);
        assert!(clipped.len() <= MAX_CONTENT);
        assert!(clipped.ends_with('…'));
        assert_eq!(clip("short"), "short");
    }

    #[test]
    fn a_public_reply_pings_and_carries_board_and_buttons() {
        let reply = Reply {
            messages: vec![
                TurnMsg::ToMove {
                    player: "*bob*".into(),
                    color: Color::Black,
                    check: false,
                    promotion: None,
                    deadline: None,
                }
                .into(),
            ],
            image: Some(vec![1, 2, 3]),
            game: Some(9),
            actions: vec![Action::Resign, Action::OfferDraw, Action::Flip],
            mentions: vec![42],
            tone: Some(Tone::ToMove(Color::Black)),
            ..Reply::default()
        };
        let message = serde_json::to_value(Outgoing::new(reply).interaction()).expect("json");
        assert_eq!(message["content"], "<@42>");
        assert_eq!(message["embeds"][0]["color"], 0x30_2E_2B);
        assert_eq!(
            message["embeds"][0]["description"],
            "**\\*bob\\*** (Black) to move."
        );
        assert_eq!(message["embeds"][0]["title"], "Game #9");
        assert_eq!(
            message["embeds"][0]["image"]["url"],
            "attachment://game-9.png"
        );
        assert_eq!(message["allowed_mentions"]["users"][0], "42");
        assert_eq!(
            message["components"][0]["components"][0]["custom_id"],
            "nadare:9:resign"
        );
        assert_eq!(message["flags"].as_u64().unwrap_or(0) & 64, 0);
    }

    #[test]
    fn a_private_reply_is_ephemeral_and_pings_nobody() {
        let reply = Reply {
            mentions: vec![42],
            lang: Lang::Ja,
            ..Reply::private(Refusal::NoHalfTurn)
        };
        let message = serde_json::to_value(Outgoing::new(reply).interaction()).expect("json");
        assert_eq!(message["content"], "取り消せる入力途中の手番はありません。");
        assert_eq!(message["flags"], 64);
        assert!(message["embeds"].as_array().is_none_or(Vec::is_empty));
    }
}
