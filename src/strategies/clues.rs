//! Clue Fillings: a between line, a sandwich, an X-sum or a skyscraper clue keeps the
//! candidates that some filling of its cells puts there (guide `strategies/clue-fillings.md`).
//!
//! Reads [`Layout::clues`] and nothing else of the rules: the fillings come from the engine
//! of [`crate::clues`], the same the search and the contradiction check walk.

use std::collections::BTreeSet;

use super::{Finds, eliminate_seeing_all};
use crate::clues::{Line, line_of};
use crate::constraints::Constraint;
use crate::deduction::{CellGroup, Deduction, Elimination, Pattern};
use crate::grid::{Candidates, CellSet, Digit, Grid};

techniques! {
    family: Rules;
    CLUE_FILLINGS = "clue-fillings", "Clue Fillings", 22, clue_fillings;
}

/// The most fillings a step lists (each as what it shows of the rule: a between line's
/// ends, a sandwich's filling...); with more, the explanation names what no filling has.
const MAX_SHOWN: usize = 8;

/// For each clue read along a line, the fillings of its cells that fit their candidates,
/// their sight and the rule: a candidate no filling puts in its cell goes, and on a line
/// that is not a whole house, a digit every filling holds leaves each cell outside the line
/// that sees all its places on it.
///
/// Search: the clues in the layout's order. Every instance: each clue whose fillings remove
/// something. A clue whose fillings are past the engine's budget ([`crate::clues::BUDGET`]
/// digits tried) is left for later, when fewer candidates make it cheaper.
fn clue_fillings(grid: &Grid, finds: &mut Finds) {
    let layout = grid.layout();
    if !layout.has_clues() {
        return;
    }
    for clue in layout.clues() {
        if let Some(found) = clue_deduction(grid, clue)
            && finds.add(found)
        {
            return;
        }
    }
}

/// A cell's candidates for the fillings: its digit once placed.
fn cands(grid: &Grid, cell: usize) -> u16 {
    grid.candidates(cell).bits() | grid.digit(cell).map_or(0, |d| 1 << (d - 1))
}

/// What the fillings of one clue remove, if anything.
fn clue_deduction(grid: &Grid, clue: &Constraint) -> Option<Deduction> {
    let Constraint::Clue { rule, cells, .. } = clue else { return None };
    let layout = grid.layout();
    if cells.iter().all(|&c| grid.digit(c).is_some()) {
        return None;
    }
    let line = line_of(layout, clue, |c| cands(grid, c))?;
    let used = line.used()?;
    // Why leave a clue with no filling alone: that is a contradiction for the solver to
    // find, not a step (it would empty every cell of the line).
    if used.iter().all(|&u| u == 0) {
        return None;
    }
    let mut eliminations: Vec<Elimination> = Vec::new();
    for (&cell, &u) in cells.iter().zip(&used) {
        if grid.digit(cell).is_none() {
            eliminations.extend(Candidates::from_bits(line.cands[cells.iter().position(|&c| c == cell).expect("a cell of the line")] & !u).iter().map(|digit| Elimination { cell, digit, via: Some(*rule) }));
        }
    }
    let narrowed = Line { cands: used.clone(), ..line.clone() };
    let mut sets = Vec::new();
    // Why not on a whole house: every filling of a row holds every digit, and where a
    // digit's places lie is then pointing's business.
    let whole_house = layout.houses().iter().any(|h| h.cells.len() == cells.len() && cells.iter().all(|c| h.cells.contains(c)));
    if !whole_house {
        let placed: Candidates = cells.iter().filter_map(|&c| grid.digit(c)).collect();
        let digits = Candidates::from_bits(used.iter().fold(0, |all, &u| all | u)).difference(placed);
        for d in digits.iter() {
            let places: CellSet = cells.iter().zip(&used).filter(|&(&c, &u)| grid.digit(c).is_none() && u & 1 << (d - 1) != 0).map(|(&c, _)| c).collect();
            let mut outside = eliminate_seeing_all(grid, &places, d);
            outside.retain(|e| !cells.contains(&e.cell));
            if outside.is_empty() {
                continue;
            }
            let without = Line { cands: narrowed.cands.iter().map(|&m| m & !(1 << (d - 1))).collect(), ..narrowed.clone() };
            if without.fillable() == Some(false) {
                sets.push(CellGroup { cells: places.iter().collect(), digits: Candidates::single(d) });
                eliminations.extend(outside);
            }
        }
    }
    if eliminations.is_empty() {
        return None;
    }
    let pattern = Pattern {
        digits: Candidates::from_bits(used.iter().fold(0, |all, &u| all | u)),
        cells: cells.clone(),
        sets,
        fillings: shapes(&narrowed).unwrap_or_default(),
        rules: vec![*rule],
        ..Pattern::default()
    };
    Some(Deduction::elimination(ids::CLUE_FILLINGS, eliminations, pattern))
}

/// What the fillings of `line` show of its rule (see [`Line::shape`]), each once, in order;
/// `None` when there are more than [`MAX_SHOWN`] or the walk is past its budget.
fn shapes(line: &Line) -> Option<Vec<Vec<Digit>>> {
    let mut shapes = BTreeSet::new();
    line.each_filling(&mut |digits| {
        shapes.insert(line.shape(digits));
        shapes.len() > MAX_SHOWN
    })?;
    (shapes.len() <= MAX_SHOWN).then(|| shapes.into_iter().collect())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::formats::{constraints_of, fpuzzles};
    use crate::layout::LayoutSpec;
    use crate::rules::{Rule, Rules};
    use crate::strategies::test_support::every;
    use std::sync::Arc;

    #[test]
    fn each_clue_that_removes_something_is_a_step() {
        // A skyscraper 9 above column 1 sees every building: 1 to 9 downwards. A sandwich 0
        // left of row 9 removes nothing on an empty grid (1 and 9 may touch anywhere).
        let marks = fpuzzles::Rules {
            skyscrapers: vec![fpuzzles::OutsideClue { row: 0, col: 1, value: 9 }],
            sandwiches: vec![fpuzzles::OutsideClue { row: 9, col: 0, value: 0 }],
            ..Default::default()
        };
        let spec = LayoutSpec { rules: Rules::classic().with(Rule::Skyscraper).with(Rule::Sandwich), constraints: constraints_of(9, &marks), ..LayoutSpec::new(9) };
        let grid = Grid::new(Arc::new(spec.build().unwrap()), &[None; 81]).unwrap();
        let all = every(&grid, clue_fillings);
        assert_eq!(all.len(), 1, "{all:?}");
        assert!(all[0].starts_with("r1c1<>2 (skyscrapers)") && all[0].contains("r9c1<>8 (skyscrapers)"), "{all:?}");
    }
}
