//! Intersections: Pointing and Claiming, the two directions of box/line reduction
//! (guides `strategies/pointing.md`, `strategies/claiming.md`).

use super::{Technique, eliminate_seeing_all, fire};
use crate::deduction::{Deduction, Pattern};
use crate::grid::{Candidates, CellSet, Grid, MAX_SIZE};
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

/// The shared search: a digit confined, within a house of a `base` kind, to its intersection
/// with one house of a `cover` kind.
fn reduce(grid: &Grid, technique: &'static str, base: &[HouseKind], cover: &[HouseKind]) -> Option<Deduction> {
    let layout = grid.layout();
    // Why plain loops that return early: the search runs after nearly every step and almost
    // always finds nothing; carrying an `Option<Deduction>` through nested `find_map`s made
    // the compiler copy the (large) deduction at every house.
    for &kind in base {
        for house in layout.houses_of_kind(kind) {
            let confined = confined_digits(grid, house, cover);
            for digit in confined.iter() {
                let positions = grid.house_digit_cells(house, digit);
                let Some(line) = cover.iter().find_map(|&kind| shared_house(layout, &positions, kind)) else { continue };
                let eliminations = eliminate_seeing_all(grid, &positions, digit);
                if eliminations.is_empty() {
                    continue;
                }
                let pattern = Pattern {
                    digits: Candidates::single(digit),
                    cells: positions.iter().collect(),
                    base: vec![house],
                    cover: vec![line],
                    ..Pattern::default()
                };
                return Some(Deduction::elimination(technique, eliminations, pattern));
            }
        }
    }
    None
}

/// The digits missing from `house` with two places or more there, all of them in its
/// crossing with one house of a `cover` kind.
fn confined_digits(grid: &Grid, house: HouseId, cover: &[HouseKind]) -> Candidates {
    let layout = grid.layout();
    let cells = &layout.house(house).cells;
    // Why: counting bit-sliced finds at once the digits with two places or more here (one
    // position is a hidden single, not an intersection).
    let mut bits = [0u16; MAX_SIZE];
    let (mut once, mut more) = (0u16, 0u16);
    for (b, &cell) in bits.iter_mut().zip(cells) {
        *b = grid.candidates(cell).bits();
        more |= once & *b;
        once |= *b;
    }
    let missing = Candidates::all(cells.len()).difference(grid.house_placed(house));
    // The digits whose places all lie in one house of a cover kind: the cover houses of
    // one kind split this house's cells, so those are the digits of exactly one part.
    let mut confined = 0u16;
    for &kind in cover {
        let (mut one, mut two) = (0u16, 0u16);
        for &(_, mask) in layout.crossings(house).iter().filter(|(g, _)| layout.house(*g).kind == kind) {
            let mut part = 0u16;
            let mut at = mask;
            while at != 0 {
                part |= bits[at.trailing_zeros() as usize];
                at &= at - 1;
            }
            two |= one & part;
            one |= part;
        }
        confined |= one & !two;
    }
    Candidates::from_bits(more & confined).intersection(missing)
}

/// The house of `kind` that holds every one of `cells`, if there is one.
fn shared_house(layout: &Layout, cells: &CellSet, kind: HouseKind) -> Option<HouseId> {
    let first = cells.first()?;
    let candidate = layout.houses_of(first).iter().copied().find(|&h| layout.house(h).kind == kind)?;
    (cells.difference(layout.house_set(candidate)).is_empty()).then_some(candidate)
}
