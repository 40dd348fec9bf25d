//! Techniques that work through what variant rules add beyond houses and peers: the links
//! between candidates (a dot, a mark, non-consecutive) and the digits some cells must hold
//! (a quadruple). They know no rule by name: they read [`Layout::links`] and
//! [`Layout::demands`], so every rule that makes links or demands gets them (guides
//! `strategies/link-exclusion.md`, `strategies/required-digits.md`).

use super::{eliminate_seeing_all, fire};
use crate::constraints::Constraint;
use crate::deduction::{CellGroup, Deduction, Elimination, Pattern, Placement};
use crate::grid::{Candidates, CellSet, Digit, Grid};
use crate::layout::{CellId, HouseId, Layout};
use crate::rules::Rule;

techniques! {
    family: Rules;
    REQUIRED_DIGITS = "required-digits", "Required Digits", 20, required_digits;
    LINK_EXCLUSION = "link-exclusion", "Link Exclusion", 24, link_exclusion;
}

/// A candidate that, through the rules' links (and its peers), would leave another cell
/// with no candidate, or a digit with no place in a house, is false. Several candidates of
/// one cell that fail against the same cell or house go in one step.
pub fn link_exclusion(grid: &mut Grid) -> bool {
    let found = find_link_exclusion(grid);
    fire(grid, found)
}

fn find_link_exclusion(grid: &Grid) -> Option<Deduction> {
    let layout = grid.layout();
    if !layout.has_links() {
        return None;
    }
    for a in grid.empty_cells().iter() {
        let candidates = grid.candidates(a);
        // The first target any candidate of `a` fails against, then every candidate of `a`
        // that fails against that same target.
        let target = candidates.iter().find_map(|d| emptied_cell(grid, a, d).map(Target::Cell).or_else(|| emptied_place(grid, a, d).map(|(h, e)| Target::Place(h, e))));
        let Some(target) = target else { continue };
        let failing: Vec<Digit> = candidates
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
        return Some(Deduction::elimination(ids::LINK_EXCLUSION, eliminations, pattern));
    }
    None
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

/// The first linked cell that `a = d` would leave without a candidate.
fn emptied_cell(grid: &Grid, a: CellId, d: Digit) -> Option<CellId> {
    grid.layout().links(a, d).iter().map(|l| l.cell).find(|&b| removes_all_of_cell(grid, a, d, b))
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

/// The first house and digit whose every place `a = d` would rule out, looking only at
/// houses that hold a cell `a = d` links to (elsewhere a link cannot help).
fn emptied_place(grid: &Grid, a: CellId, d: Digit) -> Option<(HouseId, Digit)> {
    let layout = grid.layout();
    let mut seen: u64 = 0;
    for link in layout.links(a, d) {
        for &house in layout.houses_of(link.cell) {
            if seen & (1 << house) != 0 {
                continue;
            }
            seen |= 1 << house;
            for e in link.digits.union(Candidates::single(d)).iter() {
                if removes_every_place(grid, a, d, house, e) == Some(true) {
                    return Some((house, e));
                }
            }
        }
    }
    None
}

/// Digits some cells must hold (a quadruple): when the missing digits are as many as the
/// empty cells, those cells hold nothing else; a digit needed as often as it has places
/// there goes in them (one per step); a digit needed once leaves every cell that sees all its
/// places there.
pub fn required_digits(grid: &mut Grid) -> bool {
    let found = find_required_digits(grid);
    fire(grid, found)
}

fn find_required_digits(grid: &Grid) -> Option<Deduction> {
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
            if !eliminations.is_empty() {
                return Some(Deduction::elimination(ids::REQUIRED_DIGITS, eliminations, pattern(wanted)));
            }
        }
        for d in wanted.iter() {
            let need = missing.iter().filter(|&&m| m == d).count();
            let places: CellSet = empty.iter().copied().filter(|&c| grid.has_candidate(c, d)).collect();
            if places.len() == need {
                // Why one cell per step when the digit is needed more than once: if two of
                // its places saw each other, placing both would hide a broken puzzle; placing
                // one takes the digit from its peers, and the demand's check then sees it.
                let placements: Vec<Placement> = places.iter().take(1).map(|cell| Placement { cell, digit: d }).collect();
                return Some(Deduction { placements, ..Deduction::elimination(ids::REQUIRED_DIGITS, Vec::new(), pattern(Candidates::single(d))) });
            }
            if need == 1 {
                let mut eliminations = eliminate_seeing_all(grid, &places, d);
                eliminations.retain(|e| !cells.contains(&e.cell));
                if !eliminations.is_empty() {
                    return Some(Deduction::elimination(ids::REQUIRED_DIGITS, eliminations, pattern(Candidates::single(d))));
                }
            }
        }
    }
    None
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
