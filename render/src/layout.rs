//! Where things go in the image, for one board size.

use rules::{Color, Square};

/// Pixel geometry of an image: a bar above the board; the board, with the coordinates'
/// margin at its left (the ranks) and under it (the files); a bar below.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Layout {
    /// Side of one square.
    pub sq: usize,
    /// Height of each bar.
    pub bar: usize,
    /// Side of the king icon in the bars.
    pub icon: usize,
    /// Width of the side-to-move mark at a bar's left edge.
    pub accent: usize,
    /// Space around text and icons in the bars.
    pub pad: usize,
    /// Size of the names.
    pub name_px: f32,
    /// Size of the info text.
    pub info_px: f32,
    /// Size of the coordinates.
    pub label_px: f32,
    /// Width of the coordinates' margin, left of the board and under it: no piece ever
    /// stands there.
    pub margin: usize,
}

impl Layout {
    /// The layout for squares of `sq` px.
    pub fn new(sq: usize) -> Layout {
        let s = sq as f32;
        let bar = (s * 0.625).round() as usize;
        // A quarter of a square, as large as the names, and never under 11 px (digits 8 px
        // tall): a small board's coordinates stay legible, also shrunk in a phone's preview.
        let label_px = (s * 0.25).round().max(11.0);
        Layout {
            sq,
            bar,
            icon: (bar as f32 * 0.72).round() as usize,
            accent: (s / 16.0).round().max(2.0) as usize,
            pad: (s * 0.17).round() as usize,
            name_px: (s * 0.25).round(),
            info_px: (s * 0.22).round(),
            label_px,
            margin: (label_px * 1.5).round() as usize,
        }
    }

    /// The board's side.
    pub fn board_side(&self) -> usize {
        self.sq * 8
    }

    /// The layout of a board of `board_px` (rounded down to a multiple of 8), which must be
    /// 128 to 2048 px.
    pub fn of(board_px: u32) -> Result<Layout, crate::RenderError> {
        if !(128..=2048).contains(&board_px) {
            return Err(crate::RenderError::Size(board_px));
        }
        Ok(Layout::new(board_px as usize / 8))
    }

    /// Image width: the margin and the board.
    pub fn width(&self) -> usize {
        self.margin + self.board_side()
    }

    /// Image height: the bars, the board and the margin under it.
    pub fn height(&self) -> usize {
        self.board_side() + self.margin + 2 * self.bar
    }

    /// The left edge of the board.
    pub fn board_x(&self) -> usize {
        self.margin
    }

    /// The top of the board.
    pub fn board_y(&self) -> usize {
        self.bar
    }

    /// The top of the lower bar.
    pub fn bottom_bar_y(&self) -> usize {
        self.bar + self.board_side() + self.margin
    }

    /// The square shown in column `col` (0 = left) and row `row` (0 = top) when `orientation`
    /// is at the bottom.
    pub fn square_at(col: u8, row: u8, orientation: Color) -> Option<Square> {
        match orientation {
            Color::White => Square::new(col, 7 - row),
            Color::Black => Square::new(7 - col, row),
        }
    }

    /// The top-left pixel of `sq` on the board (board coordinates, not image coordinates).
    pub fn square_origin(&self, sq: Square, orientation: Color) -> (usize, usize) {
        let (col, row) = match orientation {
            Color::White => (sq.file(), 7 - sq.rank()),
            Color::Black => (7 - sq.file(), sq.rank()),
        };
        (usize::from(col) * self.sq, usize::from(row) * self.sq)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a1_is_bottom_left_for_white_and_top_right_for_black() {
        let l = Layout::new(64);
        assert_eq!(l.square_origin(Square::A1, Color::White), (0, 448));
        assert_eq!(l.square_origin(Square::A1, Color::Black), (448, 0));
        for sq in Square::all() {
            for o in Color::ALL {
                let (x, y) = l.square_origin(sq, o);
                let (col, row) = ((x / 64) as u8, (y / 64) as u8);
                assert_eq!(Layout::square_at(col, row, o), Some(sq));
            }
        }
    }
}
