//! A tournament's standings as the service answers them: the lines said as text, and the same
//! lines as a table to draw, with a round robin's cross-table (each player's results against
//! each other, in the order played).

use domain::CrossResult;
use tournament::tiebreak::{self, System};

use domain::messages::{StandingLine, TournamentMsg};
use domain::{
    BoardResult, Reply, StandingsTable, TournamentBoard, TournamentFormat, TournamentRecord,
    TournamentState, UserId,
};

use super::arena;
use super::model::{in_order, model, plays, total_rounds};

/// The standings of `t` after the results stored so far, said and drawn.
pub(crate) fn standings_reply(t: &TournamentRecord) -> Reply {
    let (message, table) = standings(t);
    Reply {
        standings: Some(table),
        ..Reply::public(message)
    }
}

/// The standings of `t` after its last complete round: the message, and the table to draw.
/// They count that round and those before it only, so a table headed "after round N" is the
/// same whenever it is asked: the byes, forfeits and results of the round under way wait for
/// its end. A finished tournament's table is its final one, whatever rounds were planned.
pub(crate) fn standings(t: &TournamentRecord) -> (TournamentMsg, StandingsTable) {
    if t.format == TournamentFormat::Arena {
        return arena_standings(t);
    }
    let after = (1..=t.round)
        .rev()
        .find(|&r| t.round_boards(r).all(|b| b.result.is_some()))
        .unwrap_or(0);
    let order = in_order(t);
    let model = model(t, &order, after, None);
    let swiss = t.format == TournamentFormat::Swiss;
    let system = if swiss {
        System::Swiss
    } else {
        System::RoundRobin
    };
    let (users, lines): (Vec<UserId>, Vec<StandingLine>) = tiebreak::standings(&model, system)
        .into_iter()
        .filter_map(|s| {
            let p = order.get((s.number as usize).checked_sub(1)?)?;
            let line = StandingLine {
                rank: s.rank,
                name: p.user.name.clone(),
                halves: s.points.0,
                tiebreaks: s.tiebreaks.iter().map(|v| v.0).collect(),
                withdrawn: p.withdrawn,
            };
            Some((p.user.id, line))
        })
        .unzip();
    let against = if swiss {
        Vec::new()
    } else {
        users
            .iter()
            .map(|&me| {
                users
                    .iter()
                    .map(|&them| results(t, after, me, them))
                    .collect()
            })
            .collect()
    };
    let table = StandingsTable {
        name: t.name.clone(),
        after,
        rounds: if t.state == TournamentState::Finished {
            after
        } else {
            total_rounds(t)
        },
        format: t.format,
        lines: lines.clone(),
        against,
    };
    let message = TournamentMsg::Standings {
        name: t.name.clone(),
        after,
        format: t.format,
        lines,
    };
    (message, table)
}

/// An arena's standings from every game finished so far (those under way wait for their
/// end): points, then games won, then games played (the same points in fewer games first).
/// Ties on all three share a rank.
fn arena_standings(t: &TournamentRecord) -> (TournamentMsg, StandingsTable) {
    let scores = arena::scores(t);
    let ranked = arena::ranked(t, &scores);
    let mut lines: Vec<StandingLine> = Vec::with_capacity(ranked.len());
    let mut previous: Option<(u32, u32, u32)> = None;
    for (at, (p, score)) in ranked.iter().enumerate() {
        let key = (score.points, score.wins, score.games);
        let rank = match (previous, lines.last()) {
            (Some(before), Some(last)) if before == key => last.rank,
            _ => u32::try_from(at + 1).unwrap_or(u32::MAX),
        };
        previous = Some(key);
        lines.push(StandingLine {
            rank,
            name: p.user.name.clone(),
            halves: score.points * 2,
            tiebreaks: vec![score.wins * 4, score.games * 4],
            withdrawn: p.withdrawn,
        });
    }
    let finished = t.state == TournamentState::Finished;
    let table = StandingsTable {
        name: t.name.clone(),
        after: t.round,
        rounds: if finished { t.round } else { 0 },
        format: t.format,
        lines: lines.clone(),
        against: Vec::new(),
    };
    let message = TournamentMsg::Standings {
        name: t.name.clone(),
        after: t.round,
        format: t.format,
        lines,
    };
    (message, table)
}

/// What `me` scored against `them` up to round `after`, game by game in the order played.
fn results(t: &TournamentRecord, after: u32, me: UserId, them: UserId) -> Vec<CrossResult> {
    if me == them {
        return Vec::new();
    }
    let mut boards: Vec<&TournamentBoard> = t
        .boards
        .iter()
        .filter(|b| b.round <= after && plays(b, me) && plays(b, them) && b.black.is_some())
        .collect();
    boards.sort_by_key(|b| (b.round, b.board));
    boards
        .into_iter()
        .filter_map(|b| cross_result(b.result?, b.white.id == me))
        .collect()
}

/// A board's result from white's side (`as_white`) or black's.
fn cross_result(result: BoardResult, as_white: bool) -> Option<CrossResult> {
    use CrossResult::{Draw, ForfeitLoss, ForfeitWin, Loss, Win};
    let (white, black) = match result {
        BoardResult::WhiteWins => (Win, Loss),
        BoardResult::BlackWins => (Loss, Win),
        BoardResult::Draw => (Draw, Draw),
        BoardResult::WhiteForfeit => (ForfeitWin, ForfeitLoss),
        BoardResult::BlackForfeit => (ForfeitLoss, ForfeitWin),
        BoardResult::DoubleForfeit => (ForfeitLoss, ForfeitLoss),
        BoardResult::Bye => return None,
    };
    Some(if as_white { white } else { black })
}

#[cfg(test)]
mod tests {
    use domain::{Entrant, TournamentState, User};
    use rules::Variant;

    use super::*;

    fn user(id: u64) -> User {
        User {
            id,
            name: format!("p{id}"),
        }
    }

    fn board(
        round: u32,
        board: u32,
        white: u64,
        black: u64,
        result: BoardResult,
    ) -> TournamentBoard {
        TournamentBoard {
            round,
            board,
            white: user(white),
            black: Some(user(black)),
            game: None,
            setup: None,
            result: Some(result),
            berserk: [false, false],
        }
    }

    /// A double round robin of three after three of its six rounds (byes on board 2), p3
    /// withdrawn: p1 beat p2 and drew p3 by forfeit both ways, p2 beat p3 on forfeit; in round 4,
    /// under way, p2 beat p1 and p3's bye waits for its result.
    fn record() -> TournamentRecord {
        let bye = |round, who| TournamentBoard {
            round,
            board: 2,
            white: user(who),
            black: None,
            game: None,
            setup: None,
            result: Some(BoardResult::Bye),
            berserk: [false, false],
        };
        TournamentRecord {
            id: 1,
            guild: 1,
            channel: 1,
            name: "Club".into(),
            variant: Variant::Standard,
            format: TournamentFormat::DoubleRoundRobin,
            rounds: 0,
            deadline: None,
            time: None,
            length: None,
            ends_ms: None,
            rated: true,
            random_setup: false,
            starts_ms: None,
            state: TournamentState::Running,
            round: 4,
            creator: user(9),
            created_ms: 0,
            players: (1..=3)
                .map(|id| Entrant {
                    user: user(id),
                    seq: id as u32,
                    withdrawn: id == 3,
                })
                .collect(),
            boards: vec![
                board(1, 1, 1, 2, BoardResult::WhiteWins),
                bye(1, 3),
                board(2, 1, 3, 1, BoardResult::DoubleForfeit),
                bye(2, 2),
                board(3, 1, 2, 3, BoardResult::WhiteForfeit),
                bye(3, 1),
                board(4, 1, 2, 1, BoardResult::WhiteWins),
                TournamentBoard {
                    result: None,
                    ..bye(4, 3)
                },
            ],
        }
    }

    #[test]
    fn the_table_holds_the_lines_and_each_pairs_results_in_the_order_played() {
        let t = record();
        let (message, table) = standings(&t);
        let TournamentMsg::Standings { lines, after, .. } = message else {
            panic!("standings");
        };
        assert_eq!((after, table.after, table.rounds), (3, 3, 6));
        assert_eq!(table.lines, lines);
        let names: Vec<&str> = lines.iter().map(|l| l.name.as_str()).collect();
        // After round 3: p1 1 + 1 (bye) = 2, ahead of p2 by their game; p2 1 (bye) + 1
        // (forfeit) = 2; p3 1 (bye). Round 4's win does not count yet.
        assert_eq!(names, ["p1", "p2", "p3"]);
        let points: Vec<u32> = lines.iter().map(|l| l.halves).collect();
        assert_eq!(points, [4, 4, 2]);
        assert!(lines[2].withdrawn);
        use CrossResult::{ForfeitLoss, ForfeitWin, Loss, Win};
        assert_eq!(
            table.against,
            vec![
                vec![vec![], vec![Win], vec![ForfeitLoss]],
                vec![vec![Loss], vec![], vec![ForfeitWin]],
                vec![vec![ForfeitLoss], vec![ForfeitLoss], vec![]],
            ]
        );
        let reply = standings_reply(&t);
        assert_eq!(reply.standings, Some(table));
        assert!(!reply.private);
    }

    #[test]
    fn a_round_counts_once_it_is_complete_and_the_same_table_keeps_its_heading() {
        let mut t = record();
        let before = standings(&t);
        // Round 4 as paired: its bye decided at once, its game under way. The table after
        // round 3 is the same.
        for b in t.boards.iter_mut().filter(|b| b.round == 4) {
            b.result = (b.black.is_none()).then_some(BoardResult::Bye);
        }
        assert_eq!(standings(&t), before);
        // Round 4 complete: its win and its bye count, under the heading of round 4.
        for b in t.boards.iter_mut().filter(|b| b.round == 4) {
            b.result.get_or_insert(BoardResult::WhiteWins);
        }
        let (message, table) = standings(&t);
        let TournamentMsg::Standings { lines, after, .. } = message else {
            panic!("standings");
        };
        assert_eq!((after, table.after), (4, 4));
        assert_eq!((lines[0].name.as_str(), lines[0].halves), ("p2", 6));
        assert_eq!(
            table.against[0][1],
            vec![CrossResult::Loss, CrossResult::Win]
        );
    }

    #[test]
    fn a_finished_tournaments_table_is_final_after_its_last_round_played() {
        let mut t = record();
        t.state = TournamentState::Finished;
        t.round = 3;
        t.boards.retain(|b| b.round <= 3);
        let (_, table) = standings(&t);
        assert_eq!((table.after, table.rounds), (3, 3));
    }

    #[test]
    fn a_swiss_table_has_no_cross_table() {
        let mut t = record();
        t.format = TournamentFormat::Swiss;
        t.rounds = 5;
        let (_, table) = standings(&t);
        assert!(table.against.is_empty());
        assert_eq!(table.rounds, 5);
    }
}
