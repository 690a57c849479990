//! Round robins by the Berger tables of the FIDE Handbook (C.05, Annex 1): for `n` players
//! (an odd number gets a dummy, whose opponent has the bye), round `r` puts player `n` against
//! the player `p = (r-1)·n/2 mod (n-1) + 1` (player `n` black in odd rounds, white in even
//! ones), and on the boards below pairs `p+k` (white) with `p-k` (black), counted around
//! `1..n-1`. A double round robin plays the table twice, colours reversed the second time.

use crate::model::Pairing;

/// The rounds of a single round robin for `players` players (at least 2): each round's
/// boards in the table's order, byes last.
pub fn round_robin(players: u32) -> Vec<Vec<Pairing>> {
    let n = players + players % 2;
    let m = n - 1;
    let half = n / 2;
    // Player numbers wrap around 1..=m.
    let wrap = |x: i64| -> u32 { (x - 1).rem_euclid(i64::from(m)) as u32 + 1 };
    (1..=m)
        .map(|round| {
            let p = (round - 1) * half % m + 1;
            let mut boards = Vec::with_capacity(half as usize);
            let (white, black) = if round % 2 == 1 { (p, n) } else { (n, p) };
            boards.push((white, black));
            for k in 1..half {
                let p = i64::from(p);
                let k = i64::from(k);
                boards.push((wrap(p + k), wrap(p - k)));
            }
            let (games, byes): (Vec<_>, Vec<_>) = boards
                .into_iter()
                .partition(|&(w, b)| w <= players && b <= players);
            games
                .into_iter()
                .map(|(white, black)| Pairing::Game { white, black })
                .chain(byes.into_iter().map(|(w, b)| Pairing::Bye(w.min(b))))
                .collect()
        })
        .collect()
}

/// The rounds of a double round robin: the single one, then again with colours reversed.
pub fn double_round_robin(players: u32) -> Vec<Vec<Pairing>> {
    let first = round_robin(players);
    let second: Vec<Vec<Pairing>> = first
        .iter()
        .map(|round| {
            round
                .iter()
                .map(|&pairing| match pairing {
                    Pairing::Game { white, black } => Pairing::Game {
                        white: black,
                        black: white,
                    },
                    bye => bye,
                })
                .collect()
        })
        .collect();
    first.into_iter().chain(second).collect()
}
