//! Answering an interaction as Discord allows: one first response within three seconds (at
//! once when the work is quick, else a deferral, "thinking…"), then edits and follow-ups. A
//! button's press may change the message the button is on instead of answering with a new one:
//! at once (an update, type 7) or once the work is done (a deferred update, type 6, then an
//! edit of `@original`, which is then that message).
//!
//! Discord's rules shape this module: the deferral decides the visibility of the answer (the
//! ephemeral flag of the first follow-up is ignored), an edit of the original response notifies
//! nobody, and a follow-up after the deferred response was deleted can fail. So the visibility
//! is decided before deferring where it is known, and a mismatch is resolved by editing the
//! original first and then following up with the right visibility. A public answer that pings
//! and was deferred goes out as a follow-up (which notifies), and the deferral is removed, so
//! the channel keeps one message. Long work (a review) may edit its deferred response with how
//! far it has come meanwhile, at most once per [`PROGRESS_EVERY`].
//!
//! An interaction's token works for 15 minutes. An answer whose work outlasted
//! [`TOKEN_MARGIN`] (on the service's clock) is not attempted on it: in a channel where the
//! bot may post it goes there as a message of its own; where it can only answer (a DM or group
//! DM between users, see [`direct`](super::direct)) it waits for the next interaction there. A
//! private answer that late is dropped (logged): nobody else may see it.

use std::future::Future;
use std::pin::pin;
use std::sync::Arc;
use std::task::Poll;
use std::time::{Duration, SystemTime};

use serenity::all::{
    Builder, ChannelId, CreateInteractionResponse, CreateInteractionResponseFollowup,
    CreateInteractionResponseMessage, EditInteractionResponse, EditMessage, Http, InteractionId,
    Message, MessageId,
};

use tokio::sync::watch;

use super::boards::Posted;
use super::direct::{TOKEN_MARGIN, fresh};
use super::langs::Langs;
use super::own_posts::{OwnPosts, Unposted};
use super::replies::{Outgoing, Shows};
use domain::EarlyPrivacy;
use present::i18n::{self, Surface};

/// Work that has not answered by then is deferred; Discord allows three seconds.
pub const DEFER_AFTER: Duration = Duration::from_millis(1500);

/// The least time between two edits of a deferred response saying how far the work has
/// come: Discord limits edits of one message to about five in five seconds.
pub const PROGRESS_EVERY: Duration = Duration::from_secs(2);

/// When an interaction came, and where answers go once its token is too old.
#[derive(Clone)]
pub struct Lifetime {
    /// When it came, on the service's clock.
    pub issued: SystemTime,
    /// The bot's own posts, for where late answers go.
    pub own: Arc<OwnPosts>,
    /// In a channel where the bot can only answer: late answers wait there.
    pub answer_only: bool,
}

impl Lifetime {
    /// Whether the token is past [`TOKEN_MARGIN`] now.
    pub fn late(&self) -> bool {
        !fresh(self.issued, self.own.now())
    }
}

/// The interaction to answer: its id and token.
#[derive(Clone)]
pub struct Target {
    /// The interaction's id.
    pub id: InteractionId,
    /// The interaction's token (valid 15 minutes).
    pub token: String,
    /// The languages of the user and the server, for the notes left in a deferred response.
    pub langs: Langs,
    /// The most bytes of files an answer may upload, as the interaction says (it depends on
    /// the server's boosts); 0 when it says nothing (see [`Outgoing::with_attachment_limit`]).
    pub attachment_limit: u32,
    /// The channel the interaction was made in, where its answer goes.
    pub channel: ChannelId,
    /// For a button's press: the message the button is on.
    pub pressed: Option<Pressed>,
    /// When it came, and where late answers go.
    pub lifetime: Lifetime,
}

/// The message a pressed button is on.
#[derive(Clone, Copy, Debug)]
pub struct Pressed {
    /// The message.
    pub message: MessageId,
    /// Only the user who pressed sees it.
    pub ephemeral: bool,
    /// It has files: an update (type 7) would remove them, since serenity cannot list files
    /// to keep in one, so its buttons are taken off by an edit instead.
    pub has_files: bool,
}

/// What an interaction is answered with.
pub enum Answer {
    /// A message of its own, public or private.
    Post(Outgoing),
    /// For a button's press: the message the button is on changes, and `then`, if any, follows
    /// as a message of its own.
    Update {
        /// How the message changes.
        change: Box<Change>,
        /// A message of its own after it (the board of an accepted challenge).
        then: Option<Outgoing>,
    },
}

impl From<Outgoing> for Answer {
    fn from(outgoing: Outgoing) -> Answer {
        Answer::Post(outgoing)
    }
}

/// How the message a pressed button is on changes.
pub enum Change {
    /// It shows this reply instead (a page of the history).
    Replace(Outgoing),
    /// It loses its buttons, and its text becomes `text` when given (an answered challenge
    /// says who answered it); `shows` is what the answer says of the game.
    Close {
        /// Its new text.
        text: Option<String>,
        /// What the answer says of the game (a declined challenge is gone).
        shows: Shows,
    },
}

impl Change {
    /// As an update (type 7).
    fn update(self) -> CreateInteractionResponseMessage {
        match self {
            Change::Replace(outgoing) => outgoing.update(),
            Change::Close { text, .. } => {
                let closed = CreateInteractionResponseMessage::new().components(Vec::new());
                match text {
                    Some(text) => closed.content(text),
                    None => closed,
                }
            }
        }
    }

    /// As an edit of the message (through the interaction's `@original`).
    fn edit(self) -> EditInteractionResponse {
        match self {
            Change::Replace(outgoing) => outgoing.edit(),
            Change::Close { text, .. } => {
                let closed = EditInteractionResponse::new().components(Vec::new());
                match text {
                    Some(text) => closed.content(text),
                    None => closed,
                }
            }
        }
    }

    /// As an edit of the message through its channel, for a press answered some other way.
    fn message_edit(self) -> EditMessage {
        match self {
            Change::Replace(outgoing) => outgoing.message_edit(),
            Change::Close { text, .. } => {
                let closed = EditMessage::new().components(Vec::new());
                match text {
                    Some(text) => closed.content(text),
                    None => closed,
                }
            }
        }
    }

    /// What the message shows once changed, for the front to note.
    fn shows(&self) -> Shows {
        match self {
            Change::Replace(outgoing) => outgoing.shows,
            Change::Close { shows, .. } => *shows,
        }
    }
}

/// A message an answer posted, once Discord took it: what it shows, and where it is (`None`
/// when its id could not be learnt).
#[derive(Clone, Copy, Debug)]
pub struct Sent {
    /// What it shows.
    pub shows: Shows,
    /// Where it is.
    pub posted: Option<Posted>,
}

/// How far an interaction's answer has come.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Stage {
    /// Nothing sent yet: the next answer is the interaction callback.
    Fresh,
    /// A first response (a deferral or a message) stands, private or public; the answer edits
    /// it.
    Held { private: bool },
    /// A press was acknowledged without a message (a deferred update): `@original` is the
    /// message the button is on, and the answer's messages are follow-ups.
    Acknowledged,
}

/// Sends the answers of one interaction in an order Discord accepts.
pub struct Responder<'a> {
    http: &'a Http,
    target: &'a Target,
    stage: Stage,
}

impl<'a> Responder<'a> {
    /// A responder for `target` that has sent nothing yet.
    pub fn new(http: &'a Http, target: &'a Target) -> Responder<'a> {
        Responder {
            http,
            target,
            stage: Stage::Fresh,
        }
    }

    async fn callback(&mut self, response: CreateInteractionResponse, stage: Stage) -> bool {
        match response
            .execute(self.http, (self.target.id, &self.target.token))
            .await
        {
            Ok(()) => {
                self.stage = stage;
                true
            }
            Err(error) => {
                tracing::warn!(%error, "could not answer an interaction");
                false
            }
        }
    }

    /// Defers ("thinking…"), privately or publicly: the answer will have that visibility. A
    /// press whose answer is not known to be private is acknowledged without a message
    /// instead (a deferred update): its answer may change the pressed message, or follow.
    pub async fn defer(&mut self, private: bool) {
        if self.target.pressed.is_some() && !private {
            self.callback(CreateInteractionResponse::Acknowledge, Stage::Acknowledged)
                .await;
            return;
        }
        let thinking = CreateInteractionResponseMessage::new().ephemeral(private);
        self.callback(
            CreateInteractionResponse::Defer(thinking),
            Stage::Held { private },
        )
        .await;
    }

    /// Answers with `outgoing` now, as a first response that [`Responder::finish`] may replace
    /// later (a challenge whose thread is still being opened). True when Discord took it.
    pub async fn hold(&mut self, outgoing: Outgoing) -> bool {
        let outgoing = outgoing.with_attachment_limit(self.target.attachment_limit);
        let private = outgoing.ephemeral;
        self.callback(
            CreateInteractionResponse::Message(outgoing.interaction()),
            Stage::Held { private },
        )
        .await
    }

    /// The id of the standing first response (to start a thread from it).
    pub async fn original_message(&self) -> Option<MessageId> {
        match self
            .http
            .get_original_interaction_response(&self.target.token)
            .await
        {
            Ok(message) => Some(message.id),
            Err(error) => {
                tracing::warn!(%error, "could not read the interaction's response");
                None
            }
        }
    }

    /// Shows `text` in the standing deferred response, how far the work has come; nothing
    /// before a first response stands, nor on a token too old.
    pub async fn progress(&self, text: String) {
        if let Stage::Held { .. } = self.stage
            && !self.target.lifetime.late()
        {
            self.edit(EditInteractionResponse::new().content(text))
                .await;
        }
    }

    async fn edit(&self, edit: EditInteractionResponse) -> Option<Message> {
        match edit.execute(self.http, &self.target.token).await {
            Ok(message) => Some(message),
            Err(error) => {
                tracing::warn!(%error, "could not complete an interaction's response");
                None
            }
        }
    }

    async fn follow_up(&self, followup: CreateInteractionResponseFollowup) -> Option<Message> {
        match followup
            .execute(self.http, (None, &self.target.token))
            .await
        {
            Ok(message) => Some(message),
            Err(error) => {
                tracing::warn!(%error, "could not send an interaction follow-up");
                None
            }
        }
    }

    async fn remove_original(&self) {
        if let Err(error) = self
            .http
            .delete_original_interaction_response(&self.target.token)
            .await
        {
            tracing::debug!(%error, "could not remove a placeholder response");
        }
    }

    /// What Discord took of `outgoing`, posted as `message` here.
    fn sent(&self, shows: Shows, message: Option<MessageId>) -> Sent {
        Sent {
            shows,
            posted: message.map(|message| Posted {
                channel: self.target.channel,
                message,
            }),
        }
    }

    /// Gives the final answer (see [`Answer`]). `None` when Discord took none of it.
    pub async fn finish(self, answer: impl Into<Answer>) -> Option<Sent> {
        match answer.into() {
            Answer::Post(outgoing) => self.post(outgoing).await,
            Answer::Update { change, then } => self.update(*change, then).await,
        }
    }

    /// Posts `outgoing`: the interaction callback when nothing was sent, else an edit of the
    /// standing response or a follow-up, with follow-ups where an edit alone would show the
    /// answer to the wrong people or ping nobody.
    async fn post(mut self, outgoing: Outgoing) -> Option<Sent> {
        let outgoing = outgoing.with_attachment_limit(self.target.attachment_limit);
        let shows = outgoing.shows;
        if self.stage != Stage::Fresh && self.target.lifetime.late() {
            return self.post_late(outgoing).await;
        }
        let private = match self.stage {
            Stage::Fresh => {
                let private = outgoing.ephemeral;
                let response = CreateInteractionResponse::Message(outgoing.interaction());
                if !self.callback(response, Stage::Held { private }).await {
                    return None;
                }
                // Its turns count as shown now: asking for the message's id may wait out a
                // rate limit, and a mark made after a newer one would undo it.
                self.target.lifetime.own.taken(shows).await;
                let marked = Shows {
                    announces: None,
                    ..shows
                };
                // A callback gives no message: its id is asked for when the front needs it.
                let message = if shows.game.is_some() {
                    self.original_message().await
                } else {
                    None
                };
                return Some(self.sent(marked, message));
            }
            Stage::Acknowledged => {
                let message = self.follow_up(outgoing.followup()).await?;
                return Some(self.sent(shows, Some(message.id)));
            }
            Stage::Held { private } => private,
        };
        let message = match (private, outgoing.ephemeral) {
            (true, true) => self.edit(outgoing.edit()).await?,
            (false, false) if outgoing.ping_line().is_none() => self.edit(outgoing.edit()).await?,
            (false, false) => {
                // An edit notifies nobody: the answer follows (the deferral is completed
                // first, since the first follow-up would replace it), and the deferral goes.
                let note = self.note(self.target.langs.public, "front-answered-publicly");
                self.edit(note).await?;
                match self.follow_up(outgoing.clone().followup()).await {
                    Some(message) => {
                        self.remove_original().await;
                        message
                    }
                    None => self.edit(outgoing.edit()).await?,
                }
            }
            (false, true) => {
                // The public deferral is completed first (the first follow-up would take its
                // visibility), then the private answer follows, then the placeholder goes.
                let note = self
                    .note(self.target.langs.public, "front-answered-privately")
                    .components(Vec::new());
                self.edit(note).await?;
                let sent = self.follow_up(outgoing.followup()).await;
                self.remove_original().await;
                sent?
            }
            (true, false) => {
                let note = self.note(self.target.langs.private, "front-answered-publicly");
                self.edit(note).await?;
                self.follow_up(outgoing.followup()).await?
            }
        };
        Some(self.sent(shows, Some(message.id)))
    }

    /// Posts `outgoing` without the interaction's token, which is too old: in the channel as a
    /// message of its own, or where the bot can only answer, kept for the next interaction.
    async fn post_late(&self, outgoing: Outgoing) -> Option<Sent> {
        let channel = self.target.channel;
        if outgoing.ephemeral {
            tracing::warn!(%channel, "a private answer came too late for its interaction");
            return None;
        }
        let own = &self.target.lifetime.own;
        if !self.target.lifetime.answer_only {
            tracing::info!(%channel, margin = ?TOKEN_MARGIN, "an answer came too late for its interaction; posting it");
            let shows = outgoing.shows;
            match own.post(self.http, channel, outgoing.clone()).await {
                Ok(message) => return Some(self.sent(shows, Some(message.id))),
                Err(Unposted::AnswerOnly) => {}
                Err(unposted) => {
                    unposted.log("could not post a late answer");
                    return None;
                }
            }
        }
        tracing::info!(%channel, "an answer came too late; it waits for the next interaction");
        own.direct.wait(channel, outgoing);
        None
    }

    /// A deferred response's note `key` in `lang`.
    fn note(&self, lang: i18n::Lang, key: &str) -> EditInteractionResponse {
        EditInteractionResponse::new().content(i18n::plain(lang, Surface::Discord, key))
    }

    /// Changes the pressed message as `change` says, then posts `then`.
    /// Changes the pressed message through its channel, not the interaction: never an
    /// ephemeral one, nor one where the bot may not edit (it can only answer there, or lacks
    /// View Channel). Gives whether it changed.
    async fn edit_in_channel(&self, pressed: Pressed, change: Change) -> bool {
        !pressed.ephemeral
            && self.target.lifetime.own.may_edit(self.target.channel)
            && self
                .target
                .channel
                .edit_message(self.http, pressed.message, change.message_edit())
                .await
                .inspect_err(|e| tracing::warn!(error = %e, "could not edit a message"))
                .is_ok()
    }

    async fn update(mut self, change: Change, then: Option<Outgoing>) -> Option<Sent> {
        let Some(pressed) = self.target.pressed else {
            tracing::warn!("an update answers only a button's press");
            return match then {
                Some(then) => self.post(then).await,
                None => None,
            };
        };
        let shows = change.shows();
        let closes_files = pressed.has_files && matches!(change, Change::Close { .. });
        let late = self.stage != Stage::Fresh && self.target.lifetime.late();
        let changed = match self.stage {
            _ if late => {
                // The token is too old: the message changes through its channel, where the
                // bot may post.
                self.edit_in_channel(pressed, change).await
            }
            Stage::Fresh if !closes_files => {
                let update = CreateInteractionResponse::UpdateMessage(change.update());
                self.callback(update, Stage::Acknowledged).await
            }
            Stage::Fresh => {
                let acknowledged = CreateInteractionResponse::Acknowledge;
                self.callback(acknowledged, Stage::Acknowledged).await
                    && self.edit(change.edit()).await.is_some()
            }
            Stage::Acknowledged => self.edit(change.edit()).await.is_some(),
            Stage::Held { .. } => {
                // A private deferral stands: `@original` is it, not the pressed message, which
                // is edited through its channel (an ephemeral one cannot be, nor one where
                // the bot can only answer).
                let edited = self.edit_in_channel(pressed, change).await;
                if then.is_none() {
                    self.remove_original().await;
                }
                edited
            }
        };
        match then {
            Some(then) => self.post(then).await,
            None => changed.then(|| self.sent(shows, None)),
        }
    }
}

/// Answers `target` with what `work` produces. When the work outlasts `defer_after` the
/// interaction is deferred first, privately when `early` says by then that the answer is
/// private. A zero `defer_after` defers whatever the work has not finished on its first poll.
/// Returns what the answer posted, once Discord took it.
pub async fn answer<A: Into<Answer>>(
    http: &Http,
    target: &Target,
    defer_after: Duration,
    early: &EarlyPrivacy,
    work: impl Future<Output = A>,
) -> Option<Sent> {
    let (_quiet, silence) = watch::channel(None);
    answer_watching(http, target, defer_after, early, silence, work).await
}

/// [`answer`] for work that says how far it has come in `progress`: once deferred, the
/// deferred response shows the latest of it, edited at most once per [`PROGRESS_EVERY`],
/// until the work answers.
pub async fn answer_watching<A: Into<Answer>>(
    http: &Http,
    target: &Target,
    defer_after: Duration,
    early: &EarlyPrivacy,
    mut progress: watch::Receiver<Option<String>>,
    work: impl Future<Output = A>,
) -> Option<Sent> {
    let mut work = pin!(work);
    let mut responder = Responder::new(http, target);
    let quick = if defer_after.is_zero() {
        // Polled once only: a timer of zero would still let the work run until its next tick.
        match std::future::poll_fn(|cx| Poll::Ready(work.as_mut().poll(cx))).await {
            Poll::Ready(answer) => Some(answer),
            Poll::Pending => None,
        }
    } else {
        tokio::time::timeout(defer_after, &mut work).await.ok()
    };
    let answer = match quick {
        Some(answer) => answer,
        None => {
            responder.defer(early.is_private()).await;
            'waiting: loop {
                tokio::select! {
                    answer = &mut work => break 'waiting answer,
                    changed = progress.changed() => {
                        if changed.is_err() {
                            break 'waiting (&mut work).await;
                        }
                        let text = progress.borrow_and_update().clone();
                        if let Some(text) = text {
                            responder.progress(text).await;
                        }
                        tokio::select! {
                            answer = &mut work => break 'waiting answer,
                            () = tokio::time::sleep(PROGRESS_EVERY) => {}
                        }
                    }
                }
            }
        }
    };
    responder.finish(answer).await
}
