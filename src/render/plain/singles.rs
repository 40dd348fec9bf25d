//! Plain sentences for the singles:
//!
//! - Full House: `Row 6 has one empty cell, r6c4, and lacks only 6, so r6c4 is 6.`
//! - Naked Single: `Every digit but 8 is ruled out in r2c8 by the digits it sees, so r2c8 is 8.`
//! - Hidden Single: `In box 7, 3 has only one place left, r8c3, so r8c3 is 3.`
//!
//! Read from the pattern: the digit, the cell, and (but for a naked single) the house.

use super::{digit, house};
use crate::deduction::Deduction;
use crate::layout::Layout;
use crate::strategies::ids;

pub(super) fn explain(layout: &Layout, d: &Deduction) -> Option<String> {
    let placed = d.placements.first()?;
    let (cell, n) = (layout.cell_name(placed.cell), digit(placed.digit));
    let house = || d.pattern.base.first().map(|&h| house(layout, h));
    Some(match d.technique {
        ids::FULL_HOUSE => {
            let mut name = house()?;
            name[..1].make_ascii_uppercase();
            format!("{name} has one empty cell, {cell}, and lacks only {n}, so {cell} is {n}.")
        }
        ids::NAKED_SINGLE => format!("Every digit but {n} is ruled out in {cell} by the digits it sees, so {cell} is {n}."),
        ids::HIDDEN_SINGLE => format!("In {}, {n} has only one place left, {cell}, so {cell} is {n}.", house()?),
        _ => return None,
    })
}
