//! The fewest-candidates backtracker of the design card: propagate with the logical
//! strategies, and when they stall, guess in the empty cell with the fewest candidates,
//! trying each candidate in turn and backing out of contradictions.

use crate::deduction::{Deduction, GUESS, Pattern};
use crate::grid::{Digit, Grid, Strategy};
use crate::layout::CellId;

/// What a search found.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct SearchOutcome {
    /// How many solutions were found (at most the limit).
    pub count: usize,
    /// The first solutions found, at most `keep` of them, each a full list of digits.
    pub solutions: Vec<Vec<Digit>>,
    /// How many guesses (tentative placements) were tried.
    pub guesses: usize,
    /// The first cell guessed in, if the search had to guess at all.
    pub first_guess: Option<CellId>,
    /// True when the search stopped at the limit, so there may be more solutions.
    pub hit_limit: bool,
}

/// Searches `grid` for up to `limit` solutions, keeping the first `keep` of them.
///
/// After each guess the `strategies` run until none fires (an empty list makes it a plain
/// backtracker). Strategies are sound, so a solution reached this way is a solution of the
/// grid, and no solution is lost.
pub fn backtrack(grid: &Grid, strategies: &[Strategy], limit: usize, keep: usize) -> SearchOutcome {
    backtrack_within(grid, strategies, limit, keep, usize::MAX).expect("an unbounded search finishes")
}

/// [`backtrack`], giving up (`None`) when it would take more than `max_guesses` guesses.
/// Why: on a sparse grid under rules no peer says (sums, demands), the strategies may let a
/// wrong guess run deep before a contradiction shows, and the search would take minutes.
pub fn backtrack_within(grid: &Grid, strategies: &[Strategy], limit: usize, keep: usize, max_guesses: usize) -> Option<SearchOutcome> {
    let mut search = Search { strategies, limit, keep, outcome: SearchOutcome::default(), max_guesses, gave_up: false };
    let mut start = grid.clone();
    start.take_journal();
    search.explore(start);
    (!search.gave_up).then_some(search.outcome)
}

struct Search<'a> {
    strategies: &'a [Strategy],
    limit: usize,
    keep: usize,
    outcome: SearchOutcome,
    max_guesses: usize,
    gave_up: bool,
}

impl Search<'_> {
    fn explore(&mut self, mut grid: Grid) {
        loop {
            if grid.contradiction().is_some() {
                return;
            }
            if grid.is_solved() {
                self.outcome.count += 1;
                if self.outcome.solutions.len() < self.keep {
                    self.outcome.solutions.push(grid.digits().into_iter().map(|d| d.unwrap_or(0)).collect());
                }
                return;
            }
            if !self.strategies.iter().any(|strategy| strategy(&mut grid)) {
                break;
            }
        }
        // Why: the journal of a search branch is never read; dropping it keeps clones cheap.
        grid.take_journal();
        let Some(cell) = fewest_candidates(&grid) else { return };
        self.outcome.first_guess.get_or_insert(cell);
        for digit in grid.candidates(cell).iter() {
            if self.outcome.count >= self.limit {
                self.outcome.hit_limit = true;
                return;
            }
            if self.gave_up || self.outcome.guesses >= self.max_guesses {
                self.gave_up = true;
                return;
            }
            self.outcome.guesses += 1;
            let mut branch = grid.clone();
            branch.apply(Deduction::placement(GUESS, cell, digit, Pattern::default()));
            self.explore(branch);
        }
    }
}

/// The empty cell with the fewest candidates (the first such in cell order).
fn fewest_candidates(grid: &Grid) -> Option<CellId> {
    (0..grid.layout().cell_count())
        .filter(|&c| grid.digit(c).is_none())
        .min_by_key(|&c| grid.candidates(c).len())
}
