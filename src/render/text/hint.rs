//! Hints in words, at three levels: where to look, then the pattern's cells, then the step.
//!
//! - Level 1: `Look for a Pointing (difficulty 2.6): the 3s of box 2.`
//! - Level 2: adds `The pattern: r1c4, r2c4.` (and a fish's base and cover houses, a
//!   chain's cells in order, an almost locked set's cells and digits), never the effect.
//! - Level 3: the whole step, as `solve` prints it, and in plain sentences.

use super::{cells, digits, explain, houses};
use crate::deduction::Deduction;
use crate::layout::{HouseId, Layout};
use crate::strategies;

/// `a` or `an`, by the sound of the name's start: `an X-Wing`, `an ALS-XZ`, `a Unique
/// Rectangle`, `a W-Wing`.
fn article(name: &str) -> &'static str {
    let word = name.split([' ', '-']).next().unwrap_or(name);
    let lower = word.to_ascii_lowercase();
    // Letters read one by one (`XY`, `ALS`, `BUG`, `W`): by the letter's name.
    let spelled = word.len() <= 4 && word.chars().all(|c| c.is_ascii_uppercase() || c == '+' || c.is_ascii_digit());
    let vowel = if spelled && word != "BUG" {
        matches!(word.chars().next(), Some('A' | 'E' | 'F' | 'H' | 'I' | 'L' | 'M' | 'N' | 'O' | 'R' | 'S' | 'X'))
    } else {
        lower.starts_with(['a', 'e', 'i', 'o']) || (lower.starts_with('u') && !lower.starts_with("uni") && !lower.starts_with("use"))
    };
    if vowel { "an" } else { "a" }
}

/// The houses to look in: the pattern's base houses, or else the one house all its cells
/// share (the first in the layout's order), if any.
fn where_to_look(layout: &Layout, d: &Deduction) -> Vec<HouseId> {
    let p = &d.pattern;
    if !p.base.is_empty() {
        return p.base.clone();
    }
    let mut cells = p.cells.iter().copied().chain(d.placements.iter().map(|pl| pl.cell));
    let Some(first) = cells.next() else { return Vec::new() };
    let rest: Vec<_> = cells.collect();
    layout.houses_of(first).iter().copied().filter(|&h| rest.iter().all(|&c| layout.houses_of(c).contains(&h))).take(1).collect()
}

/// The lines of a hint at `level` (1 to 3) for the step `d`.
pub fn hint(layout: &Layout, d: &Deduction, level: u8) -> Vec<String> {
    let name = strategies::name_of(d.technique);
    // The step's own difficulty: its technique's, grown with the size of its proof.
    let difficulty = crate::rating::step_difficulty(d).map(|t| format!(" (difficulty {})", crate::rating::tenths(u32::from(t)))).unwrap_or_default();
    let p = &d.pattern;
    let look = where_to_look(layout, d);
    let place = match (p.digits.is_empty(), look.is_empty()) {
        (true, true) => String::new(),
        (false, true) => format!(": the {} candidates", plural_digits(p.digits)),
        (true, false) => format!(": {}", long_houses(layout, &look)),
        (false, false) => format!(": the {} of {}", plural_digits(p.digits), long_houses(layout, &look)),
    };
    let mut lines = vec![format!("Look for {} {name}{difficulty}{place}.", article(name))];
    if level >= 2 {
        lines.extend(pattern_lines(layout, d));
    }
    if level >= 3 {
        lines.push(format!("The step: {}", explain(layout, d)));
        lines.push(crate::render::plain::explain(layout, d));
    }
    lines
}

/// `3s`, `3s and 7s`.
fn plural_digits(set: crate::grid::Candidates) -> String {
    and_list(set.iter().map(|d| format!("{}s", crate::formats::digit_char(d))).collect())
}

/// `box 2`, `row 3 and column 5`.
fn long_houses(layout: &Layout, list: &[HouseId]) -> String {
    and_list(list.iter().map(|&h| layout.house(h).long_name()).collect())
}

/// `a`, `a and b`, `a, b and c`.
fn and_list(words: Vec<String>) -> String {
    match words.len() {
        0 => String::new(),
        1 => words[0].clone(),
        n => format!("{} and {}", words[..n - 1].join(", "), words[n - 1]),
    }
}

/// The pattern without its effect: its cells, houses, fins, sets and chain cells.
fn pattern_lines(layout: &Layout, d: &Deduction) -> Vec<String> {
    let p = &d.pattern;
    let mut lines = Vec::new();
    if !p.cells.is_empty() {
        lines.push(format!("The pattern's cells: {}.", cells(layout, &p.cells)));
    } else if !d.placements.is_empty() && p.chains.is_empty() {
        lines.push(format!("The cell: {}.", cells(layout, &d.placements.iter().map(|pl| pl.cell).collect::<Vec<_>>())));
    }
    if !p.cover.is_empty() {
        lines.push(format!("Found in {}; it removes from {}.", houses(layout, &p.base), houses(layout, &p.cover)));
    }
    if !p.fins.is_empty() {
        lines.push(format!("Set apart: {}.", cells(layout, &p.fins)));
    }
    for (i, set) in p.sets.iter().enumerate() {
        let label = (b'A' + i as u8) as char;
        lines.push(format!("Set {label}: {} holding {}.", cells(layout, &set.cells), digits(set.digits)));
    }
    for chain in &p.chains {
        let mut seen = Vec::new();
        for node in &chain.nodes {
            for &c in &node.cells {
                if !seen.contains(&c) {
                    seen.push(c);
                }
            }
        }
        lines.push(format!("A chain through {}.", cells(layout, &seen)));
    }
    lines
}
