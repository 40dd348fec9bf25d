//! Teaching commands: `deduku hint`, the next step from a person's own position at the level
//! they ask for; `deduku find`, every instance of a technique in a position; and `deduku
//! practice`, drills of a technique graded as they are answered.

use std::io::{IsTerminal, Write};
use std::process::ExitCode;
use std::sync::Arc;

use anyhow::{Result, anyhow, bail};
use serde::Serialize;

use deduku::formats::{self, Mistake, Origin, Position, Puzzle};
use deduku::generate::{Rng, generate};
use deduku::hint::{self, Ask, Next};
use deduku::practice::{self, Claim, Grade};
use deduku::render::{board, json, plain, text};
use deduku::strategies::{self, Technique};
use deduku::{Cell, Deduction, Digit, Elimination, Grid, Layout};

use crate::batch::{self, Done};
use crate::cli::{FindArgs, HintArgs, PracticeArgs, RateFormat};
use crate::commands::{NOT_ALL, layout, layout_for, layout_problem, pick_techniques, sizing};

pub fn hint(args: &HintArgs) -> Result<ExitCode> {
    let base = layout(&args.rules)?;
    let techniques = pick_techniques(args.strategies.as_deref(), args.no_uniqueness)?;
    let givens = match &args.givens {
        Some(line) => Some(read_givens(line, &base, &args.rules)?),
        None => None,
    };
    let all = batch::run(&args.puzzles, sizing(&args.rules, &base), Some(1), batch::REPORT_CHUNK, |index, puzzle| {
        let layout = match layout_for(&base, &args.rules, puzzle) {
            Ok(layout) => layout,
            Err(problem) => return layout_problem(puzzle, problem),
        };
        one(&layout, index, puzzle, givens.as_deref(), &techniques, args)
    })?;
    Ok(if all { ExitCode::SUCCESS } else { ExitCode::from(NOT_ALL) })
}

/// `deduku find`: every instance of one technique in each position, none applied.
pub fn find(args: &FindArgs) -> Result<ExitCode> {
    let base = layout(&args.rules)?;
    let technique = crate::ids::technique(&args.technique)?;
    let all = batch::run(&args.puzzles, sizing(&args.rules, &base), Some(1), batch::REPORT_CHUNK, |index, puzzle| {
        let layout = match layout_for(&base, &args.rules, puzzle) {
            Ok(layout) => layout,
            Err(problem) => return layout_problem(puzzle, problem),
        };
        let read = match &puzzle.position {
            Some(position) => position.grid(layout.clone()),
            None => puzzle.grid(layout.clone()),
        };
        let (grid, cleared) = match read {
            Ok(read) => read,
            Err(clash) => {
                let problem = format!("the filled cells clash, so one of them is wrong: {}", text::clash(&layout, &clash));
                return Done { output: Vec::new(), warning: Some(format!("{}, puzzle {}: {problem}", puzzle.origin, puzzle.number)), ok: false };
            }
        };
        let instances = hint::teaching_order(strategies::find_all(technique, &grid));
        let mut out = Vec::new();
        let written = match args.format {
            RateFormat::Text => write_found(&mut out, &grid, index, puzzle, technique, &instances, cleared.len(), args.show_grid),
            RateFormat::Json => {
                let report = FindJson {
                    position: formats::to_candidate_line(&grid),
                    technique: technique.id,
                    cleared: cleared.iter().map(|e| json::CellDigit { cell: layout.cell_name(e.cell), digit: e.digit, via: None }).collect(),
                    instances: instances.iter().map(|d| json::step(&layout, d)).collect(),
                };
                serde_json::to_writer(&mut out, &report).map_err(std::io::Error::from).and_then(|()| writeln!(out))
            }
        };
        written.expect("writing to memory cannot fail");
        Done { output: out, warning: None, ok: true }
    })?;
    Ok(if all { ExitCode::SUCCESS } else { ExitCode::from(NOT_ALL) })
}

/// The JSON object of `deduku find` for one position.
#[derive(Serialize)]
struct FindJson {
    position: String,
    technique: &'static str,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    cleared: Vec<json::CellDigit>,
    instances: Vec<json::Step>,
}

/// The instances found in one position, as text: a numbered line each, and its board.
#[allow(clippy::too_many_arguments)]
fn write_found(out: &mut Vec<u8>, grid: &Grid, index: usize, puzzle: &Puzzle, technique: &Technique, instances: &[Deduction], cleared: usize, show_grid: bool) -> std::io::Result<()> {
    let layout = grid.layout();
    if index > 0 {
        writeln!(out)?;
    }
    let count = match instances.len() {
        0 => format!("no {}", technique.name),
        1 => format!("1 {}", technique.name),
        n => format!("{n} instances of {}", technique.name),
    };
    writeln!(out, "Position {} ({}): {count}.", puzzle.number, puzzle.origin)?;
    if cleared > 0 {
        writeln!(out, "({cleared} pencilmark{} that placed digits rule out were cleared first.)", if cleared == 1 { "" } else { "s" })?;
    }
    for (n, d) in instances.iter().enumerate() {
        writeln!(out, "{:>3}. {}", n + 1, text::explain(layout, d))?;
        if show_grid {
            write!(out, "{}", board::candidates(grid, Some(d)))?;
        }
    }
    Ok(())
}

/// The `--givens` line, read as a puzzle of the command line's shape.
fn read_givens(line: &str, base: &Arc<Layout>, rules: &crate::cli::RuleArgs) -> Result<Vec<Option<Digit>>> {
    let (size, detect) = sizing(rules, base);
    let cells = line.chars().filter(|c| !c.is_whitespace()).count();
    if cells != size * size && !(detect && formats::size_of_line(cells).is_some()) {
        bail!("--givens: found {cells} cells; the puzzle's line needs {}", size * size);
    }
    let read = formats::PuzzleReader::new(line.as_bytes(), size, Origin::Argument(0)).detecting_size(detect).next();
    let puzzle = match read {
        Some(Ok(puzzle)) => puzzle,
        Some(Err(err)) => bail!("--givens: {}", err.to_string().trim_start_matches("argument 0: ")),
        None => bail!("--givens: no puzzle found"),
    };
    if puzzle.position.is_some() {
        bail!("--givens takes the puzzle's givens only (digits and blanks), not pencilmarks");
    }
    Ok(puzzle.givens)
}

/// The hint for one position, in the chosen format.
fn one(layout: &Arc<Layout>, index: usize, puzzle: &Puzzle, givens: Option<&[Option<Digit>]>, techniques: &[&'static Technique], args: &HintArgs) -> Done {
    match work(layout, puzzle, givens, techniques, args) {
        Ok(found) => {
            let mut out = Vec::new();
            let ok = matches!(found.next, Next::Step(_) | Next::Solved);
            let written = match args.format {
                RateFormat::Text => write_text(&mut out, layout, index, puzzle, &found, args.level),
                RateFormat::Json => write_json(&mut out, layout, &found, args.level),
            };
            written.expect("writing to memory cannot fail");
            Done { output: out, warning: None, ok }
        }
        Err(problem) => Done { output: Vec::new(), warning: Some(format!("{}, puzzle {}: {problem}", puzzle.origin, puzzle.number)), ok: false },
    }
}

/// What was found for one position.
struct Found {
    /// The position as hinted from, in the candidate form (after clearing).
    line: String,
    /// The cells filled in it.
    filled: usize,
    /// The grid hinted from (none when mistakes came first).
    grid: Option<Grid>,
    cleared: Vec<Elimination>,
    next: Next,
}

fn work(layout: &Arc<Layout>, puzzle: &Puzzle, givens: Option<&[Option<Digit>]>, techniques: &[&'static Technique], args: &HintArgs) -> Result<Found> {
    // With the givens known, the position is read against them: their cells are the givens,
    // and a plain line is the digits placed so far.
    let mut position = puzzle.position.as_deref().cloned();
    let mut solution = None;
    if let Some(givens) = givens {
        if givens.len() != layout.cell_count() {
            bail!("--givens has {} cells, but the position has {}", givens.len(), layout.cell_count());
        }
        let start = Grid::new(layout.clone(), givens).map_err(|clash| anyhow!("--givens: the givens clash: {}", text::clash(layout, &clash)))?;
        solution = Some(hint::solution_of(&start).map_err(|n| match n {
            0 => anyhow!("--givens: the puzzle has no solution"),
            _ => anyhow!("--givens: the puzzle has more than one solution, so its digits cannot be checked"),
        })?);
        let mut own = position.unwrap_or_else(|| plain_position(&puzzle.givens, layout.size()));
        own.given = givens.iter().map(Option::is_some).collect();
        position = Some(own);
    }
    if let (Some(position), Some(solution)) = (&position, &solution) {
        let mistakes = position.mistakes(solution);
        if !mistakes.is_empty() {
            let filled = position.solved().iter().flatten().count();
            return Ok(Found { line: position.to_candidate_line(), filled, grid: None, cleared: Vec::new(), next: Next::Mistakes(mistakes) });
        }
    }
    let (grid, cleared) = match &position {
        Some(position) => position.grid(layout.clone()),
        None => puzzle.grid(layout.clone()),
    }
    .map_err(|clash| anyhow!("the filled cells clash, so one of them is wrong: {}", text::clash(layout, &clash)))?;
    let ask = Ask { techniques, max_difficulty: args.max_difficulty };
    let next = hint::next(&grid, &ask);
    let filled = grid.cells().iter().filter(|c| matches!(c, Cell::Solved(_))).count();
    Ok(Found { line: formats::to_candidate_line(&grid), filled, grid: Some(grid), cleared, next })
}

/// A position of digits placed and every empty cell unmarked.
fn plain_position(cells: &[Option<Digit>], size: usize) -> Position {
    Position {
        cells: cells.iter().map(|c| c.map_or(Cell::Unsolved(deduku::Candidates::all(size)), Cell::Solved)).collect(),
        given: cells.iter().map(Option::is_some).collect(),
    }
}

fn write_text(out: &mut Vec<u8>, layout: &Layout, index: usize, puzzle: &Puzzle, found: &Found, level: u8) -> std::io::Result<()> {
    if index > 0 {
        writeln!(out)?;
    }
    let filled = found.filled;
    let place = match &*puzzle.origin {
        Origin::Argument(n) => format!("argument {n}"),
        origin => format!("{origin}, line {}", puzzle.line),
    };
    writeln!(out, "Position {} ({place}): {filled} of {} cells filled.", puzzle.number, layout.cell_count())?;
    if !found.cleared.is_empty() {
        let list: Vec<String> = found.cleared.iter().map(|e| text::elimination(layout, e)).collect();
        writeln!(out, "First clear the pencilmarks that placed digits already rule out: {}.", list.join(", "))?;
    }
    match &found.next {
        Next::Mistakes(mistakes) => {
            let n = mistakes.len();
            writeln!(out, "{n} entr{} disagree{} with the solution; fix {} before going on:", if n == 1 { "y" } else { "ies" }, if n == 1 { "s" } else { "" }, if n == 1 { "it" } else { "them" })?;
            for m in mistakes {
                writeln!(out, "  {}", m.describe(layout))?;
            }
        }
        Next::NoSolution(why) => {
            let why = why.map(|c| format!(" ({})", text::contradiction(layout, &c))).unwrap_or_default();
            writeln!(out, "This position cannot be completed{why}: a placed digit or a removed pencilmark is wrong. Give --givens with the puzzle to find which.")?;
        }
        Next::Solved => writeln!(out, "The grid is full: nothing is left to do.")?,
        Next::Step(step) => {
            for line in text::hint(layout, step, level) {
                // Sentences wrap; a step in notation stays on its line, as `solve` prints it.
                if line.starts_with("The step: ") {
                    writeln!(out, "{line}")?;
                } else {
                    write!(out, "{}", plain::wrap(&line, 90, ""))?;
                }
            }
            if let Some(grid) = found.grid.as_ref().filter(|_| level >= 3) {
                write!(out, "{}", board::candidates(grid, Some(step)))?;
            }
        }
        Next::TooHard(harder) => match harder {
            Some(step) => {
                let t = strategies::by_id(step.technique).expect("a registry technique fired");
                writeln!(out, "No technique within --max-difficulty applies; the next step needs {} (difficulty {}).", t.name, t.difficulty_text())?;
            }
            None => writeln!(out, "No technique applies, within --max-difficulty or above it: the next step needs search (trial and error).")?,
        },
        Next::Stuck => writeln!(out, "No technique in use applies: the next step needs search (trial and error).")?,
    }
    Ok(())
}

/// A hint as JSON.
#[derive(Serialize)]
struct HintJson {
    /// The position hinted from (after clearing), in the one-line candidate form.
    position: String,
    /// `step`, `mistakes`, `none`, `solved`, `too-hard` or `stuck`.
    status: &'static str,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    cleared: Vec<json::CellDigit>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    mistakes: Vec<MistakeJson>,
    #[serde(skip_serializing_if = "Option::is_none")]
    hint: Option<StepHint>,
    /// For `too-hard`: the technique the next step needs.
    #[serde(skip_serializing_if = "Option::is_none")]
    needs: Option<&'static str>,
}

#[derive(Serialize)]
struct MistakeJson {
    cell: String,
    /// The digit placed there, for a wrong digit.
    #[serde(skip_serializing_if = "Option::is_none")]
    holds: Option<Digit>,
    /// The solution's digit: wrongly placed over, or lost from the pencilmarks.
    solution: Digit,
    kind: &'static str,
}

#[derive(Serialize)]
struct StepHint {
    level: u8,
    technique: &'static str,
    name: &'static str,
    difficulty: Option<f64>,
    /// The hint in words, one line each.
    text: Vec<String>,
    /// The whole step (level 3 only).
    #[serde(skip_serializing_if = "Option::is_none")]
    step: Option<json::Step>,
    /// The pattern's cells (level 2 and up).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    cells: Vec<String>,
}

fn write_json(out: &mut Vec<u8>, layout: &Layout, found: &Found, level: u8) -> std::io::Result<()> {
    let step_hint = |step: &Deduction| StepHint {
        level,
        technique: step.technique,
        name: strategies::name_of(step.technique),
        difficulty: deduku::rating::step_difficulty(step).map(|t| f64::from(t) / 10.0),
        text: text::hint(layout, step, level),
        step: (level >= 3).then(|| json::step(layout, step)),
        cells: if level >= 2 { step.pattern.cells.iter().map(|&c| layout.cell_name(c)).collect() } else { Vec::new() },
    };
    let (status, hint, needs) = match &found.next {
        Next::Mistakes(_) => ("mistakes", None, None),
        Next::NoSolution(_) => ("none", None, None),
        Next::Solved => ("solved", None, None),
        Next::Step(step) => ("step", Some(step_hint(step)), None),
        Next::TooHard(harder) => ("too-hard", None, harder.as_ref().map(|s| s.technique)),
        Next::Stuck => ("stuck", None, None),
    };
    let mistakes = match &found.next {
        Next::Mistakes(list) => list
            .iter()
            .map(|&m| match m {
                Mistake::Wrong { cell, holds, solution } => MistakeJson { cell: layout.cell_name(cell), holds: Some(holds), solution, kind: "wrong" },
                Mistake::Lost { cell, digit } => MistakeJson { cell: layout.cell_name(cell), holds: None, solution: digit, kind: "lost" },
            })
            .collect(),
        _ => Vec::new(),
    };
    let report = HintJson {
        position: found.line.clone(),
        status,
        cleared: found.cleared.iter().map(|e| json::CellDigit { cell: layout.cell_name(e.cell), digit: e.digit, via: None }).collect(),
        mistakes,
        hint,
        needs,
    };
    serde_json::to_writer(&mut *out, &report)?;
    writeln!(out)
}

/// The project's own hard puzzles (beyond singles, intersections and subsets, with their
/// solutions): where drills of the harder techniques come from on a classic grid.
const HARD_PUZZLES: &str = include_str!("../puzzles/generated-hard.txt");

/// How many puzzles are searched for drills before giving up.
const SEARCHED: usize = 600;

/// `deduku practice`: drills of one technique (or any beyond the singles).
pub fn practice(args: &PracticeArgs) -> Result<ExitCode> {
    let layout = layout(&args.rules)?;
    let technique = match &args.technique {
        None => None,
        Some(id) => Some(crate::ids::technique(id)?),
    };
    let techniques = pick_techniques(None, false)?;
    if let Some(t) = technique.filter(|t| !techniques.iter().any(|d| d.id == t.id)) {
        bail!("'{}' is not among the techniques deduku solves with by default, so no drill would reach it", t.id);
    }
    let seed = args.seed.unwrap_or_else(|| std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(0, |d| d.as_secs()));
    let drills = find_drills(&layout, technique.map(|t| t.id), args.count, seed);
    let what = technique.map_or("any technique beyond the singles".to_string(), |t| format!("{} (difficulty {})", t.name, t.difficulty_text()));
    if drills.is_empty() {
        bail!("no position where {what} is the next step in {SEARCHED} puzzles (seed {seed}); try another seed or technique");
    }
    let mut answers = Answers::new(&args.answer);
    let mut out = std::io::stdout().lock();
    writeln!(out, "Practice: {what}, {} position{} (seed {seed}).", drills.len(), if drills.len() == 1 { "" } else { "s" })?;
    let mut score = [0usize; 3];
    for (n, drill) in drills.iter().enumerate() {
        let name = strategies::name_of(drill.step().technique);
        writeln!(out, "\nDrill {} of {}: find the {name} step.", n + 1, drills.len())?;
        write!(out, "{}", board::candidates(&drill.grid, None))?;
        let mut hints = 0;
        let verdict = loop {
            write!(out, "Your deduction (r5c3<>6, r8c3<>6 or r1c4=7; hint, show, quit): ")?;
            out.flush()?;
            let Some(answer) = answers.next()? else {
                writeln!(out)?;
                return finish(&mut out, &score);
            };
            if answers.echo() {
                writeln!(out, "{answer}")?;
            }
            match answer.trim().to_ascii_lowercase().as_str() {
                "quit" | "q" | "exit" => return finish(&mut out, &score),
                "show" | "skip" => break None,
                "hint" | "h" => {
                    hints += 1;
                    let lines = text::hint(&layout, drill.step(), hints.min(2) as u8);
                    for line in lines.iter().skip(if hints == 1 { 0 } else { 1 }) {
                        write!(out, "{}", plain::wrap(line, 90, "  "))?;
                    }
                    continue;
                }
                _ => {}
            }
            match practice::parse_answer(&answer, &layout) {
                Ok(claims) => break Some(practice::grade_any(&drill.instances, &claims, &drill.solution)),
                Err(problem) => writeln!(out, "  {problem}")?,
            }
        };
        let Some((matched, verdict)) = verdict else {
            show_answer(&mut out, &layout, drill, 0)?;
            continue;
        };
        match &verdict {
            Grade::Right => {
                score[0] += 1;
                writeln!(out, "Right.")?;
            }
            Grade::Partial { missing, extra } => {
                score[1] += 1;
                writeln!(out, "Partly right.")?;
                if !missing.is_empty() {
                    writeln!(out, "  Missing: {}.", claims_text(&layout, missing.iter()))?;
                }
                write_extra(&mut out, &layout, extra)?;
            }
            Grade::Wrong { extra } => {
                score[2] += 1;
                writeln!(out, "Not this step.")?;
                write_extra(&mut out, &layout, extra)?;
            }
        }
        // Why the matched one: a learner who found another instance than the one deduku
        // prefers sees their own pattern drawn.
        show_answer(&mut out, &layout, drill, if matches!(verdict, Grade::Wrong { .. }) { 0 } else { matched })?;
    }
    finish(&mut out, &score)
}

/// Drills in positions from the project's hard puzzles (classic grids), then from puzzles
/// the generator makes, in an order the seed chooses: at most one per puzzle.
fn find_drills(layout: &Arc<Layout>, technique: Option<&str>, count: usize, seed: u64) -> Vec<practice::Drill> {
    let solver = deduku::Solver::default();
    let mut rng = Rng::new(seed);
    let mut drills = Vec::new();
    let mut shipped: Vec<(Vec<Option<Digit>>, Vec<Digit>)> = Vec::new();
    if layout.is_classic() {
        for line in HARD_PUZZLES.lines().filter(|l| !l.starts_with('#')) {
            let mut parts = line.split_whitespace();
            let (Some(puzzle), Some(solution)) = (parts.next(), parts.next()) else { continue };
            let givens = puzzle.chars().map(|c| formats::parse_cell(c, 9).ok().flatten()).collect();
            let solution = solution.chars().map(|c| formats::parse_cell(c, 9).ok().flatten().unwrap_or(0)).collect();
            shipped.push((givens, solution));
        }
        rng.shuffle(&mut shipped);
    }
    let generated = std::iter::from_fn(|| generate(layout, &mut rng).map(|p| (p.givens, p.solution)));
    for (givens, solution) in shipped.into_iter().chain(generated).take(SEARCHED) {
        if let Some(drill) = practice::find_in(layout, &givens, &solution, &solver, technique) {
            drills.push(drill);
            if drills.len() == count {
                break;
            }
        }
    }
    drills
}

/// Where answers come from: `--answer`, lines of standard input, or the person typing.
struct Answers<'a> {
    given: std::slice::Iter<'a, String>,
    from_args: bool,
    typed: bool,
}

impl<'a> Answers<'a> {
    fn new(given: &'a [String]) -> Answers<'a> {
        Answers { given: given.iter(), from_args: !given.is_empty(), typed: std::io::stdin().is_terminal() }
    }

    /// The next answer, `None` when there are no more.
    fn next(&mut self) -> Result<Option<String>> {
        if self.from_args {
            return Ok(self.given.next().cloned());
        }
        let mut line = String::new();
        if std::io::stdin().read_line(&mut line)? == 0 {
            return Ok(None);
        }
        Ok(Some(line.trim().to_string()))
    }

    /// Whether to print the answer after the prompt: a person typing sees it already.
    fn echo(&self) -> bool {
        self.from_args || !self.typed
    }
}

fn claims_text<'c>(layout: &Layout, claims: impl Iterator<Item = &'c Claim>) -> String {
    let name = |cell| layout.cell_name(cell);
    claims
        .map(|c| match *c {
            Claim::Place(cell, d) => format!("{}={}", name(cell), formats::digit_char(d)),
            Claim::Remove(cell, d) => format!("{}<>{}", name(cell), formats::digit_char(d)),
        })
        .collect::<Vec<_>>()
        .join(", ")
}

/// The claims of an answer that are not the step's: true ones do not follow from this
/// pattern; false ones are wrong outright.
fn write_extra(out: &mut impl Write, layout: &Layout, extra: &[(Claim, bool)]) -> std::io::Result<()> {
    let (true_ones, false_ones): (Vec<_>, Vec<_>) = extra.iter().partition(|(_, holds)| *holds);
    if !false_ones.is_empty() {
        writeln!(out, "  Wrong: {} (the solution says otherwise).", claims_text(layout, false_ones.iter().map(|(c, _)| c)))?;
    }
    if !true_ones.is_empty() {
        writeln!(out, "  True, but not shown by this step's pattern: {}.", claims_text(layout, true_ones.iter().map(|(c, _)| c)))?;
    }
    Ok(())
}

/// Shows instance `which` of the drill's technique, and how many more the position holds.
fn show_answer(out: &mut impl Write, layout: &Layout, drill: &practice::Drill, which: usize) -> std::io::Result<()> {
    let step = &drill.instances[which];
    writeln!(out, "The step: {}", text::explain(layout, step))?;
    write!(out, "{}", plain::wrap(&plain::explain(layout, step), 90, "  "))?;
    write!(out, "{}", board::candidates(&drill.grid, Some(step)))?;
    let others = drill.instances.len() - 1;
    if others > 0 {
        let name = strategies::name_of(step.technique);
        writeln!(out, "This position holds {others} more {name} step{}; any of them counts as right.", if others == 1 { "" } else { "s" })?;
    }
    Ok(())
}

fn finish(out: &mut impl Write, score: &[usize; 3]) -> Result<ExitCode> {
    let done: usize = score.iter().sum();
    writeln!(out, "\nScore: {} right, {} partly right, {} wrong, of {done} answered.", score[0], score[1], score[2])?;
    Ok(ExitCode::SUCCESS)
}
