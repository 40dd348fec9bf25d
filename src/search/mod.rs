//! Exhaustive search: the design card's fewest-candidates backtracker, which runs the
//! logical strategies after every guess.

mod backtrack;

pub use backtrack::{SearchOutcome, backtrack};
