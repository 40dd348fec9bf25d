//! Plain sentences for the uniqueness techniques. Each names the rectangle, then says which
//! filling would leave its corners free to swap two digits (a second solution) and why that
//! forces the removal:
//!
//! - Type 1: `The corners r2c4, r2c9, r3c4 and r3c9 all hold 4 and 9, and all but r2c4 hold
//!   nothing else. If r2c4 were 4 or 9 too, the corners could swap their 4s and 9s, a second
//!   solution; so r2c4 cannot be 4 or 9.`
//! - Type 2/5: `... One of r5c4 and r5c5 must be 2, or the corners could swap their 3s and
//!   8s; so r4c4 ... cannot be 2, as each sees all of them.`
//! - Type 4: `... Column 2 has its 8 only in r3c2 and r8c2, so one of them is 8; if either were
//!   7 too, every corner would hold only 7 and 8: the corners could swap ... So r3c2 and r8c2 cannot be 7.`
//! - Hidden Rectangle, Type 3, Type 6, Avoidable Rectangles and BUG+1 likewise.
//!
//! Read from the pattern (see `render::text::uniqueness` for where each part lives).

use super::{capital, cells, digit, digits, effect, houses, removals};
use crate::deduction::Deduction;
use crate::grid::Candidates;
use crate::layout::{CellId, Layout};
use crate::strategies::ids;

pub(super) fn explain(layout: &Layout, d: &Deduction) -> Option<String> {
    let p = &d.pattern;
    let pair = digits(p.digits, "and");
    let swap = {
        let mut ds = p.digits.iter();
        let (a, b) = (digit(ds.next()?), digit(ds.next()?));
        format!("the corners could swap their {a}s and {b}s, giving a second solution")
    };
    let corners = format!("The corners {} all hold {pair}", cells(layout, &p.cells, "and"));
    let gone = removals(layout, &d.eliminations);
    let removed = d.eliminations.first().map(|e| e.digit);
    let kept = || removed.map(|r| digits(p.digits.difference(Candidates::single(r)), "and"));
    let extra = |name: &str| -> Option<String> {
        let z = digit(removed?);
        let which = if p.fins.len() == 2 { "One" } else { "At least one" };
        Some(format!(
            "{corners}, and {} hold an extra {z}. {which} of them must be {z}, or {swap}; so {gone}, as each of these sees all of them{name}.",
            cells(layout, &p.fins, "and"),
        ))
    };
    Some(match d.technique {
        ids::UNIQUE_RECTANGLE_1 => {
            let target = d.eliminations.first()?.cell;
            format!(
                "{corners}, and all but {t} hold nothing else. If {t} were {} too, {swap}; so {gone}.",
                digits(p.digits, "or"),
                t = layout.cell_name(target)
            )
        }
        ids::UNIQUE_RECTANGLE_2 | ids::UNIQUE_RECTANGLE_5 => extra("")?,
        ids::UNIQUE_RECTANGLE_3 => {
            let (virtual_cell, real) = (p.sets.first()?, p.sets.get(1)?);
            let all = virtual_cell.digits.union(real.digits);
            format!(
                "{corners}. One of {} must hold an extra digit ({}), or {swap}; so together they act as one cell holding {}, \
                 which with {} makes a naked subset of {} in {}: {gone}.",
                cells(layout, &virtual_cell.cells, "and"),
                digits(virtual_cell.digits, "or"),
                digits(virtual_cell.digits, "or"),
                cells(layout, &real.cells, "and"),
                digits(all, "and"),
                houses(layout, &p.base)
            )
        }
        ids::UNIQUE_RECTANGLE_4 => {
            let x = kept()?;
            format!(
                "{corners}. {} has its {x} only in {}, so one of them is {x}; if either were {} too, every corner would \
                 hold only {pair}: {swap}. So {gone}.",
                capital(&houses(layout, &p.base)),
                cells(layout, &p.fins, "and"),
                digit(removed?)
            )
        }
        ids::UNIQUE_RECTANGLE_6 => {
            let z = digit(removed?);
            let targets: Vec<CellId> = d.eliminations.iter().map(|e| e.cell).collect();
            format!(
                "{corners}. {} have their {z}s only in the corners, so {z} fills one diagonal of the rectangle; if it took {}, \
                 the other two corners would be {}, and {swap}. So {gone}.",
                capital(&houses(layout, &p.base)),
                cells(layout, &targets, "and"),
                kept()?
            )
        }
        ids::HIDDEN_RECTANGLE => {
            let target = d.eliminations.first()?.cell;
            let at = p.cells.iter().position(|&c| c == target)?;
            let floor = *p.cells.get(3 - at)?;
            let (x, r) = (kept()?, digit(removed?));
            format!(
                "The corners {} all hold {pair}, {} holds nothing else, and {} have their {x}s only in the corners. If {t} were \
                 {r}, those lines would put {x} in the two corners beside it and the opposite corner would be {r}, so {swap}. \
                 So {gone}.",
                cells(layout, &p.cells, "and"),
                layout.cell_name(floor),
                houses(layout, &p.base),
                t = layout.cell_name(target)
            )
        }
        ids::AVOIDABLE_RECTANGLE_1 | ids::AVOIDABLE_RECTANGLE_2 => {
            let mut placed: Vec<(CellId, String)> =
                p.sets.iter().flat_map(|g| g.cells.iter().map(move |&c| (c, digits(g.digits, "and")))).collect();
            placed.sort();
            let placed: Vec<String> = placed.iter().map(|(c, n)| format!("{} was filled with {n}", layout.cell_name(*c))).collect();
            let start = format!(
                "The corners {} make a rectangle where {}, none of them given. If the rectangle ended up holding only {pair}, \
                 {swap}, and the givens could not tell them apart.",
                cells(layout, &p.cells, "and"),
                super::list(&placed, "and")
            );
            if d.technique == ids::AVOIDABLE_RECTANGLE_2 {
                let z = digit(removed?);
                format!("{start} So one of {} must be the extra {z}, and {gone}, as each of these sees all of them.", cells(layout, &p.fins, "and"))
            } else {
                format!("{start} So {gone}.")
            }
        }
        ids::BUG_PLUS_1 => {
            let placement = d.placements.first()?;
            let cell = layout.cell_name(placement.cell);
            let n = digit(placement.digit);
            format!(
                "Every empty cell but {cell} has exactly two candidates. If {cell} were not {n}, every digit would have exactly \
                 two places in each house, a pattern with two solutions; of {cell}'s {}, only {n} appears three times in {}, so \
                 {}.",
                digits(p.digits, "and"),
                houses(layout, &p.base),
                effect(layout, d)
            )
        }
        _ => return None,
    })
}
