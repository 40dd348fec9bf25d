//! Sentences for the forcing family:
//!
//! - `Digit Forcing Chain (contradiction): r1c2=5 -> r1c7<>5 -> r1c7=3 -> r4c7<>3; r1c2=5 -> r4c2<>5 -> r4c7=5 -> r4c7 is both 3 and not 3 => r1c2<>5`
//! - `Digit Forcing Chain (verity): r1c2=5 -> r5c2<>5 -> r5c2=4; r1c2<>5 -> r1c2=4 -> r5c2<>4 ... => ...`
//! - `Cell Forcing Chain: r3c3=1 -> r3c5<>1 -> r5c5=1 -> r5c5<>4; r3c3=6 -> r5c3<>6 -> r5c5<>4 => r5c5<>4`
//! - `Unit Forcing Chain (5 in row 3): r3c1=5 -> ...; r3c4=5 -> ... => ...`
//! - `Forcing Net (cell): r3c3=1 -> ... -> r5c5<>4 (12 steps); r3c3=6 -> ... -> r5c5<>4 (5 steps) => r5c5<>4`
//! - `Nested Forcing Net (contradiction): r9c2=9 -> r4c2<>9 -> r4c6=9 -> r5c6<>9; r9c2=9 -> r5c6<>3 (nested) -> r5c6 has no candidate (4 steps) => r9c2<>9`
//!
//! A contradiction's strands share their start: each strand after the first begins at the
//! last literal it shares with an earlier one, and the sentence ends with what breaks (`r4c4
//! has no candidate`, `row 4 has no place for 3`, `r4c7 is both 3 and not 3`). Chains show every
//! strand; nets show the strand through each branch's decisive premises (long ones shortened
//! with `...`) and how many implications the whole branch takes. The form is read back from
//! the pattern (see `strategies::forcing`): one assumption is a contradiction, the two
//! literals of one candidate a digit verity, a base house a unit, else a cell. In a nested
//! net, the pattern's `sets` list the removals that rest on an inner net's contradiction.

use super::{effect, joint, node};
use crate::deduction::{CellGroup, Chain, Deduction, Link, Node};
use crate::formats::digit_char;
use crate::grid::Digit;
use crate::layout::{CellId, HouseId, Layout};
use crate::strategies::ids;

/// Net strands longer than this are shown shortened.
const LONG: usize = 10;

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
        let shown = if net { &p.chains[..main.max(1)] } else { &p.chains[..] };
        let steps = if net { steps_text(steps(&p.chains, first)) } else { String::new() };
        format!("{} -> {clause}{steps}", strands(layout, shown, net, &p.sets))
    } else {
        let mut parts = Vec::new();
        for (i, root) in roots.iter().enumerate() {
            let chain = if net { p.chains.get(i)? } else { p.chains.iter().find(|c| c.nodes.first() == Some(root))? };
            let mut text = strands(layout, std::slice::from_ref(chain), net, &p.sets);
            if net {
                text.push_str(&steps_text(steps(&p.chains, root)));
            }
            parts.push(text);
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

/// The strands in order, each after the first starting at the last node it shares with an
/// earlier one; net strands longer than [`LONG`] keep their start and end. A removal listed in
/// `nested` (a nested net's inner contradiction) is marked `(nested)`.
fn strands(layout: &Layout, chains: &[Chain], net: bool, nested: &[CellGroup]) -> String {
    let mut out: Vec<String> = Vec::new();
    for (k, chain) in chains.iter().enumerate() {
        let shared =
            chains[..k].iter().map(|earlier| earlier.nodes.iter().zip(&chain.nodes).take_while(|(a, b)| a == b).count()).max().unwrap_or(0);
        let nodes = &chain.nodes[shared.saturating_sub(1)..];
        let mark = |n: &Node| !n.on && nested.iter().any(|g| g.cells == n.cells && g.digits.contains(n.digit));
        // Each node with the arrow before it, which names the rule of a constraint's link.
        let mut words: Vec<(String, String)> = nodes
            .iter()
            .enumerate()
            .map(|(i, n)| {
                let arrow = if i == 0 { String::new() } else { joint(layout, &nodes[i - 1], n, Link::Implies, None) };
                (arrow, if mark(n) { format!("{} (nested)", node(layout, n)) } else { node(layout, n) })
            })
            .collect();
        if net && words.len() > LONG {
            let mut tail = words.split_off(words.len() - 4);
            words.truncate(LONG - 5);
            words.push((" -> ".to_owned(), "...".to_owned()));
            // Why a plain arrow: the node it comes from is not shown.
            tail[0].0 = " -> ".to_owned();
            words.extend(tail);
        }
        out.push(words.into_iter().map(|(arrow, word)| arrow + &word).collect());
    }
    out.join("; ")
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
