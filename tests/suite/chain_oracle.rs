//! Chains against a plain oracle: every alternating chain of candidates up to a length
//! bound, enumerated one simple path at a time (no graph, no memo, no shortest-path trick),
//! and the removals each proves. Whatever the oracle proves within the bound, the technique
//! of the same pattern must list among its instances (it may prove it with a shorter or
//! another chain); and everything the technique lists must be something an alternating chain
//! of the same kind proves (the oracle, given the technique's own bound).
//!
//! Positions: every position of default logical solves of kept hard puzzles (classic and
//! anti-knight), and random positions made from a random solution by keeping each other
//! candidate with some chance (denser in bivalue cells and conjugate pairs than real ones).

use crate::common;

use std::collections::BTreeSet;

use deduku::strategies::{find_all, ids};
use deduku::{Digit, Grid, Rule, Rules};

/// A candidate: (cell, digit).
type Cand = (usize, Digit);

/// Which links a kind of chain may use, and which chains count.
#[derive(Clone, Copy, Debug)]
enum Kind {
    /// One digit; strong links are conjugate pairs in a house.
    X(Digit),
    /// Bivalue cells only; strong links inside a cell, weak links between cells of one digit;
    /// both ends hold one digit.
    Xy,
    /// Any strong and weak links; the ends in two different cells.
    Aic,
}

/// The plain link tables of a position.
struct Links<'a> {
    grid: &'a Grid,
    cands: Vec<Cand>,
}

impl<'a> Links<'a> {
    fn new(grid: &'a Grid) -> Links<'a> {
        let layout = grid.layout();
        let mut cands = Vec::new();
        for cell in 0..layout.cell_count() {
            if grid.digit(cell).is_none() {
                cands.extend(grid.candidates(cell).iter().map(|d| (cell, d)));
            }
        }
        Links { grid, cands }
    }

    /// At most one of `a` and `b` is true: one cell, or one digit in cells that see each other.
    fn weak(&self, a: Cand, b: Cand) -> bool {
        a != b && ((a.0 == b.0) || (a.1 == b.1 && self.grid.layout().sees(a.0, b.0)))
    }

    /// At least one of `a` and `b` is true: a bivalue cell's two candidates, or the only two
    /// places of a digit in a house.
    fn strong(&self, a: Cand, b: Cand, kind: Kind) -> bool {
        if a == b {
            return false;
        }
        let bivalue = a.0 == b.0 && self.grid.candidates(a.0).len() == 2;
        let conjugate = a.1 == b.1 && a.0 != b.0 && {
            let layout = self.grid.layout();
            layout.houses().iter().any(|h| {
                let places: Vec<usize> = h.cells.iter().copied().filter(|&c| self.grid.digit(c).is_none() && self.grid.has_candidate(c, a.1)).collect();
                places.len() == 2 && places.contains(&a.0) && places.contains(&b.0)
            })
        };
        match kind {
            Kind::X(d) => a.1 == d && conjugate,
            Kind::Xy => bivalue,
            Kind::Aic => bivalue || conjugate,
        }
    }

    /// Whether `a` may be a node of a chain of `kind`.
    fn allowed(&self, a: Cand, kind: Kind) -> bool {
        match kind {
            Kind::X(d) => a.1 == d,
            Kind::Xy => self.grid.candidates(a.0).len() == 2,
            Kind::Aic => true,
        }
    }

    /// A weak link a chain of `kind` may use between two of its nodes.
    fn weak_for(&self, a: Cand, b: Cand, kind: Kind) -> bool {
        match kind {
            // Why apart: in an XY-Chain the cell's own two candidates are its strong link.
            Kind::Xy => a.0 != b.0 && a.1 == b.1 && self.weak(a, b),
            _ => self.weak(a, b),
        }
    }

    /// Every removal an alternating chain of `kind` with `min..=max` nodes proves: each
    /// candidate (not a node of the chain) weakly linked to both of its ends. Ends that a
    /// chain shorter than `min` also joins are left out: that chain proves the same removals
    /// and is a simpler technique's (two nodes are a locked pair of places, two bivalue
    /// cells a naked pair), which the technique with the minimum leaves to it.
    fn removals(&self, kind: Kind, min: usize, max: usize) -> BTreeSet<Cand> {
        let mut short = BTreeSet::new();
        self.chains(kind, 2, min - 2, &mut |path| {
            short.insert((path[0], path[path.len() - 1]));
        });
        let mut found = BTreeSet::new();
        self.chains(kind, min, max, &mut |path| {
            let (start, end) = (path[0], path[path.len() - 1]);
            if !short.contains(&(start, end)) && self.ends_count(kind, start, end) {
                found.extend(self.cands.iter().copied().filter(|&c| !path.contains(&c) && self.weak(c, start) && self.weak(c, end)));
            }
        });
        found
    }

    /// Calls `visit` with every alternating chain of `kind` with `min..=max` nodes, a simple
    /// path of candidates from a strong link to a strong link.
    fn chains(&self, kind: Kind, min: usize, max: usize, visit: &mut dyn FnMut(&[Cand])) {
        let nodes: Vec<Cand> = self.cands.iter().copied().filter(|&a| self.allowed(a, kind)).collect();
        let strong: Vec<Vec<Cand>> = nodes.iter().map(|&a| nodes.iter().copied().filter(|&b| self.strong(a, b, kind)).collect()).collect();
        let index = |a: Cand| nodes.iter().position(|&n| n == a).unwrap();
        let weak: Vec<Vec<Cand>> = nodes.iter().map(|&a| nodes.iter().copied().filter(|&b| self.weak_for(a, b, kind)).collect()).collect();
        let mut path = Vec::new();
        for (i, &start) in nodes.iter().enumerate() {
            for &next in &strong[i] {
                path.clear();
                path.extend([start, next]);
                extend(min, max, &mut path, &strong, &weak, &index, visit);
            }
        }
        // Why a free function: it recurses with the tables borrowed.
        fn extend(
            min: usize,
            max: usize,
            path: &mut Vec<Cand>,
            strong: &[Vec<Cand>],
            weak: &[Vec<Cand>],
            index: &dyn Fn(Cand) -> usize,
            visit: &mut dyn FnMut(&[Cand]),
        ) {
            if path.len() >= min {
                visit(path);
            }
            if path.len() + 2 > max {
                return;
            }
            let end = *path.last().unwrap();
            for &off in &weak[index(end)] {
                if path.contains(&off) {
                    continue;
                }
                for &on in &strong[index(off)] {
                    if !path.contains(&on) {
                        path.extend([off, on]);
                        extend(min, max, path, strong, weak, index, visit);
                        path.truncate(path.len() - 2);
                    }
                }
            }
        }
    }

    /// Whether a chain with these ends is one of `kind`.
    fn ends_count(&self, kind: Kind, start: Cand, end: Cand) -> bool {
        match kind {
            Kind::X(_) | Kind::Xy => start.1 == end.1,
            Kind::Aic => start.0 != end.0,
        }
    }
}

/// Why the deduction `d` of a chain technique holds, checked against the plain link tables:
/// its chain alternates strong and weak links of `kind`, from a strong link to a strong link,
/// through distinct candidates, and each removal is weakly linked to both ends; `None` when
/// it does, else what is wrong.
fn proof_fails(links: &Links, kind: Kind, d: &deduku::Deduction) -> Option<String> {
    let chain = d.pattern.chains.first()?;
    let nodes: Vec<Cand> = chain.nodes.iter().map(|n| (n.cells[0], n.digit)).collect();
    if chain.nodes.iter().any(|n| n.cells.len() != 1) || chain.is_loop() {
        return Some("a group node or a loop".into());
    }
    let distinct: BTreeSet<Cand> = nodes.iter().copied().collect();
    if distinct.len() != nodes.len() || nodes.len() % 2 != 0 {
        return Some("a repeated candidate or an odd count of nodes".into());
    }
    for (i, pair) in nodes.windows(2).enumerate() {
        let ok = if i % 2 == 0 { links.strong(pair[0], pair[1], kind) } else { links.weak_for(pair[0], pair[1], kind) };
        if !ok || !nodes.iter().all(|&n| links.allowed(n, kind)) {
            return Some(format!("link {i} is not {}", if i % 2 == 0 { "strong" } else { "weak" }));
        }
    }
    let (start, end) = (nodes[0], *nodes.last().unwrap());
    if !links.ends_count(kind, start, end) {
        return Some("its ends do not make a chain of its kind".into());
    }
    d.eliminations
        .iter()
        .map(|e| (e.cell, e.digit))
        .find(|&c| nodes.contains(&c) || !links.weak(c, start) || !links.weak(c, end))
        .map(|c| format!("r{}c{}<>{} is not weakly linked to both ends", c.0 / 9 + 1, c.0 % 9 + 1, c.1))
}

/// The positions the chain oracles run on.
fn positions() -> Vec<Grid> {
    let mut all = Vec::new();
    all.extend(common::solve_positions("generated-hard.txt", Rules::classic(), common::sample(50, 6)));
    all.extend(common::solve_positions("generated-hard-anti-knight.txt", Rules::classic().with(Rule::AntiKnight), common::sample(50, 6)));
    all.extend(common::random_positions(20, common::sample(40, 400), 20..45));
    all
}

/// Compares technique `id` with the oracle for `kinds` at
/// every position: every removal of a chain of `min..=max` nodes is listed, and every
/// instance listed is proved by its chain. Returns the number of oracle removals checked.
fn compare(id: &str, kinds: &[Kind], min: usize, max: usize, positions: &[Grid]) -> usize {
    let t = deduku::strategies::by_id(id).unwrap();
    let mut checked = 0;
    let mut missed = Vec::new();
    for grid in positions {
        let links = Links::new(grid);
        let want: BTreeSet<Cand> = kinds.iter().flat_map(|&k| links.removals(k, min, max)).collect();
        let found = find_all(t, grid);
        let line = deduku::formats::to_candidate_line(grid);
        for d in &found {
            // Why the chain's digit: an X-Chain's links are those of its one digit.
            let kind = match kinds[0] {
                Kind::X(_) => Kind::X(d.pattern.chains.first().map_or(0, |c| c.nodes[0].digit)),
                other => other,
            };
            let problem = proof_fails(&links, kind, d);
            assert!(problem.is_none(), "{id}: {} in {d:?} at {line}", problem.unwrap());
        }
        let got: BTreeSet<Cand> = found.iter().flat_map(|d| d.eliminations.iter().map(|e| (e.cell, e.digit))).collect();
        checked += want.len();
        for c in want.difference(&got) {
            missed.push(format!("{id} misses r{}c{}<>{} at {line}", c.0 / 9 + 1, c.0 % 9 + 1, c.1));
        }
    }
    assert!(missed.is_empty(), "{} misses, the first:\n{}", missed.len(), missed.iter().take(5).cloned().collect::<Vec<_>>().join("\n"));
    checked
}

/// Checks `id` against the oracle for `kinds` with `min..=max` nodes on the oracle positions.
fn check_chains(id: &str, kinds: &[Kind], min: usize, max: usize) {
    let positions = positions();
    let n = compare(id, kinds, min, max, &positions);
    eprintln!("{id}: {n} removals checked on {} positions", positions.len());
    assert!(n > 100, "{id}: only {n} removals checked");
}

#[test]
fn x_chains_find_every_removal_of_a_plain_enumeration() {
    check_chains(ids::X_CHAIN, &(1..=9).map(Kind::X).collect::<Vec<_>>(), 4, 10);
}

#[test]
fn xy_chains_find_every_removal_of_a_plain_enumeration() {
    check_chains(ids::XY_CHAIN, &[Kind::Xy], 6, 10);
}

#[test]
fn aics_find_every_removal_of_a_plain_enumeration() {
    check_chains(ids::AIC, &[Kind::Aic], 4, 8);
}

/// What nice loops of up to `max` nodes prove, by a plain enumeration of alternating chains
/// (see [`Links::chains`]): `(continuous removals, discontinuous placements, discontinuous
/// removals)`.
/// - Continuous: a chain whose last node is weakly linked to its first closes into a loop
///   (at least four nodes); every weak link of it, the closing one included, removes the
///   candidates weakly linked to both of its nodes, unless the two are strongly linked too.
/// - Discontinuous, placing: a chain from `s` whose last node is weakly linked to a candidate
///   strongly linked back to `s` (at least three nodes with it): `s` is true.
/// - Discontinuous, removing: a candidate weakly linked to both ends of a chain (at least
///   five nodes with it) is false; ends that a two-node chain joins are left out, as for the
///   AIC (see [`Links::removals`]).
fn loops(links: &Links, max: usize) -> [BTreeSet<Cand>; 3] {
    let kind = Kind::Aic;
    let mut out: [BTreeSet<Cand>; 3] = Default::default();
    let mut short = BTreeSet::new();
    links.chains(kind, 2, 2, &mut |path| {
        short.insert((path[0], path[1]));
    });
    links.chains(kind, 2, max, &mut |path| {
        let (start, end) = (path[0], path[path.len() - 1]);
        let off = |c: &Cand| !path.contains(c);
        if path.len() >= 4 && links.weak(end, start) {
            let mut pairs: Vec<(Cand, Cand)> = (1..path.len() - 1).step_by(2).map(|i| (path[i], path[i + 1])).collect();
            pairs.push((end, start));
            // Why not a weak link whose nodes are also strongly linked: that pair is locked
            // (a conjugate pair, a bivalue cell) and proves its removals with no loop.
            for (a, b) in pairs.into_iter().filter(|&(a, b)| !links.strong(a, b, kind)) {
                out[0].extend(links.cands.iter().copied().filter(|c| off(c) && links.weak(*c, a) && links.weak(*c, b)));
            }
        }
        if path.len() < max && links.cands.iter().any(|x| off(x) && links.weak(end, *x) && links.strong(*x, start, kind)) {
            out[1].insert(start);
        }
        if path.len() >= 4 && path.len() < max && !short.contains(&(start, end)) {
            out[2].extend(links.cands.iter().copied().filter(|c| off(c) && links.weak(*c, start) && links.weak(*c, end)));
        }
    });
    out
}

/// Continuous and Discontinuous Nice Loops list every removal (and placement) a plain
/// enumeration of loops of up to 8 nodes proves.
#[test]
fn nice_loops_find_everything_a_plain_enumeration_of_loops_proves() {
    let positions = positions();
    let (cnl, dnl) = (deduku::strategies::by_id(ids::CONTINUOUS_NICE_LOOP).unwrap(), deduku::strategies::by_id(ids::DISCONTINUOUS_NICE_LOOP).unwrap());
    let mut checked = [0; 3];
    let mut missed = Vec::new();
    for grid in &positions {
        let want = loops(&Links::new(grid), 8);
        let continuous = find_all(cnl, grid);
        let discontinuous = find_all(dnl, grid);
        let removed = |all: &[deduku::Deduction]| -> BTreeSet<Cand> { all.iter().flat_map(|d| d.eliminations.iter().map(|e| (e.cell, e.digit))).collect() };
        let placed: BTreeSet<Cand> = discontinuous.iter().flat_map(|d| d.placements.iter().map(|p| (p.cell, p.digit))).collect();
        let line = deduku::formats::to_candidate_line(grid);
        for (k, got) in [removed(&continuous), placed, removed(&discontinuous)].into_iter().enumerate() {
            checked[k] += want[k].len();
            for c in want[k].difference(&got) {
                let what = ["continuous loop misses", "discontinuous loop does not place", "discontinuous loop misses"][k];
                missed.push(format!("{what} r{}c{}{}{} at {line}", c.0 / 9 + 1, c.0 % 9 + 1, if k == 1 { "=" } else { "<>" }, c.1));
            }
        }
    }
    eprintln!("nice loops: (continuous removals, discontinuous placements, removals) checked: {checked:?} on {} positions", positions.len());
    assert!(missed.is_empty(), "{} misses, the first:\n{}", missed.len(), missed.iter().take(5).cloned().collect::<Vec<_>>().join("\n"));
    assert!(checked.iter().all(|&n| n > 50), "too few checked: {checked:?}");
}
