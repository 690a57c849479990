//! Self-play for tuning: the samples of a few short games read back, are quiet, and carry
//! their game's result.

use engine::Engine;
use lab::tune::{PlaySettings, Sample, parse_sample, play};
use rules::Variant;

#[test]
fn self_play_gives_quiet_positions_labelled_with_the_result() {
    for variant in [Variant::Standard, Variant::Avalanche, Variant::Chess960] {
        let settings = PlaySettings {
            variant,
            games: 4,
            nodes: 300,
            random_plies: 6,
            max_turns: 120,
            seed: 7,
            threads: 2,
        };
        let mut games: Vec<(u32, Vec<Sample>)> = Vec::new();
        play(&Engine::new(), &settings, &mut |n, samples| {
            games.push((n, samples))
        })
        .unwrap();
        games.sort_by_key(|(n, _)| *n);
        assert_eq!(
            games.iter().map(|(n, _)| *n).collect::<Vec<_>>(),
            [0, 1, 2, 3]
        );
        let all: Vec<&Sample> = games.iter().flat_map(|(_, s)| s).collect();
        assert!(all.len() >= 20, "{variant}: only {} samples", all.len());
        for (_, samples) in &games {
            let results: Vec<f64> = samples.iter().map(|s| s.white_score).collect();
            assert!(
                results.windows(2).all(|w| w[0] == w[1]),
                "one result a game"
            );
        }
        for sample in all {
            assert!([0.0, 0.5, 1.0].contains(&sample.white_score));
            let (read, pos) = parse_sample(&sample.to_string()).unwrap();
            assert_eq!(&read, sample);
            assert!(!pos.is_check(), "{}", sample.fen);
            assert_eq!(pos.pending_promotion(), None);
        }
    }
}
