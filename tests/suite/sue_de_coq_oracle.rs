//! Sue de Coq against a plain oracle: every choice of two houses meeting in two empty cells
//! or more, of meeting cells C, of a first side in the first house and a second side in the
//! second, tried one by one, with the removals read straight from the definition.
//!
//! The definition: C is two or more empty cells of the meeting, holding digits V, at least
//! two more than cells. A side is some empty cells of its house outside C (meeting cells
//! not in C allowed, the two sides sharing no cell), holding more digits than cells (else it
//! is a locked set on its own, which the subset techniques handle), that "takes" its cells
//! less its digits
//! outside V, between one and V's surplus less one; the two sides' takes add up to the
//! surplus, and no digit of V is in both sides (a digit outside V may be). Then every digit
//! of V lands once in C and the sides: a digit of V in a side in C or that side, one in
//! neither side in C; and each side places all its digits outside V. Each digit leaves the
//! cells that see all its copies where it lands.
//!
//! The technique must list every removal the oracle finds, and nothing else. Positions:
//! classic solves, random classic positions, and random positions with extra houses
//! (windoku, diagonals), whose meetings with rows, columns and boxes count too.

use crate::common;

use std::collections::BTreeSet;

use deduku::strategies::{find_all, ids};
use deduku::{Digit, Grid, Rule, Rules};

type Cand = (usize, Digit);

/// The most cells on a side, as the technique's bound (every side a 9x9 grid can have).
const MOST: usize = 7;

/// Cells as bits of a `u128` (a 9x9 grid has 81).
type Cells = u128;

/// Digits as bits (bit `d` for digit `d`).
type Digits = u16;

fn digits_of(grid: &Grid, cells: &[usize]) -> Digits {
    cells.iter().fold(0, |m, &c| grid.candidates(c).iter().fold(m, |m, d| m | 1 << d))
}

fn subsets(cells: &[usize], most: usize) -> Vec<Vec<usize>> {
    (1u32..1 << cells.len())
        .filter(|m| m.count_ones() as usize <= most)
        .map(|m| (0..cells.len()).filter(|&i| m >> i & 1 != 0).map(|i| cells[i]).collect())
        .collect()
}

/// Every removal of every Sue de Coq at `grid`.
fn oracle(grid: &Grid) -> BTreeSet<Cand> {
    let layout = grid.layout();
    let n = layout.cell_count();
    let size = layout.size() as Digit;
    let seeing_all = |cells: &[usize]| -> Cells {
        (0..n).filter(|&t| cells.iter().all(|&c| layout.sees(c, t))).fold(0, |m, t| m | 1 << t)
    };
    let empty = |c: &usize| grid.candidates(*c).len() >= 2;
    let mut out = BTreeSet::new();
    let houses = layout.houses();
    for (a, first) in houses.iter().enumerate() {
        for second in &houses[a + 1..] {
            let meet: Vec<usize> = first.cells.iter().copied().filter(|c| second.cells.contains(c)).filter(empty).collect();
            if meet.len() < 2 {
                continue;
            }
            for c in subsets(&meet, meet.len()).into_iter().filter(|c| c.len() >= 2) {
                let v = digits_of(grid, &c);
                let surplus = v.count_ones() as usize - c.len();
                if surplus < 2 {
                    continue;
                }
                let outside_c = |house: &deduku::layout::House| -> Vec<usize> { house.cells.iter().copied().filter(|x| !c.contains(x)).filter(empty).collect() };
                // A side's digits and what it takes, if it may be one.
                let side = |cells: &[usize]| -> Option<(Digits, usize)> {
                    let d = digits_of(grid, cells);
                    let takes = cells.len() as isize - (d & !v).count_ones() as isize;
                    let locked = d.count_ones() as usize <= cells.len();
                    (d & v != 0 && !locked && takes >= 1 && (takes as usize) < surplus).then_some((d, takes as usize))
                };
                for one in subsets(&outside_c(first), MOST) {
                    let Some((d1, t1)) = side(&one) else { continue };
                    for two in subsets(&outside_c(second), MOST) {
                        if two.iter().any(|x| one.contains(x)) {
                            continue;
                        }
                        let Some((d2, t2)) = side(&two) else { continue };
                        if t1 + t2 != surplus || d1 & d2 & v != 0 {
                            continue;
                        }
                        for d in 1..=size {
                            let bit = 1 << d;
                            let holding = |cells: &[usize]| -> Vec<usize> { cells.iter().copied().filter(|&x| grid.has_candidate(x, d)).collect() };
                            let mut lands: Vec<Vec<usize>> = Vec::new();
                            if v & bit != 0 {
                                let part: &[usize] = if d1 & bit != 0 { &one } else if d2 & bit != 0 { &two } else { &[] };
                                lands.push([holding(&c), holding(part)].concat());
                            } else {
                                for (side, ds) in [(&one, d1), (&two, d2)] {
                                    if ds & bit != 0 {
                                        lands.push(holding(side));
                                    }
                                }
                            }
                            for holders in lands {
                                let targets = seeing_all(&holders);
                                out.extend((0..n).filter(|&t| targets >> t & 1 != 0 && grid.digit_cells(d).contains(t)).map(|t| (t, d)));
                            }
                        }
                    }
                }
            }
        }
    }
    out
}

/// Positions for the oracle: along solves of kept puzzles, random classic ones, and random
/// ones with extra houses.
fn positions() -> Vec<Grid> {
    let mut all = common::solve_positions("generated-hard.txt", Rules::classic(), common::sample(60, 3));
    all.extend(common::random_positions(71, common::sample(40, 600), 20..55));
    let extra_houses = [Rules::classic().with(Rule::Windoku), Rules::classic().with(Rule::DiagonalMain).with(Rule::DiagonalAnti)];
    all.extend(common::random_positions_under(&extra_houses, 72, common::sample(20, 200), 20..55));
    all
}

#[test]
fn sue_de_coq_lists_what_a_plain_search_finds() {
    let technique = deduku::strategies::by_id(ids::SUE_DE_COQ).unwrap();
    let (mut checked, mut seen, mut with_any) = (0, 0, 0);
    let mut wrong = Vec::new();
    for grid in positions() {
        seen += 1;
        let want = oracle(&grid);
        let got: BTreeSet<Cand> = find_all(technique, &grid).iter().flat_map(|d| d.eliminations.iter().map(|e| (e.cell, e.digit))).collect();
        checked += want.len();
        with_any += usize::from(!want.is_empty());
        wrong.extend(common::disagreement("", &want, &got, &grid));
    }
    eprintln!("Sue de Coq: {checked} removals checked at {with_any} of {seen} positions");
    common::no_disagreements(&wrong);
    assert!(checked > 50, "too few removals checked: {checked}");
}
