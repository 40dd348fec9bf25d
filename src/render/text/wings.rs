//! Sentences for the wings family:
//!
//! - `XY-Wing: pivot r5c5 (3,7), pincers r2c5 (7,9), r5c1 (3,9) => r2c1<>9`
//! - `XYZ-Wing: pivot r5c5 (3,7,9), pincers r4c6 (7,9), r5c1 (3,9) => r5c4<>9`
//! - `W-Wing: r1c1,r9c5 (3,7), 3 in c3 only at r2c3,r8c3 => r1c5<>7`
//! - `WXYZ-Wing: pivot r5c5 (2,3,7), pincers r5c1 (3,9), r4c6 (7,9), r2c5 (2,9); only 9 can repeat => r6c5<>9`
//!   (without a pivot: `WXYZ-Wing: r1c1 (1,4), r1c5 (2,4), ...; only 4 can repeat => ...`)
//!
//! Read back from the pattern (see `strategies::wings`): the pivot is the fin, every cell's
//! candidates are a set (pivot first), a W-Wing's chain runs through its conjugate pair,
//! whose house is `base[0]`.

use super::{cells, digits, effect};
use crate::deduction::Deduction;
use crate::layout::Layout;
use crate::strategies::ids;

pub(super) fn explain(layout: &Layout, d: &Deduction) -> Option<String> {
    let p = &d.pattern;
    let show = |k: usize| -> Option<String> {
        let set = p.sets.get(k)?;
        Some(format!("{} ({})", layout.cell_name(*set.cells.first()?), digits(set.digits)))
    };
    let pincers = |from: usize| -> Option<String> { (from..p.sets.len()).map(show).collect::<Option<Vec<_>>>().map(|v| v.join(", ")) };
    let cast = || -> Option<String> {
        if p.fins.is_empty() { pincers(0) } else { Some(format!("pivot {}, pincers {}", show(0)?, pincers(1)?)) }
    };
    match d.technique {
        ids::XY_WING | ids::XYZ_WING => Some(format!("{}: {} => {}", crate::strategies::name_of(d.technique), cast()?, effect(layout, d))),
        ids::WXYZ_WING => {
            let z = crate::formats::digit_char(d.eliminations.first()?.digit);
            Some(format!("WXYZ-Wing: {}; only {z} can repeat => {}", cast()?, effect(layout, d)))
        }
        ids::W_WING => {
            let chain = p.chains.first()?;
            let node = |i: usize| chain.nodes.get(i).and_then(|n| n.cells.first().copied());
            let (a, x, b) = (node(0)?, chain.nodes.get(1)?.digit, node(5)?);
            let house = layout.house(*p.base.first()?).short_name();
            Some(format!(
                "W-Wing: {} ({}), {} in {house} only at {} => {}",
                cells(layout, &[a, b]),
                digits(p.digits),
                crate::formats::digit_char(x),
                cells(layout, &[node(2)?, node(3)?]),
                effect(layout, d)
            ))
        }
        _ => None,
    }
}
