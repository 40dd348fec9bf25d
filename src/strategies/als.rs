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
//! size and then by first cell. The sets of each house, in that order and with their holder
//! groups (below), are kept per thread too, and found again only when a cell of the house
//! changed (a step leaves most houses as they were): the collection then only numbers them.
//! ALSs with the same cells holding a digit share one holder group, which keeps the cells
//! seeing all of them; restricted commons are found group to group: for each group of a
//! digit, only the groups whose first cell holds the digit and sees all of the group's
//! copies are tested. Each ALS also knows the digits a cell outside could lose (some cell
//! holding the digit sees all its copies of it), so that the techniques skip the others.
//! A position's collection and graph, once no technique holds them, lend their buffers to
//! the next position's.
//!
//! Candidates only go as a solve goes on, so a pattern whose parts are all as they were at a
//! position where its technique found nothing (ALSs of unchanged houses, an unchanged stem
//! cell) eliminated nothing there and eliminates nothing now. ALS-XZ, ALS-XY-Wing and Death
//! Blossom keep (per thread) the last position where they found nothing, and when the grid
//! descends from it (every cell holds some of what it held then), try only the patterns with
//! a changed part: the first of those to fire is the first of all. (Sue de Coq lists its
//! patterns per box-line meeting and keeps them; checking the unchanged ones again costs
//! little. The chain's search passes through every ALS whatever it starts from.) What a miss
//! says holds for every pattern, not only the first, so the searches for every instance are
//! cut the same way.
//!
//! Order (shortest proof first, and sets apart before sets sharing cells: see [`SHARED`]):
//! for the linked forms, fewest sets, then fewest cells in all,
//! then the order of the sets; the death blossom with fewest cells (stem and petals), then
//! by stem cell; Sue de Coq with fewest cells, then by box-line meeting. Every instance
//! comes in that order, the step first (see [`Keep`]); what "every" covers is told with each
//! technique.

mod blossom;
mod linked;
mod sue_de_coq;
#[cfg(test)]
mod tests;

use std::cell::{OnceCell, RefCell};
use std::rc::Rc;

use super::Finds;
use super::memo::Snapshot;
use crate::bits::ones;
use crate::deduction::{CellGroup, Deduction, Elimination};
use crate::grid::{Candidates, Cell, CellSet, Digit, Grid, MAX_SIZE};
use crate::layout::{HouseId, Layout, LayoutId};

/// What the family remembers between calls, in its field of the per-thread home
/// ([`caches`](super::caches)).
#[derive(Default)]
pub(super) struct Cache {
    /// The ALSs of the last position and their restricted commons (see [`Shared`]): the
    /// solver tries the family's techniques one after the other on the same position.
    shared: RefCell<Option<Rc<Shared>>>,
    /// Per [`Kind`], the last position where it found nothing (forgotten when its last search
    /// found something; see [`since_miss`]).
    misses: RefCell<[Snapshot; 3]>,
    /// What each house gave the last collection (see [`HouseMemo`]).
    houses: RefCell<Option<HouseMemo>>,
    /// The collection of a position left behind, whose buffers the next collection reuses.
    spare: RefCell<Option<Alss>>,
    /// Buffers of [`Alss::collect`] (see [`CollectScratch`]), so that it allocates little.
    collect: RefCell<Option<CollectScratch>>,
    /// The restricted-common graph's and the chain search's buffers (see [`linked`]).
    linked: linked::Cache,
    /// Sue de Coq's patterns per box-line meeting (see [`sue_de_coq`]).
    sue_de_coq: sue_de_coq::Cache,
}

/// Runs `f` with this thread's ALS caches.
#[inline]
fn with_cache<R>(f: impl FnOnce(&Cache) -> R) -> R {
    super::caches::with(|c| f(&c.als))
}

techniques! {
    family: Als;
    SUE_DE_COQ = "sue-de-coq", "Sue de Coq", 50, sue_de_coq::sue_de_coq;
    ALS_XZ = "als-xz", "ALS-XZ", 66, linked::als_xz;
    ALS_XY_WING = "als-xy-wing", "ALS-XY-Wing", 68, linked::als_xy_wing;
    ALS_CHAIN = "als-chain", "ALS Chain", 72, linked::als_chain;
    DEATH_BLOSSOM = "death-blossom", "Death Blossom", 74, blossom::death_blossom;
}

/// The ALSs of one position and their restricted commons, shared by the techniques of the
/// family: the solver tries them one after the other on the same position, and collecting
/// is most of their cost when nothing is found.
struct Shared {
    /// What the ALSs were collected from: the layout and the cells.
    layout: LayoutId,
    cells: Vec<Cell>,
    alss: Alss,
    graph: OnceCell<linked::Graph>,
}

impl Shared {
    fn graph(&self, grid: &Grid) -> &linked::Graph {
        self.graph.get_or_init(|| linked::Graph::build(grid, &self.alss))
    }
}

/// The ALSs of `grid`, collected once per position (per thread).
fn shared(grid: &Grid) -> Rc<Shared> {
    with_cache(|c| {
        let mut slot = c.shared.borrow_mut();
        if let Some(found) = slot.as_ref().filter(|s| s.layout == grid.layout().id() && s.cells == grid.cells()) {
            return found.clone();
        }
        // Why: the last position's collection, if no one holds it any more, lends its
        // buffers to this one (collecting allocates nothing then but what grows).
        if let Some(Ok(old)) = slot.take().map(Rc::try_unwrap) {
            *c.spare.borrow_mut() = Some(old.alss);
            if let Some(graph) = old.graph.into_inner() {
                linked::Graph::recycle(graph);
            }
        }
        let fresh = Rc::new(Shared {
            layout: grid.layout().id(),
            cells: grid.cells().to_vec(),
            alss: Alss::collect(grid, MAX_ALS),
            graph: OnceCell::new(),
        });
        *slot = Some(fresh.clone());
        fresh
    })
}

/// One digit of an almost locked set, for the grouped chains' ALS nodes (see
/// [`each_multi_cell_set`]).
pub(super) struct Holding<'a> {
    pub digit: Digit,
    /// The number of its holder group: sets with the same cells holding the digit, found
    /// in the same house, share it (numbers run from 0 up, a few hundred at most).
    pub group: usize,
    /// The cells of the set holding the digit.
    pub cells: &'a CellSet,
    /// The cells seeing all of them (holding the digit or not).
    pub seen: &'a CellSet,
    /// Whether some cell outside holding the digit sees them all (see [`Als::live`]).
    pub live: bool,
}

/// Calls `visit` with the cells, digits and each digit's [`Holding`] of every ALS of `grid`
/// with two or more cells, in the family's order (see [`shared`]), for the grouped chains'
/// ALS nodes. Why here: the family collects them once per position, and the chains ask
/// about the same positions.
pub(super) fn each_multi_cell_set(grid: &Grid, mut visit: impl FnMut(&CellSet, Candidates, &[Holding])) {
    let shared = shared(grid);
    let alss = &shared.alss;
    let mut holding = Vec::with_capacity(MAX_ALS + 1);
    for (a, als) in alss.list.iter().enumerate().filter(|(_, a)| a.size >= 2) {
        holding.clear();
        holding.extend(als.digits.iter().map(|digit| {
            let group = alss.group_of[alss.slot(a, digit)] as usize;
            let holders = &alss.groups[group];
            Holding { digit, group, cells: &holders.cells, seen: &holders.seen, live: als.live.contains(digit) }
        }));
        visit(&als.cells, als.digits, &holding);
    }
}

/// The techniques of the family, for [`since_miss`] and [`searched`].
#[derive(Clone, Copy)]
enum Kind {
    Xz,
    XyWing,
    Blossom,
}

/// What changed since a technique's last search found nothing, when the grid descends from
/// that position (see [`Snapshot`]).
///
/// Why this matters: candidates only go, so a pattern made of parts that did not change
/// (ALSs of houses whose cells are as they were, a stem cell as it was) was there at that
/// position too, with the same restricted commons and every cell it could eliminate from
/// then, or more: it eliminated nothing there, so it eliminates nothing now. Only patterns
/// with a changed part can fire, and the first of those in search order is the first of all.
struct Changes {
    /// The cells not as they were.
    cells: CellSet,
    /// Per house, whether a cell of it is not as it was.
    houses: Vec<bool>,
}

impl Changes {
    /// Whether ALS `a`'s house (the first holding it) changed: if not, its cells are as they
    /// were, and so it was an ALS then.
    fn new_als(&self, alss: &Alss, a: usize) -> bool {
        self.houses[alss.list[a].house]
    }
}

/// Per ALS, whether it may be part of a pattern that fires (see [`Changes`]): every ALS
/// without `changes`, else those of changed houses.
fn new_alss(alss: &Alss, changes: Option<&Changes>) -> Vec<bool> {
    (0..alss.list.len()).map(|a| changes.is_none_or(|c| c.new_als(alss, a))).collect()
}

/// The changes since `kind` last found nothing, if its last search found nothing and `grid`
/// descends from that position (see [`Changes`]).
fn since_miss(grid: &Grid, kind: Kind) -> Option<Changes> {
    let cells = with_cache(|c| c.misses.borrow()[kind as usize].changed_cells(grid))?;
    let layout = grid.layout();
    let houses = (0..layout.houses().len()).map(|h| !layout.house_set(h).intersection(&cells).is_empty()).collect();
    Some(Changes { cells, houses })
}

/// Records how `kind`'s search of `grid` went: a position where it found nothing is kept
/// for [`since_miss`].
fn searched(grid: &Grid, kind: Kind, found: bool) {
    with_cache(|c| {
        let mut misses = c.misses.borrow_mut();
        if found { misses[kind as usize].forget() } else { misses[kind as usize].record(grid) }
    });
}

/// What a search that ranks its instances by size (cells in all; links for the chain) keeps
/// of those it meets: the best, or every one. The step is the best, the smallest instance
/// (the first met on a tie); asked for every instance, a search offers that one first, then
/// searches again keeping every one, and offers them by size (in the order met on a tie).
///
/// Why search twice rather than keep every instance at once: the best's search skips what
/// cannot beat the best so far, which is most of the work, and a step wants nothing more.
trait Keep<T> {
    /// Whether it keeps every instance met, rather than the best so far.
    const EVERY: bool;
    /// The size an instance must be below to be kept, if any: the search skips what cannot be.
    fn bound(&self) -> Option<usize>;
    /// Keeps an instance of `size` (below [`Keep::bound`]).
    fn keep(&mut self, size: usize, found: T);
}

/// The best so far, with its size.
impl<T> Keep<T> for Option<(usize, T)> {
    const EVERY: bool = false;
    #[inline]
    fn bound(&self) -> Option<usize> {
        self.as_ref().map(|best| best.0)
    }
    fn keep(&mut self, size: usize, found: T) {
        *self = Some((size, found));
    }
}

/// Every instance met, with its size, in the order met.
impl<T> Keep<T> for Vec<(usize, T)> {
    const EVERY: bool = true;
    #[inline]
    fn bound(&self) -> Option<usize> {
        None
    }
    fn keep(&mut self, size: usize, found: T) {
        self.push((size, found));
    }
}

/// Offers the instances kept by an every-instance search, by size (the order met on a tie),
/// each made a deduction by `deduction`.
fn offer_by_size<T>(mut all: Vec<(usize, T)>, finds: &mut Finds, mut deduction: impl FnMut(T) -> Deduction) {
    // Why stable: instances of one size keep the search's order, so the first is the step.
    all.sort_by_key(|found| found.0);
    let _ = finds.add_all(all.into_iter().map(|(_, found)| deduction(found)));
}

/// An ALS as collected: size, first cell, house, cells as positions in the house, digits.
type Found = (u8, u8, u16, u32, u16);

/// What each house gave the last collection (per thread): a house's sets and their holder
/// groups depend only on its cells' candidates.
struct HouseMemo {
    layout: LayoutId,
    max: usize,
    houses: Vec<HouseSets>,
}

/// The ALSs whose first house is one house, with the stamp of the house's candidates they
/// were found from, and their holder groups: all the collection needs of the house but the
/// numbering, which depends on the other houses.
#[derive(Clone, Default)]
struct HouseSets {
    /// The house's stamp ([`Grid::house_stamp`]) when the sets were found; 0 before.
    stamp: u64,
    /// The sets by size, then first cell (found order on ties), with their cells: the order
    /// the collection keeps them in.
    sets: Vec<(Found, CellSet)>,
    /// `group_of[entry_start[i]..entry_start[i + 1]]`: for each digit of set `i`, ascending,
    /// its holder group in `groups`.
    entry_start: Vec<u32>,
    group_of: Vec<u32>,
    /// The holder groups by digit, then in the order of their first set; `start..end` index
    /// `members` (sets by their place in `sets`).
    groups: Vec<Holders>,
    members: Vec<u32>,
    /// `groups[digit_starts[d - 1]..digit_starts[d]]`: the groups of digit `d`.
    digit_starts: Vec<u32>,
}

/// The buffers [`Alss::collect`] numbers the sets with.
#[derive(Default)]
struct CollectScratch {
    search: (Vec<u16>, Vec<usize>, Vec<(u32, u16)>),
    counts: Vec<u32>,
    set_offset: Vec<u32>,
    number: Vec<u32>,
    place: Vec<(u32, u32)>,
    group_offset: Vec<u32>,
    member_offset: Vec<u32>,
}

/// The most cells an ALS may have: larger sets are rare in proofs a person follows, and
/// their number grows fast.
const MAX_ALS: usize = 4;

/// Added to the size of a pattern whose sets share cells, so that it comes after every
/// pattern of sets apart (more than any such pattern's cells). Why: sets apart are the form
/// a solver looks for first and reads most easily; sharing cells is the extension.
const SHARED: usize = 4 * MAX_ALS + 2;

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
    /// `slots[a * size + digit - 1]`: [`Alss::slot`] of ALS `a` and `digit`, for the digits
    /// it holds (the others' are left as they come).
    slots: Vec<u32>,
}

impl HouseSets {
    /// Finds the sets of one to `max` cells whose first house is `house`, and their holder
    /// groups.
    fn search(&mut self, grid: &Grid, house: HouseId, max: usize, scratch: &mut (Vec<u16>, Vec<usize>, Vec<(u32, u16)>)) {
        self.stamp = grid.house_stamp(house);
        self.find_sets(grid, house, max, scratch);
        self.find_holders(grid, house);
    }

    /// Fills [`HouseSets::sets`] (by size, then first cell) and where each set's digits
    /// start in [`HouseSets::group_of`].
    fn find_sets(&mut self, grid: &Grid, house: HouseId, max: usize, scratch: &mut (Vec<u16>, Vec<usize>, Vec<(u32, u16)>)) {
        let layout = grid.layout();
        let h = layout.house(house);
        let (masks, at, subsets) = scratch;
        self.sets.clear();
        masks.clear();
        at.clear();
        for (i, &cell) in h.cells.iter().enumerate() {
            let candidates = grid.candidates(cell).bits();
            // Why: a cell with more than max + 1 candidates is in no ALS of max cells; a cell
            // with one is a single, to be placed before any ALS is looked for.
            if (2..=max + 1).contains(&ones(candidates)) {
                masks.push(candidates);
                at.push(i);
            }
        }
        subsets.clear();
        grow(masks, 0, 0, 0, 0, max as u32, subsets);
        for &(chosen, digits) in subsets.iter() {
            let places = (0..at.len()).filter(|&i| chosen & (1 << i) != 0).fold(0u32, |acc, i| acc | (1 << at[i]));
            let first = h.cells[places.trailing_zeros() as usize];
            let n = ones(chosen);
            // Why: a set lying in an earlier house as well was found there.
            if n > 1 || layout.houses_of(first)[0] != house {
                let earlier = layout.houses_of(first).iter().any(|&e| {
                    e < house && (0..h.cells.len()).all(|i| places & (1 << i) == 0 || layout.house_set(e).contains(h.cells[i]))
                });
                if earlier {
                    continue;
                }
            }
            let mut cells = CellSet::new();
            let mut rest = places;
            while rest != 0 {
                cells.insert(h.cells[rest.trailing_zeros() as usize]);
                rest &= rest - 1;
            }
            self.sets.push(((n as u8, first as u8, house as u16, places, digits), cells));
        }
        // Why: stable, so that sets of one size and first cell keep the order found.
        self.sets.sort_by_key(|(f, _)| (f.0, f.1));
        self.entry_start.clear();
        self.entry_start.push(0);
        for (f, _) in &self.sets {
            self.entry_start.push(self.entry_start[self.entry_start.len() - 1] + ones(f.4) as u32);
        }
    }

    /// Fills the holder groups of the sets found: per digit, one group per places in the
    /// house, its members the sets holding the digit there.
    fn find_holders(&mut self, grid: &Grid, house: HouseId) {
        let layout = grid.layout();
        let h = layout.house(house);
        self.group_of.clear();
        self.group_of.resize(self.entry_start[self.sets.len()] as usize, 0);
        self.groups.clear();
        self.members.clear();
        self.digit_starts.clear();
        // The positions of each digit in the house.
        let mut positions = [0u32; MAX_SIZE];
        for (i, &cell) in h.cells.iter().enumerate() {
            let mut bits = grid.candidates(cell).bits();
            while bits != 0 {
                positions[bits.trailing_zeros() as usize] |= 1 << i;
                bits &= bits - 1;
            }
        }
        // Per digit: one group per places, in the order of the sets holding it.
        for d in 1..=layout.size() as Digit {
            let bit = 1u16 << (d - 1);
            let first_group = self.groups.len();
            self.digit_starts.push(first_group as u32);
            for (i, ((_, _, _, cells, bits), _)) in self.sets.iter().enumerate() {
                if bits & bit == 0 {
                    continue;
                }
                let places = cells & positions[d as usize - 1];
                let g = match self.groups[first_group..].iter().position(|g| g.places == places) {
                    Some(k) => first_group + k,
                    None => {
                        let (mut cells, mut seen, mut rest) = (CellSet::new(), CellSet::new(), places);
                        while rest != 0 {
                            let cell = h.cells[rest.trailing_zeros() as usize];
                            seen = if cells.is_empty() { *layout.peer_set(cell) } else { seen.intersection(layout.peer_set(cell)) };
                            cells.insert(cell);
                            rest &= rest - 1;
                        }
                        self.groups.push(Holders { house, places, cells, seen, start: 0, end: 0 });
                        self.groups.len() - 1
                    }
                };
                self.groups[g].end += 1;
                let slot = self.entry_start[i] + ones(bits & (bit - 1)) as u32;
                self.group_of[slot as usize] = g as u32;
            }
            // Members: each group's sets in order, the groups one after the other.
            let mut at = self.members.len() as u32;
            for g in &mut self.groups[first_group..] {
                g.start = at;
                at += g.end;
                g.end = g.start;
            }
            self.members.resize(at as usize, 0);
            for (i, ((_, _, _, _, bits), _)) in self.sets.iter().enumerate() {
                if bits & bit != 0 {
                    let g = &mut self.groups[self.group_of[(self.entry_start[i] + ones(bits & (bit - 1)) as u32) as usize] as usize];
                    self.members[g.end as usize] = i as u32;
                    g.end += 1;
                }
            }
        }
        self.digit_starts.push(self.groups.len() as u32);
    }
}

/// Numbers the sets of every house by size, then first cell (a counting sort: the houses
/// stay in order, and each house's sets are in that order already):
/// `number[set_offset[h] + i]` is the number of set `i` of house `h`, and `place` the
/// reverse. `counts` is a buffer.
fn number_sets(houses: &[HouseSets], max: usize, cell_count: usize, counts: &mut Vec<u32>, set_offset: &mut Vec<u32>, number: &mut Vec<u32>, place: &mut Vec<(u32, u32)>) {
    counts.clear();
    counts.resize((max + 1) * cell_count + 1, 0);
    for (f, _) in houses.iter().flat_map(|h| &h.sets) {
        counts[f.0 as usize * cell_count + f.1 as usize + 1] += 1;
    }
    for k in 1..counts.len() {
        counts[k] += counts[k - 1];
    }
    let total = counts[counts.len() - 1] as usize;
    set_offset.clear();
    number.clear();
    place.clear();
    place.resize(total, (0, 0));
    for (house, h) in houses.iter().enumerate() {
        set_offset.push(number.len() as u32);
        for (i, (f, _)) in h.sets.iter().enumerate() {
            let slot = &mut counts[f.0 as usize * cell_count + f.1 as usize];
            number.push(*slot);
            place[*slot as usize] = (house as u32, i as u32);
            *slot += 1;
        }
    }
}

/// Marks each ALS's live digits: those of a holder group that some cell holding the digit
/// sees all of. The buckets go digit by digit within each house.
fn mark_live(grid: &Grid, groups: &[Holders], members: &[u32], starts: &[u32], list: &mut [Als]) {
    let layout = grid.layout();
    let size = layout.size();
    for house in 0..layout.houses().len() {
        for d in 0..size {
            let (k, digit) = (house * size + d, (d + 1) as Digit);
            for g in &groups[starts[k] as usize..starts[k + 1] as usize] {
                if !g.seen.intersection(grid.digit_cells(digit)).is_empty() {
                    for &a in &members[g.start as usize..g.end as usize] {
                        list[a as usize].live.insert(digit);
                    }
                }
            }
        }
    }
}

impl Alss {
    /// Collects every ALS of one to `max` cells.
    fn collect(grid: &Grid, max: usize) -> Alss {
        let layout = grid.layout();
        let size = layout.size();
        let (memo, scratch, spare) = with_cache(|c| (c.houses.take(), c.collect.take(), c.spare.take()));
        let mut memo = memo
            .filter(|m| m.layout == layout.id() && m.max == max)
            .unwrap_or_else(|| HouseMemo { layout: layout.id(), max, houses: vec![HouseSets::default(); layout.houses().len()] });
        let mut scratch = scratch.unwrap_or_default();
        let CollectScratch { search, counts, set_offset, number, place, group_offset, member_offset } = &mut scratch;
        let (mut list, mut group_of, mut groups, mut members, mut starts, mut slots) = match spare {
            Some(a) => (a.list, a.group_of, a.groups, a.members, a.starts, a.slots),
            None => Default::default(),
        };
        for house in 0..layout.houses().len() {
            let sets = &mut memo.houses[house];
            // Why: a house's sets depend only on its cells' candidates, and a step leaves
            // most houses as they were.
            if sets.stamp != grid.house_stamp(house) {
                sets.search(grid, house, max, search);
            }
        }
        let houses = &memo.houses;
        number_sets(houses, max, layout.cell_count(), counts, set_offset, number, place);
        // The groups and members of each house follow those of the houses before.
        group_offset.clear();
        member_offset.clear();
        groups.clear();
        members.clear();
        starts.clear();
        for (house, h) in houses.iter().enumerate() {
            let (g0, m0) = (groups.len() as u32, members.len() as u32);
            group_offset.push(g0);
            member_offset.push(m0);
            groups.extend(h.groups.iter().map(|g| Holders { start: g.start + m0, end: g.end + m0, ..*g }));
            members.extend(h.members.iter().map(|&i| number[(set_offset[house] + i) as usize]));
            starts.extend(h.digit_starts[..size].iter().map(|&k| g0 + k));
        }
        list.clear();
        group_of.clear();
        // Why: not cleared, as only the slots of the digits an ALS holds are read.
        slots.resize(place.len() * size, 0);
        for (a, &(house, i)) in place.iter().enumerate() {
            let (house, i) = (house as usize, i as usize);
            let h = &houses[house];
            let ((n, _, _, _, bits), cells) = h.sets[i];
            let first = group_of.len();
            let (mut rest, mut slot) = (bits, first as u32);
            while rest != 0 {
                slots[a * size + rest.trailing_zeros() as usize] = slot;
                slot += 1;
                rest &= rest - 1;
            }
            group_of.extend(h.group_of[h.entry_start[i] as usize..h.entry_start[i + 1] as usize].iter().map(|&g| g + group_offset[house]));
            list.push(Als { cells, digits: Candidates::from_bits(bits), live: Candidates::EMPTY, size: n as usize, house, first });
        }
        starts.push(groups.len() as u32);
        mark_live(grid, &groups, &members, &starts, &mut list);
        with_cache(|c| {
            *c.houses.borrow_mut() = Some(memo);
            *c.collect.borrow_mut() = Some(scratch);
        });
        Alss { list, group_of, groups, members, starts, size, slots }
    }

    /// The index of ALS `a` and `digit` (which it must hold) in [`Alss::group_of`].
    fn slot(&self, a: usize, digit: Digit) -> usize {
        debug_assert!(self.list[a].digits.contains(digit));
        self.slots[a * self.size + digit as usize - 1] as usize
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

    /// The holder groups of `digit`, house by house.
    fn groups_of_digit(&self, digit: Digit) -> impl Iterator<Item = usize> + '_ {
        (digit as usize - 1..self.starts.len() - 1).step_by(self.size).flat_map(|k| self.starts[k] as usize..self.starts[k + 1] as usize)
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
        let count = ones(digits) as u32;
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

/// Calls `f` with each cell of `set`, in ascending order.
// Why: cheaper than `CellSet::iter` (an iterator held across the loop's body) where it runs
// for every digit or group of every position searched: with `iter` there, the ALS techniques
// took 2.1M more instructions on top1465's first 40.
#[inline(always)]
fn each_cell(set: &CellSet, mut f: impl FnMut(usize)) {
    for (w, &word) in set.words().iter().enumerate() {
        let mut bits = word;
        while bits != 0 {
            f(w * 64 + bits.trailing_zeros() as usize);
            bits &= bits - 1;
        }
    }
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
