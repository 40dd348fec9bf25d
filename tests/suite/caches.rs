//! The memos and caches techniques keep per thread between positions (per digit, per house,
//! per grid state; see `src/strategies/memo.rs` and the forcing, chain and ALS modules) must
//! never change what a step finds: every step of a solve equals the step a fresh thread, with
//! nothing remembered, finds from the position before it; so does every step at a position
//! visited after later ones (going back, as a replay or a library caller may).

use std::sync::Arc;

use deduku::formats::{Origin, parse_puzzles};
use deduku::generate::{Rng, random_solution};
use deduku::render::text::explain;
use deduku::{Cell, Digit, Grid, Layout, Rule, Rules, Solver};

/// The givens of the first `count` puzzles of the project's `file`.
fn puzzles(file: &str, count: usize) -> Vec<Vec<Option<Digit>>> {
    let text = std::fs::read_to_string(format!("{}/puzzles/{file}", env!("CARGO_MANIFEST_DIR"))).expect("the project's puzzles");
    let puzzles = parse_puzzles(&text, 9, Origin::File(file.to_string())).expect("the project's puzzles parse");
    puzzles.into_iter().take(count).map(|p| p.givens).collect()
}

/// Solves the first `count` puzzles of `file` step by step on this thread (caches warm, and
/// carried from puzzle to puzzle), and checks each step beyond full houses and naked singles
/// against the step a new thread finds on the same position. Returns how many steps were
/// checked.
fn warm_equals_cold(file: &str, rules: Rules, count: usize) -> usize {
    warm_equals_cold_on(&Arc::new(Layout::classic(rules)), &puzzles(file, count), file, false)
}

/// [`warm_equals_cold`] for the puzzles `givens` on `layout`; `name` says which in messages.
/// With `stalls`, a puzzle may end where logic stalls (it need not have one solution).
fn warm_equals_cold_on(layout: &Arc<Layout>, givens: &[Vec<Option<Digit>>], name: &str, stalls: bool) -> usize {
    let solver = Solver::default();
    let mut checked = 0;
    for givens in givens {
        let mut grid = Grid::new(layout.clone(), givens).expect("no clash");
        while !grid.is_solved() {
            let before = grid.clone();
            if !solver.step(&mut grid) {
                assert!(stalls, "{name}: logic stalls on a puzzle it solves");
                break;
            }
            let warm = grid.journal().last().expect("a step").clone();
            // Why: hidden singles keep a memo per house; the other singles keep nothing.
            if ["full-house", "naked-single"].contains(&warm.technique) {
                continue;
            }
            let cold = cold_step(&before);
            assert_eq!(warm, cold, "{name}: with caches {}\nwithout {}", explain(layout, &warm), explain(layout, &cold));
            checked += 1;
        }
    }
    checked
}

/// The step a new thread finds on `position`. Why a new thread: the caches are per thread,
/// so it starts with none.
fn cold_step(position: &Grid) -> deduku::Deduction {
    let mut grid = position.clone();
    std::thread::spawn(move || {
        assert!(Solver::default().step(&mut grid), "a fresh thread finds no step");
        grid.journal().last().expect("a step").clone()
    })
    .join()
    .expect("the fresh thread")
}

/// Solves the first `count` puzzles of `file`, then visits the positions of each solve
/// backwards on this thread and checks each step beyond singles against a new thread's.
/// Why: going back, a house keeps its stamp while candidates outside it come back, so a
/// cache that only holds while the grid descends from where it was made must notice that it
/// no longer does. Returns how many steps were checked.
fn backwards_equals_cold(file: &str, rules: Rules, count: usize) -> usize {
    let layout = Arc::new(Layout::classic(rules));
    let text = std::fs::read_to_string(format!("{}/puzzles/{file}", env!("CARGO_MANIFEST_DIR"))).expect("the project's puzzles");
    let puzzles = parse_puzzles(&text, 9, Origin::File(file.to_string())).expect("the project's puzzles parse");
    let solver = Solver::default().backtracking(false);
    let mut checked = 0;
    for puzzle in puzzles.iter().take(count) {
        let mut grid = Grid::new(layout.clone(), &puzzle.givens).expect("no clash");
        solver.run_logic(&mut grid);
        // Why replayed: the states of one replay share the stamps of the houses a step left
        // alone, as the positions of one solve do.
        let states = grid.replay();
        for (position, step) in states.iter().zip(grid.journal()).rev() {
            if ["full-house", "naked-single", "hidden-single"].contains(&step.technique) {
                continue;
            }
            let mut warm = position.clone();
            assert!(solver.step(&mut warm), "{file}: no step going back");
            let warm = warm.journal().last().expect("a step").clone();
            let cold = cold_step(position);
            assert_eq!(warm, cold, "{file}, going back: with caches {}\nwithout {}", explain(&layout, &warm), explain(&layout, &cold));
            checked += 1;
        }
    }
    checked
}

#[test]
fn going_back_to_earlier_positions_finds_what_a_fresh_thread_finds() {
    let checked = backwards_equals_cold("generated-hard.txt", Rules::classic(), 15)
        + backwards_equals_cold("generated-hard-anti-knight.txt", Rules::classic().with(Rule::AntiKnight), 5);
    assert!(checked > 100, "only {checked} steps beyond singles were checked");
}

#[test]
fn every_step_is_the_one_found_without_caches() {
    let checked = warm_equals_cold("generated-hard.txt", Rules::classic(), 40)
        + warm_equals_cold("generated-hard-anti-knight.txt", Rules::classic().with(Rule::AntiKnight), 15)
        + warm_equals_cold("generated-hard-anti-king.txt", Rules::classic().with(Rule::AntiKing), 15);
    assert!(checked > 300, "only {checked} steps beyond singles were checked");
}

/// Puzzles on `layout` made from random solutions with about `blank` percent of the cells
/// left empty (not minimal, and not always unique: the caches must agree on any position).
fn random_puzzles(layout: &Arc<Layout>, seed: u64, count: usize, blank: usize) -> Vec<Vec<Option<Digit>>> {
    let mut rng = Rng::new(seed);
    (0..count)
        .map(|_| {
            let solution = random_solution(layout, &mut rng).expect("the layout has solutions");
            solution.iter().map(|&d| (rng.below(100) >= blank).then_some(d)).collect()
        })
        .collect()
}

#[test]
fn every_step_on_other_sizes_is_the_one_found_without_caches() {
    let mut checked = 0;
    for (size, rows, cols, blank) in [(16, 4, 4, 55), (12, 3, 4, 60), (6, 2, 3, 70)] {
        let layout = Arc::new(Layout::new(size, rows, cols, Rules::classic()).expect("a valid layout"));
        checked += warm_equals_cold_on(&layout, &random_puzzles(&layout, size as u64, 4, blank), &format!("{size}x{size}"), true);
    }
    let knight = Arc::new(Layout::new(16, 4, 4, Rules::classic().with(Rule::AntiKnight)).expect("a valid layout"));
    checked += warm_equals_cold_on(&knight, &random_puzzles(&knight, 7, 2, 50), "16x16 anti-knight", true);
    assert!(checked > 50, "only {checked} steps beyond singles were checked");
}

/// The cells that hold digit `d` in line `d` of `solution` (row `d` with `by_row`, else
/// column `d`): nine distinct digits, so the solution keeps every digit once there, and an
/// extra house on those cells leaves the puzzle's solution valid.
fn transversal(solution: &[Digit], by_row: bool) -> Vec<usize> {
    (0..9)
        .map(|line| {
            let cell = |i: usize| if by_row { line * 9 + i } else { i * 9 + line };
            (0..9).map(cell).find(|&c| solution[c] as usize == line + 1).expect("every digit is in every line")
        })
        .collect()
}

#[test]
fn layouts_alike_but_for_their_extra_houses_never_share_a_table() {
    // Two layouts of one size, box shape and rules (anti-knight too), told apart only by an
    // extra house. Each position of a solve is searched on this thread under the first,
    // then at once under the second: a cache that knew layouts by size, boxes and rules
    // would hand the second the first one's tables, made for the same candidates.
    let solver = Solver::default();
    let mut checked = 0;
    for (file, rules, count) in [("generated-hard.txt", Rules::classic(), 12), ("generated-hard-anti-knight.txt", Rules::classic().with(Rule::AntiKnight), 4)] {
        for givens in puzzles(file, count) {
            let classic = Arc::new(Layout::classic(rules.clone()));
            let solution = deduku::search::solutions(&Grid::new(classic, &givens).expect("no clash"), 1, 1).solutions.remove(0);
            let [first, second] = [true, false].map(|by_row| {
                Arc::new(Layout::with_extra_houses(9, 3, 3, rules.clone(), &[transversal(&solution, by_row)]).expect("a valid house"))
            });
            let mut grid = Grid::new(first.clone(), &givens).expect("the solution keeps the extra house");
            while !grid.is_solved() && solver.step(&mut grid) {
                let cells: Vec<Cell> = grid.cells().to_vec();
                let given: Vec<bool> = (0..81).map(|c| grid.is_given(c)).collect();
                let Ok(mut other) = Grid::from_position(second.clone(), cells, &given) else { continue };
                let before = other.clone();
                let mut on_first = grid.clone();
                if !solver.step(&mut on_first) || !solver.step(&mut other) {
                    continue;
                }
                let warm = other.journal().last().expect("a step").clone();
                let cold = cold_step(&before);
                assert_eq!(warm, cold, "{file}: under the second layout with caches {}\nwithout {}", explain(&second, &warm), explain(&second, &cold));
                checked += 1;
            }
        }
    }
    assert!(checked > 300, "only {checked} positions were checked");
}
