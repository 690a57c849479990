//! Playing from the page: a play link exchanged once for a session cookie, and each action a
//! signed-in player takes (a turn, resigning, offers) carried out as a command of the game
//! service in the game's own channel. The service checks the seat as for every front; what
//! the channel must be told is handed to the channel's front.

use std::net::SocketAddr;

use axum::extract::{ConnectInfo, Path, State};
use axum::http::{HeaderMap, StatusCode, header};
use axum::response::{Html, IntoResponse, Redirect, Response};
use domain::{Action, Command, DrawAction, Locale, Notice, TakebackAction, User};
use present::i18n::{self, Surface};
use serde::{Deserialize, Serialize};

use crate::{SESSION_TTL_MS, WebFront, assets, guard, lang_of};

/// The session cookie's name.
pub(crate) const SESSION_COOKIE: &str = "nadare_session";

/// The longest turn the text field sends (longer input is refused unread).
const MAX_TURN_CHARS: usize = 64;

/// An action asked of the page.
#[derive(Debug, Deserialize)]
pub(crate) struct Ask {
    /// What: `turn`, `resign`, `draw-offer`, `draw-accept`, `draw-decline`,
    /// `takeback-offer`, `takeback-accept`, `takeback-decline`.
    #[serde(rename = "do")]
    what: String,
    /// The turn, in nadare's notation (for `turn`).
    #[serde(default)]
    turn: Option<String>,
    /// A push that loses the game is meant (for `turn`).
    #[serde(default)]
    confirm: bool,
}

/// How an action went.
#[derive(Debug, Serialize)]
struct Answer {
    /// Whether it was done.
    ok: bool,
    /// What the player is told, in their language (why not, or what it asks next).
    message: Option<String>,
}

/// The answer `status`: done or not, with what the player is told.
fn answer(status: StatusCode, ok: bool, message: Option<String>) -> Response {
    (
        status,
        [(header::CACHE_CONTROL, "no-store")],
        axum::Json(Answer { ok, message }),
    )
        .into_response()
}

/// The command an action names.
fn command_of(ask: &Ask) -> Option<Command> {
    Some(match ask.what.as_str() {
        "turn" => Command::Move(ask.turn.clone()?),
        "resign" => Command::Resign,
        "draw-offer" => Command::Draw(DrawAction::Offer),
        "draw-accept" => Command::Draw(DrawAction::Accept),
        "draw-decline" => Command::Draw(DrawAction::Decline),
        "takeback-offer" => Command::Takeback(TakebackAction::Offer),
        "takeback-accept" => Command::Takeback(TakebackAction::Accept),
        "takeback-decline" => Command::Takeback(TakebackAction::Decline),
        _ => return None,
    })
}

/// `POST /g/ADDRESS/act`: an action of the signed-in player.
pub(crate) async fn act(
    State(web): State<WebFront>,
    Path(address): Path<String>,
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
    headers: HeaderMap,
    body: axum::body::Bytes,
) -> Response {
    let lang = lang_of(&headers);
    let say = |key: &str| Some(i18n::plain(lang, Surface::Console, key));
    if !guard::same_origin(&headers, &web.inner.public_url) {
        return answer(StatusCode::FORBIDDEN, false, say("page-other-site"));
    }
    let Some(reader) = web.reader(&headers) else {
        return answer(StatusCode::FORBIDDEN, false, say("page-sign-in"));
    };
    let from = guard::client(peer, &headers).to_string();
    if !web.inner.per_player.allow(&reader.to_string()) || !web.inner.per_address.allow(&from) {
        return answer(StatusCode::TOO_MANY_REQUESTS, false, say("page-too-fast"));
    }
    let sight = match web.sight(&address, Some(reader)).await {
        Ok(sight) => sight,
        Err(response) => return response,
    };
    if !sight.is_player(reader) {
        return answer(StatusCode::FORBIDDEN, false, say("page-not-yours"));
    }
    let Ok(ask) = serde_json::from_slice::<Ask>(&body) else {
        return answer(StatusCode::BAD_REQUEST, false, say("page-bad-request"));
    };
    if ask
        .turn
        .as_ref()
        .is_some_and(|t| t.chars().count() > MAX_TURN_CHARS)
    {
        return answer(StatusCode::BAD_REQUEST, false, say("page-bad-request"));
    }
    let Some(command) = command_of(&ask) else {
        return answer(StatusCode::BAD_REQUEST, false, say("page-bad-request"));
    };
    let row = &sight.row;
    let name = if row.white.id == reader {
        row.white.name.clone()
    } else {
        row.black.name.clone()
    };
    let user = User { id: reader, name };
    let locale = Locale {
        user: Some(lang),
        server: None,
    };
    let service = &web.inner.service;
    let game = sight.id();
    let mut reply = service
        .execute_on(game, user.clone(), locale, command)
        .await;
    if ask.confirm && reply.private && reply.actions.contains(&Action::ConfirmPush) {
        reply = service
            .execute_on(game, user, locale, Command::ConfirmPush)
            .await;
    }
    if reply.private {
        let text = present::reply_text(&reply, Surface::Console);
        return answer(StatusCode::OK, false, Some(text));
    }
    service.tell_channel(Notice {
        channel: row.channel,
        reply,
    });
    answer(StatusCode::OK, true, None)
}

/// `GET /play/TOKEN`: a page that exchanges the link for a session when a browser opens it
/// (a form the page sends itself). Link previews fetch this too, and must not use it up.
pub(crate) async fn redeem_page(Path(token): Path<String>, headers: HeaderMap) -> Response {
    let lang = lang_of(&headers);
    (
        [(header::CACHE_CONTROL, "no-store")],
        Html(assets::redeem_page(&token, lang)),
    )
        .into_response()
}

/// `POST /play/TOKEN`: spends the link once, sets the session cookie and sends the browser on
/// to the game's page; its player, signed in already, is sent on at once.
pub(crate) async fn redeem(
    State(web): State<WebFront>,
    Path(token): Path<String>,
    headers: HeaderMap,
) -> Response {
    let lang = lang_of(&headers);
    if !guard::same_origin(&headers, &web.inner.public_url) {
        return (
            StatusCode::FORBIDDEN,
            Html(assets::note_page(lang, "page-other-site")),
        )
            .into_response();
    }
    let refused = |key: &str| {
        (
            StatusCode::FORBIDDEN,
            [(header::CACHE_CONTROL, "no-store")],
            Html(assets::note_page(lang, key)),
        )
            .into_response()
    };
    let inner = &web.inner;
    let Some((pass, nonce)) = inner.keys.read_play(&token) else {
        return refused("page-link-bad");
    };
    let to = format!("/g/{}", inner.keys.page(pass.game));
    // Its player, signed in already (the link opened again, in another tab): on to the game.
    if web.reader(&headers) == Some(pass.user) {
        return Redirect::to(&to).into_response();
    }
    if pass.expires_ms <= inner.service.now_ms() {
        return refused("page-link-expired");
    }
    match inner.service.spend_token(&nonce, pass.expires_ms).await {
        Ok(true) => {}
        Ok(false) => return refused("page-link-used"),
        Err(e) => {
            tracing::error!(error = %e, "could not spend a play link");
            return (
                StatusCode::SERVICE_UNAVAILABLE,
                Html(assets::note_page(lang, "page-unavailable")),
            )
                .into_response();
        }
    }
    let expires = inner.service.now_ms().saturating_add(SESSION_TTL_MS);
    let value = inner.keys.session(pass.user, expires);
    let secure = if inner.secure { "; Secure" } else { "" };
    let cookie = format!(
        "{SESSION_COOKIE}={value}; Path=/; Max-Age={}; HttpOnly; SameSite=Lax{secure}",
        SESSION_TTL_MS / 1000
    );
    ([(header::SET_COOKIE, cookie)], Redirect::to(&to)).into_response()
}
