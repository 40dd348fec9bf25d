//! Uniqueness: Unique Rectangles (types 1 to 6), Hidden Rectangle, Avoidable Rectangles
//! (types 1 and 2) and BUG+1 (guides `strategies/unique-rectangle-1.md` ... `bug-plus-1.md`).
//!
//! These techniques are sound only for a puzzle with exactly one solution: they rule out
//! anything that would leave the puzzle with two. The solver checks that up front before it
//! lets them run (`Solver::solve`).
//!
//! **Deadly pattern.** Four empty cells in exactly two rows, two columns and two boxes (a
//! rectangle) that end up holding only two digits a and b, a/b on one diagonal and b/a on the
//! other, can swap a and b: every row, column and box of the rectangle keeps one a and one b,
//! so the swapped grid is a second solution. As long as no corner is a given, the puzzle
//! cannot tell the two apart, so a unique puzzle never lets the rectangle end that way. The
//! argument needs the houses to be the only rules: under anti-knight or anti-king, swapping
//! may put two equal digits a knight's or king's move apart, so the swapped grid is not a
//! solution and nothing follows. Every strategy here therefore stays silent unless the
//! layout's rules are classic (and its houses are just rows, columns and boxes).
//!
//! **Forms covered.** A unique rectangle has all four corners empty, each holding both a and
//! b; the "extras" of a corner are its other candidates. The floor is the corners without
//! extras (they hold exactly a and b), the roof the corners with extras.
//!
//! - Type 1: one corner has extras; a and b leave it.
//! - Type 2: two corners on one side (sharing a row or column) have the same single extra x;
//!   one of them holds x, so x leaves every cell that sees both.
//! - Type 3: two corners on one side have extras X (at least two digits in all). One of them
//!   holds a digit of X, so the pair acts as one virtual cell with candidates X. If that
//!   virtual cell and 1 to 3 other cells of a house holding both roof cells (the line, or the
//!   box when they share one) have exactly as many digits as cells (a naked pair, triple or
//!   quad, counting the virtual cell as one), those digits leave the rest of the house.
//! - Type 4: two corners on one side have extras, and in a house holding both, a is only in
//!   those two cells (a conjugate pair). One of them is a, so neither may be b: b leaves both.
//! - Type 5: the same single extra x in two diagonal corners or in three corners; x leaves
//!   every cell that sees all of them.
//! - Type 6: two diagonal corners have extras (the other two hold exactly a and b), and in
//!   both rows (or both columns) of the rectangle a is only in the rectangle: a sits on one
//!   diagonal; on the roof diagonal it would make a deadly pattern, so a leaves both roof
//!   corners.
//! - Hidden Rectangle: a corner F holds exactly a and b; in the row and in the column of the
//!   opposite corner D, b is only in the rectangle. Then D is not a (it would force b into
//!   the two other corners and a into F).
//! - Avoidable Rectangle Type 1: three corners are filled by deduction, not given, with a on
//!   one and b on its two neighbours; the fourth, empty corner D cannot take a.
//! - Avoidable Rectangle Type 2: two corners are filled (not given), and each of the two
//!   empty corners holds exactly the digit that would complete the deadly pattern there and
//!   one extra x, the same in both: one of them holds x, so x leaves every cell seeing both.
//!   The filled corners may share a line (a and b) or sit on a diagonal (both a).
//! - BUG+1: every empty cell holds two candidates except one that holds three, and every
//!   digit appears as a candidate exactly twice (or not at all) in every house, except one
//!   digit d of the three-candidate cell, which appears three times in its row, column and
//!   box. Without d the position would have either no solution or several (swapping every
//!   cell to its other candidate gives another), so the cell is d.
//!
//! **Order.** Rectangles with fewest extra candidates first (then by their first corner);
//! within one, type 3 tries the line before the box and smaller subsets first; type 4 and
//! the hidden rectangle try the lower digit first, type 6 rows before columns. Avoidable
//! rectangles are searched by the digit of the filled corners, then by cell; type 2 tries
//! filled corners sharing a line before diagonal ones. The step is the first instance in
//! that order, and every instance comes in it: each rectangle with each way its type proves
//! something on it (each subset, house, digit or corner).

use std::cell::RefCell;

use super::memo::PositionTable;
use super::{Finds, caches, eliminate_seeing_all};
use crate::deduction::{CellGroup, Deduction, Elimination, Pattern};
use crate::grid::{BitIter, Candidates, Cell, CellSet, Digit, Grid, MAX_SIZE};
use crate::layout::{CellId, HouseId, HouseKind, Layout};

/// What the uniqueness techniques remember between calls, in their field of the
/// per-thread home ([`caches`](super::caches)).
#[derive(Default)]
pub(super) struct Cache {
    /// Every rectangle of the last position: the family's techniques run one after another
    /// on the same position, each wanting some of them.
    rectangles: RefCell<PositionTable<Vec<Rect>>>,
}

techniques! {
    family: Uniqueness;
    UNIQUE_RECTANGLE_1 = "unique-rectangle-1", "Unique Rectangle Type 1", 45, unique_rectangle_1, [uniqueness];
    UNIQUE_RECTANGLE_2 = "unique-rectangle-2", "Unique Rectangle Type 2", 46, unique_rectangle_2, [uniqueness];
    UNIQUE_RECTANGLE_3 = "unique-rectangle-3", "Unique Rectangle Type 3", 47, unique_rectangle_3, [uniqueness];
    UNIQUE_RECTANGLE_4 = "unique-rectangle-4", "Unique Rectangle Type 4", 46, unique_rectangle_4, [uniqueness];
    UNIQUE_RECTANGLE_5 = "unique-rectangle-5", "Unique Rectangle Type 5", 47, unique_rectangle_5, [uniqueness];
    UNIQUE_RECTANGLE_6 = "unique-rectangle-6", "Unique Rectangle Type 6", 48, unique_rectangle_6, [uniqueness];
    HIDDEN_RECTANGLE = "hidden-rectangle", "Hidden Rectangle", 48, hidden_rectangle, [uniqueness];
    AVOIDABLE_RECTANGLE_1 = "avoidable-rectangle-1", "Avoidable Rectangle Type 1", 47, avoidable_rectangle_1, [uniqueness];
    AVOIDABLE_RECTANGLE_2 = "avoidable-rectangle-2", "Avoidable Rectangle Type 2", 48, avoidable_rectangle_2, [uniqueness];
    BUG_PLUS_1 = "bug-plus-1", "BUG+1", 56, bug_plus_1, [uniqueness];
}

/// Three corners hold exactly a and b, the fourth more: a and b leave the fourth. Every
/// instance: each such rectangle.
fn unique_rectangle_1(grid: &Grid, finds: &mut Finds) {
    in_rectangles(grid, finds, |r| r.roof_mask().count_ones() == 1, ur_type_1);
}

/// Two corners on one side hold a, b and the same one extra x: x leaves the cells seeing both.
/// Every instance: each such rectangle.
fn unique_rectangle_2(grid: &Grid, finds: &mut Finds) {
    in_rectangles(grid, finds, |r| side_roof(r) && shared_extra(r, r.roof_mask()).is_some(), ur_type_2);
}

/// The extras of the two roof corners act as one cell in a naked subset of a shared house.
/// Every instance: each rectangle with each house and subset.
fn unique_rectangle_3(grid: &Grid, finds: &mut Finds) {
    in_rectangles(grid, finds, side_roof, ur_type_3);
}

/// One rectangle digit is a conjugate pair on the roof: the other digit leaves both roof cells.
/// Every instance: each rectangle with each shared house and digit.
fn unique_rectangle_4(grid: &Grid, finds: &mut Finds) {
    in_rectangles(grid, finds, side_roof, ur_type_4);
}

/// The same one extra x on two diagonal corners or on three: x leaves cells seeing all of them.
/// Every instance: each such rectangle.
fn unique_rectangle_5(grid: &Grid, finds: &mut Finds) {
    in_rectangles(
        grid,
        finds,
        |r| (diagonal_roof(r) || r.roof_mask().count_ones() == 3) && shared_extra(r, r.roof_mask()).is_some(),
        ur_type_5,
    );
}

/// A rectangle digit forms an X-Wing on the rectangle whose floor is a diagonal: it leaves
/// the roof diagonal. Every instance: each rectangle with each digit and pair of lines.
fn unique_rectangle_6(grid: &Grid, finds: &mut Finds) {
    in_rectangles(grid, finds, diagonal_roof, ur_type_6);
}

/// One corner holds exactly a and b, and b is a conjugate pair in both lines of the opposite
/// corner: a leaves the opposite corner. Every instance: each rectangle with each such
/// corner and digit.
fn hidden_rectangle(grid: &Grid, finds: &mut Finds) {
    in_rectangles(grid, finds, |_| true, hidden);
}

/// Whether a deadly pattern proves anything on this layout: only when the houses are just
/// the rows, columns and boxes and no variant rule applies, so that swapping two digits in a
/// rectangle keeps every rule. Why `is_classic` and not the rules alone: a layout built with
/// constraints (dots, XV) of its own carries them without listing their rules, and a swap can
/// break a dot.
fn deadly_patterns_apply(layout: &Layout) -> bool {
    let size = layout.size();
    layout.is_classic()
        && layout.houses().len() == 3 * size
        && [HouseKind::Row, HouseKind::Column, HouseKind::Box].into_iter().all(|kind| layout.houses_of_kind(kind).count() == size)
}

/// The four corners of the rectangle on rows `r0`, `r1` and columns `c0`, `c1`, in corner
/// order: top-left, top-right, bottom-left, bottom-right (ascending cell order).
fn corners(layout: &Layout, r0: usize, r1: usize, c0: usize, c1: usize) -> [CellId; 4] {
    let (top, bottom) = (r0.min(r1), r0.max(r1));
    let (left, right) = (c0.min(c1), c0.max(c1));
    [layout.cell(top, left), layout.cell(top, right), layout.cell(bottom, left), layout.cell(bottom, right)]
}

/// Corners `i` and `j` (0..4 in corner order) share a row or a column.
fn side(i: usize, j: usize) -> bool {
    i / 2 == j / 2 || i % 2 == j % 2
}

/// A possible deadly pattern: four empty corners each holding both digits, one of them (at
/// least) holding nothing else.
#[derive(Clone, Copy, Debug)]
struct Rect {
    /// Top-left, top-right, bottom-left, bottom-right.
    cells: [CellId; 4],
    /// The two rectangle digits.
    digits: Candidates,
    /// Each corner's candidates besides the two digits.
    extras: [Candidates; 4],
}

impl Rect {
    fn extra_count(&self) -> usize {
        self.extras.iter().map(|e| e.len()).sum()
    }

    /// The corners (0..4) with extras, as a bit mask.
    fn roof_mask(&self) -> u8 {
        (0..4).filter(|&i| !self.extras[i].is_empty()).fold(0, |m, i| m | 1 << i)
    }

    /// The corners with extras, ascending.
    fn roof(&self) -> Vec<CellId> {
        (0..4).filter(|&i| !self.extras[i].is_empty()).map(|i| self.cells[i]).collect()
    }

    fn pattern(&self) -> Pattern {
        Pattern { digits: self.digits, cells: self.cells.to_vec(), fins: self.roof(), ..Pattern::default() }
    }
}

/// Offers what `find` proves on each rectangle that `want` accepts (a cheap filter that keeps
/// the list short), in rectangle order: those with at least one corner holding exactly their
/// two digits, fewest extra candidates first, then by corners. `find` offers its instances on
/// one rectangle and returns whether to stop.
///
/// Why in place: the rectangles are listed once per position and every technique of the
/// family walks them; filtering them into a fresh list for each would allocate on each call.
fn in_rectangles(grid: &Grid, finds: &mut Finds, want: fn(&Rect) -> bool, find: fn(&Grid, &Rect, &mut Finds) -> bool) {
    if !deadly_patterns_apply(grid.layout()) {
        return;
    }
    // Why a table per position (see `PositionTable`): the rectangles depend on the empty
    // cells' candidates only, which each digit's cells tell, and they compare faster than
    // every cell. A changed position lists them all again.
    let all = caches::with(|c| c.uniqueness.rectangles.borrow_mut().get(grid, || all_rectangles(grid), |all, _| *all = all_rectangles(grid)));
    for r in all.iter().filter(|r| want(r)) {
        if find(grid, r, finds) {
            return;
        }
    }
}

/// Every rectangle with at least one corner holding exactly its two digits, fewest extra
/// candidates first, then by corners (a total order, so filtering keeps it).
fn all_rectangles(grid: &Grid) -> Vec<Rect> {
    let layout = grid.layout();
    let size = layout.size();
    let bands = Bands::of(layout);
    // Why a copy: the scans below read each cell's candidates many times; a flat array of
    // bits (0 for a filled cell) is the cheapest to read.
    let mut all = [0u16; MAX_SIZE * MAX_SIZE];
    let mut floors = [0u8; MAX_SIZE * MAX_SIZE];
    let mut n_floors = 0;
    for (cell, state) in grid.cells().iter().enumerate() {
        if let Cell::Unsolved(c) = *state {
            let ab = c.bits();
            all[cell] = ab;
            if is_pair(ab) {
                floors[n_floors] = cell as u8;
                n_floors += 1;
            }
        }
    }
    let bits = |x: CellId| all[x];
    let mut out = Vec::new();
    for &floor in &floors[..n_floors] {
        let floor = floor as CellId;
        let ab = all[floor];
        let digits = Candidates::from_bits(ab);
        let (row, col) = (floor / size, floor % size);
        // The other columns of the floor's row, and rows of its column, holding both digits.
        let across = (0..size).filter(|&c| c != col && bits(row * size + c) & ab == ab).fold(0u32, |m, c| m | 1 << c);
        if across == 0 {
            continue;
        }
        let down = (0..size).filter(|&r| r != row && bits(r * size + col) & ab == ab).fold(0u32, |m, r| m | 1 << r);
        for r in BitIter(u64::from(down)) {
            for c in BitIter(u64::from(across)) {
                // Why: two rows and two columns span one, two or four boxes; exactly two when
                // the rows share a band or the columns share a stack, but not both.
                if !bands.two_boxes(row, r, col, c) {
                    continue;
                }
                let d = r * size + c;
                if bits(d) & ab != ab {
                    continue;
                }
                let (p, q) = (row * size + c, r * size + col);
                // Why: a rectangle is found from each of its corners holding exactly a and b;
                // keep it once, from the first such corner.
                if [p, q, d].iter().any(|&x| x < floor && bits(x) == ab) {
                    continue;
                }
                let cells = corners(layout, row, r, col, c);
                let extras = cells.map(|x| Candidates::from_bits(bits(x) & !ab));
                out.push(Rect { cells, digits, extras });
            }
        }
    }
    if out.len() > 1 {
        out.sort_by_key(|r| (r.extra_count(), r.cells));
    }
    out
}

/// Whether a candidate mask holds exactly two digits (cheaper than a population count on
/// targets without one).
fn is_pair(bits: u16) -> bool {
    let rest = bits & bits.wrapping_sub(1);
    rest != 0 && rest & (rest - 1) == 0
}


/// Each row's band and each column's stack (the row and column of boxes they cross).
struct Bands {
    band: [u8; MAX_SIZE],
    stack: [u8; MAX_SIZE],
}

impl Bands {
    fn of(layout: &Layout) -> Bands {
        // Why each line its own band on irregular regions: no rectangle is then taken to lie
        // in two boxes. Deadly patterns are off there anyway (the rules are not classic).
        let (box_rows, box_cols) = layout.box_shape().unwrap_or((1, 1));
        let mut out = Bands { band: [0; MAX_SIZE], stack: [0; MAX_SIZE] };
        for i in 0..layout.size() {
            out.band[i] = (i / box_rows) as u8;
            out.stack[i] = (i / box_cols) as u8;
        }
        out
    }

    /// Whether the rectangle on rows `r0`, `r1` and columns `c0`, `c1` lies in exactly two boxes.
    fn two_boxes(&self, r0: usize, r1: usize, c0: usize, c1: usize) -> bool {
        (self.band[r0] == self.band[r1]) != (self.stack[c0] == self.stack[c1])
    }
}

/// Exactly two corners have extras, and they share a row or a column.
fn side_roof(r: &Rect) -> bool {
    two_corners(r.roof_mask()).is_some_and(|(i, j)| side(i, j))
}

/// Exactly two corners have extras, and they are diagonally opposite.
fn diagonal_roof(r: &Rect) -> bool {
    two_corners(r.roof_mask()).is_some_and(|(i, j)| !side(i, j))
}

/// The two corners of a roof given as a mask of exactly two corners.
fn two_corners(mask: u8) -> Option<(usize, usize)> {
    if mask.count_ones() != 2 {
        return None;
    }
    let i = mask.trailing_zeros() as usize;
    let j = (mask & (mask - 1)).trailing_zeros() as usize;
    Some((i, j))
}

/// Removals of `digits` from `cells`, by cell then digit.
fn remove(grid: &Grid, cells: &[CellId], digits: Candidates) -> Vec<Elimination> {
    cells
        .iter()
        .flat_map(|&cell| grid.candidates(cell).intersection(digits).iter().map(move |digit| Elimination { cell, digit, via: None }))
        .collect()
}

fn ur_type_1(grid: &Grid, r: &Rect, finds: &mut Finds) -> bool {
    let roof = r.roof_mask();
    if roof.count_ones() != 1 {
        return false;
    }
    // Why: the other three corners hold only a and b; if the fourth took a or b too, all four
    // would be a deadly pattern.
    let target = r.cells[roof.trailing_zeros() as usize];
    finds.add(Deduction::elimination(ids::UNIQUE_RECTANGLE_1, remove(grid, &[target], r.digits), r.pattern()))
}

/// The single extra digit shared by every roof corner, if each has exactly that one.
fn shared_extra(r: &Rect, roof: u8) -> Option<Digit> {
    let mut extra = None;
    for i in (0..4).filter(|&i| roof & (1 << i) != 0) {
        let x = r.extras[i].single_digit()?;
        if extra.is_some_and(|e| e != x) {
            return None;
        }
        extra = Some(x);
    }
    extra
}

/// Types 2 and 5: the roof corners share one single extra x, and one of them must hold it.
fn shared_extra_removal(grid: &Grid, r: &Rect, id: &'static str, finds: &mut Finds) -> bool {
    let Some(x) = shared_extra(r, r.roof_mask()) else { return false };
    let roof: CellSet = r.roof().into_iter().collect();
    let eliminations = eliminate_seeing_all(grid, &roof, x);
    !eliminations.is_empty() && finds.add(Deduction::elimination(id, eliminations, r.pattern()))
}

fn ur_type_2(grid: &Grid, r: &Rect, finds: &mut Finds) -> bool {
    two_corners(r.roof_mask()).is_some_and(|(i, j)| side(i, j)) && shared_extra_removal(grid, r, ids::UNIQUE_RECTANGLE_2, finds)
}

fn ur_type_5(grid: &Grid, r: &Rect, finds: &mut Finds) -> bool {
    let roof = r.roof_mask();
    let diagonal = two_corners(roof).is_some_and(|(i, j)| !side(i, j));
    (diagonal || roof.count_ones() == 3) && shared_extra_removal(grid, r, ids::UNIQUE_RECTANGLE_5, finds)
}

/// The houses holding both cells: the line, then the box if they share one.
fn shared_houses(layout: &Layout, a: CellId, b: CellId) -> impl Iterator<Item = HouseId> + '_ {
    layout.houses_of(a).iter().copied().filter(move |&h| layout.house_set(h).contains(b))
}

/// The largest naked subset type 3 looks for, counting the virtual cell.
const MAX_SUBSET: usize = 4;

fn ur_type_3(grid: &Grid, r: &Rect, finds: &mut Finds) -> bool {
    let layout = grid.layout();
    let Some((i, j)) = two_corners(r.roof_mask()).filter(|&(i, j)| side(i, j)) else { return false };
    let (ri, rj) = (r.cells[i], r.cells[j]);
    let virtual_digits = r.extras[i].union(r.extras[j]);
    // Why one extra digit is left out: then the roof holds it, which is type 2's deduction.
    if !(2..=MAX_SUBSET).contains(&virtual_digits.len()) {
        return false;
    }
    for house in shared_houses(layout, ri, rj) {
        // The empty cells of the house that could join the virtual cell in a subset.
        let mut pool = [(0, Candidates::EMPTY); MAX_SIZE];
        let mut n = 0;
        for &cell in &layout.house(house).cells {
            let c = grid.candidates(cell);
            if cell != ri && cell != rj && !c.is_empty() && c.union(virtual_digits).len() <= MAX_SUBSET {
                pool[n] = (cell, c);
                n += 1;
            }
        }
        for k in virtual_digits.len().max(2)..=MAX_SUBSET {
            let mut chosen = [0; MAX_SUBSET];
            let stop = subset(&pool[..n], 0, k - 1, virtual_digits, k, &mut chosen, 0, &mut |members: &[usize], digits| {
                let subset_cells: Vec<CellId> = members.iter().map(|&m| pool[m].0).collect();
                let mut others: Vec<CellId> =
                    layout.house(house).cells.iter().copied().filter(|c| *c != ri && *c != rj && !subset_cells.contains(c)).collect();
                others.sort_unstable();
                // Why: the subset cells and one roof corner (the one taking an extra digit)
                // are k cells holding k digits, so no other cell of the house may take them.
                let eliminations = remove(grid, &others, digits);
                if eliminations.is_empty() {
                    return false;
                }
                let real = subset_cells.iter().fold(Candidates::EMPTY, |acc, &c| acc.union(grid.candidates(c)));
                let pattern = Pattern {
                    base: vec![house],
                    sets: vec![CellGroup { cells: vec![ri, rj], digits: virtual_digits }, CellGroup { cells: subset_cells, digits: real }],
                    ..r.pattern()
                };
                finds.add(Deduction::elimination(ids::UNIQUE_RECTANGLE_3, eliminations, pattern))
            });
            if stop {
                return true;
            }
        }
    }
    false
}

/// Chooses `left` more members from `pool[start..]` so that with `digits` exactly `k` digits
/// are covered, and calls `visit` with each such choice (as indices into `pool`) until it
/// returns true; whether it did.
#[allow(clippy::too_many_arguments)]
fn subset(
    pool: &[(CellId, Candidates)],
    start: usize,
    left: usize,
    digits: Candidates,
    k: usize,
    chosen: &mut [usize; MAX_SUBSET],
    depth: usize,
    visit: &mut dyn FnMut(&[usize], Candidates) -> bool,
) -> bool {
    if left == 0 {
        return digits.len() == k && visit(&chosen[..depth], digits);
    }
    for m in start..pool.len() {
        let union = digits.union(pool[m].1);
        if union.len() > k {
            continue;
        }
        chosen[depth] = m;
        if subset(pool, m + 1, left - 1, union, k, chosen, depth + 1, visit) {
            return true;
        }
    }
    false
}

fn ur_type_4(grid: &Grid, r: &Rect, finds: &mut Finds) -> bool {
    let layout = grid.layout();
    let Some((i, j)) = two_corners(r.roof_mask()).filter(|&(i, j)| side(i, j)) else { return false };
    let (ri, rj) = (r.cells[i], r.cells[j]);
    for house in shared_houses(layout, ri, rj) {
        for strong in r.digits.iter() {
            let places = grid.house_digit_cells(house, strong);
            if places.len() == 2 {
                // Why: one roof corner holds `strong`; if the other took the second digit, the
                // floor would complete a deadly pattern. So neither may take it.
                let other = r.digits.difference(Candidates::single(strong));
                let pattern = Pattern { base: vec![house], ..r.pattern() };
                if finds.add(Deduction::elimination(ids::UNIQUE_RECTANGLE_4, remove(grid, &[ri, rj], other), pattern)) {
                    return true;
                }
            }
        }
    }
    false
}

fn ur_type_6(grid: &Grid, r: &Rect, finds: &mut Finds) -> bool {
    let layout = grid.layout();
    let Some((i, j)) = two_corners(r.roof_mask()).filter(|&(i, j)| !side(i, j)) else { return false };
    let rect: CellSet = r.cells.iter().copied().collect();
    let rows = [layout.row_house(layout.row(r.cells[0])), layout.row_house(layout.row(r.cells[3]))];
    let cols = [layout.col_house(layout.col(r.cells[0])), layout.col_house(layout.col(r.cells[3]))];
    for digit in r.digits.iter() {
        for lines in [rows, cols] {
            // Why: in two lines the digit fits only the rectangle, so it takes one diagonal.
            // On the roof diagonal it would leave the floor corners the other digit: deadly.
            if lines.iter().all(|&h| grid.house_digit_cells(h, digit).difference(&rect).is_empty()) {
                let roof = [r.cells[i], r.cells[j]];
                let pattern = Pattern { base: lines.to_vec(), ..r.pattern() };
                if finds.add(Deduction::elimination(ids::UNIQUE_RECTANGLE_6, remove(grid, &roof, Candidates::single(digit)), pattern)) {
                    return true;
                }
            }
        }
    }
    false
}

fn hidden(grid: &Grid, r: &Rect, finds: &mut Finds) -> bool {
    let layout = grid.layout();
    let rect: CellSet = r.cells.iter().copied().collect();
    for f in (0..4).filter(|&f| r.extras[f].is_empty()) {
        let target = r.cells[3 - f];
        let row = layout.row_house(layout.row(target));
        let col = layout.col_house(layout.col(target));
        for strong in r.digits.iter() {
            // Why: if the target took the other digit, `strong` would go to the two corners
            // beside it (its only other places in those lines), and the bivalue corner would
            // be left the other digit: a deadly pattern.
            let only_rect = |h: HouseId| grid.house_digit_cells(h, strong).difference(&rect).is_empty();
            if only_rect(row) && only_rect(col) {
                let other = r.digits.difference(Candidates::single(strong));
                let pattern = Pattern { base: vec![row, col], ..r.pattern() };
                if finds.add(Deduction::elimination(ids::HIDDEN_RECTANGLE, remove(grid, &[target], other), pattern)) {
                    return true;
                }
            }
        }
    }
    false
}

/// The cells filled by deduction (not givens), per digit, each as (row, column), in cell order.
struct Filled {
    at: [[(u8, u8); MAX_SIZE]; MAX_SIZE],
    len: [u8; MAX_SIZE],
    count: usize,
}

impl Filled {
    fn of(grid: &Grid) -> Filled {
        let size = grid.layout().size();
        let mut out = Filled { at: [[(0, 0); MAX_SIZE]; MAX_SIZE], len: [0; MAX_SIZE], count: 0 };
        for r in 0..size {
            for c in 0..size {
                let cell = r * size + c;
                if let Cell::Solved(d) = grid.cell(cell)
                    && !grid.is_given(cell)
                {
                    let k = d as usize - 1;
                    out.at[k][out.len[k] as usize] = (r as u8, c as u8);
                    out.len[k] += 1;
                    out.count += 1;
                }
            }
        }
        out
    }

    /// The filled cells holding `digit`.
    fn of_digit(&self, digit: Digit) -> impl Iterator<Item = (usize, usize)> + '_ {
        let k = digit as usize - 1;
        self.at[k][..self.len[k] as usize].iter().map(|&(r, c)| (r as usize, c as usize))
    }

    /// Pairs of filled cells holding the same digit (necessarily in different rows and
    /// columns), with that digit: `(digit, (r0, c0), (r1, c1))`, by digit then cell order.
    fn pairs(&self, size: usize) -> impl Iterator<Item = (Digit, (usize, usize), (usize, usize))> + '_ {
        (1..=size as Digit)
            .flat_map(move |d| self.of_digit(d).enumerate().flat_map(move |(i, p)| self.of_digit(d).skip(i + 1).map(move |q| (d, p, q))))
    }
}

/// An avoidable rectangle's pattern: its corners, its digits, the filled corners grouped by
/// digit in `sets`, the empty corners with an extra digit in `fins`.
fn avoidable_pattern(grid: &Grid, cells: [CellId; 4], digits: Candidates, fins: Vec<CellId>) -> Pattern {
    let sets = digits
        .iter()
        .map(|d| CellGroup { cells: cells.iter().copied().filter(|&c| grid.digit(c) == Some(d)).collect(), digits: Candidates::single(d) })
        .filter(|g| !g.cells.is_empty())
        .collect();
    Pattern { digits, cells: cells.to_vec(), fins, sets, ..Pattern::default() }
}

/// Three corners filled by deduction would be completed into a deadly pattern by the fourth.
/// Every instance: each pair of filled corners on a diagonal with each filled third corner.
fn avoidable_rectangle_1(grid: &Grid, finds: &mut Finds) {
    let layout = grid.layout();
    if !deadly_patterns_apply(layout) {
        return;
    }
    let filled = Filled::of(grid);
    if filled.count < 3 {
        return;
    }
    let size = layout.size();
    let bands = Bands::of(layout);
    // Two corners holding b on a diagonal; the other two are x (in the first one's row) and y.
    for (b, (r0, c0), (r1, c1)) in filled.pairs(size) {
        if !bands.two_boxes(r0, r1, c0, c1) {
            continue;
        }
        let (x, y) = (r0 * size + c1, r1 * size + c0);
        for (filled_corner, empty) in [(x, y), (y, x)] {
            let Some(a) = grid.digit(filled_corner) else { continue };
            // Why: the three filled corners are no givens; the fourth taking a would complete
            // a rectangle the puzzle cannot tell from its a/b swap.
            if grid.is_given(filled_corner) || !grid.has_candidate(empty, a) {
                continue;
            }
            let cells = corners(layout, r0, r1, c0, c1);
            let digits = Candidates::single(a).union(Candidates::single(b));
            let eliminations = vec![Elimination { cell: empty, digit: a, via: None }];
            if finds.add(Deduction::elimination(ids::AVOIDABLE_RECTANGLE_1, eliminations, avoidable_pattern(grid, cells, digits, Vec::new()))) {
                return;
            }
        }
    }
}

/// Two corners filled by deduction; the two empty corners share one extra digit, one of them
/// must hold it. Every instance: each pair of empty corners (filled corners in line) and
/// each pair of filled corners on a diagonal with each digit the empty ones need.
fn avoidable_rectangle_2(grid: &Grid, finds: &mut Finds) {
    let layout = grid.layout();
    if !deadly_patterns_apply(layout) {
        return;
    }
    let filled = Filled::of(grid);
    if filled.count < 2 {
        return;
    }
    let size = layout.size();
    let bands = Bands::of(layout);
    let bivalue = |cell: CellId| grid.candidates(cell).len() == 2;
    let filled_with = |cell: CellId, digit: Digit| grid.digit(cell) == Some(digit) && !grid.is_given(cell);
    let deduction = |cells: [CellId; 4], digits: Candidates, empty: [CellId; 2], x: Digit| {
        let set: CellSet = empty.iter().copied().collect();
        // Why: the two empty corners hold their deadly digits or x; both without x would
        // complete the deadly pattern, so one of them is x.
        let eliminations = eliminate_seeing_all(grid, &set, x);
        let mut fins = empty.to_vec();
        fins.sort_unstable();
        (!eliminations.is_empty())
            .then(|| Deduction::elimination(ids::AVOIDABLE_RECTANGLE_2, eliminations, avoidable_pattern(grid, cells, digits, fins)))
    };
    // Filled corners on one side: the empty corners u and v share a line and hold {b, x} and
    // {a, x}; the filled corner in line with u holds a, the one in line with v holds b.
    for u in (0..layout.cell_count()).filter(|&u| bivalue(u)) {
        let (ru, cu) = (u / size, u % size);
        let partners = ((cu + 1)..size).map(|c| (ru, c)).chain(((ru + 1)..size).map(|r| (r, cu)));
        for (rv, cv) in partners {
            let v = rv * size + cv;
            if !bivalue(v) {
                continue;
            }
            let shared = grid.candidates(u).intersection(grid.candidates(v));
            let Some(x) = shared.single_digit() else { continue };
            let (Some(needs_u), Some(needs_v)) =
                (grid.candidates(u).difference(shared).single_digit(), grid.candidates(v).difference(shared).single_digit())
            else {
                continue;
            };
            // The filled corner in line with u (across the rectangle from it) holds what v needs.
            let in_row = ru == rv;
            let Some((ra, ca)) = filled.of_digit(needs_v).find(|&(r, c)| if in_row { c == cu } else { r == ru }) else { continue };
            let across_v = if in_row { ra * size + cv } else { rv * size + ca };
            let (r1, c1) = if in_row { (ra, cv) } else { (rv, ca) };
            if !filled_with(across_v, needs_u) || !bands.two_boxes(ru, r1, cu, c1) {
                continue;
            }
            let cells = corners(layout, ru, r1, cu, c1);
            let digits = Candidates::single(needs_u).union(Candidates::single(needs_v));
            if deduction(cells, digits, [u, v], x).is_some_and(|found| finds.add(found)) {
                return;
            }
        }
    }
    // Filled corners on a diagonal, both a: the two empty corners both need b and hold {b, x}.
    for (a, (r0, c0), (r1, c1)) in filled.pairs(size) {
        let (u, v) = (r0 * size + c1, r1 * size + c0);
        let pair = grid.candidates(u);
        if pair.len() != 2 || grid.candidates(v) != pair || !bands.two_boxes(r0, r1, c0, c1) {
            continue;
        }
        let cells = corners(layout, r0, r1, c0, c1);
        for b in pair.iter() {
            let Some(x) = pair.difference(Candidates::single(b)).single_digit() else { continue };
            let digits = Candidates::single(a).union(Candidates::single(b));
            if deduction(cells, digits, [u, v], x).is_some_and(|found| finds.add(found)) {
                return;
            }
        }
    }
}

/// Bivalue universal grave plus one: the one cell with three candidates takes the digit that
/// appears three times in its houses. There is at most one instance.
fn bug_plus_1(grid: &Grid, finds: &mut Finds) {
    let layout = grid.layout();
    if !deadly_patterns_apply(layout) {
        return;
    }
    let mut odd = None;
    for cell in 0..layout.cell_count() {
        if grid.digit(cell).is_some() {
            continue;
        }
        match grid.candidates(cell).len() {
            2 => {}
            3 if odd.is_none() => odd = Some(cell),
            _ => return,
        }
    }
    let Some(cell) = odd else { return };
    let row = layout.row_house(layout.row(cell));
    // The digit of the odd cell that its row holds three times.
    let mut triple = grid.candidates(cell).iter().filter(|&d| grid.house_digit_cells(row, d).len() == 3);
    let Some(digit) = triple.next() else { return };
    if triple.next().is_some() {
        return;
    }
    // Why: without `digit` in the odd cell, every digit would appear twice or not at all in
    // every house of a bivalue grid: such a grid has no solution or at least two (each cell
    // can switch to its other candidate), so a unique puzzle puts `digit` there.
    for house in 0..layout.houses().len() {
        let holds = layout.house_set(house).contains(cell);
        for d in 1..=layout.size() as Digit {
            let count = grid.house_digit_cells(house, d).len() - usize::from(holds && d == digit);
            if count != 0 && count != 2 {
                return;
            }
        }
    }
    let pattern = Pattern { digits: grid.candidates(cell), cells: vec![cell], base: layout.houses_of(cell).to_vec(), ..Pattern::default() };
    let _ = finds.add(Deduction::placement(ids::BUG_PLUS_1, cell, digit, pattern));
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::formats::parse_candidate_line;
    use crate::rules::Rules;
    use crate::strategies::Finder;
    use crate::strategies::test_support::{every, first, king, knight};
    use std::sync::Arc;

    /// A position on a `size`x`size` grid with `box_rows`x`box_cols` boxes where every cell
    /// is empty with every candidate, except the listed cells: `("r2c4", "137")` sets
    /// candidates, `("r1c1", "+3")` places a 3 found by deduction, `("r1c1", "3")` a given.
    fn position_on(size: usize, box_rows: usize, box_cols: usize, rules: Rules, cells: &[(&str, &str)]) -> Grid {
        let layout = Arc::new(Layout::new(size, box_rows, box_cols, rules).unwrap());
        let all: String = Candidates::all(size).iter().map(crate::formats::digit_char).collect();
        let mut tokens = vec![all; size * size];
        for &(name, token) in cells {
            let (r, c) = name[1..].split_once('c').unwrap();
            let (r, c): (usize, usize) = (r.parse().unwrap(), c.parse().unwrap());
            tokens[layout.cell(r - 1, c - 1)] = token.to_owned();
        }
        parse_candidate_line(&tokens.join(" "), layout).unwrap()
    }

    fn position(rules: Rules, cells: &[(&str, &str)]) -> Grid {
        position_on(9, 3, 3, rules, cells)
    }

    /// Asserts that `find` fires on `cells` in classic Sudoku with `effect` and `sentence`,
    /// and stays silent on the same cells under anti-knight and under anti-king.
    fn fires_only_in_classic(find: Finder, cells: &[(&str, &str)], effect: &str, sentence: &str) {
        let (e, s) = first(position(Rules::classic(), cells), find).expect("fires in classic Sudoku");
        assert_eq!(e, effect);
        assert_eq!(s, sentence);
        // Why: swapping the two digits may break a knight's or king's move rule, so the
        // rectangle is no deadly pattern there.
        assert_eq!(first(position(knight(), cells), find), None, "anti-knight");
        assert_eq!(first(position(king(), cells), find), None, "anti-king");
    }

    /// Rows 1 and 2, columns 1 and 4: two boxes.
    const FLOOR_TOP: [(&str, &str); 2] = [("r1c1", "37"), ("r1c4", "37")];

    /// `FLOOR_TOP` plus more cells.
    fn with(more: &[(&'static str, &'static str)]) -> Vec<(&'static str, &'static str)> {
        FLOOR_TOP.iter().chain(more).copied().collect()
    }

    #[test]
    fn type_1_removes_both_digits_from_the_one_corner_with_extras() {
        let cells = with(&[("r2c1", "37"), ("r2c4", "1357")]);
        fires_only_in_classic(
            unique_rectangle_1,
            &cells,
            "r2c4<>3, r2c4<>7",
            "Unique Rectangle Type 1: 3,7 in r1c1,r1c4,r2c1,r2c4 => r2c4<>3, r2c4<>7",
        );
        // Near misses: a second corner with extras; four boxes (rows 1 and 4).
        assert_eq!(first(position(Rules::classic(), &with(&[("r2c1", "357"), ("r2c4", "1357")])), unique_rectangle_1), None);
        let four_boxes = with(&[("r4c1", "37"), ("r4c4", "1357")]);
        assert_eq!(first(position(Rules::classic(), &four_boxes), unique_rectangle_1), None);
    }

    #[test]
    fn rectangles_with_fewer_extras_come_first() {
        // Two type 1 rectangles: r1c1/r1c4/r2c1/r2c4 with three extras at r2c4, and
        // r4c7/r4c8/r7c7/r7c8 with one at r7c8. The smaller proof wins.
        let cells = with(&[("r2c1", "37"), ("r2c4", "13579"), ("r4c7", "24"), ("r4c8", "24"), ("r7c7", "24"), ("r7c8", "124")]);
        let (effect, _) = first(position(Rules::classic(), &cells), unique_rectangle_1).expect("fires");
        assert_eq!(effect, "r7c8<>2, r7c8<>4");
    }

    #[test]
    fn rectangles_work_on_other_grid_sizes() {
        // 6x6 with 2x3 boxes: rows 1-2 share a band, columns 1 and 4 are in different boxes.
        let cells = [("r1c1", "25"), ("r1c4", "25"), ("r2c1", "25"), ("r2c4", "256")];
        let (effect, _) = first(position_on(6, 2, 3, Rules::classic(), &cells), unique_rectangle_1).expect("fires");
        assert_eq!(effect, "r2c4<>2, r2c4<>5");
        // Columns 1 and 2 share a box there: the rectangle lies in one box only.
        let one_box = [("r1c1", "25"), ("r1c2", "25"), ("r2c1", "25"), ("r2c2", "256")];
        assert_eq!(first(position_on(6, 2, 3, Rules::classic(), &one_box), unique_rectangle_1), None);
    }

    #[test]
    fn type_2_removes_the_shared_extra_from_cells_seeing_both_roof_corners() {
        let row: Vec<(&str, &str)> = ["r2c2", "r2c3", "r2c5", "r2c6", "r2c7", "r2c8"].iter().map(|&c| (c, "1234689")).collect();
        let mut cells = with(&[("r2c1", "357"), ("r2c4", "357"), ("r2c9", "59")]);
        cells.extend(row.iter().copied());
        fires_only_in_classic(
            unique_rectangle_2,
            &cells,
            "r2c9<>5",
            "Unique Rectangle Type 2: 3,7 in r1c1,r1c4,r2c1,r2c4; extra 5 in r2c1,r2c4 => r2c9<>5",
        );
        // Near miss: different extras.
        let near = with(&[("r2c1", "357"), ("r2c4", "378")]);
        assert_eq!(first(position(Rules::classic(), &near), unique_rectangle_2), None);
        // Diagonal roof corners are type 5, not type 2.
        let diagonal = [("r1c1", "37"), ("r1c4", "357"), ("r2c1", "357"), ("r2c4", "37")];
        assert_eq!(first(position(Rules::classic(), &diagonal), unique_rectangle_2), None);
    }

    #[test]
    fn type_3_uses_the_roof_extras_as_one_cell_of_a_naked_subset() {
        // Extras 1 and 2 in r2c1/r2c4 with r2c8 (1,2): a naked pair in r2.
        let mut cells = with(&[("r2c1", "137"), ("r2c4", "237"), ("r2c8", "12"), ("r2c9", "13456789")]);
        cells.extend(["r2c2", "r2c3", "r2c5", "r2c6", "r2c7"].iter().map(|&c| (c, "3456789")));
        fires_only_in_classic(
            unique_rectangle_3,
            &cells,
            "r2c9<>1",
            "Unique Rectangle Type 3: 3,7 in r1c1,r1c4,r2c1,r2c4; extras 1,2 in r2c1,r2c4 with r2c8 form a naked pair 1,2 in r2 => r2c9<>1",
        );
        // Near miss: r2c8 holds a third digit, and no other cell completes a triple.
        cells[4] = ("r2c8", "125");
        assert_eq!(first(position(Rules::classic(), &cells), unique_rectangle_3), None);
        // A triple: r2c8 (1,5) and r2c9 (2,5) with the virtual cell (1,2).
        cells[4] = ("r2c8", "15");
        cells[5] = ("r2c9", "25");
        cells[6] = ("r2c2", "3456789");
        let (effect, sentence) = first(position(Rules::classic(), &cells), unique_rectangle_3).expect("fires");
        assert_eq!(effect, "r2c2<>5, r2c3<>5, r2c5<>5, r2c6<>5, r2c7<>5");
        assert!(sentence.contains("with r2c8,r2c9 form a naked triple 1,2,5 in r2"), "{sentence}");
    }

    #[test]
    fn type_3_looks_in_the_box_when_the_roof_shares_one() {
        // Rectangle r1c1/r1c2/r4c1/r4c2 (columns 1-2 in one stack): the roof r4c1/r4c2 shares
        // row 4 and box 4. Extras 1,2 with r5c3 (1,2): a naked pair in box 4 only.
        let mut cells = vec![("r1c1", "37"), ("r1c2", "37"), ("r4c1", "137"), ("r4c2", "237"), ("r5c3", "12"), ("r6c3", "1234567")];
        cells.extend(["r4c3", "r5c1", "r5c2", "r6c1", "r6c2"].iter().map(|&c| (c, "3456789")));
        let (effect, sentence) = first(position(Rules::classic(), &cells), unique_rectangle_3).expect("fires");
        assert_eq!(effect, "r6c3<>1, r6c3<>2");
        assert!(sentence.ends_with("with r5c3 form a naked pair 1,2 in b4 => r6c3<>1, r6c3<>2"), "{sentence}");
    }

    #[test]
    fn type_4_removes_the_other_digit_when_one_is_a_conjugate_pair_on_the_roof() {
        let mut cells = with(&[("r2c1", "137"), ("r2c4", "237")]);
        let others = ["r2c2", "r2c3", "r2c5", "r2c6", "r2c7", "r2c8", "r2c9"];
        cells.extend(others.iter().map(|&c| (c, "12456789")));
        fires_only_in_classic(
            unique_rectangle_4,
            &cells,
            "r2c1<>7, r2c4<>7",
            "Unique Rectangle Type 4: 3,7 in r1c1,r1c4,r2c1,r2c4; r2 holds 3 only in r2c1,r2c4 => r2c1<>7, r2c4<>7",
        );
        // Near miss: a third 3 in row 2.
        let last = cells.len() - 1;
        cells[last] = ("r2c9", "12345689");
        assert_eq!(first(position(Rules::classic(), &cells), unique_rectangle_4), None);
    }

    #[test]
    fn type_5_removes_a_shared_extra_of_diagonal_or_three_corners() {
        let diagonal = [("r1c1", "37"), ("r1c4", "357"), ("r2c1", "357"), ("r2c4", "37")];
        fires_only_in_classic(
            unique_rectangle_5,
            &diagonal,
            "r1c2<>5, r1c3<>5, r2c5<>5, r2c6<>5",
            "Unique Rectangle Type 5: 3,7 in r1c1,r1c4,r2c1,r2c4; extra 5 in r1c4,r2c1 => r1c2<>5, r1c3<>5, r2c5<>5, r2c6<>5",
        );
        let three = [("r1c1", "37"), ("r1c4", "357"), ("r2c1", "357"), ("r2c4", "357")];
        let (effect, _) = first(position(Rules::classic(), &three), unique_rectangle_5).expect("fires");
        assert_eq!(effect, "r2c5<>5, r2c6<>5");
        // Near misses: different extras; two corners on one side (type 2's case).
        let near = [("r1c1", "37"), ("r1c4", "357"), ("r2c1", "378"), ("r2c4", "37")];
        assert_eq!(first(position(Rules::classic(), &near), unique_rectangle_5), None);
        let side = with(&[("r2c1", "357"), ("r2c4", "357")]);
        assert_eq!(first(position(Rules::classic(), &side), unique_rectangle_5), None);
    }

    #[test]
    fn type_6_removes_an_x_wing_digit_from_the_roof_diagonal() {
        // Floor r1c1, r2c4; roof r1c4, r2c1; 3 only in the rectangle in rows 1 and 2.
        let mut cells = vec![("r1c1", "37"), ("r1c4", "137"), ("r2c1", "237"), ("r2c4", "37")];
        let outside = ["r1c2", "r1c3", "r1c5", "r1c6", "r1c7", "r1c8", "r1c9", "r2c2", "r2c3", "r2c5", "r2c6", "r2c7", "r2c8", "r2c9"];
        cells.extend(outside.iter().map(|&c| (c, "12456789")));
        fires_only_in_classic(
            unique_rectangle_6,
            &cells,
            "r1c4<>3, r2c1<>3",
            "Unique Rectangle Type 6: 3,7 in r1c1,r1c4,r2c1,r2c4; r1,r2 hold 3 only in the rectangle => r1c4<>3, r2c1<>3",
        );
        // Near miss: a 3 outside the rectangle in row 2.
        let last = cells.len() - 1;
        cells[last] = ("r2c9", "123456789");
        assert_eq!(first(position(Rules::classic(), &cells), unique_rectangle_6), None);
    }

    #[test]
    fn type_6_also_reads_the_x_wing_in_columns() {
        // Columns 1 and 4 hold 3 only in the rectangle; the rows do not.
        let mut cells = vec![("r1c1", "37"), ("r1c4", "137"), ("r2c1", "237"), ("r2c4", "37")];
        let outside = ["r3c1", "r4c1", "r5c1", "r6c1", "r7c1", "r8c1", "r9c1", "r3c4", "r4c4", "r5c4", "r6c4", "r7c4", "r8c4", "r9c4"];
        cells.extend(outside.iter().map(|&c| (c, "12456789")));
        let (effect, sentence) = first(position(Rules::classic(), &cells), unique_rectangle_6).expect("fires");
        assert_eq!(effect, "r1c4<>3, r2c1<>3");
        assert!(sentence.contains("; c1,c4 hold 3 only in the rectangle"), "{sentence}");
    }

    #[test]
    fn hidden_rectangle_removes_the_weak_digit_from_the_corner_opposite_the_bivalue_cell() {
        // r1c1 holds 3,7; 7 only in the rectangle in r2 and in c4.
        let mut cells = vec![("r1c1", "37"), ("r1c4", "137"), ("r2c1", "237"), ("r2c4", "1237")];
        cells.extend(["r2c2", "r2c3", "r2c5", "r2c6", "r2c7", "r2c8", "r2c9"].iter().map(|&c| (c, "1234568")));
        cells.extend(["r3c4", "r4c4", "r5c4", "r6c4", "r7c4", "r8c4", "r9c4"].iter().map(|&c| (c, "1234568")));
        fires_only_in_classic(
            hidden_rectangle,
            &cells,
            "r2c4<>3",
            "Hidden Rectangle: 3,7 in r1c1,r1c4,r2c1,r2c4; r1c1 holds only 3,7, and r2,c4 hold 7 only in the rectangle => r2c4<>3",
        );
        // Near miss: a 7 in c4 outside the rectangle.
        let last = cells.len() - 1;
        cells[last] = ("r9c4", "12345678");
        assert_eq!(first(position(Rules::classic(), &cells), hidden_rectangle), None);
    }

    #[test]
    fn avoidable_type_1_keeps_the_fourth_corner_from_completing_placed_corners() {
        let cells = [("r1c1", "+3"), ("r1c4", "+7"), ("r2c1", "+7"), ("r2c4", "1345")];
        fires_only_in_classic(
            avoidable_rectangle_1,
            &cells,
            "r2c4<>3",
            "Avoidable Rectangle Type 1: 3,7 in r1c1,r1c4,r2c1,r2c4; r1c1=3, r1c4=7, r2c1=7 were placed, not given => r2c4<>3",
        );
        // Near miss: r1c1 is a given, so the puzzle itself tells the rectangle from its swap.
        let given = [("r1c1", "3"), ("r1c4", "+7"), ("r2c1", "+7"), ("r2c4", "1345")];
        assert_eq!(first(position(Rules::classic(), &given), avoidable_rectangle_1), None);
        // Near miss: four boxes.
        let four = [("r1c1", "+3"), ("r1c4", "+7"), ("r4c1", "+7"), ("r4c4", "1345")];
        assert_eq!(first(position(Rules::classic(), &four), avoidable_rectangle_1), None);
    }

    #[test]
    fn avoidable_type_2_removes_the_extra_shared_by_the_two_empty_corners() {
        let mut cells = vec![("r1c1", "+3"), ("r1c4", "+7"), ("r2c1", "57"), ("r2c4", "35"), ("r2c9", "15")];
        cells.extend(["r2c2", "r2c3", "r2c5", "r2c6", "r2c7", "r2c8"].iter().map(|&c| (c, "1234689")));
        fires_only_in_classic(
            avoidable_rectangle_2,
            &cells,
            "r2c9<>5",
            "Avoidable Rectangle Type 2: 3,7 in r1c1,r1c4,r2c1,r2c4; r1c1=3, r1c4=7 were placed, not given; extra 5 in r2c1,r2c4 => r2c9<>5",
        );
        // Near miss: the empty corners have different extras.
        cells[3] = ("r2c4", "36");
        assert_eq!(first(position(Rules::classic(), &cells), avoidable_rectangle_2), None);
        // Placed corners on a diagonal (both 3): r1c4 and r2c1 both need the same digit.
        let diagonal = [("r1c1", "+3"), ("r2c4", "+3"), ("r1c4", "57"), ("r2c1", "57")];
        let (effect, sentence) = first(position(Rules::classic(), &diagonal), avoidable_rectangle_2).expect("fires");
        assert_eq!(effect, "r1c2<>7, r1c3<>7, r2c5<>7, r2c6<>7");
        assert_eq!(
            sentence,
            "Avoidable Rectangle Type 2: 3,5 in r1c1,r1c4,r2c1,r2c4; r1c1=3, r2c4=3 were placed, not given; extra 7 in r1c4,r2c1 => r1c2<>7, r1c3<>7, r2c5<>7, r2c6<>7"
        );
    }

    /// A BUG+1 position from a generated puzzle: every empty cell holds two candidates but
    /// r8c1 (1,6,9); 9 appears three times in r8, c1 and b7.
    const BUG: &str = "39 +2 39 +7 +8 +4 +5 1 6 15 +4 15 9 3 6 +7 +8 2 8 +6 7 +5 +2 +1 4 +3 +9 +2 5 +8 +1 +7 3 6 9 +4 36 1 34 46 59 59 +8 2 7 7 +9 46 +8 46 +2 +1 +5 3 59 7 +2 46 1 59 +3 46 +8 169 +8 19 3 49 +7 +2 46 +5 4 3 56 2 56 +8 +9 7 1";

    #[test]
    fn bug_plus_1_places_the_digit_seen_three_times() {
        let layout = Arc::new(Layout::classic(Rules::classic()));
        let grid = parse_candidate_line(BUG, layout.clone()).unwrap();
        let (effect, sentence) = first(grid, bug_plus_1).expect("fires");
        assert_eq!(effect, "r8c1=9");
        assert_eq!(
            sentence,
            "BUG+1: every empty cell but r8c1 has two candidates; of its 1,6,9 only 9 appears three times in r8,c1,b7 => r8c1=9"
        );
        // Near miss: a second cell with three candidates (r1c1 gets a 4).
        let near = BUG.replacen("39", "349", 1);
        assert_eq!(first(parse_candidate_line(&near, layout.clone()).unwrap(), bug_plus_1), None);
        // Near miss: every cell bivalue but the counts are off (r8c1 loses its 9).
        let near = BUG.replacen("169", "16 ", 1);
        assert_eq!(first(parse_candidate_line(&near, layout).unwrap(), bug_plus_1), None);
    }

    #[test]
    fn bug_plus_1_needs_classic_rules() {
        // A BUG+1 shape met while solving an anti-king puzzle: r1c7 (3,4,9) and 9 three
        // times in its houses. Classic rules would place the 9; anti-king proves nothing.
        let line = "+8 +5 +1 39 +6 7 349 49 +2 +6 4 +2 +5 1 39 39 +8 +7 +3 +7 9 4 +8 +2 6 5 +1 +4 +6 +3 +1 +9 5 +7 2 +8 +7 1 8 +2 3 6 49 49 +5 +9 +2 +5 7 +4 +8 +1 +3 +6 +1 +8 +6 39 +2 39 +5 +7 4 +5 3 +4 +8 +7 +1 +2 +6 9 2 +9 +7 +6 +5 +4 +8 +1 +3";
        let parse = |rules: Rules| parse_candidate_line(line, Arc::new(Layout::classic(rules))).unwrap();
        let (effect, _) = first(parse(Rules::classic()), bug_plus_1).expect("fires in classic Sudoku");
        assert_eq!(effect, "r1c7=9");
        assert_eq!(first(parse(king()), bug_plus_1), None);
        // A BUG+1 without filled cells (so it is a valid anti-knight position too): every
        // cell holds its digit in a solution grid and the next digit, and r1c1 also holds 5.
        let tokens: Vec<String> = (0..81)
            .map(|cell| {
                let (r, c) = (cell / 9, cell % 9);
                let digit = ((r * 3 + r / 3 + c) % 9 + 1) as Digit;
                let mut set = Candidates::single(digit).union(Candidates::single(digit % 9 + 1));
                if cell == 0 {
                    set.insert(5);
                }
                set.iter().map(crate::formats::digit_char).collect()
            })
            .collect();
        let line = tokens.join(" ");
        let parse = |rules: Rules| parse_candidate_line(&line, Arc::new(Layout::classic(rules))).unwrap();
        let (effect, _) = first(parse(Rules::classic()), bug_plus_1).expect("fires in classic Sudoku");
        assert_eq!(effect, "r1c1=5");
        assert_eq!(first(parse(knight()), bug_plus_1), None);
        assert_eq!(first(parse(king()), bug_plus_1), None);
    }

    #[test]
    fn every_rectangle_is_listed_fewest_extras_first() {
        // `rectangles_with_fewer_extras_come_first`'s two rectangles, the step first.
        let cells = with(&[("r2c1", "37"), ("r2c4", "13579"), ("r4c7", "24"), ("r4c8", "24"), ("r7c7", "24"), ("r7c8", "124")]);
        assert_eq!(every(&position(Rules::classic(), &cells), unique_rectangle_1), ["r7c8<>2, r7c8<>4", "r2c4<>3, r2c4<>7"]);
    }
}
