//! Chains and loops: Remote Pair, X-Chain, XY-Chain, Continuous and Discontinuous Nice Loops,
//! AIC, and their grouped forms (guides `strategies/<id>.md`).
//!
//! Links. A strong link joins two candidates of which at least one is true: the only two
//! places of a digit in a house (a conjugate pair), or the two candidates of a bivalue cell.
//! A weak link joins two candidates of which at most one is true: two candidates of one
//! cell, or one digit in two cells that see each other. Only houses make strong links;
//! variant rules (anti-knight, anti-king) only make more cells see each other, so they add
//! weak links, and a removal that needs such sight names the rule. Grouped techniques also
//! use group nodes: a digit in the two or more cells of a box-line intersection holding it,
//! true when the digit is in one of them. A house whose places for the digit fall into two
//! such parts (or one part and one cell) links them strongly; a cell that sees every cell
//! of a group, or two groups that see each other entirely, are linked weakly.
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
use super::fire_found;
use crate::deduction::{Chain, Deduction, Elimination, Link, Node, Pattern};
use crate::grid::{Candidates, CellSet, Digit, Grid};
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
    misses: RefCell<[Option<Miss>; 2]>,
}

/// Runs `f` with this thread's chain caches.
#[inline]
fn with_cache<R>(f: impl FnOnce(&Cache) -> R) -> R {
    super::caches::with(|c| f(&c.chains))
}

techniques! {
    family: Chains;
    REMOTE_PAIR = "remote-pair", "Remote Pair", 45, |g, f| crate::strategies::legacy(g, f, remote_pair);
    X_CHAIN = "x-chain", "X-Chain", 65, |g, f| crate::strategies::legacy(g, f, x_chain);
    XY_CHAIN = "xy-chain", "XY-Chain", 66, |g, f| crate::strategies::legacy(g, f, xy_chain);
    CONTINUOUS_NICE_LOOP = "continuous-nice-loop", "Continuous Nice Loop", 70, |g, f| crate::strategies::legacy(g, f, continuous_nice_loop);
    AIC = "aic", "AIC", 70, |g, f| crate::strategies::legacy(g, f, aic);
    DISCONTINUOUS_NICE_LOOP = "discontinuous-nice-loop", "Discontinuous Nice Loop", 70, |g, f| crate::strategies::legacy(g, f, discontinuous_nice_loop);
    GROUPED_CONTINUOUS_NICE_LOOP = "grouped-continuous-nice-loop", "Grouped Continuous Nice Loop", 72, |g, f| crate::strategies::legacy(g, f, grouped_continuous_nice_loop);
    GROUPED_AIC = "grouped-aic", "Grouped AIC", 72, |g, f| crate::strategies::legacy(g, f, grouped_aic);
    GROUPED_DISCONTINUOUS_NICE_LOOP = "grouped-discontinuous-nice-loop", "Grouped Discontinuous Nice Loop", 72, |g, f| crate::strategies::legacy(g, f, grouped_discontinuous_nice_loop);
}

/// The most nodes a chain or loop may have. Why: longer chains are rarely needed before
/// the harder techniques, are hard to follow, and cost search time.
pub const MAX_NODES: usize = 16;

/// Bivalue cells with the same two digits, each seeing the next: the digits alternate along
/// the chain, so a cell that sees two cells an odd number of steps apart (at least three)
/// loses both digits.
pub fn remote_pair(grid: &mut Grid) -> bool {
    let found = find_remote_pair(grid);
    fire_found(grid, found)
}

/// An alternating chain of one digit through conjugate pairs: a cell seeing both ends loses
/// the digit.
pub fn x_chain(grid: &mut Grid) -> bool {
    let found = find_x_chain(grid);
    fire_found(grid, found)
}

/// A chain of bivalue cells, each seeing the next through a shared digit, starting and
/// ending with the same digit: a cell seeing both ends loses it.
pub fn xy_chain(grid: &mut Grid) -> bool {
    let found = find_xy_chain(grid);
    fire_found(grid, found)
}

/// An alternating loop: every weak link in it holds exactly one true node, which removes
/// the digit from cells seeing both nodes (or the other candidates of a cell linked inside).
pub fn continuous_nice_loop(grid: &mut Grid) -> bool {
    let found = trio(grid, false, CONTINUOUS);
    fire_found(grid, found)
}

/// An alternating inference chain with ends in two cells: a candidate weakly linked to both
/// ends is removed.
pub fn aic(grid: &mut Grid) -> bool {
    let found = trio(grid, false, AIC);
    fire_found(grid, found)
}

/// A loop alternating everywhere but at one candidate: placed if two strong links meet
/// there, removed if two weak links do.
pub fn discontinuous_nice_loop(grid: &mut Grid) -> bool {
    let found = trio(grid, false, DISCONTINUOUS);
    fire_found(grid, found)
}

/// A Continuous Nice Loop through at least one group node.
pub fn grouped_continuous_nice_loop(grid: &mut Grid) -> bool {
    let found = trio(grid, true, CONTINUOUS);
    fire_found(grid, found)
}

/// An AIC through at least one group node.
pub fn grouped_aic(grid: &mut Grid) -> bool {
    let found = trio(grid, true, AIC);
    fire_found(grid, found)
}

/// A Discontinuous Nice Loop through at least one group node.
pub fn grouped_discontinuous_nice_loop(grid: &mut Grid) -> bool {
    let found = trio(grid, true, DISCONTINUOUS);
    fire_found(grid, found)
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
    let graph = Graph::build(grid, Options { conjugate: true, bivalue: false, groups: false, digit: Some(digit), links: false });
    let mut any_hit = false;
    let found = graph.search(|s, e| graph.hit(s, e, false), false, 2, MAX_LAYER, |found| {
        any_hit = true;
        let deduction = chain_deduction(&graph, ids::X_CHAIN, found.iter().filter(|h| !graph.overlap(h.start, h.end)))?;
        Some((found[0].layer, deduction))
    });
    with_cache(|c| c.x_misses.borrow_mut().record(grid, digit, !any_hit));
    found
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
    // Why: as for the AIC family (see `find_trio`), after a search with no hit only the
    // chains through a new bivalue cell can prove something.
    let options = Options { conjugate: false, bivalue: true, groups: false, digit: None, links: false };
    let fresh = with_cache(|c| c.xy_miss.borrow().as_ref().and_then(|miss| miss.fresh(grid, options)));
    if fresh.as_ref().is_some_and(|f| f.iter().all(CellSet::is_empty)) {
        return None;
    }
    let mut graph = Graph::build(grid, options);
    if let Some(fresh) = &fresh {
        graph.restrict_starts(fresh);
    }
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
/// group node) of a position, for the techniques `wanted`, from one breadth-first search:
/// each technique takes the first layer where it has a valid chain, exactly as if searched
/// alone. The search stops as soon as technique `needed` has its result (the solver applies
/// it, so the others are not asked about this position); a result is `None` when the search
/// stopped before it was known, `Some(None)` when there is nothing to find.
fn find_trio(grid: &Grid, grouped: bool, wanted: [bool; 3], needed: usize) -> [Option<Option<Deduction>>; 3] {
    // Why: most searches reach no pair that passes `hit` at all, and the next positions
    // often have few strong links that position lacked; only chains through those can prove
    // something (see `Miss::fresh`), so only their starts are searched, and with no such
    // link neither the graph nor the search is needed.
    let slot = usize::from(grouped);
    let options = Options { conjugate: true, bivalue: true, groups: grouped, digit: None, links: true };
    let fresh = with_cache(|c| c.misses.borrow()[slot].as_ref().and_then(|miss| miss.fresh(grid, options)));
    if fresh.as_ref().is_some_and(|f| f.iter().all(CellSet::is_empty)) {
        return [Some(None), Some(None), Some(None)];
    }
    let mut graph = Graph::build(grid, options);
    if let Some(fresh) = &fresh {
        graph.restrict_starts(fresh);
    }
    let ids = IDS[slot];
    // Pairs with a candidate weakly linked to both ends, plus each cell node with itself (a
    // chain returning to its start places it). Loops close on weakly linked pairs of these.
    let hit = |s: usize, e: usize| if s == e { !graph.nodes[s].group } else { graph.hit(s, e, true) };
    let mut results: [Option<Deduction>; 3] = [None, None, None];
    let mut any_hit = false;
    let stopped = graph.search(hit, grouped, 2, MAX_LAYER, |found| {
        any_hit = true;
        if wanted[CONTINUOUS] && results[CONTINUOUS].is_none() {
            results[CONTINUOUS] = found.iter().filter(|h| h.start != h.end && graph.weakly_linked(h.start, h.end)).find_map(|hit| {
                let path = graph.chain(hit).filter(|p| graph.is_simple(p))?;
                let eliminations = loop_eliminations(&graph, &path);
                if eliminations.is_empty() {
                    return None;
                }
                let links = alternating(path.len(), Link::Strong);
                Some(deduction(&graph, ids[CONTINUOUS], &path, links, false, Vec::new(), eliminations))
            });
        }
        if wanted[AIC] && results[AIC].is_none() {
            let chains = found.iter().filter(|h| h.start != h.end && !graph.overlap(h.start, h.end));
            results[AIC] = chain_deduction(&graph, ids[AIC], chains);
        }
        if wanted[DISCONTINUOUS] && results[DISCONTINUOUS].is_none() {
            let placements = found.iter().filter(|h| h.start == h.end);
            let removals = found.iter().filter(|h| h.start != h.end && 2 * h.layer < MAX_NODES);
            results[DISCONTINUOUS] = placements.chain(removals).find_map(|hit| discontinuous(&graph, ids[DISCONTINUOUS], hit));
        }
        (results[needed].is_some() || results.iter().zip(wanted).all(|(r, w)| r.is_some() || !w)).then_some(())
    });
    if !any_hit {
        with_cache(|c| c.misses.borrow_mut()[slot].get_or_insert_with(Miss::default).record(grid));
    }
    results.map(|r| if r.is_some() || stopped.is_none() { Some(r) } else { None })
}

/// The first of `hits` that rebuilds into a chain: a deduction removing the candidates
/// weakly linked to both ends.
fn chain_deduction<'h>(graph: &Graph, id: &'static str, mut hits: impl Iterator<Item = &'h Hit>) -> Option<Deduction> {
    hits.find_map(|hit| {
        let path = graph.chain(hit).filter(|p| graph.is_simple(p))?;
        let eliminations = off_chain(graph, &path, graph.common_targets(hit.start, hit.end));
        if eliminations.is_empty() {
            return None;
        }
        let links = alternating(path.len() - 1, Link::Strong);
        Some(deduction(graph, id, &path, links, false, Vec::new(), eliminations))
    })
}

/// The Discontinuous Nice Loop of a hit: the start placed if the chain returns to it, else
/// the first candidate weakly linked to both ends (and not on the chain) removed, the loop
/// written from it.
fn discontinuous(graph: &Graph, id: &'static str, hit: &Hit) -> Option<Deduction> {
    let mut path = graph.chain(hit)?;
    if hit.start == hit.end {
        // start = ... = start: two strong links meet at the start.
        path.pop();
        if !graph.is_simple(&path) {
            return None;
        }
        let node = &graph.nodes[hit.start as usize];
        let placements = vec![crate::deduction::Placement { cell: node.cell, digit: node.digit }];
        let links = alternating(path.len(), Link::Strong);
        return Some(deduction(graph, id, &path, links, false, placements, Vec::new()));
    }
    if !graph.is_simple(&path) {
        return None;
    }
    let target = off_chain(graph, &path, graph.common_targets(hit.start, hit.end)).into_iter().next()?;
    // target - start = ... = end - target: two weak links meet at the target.
    let links = alternating(path.len() + 1, Link::Weak);
    let first = Node { cells: vec![target.cell], digit: target.digit, on: true };
    let mut d = deduction(graph, id, &path, links, false, Vec::new(), vec![target]);
    d.pattern.chains[0].nodes.insert(0, first);
    d.pattern.digits.insert(target.digit);
    if !d.pattern.cells.contains(&target.cell) {
        d.pattern.cells.push(target.cell);
        d.pattern.cells.sort_unstable();
    }
    Some(d)
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
/// its first): for every weak link, the candidates weakly linked to both of its nodes.
fn loop_eliminations(graph: &Graph, path: &[u16]) -> Vec<Elimination> {
    let mut out: Vec<Elimination> = Vec::new();
    let weak_links = (1..path.len() - 1).step_by(2).map(|i| (path[i], path[i + 1])).chain([(path[path.len() - 1], path[0])]);
    for (a, b) in weak_links {
        for e in off_chain(graph, path, graph.common_targets(a, b)) {
            if !out.iter().any(|o| o.cell == e.cell && o.digit == e.digit) {
                out.push(e);
            }
        }
    }
    out.sort_by_key(|e| (e.cell, e.digit));
    out
}

/// The deduction for a chain of graph nodes: node `i` is held false when `i` is even
/// (true if `start_on`), alternating after.
fn deduction(
    graph: &Graph,
    id: &'static str,
    path: &[u16],
    links: Vec<Link>,
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
    let pattern = Pattern { digits, cells: cells.iter().collect(), chains: vec![Chain { nodes, links }], ..Pattern::default() };
    Deduction { technique: id, placements, eliminations, pattern, search: None }
}

/// The first Remote Pair: the shortest (fewest cells), then by digit pair and start cell.
fn find_remote_pair(grid: &Grid) -> Option<Deduction> {
    let (path, eliminations, digits) = shortest_remote_pair(grid)?;
    let pattern = remote_pair_pattern(&path, digits)?;
    Some(Deduction::elimination(ids::REMOTE_PAIR, eliminations, pattern))
}

/// The shortest Remote Pair (see [`find_remote_pair`]): its cells from start to end, its
/// removals and its two digits. A breadth-first search from each start cell, in the cells
/// with the start's digit pair.
fn shortest_remote_pair(grid: &Grid) -> Option<(Vec<CellId>, Vec<Elimination>, Candidates)> {
    let layout = grid.layout();
    let count = layout.cell_count();
    // Bivalue cells by their digit pair.
    let mut pairs: Vec<(u16, CellId)> =
        (0..count).filter(|&c| grid.candidates(c).len() == 2).map(|c| (grid.candidates(c).bits(), c)).collect();
    if pairs.len() < 4 {
        return None;
    }
    pairs.sort_unstable();
    let mut best: Option<(usize, Vec<CellId>, Vec<Elimination>, Candidates)> = None;
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
            while head < queue.len() {
                let cell = queue[head];
                head += 1;
                let steps = dist[cell] + 1;
                if best.as_ref().is_some_and(|b| steps + 1 >= b.0) {
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
                        best = Some((path.len(), path, eliminations, digits));
                        break;
                    }
                }
            }
        }
    }
    let (_, path, eliminations, digits) = best?;
    Some((path, eliminations, digits))
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
    Some(Pattern { digits, cells, chains: vec![Chain { nodes, links }], ..Pattern::default() })
}

#[cfg(test)]
mod tests;
