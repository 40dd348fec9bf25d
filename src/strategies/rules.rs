//! Techniques that work through what variant rules add beyond houses and peers: the links
//! between candidates (a dot, a mark, non-consecutive) and the digits some cells must hold
//! (a quadruple). They know no rule by name: they read [`Layout::links`],
//! [`Layout::constraints`] and [`Layout::demands`], so every rule that makes links or demands
//! gets them (guides `strategies/link-exclusion.md`, `strategies/relation-fillings.md`,
//! `strategies/required-digits.md`).

use std::collections::BTreeSet;

use super::{Finds, eliminate_seeing_all};
use crate::bits::MAX_SIZE;
use crate::constraints::Constraint;
use crate::deduction::{CellGroup, Deduction, Elimination, Pattern, Placement};
use crate::grid::{Candidates, CellSet, Digit, Grid};
use crate::layout::{CellId, HouseId, Layout};
use crate::rules::Rule;

techniques! {
    family: Rules;
    REQUIRED_DIGITS = "required-digits", "Required Digits", 20, required_digits;
    LINK_EXCLUSION = "link-exclusion", "Link Exclusion", 24, link_exclusion;
    RELATION_FILLINGS = "relation-fillings", "Relation Fillings", 28, relation_fillings;
}

/// A candidate that, through the rules' links (and its peers), would leave another cell
/// with no candidate, or a digit with no place in a house, is false. Several candidates of
/// one cell that fail against the same cell or house go in one step.
///
/// Search: the empty cells in order; for each, the targets its candidates fail against,
/// candidate by candidate (the linked cells it would empty, then the houses where it would
/// leave a digit no place). Every instance: one per cell and target, removing every
/// candidate of the cell that fails against that target (a target met again through another
/// candidate is the same step, kept once).
fn link_exclusion(grid: &Grid, finds: &mut Finds) {
    if !grid.layout().has_links() {
        return;
    }
    for a in grid.empty_cells().iter() {
        if each_target(grid, a, &mut |target| finds.add(exclusion(grid, a, target))) {
            return;
        }
    }
}

/// Calls `visit` with each target a candidate of `a` fails against, in search order (see
/// [`link_exclusion`]), until it returns true; whether it did.
fn each_target(grid: &Grid, a: CellId, visit: &mut impl FnMut(Target) -> bool) -> bool {
    for d in grid.candidates(a).iter() {
        for link in grid.layout().links(a, d) {
            if removes_all_of_cell(grid, a, d, link.cell) && visit(Target::Cell(link.cell)) {
                return true;
            }
        }
        if emptied_places(grid, a, d, &mut |house, e| visit(Target::Place(house, e))) {
            return true;
        }
    }
    false
}

/// The removal of every candidate of `a` that fails against `target`.
fn exclusion(grid: &Grid, a: CellId, target: Target) -> Deduction {
    let layout = grid.layout();
    let failing: Vec<Digit> = grid
        .candidates(a)
        .iter()
        .filter(|&d| match target {
            Target::Cell(b) => removes_all_of_cell(grid, a, d, b),
            Target::Place(house, e) => removes_every_place(grid, a, d, house, e).unwrap_or(false),
        })
        .collect();
    let mut pattern = Pattern { digits: failing.iter().copied().collect(), cells: vec![a], ..Pattern::default() };
    let mut rules = Vec::new();
    match target {
        Target::Cell(b) => {
            pattern.sets.push(CellGroup { cells: vec![b], digits: grid.candidates(b) });
            for &d in &failing {
                rules.extend(grid.candidates(b).iter().filter_map(|e| link_rule(layout, a, d, b, e)));
            }
        }
        Target::Place(house, e) => {
            let places = grid.house_digit_cells(house, e);
            pattern.base.push(house);
            pattern.sets.push(CellGroup { cells: places.iter().collect(), digits: Candidates::single(e) });
            for &d in &failing {
                rules.extend(places.iter().filter_map(|p| link_rule(layout, a, d, p, e)));
            }
        }
    }
    rules.sort();
    rules.dedup();
    let eliminations = failing.iter().map(|&digit| Elimination { cell: a, digit, via: rules.first().copied() }).collect();
    Deduction::elimination(ids::LINK_EXCLUSION, eliminations, pattern)
}

/// What a failing candidate leaves empty: a cell, or a digit's places in a house.
#[derive(Clone, Copy)]
enum Target {
    Cell(CellId),
    Place(HouseId, Digit),
}

/// The rule whose constraint rules out `b = e` when `a = d`, if a constraint does (rather
/// than a shared house or a peer rule).
fn link_rule(layout: &Layout, a: CellId, d: Digit, b: CellId, e: Digit) -> Option<Rule> {
    layout.constraint_between(a, d, b, e).map(Constraint::rule)
}

/// The candidates of `b` that `a = d` rules out: what its links say, and `d` itself if the
/// two cells see each other.
fn ruled_out(layout: &Layout, a: CellId, d: Digit, b: CellId) -> Candidates {
    let mut out = layout.links(a, d).iter().find(|l| l.cell == b).map_or(Candidates::EMPTY, |l| l.digits);
    if layout.sees(a, b) {
        out.insert(d);
    }
    out
}

/// Whether `a = d` rules out every candidate of the empty cell `b`.
fn removes_all_of_cell(grid: &Grid, a: CellId, d: Digit, b: CellId) -> bool {
    grid.digit(b).is_none() && grid.candidates(b).difference(ruled_out(grid.layout(), a, d, b)).is_empty()
}

/// Whether `a = d` rules out every place of `e` in `house` (other than `a` itself), with at
/// least one of them ruled out by a link; `None` when that cannot be asked (the house has
/// `e` placed, or gets it from `a`).
fn removes_every_place(grid: &Grid, a: CellId, d: Digit, house: HouseId, e: Digit) -> Option<bool> {
    let layout = grid.layout();
    let mut places = grid.house_digit_cells(house, e);
    places.remove(a);
    if grid.house_placed(house).contains(e) || (e == d && layout.house_set(house).contains(a)) || places.is_empty() {
        return None;
    }
    let links = layout.links(a, d);
    let mut by_link = false;
    for p in places.iter() {
        let linked = links.iter().any(|l| l.cell == p && l.digits.contains(e));
        if !linked && !(e == d && layout.sees(a, p)) {
            return Some(false);
        }
        by_link |= linked;
    }
    Some(by_link)
}

/// Calls `visit` with each house and digit whose every place `a = d` would rule out, until
/// it returns true (whether it did), looking only at houses that hold a cell `a = d` links
/// to (elsewhere a link cannot help): each house once, with the digits of the first link
/// into it.
fn emptied_places(grid: &Grid, a: CellId, d: Digit, visit: &mut impl FnMut(HouseId, Digit) -> bool) -> bool {
    let layout = grid.layout();
    let mut seen: u64 = 0;
    for link in layout.links(a, d) {
        for &house in layout.houses_of(link.cell) {
            if seen & (1 << house) != 0 {
                continue;
            }
            seen |= 1 << house;
            for e in link.digits.union(Candidates::single(d)).iter() {
                if removes_every_place(grid, a, d, house, e) == Some(true) && visit(house, e) {
                    return true;
                }
            }
        }
    }
    false
}

/// The most cells a group of Relation Fillings holds: enough for a chain of four dots, or a
/// minimum or maximum cell with its four neighbours.
const MAX_GROUP: usize = 5;

/// The most fillings a deduction lists; with more, the explanation names what no filling has.
const MAX_SHOWN: usize = 12;

/// A connected group of 2 to [`MAX_GROUP`] empty cells joined by dots and marks is filled
/// every way its candidates allow: every constraint between two of its cells holds, and
/// cells that see each other differ. A candidate in no filling is false; a digit in every
/// filling leaves the cells that see all its places in the group.
///
/// Search: the smallest groups first, groups of one size in order of their cells. Every
/// instance: each group of 2 to [`MAX_GROUP`] cells that removes something.
fn relation_fillings(grid: &Grid, finds: &mut Finds) {
    let layout = grid.layout();
    // Why the links: a layout without them has no pair constraint either (classic solving
    // pays for nothing more than this test).
    if !layout.has_links() {
        return;
    }
    let joined = relation_graph(grid);
    let mut level: BTreeSet<Vec<CellId>> = BTreeSet::new();
    for a in grid.empty_cells().iter() {
        level.extend(joined[a].iter().filter(|&b| b > a).map(|b| vec![a, b]));
    }
    for size in 2..=MAX_GROUP {
        for cells in &level {
            if let Some(found) = group_deduction(grid, &joined, cells)
                && finds.add(found)
            {
                return;
            }
        }
        if size < MAX_GROUP {
            level = grown(&level, &joined);
        }
    }
}

/// For each cell, the empty cells a constraint joins it to when it is empty too. Why only
/// constraints that hold (a dot, a mark, a clone) and not the negative ones (non-consecutive,
/// "all dots are given"): those join every pair of neighbours, and say only what two digits
/// are not, which the links already say one pair at a time.
fn relation_graph(grid: &Grid) -> Vec<CellSet> {
    let layout = grid.layout();
    let mut joined = vec![CellSet::new(); layout.cell_count()];
    for constraint in layout.constraints() {
        if let Constraint::Pair { cells: [a, b], holds: true, .. } = *constraint
            && grid.digit(a).is_none()
            && grid.digit(b).is_none()
        {
            joined[a].insert(b);
            joined[b].insert(a);
        }
    }
    joined
}

/// The connected groups one cell larger than those of `level`, each as its sorted cells.
fn grown(level: &BTreeSet<Vec<CellId>>, joined: &[CellSet]) -> BTreeSet<Vec<CellId>> {
    let mut next = BTreeSet::new();
    for cells in level {
        let around = cells.iter().fold(CellSet::new(), |acc, &c| acc.union(&joined[c]));
        for n in around.iter().filter(|n| !cells.contains(n)) {
            let mut bigger = cells.clone();
            bigger.push(n);
            bigger.sort_unstable();
            next.insert(bigger);
        }
    }
    next
}

/// The cells of a group in reading order for its fillings: along the chain from its first
/// end when the group is a chain, else outwards from its most joined cell (a minimum cell
/// before its neighbours). Either way each cell after the first is joined to an earlier one,
/// which is the order the fillings are searched in.
fn chain_order(joined: &[CellSet], cells: &[CellId]) -> Vec<CellId> {
    let inside = |c: CellId| cells.iter().filter(|&&x| joined[c].contains(x)).count();
    let ends: Vec<CellId> = cells.iter().copied().filter(|&c| inside(c) == 1).collect();
    let is_chain = ends.len() == 2 && cells.iter().all(|&c| inside(c) <= 2);
    let first = if is_chain { ends[0] } else { cells.iter().copied().max_by_key(|&c| (inside(c), std::cmp::Reverse(c))).expect("a group has cells") };
    let mut order = vec![first];
    let mut at = 0;
    while at < order.len() {
        let c = order[at];
        for &n in cells {
            if joined[c].contains(n) && !order.contains(&n) {
                order.push(n);
            }
        }
        at += 1;
    }
    order
}

/// A group's candidates and how they fit together, in the order of [`chain_order`].
#[derive(Clone)]
struct Fitting {
    count: usize,
    candidates: [Candidates; MAX_GROUP],
    /// `fits[i][j][d]` (for `i < j`): the digits cell `j` may hold while cell `i` holds `d`,
    /// by every constraint between the two (those that join no group too) and by sight.
    fits: [[[Candidates; MAX_SIZE + 1]; MAX_GROUP]; MAX_GROUP],
}

impl Fitting {
    fn new(grid: &Grid, cells: &[CellId]) -> Fitting {
        let layout = grid.layout();
        let mut fitting = Fitting { count: cells.len(), candidates: [Candidates::EMPTY; MAX_GROUP], fits: [[[Candidates::EMPTY; MAX_SIZE + 1]; MAX_GROUP]; MAX_GROUP] };
        for (i, &a) in cells.iter().enumerate() {
            fitting.candidates[i] = grid.candidates(a);
            for (j, &b) in cells.iter().enumerate().skip(i + 1) {
                for d in grid.candidates(a).iter() {
                    fitting.fits[i][j][d as usize] = grid.candidates(b).difference(ruled_out(layout, a, d, b));
                }
            }
        }
        fitting
    }

    /// The digits cell `depth` may hold beside the digits of the cells before it.
    fn open(&self, depth: usize, digits: &[Digit; MAX_GROUP]) -> Candidates {
        (0..depth).fold(self.candidates[depth], |open, i| open.intersection(self.fits[i][depth][digits[i] as usize]))
    }

    /// The candidates of each cell that some filling holds.
    fn used(&self) -> [Candidates; MAX_GROUP] {
        let mut used = [Candidates::EMPTY; MAX_GROUP];
        self.use_from(0, &mut [0; MAX_GROUP], &mut used);
        used
    }

    fn use_from(&self, depth: usize, digits: &mut [Digit; MAX_GROUP], used: &mut [Candidates; MAX_GROUP]) {
        if depth == self.count {
            for (set, &d) in used.iter_mut().zip(&digits[..self.count]) {
                set.insert(d);
            }
            return;
        }
        // Why stop: when every digit chosen so far and every candidate still to choose is
        // already known to be used, no filling below can add to what is known.
        let known = (0..depth).all(|i| used[i].contains(digits[i])) && (depth..self.count).all(|i| self.candidates[i].difference(used[i]).is_empty());
        if known {
            return;
        }
        for d in self.open(depth, digits).iter() {
            digits[depth] = d;
            self.use_from(depth + 1, digits, used);
        }
    }

    /// Calls `visit` with each filling in order until it returns true; whether it did.
    fn each_filling(&self, depth: usize, digits: &mut [Digit; MAX_GROUP], visit: &mut impl FnMut(&[Digit]) -> bool) -> bool {
        if depth == self.count {
            return visit(&digits[..self.count]);
        }
        for d in self.open(depth, digits).iter() {
            digits[depth] = d;
            if self.each_filling(depth + 1, digits, visit) {
                return true;
            }
        }
        false
    }

    /// Whether some filling avoids `digit`.
    fn fills_without(&self, digit: Digit) -> bool {
        let mut without = self.clone();
        without.candidates.iter_mut().for_each(|c| c.remove(digit));
        without.each_filling(0, &mut [0; MAX_GROUP], &mut |_| true)
    }

    /// Every filling, if there are at most `limit`.
    fn fillings(&self, limit: usize) -> Option<Vec<Vec<Digit>>> {
        let mut all = Vec::new();
        let over = self.each_filling(0, &mut [0; MAX_GROUP], &mut |digits| {
            all.push(digits.to_vec());
            all.len() > limit
        });
        (!over).then_some(all)
    }
}

/// What filling the group of cells `sorted` every way it can be filled removes, if anything.
fn group_deduction(grid: &Grid, joined: &[CellSet], sorted: &[CellId]) -> Option<Deduction> {
    let layout = grid.layout();
    let cells = chain_order(joined, sorted);
    let mut fitting = Fitting::new(grid, &cells);
    let used = fitting.used();
    // Why leave a group with no filling alone: that is a contradiction for the solver to
    // find, not a step (it would empty every cell of the group).
    if used[0].is_empty() {
        return None;
    }
    let mut rules: Vec<Rule> = layout
        .constraints()
        .iter()
        .filter(|c| matches!(c, Constraint::Pair { cells: [a, b], .. } if cells.contains(a) && cells.contains(b)))
        .map(Constraint::rule)
        .collect();
    rules.sort();
    rules.dedup();
    // Why each removal names the first rule only: a removal names one rule, as Link
    // Exclusion's do; the pattern keeps them all for the sentence.
    let mut eliminations: Vec<Elimination> = Vec::new();
    for (i, &cell) in cells.iter().enumerate() {
        eliminations.extend(fitting.candidates[i].difference(used[i]).iter().map(|digit| Elimination { cell, digit, via: rules.first().copied() }));
    }
    fitting.candidates = used;
    let digits: Candidates = used[..cells.len()].iter().fold(Candidates::EMPTY, |all, &u| all.union(u));
    let mut sets = Vec::new();
    for d in digits.iter() {
        // The places of `d` in the group; it is in every filling when none avoids it.
        let places: CellSet = cells.iter().enumerate().filter(|&(i, _)| used[i].contains(d)).map(|(_, &c)| c).collect();
        let mut locked = eliminate_seeing_all(grid, &places, d);
        // Why not the group's own cells: one that sees every place holds `d` in no filling,
        // and has lost it above.
        locked.retain(|e| !cells.contains(&e.cell));
        if !locked.is_empty() && !fitting.fills_without(d) {
            sets.push(CellGroup { cells: places.iter().collect(), digits: Candidates::single(d) });
            eliminations.extend(locked);
        }
    }
    if eliminations.is_empty() {
        return None;
    }
    let fillings = fitting.fillings(MAX_SHOWN).unwrap_or_default();
    let pattern = Pattern { digits, cells, sets, fillings, rules, ..Pattern::default() };
    Some(Deduction::elimination(ids::RELATION_FILLINGS, eliminations, pattern))
}

/// Digits some cells must hold (a quadruple): when the missing digits are as many as the
/// empty cells, those cells hold nothing else; a digit needed as often as it has places
/// there goes in them (one per step); a digit needed once leaves every cell that sees all its
/// places there.
///
/// Search: the demands in order; for each, the filling of its empty cells, then its missing
/// digits in order. Every instance: each of those that changes something, a digit needed as
/// often as it has places giving one step per place.
fn required_digits(grid: &Grid, finds: &mut Finds) {
    let layout = grid.layout();
    for demand in layout.demands() {
        let Constraint::Contains { cells, digits, .. } = demand else { continue };
        let missing = missing_digits(grid, cells, digits);
        if missing.is_empty() {
            continue;
        }
        let empty: Vec<CellId> = cells.iter().copied().filter(|&c| grid.digit(c).is_none()).collect();
        let wanted: Candidates = missing.iter().copied().collect();
        let pattern = |digits: Candidates| Pattern { digits, cells: cells.clone(), ..Pattern::default() };
        // The empty cells are all taken by the missing digits.
        if missing.len() == empty.len() {
            let eliminations: Vec<Elimination> = empty
                .iter()
                .flat_map(|&c| grid.candidates(c).difference(wanted).iter().map(move |digit| Elimination { cell: c, digit, via: None }))
                .collect();
            if !eliminations.is_empty() && finds.add(Deduction::elimination(ids::REQUIRED_DIGITS, eliminations, pattern(wanted))) {
                return;
            }
        }
        for d in wanted.iter() {
            let need = missing.iter().filter(|&&m| m == d).count();
            let places: CellSet = empty.iter().copied().filter(|&c| grid.has_candidate(c, d)).collect();
            if places.len() == need {
                // Why one cell per step when the digit is needed more than once: if two of
                // its places saw each other, placing both would hide a broken puzzle; placing
                // one takes the digit from its peers, and the demand's check then sees it.
                for cell in places.iter() {
                    let placements = vec![Placement { cell, digit: d }];
                    let step = Deduction { placements, ..Deduction::elimination(ids::REQUIRED_DIGITS, Vec::new(), pattern(Candidates::single(d))) };
                    if finds.add(step) {
                        return;
                    }
                }
            } else if need == 1 {
                let mut eliminations = eliminate_seeing_all(grid, &places, d);
                eliminations.retain(|e| !cells.contains(&e.cell));
                if !eliminations.is_empty() && finds.add(Deduction::elimination(ids::REQUIRED_DIGITS, eliminations, pattern(Candidates::single(d)))) {
                    return;
                }
            }
        }
    }
}

/// The demanded digits not yet placed in `cells`, each as often as it is still missing.
fn missing_digits(grid: &Grid, cells: &[CellId], digits: &[Digit]) -> Vec<Digit> {
    let mut missing = digits.to_vec();
    for &c in cells {
        if let Some(d) = grid.digit(c) {
            if let Some(i) = missing.iter().position(|&m| m == d) {
                missing.swap_remove(i);
            }
        }
    }
    missing.sort_unstable();
    missing
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::formats::parse_candidate_line;
    use crate::strategies::cases::{Case, cases};
    use crate::strategies::test_support::every;

    /// The case on `line` of technique `id`'s guide.
    fn guide_case(id: &str, line: usize) -> Case {
        let t = TECHNIQUES.iter().find(|t| t.id == id).expect("a technique of the family");
        cases(t.guide).unwrap().into_iter().find(|c| c.line == line).expect("a case on that line")
    }

    fn position(case: &Case) -> Grid {
        parse_candidate_line(&case.position, case.layout().unwrap()).unwrap()
    }

    #[test]
    fn link_exclusion_lists_each_cell_and_target() {
        // The guide's V on an empty grid: both of its cells lose 5 to 9.
        let all = every(&position(&guide_case(ids::LINK_EXCLUSION, 72)), link_exclusion);
        assert_eq!(all, ["r5c5<>5 (xv), r5c5<>6 (xv), r5c5<>7 (xv), r5c5<>8 (xv), r5c5<>9 (xv)", "r5c6<>5 (xv), r5c6<>6 (xv), r5c6<>7 (xv), r5c6<>8 (xv), r5c6<>9 (xv)"]);
    }

    #[test]
    fn relation_fillings_lists_each_group() {
        // Two minimum cells, r2c2 and r5c5, each below four neighbours that cannot be 1:
        // each is at most 5, one group each.
        let mut tokens = vec!["123456789"; 81];
        for (min, around) in [(10, [1, 9, 11, 19]), (40, [31, 39, 41, 49])] {
            tokens[min] = "123456";
            for n in around {
                tokens[n] = "23456789";
            }
        }
        let case = cases(&format!("case min-max@r2c2=min min-max@r5c5=min: {} => !", tokens.join(" "))).unwrap().remove(0);
        assert_eq!(every(&position(&case), relation_fillings), ["r2c2<>6 (min-max)", "r5c5<>6 (min-max)"]);
    }

    #[test]
    fn required_digits_lists_the_filling_and_each_digit() {
        // The guide's 1, 2 and 3 around r7c7: the three empty cells hold only them, and each
        // of the three leaves box 9 outside the quadruple.
        let all = every(&position(&guide_case(ids::REQUIRED_DIGITS, 61)), required_digits);
        assert_eq!(all.len(), 4, "{all:?}");
        assert!(all[0].starts_with("r7c8<>4, r7c8<>5"), "the guide's step first: {all:?}");
        assert_eq!(all[1..], ["r7c9<>1, r8c9<>1, r9c7<>1, r9c8<>1, r9c9<>1", "r7c9<>2, r8c9<>2, r9c7<>2, r9c8<>2, r9c9<>2", "r7c9<>3, r8c9<>3, r9c7<>3, r9c8<>3, r9c9<>3"]);
    }
}
