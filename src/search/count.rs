//! The generic solution search, for layouts the fast core ([`super::Core`]) does not take
//! (other sizes and box shapes, jigsaw regions, extra houses, rules of marks):
//! [`super::solutions`] counts with it, and [`super::fill`] makes random complete grids.
//!
//! Works on any layout: the state is a candidate mask per cell and a set of places per
//! digit (a bit per cell), copied for each guess. Counting propagates, to a fixed point:
//!
//! - naked singles, queued as a cell comes down to one candidate;
//! - per house and digit it still needs, when the digit's places there (counted as they go)
//!   come down to four or fewer: no place is a contradiction, one place is a hidden single,
//!   and with more, if another house holds every place, the digit leaves the rest of that
//!   house (pointing and claiming, and the same between any two houses), and what every
//!   place links to goes too (a candidate that would leave the house without the digit);
//! - links, per cell whose candidates changed: a candidate of a linked cell that would leave
//!   this cell without a candidate goes (arc consistency);
//! - the layout's demands (digits some cells must hold), killer cages' sums and weighted
//!   sums (arrows, little killers) by bounds (see [`crate::killer::prune_by_bounds`] and
//!   [`crate::sums::prune_by_bounds`]), and clues read along a line (between lines,
//!   sandwiches, X-sums, skyscrapers) to the candidates some filling keeps (see
//!   [`crate::clues`]), once the rest is settled. A filled cage or sum must make its total
//!   exactly, and a filled line keep its clue, so no solution breaks one.
//!
//! A guess goes to the empty cell with the fewest candidates for the contradictions met
//! around it so far in this search (see [`Propagator::guess_cell`]): on sparse puzzles under
//! non-consecutive that takes a half to a third of the guesses of the first cell with the
//! fewest candidates.
//!
//! Filling propagates with the singles only and guesses in the first empty cell with the
//! fewest candidates, the way the design card's backtracker does with the naked and hidden
//! single strategies: it reaches the same grid for the same random choices, only faster.

use std::cell::RefCell;
use std::rc::Rc;

use super::{Fill, Found};
use crate::bits::{WordCells, ones};
use crate::constraints::Constraint;
use crate::grid::{Cell, Digit, Grid, MAX_SIZE};
use crate::layout::{Layout, LayoutId, MAX_HOUSES};

const MAX_CELLS: usize = MAX_SIZE * MAX_SIZE;

/// Words of a set of cells: 64 cells a word.
const WORDS: usize = MAX_CELLS / 64;

/// A set of cells, cell `c` at bit `c % 64` of word `c / 64` (as [`crate::bits::CellSet`]).
type Cells = [u64; WORDS];

/// One search state, copied for each guess.
#[derive(Clone, Copy)]
struct State {
    /// The candidates of each empty cell; 0 for a solved cell.
    cand: [u16; MAX_CELLS],
    /// The digit of each solved cell; 0 for an empty cell.
    value: [u8; MAX_CELLS],
    /// For each digit (index `digit - 1`), the empty cells that still hold it.
    places: [Cells; MAX_SIZE],
    /// For each house, the digits placed in it.
    placed: [u16; MAX_HOUSES],
    /// For each house and digit (index `digit - 1`), how many empty cells of the house hold it.
    counts: [[u8; MAX_SIZE]; MAX_HOUSES],
}

/// What the search needs of a layout beyond what [`Layout`] keeps, built once per layout.
pub(super) struct Tables {
    /// For each cell, bit `h` for each house `h` it belongs to.
    cell_houses: Vec<u64>,
    /// For each cell, the cells its candidates link to (see [`Layout::links`]), each with
    /// what every digit of the cell rules out there.
    neighbours: Vec<Vec<Neighbour>>,
}

/// A cell linked to another, and for each digit `e` of the other (index `e - 1`), the
/// digits `e` there rules out here: what it links to, and `e` itself if the cells see each other.
struct Neighbour {
    cell: usize,
    rules_out: [u16; MAX_SIZE],
}

impl Tables {
    fn new(layout: &Layout) -> Tables {
        let cells = layout.cell_count();
        let cell_houses = (0..cells).map(|c| layout.houses_of(c).iter().fold(0u64, |m, &h| m | 1 << h)).collect();
        let mut neighbours: Vec<Vec<Neighbour>> = (0..cells).map(|_| Vec::new()).collect();
        if layout.has_links() {
            for (b, list) in neighbours.iter_mut().enumerate() {
                for e in 1..=layout.size() as Digit {
                    for link in layout.links(b, e) {
                        let index = match list.iter().position(|n| n.cell == link.cell) {
                            Some(i) => i,
                            None => {
                                let sees = layout.sees(b, link.cell);
                                let rules_out = std::array::from_fn(|i| if sees && i < layout.size() { 1 << i } else { 0 });
                                list.push(Neighbour { cell: link.cell, rules_out });
                                list.len() - 1
                            }
                        };
                        list[index].rules_out[e as usize - 1] |= link.digits.bits();
                    }
                }
            }
        }
        Tables { cell_houses, neighbours }
    }
}

thread_local! {
    /// The tables of the last layout searched on this thread, keyed by the layout's identity
    /// (see [`super::fast_core`], kept the same way for the same reason).
    static TABLES: RefCell<Option<(LayoutId, Rc<Tables>)>> = const { RefCell::new(None) };
}

fn tables(layout: &Layout) -> Rc<Tables> {
    TABLES.with_borrow_mut(|slot| match slot {
        Some((id, tables)) if *id == layout.id() => tables.clone(),
        _ => {
            let tables = Rc::new(Tables::new(layout));
            *slot = Some((layout.id(), tables.clone()));
            tables
        }
    })
}

/// How hard the search propagates, and where it guesses.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Propagation {
    /// Everything in the module's list, guesses weighed by failures: fewest guesses. Counts
    /// use it, and fills that the singles make too slowly (large irregular grids).
    Full,
    /// Naked and hidden singles only, and a contradiction check of the demands, guesses in
    /// the first empty cell with the fewest candidates: what the design card's backtracker
    /// does with the singles strategies, for a fill that reaches the grid it would.
    Singles,
}

/// The propagation and its work in progress: what changed since the last fixed point.
struct Propagator<'a> {
    layout: &'a Layout,
    tables: Rc<Tables>,
    strength: Propagation,
    /// Words of a set of the layout's cells.
    words: usize,
    /// Every digit of the layout.
    all: u16,
    /// Cells come down to one candidate, to place.
    singles: Vec<usize>,
    /// How few places of a digit in a house make it worth a look: one (a hidden single) for
    /// the singles; four for confinement (the places of a digit in a 16x16 row that lie in
    /// one box are at most four).
    watch: u8,
    /// For each digit (index `digit - 1`), the houses where it lost places and has at most
    /// `watch` left.
    dirty: [u64; MAX_SIZE],
    /// The digits with houses in `dirty`.
    dirty_digits: u16,
    /// Cells whose candidates changed (looked at for links).
    dirty_cells: Cells,
    /// For each cell, one more than the contradictions met there or in a house holding it:
    /// the search guesses first where guesses have failed most (the "weighted degree" of
    /// constraint solvers), which keeps it among the cells that decide the puzzle.
    failures: Vec<u64>,
    /// For each clue read along a line (a between line, a sandwich, an X-sum, a skyscraper),
    /// the candidates its fillings keep (`None`: past the walk's budget), by the candidates
    /// it was given: the same position met again in the search is not walked again.
    clue_memory: Vec<std::collections::HashMap<Vec<u16>, Option<Vec<u16>>>>,
}

impl<'a> Propagator<'a> {
    fn new(layout: &'a Layout, strength: Propagation) -> Propagator<'a> {
        Propagator {
            layout,
            tables: tables(layout),
            strength,
            watch: match strength {
                Propagation::Full => 4,
                Propagation::Singles => 1,
            },
            words: layout.cell_count().div_ceil(64),
            all: ((1u32 << layout.size()) - 1) as u16,
            singles: Vec::new(),
            dirty: [0; MAX_SIZE],
            dirty_digits: 0,
            dirty_cells: [0; WORDS],
            failures: vec![1; layout.cell_count()],
            clue_memory: vec![std::collections::HashMap::new(); layout.clues().count()],
        }
    }

    /// The state of `grid`'s position (its cells as they are), with everything to look at.
    fn start(&mut self, grid: &Grid) -> State {
        let mut state = State { cand: [0; MAX_CELLS], value: [0; MAX_CELLS], places: [[0; WORDS]; MAX_SIZE], placed: [0; MAX_HOUSES], counts: [[0; MAX_SIZE]; MAX_HOUSES] };
        for (cell, s) in grid.cells().iter().enumerate() {
            match *s {
                Cell::Solved(d) => {
                    state.value[cell] = d;
                    for &h in self.layout.houses_of(cell) {
                        state.placed[h] |= 1 << (d - 1);
                    }
                }
                Cell::Unsolved(c) => {
                    let bits = c.bits();
                    state.cand[cell] = bits;
                    for d in ones_of(bits) {
                        state.places[d][cell / 64] |= 1 << (cell % 64);
                        for &h in self.layout.houses_of(cell) {
                            state.counts[h][d] += 1;
                        }
                    }
                    // Why queue a cell with no candidate too: taking it from the queue finds
                    // the contradiction.
                    if bits & bits.wrapping_sub(1) == 0 {
                        self.singles.push(cell);
                    }
                    self.dirty_cells[cell / 64] |= 1 << (cell % 64);
                }
            }
        }
        let houses = self.tables.cell_houses.iter().fold(0, |m, &h| m | h);
        self.dirty = [houses; MAX_SIZE];
        self.dirty_digits = self.all;
        state
    }

    /// Forgets the work left after a contradiction.
    fn reset(&mut self) {
        self.singles.clear();
        self.dirty = [0; MAX_SIZE];
        self.dirty_digits = 0;
        self.dirty_cells = [0; WORDS];
    }

    /// Removes `bits` from `cell`'s candidates; false if none is left.
    fn eliminate(&mut self, s: &mut State, cell: usize, bits: u16) -> bool {
        let gone = s.cand[cell] & bits;
        if gone == 0 {
            return true;
        }
        let left = s.cand[cell] & !gone;
        s.cand[cell] = left;
        for d in ones_of(gone) {
            s.places[d][cell / 64] &= !(1 << (cell % 64));
            self.lose_place(s, cell, d);
        }
        self.dirty_cells[cell / 64] |= 1 << (cell % 64);
        if left & left.wrapping_sub(1) == 0 {
            if left == 0 {
                self.failures[cell] += 1;
                return false;
            }
            self.singles.push(cell);
        }
        true
    }

    /// Counts one place fewer for digit `d` (index `digit - 1`) in each house of `cell`; a
    /// house left with few enough places is looked at.
    fn lose_place(&mut self, s: &mut State, cell: usize, d: usize) {
        for &h in self.layout.houses_of(cell) {
            s.counts[h][d] -= 1;
            if s.counts[h][d] <= self.watch {
                self.dirty[d] |= 1 << h;
                self.dirty_digits |= 1 << d;
            }
        }
    }

    /// Places the digit of `bit` in `cell` and removes it from the cell's peers and what it
    /// links to; false on a contradiction.
    fn assign(&mut self, s: &mut State, cell: usize, bit: u16) -> bool {
        let d = bit.trailing_zeros() as usize;
        let digit = d as Digit + 1;
        let houses = self.tables.cell_houses[cell];
        // Why every digit of the cell: each loses a place in the cell's houses.
        for e in ones_of(s.cand[cell]) {
            s.places[e][cell / 64] &= !(1 << (cell % 64));
            self.lose_place(s, cell, e);
        }
        s.cand[cell] = 0;
        s.value[cell] = digit;
        for h in WordCells::new([houses]) {
            s.placed[h] |= bit;
        }
        let layout = self.layout;
        let peers = layout.peer_set(cell).words();
        for w in 0..self.words {
            let mut hit = s.places[d][w] & peers[w];
            while hit != 0 {
                let peer = w * 64 + hit.trailing_zeros() as usize;
                hit &= hit - 1;
                if !self.eliminate(s, peer, bit) {
                    return false;
                }
            }
        }
        for link in layout.links(cell, digit) {
            // Why check placed cells too: a link is not always between peers, and a placed
            // digit there may be one this placement rules out.
            match s.value[link.cell] {
                0 => {
                    if !self.eliminate(s, link.cell, link.digits.bits()) {
                        return false;
                    }
                }
                v if link.digits.contains(v) => return false,
                _ => {}
            }
        }
        true
    }

    /// Propagates to a fixed point; false on a contradiction (the work left is dropped).
    fn propagate(&mut self, s: &mut State) -> bool {
        let settled = self.settle(s);
        if !settled {
            self.reset();
        }
        settled
    }

    fn settle(&mut self, s: &mut State) -> bool {
        let full = self.strength == Propagation::Full;
        let links = full && self.layout.has_links();
        let demands = self.layout.demands().next().is_some() || self.layout.has_sums() || self.layout.has_clues();
        loop {
            if let Some(cell) = self.singles.pop() {
                // Why the check: a hidden single may have placed the cell since it was queued.
                if s.value[cell] == 0 && (s.cand[cell] == 0 || !self.assign(s, cell, s.cand[cell])) {
                    return false;
                }
                continue;
            }
            if self.dirty_digits != 0 {
                let d = self.dirty_digits.trailing_zeros() as usize;
                let houses = self.dirty[d];
                self.dirty[d] = houses & houses.wrapping_sub(1);
                if self.dirty[d] == 0 {
                    self.dirty_digits &= !(1 << d);
                }
                if houses != 0 && !self.places(s, houses.trailing_zeros() as usize, d, full) {
                    return false;
                }
                continue;
            }
            if links {
                if let Some(w) = self.dirty_cells.iter().position(|&w| w != 0) {
                    let cell = w * 64 + self.dirty_cells[w].trailing_zeros() as usize;
                    self.dirty_cells[w] &= self.dirty_cells[w] - 1;
                    if !self.arcs(s, cell) {
                        return false;
                    }
                    continue;
                }
            }
            self.dirty_cells = [0; WORDS];
            if demands {
                let changed = match self.strength {
                    Propagation::Full => self.demands(s).and_then(|placed| self.sums(s).map(|pruned| placed || pruned)),
                    // Why a check only: the design card's backtracker finds a broken sum
                    // with the grid's contradiction check, by these bounds, and prunes nothing.
                    Propagation::Singles => (!unmet_demand(self.layout, s) && self.sums_hold(s)).then_some(false),
                };
                match changed {
                    None => return false,
                    Some(true) => continue,
                    Some(false) => {}
                }
            }
            return true;
        }
    }

    /// The places of digit `d` (index `digit - 1`) in `house`, if the house still needs it:
    /// none is a contradiction, one a hidden single; more may confine it (see the module doc).
    fn places(&mut self, s: &mut State, house: usize, d: usize, full: bool) -> bool {
        let bit = 1u16 << d;
        if s.placed[house] & bit != 0 {
            return true;
        }
        let layout = self.layout;
        let cells = layout.house_set(house).words();
        let mut at: Cells = [0; WORDS];
        let (mut first, mut count) = (0, 0);
        for w in 0..self.words {
            at[w] = s.places[d][w] & cells[w];
            let mut rest = at[w];
            // Why count no further than five: past four places nothing below needs the number.
            while rest != 0 && count < 5 {
                if count == 0 {
                    first = w * 64 + rest.trailing_zeros() as usize;
                }
                rest &= rest - 1;
                count += 1;
            }
        }
        match count {
            0 => {
                for &cell in &layout.house(house).cells {
                    self.failures[cell] += 1;
                }
                false
            }
            1 => self.assign(s, first, bit),
            _ if full => self.confined(s, house, &at, first, count, d),
            _ => true,
        }
    }

    /// Digit `d` of `house` is confined to the cells `at`, `first` the first of them (`count`
    /// of them, five standing for five or more): if they all lie in another house, it leaves
    /// the rest of that house; and what they all link to goes.
    fn confined(&mut self, s: &mut State, house: usize, at: &Cells, first: usize, count: usize, d: usize) -> bool {
        let bit = 1u16 << d;
        let layout = self.layout;
        let tables = self.tables.clone();
        let cells = layout.house_set(house).words();
        // Why the houses of the first place only: a house holding every place holds that one.
        for &other in layout.houses_of(first) {
            if other == house {
                continue;
            }
            let others = layout.house_set(other).words();
            if (0..self.words).any(|w| at[w] & !others[w] != 0) {
                continue;
            }
            for w in 0..self.words {
                let mut hit = s.places[d][w] & others[w] & !cells[w];
                while hit != 0 {
                    let cell = w * 64 + hit.trailing_zeros() as usize;
                    hit &= hit - 1;
                    if !self.eliminate(s, cell, bit) {
                        return false;
                    }
                }
            }
        }
        // Why up to four: a linked cell that rules out more places is rare (non-consecutive
        // links a cell to its four neighbours).
        if !layout.has_links() || count > 4 {
            return true;
        }
        let mut places = [0; 4];
        for (slot, cell) in places.iter_mut().zip(WordCells::new(*at)) {
            *slot = cell;
        }
        let (first, rest) = (places[0], &places[1..count]);
        for n in &tables.neighbours[first] {
            if s.value[n.cell] != 0 {
                continue;
            }
            let mut out = n.rules_out[d] & s.cand[n.cell];
            for &p in rest {
                if out == 0 {
                    break;
                }
                out &= match tables.neighbours[p].iter().find(|m| m.cell == n.cell) {
                    Some(m) => m.rules_out[d],
                    None if layout.sees(p, n.cell) => bit,
                    None => 0,
                };
            }
            if out != 0 && !self.eliminate(s, n.cell, out) {
                return false;
            }
        }
        true
    }

    /// What `cell`'s candidates, all together, rule out in each cell it links to goes.
    fn arcs(&mut self, s: &mut State, cell: usize) -> bool {
        if s.value[cell] != 0 {
            return true;
        }
        let tables = self.tables.clone();
        for n in &tables.neighbours[cell] {
            if s.value[n.cell] != 0 {
                continue;
            }
            let mut out = s.cand[n.cell];
            for e in ones_of(s.cand[cell]) {
                out &= n.rules_out[e];
                if out == 0 {
                    break;
                }
            }
            if out != 0 && !self.eliminate(s, n.cell, out) {
                return false;
            }
        }
        true
    }

    /// Propagates the demands of the layout (digits some cells must hold, a quadruple): a
    /// digit with as many places left among the cells as it is missing goes in all of them;
    /// when the missing digits are as many as the empty cells, those cells hold nothing else.
    /// Returns `None` on a contradiction, else whether anything changed.
    fn demands(&mut self, s: &mut State) -> Option<bool> {
        let mut changed = false;
        for demand in self.layout.demands() {
            let Constraint::Contains { cells, digits, .. } = demand else { continue };
            let mut missing: Vec<Digit> = digits.clone();
            let mut empty = 0;
            for &c in cells {
                match s.value[c] {
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
                let places = cells.iter().filter(|&&c| s.value[c] == 0 && s.cand[c] & bit != 0).count();
                if places < need {
                    return None;
                }
                if places == need {
                    for &c in cells {
                        if s.value[c] == 0 && s.cand[c] & bit != 0 && !self.assign(s, c, bit) {
                            return None;
                        }
                    }
                    // Why stop here: the placements changed what is missing; the caller's
                    // loop comes back.
                    return Some(true);
                }
            }
            if missing.len() == empty {
                for &c in cells {
                    if s.value[c] == 0 && s.cand[c] & !wanted != 0 {
                        if !self.eliminate(s, c, !wanted) {
                            return None;
                        }
                        changed = true;
                    }
                }
            }
        }
        Some(changed)
    }

    /// Narrows the empty cells of each killer cage with a sum to the candidates that can
    /// still make it by bounds ([`crate::killer::prune_by_bounds`]). Returns `None` on a
    /// contradiction (a filled cage with another sum among them), else whether anything
    /// changed.
    fn sums(&mut self, s: &mut State) -> Option<bool> {
        let mut changed = false;
        let layout = self.layout;
        let mut cands: Vec<u16> = Vec::new();
        for (cells, sum) in layout.cage_sums() {
            let (left, placed) = cage_state(s, cells, sum, &mut cands);
            let mut before = [0u16; MAX_SIZE];
            before[..cands.len()].copy_from_slice(&cands);
            if !crate::killer::prune_by_bounds(left, &mut cands, placed) {
                for &c in cells {
                    self.failures[c] += 1;
                }
                return None;
            }
            let mut empty = [0usize; MAX_SIZE];
            for (slot, &c) in empty.iter_mut().zip(cells.iter().filter(|&&c| s.value[c] == 0)) {
                *slot = c;
            }
            for ((&cell, &was), &now) in empty.iter().zip(&before).zip(&cands) {
                if was != now {
                    if !self.eliminate(s, cell, was & !now) {
                        return None;
                    }
                    changed = true;
                }
            }
        }
        for sum in layout.weighted_sums() {
            let Constraint::Sum { cells, weights, total, .. } = sum else { continue };
            let (left, weights, mut cands) = weighted_state(s, cells, weights, *total);
            let before = cands.clone();
            if !crate::sums::prune_by_bounds(left, &weights, &mut cands) {
                for &c in cells {
                    self.failures[c] += 1;
                }
                return None;
            }
            let empty: Vec<usize> = cells.iter().copied().filter(|&c| s.value[c] == 0).collect();
            for ((&cell, &was), &now) in empty.iter().zip(&before).zip(&cands) {
                if was != now {
                    if !self.eliminate(s, cell, was & !now) {
                        return None;
                    }
                    changed = true;
                }
            }
        }
        for (index, clue) in layout.clues().enumerate() {
            let cells = clue.cells();
            let cands: Vec<u16> = cells.iter().map(|&c| clue_cands(s, c)).collect();
            let kept = match self.clue_memory[index].get(&cands) {
                Some(kept) => kept.clone(),
                None => {
                    let line = crate::clues::line_of(layout, clue, |c| clue_cands(s, c)).expect("a clue");
                    let kept = line.used();
                    // Why forget now and then: a long search meets many positions, and the
                    // memory is only a shortcut.
                    if self.clue_memory[index].len() > 4096 {
                        self.clue_memory[index].clear();
                    }
                    self.clue_memory[index].insert(cands.clone(), kept.clone());
                    kept
                }
            };
            // Why no pruning past the budget: the walk proved nothing (and a full line never
            // runs past it, so no broken clue slips through).
            let Some(kept) = kept else { continue };
            if kept.iter().all(|&k| k == 0) {
                for &c in cells {
                    self.failures[c] += 1;
                }
                return None;
            }
            for (&cell, (&was, &now)) in cells.iter().zip(cands.iter().zip(&kept)) {
                if s.value[cell] == 0 && was != now {
                    if !self.eliminate(s, cell, was & !now) {
                        return None;
                    }
                    changed = true;
                }
            }
        }
        Some(changed)
    }

    /// Whether every killer cage with a sum can still make it by bounds (what the grid's
    /// contradiction check asks).
    fn sums_hold(&self, s: &State) -> bool {
        let mut cands: Vec<u16> = Vec::new();
        self.layout.cage_sums().all(|(cells, sum)| {
            let (left, placed) = cage_state(s, cells, sum, &mut cands);
            crate::killer::prune_by_bounds(left, &mut cands, placed)
        }) && self.layout.weighted_sums().all(|sum| {
            let Constraint::Sum { cells, weights, total, .. } = sum else { return true };
            let (left, weights, mut cands) = weighted_state(s, cells, weights, *total);
            crate::sums::prune_by_bounds(left, &weights, &mut cands)
        }) && self.layout.clues().all(|clue| {
            let line = crate::clues::line_of(self.layout, clue, |c| clue_cands(s, c)).expect("a clue");
            line.fillable() != Some(false)
        })
    }

    /// The cell to guess in, `None` when every cell is solved. Filling takes the first
    /// empty cell with the fewest candidates, as the design card's backtracker does; counting
    /// weighs the candidates against the cell's failures (see [`Propagator::failures`]).
    fn guess_cell(&self, s: &State) -> Option<usize> {
        // The best cell, its candidates and failures.
        let mut best: Option<(usize, u64, u64)> = None;
        let full = self.strength == Propagation::Full;
        for cell in 0..self.layout.cell_count() {
            if s.value[cell] != 0 {
                continue;
            }
            let n = ones(s.cand[cell]) as u64;
            let f = if full { self.failures[cell] } else { 1 };
            // Why multiplied: fewer candidates per failure, n / f < m / g, without a division.
            if best.is_none_or(|(_, m, g)| n * g < m * f) {
                best = Some((cell, n, f));
                // Why stop at two: after propagation no empty cell has fewer.
                if self.strength == Propagation::Singles && n <= 2 {
                    break;
                }
            }
        }
        best.map(|(cell, _, _)| cell)
    }

    fn solution(&self, s: &State) -> Vec<Digit> {
        s.value[..self.layout.cell_count()].to_vec()
    }
}

/// Whether a demand of the layout can no longer get one of its digits (what the design
/// card's contradiction check looks for).
fn unmet_demand(layout: &Layout, s: &State) -> bool {
    layout.demands().any(|demand| {
        let Constraint::Contains { cells, digits, .. } = demand else { return false };
        digits.iter().any(|&d| {
            let want = digits.iter().filter(|&&x| x == d).count();
            let can = cells.iter().filter(|&&c| s.value[c] == d || s.cand[c] & 1 << (d - 1) != 0).count();
            can < want
        })
    })
}

/// A cage's `sum` less its placed digits, and those digits as a mask; `cands` gets the
/// candidates of its empty cells, in order.
fn cage_state(s: &State, cells: &[usize], sum: u32, cands: &mut Vec<u16>) -> (i64, u16) {
    cands.clear();
    let (mut left, mut placed) = (i64::from(sum), 0u16);
    for &c in cells {
        match s.value[c] {
            0 => cands.push(s.cand[c]),
            d => {
                left -= i64::from(d);
                placed |= 1 << (d - 1);
            }
        }
    }
    (left, placed)
}

/// What a weighted sum's empty cells still have to make, with their weights and candidates
/// (see [`crate::sums::state`]).
fn weighted_state(s: &State, cells: &[usize], weights: &[i32], total: i32) -> (i64, Vec<i32>, Vec<u16>) {
    crate::sums::state(cells, weights, total, |c| (s.value[c] != 0).then_some(s.value[c]), |c| s.cand[c])
}

/// A cell's candidates for a clue's fillings: its digit's bit once placed.
fn clue_cands(s: &State, cell: usize) -> u16 {
    match s.value[cell] {
        0 => s.cand[cell],
        d => 1 << (d - 1),
    }
}

/// The digit indices (`digit - 1`) of a candidate mask, lowest first.
fn ones_of(bits: u16) -> impl Iterator<Item = usize> {
    WordCells::new([u64::from(bits)])
}

/// Searches `grid`'s position (its cells as they are) on any layout: counts solutions up
/// to `limit`, keeping the first `keep`.
pub(super) fn search_generic(grid: &Grid, limit: usize, keep: usize) -> Found {
    search_generic_within(grid, limit, keep, u64::MAX).expect("an unbounded search finishes")
}

/// [`search_generic`], giving up (`None`) when the guesses would exceed `max_guesses`.
pub(super) fn search_generic_within(grid: &Grid, limit: usize, keep: usize, max_guesses: u64) -> Option<Found> {
    let mut propagator = Propagator::new(grid.layout(), Propagation::Full);
    let mut state = propagator.start(grid);
    let mut search = Search { propagator, limit, keep, found: Found::default(), max_guesses, gave_up: false };
    if limit > 0 {
        search.explore(&mut state);
    }
    (!search.gave_up).then_some(search.found)
}

/// One count in progress.
struct Search<'a> {
    propagator: Propagator<'a>,
    limit: usize,
    keep: usize,
    found: Found,
    /// The guesses allowed; past them the search stops with `gave_up` set.
    max_guesses: u64,
    gave_up: bool,
}

impl Search<'_> {
    fn explore(&mut self, state: &mut State) {
        if !self.propagator.propagate(state) {
            return;
        }
        let Some(cell) = self.propagator.guess_cell(state) else {
            self.found.count += 1;
            if self.found.solutions.len() < self.keep {
                self.found.solutions.push(self.propagator.solution(state));
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
            if self.found.guesses >= self.max_guesses {
                self.gave_up = true;
                return;
            }
            let bit = rest & rest.wrapping_neg();
            rest &= !bit;
            self.found.guesses += 1;
            // Why no copy for the last digit: nothing comes back to this state after it.
            let mut copy;
            let branch = if rest == 0 {
                &mut *state
            } else {
                copy = *state;
                &mut copy
            };
            if self.propagator.assign(branch, cell, bit) {
                self.explore(branch);
            } else {
                self.propagator.reset();
            }
        }
    }
}

/// Fills `grid`'s position to a complete grid, trying each guess's digits in the order
/// `shuffle` puts them in (ascending before), and giving up after `max_guesses` guesses.
pub(super) fn fill_generic(grid: &Grid, propagation: Propagation, shuffle: &mut dyn FnMut(&mut [Digit]), max_guesses: u64) -> Fill {
    let mut propagator = Propagator::new(grid.layout(), propagation);
    let mut state = propagator.start(grid);
    let mut filler = Filler { propagator, shuffle, guesses: 0, max_guesses };
    match filler.explore(&mut state) {
        Ok(Some(solution)) => Fill::Solved(solution),
        Ok(None) => Fill::NoSolution,
        Err(GaveUp) => Fill::GaveUp,
    }
}

/// The guess budget of a fill ran out.
struct GaveUp;

/// One fill in progress.
struct Filler<'a, 's> {
    propagator: Propagator<'a>,
    shuffle: &'s mut dyn FnMut(&mut [Digit]),
    guesses: u64,
    max_guesses: u64,
}

impl Filler<'_, '_> {
    fn explore(&mut self, state: &mut State) -> Result<Option<Vec<Digit>>, GaveUp> {
        if !self.propagator.propagate(state) {
            return Ok(None);
        }
        let Some(cell) = self.propagator.guess_cell(state) else {
            return Ok(Some(self.propagator.solution(state)));
        };
        let mut digits: Vec<Digit> = ones_of(state.cand[cell]).map(|d| d as Digit + 1).collect();
        (self.shuffle)(&mut digits);
        for digit in digits {
            if self.guesses >= self.max_guesses {
                return Err(GaveUp);
            }
            self.guesses += 1;
            let mut branch = *state;
            if !self.propagator.assign(&mut branch, cell, 1 << (digit - 1)) {
                self.propagator.reset();
                continue;
            }
            if let Some(solution) = self.explore(&mut branch)? {
                return Ok(Some(solution));
            }
        }
        Ok(None)
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

    /// Compares our search of `g` with the design card's backtracker (singles). The two
    /// propagate differently, so they guess in different cells, find solutions in another
    /// order and may not both see branches left at the limit: counts must agree, a search
    /// that says it stopped at the limit must have reached it, every solution kept must be
    /// one, and two searches that did not stop keep the same ones.
    fn agree(g: &Grid, limit: usize, keep: usize, context: &str) {
        let singles = [naked_single as fn(&mut Grid) -> bool, hidden_single];
        let mut ours = search_generic(g, limit, keep);
        let mut theirs = backtrack(g, &singles, limit, keep);
        assert_eq!(ours.count, theirs.count, "{context}");
        assert!(!ours.hit_limit || ours.count == limit, "{context}");
        assert!(!theirs.hit_limit || theirs.count == limit, "{context}");
        assert_eq!(ours.solutions.len(), keep.min(ours.count), "{context}");
        for found in &ours.solutions {
            let digits: Vec<Option<Digit>> = found.iter().map(|&d| Some(d)).collect();
            assert!(Grid::new(g.layout_arc().clone(), &digits).is_ok(), "{context}: {found:?} breaks a rule");
            assert!((0..found.len()).all(|c| g.digit(c).is_none_or(|d| d == found[c])), "{context}: {found:?} moves a given");
        }
        if !ours.hit_limit && !theirs.hit_limit {
            ours.solutions.sort();
            theirs.solutions.sort();
            assert_eq!(ours.solutions, theirs.solutions, "{context}");
        }
    }

    #[test]
    fn counts_agree_with_the_design_card_backtracker() {
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
                for (limit, keep) in [(1, 0), (2, 2), (5, 1), (50, 50)] {
                    agree(&g, limit, keep, &format!("{line} limit {limit} keep {keep} {rules:?}"));
                }
            }
        }
    }

    #[test]
    fn counts_agree_with_the_backtracker_under_links_and_demands() {
        use crate::constraints::{Constraint, Relation};
        use crate::layout::LayoutSpec;
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
                    for limit in [1, 12] {
                        agree(&g, limit, limit, &format!("{givens:?}"));
                        checked += 1;
                    }
                }
            }
        }
        assert!(checked >= 10, "only {checked} searches compared");
    }

    #[test]
    fn a_bounded_search_gives_up_only_past_its_guesses() {
        // A minimal puzzle less a few givens: many solutions, found with guesses.
        let layout = Arc::new(Layout::classic(Rules::classic()));
        let mut givens = generate(&layout, &mut Rng::new(7)).unwrap().givens;
        givens.iter_mut().filter(|g| g.is_some()).take(6).for_each(|g| *g = None);
        let g = Grid::new(layout, &givens).unwrap();
        for limit in [1, 2, 1000] {
            let full = search_generic(&g, limit, 3);
            assert!(full.guesses > 0, "limit {limit}: no guess needed");
            let within = search_generic_within(&g, limit, 3, full.guesses).expect("as many guesses as it takes");
            assert_eq!((within.count, within.guesses, within.hit_limit, &within.solutions), (full.count, full.guesses, full.hit_limit, &full.solutions));
            assert!(search_generic_within(&g, limit, 3, full.guesses - 1).is_none(), "limit {limit}");
        }
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
