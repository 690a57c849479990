//! Maximum-weight matching in a general graph, kept up to date as edge weights change.
//!
//! Edmonds' blossom algorithm with dual variables, in the primal-dual form of Galil's survey
//! (as popularised by J. van Rantwijk's reference implementation), written anew here and
//! extended so that a solved matching can be updated: changing the weights around a few
//! vertices frees just those vertices (dissolving the blossoms that hold them, their duals
//! moved to the vertices so every edge stays feasible), and the next [`Matcher::solve`] only
//! has to re-match them, at a cost of O(n²) for each instead of O(n³) for the whole graph.
//! This is how the FIDE-endorsed program bbpPairings makes its many small choices affordable.
//! Hand-written because the Dutch system needs weights far wider than 128 bits (one field per
//! pairing criterion): the matching crates on crates.io take machine integers or floats only.
//!
//! Weights are any [`Weight`]: a signed, totally ordered group whose values can be halved
//! exactly when even. Vertex duals are kept doubled, so integer weights stay integers. A zero
//! weight is no edge.

mod blossom;
mod matcher;
mod stage;

use std::ops::{Add, Sub};

pub use matcher::Matcher;

/// What the matching needs of a weight.
pub trait Weight: Copy + Ord + Add<Output = Self> + Sub<Output = Self> {
    /// The zero weight.
    fn zero() -> Self;
    /// Half of an even value.
    fn half(self) -> Self;
    /// Whether the value is odd.
    fn is_odd(&self) -> bool;
    /// One.
    fn one() -> Self;
}

impl Weight for i64 {
    fn zero() -> Self {
        0
    }
    fn half(self) -> Self {
        self / 2
    }
    fn is_odd(&self) -> bool {
        self & 1 == 1
    }
    fn one() -> Self {
        1
    }
}

/// A maximum-weight matching of the graph with `n` vertices and these edges (`(i, j, w)`,
/// `i != j`, `w > 0`, each pair at most once): each vertex's mate, or `None`.
pub fn max_weight_matching<W: Weight>(n: usize, edges: &[(usize, usize, W)]) -> Vec<Option<usize>> {
    let mut matcher = Matcher::new(n);
    for &(i, j, w) in edges {
        matcher.set(i, j, w);
    }
    matcher.solve();
    (0..n).map(|v| matcher.mate(v)).collect()
}
