//! Per-digit memos for techniques that look at one digit at a time.
//!
//! Fish, the single-digit patterns and colouring find their patterns in one digit's
//! candidates and nothing else: what they find for a digit is a function of the layout and
//! the cells holding that digit. The solver runs every technique again after each step, and
//! a step usually changes the candidates of one or two digits only, so each of these
//! techniques keeps, per thread, what it found for every digit together with the cells it was
//! found for, and searches again only the digits whose cells changed.
//!
//! The memo holds the layout it was filled for (an `Arc`, so it cannot be freed and its
//! address reused by another layout), and forgets everything when the layout changes.

use std::sync::Arc;

use crate::grid::{CellSet, Digit, Grid, MAX_SIZE};
use crate::layout::Layout;

/// What one technique found for each digit, each with the cells it was found for.
pub(super) struct DigitMemo<T> {
    layout: Option<Arc<Layout>>,
    /// Per digit (index `digit - 1`): the cells holding it when `found` was worked out, and
    /// what was found; `None` until the digit is first searched.
    digits: [(CellSet, Option<T>); MAX_SIZE],
}

impl<T> Default for DigitMemo<T> {
    fn default() -> DigitMemo<T> {
        DigitMemo { layout: None, digits: std::array::from_fn(|_| (CellSet::new(), None)) }
    }
}

impl<T> DigitMemo<T> {
    /// Runs `search` for every digit of `grid` whose cells changed since it was last
    /// searched (every digit, the first time or after a change of layout), and returns
    /// what was found for each digit, in digit order.
    pub(super) fn refresh(&mut self, grid: &Grid, mut search: impl FnMut(Digit) -> T) -> Found<'_, T> {
        if !self.layout.as_ref().is_some_and(|l| Arc::ptr_eq(l, grid.layout_arc())) {
            self.layout = Some(grid.layout_arc().clone());
            self.digits.iter_mut().for_each(|entry| entry.1 = None);
        }
        let size = grid.layout().size();
        for (d, (cells, found)) in self.digits[..size].iter_mut().enumerate() {
            let now = grid.digit_cells(d as Digit + 1);
            if found.is_none() || cells != now {
                *cells = *now;
                *found = Some(search(d as Digit + 1));
            }
        }
        Found(&self.digits[..size])
    }
}

/// What a technique found for each digit, in digit order (see [`DigitMemo::refresh`]).
pub(super) struct Found<'m, T>(&'m [(CellSet, Option<T>)]);

impl<'m, T> Found<'m, T> {
    pub(super) fn iter(&self) -> impl Iterator<Item = &'m T> + use<'m, T> {
        self.0.iter().map(|(_, found)| found.as_ref().expect("every digit was searched"))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::deduction::{Deduction, Elimination, Pattern};
    use crate::rules::Rules;

    #[test]
    fn only_the_digits_whose_cells_changed_are_searched_again() {
        let layout = Arc::new(Layout::classic(Rules::classic()));
        let mut grid = Grid::new(layout.clone(), &[None; 81]).expect("an empty grid");
        let mut memo: DigitMemo<usize> = DigitMemo::default();
        let mut searched = Vec::new();
        let counts: Vec<usize> = memo
            .refresh(&grid, |d| {
                searched.push(d);
                grid.digit_cells(d).len()
            })
            .iter()
            .copied()
            .collect();
        assert_eq!(searched, (1..=9).collect::<Vec<_>>());
        assert_eq!(counts, vec![81; 9]);
        grid.apply(Deduction::elimination("test", vec![Elimination { cell: 0, digit: 4, via: None }], Pattern::default()));
        searched.clear();
        let counts: Vec<usize> = memo
            .refresh(&grid, |d| {
                searched.push(d);
                grid.digit_cells(d).len()
            })
            .iter()
            .copied()
            .collect();
        assert_eq!(searched, vec![4], "only digit 4 lost a cell");
        assert_eq!(counts[3], 80);
        assert_eq!(counts[2], 81);
        // A new layout, even an equal one, starts afresh.
        let other = Grid::new(Arc::new(Layout::classic(Rules::classic())), &[None; 81]).expect("an empty grid");
        searched.clear();
        let _ = memo.refresh(&other, |d| {
            searched.push(d);
            0
        });
        assert_eq!(searched.len(), 9);
    }
}
