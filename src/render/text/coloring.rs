//! Sentences for the coloring family:
//!
//! - `Simple Colors (trap): 6 colours r1c2,r5c8 / r1c8,r6c2 => r6c8<>6`
//! - `Simple Colors (wrap): 6 colour r1c2,r1c7 see each other => r1c2<>6, r1c7<>6, r5c4<>6`
//! - `Multi Colors (wrap): 2 colours r1c2,r5c5 / r2c4 and r1c7 / r4c2; r1c2 sees r1c7 and r4c2 => r1c2<>2, r5c5<>2`
//! - `Multi Colors (trap): 2 colours r1c2,r5c5 / r2c4 and r1c7 / r4c2; r1c2 sees r1c7 => r3c4<>2`
//!
//! Everything is read back from the pattern: colours 0/1 are the first cluster, 2/3 the
//! second; for Multi Colors the proof starts from colour 0 (see `strategies::coloring`).

use super::{cells, effect};
use crate::deduction::Deduction;
use crate::grid::CellSet;
use crate::layout::{CellId, Layout};
use crate::strategies::ids;

/// Colour lists longer than this are shortened to the cells the proof uses.
const LONG: usize = 6;

/// What a colouring step rests on, read back from its pattern (shared with `render::plain`).
pub(in crate::render) struct Proof {
    /// The colour classes 0 to 3 (2 and 3 empty for Simple Colors).
    pub classes: Vec<CellSet>,
    /// Whether a colour is proven false (wrap), rather than cells seeing both colours (trap).
    pub wrap: bool,
    /// The cells that show it: a Simple Colors wrap's two cells of one colour that see each
    /// other; a Multi Colors cell of colour 0 and the cell of colour 2 it sees (trap), or the
    /// cells of colours 2 and 3 it sees (wrap). Empty for a Simple Colors trap.
    pub seeing: Vec<CellId>,
}

/// The proof of a colouring step, or `None` if the pattern does not hold one.
pub(in crate::render) fn proof(layout: &Layout, d: &Deduction) -> Option<Proof> {
    let p = &d.pattern;
    let class = |color: u8| -> CellSet { p.colors.iter().filter(|c| c.color == color).map(|c| c.cell).collect() };
    let classes: Vec<CellSet> = (0..4).map(class).collect();
    let colored: CellSet = p.colors.iter().map(|c| c.cell).collect();
    let wrap = d.eliminations.iter().all(|e| colored.contains(e.cell));
    // A cell of `set` that `a` sees, preferring one in a shared house (as detection does).
    let sees = |a: CellId, set: &CellSet| {
        let mut seen = set.iter().filter(|&b| layout.sees(a, b));
        let first = seen.next()?;
        Some(std::iter::once(first).chain(seen).find(|&b| layout.relation(a, b).1.is_none()).unwrap_or(first))
    };
    let by_house = |a: CellId, b: CellId| layout.relation(a, b).1.is_none();
    let seeing = match d.technique {
        ids::SIMPLE_COLORS if wrap => {
            let target = d.eliminations.first()?.cell;
            let false_class = classes.iter().find(|set| set.contains(target))?;
            let pairs: Vec<(CellId, CellId)> = false_class.iter().filter_map(|a| sees(a, false_class).map(|b| (a, b))).collect();
            let &(a, b) = pairs.iter().find(|&&(a, b)| by_house(a, b)).or(pairs.first())?;
            vec![a, b]
        }
        ids::SIMPLE_COLORS => Vec::new(),
        ids::MULTI_COLORS if wrap => {
            let triples: Vec<(CellId, CellId, CellId)> =
                classes[0].iter().filter_map(|x| Some((x, sees(x, &classes[2])?, sees(x, &classes[3])?))).collect();
            let &(x, y, z) = triples.iter().find(|&&(x, y, z)| by_house(x, y) && by_house(x, z)).or(triples.first())?;
            vec![x, y, z]
        }
        ids::MULTI_COLORS => {
            let pairs: Vec<(CellId, CellId)> = classes[0].iter().filter_map(|x| sees(x, &classes[2]).map(|y| (x, y))).collect();
            let &(x, y) = pairs.iter().find(|&&(x, y)| by_house(x, y)).or(pairs.first())?;
            vec![x, y]
        }
        _ => return None,
    };
    Some(Proof { classes, wrap, seeing })
}

pub(super) fn explain(layout: &Layout, d: &Deduction) -> Option<String> {
    let digit = crate::formats::digit_char(d.pattern.digits.iter().next()?);
    let Proof { classes, wrap, seeing } = proof(layout, d)?;
    let targets: Vec<CellId> = d.eliminations.iter().map(|e| e.cell).collect();
    // A colour class, shortened to the cells some target (or `keep`) sees when it is long.
    let list = |set: &CellSet, keep: &[CellId]| -> String {
        let all: Vec<CellId> = set.iter().collect();
        if all.len() <= LONG {
            return cells(layout, &all);
        }
        let shown: Vec<CellId> =
            all.iter().copied().filter(|&c| keep.contains(&c) || targets.iter().any(|&t| t != c && layout.sees(t, c))).take(LONG - 1).collect();
        format!("{},+{} more", cells(layout, &shown), all.len() - shown.len())
    };
    let name = |c: CellId| layout.cell_name(c);
    match (d.technique, &seeing[..]) {
        (ids::SIMPLE_COLORS, &[a, b]) => {
            Some(format!("Simple Colors (wrap): {digit} colour {} see each other => {}", cells(layout, &[a, b]), effect(layout, d)))
        }
        (ids::SIMPLE_COLORS, _) => Some(format!(
            "Simple Colors (trap): {digit} colours {} / {} => {}",
            list(&classes[0], &[]),
            list(&classes[1], &[]),
            effect(layout, d)
        )),
        (ids::MULTI_COLORS, _) => {
            let proof = match seeing[..] {
                [x, y, z] => format!("{} sees {} and {}", name(x), name(y), name(z)),
                [x, y] => format!("{} sees {}", name(x), name(y)),
                _ => return None,
            };
            Some(format!(
                "Multi Colors ({}): {digit} colours {} / {} and {} / {}; {proof} => {}",
                if wrap { "wrap" } else { "trap" },
                list(&classes[0], &seeing),
                list(&classes[1], &seeing),
                list(&classes[2], &seeing),
                list(&classes[3], &seeing),
                effect(layout, d)
            ))
        }
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::deduction::{Colored, Elimination, Pattern};
    use crate::grid::Candidates;
    use crate::rules::Rules;

    #[test]
    fn long_colours_are_shortened_to_the_cells_the_eliminations_see() {
        let layout = Layout::classic(Rules::classic());
        let name = |r: usize, c: usize| layout.cell(r - 1, c - 1);
        // Colour 0: eight cells, r9c1 sees two of them (r1c1 and r9c5); colour 1: two cells.
        let zero = [(1, 1), (2, 4), (3, 7), (4, 2), (5, 5), (6, 8), (7, 3), (9, 5)];
        let one = [(8, 1), (8, 9)];
        let mut colors: Vec<Colored> = zero.iter().map(|&(r, c)| Colored { cell: name(r, c), digit: 4, color: 0 }).collect();
        colors.extend(one.iter().map(|&(r, c)| Colored { cell: name(r, c), digit: 4, color: 1 }));
        let pattern = Pattern { digits: Candidates::single(4), colors, ..Pattern::default() };
        let d = Deduction::elimination(ids::SIMPLE_COLORS, vec![Elimination { cell: name(9, 1), digit: 4, via: None }], pattern);
        assert_eq!(
            explain(&layout, &d).unwrap(),
            "Simple Colors (trap): 4 colours r1c1,r7c3,r9c5,+5 more / r8c1,r8c9 => r9c1<>4"
        );
    }
}
