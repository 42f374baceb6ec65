//! Maximum-weight matching in general graphs: Edmonds' blossom method with
//! the primal-dual bookkeeping of Galil ("Efficient algorithms for finding
//! maximum matching in graphs", ACM Computing Surveys 1986), O(n³).
//!
//! The Swiss pairing builds a complete graph of the players (and a bye)
//! whose weights say how good each pairing is, and asks for the matching of
//! the largest total weight: unlike pairing down the list, it never gets
//! stuck, and it finds the best round there is.
//!
//! Weights are integers, so the optimum is exact. Dual variables are kept
//! doubled (as in Galil's paper), which keeps every quantity an integer.

/// An edge: two vertices and a weight.
pub type Edge = (usize, usize, i128);

/// A matching of the largest total weight in the graph of `vertices`
/// vertices (numbered from 0) and `edges` (no loops, at most one edge
/// between two vertices): for each vertex, its partner, or `None`.
/// Edges of negative weight are never worth taking; to force a perfect
/// matching, add to every edge a constant larger than the weights can
/// differ by in total.
pub fn max_weight_matching(vertices: usize, edges: &[Edge]) -> Vec<Option<usize>> {
    debug_assert!(edges.iter().all(|&(i, j, _)| i != j && i.max(j) < vertices));
    if edges.is_empty() {
        return vec![None; vertices];
    }
    let mut m = Matcher::new(vertices, edges);
    m.solve();
    m.mate.iter().map(|p| p.map(|p| m.endpoint[p])).collect()
}

/// Labels of top-level blossoms during a stage.
const FREE: u8 = 0;
/// Reached at an even distance from a single vertex.
const S: u8 = 1;
/// Reached at an odd distance.
const T: u8 = 2;
/// The breadcrumb `scan_blossom` leaves on S-blossoms.
const CRUMB: u8 = 4;

/// The state of the algorithm. Vertices are `0..n`; non-trivial blossoms
/// take the numbers `n..2n`. Edge `k` has the endpoints `2k` and `2k + 1`;
/// "the remote endpoint" of an edge seen from a vertex is the other one.
struct Matcher<'a> {
    n: usize,
    edges: &'a [Edge],
    /// The vertex of each endpoint.
    endpoint: Vec<usize>,
    /// For each vertex, the remote endpoints of its edges.
    neighbours: Vec<Vec<usize>>,
    /// For each vertex, the remote endpoint of its matched edge.
    mate: Vec<Option<usize>>,
    /// For each top-level blossom, FREE, S or T (CRUMB while scanning); for
    /// a vertex inside a T-blossom, T if it is reachable from outside it.
    label: Vec<u8>,
    /// The remote endpoint of the edge through which a labelled blossom got
    /// its label (`None` for a single base); for a reached vertex inside a
    /// T-blossom, the edge it is reached through.
    label_end: Vec<Option<usize>>,
    /// For each vertex, its top-level blossom.
    in_blossom: Vec<usize>,
    /// For each (sub-)blossom, its parent blossom.
    parent: Vec<Option<usize>>,
    /// For each non-trivial blossom, its sub-blossoms, from the base round.
    children: Vec<Vec<usize>>,
    /// For each blossom, its base vertex.
    base: Vec<Option<usize>>,
    /// For each non-trivial blossom, the endpoints of the edges joining its
    /// children: `ends[b][i]` is `children[b][i]`'s end of the edge to
    /// `children[b][i + 1]`.
    ends: Vec<Vec<usize>>,
    /// For a free vertex (or an unreached one in a T-blossom), the least-slack
    /// edge to an S-vertex; for a top-level S-blossom, the least-slack edge
    /// to another S-blossom.
    best_edge: Vec<Option<usize>>,
    /// For a non-trivial top-level S-blossom, its least-slack edges to the
    /// neighbouring S-blossoms.
    best_edges: Vec<Option<Vec<usize>>>,
    /// Blossom numbers not in use.
    unused: Vec<usize>,
    /// Twice the vertex duals u(v); the blossom duals z(b).
    dual: Vec<i128>,
    /// Edges known to have zero slack.
    allowed: Vec<bool>,
    /// S-vertices to scan.
    queue: Vec<usize>,
}

impl<'a> Matcher<'a> {
    fn new(n: usize, edges: &'a [Edge]) -> Self {
        let max_weight = edges.iter().map(|e| e.2).max().unwrap_or(0).max(0);
        let endpoint = (0..2 * edges.len())
            .map(|p| {
                let (i, j, _) = edges[p / 2];
                if p % 2 == 0 {
                    i
                } else {
                    j
                }
            })
            .collect();
        let mut neighbours = vec![Vec::new(); n];
        for (k, &(i, j, _)) in edges.iter().enumerate() {
            neighbours[i].push(2 * k + 1);
            neighbours[j].push(2 * k);
        }
        let mut dual = vec![max_weight; n];
        dual.resize(2 * n, 0);
        Matcher {
            n,
            edges,
            endpoint,
            neighbours,
            mate: vec![None; n],
            label: vec![FREE; 2 * n],
            label_end: vec![None; 2 * n],
            in_blossom: (0..n).collect(),
            parent: vec![None; 2 * n],
            children: vec![Vec::new(); 2 * n],
            base: (0..n).map(Some).chain((0..n).map(|_| None)).collect(),
            ends: vec![Vec::new(); 2 * n],
            best_edge: vec![None; 2 * n],
            best_edges: vec![None; 2 * n],
            unused: (n..2 * n).collect(),
            dual,
            allowed: vec![false; edges.len()],
            queue: Vec::new(),
        }
    }

    /// Twice the slack of edge `k` (not for edges inside a blossom).
    fn slack(&self, k: usize) -> i128 {
        let (i, j, w) = self.edges[k];
        self.dual[i] + self.dual[j] - 2 * w
    }

    /// The vertices inside blossom `b`.
    fn leaves(&self, b: usize) -> Vec<usize> {
        let mut out = Vec::new();
        let mut stack = vec![b];
        while let Some(b) = stack.pop() {
            if b < self.n {
                out.push(b);
            } else {
                stack.extend(self.children[b].iter().rev());
            }
        }
        out
    }

    /// `children[b][i]` and `ends[b][i]` with `i` taken round the blossom.
    fn child(&self, b: usize, i: isize) -> usize {
        let c = &self.children[b];
        c[i.rem_euclid(c.len() as isize) as usize]
    }

    fn end(&self, b: usize, i: isize) -> usize {
        let e = &self.ends[b];
        e[i.rem_euclid(e.len() as isize) as usize]
    }

    /// Labels the top-level blossom of `w` with `t`, reached through the
    /// edge whose remote endpoint is `p`.
    fn assign_label(&mut self, w: usize, t: u8, p: Option<usize>) {
        let b = self.in_blossom[w];
        debug_assert!(self.label[w] == FREE && self.label[b] == FREE);
        self.label[w] = t;
        self.label[b] = t;
        self.label_end[w] = p;
        self.label_end[b] = p;
        self.best_edge[w] = None;
        self.best_edge[b] = None;
        if t == S {
            let leaves = self.leaves(b);
            self.queue.extend(leaves);
        } else {
            // A T-blossom's base is matched; its mate becomes S.
            let base = self.base[b].expect("a top-level blossom has a base");
            let m = self.mate[base].expect("a T-blossom's base is matched");
            self.assign_label(self.endpoint[m], S, Some(m ^ 1));
        }
    }

    /// Traces back from the S-vertices `v` and `w` (joined by an edge):
    /// the base of the blossom they close, or `None` when the paths end at
    /// two different single vertices (an augmenting path).
    fn scan_blossom(&mut self, v: usize, w: usize) -> Option<usize> {
        let mut path = Vec::new();
        let mut base = None;
        let (mut v, mut w) = (Some(v), Some(w));
        while let Some(cur) = v {
            let b = self.in_blossom[cur];
            if self.label[b] & CRUMB != 0 {
                base = self.base[b];
                break;
            }
            debug_assert_eq!(self.label[b], S);
            path.push(b);
            self.label[b] = S | CRUMB;
            v = self.label_end[b].map(|e| {
                let t = self.in_blossom[self.endpoint[e]];
                let back = self.label_end[t].expect("a T-blossom was reached");
                self.endpoint[back]
            });
            // Alternate between the two paths while both go on.
            if w.is_some() {
                std::mem::swap(&mut v, &mut w);
            }
        }
        for b in path {
            self.label[b] = S;
        }
        base
    }

    /// Makes a new S-blossom of the cycle closed by edge `k` through `base`.
    fn add_blossom(&mut self, base: usize, k: usize) {
        let (v, w, _) = self.edges[k];
        let bb = self.in_blossom[base];
        let mut bv = self.in_blossom[v];
        let mut bw = self.in_blossom[w];
        let b = self.unused.pop().expect("at most n/2 blossoms");
        self.base[b] = Some(base);
        self.parent[b] = None;
        self.parent[bb] = Some(b);
        let mut path = Vec::new();
        let mut ends = Vec::new();
        while bv != bb {
            self.parent[bv] = Some(b);
            path.push(bv);
            let e = self.label_end[bv].expect("labelled");
            ends.push(e);
            bv = self.in_blossom[self.endpoint[e]];
        }
        path.push(bb);
        path.reverse();
        ends.reverse();
        ends.push(2 * k);
        while bw != bb {
            self.parent[bw] = Some(b);
            path.push(bw);
            let e = self.label_end[bw].expect("labelled");
            ends.push(e ^ 1);
            bw = self.in_blossom[self.endpoint[e]];
        }
        debug_assert_eq!(self.label[bb], S);
        self.label[b] = S;
        self.label_end[b] = self.label_end[bb];
        self.dual[b] = 0;
        self.children[b] = path.clone();
        self.ends[b] = ends;
        for v in self.leaves(b) {
            if self.label[self.in_blossom[v]] == T {
                // A T-vertex inside an S-blossom is now an S-vertex.
                self.queue.push(v);
            }
            self.in_blossom[v] = b;
        }
        // The least-slack edges from the new blossom to other S-blossoms.
        let mut best_to: Vec<Option<usize>> = vec![None; 2 * self.n];
        for bv in path {
            let candidates: Vec<usize> = match self.best_edges[bv].take() {
                Some(list) => list,
                None => self
                    .leaves(bv)
                    .into_iter()
                    .flat_map(|v| self.neighbours[v].iter().map(|p| p / 2))
                    .collect(),
            };
            for k in candidates {
                let (i, j, _) = self.edges[k];
                let j = if self.in_blossom[j] == b { i } else { j };
                let bj = self.in_blossom[j];
                if bj != b
                    && self.label[bj] == S
                    && best_to[bj].is_none_or(|e| self.slack(k) < self.slack(e))
                {
                    best_to[bj] = Some(k);
                }
            }
            self.best_edge[bv] = None;
        }
        let list: Vec<usize> = best_to.into_iter().flatten().collect();
        let mut best: Option<usize> = None;
        for &k in &list {
            if best.is_none_or(|e| self.slack(k) < self.slack(e)) {
                best = Some(k);
            }
        }
        self.best_edges[b] = Some(list);
        self.best_edge[b] = best;
    }

    /// Dissolves the top-level blossom `b` into its children (recursively,
    /// for children of zero dual, at the end of a stage).
    fn expand_blossom(&mut self, b: usize, end_of_stage: bool) {
        for s in self.children[b].clone() {
            self.parent[s] = None;
            if s < self.n {
                self.in_blossom[s] = s;
            } else if end_of_stage && self.dual[s] == 0 {
                self.expand_blossom(s, end_of_stage);
            } else {
                for v in self.leaves(s) {
                    self.in_blossom[v] = s;
                }
            }
        }
        if !end_of_stage && self.label[b] == T {
            // Relabel the children on the even path from the child the
            // blossom was entered through to the base.
            let entered = self.label_end[b].expect("a T-blossom was reached");
            let entry_child = self.in_blossom[self.endpoint[entered ^ 1]];
            let len = self.children[b].len() as isize;
            let mut j = self.children[b]
                .iter()
                .position(|&c| c == entry_child)
                .expect("the entry is a child") as isize;
            let (step, trick): (isize, usize) = if j % 2 == 1 {
                j -= len;
                (1, 0)
            } else {
                (-1, 1)
            };
            let mut p = entered;
            while j != 0 {
                // Relabel the T-child.
                self.label[self.endpoint[p ^ 1]] = FREE;
                let q = self.end(b, j - trick as isize) ^ trick ^ 1;
                self.label[self.endpoint[q]] = FREE;
                self.assign_label(self.endpoint[p ^ 1], T, Some(p));
                // Step to the next S-child and its forward endpoint.
                let q = self.end(b, j - trick as isize);
                self.allowed[q / 2] = true;
                j += step;
                p = self.end(b, j - trick as isize) ^ trick;
                // Step to the next T-child.
                self.allowed[p / 2] = true;
                j += step;
            }
            // The base child becomes T without passing it on to its mate.
            let bv = self.child(b, j);
            let v = self.endpoint[p ^ 1];
            self.label[v] = T;
            self.label[bv] = T;
            self.label_end[v] = Some(p);
            self.label_end[bv] = Some(p);
            self.best_edge[bv] = None;
            // The other children: T if reachable from an S-vertex outside.
            j += step;
            while self.child(b, j) != entry_child {
                let bv = self.child(b, j);
                j += step;
                if self.label[bv] == S {
                    // Labelled S through one of its neighbours already.
                    continue;
                }
                let reached = self.leaves(bv).into_iter().find(|&v| self.label[v] != FREE);
                if let Some(v) = reached {
                    debug_assert!(self.label[v] == T && self.in_blossom[v] == bv);
                    self.label[v] = FREE;
                    let base = self.base[bv].expect("a blossom has a base");
                    let m = self.mate[base].expect("a T-child's base is matched");
                    self.label[self.endpoint[m]] = FREE;
                    self.assign_label(v, T, self.label_end[v]);
                }
            }
        }
        self.label[b] = FREE;
        self.label_end[b] = None;
        self.children[b].clear();
        self.ends[b].clear();
        self.base[b] = None;
        self.best_edges[b] = None;
        self.best_edge[b] = None;
        self.unused.push(b);
    }

    /// Swaps matched and unmatched edges on the even path from vertex `v`
    /// to the base of blossom `b`, which becomes `v`.
    fn augment_blossom(&mut self, b: usize, v: usize) {
        let mut t = v;
        while self.parent[t] != Some(b) {
            t = self.parent[t].expect("v is inside b");
        }
        if t >= self.n {
            self.augment_blossom(t, v);
        }
        let len = self.children[b].len() as isize;
        let i = self.children[b]
            .iter()
            .position(|&c| c == t)
            .expect("a child");
        let mut j = i as isize;
        let (step, trick): (isize, usize) = if i % 2 == 1 {
            j -= len;
            (1, 0)
        } else {
            (-1, 1)
        };
        while j != 0 {
            j += step;
            let t = self.child(b, j);
            let p = self.end(b, j - trick as isize) ^ trick;
            if t >= self.n {
                self.augment_blossom(t, self.endpoint[p]);
            }
            j += step;
            let t = self.child(b, j);
            if t >= self.n {
                self.augment_blossom(t, self.endpoint[p ^ 1]);
            }
            self.mate[self.endpoint[p]] = Some(p ^ 1);
            self.mate[self.endpoint[p ^ 1]] = Some(p);
        }
        self.children[b].rotate_left(i);
        self.ends[b].rotate_left(i);
        self.base[b] = self.base[self.children[b][0]];
        debug_assert_eq!(self.base[b], Some(v));
    }

    /// Augments the matching along the path through edge `k`, which joins
    /// two S-vertices whose trees end at different single vertices.
    fn augment_matching(&mut self, k: usize) {
        let (v, w, _) = self.edges[k];
        for (mut s, mut p) in [(v, 2 * k + 1), (w, 2 * k)] {
            loop {
                let bs = self.in_blossom[s];
                debug_assert_eq!(self.label[bs], S);
                if bs >= self.n {
                    self.augment_blossom(bs, s);
                }
                self.mate[s] = Some(p);
                let Some(e) = self.label_end[bs] else {
                    break; // the single vertex at the root
                };
                let t = self.endpoint[e];
                let bt = self.in_blossom[t];
                debug_assert_eq!(self.label[bt], T);
                let back = self.label_end[bt].expect("a T-blossom was reached");
                s = self.endpoint[back];
                let j = self.endpoint[back ^ 1];
                if bt >= self.n {
                    self.augment_blossom(bt, j);
                }
                self.mate[j] = Some(back);
                p = back ^ 1;
            }
        }
    }

    /// Scans the S-vertex `v`: true if the matching was augmented.
    fn scan(&mut self, v: usize) -> bool {
        for idx in 0..self.neighbours[v].len() {
            let p = self.neighbours[v][idx];
            let k = p / 2;
            let w = self.endpoint[p];
            if self.in_blossom[v] == self.in_blossom[w] {
                continue; // inside a blossom
            }
            let mut slack = 0;
            if !self.allowed[k] {
                slack = self.slack(k);
                self.allowed[k] = slack <= 0;
            }
            let bw = self.in_blossom[w];
            if self.allowed[k] {
                if self.label[bw] == FREE {
                    self.assign_label(w, T, Some(p ^ 1));
                } else if self.label[bw] == S {
                    match self.scan_blossom(v, w) {
                        Some(base) => self.add_blossom(base, k),
                        None => {
                            self.augment_matching(k);
                            return true;
                        }
                    }
                } else if self.label[w] == FREE {
                    // Inside a T-blossom: note that w is reachable.
                    self.label[w] = T;
                    self.label_end[w] = Some(p ^ 1);
                }
            } else if self.label[bw] == S {
                let b = self.in_blossom[v];
                if self.best_edge[b].is_none_or(|e| slack < self.slack(e)) {
                    self.best_edge[b] = Some(k);
                }
            } else if self.label[w] == FREE
                && self.best_edge[w].is_none_or(|e| slack < self.slack(e))
            {
                self.best_edge[w] = Some(k);
            }
        }
        false
    }

    /// Changes the duals by the largest step that keeps them feasible, and
    /// acts on what limited it: false when the optimum is reached.
    fn adjust_duals(&mut self) -> bool {
        enum Limit {
            /// A vertex dual reaches zero: optimum.
            Vertex,
            /// An edge from an S-vertex to a free vertex gets tight.
            ToFree(usize),
            /// An edge between two S-blossoms gets tight.
            BetweenS(usize),
            /// A T-blossom's dual reaches zero: expand it.
            Blossom(usize),
        }
        let n = self.n;
        let mut delta = *self.dual[..n].iter().min().expect("n > 0");
        let mut limit = Limit::Vertex;
        for v in 0..n {
            if self.label[self.in_blossom[v]] == FREE {
                if let Some(e) = self.best_edge[v] {
                    let d = self.slack(e);
                    if d < delta {
                        delta = d;
                        limit = Limit::ToFree(e);
                    }
                }
            }
        }
        for b in 0..2 * n {
            if self.parent[b].is_none() && self.label[b] == S {
                if let Some(e) = self.best_edge[b] {
                    let slack = self.slack(e);
                    debug_assert_eq!(slack % 2, 0, "integer weights keep slacks even");
                    if slack / 2 < delta {
                        delta = slack / 2;
                        limit = Limit::BetweenS(e);
                    }
                }
            }
        }
        for b in n..2 * n {
            if self.base[b].is_some()
                && self.parent[b].is_none()
                && self.label[b] == T
                && self.dual[b] < delta
            {
                delta = self.dual[b];
                limit = Limit::Blossom(b);
            }
        }
        for v in 0..n {
            match self.label[self.in_blossom[v]] {
                S => self.dual[v] -= delta,
                T => self.dual[v] += delta,
                _ => {}
            }
        }
        for b in n..2 * n {
            if self.base[b].is_some() && self.parent[b].is_none() {
                match self.label[b] {
                    S => self.dual[b] += delta,
                    T => self.dual[b] -= delta,
                    _ => {}
                }
            }
        }
        match limit {
            Limit::Vertex => return false,
            Limit::ToFree(e) => {
                self.allowed[e] = true;
                let (i, j, _) = self.edges[e];
                let s = if self.label[self.in_blossom[i]] == FREE {
                    j
                } else {
                    i
                };
                self.queue.push(s);
            }
            Limit::BetweenS(e) => {
                self.allowed[e] = true;
                self.queue.push(self.edges[e].0);
            }
            Limit::Blossom(b) => self.expand_blossom(b, false),
        }
        true
    }

    fn solve(&mut self) {
        let n = self.n;
        // Each stage finds one augmenting path, or proves the optimum.
        for _ in 0..n {
            self.label.fill(FREE);
            self.best_edge.fill(None);
            for b in &mut self.best_edges[n..] {
                *b = None;
            }
            self.allowed.fill(false);
            self.queue.clear();
            for v in 0..n {
                if self.mate[v].is_none() && self.label[self.in_blossom[v]] == FREE {
                    self.assign_label(v, S, None);
                }
            }
            let augmented = loop {
                let mut augmented = false;
                while let Some(v) = self.queue.pop() {
                    if self.scan(v) {
                        augmented = true;
                        break;
                    }
                }
                if augmented {
                    break true;
                }
                if !self.adjust_duals() {
                    break false;
                }
            };
            if !augmented {
                break;
            }
            // Blossoms of zero dual need not survive the stage.
            for b in n..2 * n {
                if self.parent[b].is_none()
                    && self.base[b].is_some()
                    && self.label[b] == S
                    && self.dual[b] == 0
                {
                    self.expand_blossom(b, true);
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::rng::Rng;

    /// The matching as a list of partners, -1 for none (the way the
    /// classic test cases write it).
    fn mates(vertices: usize, edges: &[(usize, usize, i64)]) -> Vec<i64> {
        let edges: Vec<Edge> = edges
            .iter()
            .map(|&(i, j, w)| (i, j, i128::from(w)))
            .collect();
        max_weight_matching(vertices, &edges)
            .into_iter()
            .map(|m| m.map_or(-1, |m| m as i64))
            .collect()
    }

    #[test]
    fn trivial_graphs() {
        assert_eq!(mates(0, &[]), Vec::<i64>::new());
        assert_eq!(mates(3, &[]), [-1, -1, -1]);
        assert_eq!(mates(2, &[(0, 1, 1)]), [1, 0]);
        assert_eq!(mates(4, &[(1, 2, 10), (2, 3, 11)]), [-1, -1, 3, 2]);
        // The heavier middle edge beats the two outer ones together.
        assert_eq!(
            mates(5, &[(1, 2, 5), (2, 3, 11), (3, 4, 5)]),
            [-1, -1, 3, 2, -1]
        );
        // Negative edges are left out.
        assert_eq!(
            mates(
                5,
                &[(1, 2, 2), (1, 3, -2), (2, 3, 1), (2, 4, -1), (3, 4, -6)]
            ),
            [-1, 2, 1, -1, -1]
        );
    }

    #[test]
    fn a_path_of_four_takes_both_ends() {
        // 1–2 (8), 2–3 (10), 3–4 (8): 16 beats 10.
        assert_eq!(
            mates(5, &[(1, 2, 8), (2, 3, 10), (3, 4, 8)]),
            [-1, 2, 1, 4, 3]
        );
    }

    /// The classic cases of blossom handling (as in Galil's paper and the
    /// test suites of its implementations): each needs a blossom formed,
    /// relabelled, nested or expanded to reach the optimum. Edges are
    /// `i-j:weight`, the matching each vertex's mate (-1 for none).
    const BLOSSOMS: [(&str, &str); 10] = [
        // A triangle 1–2–3 becomes an S-blossom and is augmented through.
        ("1-2:8 1-3:9 2-3:10 3-4:7", "-1 2 1 4 3"),
        ("1-2:8 1-3:9 2-3:10 3-4:7 1-6:5 4-5:6", "-1 6 3 2 5 4 1"),
        // An S-blossom relabelled T, then used for the augmentation.
        ("1-2:9 1-3:8 2-3:10 1-4:5 4-5:4 1-6:3", "-1 6 3 2 5 4 1"),
        ("1-2:9 1-3:8 2-3:10 1-4:5 4-5:3 3-6:4", "-1 2 1 6 5 4 3"),
        // Nested S-blossoms.
        ("1-2:9 1-3:9 2-3:10 2-4:8 3-5:8 4-5:10 5-6:6", "-1 3 4 1 2 6 5"),
        // Nested, augmented, expanded recursively.
        ("1-2:8 1-3:8 2-3:10 2-4:12 3-5:12 4-5:14 4-6:12 5-7:12 6-7:14 7-8:12", "-1 2 1 5 6 3 4 8 7"),
        // An S-blossom relabelled T, then expanded.
        ("1-2:23 1-5:22 1-6:15 2-3:25 3-4:22 4-5:25 4-8:14 5-7:13", "-1 6 3 2 8 7 1 5 4"),
        // A blossom relabelled T in more than one way, expanded, augmented.
        ("1-2:45 1-5:45 2-3:50 3-4:45 4-5:50 1-6:30 3-9:35 4-8:35 5-7:26 9-10:5", "-1 6 3 2 8 7 1 5 4 10 9"),
        // A nested blossom whose outer blossom is expanded so that the inner
        // one lies on the augmenting path.
        ("1-2:45 1-7:45 2-3:50 3-4:45 4-5:95 4-6:94 5-6:94 6-7:50 1-8:30 3-11:35 5-9:36 7-10:26 11-12:5", "-1 8 3 2 6 9 4 10 1 5 7 12 11"),
        // Nested S-blossom relabelled S, expanded recursively.
        ("1-2:40 1-3:40 2-3:60 2-4:55 3-5:55 4-5:50 1-8:15 5-7:30 7-6:10 8-10:10 4-9:30", "-1 2 1 5 9 3 7 6 10 4 8"),
    ];

    #[test]
    fn blossoms() {
        for (edges, expected) in BLOSSOMS {
            let edges: Vec<(usize, usize, i64)> = edges
                .split(' ')
                .map(|edge| {
                    let (pair, weight) = edge.split_once(':').unwrap();
                    let (i, j) = pair.split_once('-').unwrap();
                    (
                        i.parse().unwrap(),
                        j.parse().unwrap(),
                        weight.parse().unwrap(),
                    )
                })
                .collect();
            let expected: Vec<i64> = expected.split(' ').map(|m| m.parse().unwrap()).collect();
            assert_eq!(mates(expected.len(), &edges), expected, "{edges:?}");
        }
    }

    /// The best total weight by trying every matching (small graphs).
    fn brute_force(vertices: usize, weight: &[Vec<Option<i128>>]) -> i128 {
        fn best(free: u32, weight: &[Vec<Option<i128>>]) -> i128 {
            if free == 0 {
                return 0;
            }
            let v = free.trailing_zeros() as usize;
            let rest = free & !(1 << v);
            // v unmatched, or matched to a later free vertex.
            let mut top = best(rest, weight);
            let mut others = rest;
            while others != 0 {
                let w = others.trailing_zeros() as usize;
                others &= others - 1;
                if let Some(x) = weight[v][w] {
                    top = top.max(x + best(rest & !(1 << w), weight));
                }
            }
            top
        }
        best((1u32 << vertices) - 1, weight)
    }

    #[test]
    fn agrees_with_brute_force_on_random_graphs() {
        let mut rng = Rng::new(17);
        for case in 0..3000 {
            let vertices = 1 + rng.below(10) as usize;
            let density = rng.unit();
            let range = [3, 10, 1000][case % 3];
            let mut edges = Vec::new();
            for i in 0..vertices {
                for j in i + 1..vertices {
                    if rng.unit() < density {
                        edges.push((i, j, rng.below(range) as i128 - range as i128 / 4));
                    }
                }
            }
            let mut weight = vec![vec![None; vertices]; vertices];
            for &(i, j, w) in &edges {
                weight[i][j] = Some(w);
                weight[j][i] = Some(w);
            }
            let mate = max_weight_matching(vertices, &edges);
            let mut total = 0;
            for (v, m) in mate.iter().enumerate() {
                if let Some(m) = *m {
                    assert_eq!(mate[m], Some(v), "case {case}: symmetric");
                    if v < m {
                        total += weight[v][m].expect("an edge of the graph");
                    }
                }
            }
            assert_eq!(
                total,
                brute_force(vertices, &weight),
                "case {case}: {edges:?}"
            );
        }
    }

    #[test]
    fn a_large_constant_forces_a_perfect_matching() {
        // Complete graph on 64 vertices with random weights, plus a constant
        // larger than any difference: everyone is matched.
        let mut rng = Rng::new(5);
        let mut edges = Vec::new();
        for i in 0..64 {
            for j in i + 1..64 {
                edges.push((i, j, (1 << 40) + rng.below(1000) as i128));
            }
        }
        let mate = max_weight_matching(64, &edges);
        assert!(mate.iter().all(Option::is_some));
    }
}
