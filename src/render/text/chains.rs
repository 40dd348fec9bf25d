//! Sentences for the chains family, the chain in Eureka-like notation:
//!
//! - `Remote Pair: 3,7 in r1c2 - r1c5 - r4c5 - r4c8 => r1c8<>3, r1c8<>7`
//! - `X-Chain: (4)r1c2 = (4)r1c7 - (4)r5c7 = (4)r5c3 => r2c3<>4`
//! - `AIC: (4)r1c2 = (4)r1c7 - (6)r1c7 = (6)r5c7 => r1c2<>6`
//! - `Continuous Nice Loop: (4)r1c2 = (4)r1c7 - ... - (4)r1c2 => ...` (a loop repeats its
//!   first node at the end)
//! - `Discontinuous Nice Loop: (4)r2c3 - (4)r1c2 = ... = (4)r5c3 - (4)r2c3 => r2c3<>4`
//!
//! A group node lists its cells: `(4)r1c2,r1c3`. Everything is read from the pattern's one
//! chain (for a Remote Pair, every cell of its chain once, in order).

use super::{cells, chain, digits, effect};
use crate::deduction::{Chain, Deduction};
use crate::layout::{CellId, Layout};
use crate::strategies::{self, ids};

pub(super) fn explain(layout: &Layout, d: &Deduction) -> Option<String> {
    let c = d.pattern.chains.first()?;
    let name = strategies::name_of(d.technique);
    if d.technique == ids::REMOTE_PAIR {
        let path = remote_path(c)?;
        let steps: Vec<String> = path.iter().map(|&cell| cells(layout, &[cell])).collect();
        return Some(format!("{name}: {} in {} => {}", digits(d.pattern.digits), steps.join(" - "), effect(layout, d)));
    }
    Some(format!("{name}: {} => {}", chain(layout, c), effect(layout, d)))
}

/// A Remote Pair's cells in chain order, each once (its chain visits each cell's two digits).
pub(in crate::render) fn remote_path(c: &Chain) -> Option<Vec<CellId>> {
    let mut path: Vec<CellId> = Vec::new();
    for node in &c.nodes {
        let cell = *node.cells.first()?;
        if path.last() != Some(&cell) {
            path.push(cell);
        }
    }
    Some(path)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::deduction::{Chain, Elimination, Link, Node, Pattern};
    use crate::grid::Candidates;
    use crate::rules::Rules;

    #[test]
    fn a_remote_pair_names_each_cell_once() {
        let layout = Layout::classic(Rules::classic());
        let cell = |r: usize, c: usize| layout.cell(r - 1, c - 1);
        let path = [cell(1, 2), cell(1, 5), cell(4, 5), cell(4, 8)];
        let mut nodes = Vec::new();
        for (i, &x) in path.iter().enumerate() {
            let (a, b) = if i % 2 == 0 { (3, 7) } else { (7, 3) };
            nodes.push(Node { cells: vec![x], digit: a, on: false });
            nodes.push(Node { cells: vec![x], digit: b, on: true });
        }
        let links = (0..7).map(|i| if i % 2 == 0 { Link::Strong } else { Link::Weak }).collect();
        let pattern =
            Pattern { digits: [3, 7].into_iter().collect::<Candidates>(), chains: vec![Chain { nodes, links, rules: Vec::new(), premises: Vec::new(), sets: Vec::new() }], ..Pattern::default() };
        let removals = vec![Elimination { cell: cell(1, 8), digit: 3, via: None }, Elimination { cell: cell(1, 8), digit: 7, via: None }];
        let d = Deduction::elimination(ids::REMOTE_PAIR, removals, pattern);
        assert_eq!(explain(&layout, &d).unwrap(), "Remote Pair: 3,7 in r1c2 - r1c5 - r4c5 - r4c8 => r1c8<>3, r1c8<>7");
    }
}
