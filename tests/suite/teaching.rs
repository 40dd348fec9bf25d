//! Teaching: positions read in every form, hints from them, and mistakes named.
//!
//! The positions come from the project's own generator: puzzles solved part of the way by
//! the default solver (so their pencilmarks are a strong solver's), then written out in each
//! form, changed on purpose (stale pencilmarks, wrong digits, lost candidates) and read back.

use std::sync::Arc;

use deduku::formats::{self, Mistake, Origin, Position};
use deduku::generate::{Rng, generate};
use deduku::hint::{self, Ask, Next};
use deduku::render::{board, text};
use deduku::strategies::{REGISTRY, Technique};
use deduku::{Candidates, Cell, Deduction, Digit, Grid, Layout, Rule, Rules, Solver};

/// A generated puzzle's position after `steps` steps of the default solver, and its solution.
struct Sample {
    layout: Arc<Layout>,
    grid: Grid,
    solution: Vec<Digit>,
}

/// Positions part-way through solves of generated puzzles on `layout`: for each puzzle, the
/// position after a random share of its logical steps.
fn samples(layout: Arc<Layout>, seed: u64, count: usize) -> Vec<Sample> {
    let mut rng = Rng::new(seed);
    let solver = Solver::default();
    let mut out = Vec::new();
    while out.len() < count {
        let puzzle = generate(&layout, &mut rng).expect("a grid exists");
        let mut grid = Grid::new(layout.clone(), &puzzle.givens).unwrap();
        let steps = rng.below(40);
        for _ in 0..steps {
            if grid.is_solved() || !solver.step(&mut grid) {
                break;
            }
        }
        if !grid.is_solved() {
            out.push(Sample { layout: layout.clone(), grid, solution: puzzle.solution });
        }
    }
    out
}

fn classic() -> Arc<Layout> {
    Arc::new(Layout::classic(Rules::classic()))
}

/// Reads `text` as the reader does, expecting one position.
fn read(text: &str, size: usize) -> Position {
    let puzzles = formats::parse_puzzles(text, size, Origin::Argument(1)).unwrap_or_else(|e| panic!("{e}\n{text}"));
    assert_eq!(puzzles.len(), 1, "{text}");
    puzzles[0].position.as_deref().cloned().unwrap_or_else(|| panic!("not read as a position:\n{text}"))
}

/// The position in the 729-character form.
fn blocks(grid: &Grid) -> String {
    let size = grid.layout().size();
    let mut out = String::new();
    for cell in grid.cells() {
        let set = match *cell {
            Cell::Solved(d) => Candidates::single(d),
            Cell::Unsolved(c) => c,
        };
        out.extend((1..=size as Digit).map(|d| if set.contains(d) { formats::digit_char(d) } else { '.' }));
    }
    out
}

/// The position as a plain pencilmark grid: a row per line, groups split by spaces, with
/// `bordered` HoDoKu-style `+---+` lines and `|` between boxes.
fn plain_grid(grid: &Grid, bordered: bool) -> String {
    let size = grid.layout().size();
    let mut out = String::new();
    for row in 0..size {
        if bordered && row % 3 == 0 {
            out.push_str("+-------+-------+-------+\n");
        }
        let groups: Vec<String> = (0..size)
            .map(|col| match grid.cell(row * size + col) {
                Cell::Solved(d) => formats::digit_char(d).to_string(),
                Cell::Unsolved(c) => c.iter().map(formats::digit_char).collect(),
            })
            .collect();
        let line = if bordered {
            groups.chunks(3).map(|g| g.join(" ")).collect::<Vec<_>>().join(" | ")
        } else {
            groups.join("  ")
        };
        out.push_str(&line);
        out.push('\n');
    }
    out
}

/// The cells of a grid, with an empty cell of one candidate counted as that digit placed
/// (the forms that cannot tell the two apart read it so).
fn settled(cells: &[Cell]) -> Vec<Cell> {
    cells.iter().map(|&c| match c {
        Cell::Unsolved(set) if set.len() == 1 => Cell::Solved(set.single_digit().unwrap()),
        c => c,
    }).collect()
}

#[test]
fn every_form_reads_the_same_position() {
    colored::control::set_override(false);
    let mut forms_seen = 0;
    for sample in samples(classic(), 17, 60) {
        let grid = &sample.grid;
        let cells = grid.cells().to_vec();
        // One token per cell keeps everything, givens and placed digits apart.
        let line = formats::to_candidate_line(grid);
        let exact = read(&line, 9);
        assert_eq!(exact.cells, cells, "{line}");
        assert_eq!(exact.given, (0..81).map(|c| grid.is_given(c)).collect::<Vec<_>>());
        // The grid deduku prints (with `[5]` for a lone candidate) keeps the cells too.
        let printed = board::candidates(grid, None);
        assert_eq!(read(&printed, 9).cells, cells, "{printed}");
        // The other forms cannot mark a lone candidate, so it reads as placed.
        for text in [blocks(grid), plain_grid(grid, true), plain_grid(grid, false)] {
            assert_eq!(settled(&read(&text, 9).cells), settled(&cells), "{text}");
            forms_seen += 1;
        }
    }
    assert_eq!(forms_seen, 180);
}

#[test]
fn a_printed_grid_fed_back_gives_the_same_next_step() {
    colored::control::set_override(false);
    let techniques: Vec<&'static Technique> = REGISTRY.iter().filter(|t| t.default).collect();
    let ask = Ask { techniques: &techniques, max_difficulty: None };
    let mut compared = 0;
    for sample in samples(classic(), 23, 60) {
        let printed = board::candidates(&sample.grid, None);
        let position = read(&printed, 9);
        let (again, cleared) = position.grid(sample.layout.clone()).unwrap();
        assert!(cleared.is_empty(), "a solver's own position has no stale pencilmark");
        let (Next::Step(first), Next::Step(second)) = (hint::next(&sample.grid, &ask), hint::next(&again, &ask)) else {
            panic!("no step from a position the solver left unsolved:\n{printed}");
        };
        assert_eq!((first.technique, &first.placements, &first.eliminations), (second.technique, &second.placements, &second.eliminations));
        // And the hint is the solver's own next step.
        let mut stepped = sample.grid.clone();
        assert!(Solver::default().step(&mut stepped));
        assert_eq!(stepped.journal().last().unwrap().technique, first.technique);
        compared += 1;
    }
    assert_eq!(compared, 60);
}

/// Whether a step holds for the solution: nothing placed against it, nothing removed it needs.
fn sound(step: &Deduction, solution: &[Digit]) -> bool {
    step.placements.iter().all(|p| solution[p.cell] == p.digit) && step.eliminations.iter().all(|e| solution[e.cell] != e.digit)
}

#[test]
fn stale_pencilmarks_are_cleared_by_name_and_hints_stay_sound() {
    let mut rng = Rng::new(5);
    // Why fewer non-consecutive puzzles: each takes the generator about half a second.
    let rule_sets = [(Rules::classic(), 25), (Rules::classic().with(Rule::AntiKnight), 25), (Rules::classic().with(Rule::NonConsecutive), 8)];
    let mut hints = 0;
    for (rules, count) in rule_sets {
        let layout = Arc::new(Layout::classic(rules));
        for sample in samples(layout.clone(), 31, count) {
            // Put back some pencilmarks that placed digits (or a rule) rule out.
            let mut position = read(&formats::to_candidate_line(&sample.grid), 9);
            let basic = Grid::new(layout.clone(), &position.solved()).unwrap();
            let mut added = Vec::new();
            for cell in 0..81 {
                if let (Cell::Unsolved(marks), Cell::Unsolved(allowed)) = (position.cells[cell], basic.cell(cell)) {
                    let outside: Vec<Digit> = (1..=9).filter(|&d| !allowed.contains(d)).collect();
                    if !outside.is_empty() && rng.below(4) == 0 {
                        let d = outside[rng.below(outside.len())];
                        let mut more = marks;
                        more.insert(d);
                        // A cell of every digit reads as one with nothing written.
                        if more == Candidates::all(9) {
                            continue;
                        }
                        position.cells[cell] = Cell::Unsolved(more);
                        added.push((cell, d));
                    }
                }
            }
            let (grid, cleared) = position.grid(layout.clone()).unwrap();
            let mut named: Vec<(usize, Digit)> = cleared.iter().map(|e| (e.cell, e.digit)).collect();
            named.sort();
            added.sort();
            assert_eq!(named, added);
            assert_eq!(grid.cells(), sample.grid.cells());
            let techniques: Vec<&'static Technique> = REGISTRY.iter().filter(|t| t.default).collect();
            if let Next::Step(step) = hint::next(&grid, &Ask { techniques: &techniques, max_difficulty: None }) {
                assert!(sound(&step, &sample.solution), "{}", text::explain(&layout, &step));
                hints += 1;
            }
        }
    }
    assert!(hints > 45, "only {hints} hints");
}

#[test]
fn mistakes_name_exactly_the_entries_changed() {
    let mut rng = Rng::new(9);
    let mut seen = [0; 2];
    for sample in samples(classic(), 41, 80) {
        let mut position = read(&formats::to_candidate_line(&sample.grid), 9);
        assert!(position.mistakes(&sample.solution).is_empty(), "a sound solver's position has no mistake");
        let mut expected = Vec::new();
        for _ in 0..1 + rng.below(3) {
            let cell = rng.below(81);
            if expected.iter().any(|m: &Mistake| m.cell() == cell) || position.given[cell] {
                continue;
            }
            let right = sample.solution[cell];
            let wrong = (right % 9) + 1;
            if rng.below(2) == 0 {
                position.cells[cell] = Cell::Solved(wrong);
                expected.push(Mistake::Wrong { cell, holds: wrong, solution: right });
                seen[0] += 1;
            } else if let Cell::Unsolved(mut marks) = position.cells[cell] {
                marks.remove(right);
                marks.insert(wrong);
                position.cells[cell] = Cell::Unsolved(marks);
                expected.push(Mistake::Lost { cell, digit: right });
                seen[1] += 1;
            }
        }
        expected.sort_by_key(|m| m.cell());
        assert_eq!(position.mistakes(&sample.solution), expected);
    }
    assert!(seen.iter().all(|&n| n > 20), "{seen:?}");
}

#[test]
fn a_difficulty_bound_keeps_hints_within_it_and_names_the_harder_step() {
    let techniques: Vec<&'static Technique> = REGISTRY.iter().filter(|t| t.default).collect();
    let mut outcomes = [0; 2];
    for sample in samples(classic(), 55, 60) {
        let free = hint::next(&sample.grid, &Ask { techniques: &techniques, max_difficulty: None });
        let Next::Step(free) = free else { panic!("the solver had a step") };
        let needed = deduku::strategies::by_id(free.technique).unwrap().difficulty;
        for max in [20, 26, 40, 60] {
            match hint::next(&sample.grid, &Ask { techniques: &techniques, max_difficulty: Some(max) }) {
                Next::Step(step) => {
                    assert!(needed <= max, "a step within {max} though the easiest needs {needed}");
                    assert_eq!(step.technique, free.technique);
                    outcomes[0] += 1;
                }
                Next::TooHard(Some(step)) => {
                    assert!(needed > max);
                    assert_eq!(step.technique, free.technique, "the harder step is the easiest above the bound");
                    outcomes[1] += 1;
                }
                other => panic!("{other:?}"),
            }
        }
    }
    assert!(outcomes.iter().all(|&n| n > 20), "{outcomes:?}");
}

#[test]
fn hint_levels_add_cells_then_the_effect() {
    let techniques: Vec<&'static Technique> = REGISTRY.iter().filter(|t| t.default).collect();
    for sample in samples(classic(), 77, 40) {
        let layout = &sample.layout;
        let Next::Step(step) = hint::next(&sample.grid, &Ask { techniques: &techniques, max_difficulty: None }) else { panic!() };
        let [one, two, three] = [1, 2, 3].map(|level| text::hint(layout, &step, level).join("\n"));
        let effect = text::effect(layout, &step);
        assert!(one.starts_with("Look for ") && one.contains(deduku::strategies::name_of(step.technique)), "{one}");
        assert!(!one.contains("=>") && !one.contains("<>"), "level 1 gives nothing away: {one}");
        assert!(two.starts_with(&one) && !two.contains(&effect), "{two}");
        for &cell in &step.pattern.cells {
            assert!(two.contains(&layout.cell_name(cell)), "level 2 names {}: {two}", layout.cell_name(cell));
        }
        assert!(three.starts_with(&two) && three.contains(&effect), "{three}");
    }
}

#[test]
fn malformed_positions_are_named_by_line_and_column() {
    let placed_marks = format!("+12 3 4 5 6 7 8 9 1\n{}", "12 3 4 5 6 7 8 9 1\n".repeat(8));
    let twice = format!("{}1223 4 5 6 7 8 9 1 2\n", "12 3 4 5 6 7 8 9 1\n".repeat(8));
    let cases = [
        ("123 4 5 6 7 8 9 1 2\n123 4 5 6 7 8 9 1\n", "line 2: found 8 cells"),
        ("12 34 5\n", "found 5 cells"),
        (placed_marks.as_str(), "line 1, column 1: '+' marks one placed digit"),
        (twice.as_str(), "line 9, column 1: '2' appears twice"),
    ];
    for (text, expected) in cases {
        let err = formats::parse_puzzles(text, 9, Origin::File("p.txt".into())).unwrap_err().to_string();
        assert!(err.contains(expected), "{text:?}: {err}");
    }
    let mut line = "123456789".repeat(81);
    line.replace_range(20..21, "5");
    let err = formats::parse_puzzles(&line, 9, Origin::File("p.txt".into())).unwrap_err().to_string();
    assert!(err.contains("column 21") && err.contains("place 3"), "{err}");
}

#[test]
fn answers_are_read_in_the_usual_notations() {
    use deduku::practice::{Claim, parse_answer};
    let layout = classic();
    let read = |text: &str| parse_answer(text, &layout).map(|c| c.into_iter().collect::<Vec<_>>());
    let r = |row: usize, col: usize| (row - 1) * 9 + col - 1;
    assert_eq!(read("r5c3<>6, r8c3<>6"), Ok(vec![Claim::Remove(r(5, 3), 6), Claim::Remove(r(8, 3), 6)]));
    assert_eq!(read("R1C4=7"), Ok(vec![Claim::Place(r(1, 4), 7)]));
    assert_eq!(read("r9c9!=1;r1c1-2"), Ok(vec![Claim::Remove(r(1, 1), 2), Claim::Remove(r(9, 9), 1)]));
    assert!(read("r10c1<>5").unwrap_err().contains("no cell 'r10c1'"));
    assert!(read("r1c1<>0").unwrap_err().contains("not a digit"));
    assert!(read("x-wing").unwrap_err().contains("no cell"));
    assert!(read("r1c1").unwrap_err().contains("not a step"));
    assert_eq!(read(" , "), Err("no step given".to_string()));
}

#[test]
fn grades_follow_the_step_and_the_solution() {
    use deduku::practice::{Claim, Grade, claims_of, find_in, grade};
    let layout = classic();
    let mut rng = Rng::new(61);
    let solver = Solver::default();
    let mut seen = [0; 3];
    for _ in 0..40 {
        let puzzle = generate(&layout, &mut rng).unwrap();
        let Some(drill) = find_in(&layout, &puzzle.givens, &puzzle.solution, &solver, None) else { continue };
        let right = claims_of(drill.step());
        assert_eq!(grade(drill.step(), &right, &drill.solution), Grade::Right);
        seen[0] += 1;
        // One claim of the step left out, and one false claim put in.
        let first = *right.iter().next().unwrap();
        let cell = (0..81).find(|&c| drill.grid.digit(c).is_none() && !right.iter().any(|k| matches!(k, Claim::Remove(x, _) | Claim::Place(x, _) if *x == c))).unwrap();
        let false_claim = Claim::Remove(cell, drill.solution[cell]);
        let mut answer = right.clone();
        answer.insert(false_claim);
        if right.len() > 1 {
            answer.remove(&first);
        }
        match grade(drill.step(), &answer, &drill.solution) {
            Grade::Partial { missing, extra } => {
                assert_eq!(missing, if right.len() > 1 { vec![first] } else { vec![] });
                assert_eq!(extra, vec![(false_claim, false)]);
                seen[1] += 1;
            }
            other => panic!("{other:?}"),
        }
        let only_false = [false_claim].into_iter().collect();
        assert_eq!(grade(drill.step(), &only_false, &drill.solution), Grade::Wrong { extra: vec![(false_claim, false)] });
        seen[2] += 1;
    }
    assert!(seen.iter().all(|&n| n > 15), "{seen:?}");
}

/// A hint gives, of the easiest technique's instances, the one with the smallest pattern
/// (then the most removals); a drill accepts any instance as right, graded against the one
/// the answer matches.
#[test]
fn hints_choose_the_instance_that_teaches_best_and_drills_accept_any_instance() {
    use deduku::practice::{Grade, claims_of, find_in, grade_any};
    use deduku::strategies::find_all;
    let layout = classic();
    let techniques: Vec<&'static Technique> = REGISTRY.iter().filter(|t| t.default).collect();
    let ask = Ask { techniques: &techniques, max_difficulty: None };
    let mut several = 0;
    for sample in samples(layout.clone(), 23, 60) {
        let Next::Step(step) = hint::next(&sample.grid, &ask) else { continue };
        let technique = deduku::strategies::by_id(step.technique).unwrap();
        let all = find_all(technique, &sample.grid);
        assert!(all.contains(&step), "the hint is not an instance of {}", step.technique);
        let size = |d: &Deduction| d.pattern.cell_count();
        let effect = |d: &Deduction| d.placements.len() + d.eliminations.len();
        for other in &all {
            assert!(
                (size(&step), std::cmp::Reverse(effect(&step))) <= (size(other), std::cmp::Reverse(effect(other))),
                "{}: the hint's pattern ({} cells, {} changes) teaches less than another ({} cells, {} changes)",
                step.technique,
                size(&step),
                effect(&step),
                size(other),
                effect(other)
            );
        }
        several += usize::from(all.len() > 1);
    }
    assert!(several > 20, "only {several} positions held several instances");
    // Drills: every instance of the technique graded right; the first is the hint's choice.
    let mut rng = Rng::new(62);
    let mut checked = 0;
    for _ in 0..30 {
        let puzzle = generate(&layout, &mut rng).unwrap();
        let Some(drill) = find_in(&layout, &puzzle.givens, &puzzle.solution, &Solver::default(), None) else { continue };
        for (i, instance) in drill.instances.iter().enumerate() {
            let (matched, verdict) = grade_any(&drill.instances, &claims_of(instance), &drill.solution);
            assert_eq!(verdict, Grade::Right);
            assert_eq!(claims_of(&drill.instances[matched]), claims_of(instance), "instance {i} matched another");
            checked += 1;
        }
    }
    assert!(checked > 30, "only {checked} instances graded");
}

/// `deduku learn hint` shows the guide of hints, which states the order the test above
/// checks; `deduku learn` lists it.
#[test]
fn the_hint_guide_is_served_by_learn() {
    let raw = deduku(&["learn", "hint", "--raw"], "");
    assert_eq!(raw, deduku::hint::GUIDE);
    for promise in ["The smallest pattern", "Then the one that does most", "Then the first found", "Mistakes come first"] {
        assert!(raw.contains(promise), "the hint guide no longer says: {promise}");
    }
    assert!(deduku(&["learn"], "").lines().any(|l| l.trim_start().starts_with("hint ")));
}

/// Runs the binary with `args`, standard input `stdin`.
fn deduku(args: &[&str], stdin: &str) -> String {
    use std::io::Write;
    let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_deduku"))
        .args(args)
        .env("NO_COLOR", "1")
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    child.stdin.take().unwrap().write_all(stdin.as_bytes()).unwrap();
    let out = child.wait_with_output().unwrap();
    assert!(out.status.success(), "{args:?}: {}", String::from_utf8_lossy(&out.stderr));
    String::from_utf8(out.stdout).unwrap()
}

#[test]
fn practice_grades_the_answer_a_person_gives() {
    for technique in ["hidden-single", "pointing", "x-wing", "xy-wing"] {
        // Asked to show, practice prints the step; given back, that step is right.
        let shown = deduku(&["practice", technique, "--count", "1", "--seed", "4", "--answer", "show"], "");
        let step = shown.lines().find_map(|l| l.strip_prefix("The step: ")).unwrap_or_else(|| panic!("{shown}"));
        let effect = step.split(" => ").nth(1).unwrap();
        let effect = effect.replace(" (anti-knight)", "");
        let right = deduku(&["practice", technique, "--count", "1", "--seed", "4", "--answer", &effect], "");
        assert!(right.contains("\nRight.\n") && right.contains("Score: 1 right, 0 partly right, 0 wrong"), "{right}");
        // The same answers typed on standard input, one per line, after a hint.
        let typed = deduku(&["practice", technique, "--count", "1", "--seed", "4"], &format!("hint\n{effect}\n"));
        assert!(typed.contains("Look for ") && typed.contains("\nRight.\n"), "{typed}");
        // Half of a step of two removals or more is partly right; a made-up cell is an error
        // asked again, not a grade.
        let pieces: Vec<&str> = effect.split(", ").collect();
        if pieces.len() > 1 {
            let half = deduku(&["practice", technique, "--count", "1", "--seed", "4", "--answer", pieces[0]], "");
            assert!(half.contains("Partly right.") && half.contains("Missing: "), "{half}");
        }
        let bad = deduku(&["practice", technique, "--count", "1", "--seed", "4"], &format!("r0c0<>1\n{effect}\n"));
        assert!(bad.contains("no cell 'r0c0'") && bad.contains("\nRight.\n"), "{bad}");
    }
}

/// Without colour, a board drawn with a chain's step numbers the chain's nodes in a legend
/// line each, in order, with the marks the board gives them, for every technique whose
/// guide case makes chains.
#[test]
fn boards_number_every_chain_node_in_order() {
    colored::control::set_override(false);
    let mut chains_seen = 0;
    for t in REGISTRY.iter() {
        let Some(case) = deduku::strategies::cases::cases(t.guide).unwrap().into_iter().find(|c| c.expected.is_some()) else { continue };
        let (layout, Some(step)) = case.run(t).unwrap() else { continue };
        if step.pattern.chains.is_empty() {
            continue;
        }
        let grid = formats::parse_candidate_line(&case.position, layout.clone()).unwrap();
        let drawn = board::candidates(&grid, Some(&step));
        // Each chain's legend, its continuation lines (`#` then spaces) joined on.
        let mut legend: Vec<String> = Vec::new();
        for l in drawn.lines() {
            if l.starts_with("# chain") {
                legend.push(l.to_string());
            } else if let (Some(last), Some(more)) = (legend.last_mut(), l.strip_prefix("#   ")) {
                last.push(' ');
                last.push_str(more.trim_start());
            }
        }
        assert!(drawn.lines().all(|l| l.chars().count() <= 90), "{}: a legend line is too wide:\n{drawn}", t.id);
        assert_eq!(legend.len(), step.pattern.chains.len(), "{}:\n{drawn}", t.id);
        for (chain, line) in step.pattern.chains.iter().zip(&legend) {
            let mut rest = line.as_str();
            for (i, node) in chain.nodes.iter().enumerate() {
                let cells: Vec<String> = node.cells.iter().map(|&c| layout.cell_name(c)).collect();
                let want = format!(" {} {}{}{}", i + 1, cells.join(","), if node.on { '+' } else { '~' }, node.digit);
                let at = rest.find(&want).unwrap_or_else(|| panic!("{}: node {} ({want}) missing or out of order in {line}", t.id, i + 1));
                rest = &rest[at + want.len()..];
            }
            chains_seen += 1;
        }
    }
    assert!(chains_seen >= 15, "only {chains_seen} chains drawn");
}
