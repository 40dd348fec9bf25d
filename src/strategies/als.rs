//! Almost locked sets: Sue de Coq, ALS-XZ, ALS-XY-Wing, ALS Chain and Death Blossom (guides
//! `strategies/<id>.md`).
//!
//! An almost locked set (ALS) is `n` empty cells of one house holding `n + 1` digits between
//! them; a single cell with two candidates is an ALS of one cell. The cells of a house take
//! different digits, so an ALS misses at most one of its digits: if one digit is taken away,
//! the rest are locked in it. Variant rules give no ALSs (only houses make "one of each
//! digit"), but their extra sight counts for restricted commons and eliminations, and every
//! removal that needs it names the rule.
//!
//! Two ALSs A and B with no cell in common share a restricted common digit X when every cell
//! of A holding X sees every cell of B holding X: X then sits in at most one of the two.
//!
//! - ALS-XZ (`linked`): A and B share a restricted common X, so one of them loses X and is
//!   locked; a digit Z of both sits in A or in B, and leaves every cell seeing all the Z's of
//!   both. With two restricted commons (doubly linked) both sets are locked but for one of
//!   the two commons each: every other digit of A leaves the cells seeing all of A's copies
//!   (the same for B), and each common leaves the cells seeing all its copies in A and B.
//! - ALS-XY-Wing (`linked`): A-X-C-Y-B, X and Y different: C keeps X or Y, so A or B loses
//!   its common with C; Z of A and B leaves the cells seeing all the Z's of A and B.
//! - ALS Chain (`linked`): the same with four or more sets, each joined to the next by a
//!   restricted common different from the one before (three sets are the XY-Wing).
//! - Death Blossom (`blossom`): a stem cell with three or more candidates; for each of them
//!   a petal ALS whose copies of that digit all see the stem. Whatever the stem holds, its
//!   petal loses that digit and is locked; a digit Z of every petal (not of the stem) leaves
//!   the cells seeing all the petals' Z's. (A two-candidate stem is an ALS-XY-Wing.)
//! - Sue de Coq (`sue_de_coq`): two or more cells where a box meets a line, holding at least
//!   two digits more than cells, completed by a set of cells of the line and a set of the box
//!   (outside the meeting) that share no digit, so that all the cells together hold exactly
//!   as many digits as there are cells.
//!
//! ALSs are collected once per position (the solver tries the family's techniques one
//! after the other on the same position, so they share one collection, kept per thread and
//! checked against the grid's cells): every set of one to [`MAX_ALS`] empty cells of a house
//! with one digit more than cells, each set once (the first house holding it), sorted by
//! size and then by first cell. The sets of each house are kept per thread too, and found
//! again only when a cell of the house changed (a step leaves most houses as they were).
//! ALSs with the same cells holding a digit share one holder group, which keeps the cells
//! seeing all of them; restricted commons are found group to group: for each group of a
//! digit, only the groups whose first cell holds the digit and sees all of the group's
//! copies are tested. Each ALS also knows the digits a cell outside could lose (some cell
//! holding the digit sees all its copies of it), so that the techniques skip the others.
//!
//! Order (shortest proof first): for the linked forms, fewest sets, then fewest cells in all,
//! then the order of the sets; the death blossom with fewest cells (stem and petals), then
//! by stem cell; Sue de Coq with fewest cells, then by box-line meeting.

mod blossom;
mod linked;
mod sue_de_coq;
#[cfg(test)]
mod tests;

use std::cell::{OnceCell, RefCell};
use std::rc::Rc;
use std::sync::Arc;

use super::Technique;
use crate::deduction::{CellGroup, Elimination};
use crate::grid::{Candidates, Cell, CellSet, Digit, Grid};
use crate::layout::{HouseId, Layout};

pub(super) static TECHNIQUES: &[Technique] = &[
    technique!("sue-de-coq", "Sue de Coq", "als", 50, sue_de_coq::sue_de_coq),
    technique!("als-xz", "ALS-XZ", "als", 66, linked::als_xz),
    technique!("als-xy-wing", "ALS-XY-Wing", "als", 68, linked::als_xy_wing),
    technique!("als-chain", "ALS Chain", "als", 72, linked::als_chain),
    technique!("death-blossom", "Death Blossom", "als", 74, blossom::death_blossom),
];

/// The ALSs of one position and their restricted commons, shared by the techniques of the
/// family: the solver tries them one after the other on the same position, and collecting
/// is most of their cost when nothing is found.
struct Shared {
    /// What the ALSs were collected from (the layout is kept alive so that it stays unique).
    layout: Arc<Layout>,
    cells: Vec<Cell>,
    alss: Alss,
    graph: OnceCell<linked::Graph>,
}

impl Shared {
    fn graph(&self, grid: &Grid) -> &linked::Graph {
        self.graph.get_or_init(|| linked::Graph::build(grid, &self.alss))
    }
}

thread_local! {
    static SHARED: RefCell<Option<Rc<Shared>>> = const { RefCell::new(None) };
}

/// The ALSs of `grid`, collected once per position (per thread).
fn shared(grid: &Grid) -> Rc<Shared> {
    SHARED.with(|slot| {
        let mut slot = slot.borrow_mut();
        if let Some(found) = slot.as_ref().filter(|s| Arc::ptr_eq(&s.layout, grid.layout_arc()) && s.cells == grid.cells()) {
            return found.clone();
        }
        let fresh = Rc::new(Shared {
            layout: grid.layout_arc().clone(),
            cells: grid.cells().to_vec(),
            alss: Alss::collect(grid, MAX_ALS),
            graph: OnceCell::new(),
        });
        *slot = Some(fresh.clone());
        fresh
    })
}

/// An ALS as collected: size, first cell, house, cells as positions in the house, digits.
type Found = (u8, u8, u16, u32, u16);

/// The ALSs found in each house by the last collection (per thread), with the candidates of
/// the house's cells they were found from.
struct HouseMemo {
    layout: Arc<Layout>,
    max: usize,
    houses: Vec<(Vec<u16>, Vec<Found>)>,
}

thread_local! {
    static HOUSES: RefCell<Option<HouseMemo>> = const { RefCell::new(None) };
}

/// The most cells an ALS may have: larger sets are rare in proofs a person follows, and
/// their number grows fast.
const MAX_ALS: usize = 4;

/// One almost locked set.
#[derive(Clone, Copy, Debug)]
struct Als {
    cells: CellSet,
    digits: Candidates,
    /// The digits some cell outside could lose: those whose copies in the set are all seen
    /// by a cell holding the digit (see [`Alss::seen`]).
    live: Candidates,
    /// How many cells (the digits are one more).
    size: usize,
    /// The first house holding all its cells.
    house: HouseId,
    /// Index in [`Alss::group_of`] of the entry of its lowest digit; the entries of its
    /// other digits follow in ascending order.
    first: usize,
}

/// The cells of one house holding one digit in one or more ALSs of that house: ALSs with the
/// same holders of a digit share their restricted commons on it.
#[derive(Clone, Copy, Debug)]
struct Holders {
    /// The house holding the cells (of the ALSs' first house).
    house: HouseId,
    /// Positions in the house (bit `i` for `house.cells[i]`).
    places: u32,
    cells: CellSet,
    /// The cells seeing all of `cells`.
    seen: CellSet,
    /// `Alss::members[start..end]`: the ALSs with these holders.
    start: u32,
    end: u32,
}

/// Every ALS of a grid, with per digit the cells holding it and the cells seeing all of
/// those, and an index to find the ALSs whose copies of a digit lie in a given region.
struct Alss {
    list: Vec<Als>,
    /// For each ALS and digit (see [`Als::first`]), its holders in `groups`.
    group_of: Vec<u32>,
    groups: Vec<Holders>,
    members: Vec<u32>,
    /// `groups[starts[k]..starts[k + 1]]` for `k = house * size + digit - 1`: the holder
    /// groups of that house (the ALSs' first) and digit.
    starts: Vec<u32>,
    /// The layout's size (digits per house).
    size: usize,
}

impl Alss {
    /// Collects every ALS of one to `max` cells.
    fn collect(grid: &Grid, max: usize) -> Alss {
        let layout = grid.layout();
        let size = layout.size();
        let mut found: Vec<Found> = Vec::new();
        let mut masks: Vec<u16> = Vec::with_capacity(size);
        let mut at: Vec<usize> = Vec::with_capacity(size);
        let mut subsets: Vec<(u32, u16)> = Vec::new();
        let mut memo = HOUSES
            .with(|m| m.borrow_mut().take())
            .filter(|m| Arc::ptr_eq(&m.layout, grid.layout_arc()) && m.max == max)
            .unwrap_or_else(|| HouseMemo { layout: grid.layout_arc().clone(), max, houses: vec![Default::default(); layout.houses().len()] });
        for (house, h) in layout.houses().iter().enumerate() {
            let (key, sets) = &mut memo.houses[house];
            // Why: a house's sets depend only on its cells' candidates, and a step leaves
            // most houses as they were.
            if key.len() == h.cells.len() && h.cells.iter().zip(key.iter()).all(|(&c, &k)| grid.candidates(c).bits() == k) {
                found.extend_from_slice(sets);
                continue;
            }
            key.clear();
            key.extend(h.cells.iter().map(|&c| grid.candidates(c).bits()));
            sets.clear();
            masks.clear();
            at.clear();
            for (i, &cell) in h.cells.iter().enumerate() {
                let candidates = grid.candidates(cell).bits();
                // Why: a cell with more than max + 1 candidates is in no ALS of max cells.
                if (2..=max as u32 + 1).contains(&ones(candidates)) {
                    masks.push(candidates);
                    at.push(i);
                }
            }
            subsets.clear();
            grow(&masks, 0, 0, 0, 0, max as u32, &mut subsets);
            for &(chosen, digits) in &subsets {
                let places = (0..at.len()).filter(|&i| chosen & (1 << i) != 0).fold(0u32, |acc, i| acc | (1 << at[i]));
                let first = h.cells[places.trailing_zeros() as usize];
                let n = ones(chosen as u16);
                // Why: a set lying in an earlier house as well was found there.
                if n > 1 || layout.houses_of(first)[0] != house {
                    let earlier = layout.houses_of(first).iter().any(|&e| {
                        e < house && (0..h.cells.len()).all(|i| places & (1 << i) == 0 || layout.house_set(e).contains(h.cells[i]))
                    });
                    if earlier {
                        continue;
                    }
                }
                sets.push((n as u8, first as u8, house as u16, places, digits));
            }
            found.extend_from_slice(sets);
        }
        HOUSES.with(|m| *m.borrow_mut() = Some(memo));
        // Sort by size, then first cell (a counting sort: the houses stay in order).
        let cell_count = layout.cell_count();
        let mut counts = vec![0u32; (max + 1) * cell_count + 1];
        for &(n, first, ..) in &found {
            counts[n as usize * cell_count + first as usize + 1] += 1;
        }
        for k in 1..counts.len() {
            counts[k] += counts[k - 1];
        }
        let mut sorted = vec![(0, 0, 0, 0, 0); found.len()];
        for &f in &found {
            let slot = &mut counts[f.0 as usize * cell_count + f.1 as usize];
            sorted[*slot as usize] = f;
            *slot += 1;
        }
        let found = sorted;
        // Each ALS, and (bucket, places, slot) for each of its digits.
        let mut list = Vec::with_capacity(found.len());
        let mut entries: Vec<(u32, u32, u32)> = Vec::with_capacity(found.len() * (max + 1));
        for &(n, _, house, cells, bits) in &found {
            let house = house as usize;
            let h = &layout.house(house).cells;
            let mut set = CellSet::new();
            let mut rest = cells;
            while rest != 0 {
                set.insert(h[rest.trailing_zeros() as usize]);
                rest &= rest - 1;
            }
            let digits = Candidates::from_bits(bits);
            let first = entries.len();
            for d in digits.iter() {
                let bit = 1u16 << (d - 1);
                let (mut places, mut rest) = (0u32, cells);
                while rest != 0 {
                    let i = rest.trailing_zeros() as usize;
                    rest &= rest - 1;
                    if grid.candidates(h[i]).bits() & bit != 0 {
                        places |= 1 << i;
                    }
                }
                entries.push(((house * size + d as usize - 1) as u32, places, list.len() as u32));
            }
            list.push(Als { cells: set, digits, live: Candidates::EMPTY, size: n as usize, house, first });
        }
        // One holder group per bucket (house and digit) and places: entries are spread into
        // their buckets by a counting sort (each keeping the order of the ALSs), and grouped
        // by places within a bucket.
        let buckets = layout.houses().len() * size;
        let mut starts = vec![0u32; buckets + 1];
        for &(bucket, _, _) in &entries {
            starts[bucket as usize + 1] += 1;
        }
        for k in 1..starts.len() {
            starts[k] += starts[k - 1];
        }
        let mut fill = starts.clone();
        let mut order = vec![0u32; entries.len()];
        for (e, &(bucket, _, _)) in entries.iter().enumerate() {
            order[fill[bucket as usize] as usize] = e as u32;
            fill[bucket as usize] += 1;
        }
        let mut group_of = vec![0u32; entries.len()];
        let mut groups: Vec<Holders> = Vec::with_capacity(entries.len());
        let mut members = vec![0u32; entries.len()];
        for bucket in 0..buckets {
            let (from, to) = (starts[bucket] as usize, starts[bucket + 1] as usize);
            starts[bucket] = groups.len() as u32;
            if from == to {
                continue;
            }
            let first_group = groups.len();
            let house = bucket / size;
            for &e in &order[from..to] {
                let places = entries[e as usize].1;
                let g = match groups[first_group..].iter().position(|g| g.places == places) {
                    Some(k) => first_group + k,
                    None => {
                        let h = &layout.house(house).cells;
                        let (mut cells, mut seen, mut rest) = (CellSet::new(), CellSet::new(), places);
                        while rest != 0 {
                            let cell = h[rest.trailing_zeros() as usize];
                            seen = if cells.is_empty() { *layout.peer_set(cell) } else { seen.intersection(layout.peer_set(cell)) };
                            cells.insert(cell);
                            rest &= rest - 1;
                        }
                        groups.push(Holders { house, places, cells, seen, start: 0, end: 0 });
                        groups.len() - 1
                    }
                };
                groups[g].end += 1;
                group_of[e as usize] = g as u32;
            }
            // Members: each group's ALSs in order, the groups one after the other.
            let mut at = from as u32;
            for g in &mut groups[first_group..] {
                g.start = at;
                at += g.end;
                g.end = g.start;
            }
            for &e in &order[from..to] {
                let g = &mut groups[group_of[e as usize] as usize];
                members[g.end as usize] = entries[e as usize].2;
                g.end += 1;
            }
        }
        starts[buckets] = groups.len() as u32;
        for (bucket, range) in starts.windows(2).enumerate() {
            let digit = (bucket % size + 1) as Digit;
            for g in &groups[range[0] as usize..range[1] as usize] {
                if !g.seen.intersection(grid.digit_cells(digit)).is_empty() {
                    for &a in &members[g.start as usize..g.end as usize] {
                        list[a as usize].live.insert(digit);
                    }
                }
            }
        }
        Alss { list, group_of, groups, members, starts, size }
    }

    /// The index of ALS `a` and `digit` (which it must hold) in [`Alss::group_of`].
    fn slot(&self, a: usize, digit: Digit) -> usize {
        let als = &self.list[a];
        debug_assert!(als.digits.contains(digit));
        als.first + ones(als.digits.bits() & ((1u16 << (digit - 1)) - 1)) as usize
    }

    /// The holder group of ALS `a` and `digit` (which it must hold).
    fn group(&self, a: usize, digit: Digit) -> &Holders {
        &self.groups[self.group_of[self.slot(a, digit)] as usize]
    }

    /// The cells of ALS `a` holding `digit` (which it must hold).
    fn holders(&self, a: usize, digit: Digit) -> &CellSet {
        &self.group(a, digit).cells
    }

    /// The cells seeing every cell of ALS `a` that holds `digit`.
    fn seen(&self, a: usize, digit: Digit) -> &CellSet {
        &self.group(a, digit).seen
    }

    /// The ALSs with holder group `g`.
    fn members_of(&self, g: usize) -> &[u32] {
        &self.members[self.groups[g].start as usize..self.groups[g].end as usize]
    }

    /// Sets `out` to the holder groups of `digit`, house by house.
    fn groups_of_digit(&self, digit: Digit, out: &mut Vec<usize>) {
        out.clear();
        for k in (digit as usize - 1..self.starts.len() - 1).step_by(self.size) {
            out.extend(self.starts[k] as usize..self.starts[k + 1] as usize);
        }
    }

    /// ALS `a` as a pattern group.
    fn cell_group(&self, a: usize) -> CellGroup {
        CellGroup { cells: self.list[a].cells.iter().collect(), digits: self.list[a].digits }
    }
}

/// Extends `chosen` (`n` of the cells before index `start`, whose candidate bits are `masks`,
/// holding the digits `union`) by each later cell in turn, recording every ALS met as its
/// cells (bit `i` for `masks[i]`) and digits.
fn grow(masks: &[u16], start: usize, chosen: u32, n: u32, union: u16, max: u32, found: &mut Vec<(u32, u16)>) {
    for (i, &mask) in masks.iter().enumerate().skip(start) {
        let digits = union | mask;
        let count = ones(digits);
        // Why: digits only grow as cells are added, and an ALS of at most max cells has at
        // most max + 1 digits.
        if count > max + 1 {
            continue;
        }
        let with = chosen | (1 << i);
        if count == n + 2 {
            found.push((with, digits));
        }
        if n + 1 < max {
            grow(masks, i + 1, with, n + 1, digits, max, found);
        }
    }
}

/// How many bits of `bits` are set (a table: `count_ones` is slow on baseline x86-64).
fn ones(bits: u16) -> u32 {
    const TABLE: [u8; 256] = {
        let mut t = [0u8; 256];
        let mut i = 0;
        while i < 256 {
            t[i] = (i as u8).count_ones() as u8;
            i += 1;
        }
        t
    };
    (TABLE[(bits & 0xff) as usize] + TABLE[(bits >> 8) as usize]) as u32
}

/// Removes `digit` from the cells of `targets`, each naming the variant rule it needs to see
/// all of `seen`.
fn remove_seeing(layout: &Layout, targets: &CellSet, digit: Digit, seen: &CellSet, out: &mut Vec<Elimination>) {
    for cell in targets.iter() {
        out.push(Elimination { cell, digit, via: layout.rule_needed(cell, seen.iter()) });
    }
}

/// Sorts eliminations by cell, then digit, dropping repeats (keeping one a house explains,
/// if any).
fn tidy(eliminations: &mut Vec<Elimination>) {
    eliminations.sort_by_key(|e| (e.cell, e.digit, e.via.is_some()));
    eliminations.dedup_by_key(|e| (e.cell, e.digit));
}
