//! The one-call entry for the common case: text in, an explained solve out.
//!
//! ```
//! let puzzle: deduku::Puzzle = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79".parse()?;
//! let outcome = puzzle.solve()?;
//! assert_eq!(outcome.status, deduku::Status::Solved);
//! assert!(!outcome.backtracked());
//! println!("{}", deduku::formats::solution_line(outcome.solution.as_ref().unwrap()));
//! # Ok::<(), deduku::PuzzleError>(())
//! ```
//!
//! The text is anything `deduku solve` reads as one puzzle: a line of one character per cell
//! (its size follows from its length: 16, 36, 81, 144 or 256 cells), a grid of rows, a
//! position with pencilmarks, or an f-puzzles link or payload, which brings its own size and
//! rules. A puzzle without a link is solved under the classic rules of its size; for other
//! rules, build a [`Layout`] and call [`Solver::solve`] (see the crate's front page).

use std::str::FromStr;
use std::sync::Arc;

use crate::formats::{Origin, ParseError, Puzzle, PuzzleReader, ReadError};
use crate::layout::{Layout, LayoutSpec};
use crate::rules::Rules;
use crate::solver::{Outcome, Solver};

/// Why a text gave no puzzle to solve, or a puzzle no grid to start from.
#[derive(Debug, thiserror::Error)]
pub enum PuzzleError {
    /// The text is malformed, where the error says.
    #[error(transparent)]
    Parse(#[from] ParseError),
    /// The reader ended without a puzzle and without an error. Kept for safety: today a
    /// text with no puzzle (blank, or comments only) is a `Parse` error saying so.
    #[error("the text holds no puzzle")]
    Empty,
    /// The text holds more than one puzzle; [`crate::formats::parse_puzzles`] reads many.
    #[error("the text holds {0} puzzles, not one (formats::parse_puzzles reads several)")]
    Several(usize),
    /// The puzzle's shape or rules make no grid (the message says why).
    #[error("{0}")]
    Layout(String),
}

impl FromStr for Puzzle {
    type Err = PuzzleError;

    /// Reads exactly one puzzle, its size from the text (9x9 for a grid of rows whose size
    /// the text does not show otherwise).
    fn from_str(text: &str) -> Result<Puzzle, PuzzleError> {
        let reader = PuzzleReader::new(text.as_bytes(), 9, Origin::Argument(1)).detecting_size(true);
        let mut puzzles = Vec::new();
        for read in reader {
            match read {
                Ok(puzzle) => puzzles.push(puzzle),
                Err(ReadError::Parse(err)) => return Err(err.into()),
                Err(ReadError::Io { .. }) => unreachable!("reading from a string cannot fail"),
            }
        }
        match puzzles.len() {
            0 => Err(PuzzleError::Empty),
            1 => Ok(puzzles.remove(0)),
            n => Err(PuzzleError::Several(n)),
        }
    }
}

impl Puzzle {
    /// The layout the puzzle is solved on: its link's shape and rules, or the classic rules
    /// on a grid of its size with the usual boxes.
    pub fn layout(&self) -> Result<Arc<Layout>, PuzzleError> {
        let layout = match &self.variant {
            Some(variant) => variant.layout(&Rules::classic()).map_err(PuzzleError::Layout)?,
            None => {
                let size = self.givens.len().isqrt();
                LayoutSpec::new(size).build().map_err(|e| PuzzleError::Layout(e.to_string()))?
            }
        };
        Ok(Arc::new(layout))
    }

    /// Solves the puzzle the way `deduku solve` does: the default techniques step by step,
    /// then the backtracker if they stall (see [`Outcome::backtracked`]). Givens that break
    /// a rule give an [`Outcome`] with the status `Invalid`, not an error.
    pub fn solve(&self) -> Result<Outcome, PuzzleError> {
        let layout = self.layout()?;
        Ok(match self.grid(layout) {
            Ok((grid, _cleared)) => Solver::default().solve_grid(grid),
            Err(clash) => Outcome::invalid(clash),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solver::Status;

    #[test]
    fn a_line_parses_and_solves_by_logic() {
        let puzzle: Puzzle = "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........".parse().unwrap();
        let outcome = puzzle.solve().unwrap();
        assert_eq!(outcome.status, Status::Solved);
        assert!(outcome.solution.unwrap().iter().all(|&d| (1..=9).contains(&d)));
    }

    #[test]
    fn the_size_follows_from_the_line() {
        let puzzle: Puzzle = "1.3434.22.4343.1".parse().unwrap();
        assert_eq!(puzzle.layout().unwrap().size(), 4);
        assert_eq!(puzzle.solve().unwrap().status, Status::Solved);
    }

    #[test]
    fn bad_text_is_an_error_naming_what() {
        let empty = "".parse::<Puzzle>().unwrap_err().to_string();
        assert!(empty.contains("no puzzle"), "{empty}");
        let two = "1.3434.22.4343.1\n1.3434.22.4343.1";
        assert!(matches!(two.parse::<Puzzle>(), Err(PuzzleError::Several(2))));
        let err = "12x4".parse::<Puzzle>().unwrap_err();
        assert!(matches!(err, PuzzleError::Parse(_)), "{err}");
    }

    #[test]
    fn clashing_givens_are_an_invalid_outcome() {
        let puzzle: Puzzle = "11..............".parse().unwrap();
        assert_eq!(puzzle.solve().unwrap().status, Status::Invalid);
    }
}
