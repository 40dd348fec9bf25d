//! The solver of the design card: a runtime-ordered list of strategies applied step by
//! step, with an honest fallback to the backtracker when none of them applies.

use std::sync::Arc;

use crate::deduction::{BACKTRACKING, Deduction, Pattern, Placement, Search};
use crate::grid::{Clash, Contradiction, Digit, Grid};
use crate::layout::Layout;
use crate::search::{backtrack_within, count_solutions, solutions};
use crate::strategies::{self, Strategy, Technique};

/// The strategies the up-front uniqueness check and the search fallback propagate with.
const UNIQUENESS_CHECK: [Strategy; 2] = [strategies::naked_single, strategies::hidden_single];

/// The strategies the design card's backtracker propagates with in the search fallback: the
/// singles, and Killer Combinations (nothing to do on a layout without cage sums). Why the
/// cages: no peer says a sum, so with the singles alone a wrong guess shows only once its
/// cage is nearly full, and a killer grid with few givens takes minutes to search.
fn fallback_strategies() -> Vec<Strategy> {
    let mut strategies = UNIQUENESS_CHECK.to_vec();
    strategies.extend(strategies::by_id(strategies::ids::KILLER_COMBINATIONS).map(|t| t.run));
    strategies
}

/// The most guesses the search fallback's recorded search ([`backtrack_within`]) may take.
const MAX_EXPLAINED_GUESSES: usize = 20_000;

/// How a solve ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Status {
    /// Every cell is filled (by logic, or by logic then search).
    Solved,
    /// No strategy applies and backtracking is off.
    Stuck,
    /// The puzzle has no solution.
    NoSolution,
    /// The puzzle has more than one solution.
    MultipleSolutions,
    /// The givens break a rule (two equal digits that see each other).
    Invalid,
}

impl Status {
    /// The status word used in JSON and `--format line`: for a puzzle with no solution, two
    /// or more, or clashing givens, the word `check`, `rate` and `hint` use too.
    pub fn id(self) -> &'static str {
        match self {
            Status::Solved => "solved",
            Status::Stuck => "stuck",
            Status::NoSolution => "none",
            Status::MultipleSolutions => "multiple",
            Status::Invalid => "invalid",
        }
    }
}

/// Everything a solve produced.
#[derive(Clone, Debug)]
pub struct Outcome {
    /// How the solve ended.
    pub status: Status,
    /// The grid as the solve left it, with its journal. `None` for an invalid puzzle.
    pub grid: Option<Grid>,
    /// The clash between givens of an invalid puzzle.
    pub clash: Option<Clash>,
    /// The contradiction logic ran into, when that proved there is no solution.
    pub contradiction: Option<Contradiction>,
    /// The solution, when the puzzle has exactly one and it was found.
    pub solution: Option<Vec<Digit>>,
    /// Two of the solutions, for a puzzle with several.
    pub examples: Vec<Vec<Digit>>,
    /// How the search went, when logic was not enough.
    pub search: Option<Search>,
}

impl Outcome {
    /// Whether a search (not logic) filled some of the grid. Read off the journal, not off
    /// `search`: past the explained backtracker's bound the search step names no guess and
    /// `search` is `None`, yet the fill was still a search's.
    pub fn backtracked(&self) -> bool {
        self.search.is_some() || self.steps().iter().any(Deduction::is_search)
    }

    /// The journal of the solve (empty for an invalid puzzle).
    pub fn steps(&self) -> &[Deduction] {
        self.grid.as_ref().map_or(&[], |g| g.journal())
    }
}

/// A runtime-ordered list of strategies, and whether to fall back to search.
#[derive(Clone)]
pub struct Solver {
    strategies: Vec<Strategy>,
    /// Which of `strategies` rely on the puzzle having a unique solution.
    needs_unique: Vec<bool>,
    backtrack: bool,
}

impl Default for Solver {
    /// The registry's default techniques in default order, with backtracking as the fallback.
    fn default() -> Solver {
        let techniques: Vec<&Technique> = strategies::REGISTRY.iter().filter(|t| t.default).collect();
        Solver::from_techniques(&techniques)
    }
}

impl Solver {
    /// A solver that tries `strategies` in this order at every step. They are taken not to
    /// rely on uniqueness; see [`Solver::from_techniques`] for ones that may.
    pub fn new(strategies: Vec<Strategy>) -> Solver {
        let needs_unique = vec![false; strategies.len()];
        Solver { strategies, needs_unique, backtrack: true }
    }

    /// A solver for registry techniques in this order. If some rely on uniqueness, each
    /// puzzle is first checked to have one solution, and solved without them if not.
    pub fn from_techniques(techniques: &[&Technique]) -> Solver {
        Solver {
            strategies: techniques.iter().map(|t| t.run).collect(),
            needs_unique: techniques.iter().map(|t| t.uniqueness).collect(),
            backtrack: true,
        }
    }

    /// The same solver without the techniques that rely on uniqueness.
    pub fn without_uniqueness(&self) -> Solver {
        let keep = |i: &usize| !self.needs_unique[*i];
        let kept: Vec<usize> = (0..self.strategies.len()).filter(keep).collect();
        Solver {
            strategies: kept.iter().map(|&i| self.strategies[i]).collect(),
            needs_unique: vec![false; kept.len()],
            backtrack: self.backtrack,
        }
    }

    /// Whether some strategy relies on the puzzle having a unique solution.
    pub fn uses_uniqueness(&self) -> bool {
        self.needs_unique.iter().any(|&u| u)
    }

    /// Whether to fall back to the backtracker when no strategy applies (default: yes).
    pub fn backtracking(mut self, on: bool) -> Solver {
        self.backtrack = on;
        self
    }

    /// The strategies the solver tries, in the order it tries them.
    pub fn strategies(&self) -> &[Strategy] {
        &self.strategies
    }

    /// Runs the strategies in order until one fires. Returns whether one did.
    pub fn step(&self, grid: &mut Grid) -> bool {
        self.strategies.iter().any(|strategy| strategy(grid))
    }

    /// Steps until the grid is solved, broken, or no strategy applies.
    pub fn run_logic(&self, grid: &mut Grid) -> Option<Contradiction> {
        let mut sound = Vec::new();
        loop {
            if let Some(contradiction) = grid.contradiction_since(&mut sound) {
                return Some(contradiction);
            }
            if grid.is_solved() || !self.step(grid) {
                return None;
            }
        }
    }

    /// Solves a puzzle given as one entry per cell of `layout` (`None` for a blank).
    pub fn solve(&self, layout: Arc<Layout>, givens: &[Option<Digit>]) -> Outcome {
        match Grid::new(layout, givens) {
            Ok(grid) => self.solve_grid(grid),
            Err(clash) => Outcome::ended(Status::Invalid, None).with_clash(clash),
        }
    }

    /// Solves on from a grid: a puzzle's start, or a position part-way through (its
    /// candidates as they are).
    pub fn solve_grid(&self, mut grid: Grid) -> Outcome {
        // Why: uniqueness techniques are sound only when there is exactly one solution; on
        // any other puzzle they could remove a true candidate, so they sit this one out.
        if self.uses_uniqueness() && count_solutions(&grid, 2) != 1 {
            log::info!("the puzzle does not have exactly one solution; uniqueness techniques are off");
            return self.without_uniqueness().solve_grid(grid);
        }
        if let Some(contradiction) = self.run_logic(&mut grid) {
            let mut outcome = Outcome::ended(Status::NoSolution, Some(grid));
            outcome.contradiction = Some(contradiction);
            return outcome;
        }
        if grid.is_solved() {
            let solution = grid.digits().into_iter().map(|d| d.unwrap_or(0)).collect();
            let mut outcome = Outcome::ended(Status::Solved, Some(grid));
            outcome.solution = Some(solution);
            return outcome;
        }
        if !self.backtrack {
            return Outcome::ended(Status::Stuck, Some(grid));
        }
        log::info!("no strategy applies with {} cells empty; backtracking", grid.unsolved_count());
        // Why singles only: the search is not logic, and propagating with the whole catalogue
        // (chains, forcing nets) inside every branch would make the fallback slow for nothing.
        // The design card's backtracker records the search the explanation shows; the fast
        // core gives the verdict (how many solutions, and which).
        // Why bounded: see `backtrack_within`; past the bound the explanation names no guess.
        let explained = backtrack_within(&grid, &fallback_strategies(), 2, 0, MAX_EXPLAINED_GUESSES);
        let search = explained.as_ref().and_then(|e| e.first_guess.map(|first_guess| Search { first_guess, guesses: e.guesses }));
        let found = solutions(&grid, 2, 2);
        debug_assert!(explained.is_none_or(|e| e.count == found.count), "the fast core and the backtracker disagree");
        match found.count {
            0 => Outcome { search, ..Outcome::ended(Status::NoSolution, Some(grid)) },
            1 => {
                let solution = found.solutions.into_iter().next().expect("one solution was kept");
                let placements = (0..solution.len())
                    .filter(|&cell| grid.digit(cell).is_none())
                    .map(|cell| Placement { cell, digit: solution[cell] })
                    .collect();
                let first = search.map(|s| s.first_guess);
                grid.apply(Deduction {
                    technique: BACKTRACKING,
                    placements,
                    eliminations: Vec::new(),
                    pattern: Pattern { cells: first.into_iter().collect(), ..Pattern::default() },
                    search,
                });
                Outcome { solution: Some(solution), search, ..Outcome::ended(Status::Solved, Some(grid)) }
            }
            _ => Outcome { examples: found.solutions, search, ..Outcome::ended(Status::MultipleSolutions, Some(grid)) },
        }
    }
}

impl Outcome {
    /// The outcome of givens that break a rule.
    pub fn invalid(clash: Clash) -> Outcome {
        Outcome::ended(Status::Invalid, None).with_clash(clash)
    }

    fn ended(status: Status, grid: Option<Grid>) -> Outcome {
        Outcome { status, grid, clash: None, contradiction: None, solution: None, examples: Vec::new(), search: None }
    }

    fn with_clash(mut self, clash: Clash) -> Outcome {
        self.clash = Some(clash);
        self
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A search that ran past the explained backtracker's bound names no guess (`search` is
    /// `None`), yet the solve was still not logic alone: everything that says "by logic" or
    /// rates the puzzle reads `backtracked`.
    #[test]
    fn a_search_fill_counts_as_backtracking_even_without_a_recorded_guess() {
        let puzzle = "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..";
        let givens: Vec<Option<Digit>> = puzzle.chars().map(|c| crate::formats::parse_cell(c, 9).unwrap()).collect();
        let layout = Arc::new(Layout::classic(crate::rules::Rules::classic()));
        let singles = Solver::new(vec![strategies::naked_single, strategies::hidden_single]);
        let mut outcome = singles.solve(layout, &givens);
        assert_eq!(outcome.status, Status::Solved);
        assert!(outcome.backtracked());
        outcome.search = None;
        assert!(outcome.backtracked(), "the journal's search step still says so");
        assert!(crate::rating::rate(&outcome).is_some_and(|r| r.needs_guessing));
    }
}
