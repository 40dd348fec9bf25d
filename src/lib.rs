//! deduku: a Sudoku solver that works the way a strong human does and explains each step.
//!
//! ```
//! use std::sync::Arc;
//! use deduku::{Layout, Rules, Solver, Status, formats};
//!
//! let layout = Arc::new(Layout::classic(Rules::classic()));
//! let line = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";
//! let puzzle = &formats::parse_puzzles(line, 9, formats::Origin::Argument(1)).unwrap()[0];
//! let outcome = Solver::default().solve(layout.clone(), &puzzle.givens);
//! assert_eq!(outcome.status, Status::Solved);
//! assert!(!outcome.backtracked());
//! for step in outcome.steps() {
//!     println!("{}", deduku::render::text::explain(&layout, step));
//! }
//! ```

pub mod bits;
pub mod clues;
pub mod constraints;
pub mod deduction;
pub mod formats;
pub mod generate;
pub mod generate_marks;
pub mod grid;
pub mod hint;
pub mod killer;
pub mod layout;
pub mod practice;
pub mod rating;
pub mod regions;
pub mod render;
pub mod rules;
pub mod search;
pub mod solver;
pub mod sums;
pub mod strategies;

pub use deduction::{Deduction, Elimination, Pattern, Placement};
pub use grid::{Candidates, Cell, CellSet, Digit, Grid};
pub use layout::{CellId, HouseId, Layout};
pub use rules::{Rule, Rules};
pub use solver::{Outcome, Solver, Status};
pub use strategies::{REGISTRY, Strategy, Technique};
