//! ALSs joined by restricted commons: ALS-XZ, ALS-XY-Wing and ALS Chain.
//!
//! Each is an alternating inference chain whose nodes are the copies of a digit in an ALS:
//! inside an ALS, "(e)A or (o)A" holds for any two of its digits (it misses at most one);
//! between two ALSs, "not both (x)A and (x)B" holds for a restricted common x. The pattern
//! keeps that chain, one per eliminated digit Z: `(Z)A = (x1)A - (x1)B = ... = (Z)K`, the
//! first node of each ALS held false, the second true.
//!
//! The sets may share cells, as long as no shared cell holds the restricted common that
//! joins them (it would have to see itself): each inference holds for each set alone (it
//! misses at most one digit; a common is in at most one of two joined sets), whatever else
//! they share. A Z in a shared cell is seen by a target that sees all the Z's of both ends.

use std::cell::RefCell;

use super::{Alss, Changes, Keep, Kind, MAX_ALS, SHARED, each_cell, new_alss, offer_by_size, remove_seeing, searched, shared, since_miss, tidy};
use crate::deduction::{Chain, Deduction, Elimination, Link, Node, Pattern};
use crate::grid::{Candidates, CellSet, Digit, Grid};
use crate::layout::Layout;
use crate::strategies::Finds;

/// What the linked techniques keep per thread between calls, in the ALS family's field of
/// the per-thread home ([`caches`](crate::strategies::caches)): buffers only, so that a
/// build or a search allocates little (nothing here depends on the layout).
#[derive(Default)]
pub(super) struct Cache {
    /// The buffers of [`Graph::build`].
    scratch: RefCell<Option<GraphScratch>>,
    /// A graph no longer used, whose buffers the next build reuses.
    spare: RefCell<Option<Graph>>,
    /// The buffers of [`chains`] (see [`ChainBuffers`]).
    layers: RefCell<Option<ChainBuffers>>,
}

/// Runs `f` with this thread's caches of the linked techniques.
#[inline]
fn with_cache<R>(f: impl FnOnce(&Cache) -> R) -> R {
    crate::strategies::caches::with(|c| f(&c.als.linked))
}

/// The most ALSs in an ALS Chain.
const MAX_CHAIN: usize = 6;

/// The restricted commons between ALSs: `edges[start[a]..start[a + 1]]` holds `(b, x)` for
/// every ALS `b` whose copies of `x` all see all of `a`'s (so none is in both).
pub(super) struct Graph {
    start: Vec<u32>,
    pub(super) edges: Vec<(u32, Digit)>,
    /// For each edge `(b, x)`: the state (slot, see [`Alss::slot`]) of `b` and `x`.
    steps: Vec<u32>,
}

impl Graph {
    pub(super) fn build(grid: &Grid, alss: &Alss) -> Graph {
        // Why: the buffers are kept per thread, so that a build allocates only the graph.
        let mut scratch = with_cache(|c| c.scratch.take()).unwrap_or_default();
        let GraphScratch { found, by_second, heads, next, fill } = &mut scratch;
        found.clear();
        let layout = grid.layout();
        // The groups of one digit by first cell: `heads[cell]` the first, `next[group]` the
        // one after the group.
        heads.clear();
        heads.resize(layout.cell_count(), u32::MAX);
        next.clear();
        next.resize(alss.groups.len(), u32::MAX);
        // Why: on grids of at most 128 cells (9x9 and smaller), the sets the search tests are
        // taken as `u128`s, half the work of whole cell sets (which hold 256 cells).
        // Why: taken from the cell sets where needed, rather than copied once per build.
        if layout.cell_count() <= 128 {
            discover(layout, alss, narrow_of, heads, next, found);
        } else {
            discover(layout, alss, |set| *set, heads, next, found);
        }
        // Sort the edges by first ALS, then second, then digit: they were found digit by
        // digit, so two counting sorts (each keeping the order it is given) do it, by the
        // second ALS and then by the first. Each pair was found once, and stands for its
        // edge (a, b, x) followed by (b, a, x).
        // Why: every edge goes both ways, so each ALS is the second of as many edges as it
        // is the first of: one count serves both sorts.
        let spare = with_cache(|c| c.spare.take());
        let (mut start, mut edges, mut steps) = match spare {
            Some(g) => (g.start, g.edges, g.steps),
            None => Default::default(),
        };
        start.clear();
        start.resize(alss.list.len() + 1, 0);
        for &(a, b, _) in found.iter() {
            start[a as usize + 1] += 1;
            start[b as usize + 1] += 1;
        }
        for k in 1..start.len() {
            start[k] += start[k - 1];
        }
        let total = 2 * found.len();
        fill.clear();
        fill.extend_from_slice(&start);
        by_second.clear();
        by_second.resize(total, (0, 0, 0));
        for &(a, b, x) in found.iter() {
            by_second[fill[b as usize] as usize] = (a, b, x);
            fill[b as usize] += 1;
            by_second[fill[a as usize] as usize] = (b, a, x);
            fill[a as usize] += 1;
        }
        fill.clear();
        fill.extend_from_slice(&start);
        edges.clear();
        edges.resize(total, (0, 0));
        steps.clear();
        steps.resize(total, 0);
        for &(a, b, x) in by_second.iter() {
            let at = fill[a as usize] as usize;
            edges[at] = (b, x);
            steps[at] = alss.slot(b as usize, x) as u32;
            fill[a as usize] += 1;
        }
        with_cache(|c| *c.scratch.borrow_mut() = Some(scratch));
        Graph { start, edges, steps }
    }

    /// Keeps the buffers of a graph no longer used for the next [`Graph::build`] (per thread).
    pub(super) fn recycle(graph: Graph) {
        with_cache(|c| *c.spare.borrow_mut() = Some(graph));
    }

    fn of(&self, a: usize) -> &[(u32, Digit)] {
        &self.edges[self.start[a] as usize..self.start[a + 1] as usize]
    }
}

/// Finds the restricted commons, group pair by group pair, into `found` (`(a, b, x)` once
/// for each, standing for the edges `(a, b, x)` and `(b, a, x)`), with the cell sets taken
/// as `C` by `take`; `heads` (one per cell) and `next` (one per group) are given filled with
/// `u32::MAX`, and `heads` is left so.
fn discover<C: Cells>(
    layout: &Layout,
    alss: &Alss,
    take: impl Fn(&CellSet) -> C,
    heads: &mut [u32],
    next: &mut [u32],
    found: &mut Vec<(u32, u32, Digit)>,
) {
    let size = layout.size();
    let groups = |g: usize| (take(&alss.groups[g].cells), take(&alss.groups[g].seen));
    for x in 1..=size as Digit {
        // The groups of x, house by house (see [`Alss::starts`]), from the last.
        let of_house = |house: usize| (alss.starts[house * size + x as usize - 1] as usize..alss.starts[house * size + x as usize] as usize).rev();
        // The first cells of the groups met so far, to look up only those.
        let mut firsts = C::default();
        // Why: a group's cells never see themselves, and sight goes both ways: the cells
        // of h all see all of g's exactly when g's all see all of h's. So each pair is met
        // once, from its first group g (the groups are taken from the last, and h is
        // looked up among those taken before), among the groups whose first cell holds
        // the digit and sees all of g's. The order pairs are met in does not matter: the
        // edges are sorted afterwards, and each pair of ALSs has one edge per digit.
        for g in (0..alss.starts.len() / size).rev().flat_map(of_house) {
            let (cells_g, seen) = groups(g);
            let mut look = seen.and(firsts);
            while let Some(cell) = look.pop() {
                let mut k = heads[cell];
                while k != u32::MAX {
                    let h = k as usize;
                    k = next[h];
                    if !take(&alss.groups[h].cells).and_not(seen).none() {
                        continue;
                    }
                    // Why no test of common cells: the sets may share cells, but not a cell
                    // holding x, which would have to see itself (a restricted common is never
                    // in both sets, so one of them is locked whatever they share).
                    for &a in alss.members_of(g) {
                        for &b in alss.members_of(h) {
                            found.push((a, b, x));
                        }
                    }
                }
            }
            let first = cells_g.lowest();
            next[g] = heads[first];
            heads[first] = g as u32;
            firsts = firsts.with(first);
        }
        while let Some(cell) = firsts.pop() {
            heads[cell] = u32::MAX;
        }
    }
}

/// The sets of cells [`discover`] works with: whole cell sets, or a `u128` on grids of at
/// most 128 cells.
trait Cells: Copy + Default {
    fn and(self, other: Self) -> Self;
    /// The cells of `self` not in `other`.
    fn and_not(self, other: Self) -> Self;
    fn none(self) -> bool;
    fn with(self, cell: usize) -> Self;
    /// The lowest cell (the set must not be empty).
    fn lowest(self) -> usize;
    /// Takes out the lowest cell, if any.
    fn pop(&mut self) -> Option<usize>;
}

impl Cells for CellSet {
    fn and(self, other: Self) -> Self {
        self.intersection(&other)
    }
    fn and_not(self, other: Self) -> Self {
        self.difference(&other)
    }
    fn none(self) -> bool {
        self.is_empty()
    }
    fn with(mut self, cell: usize) -> Self {
        self.insert(cell);
        self
    }
    fn lowest(self) -> usize {
        self.first().expect("a group holds the digit")
    }
    fn pop(&mut self) -> Option<usize> {
        let cell = self.first()?;
        self.remove(cell);
        Some(cell)
    }
}

impl Cells for u128 {
    fn and(self, other: Self) -> Self {
        self & other
    }
    fn and_not(self, other: Self) -> Self {
        self & !other
    }
    fn none(self) -> bool {
        self == 0
    }
    fn with(self, cell: usize) -> Self {
        // Why: a table is cheaper than a shift of a `u128` on x86-64.
        const BITS: [u128; 128] = {
            let mut t = [0u128; 128];
            let mut i = 0;
            while i < 128 {
                t[i] = 1 << i;
                i += 1;
            }
            t
        };
        self | BITS[cell]
    }
    fn lowest(self) -> usize {
        self.trailing_zeros() as usize
    }
    fn pop(&mut self) -> Option<usize> {
        (*self != 0).then(|| {
            let cell = self.trailing_zeros() as usize;
            *self &= *self - 1;
            cell
        })
    }
}

/// The cells of `set` as a `u128` (all must be below 128).
fn narrow_of(set: &CellSet) -> u128 {
    let words = set.words();
    debug_assert!(words[2..].iter().all(|&w| w == 0));
    words[0] as u128 | (words[1] as u128) << 64
}

/// Buffers for [`Graph::build`], kept per thread.
#[derive(Default)]
struct GraphScratch {
    found: Vec<(u32, u32, Digit)>,
    by_second: Vec<(u32, u32, Digit)>,
    heads: Vec<u32>,
    next: Vec<u32>,
    fill: Vec<u32>,
}

/// The removals offered so far, for the every-instance lists that keep an instance only when
/// it removes something new.
#[derive(Default)]
struct Covered(std::collections::HashSet<(usize, Digit)>);

impl Covered {
    /// Adds the removals of `out`; whether any was new.
    fn adds(&mut self, out: &[Elimination]) -> bool {
        out.iter().fold(false, |new, e| self.0.insert((e.cell, e.digit)) | new)
    }
}

/// The cells holding `z` that see all of A's and all of B's copies of `z`.
fn targets(grid: &Grid, alss: &Alss, a: usize, b: usize, z: Digit) -> CellSet {
    alss.seen(a, z).intersection(alss.seen(b, z)).intersection(grid.digit_cells(z))
}

/// Removes `z` from the cells seeing all of A's and B's copies of it.
fn remove_z(grid: &Grid, alss: &Alss, a: usize, b: usize, z: Digit, out: &mut Vec<Elimination>) {
    let targets = targets(grid, alss, a, b, z);
    if !targets.is_empty() {
        let seen = alss.holders(a, z).union(alss.holders(b, z));
        remove_seeing(grid.layout(), &targets, z, &seen, out);
    }
}

/// The pattern of the ALSs `path` joined in that order by `links` (`links[i]` between
/// `path[i]` and `path[i + 1]`), with one chain per digit of `zs` (or, for `zs` empty, the
/// loop closed by `links`' last digit back into `path[0]`). `sets` gives the order the ALSs
/// are listed in.
fn pattern(alss: &Alss, sets: &[usize], path: &[usize], links: &[Digit], zs: Candidates) -> Pattern {
    let node = |a: usize, digit: Digit, on: bool| Node { cells: alss.holders(a, digit).iter().collect(), digit, on };
    let chain = |ends: Digit, closed: bool| {
        let mut nodes = Vec::with_capacity(2 * path.len());
        let mut chain_links = Vec::with_capacity(2 * path.len());
        for (k, &a) in path.iter().enumerate() {
            let entry = if k == 0 { ends } else { links[k - 1] };
            let exit = if k + 1 == path.len() { ends } else { links[k] };
            nodes.push(node(a, entry, false));
            nodes.push(node(a, exit, true));
            chain_links.push(Link::Strong);
            if k + 1 < path.len() || closed {
                chain_links.push(Link::Weak);
            }
        }
        Chain { nodes, links: chain_links, rules: Vec::new(), premises: Vec::new(), sets: Vec::new() }
    };
    let chains = if zs.is_empty() { vec![chain(*links.last().unwrap(), true)] } else { zs.iter().map(|z| chain(z, false)).collect() };
    let mut digits: Candidates = links.iter().copied().collect();
    digits = digits.union(zs);
    let cells: CellSet = path.iter().fold(CellSet::new(), |acc, &a| acc.union(&alss.list[a].cells));
    Pattern {
        digits,
        cells: cells.iter().collect(),
        base: sets.iter().map(|&a| alss.list[a].house).collect(),
        chains,
        sets: sets.iter().map(|&a| alss.cell_group(a)).collect(),
        ..Pattern::default()
    }
}

/// Two ALSs sharing a restricted common X: a digit Z of both leaves the cells that see all
/// their Z's; with two restricted commons, both sets lock all but one common each.
///
/// Search: pairs with fewest cells first, then in ALS order. When the last search found
/// nothing and the grid descends from that position, only the pairs with an ALS of a changed
/// house are tried (the others eliminated nothing then, and can eliminate nothing now; see
/// `Changes`: this holds for every pair, not only the first). Every instance: in search order
/// (fewest cells first), each pair of ALSs with a restricted common that removes something
/// no pair before it removes, one step per pair (doubly linked when they share two commons).
/// Why not every pair: sets may share cells, and pairs then run to thousands in a crowded
/// position; this way every removal is listed, with the smallest pair that makes it.
pub(super) fn als_xz(grid: &Grid, finds: &mut Finds) {
    let found = xz_pairs(grid, finds);
    searched(grid, Kind::Xz, found);
}

/// The search of [`als_xz`]: offers each pair's step until `finds` has enough; whether it
/// offered any.
fn xz_pairs(grid: &Grid, finds: &mut Finds) -> bool {
    let shared = shared(grid);
    let (alss, graph) = (&shared.alss, shared.graph(grid));
    let new = new_alss(alss, since_miss(grid, Kind::Xz).as_ref());
    // Each pair once (a < b) with its restricted commons, edges being sorted by b; then
    // a counting sort by size keeps the ALS order within a size.
    let mut pairs: Vec<(usize, u32, u32, u16)> = Vec::new();
    for a in 0..alss.list.len() {
        for &(b, x) in graph.of(a) {
            if b as usize <= a || !(new[a] || new[b as usize]) {
                continue;
            }
            match pairs.last_mut() {
                Some(last) if (last.1, last.2) == (a as u32, b) => last.3 |= Candidates::single(x).bits(),
                _ => {
                    let apart = alss.list[a].cells.intersection(&alss.list[b as usize].cells).is_empty();
                    pairs.push((alss.list[a].size + alss.list[b as usize].size + if apart { 0 } else { SHARED }, a as u32, b, Candidates::single(x).bits()))
                }
            }
        }
    }
    let mut merged = Vec::with_capacity(pairs.len());
    for size in 2..=2 * MAX_ALS + SHARED {
        merged.extend(pairs.iter().filter(|p| p.0 == size));
    }
    let mut out = Vec::new();
    let mut found = false;
    // Every instance: the removals offered so far (see `als_xz`).
    let mut covered = Covered::default();
    let every = finds.takes_every();
    for (_, a, b, commons) in merged {
        let (a, b) = (a as usize, b as usize);
        let commons = Candidates::from_bits(commons);
        out.clear();
        if commons.len() >= 2 {
            // Doubly linked: each set holds exactly one of the two commons (each common sits
            // in at most one of them, and each set misses at most one digit), so everything
            // else in each set is locked in it.
            let mut xs = commons.iter();
            let (x1, x2) = (xs.next().unwrap(), xs.next().unwrap());
            let pair = Candidates::single(x1).union(Candidates::single(x2));
            for s in [a, b] {
                for d in alss.list[s].live.difference(pair).iter() {
                    let targets = alss.seen(s, d).intersection(grid.digit_cells(d));
                    remove_seeing(grid.layout(), &targets, d, alss.holders(s, d), &mut out);
                }
            }
            for x in [x1, x2] {
                remove_z(grid, alss, a, b, x, &mut out);
            }
            if !out.is_empty() && (!every || covered.adds(&out)) {
                tidy(&mut out);
                let p = pattern(alss, &[a, b], &[a, b], &[x1, x2], Candidates::EMPTY);
                found = true;
                if finds.add(Deduction::elimination(super::ids::ALS_XZ, std::mem::take(&mut out), p)) {
                    return true;
                }
            }
            continue;
        }
        let x = commons.iter().next().unwrap();
        let mut zs = Candidates::EMPTY;
        // Why: a digit that no cell holding it sees in both sets removes nothing.
        for z in alss.list[a].live.intersection(alss.list[b].live).difference(commons).iter() {
            let before = out.len();
            remove_z(grid, alss, a, b, z, &mut out);
            if out.len() > before {
                zs.insert(z);
            }
        }
        if !out.is_empty() && (!every || covered.adds(&out)) {
            tidy(&mut out);
            found = true;
            if finds.add(Deduction::elimination(super::ids::ALS_XZ, std::mem::take(&mut out), pattern(alss, &[a, b], &[a, b], &[x], zs))) {
                return true;
            }
        }
    }
    found
}

/// A pivot ALS C sharing a restricted common X with ALS A and another, Y, with ALS B: a digit
/// Z of A and B leaves the cells that see all their Z's.
///
/// The step: fewest cells in all three sets first, then by pivot and the order of its
/// restricted commons. When the last search found nothing and the grid descends from that
/// position, only the wings with an ALS of a changed house are tried (see `Changes`). Every
/// instance: the step, then, by size, for each removal some wing makes, the first of the
/// smallest wings that make it (a pivot with two of its restricted commons, different
/// digits, to two different ALSs), each wing once: every removal, with its smallest proof.
pub(super) fn als_xy_wing(grid: &Grid, finds: &mut Finds) {
    let shared = shared(grid);
    let (alss, graph) = (&shared.alss, shared.graph(grid));
    let mut best = None;
    wings(grid, alss, graph, since_miss(grid, Kind::XyWing).as_ref(), &mut best);
    searched(grid, Kind::XyWing, best.is_some());
    let Some((_, best)) = best else { return };
    if finds.add(wing(grid, alss, graph, best)) {
        return;
    }
    let mut every = Vec::new();
    wings(grid, alss, graph, None, &mut every);
    // Why per removal: sets may share cells, and wings then run to thousands (a pivot with
    // every two of its links) in a crowded position.
    let mut smallest: std::collections::HashMap<(usize, Digit), (usize, usize)> = Default::default();
    for (k, &(size, (c, i, j))) in every.iter().enumerate() {
        let ((a, x), (b, y)) = (graph.of(c)[i], graph.of(c)[j]);
        let (a, b) = (a as usize, b as usize);
        for z in alss.list[a].digits.intersection(alss.list[b].digits).difference(Candidates::single(x)).difference(Candidates::single(y)).iter() {
            each_cell(&targets(grid, alss, a, b, z), |cell| {
                let slot = smallest.entry((cell, z)).or_insert((size, k));
                if size < slot.0 {
                    *slot = (size, k);
                }
            });
        }
    }
    let mut kept: Vec<usize> = smallest.into_values().map(|(_, k)| k).collect();
    kept.sort_unstable();
    kept.dedup();
    offer_by_size(kept.into_iter().map(|k| every[k]).collect(), finds, |found| wing(grid, alss, graph, found));
}

/// The search of [`als_xy_wing`]: keeps the wings met as (pivot, index of A's edge, index of
/// B's edge), by pivot and then edges, with their cells in all; with `changes` (since the
/// last search found nothing), only those with an ALS of a changed house.
fn wings(grid: &Grid, alss: &Alss, graph: &Graph, changes: Option<&Changes>, keep: &mut impl Keep<(usize, usize, usize)>) {
    let new = new_alss(alss, changes);
    // The indices of a pivot's edges (`every` grows to the most edges met), and of those to
    // a new ALS.
    let (mut every, mut news): (Vec<u32>, Vec<u32>) = (Vec::new(), Vec::new());
    // Each edge of the pivot with the digits its ALS could lose but the edge's: a Z of both
    // ends is among those of each.
    let mut ends: Vec<u16> = Vec::new();
    // `later[i]`: the digits of the ends after edge i, together.
    let mut later: Vec<u16> = Vec::new();
    for c in 0..alss.list.len() {
        let edges = graph.of(c);
        let size_c = alss.list[c].size;
        // Why: with the pivot new, any wing may be new, and `news` is not needed.
        if !new[c] {
            news.clear();
            news.extend((0..edges.len() as u32).filter(|&j| new[edges[j as usize].0 as usize]));
            // Why: a wing of ALSs that are all as they were eliminates nothing.
            if news.is_empty() {
                continue;
            }
        }
        if every.len() < edges.len() {
            every.extend(every.len() as u32..edges.len() as u32);
        }
        wing_ends(alss, edges, &mut ends, &mut later);
        for (i, &(a, x)) in edges.iter().enumerate() {
            // Why: no later end shares a digit with this one, so no pair starting here
            // passes the first test below.
            if ends[i] & later[i] == 0 {
                continue;
            }
            let a = a as usize;
            let als_a = &alss.list[a];
            // Why: the edges are in ALS order, so by size: B is no smaller than A, and
            // nothing from here on is smaller than the best.
            if keep.bound().is_some_and(|best| best <= size_c + 2 * als_a.size) {
                break;
            }
            // Why: with the pivot and A as they were, B must be new.
            let js = if new[c] || new[a] { &every[i + 1..edges.len()] } else { &news[news.partition_point(|&j| j as usize <= i)..] };
            for &j in js {
                let j = j as usize;
                let (b, y) = edges[j];
                // Why: the cheapest test first; all must pass.
                if ends[i] & ends[j] == 0 {
                    continue;
                }
                let b = b as usize;
                let size = size_c + als_a.size + alss.list[b].size;
                // Why: the later edges are no smaller.
                if keep.bound().is_some_and(|best| best <= size) {
                    break;
                }
                if x == y || a == b {
                    continue;
                }
                let als_b = &alss.list[b];
                let zs = als_a.live.intersection(als_b.live).difference(Candidates::single(x)).difference(Candidates::single(y));
                if zs.is_empty() {
                    continue;
                }
                if zs.iter().any(|z| !targets(grid, alss, a, b, z).is_empty()) {
                    let cells = [als_a, als_b, &alss.list[c]];
                    let apart = (0..3).all(|k| cells[k].cells.intersection(&cells[(k + 1) % 3].cells).is_empty());
                    let size = if apart { size } else { size + SHARED };
                    if keep.bound().is_none_or(|best| size < best) {
                        keep.keep(size, (c, i, j));
                    }
                }
            }
        }
    }
}

/// The step of the wing with pivot `c` and its edges `i` (to A) and `j` (to B).
fn wing(grid: &Grid, alss: &Alss, graph: &Graph, (c, i, j): (usize, usize, usize)) -> Deduction {
    let ((a, x), (b, y)) = (graph.of(c)[i], graph.of(c)[j]);
    let (a, b) = (a as usize, b as usize);
    let (out, zs) = wing_eliminations(grid, alss, a, b, Candidates::single(x).union(Candidates::single(y)));
    Deduction::elimination(super::ids::ALS_XY_WING, out, pattern(alss, &[a, b, c], &[a, c, b], &[x, y], zs))
}

/// For a pivot's `edges`: in `ends`, each edge's ALS's digits it could lose but the edge's
/// (a Z of both wings is among those of each), and in `later[i]`, those of the edges after
/// edge `i`, together.
#[inline]
fn wing_ends(alss: &Alss, edges: &[(u32, Digit)], ends: &mut Vec<u16>, later: &mut Vec<u16>) {
    ends.clear();
    ends.extend(edges.iter().map(|&(a, x)| alss.list[a as usize].live.difference(Candidates::single(x)).bits()));
    later.clear();
    later.resize(ends.len(), 0);
    for i in (1..ends.len()).rev() {
        later[i - 1] = later[i] | ends[i];
    }
}

/// The removals of the ALS-XY-Wing with wings `a` and `b` whose links to the pivot are the
/// digits `pair`: each other digit of both wings goes where all its copies are seen. With
/// the digits that remove something.
fn wing_eliminations(grid: &Grid, alss: &Alss, a: usize, b: usize, pair: Candidates) -> (Vec<Elimination>, Candidates) {
    let mut out = Vec::new();
    let mut zs = Candidates::EMPTY;
    for z in alss.list[a].digits.intersection(alss.list[b].digits).difference(pair).iter() {
        let before = out.len();
        remove_z(grid, alss, a, b, z, &mut out);
        if out.len() > before {
            zs.insert(z);
        }
    }
    tidy(&mut out);
    (out, zs)
}

/// Four or more ALSs, each joined to the next by a restricted common different from the one
/// before: a digit Z of the first and the last (other than their links) leaves the cells that
/// see all their Z's.
///
/// The step: fewest ALSs first, then by digit Z.
///
/// For each digit Z, a breadth-first pass over states (ALS, digit it is entered by) carries
/// the cells that a chain started at an ALS holding Z could eliminate (the cells seeing all
/// of that ALS's Z's): after `k` links, a state whose ALS holds Z (other than its entry)
/// and whose Z's are all seen by one of those cells closes a chain of `k + 1` ALSs (the
/// last layer only reaches such states). The chain itself is then rebuilt backwards from
/// that cell, with all its ALSs distinct (they may share cells: see the module), trying the states of each
/// layer in the order the pass reached them; the hits of a layer are tried before the next
/// layer is built.
///
/// The carried cells all hold Z: when at most 64 cells do, they are carried as a `u64` over
/// those cells (numbered in ascending order, so that their order is kept), which makes the
/// pass's unions a quarter of the work of whole cell sets.
///
/// Every instance: for each digit Z, each number of links (three to `MAX_CHAIN - 1`), each
/// state closing a chain after that many links and each cell the pass carries there (it sees
/// all of both ends' Z's), the first chain rebuilt back from that cell, by number of ALSs,
/// kept when it removes something no chain before it removes (chains that reach the same
/// cell through other ALSs along the way are not listed: every chain would be too many). A
/// chain met from both of its ends is listed once, as met first.
pub(super) fn als_chain(grid: &Grid, finds: &mut Finds) {
    let shared = shared(grid);
    let (alss, graph) = (&shared.alss, shared.graph(grid));
    let mut best = None;
    chains(grid, alss, graph, &mut best);
    let Some((_, best)) = best else { return };
    if finds.add(best) {
        return;
    }
    let mut every = Vec::new();
    chains(grid, alss, graph, &mut every);
    // Why: read backwards, a chain is the same proof; the sort keeps the step first.
    every.sort_by_key(|found| found.0);
    let mut kept: Vec<(usize, Deduction)> = Vec::with_capacity(every.len());
    // Why per removal, as the other linked forms: sets may share cells, and chains through
    // the same cells then come in many orders.
    let mut covered = Covered::default();
    for found in every {
        if !kept.iter().any(|k| read_backwards(&k.1, &found.1)) && covered.adds(&found.1.eliminations) {
            kept.push(found);
        }
    }
    offer_by_size(kept, finds, |found| found);
}

/// Whether chain step `b` is chain step `a` read from its other end: the same removals, the
/// same sets backwards, and each chain's nodes backwards (a node held true read as one held
/// false, and the other way).
fn read_backwards(a: &Deduction, b: &Deduction) -> bool {
    let nodes_backwards = |x: &Chain, y: &Chain| {
        x.nodes.len() == y.nodes.len() && x.nodes.iter().rev().zip(&y.nodes).all(|(m, n)| m.cells == n.cells && m.digit == n.digit && m.on != n.on)
    };
    a.eliminations == b.eliminations
        && a.pattern.sets.iter().rev().eq(&b.pattern.sets)
        && a.pattern.chains.len() == b.pattern.chains.len()
        && a.pattern.chains.iter().zip(&b.pattern.chains).all(|(x, y)| nodes_backwards(x, y))
}

/// The search of [`als_chain`], keeping the chains met with their number of links.
fn chains<K: Keep<Deduction>>(grid: &Grid, alss: &Alss, graph: &Graph, keep: &mut K) {
    let states = alss.group_of.len();
    // Why: the buffers are kept per thread, so that a call allocates (and clears) nothing
    // of the size of the graph but what it uses.
    let mut bufs = with_cache(|c| c.layers.take()).unwrap_or_default();
    bufs.layers.reset(states);
    bufs.layers.follow(alss, graph);
    let ChainBuffers { layers, narrow, wide, number, trail, narrow_hits, wide_hits } = &mut bufs;
    number.resize(grid.layout().cell_count(), 0);
    // Why two passes: chains of sets apart come before chains of sets sharing cells (see
    // `SHARED`), which count only when there is none. For every chain, a second pass lists
    // those; for the step, one pass finds both (see `chain_of_digit`), the layers being the
    // same for both: the shortest chain of sets sharing cells is kept aside, and taken when
    // no chain of sets apart is found.
    let mut shared_best: Option<(usize, Deduction)> = None;
    let passes: &[bool] = if K::EVERY { &[true, false] } else { &[true] };
    for &apart in passes {
        for z in 1..=grid.layout().size() as Digit {
            // Why: a later digit wins only with fewer links.
            let most = keep.bound().map_or(MAX_CHAIN - 1, |links| links - 1);
            if most < 3 {
                break;
            }
            let cells = grid.digit_cells(z);
            if cells.len() <= 64 {
                let mut i = 0;
                each_cell(cells, |cell| {
                    number[cell] = i;
                    i += 1;
                });
                narrow.resize(MAX_CHAIN * states, 0);
                let number = &*number;
                let to_bits = |set: CellSet| {
                    let mut bits = 0u64;
                    each_cell(&set, |cell| bits |= 1 << number[cell]);
                    bits
                };
                chain_of_digit(grid, alss, graph, layers, narrow, narrow_hits, trail, z, most, apart, to_bits, keep, &mut shared_best);
            } else {
                wide.resize(MAX_CHAIN * states, CellSet::new());
                chain_of_digit(grid, alss, graph, layers, wide, wide_hits, trail, z, most, apart, |set| set, keep, &mut shared_best);
            }
        }
    }
    if keep.bound().is_none()
        && let Some((links, found)) = shared_best
    {
        keep.keep(links, found);
    }
    with_cache(|c| *c.layers.borrow_mut() = Some(bufs));
}

/// The search of [`chains`] for digit `z`, with chains of at most `most` links: keeps the
/// shortest chain found, the first in the order of the pass (or, keeping every one, each
/// chain of every layer). `carry` turns a set of cells holding `z` into the sets carried;
/// `sets` is left empty; `hits` (left empty) and `trail` are buffers.
///
/// Keeping the best of sets `apart`, while none is found, a hit that gives no chain of sets
/// apart is also rebuilt through sets that may share cells, and the shortest such chain
/// (the first met of its length) is kept in `shared_best`: what a second pass without
/// `apart` would find, as its layers are the same.
#[allow(clippy::too_many_arguments)]
fn chain_of_digit<S: Carried, K: Keep<Deduction>>(
    grid: &Grid,
    alss: &Alss,
    graph: &Graph,
    layers: &mut Layers,
    sets: &mut [S],
    hits: &mut Vec<(usize, S)>,
    trail: &mut Trail,
    z: Digit,
    most: usize,
    apart: bool,
    carry: impl Fn(CellSet) -> S,
    keep: &mut K,
    shared_best: &mut Option<(usize, Deduction)>,
) {
    let mut found = false;
    let Trail { path, links, preds } = trail;
    layers.seed(grid, alss, sets, z, carry);
    for k in 1..=most {
        if k == most {
            layers.step::<S, true>(sets, k, z);
        } else {
            layers.step::<S, false>(sets, k, z);
        }
        // Why: four ALSs at least (three links); fewer are ALS-XZ and ALS-XY-Wing.
        if k >= 3 {
            layers.hits(alss, sets, k, z, hits);
        }
        // Why: the hits of this layer are tried before the next layer is built, so that
        // a chain found stops the digit's search.
        'hits: for &(end, hit) in hits.iter() {
            for target in hit.members() {
                let mut chain = |apart: bool| {
                    path.clear();
                    path.push(layers.owner[end].0);
                    links.clear();
                    links.push(layers.owner[end].1);
                    preds.clear();
                    if !layers.rebuild(sets, alss, graph, k, end, target, path, links, preds, apart) {
                        return None;
                    }
                    path.reverse();
                    links.reverse();
                    chain_deduction(grid, alss, path, links)
                };
                if let Some(d) = chain(apart) {
                    keep.keep(k, d);
                    // Why: the best is the first chain of the first layer that has one.
                    if !K::EVERY {
                        found = true;
                        break 'hits;
                    }
                } else if apart && !K::EVERY && keep.bound().is_none() && shared_best.as_ref().is_none_or(|best| k < best.0) {
                    if let Some(d) = chain(false) {
                        *shared_best = Some((k, d));
                    }
                }
            }
        }
        hits.clear();
        if found {
            break;
        }
    }
    layers.clear(sets);
}

/// The sets of cells carried by [`chains`]'s pass: whole cell sets, or a `u64` over the
/// cells holding the digit.
trait Carried: Copy + Default {
    fn join(self, other: Self) -> Self;
    fn meet(&self, other: &Self) -> Self;
    fn none(&self) -> bool;
    /// Whether it holds member `i`.
    fn holds(&self, i: usize) -> bool;
    /// The members in ascending order.
    fn members(&self) -> impl Iterator<Item = usize> + '_;
}

impl Carried for CellSet {
    fn join(self, other: Self) -> Self {
        CellSet::union(&self, &other)
    }
    fn meet(&self, other: &Self) -> Self {
        self.intersection(other)
    }
    fn none(&self) -> bool {
        CellSet::is_empty(self)
    }
    fn holds(&self, i: usize) -> bool {
        self.contains(i)
    }
    fn members(&self) -> impl Iterator<Item = usize> + '_ {
        self.iter()
    }
}

impl Carried for u64 {
    fn join(self, other: Self) -> Self {
        self | other
    }
    fn meet(&self, other: &Self) -> Self {
        self & other
    }
    fn none(&self) -> bool {
        *self == 0
    }
    fn holds(&self, i: usize) -> bool {
        self >> i & 1 != 0
    }
    fn members(&self) -> impl Iterator<Item = usize> + '_ {
        let mut bits = *self;
        std::iter::from_fn(move || {
            (bits != 0).then(|| {
                let i = bits.trailing_zeros() as usize;
                bits &= bits - 1;
                i
            })
        })
    }
}

/// The buffers of [`chains`], kept per thread: the layers and the sets they carry, as
/// `u64`s (`narrow`) or as cell sets (`wide`), and the number of each cell holding the digit.
#[derive(Default)]
struct ChainBuffers {
    layers: Layers,
    narrow: Vec<u64>,
    wide: Vec<CellSet>,
    number: Vec<u8>,
    /// The chains rebuilt (see [`Layers::rebuild`]).
    trail: Trail,
    /// The hits of a layer (see [`chain_of_digit`]), with `u64`s or cell sets.
    narrow_hits: Vec<(usize, u64)>,
    wide_hits: Vec<(usize, CellSet)>,
}

/// The buffers of [`Layers::rebuild`]: the ALSs of a chain, their links, and the
/// predecessors still to try.
#[derive(Default)]
struct Trail {
    path: Vec<usize>,
    links: Vec<Digit>,
    preds: Vec<(u32, usize)>,
}

/// The breadth-first pass of [`chains`] for one digit: `sets[k * states + s]` (kept
/// apart, see [`ChainBuffers`]) holds the cells a chain of `k` links ending in state `s`
/// could eliminate, `active[k][..reached[k]]` the states reached after `k` links.
#[derive(Default)]
struct Layers {
    // Why: room for every state, filled by place rather than pushed (no test of capacity
    // in the pass's inner loop).
    active: Vec<Vec<u32>>,
    reached: [usize; MAX_CHAIN],
    /// `rank[k * states + s]`: the place of state `s` in `active[k]`.
    rank: Vec<u32>,

    states: usize,
    /// The ALS of each state and the digit it is entered by.
    owner: Vec<(usize, Digit)>,
    /// The digits Z a chain may end with at each state: those of its ALS that some cell
    /// outside could lose ([`Als::live`](super::Als)), but the digit it is entered by.
    // Why: the last layer and the hits test this for every state reached; a small array
    // is cheaper to reach than the state's ALS.
    ends: Vec<u16>,
    /// `next[next_start[s]..next_start[s + 1]]`: the states a link leads to from state `s`
    /// (see [`Layers::follow`]).
    next_start: Vec<u32>,
    next: Vec<u32>,
}

impl Layers {
    /// Layer 0 of digit `z`'s pass: each ALS in which Z is live, carrying (`carry`) the
    /// cells holding Z that see all its Z's.
    fn seed<S: Carried>(&mut self, grid: &Grid, alss: &Alss, sets: &mut [S], z: Digit, carry: impl Fn(CellSet) -> S) {
        // The holder group of Z met last, and what it carries.
        let mut last: Option<(u32, S)> = None;
        for (a, als) in alss.list.iter().enumerate() {
            // Why: some cell holding Z sees all of an ALS's Z's exactly when Z is live in it
            // (see `Als::live`): the others would carry nothing.
            if als.live.contains(z) {
                let s = alss.slot(a, z);
                let g = alss.group_of[s];
                // Why: the ALSs of one holder group carry the same cells, and often come one
                // after the other (same size and first cell).
                let carried = match last {
                    Some((known, carried)) if known == g => carried,
                    _ => {
                        let carried = carry(alss.groups[g as usize].seen.intersection(grid.digit_cells(z)));
                        last = Some((g, carried));
                        carried
                    }
                };
                sets[s] = carried;
                let n = self.reached[0];
                self.rank[s] = n as u32;
                self.active[0][n] = s as u32;
                self.reached[0] = n + 1;
            }
        }
    }

    /// Adds to `hits` the states of layer `k` that close a chain of digit `z`: their ALS
    /// holds Z (other than its entry), with what they carry that sees all its Z's.
    #[inline]
    fn hits<S: Carried>(&self, alss: &Alss, sets: &[S], k: usize, z: Digit, hits: &mut Vec<(usize, S)>) {
        let zbit = Candidates::single(z).bits();
        for &t in &self.active[k][..self.reached[k]] {
            if self.ends[t as usize] & zbit == 0 {
                continue;
            }
            let b = self.owner[t as usize].0;
            // Why: layer 0 keeps, for each ALS holding Z, the cells holding Z that
            // see all its Z's (empty if none).
            let hit = sets[k * self.states + t as usize].meet(&sets[alss.slot(b, z)]);
            if !hit.none() {
                hits.push((t as usize, hit));
            }
        }
    }

    /// Makes room for `states` states, no state reached (as [`Layers::clear`] leaves them).
    fn reset(&mut self, states: usize) {
        self.states = states;
        self.rank.resize(MAX_CHAIN * states, 0);
        self.active.resize(MAX_CHAIN, Vec::new());
        for list in &mut self.active {
            list.resize(states, 0);
        }
        self.owner.resize(states, (0, 0));
        self.ends.resize(states, 0);
    }

    /// Fills, for each state `(a, entry)`, its ALS and digit ([`Layers::owner`]), the digits a
    /// chain may end with there ([`Layers::ends`]), and the states `(b, x)` of `a`'s edges
    /// `(b, x)` with `x` other than `entry` (the strong link inside an ALS needs two
    /// different digits), in the order of the edges.
    // Why: each state is expanded for every digit Z and layer, so its links are sorted out
    // once per position rather than at each expansion.
    fn follow(&mut self, alss: &Alss, graph: &Graph) {
        self.next_start.clear();
        self.next.clear();
        for (a, als) in alss.list.iter().enumerate() {
            let range = graph.start[a] as usize..graph.start[a + 1] as usize;
            for (k, entry) in als.digits.iter().enumerate() {
                // The states of the ALSs are numbered in their order (see `Alss::slot`).
                debug_assert_eq!(self.next_start.len(), als.first + k);
                self.owner[als.first + k] = (a, entry);
                self.ends[als.first + k] = als.live.difference(Candidates::single(entry)).bits();
                self.next_start.push(self.next.len() as u32);
                for (&(_, x), &t) in graph.edges[range.clone()].iter().zip(&graph.steps[range.clone()]) {
                    if x != entry {
                        self.next.push(t);
                    }
                }
            }
        }
        self.next_start.push(self.next.len() as u32);
    }

    /// Empties the sets of the states reached, and forgets them.
    fn clear<S: Carried>(&mut self, sets: &mut [S]) {
        for (k, list) in self.active.iter().enumerate() {
            for &s in &list[..self.reached[k]] {
                sets[k * self.states + s as usize] = S::default();
            }
            self.reached[k] = 0;
        }
    }

    /// Builds layer `k` from layer `k - 1` for digit `z`; the `LAST` layer only reaches
    /// states that may close a chain.
    // Why: kept apart (not inlined), so that this loop, where the search spends its time,
    // is compiled on its own (once for the last layer and once for the others, so that
    // the inner loop of the others has one test).
    #[inline(never)]
    fn step<S: Carried, const LAST: bool>(&mut self, sets: &mut [S], k: usize, z: Digit) {
        let states = self.states;
        let (done, rest) = sets.split_at_mut(k * states);
        let (before, now) = (&done[(k - 1) * states..], &mut rest[..states]);
        let (old, new) = self.active.split_at_mut(k);
        let (new, rank) = (&mut new[0], &mut self.rank[k * states..(k + 1) * states]);
        let (ends, next, next_start) = (&self.ends, &self.next, &self.next_start);
        let zbit = Candidates::single(z).bits();
        let mut n = 0;
        for &s in &old[k - 1][..self.reached[k - 1]] {
            let carried = before[s as usize];
            for &t in &next[next_start[s as usize] as usize..next_start[s as usize + 1] as usize] {
                let t = t as usize;
                // Why: the last layer only serves to close chains, at ALSs holding Z
                // entered by another digit (the state's digit is its link's), whose Z's some
                // cell holding Z sees all of (the others' sets of layer 0 are empty).
                if LAST && ends[t] & zbit == 0 {
                    continue;
                }
                let was = now[t];
                if was.none() {
                    rank[t] = n as u32;
                    new[n] = t as u32;
                    n += 1;
                }
                now[t] = was.join(carried);
            }
        }
        self.reached[k] = n;
    }

    /// Extends `path` (ALSs from the end backwards; `links` the digits joining them) from
    /// state `s` after `k` links back to a start whose Z's `target` (a member of the sets)
    /// sees, through ALSs all distinct (and without common cells when `apart`). `preds` is a stack of the
    /// predecessors still to try at each step back.
    #[allow(clippy::too_many_arguments)]
    fn rebuild<S: Carried>(
        &self,
        sets: &[S],
        alss: &Alss,
        graph: &Graph,
        k: usize,
        s: usize,
        target: usize,
        path: &mut Vec<usize>,
        links: &mut Vec<Digit>,
        preds: &mut Vec<(u32, usize)>,
        apart: bool,
    ) -> bool {
        if k == 0 {
            return true;
        }
        let (b, x) = self.owner[s];
        let before = (k - 1) * self.states;
        // Why: restricted commons go both ways, so the ALSs joined to b by x are among b's
        // edges; their states reached after k - 1 links are tried in the order they were
        // reached (`rank`), as a scan of that layer would meet them.
        let base = preds.len();
        for &(a, y) in graph.of(b) {
            if y != x {
                continue;
            }
            let a = a as usize;
            for entry in alss.list[a].digits.iter() {
                let p = alss.slot(a, entry);
                if entry != x && sets[before + p].holds(target) {
                    preds.push((self.rank[before + p], p));
                }
            }
        }
        preds[base..].sort_unstable();
        for i in base..preds.len() {
            let p = preds[i].1;
            let (a, entry) = self.owner[p];
            if path.contains(&a) || (apart && path.iter().any(|&q| !alss.list[q].cells.intersection(&alss.list[a].cells).is_empty())) {
                continue;
            }
            path.push(a);
            if k > 1 {
                links.push(entry);
            }
            if self.rebuild(sets, alss, graph, k - 1, p, target, path, links, preds, apart) {
                return true;
            }
            path.pop();
            if k > 1 {
                links.pop();
            }
        }
        preds.truncate(base);
        false
    }
}

/// The deduction of the chain of ALSs `path` joined by `links`: every digit of both ends
/// other than their links leaves the cells seeing all its copies in both ends.
fn chain_deduction(grid: &Grid, alss: &Alss, path: &[usize], links: &[Digit]) -> Option<Deduction> {
    let (first, last) = (path[0], *path.last().unwrap());
    let ends = Candidates::single(links[0]).union(Candidates::single(*links.last().unwrap()));
    let mut out = Vec::new();
    let mut zs = Candidates::EMPTY;
    for z in alss.list[first].digits.intersection(alss.list[last].digits).difference(ends).iter() {
        let before = out.len();
        remove_z(grid, alss, first, last, z, &mut out);
        if out.len() > before {
            zs.insert(z);
        }
    }
    if out.is_empty() {
        return None;
    }
    tidy(&mut out);
    Some(Deduction::elimination(super::ids::ALS_CHAIN, out, pattern(alss, path, path, links, zs)))
}
