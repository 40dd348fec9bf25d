//! How deduku's ratings compare with Sudoku Explainer's and HoDoKu's, on a table of puzzles
//! those programs rated (`../shared/puzzles/ratings-calibration.tsv` by default: tab-separated
//! `puzzle set se_er se_ep se_ed hodoku_level hodoku_score hodoku_guessed`, `#` comments).
//!
//!     cargo run --release --example calibrate [-- TABLE]
//!
//! Prints the Spearman rank correlation of deduku's difficulty (its hardest step) with
//! Sudoku Explainer's ER, on the whole table, per set and on the hard puzzles (ER 7.0 and
//! up); the mean difference from ER; how often deduku's level is HoDoKu's, with the table of
//! both; and, per ER, the spread of deduku's difficulties.

use std::collections::BTreeMap;
use std::sync::Arc;

use deduku::rating::{Level, rate, tenths};
use deduku::{Layout, Rules, Solver};

/// One row of the table, with deduku's rating of it.
struct Row {
    set: String,
    er: f64,
    hodoku: String,
    score: f64,
    effort: u32,
    base: Level,
    /// Every logical step's difficulty, in tenths (for the dump).
    steps: Vec<u16>,
    ours: f64,
    level: Level,
}

fn main() {
    let path = std::env::args().nth(1).unwrap_or_else(|| "../shared/puzzles/ratings-calibration.tsv".to_owned());
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| {
        eprintln!("calibrate: {path}: {e}");
        std::process::exit(2)
    });
    let layout = Arc::new(Layout::classic(Rules::classic()));
    let solver = Solver::default();
    let mut rows = Vec::new();
    for (n, line) in text.lines().enumerate() {
        let fields: Vec<&str> = line.split('\t').collect();
        if line.starts_with('#') || fields.first() == Some(&"puzzle") || fields.len() < 7 {
            continue;
        }
        let givens = match deduku::formats::parse_puzzles(fields[0], 9, deduku::formats::Origin::File(path.clone())) {
            Ok(mut p) if !p.is_empty() => p.remove(0).givens,
            _ => {
                eprintln!("calibrate: {path}:{}: not a puzzle", n + 1);
                std::process::exit(2)
            }
        };
        let outcome = solver.solve(layout.clone(), &givens);
        let Some(rating) = rate(&outcome) else { continue };
        let er: f64 = fields[2].parse().unwrap_or(0.0);
        let base = if rating.needs_guessing { Level::Extreme } else { Level::of(rating.difficulty) };
        let score = fields[6].parse().unwrap_or(0.0);
        rows.push(Row { set: fields[1].to_owned(), er, hodoku: fields[5].to_owned(), score, effort: rating.effort, base, steps: outcome.steps().iter().filter_map(deduku::rating::step_difficulty).collect(), ours: f64::from(rating.difficulty) / 10.0, level: rating.level });
    }
    if std::env::var_os("CALIBRATE_DUMP").is_some() {
        for r in &rows {
            let steps: Vec<String> = r.steps.iter().map(u16::to_string).collect();
            eprintln!("{}\t{}\t{}\t{}\t{}\t{}\t{}\t{}", r.set, r.er, r.ours, r.hodoku, r.score, r.effort, r.base.name(), steps.join(","));
        }
    }
    let rho = |rows: &[&Row]| spearman(&rows.iter().map(|r| r.ours).collect::<Vec<_>>(), &rows.iter().map(|r| r.er).collect::<Vec<_>>());
    let all: Vec<&Row> = rows.iter().collect();
    println!("{} puzzles rated", rows.len());
    println!("Spearman with ER: {:.3} (all)", rho(&all));
    let mut sets: Vec<&str> = rows.iter().map(|r| r.set.as_str()).collect();
    sets.sort_unstable();
    sets.dedup();
    for set in sets {
        let some: Vec<&Row> = rows.iter().filter(|r| r.set == set).collect();
        println!("Spearman with ER: {:.3} ({set}, {})", rho(&some), some.len());
    }
    let hard: Vec<&Row> = rows.iter().filter(|r| r.er >= 7.0).collect();
    println!("Spearman with ER: {:.3} (ER 7.0 and up, {})", rho(&hard), hard.len());
    let mean = rows.iter().map(|r| r.ours - r.er).sum::<f64>() / rows.len() as f64;
    println!("mean deduku - ER: {mean:+.2}");
    let same = rows.iter().filter(|r| r.level.name().eq_ignore_ascii_case(&r.hodoku)).count();
    println!("levels equal to HoDoKu's: {same} of {}", rows.len());
    let mut table: BTreeMap<(String, Level), usize> = BTreeMap::new();
    for r in &rows {
        *table.entry((r.hodoku.clone(), r.level)).or_default() += 1;
    }
    println!("HoDoKu level -> deduku level: count");
    for ((h, l), n) in &table {
        println!("  {h:8} -> {:8} {n}", l.name());
    }
    let mut by_er: BTreeMap<u32, Vec<f64>> = BTreeMap::new();
    for r in &rows {
        by_er.entry((r.er * 10.0).round() as u32).or_default().push(r.ours);
    }
    println!("ER: deduku's difficulties (min / median / max, count)");
    for (er, mut ours) in by_er {
        ours.sort_by(f64::total_cmp);
        let show = |x: f64| tenths((x * 10.0).round() as u32);
        println!("  {}: {} / {} / {} ({})", tenths(er), show(ours[0]), show(ours[ours.len() / 2]), show(ours[ours.len() - 1]), ours.len());
    }
}

/// Ranks from 1, ties sharing the mean of their ranks.
fn ranks(xs: &[f64]) -> Vec<f64> {
    let mut order: Vec<usize> = (0..xs.len()).collect();
    order.sort_by(|&a, &b| xs[a].total_cmp(&xs[b]));
    let mut out = vec![0.0; xs.len()];
    let mut i = 0;
    while i < order.len() {
        let mut j = i;
        while j + 1 < order.len() && xs[order[j + 1]] == xs[order[i]] {
            j += 1;
        }
        let mean = (i + j) as f64 / 2.0 + 1.0;
        for &k in &order[i..=j] {
            out[k] = mean;
        }
        i = j + 1;
    }
    out
}

/// Spearman's rank correlation: Pearson's of the ranks (ties averaged).
fn spearman(a: &[f64], b: &[f64]) -> f64 {
    let (ra, rb) = (ranks(a), ranks(b));
    let n = ra.len() as f64;
    let (ma, mb) = (ra.iter().sum::<f64>() / n, rb.iter().sum::<f64>() / n);
    let cov: f64 = ra.iter().zip(&rb).map(|(x, y)| (x - ma) * (y - mb)).sum();
    let va: f64 = ra.iter().map(|x| (x - ma).powi(2)).sum();
    let vb: f64 = rb.iter().map(|y| (y - mb).powi(2)).sum();
    cov / (va * vb).sqrt()
}
