//! Practice drills: positions where a technique is the next step, a person's answer read
//! from notation (`r5c3<>6, r8c3<>6` or `r1c4=7`), and the answer graded against the step.

use std::collections::BTreeSet;
use std::sync::Arc;

use crate::deduction::Deduction;
use crate::formats::parse_cell;
use crate::grid::{Digit, Grid};
use crate::hint::teaching_order;
use crate::layout::{CellId, Layout};
use crate::solver::Solver;

/// One claim of an answer: a digit placed in a cell, or removed from it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Claim {
    /// The digit is placed in the cell.
    Place(CellId, Digit),
    /// The digit is removed from the cell's candidates.
    Remove(CellId, Digit),
}

/// The claims of a step.
pub fn claims_of(d: &Deduction) -> BTreeSet<Claim> {
    let placed = d.placements.iter().map(|p| Claim::Place(p.cell, p.digit));
    placed.chain(d.eliminations.iter().map(|e| Claim::Remove(e.cell, e.digit))).collect()
}

/// Reads an answer: claims like `r5c3<>6` (also `r5c3!=6`, `-6`) or `r1c4=7`, separated by
/// commas, semicolons or spaces. The error names the piece that is not one.
pub fn parse_answer(text: &str, layout: &Layout) -> Result<BTreeSet<Claim>, String> {
    let mut claims = BTreeSet::new();
    for piece in text.split([',', ';', ' ', '\t']).map(str::trim).filter(|p| !p.is_empty()) {
        let lower = piece.to_ascii_lowercase();
        let (cell, op, digit) = ["<>", "!=", "-", "="]
            .iter()
            .find_map(|op| lower.split_once(op).map(|(c, d)| (c, *op, d)))
            .ok_or_else(|| format!("'{piece}' is not a step such as r5c3<>6 or r1c4=7"))?;
        let cell = crate::layout::cell_named(cell, layout.size()).ok_or_else(|| format!("'{piece}': no cell '{cell}' on this grid"))?;
        let mut chars = digit.chars();
        let digit = match (chars.next(), chars.next()) {
            (Some(ch), None) => parse_cell(ch, layout.size()).ok().flatten(),
            _ => None,
        }
        .ok_or_else(|| format!("'{piece}': '{digit}' is not a digit of this grid"))?;
        claims.insert(if op == "=" { Claim::Place(cell, digit) } else { Claim::Remove(cell, digit) });
    }
    if claims.is_empty() {
        return Err("no step given".to_string());
    }
    Ok(claims)
}

/// How an answer compares with the step.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Grade {
    /// Exactly the step's effect.
    Right,
    /// Some of it: claims of the step left out, and claims that do not follow from it (each
    /// with whether it at least holds for the solution).
    Partial {
        /// The step's claims the answer left out.
        missing: Vec<Claim>,
        /// The answer's claims the step does not make, each with whether it holds for the
        /// solution (a true placement or a removal of a wrong digit).
        extra: Vec<(Claim, bool)>,
    },
    /// Nothing of the step's effect.
    Wrong {
        /// Every claim of the answer, each with whether it holds for the solution.
        extra: Vec<(Claim, bool)>,
    },
}

/// Grades `answer` against the step `expected`, on the puzzle whose solution is `solution`.
pub fn grade(expected: &Deduction, answer: &BTreeSet<Claim>, solution: &[Digit]) -> Grade {
    let want = claims_of(expected);
    if *answer == want {
        return Grade::Right;
    }
    let holds = |c: &Claim| match *c {
        Claim::Place(cell, d) => solution[cell] == d,
        Claim::Remove(cell, d) => solution[cell] != d,
    };
    let extra: Vec<(Claim, bool)> = answer.difference(&want).map(|c| (*c, holds(c))).collect();
    if answer.is_disjoint(&want) {
        return Grade::Wrong { extra };
    }
    Grade::Partial { missing: want.difference(answer).copied().collect(), extra }
}

/// Grades `answer` against whichever of `instances` (steps of one technique at one
/// position) it matches best: one it states exactly, else the one it shares most claims
/// with (ties: the earlier). Returns that instance's index and the grade.
///
/// Why: a position often holds several instances of a technique (two X-Wings, a pair in
/// each of two boxes); a learner who finds another one than the step deduku would show
/// has still found the technique.
///
/// # Panics
///
/// When `instances` is empty: a drill always holds the step it was made from.
pub fn grade_any(instances: &[Deduction], answer: &BTreeSet<Claim>, solution: &[Digit]) -> (usize, Grade) {
    let claims: Vec<BTreeSet<Claim>> = instances.iter().map(claims_of).collect();
    if let Some(i) = claims.iter().position(|c| c == answer) {
        return (i, Grade::Right);
    }
    let best = (0..instances.len()).max_by_key(|&i| (claims[i].intersection(answer).count(), std::cmp::Reverse(i))).unwrap_or(0);
    (best, grade(&instances[best], answer, solution))
}

/// A drill: a position, the step the technique takes there (the solver's next step), and
/// the puzzle's solution.
#[derive(Clone, Debug)]
pub struct Drill {
    /// The position to find the step in.
    pub grid: Grid,
    /// Every instance of the step's technique at the position, in teaching order
    /// ([`crate::hint::teaching_order`]): the first is the one shown as the answer.
    pub instances: Vec<Deduction>,
    /// The puzzle's solution, one digit per cell, row after row.
    pub solution: Vec<Digit>,
}

impl Drill {
    /// The step the drill shows as its answer, the instance that teaches best.
    pub fn step(&self) -> &Deduction {
        &self.instances[0]
    }
}

/// Solves `givens` with `solver` step by step and returns the first position where the
/// next step is `technique`'s (any technique but the singles when `None`).
pub fn find_in(layout: &Arc<Layout>, givens: &[Option<Digit>], solution: &[Digit], solver: &Solver, technique: Option<&str>) -> Option<Drill> {
    let mut grid = Grid::new(layout.clone(), givens).ok()?;
    let trivial = ["full-house", "naked-single", "hidden-single"];
    while !grid.is_solved() {
        let before = grid.clone();
        if !solver.step(&mut grid) {
            return None;
        }
        let step = grid.journal().last().expect("a step was taken");
        let wanted = match technique {
            Some(id) => step.technique == id,
            None => !trivial.contains(&step.technique),
        };
        if wanted {
            let mut position = before;
            position.take_journal();
            let technique = crate::strategies::by_id(step.technique).expect("a step of a registered technique");
            let instances = teaching_order(crate::strategies::find_all(technique, &position));
            return Some(Drill { grid: position, instances, solution: solution.to_vec() });
        }
    }
    None
}
