//! What the techniques remember between calls: one per-thread home, one field per family.
//!
//! The solver runs every technique again after each step, and a step changes a few digits
//! and houses only; most techniques would find again what they found (or failed to find) a
//! step before. So each family keeps, per thread, what it found at earlier positions and
//! the key of the candidates it was found for, and searches again only where they changed.
//! Each family's field says what it keeps and why; the type behind it lives in the family's
//! file, beside the search it serves, and [`memo`](super::memo) holds the shared pieces
//! (per-digit and per-house memos, snapshots of positions, rounds).
//!
//! One key, one rule: everything kept here is tagged with the [`LayoutId`] of the layout
//! it was made for and is forgotten when a grid of another layout comes along. No cache
//! recognises a layout by its size, box shape or rules (two layouts can agree on all of
//! those and differ in their houses), nor by the address of its `Arc`.
//!
//! Why per thread: the batch commands solve puzzles on every core at once, and a cache
//! shared between threads would need locks on the hottest paths. Why one `RefCell` per
//! cache rather than one for the whole home: a technique may call another family's search
//! (forcing chains run the singles), and each borrow must be its own.
//!
//! [`LayoutId`]: crate::layout::LayoutId

use super::{als, chains, coloring, fish, forcing, intersections, single_digit, singles, subsets, sums, uniqueness, wings};

/// Every family's memory (see the module documentation).
#[derive(Default)]
pub(super) struct Caches {
    /// Hidden singles per house.
    pub(super) singles: singles::Cache,
    /// Pointing and claiming: the digits confined per house, and those that removed nothing.
    pub(super) intersections: intersections::Cache,
    /// Naked and hidden subsets per house, and the subsets that removed nothing.
    pub(super) subsets: subsets::Cache,
    /// Fish per digit, and finned fish's misses.
    pub(super) fish: fish::Cache,
    /// The single-digit patterns per digit.
    pub(super) single_digit: single_digit::Cache,
    /// The wings' last misses.
    pub(super) wings: wings::Cache,
    /// Sum Combinations: the sums that removed nothing, and their cells' state then.
    pub(super) sums: sums::Cache,
    /// The rectangles of the last position.
    pub(super) uniqueness: uniqueness::Cache,
    /// Colouring per digit.
    pub(super) coloring: coloring::Cache,
    /// Chains: the link graph's parts and the searches' results and misses.
    pub(super) chains: chains::Cache,
    /// Almost locked sets: the collection of the last position and the searches' misses.
    pub(super) als: als::Cache,
    /// Forcing chains and nets: the propagation tables and the engine's layout tables.
    pub(super) forcing: forcing::Cache,
}

thread_local! {
    static CACHES: Caches = Caches::default();
}

/// Runs `f` with this thread's caches.
pub(super) fn with<R>(f: impl FnOnce(&Caches) -> R) -> R {
    CACHES.with(f)
}
