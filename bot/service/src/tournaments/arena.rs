//! Arenas (lichess's format): for a set time, every free player is paired at once with a
//! free player of close score, and games are scored by streaks. Pure: the service stores
//! each wave of pairings as a round (a conditional write, so a wave is paired once however
//! many processes see a game end) and carries the arena on in `Tournaments::progress_arena`.
//!
//! The scores follow lichess: a win is 2 points, a draw 1, a loss 0; after two wins in a
//! row a player is on a streak and every game scores double (a win 4, a draw 2) until one is
//! not a win; a berserk player who wins gets a point more. A forfeit (a first turn never
//! played) scores nothing for either side and neither starts nor ends a streak.

use std::collections::HashMap;

use domain::{BoardResult, Entrant, TournamentBoard, TournamentRecord, User, UserId};

use super::model::plays;

/// One player's arena score so far.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(crate) struct Score {
    /// Points.
    pub(crate) points: u32,
    /// Games won over the board.
    pub(crate) wins: u32,
    /// Games finished (forfeits included).
    pub(crate) games: u32,
    /// Wins in a row at the end (2 or more: on a streak).
    pub(crate) run: u32,
    /// The last opponent, if any.
    pub(crate) last_opponent: Option<UserId>,
    /// Games as White minus games as Black.
    pub(crate) colour_balance: i32,
}

impl Score {
    /// Whether the next game scores double.
    pub(crate) fn on_streak(&self) -> bool {
        self.run >= 2
    }
}

/// What a board's result was for one of its players.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Played {
    Win,
    Draw,
    Loss,
    Forfeit,
}

fn played(result: BoardResult, as_white: bool) -> Option<Played> {
    Some(match (result, as_white) {
        (BoardResult::WhiteWins, true) | (BoardResult::BlackWins, false) => Played::Win,
        (BoardResult::WhiteWins, false) | (BoardResult::BlackWins, true) => Played::Loss,
        (BoardResult::Draw, _) => Played::Draw,
        (BoardResult::WhiteForfeit | BoardResult::BlackForfeit | BoardResult::DoubleForfeit, _) => {
            Played::Forfeit
        }
        (BoardResult::Bye, _) => return None,
    })
}

/// Every player's score from the boards finished so far, in the order they were paired.
pub(crate) fn scores(t: &TournamentRecord) -> HashMap<UserId, Score> {
    let mut scores: HashMap<UserId, Score> = t
        .players
        .iter()
        .map(|p| (p.user.id, Score::default()))
        .collect();
    let mut boards: Vec<&TournamentBoard> = t.boards.iter().collect();
    boards.sort_by_key(|b| (b.round, b.board));
    for b in boards {
        let (Some(result), Some(black)) = (b.result, &b.black) else {
            continue;
        };
        for (user, other, as_white, side) in [
            (b.white.id, black.id, true, 0),
            (black.id, b.white.id, false, 1),
        ] {
            let Some(outcome) = played(result, as_white) else {
                continue;
            };
            let score = scores.entry(user).or_default();
            let double = if score.on_streak() { 2 } else { 1 };
            score.games += 1;
            score.last_opponent = Some(other);
            score.colour_balance += if as_white { 1 } else { -1 };
            match outcome {
                Played::Win => {
                    let berserk = u32::from(b.berserk.get(side).copied().unwrap_or(false));
                    score.points += 2 * double + berserk;
                    score.wins += 1;
                    score.run += 1;
                }
                Played::Draw => {
                    score.points += double;
                    score.run = 0;
                }
                Played::Loss => score.run = 0,
                Played::Forfeit => {}
            }
        }
    }
    scores
}

/// The players of `t` in standings order: points, then wins, then fewer games (the same
/// points in fewer games rank higher), then joining order.
pub(crate) fn ranked<'a>(
    t: &'a TournamentRecord,
    scores: &HashMap<UserId, Score>,
) -> Vec<(&'a Entrant, Score)> {
    let mut lines: Vec<(&Entrant, Score)> = t
        .players
        .iter()
        .map(|p| (p, scores.get(&p.user.id).cloned().unwrap_or_default()))
        .collect();
    lines.sort_by(|(a, sa), (b, sb)| {
        sb.points
            .cmp(&sa.points)
            .then(sb.wins.cmp(&sa.wins))
            .then(sa.games.cmp(&sb.games))
            .then(a.seq.cmp(&b.seq))
    });
    lines
}

/// The next wave's pairings among the players of `t` who are free now (in it, not paused,
/// not playing): best score first, each with the closest score below that is not the
/// opponent they just met, unless nobody else could be paired with them at all (every other
/// player paused). White goes to the player who had Black more. Returns (White, Black)
/// pairs; an odd player out waits for the next game to end.
pub(crate) fn wave(t: &TournamentRecord) -> Vec<(User, User)> {
    let scores = scores(t);
    let busy = |user: UserId| {
        t.boards
            .iter()
            .any(|b| b.result.is_none() && b.black.is_some() && plays(b, user))
    };
    let active = t.players.iter().filter(|p| !p.withdrawn).count();
    let mut free: Vec<(&Entrant, Score)> = ranked(t, &scores)
        .into_iter()
        .filter(|(p, _)| !p.withdrawn && !busy(p.user.id))
        .collect();
    let mut pairs = Vec::new();
    while !free.is_empty() {
        let (first, first_score) = free.remove(0);
        let rematch = |other: &(&Entrant, Score)| {
            first_score.last_opponent == Some(other.0.user.id)
                && other.1.last_opponent == Some(first.user.id)
        };
        // A rematch only when these two are all the arena has left playing.
        let pick = free
            .iter()
            .position(|o| !rematch(o))
            .or_else(|| (active == 2 && !free.is_empty()).then_some(0));
        let Some(at) = pick else {
            continue;
        };
        let (second, second_score) = free.remove(at);
        let first_white = first_score.colour_balance <= second_score.colour_balance;
        let (white, black) = if first_white {
            (first.user.clone(), second.user.clone())
        } else {
            (second.user.clone(), first.user.clone())
        };
        pairs.push((white, black));
    }
    pairs
}

#[cfg(test)]
mod tests {
    use domain::{TournamentFormat, TournamentState};
    use rules::Variant;

    use super::*;

    fn user(id: u64) -> User {
        User {
            id,
            name: format!("p{id}"),
        }
    }

    fn arena(players: u64) -> TournamentRecord {
        TournamentRecord {
            id: 1,
            guild: 1,
            channel: 1,
            name: "A".into(),
            variant: Variant::Standard,
            format: TournamentFormat::Arena,
            rounds: 0,
            deadline: None,
            time: None,
            length: None,
            ends_ms: None,
            rated: false,
            random_setup: false,
            starts_ms: None,
            state: TournamentState::Running,
            round: 0,
            creator: user(1),
            created_ms: 0,
            players: (1..=players)
                .map(|id| Entrant {
                    user: user(id),
                    seq: u32::try_from(id).unwrap_or(0),
                    withdrawn: false,
                })
                .collect(),
            boards: Vec::new(),
        }
    }

    fn game(t: &mut TournamentRecord, white: u64, black: u64, result: BoardResult) {
        t.round += 1;
        t.boards.push(TournamentBoard {
            round: t.round,
            board: 1,
            white: user(white),
            black: Some(user(black)),
            game: Some(100 + u64::from(t.round)),
            setup: None,
            result: Some(result),
            berserk: [false, false],
        });
    }

    #[test]
    fn streaks_double_until_a_game_is_not_won() {
        let mut t = arena(2);
        // p1 wins, wins (streak from here), wins 4, draws 2 (streak over), wins 2.
        game(&mut t, 1, 2, BoardResult::WhiteWins);
        game(&mut t, 2, 1, BoardResult::BlackWins);
        game(&mut t, 1, 2, BoardResult::WhiteWins);
        game(&mut t, 2, 1, BoardResult::Draw);
        game(&mut t, 1, 2, BoardResult::WhiteWins);
        let s = scores(&t);
        assert_eq!(s[&1].points, 2 + 2 + 4 + 2 + 2);
        assert_eq!(s[&1].wins, 4);
        assert_eq!(s[&2].points, 1, "a draw off a streak is one point");
    }

    #[test]
    fn a_berserk_win_scores_a_point_more_and_forfeits_score_nothing() {
        let mut t = arena(2);
        game(&mut t, 1, 2, BoardResult::BlackWins);
        if let Some(b) = t.boards.last_mut() {
            b.berserk = [false, true];
        }
        game(&mut t, 1, 2, BoardResult::WhiteForfeit);
        let s = scores(&t);
        assert_eq!(s[&2].points, 3);
        assert_eq!((s[&1].points, s[&1].games), (0, 2));
    }

    #[test]
    fn a_wave_pairs_close_scores_and_no_rematch_while_others_play() {
        let mut t = arena(4);
        game(&mut t, 1, 2, BoardResult::WhiteWins);
        game(&mut t, 3, 4, BoardResult::WhiteWins);
        // p1 and p3 lead: they meet; p2 and p4 meet.
        let pairs = wave(&t);
        let ids: Vec<(u64, u64)> = pairs.iter().map(|(w, b)| (w.id, b.id)).collect();
        assert_eq!(ids.len(), 2);
        assert!(ids.contains(&(3, 1)) || ids.contains(&(1, 3)), "{ids:?}");
        // With p3 and p4 busy, p1 and p2 (who just met) wait for them.
        t.boards.push(TournamentBoard {
            round: 3,
            board: 1,
            white: user(3),
            black: Some(user(4)),
            game: Some(200),
            setup: None,
            result: None,
            berserk: [false, false],
        });
        assert!(wave(&t).is_empty());
        // Alone in the arena, they meet again.
        t.players.retain(|p| p.user.id <= 2);
        t.boards.pop();
        assert_eq!(wave(&t).len(), 1);
    }
}
