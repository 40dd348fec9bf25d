//! Puzzles under rules of marks, from the generator: every step of the default solver is
//! checked against the solution (per rule, per size), the fast search and the design card's
//! backtracker agree on their counts, and a generated link reads back as the same puzzle.
//! (The community puzzles: `community.rs`.)

use crate::common;

use std::sync::Arc;

use deduku::formats::{self, Variant, fpuzzles};
use deduku::generate::{GenerateOptions, Rng};
use deduku::generate_marks::{MarkOptions, Marked, generate_marked};
use deduku::search::{backtrack, solutions};
use deduku::strategies::{hidden_single, naked_single};
use deduku::{Digit, Grid, Rule, Rules, Solver};

/// The puzzles of one kind: `count` on each size of `sizes`.
struct Kind {
    name: &'static str,
    global: Rules,
    marks: MarkOptions,
}

fn kind(name: &'static str, rules: &[Rule], negative: bool) -> Kind {
    Kind { name, global: Rules::classic(), marks: MarkOptions { rules: rules.to_vec(), negative } }
}

fn kinds() -> Vec<Kind> {
    vec![
        Kind { name: "non-consecutive", global: Rules::classic().with(Rule::NonConsecutive), marks: MarkOptions::default() },
        kind("kropki-white", &[Rule::KropkiWhite], false),
        kind("kropki-white negative", &[Rule::KropkiWhite], true),
        kind("kropki-black", &[Rule::KropkiBlack], false),
        kind("kropki-black negative", &[Rule::KropkiBlack], true),
        kind("kropki both negative", &[Rule::KropkiWhite, Rule::KropkiBlack], true),
        kind("xv", &[Rule::Xv], false),
        kind("xv negative", &[Rule::Xv], true),
        kind("odd-even", &[Rule::OddEven], false),
        kind("min-max", &[Rule::MinMax], false),
        kind("quadruple", &[Rule::Quadruple], false),
        kind("clone", &[Rule::Clone], false),
    ]
}

/// How many puzzles of each size in the default run. 9x9, 12x12 and 16x16 are in
/// [`large_grids_are_sound_too`], left out of the default run: making a minimal puzzle
/// there can take minutes for some kinds (every removal asks the generic search for a
/// second solution).
const SIZES: [(usize, u64); 2] = [(4, 6), (6, 4)];

/// Whether the kind has puzzles of this size (no 4x4 grid is non-consecutive).
fn fits(kind: &Kind, size: usize) -> bool {
    !(size == 4 && kind.global.contains(Rule::NonConsecutive))
}

fn make(kind: &Kind, size: usize, seed: u64) -> Marked {
    let mut rng = Rng::for_index(seed, size as u64);
    generate_marked(size, &kind.global, &kind.marks, &mut rng, &GenerateOptions::default())
        .unwrap_or_else(|e| panic!("{} {size}x{size}: {e}", kind.name))
}

/// Runs the default solver's logic on a puzzle, checks every step against the solution, and
/// says whether logic solved it.
fn sound(made: &Marked, what: &str) -> bool {
    common::logic_is_sound(&made.layout, &made.givens, &made.solution, what)
}

#[test]
fn every_step_on_generated_puzzles_is_sound() {
    soundness(&SIZES);
}

/// As [`every_step_on_generated_puzzles_is_sound`], on 9x9, 12x12 and 16x16 grids: slow,
/// so run it on purpose: `cargo test --test suite rulegen:: -- --ignored --nocapture` (it prints the
/// time each kind took).
#[test]
#[ignore]
fn large_grids_are_sound_too() {
    soundness(&[(9, 2), (12, 1), (16, 1)]);
}

/// Every rule of marks on 9x9, 12x12 and 16x16 grids in the default run: not minimal
/// puzzles (making those is slow, see [`large_grids_are_sound_too`]) but a random grid
/// under the rule, its marks read off it, and about half its cells given. Such a puzzle may
/// have several solutions; a sound step holds for every one, so checking each step against
/// the grid the marks came from is exact.
#[test]
fn every_step_is_sound_on_large_grids_with_many_givens() {
    let mut checked = 0;
    for kind in kinds() {
        for (size, keep) in [(9, 45), (12, 55), (16, 60)] {
            let mut rng = Rng::for_index(7, size as u64);
            let spec = deduku::layout::LayoutSpec { rules: kind.global.clone(), ..deduku::layout::LayoutSpec::new(size) };
            let base = Arc::new(spec.build().unwrap());
            let Some(solution) = deduku::generate::random_solution(&base, &mut rng) else { panic!("{} {size}x{size}: no grid", kind.name) };
            let marks = deduku::generate_marks::read_marks(size, &solution, &kind.marks, &Default::default(), &mut rng);
            let constraints = formats::constraints_of(size, &marks);
            let rules: Vec<Rule> = kind.global.iter().chain(constraints.iter().map(|c| c.rule())).collect();
            let variant = Variant { size, rules, extra_houses: Vec::new(), constraints, regions: None };
            let layout = Arc::new(variant.layout(&kind.global).unwrap());
            let givens: Vec<Option<Digit>> = solution.iter().map(|&d| (rng.below(100) < keep).then_some(d)).collect();
            let mut grid = Grid::new(layout.clone(), &givens).expect("givens from a grid under the rules do not clash");
            Solver::default().run_logic(&mut grid);
            for (n, d) in grid.journal().iter().enumerate() {
                let wrong = d.placements.iter().any(|p| solution[p.cell] != p.digit) || d.eliminations.iter().any(|e| solution[e.cell] == e.digit);
                assert!(!wrong, "{} {size}x{size}: unsound step {}: {}", kind.name, n + 1, deduku::render::text::explain(&layout, d));
                checked += 1;
            }
        }
    }
    assert!(checked > 1000, "only {checked} steps checked");
}

fn soundness(sizes: &[(usize, u64)]) {
    let mut report = Vec::new();
    for kind in kinds() {
        for &(size, count) in sizes.iter().filter(|&&(size, _)| fits(&kind, size)) {
            let mut solved = 0;
            let started = std::time::Instant::now();
            for seed in 0..count {
                let made = make(&kind, size, seed);
                // The puzzle really is under its rules.
                for rule in kind.marks.rules.iter().copied().chain(kind.global.iter()) {
                    assert!(made.layout.rules().contains(rule) || made.variant.constraints.is_empty(), "{} {size}: {rule} missing", kind.name);
                }
                solved += sound(&made, &format!("{} {size}x{size}", kind.name)) as usize;
            }
            let line = format!("{} {size}x{size}: {solved}/{count} by logic, {:.1?}", kind.name, started.elapsed());
            // Why print as it goes: on large grids a kind can take minutes.
            eprintln!("{line}");
            report.push(line);
        }
    }
    println!("{}", report.join("\n"));
}

/// The design card's count: the backtracker with singles only.
fn design_card_count(grid: &Grid, limit: usize) -> usize {
    backtrack(grid, &[naked_single, hidden_single], limit, 0).count
}

#[test]
fn the_fast_search_and_the_backtracker_agree_on_counts() {
    let mut compared = [0usize; 3];
    for kind in kinds() {
        for (size, count) in SIZES.into_iter().filter(|&(size, _)| fits(&kind, size)) {
            for seed in 0..count.min(2) {
                let made = make(&kind, size, seed + 100);
                let mut positions = vec![made.givens.clone()];
                // A given taken away (the puzzle is minimal, so that opens more solutions).
                if let Some(first) = made.givens.iter().position(Option::is_some) {
                    let mut fewer = made.givens.clone();
                    fewer[first] = None;
                    positions.push(fewer);
                }
                for givens in positions {
                    let grid = Grid::new(made.layout.clone(), &givens).unwrap();
                    for limit in [1, 2, 5] {
                        let fast = solutions(&grid, limit, 0).count;
                        assert_eq!(fast, design_card_count(&grid, limit), "{} {size}x{size}, limit {limit}: {}", kind.name, formats::to_line(&givens));
                        compared[fast.min(2)] += 1;
                    }
                }
            }
        }
    }
    assert!(compared[1] > 10 && compared[2] > 10, "counts 0 / 1 / 2+ compared: {compared:?}");
}

#[test]
fn a_generated_link_reads_back_as_the_same_puzzle() {
    for kind in kinds() {
        let made = make(&kind, 6, 7);
        let link = formats::fpuzzles_link(&made.layout, &made.givens, Some(&made.solution));
        let puzzle = fpuzzles::decode(&fpuzzles::payload_of(&link).unwrap()).unwrap();
        assert_eq!(puzzle.solution.as_deref(), Some(made.solution.as_slice()));
        let (givens, variant) = Variant::of_fpuzzle(&puzzle).unwrap();
        assert_eq!(givens, made.givens, "{}", kind.name);
        let set = |v: &Variant| v.constraints.iter().cloned().collect::<std::collections::HashSet<_>>();
        assert_eq!(set(&variant), set(&made.variant), "{}", kind.name);
        let layout = Arc::new(variant.layout(&Rules::classic()).unwrap());
        assert_eq!(layout.rules(), made.layout.rules(), "{}", kind.name);
        assert_eq!(Solver::default().solve(layout, &givens).solution.as_ref(), Some(&made.solution), "{}", kind.name);
    }
}

