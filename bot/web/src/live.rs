//! Live updates: each page listens to a stream of server-sent events, one `changed` event when
//! it connects and one each time its game's stored state changes. The page then asks for the
//! state again, so a page that reconnects catches up from wherever it was.

use std::convert::Infallible;
use std::time::Duration;

use axum::extract::{Path, State};
use axum::http::HeaderMap;
use axum::response::sse::{Event, KeepAlive, Sse};
use axum::response::{IntoResponse, Response};
use domain::GameId;
use tokio::sync::broadcast::error::RecvError;
use tokio::sync::{broadcast, watch};

use crate::WebFront;

/// How often an idle stream sends a comment, so proxies keep it open.
const KEEP_ALIVE: Duration = Duration::from_secs(15);

/// Where a page's stream stands.
struct Listening {
    game: GameId,
    changes: broadcast::Receiver<Option<GameId>>,
    stopping: watch::Receiver<bool>,
    greeted: bool,
}

/// `GET /g/ADDRESS/events`: the stream of the game's changes.
pub(crate) async fn events(
    State(web): State<WebFront>,
    Path(address): Path<String>,
    headers: HeaderMap,
) -> Response {
    let reader = web.reader(&headers);
    let sight = match web.sight(&address, reader).await {
        Ok(sight) => sight,
        Err(response) => return response,
    };
    let start = Listening {
        game: sight.id(),
        changes: web.inner.service.changes(),
        stopping: web.inner.stopping.subscribe(),
        greeted: false,
    };
    let stream = futures_util::stream::unfold(start, |mut at| async move {
        let changed = || Ok::<Event, Infallible>(Event::default().event("changed").data("1"));
        if !at.greeted {
            at.greeted = true;
            return Some((changed(), at));
        }
        loop {
            let got = tokio::select! {
                got = at.changes.recv() => got,
                _ = at.stopping.wait_for(|stop| *stop) => return None,
            };
            match got {
                Ok(Some(id)) if id == at.game => return Some((changed(), at)),
                Ok(Some(_)) => {}
                // Changes were missed (here or in another process): the game may be among them.
                Ok(None) | Err(RecvError::Lagged(_)) => return Some((changed(), at)),
                Err(RecvError::Closed) => return None,
            }
        }
    });
    Sse::new(stream)
        .keep_alive(KeepAlive::new().interval(KEEP_ALIVE))
        .into_response()
}
