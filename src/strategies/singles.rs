//! Singles: Full House, Naked Single and Hidden Single (guides `strategies/full-house.md`,
//! `strategies/naked-single.md`, `strategies/hidden-single.md`).

use std::cell::RefCell;

use super::memo::HouseMemo;
use super::{caches, fire};
use crate::deduction::{Deduction, Pattern};
use crate::grid::{Candidates, Digit, Grid};
use crate::layout::{CellId, HouseId, HouseKind};

/// What the singles remember between calls, in their field of the per-thread home
/// ([`caches`](super::caches)).
#[derive(Default)]
pub(super) struct Cache {
    /// The hidden single of each house, if any (see [`memo`](super::memo)): it depends on
    /// the house's candidates and placed digits only.
    // Why: the solver tries hidden singles after every step, and a step changes a few houses.
    hidden: RefCell<HouseMemo<Option<(CellId, Digit)>>>,
}

techniques! {
    family: Singles;
    FULL_HOUSE = "full-house", "Full House", 10, full_house;
    HIDDEN_SINGLE = "hidden-single", "Hidden Single", 15, hidden_single;
    NAKED_SINGLE = "naked-single", "Naked Single", 23, naked_single;
}

/// A house with one empty cell: it takes the one digit the house is missing.
pub fn full_house(grid: &mut Grid) -> bool {
    let layout = grid.layout();
    let found = (0..layout.houses().len()).find_map(|house| {
        let cell = layout.house_set(house).intersection(grid.empty_cells()).single()?;
        let missing = Candidates::all(layout.house(house).cells.len()).difference(grid.house_placed(house));
        // Why: the digit must also still be a candidate, or the grid is already broken.
        let digit = missing.single_digit().filter(|&d| grid.has_candidate(cell, d))?;
        let pattern = Pattern { digits: Candidates::single(digit), cells: vec![cell], base: vec![house], ..Pattern::default() };
        Some(Deduction::placement(ids::FULL_HOUSE, cell, digit, pattern))
    });
    fire(grid, found)
}

/// A cell with one candidate left takes it.
pub fn naked_single(grid: &mut Grid) -> bool {
    let found = grid.empty_cells().iter().find_map(|cell| {
        let digit = grid.candidates(cell).single_digit()?;
        let pattern = Pattern { digits: Candidates::single(digit), cells: vec![cell], ..Pattern::default() };
        Some(Deduction::placement(ids::NAKED_SINGLE, cell, digit, pattern))
    });
    fire(grid, found)
}

/// A digit with one place left in a house goes there. Boxes are searched first, as a
/// person scanning the grid usually does.
pub fn hidden_single(grid: &mut Grid) -> bool {
    let layout = grid.layout();
    let found = caches::with(|c| {
        let mut memo = c.singles.hidden.borrow_mut();
        let found = memo.by_house(grid, |house| hidden_single_in(grid, house));
        let order = [HouseKind::Box, HouseKind::Row, HouseKind::Column, HouseKind::Extra];
        let mut houses = order.iter().flat_map(|&kind| layout.houses_of_kind(kind));
        houses.find_map(|house| found.get(house).map(|(cell, digit)| (house, cell, digit)))
    });
    let found = found.map(|(house, cell, digit)| {
        let pattern = Pattern { digits: Candidates::single(digit), cells: vec![cell], base: vec![house], ..Pattern::default() };
        Deduction::placement(ids::HIDDEN_SINGLE, cell, digit, pattern)
    });
    fire(grid, found)
}

/// The lowest digit with one place left in `house`, and that place.
fn hidden_single_in(grid: &Grid, house: HouseId) -> Option<(CellId, Digit)> {
    let layout = grid.layout();
    // Why: counting bit-sliced over the house's cells finds every digit with exactly one
    // place at once (none at all would be a contradiction, not a single).
    let (mut once, mut more) = (0u16, 0u16);
    for &cell in &layout.house(house).cells {
        let bits = grid.candidates(cell).bits();
        more |= once & bits;
        once |= bits;
    }
    let digit = Candidates::from_bits(once & !more).difference(grid.house_placed(house)).iter().next()?;
    let cell = layout.house_set(house).intersection(grid.digit_cells(digit)).first()?;
    Some((cell, digit))
}
