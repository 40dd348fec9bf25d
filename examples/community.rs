//! The community variant puzzles report: for each puzzle of a JSON-lines file of f-puzzles
//! payloads (by default `../shared/puzzles/variants/fpuzzles-examples.jsonl`, next to the
//! repository; never copied into it), whether deduku reads it, the time of the uniqueness
//! check (the generic search, counting to two), whether logic alone solves it, its hardest
//! technique, the time of the explained solve, and whether the solution is the listed one.
//!
//! ```text
//! cargo run --release --example community [FILE]
//! ```
//!
//! Each line of the file is an object with `index`, `name`, `fpuzzles_lz` (the payload) and
//! `solution` (the listed solution, one character per cell). Times are one thread, in process,
//! the best of three runs (the report is about the puzzles, not the machine's noise).
//! Exit code 1 when a puzzle read is solved differently from its listing or is not unique.

use std::sync::Arc;
use std::time::{Duration, Instant};

use deduku::formats::{self, Variant, fpuzzles};
use deduku::{Grid, Rules, Solver, rating};

/// The best of `runs` timings of `work`, and its last result.
fn best_of<T>(runs: usize, mut work: impl FnMut() -> T) -> (Duration, T) {
    let mut best = Duration::MAX;
    let mut last = None;
    for _ in 0..runs {
        let started = Instant::now();
        let value = work();
        best = best.min(started.elapsed());
        last = Some(value);
    }
    (best, last.expect("at least one run"))
}

fn main() {
    let default = concat!(env!("CARGO_MANIFEST_DIR"), "/../shared/puzzles/variants/fpuzzles-examples.jsonl");
    let path = std::env::args().nth(1).unwrap_or_else(|| default.to_string());
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| {
        eprintln!("community: {path}: {e}");
        std::process::exit(2);
    });
    let (mut read, mut by_logic, mut wrong) = (0, 0, 0);
    let (mut slowest_check, mut slowest_solve) = (Duration::ZERO, Duration::ZERO);
    println!("{:>3} {:<34} {:>9} {:>10} {:<15} {:<32} {:>10}", "#", "puzzle", "size", "unique in", "solved by", "hardest step", "solve in");
    for (n, line) in text.lines().filter(|l| !l.trim().is_empty()).enumerate() {
        let entry: serde_json::Value = serde_json::from_str(line).unwrap_or_else(|e| {
            eprintln!("community: {path}: line {}: {e}", n + 1);
            std::process::exit(2);
        });
        let index = entry["index"].as_u64().unwrap_or(n as u64 + 1);
        let name: String = entry["name"].as_str().unwrap_or("").chars().take(34).collect();
        let payload = entry["fpuzzles_lz"].as_str().unwrap_or_default();
        let read_puzzle = fpuzzles::decode(payload).map_err(|e| e.to_string()).and_then(|p| Variant::of_fpuzzle(&p).map_err(|e| e.to_string()));
        let (givens, variant) = match read_puzzle {
            Ok(read) => read,
            Err(why) => {
                println!("{index:>3} {name:<34} refused: {why}");
                continue;
            }
        };
        let layout = match variant.layout(&Rules::classic()) {
            Ok(layout) => Arc::new(layout),
            Err(why) => {
                println!("{index:>3} {name:<34} refused: {why}");
                continue;
            }
        };
        read += 1;
        let size = format!("{0}x{0}", layout.size());
        let (check_time, count) = best_of(3, || match Grid::new(layout.clone(), &givens) {
            Ok(grid) => deduku::search::solutions(&grid, 2, 0).count,
            Err(_) => 0,
        });
        let (solve_time, outcome) = best_of(3, || Solver::default().solve(layout.clone(), &givens));
        slowest_check = slowest_check.max(check_time);
        slowest_solve = slowest_solve.max(solve_time);
        let listed = entry["solution"].as_str().unwrap_or_default();
        let found = outcome.solution.as_ref().map(|s| formats::solution_line(s));
        let agrees = found.as_deref() == Some(listed) || (listed.chars().count() != layout.cell_count() && found.is_some());
        let rated = rating::rate(&outcome);
        let how = match (&rated, agrees && count == 1) {
            (_, false) => {
                wrong += 1;
                format!("WRONG ({count} solutions)")
            }
            (Some(r), true) if !r.needs_guessing => {
                by_logic += 1;
                "logic".to_string()
            }
            _ => "logic+search".to_string(),
        };
        let hardest = rated.and_then(|r| r.hardest.map(|t| format!("{} ({})", t.id, rating::tenths(u32::from(t.difficulty))))).unwrap_or_else(|| "-".into());
        println!("{index:>3} {name:<34} {size:>9} {:>10.1?} {how:<15} {hardest:<32} {:>10.1?}", check_time, solve_time);
    }
    println!();
    println!("{read} read, {by_logic} solved by logic alone, {wrong} wrong or not unique");
    println!("slowest uniqueness check {slowest_check:.1?}, slowest explained solve {slowest_solve:.1?}");
    if wrong > 0 {
        std::process::exit(1);
    }
}
