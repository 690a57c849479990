//! What an evaluation graph shows: how a game's expected score went turn by turn, the turns
//! a review marked, and the turn that decided it; its scale (100%, 50% and 0% of White's
//! winning chances) and a legend of what its colours mean.

/// A game's evaluation over its turns, as
/// [`Renderer::render_graph`](crate::Renderer::render_graph) draws it. The words come from
/// the caller, in any language; the renderer adds only turn numbers and the scale's
/// percentages.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct EvalGraph {
    /// The upper bar's left side: "Alice – Bob", 「アリス対ボブ」.
    pub title: String,
    /// The upper bar's right side: "Review at depth 11".
    pub subtitle: String,
    /// White's expected score (0 to 1) in each position, from the start to the end: one more
    /// than the turns. Values outside 0–1 are taken as the nearest bound, and a NaN as ½.
    pub expected: Vec<f64>,
    /// The turns to mark with a dot, by ply (from 0: the first turn leads from position 0
    /// to position 1, and its dot stands over position 1).
    pub marks: Vec<GraphMark>,
    /// The ply of the turn after which the game was decided, marked by an upright line over
    /// the position it led to.
    pub decided: Option<usize>,
    /// The number of the first turn, to number the axis: 1 for a game from the start, more
    /// for a game from a position.
    pub first_turn: u32,
    /// Whether Black made the first turn (a game from a position with Black to move).
    pub black_first: bool,
    /// The words of the legend under the turn numbers.
    pub legend: GraphLegend,
}

/// The legend's words, one for each thing the graph draws in a colour of its own; an entry
/// whose words are blank is left out.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct GraphLegend {
    /// White's area, what the scale measures: "White's winning chances".
    pub white: String,
    /// An inaccuracy's dot.
    pub inaccuracy: String,
    /// A mistake's dot.
    pub mistake: String,
    /// A blunder's dot.
    pub blunder: String,
    /// The deciding mistake's upright line.
    pub decided: String,
}

/// A turn marked on the graph.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GraphMark {
    /// Its ply, from 0.
    pub ply: usize,
    /// How bad it was: the dot's colour.
    pub severity: Severity,
}

/// How bad a marked turn was, each drawn in its own colour (as lichess colours them: blue,
/// orange, red).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Severity {
    /// An inaccuracy.
    Inaccuracy,
    /// A mistake.
    Mistake,
    /// A blunder.
    Blunder,
}

impl Severity {
    /// Every severity, mildest first.
    pub const ALL: [Severity; 3] = [Severity::Inaccuracy, Severity::Mistake, Severity::Blunder];

    /// Its place in [`Severity::ALL`].
    pub(crate) fn index(self) -> usize {
        self as usize
    }
}
