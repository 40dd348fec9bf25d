//! HTML: one self-contained page that walks through solves, step by step (`solve --format
//! html`).
//!
//! Why boards drawn in the browser: a 16x16 solve may take hundreds of steps, and an SVG of
//! every candidate of every step would make a page of tens of megabytes. The page instead
//! carries each puzzle's layout, its grid before the first step, and per step what changed
//! and what each candidate is to the step (its [`Role`], as the terminal board paints it);
//! the script at the end of the page (`html/page.js`) draws a step's board when it is first
//! shown. The words (the notation line and the plain sentences) are written into the page
//! here, escaped, so they read without the script too. Nothing here looks for patterns: all
//! comes from the grid's journal.

use serde_json::{Value, json};

use crate::deduction::{Deduction, Link};
use crate::formats::{self, digit_char};
use crate::grid::{Cell, Digit, Grid};
use crate::layout::{CellId, HouseKind, Layout};
use crate::rating;
use crate::render::board::{Role, fins_are_breaks, role};
use crate::render::{json as json_render, plain, text};
use crate::rules::Rule;
use crate::solver::{Outcome, Status};
use crate::strategies;

const STYLE: &str = include_str!("html/page.css");
const SCRIPT: &str = include_str!("html/page.js");

/// Text made safe to stand in an element or a quoted attribute.
pub fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for ch in text.chars() {
        match ch {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            _ => out.push(ch),
        }
    }
    out
}

/// JSON made safe inside a `<script>` element: no `<` can close it (JSON holds `<` only in
/// strings, where `\u003c` reads the same).
fn script_json(value: &Value) -> String {
    value.to_string().replace('<', "\\u003c")
}

/// The page up to the first puzzle: the document head with its style, and the title.
pub fn page_start(title: &str) -> String {
    format!(
        "<!DOCTYPE html>\n<html lang=\"en\" class=\"nojs\">\n<head>\n<meta charset=\"utf-8\">\n\
         <meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n\
         <meta name=\"generator\" content=\"deduku\">\n<title>{t}</title>\n<style>\n{STYLE}</style>\n</head>\n<body>\n\
         <header class=\"page\"><h1>{t}</h1>\n<p class=\"keys\">Keys: <kbd>&larr;</kbd> <kbd>&rarr;</kbd> previous and next step, \
         <kbd>Home</kbd> <kbd>End</kbd> first and last (of the puzzle on screen).</p>\n\
         <noscript><p>The boards are drawn by the page's script; without it, the steps read as text.</p></noscript>\n</header>\n",
        t = escape(title)
    )
}

/// The end of the page: the script that draws the boards and moves between steps.
pub fn page_end() -> String {
    format!("<script>\n{SCRIPT}</script>\n</body>\n</html>\n")
}

/// What the page says about one puzzle besides its solve.
pub struct Heading<'a> {
    /// The puzzle's 0-based place among the page's puzzles (element ids are built from it).
    pub index: usize,
    /// The heading's text, `Puzzle 1 (argument 1)`.
    pub title: &'a str,
    /// The puzzle's givens, one per cell, row after row; `None` for a blank.
    pub givens: &'a [Option<Digit>],
}

/// One puzzle's section: heading, rules, summary, the puzzle, every step, the solution.
pub fn section(layout: &Layout, heading: &Heading, outcome: &Outcome) -> String {
    let id = format!("p{}", heading.index + 1);
    let steps = outcome.steps();
    let mut out = format!("<section class=\"puzzle\" id=\"{id}\" data-steps=\"{}\">\n", steps.len());
    out.push_str(&format!("<h2>{}</h2>\n", escape(heading.title)));
    out.push_str(&format!("<p class=\"line\"><code>{}</code></p>\n", escape(&formats::to_line(heading.givens))));
    out.push_str(&rules_html(layout));
    out.push_str(&summary_html(layout, &id, outcome));
    out.push_str("<div class=\"ends\">\n<figure class=\"start\"><svg class=\"board start-board\" role=\"img\" aria-label=\"the puzzle\"></svg><figcaption>The puzzle</figcaption></figure>\n");
    if outcome.solution.is_some() {
        out.push_str("<figure class=\"end\"><svg class=\"board solution-board\" role=\"img\" aria-label=\"the solution\"></svg><figcaption>The solution</figcaption></figure>\n");
    }
    out.push_str("</div>\n");
    if !steps.is_empty() {
        out.push_str(&steps_html(layout, &id, steps));
    }
    let data = data(layout, heading.givens, outcome);
    out.push_str(&format!("<script type=\"application/json\" class=\"data\">{}</script>\n</section>\n", script_json(&data)));
    out
}

/// The rules the puzzle is played under, each in a sentence.
fn rules_html(layout: &Layout) -> String {
    let mut items: Vec<String> = vec![format!(
        "Classic rules: every row, column and {} holds each digit 1 to {} once.",
        if layout.has_regions() { "region" } else { "box" },
        digit_char(layout.size() as Digit)
    )];
    for rule in layout.rules().iter() {
        items.push(format!("<b>{}</b>: {}.", escape(rule.name()), escape(rule.summary())));
    }
    let marks = formats::marks_of(layout.size(), layout.constraints());
    let negative = &marks.negative;
    for (on, what) in [(negative.difference, "white dots"), (negative.ratio, "black dots"), (negative.xv, "X and V marks")] {
        if on {
            items.push(format!("All {what} are given: cells without one do not have its property."));
        }
    }
    // Why a key only with two kinds or more: one kind's clues need no telling apart. The
    // colours are the script's (OUTSIDE_COLOR in html/page.js).
    let outside: Vec<&str> = [(&marks.sandwiches, "sandwich sums in black"), (&marks.x_sums, "X-sums in blue"), (&marks.skyscrapers, "skyscraper counts in brown")]
        .into_iter()
        .filter(|(clues, _)| !clues.is_empty())
        .map(|(_, words)| words)
        .collect();
    if outside.len() > 1 {
        items.push(format!("Beside the rows and columns: {}.", outside.join(", ")));
    }
    let list: String = items.iter().map(|i| format!("<li>{i}</li>")).collect();
    format!("<ul class=\"rules\">{list}</ul>\n")
}

/// How the solve went: the hardest step (linked), the level, the number of steps, and
/// whether a search had to finish it.
fn summary_html(layout: &Layout, id: &str, outcome: &Outcome) -> String {
    let steps = outcome.steps();
    let logical = steps.iter().filter(|d| !d.is_search()).count();
    let hardest = steps
        .iter()
        .enumerate()
        .filter_map(|(n, d)| Some((n, strategies::by_id(d.technique)?, rating::step_difficulty(d)?)))
        .fold(None, |best: Option<(usize, &strategies::Technique, u16)>, (n, t, d)| match best {
            Some((_, _, b)) if b >= d => best,
            _ => Some((n, t, d)),
        });
    let hardest_text = hardest.map(|(n, t, d)| {
        format!("hardest step: <a href=\"#{id}-s{}\">step {}, {}</a> (difficulty {})", n + 1, n + 1, escape(t.name), rating::tenths(u32::from(d)))
    });
    let rated = rating::rate(outcome);
    let level = rated.map(|r| {
        let guessing = if r.needs_guessing { " (needs guessing)" } else { "" };
        format!("Rating: <b>{}</b>{guessing}, difficulty {}, total {}.", r.level.name(), rating::tenths(u32::from(r.difficulty)), rating::tenths(r.total))
    });
    let mut lines = Vec::new();
    match outcome.status {
        Status::Solved if outcome.backtracked() => {
            let guesses = outcome.search.map_or(0, |s| s.guesses);
            lines.push(format!(
                "<b>Solved with backtracking</b>: {logical} logical steps, then a search (not logic, {guesses} guesses) filled the rest."
            ));
            if let Some(h) = hardest_text {
                lines.push(format!("Before the search, the {h}."));
            }
        }
        Status::Solved => match hardest_text {
            Some(h) => lines.push(format!("<b>Solved by logic</b> in {logical} steps; {h}.")),
            None => lines.push("Already solved.".to_string()),
        },
        Status::Stuck => lines.push(format!("<b>Stuck</b> after {logical} steps: no technique in use applies, and backtracking is off.")),
        Status::Invalid | Status::NoSolution | Status::MultipleSolutions => {
            let word = match outcome.status {
                Status::Invalid => "Invalid",
                Status::NoSolution => "No solution",
                _ => "Multiple solutions",
            };
            let reason = json_render::reason(layout, outcome).unwrap_or_default();
            lines.push(format!("<b>{word}</b>: {}.", escape(&reason)));
        }
    }
    lines.extend(level);
    let body: String = lines.iter().map(|l| format!("<p>{l}</p>")).collect();
    format!("<div class=\"summary\">{body}</div>\n")
}

/// The step viewer: buttons, an index of every step, and one item per step with an empty
/// board (drawn by the script) and its words.
fn steps_html(layout: &Layout, id: &str, steps: &[Deduction]) -> String {
    let count = steps.len();
    let mut out = String::from("<nav class=\"controls\">");
    for (go, label) in [("first", "&laquo; First"), ("prev", "&#x25C0; Previous")] {
        out.push_str(&format!("<button type=\"button\" data-go=\"{go}\">{label}</button>"));
    }
    out.push_str(&format!("<span class=\"counter\">{count} steps</span>"));
    for (go, label) in [("next", "Next &#x25B6;"), ("last", "Last &raquo;")] {
        out.push_str(&format!("<button type=\"button\" data-go=\"{go}\">{label}</button>"));
    }
    out.push_str("</nav>\n<details class=\"index\"><summary>All steps</summary><ol>");
    for (n, d) in steps.iter().enumerate() {
        out.push_str(&format!("<li><a href=\"#{id}-s{}\">{}</a></li>", n + 1, escape(&technique_name(d))));
    }
    out.push_str("</ol></details>\n<ol class=\"steps\">\n");
    for (n, d) in steps.iter().enumerate() {
        let difficulty = rating::step_difficulty(d).map(|t| format!(" <span class=\"difficulty\">{}</span>", rating::tenths(u32::from(t)))).unwrap_or_default();
        out.push_str(&format!(
            "<li class=\"step\" id=\"{id}-s{}\" data-step=\"{n}\" data-technique=\"{}\">\
             <div class=\"board-wrap\"><svg class=\"board\" data-step=\"{n}\" role=\"img\" aria-label=\"the grid before step {}\"></svg></div>\
             <div class=\"words\"><h3>Step {} of {count}: {}{difficulty}</h3>\
             <p class=\"notation\"><code>{}</code></p><p class=\"plain\">{}</p><div class=\"legend\"></div></div></li>\n",
            n + 1,
            escape(d.technique),
            n + 1,
            n + 1,
            escape(&technique_name(d)),
            escape(&text::explain(layout, d)),
            escape(&plain::explain(layout, d)),
        ));
    }
    out.push_str("</ol>\n");
    out
}

/// The name of a step's technique (`X-Wing`), or what the search did.
fn technique_name(d: &Deduction) -> String {
    match strategies::by_id(d.technique) {
        Some(t) => t.name.to_string(),
        None if d.is_search() => "Search (backtracking)".to_string(),
        None => d.technique.to_string(),
    }
}

/// A cell as the script reads it: `-d` for a placed digit, else the bits of its candidates
/// (digit d is bit d - 1).
fn cell_code(cell: Cell) -> i32 {
    match cell {
        Cell::Solved(d) => -i32::from(d),
        Cell::Unsolved(c) => i32::from(c.bits()),
    }
}

/// How a candidate's role is written for the script: 1 placed, 2 removed, 3 fin, 4 a chain
/// node held true, 5 one held false, 6 the pattern, 10 + k colour class k, 20 + k set k.
fn role_code(role: Role) -> Option<u32> {
    Some(match role {
        Role::Placed => 1,
        Role::Removed => 2,
        Role::Fin => 3,
        Role::On => 4,
        Role::Off => 5,
        Role::Pattern => 6,
        Role::Color(k) => 10 + u32::from(k.min(9)),
        Role::Set(k) => 20 + u32::from(k.min(25)),
        Role::Plain => return None,
    })
}

/// The data the script draws one puzzle from.
fn data(layout: &Layout, givens: &[Option<Digit>], outcome: &Outcome) -> Value {
    let size = layout.size();
    let mut out = json!({
        "n": size,
        "dc": (1..=size as Digit).map(digit_char).collect::<String>(),
        "reg": (0..layout.cell_count()).map(|c| layout.box_of(c)).collect::<Vec<_>>(),
        "shade": shaded(layout),
        "marks": marks(layout),
        "givens": givens.iter().map(|g| g.unwrap_or(0)).collect::<Vec<_>>(),
        "solution": outcome.solution,
    });
    if let Some(grid) = &outcome.grid {
        let states = grid.replay();
        out["start"] = json!(states[0].cells().iter().map(|&c| cell_code(c)).collect::<Vec<_>>());
        let steps: Vec<Value> = grid.journal().iter().enumerate().map(|(n, d)| step_data(layout, &states[n], &states[n + 1], d)).collect();
        out["steps"] = Value::Array(steps);
    }
    out
}

/// The extra houses drawn shaded: diagonals and windows (not disjoint groups, which cover
/// the whole grid).
fn shaded(layout: &Layout) -> Vec<Vec<CellId>> {
    layout
        .houses()
        .iter()
        .filter(|h| h.kind == HouseKind::Extra && h.rule != Some(Rule::Disjoint))
        .map(|h| h.cells.clone())
        .collect()
}

/// The marks of the rules that carry data, as f-puzzles would draw them: dots, X and V,
/// shapes and shaded cells; cages, thermometers, arrows and lines (cells in the order each
/// is read, so the script draws them through the cells' centres); and the clues outside the
/// grid. Cell numbers are 0-based, row after row.
fn marks(layout: &Layout) -> Value {
    let m = formats::marks_of(layout.size(), layout.constraints());
    let dots = |dots: &[formats::fpuzzles::Dot]| dots.iter().map(|d| json!([d.cells[0], d.cells[1], d.value])).collect::<Vec<_>>();
    let xv = |kind: formats::fpuzzles::XvKind| m.xv.iter().filter(|x| x.kind == kind).map(|x| x.cells).collect::<Vec<_>>();
    json!({
        "white": dots(&m.difference),
        "black": dots(&m.ratio),
        "x": xv(formats::fpuzzles::XvKind::X),
        "v": xv(formats::fpuzzles::XvKind::V),
        "odd": m.odd,
        "even": m.even,
        "min": m.minimum,
        "max": m.maximum,
        "quad": m.quadruples.iter().map(|q| json!([q.cells, q.digits])).collect::<Vec<_>>(),
        "clone": m.clones.iter().map(|c| c.cells.iter().chain(&c.clone_cells).copied().collect::<Vec<_>>()).collect::<Vec<_>>(),
        "colindex": m.column_indexers.concat(),
        "rowindex": m.row_indexers.concat(),
        "cage": m.killer_cages.iter().map(|k| json!([k.cells, k.sum])).collect::<Vec<_>>(),
        "thermo": m.thermometers.iter().map(|t| &t.lines).collect::<Vec<_>>(),
        "arrow": m.arrows.iter().map(|a| json!([a.circle, a.lines])).collect::<Vec<_>>(),
        "lines": lines(&m),
        "between": m.between_lines.iter().flat_map(|b| b.lines.iter()).collect::<Vec<_>>(),
        "lk": m.little_killers.iter().filter_map(|k| little_killer(layout.size(), k)).collect::<Vec<_>>(),
        "outside": outside(&m),
    })
}

/// The coloured lines that pass through cell centres, each `[kind, cells]`; the script gives
/// every kind its colour. Why one list: they are all drawn the same way.
fn lines(m: &formats::fpuzzles::Rules) -> Vec<Value> {
    let mut out: Vec<Value> = m.whispers.iter().flat_map(|w| w.lines.iter()).map(|l| json!(["whisper", l])).collect();
    for (kind, entries) in [("renban", &m.renbans), ("palindrome", &m.palindromes), ("regionsum", &m.region_sum_lines), ("entropic", &m.entropic_lines)] {
        out.extend(entries.iter().flat_map(|e| e.lines.iter()).map(|l| json!([kind, l])));
    }
    out
}

/// A little killer for the script: `[row, col, drow, dcol, sum]`, its clue's place outside
/// the grid as f-puzzles numbers it and the step along its diagonal. A clue whose diagonal
/// misses the grid, or that shows no sum, is left out: it says nothing.
fn little_killer(size: usize, k: &formats::fpuzzles::LittleKiller) -> Option<Value> {
    let (dr, dc) = k.direction.step();
    let sum = k.sum.filter(|_| !k.cells(size).is_empty())?;
    Some(json!([k.clue[0], k.clue[1], dr, dc, sum]))
}

/// The numbers beside rows and columns, each `[kind, row, col, value]` with row and column
/// as f-puzzles numbers them (0 or size + 1 outside).
fn outside(m: &formats::fpuzzles::Rules) -> Vec<Value> {
    [("sandwich", &m.sandwiches), ("xsum", &m.x_sums), ("skyscraper", &m.skyscrapers)]
        .into_iter()
        .flat_map(|(kind, clues)| clues.iter().map(move |c| json!([kind, c.row, c.col, c.value])))
        .collect()
}

/// One step for the script: the cells it changed (to replay the grid), and its pattern.
fn step_data(layout: &Layout, before: &Grid, after: &Grid, d: &Deduction) -> Value {
    let changed: Vec<[i32; 2]> = (0..layout.cell_count())
        .filter(|&c| before.cell(c) != after.cell(c))
        .map(|c| [c as i32, cell_code(after.cell(c))])
        .collect();
    let mut roles: Vec<[u32; 3]> = Vec::new();
    for c in 0..layout.cell_count() {
        if let Cell::Unsolved(cands) = before.cell(c) {
            for digit in cands.iter() {
                if let Some(code) = role_code(role(d, c, digit)) {
                    roles.push([c as u32, u32::from(digit), code]);
                }
            }
        }
    }
    let p = &d.pattern;
    let houses = |hs: &[usize]| hs.iter().map(|&h| layout.house(h).cells.clone()).collect::<Vec<_>>();
    let chains: Vec<Value> = p
        .chains
        .iter()
        .map(|c| {
            let links: String = c.links.iter().map(|l| match l {
                Link::Strong => 's',
                Link::Weak => 'w',
                Link::Implies => 'i',
            }).collect();
            json!({
                "nodes": c.nodes.iter().map(|n| json!([n.cells, n.digit, n.on])).collect::<Vec<_>>(),
                "links": links,
                "loop": c.is_loop(),
            })
        })
        .collect();
    json!({
        "ch": changed,
        "r": roles,
        "cells": p.cells,
        "fins": p.fins,
        "breaks": fins_are_breaks(d),
        "base": houses(&p.base),
        "cover": houses(&p.cover),
        "pl": d.placements.iter().map(|x| [x.cell, usize::from(x.digit)]).collect::<Vec<_>>(),
        "el": d.eliminations.len(),
        "chains": chains,
        "sets": p.sets.iter().map(|s| json!([s.cells, s.digits.iter().collect::<Vec<_>>()])).collect::<Vec<_>>(),
        "colors": p.colors.len(),
        "search": d.is_search(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::Arc;

    use crate::formats::fpuzzles::{self, Diagonal, OutsideClue};
    use crate::layout::LayoutSpec;
    use crate::rules::Rules;
    use crate::solver::Solver;

    const CLASSIC: &str = "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........";

    fn solved(line: &str) -> (Arc<Layout>, Vec<Option<Digit>>, Outcome) {
        let layout = Arc::new(Layout::classic(Rules::classic()));
        let givens: Vec<Option<Digit>> = line.chars().map(|c| c.to_digit(10).map(|d| d as Digit)).collect();
        let outcome = Solver::default().solve(layout.clone(), &givens);
        (layout, givens, outcome)
    }

    #[test]
    fn escaping_covers_markup_and_quotes() {
        assert_eq!(escape(r#"<b a="1">&'x'</b>"#), "&lt;b a=&quot;1&quot;&gt;&amp;&#39;x&#39;&lt;/b&gt;");
        assert_eq!(script_json(&json!({"a": "</script>"})), r#"{"a":"\u003c/script>"}"#);
    }

    #[test]
    fn a_section_has_one_step_item_and_board_per_step() {
        let (layout, givens, outcome) = solved(CLASSIC);
        let steps = outcome.steps().len();
        assert!(steps > 10);
        let html = section(&layout, &Heading { index: 0, title: "Puzzle <1>", givens: &givens }, &outcome);
        assert_eq!(html.matches("<li class=\"step\"").count(), steps);
        assert_eq!(html.matches("<svg class=\"board\" data-step=").count(), steps);
        assert!(html.contains("<h2>Puzzle &lt;1&gt;</h2>"));
        assert!(!html.contains("<1>"));
        let json = html.split("class=\"data\">").nth(1).unwrap().split("</script>").next().unwrap();
        let data: Value = serde_json::from_str(json).unwrap();
        assert_eq!(data["steps"].as_array().unwrap().len(), steps);
        assert_eq!(data["start"].as_array().unwrap().len(), 81);
    }

    /// A 9x9 layout that holds the marks of `marks`, read back from its constraints as the
    /// page reads them.
    fn layout_with(marks: fpuzzles::Rules) -> Layout {
        let rules = [
            Rule::Killer,
            Rule::Thermometer,
            Rule::Arrow,
            Rule::LittleKiller,
            Rule::RegionSum,
            Rule::Palindrome,
            Rule::Whispers,
            Rule::Renban,
            Rule::Entropic,
            Rule::Indexer,
            Rule::BetweenLine,
            Rule::Sandwich,
            Rule::XSum,
            Rule::Skyscraper,
        ]
        .into_iter()
        .fold(Rules::classic(), Rules::with);
        LayoutSpec { rules, constraints: formats::constraints_of(9, &marks), ..LayoutSpec::new(9) }.build().unwrap()
    }

    #[test]
    fn cages_thermometers_and_arrows_are_in_the_page_data() {
        let layout = layout_with(fpuzzles::Rules {
            killer_cages: vec![fpuzzles::KillerCage { cells: vec![0, 1, 9], sum: Some(12) }, fpuzzles::KillerCage { cells: vec![40, 41], sum: None }],
            thermometers: vec![fpuzzles::Thermometer { lines: vec![vec![10, 11, 12], vec![10, 19]] }],
            arrows: vec![fpuzzles::Arrow { circle: vec![30, 31], lines: vec![vec![31, 32, 33]] }],
            ..Default::default()
        });
        let m = marks(&layout);
        assert_eq!(m["cage"], json!([[[0, 1, 9], 12], [[40, 41], null]]));
        // A branching thermometer stays one, so that it gets one bulb.
        assert_eq!(m["thermo"], json!([[[10, 11, 12], [10, 19]]]));
        // The shaft starts at the circle's last cell, where the script cuts it at the circle.
        assert_eq!(m["arrow"], json!([[[30, 31], [[31, 32, 33]]]]));
        for empty in ["lines", "between", "lk", "outside", "colindex", "rowindex"] {
            assert_eq!(m[empty], json!([]), "{empty}");
        }
    }

    #[test]
    fn each_kind_of_line_is_in_the_page_data_with_its_name() {
        let line = |cells: &[CellId]| fpuzzles::Lines { lines: vec![cells.to_vec()] };
        let layout = layout_with(fpuzzles::Rules {
            whispers: vec![fpuzzles::Whisper { lines: vec![vec![50, 51, 52]], value: None }],
            renbans: vec![line(&[60, 61, 62])],
            palindromes: vec![line(&[70, 71, 72, 73])],
            region_sum_lines: vec![line(&[2, 3, 4])],
            entropic_lines: vec![line(&[78, 79, 80])],
            between_lines: vec![fpuzzles::BetweenLine { lines: vec![vec![45, 46, 47, 48]] }],
            ..Default::default()
        });
        let m = marks(&layout);
        assert_eq!(
            m["lines"],
            json!([["whisper", [50, 51, 52]], ["renban", [60, 61, 62]], ["palindrome", [70, 71, 72, 73]], ["regionsum", [2, 3, 4]], ["entropic", [78, 79, 80]]])
        );
        assert_eq!(m["between"], json!([[45, 46, 47, 48]]));
        assert_eq!(m["cage"], json!([]));
    }

    #[test]
    fn outside_clues_and_indexers_are_in_the_page_data() {
        let layout = layout_with(fpuzzles::Rules {
            little_killers: vec![fpuzzles::LittleKiller { clue: [0, 3], direction: Diagonal::DownLeft, sum: Some(6) }],
            sandwiches: vec![OutsideClue { row: 0, col: 5, value: 10 }],
            x_sums: vec![OutsideClue { row: 5, col: 10, value: 20 }],
            skyscrapers: vec![OutsideClue { row: 10, col: 2, value: 3 }],
            column_indexers: vec![vec![27, 36]],
            row_indexers: vec![vec![4]],
            ..Default::default()
        });
        let m = marks(&layout);
        // The clue above column 3, its diagonal running down and left (r1c2, r2c1).
        assert_eq!(m["lk"], json!([[0, 3, 1, -1, 6]]));
        assert_eq!(m["outside"], json!([["sandwich", 0, 5, 10], ["xsum", 5, 10, 20], ["skyscraper", 10, 2, 3]]));
        assert_eq!(m["colindex"], json!([27, 36]));
        assert_eq!(m["rowindex"], json!([4]));
        // Three kinds of clue beside the rows and columns: the rules say which colour is which.
        assert!(rules_html(&layout).contains("Beside the rows and columns: sandwich sums in black, X-sums in blue, skyscraper counts in brown."));
    }

    #[test]
    fn a_classic_page_carries_no_marks() {
        let (layout, givens, outcome) = solved(CLASSIC);
        let d = data(&layout, &givens, &outcome);
        for kind in ["cage", "thermo", "arrow", "lines", "between", "lk", "outside", "colindex", "rowindex"] {
            assert_eq!(d["marks"][kind], json!([]), "{kind}");
        }
    }
}
