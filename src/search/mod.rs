//! Exhaustive search: the design card's fewest-candidates backtracker, which runs the
//! logical strategies after every guess, and a lean solution counter for yes/no questions.

mod backtrack;
mod count;

pub use backtrack::{SearchOutcome, backtrack};
pub use count::count_solutions;
