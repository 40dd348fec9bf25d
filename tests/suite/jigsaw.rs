//! Jigsaw (irregular regions): soundness of every step on generated jigsaw puzzles, the two
//! searches agreeing on their counts, layout errors, the fast core staying out, boards with
//! regions, and f-puzzles links that carry regions.

use std::sync::Arc;

use deduku::formats::{self, Origin, fpuzzles};
use deduku::generate::{Rng, generate};
use deduku::layout::{HouseKind, LayoutError};
use deduku::strategies::{hidden_single, naked_single};
use deduku::{Deduction, Digit, Grid, Layout, REGISTRY, Rule, Rules, Solver, Strategy};

/// The first step (by index) that contradicts the solution, described.
fn first_unsound(layout: &Layout, journal: &[Deduction], solution: &[Digit]) -> Option<String> {
    journal.iter().enumerate().find_map(|(n, d)| {
        let wrong_placement = d.placements.iter().any(|p| solution[p.cell] != p.digit);
        let wrong_removal = d.eliminations.iter().any(|e| solution[e.cell] == e.digit);
        (wrong_placement || wrong_removal).then(|| format!("step {}: {}", n + 1, deduku::render::text::explain(layout, d)))
    })
}

/// Solves by logic alone, checks every step against the solution, and says whether logic
/// solved it all.
fn check_logic(layout: &Arc<Layout>, strategies: Vec<Strategy>, givens: &[Option<Digit>], solution: &[Digit]) -> bool {
    let mut grid = Grid::new(layout.clone(), givens).expect("generated givens do not clash");
    let contradiction = Solver::new(strategies).run_logic(&mut grid);
    let puzzle = format!("--regions {} {}", deduku::regions::to_text(layout), formats::to_line(givens));
    if let Some(problem) = first_unsound(layout, grid.journal(), solution) {
        panic!("unsound deduction in {puzzle}: {problem}");
    }
    assert!(contradiction.is_none(), "logic found a contradiction in the uniquely solvable {puzzle}");
    if grid.is_solved() {
        let digits: Vec<Digit> = grid.digits().into_iter().map(Option::unwrap).collect();
        assert_eq!(digits, solution, "solved {puzzle} differently");
    }
    grid.is_solved()
}

/// A jigsaw layout of random connected regions.
fn random_layout(size: usize, rng: &mut Rng, rules: Rules) -> Arc<Layout> {
    let regions = deduku::regions::random(size, rng);
    Arc::new(Layout::with_regions(size, &regions, rules).expect("random regions make a layout"))
}

/// A generated puzzle: its layout, givens and solution.
type Made = (Arc<Layout>, Vec<Option<Digit>>, Vec<Digit>);

/// `count` generated jigsaw puzzles of `size`, each on its own random regions (regions that
/// allow no grid are drawn again).
fn puzzles(size: usize, seed: u64, count: usize, rules: Rules) -> Vec<Made> {
    let mut rng = Rng::new(seed);
    let mut out = Vec::new();
    while out.len() < count {
        let layout = random_layout(size, &mut rng, rules.clone());
        if let Some(made) = generate(&layout, &mut rng) {
            out.push((layout, made.givens, made.solution));
        }
    }
    out
}

#[test]
fn generated_jigsaws_solve_soundly_in_default_and_shuffled_orders() {
    // A 16x16 jigsaw is left out: filling one takes minutes in a debug build.
    for (size, count) in [(6, 20), (7, 12), (9, 6)] {
        let mut solved = 0;
        let mut rng = Rng::new(size as u64);
        for (layout, givens, solution) in puzzles(size, 100 + size as u64, count, Rules::classic()) {
            let default: Vec<Strategy> = REGISTRY.iter().map(|t| t.run).collect();
            solved += check_logic(&layout, default.clone(), &givens, &solution) as usize;
            // Why not on 9x9: a shuffled order may run the forcing nets early, which take long
            // on a layout the fast search core does not serve.
            if size < 9 {
                let mut shuffled = default;
                rng.shuffle(&mut shuffled);
                check_logic(&layout, shuffled, &givens, &solution);
            }
            // The default solver (logic, then search if needed) ends at the solution.
            let outcome = Solver::default().solve(layout.clone(), &givens);
            assert_eq!(outcome.solution.as_deref(), Some(&solution[..]));
            assert!(first_unsound(&layout, outcome.steps(), &solution).is_none());
        }
        assert!(solved > 0, "{size}x{size}: logic solved none of {count}");
    }
}

/// Every technique but the forcing ones, tried on its own at every position of default
/// solves of 9x9 jigsaws: what it deduces agrees with the solution, and no technique that
/// assumes uniqueness fires.
#[test]
fn every_technique_at_every_position_of_jigsaws() {
    let mut fired = std::collections::BTreeMap::<&str, usize>::new();
    for (layout, givens, solution) in puzzles(9, 31, 6, Rules::classic()) {
        let mut grid = Grid::new(layout.clone(), &givens).unwrap();
        Solver::default().backtracking(false).run_logic(&mut grid);
        for state in grid.replay() {
            for t in REGISTRY.iter().filter(|t| t.difficulty < 76) {
                let mut probe = state.clone();
                if !(t.run)(&mut probe) {
                    continue;
                }
                *fired.entry(t.id).or_default() += 1;
                assert!(!t.uniqueness, "{} fired on a jigsaw", t.id);
                let step = probe.journal().last().unwrap();
                if let Some(problem) = first_unsound(&layout, std::slice::from_ref(step), &solution) {
                    panic!("{}: {} on its own: {problem}", formats::to_line(&givens), t.id);
                }
            }
        }
    }
    eprintln!("deductions checked per technique: {fired:?}");
    // Why these: they read a box's rows and columns, which on regions come from its cells.
    for id in ["pointing", "claiming"] {
        assert!(fired.contains_key(id), "{id} never fired: {fired:?}");
    }
}

#[test]
fn both_searches_count_jigsaw_solutions_alike() {
    for (size, seed) in [(6, 1), (7, 2), (9, 3)] {
        for (layout, givens, solution) in puzzles(size, seed, 3, Rules::classic()) {
            let count = |givens: &[Option<Digit>]| {
                let grid = Grid::new(layout.clone(), givens).unwrap();
                let fast = deduku::search::solutions(&grid, 50, 1);
                let slow = deduku::search::backtrack(&grid, &[naked_single, hidden_single], 50, 1);
                assert_eq!(fast.count, slow.count, "{}", formats::to_line(givens));
                fast.count
            };
            assert_eq!(count(&givens), 1);
            let grid = Grid::new(layout.clone(), &givens).unwrap();
            assert_eq!(deduku::search::solutions(&grid, 2, 1).solutions, std::slice::from_ref(&solution));
            // A minimal puzzle without any one given has more than one solution.
            let given = givens.iter().position(Option::is_some).unwrap();
            let mut fewer = givens.clone();
            fewer[given] = None;
            assert!(count(&fewer) > 1);
        }
    }
}

/// The 4x4 regions of the board tests: all connected.
const REGIONS_4: &str = "AAAB ACBB CCDB CDDD";

fn regions(text: &str) -> (usize, Vec<usize>) {
    deduku::regions::parse(text, None).unwrap()
}

#[test]
fn regions_are_the_boxes_and_bring_the_jigsaw_rule() {
    let (size, regions) = regions(REGIONS_4);
    let layout = Layout::with_regions(size, &regions, Rules::classic()).unwrap();
    assert!(layout.rules().contains(Rule::Jigsaw) && !layout.is_classic() && layout.has_regions());
    assert_eq!(layout.box_shape(), None);
    let boxes: Vec<(String, Vec<usize>)> =
        layout.houses_of_kind(HouseKind::Box).map(|h| (layout.house(h).short_name(), layout.house(h).cells.clone())).collect();
    assert_eq!(
        boxes,
        [("b1".to_string(), vec![0, 1, 2, 4]), ("b2".to_string(), vec![3, 6, 7, 11]), ("b3".to_string(), vec![5, 8, 9, 12]), ("b4".to_string(), vec![10, 13, 14, 15])]
    );
    assert_eq!((0..16).map(|c| layout.box_of(c)).collect::<Vec<_>>(), [0, 0, 0, 1, 0, 2, 1, 1, 2, 2, 3, 1, 2, 3, 3, 3]);
    assert!(layout.sees(2, 4) && !layout.sees(3, 4));
    // Region numbers only name regions: any numbers give the same boxes.
    let renamed: Vec<usize> = regions.iter().map(|r| 70 - 10 * r).collect();
    let again = Layout::with_regions(size, &renamed, Rules::classic()).unwrap();
    assert_eq!((0..16).map(|c| again.box_of(c)).collect::<Vec<_>>(), (0..16).map(|c| layout.box_of(c)).collect::<Vec<_>>());
    // A size with no boxes of one shape is fine with regions.
    let seven: Vec<usize> = (0..49).map(|c| c / 7).collect();
    assert_eq!(Layout::with_regions(7, &seven, Rules::classic()).unwrap().size(), 7);
    // Classic boxes keep their shape and index.
    let classic = Layout::classic(Rules::classic());
    assert_eq!((classic.box_shape(), classic.box_of(80), classic.box_lines(4)), (Some((3, 3)), 8, (0b111_000, 0b111_000)));
}

#[test]
fn malformed_regions_are_refused_with_one_clear_line() {
    let err = |size: usize, regions: &[usize], rules: Rules| Layout::with_regions(size, regions, rules).unwrap_err();
    let rows: Vec<usize> = (0..81).map(|c| c / 9).collect();
    assert_eq!(err(9, &rows[..80], Rules::classic()), LayoutError::RegionCells { found: 80, size: 9 });
    assert_eq!(err(9, &rows[..80], Rules::classic()).to_string(), "regions: found 80 cells; a 9x9 grid needs 81");
    let mut moved = rows.clone();
    moved[3] = 1;
    assert_eq!(err(9, &moved, Rules::classic()).to_string(), "regions: the region of r1c1 has 8 cells; each needs 9");
    let eight: Vec<usize> = rows.iter().map(|&r| r.min(7)).collect();
    assert_eq!(err(9, &eight, Rules::classic()).to_string(), "regions: found 8 regions; a 9x9 grid needs 9");
    assert_eq!(err(9, &rows, Rules::classic().with(Rule::Windoku)).to_string(), "windoku needs boxes of one shape; it cannot be played on irregular regions");
    assert_eq!(err(9, &rows, Rules::classic().with(Rule::Disjoint)), LayoutError::RegionsWith { rule: Rule::Disjoint });
    let spec = deduku::layout::LayoutSpec { size: 9, boxes: Some((3, 3)), regions: Some(rows.clone()), ..Default::default() };
    assert_eq!(spec.build().unwrap_err(), LayoutError::RegionsWithBoxes { rows: 3, cols: 3 });
    assert_eq!(Layout::new(9, 3, 3, Rules::classic().with(Rule::Jigsaw)).unwrap_err(), LayoutError::JigsawWithoutRegions);
    // A region in two pieces is allowed: the rule asks only for every digit once in it.
    let (size, split) = regions("AABB ACBB ACCD CDDD");
    assert!(!deduku::regions::connected(size, &split));
    assert!(Layout::with_regions(size, &split, Rules::classic()).is_ok());
}

#[test]
fn the_fast_core_takes_only_classic_boxes() {
    let classic = Layout::classic(Rules::classic());
    assert!(deduku::search::Core::new(&classic).is_some());
    // Rows as regions: nine houses of nine cells, like boxes, but not the 3x3 ones.
    let rows: Vec<usize> = (0..81).map(|c| c / 9).collect();
    assert!(deduku::search::Core::new(&Layout::with_regions(9, &rows, Rules::classic()).unwrap()).is_none());
    // Regions drawn exactly as the usual boxes are still regions to the core: it stays out.
    let boxes: Vec<usize> = (0..81).map(|c| classic.box_of(c)).collect();
    assert!(deduku::search::Core::new(&Layout::with_regions(9, &boxes, Rules::classic()).unwrap()).is_none());
}

#[test]
fn boards_draw_the_borders_of_regions() {
    let (size, regions) = regions(REGIONS_4);
    let layout = Arc::new(Layout::with_regions(size, &regions, Rules::classic()).unwrap());
    let mut givens = vec![None; 16];
    givens[0] = Some(1);
    givens[15] = Some(2);
    let values = deduku::render::board::values(&layout, &givens);
    assert_eq!(values, BOARD_VALUES, "\n{values}");
    let grid = Grid::new(layout.clone(), &givens).unwrap();
    let candidates = deduku::render::board::candidates(&grid, None);
    assert_eq!(candidates, BOARD_CANDIDATES, "\n{candidates}");
}

const BOARD_VALUES: &str = "\
1   .   . | .
  +---+---+
. | . | .   .
--+   +---+
.   . | . | .
  +---+   +--
. | .   .   2
";

const BOARD_CANDIDATES: &str = "\
.-------------------.-----.
| 1     234    234  | 34  |
|     +------+------+     |
| 234 | 1234 | 1234   134 |
:-----+      +------+     |
| 234   1234 | 134  | 134 |
|     +------+      +-----:
| 34  | 134    134    2   |
'-----'-------------------'
";

/// A puzzle's layout and givens read from `text` (an f-puzzles link).
fn read_link(text: &str) -> (Layout, Vec<Option<Digit>>) {
    let mut puzzles = formats::parse_puzzles(text, 9, Origin::Argument(1)).unwrap();
    let puzzle = puzzles.remove(0);
    let layout = puzzle.variant.expect("a link brings its variant").layout(&Rules::classic()).unwrap();
    (layout, puzzle.givens)
}

fn house_cells(layout: &Layout) -> Vec<(HouseKind, Vec<usize>)> {
    layout.houses().iter().map(|h| (h.kind, h.cells.clone())).collect()
}

#[test]
fn fpuzzles_links_carry_regions_there_and_back() {
    for (size, seed) in [(9, 5), (7, 6), (6, 7)] {
        let (layout, givens, solution) = puzzles(size, seed, 1, Rules::classic().with(Rule::DiagonalMain)).remove(0);
        let link = formats::fpuzzles_link(&layout, &givens, Some(&solution));
        let (read, read_givens) = read_link(&link);
        assert_eq!(house_cells(&read), house_cells(&layout), "{size}x{size}: {link}");
        assert_eq!(read_givens, givens);
        assert!(read.rules().contains(Rule::Jigsaw) && read.rules().contains(Rule::DiagonalMain));
        let again = formats::fpuzzles_link(&read, &read_givens, Some(&solution));
        assert_eq!(again, link, "writing what was read gives the same link");
        // Only the cells outside their default box carry a region.
        let decoded = fpuzzles::decode(&fpuzzles::payload_of(&link).unwrap()).unwrap();
        let (rows, cols) = Layout::default_boxes(size).unwrap_or((1, size));
        let default_box = |cell: usize| (cell / size / rows) * (size / cols) + cell % size / cols;
        for (cell, c) in decoded.cells.iter().enumerate() {
            if let Some(region) = c.region {
                assert_ne!(usize::from(region), default_box(cell), "cell {cell} carries its default region");
            }
        }
        // The cells without a region key are their default box: the regions they fall in
        // hold only such cells of that box where they are not moved.
        assert!(decoded.cells.iter().any(|c| c.region.is_some()));
    }
    // A classic layout writes no region at all, and a link whose regions are the usual boxes
    // reads as classic.
    let classic = Layout::classic(Rules::classic());
    let link = formats::fpuzzles_link(&classic, &[None; 81], None);
    assert!(fpuzzles::decode(&fpuzzles::payload_of(&link).unwrap()).unwrap().cells.iter().all(|c| c.region.is_none()));
    assert!(!read_link(&link).0.rules().contains(Rule::Jigsaw));
}
