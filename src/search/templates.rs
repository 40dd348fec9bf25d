//! The template search: "how many solutions", digit by digit instead of cell by cell, for
//! layouts where a digit's places are few and constrained (anti-knight above all).
//!
//! A *template* is one way to place one digit in the whole grid: one cell in every house,
//! no two cells seeing each other (peers of any rule: column, box, diagonal, a knight's
//! move). The templates of a layout are the same for every digit and every puzzle, so they
//! are listed once per layout (3,176 under anti-knight, against 46,656 in classic Sudoku).
//! A solution is one template per digit, the templates disjoint, each inside its digit's
//! candidates.
//!
//! The search keeps, per digit still open, the list of its templates that fit the position
//! (in one arena, a range per digit, with the union of the range's cells and the cells all
//! of them share). It propagates, until nothing changes:
//!
//! - a free cell that no open digit's templates reach is a dead end;
//! - a free cell only one open digit reaches must be that digit's: its templates without
//!   the cell go;
//! - a cell every template of a digit holds is that digit's: the other digits' templates
//!   through it go;
//!
//! then branches: on a free cell only two digits may take, one branch each (the digit's
//! templates through the cell, the other's around it; the other lists are shared until they
//! change), or, where a digit has very few templates or no cell is down to two digits, on
//! each template of the digit with the fewest, the other digits keeping only the templates
//! disjoint from it. Every template test is one masked compare of 128 bits, so the lists are
//! filtered without branches ([`super::compact`], two templates at a time with AVX2).
//!
//! Why it beats the cell-by-cell core under anti-knight: a digit's templates carry every
//! constraint on that digit at once (each house, each knight's move), which the core only
//! learns by guessing: on minimal anti-knight puzzles it tries about 100 templates where the
//! core makes 1,500 guesses. Why only for some layouts: the lists are as long as the layout
//! has templates, and with many (classic Sudoku: 46,656) the core's propagation is the
//! cheaper one ([`MAX_TEMPLATES_BESIDE_CORE`]). Layouts whose rules link different digits
//! (non-consecutive, dots) or restrict cells' digits are not taken: a template knows one
//! digit only.

use super::Found;
use super::compact::{compact, compact_in_place};
use crate::grid::{Cell, Digit, Grid};
use crate::layout::Layout;

/// The most cells a template holds as one 128-bit set.
const MAX_CELLS: usize = 128;
/// The most digits (and so rows) of a layout the template search takes.
const MAX_DIGITS: usize = 11;

/// Layouts with more templates than this go to the fast core, where it takes them (9x9 with
/// 3x3 boxes). Measured on minimal puzzles, uniqueness checks per second against the core
/// (the search bench, with cell branching and AVX2): anti-knight (3,176 templates) 8.5
/// times the core's rate, windoku (6,080) 3.1, both diagonals (9,288) 2.0, disjoint groups
/// (8,784) 0.8, anti-king (14,914) 1.2. Why 10,000: it takes both diagonals, twice the
/// core's rate, at the price of disjoint groups (the core's fastest layout, 55,000 checks a
/// second against 67,000); anti-king, about even, stays with the core.
pub const MAX_TEMPLATES_BESIDE_CORE: usize = 10_000;

/// Layouts with more templates than this go to the generic search, where the core does not
/// take them (other sizes, irregular regions). Measured, whole process: `check` of 3,000
/// minimal 8x8 anti-knight puzzles 12 times faster than the generic search; 9x9 jigsaw
/// generation (new regions, so new templates, per puzzle) about as fast. A 9x9 jigsaw
/// has up to about as many templates as classic Sudoku (46,656), hence the cap.
pub const MAX_TEMPLATES: usize = 50_000;

/// Layouts with this many templates or fewer get the index by pairs of cells
/// ([`Templates::pairs`]): 36 copies of 16 bytes per template (1.8 MB under anti-knight),
/// under 5 MB at this cap. Why a cap: a 9x9 jigsaw has up to about 50,000 templates and new
/// regions at every generated puzzle, where building the index would cost more than it
/// saves.
const MAX_TEMPLATES_PAIRED: usize = 8_000;

/// A node branches on a cell that only two digits may still take (two branches, each
/// changing two lists) rather than on the templates of the digit with the fewest, unless
/// that digit has this many or fewer. Measured on the 100 minimal anti-knight puzzles of
/// `puzzles/`: 14% fewer instructions per uniqueness check than always branching on
/// templates; any bound from 1 to 5 gives about the same.
const TEMPLATES_BEFORE_CELLS: usize = 3;

/// The templates of one layout, with an index from each cell (and, for layouts with few
/// templates, from each pair of cells) to the templates through it.
pub struct Templates {
    full: u128,
    size: usize,
    cells: usize,
    all: Vec<u128>,
    /// Each house's cells.
    houses: Vec<u128>,
    /// Per cell, the templates holding it. Why copies and not indices into `all`: a search
    /// starts by scanning some of these lists, and in one piece of memory they are scanned
    /// like the search's own lists ([`compact`]), at a quarter of the instructions.
    by_cell: Vec<Vec<u128>>,
    /// Per pair of cells `a < b`, the templates holding both (copies, as `by_cell`):
    /// `pairs[pair_start[a * cells + b]..pair_start[a * cells + b + 1]]`. Empty above
    /// [`MAX_TEMPLATES_PAIRED`] templates.
    pairs: Vec<u128>,
    pair_start: Vec<u32>,
}

impl Templates {
    /// Lists the templates of `layout`, or `None` when the template search does not take
    /// it: more than 128 cells, rules that link different digits or restrict a
    /// cell's digits, a house that does not hold every digit, or more than `cap` templates.
    pub fn new(layout: &Layout, cap: usize) -> Option<Templates> {
        let (size, cells) = (layout.size(), layout.cell_count());
        if cells > MAX_CELLS || size > MAX_DIGITS || !layout.constraints().is_empty() {
            return None;
        }
        if layout.houses().iter().any(|h| h.cells.len() != size) {
            return None;
        }
        let set = |cells: &mut dyn Iterator<Item = usize>| cells.fold(0u128, |m, c| m | 1 << c);
        let peers: Vec<u128> = (0..cells).map(|c| set(&mut layout.peer_set(c).iter())).collect();
        let houses: Vec<u128> = layout.houses().iter().map(|h| set(&mut h.cells.iter().copied())).collect();
        // Templates are indexed in two bytes.
        let cap = cap.min(1 << 16);
        let mut listing = Listing { layout, peers: &peers, houses: &houses, cap, found: Vec::new() };
        if !listing.extend(0, 0, 0) {
            return None;
        }
        let all = listing.found;
        let mut by_cell = vec![Vec::new(); cells];
        for &t in &all {
            let mut rest = t;
            while rest != 0 {
                by_cell[rest.trailing_zeros() as usize].push(t);
                rest &= rest - 1;
            }
        }
        let (mut pairs, mut pair_start) = (Vec::new(), Vec::new());
        if all.len() <= MAX_TEMPLATES_PAIRED {
            // Counted first, then filled: one allocation for every pair's list.
            let each_pair = |t: u128, f: &mut dyn FnMut(usize)| {
                let mut first = t;
                while first != 0 {
                    let a = first.trailing_zeros() as usize;
                    first &= first - 1;
                    let mut second = first;
                    while second != 0 {
                        f(a * cells + second.trailing_zeros() as usize);
                        second &= second - 1;
                    }
                }
            };
            pair_start = vec![0u32; cells * cells + 1];
            for &t in &all {
                each_pair(t, &mut |p| pair_start[p + 1] += 1);
            }
            for p in 1..pair_start.len() {
                pair_start[p] += pair_start[p - 1];
            }
            let mut next = pair_start.clone();
            pairs = vec![0u128; pair_start[cells * cells] as usize];
            for &t in &all {
                each_pair(t, &mut |p| {
                    pairs[next[p] as usize] = t;
                    next[p] += 1;
                });
            }
        }
        let full = if cells == 128 { u128::MAX } else { (1 << cells) - 1 };
        Some(Templates { full, size, cells, all, houses, by_cell, pairs, pair_start })
    }

    /// How many templates the layout has.
    pub fn len(&self) -> usize {
        self.all.len()
    }

    /// Counts the solutions of `grid`'s position up to `limit`, keeping the first `keep`.
    pub fn search(&self, grid: &Grid, limit: usize, keep: usize) -> Found {
        // Per digit, the cells it may take and the cells it is placed in.
        let (mut places, mut placed) = ([0u128; MAX_DIGITS], [0u128; MAX_DIGITS]);
        for (cell, state) in grid.cells().iter().enumerate() {
            match *state {
                Cell::Solved(d) => {
                    places[d as usize - 1] |= 1 << cell;
                    placed[d as usize - 1] |= 1 << cell;
                }
                Cell::Unsolved(c) => c.iter().for_each(|d| places[d as usize - 1] |= 1 << cell),
            }
        }
        self.run(&places, &placed, limit, keep)
    }

    /// [`Templates::search`] from the givens alone (`None` for a blank), one entry per cell
    /// of the layout, without building a grid: a digit may take any cell not given another,
    /// since a template through its givens already avoids every cell they see. Givens that
    /// break a rule, or a digit above the layout's size, have no solution.
    pub fn search_givens(&self, givens: &[Option<Digit>], limit: usize, keep: usize) -> Found {
        let (mut places, mut placed) = ([0u128; MAX_DIGITS], [0u128; MAX_DIGITS]);
        if givens.len() != self.cells {
            return Found::default();
        }
        let mut given = 0u128;
        for (cell, &g) in givens.iter().enumerate() {
            if let Some(d) = g {
                if d == 0 || d as usize > self.size {
                    return Found::default();
                }
                placed[d as usize - 1] |= 1 << cell;
                given |= 1 << cell;
            }
        }
        for digit in 0..self.size {
            places[digit] = self.full & !given | placed[digit];
        }
        self.run(&places, &placed, limit, keep)
    }

    /// The search from each digit's `places` and `placed` cells.
    fn run(&self, places: &[u128; MAX_DIGITS], placed: &[u128; MAX_DIGITS], limit: usize, keep: usize) -> Found {
        if limit == 0 {
            return Found::default();
        }
        let mut search = Search { arena: ARENA.take(), top: 0, full: self.full, limit, keep, chosen: [0; MAX_DIGITS], found: Found::default() };
        let mut lists = [List::default(); MAX_DIGITS];
        for (digit, list) in lists.iter_mut().enumerate().take(self.size) {
            *list = self.fitting(digit as Digit + 1, places[digit], placed[digit], &mut search);
            if list.len == 0 {
                ARENA.set(search.arena);
                return search.found;
            }
        }
        let lists = &mut lists[..self.size];
        if search.propagate(lists, 0, 0) {
            search.explore(lists, 0);
        }
        ARENA.set(search.arena);
        search.found
    }

    /// The templates of `digit` that fit the position (inside its `places`, through each
    /// cell it is `placed` in), pushed on the search's arena. Only some templates are looked
    /// at, each list holding every template that may fit: with two cells placed, those
    /// through both (about 40 of anti-knight's 3,176); with one, those through it and a
    /// cell of the house with the fewest places; with none, those through a cell of that
    /// house. Measured on minimal anti-knight puzzles (13 givens on average): 2,665
    /// templates looked at per puzzle instead of 4,582 through the row with the fewest
    /// places, and with the test's branch gone (a fifth of the search's mispredictions)
    /// about 10% less time per search.
    fn fitting(&self, digit: Digit, places: u128, placed: u128, search: &mut Search) -> List {
        let start = search.top;
        // Inside the places and through every placed cell, in one test.
        let mask = !places | placed;
        let (mut union, mut common) = (0, u128::MAX);
        let mut scan = |templates: &[u128]| {
            search.reserve(templates.len());
            let top = search.top;
            let (kept, u, c) = compact(templates, &mut search.arena[top..top + templates.len()], mask, placed);
            search.top += kept;
            union |= u;
            common &= c;
        };
        let pair = |a: usize, b: usize| {
            let p = a.min(b) * self.cells + a.max(b);
            &self.pairs[self.pair_start[p] as usize..self.pair_start[p + 1] as usize]
        };
        let first = placed.trailing_zeros() as usize;
        let paired = !self.pairs.is_empty();
        // Every template holds one cell of each house, so one of the house's places.
        let house = self.houses.iter().filter(|&&h| h & placed == 0).min_by_key(|&&h| (h & places).count_ones());
        let each_place = |house: u128, f: &mut dyn FnMut(usize)| {
            let mut rest = house & places;
            while rest != 0 {
                f(rest.trailing_zeros() as usize);
                rest &= rest - 1;
            }
        };
        match (paired, placed.count_ones(), house) {
            (true, 2.., _) => scan(pair(first, (placed & (placed - 1)).trailing_zeros() as usize)),
            (true, 1, Some(&h)) => each_place(h, &mut |cell| scan(pair(first, cell))),
            (_, 1.., _) => scan(&self.by_cell[first]),
            (_, 0, house) => each_place(*house.expect("a layout has houses"), &mut |cell| scan(&self.by_cell[cell])),
        }
        List { digit, start, len: search.top - start, union, common }
    }
}

/// The recursive listing of a layout's templates, row by row.
struct Listing<'a> {
    layout: &'a Layout,
    peers: &'a [u128],
    houses: &'a [u128],
    cap: usize,
    found: Vec<u128>,
}

impl Listing<'_> {
    /// Extends `chosen` (one cell in each row above `row`, none seeing another, `seen` their
    /// peers) in every way; false once more than `cap` templates are found.
    fn extend(&mut self, row: usize, chosen: u128, seen: u128) -> bool {
        let size = self.layout.size();
        if row == size {
            if self.houses.iter().all(|&h| h & chosen != 0) {
                if self.found.len() == self.cap {
                    return false;
                }
                self.found.push(chosen);
            }
            return true;
        }
        (0..size).map(|col| self.layout.cell(row, col)).filter(|&c| seen >> c & 1 == 0).all(|c| self.extend(row + 1, chosen | 1 << c, seen | self.peers[c]))
    }
}

thread_local! {
    /// The arena of the last search on this thread, kept for the next: a fresh one of a
    /// few hundred kilobytes costs the operating system's pages at every puzzle.
    static ARENA: std::cell::Cell<Vec<u128>> = const { std::cell::Cell::new(Vec::new()) };
}

/// One open digit's templates: `len` of them from `start` in the arena, and their cells.
#[derive(Clone, Copy, Default)]
struct List {
    digit: Digit,
    start: usize,
    len: usize,
    union: u128,
    /// The cells every template of the list holds: the digit's for sure.
    common: u128,
}

/// One search in progress.
struct Search {
    /// The templates of every open list, ranges pushed and dropped as a stack; `top` is its
    /// used length (the vector only grows, so a write needs no capacity check of its own).
    arena: Vec<u128>,
    top: usize,
    full: u128,
    limit: usize,
    keep: usize,
    /// The template taken for each digit on the current branch.
    chosen: [u128; MAX_DIGITS],
    found: Found,
}

impl Search {
    /// Makes room for `n` more templates above `top`.
    fn reserve(&mut self, n: usize) {
        if self.arena.len() < self.top + n {
            self.arena.resize(self.top + n, 0);
        }
    }

    /// Counts the solutions below this node: `lists` holds every open digit's templates,
    /// each disjoint from `used` (the cells of the digits taken). Branches on a cell two
    /// digits share ([`two_way_cell`]), or on each template of the open digit with the
    /// fewest.
    fn explore(&mut self, lists: &mut [List], used: u128) {
        let Some(best) = (0..lists.len()).min_by_key(|&i| lists[i].len) else {
            self.found.count += 1;
            if self.found.solutions.len() < self.keep {
                let mut solution = vec![0; self.full.count_ones() as usize];
                for (digit, &t) in self.chosen.iter().enumerate() {
                    let mut rest = t;
                    while rest != 0 {
                        solution[rest.trailing_zeros() as usize] = digit as Digit + 1;
                        rest &= rest - 1;
                    }
                }
                self.found.solutions.push(solution);
            }
            return;
        };
        if lists[best].len > TEMPLATES_BEFORE_CELLS {
            if let Some((cell, holders)) = two_way_cell(lists, self.full & !used) {
                self.branch_on_cell(lists, used, cell, holders);
                return;
            }
        }
        lists.swap(0, best);
        let (head, rest) = lists.split_first_mut().expect("a list was chosen");
        // The shortest lists first: a dead end shows before the long ones are filtered.
        rest.sort_unstable_by_key(|l| l.len);
        let mark = self.top;
        let mut child = [List::default(); MAX_DIGITS];
        for k in 0..head.len {
            if self.found.count >= self.limit {
                self.found.hit_limit = true;
                break;
            }
            if head.len > 1 {
                self.found.guesses += 1;
            }
            let t = self.arena[head.start + k];
            let child = &mut child[..rest.len()];
            if self.filter(rest, t, self.full & !(used | t), child) && self.propagate(child, used | t, mark) {
                self.chosen[head.digit as usize - 1] = t;
                self.explore(child, used | t);
            }
            self.top = mark;
        }
    }

    /// Tries each of the two digits that may take `cell` (`holders`, indices in `lists`):
    /// one keeps its templates through the cell, the other those around it, and the rest of
    /// the lists are shared with this node's until propagation changes them.
    fn branch_on_cell(&mut self, lists: &[List], used: u128, cell: u128, holders: [usize; 2]) {
        let mark = self.top;
        let mut child = [List::default(); MAX_DIGITS];
        for take in holders {
            if self.found.count >= self.limit {
                self.found.hit_limit = true;
                break;
            }
            self.found.guesses += 1;
            let child = &mut child[..lists.len()];
            child.copy_from_slice(lists);
            let mut open = true;
            for i in holders {
                let list = lists[i];
                self.reserve(list.len);
                let start = self.top;
                let (below, above) = self.arena.split_at_mut(start);
                let want = if i == take { cell } else { 0 };
                let (kept, union, common) = compact(&below[list.start..list.start + list.len], &mut above[..list.len], cell, want);
                self.top = start + kept;
                child[i] = List { start, len: kept, union, common, ..list };
                open &= kept > 0;
            }
            if open && self.propagate(child, used, mark) {
                self.explore(child, used);
            }
            self.top = mark;
        }
    }

    /// Fills `child` with the templates of `lists` disjoint from `t`; false when a digit
    /// is left with none.
    fn filter(&mut self, lists: &[List], t: u128, free: u128, child: &mut [List]) -> bool {
        // What the lists not yet filtered may still reach, from each on: with the unions
        // filtered so far it must cover every free cell, or the branch is dead already.
        let mut later = [0u128; MAX_DIGITS + 1];
        for i in (0..lists.len()).rev() {
            later[i] = later[i + 1] | lists[i].union;
        }
        let mut reached = 0;
        for (i, (list, out)) in lists.iter().zip(child.iter_mut()).enumerate() {
            if list.union & t == 0 {
                // No template of the list touches `t`: shared with the parent's until
                // propagation changes it.
                reached |= list.union;
                if (reached | later[i + 1]) & free != free {
                    return false;
                }
                *out = *list;
                continue;
            }
            self.reserve(list.len);
            let start = self.top;
            let (below, above) = self.arena.split_at_mut(start);
            let (kept, union, common) = compact(&below[list.start..list.start + list.len], &mut above[..list.len], t, 0);
            reached |= union;
            if kept == 0 || (reached | later[i + 1]) & free != free {
                return false;
            }
            self.top = start + kept;
            *out = List { digit: list.digit, start, len: kept, union, common };
        }
        true
    }

    /// The cell rules above, to a fixed point; false at a dead end. The lists that start
    /// below `own` in the arena are shared with the caller's, and are copied before they
    /// change.
    fn propagate(&mut self, lists: &mut [List], used: u128, own: usize) -> bool {
        let free = self.full & !used;
        loop {
            let (mut once, mut twice, mut sure) = (0u128, 0u128, 0u128);
            for list in lists.iter() {
                twice |= once & list.union;
                once |= list.union;
                sure |= list.common;
            }
            if once & free != free {
                return false;
            }
            let alone = once & !twice & free;
            let mut changed = false;
            for list in lists.iter_mut() {
                let need = alone & list.union & !list.common;
                let avoid = sure & !list.common & list.union;
                if need | avoid == 0 {
                    continue;
                }
                // Holding every cell of `need` and none of `avoid`, in one test.
                let mask = need | avoid;
                let (kept, union, common) = if list.start < own {
                    self.reserve(list.len);
                    let start = self.top;
                    let (below, above) = self.arena.split_at_mut(start);
                    let r = compact(&below[list.start..list.start + list.len], &mut above[..list.len], mask, need);
                    self.top = start + r.0;
                    list.start = start;
                    r
                } else {
                    compact_in_place(&mut self.arena[list.start..list.start + list.len], mask, need)
                };
                if kept == 0 {
                    return false;
                }
                changed |= kept != list.len;
                *list = List { len: kept, union, common, ..*list };
            }
            if !changed {
                return true;
            }
        }
    }
}

/// The free cell that exactly two open digits may take, the two with the fewest templates
/// between them, with the indices of those digits in `lists`; `None` when no free cell is
/// down to two digits.
fn two_way_cell(lists: &[List], free: u128) -> Option<(u128, [usize; 2])> {
    // Counted across the lists bit-sliced: cells some list reaches once, twice, three times.
    let (mut one, mut two, mut three) = (0u128, 0u128, 0u128);
    for list in lists {
        three |= two & list.union;
        two |= one & list.union;
        one |= list.union;
    }
    let shared = two & !three & free;
    if shared == 0 {
        return None;
    }
    // By pairs of digits rather than by cells: as many pairs as a few cells cost.
    let mut best: Option<(usize, u128, [usize; 2])> = None;
    for (a, first) in lists.iter().enumerate() {
        for (b, second) in lists.iter().enumerate().skip(a + 1) {
            let cells = shared & first.union & second.union;
            let size = first.len + second.len;
            if cells != 0 && best.is_none_or(|(least, _, _)| size < least) {
                best = Some((size, cells & cells.wrapping_neg(), [a, b]));
            }
        }
    }
    best.map(|(_, cell, holders)| (cell, holders))
}
