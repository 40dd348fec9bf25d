//! Making puzzles with a unique solution: fill a random valid grid, then take givens away
//! in random order while the backtracker confirms the solution stays unique.

use std::sync::Arc;

use crate::deduction::{Deduction, GUESS, Pattern};
use crate::grid::{Digit, Grid};
use crate::layout::{CellId, Layout};
use crate::search::count_solutions;
use crate::strategies::{Strategy, hidden_single, naked_single};

/// A small, reproducible random number generator (SplitMix64): the same seed gives the
/// same puzzles on every machine.
#[derive(Clone, Debug)]
pub struct Rng(u64);

impl Rng {
    pub fn new(seed: u64) -> Rng {
        Rng(seed)
    }

    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// A number in `0..bound`.
    pub fn below(&mut self, bound: usize) -> usize {
        (self.next_u64() % bound as u64) as usize
    }

    pub fn shuffle<T>(&mut self, items: &mut [T]) {
        for i in (1..items.len()).rev() {
            items.swap(i, self.below(i + 1));
        }
    }
}

/// The strategies the generator's searches propagate with: cheap and enough to prune.
const PROPAGATE: [Strategy; 2] = [naked_single, hidden_single];

/// A puzzle and its unique solution.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Generated {
    pub givens: Vec<Option<Digit>>,
    pub solution: Vec<Digit>,
}

/// A random complete grid that obeys the layout's rules, or `None` if the rules allow none.
pub fn random_solution(layout: &Arc<Layout>, rng: &mut Rng) -> Option<Vec<Digit>> {
    let empty = Grid::new(layout.clone(), &vec![None; layout.cell_count()]).expect("an empty grid has no clash");
    fill(empty, rng)
}

fn fill(mut grid: Grid, rng: &mut Rng) -> Option<Vec<Digit>> {
    loop {
        if grid.contradiction().is_some() {
            return None;
        }
        if grid.is_solved() {
            return Some(grid.digits().into_iter().map(|d| d.unwrap_or(0)).collect());
        }
        if !PROPAGATE.iter().any(|s| s(&mut grid)) {
            break;
        }
    }
    grid.take_journal();
    let cell: CellId = (0..grid.layout().cell_count())
        .filter(|&c| grid.digit(c).is_none())
        .min_by_key(|&c| grid.candidates(c).len())?;
    let mut digits: Vec<Digit> = grid.candidates(cell).iter().collect();
    rng.shuffle(&mut digits);
    digits.into_iter().find_map(|digit| {
        let mut branch = grid.clone();
        branch.apply(Deduction::placement(GUESS, cell, digit, Pattern::default()));
        fill(branch, rng)
    })
}

/// Whether the givens have exactly one solution under the layout's rules.
pub fn is_unique(layout: &Arc<Layout>, givens: &[Option<Digit>]) -> bool {
    match Grid::new(layout.clone(), givens) {
        Ok(grid) => count_solutions(&grid, 2) == 1,
        Err(_) => false,
    }
}

/// A minimal puzzle (no given can be taken away without losing uniqueness) for a random
/// solution grid.
pub fn generate(layout: &Arc<Layout>, rng: &mut Rng) -> Option<Generated> {
    let solution = random_solution(layout, rng)?;
    let mut givens: Vec<Option<Digit>> = solution.iter().map(|&d| Some(d)).collect();
    let mut order: Vec<CellId> = (0..givens.len()).collect();
    rng.shuffle(&mut order);
    for cell in order {
        let kept = givens[cell].take();
        if !is_unique(layout, &givens) {
            givens[cell] = kept;
        }
    }
    Some(Generated { givens, solution })
}
