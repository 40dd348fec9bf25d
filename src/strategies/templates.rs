//! Templates: Template Set and Template Delete (guides `strategies/template-set.md` and
//! `strategies/template-delete.md`).
//!
//! A *template* of a digit is one way to place it in the whole grid: one cell in every row,
//! none seeing another (by a house or a variant rule's move), so one cell in every house.
//! A template *fits* the position when every cell of it still holds the digit as a
//! candidate or is placed with it, and it holds every cell placed with the digit. The
//! digit's solution is one of its fitting templates, so:
//!
//! - **Template Delete**: a candidate of the digit in no fitting template goes;
//! - **Template Set**: an empty cell in every fitting template takes the digit.
//!
//! Templates of different digits meet once, as HoDoKu's do: a cell that every fitting
//! template of one digit holds is that digit's, so the templates of the other digits
//! through it do not fit either; this is repeated until no list shrinks. (Whether a
//! template of one digit leaves room for some template of every other, the full
//! combination, is left to the search.)
//!
//! One step per digit, digits in order; every instance: one per digit with an effect. Both
//! are off by default: they see everything a single digit's patterns (fish, chains of one
//! digit) see, at once, with no pattern a person can spot. Layouts of more than 128 cells
//! are not taken (their templates are far too many to list).

use super::Finds;
use crate::deduction::{Deduction, Elimination, Pattern, Placement};
use crate::grid::{Candidates, Digit, Grid};
use crate::layout::HouseKind;

techniques! {
    family: SingleDigit;
    TEMPLATE_SET = "template-set", "Template Set", 90, |g, f| templates(g, f, Kind::Set), [off_by_default];
    TEMPLATE_DELETE = "template-delete", "Template Delete", 91, |g, f| templates(g, f, Kind::Delete), [off_by_default];
}

/// Which of the two techniques.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Kind {
    Set,
    Delete,
}

/// The most cells a template is listed for, as one 128-bit set.
const MAX_CELLS: usize = 128;

/// The most templates listed for one digit: beyond, the digit is left alone (an almost
/// empty 9x9 grid has 46,656 per digit; other layouts may have many more).
const MAX_PER_DIGIT: usize = 100_000;

/// The fitting templates of each digit of `grid` (index `d - 1`), met with each other (see
/// the module); `None` for a layout too large, or a digit with too many.
fn fitting(grid: &Grid) -> Option<Vec<Vec<u128>>> {
    let layout = grid.layout();
    if layout.cell_count() > MAX_CELLS {
        return None;
    }
    let set = |cells: &mut dyn Iterator<Item = usize>| cells.fold(0u128, |m, c| m | 1 << c);
    let peers: Vec<u128> = (0..layout.cell_count()).map(|c| set(&mut layout.peer_set(c).iter())).collect();
    // Why only full houses: a digit is in every house of `size` cells; a smaller group of
    // cells that may not repeat a digit need not hold it (its cells see each other, which
    // the peers carry).
    let houses: Vec<u128> = layout.houses().iter().filter(|h| h.cells.len() == layout.size()).map(|h| set(&mut h.cells.iter().copied())).collect();
    let rows: Vec<Vec<usize>> = layout.houses_of_kind(HouseKind::Row).map(|h| layout.house(h).cells.clone()).collect();
    let mut lists = Vec::new();
    for d in 1..=layout.size() as Digit {
        let placed = set(&mut (0..layout.cell_count()).filter(|&c| grid.digit(c) == Some(d)));
        let open = set(&mut grid.digit_cells(d).iter());
        let mut walk = Walk { rows: &rows, peers: &peers, houses: &houses, allowed: open | placed, placed, found: Vec::new() };
        if !walk.extend(0, 0, 0) {
            return None;
        }
        lists.push(walk.found);
    }
    // Each digit's sure cells leave the other digits' templates, until nothing changes.
    loop {
        let sure: Vec<u128> = lists.iter().map(|l| common(l)).collect();
        let mut changed = false;
        for (d, list) in lists.iter_mut().enumerate() {
            let taken = sure.iter().enumerate().filter(|&(e, _)| e != d).fold(0, |m, (_, &s)| m | s);
            let before = list.len();
            list.retain(|&t| t & taken == 0);
            changed |= list.len() != before;
        }
        if !changed {
            return Some(lists);
        }
    }
}

/// The cells every template of `list` holds (none for an empty list).
fn common(list: &[u128]) -> u128 {
    if list.is_empty() { 0 } else { list.iter().fold(!0, |m, &t| m & t) }
}

/// Lists the templates of one digit within `allowed` holding all of `placed`.
struct Walk<'a> {
    rows: &'a [Vec<usize>],
    peers: &'a [u128],
    houses: &'a [u128],
    allowed: u128,
    placed: u128,
    found: Vec<u128>,
}

impl Walk<'_> {
    /// Extends `chosen` (a cell in each row above `row`, none seeing another, `seen` their
    /// peers) in every way; false once more than [`MAX_PER_DIGIT`] are found.
    fn extend(&mut self, row: usize, chosen: u128, seen: u128) -> bool {
        if row == self.rows.len() {
            if chosen & self.placed == self.placed && self.houses.iter().all(|&h| h & chosen != 0) {
                if self.found.len() == MAX_PER_DIGIT {
                    return false;
                }
                self.found.push(chosen);
            }
            return true;
        }
        for i in 0..self.rows[row].len() {
            let c = self.rows[row][i];
            if self.allowed >> c & 1 != 0 && seen >> c & 1 == 0 && !self.extend(row + 1, chosen | 1 << c, seen | self.peers[c]) {
                return false;
            }
        }
        true
    }
}

/// Template Set or Template Delete: the first digit with an effect (see the module).
fn templates(grid: &Grid, finds: &mut Finds, kind: Kind) {
    let Some(lists) = fitting(grid) else { return };
    let layout = grid.layout();
    for (i, list) in lists.iter().enumerate() {
        // Why skip an empty list: the position has no solution, which the search reports;
        // no template fits, so every candidate would go.
        if list.is_empty() {
            continue;
        }
        let d = i as Digit + 1;
        let reach = list.iter().fold(0u128, |m, &t| m | t);
        let (placements, eliminations) = match kind {
            Kind::Set => {
                let sure = common(list);
                let cells: Vec<usize> = grid.digit_cells(d).iter().filter(|&c| sure >> c & 1 != 0).collect();
                (cells.into_iter().map(|cell| Placement { cell, digit: d }).collect::<Vec<_>>(), Vec::new())
            }
            Kind::Delete => {
                let gone = grid.digit_cells(d).iter().filter(|&c| reach >> c & 1 == 0).map(|cell| Elimination { cell, digit: d, via: None });
                (Vec::new(), gone.collect::<Vec<_>>())
            }
        };
        if placements.is_empty() && eliminations.is_empty() {
            continue;
        }
        // The pattern: the digit, and the cells its fitting templates reach.
        let pattern = Pattern { digits: Candidates::single(d), cells: (0..layout.cell_count()).filter(|&c| reach >> c & 1 != 0).collect(), ..Pattern::default() };
        let id = if kind == Kind::Set { ids::TEMPLATE_SET } else { ids::TEMPLATE_DELETE };
        let step = Deduction { technique: id, placements, eliminations, pattern, search: None };
        if finds.add(step) {
            return;
        }
    }
}
