//! JSON: one object per puzzle, built from the outcome and the grid's journal.

use serde::Serialize;

use crate::deduction::Deduction;
use crate::formats::{solution_line, to_line};
use crate::layout::Layout;
use crate::render::text;
use crate::solver::{Outcome, Status};

/// A cell and a digit: `{"cell":"r5c3","digit":7}`.
#[derive(Serialize)]
pub struct CellDigit {
    pub cell: String,
    pub digit: u8,
    /// For a removal that relies on a variant rule's extra peers, that rule's id.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub via: Option<&'static str>,
}

/// One step of a solve.
#[derive(Serialize)]
pub struct Step {
    pub technique: &'static str,
    pub explanation: String,
    pub placements: Vec<CellDigit>,
    pub eliminations: Vec<CellDigit>,
}

/// One puzzle's report, as printed by `solve --format json`.
#[derive(Serialize)]
pub struct Report {
    pub puzzle: String,
    pub status: &'static str,
    pub rules: Vec<&'static str>,
    pub solution: Option<String>,
    pub backtracked: bool,
    pub guesses: usize,
    /// Why the puzzle is invalid or has no solution, when that is known.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub reason: Option<String>,
    pub steps: Vec<Step>,
}

pub fn step(layout: &Layout, d: &Deduction) -> Step {
    let cell_digit = |cell, digit, via: Option<crate::rules::Rule>| CellDigit {
        cell: layout.cell_name(cell),
        digit,
        via: via.map(|r| r.id()),
    };
    Step {
        technique: d.technique,
        explanation: text::explain(layout, d),
        placements: d.placements.iter().map(|p| cell_digit(p.cell, p.digit, None)).collect(),
        eliminations: d.eliminations.iter().map(|e| cell_digit(e.cell, e.digit, e.via)).collect(),
    }
}

/// The report for one solved (or not) puzzle.
pub fn report(layout: &Layout, givens: &[Option<u8>], outcome: &Outcome) -> Report {
    Report {
        puzzle: to_line(givens),
        status: outcome.status.id(),
        rules: layout.rules().iter().map(|r| r.id()).collect(),
        solution: outcome.solution.as_deref().map(solution_line),
        backtracked: outcome.backtracked(),
        guesses: outcome.search.map_or(0, |s| s.guesses),
        reason: reason(layout, outcome),
        steps: outcome.steps().iter().map(|d| step(layout, d)).collect(),
    }
}

/// A short reason for an outcome that is not a solution, if there is one to give.
pub fn reason(layout: &Layout, outcome: &Outcome) -> Option<String> {
    match outcome.status {
        Status::Invalid => outcome.clash.as_ref().map(|c| text::clash(layout, c)),
        Status::NoSolution => Some(match &outcome.contradiction {
            Some(c) => text::contradiction(layout, c),
            None => "the search found no way to complete the grid".to_string(),
        }),
        Status::MultipleSolutions => Some("the puzzle has more than one solution".to_string()),
        Status::Stuck => Some("no technique in use applies, and backtracking is off".to_string()),
        Status::Solved => None,
    }
}
