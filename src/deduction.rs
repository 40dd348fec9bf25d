//! What one step deduces: its effect (digits placed, candidates removed) kept apart from the
//! pattern that proves it, so any front end can explain or highlight it. Data only: no text
//! is built here.

use crate::bits::{Candidates, Digit};
use crate::layout::{CellId, HouseId};
use crate::rules::Rule;

/// A digit placed in a cell.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Placement {
    /// The cell, 0-based, row-major.
    pub cell: CellId,
    /// The digit placed, `1..=size`.
    pub digit: Digit,
}

/// A candidate removed from a cell.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Elimination {
    /// The cell, 0-based, row-major.
    pub cell: CellId,
    /// The candidate removed, `1..=size`.
    pub digit: Digit,
    /// The variant rule whose extra peers the removal relies on, if a shared house alone
    /// does not justify it.
    pub via: Option<Rule>,
}

/// The cells, houses and digits that prove a deduction.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Pattern {
    /// The digits the pattern is about.
    pub digits: Candidates,
    /// The cells that form the pattern.
    pub cells: Vec<CellId>,
    /// The houses the pattern is found in (a fish's base sets, a subset's house ...).
    pub base: Vec<HouseId>,
    /// The houses it removes candidates from (a fish's cover sets, a pointing line ...).
    pub cover: Vec<HouseId>,
    /// Cells that stand apart from the body of the pattern: a finned fish's fins, a wing's
    /// pivot, a uniqueness pattern's extra cells.
    pub fins: Vec<CellId>,
    /// Chains of inference (one for an AIC or a loop, one per branch of a forcing chain).
    pub chains: Vec<Chain>,
    /// Coloured candidates: colouring's two (or more) classes, or the two sides of a choice.
    pub colors: Vec<Colored>,
    /// Groups of cells with their digits: almost locked sets, a sue de coq's parts.
    pub sets: Vec<CellGroup>,
    /// The ways `cells` can still be filled, each a digit per cell in the order of `cells`
    /// (a group of cells joined by dots and marks).
    pub fillings: Vec<Vec<Digit>>,
    /// The variant rules whose constraints the pattern reads (a group's dots and marks).
    pub rules: Vec<Rule>,
}

impl Pattern {
    /// How many cells a reader has to look at: every cell the pattern names (its cells,
    /// fins, chain nodes, coloured candidates and sets), each once.
    pub fn cell_count(&self) -> usize {
        let mut cells: Vec<CellId> = self.cells.iter().chain(&self.fins).copied().collect();
        cells.extend(self.chains.iter().flat_map(|c| c.nodes.iter().flat_map(|n| n.cells.iter().copied())));
        cells.extend(self.colors.iter().map(|c| c.cell));
        cells.extend(self.sets.iter().flat_map(|s| s.cells.iter().copied()));
        cells.sort_unstable();
        cells.dedup();
        cells.len()
    }
}

/// A node of a chain: a digit in one cell, or in a group of cells of one house (a grouped
/// node), with whether the chain holds it true (placed) or false (removed) at that point.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Node {
    /// The cell, or the cells of a grouped node (all in one house).
    pub cells: Vec<CellId>,
    /// The digit.
    pub digit: Digit,
    /// `true` when the chain holds the digit placed there, `false` when removed.
    pub on: bool,
}

/// How two consecutive nodes of a chain are linked.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Link {
    /// At least one of the two is true (`=` in Eureka notation).
    Strong,
    /// At most one of the two is true (`-`).
    Weak,
    /// The first being as stated forces the second (`->`), as in forcing chains.
    Implies,
}

/// A chain: `nodes[i]` and `nodes[i + 1]` are joined by `links[i]`. A loop has one more link,
/// from the last node back to the first.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Chain {
    /// The nodes, in the order the chain is read.
    pub nodes: Vec<Node>,
    /// The links: one fewer than the nodes, or as many for a loop.
    pub links: Vec<Link>,
    /// Per link, the variant rule that makes it when the layout alone cannot tell: a strong
    /// link from a rule's demand (a quadruple's digit with two places left), which holds
    /// only for the candidates of its step. Empty when no link needs one. Why kept here:
    /// a renderer sees the layout and the chain, not the grid of the step, so it cannot
    /// work out which links a demand made.
    pub rules: Vec<Option<Rule>>,
    /// Per node, every literal it follows from, when the chain's links are implications
    /// (forcing chains and nets); empty for chains of strong and weak links, whose links say
    /// it all. A forcing chain's node follows from the node before it; a net's may need more
    /// at once: a single in a cell needs every other candidate of the cell off, a single in
    /// a house every other place of the digit there, and a nested removal the literals its
    /// inner net was built on. Each premise is a node of this chain or of another chain of
    /// the same pattern, so a reader can check every inference without the board. The
    /// assumption has none.
    pub premises: Vec<Vec<Node>>,
    /// Per link, the almost locked set that makes it, for a strong link between two digits
    /// of one set (the ALS nodes of grouped chains): the set's `n` cells hold `n` of its
    /// `n + 1` digits, so of any two of them at least one is in it. Empty when no link is
    /// one. Why kept here: as for [`Chain::rules`], a renderer cannot tell it from the nodes.
    pub sets: Vec<Option<CellGroup>>,
}

impl Chain {
    /// The rule kept for link `i` (see [`Chain::rules`]), if any.
    pub fn rule_of(&self, i: usize) -> Option<Rule> {
        self.rules.get(i).copied().flatten()
    }

    /// The almost locked set kept for link `i` (see [`Chain::sets`]), if any.
    pub fn set_of(&self, i: usize) -> Option<&CellGroup> {
        self.sets.get(i).and_then(Option::as_ref)
    }

    /// Whether the chain is a loop: as many links as nodes, the last joining the last node
    /// back to the first.
    pub fn is_loop(&self) -> bool {
        !self.nodes.is_empty() && self.links.len() == self.nodes.len()
    }
}

/// A candidate with a colour class (0, 1, 2 ...).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Colored {
    /// The candidate's cell.
    pub cell: CellId,
    /// The candidate's digit.
    pub digit: Digit,
    /// Its colour class, from 0.
    pub color: u8,
}

/// Some cells and their digits (an almost locked set, one part of a sue de coq ...).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct CellGroup {
    /// The cells.
    pub cells: Vec<CellId>,
    /// The digits the group holds or is about (an almost locked set's candidates).
    pub digits: Candidates,
}

/// How a backtracking fill was found: not logic, and never shown as such.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Search {
    /// The first cell the search guessed in (fewest candidates).
    pub first_guess: CellId,
    /// How many guesses the search made in all.
    pub guesses: usize,
}

/// One step: what a technique places and removes, and why.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Deduction {
    /// The technique's id in the registry (`x-wing`), or `backtracking` / `guess`.
    pub technique: &'static str,
    /// The digits the step places.
    pub placements: Vec<Placement>,
    /// The candidates the step removes.
    pub eliminations: Vec<Elimination>,
    /// What proves the step; for a fill found by search, only the first cell guessed in.
    pub pattern: Pattern,
    /// Set only for a fill found by search.
    pub search: Option<Search>,
}

/// The technique id of a fill found by the backtracker.
pub const BACKTRACKING: &str = "backtracking";
/// The technique id of a single guess made inside the backtracker.
pub const GUESS: &str = "guess";

impl Deduction {
    /// A deduction that places one digit.
    pub fn placement(technique: &'static str, cell: CellId, digit: Digit, pattern: Pattern) -> Deduction {
        Deduction {
            technique,
            placements: vec![Placement { cell, digit }],
            eliminations: Vec::new(),
            pattern,
            search: None,
        }
    }

    /// A deduction that removes candidates.
    pub fn elimination(technique: &'static str, eliminations: Vec<Elimination>, pattern: Pattern) -> Deduction {
        Deduction { technique, placements: Vec::new(), eliminations, pattern, search: None }
    }

    /// Whether the deduction came from search rather than logic.
    pub fn is_search(&self) -> bool {
        self.technique == BACKTRACKING || self.technique == GUESS
    }
}
