//! The propagation engine of the forcing family: from one assumption ("this candidate is
//! true", or "... is false"), derive what must follow, breadth first, recording for each
//! derived literal the premise it came from, so a proof can be walked back and shown.
//!
//! A literal is a candidate held on (true) or off (false). Three modes:
//!
//! - [`Mode::Chain`]: only single-premise implications. On -> off for every candidate that
//!   sees it (same cell, or same digit in a cell that `Layout::sees`, variant peers included)
//!   and every candidate a constraint links it to (`Layout::links`). Off -> on when the grid
//!   gives a strong link: the cell is bivalue, or the digit has exactly two places in a house
//!   (any house, extra ones included; never variant sight or links).
//! - [`Mode::Net`]: the same sight, and singles over the whole derived state: a cell whose other
//!   candidates are all off takes the last one (naked single), a digit whose other places in a
//!   house are all off goes to the last one (hidden single). These need several premises at once.
//! - [`Mode::Nested`]: a net that, whenever it stands still, tries each open candidate on top of
//!   it with a plain net, and removes those whose net breaks; the removal's premises are the
//!   outer literals the inner contradiction used.
//!
//! Propagation stops at the first contradiction: a candidate both on and off, a cell with every
//! candidate off, or a house with every place of a digit off.
//!
//! Everything is bitboards and counters: per digit, the cells derived on and the cells derived
//! off (bitboards of as many 64-bit words as the grid needs, [`Bits`]), per cell the candidates
//! not derived off (`u16`), per house and digit the places and how many are left. The only
//! per-step write besides those is the premise, order and depth of each derived literal,
//! packed in one fixed array indexed by literal. Propagation can be limited in depth, so a
//! search that already holds a proof of some size stops following assumptions where no
//! shorter proof can be found; the engine tells whether the limit cut a propagation short
//! ([`Engine::cut`]), as when it did not, the propagation is the one without limit.
//!
//! A chain without depth limit can also be asked only whether it stays consistent, and what it
//! derives ([`Engine::reach_consistent`]): that is the set of literals its implications reach,
//! found with whole sets of "off" literals at once and nothing recorded, far cheaper; most chain
//! assumptions are consistent, and only a contradiction is then propagated in full.
//!
//! Every derived literal costs a few array accesses, so the arrays are sized for the largest
//! grid and indexed with masked values (no bounds checks), and they live in [`Scratch`], kept
//! by the search from one engine to the next (no allocation, and the layout's tables are made
//! once).

use std::any::Any;

use crate::deduction::{Chain, Link, Node};
use crate::grid::{CellSet, Digit, Grid, MAX_SIZE, WordCells};
use crate::layout::{CellId, HouseId, Layout, LayoutId};
use crate::rules::Rule;

/// A candidate held on or off: `cell << 5 | (digit - 1) << 1 | on` (digits up to 16).
pub(super) type Lit = u32;

/// The premise of the assumption itself.
const ROOT: u32 = u32::MAX;
/// Naked single: every other candidate of the cell is off.
const CELL_SINGLE: u32 = 1 << 30;
/// Hidden single (or'ed with the house id): every other place of the digit in the house is off.
const HOUSE_SINGLE: u32 = 1 << 31;
/// Nested contradiction (or'ed with an index into `nested`): assuming the candidate on, on top
/// of the literals listed there, leads to a contradiction by a net.
const NESTED: u32 = 1 << 29;
// Any other premise value is the one literal the derived literal follows from.

/// No depth limit.
pub(super) const UNLIMITED: u16 = u16::MAX;

/// The most cells a grid has (a power of two, so a masked cell index is in bounds).
const MAX_CELLS: usize = MAX_SIZE * MAX_SIZE;
/// Room for every literal value of the largest grid.
const MAX_LITS: usize = MAX_CELLS << 5;
/// Room for every `house << 4 | digit - 1` entry (up to 64 houses of 16 digits), a power of two.
const MAX_PLACES: usize = 1024;
/// The most houses a grid has (its rows, columns and boxes, and the houses rules add).
const MAX_HOUSES: usize = crate::layout::MAX_HOUSES;
/// Where the "off" sets start in [`Engine::derived`].
const OFF: usize = MAX_SIZE;

const _: () = assert!(MAX_CELLS.is_power_of_two() && MAX_LITS.is_power_of_two() && (MAX_HOUSES << 4) <= MAX_PLACES && MAX_HOUSES <= 64);

/// The cell of a literal, masked into the arrays' bounds.
#[inline(always)]
fn cell_at(l: Lit) -> usize {
    (l >> 5) as usize & (MAX_CELLS - 1)
}

/// The digit of a literal, less one.
#[inline(always)]
fn digit_at(l: Lit) -> usize {
    ((l >> 1) & 15) as usize
}

/// Whether a set of candidates holds exactly two.
// Why: without a target CPU the count of ones is a dozen instructions; these tests sit on the
// hot paths of propagation.
#[inline(always)]
fn exactly_two(c: u16) -> bool {
    let rest = c & c.wrapping_sub(1);
    rest != 0 && rest & (rest - 1) == 0
}

/// Whether a set of candidates holds three or more.
#[inline(always)]
fn at_least_three(c: u16) -> bool {
    let rest = c & c.wrapping_sub(1);
    rest & rest.wrapping_sub(1) != 0
}

/// Whether a set of cells holds three or more.
#[inline(always)]
fn at_least_three_cells<const W: usize>(bits: &Bits<W>) -> bool {
    let mut count = 0;
    for &w in bits {
        let mut w = w;
        while w != 0 && count < 3 {
            w &= w - 1;
            count += 1;
        }
    }
    count >= 3
}

/// A set of cells as `W` words of 64 bits: the engine's own bitboard, sized for the grid.
// Why: `CellSet` has room for 256 cells (4 words); a 9x9 grid needs 2, and every derived
// literal costs a few set operations, so the engine works on as many words as the grid needs.
pub(super) type Bits<const W: usize> = [u64; W];

/// How many words a set of `cells` cells needs in the engine: 2 up to 128 cells, else 4.
pub(super) fn words_for(cells: usize) -> usize {
    if cells <= 128 { 2 } else { 4 }
}

fn bits_of<const W: usize>(set: &CellSet) -> Bits<W> {
    // Why: a `CellSet` has room for the largest grid; the cells of this one lie in its first
    // `W` words.
    std::array::from_fn(|w| set.words()[w])
}

#[inline(always)]
pub(super) fn has<const W: usize>(bits: &Bits<W>, cell: usize) -> bool {
    bits[cell / 64] & (1 << (cell % 64)) != 0
}

#[inline(always)]
fn put<const W: usize>(bits: &mut Bits<W>, cell: usize) {
    bits[cell / 64] |= 1 << (cell % 64);
}

/// The lowest cell of a non-empty set.
#[inline(always)]
fn first<const W: usize>(bits: &Bits<W>) -> usize {
    let w = bits.iter().position(|&w| w != 0).expect("a non-empty set");
    w * 64 + bits[w].trailing_zeros() as usize
}

/// The cells of a set in ascending order.
pub(super) fn cells_of<const W: usize>(bits: &Bits<W>) -> WordCells<W> {
    WordCells::new(*bits)
}

/// A boxed array of `N` copies of `value`, made on the heap.
fn boxed<T: Copy, const N: usize>(value: T) -> Box<[T; N]> {
    vec![value; N].into_boxed_slice().try_into().unwrap_or_else(|_| unreachable!("N elements"))
}

/// Which implications propagation may use.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Mode {
    /// Single-premise implications only: a forcing chain.
    Chain,
    /// Singles on the whole derived state too: a forcing net.
    Net,
    /// A net that, whenever it stops, also removes each candidate whose assumption (on top of
    /// what is derived) leads to a contradiction by a net: a nested forcing net.
    Nested,
}

/// Why an assumption cannot hold.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Conflict {
    /// This literal was derived while its opposite already held.
    Both(Lit),
    /// Every candidate of the cell is off.
    Cell(CellId),
    /// Every place of the digit in the house is off.
    House(HouseId, Digit),
}

/// The buffers an engine can take over from the previous one (kept per thread by the
/// search), so that making an engine for each search allocates little and makes the layout's
/// tables once.
#[derive(Default)]
pub(super) struct Scratch {
    /// The [`Arrays`] of the last engine (of whatever word count).
    arrays: Option<Box<dyn Any>>,
}

/// The engine's large arrays.
struct Arrays<const W: usize> {
    /// The layout these arrays' `peers`, `houses` and `house_sets` were made for.
    shape: Option<LayoutId>,
    /// Per cell, the cells that see it (houses and variant rules).
    peers: Box<[Bits<W>; MAX_CELLS]>,
    /// Per cell, its row, column and box, each as `house << 4`, the start of the house's
    /// entries in `places`, `place_count` and `left`.
    // Why: a fixed array per cell rather than the layout's list: every derived "off" literal
    // walks it.
    houses: Box<[[u32; 3]; MAX_CELLS]>,
    /// Per cell, its other houses (those variant rules add; none on most layouts), as in
    /// `houses`: cell `c`'s are `extra[extra_at[c] as usize..extra_at[c + 1] as usize]`.
    // Why apart from `houses`: a cell lies in three houses or more, a number known only with
    // the layout; the three every cell has keep their fixed array (and the classic grid its
    // speed), and an engine reads these only when the layout has any (`Engine::wide`).
    extra_at: Box<[u16; MAX_CELLS + 1]>,
    extra: Vec<u32>,
    /// Per house, its cells.
    house_sets: Box<[Bits<W>; MAX_HOUSES]>,
    /// The empty cells holding each digit of the grid that `cands`, `places`, `place_count`,
    /// `digit_cells`, `strong` and `empty` were made for (on the current layout), and the
    /// engine's `digit_cells`, `strong` and `empty` for it.
    grid: [CellSet; MAX_SIZE],
    digit_cells: [Bits<W>; MAX_SIZE],
    strong: [Bits<W>; MAX_SIZE],
    empty: Bits<W>,
    /// Per digit (index `digit - 1`), the houses holding three places of it or more, as bits of
    /// a mask, and the cells that are its only place in some house (see
    /// [`Engine::reach_consistent`]).
    house_mask: [u64; MAX_SIZE],
    lone: [Bits<W>; MAX_SIZE],
    /// Per cell, its houses as bits of a mask (bit `house`).
    house_bits: Box<[u64; MAX_CELLS]>,
    /// The candidates of each cell (0 for a solved cell).
    cands: Box<[u16; MAX_CELLS]>,
    /// Per cell, its candidates not derived off.
    // Why: kept as what is left rather than what is gone, so a derived "off" literal tests
    // for a naked single or an empty cell without reading the cell's candidates too.
    rest: Box<[u16; MAX_CELLS]>,
    /// Per house and digit (`house << 4 | digit - 1`): the cells of the house holding it, how
    /// many there are, and how many are not derived off.
    places: Box<[Bits<W>; MAX_PLACES]>,
    place_count: Box<[u8; MAX_PLACES]>,
    left: Box<[u8; MAX_PLACES]>,
    /// Per literal (valid only for derived ones): premise, then derivation order << 32, then
    /// depth (implications from the assumption; a lower bound for net singles) << 48.
    info: Box<[u64; MAX_LITS]>,
    /// Derived literals in order (the first `queued`); the breadth-first queue.
    queue: Box<[Lit; MAX_LITS]>,
    /// Marks for walking proofs back (`mark[lit] == epoch` means visited).
    mark: Vec<u32>,
    epoch: u32,
    /// The stack for walking proofs back.
    stack: Vec<Lit>,
}

impl<const W: usize> Arrays<W> {
    fn new() -> Arrays<W> {
        Arrays {
            shape: None,
            peers: boxed([0; W]),
            houses: boxed([0; 3]),
            extra_at: boxed(0),
            extra: Vec::new(),
            house_sets: boxed([0; W]),
            house_bits: boxed(0),
            grid: [CellSet::new(); MAX_SIZE],
            digit_cells: [[0; W]; MAX_SIZE],
            strong: [[0; W]; MAX_SIZE],
            empty: [0; W],
            house_mask: [0; MAX_SIZE],
            lone: [[0; W]; MAX_SIZE],
            cands: boxed(0),
            rest: boxed(0),
            places: boxed([0; W]),
            place_count: boxed(0),
            left: boxed(0),
            info: boxed(0),
            queue: boxed(0),
            mark: vec![0; MAX_LITS],
            epoch: 0,
            stack: Vec::new(),
        }
    }

    /// Makes the layout's tables, unless they are already for this layout; whether it made them.
    fn shape(&mut self, layout: &Layout) -> bool {
        let key = layout.id();
        if self.shape == Some(key) {
            return false;
        }
        assert!(takes(layout), "a layout the engine's tables hold");
        self.extra.clear();
        for cell in 0..layout.cell_count() {
            // Why any three: each of the cell's houses must be read once, in one array or the
            // other; the first three (in house order, its row, column and box) take the fixed one.
            let hs = layout.houses_of(cell);
            assert!(hs.len() >= 3, "a cell lies in a row, a column and a box at least");
            self.houses[cell] = [(hs[0] as u32) << 4, (hs[1] as u32) << 4, (hs[2] as u32) << 4];
            self.extra_at[cell] = self.extra.len() as u16;
            self.extra.extend(hs[3..].iter().map(|&h| (h as u32) << 4));
            let mut bits = 0u64;
            for &h in hs {
                bits |= 1 << h;
            }
            self.house_bits[cell] = bits;
            self.peers[cell] = bits_of(layout.peer_set(cell));
        }
        self.extra_at[layout.cell_count()] = self.extra.len() as u16;
        for h in 0..layout.houses().len() {
            self.house_sets[h] = bits_of(layout.house_set(h));
        }
        self.shape = Some(key);
        true
    }
}

/// Whether the engine's tables can hold `layout`: no more houses than they have room for, on
/// a grid no larger than theirs. Every layout deduku builds fits (see
/// [`crate::layout::MAX_HOUSES`]); a cell may lie in any number of its houses, and
/// candidates may be linked across cells and digits by the rules' constraints.
/// Whether a layout has only rows, columns and boxes (regular or not) and no links: the
/// engine's classic instance (`V = false`) takes it.
pub(super) fn plain(layout: &Layout) -> bool {
    layout.houses().len() == 3 * layout.size() && !layout.has_links()
}

pub(super) fn takes(layout: &Layout) -> bool {
    layout.houses().len() <= MAX_HOUSES && layout.cell_count() <= MAX_CELLS
}

/// The propagation state for one grid; reused for every assumption made on it. `W` is the
/// number of words of its cell sets (see [`words_for`]). `V` says whether the layout may
/// have houses beyond rows, columns and boxes, or links ([`plain`] layouts take `false`):
/// the classic instance then carries no check for either.
pub(super) struct Engine<'g, const W: usize, const V: bool = true> {
    layout: &'g Layout,
    size: usize,
    mode: Mode,
    /// The empty cells holding each digit (index `digit - 1`).
    digit_cells: [Bits<W>; MAX_SIZE],
    /// Per digit, the cells where removing the digit makes something true in a chain: the cell
    /// is bivalue, or the digit has two places in one of its houses.
    strong: [Bits<W>; MAX_SIZE],
    /// The empty cells (holding some candidate).
    empty: Bits<W>,
    /// Whether some cell lies in houses beyond its row, column and box (see `Arrays::extra`).
    wide: bool,
    /// Whether the layout links candidates of different cells beyond sight
    /// ([`Layout::links`]): then an "on" literal also derives off every candidate it links to.
    linked: bool,
    /// What the current assumption has derived so far: the cells derived on per digit (index
    /// `digit - 1`), then the cells derived off per digit (index `OFF + digit - 1`).
    derived: [Bits<W>; 2 * OFF],
    count: u32,
    /// Literals deeper than this are not derived.
    limit: u16,
    /// Whether the limit kept the last propagation from deriving something (see
    /// [`Engine::cut`]).
    cut: bool,
    /// How many literals are queued.
    queued: usize,
    /// For nested contradictions: the outer literals each one rests on.
    nested: Vec<Vec<Lit>>,
    a: Arrays<W>,
}

impl<'g, const W: usize, const V: bool> Engine<'g, W, V> {
    /// An engine for `grid`'s current candidates.
    #[cfg(test)]
    pub(super) fn new(grid: &'g Grid, mode: Mode) -> Engine<'g, W, V> {
        Engine::with_scratch(grid, mode, &mut Scratch::default())
    }

    /// An engine for `grid`'s current candidates, taking over the buffers of `scratch` (give
    /// them back with [`Engine::into_scratch`]).
    pub(super) fn with_scratch(grid: &'g Grid, mode: Mode, scratch: &mut Scratch) -> Engine<'g, W, V> {
        let layout = grid.layout();
        let size = layout.size();
        let cells = layout.cell_count();
        assert_eq!(W, words_for(cells), "an engine sized for the grid");
        let mut a = match scratch.arrays.take().map(|b| b.downcast::<Arrays<W>>()) {
            Some(Ok(arrays)) => *arrays,
            _ => Arrays::new(),
        };
        let reshaped = a.shape(layout);
        // Why: the techniques of the family are tried one after another on the same grid; its
        // empty cells holding each digit tell every candidate, so the tables made from them
        // last time still hold.
        if !reshaped && (1..=size).all(|d| a.grid[d - 1] == *grid.digit_cells(d as Digit)) {
            let (digit_cells, strong, empty) = (a.digit_cells, a.strong, a.empty);
            return Engine::made(layout, mode, digit_cells, strong, empty, a);
        }
        let mut digit_cells = [[0; W]; MAX_SIZE];
        for (d, set) in digit_cells.iter_mut().enumerate().take(size) {
            *set = bits_of(grid.digit_cells(d as Digit + 1));
            a.grid[d] = *grid.digit_cells(d as Digit + 1);
        }
        for cell in 0..cells {
            a.cands[cell] = grid.candidates(cell).bits();
        }
        // Why: a digit's strong cells are the bivalue cells holding it and its places in the
        // houses where it has two; built from those sets rather than cell by cell.
        let mut bivalue = [0u64; W];
        for cell in 0..cells {
            if exactly_two(a.cands[cell]) {
                put(&mut bivalue, cell);
            }
        }
        let mut empty = [0u64; W];
        for set in digit_cells.iter().take(size) {
            for w in 0..W {
                empty[w] |= set[w];
            }
        }
        let mut strong = [[0; W]; MAX_SIZE];
        a.house_mask = [0; MAX_SIZE];
        a.lone = [[0; W]; MAX_SIZE];
        for (d, set) in strong.iter_mut().enumerate().take(size) {
            *set = std::array::from_fn(|w| bivalue[w] & digit_cells[d][w]);
        }
        for h in 0..layout.houses().len() {
            let house = a.house_sets[h];
            for (d, set) in digit_cells.iter().enumerate().take(size) {
                let i = h << 4 | d;
                let places: Bits<W> = std::array::from_fn(|w| house[w] & set[w]);
                // Why: a house has few places; without a target CPU a count of ones costs a
                // dozen instructions a word, clearing the lowest bit three a place.
                let mut count = 0u8;
                for mut w in places {
                    while w != 0 {
                        w &= w - 1;
                        count += 1;
                    }
                }
                if count == 2 {
                    for w in 0..W {
                        strong[d][w] |= places[w];
                    }
                }
                a.places[i] = places;
                a.place_count[i] = count;
                if count == 1 {
                    for (lone, place) in a.lone[d].iter_mut().zip(places) {
                        *lone |= place;
                    }
                }
                if count >= 3 {
                    a.house_mask[d] |= 1 << h;
                }
            }
        }
        (a.digit_cells, a.strong, a.empty) = (digit_cells, strong, empty);
        Engine::made(layout, mode, digit_cells, strong, empty, a)
    }

    /// An engine on tables made for its grid.
    fn made(layout: &'g Layout, mode: Mode, digit_cells: [Bits<W>; MAX_SIZE], strong: [Bits<W>; MAX_SIZE], empty: Bits<W>, a: Arrays<W>) -> Engine<'g, W, V> {
        assert!(V || plain(layout), "a layout with extra houses or links needs the engine's variant instance");
        Engine {
            layout,
            size: layout.size(),
            mode,
            digit_cells,
            strong,
            empty,
            wide: !a.extra.is_empty(),
            linked: layout.has_links(),
            derived: [[0; W]; 2 * OFF],
            count: 0,
            limit: UNLIMITED,
            cut: false,
            queued: 0,
            nested: Vec::new(),
            a,
        }
    }

    /// Gives the engine's buffers back for the next one.
    pub(super) fn into_scratch(self, scratch: &mut Scratch) {
        scratch.arrays = Some(Box::new(self.a));
    }

    pub(super) fn mode(&self) -> Mode {
        self.mode
    }

    pub(super) fn size(&self) -> usize {
        self.size
    }

    /// How many literals a grid of this size has room for (the bound of [`Lit`] values).
    pub(super) fn lit_count(&self) -> usize {
        self.layout.cell_count() << 5
    }

    /// The literal for `digit` in `cell`, on or off.
    pub(super) fn lit(&self, cell: CellId, digit: Digit, on: bool) -> Lit {
        lit(cell, digit, on)
    }

    pub(super) fn cell_of(&self, l: Lit) -> CellId {
        (l >> 5) as CellId
    }

    pub(super) fn digit_of(&self, l: Lit) -> Digit {
        ((l >> 1) & 15) as Digit + 1
    }

    /// The places of `digit` in `house`.
    pub(super) fn places(&self, house: HouseId, digit: Digit) -> &Bits<W> {
        &self.a.places[(house << 4 | (digit as usize - 1)) & (MAX_PLACES - 1)]
    }

    /// How many places `digit` has in `house`.
    pub(super) fn place_count(&self, house: HouseId, digit: Digit) -> usize {
        self.a.place_count[(house << 4 | (digit as usize - 1)) & (MAX_PLACES - 1)] as usize
    }

    /// Copies what the last propagation derived into `out`: the cells derived on per digit,
    /// then the cells derived off per digit, as `2 * size` sets of `W` words.
    pub(super) fn copy_derived(&self, out: &mut [u64]) {
        let size = self.size;
        let (on, off) = out[..2 * size * W].split_at_mut(size * W);
        for (to, set) in on.chunks_exact_mut(W).zip(&self.derived[..size]) {
            to.copy_from_slice(set);
        }
        for (to, set) in off.chunks_exact_mut(W).zip(&self.derived[OFF..OFF + size]) {
            to.copy_from_slice(set);
        }
    }

    /// Writes the sets [`Engine::copy_derived`] gives, each folded into one word (the or of its
    /// words), into `out` (`2 * size` words).
    pub(super) fn copy_folds(&self, out: &mut [u64]) {
        let size = self.size;
        let (on, off) = out[..2 * size].split_at_mut(size);
        for (to, set) in on.iter_mut().zip(&self.derived[..size]) {
            *to = set.iter().fold(0, |acc, &w| acc | w);
        }
        for (to, set) in off.iter_mut().zip(&self.derived[OFF..OFF + size]) {
            *to = set.iter().fold(0, |acc, &w| acc | w);
        }
    }

    /// Whether assuming the off literal `l` derives nothing but itself, in a chain or a net:
    /// the cell keeps two candidates or more and the digit keeps two places or more in each of
    /// its houses (no contradiction, no single), and no strong link starts there.
    pub(super) fn inert(&self, l: Lit) -> bool {
        let (cell, d) = (cell_at(l), digit_at(l));
        l & 1 == 0
            && self.mode != Mode::Nested
            && at_least_three(self.a.cands[cell])
            && self.a.houses[cell].iter().all(|&h| self.a.place_count[(h as usize | d) & (MAX_PLACES - 1)] >= 3)
            && (!(V && self.wide) || self.extra_range(cell).all(|k| self.a.place_count[(self.a.extra[k] as usize | d) & (MAX_PLACES - 1)] >= 3))
    }

    /// Where the houses of `cell` beyond its row, column and box lie in `Arrays::extra`.
    #[inline(always)]
    fn extra_range(&self, cell: usize) -> std::ops::Range<usize> {
        self.a.extra_at[cell] as usize..self.a.extra_at[cell + 1] as usize
    }

    /// Whether the last propagation derived `l`.
    pub(super) fn holds(&self, l: Lit) -> bool {
        let (cell, d) = (cell_at(l), digit_at(l));
        if l & 1 == 1 { has(&self.derived[d], cell) } else { has(&self.derived[OFF + d], cell) }
    }

    fn premise(&self, l: Lit) -> u32 {
        self.a.info[l as usize & (MAX_LITS - 1)] as u32
    }

    fn order(&self, l: Lit) -> u32 {
        (self.a.info[l as usize & (MAX_LITS - 1)] >> 32) as u16 as u32
    }

    /// How many implications the last propagation needed to derive `l` (when it did).
    pub(super) fn depth(&self, l: Lit) -> u16 {
        (self.a.info[l as usize & (MAX_LITS - 1)] >> 48) as u16
    }

    /// Assumes `start` and derives everything that follows within `limit` implications,
    /// stopping at the first contradiction. Afterwards [`Engine::copy_derived`] gives what was
    /// derived, and proofs can be walked back from any of it. The same call always derives the
    /// same literals in the same order.
    pub(super) fn propagate(&mut self, start: Lit, limit: u16) -> Option<Conflict> {
        let cells = self.layout.cell_count();
        let entries = self.layout.houses().len() << 4;
        self.limit = limit;
        self.cut = false;
        self.derived = [[0; W]; 2 * OFF];
        self.a.rest[..cells].copy_from_slice(&self.a.cands[..cells]);
        self.a.left[..entries].copy_from_slice(&self.a.place_count[..entries]);
        self.queued = 0;
        self.count = 0;
        self.nested.clear();
        if let Err(conflict) = self.derive(start, ROOT, 0) {
            return Some(conflict);
        }
        let mut head = 0;
        if let Err(conflict) = self.run(&mut head) {
            return Some(conflict);
        }
        if self.mode == Mode::Nested {
            return self.nest(&mut head).err();
        }
        None
    }

    /// In a chain, whether assuming `start` meets no contradiction (without depth limit). When
    /// it meets none, [`Engine::copy_derived`] gives what it derives, as after
    /// [`Engine::propagate`]; but no premise, order or depth is recorded, so neither proofs nor
    /// [`Engine::holds`] may be asked for, and a contradiction is followed again with
    /// [`Engine::propagate`] to find which one it meets first and what it costs.
    // Why: in a chain every literal has one premise, so without a depth limit propagation
    // derives exactly the literals reachable from the assumption through the grid's
    // implications (unless it stops at a contradiction first), and it meets a contradiction iff
    // that set holds one: a literal both on and off, a cell with every candidate off, or a house
    // with every place of a digit off. That set does not depend on the order it is found in, so
    // it is found here with whole sets of "off" literals at once: a few word operations per
    // "on" literal and per strong "off" one, where propagation records and counts every
    // literal. Most chain assumptions are consistent.
    pub(super) fn reach_consistent(&mut self, start: Lit) -> bool {
        debug_assert_eq!(self.mode, Mode::Chain);
        self.derived = [[0; W]; 2 * OFF];
        // The "on" literals still to spread (the queue's room serves as a stack).
        let mut top = 0;
        let (cell, d) = (cell_at(start), digit_at(start));
        if start & 1 == 1 {
            put(&mut self.derived[d], cell);
            self.a.queue[0] = start;
            top = 1;
        } else {
            put(&mut self.derived[OFF + d], cell);
            if has(&self.strong[d], cell) && !self.reach_links(cell, d, &mut top) {
                return false;
            }
        }
        while top > 0 {
            top -= 1;
            let l = self.a.queue[top & (MAX_LITS - 1)];
            let (cell, d) = (cell_at(l), digit_at(l));
            let mut others = self.a.cands[cell] & !(1 << d);
            while others != 0 {
                let e = others.trailing_zeros() as usize;
                others &= others - 1;
                if !self.reach_off(cell, e, &mut top) {
                    return false;
                }
            }
            let (peers, holding, off, on) = (&self.a.peers[cell], &self.digit_cells[d], &self.derived[OFF + d], &self.derived[d]);
            let seen: Bits<W> = std::array::from_fn(|w| peers[w] & holding[w] & !off[w]);
            if (0..W).any(|w| seen[w] & on[w] != 0) {
                return false;
            }
            for (set, seen) in self.derived[OFF + d].iter_mut().zip(seen) {
                *set |= seen;
            }
            let links: Bits<W> = std::array::from_fn(|w| seen[w] & self.strong[d][w]);
            for cell in cells_of(&links) {
                if !self.reach_links(cell, d, &mut top) {
                    return false;
                }
            }
            if (V && self.linked) && !self.reach_linked(cell, d, &mut top) {
                return false;
            }
        }
        self.reached_consistent()
    }

    /// For [`Engine::reach_consistent`], once every literal is reached: whether the reached
    /// set leaves every empty cell a candidate and every house a place for each digit.
    #[inline]
    fn reached_consistent(&self) -> bool {
        // Why: a literal both on and off was caught as it was derived; cells and houses are
        // checked on the whole set.
        let size = self.size;
        let mut alive = [0u64; W];
        for d in 0..size {
            for (alive, (holding, off)) in alive.iter_mut().zip(self.digit_cells[d].iter().zip(&self.derived[OFF + d])) {
                *alive |= holding & !off;
            }
        }
        if (0..W).any(|w| self.empty[w] & !alive[w] != 0) {
            return false;
        }
        // Why: only a house holding a place derived off can have lost every place, and not one
        // where the digit has two places: the first of them derived off derives the other on,
        // and deriving that one off too is a literal both on and off, caught above. A house
        // with one place loses it when that cell is off; one with three places or more needs
        // three cells of the digit off.
        for d in 0..size {
            let off = self.derived[OFF + d];
            if (0..W).any(|w| off[w] & self.a.lone[d][w] != 0) {
                return false;
            }
            if !at_least_three_cells(&off) {
                continue;
            }
            let mut houses = 0u64;
            for cell in cells_of(&off) {
                houses |= self.a.house_bits[cell];
            }
            houses &= self.a.house_mask[d];
            while houses != 0 {
                let i = (houses.trailing_zeros() as usize) << 4 | d;
                houses &= houses - 1;
                let places = &self.a.places[i & (MAX_PLACES - 1)];
                if (0..W).all(|w| places[w] & !off[w] == 0) {
                    return false;
                }
            }
        }
        true
    }

    /// For [`Engine::reach_consistent`]: derives `e` (index) off in `cell`, if it is not
    /// yet, and follows the strong links from it; false on a literal both on and off.
    #[inline(always)]
    fn reach_off(&mut self, cell: usize, e: usize, top: &mut usize) -> bool {
        if has(&self.derived[OFF + e], cell) {
            return true;
        }
        put(&mut self.derived[OFF + e], cell);
        !(has(&self.derived[e], cell) || (has(&self.strong[e], cell) && !self.reach_links(cell, e, top)))
    }

    /// For [`Engine::reach_consistent`]: derives off the candidates the "on" literal of `d`
    /// (index) in `cell` links to ([`Layout::links`]), and what their strong links give; false
    /// on a literal both on and off.
    #[inline(never)]
    fn reach_linked(&mut self, cell: usize, d: usize, top: &mut usize) -> bool {
        let layout = self.layout;
        for link in layout.links(cell, d as Digit + 1) {
            let b = link.cell & (MAX_CELLS - 1);
            let mut digits = link.digits.bits() & self.a.cands[b];
            while digits != 0 {
                let e = digits.trailing_zeros() as usize;
                digits &= digits - 1;
                if !self.reach_off(b, e, top) {
                    return false;
                }
            }
        }
        true
    }

    /// For [`Engine::reach_consistent`]: the "on" literals the strong links from the "off"
    /// literal of `d` (index) in `cell` give, derived and stacked; false on a literal both on
    /// and off.
    #[inline(always)]
    fn reach_links(&mut self, cell: usize, d: usize, top: &mut usize) -> bool {
        let cands = self.a.cands[cell];
        if exactly_two(cands) {
            let e = (cands & !(1 << d)).trailing_zeros() as usize;
            if !self.reach_on(cell, e, top) {
                return false;
            }
        }
        for h in self.a.houses[cell] {
            let i = (h as usize | d) & (MAX_PLACES - 1);
            if self.a.place_count[i] == 2 {
                let mut other = self.a.places[i];
                other[cell / 64] &= !(1 << (cell % 64));
                if !self.reach_on(first(&other), d, top) {
                    return false;
                }
            }
        }
        if V && self.wide {
            for k in self.extra_range(cell) {
                let i = (self.a.extra[k] as usize | d) & (MAX_PLACES - 1);
                if self.a.place_count[i] == 2 {
                    let mut other = self.a.places[i];
                    other[cell / 64] &= !(1 << (cell % 64));
                    if !self.reach_on(first(&other), d, top) {
                        return false;
                    }
                }
            }
        }
        true
    }

    /// For [`Engine::reach_consistent`]: derives the "on" literal of `d` (index) in `cell`
    /// and stacks it, unless it is derived already; false when it is derived off.
    #[inline(always)]
    fn reach_on(&mut self, cell: usize, d: usize, top: &mut usize) -> bool {
        if has(&self.derived[d], cell) {
            return true;
        }
        if has(&self.derived[OFF + d], cell) {
            return false;
        }
        put(&mut self.derived[d], cell);
        self.a.queue[*top & (MAX_LITS - 1)] = (cell as Lit) << 5 | (d as Lit) << 1 | 1;
        *top += 1;
        true
    }

    /// Spreads the queued literals from `head` on, breadth first.
    fn run(&mut self, head: &mut usize) -> Result<(), Conflict> {
        if self.mode == Mode::Chain { self.run_in::<false>(head) } else { self.run_in::<true>(head) }
    }

    /// [`Engine::run`] for a chain (`NET` false) or a net.
    // Why: the mode is a type parameter of the inner loop so that each derived literal does
    // only its mode's work.
    fn run_in<const NET: bool>(&mut self, head: &mut usize) -> Result<(), Conflict> {
        while *head < self.queued {
            let l = self.a.queue[*head & (MAX_LITS - 1)];
            *head += 1;
            let depth = self.depth(l);
            if depth < self.limit {
                if l & 1 == 1 { self.spread_on::<NET>(l, depth + 1) } else { self.spread_off::<NET>(l, depth + 1) }?;
            } else if !self.cut && !self.stalled::<NET>(l) {
                self.cut = true;
            }
        }
        Ok(())
    }

    /// The nested rounds: while the net stands still, tries each open candidate on top of it;
    /// each one whose net breaks is removed (resting on the outer literals that net used), and
    /// the outer net goes on.
    fn nest(&mut self, head: &mut usize) -> Result<(), Conflict> {
        let size = self.size;
        loop {
            let (derived, rest, left) = (self.derived, self.a.rest.clone(), self.a.left.clone());
            let (count, queued, limit) = (self.count, self.queued, self.limit);
            let mut found: Vec<(Lit, Vec<Lit>)> = Vec::new();
            // Why: nets are monotone, so a candidate set on by a net that stood on top of the
            // outer one stands too; trying it again cannot break anything this round.
            let mut standing = [[0u64; W]; MAX_SIZE];
            for d in 0..size {
                let open: Bits<W> = std::array::from_fn(|w| self.digit_cells[d][w] & !derived[d][w] & !derived[OFF + d][w]);
                for cell in cells_of(&open) {
                    if has(&standing[d], cell) {
                        continue;
                    }
                    let y = lit(cell, d as Digit + 1, true);
                    self.limit = UNLIMITED;
                    let mut inner = queued;
                    let conflict = self.derive(y, ROOT, 0).and_then(|_| self.run(&mut inner)).err();
                    if let Some(conflict) = conflict {
                        // Why: the outer literals (derived before `count`) the contradiction
                        // used are what removing `y` rests on.
                        let targets = self.conflict_targets(conflict);
                        let mut outer = Vec::new();
                        self.walk_until(&targets, count, |l| outer.push(l));
                        // Why: a contradiction that needs nothing of the assumption holds on the
                        // grid itself (a plain net finds it first); hang it on the assumption so
                        // the proof stays one piece.
                        if outer.is_empty() {
                            outer.push(self.a.queue[0]);
                        }
                        found.push((y ^ 1, outer));
                    } else {
                        for (stand, set) in standing.iter_mut().zip(&self.derived[..size]) {
                            for w in 0..W {
                                stand[w] |= set[w];
                            }
                        }
                    }
                    self.derived = derived;
                    self.a.rest.copy_from_slice(&rest[..]);
                    self.a.left.copy_from_slice(&left[..]);
                    self.queued = queued;
                    self.count = count;
                    self.limit = limit;
                }
            }
            let before = self.count;
            for (l, outer) in found {
                let depth = outer.iter().map(|&p| self.depth(p)).max().unwrap_or(0) + 1;
                self.nested.push(outer);
                self.derive(l, NESTED | (self.nested.len() - 1) as u32, depth)?;
            }
            if self.count == before {
                return Ok(());
            }
            self.run(head)?;
        }
    }

    /// Records `l` (if new and within the limit) with its premise, and reports a contradiction
    /// it completes.
    fn derive(&mut self, l: Lit, premise: u32, depth: u16) -> Result<(), Conflict> {
        match (l & 1 == 1, self.mode) {
            (true, _) => self.derive_on(l, premise, depth),
            (false, Mode::Chain) => self.derive_off::<false>(l, premise, depth),
            (false, Mode::Net | Mode::Nested) => self.derive_off::<true>(l, premise, depth),
        }
    }

    /// Records the premise, order and depth of a newly derived literal.
    #[inline(always)]
    fn record(&mut self, l: Lit, premise: u32, depth: u16) {
        self.a.info[l as usize & (MAX_LITS - 1)] = premise as u64 | (self.count as u64) << 32 | (depth as u64) << 48;
        self.count += 1;
    }

    /// Queues a derived literal to spread.
    #[inline(always)]
    fn enqueue(&mut self, l: Lit) {
        self.a.queue[self.queued & (MAX_LITS - 1)] = l;
        self.queued += 1;
    }

    /// [`Engine::derive`] for an on literal: it is always queued.
    #[inline(always)]
    fn derive_on(&mut self, l: Lit, premise: u32, depth: u16) -> Result<(), Conflict> {
        let (cell, d) = (cell_at(l), digit_at(l));
        if has(&self.derived[d], cell) || depth > self.limit {
            return Ok(());
        }
        put(&mut self.derived[d], cell);
        self.record(l, premise, depth);
        if has(&self.derived[OFF + d], cell) {
            return Err(Conflict::Both(l));
        }
        self.enqueue(l);
        Ok(())
    }

    /// [`Engine::derive`] for an off literal.
    #[inline(always)]
    fn derive_off<const NET: bool>(&mut self, l: Lit, premise: u32, depth: u16) -> Result<(), Conflict> {
        let cell = cell_at(l);
        if has(&self.derived[OFF + digit_at(l)], cell) || depth > self.limit {
            return Ok(());
        }
        self.derive_new_off::<NET>(l, premise, depth)
    }

    /// Records an off literal not derived yet (within the limit): counts it in its cell and
    /// houses.
    #[inline(always)]
    fn derive_new_off<const NET: bool>(&mut self, l: Lit, premise: u32, depth: u16) -> Result<(), Conflict> {
        let (cell, d) = (cell_at(l), digit_at(l));
        put(&mut self.derived[OFF + d], cell);
        self.record(l, premise, depth);
        if has(&self.derived[d], cell) {
            return Err(Conflict::Both(l));
        }
        let rest = self.a.rest[cell] & !(1 << d);
        self.a.rest[cell] = rest;
        if rest == 0 {
            return Err(Conflict::Cell(cell));
        }
        // Why: an off literal only spreads through a strong link (chain) or a single it
        // completes (net); most lead nowhere, and are recorded without being queued.
        let hs = self.a.houses[cell];
        if !NET {
            // A chain only looks for contradictions here, and spreads through strong links.
            for h in hs {
                let left = &mut self.a.left[(h as usize | d) & (MAX_PLACES - 1)];
                *left -= 1;
                if *left == 0 {
                    return Err(Conflict::House(h as usize >> 4, d as Digit + 1));
                }
            }
            if V && self.wide {
                self.count_down_extra(cell, d)?;
            }
            if has(&self.strong[d], cell) {
                self.enqueue(l);
            }
            return Ok(());
        }
        // Why: the three counters are counted down first and tested together: a house left
        // with one place (a single) or none (a contradiction, reported for the first such
        // house) is the exception, and nothing reads the counters after a contradiction.
        let mut lefts = [0u8; 3];
        for (k, &h) in hs.iter().enumerate() {
            let left = &mut self.a.left[(h as usize | d) & (MAX_PLACES - 1)];
            *left -= 1;
            lefts[k] = *left;
        }
        if lefts[0].min(lefts[1]).min(lefts[2]) <= 1 {
            if let Some(k) = lefts.iter().position(|&n| n == 0) {
                return Err(Conflict::House(hs[k] as usize >> 4, d as Digit + 1));
            }
            if V && self.wide {
                self.count_down_extra(cell, d)?;
            }
            self.enqueue(l);
        } else if ((V && self.wide) && self.count_down_extra(cell, d)? <= 1) || rest & (rest - 1) == 0 {
            self.enqueue(l);
        }
        Ok(())
    }

    /// For an "off" literal of `d` (index) in `cell`: counts it down in the cell's houses
    /// beyond its row, column and box; the fewest places any of them has left (a house left
    /// with none is a contradiction).
    #[inline(never)]
    fn count_down_extra(&mut self, cell: usize, d: usize) -> Result<u8, Conflict> {
        let mut low = u8::MAX;
        for k in self.extra_range(cell) {
            let h = self.a.extra[k] as usize;
            let left = &mut self.a.left[(h | d) & (MAX_PLACES - 1)];
            *left -= 1;
            if *left == 0 {
                return Err(Conflict::House(h >> 4, d as Digit + 1));
            }
            low = low.min(*left);
        }
        Ok(low)
    }

    /// On -> off: the other candidates of the cell, and the digit in every cell that sees it.
    // Why: every literal derived here is new and within the limit (the caller checked the
    // depth, and the sets exclude what is derived off), so the checks of `derive_off` are
    // skipped.
    fn spread_on<const NET: bool>(&mut self, l: Lit, depth: u16) -> Result<(), Conflict> {
        let (cell, d) = (cell_at(l), digit_at(l));
        let mut others = self.a.rest[cell] & !(1 << d);
        while others != 0 {
            let e = others.trailing_zeros();
            others &= others - 1;
            self.derive_new_off::<NET>((l & !31) | e << 1, l, depth)?;
        }
        let (peers, holding, off) = (self.a.peers[cell], self.digit_cells[d], self.derived[OFF + d]);
        for w in 0..W {
            let mut seen = peers[w] & holding[w] & !off[w];
            while seen != 0 {
                let peer = w * 64 + seen.trailing_zeros() as usize;
                seen &= seen - 1;
                self.derive_new_off::<NET>((peer as Lit) << 5 | (d as Lit) << 1, l, depth)?;
            }
        }
        if V && self.linked {
            self.spread_links::<NET>(l, depth)?;
        }
        Ok(())
    }

    /// On -> off through the layout's links: every candidate of another cell that `l` rules
    /// out by a constraint ([`Layout::links`]), with `l` as its premise, as for sight.
    #[inline(never)]
    fn spread_links<const NET: bool>(&mut self, l: Lit, depth: u16) -> Result<(), Conflict> {
        let layout = self.layout;
        for link in layout.links(cell_at(l), digit_at(l) as Digit + 1) {
            let b = link.cell & (MAX_CELLS - 1);
            // Why `rest`: it holds the cell's candidates not derived off, exactly those to derive.
            let mut digits = link.digits.bits() & self.a.rest[b];
            while digits != 0 {
                let e = digits.trailing_zeros() as Lit;
                digits &= digits - 1;
                self.derive_new_off::<NET>((b as Lit) << 5 | e << 1, l, depth)?;
            }
        }
        Ok(())
    }

    /// Off -> on: strong links of the grid (chain) or singles of the derived state (net).
    fn spread_off<const NET: bool>(&mut self, l: Lit, depth: u16) -> Result<(), Conflict> {
        let (cell, d) = (cell_at(l), digit_at(l));
        match NET {
            false => {
                let cands = self.a.cands[cell];
                if exactly_two(cands) {
                    let e = (cands & !(1 << d)).trailing_zeros();
                    self.derive_on((l & !31) | e << 1 | 1, l, depth)?;
                }
                for h in self.a.houses[cell] {
                    let i = (h as usize | d) & (MAX_PLACES - 1);
                    if self.a.place_count[i] == 2 {
                        let mut rest = self.a.places[i];
                        rest[cell / 64] &= !(1 << (cell % 64));
                        let other = first(&rest);
                        self.derive_on((other as Lit) << 5 | (d as Lit) << 1 | 1, l, depth)?;
                    }
                }
                if V && self.wide {
                    for k in self.extra_range(cell) {
                        let i = (self.a.extra[k] as usize | d) & (MAX_PLACES - 1);
                        if self.a.place_count[i] == 2 {
                            let mut rest = self.a.places[i];
                            rest[cell / 64] &= !(1 << (cell % 64));
                            let other = first(&rest);
                            self.derive_on((other as Lit) << 5 | (d as Lit) << 1 | 1, l, depth)?;
                        }
                    }
                }
            }
            true => {
                let rest = self.a.rest[cell];
                if rest != 0 && rest & (rest - 1) == 0 {
                    self.derive_on((l & !31) | rest.trailing_zeros() << 1 | 1, CELL_SINGLE, depth)?;
                }
                for h in self.a.houses[cell] {
                    self.house_single(d, h, depth)?;
                }
                if V && self.wide {
                    for k in self.extra_range(cell) {
                        self.house_single(d, self.a.extra[k], depth)?;
                    }
                }
            }
        }
        Ok(())
    }

    /// For a net's "off" literal of `d` (index) in house `h` (as `house << 4`): derives the
    /// digit's last place in the house on, if one is left and not on yet (a hidden single).
    #[inline(always)]
    fn house_single(&mut self, d: usize, h: u32, depth: u16) -> Result<(), Conflict> {
        let i = (h as usize | d) & (MAX_PLACES - 1);
        if self.a.left[i] == 1 {
            let (places, on, off) = (&self.a.places[i], &self.derived[d], &self.derived[OFF + d]);
            // Why: most such singles are already on (the cell whose "on" removed the digit's
            // other places): a place derived on is never off, so it is the last one, and there
            // is nothing to derive.
            if (0..W).any(|w| places[w] & on[w] != 0) {
                return Ok(());
            }
            let rest: Bits<W> = std::array::from_fn(|w| places[w] & !off[w]);
            let last = first(&rest);
            self.derive_on((last as Lit) << 5 | (d as Lit) << 1 | 1, HOUSE_SINGLE | h >> 4, depth)?;
        }
        Ok(())
    }

    /// Whether spreading `l` now would derive nothing new (what [`Engine::spread_on`] and
    /// [`Engine::spread_off`] would derive is all derived already).
    #[inline(never)]
    fn stalled<const NET: bool>(&self, l: Lit) -> bool {
        let (cell, d) = (cell_at(l), digit_at(l));
        let (on, off) = (&self.derived[d], &self.derived[OFF + d]);
        if l & 1 == 1 {
            let (peers, holding) = (&self.a.peers[cell], &self.digit_cells[d]);
            let linked = || self.layout.links(cell, d as Digit + 1).iter().all(|link| link.digits.bits() & self.a.rest[link.cell] == 0);
            return self.a.rest[cell] & !(1 << d) == 0 && (0..W).all(|w| peers[w] & holding[w] & !off[w] == 0) && (!(V && self.linked) || linked());
        }
        // The other place of a house (chain: with two places; net: with one left and none on).
        let house_target = |h: u32| -> Option<usize> {
            let i = (h as usize | d) & (MAX_PLACES - 1);
            let places = &self.a.places[i];
            if NET {
                if self.a.left[i] != 1 || (0..W).any(|w| places[w] & on[w] != 0) {
                    return None;
                }
                let rest: Bits<W> = std::array::from_fn(|w| places[w] & !off[w]);
                Some(first(&rest))
            } else {
                if self.a.place_count[i] != 2 {
                    return None;
                }
                let mut rest = *places;
                rest[cell / 64] &= !(1 << (cell % 64));
                Some(first(&rest))
            }
        };
        if self.a.houses[cell].iter().any(|&h| house_target(h).is_some_and(|other| !has(on, other))) {
            return false;
        }
        if (V && self.wide) && self.extra_range(cell).any(|k| house_target(self.a.extra[k]).is_some_and(|other| !has(on, other))) {
            return false;
        }
        // The cell's last candidate (net) or other candidate of a bivalue cell (chain).
        let single = if NET {
            let rest = self.a.rest[cell];
            (rest != 0 && rest & (rest - 1) == 0).then(|| rest.trailing_zeros() as usize)
        } else {
            let cands = self.a.cands[cell];
            exactly_two(cands).then(|| (cands & !(1 << d)).trailing_zeros() as usize)
        };
        single.is_none_or(|e| has(&self.derived[e], cell))
    }

    /// Whether the depth limit kept the last [`Engine::propagate`] from deriving something: a
    /// literal at the limit that would have spread to something new. When it did not, the
    /// propagation is the one without limit, literal for literal.
    pub(super) fn cut(&self) -> bool {
        self.cut
    }

    /// Calls `visit` with each premise of the derived literal `l`.
    fn premises(&self, l: Lit, mut visit: impl FnMut(Lit)) {
        let (cell, digit) = (self.cell_of(l), self.digit_of(l));
        match self.premise(l) {
            ROOT => {}
            CELL_SINGLE => {
                let mut others = self.a.cands[cell] & !(1 << (digit - 1));
                while others != 0 {
                    visit(self.lit(cell, others.trailing_zeros() as Digit + 1, false));
                    others &= others - 1;
                }
            }
            p if p & HOUSE_SINGLE == 0 && p & NESTED != 0 => {
                for &q in &self.nested[(p & !NESTED) as usize] {
                    visit(q);
                }
            }
            p if p & HOUSE_SINGLE != 0 => {
                let house = (p & !HOUSE_SINGLE) as HouseId;
                for other in cells_of(self.places(house, digit)).filter(|&c| c != cell) {
                    visit(self.lit(other, digit, false));
                }
            }
            p => visit(p),
        }
    }

    /// The premise of `l` derived last: the one that completed its reason.
    fn decisive(&self, l: Lit) -> Option<Lit> {
        let mut best: Option<Lit> = None;
        self.premises(l, |p| {
            if best.is_none_or(|b| self.order(p) > self.order(b)) {
                best = Some(p);
            }
        });
        best
    }

    /// The literals a contradiction consists of, in the order they were derived.
    pub(super) fn conflict_targets(&self, conflict: Conflict) -> Vec<Lit> {
        let mut targets = match conflict {
            Conflict::Both(l) => vec![l ^ 1, l],
            Conflict::Cell(cell) => {
                let mut out = Vec::new();
                let mut digits = self.a.cands[cell];
                while digits != 0 {
                    out.push(lit(cell, digits.trailing_zeros() as Digit + 1, false));
                    digits &= digits - 1;
                }
                out
            }
            Conflict::House(h, digit) => cells_of(self.places(h, digit)).map(|c| self.lit(c, digit, false)).collect(),
        };
        targets.sort_by_key(|&l| self.order(l));
        targets
    }

    /// A fresh mark for walking proofs back: literals marked with an older one count as
    /// unvisited (all marks are cleared when the counter wraps).
    fn next_epoch(&mut self) -> u32 {
        self.a.epoch = self.a.epoch.wrapping_add(1);
        if self.a.epoch == 0 {
            self.a.mark.fill(0);
            self.a.epoch = 1;
        }
        self.a.epoch
    }

    /// Marks every derived literal the `targets` rest on (themselves included) with a new
    /// epoch, calling `visit` with each once.
    fn walk(&mut self, targets: &[Lit], mut visit: impl FnMut(Lit)) {
        let epoch = self.next_epoch();
        let mut mark = std::mem::take(&mut self.a.mark);
        let mut stack = std::mem::take(&mut self.a.stack);
        stack.clear();
        for &t in targets {
            if mark[t as usize] != epoch {
                mark[t as usize] = epoch;
                stack.push(t);
            }
        }
        while let Some(l) = stack.pop() {
            visit(l);
            self.premises(l, |p| {
                if mark[p as usize] != epoch {
                    mark[p as usize] = epoch;
                    stack.push(p);
                }
            });
        }
        self.a.mark = mark;
        self.a.stack = stack;
    }

    /// Walks back from `targets` through literals derived at or after `bound`, calling `visit`
    /// with each literal derived before `bound` that they rest on.
    fn walk_until(&mut self, targets: &[Lit], bound: u32, mut visit: impl FnMut(Lit)) {
        let mut outer = Vec::new();
        let mut inner = Vec::new();
        for &t in targets {
            if self.order(t) < bound { outer.push(t) } else { inner.push(t) }
        }
        let epoch = self.next_epoch();
        let mut mark = std::mem::take(&mut self.a.mark);
        let mut stack = inner;
        for &t in &stack {
            mark[t as usize] = epoch;
        }
        for &t in &outer {
            mark[t as usize] = epoch;
        }
        while let Some(l) = stack.pop() {
            self.premises(l, |p| {
                if mark[p as usize] != epoch {
                    mark[p as usize] = epoch;
                    if self.order(p) < bound { outer.push(p) } else { stack.push(p) }
                }
            });
        }
        self.a.mark = mark;
        outer.iter().for_each(|&l| visit(l));
    }

    /// Every derived literal the `targets` rest on (themselves included), in derivation order.
    pub(super) fn closure(&mut self, targets: &[Lit]) -> Vec<Lit> {
        let mut out = Vec::new();
        self.walk(targets, |l| out.push(l));
        out.sort_by_key(|&l| self.order(l));
        out
    }

    /// The size of the proof of `targets`: how many literals it holds, the assumption included.
    pub(super) fn cost(&mut self, targets: &[Lit]) -> usize {
        // Why: in a chain every literal has one premise, so one literal's proof is its path.
        if let (Mode::Chain, [t]) = (self.mode, targets) {
            return self.depth(*t) as usize + 1;
        }
        let mut count = 0;
        self.walk(targets, |_| count += 1);
        count
    }

    /// The proof of `targets` as strands: for each target (in the given order), then for each
    /// side premise no other proof literal was derived from, the path back to the assumption
    /// through decisive premises. In a chain every literal has one premise, so the strands are
    /// exactly the targets' paths; in a net, a literal on a strand may also need literals shown
    /// on earlier strands. Also returns the variant rule the proof's sight or links rely on,
    /// if any (the first met in derivation order), and the literals of the proof that are nested contradictions.
    pub(super) fn strands(&mut self, targets: &[Lit]) -> (Vec<Chain>, Option<Rule>, Vec<Lit>) {
        let nodes = self.closure(targets);
        let mut parents = Vec::with_capacity(nodes.len());
        for &n in &nodes {
            if let Some(p) = self.decisive(n) {
                parents.push(p);
            }
        }
        let mut leaves: Vec<Lit> = targets.to_vec();
        leaves.extend(nodes.iter().copied().filter(|n| !targets.contains(n) && !parents.contains(n)));
        let chains = leaves
            .iter()
            .map(|&leaf| {
                let mut path = vec![leaf];
                while let Some(p) = self.decisive(*path.last().expect("non-empty")) {
                    path.push(p);
                }
                path.reverse();
                let premises = path
                    .iter()
                    .map(|&l| {
                        let mut all = Vec::new();
                        self.premises(l, |p| all.push(p));
                        // Why in derivation order: the decisive premise, the one the strand
                        // comes from, is then last, as it was the last to complete the reason.
                        all.sort_by_key(|&p| self.order(p));
                        all.into_iter().map(|p| self.node(p)).collect()
                    })
                    .collect();
                Chain { nodes: path.iter().map(|&l| self.node(l)).collect(), links: vec![Link::Implies; path.len() - 1], rules: Vec::new(), premises, sets: Vec::new() }
            })
            .collect();
        let via = nodes.iter().find_map(|&n| {
            let p = self.premise(n);
            if p >= NESTED || p & 1 == 0 || n & 1 == 1 {
                return None;
            }
            let (a, b) = (self.cell_of(p), self.cell_of(n));
            let (d, e) = (self.digit_of(p), self.digit_of(n));
            if a == b {
                None
            } else if d == e && self.layout.sees(a, b) {
                self.layout.relation(a, b).1
            } else {
                // Not sight: a constraint's link (see `spread_links`).
                self.layout.constraint_between(a, d, b, e).map(|c| c.rule())
            }
        });
        let nested = nodes.iter().copied().filter(|&n| (NESTED..CELL_SINGLE).contains(&self.premise(n))).collect();
        (chains, via, nested)
    }

    /// The chain node of a literal.
    pub(super) fn node(&self, l: Lit) -> Node {
        Node { cells: vec![self.cell_of(l)], digit: self.digit_of(l), on: l & 1 == 1 }
    }
}

/// The literal for `digit` in `cell`, on or off.
pub(super) fn lit(cell: CellId, digit: Digit, on: bool) -> Lit {
    (cell as Lit) << 5 | (digit as Lit - 1) << 1 | on as Lit
}
