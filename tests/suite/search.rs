//! The fast search core against the design card's backtracker: on the project's own puzzles
//! (classic, anti-knight, anti-king) and on puzzles derived from them with several solutions
//! or none, both must count the same (0, 1, 2 ... up to a limit), and a unique puzzle's
//! solution must be the one kept with it.

use std::sync::Arc;

use deduku::formats::{Origin, parse_puzzles};
use deduku::search::{backtrack, solutions};
use deduku::strategies::{hidden_single, naked_single};
use deduku::{Digit, Grid, Layout, Rule, Rules, Solver};

/// The puzzles of a file under `puzzles/`, each with the solution written after it.
fn kept(file: &str) -> Vec<(Vec<Option<Digit>>, Vec<Digit>)> {
    let text = std::fs::read_to_string(format!("{}/puzzles/{file}", env!("CARGO_MANIFEST_DIR"))).expect("a kept puzzle file");
    text.lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .map(|line| {
            let mut parts = line.split_whitespace();
            let givens = parse_puzzles(parts.next().unwrap(), 9, Origin::Argument(1)).unwrap().remove(0).givens;
            let solution = parts.next().expect("a solution after the puzzle").bytes().map(|b| b - b'0').collect();
            (givens, solution)
        })
        .collect()
}

fn design_card_count(grid: &Grid, limit: usize) -> usize {
    backtrack(grid, &[naked_single, hidden_single], limit, 0).count
}

const FILES: [(&str, &[Rule]); 6] = [
    ("generated-classic.txt", &[]),
    ("generated-hard.txt", &[]),
    ("generated-anti-knight.txt", &[Rule::AntiKnight]),
    ("generated-hard-anti-knight.txt", &[Rule::AntiKnight]),
    ("generated-anti-king.txt", &[Rule::AntiKing]),
    ("generated-hard-anti-king.txt", &[Rule::AntiKing]),
];

fn layout(rules: &[Rule]) -> Arc<Layout> {
    Arc::new(Layout::classic(rules.iter().fold(Rules::classic(), |set, &r| set.with(r))))
}

#[test]
fn unique_kept_puzzles_have_their_solution_and_agree_with_the_backtracker() {
    for (file, rules) in FILES {
        let layout = layout(rules);
        assert!(deduku::search::fast_core(&layout).is_some(), "classic boxes with {rules:?} use the fast core");
        let puzzles = kept(file);
        assert!(puzzles.len() >= 20, "{file} holds puzzles");
        for (givens, solution) in &puzzles {
            let grid = Grid::new(layout.clone(), givens).expect("kept givens do not clash");
            let found = solutions(&grid, 2, 2);
            assert_eq!(found.count, 1, "{file}: {givens:?}");
            assert_eq!(&found.solutions[0], solution, "{file}");
            assert!(!found.hit_limit);
            assert_eq!(design_card_count(&grid, 2), 1, "{file}");
        }
    }
}

#[test]
fn derived_puzzles_with_several_solutions_or_none_count_the_same_both_ways() {
    let mut compared = [0usize; 3];
    for (file, rules) in FILES {
        let layout = layout(rules);
        for (n, (givens, solution)) in kept(file).iter().enumerate().step_by(4) {
            let mut variants = Vec::new();
            // Fewer givens: often several solutions.
            let mut fewer = givens.clone();
            let filled: Vec<usize> = (0..81).filter(|&c| fewer[c].is_some()).collect();
            for &cell in filled.iter().skip(n % 5).step_by(3).take(1 + n % 3) {
                fewer[cell] = None;
            }
            variants.push(fewer);
            // One wrong digit in a blank that no given sees: no solution.
            if let Some(cell) = (0..81).find(|&c| {
                givens[c].is_none()
                    && (1..=9).any(|d| d != solution[c] && !layout.peers(c).any(|p| givens[p] == Some(d)))
            }) {
                let d = (1..=9).find(|&d| d != solution[cell] && !layout.peers(cell).any(|p| givens[p] == Some(d))).unwrap();
                let mut wrong = givens.clone();
                wrong[cell] = Some(d);
                variants.push(wrong);
            }
            for v in &variants {
                let grid = Grid::new(layout.clone(), v).expect("no clash by construction");
                for limit in [1, 2, 5] {
                    let fast = solutions(&grid, limit, 0).count;
                    assert_eq!(fast, design_card_count(&grid, limit), "{file} puzzle {n}, limit {limit}: {v:?}");
                    compared[fast.min(2)] += 1;
                }
            }
        }
    }
    // The derived puzzles must really cover every answer, or the test proves little.
    assert!(compared.iter().all(|&c| c > 10), "counts 0 / 1 / 2+ compared: {compared:?}");
}

#[test]
fn positions_after_logic_steps_and_an_empty_grid_count_correctly() {
    let layout = layout(&[]);
    let solver = Solver::default().backtracking(false);
    for (givens, solution) in kept("generated-hard.txt").iter().take(30) {
        let mut grid = Grid::new(layout.clone(), givens).unwrap();
        for _ in 0..15 {
            solver.step(&mut grid);
        }
        let found = solutions(&grid, 2, 1);
        assert_eq!(found.count, 1);
        assert_eq!(&found.solutions[0], solution);
    }
    let empty = Grid::new(layout, &[None; 81]).unwrap();
    let found = solutions(&empty, 3, 3);
    assert_eq!((found.count, found.solutions.len(), found.hit_limit), (3, 3, true));
    assert!(found.solutions.iter().all(|s| s.iter().all(|&d| (1..=9).contains(&d))));
}

#[test]
fn other_sizes_fall_back_to_the_generic_search() {
    let layout = Arc::new(Layout::new(4, 2, 2, Rules::classic()).unwrap());
    assert!(deduku::search::fast_core(&layout).is_none());
    let givens: Vec<Option<Digit>> = "1.........4.....".bytes().map(|b| (b != b'.').then(|| b - b'0')).collect();
    let grid = Grid::new(layout, &givens).unwrap();
    for limit in [1, 2, 50] {
        assert_eq!(solutions(&grid, limit, 0).count, design_card_count(&grid, limit));
        assert_eq!(solutions(&grid, limit, limit).solutions.len(), solutions(&grid, limit, 0).count);
    }
}
