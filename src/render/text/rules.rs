//! Sentences for the techniques that work through variant rules' links and demands:
//!
//! - `Link Exclusion: r1c1=5,6 would empty r1c2 (1,2) (xv) => r1c1<>5 (xv), r1c1<>6 (xv)`
//! - `Link Exclusion: r4c4=3 would leave 2 no place in row 5 (kropki-white) => r4c4<>3 (kropki-white)`
//! - `Relation Fillings: r1c4,r1c5,r1c6 (kropki-black): fillings left 124, 248, 421, 842; 2 always in r1c4,r1c5,r1c6 => r1c5<>1 (kropki-black), r1c1<>2, ...`
//! - `Relation Fillings: r5c5,r4c5,r5c4,r5c6,r6c5 (min-max): no filling with r5c5=6 => r5c5<>6 (min-max)`
//! - `Required Digits: 1,3 in r1c1,r1c2,r2c1,r2c2 (quadruple) => r2c2=3`
//! - `Killer Combinations: 17 in r1c1,r1c2: {8,9} => r1c1<>1 (killer), ...`
//! - `Killer Combinations: 20 in r1c1,r1c2,r1c3, 15 in r1c2,r1c3: {6,9}, {7,8}; 9 always in r1c2,r1c3 => ...`
//! - `Sum Bounds: r4c4+r3c3 = r5c5 (arrow): r5c5 2-9, r4c4 1-8, r3c3 1-8 => r5c5<>1 (arrow), ...`
//! - `Innies and Outies: r1 make 45; cages inside make 36 (10 in r1c1,r1c2,r1c3,r1c4; 26 in ...); innies r1c9 = 9: fillings left 9 => r1c9<>1 (killer), ...`
//! - `Sum Combinations: r1c3+r2c2 = 17 (little-killer): 8+9=17, 9+8=17 => r1c3<>1 (little-killer), ...`
//! - `Clue Fillings: sandwich 12 left of r3: {3,4,5}, {2,4,6} => r3c1<>5 (sandwich), ...`
//! - `Clue Fillings: between-line r2c2-r3c3-r4c4: ends 1-9, 9-1; 5 always in r3c3,r4c4 => ...`
//! - `Thermometer Bounds: r1c1<r1c2<r1c3 (thermometer): r1c1 1-7, r1c2 2-8, r1c3 3-9 => r1c1<>8 (thermometer), ...`
//! - `Entropic Bands: r1c1-r1c2-r1c3-r1c4 (entropic): r1c1,r1c4 1-3; r1c2 4-9; r1c3 4-9 => r1c4<>4 (entropic), ...`
//! - `Renban Span: r1c1,r1c2,r1c3,r1c4 (renban): runs 1-4, 2-5; 3 always in r1c2,r1c3 => r1c2<>6 (renban), ...`
//!
//! Read back from the pattern (see `strategies::rules`). Link Exclusion: the failing
//! candidates are the pattern's cell and digits; the cell or places they empty are `sets[0]`,
//! the house of the places `base[0]`. Relation Fillings: the group is the pattern's cells with
//! its rules, its fillings listed when they are few (else the removals from the group say
//! what no filling holds), and each digit in every filling is a set, with its places.
//! Killer Combinations: the cage is the pattern's cells (its sum is the layout's), its placed
//! cells the fins, its combinations the fillings (each a rising list of digits, listed when
//! few), and each digit in every combination a set, with its places. Thermometer Bounds: the
//! line is the pattern's cells, bulb first, and each cell's range a set of its own. Sum
//! Combinations: the sum is the pattern's cells (its weights and total the layout's), its
//! fillings the pattern's, listed when few, counted when more, and when there were too many
//! to keep, the removals say what no filling holds.

use super::{cells, digits, effect};
use crate::deduction::{Deduction, Elimination};
use crate::layout::Layout;
use crate::strategies::ids;

pub(super) fn explain(layout: &Layout, d: &Deduction) -> Option<String> {
    let p = &d.pattern;
    let name = crate::strategies::name_of(d.technique);
    match d.technique {
        ids::LINK_EXCLUSION => {
            let cell = layout.cell_name(*p.cells.first()?);
            let target = p.sets.first()?;
            let rule = d.eliminations.first().and_then(|e| e.via).map(|r| format!(" ({r})")).unwrap_or_default();
            let what = match p.base.first() {
                Some(&house) => format!("leave {} no place in {}", digits(target.digits), layout.house(house).long_name()),
                None => format!("empty {} ({})", cells(layout, &target.cells), digits(target.digits)),
            };
            let each = if p.digits.len() > 1 { " each" } else { "" };
            Some(format!("{name}: {cell}={} would{each} {what}{rule} => {}", digits(p.digits), effect(layout, d)))
        }
        ids::RELATION_FILLINGS => {
            let rules = p.rules.iter().map(|r| r.to_string()).collect::<Vec<_>>().join(",");
            let mut proof = Vec::new();
            if !p.fillings.is_empty() {
                let fillings = p.fillings.iter().map(|f| f.iter().map(|&d| crate::formats::digit_char(d)).collect::<String>());
                proof.push(format!("fillings left {}", fillings.collect::<Vec<_>>().join(", ")));
            } else {
                let inside: Vec<&Elimination> = d.eliminations.iter().filter(|e| p.cells.contains(&e.cell)).collect();
                let mut per_cell = Vec::new();
                for &cell in &p.cells {
                    let gone: crate::grid::Candidates = inside.iter().filter(|e| e.cell == cell).map(|e| e.digit).collect();
                    if !gone.is_empty() {
                        per_cell.push(format!("{}={}", layout.cell_name(cell), digits(gone)));
                    }
                }
                if !per_cell.is_empty() {
                    proof.push(format!("no filling with {}", per_cell.join(" or ")));
                }
            }
            proof.extend(p.sets.iter().map(|s| format!("{} always in {}", digits(s.digits), cells(layout, &s.cells))));
            Some(format!("{name}: {} ({rules}): {} => {}", cells(layout, &p.cells), proof.join("; "), effect(layout, d)))
        }
        ids::REQUIRED_DIGITS => {
            let rule = layout.demands().find(|c| c.cells() == p.cells.as_slice()).map(|c| format!(" ({})", c.rule())).unwrap_or_default();
            Some(format!("{name}: {} in {}{rule} => {}", digits(p.digits), cells(layout, &p.cells), effect(layout, d)))
        }
        ids::KILLER_COMBINATIONS => {
            let (_, sum) = layout.cage_sums().find(|(c, _)| *c == p.cells.as_slice())?;
            let mut head = format!("{sum} in {}", cells(layout, &p.cells));
            let empty: Vec<crate::layout::CellId> = p.cells.iter().copied().filter(|c| !p.fins.contains(c)).collect();
            if !p.fins.is_empty() {
                let left = p.fillings.first().map(|f| f.iter().map(|&d| u32::from(d)).sum::<u32>().to_string() + " ").unwrap_or_default();
                head.push_str(&format!(", {left}in {}", cells(layout, &empty)));
            }
            let mut proof = Vec::new();
            if !p.fillings.is_empty() {
                let combination = |f: &Vec<crate::grid::Digit>| format!("{{{}}}", f.iter().map(|&d| crate::formats::digit_char(d).to_string()).collect::<Vec<_>>().join(","));
                proof.push(p.fillings.iter().map(combination).collect::<Vec<_>>().join(", "));
            } else {
                let mut per_cell = Vec::new();
                for &cell in &empty {
                    let gone: crate::grid::Candidates = d.eliminations.iter().filter(|e| e.cell == cell).map(|e| e.digit).collect();
                    if !gone.is_empty() {
                        per_cell.push(format!("{}={}", layout.cell_name(cell), digits(gone)));
                    }
                }
                if !per_cell.is_empty() {
                    proof.push(format!("no combination with {}", per_cell.join(" or ")));
                }
            }
            proof.extend(p.sets.iter().map(|s| format!("{} always in {}", digits(s.digits), cells(layout, &s.cells))));
            Some(format!("{name}: {head}: {} => {}", proof.join("; "), effect(layout, d)))
        }
        ids::CLUE_FILLINGS => {
            let rule = *p.rules.first()?;
            let mut proof = Vec::new();
            if !p.fillings.is_empty() {
                proof.push(p.fillings.iter().map(|f| shape(rule, f)).collect::<Vec<_>>().join(", "));
            } else {
                let mut per_cell = Vec::new();
                for &cell in &p.cells {
                    let gone: crate::grid::Candidates = d.eliminations.iter().filter(|e| e.cell == cell).map(|e| e.digit).collect();
                    if !gone.is_empty() {
                        per_cell.push(format!("{}={}", layout.cell_name(cell), digits(gone)));
                    }
                }
                if !per_cell.is_empty() {
                    proof.push(format!("no filling with {}", per_cell.join(" or ")));
                }
            }
            proof.extend(p.sets.iter().map(|s| format!("{} always in {}", digits(s.digits), cells(layout, &s.cells))));
            Some(format!("{name}: {}: {} => {}", clue_head(layout, rule, &p.cells)?, proof.join("; "), effect(layout, d)))
        }
        ids::THERMOMETER_BOUNDS => {
            let line = p.cells.iter().map(|&c| layout.cell_name(c)).collect::<Vec<_>>().join("<");
            let ranges: Vec<String> = p.sets.iter().filter_map(|s| Some(format!("{} {}", layout.cell_name(*s.cells.first()?), range(s.digits)?))).collect();
            Some(format!("{name}: {line} (thermometer): {} => {}", ranges.join(", "), effect(layout, d)))
        }
        ids::ENTROPIC_BANDS => {
            let line = p.cells.iter().map(|&c| layout.cell_name(c)).collect::<Vec<_>>().join("-");
            let groups: Vec<String> = p.sets.iter().filter_map(|s| Some(format!("{} {}", cells(layout, &s.cells), ranges(s.digits)?))).collect();
            Some(format!("{name}: {line} (entropic): {} => {}", groups.join("; "), effect(layout, d)))
        }
        ids::RENBAN_SPAN => {
            let runs: Vec<String> = p.fillings.iter().filter_map(|f| range(f.iter().copied().collect())).collect();
            let mut proof = vec![format!("run{} {}", if runs.len() > 1 { "s" } else { "" }, runs.join(", "))];
            proof.extend(p.sets.iter().map(|s| format!("{} always in {}", digits(s.digits), cells(layout, &s.cells))));
            Some(format!("{name}: {} (renban): {} => {}", cells(layout, &p.cells), proof.join("; "), effect(layout, d)))
        }
        ids::SUM_BOUNDS => {
            let sum = layout.weighted_sums().find(|c| c.cells() == p.cells.as_slice())?;
            let ranges: Vec<String> = p.sets.iter().filter_map(|s| Some(format!("{} {}", layout.cell_name(*s.cells.first()?), range(s.digits)?))).collect();
            Some(format!("{name}: {} ({}): {} => {}", equation(layout, sum)?, sum.rule(), ranges.join(", "), effect(layout, d)))
        }
        ids::INNIES_OUTIES => {
            let proof = InnieProof::of(layout, d)?;
            let cages = |list: &[(&[crate::layout::CellId], u32)]| list.iter().map(|(c, s)| format!("{s} in {}", cells(layout, c))).collect::<Vec<_>>().join("; ");
            let mut head = format!("{} make {}; cages inside make {} ({})", super::houses(layout, &p.base), proof.total, proof.inside_sum(), cages(&proof.inside));
            if !proof.innies {
                head.push_str(&format!("; cages across its edge make {} ({}), {} of it inside", proof.crossing_sum(), cages(&proof.crossing), proof.total - proof.inside_sum()));
            }
            let terms = |cells: &[crate::layout::CellId]| cells.iter().map(|&c| layout.cell_name(c)).collect::<Vec<_>>().join("+");
            let (empty, distinct) = InnieProof::empty(layout, d);
            let mut sum = format!("{} = {}", terms(&p.cells), proof.target());
            // Why from a filling: the renderer sees no grid, so not the placed digits; what the
            // empty cells make is what any of their fillings adds up to.
            if let (false, Some(filling)) = (p.fins.is_empty(), p.fillings.first()) {
                sum.push_str(&format!(", so {} = {}", terms(&empty), filling.iter().map(|&x| u32::from(x)).sum::<u32>()));
            }
            let mut rest = Vec::new();
            if !p.fillings.is_empty() && distinct {
                let set = |f: &Vec<crate::grid::Digit>| format!("{{{}}}", f.iter().map(|&d| crate::formats::digit_char(d).to_string()).collect::<Vec<_>>().join(","));
                rest.push(p.fillings.iter().map(set).collect::<Vec<_>>().join(", "));
            } else if !p.fillings.is_empty() {
                let fillings = p.fillings.iter().map(|f| f.iter().map(|&d| crate::formats::digit_char(d)).collect::<String>());
                rest.push(format!("fillings left {}", fillings.collect::<Vec<_>>().join(", ")));
            }
            rest.extend(p.sets.iter().filter(|s| !s.digits.is_empty()).map(|s| format!("{} always in {}", digits(s.digits), cells(layout, &s.cells))));
            let rest = if rest.is_empty() { String::new() } else { format!(": {}", rest.join("; ")) };
            Some(format!("{name}: {head}; {} {sum}{rest} => {}", if proof.innies { "innies" } else { "outies" }, effect(layout, d)))
        }
        ids::SUM_COMBINATIONS => {
            let sum = layout.weighted_sums().find(|c| c.cells() == p.cells.as_slice())?;
            let proof = if p.fillings.is_empty() {
                let per_cell: Vec<String> = p
                    .cells
                    .iter()
                    .filter_map(|&cell| {
                        let gone: crate::grid::Candidates = d.eliminations.iter().filter(|e| e.cell == cell).map(|e| e.digit).collect();
                        (!gone.is_empty()).then(|| format!("{}={}", layout.cell_name(cell), digits(gone)))
                    })
                    .collect();
                if per_cell.is_empty() { String::new() } else { format!("no filling with {}", per_cell.join(" or ")) }
            } else if p.fillings.len() <= MAX_LISTED {
                p.fillings.iter().filter_map(|f| filled(sum, f)).collect::<Vec<_>>().join(", ")
            } else {
                format!("{} fillings", p.fillings.len())
            };
            let mut proof: Vec<String> = [proof].into_iter().filter(|t| !t.is_empty()).collect();
            proof.extend(p.sets.iter().map(|s| format!("{} always in {}", digits(s.digits), cells(layout, &s.cells))));
            Some(format!("{name}: {} ({}): {} => {}", equation(layout, sum)?, sum.rule(), proof.join("; "), effect(layout, d)))
        }
        _ => None,
    }
}

/// What an Innies and Outies step adds up, read back from its pattern: the region's houses
/// are `base`, the cages it counted are the sets without digits (those wholly in the region
/// and, for outies, those crossing its edge), and its cells are innies when they lie in the
/// region.
pub(in crate::render) struct InnieProof<'a> {
    /// What the region's houses make.
    pub total: i64,
    /// Whether the cells summed lie inside the region.
    pub innies: bool,
    pub inside: Vec<(&'a [crate::layout::CellId], u32)>,
    pub crossing: Vec<(&'a [crate::layout::CellId], u32)>,
}

impl<'a> InnieProof<'a> {
    pub fn of(layout: &'a Layout, d: &Deduction) -> Option<InnieProof<'a>> {
        let p = &d.pattern;
        let in_region = |c: &crate::layout::CellId| p.base.iter().any(|&h| layout.house_set(h).contains(*c));
        let size = layout.size() as i64;
        let (mut inside, mut crossing) = (Vec::new(), Vec::new());
        for group in p.sets.iter().filter(|s| s.digits.is_empty()) {
            let cage = layout.cage_sums().find(|(c, _)| *c == group.cells.as_slice())?;
            if group.cells.iter().all(in_region) { inside.push(cage) } else { crossing.push(cage) }
        }
        Some(InnieProof { total: size * (size + 1) / 2 * p.base.len() as i64, innies: p.cells.iter().all(in_region), inside, crossing })
    }

    /// The empty cells summed (the pattern's cells less the placed ones, its fins), and
    /// whether they all see each other: then the step lists sets of digits, not fillings cell
    /// by cell.
    pub fn empty(layout: &Layout, d: &Deduction) -> (Vec<crate::layout::CellId>, bool) {
        let p = &d.pattern;
        let empty: Vec<crate::layout::CellId> = p.cells.iter().copied().filter(|c| !p.fins.contains(c)).collect();
        let distinct = empty.iter().enumerate().all(|(i, &a)| empty[..i].iter().all(|&b| layout.sees(a, b)));
        (empty, distinct)
    }

    pub fn inside_sum(&self) -> i64 {
        self.inside.iter().map(|&(_, s)| i64::from(s)).sum()
    }

    pub fn crossing_sum(&self) -> i64 {
        self.crossing.iter().map(|&(_, s)| i64::from(s)).sum()
    }

    /// What the cells summed make.
    pub fn target(&self) -> i64 {
        if self.innies { self.total - self.inside_sum() } else { self.crossing_sum() - (self.total - self.inside_sum()) }
    }
}

/// The most fillings of a sum an explanation lists; past them it counts them.
pub(in crate::render) const MAX_LISTED: usize = 6;

/// A filling of a weighted sum (a digit per cell, in the sum's order) as its equation:
/// `3+6=9` (an arrow), `8+9=17` (a little killer), `1+8=4+5` (a region sum line). A circle
/// of several cells (weights 100, 10, 1 on its side) is written as its number: `9+9+8=26`.
pub(in crate::render) fn filled(sum: &crate::constraints::Constraint, filling: &[crate::grid::Digit]) -> Option<String> {
    let crate::constraints::Constraint::Sum { weights, total, .. } = sum else { return None };
    let side = |positive: bool| -> Vec<String> {
        let terms: Vec<(i32, crate::grid::Digit)> = weights.iter().zip(filling).filter(|&(&w, _)| (w > 0) == positive).map(|(&w, &d)| (w.abs(), d)).collect();
        // Why a number: a circle's weights fall by tens to 1, and its digits read as one.
        let number = terms.len() > 1 && terms.iter().enumerate().all(|(i, &(w, _))| i64::from(w) == 10i64.pow((terms.len() - 1 - i) as u32));
        if number {
            return vec![terms.iter().map(|&(_, d)| crate::formats::digit_char(d)).collect()];
        }
        terms.iter().map(|&(w, d)| if w == 1 { crate::formats::digit_char(d).to_string() } else { format!("{w}*{}", crate::formats::digit_char(d)) }).collect()
    };
    let (mut left, mut right) = (side(true), side(false));
    if *total > 0 {
        right.push(total.to_string());
    } else if *total < 0 {
        left.push((-total).to_string());
    }
    Some(format!("{}={}", left.join("+"), right.join("+")))
}

/// A weighted sum as an equation, terms of positive weight on the left: `r4c4+r3c3 = r5c5`
/// (an arrow), `10*r4c2+r4c3` for a circle of two cells, `r1c2+r2c3+r3c4 = 23` (a little
/// killer).
pub(in crate::render) fn equation(layout: &Layout, sum: &crate::constraints::Constraint) -> Option<String> {
    let crate::constraints::Constraint::Sum { cells, weights, total, .. } = sum else { return None };
    let term = |c: usize, w: i32| if w.abs() == 1 { layout.cell_name(c) } else { format!("{}*{}", w.abs(), layout.cell_name(c)) };
    let side = |positive: bool| cells.iter().zip(weights).filter(|&(_, &w)| (w > 0) == positive).map(|(&c, &w)| term(c, w)).collect::<Vec<_>>();
    let (mut left, mut right) = (side(true), side(false));
    if *total > 0 {
        right.push(total.to_string());
    } else if *total < 0 {
        left.push((-total).to_string());
    }
    Some(format!("{} = {}", left.join("+"), right.join("+")))
}

/// `1-3,7-9` for the digits 1, 2, 3, 7, 8 and 9: each run of consecutive digits as a range.
fn ranges(digits: crate::grid::Candidates) -> Option<String> {
    let mut runs: Vec<crate::grid::Candidates> = Vec::new();
    for d in digits.iter() {
        match runs.last_mut() {
            Some(run) if run.contains(d - 1) => run.insert(d),
            _ => runs.push(crate::grid::Candidates::single(d)),
        }
    }
    runs.into_iter().map(range).collect::<Option<Vec<_>>>().map(|r| r.join(","))
}

/// A clue read along a line, as the head of a sentence: `between-line r2c2-r3c3-r4c4`,
/// `sandwich 12 left of r3`, `skyscrapers 4 below c2`.
pub(in crate::render) fn clue_head(layout: &Layout, rule: crate::rules::Rule, line: &[usize]) -> Option<String> {
    let clue = layout.clues().find(|c| c.rule() == rule && c.cells() == line)?;
    let crate::constraints::Constraint::Clue { clue, .. } = clue else { return None };
    if rule == crate::rules::Rule::BetweenLine {
        return Some(format!("{rule} {}", line.iter().map(|&c| layout.cell_name(c)).collect::<Vec<_>>().join("-")));
    }
    Some(format!("{rule} {clue} {}", clue_side(layout, line)?))
}

/// Where a clue beside a row or column stands: `left of r3`, `right of r3`, `above c2`,
/// `below c2`.
pub(in crate::render) fn clue_side(layout: &Layout, line: &[usize]) -> Option<String> {
    let size = layout.size();
    let (first, second) = (*line.first()?, *line.get(1)?);
    Some(match second as isize - first as isize {
        1 => format!("left of r{}", first / size + 1),
        -1 => format!("right of r{}", first / size + 1),
        d if d > 0 => format!("above c{}", first % size + 1),
        _ => format!("below c{}", first % size + 1),
    })
}

/// What a filling shows of its rule (see [`crate::clues::Line::shape`]): a between line's
/// ends `1-9`, a sandwich's digits `{3,4,5}`, an X-sum's X and first digits `3: {1,3,8}`,
/// the buildings a skyscraper sees `3,8,9 seen`.
pub(in crate::render) fn shape(rule: crate::rules::Rule, f: &[crate::grid::Digit]) -> String {
    let char = crate::formats::digit_char;
    let set = |ds: &[crate::grid::Digit]| format!("{{{}}}", ds.iter().map(|&d| char(d).to_string()).collect::<Vec<_>>().join(","));
    match rule {
        crate::rules::Rule::BetweenLine => f.iter().map(|&d| char(d).to_string()).collect::<Vec<_>>().join("-"),
        crate::rules::Rule::XSum => f.split_first().map_or_else(String::new, |(x, rest)| format!("{}: {}", char(*x), set(rest))),
        crate::rules::Rule::Skyscraper => format!("{} seen", f.iter().map(|&d| char(d).to_string()).collect::<Vec<_>>().join(",")),
        _ => set(f),
    }
}

/// `2-8` for the digits 2 to 8 (a bound's range), `5` for one digit.
fn range(digits: crate::grid::Candidates) -> Option<String> {
    let (low, high) = (digits.iter().next()?, digits.iter().last()?);
    let char = crate::formats::digit_char;
    Some(if low == high { char(low).to_string() } else { format!("{}-{}", char(low), char(high)) })
}
