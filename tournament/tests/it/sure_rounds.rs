//! The rounds a Swiss is sure to pair (`dutch::sure_rounds`): random tournaments of 2–14
//! players, random results, are paired to that round every time, and the fields the bound is
//! tight for can jam in the round after it.

use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use tournament::dutch::{DutchError, pair_next_round, sure_players, sure_rounds};
use tournament::{Colour, Outcome};

use super::swiss_properties::{record, start};

/// Plays a Swiss of `n` players for `rounds` rounds with random results; the first round that
/// could not be paired, if any.
fn jams_at(n: u32, rounds: u32, seed: u64) -> Option<u32> {
    let mut rng = StdRng::seed_from_u64(seed);
    let mut t = start(n, rounds, Colour::White);
    for round in 1..=rounds {
        let paired = match pair_next_round(&t) {
            Ok(paired) => paired,
            Err(DutchError::NoValidPairing) => return Some(round),
            Err(e) => panic!("{n} players, round {round}: {e}"),
        };
        record(&mut t, paired.pairings, || match rng.random_range(0..3) {
            0 => (Outcome::Win, Outcome::Loss),
            1 => (Outcome::Draw, Outcome::Draw),
            _ => (Outcome::Loss, Outcome::Win),
        });
    }
    None
}

#[test]
fn the_bound_is_half_the_field_rounded_up() {
    let sure: Vec<u32> = (2..=9).map(sure_rounds).collect();
    assert_eq!(sure, [1, 2, 2, 3, 3, 4, 4, 5]);
    for rounds in 1..=30 {
        let players = sure_players(rounds);
        assert_eq!(sure_rounds(players), rounds, "{players} players");
        assert!(sure_rounds(players - 1) < rounds || players == 1);
    }
}

#[test]
fn random_swiss_tournaments_always_pair_the_rounds_they_are_sure_of() {
    for n in 2..=14 {
        for seed in 0..40 {
            assert_eq!(
                jams_at(n, sure_rounds(n), seed),
                None,
                "{n} players, seed {seed}"
            );
        }
    }
}

#[test]
fn five_six_and_eight_players_can_jam_in_the_round_after_the_bound() {
    for n in [5, 6, 8] {
        let next = sure_rounds(n) + 1;
        // More rounds planned, so the round after the bound is not the last one (whose colour
        // rules are relaxed for the leaders).
        let jammed = (0..300).filter_map(|seed| jams_at(n, n, seed)).min();
        assert_eq!(jammed, Some(next), "{n} players");
    }
}
