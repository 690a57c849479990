//! The tournament as the pairing rules see it, shared by pairing, standings and the export:
//! the players in joining order (their pairing numbers), the rounds in all, and each player's
//! entry per round from the boards stored.

use tournament::{Colour, Entry, Player, Tournament};

use domain::{BoardResult, TournamentBoard, TournamentFormat, TournamentRecord, UserId};

/// The players of `t` in joining order: their pairing numbers are their places in it.
pub(crate) fn in_order(t: &TournamentRecord) -> Vec<&domain::Entrant> {
    let mut order: Vec<_> = t.players.iter().collect();
    order.sort_by_key(|p| (p.seq, p.user.id));
    order
}

/// Whether `user` plays on board `b`.
pub(crate) fn plays(b: &TournamentBoard, user: UserId) -> bool {
    b.white.id == user || b.black.as_ref().is_some_and(|u| u.id == user)
}

/// The rounds a tournament has in all: a Swiss's as set, a round robin's by its players.
pub(crate) fn total_rounds(t: &TournamentRecord) -> u32 {
    let n = u32::try_from(t.players.len()).unwrap_or(u32::MAX);
    let single = (n + n % 2).saturating_sub(1);
    match t.format {
        TournamentFormat::Swiss => t.rounds,
        TournamentFormat::RoundRobin => single,
        TournamentFormat::DoubleRoundRobin => single * 2,
        // An arena's pairing waves so far: it ends by the clock, not by a count.
        TournamentFormat::Arena => t.round,
    }
}

/// The tournament as the pairing rules see it after round `upto`: players numbered in joining
/// order, one entry per round from 1 to `upto` (a board without a result yet, or no board, is
/// an absence; rounds after `upto` are left out, their byes and forfeits too). With `next`, a
/// withdrawn player is marked absent from that round, so a Swiss does not pair them.
pub(crate) fn model(
    t: &TournamentRecord,
    order: &[&domain::Entrant],
    upto: u32,
    next: Option<u32>,
) -> Tournament {
    let number = |user: UserId| {
        order
            .iter()
            .position(|p| p.user.id == user)
            .and_then(|i| u32::try_from(i + 1).ok())
    };
    let absent = Entry {
        opponent: None,
        colour: None,
        outcome: tournament::Outcome::ZeroBye,
    };
    let players = order
        .iter()
        .map(|p| {
            let mut rounds: Vec<Entry> = (1..=upto.min(t.round))
                .map(|r| {
                    t.round_boards(r)
                        .find(|b| plays(b, p.user.id))
                        .and_then(|b| entry(b, p.user.id == b.white.id, &number))
                        .unwrap_or(absent)
                })
                .collect();
            if next.is_some() && p.withdrawn {
                rounds.push(absent);
            }
            Player {
                number: number(p.user.id).unwrap_or(0),
                name: p.user.name.clone(),
                rating: None,
                rounds,
            }
        })
        .collect();
    Tournament {
        name: Some(t.name.clone()),
        total_rounds: Some(total_rounds(t)),
        initial_colour: None,
        accelerations: Default::default(),
        players,
    }
}

/// A board's entry for white (`as_white`) or black, once it has a result.
fn entry(
    b: &TournamentBoard,
    as_white: bool,
    number: &dyn Fn(UserId) -> Option<u32>,
) -> Option<Entry> {
    use tournament::Outcome as O;
    let result = b.result?;
    let opponent = if as_white {
        b.black.as_ref().and_then(|u| number(u.id))
    } else {
        number(b.white.id)
    };
    let (white, black) = match result {
        BoardResult::Bye => {
            return Some(Entry {
                opponent: None,
                colour: None,
                outcome: O::PairingBye,
            });
        }
        BoardResult::WhiteWins => (O::Win, O::Loss),
        BoardResult::BlackWins => (O::Loss, O::Win),
        BoardResult::Draw => (O::Draw, O::Draw),
        BoardResult::WhiteForfeit => (O::ForfeitWin, O::ForfeitLoss),
        BoardResult::BlackForfeit => (O::ForfeitLoss, O::ForfeitWin),
        BoardResult::DoubleForfeit => (O::ForfeitLoss, O::ForfeitLoss),
    };
    Some(Entry {
        opponent,
        colour: Some(if as_white {
            Colour::White
        } else {
            Colour::Black
        }),
        outcome: if as_white { white } else { black },
    })
}
