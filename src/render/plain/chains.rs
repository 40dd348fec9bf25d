//! Plain sentences for chains and loops, the chain walked in words:
//!
//! - X-Chain, XY-Chain, AIC: `If r5c6 is not 6, then r8c6 is 6, so r9c4 is not 6, so r9c2
//!   is 6. So r5c6 is 6 or r9c2 is 6, and whichever holds, r5c2 cannot be 6.`
//! - Continuous Nice Loop: `If r3c3 is not 1, then r3c3 is 6, ..., so r3c3 is not 1, and
//!   the loop closes. With strong and weak links alternating all round it, each weak link is
//!   strong too: one of its ends is true. So r2c3 cannot be 1; ...`
//! - Discontinuous Nice Loop: `If r3c9 is 6, then r3c9 is not 4, ..., so r3c9 is not 6,
//!   which contradicts the start. So r3c9 cannot be 6.`
//! - Remote Pair: `r4c2, r4c9, r7c9 and r8c8 hold only 7 and 9, each seeing the next, so
//!   they alternate between 7 and 9: two cells an odd number of steps apart along the chain
//!   hold one of each. So r8c2 cannot be 7 or 9, as each of these cells sees two such cells.`
//!
//! Long chains are told by their first steps, their length and their end. Read from the
//! pattern's one chain; whether a loop is continuous is whether its walk comes back
//! agreeing with its start.

use super::{capital, cells, digits, effect, ends, removals, walk};
use crate::deduction::Deduction;
use crate::layout::Layout;
use crate::render::text::chains::remote_path;
use crate::strategies::ids;

pub(super) fn explain(layout: &Layout, d: &Deduction) -> Option<String> {
    let c = d.pattern.chains.first()?;
    if d.technique == ids::REMOTE_PAIR {
        let path = remote_path(c)?;
        return Some(format!(
            "{} hold only {pair}, each seeing the next, so they alternate between {pair}: two cells an odd number of steps \
             apart along the chain hold one of each. So {}, as each of these cells sees two such cells.",
            cells(layout, &path, "and"),
            removals(layout, &d.eliminations),
            pair = digits(d.pattern.digits, "and"),
        ));
    }
    let w = walk(layout, c)?;
    let told = capital(&w.text);
    if !c.is_loop() {
        return Some(format!("{told}. So {}, and whichever holds, {}.", ends(layout, c)?, removals(layout, &d.eliminations)));
    }
    if w.states.first() == w.states.last() {
        Some(format!(
            "{told}, and the loop closes. With strong and weak links alternating all round it, each weak link is strong too: \
             one of its two ends is true. So {}.",
            removals(layout, &d.eliminations)
        ))
    } else {
        Some(format!("{told}, which contradicts the start. So {}.", effect(layout, d)))
    }
}
