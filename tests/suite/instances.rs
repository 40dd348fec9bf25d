//! Every instance: a technique's search, asked for every instance of its pattern in a
//! position ([`find_all`]), lists sound, distinct deductions of that technique, whose first
//! is the step the technique takes on its own; and for the techniques whose pattern is
//! small enough to enumerate plainly, the list is exactly what an exhaustive search finds.

use crate::common;

use std::collections::{BTreeMap, BTreeSet};
use std::sync::Arc;

use deduku::layout::HouseKind;
use deduku::strategies::{find_all, ids};
use deduku::{Deduction, Digit, Grid, Layout, REGISTRY, Rule, Rules, Solver};

/// The puzzles kept in `puzzles/` (`puzzle solution` per line), every `step`-th one.
fn kept(file: &str, step: usize) -> Vec<(Vec<Option<Digit>>, Vec<Digit>)> {
    let path = format!("{}/puzzles/{file}", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    let parse = |s: &str| deduku::formats::parse_puzzles(s, 9, deduku::formats::Origin::File(path.clone())).unwrap().remove(0).givens;
    text.lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .step_by(step)
        .map(|line| {
            let mut fields = line.split_whitespace();
            let givens = parse(fields.next().unwrap());
            let solution = parse(fields.next().expect("a solution after the puzzle")).into_iter().map(Option::unwrap).collect();
            (givens, solution)
        })
        .collect()
}

/// Every position of a default logical solve of each sampled puzzle, with the solution.
fn positions(file: &str, rules: Rules, step: usize) -> Vec<(Grid, Arc<Vec<Digit>>)> {
    let layout = Arc::new(Layout::classic(rules));
    let mut all = Vec::new();
    for (givens, solution) in kept(file, step) {
        let mut grid = Grid::new(layout.clone(), &givens).unwrap();
        Solver::default().backtracking(false).run_logic(&mut grid);
        let solution = Arc::new(solution);
        all.extend(grid.replay().into_iter().map(|g| (g, solution.clone())));
    }
    all
}

/// Whether the deduction changes `grid` (places a digit in an empty cell or removes a
/// candidate it has).
fn changes(grid: &Grid, d: &Deduction) -> bool {
    d.placements.iter().any(|p| grid.digit(p.cell).is_none()) || d.eliminations.iter().any(|e| grid.has_candidate(e.cell, e.digit))
}

/// The wrong part of a deduction, if any.
fn unsound(d: &Deduction, solution: &[Digit]) -> Option<String> {
    let placement = d.placements.iter().find(|p| solution[p.cell] != p.digit).map(|p| format!("places {} in cell {}", p.digit, p.cell));
    placement.or_else(|| {
        d.eliminations.iter().find(|e| solution[e.cell] == e.digit).map(|e| format!("removes {} from cell {}", e.digit, e.cell))
    })
}

/// What each technique's every-instance search must give at `grid`, checked; returns the
/// number of instances.
fn check_instances(t: &deduku::Technique, grid: &Grid, solution: &[Digit]) -> usize {
    let all = find_all(t, grid);
    let mut probe = grid.clone();
    let fired = (t.run)(&mut probe);
    let line = deduku::formats::to_line(&grid.digits());
    assert_eq!(fired, !all.is_empty(), "{}: fires {fired} but lists {} instances at {line}", t.id, all.len());
    if fired {
        assert_eq!(probe.journal().last(), all.first(), "{}: the first instance listed is not the step it takes at {line}", t.id);
    }
    for (n, d) in all.iter().enumerate() {
        assert_eq!(d.technique, t.id, "{} listed a step of {}", t.id, d.technique);
        assert!(changes(grid, d), "{}: instance {n} changes nothing at {line}: {d:?}", t.id);
        if let Some(problem) = unsound(d, solution) {
            panic!("{}: instance {n} {problem} at {line}", t.id);
        }
        assert!(!all[..n].contains(d), "{}: instance {n} listed twice at {line}", t.id);
    }
    all.len()
}

/// Every technique at every position of sampled hard puzzles (classic and anti-knight):
/// the list is sound, distinct, agrees with the step, and for the common techniques holds
/// more than one instance somewhere (the search goes on past the first).
#[test]
fn every_instance_listed_is_sound_distinct_and_led_by_the_step_taken() {
    let mut most = BTreeMap::<&str, usize>::new();
    let sets = [
        ("generated-hard.txt", Rules::classic(), common::sample(40, 15)),
        ("generated-hard-anti-knight.txt", Rules::classic().with(Rule::AntiKnight), common::sample(40, 15)),
    ];
    for (file, rules, step) in sets {
        for (n, (grid, solution)) in positions(file, rules, step).iter().enumerate() {
            for t in REGISTRY.iter() {
                // Why: forcing chains and nets try every candidate with deep propagation;
                // a sample of the positions keeps the test within CI's time.
                if (t.difficulty >= 76 && n % 8 != 0) || (t.difficulty >= 85 && n % 40 != 0) {
                    continue;
                }
                if t.uniqueness && !grid.layout().rules().is_classic() {
                    continue;
                }
                let count = check_instances(t, grid, solution);
                let m = most.entry(t.id).or_default();
                *m = (*m).max(count);
            }
        }
    }
    eprintln!("most instances at one position, per technique: {most:?}");
    let common = [ids::FULL_HOUSE, ids::HIDDEN_SINGLE, ids::NAKED_SINGLE, ids::POINTING, ids::CLAIMING];
    let single: Vec<&str> = common.into_iter().filter(|id| most.get(id).copied().unwrap_or(0) < 2).collect();
    assert!(single.is_empty(), "never listed more than one instance: {single:?}");
}

/// A plain search for singles and intersections: every instance, as (technique, cell or
/// cells, digit), by looking at every house and digit.
fn plain_instances(grid: &Grid) -> BTreeMap<&'static str, BTreeSet<(Vec<usize>, Digit)>> {
    let layout = grid.layout();
    let mut found: BTreeMap<&'static str, BTreeSet<(Vec<usize>, Digit)>> = BTreeMap::new();
    for cell in 0..layout.cell_count() {
        let c = grid.candidates(cell);
        if grid.digit(cell).is_none() && c.len() == 1 {
            found.entry(ids::NAKED_SINGLE).or_default().insert((vec![cell], c.iter().next().unwrap()));
        }
    }
    for house in 0..layout.houses().len() {
        let cells = &layout.house(house).cells;
        let empty: Vec<usize> = cells.iter().copied().filter(|&c| grid.digit(c).is_none()).collect();
        for digit in 1..=layout.size() as Digit {
            if cells.iter().any(|&c| grid.digit(c) == Some(digit)) {
                continue;
            }
            let places: Vec<usize> = empty.iter().copied().filter(|&c| grid.has_candidate(c, digit)).collect();
            if empty.len() == 1 && places.len() == 1 {
                found.entry(ids::FULL_HOUSE).or_default().insert((places.clone(), digit));
            }
            if places.len() == 1 {
                found.entry(ids::HIDDEN_SINGLE).or_default().insert((places.clone(), digit));
            }
            // Intersections: the places all in one house of the crossing kind, and some
            // cell outside them seeing them all still has the digit.
            if places.len() < 2 {
                continue;
            }
            let kind = layout.house(house).kind;
            let technique = match kind {
                HouseKind::Box => ids::POINTING,
                HouseKind::Row | HouseKind::Column => ids::CLAIMING,
                _ => continue,
            };
            let crosses = |h: usize| {
                let other = layout.house(h).kind;
                h != house && (if kind == HouseKind::Box { other == HouseKind::Row || other == HouseKind::Column } else { other == HouseKind::Box })
            };
            let shared = (0..layout.houses().len()).any(|h| crosses(h) && places.iter().all(|c| layout.house(h).cells.contains(c)));
            let removes = (0..layout.cell_count()).any(|o| {
                !places.contains(&o) && grid.has_candidate(o, digit) && places.iter().all(|&p| layout.peers(o).any(|q| q == p))
            });
            if shared && removes {
                found.entry(technique).or_default().insert((places, digit));
            }
        }
    }
    found
}

/// Singles and intersections list exactly what the plain search finds, at every position
/// of sampled classic and anti-knight puzzles.
#[test]
fn singles_and_intersections_list_what_a_plain_search_finds() {
    let sets = [
        ("generated-hard.txt", Rules::classic(), 5),
        ("generated-classic.txt", Rules::classic(), 10),
        ("generated-hard-anti-knight.txt", Rules::classic().with(Rule::AntiKnight), 5),
    ];
    let mut compared = 0;
    for (file, rules, step) in sets {
        for (grid, _) in positions(file, rules, step) {
            let plain = plain_instances(&grid);
            for id in [ids::FULL_HOUSE, ids::NAKED_SINGLE, ids::HIDDEN_SINGLE, ids::POINTING, ids::CLAIMING] {
                let t = deduku::strategies::by_id(id).unwrap();
                let listed: BTreeSet<(Vec<usize>, Digit)> = find_all(t, &grid)
                    .into_iter()
                    .map(|d| {
                        let digit = d.pattern.digits.iter().next().unwrap();
                        let mut cells = d.pattern.cells.clone();
                        cells.sort_unstable();
                        (cells, digit)
                    })
                    .collect();
                let want = plain.get(id).cloned().unwrap_or_default();
                assert_eq!(listed, want, "{id} at {}", deduku::formats::to_line(&grid.digits()));
                compared += want.len();
            }
        }
    }
    assert!(compared > 1000, "only {compared} instances compared");
}

/// The instances of a technique as (cells, digits), for comparing with a plain search.
fn listed(id: &str, grid: &Grid) -> BTreeSet<(Vec<usize>, Vec<Digit>)> {
    let t = deduku::strategies::by_id(id).unwrap();
    find_all(t, grid)
        .into_iter()
        .map(|d| {
            let mut cells = d.pattern.cells.clone();
            cells.sort_unstable();
            (cells, d.pattern.digits.iter().collect())
        })
        .collect()
}

/// Calls `visit` with every choice of `n` items of `items`, in lexicographic order.
fn choices<T: Copy>(items: &[T], n: usize, visit: &mut impl FnMut(&[T])) {
    fn walk<T: Copy>(items: &[T], n: usize, from: usize, chosen: &mut Vec<T>, visit: &mut impl FnMut(&[T])) {
        if chosen.len() == n {
            visit(chosen);
            return;
        }
        for i in from..items.len() {
            chosen.push(items[i]);
            walk(items, n, i + 1, chosen, visit);
            chosen.pop();
        }
    }
    walk(items, n, 0, &mut Vec::new(), visit);
}

/// A plain search for naked and hidden subsets of `n` and for basic fish of size `n`
/// (a fish removes from a cell that sees every body cell of one of its cover lines), as
/// (pattern cells, digits) per technique.
fn plain_subsets_and_fish(grid: &Grid, n: usize) -> [BTreeSet<(Vec<usize>, Vec<Digit>)>; 3] {
    let layout = grid.layout();
    let size = layout.size();
    let (mut naked, mut hidden, mut fish) = (BTreeSet::new(), BTreeSet::new(), BTreeSet::new());
    let sees_all = |o: usize, cells: &[usize]| cells.iter().all(|&c| layout.peers(o).any(|p| p == c));
    for house in 0..layout.houses().len() {
        let cells = &layout.house(house).cells;
        let empty: Vec<usize> = cells.iter().copied().filter(|&c| grid.digit(c).is_none()).collect();
        choices(&empty, n, &mut |chosen| {
            let digits: BTreeSet<Digit> = chosen.iter().flat_map(|&c| grid.candidates(c).iter()).collect();
            let removes = digits.iter().any(|&d| {
                let holders: Vec<usize> = chosen.iter().copied().filter(|&c| grid.has_candidate(c, d)).collect();
                (0..layout.cell_count()).any(|o| !chosen.contains(&o) && grid.has_candidate(o, d) && sees_all(o, &holders))
            });
            if digits.len() == n && removes {
                naked.insert((chosen.to_vec(), digits.into_iter().collect()));
            }
        });
        let missing: Vec<Digit> = (1..=size as Digit).filter(|&d| cells.iter().all(|&c| grid.digit(c) != Some(d))).collect();
        choices(&missing, n, &mut |chosen| {
            let places: BTreeSet<usize> = chosen.iter().flat_map(|&d| empty.iter().copied().filter(move |&c| grid.has_candidate(c, d))).collect();
            let every_digit_placed = chosen.iter().all(|&d| empty.iter().any(|&c| grid.has_candidate(c, d)));
            let others = places.iter().any(|&c| grid.candidates(c).iter().any(|d| !chosen.contains(&d)));
            if places.len() == n && every_digit_placed && others {
                hidden.insert((places.into_iter().collect(), chosen.to_vec()));
            }
        });
    }
    for digit in 1..=size as Digit {
        for rows in [true, false] {
            let at = |line: usize, i: usize| if rows { line * size + i } else { i * size + line };
            let places = |line: usize| -> Vec<usize> { (0..size).filter(|&i| grid.has_candidate(at(line, i), digit)).collect() };
            let lines: Vec<usize> = (0..size).filter(|&l| (2..=n).contains(&places(l).len())).collect();
            choices(&lines, n, &mut |base| {
                let cover: BTreeSet<usize> = base.iter().flat_map(|&l| places(l)).collect();
                let mut body: Vec<usize> = base.iter().flat_map(|&l| places(l).into_iter().map(move |i| at(l, i))).collect();
                body.sort_unstable();
                // A cell outside the fish loses the digit when it sees every body cell of
                // one cover line (the rest of the line does; so may a cell of a box).
                let removes = (0..layout.cell_count()).any(|o| {
                    !body.contains(&o)
                        && grid.has_candidate(o, digit)
                        && cover.iter().any(|&i| {
                            let in_line: Vec<usize> = base.iter().map(|&l| at(l, i)).filter(|c| body.contains(c)).collect();
                            sees_all(o, &in_line)
                        })
                });
                if cover.len() == n && removes {
                    fish.insert((body, vec![digit]));
                }
            });
        }
    }
    [naked, hidden, fish]
}

/// Naked and hidden subsets and basic fish of every size list exactly what the plain
/// search finds, at every position of sampled classic puzzles.
#[test]
fn subsets_and_basic_fish_list_what_a_plain_search_finds() {
    let mut compared = [0; 3];
    for (file, step) in [("generated-hard.txt", 6), ("generated-classic.txt", 12)] {
        for (grid, _) in positions(file, Rules::classic(), step) {
            for n in 2..=4 {
                let plain = plain_subsets_and_fish(&grid, n);
                let naked = [ids::NAKED_PAIR, ids::NAKED_TRIPLE, ids::NAKED_QUAD][n - 2];
                let hidden = [ids::HIDDEN_PAIR, ids::HIDDEN_TRIPLE, ids::HIDDEN_QUAD][n - 2];
                let fish = [ids::X_WING, ids::SWORDFISH, ids::JELLYFISH][n - 2];
                for (k, id) in [naked, hidden, fish].into_iter().enumerate() {
                    assert_eq!(listed(id, &grid), plain[k], "{id} at {}", deduku::formats::to_line(&grid.digits()));
                    compared[k] += plain[k].len();
                }
            }
        }
    }
    eprintln!("instances compared (naked, hidden, fish): {compared:?}");
    assert!(compared.iter().all(|&c| c > 20), "too few instances compared: {compared:?}");
}
