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
