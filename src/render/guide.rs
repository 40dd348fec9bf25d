//! A teaching guide (Markdown) rendered for the terminal: headings set off, paragraphs and
//! list items wrapped, inline code marked, and the example board drawn from the guide's
//! first case with the step's pattern coloured (or marked, without colour). The `## Cases`
//! section is test fixtures, not for readers, and is left out.

use colored::Colorize;

use crate::formats::parse_candidate_line;
use crate::render::board;
use crate::strategies::{Technique, cases};

/// `guide` for a terminal `width` columns wide; `technique` draws its example board.
pub fn render(guide: &str, technique: Option<&Technique>, width: usize) -> String {
    let colour = colored::control::SHOULD_COLORIZE.should_colorize();
    let mut out = String::new();
    let mut paragraph: Vec<&str> = Vec::new();
    let mut fence = false;
    let mut section = "";
    let mut example_drawn = false;
    let flush = |paragraph: &mut Vec<&str>, out: &mut String| {
        if !paragraph.is_empty() {
            out.push_str(&wrap_item(&paragraph.join(" "), width, colour));
            paragraph.clear();
        }
    };
    let mut lines = guide.lines().peekable();
    while let Some(line) = lines.next() {
        if line.starts_with("```") {
            flush(&mut paragraph, &mut out);
            if !fence && section == "Example" && !example_drawn {
                if let Some(board) = technique.and_then(example_board) {
                    // The guide's own drawing of the board is replaced by the marked one.
                    for skipped in lines.by_ref() {
                        if skipped.starts_with("```") {
                            break;
                        }
                    }
                    out.push_str(&board);
                    out.push('\n');
                    example_drawn = true;
                    continue;
                }
            }
            fence = !fence;
            if !fence {
                out.push('\n');
            }
            continue;
        }
        if fence {
            if section != "Cases" {
                out.push_str(&format!("  {line}\n"));
            }
            continue;
        }
        if let Some(title) = line.strip_prefix("# ") {
            flush(&mut paragraph, &mut out);
            let shown = if colour { title.bold().underline().to_string() } else { format!("{title}\n{}", "=".repeat(title.chars().count())) };
            out.push_str(&format!("{shown}\n\n"));
            continue;
        }
        if let Some(heading) = line.strip_prefix("## ") {
            flush(&mut paragraph, &mut out);
            section = heading.trim();
            if section == "Cases" {
                continue;
            }
            if !out.is_empty() && !out.ends_with("\n\n") {
                out.push('\n');
            }
            let shown = if colour { heading.bold().to_string() } else { format!("{heading}\n{}", "-".repeat(heading.chars().count())) };
            out.push_str(&format!("{shown}\n\n"));
            continue;
        }
        if section == "Cases" {
            continue;
        }
        let trimmed = line.trim();
        if trimmed.is_empty() {
            flush(&mut paragraph, &mut out);
            if !out.is_empty() && !out.ends_with("\n\n") {
                out.push('\n');
            }
        } else if is_item(trimmed) || trimmed.starts_with('|') {
            flush(&mut paragraph, &mut out);
            paragraph.push(line);
            // A table row stands alone; a list item runs on over its indented lines.
            if trimmed.starts_with('|') {
                out.push_str(&format!("{line}\n"));
                paragraph.clear();
            }
        } else {
            paragraph.push(trimmed);
        }
    }
    flush(&mut paragraph, &mut out);
    while out.ends_with("\n\n") {
        out.pop();
    }
    out
}

/// Whether a line starts a list item: `- `, `* ` or `1. `.
fn is_item(line: &str) -> bool {
    line.starts_with("- ") || line.starts_with("* ") || line.split_once(". ").is_some_and(|(n, _)| !n.is_empty() && n.chars().all(|c| c.is_ascii_digit()))
}

/// A paragraph or list item wrapped at `width`, a list item's lines after the first hanging
/// under its text; inline code in colour (its backticks kept without colour).
fn wrap_item(text: &str, width: usize, colour: bool) -> String {
    let lead = text.len() - text.trim_start().len();
    let text = text.trim_start();
    let marker = if is_item(text) { text.split_once(' ').map_or("", |(m, _)| m) } else { "" };
    let first = format!("{}{}", " ".repeat(lead), if marker.is_empty() { String::new() } else { format!("{marker} ") });
    let hang = " ".repeat(first.len());
    let body = text[marker.len()..].trim_start();
    let mut out = String::new();
    let mut line = first.clone();
    let (mut used, mut words) = (first.len(), 0);
    for word in body.split_whitespace() {
        let visible = if colour { word.replace('`', "").chars().count() } else { word.chars().count() };
        if words > 0 && used + 1 + visible > width {
            out.push_str(&line);
            out.push('\n');
            line = hang.clone();
            (used, words) = (hang.len(), 0);
        }
        if words > 0 {
            line.push(' ');
            used += 1;
        }
        line.push_str(&code(word, colour));
        used += visible;
        words += 1;
    }
    out.push_str(&line);
    out.push('\n');
    out
}

/// A word with its inline code (between backticks) shown in colour, backticks dropped.
fn code(word: &str, colour: bool) -> String {
    if !colour || !word.contains('`') {
        return word.to_string();
    }
    let mut out = String::new();
    for (i, part) in word.split('`').enumerate() {
        if i % 2 == 1 { out.push_str(&part.cyan().to_string()) } else { out.push_str(part) }
    }
    out
}

/// The example board: the guide's first case drawn before its step, the pattern marked
/// (the guide's text names the step under it). `None` when the case cannot be run (the guide's own
/// drawing is shown then).
fn example_board(t: &Technique) -> Option<String> {
    let case = cases::cases(t.guide).ok()?.into_iter().next()?;
    let layout = case.layout().ok()?;
    let grid = parse_candidate_line(&case.position, layout.clone()).ok()?;
    let mut after = grid.clone();
    if !(t.run)(&mut after) {
        return None;
    }
    let step = after.journal().last()?;
    Some(board::candidates(&grid, Some(step)))
}
