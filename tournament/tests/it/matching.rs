//! The weighted matching against brute force on small random graphs, also as its edge weights
//! change between solves, with the duals checked to prove each matching optimal.

use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use tournament::matching::{Matcher, max_weight_matching};

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

/// The total weight of a matching, checking that mates agree and pairs are edges.
fn total(mate: &[Option<usize>], w: &[Vec<Option<i64>>]) -> i64 {
    let mut sum = 0;
    for (v, m) in mate.iter().enumerate() {
        if let Some(u) = *m {
            assert_eq!(mate[u], Some(v), "mates agree");
            if v < u {
                sum += w[v][u].expect("a matched pair is an edge");
            }
        }
    }
    sum
}

/// A random weight: small ranges make ties, the ones the pairing's choices depend on.
fn weight(rng: &mut StdRng, wide: bool) -> i64 {
    if wide {
        rng.random_range(1..1000)
    } else {
        rng.random_range(1..4)
    }
}

/// A graph as a weight table, kept beside a matcher: every change goes to both.
struct Graph {
    w: Vec<Vec<Option<i64>>>,
    matcher: Matcher<i64>,
}

impl Graph {
    /// A random graph of `n` vertices, each edge present with probability `density`.
    fn random(rng: &mut StdRng, n: usize, density: f64, wide: bool) -> Graph {
        let mut g = Graph {
            w: vec![vec![None; n]; n],
            matcher: Matcher::new(n),
        };
        let pairs: Vec<(usize, usize)> = (0..n)
            .flat_map(|i| (i + 1..n).map(move |j| (i, j)))
            .collect();
        for (i, j) in pairs {
            if rng.random_bool(density) {
                let x = weight(rng, wide);
                g.put(i, j, Some(x));
            }
        }
        g
    }

    fn put(&mut self, i: usize, j: usize, x: Option<i64>) {
        self.w[i][j] = x;
        self.w[j][i] = x;
        self.matcher.set(i, j, x.unwrap_or(0));
    }

    /// Changes some of the edges at `a` (some removed).
    fn shake(&mut self, rng: &mut StdRng, a: usize, share: f64, wide: bool) {
        let n = self.w.len();
        for b in (0..n).filter(|&b| b != a) {
            if rng.random_bool(share) {
                let x = (!rng.random_bool(0.3)).then(|| weight(rng, wide));
                self.put(a, b, x);
            }
        }
    }

    fn edges(&self) -> Vec<(usize, usize, i64)> {
        let mut out = Vec::new();
        for (i, row) in self.w.iter().enumerate() {
            for (j, x) in row.iter().enumerate().skip(i + 1) {
                if let Some(x) = *x {
                    out.push((i, j, x));
                }
            }
        }
        out
    }

    /// Solves, checks the proof of optimality, and returns the matching's weight.
    fn solve(&mut self) -> i64 {
        self.matcher.solve();
        assert_eq!(self.matcher.check(), Ok(()));
        let n = self.w.len();
        let mate: Vec<Option<usize>> = (0..n).map(|v| self.matcher.mate(v)).collect();
        total(&mate, &self.w)
    }
}

#[test]
fn updates_keep_the_matching_optimal() {
    let mut rng = StdRng::seed_from_u64(11);
    for graph in 0..300 {
        let n = rng.random_range(2..=11);
        let wide = graph % 3 == 0;
        let mut g = Graph::random(&mut rng, n, 0.7, wide);
        g.solve();
        for step in 0..25 {
            // A few vertices' edges change at once, as when a pairing choice is tried.
            for _ in 0..rng.random_range(1..=3) {
                let a = rng.random_range(0..n);
                g.shake(&mut rng, a, 0.4, wide);
            }
            let best = brute(n, &g.w, &mut vec![false; n]);
            assert_eq!(g.solve(), best, "graph {graph}, step {step}: {:?}", g.w);
        }
    }
}

#[test]
fn updates_agree_with_fresh_solves_on_larger_graphs() {
    let mut rng = StdRng::seed_from_u64(12);
    for graph in 0..20 {
        let n = rng.random_range(20..=60);
        let wide = graph % 2 == 0;
        let mut g = Graph::random(&mut rng, n, 0.5, wide);
        g.solve();
        for _ in 0..30 {
            let a = rng.random_range(0..n);
            g.shake(&mut rng, a, 0.3, wide);
            let fresh = max_weight_matching(n, &g.edges());
            let expected = total(&fresh, &g.w);
            assert_eq!(g.solve(), expected, "graph {graph}");
        }
    }
}
