//! ALS chains against a plain oracle: every chain of almost locked sets (the ALS oracle's
//! sets: one to four cells of a house, one digit more than cells, possibly sharing cells),
//! enumerated one simple path at a time. A chain is four to six different sets, each joined
//! to the next by a restricted common different from the one before; a digit Z of both ends,
//! neither the first link's nor the last one's, leaves the cells holding Z that see all its
//! copies in both ends. The technique must list every removal the oracle finds, and nothing
//! else: the oracle's bound on the sets of a chain is the technique's own.

use crate::als_oracle::{Als, Cells, Removals, Sight, alss, listed, restricted_commons};
use crate::common;

use std::collections::BTreeSet;

use deduku::strategies::{find_all, ids};
use deduku::{Digit, Grid, Rule, Rules};

/// The fewest and the most sets in a chain (fewer are ALS-XZ and ALS-XY-Wing).
const FEWEST: usize = 4;
const MOST: usize = 6;

/// Every removal of an ALS chain at `grid`.
fn oracle(grid: &Grid) -> BTreeSet<(usize, Digit)> {
    let sight = Sight::of(grid);
    let sets = alss(grid, &sight);
    let links = restricted_commons(&sets);
    let mut found: Removals = [0; 10];
    for z in 1..=9 {
        let reach = reach(&sets, &links, z);
        for (a, start) in sets.iter().enumerate() {
            if start.holders[z as usize] != 0 {
                let targets = sight.holding[z as usize] & start.seen[z as usize];
                let mut walk = Walk { sets: &sets, links: &links, reach: &reach, z, targets, path: vec![a], found: &mut found };
                walk.extend(None);
            }
        }
    }
    listed(&found)
}

/// `reach[r][10 * s + x]`: the cells that see all the Z's of some set holding Z that a walk
/// entering set `s` by digit `x` reaches in `r` links or fewer, each link's digit other than
/// the one before and the last one's other than Z (sets may repeat): more than a chain
/// from there can remove, so a walk that can remove nothing new within it is cut short.
fn reach(sets: &[Als], links: &[Vec<(usize, Digit)>], z: Digit) -> Vec<Vec<Cells>> {
    let state = |s: usize, x: Digit| 10 * s + x as usize;
    let mut first = vec![0; 10 * sets.len()];
    for (s, set) in sets.iter().enumerate() {
        for x in (1..=9).filter(|&x| x != z && set.holders[z as usize] != 0) {
            first[state(s, x)] = set.seen[z as usize];
        }
    }
    let mut reach = vec![first];
    for r in 1..MOST {
        let before = &reach[r - 1];
        let mut now = before.clone();
        for s in 0..sets.len() {
            for x in 1..=9 {
                for &(t, y) in links[s].iter().filter(|&&(_, y)| y != x) {
                    now[state(s, x)] |= before[state(t, y)];
                }
            }
        }
        reach.push(now);
    }
    reach
}

/// The chains of one start and digit Z, walked depth first.
struct Walk<'a> {
    sets: &'a [Als],
    links: &'a [Vec<(usize, Digit)>],
    /// See [`reach`].
    reach: &'a [Vec<Cells>],
    z: Digit,
    /// The cells holding Z that see all of the start's Z's.
    targets: Cells,
    /// The sets so far, the start first.
    path: Vec<usize>,
    found: &'a mut Removals,
}

impl Walk<'_> {
    /// Records what the chain so far removes, then tries each way on; `last` is the digit of
    /// the link into the last set.
    fn extend(&mut self, last: Option<Digit>) {
        let z = self.z as usize;
        // Why stop: what is left to find from this start is found already (a shortcut that
        // changes nothing found, only the time it takes).
        let end = *self.path.last().unwrap();
        // Why Z at the start: the first link is not Z's.
        let entry = last.unwrap_or(self.z) as usize;
        if self.targets & !self.found[z] & self.reach[MOST - self.path.len()][10 * end + entry] == 0 {
            return;
        }
        if self.path.len() >= FEWEST && last != Some(self.z) && self.sets[end].holders[z] != 0 {
            self.found[z] |= self.targets & self.sets[end].seen[z];
        }
        if self.path.len() == MOST {
            return;
        }
        for &(next, x) in &self.links[end] {
            let first_is_z = self.path.len() == 1 && x == self.z;
            if Some(x) == last || first_is_z || self.path.contains(&next) {
                continue;
            }
            self.path.push(next);
            self.extend(Some(x));
            self.path.pop();
        }
    }
}

/// Positions for the oracle: along solves of kept puzzles (every third on short runs: a
/// position early in a hard solve has hundreds of sets), random classic ones, and random
/// ones with a rule that adds houses (windoku) or sight (anti-knight).
fn positions() -> Vec<Grid> {
    let solves = common::solve_positions("generated-hard.txt", Rules::classic(), common::sample(60, 3));
    let mut all: Vec<Grid> = solves.into_iter().step_by(common::sample(3, 1)).collect();
    all.extend(common::random_positions(71, common::sample(20, 600), 20..50));
    let rules = [Rules::classic().with(Rule::Windoku), Rules::classic().with(Rule::AntiKnight)];
    all.extend(common::random_positions_under(&rules, 73, common::sample(5, 200), 20..50));
    all
}

#[test]
fn als_chain_lists_what_a_plain_search_finds() {
    let t = deduku::strategies::by_id(ids::ALS_CHAIN).unwrap();
    let (mut checked, mut at, mut shared) = (0, 0, 0);
    let mut wrong = Vec::new();
    let all = positions();
    let (mut in_oracle, mut in_technique) = (std::time::Duration::ZERO, std::time::Duration::ZERO);
    for grid in &all {
        let started = std::time::Instant::now();
        let want = oracle(grid);
        in_oracle += started.elapsed();
        let started = std::time::Instant::now();
        let steps = find_all(t, grid);
        in_technique += started.elapsed();
        shared += steps.iter().filter(|d| d.pattern.sets.iter().map(|s| s.cells.len()).sum::<usize>() > d.pattern.cells.len()).count();
        let got: BTreeSet<(usize, Digit)> = steps.iter().flat_map(|d| d.eliminations.iter().map(|e| (e.cell, e.digit))).collect();
        checked += want.len();
        at += usize::from(!want.is_empty());
        wrong.extend(common::disagreement("ALS chain ", &want, &got, grid));
    }
    eprintln!("ALS chain: {checked} removals checked at {at} of {} positions; steps with sets sharing a cell: {shared}; oracle {in_oracle:?}, technique {in_technique:?}", all.len());
    common::no_disagreements(&wrong);
    assert!(checked > 20, "too few removals checked: {checked}");
}
