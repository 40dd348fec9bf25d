//! Variant puzzles as f-puzzles links: a puzzle written as a link and read back is the same
//! puzzle (size, givens, rules, houses) and solves to the same solution, for every rule of
//! houses and every box size. (The community puzzles: `community.rs`.)

use std::sync::Arc;

use deduku::formats::{Origin, fpuzzles_link, parse_puzzles};
use deduku::generate::{Rng, generate};
use deduku::{Layout, Rule, Rules, Solver, Status};

/// Every house rule alone and a few together.
fn rule_sets() -> Vec<Rules> {
    let one = |rule| Rules::classic().with(rule);
    vec![
        Rules::classic(),
        one(Rule::DiagonalMain).with(Rule::DiagonalAnti),
        one(Rule::DiagonalAnti),
        one(Rule::Windoku),
        one(Rule::Disjoint).with(Rule::AntiKing),
        one(Rule::AntiKnight).with(Rule::DiagonalMain),
    ]
}

#[test]
fn a_link_read_back_is_the_same_puzzle() {
    let mut checked = 0;
    for (size, rows, cols) in [(4, 2, 2), (6, 2, 3), (9, 3, 3)] {
        for rules in rule_sets() {
            let Ok(layout) = Layout::new(size, rows, cols, rules.clone()) else { continue };
            let layout = Arc::new(layout);
            let mut rng = Rng::new(size as u64);
            let Some(made) = generate(&layout, &mut rng) else { continue };
            let link = fpuzzles_link(&layout, &made.givens, Some(&made.solution));
            let read = parse_puzzles(&link, 9, Origin::Argument(1)).expect("a link deduku wrote reads back");
            assert_eq!(read.len(), 1);
            assert_eq!(read[0].givens, made.givens, "{size}x{size} {rules:?}");
            let variant = read[0].variant.as_ref().expect("a link carries its rules");
            let back = variant.layout(&Rules::classic()).expect("a valid layout");
            assert_eq!(back.size(), size);
            let houses = |l: &Layout| {
                let mut all: Vec<Vec<usize>> = l.houses().iter().map(|h| h.cells.clone()).collect();
                all.iter_mut().for_each(|h| h.sort_unstable());
                all.sort();
                all
            };
            assert_eq!(houses(&back), houses(&layout), "{size}x{size} {rules:?}: the same houses");
            assert_eq!(back.rules().contains(Rule::AntiKnight), rules.contains(Rule::AntiKnight));
            assert_eq!(back.rules().contains(Rule::AntiKing), rules.contains(Rule::AntiKing));
            let outcome = Solver::default().solve(Arc::new(back), &read[0].givens);
            assert_eq!(outcome.status, Status::Solved);
            assert_eq!(outcome.solution.as_deref(), Some(&made.solution[..]), "{size}x{size} {rules:?}");
            // Writing it again gives the same link.
            assert_eq!(fpuzzles_link(&layout, &made.givens, Some(&made.solution)), link);
            checked += 1;
        }
    }
    assert!(checked >= 15, "only {checked} layouts checked");
}

#[test]
fn a_link_with_a_rule_deduku_lacks_is_refused_naming_it() {
    // A line of a rule deduku does not know: never solved without it.
    let json = r#"{"size":4,"grid":[[{},{},{},{}],[{},{},{},{}],[{},{},{},{}],[{},{},{},{}]],"nosuchline":[{"lines":[["R1C1","R1C2","R1C3"]]}]}"#;
    let link = deduku::formats::fpuzzles::link(&lz_str::compress_to_base64(json));
    let err = parse_puzzles(&link, 9, Origin::Argument(1)).expect_err("a rule deduku lacks");
    assert!(err.to_string().contains("\"nosuchline\""), "{err}");
    // A white dot, a rule deduku has, is read.
    let dot = r#"{"size":4,"grid":[[{},{},{},{}],[{},{},{},{}],[{},{},{},{}],[{},{},{},{}]],"difference":[{"cells":["R1C1","R1C2"]}]}"#;
    let read = parse_puzzles(&deduku::formats::fpuzzles::link(&lz_str::compress_to_base64(dot)), 9, Origin::Argument(1)).expect("a white dot is read");
    assert_eq!(read[0].variant.as_ref().map(|v| v.rules.clone()), Some(vec![Rule::KropkiWhite]));
}

