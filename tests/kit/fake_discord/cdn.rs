//! The fake Discord's CDN: players' pictures at the paths Discord serves them from, refusing
//! what Discord's CDN refuses (a size that is not a power of two from 16 to 4096, an unknown
//! format or picture), with Discord's default pictures built in.

use std::collections::HashMap;

use axum::extract::{Path, RawQuery, State};
use axum::http::{StatusCode, header};
use axum::response::{IntoResponse, Response};
use std::sync::Arc;

use super::Shared;

/// Discord's default picture, served for `embed/avatars/0.png` to `5.png`.
const DEFAULT_PICTURE: &[u8] = include_bytes!("default_avatar.png");

/// A request to the CDN, as the fake saw it.
#[derive(Clone, Debug)]
pub struct CdnCall {
    /// The path under the CDN's root, without the query (`avatars/1/abc.png`).
    pub path: String,
    /// The `size` asked.
    pub size: Option<u32>,
    /// The status answered.
    pub status: u16,
}

/// The pictures the tests put on the CDN, by path without the extension
/// (`avatars/USER/HASH`), and the calls made.
#[derive(Default)]
pub(super) struct Cdn {
    pub(super) pictures: HashMap<String, Vec<u8>>,
    pub(super) calls: Vec<CdnCall>,
}

/// `GET /cdn/{path}`: a picture, or Discord's refusal.
pub(super) async fn serve(
    State(shared): State<Arc<Shared>>,
    Path(path): Path<String>,
    RawQuery(query): RawQuery,
) -> Response {
    let size = query.as_deref().and_then(|q| {
        q.split('&')
            .find_map(|pair| pair.strip_prefix("size="))
            .and_then(|s| s.parse::<u32>().ok())
    });
    let response = picture(&shared, &path, query.as_deref(), size);
    let mut inner = shared.lock();
    inner.cdn.calls.push(CdnCall {
        path,
        size,
        status: response.status().as_u16(),
    });
    drop(inner);
    shared.bump();
    response
}

fn picture(shared: &Shared, path: &str, query: Option<&str>, size: Option<u32>) -> Response {
    if query.is_some_and(|q| q.contains("size=")) && !size.is_some_and(valid_size) {
        return (StatusCode::BAD_REQUEST, "invalid size").into_response();
    }
    let Some((stem, ext)) = path.rsplit_once('.') else {
        return StatusCode::NOT_FOUND.into_response();
    };
    if !matches!(ext, "png" | "jpg" | "jpeg" | "webp" | "gif") {
        return (StatusCode::BAD_REQUEST, "invalid format").into_response();
    }
    let segments: Vec<&str> = stem.split('/').collect();
    let known = match segments.as_slice() {
        ["embed", "avatars", n] if ext == "png" => n
            .parse::<u8>()
            .ok()
            .filter(|n| *n < 6)
            .map(|_| DEFAULT_PICTURE.to_vec()),
        ["avatars", _, _] | ["guilds", _, "users", _, "avatars", _] => {
            shared.lock().cdn.pictures.get(stem).cloned()
        }
        _ => None,
    };
    match known {
        Some(bytes) => ([(header::CONTENT_TYPE, "image/png")], bytes).into_response(),
        None => StatusCode::NOT_FOUND.into_response(),
    }
}

/// The sizes Discord's CDN serves: powers of two from 16 to 4096.
fn valid_size(size: u32) -> bool {
    size.is_power_of_two() && (16..=4096).contains(&size)
}
