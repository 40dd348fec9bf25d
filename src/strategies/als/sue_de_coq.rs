//! Sue de Coq: cells where a box meets a line, completed by cells of the line and cells of
//! the box.
//!
//! The form covered: C is two or more empty cells of a box-line meeting, holding digits V
//! with at least two more digits than cells. L is one to [`MAX_SIDE`] empty cells of the
//! line outside the box, B one to [`MAX_SIDE`] empty cells of the box outside the line, each
//! cell of L and B holding a digit of V; L's digits and B's digits have nothing in common,
//! and C, L and B together hold exactly as many digits as they have cells. Digits of L may
//! lie outside V (and so may B's): the count still has to come out even.
//!
//! Why it works: C and L are in the line, C and B in the box, and L and B share no digit, so
//! all the cells take different digits; as many digits as cells means each digit is placed
//! exactly once among them. A digit of L's lies in C or L, so in the line; one of B's in C
//! or B, so in the box; any other digit of V in C, so in both. Each digit leaves the cells
//! that see all its copies in its part (with variant rules, cells seeing them by a rule too).
//!
//! Order: fewest cells in all first, then by box, then line (rows before columns), then by
//! meeting cells, line side and box side. Every instance: each pattern that eliminates
//! something, in that order.
//!
//! Search: per box-line meeting, the patterns (eliminating or not) are listed from the
//! candidates of the box and the line alone, and kept per thread: the next position usually
//! leaves most boxes and lines as they were, and only the meetings of changed ones are listed
//! again. A meeting listed again keeps the line sides found last time when its line has not
//! changed (the meeting's cells lie in the line), and the box sides when its box has not.
//! Each position then checks, pattern by pattern, whether it eliminates anything, except for
//! the patterns found to eliminate nothing at an earlier position this one descends from
//! (see [`Rounds`]) whose meeting was not listed again since: such a pattern's cells and
//! their candidates are as they were, so the cells seeing its digits' copies are too, and
//! those cells have only lost candidates since.

use std::cell::RefCell;

use super::{Keep, offer_by_size, remove_seeing, tidy};
use crate::bits::ones;
use crate::deduction::{CellGroup, Deduction, Pattern};
use crate::grid::{Candidates, CellSet, Digit, Grid, MAX_SIZE};
use crate::layout::{CellId, HouseId, HouseKind, LayoutId};
use crate::strategies::Finds;
use crate::strategies::memo::Rounds;

/// What Sue de Coq keeps per thread between calls, in the ALS family's field of the
/// per-thread home ([`caches`](crate::strategies::caches)).
#[derive(Default)]
pub(super) struct Cache {
    /// The patterns of every box-line meeting found by the last search (see [`Memo`]), for
    /// the layout it names: a step changes the candidates of a few houses only.
    memo: RefCell<Option<Memo>>,
}

/// Runs `f` with this thread's Sue de Coq cache.
#[inline]
fn with_cache<R>(f: impl FnOnce(&Cache) -> R) -> R {
    crate::strategies::caches::with(|c| f(&c.als.sue_de_coq))
}

/// The most cells on each side (line and box outside their meeting).
const MAX_SIDE: usize = 3;

/// Cells of a box-line meeting with two digits more than cells, locked together with cells
/// of the line and of the box that share no digit. (Search and every instance: see the
/// module.)
pub(super) fn sue_de_coq(grid: &Grid, finds: &mut Finds) {
    let mut best = None;
    search(grid, &mut best);
    let Some((_, best)) = best else { return };
    if finds.add(sue_de_coq_step(grid, best)) {
        return;
    }
    // Why again: the best's search skips the patterns that cannot beat it. The marks of
    // patterns that eliminate nothing hold for this search too.
    let mut every = Vec::new();
    search(grid, &mut every);
    offer_by_size(every, finds, |found| sue_de_coq_step(grid, found));
}

/// Some cells with the digits they hold between them, and how many of those digits lie
/// outside the meeting's digits.
#[derive(Clone, Copy)]
struct Side {
    cells: u32,
    digits: u16,
    /// Cells minus digits outside V: how many of V's digits the side takes up.
    takes: i32,
}

/// A Sue de Coq found: the meeting cells C, the line's L, the box's B, the line and the box.
type Found = (Vec<CellId>, Vec<CellId>, Vec<CellId>, HouseId, HouseId);

/// One Sue de Coq pattern of a box-line meeting, eliminating or not: the cells of C, L and
/// B as masks over the meeting's, the line's and the box's empty cells, and how many cells
/// in all.
#[derive(Clone, Copy)]
struct Combo {
    meet: u32,
    line: u32,
    boxed: u32,
    total: usize,
    /// The check round ([`Memo::rounds`]) in which the pattern was found to eliminate
    /// nothing (0: not yet).
    dead: u32,
}

/// The patterns of one box-line meeting (see [`Memo::meetings`]).
#[derive(Clone, Default)]
struct Meeting {
    /// Whether `combos` match the houses of [`Memo::stamps`].
    fresh: bool,
    combos: Vec<Combo>,
    /// The check round in which every pattern of the meeting was found to eliminate
    /// nothing (0: not yet).
    dead: u32,
}

/// The patterns of every box-line meeting found by the last search (per thread), with the
/// stamps of the houses they were found on ([`Grid::house_stamp`]): a step changes the
/// candidates of a few houses, and the patterns of a meeting depend only on the candidates
/// of its box and its line. Whether a pattern eliminates anything depends on more cells and
/// is checked again each time.
struct Memo {
    layout: LayoutId,
    /// The rows and columns, and the boxes, of the layout.
    lines: Vec<HouseId>,
    boxes: Vec<HouseId>,
    /// Per box, the lines (indices into `lines`) that meet it in two cells or more: the
    /// other lines have no pattern with it.
    meets: Vec<Vec<usize>>,
    /// Per house, its stamp at the last search.
    stamps: Vec<u64>,
    /// Per meeting (box-major, lines as in `lines`), its patterns in search order.
    meetings: Vec<Meeting>,
    /// The check rounds of the searches' positions: a pattern (or meeting) marked dead in
    /// the current round eliminates nothing at any position of that round while its meeting
    /// is not listed again.
    rounds: Rounds,
    /// Per meeting, the sides found for each set of meeting cells (see [`Sides`]).
    sides: Vec<Sides>,
    scratch: Scratch,
}

/// The line sides and box sides of one box-line meeting listed last, by mask of the meeting's
/// cells: the line sides depend only on the line's candidates (the meeting's cells lie in the
/// line), the box sides only on the box's, and usually only one of the two has changed when
/// a meeting is listed again.
#[derive(Clone, Default)]
struct Sides {
    /// Whether the line, and the box, are as they were when their sides were found.
    line_kept: bool,
    box_kept: bool,
    /// `line[c_mask]`: the line sides for those meeting cells (found for each mask tried).
    line: Vec<Vec<Side>>,
    /// `boxed[c_mask]`: the box sides, if found (`box_found[c_mask]`).
    boxed: Vec<Vec<Side>>,
    box_found: Vec<bool>,
}

impl Memo {
    /// An empty memo for `grid`'s layout: its lines and boxes, and which of them meet.
    fn new(grid: &Grid) -> Memo {
        let layout = grid.layout();
        let lines: Vec<HouseId> = layout.houses_of_kind(HouseKind::Row).chain(layout.houses_of_kind(HouseKind::Column)).collect();
        let boxes: Vec<HouseId> = layout.houses_of_kind(HouseKind::Box).collect();
        let meets = boxes
            .iter()
            .map(|&bx| (0..lines.len()).filter(|&li| layout.house_set(bx).intersection(layout.house_set(lines[li])).len() >= 2).collect())
            .collect();
        Memo {
            meets,
            layout: layout.id(),
            meetings: vec![Meeting::default(); boxes.len() * lines.len()],
            rounds: Rounds::default(),
            sides: vec![Sides::default(); boxes.len() * lines.len()],
            lines,
            boxes,
            stamps: (0..layout.houses().len()).map(|h| grid.house_stamp(h)).collect(),
            scratch: Scratch::default(),
        }
    }

    /// Takes in `grid`'s house stamps and returns the houses whose stamp changed. Why: a
    /// meeting's patterns still hold when no cell of its box and line has changed, which the
    /// houses' stamps tell.
    fn restamp(&mut self, grid: &Grid) -> ChangedHouses {
        let mut changed = ChangedHouses { low: 0, big: Vec::new() };
        for (h, stamp) in self.stamps.iter_mut().enumerate() {
            if *stamp != grid.house_stamp(h) {
                *stamp = grid.house_stamp(h);
                if h < 64 {
                    changed.low |= 1 << h;
                } else {
                    changed.big.push(h);
                }
            }
        }
        changed
    }
}

/// The houses whose stamp changed (see [`Memo::restamp`]): the first 64 as bits, the others
/// listed.
struct ChangedHouses {
    low: u64,
    big: Vec<HouseId>,
}

impl ChangedHouses {
    /// Whether house `h` changed.
    #[inline]
    fn has(&self, h: HouseId) -> bool {
        if h < 64 { self.low & (1 << h) != 0 } else { self.big.contains(&h) }
    }
}

/// Fills the empty cells (by `empty`) of the meeting of `line` and box `bx`, of the line
/// outside the box, and of the box outside the line, each in cell order (as the houses list
/// their cells); returns how many each has.
#[inline]
fn meeting_cells(
    layout: &crate::layout::Layout,
    line: HouseId,
    bx: HouseId,
    empty: &impl Fn(&CellId) -> bool,
    meet: &mut [CellId; MAX_SIZE],
    line_rest: &mut [CellId; MAX_SIZE],
    box_rest: &mut [CellId; MAX_SIZE],
) -> (usize, usize, usize) {
    let (box_set, line_set) = (layout.house_set(bx), layout.house_set(line));
    let (mut n_meet, mut n_line, mut n_box) = (0, 0, 0);
    for &c in &layout.house(line).cells {
        if !empty(&c) {
            continue;
        }
        if box_set.contains(c) {
            meet[n_meet] = c;
            n_meet += 1;
        } else {
            line_rest[n_line] = c;
            n_line += 1;
        }
    }
    for &c in &layout.house(bx).cells {
        if empty(&c) && !line_set.contains(c) {
            box_rest[n_box] = c;
            n_box += 1;
        }
    }
    (n_meet, n_line, n_box)
}

/// Checks the patterns `combos` of the meeting of `houses` (line, box), whose cells are
/// `cells` (meeting, line rest, box rest), keeping those that eliminate something (and are
/// below the bound of `keep`), marking those that eliminate nothing dead in `round`; whether
/// every pattern is dead.
#[inline]
fn check_combos(grid: &Grid, cells: [&[CellId]; 3], combos: &mut [Combo], round: u32, keep: &mut impl Keep<Found>, houses: (HouseId, HouseId)) -> bool {
    let [meet, line_rest, box_rest] = cells;
    let mut all_dead = true;
    for combo in combos.iter_mut() {
        if combo.dead == round {
            continue;
        }
        if keep.bound().is_some_and(|best| best <= combo.total) {
            all_dead = false;
            continue;
        }
        // Why: most patterns eliminate nothing; the test needs no lists.
        if eliminates(grid, meet, line_rest, box_rest, combo) {
            all_dead = false;
            let parts = (pick(meet, combo.meet), pick(line_rest, combo.line), pick(box_rest, combo.boxed));
            keep.keep(combo.total, (parts.0, parts.1, parts.2, houses.0, houses.1));
        } else {
            combo.dead = round;
        }
    }
    all_dead
}

/// Buffers for [`meeting_combos`].
#[derive(Default)]
struct Scratch {
    line_table: Vec<u16>,
    box_table: Vec<u16>,
    /// For each count of cells, each size of set (1 to MAX_SIDE, from 0) and each mask of
    /// the cells, the sets of that size within the mask (see all_sides):
    /// `side_sets[count][size - 1][usable]`.
    side_sets: Vec<Vec<Vec<Vec<u32>>>>,
    box_starts: Vec<usize>,
    /// The box sides ordered by what they take (see [`by_takes`]).
    sorted: Vec<Side>,
}

/// The search of [`sue_de_coq`], keeping the patterns that eliminate something, with their
/// cells in all.
fn search(grid: &Grid, keep: &mut impl Keep<Found>) {
    let layout = grid.layout();
    let mut memo = with_cache(|c| c.memo.take()).filter(|m| m.layout == layout.id()).unwrap_or_else(|| Memo::new(grid));
    let changed = memo.restamp(grid);
    let changed = |h: HouseId| changed.has(h);
    // Why: the marks of dead patterns hold only for positions descending from the one they
    // were made at (a grid only loses candidates as it is solved, but the memo may next see
    // another grid, or an earlier one).
    let round = memo.rounds.advance(grid);
    let (lines, boxes, meets) = (std::mem::take(&mut memo.lines), std::mem::take(&mut memo.boxes), std::mem::take(&mut memo.meets));
    // The empty cells of the meeting, of the line outside the box, and of the box outside
    // the line (each in cell order, as the houses list their cells).
    let (mut meet, mut line_rest, mut box_rest) = ([0; MAX_SIZE], [0; MAX_SIZE], [0; MAX_SIZE]);
    // Why: two candidates or more, without counting them all (a placed cell has none).
    let empty = |c: &CellId| {
        let bits = grid.candidates(*c).bits();
        bits & bits.wrapping_sub(1) != 0
    };
    for (bi, &bx) in boxes.iter().enumerate() {
        for &li in &meets[bi] {
            let line = lines[li];
            let Memo { meetings, sides, scratch, .. } = &mut memo;
            let Meeting { fresh, combos, dead } = &mut meetings[bi * lines.len() + li];
            let kept = &mut sides[bi * lines.len() + li];
            *fresh &= !changed(bx) && !changed(line);
            kept.line_kept &= !changed(line);
            kept.box_kept &= !changed(bx);
            // Why: no Sue de Coq has fewer than four cells (two met, one on each side).
            if keep.bound().is_some_and(|best| best <= 4) {
                continue;
            }
            if *fresh && (combos.is_empty() || *dead == round) {
                continue;
            }
            let (n_meet, n_line, n_box) = meeting_cells(layout, line, bx, &empty, &mut meet, &mut line_rest, &mut box_rest);
            let (meet, line_rest, box_rest) = (&meet[..n_meet], &line_rest[..n_line], &box_rest[..n_box]);
            if !*fresh {
                meeting_combos(grid, meet, line_rest, box_rest, scratch, kept, combos);
                *fresh = true;
                *dead = 0;
            }
            if check_combos(grid, [meet, line_rest, box_rest], combos, round, keep, (line, bx)) {
                *dead = round;
            }
        }
    }
    memo.lines = lines;
    memo.boxes = boxes;
    memo.meets = meets;
    with_cache(|c| *c.memo.borrow_mut() = Some(memo));
}

/// The step of the pattern `found`.
fn sue_de_coq_step(grid: &Grid, (c, l, b, line, bx): Found) -> Deduction {
    let out = eliminations(grid, &c, &l, &b);
    let digits = |cells: &[CellId]| cells.iter().fold(Candidates::EMPTY, |acc, &x| acc.union(grid.candidates(x)));
    let mut all: Vec<CellId> = c.iter().chain(&l).chain(&b).copied().collect();
    all.sort_unstable();
    let pattern = Pattern {
        digits: digits(&all),
        cells: all,
        base: vec![line, bx],
        sets: vec![
            CellGroup { digits: digits(&c), cells: c },
            CellGroup { digits: digits(&l), cells: l },
            CellGroup { digits: digits(&b), cells: b },
        ],
        ..Pattern::default()
    };
    Deduction::elimination(super::ids::SUE_DE_COQ, out, pattern)
}

/// Every Sue de Coq pattern of the meeting's empty cells `meet` with the line's `line_rest`
/// and the box's `box_rest`, in search order: by meeting cells (as a mask, ascending), then
/// line side, then box side (each by size, then by mask from the highest down).
///
/// `kept` holds the sides found when the meeting was listed last: those of an unchanged
/// house are taken from there, the others found again (and kept).
fn meeting_combos(
    grid: &Grid,
    meet: &[CellId],
    line_rest: &[CellId],
    box_rest: &[CellId],
    scratch: &mut Scratch,
    kept: &mut Sides,
    out: &mut Vec<Combo>,
) {
    out.clear();
    if meet.len() < 2 {
        return;
    }
    let masks = 1usize << meet.len();
    if kept.line.len() < masks {
        kept.line.resize(masks, Vec::new());
        kept.boxed.resize(masks, Vec::new());
        kept.box_found.resize(masks, false);
        kept.line_kept = false;
        kept.box_kept = false;
    }
    if !kept.box_kept {
        kept.box_found.fill(false);
    }
    let line_kept = kept.line_kept;
    kept.line_kept = true;
    kept.box_kept = true;
    let (mut line_listed, mut box_listed) = (false, false);
    for c_mask in 1u32..(1 << meet.len()) {
        let n = ones(c_mask);
        if n < 2 {
            continue;
        }
        let v = mask_digits(grid, meet, c_mask);
        let extra = ones(v) as i32 - n as i32;
        if extra < 2 {
            continue;
        }
        let sc = &mut *scratch;
        let c = c_mask as usize;
        if !line_kept {
            if !line_listed {
                side_sets(&mut sc.side_sets, line_rest.len());
                digit_table(grid, line_rest, &sc.side_sets[line_rest.len()], &mut sc.line_table);
                line_listed = true;
            }
            sides(&sc.line_table, line_rest.len(), &sc.side_sets[line_rest.len()], v, extra, &mut kept.line[c]);
        }
        if kept.line[c].is_empty() {
            continue;
        }
        if !kept.box_found[c] {
            if !box_listed {
                side_sets(&mut sc.side_sets, box_rest.len());
                digit_table(grid, box_rest, &sc.side_sets[box_rest.len()], &mut sc.box_table);
                box_listed = true;
            }
            sides(&sc.box_table, box_rest.len(), &sc.side_sets[box_rest.len()], v, extra, &mut kept.boxed[c]);
            kept.box_found[c] = true;
        }
        let (line_sides, box_sides) = (&kept.line[c], &kept.boxed[c]);
        if box_sides.is_empty() {
            continue;
        }
        // Why: a line side taking t of V's digits needs a box side taking extra - t;
        // grouping the box sides by what they take (keeping their order) finds them
        // without trying the others.
        by_takes(box_sides, extra, &mut sc.box_starts, &mut sc.sorted);
        for l in line_sides {
            let t = (extra - l.takes) as usize;
            for b in &sc.sorted[sc.box_starts[t]..sc.box_starts[t + 1]] {
                if l.digits & b.digits == 0 {
                    let total = n + ones(l.cells) + ones(b.cells);
                    out.push(Combo { meet: c_mask, line: l.cells, boxed: b.cells, total, dead: 0 });
                }
            }
        }
    }
}

/// Makes sure `side_sets[count]` holds, for each size and each mask of `count` cells, the
/// sets of [`all_sides`] of that size within the mask.
fn side_sets(side_sets: &mut Vec<Vec<Vec<Vec<u32>>>>, count: usize) {
    if side_sets.len() <= count {
        side_sets.resize(count + 1, Vec::new());
    }
    if side_sets[count].is_empty() {
        let all = all_sides(count);
        side_sets[count] = (1..=MAX_SIDE as u32)
            .map(|size| (0u32..1 << count).map(|usable| all.iter().copied().filter(|&m| ones(m) as u32 == size && m & !usable == 0).collect()).collect())
            .collect();
    }
}

/// The digits the cells of `cells` picked by `mask` hold, as bits.
fn mask_digits(grid: &Grid, cells: &[CellId], mask: u32) -> u16 {
    cells.iter().enumerate().filter(|(i, _)| mask & (1 << i) != 0).fold(0, |acc, (_, &c)| acc | grid.candidates(c).bits())
}

fn pick(cells: &[CellId], mask: u32) -> Vec<CellId> {
    cells.iter().enumerate().filter(|(i, _)| mask & (1 << i) != 0).map(|(_, &c)| c).collect()
}

/// The digits of every set of one to [`MAX_SIDE`] of `cells`, by mask (bit `i` for
/// `cells[i]`), given those sets by size (`by_size[size - 1][all]`, see [`side_sets`]).
fn digit_table(grid: &Grid, cells: &[CellId], by_size: &[Vec<Vec<u32>>], table: &mut Vec<u16>) {
    // Why: only the sets a side may be are read (by [`sides`]); each is written before it
    // is read, the smaller sets first, and the other entries are left as they were.
    let all = (1usize << cells.len()) - 1;
    table.resize(all + 1, 0);
    for (i, &c) in cells.iter().enumerate() {
        table[1 << i] = grid.candidates(c).bits();
    }
    for by_usable in &by_size[1..] {
        for &mask in &by_usable[all] {
            let mask = mask as usize;
            table[mask] = table[mask & (mask - 1)] | table[mask & mask.wrapping_neg()];
        }
    }
}

/// Every set of one to [`MAX_SIDE`] of `count` cells, as masks (bit `i` for the `i`-th cell): by size, then by mask from the highest down.
fn all_sides(count: usize) -> Vec<u32> {
    let mut out = Vec::new();
    for size in 1..=MAX_SIDE.min(count) as u32 {
        out.extend((1u32..(1 << count)).rev().filter(|&m| ones(m) as u32 == size));
    }
    out
}

/// The sets of `by_usable` (for each size and each mask of the `count` cells, the sets of
/// [`all_sides`] of that size within the mask) usable as a side for the meeting's digits `v`, `extra` more than its cells:
/// each cell holds a digit of `v`, the side takes up one to `extra - 1` of them, and it is no
/// locked set by itself. By size, then by mask from the highest down.
fn sides(table: &[u16], count: usize, by_usable: &[Vec<Vec<u32>>], v: u16, extra: i32, out: &mut Vec<Side>) {
    out.clear();
    // Why: a side takes up its cells less its digits outside v, at least as many as any
    // one of its cells holds, so a cell with `s` digits outside v or more is in no side of
    // `s` cells taking one or more. `usable[s - 1]`: the cells usable in a side of `s`.
    let mut usable = [0u32; MAX_SIDE];
    for i in 0..count {
        let digits = table[1 << i];
        if digits & v != 0 {
            for set in usable.iter_mut().skip(ones(digits & !v)) {
                *set |= 1 << i;
            }
        }
    }
    for (size, (by_size, usable)) in by_usable.iter().zip(usable).enumerate() {
        let n = size as i32 + 1;
        for &cells in &by_size[usable as usize] {
            let digits = table[cells as usize];
            let takes = n - ones(digits & !v) as i32;
            // Why: a side with no more digits than cells is a locked set on its own, which
            // the subset techniques handle.
            if (1..extra).contains(&takes) && ones(digits) as i32 > n {
                out.push(Side { cells, digits, takes });
            }
        }
    }
}

/// Puts `sides` in `sorted` by what they take (1 to `extra - 1`), keeping their order
/// otherwise: `sorted[starts[t]..starts[t + 1]]` take `t`.
fn by_takes(sides: &[Side], extra: i32, starts: &mut Vec<usize>, sorted: &mut Vec<Side>) {
    starts.clear();
    starts.resize(extra as usize + 1, 0);
    for s in sides.iter() {
        starts[s.takes as usize + 1] += 1;
    }
    for t in 1..starts.len() {
        starts[t] += starts[t - 1];
    }
    // Why: a counting sort, which keeps the order by size within each take.
    sorted.clear();
    sorted.resize(sides.len(), Side { cells: 0, digits: 0, takes: 0 });
    let mut fill = [0usize; 17];
    fill[..starts.len()].copy_from_slice(starts);
    for s in sides {
        sorted[fill[s.takes as usize]] = *s;
        fill[s.takes as usize] += 1;
    }
}

/// Whether the pattern `combo` (masks over `meet`, `line_rest` and `box_rest`) eliminates
/// anything: the test of [`eliminations`] without building lists.
fn eliminates(grid: &Grid, meet: &[CellId], line_rest: &[CellId], box_rest: &[CellId], combo: &Combo) -> bool {
    let layout = grid.layout();
    let (vc, vl, vb) = (mask_digits(grid, meet, combo.meet), mask_digits(grid, line_rest, combo.line), mask_digits(grid, box_rest, combo.boxed));
    let mut rest = vc | vl | vb;
    while rest != 0 {
        let bit = rest & rest.wrapping_neg();
        rest &= rest - 1;
        let d = bit.trailing_zeros() as Digit + 1;
        let (part, mask) = if vl & bit != 0 {
            (line_rest, combo.line)
        } else if vb & bit != 0 {
            (box_rest, combo.boxed)
        } else {
            (&[][..], 0)
        };
        let mut targets = *grid.digit_cells(d);
        for (cells, mask) in [(meet, combo.meet), (part, mask)] {
            let mut m = mask;
            while m != 0 {
                let cell = cells[m.trailing_zeros() as usize];
                m &= m - 1;
                if grid.candidates(cell).bits() & bit != 0 {
                    targets = targets.intersection(layout.peer_set(cell));
                }
            }
        }
        if !targets.is_empty() {
            return true;
        }
    }
    false
}

/// Each digit leaves the cells that see all its copies in its part: L's digits in C and L,
/// B's in C and B, the others in C.
fn eliminations(grid: &Grid, c: &[CellId], l: &[CellId], b: &[CellId]) -> Vec<crate::deduction::Elimination> {
    let layout = grid.layout();
    let digits = |cells: &[CellId]| cells.iter().fold(Candidates::EMPTY, |acc, &x| acc.union(grid.candidates(x)));
    let (vc, vl, vb) = (digits(c), digits(l), digits(b));
    let mut out = Vec::new();
    for d in vc.union(vl).union(vb).iter() {
        let part = if vl.contains(d) {
            l
        } else if vb.contains(d) {
            b
        } else {
            &[]
        };
        let holders: CellSet = c.iter().chain(part).copied().filter(|&x| grid.has_candidate(x, d)).collect();
        let targets = layout.common_peers(holders.iter()).intersection(grid.digit_cells(d));
        remove_seeing(layout, &targets, d, &holders, &mut out);
    }
    tidy(&mut out);
    out
}
