//! Palindromes on generated puzzles: every step of the default solver is checked against
//! the solution (9x9 and 6x6), the generic search and the design card's backtracker agree
//! on their counts, a link reads back as the same puzzle, a palindrome whose mirrored cells
//! see each other is a named clash, and malformed lines are named. (The community puzzles:
//! `community.rs`.)

use crate::common;

use std::sync::Arc;

use deduku::formats::{self, fpuzzles};
use deduku::generate::Rng;
use deduku::layout::LayoutSpec;
use deduku::strategies::{hidden_single, naked_single};
use deduku::{Grid, Rule, Rules, Solver};

use common::Made;

/// A palindrome puzzle: the generator's lines (see [`common::read_off`]), givens taken away
/// down to a quarter of the cells.
fn make(size: usize, seed: u64) -> Made {
    common::read_off(Rule::Palindrome, size, &mut Rng::for_index(seed, 500 + size as u64), size * size / 4)
}

#[test]
fn every_step_on_generated_palindrome_puzzles_is_sound() {
    let mut report = Vec::new();
    for (size, count) in [(9, 4), (6, 6)] {
        let started = std::time::Instant::now();
        let solved: usize = (0..count)
            .map(|seed| {
                let made = make(size, seed);
                assert!(!made.layout.constraints().is_empty(), "seed {seed}: no line was drawn");
                common::logic_is_sound(&made.layout, &made.givens, &made.solution, &format!("palindrome {size}x{size} seed {seed}")) as usize
            })
            .sum();
        report.push(format!("palindrome {size}x{size}: {solved}/{count} by logic, {:.1?}", started.elapsed()));
        // A puzzle to try (the rule's guide shows one): the first that logic solves.
        let first = (0..count).map(|seed| make(size, seed)).find(|m| common::logic_is_sound(&m.layout, &m.givens, &m.solution, "again"));
        if let Some(m) = first {
            report.push(formats::fpuzzles_link(&m.layout, &m.givens, None));
        }
    }
    println!("{}", report.join("\n"));
}

#[test]
fn the_generic_search_and_the_backtracker_agree_on_counts() {
    let mut compared = [0usize; 3];
    for (size, seeds) in [(6, 0..3), (9, 10..12)] {
        for seed in seeds {
            let made = make(size, seed);
            common::counts_agree(&made, &[naked_single, hidden_single], 3, &mut compared);
        }
    }
    assert!(compared[1] > 3 && compared[2] > 3, "counts 0 / 1 / 2+ compared: {compared:?}");
}

#[test]
fn a_palindrome_link_reads_back_as_the_same_puzzle() {
    for (size, seed) in [(6, 7), (9, 3)] {
        common::link_reads_back(&make(size, seed));
    }
}

/// A palindrome makes mirrored cells equal (the middle cell of an odd line is free); one
/// whose mirrored cells see each other is a clash before anything is solved; a line that
/// passes a cell twice is refused.
#[test]
fn mirrored_cells_are_equal_and_seeing_ones_clash() {
    // r1c1-r2c2-r3c1: r1c1 and r3c1 share column 1 and box 1.
    let seen = fpuzzles::Rules { palindromes: vec![fpuzzles::Lines { lines: vec![vec![0, 10, 18]] }], ..Default::default() };
    let constraints = formats::constraints_of(9, &seen);
    assert_eq!(constraints.len(), 1);
    let layout = Arc::new(LayoutSpec { rules: Rules::classic().with(Rule::Palindrome), constraints, ..LayoutSpec::new(9) }.build().unwrap());
    let err = Grid::new(layout.clone(), &[None; 81]).unwrap_err();
    assert_eq!(deduku::render::text::clash(&layout, &err), "the palindrome makes r1c1 and r3c1 equal, but they see each other");
    // r1c1-r2c2-r3c4-r4c5: r1c1 = r4c5 and r2c2 = r3c4; a 7 in r1c1 is a 7 in r4c5.
    let fine = fpuzzles::Rules { palindromes: vec![fpuzzles::Lines { lines: vec![vec![0, 10, 21, 31]] }], ..Default::default() };
    let layout = Arc::new(LayoutSpec { rules: Rules::classic().with(Rule::Palindrome), constraints: formats::constraints_of(9, &fine), ..LayoutSpec::new(9) }.build().unwrap());
    let mut givens = vec![None; 81];
    givens[0] = Some(7);
    let grid = Grid::new(layout.clone(), &givens).unwrap();
    assert_eq!(grid.candidates(31).iter().collect::<Vec<_>>(), [7]);
    givens[31] = Some(6);
    let err = Grid::new(layout.clone(), &givens).unwrap_err();
    assert_eq!(deduku::render::text::clash(&layout, &err), "r1c1 holds 7 and r4c5 holds 6, which the palindrome constraint between them forbids");

    let puzzle = |entry: &str| {
        let row = format!("[{}]", vec!["{}"; 9].join(","));
        format!(r#"{{"size":9,"grid":[{}],"palindrome":[{entry}]}}"#, vec![row; 9].join(","))
    };
    let err = |entry: &str| fpuzzles::from_json(&puzzle(entry)).unwrap_err().to_string();
    assert_eq!(err(r#"{"lines":[["R1C1","R2C2","R1C1"]]}"#), "f-puzzles \"palindrome\" is malformed: entry 1: a line passes R1C1 twice");
    assert_eq!(err(r#"{"lines":[["R1C1","R2C2","R10C1"]]}"#), "palindrome: \"R10C1\" is outside a 9x9 grid");
}

/// The logic takes steps through the palindromes' links (Link Exclusion, as for clones).
#[test]
fn link_exclusion_takes_steps_through_palindromes() {
    let mut steps = 0;
    for seed in 0..4 {
        let made = make(9, seed);
        let mut grid = Grid::new(made.layout.clone(), &made.givens).unwrap();
        Solver::default().run_logic(&mut grid);
        steps += grid.journal().iter().filter(|d| d.eliminations.iter().any(|e| e.via == Some(Rule::Palindrome))).count();
    }
    assert!(steps > 0, "no step removed a candidate through a palindrome");
}
