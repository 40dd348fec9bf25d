//! Single-digit patterns: Skyscraper, 2-String Kite, Turbot Fish and Empty Rectangle (guides
//! `strategies/skyscraper.md`, `strategies/two-string-kite.md`, `strategies/turbot-fish.md`
//! and `strategies/empty-rectangle.md`).
//!
//! All four are the same short chain for one digit: a strong link (a conjugate pair: the only
//! two places of the digit in a house), a weak link (two cells that see each other cannot both
//! hold it) and a second strong link, `(d)x1 = (d)y1 - (d)y2 = (d)x2`. If x1 is false, y1 is
//! true, so y2 is false and x2 true: x1 or x2 holds the digit, and every cell that sees both
//! loses it.
//!
//! - **Skyscraper**: both strong links in lines of one kind (two rows or two columns), y1 and
//!   y2 in one cross line. When x1 and x2 also share a cross line the four cells are an X-Wing,
//!   which is left to X-Wing.
//! - **2-String Kite**: one strong link in a row, one in a column; y1 and y2 in one box that
//!   holds neither x1 nor x2. Dual form: the same two box cells often carry a second kite with
//!   the lines swapped (y2's row, y1's column); when both kites remove something, one step
//!   reports both.
//! - **Turbot Fish**: every other chain of that shape: strong links in any houses (boxes
//!   too), the weak link any sight, a shared house or a variant rule. An instance shaped as a
//!   Skyscraper, an X-Wing or a 2-String Kite (same cells, same ends) is skipped, so Turbot
//!   Fish reports only what those techniques do not.
//! - **Empty Rectangle**: a box whose candidates of the digit all lie in one row and one
//!   column of it (and not in just one line) holds the digit either in the column part or in
//!   the rest of the row part (or the other way round). A conjugate pair outside the box
//!   whose cell p sees all of the row part then gives `(d)column part = (d)row part - (d)p =
//!   (d)q`: a cell seeing q and all of the column part loses the digit. Dual form: one step
//!   reports every conjugate pair that works with the same box (both arms, every cross).
//!
//! Variant rules: strong links come only from houses. The weak link of a Turbot Fish (and
//! p's sight of an Empty Rectangle's arm) may be any sight, a knight's or king's move
//! included; so may the eliminations. Every removal names the rule it relies on: the rule of
//! the weak link if it needs one, else the rule the removed cell needs to see the chain's ends.
//!
//! Search order (all instances are four links long, so the order is by position): digit,
//! then the conjugate pairs in house order (rows, columns, boxes) and their two ends. Turbot
//! Fish and Empty Rectangle prefer an instance whose weak link is a shared house to one that
//! needs a variant rule. Empty Rectangle goes digit, then box, and reports all of the box's
//! links at once; a 2-String Kite reports its dual partner with it.

use std::cell::RefCell;
use std::rc::Rc;

use super::memo::{DigitMemo, PositionTable};
use super::{Finds, caches};
use crate::deduction::{Chain, Deduction, Elimination, Link, Node, Pattern};
use crate::grid::{Candidates, Cell, CellSet, Digit, Grid, MAX_SIZE};
use crate::layout::kind_bits::{BOX, COL, ROW, kind_bit};
use crate::layout::{CellId, HouseId, HouseKind, Layout, MAX_HOUSES};
use crate::rules::Rule;

/// What the single-digit patterns remember between calls, in their field of the per-thread
/// home ([`caches`](super::caches)).
#[derive(Default)]
pub(super) struct Cache {
    /// The last position's conjugate pairs (see [`Conjugates::shared`]).
    conjugates: RefCell<PositionTable<Conjugates>>,
    /// What each technique found per digit (see [`memo`](super::memo)): (first instance
    /// with a shared-house weak link, first one needing a variant rule); Skyscraper and
    /// 2-String Kite only use the first.
    skyscrapers: RefCell<DigitMemo<Found>>,
    kites: RefCell<DigitMemo<Found>>,
    turbots: RefCell<DigitMemo<Found>>,
    empty_rectangles: RefCell<DigitMemo<Found>>,
}

techniques! {
    family: SingleDigit;
    SKYSCRAPER = "skyscraper", "Skyscraper", 40, |g, f| by_digit(|c| &c.skyscrapers, g, skyscraper_of, f);
    TWO_STRING_KITE = "two-string-kite", "2-String Kite", 41, |g, f| by_digit(|c| &c.kites, g, kite_of, f);
    TURBOT_FISH = "turbot-fish", "Turbot Fish", 42, |g, f| by_digit(|c| &c.turbots, g, turbot_of, f);
    EMPTY_RECTANGLE = "empty-rectangle", "Empty Rectangle", 45, |g, f| by_digit(|c| &c.empty_rectangles, g, empty_rectangle_of, f);
}

/// One cell of a conjugate pair, with its row, column and box (0-based) worked out once.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct End {
    pub cell: CellId,
    row: usize,
    col: usize,
    boxi: usize,
}

impl End {
    fn new(layout: &Layout, cell: CellId) -> End {
        let mut end = End { cell, row: 0, col: 0, boxi: 0 };
        // Why: the houses of a cell are at hand; their indices spare three divisions.
        for &h in layout.houses_of(cell) {
            let house = layout.house(h);
            match house.kind {
                HouseKind::Row => end.row = house.index,
                HouseKind::Column => end.col = house.index,
                HouseKind::Box => end.boxi = house.index,
                HouseKind::Extra => {}
            }
        }
        end
    }
}

/// A conjugate pair: the only two cells of a house that hold a digit.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Pair {
    /// The two cells, ascending.
    pub cells: [End; 2],
    /// The kinds of house (`ROW | COL | BOX` bits) in which these two are the only places.
    kinds: u8,
    /// The first such house (in house order: rows, columns, boxes).
    pub house: HouseId,
}

impl Pair {
    /// The pair as (near end, far end), both ways round.
    pub(super) fn ends(&self) -> [(End, End); 2] {
        [(self.cells[0], self.cells[1]), (self.cells[1], self.cells[0])]
    }

    fn has(&self, kind: u8) -> bool {
        self.kinds & kind != 0
    }

    pub(super) fn contains(&self, cell: CellId) -> bool {
        self.cells[0].cell == cell || self.cells[1].cell == cell
    }

    fn shares_cell(&self, other: &Pair) -> bool {
        other.contains(self.cells[0].cell) || other.contains(self.cells[1].cell)
    }
}

/// Every conjugate pair of every digit, and which digits have at least two places in each
/// house, found in one pass over the houses.
#[derive(Clone)]
pub(super) struct Conjugates {
    /// Per house, the digits with two or more places there (bit `d - 1` for digit `d`).
    two_or_more: [u16; MAX_HOUSES],
    /// Per digit (index `d - 1`), its conjugate pairs in house order (rows, columns, boxes).
    by_digit: Vec<Vec<Pair>>,
}

impl Conjugates {
    pub(super) fn new(grid: &Grid) -> Conjugates {
        let mut conjugates = Conjugates { two_or_more: [0; MAX_HOUSES], by_digit: vec![Vec::new(); grid.layout().size()] };
        conjugates.update(grid, u32::MAX);
        conjugates
    }

    /// Works out the counts per house again, and the pairs of the digits of `digits` (bit
    /// `d - 1` for digit `d`): a digit's pairs depend on its own cells only.
    fn update(&mut self, grid: &Grid, digits: u32) {
        let layout = grid.layout();
        let mut masks = [0u16; MAX_SIZE * MAX_SIZE];
        for (m, cell) in masks.iter_mut().zip(grid.cells()) {
            if let Cell::Unsolved(c) = cell {
                *m = c.bits();
            }
        }
        debug_assert!(layout.houses().len() <= MAX_HOUSES, "one bit per house in a u64");
        let two_or_more = &mut self.two_or_more;
        // For each digit (index `d - 1`), the houses where it has exactly two places.
        let mut pair_houses = [0u64; MAX_SIZE];
        for (h, house) in layout.houses().iter().enumerate() {
            // Bit-sliced counters: digits seen at least once, twice, three times.
            let (mut one, mut two, mut more) = (0u16, 0u16, 0u16);
            for &cell in &house.cells {
                let m = masks[cell];
                more |= two & m;
                two |= one & m;
                one |= m;
            }
            two_or_more[h] = two;
            let mut exactly = two & !more;
            while exactly != 0 {
                pair_houses[exactly.trailing_zeros() as usize] |= 1 << h;
                exactly &= exactly - 1;
            }
        }
        for digit in 1..=layout.size() as Digit {
            if digits & (1 << (digit - 1)) == 0 {
                continue;
            }
            let bit = 1u16 << (digit - 1);
            let pairs = &mut self.by_digit[digit as usize - 1];
            pairs.clear();
            let mut todo = pair_houses[digit as usize - 1];
            while todo != 0 {
                let h = todo.trailing_zeros() as usize;
                todo &= todo - 1;
                let house = layout.house(h);
                let mut found = house.cells.iter().copied().filter(|&c| masks[c] & bit != 0);
                let (Some(a), Some(b)) = (found.next(), found.next()) else { continue };
                let kind = kind_bit(house.kind);
                // Why: two cells that are the only places in a line and in a box are one
                // link; the line came first, so mark it instead of listing the pair again.
                if kind == BOX {
                    if let Some(p) = pairs.iter_mut().find(|p| p.cells[0].cell == a && p.cells[1].cell == b) {
                        p.kinds |= kind;
                        continue;
                    }
                }
                pairs.push(Pair { cells: [End::new(layout, a), End::new(layout, b)], kinds: kind, house: h });
            }
        }
    }

    /// The conjugate pairs of `grid`, worked out once per position (per thread): the
    /// single-digit patterns and the W-Wing look them up one after the other on the same
    /// position. The next position lists again only the pairs of the digits whose cells
    /// changed.
    pub(super) fn shared(grid: &Grid) -> Rc<Conjugates> {
        caches::with(|c| c.single_digit.conjugates.borrow_mut().get(grid, || Conjugates::new(grid), |known, changed| known.update(grid, changed)))
    }

    /// Whether `digit` has a conjugate pair anywhere.
    pub(super) fn has(&self, digit: Digit) -> bool {
        !self.by_digit[digit as usize - 1].is_empty()
    }

    /// Whether `digit` has at least two places in `house`.
    fn at_least_two(&self, house: HouseId, digit: Digit) -> bool {
        self.two_or_more[house] & (1 << (digit - 1)) != 0
    }

    /// The conjugate pairs of `digit`, in house order. Two cells that are the only places
    /// in two houses (a row and a box) make one pair with both kinds.
    pub(super) fn pairs(&self, digit: Digit) -> &[Pair] {
        &self.by_digit[digit as usize - 1]
    }
}

/// The chain `(d)x1 = (d)y1 - (d)y2 = (d)x2`, read from x1 assumed false.
fn x_chain(digit: Digit, cells: [CellId; 4]) -> Chain {
    Chain {
        nodes: cells.iter().enumerate().map(|(i, &c)| Node { cells: vec![c], digit, on: i % 2 == 1 }).collect(),
        links: vec![Link::Strong, Link::Weak, Link::Strong],
        rules: Vec::new(),
        premises: Vec::new(),
        sets: Vec::new(),
    }
}

/// Adds to `out` the removal of `digit` from every cell that sees all of `ends` (one of
/// which holds the digit) and is not yet in `out`. Each removal names `link`, the rule the
/// proof's own links need, or else the rule the cell needs to see `ends`.
fn remove_seeing(grid: &Grid, ends: &CellSet, digit: Digit, link: Option<Rule>, out: &mut Vec<Elimination>) {
    let layout = grid.layout();
    let targets = layout.common_peers(ends.iter()).intersection(grid.digit_cells(digit));
    for cell in targets.iter() {
        if !out.iter().any(|e| e.cell == cell) {
            out.push(Elimination { cell, digit, via: link.or_else(|| layout.rule_needed(cell, ends.iter())) });
        }
    }
}

fn set_of(cells: &[CellId]) -> CellSet {
    cells.iter().copied().collect()
}

/// The deduction of one or more x-chains of `digit`; `base` holds each chain's two strong
/// link houses.
fn chain_deduction(technique: &'static str, digit: Digit, chains: Vec<Chain>, base: Vec<HouseId>, mut eliminations: Vec<Elimination>) -> Deduction {
    let mut cells: Vec<CellId> = chains.iter().flat_map(|c| c.nodes.iter().flat_map(|n| n.cells.iter().copied())).collect();
    cells.sort_unstable();
    cells.dedup();
    eliminations.sort_by_key(|e| e.cell);
    let pattern = Pattern { digits: Candidates::single(digit), cells, base, chains, ..Pattern::default() };
    Deduction::elimination(technique, eliminations, pattern)
}

/// What a search found for one digit: the first instance whose links need no variant rule,
/// and the first one that needs one.
type Found = (Option<Deduction>, Option<Deduction>);

/// A search of one digit's instances (see [`by_digit`]).
type Search = fn(&Grid, &Conjugates, Digit, Option<&mut Vec<(Deduction, bool)>>) -> Found;

/// The instances of `search` over the digits. The first: the first digit's instance that
/// needs no variant rule, else the first digit's one that does (from `memo`, which searches
/// only the digits that changed since it last saw them). Every instance: then those that
/// need no variant rule by digit, then those that do, each digit's in the order its search
/// finds them, which `search` lists when given a list (it returns nothing then).
fn by_digit(memo: fn(&Cache) -> &RefCell<DigitMemo<Found>>, grid: &Grid, search: Search, finds: &mut Finds) {
    let first = caches::with(|c| {
        let mut memo = memo(&c.single_digit).borrow_mut();
        let mut conjugates = None;
        let found = memo.by_digit(grid, |digit| search(grid, conjugates.get_or_insert_with(|| Conjugates::shared(grid)), digit, None));
        let plain = found.iter().find_map(|(plain, _)| plain.clone());
        plain.or_else(|| found.iter().find_map(|(_, variant)| variant.clone()))
    });
    let Some(first) = first else { return };
    if finds.add(first) {
        return;
    }
    let conjugates = Conjugates::shared(grid);
    let mut every = Vec::new();
    for digit in 1..=grid.layout().size() as Digit {
        search(grid, &conjugates, digit, Some(&mut every));
    }
    // Why: the first is offered again here, and taken once.
    let (plain, variant): (Vec<_>, Vec<_>) = every.into_iter().partition(|(_, variant)| !variant);
    let _ = finds.add_all(plain.into_iter().chain(variant).map(|(deduction, _)| deduction));
}

fn skyscraper_of(grid: &Grid, conjugates: &Conjugates, digit: Digit, mut every: Option<&mut Vec<(Deduction, bool)>>) -> Found {
    let pairs = conjugates.pairs(digit);
    // Two rows joined by a column, then two columns joined by a row.
    for kind in [ROW, COL] {
        let cross = |e: End| if kind == ROW { e.col } else { e.row };
        for (i, p) in pairs.iter().enumerate().filter(|(_, p)| p.has(kind)) {
            for q in pairs[i + 1..].iter().filter(|q| q.has(kind)) {
                for (y1, x1) in p.ends() {
                    for (y2, x2) in q.ends() {
                        // Why: with x1, x2 in one cross line too, this is an X-Wing.
                        if cross(y1) != cross(y2) || cross(x1) == cross(x2) {
                            continue;
                        }
                        let mut eliminations = Vec::new();
                        remove_seeing(grid, &set_of(&[x1.cell, x2.cell]), digit, None, &mut eliminations);
                        if !eliminations.is_empty() {
                            let chain = x_chain(digit, [x1.cell, y1.cell, y2.cell, x2.cell]);
                            let found = chain_deduction(ids::SKYSCRAPER, digit, vec![chain], vec![p.house, q.house], eliminations);
                            match every.as_deref_mut() {
                                Some(every) => every.push((found, false)),
                                None => return (Some(found), None),
                            }
                        }
                    }
                }
            }
        }
    }
    (None, None)
}

/// A kite in `rp` (a row pair) and `cp` (a column pair) with y1 (of the row) and y2 (of the
/// column) in one box that holds neither far end: the chain's cells `[x1, y1, y2, x2]`.
fn kite_cells(rp: &Pair, cp: &Pair) -> impl Iterator<Item = [CellId; 4]> {
    let mut out = [None; 4];
    let mut k = 0;
    for (y1, x1) in rp.ends() {
        for (y2, x2) in cp.ends() {
            let b = y1.boxi;
            if y1 != y2 && y2.boxi == b && x1.boxi != b && x2.boxi != b {
                out[k] = Some([x1.cell, y1.cell, y2.cell, x2.cell]);
                k += 1;
            }
        }
    }
    out.into_iter().flatten()
}

fn kite_of(grid: &Grid, conjugates: &Conjugates, digit: Digit, mut every: Option<&mut Vec<(Deduction, bool)>>) -> Found {
    let pairs = conjugates.pairs(digit);
    // Why: a kite's strings leave their box, so a pair inside one box is no string.
    let rows: Vec<&Pair> = pairs.iter().filter(|p| p.has(ROW) && p.cells[0].boxi != p.cells[1].boxi).collect();
    let cols: Vec<&Pair> = pairs.iter().filter(|p| p.has(COL) && p.cells[0].boxi != p.cells[1].boxi).collect();
    for rp in &rows {
        for cp in &cols {
            for [x1, y1, y2, x2] in kite_cells(rp, cp) {
                let mut eliminations = Vec::new();
                remove_seeing(grid, &set_of(&[x1, x2]), digit, None, &mut eliminations);
                if eliminations.is_empty() {
                    continue;
                }
                let mut chains = vec![x_chain(digit, [x1, y1, y2, x2])];
                let mut base = vec![rp.house, cp.house];
                // Dual: the same two box cells with the lines swapped, y2's row and y1's
                // column, make a second kite; report it too when it removes more.
                for r in rows.iter().filter(|r| r.contains(y2)) {
                    for c in cols.iter().filter(|c| c.contains(y1)) {
                        for [u1, v1, v2, u2] in kite_cells(r, c) {
                            if (v1, v2) != (y2, y1) {
                                continue;
                            }
                            let before = eliminations.len();
                            remove_seeing(grid, &set_of(&[u1, u2]), digit, None, &mut eliminations);
                            if eliminations.len() > before {
                                chains.push(x_chain(digit, [u1, v1, v2, u2]));
                                base.extend([r.house, c.house]);
                            }
                        }
                    }
                }
                let found = chain_deduction(ids::TWO_STRING_KITE, digit, chains, base, eliminations);
                match every.as_deref_mut() {
                    Some(every) => every.push((found, false)),
                    None => return (Some(found), None),
                }
            }
        }
    }
    (None, None)
}

/// Whether two pairs joined by y1 (of `p`) and y2 (of `q`) form a Skyscraper or X-Wing in
/// shape, or a 2-String Kite: those techniques own these instances.
fn owned_elsewhere(p: &Pair, q: &Pair, [x1, y1, y2, x2]: [End; 4]) -> bool {
    let rows = p.has(ROW) && q.has(ROW) && y1.col == y2.col;
    let cols = p.has(COL) && q.has(COL) && y1.row == y2.row;
    let b = y1.boxi;
    let kite = ((p.has(ROW) && q.has(COL)) || (p.has(COL) && q.has(ROW))) && y2.boxi == b && x1.boxi != b && x2.boxi != b;
    rows || cols || kite
}

fn turbot_of(grid: &Grid, conjugates: &Conjugates, digit: Digit, mut every: Option<&mut Vec<(Deduction, bool)>>) -> Found {
    let layout = grid.layout();
    let mut fallback = None;
    let pairs = conjugates.pairs(digit);
    let cells = grid.digit_cells(digit);
    for (i, p) in pairs.iter().enumerate() {
        for q in &pairs[i + 1..] {
            if p.shares_cell(q) {
                continue;
            }
            for (e1, f1) in p.ends() {
                for (e2, f2) in q.ends() {
                    if !layout.sees(e1.cell, e2.cell) || owned_elsewhere(p, q, [f1, e1, e2, f2]) {
                        continue;
                    }
                    let [x1, y1, y2, x2] = [f1.cell, e1.cell, e2.cell, f2.cell];
                    // Cheap test first: does any cell with the digit see both far ends?
                    if layout.peer_set(x1).intersection(layout.peer_set(x2)).intersection(cells).is_empty() {
                        continue;
                    }
                    let link = layout.relation(y1, y2).1;
                    if link.is_some() && fallback.is_some() && every.is_none() {
                        continue;
                    }
                    let mut eliminations = Vec::new();
                    remove_seeing(grid, &set_of(&[x1, x2]), digit, link, &mut eliminations);
                    let found = chain_deduction(ids::TURBOT_FISH, digit, vec![x_chain(digit, [x1, y1, y2, x2])], vec![p.house, q.house], eliminations);
                    if let Some(every) = every.as_deref_mut() {
                        every.push((found, link.is_some()));
                        continue;
                    }
                    // Why: a weak link through a shared house reads more easily than a
                    // knight's or king's move; keep the first variant one in reserve.
                    if link.is_none() {
                        return (Some(found), fallback);
                    }
                    fallback = Some(found);
                }
            }
        }
    }
    (None, fallback)
}

/// What the empty rectangles of one box remove, with their chains, and whether one of them
/// needs a variant rule.
#[derive(Default)]
struct Removals {
    eliminations: Vec<Elimination>,
    chains: Vec<Chain>,
    variant: bool,
}

/// The empty rectangles whose cross is the box's part of `row` and `col` (every candidate
/// of the box, `inside`, lies on them), each arm with each conjugate pair ending outside the
/// box (`outside` holds those ends): adds their removals to `found`.
fn cross_removals(grid: &Grid, digit: Digit, pairs: &[Pair], [inside, the_box, outside]: [&CellSet; 3], [row, col]: [&CellSet; 2], found: &mut Removals) {
    let layout = grid.layout();
    // The arm the pair's near end sees, and the end group: the whole other line of the
    // cross inside the box.
    for (arm_line, end_line) in [(row, col), (col, row)] {
        let arm = inside.intersection(arm_line).difference(end_line);
        let end = inside.intersection(end_line);
        // Why: p must see the whole arm; most arms see no pair's end at all.
        let reach = arm.iter().fold(*outside, |acc, a| acc.intersection(layout.peer_set(a)));
        if reach.is_empty() {
            continue;
        }
        // The cells with the digit that see the whole end group.
        let end_seen = end.iter().fold(*grid.digit_cells(digit), |acc, e| acc.intersection(layout.peer_set(e)));
        for pair in pairs {
            for (p, q) in pair.ends().map(|(p, q)| (p.cell, q.cell)) {
                if !reach.contains(p) || the_box.contains(q) || end_seen.intersection(layout.peer_set(q)).is_empty() {
                    continue;
                }
                let link = layout.rule_needed(p, arm.iter());
                let mut ends = end;
                ends.insert(q);
                let before = found.eliminations.len();
                remove_seeing(grid, &ends, digit, link, &mut found.eliminations);
                if found.eliminations.len() > before {
                    found.variant |= link.is_some();
                    found.chains.push(Chain {
                        nodes: vec![
                            Node { cells: end.iter().collect(), digit, on: false },
                            Node { cells: arm.iter().collect(), digit, on: true },
                            Node { cells: vec![p], digit, on: false },
                            Node { cells: vec![q], digit, on: true },
                        ],
                        links: vec![Link::Strong, Link::Weak, Link::Strong],
                        rules: Vec::new(),
                        premises: Vec::new(),
                        sets: Vec::new(),
                    });
                }
            }
        }
    }
}

fn empty_rectangle_of(grid: &Grid, conjugates: &Conjugates, digit: Digit, mut every: Option<&mut Vec<(Deduction, bool)>>) -> Found {
    let layout = grid.layout();
    if !conjugates.has(digit) {
        return (None, None);
    }
    let mut fallback = None;
    let pairs = conjugates.pairs(digit);
    // Every cell at the end of a conjugate pair: the only cells that can be p.
    let ends: CellSet = pairs.iter().flat_map(|p| p.cells.map(|e| e.cell)).collect();
    for bh in layout.houses_of_kind(HouseKind::Box) {
        if !conjugates.at_least_two(bh, digit) {
            continue;
        }
        let inside = grid.house_digit_cells(bh, digit);
        let the_box = layout.house_set(bh);
        let outside = ends.difference(the_box);
        if outside.is_empty() {
            continue;
        }
        // The rows and columns the box has cells in (for an irregular region, those its
        // cells lie in), in order. Why this serves any shape: the proof needs only that every
        // candidate of the box lies in row r or column c, which is checked below; where the
        // two cross does not matter.
        let (box_rows, box_cols) = layout.box_lines(layout.house(bh).index);
        let bits = |mut mask: u32| {
            std::iter::from_fn(move || {
                let i = mask.trailing_zeros() as usize;
                mask &= mask.wrapping_sub(1);
                (i < 32).then_some(i)
            })
        };
        // The rows and columns of the box that hold the digit, as bits.
        let lines = |mask: u32, house: &dyn Fn(usize) -> HouseId| -> u32 {
            bits(mask).filter(|&i| !inside.intersection(layout.house_set(house(i))).is_empty()).fold(0, |m, i| m | 1 << i)
        };
        let rows = lines(box_rows, &|r| layout.row_house(r));
        let cols = lines(box_cols, &|c| layout.col_house(c));
        // Why: candidates all in one row or column of the box are a pointing, not a
        // rectangle.
        if rows & rows.wrapping_sub(1) == 0 || cols & cols.wrapping_sub(1) == 0 {
            continue;
        }
        let mut found = Removals::default();
        for r in bits(box_rows) {
            for c in bits(box_cols) {
                let row = layout.house_set(layout.row_house(r));
                let col = layout.house_set(layout.col_house(c));
                if inside.difference(row).difference(col).is_empty() {
                    cross_removals(grid, digit, pairs, [&inside, the_box, &outside], [row, col], &mut found);
                }
            }
        }
        let Removals { eliminations, chains, variant } = found;
        if chains.is_empty() || (variant && fallback.is_some() && every.is_none()) {
            continue;
        }
        let found = chain_deduction(ids::EMPTY_RECTANGLE, digit, chains, vec![bh], eliminations);
        if let Some(every) = every.as_deref_mut() {
            every.push((found, variant));
            continue;
        }
        if !variant {
            return (Some(found), fallback);
        }
        fallback = Some(found);
    }
    (None, fallback)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::strategies::test_support::{king, knight, position, run};
    use crate::strategies::test_support::by_id;

    by_id!(skyscraper = SKYSCRAPER, two_string_kite = TWO_STRING_KITE, turbot_fish = TURBOT_FISH, empty_rectangle = EMPTY_RECTANGLE);
    
    
    use crate::rules::Rules;
    

    /// Columns 2 and 7 hold 6 only in r1/r5 and r1/r6: joined by row 1.
    const SKYSCRAPER: [(&str, &[usize]); 2] = [("c2", &[1, 5]), ("c7", &[1, 6])];

    #[test]
    fn skyscraper_removes_the_digit_seeing_both_tops() {
        let (effect, sentence) = run(position(Rules::classic(), 6, &SKYSCRAPER), skyscraper).expect("fires");
        assert_eq!(effect, "r5c8<>6, r5c9<>6, r6c1<>6, r6c3<>6");
        assert_eq!(sentence, "Skyscraper: 6 in c2,c7 joined by r1: (6)r5c2 = (6)r1c2 - (6)r1c7 = (6)r6c7 => r5c8<>6, r5c9<>6, r6c1<>6, r6c3<>6");
    }

    #[test]
    fn skyscraper_near_misses() {
        // A third 6 in column 7: no conjugate pair there.
        assert_eq!(run(position(Rules::classic(), 6, &[("c2", &[1, 5][..]), ("c7", &[1, 6, 8])]), skyscraper), None);
        // Tops in one row: an X-Wing, not a Skyscraper.
        assert_eq!(run(position(Rules::classic(), 6, &[("c2", &[1, 5][..]), ("c7", &[1, 5])]), skyscraper), None);
        // Bases in different rows: no weak link along a row.
        assert_eq!(run(position(Rules::classic(), 6, &[("c2", &[1, 5][..]), ("c7", &[2, 6])]), skyscraper), None);
    }

    #[test]
    fn skyscraper_reaches_further_with_variant_sight() {
        // Columns 1 and 5, joined by row 9; tops r2c1 and r4c5. No cell with a 6 sees both
        // tops through houses, but under anti-knight four do.
        let houses = [("c1", &[2, 9][..]), ("c5", &[4, 9])];
        assert_eq!(run(position(Rules::classic(), 6, &houses), skyscraper), None);
        let (effect, _) = run(position(knight(), 6, &houses), skyscraper).expect("fires");
        assert_eq!(effect, "r2c4<>6 (anti-knight), r2c6<>6 (anti-knight), r3c3<>6 (anti-knight), r4c2<>6 (anti-knight)");
    }

    /// Row 1: r1c4 / r1c9; column 5: r2c5 / r7c5; r1c4 and r2c5 share box 2.
    const KITE: [(&str, &[usize]); 2] = [("r1", &[4, 9]), ("c5", &[2, 7])];

    #[test]
    fn kite_removes_the_digit_where_the_strings_cross() {
        let (effect, sentence) = run(position(Rules::classic(), 6, &KITE), two_string_kite).expect("fires");
        assert_eq!(effect, "r7c9<>6");
        assert_eq!(sentence, "2-String Kite: 6 in r1,c5 joined by b2: (6)r1c9 = (6)r1c4 - (6)r2c5 = (6)r7c5 => r7c9<>6");
        assert_eq!(run(position(Rules::classic(), 6, &KITE), skyscraper), None);
        assert_eq!(run(position(Rules::classic(), 6, &KITE), turbot_fish), None, "the kite is not a turbot fish");
    }

    #[test]
    fn kite_near_misses() {
        // The column's end r2c5 moved to r4c5: no longer in box 2.
        assert_eq!(run(position(Rules::classic(), 6, &[("r1", &[4, 9][..]), ("c5", &[4, 7])]), two_string_kite), None);
        // Both ends of the row pair in box 2: no far end outside the box.
        assert_eq!(run(position(Rules::classic(), 6, &[("r1", &[4, 6][..]), ("c5", &[2, 7])]), two_string_kite), None);
    }

    #[test]
    fn dual_kite_reports_both_kites_of_one_box() {
        // Box 2 holds 6 at r1c4 and r2c5 only; row 1, column 5, column 4 and row 2 pair them
        // with far ends r1c9, r7c5, r9c4, r2c1.
        let houses = [("b2", &[1, 5][..]), ("r1", &[4, 9]), ("c5", &[2, 7]), ("c4", &[1, 9]), ("r2", &[1, 5])];
        let (effect, sentence) = run(position(Rules::classic(), 6, &houses), two_string_kite).expect("fires");
        assert_eq!(effect, "r7c9<>6, r9c1<>6");
        assert_eq!(
            sentence,
            "2-String Kite (dual): 6 in r1,c5 joined by b2: (6)r1c9 = (6)r1c4 - (6)r2c5 = (6)r7c5; \
             6 in r2,c4 joined by b2: (6)r2c1 = (6)r2c5 - (6)r1c4 = (6)r9c4 => r7c9<>6, r9c1<>6"
        );
    }

    #[test]
    fn turbot_fish_with_a_box_link() {
        // Box 1 holds 6 only at r1c2 and r3c1, column 7 only at r1c7 and r6c7; r1c2 and
        // r1c7 share row 1. So r3c1 or r6c7 holds the 6.
        let houses = [("b1", &[2, 7][..]), ("c7", &[1, 6])];
        let (effect, sentence) = run(position(Rules::classic(), 6, &houses), turbot_fish).expect("fires");
        assert_eq!(effect, "r6c1<>6");
        assert_eq!(sentence, "Turbot Fish: 6 in c7,b1 joined by r1: (6)r6c7 = (6)r1c7 - (6)r1c2 = (6)r3c1 => r6c1<>6");
        // Near miss: a third 6 in box 1.
        assert_eq!(run(position(Rules::classic(), 6, &[("b1", &[2, 7, 9][..]), ("c7", &[1, 6])]), turbot_fish), None);
    }

    #[test]
    fn turbot_fish_leaves_skyscrapers_and_x_wings_alone() {
        assert_eq!(run(position(Rules::classic(), 6, &SKYSCRAPER), turbot_fish), None);
        assert_eq!(run(position(Rules::classic(), 6, &[("c2", &[1, 5][..]), ("c7", &[1, 5])]), turbot_fish), None);
    }

    #[test]
    fn turbot_fish_links_through_a_variant_rule() {
        // Rows 3 and 4 hold 6 at r3c3 / r3c8 and r4c4 / r4c9; r3c3 and r4c4 touch only
        // diagonally, which anti-king forbids.
        let houses = [("r3", &[3, 8][..]), ("r4", &[4, 9])];
        assert_eq!(run(position(Rules::classic(), 6, &houses), turbot_fish), None);
        let (effect, sentence) = run(position(king(), 6, &houses), turbot_fish).expect("fires");
        assert_eq!(effect, "r1c9<>6 (anti-king), r2c9<>6 (anti-king), r5c8<>6 (anti-king), r6c8<>6 (anti-king)");
        assert_eq!(
            sentence,
            "Turbot Fish: 6 in r3,r4 joined by anti-king: (6)r3c8 = (6)r3c3 - (6)r4c4 = (6)r4c9 => \
             r1c9<>6 (anti-king), r2c9<>6 (anti-king), r5c8<>6 (anti-king), r6c8<>6 (anti-king)"
        );
    }

    #[test]
    fn empty_rectangle_removes_the_digit_opposite_the_pair() {
        // Box 1 holds 6 only on row 2 and column 3 (r1c3, r2c1, r2c2, r3c3); column 7 pairs
        // r2c7 with r8c7. Either box 1's column 3 holds the 6, or row 2's does, which makes
        // r8c7 the 6: r8c3 loses it.
        let houses = [("b1", &[3, 4, 5, 9][..]), ("c7", &[2, 8])];
        let (effect, sentence) = run(position(Rules::classic(), 6, &houses), empty_rectangle).expect("fires");
        assert_eq!(effect, "r8c3<>6");
        assert_eq!(sentence, "Empty Rectangle: 6 in b1: (6)r1c3,r3c3 = (6)r2c1,r2c2 - (6)r2c7 = (6)r8c7 => r8c3<>6");
    }

    #[test]
    fn dual_empty_rectangle_reports_both_arms() {
        // As above, and row 5 holds 6 only at r5c3 and r5c8: r5c3 sees column 3's arm, so
        // row 2's part of box 1 or r5c8 holds the 6, and r2c8 loses it.
        let houses = [("b1", &[3, 4, 5, 9][..]), ("c7", &[2, 8]), ("r5", &[3, 8])];
        let (effect, sentence) = run(position(Rules::classic(), 6, &houses), empty_rectangle).expect("fires");
        assert_eq!(effect, "r2c8<>6, r8c3<>6");
        assert_eq!(
            sentence,
            "Empty Rectangle (dual): 6 in b1: (6)r1c3,r3c3 = (6)r2c1,r2c2 - (6)r2c7 = (6)r8c7; \
             (6)r2c1,r2c2 = (6)r1c3,r3c3 - (6)r5c3 = (6)r5c8 => r2c8<>6, r8c3<>6"
        );
    }

    #[test]
    fn empty_rectangle_near_miss_off_the_cross() {
        // r1c1 holds a 6 too: no row and column of box 1 cover all its 6s.
        let houses = [("b1", &[1, 3, 4, 5, 9][..]), ("c7", &[2, 8])];
        assert_eq!(run(position(Rules::classic(), 6, &houses), empty_rectangle), None);
        // Only one 6 in row 2 of the box and none in column 3 outside it: all in one line.
        let houses = [("b1", &[4, 5][..]), ("c7", &[2, 8])];
        assert_eq!(run(position(Rules::classic(), 6, &houses), empty_rectangle), None);
    }

    #[test]
    fn empty_rectangle_links_by_a_knight_move() {
        // Box 1 holds 6 at r1c3, r2c1, r3c3; column 2 only at r4c2 and r8c2. r4c2 sees r2c1
        // only by a knight's move.
        let houses = [("b1", &[3, 4, 9][..]), ("c2", &[4, 8])];
        assert_eq!(run(position(Rules::classic(), 6, &houses), empty_rectangle), None);
        let (effect, sentence) = run(position(knight(), 6, &houses), empty_rectangle).expect("fires");
        assert_eq!(effect, "r6c3<>6 (anti-knight), r7c3<>6 (anti-knight), r8c3<>6 (anti-knight), r9c3<>6 (anti-knight)");
        assert!(sentence.starts_with("Empty Rectangle: 6 in b1: (6)r1c3,r3c3 = (6)r2c1 - (6)r4c2 = (6)r8c2 => "), "{sentence}");
    }

    #[test]
    fn a_pair_that_is_the_only_two_places_in_a_row_and_a_box_is_listed_once() {
        // Row 1 and box 1 both hold 6 only at r1c1 and r1c2; column 5 only at r2c5 and r8c5.
        let grid = position(Rules::classic(), 6, &[("r1", &[1, 2][..]), ("b1", &[1, 2]), ("c5", &[2, 8])]);
        let conjugates = Conjugates::new(&grid);
        let pairs = conjugates.pairs(6);
        assert_eq!(pairs.len(), 2);
        assert_eq!((pairs[0].cells[0].cell, pairs[0].cells[1].cell, pairs[0].kinds), (0, 1, ROW | BOX));
        assert_eq!((pairs[1].cells[0].cell, pairs[1].cells[1].cell, pairs[1].kinds), (13, 67, COL));
        assert!(!conjugates.has(5) && conjugates.pairs(5).is_empty());
    }
}
