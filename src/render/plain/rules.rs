//! Plain sentences for the techniques of variant rules' links and demands, each naming its rule:
//!
//! - Link Exclusion: `Whichever of 5 and 6 r2c7 took, the non-consecutive rule would leave
//!   r3c7 (which holds only 5 and 6) with no candidate. So r2c7 cannot be 5 or 6 ...`
//! - Link Exclusion: `If r4c4 were 3, the kropki-white rule would leave 2 no place in row 5. ...`
//! - Relation Fillings: `Under the kropki-black rule, r1c1, r1c2 and r1c3 can only be filled as
//!   1-2-4, 2-4-8, 4-2-1 or 8-4-2. Every other candidate of theirs goes, and as 2 and 4 are
//!   in every filling, the cells that see all their places lose them: ...`
//! - Required Digits: `The quadruple on r1c1, r1c2, r2c1 and r2c2 needs a 2, and r2c1 is the
//!   only one of those cells that can still hold it, so r2c1 is 2.`
//!
//! - Killer Combinations: `The killer cage on r1c1 and r1c2 adds up to 17, which different
//!   digits make only as 8+9. So ...`
//!
//! - Innies and Outies: `Row 1 holds every digit once, 45 in all. The killer cages wholly
//!   inside add up to 36 (...), so the cells left over inside, r1c9, make 9 ... So ...`
//! - Clue Fillings: `The sandwich clue 12 left of r3 can only be filled as {3,4,5} or
//!   {2,4,6} between its 1 and its 9. So ...`
//!
//! - Thermometer Bounds: `Digits rise along the thermometer from r1c1 to r1c3, so ...: r1c1
//!   holds 1 to 7, r1c2 holds 2 to 8 and r1c3 holds 3 to 9. So ...`
//!
//! - Sum Combinations: `The little-killer rule says r1c3+r2c2 = 17. With the candidates
//!   left, and different digits in cells that see each other, it can only be filled as
//!   8+9=17 or 9+8=17, in the order of its cells. So ...`
//! - Entropic Bands: `Along the entropic line r1c1-...-r1c4 the bands repeat every third cell:
//!   r1c1 and r1c4 share one, ... So ...`
//! - Renban Span: `The renban line on r1c1, r1c2, r1c3 and r1c4 holds four consecutive digits,
//!   and only the runs 1 to 4 and 2 to 5 fit its candidates. ... So ...`
//!
//! Read from the pattern as `render::text::rules` reads it.

use super::{cells, digits, effect, house, list, removals, rule};
use crate::deduction::Deduction;
use crate::formats::digit_char;
use crate::grid::Candidates;
use crate::layout::Layout;
use crate::strategies::ids;

/// What a filling of a clue shows of its rule, in words: a between line's ends `1-9`, a
/// sandwich's digits `3, 4 and 5`, an X-sum's `X = 3 with 1, 3 and 8`, the buildings a
/// skyscraper sees `3, 8 and 9 seen`.
fn plain_shape(rule: crate::rules::Rule, f: &[crate::grid::Digit]) -> String {
    let words = |ds: &[crate::grid::Digit]| digits(ds.iter().copied().collect(), "and");
    match rule {
        crate::rules::Rule::BetweenLine => f.iter().map(|&d| digit_char(d).to_string()).collect::<Vec<_>>().join("-"),
        crate::rules::Rule::XSum => f.split_first().map_or_else(String::new, |(x, rest)| format!("X = {} with {}", digit_char(*x), words(rest))),
        crate::rules::Rule::Skyscraper => format!("{} seen", words(f)),
        _ => words(f),
    }
}

/// The text with its first letter upper case (a sentence that starts with a house's name).
fn capitalized(text: &str) -> String {
    let mut chars = text.chars();
    chars.next().map(|c| c.to_uppercase().chain(chars).collect()).unwrap_or_default()
}

/// Items joined with semicolons: each may hold commas of its own.
fn list_of(items: &[String]) -> String {
    items.join("; ")
}

pub(super) fn explain(layout: &Layout, d: &Deduction) -> Option<String> {
    let p = &d.pattern;
    let gone = removals(layout, &d.eliminations);
    match d.technique {
        ids::LINK_EXCLUSION => {
            let cell = layout.cell_name(*p.cells.first()?);
            let target = p.sets.first()?;
            let why = d.eliminations.first().and_then(|e| e.via).map_or_else(|| "the rules".to_owned(), rule);
            let what = match p.base.first() {
                Some(&h) => format!("leave {} no place in {}", digits(target.digits, "and"), house(layout, h)),
                // Why the digits only when few: they say what the cell has left to lose.
                None if target.digits.len() <= 3 => format!(
                    "leave {} (which holds only {}) with no candidate",
                    cells(layout, &target.cells, "and"),
                    digits(target.digits, "and")
                ),
                None => format!("leave {} with no candidate", cells(layout, &target.cells, "and")),
            };
            let premise = match p.digits.len() {
                1 => format!("If {cell} were {}", digits(p.digits, "and")),
                _ => format!("Whichever of {} {cell} took", digits(p.digits, "and")),
            };
            Some(format!("{premise}, {why} would {what}. So {gone}."))
        }
        ids::RELATION_FILLINGS => {
            let rules: Vec<String> = p.rules.iter().map(|&r| rule(r)).collect();
            let under = format!("Under {}", list(&rules, "and"));
            let group = cells(layout, &p.cells, "and");
            let fillings: Vec<String> =
                p.fillings.iter().map(|f| f.iter().map(|&x| digit_char(x).to_string()).collect::<Vec<_>>().join("-")).collect();
            let mut text = if fillings.is_empty() {
                let mut per_cell = Vec::new();
                for &cell in &p.cells {
                    let out: Candidates = d.eliminations.iter().filter(|e| e.cell == cell).map(|e| e.digit).collect();
                    if !out.is_empty() {
                        per_cell.push(format!("{} as {}", layout.cell_name(cell), digits(out, "or")));
                    }
                }
                format!(
                    "{under}, the ways of filling {group} use only the digits {}, and none has {}.",
                    digits(p.digits, "and"),
                    list(&per_cell, "or")
                )
            } else {
                format!("{under}, {group} can only be filled as {}, one digit per cell in that order.", list(&fillings, "or"))
            };
            let always: Vec<String> =
                p.sets.iter().map(|s| format!("{} always lies in {}", digits(s.digits, "and"), cells(layout, &s.cells, "or"))).collect();
            if !always.is_empty() {
                text.push_str(&format!(" Whichever it is, {}, so the cells that see all those places lose {}.", list(&always, "and"), if always.len() > 1 { "them" } else { "it" }));
            }
            Some(format!("{text} So {gone}."))
        }
        ids::REQUIRED_DIGITS => {
            let demand = layout.demands().find(|c| c.cells() == p.cells.as_slice());
            let name = demand.map_or_else(|| "demand".to_owned(), |c| c.rule().id().to_owned());
            let on = format!("The {name} on {}", cells(layout, &p.cells, "and"));
            let need = digits(p.digits, "and");
            Some(if !d.placements.is_empty() {
                format!("{on} needs {need}, and {} is the only one of them that can still hold it, so {}.", cells(layout, &d.placements.iter().map(|x| x.cell).collect::<Vec<_>>(), "and"), effect(layout, d))
            } else if d.eliminations.iter().all(|e| p.cells.contains(&e.cell)) {
                format!("{on} needs {need}, as many digits as it has empty cells, so those cells hold nothing else: {gone}.")
            } else {
                format!("{on} needs {need} in one of its cells, so {gone}, as each of these sees every place left for it there.")
            })
        }
        ids::KILLER_COMBINATIONS => {
            let (_, sum) = layout.cage_sums().find(|(c, _)| *c == p.cells.as_slice())?;
            let empty: Vec<crate::layout::CellId> = p.cells.iter().copied().filter(|c| !p.fins.contains(c)).collect();
            let mut text = format!("The killer cage on {} adds up to {sum}", cells(layout, &p.cells, "and"));
            let left = p.fillings.first().map(|f| f.iter().map(|&x| u32::from(x)).sum::<u32>());
            if !p.fins.is_empty() {
                let what = left.map_or_else(|| "the rest".to_owned(), |l| l.to_string());
                text.push_str(&format!(", and with {} placed, {} must make {what}", cells(layout, &p.fins, "and"), cells(layout, &empty, "and")));
            }
            if p.fillings.is_empty() {
                let mut per_cell = Vec::new();
                for &cell in &empty {
                    let out: Candidates = d.eliminations.iter().filter(|e| e.cell == cell).map(|e| e.digit).collect();
                    if !out.is_empty() {
                        per_cell.push(format!("{} as {}", layout.cell_name(cell), digits(out, "or")));
                    }
                }
                text.push_str(&format!(". No combination of different digits that makes it has {}.", list(&per_cell, "or")));
            } else {
                let sums: Vec<String> = p.fillings.iter().map(|f| f.iter().map(|&x| digit_char(x).to_string()).collect::<Vec<_>>().join("+")).collect();
                text.push_str(&format!(", which different digits that fit its cells make only as {}.", list(&sums, "or")));
            }
            let always: Vec<String> =
                p.sets.iter().map(|s| format!("{} always lies in {}", digits(s.digits, "and"), cells(layout, &s.cells, "or"))).collect();
            if !always.is_empty() {
                text.push_str(&format!(" Whichever it is, {}, so the cells that see all those places lose {}.", list(&always, "and"), if always.len() > 1 { "them" } else { "it" }));
            }
            Some(format!("{text} So {gone}."))
        }
        ids::INNIES_OUTIES => {
            let proof = crate::render::text::rules::InnieProof::of(layout, d)?;
            let houses: Vec<String> = p.base.iter().map(|&h| house(layout, h)).collect();
            let cages = |list: &[(&[crate::layout::CellId], u32)]| {
                let each: Vec<String> = list.iter().map(|(c, s)| format!("{s} on {}", cells(layout, c, "and"))).collect();
                list_of(&each)
            };
            let mut text = capitalized(&format!(
                "{} hold{} every digit {}, {} in all. The killer cages wholly inside add up to {} ({})",
                list(&houses, "and"),
                if houses.len() == 1 { "s" } else { "" },
                if houses.len() == 1 { "once".to_owned() } else { format!("{} times", houses.len()) },
                proof.total,
                proof.inside_sum(),
                cages(&proof.inside)
            ));
            let summed = cells(layout, &p.cells, "and");
            if proof.innies {
                text.push_str(&format!(", so the cells left over inside, {summed}, make {}", proof.target()));
            } else {
                text.push_str(&format!(
                    ", so the cells left over inside make {}. They all lie in cages that reach outside, which add up to {} ({}), so those cages' cells outside, {summed}, make {}",
                    proof.total - proof.inside_sum(),
                    proof.crossing_sum(),
                    cages(&proof.crossing),
                    proof.target()
                ));
            }
            let (empty, distinct) = crate::render::text::rules::InnieProof::empty(layout, d);
            if let (false, Some(filling)) = (p.fins.is_empty(), p.fillings.first()) {
                let placed = cells(layout, &p.fins, "and");
                text.push_str(&format!("; with {placed} placed, {} make {}", cells(layout, &empty, "and"), filling.iter().map(|&x| u32::from(x)).sum::<u32>()));
            }
            if !p.fillings.is_empty() {
                let ways: Vec<String> = p.fillings.iter().map(|f| f.iter().map(|&x| digit_char(x).to_string()).collect::<Vec<_>>().join("+")).collect();
                let order = if distinct && empty.len() > 1 { " (in some order, as they see each other)" } else { "" };
                text.push_str(&format!(", which their candidates allow only as {}{order}", list(&ways, "or")));
            }
            let always: Vec<String> = p.sets.iter().filter(|s| !s.digits.is_empty()).map(|s| format!("{} always lies in {}", digits(s.digits, "and"), cells(layout, &s.cells, "or"))).collect();
            if !always.is_empty() {
                text.push_str(&format!(". Whichever it is, {}, so the cells that see all those places lose {}", list(&always, "and"), if always.len() > 1 { "them" } else { "it" }));
            }
            Some(format!("{text}. So {gone}."))
        }
        ids::CLUE_FILLINGS => {
            let r = *p.rules.first()?;
            let head = crate::render::text::rules::clue_head(layout, r, &p.cells)?;
            let shapes: Vec<String> = p.fillings.iter().map(|f| plain_shape(r, f)).collect();
            let what = match r {
                crate::rules::Rule::BetweenLine => "with its ends (first, last) only as",
                crate::rules::Rule::Sandwich => "between its lowest and highest digit only with",
                crate::rules::Rule::XSum => "only as",
                crate::rules::Rule::Skyscraper => "only with",
                _ => "only as",
            };
            let mut text = if shapes.is_empty() {
                let mut per_cell = Vec::new();
                for &cell in &p.cells {
                    let out: Candidates = d.eliminations.iter().filter(|e| e.cell == cell).map(|e| e.digit).collect();
                    if !out.is_empty() {
                        per_cell.push(format!("{} as {}", layout.cell_name(cell), digits(out, "or")));
                    }
                }
                format!("No filling of the {head} clue fits {}.", list(&per_cell, "or"))
            } else {
                format!("The {head} clue can be filled {what} {}.", list(&shapes, "or"))
            };
            if shapes.is_empty() && !p.digits.is_empty() {
                text.push_str(&format!(" The fillings left use only {}.", digits(p.digits, "and")));
            }
            for s in &p.sets {
                text.push_str(&format!(" {} is in every filling, in {}, so the cells that see all those places lose it.", digits(s.digits, "and"), cells(layout, &s.cells, "or")));
            }
            Some(format!("{text} So {gone}."))
        }
        ids::THERMOMETER_BOUNDS => {
            let (bulb, tip) = (layout.cell_name(*p.cells.first()?), layout.cell_name(*p.cells.last()?));
            let ranges: Vec<String> = p
                .sets
                .iter()
                .filter_map(|s| {
                    let (low, high) = (s.digits.iter().next()?, s.digits.iter().last()?);
                    let cell = layout.cell_name(*s.cells.first()?);
                    Some(if low == high { format!("{cell} is {}", digit_char(low)) } else { format!("{cell} holds {} to {}", digit_char(low), digit_char(high)) })
                })
                .collect();
            Some(format!(
                "Digits rise along the thermometer from {bulb} to {tip}, so each cell is at least one more than the lowest digit the cell before it can hold, and at most one less than the highest the cell after it can hold: {}. So {gone}.",
                list(&ranges, "and")
            ))
        }
        ids::ENTROPIC_BANDS => {
            let line = p.cells.iter().map(|&c| layout.cell_name(c)).collect::<Vec<_>>().join("-");
            let groups: Vec<String> = p
                .sets
                .iter()
                .map(|s| {
                    let who = if s.cells.len() == 1 { format!("{} is", cells(layout, &s.cells, "and")) } else { format!("{} are all", cells(layout, &s.cells, "and")) };
                    format!("{who} {}", digits(s.digits, "or"))
                })
                .collect();
            Some(format!(
                "Along the entropic line {line} any three cells in a row hold one low, one middle and one high digit, so a cell and the cell three further on are in the same band, and the three groups of cells that share a band take the three bands, one each. With the candidates they have, {}. So {gone}.",
                list(&groups, "and")
            ))
        }
        ids::RENBAN_SPAN => {
            let runs: Vec<String> = p
                .fillings
                .iter()
                .filter_map(|f| Some(format!("{} to {}", digit_char(*f.first()?), digit_char(*f.last()?))))
                .collect();
            let fit = match runs.len() {
                1 => format!("only the run {} fits its candidates", runs[0]),
                _ => format!("only the runs {} fit its candidates", list(&runs, "and")),
            };
            let mut text = format!("The renban line on {} holds {} consecutive digits, and {fit}.", cells(layout, &p.cells, "and"), p.cells.len());
            let always: Vec<String> = p.sets.iter().map(|s| format!("{} can only go in {}", digits(s.digits, "and"), cells(layout, &s.cells, "or"))).collect();
            if !always.is_empty() {
                text.push_str(&format!(" Every such run contains {}, which must then be on the line: {}.", digits(p.sets.iter().fold(Candidates::EMPTY, |a, s| a.union(s.digits)), "and"), list(&always, "and")));
            }
            Some(format!("{text} So {}.", if d.placements.is_empty() { gone } else { effect(layout, d) }))
        }
        ids::SUM_BOUNDS => {
            let sum = layout.weighted_sums().find(|c| c.cells() == p.cells.as_slice())?;
            let equation = crate::render::text::rules::equation(layout, sum)?;
            let ranges: Vec<String> = p
                .sets
                .iter()
                .filter_map(|s| {
                    let (low, high) = (s.digits.iter().next()?, s.digits.iter().last()?);
                    let cell = layout.cell_name(*s.cells.first()?);
                    Some(if low == high { format!("{cell} is {}", digit_char(low)) } else { format!("{cell} holds {} to {}", digit_char(low), digit_char(high)) })
                })
                .collect();
            Some(format!(
                "The {} rule says {equation}. With every other cell between its lowest and highest candidate, each cell keeps only what leaves the rest within reach: {}. So {gone}.",
                sum.rule().id(),
                list(&ranges, "and")
            ))
        }
        ids::SUM_COMBINATIONS => {
            let sum = layout.weighted_sums().find(|c| c.cells() == p.cells.as_slice())?;
            let equation = crate::render::text::rules::equation(layout, sum)?;
            let head = format!("The {} rule says {equation}. With the candidates left, and different digits in cells that see each other", sum.rule().id());
            let mut text = if p.fillings.is_empty() {
                let mut per_cell = Vec::new();
                for &cell in &p.cells {
                    let out: Candidates = d.eliminations.iter().filter(|e| e.cell == cell).map(|e| e.digit).collect();
                    if !out.is_empty() {
                        per_cell.push(format!("{} as {}", layout.cell_name(cell), digits(out, "or")));
                    }
                }
                if per_cell.is_empty() {
                    format!("{head}, its fillings use only {}.", digits(p.digits, "and"))
                } else {
                    format!("{head}, none of the ways to fill it has {}.", list(&per_cell, "or"))
                }
            } else if p.fillings.len() <= crate::render::text::rules::MAX_LISTED {
                let each: Vec<String> = p.fillings.iter().filter_map(|f| crate::render::text::rules::filled(sum, f)).collect();
                format!("{head}, it can only be filled as {}, in the order of its cells.", list(&each, "or"))
            } else {
                format!("{head}, it can be filled in {} ways, which use only {} and none of what goes.", p.fillings.len(), digits(p.digits, "and"))
            };
            for s in &p.sets {
                text.push_str(&format!(" {} is in every filling, in {}, so the cells that see all those places lose it.", digits(s.digits, "and"), cells(layout, &s.cells, "or")));
            }
            Some(format!("{text} So {gone}."))
        }
        _ => None,
    }
}
