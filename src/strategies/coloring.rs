//! Colouring: Simple Colors (trap and wrap) and Multi Colors (guides
//! `strategies/simple-colors.md` and `strategies/multi-colors.md`).
//!
//! For one digit, a house where the digit has exactly two places is a conjugate pair: exactly
//! one of the two cells holds it. Pairs that share cells join into clusters, and each cluster
//! is coloured alternately with two colours, so that one colour is all true and the other all
//! false. Only houses make conjugate pairs; variant rules (anti-knight, anti-king) only make
//! more cells see each other, which helps the eliminations.
//!
//! Order: clusters (or pairs of clusters) with fewest cells first, then by digit, then by
//! their first cell. Within a cluster a wrap (a colour proven false) wins over a trap; within a
//! pair of clusters the wrap form wins over the trap form. Every instance comes in that order
//! too: each wrap and trap of every cluster (or pair) of every digit.

use std::cell::RefCell;

use super::memo::{DigitMemo, smallest};
use super::{Finds, caches};
use crate::deduction::{Colored, Deduction, Elimination, Pattern};
use crate::grid::{Candidates, CellSet, Digit, Grid};
use crate::layout::{CellId, Layout};
use crate::rules::Rule;

/// What the colouring techniques remember between calls, in their field of the per-thread
/// home ([`caches`](super::caches)).
#[derive(Default)]
pub(super) struct Cache {
    /// The first instance each colouring technique finds per digit (see
    /// [`memo`](super::memo)), the step being the smallest of them: a digit's clusters
    /// depend on its cells only.
    simple: RefCell<DigitMemo<Found>>,
    multi: RefCell<DigitMemo<Found>>,
}

techniques! {
    family: Coloring;
    SIMPLE_COLORS = "simple-colors", "Simple Colors", 52, simple_colors;
    MULTI_COLORS = "multi-colors", "Multi Colors", 56, multi_colors;
}

/// Colours one cluster of conjugate pairs at a time and looks for a colour that two of its
/// cells share while seeing each other (wrap: that colour is false), or for a cell outside
/// the cluster that sees both colours (trap: it loses the digit). Every instance: each wrap
/// and each trap of every cluster.
fn simple_colors(grid: &Grid, finds: &mut Finds) {
    smallest_first(|c| &c.simple, grid, finds, simple_colors_of);
}

/// Relates two clusters of the same digit: a cell of one colour that sees both colours of
/// the other cluster makes its colour false (wrap), and two colours of different clusters
/// that see each other cannot both be true, so a cell seeing both their partner colours
/// loses the digit (trap). Every instance: each wrap (a colour of either cluster seeing both
/// colours of the other) and each trap (a pair of colours seeing each other) of every pair
/// of clusters.
///
/// In the pattern, the first cluster has colours 0/1 and the second 2/3, oriented so that the
/// proof starts from colour 0: in a wrap, colour 0 is the colour proven false (one of its
/// cells sees both colours 2 and 3); in a trap, colours 0 and 2 see each other, so colour 1 or
/// colour 3 is true and the eliminated cells see both.
fn multi_colors(grid: &Grid, finds: &mut Finds) {
    smallest_first(|c| &c.multi, grid, finds, multi_colors_of);
}

/// A cluster of conjugate pairs of one digit, coloured: `colors[0]` holds the cluster's first
/// cell, and each pair has one cell of each colour.
#[derive(Clone, Debug)]
struct Cluster {
    digit: Digit,
    colors: [CellSet; 2],
    /// Every cell of the cluster, ascending.
    cells: Vec<CellId>,
    /// For each colour, the cells that see at least one cell of it.
    seen: [CellSet; 2],
}

impl Cluster {
    fn all(&self) -> CellSet {
        self.colors[0].union(&self.colors[1])
    }
}

/// The clusters of `digit`, fewest cells first, then by first cell. A cluster whose pairs
/// cannot be coloured in two colours (an odd loop: the grid has no solution) is left out.
fn clusters(grid: &Grid, digit: Digit) -> Vec<Cluster> {
    let layout = grid.layout();
    let houses = layout.houses().len();
    let mut out = Vec::new();
    let mut stack: Vec<CellId> = Vec::new();
    // Per house, the conjugate pair of the digit, if it has exactly two places there.
    let mut pairs: Vec<Option<(CellId, CellId)>> = vec![None; houses];
    let mut paired = CellSet::new();
    for (h, slot) in pairs.iter_mut().enumerate() {
        let places = layout.house_set(h).intersection(grid.digit_cells(digit));
        if places.len() == 2 {
            let mut it = places.iter();
            let (a, b) = (it.next().unwrap_or_default(), it.next().unwrap_or_default());
            *slot = Some((a, b));
            paired = paired.union(&places);
        }
    }
    let pair = |h: usize| pairs[h];
    let mut visited = CellSet::new();
    for start in paired.iter() {
        if visited.contains(start) {
            continue;
        }
        let mut colors = [CellSet::new(), CellSet::new()];
        let mut consistent = true;
        colors[0].insert(start);
        visited.insert(start);
        stack.push(start);
        while let Some(cell) = stack.pop() {
            let color = if colors[0].contains(cell) { 0 } else { 1 };
            for &h in layout.houses_of(cell) {
                let Some((a, b)) = pair(h) else { continue };
                let other = if a == cell { b } else { a };
                // Why: exactly one cell of a conjugate pair holds the digit, so the two
                // cells take opposite colours.
                if colors[color].contains(other) {
                    consistent = false;
                } else if !colors[1 - color].contains(other) {
                    colors[1 - color].insert(other);
                    visited.insert(other);
                    stack.push(other);
                }
            }
        }
        if consistent {
            let seen = colors.map(|set| set.iter().fold(CellSet::new(), |acc, c| acc.union(layout.peer_set(c))));
            let cells = colors[0].union(&colors[1]).iter().collect();
            out.push(Cluster { digit, colors, cells, seen });
        }
    }
    out.sort_by_key(|c| (c.cells.len(), c.cells[0]));
    out
}

/// What a colouring search found first for one digit: the size of its pattern (cells in its
/// clusters) and the deduction.
type Found = Option<(usize, Deduction)>;

/// The search of one digit: calls `visit` with each instance in order until it returns true;
/// whether it did.
type Search = fn(&Grid, Digit, &mut dyn FnMut(Deduction) -> bool) -> bool;

/// The size of a colouring pattern: its cells are those of its clusters.
fn size(deduction: &Deduction) -> usize {
    deduction.pattern.cells.len()
}

/// Offers the smallest of the first instances `search` finds per digit (searching only the
/// digits that changed since `memo` last saw them; the lower digit on a tie), then, if every
/// instance is wanted, every instance of every digit by size, then digit, then search order
/// (the first of those is the smallest, offered again and taken once).
fn smallest_first(memo: fn(&Cache) -> &RefCell<DigitMemo<Found>>, grid: &Grid, finds: &mut Finds, search: Search) {
    let first_of = |digit: Digit| {
        let mut first = None;
        search(grid, digit, &mut |d| {
            first = Some((size(&d), d));
            true
        });
        first
    };
    let best = caches::with(|c| smallest(&memo(&c.coloring).borrow_mut().by_digit(grid, first_of)).cloned());
    let Some(best) = best else { return };
    if finds.add(best) {
        return;
    }
    // Why not from the memo: it keeps one instance per digit.
    let mut all = Vec::new();
    for digit in 1..=grid.layout().size() as Digit {
        search(grid, digit, &mut |d| {
            all.push((size(&d), digit, d));
            false
        });
    }
    // Why stable: instances of one size and digit keep their search order.
    all.sort_by_key(|&(size, digit, _)| (size, digit));
    let _ = finds.add_all(all.into_iter().map(|(_, _, deduction)| deduction));
}

/// Among `set`, a cell that `cell` sees, preferring one it sees through a shared house; with
/// the variant rule needed otherwise.
fn witness(layout: &Layout, cell: CellId, set: &CellSet) -> Option<(CellId, Option<Rule>)> {
    let mut fallback = None;
    for other in set.iter().filter(|&o| layout.sees(cell, o)) {
        match layout.relation(cell, other).1 {
            None => return Some((other, None)),
            Some(rule) if fallback.is_none() => fallback = Some((other, Some(rule))),
            Some(_) => {}
        }
    }
    fallback
}

/// Two cells of `set` that see each other, preferring a pair sharing a house; with the rule
/// needed otherwise.
fn clash(layout: &Layout, set: &CellSet) -> Option<(CellId, CellId, Option<Rule>)> {
    let mut fallback = None;
    for a in set.iter() {
        let others = layout.peer_set(a).intersection(set);
        if let Some((b, rule)) = witness(layout, a, &others) {
            if rule.is_none() {
                return Some((a, b, None));
            }
            fallback = fallback.or(Some((a, b, rule)));
        }
    }
    fallback
}

/// Removes `digit` from every cell of `set`, each removal relying on `via`.
fn remove_all(set: &CellSet, digit: Digit, via: Option<Rule>) -> Vec<Elimination> {
    set.iter().map(|cell| Elimination { cell, digit, via }).collect()
}

/// The coloured candidates of the clusters, the first cluster taking colours 0/1, the next 2/3.
fn colored(clusters: &[(&Cluster, [usize; 2])]) -> Vec<Colored> {
    let mut out: Vec<Colored> = clusters
        .iter()
        .enumerate()
        .flat_map(|(i, (cluster, order))| {
            order.iter().enumerate().flat_map(move |(k, &side)| {
                cluster.colors[side].iter().map(move |cell| Colored { cell, digit: cluster.digit, color: (2 * i + k) as u8 })
            })
        })
        .collect();
    out.sort_by_key(|c| (c.cell, c.color));
    out
}

fn pattern(digit: Digit, clusters: &[(&Cluster, [usize; 2])]) -> Pattern {
    let mut cells: Vec<CellId> = clusters.iter().flat_map(|(c, _)| c.cells.iter().copied()).collect();
    cells.sort_unstable();
    Pattern { digits: Candidates::single(digit), cells, colors: colored(clusters), ..Pattern::default() }
}

/// The Simple Colors instances of `digit`, cluster by cluster (smallest first): the wraps,
/// then the trap.
fn simple_colors_of(grid: &Grid, digit: Digit, visit: &mut dyn FnMut(Deduction) -> bool) -> bool {
    let layout = grid.layout();
    for cluster in &clusters(grid, digit) {
        let natural = [(cluster, [0, 1])];
        // Wrap: if two cells of one colour see each other, that colour cannot be true (they
        // would both hold the digit), so the digit leaves every cell of that colour.
        for side in 0..2 {
            if cluster.seen[side].intersection(&cluster.colors[side]).is_empty() {
                continue;
            }
            if let Some((_, _, via)) = clash(layout, &cluster.colors[side]) {
                let eliminations = remove_all(&cluster.colors[side], digit, via);
                if visit(Deduction::elimination(ids::SIMPLE_COLORS, eliminations, pattern(digit, &natural))) {
                    return true;
                }
            }
        }
        // Trap: one colour is true, so a cell outside the cluster that sees a cell of each
        // colour sees the digit either way.
        let targets = cluster.seen[0].intersection(&cluster.seen[1]).difference(&cluster.all());
        let eliminations: Vec<Elimination> = targets
            .iter()
            .filter(|&cell| grid.has_candidate(cell, digit))
            .map(|cell| {
                let via = (0..2).find_map(|side| witness(layout, cell, &cluster.colors[side]).and_then(|(_, rule)| rule));
                Elimination { cell, digit, via }
            })
            .collect();
        if !eliminations.is_empty() && visit(Deduction::elimination(ids::SIMPLE_COLORS, eliminations, pattern(digit, &natural))) {
            return true;
        }
    }
    false
}

/// The Multi Colors instances of `digit`, pairs of clusters with fewest cells first: for each
/// pair the wraps, then the traps.
fn multi_colors_of(grid: &Grid, digit: Digit, visit: &mut dyn FnMut(Deduction) -> bool) -> bool {
    let layout = grid.layout();
    let all = clusters(grid, digit);
    let mut pairs: Vec<(usize, usize)> = Vec::new();
    for i in 0..all.len() {
        for j in i + 1..all.len() {
            pairs.push((i, j));
        }
    }
    pairs.sort_by_key(|&(i, j)| (all[i].cells.len() + all[j].cells.len(), i, j));
    for (i, j) in pairs {
        // Wrap: a cell of colour a that sees both colours of the other cluster sees the digit
        // whichever colour of that cluster is true, so it is false, and so is its whole colour.
        // Why two cells at least: with one, this is Simple Colors' trap on that cell.
        for (a, b) in [(&all[i], &all[j]), (&all[j], &all[i])] {
            for side in 0..2 {
                if a.colors[side].len() < 2 {
                    continue;
                }
                let hits = a.colors[side].intersection(&b.seen[0]).intersection(&b.seen[1]);
                let Some(via) = hits.iter().map(|x| wrap_rule(layout, x, b)).min_by_key(|r| r.is_some()) else { continue };
                let eliminations = remove_all(&a.colors[side], digit, via);
                let order = [(a, [side, 1 - side]), (b, [0, 1])];
                if visit(Deduction::elimination(ids::MULTI_COLORS, eliminations, pattern(digit, &order))) {
                    return true;
                }
            }
        }
        // Trap: if a cell of colour a1 sees a cell of colour b1, those two colours are not
        // both true, so a2 or b2 is; a cell outside both clusters that sees a2 and b2 loses the
        // digit.
        let (a, b) = (&all[i], &all[j]);
        let coloured = a.all().union(&b.all());
        for a1 in 0..2 {
            for b1 in 0..2 {
                if a.seen[a1].intersection(&b.colors[b1]).is_empty() {
                    continue;
                }
                let Some((_, _, link)) = cross_link(layout, &a.colors[a1], &b.colors[b1]) else { continue };
                let targets = a.seen[1 - a1].intersection(&b.seen[1 - b1]).difference(&coloured);
                let eliminations: Vec<Elimination> = targets
                    .iter()
                    .filter(|&cell| grid.has_candidate(cell, digit))
                    .map(|cell| {
                        let via = link.or_else(|| {
                            [(a, 1 - a1), (b, 1 - b1)]
                                .into_iter()
                                .find_map(|(c, side)| witness(layout, cell, &c.colors[side]).and_then(|(_, rule)| rule))
                        });
                        Elimination { cell, digit, via }
                    })
                    .collect();
                if !eliminations.is_empty() {
                    let order = [(a, [a1, 1 - a1]), (b, [b1, 1 - b1])];
                    if visit(Deduction::elimination(ids::MULTI_COLORS, eliminations, pattern(digit, &order))) {
                        return true;
                    }
                }
            }
        }
    }
    false
}

/// The rule `cell` needs to see a cell of each colour of `cluster` (None if houses suffice).
fn wrap_rule(layout: &Layout, cell: CellId, cluster: &Cluster) -> Option<Rule> {
    (0..2).find_map(|side| witness(layout, cell, &cluster.colors[side]).and_then(|(_, rule)| rule))
}

/// A cell of `a` and a cell of `b` that see each other, preferring a shared house.
fn cross_link(layout: &Layout, a: &CellSet, b: &CellSet) -> Option<(CellId, CellId, Option<Rule>)> {
    let mut fallback = None;
    for x in a.iter() {
        if let Some((y, rule)) = witness(layout, x, b) {
            if rule.is_none() {
                return Some((x, y, None));
            }
            fallback = fallback.or(Some((x, y, rule)));
        }
    }
    fallback
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::Rules;
    use crate::strategies::test_support::{every, first, king, knight, position};

    /// r6c2 = r1c2 = r1c8 = r5c8: colours r1c2,r5c8 / r1c8,r6c2.
    const TURBOT: [(&str, &[usize]); 3] = [("r1", &[2, 8]), ("c2", &[1, 6]), ("c8", &[1, 5])];

    #[test]
    fn simple_trap_removes_the_digit_where_both_colours_are_seen() {
        let (effect, sentence) = first(position(Rules::classic(), 6, &TURBOT), simple_colors).expect("fires");
        assert_eq!(effect, "r5c1<>6, r5c3<>6, r6c7<>6, r6c9<>6");
        assert_eq!(sentence, "Simple Colors (trap): 6 colours r1c2,r5c8 / r1c8,r6c2 => r5c1<>6, r5c3<>6, r6c7<>6, r6c9<>6");
    }

    #[test]
    fn simple_colors_needs_every_link_to_be_a_conjugate_pair() {
        // Near miss: c8 gets a third place for 6, so r5c8 is no longer coloured.
        let near = [("r1", &[2, 8][..]), ("c2", &[1, 6]), ("c8", &[1, 5, 9])];
        assert_eq!(first(position(Rules::classic(), 6, &near), simple_colors), None);
        // A single conjugate pair traps nothing in classic Sudoku when its house is the only
        // one both cells share.
        assert_eq!(first(position(Rules::classic(), 6, &[("r1", &[1, 5])]), simple_colors), None);
    }

    #[test]
    fn simple_wrap_removes_the_colour_that_sees_itself() {
        // r4c2 = r1c2 = r1c8 = r5c8 = r5c3: r4c2 and r5c3 share a colour and box 4. A trap
        // exists too; the wrap wins.
        let houses = [("r1", &[2, 8][..]), ("c8", &[1, 5]), ("r5", &[3, 8]), ("c2", &[1, 4])];
        let (effect, sentence) = first(position(Rules::classic(), 6, &houses), simple_colors).expect("fires");
        assert_eq!(effect, "r1c8<>6, r4c2<>6, r5c3<>6");
        assert_eq!(sentence, "Simple Colors (wrap): 6 colour r4c2,r5c3 see each other => r1c8<>6, r4c2<>6, r5c3<>6");
    }

    #[test]
    fn simple_colors_uses_variant_peers_to_see_but_not_to_link() {
        // One pair r1c1 = r1c5: with anti-knight, r2c3 sees r1c1 (box) and r1c5 (knight).
        let pair = [("r1", &[1, 5][..])];
        let (effect, _) = first(position(knight(), 6, &pair), simple_colors).expect("fires");
        assert_eq!(effect, "r2c3<>6 (anti-knight)");
        // r4c1 = r1c1 = r1c9 = r3c9 = r3c3: r3c3 and r4c1 share a colour and are a knight's
        // move apart: a wrap under anti-knight only (classic Sudoku gets a trap instead).
        let chain = [("c1", &[1, 4][..]), ("r1", &[1, 9]), ("c9", &[1, 3]), ("r3", &[3, 9])];
        let (effect, sentence) = first(position(knight(), 6, &chain), simple_colors).expect("fires");
        assert_eq!(effect, "r1c9<>6 (anti-knight), r3c3<>6 (anti-knight), r4c1<>6 (anti-knight)");
        assert!(sentence.starts_with("Simple Colors (wrap): 6 colour r3c3,r4c1 see each other"), "{sentence}");
        let (effect, _) = first(position(Rules::classic(), 6, &chain), simple_colors).expect("fires");
        assert!(!effect.contains("anti-knight") && !effect.contains("r1c9"), "{effect}");
        // A knight's move is no conjugate link: r2c3 (a knight's move from r1c1) stays
        // uncoloured, the only cluster is the pair of r1.
        let grid = position(knight(), 6, &[("r1", &[1, 9][..]), ("r2", &[3, 4, 5])]);
        let cells: Vec<Vec<CellId>> = clusters(&grid, 6).into_iter().map(|c| c.cells).collect();
        assert_eq!(cells, vec![vec![0, 8]]);
    }

    #[test]
    fn clusters_are_ordered_smallest_first() {
        let houses = [("r1", &[2, 8][..]), ("c8", &[1, 5]), ("r9", &[4, 6])];
        let found = clusters(&position(Rules::classic(), 6, &houses), 6);
        let sizes: Vec<(Digit, usize)> = found.iter().map(|c| (c.digit, c.cells.len())).collect();
        assert_eq!(sizes, vec![(6, 2), (6, 3)]);
        assert!(found[1].colors[0].contains(1), "the first cell takes colour 0");
    }

    /// r1c1 = r5c1 = r5c6 (colours r1c1,r5c6 / r5c1) and r1c7 = r9c7 = r9c2 = r2c2 (colours
    /// r1c7,r9c2 / r9c7,r2c2): r1c1 sees r1c7 (row) and r2c2 (box).
    const WRAP: [(&str, &[usize]); 5] = [("c1", &[1, 5]), ("r5", &[1, 6]), ("c7", &[1, 9]), ("r9", &[2, 7]), ("c2", &[2, 9])];

    #[test]
    fn multi_wrap_removes_a_colour_seeing_both_colours_of_another_cluster() {
        let (effect, sentence) = first(position(Rules::classic(), 6, &WRAP), multi_colors).expect("fires");
        assert_eq!(effect, "r1c1<>6, r5c6<>6");
        assert_eq!(
            sentence,
            "Multi Colors (wrap): 6 colours r1c1,r5c6 / r5c1 and r1c7,r9c2 / r2c2,r9c7; r1c1 sees r1c7 and r2c2 => r1c1<>6, r5c6<>6"
        );
    }

    #[test]
    fn multi_wrap_of_a_one_cell_colour_is_left_to_simple_colors() {
        // Near miss: r5 gets a third 6, so r1c1's colour is r1c1 alone.
        let mut near = WRAP;
        near[1] = ("r5", &[1, 6, 8]);
        assert_eq!(first(position(Rules::classic(), 6, &near), multi_colors), None);
        assert!(first(position(Rules::classic(), 6, &near), simple_colors).is_some());
    }

    #[test]
    fn multi_trap_removes_the_digit_seeing_both_partner_colours() {
        // r1c1 = r5c1 and r2c2 = r2c7; r1c1 sees r2c2, so r5c1 or r2c7 holds the 6.
        let houses = [("c1", &[1, 5][..]), ("r2", &[2, 7])];
        let (effect, sentence) = first(position(Rules::classic(), 6, &houses), multi_colors).expect("fires");
        assert_eq!(effect, "r5c7<>6");
        assert_eq!(sentence, "Multi Colors (trap): 6 colours r1c1 / r5c1 and r2c2 / r2c7; r1c1 sees r2c2 => r5c7<>6");
        assert_eq!(first(position(Rules::classic(), 6, &houses), simple_colors), None);
        // Near miss: r2c4 instead of r2c2 does not see r1c1: no link between the clusters.
        let near = [("c1", &[1, 5][..]), ("r2", &[4, 7])];
        assert_eq!(first(position(Rules::classic(), 6, &near), multi_colors), None);
    }

    #[test]
    fn multi_trap_links_clusters_through_variant_peers() {
        // r3c3 = r8c3 and r4c4 = r9c4: r3c3 and r4c4 touch diagonally, which only anti-king
        // forbids; so r8c3 or r9c4 holds the 6.
        let houses = [("c3", &[3, 8][..]), ("c4", &[4, 9])];
        let (effect, _) = first(position(king(), 6, &houses), multi_colors).expect("fires");
        assert_eq!(effect, "r8c5<>6 (anti-king), r8c6<>6 (anti-king), r9c1<>6 (anti-king), r9c2<>6 (anti-king)");
        assert_eq!(first(position(Rules::classic(), 6, &houses), multi_colors), None);
    }

    #[test]
    fn odd_loops_are_not_coloured() {
        // r1c1 = r1c5 = r5c5 = r5c2 = r2c2 = r1c1 (b1): five links, so no two-colouring
        // exists (the position has no solution). The cluster is dropped, nothing fires.
        let houses = [("r1", &[1, 5][..]), ("c5", &[1, 5]), ("r5", &[2, 5]), ("c2", &[2, 5]), ("b1", &[1, 5])];
        let grid = position(Rules::classic(), 6, &houses);
        assert!(clusters(&grid, 6).is_empty());
        assert_eq!(first(grid.clone(), simple_colors), None);
        assert_eq!(first(grid, multi_colors), None);
    }

    #[test]
    fn every_instance_of_a_cluster_lists_the_wrap_then_the_trap() {
        // The wrap's position: the step is the wrap, and the trap is listed after it.
        let houses = [("r1", &[2, 8][..]), ("c8", &[1, 5]), ("r5", &[3, 8]), ("c2", &[1, 4])];
        let all = every(&position(Rules::classic(), 6, &houses), simple_colors);
        assert_eq!(all, ["r1c8<>6, r4c2<>6, r5c3<>6", "r2c3<>6, r3c3<>6, r4c7<>6, r4c9<>6"]);
    }

    #[test]
    fn every_instance_of_multi_colors_lists_each_pair_of_clusters() {
        // Three clusters, r1c1 = r5c1, r2c2 = r2c7 and r3c9 = r7c9: r1c1 sees r2c2 (a trap on
        // r5c7, seeing r5c1 and r2c7), and r2c7 sees r3c9 (a trap on r7c2, seeing r2c2 and
        // r7c9).
        let houses = [("c1", &[1, 5][..]), ("r2", &[2, 7]), ("c9", &[3, 7])];
        assert_eq!(every(&position(Rules::classic(), 6, &houses), multi_colors), ["r5c7<>6", "r7c2<>6"]);
    }
}
