//! Plain sentences (`render::plain`) on every guide case that fires: each is non-empty,
//! names every cell the step places or removes from (or, for a large effect, how many
//! candidates go), names the pattern's digits, and holds no notation; and every family of
//! techniques is met.

use crate::common;

use std::collections::BTreeSet;

use common::{cases, run};
use deduku::render::plain::{self, LARGE_EFFECT};
use deduku::strategies::Family;
use deduku::{Deduction, Layout, REGISTRY};

/// What is wrong with the plain sentences of `d`, if anything.
fn faults(layout: &Layout, d: &Deduction, plain: &str) -> Vec<String> {
    let mut faults = Vec::new();
    if plain.trim().is_empty() {
        faults.push("no sentence".to_owned());
    }
    for notation in ["=>", "<>", " -> ", "(X)", "{"] {
        if plain.contains(notation) {
            faults.push(format!("notation '{notation}' left"));
        }
    }
    for p in &d.placements {
        let said = format!("{} is {}", layout.cell_name(p.cell), p.digit);
        if !plain.contains(&said) {
            faults.push(format!("placement '{said}' not told"));
        }
    }
    if d.eliminations.len() > LARGE_EFFECT {
        let count = format!("{} candidates", d.eliminations.len());
        if !plain.contains(&count) {
            faults.push(format!("'{count}' not told"));
        }
    } else {
        for e in &d.eliminations {
            if !plain.contains(&layout.cell_name(e.cell)) {
                faults.push(format!("removal from {} not told", layout.cell_name(e.cell)));
            }
            if let Some(rule) = e.via
                && !plain.contains(&format!("the {} rule", rule.id()))
            {
                faults.push(format!("rule {rule} of a removal not told"));
            }
        }
    }
    for digit in d.pattern.digits.iter() {
        if !plain.contains(&digit.to_string()) {
            faults.push(format!("digit {digit} not told"));
        }
    }
    faults
}

#[test]
fn every_guide_case_reads_in_plain_sentences() {
    let mut families = BTreeSet::new();
    let mut wrong = Vec::new();
    for t in REGISTRY.iter() {
        for case in cases(t.guide).into_iter().filter(|c| c.expected.is_some()) {
            let (layout, step) = run(t, &case);
            let step = step.unwrap_or_else(|| panic!("{}.md line {}: did not fire", t.id, case.line));
            let plain = plain::explain(&layout, &step);
            let faults = faults(&layout, &step, &plain);
            if !faults.is_empty() {
                wrong.push(format!("{}.md line {}: {}\n  {plain}", t.id, case.line, faults.join("; ")));
            }
            families.insert(t.family);
        }
    }
    // Why gather before failing: one run lists every sentence that falls short.
    assert!(wrong.is_empty(), "plain sentences that fall short:\n{}", wrong.join("\n"));
    assert_eq!(families, Family::ALL.into_iter().collect::<BTreeSet<_>>(), "families without a guide case");
}

/// Prints every guide case's plain sentences (`cargo test --test suite plain:: -- --ignored --nocapture`),
/// to read them all at once.
#[test]
#[ignore]
fn print_every_guide_case() {
    for t in REGISTRY.iter() {
        for case in cases(t.guide).into_iter().filter(|c| c.expected.is_some()) {
            let (layout, step) = run(t, &case);
            println!("{}.md line {}:\n  {}\n", t.id, case.line, plain::explain(&layout, &step.unwrap()));
        }
    }
}
