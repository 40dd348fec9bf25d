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
    /// The id used on the command line, in JSON and as the guide's file name (one of [`ids`]).
    pub id: &'static str,
    /// The name shown to people.
    pub name: &'static str,
    /// The family the technique belongs to.
    pub family: Family,
    /// Difficulty in tenths on a Sudoku-Explainer-like scale: 23 means 2.3.
    pub difficulty: u16,
    /// The strategy: applies the first instance found, if any.
    pub run: Strategy,
    /// The search behind it: offers each instance it finds to a [`Finds`], which says when
    /// to stop ([`find_all`] lists them all).
    pub find: Finder,
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

/// A family of techniques: one file of this module each, and one style of sentence.
///
/// The declaration order is policy: it breaks difficulty ties in [`REGISTRY`] (`Ord` follows it).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Family {
    /// Full House, Naked Single, Hidden Single.
    Singles,
    /// Pointing and Claiming (box/line reduction).
    Intersections,
    /// Techniques that read what variant rules add beyond houses and peers: links between
    /// candidates, required digits, cages and sums, thermometers, lines, outside clues.
    Rules,
    /// Naked and hidden pairs, triples and quads.
    Subsets,
    /// X-Wing, Swordfish, Jellyfish; their finned, sashimi, Franken and Mutant forms.
    Fish,
    /// Skyscraper, 2-String Kite, Turbot Fish, Empty Rectangle; Template Set and Template
    /// Delete.
    SingleDigit,
    /// XY-Wing, XYZ-Wing, W-Wing, WXYZ-Wing.
    Wings,
    /// Unique and avoidable rectangles, BUG+1: sound only for a puzzle with one solution.
    Uniqueness,
    /// Simple Colors and Multi Colors.
    Coloring,
    /// Remote Pair, X-Chain, XY-Chain, nice loops, AIC and their grouped forms.
    Chains,
    /// Almost locked sets: Sue de Coq, ALS-XZ, ALS-XY-Wing, ALS Chain, Death Blossom.
    Als,
    /// Forcing chains and forcing nets, the last resorts before guessing.
    Forcing,
}

impl Family {
    /// Every family, in order.
    pub const ALL: [Family; 12] = [
        Family::Singles,
        Family::Intersections,
        Family::Rules,
        Family::Subsets,
        Family::Fish,
        Family::SingleDigit,
        Family::Wings,
        Family::Uniqueness,
        Family::Coloring,
        Family::Chains,
        Family::Als,
        Family::Forcing,
    ];

    /// The id shown to people (`--list-strategies`): `single-digit`.
    pub const fn id(self) -> &'static str {
        match self {
            Family::Singles => "singles",
            Family::Intersections => "intersections",
            Family::Rules => "rules",
            Family::Subsets => "subsets",
            Family::Fish => "fish",
            Family::SingleDigit => "single-digit",
            Family::Wings => "wings",
            Family::Uniqueness => "uniqueness",
            Family::Coloring => "coloring",
            Family::Chains => "chains",
            Family::Als => "als",
            Family::Forcing => "forcing",
        }
    }
}

impl std::fmt::Display for Family {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.pad(self.id())
    }
}

/// The techniques of one family, declared once in its file. It yields there a module `ids`
/// with a constant per id (all gathered in [`ids`]), and `TECHNIQUES`, the family's registry
/// entries with their guides `strategies/<id>.md` embedded:
///
/// ```text
/// techniques! {
///     family: Fish;
///     X_WING = "x-wing", "X-Wing", 32, x_wing;
///     FRANKEN_FISH = "franken-fish", "Franken Fish", 62, franken_fish, [off_by_default];
/// }
/// ```
///
/// Each line: the id's constant (the id in upper case, `-` as `_`: checked at compile
/// time), the id, the name, the difficulty, the search (a [`Finder`]; the strategy that
/// applies its first instance is made from it), and optional flags:
/// `off_by_default` (not in the default solver, available by id only) and `uniqueness`
/// (relies on the puzzle having a unique solution). An unknown flag does not compile.
macro_rules! techniques {
    (family: $family:ident; $($konst:ident = $id:literal, $name:literal, $difficulty:literal, $run:expr $(, [$($flag:ident),*])?;)*) => {
        /// The ids of this family's techniques (all families': [`crate::strategies::ids`]).
        pub mod ids {
            $(
                #[doc = concat!("The id of ", $name, ".")]
                pub const $konst: &str = $id;
                const _: () = assert!($crate::strategies::spells(stringify!($konst), $id), concat!(stringify!($konst), " does not spell ", $id));
            )*
        }

        /// The family's registry entries.
        pub(super) static TECHNIQUES: &[$crate::strategies::Technique] = &[$(
            $crate::strategies::Technique {
                id: ids::$konst,
                name: $name,
                family: $crate::strategies::Family::$family,
                difficulty: $difficulty,
                run: {
                    fn run(grid: &mut $crate::grid::Grid) -> bool {
                        $crate::strategies::fire(grid, $run)
                    }
                    run
                },
                find: $run,
                guide: include_str!(concat!("../../strategies/", $id, ".md")),
                default: !techniques!(@has off_by_default; $($($flag)*)?),
                uniqueness: techniques!(@has uniqueness; $($($flag)*)?),
            },
        )*];
    };
    // Whether the flag before `;` is among those after it; any other word there fails to match.
    (@has $want:ident;) => { false };
    (@has off_by_default; off_by_default $($rest:ident)*) => { true };
    (@has uniqueness; uniqueness $($rest:ident)*) => { true };
    (@has $want:ident; off_by_default $($rest:ident)*) => { techniques!(@has $want; $($rest)*) };
    (@has $want:ident; uniqueness $($rest:ident)*) => { techniques!(@has $want; $($rest)*) };
}

/// Whether `name` is `id` in upper case with `_` for `-` (`X_WING` for `x-wing`): what
/// [`techniques!`] checks each id constant's name against.
const fn spells(name: &str, id: &str) -> bool {
    let (name, id) = (name.as_bytes(), id.as_bytes());
    if name.len() != id.len() {
        return false;
    }
    let mut i = 0;
    while i < name.len() {
        let want = if id[i] == b'-' { b'_' } else { id[i].to_ascii_uppercase() };
        if name[i] != want {
            return false;
        }
        i += 1;
    }
    true
}

mod als;
mod cages;
mod innies;
pub mod cases;
mod caches;
mod chains;
mod clues;
mod coloring;
mod entropic;
mod fish;
mod forcing;
mod intersections;
mod memo;
mod renbans;
mod rules;
mod single_digit;
mod templates;
mod singles;
mod subsets;
mod sums;
mod thermometers;
#[cfg(test)]
mod test_support;
mod uniqueness;
mod wings;

pub use fish::basic_fish;
pub use singles::{full_house, hidden_single, naked_single};

/// Every technique id as a constant, `ids::X_WING` being `"x-wing"`: code names techniques
/// through these, so a misspelt id does not compile. Each family file declares its own with
/// the private macro `techniques!`.
pub mod ids {
    pub use super::als::ids::*;
    pub use super::cages::ids::*;
    pub use super::innies::ids::*;
    pub use super::chains::ids::*;
    pub use super::clues::ids::*;
    pub use super::coloring::ids::*;
    pub use super::fish::ids::*;
    pub use super::forcing::ids::*;
    pub use super::intersections::ids::*;
    pub use super::rules::ids::*;
    pub use super::single_digit::ids::*;
    pub use super::templates::ids::*;
    pub use super::singles::ids::*;
    pub use super::subsets::ids::*;
    pub use super::sums::ids::*;
    pub use super::entropic::ids::*;
    pub use super::renbans::ids::*;
    pub use super::thermometers::ids::*;
    pub use super::uniqueness::ids::*;
    pub use super::wings::ids::*;
}

/// Every technique deduku knows, in default solving order: easiest first (by difficulty,
/// then [`Family`] order, then the order of the family file).
pub static REGISTRY: LazyLock<Vec<Technique>> = LazyLock::new(|| {
    let families = [
        singles::TECHNIQUES,
        intersections::TECHNIQUES,
        rules::TECHNIQUES,
        cages::TECHNIQUES,
        innies::TECHNIQUES,
        thermometers::TECHNIQUES,
        renbans::TECHNIQUES,
        entropic::TECHNIQUES,
        sums::TECHNIQUES,
        clues::TECHNIQUES,
        subsets::TECHNIQUES,
        fish::TECHNIQUES,
        single_digit::TECHNIQUES,
        templates::TECHNIQUES,
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

/// A technique's search: it offers every instance it finds, in its own order, to the
/// [`Finds`] until that says it has enough.
pub type Finder = fn(&Grid, &mut Finds);

/// What a technique's search has found: the first instance only (a solving step) or every
/// instance (what `hint` chooses among and what [`find_all`] lists).
#[derive(Debug)]
pub struct Finds {
    every: bool,
    found: Vec<Deduction>,
    /// With every instance: the instances found by [`fingerprint`], so that a repeat is
    /// looked for among those alone. Why: some techniques have thousands of instances (ALS
    /// wings whose sets share cells), and comparing each with all before is quadratic.
    by_print: std::collections::HashMap<u64, Vec<usize>>,
}

/// A digest of what [`same_but_houses`] compares first: equal for two instances it finds the
/// same.
fn fingerprint(d: &Deduction) -> u64 {
    use std::hash::{Hash, Hasher};
    let mut h = std::collections::hash_map::DefaultHasher::new();
    (d.technique, &d.placements, &d.eliminations, &d.pattern.cells, d.pattern.digits.bits()).hash(&mut h);
    h.finish()
}

impl Finds {
    /// Takes the first instance offered and stops the search there.
    pub fn first() -> Finds {
        Finds { every: false, found: Vec::new(), by_print: Default::default() }
    }

    /// Takes every instance offered (the same step found twice, once).
    pub fn every() -> Finds {
        Finds { every: true, found: Vec::new(), by_print: Default::default() }
    }

    /// Offers an instance; returns whether the search is to stop. When every instance is
    /// asked for, one that repeats an earlier one but for the houses it was found in (a naked
    /// pair met in its row and again in its box) is left out.
    #[must_use]
    pub fn add(&mut self, deduction: Deduction) -> bool {
        if !self.every {
            self.found.push(deduction);
            return true;
        }
        let same = self.by_print.entry(fingerprint(&deduction)).or_default();
        if !same.iter().any(|&i| same_but_houses(&self.found[i], &deduction)) {
            same.push(self.found.len());
            self.found.push(deduction);
        }
        false
    }

    /// Offers each of `deductions` in turn; returns whether the search is to stop.
    #[must_use]
    pub fn add_all(&mut self, deductions: impl IntoIterator<Item = Deduction>) -> bool {
        deductions.into_iter().any(|d| self.add(d))
    }

    /// Whether the search has what it needs and is to stop (for searches that check before
    /// they build an instance).
    pub fn done(&self) -> bool {
        !self.every && !self.found.is_empty()
    }

    /// Whether every instance is asked for (a search may then skip what only serves to
    /// find the first sooner).
    pub fn takes_every(&self) -> bool {
        self.every
    }

    /// Whether nothing has been found yet.
    pub fn is_empty(&self) -> bool {
        self.found.is_empty()
    }

    /// The instances found, in the order found.
    pub fn into_vec(self) -> Vec<Deduction> {
        self.found
    }
}

/// Whether two deductions are the same step but for the houses their patterns were found
/// in (base and cover).
fn same_but_houses(a: &Deduction, b: &Deduction) -> bool {
    let (p, q) = (&a.pattern, &b.pattern);
    a.technique == b.technique
        && a.placements == b.placements
        && a.eliminations == b.eliminations
        && (p.digits, &p.cells, &p.fins, &p.chains, &p.colors, &p.sets, &p.fillings) == (q.digits, &q.cells, &q.fins, &q.chains, &q.colors, &q.sets, &q.fillings)
}

/// Every instance of `technique` in `grid`, in the order its search finds them (the first
/// is the step solving takes), without applying any.
pub fn find_all(technique: &Technique, grid: &Grid) -> Vec<Deduction> {
    let mut finds = Finds::every();
    (technique.find)(grid, &mut finds);
    finds.into_vec()
}

/// Applies the first instance `find` finds, if any: every strategy.
#[inline]
pub(crate) fn fire(grid: &mut Grid, find: impl FnOnce(&Grid, &mut Finds)) -> bool {
    let mut finds = Finds::first();
    find(grid, &mut finds);
    match finds.found.into_iter().next() {
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
    fn difficulty_ties_keep_family_order_and_every_family_has_techniques() {
        for pair in REGISTRY.windows(2) {
            let [a, b] = pair else { unreachable!() };
            assert!(a.difficulty < b.difficulty || a.family <= b.family, "{} is listed before {} of an earlier family", a.id, b.id);
        }
        for family in Family::ALL {
            assert!(REGISTRY.iter().any(|t| t.family == family), "{family} has no technique");
        }
    }

    #[test]
    fn id_constants_must_spell_their_ids() {
        assert!(spells("X_WING", ids::X_WING) && spells("BUG_PLUS_1", "bug-plus-1"));
        assert!(!spells("X_WING", "x-wings") && !spells("XWING", "x-wing") && !spells("X_WING", "y-wing"));
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
