//! The line path of the batch commands that need only the search's verdict (`check`,
//! `check --count`, `solve --format line`) on classic 9x9 puzzles: a file's lines go from
//! the bytes read straight to the fast core, and its answers straight into a buffered
//! writer, with no puzzle, grid or layout made per line, and no thread started under
//! `--jobs 1`.
//!
//! Why a path of its own: on large files of quick puzzles, making a [`Puzzle`] per line
//! (its givens, its origin), handing it to a pool and collecting a report per puzzle cost as
//! much as a fifth of the whole run.
//!
//! It reads only what it reads exactly as the general reader does: lines of 81 cells
//! (digits, `.` or `0`), empty lines and `#` comments. At the first other line (a grid, a
//! link, a malformed line), or an argument that is not a file, it hands the rest over to the
//! general path ([`batch::drive`]), which numbers lines and puzzles on from there. A puzzle
//! the core finds no solution for goes to the general path too, which says whether its
//! givens clash.

use std::fs::File;
use std::io::{self, BufRead, BufReader, Read, Write};
use std::sync::Arc;

use anyhow::{Context, Result};

use crate::batch::{self, Counted, Done, Inputs, Output, Progress, Workers};
use deduku::formats::{Origin, Puzzle, PuzzleReader};
use deduku::search::{Core, Found};

/// What the line path asks of the core per puzzle, and how it writes the answer.
pub struct Plan<'a> {
    /// Solutions to count up to.
    pub limit: usize,
    /// Solutions to keep (for `emit`).
    pub keep: usize,
    /// Writes a puzzle's answer from what the core found, returning whether the puzzle is
    /// `ok` (see [`Done::ok`]); `None` leaves it to the general path.
    pub emit: &'a (dyn Fn(&Found, &mut Vec<u8>) -> Option<bool> + Sync),
}

/// How many lines are read before they are solved and written.
const CHUNK: usize = 4096;

/// One puzzle line of a file, as read.
struct Line {
    cells: [u8; 81],
    /// Its file (in [`Pending::origins`]), and its 1-based line in the file and number among
    /// the file's puzzles.
    origin: u32,
    line: usize,
    number: usize,
}

/// Puzzle lines read and not yet solved, from one file or more.
struct Pending {
    lines: Vec<Line>,
    /// The files read so far.
    origins: Vec<Arc<Origin>>,
}

impl Pending {
    /// The puzzle the general reader makes of `line`.
    fn puzzle(&self, line: &Line) -> Puzzle {
        let givens = line.cells.iter().map(|&b| Some(b.wrapping_sub(b'0')).filter(|d| (1..=9).contains(d))).collect();
        Puzzle { givens, origin: self.origins[line.origin as usize].clone(), number: line.number, line: line.line, variant: None, position: None }
    }
}

/// Runs `plan` on every puzzle of the inputs (`args`, read as the general path does), and
/// prints the answers in input order; returns whether all were `ok`. `general` (with `bad`,
/// for `--keep-going`) is the general path's work on one puzzle, for what this path hands on.
pub fn run(
    args: &[String],
    jobs: Option<usize>,
    plan: &Plan,
    bad: Option<impl Fn(&str) -> Vec<u8> + Sync>,
    general: impl Fn(usize, &Puzzle) -> Done + Sync,
) -> Result<bool> {
    let core = Core::classic();
    let workers = Workers::new(jobs)?;
    let mut output = Output::new(Progress::of_inputs(args));
    // Puzzles written so far, over all inputs.
    let mut index = 0;
    // Why `-` and literal puzzles go to the general path: standard input may be a terminal
    // being typed into, and literal puzzles are few.
    let plain_files = args.iter().take_while(|a| *a != "-" && std::path::Path::new(a).is_file()).count();
    let mut handed = (plain_files, None);
    // Why lines stay pending from one file to the next: the general path reads its chunks
    // across files too, and stops at a malformed puzzle before its chunk is written.
    let mut pending = Pending { lines: Vec::with_capacity(CHUNK), origins: Vec::new() };
    for (i, arg) in args.iter().enumerate().take(plain_files) {
        let file = File::open(arg).with_context(|| format!("cannot read {arg}"))?;
        let mut reader = Counted::new(BufReader::with_capacity(1 << 16, file));
        pending.origins.push(Arc::new(Origin::File(arg.clone())));
        let mut read = Reading { origin: i as u32, lines: 0, puzzles: 0 };
        let mut buffer = Vec::with_capacity(128);
        let stop = loop {
            buffer.clear();
            if reader.read_until(b'\n', &mut buffer).with_context(|| format!("cannot read {arg}"))? == 0 {
                break None;
            }
            if !read.take(&buffer, &mut pending.lines) {
                break Some(read.lines);
            }
            if pending.lines.len() == CHUNK {
                index = solve(&core, plan, &workers, &general, index, &mut pending, &mut output)?;
            }
        };
        match stop {
            // A file with no puzzle line, or that is another form from its start (a grid, an
            // f-puzzles object): the general path reads it whole, from its first line.
            _ if read.puzzles == 0 => {
                handed = (i, None);
                break;
            }
            None => {}
            Some(lines) => {
                // The line that stopped this path, then the rest of the file.
                let rest: Box<dyn BufRead> = Box::new(io::Cursor::new(buffer).chain(reader));
                let reader = PuzzleReader::new(rest, 9, Origin::File(arg.clone())).detecting_size(true).keeping_going(bad.is_some());
                handed = (i + 1, Some(reader.resuming(lines - 1, read.puzzles)));
                break;
            }
        }
    }
    let (skip, current) = handed;
    if skip == 0 && current.is_none() {
        // Nothing was read here: the general path reads every input (standard input when
        // none is named).
        batch::drive(Inputs::new(args, 9, true), &workers, batch::CHUNK, index, &bad, &general, &mut output)?;
    } else if skip < args.len() || current.is_some() {
        // The puzzles not yet written go along unsolved, first.
        batch::note_read(pending.lines.len());
        let queued = pending.lines.iter().map(|line| pending.puzzle(line)).collect();
        let inputs = Inputs::resuming(args, skip, queued, current, 9, true);
        batch::drive(inputs, &workers, batch::CHUNK, index, &bad, &general, &mut output)?;
    } else {
        solve(&core, plan, &workers, &general, index, &mut pending, &mut output)?;
    }
    output.finish()?;
    Ok(output.all_ok)
}

/// The state of reading one file.
struct Reading {
    /// The file, as [`Line::origin`].
    origin: u32,
    /// Lines read, and puzzle lines among them.
    lines: usize,
    puzzles: usize,
}

impl Reading {
    /// Takes one line as read (with its line end): a puzzle line is added to `pending`, an
    /// empty line or a comment passed over; false for any other line, which this path does
    /// not read.
    fn take(&mut self, raw: &[u8], pending: &mut Vec<Line>) -> bool {
        self.lines += 1;
        let text = raw.strip_suffix(b"\n").unwrap_or(raw);
        let text = text.strip_suffix(b"\r").unwrap_or(text);
        // A byte-order mark (editors on Windows write one) is not part of the text.
        let text = if self.lines == 1 { text.strip_prefix("\u{feff}".as_bytes()).unwrap_or(text) } else { text };
        // Why no early exit: 81 tests an instruction each beat a branch per byte.
        if let Ok(cells) = <[u8; 81]>::try_from(text)
            && cells.iter().fold(true, |ok, &b| ok & (b.wrapping_sub(b'0') <= 9 || b == b'.'))
        {
            self.puzzles += 1;
            pending.push(Line { cells, origin: self.origin, line: self.lines, number: self.puzzles });
            return true;
        }
        text.is_empty() || text.starts_with(b"#")
    }
}

/// Solves the pending lines (the first of them number `index` over all inputs), writes their
/// answers in order, and returns the index after them.
fn solve(
    core: &Core,
    plan: &Plan,
    workers: &Workers,
    general: &(impl Fn(usize, &Puzzle) -> Done + Sync),
    index: usize,
    pending: &mut Pending,
    output: &mut Output,
) -> io::Result<usize> {
    let count = pending.lines.len();
    if count == 0 {
        return Ok(index);
    }
    batch::note_read(count);
    // The answers of a run of lines as one text, the puzzles handed on at their places in it,
    // and whether all were `ok`. Why in runs, not a line at a time: one text per run, not a
    // vector per puzzle, and on a pool one task per run.
    let answer = |first: usize, lines: &[Line]| {
        let mut text = Vec::with_capacity(16 * lines.len());
        let mut handed: Vec<(usize, Done)> = Vec::new();
        let mut ok = true;
        for (i, line) in lines.iter().enumerate() {
            let found = core.search_line(&line.cells, plan.limit, plan.keep);
            match (plan.emit)(&found, &mut text) {
                Some(fine) => ok &= fine,
                None => handed.push((text.len(), general(index + first + i, &pending.puzzle(line)))),
            }
        }
        (text, handed, ok)
    };
    let runs = match workers {
        Workers::Serial => vec![answer(0, &pending.lines)],
        Workers::Pool(pool) => {
            // Four runs a thread: the threads stay busy when some runs are slower.
            let length = count.div_ceil(4 * pool.current_num_threads()).max(1);
            let runs: Vec<&[Line]> = pending.lines.chunks(length).collect();
            workers.map(&runs, |k, lines| answer(k * length, lines))
        }
    };
    let showing = output.progress.showing();
    let (out, all_ok) = (&mut output.out, &mut output.all_ok);
    output.progress.suspend(|| -> io::Result<()> {
        for (text, handed, ok) in &runs {
            *all_ok &= ok;
            let mut written = 0;
            for (at, done) in handed {
                out.write_all(&text[written..*at])?;
                written = *at;
                batch::write_one(out, done)?;
                *all_ok &= done.ok;
            }
            out.write_all(&text[written..])?;
        }
        if showing {
            out.flush()?;
        }
        Ok(())
    })?;
    output.progress.advance(count as u64);
    pending.lines.clear();
    Ok(index + count)
}
