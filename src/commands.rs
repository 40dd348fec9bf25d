//! The subcommands: reading puzzles, running the library, printing results.

use std::io::{self, BufWriter, IsTerminal, Read, Write};
use std::path::Path;
use std::process::ExitCode;
use std::sync::Arc;

use anyhow::{Context, Result, bail};

use deduku::formats::{self, Origin, Puzzle, solution_line};
use deduku::rating;
use deduku::render::{board, json, text};
use deduku::search;
use deduku::solver::{Outcome, Solver, Status};
use deduku::strategies::{self, REGISTRY, Technique};
use deduku::{Grid, Layout, Rule, Rules};

use crate::cli::{CheckArgs, Format, LearnArgs, RateArgs, RateFormat, RuleArgs, SolveArgs};

/// Exit code when some puzzle was not solved, or is not unique.
const NOT_ALL: u8 = 1;

fn layout(rules: &RuleArgs) -> Arc<Layout> {
    let mut set = Rules::classic();
    if rules.anti_knight {
        set = set.with(Rule::AntiKnight);
    }
    if rules.anti_king {
        set = set.with(Rule::AntiKing);
    }
    Arc::new(Layout::classic(set))
}

/// Reads every puzzle named on the command line: literal puzzles, files, or standard input
/// (for `-` or when nothing is named).
fn read_puzzles(args: &[String], size: usize) -> Result<Vec<Puzzle>> {
    let stdin_only = [String::from("-")];
    let args = if args.is_empty() { &stdin_only[..] } else { args };
    let mut puzzles = Vec::new();
    let mut stdin_read = false;
    for (index, arg) in args.iter().enumerate() {
        let (text, origin) = if arg == "-" {
            if stdin_read {
                continue;
            }
            stdin_read = true;
            if io::stdin().is_terminal() {
                eprintln!("deduku: reading puzzles from standard input (end with Ctrl-D); see --help for other ways");
            }
            let mut text = String::new();
            io::stdin().read_to_string(&mut text).context("cannot read standard input")?;
            (text, Origin::StandardInput)
        } else if Path::new(arg).is_file() {
            let text = std::fs::read_to_string(arg).with_context(|| format!("cannot read {arg}"))?;
            (text, Origin::File(arg.clone()))
        } else if looks_like_puzzle(arg, size) {
            (arg.clone(), Origin::Argument(index + 1))
        } else if Path::new(arg).exists() {
            bail!("{arg} is not a file");
        } else {
            bail!("{arg}: no such file, and not a puzzle ({} cells of digits, '.' or '0')", size * size);
        };
        puzzles.extend(formats::parse_puzzles(&text, size, origin)?);
    }
    Ok(puzzles)
}

/// An argument that is meant as a puzzle: as long as one, or made of puzzle characters only.
fn looks_like_puzzle(arg: &str, size: usize) -> bool {
    arg.chars().count() == size * size || arg.chars().all(|c| c.is_ascii_digit() || c == '.')
}

/// The techniques picked with `--strategies` (in that order), or the registry's defaults;
/// without those that assume uniqueness under `--no-uniqueness`.
fn pick_techniques(ids: Option<&[String]>, no_uniqueness: bool) -> Result<Vec<&'static Technique>> {
    let Some(ids) = ids else {
        return Ok(REGISTRY.iter().filter(|t| t.default && !(no_uniqueness && t.uniqueness)).collect());
    };
    let mut picked: Vec<&'static Technique> = Vec::new();
    for id in ids.iter().map(|s| s.trim()) {
        let Some(technique) = strategies::by_id(id) else {
            let valid: Vec<&str> = REGISTRY.iter().map(|t| t.id).collect();
            bail!("unknown strategy '{id}'; valid ids are: {}", valid.join(", "));
        };
        if picked.iter().any(|t| t.id == id) {
            bail!("strategy '{id}' is listed twice");
        }
        if no_uniqueness && technique.uniqueness {
            bail!("'{id}' assumes a unique solution, which --no-uniqueness rules out");
        }
        picked.push(technique);
    }
    if picked.is_empty() {
        bail!("--strategies needs at least one id (see --list-strategies)");
    }
    Ok(picked)
}

pub fn solve(args: &SolveArgs) -> Result<ExitCode> {
    let mut out = BufWriter::new(io::stdout().lock());
    if args.list_strategies {
        write!(out, "{}", technique_table(""))?;
        out.flush()?;
        return Ok(ExitCode::SUCCESS);
    }
    let layout = layout(&args.rules);
    let techniques = pick_techniques(args.strategies.as_deref(), args.no_uniqueness)?;
    let solver = Solver::from_techniques(&techniques).backtracking(!args.no_backtrack);
    let puzzles = read_puzzles(&args.puzzles, layout.size())?;
    let mut all_solved = true;
    for (i, puzzle) in puzzles.iter().enumerate() {
        let outcome = solver.solve(layout.clone(), &puzzle.givens);
        log::info!("puzzle {}: {} in {} steps", i + 1, outcome.status.id(), outcome.steps().len());
        all_solved &= outcome.status == Status::Solved;
        match args.format {
            Format::Line => match &outcome.solution {
                Some(solution) => writeln!(out, "{}", solution_line(solution))?,
                None => writeln!(out, "{}", outcome.status.id())?,
            },
            Format::Json => {
                serde_json::to_writer(&mut out, &json::report(&layout, &puzzle.givens, &outcome))?;
                writeln!(out)?;
            }
            Format::Text => {
                if i > 0 {
                    writeln!(out)?;
                }
                write_text(&mut out, &layout, puzzle, &outcome, args.show_grid)?;
            }
        }
    }
    out.flush()?;
    Ok(if all_solved { ExitCode::SUCCESS } else { ExitCode::from(NOT_ALL) })
}

/// The text report of one puzzle: header, givens, steps, and how it ended.
fn write_text(out: &mut impl Write, layout: &Layout, puzzle: &Puzzle, outcome: &Outcome, show_grid: bool) -> io::Result<()> {
    let rules: Vec<&str> = layout.rules().iter().map(|r| r.id()).collect();
    let rules = if rules.is_empty() { String::new() } else { format!(" [{}]", rules.join(", ")) };
    let place = match &puzzle.origin {
        Origin::Argument(n) => format!("argument {n}"),
        origin => format!("{origin}, line {}", puzzle.line),
    };
    writeln!(out, "Puzzle {} ({place}){rules}: {}", puzzle.number, formats::to_line(&puzzle.givens))?;
    write!(out, "{}", board::values(layout, &puzzle.givens))?;
    let steps = outcome.steps();
    if !steps.is_empty() {
        writeln!(out)?;
    }
    let states = if show_grid { outcome.grid.as_ref().map(Grid::replay).unwrap_or_default() } else { Vec::new() };
    let width = steps.len().to_string().len();
    for (n, step) in steps.iter().enumerate() {
        writeln!(out, "{:>width$}. {}", n + 1, text::explain(layout, step))?;
        if let Some(before) = states.get(n) {
            write!(out, "{}", board::candidates(before, Some(step)))?;
        }
    }
    writeln!(out)?;
    let logical = steps.iter().filter(|d| !d.is_search()).count();
    match outcome.status {
        Status::Solved if outcome.backtracked() => writeln!(
            out,
            "Solved with backtracking: {logical} logical steps, then a search (not logic) filled the rest."
        )?,
        Status::Solved => {
            let hardest = steps.iter().filter_map(|d| strategies::by_id(d.technique)).max_by_key(|t| t.difficulty);
            match hardest {
                Some(t) => writeln!(out, "Solved by logic in {logical} steps; hardest: {} ({}).", t.name, t.difficulty_text())?,
                None => writeln!(out, "Already solved.")?,
            }
        }
        Status::Invalid => writeln!(out, "Invalid: {}.", json::reason(layout, outcome).unwrap_or_default())?,
        Status::NoSolution => writeln!(out, "No solution: {}.", json::reason(layout, outcome).unwrap_or_default())?,
        Status::MultipleSolutions => {
            writeln!(out, "Multiple solutions: this puzzle has more than one; two of them:")?;
            for example in &outcome.examples {
                writeln!(out, "{}", solution_line(example))?;
            }
        }
        Status::Stuck => {
            writeln!(out, "Stuck after {logical} steps: no technique in use applies, and backtracking is off.")?;
            if let Some(grid) = &outcome.grid {
                write!(out, "{}", board::candidates(grid, None))?;
            }
        }
    }
    if let Some(solution) = &outcome.solution {
        let cells: Vec<Option<u8>> = solution.iter().map(|&d| Some(d)).collect();
        write!(out, "{}", board::values(layout, &cells))?;
    }
    Ok(())
}

pub fn check(args: &CheckArgs) -> Result<ExitCode> {
    let layout = layout(&args.rules);
    let puzzles = read_puzzles(&args.puzzles, layout.size())?;
    let limit = if args.count || args.all { args.limit } else { 2 };
    let keep = if args.all { limit } else { 0 };
    let mut out = BufWriter::new(io::stdout().lock());
    let mut all_unique = true;
    for puzzle in &puzzles {
        let found = match Grid::new(layout.clone(), &puzzle.givens) {
            Ok(grid) => search::solutions(&grid, limit, keep),
            Err(clash) => {
                eprintln!("deduku: {}, puzzle {}: the givens clash: {}", puzzle.origin, puzzle.number, text::clash(&layout, &clash));
                Default::default()
            }
        };
        all_unique &= found.count == 1 && !found.hit_limit;
        let count = if found.hit_limit { format!("{}+", found.count) } else { found.count.to_string() };
        if args.all {
            let plural = if found.count == 1 && !found.hit_limit { "" } else { "s" };
            writeln!(out, "# puzzle {}: {count} solution{plural}", puzzle.number)?;
            for solution in &found.solutions {
                writeln!(out, "{}", solution_line(solution))?;
            }
        } else if args.count {
            writeln!(out, "{count}")?;
        } else {
            let word = match found.count {
                0 => "none",
                1 => "unique",
                _ => "multiple",
            };
            writeln!(out, "{word}")?;
        }
    }
    out.flush()?;
    Ok(if all_unique { ExitCode::SUCCESS } else { ExitCode::from(NOT_ALL) })
}

/// One puzzle's rating, as printed by `rate --format json`.
#[derive(serde::Serialize)]
struct RateReport {
    puzzle: String,
    status: &'static str,
    level: Option<&'static str>,
    difficulty: Option<f64>,
    hardest: Option<&'static str>,
    total: Option<f64>,
    steps: Option<usize>,
    backtracked: bool,
}

pub fn rate(args: &RateArgs) -> Result<ExitCode> {
    let layout = layout(&args.rules);
    let techniques = pick_techniques(None, args.no_uniqueness)?;
    let solver = Solver::from_techniques(&techniques);
    let puzzles = read_puzzles(&args.puzzles, layout.size())?;
    let mut out = BufWriter::new(io::stdout().lock());
    let mut all_rated = true;
    for puzzle in &puzzles {
        let outcome = solver.solve(layout.clone(), &puzzle.givens);
        let rated = rating::rate(&outcome);
        all_rated &= rated.is_some();
        let line = formats::to_line(&puzzle.givens);
        match args.format {
            RateFormat::Json => {
                let report = RateReport {
                    puzzle: line,
                    status: outcome.status.id(),
                    level: rated.map(|r| r.level.name()),
                    difficulty: rated.map(|r| f64::from(r.difficulty) / 10.0),
                    hardest: rated.and_then(|r| r.hardest).map(|t| t.id),
                    total: rated.map(|r| f64::from(r.total) / 10.0),
                    steps: rated.map(|r| r.steps),
                    backtracked: outcome.backtracked(),
                };
                serde_json::to_writer(&mut out, &report)?;
                writeln!(out)?;
            }
            RateFormat::Text => match rated {
                Some(r) => {
                    let hardest = r.hardest.map_or("(none)", |t| t.name);
                    let guessing = if r.needs_guessing { "  (needs guessing)" } else { "" };
                    writeln!(
                        out,
                        "{:<8} {:>4}  {hardest:<28} total {:>6}  steps {:>3}  {line}{guessing}",
                        r.level.name(),
                        rating::tenths(u32::from(r.difficulty)),
                        rating::tenths(r.total),
                        r.steps
                    )?;
                }
                None => {
                    let word = match outcome.status {
                        Status::NoSolution => "none",
                        Status::MultipleSolutions => "multiple",
                        status => status.id(),
                    };
                    writeln!(out, "{word:<8} {:>4}  {:<28} {:>12}  {:>9}  {line}", "-", "-", "", "")?
                }
            },
        }
    }
    out.flush()?;
    Ok(if all_rated { ExitCode::SUCCESS } else { ExitCode::from(NOT_ALL) })
}

/// The registry as a table, one technique a line in default order: id, name, family,
/// difficulty, and a note for techniques that are off by default or rely on uniqueness.
fn technique_table(indent: &str) -> String {
    let width = |f: fn(&Technique) -> &str| REGISTRY.iter().map(|t| f(t).len()).max().unwrap_or(0);
    let (id, name, family) = (width(|t| t.id), width(|t| t.name), width(|t| t.family));
    let mut out = String::new();
    for t in REGISTRY.iter() {
        let mut notes = Vec::new();
        if !t.default {
            notes.push("off by default");
        }
        if t.uniqueness {
            notes.push("needs a unique solution");
        }
        let note = if notes.is_empty() { String::new() } else { format!("  ({})", notes.join(", ")) };
        out.push_str(&format!("{indent}{:<id$}  {:<name$}  {:<family$}  {}{note}\n", t.id, t.name, t.family, t.difficulty_text()));
    }
    out
}

pub fn learn(args: &LearnArgs) -> Result<ExitCode> {
    let mut out = BufWriter::new(io::stdout().lock());
    match &args.technique {
        None => {
            writeln!(out, "Techniques, easiest first (`deduku learn <id>` shows a guide):")?;
            write!(out, "{}", technique_table("  "))?;
        }
        Some(id) => {
            let Some(t) = strategies::by_id(id) else {
                let valid: Vec<&str> = REGISTRY.iter().map(|t| t.id).collect();
                bail!("no technique '{id}'; valid ids are: {}", valid.join(", "));
            };
            write!(out, "{}", t.guide)?;
        }
    }
    out.flush()?;
    Ok(ExitCode::SUCCESS)
}
