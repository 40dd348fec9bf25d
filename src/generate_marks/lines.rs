//! The readers of the line rules and the outside clues other than sandwiches: German
//! whispers, renban, entropic lines, palindromes, region sum lines, between lines, X-sums,
//! skyscrapers, and the indexers (chosen before the grid, which is then made under them).
//!
//! Every line is drawn the same way ([`draw_lines`]): grown from a random free cell through
//! free cells a king's move away while the rule holds on the digits so far, then cut to what
//! the rule keeps. No cell is on two lines, nor on a thermometer or arrow made earlier.

use super::{around, chance, line_cells, place_shapes};
use crate::clues;
use crate::formats::{self, fpuzzles};
use crate::generate::Rng;
use crate::grid::Digit;
use crate::layout::{CellId, Layout};
use crate::rules::Rule;

/// How many lines of one rule a `size`x`size` puzzle gets: nine on 9x9. Why more than the
/// thermometers' six: most of these lines say less about their digits than a thermometer.
fn lines_wanted(size: usize) -> usize {
    size.max(2)
}

/// Up to `want` lines, each grown to a random length in `lengths` from a random cell free in
/// `out` (and of the lines drawn here) while `fits(line so far, next cell)` holds, and kept
/// as `keep` cuts it (`None`: not kept); see [`place_shapes`].
fn draw_lines(
    size: usize,
    rng: &mut Rng,
    out: &fpuzzles::Rules,
    lengths: (usize, usize),
    fits: impl Fn(&[CellId], CellId) -> bool,
    keep: impl Fn(&[CellId]) -> Option<Vec<CellId>>,
) -> Vec<Vec<CellId>> {
    let want = lines_wanted(size);
    place_shapes(size, line_cells(size, out), rng, want, 200 * want, |rng, taken, start| {
        let length = lengths.0 + rng.below(lengths.1 - lengths.0 + 1);
        let mut line = vec![start];
        while let Some(&last) = line.last().filter(|_| line.len() < length) {
            let next: Vec<CellId> = around(size, last).filter(|&n| !taken[n] && !line.contains(&n) && fits(&line, n)).collect();
            if next.is_empty() {
                break;
            }
            line.push(next[rng.below(next.len())]);
        }
        keep(&line).map(|line| (line.clone(), line))
    })
}

/// The lines as f-puzzles lists them, one line per entry.
fn entries(lines: Vec<Vec<CellId>>) -> Vec<fpuzzles::Lines> {
    lines.into_iter().map(|line| fpuzzles::Lines { lines: vec![line] }).collect()
}

/// A line of at least `fewest` cells is kept whole.
fn at_least(fewest: usize) -> impl Fn(&[CellId]) -> Option<Vec<CellId>> {
    move |line| (line.len() >= fewest).then(|| line.to_vec())
}

/// German whispers: lines of two to six cells whose neighbours differ by at least the
/// default gap of the size (5 on 9x9).
pub(super) fn whispers(size: usize, s: &[Digit], rng: &mut Rng, out: &mut fpuzzles::Rules) {
    let gap = formats::whisper_default(size);
    let fits = |line: &[CellId], n: CellId| s[n].abs_diff(s[*line.last().expect("a line has a cell")]) >= gap;
    let made = draw_lines(size, rng, out, (2, 6), fits, at_least(2));
    out.whispers.extend(made.into_iter().map(|line| fpuzzles::Whisper { lines: vec![line], value: None }));
}

/// Renban lines: grown while the digits stay different and within the span the line aims
/// for (two to five), then cut to the longest start whose digits are a run.
pub(super) fn renbans(size: usize, s: &[Digit], rng: &mut Rng, out: &mut fpuzzles::Rules) {
    let span = |cells: &[CellId]| {
        let (low, high) = cells.iter().fold((Digit::MAX, 0), |(lo, hi), &c| (lo.min(s[c]), hi.max(s[c])));
        usize::from(high - low) + 1
    };
    let fits = |line: &[CellId], n: CellId| !line.iter().any(|&c| s[c] == s[n]) && span(&line.iter().copied().chain([n]).collect::<Vec<_>>()) <= 5;
    let keep = |line: &[CellId]| (2..=line.len()).rev().find(|&k| span(&line[..k]) == k).map(|k| line[..k].to_vec());
    let made = draw_lines(size, rng, out, (2, 5), fits, keep);
    out.renbans.extend(entries(made));
}

/// Entropic lines (sizes divisible by 3): three cells or more, where any three in a row
/// hold a low, a middle and a high digit.
pub(super) fn entropic_lines(size: usize, s: &[Digit], rng: &mut Rng, out: &mut fpuzzles::Rules) {
    if size % 3 != 0 {
        return;
    }
    let band = |c: CellId| usize::from(s[c] - 1) / (size / 3);
    let fits = |line: &[CellId], n: CellId| line.iter().rev().take(2).all(|&c| band(c) != band(n));
    let made = draw_lines(size, rng, out, (3, 8), fits, at_least(3));
    out.entropic_lines.extend(entries(made));
}

/// Between lines: three to six cells whose middle digits lie strictly between the ends'.
pub(super) fn between_lines(size: usize, s: &[Digit], rng: &mut Rng, out: &mut fpuzzles::Rules) {
    let keep = |line: &[CellId]| {
        let digits: Vec<Digit> = line.iter().map(|&c| s[c]).collect();
        (line.len() >= 3 && clues::holds(Rule::BetweenLine, 0, &digits, size)).then(|| line.to_vec())
    };
    let made = draw_lines(size, rng, out, (3, 6), |_, _| true, keep);
    out.between_lines.extend(made.into_iter().map(|line| fpuzzles::BetweenLine { lines: vec![line] }));
}

/// Region sum lines: three to seven cells passing at least two boxes (the usual boxes of
/// the size), kept when every piece in a box adds up to the same sum.
pub(super) fn region_sum_lines(size: usize, s: &[Digit], rng: &mut Rng, out: &mut fpuzzles::Rules) {
    let Some((box_rows, box_cols)) = Layout::default_boxes(size) else { return };
    let box_of = |c: CellId| (c / size / box_rows, c % size / box_cols);
    let keep = |line: &[CellId]| {
        let mut sums: Vec<u32> = Vec::new();
        for (i, &c) in line.iter().enumerate() {
            if i == 0 || box_of(line[i - 1]) != box_of(c) {
                sums.push(0);
            }
            *sums.last_mut().expect("pushed above") += u32::from(s[c]);
        }
        (sums.len() >= 2 && sums.iter().all(|&x| x == sums[0])).then(|| line.to_vec())
    };
    let made = draw_lines(size, rng, out, (3, 7), |_, _| true, keep);
    out.region_sum_lines.extend(entries(made));
}

/// Palindromes: grown from a middle cell outwards, a pair at a time, the two new ends free
/// cells a king's move from the old ones and holding the same digit; three to seven cells.
pub(super) fn palindromes(size: usize, s: &[Digit], rng: &mut Rng, out: &mut fpuzzles::Rules) {
    let want = lines_wanted(size);
    let made = place_shapes(size, line_cells(size, out), rng, want, 50 * want, |rng, taken, middle| {
        let (mut left, mut right) = (vec![middle], vec![middle]);
        for _ in 0..1 + rng.below(3) {
            let free = |n: &CellId| !taken[*n] && !left.contains(n) && !right.contains(n);
            let (a, b) = (*left.last().expect("a cell"), *right.last().expect("a cell"));
            let ends: Vec<(CellId, CellId)> = around(size, a)
                .filter(free)
                .flat_map(|x| around(size, b).filter(free).map(move |y| (x, y)))
                .filter(|&(x, y)| x != y && s[x] == s[y])
                .collect();
            if ends.is_empty() {
                break;
            }
            let (x, y) = ends[rng.below(ends.len())];
            left.push(x);
            right.push(y);
        }
        if left.len() < 2 {
            return None;
        }
        let line: Vec<CellId> = left.iter().rev().chain(&right[1..]).copied().collect();
        Some((line.clone(), fpuzzles::Lines { lines: vec![line] }))
    });
    out.palindromes.extend(made);
}

/// Clues of `rule` beside about one row or column end in three, on either side, each the
/// value `s` gives its row or column seen from there.
fn outside(rule: Rule, size: usize, s: &[Digit], rng: &mut Rng) -> Vec<fpuzzles::OutsideClue> {
    let far = size + 1;
    let ends = (1..=size).flat_map(|k| [(k, 0), (k, far), (0, k), (far, k)]);
    let mut clues = Vec::new();
    for (row, col) in ends.collect::<Vec<_>>() {
        if !chance(rng, 1, 3) {
            continue;
        }
        let digits: Vec<Digit> = fpuzzles::OutsideClue { row, col, value: 0 }.cells(size).iter().map(|&c| s[c]).collect();
        let value = (0..=(size * size) as u32).find(|&v| clues::holds(rule, v, &digits, size)).expect("a full row or column gives every clue a value");
        clues.push(fpuzzles::OutsideClue { row, col, value });
    }
    clues
}

/// X-sums: beside about a third of the row and column ends, the sum of the first x digits,
/// x being the first digit.
pub(super) fn x_sums(size: usize, s: &[Digit], rng: &mut Rng, out: &mut fpuzzles::Rules) {
    out.x_sums.extend(outside(Rule::XSum, size, s, rng));
}

/// Skyscrapers: beside about a third of the row and column ends, how many digits are seen
/// from there (each higher than all before it).
pub(super) fn skyscrapers(size: usize, s: &[Digit], rng: &mut Rng, out: &mut fpuzzles::Rules) {
    out.skyscrapers.extend(outside(Rule::Skyscraper, size, s, rng));
}

/// Indexers, chosen before the grid (a random grid holds none): the first, middle and last
/// columns (or, at random, rows), the 1-5-9 of 9x9.
pub(super) fn indexers(size: usize, rng: &mut Rng, out: &mut fpuzzles::Rules) {
    let columns = chance(rng, 1, 2);
    let lines = [0, (size - 1) / 2, size - 1].map(|k| (0..size).map(|i| if columns { i * size + k } else { k * size + i }).collect::<Vec<CellId>>());
    if columns {
        out.column_indexers.extend(lines);
    } else {
        out.row_indexers.extend(lines);
    }
}
