//! Boards: the grid of values, and the candidate grid with a deduction's pattern and
//! removed candidates in colour (`colored`; its global switch decides whether colour shows).

use colored::Colorize;

use crate::deduction::{Deduction, Link};
use crate::formats::digit_char;
use crate::grid::{Cell, Digit, Grid};
use crate::layout::Layout;

/// The values of a grid, `.` for a blank, boxes separated:
///
/// ```text
/// 5 3 . | . 7 . | . . .
/// ------+-------+------
/// ```
///
/// On irregular regions (jigsaw) every gap between cells is three wide, and a line between
/// every two rows draws the regions' borders (see [`region_values`]).
pub fn values(layout: &Layout, cells: &[Option<Digit>]) -> String {
    let size = layout.size();
    let Some((box_rows, box_cols)) = layout.box_shape() else { return region_values(layout, cells) };
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
/// digits show in cyan, a placed digit in green and removed candidates in red; without
/// colour (`--color never`, a pipe, NO_COLOR) each such candidate carries a mark before it
/// instead (see [`mark`]), and a legend line under the grid says what the marks mean. An
/// empty cell with one candidate left shows it in brackets, `[5]`, as in the one-line
/// candidate form; a legend line (a `#` comment, so the grid still reads back) says so.
pub fn candidates(grid: &Grid, highlight: Option<&Deduction>) -> String {
    let layout = grid.layout();
    let size = layout.size();
    let colour = colored::control::SHOULD_COLORIZE.should_colorize();
    let mut marks_used: Vec<Role> = Vec::new();
    let mut lone = false;
    // Each cell as shown, and its width on screen.
    let mut shown: Vec<(String, usize)> = Vec::with_capacity(layout.cell_count());
    for cell in 0..layout.cell_count() {
        match grid.cell(cell) {
            Cell::Solved(d) => shown.push((digit_char(d).to_string(), 1)),
            Cell::Unsolved(c) => {
                let (mut text, mut width) = (String::new(), 0);
                for digit in c.iter() {
                    let ch = digit_char(digit).to_string();
                    let role = highlight.map_or(Role::Plain, |d| role(d, cell, digit));
                    if colour {
                        text.push_str(&paint(&ch, role));
                        width += 1;
                    } else {
                        let m = mark(role);
                        if !m.is_empty() && !marks_used.contains(&role) {
                            marks_used.push(role);
                        }
                        text.push_str(&m);
                        text.push_str(&ch);
                        width += m.chars().count() + 1;
                    }
                }
                // Why brackets: a lone candidate must not look like a placed digit.
                if c.len() <= 1 {
                    lone = true;
                    text = format!("[{text}]");
                    width += 2;
                }
                shown.push((text, width));
            }
        }
    }
    let widths: Vec<usize> = (0..size).map(|col| (0..size).map(|row| shown[layout.cell(row, col)].1).max().unwrap_or(1)).collect();
    let mut out = match layout.box_shape() {
        Some(shape) => boxed_candidates(layout, shape, &shown, &widths),
        None => {
            let cells: Vec<String> = shown.iter().map(|(t, _)| t.clone()).collect();
            let lengths: Vec<usize> = shown.iter().map(|&(_, w)| w).collect();
            region_candidates(layout, &cells, &lengths, &widths)
        }
    };
    if !marks_used.is_empty() {
        marks_used.sort_by_key(|r| legend_order(*r));
        let parts: Vec<String> = marks_used.iter().map(|&r| format!("{}d {}", mark(r), meaning(r))).collect();
        out.push_str(&format!("# marks: {}\n", parts.join(", ")));
    }
    if lone {
        out.push_str("# [5]: an empty cell with one candidate left, not placed yet\n");
    }
    if let Some(d) = highlight {
        out.push_str(&chain_legend(layout, d, colour));
    }
    out
}

/// One `#` line per chain of the deduction, its nodes numbered in order with their cells
/// and the candidate as the board marks it (`3 r9c4~6`), joined by their links (`=` strong,
/// `-` weak, `->` implies): the order to follow the chain in on the board. A forcing net's
/// node that needs more than the node before it names all its premises after it
/// (`3 r5c1+6 (r4c3~6, r5c3~6)`), each drawn on the board as a node of some chain. A long chain
/// goes on over more `#` lines, none wider than the usual 90 columns.
fn chain_legend(layout: &Layout, d: &Deduction, colour: bool) -> String {
    const WIDTH: usize = 88;
    let mut out = String::new();
    for (k, chain) in d.pattern.chains.iter().enumerate() {
        let head = if d.pattern.chains.len() == 1 { "# chain:".to_string() } else { format!("# chain {}:", k + 1) };
        // The line so far and its width on screen (colour codes take none).
        let (mut line, mut width) = (head.clone(), head.len());
        let push = |piece: String, seen: usize, line: &mut String, width: &mut usize, out: &mut String| {
            if *width + seen > WIDTH {
                out.push_str(line);
                out.push('\n');
                *line = "#".to_string() + &" ".repeat(head.len() - 1);
                *width = head.len();
            }
            line.push_str(&piece);
            *width += seen;
        };
        // A node as the board marks it (`r9c4~6`), and its width on screen.
        let candidate = |node: &crate::deduction::Node| {
            let cells: Vec<String> = node.cells.iter().map(|&c| layout.cell_name(c)).collect();
            let role = if node.on { Role::On } else { Role::Off };
            let ch = digit_char(node.digit).to_string();
            let (shown, width) = if colour { (paint(&ch, role), 1) } else { (format!("{}{ch}", mark(role)), 2) };
            let cells = cells.join(",");
            let width = cells.chars().count() + width;
            (cells + &shown, width)
        };
        for (i, node) in chain.nodes.iter().enumerate() {
            // A strong link an almost locked set makes names the set by its mark's letter.
            let set = |j: usize| chain.set_of(j).and_then(|s| d.pattern.sets.iter().position(|p| p == s));
            let link: String = match (i, chain.links.get(i.wrapping_sub(1))) {
                (0, _) => String::new(),
                (_, Some(Link::Strong)) => match set(i - 1) {
                    Some(k) => format!(" =(set {})=", (b'A' + k as u8 % 6) as char),
                    None => " =".to_string(),
                },
                (_, Some(Link::Weak)) => " -".to_string(),
                _ => " ->".to_string(),
            };
            let (text, seen) = candidate(node);
            let number = format!("{link} {} ", i + 1);
            push(format!("{number}{text}"), number.chars().count() + seen, &mut line, &mut width, &mut out);
            // A net's inference that needs more than the node before it names its premises.
            if let Some(premises) = chain.premises.get(i).filter(|p| i > 0 && p.len() > 1) {
                let parts: Vec<(String, usize)> = premises.iter().map(candidate).collect();
                let seen = parts.iter().map(|(_, w)| w + 2).sum::<usize>() + 1;
                let text: Vec<String> = parts.into_iter().map(|(t, _)| t).collect();
                push(format!(" ({})", text.join(", ")), seen, &mut line, &mut width, &mut out);
            }
        }
        if chain.is_loop() {
            push(" (back to 1)".to_string(), 12, &mut line, &mut width, &mut out);
        }
        out.push_str(&line);
        out.push('\n');
    }
    out
}

/// A candidate's colour for its role in a deduction.
fn paint(ch: &str, role: Role) -> String {
    styled(ch, role).to_string()
}

/// A candidate with the colour and style of its role.
fn styled(ch: &str, role: Role) -> colored::ColoredString {
    match role {
        Role::Placed => ch.green().bold(),
        Role::Removed => ch.red().bold().strikethrough(),
        Role::Fin => ch.magenta().bold(),
        Role::Color(k) => color_class(ch, k),
        // Why not green: a chain node held true must not look like a placement.
        Role::On => ch.bright_yellow().bold(),
        Role::Off => ch.bright_blue(),
        Role::Set(k) => color_class(ch, k + 2),
        Role::Pattern => ch.cyan().bold(),
        Role::Plain => ch.normal(),
    }
}

/// The mark a candidate carries for its role when there is no colour: `=` placed, `-`
/// removed, `!` a fin, `+`/`~` a chain node held true/false, `*` the pattern, and a lower-case
/// letter for a colour class (`a`, `b` ...) or a set (`s`, `t` ...).
pub fn mark(role: Role) -> String {
    match role {
        Role::Placed => "=".into(),
        Role::Removed => "-".into(),
        Role::Fin => "!".into(),
        Role::Color(k) => ((b'a' + k % 6) as char).to_string(),
        Role::On => "+".into(),
        Role::Off => "~".into(),
        Role::Set(k) => ((b's' + k % 6) as char).to_string(),
        Role::Pattern => "*".into(),
        Role::Plain => String::new(),
    }
}

fn meaning(role: Role) -> String {
    match role {
        Role::Placed => "placed".into(),
        Role::Removed => "removed".into(),
        Role::Fin => "fin".into(),
        Role::Color(k) => format!("colour {}", (b'A' + k % 6) as char),
        Role::On => "chain node true".into(),
        Role::Off => "chain node false".into(),
        Role::Set(k) => format!("set {}", (b'A' + k % 6) as char),
        Role::Pattern => "pattern".into(),
        Role::Plain => String::new(),
    }
}

/// The legend lists the effect first, then the proof.
fn legend_order(role: Role) -> (u8, u8) {
    match role {
        Role::Placed => (0, 0),
        Role::Removed => (1, 0),
        Role::Pattern => (2, 0),
        Role::Fin => (3, 0),
        Role::On => (4, 0),
        Role::Off => (5, 0),
        Role::Color(k) => (6, k),
        Role::Set(k) => (7, k),
        Role::Plain => (8, 0),
    }
}

/// The candidate grid of a layout with boxes: `shown` holds each cell's text and its width
/// on screen, `widths` each column's.
fn boxed_candidates(layout: &Layout, (box_rows, box_cols): (usize, usize), shown: &[(String, usize)], widths: &[usize]) -> String {
    let size = layout.size();
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
            let (text, used) = &shown[layout.cell(row, col)];
            out.push_str(text);
            out.push_str(&" ".repeat(width - used));
            if (col + 1) % box_cols == 0 {
                out.push_str(" |");
            }
        }
        out.push('\n');
    }
    out.push_str(&border('\'', '\'', '\''));
    out
}

/// Where the regions' borders run on a grid of irregular regions.
struct Borders<'a> {
    layout: &'a Layout,
}

impl Borders<'_> {
    /// Whether a border runs between the cells at `(row, col)` and `(row2, col2)`.
    fn between(&self, (row, col): (usize, usize), (row2, col2): (usize, usize)) -> bool {
        let l = self.layout;
        l.box_of(l.cell(row, col)) != l.box_of(l.cell(row2, col2))
    }

    /// Whether a border runs under the cell at `(row, col)` (none under the last row).
    fn below(&self, row: usize, col: usize) -> bool {
        row + 1 < self.layout.size() && self.between((row, col), (row + 1, col))
    }

    /// Whether a border runs right of the cell at `(row, col)` (none right of the last column).
    fn right(&self, row: usize, col: usize) -> bool {
        col + 1 < self.layout.size() && self.between((row, col), (row, col + 1))
    }

    /// The mark where the corners of four cells meet, under row `row` right of column `col`:
    /// `+` where borders cross or turn, `|` or `-` where one runs straight on, else a blank.
    fn corner(&self, row: usize, col: usize) -> char {
        let across = self.below(row, col) || self.below(row, col + 1);
        let down = self.right(row, col) || self.right(row + 1, col);
        match (across, down) {
            (true, true) => '+',
            (false, true) => '|',
            (true, false) => '-',
            (false, false) => ' ',
        }
    }
}

/// The values of a grid of irregular regions: each row of cells, and under it a line where
/// `-` marks a border under a cell, `|` one between two cells and `+` a corner.
///
/// ```text
/// 1   2 | 3   4
///     --+--
/// 3   4   1 | 2
/// ```
pub fn region_values(layout: &Layout, cells: &[Option<Digit>]) -> String {
    let size = layout.size();
    let borders = Borders { layout };
    let mut out = String::new();
    for row in 0..size {
        let mut line = String::new();
        for col in 0..size {
            if col > 0 {
                line.push_str(if borders.right(row, col - 1) { " | " } else { "   " });
            }
            line.push(cells[layout.cell(row, col)].map_or('.', digit_char));
        }
        out.push_str(&line);
        out.push('\n');
        if row + 1 < size {
            let mut line = String::new();
            for col in 0..size {
                let dash = |on: bool| if on { '-' } else { ' ' };
                if col > 0 {
                    line.push(dash(borders.below(row, col - 1)));
                    line.push(borders.corner(row, col - 1));
                    line.push(dash(borders.below(row, col)));
                }
                line.push(dash(borders.below(row, col)));
            }
            out.push_str(line.trim_end());
            out.push('\n');
        }
    }
    out
}

/// The candidate grid of irregular regions: `cells` is each cell's text as shown (painted),
/// `lengths` its width unpainted, `widths` each column's width. Framed as the boxed grid
/// is, with a line between every two rows for the borders.
fn region_candidates(layout: &Layout, cells: &[String], lengths: &[usize], widths: &[usize]) -> String {
    let size = layout.size();
    let borders = Borders { layout };
    // A line between rows `row` and `row + 1` (the frame's top for `None`, its bottom for
    // the last row).
    let rule = |row: Option<usize>| -> String {
        let (left, right, frame) = match row {
            None => ('.', '.', Some('.')),
            Some(r) if r + 1 == size => ('\'', '\'', Some('\'')),
            Some(r) => (if borders.below(r, 0) { ':' } else { '|' }, if borders.below(r, size - 1) { ':' } else { '|' }, None),
        };
        let mut line = String::from(left);
        for (col, &width) in widths.iter().enumerate() {
            let on = frame.is_some() || row.is_some_and(|r| borders.below(r, col));
            line.push_str(&(if on { "-" } else { " " }).repeat(width + 2));
            if col + 1 < size {
                line.push(match (frame, row) {
                    (Some(mark), Some(r)) => if borders.right(r, col) { mark } else { '-' },
                    (Some(mark), None) => if borders.right(0, col) { mark } else { '-' },
                    (None, Some(r)) => borders.corner(r, col),
                    (None, None) => unreachable!("only the frame's top has no row"),
                });
            }
        }
        line.push(right);
        line.push('\n');
        line
    };
    let mut out = rule(None);
    for row in 0..size {
        out.push('|');
        for (col, &width) in widths.iter().enumerate() {
            let cell = layout.cell(row, col);
            out.push(' ');
            out.push_str(&cells[cell]);
            out.push_str(&" ".repeat(width - lengths[cell] + 1));
            out.push(if col + 1 == size || borders.right(row, col) { '|' } else { ' ' });
        }
        out.push('\n');
        out.push_str(&rule(Some(row)));
    }
    out
}

/// What a candidate is to a deduction, in order of precedence: the effect first, then the
/// parts of the proof that stand apart (fins, colours, chain nodes, sets), then the body.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Role {
    /// The digit the deduction places there.
    Placed,
    /// A candidate the deduction removes.
    Removed,
    /// One of the pattern's digits in a fin cell (a fin, a wing's pivot, an extra cell).
    Fin,
    /// A colour class (colouring's colours, or the sides of a choice).
    Color(u8),
    /// A chain node held true.
    On,
    /// A chain node held false.
    Off,
    /// A member of the k-th group of cells (an almost locked set, a part of a sue de coq).
    Set(u8),
    /// One of the pattern's digits in one of its cells.
    Pattern,
    /// No part of the deduction.
    Plain,
}

/// Whether the pattern's `fins` name the cell where a contradiction breaks (a forcing
/// step), rather than fins.
pub fn fins_are_breaks(d: &Deduction) -> bool {
    crate::strategies::by_id(d.technique).is_some_and(|t| t.family == crate::strategies::Family::Forcing)
}

/// The role of `digit` in `cell` for deduction `d`.
pub fn role(d: &Deduction, cell: usize, digit: Digit) -> Role {
    let p = &d.pattern;
    if d.placements.iter().any(|x| x.cell == cell && x.digit == digit) {
        return Role::Placed;
    }
    if d.eliminations.iter().any(|x| x.cell == cell && x.digit == digit) {
        return Role::Removed;
    }
    // Why not for a forcing step: its candidates in the strands are marked as chain nodes.
    if !fins_are_breaks(d) && p.fins.contains(&cell) && p.digits.contains(digit) {
        return Role::Fin;
    }
    if let Some(c) = p.colors.iter().find(|c| c.cell == cell && c.digit == digit) {
        return Role::Color(c.color);
    }
    let node = p.chains.iter().flat_map(|c| c.nodes.iter()).find(|n| n.digit == digit && n.cells.contains(&cell));
    if let Some(n) = node {
        return if n.on { Role::On } else { Role::Off };
    }
    if let Some(k) = p.sets.iter().position(|s| s.cells.contains(&cell) && s.digits.contains(digit)) {
        return Role::Set(k as u8);
    }
    if p.cells.contains(&cell) && p.digits.contains(digit) {
        return Role::Pattern;
    }
    Role::Plain
}

/// Colour classes and sets cycle through distinct terminal colours, none of them the green
/// of a placement or the red of a removal.
fn color_class(ch: &str, k: u8) -> colored::ColoredString {
    match k % 6 {
        0 => ch.blue().bold(),
        1 => ch.yellow().bold(),
        2 => ch.magenta(),
        3 => ch.bright_cyan(),
        4 => ch.bright_magenta(),
        _ => ch.white().bold(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::deduction::{CellGroup, Chain, Colored, Elimination, Link, Node, Pattern};
    use crate::grid::Candidates;

    #[test]
    fn roles_put_the_effect_first_then_the_parts_of_the_proof() {
        let pattern = Pattern {
            digits: Candidates::single(5),
            cells: vec![1, 2],
            fins: vec![2],
            colors: vec![Colored { cell: 3, digit: 5, color: 1 }],
            chains: vec![Chain {
                nodes: vec![Node { cells: vec![4], digit: 5, on: true }, Node { cells: vec![6], digit: 5, on: false }],
                links: vec![Link::Weak],
                rules: Vec::new(),
                premises: Vec::new(),
                sets: Vec::new(),
            }],
            sets: vec![CellGroup { cells: vec![7], digits: Candidates::single(5) }],
            ..Pattern::default()
        };
        let d = Deduction::elimination("x", vec![Elimination { cell: 1, digit: 5, via: None }], pattern);
        assert_eq!(role(&d, 1, 5), Role::Removed);
        assert_eq!(role(&d, 2, 5), Role::Fin);
        assert_eq!(role(&d, 3, 5), Role::Color(1));
        assert_eq!(role(&d, 4, 5), Role::On);
        assert_eq!(role(&d, 6, 5), Role::Off);
        assert_eq!(role(&d, 7, 5), Role::Set(0));
        assert_eq!(role(&d, 2, 4), Role::Plain);
        assert_eq!(role(&d, 8, 5), Role::Plain);
    }

    #[test]
    fn a_forcing_step_marks_no_fin_where_its_contradiction_breaks() {
        // r1c1=5 -> r1c2<>5 ... breaks at cell 2; `fins` names that cell, the digit is 5.
        let node = |cell, on| Node { cells: vec![cell], digit: 5, on };
        let pattern = Pattern {
            digits: Candidates::single(5),
            fins: vec![2],
            chains: vec![Chain { nodes: vec![node(0, true), node(1, false)], links: vec![Link::Implies], rules: Vec::new(), premises: Vec::new(), sets: Vec::new() }],
            ..Pattern::default()
        };
        let forcing = Deduction::elimination(crate::strategies::ids::FORCING_NET, vec![Elimination { cell: 0, digit: 5, via: None }], pattern.clone());
        assert_eq!(role(&forcing, 2, 5), Role::Plain);
        assert_eq!(role(&forcing, 1, 5), Role::Off);
        let fish = Deduction::elimination(crate::strategies::ids::FINNED_X_WING, vec![Elimination { cell: 0, digit: 5, via: None }], pattern);
        assert_eq!(role(&fish, 2, 5), Role::Fin);
    }

    #[test]
    fn the_chain_legend_names_the_set_of_a_link_an_almost_locked_set_makes() {
        // (3)r1c1 =(set A)= (9)r1c2 - (9)r2c2: the set r1c1,r1c2 {3,6,9} links 3 and 9.
        let layout = Layout::classic(crate::rules::Rules::classic());
        let set = CellGroup { cells: vec![0, 1], digits: [3, 6, 9].into_iter().collect() };
        let node = |cell, digit, on| Node { cells: vec![cell], digit, on };
        let pattern = Pattern {
            chains: vec![Chain {
                nodes: vec![node(0, 3, false), node(1, 9, true), node(10, 9, false)],
                links: vec![Link::Strong, Link::Weak],
                sets: vec![Some(set.clone()), None],
                ..Chain::default()
            }],
            sets: vec![set],
            ..Pattern::default()
        };
        let d = Deduction::elimination("x", vec![Elimination { cell: 2, digit: 9, via: None }], pattern);
        let legend = chain_legend(&layout, &d, false);
        assert!(legend.contains("1 r1c1~3 =(set A)= 2 r1c2+9 - 3 r2c2~9"), "{legend}");
    }

    #[test]
    fn every_role_has_its_own_colour_and_its_own_mark() {
        // Why compare colour and style rather than printed bytes: the printed form depends
        // on the process's colour switch, which other tests set.
        let mut roles = vec![Role::Placed, Role::Removed, Role::Fin, Role::On, Role::Off, Role::Pattern];
        roles.extend((0..6).map(Role::Color));
        let painted: Vec<_> = roles.iter().map(|&r| styled("5", r)).map(|c| (c.fgcolor, c.bgcolor, format!("{:?}", c.style))).collect();
        for (i, a) in painted.iter().enumerate() {
            for (j, b) in painted.iter().enumerate().skip(i + 1) {
                assert_ne!(a, b, "{:?} and {:?} look alike", roles[i], roles[j]);
            }
        }
        let mut all = roles.clone();
        all.extend((0..6).map(Role::Set));
        let marks: Vec<String> = all.iter().map(|&r| mark(r)).collect();
        for (i, a) in marks.iter().enumerate() {
            assert!(!a.is_empty() && marks.iter().skip(i + 1).all(|b| b != a), "{:?}'s mark {a} is not its own", all[i]);
        }
    }
}
