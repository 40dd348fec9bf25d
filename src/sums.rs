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
}
