//! The guides' case lines, read as `tests/guides.rs` and `tests/plain.rs` both run them:
//! the library's reader ([`deduku::strategies::cases`]), failing the test on a line it
//! cannot read.

#![allow(dead_code)]

use std::sync::Arc;

pub use deduku::strategies::cases::Case;
use deduku::{Deduction, Layout, Technique};

pub fn cases(guide: &str) -> Vec<Case> {
    deduku::strategies::cases::cases(guide).unwrap_or_else(|e| panic!("{e}"))
}

/// Runs `t` on the case's position: its layout, and the step it took if it fired.
pub fn run(t: &Technique, case: &Case) -> (Arc<Layout>, Option<Deduction>) {
    case.run(t).unwrap_or_else(|e| panic!("{e}"))
}

/// Runs the default solver's logic on `givens`, checks every step against `solution`, and
/// says whether logic solved the puzzle; `what` names it in messages.
#[allow(dead_code)] // Not every test binary that includes this module uses it.
pub fn logic_is_sound(layout: &Arc<Layout>, givens: &[Option<deduku::Digit>], solution: &[deduku::Digit], what: &str) -> bool {
    let mut grid = deduku::Grid::new(layout.clone(), givens).expect("generated givens do not clash");
    let contradiction = deduku::Solver::default().run_logic(&mut grid);
    let puzzle = deduku::formats::to_line(givens);
    for (n, d) in grid.journal().iter().enumerate() {
        let wrong = d.placements.iter().any(|p| solution[p.cell] != p.digit) || d.eliminations.iter().any(|e| solution[e.cell] == e.digit);
        assert!(!wrong, "{what} {puzzle}: unsound step {}: {}", n + 1, deduku::render::text::explain(layout, d));
    }
    assert!(contradiction.is_none(), "{what} {puzzle}: logic found a contradiction in a unique puzzle");
    if grid.is_solved() {
        let digits: Vec<deduku::Digit> = grid.digits().into_iter().map(Option::unwrap).collect();
        assert_eq!(digits, solution, "{what} {puzzle}: solved differently");
    }
    grid.is_solved()
}
