//! Rating a puzzle by its explained solve.
//!
//! **A step's difficulty** starts from its technique's difficulty in the registry (tenths,
//! Sudoku-Explainer-like: singles 1.0-2.3, intersections and subsets 2.6-5.4, fish, wings
//! and single-digit patterns 3.2-5.5, uniqueness and colouring 4.5-5.6, chains and almost
//! locked sets 5.0-7.4, forcing chains and nets 7.6 and up) and grows with the size of its
//! proof, so that long chains and big nets rate above short ones of the same technique and
//! the hardest puzzles are told apart (see [`step_difficulty`]). A puzzle's **difficulty**
//! is its hardest step, as in Sudoku Explainer; its **total** adds up every step's
//! difficulty, and its **effort** weighs each step by how hard it is (see [`effort`]), as
//! HoDoKu's score does, so long grinds rate above short ones of the same hardest step. The
//! **level** names bands of the difficulty, or of the effort when that is higher, as
//! HoDoKu's level is its hardest step's or its score's; see [`Level`].

use crate::deduction::{Deduction, Link};
use crate::solver::{Outcome, Status};
use crate::strategies::{self, Technique};

/// How big a step's proof is: the nodes of its chains (a forcing net's distinct literals,
/// its assumptions included, each removal that rests on an inner net counting as
/// [`NESTED_SIZE`]), or none for a pattern without chains.
pub fn proof_size(d: &Deduction) -> usize {
    let p = &d.pattern;
    let forcing = p.chains.iter().any(|c| c.links.first() == Some(&Link::Implies));
    if !forcing {
        return p.chains.iter().map(|c| c.nodes.len()).sum();
    }
    let mut seen: Vec<&crate::deduction::Node> = Vec::new();
    for n in p.chains.iter().flat_map(|c| &c.nodes) {
        if !seen.contains(&n) {
            seen.push(n);
        }
    }
    let nested = p.sets.iter().map(|s| s.cells.len() * s.digits.len()).sum::<usize>();
    seen.len() + nested * (NESTED_SIZE - 1)
}

/// What a removal resting on an inner net counts in a nested net's size: the inner net is
/// not shown, and even the smallest takes a few implications to break.
pub const NESTED_SIZE: usize = 6;

/// The tenths a proof of `size` nodes adds to its technique's difficulty: one for each of
/// the sizes 4, 6, 8, 12, 16, 24, 32, 48 and 64 (each half or a third again as big as the
/// one before) that it exceeds, then one for each further tenth more than 64 (past 70.4,
/// 77.4, 85.2 ...). Why a geometric scale: a chain twice as long is not twice as hard, but each
/// doubling is felt. Why finer past 64: only forcing nets get there, and the hardest
/// puzzles differ in how big their nets are, from under a hundred literals to several
/// hundred; a tenth for each tenth more tells them apart, up to about 12.
pub fn size_bonus(size: usize) -> u16 {
    let (mut bound, mut bonus, mut half) = (4usize, 0u16, true);
    while size > bound && bound < 64 {
        bonus += 1;
        bound = if half { bound * 3 / 2 } else { bound * 4 / 3 };
        half = !half;
    }
    let mut bound = bound as f64;
    while size as f64 > bound * 1.1 {
        bonus += 1;
        bound *= 1.1;
    }
    bonus + u16::from(size > 64)
}

/// A step's difficulty in tenths: its technique's, plus what its proof's size adds (see
/// [`size_bonus`]) beyond the technique's smallest proof, when it is a chain, a loop or a
/// forcing chain or net (the other patterns have a fixed size for their technique). `None`
/// for a step of no technique (a fill found by search).
pub fn step_difficulty(d: &Deduction) -> Option<u16> {
    let t = strategies::by_id(d.technique)?;
    // Why from the smallest proof: that is what the technique's base rates, so an
    // XY-Chain of three cells or a short net is not raised.
    let grown = match d.pattern.chains.first().and_then(|c| c.links.first()) {
        Some(_) => size_bonus(proof_size(d)).saturating_sub(size_bonus(smallest(t))),
        None => 0,
    };
    Some(t.difficulty + grown)
}

/// The size of a technique's smallest proof, below which nothing is added.
fn smallest(t: &Technique) -> usize {
    match t.family {
        strategies::Family::Forcing => 8,
        _ => 6,
    }
}

/// How much work a solve takes beyond the singles: each logical step harder than a single
/// weighs its difficulty's square over a hundred (in tenths: a pointing 2.6 weighs 6, an
/// X-Wing 3.2 weighs 10, a chain 7.0 weighs 49, a net 8.5 weighs 72), summed. Why the
/// square: a hard step costs far more than an easy one, as in HoDoKu's score. Why no
/// singles: a puzzle of singles alone is easy however many it takes.
pub fn effort(steps: &[Deduction]) -> u32 {
    let singles = strategies::ids::NAKED_SINGLE;
    let ceiling = strategies::by_id(singles).map_or(23, |t| t.difficulty);
    steps.iter().filter_map(step_difficulty).filter(|&d| d > ceiling).map(|d| u32::from(d) * u32::from(d) / 100).sum()
}

/// The most effort of each level reached by effort alone (Easy, Medium, Hard, Unfair):
/// HoDoKu's score bands (800, 1000, 1600 and 1800 points) over 8.3, the median ratio of
/// HoDoKu's score to this effort on the calibration table of `examples/calibrate.rs`.
pub const EFFORT_BANDS: [u32; 4] = [96, 120, 193, 217];

/// A named band of difficulty.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Level {
    /// Singles only (difficulty up to 2.3).
    Easy,
    /// Intersections, pairs and triples, X-Wing, Swordfish (up to 3.8).
    Medium,
    /// Quads, Jellyfish, wings, single-digit patterns, uniqueness, colouring (up to 5.9).
    Hard,
    /// Chains, loops, almost locked sets (up to 7.5).
    Unfair,
    /// Forcing chains and nets (above 7.5), or beyond deduku's techniques (needs guessing).
    Extreme,
}

impl Level {
    /// Every level, easiest first.
    pub const ALL: [Level; 5] = [Level::Easy, Level::Medium, Level::Hard, Level::Unfair, Level::Extreme];

    /// The highest difficulty (in tenths) of each level; `Extreme` has none.
    pub fn ceiling(self) -> Option<u16> {
        match self {
            Level::Easy => Some(23),
            Level::Medium => Some(38),
            Level::Hard => Some(59),
            Level::Unfair => Some(75),
            Level::Extreme => None,
        }
    }

    /// The level's lower-case name, as shown and as given on the command line: `easy`.
    pub fn name(self) -> &'static str {
        match self {
            Level::Easy => "easy",
            Level::Medium => "medium",
            Level::Hard => "hard",
            Level::Unfair => "unfair",
            Level::Extreme => "extreme",
        }
    }

    /// The level of a hardest step of `difficulty` tenths.
    pub fn of(difficulty: u16) -> Level {
        Level::ALL.into_iter().find(|l| l.ceiling().is_none_or(|c| difficulty <= c)).unwrap_or(Level::Extreme)
    }

    /// The level a solve's effort alone reaches (see [`effort`] and [`EFFORT_BANDS`]).
    pub fn of_effort(effort: u32) -> Level {
        Level::ALL[EFFORT_BANDS.iter().filter(|&&band| effort > band).count()]
    }
}

/// How hard a solved puzzle is.
#[derive(Clone, Copy, Debug)]
pub struct Rating {
    /// The level: that of the hardest step's difficulty or that of the effort
    /// ([`Level::of_effort`]), whichever is higher, or [`Level::Extreme`] when the puzzle
    /// needs guessing.
    pub level: Level,
    /// The hardest logical step's technique (`None` if the puzzle needed no step).
    pub hardest: Option<&'static Technique>,
    /// The hardest logical step's difficulty, in tenths.
    pub difficulty: u16,
    /// The sum of all logical steps' difficulties, in tenths.
    pub total: u32,
    /// How much work the logical steps take (see [`effort`]).
    pub effort: u32,
    /// How many logical steps the solve took.
    pub steps: usize,
    /// Whether logic was not enough and the rest was found by search: then the level is
    /// `Extreme` whatever the logical steps were.
    pub needs_guessing: bool,
}

/// Rates a solve; `None` unless the puzzle was solved (it has no single solution to rate).
pub fn rate(outcome: &Outcome) -> Option<Rating> {
    if outcome.status != Status::Solved {
        return None;
    }
    let logical: Vec<&Deduction> = outcome.steps().iter().filter(|d| !d.is_search()).collect();
    let rated: Vec<(&'static Technique, u16)> =
        logical.iter().filter_map(|d| Some((strategies::by_id(d.technique)?, step_difficulty(d)?))).collect();
    // The first of the hardest steps, as a reader meets it.
    let hardest = rated.iter().copied().rev().max_by_key(|&(_, d)| d);
    let difficulty = hardest.map_or(0, |(_, d)| d);
    let needs_guessing = outcome.backtracked();
    let effort = effort(outcome.steps());
    Some(Rating {
        level: if needs_guessing { Level::Extreme } else { Level::of(difficulty).max(Level::of_effort(effort)) },
        hardest: hardest.map(|(t, _)| t),
        difficulty,
        total: rated.iter().map(|&(_, d)| u32::from(d)).sum(),
        effort,
        steps: rated.len(),
        needs_guessing,
    })
}

/// Tenths as a decimal: `42` is `4.2`.
pub fn tenths(value: u32) -> String {
    format!("{}.{}", value / 10, value % 10)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn proofs_add_a_tenth_per_size_passed() {
        let bonus: Vec<u16> = [3, 4, 5, 6, 7, 8, 9, 12, 13, 16, 17, 64, 65, 70, 71, 77, 78, 500].map(size_bonus).to_vec();
        assert_eq!(bonus, [0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 8, 9, 9, 10, 10, 11, 30]);
        // Never smaller for a bigger proof.
        assert!((1..2000).all(|n| size_bonus(n) <= size_bonus(n + 1)));
    }

    /// An AIC of `nodes` nodes (their cells and digits do not matter here).
    fn aic(nodes: usize) -> Deduction {
        use crate::deduction::{Chain, Node, Pattern};
        let chain = Chain {
            nodes: (0..nodes).map(|i| Node { cells: vec![i], digit: 1, on: i % 2 == 1 }).collect(),
            links: (0..nodes - 1).map(|i| if i % 2 == 0 { Link::Strong } else { Link::Weak }).collect(),
            ..Chain::default()
        };
        Deduction::elimination(strategies::ids::AIC, Vec::new(), Pattern { chains: vec![chain], ..Pattern::default() })
    }

    #[test]
    fn a_chain_rates_its_technique_until_it_outgrows_the_smallest_proof() {
        let base = strategies::by_id(strategies::ids::AIC).unwrap().difficulty;
        let rated: Vec<u16> = [4, 6, 8, 10, 12, 14, 16].map(|n| step_difficulty(&aic(n)).unwrap() - base).to_vec();
        assert_eq!(rated, [0, 0, 1, 2, 2, 3, 3]);
    }

    #[test]
    fn effort_raises_the_level_through_its_bands() {
        assert_eq!(Level::of_effort(0), Level::Easy);
        assert_eq!(Level::of_effort(96), Level::Easy);
        assert_eq!(Level::of_effort(97), Level::Medium);
        assert_eq!(Level::of_effort(150), Level::Hard);
        assert_eq!(Level::of_effort(200), Level::Unfair);
        assert_eq!(Level::of_effort(218), Level::Extreme);
        // Singles weigh nothing; a chain its difficulty squared over a hundred.
        let single = Deduction::placement(strategies::ids::NAKED_SINGLE, 0, 1, crate::deduction::Pattern::default());
        assert_eq!(effort(&[single.clone(), single, aic(4)]), 49);
    }

    #[test]
    fn levels_follow_their_ceilings() {
        assert_eq!(Level::of(10), Level::Easy);
        assert_eq!(Level::of(23), Level::Easy);
        assert_eq!(Level::of(26), Level::Medium);
        assert_eq!(Level::of(38), Level::Medium);
        assert_eq!(Level::of(42), Level::Hard);
        assert_eq!(Level::of(66), Level::Unfair);
        assert_eq!(Level::of(76), Level::Extreme);
    }
}
