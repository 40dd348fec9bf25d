//! Positions: a puzzle part-way through, with the digits placed so far and the pencilmarks
//! (candidates) of the empty cells, as a solver on paper or in an app has it.
//!
//! Forms read (the reader in [`super`] tells them apart per puzzle):
//! - one line of one token per cell (the guides' `case:` form, [`super::to_candidate_line`]):
//!   a digit alone is a given, `+5` a digit placed since, `[5]` an empty cell with one
//!   candidate left, and any other group of digits the candidates of an empty cell;
//! - one character per cell and digit (729 on a 9x9 grid, as Sudoku Explainer and HoDoKu
//!   write it): the cell's block holds each of its candidates at the digit's place, `.` or
//!   `0` elsewhere; a block with one digit is a solved cell;
//! - a grid of rows of candidate groups (what deduku prints for a stuck grid, and the plain
//!   pencilmark grids of other tools), with or without `|`, `-`, `+`, `.`, `:` and `'` borders.
//!
//! In every form a blank (`.`, `0`, `_`, `x`, `*`) is an empty cell whose candidates are not
//! written: every digit the placed ones leave it.

use crate::bits::{CellId, digit_char};
use crate::deduction::Elimination;
use crate::grid::{Candidates, Cell, Clash, Digit, Grid};
use crate::layout::Layout;
use std::sync::Arc;

use super::{Problem, parse_cell};

/// A position as read: each cell's state, and for each solved cell whether it is a given
/// (rather than a digit placed since). Forms that do not tell placed digits from givens
/// (grids, the 729 form) mark every solved cell given.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Position {
    /// Each cell's state, row after row: its digit, or its candidates (every digit for a
    /// blank).
    pub cells: Vec<Cell>,
    /// Per cell, whether it is a given; `false` for a placed digit and an empty cell.
    pub given: Vec<bool>,
}

/// What one cell token says.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Token {
    /// A solved cell, and whether it is marked placed (`+5`) rather than given.
    Solved {
        /// The digit.
        digit: Digit,
        /// `true` for `+5`, a digit placed since; `false` for a given.
        placed: bool,
    },
    /// An empty cell with these candidates (`None`: not written, a blank).
    Candidates(Option<Candidates>),
}

impl Token {
    /// Whether the token can only be read as pencilmarks: more than one digit, brackets or
    /// a `+` mark. A grid or line of tokens none of which is, is a plain puzzle.
    pub fn is_marks(text: &str) -> bool {
        text.chars().count() > 1
    }
}

/// Reads one cell token of a position on a grid of side `size`.
pub fn parse_token(text: &str, size: usize) -> Result<Token, Problem> {
    let placed = text.starts_with('+');
    let body = text.trim_start_matches('+');
    let bracketed = body.len() >= 2 && body.starts_with('[') && body.ends_with(']');
    let inner = if bracketed { &body[1..body.len() - 1] } else { body };
    if !bracketed && inner.chars().count() == 1 {
        return match parse_cell(inner.chars().next().expect("one character"), size)? {
            Some(digit) => Ok(Token::Solved { digit, placed }),
            None if placed => Err(Problem::PlacedCandidates),
            None => Ok(Token::Candidates(None)),
        };
    }
    let mut digits = Candidates::EMPTY;
    for ch in inner.chars() {
        match parse_cell(ch, size)? {
            Some(d) if digits.contains(d) => return Err(Problem::RepeatedCandidate(ch)),
            Some(d) => digits.insert(d),
            None => return Err(Problem::NotACandidate(ch)),
        }
    }
    if placed {
        return Err(Problem::PlacedCandidates);
    }
    if inner.is_empty() && !bracketed {
        return Err(Problem::Empty);
    }
    Ok(Token::Candidates(Some(digits)))
}

impl Position {
    /// A position from one token per cell, in order; the error gives the index of the token.
    pub fn from_tokens<'a>(tokens: impl IntoIterator<Item = &'a str>, size: usize) -> Result<Position, (usize, Problem)> {
        let mut cells = Vec::new();
        let mut given = Vec::new();
        for (i, text) in tokens.into_iter().enumerate() {
            let (cell, is_given) = match parse_token(text, size).map_err(|p| (i, p))? {
                Token::Solved { digit, placed } => (Cell::Solved(digit), !placed),
                Token::Candidates(c) => (Cell::Unsolved(c.unwrap_or_else(|| Candidates::all(size))), false),
            };
            cells.push(cell);
            given.push(is_given);
        }
        Ok(Position { cells, given })
    }

    /// A position from the form with one character per cell and digit (`size` characters a
    /// cell); the error gives the 0-based index of the character.
    pub fn from_blocks(line: &str, size: usize) -> Result<Position, (usize, Problem)> {
        let chars: Vec<char> = line.chars().collect();
        let mut cells = Vec::with_capacity(chars.len() / size);
        for (b, block) in chars.chunks(size).enumerate() {
            let mut digits = Candidates::EMPTY;
            for (k, &ch) in block.iter().enumerate() {
                match parse_cell(ch, size).map_err(|p| (b * size + k, p))? {
                    None => {}
                    // Why the place matters: a digit out of its place is a slip in the
                    // line, and reading it anyway would move a candidate.
                    Some(d) if d as usize == k + 1 => digits.insert(d),
                    Some(_) => return Err((b * size + k, Problem::MisplacedCandidate(ch, k + 1))),
                }
            }
            cells.push(match digits.single_digit() {
                Some(d) => Cell::Solved(d),
                None => Cell::Unsolved(digits),
            });
        }
        let given = cells.iter().map(|c| matches!(c, Cell::Solved(_))).collect();
        Ok(Position { cells, given })
    }

    /// The given digits (`None` for empty cells and digits placed since).
    pub fn givens(&self) -> Vec<Option<Digit>> {
        self.cells.iter().zip(&self.given).map(|(c, &g)| match c {
            Cell::Solved(d) if g => Some(*d),
            _ => None,
        }).collect()
    }

    /// The position in the one-line candidate form, as written.
    pub fn to_candidate_line(&self) -> String {
        let tokens = self.cells.iter().zip(&self.given).map(|(&state, &given)| super::cell_token(state, given));
        tokens.collect::<Vec<_>>().join(" ")
    }

    /// The digits of every solved cell, given or placed.
    pub fn solved(&self) -> Vec<Option<Digit>> {
        self.cells.iter().map(|c| if let Cell::Solved(d) = c { Some(*d) } else { None }).collect()
    }

    /// The grid of the position on `layout`, with the pencilmarks that a solved cell rules out
    /// (a digit it sees, or one a rule's link to it forbids) cleared, and those listed.
    ///
    /// Why clear them: a stale pencilmark is no candidate at all, and techniques that read it
    /// as one can remove true candidates (a box with its 3 placed and a stale 3 left in one
    /// column would "point" at that column). The list lets the caller say what was cleared.
    pub fn grid(&self, layout: Arc<Layout>) -> Result<(Grid, Vec<Elimination>), Clash> {
        let basic = Grid::new(layout.clone(), &self.solved())?;
        let mut stale = Vec::new();
        let cells: Vec<Cell> = self
            .cells
            .iter()
            .enumerate()
            .map(|(cell, &state)| match (state, basic.cell(cell)) {
                (Cell::Unsolved(marks), Cell::Unsolved(allowed)) => {
                    let gone = marks.difference(allowed);
                    // A cell with every digit is one with no pencilmarks written: nothing
                    // in it was a person's slip.
                    if marks != Candidates::all(layout.size()) {
                        stale.extend(gone.iter().map(|digit| Elimination { cell, digit, via: None }));
                    }
                    Cell::Unsolved(marks.intersection(allowed))
                }
                (state, _) => state,
            })
            .collect();
        Ok((Grid::from_position(layout, cells, &self.given)?, stale))
    }
}

/// Where a position and the solution of its puzzle part: a digit placed that the solution
/// does not have there, or an empty cell whose pencilmarks lost the solution's digit.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mistake {
    /// A solved cell (given or placed) whose digit is not the solution's.
    Wrong {
        /// The cell.
        cell: CellId,
        /// The digit it holds.
        holds: Digit,
        /// The solution's digit there.
        solution: Digit,
    },
    /// An empty cell whose candidates no longer include the solution's digit.
    Lost {
        /// The cell.
        cell: CellId,
        /// The solution's digit there, missing from its candidates.
        digit: Digit,
    },
}

impl Mistake {
    /// The cell the mistake is in.
    pub fn cell(self) -> CellId {
        match self {
            Mistake::Wrong { cell, .. } | Mistake::Lost { cell, .. } => cell,
        }
    }

    /// `r1c2 holds 9, but the solution has 1` / `r4c5 has lost its 7`.
    pub fn describe(self, layout: &Layout) -> String {
        match self {
            Mistake::Wrong { cell, holds, solution } => {
                format!("{} holds {}, but the solution has {}", layout.cell_name(cell), digit_char(holds), digit_char(solution))
            }
            Mistake::Lost { cell, digit } => format!("{} has lost its {}", layout.cell_name(cell), digit_char(digit)),
        }
    }
}

impl Position {
    /// The mistakes of the position as written (before any clearing: a wrong digit would
    /// clear true pencilmarks around it) against `solution`, in cell order.
    pub fn mistakes(&self, solution: &[Digit]) -> Vec<Mistake> {
        self.cells
            .iter()
            .zip(solution)
            .enumerate()
            .filter_map(|(cell, (&state, &right))| match state {
                Cell::Solved(holds) if holds != right => Some(Mistake::Wrong { cell, holds, solution: right }),
                Cell::Unsolved(c) if !c.contains(right) => Some(Mistake::Lost { cell, digit: right }),
                _ => None,
            })
            .collect()
    }
}
