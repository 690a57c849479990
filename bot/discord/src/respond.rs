//! Answering an interaction as Discord allows: one first response within three seconds (at
//! once when the work is quick, else a deferral, "thinking…"), then edits and follow-ups.
//!
//! Discord's rules shape this module: the deferral decides the visibility of the answer (the
//! ephemeral flag of the first follow-up is ignored), an edit of the original response notifies
//! nobody, and a follow-up after the deferred response was deleted can fail. So the visibility
//! is decided before deferring where it is known, a mismatch is resolved by editing the
//! original first and then following up with the right visibility, and pings of an edited
//! answer go out in a follow-up of their own. Long work (a review) may edit its deferred
//! response with how far it has come meanwhile, at most once per [`PROGRESS_EVERY`].

use std::future::Future;
use std::pin::pin;
use std::task::Poll;
use std::time::Duration;

use serenity::all::{
    Builder, CreateAllowedMentions, CreateInteractionResponse, CreateInteractionResponseFollowup,
    CreateInteractionResponseMessage, EditInteractionResponse, Http, InteractionId, MessageId,
};

use tokio::sync::watch;

use super::langs::Langs;
use super::replies::Outgoing;
use domain::{EarlyPrivacy, GameId};
use present::i18n::{self, Surface};

/// Work that has not answered by then is deferred; Discord allows three seconds.
pub const DEFER_AFTER: Duration = Duration::from_millis(1500);

/// The least time between two edits of a deferred response saying how far the work has
/// come: Discord limits edits of one message to about five in five seconds.
pub const PROGRESS_EVERY: Duration = Duration::from_secs(2);

/// The interaction to answer: its id and token.
#[derive(Clone, Debug)]
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
}

/// How far an interaction's answer has come.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Stage {
    /// Nothing sent yet: the next answer is the interaction callback.
    Fresh,
    /// A first response (a deferral or a message) stands, private or public; the answer edits
    /// it.
    Held { private: bool },
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

    async fn callback(&mut self, response: CreateInteractionResponse, private: bool) -> bool {
        match response
            .execute(self.http, (self.target.id, &self.target.token))
            .await
        {
            Ok(()) => {
                self.stage = Stage::Held { private };
                true
            }
            Err(error) => {
                tracing::warn!(%error, "could not answer an interaction");
                false
            }
        }
    }

    /// Defers ("thinking…"), privately or publicly: the answer will have that visibility.
    pub async fn defer(&mut self, private: bool) {
        let thinking = CreateInteractionResponseMessage::new().ephemeral(private);
        self.callback(CreateInteractionResponse::Defer(thinking), private)
            .await;
    }

    /// Answers with `outgoing` now, as a first response that [`Responder::finish`] may replace
    /// later (a challenge whose thread is still being opened). True when Discord took it.
    pub async fn hold(&mut self, outgoing: Outgoing) -> bool {
        let outgoing = outgoing.with_attachment_limit(self.target.attachment_limit);
        let private = outgoing.ephemeral;
        self.callback(
            CreateInteractionResponse::Message(outgoing.interaction()),
            private,
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
    /// before a first response stands.
    pub async fn progress(&self, text: String) {
        if let Stage::Held { .. } = self.stage {
            self.edit(EditInteractionResponse::new().content(text))
                .await;
        }
    }

    async fn edit(&self, edit: EditInteractionResponse) -> bool {
        match edit.execute(self.http, &self.target.token).await {
            Ok(_) => true,
            Err(error) => {
                tracing::warn!(%error, "could not complete an interaction's response");
                false
            }
        }
    }

    async fn follow_up(&self, followup: CreateInteractionResponseFollowup) -> bool {
        match followup
            .execute(self.http, (None, &self.target.token))
            .await
        {
            Ok(_) => true,
            Err(error) => {
                tracing::warn!(%error, "could not send an interaction follow-up");
                false
            }
        }
    }

    /// Gives the final answer: the interaction callback when nothing was sent, else an edit
    /// of the standing response, with follow-ups where the edit alone would show the answer
    /// to the wrong people or ping nobody. True when Discord took the answer.
    pub async fn finish(self, outgoing: Outgoing) -> bool {
        let outgoing = outgoing.with_attachment_limit(self.target.attachment_limit);
        let Stage::Held { private } = self.stage else {
            let mut fresh = self;
            let private = outgoing.ephemeral;
            return fresh
                .callback(
                    CreateInteractionResponse::Message(outgoing.interaction()),
                    private,
                )
                .await;
        };
        match (private, outgoing.ephemeral) {
            (true, true) => self.edit(outgoing.edit()).await,
            (false, false) => {
                let pings = outgoing.ping_line();
                let edited = self.edit(outgoing.edit()).await;
                if edited && let Some((content, users)) = pings {
                    // An edit notifies nobody: the ping goes out as a new message.
                    let ping = CreateInteractionResponseFollowup::new()
                        .content(content)
                        .allowed_mentions(CreateAllowedMentions::new().users(users));
                    self.follow_up(ping).await;
                }
                edited
            }
            (false, true) => {
                // The public deferral is completed first (the first follow-up would take its
                // visibility), then the private answer follows, then the placeholder goes.
                // What a private answer leaves in the public deferral before it is removed.
                let note = i18n::plain(
                    self.target.langs.public,
                    Surface::Discord,
                    "front-answered-privately",
                );
                let placeholder = EditInteractionResponse::new()
                    .content(note)
                    .components(Vec::new());
                if !self.edit(placeholder).await {
                    return false;
                }
                let sent = self.follow_up(outgoing.followup()).await;
                if let Err(error) = self
                    .http
                    .delete_original_interaction_response(&self.target.token)
                    .await
                {
                    tracing::debug!(%error, "could not remove a placeholder response");
                }
                sent
            }
            (true, false) => {
                let note = i18n::plain(
                    self.target.langs.private,
                    Surface::Discord,
                    "front-answered-publicly",
                );
                let note = EditInteractionResponse::new().content(note);
                self.edit(note).await && self.follow_up(outgoing.followup()).await
            }
        }
    }
}

/// Answers `target` with what `work` produces. When the work outlasts `defer_after` the
/// interaction is deferred first, privately when `early` says by then that the answer is
/// private. A zero `defer_after` defers whatever the work has not finished on its first poll.
/// Returns the game whose turns the answer showed its players when Discord took it (see
/// [`Outgoing::announces`]).
pub async fn answer(
    http: &Http,
    target: &Target,
    defer_after: Duration,
    early: &EarlyPrivacy,
    work: impl Future<Output = Outgoing>,
) -> Option<(GameId, usize)> {
    let (_quiet, silence) = watch::channel(None);
    answer_watching(http, target, defer_after, early, silence, work).await
}

/// [`answer`] for work that says how far it has come in `progress`: once deferred, the
/// deferred response shows the latest of it, edited at most once per [`PROGRESS_EVERY`],
/// until the work answers.
pub async fn answer_watching(
    http: &Http,
    target: &Target,
    defer_after: Duration,
    early: &EarlyPrivacy,
    mut progress: watch::Receiver<Option<String>>,
    work: impl Future<Output = Outgoing>,
) -> Option<(GameId, usize)> {
    let mut work = pin!(work);
    let mut responder = Responder::new(http, target);
    let quick = if defer_after.is_zero() {
        // Polled once only: a timer of zero would still let the work run until its next tick.
        match std::future::poll_fn(|cx| Poll::Ready(work.as_mut().poll(cx))).await {
            Poll::Ready(outgoing) => Some(outgoing),
            Poll::Pending => None,
        }
    } else {
        tokio::time::timeout(defer_after, &mut work).await.ok()
    };
    let outgoing = match quick {
        Some(outgoing) => outgoing,
        None => {
            responder.defer(early.is_private()).await;
            'waiting: loop {
                tokio::select! {
                    outgoing = &mut work => break 'waiting outgoing,
                    changed = progress.changed() => {
                        if changed.is_err() {
                            break 'waiting (&mut work).await;
                        }
                        let text = progress.borrow_and_update().clone();
                        if let Some(text) = text {
                            responder.progress(text).await;
                        }
                        tokio::select! {
                            outgoing = &mut work => break 'waiting outgoing,
                            () = tokio::time::sleep(PROGRESS_EVERY) => {}
                        }
                    }
                }
            }
        }
    };
    let announces = outgoing.announces;
    if responder.finish(outgoing).await {
        announces
    } else {
        None
    }
}
