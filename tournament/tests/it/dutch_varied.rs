//! Rounds the generator does not make, paired by bbpPairings (its output stored beside each
//! file): players who join late (their first rounds blank or absences, the field renumbered
//! around them), requested full-point byes (no pairing-allocated bye after one), accelerated
//! rounds (`XXA` and `250` lines). nadare pairs each exactly as the oracle did, board order
//! included; and refuses what the oracle would pair as another round.

use tournament::dutch::{DutchError, pair_next_round};
use tournament::{Pairing, trf};

/// Cut tournaments, changed by `scripts/swiss-oracle.py --vary`, and the oracle's pairing:
/// name, TRF, pairs as `nadare pairings` and bbpPairings print them.
const VARIED: [(&str, &str, &str); 8] = [
    (
        "sample-2-r5-late",
        include_str!("../data/swiss-varied/sample-2-r5-late.trf"),
        include_str!("../data/swiss-varied/sample-2-r5-late.pairs"),
    ),
    (
        "sample-3-r1-late",
        include_str!("../data/swiss-varied/sample-3-r1-late.trf"),
        include_str!("../data/swiss-varied/sample-3-r1-late.pairs"),
    ),
    (
        "sample-3-r8-fullbye-late",
        include_str!("../data/swiss-varied/sample-3-r8-fullbye-late.trf"),
        include_str!("../data/swiss-varied/sample-3-r8-fullbye-late.pairs"),
    ),
    (
        "sample-3-r8-late-fullbye-bye",
        include_str!("../data/swiss-varied/sample-3-r8-late-fullbye-bye.trf"),
        include_str!("../data/swiss-varied/sample-3-r8-late-fullbye-bye.pairs"),
    ),
    (
        "more-058-r4-fullbye-late",
        include_str!("../data/swiss-varied/more-058-r4-fullbye-late.trf"),
        include_str!("../data/swiss-varied/more-058-r4-fullbye-late.pairs"),
    ),
    (
        "more-058-r6-accel-late",
        include_str!("../data/swiss-varied/more-058-r6-accel-late.trf"),
        include_str!("../data/swiss-varied/more-058-r6-accel-late.pairs"),
    ),
    (
        "more-007-r8-accel",
        include_str!("../data/swiss-varied/more-007-r8-accel.trf"),
        include_str!("../data/swiss-varied/more-007-r8-accel.pairs"),
    ),
    (
        "sample-3-r4-accel",
        include_str!("../data/swiss-varied/sample-3-r4-accel.trf"),
        include_str!("../data/swiss-varied/sample-3-r4-accel.pairs"),
    ),
];

/// A round's pairings as the programs print them: the count, then `WHITE BLACK`, `PLAYER 0`.
fn printed(pairings: &[Pairing]) -> String {
    let mut out = format!("{}\n", pairings.len());
    for p in pairings {
        match *p {
            Pairing::Game { white, black } => out.push_str(&format!("{white} {black}\n")),
            Pairing::Bye(player) => out.push_str(&format!("{player} 0\n")),
        }
    }
    out
}

#[test]
fn late_entrants_full_point_byes_and_accelerations_pair_as_the_oracle_did() {
    let mut diffs = Vec::new();
    for (name, text, expected) in VARIED {
        let t = trf::read(text).expect("the file reads");
        match pair_next_round(&t) {
            Ok(round) if printed(&round.pairings) == expected.replace("\r", "") => {}
            Ok(round) => diffs.push(format!(
                "{name}: nadare\n{}oracle\n{expected}",
                printed(&round.pairings)
            )),
            Err(e) => diffs.push(format!("{name}: {e}")),
        }
    }
    assert!(diffs.is_empty(), "{}", diffs.join("\n"));
}

#[test]
fn an_entry_after_the_round_to_pair_is_refused() {
    // Two half-point byes entered ahead: the oracle would take the first round as played,
    // everyone else absent.
    let (_, text, _) = VARIED[0];
    let mut t = trf::read(text).expect("the file reads");
    let next = pair_next_round(&t).expect("the round pairs").round as usize;
    let bye = tournament::Entry {
        opponent: None,
        colour: None,
        outcome: tournament::Outcome::HalfBye,
    };
    if let Some(p) = t.players.first_mut() {
        p.rounds.resize(next + 1, bye);
    }
    assert_eq!(
        pair_next_round(&t),
        Err(DutchError::EntryAfterRound {
            player: 1,
            entry: next + 1,
            round: next,
        })
    );
}
