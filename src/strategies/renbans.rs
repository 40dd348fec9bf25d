//! Renban Span: a renban line of `n` cells holds `n` consecutive digits, so its digits are
//! one run of `n` (1 to n, 2 to n+1, ...); only the runs its cells' candidates can still fill
//! are left, and what they all leave out or all contain follows (guide
//! `strategies/renban-span.md`).
//!
//! Reads [`Layout::renbans`] for each line as a whole. The rule is also a link between every
//! two cells of a line (digits at most `n - 1` apart, and different), so Link Exclusion and
//! the chains reach some of the same candidates one pair at a time; this technique weighs the
//! whole line at once, the way a solver reads it ("a four-cell renban with a 2 on it holds
//! no digit above 5").

use super::{Finds, eliminate_seeing_all};
use crate::deduction::{CellGroup, Deduction, Elimination, Pattern};
use crate::grid::{Candidates, CellSet, Digit, Grid};
use crate::layout::CellId;
use crate::rules::Rule;

techniques! {
    family: Rules;
    RENBAN_SPAN = "renban-span", "Renban Span", 22, renban_span;
}

/// For each renban line: the runs of as many consecutive digits as it has cells that fit it
/// (every cell has a candidate in the run, and every digit of the run is a candidate of some
/// cell). A candidate of the line in no such run goes; a digit in every such run must be on
/// the line, so cells outside it that see all its places on the line lose it, and if only
/// one cell of the line can hold it, that cell is it.
///
/// Search: the lines in the layout's order. Every instance: each line whose runs remove
/// something, or else place a digit (the removals first: they are the step when both).
fn renban_span(grid: &Grid, finds: &mut Finds) {
    let layout = grid.layout();
    for line in layout.renbans() {
        if let Some(found) = span_deduction(grid, line)
            && finds.add(found)
        {
            return;
        }
    }
}

/// The runs that fit `line` on a grid whose digits go up to `size`: each as its digits, lowest
/// run first. A placed digit counts as its cell's one candidate.
pub fn fitting_runs(grid: &Grid, line: &[CellId]) -> Vec<Candidates> {
    let size = grid.layout().size();
    let cands: Vec<Candidates> = line.iter().map(|&c| grid.digit(c).map_or_else(|| grid.candidates(c), Candidates::single)).collect();
    let all = cands.iter().fold(Candidates::EMPTY, |all, c| all.union(*c));
    let n = line.len();
    (1..=size + 1 - n.min(size))
        .map(|low| (low as Digit..(low + n) as Digit).collect::<Candidates>())
        // Why both tests: each cell takes one digit of the run, and each digit of the run
        // goes to some cell, as there are as many cells as digits.
        .filter(|run| cands.iter().all(|c| !c.intersection(*run).is_empty()) && run.iter().all(|d| all.contains(d)))
        .collect()
}

/// What the runs of `line` remove or place, if anything.
fn span_deduction(grid: &Grid, line: &[CellId]) -> Option<Deduction> {
    let empty: Vec<CellId> = line.iter().copied().filter(|&c| grid.digit(c).is_none()).collect();
    if empty.is_empty() {
        return None;
    }
    let runs = fitting_runs(grid, line);
    // Why leave a line with no run alone: that is a contradiction for the solver to find,
    // not a step.
    let &first = runs.first()?;
    let reach = runs.iter().fold(Candidates::EMPTY, |all, r| all.union(*r));
    let required = runs.iter().fold(first, |all, r| all.intersection(*r));
    let mut eliminations: Vec<Elimination> = Vec::new();
    for &cell in &empty {
        let outside = grid.candidates(cell).iter().filter(|&d| !reach.contains(d));
        eliminations.extend(outside.map(|digit| Elimination { cell, digit, via: Some(Rule::Renban) }));
    }
    let placed: Candidates = line.iter().filter_map(|&c| grid.digit(c)).collect();
    let mut sets = Vec::new();
    let mut single = None;
    for d in required.iter().filter(|&d| !placed.contains(d)) {
        let places: CellSet = empty.iter().copied().filter(|&c| grid.candidates(c).contains(d)).collect();
        let mut outside = eliminate_seeing_all(grid, &places, d);
        // Why not the line's own cells: they see each other, and those without `d` have no
        // candidate to lose.
        outside.retain(|e| !line.contains(&e.cell));
        if places.len() == 1 && single.is_none() {
            single = places.iter().next().map(|cell| (cell, d));
        }
        if !outside.is_empty() {
            sets.push(CellGroup { cells: places.iter().collect(), digits: Candidates::single(d) });
            eliminations.extend(outside);
        }
    }
    let fillings = runs.iter().map(|r| r.iter().collect()).collect();
    let mut pattern = Pattern { digits: reach, cells: line.to_vec(), sets, fillings, rules: vec![Rule::Renban], ..Pattern::default() };
    if !eliminations.is_empty() {
        return Some(Deduction::elimination(ids::RENBAN_SPAN, eliminations, pattern));
    }
    let (cell, digit) = single?;
    // Why a set for the digit: the explanation says it is in every run and has one place.
    pattern.sets = vec![CellGroup { cells: vec![cell], digits: Candidates::single(digit) }];
    Some(Deduction::placement(ids::RENBAN_SPAN, cell, digit, pattern))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::constraints::Constraint;
    use crate::formats::fpuzzles::{Lines, Rules as Marks};
    use crate::layout::LayoutSpec;
    use crate::rules::Rules;
    use crate::strategies::test_support::every;
    use std::sync::Arc;

    /// A `size`x`size` grid with these renban lines and givens.
    fn grid(size: usize, lines: &[&[CellId]], givens: &[(CellId, Digit)]) -> Grid {
        let marks = Marks { renbans: lines.iter().map(|l| Lines { lines: vec![l.to_vec()] }).collect(), ..Marks::default() };
        let constraints: Vec<Constraint> = crate::formats::constraints_of(size, &marks);
        let spec = LayoutSpec { rules: Rules::classic().with(Rule::Renban), constraints, ..LayoutSpec::new(size) };
        let mut cells = vec![None; size * size];
        givens.iter().for_each(|&(c, d)| cells[c] = Some(d));
        Grid::new(Arc::new(spec.build().unwrap()), &cells).unwrap()
    }

    #[test]
    fn a_placed_digit_bounds_the_runs() {
        // A 2 on a four-cell line: the runs are 1-4 and 2-5, so no cell holds 6 or more, and
        // 2 (placed), 3 and 4 are in both runs: 3 and 4 leave the row outside the line.
        let g = grid(9, &[&[0, 1, 2, 3]], &[(0, 2)]);
        let runs: Vec<Vec<Digit>> = fitting_runs(&g, &[0, 1, 2, 3]).iter().map(|r| r.iter().collect()).collect();
        assert_eq!(runs, [vec![1, 2, 3, 4], vec![2, 3, 4, 5]]);
        let all = every(&g, renban_span);
        assert_eq!(all.len(), 1, "{all:?}");
        assert!(all[0].starts_with("r1c2<>6 (renban)") && all[0].contains("r1c5<>3") && all[0].contains("r1c9<>4"), "{all:?}");
        assert!(!all[0].contains("r1c5<>2"), "2 is placed; its peers lost it already: {all:?}");
    }

    #[test]
    fn a_line_as_long_as_the_grid_removes_nothing() {
        let g = grid(4, &[&[0, 1, 2, 3]], &[]);
        assert!(every(&g, renban_span).is_empty());
    }
}
