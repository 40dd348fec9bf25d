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
        // A 2 on a four-cell line: the runs are 1-4 and 2-5 (the cells lost 6 to 9 to their
        // links with the 2 when it was placed), and 3 and 4, in both runs, leave the rest of
        // row 1.
        let g = grid(9, &[&[0, 1, 2, 3]], &[(0, 2)]);
        let runs: Vec<Vec<Digit>> = fitting_runs(&g, &[0, 1, 2, 3]).iter().map(|r| r.iter().collect()).collect();
        assert_eq!(runs, [vec![1, 2, 3, 4], vec![2, 3, 4, 5]]);
        let all = every(&g, renban_span);
        assert_eq!(all.len(), 1, "{all:?}");
        assert!(all[0].starts_with("r1c5<>3") && all[0].contains("r1c9<>4") && !all[0].contains("r1c5<>2"), "{all:?}");
    }

    #[test]
    fn candidates_outside_every_run_go() {
        // r1c1 1,2,7; r1c2 2,3; r1c3 1,3,9: only 1-3 fits (r1c2 has nothing of 7-9), so 7
        // and 9 go; 1, 2 and 3 are the line's, so the rest of row 1 and box 1 lose them.
        let mut g = grid(9, &[&[0, 1, 2]], &[]);
        let keep = [(0, [1, 2, 7].as_slice()), (1, &[2, 3]), (2, &[1, 3, 9])];
        let gone = keep.iter().flat_map(|&(cell, k)| (1..=9).filter(move |d| !k.contains(d)).map(move |digit| Elimination { cell, digit, via: None })).collect();
        g.apply(Deduction::elimination("test", gone, Pattern::default()));
        let all = every(&g, renban_span);
        assert_eq!(all.len(), 1, "{all:?}");
        assert!(all[0].starts_with("r1c1<>7 (renban), r1c3<>9 (renban)") && all[0].contains("r1c4<>1") && all[0].contains("r3c3<>3"), "{all:?}");
    }

    /// Renban Span against a plain oracle on random candidates: a 6x6 grid with a renban
    /// r1c1, r2c2, r2c3 (two boxes, two rows) and random candidates taken from its cells and
    /// the cells around. The oracle counts runs by looping over digits, removes from the line
    /// what no fitting run has, and from cells outside every candidate of a digit in all
    /// runs that sees each of its places; the step must remove exactly that. Every removal
    /// from the line must also be in no filling of the line found by trying every digit in
    /// every cell.
    #[test]
    fn removes_exactly_what_the_oracle_says() {
        let line: [CellId; 3] = [0, 7, 8];
        let mut seed: u64 = 0x9e37_79b9_7f4a_7c15;
        let mut next = move |n: u64| {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed % n
        };
        let (mut fired, mut quiet) = (0, 0);
        for _ in 0..400 {
            let mut g = grid(6, &[&line], &[]);
            let mut gone = Vec::new();
            for cell in [0, 7, 8, 1, 2, 6, 13, 14, 12, 3] {
                let keep = 1 + next(6) as Digit;
                gone.extend((1..=6).filter(|&d| d != keep && next(3) == 0).map(|digit| Elimination { cell, digit, via: None }));
            }
            g.apply(Deduction::elimination("test", gone, Pattern::default()));
            let cands = |c: CellId| g.candidates(c);
            // The oracle's runs: `low` to `low + 2`, each cell with a candidate in it and each
            // digit of it a candidate somewhere on the line.
            let runs: Vec<u8> = (1..=4u8)
                .filter(|&low| line.iter().all(|&c| (low..low + 3).any(|d| cands(c).contains(d))) && (low..low + 3).all(|d| line.iter().any(|&c| cands(c).contains(d))))
                .collect();
            let mut expected: Vec<(CellId, Digit)> = Vec::new();
            if !runs.is_empty() {
                for &c in &line {
                    expected.extend(cands(c).iter().filter(|&d| !runs.iter().any(|&low| (low..low + 3).contains(&d))).map(|d| (c, d)));
                }
                for d in 1..=6u8 {
                    if runs.iter().all(|&low| (low..low + 3).contains(&d)) {
                        let places: Vec<CellId> = line.iter().copied().filter(|&c| cands(c).contains(d)).collect();
                        let outside = (0..36).filter(|c| !line.contains(c) && cands(*c).contains(d) && places.iter().all(|&p| g.layout().sees(*c, p)));
                        expected.extend(outside.map(|c| (c, d)));
                    }
                }
            }
            expected.sort_unstable();
            let step = span_deduction(&g, &line);
            let mut got: Vec<(CellId, Digit)> = step.iter().flat_map(|s| s.eliminations.iter().map(|e| (e.cell, e.digit))).collect();
            got.sort_unstable();
            assert_eq!(got, expected, "candidates {:?}", line.map(|c| cands(c).iter().collect::<Vec<_>>()));
            // Soundness against every filling of the line.
            let mut filled = [Candidates::EMPTY; 3];
            for a in cands(0).iter() {
                for b in cands(7).iter() {
                    for c in cands(8).iter() {
                        let (lo, hi) = (a.min(b).min(c), a.max(b).max(c));
                        if a != b && b != c && a != c && hi - lo == 2 {
                            filled[0].insert(a);
                            filled[1].insert(b);
                            filled[2].insert(c);
                        }
                    }
                }
            }
            for &(cell, digit) in got.iter().filter(|(c, _)| line.contains(c)) {
                let i = line.iter().position(|&c| c == cell).unwrap();
                assert!(!filled[i].contains(digit), "r{}c{}<>{digit} removes a digit of a filling", cell / 6 + 1, cell % 6 + 1);
            }
            if let Some(p) = step.as_ref().and_then(|s| s.placements.first()) {
                assert!(filled.iter().enumerate().all(|(i, f)| line[i] == p.cell || !f.contains(p.digit)), "a placement another cell could take");
            }
            if step.is_some() { fired += 1 } else { quiet += 1 }
        }
        assert!(fired > 50 && quiet > 20, "fired {fired}, quiet {quiet}");
    }

    #[test]
    fn a_line_as_long_as_the_grid_removes_nothing() {
        let g = grid(4, &[&[0, 1, 2, 3]], &[]);
        assert!(every(&g, renban_span).is_empty());
    }
}
