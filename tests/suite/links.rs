//! Links between candidates (rules with constraints: non-consecutive, kropki dots, XV) and
//! extra houses (diagonals, windoku), as the generic chain and forcing techniques see them:
//! every step of a solve and every chain or forcing technique on its own agrees with the
//! solution, chains and forcing proofs do cross constraint links (and name their rule), and
//! the forcing family works on layouts with extra houses. Quadruples' demands give chains
//! strong links, and constraints give group nodes weak links, soundly and named.

use std::collections::BTreeMap;
use std::sync::Arc;

use deduku::constraints::{Constraint, Relation, orthogonal_pairs};
use deduku::deduction::Link;
use deduku::generate::{Rng, generate, is_unique, random_solution};
use deduku::layout::LayoutSpec;
use deduku::strategies::Family;
use deduku::{Deduction, Digit, Grid, Layout, REGISTRY, Rule, Rules, Solver, Technique};

/// The first step (by index) that contradicts the solution, described.
fn first_unsound(layout: &Layout, journal: &[Deduction], solution: &[Digit]) -> Option<String> {
    journal.iter().enumerate().find_map(|(n, d)| {
        let wrong_placement = d.placements.iter().any(|p| solution[p.cell] != p.digit);
        let wrong_removal = d.eliminations.iter().any(|e| solution[e.cell] == e.digit);
        (wrong_placement || wrong_removal).then(|| format!("step {}: {}", n + 1, deduku::render::text::explain(layout, d)))
    })
}

/// Whether a step's proof has a link between two candidates that only a rule's constraint
/// makes (not a cell, not sight): a weak link, or an implication from a true candidate to a
/// false one.
fn crosses_constraint(layout: &Layout, d: &Deduction) -> bool {
    d.pattern.chains.iter().any(|c| {
        let n = c.nodes.len();
        (0..c.links.len()).any(|i| {
            let (a, b) = (&c.nodes[i], &c.nodes[(i + 1) % n]);
            let crossing = match c.links[i] {
                Link::Weak => true,
                Link::Implies => a.on && !b.on,
                Link::Strong => false,
            };
            crossing
                && a.cells.len() == 1
                && b.cells.len() == 1
                && a.cells[0] != b.cells[0]
                && !(a.digit == b.digit && layout.sees(a.cells[0], b.cells[0]))
                && layout.constraint_between(a.cells[0], a.digit, b.cells[0], b.digit).is_some()
        })
    })
}

/// A puzzle: the layout, the givens and the solution.
struct Case {
    layout: Arc<Layout>,
    givens: Vec<Option<Digit>>,
    solution: Vec<Digit>,
}

/// Takes givens away from the full `solution` in random order, each only while the puzzle
/// stays unique.
fn minimise(layout: &Arc<Layout>, solution: &[Digit], rng: &mut Rng) -> Vec<Option<Digit>> {
    let mut givens: Vec<Option<Digit>> = solution.iter().map(|&d| Some(d)).collect();
    let mut order: Vec<usize> = (0..givens.len()).collect();
    rng.shuffle(&mut order);
    for cell in order {
        let kept = givens[cell].take();
        if !is_unique(layout, &givens) {
            givens[cell] = kept;
        }
    }
    givens
}

/// Puzzles whose constraints are read off a random solution of the `base` layout: for each
/// orthogonal pair, each `(rule, relation)` that holds there is placed with one chance in
/// `sparse` (the first that holds only), then givens are taken away while unique.
fn data_cases(base: &LayoutSpec, relations: &[(Rule, Relation)], sparse: usize, seed: u64, count: usize) -> Vec<Case> {
    let mut rng = Rng::new(seed);
    let plain = Arc::new(base.build().expect("a valid base layout"));
    (0..count)
        .map(|_| {
            let solution = random_solution(&plain, &mut rng).expect("a solution");
            let mut constraints = Vec::new();
            for [a, b] in orthogonal_pairs(base.size) {
                let found = relations.iter().find(|(_, r)| r.holds(solution[a], solution[b]));
                if let Some(&(rule, relation)) = found
                    && rng.below(sparse) == 0
                {
                    constraints.push(Constraint::Pair { rule, cells: [a, b], relation, holds: true });
                }
            }
            let spec = LayoutSpec { constraints, ..base.clone() };
            let layout = Arc::new(spec.build().expect("a valid layout"));
            let givens = minimise(&layout, &solution, &mut rng);
            Case { layout, givens, solution }
        })
        .collect()
}

/// Generated puzzles on a layout that needs no data from the solution.
fn rule_cases(spec: &LayoutSpec, seed: u64, count: usize) -> Vec<Case> {
    let layout = Arc::new(spec.build().expect("a valid layout"));
    let mut rng = Rng::new(seed);
    (0..count)
        .map(|_| {
            let puzzle = generate(&layout, &mut rng).expect("a puzzle");
            Case { layout: layout.clone(), givens: puzzle.givens, solution: puzzle.solution }
        })
        .collect()
}

fn kropki() -> Vec<(Rule, Relation)> {
    vec![(Rule::KropkiWhite, Relation::Difference(1)), (Rule::KropkiBlack, Relation::Ratio(2))]
}

fn xv() -> Vec<(Rule, Relation)> {
    vec![(Rule::Xv, Relation::Sum(10)), (Rule::Xv, Relation::Sum(5))]
}

fn non_consecutive() -> LayoutSpec {
    LayoutSpec { rules: Rules::classic().with(Rule::NonConsecutive), ..LayoutSpec::new(9) }
}

/// Solves each case with the default solver and checks every step and the solution; returns
/// the steps by technique, and how many steps' proofs cross a constraint link.
// Why few puzzles: minimal puzzles under these rules are hard (forcing nets, nested ones
// too, on many steps), and each costs seconds.
fn solve_all(cases: &[Case]) -> (BTreeMap<&'static str, usize>, usize) {
    let mut used = BTreeMap::new();
    let mut crossing = 0;
    for case in cases {
        let outcome = Solver::default().solve(case.layout.clone(), &case.givens);
        let puzzle = deduku::formats::to_line(&case.givens);
        assert_eq!(outcome.solution.as_deref(), Some(&case.solution[..]), "{puzzle}");
        if let Some(problem) = first_unsound(&case.layout, outcome.steps(), &case.solution) {
            panic!("unsound in {puzzle} ({} constraints): {problem}", case.layout.constraints().len());
        }
        for step in outcome.steps() {
            *used.entry(step.technique).or_insert(0) += 1;
            crossing += crosses_constraint(&case.layout, step) as usize;
        }
    }
    (used, crossing)
}

/// The chain and forcing techniques, each tried alone at every position of a logic solve of
/// each case: every deduction must agree with the solution. Returns, per technique, how
/// often it fired and how often its proof crossed a constraint link; and one sentence of a
/// crossing proof per technique.
fn probe(cases: &[Case], techniques: &[&Technique]) -> BTreeMap<&'static str, (usize, usize, String)> {
    let mut seen: BTreeMap<&'static str, (usize, usize, String)> = BTreeMap::new();
    each_step(cases, techniques, |case, step| {
        let entry = seen.entry(step.technique).or_default();
        entry.0 += 1;
        if crosses_constraint(&case.layout, step) {
            entry.1 += 1;
            if entry.2.is_empty() {
                entry.2 = deduku::render::text::explain(&case.layout, step);
            }
        }
    });
    seen
}

fn family(f: Family) -> Vec<&'static Technique> {
    REGISTRY.iter().filter(|t| t.family == f).collect()
}

#[test]
fn non_consecutive_puzzles_solve_soundly() {
    let cases = rule_cases(&non_consecutive(), 31, 8);
    let (used, crossing) = solve_all(&cases);
    eprintln!("non-consecutive: {used:?}, {crossing} steps cross a constraint link");
}

#[test]
fn kropki_puzzles_solve_soundly() {
    let cases = data_cases(&LayoutSpec::new(9), &kropki(), 2, 32, 8);
    let (used, crossing) = solve_all(&cases);
    eprintln!("kropki: {used:?}, {crossing} steps cross a constraint link");
}

#[test]
fn xv_puzzles_solve_soundly() {
    let cases = data_cases(&LayoutSpec::new(9), &xv(), 1, 33, 8);
    let (used, crossing) = solve_all(&cases);
    eprintln!("xv: {used:?}, {crossing} steps cross a constraint link");
}

#[test]
fn links_with_extra_houses_solve_soundly() {
    let diagonal = LayoutSpec { rules: Rules::classic().with(Rule::DiagonalMain).with(Rule::DiagonalAnti), ..LayoutSpec::new(9) };
    let windoku = LayoutSpec { rules: Rules::classic().with(Rule::Windoku), ..LayoutSpec::new(9) };
    let mut cases = data_cases(&diagonal, &kropki(), 3, 34, 4);
    cases.extend(data_cases(&windoku, &xv(), 2, 35, 4));
    cases.extend(rule_cases(&LayoutSpec { rules: Rules::classic().with(Rule::Disjoint).with(Rule::Windoku), ..LayoutSpec::new(9) }, 36, 4));
    let (used, crossing) = solve_all(&cases);
    eprintln!("extra houses: {used:?}, {crossing} steps cross a constraint link");
}

#[test]
fn chains_and_forcing_alone_are_sound_and_cross_links() {
    let mut cases = data_cases(&LayoutSpec::new(9), &kropki(), 3, 41, 4);
    cases.extend(data_cases(&LayoutSpec::new(9), &xv(), 2, 42, 4));
    cases.extend(rule_cases(&non_consecutive(), 43, 2));
    let mut techniques = family(Family::Chains);
    // Why not the nested net: it tries every candidate inside every assumption, too slow
    // for a test over every position; it shares the engine the others use.
    techniques.extend(family(Family::Forcing).into_iter().filter(|t| t.id != "nested-forcing-net"));
    let seen = probe(&cases, &techniques);
    for (id, (fired, crossing, sentence)) in &seen {
        eprintln!("{id}: fired {fired}, through a constraint link {crossing}: {sentence}");
    }
    // A chain of the AIC family and a forcing chain both go through a link, and say which rule
    // makes it.
    for ids in [["aic", "continuous-nice-loop", "discontinuous-nice-loop"], ["digit-forcing-chain", "cell-forcing-chain", "unit-forcing-chain"]] {
        let through: Vec<&String> = ids.iter().filter_map(|id| seen.get(id)).filter(|s| s.1 > 0).map(|s| &s.2).collect();
        assert!(!through.is_empty(), "none of {ids:?} went through a constraint link");
        assert!(
            through.iter().all(|s| ["(kropki-white)", "(kropki-black)", "(xv)", "(non-consecutive)"].iter().any(|r| s.contains(r))),
            "a constraint link without its rule: {through:?}"
        );
    }
}

#[test]
fn a_forcing_chain_goes_through_a_kropki_dot_and_names_it() {
    // r1c1 holds 1 or 2, and a white dot joins it to r1c2, which holds 3 or 9: r1c1=1 takes
    // neither from r1c2 by sight, but the dot rules out both (neither is 2), leaving r1c2
    // empty. So r1c1 <> 1, which only the link proves.
    let spec = LayoutSpec {
        constraints: vec![Constraint::Pair { rule: Rule::KropkiWhite, cells: [0, 1], relation: Relation::Difference(1), holds: true }],
        ..LayoutSpec::new(9)
    };
    let layout = Arc::new(spec.build().unwrap());
    let mut tokens: Vec<String> = vec!["123456789".into(); 81];
    tokens[0] = "12".into();
    tokens[1] = "39".into();
    let mut grid = deduku::formats::parse_candidate_line(&tokens.join(" "), layout.clone()).unwrap();
    let dfc = REGISTRY.iter().find(|t| t.id == "digit-forcing-chain").unwrap();
    assert!((dfc.run)(&mut grid), "the forcing chain fires");
    let step = grid.journal().last().unwrap();
    let sentence = deduku::render::text::explain(&layout, step);
    assert_eq!(deduku::render::text::effect(&layout, step), "r1c1<>1 (kropki-white)", "{sentence}");
    assert!(sentence.contains("r1c1=1 -(kropki-white)-> r1c2<>"), "{sentence}");
    assert!(crosses_constraint(&layout, step));
    // Without the dot, nothing ties the two cells: the same position proves nothing there.
    let plain = Arc::new(LayoutSpec::new(9).build().unwrap());
    let mut grid = deduku::formats::parse_candidate_line(&tokens.join(" "), plain).unwrap();
    assert!(!(dfc.run)(&mut grid) || grid.journal().last().unwrap().eliminations.iter().all(|e| (e.cell, e.digit) != (0, 1)));
}

/// In JSON, each weak link of a chain names the rule it relies on exactly when its two nodes
/// share no house: over the chains of anti-knight solves, every such link is a knight's
/// move and says so.
#[test]
fn json_names_the_rule_of_each_weak_link_that_needs_one() {
    let layout = Arc::new(Layout::classic(Rules::classic().with(Rule::AntiKnight)));
    let path = format!("{}/puzzles/generated-hard-anti-knight.txt", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&path).unwrap();
    let (mut by_rule, mut by_house) = (0, 0);
    for line in text.lines().filter(|l| !l.starts_with('#') && !l.trim().is_empty()).take(40) {
        let givens = deduku::formats::parse_puzzles(line.split_whitespace().next().unwrap(), 9, deduku::formats::Origin::Argument(1)).unwrap().remove(0).givens;
        let mut grid = Grid::new(layout.clone(), &givens).unwrap();
        Solver::default().backtracking(false).run_logic(&mut grid);
        for step in grid.journal() {
            let Some(json) = deduku::render::json::pattern(&layout, &step.pattern) else { continue };
            for (chain, cj) in step.pattern.chains.iter().zip(&json.chains) {
                for (i, link) in chain.links.iter().enumerate() {
                    let (a, b) = (&chain.nodes[i], &chain.nodes[(i + 1) % chain.nodes.len()]);
                    let rule = cj.link_rules.as_ref().and_then(|r| r[i]);
                    if *link != Link::Weak || a.digit != b.digit {
                        assert_eq!(rule, None, "{}", cj.text);
                        continue;
                    }
                    let apart = a.cells.iter().any(|&x| b.cells.iter().any(|&y| x != y && layout.relation(x, y).0.is_none()));
                    assert_eq!(rule, apart.then_some("anti-knight"), "link {i} of {}", cj.text);
                    if apart { by_rule += 1 } else { by_house += 1 }
                }
            }
        }
    }
    assert!(by_rule > 0 && by_house > 0, "weak links by rule {by_rule}, by house {by_house}");
}

#[test]
fn an_aic_goes_through_non_consecutive_links() {
    // r5c1 holds 1 or 6, r5c2 (its right neighbour) 2 or 5. Non-consecutive rules out 1 with
    // 2 and 6 with 5: (6)r5c1 = (1)r5c1 -(non-consecutive)- (2)r5c2 = (5)r5c2, so r5c1 is 6
    // or r5c2 is 5; either rules out 5 in r4c1 (above r5c1; in r5c2's box), and in r6c1.
    let mut tokens: Vec<String> = vec!["123456789".into(); 81];
    tokens[36] = "16".into();
    tokens[37] = "25".into();
    let line = tokens.join(" ");
    let layout = Arc::new(non_consecutive().build().unwrap());
    let solution_free = |rules: &Arc<Layout>| deduku::formats::parse_candidate_line(&line, rules.clone()).unwrap();
    let aic = REGISTRY.iter().find(|t| t.id == "aic").unwrap();
    let mut grid = solution_free(&layout);
    assert!((aic.run)(&mut grid), "the AIC fires");
    let step = grid.journal().last().unwrap();
    let sentence = deduku::render::text::explain(&layout, step);
    assert!(sentence.contains(" -(non-consecutive)- "), "{sentence}");
    assert!(crosses_constraint(&layout, step), "{sentence}");
    // JSON names the rule of the link it crosses, and of no other.
    let json = deduku::render::json::pattern(&layout, &step.pattern).unwrap();
    let chain = &json.chains[0];
    let rules = chain.link_rules.as_ref().expect("a link needs a rule");
    let named: Vec<usize> = (0..rules.len()).filter(|&i| rules[i].is_some()).collect();
    assert_eq!(named.len(), 1, "{sentence}");
    assert_eq!(rules[named[0]], Some("non-consecutive"));
    assert_eq!(chain.links[named[0]], "weak");
    let removed: Vec<(usize, Digit)> = step.eliminations.iter().map(|e| (e.cell, e.digit)).collect();
    // The chain read one way or the other: (6)r5c1 ... (5)r5c2 removes 5 from r4c1 and r6c1
    // (above and below r5c1, in r5c2's box) and 6 from r4c2, r5c3 and r6c2 (around r5c2, seeing
    // r5c1); (1)r5c1 ... (2)r5c2 removes 2 and 1 from the same cells.
    let six = [(27, 5), (28, 6), (38, 6), (45, 5), (46, 6)];
    let one = [(27, 2), (28, 1), (38, 1), (45, 2), (46, 1)];
    assert!(removed == six || removed == one, "{sentence}");
    // Without the rule the two cells are not linked, and no chain is there.
    let plain = Arc::new(LayoutSpec::new(9).build().unwrap());
    assert!(!(aic.run)(&mut solution_free(&plain)));
}

#[test]
fn forcing_solves_diagonal_puzzles_that_needed_backtracking() {
    // Until the forcing engine took layouts with extra houses, its techniques found nothing
    // there: the default solver without them is the solver of then.
    let spec = LayoutSpec { rules: Rules::classic().with(Rule::DiagonalMain).with(Rule::DiagonalAnti), ..LayoutSpec::new(9) };
    let cases = rule_cases(&spec, 51, 30);
    let without: Vec<&Technique> = REGISTRY.iter().filter(|t| t.default && t.family != Family::Forcing).collect();
    let without = Solver::from_techniques(&without);
    let (mut then, mut now) = (0, 0);
    for case in &cases {
        let before = without.solve(case.layout.clone(), &case.givens);
        let after = Solver::default().solve(case.layout.clone(), &case.givens);
        assert_eq!(after.solution.as_deref(), Some(&case.solution[..]));
        if let Some(problem) = first_unsound(&case.layout, after.steps(), &case.solution) {
            panic!("{}: {problem}", deduku::formats::to_line(&case.givens));
        }
        then += before.backtracked() as usize;
        now += after.backtracked() as usize;
        assert!(!after.backtracked() || before.backtracked(), "forcing made a solve need backtracking");
    }
    eprintln!("diagonal puzzles needing backtracking: {then} without forcing, {now} with it, of {}", cases.len());
    assert!(now < then, "{now} of {} still need backtracking, {then} did without forcing", cases.len());
}

/// Puzzles with quadruples read off a random solution: each 2x2 corner with one chance in
/// `sparse`, showing the digits of two to four of its cells (a digit twice where a diagonal
/// repeats it); then givens are taken away while unique.
fn quadruple_cases(sparse: usize, seed: u64, count: usize) -> Vec<Case> {
    let mut rng = Rng::new(seed);
    let plain = Arc::new(LayoutSpec::new(9).build().expect("the classic layout"));
    (0..count)
        .map(|_| {
            let solution = random_solution(&plain, &mut rng).expect("a solution");
            let mut constraints = Vec::new();
            for top in (0..72).filter(|c| c % 9 < 8) {
                if rng.below(sparse) != 0 {
                    continue;
                }
                let cells = vec![top, top + 1, top + 9, top + 10];
                let mut picked = cells.clone();
                rng.shuffle(&mut picked);
                let mut digits: Vec<Digit> = picked[..2 + rng.below(3)].iter().map(|&c| solution[c]).collect();
                digits.sort_unstable();
                constraints.push(Constraint::Contains { rule: Rule::Quadruple, cells, digits });
            }
            let layout = Arc::new(LayoutSpec { constraints, ..LayoutSpec::new(9) }.build().expect("a valid layout"));
            let givens = minimise(&layout, &solution, &mut rng);
            Case { layout, givens, solution }
        })
        .collect()
}

/// Whether a step's chains name `rule` on a link of the kind `link` (see `Chain::rules` for
/// strong links, the JSON's `link_rules` for both).
fn names_rule(layout: &Layout, d: &Deduction, link: Link, rule: &str, group: bool) -> bool {
    let Some(json) = deduku::render::json::pattern(layout, &d.pattern) else { return false };
    d.pattern.chains.iter().zip(&json.chains).any(|(c, cj)| {
        (0..c.links.len()).any(|i| {
            let (a, b) = (&c.nodes[i], &c.nodes[(i + 1) % c.nodes.len()]);
            c.links[i] == link
                && (!group || a.cells.len() > 1 || b.cells.len() > 1)
                && cj.link_rules.as_ref().is_some_and(|r| r[i] == Some(rule))
        })
    })
}

/// Each of `techniques` tried alone at every position of a logic solve of each case (as
/// [`probe`] does): every step is checked against the solution, then given to `visit`.
fn each_step(cases: &[Case], techniques: &[&Technique], mut visit: impl FnMut(&Case, &Deduction)) {
    for case in cases {
        let mut grid = Grid::new(case.layout.clone(), &case.givens).unwrap();
        Solver::default().backtracking(false).run_logic(&mut grid);
        let puzzle = deduku::formats::to_line(&case.givens);
        if let Some(problem) = first_unsound(&case.layout, grid.journal(), &case.solution) {
            panic!("{puzzle}: the default solve: {problem}");
        }
        for state in grid.replay() {
            for t in techniques {
                let mut trial = state.clone();
                if !(t.run)(&mut trial) {
                    continue;
                }
                let step = trial.journal().last().unwrap();
                if let Some(problem) = first_unsound(&case.layout, std::slice::from_ref(step), &case.solution) {
                    panic!("{puzzle}: {} on its own: {problem}", t.id);
                }
                visit(case, step);
            }
        }
    }
}

#[test]
fn chains_use_quadruples_as_strong_links_soundly() {
    let cases = quadruple_cases(3, 61, 6);
    let mut techniques = family(Family::Chains);
    techniques.extend(family(Family::Forcing).into_iter().filter(|t| t.id != "nested-forcing-net"));
    let (mut fired, mut by_quadruple) = (0, 0);
    each_step(&cases, &techniques, |case, step| {
        fired += 1;
        if names_rule(&case.layout, step, Link::Strong, "quadruple", false) {
            by_quadruple += 1;
            let sentence = deduku::render::text::explain(&case.layout, step);
            assert!(sentence.contains(" =(quadruple)= "), "{sentence}");
        }
    });
    eprintln!("quadruples: {fired} chain and forcing steps, {by_quadruple} through a quadruple's strong link");
    assert!(by_quadruple > 0, "no chain went through a quadruple's strong link");
}

#[test]
fn grouped_chains_use_constraint_links_to_groups_soundly() {
    let mut cases = rule_cases(&non_consecutive(), 71, 4);
    cases.extend(data_cases(&LayoutSpec::new(9), &kropki(), 2, 72, 4));
    let grouped: Vec<&Technique> = family(Family::Chains).into_iter().filter(|t| t.id.starts_with("grouped-")).collect();
    let (mut fired, mut through) = (0, 0);
    each_step(&cases, &grouped, |case, step| {
        fired += 1;
        if ["non-consecutive", "kropki-white", "kropki-black"].iter().any(|r| names_rule(&case.layout, step, Link::Weak, r, true)) {
            through += 1;
        }
    });
    eprintln!("grouped: {fired} steps, {through} with a constraint's weak link at a group node");
    assert!(through > 0, "no grouped chain went through a constraint's link at a group node");
}
