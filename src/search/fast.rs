//! The fast search core for 9x9 grids with 3x3 boxes: "how many solutions (up to a limit)",
//! and the first ones, with no explanation. Its design follows the band-per-digit idea of
//! the fast jczsolve-style solvers (as the `sudoku` crate the search bench compares with).
//!
//! The state is one 27-bit mask per digit and band (a "subband": the cells of the band's three
//! rows where the digit is placed or still possible), the cells not yet solved per band, and
//! each subband as it was when last worked on: a subband that differs needs work, and only
//! those are worked on. The 27 tests are unrolled, one branch each with a constant subband,
//! which the processor predicts far better than one loop over a mask of changed subbands
//! (on multi-solution puzzles most of all). Propagation, to a fixed point:
//!
//! - per changed subband, rows against boxes: each row and each box of a band holds the digit
//!   once, so the (row, box) pairs still possible must contain a permutation; a table keeps
//!   the cells of the pairs that lie on one (pointing and claiming, and more), and an empty
//!   result is a contradiction;
//! - its columns: a box of the band left with the digit in one column takes that column from
//!   the digit's other two bands;
//! - a row of the subband down to one cell solves that cell: the other digits leave it, and
//!   with variant rules the digit leaves the cell's variant peers (anti-knight, anti-king);
//! - when no subband changes: hidden singles and empty places in houses beyond the 27
//!   classic ones, then naked singles and empty cells, counted across the nine digits of a
//!   band bit-sliced. A single is placed by clearing the digit from the rest of its row and
//!   box in the band; the subband work above does the rest. Givens are placed all at once
//!   instead: each clears its row, column, box and cell before the first propagation.
//!
//! The hot paths avoid branches whose outcome is unpredictable (whether a cell is given,
//! whether a row was just solved): on hard puzzles a mispredicted branch costs more than
//! the few instructions that make the work unconditional.
//!
//! Columns are not searched for a last place: it is sound without, as a cell is solved only
//! as the last place of its digit in a row, so when every cell is solved each row holds each
//! digit once, each box once (the permutation), and each column once (a solved cell is alone
//! in its box's column, which the other bands of its stack lose). Looking for them at every
//! step cost more than the guesses it saved. Only before a guess, a column left with no place
//! for a digit is looked for (a few instructions, two digits per 64-bit word): it shows a wrong
//! guess early and saves about a sixteenth of the guesses on hard puzzles.
//!
//! A guess goes to a cell with two candidates (found by the same bit-sliced count): of the
//! first six (three until a branch has met a dead end; only the first once a band is all
//! solved), the one with the most unsolved and two-candidate cells among its row, column and
//! box peers; with no such cell, to the first unsolved cell of a band, the band with the
//! fewest candidates there. Scoring pays on puzzles that punish a poor guess, and costs more
//! than it saves on puzzles with several solutions, which often reach two without a dead end. The state is a couple of hundred bytes, copied by value for each
//! branch but the last, and the search stops as soon as the limit is reached.
//!
//! Variant rules plug in through the layout: peers come from [`Layout::peer_set`], and houses
//! beyond the 27 classic ones (diagonals, windows) are checked for hidden singles and empty
//! places. The classic layout runs a separate instance of the search with no variant work at
//! all. Layouts with other sizes or box shapes use the generic counter.

use crate::grid::{Cell, Digit, Grid};
use crate::layout::{HouseKind, Layout};

/// Three 27-bit bands: a set of cells of a 9x9 grid.
type Bands = [u32; 3];

const ROW: u32 = 0x1ff;
const BAND: u32 = (1 << 27) - 1;

/// What a search found.
#[derive(Clone, Debug, Default)]
pub struct Found {
    /// Solutions counted, up to the limit.
    pub count: usize,
    /// The first solutions, one digit per cell, up to the number asked to keep.
    pub solutions: Vec<Vec<Digit>>,
    /// Guesses made: digits tried in a cell the propagation could not decide.
    pub guesses: u64,
    /// True when the search stopped at the limit with branches left, so there may be more.
    pub hit_limit: bool,
}

/// Lookup tables shared by every search, built at compile time.
struct Tables {
    /// A band's shape, its possible (row, box) pairs as bit `3 * box + row` (see
    /// [`Board::update`]), to the cells of the pairs lying on a permutation inside it (each row
    /// and each box once).
    keep: [u32; 512],
    /// A band's nine columns to the cells the other bands keep: a box with its digit in one
    /// column takes that column from the rest of the stack.
    lone_columns: [u32; 512],
    /// A cell of a band to the band without the rest of its row and box.
    alone: [u32; 27],
    /// A cell of a band to its column.
    column: [u32; 27],
}

const fn build() -> Tables {
    let mut t = Tables { keep: [0; 512], lone_columns: [0; 512], alone: [0; 27], column: [0; 27] };
    const PERMUTATIONS: [[u32; 3]; 6] = [[0, 1, 2], [0, 2, 1], [1, 0, 2], [1, 2, 0], [2, 0, 1], [2, 1, 0]];
    let mut v: usize = 0;
    while v < 512 {
        let mut lone = 0;
        let mut k = 0;
        while k < 3 {
            if (v >> (3 * k) & 7).count_ones() == 1 {
                lone |= v & 7 << (3 * k);
            }
            k += 1;
        }
        t.lone_columns[v] = BAND & !(lone as u32 * 0x40201);
        let mut permuted = 0;
        let mut p = 0;
        while p < 6 {
            let m = 1 << PERMUTATIONS[p][0] | 1 << (3 + PERMUTATIONS[p][1]) | 1 << (6 + PERMUTATIONS[p][2]);
            if v as u32 & m == m {
                permuted |= m;
            }
            p += 1;
        }
        // `v` has bit `3 * row + box`; the table's index has bit `3 * box + row`.
        let (mut index, mut cells) = (0, 0);
        let mut i = 0;
        while i < 9 {
            if v >> i & 1 != 0 {
                index |= 1 << (3 * (i % 3) + i / 3);
            }
            if permuted >> i & 1 != 0 {
                cells |= 7 << (9 * (i / 3) + 3 * (i % 3));
            }
            i += 1;
        }
        t.keep[index] = cells;
        v += 1;
    }
    let mut cell = 0;
    while cell < 27 {
        let (row, stack) = (cell / 9, cell % 9 / 3);
        t.alone[cell] = BAND & !(ROW << (9 * row)) & !(0x1c0e07 << (3 * stack)) | 1 << cell;
        t.column[cell] = (cell % 9) as u32;
        cell += 1;
    }
    t
}

static TABLES: Tables = build();

/// How many cells with two candidates the guess compares at most.
// Why a cap: scoring every pair cost more than the guesses it saved (multi-solution puzzles
// have dozens of pairs); six keep nearly all of the gain.
const SCORED_PAIRS: usize = 6;

/// How many the guess compares until the search first meets a dead end.
// Why fewer: puzzles with several solutions often reach two of them without a dead end, and
// there scoring buys nothing (9% of their instructions for 2% of their guesses); a dead end
// shows a puzzle that punishes a poor guess. Three instead of six: 4% fewer instructions on
// multi-solution puzzles, 3% more on top1465, less than 1% more on the hardest.
const SCORED_PAIRS_BEFORE_DEAD_END: usize = 3;

/// Per subband `3 * digit + band`: its band, and the digit's subbands in the other two bands.
static SUBBANDS: [[u8; 3]; 27] = {
    let mut t = [[0; 3]; 27];
    let mut s = 0;
    while s < 27 {
        let (d, b) = (s / 3, s % 3);
        t[s] = [b as u8, (3 * d + (b + 1) % 3) as u8, (3 * d + (b + 2) % 3) as u8];
        s += 1;
    }
    t
};

/// What the core needs of a layout: variant peers and extra houses as band masks.
pub struct Core {
    /// Per cell, its peers by variant rule or extra house (not sharing a row, column or box).
    variant_peers: [Bands; 81],
    /// Houses beyond the 27 classic ones.
    extra: Vec<Bands>,
    /// Whether any cell has variant peers or there is an extra house: the slower path.
    variant: bool,
    /// Whether the search runs as compiled for the processor's bit instructions (see
    /// [`native_bits`]).
    native: bool,
}

/// Whether this processor has the bit instructions the search's second build uses: POPCNT
/// (counting a set's cells), BMI1 and LZCNT (the lowest cell, with no test for an empty set),
/// BMI2. Why detected at run time: the default build must run on every x86-64 processor, and
/// a build for the machine it was compiled on (`-C target-cpu=native`) ran 14% slower here,
/// its wider vector code losing on these short loops; these four alone save a little.
pub fn native_bits() -> bool {
    #[cfg(target_arch = "x86_64")]
    {
        std::is_x86_feature_detected!("popcnt") && std::is_x86_feature_detected!("bmi1") && std::is_x86_feature_detected!("bmi2") && std::is_x86_feature_detected!("lzcnt")
    }
    #[cfg(not(target_arch = "x86_64"))]
    {
        false
    }
}

fn bands_of(cells: impl IntoIterator<Item = usize>) -> Bands {
    let mut b = [0; 3];
    for cell in cells {
        b[cell / 27] |= 1 << (cell % 27);
    }
    b
}

impl Core {
    /// The core for `layout`, or `None` when it is not 9x9 with 3x3 boxes (irregular
    /// regions included: the core's box masks are the classic ones).
    pub fn new(layout: &Layout) -> Option<Core> {
        // Why not with constraints: the core propagates houses and peers only.
        if layout.size() != 9 || layout.box_shape() != Some((3, 3)) || !layout.constraints().is_empty() {
            return None;
        }
        let classic = |kind: HouseKind| layout.houses_of_kind(kind).count() == 9;
        if !(classic(HouseKind::Row) && classic(HouseKind::Column) && classic(HouseKind::Box)) {
            return None;
        }
        let mut variant_peers = [[0; 3]; 81];
        for (cell, peers) in variant_peers.iter_mut().enumerate() {
            let (row, col) = (cell / 9, cell % 9);
            let classic_peer = |p: usize| p / 9 == row || p % 9 == col || (p / 27 == cell / 27 && p % 9 / 3 == col / 3);
            *peers = bands_of(layout.peer_set(cell).iter().filter(|&p| !classic_peer(p)));
        }
        let extra: Vec<Bands> = layout.houses().iter().skip(27).map(|h| bands_of(h.cells.iter().copied())).collect();
        let variant = !extra.is_empty() || variant_peers.iter().any(|p| *p != [0; 3]);
        Some(Core { variant_peers, extra, variant, native: native_bits() })
    }

    /// The core of the classic layout (9x9, 3x3 boxes, no rule), made without building the
    /// layout: what [`Core::new`] makes of it. Why: the batch commands' line path needs only
    /// this, and a layout costs more to build than a quick puzzle to solve.
    pub fn classic() -> Core {
        Core { variant_peers: [[0; 3]; 81], extra: Vec::new(), variant: false, native: native_bits() }
    }

    /// This core, searching with the portable build (`false`) or the build for the processor's
    /// bit instructions (`true`, only where [`native_bits`] holds). Both find the same, in
    /// the same order, with the same guesses: the tests compare them.
    #[doc(hidden)]
    pub fn with_native_bits(mut self, native: bool) -> Core {
        self.native = native && native_bits();
        self
    }

    /// Counts the solutions of `grid`'s position (its candidates as they are) up to `limit`,
    /// keeping the first `keep`.
    pub fn search(&self, grid: &Grid, limit: usize, keep: usize) -> Found {
        self.run(Board::from_grid(grid), limit, keep)
    }

    /// Counts the solutions of a puzzle given as one entry per cell (`None` for a blank) up to
    /// `limit`, keeping the first `keep`. Givens that break a rule have no solution.
    pub fn search_givens(&self, givens: &[Option<Digit>], limit: usize, keep: usize) -> Found {
        self.run(Board::from_entries(givens, |given| given.map_or(0, |d| usize::from(d) + 1)), limit, keep)
    }

    /// As [`Core::search_givens`], for a puzzle written as one byte per cell: `1` to `9` a
    /// given, any other byte a blank. Why: the batch commands hand a file's line straight to
    /// the core, with no vector of givens made for it.
    pub fn search_line(&self, line: &[u8; 81], limit: usize, keep: usize) -> Found {
        self.run(Board::from_placed(&line_givens(line)), limit, keep)
    }

    fn run(&self, board: Option<Board>, limit: usize, keep: usize) -> Found {
        let found = Found::default();
        match board {
            Some(board) if limit > 0 => {
                // Why two instances: the classic path then carries no variant work at all.
                if self.variant {
                    let mut run = Run::<true> { core: self, limit, keep, found, dead_end: false };
                    run.start(board);
                    run.found
                } else {
                    let mut run = Run::<false> { core: self, limit, keep, found, dead_end: false };
                    run.start(board);
                    run.found
                }
            }
            _ => found,
        }
    }
}

/// Runs `$body` 27 times with `$s` bound to 0, 1, ... 26 as a constant.
macro_rules! unroll27 {
    ($s:ident => $body:block) => {
        unroll27!(@ $s $body 0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20 21 22 23 24 25 26)
    };
    (@ $s:ident $body:block $($n:literal)*) => {
        $({
            let $s: usize = $n;
            $body
        })*
    };
}

/// One search state.
#[derive(Clone, Copy)]
struct Board {
    /// Per subband `3 * digit + band`, the cells where the digit is placed or still possible.
    cand: [u32; 27],
    /// Each subband when last worked on; a different `cand` needs work.
    seen: [u32; 27],
    /// Cells not yet solved, per band.
    unsolved: Bands,
}

/// What propagation left.
enum Settled {
    Contradiction,
    Solved,
    /// Unsolved cells remain; the cells with two candidates, per band.
    Open(Bands),
}

impl Board {
    fn empty() -> Board {
        // Why `seen` out of reach: every subband gets its first look.
        Board { cand: [BAND; 27], seen: [u32::MAX; 27], unsolved: [BAND; 3] }
    }

    fn from_grid(grid: &Grid) -> Option<Board> {
        let mut board = Board { cand: [0; 27], ..Board::empty() };
        for (cell, state) in grid.cells().iter().enumerate().take(81) {
            let (b, bit) = (cell / 27, 1 << (cell % 27));
            match *state {
                Cell::Solved(d) if (1..=9).contains(&d) => board.cand[3 * (d as usize - 1) + b] |= bit,
                Cell::Solved(_) => return None,
                Cell::Unsolved(c) => {
                    for d in c.iter() {
                        board.cand[3 * (d as usize - 1) + b] |= bit;
                    }
                }
            }
        }
        for (cell, state) in grid.cells().iter().enumerate().take(81) {
            if let Cell::Solved(d) = *state {
                // Why: givens that see each other (the grid rejects them, but a position may
                // hold any placements) leave a solved cell without its own digit.
                if !board.place(cell, d as usize - 1) {
                    return None;
                }
            }
        }
        Some(board)
    }

    /// The board of a puzzle of 81 cells, each read by `entry`: 0 for a blank, a digit plus
    /// one for a given (1 for a given 0, which no solution has).
    fn from_entries<T: Copy>(givens: &[T], entry: impl Fn(T) -> usize) -> Option<Board> {
        if givens.len() != 81 {
            return None;
        }
        // Per band, by entry `e` (0 for a blank, the digit plus one for a given), the cells:
        // `placed[3 * e + band]`, so `placed[6..]` are the subbands' givens.
        // Why no branch per cell: whether a cell is given is unpredictable, a mispredicted
        // branch costs more than the few instructions here.
        let mut placed = [0u32; 33];
        for (b, band) in givens.chunks_exact(27).enumerate() {
            for (pos, &given) in band.iter().enumerate() {
                let e = entry(given);
                if e > 10 {
                    return None;
                }
                placed[3 * e + b] |= 1 << pos;
            }
        }
        // A given 0 is no digit: no solution.
        if placed[3..6] != [0; 3] {
            return None;
        }
        Board::from_placed(placed[6..].try_into().expect("27 subbands"))
    }

    /// The board of a puzzle given as its givens per subband (`3 * digit + band`).
    fn from_placed(placed: &[u32; 27]) -> Option<Board> {
        let taken: [u32; 3] = std::array::from_fn(|b| (0..9).fold(0, |t, d| t | placed[3 * d + b]));
        // Why all at once: each given's row, column, box and cell are cleared here, so the
        // first propagation starts from what the givens say directly instead of finding it
        // one subband at a time (a fifth of the work on puzzles with many givens). `seen` as
        // the empty board: the subbands the givens leave as they were need no work.
        // Why the givens stay unsolved: their subbands' first update solves them, which also
        // takes their digit from their variant peers.
        let mut board = Board { seen: [BAND; 27], ..Board::empty() };
        for d in 0..9 {
            let g = [placed[3 * d], placed[3 * d + 1], placed[3 * d + 2]];
            let cols = g.map(|v| (v | v >> 9 | v >> 18) & ROW);
            // Two givens of the digit in one column of different bands (one band's are caught below).
            if cols[0] & cols[1] | cols[2] & (cols[0] | cols[1]) != 0 {
                return None;
            }
            let columns = (cols[0] | cols[1] | cols[2]) * 0x40201;
            for b in 0..3 {
                let mut v = BAND & !columns & !taken[b] | g[b];
                let mut rest = g[b];
                while rest != 0 {
                    v &= TABLES.alone[rest.trailing_zeros() as usize];
                    rest &= rest - 1;
                }
                // A given that lost its own cell shares a row or box with another.
                if v & g[b] != g[b] {
                    return None;
                }
                board.cand[3 * d + b] = v;
            }
        }
        Some(board)
    }

    /// Places digit `d` (0-based) in `cell`: it leaves the rest of the cell's row and box in
    /// the band, and propagation does the rest; false if it is no longer possible there.
    fn place(&mut self, cell: usize, d: usize) -> bool {
        let (s, pos) = (3 * d + cell / 27, cell % 27);
        self.cand[s] &= TABLES.alone[pos];
        self.cand[s] >> pos & 1 != 0
    }

    /// Propagates to a fixed point.
    #[inline]
    fn propagate<const V: bool>(&mut self, core: &Core) -> Settled {
        let t = &TABLES;
        loop {
            loop {
                let mut changed = false;
                unroll27!(s => {
                    if self.cand[s] != self.seen[s] {
                        changed = true;
                        if !self.update::<V>(core, s) {
                            return Settled::Contradiction;
                        }
                    }
                });
                if !changed {
                    break;
                }
            }
            if self.unsolved == [0; 3] {
                return Settled::Solved;
            }
            if V && !core.extra.is_empty() {
                match self.extra_singles(core) {
                    None => return Settled::Contradiction,
                    Some(true) => continue,
                    Some(false) => {}
                }
            }
            // Naked singles and empty cells, bit-sliced across the digits.
            let mut pairs = [0; 3];
            let mut placed = false;
            for (b, pair) in pairs.iter_mut().enumerate() {
                let (mut one, mut two, mut three) = (0u32, 0u32, 0u32);
                for d in 0..9 {
                    let x = self.cand[3 * d + b];
                    three |= two & x;
                    two |= one & x;
                    one |= x;
                }
                if one != BAND {
                    return Settled::Contradiction;
                }
                *pair = two & !three;
                let mut rest = self.unsolved[b] & !two;
                while rest != 0 {
                    placed = true;
                    let pos = rest.trailing_zeros() as usize;
                    rest &= rest - 1;
                    let Some(d) = (0..9).find(|&d| self.cand[3 * d + b] >> pos & 1 != 0) else { return Settled::Contradiction };
                    self.cand[3 * d + b] &= t.alone[pos];
                }
            }
            if !placed {
                // Why only when about to guess: a column left without a place for a digit
                // shows a wrong guess early, which prunes far more than it costs here.
                if self.empty_column() {
                    return Settled::Contradiction;
                }
                return Settled::Open(pairs);
            }
        }
    }

    /// Works on subband `s`; false on a contradiction.
    #[inline(always)]
    fn update<const V: bool>(&mut self, core: &Core, s: usize) -> bool {
        let t = &TABLES;
        let [b, s1, s2] = SUBBANDS[s].map(usize::from);
        let v = self.cand[s];
        // The band's shape without a table: a bit at the start of each (row, box) part with a
        // candidate, then the three rows folded into nine bits, row 0 at bits 0, 3 and 6, row
        // 1 at 1, 4 and 7, row 2 at 2, 5 and 8.
        let parts = (v | v >> 1 | v >> 2) & 0o111_111_111;
        let shape = (parts | parts >> 8 | parts >> 16) & ROW;
        let v = v & t.keep[shape as usize];
        if v == 0 {
            return false;
        }
        self.seen[s] = v;
        self.cand[s] = v;
        let lone = t.lone_columns[((v | v >> 9 | v >> 18) & ROW) as usize];
        self.cand[s1] &= lone;
        self.cand[s2] &= lone;
        // Rows down to one cell solve it. Each row has a cell (the permutation above), so
        // taking one from each row borrows nothing from the next, and `rest` (each row without
        // its lowest cell) is empty in the rows with one cell. Its low eight bits per row plus
        // 0xff reach the row's ninth bit exactly when one of them is set; that bit, clear in
        // `rest` too, marks a row with one cell, which the multiplication spreads over the row.
        const LOW: u32 = 0xff | 0xff << 9 | 0xff << 18;
        const NINTH: u32 = 1 << 8 | 1 << 17 | 1 << 26;
        let rest = v & v.wrapping_sub(0x40201);
        let single_rows = !(((rest & LOW) + LOW) | rest) & NINTH;
        let solved = v & (single_rows >> 8).wrapping_mul(ROW) & self.unsolved[b];
        // Why no branch on `solved`: whether a row was just solved is unpredictable, and
        // clearing nothing costs less than a mispredicted branch.
        self.unsolved[b] &= !solved;
        for other in 0..9 {
            self.cand[3 * other + b] &= !solved;
        }
        self.cand[s] = v;
        if V && solved != 0 {
            let mut rest = solved;
            while rest != 0 {
                let cell = 27 * b + rest.trailing_zeros() as usize;
                rest &= rest - 1;
                for (i, peers) in core.variant_peers[cell].iter().enumerate() {
                    self.cand[s - b + i] &= !peers;
                }
            }
        }
        true
    }

    /// Whether some digit has no place left in some column: two digits at a time, one per
    /// 32-bit half of a word.
    #[inline]
    fn empty_column(&self) -> bool {
        const ROWS: u64 = 0x1ff | 0x1ff << 32;
        let c = &self.cand;
        let mut missing = 0;
        for k in 0..5 {
            // Why the last digit twice: five words, no special case.
            let (d1, d2) = (2 * k, (2 * k + 1).min(8));
            let x = u64::from(c[3 * d1] | c[3 * d1 + 1] | c[3 * d1 + 2]) | u64::from(c[3 * d2] | c[3 * d2 + 1] | c[3 * d2 + 2]) << 32;
            missing |= !(x | x >> 9 | x >> 18) & ROWS;
        }
        missing != 0
    }

    /// Hidden singles and empty places in the extra houses: `None` on a contradiction, else
    /// whether a single was placed.
    fn extra_singles(&mut self, core: &Core) -> Option<bool> {
        let mut placed = false;
        for d in 0..9 {
            for house in &core.extra {
                let h = [self.cand[3 * d] & house[0], self.cand[3 * d + 1] & house[1], self.cand[3 * d + 2] & house[2]];
                match h.iter().map(|v| v.count_ones()).sum::<u32>() {
                    0 => return None,
                    1 => {
                        let b = (0..3).find(|&b| h[b] != 0)?;
                        if self.unsolved[b] & h[b] != 0 {
                            self.cand[3 * d + b] &= TABLES.alone[h[b].trailing_zeros() as usize];
                            placed = true;
                        }
                    }
                    _ => {}
                }
            }
        }
        Some(placed)
    }

    /// The cell to guess in: of the first `scored` cells with two candidates, the one whose
    /// peers hold the most unsolved and two-candidate cells (the first such cell when a band
    /// is all solved); with none, the first unsolved cell of each band, the one of the three
    /// with the fewest candidates.
    #[inline]
    fn guess_cell(&self, pairs: &Bands, scored: usize) -> usize {
        if *pairs != [0; 3] {
            // Why not scored with a band all solved: the search is then near its end, where
            // any pair does about as well, and scoring cost more than it saved (2% of the
            // instructions on multi-solution puzzles, nothing elsewhere).
            if self.unsolved.contains(&0) {
                let b = pairs.iter().position(|&p| p != 0).unwrap_or(0);
                return 27 * b + pairs[b].trailing_zeros() as usize;
            }
            let mut top = (0, 0);
            let mut budget = scored;
            for b in 0..3 {
                let mut rest = pairs[b];
                while rest != 0 && budget > 0 {
                    budget -= 1;
                    let pos = rest.trailing_zeros() as usize;
                    rest &= rest - 1;
                    let score = peer_score(&self.unsolved, pairs, b, pos) + 1;
                    if score > top.0 {
                        top = (score, 27 * b + pos);
                    }
                }
            }
            return top.1;
        }
        let mut best = (u32::MAX, 0);
        for b in 0..3 {
            if self.unsolved[b] != 0 {
                let pos = self.unsolved[b].trailing_zeros();
                let n = (0..9).filter(|&d| self.cand[3 * d + b] >> pos & 1 != 0).count() as u32;
                if n < best.0 {
                    best = (n, 27 * b + pos as usize);
                }
            }
        }
        best.1
    }

    fn solution(&self) -> Vec<Digit> {
        // Why by digit and band: each of a solved board's 81 bits names its cell, so walking
        // them is one step a cell, where asking each cell for its digit is up to nine.
        let mut digits = vec![0; 81];
        for (i, &band) in self.cand.iter().enumerate() {
            let (digit, b) = (i / 3, i % 3);
            let mut bits = band & BAND;
            while bits != 0 {
                digits[27 * b + bits.trailing_zeros() as usize] = digit as Digit + 1;
                bits &= bits - 1;
            }
        }
        digits
    }
}

/// Unsolved cells plus cells with two candidates among the row, column and box peers of cell
/// `pos` of band `b`.
#[inline]
fn peer_score(unsolved: &Bands, pairs: &Bands, b: usize, pos: usize) -> u32 {
    const COLUMN: u32 = 0x40201;
    let (b1, b2) = ((b + 1) % 3, (b + 2) % 3);
    let own = !TABLES.alone[pos % 27] & BAND;
    // Why packed: one software popcount for the row and box peers in the band.
    let near = u64::from(own & unsolved[b]) | u64::from(own & pairs[b]) << 32;
    // The column peers in the other bands, counted without a popcount: each of the four sets
    // moved to the column's first place leaves a bit at 0, 9 and 18; their sum holds at most 4
    // in each of those places, and the multiplication adds the three places up at bit 18
    // (the lower sums stay below it, at most 8 at bit 9).
    let c = TABLES.column[pos % 27];
    let lanes = (unsolved[b1] >> c & COLUMN) + (unsolved[b2] >> c & COLUMN) + (pairs[b1] >> c & COLUMN) + (pairs[b2] >> c & COLUMN);
    near.count_ones() + (lanes.wrapping_mul(COLUMN) >> 18 & 0xf)
}

/// One search in progress.
struct Run<'c, const V: bool> {
    core: &'c Core,
    limit: usize,
    keep: usize,
    found: Found,
    /// Whether some branch has ended in a contradiction.
    dead_end: bool,
}

impl<const V: bool> Run<'_, V> {
    fn start(&mut self, board: Board) {
        #[cfg(target_arch = "x86_64")]
        if self.core.native {
            // SAFETY: `native` is set only where `native_bits` found the features.
            unsafe { self.explore_native(board) };
            return;
        }
        self.explore(board);
    }
}

/// Writes the search (`explore`) twice: the portable build, and one compiled for the bit
/// instructions of [`native_bits`]. Why a macro: the search recurses, and a function
/// compiled for more features must call itself, not the portable one, for the features to
/// reach every level.
macro_rules! explorers {
    ($($(#[$attr:meta])* $vis:vis $(unsafe $($unsafe:lifetime)?)? fn $name:ident;)*) => {
        impl<const V: bool> Run<'_, V> {
            $(
                $(#[$attr])*
                $vis $(unsafe $($unsafe)?)? fn $name(&mut self, mut board: Board) {
                    explore_body!(self, board, $name)
                }
            )*
        }
    };
}

/// The body of `explore`, recursing into `$again`.
macro_rules! explore_body {
    ($self:ident, $board:ident, $again:ident) => {{
        let pairs = match $board.propagate::<V>($self.core) {
            Settled::Contradiction => {
                $self.dead_end = true;
                return;
            }
            Settled::Solved => {
                $self.found.count += 1;
                if $self.found.solutions.len() < $self.keep {
                    $self.found.solutions.push($board.solution());
                }
                return;
            }
            Settled::Open(pairs) => pairs,
        };
        let cell = $board.guess_cell(&pairs, if $self.dead_end { SCORED_PAIRS } else { SCORED_PAIRS_BEFORE_DEAD_END });
        let (b, pos) = (cell / 27, cell % 27);
        let mut digits = (0..9).filter(|&d| $board.cand[3 * d + b] >> pos & 1 != 0).fold(0u16, |acc, d| acc | 1 << d);
        while digits != 0 {
            if $self.found.count >= $self.limit {
                $self.found.hit_limit = true;
                return;
            }
            let d = digits.trailing_zeros() as usize;
            digits &= digits - 1;
            $self.found.guesses += 1;
            let s = 3 * d + b;
            if digits == 0 {
                // Why: the last digit needs no copy; the earlier ones were all tried.
                $board.cand[s] &= TABLES.alone[pos];
                recurse!($self, $again, $board);
                return;
            }
            let mut branch = $board;
            branch.cand[s] &= TABLES.alone[pos];
            recurse!($self, $again, branch);
            $board.cand[s] &= !(1 << pos);
        }
    }};
}

/// A recursive call of the search, unsafe only in its native build.
macro_rules! recurse {
    ($self:ident, explore, $board:expr) => {
        $self.explore($board)
    };
    ($self:ident, explore_native, $board:expr) => {
        // SAFETY: the native build runs only where its features were detected.
        unsafe { $self.explore_native($board) }
    };
}

explorers! {
    fn explore;
    #[cfg(target_arch = "x86_64")]
    #[target_feature(enable = "popcnt,bmi1,bmi2,lzcnt")]
    unsafe fn explore_native;
}

/// The givens of a puzzle line (`1` to `9` a given, any other byte a blank) per subband
/// (`3 * digit + band`), the bit of a cell at its place in its band.
#[cfg(target_arch = "x86_64")]
fn line_givens(line: &[u8; 81]) -> [u32; 27] {
    use std::arch::x86_64::{__m128i, _mm_cmpeq_epi8, _mm_loadu_si128, _mm_movemask_epi8, _mm_set1_epi8};
    // Why 16 bytes at a time: the cells of one digit are found by one comparison and one
    // gather of a block's 16 bytes, where one cell at a time is a chain of 81 dependent
    // writes. SSE2 is part of every x86-64 processor.
    let mut padded = [b'.'; 96];
    padded[..81].copy_from_slice(line);
    // SAFETY (the unsafe blocks here): SSE2 is in every x86-64 target, and each load reads 16
    // bytes that lie inside `padded`.
    let blocks: [__m128i; 6] = std::array::from_fn(|k| unsafe { _mm_loadu_si128(padded[16 * k..].as_ptr().cast()) });
    let mut placed = [0; 27];
    for d in 0..9 {
        let want = unsafe { _mm_set1_epi8((b'1' + d as u8) as i8) };
        let (mut low, mut high) = (0u64, 0u64);
        for (k, block) in blocks.iter().enumerate() {
            let bits = u64::from(unsafe { _mm_movemask_epi8(_mm_cmpeq_epi8(*block, want)) } as u16);
            if k < 4 {
                low |= bits << (16 * k);
            } else {
                high |= bits << (16 * (k - 4));
            }
        }
        // Cells 0 to 63 in `low`, 64 to 95 in `high`; bands start at 0, 27 and 54.
        placed[3 * d] = low as u32 & BAND;
        placed[3 * d + 1] = (low >> 27) as u32 & BAND;
        placed[3 * d + 2] = ((low >> 54) | high << 10) as u32 & BAND;
    }
    placed
}

/// [`line_givens`], one cell at a time: the portable build, and the test's reference.
#[cfg_attr(target_arch = "x86_64", allow(dead_code))]
fn line_givens_by_cell(line: &[u8; 81]) -> [u32; 27] {
    let mut placed = [0; 27];
    for (cell, &byte) in line.iter().enumerate() {
        if let d @ 1..=9 = byte.wrapping_sub(b'0') {
            placed[3 * (d as usize - 1) + cell / 27] |= 1 << (cell % 27);
        }
    }
    placed
}

#[cfg(not(target_arch = "x86_64"))]
fn line_givens(line: &[u8; 81]) -> [u32; 27] {
    line_givens_by_cell(line)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::Rules;

    /// The classic core with the two long diagonals as extra houses (no layout has such
    /// houses yet, so the test builds the core by hand).
    fn diagonal_core() -> Core {
        let mut core = Core::new(&Layout::classic(Rules::classic())).unwrap();
        let diagonals: [Vec<usize>; 2] = [(0..9).map(|i| 10 * i).collect(), (0..9).map(|i| 8 * i + 8).collect()];
        for house in &diagonals {
            core.extra.push(bands_of(house.iter().copied()));
            for &cell in house {
                for &peer in house {
                    let classic = peer / 9 == cell / 9 || peer % 9 == cell % 9 || (peer / 27 == cell / 27 && peer % 9 / 3 == cell % 9 / 3);
                    if !classic {
                        core.variant_peers[cell][peer / 27] |= 1 << (peer % 27);
                    }
                }
            }
        }
        core.variant = true;
        core
    }

    /// Whether `solution` holds each digit once in every row, column, box and diagonal.
    fn valid_with_diagonals(solution: &[Digit]) -> bool {
        let mut houses: Vec<Vec<usize>> = Vec::new();
        for i in 0..9 {
            houses.push((0..9).map(|j| 9 * i + j).collect());
            houses.push((0..9).map(|j| 9 * j + i).collect());
            houses.push((0..9).map(|j| 27 * (i / 3) + 3 * (i % 3) + 9 * (j / 3) + j % 3).collect());
        }
        houses.push((0..9).map(|i| 10 * i).collect());
        houses.push((0..9).map(|i| 8 * i + 8).collect());
        houses.iter().all(|h| h.iter().fold(0u16, |acc, &c| acc | 1 << solution[c]) == 0x3fe)
    }

    /// A random puzzle line: givens kept from a random solution at a random density, blanks as
    /// `.` or `0`, and now and then any byte at all (read as a blank).
    fn random_line(rng: &mut crate::generate::Rng, full: &[Digit]) -> [u8; 81] {
        let density = 1 + rng.below(60);
        std::array::from_fn(|cell| match rng.below(100) {
            0 => rng.below(256) as u8,
            n if n < density => b'0' + full[cell],
            n if n % 2 == 0 => b'0',
            _ => b'.',
        })
    }

    #[test]
    fn line_givens_agree_with_reading_one_cell_at_a_time() {
        let mut rng = crate::generate::Rng::new(41);
        let full = Core::new(&Layout::classic(Rules::classic())).unwrap().search_givens(&[None; 81], 1, 1).solutions.remove(0);
        for _ in 0..5000 {
            let line = random_line(&mut rng, &full);
            assert_eq!(line_givens(&line), line_givens_by_cell(&line), "{}", String::from_utf8_lossy(&line));
        }
        let every: [u8; 81] = std::array::from_fn(|cell| b'1' + (cell % 9) as u8);
        assert_eq!(line_givens(&every), line_givens_by_cell(&every));
    }

    /// The build for the processor's bit instructions and the portable build find the same
    /// solutions, count and guesses, from givens and from lines, on puzzles from sparse (many
    /// solutions) to dense, some with no solution. On a processor without the instructions
    /// both are the portable build, and this compares it with itself.
    #[test]
    fn native_and_portable_searches_agree() {
        let classic = || Core::new(&Layout::classic(Rules::classic())).unwrap();
        let (native, portable) = (classic().with_native_bits(true), classic().with_native_bits(false));
        assert!(!portable.native);
        assert_eq!(native.native, native_bits());
        let mut rng = crate::generate::Rng::new(42);
        let mut solved = [0; 3];
        for round in 0..1500 {
            // The first solution of the empty grid, its digits renamed at random.
            let mut names: Vec<Digit> = (1..=9).collect();
            for i in (1..9).rev() {
                names.swap(i, rng.below(i + 1));
            }
            let full: Vec<Digit> = portable.search_givens(&[None; 81], 1, 1).solutions[0].iter().map(|&d| names[d as usize - 1]).collect();
            let mut line = random_line(&mut rng, &full);
            if round % 7 == 0 {
                // A wrong given: often no solution.
                line[rng.below(81)] = b'1' + rng.below(9) as u8;
            }
            let (a, b) = (native.search_line(&line, 3, 3), portable.search_line(&line, 3, 3));
            assert_eq!((a.count, &a.solutions, a.guesses, a.hit_limit), (b.count, &b.solutions, b.guesses, b.hit_limit), "{}", String::from_utf8_lossy(&line));
            let givens: Vec<Option<Digit>> = line.iter().map(|&c| Some(c.wrapping_sub(b'0')).filter(|d| (1..=9).contains(d))).collect();
            let c = portable.search_givens(&givens, 3, 3);
            assert_eq!((c.count, &c.solutions, c.guesses), (b.count, &b.solutions, b.guesses));
            solved[a.count.min(2)] += 1;
        }
        assert!(solved.iter().all(|&n| n > 50), "too few of some kind (none, one, several): {solved:?}");
    }

    #[test]
    fn the_classic_core_is_the_classic_layouts_core() {
        let (made, built) = (Core::classic(), Core::new(&Layout::classic(Rules::classic())).unwrap());
        assert_eq!((made.variant_peers, &made.extra, made.variant, made.native), (built.variant_peers, &built.extra, built.variant, built.native));
    }

    #[test]
    fn extra_houses_hold_each_digit_once() {
        let core = diagonal_core();
        let found = core.search_givens(&[None; 81], 1, 1);
        assert_eq!(found.count, 1);
        let full = &found.solutions[0];
        assert!(valid_with_diagonals(full), "{full:?}");
        // Half the cells blanked: every solution kept is valid, and the full grid is one.
        let givens: Vec<Option<Digit>> = full.iter().enumerate().map(|(c, &d)| (c % 2 == 0).then_some(d)).collect();
        let found = core.search_givens(&givens, 50, 50);
        assert!(found.count >= 1);
        assert!(found.solutions.iter().all(|s| valid_with_diagonals(s)));
        assert!(found.solutions.contains(full));
        // The classic core finds solutions the diagonals rule out.
        let classic = Core::new(&Layout::classic(Rules::classic())).unwrap();
        let mut sparse = vec![None; 81];
        sparse[0] = Some(1);
        assert!(classic.search_givens(&sparse, 20, 20).solutions.iter().any(|s| !valid_with_diagonals(s)));
        // Two givens of one digit on a diagonal (no classic house shared): no solution.
        let mut clash = vec![None; 81];
        clash[0] = Some(5);
        clash[40] = Some(5);
        assert_eq!(core.search_givens(&clash, 2, 0).count, 0);
        assert!(classic.search_givens(&clash, 2, 0).count > 0);
    }
}
