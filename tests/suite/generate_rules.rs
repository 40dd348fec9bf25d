//! Puzzles of `generate --with` under the rules of numbers and lines (killer cages,
//! thermometers, arrows, alone and mixed with others), on 9x9 and smaller grids: each has one
//! solution by the generic search and by the design card's backtracker, every step of the
//! default solver holds in the solution, its f-puzzles link reads back as the same puzzle, and
//! a seed makes the same puzzles again. Then the generic techniques in shuffled orders under
//! every rule deduku has, each order checked step by step and held to the same end.

use crate::common;

use std::sync::Arc;
use std::time::{Duration, Instant};

use deduku::formats;
use deduku::generate::{GenerateOptions, Rng, generate_with};
use deduku::generate_marks::{MARK_RULES, MarkOptions, Marked, generate_marked};
use deduku::search::{backtrack, solutions};
use deduku::strategies::{self, hidden_single, naked_single};
use deduku::{Digit, Grid, Layout, REGISTRY, Rule, Rules, Solver, Status, Strategy, Technique};

/// One kind of puzzle: the rules that apply everywhere and the rules read off the solution.
struct Kind {
    name: &'static str,
    global: Rules,
    with: Vec<Rule>,
}

fn kind(name: &'static str, global: Rules, with: &[Rule]) -> Kind {
    Kind { name, global, with: with.to_vec() }
}

/// The kinds made here, with the sizes and how many puzzles of each.
fn kinds() -> Vec<(Kind, &'static [(usize, u64)])> {
    let classic = Rules::classic;
    vec![
        (kind("killer", classic(), &[Rule::Killer]), &[(9, 2), (6, 4), (4, 3)]),
        (kind("thermometer", classic(), &[Rule::Thermometer]), &[(9, 1), (6, 4)]),
        (kind("arrow", classic(), &[Rule::Arrow]), &[(9, 2), (6, 4)]),
        // Why 6x6 and 4x4 only: the design card's backtracker, held to the count here, prunes
        // these rules only once their cells are filled, and on 9x9 takes minutes.
        (kind("little killer", classic(), &[Rule::LittleKiller]), &[(6, 3), (4, 3)]),
        (kind("sandwich", classic(), &[Rule::Sandwich]), &[(6, 3), (4, 3)]),
        (kind("thermometer and arrow", classic(), &[Rule::Thermometer, Rule::Arrow]), &[(9, 1), (6, 3)]),
        (kind("killer and kropki-white", classic(), &[Rule::Killer, Rule::KropkiWhite]), &[(9, 1), (6, 3)]),
        (kind("anti-knight killer", classic().with(Rule::AntiKnight), &[Rule::Killer]), &[(9, 1), (6, 2)]),
    ]
}

fn make(kind: &Kind, size: usize, seed: u64, index: u64) -> Marked {
    let marks = MarkOptions { rules: kind.with.clone(), negative: false };
    let mut rng = Rng::for_index(seed, index);
    generate_marked(size, &kind.global, &marks, &mut rng, &GenerateOptions::default()).unwrap_or_else(|e| panic!("{} {size}x{size}: {e}", kind.name))
}

fn made(marked: &Marked) -> common::Made {
    common::Made { layout: marked.layout.clone(), givens: marked.givens.clone(), solution: marked.solution.clone() }
}

/// The design card's backtracker's strategies for a puzzle: the singles, and on 9x9 the
/// sum techniques of its rules. Why: with the singles alone a wrong guess in a killer or
/// arrow grid with few givens shows only once a cage or shaft is nearly full, and the count
/// takes minutes (see tests/suite/killer.rs).
fn design_card(layout: &Layout) -> Vec<Strategy> {
    let mut out: Vec<Strategy> = vec![naked_single, hidden_single];
    if layout.size() == 9 {
        for (rule, id) in [(Rule::Killer, "killer-combinations"), (Rule::Arrow, "sum-bounds")] {
            if layout.rules().contains(rule) {
                out.push(strategies::by_id(id).unwrap().run);
            }
        }
    }
    out
}

#[test]
fn generated_puzzles_are_unique_sound_and_read_back() {
    let mut compared = [0usize; 3];
    let mut report = Vec::new();
    for (kind, sizes) in kinds() {
        for &(size, count) in sizes {
            let (started, mut by_logic, mut givens) = (Instant::now(), 0, 0);
            for index in 0..count {
                let marked = make(&kind, size, 18, index);
                let what = format!("{} {size}x{size} #{index}", kind.name);
                for &rule in &kind.with {
                    assert!(marked.layout.rules().contains(rule), "{what}: {rule} missing");
                }
                let grid = Grid::new(marked.layout.clone(), &marked.givens).unwrap();
                assert_eq!(solutions(&grid, 2, 0).count, 1, "{what}: not unique");
                assert_eq!(backtrack(&grid, &design_card(&marked.layout), 2, 0).count, 1, "{what}: the backtracker counts otherwise");
                // The puzzle with one given less (when it has givens) has more solutions, on
                // both counts.
                common::counts_agree(&made(&marked), &design_card(&marked.layout), 1, &mut compared);
                by_logic += common::logic_is_sound(&marked.layout, &marked.givens, &marked.solution, &what) as usize;
                common::link_reads_back(&made(&marked));
                givens += marked.givens.iter().flatten().count();
            }
            report.push(format!("{} {size}x{size}: {count} made, {by_logic} by logic, {givens} givens in all, {:.1?}", kind.name, started.elapsed()));
        }
    }
    println!("{}", report.join("\n"));
    assert!(compared[1] > 20, "counts 0 / 1 / 2+ compared: {compared:?}");
}

#[test]
fn a_seed_makes_the_same_puzzles_again() {
    for (kind, _) in kinds().into_iter().take(4) {
        let link = |seed, index| {
            let marked = make(&kind, 6, seed, index);
            formats::fpuzzles_link(&marked.layout, &marked.givens, Some(&marked.solution))
        };
        let first = link(5, 1);
        assert_eq!(first, link(5, 1), "{}", kind.name);
        assert_ne!(first, link(5, 2), "{}", kind.name);
        assert_ne!(first, link(6, 1), "{}", kind.name);
    }
}

/// A puzzle under `rule` for the shuffled-orders test: `size`x`size`, made by the generator
/// (random regions for jigsaw, the rule's data read off the grid for a rule that carries
/// data, the rule on everywhere otherwise).
fn puzzle_under(rule: Rule, size: usize, rng: &mut Rng) -> (Arc<Layout>, Vec<Option<Digit>>, Vec<Digit>) {
    if rule == Rule::Jigsaw {
        let regions = deduku::regions::random(size, rng);
        let layout = Arc::new(Layout::with_regions(size, &regions, Rules::classic()).unwrap());
        let made = generate_with(&layout, rng, &GenerateOptions::default()).unwrap();
        return (layout, made.givens, made.solution);
    }
    let (global, with) = if MARK_RULES.contains(&rule) { (Rules::classic(), vec![rule]) } else { (Rules::classic().with(rule), Vec::new()) };
    let marked = generate_marked(size, &global, &MarkOptions { rules: with, negative: false }, rng, &GenerateOptions::default())
        .unwrap_or_else(|e| panic!("{rule} {size}x{size}: {e}"));
    (marked.layout, marked.givens, marked.solution)
}

/// Where a solve in one order ended: solved by logic, or the candidates logic left when it
/// fell back to the search (then solved by it).
#[derive(Debug, PartialEq, Eq)]
enum End {
    ByLogic,
    Fallback(Vec<Vec<Digit>>),
}

/// Solves with the techniques in `order`, checks every step against the solution, and says
/// where logic ended.
fn solve_in_order(order: &[&'static Technique], layout: &Arc<Layout>, givens: &[Option<Digit>], solution: &[Digit], what: &str) -> End {
    let outcome = Solver::from_techniques(order).solve(layout.clone(), givens);
    assert_eq!(outcome.status, Status::Solved, "{what}");
    assert_eq!(outcome.solution.as_deref(), Some(solution), "{what}: solved differently");
    for (n, d) in outcome.steps().iter().enumerate() {
        let wrong = d.placements.iter().any(|p| solution[p.cell] != p.digit) || d.eliminations.iter().any(|e| solution[e.cell] == e.digit);
        assert!(!wrong, "{what}: unsound step {}: {}", n + 1, deduku::render::text::explain(layout, d));
    }
    if !outcome.backtracked() {
        return End::ByLogic;
    }
    // The position the fallback started from: the grid before its one step, read again.
    let mut grid = Grid::new(layout.clone(), givens).unwrap();
    Solver::from_techniques(order).run_logic(&mut grid);
    End::Fallback((0..grid.layout().cell_count()).map(|c| grid.candidates(c).iter().collect()).collect())
}

/// The test of the generic techniques in shuffled orders under each rule: for every
/// rule of [`Rule::ALL`], puzzles of the generator under it (the rule's data read off the
/// grid, random regions for jigsaw, the rule on everywhere otherwise), solved in the default
/// order and in shuffled ones; every step of each holds in the solution, and every order ends
/// the same way: solved by logic, or falling back to the search from the same candidates.
#[test]
fn shuffled_orders_end_alike_under_every_rule() {
    let default: Vec<&'static Technique> = REGISTRY.iter().filter(|t| t.default).collect();
    let mut report = Vec::new();
    for rule in Rule::ALL {
        // Why this holds first: a rule that carries data the generator cannot make would be
        // tried with no data at all, which tests nothing of it.
        assert!(!rule.carries_data() || rule == Rule::Jigsaw || MARK_RULES.contains(&rule), "{rule}: the generator makes no data for it");
        let started = Instant::now();
        let mut rng = Rng::new(rule as u64);
        let mut ends = Vec::new();
        for n in 0..2 {
            let (layout, givens, solution) = puzzle_under(rule, 6, &mut rng);
            assert!(layout.rules().contains(rule), "{rule}: not under the rule");
            let what = |order: usize| format!("{rule} #{n}, order {order}: {}", formats::to_line(&givens));
            let first = solve_in_order(&default, &layout, &givens, &solution, &what(0));
            for order in 1..=3 {
                let mut shuffled = default.clone();
                rng.shuffle(&mut shuffled);
                let end = solve_in_order(&shuffled, &layout, &givens, &solution, &what(order));
                assert_eq!(end, first, "{}: ended otherwise than in the default order", what(order));
            }
            ends.push(if first == End::ByLogic { "logic" } else { "fallback" });
        }
        report.push(format!("{rule}: {ends:?}, {:.1?}", started.elapsed()));
    }
    println!("{}", report.join("\n"));
    assert_eq!(report.len(), Rule::ALL.len(), "every rule is tried");
}

/// Figures for the report, by rule and size: time per puzzle, givens left on average, and
/// how many killer puzzles needed no givens. Slow: `cargo test --test suite generate_rules::figures --
/// --ignored --nocapture`.
#[test]
#[ignore]
fn figures() {
    let classic = Rules::classic;
    // Sizes with how many puzzles of each: fewer on 12x12 and 16x16, where a puzzle takes
    // a minute or more.
    let runs: [(Kind, &[(usize, u32)]); 8] = [
        (kind("killer", classic(), &[Rule::Killer]), &[(4, 10), (6, 10), (9, 10), (12, 1)]),
        (kind("thermometer", classic(), &[Rule::Thermometer]), &[(4, 10), (6, 10), (9, 10), (12, 1)]),
        (kind("arrow", classic(), &[Rule::Arrow]), &[(4, 10), (6, 10), (9, 10), (12, 1)]),
        (kind("little killer", classic(), &[Rule::LittleKiller]), &[(6, 10), (9, 10)]),
        (kind("sandwich", classic(), &[Rule::Sandwich]), &[(6, 10), (9, 10)]),
        (kind("thermometer and arrow", classic(), &[Rule::Thermometer, Rule::Arrow]), &[(6, 10), (9, 10)]),
        (kind("anti-knight killer", classic().with(Rule::AntiKnight), &[Rule::Killer]), &[(6, 10), (9, 10)]),
        (kind("killer and kropki-white", classic(), &[Rule::Killer, Rule::KropkiWhite]), &[(6, 10), (9, 10)]),
    ];
    for (kind, sizes) in runs {
        for &(size, count) in sizes {
            let (mut total, mut slowest, mut givens, mut none) = (Duration::ZERO, Duration::ZERO, 0, 0);
            for index in 0..count {
                let started = Instant::now();
                let marked = make(&kind, size, 1, u64::from(index));
                let took = started.elapsed();
                total += took;
                slowest = slowest.max(took);
                let clues = marked.givens.iter().flatten().count();
                givens += clues;
                none += (clues == 0) as usize;
            }
            println!(
                "{} {size}x{size}: {:.2?} per puzzle (slowest {slowest:.2?}), {:.1} givens on average, {none}/{count} with none",
                kind.name,
                total / count,
                givens as f64 / count as f64
            );
        }
    }
}
