//! Helpers the family test modules share: positions built from a few constraints, and
//! running one strategy or search to read back what it printed.

use std::sync::Arc;

use crate::deduction::Deduction;
use crate::formats::parse_candidate_line;
use crate::grid::{Candidates, CellSet, Digit, Grid};
use crate::layout::Layout;
use crate::render::text;
use crate::rules::{Rule, Rules};
use crate::strategies::{Finder, Finds, fire};

/// A 9x9 position where every cell is empty with every candidate, except that in each
/// listed house (`"r1"`, `"c8"`, `"b4"`) `digit` is kept only in the listed columns /
/// rows / box positions (1-based): `("r1", &[2, 8])` keeps it in r1c2 and r1c8.
pub(crate) fn position(rules: Rules, digit: Digit, houses: &[(&str, &[usize])]) -> Grid {
    let layout = Arc::new(Layout::classic(rules));
    let mut without = CellSet::new();
    for &(name, keep) in houses {
        let house = layout.houses().iter().find(|h| h.short_name() == name).expect("a house name");
        for (i, &cell) in house.cells.iter().enumerate() {
            if !keep.contains(&(i + 1)) {
                without.insert(cell);
            }
        }
    }
    let tokens: Vec<String> = (0..81)
        .map(|cell| {
            let all = Candidates::all(9);
            let set = if without.contains(cell) { all.difference(Candidates::single(digit)) } else { all };
            set.iter().map(|d| char::from(b'0' + d)).collect()
        })
        .collect();
    parse_candidate_line(&tokens.join(" "), layout).unwrap()
}

/// The effect and the sentence of what `strategy` deduces first, if it fires.
pub(crate) fn run(mut grid: Grid, strategy: fn(&mut Grid) -> bool) -> Option<(String, String)> {
    if !strategy(&mut grid) {
        return None;
    }
    let step = grid.journal().last().unwrap();
    Some((text::effect(grid.layout(), step), text::explain(grid.layout(), step)))
}

pub(crate) fn knight() -> Rules {
    Rules::classic().with(Rule::AntiKnight)
}

pub(crate) fn king() -> Rules {
    Rules::classic().with(Rule::AntiKing)
}

/// Defines, for a test module, a strategy function per technique (as the registry builds it
/// from the technique's search): `by_id!(x_wing = X_WING)` gives `fn x_wing(&mut Grid) -> bool`.
macro_rules! by_id {
    ($($name:ident = $id:ident),* $(,)?) => {
        $(
            fn $name(grid: &mut crate::grid::Grid) -> bool {
                (crate::strategies::by_id(crate::strategies::ids::$id).expect("a registered technique").run)(grid)
            }
        )*
    };
}
pub(crate) use by_id;

/// The effect and the sentence of the first instance `find` offers, if any: the step its
/// technique takes.
pub(crate) fn first(mut grid: Grid, find: Finder) -> Option<(String, String)> {
    if !fire(&mut grid, find) {
        return None;
    }
    let step = grid.journal().last().unwrap();
    Some((text::effect(grid.layout(), step), text::explain(grid.layout(), step)))
}

/// The effect of every instance `find` offers when asked for them all, in order.
pub(crate) fn every(grid: &Grid, find: Finder) -> Vec<String> {
    all(grid, find).iter().map(|d| text::effect(grid.layout(), d)).collect()
}

/// The sentence of every instance `find` offers when asked for them all, in order.
pub(crate) fn sentences(grid: &Grid, find: Finder) -> Vec<String> {
    all(grid, find).iter().map(|d| text::explain(grid.layout(), d)).collect()
}

/// Every instance `find` offers when asked for them all, in order.
pub(crate) fn all(grid: &Grid, find: Finder) -> Vec<Deduction> {
    let mut finds = Finds::every();
    find(grid, &mut finds);
    finds.into_vec()
}
