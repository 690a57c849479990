//! What a standings table shows: a tournament's players in order, with their points and
//! tiebreaks, and for a round robin the cross-table of their results against each other.

/// A tournament's standings as [`Renderer::render_standings`](crate::Renderer::render_standings)
/// draws them. Every word comes from the caller, in any language; the renderer draws the
/// numbers itself (points with `½`, tiebreaks in quarter points as `7.25`).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Standings {
    /// The upper bar's left side: the tournament's name.
    pub title: String,
    /// The upper bar's right side: "After round 3 of 7", 「第3回戦終了時」.
    pub subtitle: String,
    /// The column headings.
    pub headings: Headings,
    /// The players, best first.
    pub rows: Vec<StandingRow>,
    /// In a round robin, the games each pair plays (1, or 2 in a double round robin): the
    /// table then holds the cross-table, with that many results in each cell. 0 for none (a
    /// Swiss). The cross-table is left out past [`MAX_CROSS_PLAYERS`] players.
    pub meetings: u8,
}

/// The most players whose cross-table is drawn; a larger round robin shows the table only.
pub const MAX_CROSS_PLAYERS: usize = 32;

/// The most players a table shows; [`RenderError::TooManyRows`](crate::RenderError) past it.
pub const MAX_STANDING_ROWS: usize = 1000;

/// The words over the columns, in the caller's language.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Headings {
    /// Over the ranks: "#", 「順位」.
    pub rank: String,
    /// Over the names: "Player", 「プレイヤー」.
    pub player: String,
    /// Over the points: "Pts", 「得点」.
    pub points: String,
    /// Over each tiebreak, in the rows' order: "BH-C1", "SB".
    pub tiebreaks: Vec<String>,
}

/// One player's line.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct StandingRow {
    /// The rank (players tied on everything share one).
    pub rank: u32,
    /// The name (any Unicode; cut with `…` to fit).
    pub name: String,
    /// The points, in half points.
    pub halves: u32,
    /// The tiebreaks, in quarter points, in the order of [`Headings::tiebreaks`].
    pub tiebreaks: Vec<u32>,
    /// Withdrawn: the line is drawn faded and the name struck through.
    pub withdrawn: bool,
    /// For the cross-table: against the player of each row (in the rows' order), the results
    /// of the games played so far, in the order played; empty where none. Its own entry is
    /// left blank (the diagonal is shaded).
    pub against: Vec<Vec<CrossResult>>,
}

/// One game of the cross-table, from the row player's side.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum CrossResult {
    /// Won over the board: `1`.
    Win,
    /// Drawn: `½`.
    Draw,
    /// Lost over the board: `0`.
    Loss,
    /// Won by forfeit: `+`.
    ForfeitWin,
    /// Lost by forfeit: `−`.
    ForfeitLoss,
}

impl CrossResult {
    /// The sign drawn in the cell.
    pub fn sign(self) -> &'static str {
        match self {
            CrossResult::Win => "1",
            CrossResult::Draw => "½",
            CrossResult::Loss => "0",
            CrossResult::ForfeitWin => "+",
            CrossResult::ForfeitLoss => "−",
        }
    }
}

/// Half points as "3½", "½" or "3".
pub(crate) fn halves(n: u32) -> String {
    match (n / 2, n % 2) {
        (0, 1) => "½".to_string(),
        (whole, 1) => format!("{whole}½"),
        (whole, _) => whole.to_string(),
    }
}

/// Quarter points as "7.25", "7.5" or "7".
pub(crate) fn quarters(n: u32) -> String {
    match n % 4 {
        0 => (n / 4).to_string(),
        2 => format!("{}.5", n / 4),
        r => format!("{}.{}", n / 4, r * 25),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn points_and_tiebreaks_are_written_as_crosstables_write_them() {
        assert_eq!(
            [0, 1, 2, 7].map(halves),
            ["0", "½", "1", "3½"].map(String::from)
        );
        assert_eq!(
            [0, 1, 2, 3, 29].map(quarters),
            ["0", "0.25", "0.5", "0.75", "7.25"].map(String::from)
        );
    }
}
