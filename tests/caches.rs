//! The memos and caches techniques keep per thread between positions (per digit, per house,
//! per grid state; see `src/strategies/memo.rs` and the forcing, chain and ALS modules) must
//! never change what a step finds: every step of a solve equals the step a fresh thread, with
//! nothing remembered, finds from the position before it; so does every step at a position
//! visited after later ones (going back, as a replay or a library caller may).

use std::sync::Arc;

use deduku::formats::{Origin, parse_puzzles};
use deduku::render::text::explain;
use deduku::{Grid, Layout, Rule, Rules, Solver};

/// Solves the first `count` puzzles of `file` step by step on this thread (caches warm, and
/// carried from puzzle to puzzle), and checks each step beyond full houses and naked singles against the step a new
/// thread finds on the same position. Returns how many steps were checked.
fn warm_equals_cold(file: &str, rules: Rules, count: usize) -> usize {
    let layout = Arc::new(Layout::classic(rules));
    let text = std::fs::read_to_string(format!("{}/puzzles/{file}", env!("CARGO_MANIFEST_DIR"))).expect("the project's puzzles");
    let puzzles = parse_puzzles(&text, 9, Origin::File(file.to_string())).expect("the project's puzzles parse");
    let solver = Solver::default();
    let mut checked = 0;
    for puzzle in puzzles.iter().take(count) {
        let mut grid = Grid::new(layout.clone(), &puzzle.givens).expect("no clash");
        while !grid.is_solved() {
            let before = grid.clone();
            assert!(solver.step(&mut grid), "{file}: logic stalls on a puzzle it solves");
            let warm = grid.journal().last().expect("a step").clone();
            // Why: hidden singles keep a memo per house; the other singles keep nothing.
            if ["full-house", "naked-single"].contains(&warm.technique) {
                continue;
            }
            let cold = cold_step(&before);
            assert_eq!(warm, cold, "{file}: with caches {}\nwithout {}", explain(&layout, &warm), explain(&layout, &cold));
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
