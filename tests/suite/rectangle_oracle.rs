//! Unique and hidden rectangles against a plain oracle: every rectangle of four empty cells
//! in two rows, two columns and two boxes, every pair of digits all four corners hold, and
//! what each type proves there, read straight from the definitions. The technique must list
//! every removal the oracle finds, and nothing else.

use crate::common;

use std::collections::{BTreeMap, BTreeSet};

use deduku::layout::HouseKind;
use deduku::strategies::{find_all, ids};
use deduku::{Digit, Grid, Rules};

type Cand = (usize, Digit);

/// Every removal of unique rectangle types 1, 2 and 4 and of the hidden rectangle at `grid`,
/// by technique id.
fn oracle(grid: &Grid) -> BTreeMap<&'static str, BTreeSet<Cand>> {
    let layout = grid.layout();
    let mut found: BTreeMap<&'static str, BTreeSet<Cand>> = BTreeMap::new();
    let boxes: Vec<usize> = layout.houses_of_kind(HouseKind::Box).collect();
    let box_of = |cell: usize| boxes.iter().position(|&h| layout.house(h).cells.contains(&cell)).unwrap();
    let empty = |cell: usize| grid.digit(cell).is_none();
    // The places of `digit` in the house of `kind` holding `cell`.
    let places = |kind: HouseKind, cell: usize, digit: Digit| -> BTreeSet<usize> {
        let house = layout.houses_of(cell).iter().copied().find(|&h| layout.house(h).kind == kind).unwrap();
        layout.house(house).cells.iter().copied().filter(|&c| empty(c) && grid.has_candidate(c, digit)).collect()
    };
    for (r1, r2, c1, c2) in (0..9).flat_map(|r1| (r1 + 1..9).flat_map(move |r2| (0..9).flat_map(move |c1| (c1 + 1..9).map(move |c2| (r1, r2, c1, c2))))) {
        // Corners in order: 0 = (r1, c1), 1 = (r1, c2), 2 = (r2, c1), 3 = (r2, c2); 0 and 3
        // are opposite, as are 1 and 2.
        let corners = [r1 * 9 + c1, r1 * 9 + c2, r2 * 9 + c1, r2 * 9 + c2];
        let in_boxes: BTreeSet<usize> = corners.iter().map(|&c| box_of(c)).collect();
        if in_boxes.len() != 2 || !corners.iter().all(|&c| empty(c)) {
            continue;
        }
        for (a, b) in (1..=9).flat_map(|a| (a + 1..=9).map(move |b| (a, b))) {
            if !corners.iter().all(|&c| grid.has_candidate(c, a) && grid.has_candidate(c, b)) {
                continue;
            }
            let extras = |c: usize| -> BTreeSet<Digit> { grid.candidates(c).iter().filter(|&d| d != a && d != b).collect() };
            let roof: Vec<usize> = corners.iter().copied().filter(|&c| !extras(c).is_empty()).collect();
            let mut add = |id: &'static str, cell: usize, digit: Digit| {
                if grid.has_candidate(cell, digit) {
                    found.entry(id).or_default().insert((cell, digit));
                }
            };
            if roof.len() == 1 {
                add(ids::UNIQUE_RECTANGLE_1, roof[0], a);
                add(ids::UNIQUE_RECTANGLE_1, roof[0], b);
            }
            let side = roof.len() == 2 && (roof[0] / 9 == roof[1] / 9 || roof[0] % 9 == roof[1] % 9);
            if side && extras(roof[0]).len() == 1 && extras(roof[0]) == extras(roof[1]) {
                let x = *extras(roof[0]).iter().next().unwrap();
                for cell in 0..81 {
                    if !corners.contains(&cell) && empty(cell) && roof.iter().all(|&r| layout.sees(cell, r)) {
                        add(ids::UNIQUE_RECTANGLE_2, cell, x);
                    }
                }
            }
            if side {
                let pair: BTreeSet<usize> = roof.iter().copied().collect();
                let kinds = [if roof[0] / 9 == roof[1] / 9 { HouseKind::Row } else { HouseKind::Column }, HouseKind::Box];
                for (u, v) in [(a, b), (b, a)] {
                    let shared = kinds.iter().any(|&k| {
                        let one = |c: usize| layout.houses_of(c).iter().copied().find(|&h| layout.house(h).kind == k).unwrap();
                        one(roof[0]) == one(roof[1]) && places(k, roof[0], u) == pair
                    });
                    if shared {
                        add(ids::UNIQUE_RECTANGLE_4, roof[0], v);
                        add(ids::UNIQUE_RECTANGLE_4, roof[1], v);
                    }
                }
            }
            // Hidden rectangle: a corner holding just a and b, and in the row and the column
            // of the opposite corner one digit only in the rectangle: the other digit leaves
            // that corner.
            for (f, d) in [(0, 3), (3, 0), (1, 2), (2, 1)] {
                if !extras(corners[f]).is_empty() {
                    continue;
                }
                let cell = corners[d];
                for (u, v) in [(a, b), (b, a)] {
                    let rect_row: BTreeSet<usize> = corners.iter().copied().filter(|&c| c / 9 == cell / 9).collect();
                    let rect_col: BTreeSet<usize> = corners.iter().copied().filter(|&c| c % 9 == cell % 9).collect();
                    if places(HouseKind::Row, cell, u) == rect_row && places(HouseKind::Column, cell, u) == rect_col {
                        add(ids::HIDDEN_RECTANGLE, cell, v);
                    }
                }
            }
        }
    }
    found
}

/// Classic positions for the oracles: along solves of kept puzzles, and random ones.
fn positions() -> Vec<Grid> {
    let mut all = common::solve_positions("generated-hard.txt", Rules::classic(), common::sample(10, 3));
    all.extend(common::random_positions(21, common::sample(300, 3000), 15..50));
    all
}

#[test]
fn rectangles_list_what_a_plain_search_finds() {
    let techniques = [ids::UNIQUE_RECTANGLE_1, ids::UNIQUE_RECTANGLE_2, ids::UNIQUE_RECTANGLE_4, ids::HIDDEN_RECTANGLE];
    let mut checked = BTreeMap::<&str, usize>::new();
    let mut wrong = Vec::new();
    for grid in positions() {
        let want = oracle(&grid);
        for id in techniques {
            let t = deduku::strategies::by_id(id).unwrap();
            let got: BTreeSet<Cand> = find_all(t, &grid).iter().flat_map(|d| d.eliminations.iter().map(|e| (e.cell, e.digit))).collect();
            let want = want.get(id).cloned().unwrap_or_default();
            *checked.entry(id).or_default() += want.len();
            wrong.extend(common::disagreement(&format!("{id} "), &want, &got, &grid));
        }
    }
    eprintln!("removals checked per technique: {checked:?}");
    common::no_disagreements(&wrong);
    assert!(checked.values().all(|&n| n > 20), "too few removals checked: {checked:?}");
}
