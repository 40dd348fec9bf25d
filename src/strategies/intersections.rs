//! Intersections: Pointing and Claiming, the two directions of box/line reduction
//! (guides `strategies/pointing.md`, `strategies/claiming.md`).

use std::cell::RefCell;

use super::memo::{HouseMemo, Rounds};
use super::{Finds, caches, eliminate_seeing_all};
use crate::deduction::{Deduction, Pattern};
use crate::grid::{Candidates, CellSet, Grid, MAX_SIZE};
use crate::layout::{HouseId, HouseKind, Layout};

/// What pointing and claiming remember between calls, in their field of the per-thread
/// home ([`caches`](super::caches)).
#[derive(Default)]
pub(super) struct Cache {
    /// Per house, the digits pointing (first) and claiming (second) find confined there
    /// (see [`memo`](super::memo)).
    confined: [RefCell<HouseMemo<Candidates>>; 2],
    /// Per direction (pointing, claiming), the confined digits found to remove nothing.
    dead: [RefCell<Dead>; 2],
}

techniques! {
    family: Intersections;
    POINTING = "pointing", "Pointing", 26, pointing;
    CLAIMING = "claiming", "Claiming", 28, claiming;
}

/// A digit whose candidates in a box all lie in one row or column must be placed in that
/// line inside the box, so it leaves the rest of the line (and any cell that sees all of them).
fn pointing(grid: &Grid, finds: &mut Finds) {
    reduce(grid, ids::POINTING, &[HouseKind::Box], &[HouseKind::Row, HouseKind::Column], finds);
}

/// A digit whose candidates in a row or column all lie in one box must be placed there, so
/// it leaves the rest of that box (and any cell that sees all of them).
fn claiming(grid: &Grid, finds: &mut Finds) {
    reduce(grid, ids::CLAIMING, &[HouseKind::Row, HouseKind::Column], &[HouseKind::Box], finds);
}

/// The confined digits that removed nothing at an earlier position the current one descends
/// from: their places are as they were while their house's stamp is, so the cells seeing
/// them all are too, and those cells have only lost candidates since.
#[derive(Default)]
struct Dead {
    /// The rounds of the searches' positions: marks of an earlier round are void.
    rounds: Rounds,
    /// Per house: its stamp and the round when marked, and the digits that removed nothing.
    marks: Vec<(u64, u32, Candidates)>,
}

/// The shared search: a digit confined, within a house of a `base` kind, to its intersection
/// with one house of a `cover` kind. In base kind order, then house order, then digit order.
///
/// Why a memo per house: which digits are confined in a house depends only on its cells, so
/// they are worked out again only for the houses whose cells changed; whether a confined
/// digit removes something (it depends on cells outside the house) is checked on each call,
/// except where it removed nothing at an earlier position this one descends from (see
/// [`Dead`]).
fn reduce(grid: &Grid, technique: &'static str, base: &[HouseKind], cover: &[HouseKind], finds: &mut Finds) {
    let layout = grid.layout();
    let which = usize::from(technique == ids::CLAIMING);
    caches::with(|c| {
        let mut memo = c.intersections.confined[which].borrow_mut();
        let mut dead = c.intersections.dead[which].borrow_mut();
        let round = dead.rounds.advance(grid);
        dead.marks.resize(layout.houses().len(), (0, 0, Candidates::EMPTY));
        let found = memo.by_house(grid, |house| {
            if base.contains(&layout.house(house).kind) { confined_digits(grid, house, cover) } else { Candidates::EMPTY }
        });
        let mut confined = [Candidates::EMPTY; 3 * MAX_SIZE];
        for (c, &f) in confined.iter_mut().zip(found.iter()) {
            *c = f;
        }
        for &kind in base {
            for house in layout.houses_of_kind(kind) {
                let mark = &mut dead.marks[house];
                if (mark.0, mark.1) != (grid.house_stamp(house), round) {
                    *mark = (grid.house_stamp(house), round, Candidates::EMPTY);
                }
                for digit in confined[house].difference(mark.2).iter() {
                    let positions = grid.house_digit_cells(house, digit);
                    if layout.common_peers(positions.iter()).intersection(grid.digit_cells(digit)).is_empty() {
                        mark.2.insert(digit);
                        continue;
                    }
                    let Some(line) = cover.iter().find_map(|&kind| shared_house(layout, &positions, kind)) else { continue };
                    let eliminations = eliminate_seeing_all(grid, &positions, digit);
                    let pattern = Pattern {
                        digits: Candidates::single(digit),
                        cells: positions.iter().collect(),
                        base: vec![house],
                        cover: vec![line],
                        ..Pattern::default()
                    };
                    if finds.add(Deduction::elimination(technique, eliminations, pattern)) {
                        return;
                    }
                }
            }
        }
    });
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
