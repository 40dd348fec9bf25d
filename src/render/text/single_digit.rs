//! Sentences for the single-digit family:
//!
//! - `Skyscraper: 6 in c2,c7 joined by r1: (6)r5c2 = (6)r1c2 - (6)r1c7 = (6)r6c7 => r5c8<>6`
//! - `2-String Kite: 6 in r1,c5 joined by b2: (6)r1c9 = (6)r1c4 - (6)r2c5 = (6)r7c5 => r7c9<>6`
//! - `2-String Kite (dual): <kite>; <kite> => r7c9<>6, r9c1<>6`
//! - `Turbot Fish: 6 in b1,c7 joined by anti-knight: (6)r3c1 = (6)r1c2 - (6)r3c3 = ... => ...`
//! - `Empty Rectangle: 6 in b1: (6)r1c3,r3c3 = (6)r2c1,r2c2 - (6)r2c7 = (6)r8c7 => r8c3<>6`
//! - `Template Delete: no placement of 6 that fits (one cell per house, none seeing another) holds r8c3 => r8c3<>6`
//!
//! Everything is read back from the pattern (see `strategies::single_digit`): one chain per
//! kite or link, the strong links' houses two per chain in `base` (the box for an Empty
//! Rectangle); the weak link's house or rule is the relation of the chain's middle cells.

use super::{chain, effect, houses};
use crate::deduction::Deduction;
use crate::layout::Layout;
use crate::strategies::{self, ids};

pub(super) fn explain(layout: &Layout, d: &Deduction) -> Option<String> {
    let p = &d.pattern;
    let digit = crate::formats::digit_char(p.digits.iter().next()?);
    let name = strategies::name_of(d.technique);
    let dual = if p.chains.len() > 1 { " (dual)" } else { "" };
    match d.technique {
        ids::TEMPLATE_SET => Some(format!(
            "{name}: every placement of {digit} that fits (one cell per house, none seeing another) holds {} => {}",
            super::cells(layout, &d.placements.iter().map(|p| p.cell).collect::<Vec<_>>()),
            effect(layout, d)
        )),
        ids::TEMPLATE_DELETE => Some(format!(
            "{name}: no placement of {digit} that fits (one cell per house, none seeing another) holds {} => {}",
            super::cells(layout, &d.eliminations.iter().map(|e| e.cell).collect::<Vec<_>>()),
            effect(layout, d)
        )),
        ids::SKYSCRAPER | ids::TWO_STRING_KITE | ids::TURBOT_FISH => {
            let parts = p
                .chains
                .iter()
                .enumerate()
                .map(|(i, c)| {
                    let strong = houses(layout, p.base.get(2 * i..2 * i + 2)?);
                    let (y1, y2) = (*c.nodes.get(1)?.cells.first()?, *c.nodes.get(2)?.cells.first()?);
                    let joint = match layout.relation(y1, y2) {
                        (Some(h), _) => layout.house(h).short_name(),
                        (None, Some(rule)) => rule.to_string(),
                        (None, None) => return None,
                    };
                    Some(format!("{digit} in {strong} joined by {joint}: {}", chain(layout, c)))
                })
                .collect::<Option<Vec<String>>>()?;
            Some(format!("{name}{dual}: {} => {}", parts.join("; "), effect(layout, d)))
        }
        ids::EMPTY_RECTANGLE => {
            let the_box = layout.house(*p.base.first()?).short_name();
            let chains: Vec<String> = p.chains.iter().map(|c| chain(layout, c)).collect();
            Some(format!("{name}{dual}: {digit} in {the_box}: {} => {}", chains.join("; "), effect(layout, d)))
        }
        _ => None,
    }
}
