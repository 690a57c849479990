//! The renderer: artwork prepared once, then every board composed from it.

use std::fmt;
use std::sync::Arc;

use rules::{Color, Square};
use tiny_skia::Pixmap;

use crate::avatar::{Avatar, Prepared};
use crate::canvas::{Canvas, Clip, Tile};
use crate::clock;
use crate::font::Font;
use crate::gif::{FRAME_DELAY_CS, GifWriter, LAST_FRAME_DELAY_CS};
use crate::graph::EvalGraph;
use crate::inks::{self, Inks};
use crate::layout::Layout;
use crate::palette::{Histogram, Ink, Palette};
use crate::plot::{self, Frame, GraphArt};
use crate::scene::{ClockFace, Labels, Scene};
use crate::sprites::PieceArtist;
use crate::standings::Standings;
use crate::table::{self, TableArt};
use crate::text::{Line, Style, Text};
use crate::theme::{Rgb, Theme};
use crate::tiles::{self, Mark};
use crate::{RenderError, arrows, bars, encode};

/// Size and look of the images a renderer draws.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RenderOptions {
    /// Width of the board in px (128 to 2048; rounded down to a multiple of 8). The image is
    /// this wide and a little taller, for the name bars.
    pub board_px: u32,
    /// The colour theme.
    pub theme: Theme,
}

impl Default for RenderOptions {
    /// A 512 px board in the classic theme.
    fn default() -> RenderOptions {
        RenderOptions {
            board_px: 512,
            theme: Theme::Classic,
        }
    }
}

/// Colours in the palette. Fewer than 256 on purpose: the anti-aliased edges then take fewer
/// distinct values and compress about 10 % smaller, with no difference visible at 100 %.
const PALETTE_SIZE: usize = 96;

/// Draws boards as PNG. Prepare one per size and theme and share it: it is `Send + Sync`,
/// and all artwork is rasterised once, in [`Renderer::new`].
pub struct Renderer {
    options: RenderOptions,
    layout: Layout,
    plte: Vec<u8>,
    tiles: Vec<Tile>,
    icons: [Tile; 2],
    text: Text,
    inks: Inks,
    bar: u8,
    /// The box behind a running clock: the light squares' colour.
    clock_box: u8,
    /// The bars' colour, which avatars' round edges fade into.
    bar_rgb: Rgb,
    accent: u8,
    /// The palette and inks of standings tables.
    table: TableArt,
    /// The palette and inks of evaluation graphs.
    graph: GraphArt,
}

/// The avatars one image shows, by colour index, each with the first palette index of its
/// colours (appended after the renderer's own).
type Faces = [Option<(Arc<Prepared>, u8)>; 2];

/// The avatars of a run of scenes and where their colours go in the palette.
struct AvatarSlots {
    /// The first palette index after the renderer's own colours and the slots so far.
    next: usize,
    /// The most palette entries allowed in all.
    max: usize,
    slots: Vec<(Avatar, Arc<Prepared>, u8)>,
}

impl AvatarSlots {
    fn new(base: usize, max: usize) -> AvatarSlots {
        AvatarSlots {
            next: base,
            max,
            slots: Vec::new(),
        }
    }

    /// The prepared avatar and its first palette index, given a slot if it has none and
    /// there is room (else `None`: the icon is drawn).
    fn place(&mut self, avatar: &Avatar, side: usize, bar: Rgb) -> Option<(Arc<Prepared>, u8)> {
        if let Some((_, p, at)) = self.slots.iter().find(|(a, _, _)| a == avatar) {
            return Some((Arc::clone(p), *at));
        }
        let prepared = avatar.prepared(side, bar);
        let at = u8::try_from(self.next).ok()?;
        if self.next + prepared.colors.len() > self.max {
            return None;
        }
        self.next += prepared.colors.len();
        self.slots.push((avatar.clone(), Arc::clone(&prepared), at));
        Some((prepared, at))
    }

    /// The avatars of `scene`, placed.
    fn faces(&mut self, scene: &Scene, side: usize, bar: Rgb) -> Faces {
        [&scene.white_avatar, &scene.black_avatar]
            .map(|a| a.as_ref().and_then(|a| self.place(a, side, bar)))
    }

    /// `plte` followed by every slot's colours.
    fn plte(&self, plte: &[u8]) -> Vec<u8> {
        let mut out = plte.to_vec();
        for (_, p, _) in &self.slots {
            out.extend(p.colors.iter().flat_map(|c| [c.0, c.1, c.2]));
        }
        out
    }
}

impl fmt::Debug for Renderer {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Renderer")
            .field("options", &self.options)
            .finish_non_exhaustive()
    }
}

impl Renderer {
    /// Rasterises the pieces, squares, marks and glyphs for `options`.
    pub fn new(options: RenderOptions) -> Result<Renderer, RenderError> {
        let layout = Layout::of(options.board_px)?;
        let colors = options.theme.colors();
        let font = Font::sans()?;
        let artist = PieceArtist::new(&font, colors)?;
        let pieces = tiles::rasterise_pieces(&artist, layout.sq as u32)?;
        let raw_tiles = tiles::rasterise_tiles(&font, &pieces, &colors, layout.sq as u32)?;
        let raw_icons = [
            tiles::icon(&artist, &colors, Color::White, layout.icon as u32)?,
            tiles::icon(&artist, &colors, Color::Black, layout.icon as u32)?,
        ];

        let mut histogram = Histogram::default();
        for p in raw_tiles.iter().chain(&raw_icons) {
            histogram.add_pixmap(p);
        }
        inks::add_ramps(&mut histogram, &colors);
        let palette = Palette::build(&inks::fixed_colors(&colors), &histogram, PALETTE_SIZE);

        let to_tile = |p: &Pixmap| Tile {
            w: p.width() as usize,
            h: p.height() as usize,
            px: palette.index_pixmap(p),
        };
        Ok(Renderer {
            options,
            layout,
            tiles: raw_tiles.iter().map(to_tile).collect(),
            icons: raw_icons.each_ref().map(to_tile),
            text: Text::new(layout.name_px, layout.info_px, layout.label_px)?,
            inks: Inks::new(&palette, &colors),
            bar: palette.nearest(colors.bar),
            clock_box: palette.nearest(colors.light),
            bar_rgb: colors.bar,
            accent: palette.nearest(colors.accent),
            plte: palette.plte(),
            table: TableArt::new(&colors),
            graph: GraphArt::new(&colors),
        })
    }

    /// The options this renderer was made with.
    pub fn options(&self) -> RenderOptions {
        self.options
    }

    /// The size of every image this renderer draws, (width, height) in px: the board, the
    /// coordinates' margin left of it and under it, and the name bars.
    pub fn image_size(&self) -> (u32, u32) {
        (self.layout.width() as u32, self.layout.height() as u32)
    }

    /// Where the board lies in every image this renderer draws: its left edge, its top and
    /// its side, in px.
    pub fn board_rect(&self) -> (u32, u32, u32) {
        let l = &self.layout;
        (
            l.board_x() as u32,
            l.board_y() as u32,
            l.board_side() as u32,
        )
    }

    /// How the bars of this renderer's images set `words` at their right end (a status line
    /// or a heading): one line, or two, and whether they had to be cut.
    pub fn bar_words(&self, words: &str) -> bars::SetWords {
        bars::set_words(&self.text, &self.layout, words)
    }

    /// The side of a player's picture in the name bars, in px: fetch pictures at least this
    /// large.
    pub fn avatar_side(&self) -> u32 {
        self.layout.icon as u32
    }

    /// Draws `scene` and encodes it as a PNG.
    /// A player's [`Avatar`] takes the place of their icon, as a circle in colours of its own
    /// appended to the palette; without avatars the palette is the renderer's alone.
    pub fn render_png(&self, scene: &Scene) -> Result<Vec<u8>, RenderError> {
        let mut slots = self.avatar_slots(256);
        let faces = slots.faces(scene, self.layout.icon, self.bar_rgb);
        let canvas = self.compose(scene, &faces);
        encode::indexed_png(
            canvas.w as u32,
            canvas.h as u32,
            &canvas.px,
            &slots.plte(&self.plte),
        )
    }

    /// Draws a tournament's standings as a table PNG in this renderer's theme and text sizes:
    /// the title bar, the column headings, one striped row per player (the leaders marked,
    /// withdrawn players faded and struck through), and for a round robin the cross-table
    /// with its diagonal shaded. More than 100 players are set in blocks side by side. Pure
    /// CPU work: call it off async threads.
    pub fn render_standings(&self, standings: &Standings) -> Result<Vec<u8>, RenderError> {
        let (_, canvas) = table::compose(&self.text, &self.layout, &self.table, standings)?;
        encode::indexed_png(
            canvas.w as u32,
            canvas.h as u32,
            &canvas.px,
            self.table.plte(),
        )
    }

    /// The size of every evaluation graph this renderer draws, (width, height) in px: as wide
    /// as its board's squares (`board_px`), whatever the game.
    pub fn graph_size(&self) -> (u32, u32) {
        let frame = Frame::new(&self.layout);
        (frame.width as u32, frame.height as u32)
    }

    /// Draws a reviewed game's evaluation as a graph PNG of [`Renderer::graph_size`] in this
    /// renderer's theme: the title bar, White's expected score as an area of the white
    /// pieces' colour rising from the bottom (Black's above it in theirs), the even line, the
    /// deciding turn as an upright line in the accent colour, the marked turns as dots in
    /// their severity's colour, the turn numbers, the scale on its left and the legend under
    /// it. The same graph gives the same bytes.
    /// Pure CPU work: call it off async threads.
    pub fn render_graph(&self, graph: &EvalGraph) -> Result<Vec<u8>, RenderError> {
        let canvas = plot::compose(&self.text, &self.layout, &self.graph, graph);
        encode::indexed_png(
            canvas.w as u32,
            canvas.h as u32,
            &canvas.px,
            self.graph.plte(),
        )
    }

    /// Room for avatars' colours after the renderer's own, up to `max` palette entries.
    fn avatar_slots(&self, max: usize) -> AvatarSlots {
        AvatarSlots::new(self.plte.len() / 3, max)
    }

    /// Draws `scenes` as an animated GIF that loops forever: one frame per scene, each shown
    /// for a second and the last (normally the result) for 3.5 s. Each frame equals the PNG of
    /// its scene; after the first, only the pixels that changed are stored, in a few rectangles
    /// drawn in quick succession. Pure CPU work:
    /// call it off async threads. [`Scene::replay`] gives the scenes of a game. Avatars are
    /// drawn as in [`Renderer::render_png`]; the palette holds the colours of the first few
    /// different ones (four at least) and later ones show the icon.
    pub fn render_gif(&self, scenes: &[Scene]) -> Result<Vec<u8>, RenderError> {
        if scenes.is_empty() {
            return Err(RenderError::NoScenes);
        }
        let (w, h) = (self.layout.width(), self.layout.height());
        // One index stays free for the GIF's unchanged pixels.
        let mut slots = self.avatar_slots(255);
        let faces: Vec<Faces> = scenes
            .iter()
            .map(|s| slots.faces(s, self.layout.icon, self.bar_rgb))
            .collect();
        let mut gif = GifWriter::new(w, h, &slots.plte(&self.plte))?;
        for (i, (scene, faces)) in scenes.iter().zip(&faces).enumerate() {
            let delay = if i + 1 == scenes.len() {
                LAST_FRAME_DELAY_CS
            } else {
                FRAME_DELAY_CS
            };
            gif.add(self.compose(scene, faces).px, delay)?;
        }
        gif.finish()
    }

    /// Draws `scene` into a canvas of palette indices, with `faces` in place of the icons.
    fn compose(&self, scene: &Scene, faces: &Faces) -> Canvas {
        let l = &self.layout;
        let mut canvas = Canvas::new(l.width(), l.height(), self.bar);
        let english;
        let labels = match &scene.labels {
            Some(labels) => labels,
            None => {
                english = Labels::english(scene);
                &english
            }
        };
        let top = scene.orientation.opposite();
        self.draw_bar(
            &mut canvas,
            0,
            scene,
            (
                top,
                labels.name(top, scene.player(top)),
                faces[top.index()].as_ref(),
            ),
            &labels.heading,
            &self.inks.dim,
        );
        let bottom = scene.orientation;
        self.draw_bar(
            &mut canvas,
            l.bottom_bar_y(),
            scene,
            (
                bottom,
                labels.name(bottom, scene.player(bottom)),
                faces[bottom.index()].as_ref(),
            ),
            &labels.status,
            &self.inks.text,
        );
        self.draw_board(&mut canvas, scene);
        self.draw_labels(&mut canvas, scene);
        self.draw_arrows(&mut canvas, scene);
        canvas
    }

    fn draw_board(&self, canvas: &mut Canvas, scene: &Scene) {
        let l = &self.layout;
        for sq in Square::all() {
            let (x, y) = l.square_origin(sq, scene.orientation);
            let content = tiles::content_index(scene.squares[sq.index()]);
            let tile = &self.tiles[tiles::tile_index(Mark::of(scene, sq), sq.is_light(), content)];
            canvas.copy_tile(l.board_x() + x, l.board_y() + y, tile);
        }
    }

    /// The coordinates, in the margin that no piece reaches: each rank's digit left of its
    /// row, each file's letter under its column, centred there, in the bars' text colour.
    fn draw_labels(&self, canvas: &mut Canvas, scene: &Scene) {
        let orientation = scene.orientation;
        let l = &self.layout;
        let (s, m) = (l.sq as f32, l.margin as f32);
        let cap = l.label_px * 0.73;
        let (x0, y0) = (l.board_x() as f32, l.board_y() as f32);
        let files_y = y0 + l.board_side() as f32;
        let ranks = Clip::rect(0, l.board_y(), l.margin, l.board_side());
        let files = Clip::rect(l.board_x(), files_y as usize, l.board_side(), l.margin);
        for i in 0..8u8 {
            let at = f32::from(i) * s;
            if let Some(sq) = Layout::square_at(0, i, orientation) {
                let g = self.text.glyph(Style::Label, sq.rank_char());
                let pen = ((m - g.advance) / 2.0).round() as i32;
                let baseline = (y0 + at + (s + cap) / 2.0).round() as i32;
                canvas.draw_mask(
                    pen + g.left,
                    baseline + g.top,
                    &g.mask,
                    &self.inks.label,
                    ranks,
                );
            }
            if let Some(sq) = Layout::square_at(i, 7, orientation) {
                let g = self.text.glyph(Style::Label, sq.file_char());
                let pen = (x0 + at + (s - g.advance) / 2.0).round() as i32;
                let baseline = (files_y + (m + cap) / 2.0 - m * 0.08).round() as i32;
                canvas.draw_mask(
                    pen + g.left,
                    baseline + g.top,
                    &g.mask,
                    &self.inks.label,
                    files,
                );
            }
        }
    }

    fn draw_bar(
        &self,
        canvas: &mut Canvas,
        y: usize,
        scene: &Scene,
        (color, name, face): (Color, &str, Option<&(Arc<Prepared>, u8)>),
        right: &str,
        right_ink: &Ink,
    ) {
        let l = &self.layout;
        let w = l.width();
        if scene.result.is_none() && scene.side_to_move == color {
            canvas.fill_rect(0, y, l.accent, l.bar, self.accent);
        }
        let icon_x = l.accent + l.pad / 2;
        let icon_y = y + (l.bar - l.icon) / 2;
        match face {
            Some((face, at)) => canvas.draw_avatar(icon_x, icon_y, face, *at),
            None => canvas.copy_tile(icon_x, icon_y, &self.icons[color.index()]),
        }
        let baseline = bars::baselines(l, y, 1)[0];
        let gap = l.pad / 2;
        // The words end at the bar's right padding, or left of the clock's box.
        let (words_end, clip_end) = match scene.clock(color) {
            Some(face) => {
                let box_x = self.draw_clock(canvas, y, baseline, face);
                (box_x.saturating_sub(gap), box_x)
            }
            None => (w - l.pad, w),
        };
        let lines = bars::right_lines(&self.text, l, right);
        let widest = lines.iter().map(|line| line.width).fold(0.0, f32::max);
        let right_x = words_end as f32 - widest;
        let info_x0 = (right_x as usize).saturating_sub(gap);
        let info_clip = Clip::rect(info_x0, y, clip_end.saturating_sub(info_x0), l.bar);
        for (line, baseline) in lines.iter().zip(bars::baselines(l, y, lines.len())) {
            let x = words_end as f32 - line.width;
            self.draw_line(canvas, line, x, baseline, right_ink, info_clip);
        }
        let name_x0 = icon_x + l.icon;
        let name_x = (name_x0 + gap) as f32;
        let room = right_x - l.pad as f32 - name_x;
        let name = self.text.line(Style::Name, name, room);
        let name_clip = Clip::rect(name_x0, y, info_x0.saturating_sub(name_x0), l.bar);
        self.draw_line(canvas, &name, name_x, baseline, &self.inks.text, name_clip);
    }

    /// Draws `face` at the right end of the bar whose top is `y`, its digits on the names'
    /// `baseline`: on a light box while it runs, red when low. Returns the box's left edge.
    fn draw_clock(&self, canvas: &mut Canvas, y: usize, baseline: i32, face: &ClockFace) -> usize {
        let l = &self.layout;
        let set = clock::set(&self.text, l, face);
        let x0 = l.width().saturating_sub(l.pad / 2 + set.width);
        let (box_y, box_h) = (y + (l.bar - l.icon) / 2, l.icon);
        if face.running {
            canvas.fill_rect(x0, box_y, set.width, box_h, self.clock_box);
        }
        let ink = match (face.low, face.running) {
            (true, _) => &self.inks.low,
            (false, true) => &self.inks.clock,
            (false, false) => &self.inks.text,
        };
        let clip = Clip::rect(x0, box_y, set.width, box_h);
        for (g, gx) in &set.glyphs {
            let pen = (x0 as f32 + gx).round() as i32;
            canvas.draw_mask(pen + g.left, baseline + g.top, &g.mask, ink, clip);
        }
        x0
    }

    fn draw_line(
        &self,
        canvas: &mut Canvas,
        line: &Line,
        x: f32,
        baseline: i32,
        ink: &Ink,
        clip: Clip,
    ) {
        for (g, gx) in &line.glyphs {
            let pen = (x + gx).round() as i32;
            canvas.draw_mask(pen + g.left, baseline + g.top, &g.mask, ink, clip);
        }
    }

    fn draw_arrows(&self, canvas: &mut Canvas, scene: &Scene) {
        let l = &self.layout;
        if let Some((cov, x, y)) = arrows::arrows_mask(l, scene) {
            let board = Clip::rect(l.board_x(), l.board_y(), l.board_side(), l.board_side());
            let (bx, by) = (l.board_x() as i32, l.board_y() as i32);
            canvas.draw_mask(bx + x, by + y, &cov, &self.inks.arrow, board);
        }
    }
}
