//! Tiebreaks and standings on small tournaments worked out by hand.

use Outcome::{Draw, Loss, PairingBye, Win};
use tournament::tiebreak::{System, Value, buchholz_cut1, sonneborn_berger, standings};
use tournament::{Colour, Entry, Outcome, Player, Points, Tournament};

/// A tournament of `n` players whose rounds are given as games `(white, black, white's
/// outcome)` and byes `(player, 0, outcome)`.
fn tournament(n: u32, rounds: &[&[(u32, u32, Outcome)]]) -> Tournament {
    let mut players: Vec<Player> = (1..=n)
        .map(|number| Player {
            number,
            name: format!("P{number}"),
            rating: None,
            rounds: Vec::new(),
        })
        .collect();
    for round in rounds {
        for &(a, b, outcome) in *round {
            let entries = if b == 0 {
                vec![(
                    a,
                    Entry {
                        opponent: None,
                        colour: None,
                        outcome,
                    },
                )]
            } else {
                let other = match outcome {
                    Win => Loss,
                    Loss => Win,
                    same => same,
                };
                vec![
                    (
                        a,
                        Entry {
                            opponent: Some(b),
                            colour: Some(Colour::White),
                            outcome,
                        },
                    ),
                    (
                        b,
                        Entry {
                            opponent: Some(a),
                            colour: Some(Colour::Black),
                            outcome: other,
                        },
                    ),
                ]
            };
            for (p, e) in entries {
                players[p as usize - 1].rounds.push(e);
            }
        }
    }
    Tournament {
        players,
        ..Tournament::default()
    }
}

#[test]
fn round_robin_by_direct_encounter_then_sonneborn_berger() {
    // The 4-player Berger table with results: 1 and 2 tie on 2 points, 2 beat 1.
    let t = tournament(
        4,
        &[
            &[(1, 4, Win), (2, 3, Draw)],
            &[(4, 3, Loss), (1, 2, Loss)],
            &[(2, 4, Draw), (3, 1, Loss)],
        ],
    );
    let player = |n: u32| t.player(n).expect("player");
    // SB by hand: 1: ½ + 1½ = 2; 2: 1½·½ + 2 + ½·½ = 3; 3: 2·½ + ½ = 1½; 4: 2·½ = 1.
    let sb: Vec<Value> = (1..=4).map(|n| sonneborn_berger(&t, player(n))).collect();
    assert_eq!(sb, [Value(8), Value(12), Value(6), Value(4)]);
    assert_eq!(Value(6).to_string(), "1.50");
    let table = standings(&t, System::RoundRobin);
    let order: Vec<(u32, u32, Points)> =
        table.iter().map(|s| (s.rank, s.number, s.points)).collect();
    assert_eq!(
        order,
        [
            (1, 2, Points(4)),
            (2, 1, Points(4)),
            (3, 3, Points(3)),
            (4, 4, Points(1))
        ]
    );
    // Direct encounter: 2 scored 1 against the other tied player, 1 scored nothing.
    assert_eq!(table[0].tiebreaks[0], Value(4));
    assert_eq!(table[1].tiebreaks[0], Value(0));
}

#[test]
fn swiss_by_buchholz_cut_1_then_sonneborn_berger_with_a_bye() {
    let t = tournament(
        5,
        &[
            &[(1, 3, Win), (4, 2, Loss), (5, 0, PairingBye)],
            &[(2, 1, Draw), (5, 4, Win), (3, 0, PairingBye)],
        ],
    );
    let player = |n: u32| t.player(n).expect("player");
    // Final scores: 1: 1½, 2: 1½, 3: 1, 4: 0, 5: 2.
    // BH Cut-1: 1: {1, 1½} cut 1 -> 1½; 2: {0, 1½} -> 1½; 3: {1½, virtual 1} cut the
    // virtual -> 1½; 4: {1½, 2} -> 2; 5: {virtual 2, 0} cut the virtual -> 0.
    let bh: Vec<Value> = (1..=5).map(|n| buchholz_cut1(&t, player(n))).collect();
    assert_eq!(bh, [Value(6), Value(6), Value(6), Value(8), Value(0)]);
    // SB: 1: 1 + 1½·½ = 1¾; 2: 0 + ¾; 3: bye against virtual 1 = 1; 4: 0; 5: bye 2 + 0.
    let sb: Vec<Value> = (1..=5).map(|n| sonneborn_berger(&t, player(n))).collect();
    assert_eq!(sb, [Value(7), Value(3), Value(4), Value(0), Value(8)]);
    let order: Vec<u32> = standings(&t, System::Swiss)
        .iter()
        .map(|s| s.number)
        .collect();
    assert_eq!(order, [5, 1, 2, 3, 4]);
}

#[test]
fn players_tied_after_every_tiebreak_share_a_rank() {
    let t = tournament(2, &[&[(1, 2, Draw)]]);
    let table = standings(&t, System::Swiss);
    assert_eq!(table.iter().map(|s| s.rank).collect::<Vec<_>>(), [1, 1]);
}
