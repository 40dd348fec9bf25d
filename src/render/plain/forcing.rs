//! Plain sentences for forcing chains and nets: every premise is followed to the same end.
//!
//! - Contradiction: `Suppose r1c7 is 2. Then r1c7 is not 1, so r6c7 is 1, so r5c9 is not 1;
//!   and from r1c7 is 2, r1c5 is not 2, so r5c5 is 2, so r5c9 is not 2. Then r5c9 has no
//!   candidate left, so r1c7 cannot be 2.`
//! - Cell: `r9c4 can only be 5 or 7, and each leads to the same result. If r9c4 is 5, then
//!   r8c5 is not 5, so r8c5 is 2, so r6c5 is not 2; if r9c4 is 7, then ... So r6c5 cannot be 2.`
//! - Unit: `Row 4 has its 8 only in r4c2 or r4c5, and each leads to the same result. ...`
//! - Digit (verity): `r1c2 is 5 or it is not, and each leads to the same result. ...`
//! - Nets say how many steps each branch takes, and shorten long strands to their first
//!   steps and their end; a removal an inner net proved says so, and a step that needs more
//!   than the one before it names all it needs: `so r6c7 is 1 (given that r6c2 is not 1,
//!   r6c4 is not 1 and r6c5 is not 1)`.
//!
//! Read from the pattern as `render::text::forcing` reads it: the chains' first nodes are the
//! premises (one premise: a contradiction), `base` the unit, `cover` or `fins` what breaks.

use super::{capital, cells, digit, digits, effect, house, link_rule, list, node, rule};
use crate::deduction::{CellGroup, Chain, Deduction, Link, Node};
use crate::layout::Layout;
use crate::render::text::forcing::{Break, breaks, steps};
use crate::strategies::ids;

/// Strands with more nodes than this are told by their first steps and their end.
const LONG: usize = 8;

pub(super) fn explain(layout: &Layout, d: &Deduction) -> Option<String> {
    let p = &d.pattern;
    let net = matches!(d.technique, ids::FORCING_NET | ids::NESTED_FORCING_NET);
    let mut roots: Vec<&Node> = Vec::new();
    for chain in &p.chains {
        let root = chain.nodes.first()?;
        if !roots.contains(&root) {
            roots.push(root);
        }
    }
    let first = *roots.first()?;
    let said = |n: &Node| node(layout, n, n.on);
    if roots.len() == 1 {
        // One premise that breaks the grid.
        let (main, broken) = breaks(layout, d)?;
        let broken = match broken {
            Break::Both(cell, n) => format!("{} would be both {n} and not {n}", layout.cell_name(cell), n = digit(n)),
            Break::NoPlace(h, n) => format!("{} has no place left for {}", house(layout, h), digit(n)),
            Break::NoCandidate(cell) => format!("{} has no candidate left", layout.cell_name(cell)),
        };
        // Why only the strands that reach the break for a net: the others only support them,
        // and the step count says how much the whole net takes.
        let shown = if net { &p.chains[..main.clamp(1, p.chains.len())] } else { &p.chains[..] };
        let told = strands(layout, shown, &p.sets);
        let steps = if net { format!(" ({} steps in all)", steps(&p.chains, first)) } else { String::new() };
        return Some(format!("Suppose {}. Then {told}. Then {broken}{steps}, so {}.", said(first), effect(layout, d)));
    }
    let premises = match d.technique {
        ids::UNIT_FORCING_CHAIN => unit(layout, d, &roots)?,
        _ if !p.base.is_empty() => unit(layout, d, &roots)?,
        _ if roots.len() == 2 && roots[0].cells == roots[1].cells && roots[0].digit == roots[1].digit => {
            let (cell, n) = (layout.cell_name(roots[0].cells[0]), digit(roots[0].digit));
            format!("Both {cell} being {n} and {cell} not being {n}")
        }
        _ => {
            let ds = roots.iter().map(|r| r.digit).collect();
            format!("The candidates of {}, {},", cells(layout, &roots[0].cells, "and"), digits(ds, "and"))
        }
    };
    let mut cases = Vec::new();
    for (i, root) in roots.iter().enumerate() {
        let mine: Vec<Chain> = if net {
            vec![p.chains.get(i)?.clone()]
        } else {
            p.chains.iter().filter(|c| c.nodes.first() == Some(root)).cloned().collect()
        };
        let steps = if net { format!(" ({} steps)", steps(&p.chains, root)) } else { String::new() };
        cases.push(format!("if {}, then {}{steps}", said(root), strands(layout, &mine, &p.sets)));
    }
    Some(format!("{premises} lead to the same result. {}. So {}.", capital(&cases.join("; ")), effect(layout, d)))
}

/// `The places of 8 in row 4, r4c2 and r4c5,`.
fn unit(layout: &Layout, d: &Deduction, roots: &[&Node]) -> Option<String> {
    let n = digit(d.pattern.digits.iter().next()?);
    let places: Vec<usize> = roots.iter().filter_map(|r| r.cells.first().copied()).collect();
    Some(capital(&format!("the places of {n} in {}, {},", house(layout, *d.pattern.base.first()?), cells(layout, &places, "and"))))
}

/// The strands after their premise, each after the first from the last node it shares
/// with an earlier one: `r1c7 is not 1, so r6c7 is 1; and from r1c7 is 2, r1c5 is not 2 ...`.
fn strands(layout: &Layout, chains: &[Chain], nested: &[CellGroup]) -> String {
    let mut out: Vec<String> = Vec::new();
    for (k, chain) in chains.iter().enumerate() {
        let shared =
            chains[..k].iter().map(|earlier| earlier.nodes.iter().zip(&chain.nodes).take_while(|(a, b)| a == b).count()).max().unwrap_or(1);
        let from = shared.max(1) - 1;
        let nodes = &chain.nodes[from..];
        let mut words: Vec<String> = Vec::new();
        for (i, n) in nodes.iter().enumerate().skip(1) {
            let mut word = node(layout, n, n.on);
            if let Some(r) = link_rule(layout, &nodes[i - 1], n, Link::Implies) {
                word.push_str(&format!(" (by {})", rule(r)));
            }
            if !n.on && nested.iter().any(|g| g.cells == n.cells && g.digits.contains(n.digit)) {
                word.push_str(" (shown by an inner net)");
            } else if let Some(premises) = chain.premises.get(from + i).filter(|p| p.len() > 1) {
                // Why: the step before is not all it needs; the others come from other
                // strands, and a reader checks the inference from all of them.
                let named: Vec<String> = premises.iter().map(|p| node(layout, p, p.on)).collect();
                word.push_str(&format!(" (given that {})", list(&named, "and")));
            }
            words.push(word);
        }
        let told = if words.len() > LONG {
            format!("{}, so {}, and so on for {} more steps, until {}", words[0], words[1], words.len() - 3, words[words.len() - 1])
        } else {
            words.join(", so ")
        };
        if k == 0 {
            out.push(told);
        } else {
            out.push(format!("and as {}, {told}", node(layout, &chain.nodes[from], chain.nodes[from].on)));
        }
    }
    out.join("; ")
}
