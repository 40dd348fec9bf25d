//! Finds positions where a technique applies, for teaching guides and their case lines.
//!
//! ```text
//! cargo run --release --example find_case -- x-wing [--anti-knight] [--anti-king] [--rule ID] [--hits N] [--seed S]
//! ```
//!
//! `--rule ID` turns on any rule that needs no data (`non-consecutive`, `windoku` ...).
//!
//! Generates puzzles from the seed, solves each with the registry's default order, and for
//! each step made by the technique prints the position before it in candidate form, the
//! explanation, and the board. Also prints one position where the technique does not apply.

use std::sync::Arc;

use deduku::formats::to_candidate_line;
use deduku::generate::{Rng, generate};
use deduku::render::{board, text};
use deduku::{Grid, Layout, Rule, Rules, Solver, strategies};

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let id = args.first().expect("usage: find_case <technique-id> [--anti-knight] [--anti-king] [--hits N] [--seed S]");
    let technique = strategies::by_id(id).expect("unknown technique id");
    let value = |flag: &str, default: u64| {
        args.iter().position(|a| a == flag).and_then(|i| args.get(i + 1)).map_or(default, |v| v.parse().expect("a number"))
    };
    let mut rules = Rules::classic();
    if args.iter().any(|a| a == "--anti-knight") {
        rules = rules.with(Rule::AntiKnight);
    }
    if args.iter().any(|a| a == "--anti-king") {
        rules = rules.with(Rule::AntiKing);
    }
    for (i, _) in args.iter().enumerate().filter(|(_, a)| *a == "--rule") {
        let id = args.get(i + 1).expect("--rule needs an id");
        rules = rules.with(Rule::by_id(id).filter(|r| !r.carries_data()).expect("a rule id that needs no data"));
    }
    let layout = Arc::new(Layout::classic(rules));
    let mut rng = Rng::new(value("--seed", 1));
    let mut hits = value("--hits", 3);
    let mut miss_shown = false;
    let solver = Solver::default().backtracking(false);
    for _ in 0..2000 {
        let Some(puzzle) = generate(&layout, &mut rng) else { continue };
        let mut grid = Grid::new(layout.clone(), &puzzle.givens).unwrap();
        solver.run_logic(&mut grid);
        let states = grid.replay();
        for (n, step) in grid.journal().iter().enumerate() {
            let before = &states[n];
            if step.technique == technique.id && hits > 0 {
                hits -= 1;
                println!("puzzle: {}", deduku::formats::to_line(&puzzle.givens));
                println!("step {}: {}", n + 1, text::explain(&layout, step));
                println!("case: {} => {}", to_candidate_line(before), text::effect(&layout, step));
                print!("{}", board::candidates(before, Some(step)));
                println!();
            } else if !miss_shown && n > 10 {
                let mut probe = before.clone();
                if !(technique.run)(&mut probe) {
                    miss_shown = true;
                    println!("no-fire case: {} => !", to_candidate_line(before));
                    println!();
                }
            }
        }
        if hits == 0 && miss_shown {
            return;
        }
    }
    eprintln!("gave up: the technique was not needed often enough in 2000 puzzles");
}
