//! Answering an interaction within Discord's three seconds: at once when the work is quick,
//! else deferred ("thinking…") and filled in when the work is done.

use std::future::Future;
use std::pin::pin;
use std::time::Duration;

use serenity::all::{
    Builder, CreateInteractionResponse, CreateInteractionResponseMessage, Http, InteractionId,
};

use super::replies::Outgoing;

/// Work that has not answered by then is deferred; Discord allows three seconds.
const DEFER_AFTER: Duration = Duration::from_millis(1500);

/// The interaction to answer: its id and token.
#[derive(Clone, Debug)]
pub struct Target {
    /// The interaction's id.
    pub id: InteractionId,
    /// The interaction's token (valid 15 minutes).
    pub token: String,
}

async fn respond(http: &Http, target: &Target, response: CreateInteractionResponse) {
    if let Err(error) = response.execute(http, (target.id, &target.token)).await {
        tracing::warn!(%error, "could not answer an interaction");
    }
}

/// Answers `target` with what `work` produces, deferring first if it takes long.
pub async fn answer(http: &Http, target: &Target, work: impl Future<Output = Outgoing>) {
    let mut work = pin!(work);
    let outgoing = match tokio::time::timeout(DEFER_AFTER, &mut work).await {
        Ok(outgoing) => {
            respond(
                http,
                target,
                CreateInteractionResponse::Message(outgoing.interaction()),
            )
            .await;
            return;
        }
        Err(_) => {
            let thinking = CreateInteractionResponseMessage::new();
            respond(http, target, CreateInteractionResponse::Defer(thinking)).await;
            work.await
        }
    };
    // A deferred response is public; a private answer replaces it with an ephemeral follow-up.
    let result = if outgoing.ephemeral {
        if let Err(error) = http
            .delete_original_interaction_response(&target.token)
            .await
        {
            tracing::warn!(%error, "could not remove a deferred response");
        }
        outgoing
            .followup()
            .execute(http, (None, &target.token))
            .await
            .map(drop)
    } else {
        outgoing.edit().execute(http, &target.token).await.map(drop)
    };
    if let Err(error) = result {
        tracing::warn!(%error, "could not complete a deferred interaction");
    }
}
