//! Sentences for the fish family, one style for all of them: the name, the digit, the base
//! sets, the cover sets, the fins if any, and the effect.
//!
//! - `X-Wing: 6 in r6,r9 / c3,c5 => r5c3<>6, r8c3<>6, r8c5<>6`
//! - `Finned X-Wing: 4 in r2,r7 / c3,c8 fin r7c9 => r8c8<>4, r9c8<>4`
//! - `Sashimi Swordfish: 5 in r1,r4,r8 / c2,c5,c9 fins r8c7,r9c8 => r7c9<>5`
//! - `Franken Fish: 3 in r2,b5 / c4,c6 => r7c4<>3`
//!
//! The base and cover sets are listed rows, then columns, then boxes.

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
