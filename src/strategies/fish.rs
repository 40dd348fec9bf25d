//! Fish: basic fish (X-Wing, Swordfish, Jellyfish), finned and sashimi fish of those sizes,
//! and the Franken and Mutant fish that mix boxes into the base and cover sets (guides
//! `strategies/<id>.md`).
//!
//! A fish for one digit has `n` base sets and `n` cover sets. The base sets share no
//! candidate of the digit, so each places the digit once, in `n` different cells. The base
//! candidates inside the cover sets are the body; the ones outside are the fins.
//!
//! - Basic fish: base rows and cover columns (or the other way round), no fins. Each cover
//!   line takes the digit exactly once, from the body, so the rest of it loses the digit.
//! - Finned fish: a basic fish plus fins, all in one box. Either a fin holds the digit or
//!   the basic fish stands, so a cell loses the digit when it sees every fin and would lose
//!   it to the basic fish: the cover-line cells of the fins' box outside the base lines.
//! - Sashimi fish: a finned fish in which some base line keeps a single body cell; without
//!   its fins that line would be a hidden single, not part of a fish. The test that tells
//!   them apart: **finned** when every base line has at least two body cells, **sashimi**
//!   when at least one has exactly one. Every base line and every cover line keeps at least
//!   one body cell in both (otherwise the fish would be degenerate: a pointing pattern or an
//!   impossible position), and every base line has at least two candidates in all.
//! - Franken fish: base sets from rows and boxes with cover sets from columns and boxes (or
//!   columns and boxes against rows and boxes), with at least one box somewhere. Fins may
//!   lie anywhere, at most [`FRANKEN_FINS`] of them, as long as some candidate outside the
//!   fish sees them all.
//! - Mutant fish: any other mix of rows, columns and boxes, at most [`MUTANT_FINS`] fins.
//!
//! Why the fish holds when no fin is true: the `n` base placements are distinct body cells
//! (the base sets share no candidate), each in at least one cover set, and each cover set
//! holds the digit once. Counting gives that every cover set holds exactly one of them and
//! none lies in two cover sets. So, for a candidate that sees every fin (whether a fin or the
//! fish is true, it is not the digit):
//! - basic, finned and sashimi fish: a candidate outside the fish loses the digit when it
//!   sees every body cell of one cover line. The rest of a cover line always does; a cell
//!   that shares a box with all of a cover line's body cells does too, and with variant rules
//!   a knight's or king's move counts as seeing (the removal names the rule);
//! - Franken and Mutant fish: a candidate outside the fish loses the digit when it lies in a
//!   cover set, as they are usually defined;
//! - cannibalism: a body cell in two cover sets (only Franken and Mutant cover sets overlap)
//!   loses the digit, since no base placement lies in two cover sets.
//!
//! Search order (shortest proof first): each line fish technique has its own size; Franken
//! and Mutant fish try size 2, then 3, then 4. Within a size, fewest fins first; ties go to
//! base rows before base columns (for Franken fish: rows and boxes before columns and boxes),
//! then the lower digit, then (for finned and sashimi fish) the fins' box, then the base sets
//! in order (rows, columns, boxes). Eliminations are listed by cell.
//!
//! Speed: the solver runs every strategy after each step, so the searches work on bit masks
//! (`u32` per line, `u128` over a digit's candidates), and every fish search keeps what it
//! found for each digit until that digit's candidates change (see [`memo`](super::memo): a
//! step changes only a few digits). One walk finds the finned and sashimi fish of every
//! size, which the six techniques share. Franken and Mutant fish are still the slowest fish,
//! and off by default. On 16x16 grids a digit with more than 128 candidates is not searched
//! for Franken or Mutant fish.

use super::memo::{DigitMemo, PositionTable};
use super::{Finds, caches, choose_within, ones};
use crate::deduction::{Deduction, Elimination, Pattern};
use std::cell::RefCell;
use std::rc::Rc;

use crate::grid::{Candidates, CellSet, Digit, Grid, MAX_SIZE};
use crate::layout::kind_bits::{BOX, COL, ROW, kind_bit};
use crate::layout::{CellId, HouseId, Layout};

/// What the fish techniques remember between calls, in their field of the per-thread home
/// ([`caches`](super::caches)).
#[derive(Default)]
pub(super) struct Cache {
    /// What the basic fish searches of each size (2 to [`MAX_N`]) found per digit, base rows
    /// and base columns (see [`memo`](super::memo)).
    basic: [RefCell<DigitMemo<[Option<Fish>; 2]>>; MAX_N - 1],
    /// What the finned search found per digit, base rows and base columns (see
    /// [`memo`](super::memo)). The six finned and sashimi techniques share it: one search
    /// finds all of them.
    finned: RefCell<DigitMemo<[FinnedFound; 2]>>,
    /// The line masks of the last position (see [`LineMasks::shared`]): the fish
    /// techniques run one after another on one position.
    masks: RefCell<PositionTable<LineMasks>>,
    /// What the Franken search found per digit (see [`memo`](super::memo)), each size
    /// filled in when first asked for.
    franken: RefCell<DigitMemo<DigitFound>>,
    /// What the Mutant search found per digit, as for Franken fish.
    mutant: RefCell<DigitMemo<DigitFound>>,
}

techniques! {
    family: Fish;
    X_WING = "x-wing", "X-Wing", 32, |g, f| basic_fish(g, 2, ids::X_WING, f);
    SWORDFISH = "swordfish", "Swordfish", 38, |g, f| basic_fish(g, 3, ids::SWORDFISH, f);
    FINNED_X_WING = "finned-x-wing", "Finned X-Wing", 40, |g, f| finned_fish(g, 2, Fins::Finned, ids::FINNED_X_WING, f);
    SASHIMI_X_WING = "sashimi-x-wing", "Sashimi X-Wing", 41, |g, f| finned_fish(g, 2, Fins::Sashimi, ids::SASHIMI_X_WING, f);
    FINNED_SWORDFISH = "finned-swordfish", "Finned Swordfish", 43, |g, f| finned_fish(g, 3, Fins::Finned, ids::FINNED_SWORDFISH, f);
    SASHIMI_SWORDFISH = "sashimi-swordfish", "Sashimi Swordfish", 44, |g, f| finned_fish(g, 3, Fins::Sashimi, ids::SASHIMI_SWORDFISH, f);
    JELLYFISH = "jellyfish", "Jellyfish", 52, |g, f| basic_fish(g, 4, ids::JELLYFISH, f);
    FINNED_JELLYFISH = "finned-jellyfish", "Finned Jellyfish", 55, |g, f| finned_fish(g, 4, Fins::Finned, ids::FINNED_JELLYFISH, f);
    SASHIMI_JELLYFISH = "sashimi-jellyfish", "Sashimi Jellyfish", 56, |g, f| finned_fish(g, 4, Fins::Sashimi, ids::SASHIMI_JELLYFISH, f);
    FRANKEN_FISH = "franken-fish", "Franken Fish", 62, |g, f| franken_fish(g, f), [off_by_default];
    MUTANT_FISH = "mutant-fish", "Mutant Fish", 70, |g, f| mutant_fish(g, f), [off_by_default];
}

/// The largest fish deduku looks for (a Jellyfish).
const MAX_N: usize = 4;

/// The most fins a Franken fish may have.
const FRANKEN_FINS: usize = 2;

/// The most fins a Mutant fish may have (fewer than a Franken fish: the search is wider).
const MUTANT_FINS: usize = 1;

/// A fish of size 2 to 4 whose base sets are rows and boxes and whose cover sets are
/// columns and boxes (or columns and boxes against rows and boxes), with up to
/// [`FRANKEN_FINS`] fins.
fn franken_fish(grid: &Grid, finds: &mut Finds) {
    let kinds = [(ROW | BOX, COL | BOX), (COL | BOX, ROW | BOX)];
    caches::with(|c| set_fish(grid, &c.fish.franken, &kinds, is_franken, FRANKEN_FINS, ids::FRANKEN_FISH, finds));
}

/// A fish of size 2 to 4 with any other mix of rows, columns and boxes, with up to
/// [`MUTANT_FINS`] fins.
fn mutant_fish(grid: &Grid, finds: &mut Finds) {
    let kinds = [(ROW | COL | BOX, ROW | COL | BOX)];
    caches::with(|c| set_fish(grid, &c.fish.mutant, &kinds, is_mutant, MUTANT_FINS, ids::MUTANT_FISH, finds));
}

/// A basic fish of size `n` (2 to 4): `n` base lines in which a digit's candidates all lie
/// in `n` cross lines (the cover). Each base line takes the digit once, inside the cover, so
/// the cover lines are filled from the base lines and lose the digit everywhere else.
///
/// Every instance: base rows before base columns, then by digit, then the base lines in
/// lexicographic order. The memo keeps each digit's first; every one is asked for the
/// digits again.
pub fn basic_fish(grid: &Grid, n: usize, technique: &'static str, finds: &mut Finds) {
    assert!((2..=MAX_N).contains(&n), "fish of size 2 to {MAX_N}");
    let first = caches::with(|c| {
        let mut memo = c.fish.basic[n - 2].borrow_mut();
        let mut masks = None;
        let found = memo.by_digit(grid, |digit| {
            let mut first = [None; 2];
            basic_fish_of(grid, masks.get_or_insert_with(|| LineMasks::shared(grid)), n, digit, &mut |o, fish| {
                first[o as usize].get_or_insert(fish);
                true
            });
            first
        });
        let mut first = [Orientation::Rows, Orientation::Columns].into_iter().flat_map(|o| found.iter().filter_map(move |f| f[o as usize]));
        first.next()
    });
    let Some(first) = first.and_then(|fish| fish.deduction(grid, technique)) else { return };
    if finds.add(first) {
        return;
    }
    let masks = LineMasks::shared(grid);
    let mut fishes = [Vec::new(), Vec::new()];
    for digit in 1..=grid.layout().size() as Digit {
        basic_fish_of(grid, &masks, n, digit, &mut |o, fish| {
            fishes[o as usize].push(fish);
            false
        });
    }
    // Why: the first is offered again here, and taken once.
    let _ = finds.add_all(fishes.iter().flatten().filter_map(|fish| fish.deduction(grid, technique)));
}

/// Calls `visit` with each basic fish of size `n` for `digit` that removes something, with
/// base rows, then with base columns, each in lexicographic order of the base lines; an
/// orientation's walk stops when `visit` returns true.
fn basic_fish_of(grid: &Grid, all_masks: &LineMasks, n: usize, digit: Digit, visit: &mut impl FnMut(Orientation, Fish) -> bool) {
    let layout = grid.layout();
    let size = layout.size();
    for orientation in [Orientation::Rows, Orientation::Columns] {
        let masks = all_masks.get(orientation, digit);
        // Why: a line with 2..=n candidates may be a base; one is a single, more can't fit.
        let mut items = [(0, 0); MAX_SIZE];
        let mut count = 0;
        for (line, &mask) in masks[..size].iter().enumerate() {
            if (2..=n as u32).contains(&mask.count_ones()) {
                items[count] = (line, mask);
                count += 1;
            }
        }
        choose_within(&items[..count], n, n, u32::MAX, &mut |lines, cover| {
            if cover.count_ones() as usize != n {
                return false;
            }
            let fish = orientation.fish(layout, digit, masks, lines, cover);
            !fish.eliminations(grid).is_empty() && visit(orientation, fish)
        });
    }
}

/// Finned fish (every base line keeps two body cells) or sashimi fish (some base line keeps
/// one), as an index into [`FinnedFound`].
#[derive(Clone, Copy, PartialEq, Eq)]
enum Fins {
    Finned = 0,
    Sashimi = 1,
}

/// The best finned and sashimi fish of each size (indexed by size, then [`Fins`]), with
/// their fin counts.
type FinnedFound = [[Option<(u32, Fish)>; 2]; MAX_N + 1];

/// The finned or sashimi fish of size `n`, the one the search prefers first: fewest fins,
/// then base rows before base columns, then the lower digit, then the search order of
/// [`finned_of`]. Every instance: the rest by fins, then in the order of that walk. The
/// memo keeps each digit's preferred fish; every one is asked for the digits again.
fn finned_fish(grid: &Grid, n: usize, want: Fins, technique: &'static str, finds: &mut Finds) {
    let best = caches::with(|c| {
        let mut memo = c.fish.finned.borrow_mut();
        let mut masks = None;
        let found = memo.by_digit(grid, |digit| finned_of(grid, masks.get_or_insert_with(|| LineMasks::shared(grid)), digit, None));
        let mut best: Option<(u32, Fish)> = None;
        for orientation in [Orientation::Rows, Orientation::Columns] {
            for per_digit in found.iter() {
                if let Some((fins, fish)) = per_digit[orientation as usize][n][want as usize] {
                    if best.is_none_or(|(f, _)| fins < f) {
                        best = Some((fins, fish));
                    }
                }
            }
        }
        best
    });
    let Some(first) = best.and_then(|(_, fish)| fish.deduction(grid, technique)) else { return };
    if finds.add(first) {
        return;
    }
    let masks = LineMasks::shared(grid);
    let mut every = Vec::new();
    for digit in 1..=grid.layout().size() as Digit {
        finned_of(grid, &masks, digit, Some(&mut every));
    }
    let mut every: Vec<(u32, Fish)> = every.into_iter().filter(|f| (f.0, f.1) == (n, want)).map(|f| (f.2, f.3)).collect();
    every.sort_by_key(|&(fins, _)| fins);
    // Why: the first is offered again here, and taken once.
    let _ = finds.add_all(every.into_iter().filter_map(|(_, fish)| fish.deduction(grid, technique)));
}

/// A finned or sashimi fish found by the walk of [`finned_of`]: its size, kind, fin count.
type AnyFinned = (usize, Fins, u32, Fish);

/// Finds the preferred finned and sashimi fish of every size for `digit`, with base rows and
/// with base columns, fins in one box: fewest fins, then by box, then by base lines. With
/// `every`, also pushes there every finned and sashimi fish that removes something.
///
/// For each box, the base lines crossing it may keep candidates in the box's cross lines
/// outside the cover (the fins); everything else must fit in the cover lines. So the part of
/// each base line outside those cross lines fixes most of the cover, and the remaining cover
/// lines are chosen among the box's cross lines. One walk through the choices of base lines
/// serves every size: a choice of `k` lines is a candidate fish of size `k`.
fn finned_of(grid: &Grid, all_masks: &LineMasks, digit: Digit, mut every: Option<&mut Vec<AnyFinned>>) -> [FinnedFound; 2] {
    let layout = grid.layout();
    let size = layout.size();
    let max_n = MAX_N.min(size / 2);
    let classic = layout.is_classic();
    let mut found: [FinnedFound; 2] = [[[None; 2]; MAX_N + 1]; 2];
    for orientation in [Orientation::Rows, Orientation::Columns] {
        let masks = all_masks.get(orientation, digit);
        // The lines with two or more candidates, and those with at most `max_n` of them.
        let (mut eligible, mut small) = (0u32, 0u32);
        for (line, &mask) in masks[..size].iter().enumerate() {
            if mask & mask.wrapping_sub(1) != 0 {
                eligible |= 1 << line;
                if ones(mask) <= max_n {
                    small |= 1 << line;
                }
            }
        }
        if ones(eligible) < 2 {
            continue;
        }
        let mut search = FinBox {
            grid,
            digit,
            orientation,
            masks,
            classic,
            b: 0,
            lines_in_box: 0,
            span: 0,
            best: &mut found[orientation as usize],
            keys: [[(0, 0); 2]; MAX_N + 1],
            every: every.as_deref_mut(),
        };
        for b in 0..size {
            (search.b, (search.lines_in_box, search.span)) = (b, orientation.box_span(layout, b));
            search.in_box(eligible, small, max_n);
        }
    }
    found
}

/// The finned search of one digit and orientation, at one fin box at a time.
struct FinBox<'a> {
    grid: &'a Grid,
    digit: Digit,
    orientation: Orientation,
    /// The digit's places in each base line.
    masks: &'a [u32; MAX_SIZE],
    /// Whether the rules are classic (no variant sight: removals lie in the fin box).
    classic: bool,
    /// The fin box, the base lines crossing it (bits over lines) and the cross lines it
    /// spans (bits over places).
    b: usize,
    lines_in_box: u32,
    span: u32,
    /// The best fish so far per size and kind of fins, with its fin count.
    best: &'a mut FinnedFound,
    /// The fin box and base lines (as bits) of each fish in `best`.
    keys: [[(usize, u32); 2]; MAX_N + 1],
    /// Where every fish that removes something goes, when every one is asked for.
    every: Option<&'a mut Vec<AnyFinned>>,
}

impl FinBox<'_> {
    /// Every choice of base lines with fins in this box: `eligible` lines have two or more
    /// places, `small` ones at most `max_n`.
    fn in_box(&mut self, eligible: u32, small: u32, max_n: usize) {
        let (masks, span) = (self.masks, self.span);
        // The lines crossing the box with candidates in it, and where those lie.
        let (mut boxed, mut cross) = (0u32, 0u32);
        let mut bits = self.lines_in_box;
        while bits != 0 {
            let line = bits.trailing_zeros() as usize;
            bits &= bits - 1;
            if masks[line] & span != 0 {
                boxed |= 1 << line;
                cross |= masks[line] & span;
            }
        }
        // Why: without variant sight the removals lie in the fins' box, on a line
        // that is not a base line and in a cover line, which no fin is in: the box
        // needs candidates in two lines each way.
        if boxed & eligible == 0 || (self.classic && (ones(boxed) < 2 || ones(cross) < 2)) {
            return;
        }
        // The lines crossing the box whose part outside it fits in a cover.
        let mut finny_lines = 0u32;
        let mut bits = boxed & eligible;
        while bits != 0 {
            let line = bits.trailing_zeros() as usize;
            bits &= bits - 1;
            if ones(masks[line] & !span) <= max_n {
                finny_lines |= 1 << line;
            }
        }
        if finny_lines == 0 {
            return;
        }
        // Each candidate base line with its part outside the box's cross lines (the
        // whole line if it does not cross the box): that part must be covered. The
        // lines that may hold fins come first, then the others, each in line order.
        // Why: every fish needs a fin line, so the walk stops once it has passed them
        // without choosing one; the order of the choices it visits is no longer the
        // order of their lines, which the comparison of `chosen` in `cover` restores.
        let mut items = [(0, 0); MAX_SIZE];
        let mut count = 0;
        let mut bits = finny_lines;
        while bits != 0 {
            let line = bits.trailing_zeros() as usize;
            bits &= bits - 1;
            items[count] = (line, masks[line] & !span);
            count += 1;
        }
        // The items that may hold fins, as bits over item indices.
        let finny = (1u32 << count) - 1;
        let mut bits = small & !finny_lines;
        while bits != 0 {
            let line = bits.trailing_zeros() as usize;
            bits &= bits - 1;
            items[count] = (line, masks[line]);
            count += 1;
        }
        choose_within(&items[..count], 2, max_n, finny, &mut |picked, outside| {
            self.lines(picked, outside);
            false
        });
    }

    /// The base lines `picked`, whose places outside the box's cross lines are `outside`:
    /// every cover that holds those places and some of the box's.
    fn lines(&mut self, picked: &[usize], outside: u32) {
        let (masks, span) = (self.masks, self.span);
        let n = picked.len();
        let chosen = picked.iter().fold(0u32, |acc, &l| acc | (1 << l));
        // The base lines in line order, as the search order wants them.
        let mut sorted = [0usize; MAX_N];
        let mut bits = chosen;
        for slot in sorted[..n].iter_mut() {
            *slot = bits.trailing_zeros() as usize;
            bits &= bits - 1;
        }
        let lines = &sorted[..n];
        // The cross lines where the box has candidates on lines that are not base
        // lines: without variant sight the removals are there.
        let mut targets = if self.classic { 0 } else { u32::MAX };
        let mut free = self.lines_in_box & !chosen;
        while free != 0 {
            targets |= masks[free.trailing_zeros() as usize] & span;
            free &= free - 1;
        }
        // The base candidates inside the box, which become body or fins.
        let inside = lines.iter().fold(0, |acc, &l| acc | (masks[l] & span));
        let missing = n - ones(outside);
        let extra = inside & !outside;
        if targets == 0 || inside == 0 || ones(extra) < missing {
            return;
        }
        // Why: the cover must hold the outside parts; the missing cover lines are
        // picked among the box's lines that hold base candidates (a cover line
        // without body would make the fish degenerate). No cover meets the targets
        // unless these lines do; with no line missing only the empty pick fits.
        if targets & (outside | extra) == 0 {
            return;
        }
        let mut sub = if missing == 0 { 0 } else { extra };
        loop {
            let cover = outside | sub;
            if ones(sub) == missing && targets & cover != 0 {
                self.cover(lines, chosen, cover);
            }
            if sub == 0 {
                break;
            }
            sub = (sub - 1) & extra;
        }
    }

    /// The fish of base `lines` (`chosen` as bits) and `cover` lines: kept when it has fins,
    /// removes something and beats the best of its size and kind.
    #[inline]
    fn cover(&mut self, lines: &[usize], chosen: u32, cover: u32) {
        let n = lines.len();
        let (mut fins, mut thin, mut empty) = (0, false, false);
        for &l in lines {
            fins += ones(self.masks[l] & !cover) as u32;
            let body = ones(self.masks[l] & cover);
            thin |= body == 1;
            empty |= body == 0;
        }
        let kind = if thin { Fins::Sashimi } else { Fins::Finned };
        if let Some(every) = self.every.as_deref_mut() {
            if fins > 0 && !empty {
                let fish = self.orientation.fish(self.grid.layout(), self.digit, self.masks, lines, cover);
                if !fish.eliminations(self.grid).is_empty() {
                    every.push((n, kind, fins, fish));
                }
            }
        }
        let kind = kind as usize;
        // Why: within this box the choices come out of line order, so a tie in fins goes
        // to the earlier choice of lines (the one holding the lowest line where they
        // differ), as a walk in line order would have found it first; the first cover
        // found for these lines stays.
        let better = match self.best[n][kind] {
            None => true,
            Some((f, _)) => {
                let (key_box, key_lines) = self.keys[n][kind];
                let differ = key_lines ^ chosen;
                fins < f || (fins == f && key_box == self.b && chosen & differ & differ.wrapping_neg() != 0)
            }
        };
        if fins > 0 && !empty && better {
            let fish = self.orientation.fish(self.grid.layout(), self.digit, self.masks, lines, cover);
            if !fish.eliminations(self.grid).is_empty() {
                self.best[n][kind] = Some((fins, fish));
                self.keys[n][kind] = (self.b, chosen);
            }
        }
    }
}

/// For each digit, where it can go in each row (bits over columns) and in each column (bits
/// over rows): the i-th cell of a row lies in the i-th column, and the other way round.
#[derive(Clone)]
struct LineMasks {
    rows: [[u32; MAX_SIZE]; MAX_SIZE],
    cols: [[u32; MAX_SIZE]; MAX_SIZE],
}


impl LineMasks {
    /// The line masks of `grid`, worked out once per position (per thread): the basic fish
    /// of each size and the finned search build them on the same positions. Between
    /// positions only the digits whose cells changed are worked out again.
    fn shared(grid: &Grid) -> Rc<LineMasks> {
        let size = grid.layout().size();
        let set_digits = |masks: &mut LineMasks, digits: u32| {
            // Why per digit: a digit's masks depend on its cells only.
            for d in (0..size).filter(|d| digits >> d & 1 != 0) {
                masks.set_digit(size, d, grid.digit_cells(d as Digit + 1));
            }
        };
        caches::with(|c| {
            let build = || {
                let mut fresh = LineMasks { rows: [[0; MAX_SIZE]; MAX_SIZE], cols: [[0; MAX_SIZE]; MAX_SIZE] };
                set_digits(&mut fresh, (1 << size) - 1);
                fresh
            };
            c.fish.masks.borrow_mut().get(grid, build, set_digits)
        })
    }

    /// Works out the masks of the digit with index `d` from the cells holding it.
    fn set_digit(&mut self, size: usize, d: usize, cells: &CellSet) {
        let (rows, cols) = (&mut self.rows[d], &mut self.cols[d]);
        *rows = [0; MAX_SIZE];
        *cols = [0; MAX_SIZE];
        for cell in cells.iter() {
            let (row, col) = (cell / size, cell % size);
            rows[row] |= 1 << col;
            cols[col] |= 1 << row;
        }
    }

    /// The masks of the base lines of `orientation` for `digit`.
    fn get(&self, orientation: Orientation, digit: Digit) -> &[u32; MAX_SIZE] {
        match orientation {
            Orientation::Rows => &self.rows[digit as usize - 1],
            Orientation::Columns => &self.cols[digit as usize - 1],
        }
    }
}

/// Rows as base lines with columns as cover, or the other way round.
#[derive(Clone, Copy)]
enum Orientation {
    Rows,
    Columns,
}

impl Orientation {
    fn base_house(self, layout: &Layout, line: usize) -> HouseId {
        match self {
            Orientation::Rows => layout.row_house(line),
            Orientation::Columns => layout.col_house(line),
        }
    }

    fn cover_house(self, layout: &Layout, line: usize) -> HouseId {
        match self {
            Orientation::Rows => layout.col_house(line),
            Orientation::Columns => layout.row_house(line),
        }
    }

    /// The base lines that cross box `b`, and the cross lines it spans, as masks. For an
    /// irregular region, the lines it has cells in: the fins then lie where those lines
    /// cross, not always in the region, which costs nothing in soundness since a removal
    /// must see every fin whatever their place.
    fn box_span(self, layout: &Layout, b: usize) -> (u32, u32) {
        let (rows, cols) = layout.box_lines(b);
        match self {
            Orientation::Rows => (rows, cols),
            Orientation::Columns => (cols, rows),
        }
    }

    /// The fish with these base lines and this cover mask: the base candidates in the cover
    /// are the body, the others the fins.
    fn fish(self, layout: &Layout, digit: Digit, masks: &[u32; MAX_SIZE], lines: &[usize], cover: u32) -> Fish {
        let mut fish = Fish { digit, by_sight: true, ..Fish::default() };
        for &line in lines {
            fish.base[fish.n] = self.base_house(layout, line);
            fish.n += 1;
            let mut bits = masks[line];
            while bits != 0 {
                let i = bits.trailing_zeros() as usize;
                bits &= bits - 1;
                let cell = match self {
                    Orientation::Rows => layout.cell(line, i),
                    Orientation::Columns => layout.cell(i, line),
                };
                if cover & (1 << i) != 0 { fish.body.insert(cell) } else { fish.fins.insert(cell) }
            }
        }
        let mut bits = cover;
        let mut k = 0;
        while bits != 0 {
            fish.cover[k] = self.cover_house(layout, bits.trailing_zeros() as usize);
            k += 1;
            bits &= bits - 1;
        }
        fish
    }
}

/// A fish found: `n` base sets, `n` cover sets, its body and its fins.
#[derive(Clone, Copy, Default)]
struct Fish {
    digit: Digit,
    n: usize,
    base: [HouseId; MAX_N],
    cover: [HouseId; MAX_N],
    body: CellSet,
    fins: CellSet,
    /// How a cell outside the fish loses the digit: by seeing the whole body of a cover
    /// set (basic, finned and sashimi fish), or by lying in a cover set (Franken and
    /// Mutant fish).
    by_sight: bool,
}

impl Fish {
    /// The deduction this fish proves, if it removes anything.
    fn deduction(&self, grid: &Grid, technique: &'static str) -> Option<Deduction> {
        let eliminations = self.eliminations(grid);
        if eliminations.is_empty() {
            return None;
        }
        let mut base = self.base[..self.n].to_vec();
        let mut cover = self.cover[..self.n].to_vec();
        base.sort_unstable();
        cover.sort_unstable();
        let pattern = Pattern {
            digits: Candidates::single(self.digit),
            cells: self.body.iter().collect(),
            base,
            cover,
            fins: self.fins.iter().collect(),
            ..Pattern::default()
        };
        Some(Deduction::elimination(technique, eliminations, pattern))
    }

    /// What the fish removes (see the module doc): candidates that see every fin and either
    /// lie outside the fish and see the whole body of a cover set (or, for Franken and Mutant
    /// fish, lie in a cover set), or are body cells in two cover sets. Each names the variant
    /// rule it needs, if any.
    fn eliminations(&self, grid: &Grid) -> Vec<Elimination> {
        let layout = grid.layout();
        let cands = grid.digit_cells(self.digit);
        let covers = &self.cover[..self.n];
        let mut bodies = [CellSet::new(); MAX_N];
        for (k, &h) in covers.iter().enumerate() {
            bodies[k] = layout.house_set(h).intersection(&self.body);
        }
        // The cells that may lose the digit: those seeing every fin (any cell if there are
        // none), among those seeing a whole cover body (or in a cover set) and the body
        // cells in two cover sets.
        let mut reach = CellSet::new();
        let mut twice = CellSet::new();
        for (k, body) in bodies[..self.n].iter().enumerate() {
            let more = if self.by_sight { layout.common_peers(body.iter()) } else { *layout.house_set(covers[k]) };
            reach = reach.union(&more);
            for other in &bodies[k + 1..self.n] {
                twice = twice.union(&body.intersection(other));
            }
        }
        // Why: a body cell in one cover set may hold the digit; it goes only when it lies in
        // two (cannibalism).
        reach = reach.difference(&self.body).difference(&self.fins).union(&twice).intersection(cands);
        if !self.fins.is_empty() {
            reach = reach.intersection(&layout.common_peers(self.fins.iter()));
        }
        let mut out = Vec::new();
        for cell in reach.iter() {
            let via = if twice.contains(cell) || !self.by_sight {
                // Why: with no fin true every cover set holds the digit once, in a body cell
                // that lies in no other cover set; a fin true is seen. Either way, not here.
                Some(layout.rule_needed(cell, self.fins.iter()))
            } else {
                // A cover whose whole body the cell sees, preferring one that needs no rule.
                let peers = layout.peer_set(cell);
                let mut best = None;
                for body in bodies[..self.n].iter().filter(|b| b.difference(peers).is_empty()) {
                    let rule = layout.rule_needed(cell, self.fins.iter().chain(body.iter()));
                    if best.is_none() || rule.is_none() {
                        best = Some(rule);
                    }
                    if rule.is_none() {
                        break;
                    }
                }
                best
            };
            if let Some(via) = via {
                out.push(Elimination { cell, digit: self.digit, via });
            }
        }
        out
    }
}


/// Rows against columns only.
fn is_basic(base: u8, cover: u8) -> bool {
    (base == ROW && cover == COL) || (base == COL && cover == ROW)
}

/// Rows and boxes against columns and boxes (either way round), with a box somewhere.
fn is_franken(base: u8, cover: u8) -> bool {
    let rows_way = base & COL == 0 && cover & ROW == 0;
    let cols_way = base & ROW == 0 && cover & COL == 0;
    (rows_way || cols_way) && (base | cover) & BOX != 0
}

/// Any other mix: rows and columns in one side, or the same kind of line on both sides.
fn is_mutant(base: u8, cover: u8) -> bool {
    !is_basic(base, cover) && !is_franken(base, cover)
}

/// What the Franken or Mutant search found for one digit: for each size, the preferred fish
/// of each pass of kinds, with its fin count.
type DigitFound = [[Option<(usize, Fish)>; 2]; MAX_N + 1];

/// The search for Franken and Mutant fish: for each size, each pass of allowed base and
/// cover kinds in `kinds` (at most two) and each digit, base sets are chosen among the
/// houses, then cover sets and fins for their candidates. `accept` says whether the kinds
/// used make the fish this technique. Per size, the fish with fewest fins wins, then the
/// earlier pass, then the lower digit.
fn set_fish(
    grid: &Grid,
    memo: &RefCell<DigitMemo<DigitFound>>,
    kinds: &[(u8, u8)],
    accept: fn(u8, u8) -> bool,
    max_fins: usize,
    technique: &'static str,
    finds: &mut Finds,
) {
    let layout = grid.layout();
    let size = layout.size();
    let houses = layout.houses().len();
    // Why: house sets are bits of a u64.
    if houses > 64 {
        return;
    }
    let mut search = SetSearch {
        grid,
        layout,
        digit: 0,
        n: 0,
        base_kinds: 0,
        cover_kinds: 0,
        may_cover: 0,
        accept,
        cells: Vec::with_capacity(128),
        options: Vec::with_capacity(128),
        peers: vec![0; 128],
        peers_known: 0,
        single: 0,
        house_cands: vec![0; houses],
        eligible: Vec::with_capacity(houses),
        base: [0; MAX_N],
        cover: [0; MAX_N],
        is_base: 0,
        max_fins: 0,
        best: None,
        every: None,
    };
    let mut memo = memo.borrow_mut();
    let found = memo.by_digit(grid, |digit| {
        let mut found: DigitFound = [[None; 2]; MAX_N + 1];
        for (n, per_size) in found.iter_mut().enumerate().take(MAX_N.min(size / 2) + 1).skip(2) {
            for (p, &(base_kinds, cover_kinds)) in kinds.iter().enumerate() {
                search.base_kinds = base_kinds;
                search.cover_kinds = cover_kinds;
                search.max_fins = max_fins;
                search.best = None;
                if search.prepare(digit, n) {
                    search.bases(0, 0, 0, (0, 0));
                }
                per_size[p] = search.best.take();
            }
        }
        found
    });
    for n in 2..=MAX_N.min(size / 2) {
        let mut best: Option<(usize, Fish)> = None;
        for p in 0..kinds.len() {
            for per_digit in found.iter() {
                if let Some((fins, fish)) = per_digit[n][p] {
                    if best.is_none_or(|(f, _)| fins < f) {
                        best = Some((fins, fish));
                    }
                }
            }
        }
        if let Some((_, fish)) = best {
            let first = fish.deduction(grid, technique);
            if first.is_none_or(|first| finds.add(first)) {
                return;
            }
            break;
        }
        if n == MAX_N.min(size / 2) {
            // Why: the search is exhaustive, so no fish of any size means none at all.
            return;
        }
    }
    drop(memo);
    // Every instance: by size, then fins, then kinds, digit and the walk's order.
    search.every = Some(Vec::new());
    for n in 2..=MAX_N.min(size / 2) {
        for &(base_kinds, cover_kinds) in kinds {
            for digit in 1..=size as Digit {
                search.base_kinds = base_kinds;
                search.cover_kinds = cover_kinds;
                search.max_fins = max_fins;
                if search.prepare(digit, n) {
                    search.bases(0, 0, 0, (0, 0));
                }
            }
        }
        let mut every = search.every.replace(Vec::new()).unwrap_or_default();
        every.sort_by_key(|&(fins, _)| fins);
        // Why: the first is offered again here, and taken once.
        if finds.add_all(every.into_iter().filter_map(|(_, fish)| fish.deduction(grid, technique))) {
            return;
        }
    }
}

/// Bits of a `u128` from lowest to highest.
fn bits128(mut set: u128) -> impl Iterator<Item = usize> {
    std::iter::from_fn(move || {
        (set != 0).then(|| {
            let bit = set.trailing_zeros() as usize;
            set &= set - 1;
            bit
        })
    })
}

/// The state of one Franken or Mutant search. The digit's candidates are numbered
/// `0..cells.len()` (at most 128) so that sets of them are `u128` masks.
struct SetSearch<'a> {
    grid: &'a Grid,
    layout: &'a Layout,
    digit: Digit,
    n: usize,
    base_kinds: u8,
    cover_kinds: u8,
    /// The houses of an allowed cover kind, as bits over house ids.
    may_cover: u64,
    accept: fn(u8, u8) -> bool,
    /// The candidate cells, by number.
    cells: Vec<CellId>,
    /// The houses of an allowed cover kind each candidate lies in, as bits over house ids.
    options: Vec<u64>,
    /// Each candidate's candidate peers, once worked out (`peers_known`).
    peers: Vec<u128>,
    peers_known: u128,
    /// The base candidates with at most one house left to cover them.
    single: u128,
    /// Each house's candidates.
    house_cands: Vec<u128>,
    /// The houses that may be base sets, in house order.
    eligible: Vec<HouseId>,
    base: [HouseId; MAX_N],
    cover: [HouseId; MAX_N],
    /// The base sets chosen so far, as bits over house ids.
    is_base: u64,
    /// The most fins a fish may still have to beat the best one found.
    max_fins: usize,
    best: Option<(usize, Fish)>,
    /// Where every fish that removes something goes, when every one is asked for (then
    /// `best` stays empty and fins are not tightened).
    every: Option<Vec<(usize, Fish)>>,
}

impl SetSearch<'_> {
    /// Numbers the digit's candidates and finds each house's. False when the digit has
    /// more than 128 candidates (possible on 16x16 grids only), which are not searched.
    fn prepare(&mut self, digit: Digit, n: usize) -> bool {
        let layout = self.layout;
        self.digit = digit;
        self.n = n;
        self.is_base = 0;
        self.cells.clear();
        self.options.clear();
        self.peers_known = 0;
        self.eligible.clear();
        self.house_cands.iter_mut().for_each(|m| *m = 0);
        self.may_cover = 0;
        for (h, house) in layout.houses().iter().enumerate() {
            if self.cover_kinds & kind_bit(house.kind) != 0 {
                self.may_cover |= 1 << h;
            }
        }
        for cell in self.grid.digit_cells(digit).iter() {
            let i = self.cells.len();
            if i == 128 {
                return false;
            }
            self.cells.push(cell);
            let mut houses = 0;
            for &h in layout.houses_of(cell) {
                houses |= 1 << h;
                self.house_cands[h] |= 1 << i;
            }
            self.options.push(houses & self.may_cover);
        }
        for (h, house) in layout.houses().iter().enumerate() {
            // Why: a house with one candidate is a hidden single, not part of a fish.
            if self.base_kinds & kind_bit(house.kind) != 0 && self.house_cands[h].count_ones() >= 2 {
                self.eligible.push(h);
            }
        }
        true
    }

    /// A lower bound on the cover sets plus fins that the base candidates `cells` need,
    /// extending a matching (`used` houses, `count` edges) found for other base candidates.
    ///
    /// Each base candidate lies in one base set, so at most two houses may cover it: it is
    /// an edge between them (or a forced house, or a forced fin). Edges sharing no house
    /// need one cover set or fin each, so any matching counts; a greedy one is taken,
    /// forced houses (`single`) first. Why extending is right: a later base set shares no
    /// candidate with earlier ones, so it is no option of theirs and their edges stay
    /// disjoint.
    fn matching(&self, cells: u128, single: u128, mut used: u64, mut count: usize) -> (u64, usize) {
        for part in [cells & single, cells & !single] {
            for i in bits128(part) {
                let options = self.options[i] & !self.is_base;
                if options & used == 0 {
                    used |= options;
                    count += 1;
                }
            }
        }
        (used, count)
    }

    /// The candidates with at most one house left to cover them, among `cells`.
    fn singles(&self, cells: u128) -> u128 {
        bits128(cells).fold(0, |acc, i| {
            let options = self.options[i] & !self.is_base;
            if options & options.wrapping_sub(1) == 0 { acc | (1 << i) } else { acc }
        })
    }

    /// The candidates that see candidate `i`.
    fn peers_of(&mut self, i: usize) -> u128 {
        if self.peers_known & (1 << i) == 0 {
            let seen = self.layout.peer_set(self.cells[i]);
            self.peers[i] = self.cells.iter().enumerate().filter(|&(_, &c)| seen.contains(c)).fold(0, |acc, (j, _)| acc | (1 << j));
            self.peers_known |= 1 << i;
        }
        self.peers[i]
    }

    /// Chooses base set number `depth` from `eligible[start..]`, sharing no candidate with
    /// `union` (the candidates of the base sets chosen so far, whose matching is `matched`).
    fn bases(&mut self, start: usize, depth: usize, union: u128, matched: (u64, usize)) {
        for i in start..self.eligible.len() {
            if self.eligible.len() - i < self.n - depth || self.best.as_ref().is_some_and(|(f, _)| *f == 0) {
                return;
            }
            let h = self.eligible[i];
            let cands = self.house_cands[h];
            if cands & union != 0 {
                continue;
            }
            let next = union | cands;
            self.base[depth] = h;
            self.is_base |= 1 << h;
            let (used, count) = self.matching(cands, self.singles(cands), matched.0, matched.1);
            if count <= self.n + self.max_fins {
                if depth + 1 < self.n {
                    self.bases(i + 1, depth + 1, next, (used, count));
                } else if self.bases_may_fit() {
                    self.single = self.singles(next);
                    self.covers(next, next, 0, 0, 0);
                }
            }
            self.is_base &= !(1 << h);
        }
    }

    /// Whether the chosen base kinds can still make an accepted fish with some cover kinds.
    fn bases_may_fit(&self) -> bool {
        let base = self.kinds(&self.base[..self.n]);
        // Why: lines of one kind can only be covered by the other kind of line or boxes, so
        // a cover set of the same kind would hold no body.
        let possible = match base {
            ROW => self.cover_kinds & !ROW,
            COL => self.cover_kinds & !COL,
            _ => self.cover_kinds,
        };
        (1..8u8).any(|cover| cover & !possible == 0 && (self.accept)(base, cover))
    }

    fn kinds(&self, houses: &[HouseId]) -> u8 {
        houses.iter().fold(0, |acc, &h| acc | kind_bit(self.layout.house(h).kind))
    }

    /// Covers the base candidates `uncovered` (of all base candidates `all`) with cover
    /// sets (`k` chosen so far) or fins, branching on one uncovered candidate (the first
    /// with a single house left, else the first): one of its houses covers it, or it is a
    /// fin. `reach` holds the candidates that see every fin.
    fn covers(&mut self, all: u128, uncovered: u128, k: usize, fins: u128, reach: u128) {
        let nfins = fins.count_ones() as usize;
        if nfins > self.max_fins {
            return;
        }
        if uncovered == 0 {
            if k == self.n {
                self.evaluate(all, fins, reach);
            }
            return;
        }
        let free = self.max_fins - nfins;
        if self.matching(uncovered, self.single, 0, 0).1 > self.n - k + free {
            return;
        }
        // Why: a candidate with one house left to cover it branches least.
        let forced = uncovered & self.single;
        let i = if forced != 0 { forced.trailing_zeros() } else { uncovered.trailing_zeros() } as usize;
        if k < self.n {
            let mut options = self.options[i] & !self.is_base;
            while options != 0 {
                let h = options.trailing_zeros() as usize;
                options &= options - 1;
                self.cover[k] = h;
                self.covers(all, uncovered & !self.house_cands[h], k + 1, fins, reach);
            }
        }
        if free > 0 {
            let peers = self.peers_of(i);
            let reach = if fins == 0 { peers } else { reach & peers };
            // Why: the removals lie outside the fish and see every fin, so fins without
            // such a common peer can remove nothing.
            if reach & !all != 0 {
                self.covers(all, uncovered & !(1 << i), k, fins | (1 << i), reach);
            }
        }
    }

    /// Checks a complete fish with these fins (seen by `reach`) and keeps it if it removes
    /// something and beats the best so far.
    fn evaluate(&mut self, all: u128, fins: u128, reach: u128) {
        let n = self.n;
        let body = all & !fins;
        // The cover candidates outside the fish, and the body cells in two cover sets.
        let (mut covered, mut once, mut twice) = (0u128, 0u128, 0u128);
        for &h in &self.cover[..n] {
            let part = self.house_cands[h];
            covered |= part;
            twice |= once & part & body;
            once |= part & body;
        }
        let removed = ((covered & !all) | twice) & if fins == 0 { u128::MAX } else { reach };
        // Why: every base and cover set keeps a body cell, or the fish is degenerate.
        let all_have_body = |houses: &[HouseId]| houses.iter().all(|&h| self.house_cands[h] & body != 0);
        if removed == 0
            || !(self.accept)(self.kinds(&self.base[..n]), self.kinds(&self.cover[..n]))
            || !all_have_body(&self.base[..n])
            || !all_have_body(&self.cover[..n])
        {
            return;
        }
        let to_set = |mask: u128| -> CellSet { bits128(mask).map(|i| self.cells[i]).collect() };
        let fish =
            Fish { digit: self.digit, n, base: self.base, cover: self.cover, body: to_set(body), fins: to_set(fins), by_sight: false };
        let count = fins.count_ones() as usize;
        if let Some(every) = &mut self.every {
            every.push((count, fish));
            return;
        }
        self.best = Some((count, fish));
        // Why: a later fish must have fewer fins to win.
        self.max_fins = count.saturating_sub(1);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::Arc;
    use crate::strategies::test_support::{position, run};
    use crate::strategies::test_support::by_id;

    by_id!(x_wing = X_WING, swordfish = SWORDFISH, jellyfish = JELLYFISH, finned_x_wing = FINNED_X_WING, sashimi_x_wing = SASHIMI_X_WING, finned_swordfish = FINNED_SWORDFISH, sashimi_swordfish = SASHIMI_SWORDFISH, finned_jellyfish = FINNED_JELLYFISH, sashimi_jellyfish = SASHIMI_JELLYFISH, franken_fish = FRANKEN_FISH, mutant_fish = MUTANT_FISH);
    use crate::formats::parse_candidate_line;
    use crate::render::text;
    use crate::rules::{Rule, Rules};

    fn classic() -> Rules {
        Rules::classic()
    }

    /// The removals of `digit` from every cell of `cols` (1-based) in rows other than `rows`.
    fn column_removals(cols: &[usize], rows: &[usize], digit: Digit) -> String {
        let mut cells: Vec<(usize, usize)> =
            (1..=9).filter(|r| !rows.contains(r)).flat_map(|r| cols.iter().map(move |&c| (r, c))).collect();
        cells.sort();
        cells.iter().map(|(r, c)| format!("r{r}c{c}<>{digit}")).collect::<Vec<_>>().join(", ")
    }

    #[test]
    fn x_wing_clears_both_columns() {
        let grid = position(classic(), 6, &[("r6", &[3, 5]), ("r9", &[3, 5])]);
        let (effect, sentence) = run(grid, x_wing).expect("fires");
        assert_eq!(effect, column_removals(&[3, 5], &[6, 9], 6));
        assert_eq!(sentence, format!("X-Wing: 6 in r6,r9 / c3,c5 => {effect}"));
    }

    #[test]
    fn swordfish_clears_three_columns() {
        let grid = position(classic(), 4, &[("r1", &[2, 5]), ("r5", &[5, 8]), ("r9", &[2, 8])]);
        let (effect, sentence) = run(grid, swordfish).expect("fires");
        assert_eq!(effect, column_removals(&[2, 5, 8], &[1, 5, 9], 4));
        assert_eq!(sentence, format!("Swordfish: 4 in r1,r5,r9 / c2,c5,c8 => {effect}"));
        // The same rows are no X-Wing: no two of them share both columns.
        let grid = position(classic(), 4, &[("r1", &[2, 5]), ("r5", &[5, 8]), ("r9", &[2, 8])]);
        assert!(run(grid, x_wing).is_none());
    }

    #[test]
    fn swordfish_needs_every_row_inside_the_three_columns() {
        let grid = position(classic(), 4, &[("r1", &[2, 5]), ("r5", &[5, 8]), ("r9", &[2, 8, 9])]);
        assert!(run(grid, swordfish).is_none());
    }

    #[test]
    fn jellyfish_in_columns_clears_four_rows() {
        let keep: [(&str, &[usize]); 4] = [("c2", &[1, 9]), ("c4", &[4, 6]), ("c7", &[6, 9]), ("c9", &[1, 4])];
        let (effect, sentence) = run(position(classic(), 8, &keep), jellyfish).expect("fires");
        let mut cells: Vec<(usize, usize)> =
            [1, 4, 6, 9].iter().flat_map(|&r| (1..=9).filter(|c| ![2, 4, 7, 9].contains(c)).map(move |c| (r, c))).collect();
        cells.sort();
        let expected: Vec<String> = cells.iter().map(|(r, c)| format!("r{r}c{c}<>8")).collect();
        assert_eq!(effect, expected.join(", "));
        assert_eq!(sentence, format!("Jellyfish: 8 in c2,c4,c7,c9 / r1,r4,r6,r9 => {effect}"));
        // Near miss: a fifth row in one of the columns.
        let keep: [(&str, &[usize]); 4] = [("c2", &[1, 9]), ("c4", &[4, 6]), ("c7", &[6, 9]), ("c9", &[1, 2, 4])];
        assert!(run(position(classic(), 8, &keep), jellyfish).is_none());
    }

    #[test]
    fn finned_x_wing_removes_inside_the_fin_box() {
        let grid = position(classic(), 4, &[("r2", &[3, 8]), ("r7", &[3, 8, 9])]);
        let (effect, sentence) = run(grid, finned_x_wing).expect("fires");
        assert_eq!(effect, "r8c8<>4, r9c8<>4");
        assert_eq!(sentence, "Finned X-Wing: 4 in r2,r7 / c3,c8 fin r7c9 => r8c8<>4, r9c8<>4");
        // It is no sashimi: both rows keep two cells in the cover.
        let grid = position(classic(), 4, &[("r2", &[3, 8]), ("r7", &[3, 8, 9])]);
        assert!(run(grid, sashimi_x_wing).is_none());
    }

    #[test]
    fn finned_x_wing_fins_must_share_a_box() {
        let grid = position(classic(), 4, &[("r2", &[3, 8]), ("r7", &[3, 5, 8, 9])]);
        assert!(run(grid.clone(), finned_x_wing).is_none());
        assert!(run(grid, sashimi_x_wing).is_none());
    }

    #[test]
    fn finned_x_wing_reaches_further_with_variant_sight() {
        // Anti-king: r6c8 touches the fin r7c9 and lies in the cover column c8.
        let grid = position(classic().with(Rule::AntiKing), 4, &[("r2", &[3, 8]), ("r7", &[3, 8, 9])]);
        let (effect, _) = run(grid, finned_x_wing).expect("fires");
        assert_eq!(effect, "r6c8<>4 (anti-king), r8c8<>4, r9c8<>4");
    }

    #[test]
    fn sashimi_x_wing_misses_a_corner() {
        // r7 has no 4 at r7c8: with the fin r7c9 removed it would be a hidden single.
        let grid = position(classic(), 4, &[("r2", &[3, 8]), ("r7", &[3, 9]), ("b3", &[4, 5, 6])]);
        let (effect, sentence) = run(grid, sashimi_x_wing).expect("fires");
        assert_eq!(effect, "r8c8<>4, r9c8<>4");
        assert_eq!(sentence, "Sashimi X-Wing: 4 in r2,r7 / c3,c8 fin r7c9 => r8c8<>4, r9c8<>4");
        let grid = position(classic(), 4, &[("r2", &[3, 8]), ("r7", &[3, 9]), ("b3", &[4, 5, 6])]);
        assert!(run(grid, finned_x_wing).is_none());
    }

    #[test]
    fn finned_swordfish_and_its_sashimi_twin() {
        let keep: [(&str, &[usize]); 3] = [("r1", &[2, 5]), ("r4", &[5, 8, 9]), ("r8", &[2, 8])];
        let (effect, sentence) = run(position(classic(), 5, &keep), finned_swordfish).expect("fires");
        assert_eq!(effect, "r5c8<>5, r6c8<>5");
        assert_eq!(sentence, "Finned Swordfish: 5 in r1,r4,r8 / c2,c5,c8 fin r4c9 => r5c8<>5, r6c8<>5");
        assert!(run(position(classic(), 5, &keep), sashimi_swordfish).is_none());
        // Row 4 keeps only r4c5 in the cover: sashimi.
        let keep: [(&str, &[usize]); 3] = [("r1", &[2, 8]), ("r4", &[5, 9]), ("r8", &[2, 5, 8])];
        let (effect, sentence) = run(position(classic(), 5, &keep), sashimi_swordfish).expect("fires");
        assert_eq!(effect, "r5c8<>5, r6c8<>5");
        assert_eq!(sentence, "Sashimi Swordfish: 5 in r1,r4,r8 / c2,c5,c8 fin r4c9 => r5c8<>5, r6c8<>5");
        assert!(run(position(classic(), 5, &keep), finned_swordfish).is_none());
    }

    #[test]
    fn finned_and_sashimi_jellyfish() {
        let keep: [(&str, &[usize]); 4] = [("c1", &[1, 4]), ("c3", &[4, 7]), ("c5", &[7, 9]), ("c8", &[1, 9, 8])];
        let (effect, sentence) = run(position(classic(), 2, &keep), finned_jellyfish).expect("fires");
        assert_eq!(effect, "r7c7<>2, r7c9<>2, r9c7<>2, r9c9<>2");
        assert_eq!(sentence, format!("Finned Jellyfish: 2 in c1,c3,c5,c8 / r1,r4,r7,r9 fin r8c8 => {effect}"));
        // Column 8 keeps only r1c8 in the cover: sashimi.
        let keep: [(&str, &[usize]); 4] = [("c1", &[1, 4, 9]), ("c3", &[4, 7]), ("c5", &[7, 9]), ("c8", &[1, 8])];
        let (effect, sentence) = run(position(classic(), 2, &keep), sashimi_jellyfish).expect("fires");
        assert_eq!(effect, "r7c7<>2, r7c9<>2, r9c7<>2, r9c9<>2");
        assert_eq!(sentence, format!("Sashimi Jellyfish: 2 in c1,c3,c5,c8 / r1,r4,r7,r9 fin r8c8 => {effect}"));
        assert!(run(position(classic(), 2, &keep), finned_jellyfish).is_none());
    }

    #[test]
    fn franken_fish_with_a_box_for_a_base() {
        // Row 2 and box 5 put their 3s in columns 4 and 6.
        let keep: [(&str, &[usize]); 2] = [("r2", &[4, 6]), ("b5", &[1, 6])];
        let (effect, sentence) = run(position(classic(), 3, &keep), franken_fish).expect("fires");
        assert_eq!(effect, column_removals(&[4, 6], &[2, 4, 5, 6], 3));
        assert_eq!(sentence, format!("Franken Fish: 3 in r2,b5 / c4,c6 => {effect}"));
        // Near miss: a third place in row 2 outside both columns.
        let keep: [(&str, &[usize]); 2] = [("r2", &[1, 4, 6]), ("b5", &[1, 6])];
        assert!(run(position(classic(), 3, &keep), franken_fish).is_none());
    }

    #[test]
    fn franken_cannibalism_removes_a_body_cell_in_two_covers() {
        // Row 4 puts its 7 in box 6 and box 9 puts its 7 in column 8: r4c8 would give
        // column 8 two 7s.
        let keep: [(&str, &[usize]); 4] = [("r4", &[7, 8, 9]), ("b9", &[2, 8]), ("b6", &[1, 2, 3]), ("c8", &[4, 7, 9])];
        let (effect, sentence) = run(position(classic(), 7, &keep), franken_fish).expect("fires");
        assert_eq!(effect, "r4c8<>7");
        assert_eq!(sentence, "Franken Fish: 7 in r4,b9 / c8,b6 => r4c8<>7");
    }

    #[test]
    fn mutant_fish_mixes_rows_and_columns() {
        // Row 2 and column 8 put their 9s in boxes 3 and 6.
        let keep: [(&str, &[usize]); 2] = [("r2", &[7, 9]), ("c8", &[1, 3, 5, 6])];
        let (effect, sentence) = run(position(classic(), 9, &keep), mutant_fish).expect("fires");
        assert_eq!(sentence, format!("Mutant Fish: 9 in r2,c8 / b3,b6 => {effect}"));
        assert_eq!(effect, "r1c7<>9, r1c9<>9, r3c7<>9, r3c9<>9, r4c7<>9, r4c9<>9, r5c7<>9, r5c9<>9, r6c7<>9, r6c9<>9");
        // Near miss: row 2 also has a 9 in box 2.
        let keep: [(&str, &[usize]); 2] = [("r2", &[4, 7, 9]), ("c8", &[1, 3, 5, 6])];
        assert!(run(position(classic(), 9, &keep), mutant_fish).is_none());
    }

    /// A `size`x`size` position (boxes `box_rows`x`box_cols`) with every candidate, except
    /// that `digit` is kept only in the listed columns (1-based) of the listed rows.
    fn small(size: usize, box_rows: usize, box_cols: usize, digit: Digit, rows: &[(usize, &[usize])]) -> Grid {
        let layout = Arc::new(Layout::new(size, box_rows, box_cols, classic()).unwrap());
        let tokens: Vec<String> = (0..size * size)
            .map(|cell| {
                let (r, c) = (cell / size + 1, cell % size + 1);
                let drop = rows.iter().any(|&(row, keep)| row == r && !keep.contains(&c));
                let all = Candidates::all(size);
                let set = if drop { all.difference(Candidates::single(digit)) } else { all };
                set.iter().map(|d| format!("{}", crate::formats::digit_char(d))).collect()
            })
            .collect();
        parse_candidate_line(&tokens.join(" "), layout).unwrap()
    }

    #[test]
    fn fish_on_a_6x6_grid() {
        let (effect, _) = run(small(6, 2, 3, 2, &[(1, &[2, 5]), (4, &[2, 5])]), x_wing).expect("fires");
        assert_eq!(effect, "r2c2<>2, r2c5<>2, r3c2<>2, r3c5<>2, r5c2<>2, r5c5<>2, r6c2<>2, r6c5<>2");
        // r4c6 is a fin in the box of rows 3-4 and columns 4-6.
        let (effect, sentence) = run(small(6, 2, 3, 2, &[(1, &[2, 5]), (4, &[2, 5, 6])]), finned_x_wing).expect("fires");
        assert_eq!(effect, "r3c5<>2");
        assert_eq!(sentence, "Finned X-Wing: 2 in r1,r4 / c2,c5 fin r4c6 => r3c5<>2");
    }

    #[test]
    fn nothing_fires_on_empty_grids_of_any_size() {
        for (size, box_rows, box_cols) in [(4, 2, 2), (6, 2, 3), (9, 3, 3), (16, 4, 4)] {
            let mut grid = small(size, box_rows, box_cols, 1, &[]);
            for t in TECHNIQUES {
                assert!(!(t.run)(&mut grid), "{} fired on an empty {size}x{size} grid", t.id);
            }
        }
    }

    #[test]
    fn remembered_searches_follow_the_position() {
        // The finned X-Wing fires; once applied, the same position holds nothing more, and a
        // fresh copy of the first position fires again.
        let first = position(classic(), 4, &[("r2", &[3, 8]), ("r7", &[3, 8, 9])]);
        let mut grid = first.clone();
        assert!(finned_x_wing(&mut grid));
        assert!(!finned_x_wing(&mut grid));
        assert!(run(first.clone(), finned_x_wing).is_some());
        let keep: [(&str, &[usize]); 2] = [("r2", &[4, 6]), ("b5", &[1, 6])];
        let mut grid = position(classic(), 3, &keep);
        assert!(franken_fish(&mut grid));
        // Why: a stale answer would repeat the first step, which no longer changes the grid.
        let first_effect = text::effect(grid.layout(), grid.journal().last().unwrap());
        if franken_fish(&mut grid) {
            assert_ne!(text::effect(grid.layout(), grid.journal().last().unwrap()), first_effect);
        }
        assert!(run(position(classic(), 3, &keep), franken_fish).is_some());
    }

    #[test]
    fn kinds_are_told_apart() {
        assert!(is_basic(ROW, COL) && is_basic(COL, ROW));
        assert!(is_franken(ROW | BOX, COL) && is_franken(BOX, ROW) && is_franken(ROW, COL | BOX));
        assert!(!is_franken(ROW, COL) && !is_franken(ROW | COL, BOX));
        assert!(is_mutant(ROW | COL, BOX) && is_mutant(ROW, ROW | BOX) && !is_mutant(ROW | BOX, COL | BOX));
    }
}
