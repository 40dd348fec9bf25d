//! The logic benchmark: how far the human-style strategies get, and how fast.
//!
//! ```text
//! cargo bench --bench logic                          # 2000 puzzles generated from seed 2026
//! cargo bench --bench logic -- FILE [FILE...] [--first N] [--generate N] [--profile] [--costs] [--split]
//! ```
//!
//! For each set it reports the share solved without guessing, steps per puzzle, the time
//! per explained solve (logic, then the backtracking fallback where logic stalls; the mean,
//! then the median and the slowest tenth; each solve timed on its own, the bench's own
//! bookkeeping left out), puzzles per second, the share of the time spent on
//! puzzles that need a forcing step, and how often each technique was used. Single-threaded.
//!
//! `--profile` adds, per technique, the mean time of one call on the positions the solver
//! met, split into calls that found something and calls that did not: the solver tries every
//! technique in turn until one fires, so a slow miss costs at every hard step.
//!
//! `--costs` adds, per technique, the time of all its calls in default solves, per puzzle.
//! `--split` divides that time into the calls that fired (the cost of the steps themselves)
//! and the calls that missed on the way to a later technique, and names, per technique that
//! fired, what the misses before it cost: the part of the time that only a search which
//! skips fruitless calls could save, and the part it could not.

use std::collections::BTreeMap;
use std::sync::Arc;
use std::time::Instant;

use deduku::formats::{Origin, parse_puzzles};
use deduku::generate::{Rng, generate};
use deduku::strategies::Family;
use deduku::{Digit, Grid, Layout, REGISTRY, Rules, Solver, Status};

fn main() {
    let args: Vec<String> = std::env::args().skip(1).filter(|a| a != "--bench").collect();
    let number = |flag: &str| args.iter().position(|a| a == flag).and_then(|i| args.get(i + 1)).map(|v| v.parse::<usize>().expect("a number"));
    let first = number("--first").unwrap_or(usize::MAX);
    let layout = Arc::new(Layout::classic(Rules::classic()));
    let files: Vec<&String> = args
        .iter()
        .enumerate()
        .filter(|(i, a)| !a.starts_with("--") && (*i == 0 || !args[i - 1].starts_with("--")))
        .map(|(_, a)| a)
        .collect();
    let mut sets: Vec<(String, Vec<Vec<Option<Digit>>>)> = Vec::new();
    for file in &files {
        let text = std::fs::read_to_string(file).unwrap_or_else(|e| panic!("{file}: {e}"));
        let puzzles = parse_puzzles(&text, 9, Origin::File(file.to_string())).unwrap_or_else(|e| panic!("{e}"));
        sets.push((file.to_string(), puzzles.into_iter().take(first).map(|p| p.givens).collect()));
    }
    if files.is_empty() || number("--generate").is_some() {
        let count = number("--generate").unwrap_or(2000);
        let mut rng = Rng::new(2026);
        let puzzles = (0..count).filter_map(|_| generate(&layout, &mut rng)).map(|g| g.givens).collect();
        sets.push((format!("{count} generated (seed 2026)"), puzzles));
    }
    for (name, puzzles) in sets {
        report(&layout, &name, &puzzles);
        if args.iter().any(|a| a == "--profile") {
            profile(&layout, &puzzles);
        }
        if args.iter().any(|a| a == "--costs") {
            costs(&layout, &puzzles);
        }
        if args.iter().any(|a| a == "--split") {
            split(&layout, &puzzles);
        }
    }
}

fn report(layout: &Arc<Layout>, name: &str, puzzles: &[Vec<Option<Digit>>]) {
    let solver = Solver::default();
    let mut uses: BTreeMap<&str, usize> = BTreeMap::new();
    let (mut logical, mut steps, mut unsolved) = (0, 0, 0);
    // Per puzzle: the time of its solve, and whether some step of it used a forcing technique.
    // Why: the total is the sum of the solves' times, so that the bookkeeping here (counting
    // techniques, finding forcing steps) is not counted.
    let mut each: Vec<(f64, bool)> = Vec::with_capacity(puzzles.len());
    for givens in puzzles {
        let begun = Instant::now();
        let outcome = solver.solve(layout.clone(), givens);
        let took = begun.elapsed().as_secs_f64();
        let forcing = outcome.steps().iter().any(|s| REGISTRY.iter().any(|t| t.id == s.technique && t.family == Family::Forcing));
        each.push((took, forcing));
        if outcome.status != Status::Solved {
            unsolved += 1;
        }
        if outcome.status == Status::Solved && !outcome.backtracked() {
            logical += 1;
        }
        steps += outcome.steps().len();
        for step in outcome.steps() {
            *uses.entry(step.technique).or_default() += 1;
        }
    }
    let elapsed: f64 = each.iter().map(|e| e.0).sum();
    let n = puzzles.len().max(1) as f64;
    println!("{name}: {} puzzles", puzzles.len());
    println!("  solved without guessing  {logical} ({:.1}%)", 100.0 * logical as f64 / n);
    println!("  not solved (no/multiple solutions)  {unsolved}");
    println!("  steps per puzzle         {:.1}", steps as f64 / n);
    println!("  time per puzzle          {:.1} us", 1e6 * elapsed / n);
    let mut times: Vec<f64> = each.iter().map(|e| e.0).collect();
    times.sort_by(f64::total_cmp);
    if let (Some(&median), Some(&tenth)) = (times.get(times.len() / 2), times.get(times.len() * 9 / 10)) {
        println!("  median / 90th percentile {:.1} / {:.1} us", 1e6 * median, 1e6 * tenth);
    }
    let (forcing, forcing_time) = each.iter().filter(|e| e.1).fold((0, 0.0), |(c, t), e| (c + 1, t + e.0));
    println!(
        "  needing a forcing step   {forcing} ({:.1}%), {:.1}% of the time",
        100.0 * forcing as f64 / n,
        100.0 * forcing_time / elapsed.max(f64::MIN_POSITIVE)
    );
    println!("  puzzles per second       {:.0}", n / elapsed);
    println!("  technique uses:");
    let order = REGISTRY.iter().map(|t| t.id).chain(["backtracking"]);
    for id in order {
        if let Some(count) = uses.get(id) {
            println!("    {id:<15} {count}");
        }
    }
}

/// Where the time of default logical solves goes: per technique, the time of all its calls
/// (the misses on the way to a harder step included), per puzzle.
fn costs(layout: &Arc<Layout>, puzzles: &[Vec<Option<Digit>>]) {
    let techniques: Vec<_> = REGISTRY.iter().filter(|t| t.default).collect();
    let mut spent = vec![(0f64, 0usize); techniques.len()];
    for givens in puzzles {
        let Ok(mut grid) = Grid::new(layout.clone(), givens) else { continue };
        while !grid.is_solved() && grid.contradiction().is_none() {
            let mut fired = false;
            for (t, entry) in techniques.iter().zip(spent.iter_mut()) {
                let start = Instant::now();
                fired = (t.run)(&mut grid);
                entry.0 += start.elapsed().as_secs_f64();
                entry.1 += 1;
                if fired {
                    break;
                }
            }
            if !fired {
                break;
            }
        }
    }
    let n = puzzles.len().max(1) as f64;
    let total: f64 = spent.iter().map(|s| s.0).sum();
    println!("  cost in default solves, us per puzzle (total {:.1}):", 1e6 * total / n);
    let mut rows: Vec<_> = techniques.iter().zip(&spent).collect();
    rows.sort_by(|a, b| b.1.0.total_cmp(&a.1.0));
    for (t, &(time, calls)) in rows.into_iter() {
        println!("    {:<32} {:>9.1}   ({calls} calls)", t.id, 1e6 * time / n);
    }
}

/// Where the time of default logical solves goes, by the calls' outcome: the calls that fired
/// (the steps) against the calls that missed (on the way to a later technique), and per
/// technique that fired, its own time and the misses before it, per puzzle.
fn split(layout: &Arc<Layout>, puzzles: &[Vec<Option<Digit>>]) {
    let techniques: Vec<_> = REGISTRY.iter().filter(|t| t.default).collect();
    // Per technique: (steps, time of its firing calls, time of the misses before them).
    let mut steps = vec![(0usize, 0f64, 0f64); techniques.len()];
    // The misses at positions where no technique fired (logic stalled).
    let mut stalled = 0.0;
    for givens in puzzles {
        let Ok(mut grid) = Grid::new(layout.clone(), givens) else { continue };
        while !grid.is_solved() && grid.contradiction().is_none() {
            let (mut missed, mut took) = (0.0, 0.0);
            let fired = techniques.iter().position(|t| {
                let start = Instant::now();
                let fired = (t.run)(&mut grid);
                took = start.elapsed().as_secs_f64();
                if !fired {
                    missed += took;
                }
                fired
            });
            let Some(k) = fired else {
                stalled += missed;
                break;
            };
            steps[k].0 += 1;
            steps[k].1 += took;
            steps[k].2 += missed;
        }
    }
    let n = puzzles.len().max(1) as f64;
    let (fire, miss) = steps.iter().fold((0.0, stalled), |(f, m), s| (f + s.1, m + s.2));
    println!(
        "  calls that fired {:.1} us per puzzle ({:.1}%), calls that missed {:.1} us",
        1e6 * fire / n,
        100.0 * fire / (fire + miss).max(f64::MIN_POSITIVE),
        1e6 * miss / n
    );
    if stalled > 0.0 {
        println!("  (of the misses, {:.1} us per puzzle where logic stalled and no technique fired)", 1e6 * stalled / n);
    }
    println!("  per technique that fired: steps, its time, the misses before it (us per puzzle):");
    let mut rows: Vec<_> = techniques.iter().zip(&steps).filter(|(_, s)| s.0 > 0).collect();
    rows.sort_by(|a, b| (b.1.1 + b.1.2).total_cmp(&(a.1.1 + a.1.2)));
    for (t, &(count, own, before)) in rows {
        println!("    {:<32} {count:>7} {:>9.1} {:>9.1}", t.id, 1e6 * own / n, 1e6 * before / n);
    }
}

/// Times every technique on its own at every position of each puzzle's logical solve.
fn profile(layout: &Arc<Layout>, puzzles: &[Vec<Option<Digit>>]) {
    let solver = Solver::default().backtracking(false);
    // Per technique: (calls that fired, their time, calls that missed, their time).
    let mut stats = vec![(0usize, 0f64, 0usize, 0f64); REGISTRY.len()];
    for givens in puzzles {
        let Ok(mut grid) = Grid::new(layout.clone(), givens) else { continue };
        solver.run_logic(&mut grid);
        for state in grid.replay() {
            for (t, entry) in REGISTRY.iter().zip(stats.iter_mut()) {
                let mut probe = state.clone();
                let start = Instant::now();
                let fired = (t.run)(&mut probe);
                let took = start.elapsed().as_secs_f64();
                if fired {
                    entry.0 += 1;
                    entry.1 += took;
                } else {
                    entry.2 += 1;
                    entry.3 += took;
                }
            }
        }
    }
    println!("  time per call, us (technique: found / not found, calls):");
    let mean = |time: f64, calls: usize| if calls == 0 { 0.0 } else { 1e6 * time / calls as f64 };
    for (t, &(hits, hit_time, misses, miss_time)) in REGISTRY.iter().zip(&stats) {
        println!(
            "    {:<32} {:>9.1} / {:>9.1}   ({hits} / {misses})",
            t.id,
            mean(hit_time, hits),
            mean(miss_time, misses)
        );
    }
}
