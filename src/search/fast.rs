//! The fast search core for 9x9 grids with 3x3 boxes: "how many solutions (up to a limit)",
//! and the first ones, with no explanation.
//!
//! The state is one bitboard per digit, split into the three bands of 27 cells (three rows of
//! nine), plus the cells not yet solved. A digit's board keeps the cells where the digit is
//! placed, so a row with one bit left holds the digit there. Propagation, to a fixed point:
//!
//! - per digit and band, rows against boxes: each row and each box of a band holds the digit
//!   once, so the (row, box) pairs still possible must contain a permutation. A table keeps the
//!   pairs that lie on one (this is pointing and claiming, and more);
//! - per digit and stack, columns against boxes, the same way;
//! - hidden singles in rows, columns, boxes and any extra house of the layout;
//! - naked singles, by counting candidates across the digit boards bit-sliced;
//! - placing a digit removes it from the cell's peers, variant peers included (anti-knight,
//!   anti-king), from per-cell masks built from the layout.
//!
//! A guess goes to the first cell with two candidates, else to one with the fewest.
//!
//! Variant rules plug in through the layout: peers come from [`Layout::peer_set`], and houses
//! beyond the 27 classic ones (diagonals, windows) are checked for hidden singles and empty
//! places. Layouts with other sizes or box shapes use the generic counter.

use std::sync::OnceLock;

use crate::grid::{Cell, Digit, Grid};
use crate::layout::{HouseKind, Layout};

/// Three 27-bit bands: a set of cells of a 9x9 grid.
type Bands = [u32; 3];

const ROW: u32 = 0x1ff;

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

/// Lookup tables shared by every search.
struct Tables {
    /// A row's nine bits to the three-bit set of its boxes with a candidate.
    row_boxes: [u16; 512],
    /// A 3x3 shape of possible (row, box) pairs, bit `3 * row + box`, to the pairs lying on a
    /// permutation inside it.
    permuted: [u16; 512],
    /// A 3x3 shape to the 27 cells of a band its pairs cover.
    expand: [u32; 512],
}

fn tables() -> &'static Tables {
    static TABLES: OnceLock<Tables> = OnceLock::new();
    TABLES.get_or_init(|| {
        let mut t = Tables { row_boxes: [0; 512], permuted: [0; 512], expand: [0; 512] };
        for v in 0..512usize {
            t.row_boxes[v] = (0..3).filter(|k| v >> (3 * k) & 7 != 0).fold(0, |acc, k| acc | 1 << k);
            t.expand[v] = (0..9).filter(|i| v >> i & 1 != 0).fold(0, |acc, i| acc | 7 << (9 * (i / 3) + 3 * (i % 3)));
        }
        const PERMUTATIONS: [[usize; 3]; 6] = [[0, 1, 2], [0, 2, 1], [1, 0, 2], [1, 2, 0], [2, 0, 1], [2, 1, 0]];
        for shape in 0..512u16 {
            t.permuted[shape as usize] = PERMUTATIONS
                .iter()
                .map(|p| (0..3).fold(0u16, |acc, row| acc | 1 << (3 * row + p[row])))
                .filter(|&m| shape & m == m)
                .fold(0, |acc, m| acc | m);
        }
        t
    })
}

/// What the core needs of a layout: peers and extra houses as band masks.
pub struct Core {
    peers: Vec<Bands>,
    extra: Vec<Bands>,
}

fn bands_of(cells: impl IntoIterator<Item = usize>) -> Bands {
    let mut b = [0; 3];
    for cell in cells {
        b[cell / 27] |= 1 << (cell % 27);
    }
    b
}

impl Core {
    /// The core for `layout`, or `None` when it is not 9x9 with 3x3 boxes.
    pub fn new(layout: &Layout) -> Option<Core> {
        if layout.size() != 9 || layout.box_shape() != (3, 3) {
            return None;
        }
        let classic = |kind: HouseKind| layout.houses_of_kind(kind).count() == 9;
        if !(classic(HouseKind::Row) && classic(HouseKind::Column) && classic(HouseKind::Box)) {
            return None;
        }
        let peers = (0..81).map(|cell| bands_of(layout.peer_set(cell).iter())).collect();
        let extra = layout.houses().iter().skip(27).map(|h| bands_of(h.cells.iter().copied())).collect();
        Some(Core { peers, extra })
    }

    /// Counts the solutions of `grid`'s position (its candidates as they are) up to `limit`,
    /// keeping the first `keep`.
    pub fn search(&self, grid: &Grid, limit: usize, keep: usize) -> Found {
        self.run(Board::from_grid(self, grid), limit, keep)
    }

    /// Counts the solutions of a puzzle given as one entry per cell (`None` for a blank) up to
    /// `limit`, keeping the first `keep`. Givens that break a rule have no solution.
    pub fn search_givens(&self, givens: &[Option<Digit>], limit: usize, keep: usize) -> Found {
        self.run(Board::from_givens(self, givens), limit, keep)
    }

    fn run(&self, board: Option<Board>, limit: usize, keep: usize) -> Found {
        let found = Found::default();
        match board {
            Some(board) if limit > 0 => {
                let mut run = Run { core: self, tables: tables(), limit, keep, found };
                run.explore(board);
                run.found
            }
            _ => found,
        }
    }
}

/// One search state.
#[derive(Clone, Copy)]
struct Board {
    /// Per digit, the cells where it is placed or still possible.
    cand: [Bands; 9],
    /// Cells not yet solved.
    unsolved: Bands,
    /// Per digit, its board when last propagated, to skip digits that did not change.
    seen: [Bands; 9],
}

impl Board {
    fn from_grid(core: &Core, grid: &Grid) -> Option<Board> {
        let mut board = Board { cand: [[0; 3]; 9], unsolved: [0; 3], seen: [[0; 3]; 9] };
        let mut solved = Vec::new();
        for (cell, state) in grid.cells().iter().enumerate() {
            let (b, bit) = (cell / 27, 1 << (cell % 27));
            match *state {
                Cell::Solved(d) => {
                    board.cand[d as usize - 1][b] |= bit;
                    solved.push((cell, d as usize - 1));
                }
                Cell::Unsolved(c) => {
                    board.unsolved[b] |= bit;
                    for d in c.iter() {
                        board.cand[d as usize - 1][b] |= bit;
                    }
                }
            }
        }
        for &(cell, d) in &solved {
            for b in 0..3 {
                board.cand[d][b] &= !core.peers[cell][b];
            }
        }
        // Why: givens that see each other (the grid rejects them, but a position may hold any
        // placements) leave a solved cell without its own digit.
        solved.iter().all(|&(cell, d)| board.cand[d][cell / 27] & 1 << (cell % 27) != 0).then_some(board)
    }

    fn from_givens(core: &Core, givens: &[Option<Digit>]) -> Option<Board> {
        let all = (1 << 27) - 1;
        let mut board = Board { cand: [[all; 3]; 9], unsolved: [all; 3], seen: [[all; 3]; 9] };
        for (cell, given) in givens.iter().enumerate().take(81) {
            if let Some(d) = *given {
                if !(1..=9).contains(&d) || !board.place(core, cell, d as usize - 1) {
                    return None;
                }
            }
        }
        (givens.len() == 81).then_some(board)
    }

    /// Places digit `d` (0-based) in `cell`; false if it is no longer possible there.
    #[inline]
    fn place(&mut self, core: &Core, cell: usize, d: usize) -> bool {
        let (b, bit) = (cell / 27, 1u32 << (cell % 27));
        if self.cand[d][b] & bit == 0 {
            return false;
        }
        for digit in self.cand.iter_mut() {
            digit[b] &= !bit;
        }
        let peers = &core.peers[cell];
        let own = &mut self.cand[d];
        own[0] &= !peers[0];
        own[1] &= !peers[1];
        own[2] &= !peers[2];
        own[b] |= bit;
        self.unsolved[b] &= !bit;
        true
    }

    /// Propagates to a fixed point; false on a contradiction.
    fn propagate(&mut self, core: &Core, t: &Tables) -> bool {
        loop {
            // Why place each digit's hidden singles at once: the next digit then sees them,
            // and the fixed point comes in fewer passes.
            let mut changed = false;
            for d in 0..9 {
                // Why a loop: placing the digit's singles clears it from their peers, which can
                // leave new singles of the same digit; its board is at hand now.
                while self.cand[d] != self.seen[d] {
                    changed = true;
                    let Some(single) = self.reduce_digit(core, t, d) else { return false };
                    for (b, &bits) in single.iter().enumerate() {
                        let mut rest = bits & self.unsolved[b];
                        while rest != 0 {
                            let cell = 27 * b + rest.trailing_zeros() as usize;
                            rest &= rest - 1;
                            if !self.place(core, cell, d) {
                                return false;
                            }
                        }
                    }
                }
            }
            // Naked singles and empty cells, bit-sliced across the digits.
            for b in 0..3 {
                if self.unsolved[b] == 0 {
                    continue;
                }
                let (mut once, mut twice) = (0u32, 0u32);
                for digit in &self.cand {
                    twice |= once & digit[b];
                    once |= digit[b];
                }
                if self.unsolved[b] & !once != 0 {
                    return false;
                }
                let mut rest = self.unsolved[b] & !twice;
                while rest != 0 {
                    changed = true;
                    let bit = rest & rest.wrapping_neg();
                    rest &= rest - 1;
                    let cell = 27 * b + bit.trailing_zeros() as usize;
                    let Some(d) = (0..9).find(|&d| self.cand[d][b] & bit != 0) else { return false };
                    if !self.place(core, cell, d) {
                        return false;
                    }
                }
            }
            if !changed {
                return true;
            }
        }
    }

    /// Box-line reductions for digit `d` in bands and stacks, then its hidden singles (cells
    /// not yet solved); `None` if the digit has no place left in some house.
    #[inline]
    fn reduce_digit(&mut self, core: &Core, t: &Tables, d: usize) -> Option<Bands> {
        let mut x = self.cand[d];
        let seen = self.seen[d];
        for (band, &before) in x.iter_mut().zip(&seen) {
            let v = *band;
            if v == before {
                continue;
            }
            let shape = t.row_boxes[(v & ROW) as usize]
                | t.row_boxes[(v >> 9 & ROW) as usize] << 3
                | t.row_boxes[(v >> 18 & ROW) as usize] << 6;
            let kept = t.permuted[shape as usize];
            if kept != shape {
                *band &= t.expand[kept as usize];
            }
        }
        let fold = |v: u32| (v | v >> 9 | v >> 18) & ROW;
        let cols = [fold(x[0]), fold(x[1]), fold(x[2])];
        for stack in 0..3 {
            let s = 3 * stack;
            let shape = (cols[0] >> s & 7) | (cols[1] >> s & 7) << 3 | (cols[2] >> s & 7) << 6;
            let kept = u32::from(t.permuted[shape as usize]);
            if kept != shape {
                let gone = shape & !kept;
                for (b, band) in x.iter_mut().enumerate() {
                    let m = (gone >> (3 * b) & 7) << s;
                    *band &= !(m | m << 9 | m << 18);
                }
            }
        }
        // Rows and boxes: each needs a place; one bit left is the digit's cell. Branch-free,
        // as which rows are down to one place is not predictable.
        let mut single = [0u32; 3];
        let mut empty = false;
        for b in 0..3 {
            let v = x[b];
            // Why: an unchanged band has no new single and no new empty house.
            if v == seen[b] {
                continue;
            }
            for r in 0..3 {
                let row = v >> (9 * r) & ROW;
                empty |= row == 0;
                single[b] |= (row << (9 * r)) & 0u32.wrapping_sub(u32::from(row & row.wrapping_sub(1) == 0));
            }
            for k in 0..3 {
                let bx = v & (0x7 << (3 * k)) * 0x40201;
                empty |= bx == 0;
                single[b] |= bx & 0u32.wrapping_sub(u32::from(bx & bx.wrapping_sub(1) == 0));
            }
        }
        if empty {
            return None;
        }
        // Columns: bit-sliced over the nine rows.
        let (mut once, mut twice) = (0u32, 0u32);
        for v in x {
            for r in 0..3 {
                let row = v >> (9 * r) & ROW;
                twice |= once & row;
                once |= row;
            }
        }
        if once != ROW {
            return None;
        }
        let lone = once & !twice;
        if lone != 0 {
            let m = lone | lone << 9 | lone << 18;
            for b in 0..3 {
                single[b] |= x[b] & m;
            }
        }
        for house in &core.extra {
            let h = [x[0] & house[0], x[1] & house[1], x[2] & house[2]];
            let n = h.iter().map(|v| v.count_ones()).sum::<u32>();
            if n == 0 {
                return None;
            }
            if n == 1 {
                for b in 0..3 {
                    single[b] |= h[b];
                }
            }
        }
        self.cand[d] = x;
        self.seen[d] = x;
        for b in 0..3 {
            single[b] &= self.unsolved[b];
        }
        Some(single)
    }

    /// The cell to guess in: the first with two candidates, else one with the fewest.
    fn guess_cell(&self, core: &Core) -> Option<usize> {
        let mut best = None;
        let mut fewest = u32::MAX;
        let mut pairs_all = [0u32; 3];
        for b in 0..3 {
            let (mut one, mut two, mut three) = (0u32, 0u32, 0u32);
            for digit in &self.cand {
                three |= two & digit[b];
                two |= one & digit[b];
                one |= digit[b];
            }
            pairs_all[b] = self.unsolved[b] & two & !three;
        }
        if pairs_all != [0; 3] {
            let mut top = (0, 0);
            for b in 0..3 {
                let mut rest = pairs_all[b];
                while rest != 0 {
                    let cell = 27 * b + rest.trailing_zeros() as usize;
                    rest &= rest - 1;
                    let p = &core.peers[cell];
                    let score = (0..3).map(|i| (p[i] & self.unsolved[i]).count_ones() + (p[i] & pairs_all[i]).count_ones()).sum::<u32>() + 1;
                    if score > top.0 {
                        top = (score, cell);
                    }
                }
            }
            return Some(top.1);
        }
        for b in 0..3 {
            if self.unsolved[b] == 0 {
                continue;
            }
            let (mut one, mut two, mut three) = (0u32, 0u32, 0u32);
            for digit in &self.cand {
                three |= two & digit[b];
                two |= one & digit[b];
                one |= digit[b];
            }
            let pairs = self.unsolved[b] & two & !three;
            if pairs != 0 {
                return Some(27 * b + pairs.trailing_zeros() as usize);
            }
            let mut rest = self.unsolved[b];
            while rest != 0 {
                let i = rest.trailing_zeros();
                rest &= rest - 1;
                let n = self.cand.iter().filter(|digit| digit[b] >> i & 1 != 0).count() as u32;
                if n < fewest {
                    fewest = n;
                    best = Some(27 * b + i as usize);
                }
            }
        }
        best
    }

    fn solution(&self) -> Vec<Digit> {
        (0..81)
            .map(|cell| {
                let (b, bit) = (cell / 27, 1u32 << (cell % 27));
                (0..9).find(|&d| self.cand[d][b] & bit != 0).map_or(0, |d| d as Digit + 1)
            })
            .collect()
    }
}

/// One search in progress.
struct Run<'c> {
    core: &'c Core,
    tables: &'static Tables,
    limit: usize,
    keep: usize,
    found: Found,
}

impl Run<'_> {
    fn explore(&mut self, mut board: Board) {
        if !board.propagate(self.core, self.tables) {
            return;
        }
        let Some(cell) = board.guess_cell(self.core) else {
            self.found.count += 1;
            if self.found.solutions.len() < self.keep {
                self.found.solutions.push(board.solution());
            }
            return;
        };
        let (b, bit) = (cell / 27, 1u32 << (cell % 27));
        let mut digits = (0..9).filter(|&d| board.cand[d][b] & bit != 0).fold(0u16, |acc, d| acc | 1 << d);
        while digits != 0 {
            if self.found.count >= self.limit {
                self.found.hit_limit = true;
                return;
            }
            let d = digits.trailing_zeros() as usize;
            digits &= digits - 1;
            self.found.guesses += 1;
            if digits == 0 {
                // Why: the last digit needs no copy; the earlier ones were all tried.
                if board.place(self.core, cell, d) {
                    self.explore(board);
                }
                return;
            }
            let mut branch = board;
            if branch.place(self.core, cell, d) {
                self.explore(branch);
            }
        }
    }
}
