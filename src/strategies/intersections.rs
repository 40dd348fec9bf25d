//! Intersections: Pointing and Claiming, the two directions of box/line reduction
//! (guides `strategies/pointing.md`, `strategies/claiming.md`).

use std::cell::RefCell;

use super::memo::DigitMemo;
use super::{Technique, eliminate_seeing_all, fire};
use crate::deduction::{Deduction, Pattern};
use crate::grid::{Candidates, CellSet, Digit, Grid};
use crate::layout::{HouseId, HouseKind, Layout};

pub(super) static TECHNIQUES: &[Technique] = &[
    technique!("pointing", "Pointing", "intersections", 26, pointing),
    technique!("claiming", "Claiming", "intersections", 28, claiming),
];

/// A digit whose candidates in a box all lie in one row or column must be placed in that
/// line inside the box, so it leaves the rest of the line (and any cell that sees all of them).
pub fn pointing(grid: &mut Grid) -> bool {
    let found = reduce(grid, "pointing", &[HouseKind::Box], &[HouseKind::Row, HouseKind::Column]);
    fire(grid, found)
}

/// A digit whose candidates in a row or column all lie in one box must be placed there, so
/// it leaves the rest of that box (and any cell that sees all of them).
pub fn claiming(grid: &mut Grid) -> bool {
    let found = reduce(grid, "claiming", &[HouseKind::Row, HouseKind::Column], &[HouseKind::Box]);
    fire(grid, found)
}

thread_local! {
    /// Per digit, the houses where pointing (first) and claiming (second) find the digit
    /// confined and removing something (see [`memo`](super::memo)).
    static MEMO: [RefCell<DigitMemo<CellSet>>; 2] = std::array::from_fn(|_| RefCell::new(DigitMemo::default()));
}

/// The shared search: a digit confined, within a house of a `base` kind, to its intersection
/// with one house of a `cover` kind. The first in base kind order, then house order, then
/// digit order.
///
/// Why a memo per digit: whether a digit is confined in a house, and whether that removes
/// something, depends only on the cells holding the digit, so each digit's houses are
/// searched again only when its cells changed; only "not placed in the house" is checked
/// on each call.
fn reduce(grid: &Grid, technique: &'static str, base: &[HouseKind], cover: &[HouseKind]) -> Option<Deduction> {
    let layout = grid.layout();
    let which = usize::from(technique == "claiming");
    let (house, digit) = MEMO.with(|memos| {
        let mut memo = memos[which].borrow_mut();
        let found = memo.by_digit(grid, |digit| confining_houses(grid, digit, base, cover));
        let mut any = CellSet::new();
        for houses in found.iter() {
            any = any.union(houses);
        }
        if any.is_empty() {
            return None;
        }
        for &kind in base {
            for house in layout.houses_of_kind(kind).filter(|&h| any.contains(h)) {
                let placed = grid.house_placed(house);
                for (i, houses) in found.iter().enumerate() {
                    let digit = i as Digit + 1;
                    if houses.contains(house) && !placed.contains(digit) {
                        return Some((house, digit));
                    }
                }
            }
        }
        None
    })?;
    let positions = grid.house_digit_cells(house, digit);
    let line = cover.iter().find_map(|&kind| shared_house(layout, &positions, kind))?;
    let eliminations = eliminate_seeing_all(grid, &positions, digit);
    let pattern = Pattern {
        digits: Candidates::single(digit),
        cells: positions.iter().collect(),
        base: vec![house],
        cover: vec![line],
        ..Pattern::default()
    };
    Some(Deduction::elimination(technique, eliminations, pattern))
}

/// The houses of a `base` kind (as a set of house ids) where `digit` has two places or more,
/// all in one house of a `cover` kind, and some cell outside sees them all and holds it.
fn confining_houses(grid: &Grid, digit: Digit, base: &[HouseKind], cover: &[HouseKind]) -> CellSet {
    let layout = grid.layout();
    let cells = grid.digit_cells(digit);
    let mut houses = CellSet::new();
    for &kind in base {
        for house in layout.houses_of_kind(kind) {
            let positions = cells.intersection(layout.house_set(house));
            if positions.len() < 2 || !cover.iter().any(|&kind| shared_house(layout, &positions, kind).is_some()) {
                continue;
            }
            if !layout.common_peers(positions.iter()).intersection(cells).is_empty() {
                houses.insert(house);
            }
        }
    }
    houses
}

/// The house of `kind` that holds every one of `cells`, if there is one.
fn shared_house(layout: &Layout, cells: &CellSet, kind: HouseKind) -> Option<HouseId> {
    let first = cells.first()?;
    let candidate = layout.houses_of(first).iter().copied().find(|&h| layout.house(h).kind == kind)?;
    (cells.difference(layout.house_set(candidate)).is_empty()).then_some(candidate)
}
