//! Clues read along a line (between lines, sandwiches, X-sums, skyscrapers) on generated
//! puzzles: every step of the default solver is checked against the solution (9x9 and 6x6),
//! the generic search and the design card's backtracker agree on their counts, a link reads
//! back as the same puzzle, givens that break a clue are a named clash, and malformed
//! entries are named. (The community puzzles: `community.rs`.)

use crate::common;

use std::sync::Arc;

use deduku::formats::{self, fpuzzles};
use deduku::generate::Rng;
use deduku::layout::LayoutSpec;
use deduku::strategies::{hidden_single, naked_single};
use deduku::{Digit, Grid, Rule, Rules, Solver};

use common::Made;

const RULES: [Rule; 4] = [Rule::BetweenLine, Rule::Sandwich, Rule::XSum, Rule::Skyscraper];

/// A puzzle of `rule`: the generator's clues (see [`common::read_off`]), givens taken away
/// down to a quarter of the cells.
fn make(rule: Rule, size: usize, seed: u64) -> Made {
    common::read_off(rule, size, &mut Rng::for_index(seed, 300 + size as u64 + 17 * rule as u64), size * size / 4)
}

#[test]
fn every_step_on_generated_clue_puzzles_is_sound() {
    let mut report = Vec::new();
    for rule in RULES {
        for (size, count) in [(9, 3), (6, 5)] {
            let started = std::time::Instant::now();
            let mut steps = 0;
            let solved: usize = (0..count)
                .map(|seed| {
                    let made = make(rule, size, seed);
                    let mut grid = Grid::new(made.layout.clone(), &made.givens).unwrap();
                    Solver::default().run_logic(&mut grid);
                    steps += grid.journal().iter().filter(|d| d.technique == "clue-fillings").count();
                    common::logic_is_sound(&made.layout, &made.givens, &made.solution, &format!("{rule} {size}x{size} seed {seed}")) as usize
                })
                .sum();
            assert!(steps > 0, "{rule} {size}x{size}: Clue Fillings never fired");
            report.push(format!("{rule} {size}x{size}: {solved}/{count} by logic, {steps} clue-fillings steps, {:.1?}", started.elapsed()));
        }
    }
    println!("{}", report.join("\n"));
}

#[test]
fn the_generic_search_and_the_backtracker_agree_on_counts() {
    let fillings = deduku::strategies::by_id("clue-fillings").unwrap().run;
    for rule in RULES {
        let mut compared = [0usize; 3];
        for (size, seeds) in [(4, 0..3), (6, 0..2), (9, 10..11)] {
            for seed in seeds {
                // Why Clue Fillings too: with the singles alone a wrong guess shows only once
                // its line is full.
                common::counts_agree(&make(rule, size, seed), &[naked_single, hidden_single, fillings], 3, &mut compared);
            }
        }
        assert!(compared[1] > 2 && compared[2] > 2, "{rule}: counts 0 / 1 / 2+ compared: {compared:?}");
    }
}

#[test]
fn a_clue_link_reads_back_as_the_same_puzzle() {
    for rule in RULES {
        for (size, seed) in [(6, 7), (9, 3)] {
            common::link_reads_back(&make(rule, size, seed));
        }
    }
}

/// Givens that break a clue are a clash naming it; a clue the rest of the grid cannot keep
/// is a contradiction; and each malformed entry is named.
#[test]
fn a_broken_clue_clashes_and_malformed_clues_are_named() {
    // A sandwich of 5 left of row 1, and a between line r2c1-r2c2-r2c3.
    let marks = fpuzzles::Rules {
        sandwiches: vec![fpuzzles::OutsideClue { row: 1, col: 0, value: 5 }],
        between_lines: vec![fpuzzles::BetweenLine { lines: vec![vec![9, 10, 11]] }],
        ..Default::default()
    };
    let layout = Arc::new(LayoutSpec { rules: Rules::classic().with(Rule::Sandwich).with(Rule::BetweenLine), constraints: formats::constraints_of(9, &marks), ..LayoutSpec::new(9) }.build().unwrap());
    let row = |digits: [Digit; 9]| -> Vec<Option<Digit>> { digits.iter().map(|&d| Some(d)).chain(std::iter::repeat_n(None, 72)).collect() };
    let err = Grid::new(layout.clone(), &row([1, 2, 4, 9, 3, 5, 6, 7, 8])).unwrap_err();
    assert_eq!(deduku::render::text::clash(&layout, &err), "the sandwich on r1c1..r1c9 is broken by these givens");
    assert!(Grid::new(layout.clone(), &row([1, 2, 3, 9, 4, 5, 6, 7, 8])).is_ok());
    // A middle digit equal to an end breaks the line through its link.
    let mut givens = vec![None; 81];
    givens[9] = Some(3);
    givens[10] = Some(5);
    givens[11] = Some(4);
    assert!(Grid::new(layout.clone(), &givens).is_err());
    // Ends 2 and 4 leave the middle cell only 3; 3 placed elsewhere in its row: no filling.
    let mut givens = vec![None; 81];
    givens[9] = Some(2);
    givens[11] = Some(4);
    givens[15] = Some(3);
    let grid = Grid::new(layout.clone(), &givens).unwrap();
    assert!(grid.contradiction().is_some());
    assert_eq!(deduku::search::solutions(&grid, 1, 0).count, 0);

    let puzzle = |size: usize, key: &str, entry: &str| {
        let row = format!("[{}]", vec!["{}"; size].join(","));
        format!(r#"{{"size":{size},"grid":[{}],"{key}":[{entry}]}}"#, vec![row; size].join(","))
    };
    let err = |size: usize, key: &str, entry: &str| fpuzzles::from_json(&puzzle(size, key, entry)).unwrap_err().to_string();
    assert_eq!(err(9, "sandwichsum", r#"{"cell":"R3C3","value":"5"}"#), "sandwichsum: \"R3C3\" is not beside a row or column of a 9x9 grid");
    assert_eq!(err(9, "xsum", r#"{"cell":"R0C0","value":"5"}"#), "xsum: \"R0C0\" is not beside a row or column of a 9x9 grid");
    assert_eq!(err(9, "skyscraper", r#"{"cell":"R0C11","value":"5"}"#), "skyscraper: \"R0C11\" is not beside a row or column of a 9x9 grid");
    assert_eq!(err(9, "skyscraper", r#"{"cell":"R0C1","value":"10"}"#), "f-puzzles \"skyscraper\" is malformed: entry 1: R0C1: 10 cannot be made beside a row or column of a 9x9 grid (1 to 9)");
    assert_eq!(err(9, "sandwichsum", r#"{"cell":"R0C1","value":"36"}"#), "f-puzzles \"sandwichsum\" is malformed: entry 1: R0C1: 36 cannot be made beside a row or column of a 9x9 grid (0 to 35)");
    assert_eq!(err(4, "xsum", r#"{"cell":"R5C1","value":"0"}"#), "f-puzzles \"xsum\" is malformed: entry 1: R5C1: 0 cannot be made beside a row or column of a 4x4 grid (1 to 10)");
    assert_eq!(err(9, "xsum", r#"{"cell":"R5C10"}"#), "f-puzzles \"xsum\" is malformed: entry 1: R5C10 has no value");
    assert_eq!(err(9, "xsum", r#"{"cell":"R5C10","value":"x"}"#), "f-puzzles \"xsum\" is malformed: entry 1: R5C10: value \"x\" is not a whole number");
    assert_eq!(err(9, "betweenline", r#"{"lines":[["R1C1","R1C2","R1C1"]]}"#), "f-puzzles \"betweenline\" is malformed: entry 1: a line passes R1C1 twice");
    assert_eq!(err(9, "betweenline", r#"{"lines":[["R1C1","R10C2"]]}"#), "betweenline: \"R10C2\" is outside a 9x9 grid");
}

/// Prints, for each rule, the link of the first generated 9x9 puzzle (seeds from 0) that
/// logic solves: the puzzles of the rule guides' `## Try it`. Run by hand with `--ignored`.
#[test]
#[ignore]
fn print_guide_puzzles() {
    for rule in RULES {
        for seed in 0..10 {
            let made = make(rule, 9, seed);
            let mut grid = Grid::new(made.layout.clone(), &made.givens).unwrap();
            Solver::default().run_logic(&mut grid);
            if grid.is_solved() {
                println!("{rule} seed {seed}: {}", formats::fpuzzles_link(&made.layout, &made.givens, None));
                break;
            }
        }
    }
}
