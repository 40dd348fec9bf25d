//! The long fuzz run of deduku's parsers and solver: random and mutated inputs, many of
//! them, each checked for a panic and timed against a bound. The test suite holds the short
//! form (the property tests in `tests/suite/formats.rs`); this is the run whose counts a release
//! note reports.
//!
//! ```text
//! cargo run --release --example fuzz -- [--inputs N] [--seed S] [--limit-ms MS]
//! ```
//!
//! What it feeds, in turn:
//! - puzzle text (lines, grids, comments, separators, links) to `parse_puzzles` at 4x4, 9x9
//!   and 16x16;
//! - candidate lines (`parse_candidate_line`), random and mutated from real positions;
//! - f-puzzles payloads: random text, and valid payloads with bytes changed (`decode`);
//! - the solver (logic, then the backtracker) on random candidate grids, invalid ones
//!   included, one input in 64 (they take longer).
//!
//! It prints the inputs tried, the panics (with the input), and the inputs slower than the
//! bound; it exits 1 if there was any panic or slow input.

use std::panic::{AssertUnwindSafe, catch_unwind};
use std::sync::Arc;
use std::time::{Duration, Instant};

use deduku::formats::{Origin, fpuzzles, parse_candidate_line, parse_puzzles, to_candidate_line};
use deduku::generate::Rng;
use deduku::{Grid, Layout, Rules, Solver};

/// Characters puzzle text is made of, with some that are wrong in it.
const TEXT: &[u8] = b"..........0123456789123456789ABCDEFGabcg|+-=#*_xX []\n\n\n\r\t%/:?&N4Igh\xc3\xa9";

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let value = |flag: &str, default: u64| -> u64 {
        match args.iter().position(|a| a == flag) {
            Some(i) => args.get(i + 1).and_then(|v| v.parse().ok()).unwrap_or_else(|| {
                eprintln!("fuzz: {flag} needs a whole number");
                std::process::exit(2)
            }),
            None => default,
        }
    };
    let inputs = value("--inputs", 1_000_000);
    let mut rng = Rng::new(value("--seed", 1));
    let limit = Duration::from_millis(value("--limit-ms", 2_000));
    // Panics are counted and reported here, not printed by the default hook at each one.
    std::panic::set_hook(Box::new(|_| {}));

    let classic = Arc::new(Layout::classic(Rules::classic()));
    let seeds = seed_payloads();
    let (mut panics, mut slow) = (Vec::new(), Vec::new());
    let started = Instant::now();
    for n in 0..inputs {
        let (kind, input, run): (&str, String, Box<dyn Fn()>) = match n % 4 {
            0 => {
                let text = random_text(&mut rng, 300);
                let size = [4, 9, 16][rng.below(3)];
                (
                    "puzzle text",
                    format!("size {size}: {text:?}"),
                    Box::new(move || {
                        let _ = parse_puzzles(&text, size, Origin::StandardInput);
                    }),
                )
            }
            1 => {
                let line = candidate_line(&mut rng, &classic);
                let layout = classic.clone();
                ("candidate line", line.clone(), Box::new(move || {
                    let _ = parse_candidate_line(&line, layout.clone());
                }))
            }
            2 => {
                let seed = &seeds[rng.below(seeds.len())];
                let payload = if rng.below(2) == 0 { mutated(&mut rng, seed) } else { random_text(&mut rng, 200) };
                ("f-puzzles payload", payload.clone(), Box::new(move || {
                    let _ = fpuzzles::decode(&payload);
                }))
            }
            _ if n % 64 == 3 => {
                let line = candidate_line(&mut rng, &classic);
                let layout = classic.clone();
                ("solve", line.clone(), Box::new(move || {
                    if let Ok(grid) = parse_candidate_line(&line, layout.clone()) {
                        let _ = Solver::default().solve_grid(grid);
                    }
                }))
            }
            _ => continue,
        };
        let start = Instant::now();
        let result = catch_unwind(AssertUnwindSafe(&run));
        let took = start.elapsed();
        if result.is_err() {
            panics.push(format!("{kind}: {input}"));
        } else if took > limit {
            slow.push(format!("{kind} ({} ms): {input}", took.as_millis()));
        }
    }
    println!("inputs: {inputs} (seed {}), in {:.1} s", value("--seed", 1), started.elapsed().as_secs_f64());
    println!("panics: {}", panics.len());
    for p in panics.iter().take(20) {
        println!("  {p}");
    }
    println!("slower than {} ms: {}", limit.as_millis(), slow.len());
    for s in slow.iter().take(20) {
        println!("  {s}");
    }
    if !panics.is_empty() || !slow.is_empty() {
        std::process::exit(1);
    }
}

/// Up to `max` characters from [`TEXT`] (as UTF-8: the bytes of `é` come as a pair).
fn random_text(rng: &mut Rng, max: usize) -> String {
    let len = rng.below(max + 1);
    let bytes: Vec<u8> = (0..len).map(|_| TEXT[rng.below(TEXT.len())]).collect();
    String::from_utf8_lossy(&bytes).into_owned()
}

/// A candidate line: a real position's (a random fill, then random candidates removed and
/// cells solved, so that many are contradictory), sometimes with its tokens mutated.
fn candidate_line(rng: &mut Rng, layout: &Arc<Layout>) -> String {
    let givens: Vec<Option<u8>> = (0..81).map(|_| (rng.below(4) == 0).then(|| rng.below(9) as u8 + 1)).collect();
    let line = match Grid::new(layout.clone(), &givens) {
        Ok(grid) => to_candidate_line(&grid),
        Err(_) => (0..81).map(|_| "123456789").collect::<Vec<_>>().join(" "),
    };
    let mut tokens: Vec<String> = line.split(' ').map(str::to_string).collect();
    for _ in 0..rng.below(12) {
        let i = rng.below(tokens.len());
        tokens[i] = match rng.below(4) {
            0 => String::new(),
            1 => format!("+{}", rng.below(10)),
            2 => "[]".into(),
            _ => random_text(rng, 4),
        };
    }
    if rng.below(8) == 0 {
        mutated(rng, &tokens.join(" "))
    } else {
        tokens.join(" ")
    }
}

/// `text` with a few characters replaced, dropped or repeated.
fn mutated(rng: &mut Rng, text: &str) -> String {
    let mut chars: Vec<char> = text.chars().collect();
    for _ in 0..1 + rng.below(4) {
        if chars.is_empty() {
            break;
        }
        let i = rng.below(chars.len());
        match rng.below(3) {
            0 => chars[i] = TEXT[rng.below(TEXT.len() - 2)] as char,
            1 => {
                chars.remove(i);
            }
            _ => chars.insert(i, chars[i]),
        }
    }
    chars.into_iter().collect()
}

/// Valid payloads to mutate: puzzles of several sizes and rules, written by deduku.
fn seed_payloads() -> Vec<String> {
    let mut seeds = Vec::new();
    for size in [4usize, 6, 9, 16] {
        let puzzle = fpuzzles::FPuzzle { size, cells: vec![Default::default(); size * size], ..Default::default() };
        seeds.push(fpuzzles::encode(&puzzle));
    }
    seeds
}
