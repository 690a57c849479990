//! Board colour themes.

use std::fmt;
use std::str::FromStr;

/// An opaque sRGB colour.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub(crate) struct Rgb(pub u8, pub u8, pub u8);

impl Rgb {
    /// `#rrggbb`, as SVG wants it.
    pub fn hex(self) -> String {
        format!("#{:02x}{:02x}{:02x}", self.0, self.1, self.2)
    }

    /// `over` laid on `self` with opacity `alpha` (0..=1), rounded.
    pub fn mix(self, over: Rgb, alpha: f32) -> Rgb {
        let m = |a: u8, b: u8| (f32::from(a) + (f32::from(b) - f32::from(a)) * alpha).round() as u8;
        Rgb(m(self.0, over.0), m(self.1, over.1), m(self.2, over.2))
    }
}

/// A board colour scheme. Every theme has its own highlight colours, chosen so that the last
/// move, the last Avalanche push and a check stay distinct on its squares.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Theme {
    /// Cream and walnut, the look of a wooden board.
    #[default]
    Classic,
    /// Pale grey and slate blue.
    Slate,
    /// Ivory and moss green, the tournament-vinyl look.
    Green,
}

impl Theme {
    /// Every theme, the default first.
    pub const ALL: [Theme; 3] = [Theme::Classic, Theme::Slate, Theme::Green];

    /// The lowercase id used in config and on the command line.
    pub const fn id(self) -> &'static str {
        match self {
            Theme::Classic => "classic",
            Theme::Slate => "slate",
            Theme::Green => "green",
        }
    }

    /// The colours of this theme.
    pub(crate) fn colors(self) -> Colors {
        let common = Colors {
            light: Rgb(0, 0, 0),
            dark: Rgb(0, 0, 0),
            move_tint: Rgb(0, 0, 0),
            push_tint: Rgb(0, 0, 0),
            tint_alpha: 0.5,
            check: Rgb(0xf0, 0x10, 0x10),
            promo: Rgb(0xf5, 0xb0, 0x10),
            arrow: Rgb(0x15, 0x78, 0x1b),
            white_fill: Rgb(0xff, 0xff, 0xff),
            white_line: Rgb(0x1e, 0x1e, 0x1e),
            black_fill: Rgb(0x1e, 0x1e, 0x1e),
            black_edge: Rgb(0xf4, 0xf4, 0xf4),
            bar: Rgb(0x2b, 0x29, 0x26),
            bar_text: Rgb(0xf2, 0xf0, 0xec),
            bar_dim: Rgb(0x9e, 0x9a, 0x94),
            accent: Rgb(0x7f, 0xb5, 0x3d),
        };
        match self {
            Theme::Classic => Colors {
                light: Rgb(0xf0, 0xd9, 0xb5),
                dark: Rgb(0xb5, 0x88, 0x63),
                move_tint: Rgb(0xd8, 0xdc, 0x2a),
                push_tint: Rgb(0x3a, 0x9c, 0xe8),
                ..common
            },
            Theme::Slate => Colors {
                light: Rgb(0xde, 0xe3, 0xe6),
                dark: Rgb(0x8c, 0xa2, 0xad),
                move_tint: Rgb(0xcf, 0xd8, 0x2c),
                push_tint: Rgb(0xc0, 0x4c, 0xd8),
                bar: Rgb(0x24, 0x2a, 0x30),
                ..common
            },
            Theme::Green => Colors {
                light: Rgb(0xee, 0xee, 0xd2),
                dark: Rgb(0x76, 0x96, 0x56),
                move_tint: Rgb(0xf6, 0xe9, 0x2c),
                push_tint: Rgb(0x3a, 0x8c, 0xf0),
                arrow: Rgb(0xe0, 0x6c, 0x10),
                ..common
            },
        }
    }
}

impl fmt::Display for Theme {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.id())
    }
}

/// A string that names no theme.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("unknown theme `{0}`: choose classic, slate or green")]
pub struct ParseThemeError(pub String);

impl FromStr for Theme {
    type Err = ParseThemeError;

    fn from_str(s: &str) -> Result<Theme, ParseThemeError> {
        let key = s.trim().to_ascii_lowercase();
        Theme::ALL
            .into_iter()
            .find(|t| t.id() == key)
            .ok_or_else(|| ParseThemeError(s.to_string()))
    }
}

/// The colours one theme paints with.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Colors {
    /// Light squares.
    pub light: Rgb,
    /// Dark squares.
    pub dark: Rgb,
    /// Laid over the squares of the last move.
    pub move_tint: Rgb,
    /// Laid over the squares of the last Avalanche push.
    pub push_tint: Rgb,
    /// Opacity of both tints.
    pub tint_alpha: f32,
    /// The glow under a king in check.
    pub check: Rgb,
    /// The pending-promotion marker.
    pub promo: Rgb,
    /// Arrows.
    pub arrow: Rgb,
    /// Body of the white pieces.
    pub white_fill: Rgb,
    /// Outline and inner lines of the white pieces.
    pub white_line: Rgb,
    /// Body of the black pieces.
    pub black_fill: Rgb,
    /// Edge around the black pieces.
    pub black_edge: Rgb,
    /// Background of the name bars.
    pub bar: Rgb,
    /// Names and text in the bars.
    pub bar_text: Rgb,
    /// Secondary text in the bars.
    pub bar_dim: Rgb,
    /// The mark of the side to move.
    pub accent: Rgb,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn theme_ids_round_trip() {
        for t in Theme::ALL {
            assert_eq!(t.to_string().parse::<Theme>(), Ok(t));
            assert_eq!(t.id().to_uppercase().parse::<Theme>(), Ok(t));
        }
        assert!("neon".parse::<Theme>().is_err());
    }
}
