//! Blossoms: labelling, finding and forming them, dissolving them, and augmenting the matching
//! along a path through them.

use super::Weight;
use super::matcher::{End, Matcher, NONE, flip};

impl<W: Weight> Matcher<W> {
    /// The vertices in blossom `b` (or `b` itself when it is a vertex).
    pub(super) fn blossom_leaves(&self, b: usize) -> Vec<usize> {
        let mut out = Vec::new();
        let mut stack = vec![b];
        while let Some(t) = stack.pop() {
            if t < self.n {
                out.push(t);
            } else {
                stack.extend(self.childs[t].iter().copied());
            }
        }
        out
    }

    /// Labels the top-level blossom of `w` with `t` (1: S, 2: T), reached through `p`; a T
    /// blossom's mate becomes S.
    pub(super) fn assign_label(&mut self, w: usize, t: u8, p: Option<End>) {
        let b = self.inblossom[w];
        self.label[w] = t;
        self.label[b] = t;
        self.labelend[w] = p;
        self.labelend[b] = p;
        self.bestedge[w] = None;
        self.bestedge[b] = None;
        if t == 1 {
            let leaves = self.blossom_leaves(b);
            self.queue.extend(leaves);
        } else {
            let base = self.base[b];
            let m = self.mate[base];
            if m != NONE {
                self.assign_label(m, 1, Some((base, m)));
            }
        }
    }

    /// Traces back from `v` and `w` (both in S-blossoms) to the blossom they meet in: its
    /// base, or `NONE` when they are in different trees (an augmenting path).
    pub(super) fn scan_blossom(&mut self, v: usize, w: usize) -> usize {
        let mut path = Vec::new();
        let mut base = NONE;
        let (mut v, mut w) = (v, w);
        while v != NONE || w != NONE {
            let mut b = self.inblossom[v];
            if self.label[b] & 4 != 0 {
                base = self.base[b];
                break;
            }
            path.push(b);
            self.label[b] = 5;
            match self.labelend[b] {
                None => v = NONE,
                Some(end) => {
                    v = end.0;
                    b = self.inblossom[v];
                    v = self.labelend[b].map_or(NONE, |e| e.0);
                }
            }
            if w != NONE {
                std::mem::swap(&mut v, &mut w);
            }
        }
        for b in path {
            self.label[b] = 1;
        }
        base
    }

    /// Forms a blossom from the cycle closed by the edge `v`–`w` through `base`.
    pub(super) fn add_blossom(&mut self, base: usize, v: usize, w: usize) {
        let bb = self.inblossom[base];
        let mut bv = self.inblossom[v];
        let mut bw = self.inblossom[w];
        let Some(b) = self.unused.pop() else {
            return;
        };
        self.base[b] = base;
        self.parent[b] = NONE;
        self.parent[bb] = b;
        let mut path = Vec::new();
        let mut endps = Vec::new();
        while bv != bb {
            self.parent[bv] = b;
            path.push(bv);
            let Some(end) = self.labelend[bv] else { break };
            endps.push(end);
            bv = self.inblossom[end.0];
        }
        path.push(bb);
        path.reverse();
        endps.reverse();
        endps.push((v, w));
        while bw != bb {
            self.parent[bw] = b;
            path.push(bw);
            let Some(end) = self.labelend[bw] else { break };
            endps.push(flip(end));
            bw = self.inblossom[end.0];
        }
        self.label[b] = 1;
        self.labelend[b] = self.labelend[bb];
        self.dual[b] = W::zero();
        self.childs[b] = path.clone();
        self.endps[b] = endps;
        for leaf in self.blossom_leaves(b) {
            if self.label[self.inblossom[leaf]] == 2 {
                self.queue.push(leaf);
            }
            self.inblossom[leaf] = b;
        }
        // The least-slack edges from the new blossom to each other S-blossom.
        let mut best_to = vec![None; 2 * self.n];
        for &sub in &path {
            let candidates: Vec<End> = match self.bestedges[sub].take() {
                Some(list) => list,
                None => {
                    let mut list = Vec::new();
                    for leaf in self.blossom_leaves(sub) {
                        for u in 0..self.n {
                            if self.edge[leaf * self.n + u] {
                                list.push((leaf, u));
                            }
                        }
                    }
                    list
                }
            };
            for (i, j) in candidates {
                let (i, j) = if self.inblossom[j] == b {
                    (j, i)
                } else {
                    (i, j)
                };
                let bj = self.inblossom[j];
                if bj != b && self.label[bj] == 1 {
                    let better = match best_to[bj] {
                        None => true,
                        Some((x, y)) => self.slack(i, j) < self.slack(x, y),
                    };
                    if better {
                        best_to[bj] = Some((i, j));
                    }
                }
            }
            self.bestedges[sub] = None;
            self.bestedge[sub] = None;
        }
        let best: Vec<End> = best_to.into_iter().flatten().collect();
        let mut top: Option<(End, W)> = None;
        for &(i, j) in &best {
            let slack = self.slack(i, j);
            if top.is_none_or(|(_, s)| slack < s) {
                top = Some(((i, j), slack));
            }
        }
        self.bestedge[b] = top;
        self.bestedges[b] = Some(best);
    }

    /// The position of child index `j` (possibly negative, counted from the end).
    fn at(len: usize, j: isize) -> usize {
        j.rem_euclid(len as isize) as usize
    }

    /// Dissolves blossom `b`: its children become top-level. At the end of a stage (or when
    /// freeing), children without dual go too; a T-blossom dissolved during a search has its
    /// children relabelled along the path through it.
    pub(super) fn expand_blossom(&mut self, b: usize, endstage: bool) {
        let childs = self.childs[b].clone();
        for &s in &childs {
            self.parent[s] = NONE;
            if s < self.n {
                self.inblossom[s] = s;
            } else if endstage && self.dual[s] == W::zero() {
                self.expand_blossom(s, endstage);
            } else {
                for leaf in self.blossom_leaves(s) {
                    self.inblossom[leaf] = s;
                }
            }
        }
        if !endstage && self.label[b] == 2 {
            self.relabel_expanded(b, &childs);
        }
        self.label[b] = 0;
        self.labelend[b] = None;
        self.childs[b].clear();
        self.endps[b].clear();
        self.base[b] = NONE;
        self.bestedges[b] = None;
        self.bestedge[b] = None;
        self.dual[b] = W::zero();
        self.unused.push(b);
    }

    /// After the T-blossom `b` is dissolved: labels its children on the even path from the
    /// child it was entered by to its base, T and S in turn, and leaves the rest unlabelled
    /// (or T where an S-vertex reaches them).
    fn relabel_expanded(&mut self, b: usize, childs: &[usize]) {
        let len = childs.len();
        let endps = self.endps[b].clone();
        let Some(entry) = self.labelend[b] else {
            return;
        };
        let entrychild = self.inblossom[entry.1];
        let mut j = childs.iter().position(|&c| c == entrychild).unwrap_or(0) as isize;
        let (jstep, trick): (isize, bool) = if j & 1 == 1 {
            j -= len as isize;
            (1, false)
        } else {
            (-1, true)
        };
        let end_at = |j: isize| -> End {
            let e = endps[Self::at(len, j - isize::from(trick))];
            if trick { flip(e) } else { e }
        };
        let mut p = entry;
        while j != 0 {
            // p: the edge into the current child, seen from outside it.
            self.label[p.1] = 0;
            let q = end_at(j);
            self.label[q.1] = 0;
            self.assign_label(p.1, 2, Some(p));
            self.allow(q.0, q.1);
            j += jstep;
            p = end_at(j);
            self.allow(p.0, p.1);
            j += jstep;
        }
        let bv = childs[Self::at(len, j)];
        self.label[p.1] = 2;
        self.label[bv] = 2;
        self.labelend[p.1] = Some(p);
        self.labelend[bv] = Some(p);
        self.bestedge[bv] = None;
        j += jstep;
        while childs[Self::at(len, j)] != entrychild {
            let bv = childs[Self::at(len, j)];
            if self.label[bv] == 1 {
                j += jstep;
                continue;
            }
            let leaves = self.blossom_leaves(bv);
            if let Some(&v) = leaves.iter().find(|&&v| self.label[v] != 0) {
                self.label[v] = 0;
                let m = self.mate[self.base[bv]];
                if m != NONE {
                    self.label[m] = 0;
                }
                let end = self.labelend[v];
                self.assign_label(v, 2, end);
            }
            j += jstep;
        }
    }

    /// Marks the edge between `i` and `j` as tight for this stage.
    pub(super) fn allow(&mut self, i: usize, j: usize) {
        let n = self.n;
        self.allowed[i * n + j] = self.stamp;
        self.allowed[j * n + i] = self.stamp;
    }

    /// Swaps matched and unmatched edges along the path in blossom `b` from vertex `v` to the
    /// base, making `v` the base.
    pub(super) fn augment_blossom(&mut self, b: usize, v: usize) {
        let mut t = v;
        while self.parent[t] != b {
            t = self.parent[t];
        }
        if t >= self.n {
            self.augment_blossom(t, v);
        }
        let len = self.childs[b].len();
        let i = self.childs[b].iter().position(|&c| c == t).unwrap_or(0);
        let mut j = i as isize;
        let (jstep, trick): (isize, bool) = if i & 1 == 1 {
            j -= len as isize;
            (1, false)
        } else {
            (-1, true)
        };
        while j != 0 {
            j += jstep;
            let t = self.childs[b][Self::at(len, j)];
            let e = self.endps[b][Self::at(len, j - isize::from(trick))];
            let p = if trick { flip(e) } else { e };
            if t >= self.n {
                self.augment_blossom(t, p.0);
            }
            j += jstep;
            let t = self.childs[b][Self::at(len, j)];
            if t >= self.n {
                self.augment_blossom(t, p.1);
            }
            self.mate[p.0] = p.1;
            self.mate[p.1] = p.0;
        }
        self.childs[b].rotate_left(i);
        self.endps[b].rotate_left(i);
        self.base[b] = self.base[self.childs[b][0]];
    }

    /// Augments from S-vertex `s` back to the root of its tree, `s` taking `mate` (or staying
    /// unmatched with `NONE`): every blossom on the way is turned to its new base.
    pub(super) fn augment_to_root(&mut self, s: usize, mate: usize) {
        let (mut s, mut p) = (s, mate);
        loop {
            let bs = self.inblossom[s];
            if bs >= self.n {
                self.augment_blossom(bs, s);
            }
            self.mate[s] = p;
            let Some(end) = self.labelend[bs] else { break };
            let t = end.0;
            let bt = self.inblossom[t];
            let Some(tend) = self.labelend[bt] else { break };
            // tend: the edge into T-blossom bt, seen from the S-vertex that reached it.
            s = tend.0;
            let j = tend.1;
            if bt >= self.n {
                self.augment_blossom(bt, j);
            }
            self.mate[j] = s;
            p = j;
        }
    }

    /// Augments the matching along the edge `v`–`w` between two trees.
    pub(super) fn augment(&mut self, v: usize, w: usize) {
        self.augment_to_root(v, w);
        self.augment_to_root(w, v);
    }

    /// Augments along the edge from S-vertex `v` to `w`, whose blossom is unmatched and not in
    /// any tree (its base's dual is zero): `w` becomes its blossom's base, matched to `v`.
    pub(super) fn augment_to_free(&mut self, v: usize, w: usize) {
        self.augment_to_root(v, w);
        let bw = self.inblossom[w];
        if bw >= self.n {
            self.augment_blossom(bw, w);
        }
        self.mate[w] = v;
    }
}
