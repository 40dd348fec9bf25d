//! Killer cages: cells whose digits may not repeat, with an optional sum they add up to.
//!
//! The layout makes a cage's cells peers of each other (a cage of a whole grid side is a
//! house), so every technique and the search respect "no repeat" without knowing cages. The
//! sum is arithmetic no link can say; this module holds it, once, for everything that reads
//! it: [`prune_by_bounds`] for the search and the contradiction check, [`Fit`] (the digit
//! combinations that make a sum and where each can go) for the Killer Combinations technique,
//! and [`parse`] for the `--cages` file.

use crate::bits::{CellId, Digit};
use crate::layout::cell_named;

/// The smallest and largest sums of `count` different digits of a grid of side `size`.
pub fn sum_range(count: usize, size: usize) -> (u32, u32) {
    let (k, n) = (count as u32, size as u32);
    (k * (k + 1) / 2, k * (2 * n + 1 - k) / 2)
}

/// The sum of the `count` lowest (or, with `highest`, highest) digits of `digits`; `None`
/// when it has fewer.
fn extreme_sum(digits: u16, count: usize, highest: bool) -> Option<u32> {
    if (digits.count_ones() as usize) < count {
        return None;
    }
    let mut rest = digits;
    let mut sum = 0;
    for _ in 0..count {
        let bit = if highest { 15 - rest.leading_zeros() } else { rest.trailing_zeros() };
        rest &= !(1 << bit);
        sum += bit + 1;
    }
    Some(sum)
}

/// Narrows the candidates `cands` (a digit mask per empty cell of a cage: bit `d - 1` for
/// digit `d`) to those that can still make `left`, the sum less the digits placed in the
/// cage (`placed`, a mask), by bounds: a digit stays when the other empty cells can make the
/// rest between the sums of their lowest and their highest candidates, and between the
/// sums of that many different digits still open to the cage. Why bounds and not every
/// combination: the search calls this at every fixed point, and bounds are a few additions
/// per cell; what they let through is ruled out once the cells are filled (no empty cell
/// left, the sum must be exact). Returns false when the sum cannot be made.
pub fn prune_by_bounds(left: i64, cands: &mut [u16], placed: u16) -> bool {
    let k = cands.len();
    if k == 0 {
        return left == 0;
    }
    let low = |m: u16| i64::from(m.trailing_zeros()) + 1;
    let high = |m: u16| 16 - i64::from(m.leading_zeros());
    loop {
        if cands.iter().any(|&m| m == 0) {
            return false;
        }
        let open = cands.iter().fold(0u16, |u, &m| u | m) & !placed;
        let (lo, hi): (i64, i64) = cands.iter().fold((0, 0), |(l, h), &m| (l + low(m), h + high(m)));
        let mut changed = false;
        for i in 0..k {
            let m = cands[i];
            let mut keep = 0u16;
            let mut rest = m;
            while rest != 0 {
                let bit = rest & rest.wrapping_neg();
                rest &= !bit;
                let d = i64::from(bit.trailing_zeros()) + 1;
                let need = left - d;
                // The other cells, each within its own candidates.
                let (others_lo, others_hi) = (lo - low(m), hi - high(m));
                // The other cells, different digits open to the cage other than `d`.
                let distinct = extreme_sum(open & !bit, k - 1, false).zip(extreme_sum(open & !bit, k - 1, true));
                let fits = match distinct {
                    Some((dl, dh)) => need >= others_lo.max(i64::from(dl)) && need <= others_hi.min(i64::from(dh)),
                    None => false,
                };
                if fits && placed & bit == 0 {
                    keep |= bit;
                }
            }
            if keep != m {
                cands[i] = keep;
                changed = true;
            }
        }
        if !changed {
            return true;
        }
    }
}

/// The digit combinations that make a cage's sum in its empty cells, and for each, the
/// digits each cell can take in some arrangement of it: what Killer Combinations reads.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Fit {
    /// Each combination that some arrangement fits into the cells (a digit mask), in
    /// order of their digits.
    pub combinations: Vec<u16>,
    /// For each empty cell, the digits it holds in some arrangement of some combination.
    pub used: Vec<u16>,
}

impl Fit {
    /// The fillings of empty cells with candidates `cands` (digit masks) that make `left`
    /// with different digits, none of them in `placed` (the digits the cage already holds).
    /// Why combinations first: a cage of `k` cells has at most a few hundred combinations
    /// of `k` digits, while its arrangements run to `k!`; whether a combination fits, and
    /// which cell can take which of its digits, is found over its subsets.
    pub fn new(left: i64, cands: &[u16], placed: u16, size: usize) -> Fit {
        let k = cands.len();
        let open = cands.iter().fold(0u16, |u, &m| u | m) & !placed;
        let mut fit = Fit { combinations: Vec::new(), used: vec![0; k] };
        if k == 0 || left <= 0 {
            return fit;
        }
        let mut combination = Vec::with_capacity(k);
        each_combination(open, size, k, left, 0, &mut combination, &mut |digits| {
            if let Some(used) = arrangements(cands, digits) {
                fit.combinations.push(digits.iter().fold(0u16, |m, &d| m | 1 << (d - 1)));
                for (all, cell) in fit.used.iter_mut().zip(used) {
                    *all |= cell;
                }
            }
        });
        // Why by their digits: `{2,9}, {3,8}` reads in order where the masks' order would not.
        fit.combinations.sort_unstable_by_key(|&c| (0..16).filter(|d| c & 1 << d != 0).collect::<Vec<u16>>());
        fit
    }

    /// The digits every combination holds.
    pub fn required(&self) -> u16 {
        if self.combinations.is_empty() { 0 } else { self.combinations.iter().fold(u16::MAX, |all, &c| all & c) }
    }
}

/// Calls `visit` with each set of `count` different digits of `open` (above `after`) that
/// sums to `left`, in increasing order, the digits chosen so far in `chosen`.
fn each_combination(open: u16, size: usize, count: usize, left: i64, after: Digit, chosen: &mut Vec<Digit>, visit: &mut impl FnMut(&[Digit])) {
    if count == 0 {
        if left == 0 {
            visit(chosen);
        }
        return;
    }
    for d in after + 1..=size as Digit {
        // Why stop: the digits rise, so this one and the next `count - 1` already exceed it.
        let smallest = i64::from(d) * count as i64 + (count as i64 * (count as i64 - 1)) / 2;
        if smallest > left {
            break;
        }
        if open & 1 << (d - 1) == 0 {
            continue;
        }
        chosen.push(d);
        each_combination(open, size, count - 1, left - i64::from(d), d, chosen, visit);
        chosen.pop();
    }
}

/// For a combination `digits` (one per cell), the digits each cell of `cands` takes in some
/// arrangement of it; `None` when no arrangement fits. Cells take digits in order: `ahead[t]`
/// says the first cells can take exactly the digits of subset `t` (bit `j` for `digits[j]`),
/// `behind[t]` that the last cells can; cell `i` takes `digits[j]` when some subset `t` of
/// `i` digits without it has both `ahead[t]` and `behind` of the rest.
fn arrangements(cands: &[u16], digits: &[Digit]) -> Option<Vec<u16>> {
    let k = digits.len();
    let full = (1usize << k) - 1;
    let fits = |cell: usize, j: usize| cands[cell] & 1 << (digits[j] - 1) != 0;
    let mut ahead = vec![false; full + 1];
    let mut behind = vec![false; full + 1];
    ahead[0] = true;
    behind[0] = true;
    for t in 0..=full {
        let n = t.count_ones() as usize;
        if n == k {
            continue;
        }
        for j in (0..k).filter(|j| t & 1 << j == 0) {
            if ahead[t] && fits(n, j) {
                ahead[t | 1 << j] = true;
            }
            if behind[t] && fits(k - 1 - n, j) {
                behind[t | 1 << j] = true;
            }
        }
    }
    if !ahead[full] {
        return None;
    }
    let mut used = vec![0u16; k];
    for t in 0..=full {
        if !ahead[t] {
            continue;
        }
        let i = t.count_ones() as usize;
        if i == k {
            continue;
        }
        for j in (0..k).filter(|j| t & 1 << j == 0) {
            if fits(i, j) && behind[full ^ t ^ 1 << j] {
                used[i] |= 1 << (digits[j] - 1);
            }
        }
    }
    Some(used)
}

/// One cage as the `--cages` file gives it: its cells in the order written, and its sum.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CageLine {
    /// The cells, at least one and at most the grid's side, none twice.
    pub cells: Vec<CellId>,
    /// The sum; `None` for a cage written without one (or with `-`).
    pub sum: Option<u32>,
}

/// What is wrong with a line of a `--cages` file.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("line {line}: {problem}")]
pub struct CagesError {
    /// The 1-based line of the file, blank and comment lines counted.
    pub line: usize,
    /// What is wrong with it, as a sentence fragment (`r1c1 is listed twice`).
    pub problem: String,
}

/// The cages of a `--cages` file for a `size`x`size` grid: one cage a line, `15: r1c1 r1c2
/// r2c1` with its sum, `r1c1 r1c2` or `-: r1c1 r1c2` without one (cells may also be split by
/// commas). Blank lines and lines starting with `#` are skipped. Each line is checked on its
/// own (cells inside the grid, none twice, no more cells than the grid's side, a sum that
/// different digits can make) and against the lines before it (no cell in two cages).
pub fn parse(text: &str, size: usize) -> Result<Vec<CageLine>, CagesError> {
    let mut cages: Vec<CageLine> = Vec::new();
    let mut owner: Vec<Option<usize>> = vec![None; size * size];
    for (i, raw) in text.lines().enumerate() {
        let line = i + 1;
        let err = |problem: String| CagesError { line, problem };
        let body = raw.trim();
        if body.is_empty() || body.starts_with('#') {
            continue;
        }
        let (sum_text, cells_text) = match body.split_once(':') {
            Some((s, c)) => (Some(s.trim()), c),
            None => (None, body),
        };
        let sum = match sum_text {
            None | Some("-") => None,
            Some(s) => Some(s.parse::<u32>().map_err(|_| err(format!("\"{s}\" is not a sum (a whole number, or - for none)")))?),
        };
        let mut cells = Vec::new();
        for name in cells_text.split([' ', ',', '\t']).filter(|w| !w.is_empty()) {
            let cell = cell_named(&name.to_ascii_lowercase(), size).ok_or_else(|| err(format!("\"{name}\" is not a cell of a {size}x{size} grid (r1c1 to r{size}c{size})")))?;
            if cells.contains(&cell) {
                return Err(err(format!("{name} is listed twice")));
            }
            if let Some(other) = owner[cell] {
                return Err(err(format!("{name} is already in the cage of line {other}")));
            }
            cells.push(cell);
        }
        if cells.is_empty() {
            return Err(err("a cage needs at least one cell".into()));
        }
        if cells.len() > size {
            return Err(err(format!("{} cells cannot all differ on a {size}x{size} grid", cells.len())));
        }
        if let Some(s) = sum {
            let (lo, hi) = sum_range(cells.len(), size);
            if !(lo..=hi).contains(&s) {
                return Err(err(format!("{} different digits sum to {lo} to {hi}, never {s}", cells.len())));
            }
        }
        for &c in &cells {
            owner[c] = Some(line);
        }
        cages.push(CageLine { cells, sum });
    }
    Ok(cages)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A digit mask from digits.
    fn mask(digits: &[Digit]) -> u16 {
        digits.iter().fold(0, |m, &d| m | 1 << (d - 1))
    }

    #[test]
    fn combinations_and_where_they_fit() {
        let all = mask(&[1, 2, 3, 4, 5, 6, 7, 8, 9]);
        let fit = Fit::new(17, &[all, all], 0, 9);
        assert_eq!(fit.combinations, [mask(&[8, 9])]);
        assert_eq!(fit.used, [mask(&[8, 9]), mask(&[8, 9])]);
        // 10 in three cells, the first of which cannot be 1: {1,2,7} {1,3,6} {1,4,5} {2,3,5}.
        let fit = Fit::new(10, &[all & !1, all, all], 0, 9);
        assert_eq!(fit.combinations.len(), 4);
        assert_eq!(fit.required(), 0);
        assert_eq!(fit.used[0], mask(&[2, 3, 4, 5, 6, 7]));
        // A combination that does not fit the cells is dropped: 3 = 1 + 2, but neither cell takes 1.
        assert!(Fit::new(3, &[mask(&[2]), mask(&[2, 3])], 0, 9).combinations.is_empty());
    }

    #[test]
    fn bounds_keep_what_can_make_the_sum() {
        let all = mask(&[1, 2, 3, 4, 5, 6, 7, 8, 9]);
        let mut cells = [all, all];
        assert!(prune_by_bounds(17, &mut cells, 0));
        assert_eq!(cells, [mask(&[8, 9]), mask(&[8, 9])]);
        // 16 in two cells is 7 + 9 only, and the cage already holds its 9.
        assert!(!prune_by_bounds(16, &mut [all, all], mask(&[9])));
        assert!(!prune_by_bounds(3, &mut [], 0));
        assert!(prune_by_bounds(0, &mut [], 0));
        assert!(!prune_by_bounds(18, &mut [all, all], 0));
    }

    #[test]
    fn cage_lines_name_what_is_wrong() {
        let cages = parse("15: r1c1 r1c2 r2c1\n\n# a comment\nr3c3,r3c4\n-: r9c9\n", 9).unwrap();
        assert_eq!(cages, [CageLine { cells: vec![0, 1, 9], sum: Some(15) }, CageLine { cells: vec![20, 21], sum: None }, CageLine { cells: vec![80], sum: None }]);
        let err = |text: &str| parse(text, 9).unwrap_err().to_string();
        assert_eq!(err("3: r1c1 r10c1"), "line 1: \"r10c1\" is not a cell of a 9x9 grid (r1c1 to r9c9)");
        assert_eq!(err("3: r1c1 r1c2\n4: r1c2 r1c3"), "line 2: r1c2 is already in the cage of line 1");
        assert_eq!(err("18: r1c1 r1c2"), "line 1: 2 different digits sum to 3 to 17, never 18");
        assert_eq!(err("x: r1c1"), "line 1: \"x\" is not a sum (a whole number, or - for none)");
        assert_eq!(err("5:"), "line 1: a cage needs at least one cell");
        assert_eq!(err("r1c1 r1c1"), "line 1: r1c1 is listed twice");
    }
}
