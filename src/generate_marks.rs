//! Making puzzles under rules that carry data (dots, marks, quadruples, clones): fill a
//! random grid under the rules that apply everywhere, read marks off it, build the layout
//! with them, then take givens away as [`crate::generate::generate_with`] does.
//!
//! The marks are written as f-puzzles marks ([`fpuzzles::Rules`]) and turned into
//! constraints by [`crate::formats::constraints_of`], the same function that reads a link:
//! so a generated puzzle, written as a link and read back, is the puzzle that was made.
//!
//! What each rule reads off the solution grid `s`:
//!
//! - kropki white / black: dots between neighbours that differ by 1 / where one is twice the
//!   other; every such dot under the negative constraint (it needs them all), else about
//!   half of them. Where a pair may carry either dot (1 and 2) and both rules are on, it
//!   gets one of the two at random.
//! - XV: an X where neighbours sum to 10, a V where they sum to 5; all or about half, as above.
//! - odd/even: about a third of the cells, marked by the parity of their digit.
//! - min/max: about half of the cells that are below (above) every orthogonal neighbour.
//! - quadruple: about one corner in twelve, showing the digits of two to four of its cells.
//! - clone: up to three shapes (a cell, a domino, an L of three) whose digits repeat at
//!   another place of the grid.

use std::sync::Arc;

use crate::constraints::orthogonal_pairs;
use crate::formats::{Variant, constraints_of, fpuzzles};
use crate::generate::{GenerateError, GenerateOptions, Rng, generate_with, random_solution};
use crate::grid::Digit;
use crate::layout::{CellId, Layout, LayoutSpec};
use crate::rules::{Rule, Rules};

/// The rules whose marks this module makes (`--with`), in the order they are listed.
pub const MARK_RULES: [Rule; 7] = [Rule::KropkiWhite, Rule::KropkiBlack, Rule::Xv, Rule::OddEven, Rule::MinMax, Rule::Quadruple, Rule::Clone];

/// What marks to put on a puzzle.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct MarkOptions {
    /// Rules from [`MARK_RULES`].
    pub rules: Vec<Rule>,
    /// Give every dot (every X and V) and turn the negative constraint on: pairs without
    /// one do not have its property.
    pub negative: bool,
}

/// Why no marked puzzle was made.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum MarkError {
    #[error("{0} is not a rule of marks; valid: {list}", list = mark_ids().join(", "))]
    NotMarks(Rule),
    #[error("--negative needs kropki-white, kropki-black or xv among the rules")]
    NegativeAlone,
    #[error("{0}")]
    Layout(String),
    #[error(transparent)]
    Generate(#[from] GenerateError),
}

/// The ids of [`MARK_RULES`].
pub fn mark_ids() -> Vec<&'static str> {
    MARK_RULES.iter().map(|r| r.id()).collect()
}

/// A generated puzzle with marks: its layout (the marks as constraints), the marks as
/// f-puzzles writes them, the givens and the solution.
#[derive(Clone)]
pub struct Marked {
    pub layout: Arc<Layout>,
    pub variant: Variant,
    pub givens: Vec<Option<Digit>>,
    pub solution: Vec<Digit>,
}

/// A puzzle on a `size`x`size` grid (usual boxes) under the `global` rules (flags such as
/// non-consecutive or anti-knight) and the marks `marks` asks for, with a unique solution.
pub fn generate_marked(size: usize, global: &Rules, marks: &MarkOptions, rng: &mut Rng, options: &GenerateOptions) -> Result<Marked, MarkError> {
    if let Some(&rule) = marks.rules.iter().find(|r| !MARK_RULES.contains(r)) {
        return Err(MarkError::NotMarks(rule));
    }
    if marks.negative && !marks.rules.iter().any(|r| matches!(r, Rule::KropkiWhite | Rule::KropkiBlack | Rule::Xv)) {
        return Err(MarkError::NegativeAlone);
    }
    let spec = LayoutSpec { size, rules: global.clone(), ..LayoutSpec::default() };
    let base = Arc::new(spec.build().map_err(|e| MarkError::Layout(e.to_string()))?);
    let solution = random_solution(&base, rng).ok_or(GenerateError::NoGrid)?;
    let found = read_marks(size, &solution, marks, rng);
    let constraints = constraints_of(size, &found);
    let mut rules: Vec<Rule> = global.iter().chain(constraints.iter().map(|c| c.rule())).collect();
    rules.sort();
    rules.dedup();
    let variant = Variant { size, rules, extra_houses: Vec::new(), constraints, regions: None };
    let layout = Arc::new(variant.layout(global).map_err(MarkError::Layout)?);
    // Why a new solution may come out: the marks admit the grid they were read from, and
    // any grid they admit is as good; the givens then pin one down.
    let made = generate_with(&layout, rng, options)?;
    Ok(Marked { layout, variant, givens: made.givens, solution: made.solution })
}

/// A random choice with probability `num / den`.
fn chance(rng: &mut Rng, num: usize, den: usize) -> bool {
    rng.below(den) < num
}

/// The marks `options` asks for, read off the complete grid `s`.
pub fn read_marks(size: usize, s: &[Digit], options: &MarkOptions, rng: &mut Rng) -> fpuzzles::Rules {
    let on = |rule: Rule| options.rules.contains(&rule);
    let mut out = fpuzzles::Rules::default();
    let all = options.negative;
    let (white, black, xv) = (on(Rule::KropkiWhite), on(Rule::KropkiBlack), on(Rule::Xv));
    out.negative = fpuzzles::Negative { difference: all && white, ratio: all && black, xv: all && xv };
    for cells @ [a, b] in orthogonal_pairs(size) {
        let (x, y) = (u32::from(s[a]), u32::from(s[b]));
        let can_white = white && x.abs_diff(y) == 1;
        let can_black = black && (x == 2 * y || y == 2 * x);
        // Why one coin for both: a 1-2 pair under both rules takes one dot, either colour.
        let keep = all || chance(rng, 1, 2);
        let dot = fpuzzles::Dot { cells, value: None };
        match (can_white, can_black) {
            (true, true) if keep => {
                if chance(rng, 1, 2) { out.difference.push(dot) } else { out.ratio.push(dot) }
            }
            (true, false) if keep => out.difference.push(dot),
            (false, true) if keep => out.ratio.push(dot),
            _ => {}
        }
        let kind = match x + y {
            10 => Some(fpuzzles::XvKind::X),
            5 => Some(fpuzzles::XvKind::V),
            _ => None,
        };
        if let Some(kind) = kind.filter(|_| xv && (all || chance(rng, 1, 2))) {
            out.xv.push(fpuzzles::Xv { cells, kind });
        }
    }
    let count = size * size;
    if on(Rule::OddEven) {
        for cell in 0..count {
            if chance(rng, 1, 3) {
                if s[cell] % 2 == 1 { out.odd.push(cell) } else { out.even.push(cell) }
            }
        }
    }
    if on(Rule::MinMax) {
        let neighbours = |cell: CellId| orthogonal_pairs(size).filter(move |p| p.contains(&cell)).map(move |[a, b]| if a == cell { b } else { a });
        for cell in 0..count {
            if neighbours(cell).all(|n| s[n] > s[cell]) && chance(rng, 1, 2) {
                out.minimum.push(cell);
            } else if neighbours(cell).all(|n| s[n] < s[cell]) && chance(rng, 1, 2) {
                out.maximum.push(cell);
            }
        }
    }
    if on(Rule::Quadruple) {
        for row in 0..size - 1 {
            for col in 0..size - 1 {
                if !chance(rng, 1, 12) {
                    continue;
                }
                let top = row * size + col;
                let cells = [top, top + 1, top + size, top + size + 1];
                let mut picked = cells;
                rng.shuffle(&mut picked);
                let shown = 2 + rng.below(3);
                let mut digits: Vec<Digit> = picked[..shown].iter().map(|&c| s[c]).collect();
                digits.sort_unstable();
                out.quadruples.push(fpuzzles::Quadruple { cells, digits });
            }
        }
    }
    if on(Rule::Clone) {
        out.clones = clones(size, s, rng);
    }
    out
}

/// Shapes whose digits repeat elsewhere in `s`: up to three, none overlapping another.
fn clones(size: usize, s: &[Digit], rng: &mut Rng) -> Vec<fpuzzles::CloneGroup> {
    const SHAPES: [&[(usize, usize)]; 4] = [&[(0, 0)], &[(0, 0), (0, 1)], &[(0, 0), (1, 0)], &[(0, 0), (0, 1), (1, 0)]];
    let mut used = vec![false; size * size];
    let mut out = Vec::new();
    for _ in 0..400 {
        if out.len() == 3 {
            break;
        }
        // Why the larger shapes first in the odds: a lone cell always finds a twin.
        let shape = SHAPES[[1, 2, 3, 3, 0][rng.below(5)]];
        let place = |rng: &mut Rng| -> Option<Vec<CellId>> {
            let (row, col) = (rng.below(size), rng.below(size));
            shape.iter().map(|&(dr, dc)| (row + dr < size && col + dc < size).then(|| (row + dr) * size + col + dc)).collect()
        };
        let (Some(original), Some(copy)) = (place(rng), place(rng)) else { continue };
        let free = original.iter().chain(&copy).all(|&c| !used[c]) && original.iter().all(|c| !copy.contains(c));
        if free && original.iter().zip(&copy).all(|(&a, &b)| s[a] == s[b]) {
            for &c in original.iter().chain(&copy) {
                used[c] = true;
            }
            out.push(fpuzzles::CloneGroup { cells: original, clone_cells: copy });
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::generate::is_unique;

    fn options(rules: &[Rule], negative: bool) -> MarkOptions {
        MarkOptions { rules: rules.to_vec(), negative }
    }

    /// Whether every constraint of the layout holds on `solution`.
    fn holds(layout: &Layout, solution: &[Digit]) -> bool {
        layout.constraints().iter().all(|c| !c.broken_by(|cell| Some(solution[cell])))
    }

    #[test]
    fn marks_hold_on_the_grid_they_were_read_from() {
        for (n, rule) in MARK_RULES.into_iter().enumerate() {
            for size in [4, 6, 9] {
                let base = Arc::new(LayoutSpec::new(size).build().unwrap());
                let mut rng = Rng::new(n as u64 * 31 + size as u64);
                let s = random_solution(&base, &mut rng).unwrap();
                let negative = matches!(rule, Rule::KropkiWhite | Rule::KropkiBlack | Rule::Xv);
                let marks = read_marks(size, &s, &options(&[rule], negative), &mut rng);
                let spec = LayoutSpec { size, constraints: constraints_of(size, &marks), ..LayoutSpec::default() };
                let layout = spec.build().unwrap();
                assert!(holds(&layout, &s), "{rule} on {size}x{size}");
            }
        }
    }

    #[test]
    fn under_the_negative_constraint_every_dot_is_given() {
        let base = Arc::new(LayoutSpec::new(9).build().unwrap());
        let mut rng = Rng::new(5);
        let s = random_solution(&base, &mut rng).unwrap();
        let marks = read_marks(9, &s, &options(&[Rule::KropkiWhite, Rule::Xv], true), &mut rng);
        let consecutive = orthogonal_pairs(9).filter(|&[a, b]| s[a].abs_diff(s[b]) == 1).count();
        let tens_and_fives = orthogonal_pairs(9).filter(|&[a, b]| matches!(s[a] + s[b], 5 | 10)).count();
        assert_eq!((marks.difference.len(), marks.xv.len()), (consecutive, tens_and_fives));
        assert!(marks.negative.difference && marks.negative.xv && !marks.negative.ratio);
        // Without it, some are left out.
        let some = read_marks(9, &s, &options(&[Rule::KropkiWhite], false), &mut rng);
        assert!(some.difference.len() < consecutive && !some.negative.difference);
    }

    #[test]
    fn a_marked_puzzle_is_unique_and_agrees_with_its_solution() {
        let global = Rules::classic();
        for (n, rule) in MARK_RULES.into_iter().enumerate() {
            let made = generate_marked(6, &global, &options(&[rule], false), &mut Rng::new(n as u64), &GenerateOptions::default()).unwrap();
            assert!(is_unique(&made.layout, &made.givens), "{rule}");
            assert!(holds(&made.layout, &made.solution), "{rule}");
            assert!(made.givens.iter().zip(&made.solution).all(|(g, &s)| g.is_none_or(|g| g == s)));
            assert!(made.layout.rules().contains(rule) || made.variant.constraints.is_empty(), "{rule}");
        }
    }

    #[test]
    fn other_rules_and_a_lone_negative_are_refused() {
        let global = Rules::classic();
        let go = |marks: MarkOptions| generate_marked(4, &global, &marks, &mut Rng::new(1), &GenerateOptions::default()).err().map(|e| e.to_string());
        let refused = go(options(&[Rule::AntiKnight], false)).unwrap();
        assert!(refused.starts_with("anti-knight is not a rule of marks; valid: kropki-white, kropki-black"), "{refused}");
        assert_eq!(go(options(&[Rule::OddEven], true)).unwrap(), "--negative needs kropki-white, kropki-black or xv among the rules");
    }
}
