//! Exhaustive search, for questions that need no explanation ("how many solutions?", "is it
//! unique?") and for the explained fallback of `solve`:
//!
//! - [`solutions`] and [`count_solutions`]: the fast core ([`Core`], bitboards, 9x9 with
//!   3x3 boxes and any variant peers) where the layout allows, else a lean generic counter;
//! - [`backtrack()`]: the design card's fewest-candidates backtracker, which runs the logical
//!   strategies after every guess and records its guesses for the explanation.

mod backtrack;
mod count;
mod fast;

pub use backtrack::{SearchOutcome, backtrack};
pub use fast::{Core, Found};

use crate::grid::Grid;
use crate::strategies::{hidden_single, naked_single};

/// Counts the solutions of `grid`'s position (its candidates as they are) up to `limit`,
/// keeping the first `keep`, with the fastest search the layout allows.
pub fn solutions(grid: &Grid, limit: usize, keep: usize) -> Found {
    if let Some(core) = grid.layout().fast_core() {
        return core.search(grid, limit, keep);
    }
    if keep == 0 {
        let count = count::count_generic(grid, limit);
        return Found { count, hit_limit: count >= limit, ..Found::default() };
    }
    let found = backtrack(grid, &[naked_single, hidden_single], limit, keep);
    Found { count: found.count, solutions: found.solutions, guesses: found.guesses as u64, hit_limit: found.hit_limit }
}

/// How many solutions `grid`'s position has, counting no further than `limit`.
pub fn count_solutions(grid: &Grid, limit: usize) -> usize {
    solutions(grid, limit, 0).count
}
