//! What one board image shows.

use crate::Avatar;
use rules::{Color, Game, Piece, Position, Square, Turn, Variant};

/// Everything one image shows, decided by the caller; the renderer adds no chess logic.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Scene {
    /// The piece on each square, indexed by [`Square::index`] (a1 = 0 … h8 = 63).
    pub squares: [Option<Piece>; 64],
    /// The side shown at the bottom.
    pub orientation: Color,
    /// Whose turn it is.
    pub side_to_move: Color,
    /// The last move, from and to, tinted on the board ([`Scene::set_last_turn`] gives a
    /// castling's as the king's squares).
    pub last_move: Option<(Square, Square)>,
    /// The last Avalanche push, from and to, tinted in its own colour.
    pub last_push: Option<(Square, Square)>,
    /// The square of a king in check, which glows red.
    pub check: Option<Square>,
    /// An Avalanche pawn waiting on its last rank for its owner's promotion choice.
    pub pending_promotion: Option<Square>,
    /// Where an Avalanche pawn that a push had brought to its last rank was just promoted by
    /// its owner: tinted in the promotion's gold, as the last move is in its own colour.
    pub promoted: Option<Square>,
    /// Arrows to draw, from and to (at most 16 are drawn).
    pub arrows: Vec<(Square, Square)>,
    /// White's display name (any Unicode; cut to fit).
    pub white: String,
    /// Black's display name (any Unicode; cut to fit).
    pub black: String,
    /// White's picture, drawn in place of the icon; `None` draws the icon.
    pub white_avatar: Option<Avatar>,
    /// Black's picture, drawn in place of the icon; `None` draws the icon.
    pub black_avatar: Option<Avatar>,
    /// White's clock, at the right end of White's bar; `None` for a game without one.
    pub white_clock: Option<ClockFace>,
    /// Black's clock, at the right end of Black's bar; `None` for a game without one.
    pub black_clock: Option<ClockFace>,
    /// The rule set, named in the bar.
    pub variant: Variant,
    /// The Chess960 setup number, named in the bar when the game started from one.
    pub chess960: Option<u16>,
    /// The current move number (1 for the first move of a game).
    pub move_number: u32,
    /// The result when the game is over, e.g. "1-0 · White wins by checkmate": while there is
    /// one, no side is marked to move, and the English labels show it as the status.
    pub result: Option<String>,
    /// The words of the bars, from the caller's message catalog; `None` draws
    /// [`Labels::english`].
    pub labels: Option<Labels>,
}

/// A player's clock as their bar shows it, decided by the caller.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ClockFace {
    /// The time as shown ("3:00", "0:07.3"), its digits set at one pitch.
    pub text: String,
    /// The clock is running (its side is to move): drawn dark on a light box.
    pub running: bool,
    /// Little time is left: drawn in red.
    pub low: bool,
}

/// Every word an image shows besides the players' names, supplied by the caller so that it can
/// be said in any language: the renderer draws these strings as they are (cut to fit).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Labels {
    /// The upper bar's right side, the game's kind: "Chess960 #518", 「チェス960 #518」.
    pub heading: String,
    /// The lower bar's right side, whose move it is or the result: "Move 12 · White to move",
    /// 「12手目・白の手番」, "1-0 · White wins by checkmate".
    pub status: String,
    /// Shown in White's bar when its player's name is blank: "White", 「白」.
    pub white: String,
    /// Shown in Black's bar when its player's name is blank: "Black", 「黒」.
    pub black: String,
}

impl Labels {
    /// The English words for `scene`: its variant (and setup number), and its result or else the
    /// move number and whose move or promotion choice it is.
    pub fn english(scene: &Scene) -> Labels {
        Labels {
            heading: scene.variant_label(),
            status: scene.status(),
            white: Color::White.name().to_string(),
            black: Color::Black.name().to_string(),
        }
    }

    /// What `color`'s bar shows as its name: `name`, or the colour's label when `name` is blank.
    pub(crate) fn name<'a>(&'a self, color: Color, name: &'a str) -> &'a str {
        if !crate::text::sanitize(name).is_empty() {
            return name;
        }
        match color {
            Color::White => &self.white,
            Color::Black => &self.black,
        }
    }
}

impl Default for Scene {
    /// An empty board seen from White's side, White to move, move 1 of standard chess.
    fn default() -> Scene {
        Scene {
            squares: [None; 64],
            orientation: Color::White,
            side_to_move: Color::White,
            last_move: None,
            last_push: None,
            check: None,
            pending_promotion: None,
            promoted: None,
            arrows: Vec::new(),
            white: String::new(),
            black: String::new(),
            white_avatar: None,
            black_avatar: None,
            white_clock: None,
            black_clock: None,
            variant: Variant::Standard,
            chess960: None,
            move_number: 1,
            result: None,
            labels: None,
        }
    }
}

impl Scene {
    /// The scene of `pos`: its pieces, side to move, move number, variant, pending promotion,
    /// and the glow on a king in check (the side to move's, or else a king the last Avalanche
    /// push left attacked, which lost its side the game). Seen from White's side, with blank
    /// names, no highlights and no result: set those on the value returned.
    pub fn from_position(pos: &Position) -> Scene {
        let mut squares = [None; 64];
        for sq in Square::all() {
            squares[sq.index()] = pos.piece_at(sq);
        }
        let side = pos.side_to_move();
        let check = if pos.is_check() {
            pos.king_square(side)
        } else if pos.king_attacked(side.opposite()) {
            pos.king_square(side.opposite())
        } else {
            None
        };
        Scene {
            squares,
            side_to_move: side,
            check,
            pending_promotion: pos.pending_promotion(),
            variant: pos.variant(),
            move_number: pos.fullmove_number(),
            ..Scene::default()
        }
    }

    /// Highlights `turn`, played from `before`, as the last one: its move, its push, and
    /// the square of a pawn its owner promoted there after a push had brought it to its last
    /// rank ([`Scene::promoted`]).
    ///
    /// A castling is shown as lichess shows it, where the king went from and to (e1 and g1),
    /// not as the king's move onto its rook that the rules core plays; the same in Chess960,
    /// however it was entered (`O-O` or the king taking its rook). When the king stays where it
    /// is (Chess960's king on g1 castling with the rook on h1), the rook's from and to.
    pub fn set_last_turn(&mut self, before: &Position, turn: &Turn) {
        self.last_move = turn.mv.map(|m| before.shown_squares(m));
        self.last_push = turn.push.map(|p| (p.from, p.to));
        self.promoted = turn.promotion.and_then(|_| before.pending_promotion());
    }

    /// The scene of `game` after its first `ply` turns (0 = the start): the position, that
    /// turn highlighted, the Chess960 number, and on the last position of a finished game its
    /// result ("1-0 · White wins by checkmate"). Seen from White's side with blank names, as
    /// [`Scene::from_position`]. `None` past the last turn.
    pub fn from_game(game: &Game, ply: usize) -> Option<Scene> {
        let mut scene = Scene::from_position(game.position_at(ply)?);
        if let Some(i) = ply.checked_sub(1)
            && let (Some(turn), Some(before)) = (game.turns().get(i), game.position_at(i))
        {
            scene.set_last_turn(before, turn);
        }
        scene.chess960 = game.chess960_number();
        if ply == game.turns().len() {
            scene.result = game.outcome().map(|o| format!("{} · {o}", o.result_str()));
        }
        Some(scene)
    }

    /// Every scene of `game`, one per position: the start, then one after each turn (an
    /// Avalanche turn is one scene, its move and its push highlighted together), as
    /// [`Scene::from_game`] draws them; the frames of [`Renderer::render_gif`].
    ///
    /// [`Renderer::render_gif`]: crate::Renderer::render_gif
    pub fn replay(game: &Game) -> Vec<Scene> {
        (0..=game.turns().len())
            .filter_map(|ply| Scene::from_game(game, ply))
            .collect()
    }

    /// The English name for the variant, with the setup number where there is one.
    fn variant_label(&self) -> String {
        match (self.variant, self.chess960) {
            (Variant::Chess960, Some(n)) => format!("Chess960 #{n}"),
            (Variant::Standard, _) | (_, None) => self.variant.name().to_string(),
            (v, Some(n)) => format!("{} 960 #{n}", v.name()),
        }
    }

    /// The English status: the result, or whose move (or promotion choice) it is.
    fn status(&self) -> String {
        match &self.result {
            Some(r) => r.clone(),
            None => {
                let what = if self.pending_promotion.is_some() {
                    "promote"
                } else {
                    "move"
                };
                format!(
                    "Move {} · {} to {what}",
                    self.move_number, self.side_to_move
                )
            }
        }
    }

    /// The clock of `color`'s player, if the game has clocks.
    pub(crate) fn clock(&self, color: Color) -> Option<&ClockFace> {
        match color {
            Color::White => self.white_clock.as_ref(),
            Color::Black => self.black_clock.as_ref(),
        }
    }

    /// The display name of `color`'s player, as given (possibly blank).
    pub(crate) fn player(&self, color: Color) -> &str {
        match color {
            Color::White => &self.white,
            Color::Black => &self.black,
        }
    }
}
