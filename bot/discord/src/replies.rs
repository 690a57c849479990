//! Service replies as Discord messages: text with mentions, the board PNG and other files
//! attached, buttons, and the ephemeral flag for private replies; and what a public one is to
//! its game's earlier messages once it is posted (see [`Shows`]).

use serenity::all::{
    CreateActionRow, CreateAllowedMentions, CreateAttachment, CreateEmbed,
    CreateInteractionResponseFollowup, CreateInteractionResponseMessage, CreateMessage,
    EditAttachments, EditInteractionResponse, EditMessage, UserId,
};

use super::components;
use rules::Color;

use domain::{Action, GameId, Owed, Reply, RoundShown, Shown, Tone};
use present::fluent_args;
use present::i18n::{self, Lang, Surface};

/// Discord refuses message content longer than this.
const MAX_CONTENT: usize = 2000;
/// Discord refuses an embed description longer than this.
const MAX_EMBED_DESCRIPTION: usize = 4096;
/// The most bytes of files a message may upload where no interaction says otherwise: Discord's
/// limit in a server without boosts (10 MiB; an interaction's `attachment_size_limit` gives
/// the limit where it was made).
pub const DEFAULT_ATTACHMENT_LIMIT: u64 = 10 * 1024 * 1024;
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

/// What a public message about a game is to the game's earlier messages.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Standing {
    /// Its buttons act on the game as it is now (a board, or the challenge): it takes over
    /// from the game's earlier messages, which lose their buttons.
    Live,
    /// The game's end (its result): the earlier messages lose their buttons, it keeps its own
    /// (Rematch).
    Over,
    /// Anything else (an offer, a notice): the earlier messages keep their buttons, unless the
    /// game is gone with it (a challenge declined, withdrawn or lapsed).
    Aside,
}

/// What a public message shows, for the front to note once it is posted.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Shows {
    /// The game it shows its players, and how much of it (its turns, its result): once it
    /// is delivered the front marks that announced (see
    /// [`GameService::mark_shown`](service::GameService::mark_shown)).
    pub announces: Option<(GameId, Shown)>,
    /// How far a tournament's announcements it shows (a round's pairings, the end): marked
    /// once it is delivered (see
    /// [`GameService::mark_round_shown`](service::GameService::mark_round_shown)).
    pub round: Option<RoundShown>,
    /// The notice owed to players it tells (a lapse, a withdrawal): marked once it is
    /// delivered (see [`GameService::mark_told`](service::GameService::mark_told)).
    pub tells: Option<Owed>,
    /// The game it is about, and what it is to the game's earlier messages.
    pub game: Option<(GameId, Standing)>,
}

impl Shows {
    /// What `reply` shows once posted; nothing for a private reply.
    pub fn of(reply: &Reply) -> Shows {
        if reply.private {
            return Shows::default();
        }
        let standing = match reply.tone {
            Some(Tone::Won(_) | Tone::Drawn) => Standing::Over,
            // A board of the game going on (the tone says so) with its buttons.
            Some(Tone::ToMove(_)) if !reply.actions.is_empty() => Standing::Live,
            _ if reply.actions.contains(&Action::AcceptChallenge) => Standing::Live,
            _ => Standing::Aside,
        };
        Shows {
            announces: reply.game.zip(reply.shows),
            round: reply.shows_round,
            tells: reply.tells,
            game: reply.game.map(|game| (game, standing)),
        }
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
    /// What it shows, for the front to note once it is posted.
    pub shows: Shows,
    /// The language it is worded in, for a line the front adds.
    pub lang: Lang,
    /// The most bytes of files it may upload: files past it are left out, and the text says so.
    attachment_limit: u64,
}

/// Cuts `text` to Discord's limit on message content, on a character boundary.
pub(super) fn clip(text: &str) -> String {
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
        let shows = Shows::of(&reply);
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
        // Archive pages and tournaments are about no game: their buttons carry game 0.
        let mut rows = components::rows(reply.game.unwrap_or(0), &reply.actions, reply.lang);
        if let (Some(watch), Some(game)) = (&reply.watch, reply.game) {
            let going_on = matches!(reply.tone, Some(Tone::ToMove(_)));
            rows.push(components::web_row(game, watch, going_on, reply.lang));
        }
        Outgoing {
            content: clip(&content),
            card,
            files,
            rows,
            mentions: reply.mentions.into_iter().map(UserId::new).collect(),
            ephemeral: reply.private,
            shows,
            lang: reply.lang,
            attachment_limit: DEFAULT_ATTACHMENT_LIMIT,
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

    /// Whether it has embeds (a public board).
    pub fn has_embeds(&self) -> bool {
        self.card.is_some()
    }

    /// Whether it uploads files.
    pub fn has_files(&self) -> bool {
        !self.files.is_empty()
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

    /// Keeps everything but the buttons (a notice shown after a newer board of its game).
    pub fn without_buttons(mut self) -> Outgoing {
        self.rows.clear();
        self
    }

    /// Keeps the text and buttons but not the files (a board embed becomes plain text).
    pub fn without_files(mut self) -> Outgoing {
        self.files.clear();
        self.card_to_text();
        self
    }

    /// Turns the board embed, if any, into plain text before the content.
    fn card_to_text(&mut self) {
        if let Some(card) = self.card.take() {
            let text = if self.content.is_empty() {
                card.text
            } else {
                format!("{}\n{}", card.text, self.content)
            };
            self.content = clip(&text);
        }
    }

    /// Sets the most bytes of files it may upload, as an interaction's
    /// `attachment_size_limit` gives it; 0 (the interaction said nothing) keeps
    /// [`DEFAULT_ATTACHMENT_LIMIT`].
    pub fn with_attachment_limit(mut self, limit: u32) -> Outgoing {
        if limit > 0 {
            self.attachment_limit = u64::from(limit);
        }
        self
    }

    /// Leaves out, in order, each file that would take the uploads past the attachment limit
    /// (Discord refuses the whole message then, with 413 "Request entity too large"), and says
    /// so in the text; a board left out turns its embed into plain text.
    fn fitted(mut self) -> Outgoing {
        let mut total = 0u64;
        let mut left_out = Vec::new();
        let limit = self.attachment_limit;
        self.files.retain(|file| {
            let size = file.data.len() as u64;
            if total + size <= limit {
                total += size;
                true
            } else {
                left_out.push((file.filename.clone(), size));
                false
            }
        });
        let mib = |bytes: u64| format!("{:.1}", bytes as f64 / (1024.0 * 1024.0));
        for (name, size) in left_out {
            if self.card.as_ref().is_some_and(|card| card.image == name) {
                self.card_to_text();
            }
            let note = i18n::text(
                self.lang,
                Surface::Discord,
                "front-file-too-large",
                &fluent_args![("file", name), ("size", mib(size)), ("limit", mib(limit))],
            );
            self = self.with_line(&note);
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

    /// As the message of an interaction response. This and the other forms leave out files
    /// past the attachment limit, saying so (see [`Outgoing::with_attachment_limit`]).
    pub fn interaction(self) -> CreateInteractionResponseMessage {
        let this = self.fitted();
        let allowed = this.allowed();
        let embeds = this.embeds();
        CreateInteractionResponseMessage::new()
            .content(this.content)
            .embeds(embeds)
            .add_files(this.files)
            .components(this.rows)
            .allowed_mentions(allowed)
            .ephemeral(this.ephemeral)
    }

    /// As a follow-up message of an interaction.
    pub fn followup(self) -> CreateInteractionResponseFollowup {
        let this = self.fitted();
        let allowed = this.allowed();
        let embeds = this.embeds();
        CreateInteractionResponseFollowup::new()
            .content(this.content)
            .embeds(embeds)
            .add_files(this.files)
            .components(this.rows)
            .allowed_mentions(allowed)
            .ephemeral(this.ephemeral)
    }

    /// As the edit that fills a deferred (public) interaction response.
    pub fn edit(self) -> EditInteractionResponse {
        let this = self.fitted();
        let allowed = this.allowed();
        let embeds = this.embeds();
        this.files.into_iter().fold(
            EditInteractionResponse::new()
                .content(this.content)
                .embeds(embeds)
                .components(this.rows)
                .allowed_mentions(allowed),
            EditInteractionResponse::new_attachment,
        )
    }

    /// As the message of an update (type 7) of the message a pressed button is on: it takes
    /// this reply's place (a page of the history). Its files replace the message's.
    pub fn update(self) -> CreateInteractionResponseMessage {
        let this = self.fitted();
        let allowed = this.allowed();
        let embeds = this.embeds();
        CreateInteractionResponseMessage::new()
            .content(this.content)
            .embeds(embeds)
            .files(this.files)
            .components(this.rows)
            .allowed_mentions(allowed)
    }

    /// As an edit, through its channel, of a message it takes the place of.
    pub fn message_edit(self) -> EditMessage {
        let this = self.fitted();
        let allowed = this.allowed();
        let embeds = this.embeds();
        let attachments = this
            .files
            .into_iter()
            .fold(EditAttachments::new(), EditAttachments::add);
        EditMessage::new()
            .content(this.content)
            .embeds(embeds)
            .attachments(attachments)
            .components(this.rows)
            .allowed_mentions(allowed)
    }

    /// As a message posted in a channel.
    pub fn message(self) -> CreateMessage {
        let this = self.fitted();
        let allowed = this.allowed();
        let embeds = this.embeds();
        CreateMessage::new()
            .content(this.content)
            .embeds(embeds)
            .add_files(this.files)
            .components(this.rows)
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
                    clock: None,
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

    /// A public board reply of game 7 with a replay of `gif` bytes, in `lang`.
    fn board_with_replay(gif: usize, lang: Lang) -> Outgoing {
        Outgoing::new(Reply {
            image: Some(vec![1; 100]),
            files: vec![("nadare-game-7.gif".into(), vec![2; gif])],
            game: Some(7),
            lang,
            ..Reply::default()
        })
    }

    #[test]
    fn files_past_the_attachment_limit_are_left_out_and_the_text_says_so() {
        let fits = serde_json::to_value(
            board_with_replay(900, Lang::En)
                .with_attachment_limit(1000)
                .interaction(),
        )
        .expect("json");
        assert_eq!(fits["attachments"].as_array().map(Vec::len), Some(2));
        assert!(
            !fits["content"]
                .as_str()
                .unwrap_or("")
                .contains("not attached")
        );

        let message = board_with_replay(1000, Lang::En)
            .with_attachment_limit(1000)
            .interaction();
        let message = serde_json::to_value(message).expect("json");
        let files = message["attachments"]
            .as_array()
            .cloned()
            .unwrap_or_default();
        assert_eq!(files.len(), 1, "{message}");
        assert_eq!(files[0]["filename"], "game-7.png");
        assert_eq!(
            message["embeds"][0]["image"]["url"], "attachment://game-7.png",
            "the board stays"
        );
        assert_eq!(
            message["content"],
            "`nadare-game-7.gif` (0.0 MB) is not attached: Discord allows 0.0 MB of files per \
             message here."
        );

        let ja = board_with_replay(11 * 1024 * 1024, Lang::Ja).message();
        let ja = serde_json::to_value(ja).expect("json");
        assert_eq!(ja["attachments"].as_array().map(Vec::len), Some(1));
        assert_eq!(
            ja["content"],
            "`nadare-game-7.gif`（11.0 MB）は添付していません。ここでは 1 件のメッセージに添付できる\
             ファイルは 10.0 MB までです。"
        );
    }

    #[test]
    fn a_board_past_the_limit_becomes_plain_text() {
        let message = board_with_replay(10, Lang::En)
            .with_attachment_limit(50)
            .followup();
        let message = serde_json::to_value(message).expect("json");
        assert!(
            message["embeds"].as_array().is_none_or(Vec::is_empty),
            "{message}"
        );
        assert_eq!(message["attachments"].as_array().map(Vec::len), Some(1));
        assert!(
            message["content"]
                .as_str()
                .unwrap_or("")
                .contains("`game-7.png`")
        );
    }
}
