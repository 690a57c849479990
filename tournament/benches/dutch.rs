//! Pairing time of the Dutch system: each round of a 200-player, 9-round Swiss with random
//! results (seeded), paired from the state before that round.

use criterion::{BenchmarkId, Criterion, criterion_group, criterion_main};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use tournament::dutch::pair_next_round;
use tournament::{Colour, Entry, Outcome, Pairing, Player, Tournament};

/// The tournament before each of its nine rounds.
fn snapshots(players: u32, rounds: u32) -> Vec<Tournament> {
    let mut rng = StdRng::seed_from_u64(2026);
    let mut t = Tournament {
        name: None,
        total_rounds: Some(rounds),
        initial_colour: Some(Colour::White),
        accelerations: Default::default(),
        players: (1..=players)
            .map(|number| Player {
                number,
                name: format!("P{number}"),
                rating: None,
                rounds: Vec::new(),
            })
            .collect(),
    };
    let mut out = Vec::new();
    for _ in 0..rounds {
        out.push(t.clone());
        let Ok(paired) = pair_next_round(&t) else {
            break;
        };
        for pairing in paired.pairings {
            let mut record = |p: u32, e: Entry| {
                if let Some(player) = t.players.iter_mut().find(|x| x.number == p) {
                    player.rounds.push(e);
                }
            };
            match pairing {
                Pairing::Game { white, black } => {
                    let (w, b) = match rng.random_range(0..3) {
                        0 => (Outcome::Win, Outcome::Loss),
                        1 => (Outcome::Draw, Outcome::Draw),
                        _ => (Outcome::Loss, Outcome::Win),
                    };
                    record(
                        white,
                        Entry {
                            opponent: Some(black),
                            colour: Some(Colour::White),
                            outcome: w,
                        },
                    );
                    record(
                        black,
                        Entry {
                            opponent: Some(white),
                            colour: Some(Colour::Black),
                            outcome: b,
                        },
                    );
                }
                Pairing::Bye(p) => record(
                    p,
                    Entry {
                        opponent: None,
                        colour: None,
                        outcome: Outcome::PairingBye,
                    },
                ),
            }
        }
    }
    out
}

fn bench(c: &mut Criterion) {
    let rounds = snapshots(200, 9);
    let mut group = c.benchmark_group("dutch_200_players");
    group.sample_size(10);
    for (i, t) in rounds.iter().enumerate() {
        group.bench_with_input(BenchmarkId::new("round", i + 1), t, |b, t| {
            b.iter(|| pair_next_round(t))
        });
    }
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
