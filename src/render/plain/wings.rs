//! Plain sentences for the wings:
//!
//! - XY-Wing: `r6c7 holds only 1 and 5: if it is 1, r5c9 (1 or 2) is 2, and if it is 5, r9c7
//!   (2 or 5) is 2. Either way one of r5c9 and r9c7 is 2, so r9c9 cannot be 2.`
//! - XYZ-Wing: `r8c1 holds 3, 6 or 7, r8c6 holds 3 or 7, and r9c2 holds 3 or 6. Whatever r8c1
//!   holds, one of these three cells is 3, so r8c2 and r8c3 cannot be 3.`
//! - WXYZ-Wing: `r2c9, r1c7, r4c9 and r5c9 hold only 2, 6, 7 and 9 between them, and every
//!   digit but 6 can be there at most once, as its cells see each other; so one of them is 6,
//!   and r3c9 cannot be 6.`
//! - W-Wing: `r1c7 and r5c9 both hold only 1 and 2, and column 5 has its 2 only in r1c5 and
//!   r5c5. So if r1c7 is not 1, then r1c7 is 2, ..., so r5c9 is 1: r1c7 is 1 or r5c9 is 1,
//!   and either way r1c9 cannot be 1.`
//!
//! Read from the pattern: every cell's candidates are a set (the pivot's first when there is
//! one, as `fins`), the removed digit is the wing's; a W-Wing walks its chain, whose
//! conjugate pair's house is `base[0]`.

use super::{cells, digit, digits, ends, house, list, removals, walk};
use crate::deduction::{CellGroup, Deduction};
use crate::grid::Candidates;
use crate::layout::Layout;
use crate::strategies::ids;

pub(super) fn explain(layout: &Layout, d: &Deduction) -> Option<String> {
    let p = &d.pattern;
    let gone = removals(layout, &d.eliminations);
    let z = d.eliminations.first()?.digit;
    let cell = |g: &CellGroup| g.cells.first().map(|&c| layout.cell_name(c));
    let holds = |g: &CellGroup| Some(format!("{} holds {}", cell(g)?, digits(g.digits, "or")));
    match d.technique {
        ids::XY_WING => {
            let [pivot, pincers @ ..] = &p.sets[..] else { return None };
            let cases = pincers
                .iter()
                .map(|g| {
                    let x = g.digits.intersection(pivot.digits).difference(Candidates::single(z)).iter().next()?;
                    Some(format!("if it is {}, {} ({}) is {}", digit(x), cell(g)?, digits(g.digits, "or"), digit(z)))
                })
                .collect::<Option<Vec<String>>>()?;
            let names = pincers.iter().map(cell).collect::<Option<Vec<String>>>()?;
            Some(format!(
                "{} holds only {}: {}. Either way one of {} is {}, so {gone}.",
                cell(pivot)?,
                digits(pivot.digits, "and"),
                cases.join(", and "),
                list(&names, "and"),
                digit(z)
            ))
        }
        ids::XYZ_WING => {
            let said = p.sets.iter().map(holds).collect::<Option<Vec<String>>>()?;
            Some(format!(
                "{}. Whatever {} holds, one of these {} cells is {}, so {gone}.",
                list(&said, "and"),
                cell(p.sets.first()?)?,
                p.sets.len(),
                digit(z)
            ))
        }
        ids::WXYZ_WING => {
            let all: Vec<usize> = p.sets.iter().flat_map(|g| g.cells.iter().copied()).collect();
            let union = p.sets.iter().fold(Candidates::EMPTY, |acc, g| acc.union(g.digits));
            Some(format!(
                "{} hold only {} between them, and every digit but {z} can be there at most once, as its cells see each other; \
                 so one of them is {z}, and {gone}.",
                cells(layout, &all, "and"),
                digits(union, "and"),
                z = digit(z)
            ))
        }
        ids::W_WING => {
            let c = p.chains.first()?;
            let node = |i: usize| c.nodes.get(i).and_then(|n| n.cells.first().copied());
            let (a, b) = (node(0)?, node(5)?);
            let x = digit(c.nodes.get(1)?.digit);
            Some(format!(
                "{} both hold only {}, and {} has its {x} only in {}. So {}: {}, and either way {gone}.",
                cells(layout, &[a, b], "and"),
                digits(p.digits, "and"),
                house(layout, *p.base.first()?),
                cells(layout, &[node(2)?, node(3)?], "and"),
                walk(layout, c)?.text,
                ends(layout, c)?
            ))
        }
        _ => None,
    }
}
