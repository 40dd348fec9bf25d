//! Sentences for the als family, each ALS written as its cells and digits:
//!
//! - `ALS-XZ: A=r1c2,r1c5 {1,3,7}, B=r3c4 {1,7}, X=1, Z=7 => r2c5<>7`
//! - `ALS-XZ (doubly linked): A=r1c2,r1c5 {1,3,7}, B=r3c4,r3c6 {1,3,7}, X=1,3 => r1c4<>7`
//! - `ALS-XY-Wing: A=r1c2 {1,5}, B=r4c2 {2,5}, C=r1c4,r1c6 {1,2,8}, X=1 (A-C), Y=2 (B-C), Z=5 => r2c2<>5`
//! - `ALS Chain: A=r1c2 {1,5} -1- B=r1c4 {1,2} -2- C=r4c4 {2,3} -3- D=r4c2 {3,5}, Z=5 => r2c2<>5`
//! - `Death Blossom: stem r5c5 {1,2,3}; 1: r5c1,r5c2 {1,4,7}, 2: r8c5 {2,7}, 3: r4c6 {3,7}; Z=7 => r6c4<>7`
//! - `Sue de Coq: r1c1,r1c2 {1,2,3,4} with r1c7 {1,2} in r1 and r2c3 {3,4} in b1 => r1c5<>1`
//!
//! Everything is read back from the pattern (see `strategies::als`): the ALSs are its sets;
//! the restricted commons are read from its chains (`(Z)A = (X)A - (X)B = (Z)B`, one chain per
//! Z, a loop when doubly linked); a death blossom's first set is the stem, the petals follow
//! in the order of the stem's digits; a Sue de Coq's sets are the meeting cells, the line's
//! and the box's, its base the line and the box.

use super::{cells, digits, effect};
use crate::deduction::{CellGroup, Deduction};
use crate::grid::Candidates;
use crate::layout::Layout;
use crate::strategies::ids;

pub(super) fn explain(layout: &Layout, d: &Deduction) -> Option<String> {
    let p = &d.pattern;
    let set = |g: &CellGroup| format!("{} {{{}}}", cells(layout, &g.cells), digits(g.digits));
    let named = |i: usize| Some(format!("{}={}", char::from(b'A' + i as u8), set(p.sets.get(i)?)));
    let zs = || p.chains.iter().filter_map(|c| c.nodes.first()).map(|n| n.digit).collect::<Candidates>();
    let link = |i: usize| p.chains.first().and_then(|c| c.nodes.get(2 * i + 1)).map(|n| crate::formats::digit_char(n.digit));
    let text = match d.technique {
        ids::ALS_XZ => {
            let chain = p.chains.first()?;
            if chain.is_loop() {
                let xs: Candidates = chain.nodes.iter().take(2).map(|n| n.digit).collect();
                format!("ALS-XZ (doubly linked): {}, {}, X={}", named(0)?, named(1)?, digits(xs))
            } else {
                format!("ALS-XZ: {}, {}, X={}, Z={}", named(0)?, named(1)?, link(0)?, digits(zs()))
            }
        }
        ids::ALS_XY_WING => format!(
            "ALS-XY-Wing: {}, {}, {}, X={} (A-C), Y={} (B-C), Z={}",
            named(0)?,
            named(1)?,
            named(2)?,
            link(0)?,
            link(1)?,
            digits(zs())
        ),
        ids::ALS_CHAIN => {
            let mut text = String::from("ALS Chain: ");
            for i in 0..p.sets.len() {
                if i > 0 {
                    text.push_str(&format!(" -{}- ", link(i - 1)?));
                }
                text.push_str(&named(i)?);
            }
            format!("{text}, Z={}", digits(zs()))
        }
        ids::DEATH_BLOSSOM => {
            let stem = p.sets.first()?;
            let petals: Vec<String> = stem
                .digits
                .iter()
                .zip(&p.sets[1..])
                .map(|(digit, g)| format!("{}: {}", crate::formats::digit_char(digit), set(g)))
                .collect();
            let removed: Candidates = d.eliminations.iter().map(|e| e.digit).collect();
            format!("Death Blossom: stem {}; {}; Z={}", set(stem), petals.join(", "), digits(removed))
        }
        ids::SUE_DE_COQ => {
            let [line, bx] = p.base[..] else { return None };
            let [meet, in_line, in_box] = &p.sets[..] else { return None };
            format!(
                "Sue de Coq: {} with {} in {} and {} in {}",
                set(meet),
                set(in_line),
                layout.house(line).short_name(),
                set(in_box),
                layout.house(bx).short_name()
            )
        }
        _ => return None,
    };
    Some(format!("{text} => {}", effect(layout, d)))
}
