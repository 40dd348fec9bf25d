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
//!
//! Then, for 9x9 layouts with variant peers, the two searches deduku has for them side by
//! side: the template search (digit by digit, `search::Templates`) and the fast core (cell
//! by cell), on the project's minimal puzzles of the rule or on puzzles generated for the
//! run; every count must agree. `--variants-only` skips the classic part.

use std::sync::Arc;
use std::time::Instant;

use deduku::formats::{Origin, parse_puzzles, to_line};
use deduku::generate::{Rng, generate};
use deduku::search::{Core, Templates};
use deduku::{Digit, Grid, Layout, Rule, Rules};

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
    if !args.iter().any(|a| a == "--variants-only") {
        classic(&sets, rounds);
    }
    variants(rounds);
}

fn classic(sets: &[(String, Vec<Vec<Option<Digit>>>)], rounds: usize) {
    let layout = Arc::new(Layout::classic(Rules::classic()));
    let threads = std::thread::available_parallelism().map_or(1, |n| n.get());
    println!("{:<34} {:>7} {:>11} {:>11} {:>6} {:>11} {:>11} {:>6} {:>8}", "", "", "unique/s", "", "", "first/s", "", "", "guesses");
    println!("{:<34} {:>7} {:>11} {:>11} {:>6} {:>11} {:>11} {:>6} {:>8}", "set", "threads", "deduku", "sudoku", "ratio", "deduku", "sudoku", "ratio", "/puzzle");
    for (name, givens) in sets {
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

/// The template search against the fast core on 9x9 layouts with variant peers: uniqueness
/// checks per second on one thread, choices per puzzle (templates tried where a digit had
/// several; the core's guesses), and the rate of what deduku runs (`search::solutions`,
/// which picks one of the two by the layout's number of templates).
fn variants(rounds: usize) {
    let sets: [(&str, &[Rule], Option<&str>); 6] = [
        ("anti-knight", &[Rule::AntiKnight], Some("puzzles/generated-anti-knight.txt")),
        ("anti-knight (hard)", &[Rule::AntiKnight], Some("puzzles/generated-hard-anti-knight.txt")),
        ("anti-king", &[Rule::AntiKing], Some("puzzles/generated-anti-king.txt")),
        ("diagonal", &[Rule::DiagonalMain, Rule::DiagonalAnti], None),
        ("windoku", &[Rule::Windoku], None),
        ("disjoint", &[Rule::Disjoint], None),
    ];
    println!();
    println!("{:<20} {:>9} {:>8} {:>11} {:>11} {:>6} {:>9} {:>9} {:>11}", "9x9 variant", "templates", "puzzles", "templates/s", "core/s", "ratio", "choices", "guesses", "deduku/s");
    for (name, rules, file) in sets {
        let layout = Arc::new(Layout::classic(rules.iter().fold(Rules::classic(), |r, &rule| r.with(rule))));
        let givens: Vec<Vec<Option<Digit>>> = match file {
            Some(file) => {
                let text = std::fs::read_to_string(file).unwrap_or_else(|e| panic!("{file}: {e}"));
                parse_puzzles(&text, 9, Origin::File(file.to_string())).unwrap_or_else(|e| panic!("{e}")).into_iter().map(|p| p.givens).collect()
            }
            None => {
                let mut rng = Rng::new(2026);
                (0..100).filter_map(|_| generate(&layout, &mut rng)).map(|g| g.givens).collect()
            }
        };
        let grids: Vec<Grid> = givens.iter().map(|g| Grid::new(layout.clone(), g).expect("a puzzle without clashes")).collect();
        let templates = Templates::new(&layout, usize::MAX).expect("peers and houses only");
        let core = Core::new(&layout).expect("3x3 boxes");
        for (grid, puzzle) in grids.iter().zip(&givens) {
            let (ours, theirs) = (templates.search(grid, 2, 0).count, core.search(grid, 2, 0).count);
            assert_eq!(ours, theirs, "{name}: counts differ on {}", to_line(puzzle));
        }
        let per = |f: &dyn Fn(&Grid) -> u64| grids.iter().map(f).sum::<u64>() as f64 / grids.len().max(1) as f64;
        let (choices, guesses) = (per(&|g| templates.search(g, 2, 0).guesses), per(&|g| core.search(g, 2, 0).guesses));
        let (ours, theirs) = rates(rounds, || rate(&grids, 1, |g| templates.search(g, 2, 0).count), || rate(&grids, 1, |g| core.search(g, 2, 0).count));
        let chosen = rates(rounds, || rate(&grids, 1, |g| deduku::search::solutions(g, 2, 0).count), || 0.0).0;
        println!("{name:<20} {:>9} {:>8} {ours:>11.0} {theirs:>11.0} {:>6.2} {choices:>9.1} {guesses:>9.1} {chosen:>11.0}", templates.len(), grids.len(), ours / theirs);
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
