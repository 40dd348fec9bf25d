//! Hints: the next step from a solver's own position, and what is wrong with it first.
//!
//! A hint is the step a person would look for first: the easiest technique that applies, in
//! the registry's order (difficulty, then family), as [`crate::Solver::step`] would take it;
//! and of that technique's instances, the one that teaches best ([`teaching_order`]).
//! Before any step, the position is checked: against the puzzle's solution when the givens
//! are known (each wrong digit and each lost pencilmark named), and otherwise for having a
//! solution at all.

use crate::deduction::Deduction;
use crate::formats::Mistake;
#[cfg(doc)]
use crate::deduction::Pattern;
#[cfg(doc)]
use crate::formats::Position;
use crate::grid::{Contradiction, Digit, Grid};
use crate::search::{count_solutions, solutions};
use crate::strategies::{Technique, find_all};

/// The guide of `deduku hint` (`deduku learn hint`): what a hint chooses and why.
pub const GUIDE: &str = include_str!("../strategies/commands/hint.md");

/// What comes next from a position.
#[derive(Clone, Debug)]
pub enum Next {
    /// Entries of the position disagree with the puzzle's solution (none of them is a hint).
    Mistakes(Vec<Mistake>),
    /// The position cannot be completed: some digit or removed pencilmark is wrong, and
    /// without the givens deduku cannot tell which. The contradiction, when one is plain.
    NoSolution(Option<Contradiction>),
    /// Every cell is filled.
    Solved,
    /// The next step.
    Step(Deduction),
    /// No technique within the bound applies; the step a harder one takes, if any does.
    TooHard(Option<Deduction>),
    /// No technique in use applies at all.
    Stuck,
}

/// What a hint is asked for: the techniques to look with (in order) and a bound on their
/// difficulty (in tenths, as [`Technique::difficulty`]).
pub struct Ask<'a> {
    /// The techniques to try, in the order tried: the first that fires gives the hint.
    pub techniques: &'a [&'static Technique],
    /// The highest difficulty (in tenths) a hint may have; `None` for no bound.
    pub max_difficulty: Option<u16>,
}

/// The next step of `grid` (a position, or a puzzle's start). Mistakes against a known
/// solution are the caller's to check first ([`Position::mistakes`]), on the position as
/// written.
pub fn next(grid: &Grid, ask: &Ask) -> Next {
    if let Some(contradiction) = grid.contradiction() {
        return Next::NoSolution(Some(contradiction));
    }
    if grid.is_solved() {
        return Next::Solved;
    }
    let count = count_solutions(grid, 2);
    if count == 0 {
        return Next::NoSolution(None);
    }
    // Why: uniqueness techniques hold only when the position has one solution.
    let usable = |t: &&&Technique| !t.uniqueness || count == 1;
    let within = |t: &&&Technique| ask.max_difficulty.is_none_or(|max| t.difficulty <= max);
    if let Some(step) = first_step(grid, ask.techniques.iter().filter(usable).filter(within)) {
        return Next::Step(step);
    }
    if ask.max_difficulty.is_some() {
        let harder = first_step(grid, ask.techniques.iter().filter(usable).filter(|t| !within(t)));
        return Next::TooHard(harder);
    }
    Next::Stuck
}

/// The best instance ([`teaching_order`]) of the first of `techniques` that fires on `grid`.
fn first_step<'a>(grid: &Grid, techniques: impl Iterator<Item = &'a &'static Technique>) -> Option<Deduction> {
    techniques.map(|t| find_all(t, grid)).find(|found| !found.is_empty()).and_then(|found| teaching_order(found).into_iter().next())
}

/// Puts instances of one technique in the order they teach best: the smallest pattern
/// first (fewest cells to look at, [`Pattern::cell_count`]), then the one that places or
/// removes most, then the technique's own search order.
///
/// Why: a learner follows a small pattern more easily, and of two patterns the same size the
/// one that does more shows better what the technique is for.
pub fn teaching_order(mut instances: Vec<Deduction>) -> Vec<Deduction> {
    // Why a stable sort: ties keep the search's order (the step `solve` takes comes first).
    instances.sort_by_key(|d| (d.pattern.cell_count(), std::cmp::Reverse(d.placements.len() + d.eliminations.len())));
    instances
}

/// The unique solution of a puzzle's givens, or how many it has (0, or 2 for several).
pub fn solution_of(grid: &Grid) -> Result<Vec<Digit>, usize> {
    let found = solutions(grid, 2, 1);
    match found.count {
        1 => Ok(found.solutions.into_iter().next().expect("one solution was kept")),
        n => Err(n),
    }
}
