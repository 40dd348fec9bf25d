//! Exhaustive search, for questions that need no explanation ("how many solutions?", "is it
//! unique?") and for the explained fallback of `solve`:
//!
//! - [`solutions`] and [`count_solutions`]: the template search ([`Templates`], digit by
//!   digit) on layouts with few templates (anti-knight, windoku, small variant grids), the
//!   fast core ([`Core`], bitboards, 9x9 with 3x3 boxes and any variant peers) on the other
//!   layouts it takes, else a lean generic counter;
//! - [`backtrack()`]: the design card's fewest-candidates backtracker, which runs the logical
//!   strategies after every guess and records its guesses for the explanation;
//! - [`fill`]: a random complete grid, on the generic counter's state.

mod backtrack;
mod compact;
mod count;
mod fast;
mod templates;

pub use backtrack::{SearchOutcome, backtrack, backtrack_within};
pub use count::Propagation;
pub use fast::{Core, Found};
pub use templates::Templates;

use std::cell::RefCell;
use std::rc::Rc;

use crate::grid::{Digit, Grid};
use crate::layout::{Layout, LayoutId};

/// Counts the solutions of `grid`'s position (its candidates as they are) up to `limit`,
/// keeping the first `keep`, with the fastest search the layout allows.
pub fn solutions(grid: &Grid, limit: usize, keep: usize) -> Found {
    match engine(grid.layout()) {
        Engine::Templates(templates) => templates.search(grid, limit, keep),
        Engine::Core(core) => core.search(grid, limit, keep),
        Engine::Generic => count::search_generic(grid, limit, keep),
    }
}

/// [`solutions`] of a puzzle given as its givens (one entry per cell, `None` for a blank),
/// without building a grid, where the layout's search starts from givens: the template
/// search, and the fast core on the classic layout. `None` for the other layouts, which need
/// a [`Grid`]. Why: building a grid (candidates, house indexes) costs a tenth of a quick
/// uniqueness check. Givens that break a rule have no solution here: the count is 0, and
/// only a grid names the clash.
pub fn solutions_of_givens(layout: &Layout, givens: &[Option<Digit>], limit: usize, keep: usize) -> Option<Found> {
    match engine(layout) {
        Engine::Templates(templates) => Some(templates.search_givens(givens, limit, keep)),
        // Why classic only: the core places variant givens through the grid's candidates.
        Engine::Core(core) if layout.is_classic() => Some(core.search_givens(givens, limit, keep)),
        _ => None,
    }
}

/// What a random fill ([`fill`]) came to.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Fill {
    /// A complete grid, one digit per cell.
    Solved(Vec<Digit>),
    /// The position has no solution: the search was complete.
    NoSolution,
    /// The guesses allowed ran out first.
    GaveUp,
}

/// Fills `grid`'s position to a complete grid, propagating as `propagation` says and trying
/// each guess's digits in the order `shuffle` puts them in (given ascending); after
/// `max_guesses` guesses it gives up. With [`Propagation::Singles`] it finds the grid the
/// design card's backtracker with the singles strategies would for the same order, much
/// faster.
pub fn fill(grid: &Grid, propagation: Propagation, shuffle: &mut dyn FnMut(&mut [Digit]), max_guesses: u64) -> Fill {
    count::fill_generic(grid, propagation, shuffle, max_guesses)
}

/// How many solutions `grid`'s position has, counting no further than `limit`.
pub fn count_solutions(grid: &Grid, limit: usize) -> usize {
    solutions(grid, limit, 0).count
}

/// [`solutions`], or `None` when the generic search would need more than `max_guesses`
/// guesses. The template search and the fast core are not bounded: on the layouts they take
/// a search ends within milliseconds.
pub fn solutions_within(grid: &Grid, limit: usize, keep: usize, max_guesses: u64) -> Option<Found> {
    match engine(grid.layout()) {
        Engine::Generic => count::search_generic_within(grid, limit, keep, max_guesses),
        _ => Some(solutions(grid, limit, keep)),
    }
}

/// The search a layout gets: the template search where its templates are few (see
/// [`templates`]), else the fast core where it takes the layout, else the generic search.
#[derive(Clone)]
enum Engine {
    Templates(Rc<Templates>),
    Core(Rc<Core>),
    Generic,
}

thread_local! {
    /// The search of the last layout searched on this thread, keyed by the layout's
    /// identity like every cache of deduku. Why kept: building the core's masks or listing
    /// the templates costs about as much as a quick search, and a batch searches many
    /// puzzles of one layout. Why here and not with the techniques' caches
    /// (`strategies::caches`): the search sits below the strategies.
    static ENGINE: RefCell<Option<(LayoutId, Engine)>> = const { RefCell::new(None) };
}

fn engine(layout: &Layout) -> Engine {
    ENGINE.with_borrow_mut(|slot| match slot {
        Some((id, engine)) if *id == layout.id() => engine.clone(),
        _ => {
            // Why not for the classic layout: its 46,656 templates are known to be too many.
            let core = Core::new(layout);
            let cap = if core.is_some() { templates::MAX_TEMPLATES_BESIDE_CORE } else { templates::MAX_TEMPLATES };
            let templates = if layout.is_classic() { None } else { Templates::new(layout, cap) };
            let engine = match (templates, core) {
                (Some(t), _) => Engine::Templates(Rc::new(t)),
                (None, Some(core)) => Engine::Core(Rc::new(core)),
                (None, None) => Engine::Generic,
            };
            *slot = Some((layout.id(), engine.clone()));
            engine
        }
    })
}

/// The fast search core for `layout`, when it has one (9x9 with 3x3 boxes, with any
/// variant peers and extra houses).
pub fn fast_core(layout: &Layout) -> Option<Rc<Core>> {
    match engine(layout) {
        Engine::Core(core) => Some(core),
        _ => Core::new(layout).map(Rc::new),
    }
}
