//! Template Set and Template Delete against a plain oracle: for each digit, every choice of
//! one cell per row, kept when no two chosen cells see each other (asked of the layout cell
//! by cell), every house holds one of them, every cell holds the digit or has it placed,
//! and every placed one is chosen. Then, until nothing changes, a digit's templates through
//! a cell that all of another digit's templates hold are dropped. Set: the empty cells all
//! of a digit's templates hold; Delete: the candidates no template of their digit holds.
//! The techniques' instances together must give exactly these, under classic rules and
//! anti-knight.

use crate::common;

use std::collections::BTreeSet;

use deduku::strategies::{by_id, find_all, ids};
use deduku::{Digit, Grid, Rule, Rules};

/// A template: its cells, one per row, row by row.
type Template = Vec<usize>;

fn templates(grid: &Grid, d: Digit) -> Vec<Template> {
    let layout = grid.layout();
    let size = layout.size();
    let fits = |c: usize| grid.digit(c) == Some(d) || (grid.digit(c).is_none() && grid.has_candidate(c, d));
    let placed: Vec<usize> = (0..layout.cell_count()).filter(|&c| grid.digit(c) == Some(d)).collect();
    let mut out = Vec::new();
    let mut chosen = Vec::new();
    fn walk(row: usize, size: usize, grid: &Grid, fits: &dyn Fn(usize) -> bool, chosen: &mut Vec<usize>, out: &mut Vec<Template>) {
        let layout = grid.layout();
        if row == size {
            out.push(chosen.clone());
            return;
        }
        for col in 0..size {
            let c = layout.cell(row, col);
            if fits(c) && chosen.iter().all(|&o| !layout.sees(o, c)) {
                chosen.push(c);
                walk(row + 1, size, grid, fits, chosen, out);
                chosen.pop();
            }
        }
    }
    walk(0, size, grid, &fits, &mut chosen, &mut out);
    out.retain(|t| layout.houses().iter().filter(|h| h.cells.len() == size).all(|h| h.cells.iter().any(|c| t.contains(c))) && placed.iter().all(|p| t.contains(p)));
    out
}

/// Every placement and removal of the two techniques at `grid`: `(cell, digit, placed)`.
fn oracle(grid: &Grid) -> BTreeSet<(usize, Digit, bool)> {
    let layout = grid.layout();
    let digits: Vec<Digit> = (1..=layout.size() as Digit).collect();
    let mut lists: Vec<Vec<Template>> = digits.iter().map(|&d| templates(grid, d)).collect();
    let sure = |list: &Vec<Template>| -> BTreeSet<usize> {
        match list.first() {
            None => BTreeSet::new(),
            Some(first) => first.iter().copied().filter(|c| list.iter().all(|t| t.contains(c))).collect(),
        }
    };
    loop {
        let sures: Vec<BTreeSet<usize>> = lists.iter().map(sure).collect();
        let mut changed = false;
        for (i, list) in lists.iter_mut().enumerate() {
            let before = list.len();
            list.retain(|t| sures.iter().enumerate().all(|(j, s)| j == i || t.iter().all(|c| !s.contains(c))));
            changed |= list.len() != before;
        }
        if !changed {
            break;
        }
    }
    let mut out = BTreeSet::new();
    for (list, &d) in lists.iter().zip(&digits) {
        if list.is_empty() {
            continue;
        }
        for c in sure(list) {
            if grid.digit(c).is_none() {
                out.insert((c, d, true));
            }
        }
        for c in (0..layout.cell_count()).filter(|&c| grid.digit(c).is_none() && grid.has_candidate(c, d)) {
            if list.iter().all(|t| !t.contains(&c)) {
                out.insert((c, d, false));
            }
        }
    }
    out
}

fn positions() -> Vec<Grid> {
    let mut all = common::solve_positions("generated-hard.txt", Rules::classic(), common::sample(40, 3));
    all.extend(common::solve_positions("generated-hard-anti-knight.txt", Rules::classic().with(Rule::AntiKnight), common::sample(40, 5)));
    let rules = [Rules::classic(), Rules::classic().with(Rule::AntiKnight)];
    all.extend(common::random_positions_under(&rules, 91, common::sample(25, 300), 10..30));
    all
}

#[test]
fn templates_place_and_remove_what_a_plain_listing_proves() {
    let (set, delete) = (by_id(ids::TEMPLATE_SET).unwrap(), by_id(ids::TEMPLATE_DELETE).unwrap());
    let (mut placed, mut removed, mut seen) = (0, 0, 0);
    let mut wrong = Vec::new();
    for grid in positions() {
        seen += 1;
        let want = oracle(&grid);
        let mut got = BTreeSet::new();
        for d in find_all(set, &grid) {
            got.extend(d.placements.iter().map(|p| (p.cell, p.digit, true)));
            assert!(d.eliminations.is_empty());
        }
        for d in find_all(delete, &grid) {
            got.extend(d.eliminations.iter().map(|e| (e.cell, e.digit, false)));
            assert!(d.placements.is_empty());
        }
        placed += want.iter().filter(|w| w.2).count();
        removed += want.iter().filter(|w| !w.2).count();
        wrong.extend(common::disagreement("", &want, &got, &grid));
    }
    eprintln!("templates: {placed} placements and {removed} removals checked at {seen} positions");
    common::no_disagreements(&wrong);
    assert!(placed > 10 && removed > 10, "too few checked: {placed} placements, {removed} removals");
}
