//! The technique registry and the strategies that implement it.
//!
//! The order of [`REGISTRY`] is policy: it is the default solving order, easiest first.
//! Each entry's id names the strategy everywhere: on the command line (`--strategies x-wing`),
//! in JSON, and in its teaching guide `strategies/x-wing.md`.

use std::sync::LazyLock;

use crate::bits::ones;
use crate::deduction::{Deduction, Elimination};
use crate::grid::{CellSet, Digit, Grid};

pub use crate::grid::Strategy;

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
mod caches;
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

/// The most items [`choose_within`] may choose.
const MAX_CHOICE: usize = 4;

/// Calls `visit` with each choice of `min` to `max` (at most [`MAX_CHOICE`]) of `items`
/// (`(id, mask)`, in order) whose `k` masks together have at most `k` bits and which includes
/// an item of `needed` (bits over item indices), passing the chosen ids and the union of their
/// masks, until it returns true. The choices of each size come in lexicographic order; a
/// branch stops as soon as its union has more than `max` bits, or more bits than it can
/// still reach items (or fewer items than `min` are in reach). Returns whether `visit`
/// stopped it. Masks use their low 16 bits (bit 31 must be clear).
///
/// Fish choose base lines whose candidates fit in as many cover lines; naked subsets choose
/// cells whose candidates are as many digits; hidden subsets choose digits whose places are
/// as many cells.
fn choose_within(items: &[(usize, u32)], min: usize, max: usize, needed: u32, visit: &mut impl FnMut(&[usize], u32) -> bool) -> bool {
    assert!(max <= MAX_CHOICE, "choices of more than {MAX_CHOICE} items");
    let len = items.len();
    // Why a loop rather than recursion: this runs for every house and digit after every
    // step, and the calls cost as much as the work. Per depth: the next item to try, and the
    // union of the chosen masks (depth 0: nothing chosen, which is never visited), whose
    // bit `NEEDED` says whether a needed item is among them (`ones` counts the low 16 bits
    // only, so the mark does not count as a bit of the union).
    const NEEDED: u32 = 1 << 31;
    let mut chosen = [0usize; MAX_CHOICE];
    let mut next_item = [0usize; MAX_CHOICE + 1];
    let mut unions = [0u32; MAX_CHOICE + 1];
    let mut depth = 0;
    loop {
        let i = next_item[depth];
        // Why: choosing item `i` leaves `len - i - 1` items to add, so every choice below
        // has at most `depth + len - i` items, and needs at least as many (and at least
        // `min`) for its union. Once no needed item is left, no choice from here on can
        // hold one.
        if depth == max || i >= len || depth + len - i < min || (unions[depth] & NEEDED == 0 && needed >> i == 0) {
            if depth == 0 {
                return false;
            }
            depth -= 1;
            continue;
        }
        next_item[depth] = i + 1;
        let union = unions[depth] | items[i].1 | (needed >> i & 1) << 31;
        let bits = ones(union);
        if bits > max.min(depth + len - i) {
            continue;
        }
        chosen[depth] = items[i].0;
        depth += 1;
        unions[depth] = union;
        next_item[depth] = i + 1;
        if depth >= min && union & NEEDED != 0 && bits <= depth && visit(&chosen[..depth], union & !NEEDED) {
            return true;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn choices_fitting_their_size_are_visited_in_order() {
        // Masks of one bit each: every pair fits in two bits.
        let items = [(10, 0b1), (11, 0b10), (12, 0b100), (13, 0b1000)];
        let mut seen = Vec::new();
        let stopped = choose_within(&items, 2, 2, u32::MAX, &mut |ids, _| {
            seen.push(ids.to_vec());
            false
        });
        assert!(!stopped);
        assert_eq!(seen, vec![vec![10, 11], vec![10, 12], vec![10, 13], vec![11, 12], vec![11, 13], vec![12, 13]]);
        // Only the choices whose union has no more bits than items: {0, 1}, {1, 3} and {2, 3}.
        let items = [(0, 0b11), (1, 0b10), (2, 0b1100), (3, 0b100), (4, 0b10001)];
        seen.clear();
        choose_within(&items, 2, 2, u32::MAX, &mut |ids, union| {
            seen.push(vec![ids[0], ids[1], union as usize]);
            false
        });
        assert_eq!(seen, vec![vec![0, 1, 0b11], vec![1, 3, 0b110], vec![2, 3, 0b1100]]);
        // Sizes 1 to 3 that hold item 2 (the `needed` one), stopping at the first. The walk is
        // depth first, so {1, 2, 3} (whose first two do not fit in two bits) precedes {2, 3}.
        let mut first = None;
        let stopped = choose_within(&items, 1, 3, 0b100, &mut |ids, _| {
            first = Some(ids.to_vec());
            true
        });
        assert!(stopped);
        assert_eq!(first, Some(vec![1, 2, 3]));
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
