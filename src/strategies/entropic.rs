//! Entropic Bands: along an entropic line the low, middle and high bands repeat every third
//! cell, so the cells 1, 4, 7... of a line share a band, as do 2, 5, 8... and 3, 6, 9...,
//! and the three groups take the three bands (guide `strategies/entropic-bands.md`).
//!
//! Reads [`Layout::entropic_lines`]. The rule itself is links between cells one or two apart
//! (different bands), which Link Exclusion reads a pair at a time; what those links do not
//! show one at a time is the repeat: a cell and the cell three further on are in one band,
//! through the two cells between them.

use super::Finds;
use crate::deduction::{CellGroup, Deduction, Elimination, Pattern};
use crate::grid::{Candidates, Digit, Grid};
use crate::layout::CellId;
use crate::rules::Rule;

techniques! {
    family: Rules;
    ENTROPIC_BANDS = "entropic-bands", "Entropic Bands", 23, entropic_bands;
}

/// For each entropic line: the cells at the same place modulo three form a group, which
/// holds digits of one band only; a group can take a band only if each of its cells has a
/// candidate in it, and the three groups take the three bands, one each. Candidates in a band
/// their group can take in no such sharing go.
///
/// Search: the lines in the layout's order. Every instance: each line whose bands remove
/// something.
fn entropic_bands(grid: &Grid, finds: &mut Finds) {
    let layout = grid.layout();
    for line in layout.entropic_lines() {
        if let Some(found) = line_deduction(grid, line)
            && finds.add(found)
        {
            return;
        }
    }
}

/// The digits of each band (low, middle, high) on a grid of `size` digits.
fn bands(size: usize) -> [Candidates; 3] {
    let width = size / 3;
    std::array::from_fn(|b| ((b * width + 1) as Digit..=((b + 1) * width) as Digit).collect())
}

/// For the three groups of `line` (cells 0, 3, 6...; 1, 4, 7...; 2, 5, 8...), the digits of
/// the bands each can take in some sharing of the three bands among them; `None` when there
/// is no sharing (a contradiction, for the solver to find).
pub fn group_digits(grid: &Grid, line: &[CellId]) -> Option<[Candidates; 3]> {
    let bands = bands(grid.layout().size());
    let cands = |c: CellId| grid.digit(c).map_or_else(|| grid.candidates(c), Candidates::single);
    // Which bands each group can take: every cell of it has a candidate there.
    let open = |group: usize, band: usize| line.iter().skip(group).step_by(3).all(|&c| !cands(c).intersection(bands[band]).is_empty());
    let mut reach = [Candidates::EMPTY; 3];
    // Why the six orders: the three groups take the three bands, one each.
    for order in [[0, 1, 2], [0, 2, 1], [1, 0, 2], [1, 2, 0], [2, 0, 1], [2, 1, 0]] {
        if (0..3).all(|g| open(g, order[g])) {
            (0..3).for_each(|g| reach[g] = reach[g].union(bands[order[g]]));
        }
    }
    reach.iter().all(|r| !r.is_empty()).then_some(reach)
}

/// What the bands of `line` remove, if anything.
fn line_deduction(grid: &Grid, line: &[CellId]) -> Option<Deduction> {
    if line.len() < 3 || line.iter().all(|&c| grid.digit(c).is_some()) {
        return None;
    }
    let reach = group_digits(grid, line)?;
    let mut eliminations = Vec::new();
    for (i, &cell) in line.iter().enumerate() {
        if grid.digit(cell).is_none() {
            let outside = grid.candidates(cell).iter().filter(|&d| !reach[i % 3].contains(d));
            eliminations.extend(outside.map(|digit| Elimination { cell, digit, via: Some(Rule::Entropic) }));
        }
    }
    if eliminations.is_empty() {
        return None;
    }
    // Why a set per group: the explanation reads each group's cells and bands from it.
    let sets = (0..3).map(|g| CellGroup { cells: line.iter().skip(g).step_by(3).copied().collect(), digits: reach[g] }).collect();
    let pattern = Pattern { cells: line.to_vec(), sets, rules: vec![Rule::Entropic], ..Pattern::default() };
    Some(Deduction::elimination(ids::ENTROPIC_BANDS, eliminations, pattern))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::formats::fpuzzles::{Lines, Rules as Marks};
    use crate::layout::LayoutSpec;
    use crate::rules::Rules;
    use crate::strategies::test_support::every;
    use std::sync::Arc;

    /// A `size`x`size` grid with these entropic lines and givens.
    fn grid(size: usize, lines: &[&[CellId]], givens: &[(CellId, Digit)]) -> Grid {
        let marks = Marks { entropic_lines: lines.iter().map(|l| Lines { lines: vec![l.to_vec()] }).collect(), ..Marks::default() };
        let constraints = crate::formats::constraints_of(size, &marks);
        let spec = LayoutSpec { rules: Rules::classic().with(Rule::Entropic), constraints, ..LayoutSpec::new(size) };
        let mut cells = vec![None; size * size];
        givens.iter().for_each(|&(c, d)| cells[c] = Some(d));
        Grid::new(Arc::new(spec.build().unwrap()), &cells).unwrap()
    }

    #[test]
    fn a_digit_sets_the_band_three_cells_on() {
        // A 2 at the start of r1c1..r1c5 makes r1c4 low as well; r1c2, r1c3 and r1c5 lose
        // the low digits (r1c2 and r1c3 also by their links to r1c1).
        let g = grid(9, &[&[0, 1, 2, 3, 4]], &[(0, 2)]);
        assert_eq!(g.layout().entropic_lines().collect::<Vec<_>>(), [&[0, 1, 2, 3, 4][..]]);
        let all = every(&g, entropic_bands);
        assert_eq!(all.len(), 1, "{all:?}");
        assert!(all[0].contains("r1c4<>4 (entropic)") && all[0].contains("r1c4<>9 (entropic)") && all[0].contains("r1c5<>1 (entropic)"), "{all:?}");
        assert!(!all[0].contains("r1c4<>1") && !all[0].contains("r1c5<>4"), "{all:?}");
    }

    #[test]
    fn an_empty_line_and_a_short_line_remove_nothing() {
        let g = grid(6, &[&[0, 1, 2, 3, 4, 5], &[12, 13]], &[]);
        assert_eq!(g.layout().entropic_lines().count(), 1, "a line of two cells has no three in a row");
        assert!(every(&g, entropic_bands).is_empty());
    }
}
