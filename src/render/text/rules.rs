//! Sentences for the techniques that work through variant rules' links and demands:
//!
//! - `Link Exclusion: r1c1=5,6 would empty r1c2 (1,2) (xv) => r1c1<>5 (xv), r1c1<>6 (xv)`
//! - `Link Exclusion: r4c4=3 would leave 2 no place in row 5 (kropki-white) => r4c4<>3 (kropki-white)`
//! - `Required Digits: 1,3 in r1c1,r1c2,r2c1,r2c2 (quadruple) => r2c2=3`
//!
//! Read back from the pattern (see `strategies::rules`): the failing candidates are the
//! pattern's cell and digits; the cell or places they empty are `sets[0]`, the house of the
//! places `base[0]`.

use super::{cells, digits, effect};
use crate::deduction::Deduction;
use crate::layout::Layout;
use crate::strategies::ids;

pub(super) fn explain(layout: &Layout, d: &Deduction) -> Option<String> {
    let p = &d.pattern;
    let name = crate::strategies::name_of(d.technique);
    match d.technique {
        ids::LINK_EXCLUSION => {
            let cell = layout.cell_name(*p.cells.first()?);
            let target = p.sets.first()?;
            let rule = d.eliminations.first().and_then(|e| e.via).map(|r| format!(" ({r})")).unwrap_or_default();
            let what = match p.base.first() {
                Some(&house) => format!("leave {} no place in {}", digits(target.digits), layout.house(house).long_name()),
                None => format!("empty {} ({})", cells(layout, &target.cells), digits(target.digits)),
            };
            let each = if p.digits.len() > 1 { " each" } else { "" };
            Some(format!("{name}: {cell}={} would{each} {what}{rule} => {}", digits(p.digits), effect(layout, d)))
        }
        ids::REQUIRED_DIGITS => {
            let rule = layout.demands().find(|c| c.cells() == p.cells.as_slice()).map(|c| format!(" ({})", c.rule())).unwrap_or_default();
            Some(format!("{name}: {} in {}{rule} => {}", digits(p.digits), cells(layout, &p.cells), effect(layout, d)))
        }
        _ => None,
    }
}
