//! The matcher's state (weights, matching, duals, blossoms) and its updates: setting an edge
//! weight frees what the change would make inconsistent, and solving re-matches the freed
//! vertices.

use super::Weight;

/// No vertex, blossom or edge.
pub(super) const NONE: usize = usize::MAX;

/// An edge seen from one end, van Rantwijk's "endpoint": `(at, from)` is the end at vertex `at`
/// of the edge between `at` and `from`.
pub(super) type End = (usize, usize);

/// The other end of the same edge.
pub(super) fn flip((at, from): End) -> End {
    (from, at)
}

/// A maximum-weight matching over `n` vertices whose edge weights may change between solves.
///
/// Vertices `0..n` are vertices, `n..2n` blossom slots. The state between solves is an optimal
/// matching with duals that prove it (every edge's slack non-negative, matched edges and
/// blossom edges tight, every unmatched vertex's dual zero), except around the vertices freed
/// since, which [`Matcher::solve`] matches again.
pub struct Matcher<W: Weight> {
    pub(super) n: usize,
    /// Edge weights, `n × n`, symmetric; zero is no edge.
    pub(super) weight: Vec<W>,
    /// Whether each weight is non-zero (an edge), to skip the rest without reading weights.
    pub(super) edge: Vec<bool>,
    /// Each vertex's mate, or `NONE`.
    pub(super) mate: Vec<usize>,
    /// The matching as the last solve left it (updates change `mate` before the next solve).
    solved: Vec<usize>,
    /// Vertex duals (doubled) and blossom duals.
    pub(super) dual: Vec<W>,
    /// The top-level blossom (or the vertex itself) holding each vertex.
    pub(super) inblossom: Vec<usize>,
    /// Each blossom's or vertex's parent blossom, or `NONE` at the top.
    pub(super) parent: Vec<usize>,
    /// A blossom's sub-blossoms in cycle order, the one with the base first.
    pub(super) childs: Vec<Vec<usize>>,
    /// `endps[b][i]` is the end in `childs[b][i]` of the edge to `childs[b][i + 1]`.
    pub(super) endps: Vec<Vec<End>>,
    /// Each blossom's base vertex (a vertex is its own), `NONE` for an unused blossom slot.
    pub(super) base: Vec<usize>,
    /// Free blossom slots.
    pub(super) unused: Vec<usize>,
    /// The vertices freed since the last solve, whose duals are to be set.
    pub(super) dirty: Vec<usize>,
    pub(super) is_dirty: Vec<bool>,
    /// Never solved: every vertex starts from the largest weight at it.
    pub(super) fresh: bool,
    /// Search labels: 0 none, 1 S (outer), 2 T (inner); bit 4 marks a scan.
    pub(super) label: Vec<u8>,
    /// The edge through which a blossom got its label, seen from the labelling side.
    pub(super) labelend: Vec<Option<End>>,
    /// The least-slack edge from a vertex or S-blossom to an S-blossom, with its slack (kept
    /// up to date as the duals move).
    pub(super) bestedge: Vec<Option<(End, W)>>,
    /// For an S-blossom, its least-slack edges to the other S-blossoms.
    pub(super) bestedges: Vec<Option<Vec<End>>>,
    /// Edges known to be tight in this stage, `n × n`: those stamped with the stage's number.
    pub(super) allowed: Vec<u32>,
    /// The current stage's number.
    pub(super) stamp: u32,
    /// S-vertices whose edges are still to scan.
    pub(super) queue: Vec<usize>,
}

impl<W: Weight> Matcher<W> {
    /// A matcher over `n` vertices without edges.
    pub fn new(n: usize) -> Matcher<W> {
        Matcher {
            n,
            weight: vec![W::zero(); n * n],
            edge: vec![false; n * n],
            mate: vec![NONE; n],
            solved: vec![NONE; n],
            dual: vec![W::zero(); 2 * n],
            inblossom: (0..n).collect(),
            parent: vec![NONE; 2 * n],
            childs: vec![Vec::new(); 2 * n],
            endps: vec![Vec::new(); 2 * n],
            base: (0..n).chain(std::iter::repeat_n(NONE, n)).collect(),
            unused: (n..2 * n).rev().collect(),
            dirty: (0..n).collect(),
            is_dirty: vec![true; n],
            fresh: true,
            label: vec![0; 2 * n],
            labelend: vec![None; 2 * n],
            bestedge: vec![None; 2 * n],
            bestedges: vec![None; 2 * n],
            allowed: vec![0; n * n],
            stamp: 0,
            queue: Vec::new(),
        }
    }

    /// The number of vertices.
    pub fn len(&self) -> usize {
        self.n
    }

    /// Whether there are no vertices.
    pub fn is_empty(&self) -> bool {
        self.n == 0
    }

    /// The weight of the edge between `a` and `b` (zero: no edge).
    pub fn get(&self, a: usize, b: usize) -> W {
        self.weight[a * self.n + b]
    }

    /// The mate of `v` in the matching of the last solve.
    pub fn mate(&self, v: usize) -> Option<usize> {
        let m = self.solved[v];
        (m != NONE).then_some(m)
    }

    /// The slack of the edge between `i` and `j` (in different top-level blossoms).
    pub(super) fn slack(&self, i: usize, j: usize) -> W {
        let w = self.get(i, j);
        self.dual[i] + self.dual[j] - w - w
    }

    /// Sets the weight of the edge between `a` and `b` (zero removes it). Only a change that
    /// would break the proof of optimality frees `a`: a lighter edge outside the matching and
    /// outside any blossom keeps the matching optimal, and so does a heavier one whose slack
    /// stays non-negative.
    pub fn set(&mut self, a: usize, b: usize, w: W) {
        let old = self.get(a, b);
        if old == w || a == b {
            return;
        }
        let (ia, ib) = (a * self.n + b, b * self.n + a);
        let outside = self.mate[a] != b && self.inblossom[a] != self.inblossom[b];
        let feasible = self.dual[a] + self.dual[b] >= w + w;
        if !(self.fresh || self.is_dirty[a] || self.is_dirty[b] || (outside && feasible)) {
            self.free(a);
        }
        let present = w != W::zero();
        self.weight[ia] = w;
        self.weight[ib] = w;
        self.edge[ia] = present;
        self.edge[ib] = present;
    }

    /// Frees `a`: unmatches its top-level blossom, makes `a` that blossom's base and dissolves
    /// every blossom holding it, each blossom's dual moved onto its vertices (their edges
    /// inside keep their slack, those leaving gain). `a` is then a lone unmatched vertex whose
    /// dual the next solve sets.
    fn free(&mut self, a: usize) {
        let b = self.inblossom[a];
        let base = self.base[b];
        let m = self.mate[base];
        if m != NONE {
            self.mate[base] = NONE;
            self.mate[m] = NONE;
        }
        if b >= self.n {
            self.augment_blossom(b, a);
            self.mate[a] = NONE;
        }
        while self.inblossom[a] >= self.n {
            let top = self.inblossom[a];
            let z = self.dual[top];
            for leaf in self.blossom_leaves(top) {
                self.dual[leaf] = self.dual[leaf] + z;
            }
            self.dual[top] = W::zero();
            self.expand_blossom(top, true);
        }
        if !self.is_dirty[a] {
            self.is_dirty[a] = true;
            self.dirty.push(a);
        }
    }

    /// Matches the freed vertices again: the matching is then of maximum weight.
    pub fn solve(&mut self) {
        self.set_duals();
        self.even_roots();
        while self.stage() {}
        self.solved.clone_from(&self.mate);
    }

    /// Gives the freed vertices the least duals that keep their edges feasible (rounded up to
    /// even). On the first solve every vertex takes the largest weight at it, and pairs tight
    /// at once are matched right away.
    fn set_duals(&mut self) {
        let n = self.n;
        let dirty = std::mem::take(&mut self.dirty);
        if self.fresh {
            for &v in &dirty {
                let row = &self.weight[v * n..(v + 1) * n];
                let top = row.iter().copied().fold(W::zero(), |a, b| a.max(b));
                self.dual[v] = even_up(top);
            }
            for v in 0..n {
                if self.mate[v] != NONE {
                    continue;
                }
                for u in v + 1..n {
                    if self.mate[u] == NONE && self.edge[v * n + u] && self.slack(v, u) == W::zero()
                    {
                        self.mate[v] = u;
                        self.mate[u] = v;
                        break;
                    }
                }
            }
        } else {
            for &v in &dirty {
                let mut need = W::zero();
                for u in (0..n).filter(|&u| self.edge[v * n + u]) {
                    let w = self.get(v, u);
                    need = need.max(w + w - self.dual[u]);
                }
                self.dual[v] = even_up(need);
            }
        }
        for v in dirty {
            self.is_dirty[v] = false;
        }
        self.fresh = false;
    }

    /// Makes the duals of all unmatched vertices even, so that every search starts from roots
    /// of one parity (the slack between two outer vertices is then even, and halves exactly).
    /// An odd base of a blossom takes its whole blossom along: its vertices gain one and its
    /// dual loses one, which keeps every edge inside as it was; a blossom without dual to give
    /// is dissolved first.
    fn even_roots(&mut self) {
        for v in 0..self.n {
            if self.mate[v] != NONE || !self.dual[v].is_odd() || self.base[self.inblossom[v]] != v {
                continue;
            }
            loop {
                let top = self.inblossom[v];
                if top < self.n {
                    self.dual[v] = self.dual[v] + W::one();
                    break;
                }
                if self.dual[top] > W::zero() {
                    self.dual[top] = self.dual[top] - W::one();
                    for leaf in self.blossom_leaves(top) {
                        self.dual[leaf] = self.dual[leaf] + W::one();
                    }
                    break;
                }
                self.expand_blossom(top, true);
            }
        }
    }
}

/// `w`, or `w + 1` when odd.
fn even_up<W: Weight>(w: W) -> W {
    if w.is_odd() { w + W::one() } else { w }
}

impl<W: Weight> Matcher<W> {
    /// Checks that the duals prove the matching optimal: every edge's slack non-negative,
    /// matched edges tight, unmatched vertices with zero dual, every blossom with a dual odd
    /// and full. For tests; after a solve, a failure is a bug.
    pub fn check(&self) -> Result<(), String> {
        let n = self.n;
        // The blossoms holding each vertex, by walking up from it.
        let holders = |v: usize| {
            let mut out = Vec::new();
            let mut b = self.parent[v];
            while b != NONE {
                out.push(b);
                b = self.parent[b];
            }
            out
        };
        let ancestry: Vec<Vec<usize>> = (0..n).map(holders).collect();
        for v in 0..n {
            let m = self.mate[v];
            if m != NONE && self.mate[m] != v {
                return Err(format!("{v} and {m} disagree on their match"));
            }
            if self.dual[v] < W::zero() {
                return Err(format!("vertex {v} has a negative dual"));
            }
            if m == NONE && self.dual[v] != W::zero() {
                return Err(format!("unmatched vertex {v} has a dual"));
            }
            for u in v + 1..n {
                let w = self.get(v, u);
                if w == W::zero() {
                    if m == u {
                        return Err(format!("{v} and {u} are matched without an edge"));
                    }
                    continue;
                }
                let mut s = self.dual[v] + self.dual[u] - w - w;
                for &b in ancestry[v].iter().filter(|b| ancestry[u].contains(b)) {
                    s = s + self.dual[b] + self.dual[b];
                }
                if s < W::zero() {
                    return Err(format!("edge {v}-{u} has a negative slack"));
                }
                if m == u && s != W::zero() {
                    return Err(format!("matched edge {v}-{u} is not tight"));
                }
            }
        }
        for b in n..2 * n {
            if self.base[b] == NONE {
                continue;
            }
            if self.dual[b] < W::zero() {
                return Err(format!("blossom {b} has a negative dual"));
            }
            let leaves = self.blossom_leaves(b);
            let inside = leaves
                .iter()
                .filter(|&&v| self.mate[v] != NONE && leaves.contains(&self.mate[v]))
                .count();
            if leaves.len().is_multiple_of(2) || inside + 1 != leaves.len() {
                return Err(format!("blossom {b} is not odd and full"));
            }
        }
        Ok(())
    }
}
