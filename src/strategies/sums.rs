//! Sum Bounds: an arrow or a little killer keeps the candidates that leave the rest of its
//! sum within reach, each other cell between its lowest and highest candidate (guide
//! `strategies/sum-bounds.md`). Sum Combinations: a weighted sum keeps the candidates some
//! filling of its cells puts there (guide `strategies/sum-combinations.md`).
//!
//! Reads [`Layout::weighted_sums`] and nothing else of the rules: the arithmetic is
//! [`crate::sums::prune_by_bounds`], the same the search and the contradiction check use,
//! and [`crate::sums::Fillings`].

use std::cell::RefCell;

use super::{Finds, caches, eliminate_seeing_all};
use crate::constraints::Constraint;
use crate::deduction::{CellGroup, Deduction, Elimination, Pattern};
use crate::grid::{Candidates, CellSet, Digit, Grid};
use crate::layout::LayoutId;

/// What Sum Combinations remembers between calls, in its field of the per-thread home
/// ([`caches`](super::caches)): per weighted sum of the layout, the state of its cells when
/// its fillings last removed nothing (a candidate mask per empty cell, a placed digit's bit
/// with the top bit set), with the digits every filling needed and their places then. Why:
/// the solver asks again after every step, most steps leave a sum's cells alone, and the
/// same cells give the same fillings, so the search, which can run to its whole budget on a
/// long sum, is skipped; only the cells that see all of a needed digit's places, outside
/// the sum, are looked at again (they may hold the digit in another position).
#[derive(Default)]
pub(super) struct Cache {
    quiet: RefCell<(Option<LayoutId>, Vec<Option<Quiet>>)>,
}

/// A sum's state when its fillings last removed nothing (see [`Cache`]).
#[derive(Clone)]
struct Quiet {
    state: Vec<u16>,
    needed: Vec<(Digit, CellSet)>,
}

techniques! {
    family: Rules;
    SUM_BOUNDS = "sum-bounds", "Sum Bounds", 22, sum_bounds;
    SUM_COMBINATIONS = "sum-combinations", "Sum Combinations", 23, sum_combinations;
}

/// The most fillings a step keeps in its pattern (its explanation lists a few of them and
/// counts the rest); past them it keeps none and names the removals instead.
const MAX_KEPT: usize = 60;

/// How many digits a step may try in the cells of one sum before it gives the sum up (see
/// [`crate::sums::Fillings`]): enough for every short sum, and for a long one once its
/// candidates have narrowed.
const BUDGET: usize = 20_000;

/// For each weighted sum (an arrow: the shaft adds up to the circle; a little killer: the
/// diagonal adds up to the clue), a candidate goes when, with it in its cell, the other
/// cells could not make the rest even at their extremes: the circle is at least the sum of
/// the shaft's lowest candidates and at most the sum of their highest, a shaft cell at most
/// the circle's highest less the other shaft cells' lowest, and so on to a fixed point.
///
/// Search: the sums in the layout's order. Every instance: each sum whose bounds remove
/// something.
fn sum_bounds(grid: &Grid, finds: &mut Finds) {
    let layout = grid.layout();
    for sum in layout.weighted_sums() {
        if let Some(found) = sum_deduction(grid, sum)
            && finds.add(found)
        {
            return;
        }
    }
}

/// What the bounds of one sum remove, if anything.
fn sum_deduction(grid: &Grid, sum: &Constraint) -> Option<Deduction> {
    let Constraint::Sum { rule, cells, weights, total } = sum else { return None };
    let (left, empty_weights, mut cands) = crate::sums::state(cells, weights, *total, |c| grid.digit(c), |c| grid.candidates(c).bits());
    if cands.is_empty() {
        return None;
    }
    let before = cands.clone();
    // Why leave a sum that cannot be made alone: that is a contradiction for the solver.
    if !crate::sums::prune_by_bounds(left, &empty_weights, &mut cands) {
        return None;
    }
    let empty: Vec<usize> = cells.iter().copied().filter(|&c| grid.digit(c).is_none()).collect();
    let mut eliminations = Vec::new();
    for ((&cell, &was), &now) in empty.iter().zip(&before).zip(&cands) {
        eliminations.extend(Candidates::from_bits(was & !now).iter().map(|digit| Elimination { cell, digit, via: Some(*rule) }));
    }
    if eliminations.is_empty() {
        return None;
    }
    // Why a set per cell (placed ones too): the explanation reads each cell's range from it.
    let sets = cells
        .iter()
        .map(|&cell| {
            let digits = match grid.digit(cell) {
                Some(d) => Candidates::single(d),
                None => Candidates::from_bits(cands[empty.iter().position(|&c| c == cell).expect("an empty cell")]),
            };
            CellGroup { cells: vec![cell], digits }
        })
        .collect();
    let pattern = Pattern { cells: cells.clone(), sets, rules: vec![*rule], ..Pattern::default() };
    Some(Deduction::elimination(ids::SUM_BOUNDS, eliminations, pattern))
}

/// For each weighted sum (an arrow, a little killer, a region sum line's pieces), the
/// fillings of its empty cells: a digit per cell among its candidates, the terms making the
/// total, and no two cells holding what a rule between them forbids (the same digit where
/// they see each other). A candidate no filling puts in its cell goes, and a digit every
/// filling puts somewhere leaves each cell outside the sum that sees all its places there.
/// This sees what Sum Bounds cannot: that cells which see each other differ, and gaps
/// inside a cell's range.
///
/// Search: the sums in the layout's order. Every instance: each sum whose fillings remove
/// something, within [`BUDGET`] trials per search (one for the candidates, one per digit
/// asking whether the fillings can do without it).
fn sum_combinations(grid: &Grid, finds: &mut Finds) {
    let layout = grid.layout();
    for (index, sum) in layout.weighted_sums().enumerate() {
        let state: Vec<u16> = sum.cells().iter().map(|&c| grid.digit(c).map_or(grid.candidates(c).bits(), |d| 0x8000 | 1 << (d - 1))).collect();
        let quiet = caches::with(|c| {
            let memo = c.sums.quiet.borrow();
            let known = memo.1.get(index).and_then(Option::as_ref).filter(|q| memo.0 == Some(layout.id()) && q.state == state);
            known.is_some_and(|q| q.needed.iter().all(|(d, places)| eliminate_seeing_all(grid, places, *d).iter().all(|e| sum.cells().contains(&e.cell))))
        });
        if quiet {
            continue;
        }
        match combinations_deduction(grid, sum) {
            Ok(found) => {
                if finds.add(found) {
                    return;
                }
            }
            Err(needed) => caches::with(|c| {
                let mut memo = c.sums.quiet.borrow_mut();
                if memo.0 != Some(layout.id()) {
                    *memo = (Some(layout.id()), Vec::new());
                }
                if memo.1.len() <= index {
                    memo.1.resize(index + 1, None);
                }
                memo.1[index] = Some(Quiet { state, needed });
            }),
        }
    }
}

/// What the fillings of one sum remove; when nothing, the digits every filling needs with
/// their places (none when the sum is left alone as a contradiction or past the budget).
fn combinations_deduction(grid: &Grid, sum: &Constraint) -> Result<Deduction, Vec<(Digit, CellSet)>> {
    let Constraint::Sum { rule, cells, weights, total } = sum else { return Err(Vec::new()) };
    let layout = grid.layout();
    let (left, empty_weights, cands) = crate::sums::state(cells, weights, *total, |c| grid.digit(c), |c| grid.candidates(c).bits());
    let empty: Vec<usize> = cells.iter().copied().filter(|&c| grid.digit(c).is_none()).collect();
    // Why the layout's exclusions: two cells that see each other, or that a dot joins,
    // cannot take any pair of digits the rules forbid, in a sum as anywhere.
    let conflict = |i: usize, d: u8, j: usize, e: u8| layout.excludes(empty[i], d, empty[j], e);
    let gone = crate::sums::Fillings::new(left, &empty_weights, &cands, &conflict, BUDGET).impossible();
    // Why leave a sum with no filling at all: that is a contradiction for the solver.
    if gone.iter().zip(&cands).any(|(&g, &c)| g == c) {
        return Err(Vec::new());
    }
    let mut eliminations: Vec<Elimination> = empty
        .iter()
        .zip(&gone)
        .flat_map(|(&cell, &g)| Candidates::from_bits(g).iter().map(move |digit| Elimination { cell, digit, via: Some(*rule) }))
        .collect();
    let left_cands: Vec<u16> = cands.iter().zip(&gone).map(|(&c, &g)| c & !g).collect();
    // A digit no filling can do without, among the empty cells, leaves every cell outside
    // the sum that sees all its places there.
    let mut needed = Vec::new();
    let mut sets = Vec::new();
    for d in Candidates::from_bits(left_cands.iter().fold(0, |all, &c| all | c)).iter() {
        let without: Vec<u16> = left_cands.iter().map(|&c| c & !(1 << (d - 1))).collect();
        if crate::sums::Fillings::new(left, &empty_weights, &without, &conflict, BUDGET).fillable() != Some(false) {
            continue;
        }
        let places: CellSet = empty.iter().zip(&left_cands).filter(|&(_, &c)| c & 1 << (d - 1) != 0).map(|(&cell, _)| cell).collect();
        let mut outside = eliminate_seeing_all(grid, &places, d);
        outside.retain(|e| !cells.contains(&e.cell));
        if !outside.is_empty() {
            sets.push(CellGroup { cells: places.iter().collect(), digits: Candidates::single(d) });
            eliminations.extend(outside);
        }
        needed.push((d, places));
    }
    if eliminations.is_empty() {
        return Err(needed);
    }
    // The fillings left, over the whole sum (placed digits too), when they are few.
    let mut listing = crate::sums::Fillings::new(left, &empty_weights, &left_cands, &conflict, BUDGET);
    let fillings: Vec<Vec<u8>> = listing
        .all(MAX_KEPT)
        .map(|list| {
            list.into_iter()
                .map(|filling| {
                    let mut of_empty = filling.into_iter();
                    cells.iter().map(|&c| grid.digit(c).unwrap_or_else(|| of_empty.next().expect("a digit per empty cell"))).collect()
                })
                .collect()
        })
        .unwrap_or_default();
    let digits = Candidates::from_bits(left_cands.iter().fold(0, |all, &c| all | c));
    let fins = cells.iter().copied().filter(|c| !empty.contains(c)).collect();
    let pattern = Pattern { digits, cells: cells.clone(), fins, fillings, sets, rules: vec![*rule], ..Pattern::default() };
    Ok(Deduction::elimination(ids::SUM_COMBINATIONS, eliminations, pattern))
}
