//! The board's artwork for a front that lays the board out itself (the web page): the twelve
//! pieces as SVG documents and the theme's colours as CSS, so a page looks like the images.

use rules::{Color, Piece, Role};

use crate::RenderError;
use crate::font::Font;
use crate::sprites::PieceArtist;
use crate::theme::Theme;

/// The side of a piece's SVG square, in its own units (the page scales it).
const PIECE_UNITS: u32 = 100;

/// How much of its square a piece fills, as on the images.
const PIECE_FILL: f32 = 0.86;

/// The twelve pieces of `theme` as SVG documents, white's first, each on a transparent square.
pub fn piece_svgs(theme: Theme) -> Result<Vec<(Piece, String)>, RenderError> {
    let font = Font::sans()?;
    let artist = PieceArtist::new(&font, theme.colors())?;
    Ok([Color::White, Color::Black]
        .into_iter()
        .flat_map(|color| Role::ALL.map(|role| Piece { color, role }))
        .map(|piece| (piece, artist.svg(piece, PIECE_UNITS, PIECE_FILL)))
        .collect())
}

/// The colours of `theme`'s boards as CSS custom properties on `:root` (`--light`, `--dark`,
/// `--move`, `--push`, `--check`, `--promo`, `--arrow`, `--bar`, `--bar-text`, `--bar-dim`).
pub fn board_css(theme: Theme) -> String {
    let c = theme.colors();
    format!(
        ":root{{--light:{};--dark:{};--move:{};--push:{};--tint-alpha:{:.2};--check:{};\
         --promo:{};--arrow:{};--bar:{};--bar-text:{};--bar-dim:{}}}\n",
        c.light.hex(),
        c.dark.hex(),
        c.move_tint.hex(),
        c.push_tint.hex(),
        c.tint_alpha,
        c.check.hex(),
        c.promo.hex(),
        c.arrow.hex(),
        c.bar.hex(),
        c.bar_text.hex(),
        c.bar_dim.hex(),
    )
}
