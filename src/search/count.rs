//! The generic solution search, for layouts the fast core ([`super::Core`]) does not take
//! (other sizes and box shapes, extra houses): [`super::solutions`] calls it.
//!
//! Works on any layout (any size, variant peers, extra houses): the state is a candidate
//! mask per cell on the stack, propagated with naked and hidden singles of its own, with
//! guesses in the cell with the fewest candidates. It answers the same counts and solutions
//! as [`super::backtrack()`] with the singles strategies, at a fraction of the cost, because
//! it builds no deductions and no grids.

use super::Found;
use crate::grid::{Cell, Digit, Grid, MAX_SIZE};
use crate::layout::Layout;

const MAX_CELLS: usize = MAX_SIZE * MAX_SIZE;

/// One search state: candidates of empty cells, and 0 for a solved cell with its digit in
/// `value`.
#[derive(Clone, Copy)]
struct State {
    cand: [u16; MAX_CELLS],
    value: [u8; MAX_CELLS],
}

/// Searches `grid`'s position (its cells as they are) on any layout: counts solutions up
/// to `limit`, keeping the first `keep`.
pub(super) fn search_generic(grid: &Grid, limit: usize, keep: usize) -> Found {
    let mut state = State { cand: [0; MAX_CELLS], value: [0; MAX_CELLS] };
    for (cell, s) in grid.cells().iter().enumerate() {
        match *s {
            Cell::Solved(d) => state.value[cell] = d,
            Cell::Unsolved(c) => state.cand[cell] = c.bits(),
        }
    }
    let mut search = Search { layout: grid.layout(), limit, keep, found: Found::default() };
    if limit > 0 {
        search.explore(&mut state);
    }
    search.found
}

/// One search in progress.
struct Search<'a> {
    layout: &'a Layout,
    limit: usize,
    keep: usize,
    found: Found,
}

impl Search<'_> {
    fn explore(&mut self, state: &mut State) {
        let layout = self.layout;
        if !propagate(layout, state) {
            return;
        }
        let cells = layout.cell_count();
        let guess = (0..cells).filter(|&c| state.value[c] == 0).min_by_key(|&c| state.cand[c].count_ones());
        let Some(cell) = guess else {
            self.found.count += 1;
            if self.found.solutions.len() < self.keep {
                self.found.solutions.push(state.value[..cells].to_vec());
            }
            return;
        };
        let mut rest = state.cand[cell];
        while rest != 0 {
            // Why here: the limit stops the search with this branch still to try.
            if self.found.count >= self.limit {
                self.found.hit_limit = true;
                return;
            }
            let bit = rest & rest.wrapping_neg();
            rest &= !bit;
            self.found.guesses += 1;
            let mut branch = *state;
            if assign(layout, &mut branch, cell, bit) {
                self.explore(&mut branch);
            }
        }
    }
}

/// Places the digit of `bit` in `cell` and removes it from the cell's peers and what it
/// links to; false if a cell is left with no candidate, or a constraint is broken.
fn assign(layout: &Layout, state: &mut State, cell: usize, bit: u16) -> bool {
    let digit = bit.trailing_zeros() as Digit + 1;
    state.value[cell] = digit;
    state.cand[cell] = 0;
    for peer in layout.peers(cell) {
        if state.value[peer] == 0 {
            state.cand[peer] &= !bit;
            if state.cand[peer] == 0 {
                return false;
            }
        }
    }
    for link in layout.links(cell, digit) {
        // Why check placed cells too: a link is not always between peers, and a placed
        // digit there may be one this placement rules out.
        match state.value[link.cell] {
            0 => {
                state.cand[link.cell] &= !link.digits.bits();
                if state.cand[link.cell] == 0 {
                    return false;
                }
            }
            d if link.digits.contains(d) => return false,
            _ => {}
        }
    }
    true
}

/// Removes every candidate that would leave a cell it links to without a candidate (what
/// it links to, and its own digit there if the two cells see each other). Returns `None` on
/// a contradiction, else whether anything changed.
fn propagate_links(layout: &Layout, state: &mut State) -> Option<bool> {
    let mut changed = false;
    for a in 0..layout.cell_count() {
        if state.value[a] != 0 {
            continue;
        }
        let mut rest = state.cand[a];
        while rest != 0 {
            let bit = rest & rest.wrapping_neg();
            rest &= !bit;
            let d = bit.trailing_zeros() as Digit + 1;
            let fails = layout.links(a, d).iter().any(|link| {
                let b = link.cell;
                let mut out = link.digits.bits();
                if layout.sees(a, b) {
                    out |= bit;
                }
                state.value[b] == 0 && state.cand[b] & !out == 0
            });
            if fails {
                state.cand[a] &= !bit;
                if state.cand[a] == 0 {
                    return None;
                }
                changed = true;
            }
        }
    }
    Some(changed)
}

/// Propagates the demands of the layout (digits some cells must hold, a quadruple): a
/// digit with as many places left among the cells as it is missing goes in all of them;
/// when the missing digits are as many as the empty cells, those cells hold nothing else.
/// Returns `None` on a contradiction, else whether anything changed.
fn propagate_demands(layout: &Layout, state: &mut State) -> Option<bool> {
    let mut changed = false;
    for demand in layout.demands() {
        let crate::constraints::Constraint::Contains { cells, digits, .. } = demand else { continue };
        let mut missing: Vec<Digit> = digits.clone();
        let mut empty = 0;
        for &c in cells {
            match state.value[c] {
                0 => empty += 1,
                d => {
                    if let Some(i) = missing.iter().position(|&m| m == d) {
                        missing.swap_remove(i);
                    }
                }
            }
        }
        if missing.len() > empty {
            return None;
        }
        let wanted = missing.iter().fold(0u16, |m, &d| m | 1 << (d - 1));
        for &d in &missing {
            let bit = 1u16 << (d - 1);
            let need = missing.iter().filter(|&&m| m == d).count();
            let places = cells.iter().filter(|&&c| state.value[c] == 0 && state.cand[c] & bit != 0).count();
            if places < need {
                return None;
            }
            if places == need {
                for &c in cells {
                    if state.value[c] == 0 && state.cand[c] & bit != 0 {
                        if !assign(layout, state, c, bit) {
                            return None;
                        }
                    }
                }
                // Why stop here: the placements changed what is missing; the caller's loop
                // comes back.
                return Some(true);
            }
        }
        if missing.len() == empty {
            for &c in cells {
                if state.value[c] == 0 && state.cand[c] & !wanted != 0 {
                    state.cand[c] &= wanted;
                    if state.cand[c] == 0 {
                        return None;
                    }
                    changed = true;
                }
            }
        }
    }
    Some(changed)
}

/// Naked and hidden singles until nothing changes; false on a contradiction.
fn propagate(layout: &Layout, state: &mut State) -> bool {
    let all: u16 = ((1u32 << layout.size()) - 1) as u16;
    loop {
        let mut changed = false;
        for cell in 0..layout.cell_count() {
            if state.value[cell] != 0 {
                continue;
            }
            let c = state.cand[cell];
            if c == 0 {
                return false;
            }
            if c & (c - 1) == 0 {
                if !assign(layout, state, cell, c) {
                    return false;
                }
                changed = true;
            }
        }
        for house in layout.houses() {
            let (mut once, mut twice, mut placed) = (0u16, 0u16, 0u16);
            for &cell in &house.cells {
                match state.value[cell] {
                    0 => {
                        let c = state.cand[cell];
                        twice |= once & c;
                        once |= c;
                    }
                    d => placed |= 1 << (d - 1),
                }
            }
            if (once | placed) != all {
                return false;
            }
            let mut hidden = once & !twice & !placed;
            while hidden != 0 {
                let bit = hidden & hidden.wrapping_neg();
                hidden &= !bit;
                let Some(&cell) = house.cells.iter().find(|&&c| state.value[c] == 0 && state.cand[c] & bit != 0) else {
                    // Why: an earlier single of this pass took the cell; the next pass rechecks.
                    continue;
                };
                if !assign(layout, state, cell, bit) {
                    return false;
                }
                changed = true;
            }
        }
        if layout.has_links() {
            match propagate_links(layout, state) {
                None => return false,
                Some(true) => changed = true,
                Some(false) => {}
            }
        }
        match propagate_demands(layout, state) {
            None => return false,
            Some(true) => changed = true,
            Some(false) => {}
        }
        if !changed {
            return true;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::formats::{Origin, parse_puzzles};
    use crate::generate::{Rng, generate};
    use crate::rules::{Rule, Rules};
    use crate::search::backtrack;
    use crate::strategies::{hidden_single, naked_single};
    use std::sync::Arc;

    /// The grid of a puzzle line, `None` if its givens clash under `rules`.
    fn grid(line: &str, rules: Rules) -> Option<Grid> {
        let layout = Arc::new(Layout::classic(rules));
        let givens = parse_puzzles(line, 9, Origin::Argument(1)).unwrap().remove(0).givens;
        Grid::new(layout, &givens).ok()
    }

    #[test]
    fn counts_agree_with_the_design_card_backtracker() {
        let singles = [naked_single as fn(&mut Grid) -> bool, hidden_single];
        let mut lines = vec![
            "1................................................................................".to_string(),
            // No solution: r1c9 must be 9, which r2c9 already holds in box 3.
            format!("12345678.........9{}", ".".repeat(63)),
        ];
        let layout = Arc::new(Layout::classic(Rules::classic()));
        let mut rng = Rng::new(5);
        for _ in 0..20 {
            let p = generate(&layout, &mut rng).unwrap();
            lines.push(crate::formats::to_line(&p.givens));
            // The same puzzle less one given: usually several solutions.
            let mut fewer = p.givens.clone();
            if let Some(i) = fewer.iter().position(Option::is_some) {
                fewer[i] = None;
            }
            lines.push(crate::formats::to_line(&fewer));
        }
        for rules in [Rules::classic(), Rules::classic().with(Rule::AntiKnight)] {
            for line in &lines {
                // Why: a classic puzzle's givens may clash under anti-knight; nothing to count.
                let Some(g) = grid(line, rules.clone()) else { continue };
                for (limit, keep) in [(1, 0), (2, 2), (5, 1)] {
                    let ours = search_generic(&g, limit, keep);
                    let theirs = backtrack(&g, &singles, limit, keep);
                    let context = format!("{line} limit {limit} keep {keep} {rules:?}");
                    assert_eq!(ours.count, theirs.count, "{context}");
                    assert_eq!(ours.solutions, theirs.solutions, "{context}");
                    assert_eq!(ours.hit_limit, theirs.hit_limit, "{context}");
                }
            }
        }
    }

    #[test]
    fn counts_agree_with_the_backtracker_under_links_and_demands() {
        use crate::constraints::{Constraint, Relation};
        use crate::layout::LayoutSpec;
        let singles = [naked_single as fn(&mut Grid) -> bool, hidden_single];
        let mut rng = Rng::new(11);
        // Non-consecutive everywhere; a few white dots, an X and a quadruple on a 6x6 grid.
        let marks = vec![
            Constraint::Pair { rule: Rule::KropkiWhite, cells: [0, 1], relation: Relation::Difference(1), holds: true },
            Constraint::Pair { rule: Rule::Xv, cells: [7, 13], relation: Relation::Sum(10), holds: true },
            Constraint::Contains { rule: Rule::Quadruple, cells: vec![14, 15, 20, 21], digits: vec![1, 2] },
        ];
        let specs = [
            LayoutSpec { rules: Rules::classic().with(Rule::NonConsecutive), ..LayoutSpec::new(9) },
            LayoutSpec { constraints: marks, ..LayoutSpec::new(6) },
        ];
        let mut checked = 0;
        for spec in specs {
            let layout = Arc::new(spec.build().unwrap());
            for _ in 0..3 {
                let Some(solution) = crate::generate::random_solution(&layout, &mut rng) else { continue };
                // Few givens: many solutions; more: usually one.
                for keep in [4, 12, 30] {
                    let givens: Vec<Option<Digit>> = solution.iter().enumerate().map(|(i, &d)| (i * 7 % solution.len() < keep * solution.len() / 81).then_some(d)).collect();
                    let Ok(g) = Grid::new(layout.clone(), &givens) else { continue };
                    // Why not the same first solutions: the two propagate differently, so
                    // they guess in different cells. Counts must agree; every solution must
                    // keep every rule; and a full count must find the same solutions.
                    for limit in [1, 12] {
                        let mut ours = search_generic(&g, limit, limit);
                        let mut theirs = backtrack(&g, &singles, limit, limit);
                        assert_eq!((ours.count, ours.hit_limit), (theirs.count, theirs.hit_limit), "{givens:?}");
                        for found in &ours.solutions {
                            let digits: Vec<Option<Digit>> = found.iter().map(|&d| Some(d)).collect();
                            assert!(Grid::new(layout.clone(), &digits).is_ok(), "{found:?} breaks a rule");
                            assert!(found.iter().zip(&givens).all(|(d, g)| g.is_none_or(|g| g == *d)));
                        }
                        if !ours.hit_limit {
                            ours.solutions.sort();
                            theirs.solutions.sort();
                            assert_eq!(ours.solutions, theirs.solutions);
                        }
                        checked += 1;
                    }
                }
            }
        }
        assert!(checked >= 10, "only {checked} searches compared");
    }

    #[test]
    fn a_unique_puzzle_counts_one_and_an_empty_grid_many() {
        let line = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";
        assert_eq!(search_generic(&grid(line, Rules::classic()).unwrap(), 2, 0).count, 1);
        let empty = ".".repeat(81);
        let found = search_generic(&grid(&empty, Rules::classic()).unwrap(), 3, 0);
        assert_eq!((found.count, found.hit_limit), (3, true));
    }
}
