//! Basic fish: X-Wing (guide `strategies/x-wing.md`); the same search serves larger fish.
//!
//! With variant rules the eliminations reach further than the cover lines: see `basic_fish`.

use super::{Technique, eliminate_seeing_all, fire, first_combination};
use crate::deduction::{Deduction, Elimination, Pattern};
use crate::grid::{Candidates, CellSet, Grid};
use crate::layout::{HouseId, HouseKind};

pub(super) static TECHNIQUES: &[Technique] = &[technique!("x-wing", "X-Wing", "fish", 32, x_wing)];

/// A digit that in two rows can only sit in the same two columns fills those columns from
/// these rows, so it leaves the rest of both columns (and likewise with rows and columns
/// swapped).
pub fn x_wing(grid: &mut Grid) -> bool {
    let found = basic_fish(grid, 2, "x-wing");
    fire(grid, found)
}

/// A basic fish of size `n`: `n` base lines in which a digit's candidates all lie in `n`
/// cross lines (the cover). Each base line takes the digit once, inside the cover, so the
/// cover lines are filled from the base lines and lose the digit everywhere else.
pub fn basic_fish(grid: &Grid, n: usize, technique: &'static str) -> Option<Deduction> {
    let layout = grid.layout();
    let size = layout.size();
    let orientations = [(HouseKind::Row, HouseKind::Column), (HouseKind::Column, HouseKind::Row)];
    orientations.into_iter().find_map(|(base_kind, cover_kind)| {
        let covers: Vec<HouseId> = layout.houses_of_kind(cover_kind).collect();
        (1..=size as u8).find_map(|digit| {
            // Each base line with its candidates as a mask over the cross lines (the i-th
            // cell of a row lies in the i-th column, and the other way round).
            // Why: a line with 2..=n candidates may be a base; one is a single, more can't fit.
            let bases: Vec<(HouseId, u32)> = layout
                .houses_of_kind(base_kind)
                .map(|h| (h, grid.house_positions(h, digit)))
                .filter(|&(_, mask)| (2..=n as u32).contains(&mask.count_ones()))
                .collect();
            first_combination(&bases, n, |chosen| {
                let cover_mask = chosen.iter().fold(0, |acc, &(_, m)| acc | m);
                if cover_mask.count_ones() as usize != n {
                    return None;
                }
                let cover: Vec<HouseId> = (0..size).filter(|i| cover_mask & (1 << i) != 0).map(|i| covers[i]).collect();
                let base: Vec<HouseId> = chosen.iter().map(|&(h, _)| h).collect();
                let base_cells: Vec<usize> =
                    base.iter().flat_map(|&h| layout.house(h).cells.iter().copied()).filter(|&c| grid.has_candidate(c, digit)).collect();
                // Why: each cover line takes the digit exactly once, from one of its base
                // cells, so any cell that sees all of those cells loses it (the rest of the
                // cover line always does; with variant rules, more cells may).
                let mut eliminations: Vec<Elimination> = Vec::new();
                for &line in &cover {
                    let corners: CellSet = layout.house(line).cells.iter().copied().filter(|c| base_cells.contains(c)).collect();
                    for e in eliminate_seeing_all(grid, &corners, digit) {
                        if !base_cells.contains(&e.cell) && !eliminations.iter().any(|x| x.cell == e.cell) {
                            eliminations.push(e);
                        }
                    }
                }
                eliminations.sort_by_key(|e| e.cell);
                if eliminations.is_empty() {
                    return None;
                }
                let pattern = Pattern { digits: Candidates::single(digit), cells: base_cells, base, cover, ..Pattern::default() };
                Some(Deduction::elimination(technique, eliminations, pattern))
            })
        })
    })
}
