//! Naked and hidden subsets: pairs, triples and quads (guides `strategies/naked-pair.md`,
//! `strategies/hidden-pair.md` and their triple and quad siblings).
//!
//! Search order: houses in order (rows, columns, boxes), then the subsets of a house in
//! lexicographic order of their cells (naked) or digits (hidden); each that removes
//! something is an instance, and the first is the step. A subset's existence depends on its house alone, so the naked and the
//! hidden searches each keep per house what they found, for the three sizes at once, until
//! the house's candidates change (see [`memo`](super::memo)); the eight techniques share
//! those two memos. A naked subset found to remove nothing is not checked again while the
//! grid descends from that position (see [`Subset::dead`]).

use std::cell::{Cell, RefCell};

use super::memo::{HouseMemo, Rounds};
use super::{Finds, caches, choose_within, eliminate_seeing_all, ones};
use crate::deduction::{Deduction, Elimination, Pattern};
use crate::grid::{Candidates, CellSet, Digit, Grid, MAX_SIZE};
use crate::layout::{CellId, HouseId};

/// What the subset techniques remember between calls, in their field of the per-thread
/// home ([`caches`](super::caches)).
#[derive(Default)]
pub(super) struct Cache {
    /// The naked subsets of each house, by size (2, 3 and 4 cells), shared by the naked and
    /// locked subset techniques (see [`memo`](super::memo)). Whether a subset exists depends
    /// on its house only; what it removes (with variant sight, also outside the house) is
    /// worked out at each call.
    naked: RefCell<HouseMemo<[Vec<Subset>; 3]>>,
    /// The rounds of the naked subset searches' positions (see [`Subset::dead`]).
    naked_rounds: RefCell<Rounds>,
    /// What the hidden subset searches of 2, 3 and 4 digits found per house, shared by the
    /// three techniques (see [`memo`](super::memo)): a hidden subset and its removals lie in
    /// its house's cells.
    hidden: RefCell<HouseMemo<[Option<Deduction>; 3]>>,
}

const NAKED: [&str; 5] = ["", "", ids::NAKED_PAIR, ids::NAKED_TRIPLE, ids::NAKED_QUAD];
const LOCKED: [&str; 4] = ["", "", ids::LOCKED_PAIR, ids::LOCKED_TRIPLE];
const HIDDEN: [&str; 5] = ["", "", ids::HIDDEN_PAIR, ids::HIDDEN_TRIPLE, ids::HIDDEN_QUAD];

techniques! {
    family: Subsets;
    LOCKED_PAIR = "locked-pair", "Locked Pair", 29, |g, f| subset_in(g, 2, true, f);
    LOCKED_TRIPLE = "locked-triple", "Locked Triple", 35, |g, f| subset_in(g, 3, true, f);
    NAKED_PAIR = "naked-pair", "Naked Pair", 30, |g, f| subset_in(g, 2, false, f);
    HIDDEN_PAIR = "hidden-pair", "Hidden Pair", 34, |g, f| hidden_subset(g, 2, f);
    NAKED_TRIPLE = "naked-triple", "Naked Triple", 36, |g, f| subset_in(g, 3, false, f);
    HIDDEN_TRIPLE = "hidden-triple", "Hidden Triple", 40, |g, f| hidden_subset(g, 3, f);
    NAKED_QUAD = "naked-quad", "Naked Quad", 50, |g, f| subset_in(g, 4, false, f);
    HIDDEN_QUAD = "hidden-quad", "Hidden Quad", 54, |g, f| hidden_subset(g, 4, f);
}

/// The naked subsets of `n` cells (2 to 4): `n` cells of a house whose candidates together
/// are `n` digits take exactly those digits, so each digit leaves every cell that sees all
/// the subset's cells holding it. With `locked`, only subsets whose cells share two houses
/// (a box and a line), reported as locked pairs and triples. Houses in order, then the
/// subsets of each in lexicographic order of their cells: each that removes something.
fn subset_in(grid: &Grid, n: usize, locked: bool, finds: &mut Finds) {
    assert!((2..=4).contains(&n), "naked subsets of 2 to 4 cells");
    caches::with(|c| {
        let round = c.subsets.naked_rounds.borrow_mut().advance(grid);
        let mut memo = c.subsets.naked.borrow_mut();
        let found = memo.by_house(grid, |house| naked_subsets_in(grid, house));
        for (house, subsets) in found.iter().enumerate() {
            for subset in subsets[n - 2].iter().filter(|s| (!locked || s.locked) && s.dead.get() != round) {
                let cells = &subset.cells[..n];
                let eliminations: Vec<Elimination> = subset
                    .digits
                    .iter()
                    .flat_map(|digit| {
                        let holders: CellSet = cells.iter().copied().filter(|&c| grid.has_candidate(c, digit)).collect();
                        eliminate_seeing_all(grid, &holders, digit)
                    })
                    .collect();
                if eliminations.is_empty() {
                    subset.dead.set(round);
                    continue;
                }
                let pattern = Pattern { digits: subset.digits, cells: cells.to_vec(), base: vec![house], ..Pattern::default() };
                let id = if locked { LOCKED[n] } else { NAKED[n] };
                if finds.add(Deduction::elimination(id, eliminations, pattern)) {
                    return;
                }
            }
        }
    });
}

/// A naked subset: its cells (the first `n` for a subset of `n`), its digits, and whether its
/// cells share a second house (a locked subset).
struct Subset {
    cells: [CellId; 4],
    digits: Candidates,
    locked: bool,
    /// The round ([`Cache::naked_rounds`]) in which the subset was found to remove nothing (0:
    /// not yet). Why it stays so: the subset lives while its house's stamp does, so its
    /// cells and their candidates are as they were, and the cells seeing them have only lost
    /// candidates at positions descending from that one.
    dead: Cell<u32>,
}


/// Every naked subset of 2, 3 and 4 cells in `house`, by size, each size in lexicographic
/// order of the cells.
fn naked_subsets_in(grid: &Grid, house: HouseId) -> [Vec<Subset>; 3] {
    let layout = grid.layout();
    let shares_two_houses = |cells: &[CellId]| {
        layout.houses_of(cells[0]).iter().filter(|h| cells.iter().all(|c| layout.houses_of(*c).contains(h))).count() >= 2
    };
    // Why: a cell with more than four candidates is in no subset of four cells or fewer.
    let (mut cells, mut len) = ([(0, 0); MAX_SIZE], 0);
    for c in layout.house_set(house).intersection(grid.empty_cells()).iter() {
        if (1..=4).contains(&ones(grid.candidates(c).bits() as u32)) {
            cells[len] = (c, grid.candidates(c).bits() as u32);
            len += 1;
        }
    }
    // Why one walk for the three sizes: the choices of two and three cells are the prefixes
    // of those of four, and each size still comes in lexicographic order.
    let mut found: [Vec<Subset>; 3] = Default::default();
    choose_within(&cells[..len], 2, 4, u32::MAX, &mut |subset, union| {
        let (n, digits) = (subset.len(), Candidates::from_bits(union as u16));
        // Why: fewer digits than cells is a broken position, not a subset.
        if digits.len() == n {
            let mut chosen = [0; 4];
            chosen[..n].copy_from_slice(subset);
            found[n - 2].push(Subset { cells: chosen, digits, locked: n <= 3 && shares_two_houses(subset), dead: Cell::new(0) });
        }
        false
    });
    found
}

/// The hidden subsets of `n` digits (2 to 4): `n` digits of a house that fit only in the
/// same `n` cells, so those cells hold exactly those digits and every other candidate leaves
/// them. Houses in order, then the subsets of each in lexicographic order of the digits:
/// each that removes something. The memo keeps each house's first; every one is asked for
/// the houses again.
fn hidden_subset(grid: &Grid, n: usize, finds: &mut Finds) {
    assert!((2..=4).contains(&n), "hidden subsets of 2 to 4 digits");
    let first = caches::with(|c| {
        let mut memo = c.subsets.hidden.borrow_mut();
        let found = memo.by_house(grid, |house| {
            let mut first: [Option<Deduction>; 3] = Default::default();
            hidden_subsets_in(grid, house, &mut |size, deduction| {
                first[size - 2].get_or_insert(deduction);
                first.iter().all(Option::is_some)
            });
            first
        });
        found.iter().find_map(|found| found[n - 2].clone())
    });
    let Some(first) = first else { return };
    if finds.add(first) {
        return;
    }
    // Why: the first is offered again here, and taken once.
    for house in 0..grid.layout().houses().len() {
        let mut stop = false;
        hidden_subsets_in(grid, house, &mut |size, deduction| {
            stop = size == n && finds.add(deduction);
            stop
        });
        if stop {
            return;
        }
    }
}

/// Calls `visit` with each hidden subset of 2, 3 or 4 digits in `house` that removes
/// something (its size, and the deduction), each size in lexicographic order of the digits,
/// until it returns true.
fn hidden_subsets_in(grid: &Grid, house: HouseId, visit: &mut impl FnMut(usize, Deduction) -> bool) {
    let layout = grid.layout();
    let cells = &layout.house(house).cells;
    let missing = Candidates::all(cells.len()).difference(grid.house_placed(house));
    // Each digit's places in the house (bit `i` for `cells[i]`, index `d - 1`), from one walk
    // through the cells rather than one per digit: `Grid::house_positions` for every digit.
    let mut places = [0u32; MAX_SIZE];
    for (i, &cell) in cells.iter().enumerate() {
        let mut bits = grid.candidates(cell).bits();
        while bits != 0 {
            places[bits.trailing_zeros() as usize] |= 1 << i;
            bits &= bits - 1;
        }
    }
    // Why: a digit with more than four places belongs to no hidden subset of four digits or
    // fewer.
    let (mut digits, mut len) = ([(0, 0); MAX_SIZE], 0);
    for d in missing.iter() {
        let positions = places[d as usize - 1];
        if (1..=4).contains(&ones(positions)) {
            digits[len] = (d as usize, positions);
            len += 1;
        }
    }
    // Why one walk for the three sizes: see `naked_subsets_in`.
    choose_within(&digits[..len], 2, 4, u32::MAX, &mut |subset, positions| {
        let n = subset.len();
        // Why: fewer places than digits is a broken position, not a subset.
        if positions.count_ones() as usize != n {
            return false;
        }
        let chosen: Candidates = subset.iter().map(|&d| d as Digit).collect();
        // Why: most subsets found hold nothing else (they are naked ones too); telling so
        // needs no lists.
        let mut others = 0u16;
        let mut at = positions;
        while at != 0 {
            others |= grid.candidates(cells[at.trailing_zeros() as usize]).bits() & !chosen.bits();
            at &= at - 1;
        }
        if others == 0 {
            return false;
        }
        let pattern_cells: Vec<CellId> = (0..cells.len()).filter(|i| positions & (1 << i) != 0).map(|i| cells[i]).collect();
        let eliminations: Vec<Elimination> = pattern_cells
            .iter()
            .flat_map(|&cell| grid.candidates(cell).difference(chosen).iter().map(move |digit| Elimination { cell, digit, via: None }))
            .collect();
        if eliminations.is_empty() {
            return false;
        }
        let pattern = Pattern { digits: chosen, cells: pattern_cells, base: vec![house], ..Pattern::default() };
        visit(n, Deduction::elimination(HIDDEN[n], eliminations, pattern))
    });
}
