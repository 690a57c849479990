//! The Berger tables against the FIDE Handbook's published tables (C.05, Annex 1), entered by
//! hand, and every size from 3 to 16 against the tables' structure.

use std::collections::BTreeSet;

use tournament::Pairing;
use tournament::berger::{double_round_robin, round_robin};

/// A table as printed: each round's boards, `(white, black)`.
fn table(players: u32) -> Vec<Vec<(u32, u32)>> {
    round_robin(players)
        .into_iter()
        .map(|round| {
            round
                .into_iter()
                .filter_map(|p| match p {
                    Pairing::Game { white, black } => Some((white, black)),
                    Pairing::Bye(_) => None,
                })
                .collect()
        })
        .collect()
}

#[test]
fn four_players_as_published() {
    let published = vec![
        vec![(1, 4), (2, 3)],
        vec![(4, 3), (1, 2)],
        vec![(2, 4), (3, 1)],
    ];
    assert_eq!(table(4), published);
}

#[test]
fn six_players_as_published() {
    let published = vec![
        vec![(1, 6), (2, 5), (3, 4)],
        vec![(6, 4), (5, 3), (1, 2)],
        vec![(2, 6), (3, 1), (4, 5)],
        vec![(6, 5), (1, 4), (2, 3)],
        vec![(3, 6), (4, 2), (5, 1)],
    ];
    assert_eq!(table(6), published);
}

#[test]
fn ten_players_as_published() {
    let published = vec![
        vec![(1, 10), (2, 9), (3, 8), (4, 7), (5, 6)],
        vec![(10, 6), (7, 5), (8, 4), (9, 3), (1, 2)],
        vec![(2, 10), (3, 1), (4, 9), (5, 8), (6, 7)],
        vec![(10, 7), (8, 6), (9, 5), (1, 4), (2, 3)],
        vec![(3, 10), (4, 2), (5, 1), (6, 9), (7, 8)],
        vec![(10, 8), (9, 7), (1, 6), (2, 5), (3, 4)],
        vec![(4, 10), (5, 3), (6, 2), (7, 1), (8, 9)],
        vec![(10, 9), (1, 8), (2, 7), (3, 6), (4, 5)],
        vec![(5, 10), (6, 4), (7, 3), (8, 2), (9, 1)],
    ];
    assert_eq!(table(10), published);
}

#[test]
fn odd_tables_are_the_even_ones_with_a_bye_for_the_dummys_opponent() {
    let five = round_robin(5);
    assert_eq!(five.len(), 5);
    // Round 1 of the 6-table: 1-6, so 1 has the bye.
    assert_eq!(five[0][2], Pairing::Bye(1));
    assert_eq!(five[0][0], Pairing::Game { white: 2, black: 5 });
    assert_eq!(five[1][2], Pairing::Bye(4));
}

#[test]
fn every_size_from_3_to_16_meets_each_pair_once_with_balanced_colours() {
    for players in 3..=16u32 {
        let rounds = round_robin(players);
        let even = players + players % 2;
        assert_eq!(rounds.len() as u32, even - 1, "{players} players");
        let mut met = BTreeSet::new();
        let mut whites = vec![0u32; players as usize + 1];
        for round in &rounds {
            let mut seen = BTreeSet::new();
            for pairing in round {
                match *pairing {
                    Pairing::Game { white, black } => {
                        assert!(seen.insert(white) && seen.insert(black));
                        assert!(met.insert((white.min(black), white.max(black))));
                        whites[white as usize] += 1;
                    }
                    Pairing::Bye(p) => {
                        assert!(players % 2 == 1 && seen.insert(p));
                    }
                }
            }
            assert_eq!(seen.len() as u32, players, "{players} players");
        }
        assert_eq!(met.len() as u32, players * (players - 1) / 2);
        if players % 2 == 0 {
            // Even tables: everyone has (n-1)/2 whites rounded one way or the other.
            for w in &whites[1..] {
                assert!(
                    *w == (players - 1) / 2 || *w == players / 2,
                    "{players}: {w}"
                );
            }
        }
    }
}

#[test]
fn double_round_robin_reverses_colours() {
    let double = double_round_robin(6);
    assert_eq!(double.len(), 10);
    for (first, second) in double[..5].iter().zip(&double[5..]) {
        for (a, b) in first.iter().zip(second) {
            match (*a, *b) {
                (
                    Pairing::Game { white, black },
                    Pairing::Game {
                        white: w2,
                        black: b2,
                    },
                ) => assert_eq!((white, black), (b2, w2)),
                other => panic!("unexpected {other:?}"),
            }
        }
    }
}
