//! The teaching guides: every registry id has one, every guide belongs to an id, each has
//! the fixed headings (with `## Cases` last), every `learn <id>` in a guide names a real
//! technique or rule, every case line in it holds against the strategy, and the sentence
//! of its example is what deduku prints for its first case (case lines: see `common`).

use crate::common;

use std::collections::BTreeSet;

use common::{cases, run};
use deduku::render::text;
use deduku::{REGISTRY, Rule};

const HEADINGS: [&str; 6] = ["## What to look for", "## How to spot it", "## Why it works", "## Example", "## Related", "## Cases"];

fn guide_dir() -> std::path::PathBuf {
    std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("strategies")
}

#[test]
fn every_id_has_a_guide_and_every_guide_an_id() {
    let mut on_disk: Vec<String> = std::fs::read_dir(guide_dir())
        .unwrap()
        .filter_map(|e| e.unwrap().file_name().into_string().ok())
        .filter_map(|name| name.strip_suffix(".md").map(str::to_owned))
        .collect();
    on_disk.sort();
    let mut ids: Vec<String> = REGISTRY.iter().map(|t| t.id.to_owned()).collect();
    ids.sort();
    assert_eq!(on_disk, ids);
}

#[test]
fn every_guide_has_the_template_and_its_name() {
    for t in REGISTRY.iter() {
        assert!(t.guide.starts_with(&format!("# {}\n", t.name)), "{}: the guide must open with '# {}'", t.id, t.name);
        let mut at = 0;
        for heading in HEADINGS {
            let found = t.guide[at..].find(&format!("\n{heading}\n"));
            assert!(found.is_some(), "{}: heading '{heading}' missing or out of order", t.id);
            at += found.unwrap() + heading.len();
        }
        assert!(!t.guide.contains("<!--"), "{}: the guide still has a placeholder", t.id);
        let cases_at = t.guide.find("\n## Cases\n").unwrap();
        assert!(!t.guide[cases_at + 1..].contains("\n## "), "{}: '## Cases' must be the last section (the tests read it)", t.id);
        if let Some(note) = t.guide.find("\n## In deduku\n") {
            assert!(note > t.guide.find("\n## Related\n").unwrap(), "{}: '## In deduku' goes after '## Related', before '## Cases'", t.id);
        }
    }
}

/// The ids a guide points to as `learn <id>` (in backticks, or as `deduku learn <id>`).
fn learn_references(guide: &str) -> Vec<&str> {
    let mut ids = Vec::new();
    for (at, _) in guide.match_indices("learn ") {
        let before = &guide[..at];
        if !(before.ends_with('`') || before.ends_with("deduku ")) {
            continue;
        }
        let rest = &guide[at + "learn ".len()..];
        let end = rest.find(|c: char| !(c.is_ascii_alphanumeric() || c == '-')).unwrap_or(rest.len());
        ids.push(&rest[..end]);
    }
    ids
}

/// Every `learn <id>` in any guide, technique or rule, names a real technique or rule, and
/// every technique guide points to at least one other guide under `## Related`.
#[test]
fn every_learn_reference_names_a_guide() {
    let known = |id: &str| REGISTRY.iter().any(|t| t.id == id) || Rule::ALL.iter().any(|r| r.id() == id);
    let guides = REGISTRY.iter().map(|t| (t.id, t.guide)).chain(Rule::ALL.iter().map(|r| (r.id(), r.guide())));
    let mut wrong = Vec::new();
    for (id, guide) in guides {
        for target in learn_references(guide) {
            if !known(target) {
                wrong.push(format!("{id}.md: `learn {target}` names no technique or rule"));
            }
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
    for t in REGISTRY.iter() {
        let related = t.guide.split("\n## Related\n").nth(1).unwrap().split("\n## ").next().unwrap();
        assert!(learn_references(related).iter().any(|&r| r != t.id), "{}: '## Related' needs a `learn <id>` of another guide", t.id);
    }
}

#[test]
fn every_case_line_holds() {
    for t in REGISTRY.iter() {
        let cases = cases(t.guide);
        assert!(cases.iter().any(|c| c.expected.is_some()), "{}: needs a case where it fires", t.id);
        assert!(cases.iter().any(|c| c.expected.is_none()), "{}: needs a case where it must not fire", t.id);
        for case in cases {
            let (layout, step) = run(t, &case);
            match case.expected {
                None => assert!(step.is_none(), "{}.md line {}: fired but must not", t.id, case.line),
                Some(expected) => {
                    let step = step.unwrap_or_else(|| panic!("{}.md line {}: did not fire", t.id, case.line));
                    assert_eq!(step.technique, t.id);
                    let effect: BTreeSet<String> = text::effect(&layout, &step).split(", ").map(str::to_owned).collect();
                    assert_eq!(effect, expected, "{}.md line {}", t.id, case.line);
                }
            }
        }
    }
}

/// The sentence of a guide's `## Example`: its first line quoted in backticks (the position
/// before it is a fenced block, whose fences this skips).
fn example_sentence(guide: &str) -> Option<&str> {
    let section = guide.split("\n## Example\n").nth(1)?.split("\n## ").next()?;
    section.lines().find_map(|line| line.strip_prefix('`')?.strip_suffix('`').filter(|s| !s.is_empty() && !s.starts_with('`')))
}

#[test]
fn every_example_sentence_is_the_explanation_of_the_first_case() {
    let mut wrong = Vec::new();
    for t in REGISTRY.iter() {
        let sentence = example_sentence(t.guide).unwrap_or_else(|| panic!("{}.md: no sentence in backticks under '## Example'", t.id));
        let case = cases(t.guide).into_iter().next().unwrap_or_else(|| panic!("{}.md: no case line", t.id));
        let (layout, step) = run(t, &case);
        let step = step.unwrap_or_else(|| panic!("{}.md line {}: the first case must fire, to be the example", t.id, case.line));
        let explained = text::explain(&layout, &step);
        if explained != sentence {
            wrong.push(format!("{}.md:\n  guide:     {sentence}\n  explained: {explained}", t.id));
        }
    }
    // Why gather before failing: one run lists every guide that is out of date.
    assert!(wrong.is_empty(), "example sentences that differ from the explanation of the guide's first case:\n{}", wrong.join("\n"));
}

/// The headings of a variant rule's guide, in order.
const RULE_HEADINGS: [&str; 6] = ["## The rule", "## How it changes solving", "## How to spot it", "## Example", "## Related", "## Try it"];

/// The flag that turns `rule` on, as the `## Try it` command line must spell it.
fn rule_flag(rule: Rule) -> String {
    match rule {
        Rule::DiagonalMain => "--diagonal=main".to_owned(),
        Rule::DiagonalAnti => "--diagonal=anti".to_owned(),
        _ => format!("--{}", rule.id()),
    }
}

/// Every rule has a guide with its name and the rule headings in order, no rule id is also
/// a technique id (`deduku learn <id>` could not tell them apart), and every file in
/// `strategies/rules/` is the guide of a rule.
#[test]
fn every_rule_has_a_guide_and_every_rule_guide_a_rule() {
    for rule in Rule::ALL {
        let (id, guide) = (rule.id(), rule.guide());
        assert!(guide.starts_with(&format!("# {}\n", rule.name())), "rules/{id}.md: the guide must open with '# {}'", rule.name());
        let mut at = 0;
        for heading in RULE_HEADINGS {
            let found = guide[at..].find(&format!("\n{heading}\n"));
            assert!(found.is_some(), "rules/{id}.md: heading '{heading}' missing or out of order");
            at += found.unwrap() + heading.len();
        }
        assert!(!guide.contains("<!--"), "rules/{id}.md: the guide still has a placeholder");
        let related = guide.split("\n## Related\n").nth(1).unwrap().split("\n## ").next().unwrap();
        assert!(learn_references(related).iter().any(|&r| r != id), "rules/{id}.md: '## Related' needs a `learn <id>` of another guide");
        assert!(REGISTRY.iter().all(|t| t.id != id), "{id} is both a technique and a rule");
    }
    let mut on_disk: Vec<String> = std::fs::read_dir(guide_dir().join("rules"))
        .unwrap()
        .map(|e| e.unwrap().file_name().into_string().unwrap())
        .collect();
    on_disk.sort();
    let mut expected: Vec<String> = Rule::ALL.iter().map(|r| format!("{}.md", r.id())).collect();
    expected.sort();
    assert_eq!(on_disk, expected);
}

/// The command under each rule guide's `## Try it` is `deduku solve <arguments>` that turns
/// the rule on (its flag, `--regions`, or an f-puzzles link whose rules include it), and run
/// as written it solves the puzzle by logic (JSON status "solved", no guess).
#[test]
fn every_rule_guide_puzzle_solves_under_its_rule() {
    for rule in Rule::ALL {
        let id = rule.id();
        let section = rule.guide().split("\n## Try it\n").nth(1).unwrap_or_else(|| panic!("rules/{id}.md: no '## Try it'"));
        let command = section.lines().find(|l| l.starts_with("deduku solve ")).unwrap_or_else(|| panic!("rules/{id}.md: no 'deduku solve' line"));
        let words: Vec<&str> = command.split_whitespace().skip(2).collect();
        let turned_on = if rule.carries_data() && rule != Rule::Jigsaw {
            words.iter().any(|w| w.contains("f-puzzles.com/?load=") || w.contains("sudokupad.app/"))
        } else if rule == Rule::Jigsaw {
            words.contains(&"--regions") || words.iter().any(|w| w.contains("f-puzzles.com/?load="))
        } else {
            words.contains(&rule_flag(rule).as_str()) || words.iter().any(|w| w.contains("f-puzzles.com/?load="))
        };
        assert!(turned_on, "rules/{id}.md: the command must turn the rule on: {command}");
        let out = std::process::Command::new(env!("CARGO_BIN_EXE_deduku")).arg("solve").args(&words).args(["--format", "json"]).output().unwrap();
        let stdout = String::from_utf8_lossy(&out.stdout);
        assert!(out.status.success(), "rules/{id}.md: '{command}' failed: {}", String::from_utf8_lossy(&out.stderr));
        assert!(stdout.contains("\"status\":\"solved\"") && stdout.contains("\"backtracked\":false"), "rules/{id}.md: '{command}' must solve by logic");
        assert!(stdout.contains(&format!("\"{id}\"")), "rules/{id}.md: '{command}' must solve under {id}: {}", &stdout[..stdout.len().min(300)]);
    }
}
