//! Batch plumbing shared by the commands: puzzles streamed from the command line's inputs,
//! worked on by every core (or `--jobs N` threads), printed in input order, with a progress
//! bar on a terminal.
//!
//! Why chunks: the reader hands out puzzles in chunks (of [`CHUNK`], fewer for long reports);
//! each chunk is solved in parallel, then its results are written in order before the next
//! chunk is read. Memory stays bounded whatever the input's size, output order is the
//! input's, and a malformed puzzle in the first chunk stops the command before anything is
//! printed (as when the whole input was read first); later in a long input, the chunks
//! before it were printed.

use std::fs::File;
use std::io::{self, BufRead, BufReader, BufWriter, IsTerminal, Write};
use std::path::Path;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

use anyhow::{Context, Result, bail};
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressState, ProgressStyle};
use rayon::prelude::*;

use deduku::formats::{Origin, Puzzle, PuzzleReader, ReadError, fpuzzles};

/// Whether `--quiet` asked for nothing on standard error but errors. Why a global: it is
/// one switch for the whole run, read where a note or the progress bar is about to be shown,
/// deep in code that has no other reason to see the command line.
static QUIET: AtomicBool = AtomicBool::new(false);

/// Sets the `--quiet` switch, once, before any command runs.
pub fn set_quiet(quiet: bool) {
    QUIET.store(quiet, Ordering::Relaxed);
}

/// Whether notes (not errors) are left off standard error.
pub fn quiet() -> bool {
    QUIET.load(Ordering::Relaxed)
}

/// How many puzzles are read, worked on in parallel, and written at a time.
pub const CHUNK: usize = 512;

/// The chunk for reports of many lines per puzzle (explained solves), to bound memory.
pub const REPORT_CHUNK: usize = 64;

/// One puzzle's finished work, as the writer prints it.
#[derive(Debug, Default)]
pub struct Done {
    /// What goes to standard output.
    pub output: Vec<u8>,
    /// A line for standard error (without the `deduku: ` prefix), printed just before it.
    pub warning: Option<String>,
    /// False when the puzzle was not solved, not unique, ... (exit code 1).
    pub ok: bool,
}

/// The puzzles named on the command line, read one at a time: literal puzzles, files, or
/// standard input (for `-`, or when nothing is named). Stops after the first error.
pub struct Inputs<'a> {
    /// The arguments still to open, with their 0-based positions.
    args: std::iter::Enumerate<std::vec::IntoIter<&'a str>>,
    size: usize,
    /// Whether a line of another square length may set its own size (no `--size`).
    detect: bool,
    current: Option<PuzzleReader<Box<dyn BufRead + 'a>>>,
    stdin_read: bool,
    failed: bool,
    /// Whether a malformed puzzle is an item of its own and reading goes on (--keep-going).
    keep_going: bool,
}

impl<'a> Inputs<'a> {
    pub fn new(args: &'a [String], size: usize, detect: bool) -> Inputs<'a> {
        let args: Vec<&str> = if args.is_empty() { vec!["-"] } else { args.iter().map(String::as_str).collect() };
        Inputs { args: args.into_iter().enumerate(), size, detect, current: None, stdin_read: false, failed: false, keep_going: false }
    }

    /// Reads on after a malformed puzzle, its error an item (see [`PuzzleReader::keeping_going`]);
    /// an input that cannot be opened or read still ends it.
    pub fn keeping_going(mut self, keep_going: bool) -> Inputs<'a> {
        self.keep_going = keep_going;
        self
    }

    /// Whether the inputs may hold many puzzles (a file or standard input), so a progress
    /// bar makes sense; literal puzzles do not get one, nor does a terminal being typed into.
    pub fn streams(args: &[String]) -> bool {
        let stdin = args.is_empty() || args.iter().any(|a| a == "-");
        (stdin && !io::stdin().is_terminal()) || args.iter().any(|a| a != "-" && Path::new(a).is_file())
    }

    fn stdin(&mut self) -> PuzzleReader<Box<dyn BufRead + 'a>> {
        self.stdin_read = true;
        if io::stdin().is_terminal() && !quiet() {
            eprintln!("deduku: reading puzzles from standard input (end with Ctrl-D); see --help for other ways");
        }
        let input: Box<dyn BufRead + 'a> = Box::new(io::stdin().lock());
        PuzzleReader::new(input, self.size, Origin::StandardInput).detecting_size(self.detect).keeping_going(self.keep_going)
    }

    /// The reader for one argument, `None` for a second `-`.
    fn open(&mut self, index: usize, arg: &'a str) -> Result<Option<PuzzleReader<Box<dyn BufRead + 'a>>>> {
        let size = self.size;
        if arg == "-" {
            return Ok(if self.stdin_read { None } else { Some(self.stdin()) });
        }
        if Path::new(arg).is_file() {
            if let Some(payload) = fpuzzles_file(arg)? {
                let input: Box<dyn BufRead + 'a> = Box::new(io::Cursor::new(payload.into_bytes()));
                return Ok(Some(PuzzleReader::new(input, size, Origin::File(arg.to_string())).detecting_size(self.detect).keeping_going(self.keep_going)));
            }
            let file = File::open(arg).with_context(|| format!("cannot read {arg}"))?;
            let input: Box<dyn BufRead> = Box::new(BufReader::with_capacity(1 << 16, file));
            return Ok(Some(PuzzleReader::new(input, size, Origin::File(arg.to_string())).detecting_size(self.detect).keeping_going(self.keep_going)));
        }
        if looks_like_puzzle(arg, size, self.detect) || fpuzzles::payload_of(arg).is_some() {
            let input: Box<dyn BufRead + 'a> = Box::new(arg.as_bytes());
            return Ok(Some(PuzzleReader::new(input, size, Origin::Argument(index + 1)).detecting_size(self.detect).keeping_going(self.keep_going)));
        }
        if Path::new(arg).exists() {
            bail!("{arg} is not a file");
        }
        bail!("{arg}: no such file, and not a puzzle ({} cells of digits, '.' or '0')", size * size);
    }

    /// Up to `n` more puzzles (fewer at the end), or the first error among them.
    pub fn chunk(&mut self, n: usize) -> Result<Vec<Puzzle>> {
        self.take(n).collect()
    }
}

impl Iterator for Inputs<'_> {
    type Item = Result<Puzzle>;

    fn next(&mut self) -> Option<Result<Puzzle>> {
        while !self.failed {
            if let Some(reader) = &mut self.current {
                match reader.next() {
                    Some(Ok(puzzle)) => return Some(Ok(puzzle)),
                    Some(Err(err @ ReadError::Parse(_))) if self.keep_going => return Some(Err(err.into())),
                    Some(Err(err)) => {
                        self.failed = true;
                        return Some(Err(err.into()));
                    }
                    None => self.current = None,
                }
            }
            let (index, arg) = self.args.next()?;
            match self.open(index, arg) {
                Ok(reader) => self.current = reader,
                Err(err) => {
                    self.failed = true;
                    return Some(Err(err));
                }
            }
        }
        None
    }
}

/// An argument that is meant as a puzzle: as long as one, or made of puzzle characters only.
/// The f-puzzles payload of a file that holds one f-puzzles JSON object (it starts with
/// `{`), `None` for any other file. Why a payload: the reader takes f-puzzles puzzles as
/// links or payloads, one per line, so the object is handed to it in that form.
fn fpuzzles_file(path: &str) -> Result<Option<String>> {
    let mut start = [0u8; 64];
    let read = io::Read::read(&mut File::open(path).with_context(|| format!("cannot read {path}"))?, &mut start)?;
    if start[..read].iter().find(|b| !b.is_ascii_whitespace()).is_none_or(|&b| b != b'{') {
        return Ok(None);
    }
    let text = std::fs::read_to_string(path).with_context(|| format!("cannot read {path}"))?;
    let puzzle = fpuzzles::from_json(&text).map_err(|e| anyhow::anyhow!("{path}: {e}"))?;
    Ok(Some(fpuzzles::encode(&puzzle)))
}

fn looks_like_puzzle(arg: &str, size: usize, detect: bool) -> bool {
    let count = arg.chars().count();
    // Why only puzzle characters for another size: a file name of 16 or 36 characters that
    // does not exist must still be reported as a missing file.
    let cells_only = arg.chars().all(|c| c.is_ascii_digit() || c == '.' || matches!(c.to_ascii_uppercase(), 'A'..='G'));
    // A position written on the command line: groups of candidates, one per cell.
    let marks_only = arg.chars().all(|c| c.is_ascii_alphanumeric() || c.is_whitespace() || "._*+[]|-".contains(c));
    let position = marks_only && arg.split_whitespace().count() >= size * size;
    count == size * size
        || (detect && cells_only && deduku::formats::size_of_line(count).is_some())
        || arg.chars().all(|c| c.is_ascii_digit() || c == '.')
        || position
}

/// A thread pool of `jobs` threads, or one per core (rayon's default, which also honours
/// RAYON_NUM_THREADS).
pub fn pool(jobs: Option<usize>) -> Result<rayon::ThreadPool> {
    rayon::ThreadPoolBuilder::new().num_threads(jobs.unwrap_or(0)).build().context("cannot start worker threads")
}

/// A progress bar on standard error: of `len` items if known, else a counter; hidden unless
/// `wanted` and standard error is a terminal (so never in tests or logs).
pub fn progress(len: Option<u64>, wanted: bool) -> ProgressBar {
    if !wanted || quiet() || !io::stderr().is_terminal() {
        return ProgressBar::hidden();
    }
    let template = match len {
        Some(_) => "{bar:30} {human_pos}/{human_len} puzzles, {rate}/s, {elapsed} (eta {eta})",
        None => "{spinner} {human_pos} puzzles, {rate}/s, {elapsed}",
    };
    let style = ProgressStyle::with_template(template)
        .expect("a valid template")
        .with_key("rate", |state: &ProgressState, w: &mut dyn std::fmt::Write| write!(w, "{:.0}", state.per_sec()).unwrap_or(()));
    let bar = ProgressBar::with_draw_target(len, ProgressDrawTarget::stderr()).with_style(style);
    bar.enable_steady_tick(Duration::from_millis(200));
    bar
}

/// Writes finished work in order: each warning on standard error, then the output; returns
/// whether every puzzle was `ok`. Pauses the progress bar while writing so the two never mix
/// on a terminal.
pub fn write_done(out: &mut impl Write, bar: &ProgressBar, done: Vec<Done>) -> io::Result<bool> {
    let mut all_ok = true;
    let count = done.len() as u64;
    // Why outside: the bar's state is locked while suspended.
    let visible = !bar.is_hidden();
    bar.suspend(|| -> io::Result<()> {
        for d in done {
            if let Some(warning) = &d.warning {
                // Why flush first: a warning belongs after the output of the puzzles before it,
                // also when both go to one terminal or file (warnings are rare: a flush each
                // costs nothing).
                out.flush()?;
                eprintln!("deduku: {warning}");
            }
            out.write_all(&d.output)?;
            all_ok &= d.ok;
        }
        if visible {
            out.flush()?;
        }
        Ok(())
    })?;
    bar.inc(count);
    Ok(all_ok)
}

/// Runs `work` on every puzzle of the inputs (with its 0-based index over all of them) on
/// the pool, `chunk` puzzles at a time, and prints the results in input order; returns
/// whether all were `ok`. A malformed puzzle stops it (see [`run_with`] for going on).
pub fn run(args: &[String], sizing: (usize, bool), jobs: Option<usize>, chunk: usize, work: impl Fn(usize, &Puzzle) -> Done + Sync) -> Result<bool> {
    run_with(args, sizing, jobs, chunk, None::<fn(&str) -> Vec<u8>>, work)
}

/// As [`run`]; with `bad` (under `--keep-going`), a malformed puzzle is written in place as
/// `bad` makes it from the error (a line `invalid-input`, or a JSON object), the located
/// error goes to standard error, and reading goes on. If any was malformed, the result is an
/// error saying how many, after everything else was written (exit code 2).
pub fn run_with(
    args: &[String],
    (size, detect): (usize, bool),
    jobs: Option<usize>,
    chunk: usize,
    bad: Option<impl Fn(&str) -> Vec<u8> + Sync>,
    work: impl Fn(usize, &Puzzle) -> Done + Sync,
) -> Result<bool> {
    let pool = pool(jobs)?;
    let mut inputs = Inputs::new(args, size, detect).keeping_going(bad.is_some());
    let bar = progress(None, Inputs::streams(args));
    let mut out = BufWriter::new(io::stdout().lock());
    let mut all_ok = true;
    let mut malformed = 0;
    let mut first = 0;
    loop {
        let mut items: Vec<Result<Puzzle>> = match &bad {
            Some(_) => inputs.by_ref().take(chunk).collect(),
            // Why all or nothing: without --keep-going a malformed puzzle stops the command
            // before the puzzles of its chunk are written.
            None => inputs.chunk(chunk)?.into_iter().map(Ok).collect(),
        };
        if items.is_empty() {
            break;
        }
        // An input that cannot be opened or read ends the command even under --keep-going,
        // once the puzzles before it are written (the inputs yield nothing after it).
        let fatal = items.iter().position(|item| item.as_ref().is_err_and(|e| !is_malformed(e)));
        let fatal = fatal.and_then(|position| items.drain(position..).next()).and_then(Result::err);
        let done: Vec<Done> = pool.install(|| {
            items
                .par_iter()
                .enumerate()
                .map(|(i, item)| match item {
                    Ok(puzzle) => work(first + i, puzzle),
                    Err(_) => placeholder(item, &bad),
                })
                .collect()
        });
        malformed += items.iter().filter(|item| item.is_err()).count();
        first += items.len();
        all_ok &= write_done(&mut out, &bar, done)?;
        if let Some(err) = fatal {
            bar.finish_and_clear();
            out.flush()?;
            return Err(err);
        }
    }
    bar.finish_and_clear();
    out.flush()?;
    if malformed > 0 {
        bail!("{malformed} malformed puzzle{} (reported above) left out", if malformed == 1 { "" } else { "s" });
    }
    Ok(all_ok)
}

/// Whether an input's error is a malformed puzzle (read on past it under --keep-going),
/// not an input that cannot be opened or read.
fn is_malformed(err: &anyhow::Error) -> bool {
    matches!(err.downcast_ref::<ReadError>(), Some(ReadError::Parse(_)))
}

/// What is written in place of a malformed puzzle under --keep-going.
fn placeholder(item: &Result<Puzzle>, bad: &Option<impl Fn(&str) -> Vec<u8>>) -> Done {
    let (Err(err), Some(bad)) = (item, bad) else { return Done::default() };
    let message = format!("{err:#}");
    Done { output: bad(&message), warning: Some(message), ok: false }
}
