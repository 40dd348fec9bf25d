//! Sentences for the fish family, one style for all of them: the name, the digit, the base
//! sets, the cover sets, the fins if any, and the effect.
//!
//! - `X-Wing: 6 in r6,r9 / c3,c5 => r5c3<>6, r8c3<>6, r8c5<>6`
//! - `Finned X-Wing: 1 in r6,r8 / c6,c8 fin r8c7 => r7c8<>1`
//! - `Sashimi X-Wing: 5 in c3,c4 / r2,r4 fins r1c4,r3c4 => r2c5<>5, r2c6<>5`
//! - `Franken Fish: 3 in r5,r9,b7 / c3,c5,b9 fin r8c2 => r8c8<>3`
//! - `Mutant Fish: 6 in c4,b4 / r4,c3 fin r7c4 => r7c3<>6`
//!
//! The base and cover sets are listed rows, then columns, then boxes; the size of the fish
//! is the number of base sets. Whether a finned fish is sashimi shows in its name.

use super::{cells, digits, effect, houses};
use crate::deduction::Deduction;
use crate::layout::Layout;
use crate::strategies;

pub(super) fn explain(layout: &Layout, d: &Deduction) -> Option<String> {
    let p = &d.pattern;
    if p.base.is_empty() || p.cover.is_empty() || p.digits.is_empty() {
        return None;
    }
    let fins = match p.fins.len() {
        0 => String::new(),
        1 => format!(" fin {}", cells(layout, &p.fins)),
        _ => format!(" fins {}", cells(layout, &p.fins)),
    };
    Some(format!(
        "{}: {} in {} / {}{fins} => {}",
        strategies::name_of(d.technique),
        digits(p.digits),
        houses(layout, &p.base),
        houses(layout, &p.cover),
        effect(layout, d)
    ))
}
