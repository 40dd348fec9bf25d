//! The technique registry and the strategies that implement it.
//!
//! The order of [`REGISTRY`] is policy: it is the default solving order, easiest first.
//! Each entry's id names the strategy everywhere: on the command line (`--strategies x-wing`),
//! in JSON, and in its teaching guide `strategies/x-wing.md`.

use std::sync::LazyLock;

use crate::deduction::{Deduction, Elimination};
use crate::grid::{CellSet, Digit, Grid};

/// A strategy: finds one instance of its pattern and, if it finds one, applies the
/// [`Deduction`] with [`Grid::apply`] and returns true.
pub type Strategy = fn(&mut Grid) -> bool;

/// One technique of the registry.
#[derive(Clone, Copy)]
pub struct Technique {
    /// The id used on the command line, in JSON and as the guide's file name.
    pub id: &'static str,
    /// The name shown to people.
    pub name: &'static str,
    /// The family the technique belongs to (see [`FAMILIES`]).
    pub family: &'static str,
    /// Difficulty in tenths on a Sudoku-Explainer-like scale: 23 means 2.3.
    pub difficulty: u16,
    pub run: Strategy,
    /// The teaching guide, `strategies/<id>.md`.
    pub guide: &'static str,
    /// Whether the default solver uses it (a few exotic ones are available by id only).
    pub default: bool,
    /// Whether it relies on the puzzle having a unique solution.
    pub uniqueness: bool,
}

impl std::fmt::Debug for Technique {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Technique({})", self.id)
    }
}

impl Technique {
    /// The difficulty as shown to people: `3.2`.
    pub fn difficulty_text(&self) -> String {
        format!("{}.{}", self.difficulty / 10, self.difficulty % 10)
    }
}

/// A registry entry, with its guide `strategies/<id>.md` embedded. Family files list their
/// techniques with it; the registry gathers them.
macro_rules! technique {
    ($id:literal, $name:literal, $family:literal, $difficulty:literal, $run:expr) => {
        $crate::strategies::Technique {
            id: $id,
            name: $name,
            family: $family,
            difficulty: $difficulty,
            run: $run,
            guide: include_str!(concat!("../../strategies/", $id, ".md")),
            default: true,
            uniqueness: false,
        }
    };
}

mod als;
mod chains;
mod coloring;
mod fish;
mod forcing;
mod intersections;
mod memo;
mod single_digit;
mod singles;
mod subsets;
#[cfg(test)]
mod test_support;
mod uniqueness;
mod wings;

pub use fish::{basic_fish, x_wing};
pub use intersections::{claiming, pointing};
pub use singles::{full_house, hidden_single, naked_single};
pub use subsets::{hidden_pair, hidden_quad, hidden_triple, naked_pair, naked_quad, naked_triple};

/// The families, in the order their techniques are listed when difficulties tie.
pub const FAMILIES: [&str; 11] = [
    "singles",
    "intersections",
    "subsets",
    "fish",
    "single-digit",
    "wings",
    "uniqueness",
    "coloring",
    "chains",
    "als",
    "forcing",
];

/// Every technique deduku knows, in default solving order: easiest first (by difficulty,
/// then family order).
pub static REGISTRY: LazyLock<Vec<Technique>> = LazyLock::new(|| {
    let families = [
        singles::TECHNIQUES,
        intersections::TECHNIQUES,
        subsets::TECHNIQUES,
        fish::TECHNIQUES,
        single_digit::TECHNIQUES,
        wings::TECHNIQUES,
        uniqueness::TECHNIQUES,
        coloring::TECHNIQUES,
        chains::TECHNIQUES,
        als::TECHNIQUES,
        forcing::TECHNIQUES,
    ];
    let mut all: Vec<Technique> = families.iter().flat_map(|f| f.iter().copied()).collect();
    all.sort_by_key(|t| t.difficulty);
    all
});

/// The technique with this id.
pub fn by_id(id: &str) -> Option<&'static Technique> {
    REGISTRY.iter().find(|t| t.id == id)
}

/// The display name for a technique id (also for the search pseudo-techniques).
pub fn name_of(id: &str) -> &'static str {
    match id {
        crate::deduction::BACKTRACKING => "Backtracking",
        crate::deduction::GUESS => "Guess",
        _ => by_id(id).map_or("Unknown technique", |t| t.name),
    }
}

/// The strategies the default solver uses, in default order.
pub fn default_strategies() -> Vec<Strategy> {
    REGISTRY.iter().filter(|t| t.default).map(|t| t.run).collect()
}

/// Applies a found deduction, if any: the tail of every strategy.
fn fire(grid: &mut Grid, found: Option<Deduction>) -> bool {
    match found {
        Some(deduction) => {
            grid.apply(deduction);
            true
        }
        None => false,
    }
}

/// Removes `digit` from every cell that sees all of `cells` (which must hold `digit` wherever
/// it ends up in them) and still has it as a candidate. Each removal names the variant rule
/// it needs, if a shared house does not already explain it.
fn eliminate_seeing_all(grid: &Grid, cells: &CellSet, digit: Digit) -> Vec<Elimination> {
    let layout = grid.layout();
    layout
        .common_peers(cells.iter())
        .intersection(grid.digit_cells(digit))
        .iter()
        .map(|cell| Elimination { cell, digit, via: layout.rule_needed(cell, cells.iter()) })
        .collect()
}

/// Calls `visit` with every `k`-element combination of `items` (in lexicographic order)
/// until it returns `Some`.
fn first_combination<T: Copy, R>(items: &[T], k: usize, mut visit: impl FnMut(&[T]) -> Option<R>) -> Option<R> {
    /// The most items a combination may have (a stack buffer holds the chosen ones).
    const MAX: usize = 16;
    fn go<T: Copy, R>(
        items: &[T],
        k: usize,
        start: usize,
        chosen: &mut [T; MAX],
        len: usize,
        visit: &mut impl FnMut(&[T]) -> Option<R>,
    ) -> Option<R> {
        if len == k {
            return visit(&chosen[..k]);
        }
        let needed = k - len;
        for i in start..=items.len() - needed {
            chosen[len] = items[i];
            let found = go(items, k, i + 1, chosen, len + 1, visit);
            if found.is_some() {
                return found;
            }
        }
        None
    }
    if k == 0 || k > items.len() {
        return None;
    }
    assert!(k <= MAX, "combinations of more than {MAX} items");
    go(items, k, 0, &mut [items[0]; MAX], 0, &mut visit)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn combinations_are_all_visited_in_order() {
        let mut seen = Vec::new();
        let none: Option<()> = first_combination(&[1, 2, 3, 4], 2, |c| {
            seen.push(c.to_vec());
            None
        });
        assert!(none.is_none());
        assert_eq!(seen, vec![vec![1, 2], vec![1, 3], vec![1, 4], vec![2, 3], vec![2, 4], vec![3, 4]]);
        assert_eq!(first_combination(&[1, 2, 3], 3, |c| Some(c.to_vec())), Some(vec![1, 2, 3]));
        assert_eq!(first_combination(&[1, 2], 3, |c| Some(c.to_vec())), None);
    }

    #[test]
    fn every_family_is_known() {
        for t in REGISTRY.iter() {
            assert!(FAMILIES.contains(&t.family), "{} has the unknown family {}", t.id, t.family);
        }
    }

    #[test]
    fn registry_ids_are_unique_and_ordered_by_difficulty() {
        for (i, a) in REGISTRY.iter().enumerate() {
            for b in &REGISTRY[i + 1..] {
                assert_ne!(a.id, b.id);
                assert!(a.difficulty <= b.difficulty, "{} is listed before the easier {}", a.id, b.id);
            }
        }
    }
}
