//! Plain sentences for pointing and claiming, one shape for both:
//!
//! - Pointing: `In box 4 every 4 lies in column 1 (r4c1 and r6c1), so column 1 gets its 4
//!   from box 4: r8c1 and r9c1 cannot be 4.`
//! - Claiming: `In row 4 every 4 lies in box 4 (r4c1 and r4c3), so box 4 gets its 4 from
//!   row 4: r6c1 and r6c3 cannot be 4.`
//!
//! With a variant rule, cells outside the line that see every place lose the digit too, and
//! their removal names the rule. Read from the pattern: the digit, its places (`cells`), the
//! house they are confined in (`base`) and the house they lie along (`cover`).

use super::{cells, digit, house, removals};
use crate::deduction::Deduction;
use crate::layout::Layout;

pub(super) fn explain(layout: &Layout, d: &Deduction) -> Option<String> {
    let p = &d.pattern;
    let n = digit(p.digits.iter().next()?);
    let (inside, along) = (house(layout, *p.base.first()?), house(layout, *p.cover.first()?));
    Some(format!(
        "In {inside} every {n} lies in {along} ({}), so {along} gets its {n} from {inside}: {}.",
        cells(layout, &p.cells, "and"),
        removals(layout, &d.eliminations)
    ))
}
