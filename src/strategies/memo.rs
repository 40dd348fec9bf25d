//! Memos for techniques that look at one digit, or one house, at a time.
//!
//! Fish, the single-digit patterns and colouring find their patterns in one digit's
//! candidates and nothing else: what they find for a digit is a function of the layout and
//! the cells holding that digit. Hidden subsets, likewise, live in one house's candidates.
//! The solver runs every technique again after each step, and a step usually changes a few
//! digits and houses only, so each of these techniques keeps, per thread, what it found for
//! every digit (or house) together with a key of the candidates it was found for (the cells
//! holding the digit, or the house's stamp, [`Grid::house_stamp`]), and searches again only
//! where they changed.
//!
//! A memo holds the identity of the layout it was filled for ([`LayoutId`], the one key
//! of every cache) and forgets everything when the layout changes.

use std::rc::Rc;

use crate::grid::{CellSet, Digit, Grid, MAX_SIZE};
use crate::layout::{HouseId, LayoutId};

/// What one technique found for each digit or house (the parts), each with the key of the
/// candidates it was found for.
pub(super) struct Memo<K, T> {
    layout: Option<LayoutId>,
    /// Per part: the key when it was searched, and what was found.
    parts: Vec<(K, T)>,
}

/// A memo per digit, keyed by the cells holding the digit.
pub(super) type DigitMemo<T> = Memo<CellSet, T>;

/// A memo per house, keyed by the house's stamp ([`Grid::house_stamp`]), which changes with
/// its cells' candidates and placed digits.
pub(super) type HouseMemo<T> = Memo<u64, T>;

impl<K, T> Default for Memo<K, T> {
    fn default() -> Memo<K, T> {
        Memo { layout: None, parts: Vec::new() }
    }
}

impl<K: PartialEq, T> Memo<K, T> {
    /// Brings the memo up to date: runs `search` for each part whose key changed since it
    /// was last searched (every part, the first time or after a change of layout).
    fn refresh(&mut self, grid: &Grid, keys: impl ExactSizeIterator<Item = K>, mut search: impl FnMut(usize) -> T) -> Found<'_, K, T> {
        if self.layout != Some(grid.layout().id()) {
            self.layout = Some(grid.layout().id());
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
    pub(super) fn by_house(&mut self, grid: &Grid, search: impl FnMut(HouseId) -> T) -> Found<'_, u64, T> {
        let keys = (0..grid.layout().houses().len()).map(|h| grid.house_stamp(h));
        self.refresh(grid, keys, search)
    }
}

/// A table worked out from every digit's cells (line masks, conjugate pairs), kept for the
/// last position it was asked for. Several techniques look it up one after the other on
/// the same position, and the next position usually changes a few digits' cells: those
/// digits alone are worked out again.
pub(super) struct PositionTable<T> {
    /// The layout and each digit's cells the table was made for, and the table.
    known: Option<(LayoutId, [CellSet; MAX_SIZE], Rc<T>)>,
}

impl<T> Default for PositionTable<T> {
    fn default() -> PositionTable<T> {
        PositionTable { known: None }
    }
}

impl<T: Clone> PositionTable<T> {
    /// The table for `grid`: the kept one when no digit's cells changed; else the kept one
    /// with `update(table, changed)` run for the changed digits (bit `d - 1` for digit `d`);
    /// else (the first time, or another layout) a fresh one from `build`.
    pub(super) fn get(&mut self, grid: &Grid, build: impl FnOnce() -> T, update: impl FnOnce(&mut T, u32)) -> Rc<T> {
        let size = grid.layout().size();
        let mut key = [CellSet::new(); MAX_SIZE];
        for (d, k) in key.iter_mut().enumerate().take(size) {
            *k = *grid.digit_cells(d as Digit + 1);
        }
        if let Some((_, known, table)) = self.known.as_mut().filter(|(layout, ..)| *layout == grid.layout().id()) {
            let changed = known.iter().zip(&key).enumerate().filter(|(_, (a, b))| a != b).fold(0u32, |m, (d, _)| m | 1 << d);
            if changed != 0 {
                // Why in place: the techniques drop their handle after each call, so the
                // last position's table is usually held here alone and is not copied.
                update(Rc::make_mut(table), changed);
                *known = key;
            }
            return table.clone();
        }
        let fresh = Rc::new(build());
        self.known = Some((grid.layout().id(), key, fresh.clone()));
        fresh
    }
}

/// A position a technique recorded (per thread), to tell later whether the grid descends
/// from it (the same layout, and candidates only lost since: a placement takes its cell out
/// of every digit's cells) and what it lost. Techniques that found nothing at a position
/// keep one: a pattern none of whose parts lost anything since found nothing there either.
#[derive(Default)]
pub(super) struct Snapshot {
    layout: Option<LayoutId>,
    /// Per digit (index `digit - 1`), the empty cells holding it.
    digit_cells: Vec<CellSet>,
}

impl Snapshot {
    /// Records `grid`'s position (reusing the room of the last one).
    pub(super) fn record(&mut self, grid: &Grid) {
        self.layout = Some(grid.layout().id());
        self.digit_cells.clear();
        self.digit_cells.extend((1..=grid.layout().size() as Digit).map(|d| *grid.digit_cells(d)));
    }

    /// Forgets the recorded position: nothing descends from it.
    pub(super) fn forget(&mut self) {
        self.layout = None;
    }

    /// The recorded empty cells holding each digit (index `digit - 1`).
    pub(super) fn digit_cells(&self) -> &[CellSet] {
        &self.digit_cells
    }

    /// Whether `grid` descends from the recorded position: the same layout, and no
    /// candidate the position lacked.
    pub(super) fn precedes(&self, grid: &Grid) -> bool {
        self.layout == Some(grid.layout().id())
            && self.digit_cells.iter().enumerate().all(|(d, then)| grid.digit_cells(d as Digit + 1).difference(then).is_empty())
    }

    /// The cells that lost a candidate (or were filled) since, when `grid` descends from the
    /// recorded position.
    pub(super) fn changed_cells(&self, grid: &Grid) -> Option<CellSet> {
        self.precedes(grid).then(|| {
            let mut changed = CellSet::new();
            for (d, then) in self.digit_cells.iter().enumerate() {
                changed = changed.union(&then.difference(grid.digit_cells(d as Digit + 1)));
            }
            changed
        })
    }
}

/// Rounds of positions that descend from one another, for marks of patterns that found
/// nothing: such a mark, made in a round, holds at every later position of that round while
/// the pattern's cells keep their candidates (its targets have only lost candidates since).
/// A position that does not descend from the last one recorded starts a new round, which
/// voids every older mark. Rounds start at 1, so 0 can stand for "never marked".
#[derive(Default)]
pub(super) struct Rounds {
    position: Snapshot,
    round: u32,
}

impl Rounds {
    /// Records `grid` as the latest position and returns its round: the last call's when
    /// `grid` descends from that call's position, a new one otherwise.
    pub(super) fn advance(&mut self, grid: &Grid) -> u32 {
        if !self.position.precedes(grid) {
            self.round += 1;
        }
        self.position.record(grid);
        self.round
    }
}

/// What a technique found for each part, in order (see [`DigitMemo::by_digit`] and
/// [`HouseMemo::by_house`]).
pub(super) struct Found<'m, K, T>(&'m [(K, T)]);

impl<'m, K, T> Found<'m, K, T> {
    pub(super) fn iter(&self) -> impl Iterator<Item = &'m T> + use<'m, K, T> {
        self.0.iter().map(|(_, found)| found)
    }

    /// What was found for part `i`.
    pub(super) fn get(&self, i: usize) -> &'m T {
        &self.0[i].1
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
    use crate::layout::Layout;
    use crate::rules::Rules;
    use std::sync::Arc;

    fn empty_grid() -> Grid {
        Grid::new(Arc::new(Layout::classic(Rules::classic())), &[None; 81]).expect("an empty grid")
    }

    fn remove(grid: &mut Grid, cell: usize, digit: Digit) {
        grid.apply(Deduction::elimination("test", vec![Elimination { cell, digit, via: None }], Pattern::default()));
    }

    /// The digits searched, and what the memo then holds: each digit's number of cells.
    fn by_digit(memo: &mut DigitMemo<usize>, grid: &Grid) -> (Vec<Digit>, Vec<usize>) {
        let mut searched = Vec::new();
        let counts = memo
            .by_digit(grid, |d| {
                searched.push(d);
                grid.digit_cells(d).len()
            })
            .iter()
            .copied()
            .collect();
        (searched, counts)
    }

    #[test]
    fn a_snapshot_tells_which_cells_changed_in_the_positions_after_it() {
        let mut grid = empty_grid();
        let mut position = Snapshot::default();
        assert_eq!(position.changed_cells(&grid), None, "nothing recorded yet");
        position.record(&grid);
        assert_eq!(position.changed_cells(&grid), Some(CellSet::new()));
        remove(&mut grid, 10, 3);
        grid.apply(Deduction::placement("test", 40, 5, Pattern::default()));
        let changed = position.changed_cells(&grid).expect("candidates were only lost");
        // r5c5 and the cells that lost 5 to it (its 20 peers), and r2c2.
        assert_eq!(changed.len(), 22);
        assert!(changed.contains(10) && changed.contains(40) && changed.contains(4) && !changed.contains(0));
        // An earlier position does not descend from a later one, nor does another layout's.
        let later = {
            let mut later = Snapshot::default();
            later.record(&grid);
            later
        };
        let earlier = Grid::new(grid.layout_arc().clone(), &[None; 81]).expect("an empty grid");
        assert_eq!(later.changed_cells(&earlier), None);
        position.record(&empty_grid());
        assert_eq!(position.changed_cells(&grid), None, "another layout");
        position.forget();
        assert!(!position.precedes(&empty_grid()));
    }

    #[test]
    fn a_round_lasts_while_each_position_descends_from_the_last() {
        let mut grid = empty_grid();
        let mut rounds = Rounds::default();
        let first = rounds.advance(&grid);
        assert_ne!(first, 0, "0 stands for never marked");
        assert_eq!(rounds.advance(&grid), first, "the same position");
        remove(&mut grid, 10, 3);
        assert_eq!(rounds.advance(&grid), first, "a position that only lost a candidate");
        // Going back to a fuller grid, or on to another layout's, starts a new round each time.
        let earlier = Grid::new(grid.layout_arc().clone(), &[None; 81]).expect("an empty grid");
        let second = rounds.advance(&earlier);
        assert!(second > first);
        assert!(rounds.advance(&empty_grid()) > second, "another layout");
    }

    #[test]
    fn only_the_digits_whose_cells_changed_are_searched_again() {
        let mut grid = empty_grid();
        let mut memo = DigitMemo::default();
        assert_eq!(by_digit(&mut memo, &grid), ((1..=9).collect(), vec![81; 9]));
        remove(&mut grid, 0, 4);
        let (searched, counts) = by_digit(&mut memo, &grid);
        assert_eq!(searched, vec![4], "only digit 4 lost a cell");
        assert_eq!((counts[3], counts[2]), (80, 81));
        assert_eq!(by_digit(&mut memo, &grid).0, Vec::<Digit>::new(), "nothing changed");
        // A new layout, even an equal one, starts afresh.
        assert_eq!(by_digit(&mut memo, &empty_grid()).0.len(), 9);
    }

    #[test]
    fn only_the_houses_whose_candidates_changed_are_searched_again() {
        let mut grid = empty_grid();
        let mut memo: HouseMemo<HouseId> = HouseMemo::default();
        let mut searched = Vec::new();
        let _ = memo.by_house(&grid, |h| {
            searched.push(h);
            h
        });
        assert_eq!(searched.len(), 27);
        // r1c1 lies in row 1 (house 0), column 1 (house 9) and box 1 (house 18).
        remove(&mut grid, 0, 4);
        searched.clear();
        let found: Vec<HouseId> = memo
            .by_house(&grid, |h| {
                searched.push(h);
                100 + h
            })
            .iter()
            .copied()
            .collect();
        assert_eq!(searched, vec![0, 9, 18]);
        assert_eq!((found[0], found[1], found[9]), (100, 1, 109));
    }

    #[test]
    fn the_smallest_wins_and_the_earlier_part_on_a_tie() {
        let grid = empty_grid();
        let mut memo: DigitMemo<Option<(usize, Digit)>> = DigitMemo::default();
        let sizes = [None, Some(5), Some(3), None, Some(3), Some(4), None, None, None];
        let found = memo.by_digit(&grid, |d| sizes[d as usize - 1].map(|s| (s, d)));
        assert_eq!(smallest(&found), Some(&3));
        let mut memo: DigitMemo<Option<(usize, Digit)>> = DigitMemo::default();
        assert_eq!(smallest(&memo.by_digit(&grid, |_| None)), None);
    }
}
