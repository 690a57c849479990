//! The weighted matching against brute force on small random graphs.

use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use tournament::matching::max_weight_matching;

/// The best total weight by trying every matching.
fn brute(n: usize, w: &[Vec<Option<i64>>], used: &mut Vec<bool>) -> i64 {
    let Some(first) = (0..n).find(|&v| !used[v]) else {
        return 0;
    };
    used[first] = true;
    let mut best = brute(n, w, used);
    for other in first + 1..n {
        if let (false, Some(weight)) = (used[other], w[first][other]) {
            used[other] = true;
            best = best.max(weight + brute(n, w, used));
            used[other] = false;
        }
    }
    used[first] = false;
    best
}

#[test]
fn matches_brute_force_on_random_graphs() {
    let mut rng = StdRng::seed_from_u64(7);
    for round in 0..600 {
        let n = rng.random_range(1..=11);
        let density = rng.random_range(0.2..1.0);
        let mut edges = Vec::new();
        for i in 0..n {
            for j in i + 1..n {
                if rng.random_bool(density) {
                    let weight = if round % 2 == 0 {
                        rng.random_range(1..20)
                    } else {
                        rng.random_range(1..4)
                    };
                    edges.push((i, j, weight));
                }
            }
        }
        let mut w = vec![vec![None; n]; n];
        for &(i, j, weight) in &edges {
            w[i][j] = Some(weight);
            w[j][i] = Some(weight);
        }
        let mate = max_weight_matching(n, &edges);
        let mut total = 0;
        for (v, m) in mate.iter().enumerate() {
            if let Some(u) = *m {
                assert_eq!(mate[u], Some(v), "mates agree");
                if v < u {
                    total += w[v][u].expect("a matched pair is an edge");
                }
            }
        }
        assert_eq!(total, brute(n, &w, &mut vec![false; n]), "graph {edges:?}");
    }
}
