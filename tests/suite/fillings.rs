//! Relation Fillings and Sum Combinations against a brute force written apart from them: on
//! random candidates in a small cluster of cells joined by dots and marks, Relation Fillings
//! removes exactly what trying every assignment of every group of the cluster says, from the
//! first group (smallest, then by its cells) where that removes anything; on one random
//! weighted sum, Sum Combinations removes exactly what trying every assignment of its cells
//! says.

use std::collections::BTreeSet;
use std::sync::Arc;

use deduku::constraints::{Constraint, Relation};
use deduku::generate::Rng;
use deduku::layout::LayoutSpec;
use deduku::strategies::{by_id, ids};
use deduku::{Candidates, Cell, CellId, Digit, Grid, Layout, Rule, Rules};

/// The relations the cluster's joins are drawn from, with the rule each belongs to.
const JOINS: [(Rule, Relation); 5] = [
    (Rule::KropkiWhite, Relation::Difference(1)),
    (Rule::KropkiBlack, Relation::Ratio(2)),
    (Rule::Xv, Relation::Sum(10)),
    (Rule::Xv, Relation::Sum(5)),
    (Rule::MinMax, Relation::Less),
];

/// A position: its grid, the cluster's cells and the joined pairs.
struct Position {
    grid: Grid,
    cluster: Vec<CellId>,
    joins: Vec<[CellId; 2]>,
}

/// Orthogonal neighbours on a 9x9 grid.
fn touching(a: CellId, b: CellId) -> bool {
    let (ra, ca, rb, cb) = (a / 9, a % 9, b / 9, b % 9);
    ra.abs_diff(rb) + ca.abs_diff(cb) == 1
}

/// A random candidate set of 1 to 9 digits, each kept with probability `keep` in 8.
fn random_candidates(rng: &mut Rng, keep: usize) -> Candidates {
    loop {
        let set: Candidates = (1..=9).filter(|_| rng.below(8) < keep).collect();
        if !set.is_empty() {
            return set;
        }
    }
}

/// A cluster of 3 or 4 cells grown from a random cell, each new cell joined to the one it
/// grew from; touching cells not yet joined are joined half the time (a 2x2 may close a
/// loop). Sometimes under anti-king, so that diagonal neighbours see each other too.
fn position(rng: &mut Rng) -> Position {
    let size = 3 + rng.below(2);
    let mut cluster = vec![rng.below(81)];
    let mut joins = Vec::new();
    while cluster.len() < size {
        let from = cluster[rng.below(cluster.len())];
        let (r, c) = (from / 9, from % 9);
        let around = [(r > 0).then(|| from - 9), (r < 8).then(|| from + 9), (c > 0).then(|| from - 1), (c < 8).then(|| from + 1)];
        let Some(to) = around[rng.below(4)] else { continue };
        if !cluster.contains(&to) {
            cluster.push(to);
            joins.push([from, to]);
        }
    }
    for (i, &a) in cluster.iter().enumerate() {
        for &b in &cluster[i + 1..] {
            if touching(a, b) && !joins.iter().any(|j| j.contains(&a) && j.contains(&b)) && rng.below(2) == 0 {
                joins.push([a, b]);
            }
        }
    }
    let mut rules = if rng.below(4) == 0 { Rules::classic().with(Rule::AntiKing) } else { Rules::classic() };
    let mut constraints = Vec::new();
    for &cells in &joins {
        let (rule, relation) = JOINS[rng.below(JOINS.len())];
        rules = rules.with(rule);
        constraints.push(Constraint::Pair { rule, cells, relation, holds: true });
    }
    let layout = Arc::new(LayoutSpec { rules, constraints, ..LayoutSpec::new(9) }.build().unwrap());
    let keep = 2 + rng.below(5);
    let cells = (0..81)
        .map(|c| Cell::Unsolved(if cluster.contains(&c) { random_candidates(rng, keep) } else { random_candidates(rng, 7) }))
        .collect();
    let grid = Grid::from_position(layout, cells, &[false; 81]).unwrap();
    Position { grid, cluster, joins }
}

/// Whether the cells are connected through the joins among them.
fn connected(cells: &[CellId], joins: &[[CellId; 2]]) -> bool {
    let mut reached = vec![cells[0]];
    let mut at = 0;
    while at < reached.len() {
        let c = reached[at];
        for j in joins.iter().filter(|j| j.contains(&c)) {
            let other = if j[0] == c { j[1] } else { j[0] };
            if cells.contains(&other) && !reached.contains(&other) {
                reached.push(other);
            }
        }
        at += 1;
    }
    reached.len() == cells.len()
}

/// Whether two cells may hold these digits: they are not equal peers, and every pair
/// constraint on the two allows them.
fn compatible(layout: &Layout, a: CellId, d: Digit, b: CellId, e: Digit) -> bool {
    if d == e && layout.sees(a, b) {
        return false;
    }
    layout.constraints().iter().all(|c| match c {
        Constraint::Pair { cells: [x, y], .. } if (*x, *y) == (a, b) => c.allows(d, e),
        Constraint::Pair { cells: [x, y], .. } if (*x, *y) == (b, a) => c.allows(e, d),
        _ => true,
    })
}

/// Every assignment of the group's candidates that every pair of its cells allows.
fn all_fillings(grid: &Grid, group: &[CellId]) -> Vec<Vec<Digit>> {
    let mut out: Vec<Vec<Digit>> = vec![Vec::new()];
    for &cell in group {
        out = out.into_iter().flat_map(|partial| grid.candidates(cell).iter().map(move |d| [partial.clone(), vec![d]].concat())).collect();
    }
    out.retain(|f| (0..group.len()).all(|i| (i + 1..group.len()).all(|j| compatible(grid.layout(), group[i], f[i], group[j], f[j]))));
    out
}

/// What a group's fillings remove: candidates of its cells in no filling, and each digit in
/// every filling from the cells outside the group that see all its places.
fn removals(grid: &Grid, group: &[CellId]) -> BTreeSet<(CellId, Digit)> {
    let fillings = all_fillings(grid, group);
    if fillings.is_empty() {
        return BTreeSet::new();
    }
    removals_of(grid, group, &fillings)
}

/// What the fillings `fillings` of a group remove: candidates of its cells in none of them,
/// and each digit in all of them from the cells outside the group that see all its places.
fn removals_of(grid: &Grid, group: &[CellId], fillings: &[Vec<Digit>]) -> BTreeSet<(CellId, Digit)> {
    let mut out = BTreeSet::new();
    for (i, &cell) in group.iter().enumerate() {
        for d in grid.candidates(cell).iter() {
            if !fillings.iter().any(|f| f[i] == d) {
                out.insert((cell, d));
            }
        }
    }
    for d in 1..=9 {
        if !fillings.iter().all(|f| f.contains(&d)) {
            continue;
        }
        let places: Vec<CellId> = (0..group.len()).filter(|&i| fillings.iter().any(|f| f[i] == d)).map(|i| group[i]).collect();
        for cell in (0..81).filter(|c| !group.contains(c) && grid.has_candidate(*c, d)) {
            if places.iter().all(|&p| grid.layout().sees(cell, p)) {
                out.insert((cell, d));
            }
        }
    }
    out
}

/// What the brute force removes: the removals of the first connected group (by size, then
/// by its sorted cells) that removes anything.
fn brute_force(p: &Position) -> BTreeSet<(CellId, Digit)> {
    let n = p.cluster.len();
    let mut groups: Vec<Vec<CellId>> = (1u32..1 << n)
        .map(|mask| {
            let mut cells: Vec<CellId> = (0..n).filter(|i| mask >> i & 1 == 1).map(|i| p.cluster[i]).collect();
            cells.sort_unstable();
            cells
        })
        .filter(|cells| cells.len() >= 2 && connected(cells, &p.joins))
        .collect();
    groups.sort_by(|a, b| (a.len(), a).cmp(&(b.len(), b)));
    groups.iter().map(|g| removals(&p.grid, g)).find(|r| !r.is_empty()).unwrap_or_default()
}

#[test]
fn fillings_remove_what_trying_every_assignment_removes() {
    let technique = by_id(ids::RELATION_FILLINGS).unwrap();
    let mut rng = Rng::new(20);
    let (mut fired, mut outside) = (0, 0);
    for n in 0..3000 {
        let p = position(&mut rng);
        let expected = brute_force(&p);
        let mut grid = p.grid.clone();
        let found: BTreeSet<(CellId, Digit)> = if (technique.run)(&mut grid) {
            grid.journal().last().unwrap().eliminations.iter().map(|e| (e.cell, e.digit)).collect()
        } else {
            BTreeSet::new()
        };
        assert_eq!(found, expected, "position {n}: {}", deduku::formats::to_candidate_line(&p.grid));
        fired += usize::from(!found.is_empty());
        outside += usize::from(found.iter().any(|(c, _)| !p.cluster.contains(c)));
    }
    // Why: a brute force that agrees only by never finding anything proves nothing.
    assert!(fired > 300 && outside > 30, "{fired} positions fired, {outside} with removals outside the group");
}


/// A position for Sum Combinations: a 9x9 grid with one weighted sum of 2 to 5 cells
/// anywhere (weights 1, or for one position in four a circle of weight -1, as arrows make
/// them), whose total some random digits give, and random candidates everywhere.
fn sum_position(rng: &mut Rng) -> (Grid, Vec<CellId>, Vec<i32>, i32) {
    let n = 2 + rng.below(4);
    let mut cells: Vec<CellId> = Vec::new();
    while cells.len() < n {
        let c = rng.below(81);
        if !cells.contains(&c) {
            cells.push(c);
        }
    }
    let mut weights = vec![1; n];
    if rng.below(4) == 0 {
        weights[0] = -1;
    }
    let total: i32 = weights.iter().map(|w| w * (1 + rng.below(9) as i32)).sum();
    let constraints = vec![Constraint::Sum { rule: Rule::LittleKiller, cells: cells.clone(), weights: weights.clone(), total }];
    let rules = Rules::classic().with(Rule::LittleKiller);
    let layout = Arc::new(LayoutSpec { rules, constraints, ..LayoutSpec::new(9) }.build().unwrap());
    let keep = 3 + rng.below(4);
    let cands = (0..81).map(|c| Cell::Unsolved(if cells.contains(&c) { random_candidates(rng, keep) } else { random_candidates(rng, 6) })).collect();
    (Grid::from_position(layout, cands, &[false; 81]).unwrap(), cells, weights, total)
}

/// Sum Combinations against every assignment of the sum's cells: it removes exactly the
/// candidates no filling (terms making the total, peers different) uses, and each digit
/// every filling holds from the cells outside the sum that see all its places; and nothing
/// when no filling exists (a contradiction, left to the solver).
#[test]
fn sum_combinations_remove_what_trying_every_assignment_removes() {
    let technique = by_id("sum-combinations").unwrap();
    let mut rng = Rng::new(21);
    let (mut fired, mut outside) = (0, 0);
    for n in 0..3000 {
        let (grid, cells, weights, total) = sum_position(&mut rng);
        let mut fillings = all_fillings(&grid, &cells);
        fillings.retain(|f| f.iter().zip(&weights).map(|(&d, &w)| i32::from(d) * w).sum::<i32>() == total);
        let expected = if fillings.is_empty() { BTreeSet::new() } else { removals_of(&grid, &cells, &fillings) };
        let mut after = grid.clone();
        let found: BTreeSet<(CellId, Digit)> =
            if (technique.run)(&mut after) { after.journal().last().unwrap().eliminations.iter().map(|e| (e.cell, e.digit)).collect() } else { BTreeSet::new() };
        assert_eq!(found, expected, "position {n}: cells {cells:?}, weights {weights:?}, total {total}: {}", deduku::formats::to_candidate_line(&grid));
        fired += usize::from(!found.is_empty());
        outside += usize::from(found.iter().any(|(c, _)| !cells.contains(c)));
    }
    assert!(fired > 300 && outside > 30, "{fired} positions fired, {outside} with removals outside the sum");
}
