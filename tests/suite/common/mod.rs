//! The guides' case lines, read as `tests/suite/guides.rs` and `tests/suite/plain.rs` both run them:
//! the library's reader ([`deduku::strategies::cases`]), failing the test on a line it
//! cannot read.

#![allow(dead_code)]

use std::sync::Arc;

pub use deduku::strategies::cases::Case;
use deduku::{Deduction, Layout, Technique};

/// Whether the long runs were asked for (`DEDUKU_LONG_TESTS=1`): the heaviest soundness
/// tests then take their full samples, several times what the default run (and CI, held to
/// a few minutes on two cores) takes.
pub fn long() -> bool {
    std::env::var_os("DEDUKU_LONG_TESTS").is_some_and(|v| v != "0")
}

/// `full` on a long run (see [`long`]), else `short`.
pub fn sample(short: usize, full: usize) -> usize {
    if long() { full } else { short }
}

pub fn cases(guide: &str) -> Vec<Case> {
    deduku::strategies::cases::cases(guide).unwrap_or_else(|e| panic!("{e}"))
}

/// Runs `t` on the case's position: its layout, and the step it took if it fired.
pub fn run(t: &Technique, case: &Case) -> (Arc<Layout>, Option<Deduction>) {
    case.run(t).unwrap_or_else(|e| panic!("{e}"))
}

/// Runs the default solver's logic on `givens`, checks every step against `solution`, and
/// says whether logic solved the puzzle; `what` names it in messages.
#[allow(dead_code)] // Not every test binary that includes this module uses it.
pub fn logic_is_sound(layout: &Arc<Layout>, givens: &[Option<deduku::Digit>], solution: &[deduku::Digit], what: &str) -> bool {
    let mut grid = deduku::Grid::new(layout.clone(), givens).expect("generated givens do not clash");
    let contradiction = deduku::Solver::default().run_logic(&mut grid);
    let puzzle = deduku::formats::to_line(givens);
    for (n, d) in grid.journal().iter().enumerate() {
        let wrong = d.placements.iter().any(|p| solution[p.cell] != p.digit) || d.eliminations.iter().any(|e| solution[e.cell] == e.digit);
        assert!(!wrong, "{what} {puzzle}: unsound step {}: {}", n + 1, deduku::render::text::explain(layout, d));
    }
    assert!(contradiction.is_none(), "{what} {puzzle}: logic found a contradiction in a unique puzzle");
    if grid.is_solved() {
        let digits: Vec<deduku::Digit> = grid.digits().into_iter().map(Option::unwrap).collect();
        assert_eq!(digits, solution, "{what} {puzzle}: solved differently");
    }
    grid.is_solved()
}

/// A generated variant puzzle (tests of one rule each: killer, thermometer, arrow): its
/// layout, givens and solution.
pub struct Made {
    pub layout: Arc<Layout>,
    pub givens: Vec<Option<deduku::Digit>>,
    pub solution: Vec<deduku::Digit>,
}

/// The puzzle of `solution` under `layout`: givens taken away in random order while the
/// generic search still finds one solution, stopping at `floor` givens (0: minimal).
pub fn thinned(layout: Arc<Layout>, solution: Vec<deduku::Digit>, rng: &mut deduku::generate::Rng, floor: usize) -> Made {
    let mut givens: Vec<Option<deduku::Digit>> = solution.iter().map(|&d| Some(d)).collect();
    let mut order: Vec<usize> = (0..givens.len()).collect();
    rng.shuffle(&mut order);
    for cell in order {
        if givens.iter().filter(|g| g.is_some()).count() <= floor {
            break;
        }
        let keep = givens[cell].take();
        let grid = deduku::Grid::new(layout.clone(), &givens).expect("givens of the solution do not clash");
        if deduku::search::solutions(&grid, 2, 0).count != 1 {
            givens[cell] = keep;
        }
    }
    Made { layout, givens, solution }
}

/// A puzzle of `rule` on a `size`x`size` grid: a random grid (made under the rule's data
/// chosen before it, for indexers), the rule's data read off it by the generator's reader,
/// and givens taken away as [`thinned`] does, down to `floor`.
pub fn read_off(rule: deduku::Rule, size: usize, rng: &mut deduku::generate::Rng, floor: usize) -> Made {
    use deduku::generate_marks::{MarkOptions, marks_before_grid, read_marks};
    use deduku::layout::LayoutSpec;
    let options = MarkOptions { rules: vec![rule], negative: false };
    let layout_of = |marks: &deduku::formats::fpuzzles::Rules| {
        let constraints = deduku::formats::constraints_of(size, marks);
        Arc::new(LayoutSpec { rules: deduku::Rules::classic().with(rule), constraints, ..LayoutSpec::new(size) }.build().expect("the generator's data make a layout"))
    };
    let fixed = marks_before_grid(size, &options, rng);
    let solution = deduku::generate::random_solution(&layout_of(&fixed), rng).expect("a grid under the data chosen before it");
    let marks = read_marks(size, &solution, &options, &fixed, rng);
    thinned(layout_of(&marks), solution, rng, floor)
}

/// Holds the generic search to the design card's backtracker (with `strategies`) on the
/// puzzle and on it with 1 to `fewer` givens taken away, counting to 1, 2 and 5; each
/// solution found must break no rule. Adds to `compared` the counts seen (0, 1, 2+).
pub fn counts_agree(made: &Made, strategies: &[deduku::Strategy], fewer: usize, compared: &mut [usize; 3]) {
    let mut positions = vec![made.givens.clone()];
    for n in 1..=fewer {
        let mut less = made.givens.clone();
        less.iter_mut().filter(|g| g.is_some()).take(n).for_each(|g| *g = None);
        positions.push(less);
    }
    for givens in positions {
        let grid = deduku::Grid::new(made.layout.clone(), &givens).unwrap();
        for limit in [1, 2, 5] {
            let fast = deduku::search::solutions(&grid, limit, limit);
            let theirs = deduku::search::backtrack(&grid, strategies, limit, limit);
            assert_eq!(fast.count, theirs.count, "limit {limit}: {}", deduku::formats::to_line(&givens));
            for found in &fast.solutions {
                let cells: Vec<Option<deduku::Digit>> = found.iter().map(|&d| Some(d)).collect();
                let solved = deduku::Grid::new(made.layout.clone(), &cells).expect("a solution breaks no rule");
                assert!(solved.contradiction().is_none());
            }
            compared[fast.count.min(2)] += 1;
        }
    }
}

/// The puzzle written as an f-puzzles link reads back as the same puzzle (givens, rules,
/// constraints), solves to its solution, and is written back as the same link.
pub fn link_reads_back(made: &Made) {
    use deduku::formats::{self, Variant, fpuzzles};
    let link = formats::fpuzzles_link(&made.layout, &made.givens, Some(&made.solution));
    let puzzle = fpuzzles::decode(&fpuzzles::payload_of(&link).unwrap()).unwrap();
    let (givens, variant) = Variant::of_fpuzzle(&puzzle).unwrap();
    assert_eq!(givens, made.givens);
    assert_eq!(variant.constraints, made.layout.constraints());
    let layout = Arc::new(variant.layout(&deduku::Rules::classic()).unwrap());
    assert_eq!(layout.rules(), made.layout.rules());
    assert_eq!(deduku::Solver::default().solve(layout.clone(), &givens).solution.as_ref(), Some(&made.solution));
    assert_eq!(formats::fpuzzles_link(&layout, &givens, Some(&made.solution)), link);
}

/// The givens of every `step`-th puzzle kept in `puzzles/file` (`puzzle solution` per line).
pub fn kept_givens(file: &str, step: usize) -> Vec<Vec<Option<deduku::Digit>>> {
    let path = format!("{}/puzzles/{file}", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    text.lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .step_by(step)
        .map(|line| {
            let puzzle = line.split_whitespace().next().unwrap();
            deduku::formats::parse_puzzles(puzzle, 9, deduku::formats::Origin::File(path.clone())).unwrap().remove(0).givens
        })
        .collect()
}

/// Positions along default logical solves of kept puzzles, every `step`-th puzzle.
pub fn solve_positions(file: &str, rules: deduku::Rules, step: usize) -> Vec<deduku::Grid> {
    let layout = Arc::new(Layout::classic(rules));
    let mut all = Vec::new();
    for givens in kept_givens(file, step) {
        let mut grid = deduku::Grid::new(layout.clone(), &givens).unwrap();
        deduku::Solver::default().backtracking(false).run_logic(&mut grid);
        all.extend(grid.replay());
    }
    all
}

/// A random position: a random solution, a third of its cells placed, and in the others
/// the solution's digit with each other digit kept at the chance `keep` in 100 (none that
/// a placed peer rules out).
pub fn random_position(layout: &Arc<Layout>, rng: &mut deduku::generate::Rng, keep: usize) -> deduku::Grid {
    let solution = deduku::generate::random_solution(layout, rng).unwrap();
    let n = layout.cell_count();
    let placed: Vec<bool> = (0..n).map(|_| rng.below(3) == 0).collect();
    let cells = (0..n)
        .map(|cell| {
            if placed[cell] {
                return deduku::Cell::Solved(solution[cell]);
            }
            let digits: deduku::Candidates = (1..=layout.size() as deduku::Digit)
                .filter(|&d| d == solution[cell] || (rng.below(100) < keep && !layout.peers(cell).any(|p| placed[p] && solution[p] == d)))
                .collect();
            deduku::Cell::Unsolved(digits)
        })
        .collect();
    deduku::Grid::from_position(layout.clone(), cells, &placed).unwrap()
}

/// `count` random classic positions (see [`random_position`]) from `seed`, each keeping other
/// candidates at a chance drawn from `keep` (in 100).
pub fn random_positions(seed: u64, count: usize, keep: std::ops::Range<usize>) -> Vec<deduku::Grid> {
    let layout = Arc::new(Layout::classic(deduku::Rules::classic()));
    let mut rng = deduku::generate::Rng::new(seed);
    (0..count)
        .map(|_| {
            let chance = keep.start + rng.below(keep.len());
            random_position(&layout, &mut rng, chance)
        })
        .collect()
}

/// What a technique found against what an oracle proves at `grid`, as one line naming the
/// missed and the added (`what` first), or `None` when they agree.
pub fn disagreement<T: Ord + std::fmt::Debug>(what: &str, want: &std::collections::BTreeSet<T>, got: &std::collections::BTreeSet<T>, grid: &deduku::Grid) -> Option<String> {
    (got != want).then(|| {
        let missed: Vec<_> = want.difference(got).collect();
        let extra: Vec<_> = got.difference(want).collect();
        format!("{what}misses {missed:?}, adds {extra:?} at {}", deduku::formats::to_candidate_line(grid))
    })
}

/// Fails, listing the first few, when `wrong` (one line per disagreement) is not empty.
pub fn no_disagreements(wrong: &[String]) {
    assert!(wrong.is_empty(), "{} disagreements, the first:\n{}", wrong.len(), wrong.iter().take(6).cloned().collect::<Vec<_>>().join("\n"));
}

/// `count` random positions (see [`random_position`]) under each of `rules` in turn, from
/// `seed`, each keeping other candidates at a chance drawn from `keep` (in 100).
pub fn random_positions_under(rules: &[deduku::Rules], seed: u64, count: usize, keep: std::ops::Range<usize>) -> Vec<deduku::Grid> {
    let mut rng = deduku::generate::Rng::new(seed);
    let mut all = Vec::new();
    for rules in rules {
        let layout = Arc::new(Layout::classic(rules.clone()));
        for _ in 0..count {
            let chance = keep.start + rng.below(keep.len());
            all.push(random_position(&layout, &mut rng, chance));
        }
    }
    all
}
