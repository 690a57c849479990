//! Board images for nadare: a position drawn as a PNG, a game replayed as an animated GIF,
//! a tournament's standings drawn as a table PNG in the same look ([`Standings`]), and a
//! reviewed game's evaluation drawn as a graph ([`EvalGraph`]).
//!
//! A [`Renderer`] rasterises its artwork once (pieces from the DejaVu Sans chess glyphs,
//! through resvg) into tiles of one shared ≤256-colour palette; each [`Scene`] is then composed
//! by copying tiles and laying glyph masks through blend tables, and written as an indexed PNG.
//! Text is set in DejaVu Sans, with embedded subsets of Noto Sans CJK JP and Noto Emoji for the
//! characters DejaVu lacks; every word besides the players' names comes from [`Labels`].
//! [`save`] writes an image to a file whole or not at all. A front that lays out its own board
//! (the web page) takes the same pieces as SVG ([`piece_svgs`]) and colours ([`board_css`]).

#![warn(missing_docs)]

mod arrows;
mod avatar;
mod bars;
mod canvas;
mod clock;
mod encode;
mod font;
mod gif;
mod graph;
mod inks;
mod layout;
mod lzw;
mod palette;
mod plot;
mod renderer;
mod save;
mod scene;
mod sprites;
mod standings;
mod table;
mod text;
mod theme;
mod tiles;
mod web;

pub use avatar::{Avatar, AvatarError};
pub use bars::{SetWords, Typesetter};
pub use graph::{EvalGraph, GraphLegend, GraphMark, Severity};
pub use renderer::{RenderOptions, Renderer};
pub use save::{save, save_with};
pub use scene::{ClockFace, Labels, Scene};
pub use standings::{
    CrossResult, Headings, MAX_CROSS_PLAYERS, MAX_STANDING_ROWS, StandingRow, Standings,
};
pub use theme::{ParseThemeError, Theme};
pub use web::{board_css, piece_svgs};

/// What can go wrong while preparing or drawing a board.
#[derive(Debug, thiserror::Error)]
pub enum RenderError {
    /// The board size is outside what the renderer draws.
    #[error("a board of {0} px cannot be drawn: choose 128 to 2048 px")]
    Size(u32),
    /// An embedded font could not be read.
    #[error("the embedded font is unusable: {0}")]
    Font(String),
    /// A piece of the built-in artwork could not be drawn.
    #[error("the built-in artwork could not be drawn: {0}")]
    Artwork(String),
    /// The PNG encoder failed.
    #[error("the PNG could not be written: {0}")]
    Encode(#[from] png::EncodingError),
    /// An animation was asked for with no scene to show.
    #[error("an animation needs at least one scene")]
    NoScenes,
    /// The image is too large for a GIF (65535 px a side at most).
    #[error("a {0}×{1} px image is too large for a GIF")]
    GifSize(usize, usize),
    /// The palette leaves no index free to mark unchanged pixels.
    #[error("a palette of {0} colours leaves no GIF index for transparency")]
    GifPalette(usize),
    /// The GIF encoder failed.
    #[error("the GIF could not be written: {0}")]
    Gif(#[from] ::gif::EncodingError),
    /// A standings table with more players than one image shows.
    #[error("a table of {0} players is too long to draw: {max} at most", max = MAX_STANDING_ROWS)]
    TooManyRows(usize),
}

#[cfg(test)]
mod send_sync {
    fn assert_send_sync<T: Send + Sync>() {}

    #[test]
    fn renderer_is_send_and_sync() {
        assert_send_sync::<super::Renderer>();
    }
}
