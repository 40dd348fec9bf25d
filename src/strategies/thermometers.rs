//! Thermometer Bounds: along a thermometer each cell is above the cell before it and below
//! the cell after it, so its candidates lie between bounds carried from the bulb and from
//! the tip (guide `strategies/thermometer-bounds.md`).
//!
//! Reads [`Layout::thermometers`] for the order of each line. The rise itself is also a
//! link between every two cells of a line, so Link Exclusion and the chains reach the same
//! candidates one at a time; this technique takes a whole line in one step, the way a
//! solver reads it ("the bulb of a four-cell thermometer is at most 6").

use super::Finds;
use crate::deduction::{CellGroup, Deduction, Elimination, Pattern};
use crate::grid::{Candidates, Grid};
use crate::layout::CellId;
use crate::rules::Rule;

techniques! {
    family: Rules;
    THERMOMETER_BOUNDS = "thermometer-bounds", "Thermometer Bounds", 21, thermometer_bounds;
}

/// For each thermometer line, from the bulb: each cell's lowest digit is its lowest
/// candidate above the lowest digit of the cell before it; from the tip: its highest digit
/// is its highest candidate below the highest digit of the cell after it. Candidates outside
/// those bounds go.
///
/// Search: the lines in the layout's order. Every instance: each line whose bounds remove
/// something.
fn thermometer_bounds(grid: &Grid, finds: &mut Finds) {
    let layout = grid.layout();
    for line in layout.thermometers() {
        if let Some(found) = line_deduction(grid, line)
            && finds.add(found)
        {
            return;
        }
    }
}

/// Each cell's bounds along `line` (the lowest and highest digit it can take given the
/// cells before and after it), or `None` when some cell has no digit left between them
/// (a contradiction, for the solver to find).
pub fn line_bounds(grid: &Grid, line: &[CellId]) -> Option<Vec<(u8, u8)>> {
    // Why a placed digit as its one candidate: it bounds its neighbours like any other.
    let cands: Vec<Candidates> = line.iter().map(|&c| grid.digit(c).map_or_else(|| grid.candidates(c), Candidates::single)).collect();
    let mut bounds = vec![(0u8, 0u8); line.len()];
    let mut floor = 0;
    for (i, c) in cands.iter().enumerate() {
        floor = c.iter().find(|&d| d > floor)?;
        bounds[i].0 = floor;
    }
    let mut ceiling = u8::MAX;
    for (i, c) in cands.iter().enumerate().rev() {
        ceiling = c.iter().filter(|&d| d < ceiling).last()?;
        bounds[i].1 = ceiling;
    }
    Some(bounds)
}

/// What the bounds of `line` remove, if anything.
fn line_deduction(grid: &Grid, line: &[CellId]) -> Option<Deduction> {
    if line.iter().all(|&c| grid.digit(c).is_some()) {
        return None;
    }
    let bounds = line_bounds(grid, line)?;
    let mut eliminations = Vec::new();
    for (&cell, &(low, high)) in line.iter().zip(&bounds) {
        if grid.digit(cell).is_some() {
            continue;
        }
        let outside = grid.candidates(cell).iter().filter(|&d| d < low || d > high);
        eliminations.extend(outside.map(|digit| Elimination { cell, digit, via: Some(Rule::Thermometer) }));
    }
    if eliminations.is_empty() {
        return None;
    }
    // Why a set per cell: the explanation reads each cell's range from it.
    let sets = line.iter().zip(&bounds).map(|(&cell, &(low, high))| CellGroup { cells: vec![cell], digits: (low..=high).collect() }).collect();
    let pattern = Pattern { cells: line.to_vec(), sets, rules: vec![Rule::Thermometer], ..Pattern::default() };
    Some(Deduction::elimination(ids::THERMOMETER_BOUNDS, eliminations, pattern))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::constraints::Constraint;
    use crate::formats::fpuzzles::{Rules as Marks, Thermometer};
    use crate::layout::LayoutSpec;
    use crate::rules::Rules;
    use crate::strategies::test_support::every;
    use std::sync::Arc;

    /// An empty `size`x`size` grid with these thermometer lines.
    fn grid(size: usize, lines: &[&[CellId]]) -> Grid {
        let marks = Marks { thermometers: vec![Thermometer { lines: lines.iter().map(|l| l.to_vec()).collect() }], ..Marks::default() };
        let constraints: Vec<Constraint> = crate::formats::constraints_of(size, &marks);
        let spec = LayoutSpec { rules: Rules::classic().with(Rule::Thermometer), constraints, ..LayoutSpec::new(size) };
        Grid::new(Arc::new(spec.build().unwrap()), &vec![None; size * size]).unwrap()
    }

    #[test]
    fn bounds_run_from_the_bulb_and_from_the_tip() {
        // Three cells on a 9x9 grid: 1-7, 2-8, 3-9.
        let g = grid(9, &[&[0, 1, 2]]);
        assert_eq!(line_bounds(&g, &[0, 1, 2]), Some(vec![(1, 7), (2, 8), (3, 9)]));
        // A branching thermometer on a 6x6 grid: each branch is bounded on its own, the
        // shared bulb by the longer branch.
        let g = grid(6, &[&[0, 1, 2, 3], &[0, 6]]);
        let all = every(&g, thermometer_bounds);
        assert_eq!(all.len(), 2, "{all:?}");
        assert!(all[0].contains("r1c1<>4 (thermometer)") && all[0].contains("r1c4<>3 (thermometer)"), "{all:?}");
        assert!(all[1].contains("r2c1<>1 (thermometer)") && !all[1].contains("r2c1<>2"), "{all:?}");
    }

    #[test]
    fn a_gap_in_the_candidates_moves_the_bounds_past_it() {
        // r1c2 lacks 2 and 3: with the bulb at least 1, r1c2 is at least 4, r1c3 at least 5.
        let mut g = grid(9, &[&[0, 1, 2]]);
        for d in [2, 3] {
            g.apply(Deduction::elimination("test", vec![Elimination { cell: 1, digit: d, via: None }], Pattern::default()));
        }
        assert_eq!(line_bounds(&g, &[0, 1, 2]), Some(vec![(1, 7), (4, 8), (5, 9)]));
    }
}
