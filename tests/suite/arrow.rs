//! Arrows on generated puzzles: every step of the default solver is checked against the
//! solution (9x9, 6x6 and 4x4), the generic search and the design card's backtracker agree
//! on their counts, a link reads back as the same puzzle, a filled arrow that does not add
//! up is a named clash, and malformed entries are named. (The community puzzles: `community.rs`.)

use crate::common;

use std::sync::Arc;

use deduku::formats::{self, fpuzzles};
use deduku::generate::{Rng, random_solution};
use deduku::layout::LayoutSpec;
use deduku::search::solutions;
use deduku::strategies::{hidden_single, naked_single};
use deduku::{Digit, Grid, Rule, Rules, Solver};

use common::Made;

/// Arrows that hold in `solution` on a `size`x`size` grid: from a random free circle cell, a
/// shaft of free cells grown through neighbours (diagonal ones too) while its digits add up
/// to no more than the circle's, kept when it is 1 to 4 cells long and makes the circle
/// exactly. About `count` of them; no cell on two.
fn random_arrows(size: usize, solution: &[Digit], rng: &mut Rng, count: usize) -> fpuzzles::Rules {
    let mut used = vec![false; size * size];
    let mut arrows = Vec::new();
    for _ in 0..count * 40 {
        if arrows.len() == count {
            break;
        }
        let circle = rng.below(size * size);
        if used[circle] {
            continue;
        }
        let target = u32::from(solution[circle]);
        let (mut shaft, mut total, mut at): (Vec<usize>, u32, usize) = (Vec::new(), 0, circle);
        while total < target && shaft.len() < 4 {
            let (r, c) = ((at / size) as isize, (at % size) as isize);
            let next: Vec<usize> = (-1..=1)
                .flat_map(|dr| (-1..=1).map(move |dc| (r + dr, c + dc)))
                .filter(|&(pr, pc)| (0..size as isize).contains(&pr) && (0..size as isize).contains(&pc))
                .map(|(pr, pc)| pr as usize * size + pc as usize)
                .filter(|&n| n != circle && !used[n] && !shaft.contains(&n) && total + u32::from(solution[n]) <= target)
                .collect();
            if next.is_empty() {
                break;
            }
            at = next[rng.below(next.len())];
            total += u32::from(solution[at]);
            shaft.push(at);
        }
        if total != target || shaft.is_empty() {
            continue;
        }
        used[circle] = true;
        shaft.iter().for_each(|&c| used[c] = true);
        arrows.push(fpuzzles::Arrow { circle: vec![circle], lines: vec![std::iter::once(circle).chain(shaft).collect()] });
    }
    fpuzzles::Rules { arrows, ..fpuzzles::Rules::default() }
}

/// An arrow puzzle: a random grid, arrows over it, and givens taken away (in random order)
/// while the generic search still finds one solution, down to a third of the cells. Why
/// not fewer: arrows alone leave a minimal puzzle with 7 or 8 givens, which logic rarely
/// finishes and the design card's backtracker takes minutes to count.
fn make(size: usize, seed: u64) -> Made {
    let mut rng = Rng::for_index(seed, 200 + size as u64);
    let base = Arc::new(LayoutSpec::new(size).build().unwrap());
    let solution = random_solution(&base, &mut rng).expect("a classic grid");
    let marks = random_arrows(size, &solution, &mut rng, size + size / 3);
    let constraints = formats::constraints_of(size, &marks);
    let layout = Arc::new(LayoutSpec { rules: Rules::classic().with(Rule::Arrow), constraints, ..LayoutSpec::new(size) }.build().unwrap());
    common::thinned(layout, solution, &mut rng, size * size / 3)
}

#[test]
fn every_step_on_generated_arrow_puzzles_is_sound() {
    let mut report = Vec::new();
    for (size, count) in [(9, 4), (6, 6), (4, 6)] {
        let started = std::time::Instant::now();
        let solved: usize = (0..count)
            .map(|seed| {
                let made = make(size, seed);
                common::logic_is_sound(&made.layout, &made.givens, &made.solution, &format!("arrow {size}x{size} seed {seed}")) as usize
            })
            .sum();
        report.push(format!("arrow {size}x{size}: {solved}/{count} by logic, {:.1?}", started.elapsed()));
    }
    println!("{}", report.join("\n"));
}

/// The rule's technique fires on generated puzzles (the solve above checks every step,
/// whatever the technique; this makes sure Sum Bounds is among them).
#[test]
fn sum_bounds_takes_steps_on_generated_puzzles() {
    let mut steps = 0;
    for seed in 0..3 {
        let made = make(9, seed);
        let mut grid = Grid::new(made.layout.clone(), &made.givens).unwrap();
        Solver::default().run_logic(&mut grid);
        steps += grid.journal().iter().filter(|d| d.technique == "sum-bounds").count();
    }
    assert!(steps > 0, "Sum Bounds never fired");
}

#[test]
fn the_generic_search_and_the_backtracker_agree_on_counts() {
    let mut compared = [0usize; 3];
    for (size, seeds) in [(4, 0..4), (6, 0..3), (9, 10..12)] {
        for seed in seeds {
            let made = make(size, seed);
            // Why Sum Bounds too: with the singles alone a wrong guess shows only once its
            // arrow is full.
            common::counts_agree(&made, &[naked_single, hidden_single, deduku::strategies::by_id("sum-bounds").unwrap().run], 3, &mut compared);
        }
    }
    assert!(compared[1] > 3 && compared[2] > 3, "counts 0 / 1 / 2+ compared: {compared:?}");
}

#[test]
fn an_arrow_link_reads_back_as_the_same_puzzle() {
    for (size, seed) in [(6, 7), (9, 3)] {
        common::link_reads_back(&make(size, seed));
    }
}

/// Givens that fill an arrow with another sum are a clash naming the arrow; a circle of two
/// cells reads as a two-digit number; and each malformed arrow entry is named.
#[test]
fn a_wrong_arrow_clashes_and_malformed_arrows_are_named() {
    // r5c5 = r4c4 + r3c3; 10*r1c1 + r1c2 = r2c1 + r3c1 + r4c1 + r5c1 + r6c1 + r7c1.
    let arrows = vec![fpuzzles::Arrow { circle: vec![40], lines: vec![vec![40, 30, 20]] }, fpuzzles::Arrow { circle: vec![0, 1], lines: vec![vec![0, 9, 18, 27, 36, 45, 54]] }];
    let marks = fpuzzles::Rules { arrows, ..Default::default() };
    let layout = Arc::new(LayoutSpec { rules: Rules::classic().with(Rule::Arrow), constraints: formats::constraints_of(9, &marks), ..LayoutSpec::new(9) }.build().unwrap());
    let mut givens = vec![None; 81];
    givens[40] = Some(9);
    givens[30] = Some(3);
    givens[20] = Some(5);
    let err = Grid::new(layout.clone(), &givens).unwrap_err();
    assert_eq!(deduku::render::text::clash(&layout, &err), "the arrow on r5c5..r3c3 does not add up with these givens");
    givens[20] = Some(6);
    let grid = Grid::new(layout.clone(), &givens).unwrap();
    let found = solutions(&grid, 1, 1).solutions.remove(0);
    let shaft: u32 = [9, 18, 27, 36, 45, 54].iter().map(|&c| u32::from(found[c])).sum();
    assert_eq!(shaft, 10 * u32::from(found[0]) + u32::from(found[1]), "the two-cell circle is a number");
    // A first circle digit of 7 asks six shaft cells for 71 or more (54 at most): a contradiction.
    let mut wrong = grid.clone();
    wrong.apply(deduku::Deduction::placement(deduku::deduction::GUESS, 0, 7, deduku::Pattern::default()));
    assert!(wrong.contradiction().is_some());

    let puzzle = |size: usize, entry: &str| {
        let row = format!("[{}]", vec!["{}"; size].join(","));
        format!(r#"{{"size":{size},"grid":[{}],"arrow":[{entry}]}}"#, vec![row; size].join(","))
    };
    let err = |size: usize, entry: &str| fpuzzles::from_json(&puzzle(size, entry)).unwrap_err().to_string();
    assert_eq!(err(4, r#"{"lines":[["R1C1","R1C2"]]}"#), "f-puzzles \"arrow\" is malformed: entry 1: an arrow with no circle (\"cells\")");
    assert_eq!(err(4, r#"{"cells":["R1C1"]}"#), "f-puzzles \"arrow\" is malformed: entry 1: no \"lines\"");
    assert_eq!(err(4, r#"{"cells":["R1C1"],"lines":[["R1C1"]]}"#), "f-puzzles \"arrow\" is malformed: entry 1: an arrow with no cell on its shaft");
    assert_eq!(err(16, r#"{"cells":["R1C1","R1C2"],"lines":[["R1C2","R1C3"]]}"#), "f-puzzles \"arrow\" is malformed: entry 1: a circle of 2 cells on a 16x16 grid (read as a number only up to 9x9)");
    assert_eq!(err(4, r#"{"cells":["R1C1"],"lines":[["R1C1","R9C9"]]}"#), "arrow: \"R9C9\" is outside a 4x4 grid");
}

