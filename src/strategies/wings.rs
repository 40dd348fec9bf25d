//! Wings: XY-Wing, XYZ-Wing, W-Wing and WXYZ-Wing (guides `strategies/xy-wing.md`,
//! `strategies/xyz-wing.md`, `strategies/w-wing.md` and `strategies/wxyz-wing.md`).
//!
//! A wing is a few cells whose candidates leave only two or three ways to fill them, and in
//! every way one of the "pincers" holds the digit z; so a cell that sees every pincer that
//! holds z cannot be z.
//!
//! - **XY-Wing**: a pivot with candidates xy sees two pincers xz and yz. Whatever the pivot
//!   takes, one pincer is left with z.
//! - **XYZ-Wing**: a pivot xyz sees pincers xz and yz; one of the three cells holds z, so the
//!   cells seeing all three lose it.
//! - **W-Wing**: two cells with the same two candidates xy that do not see each other, and a
//!   conjugate pair of x (the only two places of x in a house) with one end seeing each cell.
//!   Both cells cannot be x (the pair would lose both its x's), so one of them is y.
//! - **WXYZ-Wing**, in its general form: four cells with exactly four digits among their
//!   candidates, in which every digit but one (z) is *restricted*: all the cells holding it
//!   see each other, so it fills at most one of the four. Four cells need four values, so z
//!   fills at least one of its cells, and every cell that sees all the z cells of the pattern
//!   loses z. Covered: a pivot holding three or four of the digits with three pincers, z in
//!   the pivot or not, pincers with two, three or four candidates, and sets where no cell sees
//!   the other three (a chain of four cells). Only sets linked by sight (connected) are
//!   searched: in a set whose parts do not see each other, at most one digit spans the parts,
//!   and the argument reduces to a smaller set of cells holding as many digits as cells.
//!
//! Variant rules: "sees" is any sight, by a house or by a variant rule (a knight's or
//! king's move), both for the links inside a wing (pivot to pincer, the restricted digits,
//! the W-Wing's ends to its cells) and for the cells that lose the digit. Only houses make the
//! W-Wing's conjugate pair. A removal names the rule a link of the wing needs, or else the
//! rule the removed cell needs to see the pincers.
//!
//! Search order (every wing of one kind has the same size, so the order is by position):
//! XY-Wing and XYZ-Wing by pivot cell, then by pincers; W-Wing by its pair of cells, then the
//! bridging digit, then the conjugate pair in house order; WXYZ-Wing by its lowest cell, the
//! sets grown from it by sight (each connected set is met once). All four prefer a wing whose
//! inner links are shared houses to one that needs a variant rule.
//!
//! The WXYZ-Wing search remembers its last miss (every cell's candidates then): while the
//! candidates only shrink from there, only the sets holding a changed cell can make a wing,
//! and the full search runs only when one of those does.

use std::cell::RefCell;
use std::rc::Rc;

use super::single_digit::Conjugates;
use super::{Finds, caches, ones};
use crate::deduction::{CellGroup, Chain, Deduction, Elimination, Link, Node, Pattern};
use crate::grid::{Candidates, CellSet, Digit, Grid, MAX_SIZE};
use crate::layout::{CellId, Layout, LayoutId};
use crate::rules::Rule;

/// What the wings remember between calls, in their field of the per-thread home
/// ([`caches`](super::caches)).
pub(super) struct Cache {
    /// The WXYZ-Wing search's last miss: its layout and every cell's candidates then (see
    /// [`find_wxyz_wing`]).
    wxyz_miss: RefCell<(Option<LayoutId>, [u16; MAX_SIZE * MAX_SIZE])>,
}

impl Default for Cache {
    fn default() -> Cache {
        Cache { wxyz_miss: RefCell::new((None, [0; MAX_SIZE * MAX_SIZE])) }
    }
}

techniques! {
    family: Wings;
    XY_WING = "xy-wing", "XY-Wing", 42, find_xy_wing;
    XYZ_WING = "xyz-wing", "XYZ-Wing", 44, find_xyz_wing;
    W_WING = "w-wing", "W-Wing", 44, find_w_wing;
    WXYZ_WING = "wxyz-wing", "WXYZ-Wing", 50, find_wxyz_wing;
}

/// The empty cells with exactly `n` candidates.
fn cells_with_count(grid: &Grid, n: usize) -> CellSet {
    // Why the empty cells only, and a table count: this runs for every wing search, and a
    // filled cell has no candidates.
    let mut out = CellSet::new();
    for c in grid.empty_cells().iter() {
        if ones(grid.candidates(c).bits() as u32) == n {
            out.insert(c);
        }
    }
    out
}

/// The removals of `z` from `targets`, each naming `link` (a rule the wing's own links need)
/// or else the rule the cell needs to see all of `ends`.
fn removals(layout: &Layout, targets: &CellSet, z: Digit, link: Option<Rule>, ends: &[CellId]) -> Vec<Elimination> {
    targets.iter().map(|cell| Elimination { cell, digit: z, via: link.or_else(|| layout.rule_needed(cell, ends.iter().copied())) }).collect()
}

/// A wing's pattern: the pivot (if any) as the fin, the other cells as the pattern's cells,
/// and every cell with its candidates as a set, pivot first.
fn wing_pattern(grid: &Grid, pivot: Option<CellId>, others: &[CellId]) -> Pattern {
    let sets: Vec<CellGroup> =
        pivot.iter().chain(others).map(|&c| CellGroup { cells: vec![c], digits: grid.candidates(c) }).collect();
    let digits = sets.iter().fold(Candidates::EMPTY, |acc, s| acc.union(s.digits));
    Pattern { digits, cells: others.to_vec(), fins: pivot.into_iter().collect(), sets, ..Pattern::default() }
}

/// Passes on the wings found whose links need no variant rule (`link` is `None`) as they
/// come, and keeps those that need one for the end ([`Best::finish`]): the first only, when
/// only the first instance is asked for. Why: a wing linked through a shared house reads
/// more easily than one linked by a knight's or king's move.
struct Best<'f> {
    finds: &'f mut Finds,
    fallback: Vec<Deduction>,
}

impl<'f> Best<'f> {
    fn new(finds: &'f mut Finds) -> Best<'f> {
        Best { finds, fallback: Vec::new() }
    }

    /// Whether a wing whose links need `link` is still worth building.
    fn wants(&self, link: Option<Rule>) -> bool {
        link.is_none() || self.fallback.is_empty() || self.finds.takes_every()
    }

    /// Offers a wing; returns whether the search is to stop.
    fn offer(&mut self, link: Option<Rule>, found: Deduction) -> bool {
        if link.is_none() {
            return self.finds.add(found);
        }
        if self.wants(link) {
            self.fallback.push(found);
        }
        false
    }

    /// Passes on the wings kept for the end.
    fn finish(self) {
        for found in self.fallback {
            if self.finds.add(found) {
                return;
            }
        }
    }
}

/// XY-Wing: a pivot xy seeing pincers xz and yz: one pincer holds z, so cells seeing both
/// lose it. Pivots in cell order, then the pincer pairs in cell order.
fn find_xy_wing(grid: &Grid, finds: &mut Finds) {
    let layout = grid.layout();
    let two = cells_with_count(grid, 2);
    let mut best = Best::new(finds);
    for pivot in two.iter() {
        let cp = grid.candidates(pivot);
        let wings = two.intersection(layout.peer_set(pivot));
        for a in wings.iter() {
            let ca = grid.candidates(a);
            let shared = ca.intersection(cp);
            if shared.len() != 1 {
                continue;
            }
            let Some(z) = ca.difference(cp).single_digit() else { continue };
            // The other pincer holds the pivot's other digit and z.
            let want = cp.difference(shared).union(Candidates::single(z));
            for b in wings.iter().filter(|&b| b > a && grid.candidates(b) == want) {
                let targets = layout.peer_set(a).intersection(layout.peer_set(b)).intersection(grid.digit_cells(z));
                let link = layout.relation(pivot, a).1.or(layout.relation(pivot, b).1);
                if targets.is_empty() || !best.wants(link) {
                    continue;
                }
                let eliminations = removals(layout, &targets, z, link, &[a, b]);
                let found = Deduction::elimination(ids::XY_WING, eliminations, wing_pattern(grid, Some(pivot), &[a, b]));
                if best.offer(link, found) {
                    return;
                }
            }
        }
    }
    best.finish();
}

/// XYZ-Wing: a pivot xyz seeing pincers xz and yz: one of the three holds z, so cells seeing
/// all three lose it. Pivots in cell order, then the pincer pairs in cell order.
fn find_xyz_wing(grid: &Grid, finds: &mut Finds) {
    let layout = grid.layout();
    let two = cells_with_count(grid, 2);
    let mut best = Best::new(finds);
    for pivot in cells_with_count(grid, 3).iter() {
        let cp = grid.candidates(pivot);
        let wings: CellSet =
            two.intersection(layout.peer_set(pivot)).iter().filter(|&c| grid.candidates(c).difference(cp).is_empty()).collect();
        for a in wings.iter() {
            let ca = grid.candidates(a);
            for b in wings.iter().filter(|&b| b > a && grid.candidates(b) != ca) {
                // Why: two different pairs out of three digits share exactly one, z.
                let Some(z) = ca.intersection(grid.candidates(b)).single_digit() else { continue };
                let targets = layout.common_peers([pivot, a, b]).intersection(grid.digit_cells(z));
                let link = layout.relation(pivot, a).1.or(layout.relation(pivot, b).1);
                if targets.is_empty() || !best.wants(link) {
                    continue;
                }
                let eliminations = removals(layout, &targets, z, link, &[pivot, a, b]);
                let found = Deduction::elimination(ids::XYZ_WING, eliminations, wing_pattern(grid, Some(pivot), &[a, b]));
                if best.offer(link, found) {
                    return;
                }
            }
        }
    }
    best.finish();
}

/// W-Wing: two xy cells bridged by a conjugate pair of x: one of them is y, so cells seeing
/// both lose y. Cell pairs in cell order, then x, then the conjugate pairs.
fn find_w_wing(grid: &Grid, finds: &mut Finds) {
    let layout = grid.layout();
    let two = cells_with_count(grid, 2);
    // The conjugate pairs, listed the first time they are needed.
    let mut conjugates: Option<Rc<Conjugates>> = None;
    let mut best = Best::new(finds);
    for a in two.iter() {
        let cands = grid.candidates(a);
        for b in two.iter().filter(|&b| b > a && grid.candidates(b) == cands && !layout.sees(a, b)) {
            for x in cands.iter() {
                let Some(y) = cands.difference(Candidates::single(x)).single_digit() else { continue };
                let targets = layout.peer_set(a).intersection(layout.peer_set(b)).intersection(grid.digit_cells(y));
                if targets.is_empty() {
                    continue;
                }
                let conjugates = conjugates.get_or_insert_with(|| Conjugates::shared(grid));
                for pair in conjugates.pairs(x) {
                    if pair.contains(a) || pair.contains(b) {
                        continue;
                    }
                    for (p, q) in pair.ends().map(|(p, q)| (p.cell, q.cell)) {
                        if !layout.sees(p, a) || !layout.sees(q, b) {
                            continue;
                        }
                        let link = layout.relation(p, a).1.or(layout.relation(q, b).1);
                        if !best.wants(link) {
                            continue;
                        }
                        let eliminations = removals(layout, &targets, y, link, &[a, b]);
                        let node = |cell: CellId, digit: Digit, on: bool| Node { cells: vec![cell], digit, on };
                        // (y)a = (x)a - (x)p = (x)q - (x)b = (y)b: a is y, or b is.
                        let chain = Chain {
                            nodes: vec![node(a, y, false), node(a, x, true), node(p, x, false), node(q, x, true), node(b, x, false), node(b, y, true)],
                            links: vec![Link::Strong, Link::Weak, Link::Strong, Link::Weak, Link::Strong],
                            rules: Vec::new(),
                            premises: Vec::new(),
                            sets: Vec::new(),
                        };
                        let mut pattern = wing_pattern(grid, None, &[a, b]);
                        pattern.base = vec![pair.house];
                        pattern.chains = vec![chain];
                        let found = Deduction::elimination(ids::W_WING, eliminations, pattern);
                        if best.offer(link, found) {
                            return;
                        }
                    }
                }
            }
        }
    }
    best.finish();
}

/// WXYZ-Wing: four cells, four digits, one of them not restricted: it fills one of its
/// cells, so cells seeing all of those lose it. Every set of four cells connected by sight,
/// grown from its lowest cell (see [`Wxyz`]).
fn find_wxyz_wing(grid: &Grid, finds: &mut Finds) {
    let layout = grid.layout();
    // Every empty cell with two to four candidates.
    let mut masks = [0u16; MAX_SIZE * MAX_SIZE];
    let mut nodes = CellSet::new();
    for (cell, m) in masks.iter_mut().enumerate().take(layout.cell_count()) {
        *m = grid.candidates(cell).bits();
        if *m != 0 && *m & m.wrapping_sub(1) != 0 && ones(u32::from(*m)) <= 4 {
            nodes.insert(cell);
        }
    }
    let mut search = Wxyz { grid, best: Best::new(finds), above: nodes, cells: [0; 4], masks, probe: false, hit: false };
    // Why: when the last search found nothing and every cell's candidates are a subset of
    // what they were then, a wing whose four cells are all unchanged was a wing then too,
    // with no removals, and now removes even less (each digit's cells only shrank). So only
    // the connected sets holding a changed cell can make a wing: probe those (grown from
    // each changed cell in turn, each set met once) and search in full, in the usual order,
    // only if one of them removes something.
    let unchanged_since_miss = caches::with(|c| {
        let (known, old) = &*c.wings.wxyz_miss.borrow();
        let same_layout = *known == Some(layout.id());
        let shrunk = same_layout && masks[..layout.cell_count()].iter().zip(old).all(|(&m, &o)| m & !o == 0);
        shrunk.then(|| nodes.iter().filter(|&c| masks[c] != old[c]).collect::<CellSet>())
    });
    if let Some(changed) = unchanged_since_miss {
        search.probe = true;
        for v in changed.iter() {
            let _ = search.grow_from(v);
            if search.hit {
                break;
            }
        }
        if !search.hit {
            remember_miss(grid, &masks);
            return;
        }
        (search.probe, search.hit, search.above) = (false, false, nodes);
    }
    for v in nodes.iter() {
        if search.grow_from(v) {
            return;
        }
    }
    // Why: with nothing passed on and nothing kept, the search found no wing at all.
    if search.best.fallback.is_empty() && search.best.finds.is_empty() {
        remember_miss(grid, &masks);
    }
    search.best.finish();
}

/// Records that the WXYZ-Wing search found nothing with these candidates.
fn remember_miss(grid: &Grid, masks: &[u16; MAX_SIZE * MAX_SIZE]) {
    caches::with(|c| *c.wings.wxyz_miss.borrow_mut() = (Some(grid.layout().id()), *masks));
}

/// The WXYZ-Wing search: every set of four cells that is connected by sight, grown from its
/// lowest cell (the ESU scheme: a set is extended only by cells above its root that are
/// new neighbours of the cell just added, so each set is met exactly once).
struct Wxyz<'a, 'f> {
    grid: &'a Grid,
    best: Best<'f>,
    /// The candidate cells above the current root.
    above: CellSet,
    cells: [CellId; 4],
    /// Each cell's candidates.
    masks: [u16; MAX_SIZE * MAX_SIZE],
    /// Only look for a wing that removes something (set `hit`), without building it.
    probe: bool,
    hit: bool,
}

impl Wxyz<'_, '_> {
    /// Grows every connected set whose lowest remaining cell is `v`, then leaves `v` out of
    /// later sets. Why: each connected set is grown from its lowest cell only, so it is met
    /// once. Returns whether the search is to stop.
    fn grow_from(&mut self, v: CellId) -> bool {
        let layout = self.grid.layout();
        self.above.remove(v);
        self.cells[0] = v;
        let start = layout.peer_set(v).intersection(&self.above);
        let mut near = *layout.peer_set(v);
        near.insert(v);
        self.grow(1, start, near, self.masks[v], 0)
    }

    /// Extends the first `len` cells by cells of `ext`; `near` holds those cells and all
    /// their peers, `union` their digits, `loose` the digits two cells that do not see each
    /// other share (at most one may be loose: the unrestricted digit). Returns whether the
    /// search is to stop (a probe stops at its first hit).
    fn grow(&mut self, len: usize, ext: CellSet, near: CellSet, union: u16, loose: u16) -> bool {
        let layout = self.grid.layout();
        // Why: ESU takes the cells of `ext` one at a time and drops each after its turn;
        // walking a copy in order while dropping from `rest` does the same.
        let mut rest = ext;
        for w in ext.iter() {
            rest.remove(w);
            let mw = self.masks[w];
            let joined = union | mw;
            if ones(u32::from(joined)) > 4 {
                continue;
            }
            let mut loose = loose;
            for &c in &self.cells[..len] {
                if !layout.sees(w, c) {
                    loose |= mw & self.masks[c];
                }
            }
            // Why: at most one digit may be unrestricted.
            if loose & loose.wrapping_sub(1) != 0 {
                continue;
            }
            self.cells[len] = w;
            // Why: once the unrestricted digit is known, some cell holding it must see all
            // its holders, and adding cells only shrinks that set.
            if loose != 0 {
                let z = loose.trailing_zeros() as Digit + 1;
                let reach = self.cells[..=len]
                    .iter()
                    .filter(|&&c| self.masks[c] & loose != 0)
                    .fold(*self.grid.digit_cells(z), |acc, &c| acc.intersection(layout.peer_set(c)));
                if reach.is_empty() {
                    continue;
                }
            }
            if len == 3 {
                if joined.count_ones() == 4 && loose != 0 {
                    // Why: with `loose` set, `reach` above is the cells that lose z.
                    if self.probe {
                        self.hit = true;
                        return true;
                    }
                    let z = loose.trailing_zeros() as Digit + 1;
                    if self.offer(z) {
                        return true;
                    }
                }
                continue;
            }
            let fresh = layout.peer_set(w).intersection(&self.above).difference(&near);
            let mut closer = near.union(layout.peer_set(w));
            closer.insert(w);
            if self.grow(len + 1, rest.union(&fresh), closer, joined, loose) {
                return true;
            }
        }
        false
    }

    /// The four cells in `cells` hold four digits, all restricted but `z`: the cells seeing
    /// every z among them lose it. Returns whether the search is to stop.
    fn offer(&mut self, z: Digit) -> bool {
        let (grid, layout) = (self.grid, self.grid.layout());
        let mut four = self.cells;
        four.sort_unstable();
        let mut targets = *grid.digit_cells(z);
        for &c in four.iter().filter(|&&c| grid.has_candidate(c, z)) {
            targets = targets.intersection(layout.peer_set(c));
        }
        if targets.is_empty() {
            return false;
        }
        let holders: Vec<CellId> = four.iter().copied().filter(|&c| grid.has_candidate(c, z)).collect();
        let link = restricted_link(grid, &four, z);
        if !self.best.wants(link) {
            return false;
        }
        let eliminations = removals(layout, &targets, z, link, &holders);
        // The pivot: a cell that sees the other three, the one with most candidates first.
        let pivot = four
            .iter()
            .copied()
            .filter(|&c| four.iter().all(|&o| o == c || layout.sees(c, o)))
            .max_by_key(|&c| (grid.candidates(c).len(), std::cmp::Reverse(c)));
        let others: Vec<CellId> = four.iter().copied().filter(|&c| Some(c) != pivot).collect();
        let found = Deduction::elimination(ids::WXYZ_WING, eliminations, wing_pattern(grid, pivot, &others));
        self.best.offer(link, found)
    }
}

/// The first variant rule two cells holding a common restricted digit (any digit but `z`)
/// need to see each other.
fn restricted_link(grid: &Grid, four: &[CellId; 4], z: Digit) -> Option<Rule> {
    let layout = grid.layout();
    for (i, &a) in four.iter().enumerate() {
        for &b in &four[i + 1..] {
            let shared = grid.candidates(a).intersection(grid.candidates(b)).difference(Candidates::single(z));
            if !shared.is_empty() {
                if let Some(rule) = layout.relation(a, b).1 {
                    return Some(rule);
                }
            }
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::strategies::test_support::run;
    use crate::strategies::test_support::by_id;

    by_id!(xy_wing = XY_WING, xyz_wing = XYZ_WING, w_wing = W_WING, wxyz_wing = WXYZ_WING);
    use crate::formats::parse_candidate_line;
    
    use crate::rules::Rules;
    use std::sync::Arc;

    /// A 9x9 position where every cell is empty with every candidate, except the listed
    /// cells (`("r5c5", "37")`), and except that in each listed house (`(3, "c3", &[2, 9])`)
    /// the digit is kept only in the listed columns / rows / box positions (1-based).
    fn position(rules: Rules, cells: &[(&str, &str)], keep: &[(Digit, &str, &[usize])]) -> Grid {
        let layout = Arc::new(Layout::classic(rules));
        let mut tokens: Vec<Candidates> = vec![Candidates::all(9); 81];
        for &(digit, name, kept) in keep {
            let house = layout.houses().iter().find(|h| h.short_name() == name).expect("a house name");
            for (i, &cell) in house.cells.iter().enumerate() {
                if !kept.contains(&(i + 1)) {
                    tokens[cell].remove(digit);
                }
            }
        }
        for &(name, digits) in cells {
            let cell = (0..81).find(|&c| layout.cell_name(c) == name).expect("a cell name");
            tokens[cell] = digits.bytes().map(|b| b - b'0').collect();
        }
        let line: Vec<String> = tokens.iter().map(|c| c.iter().map(|d| char::from(b'0' + d)).collect()).collect();
        parse_candidate_line(&line.join(" "), layout).unwrap()
    }

    fn classic(cells: &[(&str, &str)]) -> Grid {
        position(Rules::classic(), cells, &[])
    }

    #[test]
    fn xy_wing_removes_z_seeing_both_pincers() {
        let wing = [("r5c5", "37"), ("r5c1", "39"), ("r2c5", "79")];
        let (effect, sentence) = run(classic(&wing), xy_wing).expect("fires");
        assert_eq!(effect, "r2c1<>9");
        assert_eq!(sentence, "XY-Wing: pivot r5c5 (3,7), pincers r2c5 (7,9), r5c1 (3,9) => r2c1<>9");
    }

    #[test]
    fn xy_wing_near_misses() {
        // The pincers hold different third digits.
        assert_eq!(run(classic(&[("r5c5", "37"), ("r5c1", "39"), ("r2c5", "78")]), xy_wing), None);
        // r2c6 does not see the pivot.
        assert_eq!(run(classic(&[("r5c5", "37"), ("r5c1", "39"), ("r2c6", "79")]), xy_wing), None);
        // An XYZ-Wing is no XY-Wing.
        assert_eq!(run(classic(&[("r5c5", "379"), ("r5c1", "39"), ("r4c6", "79")]), xy_wing), None);
    }

    #[test]
    fn xy_wing_pincer_linked_by_a_knight_move() {
        // r3c4 is a knight's move from the pivot r5c5.
        let wing = [("r5c5", "37"), ("r5c1", "39"), ("r3c4", "79")];
        assert_eq!(run(classic(&wing), xy_wing), None);
        let (effect, sentence) = run(position(Rules::classic().with(Rule::AntiKnight), &wing, &[]), xy_wing).expect("fires");
        assert_eq!(effect, "r3c1<>9 (anti-knight), r3c2<>9 (anti-knight), r4c2<>9 (anti-knight), r5c3<>9 (anti-knight), r5c4<>9 (anti-knight)");
        assert_eq!(sentence, format!("XY-Wing: pivot r5c5 (3,7), pincers r3c4 (7,9), r5c1 (3,9) => {effect}"));
    }

    #[test]
    fn xyz_wing_removes_z_seeing_all_three() {
        let wing = [("r5c5", "379"), ("r5c1", "39"), ("r4c6", "79")];
        let (effect, sentence) = run(classic(&wing), xyz_wing).expect("fires");
        assert_eq!(effect, "r5c4<>9, r5c6<>9");
        assert_eq!(sentence, "XYZ-Wing: pivot r5c5 (3,7,9), pincers r4c6 (7,9), r5c1 (3,9) => r5c4<>9, r5c6<>9");
        // Near misses: a pivot with a fourth digit; a pincer holding a digit the pivot lacks.
        assert_eq!(run(classic(&[("r5c5", "3789"), ("r5c1", "39"), ("r4c6", "79")]), xyz_wing), None);
        assert_eq!(run(classic(&[("r5c5", "379"), ("r5c1", "39"), ("r4c6", "78")]), xyz_wing), None);
    }

    #[test]
    fn w_wing_bridges_two_equal_pairs_with_a_conjugate_pair() {
        // Column 3 holds 3 only at r2c3 (box 1, with r1c1) and r9c3 (row 9, with r9c5).
        let cells = [("r1c1", "37"), ("r9c5", "37")];
        let grid = position(Rules::classic(), &cells, &[(3, "c3", &[2, 9])]);
        let (effect, sentence) = run(grid, w_wing).expect("fires");
        assert_eq!(effect, "r1c5<>7, r9c1<>7");
        assert_eq!(sentence, "W-Wing: r1c1,r9c5 (3,7), 3 in c3 only at r2c3,r9c3 => r1c5<>7, r9c1<>7");
    }

    #[test]
    fn w_wing_near_misses() {
        let cells = [("r1c1", "37"), ("r9c5", "37")];
        // Three 3s in column 3: no conjugate pair.
        assert_eq!(run(position(Rules::classic(), &cells, &[(3, "c3", &[2, 5, 9])]), w_wing), None);
        // r8c3 does not see r9c5.
        assert_eq!(run(position(Rules::classic(), &cells, &[(3, "c3", &[2, 8])]), w_wing), None);
        // Different pairs of digits.
        assert_eq!(run(position(Rules::classic(), &[("r1c1", "37"), ("r9c5", "38")], &[(3, "c3", &[2, 9])]), w_wing), None);
    }

    #[test]
    fn w_wing_end_linked_by_a_knight_move() {
        // Column 3 holds 3 only at r3c3 and r9c3; r3c3 is a knight's move from r1c4.
        let cells = [("r1c4", "37"), ("r9c5", "37")];
        let keep: [(Digit, &str, &[usize]); 1] = [(3, "c3", &[3, 9])];
        assert_eq!(run(position(Rules::classic(), &cells, &keep), w_wing), None);
        let (effect, _) = run(position(Rules::classic().with(Rule::AntiKnight), &cells, &keep), w_wing).expect("fires");
        assert!(effect.split(", ").all(|e| e.ends_with("<>7 (anti-knight)")), "{effect}");
        assert!(effect.contains("r1c5<>7") && effect.contains("r9c4<>7"), "{effect}");
    }

    #[test]
    fn wxyz_wing_with_a_pivot() {
        let wing = [("r5c5", "237"), ("r5c1", "39"), ("r4c4", "79"), ("r6c6", "29")];
        let (effect, sentence) = run(classic(&wing), wxyz_wing).expect("fires");
        assert_eq!(effect, "r5c4<>9, r5c6<>9");
        assert_eq!(sentence, "WXYZ-Wing: pivot r5c5 (2,3,7), pincers r4c4 (7,9), r5c1 (3,9), r6c6 (2,9); only 9 can repeat => r5c4<>9, r5c6<>9");
    }

    #[test]
    fn wxyz_wing_without_a_pivot() {
        // 1 in r1c1,r1c7 (row 1), 2 in r1c7,r3c8 (box 3), 3 in r3c8,r3c5 (row 3): only 4, in
        // r1c1 and r3c5, may fill two of the four cells.
        let wing = [("r1c1", "14"), ("r1c7", "12"), ("r3c8", "23"), ("r3c5", "34")];
        let (effect, sentence) = run(classic(&wing), wxyz_wing).expect("fires");
        assert_eq!(effect, "r1c4<>4, r1c5<>4, r1c6<>4, r3c1<>4, r3c2<>4, r3c3<>4");
        assert_eq!(
            sentence,
            "WXYZ-Wing: r1c1 (1,4), r1c7 (1,2), r3c5 (3,4), r3c8 (2,3); only 4 can repeat => \
             r1c4<>4, r1c5<>4, r1c6<>4, r3c1<>4, r3c2<>4, r3c3<>4"
        );
    }

    #[test]
    fn wxyz_wing_near_misses() {
        // r2c7 instead of r1c7: 1 is unrestricted too.
        assert_eq!(run(classic(&[("r1c1", "14"), ("r2c7", "12"), ("r3c8", "23"), ("r3c5", "34")]), wxyz_wing), None);
        // A closed ring: every digit restricted, none can repeat (and nothing to remove).
        assert_eq!(run(classic(&[("r1c1", "14"), ("r1c7", "12"), ("r3c8", "23"), ("r3c2", "34")]), wxyz_wing), None);
    }
}
