//! Arrows over the board.

use rules::Square;
use tiny_skia::{FillRule, Mask, PathBuilder, Transform};

use crate::canvas::Coverage;
use crate::layout::Layout;
use crate::scene::Scene;

/// At most this many arrows are drawn.
const MAX_ARROWS: usize = 16;

/// The coverage of `scene`'s arrows, rasterised over their bounding box only, with the box's
/// top-left corner in board pixels; `None` when there is nothing to draw.
pub(crate) fn arrows_mask(l: &Layout, scene: &Scene) -> Option<(Coverage, i32, i32)> {
    let s = l.sq as f32;
    let mut pb = PathBuilder::new();
    let centre = |sq: Square| {
        let (x, y) = l.square_origin(sq, scene.orientation);
        (x as f32 + s / 2.0, y as f32 + s / 2.0)
    };
    for &(from, to) in scene.arrows.iter().take(MAX_ARROWS) {
        if from == to {
            continue;
        }
        let (ax, ay) = centre(from);
        let (bx, by) = centre(to);
        let len = ((bx - ax).powi(2) + (by - ay).powi(2)).sqrt();
        let (dx, dy) = ((bx - ax) / len, (by - ay) / len);
        let (nx, ny) = (-dy, dx);
        let (shaft, head, head_len) = (s * 0.075, s * 0.2, s * 0.38);
        let (tx, ty) = (bx - dx * s * 0.12, by - dy * s * 0.12);
        let (hx, hy) = (tx - dx * head_len, ty - dy * head_len);
        let (sx, sy) = (ax + dx * s * 0.18, ay + dy * s * 0.18);
        pb.move_to(sx + nx * shaft, sy + ny * shaft);
        pb.line_to(hx + nx * shaft, hy + ny * shaft);
        pb.line_to(hx + nx * head, hy + ny * head);
        pb.line_to(tx, ty);
        pb.line_to(hx - nx * head, hy - ny * head);
        pb.line_to(hx - nx * shaft, hy - ny * shaft);
        pb.line_to(sx - nx * shaft, sy - ny * shaft);
        pb.close();
    }
    // Rasterise only the arrows' bounding box, not the whole board.
    let path = pb.finish()?;
    let b = path.bounds();
    let (x0, y0) = (b.left().floor().max(0.0), b.top().floor().max(0.0));
    let w = (b.right().ceil() - x0).max(1.0) as u32;
    let h = (b.bottom().ceil() - y0).max(1.0) as u32;
    let mut mask = Mask::new(w, h)?;
    mask.fill_path(
        &path,
        FillRule::Winding,
        true,
        Transform::from_translate(-x0, -y0),
    );
    let cov = Coverage {
        w: w as usize,
        h: h as usize,
        data: mask.take(),
    };
    Some((cov, x0 as i32, y0 as i32))
}
