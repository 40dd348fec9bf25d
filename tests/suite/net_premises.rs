//! Forcing chains and nets explained premise by premise: every inference of every strand
//! names all of its premises, each premise is shown as a node of the step, and the premises
//! really force the node on the grid of the step, so a reader can check the proof without
//! the board. The text names a net's extra premises in brackets, the plain sentence after
//! "given that"; JSON gives every node its parents.

use crate::common;

use std::sync::Arc;

use deduku::deduction::Node;
use deduku::strategies::{by_id, ids};
use deduku::{Deduction, Grid, Layout, Rule, Rules, Solver};

/// Whether `premises` force `node` on `grid` by one rule: the node follows from one premise
/// (an "on" literal rules out a candidate of its cell, or of one digit in a cell it sees or
/// is linked to; an "off" literal leaves a cell's or a house's other candidate), or a cell's
/// every other candidate, or a house's every other place of the digit, is off among them.
fn forced(grid: &Grid, node: &Node, premises: &[Node]) -> bool {
    let layout = grid.layout();
    let cell = node.cells[0];
    let off = |c: usize, d: u8| premises.iter().any(|p| !p.on && p.cells == [c] && p.digit == d);
    if node.on {
        let cell_single = grid.candidates(cell).iter().filter(|&d| d != node.digit).all(|d| off(cell, d));
        let house_single = layout.houses_of(cell).iter().any(|&h| {
            let cells = &layout.house(h).cells;
            cells.iter().all(|&c| c == cell || grid.digit(c).is_some() || !grid.has_candidate(c, node.digit) || off(c, node.digit))
        });
        return cell_single || house_single;
    }
    premises.iter().any(|p| {
        let q = p.cells[0];
        p.on && ((q == cell && p.digit != node.digit)
            || (p.digit == node.digit && layout.sees(q, cell))
            || layout.constraint_between(q, p.digit, cell, node.digit).is_some())
    })
}

/// The forcing steps of `d`, checked against `grid` (the grid before the step): returns the
/// number of inferences checked.
fn check(grid: &Grid, d: &Deduction, plain_named: &mut usize) -> usize {
    let text = deduku::render::text::explain(grid.layout(), d);
    let plain = deduku::render::plain::explain(grid.layout(), d);
    let nested: Vec<(usize, u8)> = d.pattern.sets.iter().flat_map(|s| s.cells.iter().flat_map(move |&c| s.digits.iter().map(move |g| (c, g)))).collect();
    let shown: Vec<&Node> = d.pattern.chains.iter().flat_map(|c| c.nodes.iter()).collect();
    let mut checked = 0;
    for chain in &d.pattern.chains {
        assert_eq!(chain.premises.len(), chain.nodes.len(), "a node without its premises: {text}");
        assert!(chain.premises[0].is_empty(), "the assumption has premises: {text}");
        for (i, (node, premises)) in chain.nodes.iter().zip(&chain.premises).enumerate().skip(1) {
            assert!(premises.contains(&chain.nodes[i - 1]), "{text}: a node's premises leave out the node before it");
            for p in premises {
                assert!(shown.contains(&p), "{text}: premise {p:?} is no node of the step");
            }
            let inner = !node.on && nested.contains(&(node.cells[0], node.digit));
            if !inner {
                assert!(forced(grid, node, premises), "{text}: {node:?} does not follow from {premises:?}");
            }
            checked += 1;
            // The text names a node's premises when it has more than one.
            if premises.len() > 1 && !inner {
                let name = |n: &Node| {
                    let c = n.cells[0];
                    format!("r{}c{}{}{}", c / 9 + 1, c % 9 + 1, if n.on { "=" } else { "<>" }, n.digit)
                };
                let names: Vec<String> = premises.iter().map(name).collect();
                let want = format!("{} ({})", name(node), names.join(", "));
                assert!(text.contains(&want), "the text leaves out `{want}`: {text}");
                // The plain sentence too, where it tells the inference (it shortens long
                // strands, and a net's contradiction to the strands that reach it).
                let said = |n: &Node| {
                    let c = n.cells[0];
                    format!("r{}c{} is {}{}", c / 9 + 1, c % 9 + 1, if n.on { "" } else { "not " }, n.digit)
                };
                if plain.contains(&format!("so {}", said(node))) {
                    let named: Vec<String> = premises.iter().map(said).collect();
                    let (last, rest) = named.split_last().unwrap();
                    let want = format!("so {} (given that {} and {last})", said(node), rest.join(", "));
                    assert!(plain.contains(&want), "the plain sentence leaves out `{want}`: {plain}");
                    *plain_named += 1;
                }
            }
        }
    }
    checked
}

/// Solves sampled hard puzzles with singles and the forcing techniques only (so that
/// forcing chains and nets do most of the work), checking every forcing step.
#[test]
fn every_inference_of_a_forcing_step_names_all_its_premises() {
    let mut techniques = vec![by_id(ids::FULL_HOUSE).unwrap(), by_id(ids::HIDDEN_SINGLE).unwrap(), by_id(ids::NAKED_SINGLE).unwrap()];
    for id in [ids::DIGIT_FORCING_CHAIN, ids::CELL_FORCING_CHAIN, ids::UNIT_FORCING_CHAIN, ids::FORCING_NET, ids::NESTED_FORCING_NET] {
        techniques.push(by_id(id).unwrap());
    }
    let solver = Solver::from_techniques(&techniques).backtracking(false);
    let mut counts = std::collections::BTreeMap::<&str, usize>::new();
    let (mut multi, mut plain_named) = (0, 0);
    for (file, rules) in [("generated-hard.txt", Rules::classic()), ("generated-hard-anti-knight.txt", Rules::classic().with(Rule::AntiKnight))] {
        let layout = Arc::new(Layout::classic(rules));
        for givens in common::kept_givens(file, common::sample(40, 5)) {
            let mut grid = Grid::new(layout.clone(), &givens).unwrap();
            solver.run_logic(&mut grid);
            for (before, d) in grid.replay().iter().zip(grid.journal()) {
                if d.pattern.chains.iter().any(|c| c.links.first() == Some(&deduku::deduction::Link::Implies)) {
                    *counts.entry(d.technique).or_default() += check(before, d, &mut plain_named);
                    multi += d.pattern.chains.iter().flat_map(|c| &c.premises).filter(|p| p.len() > 1).count();
                }
            }
        }
    }
    eprintln!("inferences checked per technique: {counts:?}; with several premises: {multi}, named so in plain sentences: {plain_named}");
    assert!(counts.get(ids::FORCING_NET).copied().unwrap_or(0) > 50, "too few net inferences: {counts:?}");
    assert!(multi > 20, "too few inferences with several premises: {multi}");
    assert!(plain_named > 10, "too few plain sentences checked for their premises: {plain_named}");
}

/// JSON gives each node of a forcing step its parents, the same as the pattern's premises.
#[test]
fn json_gives_every_forcing_node_its_parents() {
    let techniques = [ids::FULL_HOUSE, ids::HIDDEN_SINGLE, ids::NAKED_SINGLE, ids::FORCING_NET].map(|id| by_id(id).unwrap());
    let solver = Solver::from_techniques(&techniques).backtracking(false);
    let layout = Arc::new(Layout::classic(Rules::classic()));
    let mut compared = 0;
    for givens in common::kept_givens("generated-hard.txt", 60) {
        let mut grid = Grid::new(layout.clone(), &givens).unwrap();
        solver.run_logic(&mut grid);
        for d in grid.journal().iter().filter(|d| d.technique == ids::FORCING_NET) {
            let json = serde_json::to_value(deduku::render::json::pattern(&layout, &d.pattern).unwrap()).unwrap();
            for (chain, c) in json["chains"].as_array().unwrap().iter().zip(&d.pattern.chains) {
                for (node, premises) in chain["nodes"].as_array().unwrap().iter().zip(&c.premises) {
                    let parents = node["parents"].as_array().expect("a forcing node without parents");
                    assert_eq!(parents.len(), premises.len());
                    for (p, q) in parents.iter().zip(premises) {
                        assert_eq!(p["digit"].as_u64(), Some(u64::from(q.digit)));
                        assert_eq!(p["on"].as_bool(), Some(q.on));
                        assert_eq!(p["cells"][0].as_str(), Some(layout.cell_name(q.cells[0]).as_str()));
                    }
                    compared += 1;
                }
            }
        }
    }
    assert!(compared > 20, "only {compared} nodes compared");
}
