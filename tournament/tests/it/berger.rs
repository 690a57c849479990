//! The Berger tables against the FIDE Handbook's published tables (C.05, Annex 1) for 4, 6, 8,
//! 10, 12 and 14 players, entered by hand from published copies, and every size from 3 to 16
//! against the tables' structure.

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

/// Parses a printed table: rounds separated by `;`, boards `W-B` separated by spaces.
fn printed(text: &str) -> Vec<Vec<(u32, u32)>> {
    text.split(';')
        .map(|round| {
            round
                .split_whitespace()
                .map(|board| {
                    let (w, b) = board.split_once('-').expect("W-B");
                    (w.parse().expect("white"), b.parse().expect("black"))
                })
                .collect()
        })
        .collect()
}

#[test]
fn eight_twelve_and_fourteen_players_as_published() {
    let eight = "1-8 2-7 3-6 4-5; 8-5 6-4 7-3 1-2; 2-8 3-1 4-7 5-6; 8-6 7-5 1-4 2-3;
        3-8 4-2 5-1 6-7; 8-7 1-6 2-5 3-4; 4-8 5-3 6-2 7-1";
    assert_eq!(table(8), printed(eight));
    let twelve = "1-12 2-11 3-10 4-9 5-8 6-7; 12-7 8-6 9-5 10-4 11-3 1-2;
        2-12 3-1 4-11 5-10 6-9 7-8; 12-8 9-7 10-6 11-5 1-4 2-3;
        3-12 4-2 5-1 6-11 7-10 8-9; 12-9 10-8 11-7 1-6 2-5 3-4;
        4-12 5-3 6-2 7-1 8-11 9-10; 12-10 11-9 1-8 2-7 3-6 4-5;
        5-12 6-4 7-3 8-2 9-1 10-11; 12-11 1-10 2-9 3-8 4-7 5-6;
        6-12 7-5 8-4 9-3 10-2 11-1";
    assert_eq!(table(12), printed(twelve));
    let fourteen = "1-14 2-13 3-12 4-11 5-10 6-9 7-8; 14-8 9-7 10-6 11-5 12-4 13-3 1-2;
        2-14 3-1 4-13 5-12 6-11 7-10 8-9; 14-9 10-8 11-7 12-6 13-5 1-4 2-3;
        3-14 4-2 5-1 6-13 7-12 8-11 9-10; 14-10 11-9 12-8 13-7 1-6 2-5 3-4;
        4-14 5-3 6-2 7-1 8-13 9-12 10-11; 14-11 12-10 13-9 1-8 2-7 3-6 4-5;
        5-14 6-4 7-3 8-2 9-1 10-13 11-12; 14-12 13-11 1-10 2-9 3-8 4-7 5-6;
        6-14 7-5 8-4 9-3 10-2 11-1 12-13; 14-13 1-12 2-11 3-10 4-9 5-8 6-7;
        7-14 8-6 9-5 10-4 11-3 12-2 13-1";
    assert_eq!(table(14), printed(fourteen));
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
