//! The subcommands: the work on each puzzle (run in parallel and in order by `batch`),
//! generating puzzles, and printing results.

use std::io::{self, BufWriter, Write};
use std::process::ExitCode;
use std::sync::Arc;

use anyhow::{Context, Result, anyhow, bail};
use rayon::prelude::*;

use deduku::formats::{self, Origin, Puzzle, solution_line};
use deduku::generate::{GenerateError, GenerateOptions, Generated, Rng, Symmetry, generate_with};
use deduku::generate_marks::{MARK_RULES, MarkOptions, check_marks, generate_marked};
use deduku::rating;
use deduku::constraints::Constraint;
use deduku::killer;
use deduku::layout::LayoutSpec;
use deduku::regions;
use deduku::render::{board, html, json, plain, text};
use deduku::search::{self, Found};
use deduku::solver::{Outcome, Solver, Status};
use deduku::strategies::{self, REGISTRY, Technique};
use deduku::{Grid, Layout, Rule, Rules};

use crate::batch::{self, Done};
use crate::ids;
use crate::quick;
use crate::cli::{CheckArgs, DiagonalChoice, Format, GenerateArgs, GenerateFormat, LearnArgs, RateArgs, RateFormat, RuleArgs, SolveArgs, SymmetryChoice};

/// The column plain explanations (`solve --explain`) are wrapped at.
const EXPLAIN_WIDTH: usize = 90;

/// Exit code when some puzzle was not solved, or is not unique.
pub(crate) const NOT_ALL: u8 = 1;

/// The rules the flags turn on.
fn rules_of(args: &RuleArgs) -> Rules {
    let diagonals = match args.diagonal {
        None => &[][..],
        Some(DiagonalChoice::Both) => &[Rule::DiagonalMain, Rule::DiagonalAnti][..],
        Some(DiagonalChoice::Main) => &[Rule::DiagonalMain][..],
        Some(DiagonalChoice::Anti) => &[Rule::DiagonalAnti][..],
    };
    let flags = [(args.anti_knight, Rule::AntiKnight), (args.anti_king, Rule::AntiKing), (args.windoku, Rule::Windoku), (args.disjoint, Rule::Disjoint), (args.non_consecutive, Rule::NonConsecutive)];
    let on = flags.into_iter().filter(|(on, _)| *on).map(|(_, rule)| rule).chain(diagonals.iter().copied());
    on.fold(Rules::classic(), Rules::with)
}

/// The layout the shape and rule flags ask for, or a line naming what is wrong.
pub(crate) fn layout(args: &RuleArgs) -> Result<Arc<Layout>> {
    if let Some(arg) = &args.regions {
        let (size, regions) = regions_of(arg, args.size)?;
        let (rules, constraints) = cages_of(args, size, rules_of(args))?;
        let spec = LayoutSpec { size, rules, constraints, regions: Some(regions), ..LayoutSpec::default() };
        let layout = spec.build().map_err(|e| anyhow!("--regions: {e}"))?;
        return Ok(Arc::new(layout));
    }
    let size = args.size.unwrap_or(9);
    let (rows, cols) = match args.boxes {
        Some(shape) => shape,
        None => Layout::default_boxes(size).with_context(|| format!("a {size}x{size} grid has no boxes of equal shape; give --boxes RxC"))?,
    };
    let (rules, constraints) = cages_of(args, size, rules_of(args))?;
    let spec = LayoutSpec { size, boxes: Some((rows, cols)), rules, constraints, ..LayoutSpec::default() };
    let layout = spec.build().map_err(|e| anyhow!("--size {size} --boxes {rows}x{cols}: {e}"))?;
    Ok(Arc::new(layout))
}

/// The rules with killer cages when `--cages` names a file, and the cages it lists for a
/// `size`x`size` grid; `rules` alone without it.
fn cages_of(args: &RuleArgs, size: usize, rules: Rules) -> Result<(Rules, Vec<Constraint>)> {
    let Some(path) = &args.cages else { return Ok((rules, Vec::new())) };
    let text = std::fs::read_to_string(path).with_context(|| format!("--cages: cannot read {path}"))?;
    let cages = killer::parse(&text, size).map_err(|e| anyhow!("--cages {path}: {e}"))?;
    let constraints = cages.into_iter().map(|c| Constraint::Cage { rule: Rule::Killer, cells: c.cells, sum: c.sum }).collect();
    Ok((rules.with(Rule::Killer), constraints))
}

/// The size lines are read at, and whether a line of another square length (16 cells, 36,
/// 256 ...) may bring its own: only when none of `--size`, `--boxes`, `--regions` and `--cages`
/// says otherwise.
pub(crate) fn sizing(args: &RuleArgs, layout: &Layout) -> (usize, bool) {
    (layout.size(), args.size.is_none() && args.boxes.is_none() && args.regions.is_none() && args.cages.is_none())
}

/// The layout the flags ask for, built on first use when they ask for the classic grid alone.
/// Why: the line path of `check` and `solve` never needs a layout, and building one costs
/// more than solving a quick puzzle (a tenth of a run over top1465). Flags that ask for more
/// are built at once, so their errors stop the command before any puzzle.
pub(crate) struct FlagLayout<'a> {
    args: &'a RuleArgs,
    built: std::sync::OnceLock<Arc<Layout>>,
}

impl<'a> FlagLayout<'a> {
    pub(crate) fn new(args: &'a RuleArgs) -> Result<FlagLayout<'a>> {
        let built = std::sync::OnceLock::new();
        if !plain_flags(args) {
            let _ = built.set(layout(args)?);
        }
        Ok(FlagLayout { args, built })
    }

    pub(crate) fn get(&self) -> &Arc<Layout> {
        self.built.get_or_init(|| layout(self.args).expect("the classic layout always builds"))
    }
}

/// Whether the flags ask for the classic grid alone: no size, boxes, regions, cages or rule.
/// Batch commands then take the line path ([`quick`]) for classic 9x9 lines.
fn plain_flags(args: &RuleArgs) -> bool {
    args.size.is_none() && args.boxes.is_none() && args.regions.is_none() && args.cages.is_none() && rules_of(args).is_classic()
}

/// The size and each cell's region that `--regions` gives: its text, or the text of the file
/// it names (an argument with a `/` or a `.`, which regions never hold, or an existing file).
fn regions_of(arg: &str, size: Option<usize>) -> Result<(usize, Vec<usize>)> {
    let path = std::path::Path::new(arg);
    let text = if arg.contains(['/', '.']) || path.is_file() {
        std::fs::read_to_string(path).with_context(|| format!("--regions: cannot read {arg}"))?
    } else {
        arg.to_string()
    };
    regions::parse(&text, size).map_err(|e| anyhow!("--regions: {e}"))
}

/// The layout of one puzzle: `base` (from the flags), or for a puzzle that brings its own
/// shape and rules (an f-puzzles link), that shape with its rules and the flags'.
pub(crate) fn layout_for(base: &Arc<Layout>, args: &RuleArgs, puzzle: &Puzzle) -> Result<Arc<Layout>, String> {
    match &puzzle.variant {
        None => Ok(base.clone()),
        // Why refused: a link brings its own cages, and cages drawn for another grid would
        // be laid over them unseen.
        Some(_) if args.cages.is_some() => Err("--cages applies to puzzles given as lines or grids; an f-puzzles link brings its own cages".into()),
        Some(variant) => variant.layout(&rules_of(args)).map(Arc::new),
    }
}

/// What `--keep-going` writes in place of a malformed puzzle (`None` without the flag): a
/// line `invalid-input`, or in JSON an object with that status and the located error.
fn invalid_input(keep_going: bool, json: bool) -> Option<impl Fn(&str) -> Vec<u8> + Sync> {
    keep_going.then_some(move |error: &str| {
        if !json {
            return b"invalid-input\n".to_vec();
        }
        #[derive(serde::Serialize)]
        struct Malformed<'a> {
            status: &'static str,
            error: &'a str,
        }
        let mut line = serde_json::to_vec(&Malformed { status: "invalid-input", error }).expect("a report serializes");
        line.push(b'\n');
        line
    })
}

/// The report of a puzzle whose layout cannot be built.
pub(crate) fn layout_problem(puzzle: &Puzzle, problem: String) -> Done {
    Done { output: Vec::new(), warning: Some(format!("{}, puzzle {}: {problem}", puzzle.origin, puzzle.number)), ok: false }
}


/// `deduku completions SHELL`: the completion script clap writes from the definitions in
/// `cli.rs`, so it follows every change of subcommand or flag.
pub fn completions(shell: clap_complete::Shell) -> Result<ExitCode> {
    let mut command = crate::cli::whole_command();
    let mut out = BufWriter::new(io::stdout().lock());
    clap_complete::generate(shell, &mut command, "deduku", &mut out);
    out.flush()?;
    Ok(ExitCode::SUCCESS)
}

/// `deduku man`: the manual page in roff. Why one page: a reader finds every subcommand's
/// flags and examples with one `man deduku`, as in ripgrep's page; each subcommand gets a
/// section (`DEDUKU SOLVE`) whose parts clap_mangen writes as sections of their own, turned
/// into subsections here.
pub fn man() -> Result<ExitCode> {
    let command = crate::cli::whole_command().disable_help_subcommand(true);
    let mut top = Vec::new();
    clap_mangen::Man::new(command.clone()).render(&mut top)?;
    // Why rewritten: the subcommands are listed as pages of their own (`deduku-solve(1)`),
    // which do not exist; here they are sections below.
    let mut top = String::from_utf8_lossy(&top).replace(".SH EXTRA", ".SH NOTES");
    for sub in command.get_subcommands() {
        top = top.replace(&format!("deduku\\-{}(1)", sub.get_name()), &format!("\\fBdeduku {}\\fR", sub.get_name()));
    }
    let mut page = top.into_bytes();
    for sub in command.get_subcommands().filter(|s| !s.is_hide_set()) {
        let name = format!("deduku {}", sub.get_name());
        let man = clap_mangen::Man::new(sub.clone().display_name(name.clone()).bin_name(name.clone()));
        let mut parts = Vec::new();
        man.render_description_section(&mut parts)?;
        man.render_synopsis_section(&mut parts)?;
        if sub.get_arguments().any(|a| !a.is_hide_set()) {
            man.render_options_section(&mut parts)?;
        }
        if sub.get_after_help().is_some() {
            man.render_extra_section(&mut parts)?;
        }
        writeln!(page, ".SH \"{}\"", name.to_uppercase())?;
        for line in String::from_utf8_lossy(&parts).lines() {
            let line = line.strip_prefix(".SH DESCRIPTION").map_or(line.to_string(), |_| String::new());
            let line = line.strip_prefix(".SH ").map_or(line.clone(), |heading| format!(".SS {heading}"));
            let line = if line == ".SS EXTRA" { ".SS NOTES".to_string() } else { line };
            if !line.is_empty() {
                writeln!(page, "{line}")?;
            }
        }
    }
    let mut out = io::stdout().lock();
    out.write_all(&page)?;
    out.flush()?;
    Ok(ExitCode::SUCCESS)
}

/// `deduku rules`: every variant rule, its flag and what it asks.
pub fn rules() -> Result<ExitCode> {
    let mut out = BufWriter::new(io::stdout().lock());
    writeln!(out, "Variant rules (each on with its flag, or read from an f-puzzles link; they combine):")?;
    let flag = |rule: Rule| match rule {
        Rule::DiagonalMain => "--diagonal=main".to_string(),
        Rule::DiagonalAnti => "--diagonal=anti".to_string(),
        Rule::Jigsaw => "--regions R".to_string(),
        Rule::Killer => "--cages FILE".to_string(),
        r if r.carries_data() => format!("link: {}", r.fpuzzles_keys()),
        _ => format!("--{}", rule.id()),
    };
    let width = Rule::ALL.iter().map(|&r| flag(r).len()).max().unwrap_or(0);
    for rule in Rule::ALL {
        writeln!(out, "  {:<width$}  {}", flag(rule), rule.summary())?;
    }
    writeln!(out, "  {:<width$}  both diagonals", "--diagonal")?;
    out.flush()?;
    Ok(ExitCode::SUCCESS)
}

/// The techniques picked with `--strategies` (in that order), or the registry's defaults;
/// without those that assume uniqueness under `--no-uniqueness`.
pub(crate) fn pick_techniques(ids: Option<&[String]>, no_uniqueness: bool) -> Result<Vec<&'static Technique>> {
    let Some(ids) = ids else {
        return Ok(REGISTRY.iter().filter(|t| t.default && !(no_uniqueness && t.uniqueness)).collect());
    };
    let mut picked: Vec<&'static Technique> = Vec::new();
    for query in ids.iter().map(|s| s.trim()) {
        let technique = ids::technique(query).context("--strategies")?;
        let id = technique.id;
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
    if args.list_strategies {
        let mut out = BufWriter::new(io::stdout().lock());
        write!(out, "{}", technique_table(""))?;
        out.flush()?;
        return Ok(ExitCode::SUCCESS);
    }
    let layout = FlagLayout::new(&args.rules)?;
    let all = pick_techniques(args.strategies.as_deref(), args.no_uniqueness)?;
    let techniques: Vec<&Technique> = all.iter().copied().filter(|t| args.max_difficulty.is_none_or(|max| t.difficulty <= max)).collect();
    if techniques.is_empty() {
        bail!("no technique in use is within --max-difficulty (the easiest is {})", all.iter().map(|t| t.difficulty_text()).min().unwrap_or_default());
    }
    let solver = Solver::from_techniques(&techniques).backtracking(!args.no_backtrack);
    log::info!("{} techniques in use (easiest first): {}", techniques.len(), techniques.iter().map(|t| t.id).collect::<Vec<_>>().join(", "));
    let started = std::time::Instant::now();
    let chunk = if matches!(args.format, Format::Text | Format::Html) { batch::REPORT_CHUNK } else { batch::CHUNK };
    // Why a flag: the page's end is written only after its start, which goes out with the
    // first puzzle (so an input that fails to read prints nothing).
    let page_started = std::sync::atomic::AtomicBool::new(false);
    let bad = invalid_input(args.input.keep_going, args.format == Format::Json);
    let general = |index, puzzle: &Puzzle| {
        let mut done = match layout_for(layout.get(), &args.rules, puzzle) {
            Ok(layout) => solve_one(&solver, &all, &layout, index, puzzle, args).expect("writing to memory cannot fail"),
            Err(problem) => layout_problem(puzzle, problem),
        };
        if args.format == Format::Html && index == 0 {
            done.output.splice(0..0, html::page_start("deduku: step by step").into_bytes());
            page_started.store(true, std::sync::atomic::Ordering::Relaxed);
        }
        done
    };
    // Why the search alone may answer: a line holds the solution or the status word, and with
    // the search to fall back on, both are the same whatever logic does first (logic is
    // sound: it finds no contradiction in a puzzle with a solution, and solves none with
    // two). Under -v the log tells what logic did, so logic runs.
    let searched = args.format == Format::Line && !args.no_backtrack && !log::log_enabled!(log::Level::Info);
    let all_solved = if searched && plain_flags(&args.rules) {
        let line = |found: &Found, out: &mut Vec<u8>| match found.count {
            0 => None,
            1 => {
                out.extend(found.solutions[0].iter().map(|&d| b'0' + d));
                out.push(b'\n');
                Some(true)
            }
            _ => {
                out.extend_from_slice(Status::MultipleSolutions.id().as_bytes());
                out.push(b'\n');
                Some(false)
            }
        };
        quick::run(&args.puzzles, args.jobs.jobs, &quick::Plan { limit: 2, keep: 1, emit: &line }, bad, general)?
    } else {
        batch::run_with(&args.puzzles, sizing(&args.rules, layout.get()), args.jobs.jobs, chunk, bad, general)?
    };
    if page_started.into_inner() {
        let mut out = io::stdout().lock();
        out.write_all(html::page_end().as_bytes())?;
        out.flush()?;
    }
    log::info!("reading, solving and writing took {:.1?} in all", started.elapsed());
    Ok(if all_solved { ExitCode::SUCCESS } else { ExitCode::from(NOT_ALL) })
}

/// Solves one puzzle (number `index` from 0 over all inputs) and writes its report in the
/// chosen format.
fn solve_one(solver: &Solver, all: &[&'static Technique], layout: &Arc<Layout>, index: usize, puzzle: &Puzzle, args: &SolveArgs) -> io::Result<Done> {
    let started = std::time::Instant::now();
    let outcome = match puzzle.grid(layout.clone()) {
        Ok((grid, cleared)) => {
            if !cleared.is_empty() {
                let list: Vec<String> = cleared.iter().map(|e| text::elimination(layout, e)).collect();
                log::warn!("puzzle {}: cleared pencilmarks that placed digits rule out: {}", index + 1, list.join(", "));
            }
            solver.solve_grid(grid)
        }
        Err(clash) => Outcome::invalid(clash),
    };
    let solved = started.elapsed();
    let mut out = Vec::new();
    match args.format {
        Format::Line => match &outcome.solution {
            Some(solution) => writeln!(out, "{}", solution_line(solution))?,
            None => writeln!(out, "{}", outcome.status.id())?,
        },
        Format::Json => {
            let mut report = json::report(layout, &puzzle.givens, &outcome);
            if args.explain {
                for (step, d) in report.steps.iter_mut().zip(outcome.steps()) {
                    step.plain = Some(plain::explain(layout, d));
                }
            }
            serde_json::to_writer(&mut out, &report)?;
            writeln!(out)?;
        }
        Format::Fpuzzles => writeln!(out, "{}", formats::fpuzzles_link(layout, &puzzle.givens, outcome.solution.as_deref()))?,
        Format::Html => {
            let heading = html::Heading { index, title: &heading(puzzle, layout), givens: &puzzle.givens };
            out.extend_from_slice(html::section(layout, &heading, &outcome).as_bytes());
        }
        Format::Text => {
            if index > 0 {
                writeln!(out)?;
            }
            write_text(&mut out, layout, puzzle, &outcome, args)?;
            if let Some(max) = args.max_difficulty {
                beyond(&mut out, all, &outcome, max)?;
            }
        }
    }
    log_solve(index, &outcome, solved, started.elapsed() - solved);
    Ok(Done { output: out, warning: None, ok: outcome.status == Status::Solved })
}

/// What `-v` says of one solve that stdout does not: the time to solve and to write the
/// report, how many steps logic took and whether a search followed; with `-vv`, how often
/// each technique fired.
fn log_solve(index: usize, outcome: &Outcome, solved: std::time::Duration, written: std::time::Duration) {
    if !log::log_enabled!(log::Level::Info) {
        return;
    }
    let steps = outcome.steps();
    let logical = steps.iter().filter(|d| !d.is_search()).count();
    let search = match (outcome.backtracked(), outcome.search) {
        (false, _) => "no search".to_owned(),
        (true, Some(s)) => format!("then a search ({} guesses)", s.guesses),
        (true, None) => "then a search (past the explained backtracker's bound)".to_owned(),
    };
    log::info!("puzzle {}: {} after {logical} logical steps, {search}; solved in {solved:.1?}, report written in {written:.1?}", index + 1, outcome.status.id());
    if log::log_enabled!(log::Level::Debug) {
        let mut counts: Vec<(&str, usize)> = Vec::new();
        for d in steps.iter().filter(|d| !d.is_search()) {
            match counts.iter_mut().find(|(id, _)| *id == d.technique) {
                Some((_, n)) => *n += 1,
                None => counts.push((d.technique, 1)),
            }
        }
        let list: Vec<String> = counts.iter().map(|(id, n)| format!("{id} {n}")).collect();
        log::debug!("puzzle {}: techniques that fired, in order of first use: {}", index + 1, list.join(", "));
    }
}

/// Under `--max-difficulty`, when logic stopped short: which harder technique the next
/// step needs, from where logic stopped (before the search's fill, if any).
fn beyond(out: &mut impl Write, all: &[&'static Technique], outcome: &Outcome, max: u16) -> io::Result<()> {
    let Some(grid) = &outcome.grid else { return Ok(()) };
    let stopped = match outcome.status {
        Status::Stuck => grid.clone(),
        Status::Solved if outcome.backtracked() => {
            let states = grid.replay();
            states[states.len().saturating_sub(2)].clone()
        }
        _ => return Ok(()),
    };
    let ask = deduku::hint::Ask { techniques: all, max_difficulty: Some(max) };
    let within = format!("{}.{}", max / 10, max % 10);
    match deduku::hint::next(&stopped, &ask) {
        deduku::hint::Next::TooHard(Some(step)) => {
            let t = strategies::by_id(step.technique).expect("a registry technique fired");
            writeln!(out, "Beyond --max-difficulty {within}: the next step needs {} (difficulty {}).", t.name, t.difficulty_text())
        }
        deduku::hint::Next::TooHard(None) => writeln!(out, "Beyond --max-difficulty {within}: no technique applies; the next step needs search."),
        _ => Ok(()),
    }
}

/// A puzzle's heading: `Puzzle 2 (puzzles.txt, line 3) [anti-knight]`.
fn heading(puzzle: &Puzzle, layout: &Layout) -> String {
    let rules: Vec<&str> = layout.rules().iter().map(|r| r.id()).collect();
    let rules = if rules.is_empty() { String::new() } else { format!(" [{}]", rules.join(", ")) };
    let place = match &*puzzle.origin {
        Origin::Argument(n) => format!("argument {n}"),
        origin => format!("{origin}, line {}", puzzle.line),
    };
    format!("Puzzle {} ({place}){rules}", puzzle.number)
}

/// The width of the terminal stdout writes to, when it is one (none for a file or a pipe).
fn terminal_columns() -> Option<usize> {
    use std::io::IsTerminal;
    if !io::stdout().is_terminal() {
        return None;
    }
    terminal_size::terminal_size().map(|(terminal_size::Width(w), _)| usize::from(w)).filter(|&w| w >= 40)
}

/// The text report of one puzzle: header, givens, steps, and how it ended.
fn write_text(out: &mut impl Write, layout: &Layout, puzzle: &Puzzle, outcome: &Outcome, args: &SolveArgs) -> io::Result<()> {
    writeln!(out, "{}: {}", heading(puzzle, layout), formats::to_line(&puzzle.givens))?;
    // A position is shown as it was read, pencilmarks and all.
    match outcome.grid.as_ref().filter(|_| puzzle.position.is_some()) {
        Some(grid) => write!(out, "{}", board::candidates(&grid.started(), None))?,
        None => write!(out, "{}", board::values(layout, &puzzle.givens))?,
    }
    let steps = outcome.steps();
    if !steps.is_empty() {
        writeln!(out)?;
    }
    let states = if args.show_grid { outcome.grid.as_ref().map(Grid::replay).unwrap_or_default() } else { Vec::new() };
    let width = steps.len().to_string().len();
    let columns = terminal_columns();
    for (n, step) in steps.iter().enumerate() {
        let line = text::explain(layout, step);
        // Why only on a terminal: a file or a pipe keeps one step a line, for grep and diff.
        let line = match columns {
            Some(columns) => text::wrap_step(&line, columns.saturating_sub(width + 2), 4),
            None => line,
        };
        writeln!(out, "{:>width$}. {}", n + 1, line.replace('\n', &format!("\n{}", " ".repeat(width + 2))))?;
        if args.explain {
            // Under the step line, indented past its number.
            write!(out, "{}", plain::wrap(&plain::explain(layout, step), EXPLAIN_WIDTH, &" ".repeat(width + 2)))?;
        }
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
            // The first of the hardest steps, with its difficulty (its technique's, grown
            // with the size of its proof: see `rating::step_difficulty`).
            let hardest = steps.iter().filter_map(|d| Some((strategies::by_id(d.technique)?, rating::step_difficulty(d)?))).rev().max_by_key(|&(_, d)| d);
            match hardest {
                Some((t, d)) => writeln!(out, "Solved by logic in {logical} steps; hardest: {} ({}).", t.name, rating::tenths(u32::from(d)))?,
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
    let layout = FlagLayout::new(&args.rules)?;
    let bad = invalid_input(args.input.keep_going, args.format == RateFormat::Json);
    let general = |_, puzzle: &Puzzle| match layout_for(layout.get(), &args.rules, puzzle) {
        Ok(layout) => check_one(&layout, puzzle, args),
        Err(problem) => layout_problem(puzzle, problem),
    };
    let all_unique = if plain_flags(&args.rules) && args.format == RateFormat::Text && !args.all {
        let verdict = |found: &Found, out: &mut Vec<u8>| {
            (found.count > 0).then(|| {
                out.extend_from_slice(check_word(found.count, false).as_bytes());
                out.push(b'\n');
                check_ok(found)
            })
        };
        let count = |found: &Found, out: &mut Vec<u8>| {
            (found.count > 0).then(|| {
                out.extend_from_slice(count_text(found).as_bytes());
                out.push(b'\n');
                check_ok(found)
            })
        };
        let plan = if args.count { quick::Plan { limit: args.limit, keep: 0, emit: &count } } else { quick::Plan { limit: 2, keep: 0, emit: &verdict } };
        quick::run(&args.puzzles, args.jobs.jobs, &plan, bad, general)?
    } else {
        batch::run_with(&args.puzzles, sizing(&args.rules, layout.get()), args.jobs.jobs, batch::CHUNK, bad, general)?
    };
    Ok(if all_unique { ExitCode::SUCCESS } else { ExitCode::from(NOT_ALL) })
}

/// `check`'s word for a puzzle with `count` solutions (up to the limit), or whose givens
/// clash.
fn check_word(count: usize, clash: bool) -> &'static str {
    // Why `invalid` apart from `none`: clashing givens are a mistake in the puzzle as
    // written, the word `solve` and `rate` use for it too; `none` is a puzzle that is
    // well formed but has no solution.
    match count {
        _ if clash => "invalid",
        0 => "none",
        1 => "unique",
        _ => "multiple",
    }
}

/// `check --count`'s answer: the count, with a `+` when the search stopped at the limit.
fn count_text(found: &Found) -> String {
    if found.hit_limit { format!("{}+", found.count) } else { found.count.to_string() }
}

/// Whether `check` counts a puzzle as fine (exit code 0 when all are): exactly one solution.
fn check_ok(found: &Found) -> bool {
    found.count == 1 && !found.hit_limit
}

/// Counts one puzzle's solutions (up to the limit) and reports them as `check` asks.
fn check_one(layout: &Arc<Layout>, puzzle: &Puzzle, args: &CheckArgs) -> Done {
    let limit = if args.count || args.all { args.limit } else { 2 };
    let keep = if args.all { limit } else { 0 };
    // Straight from the givens where the search takes them; a grid only to name a clash
    // (a puzzle with no solution may have one) or for a position with pencilmarks.
    let direct = if puzzle.position.is_none() { search::solutions_of_givens(layout, &puzzle.givens, limit, keep) } else { None };
    let (found, clash) = match direct {
        Some(found) if found.count > 0 => (found, None),
        _ => match puzzle.grid(layout.clone()) {
            Ok((grid, _)) => (search::solutions(&grid, limit, keep), None),
            Err(clash) => (Found::default(), Some(text::clash(layout, &clash))),
        },
    };
    // Why a note, left out under --quiet: the verdict on stdout says the puzzle is invalid;
    // this only says where.
    let warning = clash.as_ref().filter(|_| !batch::quiet()).map(|c| format!("{}, puzzle {}: the givens clash: {c}", puzzle.origin, puzzle.number));
    let count = count_text(&found);
    let word = check_word(found.count, clash.is_some());
    let mut out = String::new();
    if args.format == RateFormat::Json {
        let report = CheckReport {
            puzzle: formats::to_line(&puzzle.givens),
            status: word,
            count: found.count,
            limit_reached: found.hit_limit,
            reason: clash,
            solutions: args.all.then(|| found.solutions.iter().map(|s| solution_line(s)).collect()),
        };
        out = serde_json::to_string(&report).expect("a report serializes");
        out.push('\n');
        // Why no warning line: the object says it, and stderr would repeat it.
        return Done { output: out.into_bytes(), warning: None, ok: check_ok(&found) };
    }
    if args.all && clash.is_some() {
        out.push_str(&format!("# puzzle {}: invalid\n", puzzle.number));
    } else if args.all {
        let plural = if found.count == 1 && !found.hit_limit { "" } else { "s" };
        out.push_str(&format!("# puzzle {}: {count} solution{plural}\n", puzzle.number));
        for solution in &found.solutions {
            out.push_str(&solution_line(solution));
            out.push('\n');
        }
    } else if args.count && clash.is_none() {
        out.push_str(&count);
        out.push('\n');
    } else {
        out.push_str(word);
        out.push('\n');
    }
    Done { output: out.into_bytes(), warning, ok: check_ok(&found) }
}

/// One puzzle's count, as printed by `check --format json`.
#[derive(serde::Serialize)]
struct CheckReport {
    puzzle: String,
    /// `unique`, `multiple`, `none`, or `invalid` (givens that clash).
    status: &'static str,
    /// Solutions found, up to the limit (2 unless --count or --all).
    count: usize,
    /// Whether counting stopped at the limit (there may be more).
    limit_reached: bool,
    #[serde(skip_serializing_if = "Option::is_none")]
    reason: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    solutions: Option<Vec<String>>,
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
    /// How much work the steps beyond the singles take (`rating::effort`), which can raise
    /// the level.
    effort: Option<u32>,
    steps: Option<usize>,
    backtracked: bool,
}

pub fn rate(args: &RateArgs) -> Result<ExitCode> {
    let layout = layout(&args.rules)?;
    let techniques = pick_techniques(None, args.no_uniqueness)?;
    let solver = Solver::from_techniques(&techniques);
    let bad = invalid_input(args.input.keep_going, args.format == RateFormat::Json);
    let all_rated = batch::run_with(&args.puzzles, sizing(&args.rules, &layout), args.jobs.jobs, batch::CHUNK, bad, |_, puzzle| {
        match layout_for(&layout, &args.rules, puzzle) {
            Ok(layout) => rate_one(&solver, &layout, puzzle, args.format).expect("writing to memory cannot fail"),
            Err(problem) => layout_problem(puzzle, problem),
        }
    })?;
    Ok(if all_rated { ExitCode::SUCCESS } else { ExitCode::from(NOT_ALL) })
}

/// Rates one puzzle: a line of text or a JSON object.
fn rate_one(solver: &Solver, layout: &Arc<Layout>, puzzle: &Puzzle, format: RateFormat) -> Result<Done> {
    let outcome = solver.solve(layout.clone(), &puzzle.givens);
    let rated = rating::rate(&outcome);
    let line = formats::to_line(&puzzle.givens);
    let mut out = Vec::new();
    match format {
        RateFormat::Json => {
            let report = RateReport {
                puzzle: line,
                status: outcome.status.id(),
                level: rated.map(|r| r.level.name()),
                difficulty: rated.map(|r| f64::from(r.difficulty) / 10.0),
                hardest: rated.and_then(|r| r.hardest).map(|t| t.id),
                total: rated.map(|r| f64::from(r.total) / 10.0),
                effort: rated.map(|r| r.effort),
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
                    "{:<8} {:>4}  {hardest:<28} total {:>6}  effort {:>4}  steps {:>3}  {line}{guessing}",
                    r.level.name(),
                    rating::tenths(u32::from(r.difficulty)),
                    rating::tenths(r.total),
                    r.effort,
                    r.steps
                )?;
            }
            None => {
                let word = outcome.status.id();
                writeln!(out, "{word:<8} {:>4}  {:<28} {:>12}  {:>11}  {:>9}  {line}", "-", "-", "", "", "")?
            }
        },
    }
    Ok(Done { output: out, warning: None, ok: rated.is_some() })
}

/// The registry as a table, one technique a line in default order: id, name, family,
/// difficulty, and a note for techniques that are off by default or rely on uniqueness.
fn technique_table(indent: &str) -> String {
    let width = |f: fn(&Technique) -> &str| REGISTRY.iter().map(|t| f(t).len()).max().unwrap_or(0);
    let (id, name, family) = (width(|t| t.id), width(|t| t.name), width(|t| t.family.id()));
    let mut out = String::new();
    for t in REGISTRY.iter() {
        let mut notes = Vec::new();
        if !t.default {
            notes.push("off by default");
        }
        if t.uniqueness {
            notes.push("needs a unique solution; off under variant rules");
        }
        let note = if notes.is_empty() { String::new() } else { format!("  ({})", notes.join(", ")) };
        out.push_str(&format!("{indent}{:<id$}  {:<name$}  {:<family$}  {}{note}\n", t.id, t.name, t.family.id(), t.difficulty_text()));
    }
    out
}

/// How many grids `generate` tries for one puzzle before giving up on `--max-clues` (its
/// help and the README say 200).
const GENERATE_TRIES: usize = 200;

/// The fewest givens a classic 9x9 puzzle with a unique solution can have (McGuire,
/// Tugemann and Civario's exhaustive search, 2012).
const CLASSIC_MIN_CLUES: usize = 17;

/// What `generate` makes: the layout of the flags, the marks asked for, and how to print.
struct Plan {
    layout: Arc<Layout>,
    marks: MarkOptions,
    format: GenerateFormat,
}

/// The layout, marks and output format of `generate`, or a line naming what is wrong.
fn generate_plan(args: &GenerateArgs) -> Result<Plan> {
    let mut flags = args.rules.clone();
    let mut marks = MarkOptions { rules: Vec::new(), negative: args.negative };
    // Why the rules with marks only: a suggestion or a list of the others would not help here.
    let markable: Vec<ids::Entry<Rule>> = ids::rules().into_iter().filter(|e| MARK_RULES.contains(&e.value) || e.value == Rule::NonConsecutive).collect();
    for query in args.with.iter().map(|s| s.trim()) {
        match ids::lookup(query, &markable).map(|e| e.value) {
            Some(Rule::NonConsecutive) => flags.non_consecutive = true,
            Some(rule) => {
                if marks.rules.contains(&rule) {
                    bail!("--with: '{}' is listed twice", rule.id());
                }
                marks.rules.push(rule);
            }
            None if ids::lookup(query, &ids::rules()).is_some() => {
                let list: Vec<String> = markable.iter().map(|e| format!("  {}", e.id)).collect();
                bail!("--with: '{query}' is a rule without marks, cages or lines (turn it on with its flag); the valid ids are:\n{}", list.join("\n"))
            }
            None => return Err(ids::unknown("rule", query, &markable).context("--with")),
        }
    }
    if args.negative && !marks.rules.iter().any(|r| matches!(r, Rule::KropkiWhite | Rule::KropkiBlack | Rule::Xv)) {
        bail!("--negative needs kropki-white, kropki-black or xv in --with");
    }
    if args.jigsaw && !marks.rules.is_empty() {
        bail!("--jigsaw with --with is not supported yet: give the marks' puzzles the usual boxes");
    }
    let layout = if args.jigsaw { jigsaw_layout(args, &mut Rng::new(0))? } else { layout(&flags)? };
    check_marks(layout.size(), &marks).map_err(|e| anyhow!("--with: {e}"))?;
    let format = args.format.unwrap_or(if marks.rules.is_empty() { GenerateFormat::Line } else { GenerateFormat::Fpuzzles });
    if format == GenerateFormat::Line && !marks.rules.is_empty() {
        bail!("--format line cannot carry the marks, cages or lines of --with (a line holds only digits); use --format fpuzzles");
    }
    if format == GenerateFormat::Fpuzzles && !layout.has_regions() && Layout::default_boxes(layout.size()) != layout.box_shape() {
        bail!("--format fpuzzles: a link carries the usual boxes of its size only, not --boxes");
    }
    Ok(Plan { layout, marks, format })
}

pub fn generate(args: &GenerateArgs) -> Result<ExitCode> {
    // Why one layout of random regions under --jigsaw: it stands for every puzzle's in the
    // checks of the options (same size and rules), and refuses rules that need boxes.
    let plan = generate_plan(args)?;
    let options = generate_options(args, &plan.layout, !plan.marks.rules.is_empty())?;
    let seed = args.seed.unwrap_or_else(|| {
        // Why the clock: a fresh run should give fresh puzzles; -v shows the seed to repeat it.
        let now = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).unwrap_or_default();
        now.as_nanos() as u64
    });
    log::info!("seed {seed} (--seed {seed} makes the same puzzles again)");
    let pool = batch::pool(args.jobs.jobs)?;
    // Why small chunks: a puzzle takes milliseconds, so a few per thread keep every core busy
    // and the first lines come soon.
    let chunk = 4 * pool.current_num_threads();
    let mut output = batch::Output::new(batch::Progress::new(batch::Total::Puzzles(args.count as u64), args.count > 1));
    let mut first = 0;
    while first < args.count {
        let end = (first + chunk).min(args.count);
        let made: Vec<Result<Done>> =
            pool.install(|| (first..end).into_par_iter().map(|i| generate_one(&plan, seed, i, &options, args)).collect());
        let mut done = Vec::with_capacity(made.len());
        for result in made {
            match result {
                Ok(d) => done.push(d),
                Err(err) => match err.downcast_ref::<GenerateError>() {
                    // Why exit 1, not 2: the options are valid, this run just did not find
                    // so sparse a puzzle; the puzzles made before it stay printed.
                    Some(&GenerateError::TooManyClues { best, .. }) => {
                        output.write(done)?;
                        output.finish()?;
                        eprintln!("deduku: {err:#}; raise --max-clues to {best} or more, or try another --seed (a symmetry or variant rules need more givens)");
                        return Ok(ExitCode::from(NOT_ALL));
                    }
                    _ => return Err(err),
                },
            }
        }
        output.progress.advance(done.len() as u64);
        output.write(done)?;
        first = end;
    }
    output.finish()?;
    Ok(ExitCode::SUCCESS)
}

/// The generator's options from the command line, or why they cannot be met.
fn generate_options(args: &GenerateArgs, layout: &Layout, marked: bool) -> Result<GenerateOptions> {
    let cells = layout.cell_count();
    let min_clues = args.min_clues.unwrap_or(0);
    let max_clues = args.max_clues.unwrap_or(cells);
    if min_clues > cells {
        bail!("--min-clues {min_clues} is more than the {cells} cells of the grid");
    }
    if min_clues > max_clues {
        bail!("--min-clues {min_clues} is above --max-clues {max_clues}");
    }
    if !marked && layout.rules().iter().next().is_none() && layout.size() == 9 && max_clues < CLASSIC_MIN_CLUES {
        bail!("--max-clues {max_clues}: no classic puzzle with fewer than {CLASSIC_MIN_CLUES} givens has a unique solution");
    }
    let symmetry = match args.symmetry {
        SymmetryChoice::None => Symmetry::None,
        SymmetryChoice::Rotational => Symmetry::Rotational,
        SymmetryChoice::Quarter => Symmetry::Quarter,
        SymmetryChoice::Mirror => Symmetry::Mirror,
        SymmetryChoice::Diagonal => Symmetry::Diagonal,
    };
    Ok(GenerateOptions { symmetry, min_clues, max_clues, tries: GENERATE_TRIES, ..GenerateOptions::default() })
}

/// How many sets of random regions `generate --jigsaw` draws for one puzzle before giving up,
/// when the regions allow no complete grid under the rules (or none is found in
/// [`JIGSAW_FILL_GUESSES`]).
const JIGSAW_TRIES: usize = 20;

/// How many guesses filling a grid for random regions may take before new regions are drawn:
/// enough for nearly every set of regions of any size (a few hundred guesses of the stronger
/// search on 16x16), and under a second where the regions allow no grid, or none easily.
const JIGSAW_FILL_GUESSES: u64 = 300_000;

/// A layout of random connected regions of the size `generate --jigsaw` asks (9 by default),
/// under the rule flags.
fn jigsaw_layout(args: &GenerateArgs, rng: &mut Rng) -> Result<Arc<Layout>> {
    let size = args.rules.size.unwrap_or(9);
    let regions = regions::random(size, rng);
    let layout = Layout::with_regions(size, &regions, rules_of(&args.rules)).map_err(|e| anyhow!("--jigsaw: {e}"))?;
    Ok(Arc::new(layout))
}

/// Puzzle number `index` (from 0) of the run seeded with `seed`, as a line or a link (see
/// [`GenerateFormat`]). Under `--jigsaw` it has its own regions, drawn from its own generator.
fn generate_one(plan: &Plan, seed: u64, index: usize, options: &GenerateOptions, args: &GenerateArgs) -> Result<Done> {
    let mut rng = Rng::for_index(seed, index as u64);
    let gave_up = || format!("gave up on puzzle {}", index + 1);
    let (layout, givens, solution) = if !plan.marks.rules.is_empty() {
        let made = generate_marked(plan.layout.size(), plan.layout.rules(), &plan.marks, &mut rng, options).with_context(gave_up)?;
        (made.layout, made.givens, made.solution)
    } else if args.jigsaw {
        let mut tries = 1;
        let options = GenerateOptions { fill_guesses: JIGSAW_FILL_GUESSES, ..options.clone() };
        let (layout, made): (Arc<Layout>, Generated) = loop {
            let layout = jigsaw_layout(args, &mut rng)?;
            match generate_with(&layout, &mut rng, &options) {
                Ok(made) => break (layout, made),
                Err(GenerateError::NoGrid | GenerateError::GridTooHard(_)) if tries < JIGSAW_TRIES => tries += 1,
                Err(e) => return Err(e).with_context(gave_up),
            }
        };
        (layout, made.givens, made.solution)
    } else {
        let made = generate_with(&plan.layout, &mut rng, options).with_context(gave_up)?;
        (plan.layout.clone(), made.givens, made.solution)
    };
    let mut line = match plan.format {
        GenerateFormat::Line => {
            let mut line = String::new();
            if args.jigsaw {
                line.push_str(&format!("--regions {} ", regions::to_text(&layout)));
            }
            line.push_str(&formats::to_line(&givens));
            if args.with_solution {
                line.push(' ');
                line.push_str(&solution_line(&solution));
            }
            line
        }
        GenerateFormat::Fpuzzles => formats::fpuzzles_link(&layout, &givens, args.with_solution.then_some(solution.as_slice())),
    };
    line.push('\n');
    Ok(Done { output: line.into_bytes(), warning: None, ok: true })
}

/// The width guides are wrapped at: the terminal's, up to 100 columns; 90 off a terminal.
fn reading_width() -> usize {
    let term = console::Term::stdout();
    match term.size_checked() {
        Some((_, cols)) if term.is_term() => (cols as usize).clamp(40, 100),
        _ => 90,
    }
}

/// Prints `text`, through a pager (`$PAGER`, else `less -R`) when it is longer than the
/// terminal is high; straight out when not on a terminal or when no pager starts.
fn page(text: &str) -> Result<ExitCode> {
    let term = console::Term::stdout();
    let tall = term.size_checked().is_some_and(|(rows, _)| text.lines().count() + 1 > rows as usize);
    if term.is_term() && tall {
        let pager = std::env::var("PAGER").ok().filter(|p| !p.trim().is_empty()).unwrap_or_else(|| "less -R".to_string());
        let mut words = pager.split_whitespace();
        if let Some(program) = words.next() {
            let child = std::process::Command::new(program).args(words).stdin(std::process::Stdio::piped()).spawn();
            if let Ok(mut child) = child {
                if let Some(mut input) = child.stdin.take() {
                    // A reader who quits the pager early closes the pipe: not an error.
                    let _ = input.write_all(text.as_bytes());
                }
                child.wait().context("the pager failed")?;
                return Ok(ExitCode::SUCCESS);
            }
        }
    }
    let mut out = io::stdout().lock();
    writeln!(out, "{text}")?;
    out.flush()?;
    Ok(ExitCode::SUCCESS)
}

/// The commands with a guide of their own: id, one line, and the guide.
const COMMAND_GUIDES: [(&str, &str, &str); 1] = [("hint", "which step a hint shows, and why that one", deduku::hint::GUIDE)];

pub fn learn(args: &LearnArgs) -> Result<ExitCode> {
    let mut out = BufWriter::new(io::stdout().lock());
    match &args.id {
        None => {
            writeln!(out, "Techniques, easiest first (`deduku learn <id>` shows a guide):")?;
            write!(out, "{}", technique_table("  "))?;
            writeln!(out, "\nVariant rules (`deduku learn <id>`):")?;
            let width = Rule::ALL.iter().map(|r| r.id().len()).max().unwrap_or(0);
            for rule in Rule::ALL {
                writeln!(out, "  {:<width$}  {}", rule.id(), rule.summary())?;
            }
            writeln!(out, "\nCommands (`deduku learn <command>`):")?;
            for (id, summary, _) in COMMAND_GUIDES {
                writeln!(out, "  {id:<width$}  {summary}")?;
            }
        }
        Some(id) => {
            // One list of every guide, so that a typo is matched against all of them; an id
            // names a technique, a rule or a command, never two of them.
            let techniques = ids::techniques().into_iter().map(|e| ids::Entry { id: e.id, name: e.name, value: (Some(e.value), e.value.guide) });
            let rules = ids::rules().into_iter().map(|e| ids::Entry { id: e.id, name: e.name, value: (None, e.value.guide()) });
            let commands = COMMAND_GUIDES.iter().map(|&(id, _, guide)| ids::Entry { id, name: id, value: (None, guide) });
            let guides: Vec<ids::Entry<(Option<&Technique>, &str)>> = techniques.chain(rules).chain(commands).collect();
            let Some(&ids::Entry { value: (technique, guide), .. }) = ids::lookup(id, &guides) else {
                return Err(ids::unknown("technique, rule or command", id, &guides));
            };
            if args.raw {
                write!(out, "{guide}")?;
            } else {
                drop(out);
                return page(&deduku::render::guide::render(guide, technique, reading_width()));
            }
        }
    }
    out.flush()?;
    Ok(ExitCode::SUCCESS)
}
