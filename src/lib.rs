//! deduku: a Sudoku solver that works the way a strong human does and explains each step.
//!
//! The common case is one call: parse a puzzle, solve it, read the steps.
//!
//! ```
//! let puzzle: deduku::Puzzle = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79".parse()?;
//! let outcome = puzzle.solve()?;
//! assert_eq!(outcome.status, deduku::Status::Solved);
//! let layout = puzzle.layout()?;
//! for step in outcome.steps() {
//!     println!("{}", deduku::render::text::explain(&layout, step));
//! }
//! # Ok::<(), deduku::PuzzleError>(())
//! ```
//!
//! Under variant rules, build the [`Layout`] and choose the techniques:
//!
//! ```
//! use std::sync::Arc;
//! use deduku::{Layout, Rule, Rules, Solver, Status, formats};
//!
//! let layout = Arc::new(Layout::classic(Rules::classic().with(Rule::AntiKnight)));
//! let line = "..9.1............6....8.5...1........8....6..92...............4.5....7........9..";
//! let puzzle = &formats::parse_puzzles(line, 9, formats::Origin::Argument(1)).unwrap()[0];
//! let outcome = Solver::default().solve(layout.clone(), &puzzle.givens);
//! assert_eq!(outcome.status, Status::Solved);
//! assert!(outcome.steps().iter().all(|step| !step.is_search() || outcome.backtracked()));
//! ```
//!
//! The main types are at the crate root; [`formats`] reads and writes puzzles (lines, grids,
//! positions, f-puzzles links), [`render`] turns steps into text, boards, JSON and HTML,
//! [`strategies`] holds the techniques, [`generate`] and [`generate_marks`] make puzzles.

#![warn(missing_docs)]

#[doc(hidden)]
pub mod bits;
#[doc(hidden)]
pub mod clues;
pub mod constraints;
pub mod deduction;
pub mod formats;
pub mod generate;
pub mod generate_marks;
pub mod grid;
pub mod hint;
#[doc(hidden)]
pub mod killer;
pub mod layout;
#[doc(hidden)]
pub mod practice;
mod puzzle;
pub mod rating;
#[doc(hidden)]
pub mod regions;
pub mod render;
pub mod rules;
pub mod search;
pub mod solver;
#[doc(hidden)]
pub mod sums;
pub mod strategies;

pub use deduction::{Deduction, Elimination, Pattern, Placement};
pub use grid::{Candidates, Cell, CellSet, Digit, Grid};
pub use layout::{CellId, HouseId, Layout};
pub use rules::{Rule, Rules};
pub use formats::Puzzle;
pub use puzzle::PuzzleError;
pub use solver::{Outcome, Solver, Status};
pub use strategies::{REGISTRY, Strategy, Technique};
