//! The community variant puzzles of `../shared/puzzles/variants/fpuzzles-examples.jsonl`, read
//! by path next to the repository (never copied into it; skipped with a note when absent):
//! every puzzle deduku reads has exactly one solution by the generic search, it is the listed
//! one, and every step of the explained solve holds in it. A puzzle with a rule deduku lacks
//! is refused by name, never solved without the rule.
//!
//! `cargo run --release --example community` prints the report (times, hardest steps).

use crate::common;

use std::sync::Arc;

use deduku::formats::{self, Variant, fpuzzles};
use deduku::{Digit, Grid, Rules};

#[test]
fn every_community_puzzle_read_is_unique_and_solved_soundly_to_its_listing() {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/puzzles/variants/fpuzzles-examples.jsonl");
    let Ok(text) = std::fs::read_to_string(&path) else {
        println!("skipped: {} is not there", path.display());
        return;
    };
    let (mut read, mut by_logic) = (0, 0);
    for line in text.lines().filter(|l| !l.trim().is_empty()) {
        let entry: serde_json::Value = serde_json::from_str(line).unwrap();
        let index = entry["index"].as_u64().unwrap();
        let puzzle = match fpuzzles::decode(entry["fpuzzles_lz"].as_str().unwrap()) {
            Ok(puzzle) => puzzle,
            Err(fpuzzles::FPuzzlesError::UnknownRule { key }) => {
                let listed: Vec<String> = serde_json::from_value(entry["constraints"].clone()).unwrap();
                assert!(listed.contains(&key), "puzzle {index}: refused for {key}, which it does not have");
                continue;
            }
            Err(e) => panic!("puzzle {index}: {e}"),
        };
        let (givens, variant) = Variant::of_fpuzzle(&puzzle).unwrap_or_else(|e| panic!("puzzle {index}: {e}"));
        let layout = Arc::new(variant.layout(&Rules::classic()).unwrap_or_else(|e| panic!("puzzle {index}: {e}")));
        read += 1;
        let grid = Grid::new(layout.clone(), &givens).unwrap_or_else(|e| panic!("puzzle {index}: givens clash: {e:?}"));
        let search = deduku::search::solutions(&grid, 2, 2);
        assert_eq!(search.count, 1, "puzzle {index}: not unique");
        let listed = entry["solution"].as_str().unwrap();
        // Why the length test: the listing writes a 16x16 solution's digits as decimal numbers run
        // together (`1510...`), which no one-character-per-cell line can be held to.
        if listed.chars().count() == layout.cell_count() {
            assert_eq!(formats::solution_line(&search.solutions[0]), listed, "puzzle {index}: solved differently from its listing");
        }
        let solution: Vec<Digit> = search.solutions[0].clone();
        if common::logic_is_sound(&layout, &givens, &solution, &format!("community puzzle {index}")) {
            by_logic += 1;
        } else {
            println!("puzzle {index}: logic stops short");
        }
    }
    println!("{read} community puzzles read, {by_logic} solved by logic alone");
    assert!(read > 0, "the file holds puzzles deduku reads");
}
