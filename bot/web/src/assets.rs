//! What the web front serves besides data: the game page's HTML (its words in the reader's
//! language), its script and style (embedded at build time), the pieces in the images' own
//! artwork and colours, and the short pages that say a link cannot be used.

use std::collections::HashMap;

use axum::extract::{Path, State};
use axum::http::{StatusCode, header};
use axum::response::{Html, IntoResponse, Response};
use domain::Sight;
use present::i18n::{self, Lang, Surface};

use crate::{WebFront, view};

/// The page's script.
const SCRIPT: &str = include_str!("../assets/game.js");

/// The script of the page a play link opens: it sends the link's form, once.
const REDEEM: &str = "document.getElementById('go').submit();\n";

/// The page's style, after the theme's colours.
const STYLE: &str = include_str!("../assets/game.css");

/// The page's HTML, with `{{…}}` holes filled by [`Assets::page`].
const PAGE: &str = include_str!("../assets/game.html");

/// What the page at an address that is no game (or one the reader may not see) says.
const NOT_FOUND: &str = "<h1>nadare</h1><p>No game here: the address is wrong, or the game is \
    private to its players (open it through the “Play on the web” button).</p>";

/// What the board's home page says.
const HOME: &str = "<h1>nadare</h1><p>Chess, Chess960 and Avalanche, played in Discord. Each \
    game has its own page here: follow the “Watch live” button under its board.</p>";

/// The prepared assets.
pub(crate) struct Assets {
    /// The style, the theme's colours first.
    style: String,
    /// Each piece's SVG by its name (`wK.svg`).
    pieces: HashMap<String, String>,
}

impl Assets {
    /// The assets in `theme`'s colours and artwork.
    pub(crate) fn new(theme: render::Theme) -> Result<Assets, render::RenderError> {
        let pieces = render::piece_svgs(theme)?
            .into_iter()
            .map(|(piece, svg)| {
                let color = match piece.color {
                    rules::Color::White => 'w',
                    rules::Color::Black => 'b',
                };
                (format!("{color}{}.svg", piece.role.upper_char()), svg)
            })
            .collect();
        Ok(Assets {
            style: format!("{}{STYLE}", render::board_css(theme)),
            pieces,
        })
    }

    /// The page of `sight`, in `lang`.
    pub(crate) fn page(&self, sight: &Sight, lang: Lang) -> Response {
        let title = format!(
            "{} — {} vs {}",
            present::kind_text(sight.kind, lang),
            sight.row.white.name,
            sight.row.black.name
        );
        let words = view::words(lang).to_string();
        let html = PAGE
            .replace("{{lang}}", lang.into())
            .replace("{{title}}", &escape(&title))
            .replace("{{words}}", &escape_script(&words));
        ([(header::CACHE_CONTROL, "no-store")], Html(html)).into_response()
    }
}

/// `GET /`: what the server is.
pub(crate) async fn home() -> Html<String> {
    Html(short_page("en", "", HOME))
}

/// The page an address that is no game answers.
pub(crate) fn not_found_page() -> String {
    short_page("en", "", NOT_FOUND)
}

/// A short page of the board's own (a note, a link's form) in `lang`: `head` added to its
/// head, `body` as its body, in the board's style.
fn short_page(lang: &str, head: &str, body: &str) -> String {
    format!(
        "<!doctype html><html lang=\"{lang}\"><meta charset=\"utf-8\">\
         <meta name=\"viewport\" content=\"width=device-width,initial-scale=1\">\
         <title>nadare</title><link rel=\"stylesheet\" href=\"/assets/game.css\">{head}\
         <body class=\"note\">{body}</body></html>"
    )
}

/// `GET /assets/NAME`: the script, the style or a piece.
pub(crate) async fn asset(State(web): State<WebFront>, Path(name): Path<String>) -> Response {
    let assets = &web.inner.assets;
    let (kind, body) = match name.as_str() {
        "game.js" => ("text/javascript; charset=utf-8", SCRIPT.to_owned()),
        "redeem.js" => ("text/javascript; charset=utf-8", REDEEM.to_owned()),
        "game.css" => ("text/css; charset=utf-8", assets.style.clone()),
        piece => match assets.pieces.get(piece) {
            Some(svg) => ("image/svg+xml", svg.clone()),
            None => return StatusCode::NOT_FOUND.into_response(),
        },
    };
    (
        [
            (header::CONTENT_TYPE, kind),
            (header::CACHE_CONTROL, "public, max-age=3600"),
        ],
        body,
    )
        .into_response()
}

/// The page a play link opens: its script sends it as a form, so a browser uses the link and a
/// link preview (which runs no script) does not.
pub(crate) fn redeem_page(token: &str, lang: Lang) -> String {
    let go = escape(&i18n::plain(lang, Surface::Console, "page-link-continue"));
    let form = format!(
        "<form id=\"go\" method=\"post\" action=\"/play/{}\">\
         <button type=\"submit\">{go}</button></form>",
        escape(token)
    );
    short_page(
        lang.into(),
        "<script src=\"/assets/redeem.js\" defer></script>",
        &form,
    )
}

/// A short page saying the catalog message `key` in `lang`.
pub(crate) fn note_page(lang: Lang, key: &str) -> String {
    let note = escape(&i18n::plain(lang, Surface::Console, key));
    short_page(
        lang.into(),
        "",
        &format!("<h1>nadare</h1><p id=\"note\">{note}</p>"),
    )
}

/// `text` safe inside HTML text and attribute values.
fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            c => out.push(c),
        }
    }
    out
}

/// JSON safe inside a `<script>` element: no `<` can close it.
fn escape_script(json: &str) -> String {
    json.replace('<', "\\u003c")
}
