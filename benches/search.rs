//! The search benchmark: deduku's fast core side by side with the `sudoku` crate (a
//! jczsolve-style solver, dev-dependency only) on the same puzzles in the same run.
//!
//! ```text
//! cargo bench --bench search -- FILE [FILE...] [--first N] [--rounds R]
//! ```
//!
//! Per file: puzzles/s for the uniqueness check (stop at the second solution) and for the
//! first solution, single-threaded and on every core, deduku's guesses per puzzle, and the
//! ratio deduku/peer (each the best of R rounds; in every round deduku and the peer run one
//! after the other, so the ratio holds under a changing load). Every puzzle's count (0, 1, 2+) must agree with the peer's; the run
//! stops with an error naming the first puzzle where they differ. Without files it measures
//! 2000 puzzles generated from seed 2026.

use std::sync::Arc;
use std::time::Instant;

use deduku::formats::{Origin, parse_puzzles, to_line};
use deduku::generate::{Rng, generate};
use deduku::search::Core;
use deduku::{Digit, Layout, Rules};

fn main() {
    let args: Vec<String> = std::env::args().skip(1).filter(|a| a != "--bench").collect();
    let number = |flag: &str| args.iter().position(|a| a == flag).and_then(|i| args.get(i + 1)).map(|v| v.parse::<usize>().expect("a number"));
    let first = number("--first").unwrap_or(usize::MAX);
    let rounds = number("--rounds").unwrap_or(1).max(1);
    let layout = Arc::new(Layout::classic(Rules::classic()));
    let files: Vec<&String> =
        args.iter().enumerate().filter(|(i, a)| !a.starts_with("--") && (*i == 0 || !args[i - 1].starts_with("--"))).map(|(_, a)| a).collect();
    let mut sets: Vec<(String, Vec<Vec<Option<Digit>>>)> = Vec::new();
    for file in &files {
        let text = std::fs::read_to_string(file).unwrap_or_else(|e| panic!("{file}: {e}"));
        let puzzles = parse_puzzles(&text, 9, Origin::File(file.to_string())).unwrap_or_else(|e| panic!("{e}"));
        sets.push((file.to_string(), puzzles.into_iter().take(first).map(|p| p.givens).collect()));
    }
    if files.is_empty() {
        let mut rng = Rng::new(2026);
        let puzzles = (0..2000).filter_map(|_| generate(&layout, &mut rng)).map(|g| g.givens).collect();
        sets.push(("2000 generated (seed 2026)".to_string(), puzzles));
    }
    let threads = std::thread::available_parallelism().map_or(1, |n| n.get());
    println!("{:<34} {:>7} {:>11} {:>11} {:>6} {:>11} {:>11} {:>6} {:>8}", "", "", "unique/s", "", "", "first/s", "", "", "guesses");
    println!("{:<34} {:>7} {:>11} {:>11} {:>6} {:>11} {:>11} {:>6} {:>8}", "set", "threads", "deduku", "sudoku", "ratio", "deduku", "sudoku", "ratio", "/puzzle");
    for (name, givens) in &sets {
        let lines: Vec<String> = givens.iter().map(|g| to_line(g)).collect();
        let peers: Vec<sudoku::Sudoku> = lines.iter().map(|l| sudoku::Sudoku::from_str_line(l).expect("the peer reads the line")).collect();
        let core = Core::new(&layout).expect("classic 9x9");
        agree(&core, givens, &peers, &lines);
        let guesses = givens.iter().map(|g| core.search_givens(g, 2, 0).guesses).sum::<u64>() as f64 / givens.len().max(1) as f64;
        for t in [1, threads] {
            if t == 1 || threads > 1 {
                let (ours_unique, peer_unique) = rates(
                    rounds,
                    || rate(givens, t, |g| core.search_givens(g, 2, 0).count),
                    || rate(&peers, t, |s| s.solutions_count_up_to(2)),
                );
                let (ours_first, peer_first) = rates(
                    rounds,
                    || rate(givens, t, |g| core.search_givens(g, 1, 1).count),
                    || rate(&peers, t, |s| usize::from(s.some_solution().is_some())),
                );
                let short: String = name.rsplit('/').next().unwrap_or(name).chars().take(34).collect();
                println!(
                    "{short:<34} {t:>7} {ours_unique:>11.0} {peer_unique:>11.0} {:>6.2} {ours_first:>11.0} {peer_first:>11.0} {:>6.2} {guesses:>8.2}",
                    ours_unique / peer_unique,
                    ours_first / peer_first
                );
            }
        }
    }
}

/// Stops the run unless deduku's count (0, 1, 2+) equals the peer's on every puzzle.
fn agree(core: &Core, givens: &[Vec<Option<Digit>>], peers: &[sudoku::Sudoku], lines: &[String]) {
    for ((puzzle, peer), line) in givens.iter().zip(peers).zip(lines) {
        let ours = core.search_givens(puzzle, 2, 0).count;
        let theirs = peer.solutions_count_up_to(2);
        assert_eq!(ours, theirs, "counts differ on {line}: deduku {ours}, sudoku {theirs}");
    }
}

/// The best of `rounds` rates of deduku (`ours`) and of the peer (`theirs`). Why in turn: the
/// two are timed one after the other in every round, so a change of load on the machine
/// during the run weighs on both alike rather than on whichever ran then.
fn rates(rounds: usize, mut ours: impl FnMut() -> f64, mut theirs: impl FnMut() -> f64) -> (f64, f64) {
    let (mut best_ours, mut best_theirs) = (0f64, 0f64);
    for _ in 0..rounds {
        best_ours = best_ours.max(ours());
        best_theirs = best_theirs.max(theirs());
    }
    (best_ours, best_theirs)
}

/// Puzzles per second of one pass of `work` over `items`, on `threads` threads.
fn rate<T: Sync>(items: &[T], threads: usize, work: impl Fn(&T) -> usize + Sync) -> f64 {
    let start = Instant::now();
    let chunk = items.len().div_ceil(threads).max(1);
    let total: usize = std::thread::scope(|s| {
        let handles: Vec<_> = items.chunks(chunk).map(|part| s.spawn(|| part.iter().map(&work).sum::<usize>())).collect();
        handles.into_iter().map(|h| h.join().expect("a bench thread")).sum()
    });
    std::hint::black_box(total);
    items.len() as f64 / start.elapsed().as_secs_f64()
}
