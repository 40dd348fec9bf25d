//! The template search (digit by digit) against the design card's backtracker, on every
//! kind of layout it takes: sizes 4 to 9, variant peers, extra houses, irregular regions.
//! Puzzles come from the project's generator (fixed seeds), and from them: fewer givens
//! (several solutions), a wrong digit (none), and positions part-way through a logical
//! solve (candidates removed, not only givens). Counts must agree at every limit, and the
//! solutions found must be the same set.

use std::sync::Arc;

use deduku::generate::{Rng, generate};
use deduku::regions;
use deduku::search::{Templates, backtrack};
use deduku::strategies::{hidden_single, naked_single};
use deduku::{Digit, Grid, Layout, Rule, Rules, Solver};

fn rules(list: &[Rule]) -> Rules {
    list.iter().fold(Rules::classic(), |set, &r| set.with(r))
}

/// Every layout kind the template search is meant for, with a name for messages.
fn layouts() -> Vec<(String, Arc<Layout>)> {
    let mut out = Vec::new();
    let boxed: [(usize, usize, usize, &[Rule]); 9] = [
        (4, 2, 2, &[Rule::DiagonalMain, Rule::DiagonalAnti]),
        (6, 2, 3, &[Rule::AntiKnight]),
        (6, 2, 3, &[Rule::AntiKing]),
        (8, 2, 4, &[Rule::AntiKnight]),
        (8, 2, 4, &[Rule::DiagonalMain]),
        (9, 3, 3, &[Rule::AntiKnight]),
        (9, 3, 3, &[Rule::Windoku]),
        (9, 3, 3, &[Rule::AntiKnight, Rule::DiagonalAnti]),
        (9, 3, 3, &[Rule::Disjoint]),
    ];
    for (size, rows, cols, list) in boxed {
        out.push((format!("{size}x{size} {list:?}"), Arc::new(Layout::new(size, rows, cols, rules(list)).unwrap())));
    }
    for size in [6, 7, 9] {
        // Seeds whose first regions allow grids that fill quickly (as tests/suite/jigsaw.rs's).
        let regions = regions::random(size, &mut Rng::new(100 + size as u64));
        out.push((format!("{size}x{size} jigsaw"), Arc::new(Layout::with_regions(size, &regions, Rules::classic()).unwrap())));
    }
    out
}

fn design_card(grid: &Grid, limit: usize) -> (usize, Vec<Vec<Digit>>) {
    let found = backtrack(grid, &[naked_single, hidden_single], limit, limit);
    (found.count, found.solutions)
}

fn sorted(mut list: Vec<Vec<Digit>>) -> Vec<Vec<Digit>> {
    list.sort();
    list
}

/// Positions derived from `puzzles` of `layout`: each puzzle, fewer givens, a wrong digit,
/// and the position after a few logical steps.
fn positions(layout: &Arc<Layout>, rng: &mut Rng, puzzles: usize) -> Vec<Grid> {
    let solver = Solver::default().backtracking(false);
    let mut out = Vec::new();
    for _ in 0..puzzles {
        let Some(puzzle) = generate(layout, rng) else { continue };
        let cells = layout.cell_count();
        out.push(Grid::new(layout.clone(), &puzzle.givens).unwrap());
        let filled: Vec<usize> = (0..cells).filter(|&c| puzzle.givens[c].is_some()).collect();
        let mut fewer = puzzle.givens.clone();
        for _ in 0..1 + rng.below(3) {
            fewer[filled[rng.below(filled.len())]] = None;
        }
        out.push(Grid::new(layout.clone(), &fewer).unwrap());
        let size = layout.size() as Digit;
        let blank = (0..cells).find(|&c| puzzle.givens[c].is_none() && (1..=size).any(|d| d != puzzle.solution[c] && !layout.peers(c).any(|p| puzzle.givens[p] == Some(d))));
        if let Some(cell) = blank {
            let digit = (1..=size).find(|&d| d != puzzle.solution[cell] && !layout.peers(cell).any(|p| puzzle.givens[p] == Some(d))).unwrap();
            let mut wrong = puzzle.givens.clone();
            wrong[cell] = Some(digit);
            out.push(Grid::new(layout.clone(), &wrong).unwrap());
        }
        let mut stepped = Grid::new(layout.clone(), &fewer).unwrap();
        for _ in 0..6 {
            solver.step(&mut stepped);
        }
        out.push(stepped);
    }
    out
}

#[test]
fn the_template_search_counts_and_finds_what_the_backtracker_does() {
    let mut rng = Rng::new(2027);
    let mut seen = [0usize; 3];
    for (name, layout) in layouts() {
        let templates = Templates::new(&layout, usize::MAX).unwrap_or_else(|| panic!("{name}: the template search takes it"));
        assert!(templates.len() > 0, "{name}");
        for grid in positions(&layout, &mut rng, 6) {
            for limit in [1, 3] {
                let found = templates.search(&grid, limit, limit);
                let (count, expected) = design_card(&grid, limit);
                assert_eq!(found.count, count, "{name}, limit {limit}: {grid:?}");
                assert_eq!(found.solutions.len(), count, "{name}: a solution kept per count");
                if count < limit {
                    // Every solution was found by both, so the sets must be equal.
                    assert_eq!(sorted(found.solutions), sorted(expected), "{name}: {grid:?}");
                    assert!(!found.hit_limit, "{name}: searched to the end");
                } else {
                    for solution in &found.solutions {
                        assert!(is_solution(&grid, solution), "{name}: {solution:?} solves {grid:?}");
                    }
                }
                seen[count.min(2)] += 1;
            }
        }
    }
    assert!(seen.iter().all(|&n| n > 20), "counts 0 / 1 / 2+ all compared: {seen:?}");
}

/// Whether `solution` fills `grid`'s position under its layout: inside the candidates,
/// no digit twice in a house or in two cells that see each other.
fn is_solution(grid: &Grid, solution: &[Digit]) -> bool {
    let layout = grid.layout();
    (0..layout.cell_count()).all(|c| {
        let fits = match grid.cell(c) {
            deduku::Cell::Solved(d) => d == solution[c],
            deduku::Cell::Unsolved(candidates) => candidates.contains(solution[c]),
        };
        fits && layout.peers(c).all(|p| solution[p] != solution[c])
    })
}

#[test]
fn layouts_the_template_search_cannot_take_are_refused() {
    // Rules that link different digits.
    let nc = Layout::new(9, 3, 3, rules(&[Rule::NonConsecutive])).unwrap();
    assert!(Templates::new(&nc, usize::MAX).is_none());
    // More cells than one 128-bit set.
    let big = Layout::new(12, 3, 4, Rules::classic()).unwrap();
    assert!(Templates::new(&big, usize::MAX).is_none());
    // Over the cap: the listing stops instead of running on.
    let classic = Layout::classic(Rules::classic());
    assert!(Templates::new(&classic, 1000).is_none());
    assert_eq!(Templates::new(&classic, usize::MAX).map(|t| t.len()), Some(46_656));
    let knight = Layout::classic(rules(&[Rule::AntiKnight]));
    assert_eq!(Templates::new(&knight, usize::MAX).map(|t| t.len()), Some(3_176));
}

/// The search straight from the givens (no grid built, as `check` runs it) finds what the
/// search of the grid finds: the same count and the same solutions, on puzzles, puzzles with
/// givens taken away, and givens that clash (no solution, where the grid refuses them).
#[test]
fn searching_from_the_givens_finds_what_searching_the_grid_does() {
    let mut rng = Rng::new(2028);
    let mut compared = [0usize; 3];
    let classic = ("9x9 classic".to_string(), Arc::new(Layout::classic(Rules::classic())));
    for (name, layout) in layouts().into_iter().chain([classic]) {
        for _ in 0..5 {
            let Some(puzzle) = generate(&layout, &mut rng) else { continue };
            let filled: Vec<usize> = (0..layout.cell_count()).filter(|&c| puzzle.givens[c].is_some()).collect();
            let mut fewer = puzzle.givens.clone();
            for _ in 0..3 {
                fewer[filled[rng.below(filled.len())]] = None;
            }
            // A given's digit again in a blank cell that sees it.
            let given = filled[rng.below(filled.len())];
            let mut clash = puzzle.givens.clone();
            let seen = layout.peers(given).find(|&p| clash[p].is_none()).expect("a blank peer");
            clash[seen] = clash[given];
            for givens in [&puzzle.givens, &fewer, &clash] {
                let Some(direct) = deduku::search::solutions_of_givens(&layout, givens, 3, 3) else {
                    // Only the variant layouts the fast core takes (too many templates) need a grid.
                    assert!(layout.size() == 9 && !layout.is_classic(), "{name}: not searched from givens");
                    continue;
                };
                let line = deduku::formats::to_line(givens);
                let Ok(grid) = Grid::new(layout.clone(), givens) else {
                    assert_eq!(direct.count, 0, "{name}: clashing givens solved: {line}");
                    compared[0] += 1;
                    continue;
                };
                let found = deduku::search::solutions(&grid, 3, 3);
                let count = found.count;
                assert_eq!(direct.count, count, "{name}: {line}");
                if count < 3 {
                    assert_eq!(sorted(direct.solutions), sorted(found.solutions), "{name}: {line}");
                } else {
                    // The first three of more: which three depends on the order of search.
                    assert!(direct.solutions.iter().all(|s| is_solution(&grid, s)), "{name}: {line}");
                }
                compared[count.min(2)] += 1;
            }
        }
    }
    assert!(compared.iter().all(|&n| n >= 10), "counts 0 / 1 / 2+ all compared: {compared:?}");
}
