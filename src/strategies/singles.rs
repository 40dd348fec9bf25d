//! Singles: Full House, Naked Single and Hidden Single (guides `strategies/full-house.md`,
//! `strategies/naked-single.md`, `strategies/hidden-single.md`).

use super::{Technique, fire};
use crate::deduction::{Deduction, Pattern};
use crate::grid::{Candidates, Grid};
use crate::layout::HouseKind;

pub(super) static TECHNIQUES: &[Technique] = &[
    technique!("full-house", "Full House", "singles", 10, full_house),
    technique!("hidden-single", "Hidden Single", "singles", 15, hidden_single),
    technique!("naked-single", "Naked Single", "singles", 23, naked_single),
];

/// A house with one empty cell: it takes the one digit the house is missing.
pub fn full_house(grid: &mut Grid) -> bool {
    let found = (0..grid.layout().houses().len()).find_map(|house| {
        let cells = &grid.layout().house(house).cells;
        let mut empty = cells.iter().copied().filter(|&c| grid.digit(c).is_none());
        let cell = empty.next()?;
        if empty.next().is_some() {
            return None;
        }
        let missing = Candidates::all(cells.len()).difference(grid.house_placed(house));
        // Why: the digit must also still be a candidate, or the grid is already broken.
        let digit = missing.single_digit().filter(|&d| grid.has_candidate(cell, d))?;
        let pattern = Pattern { digits: Candidates::single(digit), cells: vec![cell], base: vec![house], ..Pattern::default() };
        Some(Deduction::placement("full-house", cell, digit, pattern))
    });
    fire(grid, found)
}

/// A cell with one candidate left takes it.
pub fn naked_single(grid: &mut Grid) -> bool {
    let found = (0..grid.layout().cell_count()).find_map(|cell| {
        let digit = grid.candidates(cell).single_digit()?;
        let pattern = Pattern { digits: Candidates::single(digit), cells: vec![cell], ..Pattern::default() };
        Some(Deduction::placement("naked-single", cell, digit, pattern))
    });
    fire(grid, found)
}

/// A digit with one place left in a house goes there. Boxes are searched first, as a
/// person scanning the grid usually does.
pub fn hidden_single(grid: &mut Grid) -> bool {
    let layout = grid.layout();
    let order = [HouseKind::Box, HouseKind::Row, HouseKind::Column];
    let houses = order.iter().flat_map(|&kind| layout.houses_of_kind(kind));
    let found = houses.into_iter().find_map(|house| {
        let cells = &layout.house(house).cells;
        let placed = grid.house_placed(house);
        Candidates::all(cells.len()).difference(placed).iter().find_map(|digit| {
            let positions = grid.house_positions(house, digit);
            // Why: exactly one position; none at all would be a contradiction, not a single.
            if positions.count_ones() != 1 {
                return None;
            }
            let cell = cells[positions.trailing_zeros() as usize];
            let pattern = Pattern { digits: Candidates::single(digit), cells: vec![cell], base: vec![house], ..Pattern::default() };
            Some(Deduction::placement("hidden-single", cell, digit, pattern))
        })
    });
    fire(grid, found)
}
