//! Chains and loops: Remote Pair, X-Chain, XY-Chain, Continuous and Discontinuous Nice Loops,
//! AIC, and their grouped forms (guides `strategies/<id>.md`).
//!
//! Links. A strong link joins two candidates of which at least one is true: the only two
//! places of a digit in a house (a conjugate pair), or the two candidates of a bivalue cell.
//! A weak link joins two candidates of which at most one is true: two candidates of one
//! cell, or one digit in two cells that see each other. Variant rules add weak links
//! (anti-knight and anti-king make more cells see each other; a rule's constraint, a dot or
//! non-consecutive, rules out candidates of another cell), and a removal or link that needs
//! one names the rule. Strong links come from houses and cells, and from a rule's demand: a
//! quadruple still missing one copy of a digit that only two of its cells can take holds it
//! in one of them; the chain names the rule on that link. Grouped techniques also
//! use group nodes: a digit in the two or more cells of a box-line intersection holding it,
//! true when the digit is in one of them. A house whose places for the digit fall into two
//! such parts (or one part and one cell) links them strongly; a node that rules out the
//! group's digit in every cell of a group (by sight, by a constraint, or as another digit of
//! one of its cells) is linked to it weakly.
//!
//! Grouped techniques also pass through almost locked sets (ALS nodes): two or three cells of
//! one house holding one digit more than cells miss at most one of their digits, so of any
//! two of them one is in the set; "the digit is in the set's cells holding it" (a cell, or
//! a group of one house) is a node, and a set links its digits' nodes strongly. A chain
//! names the set on such a link, and a continuous loop through one also removes the set's
//! other digits (locked in it) from the cells seeing all of their cells in it. Chains start
//! and end on candidates and box-line groups, never on a set's cells (ALS-XZ and its kin
//! are those).
//!
//! An alternating inference chain (AIC) runs strong, weak, strong ... strong. If its first
//! node is false, the next is true, the next false, and so on: its last node is true. So at
//! least one end is true, and a candidate weakly linked to both ends is false.
//!
//! - Remote Pair: bivalue cells with the same two digits, each seeing the next; cells an
//!   odd number of steps apart hold different digits, so a cell seeing both loses both.
//! - X-Chain: one digit, conjugate pairs for strong links.
//! - XY-Chain: bivalue cells only, each cell's two candidates the strong link.
//! - AIC: any links; the ends are in different cells. Type 1: both ends hold one digit,
//!   cells seeing both lose it. Type 2: different digits in two cells that see each other;
//!   each end's cell loses the other end's digit.
//! - Continuous Nice Loop: an AIC whose ends are weakly linked closes into a loop where
//!   every link alternates. Then every weak link holds exactly one true node: cells seeing
//!   both nodes of a same-digit weak link lose the digit, and a cell whose two candidates
//!   are weakly linked in the loop loses its other candidates.
//! - Discontinuous Nice Loop: a loop that alternates everywhere but at one candidate. Two
//!   strong links meeting there: assuming it false makes it true, so it is placed. Two weak
//!   links (one may be the cell's own link to another candidate, so a weak and a strong link
//!   of different digits meeting at a cell is this case too): assuming it true makes it
//!   false, so it is removed.
//!
//! Search order. X-Chain and XY-Chain build their own small link graphs (X-Chain one per
//! digit, kept per digit; a digit whose last search reached no pair passing its test and
//! which gained no conjugate pair since is not searched again); the three AIC and
//! loop techniques share one graph (plain, or with groups) and one search, whose results a
//! per-thread memo keeps for the position so that the solver's next call on the same
//! position costs nothing. A search of that graph or of the XY-Chain graph that reaches no
//! pair passing its test (most do) is remembered too: a later position with a subset of its
//! candidates can only prove something with chains through the strong links that position
//! lacked (see `graph::Miss`), so only the starts of such chains are searched, and with no
//! new link no graph is built. The search (see `graph`) goes breadth-first from every start
//! at once, one more true node per layer, so the shortest chain or loop that proves something
//! is found first: an AIC of `2k` nodes before one of `2k + 2`, a loop with fewer nodes
//! first (a discontinuous loop that places before one that removes, found in the same
//! layer). Ties go to the lower start node, then the lower end node (nodes are numbered as
//! the graph finds them: conjugate pairs by digit and house, then bivalue cells). All the
//! removals of the chosen chain are reported (a discontinuous loop proves one candidate).
//! Remote Pairs: the fewest cells first, then the lower digit pair and start cell.
//!
//! Every instance. Asked for every instance, a technique offers the one above first (from
//! the memos), then searches again to the end, in the same order: every pair of ends (or
//! loop) found, each with the one shortest chain rebuilt for it, is listed when it places or
//! removes a candidate no earlier instance does (see `Targets`), so each candidate the
//! technique can decide comes with the first chain found for it; a removing discontinuous
//! loop is listed once per candidate it can remove. These further searches read the miss
//! memos (what a miss records holds for every chain, not only the first) but write no memo,
//! so a later step is what it would have been.
//!
//! Limits. Chains and loops have at most [`MAX_NODES`] nodes (a removing discontinuous loop
//! counts its removed candidate). Minimum sizes keep each technique apart from simpler ones:
//! X-Chains and AICs have at least four nodes, XY-Chains three cells, Remote Pairs four
//! cells, continuous loops four nodes, discontinuous loops three when they place and five
//! when they remove; grouped techniques report only chains holding a group node. A chain is
//! rebuilt as one shortest path; if that path repeats a candidate (or two of its nodes of
//! one digit share a cell) it is skipped, so a rare longer alternative may be missed. No
//! removal is taken from the chain's own nodes.
//!
//! Overlaps. A Continuous Nice Loop contains AICs, and every AIC is also a Discontinuous Nice
//! Loop through each of its removals; the registry tries continuous loops first (they remove
//! most), then AICs (the general form), then discontinuous loops, so in a default solve the
//! latter mostly show placements. Each technique on its own finds all of its forms.

mod graph;

use graph::{Graph, Hit, Miss, Options};

use std::cell::RefCell;

use super::memo::{DigitMemo, smallest};
use super::Finds;
use crate::deduction::{CellGroup, Chain, Deduction, Elimination, Link, Node, Pattern};
use crate::grid::{Candidates, CellSet, Digit, Grid, MAX_SIZE};
use crate::layout::{CellId, LayoutId};

/// What the family remembers between calls, in its field of the per-thread home
/// ([`caches`](super::caches)). Each cache is tagged with the [`LayoutId`] of its layout
/// (directly, or through the memos and snapshots it holds).
///
/// [`LayoutId`]: crate::layout::LayoutId
#[derive(Default)]
pub(super) struct Cache {
    /// The link graph's parts, tables and buffers (see [`graph`]).
    graph: graph::Cache,
    /// The shortest X-Chain of each digit, with its layer (see [`memo`](super::memo)):
    /// every link of an X-Chain keeps its digit, so a digit's chains depend on its cells only.
    /// Nodes are numbered digit by digit, so the shortest over the digits, the lower digit on
    /// a tie, is the one a search over every digit at once would find.
    x_chains: RefCell<DigitMemo<Option<(usize, Deduction)>>>,
    /// Per digit, the cells holding it at its last X-Chain search that reached no pair
    /// passing `hit` (see [`x_chain_of`]).
    x_misses: RefCell<XMisses>,
    /// The last position whose XY-Chain search reached no pair passing its `hit` test (see
    /// [`find_xy_chain`]).
    xy_miss: RefCell<Option<Miss>>,
    /// The last results of [`find_trio`] for each graph (plain, grouped) and the position
    /// they are for (see [`trio`]).
    trio: RefCell<[Option<Trio>; 2]>,
    /// For each graph (plain, grouped), the last position whose search reached no pair
    /// passing its `hit` test (see [`find_trio`]).
    misses: RefCell<[Option<Miss>; 3]>,
}

/// Runs `f` with this thread's chain caches.
#[inline]
fn with_cache<R>(f: impl FnOnce(&Cache) -> R) -> R {
    super::caches::with(|c| f(&c.chains))
}

techniques! {
    family: Chains;
    REMOTE_PAIR = "remote-pair", "Remote Pair", 45, remote_pair;
    X_CHAIN = "x-chain", "X-Chain", 65, x_chain;
    XY_CHAIN = "xy-chain", "XY-Chain", 66, xy_chain;
    CONTINUOUS_NICE_LOOP = "continuous-nice-loop", "Continuous Nice Loop", 70, continuous_nice_loop;
    AIC = "aic", "AIC", 70, aic;
    DISCONTINUOUS_NICE_LOOP = "discontinuous-nice-loop", "Discontinuous Nice Loop", 70, discontinuous_nice_loop;
    GROUPED_CONTINUOUS_NICE_LOOP = "grouped-continuous-nice-loop", "Grouped Continuous Nice Loop", 72, grouped_continuous_nice_loop;
    GROUPED_AIC = "grouped-aic", "Grouped AIC", 72, grouped_aic;
    GROUPED_DISCONTINUOUS_NICE_LOOP = "grouped-discontinuous-nice-loop", "Grouped Discontinuous Nice Loop", 72, grouped_discontinuous_nice_loop;
}

/// The most nodes a chain or loop may have. Why: longer chains are rarely needed before
/// the harder techniques, are hard to follow, and cost search time.
pub const MAX_NODES: usize = 16;

/// Bivalue cells with the same two digits, each seeing the next: the digits alternate along
/// the chain, so a cell that sees two cells an odd number of steps apart (at least three)
/// loses both digits.
///
/// Every instance: each pair of cells of one digit pair an odd number of steps apart (at
/// least three, counted along a shortest path between them, which the instance shows) whose
/// removals take a candidate no earlier instance takes; fewest cells first, then by digit
/// pair, start cell and end cell as the search meets them.
fn remote_pair(grid: &Grid, finds: &mut Finds) {
    offer(finds, find_remote_pair(grid), |targets, finds| every_remote_pair(grid, targets, finds));
}

/// An alternating chain of one digit through conjugate pairs: a cell seeing both ends loses
/// the digit.
///
/// Every instance: for each pair of ends the search reaches (up to [`MAX_NODES`] nodes), its
/// shortest chain, when it removes a candidate no earlier instance removes; shortest first,
/// then by digit, start and end.
fn x_chain(grid: &Grid, finds: &mut Finds) {
    offer(finds, find_x_chain(grid), |targets, finds| every_x_chain(grid, targets, finds));
}

/// A chain of bivalue cells, each seeing the next through a shared digit, starting and
/// ending with the same digit: a cell seeing both ends loses it.
///
/// Every instance: as for [`x_chain`], over the bivalue cells' candidates.
fn xy_chain(grid: &Grid, finds: &mut Finds) {
    offer(finds, find_xy_chain(grid), |targets, finds| every_xy_chain(grid, targets, finds));
}

/// An alternating loop: every weak link in it holds exactly one true node, which removes
/// the digit from cells seeing both nodes (or the other candidates of a cell linked inside).
///
/// Every instance: each loop the search closes (up to [`MAX_NODES`] nodes, from each pair of
/// weakly linked ends it reaches, by their shortest chain) that removes a candidate no
/// earlier instance removes; fewest nodes first, then by start and end.
fn continuous_nice_loop(grid: &Grid, finds: &mut Finds) {
    offer_trio(grid, false, CONTINUOUS, finds);
}

/// An alternating inference chain with ends in two cells: a candidate weakly linked to both
/// ends is removed.
///
/// Every instance: for each pair of ends the search reaches (up to [`MAX_NODES`] nodes), its
/// shortest chain, when it removes a candidate no earlier instance removes; shortest first,
/// then by start and end.
fn aic(grid: &Grid, finds: &mut Finds) {
    offer_trio(grid, false, AIC, finds);
}

/// A loop alternating everywhere but at one candidate: placed if two strong links meet
/// there, removed if two weak links do.
///
/// Every instance: each candidate the search can place (a shortest chain back to it) or
/// remove (a shortest chain between two nodes it is weakly linked to, up to [`MAX_NODES`]
/// nodes with it), with the first loop found for it; fewest nodes first, placements before
/// removals of the same size, then by start and end.
fn discontinuous_nice_loop(grid: &Grid, finds: &mut Finds) {
    offer_trio(grid, false, DISCONTINUOUS, finds);
}

/// A Continuous Nice Loop through at least one group node (every instance: as for
/// [`continuous_nice_loop`], the loops through a group node).
fn grouped_continuous_nice_loop(grid: &Grid, finds: &mut Finds) {
    offer_trio(grid, true, CONTINUOUS, finds);
}

/// An AIC through at least one group node (every instance: as for [`aic`], the chains
/// through a group node).
fn grouped_aic(grid: &Grid, finds: &mut Finds) {
    offer_trio(grid, true, AIC, finds);
}

/// A Discontinuous Nice Loop through at least one group node (every instance: as for
/// [`discontinuous_nice_loop`], the loops through a group node).
fn grouped_discontinuous_nice_loop(grid: &Grid, finds: &mut Finds) {
    offer_trio(grid, true, DISCONTINUOUS, finds);
}

/// Offers `first`, the step a solve takes; when every instance is wanted (the first does
/// not stop the search), `rest` then offers the others through the same [`Targets`]. Why
/// apart: the first comes from the memos and stops as soon as it is known, and the others
/// need searches that go on to the end.
fn offer(finds: &mut Finds, first: Option<Deduction>, rest: impl FnOnce(&mut Targets, &mut Finds)) {
    let Some(first) = first else { return };
    let mut targets = Targets::default();
    if !targets.offer(finds, first) {
        rest(&mut targets, finds);
    }
}

/// The search of one of the techniques sharing the full link graph (see [`trio`] and
/// [`every_of_trio`]).
fn offer_trio(grid: &Grid, grouped: bool, which: usize, finds: &mut Finds) {
    offer(finds, trio(grid, grouped, which), |targets, finds| every_of_trio(grid, grouped, which, targets, finds));
}

/// The candidates the instances offered so far place or remove. When every instance is
/// wanted, an instance is offered only if it places or removes one that no earlier instance
/// does: each candidate a technique can decide comes with the first chain its search finds
/// for it, and a chain found again from its other end, or from another node of the same
/// loop, is not listed twice.
struct Targets([CellSet; MAX_SIZE]);

impl Default for Targets {
    fn default() -> Targets {
        Targets([CellSet::new(); MAX_SIZE])
    }
}

impl Targets {
    /// Whether no instance offered so far decides `digit` in `cell`.
    fn open(&self, cell: CellId, digit: Digit) -> bool {
        !self.0[digit as usize - 1].contains(cell)
    }

    /// Takes in the candidates `d` decides, if one of them was open; whether one was.
    fn take(&mut self, d: &Deduction) -> bool {
        let decided = || d.placements.iter().map(|p| (p.cell, p.digit)).chain(d.eliminations.iter().map(|e| (e.cell, e.digit)));
        if !decided().any(|(cell, digit)| self.open(cell, digit)) {
            return false;
        }
        for (cell, digit) in decided() {
            self.0[digit as usize - 1].insert(cell);
        }
        true
    }

    /// Offers `d` if it decides an open candidate; whether the search is to stop.
    fn offer(&mut self, finds: &mut Finds, d: Deduction) -> bool {
        self.take(&d) && finds.add(d)
    }

    /// Whether `hit` may give technique `which` an instance deciding an open candidate: a
    /// cheap test before its chain is rebuilt. Why loops are always tried: they remove along
    /// every weak link of the loop, which only the rebuilt chain tells.
    fn may_open(&self, graph: &Graph, which: usize, hit: &Hit) -> bool {
        if which == CONTINUOUS {
            return true;
        }
        if hit.start == hit.end {
            let node = &graph.nodes[hit.start as usize];
            return self.open(node.cell, node.digit);
        }
        graph.common_targets(hit.start, hit.end).iter().any(|e| self.open(e.cell, e.digit))
    }
}

/// The techniques that share the full link graph, plain or grouped: their index in the
/// results of [`find_trio`].
const CONTINUOUS: usize = 0;
const AIC: usize = 1;
const DISCONTINUOUS: usize = 2;

const IDS: [[&str; 3]; 2] = [
    [ids::CONTINUOUS_NICE_LOOP, ids::AIC, ids::DISCONTINUOUS_NICE_LOOP],
    [ids::GROUPED_CONTINUOUS_NICE_LOOP, ids::GROUPED_AIC, ids::GROUPED_DISCONTINUOUS_NICE_LOOP],
];

/// The most true nodes after a chain's start the search looks at.
const MAX_LAYER: usize = MAX_NODES / 2;

/// The first X-Chain: one digit, conjugate pairs, at least four nodes.
fn find_x_chain(grid: &Grid) -> Option<Deduction> {
    with_cache(|c| smallest(&c.x_chains.borrow_mut().by_digit(grid, |digit| x_chain_of(grid, digit))).cloned())
}

/// The first X-Chain of `digit` (shortest first), with its layer.
fn x_chain_of(grid: &Grid, digit: Digit) -> Option<(usize, Deduction)> {
    // Why: a digit whose last search reached no pair passing `hit`, and which since lost
    // places without gaining a conjugate pair, has no X-Chain (see `XMisses::no_new_pair`);
    // most steps change a digit that way, and skipping its graph also spares the refresh
    // of the per-digit link memos when no later search needs them.
    if with_cache(|c| c.x_misses.borrow().no_new_pair(grid, digit)) {
        return None;
    }
    let graph = Graph::build(grid, x_options(digit));
    let mut any_hit = false;
    let found = graph.search(|s, e| graph.hit(s, e, false), false, 2, MAX_LAYER, |found| {
        any_hit = true;
        let deduction = chain_deduction(&graph, ids::X_CHAIN, found.iter().filter(|h| !graph.overlap(h.start, h.end)))?;
        Some((found[0].layer, deduction))
    });
    with_cache(|c| c.x_misses.borrow_mut().record(grid, digit, !any_hit));
    found
}

/// The links of `digit`'s X-Chain graph: its conjugate pairs.
fn x_options(digit: Digit) -> Options {
    Options { conjugate: true, bivalue: false, groups: false, digit: Some(digit), links: false, als: false }
}

/// Offers every X-Chain that decides a candidate `targets` has open (see [`x_chain`]): each
/// digit's search to the end, then the instances of all digits by layer. Why taking targets
/// digit by digit gives what one search over every digit would: a digit's instances come in
/// layer order, and no two digits share a target.
fn every_x_chain(grid: &Grid, targets: &mut Targets, finds: &mut Finds) {
    let mut all: Vec<(usize, Deduction)> = Vec::new();
    for digit in 1..=grid.layout().size() as Digit {
        // Why the miss memo is read but not written: what it records holds for every chain,
        // not only the first, and first-mode searches keep it (see `x_chain_of`).
        if with_cache(|c| c.x_misses.borrow().no_new_pair(grid, digit)) {
            continue;
        }
        let graph = Graph::build(grid, x_options(digit));
        graph.search(|s, e| graph.hit(s, e, false), false, 2, MAX_LAYER, |found| {
            every_in_layer(&graph, ids::X_CHAIN, AIC, found, targets, &mut |layer, d| {
                all.push((layer, d));
                false
            });
            None::<()>
        });
    }
    all.sort_by_key(|&(layer, _)| layer);
    let _ = finds.add_all(all.into_iter().map(|(_, d)| d));
}

/// Per digit, the cells holding it when its X-Chain search last reached no pair passing its
/// `hit` test from the second layer on; `None` when its last search did reach one.
#[derive(Default)]
struct XMisses {
    layout: Option<LayoutId>,
    cells: Vec<Option<CellSet>>,
}

impl XMisses {
    /// Keeps `digit`'s cells in `grid` if its search there reached no pair (`missed`), else
    /// forgets the digit.
    fn record(&mut self, grid: &Grid, digit: Digit, missed: bool) {
        if self.layout != Some(grid.layout().id()) {
            self.layout = Some(grid.layout().id());
            self.cells.clear();
        }
        let size = grid.layout().size();
        self.cells.resize(size, None);
        self.cells[digit as usize - 1] = missed.then(|| *grid.digit_cells(digit));
    }

    /// Whether `digit` has a recorded miss, holds no place in `grid` it lacked then, and has
    /// no conjugate pair that it lacked then (a house with two places now and more then).
    /// Then its search in `grid` reaches no pair passing `hit` either. Why: every conjugate
    /// pair now was one then (a house's places only shrank, and two now with more then would
    /// be new), so the nodes and strong links are among those of then, the weak links
    /// depend on the cells and the layout only, and every chain now was a chain then. A pair
    /// first reached at a layer from the second on now was reached then at that layer or
    /// before: not at the first (a strong link then between two nodes that both remain is
    /// one now), so from the second on, where it failed `hit`; and `hit` only looks at the
    /// nodes' sight (cells holding the digit), which only shrank.
    fn no_new_pair(&self, grid: &Grid, digit: Digit) -> bool {
        if self.layout != Some(grid.layout().id()) {
            return false;
        }
        let Some(Some(then)) = self.cells.get(digit as usize - 1) else { return false };
        let now = grid.digit_cells(digit);
        if !now.difference(then).is_empty() {
            return false;
        }
        let lost = then.difference(now);
        let layout = grid.layout();
        (0..layout.houses().len()).all(|house| {
            let cells = layout.house_set(house);
            cells.intersection(&lost).is_empty() || cells.intersection(now).len() != 2
        })
    }
}

/// The first XY-Chain: bivalue cells, ends of one digit, at least three cells.
fn find_xy_chain(grid: &Grid) -> Option<Deduction> {
    let graph = xy_graph(grid)?;
    // Why one digit: only chains whose ends hold one digit are accepted below.
    let same_digit = |h: &&Hit| graph.nodes[h.start as usize].digit == graph.nodes[h.end as usize].digit;
    let mut any_hit = false;
    // Why from layer 2, when XY-Chains have three cells: the miss memo needs to know that
    // no pair passed from the second layer on (see `graph::Miss`).
    let found = graph.search(|s, e| graph.hit(s, e, false), false, 2, MAX_LAYER, |found| {
        any_hit = true;
        if found[0].layer < 3 {
            return None;
        }
        chain_deduction(&graph, ids::XY_CHAIN, found.iter().filter(same_digit).filter(|h| !graph.overlap(h.start, h.end)))
    });
    if !any_hit {
        with_cache(|c| c.xy_miss.borrow_mut().get_or_insert_with(Miss::default).record(grid));
    }
    found
}

/// The graph of the XY-Chain search: the bivalue cells' candidates, its starts restricted
/// after a miss; `None` when the miss shows that no chain of it proves anything. Why: as
/// for the AIC family (see [`trio_graph`]), after a search with no hit only the chains
/// through a new bivalue cell can prove something.
fn xy_graph(grid: &Grid) -> Option<Graph<'_>> {
    let options = Options { conjugate: false, bivalue: true, groups: false, digit: None, links: false, als: false };
    let fresh = with_cache(|c| c.xy_miss.borrow().as_ref().and_then(|miss| miss.fresh(grid, options)));
    if fresh.as_ref().is_some_and(|f| f.iter().all(CellSet::is_empty)) {
        return None;
    }
    let mut graph = Graph::build(grid, options);
    if let Some(fresh) = &fresh {
        graph.restrict_starts(fresh);
    }
    Some(graph)
}

/// Offers every XY-Chain that decides a candidate `targets` has open (see [`xy_chain`]): the
/// search of [`find_xy_chain`] to the end, its miss memo read but not written (as for
/// X-Chains, see [`every_x_chain`]).
fn every_xy_chain(grid: &Grid, targets: &mut Targets, finds: &mut Finds) {
    let Some(graph) = xy_graph(grid) else { return };
    // Why from layer 3: XY-Chains have three cells at least (the first search starts at the
    // second layer for its miss memo only); and `hit` without mixed pairs keeps the chains
    // whose ends hold one digit.
    graph.search(|s, e| graph.hit(s, e, false), false, 3, MAX_LAYER, |found| {
        every_in_layer(&graph, ids::XY_CHAIN, AIC, found, targets, &mut |_, d| finds.add(d)).then_some(())
    });
}

/// The three results for one position; `None` where the search stopped before knowing.
struct Trio {
    /// The position: its layout and its cells.
    layout: LayoutId,
    cells: Vec<crate::grid::Cell>,
    results: [Option<Option<Deduction>>; 3],
}

/// Result `which` of [`find_trio`] for this position. Why a memo: the solver tries the
/// three techniques one after the other on the same position, and they search the same
/// graph; one joint search serves all three (the results depend on nothing but the
/// layout and the cells, which the memo compares in full).
fn trio(grid: &Grid, grouped: bool, which: usize) -> Option<Deduction> {
    with_cache(|c| {
        let mut memo = c.trio.borrow_mut();
        let slot = &mut memo[usize::from(grouped)];
        let layout = grid.layout().id();
        let same = |t: &Trio| t.layout == layout && t.cells == grid.cells();
        if let Some(known) = slot.as_ref().filter(|t| same(t)).and_then(|t| t.results[which].as_ref()) {
            return known.clone();
        }
        let results = find_trio(grid, grouped, [true; 3], which);
        let found = results[which].clone().flatten();
        let mut cells = slot.take().map(|t| t.cells).unwrap_or_default();
        cells.clear();
        cells.extend_from_slice(grid.cells());
        *slot = Some(Trio { layout, cells, results });
        found
    })
}

/// The first Continuous Nice Loop, AIC and Discontinuous Nice Loop (grouped: each through a
/// group node or an ALS link) of a position, for the techniques `wanted`, from one
/// breadth-first search: each technique takes the first layer where it has a valid chain,
/// exactly as if searched alone. The search stops as soon as technique `needed` has its
/// result (the solver applies it, so the others are not asked about this position); a
/// result is `None` when the search stopped before it was known, `Some(None)` when there is
/// nothing to find.
///
/// Grouped, the graph of box-line groups is searched first, and the graph with ALS nodes
/// too only for the techniques that found nothing there. Why: a chain through box-line
/// groups alone is the simpler proof, whatever its length (as sets apart come before sets
/// sharing cells in the ALS family), and the larger graph is built only where it is needed.
fn find_trio(grid: &Grid, grouped: bool, wanted: [bool; 3], needed: usize) -> [Option<Option<Deduction>>; 3] {
    if !grouped {
        return find_in(grid, PLAIN, wanted, needed);
    }
    let mut first = find_in(grid, GROUPS, wanted, needed);
    if matches!(first[needed], Some(Some(_))) {
        // Why unknown: the graph with ALS nodes was not searched for the others.
        return first.map(|r| r.filter(Option::is_some));
    }
    let again: [bool; 3] = std::array::from_fn(|w| wanted[w] && first[w] == Some(None));
    let second = find_in(grid, WITH_ALS, again, needed);
    for w in 0..3 {
        if again[w] {
            first[w] = second[w].clone();
        }
    }
    first
}

/// The graphs the trio searches: plain, with box-line groups, and with ALS nodes too (see
/// [`find_trio`]); their index in the miss memos.
const PLAIN: usize = 0;
const GROUPS: usize = 1;
const WITH_ALS: usize = 2;

/// [`find_trio`] in graph `kind` alone.
fn find_in(grid: &Grid, kind: usize, wanted: [bool; 3], needed: usize) -> [Option<Option<Deduction>>; 3] {
    if !wanted.iter().any(|&w| w) {
        return [None, None, None];
    }
    let Some(graph) = trio_graph(grid, kind) else { return [Some(None), Some(None), Some(None)] };
    let grouped = kind != PLAIN;
    let ids = IDS[usize::from(grouped)];
    let mut results: [Option<Deduction>; 3] = [None, None, None];
    let mut any_hit = false;
    let stopped = graph.search(|s, e| trio_hit(&graph, s, e), grouped, 2, MAX_LAYER, |found| {
        any_hit = true;
        for which in [CONTINUOUS, AIC, DISCONTINUOUS] {
            if wanted[which] && results[which].is_none() {
                let result = &mut results[which];
                tried(&graph, which, found).any(|hit| {
                    instances(&graph, ids[which], which, hit, &mut |d| {
                        *result = Some(d);
                        true
                    })
                });
            }
        }
        (results[needed].is_some() || results.iter().zip(wanted).all(|(r, w)| r.is_some() || !w)).then_some(())
    });
    if !any_hit {
        with_cache(|c| c.misses.borrow_mut()[kind].get_or_insert_with(Miss::default).record(grid));
    }
    results.map(|r| if r.is_some() || stopped.is_none() { Some(r) } else { None })
}

/// The graph [`find_trio`] searches (plain, or with groups), its starts restricted after a
/// miss; `None` when the miss shows that no chain of it proves anything. Why: most searches
/// reach no pair that passes `hit` at all, and the next positions often have few strong
/// links that position lacked; only chains through those can prove something (see
/// `Miss::fresh`), so only their starts are searched, and with no such link neither the
/// graph nor the search is needed.
fn trio_graph(grid: &Grid, kind: usize) -> Option<Graph<'_>> {
    let options = Options { conjugate: true, bivalue: true, groups: kind != PLAIN, digit: None, links: true, als: kind == WITH_ALS };
    let fresh = with_cache(|c| c.misses.borrow()[kind].as_ref().and_then(|miss| miss.fresh(grid, options)));
    if fresh.as_ref().is_some_and(|f| f.iter().all(CellSet::is_empty)) {
        return None;
    }
    let mut graph = Graph::build(grid, options);
    if let Some(fresh) = &fresh {
        graph.restrict_starts(fresh);
    }
    Some(graph)
}

/// The pairs the shared search reports: those with a candidate weakly linked to both ends,
/// plus each cell node with itself (a chain returning to its start places it). Loops close
/// on weakly linked pairs of these.
#[inline]
fn trio_hit(graph: &Graph, s: usize, e: usize) -> bool {
    if s == e { !graph.nodes[s].group } else { graph.may_end(e) && graph.hit(s, e, true) }
}

/// Offers every instance of technique `which` of the full graph (plain or grouped) that
/// decides a candidate `targets` has open (see [`aic`]): the search of [`find_trio`], for
/// that technique alone and to the end. Its miss memo is read but not written (as for
/// X-Chains, see [`every_x_chain`]), and its memo of results is left alone.
fn every_of_trio(grid: &Grid, grouped: bool, which: usize, targets: &mut Targets, finds: &mut Finds) {
    let id = IDS[usize::from(grouped)][which];
    // Grouped: the chains through box-line groups first (see [`find_trio`]), then those the
    // ALS nodes add.
    let kinds: &[usize] = if grouped { &[GROUPS, WITH_ALS] } else { &[PLAIN] };
    for &kind in kinds {
        let Some(graph) = trio_graph(grid, kind) else { continue };
        let stopped = graph.search(|s, e| trio_hit(&graph, s, e), grouped, 2, MAX_LAYER, |found| {
            every_in_layer(&graph, id, which, found, targets, &mut |_, d| finds.add(d)).then_some(())
        });
        if stopped.is_some() {
            return;
        }
    }
}

/// The hits of one layer (by start, then end) that technique `which` (`AIC` for X- and
/// XY-Chains too) tries, in its order: pairs of ends weakly linked (a continuous loop), or
/// in different cells (an AIC); for a discontinuous loop, the starts reached again (placed)
/// before the pairs whose loop through a removed candidate stays within [`MAX_NODES`].
fn tried<'h>(graph: &'h Graph, which: usize, found: &'h [Hit]) -> impl Iterator<Item = &'h Hit> + 'h {
    let placing: &[Hit] = if which == DISCONTINUOUS { found } else { &[] };
    let others = found.iter().filter(move |h| {
        h.start != h.end
            && match which {
                CONTINUOUS => graph.weakly_linked(h.start, h.end),
                AIC => !graph.overlap(h.start, h.end),
                _ => 2 * h.layer < MAX_NODES,
            }
    });
    placing.iter().filter(|h| h.start == h.end).chain(others)
}

/// Calls `take` with each instance of technique `which` (`AIC` for X- and XY-Chains too)
/// that `hit` gives, until it returns true; whether it did. The chain is rebuilt as one
/// shortest path, and nothing is given if it is not simple or removes nothing:
/// - a continuous loop closes with a weak link from the end back to the start, and removes
///   along every weak link;
/// - an AIC removes the candidates weakly linked to both ends;
/// - a discontinuous loop places its start when the chain returns to it; otherwise each
///   candidate weakly linked to both ends is removed by a loop of its own, written from it,
///   in cell order.
///
/// No removal is taken from the chain's own nodes (see [`off_chain`]).
fn instances(graph: &Graph, id: &'static str, which: usize, hit: &Hit, take: &mut impl FnMut(Deduction) -> bool) -> bool {
    match which {
        CONTINUOUS => loop_instances(graph, id, hit, take),
        AIC => chain_instances(graph, id, hit, take),
        _ => discontinuous(graph, id, hit, take),
    }
}

/// The instances of technique `which` among one layer's hits (see [`tried`]) that decide a
/// candidate `targets` has open: each is taken into `targets` and given to `take` with its
/// layer, in the order of the search, until `take` returns true; whether it did.
fn every_in_layer(
    graph: &Graph,
    id: &'static str,
    which: usize,
    found: &[Hit],
    targets: &mut Targets,
    take: &mut impl FnMut(usize, Deduction) -> bool,
) -> bool {
    tried(graph, which, found).any(|hit| {
        targets.may_open(graph, which, hit) && instances(graph, id, which, hit, &mut |d| targets.take(&d) && take(hit.layer, d))
    })
}

/// The first of `hits` that rebuilds into a chain (see [`chain_instances`]).
fn chain_deduction<'h>(graph: &Graph, id: &'static str, mut hits: impl Iterator<Item = &'h Hit>) -> Option<Deduction> {
    hits.find_map(|hit| {
        let mut first = None;
        chain_instances(graph, id, hit, &mut |d| {
            first = Some(d);
            true
        });
        first
    })
}

/// The chains of a hit, removing the candidates weakly linked to both ends, given to `take`
/// until it returns true; whether it did. First the one shortest chain, then, for each
/// removal it cannot make (the candidate is a node of it, or it uses a node twice), a
/// shortest chain around that candidate (see [`chain_around`]).
fn chain_instances(graph: &Graph, id: &'static str, hit: &Hit, take: &mut impl FnMut(Deduction) -> bool) -> bool {
    let targets = graph.common_targets(hit.start, hit.end);
    if targets.is_empty() {
        return false;
    }
    let make = |path: &[u16]| {
        let eliminations = off_chain(graph, path, targets.clone());
        let links = alternating(path.len() - 1, Link::Strong);
        let notes = LinkNotes::of(graph, path, &links);
        deduction(graph, id, path, (links, notes), false, Vec::new(), eliminations)
    };
    let shortest = graph.chain(hit);
    let mut removed = Vec::new();
    if let Some(path) = shortest.as_deref().filter(|p| graph.is_simple(p)) {
        let d = make(path);
        removed.extend(d.eliminations.iter().copied());
        if !d.eliminations.is_empty() && take(d) {
            return true;
        }
    }
    for target in &targets {
        if removed.contains(target) {
            continue;
        }
        if let Some(path) = chain_around(graph, hit, target, MAX_LAYER) {
            let d = make(&path);
            removed.extend(d.eliminations.iter().copied());
            if take(d) {
                return true;
            }
        }
    }
    false
}

/// A shortest simple chain for `hit` (within `max_layer` true nodes) through no node holding
/// `target` (see [`Graph::simple_chain`]).
fn chain_around(graph: &Graph, hit: &Hit, target: &Elimination, max_layer: usize) -> Option<Vec<u16>> {
    let holds = |n: u16| {
        let node = &graph.nodes[n as usize];
        node.digit == target.digit && node.cells.contains(target.cell)
    };
    graph.simple_chain(hit, &holds, max_layer)
}

/// The Continuous Nice Loops of a hit whose ends are weakly linked, given to `take` until
/// it returns true; whether it did. First the loop of the one shortest chain (or, when that
/// uses a node twice, of a shortest simple one), then, for each candidate its closing link
/// would remove but the loop holds as a node, a shortest loop around that candidate.
fn loop_instances(graph: &Graph, id: &'static str, hit: &Hit, take: &mut impl FnMut(Deduction) -> bool) -> bool {
    let make = |path: &[u16]| {
        let eliminations = loop_eliminations(graph, path);
        let links = alternating(path.len(), Link::Strong);
        let notes = LinkNotes::of(graph, path, &links);
        deduction(graph, id, path, (links, notes), false, Vec::new(), eliminations)
    };
    let mut removed = Vec::new();
    if let Some(path) = graph.chain(hit).filter(|p| graph.is_simple(p)).or_else(|| graph.simple_chain(hit, &|_| false, MAX_LAYER)) {
        let d = make(&path);
        removed.extend(d.eliminations.iter().copied());
        if !d.eliminations.is_empty() && take(d) {
            return true;
        }
    }
    for target in graph.common_targets(hit.end, hit.start) {
        if removed.contains(&target) {
            continue;
        }
        if let Some(path) = chain_around(graph, hit, &target, MAX_LAYER) {
            let d = make(&path);
            removed.extend(d.eliminations.iter().copied());
            if take(d) {
                return true;
            }
        }
    }
    false
}

/// The Discontinuous Nice Loops of a hit, given to `take` until it returns true (whether it
/// did): the start placed if the chain returns to it, else each candidate weakly linked to
/// both ends (and not on the chain) removed, the loop written from it.
fn discontinuous(graph: &Graph, id: &'static str, hit: &Hit, take: &mut impl FnMut(Deduction) -> bool) -> bool {
    let Some(mut path) = graph.chain(hit) else { return false };
    if hit.start == hit.end {
        // start = ... = start: two strong links meet at the start. Why the second search:
        // the one shortest loop may use a node twice when a simple one exists.
        if !graph.is_simple(&path[..path.len() - 1]) {
            match graph.simple_chain(hit, &|_| false, MAX_NODES / 2) {
                Some(simple) => path = simple,
                None => return false,
            }
        }
        path.pop();
        let node = &graph.nodes[hit.start as usize];
        let placements = vec![crate::deduction::Placement { cell: node.cell, digit: node.digit }];
        let links = alternating(path.len(), Link::Strong);
        let notes = LinkNotes::of(graph, &path, &links);
        return take(deduction(graph, id, &path, (links, notes), false, placements, Vec::new()));
    }
    let simple = graph.is_simple(&path);
    // Why a loop may need a longer chain: the shortest may hold the target or repeat a node.
    graph.common_targets(hit.start, hit.end).into_iter().any(|target| {
        let around;
        let path = if simple && off_chain(graph, &path, vec![target]).len() == 1 {
            &path
        } else {
            match chain_around(graph, hit, &target, (MAX_NODES - 1) / 2) {
                Some(p) => {
                    around = p;
                    &around
                }
                None => return false,
            }
        };
        // target - start = ... = end - target: two weak links meet at the target.
        let links = alternating(path.len() + 1, Link::Weak);
        // Why the links between path nodes only: the target is no node of the graph, and
        // its two links are weak.
        let mut notes = LinkNotes::of(graph, path, &links[1..path.len()]);
        notes.pad();
        let first = Node { cells: vec![target.cell], digit: target.digit, on: true };
        let mut d = deduction(graph, id, path, (links, notes), false, Vec::new(), vec![target]);
        d.pattern.chains[0].nodes.insert(0, first);
        d.pattern.digits.insert(target.digit);
        if !d.pattern.cells.contains(&target.cell) {
            d.pattern.cells.push(target.cell);
            d.pattern.cells.sort_unstable();
        }
        take(d)
    })
}

/// The removals that are not part of the chain itself. Why: a candidate of a chain node (a
/// cell of a same-digit group included) can be weakly linked to both ends, and removing it
/// is still sound, but the chain would then argue about its own node: a shorter argument
/// exists, and the sentence would confuse.
fn off_chain(graph: &Graph, path: &[u16], eliminations: Vec<Elimination>) -> Vec<Elimination> {
    eliminations
        .into_iter()
        .filter(|e| !path.iter().any(|&n| graph.nodes[n as usize].digit == e.digit && graph.nodes[n as usize].cells.contains(e.cell)))
        .collect()
}

/// `count` links alternating from `first`.
fn alternating(count: usize, first: Link) -> Vec<Link> {
    let other = if first == Link::Strong { Link::Weak } else { Link::Strong };
    (0..count).map(|i| if i % 2 == 0 { first } else { other }).collect()
}

/// The removals of a continuous loop `path` (closed by a weak link from its last node to
/// its first): for every weak link, the candidates weakly linked to both of its nodes; for
/// every strong link an almost locked set makes, its other digits (exactly one of the
/// link's two is in the set, so the set misses that one and holds all the rest), from the
/// cells outside it that see all of their cells in it.
fn loop_eliminations(graph: &Graph, path: &[u16]) -> Vec<Elimination> {
    let mut out: Vec<Elimination> = Vec::new();
    let weak_links = (1..path.len() - 1).step_by(2).map(|i| (path[i], path[i + 1])).chain([(path[path.len() - 1], path[0])]);
    let mut found: Vec<Elimination> = Vec::new();
    for (a, b) in weak_links {
        found.extend(graph.common_targets(a, b));
    }
    let (grid, layout) = (graph.grid, graph.grid.layout());
    for (a, b) in (0..path.len()).step_by(2).map(|i| (path[i], path[i + 1])) {
        let Some((set, digits)) = graph.als_set(a, b) else { continue };
        let linked = [graph.nodes[a as usize].digit, graph.nodes[b as usize].digit];
        for digit in digits.iter().filter(|d| !linked.contains(d)) {
            let held = set.intersection(grid.digit_cells(digit));
            for cell in grid.digit_cells(digit).difference(&set).iter().filter(|&c| held.iter().all(|h| layout.sees(c, h))) {
                found.push(Elimination { cell, digit, via: layout.rule_needed(cell, held.iter()) });
            }
        }
    }
    for e in off_chain(graph, path, found) {
        if !out.iter().any(|o| o.cell == e.cell && o.digit == e.digit) {
            out.push(e);
        }
    }
    out.sort_by_key(|e| (e.cell, e.digit));
    out
}

/// What a chain keeps per link besides its kind (see [`Chain::rules`] and [`Chain::sets`]):
/// each vector empty when no link has one.
struct LinkNotes {
    rules: Vec<Option<crate::rules::Rule>>,
    sets: Vec<Option<CellGroup>>,
}

impl LinkNotes {
    /// Per link `i` of a chain over `path` (joining `path[i]` to the next node, the first
    /// again for a loop's closing link): the rule of a strong link only a rule's demand
    /// makes, and the almost locked set of one only a set makes.
    fn of(graph: &Graph, path: &[u16], links: &[Link]) -> LinkNotes {
        let ends = |i: usize| (links[i] == Link::Strong).then(|| (path[i], path[(i + 1) % path.len()]));
        let rules: Vec<_> = (0..links.len()).map(|i| ends(i).and_then(|(a, b)| graph.strong_rule(a, b))).collect();
        let sets: Vec<_> = (0..links.len())
            .map(|i| ends(i).and_then(|(a, b)| graph.als_set(a, b)).map(|(cells, digits)| CellGroup { cells: cells.iter().collect(), digits }))
            .collect();
        LinkNotes {
            rules: if rules.iter().any(Option::is_some) { rules } else { Vec::new() },
            sets: if sets.iter().any(Option::is_some) { sets } else { Vec::new() },
        }
    }

    /// For a chain read from a node before `path` and back to it (a removing discontinuous
    /// loop): a link with nothing kept at each end.
    fn pad(&mut self) {
        if !self.rules.is_empty() {
            self.rules.insert(0, None);
            self.rules.push(None);
        }
        if !self.sets.is_empty() {
            self.sets.insert(0, None);
            self.sets.push(None);
        }
    }
}

/// The deduction for a chain of graph nodes: node `i` is held false when `i` is even
/// (true if `start_on`), alternating after; `links` the links and what is kept for them (see
/// [`LinkNotes`]). The almost locked sets of its links are the pattern's sets too, and their
/// cells its cells, so that a board shows them.
fn deduction(
    graph: &Graph,
    id: &'static str,
    path: &[u16],
    (links, LinkNotes { rules, sets }): (Vec<Link>, LinkNotes),
    start_on: bool,
    placements: Vec<crate::deduction::Placement>,
    eliminations: Vec<Elimination>,
) -> Deduction {
    let mut digits = Candidates::EMPTY;
    let mut cells = CellSet::new();
    let nodes: Vec<Node> = path
        .iter()
        .enumerate()
        .map(|(i, &n)| {
            let node = &graph.nodes[n as usize];
            digits.insert(node.digit);
            cells = cells.union(&node.cells);
            Node { cells: node.cells.iter().collect(), digit: node.digit, on: (i % 2 == 1) != start_on }
        })
        .collect();
    let mut groups: Vec<CellGroup> = Vec::new();
    for set in sets.iter().flatten() {
        if !groups.contains(set) {
            cells = cells.union(&set.cells.iter().copied().collect());
            groups.push(set.clone());
        }
    }
    let chains = vec![Chain { nodes, links, rules, premises: Vec::new(), sets }];
    let pattern = Pattern { digits, cells: cells.iter().collect(), chains, sets: groups, ..Pattern::default() };
    Deduction { technique: id, placements, eliminations, pattern, search: None }
}

/// The first Remote Pair: the shortest (fewest cells), then by digit pair and start cell.
fn find_remote_pair(grid: &Grid) -> Option<Deduction> {
    let mut best = None;
    // Why a bound: only a shorter pair can come before the one found.
    walk_remote_pairs(grid, |path, eliminations, digits| {
        let most = path.len() - 1;
        best = Some((path, eliminations, digits));
        most
    });
    let (path, eliminations, digits) = best?;
    let pattern = remote_pair_pattern(&path, digits)?;
    Some(Deduction::elimination(ids::REMOTE_PAIR, eliminations, pattern))
}

/// Offers every Remote Pair that removes a candidate `targets` has open (see
/// [`remote_pair`]): every pair the walk meets, fewest cells first (a stable sort keeps the
/// walk's order among pairs of one length).
fn every_remote_pair(grid: &Grid, targets: &mut Targets, finds: &mut Finds) {
    let mut all = Vec::new();
    walk_remote_pairs(grid, |path, eliminations, digits| {
        all.push((path, eliminations, digits));
        usize::MAX
    });
    all.sort_by_key(|(path, ..)| path.len());
    for (path, eliminations, digits) in all {
        let Some(pattern) = remote_pair_pattern(&path, digits) else { continue };
        if targets.offer(finds, Deduction::elimination(ids::REMOTE_PAIR, eliminations, pattern)) {
            return;
        }
    }
}

/// Walks the Remote Pairs of `grid`: a breadth-first search from each start cell, in the
/// cells with the start's digit pair, digit pairs ascending, then start cells. Each end
/// after the start an odd number of steps from it (at least three) whose removals are not
/// empty goes to `visit` with its cells from start to end (a shortest path), its removals
/// and its two digits; `visit` returns the most cells a pair still to come may have, and
/// the searches stop short of longer ones.
fn walk_remote_pairs(grid: &Grid, mut visit: impl FnMut(Vec<CellId>, Vec<Elimination>, Candidates) -> usize) {
    let layout = grid.layout();
    let count = layout.cell_count();
    // Bivalue cells by their digit pair.
    let mut pairs: Vec<(u16, CellId)> =
        (0..count).filter(|&c| grid.candidates(c).len() == 2).map(|c| (grid.candidates(c).bits(), c)).collect();
    if pairs.len() < 4 {
        return;
    }
    pairs.sort_unstable();
    let mut most = usize::MAX;
    let mut dist = vec![usize::MAX; count];
    let mut parent = vec![usize::MAX; count];
    let mut queue: Vec<CellId> = Vec::new();
    for group in pairs.chunk_by(|a, b| a.0 == b.0) {
        if group.len() < 4 {
            continue;
        }
        let digits = Candidates::from_bits(group[0].0);
        let set: CellSet = group.iter().map(|&(_, c)| c).collect();
        let holders = digits.iter().fold(CellSet::new(), |acc, d| acc.union(grid.digit_cells(d)));
        for &(_, start) in group {
            for &(_, c) in group {
                dist[c] = usize::MAX;
            }
            dist[start] = 0;
            queue.clear();
            queue.push(start);
            let mut head = 0;
            'search: while head < queue.len() {
                let cell = queue[head];
                head += 1;
                let steps = dist[cell] + 1;
                if steps + 1 > most {
                    break;
                }
                for next in layout.peer_set(cell).intersection(&set).iter() {
                    if dist[next] != usize::MAX {
                        continue;
                    }
                    dist[next] = steps;
                    parent[next] = cell;
                    queue.push(next);
                    // Why odd and at least three: cells an odd number of steps apart hold
                    // different digits of the pair; one step apart is a naked pair.
                    if steps < 3 || steps % 2 == 0 || next < start {
                        continue;
                    }
                    let mut path = vec![next];
                    while *path.last().unwrap() != start {
                        path.push(parent[*path.last().unwrap()]);
                    }
                    let on_path: CellSet = path.iter().copied().collect();
                    let seen = layout.common_peers([start, next]).intersection(&holders).difference(&on_path);
                    let mut eliminations = Vec::new();
                    for cell in seen.iter() {
                        for digit in digits.iter().filter(|&d| grid.has_candidate(cell, d)) {
                            eliminations.push(Elimination { cell, digit, via: layout.rule_needed(cell, [start, next]) });
                        }
                    }
                    if !eliminations.is_empty() {
                        path.reverse();
                        most = visit(path, eliminations, digits);
                        if steps + 1 > most {
                            break 'search;
                        }
                    }
                }
            }
        }
    }
}

/// Builds the pattern of a Remote Pair: its cells `path`, start to end, with `digits`.
fn remote_pair_pattern(path: &[CellId], digits: Candidates) -> Option<Pattern> {
    // The chain for the first digit: (a)X1 = (b)X1 - (b)X2 = (a)X2 - (a)X3 = ...
    let mut it = digits.iter();
    let (a, b) = (it.next()?, it.next()?);
    let mut nodes = Vec::with_capacity(2 * path.len());
    let mut links = Vec::with_capacity(2 * path.len());
    for (i, &cell) in path.iter().enumerate() {
        let (enter, leave): (Digit, Digit) = if i % 2 == 0 { (a, b) } else { (b, a) };
        if i > 0 {
            links.push(Link::Weak);
        }
        nodes.push(Node { cells: vec![cell], digit: enter, on: false });
        nodes.push(Node { cells: vec![cell], digit: leave, on: true });
        links.push(Link::Strong);
    }
    let mut cells = path.to_vec();
    cells.sort_unstable();
    Some(Pattern { digits, cells, chains: vec![Chain { nodes, links, rules: Vec::new(), premises: Vec::new(), sets: Vec::new() }], ..Pattern::default() })
}

#[cfg(test)]
mod tests;
