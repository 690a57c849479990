//! The Dutch system against four tournaments paired round by round by an established
//! FIDE-endorsed Dutch program: each file is cut before each round (earlier rounds kept, of
//! that round only the absences), paired, and compared board by board, colours included.

use std::collections::BTreeSet;

use tournament::dutch::pair_next_round;
use tournament::{Colour, Outcome, Pairing, Tournament, trf};

/// The sample tournaments: name and text.
pub const SAMPLES: [(&str, &str); 4] = [
    ("sample-1", include_str!("../data/swiss/sample-1-p7-r5.trf")),
    (
        "sample-2",
        include_str!("../data/swiss/sample-2-p12-r7.trf"),
    ),
    (
        "sample-3",
        include_str!("../data/swiss/sample-3-p25-r9.trf"),
    ),
    (
        "sample-4",
        include_str!("../data/swiss/sample-4-p60-r9.trf"),
    ),
];

/// The tournament as it stood before `round` (from 1): earlier rounds, and of `round` only
/// the entries of players who were not to be paired; with the total rounds and the first
/// player's first colour stated.
pub fn cut(full: &Tournament, round: usize) -> Tournament {
    let total = full.rounds_played();
    let first = initial_colour(full);
    let mut t = full.clone();
    t.total_rounds = Some(total as u32);
    t.initial_colour = Some(first);
    for p in &mut t.players {
        let keep_absence = p.rounds.get(round - 1).is_some_and(|e| {
            e.opponent.is_none()
                && matches!(
                    e.outcome,
                    Outcome::ForfeitLoss | Outcome::ZeroBye | Outcome::HalfBye | Outcome::FullBye
                )
        });
        p.rounds
            .truncate(if keep_absence { round } else { round - 1 });
    }
    t
}

/// The initial colour as the program that paired the file infers it: the colour of
/// effective pairing number 1 in the first round with games, the players numbered among those
/// paired (or given the bye) by then.
pub fn initial_colour(full: &Tournament) -> Colour {
    let first = (0..full.rounds_played()).find(|&r| {
        full.players
            .iter()
            .any(|p| p.rounds.get(r).is_some_and(|e| e.colour.is_some()))
    });
    let Some(first) = first else {
        return Colour::White;
    };
    let paired = |e: &tournament::Entry| e.opponent.is_some() || e.outcome == Outcome::PairingBye;
    full.players
        .iter()
        .filter(|p| p.rounds.iter().take(first + 1).any(paired))
        .enumerate()
        .find_map(|(effective, p)| {
            let colour = p.rounds.get(first).and_then(|e| e.colour)?;
            Some(if effective % 2 == 0 {
                colour
            } else {
                colour.opposite()
            })
        })
        .unwrap_or(Colour::White)
}

/// What the file says round `round` was: games and the bye.
pub fn recorded(full: &Tournament, round: usize) -> BTreeSet<Pairing> {
    let mut out = BTreeSet::new();
    for p in &full.players {
        let Some(e) = p.rounds.get(round - 1) else {
            continue;
        };
        match (e.opponent, e.colour) {
            (Some(o), Some(Colour::White)) => {
                out.insert(Pairing::Game {
                    white: p.number,
                    black: o,
                });
            }
            (None, _) if e.outcome == Outcome::PairingBye => {
                out.insert(Pairing::Bye(p.number));
            }
            _ => {}
        }
    }
    out
}

/// Every round of every file, with what nadare paired where it differs from the file.
pub fn differences(files: &[(&str, &str)]) -> Vec<String> {
    let mut out = Vec::new();
    for &(name, text) in files {
        let full = trf::read(text).expect("sample reads");
        for round in 1..=full.rounds_played() {
            let before = cut(&full, round);
            let expected = recorded(&full, round);
            match pair_next_round(&before) {
                Ok(paired) => {
                    assert_eq!(paired.round as usize, round, "{name}");
                    let got: BTreeSet<Pairing> = paired.pairings.iter().copied().collect();
                    if got != expected {
                        let only_got: Vec<_> = got.difference(&expected).collect();
                        let only_exp: Vec<_> = expected.difference(&got).collect();
                        out.push(format!(
                            "{name} round {round}: nadare {only_got:?}, recorded {only_exp:?}"
                        ));
                    }
                }
                Err(e) => out.push(format!("{name} round {round}: {e}")),
            }
        }
    }
    out
}

#[test]
fn all_thirty_recorded_rounds_pair_identically() {
    let diffs = differences(&SAMPLES);
    assert!(
        diffs.is_empty(),
        "{} rounds differ:\n{}",
        diffs.len(),
        diffs.join("\n")
    );
}

/// A field of `n` players with no rounds yet.
fn field(n: u32, initial: Colour) -> Tournament {
    Tournament {
        name: None,
        total_rounds: Some(5),
        initial_colour: Some(initial),
        accelerations: Default::default(),
        players: (1..=n)
            .map(|number| tournament::Player {
                number,
                name: format!("P{number}"),
                rating: None,
                rounds: Vec::new(),
            })
            .collect(),
    }
}

/// Records a game of the next round: white's and black's numbers and white's outcome.
fn game(t: &mut Tournament, white: u32, black: u32, outcome: Outcome) {
    let other = match outcome {
        Outcome::Win => Outcome::Loss,
        Outcome::Loss => Outcome::Win,
        Outcome::ForfeitWin => Outcome::ForfeitLoss,
        Outcome::ForfeitLoss => Outcome::ForfeitWin,
        same => same,
    };
    for (me, them, colour, result) in [
        (white, black, Colour::White, outcome),
        (black, white, Colour::Black, other),
    ] {
        if let Some(p) = t.players.iter_mut().find(|p| p.number == me) {
            p.rounds.push(tournament::Entry {
                opponent: Some(them),
                colour: Some(colour),
                outcome: result,
            });
        }
    }
}

/// The pairings of the next round, as `(white, black)` with `0` for the bye.
fn next(t: &Tournament) -> Vec<(u32, u32)> {
    pair_next_round(t)
        .expect("pairs")
        .pairings
        .into_iter()
        .map(|p| match p {
            Pairing::Game { white, black } => (white, black),
            Pairing::Bye(p) => (p, 0),
        })
        .collect()
}

#[test]
fn round_one_pairs_the_top_half_with_the_bottom_half() {
    // S1 = 1 2 3, S2 = 4 5 6; the odd pairing numbers of S1 get the initial colour.
    assert_eq!(next(&field(6, Colour::White)), [(1, 4), (5, 2), (3, 6)]);
    assert_eq!(next(&field(6, Colour::Black)), [(4, 1), (2, 5), (6, 3)]);
    // Odd: the lowest player gets the bye.
    assert_eq!(next(&field(5, Colour::White)), [(1, 3), (4, 2), (5, 0)]);
}

#[test]
fn round_two_floats_the_leader_down_and_alternates_colours() {
    let mut t = field(4, Colour::White);
    game(&mut t, 1, 3, Outcome::Win);
    game(&mut t, 4, 2, Outcome::Draw);
    // 1 (1 point) floats down to 2 and 4 (½): the higher resident, 2, meets it; 4 floats
    // down to 3. Both pairs alternate colours from round 1.
    assert_eq!(next(&t), [(2, 1), (3, 4)]);
}

#[test]
fn a_forfeited_game_is_no_meeting_but_a_played_one_is() {
    let mut t = field(2, Colour::White);
    game(&mut t, 1, 2, Outcome::ForfeitWin);
    // Nor does it count for colours: no preferences, so 1 (higher, odd) takes the initial
    // colour again.
    assert_eq!(next(&t), [(1, 2)]);
    let mut t = field(2, Colour::White);
    game(&mut t, 1, 2, Outcome::Draw);
    assert_eq!(
        pair_next_round(&t),
        Err(tournament::dutch::DutchError::NoValidPairing)
    );
}

#[test]
fn the_bye_goes_once_and_never_to_a_forfeit_winner() {
    let mut t = field(3, Colour::White);
    // Round 1: 1 beats 2 by forfeit, 3 has the bye.
    game(&mut t, 1, 2, Outcome::ForfeitWin);
    if let Some(p) = t.players.iter_mut().find(|p| p.number == 3) {
        p.rounds.push(tournament::Entry {
            opponent: None,
            colour: None,
            outcome: Outcome::PairingBye,
        });
    }
    // 3 has had the bye and 1 won by forfeit: only 2 may have it; 1 and 3 meet, neither
    // with a colour history, so 1 (ranked higher, odd) has white.
    assert_eq!(next(&t), [(1, 3), (2, 0)]);
}

#[test]
fn more_than_a_thousand_players_are_refused_before_any_work() {
    assert_eq!(
        pair_next_round(&field(1001, Colour::White)),
        Err(tournament::dutch::DutchError::TooLarge)
    );
    assert_eq!(
        pair_next_round(&field(1, Colour::White)),
        Err(tournament::dutch::DutchError::TooFewPlayers)
    );
}

#[test]
fn no_round_when_the_bye_has_nobody_left_to_go_to() {
    let mut t = field(3, Colour::White);
    let bye = tournament::Entry {
        opponent: None,
        colour: None,
        outcome: Outcome::PairingBye,
    };
    // Round 1: 1 wins by forfeit, 3 has the bye; round 2: 1 and 3 play, 2 has the bye.
    game(&mut t, 1, 2, Outcome::ForfeitWin);
    t.players[2].rounds.push(bye);
    game(&mut t, 1, 3, Outcome::Draw);
    t.players[1].rounds.push(bye);
    // 1-2 or 2-3 could meet, but each leaves a player who may not have the bye again.
    assert_eq!(
        pair_next_round(&t),
        Err(tournament::dutch::DutchError::NoValidPairing)
    );
}
