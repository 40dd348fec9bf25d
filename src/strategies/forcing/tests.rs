//! Tests of the forcing family. The positions come from generated puzzles (found with the
//! ignored helper `cases` below).

use super::engine::{Engine, Mode};
use super::*;
use crate::strategies::test_support::knight;
use crate::strategies::{Finder, find_all, fire};
use crate::formats::parse_candidate_line;
use crate::layout::Layout;
use crate::render::text;
use crate::rules::{Rule, Rules};
use std::sync::Arc;

/// Digit Forcing Chain (contradiction, a cell left empty)
const DIGIT_EMPTY: &str = "3 147 9 56 26 1257 12 28 1248 +5 14 +6 8 9 12 7 23 1234 78 178 2 4 +3 17 +6 +9 5 12 +9 +7 +3 4 25 8 256 126 +4 5 +8 16 26 +9 +3 +7 12 12 6 3 157 57 +8 125 4 +9 9 3 +1 25 58 6 +4 258 7 78 278 +5 27 1 +4 9 36 36 6 27 +4 +9 578 3 25 1 28";
/// Digit Forcing Chain (contradiction)
const DIGIT_PLACE: &str = "13589 12458 7 1249 12459 459 6 13459 3459 159 12456 126 8 124569 3 19 7 459 1359 1456 16 1469 +7 4569 +8 13459 2 6 28 5 7 389 1 4 239 39 4 128 128 39 3589 589 237 2369 3679 +7 9 +3 46 46 2 +5 8 1 15 1567 9 12346 12346 46 237 12346 8 18 167 4 5 123689 689 237 12369 3679 2 3 168 1469 14689 7 19 14569 4569";

/// Cell Forcing Chain
const CELL: &str = "4569 245 2569 5679 3567 8 3457 235 1 3 2458 1256 56 156 457 458 9 24578 1459 4589 7 2 135 459 6 358 458 2 59 +3 68 4 59 +1 7 68 8 +7 4 1 256 259 359 235 256 159 6 159 5789 257 3 4589 258 2458 567 3 56 4 +8 157 2 16 9 579 1 259 +3 25 6 58 4 578 46 24 8 57 9 12 57 16 3";

/// Unit Forcing Chain (8 in row 4)
const UNIT: &str = "13589 12458 7 1249 12459 459 6 13459 3459 159 12456 126 8 124569 3 19 7 459 1359 1456 16 1469 +7 4569 +8 13459 2 6 28 5 7 389 1 4 239 39 4 128 128 39 3589 589 237 2369 3679 +7 9 +3 46 46 2 +5 8 1 15 1567 9 12346 12346 46 237 12346 8 18 167 4 5 123689 689 237 12369 3679 2 3 168 1469 14689 7 19 14569 4569";

/// Digit Forcing Chain (contradiction)
const KNIGHT_DIGIT: &str = "1347 9 137 1347 8 +5 2347 367 23467 134678 13468 +2 13467 13679 3479 39 3789 5 3468 368 5 2 379 369 34789 1 34789 389 358 389 34589 +2 34789 6 3789 1 135689 7 4 13689 139 13689 3589 2 389 135689 +2 13689 135689 13679 13789 3589 4 3789 2 13568 13689 136789 135679 136789 134789 356789 346789 13456789 134568 136789 136789 35679 1236789 123789 35689 236789 1356789 13568 136789 136789 4 1236789 123789 356789 236789";

/// Cell Forcing Chain
const KNIGHT_CELL: &str = "47 9 +1 34 8 +5 247 367 2467 3467 38 +2 +1 69 47 39 378 5 46 368 5 2 37 69 478 1 34789 89 +5 39 34 +2 478 6 78 1 38 7 4 69 +1 369 +5 2 89 +1 +2 +6 +5 79 78 39 4 3789 2 136 89 6789 +5 36 1478 36789 4678 569 +4 78 789 369 12 128 56 2368 3569 136 378 6789 4 12 1278 5689 23678";

/// Unit Forcing Chain (1 in row 1)
const KNIGHT_UNIT: &str = "1347 9 137 1347 8 +5 2347 367 23467 134678 13468 +2 13467 13679 3479 39 3789 5 3468 368 5 2 379 369 34789 1 34789 389 358 389 34589 +2 34789 6 3789 1 135689 7 4 13689 139 13689 3589 2 389 135689 +2 13689 135689 13679 13789 3589 4 3789 2 13568 13689 136789 135679 136789 134789 356789 346789 13456789 134568 136789 136789 35679 1236789 123789 35689 236789 1356789 13568 136789 136789 4 1236789 123789 356789 236789";

/// Forcing Net (cell)
const KNIGHT_NET: &str = "1347 9 17 347 8 +5 2347 367 23467 34678 368 +2 14 1679 47 39 3789 5 3468 368 5 2 379 369 3478 1 34789 389 358 389 34589 +2 34789 6 789 1 135689 7 4 13689 13 13689 3589 2 389 135689 +2 13689 35689 13679 3789 3589 4 3789 2 13568 389 136789 3569 136789 134789 356789 346789 356789 +4 36789 36789 3569 12389 123789 35689 236789 356789 13568 36789 136789 4 12389 123789 356789 236789";

/// A position where the solver needed a forcing net: no chain technique fires.
const STUCK: &str = "24689 69 2468 5 +7 +1 24 469 3 1 3569 23456 268 246 4689 7 4569 2569 7 569 2456 3 246 469 8 1 2569 245 157 2457 19 8 3 6 459 2579 23456 13567 9 16 456 46 245 3458 2578 3456 8 3456 7 4569 2 145 3459 159 568 4 13568 28 236 68 9 7 1568 3568 2 13568 689 369 +7 15 568 4 689 679 678 +4 1 5 +3 2 68";

/// The effect and the sentence of the step `find`'s technique takes, if it fires.
fn run(mut grid: Grid, find: Finder) -> Option<(String, String)> {
    if !fire(&mut grid, find) {
        return None;
    }
    let step = grid.journal().last().unwrap();
    Some((text::effect(grid.layout(), step), text::explain(grid.layout(), step)))
}

fn grid(rules: Rules, line: &str) -> Grid {
    parse_candidate_line(line, Arc::new(Layout::classic(rules))).unwrap()
}

#[test]
fn digit_forcing_chain_contradiction_empties_a_cell() {
    let (effect, sentence) = run(grid(Rules::classic(), DIGIT_EMPTY), digit_forcing_chain).expect("fires");
    assert_eq!(effect, "r1c7<>2");
    assert_eq!(
        sentence,
        "Digit Forcing Chain (contradiction): r1c7=2 -> r1c7<>1 -> r6c7=1 -> r5c9<>1; r1c7=2 -> r1c5<>2 -> r5c5=2 -> r5c9<>2 -> r5c9 has no candidate => r1c7<>2"
    );
}

#[test]
fn digit_forcing_chain_places_a_digit_whose_absence_contradicts() {
    let (effect, sentence) = run(grid(Rules::classic(), DIGIT_PLACE), digit_forcing_chain).expect("fires");
    assert_eq!(effect, "r9c3=8");
    assert_eq!(
        sentence,
        "Digit Forcing Chain (contradiction): r9c3<>8 -> r9c5=8 -> r4c5<>8; r9c3<>8 -> r5c3=8 -> r4c2<>8 -> row 4 has no place for 8 => r9c3=8"
    );
}

#[test]
fn digit_forcing_chain_verity_form() {
    // The verity form alone (the contradiction forms are shorter in this position).
    let g = grid(Rules::classic(), DIGIT_EMPTY);
    let d = find(&g, Mode::Chain, &[Form::Digit], ids::DIGIT_FORCING_CHAIN).expect("a verity");
    let sentence = text::explain(g.layout(), &d);
    assert_eq!(
        sentence,
        "Digit Forcing Chain (verity): r2c6=1 -> r2c9<>1; r2c6<>1 -> r2c6=2 -> r1c5<>2 -> r5c5=2 -> r5c9<>2 -> r5c9=1 -> r2c9<>1 => r2c9<>1"
    );
    assert_eq!(d.pattern.chains.len(), 2);
    let (on, off) = (&d.pattern.chains[0].nodes, &d.pattern.chains[1].nodes);
    assert_eq!((on[0].cells.clone(), on[0].digit, on[0].on), (off[0].cells.clone(), off[0].digit, !off[0].on));
    // Both branches end in the conclusion.
    assert_eq!(on.last(), off.last());
}

#[test]
fn cell_forcing_chain_every_candidate_removes_the_same_digit() {
    let (effect, sentence) = run(grid(Rules::classic(), CELL), cell_forcing_chain).expect("fires");
    assert_eq!(effect, "r6c5<>2");
    assert_eq!(sentence, "Cell Forcing Chain: r9c4=5 -> r8c5<>5 -> r8c5=2 -> r6c5<>2; r9c4=7 -> r6c4<>7 -> r6c5=7 -> r6c5<>2 => r6c5<>2");
}

#[test]
fn unit_forcing_chain_every_place_places_the_same_digit() {
    let (effect, sentence) = run(grid(Rules::classic(), UNIT), unit_forcing_chain).expect("fires");
    assert_eq!(effect, "r9c3=8");
    assert_eq!(sentence, "Unit Forcing Chain (8 in row 4): r4c2=8 -> r5c3<>8 -> r9c3=8; r4c5=8 -> r9c5<>8 -> r9c3=8 => r9c3=8");
}

#[test]
fn forcing_net_uses_singles_where_chains_stop() {
    let stuck = grid(Rules::classic(), STUCK);
    for chain in [digit_forcing_chain, cell_forcing_chain, unit_forcing_chain] {
        assert_eq!(run(stuck.clone(), chain), None);
    }
    let (effect, sentence) = run(stuck, forcing_net).expect("fires");
    assert_eq!(effect, "r6c3<>4");
    assert_eq!(
        sentence,
        "Forcing Net (contradiction): r6c3=4 -> r3c3<>4 -> r1c1=4 (r1c3<>4, r2c3<>4, r3c3<>4) -> r1c7<>4; r1c1=4 -> r1c8<>4; r6c3=4 -> r4c3<>4 -> r4c8=4 (r4c1<>4, r4c3<>4) -> r2c8<>4 -> box 3 has no place for 4, using r6c3=4 -> r1c3<>4; r6c3=4 -> r2c3<>4; r6c3=4 -> r4c1<>4 (10 steps) => r6c3<>4"
    );
}

#[test]
fn nothing_fires_where_nothing_is_forced() {
    // Three givens: every remaining candidate is in some solution, so no sound deduction exists.
    let mut givens = vec![None; 81];
    givens[0] = Some(1);
    givens[40] = Some(5);
    givens[80] = Some(9);
    let g = Grid::new(Arc::new(Layout::classic(Rules::classic())), &givens).unwrap();
    for t in TECHNIQUES {
        assert!(!(t.run)(&mut g.clone()), "{} fired", t.id);
    }
}

#[test]
fn variant_sight_makes_links_and_is_named() {
    let cases: [(&str, Finder, &str); 4] = [
        (KNIGHT_DIGIT, digit_forcing_chain, "r2c2<>1 (anti-knight)"),
        (KNIGHT_CELL, cell_forcing_chain, "r9c1<>3 (anti-knight)"),
        (KNIGHT_UNIT, unit_forcing_chain, "r2c2<>1 (anti-knight)"),
        (KNIGHT_NET, forcing_net, "r6c1<>3 (anti-knight)"),
    ];
    for (line, strategy, expected) in cases {
        let (effect, _) = run(grid(knight(), line), strategy).expect("fires");
        assert_eq!(effect, expected);
    }
    let (_, sentence) = run(grid(knight(), KNIGHT_NET), forcing_net).unwrap();
    assert_eq!(
        sentence,
        "Forcing Net (cell): r5c5=1 -> r6c5<>1 -> r6c1=1 (r6c3<>1, r6c5<>1) -> r6c1<>3, using r5c5=1 -> r6c3<>1 (4 steps); r5c5=3 -> r6c7<>3 -> r6c9=3 (r5c7<>3, r5c9<>3, r6c7<>3) -> r6c1<>3, using r5c5=3 -> r5c7<>3; r5c5=3 -> r5c9<>3 (5 steps) => r6c1<>3 (anti-knight)"
    );
    // Under classic rules the knight's moves are not links: the unit case has nothing to remove.
    assert_eq!(run(grid(Rules::classic(), KNIGHT_UNIT), unit_forcing_chain).map(|r| r.0).filter(|e| e.contains("r2c2<>1")), None);
}

#[test]
fn proofs_are_trimmed_to_what_the_conclusion_needs() {
    // Every node of every strand but the last is the premise of the next, and each strand
    // starts at the assumption.
    let mut g = grid(Rules::classic(), CELL);
    assert!(fire(&mut g, cell_forcing_chain));
    let d = g.journal().last().unwrap();
    for chain in &d.pattern.chains {
        assert_eq!(chain.links.len() + 1, chain.nodes.len());
        assert!(chain.links.iter().all(|&l| l == crate::deduction::Link::Implies));
    }
    let roots: Vec<_> = d.pattern.chains.iter().map(|c| (c.nodes[0].cells[0], c.nodes[0].digit)).collect();
    assert_eq!(roots, vec![(g.layout().cell(8, 3), 5), (g.layout().cell(8, 3), 7)]);
}

/// A position (from a generated puzzle) where a nested net has a shorter proof than any
/// plain one.
const NESTED: &str = "136 236 5 123 9 8 17 24 47 +8 +4 123 1235 +7 135 15 6 +9 9 7 12 4 25 +6 158 28 +3 36 369 8 235 245 359 37 1 47 13 29 1239 +7 48 39 6 48 5 4 5 7 +6 18 13 38 +9 +2 +7 1 +6 +9 +3 2 +4 5 8 2 +8 4 15 15 7 9 +3 +6 +5 39 39 +8 6 +4 2 +7 +1";

#[test]
fn nested_forcing_net_marks_its_inner_contradictions() {
    let g = grid(Rules::classic(), NESTED);
    let root = super::engine::lit(g.layout().cell(8, 1), 9, true);
    let mut engine = Engine::<2>::new(&g, Mode::Nested);
    // Within three implications no plain net breaks; nesting does.
    let d = deduction(&mut engine, Best::Contradiction(root, 3), ids::NESTED_FORCING_NET);
    let sentence = text::explain(g.layout(), &d);
    assert_eq!(text::effect(g.layout(), &d), "r9c2<>9");
    assert_eq!(
        sentence,
        "Nested Forcing Net (contradiction): r9c2=9 -> r4c2<>9 -> r4c6=9 -> r5c6<>9; r9c2=9 -> r5c6<>3 (nested: r9c2=9) -> r5c6 has no candidate (4 steps) => r9c2<>9"
    );
    assert!(!d.pattern.sets.is_empty());
    // The removal holds in every solution of the position.
    let found = crate::search::backtrack(&g, &[crate::strategies::naked_single, crate::strategies::hidden_single], 2, 2);
    assert!(found.count >= 1);
    assert!(found.solutions.iter().all(|s| s[g.layout().cell(8, 1)] != 9));
    // Run as a strategy, a contradiction a plain net reaches comes first.
    let (effect, sentence) = run(g.clone(), nested_forcing_net).expect("fires");
    let (plain, _) = run(g, forcing_net).expect("fires");
    assert_eq!(effect, plain);
    assert!(sentence.starts_with("Nested Forcing Net (contradiction): ") && !sentence.contains("(nested)"), "{sentence}");
}

/// Prints positions (from generated puzzles) where each forcing technique fires with a short
/// proof, for guides and tests: `cargo test --release --lib forcing::tests::cases -- --ignored
/// --nocapture`. Environment: `RULES` (anti-knight, anti-king), `SEED`, `MAXLEN` (longest
/// sentence shown), `ONLY` (a technique id; `nofire` for positions where no chain fires;
/// `nested` / `nestedonly` for positions where a nested net differs from a plain one).
#[test]
#[ignore]
fn cases() {
    use crate::generate::{Rng, generate};
    use crate::solver::Solver;
    let rules = match std::env::var("RULES").as_deref() {
        Ok("anti-knight") => Rules::classic().with(Rule::AntiKnight),
        Ok("anti-king") => Rules::classic().with(Rule::AntiKing),
        _ => Rules::classic(),
    };
    let layout = Arc::new(Layout::classic(rules));
    let mut rng = Rng::new(std::env::var("SEED").map_or(5, |s| s.parse().unwrap()));
    let solver = Solver::default().backtracking(false);
    let max: usize = std::env::var("MAXLEN").map_or(60, |s| s.parse().unwrap());
    let mut shown = 0;
    for _ in 0..3000 {
        let Some(puzzle) = generate(&layout, &mut rng) else { continue };
        let mut grid = Grid::new(layout.clone(), &puzzle.givens).unwrap();
        solver.run_logic(&mut grid);
        let states = grid.replay();
        for (n, step) in grid.journal().iter().enumerate() {
            if !step.technique.contains("forcing") {
                continue;
            }
            let before = &states[n];
            let chains_fail = !fire(&mut before.clone(), digit_forcing_chain);
            let only = std::env::var("ONLY").unwrap_or_default();
            if only == "nestedonly" {
                if find(before, Mode::Net, &[Form::Contradiction], "x").is_none() {
                    let mut b = before.clone();
                    if find(before, Mode::Nested, &[Form::Contradiction], "x").is_some() && fire(&mut b, nested_forcing_net) {
                        let db = b.journal().last().unwrap();
                        println!("nested: {}", text::explain(&layout, db));
                        println!("case: {} => {}", crate::formats::to_candidate_line(before), text::effect(&layout, db));
                        shown += 5;
                    }
                }
                continue;
            }
            if only == "nested" {
                let (mut a, mut b) = (before.clone(), before.clone());
                if fire(&mut a, forcing_net) && fire(&mut b, nested_forcing_net) {
                    let (da, db) = (a.journal().last().unwrap(), b.journal().last().unwrap());
                    let (sa, sb) = (text::explain(&layout, da), text::explain(&layout, db));
                    if text::effect(&layout, da) != text::effect(&layout, db) && sb.len() <= max {
                        println!("plain: {sa}\nnested: {sb}");
                        println!("case: {} => {}", crate::formats::to_candidate_line(before), text::effect(&layout, db));
                        shown += 5;
                    }
                }
                continue;
            }
            if only == "nofire" {
                if chains_fail && !fire(&mut before.clone(), cell_forcing_chain) && !fire(&mut before.clone(), unit_forcing_chain) {
                    println!("nofire: {}", crate::formats::to_candidate_line(before));
                    let mut probe = before.clone();
                    fire(&mut probe, forcing_net);
                    println!("net: {}", text::explain(&layout, probe.journal().last().unwrap()));
                    shown += 5;
                }
                continue;
            }
            for t in super::TECHNIQUES {
                if !only.is_empty() && t.id != only {
                    continue;
                }
                if t.id == ids::FORCING_NET && !chains_fail {
                    continue;
                }
                let mut probe = before.clone();
                if (t.run)(&mut probe) {
                    let d = probe.journal().last().unwrap();
                    let sentence = text::explain(&layout, d);
                    if sentence.len() <= max {
                        println!("{} | {}", t.id, sentence);
                        println!("case: {} => {}", crate::formats::to_candidate_line(before), text::effect(&layout, d));
                        shown += 1;
                    }
                }
            }
        }
        if shown > 25 {
            break;
        }
    }
}

/// Prints the board and the sentence for `LINE` under technique `TECH` (guide examples).
#[test]
#[ignore]
fn board() {
    colored::control::set_override(false);
    let rules = if std::env::var("RULES").as_deref() == Ok("anti-knight") { knight() } else { Rules::classic() };
    let mut g = grid(rules, &std::env::var("LINE").unwrap());
    let before = g.clone();
    let t = crate::strategies::by_id(&std::env::var("TECH").unwrap()).unwrap();
    assert!((t.run)(&mut g));
    let d = g.journal().last().unwrap();
    println!("{}", crate::render::board::candidates(&before, Some(d)));
    println!("{}", text::explain(g.layout(), d));
    println!("case: {} => {}", crate::formats::to_candidate_line(&before), text::effect(g.layout(), d));
}


/// The one literal a forcing deduction concludes, as (cell, digit, placed).
fn concluded(d: &Deduction) -> (CellId, Digit, bool) {
    match (d.placements.as_slice(), d.eliminations.as_slice()) {
        ([p], []) => (p.cell, p.digit, true),
        ([], [e]) => (e.cell, e.digit, false),
        _ => panic!("a forcing deduction concludes one literal: {d:?}"),
    }
}

#[test]
fn every_instance_concludes_its_own_literal() {
    // Each count is the number of literals the technique's forms decide at the position.
    let cases = [
        (grid(Rules::classic(), DIGIT_EMPTY), ids::DIGIT_FORCING_CHAIN, 82),
        (grid(Rules::classic(), CELL), ids::CELL_FORCING_CHAIN, 15),
        (grid(Rules::classic(), UNIT), ids::UNIT_FORCING_CHAIN, 28),
        (grid(Rules::classic(), STUCK), ids::FORCING_NET, 55),
        (grid(Rules::classic(), NESTED), ids::NESTED_FORCING_NET, 76),
        (grid(knight(), KNIGHT_CELL), ids::CELL_FORCING_CHAIN, 2),
    ];
    for (g, id, count) in cases {
        let technique = TECHNIQUES.iter().find(|t| t.id == id).unwrap();
        let all = find_all(technique, &g);
        let sentences: Vec<String> = all.iter().map(|d| text::explain(g.layout(), d)).collect();
        assert_eq!(all.len(), count, "{id}: {sentences:#?}");
        let mut step = g.clone();
        assert!((technique.run)(&mut step), "{id} fires");
        assert_eq!(all.first(), step.journal().last(), "{id}: the first instance is the step taken");
        let found = crate::search::backtrack(&g, &[crate::strategies::naked_single, crate::strategies::hidden_single], 2, 2);
        let [solution] = found.solutions.as_slice() else { panic!("one solution") };
        let mut seen = Vec::new();
        for (d, sentence) in all.iter().zip(&sentences) {
            let (cell, digit, placed) = concluded(d);
            assert!(!seen.contains(&(cell, digit, placed)), "{id}: {sentence} again");
            assert_eq!(solution[cell] == digit, placed, "{id}: {sentence}");
            seen.push((cell, digit, placed));
        }
    }
}

#[test]
fn listing_every_instance_leaves_the_next_step_as_it_was() {
    // Asked for every instance first, each technique still takes the step it takes on a
    // fresh thread (whose tables are empty).
    let positions = [(Rules::classic(), DIGIT_EMPTY), (Rules::classic(), CELL), (Rules::classic(), STUCK), (Rules::classic(), NESTED), (knight(), KNIGHT_NET)];
    for (rules, line) in positions {
        let g = grid(rules.clone(), line);
        let steps = || TECHNIQUES.iter().map(|t| run(grid(rules.clone(), line), t.find)).collect::<Vec<_>>();
        let fresh = std::thread::scope(|s| s.spawn(steps).join().unwrap());
        for t in TECHNIQUES {
            find_all(t, &g);
        }
        assert_eq!(steps(), fresh, "{line}");
    }
}
