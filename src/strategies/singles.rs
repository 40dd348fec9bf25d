//! Singles: Full House, Naked Single and Hidden Single (guides `strategies/full-house.md`,
//! `strategies/naked-single.md`, `strategies/hidden-single.md`).

use std::cell::RefCell;

use super::memo::HouseMemo;
use super::{Finds, caches, fire};
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
    FULL_HOUSE = "full-house", "Full House", 10, full_houses;
    HIDDEN_SINGLE = "hidden-single", "Hidden Single", 15, hidden_singles;
    NAKED_SINGLE = "naked-single", "Naked Single", 23, naked_singles;
}

/// A house with one empty cell: it takes the one digit the house is missing.
pub fn full_house(grid: &mut Grid) -> bool {
    fire(grid, full_houses)
}

/// A cell with one candidate left takes it.
pub fn naked_single(grid: &mut Grid) -> bool {
    fire(grid, naked_singles)
}

/// A digit with one place left in a house goes there. Boxes are searched first, as a
/// person scanning the grid usually does.
pub fn hidden_single(grid: &mut Grid) -> bool {
    fire(grid, hidden_singles)
}

/// The search of [`full_house`]: the houses in order.
fn full_houses(grid: &Grid, finds: &mut Finds) {
    let layout = grid.layout();
    for house in 0..layout.houses().len() {
        let Some(cell) = layout.house_set(house).intersection(grid.empty_cells()).single() else { continue };
        let missing = Candidates::all(layout.house(house).cells.len()).difference(grid.house_placed(house));
        // Why: the digit must also still be a candidate, or the grid is already broken.
        let Some(digit) = missing.single_digit().filter(|&d| grid.has_candidate(cell, d)) else { continue };
        let pattern = Pattern { digits: Candidates::single(digit), cells: vec![cell], base: vec![house], ..Pattern::default() };
        if finds.add(Deduction::placement(ids::FULL_HOUSE, cell, digit, pattern)) {
            return;
        }
    }
}

/// The search of [`naked_single`]: the cells in order.
fn naked_singles(grid: &Grid, finds: &mut Finds) {
    for cell in grid.empty_cells().iter() {
        let Some(digit) = grid.candidates(cell).single_digit() else { continue };
        let pattern = Pattern { digits: Candidates::single(digit), cells: vec![cell], ..Pattern::default() };
        if finds.add(Deduction::placement(ids::NAKED_SINGLE, cell, digit, pattern)) {
            return;
        }
    }
}

/// The search of [`hidden_single`]: boxes, rows, columns, then extra houses. The memo keeps
/// one single per house (the first in cell order); every single of a house is found when
/// every instance is asked for.
fn hidden_singles(grid: &Grid, finds: &mut Finds) {
    let layout = grid.layout();
    let order = [HouseKind::Box, HouseKind::Row, HouseKind::Column, HouseKind::Extra];
    let houses = || order.iter().flat_map(|&kind| layout.houses_of_kind(kind));
    let single = |house: HouseId, cell: CellId, digit: Digit| {
        let pattern = Pattern { digits: Candidates::single(digit), cells: vec![cell], base: vec![house], ..Pattern::default() };
        Deduction::placement(ids::HIDDEN_SINGLE, cell, digit, pattern)
    };
    let first = caches::with(|c| {
        let mut memo = c.singles.hidden.borrow_mut();
        let found = memo.by_house(grid, |house| hidden_single_in(grid, house));
        houses().find_map(|house| found.get(house).map(|(cell, digit)| (house, cell, digit)))
    });
    let Some((house, cell, digit)) = first else { return };
    if finds.add(single(house, cell, digit)) {
        return;
    }
    for house in houses() {
        // Why: the first is offered again here, and taken once.
        for (cell, digit) in hidden_singles_in(grid, house) {
            if finds.add(single(house, cell, digit)) {
                return;
            }
        }
    }
}

/// The lowest digit with one place left in `house`, and that place.
fn hidden_single_in(grid: &Grid, house: HouseId) -> Option<(CellId, Digit)> {
    hidden_singles_in(grid, house).next()
}

/// Each digit with one place left in `house`, lowest first, and that place.
fn hidden_singles_in(grid: &Grid, house: HouseId) -> impl Iterator<Item = (CellId, Digit)> + '_ {
    let layout = grid.layout();
    // Why: counting bit-sliced over the house's cells finds every digit with exactly one
    // place at once (none at all would be a contradiction, not a single).
    let (mut once, mut more) = (0u16, 0u16);
    for &cell in &layout.house(house).cells {
        let bits = grid.candidates(cell).bits();
        more |= once & bits;
        once |= bits;
    }
    let digits = Candidates::from_bits(once & !more).difference(grid.house_placed(house));
    digits.iter().filter_map(move |digit| Some((layout.house_set(house).intersection(grid.digit_cells(digit)).first()?, digit)))
}
