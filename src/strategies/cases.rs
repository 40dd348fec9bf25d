//! The guides' case lines: a position in candidate form and the step a technique takes
//! there. `tests/suite/guides.rs` checks every one against its technique; `learn` draws the first
//! one as the guide's example board, with the step's pattern marked.
//!
//! A case line is `case: <position> => <effect>` or `case: <position> => !` (must not fire),
//! optionally with rules: `case anti-knight: ...`, and constraints of rules that carry data
//! as `rule@place` (see [`placed`]). The position is in candidate form
//! ([`crate::formats::to_candidate_line`]), the effect as printed in explanations
//! (`r5c3<>7, r6c7<>7`; order does not matter).

use std::collections::BTreeSet;
use std::sync::Arc;

use crate::constraints::{Constraint, Relation};
use crate::deduction::Deduction;
use crate::formats::parse_candidate_line;
use crate::layout::{Layout, LayoutSpec};
use crate::rules::{Rule, Rules};
use crate::strategies::Technique;

/// One case line of a guide.
pub struct Case {
    /// The 1-based line of the guide it is on.
    pub line: usize,
    /// The variant rules named in the case's head (`case anti-knight:`); classic if none.
    pub rules: Rules,
    /// Constraints of rules that carry data, written `rule@place` in the case's head.
    pub constraints: Vec<Constraint>,
    /// The position in candidate form, as written (see
    /// [`crate::formats::to_candidate_line`]).
    pub position: String,
    /// The effect the technique must have, or `None` when it must not fire.
    pub expected: Option<BTreeSet<String>>,
}

impl Case {
    /// The 9x9 layout of the case's rules and constraints.
    pub fn layout(&self) -> Result<Arc<Layout>, String> {
        let spec = LayoutSpec { rules: self.rules.clone(), constraints: self.constraints.clone(), ..LayoutSpec::new(9) };
        spec.build().map(Arc::new).map_err(|e| format!("case line {}: {e}", self.line))
    }

    /// Runs `t` on the case's position: its layout, and the step it took if it fired.
    pub fn run(&self, t: &Technique) -> Result<(Arc<Layout>, Option<Deduction>), String> {
        let layout = self.layout()?;
        let mut grid = parse_candidate_line(&self.position, layout.clone()).map_err(|e| format!("{}.md line {}: {e}", t.id, self.line))?;
        let fired = (t.run)(&mut grid);
        Ok((layout, fired.then(|| grid.journal().last().expect("a step was taken").clone())))
    }
}

/// `r5c6` as a 0-based cell of a 9x9 grid.
fn cell(name: &str) -> Option<usize> {
    crate::layout::cell_named(name, 9)
}

/// The constraints of a rule placed as a case writes it: `kropki-white@r1c1-r1c2` (with
/// `=n` for a dot's value), `xv@r1c1-r1c2=x`, `clone@r1c1-r5c5`, `odd-even@r1c1=odd`,
/// `min-max@r1c1=min`, `quadruple@r1c1=12` (the 2x2 whose top left is r1c1),
/// `killer@r1c1-r1c2-r2c1=15` (a cage's cells, and its sum if it has one),
/// `thermometer@r1c1-r1c2-r1c3` (a thermometer's line, bulb first),
/// `arrow@r5c5-r4c4-r3c3` (the circle, then the shaft; `r4c2+r4c3-...` for a circle of two),
/// `little-killer@r1c3-r2c2-r3c1=17` (a diagonal's cells from the clue, and the clue),
/// `region-sum@r1c3-r1c4-r1c5` and `palindrome@r1c1-r2c2-r3c1` (a line's cells in order).
/// `whispers@r1c1-r1c2-r1c3` (with `=n` for a difference other than 5),
/// `renban@r1c1-r1c2-r1c3`, `entropic@r1c1-r1c2-r1c3` (lines, in the order drawn),
/// `indexer@r1c1-r2c1=column` (indexer cells; `=row` for a row indexer).
/// `between-line@r1c1-r2c2-r3c3` (the line, from one circled end to the other),
/// `sandwich@r0c4=12`, `x-sum@r3c10=15`, `skyscraper@r10c2=4` (a clue outside the grid, as
/// f-puzzles places it: row or column 0 above or left, 10 below or right).
pub fn placed(rule: Rule, place: &str) -> Option<Vec<Constraint>> {
    let (cells, value) = place.split_once("=").map_or((place, None), |(c, v)| (c, Some(v)));
    let pair = |relation, holds| -> Option<Vec<Constraint>> {
        let (a, b) = cells.split_once('-')?;
        Some(vec![Constraint::Pair { rule, cells: [cell(a)?, cell(b)?], relation, holds }])
    };
    let number = |default: u8| value.map_or(Some(default), |v| v.parse().ok());
    match rule {
        Rule::KropkiWhite => pair(Relation::Difference(number(1)?), true),
        Rule::KropkiBlack => pair(Relation::Ratio(number(2)?), true),
        Rule::Xv => pair(Relation::Sum(if value? == "x" { 10 } else { 5 }), true),
        Rule::Clone => pair(Relation::Equal, true),
        Rule::OddEven => {
            let odd = value? == "odd";
            let digits = (1..=9).filter(|d| (d % 2 == 1) == odd).collect();
            Some(vec![Constraint::Only { rule, cell: cell(cells)?, digits }])
        }
        Rule::MinMax => {
            let a = cell(cells)?;
            let min = value? == "min";
            let around = [a.checked_sub(9), (a % 9 > 0).then(|| a - 1), (a % 9 < 8).then_some(a + 1), (a + 9 < 81).then_some(a + 9)];
            Some(around.into_iter().flatten().map(|n| Constraint::Pair { rule, cells: if min { [a, n] } else { [n, a] }, relation: Relation::Less, holds: true }).collect())
        }
        Rule::Quadruple => {
            let a = cell(cells)?;
            let digits = value?.chars().map(|c| c.to_digit(10).map(|d| d as u8)).collect::<Option<Vec<u8>>>()?;
            Some(vec![Constraint::Contains { rule, cells: vec![a, a + 1, a + 9, a + 10], digits }])
        }
        Rule::Killer => {
            let cells = cells.split('-').map(cell).collect::<Option<Vec<_>>>()?;
            let sum = match value {
                Some(v) => Some(v.parse().ok()?),
                None => None,
            };
            Some(vec![Constraint::Cage { rule, cells, sum }])
        }
        Rule::Thermometer => {
            let line = cells.split('-').map(cell).collect::<Option<Vec<_>>>()?;
            let marks = crate::formats::fpuzzles::Rules { thermometers: vec![crate::formats::fpuzzles::Thermometer { lines: vec![line] }], ..Default::default() };
            Some(crate::formats::constraints_of(9, &marks))
        }
        Rule::Arrow => {
            let (circle, shaft) = cells.split_once('-')?;
            let circle = circle.split('+').map(cell).collect::<Option<Vec<_>>>()?;
            let line = std::iter::once(*circle.last()?).chain(shaft.split('-').map(cell).collect::<Option<Vec<_>>>()?).collect();
            let marks = crate::formats::fpuzzles::Rules { arrows: vec![crate::formats::fpuzzles::Arrow { circle, lines: vec![line] }], ..Default::default() };
            Some(crate::formats::constraints_of(9, &marks))
        }
        Rule::LittleKiller => {
            let cells = cells.split('-').map(cell).collect::<Option<Vec<_>>>()?;
            Some(vec![Constraint::Sum { rule, weights: vec![1; cells.len()], cells, total: value?.parse().ok()? }])
        }
        Rule::RegionSum | Rule::Palindrome => {
            let lines = vec![cells.split('-').map(cell).collect::<Option<Vec<_>>>()?];
            let entry = crate::formats::fpuzzles::Lines { lines };
            let marks = if rule == Rule::Palindrome {
                crate::formats::fpuzzles::Rules { palindromes: vec![entry], ..Default::default() }
            } else {
                crate::formats::fpuzzles::Rules { region_sum_lines: vec![entry], ..Default::default() }
            };
            Some(crate::formats::constraints_of(9, &marks))
        }
        Rule::Whispers | Rule::Renban | Rule::Entropic | Rule::Indexer => {
            use crate::formats::fpuzzles::{Lines, Rules as Marks, Whisper};
            let line = cells.split('-').map(cell).collect::<Option<Vec<_>>>()?;
            let marks = match rule {
                Rule::Whispers => Marks { whispers: vec![Whisper { lines: vec![line], value: value.map(str::parse).transpose().ok()? }], ..Default::default() },
                Rule::Renban => Marks { renbans: vec![Lines { lines: vec![line] }], ..Default::default() },
                Rule::Entropic => Marks { entropic_lines: vec![Lines { lines: vec![line] }], ..Default::default() },
                _ if value? == "row" => Marks { row_indexers: vec![line], ..Default::default() },
                _ => Marks { column_indexers: vec![line], ..Default::default() },
            };
            Some(crate::formats::constraints_of(9, &marks))
        }
        Rule::BetweenLine => {
            let line = cells.split('-').map(cell).collect::<Option<Vec<_>>>()?;
            let marks = crate::formats::fpuzzles::Rules { between_lines: vec![crate::formats::fpuzzles::BetweenLine { lines: vec![line] }], ..Default::default() };
            Some(crate::formats::constraints_of(9, &marks))
        }
        Rule::Sandwich | Rule::XSum | Rule::Skyscraper => {
            let (row, col) = crate::formats::fpuzzles::parse_outside(cells, 9, rule.id()).ok()?;
            let clue = crate::formats::fpuzzles::OutsideClue { row, col, value: value?.parse().ok()? };
            let mut marks = crate::formats::fpuzzles::Rules::default();
            match rule {
                Rule::Sandwich => marks.sandwiches.push(clue),
                Rule::XSum => marks.x_sums.push(clue),
                _ => marks.skyscrapers.push(clue),
            }
            Some(crate::formats::constraints_of(9, &marks))
        }
        _ => None,
    }
}

/// Every case line of `guide`, or what is wrong with the first that cannot be read.
pub fn cases(guide: &str) -> Result<Vec<Case>, String> {
    let mut out = Vec::new();
    for (i, line) in guide.lines().enumerate() {
        let Some((head, body)) = line.strip_prefix("case").and_then(|rest| rest.split_once(':')) else { continue };
        let mut rules = Rules::classic();
        let mut constraints = Vec::new();
        for word in head.split_whitespace() {
            let (id, place) = word.split_once('@').map_or((word, None), |(id, place)| (id, Some(place)));
            let rule = Rule::ALL.into_iter().find(|r| r.id() == id).ok_or_else(|| format!("line {}: unknown rule {id}", i + 1))?;
            rules = rules.with(rule);
            if let Some(place) = place {
                constraints.extend(placed(rule, place).ok_or_else(|| format!("line {}: cannot read {word}", i + 1))?);
            }
        }
        let (position, effect) = body.split_once("=>").ok_or_else(|| format!("line {}: no '=>'", i + 1))?;
        let effect = effect.trim();
        let expected = (effect != "!").then(|| effect.split(", ").map(|s| s.trim().to_owned()).collect());
        out.push(Case { line: i + 1, rules, constraints, position: position.trim().to_owned(), expected });
    }
    Ok(out)
}
