//! The words on a standings image: its title, what it stands after, and the column headings,
//! in the reply's language; and the table the renderer draws from a reply's standings.

use domain::{StandingsTable, TournamentFormat};
use render::{CrossResult, Headings, StandingRow, Standings};

use super::Say;
use crate::fluent_args;
use crate::i18n::{Lang, Surface};

/// The table of `table` with its words in `lang`.
pub fn standings(table: &StandingsTable, lang: Lang) -> Standings {
    // The image uses shared messages only, which every surface has.
    let say = Say::new(lang, Surface::Console);
    let subtitle = if table.after >= table.rounds && table.rounds > 0 {
        say.plain("tournament-table-final")
    } else if table.format == TournamentFormat::Arena {
        say.plain("tournament-table-live")
    } else {
        say.text(
            "tournament-table-after",
            &fluent_args![("after", table.after), ("rounds", table.rounds)],
        )
    };
    let tiebreaks = match table.format {
        TournamentFormat::Swiss => ["tournament-table-buchholz", "tournament-table-sb"],
        TournamentFormat::RoundRobin | TournamentFormat::DoubleRoundRobin => {
            ["tournament-table-direct", "tournament-table-sb"]
        }
        TournamentFormat::Arena => ["tournament-table-wins", "tournament-table-games"],
    };
    let meetings = match table.format {
        TournamentFormat::Swiss | TournamentFormat::Arena => 0,
        TournamentFormat::RoundRobin => 1,
        TournamentFormat::DoubleRoundRobin => 2,
    };
    Standings {
        title: table.name.clone(),
        subtitle,
        headings: Headings {
            rank: say.plain("tournament-table-rank"),
            player: say.plain("tournament-table-player"),
            points: say.plain("tournament-table-points"),
            tiebreaks: tiebreaks.iter().map(|key| say.plain(key)).collect(),
        },
        rows: table
            .lines
            .iter()
            .enumerate()
            .map(|(i, line)| StandingRow {
                rank: line.rank,
                name: say.person(&line.name),
                halves: line.halves,
                tiebreaks: line.tiebreaks.clone(),
                withdrawn: line.withdrawn,
                against: table.against.get(i).map_or_else(Vec::new, |cells| {
                    cells
                        .iter()
                        .map(|games| games.iter().map(|&g| cross(g)).collect())
                        .collect()
                }),
            })
            .collect(),
        meetings,
    }
}

/// A cross-table's game as the table draws it.
fn cross(game: domain::CrossResult) -> CrossResult {
    match game {
        domain::CrossResult::Win => CrossResult::Win,
        domain::CrossResult::Draw => CrossResult::Draw,
        domain::CrossResult::Loss => CrossResult::Loss,
        domain::CrossResult::ForfeitWin => CrossResult::ForfeitWin,
        domain::CrossResult::ForfeitLoss => CrossResult::ForfeitLoss,
    }
}

#[cfg(test)]
mod tests {
    use domain::CrossResult;
    use domain::messages::StandingLine;

    use super::*;

    fn table(format: TournamentFormat, after: u32) -> StandingsTable {
        let line = |rank, name: &str| StandingLine {
            rank,
            name: name.into(),
            halves: 3,
            tiebreaks: vec![4, 5],
            withdrawn: rank == 2,
        };
        StandingsTable {
            name: "Club".into(),
            after,
            rounds: 3,
            format,
            lines: vec![line(1, "ann"), line(2, "ben")],
            against: vec![
                vec![vec![], vec![CrossResult::Win]],
                vec![vec![CrossResult::Loss], vec![]],
            ],
        }
    }

    #[test]
    fn headings_and_subtitles_are_in_the_replys_language() {
        let en = standings(&table(TournamentFormat::Swiss, 2), Lang::En);
        assert_eq!(en.subtitle, "After round 2 of 3");
        assert_eq!(en.headings.tiebreaks, ["BH-C1", "SB"]);
        assert_eq!((en.meetings, en.title.as_str()), (0, "Club"));
        let ja = standings(&table(TournamentFormat::DoubleRoundRobin, 3), Lang::Ja);
        assert_eq!(ja.subtitle, "最終順位");
        assert_eq!(ja.headings.rank, "順位");
        assert_eq!(ja.headings.tiebreaks[0], "直接対決");
        assert_eq!(ja.meetings, 2);
        assert!(ja.rows[1].withdrawn && !ja.rows[0].withdrawn);
        assert_eq!(ja.rows[0].against[1], [render::CrossResult::Win]);
        let en = standings(&table(TournamentFormat::RoundRobin, 0), Lang::En);
        assert_eq!(en.subtitle, "No round finished yet");
        assert_eq!(en.headings.tiebreaks, ["DE", "SB"]);
    }
}
