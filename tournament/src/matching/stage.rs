//! One stage of the search: alternating trees grow from every unmatched vertex whose dual is
//! still positive, the duals move until an edge becomes tight, a blossom forms or dissolves,
//! or a root's dual reaches zero; the stage ends with one augmentation.

use super::Weight;
use super::matcher::{End, Matcher, NONE};

/// Whether `slack` is less than the recorded least slack (or there is none yet).
fn less<W: Weight>(slack: W, best: Option<(End, W)>) -> bool {
    best.is_none_or(|(_, b)| slack < b)
}

/// What stopped a change of the duals.
enum Delta {
    /// An S-vertex's dual reached zero: it may stay unmatched.
    Zero(usize),
    /// An edge became tight: scan it from its S end.
    Tight(usize),
    /// A T-blossom's dual reached zero: dissolve it.
    Dissolve(usize),
}

impl<W: Weight> Matcher<W> {
    /// Runs one stage; false when no vertex is left to match (the matching is optimal).
    pub(super) fn stage(&mut self) -> bool {
        let n = self.n;
        self.label.fill(0);
        self.bestedge.fill(None);
        for b in n..2 * n {
            self.bestedges[b] = None;
        }
        self.stamp = self.stamp.wrapping_add(1);
        if self.stamp == 0 {
            self.allowed.fill(0);
            self.stamp = 1;
        }
        self.queue.clear();
        let mut roots = false;
        for v in 0..n {
            let b = self.inblossom[v];
            if self.mate[v] == NONE
                && self.base[b] == v
                && self.label[b] == 0
                && self.dual[v] > W::zero()
            {
                self.assign_label(v, 1, None);
                roots = true;
            }
        }
        if !roots {
            return false;
        }
        loop {
            if self.scan() {
                break;
            }
            let Some(what) = self.delta() else {
                break;
            };
            match what {
                Delta::Zero(s) => {
                    self.augment_to_root(s, NONE);
                    break;
                }
                Delta::Tight(v) => self.queue.push(v),
                Delta::Dissolve(b) => self.expand_blossom(b, false),
            }
        }
        for b in n..2 * n {
            if self.parent[b] == NONE
                && self.base[b] != NONE
                && self.label[b] == 1
                && self.dual[b] == W::zero()
            {
                self.expand_blossom(b, true);
            }
        }
        true
    }

    /// Scans the edges of the queued S-vertices; true once the matching was augmented.
    fn scan(&mut self) -> bool {
        let n = self.n;
        while let Some(v) = self.queue.pop() {
            for w in 0..n {
                if !self.edge[v * n + w] || self.inblossom[v] == self.inblossom[w] {
                    continue;
                }
                let mut kslack = W::zero();
                let mut tight = self.allowed[v * n + w] == self.stamp;
                if !tight {
                    kslack = self.slack(v, w);
                    if kslack <= W::zero() {
                        self.allow(v, w);
                        tight = true;
                    }
                }
                let bw = self.inblossom[w];
                if tight {
                    if self.label[bw] == 0 {
                        if self.mate[self.base[bw]] == NONE {
                            self.augment_to_free(v, w);
                            return true;
                        }
                        self.assign_label(w, 2, Some((v, w)));
                    } else if self.label[bw] == 1 {
                        let base = self.scan_blossom(v, w);
                        if base != NONE {
                            self.add_blossom(base, v, w);
                        } else {
                            self.augment(v, w);
                            return true;
                        }
                    } else if self.label[w] == 0 {
                        self.label[w] = 2;
                        self.labelend[w] = Some((v, w));
                    }
                } else if self.label[bw] == 1 {
                    let b = self.inblossom[v];
                    if less(kslack, self.bestedge[b]) {
                        self.bestedge[b] = Some(((v, w), kslack));
                    }
                } else if self.label[w] == 0 && less(kslack, self.bestedge[w]) {
                    self.bestedge[w] = Some(((v, w), kslack));
                }
            }
        }
        false
    }

    /// Moves the duals by the largest amount that keeps them feasible, and says what stopped
    /// it.
    fn delta(&mut self) -> Option<Delta> {
        let n = self.n;
        let mut best: Option<(W, Delta)> = None;
        let offer = |d: W, what: Delta, best: &mut Option<(W, Delta)>| {
            if best.as_ref().is_none_or(|(b, _)| d < *b) {
                *best = Some((d, what));
            }
        };
        for v in 0..n {
            match self.label[self.inblossom[v]] {
                1 => offer(self.dual[v], Delta::Zero(v), &mut best),
                0 => {
                    if let Some(((i, j), slack)) = self.bestedge[v] {
                        let s = if self.label[self.inblossom[i]] == 1 {
                            i
                        } else {
                            j
                        };
                        offer(slack, Delta::Tight(s), &mut best);
                    }
                }
                _ => {}
            }
        }
        for b in 0..2 * n {
            if self.parent[b] != NONE || (b >= n && self.base[b] == NONE) {
                continue;
            }
            if self.label[b] == 1
                && let Some(((i, j), slack)) = self.bestedge[b]
            {
                let s = if self.inblossom[i] == b { i } else { j };
                offer(slack.half(), Delta::Tight(s), &mut best);
            }
            if b >= n && self.label[b] == 2 {
                offer(self.dual[b], Delta::Dissolve(b), &mut best);
            }
        }
        // A search always has a root, whose dual bounds the change.
        let (delta, what) = best?;
        // The recorded least slacks move with the duals: an edge from an S-vertex to an
        // unlabelled one loses the change, one between two S-blossoms twice it, one to a T
        // vertex nothing.
        for v in 0..n {
            match self.label[self.inblossom[v]] {
                1 => self.dual[v] = self.dual[v] - delta,
                2 => self.dual[v] = self.dual[v] + delta,
                _ => {
                    if let Some((_, slack)) = &mut self.bestedge[v] {
                        *slack = *slack - delta;
                    }
                }
            }
        }
        for b in 0..2 * n {
            if self.parent[b] != NONE || (b >= n && self.base[b] == NONE) {
                continue;
            }
            match self.label[b] {
                1 => {
                    if b >= n {
                        self.dual[b] = self.dual[b] + delta;
                    }
                    if let Some((_, slack)) = &mut self.bestedge[b] {
                        *slack = *slack - delta - delta;
                    }
                }
                2 if b >= n => self.dual[b] = self.dual[b] - delta,
                _ => {}
            }
        }
        Some(what)
    }
}
