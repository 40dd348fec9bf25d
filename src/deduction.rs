//! What one step deduces: its effect (digits placed, candidates removed) kept apart from the
//! pattern that proves it, so any front end can explain or highlight it. Data only: no text
//! is built here.

use crate::grid::{Candidates, Digit};
use crate::layout::{CellId, HouseId};
use crate::rules::Rule;

/// A digit placed in a cell.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Placement {
    pub cell: CellId,
    pub digit: Digit,
}

/// A candidate removed from a cell.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Elimination {
    pub cell: CellId,
    pub digit: Digit,
    /// The variant rule whose extra peers the removal relies on, if a shared house alone
    /// does not justify it.
    pub via: Option<Rule>,
}

/// The cells, houses and digits that prove a deduction.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Pattern {
    /// The digits the pattern is about.
    pub digits: Candidates,
    /// The cells that form the pattern.
    pub cells: Vec<CellId>,
    /// The houses the pattern is found in (a fish's base sets, a subset's house ...).
    pub base: Vec<HouseId>,
    /// The houses it removes candidates from (a fish's cover sets, a pointing line ...).
    pub cover: Vec<HouseId>,
}

/// How a backtracking fill was found: not logic, and never shown as such.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Search {
    /// The first cell the search guessed in (fewest candidates).
    pub first_guess: CellId,
    /// How many guesses the search made in all.
    pub guesses: usize,
}

/// One step: what a technique places and removes, and why.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Deduction {
    /// The technique's id in the registry (`x-wing`), or `backtracking` / `guess`.
    pub technique: &'static str,
    pub placements: Vec<Placement>,
    pub eliminations: Vec<Elimination>,
    pub pattern: Pattern,
    /// Set only for a fill found by search.
    pub search: Option<Search>,
}

/// The technique id of a fill found by the backtracker.
pub const BACKTRACKING: &str = "backtracking";
/// The technique id of a single guess made inside the backtracker.
pub const GUESS: &str = "guess";

impl Deduction {
    /// A deduction that places one digit.
    pub fn placement(technique: &'static str, cell: CellId, digit: Digit, pattern: Pattern) -> Deduction {
        Deduction {
            technique,
            placements: vec![Placement { cell, digit }],
            eliminations: Vec::new(),
            pattern,
            search: None,
        }
    }

    /// A deduction that removes candidates.
    pub fn elimination(technique: &'static str, eliminations: Vec<Elimination>, pattern: Pattern) -> Deduction {
        Deduction { technique, placements: Vec::new(), eliminations, pattern, search: None }
    }

    /// Whether the deduction came from search rather than logic.
    pub fn is_search(&self) -> bool {
        self.technique == BACKTRACKING || self.technique == GUESS
    }
}
