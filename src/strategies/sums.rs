//! Sum Bounds: an arrow or a little killer keeps the candidates that leave the rest of its
//! sum within reach, each other cell between its lowest and highest candidate (guide
//! `strategies/sum-bounds.md`).
//!
//! Reads [`Layout::weighted_sums`] and nothing else of the rules: the arithmetic is
//! [`crate::sums::prune_by_bounds`], the same the search and the contradiction check use.

use super::Finds;
use crate::constraints::Constraint;
use crate::deduction::{CellGroup, Deduction, Elimination, Pattern};
use crate::grid::{Candidates, Grid};

techniques! {
    family: Rules;
    SUM_BOUNDS = "sum-bounds", "Sum Bounds", 22, sum_bounds;
}

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
