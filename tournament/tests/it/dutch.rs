//! The Dutch system against four tournaments paired round by round by an established
//! FIDE-endorsed Dutch program: each file is cut before each round (earlier rounds kept, of
//! that round only the absences), paired, and compared board by board, colours included.

use std::collections::BTreeSet;

use nadare_tournament::dutch::pair_next_round;
use nadare_tournament::{Colour, Outcome, Pairing, Tournament, trf};

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
    let first = full
        .player(1)
        .and_then(|p| p.rounds.first())
        .and_then(|e| e.colour)
        .unwrap_or(Colour::White);
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

/// Every round of every sample, with what nadare paired where it differs.
fn differences() -> Vec<String> {
    let mut out = Vec::new();
    for (name, text) in SAMPLES {
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
    let diffs = differences();
    assert!(
        diffs.is_empty(),
        "{} rounds differ:\n{}",
        diffs.len(),
        diffs.join("\n")
    );
}
