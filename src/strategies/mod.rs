//! The technique registry and the strategies that implement it.
//!
//! The order of [`REGISTRY`] is policy: it is the default solving order, easiest first.
//! Each entry's id names the strategy everywhere: on the command line (`--strategies x-wing`),
//! in JSON, and in its teaching guide `strategies/x-wing.md`.

use crate::deduction::{Deduction, Elimination};
use crate::grid::{CellSet, Digit, Grid};

mod fish;
mod intersections;
mod singles;
mod subsets;

pub use fish::{basic_fish, x_wing};
pub use intersections::{claiming, pointing};
pub use singles::{full_house, hidden_single, naked_single};
pub use subsets::{hidden_pair, hidden_quad, hidden_triple, naked_pair, naked_quad, naked_triple};

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
    /// A family the technique belongs to (singles, intersections, subsets, fish ...).
    pub family: &'static str,
    /// Difficulty in tenths on a Sudoku-Explainer-like scale: 23 means 2.3.
    pub difficulty: u16,
    pub run: Strategy,
    /// The teaching guide, `strategies/<id>.md`.
    pub guide: &'static str,
}

impl std::fmt::Debug for Technique {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Technique({})", self.id)
    }
}

macro_rules! technique {
    ($id:literal, $name:literal, $family:literal, $difficulty:literal, $run:expr) => {
        Technique {
            id: $id,
            name: $name,
            family: $family,
            difficulty: $difficulty,
            run: $run,
            guide: include_str!(concat!("../../strategies/", $id, ".md")),
        }
    };
}

/// Every technique deduku knows, in default solving order.
pub static REGISTRY: &[Technique] = &[
    technique!("full-house", "Full House", "singles", 10, full_house),
    technique!("hidden-single", "Hidden Single", "singles", 15, hidden_single),
    technique!("naked-single", "Naked Single", "singles", 23, naked_single),
    technique!("pointing", "Pointing", "intersections", 26, pointing),
    technique!("claiming", "Claiming", "intersections", 28, claiming),
    technique!("naked-pair", "Naked Pair", "subsets", 30, naked_pair),
    technique!("x-wing", "X-Wing", "fish", 32, x_wing),
    technique!("hidden-pair", "Hidden Pair", "subsets", 34, hidden_pair),
    technique!("naked-triple", "Naked Triple", "subsets", 36, naked_triple),
    technique!("hidden-triple", "Hidden Triple", "subsets", 40, hidden_triple),
    technique!("naked-quad", "Naked Quad", "subsets", 50, naked_quad),
    technique!("hidden-quad", "Hidden Quad", "subsets", 54, hidden_quad),
];

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

/// The strategies of the whole registry, in default order.
pub fn default_strategies() -> Vec<Strategy> {
    REGISTRY.iter().map(|t| t.run).collect()
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
        .iter()
        .filter(|&cell| grid.has_candidate(cell, digit))
        .map(|cell| Elimination { cell, digit, via: layout.rule_needed(cell, cells.iter()) })
        .collect()
}

/// Calls `visit` with every `k`-element combination of `items` (in lexicographic order)
/// until it returns `Some`.
fn first_combination<T: Copy, R>(items: &[T], k: usize, mut visit: impl FnMut(&[T]) -> Option<R>) -> Option<R> {
    fn go<T: Copy, R>(items: &[T], k: usize, start: usize, chosen: &mut Vec<T>, visit: &mut impl FnMut(&[T]) -> Option<R>) -> Option<R> {
        if chosen.len() == k {
            return visit(chosen);
        }
        let needed = k - chosen.len();
        for i in start..=items.len().saturating_sub(needed) {
            if i >= items.len() {
                break;
            }
            chosen.push(items[i]);
            let found = go(items, k, i + 1, chosen, visit);
            chosen.pop();
            if found.is_some() {
                return found;
            }
        }
        None
    }
    if k == 0 || k > items.len() {
        return None;
    }
    go(items, k, 0, &mut Vec::with_capacity(k), &mut visit)
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
    fn registry_ids_are_unique_and_ordered_by_difficulty() {
        for (i, a) in REGISTRY.iter().enumerate() {
            for b in &REGISTRY[i + 1..] {
                assert_ne!(a.id, b.id);
                assert!(a.difficulty <= b.difficulty, "{} is listed before the easier {}", a.id, b.id);
            }
        }
    }
}
