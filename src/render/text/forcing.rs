//! Sentences for the forcing family:
//!
//! - `Digit Forcing Chain (contradiction): r1c2=5 -> r1c7<>5 -> r1c7=3 -> r4c7<>3; r1c2=5 -> r4c2<>5 -> r4c7=5 -> r4c7 is both 3 and not 3 => r1c2<>5`
//! - `Digit Forcing Chain (verity): r1c2=5 -> r5c2<>5 -> r5c2=4; r1c2<>5 -> r1c2=4 -> r5c2<>4 ... => ...`
//! - `Cell Forcing Chain: r3c3=1 -> r3c5<>1 -> r5c5=1 -> r5c5<>4; r3c3=6 -> r5c3<>6 -> r5c5<>4 => r5c5<>4`
//! - `Unit Forcing Chain (5 in row 3): r3c1=5 -> ...; r3c4=5 -> ... => ...`
//! - `Forcing Net (cell): r3c3=1 -> r3c5<>1 -> r5c5=1 (r5c2<>1, r5c5<>1 ...) -> ..., using r3c3=1 -> r5c2<>1 (4 steps); r3c3=6 -> ... => r5c5<>4`
//! - `Nested Forcing Net (contradiction): r9c2=9 -> r4c2<>9 -> r4c6=9 -> r5c6<>9; r9c2=9 -> r5c6<>3 (nested: r9c2=9) -> r5c6 has no candidate (4 steps) => r9c2<>9`
//!
//! A contradiction's strands share their start: each strand after the first begins at the
//! last literal it shares with an earlier one, and the sentence ends with what breaks (`r4c4
//! has no candidate`, `row 4 has no place for 3`, `r4c7 is both 3 and not 3`). Chains show every
//! strand. Nets show every strand too: first those through each branch's decisive premises
//! (to the contradiction, or to the conclusion), then, after `using`, those that derive the
//! side premises; a literal that needs more than the one before it names all of its premises
//! in brackets (a nested removal, those its inner net was built on: `(nested: ...)`), and
//! each branch says how many implications it takes. So every inference can
//! be checked without the board. The form is read back from
//! the pattern (see `strategies::forcing`): one assumption is a contradiction, the two
//! literals of one candidate a digit verity, a base house a unit, else a cell. In a nested
//! net, the pattern's `sets` list the removals that rest on an inner net's contradiction.

use super::{effect, joint, push_node};
use crate::deduction::{CellGroup, Chain, Deduction, Link, Node};
use crate::formats::digit_char;
use crate::grid::Digit;
use crate::layout::{CellId, HouseId, Layout};
use crate::strategies::ids;

pub(super) fn explain(layout: &Layout, d: &Deduction) -> Option<String> {
    let p = &d.pattern;
    let net = d.technique == ids::FORCING_NET || d.technique == ids::NESTED_FORCING_NET;
    let mut roots: Vec<&Node> = Vec::new();
    for chain in &p.chains {
        let root = chain.nodes.first()?;
        if !roots.contains(&root) {
            roots.push(root);
        }
    }
    let first = roots.first()?;
    let contradiction = roots.len() == 1;
    let unit = || {
        let digit = p.digits.iter().next().map(digit_char)?;
        Some(format!("{digit} in {}", layout.house(*p.base.first()?).long_name()))
    };
    let digit_verity = roots.len() == 2 && roots[0].cells == roots[1].cells && roots[0].digit == roots[1].digit;
    let label = match d.technique {
        ids::DIGIT_FORCING_CHAIN if contradiction => Some("contradiction".to_owned()),
        ids::DIGIT_FORCING_CHAIN => Some("verity".to_owned()),
        ids::CELL_FORCING_CHAIN => None,
        ids::UNIT_FORCING_CHAIN => Some(unit()?),
        ids::FORCING_NET | ids::NESTED_FORCING_NET if contradiction => Some("contradiction".to_owned()),
        ids::FORCING_NET if !p.base.is_empty() => Some(unit()?),
        ids::FORCING_NET if digit_verity => Some("verity".to_owned()),
        ids::FORCING_NET => Some("cell".to_owned()),
        _ => return None,
    };
    let name = crate::strategies::name_of(d.technique);
    let head = match label {
        Some(label) => format!("{name} ({label})"),
        None => name.to_owned(),
    };
    let proof = if contradiction {
        let (main, broken) = breaks(layout, d)?;
        let clause = match broken {
            Break::Both(cell, digit) => {
                let d = digit_char(digit);
                format!("{} is both {d} and not {d}", layout.cell_name(cell))
            }
            Break::NoPlace(house, digit) => format!("{} has no place for {}", layout.house(house).long_name(), digit_char(digit)),
            Break::NoCandidate(cell) => format!("{} has no candidate", layout.cell_name(cell)),
        };
        // Why every strand of a net: the main ones lead to the contradiction, and the others
        // derive the side premises they name; with all of them, every inference shows.
        let main = if net { main.max(1) } else { p.chains.len() };
        let text = strands(layout, &p.chains, &p.sets);
        let steps = if net { steps_text(steps(&p.chains, first)) } else { String::new() };
        format!("{} -> {clause}{}{steps}", text[..main].join("; "), using(&text[main..]))
    } else {
        let mut parts = Vec::new();
        for (i, root) in roots.iter().enumerate() {
            if net {
                // The branch's strand to the conclusion, then those to its side premises.
                let mut own: Vec<Chain> = vec![p.chains.get(i)?.clone()];
                own.extend(p.chains[roots.len()..].iter().filter(|c| c.nodes.first() == Some(root)).cloned());
                let text = strands(layout, &own, &p.sets);
                parts.push(format!("{}{}{}", text[0], using(&text[1..]), steps_text(steps(&p.chains, root))));
            } else {
                let chain = p.chains.iter().find(|c| c.nodes.first() == Some(root))?;
                parts.push(strands(layout, std::slice::from_ref(chain), &p.sets).remove(0));
            }
        }
        if !net && p.chains.len() > roots.len() {
            return None;
        }
        parts.join("; ")
    };
    Some(format!("{head}: {proof} => {}", effect(layout, d)))
}

/// What a contradiction's premise breaks (shared with `render::plain`).
pub(in crate::render) enum Break {
    /// A candidate would be both true and false.
    Both(CellId, Digit),
    /// A house would have no place left for a digit.
    NoPlace(HouseId, Digit),
    /// A cell would have no candidate left.
    NoCandidate(CellId),
}

/// What a contradiction breaks, and how many of its first strands lead there (the rest
/// only support them).
pub(in crate::render) fn breaks(layout: &Layout, d: &Deduction) -> Option<(usize, Break)> {
    let p = &d.pattern;
    let ends: Vec<&Node> = p.chains.iter().filter_map(|c| c.nodes.last()).collect();
    let first = *ends.first()?;
    let both = ends.len() >= 2 && ends[0].cells == ends[1].cells && ends[0].digit == ends[1].digit && ends[0].on != ends[1].on;
    Some(if both {
        (2, Break::Both(first.cells[0], first.digit))
    } else if let Some(&house) = p.cover.first() {
        let cells = &layout.house(house).cells;
        let main = ends.iter().take_while(|n| !n.on && n.digit == first.digit && cells.contains(&n.cells[0])).count();
        (main, Break::NoPlace(house, first.digit))
    } else {
        let cell = *p.fins.first()?;
        (ends.iter().take_while(|n| !n.on && n.cells[0] == cell).count(), Break::NoCandidate(cell))
    })
}

/// The strands in order, one text each, each after the first starting at the last node it
/// shares with an earlier one. A node that follows from more than the node before it names all of its
/// premises in brackets (`r6c7=1 (r6c2<>1, r6c4<>1, r6c5<>1)`), so every inference can be
/// checked without the board; a removal listed in `nested` (a nested net's inner
/// contradiction) is marked `(nested)`.
fn strands(layout: &Layout, chains: &[Chain], nested: &[CellGroup]) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    for (k, chain) in chains.iter().enumerate() {
        let shared =
            chains[..k].iter().map(|earlier| earlier.nodes.iter().zip(&chain.nodes).take_while(|(a, b)| a == b).count()).max().unwrap_or(0);
        let from = shared.saturating_sub(1);
        let nodes = &chain.nodes[from..];
        let mark = |n: &Node| !n.on && nested.iter().any(|g| g.cells == n.cells && g.digits.contains(n.digit));
        // Each node with the arrow before it, which names the rule of a constraint's link,
        // and the premises of an inference that needs more than the node before it.
        let mut line = String::new();
        for (i, n) in nodes.iter().enumerate() {
            if i > 0 {
                line.push_str(&joint(layout, &nodes[i - 1], n, Link::Implies, None));
            }
            push_node(&mut line, layout, n);
            let premises = chain.premises.get(from + i).map_or(&[][..], |p| &p[..]);
            let open = match (mark(n), premises.len()) {
                (true, 0) => {
                    line.push_str(" (nested)");
                    continue;
                }
                (true, _) => " (nested: ",
                (false, 2..) if i > 0 => " (",
                _ => continue,
            };
            line.push_str(open);
            for (j, p) in premises.iter().enumerate() {
                if j > 0 {
                    line.push_str(", ");
                }
                push_node(&mut line, layout, p);
            }
            line.push(')');
        }
        out.push(line);
    }
    out
}

/// The strands that derive a net's side premises, after its main ones: `, using A -> B; C
/// -> D`, or nothing when there are none.
fn using(side: &[String]) -> String {
    if side.is_empty() { String::new() } else { format!(", using {}", side.join("; ")) }
}

/// How many implications the branch starting at `root` takes: its distinct literals but the
/// assumption.
pub(in crate::render) fn steps(chains: &[Chain], root: &Node) -> usize {
    let mut seen: Vec<&Node> = Vec::new();
    for chain in chains.iter().filter(|c| c.nodes.first() == Some(root)) {
        for n in &chain.nodes {
            if !seen.contains(&n) {
                seen.push(n);
            }
        }
    }
    seen.len().saturating_sub(1)
}

/// ` (12 steps)`.
fn steps_text(steps: usize) -> String {
    format!(" ({steps} step{})", if steps == 1 { "" } else { "s" })
}
