//! The link graph the chain techniques search, built once per strategy call.
//!
//! Nodes are candidates (a digit in a cell) and, for the grouped techniques, group nodes (a
//! digit in the two or more cells of a box-line intersection that hold it) and ALS nodes (a
//! digit in the cells of an almost locked set holding it: see [`Options::als`]). Only nodes that
//! take part in a strong link are kept: every node of an alternating chain does.
//!
//! The search is over "on" nodes. Assuming a chain's first node false, its strong link makes
//! the next node true; a weak link from a true node makes the next false, whose strong link
//! makes the one after true, and so on. One step (weak link, then strong link) goes from a
//! true node to the next true node; the search makes each node's list of steps when it first
//! reaches the node (most searches reach only part of the graph). A breadth-first
//! search from every start at once, one bitset of starts per node, finds for each start and
//! node the shortest chain first; the caller's `hit` test says which of the (start, end) pairs
//! reached prove something, and only those chains are rebuilt node by node.
//!
//! Reuse between calls. Each digit's house links (conjugate pairs and box-line splits), the
//! nodes they make, those nodes' sight, their strong links and their weak links to the
//! digit's group nodes depend on that digit's cells only, so per-thread [`DigitMemo`]s keep
//! them (without and with group nodes) and make them
//! again only for the digits a step changed; within a changed digit, a per-thread cache
//! keeps each house's links by the digit's places in that house, so only the houses whose
//! places changed are read again. A build copies each digit's part after the
//! earlier digits' nodes, then adds the bivalue cells' nodes and links, so the nodes are
//! numbered as if made afresh. The build's index tables, a dropped graph's vectors and the
//! search's bitsets are kept per thread too, so a call allocates little. After a search that
//! reached no pair passing its test, a [`Miss`] keeps its position: a later one with fewer
//! candidates is searched only from the starts whose chains may use a strong link that
//! position lacked ([`Graph::restrict_starts`]).

use std::cell::RefCell;

use super::super::als::Holding;
use super::super::memo::{DigitMemo, Found, Snapshot};
use crate::constraints::Constraint;
use crate::deduction::Elimination;
use crate::grid::{Candidates, CellSet, Digit, Grid};
use crate::layout::{CellId, LayoutId};
use crate::rules::Rule;

/// What the graph keeps per thread between builds and searches, in the chains family's
/// field of the per-thread home ([`caches`](crate::strategies::caches)).
#[derive(Default)]
pub(super) struct Cache {
    /// The search's working bitsets and lists (see [`Graph::search`]), so that a search
    /// allocates little.
    search: RefCell<Buffers>,
    /// The vectors of a dropped graph, for the next build. Why: a build fills some ten
    /// vectors, and the solver builds a graph after almost every step.
    spare: RefCell<Spare>,
    /// The house links of each digit, in house order (see [`house_links`]). Why: they
    /// depend on the digit's cells only, and a step changes few digits.
    house_links: RefCell<DigitMemo<Vec<HouseLink>>>,
    /// Each digit's nodes and strong links from its house links, without group nodes and
    /// with them (see [`DigitPart`]).
    digit_parts: RefCell<[DigitMemo<DigitPart>; 2]>,
    /// Per digit and house, the links of the digit's places there (see [`HouseCache`]).
    house_cache: RefCell<HouseCache>,
    /// The build's lookup tables and scratch (see [`Tables`]).
    tables: RefCell<Tables>,
}

/// Runs `f` with this thread's graph caches.
#[inline]
fn with_cache<R>(f: impl FnOnce(&Cache) -> R) -> R {
    crate::strategies::caches::with(|c| f(&c.chains.graph))
}

/// No node.
const NONE: u16 = u16::MAX;

/// Which links a technique may use.
#[derive(Clone, Copy, Debug)]
pub(super) struct Options {
    /// Strong links of houses: a digit with exactly two places in a row, column or box.
    pub conjugate: bool,
    /// Strong links inside bivalue cells (and weak links between two candidates of a cell).
    pub bivalue: bool,
    /// Group nodes: house strong links whose two places may each be a box-line group.
    pub groups: bool,
    /// Only this digit's conjugate pairs (every digit's when `None`).
    pub digit: Option<Digit>,
    /// The links of the rules' constraints: weak links where a constraint (a dot,
    /// non-consecutive: [`Layout::links`]) rules out one node with the other, whatever
    /// their digits (a group node when it rules out every cell of the group), and strong
    /// links of the rules' demands (see [`demand_links`]).
    ///
    /// [`Layout::links`]: crate::layout::Layout::links
    pub links: bool,
    /// ALS nodes: for each almost locked set of two to [`MAX_ALS_CELLS`] cells (see
    /// [`als`](super::super::als)), a node per digit (the digit in the set's cells holding
    /// it: a cell node, or a group node of one house), and strong links between every two
    /// of them. Why strong: the set's `n` cells hold `n` of its `n + 1` digits, so of any two
    /// of its digits at least one is in it.
    pub als: bool,
}

/// The most cells of an almost locked set that gives ALS nodes (see [`Options::als`]). Why
/// not the four the ALS techniques take: four-cell sets are most of all sets, so they more
/// than double the graph and its search, and a chain through one is hard to follow; a set
/// that big still takes part in ALS-XZ, ALS-XY-Wing, ALS Chain and Death Blossom.
pub(super) const MAX_ALS_CELLS: usize = 3;

/// A strong link an almost locked set makes between two of its digits' nodes (the lower
/// first), with the set's number in [`Graph::als_sets`].
pub(super) type AlsLink = (u16, u16, u32);

/// A node: a digit in one cell, or in a group of cells of one box-line intersection, or (ALS
/// nodes) in the cells of an almost locked set holding it, all in one house.
#[derive(Clone, Copy, Debug)]
pub(super) struct Node {
    pub digit: Digit,
    pub cells: CellSet,
    /// The cell of a cell node; the first cell of a group.
    pub cell: CellId,
    pub group: bool,
}

/// Adjacency lists, stored flat.
#[derive(Default)]
struct Lists {
    start: Vec<u32>,
    items: Vec<u16>,
}

impl Lists {
    fn of(&self, node: usize) -> &[u16] {
        &self.items[self.start[node] as usize..self.start[node + 1] as usize]
    }

    /// Refills the lists from `(from, to)` pairs given with the `to`s of each list already
    /// ascending and without repeats (a stable counting sort), reusing the buffers.
    fn fill_from_sorted_pairs(&mut self, count: usize, pairs: impl Iterator<Item = (u16, u16)> + Clone) {
        let Lists { start, items } = self;
        start.clear();
        start.resize(count + 1, 0);
        let mut total = 0;
        for (from, _) in pairs.clone() {
            start[from as usize + 1] += 1;
            total += 1;
        }
        for i in 0..count {
            start[i + 1] += start[i];
        }
        items.clear();
        items.resize(total, 0);
        // Why `start[from]` as the fill position: it ends at the list's end, which is the
        // next list's start, so a shift by one restores the starts.
        for (from, to) in pairs {
            items[start[from as usize] as usize] = to;
            start[from as usize] += 1;
        }
        for i in (1..=count).rev() {
            start[i] = start[i - 1];
        }
        start[0] = 0;
    }

    /// Refills the lists from `(from, to)` pairs, each list ascending and without repeats,
    /// reusing the buffers.
    fn fill_from_pairs(&mut self, count: usize, pairs: &[(u16, u16)]) {
        let Lists { start, items } = self;
        start.clear();
        start.resize(count + 1, 0);
        for &(from, _) in pairs {
            start[from as usize + 1] += 1;
        }
        for i in 0..count {
            start[i + 1] += start[i];
        }
        items.clear();
        items.resize(pairs.len(), 0);
        for &(from, to) in pairs {
            // Why: `start[from]` is the next free slot of list `from` while filling; the
            // compaction below rebuilds the starts.
            items[start[from as usize] as usize] = to;
            start[from as usize] += 1;
        }
        // Sort (insertion sort: the lists are short) and compact each list in place.
        let mut out = 0usize;
        let mut begin = 0usize;
        for slot in start.iter_mut().take(count) {
            let end = *slot as usize;
            for k in begin + 1..end {
                let mut j = k;
                while j > begin && items[j - 1] > items[j] {
                    items.swap(j - 1, j);
                    j -= 1;
                }
            }
            *slot = out as u32;
            for k in begin..end {
                if k == begin || items[k] != items[k - 1] {
                    items[out] = items[k];
                    out += 1;
                }
            }
            begin = end;
        }
        start[count] = out as u32;
        items.truncate(out);
    }
}

/// A start and an end the search reached, with the number of true nodes after the start
/// (`layer`: the chain has `2 * layer - 1` links) and whether the chain holds a group node.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Hit {
    pub start: u16,
    pub end: u16,
    pub layer: usize,
    pub grouped: bool,
}

/// The search's working bitsets and lists, kept per thread between calls (see
/// [`Graph::search`]).
#[derive(Default)]
struct Buffers {
    frontier: Vec<u64>,
    next: Vec<u64>,
    visited: Vec<u64>,
    touched: Vec<bool>,
    active: Vec<u16>,
    fresh: Vec<u16>,
    found: Vec<Hit>,
    /// The steps made so far (see [`Graph::make_steps`]): each node's range in `steps`, or
    /// `NOT_MADE`; and their marks, all 0 between uses.
    step_range: Vec<(u32, u32)>,
    steps: Vec<(u16, u8)>,
    mark: Vec<u8>,
}

/// A node whose steps were not made yet.
const NOT_MADE: (u32, u32) = (u32::MAX, 0);

/// The link graph of one grid.
pub(super) struct Graph<'g> {
    pub grid: &'g Grid,
    pub nodes: Vec<Node>,
    strong: Lists,
    weak: Lists,
    /// For each node, the cells holding its digit that see all of its cells: where the
    /// digit goes if the node is true.
    pub sight: Vec<CellSet>,
    has_groups: bool,
    /// The number of nodes made from house links (they come first). Every group node after
    /// them is an ALS node's: see [`Graph::may_end`].
    house_nodes: usize,
    /// Whether nodes are weakly linked by the layout's links too (`Options::links`, on a
    /// layout that has some).
    links: bool,
    /// The strong links only a rule's demand makes (no house holds just their two places),
    /// each once, with the rule: a chain through one names it (see [`Graph::strong_rule`]).
    demand: Vec<(u16, u16, Rule)>,
    /// The strong links only an almost locked set makes (`Options::als`), each node's
    /// partners ascending; kept apart from `strong` because a step along one counts as
    /// grouped (the plain techniques have no ALS nodes).
    als: Lists,
    /// Those links, each once (the lower node first, ascending), with the smallest set that
    /// makes it (the first met): a chain through one names the set ([`Graph::als_set`]).
    als_links: Vec<AlsLink>,
    /// The almost locked sets the links name: cells and digits.
    als_sets: Vec<(CellSet, Candidates)>,
    /// The starts the search takes, ascending, every node when `None`. The search's bitsets
    /// number them 0, 1, 2 ... in this order (see [`Graph::run`]).
    only: Option<Vec<u16>>,
}

/// The position of a search that reached no pair passing its `hit` test from the second
/// layer on, for [`Miss::fresh`].
#[derive(Default)]
pub(super) struct Miss {
    position: Snapshot,
    bivalue: CellSet,
}

impl Miss {
    /// Records `grid`.
    pub fn record(&mut self, grid: &Grid) {
        self.position.record(grid);
        self.bivalue = bivalue_cells(grid);
    }

    /// For the graph of `grid` with the links `options` allow (of every digit), given that
    /// the recorded position's search reached no pair passing the `hit` test, and if `grid`
    /// has a subset of the recorded candidates: per digit, the cells of the strong links the
    /// recorded graph lacked (the new bivalue cells under every digit, and the places of a
    /// digit in a house, or with `options.links` in a demand's cells, where they changed and
    /// now make a link; with `options.als`, each digit's cells in every almost locked set
    /// with a cell that changed). A chain meeting no node with a cell in these is a chain of the
    /// recorded graph, and proves nothing; so when
    /// all are empty the search finds nothing. `None` if the layout differs or `grid` has a
    /// candidate the recorded position lacked. Why (for the chains meeting no such node):
    /// - each of their nodes ends a strong link the recorded graph had, so it was a node;
    /// - a link between two nodes of both graphs is in both (a weak link depends on the
    ///   nodes' cells and the layout; a strong link's house places cannot shrink while both
    ///   of its nodes stay, and neither can a demand's, nor can its digit be placed in its
    ///   cells but at one of them), so each such chain was a chain before, with the same
    ///   planes, and a pair that is one strong link apart is so in both;
    /// - so each pair such a chain reaches after the first layer was reached after the first
    ///   layer before too, by a chain no longer, and failed `hit` there; `hit` only uses the
    ///   nodes' sight (the cells holding their digit that see them) and a cell's candidates,
    ///   subsets of what they were.
    pub fn fresh(&self, grid: &Grid, options: Options) -> Option<Vec<CellSet>> {
        if !self.position.precedes(grid) {
            return None;
        }
        let (layout, size) = (grid.layout(), grid.layout().size());
        let digits = || (1..=size).map(|d| (grid.digit_cells(d as Digit), &self.position.digit_cells()[d - 1]));
        let bivalue = bivalue_cells(grid).difference(&self.bivalue);
        let mut fresh = vec![bivalue; size];
        if options.links {
            // Why the demands whose cells lost a place only: a digit placed in a demand's
            // cell was a place of it there, so the others made the same link before.
            let old = self.position.digit_cells();
            demand_links(grid, |constraint, digit, a, b| {
                let removed = old[digit as usize - 1].difference(grid.digit_cells(digit));
                if constraint.cells().iter().any(|&c| removed.contains(c)) {
                    let fresh = &mut fresh[digit as usize - 1];
                    fresh.insert(a);
                    fresh.insert(b);
                }
            });
        }
        if options.als && options.digit.is_none() {
            // Why these: a set whose cells held the same digits then was an ALS then, with
            // the same node for each digit whose cells in it are as they were (and a digit
            // live now was live then), so only its other digits' nodes are new; a set whose
            // cells held more digits then is new, every node of it.
            let changed = self.position.changed_cells(grid)?;
            let old = self.position.digit_cells();
            super::super::als::each_multi_cell_set(grid, |cells, digits, holding| {
                if cells.len() > MAX_ALS_CELLS || cells.intersection(&changed).is_empty() {
                    return;
                }
                let held_then = |d: usize| old[d].intersection(cells);
                let was_als = (0..size).filter(|&d| !held_then(d).is_empty()).count() == digits.len();
                for h in holding.iter().filter(|h| !was_als || held_then(h.digit as usize - 1) != *h.cells) {
                    let fresh = &mut fresh[h.digit as usize - 1];
                    *fresh = fresh.union(h.cells);
                }
            });
        }
        if !options.conjugate {
            return Some(fresh);
        }
        for ((new, old), fresh) in digits().zip(fresh.iter_mut()).filter(|((new, old), _)| new != old) {
            let removed = old.difference(new);
            for house in 0..layout.houses().len() {
                let cells = layout.house_set(house);
                if !cells.intersection(&removed).is_empty() {
                    let places = cells.intersection(new);
                    if makes_link(grid, house, &places, options.groups) {
                        *fresh = fresh.union(&places);
                    }
                }
            }
        }
        Some(fresh)
    }
}

/// The cells with exactly two candidates.
fn bivalue_cells(grid: &Grid) -> CellSet {
    (0..grid.layout().cell_count()).filter(|&c| grid.candidates(c).len() == 2).collect()
}

/// Whether a digit's places `set` in `house` make a strong link (see [`house_links`]): two
/// places, or with `groups` three or more that fall into two box-line parts.
fn makes_link(grid: &Grid, house: usize, set: &CellSet, groups: bool) -> bool {
    let layout = grid.layout();
    match set.len() {
        0 | 1 => false,
        2 => true,
        _ if !groups => false,
        _ => {
            group_keys(layout, house).iter().any(|&k| split(set, |c| layout.houses_of(c)[k]).is_some())
        }
    }
}

/// Calls `visit` with each strong link the layout's demands ([`Constraint::Contains`], a
/// quadruple) make on `grid`: a constraint, a digit, and its two places. A demand makes one
/// where it misses exactly one copy of a digit (its cells hold the digit placed once less
/// than it is listed) and exactly two of its cells can still take the digit: one of those
/// two holds it, as one of a house's two places does. Why no other case: with three places
/// for one copy, no two of them are sure to hold it; a digit listed twice and missing twice
/// has both copies on a diagonal of the 2x2, so two places both hold it (a placement, not a
/// choice) and a third place is one no solution uses.
fn demand_links(grid: &Grid, mut visit: impl FnMut(&Constraint, Digit, CellId, CellId)) {
    for constraint in grid.layout().demands() {
        let Constraint::Contains { cells, digits, .. } = constraint else { continue };
        for (i, &digit) in digits.iter().enumerate() {
            // Why the first copy only: a digit listed twice is one question, asked once.
            if digits[..i].contains(&digit) {
                continue;
            }
            let listed = digits.iter().filter(|&&d| d == digit).count();
            let placed = cells.iter().filter(|&&c| grid.digit(c) == Some(digit)).count();
            if listed != placed + 1 {
                continue;
            }
            let mut places = cells.iter().copied().filter(|&c| grid.digit_cells(digit).contains(c));
            if let (Some(a), Some(b), None) = (places.next(), places.next(), places.next()) {
                visit(constraint, digit, a, b);
            }
        }
    }
}

/// The vectors of a dropped graph, kept per thread for the next build (see
/// [`Cache::spare`]).
#[derive(Default)]
struct Spare {
    nodes: Vec<Node>,
    strong: Lists,
    weak: Lists,
    sight: Vec<CellSet>,
}

impl Spare {
    /// The spare vectors, emptied (new ones if another build holds them).
    fn take() -> Spare {
        let Spare { mut nodes, strong, weak, mut sight } =
            with_cache(|c| c.spare.try_borrow_mut().map(|mut s| std::mem::take(&mut *s)).unwrap_or_default());
        nodes.clear();
        sight.clear();
        Spare { nodes, strong, weak, sight }
    }
}

impl Drop for Graph<'_> {
    fn drop(&mut self) {
        // Why no thread-exit guard: graphs live on the stack, never in a thread's store, so
        // none is dropped while the thread's caches are being destroyed.
        with_cache(|c| {
            if let Ok(mut spare) = c.spare.try_borrow_mut() {
                spare.nodes = std::mem::take(&mut self.nodes);
                spare.strong = std::mem::take(&mut self.strong);
                spare.weak = std::mem::take(&mut self.weak);
                spare.sight = std::mem::take(&mut self.sight);
            }
        });
    }
}

impl<'g> Graph<'g> {
    /// Builds the graph of `grid` with the links `options` allow: the house links' nodes
    /// digit by digit, then the bivalue cells' nodes, then each node's strong and weak
    /// links, so the nodes are numbered as if made afresh.
    pub fn build(grid: &'g Grid, options: Options) -> Graph<'g> {
        let mut tables = Tables::take(grid);
        let mut memos = PartMemos::take(options.groups);
        let Spare { nodes, mut strong, mut weak, sight } = Spare::take();
        let Tables { cell_index, node_cells, group_pairs, groups, offsets, partner, scratch } = &mut tables;
        let parts = HouseParts { found: options.conjugate.then(|| memos.refresh(grid, scratch)), offsets };
        let count = grid.layout().cell_count();
        let mut build = Builder { grid, options, count, nodes, sight, cell_index, parts, house_nodes: 0 };
        let has_groups = build.add_house_nodes() > 0;
        build.add_bivalue_nodes(partner);
        let mut demand = build.add_demand_nodes(partner);
        let (mut als_links, als_sets) = build.add_als_nodes(partner);
        build.strong_lists(partner, &mut strong);
        build.add_demand_links(&mut demand, &mut strong);
        let mut als = Lists::default();
        build.als_lists(&mut als_links, &strong, &mut als);
        build.group_lists(node_cells, group_pairs, groups);
        build.weak_lists(node_cells, groups, &mut weak);
        let house_nodes = build.house_nodes;
        let (nodes, sight) = build.finish();
        tables.put_back();
        let links = options.links && grid.layout().has_links();
        let has_groups = has_groups || !als_links.is_empty();
        let mut graph = Graph { grid, nodes, strong, weak, sight, has_groups, links, demand, als, als_links, als_sets, house_nodes, only: None };
        if graph.nodes[house_nodes..].iter().any(|n| n.group) {
            graph.only = Some((0..graph.len()).filter(|&n| graph.may_end(n)).map(|n| n as u16).collect());
        }
        graph
    }

    pub fn len(&self) -> usize {
        self.nodes.len()
    }

    /// Whether node `n` may be an end of a chain: every node but the group nodes only an
    /// almost locked set made (a cell, or a box-line group of a house link, may). Why: a
    /// chain ending in an ALS's cells is a pattern of sets (ALS-XZ, ALS-XY-Wing, ALS Chain);
    /// the grouped chains pass through sets but start and end on candidates and box-line
    /// groups. The search starts from these nodes only.
    pub fn may_end(&self, n: usize) -> bool {
        n < self.house_nodes || !self.nodes[n].group
    }

    /// Words in a bitset with one bit per node.
    pub fn words(&self) -> usize {
        self.nodes.len().div_ceil(64)
    }

    /// The number of starts the search takes.
    fn start_count(&self) -> usize {
        self.only.as_ref().map_or(self.len(), Vec::len)
    }

    /// The node of the search's start number `k`.
    #[inline]
    fn start_node(&self, k: usize) -> usize {
        self.only.as_ref().map_or(k, |only| only[k] as usize)
    }

    /// Appends the steps from true node `y` to the next true nodes to `steps` and returns
    /// their range: a weak link to x (false), a strong link from x to z (true), z not `y`;
    /// `(z, kinds)` once per z, in the order first met, kinds bit 1 for a step without a
    /// group node, bit 2 for one through or onto a group node. `mark` is all 0, and left so.
    /// Why made by the search: it needs them only for the nodes it reaches, and a search
    /// restricted to a few starts (or stopped early) reaches only part of the graph.
    fn make_steps(&self, y: usize, steps: &mut Vec<(u16, u8)>, mark: &mut [u8]) -> (u32, u32) {
        let first = steps.len();
        for &x in self.weak.of(y) {
            let x_group = self.nodes[x as usize].group;
            for &z in self.strong.of(x as usize) {
                if z as usize == y {
                    continue;
                }
                let kind = if x_group || self.nodes[z as usize].group { 2 } else { 1 };
                if mark[z as usize] == 0 {
                    steps.push((z, 0));
                }
                mark[z as usize] |= kind;
            }
            if !self.als_links.is_empty() {
                for &z in self.als.of(x as usize) {
                    if z as usize != y {
                        if mark[z as usize] == 0 {
                            steps.push((z, 0));
                        }
                        mark[z as usize] |= 2;
                    }
                }
            }
        }
        for step in &mut steps[first..] {
            step.1 = mark[step.0 as usize];
            mark[step.0 as usize] = 0;
        }
        (first as u32, steps.len() as u32)
    }

    /// The rule of the strong link between `a` and `b` when only a rule's demand makes it
    /// (see [`demand_links`]); `None` for a house's or a cell's.
    pub fn strong_rule(&self, a: u16, b: u16) -> Option<Rule> {
        let key = (a.min(b), a.max(b));
        self.demand.iter().find(|&&(x, y, _)| (x, y) == key).map(|&(_, _, rule)| rule)
    }

    /// The almost locked set (cells and digits) that makes the strong link between `a` and
    /// `b`, when only a set makes it (see [`Options::als`]).
    pub fn als_set(&self, a: u16, b: u16) -> Option<(CellSet, Candidates)> {
        let key = (a.min(b), a.max(b));
        let i = self.als_links.binary_search_by_key(&key, |&(x, y, _)| (x, y)).ok()?;
        Some(self.als_sets[self.als_links[i].2 as usize])
    }

    /// Node `x`'s strong partners, each with whether only an almost locked set links them
    /// (a step along such a link counts as grouped).
    fn strong_partners(&self, x: usize) -> impl Iterator<Item = (u16, bool)> + '_ {
        let als = if self.als_links.is_empty() { &[][..] } else { self.als.of(x) };
        self.strong.of(x).iter().map(|&z| (z, false)).chain(als.iter().map(|&z| (z, true)))
    }

    /// Whether the chain `[start, true, false, true, ..., end]` holds a group node or a
    /// strong link only an almost locked set makes: whether it is grouped.
    pub fn is_grouped(&self, path: &[u16]) -> bool {
        path.iter().any(|&n| self.nodes[n as usize].group)
            || (!self.als_links.is_empty() && path.chunks(2).any(|p| p.len() == 2 && self.als_set(p[0], p[1]).is_some()))
    }

    /// Whether two nodes share a cell.
    pub fn overlap(&self, a: u16, b: u16) -> bool {
        !self.nodes[a as usize].cells.intersection(&self.nodes[b as usize].cells).is_empty()
    }

    /// The candidates weakly linked to both nodes (so false if either is true), in cell
    /// order, each naming the variant rule its sight of the nodes (or its link to them) needs:
    /// - the same digit: the cells holding it that see every cell of both nodes;
    /// - different digits: a's digit in b's cell if that cell sees a (and the other way
    ///   round), and the other candidates of the cell when both are in one cell.
    pub fn common_targets(&self, a: u16, b: u16) -> Vec<Elimination> {
        let layout = self.grid.layout();
        let (na, nb) = (&self.nodes[a as usize], &self.nodes[b as usize]);
        let mut out = Vec::new();
        if self.links {
            self.link_targets(na, nb, |cell, digit| {
                out.push(Elimination { cell, digit, via: self.why(na, cell, digit).or(self.why(nb, cell, digit)) });
                false
            });
            // Why: a target linked to both ends is met from each end's links.
            out.sort_by_key(|e| (e.cell, e.digit));
            out.dedup_by_key(|e| (e.cell, e.digit));
        }
        // Why each pushed only if new: a target the links found may be met by sight too.
        let mut push = |e: Elimination| {
            if !out.iter().any(|o| (o.cell, o.digit) == (e.cell, e.digit)) {
                out.push(e);
            }
        };
        if na.digit == nb.digit {
            let ends = na.cells.union(&nb.cells);
            for cell in self.sight[a as usize].intersection(&self.sight[b as usize]).iter() {
                push(Elimination { cell, digit: na.digit, via: layout.rule_needed(cell, ends.iter()) });
            }
            out.sort_by_key(|e| (e.cell, e.digit));
            return out;
        }
        if !nb.group && self.sight[a as usize].contains(nb.cell) {
            push(Elimination { cell: nb.cell, digit: na.digit, via: layout.rule_needed(nb.cell, na.cells.iter()) });
        }
        if !na.group && self.sight[b as usize].contains(na.cell) {
            push(Elimination { cell: na.cell, digit: nb.digit, via: layout.rule_needed(na.cell, nb.cells.iter()) });
        }
        if !na.group && !nb.group && na.cell == nb.cell {
            for digit in self.grid.candidates(na.cell).iter().filter(|&d| d != na.digit && d != nb.digit) {
                push(Elimination { cell: na.cell, digit, via: None });
            }
        }
        out.sort_by_key(|e| (e.cell, e.digit));
        out
    }

    /// With the layout's links: each candidate of the grid that the first cell of one node
    /// links to ([`Layout::links`]), that the node's other cells rule out too (so the node
    /// true makes it false), and that is weakly linked to the other node (by a cell, sight or
    /// a link), neither node itself; a candidate may come twice. Stops when `visit` returns
    /// true; whether it did.
    ///
    /// [`Layout::links`]: crate::layout::Layout::links
    fn link_targets(&self, na: &Node, nb: &Node, mut visit: impl FnMut(CellId, Digit) -> bool) -> bool {
        let layout = self.grid.layout();
        for (x, y) in [(na, nb), (nb, na)] {
            for link in layout.links(x.cell, x.digit) {
                for digit in link.digits.intersection(self.grid.candidates(link.cell)).iter() {
                    if (!x.group || self.weak_to(x, link.cell, digit)) && self.weak_to(y, link.cell, digit) && visit(link.cell, digit) {
                        return true;
                    }
                }
            }
        }
        false
    }

    /// Whether node `n` true makes `digit` in `cell` false: each cell of the node is that
    /// cell with another digit, or a cell that rules it out (the same digit in a cell it
    /// sees, or a link: [`Layout::excludes`]). Why each cell: a group node is true when the
    /// digit is in any one of them.
    ///
    /// [`Layout::excludes`]: crate::layout::Layout::excludes
    fn weak_to(&self, n: &Node, cell: CellId, digit: Digit) -> bool {
        let layout = self.grid.layout();
        let rules_out = |c: CellId| if c == cell { digit != n.digit } else { layout.excludes(c, n.digit, cell, digit) };
        if n.group { n.cells.iter().all(rules_out) } else { rules_out(n.cell) }
    }

    /// The variant rule behind node `n` making `digit` in `cell` false (see
    /// [`Graph::weak_to`]): the first rule of a sight or a constraint one of its cells needs,
    /// `None` when cells and shared houses do it all.
    fn why(&self, n: &Node, cell: CellId, digit: Digit) -> Option<Rule> {
        let layout = self.grid.layout();
        n.cells.iter().filter(|&c| c != cell).find_map(|c| {
            if digit == n.digit && layout.sees(c, cell) {
                layout.relation(c, cell).1
            } else {
                layout.constraint_between(c, n.digit, cell, digit).map(|c| c.rule())
            }
        })
    }

    /// Whether `a` and `b` are weakly linked: one digit, one node seeing all of the other;
    /// or two candidates of one cell; or (with links) two nodes such that each cell of one,
    /// holding its digit, rules out the other's digit in each cell of the other (see
    /// [`Graph::weak_to`]).
    pub fn weakly_linked(&self, a: u16, b: u16) -> bool {
        let (na, nb) = (&self.nodes[a as usize], &self.nodes[b as usize]);
        if a == b {
            return false;
        }
        if na.digit == nb.digit && nb.cells.difference(&self.sight[a as usize]).is_empty() {
            return true;
        }
        if !na.group && !nb.group && na.cell == nb.cell {
            return true;
        }
        self.links && nb.cells.iter().all(|cell| self.weak_to(na, cell, nb.digit))
    }

    /// Whether a chain from `a` to `b` (two different nodes) removes something: some
    /// candidate is weakly linked to both (see [`Graph::common_targets`]). The relation is
    /// symmetric. Pairs of different digits only when `mixed`: a caller that accepts only
    /// chains whose ends hold one digit skips them.
    /// - The same digit: some cell holding it sees all of both nodes.
    /// - Different digits: b's cell holds a's digit and sees all of a (or the other way
    ///   round); or both are in one cell with a third candidate.
    /// - With links, either: one node links to a candidate (by each of its cells) that is
    ///   weakly linked to the other.
    ///
    /// Why a test per pair rather than a table of all pairs: the search reaches few of the
    /// pairs, and asks only about those.
    #[inline]
    pub fn hit(&self, a: usize, b: usize, mixed: bool) -> bool {
        let (na, nb) = (&self.nodes[a], &self.nodes[b]);
        if na.digit == nb.digit {
            return a != b && (!self.sight[a].intersection(&self.sight[b]).is_empty() || self.link_hit(na, nb));
        }
        // Why no test of b's cell holding a's digit: a's sight holds only cells holding it.
        mixed
            && ((!nb.group && self.sight[a].contains(nb.cell))
                || (!na.group
                    && (self.sight[b].contains(na.cell)
                        || (!nb.group && na.cell == nb.cell && self.grid.candidates(na.cell).len() > 2)))
                || self.link_hit(na, nb))
    }

    /// For [`Graph::hit`]: whether the layout's links give a candidate weakly linked to both
    /// nodes (see [`Graph::link_targets`]).
    #[inline]
    fn link_hit(&self, na: &Node, nb: &Node) -> bool {
        self.links && self.link_targets(na, nb, |_, _| true)
    }

    /// Breadth-first search from every node at once, one layer (one more true node) at a
    /// time up to `max_layer`. From `min_layer` on, the pairs (start, end) of each layer
    /// for which `hit` holds (only chains holding a group node when `grouped`) go to `accept`, starts
    /// ascending, then ends ascending; the first deduction it returns ends the search.
    pub fn search<R>(
        &self,
        hit: impl Fn(usize, usize) -> bool,
        grouped: bool,
        min_layer: usize,
        max_layer: usize,
        accept: impl FnMut(&[Hit]) -> Option<R>,
    ) -> Option<R> {
        if self.start_count() == 0 || (grouped && !self.has_groups) {
            return None;
        }
        with_cache(|c| {
            let cell = &c.search;
            // Why the fallback: a search started from inside `accept` gets buffers of its own.
            let mut own = None;
            let mut borrowed = cell.try_borrow_mut().ok();
            let buffers = match borrowed.as_deref_mut() {
                Some(b) => b,
                None => own.insert(Buffers::default()),
            };
            // Why sized rows: with the row length known at compile time the unions below
            // unroll; most positions have at most 8 * 64 nodes (starts).
            // Why the planes too: with both the row length and the planes known at compile
            // time, a node's whole row (all its planes) is one fixed-size block.
            macro_rules! run {
                ($w:literal) => {
                    if self.has_groups {
                        self.run::<$w, 2, R>(buffers, &hit, grouped, min_layer, max_layer, accept)
                    } else {
                        self.run::<$w, 1, R>(buffers, &hit, grouped, min_layer, max_layer, accept)
                    }
                };
            }
            match self.start_count().div_ceil(64) {
                1 => run!(1),
                2 => run!(2),
                3 => run!(3),
                4 => run!(4),
                5 | 6 => run!(6),
                7 | 8 => run!(8),
                _ => run!(0),
            }
        })
    }

    /// [`Graph::search`] with rows of `W` words per plane (`W` at least one bit per start;
    /// 0 for rows of exactly that many words) and `P` planes (2 when the graph has groups).
    /// The rows' bits are the starts' numbers, not their nodes. Why: a search restricted
    /// to a few starts (see [`Graph::restrict_starts`]) then has short rows; the numbers
    /// ascend with the nodes, so hits still come starts ascending.
    fn run<const W: usize, const P: usize, R>(
        &self,
        buffers: &mut Buffers,
        hit: &impl Fn(usize, usize) -> bool,
        grouped: bool,
        min_layer: usize,
        max_layer: usize,
        mut accept: impl FnMut(&[Hit]) -> Option<R>,
    ) -> Option<R> {
        debug_assert_eq!(P == 2, self.has_groups);
        self.seed::<W, P>(buffers);
        let result = 'search: {
            for layer in 1..=max_layer {
                if layer >= min_layer {
                    self.layer_hits::<W, P>(buffers, hit, grouped, layer);
                    let found = &mut buffers.found;
                    if !found.is_empty() {
                        found.sort_unstable_by_key(|h| (h.start, h.end, h.grouped));
                        if let Some(result) = accept(found) {
                            break 'search Some(result);
                        }
                        found.clear();
                    }
                }
                if layer == max_layer {
                    break;
                }
                self.spread::<W, P>(buffers);
                if !self.take_in::<W, P>(buffers) {
                    break;
                }
            }
            None
        };
        // `next` is cleared as each layer is taken in; the last frontier is cleared here.
        let stride = self.stride::<W, P>();
        let Buffers { frontier, next, active, .. } = buffers;
        for &y in active.iter() {
            frontier[y as usize * stride..(y as usize + 1) * stride].fill(0);
        }
        debug_assert!(frontier.iter().chain(next.iter()).all(|&x| x == 0));
        result
    }

    /// The words of one plane of a node's row in [`Graph::run`]: `W`, or with `W` 0, one
    /// bit per start. Why a function of `W`: known at compile time, it unrolls the unions.
    #[inline]
    fn row_words<const W: usize>(&self) -> usize {
        if W == 0 { self.start_count().div_ceil(64) } else { W }
    }

    /// The words of a node's whole row in [`Graph::run`]: one bitset of starts per plane,
    /// plane 1 for the chains that went through a group node, plane 0 for the others.
    #[inline]
    fn stride<const W: usize, const P: usize>(&self) -> usize {
        P * self.row_words::<W>()
    }

    /// Readies the buffers for a search and sets the first layer: each start's strong
    /// partners, reached from it (in the group plane if either is a group node).
    #[inline]
    fn seed<const W: usize, const P: usize>(&self, buffers: &mut Buffers) {
        let n = self.len();
        let (ww, stride) = (self.row_words::<W>(), self.stride::<W, P>());
        let Buffers { frontier, next, visited, touched, active, fresh, found, step_range, steps, mark } = buffers;
        // Why only `visited` is cleared: `frontier` and `next` are left all zero by every
        // search (see the end of `run`), so they only need to be long enough.
        visited.clear();
        visited.resize(n * stride, 0);
        for v in [&mut *frontier, &mut *next] {
            if v.len() < n * stride {
                v.resize(n * stride, 0);
            }
        }
        touched.clear();
        touched.resize(n, false);
        step_range.clear();
        step_range.resize(n, NOT_MADE);
        steps.clear();
        if mark.len() < n {
            mark.resize(n, 0);
        }
        active.clear();
        fresh.clear();
        found.clear();
        for k in 0..self.start_count() {
            let s = self.start_node(k);
            for (y, via_als) in self.strong_partners(s) {
                let plane = usize::from(P == 2 && (via_als || self.nodes[s].group || self.nodes[y as usize].group));
                let i = y as usize * stride + plane * ww + k / 64;
                frontier[i] |= 1 << (k % 64);
                visited[i] |= 1 << (k % 64);
                if !touched[y as usize] {
                    touched[y as usize] = true;
                    active.push(y);
                }
            }
        }
        for &y in active.iter() {
            touched[y as usize] = false;
        }
    }

    /// Adds to `found` the pairs (start, end) of the frontier at `layer` for which `hit`
    /// holds (only those through a group node when `grouped`).
    #[inline]
    fn layer_hits<const W: usize, const P: usize>(&self, buffers: &mut Buffers, hit: &impl Fn(usize, usize) -> bool, grouped: bool, layer: usize) {
        let w = self.start_count().div_ceil(64);
        let (ww, stride) = (self.row_words::<W>(), self.stride::<W, P>());
        let Buffers { frontier, active, found, .. } = buffers;
        for &y in active.iter() {
            let y = y as usize;
            for plane in usize::from(grouped)..P {
                let row = &frontier[y * stride + plane * ww..y * stride + plane * ww + w];
                for (i, &f) in row.iter().enumerate() {
                    let mut word = f;
                    while word != 0 {
                        let s = self.start_node(i * 64 + word.trailing_zeros() as usize);
                        word &= word - 1;
                        if hit(s, y) {
                            found.push(Hit { start: s as u16, end: y as u16, layer, grouped: plane == 1 });
                        }
                    }
                }
            }
        }
    }

    /// One step of the search: each frontier node's starts go along its steps (made when
    /// first needed) into `next`, the reached nodes listed in `fresh`; the frontier is
    /// cleared.
    #[inline]
    fn spread<const W: usize, const P: usize>(&self, buffers: &mut Buffers) {
        let (ww, stride) = (self.row_words::<W>(), self.stride::<W, P>());
        let Buffers { frontier, next, touched, active, fresh, step_range, steps, mark, .. } = buffers;
        for &y in active.iter() {
            let y = y as usize;
            let from = &frontier[y * stride..y * stride + stride];
            if step_range[y] == NOT_MADE {
                step_range[y] = self.make_steps(y, steps, mark);
            }
            let (first, end) = step_range[y];
            for &(z, kinds) in &steps[first as usize..end as usize] {
                let z = z as usize;
                let to = &mut next[z * stride..z * stride + stride];
                if P == 1 {
                    let (t, f) = (&mut to[..ww], &from[..ww]);
                    for k in 0..ww {
                        t[k] |= f[k];
                    }
                } else {
                    let (f0, f1) = (&from[..ww], &from[ww..2 * ww]);
                    let (t0, t1) = to.split_at_mut(ww);
                    let t1 = &mut t1[..ww];
                    if kinds & 2 != 0 {
                        // Through a group: every start goes to the group plane (which also
                        // covers the plane-preserving step of kind 1 there).
                        for k in 0..ww {
                            t1[k] |= f0[k] | f1[k];
                        }
                        if kinds & 1 != 0 {
                            for k in 0..ww {
                                t0[k] |= f0[k];
                            }
                        }
                    } else {
                        for k in 0..ww {
                            t0[k] |= f0[k];
                            t1[k] |= f1[k];
                        }
                    }
                }
                if !touched[z] {
                    touched[z] = true;
                    fresh.push(z as u16);
                }
            }
        }
        for &y in active.iter() {
            frontier[y as usize * stride..(y as usize + 1) * stride].fill(0);
        }
        active.clear();
    }

    /// Takes in what the step reached: the new frontier is each fresh node's starts not
    /// visited before, those become visited, and `next` is cleared; the nodes with any
    /// become the active ones. Whether any did.
    #[inline]
    fn take_in<const W: usize, const P: usize>(&self, buffers: &mut Buffers) -> bool {
        let stride = self.stride::<W, P>();
        let Buffers { frontier, next, visited, touched, active, fresh, .. } = buffers;
        for &z in fresh.iter() {
            let z = z as usize;
            touched[z] = false;
            let mut any = 0;
            // Why the whole row at once: `stride` words, a length known at compile time.
            let base = z * stride;
            let (nx, vs, fr) = (&mut next[base..base + stride], &mut visited[base..base + stride], &mut frontier[base..base + stride]);
            for i in 0..stride {
                let new = nx[i] & !vs[i];
                vs[i] |= new;
                fr[i] = new;
                nx[i] = 0;
                any |= new;
            }
            if any != 0 {
                active.push(z as u16);
            }
        }
        fresh.clear();
        !active.is_empty()
    }

    /// Makes the search start only from the nodes whose chains may meet a node with a cell
    /// in `fresh` (one set per digit: a node of digit `d` meets it if one of its cells is in
    /// `fresh[d - 1]`). Why: when the chains that meet no such node are known to prove
    /// nothing (see [`Miss::fresh`]), the other starts' searches cannot find anything, and
    /// each start's search is independent of the others'.
    ///
    /// A start's chain meets such a node `e` exactly when, read backwards from `e` (a link
    /// back of either kind first, then alternating), it ends at the start with a strong link;
    /// the links are symmetric, so walking them from `e` finds every such start (and, with no
    /// bound on the length, perhaps a few more, which only costs time).
    pub fn restrict_starts(&mut self, fresh: &[CellSet]) {
        let n = self.len();
        let mut only = vec![0u64; self.words()];
        // States: node * 2 + 1 when the node is held true (the link back is strong), + 0 when
        // held false (the link back is weak; a false node may also be the start).
        let mut seen = vec![false; 2 * n];
        // Why room for every state at once: each is queued at most once, and a growing
        // queue would be moved again and again.
        let mut queue: Vec<u32> = Vec::with_capacity(2 * n);
        for (i, node) in self.nodes.iter().enumerate() {
            if !node.cells.intersection(&fresh[node.digit as usize - 1]).is_empty() {
                for st in [2 * i, 2 * i + 1] {
                    seen[st] = true;
                    queue.push(st as u32);
                }
            }
        }
        let mut head = 0;
        while head < queue.len() {
            let st = queue[head] as usize;
            head += 1;
            let (v, held_true) = (st / 2, st % 2 == 1);
            if !held_true {
                only[v / 64] |= 1 << (v % 64);
            }
            let (back, state) = if held_true { (self.strong.of(v), 0) } else { (self.weak.of(v), 1) };
            let als = if held_true && !self.als_links.is_empty() { self.als.of(v) } else { &[][..] };
            for &u in back.iter().chain(als) {
                let next = 2 * u as usize + state;
                if !seen[next] {
                    seen[next] = true;
                    queue.push(next as u32);
                }
            }
        }
        let starts = (0..n).filter(|&v| only[v / 64] & (1 << (v % 64)) != 0 && self.may_end(v)).map(|v| v as u16).collect();
        self.only = Some(starts);
    }

    /// A shortest chain for `hit`: `[start, true, false, true, ..., end]`, links strong,
    /// weak, strong ... strong. `None` if the one rebuilt uses a node twice or two nodes of
    /// one digit that share a cell (so it would not read as a chain).
    pub fn chain(&self, hit: &Hit) -> Option<Vec<u16>> {
        let n = self.len();
        let planes = if self.has_groups { 2 } else { 1 };
        let state = |node: usize, plane: usize| plane * n + node;
        // For each (node, plane) reached: the previous state and the false node between.
        let mut parent: Vec<(u32, u16)> = vec![(u32::MAX, NONE); planes * n];
        let mut reached = vec![false; planes * n];
        let mut frontier: Vec<usize> = Vec::new();
        let s = hit.start as usize;
        let start_plane = usize::from(planes == 2 && self.nodes[s].group);
        for (y, via_als) in self.strong_partners(s) {
            let plane = usize::from(start_plane == 1 || (planes == 2 && (via_als || self.nodes[y as usize].group)));
            let st = state(y as usize, plane);
            if !reached[st] {
                reached[st] = true;
                parent[st] = (u32::MAX, NONE);
                frontier.push(st);
            }
        }
        let goal = state(hit.end as usize, usize::from(hit.grouped));
        let mut next: Vec<usize> = Vec::new();
        for _ in 1..hit.layer {
            for &st in &frontier {
                let (y, plane) = (st % n, st / n);
                for &x in self.weak.of(y) {
                    for (z, via_als) in self.strong_partners(x as usize) {
                        if z as usize == y {
                            continue;
                        }
                        let group = planes == 2 && (via_als || self.nodes[x as usize].group || self.nodes[z as usize].group);
                        let to = state(z as usize, usize::from(plane == 1 || group));
                        if !reached[to] {
                            reached[to] = true;
                            parent[to] = (st as u32, x);
                            next.push(to);
                        }
                    }
                }
            }
            std::mem::swap(&mut frontier, &mut next);
            next.clear();
        }
        if !frontier.contains(&goal) {
            return None;
        }
        let mut path = Vec::with_capacity(2 * hit.layer);
        let mut st = goal;
        loop {
            path.push((st % n) as u16);
            let (prev, via) = parent[st];
            if prev == u32::MAX {
                break;
            }
            path.push(via);
            st = prev as usize;
        }
        path.push(hit.start);
        path.reverse();
        Some(path)
    }

    /// Whether the nodes can be read as one chain: no node twice, and no two nodes of one
    /// digit sharing a cell.
    pub fn is_simple(&self, nodes: &[u16]) -> bool {
        for (i, &a) in nodes.iter().enumerate() {
            for &b in &nodes[i + 1..] {
                if a == b || (self.nodes[a as usize].digit == self.nodes[b as usize].digit && self.overlap(a, b)) {
                    return false;
                }
            }
        }
        true
    }

    /// A shortest simple chain between `hit`'s ends (through a group node if and only if
    /// `hit.grouped`; for a hit from a node to itself, a loop back to it, simple but for
    /// that) with at most `max_layer` true nodes after the start and no node that
    /// `avoid` holds (the ends aside). Why: the one shortest chain [`Graph::chain`] rebuilds
    /// may run through a candidate its ends would remove, or use a node twice, when a longer
    /// one, or another of the same length, does not. A depth-first search, deepening one layer
    /// at a time, cut where the layers left cannot reach the end (counted without the
    /// chain's own constraints), so it looks at few paths.
    pub fn simple_chain(&self, hit: &Hit, avoid: &dyn Fn(u16) -> bool, max_layer: usize) -> Option<Vec<u16>> {
        let (start, end) = (hit.start as usize, hit.end as usize);
        // Why the ends' clashes too: a node that is an end again, or shares a cell with an
        // end of its digit, is in no simple chain between them.
        if start != end && !self.is_simple(&[hit.start, hit.end]) {
            return None;
        }
        let clashes = |n: u16| [hit.start, hit.end].iter().any(|&e| n == e || (self.nodes[n as usize].digit == self.nodes[e as usize].digit && self.overlap(n, e)));
        let blocked = |n: u16| n as usize != start && n as usize != end && (avoid(n) || clashes(n));
        // Layers from each true node to the end: links are symmetric, so a search from the
        // end gives them.
        let mut left = vec![usize::MAX; self.len()];
        left[end] = 0;
        let mut frontier = vec![end];
        for k in 1..max_layer {
            let mut next = Vec::new();
            for &z in &frontier {
                for (x, _) in self.strong_partners(z) {
                    for &y in self.weak.of(x as usize) {
                        if left[y as usize] == usize::MAX && !blocked(x) && !blocked(y) {
                            left[y as usize] = k;
                            next.push(y as usize);
                        }
                    }
                }
            }
            frontier = next;
        }
        let mut path = Vec::with_capacity(2 * max_layer);
        for bound in hit.layer.max(1)..=max_layer {
            for (first, _) in self.strong_partners(start) {
                if blocked(first) || left[first as usize] >= bound {
                    continue;
                }
                path.clear();
                path.extend([hit.start, first]);
                if self.extend_simple(hit, &blocked, &left, bound, &mut path) {
                    return Some(path);
                }
            }
        }
        None
    }

    /// Extends `path` (ending at a true node) to a simple chain to `hit.end` within `bound`
    /// true nodes; whether it did (then `path` holds it).
    fn extend_simple(&self, hit: &Hit, blocked: &dyn Fn(u16) -> bool, left: &[usize], bound: usize, path: &mut Vec<u16>) -> bool {
        let y = *path.last().expect("non-empty");
        let layer = path.len() / 2;
        // A loop back to the start (a hit from a node to itself) ends there again.
        let closing = hit.start == hit.end;
        if y == hit.end && path.len() > 1 {
            let body = if closing { &path[..path.len() - 1] } else { &path[..] };
            return self.is_grouped(path) == hit.grouped && self.is_simple(body);
        }
        if layer >= bound {
            return false;
        }
        for &x in self.weak.of(y as usize) {
            if blocked(x) || path.contains(&x) {
                continue;
            }
            for (z, _) in self.strong_partners(x as usize) {
                if z == y || blocked(z) || (path.contains(&z) && !(closing && z == hit.end)) || layer + 1 + left[z as usize].min(bound) > bound {
                    continue;
                }
                path.extend([x, z]);
                if self.extend_simple(hit, blocked, left, bound, path) {
                    return true;
                }
                path.truncate(path.len() - 2);
            }
        }
        false
    }
}

/// The digits' parts a build copies its house nodes from, and where each digit's nodes
/// start in the graph.
struct HouseParts<'m> {
    /// Each digit's part, digit by digit (`None` without conjugate links).
    found: Option<Found<'m, CellSet, DigitPart>>,
    /// `offsets[d - 1]`: the number of digit d's first node.
    offsets: &'m mut Vec<u16>,
}

impl HouseParts<'_> {
    /// The part of house node `i` of digit index `d`, the node's number within it, and the
    /// number of the part's first node.
    #[inline]
    fn of(&self, d: usize, i: usize) -> (&DigitPart, usize, u16) {
        let part = self.found.as_ref().expect("house nodes come from parts").get(d);
        (part, i - self.offsets[d] as usize, self.offsets[d])
    }
}

/// The per-digit memos of a build ([`Cache::house_links`] and [`Cache::digit_parts`]),
/// taken out of the thread's cache for the build and put back when dropped. Why taken out
/// for the whole build: the house nodes' strong links and weak links to groups are read
/// from the digits' parts as the lists are made, not copied first.
struct PartMemos {
    /// Each digit's house links.
    links: DigitMemo<Vec<HouseLink>>,
    /// Each digit's part, with group nodes if `groups`.
    parts: DigitMemo<DigitPart>,
    groups: bool,
}

impl PartMemos {
    /// This thread's memos, for parts with group nodes if `groups`.
    fn take(groups: bool) -> PartMemos {
        with_cache(|c| PartMemos {
            links: std::mem::take(&mut *c.house_links.borrow_mut()),
            parts: std::mem::take(&mut c.digit_parts.borrow_mut()[usize::from(groups)]),
            groups,
        })
    }

    /// Each digit's part of `grid`, digit by digit. Why a memo: a digit's house links,
    /// their nodes and those nodes' sight depend on its cells only, and a step changes few
    /// digits; each digit's nodes come in the order a build would make them.
    fn refresh<'m>(&'m mut self, grid: &Grid, scratch: &mut PartScratch) -> Found<'m, CellSet, DigitPart> {
        let PartMemos { links, parts, groups } = self;
        let links = links.by_digit(grid, |digit| house_links(grid, digit));
        parts.by_digit(grid, |digit| DigitPart::new(grid, digit, links.get(digit as usize - 1), *groups, scratch))
    }
}

impl Drop for PartMemos {
    fn drop(&mut self) {
        with_cache(|c| {
            *c.house_links.borrow_mut() = std::mem::take(&mut self.links);
            c.digit_parts.borrow_mut()[usize::from(self.groups)] = std::mem::take(&mut self.parts);
        });
    }
}

/// One build in progress (see [`Graph::build`]): the nodes and their sight made so far,
/// the cell node of each digit and cell, and the digits' parts.
struct Builder<'g, 'b> {
    grid: &'g Grid,
    /// The links the graph may have.
    options: Options,
    /// The layout's number of cells.
    count: usize,
    /// The graph's nodes so far, and each one's sight (see [`Graph::sight`]).
    nodes: Vec<Node>,
    sight: Vec<CellSet>,
    /// Cell node of each digit and cell: index `(digit - 1) * cells + cell`, `NONE` where
    /// none was made (all `NONE` before and after a build).
    cell_index: &'b mut [u16],
    parts: HouseParts<'b>,
    /// The number of nodes made from house links (they come first).
    house_nodes: usize,
}

impl Builder<'_, '_> {
    /// Copies the house links' nodes from the digits' parts, digit by digit (only
    /// `options.digit`'s if set); returns the number of group nodes.
    fn add_house_nodes(&mut self) -> usize {
        let size = self.grid.layout().size();
        let offsets = &mut *self.parts.offsets;
        offsets.clear();
        offsets.resize(size, 0);
        let mut groups = 0;
        if let Some(found) = &self.parts.found {
            for (i, part) in found.iter().enumerate() {
                let digit = i as Digit + 1;
                if self.options.digit.is_some_and(|d| d != digit) {
                    continue;
                }
                let offset = self.nodes.len();
                offsets[i] = offset as u16;
                for (k, node) in part.nodes.iter().enumerate() {
                    if node.group {
                        groups += 1;
                    } else {
                        self.cell_index[(digit as usize - 1) * self.count + node.cell] = (offset + k) as u16;
                    }
                }
                self.nodes.extend_from_slice(&part.nodes);
                self.sight.extend_from_slice(&part.sight);
            }
        }
        self.house_nodes = self.nodes.len();
        groups
    }

    /// Bivalue cells (with `options.bivalue`): a strong link between the two candidates,
    /// each made a node if no house link made it (in cell order, the lower digit first).
    /// Fills `partner` with each node's bivalue partner (`NONE` if it has none).
    fn add_bivalue_nodes(&mut self, partner: &mut Vec<u16>) {
        partner.clear();
        partner.resize(self.house_nodes, NONE);
        if !self.options.bivalue {
            return;
        }
        let grid = self.grid;
        for cell in 0..self.count {
            let candidates = grid.candidates(cell);
            if candidates.len() == 2 {
                let mut ends = [0usize; 2];
                for (end, digit) in ends.iter_mut().zip(candidates.iter()) {
                    *end = self.cell_node(cell, digit, partner) as usize;
                }
                partner[ends[0]] = ends[1] as u16;
                partner[ends[1]] = ends[0] as u16;
            }
        }
    }

    /// The cell node of `digit` in `cell`, made (with no bivalue partner in `partner`) if no
    /// link made it yet.
    fn cell_node(&mut self, cell: CellId, digit: Digit, partner: &mut Vec<u16>) -> u16 {
        let k = (digit as usize - 1) * self.count + cell;
        if self.cell_index[k] == NONE {
            self.cell_index[k] = self.nodes.len() as u16;
            let mut cells = CellSet::new();
            cells.insert(cell);
            self.nodes.push(Node { digit, cells, cell, group: false });
            self.sight.push(self.grid.layout().peer_set(cell).intersection(self.grid.digit_cells(digit)));
            partner.push(NONE);
        }
        self.cell_index[k]
    }

    /// The strong links of the rules' demands (with `options.links`, see [`demand_links`]),
    /// each end made a cell node if no house or cell made it (in the order met): the pairs
    /// of nodes, the lower first, with the rule of each.
    fn add_demand_nodes(&mut self, partner: &mut Vec<u16>) -> Vec<(u16, u16, Rule)> {
        let mut out = Vec::new();
        if !self.options.links {
            return out;
        }
        demand_links(self.grid, |constraint, digit, a, b| {
            if self.options.digit.is_none_or(|d| d == digit) {
                let (x, y) = (self.cell_node(a, digit, partner), self.cell_node(b, digit, partner));
                out.push((x.min(y), x.max(y), constraint.rule()));
            }
        });
        out
    }

    /// The ALS nodes and links (with `options.als`, see [`Options::als`]): for each almost
    /// locked set of two to [`MAX_ALS_CELLS`] cells, in the family's order, each digit's node (the cells
    /// of the set holding it: the cell node of a single cell, else the group node of those
    /// cells, either made if no link made it yet), and a link between every two of them.
    /// Returns the links, the lower node first.
    fn add_als_nodes(&mut self, partner: &mut Vec<u16>) -> (Vec<AlsLink>, Vec<(CellSet, Candidates)>) {
        let (mut out, mut sets) = (Vec::new(), Vec::new());
        if !self.options.als || self.options.digit.is_some() {
            return (out, sets);
        }
        // Per digit, the group nodes made so far whose cells lie in two houses or more (the
        // house links' box-line groups among them), to find one with the same cells; and the
        // node of each holder group met (see `Holding::group`), so that each is looked for once.
        let mut groups: Vec<Vec<(CellSet, u16)>> = vec![Vec::new(); self.grid.layout().size()];
        for (i, node) in self.nodes.iter().enumerate().filter(|(_, n)| n.group) {
            groups[node.digit as usize - 1].push((node.cells, i as u16));
        }
        let mut of_holders: Vec<u16> = Vec::new();
        let links = self.grid.layout().has_links();
        let mut ends: Vec<u16> = Vec::new();
        super::super::als::each_multi_cell_set(self.grid, |cells, digits, holding| {
            if cells.len() > MAX_ALS_CELLS {
                return;
            }
            // Why: a group node no cell outside sees all of (its digit not live) has no
            // weak link but a constraint's, so no chain goes through it.
            let kept = |h: &&Holding| h.cells.len() == 1 || h.live || links;
            if holding.iter().filter(kept).count() < 2 {
                return;
            }
            ends.clear();
            for h in holding.iter().filter(kept) {
                if of_holders.len() <= h.group {
                    of_holders.resize(h.group + 1, NONE);
                }
                if of_holders[h.group] == NONE {
                    of_holders[h.group] = self.holder_node(h, partner, &mut groups[h.digit as usize - 1]);
                }
                ends.push(of_holders[h.group]);
            }
            for (i, &a) in ends.iter().enumerate() {
                for &b in &ends[i + 1..] {
                    out.push((a.min(b), a.max(b), sets.len() as u32));
                }
            }
            sets.push((*cells, digits));
        });
        (out, sets)
    }

    /// The node of a set's digit `h` (cells of one house): the cell node of a single cell,
    /// else the group node with those cells, made if there is none. `groups` holds the
    /// digit's group nodes whose cells lie in two houses or more; only such cells can be met
    /// again under another holder group (one per house), so only they are looked up.
    fn holder_node(&mut self, h: &Holding, partner: &mut Vec<u16>, groups: &mut Vec<(CellSet, u16)>) -> u16 {
        let layout = self.grid.layout();
        let first = h.cells.iter().next().expect("an ALS holds each of its digits");
        if h.cells.len() == 1 {
            return self.cell_node(first, h.digit, partner);
        }
        let shared = layout.houses_of(first).iter().filter(|&&house| h.cells.difference(layout.house_set(house)).is_empty()).count() > 1;
        if shared && let Some(&(_, g)) = groups.iter().find(|(cells, _)| cells == h.cells) {
            return g;
        }
        let g = self.nodes.len() as u16;
        self.nodes.push(Node { digit: h.digit, cells: *h.cells, cell: first, group: true });
        self.sight.push(h.seen.intersection(self.grid.digit_cells(h.digit)));
        partner.push(NONE);
        if shared {
            groups.push((*h.cells, g));
        }
        g
    }

    /// Keeps in `links` (each once, the smallest set first met) only the ALS links no house,
    /// cell or demand already makes, and fills `als` with them both ways.
    fn als_lists(&self, links: &mut Vec<AlsLink>, strong: &Lists, als: &mut Lists) {
        links.retain(|&(a, b, _)| !strong.of(a as usize).contains(&b));
        // Why the set's number too: the sets come smallest first, and the first met is the
        // one named.
        links.sort_unstable();
        links.dedup_by_key(|&mut (a, b, _)| (a, b));
        if links.is_empty() {
            return;
        }
        let pairs: Vec<(u16, u16)> = links.iter().flat_map(|&(a, b, _)| [(a, b), (b, a)]).collect();
        als.fill_from_pairs(self.nodes.len(), &pairs);
    }

    /// The weak links by sight of the group nodes ALS nodes made (after the house nodes),
    /// both ways, that the lists would not have otherwise: to the house nodes of their digit
    /// (a cell node in a group's sight, a group node seeing it all), and to each other.
    /// Why apart: the house nodes' links to groups come from the memo of their digit, which
    /// knows only the house groups; and a cell node made after the house nodes finds every
    /// group in its sight already (see [`Builder::weak_lists`]).
    fn als_group_links(&self, out: &mut Lists) {
        let made: Vec<usize> = (self.house_nodes..self.nodes.len()).filter(|&i| self.nodes[i].group).collect();
        if made.is_empty() {
            return;
        }
        let mut pairs: Vec<(u16, u16)> = Vec::new();
        let sees_all = |a: usize, b: usize| self.nodes[b].cells.difference(&self.sight[a]).is_empty();
        let size = self.grid.layout().size();
        for (k, &g) in made.iter().enumerate() {
            let digit = self.nodes[g].digit;
            // The house nodes of a digit are numbered together, digit by digit.
            let d = digit as usize - 1;
            let (from, to) = if self.parts.found.is_some() {
                (self.parts.offsets[d] as usize, if d + 1 < size { self.parts.offsets[d + 1] as usize } else { self.house_nodes })
            } else {
                (0, 0)
            };
            for h in from..to {
                if !self.nodes[h].group && self.sight[g].contains(self.nodes[h].cell) {
                    pairs.push((h as u16, g as u16));
                } else if self.nodes[h].group && sees_all(g, h) {
                    pairs.extend([(h as u16, g as u16), (g as u16, h as u16)]);
                }
            }
            for &h in made[k + 1..].iter().filter(|&&h| self.nodes[h].digit == digit && sees_all(g, h)) {
                pairs.extend([(h as u16, g as u16), (g as u16, h as u16)]);
            }
        }
        if !pairs.is_empty() {
            out.fill_from_pairs(self.nodes.len(), &pairs);
        }
    }

    /// Adds the demands' strong links to the lists, and keeps in `demand` (each once) only
    /// those no house already makes: a chain names the rule of those alone. Why the lists
    /// are made again: the demands are few and rare, and the lists' order (ascending) then
    /// stays what it is without them.
    fn add_demand_links(&self, demand: &mut Vec<(u16, u16, Rule)>, strong: &mut Lists) {
        demand.retain(|&(a, b, _)| !strong.of(a as usize).contains(&b));
        if demand.is_empty() {
            return;
        }
        demand.sort_unstable_by_key(|&(a, b, _)| (a, b));
        demand.dedup_by_key(|&mut (a, b, _)| (a, b));
        let n = self.nodes.len();
        let mut pairs: Vec<(u16, u16)> = (0..n).flat_map(|i| strong.of(i).iter().map(move |&z| (i as u16, z))).collect();
        pairs.extend(demand.iter().flat_map(|&(a, b, _)| [(a, b), (b, a)]));
        strong.fill_from_pairs(n, &pairs);
    }

    /// Each node's strong links: its house partners (ascending) with its bivalue partner
    /// put in its place (another digit, so never a repeat).
    fn strong_lists(&self, partner: &[u16], strong: &mut Lists) {
        strong.start.clear();
        strong.items.clear();
        for (i, &p) in partner.iter().enumerate() {
            strong.start.push(strong.items.len() as u32);
            let mut pending = p != NONE;
            if i < self.house_nodes {
                let (part, k, offset) = self.parts.of(self.nodes[i].digit as usize - 1, i);
                for &z in part.strong.of(k) {
                    let z = z + offset;
                    if pending && p < z {
                        strong.items.push(p);
                        pending = false;
                    }
                    strong.items.push(z);
                }
            }
            if pending {
                strong.items.push(p);
            }
        }
        strong.start.push(strong.items.len() as u32);
    }

    /// The cells of each digit's cell nodes (`node_cells`, index `digit - 1`), and each
    /// digit's group nodes (`groups`, by way of `group_pairs`).
    fn group_lists(&self, node_cells: &mut Vec<CellSet>, group_pairs: &mut Vec<(u16, u16)>, groups: &mut Lists) {
        let size = self.grid.layout().size();
        node_cells.clear();
        node_cells.resize(size, CellSet::new());
        group_pairs.clear();
        for (i, node) in self.nodes.iter().enumerate() {
            if node.group {
                group_pairs.push((node.digit as u16 - 1, i as u16));
            } else {
                node_cells[node.digit as usize - 1].insert(node.cell);
            }
        }
        groups.fill_from_sorted_pairs(size, group_pairs.iter().copied());
    }

    /// Weak links between nodes: the same digit where one node sees all of the other (by
    /// house or variant rule), or two candidates of one cell, or (with `options.links`) two
    /// cell nodes a constraint links, or a group node and a node its constraints rule out
    /// (see [`Builder::group_constraint_links`]). Each list comes out without
    /// repeats, so it is stored as it is made. (The steps the search takes, a weak link
    /// then a strong link, are made by the search, for the nodes it reaches.)
    fn weak_lists(&self, node_cells: &[CellSet], groups: &Lists, weak: &mut Lists) {
        let (grid, count, cell_index, sight) = (self.grid, self.count, &*self.cell_index, &self.sight);
        let links = self.options.links && grid.layout().has_links();
        let mut group_links = Lists::default();
        if links && self.options.groups {
            self.group_constraint_links(node_cells, &mut group_links);
        }
        let mut als_links = Lists::default();
        self.als_group_links(&mut als_links);
        weak.start.clear();
        weak.items.clear();
        for (i, node) in self.nodes.iter().enumerate() {
            weak.start.push(weak.items.len() as u32);
            let d = node.digit as usize - 1;
            // The same digit's cell nodes in the node's sight, in cell order. Why word by
            // word: this loop runs for every node of every build.
            let index = &cell_index[d * count..(d + 1) * count];
            for (w, (&a, &b)) in sight[i].words().iter().zip(node_cells[d].words()).enumerate() {
                let mut bits = a & b;
                while bits != 0 {
                    weak.items.push(index[w * 64 + bits.trailing_zeros() as usize]);
                    bits &= bits - 1;
                }
            }
            if i < self.house_nodes {
                // Every group node is a house node, and a house node's weak links to groups
                // depend on its digit's cells only: the memo has them (see `DigitPart`).
                if self.options.groups {
                    let (part, k, offset) = self.parts.of(d, i);
                    weak.items.extend(part.group_weak.of(k).iter().map(|&g| g + offset));
                }
            } else if !node.group {
                weak.items.extend(groups.of(d).iter().filter(|&&g| sight[g as usize].contains(node.cell)));
            }
            if !node.group && self.options.bivalue {
                for digit in grid.candidates(node.cell).iter().filter(|&x| x != node.digit) {
                    let j = cell_index[(digit as usize - 1) * count + node.cell];
                    if j != NONE {
                        weak.items.push(j);
                    }
                }
            }
            // Why no repeats: a link never joins a cell to itself, nor the same digit in a
            // peer, which sight gave above. Why symmetric: so are links.
            if links && !node.group {
                for link in grid.layout().links(node.cell, node.digit) {
                    for digit in link.digits.iter() {
                        let j = cell_index[(digit as usize - 1) * count + link.cell];
                        if j != NONE {
                            weak.items.push(j);
                        }
                    }
                }
            }
            if !group_links.start.is_empty() {
                weak.items.extend_from_slice(group_links.of(i));
            }
            if !als_links.start.is_empty() {
                weak.items.extend_from_slice(als_links.of(i));
            }
        }
        weak.start.push(weak.items.len() as u32);
    }

    /// The weak links the layout's constraints give group nodes, both ways, into `out`: a
    /// group node and another node (a cell node, or a group of any digit) such that each
    /// cell of the group, holding the group's digit, rules out the other node's digit in each
    /// of its cells ([`Layout::excludes`], or the same cell with another digit). Then if the
    /// group is true (its digit in one of its cells) the other is false: at most one of the
    /// two is true, as for a cell node the constraints link. Left out where sight alone
    /// links them (the same digit, seen entirely), which the lists have already. Why any
    /// rule and no rule by name: `excludes` is every rule's word on two candidates.
    ///
    /// A cell node it rules out is found among the candidates the group's first cell rules
    /// out: that cell's other candidates, its links, and its digit in the cells it sees.
    ///
    /// [`Layout::excludes`]: crate::layout::Layout::excludes
    fn group_constraint_links(&self, node_cells: &[CellSet], out: &mut Lists) {
        let (grid, count, layout) = (self.grid, self.count, self.grid.layout());
        let rules_out = |g: &Node, cell: CellId, digit: Digit| {
            g.cells.iter().all(|c| if c == cell { digit != g.digit } else { layout.excludes(c, g.digit, cell, digit) })
        };
        let node_at = |cell: CellId, digit: Digit| self.cell_index[(digit as usize - 1) * count + cell];
        let group_nodes: Vec<usize> = (0..self.nodes.len()).filter(|&i| self.nodes[i].group).collect();
        let mut pairs: Vec<(u16, u16)> = Vec::new();
        for (k, &g) in group_nodes.iter().enumerate() {
            let (node, sight) = (&self.nodes[g], &self.sight[g]);
            let first = node.cell;
            let mut cells_of_others: Vec<(CellId, Digit)> = grid.candidates(first).iter().filter(|&e| e != node.digit).map(|e| (first, e)).collect();
            for link in layout.links(first, node.digit) {
                cells_of_others.extend(link.digits.iter().map(|e| (link.cell, e)));
            }
            let unseen = layout.peer_set(first).intersection(&node_cells[node.digit as usize - 1]).difference(sight).difference(&node.cells);
            cells_of_others.extend(unseen.iter().map(|c| (c, node.digit)));
            for (cell, digit) in cells_of_others {
                let j = node_at(cell, digit);
                if j != NONE && rules_out(node, cell, digit) {
                    pairs.extend([(g as u16, j), (j, g as u16)]);
                }
            }
            for &h in &group_nodes[k + 1..] {
                let other = &self.nodes[h];
                let seen = other.digit == node.digit && other.cells.difference(sight).is_empty();
                if !seen && rules_out(node, other.cell, other.digit) && other.cells.iter().all(|c| rules_out(node, c, other.digit)) {
                    pairs.extend([(g as u16, h as u16), (h as u16, g as u16)]);
                }
            }
        }
        if !pairs.is_empty() {
            out.fill_from_pairs(self.nodes.len(), &pairs);
        }
    }

    /// Ends the build: leaves the index of cell nodes as it was found (all `NONE`) and
    /// returns the nodes and their sight.
    fn finish(self) -> (Vec<Node>, Vec<CellSet>) {
        for node in self.nodes.iter().filter(|node| !node.group) {
            self.cell_index[(node.digit as usize - 1) * self.count + node.cell] = NONE;
        }
        (self.nodes, self.sight)
    }
}

/// A strong link of one digit in one house.
#[derive(Clone, Copy, Debug)]
enum HouseLink {
    /// The digit's only two places in the house.
    Pair(CellId, CellId),
    /// The digit's places fall into exactly two box-line intersections (a single cell
    /// counts as one), at least one of them two or more cells: a link for grouped chains.
    Parts(Part, Part),
}

/// Cells of one box-line intersection, with the first two (ascending).
#[derive(Clone, Copy, Debug)]
struct Part {
    cells: CellSet,
    first: CellId,
    second: Option<CellId>,
    /// For two or more cells, the part's place among one digit's groups: `(box - 2 * size) *
    /// 2 * size + line`, the line a row or column house id (see [`PartBuilder::part`]).
    slot: usize,
    /// For two or more cells, the group's sight: the cells holding the digit that see all
    /// of the part (a function of the digit's cells, so the memo keeps it).
    sight: CellSet,
}

/// One digit's nodes from its house links, numbered in the order a build meets them (house
/// by house, each link's two ends in turn), each with its sight and its house strong links.
#[derive(Default)]
struct DigitPart {
    nodes: Vec<Node>,
    sight: Vec<CellSet>,
    /// Each node's strong partners, ascending, numbered within the digit.
    strong: Lists,
    /// Each node's weak links to the digit's group nodes, ascending, numbered within the
    /// digit: for a cell node the groups it sees entirely, for a group node the other
    /// groups it sees entirely.
    group_weak: Lists,
}

impl DigitPart {
    /// The part of `digit` from its house `links`, with group nodes if `groups`.
    fn new(grid: &Grid, digit: Digit, links: &[HouseLink], groups: bool, scratch: &mut PartScratch) -> DigitPart {
        let PartScratch { index, slots, pairs, group_nodes } = scratch;
        if index.len() < grid.layout().cell_count() {
            index.resize(grid.layout().cell_count(), NONE);
        }
        slots.clear();
        pairs.clear();
        group_nodes.clear();
        let capacity = 2 * links.len();
        let part = DigitPart {
            nodes: Vec::with_capacity(capacity),
            sight: Vec::with_capacity(capacity),
            strong: Lists::default(),
            group_weak: Lists::default(),
        };
        let mut builder = PartBuilder { grid, digit, index, slots, part };
        for house_link in links {
            let (a, b) = match house_link {
                HouseLink::Pair(a, b) => (builder.cell(*a), builder.cell(*b)),
                HouseLink::Parts(a, b) if groups => (builder.part(a), builder.part(b)),
                HouseLink::Parts(..) => continue,
            };
            pairs.push((a, b));
            pairs.push((b, a));
        }
        let PartBuilder { mut part, index, .. } = builder;
        for node in part.nodes.iter().filter(|node| !node.group) {
            index[node.cell] = NONE;
        }
        part.strong.fill_from_pairs(part.nodes.len(), pairs);
        let DigitPart { nodes, sight, group_weak, .. } = &mut part;
        group_nodes.extend((0..nodes.len() as u16).filter(|&g| nodes[g as usize].group));
        group_weak.start.clear();
        group_weak.items.clear();
        group_weak.start.reserve_exact(nodes.len() + 1);
        for (i, node) in nodes.iter().enumerate() {
            group_weak.start.push(group_weak.items.len() as u32);
            if node.group {
                for &g in group_nodes.iter() {
                    // Why the first cell first: one bit rules out most groups.
                    let other = &nodes[g as usize];
                    if g as usize != i && sight[i].contains(other.cell) && other.cells.difference(&sight[i]).is_empty() {
                        group_weak.items.push(g);
                    }
                }
            } else {
                // Why one bit: sight is symmetric, so a cell sees all of a group exactly when
                // it is in the group's sight (the cells holding the digit that see all of it).
                group_weak.items.extend(group_nodes.iter().filter(|&&g| sight[g as usize].contains(node.cell)));
            }
        }
        group_weak.start.push(group_weak.items.len() as u32);
        part
    }
}

/// The strong links of `digit` in the houses, house by house: the conjugate pairs, and
/// where the digit has three or more places in a house, the splits into two parts.
fn house_links(grid: &Grid, digit: Digit) -> Vec<HouseLink> {
    let layout = grid.layout();
    let cells = grid.digit_cells(digit);
    if cells.is_empty() {
        return Vec::new();
    }
    // Why a cache per digit and house: a house's links depend on the digit's places in it
    // only (but for the groups' sight, narrowed to the digit's cells below), and a step
    // changes the digit's places in a few houses.
    with_cache(|c| {
        let mut cache = c.house_cache.borrow_mut();
        let entries = cache.digit(grid, digit);
        // Why room for one link per house: most digits have a link in most houses, and
        // growing the vector step by step copies its large entries again and again.
        let mut out = Vec::with_capacity(entries.len());
        for (house, (known, links)) in entries.iter_mut().enumerate() {
            let set = layout.house_set(house).intersection(cells);
            if set != *known {
                *known = set;
                *links = links_in(layout, house, &set);
            }
            for link in links.iter().flatten() {
                out.push(match *link {
                    HouseLink::Parts(mut a, mut b) => {
                        for part in [&mut a, &mut b] {
                            if part.second.is_some() {
                                part.sight = part.sight.intersection(cells);
                            }
                        }
                        HouseLink::Parts(a, b)
                    }
                    pair => pair,
                });
            }
        }
        out
    })
}

/// Which of a cell's houses (`houses_of`: row, column, box) cut `house` into the parts a
/// group node may be: a box is cut by rows and by columns, a line by boxes. None for an extra
/// house: its part in a box is not always the digit's places in a box-line intersection,
/// which is what a group node stands for, so a link to that group would not be strong.
fn group_keys(layout: &crate::layout::Layout, house: usize) -> &'static [usize] {
    match layout.house(house).kind {
        crate::layout::HouseKind::Box => &[0, 1],
        crate::layout::HouseKind::Row | crate::layout::HouseKind::Column => &[2],
        crate::layout::HouseKind::Extra => &[],
    }
}

/// The strong links of a digit whose places in `house` are `set` (see [`house_links`]), at
/// most two; each group part's `sight` is the cells that see all of it, holding the digit
/// or not.
fn links_in(layout: &crate::layout::Layout, house: usize, set: &CellSet) -> [Option<HouseLink>; 2] {
    let mut out = [None; 2];
    let mut it = set.iter();
    let (Some(a), Some(b)) = (it.next(), it.next()) else { return out };
    if it.next().is_none() {
        out[0] = Some(HouseLink::Pair(a, b));
        return out;
    }
    // Why: when the digit's places in the house fall into exactly two box-line
    // intersections (a single cell counts as one), the digit is in exactly one of the two
    // parts: a strong link between two nodes, at least one of them a group. `houses_of` is
    // [row, column, box].
    let mut made = 0;
    for &k in group_keys(layout, house) {
        if let Some((mut a, mut b)) = split(set, |c| layout.houses_of(c)[k]) {
            // Why here: the memo keeps it, so builds do not work it out again.
            for part in [&mut a, &mut b] {
                if let Some(second) = part.second {
                    let houses = layout.houses_of(part.first);
                    let line = if layout.houses_of(second)[0] == houses[0] { houses[0] } else { houses[1] };
                    part.slot = (houses[2] - 2 * layout.size()) * 2 * layout.size() + line;
                    part.sight = layout.common_peers(part.cells.iter());
                }
            }
            out[made] = Some(HouseLink::Parts(a, b));
            made += 1;
        }
    }
    out
}

/// Per digit and house, the links [`links_in`] made from the digit's places there when last
/// asked (see [`house_links`]).
#[derive(Default)]
struct HouseCache {
    layout: Option<LayoutId>,
    /// Index `(digit - 1) * houses + house`: the places, and their links.
    entries: Vec<(CellSet, [Option<HouseLink>; 2])>,
}

impl HouseCache {
    /// The entries of `digit`, house by house, for `grid`'s layout (all forgotten when the
    /// layout changed).
    fn digit(&mut self, grid: &Grid, digit: Digit) -> &mut [(CellSet, [Option<HouseLink>; 2])] {
        let layout = grid.layout();
        let houses = layout.houses().len();
        if self.layout != Some(layout.id()) {
            self.layout = Some(layout.id());
            self.entries.clear();
        }
        // Why empty places to start with: they make no link, so the entry is right as it is.
        if self.entries.len() < layout.size() * houses {
            self.entries.resize(layout.size() * houses, (CellSet::new(), [None; 2]));
        }
        &mut self.entries[(digit as usize - 1) * houses..digit as usize * houses]
    }
}

/// The cells of `set` split by `key` into exactly two parts, if they fall into exactly two.
fn split(set: &CellSet, key: impl Fn(CellId) -> usize) -> Option<(Part, Part)> {
    let mut keys = [usize::MAX; 2];
    let mut parts = [Part { cells: CellSet::new(), first: 0, second: None, slot: 0, sight: CellSet::new() }; 2];
    for cell in set.iter() {
        let k = key(cell);
        let i = if keys[0] == usize::MAX || keys[0] == k {
            0
        } else if keys[1] == usize::MAX || keys[1] == k {
            1
        } else {
            return None;
        };
        let part = &mut parts[i];
        if keys[i] == usize::MAX {
            part.first = cell;
        } else if part.second.is_none() {
            part.second = Some(cell);
        }
        keys[i] = k;
        part.cells.insert(cell);
    }
    (keys[1] != usize::MAX).then_some((parts[0], parts[1]))
}

/// The lookup tables and lists of [`Graph::build`], kept per thread between builds. Between
/// builds the index table is all `NONE`: each build resets what it set.
#[derive(Default)]
struct Tables {
    /// Cell node of each digit and cell: index `(digit - 1) * cells + cell`.
    cell_index: Vec<u16>,
    /// Scratch of one build: the number of each digit's first house node, and each node's
    /// bivalue partner.
    offsets: Vec<u16>,
    partner: Vec<u16>,
    /// Scratch of one build: the cells of each digit's cell nodes, and each digit's group
    /// nodes (pairs, then lists).
    node_cells: Vec<CellSet>,
    group_pairs: Vec<(u16, u16)>,
    groups: Lists,
    /// Scratch of [`DigitPart::new`].
    scratch: PartScratch,
}

/// The scratch of [`DigitPart::new`], kept between calls: the cell node of each cell (all
/// `NONE` between calls), the group node of each part slot, the strong links as pairs, and
/// the group nodes.
#[derive(Default)]
struct PartScratch {
    index: Vec<u16>,
    slots: Vec<(usize, u16)>,
    pairs: Vec<(u16, u16)>,
    group_nodes: Vec<u16>,
}

impl Tables {
    /// This thread's tables, taken out of its cache for one build, the index table long
    /// enough for `grid`. Why taken out: a build inside a build (none today) would find
    /// them empty and allocate its own.
    fn take(grid: &Grid) -> Tables {
        let mut tables = with_cache(|c| std::mem::take(&mut *c.tables.borrow_mut()));
        let needed = grid.layout().size() * grid.layout().cell_count();
        if tables.cell_index.len() < needed {
            tables.cell_index.resize(needed, NONE);
        }
        tables
    }

    /// Puts the tables back for the next build.
    fn put_back(self) {
        with_cache(|c| *c.tables.borrow_mut() = self);
    }
}

/// Makes one digit's nodes on demand while its house links are read.
struct PartBuilder<'g, 'i> {
    grid: &'g Grid,
    digit: Digit,
    /// The cell node of each cell.
    index: &'i mut Vec<u16>,
    /// The group node of each part slot made.
    slots: &'i mut Vec<(usize, u16)>,
    part: DigitPart,
}

impl PartBuilder<'_, '_> {
    fn cell(&mut self, cell: CellId) -> u16 {
        if self.index[cell] == NONE {
            self.index[cell] = self.part.nodes.len() as u16;
            let mut cells = CellSet::new();
            cells.insert(cell);
            self.part.nodes.push(Node { digit: self.digit, cells, cell, group: false });
            self.part.sight.push(self.grid.layout().peer_set(cell).intersection(self.grid.digit_cells(self.digit)));
        }
        self.index[cell]
    }

    /// A cell node for a one-cell part, else the group node of the part (the cells of one
    /// box and one line holding the digit).
    fn part(&mut self, part: &Part) -> u16 {
        if part.second.is_none() {
            return self.cell(part.first);
        }
        if let Some(&(_, g)) = self.slots.iter().find(|(slot, _)| *slot == part.slot) {
            return g;
        }
        let g = self.part.nodes.len() as u16;
        self.slots.push((part.slot, g));
        self.part.nodes.push(Node { digit: self.digit, cells: part.cells, cell: part.first, group: true });
        self.part.sight.push(part.sight);
        g
    }
}
