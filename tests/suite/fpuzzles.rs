//! The f-puzzles reader on the shared variant examples (`../shared/puzzles/variants/
//! fpuzzles-examples.jsonl`, next to the repository; skipped with a note when absent): every
//! payload decodes to its size and givens, or is refused naming a rule the puzzle has.
//!
//! Run with `--nocapture` to see the table of which puzzles decode fully.

use std::path::Path;

use deduku::formats::fpuzzles::{self, FPuzzle, FPuzzlesError};
use serde_json::Value;

/// The givens of an f-puzzles JSON object, row after row (`given: true` cells only).
fn givens_of(object: &Value) -> Vec<Option<u8>> {
    let grid = object["grid"].as_array().expect("a grid");
    let given = |cell: &Value| match (cell["given"].as_bool(), cell["value"].as_u64()) {
        (Some(true), Some(value)) => Some(value as u8),
        _ => None,
    };
    grid.iter().flat_map(|row| row.as_array().expect("a row").iter().map(given)).collect()
}

/// Decodes `object` with the rules it names one by one removed until it decodes: the model and
/// the keys removed, in the order they were reported. Each must be one of `constraints`.
fn decode_without_unknown(object: &Value, constraints: &[String], index: u64) -> (FPuzzle, Vec<String>) {
    let mut object = object.clone();
    let mut removed = Vec::new();
    loop {
        match fpuzzles::from_json(&object.to_string()) {
            Ok(puzzle) => return (puzzle, removed),
            Err(FPuzzlesError::UnknownRule { key }) => {
                assert!(constraints.contains(&key), "puzzle {index}: unknown key {key} is not among {constraints:?}");
                object.as_object_mut().unwrap().remove(&key);
                removed.push(key);
            }
            Err(err) => panic!("puzzle {index}: {err}"),
        }
    }
}

#[test]
fn the_shared_examples_decode_or_name_an_unknown_rule() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/puzzles/variants/fpuzzles-examples.jsonl");
    let Ok(text) = std::fs::read_to_string(&path) else {
        println!("skipped: {} is not there", path.display());
        return;
    };
    let mut decoded_fully = 0;
    println!("{:>5} {:>4}  result", "index", "size");
    for line in text.lines().filter(|l| !l.trim().is_empty()) {
        let entry: Value = serde_json::from_str(line).expect("a JSON line");
        let index = entry["index"].as_u64().unwrap_or_default();
        let object = &entry["fpuzzles"];
        let constraints: Vec<String> = serde_json::from_value(entry["constraints"].clone()).unwrap();
        let payload = entry["fpuzzles_lz"].as_str().expect("a payload");
        assert_eq!(fpuzzles::payload_of(payload).as_deref(), Some(payload), "puzzle {index}: a bare payload");
        let size = object["size"].as_u64().unwrap() as usize;
        assert_eq!(entry["size"].as_u64(), Some(size as u64));
        let result = match fpuzzles::decode(payload) {
            Ok(puzzle) => {
                decoded_fully += 1;
                let (from_object, _) = decode_without_unknown(object, &constraints, index);
                assert_eq!(puzzle, from_object, "puzzle {index}: the payload is the JSON object");
                // A puzzle read fully also survives writing and reading again.
                assert_eq!(fpuzzles::decode(&fpuzzles::encode(&puzzle)).as_ref(), Ok(&puzzle));
                "ok".to_string()
            }
            Err(FPuzzlesError::UnknownRule { key }) => {
                assert!(constraints.contains(&key), "puzzle {index}: unknown key {key} is not among {constraints:?}");
                // Without its unknown rules the rest of the puzzle reads, the first one reported
                // being the payload's.
                let (_, mut removed) = decode_without_unknown(object, &constraints, index);
                assert!(removed.contains(&key), "puzzle {index}: {key} not in {removed:?}");
                removed.sort();
                format!("unknown {key} (all unknown, sorted: {})", removed.join(", "))
            }
            Err(err) => panic!("puzzle {index}: {err}"),
        };
        let (puzzle, _) = decode_without_unknown(object, &constraints, index);
        assert_eq!(puzzle.size, size, "puzzle {index}");
        let givens: Vec<Option<u8>> = puzzle.cells.iter().map(|c| c.given).collect();
        assert_eq!(givens, givens_of(object), "puzzle {index}: givens");
        println!("{index:>5} {size:>4}  {result}");
    }
    println!("{decoded_fully} decode fully");
}
