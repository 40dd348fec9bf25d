//! Rating a puzzle by its explained solve.
//!
//! The scale is each technique's difficulty in the registry (tenths, Sudoku-Explainer-like:
//! singles 1.0-2.3, intersections and subsets 2.6-5.4, fish, wings and single-digit patterns
//! 3.2-5.5, uniqueness and colouring 4.5-5.6, chains and almost locked sets 5.0-7.4, forcing
//! chains and nets 7.6 and up). A puzzle's **difficulty** is its hardest step, as in Sudoku
//! Explainer; its **total** adds up every step's difficulty, as HoDoKu's score does, so
//! long grinds rate above short ones of the same hardest step. The **level** names bands of
//! the difficulty; see [`Level`].

use crate::solver::{Outcome, Status};
use crate::strategies::{self, Technique};

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
}

/// How hard a solved puzzle is.
#[derive(Clone, Copy, Debug)]
pub struct Rating {
    /// The level: that of the hardest step's difficulty, or [`Level::Extreme`] when the
    /// puzzle needs guessing.
    pub level: Level,
    /// The hardest logical step's technique (`None` if the puzzle needed no step).
    pub hardest: Option<&'static Technique>,
    /// The hardest logical step's difficulty, in tenths.
    pub difficulty: u16,
    /// The sum of all logical steps' difficulties, in tenths.
    pub total: u32,
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
    let techniques: Vec<&'static Technique> =
        outcome.steps().iter().filter(|d| !d.is_search()).filter_map(|d| strategies::by_id(d.technique)).collect();
    let hardest = techniques.iter().copied().max_by_key(|t| t.difficulty);
    let difficulty = hardest.map_or(0, |t| t.difficulty);
    let needs_guessing = outcome.backtracked();
    Some(Rating {
        level: if needs_guessing { Level::Extreme } else { Level::of(difficulty) },
        hardest,
        difficulty,
        total: techniques.iter().map(|t| u32::from(t.difficulty)).sum(),
        steps: techniques.len(),
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
