//! Plain sentences for colouring:
//!
//! - Simple Colors (trap): `The 3s linked by houses with only two places for 3 split into two
//!   colours, one all true and the other all false: r2c2, r3c5, r6c3 and r8c1 against r2c6,
//!   r3c3, r4c1 and r8c2. r4c5 and r6c6 cannot be 3, as each sees a cell of each colour.`
//! - Simple Colors (wrap): `... r1c2 and r1c7 have the same colour and see each other, so that
//!   colour is false: r1c2, r1c7 and r5c4 cannot be 6.`
//! - Multi Colors: `Two clusters of 7s, each split into two colours: r1c6 and r8c9 against
//!   r1c9, and r3c1, r6c3 and r8c2 against r2c3, r4c2 and r6c5. r8c9 sees r8c2, so those two
//!   colours are not both true and one of the other two is; r2c7 cannot be 7, as it sees a
//!   cell of each of those.`
//!
//! Long colours are cut to the cells the proof uses. Read from the pattern's colours with
//! `render::text::coloring::proof`, which finds the cells that show a wrap or a trap.

use super::{cells, digit, removals};
use crate::deduction::Deduction;
use crate::grid::CellSet;
use crate::layout::{CellId, Layout};
use crate::render::text::coloring::{Proof, proof};
use crate::strategies::ids;

/// Colours with more cells than this are cut short.
const LONG: usize = 5;

pub(super) fn explain(layout: &Layout, d: &Deduction) -> Option<String> {
    let n = digit(d.pattern.digits.iter().next()?);
    let Proof { classes, seeing, .. } = proof(layout, d)?;
    let targets: Vec<CellId> = d.eliminations.iter().map(|e| e.cell).collect();
    // A colour's cells, cut to those the proof or a removal touches when it is long.
    let colour = |set: &CellSet| -> String {
        let all: Vec<CellId> = set.iter().collect();
        if all.len() <= LONG {
            return cells(layout, &all, "and");
        }
        let shown: Vec<CellId> =
            all.iter().copied().filter(|&c| seeing.contains(&c) || targets.iter().any(|&t| t != c && layout.sees(t, c))).take(LONG - 1).collect();
        format!("{} and {} more", shown.iter().map(|&c| layout.cell_name(c)).collect::<Vec<_>>().join(", "), all.len() - shown.len())
    };
    let gone = removals(layout, &d.eliminations);
    let name = |c: CellId| layout.cell_name(c);
    match d.technique {
        ids::SIMPLE_COLORS => {
            let split = format!(
                "The {n}s linked by houses with only two places for {n} split into two colours, one all true and the other all \
                 false: {} against {}.",
                colour(&classes[0]),
                colour(&classes[1])
            );
            Some(match seeing[..] {
                [a, b] => format!("{split} {} and {} have the same colour and see each other, so that colour is false: {gone}.", name(a), name(b)),
                _ => format!("{split} So {gone}, as each of these sees a cell of each colour."),
            })
        }
        ids::MULTI_COLORS => {
            let split = format!(
                "Two clusters of {n}s, each linked by houses with only two places for {n}, split into two colours each (one true, \
                 one false): {} against {}, and {} against {}.",
                colour(&classes[0]),
                colour(&classes[1]),
                colour(&classes[2]),
                colour(&classes[3])
            );
            Some(match seeing[..] {
                [x, y, z] => format!(
                    "{split} {} sees {} and {}, which have opposite colours, so one of them is {n} and the colour of {} is \
                     false: {gone}.",
                    name(x),
                    name(y),
                    name(z),
                    name(x)
                ),
                [x, y] => format!(
                    "{split} {} sees {}, so their colours are not both true and one of the two other colours is; so {gone}, \
                     as each of these sees a cell of both those colours.",
                    name(x),
                    name(y)
                ),
                _ => return None,
            })
        }
        _ => None,
    }
}
