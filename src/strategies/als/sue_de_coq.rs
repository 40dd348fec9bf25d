//! Sue de Coq: cells where a box meets a line, completed by cells of the line and cells of
//! the box.
//!
//! The form covered: C is two or more empty cells of a box-line meeting, holding digits V
//! with at least two more digits than cells. L is one to [`MAX_SIDE`] empty cells of the
//! line outside the box, B one to [`MAX_SIDE`] empty cells of the box outside the line, each
//! cell of L and B holding a digit of V; L's digits and B's digits have nothing in common,
//! and C, L and B together hold exactly as many digits as they have cells. Digits of L may
//! lie outside V (and so may B's): the count still has to come out even.
//!
//! Why it works: C and L are in the line, C and B in the box, and L and B share no digit, so
//! all the cells take different digits; as many digits as cells means each digit is placed
//! exactly once among them. A digit of L's lies in C or L, so in the line; one of B's in C
//! or B, so in the box; any other digit of V in C, so in both. Each digit leaves the cells
//! that see all its copies in its part (with variant rules, cells seeing them by a rule too).
//!
//! Order: fewest cells in all first, then by box, then line (rows before columns).

use super::{ones, remove_seeing, tidy};
use crate::deduction::{CellGroup, Deduction, Pattern};
use crate::grid::{Candidates, CellSet, Grid};
use crate::layout::{CellId, HouseId, HouseKind};
use crate::strategies::fire;

/// The most cells on each side (line and box outside their meeting).
const MAX_SIDE: usize = 3;

/// Cells of a box-line meeting with two digits more than cells, locked together with cells
/// of the line and of the box that share no digit.
pub fn sue_de_coq(grid: &mut Grid) -> bool {
    let found = find_sue_de_coq(grid);
    fire(grid, found)
}

/// Some cells with the digits they hold between them, and how many of those digits lie
/// outside the meeting's digits.
#[derive(Clone, Copy)]
struct Side {
    cells: u32,
    digits: u16,
    /// Cells minus digits outside V: how many of V's digits the side takes up.
    takes: i32,
}

/// A Sue de Coq found: cells in all, the meeting cells C, the line's L, the box's B, the line
/// and the box.
type Found = (usize, Vec<CellId>, Vec<CellId>, Vec<CellId>, HouseId, HouseId);

fn find_sue_de_coq(grid: &Grid) -> Option<Deduction> {
    let layout = grid.layout();
    let mut best: Option<Found> = None;
    let lines: Vec<HouseId> = layout.houses_of_kind(HouseKind::Row).chain(layout.houses_of_kind(HouseKind::Column)).collect();
    let (mut meet, mut line_rest, mut box_rest) = (Vec::new(), Vec::new(), Vec::new());
    let (mut line_table, mut box_table) = (Vec::new(), Vec::new());
    let (mut line_sides, mut box_sides) = (Vec::new(), Vec::new());
    let empty = |c: &CellId| grid.candidates(*c).len() >= 2;
    for bx in layout.houses_of_kind(HouseKind::Box) {
        let box_set = layout.house_set(bx);
        for &line in &lines {
            let line_set = layout.house_set(line);
            let common = box_set.intersection(line_set);
            if common.len() < 2 {
                continue;
            }
            meet.clear();
            meet.extend(common.iter().filter(empty));
            if meet.len() < 2 {
                continue;
            }
            line_rest.clear();
            line_rest.extend(layout.house(line).cells.iter().copied().filter(|&c| !box_set.contains(c)).filter(empty));
            box_rest.clear();
            box_rest.extend(layout.house(bx).cells.iter().copied().filter(|&c| !line_set.contains(c)).filter(empty));
            let mut listed = false;
            for c_mask in 1u32..(1 << meet.len()) {
                let n = ones(c_mask as u16) as usize;
                if n < 2 {
                    continue;
                }
                let v = mask_digits(grid, &meet, c_mask);
                let extra = ones(v) as i32 - n as i32;
                if extra < 2 {
                    continue;
                }
                if !listed {
                    digit_table(grid, &line_rest, &mut line_table);
                    digit_table(grid, &box_rest, &mut box_table);
                    listed = true;
                }
                sides(&line_table, line_rest.len(), v, extra, &mut line_sides);
                sides(&box_table, box_rest.len(), v, extra, &mut box_sides);
                for l in &line_sides {
                    for b in box_sides.iter().filter(|b| b.takes == extra - l.takes) {
                        if l.digits & b.digits != 0 {
                            continue;
                        }
                        let total = n + ones(l.cells as u16) as usize + ones(b.cells as u16) as usize;
                        if best.as_ref().is_some_and(|best| best.0 <= total) {
                            continue;
                        }
                        let parts = (pick(&meet, c_mask), pick(&line_rest, l.cells), pick(&box_rest, b.cells));
                        if !eliminations(grid, &parts.0, &parts.1, &parts.2).is_empty() {
                            best = Some((total, parts.0, parts.1, parts.2, line, bx));
                        }
                    }
                }
            }
        }
    }
    let (_, c, l, b, line, bx) = best?;
    let out = eliminations(grid, &c, &l, &b);
    let digits = |cells: &[CellId]| cells.iter().fold(Candidates::EMPTY, |acc, &x| acc.union(grid.candidates(x)));
    let mut all: Vec<CellId> = c.iter().chain(&l).chain(&b).copied().collect();
    all.sort_unstable();
    let pattern = Pattern {
        digits: digits(&all),
        cells: all,
        base: vec![line, bx],
        sets: vec![
            CellGroup { digits: digits(&c), cells: c },
            CellGroup { digits: digits(&l), cells: l },
            CellGroup { digits: digits(&b), cells: b },
        ],
        ..Pattern::default()
    };
    Some(Deduction::elimination("sue-de-coq", out, pattern))
}

/// The digits the cells of `cells` picked by `mask` hold, as bits.
fn mask_digits(grid: &Grid, cells: &[CellId], mask: u32) -> u16 {
    cells.iter().enumerate().filter(|(i, _)| mask & (1 << i) != 0).fold(0, |acc, (_, &c)| acc | grid.candidates(c).bits())
}

fn pick(cells: &[CellId], mask: u32) -> Vec<CellId> {
    cells.iter().enumerate().filter(|(i, _)| mask & (1 << i) != 0).map(|(_, &c)| c).collect()
}

/// The digits of every subset of `cells`, by mask (bit `i` for `cells[i]`).
fn digit_table(grid: &Grid, cells: &[CellId], table: &mut Vec<u16>) {
    // Why: every entry is written before it is read (entry 0 stays empty).
    table.resize(1 << cells.len(), 0);
    for mask in 1usize..(1 << cells.len()) {
        table[mask] = table[mask & (mask - 1)] | grid.candidates(cells[mask.trailing_zeros() as usize]).bits();
    }
}

/// The sets of one to [`MAX_SIDE`] of the `count` cells (whose subsets' digits are `table`)
/// usable as a side for the meeting's digits `v`, `extra` more than its cells: each cell
/// holds a digit of `v`, the side takes up one to `extra - 1` of them, and it is no locked
/// set by itself.
fn sides(table: &[u16], count: usize, v: u16, extra: i32, out: &mut Vec<Side>) {
    out.clear();
    let usable = (0..count).filter(|&i| table[1 << i] & v != 0).fold(0u32, |acc, i| acc | (1 << i));
    // Every non-empty submask of `usable`, walking down.
    let mut cells = usable;
    while cells != 0 {
        let n = ones(cells as u16) as i32;
        if n as usize <= MAX_SIDE {
            let digits = table[cells as usize];
            let takes = n - ones(digits & !v) as i32;
            // Why: a side with no more digits than cells is a locked set on its own, which
            // the subset techniques handle.
            if (1..extra).contains(&takes) && ones(digits) as i32 > n {
                out.push(Side { cells, digits, takes });
            }
        }
        cells = (cells - 1) & usable;
    }
    out.sort_by_key(|s| ones(s.cells as u16));
}

/// Each digit leaves the cells that see all its copies in its part: L's digits in C and L,
/// B's in C and B, the others in C.
fn eliminations(grid: &Grid, c: &[CellId], l: &[CellId], b: &[CellId]) -> Vec<crate::deduction::Elimination> {
    let layout = grid.layout();
    let digits = |cells: &[CellId]| cells.iter().fold(Candidates::EMPTY, |acc, &x| acc.union(grid.candidates(x)));
    let (vc, vl, vb) = (digits(c), digits(l), digits(b));
    let mut out = Vec::new();
    for d in vc.union(vl).union(vb).iter() {
        let part = if vl.contains(d) {
            l
        } else if vb.contains(d) {
            b
        } else {
            &[]
        };
        let holders: CellSet = c.iter().chain(part).copied().filter(|&x| grid.has_candidate(x, d)).collect();
        let targets = layout.common_peers(holders.iter()).intersection(grid.digit_cells(d));
        remove_seeing(layout, &targets, d, &holders, &mut out);
    }
    tidy(&mut out);
    out
}
