//! Property tests for the parsers and the grid: reading what was written gives it back, and
//! no input, however broken, makes them panic.

use std::sync::Arc;

use deduku::formats::{Origin, parse_candidate_line, parse_puzzles, to_candidate_line, to_line};
use deduku::{Grid, Layout, Rules, Solver};
use proptest::prelude::*;

fn givens() -> impl Strategy<Value = Vec<Option<u8>>> {
    prop::collection::vec(prop_oneof![3 => Just(None), 1 => (1u8..=9).prop_map(Some)], 81)
}

proptest! {
    #[test]
    fn a_line_reads_back_as_written(cells in givens()) {
        let puzzles = parse_puzzles(&to_line(&cells), 9, Origin::StandardInput).unwrap();
        prop_assert_eq!(&puzzles[0].givens, &cells);
    }

    #[test]
    fn a_grid_reads_back_as_written(cells in givens()) {
        let layout = Layout::classic(Rules::classic());
        let text = deduku::render::board::values(&layout, &cells);
        let puzzles = parse_puzzles(&text, 9, Origin::StandardInput).unwrap();
        prop_assert_eq!(&puzzles[0].givens, &cells);
    }

    #[test]
    fn any_text_gives_puzzles_or_one_line_error(text in "[0-9.|+# \\n%a-]{0,200}") {
        if let Err(err) = parse_puzzles(&text, 9, Origin::StandardInput) {
            prop_assert!(!err.to_string().contains('\n'));
        }
    }

    /// A line of exactly one character per cell is read by a quicker path than other lines;
    /// with a space after it, the same line takes the general path, and must read the same
    /// (givens, or the same error), at 4x4 and 16x16 as at 9x9.
    #[test]
    fn a_line_of_one_character_per_cell_reads_as_the_general_path_does(
        size in prop::sample::select(vec![4usize, 9, 16]),
        seed in prop::collection::vec(prop::sample::select(".0123456789xX_*ABGHaégz#|-".chars().collect::<Vec<_>>()), 256),
        clean in any::<bool>(),
    ) {
        // Mostly cell characters, so that most lines are puzzles and some are not.
        let line: String = seed.iter().take(size * size).enumerate().map(|(i, &c)| if clean || i % 7 != 3 { ".123456789ABCDEFG".chars().nth(1 + (c as usize * 7 + i) % size).filter(|_| (c as usize + i) % 3 != 0).unwrap_or('.') } else { c }).collect();
        let quick = parse_puzzles(&line, size, Origin::StandardInput).map(|p| p[0].givens.clone()).map_err(|e| e.to_string());
        let general = parse_puzzles(&format!("{line} "), size, Origin::StandardInput).map(|p| p[0].givens.clone()).map_err(|e| e.to_string());
        prop_assert_eq!(quick, general);
    }

    #[test]
    fn any_line_gives_a_grid_or_an_error(text in "[0-9\\[\\] ]{0,300}") {
        let _ = parse_candidate_line(&text, Arc::new(Layout::classic(Rules::classic())));
    }

    /// Solving never panics, whatever the givens (clashes, no solution, many solutions),
    /// and a candidate grid reads back as written.
    #[test]
    fn any_givens_solve_without_panic(cells in givens()) {
        let layout = Arc::new(Layout::classic(Rules::classic()));
        let outcome = Solver::default().backtracking(false).solve(layout.clone(), &cells);
        if let Some(grid) = outcome.grid {
            let line = to_candidate_line(&grid);
            let back: Grid = parse_candidate_line(&line, layout).unwrap();
            prop_assert_eq!(back.cells(), grid.cells());
        }
    }
}

proptest! {
    /// A reader that keeps going after malformed puzzles always ends (no input makes it
    /// yield forever), never panics, and numbers every item, good or bad, in turn.
    #[test]
    fn a_reader_that_keeps_going_always_ends(text in "([0-9.%x| \n-]{0,90}\n){0,12}") {
        let reader = deduku::formats::PuzzleReader::new(text.as_bytes(), 9, Origin::StandardInput).keeping_going(true);
        let items: Vec<_> = reader.take(1000).collect();
        prop_assert!(items.len() <= text.lines().count() + 1);
        let numbers: Vec<usize> = items.iter().map(|item| match item {
            Ok(puzzle) => puzzle.number,
            Err(deduku::formats::ReadError::Parse(err)) => err.puzzle,
            Err(err) => panic!("{err}"),
        }).collect();
        prop_assert_eq!(numbers, (1..=items.len()).collect::<Vec<_>>());
    }
}
