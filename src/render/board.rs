//! Boards: the grid of values, and the candidate grid with a deduction's pattern and
//! removed candidates in colour (`colored`; its global switch decides whether colour shows).

use colored::Colorize;

use crate::deduction::Deduction;
use crate::formats::digit_char;
use crate::grid::{Cell, Digit, Grid};
use crate::layout::Layout;

/// The values of a grid, `.` for a blank, boxes separated:
///
/// ```text
/// 5 3 . | . 7 . | . . .
/// ------+-------+------
/// ```
pub fn values(layout: &Layout, cells: &[Option<Digit>]) -> String {
    let size = layout.size();
    let (box_rows, box_cols) = layout.box_shape();
    let mut out = String::new();
    for row in 0..size {
        if row > 0 && row % box_rows == 0 {
            let segment = "-".repeat(2 * box_cols - 1);
            let line = vec![segment; size / box_cols].join("-+-");
            out.push_str(&line);
            out.push('\n');
        }
        let mut line = String::new();
        for col in 0..size {
            if col > 0 {
                line.push_str(if col % box_cols == 0 { " | " } else { " " });
            }
            line.push(cells[layout.cell(row, col)].map_or('.', digit_char));
        }
        out.push_str(&line);
        out.push('\n');
    }
    out
}

/// The candidate grid. With a deduction (about to be applied to this grid), its pattern's
/// digits show in cyan, a placed digit in green and removed candidates in red. An empty cell
/// with one candidate left shows it in brackets, `[5]`, as in the one-line candidate form.
pub fn candidates(grid: &Grid, highlight: Option<&Deduction>) -> String {
    let layout = grid.layout();
    let size = layout.size();
    let (box_rows, box_cols) = layout.box_shape();
    let text_of = |cell: usize| -> String {
        match grid.cell(cell) {
            Cell::Solved(d) => digit_char(d).to_string(),
            // Why brackets: a lone candidate must not look like a placed digit.
            Cell::Unsolved(c) if c.len() <= 1 => format!("[{}]", c.iter().map(digit_char).collect::<String>()),
            Cell::Unsolved(c) => c.iter().map(digit_char).collect(),
        }
    };
    let widths: Vec<usize> =
        (0..size).map(|col| (0..size).map(|row| text_of(layout.cell(row, col)).len()).max().unwrap_or(1)).collect();
    let paint = |cell: usize, digit: Digit| -> String {
        let ch = digit_char(digit).to_string();
        let Some(d) = highlight else { return ch };
        if d.placements.iter().any(|p| p.cell == cell && p.digit == digit) {
            ch.green().bold().to_string()
        } else if d.eliminations.iter().any(|e| e.cell == cell && e.digit == digit) {
            ch.red().bold().strikethrough().to_string()
        } else if d.pattern.cells.contains(&cell) && d.pattern.digits.contains(digit) {
            ch.cyan().bold().to_string()
        } else {
            ch
        }
    };
    let border = |left: char, mid: char, right: char| -> String {
        let segments: Vec<String> = (0..size / box_cols)
            .map(|b| {
                let inner: usize = (0..box_cols).map(|i| widths[b * box_cols + i]).sum::<usize>() + box_cols - 1;
                "-".repeat(inner + 2)
            })
            .collect();
        format!("{left}{}{right}\n", segments.join(&mid.to_string()))
    };
    let mut out = border('.', '.', '.');
    for row in 0..size {
        if row > 0 && row % box_rows == 0 {
            out.push_str(&border(':', '+', ':'));
        }
        out.push('|');
        for (col, &width) in widths.iter().enumerate() {
            out.push(' ');
            let cell = layout.cell(row, col);
            let shown: String = match grid.cell(cell) {
                Cell::Solved(d) => digit_char(d).to_string(),
                Cell::Unsolved(c) => {
                    let digits: String = c.iter().map(|digit| paint(cell, digit)).collect();
                    if c.len() <= 1 { format!("[{digits}]") } else { digits }
                }
            };
            out.push_str(&shown);
            out.push_str(&" ".repeat(width - text_of(cell).len()));
            if (col + 1) % box_cols == 0 {
                out.push_str(" |");
            }
        }
        out.push('\n');
    }
    out.push_str(&border('\'', '\'', '\''));
    out
}
