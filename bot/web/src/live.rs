//! Live updates: each page listens to a stream of server-sent events, one `changed` event when
//! it connects and one each time its game's stored state changes. The page then asks for the
//! state again, so a page that reconnects catches up from wherever it was.

use std::convert::Infallible;
use std::time::Duration;

use std::net::SocketAddr;

use axum::extract::{ConnectInfo, Path, State};
use axum::http::{HeaderMap, StatusCode, header};
use axum::response::sse::{Event, KeepAlive, Sse};
use axum::response::{IntoResponse, Response};
use domain::GameId;
use tokio::sync::broadcast::error::RecvError;
use tokio::sync::{broadcast, watch};

use present::i18n::{self, Surface};

use crate::guard::{self, Full, Seat};
use crate::{WebFront, lang_of};

/// How often an idle stream sends a comment, so proxies keep it open.
const KEEP_ALIVE: Duration = Duration::from_secs(15);

/// Where a page's stream stands.
struct Listening {
    /// Its place among the live pages, given back when the stream ends.
    _seat: Seat,
    game: GameId,
    changes: broadcast::Receiver<Option<GameId>>,
    stopping: watch::Receiver<bool>,
    greeted: bool,
}

/// `GET /g/ADDRESS/events`: the stream of the game's changes, while there is room for it.
pub(crate) async fn events(
    State(web): State<WebFront>,
    Path(address): Path<String>,
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
    headers: HeaderMap,
) -> Response {
    let reader = web.reader(&headers);
    let sight = match web.sight(&address, reader).await {
        Ok(sight) => sight,
        Err(response) => return response,
    };
    let seat = match web.inner.watchers.seat(guard::client(peer, &headers)) {
        Ok(seat) => seat,
        Err(full) => {
            let key = match full {
                Full::Address => "page-full-address",
                Full::Board => "page-full",
            };
            let text = i18n::plain(lang_of(&headers), Surface::Console, key);
            return (
                StatusCode::SERVICE_UNAVAILABLE,
                [(header::RETRY_AFTER, "30")],
                text,
            )
                .into_response();
        }
    };
    let start = Listening {
        _seat: seat,
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
