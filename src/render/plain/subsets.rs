//! Plain sentences for naked, hidden and locked subsets:
//!
//! - Naked: `r3c5 and r3c8 hold only 5 and 8 between them, so in row 3 these two digits go
//!   in these two cells: r3c4 cannot be 5; r3c7 cannot be 8.`
//! - Locked: `r3c4 and r3c5 hold only 3 and 7 between them and lie in both row 3 and box 2,
//!   so each of those houses gets its 3 and 7 from them: ...`
//! - Hidden: `In row 1, 5 and 9 can only go in r1c3 and r1c7, so these two cells hold 5 and 9
//!   and nothing else: r1c3 cannot be 8; r1c7 cannot be 1 or 2.`
//!
//! Read from the pattern: the digits, the cells, the house (`base`); a locked subset's
//! second house is the other house all its cells share.

use super::{cells, digits, house, houses, removals};
use crate::deduction::Deduction;
use crate::layout::{HouseId, Layout};
use crate::strategies::ids;

/// The name of a subset's size.
fn size(n: usize) -> &'static str {
    match n {
        2 => "two",
        3 => "three",
        _ => "four",
    }
}

pub(super) fn explain(layout: &Layout, d: &Deduction) -> Option<String> {
    let p = &d.pattern;
    let home = house(layout, *p.base.first()?);
    let (n, set, places) = (size(p.cells.len()), digits(p.digits, "and"), cells(layout, &p.cells, "and"));
    let gone = removals(layout, &d.eliminations);
    Some(match d.technique {
        ids::LOCKED_PAIR | ids::LOCKED_TRIPLE => {
            let shared: Vec<HouseId> =
                layout.houses_of(p.cells[0]).iter().copied().filter(|&h| p.cells.iter().all(|&c| layout.houses_of(c).contains(&h))).collect();
            format!(
                "{places} hold only {set} between them and lie in both {}, so each of those houses gets its {set} from them: {gone}.",
                houses(layout, &shared)
            )
        }
        ids::NAKED_PAIR | ids::NAKED_TRIPLE | ids::NAKED_QUAD => {
            format!("{places} hold only {set} between them, so in {home} these {n} digits go in these {n} cells: {gone}.")
        }
        ids::HIDDEN_PAIR | ids::HIDDEN_TRIPLE | ids::HIDDEN_QUAD => {
            format!("In {home}, {set} can only go in {places}, so these {n} cells hold {set} and nothing else: {gone}.")
        }
        _ => return None,
    })
}
