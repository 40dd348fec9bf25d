//! Sentences for the uniqueness family:
//!
//! - `Unique Rectangle Type 1: 3,7 in r1c1,r1c4,r2c1,r2c4 => r2c4<>3, r2c4<>7`
//! - `Unique Rectangle Type 2: 3,7 in r1c1,r1c4,r2c1,r2c4; extra 5 in r2c1,r2c4 => r2c6<>5`
//! - `Unique Rectangle Type 3: 3,7 in r1c1,r1c4,r2c1,r2c4; extras 1,2 in r2c1,r2c4 with r2c8 form a naked pair 1,2 in r2 => r2c9<>1`
//! - `Unique Rectangle Type 4: 3,7 in r1c1,r1c4,r2c1,r2c4; r2 holds 3 only in r2c1,r2c4 => r2c1<>7, r2c4<>7`
//! - `Unique Rectangle Type 5: 3,7 in r1c1,r1c4,r2c1,r2c4; extra 5 in r1c4,r2c1 => r1c2<>5`
//! - `Unique Rectangle Type 6: 3,7 in r1c1,r1c4,r2c1,r2c4; r1,r2 hold 3 only in the rectangle => r1c4<>3, r2c1<>3`
//! - `Hidden Rectangle: 3,7 in r1c1,r1c4,r2c1,r2c4; r1c1 holds only 3,7, and r2,c4 hold 7 only in the rectangle => r2c4<>3`
//! - `Avoidable Rectangle Type 1: 3,7 in r1c1,r1c4,r2c1,r2c4; r1c1=3, r1c4=7, r2c1=7 were placed, not given => r2c4<>3`
//! - `Avoidable Rectangle Type 2: 3,7 in r1c1,r1c4,r2c1,r2c4; r1c1=3, r1c4=7 were placed, not given; extra 5 in r2c1,r2c4 => r2c6<>5`
//! - `BUG+1: every empty cell but r5c5 has two candidates; of its 1,4,7 only 7 appears three times in r5,c5,b5 => r5c5=7`
//!
//! Everything is read back from the pattern (see `strategies::uniqueness`): the rectangle in
//! `cells` (corner order), its digits in `digits`, the corners with extras in `fins`, the
//! conjugate houses in `base`, type 3's virtual cell and subset cells in `sets`, an avoidable
//! rectangle's filled corners in `sets` (one group per digit).

use super::{cells, digits, effect, houses};
use crate::deduction::Deduction;
use crate::formats::digit_char;
use crate::grid::Candidates;
use crate::layout::{CellId, Layout};
use crate::strategies::{self, ids};

pub(super) fn explain(layout: &Layout, d: &Deduction) -> Option<String> {
    let p = &d.pattern;
    let name = strategies::name_of(d.technique);
    let rect = format!("{} in {}", digits(p.digits), cells(layout, &p.cells));
    let removed = d.eliminations.first().map(|e| e.digit);
    // The rectangle digit that is not removed.
    let kept = || removed.map(|r| digits(p.digits.difference(Candidates::single(r))));
    let proof = match d.technique {
        ids::UNIQUE_RECTANGLE_1 => None,
        ids::UNIQUE_RECTANGLE_2 | ids::UNIQUE_RECTANGLE_5 => Some(format!("extra {} in {}", digit_char(removed?), cells(layout, &p.fins))),
        ids::UNIQUE_RECTANGLE_3 => {
            let (virtual_cell, real) = (p.sets.first()?, p.sets.get(1)?);
            let all = virtual_cell.digits.union(real.digits);
            let word = match real.cells.len() + 1 {
                2 => "pair",
                3 => "triple",
                _ => "quad",
            };
            Some(format!(
                "extras {} in {} with {} form a naked {word} {} in {}",
                digits(virtual_cell.digits),
                cells(layout, &virtual_cell.cells),
                cells(layout, &real.cells),
                digits(all),
                houses(layout, &p.base)
            ))
        }
        ids::UNIQUE_RECTANGLE_4 => Some(format!("{} holds {} only in {}", houses(layout, &p.base), kept()?, cells(layout, &p.fins))),
        ids::UNIQUE_RECTANGLE_6 => Some(format!("{} hold {} only in the rectangle", houses(layout, &p.base), digit_char(removed?))),
        ids::HIDDEN_RECTANGLE => {
            let target = d.eliminations.first()?.cell;
            let at = p.cells.iter().position(|&c| c == target)?;
            let floor = *p.cells.get(3 - at)?;
            Some(format!(
                "{} holds only {}, and {} hold {} only in the rectangle",
                layout.cell_name(floor),
                digits(p.digits),
                houses(layout, &p.base),
                kept()?
            ))
        }
        ids::AVOIDABLE_RECTANGLE_1 | ids::AVOIDABLE_RECTANGLE_2 => {
            let mut placed: Vec<(CellId, String)> =
                p.sets.iter().flat_map(|g| g.cells.iter().map(move |&c| (c, digits(g.digits)))).collect();
            placed.sort();
            let placed: Vec<String> = placed.iter().map(|(c, digit)| format!("{}={digit}", layout.cell_name(*c))).collect();
            let mut proof = format!("{} were placed, not given", placed.join(", "));
            if d.technique == ids::AVOIDABLE_RECTANGLE_2 {
                proof.push_str(&format!("; extra {} in {}", digit_char(removed?), cells(layout, &p.fins)));
            }
            Some(proof)
        }
        ids::BUG_PLUS_1 => {
            let placement = d.placements.first()?;
            return Some(format!(
                "{name}: every empty cell but {} has two candidates; of its {} only {} appears three times in {} => {}",
                layout.cell_name(placement.cell),
                digits(p.digits),
                digit_char(placement.digit),
                houses(layout, &p.base),
                effect(layout, d)
            ));
        }
        _ => return None,
    };
    Some(match proof {
        Some(proof) => format!("{name}: {rect}; {proof} => {}", effect(layout, d)),
        None => format!("{name}: {rect} => {}", effect(layout, d)),
    })
}
