//! Killer cages on generated puzzles: every step of the default solver is checked against
//! the solution (9x9 and 6x6), the generic search and the design card's backtracker agree on
//! their counts, and a link reads back as the same puzzle. (The community puzzles:
//! `community.rs`.)

use crate::common;

use std::sync::Arc;

use deduku::constraints::Constraint;
use deduku::formats::{self, Variant, fpuzzles};
use deduku::generate::{Rng, random_solution};
use deduku::layout::LayoutSpec;
use deduku::search::solutions;
use deduku::strategies::{hidden_single, naked_single};
use deduku::{Digit, Grid, Rule, Rules, Solver};

use common::Made;

/// Cages of 1 to 5 cells covering a `size`x`size` grid, each grown from a random free cell
/// through orthogonal neighbours whose digits in `solution` the cage does not hold yet, with
/// their sums; every `unsummed`-th cage (when not 0) shows no sum.
fn random_cages(size: usize, solution: &[Digit], rng: &mut Rng, unsummed: usize) -> Vec<Constraint> {
    let count = size * size;
    let mut owner = vec![false; count];
    let mut order: Vec<usize> = (0..count).collect();
    rng.shuffle(&mut order);
    let mut cages = Vec::new();
    for &start in &order {
        if owner[start] {
            continue;
        }
        let want = 1 + rng.below(5);
        let mut cells = vec![start];
        owner[start] = true;
        while cells.len() < want {
            let mut next: Vec<usize> = Vec::new();
            for &c in &cells {
                let (r, col) = (c / size, c % size);
                let around = [(r > 0).then(|| c - size), (r + 1 < size).then(|| c + size), (col > 0).then(|| c - 1), (col + 1 < size).then(|| c + 1)];
                next.extend(around.into_iter().flatten().filter(|&n| !owner[n] && !cells.iter().any(|&x| solution[x] == solution[n])));
            }
            if next.is_empty() {
                break;
            }
            let n = next[rng.below(next.len())];
            owner[n] = true;
            cells.push(n);
        }
        let sum: u32 = cells.iter().map(|&c| u32::from(solution[c])).sum();
        let shown = unsummed == 0 || cages.len() % unsummed != unsummed - 1;
        cages.push(Constraint::Cage { rule: Rule::Killer, cells, sum: shown.then_some(sum) });
    }
    cages
}

/// A killer puzzle: a random grid, cages over it, and givens taken away (in random order)
/// while the generic search still finds one solution.
fn make(size: usize, seed: u64) -> Made {
    let mut rng = Rng::for_index(seed, size as u64);
    let base = Arc::new(LayoutSpec::new(size).build().unwrap());
    let solution = random_solution(&base, &mut rng).expect("a classic grid");
    let constraints = random_cages(size, &solution, &mut rng, 0);
    let layout = Arc::new(LayoutSpec { rules: Rules::classic().with(Rule::Killer), constraints, ..LayoutSpec::new(size) }.build().unwrap());
    common::thinned(layout, solution, &mut rng, 0)
}

/// Checks every step of the default solver's logic against the solution; whether it solved.
fn sound(made: &Made, what: &str) -> bool {
    common::logic_is_sound(&made.layout, &made.givens, &made.solution, what)
}

#[test]
fn every_step_on_generated_killer_puzzles_is_sound() {
    let mut report = Vec::new();
    for (size, count) in [(9, 3), (6, 6)] {
        let started = std::time::Instant::now();
        let solved: usize = (0..count).map(|seed| sound(&make(size, seed), &format!("killer {size}x{size}")) as usize).sum();
        report.push(format!("killer {size}x{size}: {solved}/{count} by logic, {:.1?}", started.elapsed()));
    }
    println!("{}", report.join("\n"));
}

/// Cages without sums too, and givens kept at random rather than made minimal: each step is
/// checked against the grid the cages came from, which is exact for every step that holds
/// for every solution.
#[test]
fn every_step_is_sound_with_cages_without_sums_and_many_givens() {
    let mut checked = 0;
    for (size, keep) in [(9, 30), (6, 25)] {
        for seed in 0..4 {
            let mut rng = Rng::for_index(seed, 50 + size as u64);
            let base = Arc::new(LayoutSpec::new(size).build().unwrap());
            let solution = random_solution(&base, &mut rng).unwrap();
            let constraints = random_cages(size, &solution, &mut rng, 3);
            let layout = Arc::new(LayoutSpec { rules: Rules::classic().with(Rule::Killer), constraints, ..LayoutSpec::new(size) }.build().unwrap());
            let givens: Vec<Option<Digit>> = solution.iter().map(|&d| (rng.below(100) < keep).then_some(d)).collect();
            let mut grid = Grid::new(layout.clone(), &givens).unwrap();
            Solver::default().run_logic(&mut grid);
            for (n, d) in grid.journal().iter().enumerate() {
                let wrong = d.placements.iter().any(|p| solution[p.cell] != p.digit) || d.eliminations.iter().any(|e| solution[e.cell] == e.digit);
                assert!(!wrong, "{size}x{size} seed {seed}: unsound step {}: {}", n + 1, deduku::render::text::explain(&layout, d));
                checked += 1;
            }
        }
    }
    assert!(checked > 100, "only {checked} steps checked");
}

#[test]
fn the_generic_search_and_the_backtracker_agree_on_counts() {
    let mut compared = [0usize; 3];
    for (size, seeds) in [(6, 0..3), (9, 10..11)] {
        for seed in seeds {
            let made = make(size, seed);
            // Why the cage sums on 9x9: with the singles alone the design card's backtracker
            // takes minutes on a killer grid with few givens (the puzzle is minimal, so taking
            // givens away opens more solutions).
            let mut strategies = vec![naked_single as fn(&mut Grid) -> bool, hidden_single];
            if size == 9 {
                strategies.push(deduku::strategies::by_id("killer-combinations").unwrap().run);
            }
            common::counts_agree(&made, &strategies, 2, &mut compared);
        }
    }
    assert!(compared[1] > 3 && compared[2] > 3, "counts 0 / 1 / 2+ compared: {compared:?}");
}

#[test]
fn a_killer_link_reads_back_as_the_same_puzzle() {
    let made = make(6, 7);
    let link = formats::fpuzzles_link(&made.layout, &made.givens, Some(&made.solution));
    let puzzle = fpuzzles::decode(&fpuzzles::payload_of(&link).unwrap()).unwrap();
    assert_eq!(puzzle.solution.as_deref(), Some(made.solution.as_slice()));
    let (givens, variant) = Variant::of_fpuzzle(&puzzle).unwrap();
    assert_eq!(givens, made.givens);
    assert_eq!(variant.constraints, made.layout.constraints());
    let layout = Arc::new(variant.layout(&Rules::classic()).unwrap());
    assert_eq!(layout.rules(), made.layout.rules());
    assert_eq!(Solver::default().solve(layout.clone(), &givens).solution.as_ref(), Some(&made.solution));
    // Written again, the same link.
    assert_eq!(formats::fpuzzles_link(&layout, &givens, Some(&made.solution)), link);
}

/// A cage as large as the grid's side is a house, and a filled cage whose digits make another
/// sum is a contradiction to the grid as to the search.
#[test]
fn a_whole_cage_is_a_house_and_a_wrong_sum_a_contradiction() {
    let cages = vec![Constraint::Cage { rule: Rule::Killer, cells: vec![9, 19, 29, 39, 49, 59, 69, 79, 8], sum: Some(45) }, Constraint::Cage { rule: Rule::Killer, cells: vec![0, 1], sum: Some(5) }];
    let layout = Arc::new(LayoutSpec { rules: Rules::classic().with(Rule::Killer), constraints: cages, ..LayoutSpec::new(9) }.build().unwrap());
    assert_eq!(layout.houses().len(), 28);
    assert!(layout.sees(9, 79) && layout.sees(0, 1));
    let mut givens = vec![None; 81];
    givens[0] = Some(2);
    givens[1] = Some(4);
    let err = Grid::new(layout.clone(), &givens).unwrap_err();
    assert_eq!(deduku::render::text::clash(&layout, &err), "the killer cage on r1c1..r1c2 cannot sum to 5 with these givens");
    givens[1] = None;
    let grid = Grid::new(layout.clone(), &givens).unwrap();
    assert_eq!(solutions(&grid, 1, 1).solutions[0][1], 3, "r1c2 = 5 - 2");
    // r1c2 left with 4 only: a filled cage of 6 where 5 is asked.
    let mut wrong = grid.clone();
    wrong.apply(deduku::Deduction::placement(deduku::deduction::GUESS, 1, 4, deduku::Pattern::default()));
    assert!(wrong.contradiction().is_some());
}

