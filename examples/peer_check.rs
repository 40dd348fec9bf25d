//! The peer of deduku's batch commands in the whole-process benchmark
//! (`benches/batch.sh`): a plain program on the `sudoku` crate (a jczsolve-style solver)
//! that reads a file of 9x9 puzzle lines and prints, per line, what `deduku check` or
//! `deduku solve --format line` prints for it.
//!
//! ```text
//! cargo build --release --example peer_check
//! target/release/examples/peer_check check FILE    # unique / multiple / none
//! target/release/examples/peer_check solve FILE    # the first solution, or none
//! ```
//!
//! Why a whole program and not the in-process bench alone: users meet the process (reading,
//! parsing, writing), and the in-process bench leaves that out.

use std::io::{BufRead, BufWriter, Write};

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let (mode, path) = match args.as_slice() {
        [mode, path] if mode == "check" || mode == "solve" => (mode.as_str(), path),
        _ => {
            eprintln!("usage: peer_check check|solve FILE");
            std::process::exit(2);
        }
    };
    let file = std::fs::File::open(path).unwrap_or_else(|e| {
        eprintln!("peer_check: {path}: {e}");
        std::process::exit(2);
    });
    let out = std::io::stdout();
    let mut out = BufWriter::new(out.lock());
    for (n, line) in std::io::BufReader::new(file).lines().enumerate() {
        let line = line.expect("a readable line");
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let Ok(sudoku) = sudoku::Sudoku::from_str_line(line) else {
            eprintln!("peer_check: {path}: line {}: not a puzzle", n + 1);
            std::process::exit(2);
        };
        let written = if mode == "check" {
            let verdict = match sudoku.solutions_count_up_to(2) {
                0 => "none",
                1 => "unique",
                _ => "multiple",
            };
            writeln!(out, "{verdict}")
        } else {
            match sudoku.some_solution() {
                Some(solution) => writeln!(out, "{}", solution.to_str_line()),
                None => writeln!(out, "none"),
            }
        };
        if written.is_err() {
            return;
        }
    }
}
