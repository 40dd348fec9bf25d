//! JSON: one object per puzzle, built from the outcome and the grid's journal.

use serde::Serialize;

use crate::deduction::{Deduction, Link, Pattern};
use crate::formats::{solution_line, to_line};
use crate::layout::{CellId, HouseId, Layout};
use crate::render::text;
use crate::solver::{Outcome, Status};

/// A cell and a digit: `{"cell":"r5c3","digit":7}`.
#[derive(Serialize)]
pub struct CellDigit {
    /// The cell's name, 1-based row and column: `r5c3`.
    pub cell: String,
    /// The digit, 1 to the grid's side.
    pub digit: u8,
    /// For a removal that relies on a variant rule's extra peers, that rule's id.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub via: Option<&'static str>,
}

/// One step of a solve.
#[derive(Serialize)]
pub struct Step {
    /// The technique's id (`x-wing`), or `backtracking` / `guess` for a fill found by search.
    pub technique: &'static str,
    /// The technique's difficulty (absent for a search fill).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub difficulty: Option<f64>,
    /// One line explaining the step, as the text output writes it.
    pub explanation: String,
    /// The step in plain sentences, when asked for (`solve --explain`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub plain: Option<String>,
    /// The digits the step places, possibly none.
    pub placements: Vec<CellDigit>,
    /// The candidates the step removes, possibly none.
    pub eliminations: Vec<CellDigit>,
    /// What proves the step, for a front end to highlight (absent for a search fill).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub pattern: Option<PatternJson>,
}

/// The pattern of a step; empty parts are left out.
#[derive(Serialize, Default)]
pub struct PatternJson {
    /// The digits the pattern is about, ascending.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub digits: Vec<u8>,
    /// The cells that form the pattern, by name (`r5c3`).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub cells: Vec<String>,
    /// Houses the pattern is found in (`r3`, `c5`, `b2`).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub base: Vec<String>,
    /// Houses it removes candidates from.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub cover: Vec<String>,
    /// Cells that stand apart from the body of the pattern (a finned fish's fins, a wing's
    /// pivot, a uniqueness pattern's extra cells), by name.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub fins: Vec<String>,
    /// Chains of inference: one for an AIC or a loop, one per branch of a forcing chain.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub chains: Vec<ChainJson>,
    /// Coloured candidates (colouring's classes, the two sides of a choice).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub colors: Vec<ColorJson>,
    /// Groups of cells with their digits (almost locked sets, a sue de coq's parts).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub sets: Vec<SetJson>,
    /// The ways the pattern's cells can still be filled, a digit per cell in their order.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub fillings: Vec<Vec<u8>>,
    /// The ids of the variant rules whose constraints the pattern reads.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub rules: Vec<&'static str>,
}

/// A chain: its nodes, the links between them (`strong`, `weak`, `implies`), and the same
/// chain as text.
#[derive(Serialize)]
pub struct ChainJson {
    /// The chain as text, in Eureka-like notation (`(4)r1c2 - (4)r1c7`; a forcing chain
    /// as `r1c2=5 -> r1c7<>5`).
    pub text: String,
    /// The nodes, in the order the chain is read.
    pub nodes: Vec<NodeJson>,
    /// The link after each node: `"strong"`, `"weak"` or `"implies"`. One fewer than the
    /// nodes, or as many for a loop (the last joins the last node to the first).
    pub links: Vec<&'static str>,
    /// Per link, the variant rule it relies on (a weak link by a knight's move, a dot ...; a
    /// strong link by a quadruple's demand), or null; left out when no link needs one.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub link_rules: Option<Vec<Option<&'static str>>>,
    /// Per link, the almost locked set that makes it (a strong link between two digits of
    /// one set: of any two of its digits, one is in it), or null; left out when no link is
    /// one.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub link_sets: Option<Vec<Option<SetJson>>>,
    /// A loop links its last node back to its first.
    #[serde(rename = "loop")]
    pub is_loop: bool,
}

/// A node of a chain: a digit in one cell, or in a group of cells of one house.
#[derive(Serialize)]
pub struct NodeJson {
    /// The cell's name, or several for a grouped node (`["r1c2","r1c3"]`).
    pub cells: Vec<String>,
    /// The digit.
    pub digit: u8,
    /// Whether the chain holds the digit true (placed) there, or false (removed).
    pub on: bool,
    /// In a forcing chain or net, the node's parents: every literal it follows from (the
    /// node before it, and for a net's single in a cell or house, or a nested removal, the
    /// others it needs), each a node of this or another chain of the step. Empty for the
    /// assumption; left out for chains of strong and weak links.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub parents: Option<Vec<NodeJson>>,
}

/// A candidate with a colour class: `{"cell":"r1c2","digit":4,"color":0}`.
#[derive(Serialize)]
pub struct ColorJson {
    /// The candidate's cell, by name (`r1c2`).
    pub cell: String,
    /// The candidate's digit.
    pub digit: u8,
    /// Its colour class, a number from 0.
    pub color: u8,
}

/// Some cells and their digits (an almost locked set, a part of a sue de coq).
#[derive(Serialize)]
pub struct SetJson {
    /// The cells, by name (`r1c2`).
    pub cells: Vec<String>,
    /// The group's digits, ascending.
    pub digits: Vec<u8>,
}

/// The JSON form of a step's pattern; `None` when it holds nothing.
pub fn pattern(layout: &Layout, p: &Pattern) -> Option<PatternJson> {
    let cells = |cells: &[CellId]| cells.iter().map(|&c| layout.cell_name(c)).collect::<Vec<_>>();
    let houses = |houses: &[HouseId]| houses.iter().map(|&h| layout.house(h).short_name()).collect::<Vec<_>>();
    let out = PatternJson {
        digits: p.digits.iter().collect(),
        cells: cells(&p.cells),
        base: houses(&p.base),
        cover: houses(&p.cover),
        fins: cells(&p.fins),
        chains: p
            .chains
            .iter()
            .map(|c| ChainJson {
                text: text::chain(layout, c),
                nodes: c
                    .nodes
                    .iter()
                    .enumerate()
                    .map(|(i, n)| {
                        let plain = |n: &crate::deduction::Node| NodeJson { cells: cells(&n.cells), digit: n.digit, on: n.on, parents: None };
                        let parents = c.premises.get(i).map(|p| p.iter().map(plain).collect());
                        NodeJson { parents, ..plain(n) }
                    })
                    .collect(),
                links: c
                    .links
                    .iter()
                    .map(|l| match l {
                        Link::Strong => "strong",
                        Link::Weak => "weak",
                        Link::Implies => "implies",
                    })
                    .collect(),
                link_rules: {
                    let rules: Vec<Option<&'static str>> = (0..c.links.len())
                        .map(|i| {
                            let (a, b) = (&c.nodes[i], &c.nodes[(i + 1) % c.nodes.len()]);
                            c.rule_of(i)
                                .or_else(|| (c.links[i] == Link::Weak).then(|| layout.link_rule(&a.cells, a.digit, &b.cells, b.digit)).flatten())
                                .map(|r| r.id())
                        })
                        .collect();
                    rules.iter().any(Option::is_some).then_some(rules)
                },
                link_sets: (!c.sets.is_empty()).then(|| {
                    (0..c.links.len()).map(|i| c.set_of(i).map(|s| SetJson { cells: cells(&s.cells), digits: s.digits.iter().collect() })).collect()
                }),
                is_loop: c.is_loop(),
            })
            .collect(),
        colors: p.colors.iter().map(|c| ColorJson { cell: layout.cell_name(c.cell), digit: c.digit, color: c.color }).collect(),
        sets: p.sets.iter().map(|s| SetJson { cells: cells(&s.cells), digits: s.digits.iter().collect() }).collect(),
        fillings: p.fillings.clone(),
        rules: p.rules.iter().map(|r| r.id()).collect(),
    };
    let empty = out.digits.is_empty()
        && out.cells.is_empty()
        && out.base.is_empty()
        && out.cover.is_empty()
        && out.fins.is_empty()
        && out.chains.is_empty()
        && out.colors.is_empty()
        && out.sets.is_empty()
        && out.fillings.is_empty()
        && out.rules.is_empty();
    (!empty).then_some(out)
}

/// One puzzle's report, as printed by `solve --format json`.
#[derive(Serialize)]
pub struct Report {
    /// The givens as one line, row after row, `.` for a blank (letters for digits above 9).
    pub puzzle: String,
    /// How the solve ended: `solved`, `stuck`, `none`, `multiple` or
    /// `invalid`.
    pub status: &'static str,
    /// The ids of the variant rules in play (`anti-knight`); empty for a classic puzzle.
    pub rules: Vec<&'static str>,
    /// The solution as one line of digits, when the puzzle has exactly one; else null.
    pub solution: Option<String>,
    /// Whether a search, not logic, filled some of the grid.
    pub backtracked: bool,
    /// How many guesses the search made; 0 without a search (or past the search's
    /// explained bound).
    pub guesses: usize,
    /// Why the puzzle is invalid or has no solution, when that is known.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub reason: Option<String>,
    /// The steps of the solve, in order; empty for an invalid puzzle.
    pub steps: Vec<Step>,
    /// Where logic stopped, for a stuck solve: the candidate grid in the one-line form
    /// (`+5` a digit placed by a step, `[5]` an empty cell with one candidate left).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub grid: Option<String>,
}

/// The JSON form of one step, without its plain-sentence explanation.
pub fn step(layout: &Layout, d: &Deduction) -> Step {
    let cell_digit = |cell, digit, via: Option<crate::rules::Rule>| CellDigit {
        cell: layout.cell_name(cell),
        digit,
        via: via.map(|r| r.id()),
    };
    Step {
        technique: d.technique,
        difficulty: crate::rating::step_difficulty(d).map(|t| f64::from(t) / 10.0),
        explanation: text::explain(layout, d),
        plain: None,
        placements: d.placements.iter().map(|p| cell_digit(p.cell, p.digit, None)).collect(),
        eliminations: d.eliminations.iter().map(|e| cell_digit(e.cell, e.digit, e.via)).collect(),
        pattern: if d.is_search() { None } else { pattern(layout, &d.pattern) },
    }
}

/// The report for one solved (or not) puzzle.
pub fn report(layout: &Layout, givens: &[Option<u8>], outcome: &Outcome) -> Report {
    Report {
        puzzle: to_line(givens),
        status: outcome.status.id(),
        rules: layout.rules().iter().map(|r| r.id()).collect(),
        solution: outcome.solution.as_deref().map(solution_line),
        backtracked: outcome.backtracked(),
        guesses: outcome.search.map_or(0, |s| s.guesses),
        reason: reason(layout, outcome),
        steps: outcome.steps().iter().map(|d| step(layout, d)).collect(),
        grid: outcome.grid.as_ref().filter(|_| outcome.status == Status::Stuck).map(crate::formats::to_candidate_line),
    }
}

/// A short reason for an outcome that is not a solution, if there is one to give.
pub fn reason(layout: &Layout, outcome: &Outcome) -> Option<String> {
    match outcome.status {
        Status::Invalid => outcome.clash.as_ref().map(|c| text::clash(layout, c)),
        Status::NoSolution => Some(match &outcome.contradiction {
            Some(c) => text::contradiction(layout, c),
            None => "the search found no way to complete the grid".to_string(),
        }),
        Status::MultipleSolutions => Some("the puzzle has more than one solution".to_string()),
        Status::Stuck => Some("no technique in use applies, and backtracking is off".to_string()),
        Status::Solved => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::deduction::{Chain, Elimination, Node};
    use crate::grid::Candidates;
    use crate::rules::Rules;

    #[test]
    fn a_step_carries_its_pattern_with_empty_parts_left_out() {
        let layout = Layout::classic(Rules::classic());
        let chain = Chain {
            nodes: vec![Node { cells: vec![1], digit: 4, on: true }, Node { cells: vec![6], digit: 4, on: false }],
            links: vec![Link::Weak],
            rules: Vec::new(),
            premises: Vec::new(),
            sets: Vec::new(),
        };
        let p = Pattern { digits: Candidates::single(4), cells: vec![1, 6], base: vec![0], chains: vec![chain], ..Pattern::default() };
        let d = Deduction::elimination(crate::strategies::ids::X_WING, vec![Elimination { cell: 10, digit: 4, via: None }], p);
        let json = serde_json::to_string(&step(&layout, &d)).unwrap();
        assert!(
            json.ends_with(
                r#""pattern":{"digits":[4],"cells":["r1c2","r1c7"],"base":["r1"],"chains":[{"text":"(4)r1c2 - (4)r1c7","nodes":[{"cells":["r1c2"],"digit":4,"on":true},{"cells":["r1c7"],"digit":4,"on":false}],"links":["weak"],"loop":false}]}}"#
            ),
            "{json}"
        );
        assert!(pattern(&layout, &Pattern::default()).is_none());
    }
}
