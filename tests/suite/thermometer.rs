//! Thermometers on generated puzzles: every step of the default solver is checked against
//! the solution (9x9, 6x6 and 4x4), the generic search and the design card's backtracker
//! agree on their counts, a link reads back as the same puzzle, and malformed entries are
//! named. (The community puzzles: `community.rs`.)

use crate::common;

use std::sync::Arc;

use deduku::formats::{self, fpuzzles};
use deduku::generate::{Rng, random_solution};
use deduku::layout::LayoutSpec;
use deduku::strategies::{hidden_single, naked_single};
use deduku::{Digit, Grid, Rule, Rules, Solver};

use common::Made;

/// Thermometers that hold in `solution` on a `size`x`size` grid: each grown from a random
/// free cell through free neighbours (diagonal ones too, as thermometers are drawn) holding
/// a larger digit, 2 to 5 cells long; some get a second branch from the same bulb. About
/// `count` of them, no cell on two (but a branch's shared bulb).
fn random_thermometers(size: usize, solution: &[Digit], rng: &mut Rng, count: usize) -> fpuzzles::Rules {
    let mut used = vec![false; size * size];
    let mut thermometers = Vec::new();
    let grow = |from: usize, used: &mut Vec<bool>, rng: &mut Rng| {
        let want = 2 + rng.below(4);
        let mut line = vec![from];
        while line.len() < want {
            let at = *line.last().unwrap();
            let (r, c) = ((at / size) as isize, (at % size) as isize);
            let next: Vec<usize> = (-1..=1)
                .flat_map(|dr| (-1..=1).map(move |dc| (r + dr, c + dc)))
                .filter(|&(pr, pc)| (0..size as isize).contains(&pr) && (0..size as isize).contains(&pc))
                .map(|(pr, pc)| pr as usize * size + pc as usize)
                .filter(|&n| !used[n] && solution[n] > solution[at])
                .collect();
            if next.is_empty() {
                break;
            }
            let n = next[rng.below(next.len())];
            used[n] = true;
            line.push(n);
        }
        line
    };
    for _ in 0..count * 4 {
        if thermometers.len() == count {
            break;
        }
        let bulb = rng.below(size * size);
        if used[bulb] {
            continue;
        }
        used[bulb] = true;
        let first = grow(bulb, &mut used, rng);
        if first.len() < 2 {
            continue;
        }
        let mut lines = vec![first];
        if rng.below(4) == 0 {
            let branch = grow(bulb, &mut used, rng);
            if branch.len() >= 2 {
                lines.push(branch);
            }
        }
        thermometers.push(fpuzzles::Thermometer { lines });
    }
    fpuzzles::Rules { thermometers, ..fpuzzles::Rules::default() }
}

/// A thermometer puzzle: a random grid, thermometers over it, and givens taken away (in
/// random order) while the generic search still finds one solution.
fn make(size: usize, seed: u64) -> Made {
    let mut rng = Rng::for_index(seed, 100 + size as u64);
    let base = Arc::new(LayoutSpec::new(size).build().unwrap());
    let solution = random_solution(&base, &mut rng).expect("a classic grid");
    let marks = random_thermometers(size, &solution, &mut rng, size + size / 3);
    let constraints = formats::constraints_of(size, &marks);
    let layout = Arc::new(LayoutSpec { rules: Rules::classic().with(Rule::Thermometer), constraints, ..LayoutSpec::new(size) }.build().unwrap());
    common::thinned(layout, solution, &mut rng, 0)
}

#[test]
fn every_step_on_generated_thermometer_puzzles_is_sound() {
    let mut report = Vec::new();
    for (size, count) in [(9, 4), (6, 6), (4, 6)] {
        let started = std::time::Instant::now();
        let solved: usize = (0..count)
            .map(|seed| {
                let made = make(size, seed);
                common::logic_is_sound(&made.layout, &made.givens, &made.solution, &format!("thermometer {size}x{size} seed {seed}")) as usize
            })
            .sum();
        report.push(format!("thermometer {size}x{size}: {solved}/{count} by logic, {:.1?}", started.elapsed()));
    }
    println!("{}", report.join("\n"));
}

/// The technique of the rule fires on generated puzzles, and every step it takes is sound
/// (the solve above checks each step, whatever the technique; this makes sure the
/// thermometer's own technique is among them).
#[test]
fn thermometer_bounds_takes_steps_on_generated_puzzles() {
    let mut steps = 0;
    for seed in 0..3 {
        let made = make(9, seed);
        let mut grid = Grid::new(made.layout.clone(), &made.givens).unwrap();
        Solver::default().run_logic(&mut grid);
        steps += grid.journal().iter().filter(|d| d.technique == "thermometer-bounds").count();
    }
    assert!(steps > 0, "Thermometer Bounds never fired");
}

#[test]
fn the_generic_search_and_the_backtracker_agree_on_counts() {
    let mut compared = [0usize; 3];
    for (size, seeds) in [(4, 0..4), (6, 0..3), (9, 10..12)] {
        for seed in seeds {
            let made = make(size, seed);
            common::counts_agree(&made, &[naked_single, hidden_single], 3, &mut compared);
        }
    }
    assert!(compared[1] > 3 && compared[2] > 3, "counts 0 / 1 / 2+ compared: {compared:?}");
}

#[test]
fn a_thermometer_link_reads_back_as_the_same_puzzle() {
    for (size, seed) in [(6, 7), (9, 3)] {
        common::link_reads_back(&make(size, seed));
    }
}

/// Digits that do not rise are a clash naming the thermometer, cells of one line see each
/// other (but not cells of two branches), and a line as long as the grid's side is a house.
#[test]
fn falling_givens_clash_and_a_whole_line_is_a_house() {
    // A branching thermometer from r1c1: r2c3, r3c5 and r2c1, r3c1, r4c1; and a nine-cell line.
    let branches = fpuzzles::Thermometer { lines: vec![vec![0, 11, 22], vec![0, 9, 18, 27]] };
    let long = fpuzzles::Thermometer { lines: vec![vec![80, 79, 70, 61, 60, 51, 42, 33, 24]] };
    let marks = fpuzzles::Rules { thermometers: vec![branches, long], ..Default::default() };
    let layout = Arc::new(LayoutSpec { rules: Rules::classic().with(Rule::Thermometer), constraints: formats::constraints_of(9, &marks), ..LayoutSpec::new(9) }.build().unwrap());
    assert_eq!(layout.houses().len(), 28, "the nine-cell line is a house");
    assert_eq!(layout.relation(0, 22), (None, Some(Rule::Thermometer)));
    assert!(!layout.sees(22, 27), "two branches are not compared");
    let mut givens = vec![None; 81];
    givens[0] = Some(5);
    givens[22] = Some(3);
    let err = Grid::new(layout.clone(), &givens).unwrap_err();
    assert_eq!(deduku::render::text::clash(&layout, &err), "r1c1 holds 5 and r3c5 holds 3, which the thermometer constraint between them forbids");
    // The nine-cell line holds 1 to 9 in order, which logic finds at once.
    let mut grid = Grid::new(layout.clone(), &[None; 81]).unwrap();
    Solver::default().run_logic(&mut grid);
    let line: Vec<Option<Digit>> = [80, 79, 70, 61, 60, 51, 42, 33, 24].iter().map(|&c| grid.digit(c)).collect();
    assert_eq!(line, (1..=9).map(Some).collect::<Vec<_>>());
}

/// A thermometer entry that is not one is refused with the key and the entry named.
#[test]
fn malformed_thermometers_are_named() {
    let puzzle = |entry: &str| format!(r#"{{"size":4,"grid":[[{{}},{{}},{{}},{{}}],[{{}},{{}},{{}},{{}}],[{{}},{{}},{{}},{{}}],[{{}},{{}},{{}},{{}}]],"thermometer":[{entry}]}}"#);
    let err = |entry: &str| fpuzzles::from_json(&puzzle(entry)).unwrap_err().to_string();
    assert_eq!(err(r#"{"lines":[]}"#), "f-puzzles \"thermometer\" is malformed: entry 1: no \"lines\"");
    assert_eq!(err(r#"{"lines":[[]]}"#), "f-puzzles \"thermometer\" is malformed: entry 1: a line with no cells");
    assert_eq!(err(r#"{"lines":[["R1C1","R1C2","R1C1"]]}"#), "f-puzzles \"thermometer\" is malformed: entry 1: a line passes R1C1 twice");
    assert_eq!(err(r#"{"lines":[["R1C1","R1C2","R1C3","R1C4","R2C4"]]}"#), "f-puzzles \"thermometer\" is malformed: entry 1: a line of 5 cells cannot rise on a 4x4 grid");
    assert_eq!(err(r#"{"lines":[["R1C1","R5C1"]]}"#), "thermometer: \"R5C1\" is outside a 4x4 grid");
    assert_eq!(err(r#"{"lines":"R1C1"}"#).split(':').next(), Some("f-puzzles \"thermometer\" is malformed"));
}

