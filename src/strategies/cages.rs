//! Killer Combinations: a killer cage keeps the candidates that some combination of
//! different digits making its sum puts there (guide `strategies/killer-combinations.md`).
//!
//! Reads [`Layout::cage_sums`] and nothing else of the rule: "no repeat" in a cage is sight
//! between its cells, which every other technique already walks.

use super::{Finds, eliminate_seeing_all};
use crate::deduction::{CellGroup, Deduction, Elimination, Pattern};
use crate::grid::{Candidates, CellSet, Digit, Grid};
use crate::killer::Fit;
use crate::layout::CellId;
use crate::rules::Rule;

techniques! {
    family: Rules;
    KILLER_COMBINATIONS = "killer-combinations", "Killer Combinations", 22, killer_combinations;
}

/// The most combinations a step lists; past them its explanation names the removals instead.
const MAX_SHOWN: usize = 10;

/// For each killer cage with a sum, the combinations of different digits that make what its
/// empty cells still need and fit their candidates: a candidate no combination puts in its
/// cell goes, and a digit every combination holds leaves each cell that sees all its places
/// in the cage (the rest of a row, column or box they share).
///
/// Search: the cages in the layout's order. Every instance: each cage whose combinations
/// remove something.
fn killer_combinations(grid: &Grid, finds: &mut Finds) {
    let layout = grid.layout();
    if !layout.has_sums() {
        return;
    }
    for (cells, sum) in layout.cage_sums() {
        if let Some(found) = cage_deduction(grid, cells, sum)
            && finds.add(found)
        {
            return;
        }
    }
}

/// What the combinations of the cage `cells` with `sum` remove, if anything.
fn cage_deduction(grid: &Grid, cells: &[CellId], sum: u32) -> Option<Deduction> {
    let empty: Vec<CellId> = cells.iter().copied().filter(|&c| grid.digit(c).is_none()).collect();
    if empty.is_empty() {
        return None;
    }
    let placed: Vec<Digit> = cells.iter().filter_map(|&c| grid.digit(c)).collect();
    let left = i64::from(sum) - placed.iter().map(|&d| i64::from(d)).sum::<i64>();
    let placed_mask = placed.iter().fold(0u16, |m, &d| m | 1 << (d - 1));
    let cands: Vec<u16> = empty.iter().map(|&c| grid.candidates(c).bits()).collect();
    let fit = Fit::new(left, &cands, placed_mask, grid.layout().size());
    // Why leave a cage with no combination alone: that is a contradiction for the solver to
    // find, not a step (it would empty every cell of the cage).
    if fit.combinations.is_empty() {
        return None;
    }
    let mut eliminations: Vec<Elimination> = Vec::new();
    for (i, &cell) in empty.iter().enumerate() {
        let gone = Candidates::from_bits(cands[i] & !fit.used[i]);
        eliminations.extend(gone.iter().map(|digit| Elimination { cell, digit, via: Some(Rule::Killer) }));
    }
    let mut sets = Vec::new();
    for d in Candidates::from_bits(fit.required()).iter() {
        let places: CellSet = empty.iter().zip(&fit.used).filter(|&(_, u)| u & 1 << (d - 1) != 0).map(|(&c, _)| c).collect();
        let mut outside = eliminate_seeing_all(grid, &places, d);
        // Why not the cage's own cells: those without `d` in any combination lost it above.
        outside.retain(|e| !cells.contains(&e.cell));
        if !outside.is_empty() {
            sets.push(CellGroup { cells: places.iter().collect(), digits: Candidates::single(d) });
            eliminations.extend(outside);
        }
    }
    if eliminations.is_empty() {
        return None;
    }
    let digits = Candidates::from_bits(fit.used.iter().fold(0, |all, &u| all | u));
    let fillings = if fit.combinations.len() <= MAX_SHOWN { fit.combinations.iter().map(|&c| Candidates::from_bits(c).iter().collect()).collect() } else { Vec::new() };
    let fins = cells.iter().copied().filter(|c| !empty.contains(c)).collect();
    let pattern = Pattern { digits, cells: cells.to_vec(), fins, sets, fillings, rules: vec![Rule::Killer], ..Pattern::default() };
    Some(Deduction::elimination(ids::KILLER_COMBINATIONS, eliminations, pattern))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::constraints::Constraint;
    use crate::layout::LayoutSpec;
    use crate::rules::Rules;
    use crate::strategies::test_support::every;
    use std::sync::Arc;

    /// An empty 9x9 grid with these cages.
    fn grid(cages: &[(&[CellId], u32)]) -> Grid {
        let constraints = cages.iter().map(|&(cells, sum)| Constraint::Cage { rule: Rule::Killer, cells: cells.to_vec(), sum: Some(sum) }).collect();
        let spec = LayoutSpec { rules: Rules::classic().with(Rule::Killer), constraints, ..LayoutSpec::new(9) };
        Grid::new(Arc::new(spec.build().unwrap()), &[None; 81]).unwrap()
    }

    #[test]
    fn each_cage_that_removes_something_is_a_step() {
        // 3 in r1c1,r1c2 is 1+2: the cells keep 1 and 2, and row 1 and box 1 lose them. 15
        // in r5c5,r6c5 is 6+9 or 7+8: the cells lose 1 to 5, and no digit is required.
        let all = every(&grid(&[(&[0, 1], 3), (&[40, 49], 30 / 2)]), killer_combinations);
        assert_eq!(all.len(), 2, "{all:?}");
        assert!(all[0].starts_with("r1c1<>3 (killer)"), "{all:?}");
        assert!(all[0].contains("r1c9<>1") && all[0].contains("r3c3<>2"), "{all:?}");
        assert!(all[1].starts_with("r5c5<>1 (killer)") && !all[1].contains("r1c"), "{all:?}");
    }
}
