//! Variant puzzles as f-puzzles links: a puzzle written as a link and read back is the same
//! puzzle (size, givens, rules, houses) and solves to the same solution, for every rule of
//! houses and every box size; and, when `../shared` is present, the community examples
//! solve to their listed solutions or are refused naming their first rule deduku lacks.

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

/// The shared community examples (when present): each one whose rules deduku has solves to
/// its listed solution; each other is refused with an error naming one of its rules.
#[test]
fn shared_fpuzzles_examples_when_present() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../shared/puzzles/variants/fpuzzles-examples.jsonl");
    let Ok(text) = std::fs::read_to_string(path) else {
        eprintln!("skipped: no {path}");
        return;
    };
    let (mut solved, mut refused) = (0, 0);
    for line in text.lines() {
        let example: serde_json::Value = serde_json::from_str(line).expect("a JSON line");
        let link = format!("https://f-puzzles.com/?load={}", example["fpuzzles_lz"].as_str().expect("a payload"));
        let expected: String = match &example["solution"] {
            serde_json::Value::String(s) => s.clone(),
            serde_json::Value::Array(items) => items.iter().map(|d| d.to_string()).collect(),
            other => panic!("a solution: {other}"),
        };
        match parse_puzzles(&link, 9, Origin::Argument(1)) {
            Ok(puzzles) => {
                let variant = puzzles[0].variant.as_ref().expect("a link carries its rules");
                let layout = Arc::new(variant.layout(&Rules::classic()).expect("a layout"));
                let outcome = Solver::default().solve(layout, &puzzles[0].givens);
                let got: String = outcome.solution.expect("solved").iter().map(|d| d.to_string()).collect();
                assert_eq!(got, expected, "{}", example["name"]);
                solved += 1;
            }
            Err(err) => {
                let constraints = example["constraints"].as_array().expect("a constraint list");
                let named = constraints.iter().filter_map(|c| c.as_str()).any(|c| err.to_string().contains(&format!("\"{c}\"")))
                    || err.to_string().contains("\"region\"");
                assert!(named, "{}: {err} names none of its constraints {constraints:?}", example["name"]);
                refused += 1;
            }
        }
    }
    eprintln!("shared f-puzzles examples: {solved} solved, {refused} refused naming a rule");
    assert!(solved >= 5);
}
