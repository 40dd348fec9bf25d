//! Plain sentences for the fish, plain and finned alike:
//!
//! - `Rows 6 and 9 have their 6s only in columns 3 and 5, so these 2 columns get their 6s
//!   from those rows: r5c3 and r8c3 cannot be 6; r8c5 cannot be 6.`
//! - `Rows 6 and 8 have their 1s only in columns 6 and 8, apart from the fin r8c7. Either the
//!   fin is 1, or columns 6 and 8 get their 1s from those rows; either way r7c8 cannot be 1.`
//! - `Row 5, row 9 and box 7 have their 3s only in column 3, column 5 and box 9, apart from
//!   the fin r8c2. ...` (franken and mutant fish name each house)
//!
//! Why it holds: the base houses need as many copies of the digit as there are covers, and
//! each cover takes one at most, so every cover's copy comes from the base. Read from the
//! pattern: the digit, `base`, `cover` and `fins`; a removal of a finned fish sees every fin.

use super::{cells, digit, houses, kind_plural, removals};
use crate::deduction::Deduction;
use crate::layout::Layout;

pub(super) fn explain(layout: &Layout, d: &Deduction) -> Option<String> {
    let p = &d.pattern;
    if p.base.is_empty() || p.cover.is_empty() {
        return None;
    }
    let n = digit(p.digits.iter().next()?);
    let mut base = houses(layout, &p.base);
    base[..1].make_ascii_uppercase();
    let cover = houses(layout, &p.cover);
    let gone = removals(layout, &d.eliminations);
    // `these 2 columns` when the covers are of one kind, else `these 3 houses`.
    let covers = format!("these {} {}", p.cover.len(), kind_plural(layout, &p.cover).unwrap_or("houses"));
    let finned = match p.fins.len() {
        0 => return Some(format!("{base} have their {n}s only in {cover}, so {covers} get their {n}s from them: {gone}.")),
        1 => format!("the fin {}", cells(layout, &p.fins, "and")),
        _ => format!("the fins {}", cells(layout, &p.fins, "and")),
    };
    let either = if p.fins.len() == 1 { "the fin is" } else { "a fin is" };
    Some(format!(
        "{base} have their {n}s only in {cover}, apart from {finned}. Either {either} {n}, or {covers} get their {n}s from {base_lower}; \
         either way {gone}, as each of these cells sees every fin.",
        base_lower = houses(layout, &p.base)
    ))
}
