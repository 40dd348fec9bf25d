//! Little killers on generated puzzles: every step of the default solver is checked against
//! the solution (9x9 and 6x6), the generic search and the design card's backtracker agree on
//! their counts, a link reads back as the same puzzle, givens that break a diagonal's sum are
//! a named clash, and malformed clues are named. (The community puzzles: `community.rs`.)

use crate::common;

use std::sync::Arc;

use deduku::formats::{self, fpuzzles};
use deduku::formats::fpuzzles::{Diagonal, LittleKiller};
use deduku::generate::{Rng, random_solution};
use deduku::layout::LayoutSpec;
use deduku::strategies::{hidden_single, naked_single};
use deduku::{Digit, Grid, Rule, Rules, Solver};

use common::Made;

/// `count` different little killers that hold in `solution` on a `size`x`size` grid: clues
/// drawn at random around the grid, each with a direction into it, the diagonal's digits
/// summed for its clue. Why at least two cells: a clue over one corner cell is a given.
fn random_killers(size: usize, solution: &[Digit], rng: &mut Rng, count: usize) -> fpuzzles::Rules {
    let mut killers: Vec<LittleKiller> = Vec::new();
    for _ in 0..count * 40 {
        if killers.len() == count {
            break;
        }
        let ring = if rng.below(2) == 0 { 0 } else { size + 1 };
        let along = 1 + rng.below(size);
        let clue = if rng.below(2) == 0 { [ring, along] } else { [along, ring] };
        let direction = Diagonal::ALL[rng.below(4)];
        let probe = LittleKiller { clue, direction, sum: None };
        let cells = probe.cells(size);
        if cells.len() < 2 || killers.iter().any(|k| k.cells(size) == cells) {
            continue;
        }
        let sum = cells.iter().map(|&c| u32::from(solution[c])).sum();
        killers.push(LittleKiller { sum: Some(sum), ..probe });
    }
    fpuzzles::Rules { little_killers: killers, ..fpuzzles::Rules::default() }
}

/// A little killer puzzle: a random grid, diagonals over it, and givens taken away (in
/// random order) while the generic search still finds one solution, down to a quarter of
/// the cells.
fn make(size: usize, seed: u64) -> Made {
    let mut rng = Rng::for_index(seed, 300 + size as u64);
    let base = Arc::new(LayoutSpec::new(size).build().unwrap());
    let solution = random_solution(&base, &mut rng).expect("a classic grid");
    let marks = random_killers(size, &solution, &mut rng, size);
    let constraints = formats::constraints_of(size, &marks);
    let layout = Arc::new(LayoutSpec { rules: Rules::classic().with(Rule::LittleKiller), constraints, ..LayoutSpec::new(size) }.build().unwrap());
    common::thinned(layout, solution, &mut rng, size * size / 4)
}

#[test]
fn every_step_on_generated_little_killer_puzzles_is_sound() {
    let mut report = Vec::new();
    for (size, count) in [(9, 4), (6, 6)] {
        let started = std::time::Instant::now();
        let solved: usize = (0..count)
            .map(|seed| {
                let made = make(size, seed);
                common::logic_is_sound(&made.layout, &made.givens, &made.solution, &format!("little killer {size}x{size} seed {seed}")) as usize
            })
            .sum();
        report.push(format!("little killer {size}x{size}: {solved}/{count} by logic, {:.1?}", started.elapsed()));
        // A puzzle to try (the rule's guide shows one): the first that logic solves.
        let first = (0..count).map(|seed| make(size, seed)).find(|m| common::logic_is_sound(&m.layout, &m.givens, &m.solution, "again"));
        if let Some(m) = first {
            report.push(formats::fpuzzles_link(&m.layout, &m.givens, None));
        }
    }
    println!("{}", report.join("\n"));
}

/// Sum Bounds and Sum Combinations both take steps on these puzzles (the solve above checks
/// every step, whatever its technique; this makes sure the sum techniques are among them).
#[test]
fn the_sum_techniques_take_steps_on_generated_puzzles() {
    let (mut bounds, mut combinations) = (0, 0);
    for seed in 0..4 {
        let made = make(9, seed);
        let mut grid = Grid::new(made.layout.clone(), &made.givens).unwrap();
        Solver::default().run_logic(&mut grid);
        bounds += grid.journal().iter().filter(|d| d.technique == "sum-bounds").count();
        combinations += grid.journal().iter().filter(|d| d.technique == "sum-combinations").count();
    }
    assert!(bounds > 0 && combinations > 0, "Sum Bounds {bounds}, Sum Combinations {combinations}");
}

#[test]
fn the_generic_search_and_the_backtracker_agree_on_counts() {
    let mut compared = [0usize; 3];
    for (size, seeds) in [(6, 0..3), (9, 10..12)] {
        for seed in seeds {
            let made = make(size, seed);
            // Why six givens taken away: these puzzles keep more givens than they need, and
            // fewer rarely leave two solutions.
            common::counts_agree(&made, &[naked_single, hidden_single, deduku::strategies::by_id("sum-bounds").unwrap().run], 6, &mut compared);
        }
    }
    assert!(compared[1] > 3 && compared[2] > 3, "counts 0 / 1 / 2+ compared: {compared:?}");
}

#[test]
fn a_little_killer_link_reads_back_as_the_same_puzzle() {
    for (size, seed) in [(6, 7), (9, 3)] {
        common::link_reads_back(&make(size, seed));
    }
}

/// The diagonal is found from the clue and its direction (a corner clue runs down the main
/// diagonal); givens that fill it with another sum are a clash naming it; a clue without a
/// value says nothing; and each malformed clue is named.
#[test]
fn clues_read_as_their_diagonals_and_bad_clues_are_named() {
    let puzzle = |size: usize, entries: &str| {
        let row = format!("[{}]", vec!["{}"; size].join(","));
        format!(r#"{{"size":{size},"grid":[{}],"littlekillersum":[{entries}]}}"#, vec![row; size].join(","))
    };
    let read = |size: usize, entries: &str| fpuzzles::from_json(&puzzle(size, entries));
    let p = read(9, r#"{"cell":"R0C4","cells":["R1C3","R2C2","R3C1"],"direction":"DL","value":"17"},{"cell":"R10C0","direction":"UR","value":"45"},{"cell":"R0C0","direction":"DR","value":""}"#).unwrap();
    let k = &p.rules.little_killers;
    assert_eq!(k[0].cells(9), [2, 10, 18]);
    assert_eq!(k[1].cells(9), (0..9).map(|i| (8 - i) * 9 + i).collect::<Vec<_>>());
    assert_eq!((k[2].sum, k[2].cells(9).len()), (None, 9));
    // The valueless clue makes no constraint: two sums, not three.
    let constraints = formats::constraints_of(9, &p.rules);
    assert_eq!(constraints.len(), 2);
    let layout = Arc::new(LayoutSpec { rules: Rules::classic().with(Rule::LittleKiller), constraints, ..LayoutSpec::new(9) }.build().unwrap());
    let mut givens = vec![None; 81];
    givens[2] = Some(9);
    givens[10] = Some(9);
    let err = Grid::new(layout.clone(), &givens).unwrap_err();
    // Digits on a diagonal repeat only where the cells do not see each other.
    assert_eq!(deduku::render::text::clash(&layout, &err), "two 9s in box 1 (r1c3, r2c2)");
    givens[10] = Some(1);
    givens[18] = Some(6);
    let err = Grid::new(layout.clone(), &givens).unwrap_err();
    assert_eq!(deduku::render::text::clash(&layout, &err), "the little-killer on r1c3..r3c1 does not add up with these givens");

    let err = |size: usize, entry: &str| read(size, entry).unwrap_err().to_string();
    assert_eq!(err(9, r#"{"cell":"R3C3","direction":"DL","value":"5"}"#), "f-puzzles \"littlekillersum\" is malformed: entry 1: the clue at R3C3 is inside the grid; a clue sits outside it");
    assert_eq!(err(9, r#"{"cell":"R12C3","direction":"DL","value":"5"}"#), "f-puzzles \"littlekillersum\" is malformed: entry 1: the clue at R12C3 is not next to a 9x9 grid");
    assert_eq!(err(9, r#"{"cell":"R0C4","direction":"UL","value":"5"}"#), "f-puzzles \"littlekillersum\" is malformed: entry 1: the diagonal from R0C4 going UL misses the grid");
    assert_eq!(err(9, r#"{"cell":"R0C4","direction":"DOWN","value":"5"}"#), "f-puzzles \"littlekillersum\" is malformed: entry 1: the clue at R0C4 has direction \"DOWN\", not one of UL, UR, DL, DR");
    assert_eq!(err(9, r#"{"cell":"R0C4","direction":"DL","value":"many"}"#), "f-puzzles \"littlekillersum\" is malformed: entry 1: the clue at R0C4 has value \"many\", not a sum");
    assert_eq!(err(9, r#"{"direction":"DL","value":"5"}"#), "f-puzzles \"littlekillersum\" is malformed: entry 1: a clue with no \"cell\"");
    assert_eq!(
        err(4, r#"{"cell":"R0C4","cells":["R1C3","R2C2"],"direction":"DL","value":"5"}"#),
        "f-puzzles \"littlekillersum\" is malformed: entry 1: the clue at R0C4 lists R1C3,R2C2, but its diagonal going DL is R1C3,R2C2,R3C1"
    );
    assert_eq!(err(4, r#"{"cell":"X0C4","direction":"DL","value":"5"}"#), "littlekillersum: \"X0C4\" is not a cell like \"R1C1\"");
}

