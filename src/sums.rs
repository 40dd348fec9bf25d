//! Weighted sums of digits: the [`crate::constraints::Constraint::Sum`] behind arrows (the
//! shaft's digits less the circle's number make 0) and little killers (a diagonal's digits
//! make the clue). Digits in a sum may repeat; where its cells see each other, the peers say
//! they differ, and this module leaves that to them.
//!
//! [`prune_by_bounds`] is the one piece of arithmetic, shared by the search, the grid's
//! contradiction check and Sum Bounds: each term lies between its lowest and its highest
//! contribution, so a candidate that would put the rest out of reach goes.

/// The lowest and highest value `weight * d` takes over the digits `d` of the mask `cands`
/// (bit `d - 1` for digit `d`); `None` for an empty mask.
fn term_range(weight: i64, cands: u16) -> Option<(i64, i64)> {
    if cands == 0 {
        return None;
    }
    let low = i64::from(cands.trailing_zeros()) + 1;
    let high = 16 - i64::from(cands.leading_zeros());
    Some(if weight >= 0 { (weight * low, weight * high) } else { (weight * high, weight * low) })
}

/// Narrows the candidates `cands` (a digit mask per empty cell of a sum, with its weight in
/// `weights`) to those that can still make `left` (the total less the placed cells' terms),
/// by bounds: a digit stays when the other cells' terms, each between its lowest and
/// highest, can make the rest. Repeated to a fixed point. Returns false when the total
/// cannot be made (with no empty cell: when `left` is not 0).
pub fn prune_by_bounds(left: i64, weights: &[i32], cands: &mut [u16]) -> bool {
    loop {
        let mut ranges = Vec::with_capacity(cands.len());
        for (&w, &m) in weights.iter().zip(cands.iter()) {
            match term_range(i64::from(w), m) {
                Some(r) => ranges.push(r),
                None => return false,
            }
        }
        let (low, high) = ranges.iter().fold((0, 0), |(l, h), &(a, b)| (l + a, h + b));
        if left < low || left > high {
            return false;
        }
        let mut changed = false;
        for (i, (&w, m)) in weights.iter().zip(cands.iter_mut()).enumerate() {
            let (others_low, others_high) = (low - ranges[i].0, high - ranges[i].1);
            let mut keep = 0u16;
            let mut rest = *m;
            while rest != 0 {
                let bit = rest & rest.wrapping_neg();
                rest &= !bit;
                let need = left - i64::from(w) * (i64::from(bit.trailing_zeros()) + 1);
                if (others_low..=others_high).contains(&need) {
                    keep |= bit;
                }
            }
            if keep != *m {
                *m = keep;
                changed = true;
            }
        }
        if !changed {
            return true;
        }
    }
}

/// What a sum's cells still have to make: `total` less the terms of the placed cells, and
/// the weights and candidate masks of the empty ones, in order (`digit_of` gives a placed
/// digit, `cands_of` an empty cell's candidates).
pub fn state(cells: &[usize], weights: &[i32], total: i32, digit_of: impl Fn(usize) -> Option<u8>, cands_of: impl Fn(usize) -> u16) -> (i64, Vec<i32>, Vec<u16>) {
    let mut left = i64::from(total);
    let (mut ws, mut cands) = (Vec::new(), Vec::new());
    for (&c, &w) in cells.iter().zip(weights) {
        match digit_of(c) {
            Some(d) => left -= i64::from(w) * i64::from(d),
            None => {
                ws.push(w);
                cands.push(cands_of(c));
            }
        }
    }
    (left, ws, cands)
}

/// The fillings of a sum's empty cells that Sum Combinations reads: each cell a digit of its
/// candidates, the terms making `left`, and no two cells holding digits that `conflict`
/// says cannot both be (cells that see each other and hold one digit; a dot between them).
///
/// Why a budget: a sum of many cells with wide candidates has millions of fillings (a long
/// diagonal early on), and the searches below stop after `budget` trials of a digit in a
/// cell. What they find within it is exact; past it, they say so, and the caller keeps what
/// it has proved (a removal is proved by a search that ran to its end) and drops the rest.
pub struct Fillings<'a> {
    left: i64,
    weights: &'a [i32],
    cands: Vec<u16>,
    conflict: &'a dyn Fn(usize, u8, usize, u8) -> bool,
    /// Trials left before the searches give up.
    pub budget: usize,
}

/// How a search over fillings ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Flow {
    /// Every filling was visited.
    Done,
    /// The visitor asked to stop.
    Stopped,
    /// The budget ran out first.
    OutOfBudget,
}

impl<'a> Fillings<'a> {
    /// The fillings of cells with weights `weights` and candidates `cands` (digit masks)
    /// that make `left`; `conflict(i, d, j, e)` says that cell `i` holding `d` rules out
    /// cell `j` holding `e` (indices into `cands`).
    pub fn new(left: i64, weights: &'a [i32], cands: &[u16], conflict: &'a dyn Fn(usize, u8, usize, u8) -> bool, budget: usize) -> Fillings<'a> {
        Fillings { left, weights, cands: cands.to_vec(), conflict, budget }
    }

    /// For each cell, the candidates no filling puts there, as far as the budget reaches:
    /// each candidate not yet seen in a filling is tried alone in its cell, and a filling
    /// found with it marks every digit it uses as seen. Why one search per candidate and
    /// not one walk over all fillings: the first filling found for a candidate ends its
    /// search, so a sum with many fillings, where nothing goes, costs a few short searches.
    pub fn impossible(&mut self) -> Vec<u16> {
        let n = self.cands.len();
        let (mut seen, mut gone) = (vec![0u16; n], vec![0u16; n]);
        for i in 0..n {
            for bit in bits(self.cands[i] & !seen[i]) {
                if seen[i] & bit != 0 {
                    continue;
                }
                let mut cands = self.cands.clone();
                cands[i] = bit;
                let mut found = None;
                match self.walk(&cands, &mut |filling| {
                    found = Some(filling.to_vec());
                    true
                }) {
                    Flow::OutOfBudget => return gone,
                    Flow::Done => gone[i] |= bit,
                    Flow::Stopped => {
                        for (s, &d) in seen.iter_mut().zip(found.iter().flatten()) {
                            *s |= 1 << (d - 1);
                        }
                    }
                }
            }
        }
        gone
    }

    /// Whether some filling exists, when the budget reaches that far (`None` past it).
    pub fn fillable(&mut self) -> Option<bool> {
        let cands = self.cands.clone();
        match self.walk(&cands, &mut |_| true) {
            Flow::Stopped => Some(true),
            Flow::Done => Some(false),
            Flow::OutOfBudget => None,
        }
    }

    /// Every filling, each a digit per cell, when there are at most `limit` and the budget
    /// lasts; `None` otherwise.
    pub fn all(&mut self, limit: usize) -> Option<Vec<Vec<u8>>> {
        let mut list = Vec::new();
        let cands = self.cands.clone();
        let flow = self.walk(&cands, &mut |filling| {
            list.push(filling.to_vec());
            list.len() > limit
        });
        (flow == Flow::Done).then_some(list)
    }

    /// Visits the fillings within `cands` until `visit` returns true. Cells are filled
    /// fewest candidates first, and a digit is tried only when the cells after it, each
    /// between its lowest and highest term, can still make the rest.
    fn walk(&mut self, cands: &[u16], visit: &mut dyn FnMut(&[u8]) -> bool) -> Flow {
        let n = cands.len();
        let mut order: Vec<usize> = (0..n).collect();
        order.sort_by_key(|&i| cands[i].count_ones());
        // low[k] and high[k]: the least and most the cells order[k..] can add.
        let (mut low, mut high) = (vec![0i64; n + 1], vec![0i64; n + 1]);
        for k in (0..n).rev() {
            let i = order[k];
            let Some((l, h)) = term_range(i64::from(self.weights[i]), cands[i]) else { return Flow::Done };
            (low[k], high[k]) = (low[k + 1] + l, high[k + 1] + h);
        }
        let mut filling = vec![0u8; n];
        self.fill(cands, &order, &low, &high, 0, self.left, &mut filling, visit)
    }

    /// Fills `order[k..]` to make `rest`.
    #[allow(clippy::too_many_arguments)]
    fn fill(&mut self, cands: &[u16], order: &[usize], low: &[i64], high: &[i64], k: usize, rest: i64, filling: &mut [u8], visit: &mut dyn FnMut(&[u8]) -> bool) -> Flow {
        if k == order.len() {
            return if rest == 0 && visit(filling) { Flow::Stopped } else { Flow::Done };
        }
        let i = order[k];
        for bit in bits(cands[i]) {
            if self.budget == 0 {
                return Flow::OutOfBudget;
            }
            self.budget -= 1;
            let d = bit.trailing_zeros() as u8 + 1;
            let after = rest - i64::from(self.weights[i]) * i64::from(d);
            if after < low[k + 1] || after > high[k + 1] {
                continue;
            }
            if order[..k].iter().any(|&j| (self.conflict)(j, filling[j], i, d)) {
                continue;
            }
            filling[i] = d;
            match self.fill(cands, order, low, high, k + 1, after, filling, visit) {
                Flow::Done => {}
                other => return other,
            }
        }
        filling[i] = 0;
        Flow::Done
    }
}

/// The single bits of `mask`, lowest first.
fn bits(mask: u16) -> impl Iterator<Item = u16> {
    (0..16).map(|b| 1u16 << b).filter(move |bit| mask & bit != 0)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn mask(digits: &[u8]) -> u16 {
        digits.iter().fold(0, |m, &d| m | 1 << (d - 1))
    }

    #[test]
    fn an_arrow_bounds_its_circle_and_its_shaft() {
        let all = mask(&[1, 2, 3, 4, 5, 6, 7, 8, 9]);
        // Circle c, shaft a + b: a + b - c = 0. The circle is at least 2, each shaft cell at most 8.
        let mut cands = [all, all, all];
        assert!(prune_by_bounds(0, &[1, 1, -1], &mut cands));
        assert_eq!(cands, [mask(&[1, 2, 3, 4, 5, 6, 7, 8]), mask(&[1, 2, 3, 4, 5, 6, 7, 8]), mask(&[2, 3, 4, 5, 6, 7, 8, 9])]);
        // A two-cell circle (10 c1 + c2) over three shaft cells: at most 27, so c1 is 1 or 2.
        let mut cands = [all, all, all, all, all];
        assert!(prune_by_bounds(0, &[1, 1, 1, -10, -1], &mut cands));
        assert_eq!(cands[3], mask(&[1, 2]));
        // A little killer of 3 cells making 26: each cell at least 8.
        let mut cands = [all, all, all];
        assert!(prune_by_bounds(26, &[1, 1, 1], &mut cands));
        assert_eq!(cands, [mask(&[8, 9]); 3]);
        assert!(!prune_by_bounds(28, &[1, 1, 1], &mut [all, all, all]));
        assert!(prune_by_bounds(0, &[], &mut []) && !prune_by_bounds(1, &[], &mut []));
    }

    /// Every filling by brute force: each cell any candidate, kept when the terms make
    /// `left` and no pair conflicts.
    fn brute(left: i64, weights: &[i32], cands: &[u16], conflict: &dyn Fn(usize, u8, usize, u8) -> bool) -> Vec<Vec<u8>> {
        let mut out = Vec::new();
        let mut filling = vec![0u8; cands.len()];
        fn go(i: usize, left: i64, weights: &[i32], cands: &[u16], conflict: &dyn Fn(usize, u8, usize, u8) -> bool, filling: &mut Vec<u8>, out: &mut Vec<Vec<u8>>) {
            if i == cands.len() {
                let total: i64 = filling.iter().zip(weights).map(|(&d, &w)| i64::from(d) * i64::from(w)).sum();
                let clash = (0..filling.len()).any(|a| (0..filling.len()).any(|b| a != b && conflict(a, filling[a], b, filling[b])));
                if total == left && !clash {
                    out.push(filling.clone());
                }
                return;
            }
            for d in 1..=9u8 {
                if cands[i] & 1 << (d - 1) != 0 {
                    filling[i] = d;
                    go(i + 1, left, weights, cands, conflict, filling, out);
                }
            }
        }
        go(0, left, weights, cands, conflict, &mut filling, &mut out);
        out
    }

    /// Sum Combinations' searches against brute force on random sums: random weights (1, -1
    /// or -10), candidates and pairs of cells that see each other; the removals must be
    /// exactly the candidates in no filling, and the list exactly the fillings.
    #[test]
    fn the_fillings_searches_agree_with_brute_force() {
        let mut state = 0x9e37_79b9_7f4a_7c15u64;
        let mut next = |n: u64| {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            state % n
        };
        let mut removed_some = 0;
        for _ in 0..3000 {
            let n = 1 + next(5) as usize;
            let weights: Vec<i32> = (0..n).map(|_| [1, 1, 1, -1, -1, -10][next(6) as usize]).collect();
            let cands: Vec<u16> = (0..n).map(|_| (next(511) + 1) as u16).collect();
            let seeing: Vec<bool> = (0..n * n).map(|_| next(3) == 0).collect();
            let conflict = |i: usize, d: u8, j: usize, e: u8| d == e && (seeing[i * n + j] || seeing[j * n + i]);
            let left = next(40) as i64 - 15;
            let all = brute(left, &weights, &cands, &conflict);
            let mut used = vec![0u16; n];
            for f in &all {
                for (u, &d) in used.iter_mut().zip(f) {
                    *u |= 1 << (d - 1);
                }
            }
            let gone = Fillings::new(left, &weights, &cands, &conflict, usize::MAX).impossible();
            let expected: Vec<u16> = cands.iter().zip(&used).map(|(&c, &u)| c & !u).collect();
            assert_eq!(gone, expected, "left {left}, weights {weights:?}, cands {cands:?}");
            removed_some += usize::from(gone.iter().any(|&g| g != 0) && !all.is_empty());
            let mut listed = Fillings::new(left, &weights, &cands, &conflict, usize::MAX).all(20);
            let mut all = all;
            all.sort();
            if let Some(list) = listed.as_mut() {
                list.sort();
                assert_eq!(*list, all);
            } else {
                assert!(all.len() > 20);
            }
        }
        assert!(removed_some > 100, "{removed_some}");
        // A budget too small removes only what it proved: 1 and 2 in the first cell, each
        // refused at once by the bounds of the other two (at most 18 for 25 or 24).
        let all = mask(&[1, 2, 3, 4, 5, 6, 7, 8, 9]);
        let never = |_: usize, _: u8, _: usize, _: u8| false;
        assert_eq!(Fillings::new(26, &[1, 1, 1], &[all; 3], &never, 2).impossible(), [mask(&[1, 2]), 0, 0]);
        assert_eq!(Fillings::new(26, &[1, 1, 1], &[all; 3], &never, 10_000).impossible(), [mask(&[1, 2, 3, 4, 5, 6, 7]); 3]);
    }
}
