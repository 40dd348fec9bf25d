//! Sue de Coq: cells where two houses meet, completed by cells of each house.
//!
//! The form covered: two houses meeting in two empty cells or more (a box and a row or
//! column, or any other pair: a diagonal and a box, an extra region and a row). C is two or
//! more empty cells of the meeting, holding digits V, at least two more digits than cells.
//! A side is one to [`MAX_SIDE`] empty cells of one house outside C (meeting cells not in C
//! may be in either side, not both), holding more digits than cells (one holding no more is
//! a locked set on its own, for the subset techniques). What a side takes is its cells less
//! its digits outside V; each side takes one or more and the two take V's surplus between
//! them (its digits less its cells). No digit of V is in both sides; a digit outside V may
//! be.
//!
//! Why it works: C's cells hold digits of V only, all different (they share both houses).
//! The cells of a side that hold no digit outside V are at least what it takes, so the side
//! places at least that many digits of V, all different from C's (one house) and from the
//! other side's (no digit of V in both). That is at least all of V, so exactly: each digit
//! of V is placed once among them, a side's digits of V in C or that side, the others in C;
//! and each side's remaining cells hold its digits outside V, one each, so every such digit
//! is placed in that side. Each digit leaves the cells that see all its copies where it
//! lands (with variant rules, cells seeing them by a rule too).
//!
//! Order: fewest cells in all first, then by pair of houses (the second house first, then
//! the first: for a classic grid by box, then line, rows before columns), then by meeting
//! cells, first side and second side. Every instance: each pattern that eliminates
//! something, in that order.
//!
//! Search: per meeting, the patterns (eliminating or not) are listed from the candidates of
//! the two houses alone, and kept per thread: the next position usually leaves most houses
//! as they were, and only the meetings of changed ones are listed again. A meeting listed
//! again keeps the first sides found last time when its first house has not changed (the
//! meeting's cells lie in it), and the second sides when its second house has not.
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
use crate::layout::{CellId, HouseId, LayoutId};
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

/// The most cells on each side: every side a 9x9 grid has room for (a house's nine cells
/// less the two of C at least).
const MAX_SIDE: usize = 7;

/// Cells of a meeting of two houses with two digits more than cells, locked together with
/// cells of each house whose digits of the meeting differ. (Search and every instance: see
/// the module.)
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

/// A side: its cells (a mask over its house's side cells, see [`meeting_cells`]), the
/// digits they hold between them, and how many of V's digits it takes (its cells less its
/// digits outside V).
#[derive(Clone, Copy)]
struct Side {
    cells: u32,
    digits: u16,
    takes: i32,
}

/// A Sue de Coq found: the meeting cells C, the first side, the second side, and the two
/// houses.
type Found = (Vec<CellId>, Vec<CellId>, Vec<CellId>, HouseId, HouseId);

/// One Sue de Coq pattern of a meeting, eliminating or not: the cells of C and of the two
/// sides as masks (C over the meeting's empty cells, each side over its house's side cells),
/// and how many cells in all.
#[derive(Clone, Copy)]
struct Combo {
    meet: u32,
    first: u32,
    second: u32,
    total: usize,
    /// The check round ([`Memo::rounds`]) in which the pattern was found to eliminate
    /// nothing (0: not yet).
    dead: u32,
}

/// The patterns of one meeting (see [`Memo::meetings`]).
#[derive(Clone, Default)]
struct Meeting {
    /// Whether `combos` match the houses of [`Memo::stamps`].
    fresh: bool,
    combos: Vec<Combo>,
    /// The check round in which every pattern of the meeting was found to eliminate
    /// nothing (0: not yet).
    dead: u32,
}

/// The patterns of every meeting found by the last search (per thread), with the stamps of
/// the houses they were found on ([`Grid::house_stamp`]): a step changes the candidates of
/// a few houses, and the patterns of a meeting depend only on the candidates of its two
/// houses. Whether a pattern eliminates anything depends on more cells and is checked
/// again each time.
struct Memo {
    layout: LayoutId,
    /// The pairs of houses meeting in two cells or more, (first, second) with the first's
    /// id below the second's, by second house then first.
    pairs: Vec<(HouseId, HouseId)>,
    /// Per house, its stamp at the last search.
    stamps: Vec<u64>,
    /// Per meeting (as in `pairs`), its patterns in search order.
    meetings: Vec<Meeting>,
    /// The check rounds of the searches' positions: a pattern (or meeting) marked dead in
    /// the current round eliminates nothing at any position of that round while its meeting
    /// is not listed again.
    rounds: Rounds,
    /// Per meeting, the sides found for each set of meeting cells (see [`Sides`]).
    sides: Vec<Sides>,
    scratch: Scratch,
}

/// The sides of one meeting listed last, by mask of the meeting's cells: a first side
/// depends only on the first house's candidates (the meeting's cells lie in it), a second
/// side only on the second's, and usually only one of the two has changed when a meeting is
/// listed again.
#[derive(Clone, Default)]
struct Sides {
    /// Whether the first house, and the second, are as they were when their sides were
    /// found.
    first_kept: bool,
    second_kept: bool,
    /// `first[c_mask]`: the first sides for those meeting cells (found for each mask
    /// tried).
    first: Vec<Vec<Side>>,
    /// `second[c_mask]`: the second sides, if found (`second_found[c_mask]`).
    second: Vec<Vec<Side>>,
    second_found: Vec<bool>,
}

impl Memo {
    /// An empty memo for `grid`'s layout: which of its houses meet in two cells or more.
    fn new(grid: &Grid) -> Memo {
        let layout = grid.layout();
        let houses = layout.houses().len();
        let pairs: Vec<(HouseId, HouseId)> = (0..houses)
            .flat_map(|second| (0..second).map(move |first| (first, second)))
            .filter(|&(first, second)| layout.house_set(first).intersection(layout.house_set(second)).len() >= 2)
            .collect();
        Memo {
            layout: layout.id(),
            meetings: vec![Meeting::default(); pairs.len()],
            rounds: Rounds::default(),
            sides: vec![Sides::default(); pairs.len()],
            pairs,
            stamps: (0..houses).map(|h| grid.house_stamp(h)).collect(),
            scratch: Scratch::default(),
        }
    }

    /// Takes in `grid`'s house stamps and returns the houses whose stamp changed. Why: a
    /// meeting's patterns still hold when no cell of its two houses has changed, which the
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

/// The empty cells (by `empty`) of a meeting, and of each house's side cells: the
/// meeting's cells first (so bit `i` of a side's mask is the meeting's `i`-th cell for
/// `i` below the meeting's count), then the house's cells outside the other house, each in
/// the order the house lists its cells. Returns how many the meeting has, and each side.
#[inline]
fn meeting_cells(
    layout: &crate::layout::Layout,
    (first, second): (HouseId, HouseId),
    empty: &impl Fn(&CellId) -> bool,
    meet: &mut [CellId; MAX_SIZE],
    sides: [&mut [CellId; MAX_SIZE]; 2],
) -> (usize, [usize; 2]) {
    let second_set = layout.house_set(second);
    let mut n_meet = 0;
    for &c in &layout.house(first).cells {
        if empty(&c) && second_set.contains(c) {
            meet[n_meet] = c;
            n_meet += 1;
        }
    }
    let mut counts = [n_meet; 2];
    for ((house, other), (side, count)) in [(first, second), (second, first)].into_iter().zip(sides.into_iter().zip(&mut counts)) {
        side[..n_meet].copy_from_slice(&meet[..n_meet]);
        let other = layout.house_set(other);
        for &c in &layout.house(house).cells {
            if empty(&c) && !other.contains(c) {
                side[*count] = c;
                *count += 1;
            }
        }
    }
    (n_meet, counts)
}

/// A meeting's cells as the search reads them: the meeting's, and each side's (see
/// [`meeting_cells`]).
#[derive(Clone, Copy)]
struct Cells<'a> {
    meet: &'a [CellId],
    sides: [&'a [CellId]; 2],
}

/// Checks the patterns `combos` of the meeting of `houses`, whose cells are `cells`,
/// keeping those that eliminate something (and are below the bound of `keep`), marking
/// those that eliminate nothing dead in `round`; whether every pattern is dead.
#[inline]
fn check_combos(grid: &Grid, cells: Cells, combos: &mut [Combo], round: u32, keep: &mut impl Keep<Found>, houses: (HouseId, HouseId)) -> bool {
    let mut all_dead = true;
    for combo in combos.iter_mut() {
        if combo.dead == round {
            continue;
        }
        if keep.bound().is_some_and(|best| best <= combo.total) {
            all_dead = false;
            continue;
        }
        let parts = [(cells.meet, combo.meet), (cells.sides[0], combo.first), (cells.sides[1], combo.second)];
        // Why: most patterns eliminate nothing; the test needs no lists.
        if landings(grid, parts, |_, targets, _| !targets.is_empty()) {
            all_dead = false;
            keep.keep(combo.total, (pick(parts[0]), pick(parts[1]), pick(parts[2]), houses.0, houses.1));
        } else {
            combo.dead = round;
        }
    }
    all_dead
}

/// Buffers for [`meeting_combos`].
#[derive(Default)]
struct Scratch {
    box_starts: Vec<usize>,
    /// The second sides ordered by what they take (see [`by_takes`]).
    sorted: Vec<Side>,
    /// The digits of every set of a side's cells outside the meeting (see [`rest_sets`]).
    table: Vec<u16>,
    /// Each side's sets of cells outside the meeting, with their digits.
    first_rests: Vec<(u32, u16)>,
    second_rests: Vec<(u32, u16)>,
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
    let (mut meet, mut first_cells, mut second_cells) = ([0; MAX_SIZE], [0; MAX_SIZE], [0; MAX_SIZE]);
    // Why: two candidates or more, without counting them all (a placed cell has none).
    let empty = |c: &CellId| {
        let bits = grid.candidates(*c).bits();
        bits & bits.wrapping_sub(1) != 0
    };
    let Memo { pairs, meetings, sides, scratch, .. } = &mut memo;
    for ((&(first, second), meeting), kept) in pairs.iter().zip(meetings.iter_mut()).zip(sides.iter_mut()) {
        let Meeting { fresh, combos, dead } = meeting;
        *fresh &= !changed(first) && !changed(second);
        kept.first_kept &= !changed(first);
        kept.second_kept &= !changed(second);
        // Why: no Sue de Coq has fewer than four cells (two met, one on each side).
        if keep.bound().is_some_and(|best| best <= 4) {
            continue;
        }
        if *fresh && (combos.is_empty() || *dead == round) {
            continue;
        }
        let (n_meet, [n_first, n_second]) = meeting_cells(layout, (first, second), &empty, &mut meet, [&mut first_cells, &mut second_cells]);
        let cells = Cells { meet: &meet[..n_meet], sides: [&first_cells[..n_first], &second_cells[..n_second]] };
        if !*fresh {
            meeting_combos(grid, cells, scratch, kept, combos);
            *fresh = true;
            *dead = 0;
        }
        if check_combos(grid, cells, combos, round, keep, (first, second)) {
            *dead = round;
        }
    }
    with_cache(|c| *c.memo.borrow_mut() = Some(memo));
}

/// The step of the pattern `found`.
fn sue_de_coq_step(grid: &Grid, (c, first, second, h1, h2): Found) -> Deduction {
    let full = |cells: &[CellId]| (1u32 << cells.len()) - 1;
    let mut out = Vec::new();
    let layout = grid.layout();
    landings(grid, [(&c, full(&c)), (&first, full(&first)), (&second, full(&second))], |d, targets, holders| {
        remove_seeing(layout, targets, d, holders, &mut out);
        false
    });
    tidy(&mut out);
    let digits = |cells: &[CellId]| cells.iter().fold(Candidates::EMPTY, |acc, &x| acc.union(grid.candidates(x)));
    let mut all: Vec<CellId> = c.iter().chain(&first).chain(&second).copied().collect();
    all.sort_unstable();
    let pattern = Pattern {
        digits: digits(&all),
        cells: all,
        base: vec![h1, h2],
        sets: vec![
            CellGroup { digits: digits(&c), cells: c },
            CellGroup { digits: digits(&first), cells: first },
            CellGroup { digits: digits(&second), cells: second },
        ],
        ..Pattern::default()
    };
    Deduction::elimination(super::ids::SUE_DE_COQ, out, pattern)
}

/// Every Sue de Coq pattern of a meeting's `cells`, in search order: by meeting cells (as a
/// mask, ascending), then first side, then second side (each in the order of [`sides`]).
///
/// `kept` holds the sides found when the meeting was listed last: those of an unchanged
/// house are taken from there, the others found again (and kept).
fn meeting_combos(grid: &Grid, cells: Cells, scratch: &mut Scratch, kept: &mut Sides, out: &mut Vec<Combo>) {
    out.clear();
    let meet = cells.meet;
    if meet.len() < 2 {
        return;
    }
    let masks = 1usize << meet.len();
    if kept.first.len() < masks {
        kept.first.resize(masks, Vec::new());
        kept.second.resize(masks, Vec::new());
        kept.second_found.resize(masks, false);
        kept.first_kept = false;
        kept.second_kept = false;
    }
    if !kept.second_kept {
        kept.second_found.fill(false);
    }
    let first_kept = kept.first_kept;
    kept.first_kept = true;
    kept.second_kept = true;
    let (first_digits, second_digits) = (cell_digits(grid, cells.sides[0]), cell_digits(grid, cells.sides[1]));
    let n_meet = meet.len();
    let Scratch { box_starts, sorted, table, first_rests, second_rests } = scratch;
    let (mut first_listed, mut second_listed) = (false, false);
    let meet_all = (masks - 1) as u32;
    for c_mask in 1u32..masks as u32 {
        let n = ones(c_mask);
        if n < 2 {
            continue;
        }
        let v = mask_digits(grid, meet, c_mask);
        let extra = ones(v) as i32 - n as i32;
        if extra < 2 {
            continue;
        }
        let c = c_mask as usize;
        if !first_kept {
            if !first_listed {
                rest_sets(&first_digits, n_meet, cells.sides[0].len(), table, first_rests);
                first_listed = true;
            }
            sides(&first_digits, n_meet, first_rests, c_mask, v, extra, &mut kept.first[c]);
        }
        if kept.first[c].is_empty() {
            continue;
        }
        if !kept.second_found[c] {
            if !second_listed {
                rest_sets(&second_digits, n_meet, cells.sides[1].len(), table, second_rests);
                second_listed = true;
            }
            sides(&second_digits, n_meet, second_rests, c_mask, v, extra, &mut kept.second[c]);
            kept.second_found[c] = true;
        }
        let (first_sides, second_sides) = (&kept.first[c], &kept.second[c]);
        if second_sides.is_empty() {
            continue;
        }
        // Why: a first side taking t of V's digits needs a second side taking extra - t;
        // grouping the second sides by what they take (keeping their order) finds them
        // without trying the others.
        by_takes(second_sides, extra, box_starts, sorted);
        for l in first_sides {
            let t = (extra - l.takes) as usize;
            for b in &sorted[box_starts[t]..box_starts[t + 1]] {
                // Why: the sides share no cell of the meeting, and no digit of V.
                if l.digits & b.digits & v == 0 && l.cells & b.cells & meet_all == 0 {
                    let total = n + ones(l.cells) + ones(b.cells);
                    out.push(Combo { meet: c_mask, first: l.cells, second: b.cells, total, dead: 0 });
                }
            }
        }
    }
}

/// Each cell's candidates, as bits.
fn cell_digits(grid: &Grid, cells: &[CellId]) -> [u16; MAX_SIZE] {
    let mut out = [0; MAX_SIZE];
    for (bits, &c) in out.iter_mut().zip(cells) {
        *bits = grid.candidates(c).bits();
    }
    out
}

/// The digits the cells of `cells` picked by `mask` hold, as bits.
fn mask_digits(grid: &Grid, cells: &[CellId], mask: u32) -> u16 {
    cells.iter().enumerate().filter(|(i, _)| mask & (1 << i) != 0).fold(0, |acc, (_, &c)| acc | grid.candidates(c).bits())
}

/// The cells of `cells` picked by `mask`, in cell order (a side lists the meeting's cells
/// first).
fn pick((cells, mask): (&[CellId], u32)) -> Vec<CellId> {
    let mut out: Vec<CellId> = ones_of(mask).map(|i| cells[i]).collect();
    out.sort_unstable();
    out
}

/// The sets of a side's cells outside the meeting (bit `i` for its `i`-th such cell), of
/// [`MAX_SIDE`] cells or fewer, the empty set first, with the digits each holds: what every
/// side is made of, with some of the meeting's cells not in C. Listed once per side of a
/// meeting, for all of its choices of C.
fn rest_sets(digits: &[u16; MAX_SIZE], n_meet: usize, n_all: usize, table: &mut Vec<u16>, out: &mut Vec<(u32, u16)>) {
    let n = n_all - n_meet;
    table.clear();
    table.resize(1 << n, 0);
    out.clear();
    out.push((0, 0));
    // Why a set may be dropped here: whatever C is, V lies within the meeting's digits, so
    // the set's digits outside those are outside V; a side takes one or more, so has more
    // cells than digits outside V, and it adds at most the meeting's cells not in C (all
    // but two) to the set's.
    // And: a side holds fewer than C's count more digits than cells (see [`sides`]), and
    // takes at most the meeting's cells less C's, so the set holds fewer than the meeting's
    // count more digits than cells.
    let all_meet = digits[..n_meet].iter().fold(0u16, |m, &d| m | d);
    let meet_room = n_meet.saturating_sub(2);
    for mask in 1u32..1 << n {
        let low = mask.trailing_zeros() as usize;
        let held = table[(mask & (mask - 1)) as usize] | digits[n_meet + low];
        table[mask as usize] = held;
        let size = ones(mask);
        if size <= MAX_SIDE && ones(held & !all_meet) < size + meet_room && ones(held) < size + n_meet {
            out.push((mask, held));
        }
    }
}

/// The sides that may serve the meeting cells `c_mask` (bit `i` for the meeting's `i`-th of
/// `n_meet` cells, whose candidates are `digits[i]`), holding digits `v`, `extra` more than
/// cells: a set of the meeting's other cells with one of `rests` (see [`rest_sets`]), one to
/// [`MAX_SIDE`] cells holding a digit of `v` between them, one to C's count less one more
/// digits than cells, and taking one to `extra - 1` of `v`'s digits. In the order met: by the meeting cells taken
/// (as a mask, ascending), then by the cells outside (ascending). Why not by size: sorting
/// cost more than the rest of the search, and the order only picks among patterns of one
/// size (the search keeps the smallest in all).
fn sides(digits: &[u16; MAX_SIZE], n_meet: usize, rests: &[(u32, u16)], c_mask: u32, v: u16, extra: i32, out: &mut Vec<Side>) {
    out.clear();
    let free = !c_mask & ((1u32 << n_meet) - 1);
    // Why a side holds fewer than C's count more digits than cells: its digits of V are
    // what it takes plus its digits less its cells (see the module); the two sides' digits
    // of V are different, so at most V's, which is C's count plus what the two take; so
    // the two sides' digits less cells come to C's count at most, and each is one or more.
    let most_over = ones(c_mask);
    // Why every subset of the free meeting cells, the empty one first: a side may take any
    // of them (in a classic grid, one at most).
    let mut taken = 0u32;
    loop {
        let held_meet = ones_of(taken).fold(0u16, |m, i| m | digits[i]);
        let size_meet = ones(taken);
        for &(rest, held_rest) in rests {
            let size = size_meet + ones(rest);
            if size == 0 || size > MAX_SIDE {
                continue;
            }
            let held = held_meet | held_rest;
            let takes = size as i32 - ones(held & !v) as i32;
            // Why more digits than cells: a side with no more is a locked set on its own,
            // which the subset techniques handle.
            if held & v != 0 && (1..extra).contains(&takes) && (size + 1..size + most_over).contains(&ones(held)) {
                out.push(Side { cells: taken | rest << n_meet, digits: held, takes });
            }
        }
        if taken == free {
            break;
        }
        taken = (taken.wrapping_sub(free)) & free;
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

/// Where the digits of a pattern land, given its parts `[C, first side, second side]` (cells
/// and the mask of those taken): a digit of V in C and the side holding it (if any), a
/// digit outside V in each side holding it, each side alone. For each landing, calls `f`
/// with the digit, the cells holding it that see all its copies there (the removals), and
/// those copies; stops at the first call that returns true, and says whether one did.
fn landings(grid: &Grid, parts: [(&[CellId], u32); 3], mut f: impl FnMut(Digit, &CellSet, &CellSet) -> bool) -> bool {
    let layout = grid.layout();
    let [vc, d1, d2] = parts.map(|(cells, mask)| mask_digits(grid, cells, mask));
    let mut land = |d: Digit, which: &[usize]| {
        let bit = 1u16 << (d - 1);
        let (mut targets, mut holders) = (*grid.digit_cells(d), CellSet::new());
        for &p in which {
            let (cells, mask) = parts[p];
            for cell in ones_of(mask).map(|i| cells[i]) {
                if grid.candidates(cell).bits() & bit != 0 {
                    targets = targets.intersection(layout.peer_set(cell));
                    holders.insert(cell);
                }
            }
        }
        f(d, &targets, &holders)
    };
    let mut rest = vc | d1 | d2;
    while rest != 0 {
        let bit = rest & rest.wrapping_neg();
        rest &= rest - 1;
        let d = bit.trailing_zeros() as Digit + 1;
        let stop = if vc & bit != 0 {
            land(d, if d1 & bit != 0 { &[0, 1] } else if d2 & bit != 0 { &[0, 2] } else { &[0] })
        } else {
            (d1 & bit != 0 && land(d, &[1])) || (d2 & bit != 0 && land(d, &[2]))
        };
        if stop {
            return true;
        }
    }
    false
}

/// The positions of the set bits of `mask`, lowest first.
fn ones_of(mut mask: u32) -> impl Iterator<Item = usize> {
    std::iter::from_fn(move || {
        (mask != 0).then(|| {
            let i = mask.trailing_zeros() as usize;
            mask &= mask - 1;
            i
        })
    })
}
