//! The web front of nadare: every game has a live page at an unguessable address, which anyone
//! may watch (a game outside a server: its players only) and its players play by click, tap
//! or typed notation. It is a front like Discord and the console: a turn made here is a
//! `Command` through the game service, stored before it is announced, and the game's own
//! channel is told of it as of every turn.
//!
//! [`WebFront`] is an axum router served in the bot's own runtime: `GET /g/ADDRESS` (the page),
//! `…/state` (the game as JSON, see `view`), `…/events` (server-sent events, one per change),
//! `POST …/act` (a turn or an offer), and `GET /play/TOKEN` (a play link, exchanged once for a
//! session cookie). The rules stay on the server: the page is sent every legal turn.

mod assets;
mod guard;
mod keys;
mod live;
mod play;
mod view;

use std::sync::Arc;

use axum::Router;
use axum::extract::{Path, State};
use axum::http::{HeaderMap, StatusCode, header};
use axum::response::{Html, IntoResponse, Response};
use axum::routing::{get, post};
use domain::{GameId, Sight, UserId, WebLinks};
use present::i18n::Lang;
use service::GameService;

pub use guard::{MAX_WATCHERS, MAX_WATCHERS_PER_ADDRESS};
pub use keys::{KeyError, Keys, MIN_KEY_BYTES, fresh_key};

/// The name the signing key is stored under when nadare makes it.
pub const KEY_NAME: &str = "web-signing-key";

/// How long a play link is good for.
const PLAY_LINK_TTL_MS: i64 = domain::PLAY_LINK_MINUTES as i64 * 60 * 1000;

/// The actions a player may take at once (a turn and its confirmation, offers…).
const ACTIONS_BURST: u32 = 8;

/// The actions a player may take per second after a burst; an address may take four times
/// as many (players behind one router).
const ACTIONS_PER_SECOND: f64 = 2.0;

/// The largest request body read (an action is a few dozen bytes).
const MAX_BODY: usize = 4 * 1024;

/// How long a session cookie is good for.
const SESSION_TTL_MS: i64 = 30 * 24 * 60 * 60 * 1000;

/// Where the web front is reached and what it signs with.
#[derive(Clone)]
pub struct WebFront {
    inner: Arc<Inner>,
}

struct Inner {
    service: GameService,
    keys: Keys,
    /// The address players reach (`https://…`, no trailing slash); links are made on it.
    public_url: String,
    /// Whether cookies are marked `Secure` (the public address is https).
    secure: bool,
    assets: assets::Assets,
    /// Raised when the server stops: live streams end, so the server can.
    stopping: tokio::sync::watch::Sender<bool>,
    /// Where players' pictures are found (the Discord front's, or the console's), once known.
    pictures: std::sync::OnceLock<Arc<dyn present::Pictures>>,
    /// The live pages open, bounded.
    watchers: Arc<guard::Watchers>,
    /// Actions per player.
    per_player: guard::Rate,
    /// Actions per address.
    per_address: guard::Rate,
}

impl std::fmt::Debug for WebFront {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("WebFront")
            .field("public_url", &self.inner.public_url)
            .finish_non_exhaustive()
    }
}

/// Why the web front cannot start.
#[derive(Debug, thiserror::Error)]
pub enum WebError {
    /// The signing key is unusable.
    #[error(transparent)]
    Key(#[from] KeyError),
    /// The stored key could not be read or kept.
    #[error("the web signing key could not be kept in the database: {0}")]
    Store(#[from] service::ServiceError),
    /// The board's artwork could not be drawn.
    #[error("the board's artwork could not be prepared: {0}")]
    Art(#[from] render::RenderError),
}

impl WebFront {
    /// The web front of `service`, signing with `key` (or, without one, the key stored in the
    /// database, made there on first start), making links on `public_url`.
    pub async fn new(
        service: GameService,
        key: Option<&str>,
        public_url: &str,
        theme: render::Theme,
    ) -> Result<WebFront, WebError> {
        let key = match key {
            Some(key) => key.to_owned(),
            None => service.keep_secret(KEY_NAME, &fresh_key()?).await?,
        };
        let public_url = public_url.trim_end_matches('/').to_owned();
        Ok(WebFront {
            inner: Arc::new(Inner {
                service,
                keys: Keys::new(&key)?,
                secure: public_url.starts_with("https://"),
                public_url,
                assets: assets::Assets::new(theme)?,
                stopping: tokio::sync::watch::channel(false).0,
                pictures: std::sync::OnceLock::new(),
                watchers: Arc::new(guard::Watchers::new(MAX_WATCHERS_PER_ADDRESS, MAX_WATCHERS)),
                per_player: guard::Rate::new(ACTIONS_BURST, ACTIONS_PER_SECOND),
                per_address: guard::Rate::new(4 * ACTIONS_BURST, 4.0 * ACTIONS_PER_SECOND),
            }),
        })
    }

    /// The router serving every page, to serve on a listener of the caller's.
    pub fn router(&self) -> Router {
        Router::new()
            .route("/", get(assets::home))
            .route("/assets/{name}", get(assets::asset))
            .route("/g/{address}", get(page))
            .route("/g/{address}/state", get(state))
            .route("/g/{address}/events", get(live::events))
            .route("/g/{address}/act", post(play::act))
            .route("/g/{address}/face/{side}", get(face))
            .route("/play/{token}", get(play::redeem_page).post(play::redeem))
            .layer(axum::extract::DefaultBodyLimit::max(MAX_BODY))
            .layer(axum::middleware::from_fn(guard::headers))
            .with_state(self.clone())
    }

    /// Serves the pages on `listener` until `stop` resolves.
    pub async fn serve(
        &self,
        listener: tokio::net::TcpListener,
        stop: impl Future<Output = ()> + Send + 'static,
    ) -> std::io::Result<()> {
        let stopping = self.inner.stopping.clone();
        let stop = async move {
            stop.await;
            stopping.send_replace(true);
        };
        let app = self
            .router()
            .into_make_service_with_connect_info::<std::net::SocketAddr>();
        axum::serve(listener, app)
            .with_graceful_shutdown(stop)
            .await
    }

    /// From now on, at most `per_address` live pages per address and `total` in all; more are
    /// answered 503 with the reason.
    pub fn limit_watchers(&self, per_address: usize, total: usize) {
        self.inner.watchers.limit(per_address, total);
    }

    /// Shows players' pictures from `pictures` (the front that finds them), from now on. A
    /// second call changes nothing.
    pub fn show_pictures(&self, pictures: Arc<dyn present::Pictures>) {
        let _ = self.inner.pictures.set(pictures);
    }

    /// The links other fronts put on boards.
    pub fn links(&self) -> Arc<dyn WebLinks> {
        Arc::new(self.clone())
    }

    /// The game of a page address, if it is one.
    fn game_of(&self, address: &str) -> Option<GameId> {
        self.inner.keys.game_of(address)
    }

    /// The game at `address`, if `reader` may see it.
    async fn sight(&self, address: &str, reader: Option<UserId>) -> Result<Sight, Response> {
        let Some(game) = self.game_of(address) else {
            return Err(not_found());
        };
        match self.inner.service.sight(game).await {
            Some(sight) if !sight.is_private() || reader.is_some_and(|r| sight.is_player(r)) => {
                Ok(sight)
            }
            _ => Err(not_found()),
        }
    }

    /// The signed-in user of a request, from its session cookie.
    fn reader(&self, headers: &HeaderMap) -> Option<UserId> {
        let now = self.inner.service.now_ms();
        cookies(headers)
            .find(|(name, _)| *name == play::SESSION_COOKIE)
            .and_then(|(_, value)| self.inner.keys.read_session(value, now))
    }
}

impl WebLinks for WebFront {
    fn watch(&self, game: GameId) -> String {
        format!("{}/g/{}", self.inner.public_url, self.inner.keys.page(game))
    }

    fn play(&self, game: GameId, user: UserId) -> String {
        let expires = self.inner.service.now_ms().saturating_add(PLAY_LINK_TTL_MS);
        let token = self.inner.keys.play_token(game, user, expires);
        format!("{}/play/{token}", self.inner.public_url)
    }
}

/// The cookies a request carries, as (name, value).
fn cookies(headers: &HeaderMap) -> impl Iterator<Item = (&str, &str)> {
    headers
        .get_all(header::COOKIE)
        .into_iter()
        .filter_map(|v| v.to_str().ok())
        .flat_map(|v| v.split(';'))
        .filter_map(|pair| pair.trim().split_once('='))
}

/// The reader's language, from the `Accept-Language` header (English by default).
fn lang_of(headers: &HeaderMap) -> Lang {
    headers
        .get(header::ACCEPT_LANGUAGE)
        .and_then(|v| v.to_str().ok())
        .into_iter()
        .flat_map(|v| v.split(','))
        .filter_map(|part| part.split(';').next())
        .find_map(|tag| Lang::from_locale(tag.trim()))
        .unwrap_or_default()
}

/// The answer to an address that is no game the reader may see.
fn not_found() -> Response {
    (
        StatusCode::NOT_FOUND,
        [(header::CACHE_CONTROL, "no-store")],
        Html(assets::not_found_page()),
    )
        .into_response()
}

/// `GET /g/ADDRESS`: the page (it asks for the game's state itself).
async fn page(
    State(web): State<WebFront>,
    Path(address): Path<String>,
    headers: HeaderMap,
) -> Response {
    let reader = web.reader(&headers);
    match web.sight(&address, reader).await {
        Ok(sight) => {
            let lang = lang_of(&headers);
            web.inner.assets.page(&sight, lang).into_response()
        }
        Err(response) => response,
    }
}

/// What a page asks of a game's state: its positions from `from` on (it has the earlier).
#[derive(Debug, Default, serde::Deserialize)]
struct StateAsk {
    #[serde(default)]
    from: usize,
}

/// `GET /g/ADDRESS/state[?from=N]`: the game as JSON, for the reader.
async fn state(
    State(web): State<WebFront>,
    Path(address): Path<String>,
    axum::extract::Query(ask): axum::extract::Query<StateAsk>,
    headers: HeaderMap,
) -> Response {
    let reader = web.reader(&headers);
    match web.sight(&address, reader).await {
        Ok(sight) => {
            let lang = lang_of(&headers);
            let view = view::View::of(&sight, reader, lang, ask.from);
            ([(header::CACHE_CONTROL, "no-store")], axum::Json(view)).into_response()
        }
        Err(response) => response,
    }
}

/// `GET /g/ADDRESS/face/white.png` (or `black.png`): the player's picture, as the boards show
/// it; 404 when there is none at hand (the page shows an initial).
async fn face(
    State(web): State<WebFront>,
    Path((address, side)): Path<(String, String)>,
    headers: HeaderMap,
) -> Response {
    let reader = web.reader(&headers);
    let sight = match web.sight(&address, reader).await {
        Ok(sight) => sight,
        Err(response) => return response,
    };
    let user = match side.as_str() {
        "white.png" => sight.row.white.id,
        "black.png" => sight.row.black.id,
        _ => return StatusCode::NOT_FOUND.into_response(),
    };
    let Some(pictures) = web.inner.pictures.get() else {
        return StatusCode::NOT_FOUND.into_response();
    };
    let Some(picture) = present::picture_of(pictures.as_ref(), sight.row.guild, user) else {
        return StatusCode::NOT_FOUND.into_response();
    };
    match tokio::task::spawn_blocking(move || picture.png()).await {
        Ok(Ok(png)) => (
            [
                (header::CONTENT_TYPE, "image/png"),
                (header::CACHE_CONTROL, "private, max-age=300"),
            ],
            png,
        )
            .into_response(),
        Ok(Err(e)) => {
            tracing::warn!(error = %e, "a player's picture could not be encoded");
            StatusCode::NOT_FOUND.into_response()
        }
        Err(e) => {
            tracing::warn!(error = %e, "encoding a player's picture failed");
            StatusCode::NOT_FOUND.into_response()
        }
    }
}
