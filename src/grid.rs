//! The grid: digits, candidate bitsets, cells, and the journal of deductions.
//!
//! A [`Grid`] is the only thing strategies change, and they change it only through
//! [`Grid::apply`], which records every [`Deduction`] in the grid's journal. Everything a
//! front end shows (explanations, coloured boards, JSON) is read back from that journal.

use std::fmt;
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};

pub(crate) use crate::bits::{BitIter, WordCells};
pub use crate::bits::{Candidates, CellSet, Digit, MAX_SIZE};
use crate::bits::digit_char;
use crate::deduction::{Deduction, Placement};
use crate::layout::{CellId, HouseId, Layout};

/// A strategy: finds one instance of its pattern and, if it finds one, applies the
/// [`Deduction`] with [`Grid::apply`] and returns true. The registry of techniques
/// (`strategies`) is made of them, and the search's backtracker runs them after its guesses;
/// both take the type from here, the one thing they share.
pub type Strategy = fn(&mut Grid) -> bool;

/// One cell: a placed digit, or the digits it may still hold.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Cell {
    /// The cell holds this digit (a given or a placed one).
    Solved(Digit),
    /// The cell is empty and may still hold these digits; empty when it can hold none.
    Unsolved(Candidates),
}

/// Givens that break a rule: the puzzle cannot be solved as written.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Clash {
    /// The digit of the first cell.
    pub digit: Digit,
    /// The two cells (one cell twice when a rule forbids its digit outright).
    pub cells: [CellId; 2],
    /// The house both cells share, if the clash is in a house.
    pub house: Option<HouseId>,
    /// Otherwise the variant rule that makes them peers, or whose constraint they break.
    pub rule: Option<crate::rules::Rule>,
    /// How they break it.
    pub kind: ClashKind,
}

/// How givens break a rule (see [`Clash`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ClashKind {
    /// The two cells hold the same digit, and see each other.
    Repeat,
    /// The two cells' digits (the second one given here) break a constraint between them.
    Pair(Digit),
    /// The cell's digit is one a mark on it forbids (odd, even).
    Forbidden,
    /// The cells (first and last of a constraint's) are filled without a digit the
    /// constraint demands (given here).
    Missing(Digit),
    /// The givens of a killer cage (first and last of its cells) exceed its sum (given
    /// here), or fill it with another.
    Sum(u32),
    /// The givens fill a weighted sum (an arrow, a little killer; first and last of its
    /// cells) and do not add up.
    Unbalanced,
    /// A constraint makes the two cells equal (a palindrome, a clone), yet they see each
    /// other: no digits at all can fill them. The clash's digit is 1, standing for none.
    EqualPeers,
    /// The givens fill a clue read along a line (a between line, a sandwich, an X-sum, a
    /// skyscraper; first and last of its cells) and break it.
    Unkept,
}

/// Why a grid can no longer be completed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Contradiction {
    /// An empty cell has no candidate left.
    NoCandidates(CellId),
    /// A digit has no place left in a house that still needs it.
    NoPlace(HouseId, Digit),
    /// The `n`-th demand of the layout ([`Layout::demands`]) can no longer get a digit.
    Unmet(usize, Digit),
    /// The `n`-th killer cage with a sum ([`Layout::cage_sums`]) can no longer make it.
    Sum(usize),
    /// The `n`-th weighted sum ([`Layout::weighted_sums`]: an arrow, a little killer) can no
    /// longer add up.
    Weighted(usize),
    /// The `n`-th clue read along a line ([`Layout::clues`]: a between line, a sandwich, an
    /// X-sum, a skyscraper) has no filling left.
    Clue(usize),
}

/// A Sudoku grid on some layout, with candidates and the journal of what was deduced.
#[derive(Clone)]
pub struct Grid {
    layout: Arc<Layout>,
    start: Arc<Start>,
    cells: Vec<Cell>,
    /// For each digit (index `digit - 1`), the empty cells that still hold it.
    digit_sets: Vec<CellSet>,
    /// The empty cells.
    empty: CellSet,
    /// For each house, the digits placed in it.
    placed: Vec<Candidates>,
    /// For each house, the stamp of its last change (see [`Grid::house_stamp`]).
    house_stamps: Vec<u64>,
    unsolved: usize,
    journal: Vec<Deduction>,
}

/// Where a grid started: the puzzle's givens, and for a grid built from a position, that
/// position's cells (the journal is replayed from them). One shared piece, so that a clone
/// of a grid in a search copies one pointer for both.
#[derive(Debug)]
struct Start {
    givens: Vec<Option<Digit>>,
    position: Option<Vec<Cell>>,
}

/// The source of [`Grid::house_stamp`]s, shared by every grid of the process so that no two
/// changes anywhere get the same stamp.
static STAMPS: AtomicU64 = AtomicU64::new(1);

fn fresh_stamp() -> u64 {
    STAMPS.fetch_add(1, Ordering::Relaxed)
}

impl Grid {
    /// Builds the candidate grid for a puzzle's givens, or names the first clash between them.
    ///
    /// `givens` holds one entry per cell of the layout, `None` for a blank.
    pub fn new(layout: Arc<Layout>, givens: &[Option<Digit>]) -> Result<Grid, Clash> {
        assert_eq!(givens.len(), layout.cell_count(), "givens must cover every cell");
        for (cell, given) in givens.iter().enumerate() {
            let Some(digit) = *given else { continue };
            for peer in layout.peers(cell) {
                if peer > cell && givens[peer] == Some(digit) {
                    let (house, rule) = layout.relation(cell, peer);
                    return Err(Clash { digit, cells: [cell, peer], house, rule, kind: ClashKind::Repeat });
                }
            }
        }
        if let Some(clash) = constraint_clash(&layout, givens) {
            return Err(clash);
        }
        let mut cells: Vec<Cell> = givens
            .iter()
            .enumerate()
            .map(|(cell, g)| match g {
                Some(d) => Cell::Solved(*d),
                None => Cell::Unsolved(layout.allowed(cell)),
            })
            .collect();
        for (cell, given) in givens.iter().enumerate() {
            if let Some(digit) = *given {
                for peer in layout.peers(cell) {
                    if let Cell::Unsolved(c) = &mut cells[peer] {
                        c.remove(digit);
                    }
                }
                for link in layout.links(cell, digit) {
                    if let Cell::Unsolved(c) = &mut cells[link.cell] {
                        *c = c.difference(link.digits);
                    }
                }
            }
        }
        let unsolved = givens.iter().filter(|g| g.is_none()).count();
        let mut grid = Grid {
            layout,
            start: Arc::new(Start { givens: givens.to_vec(), position: None }),
            cells,
            digit_sets: Vec::new(),
            empty: CellSet::new(),
            placed: Vec::new(),
            house_stamps: Vec::new(),
            unsolved,
            journal: Vec::new(),
        };
        grid.index();
        Ok(grid)
    }

    /// Builds a grid from cell states as they are (a position in candidate form):
    /// candidates are taken as written, not recomputed. `given[c]` says whether a solved cell
    /// was a given of the puzzle (rather than placed by a deduction).
    pub fn from_position(layout: Arc<Layout>, cells: Vec<Cell>, given: &[bool]) -> Result<Grid, Clash> {
        assert_eq!(cells.len(), layout.cell_count(), "cells must cover every cell");
        let solved: Vec<Option<Digit>> = cells.iter().map(|c| if let Cell::Solved(d) = c { Some(*d) } else { None }).collect();
        // Why: checking every solved cell (given or placed) finds a clash anywhere.
        let mut grid = Grid::new(layout, &solved)?;
        let givens: Vec<Option<Digit>> = solved.iter().zip(given).map(|(&d, &g)| d.filter(|_| g)).collect();
        grid.unsolved = cells.iter().filter(|c| matches!(c, Cell::Unsolved(_))).count();
        grid.start = Arc::new(Start { givens, position: Some(cells.clone()) });
        grid.cells = cells;
        grid.index();
        Ok(grid)
    }

    /// The layout the grid is played on.
    pub fn layout(&self) -> &Layout {
        &self.layout
    }

    /// The layout the grid is played on, shared: clone it to build another grid on it.
    pub fn layout_arc(&self) -> &Arc<Layout> {
        &self.layout
    }

    /// The puzzle's givens, `None` for a blank.
    pub fn givens(&self) -> &[Option<Digit>] {
        &self.start.givens
    }

    /// Whether `cell` holds a given, rather than a digit placed since or none.
    pub fn is_given(&self, cell: CellId) -> bool {
        self.start.givens[cell].is_some()
    }

    /// The state of one cell.
    pub fn cell(&self, cell: CellId) -> Cell {
        self.cells[cell]
    }

    /// Every cell's state, row after row.
    pub fn cells(&self) -> &[Cell] {
        &self.cells
    }

    /// The placed digit of a cell, if any.
    pub fn digit(&self, cell: CellId) -> Option<Digit> {
        match self.cells[cell] {
            Cell::Solved(d) => Some(d),
            Cell::Unsolved(_) => None,
        }
    }

    /// The candidates of a cell; empty for a solved cell.
    pub fn candidates(&self, cell: CellId) -> Candidates {
        match self.cells[cell] {
            Cell::Solved(_) => Candidates::EMPTY,
            Cell::Unsolved(c) => c,
        }
    }

    /// Whether the empty `cell` may still hold `digit`; `false` for a solved cell.
    pub fn has_candidate(&self, cell: CellId, digit: Digit) -> bool {
        self.candidates(cell).contains(digit)
    }

    /// The empty cells that still hold `digit` as a candidate.
    pub fn digit_cells(&self, digit: Digit) -> &CellSet {
        &self.digit_sets[digit as usize - 1]
    }

    /// The cells of `house` that still hold `digit`, as a set.
    pub fn house_digit_cells(&self, house: HouseId, digit: Digit) -> CellSet {
        self.layout.house_set(house).intersection(self.digit_cells(digit))
    }

    /// How many cells are still empty.
    pub fn unsolved_count(&self) -> usize {
        self.unsolved
    }

    /// Whether every cell holds a digit (not that the digits are right).
    pub fn is_solved(&self) -> bool {
        self.unsolved == 0
    }

    /// The cells of `house` (by position in the house, bit `i` for `house.cells[i]`) that
    /// still hold `digit` as a candidate.
    pub fn house_positions(&self, house: HouseId, digit: Digit) -> u32 {
        let mut mask = 0;
        for (i, &cell) in self.layout.house(house).cells.iter().enumerate() {
            if self.has_candidate(cell, digit) {
                mask |= 1 << i;
            }
        }
        mask
    }

    /// The digits already placed in a house.
    pub fn house_placed(&self, house: HouseId) -> Candidates {
        self.placed[house]
    }

    /// A number that changes whenever `house`'s cells change (a candidate removed, a digit
    /// placed) and is never reused: two grids show the same stamp for a house only if its
    /// cells are the same in both (one grid was cloned from the other since the house last
    /// changed). Per-house memos key on it instead of comparing the house's candidates.
    pub fn house_stamp(&self, house: HouseId) -> u64 {
        self.house_stamps[house]
    }

    /// The empty cells.
    pub fn empty_cells(&self) -> &CellSet {
        &self.empty
    }

    /// Rebuilds the indexes (digit sets, empty cells, placed digits) from the cells.
    fn index(&mut self) {
        let layout = &self.layout;
        self.digit_sets = vec![CellSet::new(); layout.size()];
        self.empty = CellSet::new();
        for (cell, state) in self.cells.iter().enumerate() {
            if let Cell::Unsolved(c) = state {
                self.empty.insert(cell);
                for d in c.iter() {
                    self.digit_sets[d as usize - 1].insert(cell);
                }
            }
        }
        self.placed = (0..layout.houses().len())
            .map(|h| layout.house(h).cells.iter().filter_map(|&c| if let Cell::Solved(d) = self.cells[c] { Some(d) } else { None }).collect())
            .collect();
        self.house_stamps = vec![fresh_stamp(); layout.houses().len()];
    }

    /// The cells that still hold `digit` as a candidate, among `cells`.
    pub fn cells_with(&self, cells: &[CellId], digit: Digit) -> CellSet {
        cells.iter().copied().filter(|&c| self.has_candidate(c, digit)).collect()
    }

    /// The journal: every deduction applied to this grid, in order.
    pub fn journal(&self) -> &[Deduction] {
        &self.journal
    }

    /// Removes and returns the journal, leaving the grid's state as it is.
    pub fn take_journal(&mut self) -> Vec<Deduction> {
        std::mem::take(&mut self.journal)
    }

    /// Applies one deduction: places its digits (removing each from the placed cell's
    /// peers), removes its eliminated candidates, and records it in the journal.
    ///
    /// This is the only way a grid changes after it is built.
    pub fn apply(&mut self, deduction: Deduction) {
        debug_assert!(
            deduction.placements.iter().any(|p| self.digit(p.cell).is_none())
                || deduction.eliminations.iter().any(|e| self.has_candidate(e.cell, e.digit)),
            "a deduction must change the grid: {deduction:?}"
        );
        let stamp = fresh_stamp();
        for &Placement { cell, digit } in &deduction.placements {
            if let Cell::Unsolved(c) = self.cells[cell] {
                self.unsolved -= 1;
                self.empty.remove(cell);
                for d in c.iter() {
                    self.digit_sets[d as usize - 1].remove(cell);
                }
            }
            self.cells[cell] = Cell::Solved(digit);
            for &h in self.layout.houses_of(cell) {
                self.placed[h].insert(digit);
                self.house_stamps[h] = stamp;
            }
            for peer in self.layout.peers(cell) {
                if let Cell::Unsolved(c) = &mut self.cells[peer] {
                    if c.contains(digit) {
                        c.remove(digit);
                        for &h in self.layout.houses_of(peer) {
                            self.house_stamps[h] = stamp;
                        }
                    }
                }
            }
            let seen = *self.layout.peer_set(cell);
            let set = &mut self.digit_sets[digit as usize - 1];
            *set = set.difference(&seen);
            for link in self.layout.links(cell, digit) {
                if let Cell::Unsolved(c) = &mut self.cells[link.cell] {
                    let gone = c.intersection(link.digits);
                    if !gone.is_empty() {
                        *c = c.difference(gone);
                        for d in gone.iter() {
                            self.digit_sets[d as usize - 1].remove(link.cell);
                        }
                        for &h in self.layout.houses_of(link.cell) {
                            self.house_stamps[h] = stamp;
                        }
                    }
                }
            }
        }
        for elimination in &deduction.eliminations {
            if let Cell::Unsolved(c) = &mut self.cells[elimination.cell] {
                if c.contains(elimination.digit) {
                    c.remove(elimination.digit);
                    self.digit_sets[elimination.digit as usize - 1].remove(elimination.cell);
                    for &h in self.layout.houses_of(elimination.cell) {
                        self.house_stamps[h] = stamp;
                    }
                }
            }
        }
        self.journal.push(deduction);
    }

    /// [`Grid::contradiction`] for a grid watched from step to step: `sound` holds, per
    /// house, the stamp ([`Grid::house_stamp`]) at which the house was last found free of
    /// contradictions (start with an empty vector); only houses changed since are looked at,
    /// and `sound` is brought up to date.
    // Why: the solver checks the grid after every step, and a step changes a few houses. A
    // cell that loses its last candidate changes its houses too, so every new contradiction
    // lies in a changed house; when one does, the full check names the first one.
    pub fn contradiction_since(&self, sound: &mut Vec<u64>) -> Option<Contradiction> {
        let houses = self.layout.houses();
        if sound.len() != houses.len() {
            sound.clear();
            sound.resize(houses.len(), 0);
        }
        for (house, h) in houses.iter().enumerate() {
            if sound[house] == self.house_stamps[house] {
                continue;
            }
            let mut held = Candidates::EMPTY;
            for &c in &h.cells {
                let candidates = self.candidates(c);
                if candidates.is_empty() && self.digit(c).is_none() {
                    return self.contradiction();
                }
                held = held.union(candidates);
            }
            if self.missing_place(house, held).is_some() {
                return self.contradiction();
            }
            sound[house] = self.house_stamps[house];
        }
        // Why every time: demands are few, and their cells need not share a changed house.
        self.unmet_demand().or_else(|| self.broken_sum()).and_then(|_| self.contradiction())
    }

    /// The first sign that this grid cannot be completed, if there is one.
    pub fn contradiction(&self) -> Option<Contradiction> {
        if let Some(cell) = self.empty.iter().find(|&c| self.candidates(c).is_empty()) {
            return Some(Contradiction::NoCandidates(cell));
        }
        if let Some(found) = self.unmet_demand().or_else(|| self.broken_sum()) {
            return Some(found);
        }
        for (house, h) in self.layout.houses().iter().enumerate() {
            let held = h.cells.iter().fold(Candidates::EMPTY, |acc, &c| acc.union(self.candidates(c)));
            if let Some(digit) = self.missing_place(house, held) {
                return Some(Contradiction::NoPlace(house, digit));
            }
        }
        None
    }

    /// The first killer cage whose sum its digits and candidates can no longer make, by the
    /// bounds the search uses ([`crate::killer::prune_by_bounds`]): a filled cage with
    /// another sum, or empty cells that cannot reach what is left of it.
    fn broken_sum(&self) -> Option<Contradiction> {
        let mut cands = Vec::new();
        for (index, (cells, sum)) in self.layout.cage_sums().enumerate() {
            let (mut left, mut placed) = (i64::from(sum), 0u16);
            cands.clear();
            for &c in cells {
                match self.cells[c] {
                    Cell::Solved(d) => {
                        left -= i64::from(d);
                        placed |= 1 << (d - 1);
                    }
                    Cell::Unsolved(m) => cands.push(m.bits()),
                }
            }
            if !crate::killer::prune_by_bounds(left, &mut cands, placed) {
                return Some(Contradiction::Sum(index));
            }
        }
        for (index, sum) in self.layout.weighted_sums().enumerate() {
            let crate::constraints::Constraint::Sum { cells, weights, total, .. } = sum else { continue };
            let (left, weights, mut cands) = crate::sums::state(cells, weights, *total, |c| self.digit(c), |c| self.candidates(c).bits());
            if !crate::sums::prune_by_bounds(left, &weights, &mut cands) {
                return Some(Contradiction::Weighted(index));
            }
        }
        // Why a walk past the budget is no contradiction: it found no proof of one.
        for (index, clue) in self.layout.clues().enumerate() {
            let line = crate::clues::line_of(&self.layout, clue, |c| self.candidates(c).bits() | self.digit(c).map_or(0, |d| 1 << (d - 1)));
            if line.and_then(|l| l.fillable()) == Some(false) {
                return Some(Contradiction::Clue(index));
            }
        }
        None
    }

    /// The first digit a constraint demands among some cells ([`Layout::demands`]) that
    /// their digits and candidates can no longer give it.
    fn unmet_demand(&self) -> Option<Contradiction> {
        for (index, demand) in self.layout.demands().enumerate() {
            let crate::constraints::Constraint::Contains { cells, digits, .. } = demand else { continue };
            for &d in digits {
                let want = digits.iter().filter(|&&x| x == d).count();
                let can = cells.iter().filter(|&&c| self.digit(c) == Some(d) || self.has_candidate(c, d)).count();
                if can < want {
                    return Some(Contradiction::Unmet(index, d));
                }
            }
        }
        None
    }

    /// The lowest digit `house` still needs and none of its cells holds (`held`), if any.
    fn missing_place(&self, house: HouseId, held: Candidates) -> Option<Digit> {
        let size = self.layout.house(house).cells.len();
        Candidates::all(size).difference(self.placed[house]).difference(held).iter().next()
    }

    /// The placed digits, `None` where a cell is still empty.
    pub fn digits(&self) -> Vec<Option<Digit>> {
        (0..self.cells.len()).map(|c| self.digit(c)).collect()
    }

    /// Replays the journal from where the grid started (the givens, or the position it was
    /// built from): the grids before each step and after the last. `states[i]` is the grid
    /// just before `journal[i]` was applied, with an empty journal of its own. Why empty:
    /// the steps are this grid's journal already, and a copy of its first `i` steps in every
    /// state made replaying (and every clone of a state) quadratic in the solve's length.
    pub fn replay(&self) -> Vec<Grid> {
        let mut grid = self.started();
        let mut states = Vec::with_capacity(self.journal.len() + 1);
        for deduction in &self.journal {
            states.push(grid.clone());
            grid.apply(deduction.clone());
            grid.journal.clear();
        }
        states.push(grid);
        states
    }
}

impl Grid {
    /// The grid as it started, with an empty journal.
    pub fn started(&self) -> Grid {
        let fresh = Grid::new(self.layout.clone(), &self.start.givens).expect("a grid's own givens were checked when it was built");
        match &self.start.position {
            None => fresh,
            Some(cells) => Grid { start: self.start.clone(), cells: cells.clone(), journal: Vec::new(), ..fresh }.reindexed(),
        }
    }

    fn reindexed(mut self) -> Grid {
        self.unsolved = self.cells.iter().filter(|c| matches!(c, Cell::Unsolved(_))).count();
        self.index();
        self
    }
}

/// The first constraint of `layout` that `givens` break, as a clash.
fn constraint_clash(layout: &Layout, givens: &[Option<Digit>]) -> Option<Clash> {
    use crate::constraints::{Constraint, Relation};
    // Why before the givens: two cells that must be equal and differ break the puzzle
    // whatever is given, and saying so beats a bare "no solution".
    let equal_peers = layout.constraints().iter().find_map(|c| match c {
        Constraint::Pair { rule, cells: [a, b], relation: Relation::Equal, holds: true } if layout.sees(*a, *b) => Some((*rule, [*a, *b])),
        _ => None,
    });
    if let Some((rule, cells)) = equal_peers {
        return Some(Clash { digit: 1, cells, house: None, rule: Some(rule), kind: ClashKind::EqualPeers });
    }
    let broken = layout.constraints().iter().find(|c| c.broken_by(|cell| givens[cell]))?;
    let rule = Some(broken.rule());
    let cells = broken.cells();
    let clash = |digit, cells, kind| Clash { digit, cells, house: None, rule, kind };
    Some(match broken {
        Constraint::Pair { cells: [a, b], .. } => clash(givens[*a]?, [*a, *b], ClashKind::Pair(givens[*b]?)),
        Constraint::Only { cell, .. } => clash(givens[*cell]?, [*cell, *cell], ClashKind::Forbidden),
        Constraint::Contains { digits, .. } => {
            let missing = digits.iter().copied().find(|&d| cells.iter().filter(|&&c| givens[c] == Some(d)).count() < digits.iter().filter(|&&x| x == d).count())?;
            clash(missing, [cells[0], cells[cells.len() - 1]], ClashKind::Missing(missing))
        }
        // Why the sum only: digits repeated in a cage are caught as peers, before this.
        Constraint::Cage { sum, .. } => {
            let digit = cells.iter().find_map(|&c| givens[c])?;
            clash(digit, [cells[0], cells[cells.len() - 1]], ClashKind::Sum(sum.unwrap_or(0)))
        }
        Constraint::Sum { .. } => clash(givens[cells[0]]?, [cells[0], cells[cells.len() - 1]], ClashKind::Unbalanced),
        Constraint::Clue { .. } => clash(givens[cells[0]]?, [cells[0], cells[cells.len() - 1]], ClashKind::Unkept),
    })
}

impl fmt::Debug for Grid {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let line: String = self.digits().iter().map(|d| d.map_or('.', digit_char)).collect();
        write!(f, "Grid({line})")
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::deduction::{Elimination, Pattern};
    use crate::rules::{Rule, Rules};

    /// The indexes must always equal what the cells say.
    fn check_digit_sets(grid: &Grid) {
        for digit in 1..=grid.layout().size() as Digit {
            let expected: CellSet = (0..grid.cells().len()).filter(|&c| grid.has_candidate(c, digit)).collect();
            assert_eq!(grid.digit_cells(digit), &expected, "digit {digit}");
        }
        let empty: CellSet = (0..grid.cells().len()).filter(|&c| grid.digit(c).is_none()).collect();
        assert_eq!(grid.empty_cells(), &empty);
        for h in 0..grid.layout().houses().len() {
            let placed: Candidates = grid.layout().house(h).cells.iter().filter_map(|&c| grid.digit(c)).collect();
            assert_eq!(grid.house_placed(h), placed, "house {h}");
        }
    }

    #[test]
    fn house_stamps_change_with_the_houses_cells_only() {
        let layout = Arc::new(Layout::classic(crate::rules::Rules::classic()));
        let mut grid = Grid::new(layout.clone(), &[None; 81]).expect("an empty grid");
        let stamps = |g: &Grid| (0..27).map(|h| g.house_stamp(h)).collect::<Vec<u64>>();
        let before = stamps(&grid);
        // Removing 5 from r1c1 changes row 1, column 1 and box 1 (houses 0, 9, 18) only.
        grid.apply(Deduction::elimination("test", vec![crate::deduction::Elimination { cell: 0, digit: 5, via: None }], Default::default()));
        let after = stamps(&grid);
        let changed: Vec<usize> = (0..27).filter(|&h| before[h] != after[h]).collect();
        assert_eq!(changed, vec![0, 9, 18]);
        // A clone keeps the stamps; its own changes get stamps no other grid has.
        let mut clone = grid.clone();
        assert_eq!(stamps(&clone), after);
        clone.apply(Deduction::placement("test", 80, 9, Default::default()));
        let placed = stamps(&clone);
        // Placing in r9c9 touches every row, column and box holding one of its peers.
        assert!(placed.iter().zip(&after).filter(|(a, b)| a != b).count() > 3);
        // Boxes 1, 2, 4 and 5 (houses 18, 19, 21, 22) hold no peer of r9c9.
        let untouched: Vec<usize> = (0..27).filter(|&h| placed[h] == after[h]).collect();
        assert_eq!(untouched, vec![18, 19, 21, 22]);
        // Another grid built the same way never shares a stamp with this one.
        let other = Grid::new(layout, &[None; 81]).expect("an empty grid");
        assert!(stamps(&other).iter().all(|s| !before.contains(s) && !placed.contains(s)));
    }

    #[test]
    fn a_watched_grid_reports_the_contradiction_the_full_check_does() {
        let layout = Arc::new(Layout::classic(Rules::classic()));
        let mut grid = Grid::new(layout, &[None; 81]).expect("an empty grid");
        let mut sound = Vec::new();
        let remove = |grid: &mut Grid, cell: CellId, digits: &[Digit]| {
            let removals = digits.iter().map(|&digit| Elimination { cell, digit, via: None }).collect();
            grid.apply(Deduction::elimination("x", removals, Pattern::default()));
        };
        assert_eq!(grid.contradiction_since(&mut sound), None);
        assert_eq!(sound.len(), 27, "every house checked once");
        // 7 leaves row 1 but for r1c9; then r1c9 loses it too: no place for 7 in row 1.
        for cell in 0..8 {
            remove(&mut grid, cell, &[7]);
            assert_eq!(grid.contradiction_since(&mut sound), None);
        }
        grid.apply(Deduction::placement("x", 40, 3, Pattern::default()));
        assert_eq!(grid.contradiction_since(&mut sound), None);
        remove(&mut grid, 8, &[7]);
        assert_eq!(grid.contradiction(), Some(Contradiction::NoPlace(0, 7)));
        assert_eq!(grid.contradiction_since(&mut sound), grid.contradiction());
        // A cell left without candidates comes first, as in the full check.
        remove(&mut grid, 80, &[1, 2, 3, 4, 5, 6, 7, 8, 9]);
        assert_eq!(grid.contradiction(), Some(Contradiction::NoCandidates(80)));
        assert_eq!(grid.contradiction_since(&mut sound), grid.contradiction());
    }

    #[test]
    fn digit_sets_follow_placements_and_eliminations() {
        let layout = Arc::new(Layout::classic(Rules::classic().with(Rule::AntiKnight)));
        let mut givens = vec![None; 81];
        givens[0] = Some(1);
        givens[40] = Some(5);
        let mut grid = Grid::new(layout, &givens).unwrap();
        check_digit_sets(&grid);
        grid.apply(Deduction::placement("x", 20, 7, Pattern::default()));
        check_digit_sets(&grid);
        assert!(!grid.digit_cells(7).contains(20) && !grid.digit_cells(7).contains(22) && !grid.digit_cells(7).contains(9));
        let removals = vec![Elimination { cell: 80, digit: 9, via: None }, Elimination { cell: 79, digit: 2, via: None }];
        grid.apply(Deduction::elimination("x", removals, Pattern::default()));
        check_digit_sets(&grid);
        assert_eq!(grid.house_digit_cells(8, 9).len(), 8);
    }
}
