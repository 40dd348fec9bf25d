//! Plain sentences for the almost locked sets (an ALS: some cells with one candidate more
//! than cells, so losing any one digit locks the rest in):
//!
//! - ALS-XZ: `A = r4c1 (1, 2) and B = r4c6, r4c... (1, 2, 5, 7) each have one digit more than
//!   cells. Their 2s all see each other, so at most one set holds 2 and the other is locked
//!   onto its other digits; so A or B holds 1, and r6c1 cannot be 1, as it sees every 1 in both.`
//! - ALS-XZ (doubly linked): `... both 1 and 3 link them, so both sets are locked ...`
//! - ALS-XY-Wing, ALS Chain: `... If A holds no 9, it is locked and holds 7, so C holds no
//!   7 and holds 3, so B holds no 3 and holds 9; so A or B holds 9 ...`
//! - Death Blossom: `The stem r7c6 holds 2, 4 or 8, and each of its digits has a petal that
//!   loses that digit if the stem takes it: ... Whichever the stem holds, that petal is locked
//!   and holds 3, so r6c5 cannot be 3, as it sees every 3 in every petal.`
//! - Sue de Coq: `r7c2 and r8c2, where column 2 meets box 7, hold 1, 5, 8 and 9; r6c2 in
//!   column 2 holds 1 and 9, and r9c3 in box 7 holds 5 and 8. ...`
//!
//! Read from the pattern as `render::text::als` reads it: the sets, and the restricted
//! commons from the chains.

use super::{cells, digit, digits, house, list, removals};
use crate::deduction::{CellGroup, Deduction};
use crate::grid::Candidates;
use crate::layout::Layout;
use crate::strategies::ids;

pub(super) fn explain(layout: &Layout, d: &Deduction) -> Option<String> {
    let p = &d.pattern;
    let letter = |i: usize| char::from(b'A' + i as u8);
    let set = |g: &CellGroup| format!("{} ({})", cells(layout, &g.cells, "and"), digits(g.digits, "and"));
    let named = |i: usize| Some(format!("{} = {}", letter(i), set(p.sets.get(i)?)));
    let zs: Candidates = p.chains.iter().filter_map(|c| c.nodes.first()).map(|n| n.digit).collect();
    let link = |i: usize| p.chains.first().and_then(|c| c.nodes.get(2 * i + 1)).map(|n| digit(n.digit));
    let gone = removals(layout, &d.eliminations);
    let almost = "each have one digit more than cells";
    Some(match d.technique {
        ids::ALS_XZ => {
            let chain = p.chains.first()?;
            if chain.is_loop() {
                let xs: Candidates = chain.nodes.iter().take(2).map(|n| n.digit).collect();
                format!(
                    "{} and {} {almost}. Both {} link them (their places in the two sets all see each other), so neither set \
                     can hold both, and each set is locked onto its digits: {gone}.",
                    named(0)?,
                    named(1)?,
                    digits(xs, "and")
                )
            } else {
                let (x, z) = (link(0)?, digits(zs, "and"));
                format!(
                    "{} and {} {almost}. Their {x}s all see each other, so at most one set holds {x} and the other is locked onto \
                     its other digits; so A or B holds {z}, and {gone}, as each of these sees every {z} in both.",
                    named(0)?,
                    named(1)?
                )
            }
        }
        ids::ALS_XY_WING | ids::ALS_CHAIN => {
            let n = p.sets.len();
            let z = digits(zs, "and");
            let sets = (0..n).map(named).collect::<Option<Vec<String>>>()?;
            // The walk: A without Z is locked and holds the first link, which the next set then lacks ...
            // For the XY-Wing the sets are A, B, C with C in the middle: A - C - B.
            let order: Vec<usize> = if d.technique == ids::ALS_XY_WING { vec![0, 2, 1] } else { (0..n).collect() };
            let mut steps = vec![format!("if {} holds no {z}, it is locked and holds {}", letter(order[0]), link(0)?)];
            for k in 1..order.len() {
                let into = letter(order[k]);
                if k + 1 < order.len() {
                    steps.push(format!("so {into} holds no {} and holds {}", link(k - 1)?, link(k)?));
                } else {
                    steps.push(format!("so {into} holds no {} and holds {z}", link(k - 1)?));
                }
            }
            let (first, last) = (letter(order[0]), letter(order[order.len() - 1]));
            format!(
                "{} {almost}, linked by digits whose places in neighbouring sets all see each other. {}. So {first} or {last} \
                 holds {z}, and {gone}, as each of these sees every {z} in both.",
                list(&sets, "and"),
                super::capital(&steps.join(", "))
            )
        }
        ids::DEATH_BLOSSOM => {
            let stem = p.sets.first()?;
            let petals: Vec<String> = stem.digits.iter().zip(&p.sets[1..]).map(|(x, g)| format!("{} for {}", set(g), digit(x))).collect();
            let z: Candidates = d.eliminations.iter().map(|e| e.digit).collect();
            let z = digits(z, "and");
            format!(
                "The stem {} holds {}, and each of its digits has a petal, a set with one digit more than cells that loses \
                 that digit if the stem takes it: {}. Whichever digit the stem holds, that petal is locked and holds {z}, so {gone}, \
                 as each of these sees every {z} in every petal.",
                layout.cell_name(*stem.cells.first()?),
                digits(stem.digits, "or"),
                list(&petals, "and")
            )
        }
        ids::SUE_DE_COQ => {
            let [line, bx] = p.base[..] else { return None };
            let [meet, in_line, in_box] = &p.sets[..] else { return None };
            let (line, bx) = (house(layout, line), house(layout, bx));
            let verb = |cells: &[usize]| if cells.len() == 1 { "holds" } else { "hold" };
            // Why two wordings: when the sides share a digit outside the meeting's, the cells
            // have more cells than digits, and the count goes side by side.
            let shared = in_line.digits.intersection(in_box.digits);
            let count = if shared.is_empty() {
                "These cells have as many digits as cells".to_owned()
            } else {
                format!(
                    "Both parts hold {}, which each then places; counting each part's cells against its own digits, these cells take \
                     every digit of the meeting once",
                    digits(shared, "and")
                )
            };
            format!(
                "{}, where {line} meets {bx}, hold {}; {} elsewhere in {line} {} {}, and {} elsewhere in {bx} {} {}. {count}, so {} \
                 stay in {line}'s part and {} in {bx}'s, and the rest of each house loses them: {gone}.",
                cells(layout, &meet.cells, "and"),
                digits(meet.digits, "and"),
                cells(layout, &in_line.cells, "and"),
                verb(&in_line.cells),
                digits(in_line.digits, "and"),
                cells(layout, &in_box.cells, "and"),
                verb(&in_box.cells),
                digits(in_box.digits, "and"),
                digits(in_line.digits, "and"),
                digits(in_box.digits, "and")
            )
        }
        _ => return None,
    })
}
