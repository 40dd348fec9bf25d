//! Memos for techniques that look at one digit, or one house, at a time.
//!
//! Fish, the single-digit patterns and colouring find their patterns in one digit's
//! candidates and nothing else: what they find for a digit is a function of the layout and
//! the cells holding that digit. Hidden subsets, likewise, live in one house's candidates.
//! The solver runs every technique again after each step, and a step usually changes a few
//! digits and houses only, so each of these techniques keeps, per thread, what it found for
//! every digit (or house) together with the candidates it was found for, and searches again
//! only where they changed.
//!
//! A memo holds the layout it was filled for (an `Arc`, so it cannot be freed and its
//! address reused by another layout), and forgets everything when the layout changes.

use std::sync::Arc;

use crate::grid::{CellSet, Digit, Grid, MAX_SIZE};
use crate::layout::{HouseId, Layout};

/// What one technique found for each digit or house (the parts), each with the key of the
/// candidates it was found for.
pub(super) struct Memo<K, T> {
    layout: Option<Arc<Layout>>,
    /// Per part: the key when it was searched, and what was found.
    parts: Vec<(K, T)>,
}

/// A memo per digit, keyed by the cells holding the digit.
pub(super) type DigitMemo<T> = Memo<CellSet, T>;

/// A memo per house, keyed by the candidates of the house's cells, in house order, and the
/// digits placed in it.
pub(super) type HouseMemo<T> = Memo<[u16; MAX_SIZE + 1], T>;

impl<K, T> Default for Memo<K, T> {
    fn default() -> Memo<K, T> {
        Memo { layout: None, parts: Vec::new() }
    }
}

impl<K: PartialEq, T> Memo<K, T> {
    /// Brings the memo up to date: runs `search` for each part whose key changed since it
    /// was last searched (every part, the first time or after a change of layout).
    fn refresh(&mut self, grid: &Grid, keys: impl ExactSizeIterator<Item = K>, mut search: impl FnMut(usize) -> T) -> Found<'_, K, T> {
        if !self.layout.as_ref().is_some_and(|l| Arc::ptr_eq(l, grid.layout_arc())) {
            self.layout = Some(grid.layout_arc().clone());
            self.parts.clear();
        }
        let count = keys.len();
        for (i, key) in keys.enumerate() {
            match self.parts.get_mut(i) {
                Some((known, _)) if *known == key => {}
                Some(entry) => *entry = (key, search(i)),
                None => self.parts.push((key, search(i))),
            }
        }
        Found(&self.parts[..count])
    }
}

impl<T> DigitMemo<T> {
    /// Runs `search` for every digit of `grid` whose cells changed since it was last
    /// searched, and returns what was found for each digit, in digit order.
    pub(super) fn by_digit(&mut self, grid: &Grid, mut search: impl FnMut(Digit) -> T) -> Found<'_, CellSet, T> {
        let keys = (1..=grid.layout().size() as Digit).map(|d| *grid.digit_cells(d));
        self.refresh(grid, keys, |i| search(i as Digit + 1))
    }
}

impl<T> HouseMemo<T> {
    /// Runs `search` for every house of `grid` whose cells' candidates (or placed digits)
    /// changed since it was last searched, and returns what was found for each house, in
    /// house order.
    pub(super) fn by_house(&mut self, grid: &Grid, search: impl FnMut(HouseId) -> T) -> Found<'_, [u16; MAX_SIZE + 1], T> {
        let layout = grid.layout();
        let keys = layout.houses().iter().enumerate().map(|(h, house)| {
            let mut key = [0; MAX_SIZE + 1];
            for (k, &cell) in key.iter_mut().zip(&house.cells) {
                *k = grid.candidates(cell).bits();
            }
            key[MAX_SIZE] = grid.house_placed(h).bits();
            key
        });
        self.refresh(grid, keys, search)
    }
}

/// What a technique found for each part, in order (see [`DigitMemo::by_digit`] and
/// [`HouseMemo::by_house`]).
pub(super) struct Found<'m, K, T>(&'m [(K, T)]);

impl<'m, K, T> Found<'m, K, T> {
    pub(super) fn iter(&self) -> impl Iterator<Item = &'m T> + use<'m, K, T> {
        self.0.iter().map(|(_, found)| found)
    }
}

/// The value found with the smallest size (the first of each pair) over the parts, the
/// earlier part on a tie.
pub(super) fn smallest<'m, K, D>(found: &Found<'m, K, Option<(usize, D)>>) -> Option<&'m D> {
    let mut best: Option<&(usize, D)> = None;
    for entry in found.iter().flatten() {
        if best.is_none_or(|b| entry.0 < b.0) {
            best = Some(entry);
        }
    }
    best.map(|(_, value)| value)
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
            .by_digit(&grid, |d| {
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
            .by_digit(&grid, |d| {
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
        let _ = memo.by_digit(&other, |d| {
            searched.push(d);
            0
        });
        assert_eq!(searched.len(), 9);
    }
}
