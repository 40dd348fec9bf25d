//! Region sum lines on generated puzzles: every step of the default solver is checked
//! against the solution (9x9 and 6x6), the generic search and the design card's backtracker
//! agree on their counts, a link reads back as the same puzzle, a line is cut into one
//! piece per visit to a box (or an irregular region), and malformed lines are named. (The
//! community puzzles: `community.rs`.)

use crate::common;


use deduku::constraints::Constraint;
use deduku::formats::{self, fpuzzles};
use deduku::generate::Rng;
use deduku::strategies::{hidden_single, naked_single};
use deduku::{Grid, Rule, Solver};

use common::Made;

/// A region sum puzzle: the generator's lines (see [`common::read_off`]), givens taken away
/// down to a third of the cells.
fn make(size: usize, seed: u64) -> Made {
    common::read_off(Rule::RegionSum, size, &mut Rng::for_index(seed, 400 + size as u64), size * size / 3)
}

#[test]
fn every_step_on_generated_region_sum_puzzles_is_sound() {
    let mut report = Vec::new();
    for (size, count) in [(9, 4), (6, 6)] {
        let started = std::time::Instant::now();
        let solved: usize = (0..count)
            .map(|seed| {
                let made = make(size, seed);
                assert!(!made.layout.constraints().is_empty(), "seed {seed}: no line was drawn");
                common::logic_is_sound(&made.layout, &made.givens, &made.solution, &format!("region sum {size}x{size} seed {seed}")) as usize
            })
            .sum();
        report.push(format!("region sum {size}x{size}: {solved}/{count} by logic, {:.1?}", started.elapsed()));
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
            common::counts_agree(&made, &[naked_single, hidden_single, deduku::strategies::by_id("sum-bounds").unwrap().run], 3, &mut compared);
        }
    }
    assert!(compared[1] > 3 && compared[2] > 3, "counts 0 / 1 / 2+ compared: {compared:?}");
}

#[test]
fn a_region_sum_link_reads_back_as_the_same_puzzle() {
    for (size, seed) in [(6, 7), (9, 3)] {
        common::link_reads_back(&make(size, seed));
    }
}

/// A line is cut at each change of box, a piece per visit (a line that comes back to a box
/// makes the sum again there), each piece equal to the next; on irregular regions, at each
/// change of region; a line in one box says nothing; and a line passing a cell twice is
/// refused.
#[test]
fn lines_are_cut_into_pieces_per_region_visit() {
    let sums = |constraints: &[Constraint]| -> Vec<(Vec<usize>, Vec<i32>)> {
        constraints
            .iter()
            .map(|c| match c {
                Constraint::Sum { cells, weights, total: 0, .. } => (cells.clone(), weights.clone()),
                other => panic!("not a sum: {other:?}"),
            })
            .collect()
    };
    // r1c3 in box 1, r1c4 and r2c4 in box 2, back to r2c3 in box 1: three pieces.
    let line = vec![2, 3, 12, 11];
    let marks = fpuzzles::Rules { region_sum_lines: vec![fpuzzles::Lines { lines: vec![line] }], ..Default::default() };
    assert_eq!(sums(&formats::constraints_of(9, &marks)), [(vec![2, 3, 12], vec![1, -1, -1]), (vec![3, 12, 11], vec![1, 1, -1])]);
    let inside = fpuzzles::Rules { region_sum_lines: vec![fpuzzles::Lines { lines: vec![vec![0, 1, 10]] }], ..Default::default() };
    assert!(formats::constraints_of(9, &inside).is_empty());
    // On a 4x4 grid whose regions are its rows, a line down column 1 has a piece per row.
    let rows: Vec<usize> = (0..16).map(|c| c / 4).collect();
    let down = fpuzzles::Rules { region_sum_lines: vec![fpuzzles::Lines { lines: vec![vec![0, 4, 8]] }], ..Default::default() };
    assert_eq!(sums(&formats::constraints_in_regions(4, &down, Some(&rows))), [(vec![0, 4], vec![1, -1]), (vec![4, 8], vec![1, -1])]);
    // With the usual 2x2 boxes, the same line has two pieces: r1c1, r2c1 and r3c1.
    assert_eq!(sums(&formats::constraints_of(4, &down)), [(vec![0, 4, 8], vec![1, 1, -1])]);

    let puzzle = |entry: &str| {
        let row = format!("[{}]", vec!["{}"; 9].join(","));
        format!(r#"{{"size":9,"grid":[{}],"regionsumline":[{entry}]}}"#, vec![row; 9].join(","))
    };
    let err = |entry: &str| fpuzzles::from_json(&puzzle(entry)).unwrap_err().to_string();
    assert_eq!(err(r#"{"lines":[["R1C3","R1C4","R1C3"]]}"#), "f-puzzles \"regionsumline\" is malformed: entry 1: a line passes R1C3 twice");
    assert_eq!(err(r#"{"lines":[]}"#), "f-puzzles \"regionsumline\" is malformed: entry 1: no \"lines\"");
}

/// Sum Combinations takes steps on these puzzles: bounds alone see little on a line whose
/// pieces are equal.
#[test]
fn sum_combinations_takes_steps_on_generated_puzzles() {
    let mut steps = 0;
    for seed in 0..4 {
        let made = make(9, seed);
        let mut grid = Grid::new(made.layout.clone(), &made.givens).unwrap();
        Solver::default().run_logic(&mut grid);
        steps += grid.journal().iter().filter(|d| d.technique == "sum-combinations").count();
    }
    assert!(steps > 0, "Sum Combinations never fired");
}

