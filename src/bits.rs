//! The leaf of the crate: digits, digit sets and cell sets, as bits. Nothing here knows a
//! grid's shape; every other module builds on these.

use std::fmt;

/// A cell's index, `row * size + column` (0-based).
pub type CellId = usize;

/// The character for a digit: `1`-`9`, then `A`, `B` ... for larger grids.
pub fn digit_char(digit: Digit) -> char {
    match digit {
        1..=9 => (b'0' + digit) as char,
        _ => (b'A' + digit - 10) as char,
    }
}

/// How many of the low 16 bits of `mask` are set: the digits of a digit mask, the places of
/// a house's digit, the lines of a fish (grids have at most [`MAX_SIZE`] of each). Bits
/// above the 16th are left out, so callers may keep a flag there.
///
/// Why a table rather than `count_ones`: deduku is built for baseline x86-64, which has no
/// popcount instruction, and there `count_ones` is a dozen operations where the table is two
/// loads; this runs in the inner loops of subsets, fish, wings and ALS.
#[inline]
pub fn ones(mask: impl Into<u32>) -> usize {
    let mask: u32 = mask.into();
    const TABLE: [u8; 256] = {
        let mut table = [0; 256];
        let mut i = 0;
        while i < 256 {
            table[i] = (i as u32).count_ones() as u8;
            i += 1;
        }
        table
    };
    (TABLE[(mask & 0xff) as usize] + TABLE[(mask >> 8 & 0xff) as usize]) as usize
}

/// A digit, `1..=size`.
pub type Digit = u8;

/// The largest grid side a [`Candidates`] bitset and a [`CellSet`] can hold.
pub const MAX_SIZE: usize = 16;

/// A set of digits, one bit per digit (bit `d - 1` for digit `d`).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Candidates(u16);

impl Candidates {
    /// No digit.
    pub const EMPTY: Candidates = Candidates(0);

    /// All digits `1..=size`.
    pub fn all(size: usize) -> Candidates {
        debug_assert!(size <= MAX_SIZE);
        Candidates(((1u32 << size) - 1) as u16)
    }

    /// The set of one digit, `1..=MAX_SIZE` (0 panics in debug builds, and is no digit).
    pub fn single(digit: Digit) -> Candidates {
        Candidates(1 << (digit - 1))
    }

    /// The set whose bit `d - 1` is set for each digit `d` (see [`Candidates::bits`]).
    pub fn from_bits(bits: u16) -> Candidates {
        Candidates(bits)
    }

    /// The digits as bits: bit `d - 1` for digit `d`.
    pub fn bits(self) -> u16 {
        self.0
    }

    /// Whether `digit` (`1..=MAX_SIZE`) is in the set.
    pub fn contains(self, digit: Digit) -> bool {
        self.0 & (1 << (digit - 1)) != 0
    }

    /// Adds `digit` (`1..=MAX_SIZE`); nothing changes if it is there.
    pub fn insert(&mut self, digit: Digit) {
        self.0 |= 1 << (digit - 1);
    }

    /// Removes `digit` (`1..=MAX_SIZE`); nothing changes if it is not there.
    pub fn remove(&mut self, digit: Digit) {
        self.0 &= !(1 << (digit - 1));
    }

    /// How many digits the set holds.
    pub fn len(self) -> usize {
        self.0.count_ones() as usize
    }

    /// Whether the set holds no digit.
    pub fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// The only digit, if there is exactly one.
    pub fn single_digit(self) -> Option<Digit> {
        (self.len() == 1).then(|| self.0.trailing_zeros() as Digit + 1)
    }

    /// The digits in either set.
    pub fn union(self, other: Candidates) -> Candidates {
        Candidates(self.0 | other.0)
    }

    /// The digits in both sets.
    pub fn intersection(self, other: Candidates) -> Candidates {
        Candidates(self.0 & other.0)
    }

    /// The digits of `self` not in `other`.
    pub fn difference(self, other: Candidates) -> Candidates {
        Candidates(self.0 & !other.0)
    }

    /// The digits in ascending order.
    pub fn iter(self) -> impl Iterator<Item = Digit> {
        BitIter(self.0 as u64).map(|bit| bit as Digit + 1)
    }
}

impl FromIterator<Digit> for Candidates {
    fn from_iter<I: IntoIterator<Item = Digit>>(iter: I) -> Self {
        let mut set = Candidates::EMPTY;
        for digit in iter {
            set.insert(digit);
        }
        set
    }
}

impl fmt::Debug for Candidates {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{{")?;
        for d in self.iter() {
            write!(f, "{}", digit_char(d))?;
        }
        write!(f, "}}")
    }
}

/// Iterates the indices of the set bits of a word, lowest first.
pub(crate) struct BitIter(pub(crate) u64);

impl Iterator for BitIter {
    type Item = usize;
    fn next(&mut self) -> Option<usize> {
        if self.0 == 0 {
            return None;
        }
        let bit = self.0.trailing_zeros() as usize;
        self.0 &= self.0 - 1;
        Some(bit)
    }
}

const SET_WORDS: usize = (MAX_SIZE * MAX_SIZE).div_ceil(64);

/// A set of cells of a grid of up to `MAX_SIZE`² cells.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct CellSet([u64; SET_WORDS]);

impl CellSet {
    /// The empty set.
    pub fn new() -> CellSet {
        CellSet::default()
    }

    /// Adds `cell` (below `MAX_SIZE * MAX_SIZE`; a larger id panics).
    pub fn insert(&mut self, cell: CellId) {
        self.0[cell / 64] |= 1 << (cell % 64);
    }

    /// Removes `cell`; nothing changes if it is not there.
    pub fn remove(&mut self, cell: CellId) {
        self.0[cell / 64] &= !(1 << (cell % 64));
    }

    /// Whether `cell` is in the set.
    pub fn contains(&self, cell: CellId) -> bool {
        self.0[cell / 64] & (1 << (cell % 64)) != 0
    }

    /// How many cells the set holds.
    pub fn len(&self) -> usize {
        self.0.iter().map(|w| w.count_ones() as usize).sum()
    }

    /// Whether the set holds no cell.
    pub fn is_empty(&self) -> bool {
        self.0.iter().all(|&w| w == 0)
    }

    /// The set's bits, 64 cells a word (cell `c` is bit `c % 64` of word `c / 64`).
    pub fn words(&self) -> &[u64] {
        &self.0
    }

    /// The cells in both sets.
    pub fn intersection(&self, other: &CellSet) -> CellSet {
        let mut out = *self;
        for (a, b) in out.0.iter_mut().zip(other.0) {
            *a &= b;
        }
        out
    }

    /// The cells in either set.
    pub fn union(&self, other: &CellSet) -> CellSet {
        let mut out = *self;
        for (a, b) in out.0.iter_mut().zip(other.0) {
            *a |= b;
        }
        out
    }

    /// The cells of `self` not in `other`.
    pub fn difference(&self, other: &CellSet) -> CellSet {
        let mut out = *self;
        for (a, b) in out.0.iter_mut().zip(other.0) {
            *a &= !b;
        }
        out
    }

    /// The one cell of a set of exactly one cell (no bit counting: the default target has no
    /// population-count instruction).
    pub fn single(&self) -> Option<CellId> {
        let mut found = None;
        for (i, &w) in self.0.iter().enumerate() {
            if w == 0 {
                continue;
            }
            if found.is_some() || w & (w - 1) != 0 {
                return None;
            }
            found = Some(i * 64 + w.trailing_zeros() as usize);
        }
        found
    }

    /// The lowest cell, if any.
    pub fn first(&self) -> Option<CellId> {
        self.0.iter().enumerate().find(|(_, w)| **w != 0).map(|(i, w)| i * 64 + w.trailing_zeros() as usize)
    }

    /// The cells in ascending order.
    pub fn iter(&self) -> impl Iterator<Item = CellId> + '_ {
        WordCells::new(self.0)
    }
}

/// The cells of a bitset of `W` words in ascending order: the iterator of
/// [`CellSet::iter`], and of the forcing engine's own narrower bitboards.
// Why: a plain loop over the words, cheaper per cell than a flattening adapter; sets are
// walked on every technique's hot paths.
pub(crate) struct WordCells<const W: usize> {
    words: [u64; W],
    word: usize,
}

impl<const W: usize> WordCells<W> {
    pub(crate) fn new(words: [u64; W]) -> WordCells<W> {
        WordCells { words, word: 0 }
    }
}

impl<const W: usize> Iterator for WordCells<W> {
    type Item = CellId;

    #[inline]
    fn next(&mut self) -> Option<CellId> {
        while self.word < W {
            let bits = self.words[self.word];
            if bits != 0 {
                self.words[self.word] = bits & (bits - 1);
                return Some(self.word * 64 + bits.trailing_zeros() as usize);
            }
            self.word += 1;
        }
        None
    }
}

impl FromIterator<CellId> for CellSet {
    fn from_iter<I: IntoIterator<Item = CellId>>(iter: I) -> Self {
        let mut set = CellSet::new();
        for cell in iter {
            set.insert(cell);
        }
        set
    }
}

impl fmt::Debug for CellSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_set().entries(self.iter()).finish()
    }
}


#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_single_cell_set_names_its_cell() {
        let set = |cells: &[CellId]| cells.iter().copied().collect::<CellSet>();
        assert_eq!(set(&[]).single(), None);
        for cell in [0, 63, 64, 200, 255] {
            assert_eq!(set(&[cell]).single(), Some(cell));
        }
        assert_eq!(set(&[3, 5]).single(), None, "two cells in one word");
        assert_eq!(set(&[3, 70]).single(), None, "two cells in two words");
        assert_eq!(set(&[130, 255]).single(), None);
    }

    #[test]
    fn a_set_lists_its_cells_in_order_across_every_word() {
        // Why: 9x9 grids use two words of a set, so the solve tests never reach the last two;
        // 16x16 grids use all four. Empty words lie between and after the cells.
        let cells = [0, 1, 63, 64, 130, 191, 192, 255];
        let set: CellSet = cells.iter().rev().copied().collect();
        assert_eq!(set.iter().collect::<Vec<_>>(), cells);
        let sparse: CellSet = [5, 250].into_iter().collect();
        assert_eq!(sparse.iter().collect::<Vec<_>>(), [5, 250], "words with no cell are skipped");
        assert_eq!(CellSet::new().iter().next(), None);
        let mut bits = [0u64; 2];
        bits[1] = 1 << 3;
        assert_eq!(WordCells::new(bits).collect::<Vec<_>>(), [67], "a narrower bitboard");
    }

    #[test]
    fn ones_counts_the_low_sixteen_bits_only() {
        for mask in [0u32, 1, 0b1011, 0xffff, 0x8001] {
            assert_eq!(ones(mask), mask.count_ones() as usize);
        }
        assert_eq!(ones(1u32 << 31 | 0b11), 2, "a flag above the 16th bit is left out");
    }

    #[test]
    fn digits_past_nine_are_letters() {
        assert_eq!([1, 9, 10, 16].map(digit_char), ['1', '9', 'A', 'G']);
    }
}
