//! Plain sentences for the single-digit patterns (skyscraper, 2-string kite, turbot fish,
//! empty rectangle): the strong links, the link between them, then the chain walked; and
//! for templates, the ways to place the digit and what they share or avoid.
//!
//! - `Row 4 has its 5 only in r4c6 or r4c8, and row 7 only in r7c8 or r7c4; r4c8 and r7c8
//!   share column 8. So if r4c6 is not 5, then r4c8 is 5, so r7c8 is not 5, so r7c4 is 5:
//!   r4c6 is 5, or r7c4 is 5, and either way r6c4 cannot be 5.`
//! - `Box 4 has its 6 only in r5c3 or one of r4c1 and r4c2, ...` (an empty rectangle's box)
//! - `... r1c2 and r3c3 see each other by the anti-knight rule. ...` (a rule's link)
//!
//! A dual kite tells each of its chains. Read from the pattern's chains: nodes 0-1 and 2-3
//! are strong links (in the house they share), nodes 1-2 the weak link.

use super::{capital, cells, digit, ends, house, removals, rule, walk};
use crate::deduction::{Deduction, Node};
use crate::layout::{CellId, Layout};

pub(super) fn explain(layout: &Layout, d: &Deduction) -> Option<String> {
    let p = &d.pattern;
    let n = digit(p.digits.iter().next()?);
    // Templates: no chain, the whole digit at once.
    let ways = format!(
        "Try every way to place the {n}s, one in each house with none seeing another, keeping only the ways that fit the \
         candidates (and avoid the cells other digits must take): they only use {}",
        cells(layout, &p.cells, "and")
    );
    match d.technique {
        crate::strategies::ids::TEMPLATE_SET => {
            let sure: Vec<CellId> = d.placements.iter().map(|p| p.cell).collect();
            let told: Vec<String> = sure.iter().map(|&c| format!("{} is {n}", layout.cell_name(c))).collect();
            return Some(format!("{ways}. Every one of them uses {}, so {}.", cells(layout, &sure, "and"), told.join(", ")));
        }
        crate::strategies::ids::TEMPLATE_DELETE => {
            return Some(format!("{ways}, none of them the cells that lose the {n}: {}.", removals(layout, &d.eliminations)));
        }
        _ => {}
    }
    let mut parts = Vec::new();
    for c in &p.chains {
        let [a, b, x, y] = &c.nodes[..] else { return None };
        let (first, second) = (shared(layout, a, b)?, shared(layout, x, y)?);
        let middle: Vec<CellId> = b.cells.iter().chain(&x.cells).copied().collect();
        let joint = match (shared(layout, b, x), &x.cells[..], &b.cells[..]) {
            (Some(h), _, _) => format!("{} share {h}", cells(layout, &middle, "and")),
            (None, [one], [other]) => match layout.relation(*other, *one) {
                (_, Some(r)) => format!("{} see each other by {}", cells(layout, &middle, "and"), rule(r)),
                _ => return None,
            },
            _ => return None,
        };
        let mut lead = capital(&format!("{first} has its {n} only in {}, and {second} only in {}", place(layout, a, b), place(layout, x, y)));
        lead.push_str(&format!("; {joint}."));
        parts.push(format!("{lead} So {}: {}", walk(layout, c)?.text, ends(layout, c)?));
    }
    let gone = removals(layout, &d.eliminations);
    Some(match &parts[..] {
        [one] => format!("{one}, and either way {gone}."),
        _ => format!("{}. One end of each chain is {n}, so {gone}, each seeing both ends of one chain.", parts.join(". ")),
    })
}

/// The house both nodes of a strong link lie in.
fn shared(layout: &Layout, a: &Node, b: &Node) -> Option<String> {
    let all: Vec<usize> = a.cells.iter().chain(&b.cells).copied().collect();
    let h = layout.houses_of(all[0]).iter().copied().find(|&h| all.iter().all(|&c| layout.houses_of(c).contains(&h)))?;
    Some(house(layout, h))
}

/// `r4c6 or r4c8`, `r5c3 or one of r4c1 and r4c2`.
fn place(layout: &Layout, a: &Node, b: &Node) -> String {
    let one = |n: &Node| if n.cells.len() == 1 { cells(layout, &n.cells, "and") } else { format!("one of {}", cells(layout, &n.cells, "and")) };
    format!("{} or {}", one(a), one(b))
}
