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
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::{Duration, Instant};

use anyhow::{Context, Result, bail};
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
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
    args: std::vec::IntoIter<(usize, &'a str)>,
    size: usize,
    /// Whether a line of another square length may set its own size (no `--size`).
    detect: bool,
    current: Option<PuzzleReader<Box<dyn BufRead + 'a>>>,
    stdin_read: bool,
    failed: bool,
    /// Whether a malformed puzzle is an item of its own and reading goes on (--keep-going).
    keep_going: bool,
    /// Puzzles read by another reader, yielded first.
    queued: std::vec::IntoIter<Puzzle>,
}

impl<'a> Inputs<'a> {
    pub fn new(args: &'a [String], size: usize, detect: bool) -> Inputs<'a> {
        if args.is_empty() {
            return Inputs { args: vec![(0, "-")].into_iter(), ..Inputs::resuming(args, 0, Vec::new(), None, size, detect) };
        }
        Inputs::resuming(args, 0, Vec::new(), None, size, detect)
    }

    /// The inputs from argument `skip` on (0-based), after the puzzles `queued` and the rest of
    /// `current`, which another reader began. Unlike [`Inputs::new`], no argument left means
    /// nothing more to read, not standard input.
    pub fn resuming(
        args: &'a [String],
        skip: usize,
        queued: Vec<Puzzle>,
        current: Option<PuzzleReader<Box<dyn BufRead + 'a>>>,
        size: usize,
        detect: bool,
    ) -> Inputs<'a> {
        let stdin_read = args[..skip.min(args.len())].iter().any(|a| a == "-");
        let args: Vec<(usize, &str)> = args.iter().map(String::as_str).enumerate().skip(skip).collect();
        Inputs { args: args.into_iter(), size, detect, current, stdin_read, failed: false, keep_going: false, queued: queued.into_iter() }
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
            let input: Box<dyn BufRead> = Box::new(Counted::new(BufReader::with_capacity(1 << 16, file)));
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
        if let Some(puzzle) = self.queued.next() {
            return Some(Ok(puzzle));
        }
        while !self.failed {
            if let Some(reader) = &mut self.current {
                match reader.next() {
                    Some(Ok(puzzle)) => {
                        note_read(1);
                        return Some(Ok(puzzle));
                    }
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

/// Who does the work of a chunk: the calling thread alone (`--jobs 1`: no thread is started),
/// or a pool.
pub enum Workers {
    Serial,
    Pool(rayon::ThreadPool),
}

impl Workers {
    /// The workers `--jobs` asks for (every core when not given).
    pub fn new(jobs: Option<usize>) -> Result<Workers> {
        Ok(if jobs == Some(1) { Workers::Serial } else { Workers::Pool(pool(jobs)?) })
    }

    /// `f` of every item, in order.
    pub fn map<T: Sync, R: Send>(&self, items: &[T], f: impl Fn(usize, &T) -> R + Sync) -> Vec<R> {
        match self {
            Workers::Serial => items.iter().enumerate().map(|(i, item)| f(i, item)).collect(),
            Workers::Pool(pool) => pool.install(|| items.par_iter().enumerate().map(|(i, item)| f(i, item)).collect()),
        }
    }
}

/// Bytes of the input files taken by the readers so far, and the puzzles they made of them:
/// the progress bar's estimate of how many puzzles the files hold. Why globals: one command
/// reads its inputs once, and the readers are made deep in [`Inputs`] and the line path.
static BYTES_TAKEN: AtomicU64 = AtomicU64::new(0);
static PUZZLES_TAKEN: AtomicU64 = AtomicU64::new(0);

/// Counts `n` puzzles more read from the inputs (for the progress bar's estimate).
pub fn note_read(n: usize) {
    PUZZLES_TAKEN.fetch_add(n as u64, Ordering::Relaxed);
}

/// A buffered file whose bytes taken (read, or consumed from the buffer) are counted in
/// [`BYTES_TAKEN`].
pub struct Counted<R>(R);

impl<R> Counted<R> {
    pub fn new(inner: R) -> Counted<R> {
        Counted(inner)
    }
}

impl<R: io::Read> io::Read for Counted<R> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        let n = self.0.read(buf)?;
        BYTES_TAKEN.fetch_add(n as u64, Ordering::Relaxed);
        Ok(n)
    }
}

impl<R: BufRead> BufRead for Counted<R> {
    fn fill_buf(&mut self) -> io::Result<&[u8]> {
        self.0.fill_buf()
    }

    fn consume(&mut self, amount: usize) {
        BYTES_TAKEN.fetch_add(amount as u64, Ordering::Relaxed);
        self.0.consume(amount);
    }
}

/// How long a run goes before its progress bar shows: shorter runs never flash one. The
/// environment variable `DEDUKU_PROGRESS_AFTER_MS` sets another time (the tests show the bar
/// at once with 0, whatever the machine's speed).
fn quiet_start() -> Duration {
    let set = std::env::var("DEDUKU_PROGRESS_AFTER_MS")
        .ok()
        .and_then(|ms| ms.parse().ok());
    Duration::from_millis(set.unwrap_or(1000))
}

/// A progress bar on standard error for a batch of puzzles, shown only on a terminal, and
/// only once the run has taken a second (see [`quiet_start`]). With a total of bytes (the
/// input files' sizes) it shows the share read and an estimate of the time left; else a
/// spinner and a count. Ctrl-C while it shows leaves a clean line.
///
/// Why a thread of its own: the work counts puzzles as they are done ([`Progress::advance`],
/// from any thread), and the bar must come up and move while a chunk of slow puzzles is
/// still being worked on. Off a terminal there is no thread, and counting is one atomic add.
pub struct Progress {
    bar: ProgressBar,
    /// Puzzles done so far.
    done: Arc<AtomicU64>,
    /// Set when the run ends: the ticker stops (before showing, if it has not yet).
    stop: Arc<AtomicBool>,
    ticker: Option<std::thread::JoinHandle<()>>,
}

/// What a progress bar counts.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Total {
    /// Puzzles in files of this many bytes in all: the bar estimates how many.
    Bytes(u64),
    /// Puzzles, this many in all.
    Puzzles(u64),
    /// Puzzles, how many is not known (standard input).
    Unknown,
}

impl Progress {
    /// A bar counting to `total`, which shows only if `wanted` and standard error is a terminal.
    pub fn new(total: Total, wanted: bool) -> Progress {
        let len = match total {
            Total::Bytes(n) | Total::Puzzles(n) => Some(n),
            Total::Unknown => None,
        };
        let template = match total {
            Total::Bytes(_) | Total::Puzzles(_) => {
                "{bar:30} {percent:>3}% {msg}, {elapsed} (eta {eta})"
            }
            Total::Unknown => "{spinner} {msg}, {elapsed}",
        };
        let style = ProgressStyle::with_template(template).expect("a valid template");
        let bar =
            ProgressBar::with_draw_target(len, ProgressDrawTarget::hidden()).with_style(style);
        let (done, stop) = (
            Arc::new(AtomicU64::new(0)),
            Arc::new(AtomicBool::new(false)),
        );
        let shown = wanted && !quiet() && io::stderr().is_terminal();
        let ticker = shown.then(|| {
            let (bar, done, stop) = (bar.clone(), done.clone(), stop.clone());
            std::thread::spawn(move || tick(&bar, &done, &stop, total))
        });
        Progress {
            bar,
            done,
            stop,
            ticker,
        }
    }

    /// The bar of a batch reading `args` (files, standard input or literal puzzles): its
    /// total is the files' sizes when only files are read.
    pub fn of_inputs(args: &[String]) -> Progress {
        let files: Option<Vec<u64>> = args
            .iter()
            .map(|a| {
                std::fs::metadata(a)
                    .ok()
                    .filter(|m| m.is_file())
                    .map(|m| m.len())
            })
            .collect();
        let total = match files {
            Some(sizes) if !args.is_empty() => Total::Bytes(sizes.iter().sum()),
            _ => Total::Unknown,
        };
        Progress::new(total, Inputs::streams(args))
    }

    /// Counts `n` more puzzles done (from any thread).
    pub fn advance(&self, n: u64) {
        self.done.fetch_add(n, Ordering::Relaxed);
    }

    /// Runs `f` with the bar off the screen (to write to a terminal under it).
    pub fn suspend<R>(&self, f: impl FnOnce() -> R) -> R {
        self.bar.suspend(f)
    }

    /// Whether the bar is on the screen.
    pub fn showing(&self) -> bool {
        !self.bar.is_hidden()
    }

    /// Takes the bar off the screen for good.
    pub fn finish(&mut self) {
        self.stop.store(true, Ordering::Relaxed);
        if let Some(ticker) = self.ticker.take() {
            let _ = ticker.join();
        }
        self.bar.finish_and_clear();
    }
}

/// The progress bar's thread: waits until the run has gone on long enough, then shows the bar
/// and moves it five times a second, until `stop`.
fn tick(bar: &ProgressBar, done: &AtomicU64, stop: &AtomicBool, total: Total) {
    let started = Instant::now();
    let after = quiet_start();
    let step = Duration::from_millis(50);
    while started.elapsed() < after {
        if stop.load(Ordering::Relaxed) {
            return;
        }
        std::thread::sleep(step.min(after.saturating_sub(started.elapsed())));
    }
    clean_line_on_interrupt(bar.clone());
    bar.set_draw_target(ProgressDrawTarget::term_like(Box::new(Narrow(
        console::Term::buffered_stderr(),
    ))));
    bar.enable_steady_tick(Duration::from_millis(200));
    while !stop.load(Ordering::Relaxed) {
        let done = done.load(Ordering::Relaxed);
        let rate = done as f64 / started.elapsed().as_secs_f64().max(1e-3);
        bar.set_message(format!("{done} puzzles, {rate:.0}/s"));
        if let Total::Bytes(bytes) = total {
            // How many puzzles the files hold, from the bytes per puzzle read so far (exact
            // once they are all read).
            let (taken, read) = (
                BYTES_TAKEN.load(Ordering::Relaxed),
                PUZZLES_TAKEN.load(Ordering::Relaxed),
            );
            if taken > 0 {
                bar.set_length(
                    ((read as f64 * bytes as f64 / taken as f64).round() as u64).max(done),
                );
            }
        }
        bar.set_position(done);
        std::thread::sleep(Duration::from_millis(200));
    }
}

/// Standard error as a terminal two columns narrower than it is, for the progress bar. Why:
/// the bar's line is padded to the terminal's width, and the `^C` the terminal echoes at its
/// end would wrap it onto a new line, leaving the bar above the line that is cleared.
#[derive(Debug)]
struct Narrow(console::Term);

impl indicatif::TermLike for Narrow {
    fn width(&self) -> u16 {
        self.0.size().1.saturating_sub(2).max(1)
    }

    fn height(&self) -> u16 {
        self.0.size().0
    }

    fn move_cursor_up(&self, n: usize) -> io::Result<()> {
        self.0.move_cursor_up(n)
    }

    fn move_cursor_down(&self, n: usize) -> io::Result<()> {
        self.0.move_cursor_down(n)
    }

    fn move_cursor_right(&self, n: usize) -> io::Result<()> {
        self.0.move_cursor_right(n)
    }

    fn move_cursor_left(&self, n: usize) -> io::Result<()> {
        self.0.move_cursor_left(n)
    }

    fn write_line(&self, s: &str) -> io::Result<()> {
        self.0.write_line(s)
    }

    fn write_str(&self, s: &str) -> io::Result<()> {
        self.0.write_str(s)
    }

    fn clear_line(&self) -> io::Result<()> {
        self.0.clear_line()
    }

    fn flush(&self) -> io::Result<()> {
        self.0.flush()
    }
}

/// On Ctrl-C, clears the progress bar's line before the process ends (exit code 130, as a
/// shell reports an interrupt), so the prompt comes back on a clean line. Set once, when a
/// bar first shows: runs without one keep the default interrupt.
fn clean_line_on_interrupt(bar: ProgressBar) {
    static SET: std::sync::Once = std::sync::Once::new();
    SET.call_once(|| {
        let set = ctrlc::set_handler(move || {
            // Why inside `suspend`: it takes the bar off the screen and holds it there, so the
            // bar's tickers, which go on while the process exits, cannot draw it again.
            bar.suspend(|| std::process::exit(130));
        });
        if let Err(err) = set {
            log::debug!("no Ctrl-C handler: {err}");
        }
    });
}

/// Standard output, buffered, with the progress bar: finished work is written in input
/// order, warnings on standard error in their place.
pub struct Output {
    pub out: BufWriter<io::StdoutLock<'static>>,
    pub progress: Progress,
    /// Whether every puzzle so far was `ok`.
    pub all_ok: bool,
}

impl Output {
    pub fn new(progress: Progress) -> Output {
        Output { out: BufWriter::with_capacity(1 << 16, io::stdout().lock()), progress, all_ok: true }
    }

    /// Writes finished work in order: each warning on standard error, then the output. Pauses
    /// the progress bar while writing so the two never mix on a terminal.
    pub fn write(&mut self, done: Vec<Done>) -> io::Result<()> {
        let showing = self.progress.showing();
        let (out, all_ok) = (&mut self.out, &mut self.all_ok);
        self.progress.suspend(|| -> io::Result<()> {
            for d in done {
                write_one(out, &d)?;
                *all_ok &= d.ok;
            }
            if showing {
                out.flush()?;
            }
            Ok(())
        })?;
        Ok(())
    }

    /// Flushes what is left and clears the bar.
    pub fn finish(&mut self) -> io::Result<()> {
        self.progress.finish();
        self.out.flush()
    }
}

/// One puzzle's work: its warning on standard error (after the output before it), then its
/// output.
pub fn write_one(out: &mut impl Write, done: &Done) -> io::Result<()> {
    if let Some(warning) = &done.warning {
        // Why flush first: a warning belongs after the output of the puzzles before it, also
        // when both go to one terminal or file (warnings are rare: a flush each costs nothing).
        out.flush()?;
        eprintln!("deduku: {warning}");
    }
    out.write_all(&done.output)
}

/// Runs `work` on every puzzle of the inputs (with its 0-based index over all of them) on
/// the workers, `chunk` puzzles at a time, and prints the results in input order; returns
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
    let inputs = Inputs::new(args, size, detect);
    let mut output = Output::new(Progress::of_inputs(args));
    drive(inputs, &Workers::new(jobs)?, chunk, 0, &bad, &work, &mut output)?;
    output.finish()?;
    Ok(output.all_ok)
}

/// The loop of [`run_with`], on inputs already open, with the index of their first puzzle
/// (`first`): other readers begin a batch and hand the rest to it.
pub fn drive(
    inputs: Inputs,
    workers: &Workers,
    chunk: usize,
    mut first: usize,
    bad: &Option<impl Fn(&str) -> Vec<u8> + Sync>,
    work: &(impl Fn(usize, &Puzzle) -> Done + Sync),
    output: &mut Output,
) -> Result<()> {
    let mut inputs = inputs.keeping_going(bad.is_some());
    let mut malformed = 0;
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
        let progress = &output.progress;
        let done = workers.map(&items, |i, item| {
            let done = match item {
                Ok(puzzle) => work(first + i, puzzle),
                Err(_) => placeholder(item, bad),
            };
            progress.advance(1);
            done
        });
        malformed += items.iter().filter(|item| item.is_err()).count();
        first += items.len();
        output.write(done)?;
        if let Some(err) = fatal {
            output.finish()?;
            return Err(err);
        }
    }
    if malformed > 0 {
        output.finish()?;
        bail!("{malformed} malformed puzzle{} (reported above) left out", if malformed == 1 { "" } else { "s" });
    }
    Ok(())
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
