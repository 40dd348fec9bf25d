use super::*;
use crate::strategies::test_support::{king, knight};
use crate::strategies::{Finder, find_all, fire};
use crate::formats::parse_candidate_line;
use crate::constraints::Constraint;
use crate::layout::{Layout, LayoutSpec};
use crate::render::text;
use crate::rules::Rules;
use std::sync::Arc;

/// A 9x9 position: every cell empty with every candidate, then edited.
struct Position {
    rules: Rules,
    cells: Vec<Candidates>,
}

impl Position {
    fn new(rules: Rules) -> Position {
        Position { rules, cells: vec![Candidates::all(9); 81] }
    }

    fn classic() -> Position {
        Position::new(Rules::classic())
    }

    /// The cell `r3c5` (1-based).
    fn cell(name: &str) -> CellId {
        let (r, c) = name[1..].split_once('c').unwrap();
        (r.parse::<usize>().unwrap() - 1) * 9 + c.parse::<usize>().unwrap() - 1
    }

    /// Sets the candidates of a cell: `set("r1c2", "37")`.
    fn set(mut self, cell: &str, digits: &str) -> Position {
        self.cells[Position::cell(cell)] = digits.bytes().map(|b| b - b'0').collect();
        self
    }

    /// Keeps `digit` in house `r1` / `c8` / `b4` only at the given 1-based positions (columns
    /// of a row, rows of a column, cells of a box).
    fn keep(mut self, digit: Digit, house: &str, positions: &[usize]) -> Position {
        let layout = Layout::classic(Rules::classic());
        let h = layout.houses().iter().find(|h| h.short_name() == house).expect("a house name");
        for (i, &cell) in h.cells.iter().enumerate() {
            if !positions.contains(&(i + 1)) {
                self.cells[cell].remove(digit);
            }
        }
        self
    }

    fn grid(&self) -> Grid {
        self.grid_with(Vec::new())
    }

    /// The position on a layout with the rules' `constraints` too.
    fn grid_with(&self, constraints: Vec<Constraint>) -> Grid {
        let tokens: Vec<String> =
            self.cells.iter().map(|c| format!("[{}]", c.iter().map(|d| char::from(b'0' + d)).collect::<String>())).collect();
        let spec = LayoutSpec { rules: self.rules.clone(), constraints, ..LayoutSpec::new(9) };
        parse_candidate_line(&tokens.join(" "), Arc::new(spec.build().unwrap())).unwrap()
    }
}

/// A position from a case line.
fn line(rules: Rules, text: &str) -> Grid {
    parse_candidate_line(text, Arc::new(Layout::classic(rules))).unwrap()
}

/// The effect and the sentence of the step `find`'s technique takes, if it fires.
fn run(mut grid: Grid, find: Finder) -> Option<(String, String)> {
    if !fire(&mut grid, find) {
        return None;
    }
    let step = grid.journal().last().unwrap();
    Some((text::effect(grid.layout(), step), text::explain(grid.layout(), step)))
}

/// Every technique of the family, for checks that none fires where nothing is to be found.
const ALL: [Finder; 9] = [
    remote_pair,
    x_chain,
    xy_chain,
    continuous_nice_loop,
    aic,
    discontinuous_nice_loop,
    grouped_continuous_nice_loop,
    grouped_aic,
    grouped_discontinuous_nice_loop,
];

// Remote Pair -------------------------------------------------------------------------

fn remote(rules: Rules, cells: &[&str]) -> Grid {
    cells.iter().fold(Position::new(rules), |p, c| p.set(c, "37")).grid()
}

#[test]
fn remote_pair_removes_both_digits_where_the_ends_are_seen() {
    let grid = remote(Rules::classic(), &["r1c2", "r1c5", "r4c5", "r4c8"]);
    let (effect, sentence) = run(grid, remote_pair).expect("fires");
    assert_eq!(effect, "r1c8<>3, r1c8<>7, r4c2<>3, r4c2<>7");
    assert_eq!(sentence, "Remote Pair: 3,7 in r1c2 - r1c5 - r4c5 - r4c8 => r1c8<>3, r1c8<>7, r4c2<>3, r4c2<>7");
}

#[test]
fn remote_pair_needs_an_odd_distance_of_three() {
    // Three cells: the ends are two steps apart and hold the same digit.
    assert_eq!(run(remote(Rules::classic(), &["r1c2", "r1c5", "r4c5"]), remote_pair), None);
    // The fourth cell has a third candidate: no longer part of the chain.
    let grid = Position::classic().set("r1c2", "37").set("r1c5", "37").set("r4c5", "37").set("r4c8", "379").grid();
    assert_eq!(run(grid, remote_pair), None);
}

#[test]
fn remote_pair_uses_variant_sight_for_removals() {
    // r3c2 sees r1c2 in column 2 and touches r4c3 diagonally.
    let cells = ["r1c2", "r1c6", "r4c6", "r4c3"];
    let (effect, _) = run(remote(king(), &cells), remote_pair).expect("fires");
    let (classic, _) = run(remote(Rules::classic(), &cells), remote_pair).expect("fires");
    assert!(effect.contains("r3c2<>3 (anti-king), r3c2<>7 (anti-king)"), "{effect}");
    assert!(!classic.contains("r3c2"), "{classic}");
    assert_eq!(classic, "r1c3<>3, r1c3<>7, r2c3<>3, r2c3<>7, r3c3<>3, r3c3<>7, r4c2<>3, r4c2<>7, r5c2<>3, r5c2<>7, r6c2<>3, r6c2<>7");
}

// X-Chain -----------------------------------------------------------------------------

/// 4 in row 1 only at c2, c7; in column 7 only at r1, r5; in row 5 only at c3, c7.
fn x_position(rules: Rules, row5: &[usize]) -> Grid {
    Position::new(rules).keep(4, "r1", &[2, 7]).keep(4, "c7", &[1, 5]).keep(4, "r5", row5).grid()
}

#[test]
fn x_chain_removes_the_digit_seen_by_both_ends() {
    let (effect, sentence) = run(x_position(Rules::classic(), &[3, 7]), x_chain).expect("fires");
    assert_eq!(effect, "r2c3<>4, r3c3<>4, r4c2<>4, r6c2<>4");
    assert_eq!(sentence, "X-Chain: (4)r1c2 = (4)r1c7 - (4)r5c7 = (4)r5c3 => r2c3<>4, r3c3<>4, r4c2<>4, r6c2<>4");
}

#[test]
fn x_chain_needs_strong_links_at_both_ends() {
    // Row 5 has a third 4: r5c7 = r5c3 is no longer a strong link.
    assert_eq!(run(x_position(Rules::classic(), &[3, 7, 9]), x_chain), None);
    // Two links are not a chain of three: only the pairs of row 1 and column 7.
    let grid = Position::classic().keep(4, "r1", &[2, 7]).keep(4, "c7", &[1, 5]).grid();
    assert_eq!(run(grid, x_chain), None);
}

#[test]
fn x_chain_removals_may_rely_on_a_knights_move() {
    let (effect, _) = run(x_position(knight(), &[3, 7]), x_chain).expect("fires");
    assert_eq!(effect, "r2c3<>4, r3c2<>4 (anti-knight), r3c3<>4, r4c2<>4, r6c2<>4, r7c2<>4 (anti-knight)");
}

// XY-Chain ----------------------------------------------------------------------------

#[test]
fn xy_chain_links_bivalue_cells() {
    let grid = Position::classic().set("r1c1", "12").set("r1c5", "23").set("r5c5", "13").grid();
    let (effect, sentence) = run(grid, xy_chain).expect("fires");
    assert_eq!(effect, "r5c1<>1");
    assert_eq!(sentence, "XY-Chain: (1)r1c1 = (2)r1c1 - (2)r1c5 = (3)r1c5 - (3)r5c5 = (1)r5c5 => r5c1<>1");
}

#[test]
fn xy_chain_needs_every_cell_bivalue() {
    let grid = Position::classic().set("r1c1", "12").set("r1c5", "23").set("r5c5", "134").grid();
    assert_eq!(run(grid, xy_chain), None);
    // Two cells make a naked pair, not an XY-Chain.
    let grid = Position::classic().set("r1c1", "12").set("r1c5", "12").grid();
    assert_eq!(run(grid, xy_chain), None);
}

#[test]
fn xy_chain_removals_may_rely_on_a_kings_move() {
    // r1c7 sees r1c1 in row 1 and touches r2c6.
    let grid = |rules| Position::new(rules).set("r1c1", "12").set("r1c5", "23").set("r2c6", "13").grid();
    let (effect, sentence) = run(grid(king()), xy_chain).expect("fires");
    assert_eq!(effect, "r1c4<>1, r1c6<>1, r1c7<>1 (anti-king), r2c1<>1, r2c2<>1, r2c3<>1");
    assert!(sentence.starts_with("XY-Chain: (1)r1c1 = (2)r1c1 - (2)r1c5 = (3)r1c5 - (3)r2c6 = (1)r2c6 => "), "{sentence}");
    let (classic, _) = run(grid(Rules::classic()), xy_chain).expect("fires");
    assert_eq!(classic, "r1c4<>1, r1c6<>1, r2c1<>1, r2c2<>1, r2c3<>1");
}

// AIC ---------------------------------------------------------------------------------

/// 1 in column 1 only at r1, r5; 2 in row 2 only at c2 and the listed columns; r5c5 = {1,2}.
fn aic_position(rules: Rules, row2: &[usize]) -> Grid {
    Position::new(rules).keep(1, "c1", &[1, 5]).keep(2, "r2", row2).set("r5c5", "12").grid()
}

#[test]
fn aic_type_2_removes_each_ends_digit_from_the_other_end() {
    let (effect, sentence) = run(aic_position(Rules::classic(), &[2, 5]), aic).expect("fires");
    assert_eq!(effect, "r1c1<>2, r2c2<>1");
    assert_eq!(sentence, "AIC: (1)r1c1 = (1)r5c1 - (1)r5c5 = (2)r5c5 - (2)r2c5 = (2)r2c2 => r1c1<>2, r2c2<>1");
}

#[test]
fn aic_needs_alternating_links() {
    // Row 2 has a third 2: (2)r2c5 = (2)r2c2 is weak only.
    assert_eq!(run(aic_position(Rules::classic(), &[2, 5, 8]), aic), None);
    // Without the bivalue cell the chain cannot change digits.
    let grid = Position::classic().keep(1, "c1", &[1, 5]).keep(2, "r2", &[2, 5]).grid();
    assert_eq!(run(grid, aic), None);
}

/// A position of a generated puzzle (see the guide `strategies/aic.md`).
const AIC_TYPE_1: &str = "167 1678 9 4 128 1268 26 +5 3 146 146 +3 269 5 126 7 +8 269 5 2 68 689 7 3 469 1 49 467 +9 167 5 1348 14678 1368 2 67 3 5 167 2678 128 12678 1689 4 679 8 467 2 67 134 9 1356 37 567 26 68 568 1 9 2458 2345 37 2457 +9 3 578 278 248 24578 245 6 1 127 17 4 +3 6 257 25 9 8";

#[test]
fn aic_type_1_removes_the_digit_seen_by_both_ends() {
    let (effect, sentence) = run(line(Rules::classic(), AIC_TYPE_1), aic).expect("fires");
    assert_eq!(effect, "r1c1<>6");
    assert_eq!(sentence, "AIC: (6)r1c7 = (2)r1c7 - (2)r2c9 = (2)r7c9 - (2)r7c1 = (6)r7c1 => r1c1<>6");
}

#[test]
fn aic_links_through_a_knights_move() {
    // Row 2's pair is r2c2, r2c7, and r3c5 holds the 2 of the bivalue cell: (2)r3c5 - (2)r2c7
    // is a knight's move only.
    let grid = |rules| Position::new(rules).keep(1, "c1", &[1, 3]).keep(2, "r2", &[2, 7]).set("r3c5", "12").grid();
    let (effect, sentence) = run(grid(knight()), aic).expect("fires");
    assert_eq!(sentence, format!("AIC: (1)r1c1 = (1)r3c1 - (1)r3c5 = (2)r3c5 - (2)r2c7 = (2)r2c2 => {effect}"));
    assert_eq!(effect, "r1c1<>2, r2c2<>1");
    assert_eq!(run(grid(Rules::classic()), aic), None);
}

// Continuous Nice Loop ------------------------------------------------------------------

#[test]
fn continuous_loop_turns_weak_links_into_conjugates() {
    // 1 and 2 each have two places in row 1, the same two cells: the loop
    // (1)r1c1 = (1)r1c5 - (2)r1c5 = (2)r1c1 - (1)r1c1 is a hidden pair.
    let grid = Position::classic().keep(1, "r1", &[1, 5]).keep(2, "r1", &[1, 5]).grid();
    let (effect, sentence) = run(grid, continuous_nice_loop).expect("fires");
    let others = |cell: &str| (3..=9).map(|d| format!("{cell}<>{d}")).collect::<Vec<_>>().join(", ");
    assert_eq!(effect, format!("{}, {}", others("r1c1"), others("r1c5")));
    assert_eq!(sentence, format!("Continuous Nice Loop: (1)r1c1 = (1)r1c5 - (2)r1c5 = (2)r1c1 - (1)r1c1 => {effect}"));
    // Near miss: 2 has a third place in row 1, so the loop does not close.
    let grid = Position::classic().keep(1, "r1", &[1, 5]).keep(2, "r1", &[1, 5, 9]).grid();
    assert_eq!(run(grid, continuous_nice_loop), None);
}

/// A position of a generated puzzle (see the guide `strategies/continuous-nice-loop.md`).
const LOOP: &str = "67 678 +9 28 4 1 57 2567 3 137 4 138 28 6 +5 9 27 12 5 2 16 37 37 +9 +4 8 16 136 9 136 37 +2 +8 157 57 4 +4 13 2 5 37 +6 17 +9 8 +8 5 7 +1 9 4 3 26 26 +2 137 134 9 +8 37 +6 34 +5 367 3678 3468 46 +5 37 2 1 +9 +9 36 +5 46 1 +2 +8 34 7";

#[test]
fn continuous_loop_removes_along_every_weak_link() {
    let (effect, sentence) = run(line(Rules::classic(), LOOP), continuous_nice_loop).expect("fires");
    assert_eq!(effect, "r2c3<>1, r4c1<>3, r8c3<>6");
    assert_eq!(
        sentence,
        "Continuous Nice Loop: (1)r3c3 = (6)r3c3 - (6)r4c3 = (6)r4c1 - (1)r4c1 = (1)r2c1 - (1)r3c3 => r2c3<>1, r4c1<>3, r8c3<>6"
    );
}

// Discontinuous Nice Loop ---------------------------------------------------------------

/// 5 in row 9 only at c5 and `other`, in column 5 only at r8 and r9.
fn placement_position(rules: Rules, other: usize) -> Grid {
    Position::new(rules).keep(5, "r9", &[other, 5]).keep(5, "c5", &[8, 9]).grid()
}

#[test]
fn discontinuous_loop_places_where_two_strong_links_meet() {
    let (effect, sentence) = run(placement_position(Rules::classic(), 4), discontinuous_nice_loop).expect("fires");
    assert_eq!(effect, "r9c5=5");
    assert_eq!(sentence, "Discontinuous Nice Loop: (5)r9c5 = (5)r9c4 - (5)r8c5 = (5)r9c5 => r9c5=5");
    // Near miss: r9c1 does not see r8c5, so nothing forces the 5 (classic rules).
    assert_eq!(run(placement_position(Rules::classic(), 1), discontinuous_nice_loop), None);
    // With anti-knight, r9c3 and r8c5 are a knight's move apart: the loop closes.
    let (effect, sentence) = run(placement_position(knight(), 3), discontinuous_nice_loop).expect("fires");
    assert_eq!(
        (effect.as_str(), sentence.as_str()),
        ("r9c5=5", "Discontinuous Nice Loop: (5)r9c5 = (5)r9c3 - (5)r8c5 = (5)r9c5 => r9c5=5")
    );
    assert_eq!(run(placement_position(Rules::classic(), 3), discontinuous_nice_loop), None);
}

/// A position of a generated puzzle (see the guide `strategies/discontinuous-nice-loop.md`).
const DISCONTINUOUS_REMOVAL: &str = "167 1678 9 4 128 1268 26 +5 3 146 146 +3 269 5 126 7 +8 269 5 2 68 689 7 3 469 1 469 467 +9 167 5 1348 14678 1368 2 67 3 5 167 2678 128 12678 1689 4 679 8 467 2 67 134 9 1356 37 567 26 68 568 1 9 2458 2345 37 2457 +9 3 578 278 248 24578 245 6 1 127 17 4 +3 6 257 25 9 8";

#[test]
fn discontinuous_loop_removes_where_two_weak_links_meet() {
    let (effect, sentence) = run(line(Rules::classic(), DISCONTINUOUS_REMOVAL), discontinuous_nice_loop).expect("fires");
    assert_eq!(effect, "r3c9<>6");
    assert_eq!(
        sentence,
        "Discontinuous Nice Loop: (6)r3c9 - (4)r3c9 = (4)r7c9 - (2)r7c9 = (2)r2c9 - (2)r1c7 = (6)r1c7 - (6)r3c9 => r3c9<>6"
    );
}

// Grouped -------------------------------------------------------------------------------

/// 4 in row 1 only at c2, c7, c8 (a group in box 3); in column 9 only at r3 and `other`.
fn grouped_position(other: usize) -> Grid {
    Position::classic().keep(4, "r1", &[2, 7, 8]).keep(4, "c9", &[3, other]).grid()
}

#[test]
fn grouped_aic_links_through_a_box_line_group() {
    let (effect, sentence) = run(grouped_position(7), grouped_aic).expect("fires");
    assert_eq!(effect, "r7c2<>4");
    assert_eq!(sentence, "Grouped AIC: (4)r1c2 = (4)r1c7,r1c8 - (4)r3c9 = (4)r7c9 => r7c2<>4");
    // Without groups there is no chain.
    assert_eq!(run(grouped_position(7), aic), None);
    assert_eq!(run(grouped_position(7), x_chain), None);
}

#[test]
fn grouped_techniques_need_a_group_node() {
    // The AIC position has no group: the grouped techniques leave it to the plain ones.
    let grid = aic_position(Rules::classic(), &[2, 5]);
    for strategy in [grouped_continuous_nice_loop, grouped_aic, grouped_discontinuous_nice_loop] {
        assert_eq!(run(grid.clone(), strategy), None);
    }
}

/// Positions of generated puzzles (see the guides).
const GROUPED_AIC: &str = "13 1236 5 468 9 478 2678 23678 23678 39 7 26 56 1 58 2589 4 23589 +4 69 8 2 57 3 5679 67 1 6 4 237 358 2358 258 1 9 2578 57 25 9 +1 2458 +6 3 78 4578 135 8 13 7 2345 +9 256 26 2456 3789 369 3467 348 2378 1 26789 5 236789 2 135 1347 9 6 4578 78 1378 378 135789 13569 1367 358 23578 2578 4 123678 236789";
const GROUPED_LOOP: &str = "2489 5 12478 469 179 469 12479 3 247 249 1249 1247 8 179 3 12469 5 2467 6 149 +3 2 157 45 1479 19 8 2459 249 +6 59 +8 259 +3 +7 1 1 289 258 3 6 7 2459 29 245 7 3 25 1 4 259 2569 8 256 258 6 9 57 35 +1 278 4 2357 +3 148 1458 4567 2 46 1578 16 9 245 7 1245 4569 359 8 125 126 235";

#[test]
fn grouped_forms_of_real_positions() {
    let (effect, sentence) = run(line(Rules::classic(), GROUPED_AIC), grouped_aic).expect("fires");
    assert_eq!(effect, "r5c5<>5");
    assert_eq!(sentence, "Grouped AIC: (5)r4c4,r4c5,r4c6 = (5)r4c9 - (7)r4c9 = (7)r4c3 - (7)r5c1 = (5)r5c1 => r5c5<>5");
    let (effect, sentence) = run(line(Rules::classic(), GROUPED_AIC), grouped_discontinuous_nice_loop).expect("fires");
    assert_eq!(effect, "r5c5<>5");
    assert_eq!(
        sentence,
        "Grouped Discontinuous Nice Loop: (5)r5c5 - (5)r4c4,r4c5,r4c6 = (5)r4c9 - (7)r4c9 = (7)r4c3 - (7)r5c1 = (5)r5c1 - (5)r5c5 => r5c5<>5"
    );
    let (effect, sentence) = run(line(Rules::classic(), GROUPED_LOOP), grouped_continuous_nice_loop).expect("fires");
    assert_eq!(effect, "r1c4<>9");
    assert_eq!(
        sentence,
        "Grouped Continuous Nice Loop: (4)r1c4 = (4)r8c4,r9c4 - (4)r8c6 = (6)r8c6 - (6)r1c6 = (6)r1c4 - (4)r1c4 => r1c4<>9"
    );
}

/// A position of a top1465 puzzle where a chain goes through the almost locked set r5c1 (679),
/// r5c5 (67), and no chain through box-line groups alone removes anything (the Grouped AIC
/// guide's second example).
const ALS_AIC: &str = "46 2456 2456 3 +8 9 245 7 +1 8 2579 23579 4 567 +1 2359 259 256 1 4579 34579 26 567 267 3459 589 3568 2 4789 4789 5 39 347 6 +1 38 679 3 +1 2689 67 278 579 4 258 4679 4568 4568 2689 1 34 379 289 238 5 24679 24679 +1 39 36 8 236 47 79 4678 4678 689 2 35 1 35 47 +3 +1 268 7 +4 568 25 256 9";

#[test]
fn grouped_chains_link_two_digits_of_an_almost_locked_set() {
    let mut grid = line(Rules::classic(), ALS_AIC);
    assert!(fire(&mut grid, grouped_aic));
    let step = grid.journal().last().unwrap();
    assert_eq!(
        text::explain(grid.layout(), step),
        "Grouped AIC: (7)r6c7 = (7)r5c7 - (7)r5c1,r5c5 =(ALS r5c1,r5c5)= (9)r5c1 - (9)r8c1 = (7)r8c1 => r6c1<>7"
    );
    let chain = &step.pattern.chains[0];
    let set = chain.set_of(2).expect("the third link is the set's");
    assert_eq!(set.cells, vec![Position::cell("r5c1"), Position::cell("r5c5")]);
    assert_eq!(set.digits, [6, 7, 9].into_iter().collect::<Candidates>());
    assert!((0..chain.links.len()).filter(|&i| i != 2).all(|i| chain.set_of(i).is_none()));
    // The board shows the set, and the plain sentence says why it links 7 and 9.
    assert_eq!(step.pattern.sets, vec![set.clone()]);
    let plain = crate::render::plain::explain(grid.layout(), step);
    assert!(plain.contains("r5c1 and r5c5 hold only 6, 7 and 9, one digit more than cells: without 7 they hold all the others"), "{plain}");
    // The plain techniques have no ALS nodes.
    assert_eq!(run(line(Rules::classic(), ALS_AIC), aic), None);
}

/// Whether a node's cells lie in one box and one line (a box-line group, or a single cell).
fn box_line(layout: &Layout, cells: &[CellId]) -> bool {
    let shared = |k: usize| cells.iter().all(|&c| layout.houses_of(c)[k] == layout.houses_of(cells[0])[k]);
    let box_index = layout.houses_of(cells[0]).len() - 1;
    cells.len() == 1 || (shared(box_index) && (shared(0) || shared(1)))
}

#[test]
fn grouped_chains_start_and_end_on_candidates_or_box_line_groups() {
    let layout = Layout::classic(Rules::classic());
    let mut through_sets = 0;
    for position in [ALS_AIC, GROUPED_AIC, GROUPED_LOOP] {
        let grid = line(Rules::classic(), position);
        for id in [ids::GROUPED_AIC, ids::GROUPED_CONTINUOUS_NICE_LOOP, ids::GROUPED_DISCONTINUOUS_NICE_LOOP] {
            let technique = crate::strategies::by_id(id).unwrap();
            for d in find_all(technique, &grid) {
                let chain = &d.pattern.chains[0];
                through_sets += usize::from(!chain.sets.is_empty());
                let ends = if chain.is_loop() { vec![&chain.nodes[0]] } else { vec![&chain.nodes[0], chain.nodes.last().unwrap()] };
                for end in ends {
                    assert!(box_line(&layout, &end.cells), "{}", text::explain(&layout, &d));
                }
            }
        }
    }
    assert!(through_sets > 0, "no instance went through a set");
}

// Rules' links ---------------------------------------------------------------------------

/// A quadruple on r3c3, r3c4, r4c3 and r4c4 (four boxes meet there) demanding `digits`.
fn corner(digits: &[Digit]) -> Constraint {
    let cells = ["r3c3", "r3c4", "r4c3", "r4c4"].map(Position::cell).to_vec();
    Constraint::Contains { rule: crate::rules::Rule::Quadruple, cells, digits: digits.to_vec() }
}

/// 1 only at r3c3 and r4c4 of the corner (no house holds both), and in column 8 only at r4
/// and r7.
fn quadruple_position() -> Position {
    Position::classic().set("r3c4", "23456789").set("r4c3", "23456789").keep(1, "c8", &[4, 7])
}

#[test]
fn a_quadruple_missing_a_digit_in_two_places_links_them_strongly() {
    // The corner must hold a 1, and only r3c3 and r4c4 can: one of them is 1. So
    // (1)r7c8 = (1)r4c8 - (1)r4c4 = (1)r3c3, and r7c3, seeing both ends, loses 1 (r3c8, the
    // other cell seeing both, has no 1 left).
    let grid = quadruple_position().grid_with(vec![corner(&[1, 2])]);
    let (effect, sentence) = run(grid.clone(), aic).expect("fires");
    assert_eq!(effect, "r7c3<>1");
    assert_eq!(sentence, "AIC: (1)r7c8 = (1)r4c8 - (1)r4c4 =(quadruple)= (1)r3c3 => r7c3<>1");
    let mut fired = grid.clone();
    fire(&mut fired, aic);
    let step = fired.journal().last().unwrap();
    assert_eq!(step.pattern.chains[0].rules, vec![None, None, Some(crate::rules::Rule::Quadruple)]);
    let json = crate::render::json::pattern(grid.layout(), &step.pattern).unwrap();
    assert_eq!(json.chains[0].link_rules, Some(vec![None, None, Some("quadruple")]));
    let plain = crate::render::plain::explain(grid.layout(), step);
    assert!(plain.contains("r3c3 is 1 (by "), "{plain}");
    // Without the quadruple nothing links the two cells.
    assert_eq!(run(quadruple_position().grid(), aic), None);
}

#[test]
fn a_quadruple_links_a_digit_only_when_one_copy_is_missing_in_two_places() {
    let link = |position: Position, digits: &[Digit]| {
        let grid = position.grid_with(vec![corner(digits)]);
        let graph = Graph::build(&grid, Options { conjugate: true, bivalue: true, groups: false, digit: None, links: true, als: false });
        let at = |cell: &str| graph.nodes.iter().position(|n| n.digit == 1 && !n.group && n.cell == Position::cell(cell));
        at("r3c3").zip(at("r4c4")).and_then(|(a, b)| graph.strong_rule(a as u16, b as u16))
    };
    assert_eq!(link(quadruple_position(), &[1, 2]), Some(crate::rules::Rule::Quadruple));
    // Three places for the one copy: no two of them are sure to hold it.
    assert_eq!(link(quadruple_position().set("r3c4", "123456789"), &[1]), None);
    // 1 listed twice, none placed: two copies missing, so the two places both hold 1 (on a
    // diagonal), and three places leave no pair sure to hold one: no link either way.
    assert_eq!(link(quadruple_position(), &[1, 1]), None);
    assert_eq!(link(quadruple_position().set("r3c4", "123456789"), &[1, 1]), None);
}

#[test]
fn a_group_is_weakly_linked_to_what_a_constraint_rules_out_in_each_of_its_cells() {
    // Non-consecutive: 5 in r5c1 rules out 4 there and in r5c2 beside it, so (5)r5c1 and
    // the group of 4 in r5c1,r5c2 are weakly linked. 4 in row 5 only at c1, c2 (a group) and
    // c9; 5 in column 1 only at r5 and r8; r8c9 holds 4 or 5. So (4)r5c9 = (4)r5c1,r5c2
    // -(non-consecutive)- (5)r5c1 = (5)r8c1 - (5)r8c9 = (4)r8c9: column 9 loses 4 elsewhere.
    let position = Position::new(Rules::classic().with(crate::rules::Rule::NonConsecutive))
        .keep(4, "r5", &[1, 2, 9])
        .keep(5, "c1", &[5, 8])
        .set("r8c9", "45");
    let mut grid = position.grid();
    assert!(fire(&mut grid, grouped_aic), "the grouped AIC fires");
    let step = grid.journal().last().unwrap();
    let sentence = text::explain(grid.layout(), step);
    assert!(
        sentence.contains("(4)r5c1,r5c2 -(non-consecutive)- (5)r5c1") || sentence.contains("(5)r5c1 -(non-consecutive)- (4)r5c1,r5c2"),
        "{sentence}"
    );
    let removed: Vec<(CellId, Digit)> = step.eliminations.iter().map(|e| (e.cell, e.digit)).collect();
    let column: Vec<(CellId, Digit)> = [1, 2, 3, 4, 6, 7, 9].iter().map(|&r| (Position::cell(&format!("r{r}c9")), 4)).collect();
    assert_eq!(removed, column, "{sentence}");
    let json = crate::render::json::pattern(grid.layout(), &step.pattern).unwrap();
    assert!(json.chains[0].link_rules.as_ref().is_some_and(|r| r.contains(&Some("non-consecutive"))), "{sentence}");
    let plain = crate::render::plain::explain(grid.layout(), step);
    assert!(plain.contains("(by "), "{plain}");
}

// Family --------------------------------------------------------------------------------

#[test]
fn an_empty_board_has_no_chains() {
    let grid = Position::classic().grid();
    for strategy in ALL {
        assert_eq!(run(grid.clone(), strategy), None);
    }
}

#[test]
fn the_joint_search_gives_each_technique_what_it_finds_alone() {
    // The memo serves the three techniques of one graph from one search; results must not
    // depend on which is asked first.
    for text in [LOOP, AIC_TYPE_1, GROUPED_AIC, GROUPED_LOOP] {
        let grid = line(Rules::classic(), text);
        let firsts: Vec<_> = [
            continuous_nice_loop,
            aic,
            discontinuous_nice_loop,
            grouped_continuous_nice_loop,
            grouped_aic,
            grouped_discontinuous_nice_loop,
        ]
        .into_iter()
        .map(|s| run(grid.clone(), s))
        .collect();
        for grouped in [false, true] {
            for which in 0..3 {
                let mut wanted = [false; 3];
                wanted[which] = true;
                let alone = find_trio(&grid, grouped, wanted, which)[which].clone().expect("known");
                let alone = alone.map(|d| (text::effect(grid.layout(), &d), text::explain(grid.layout(), &d)));
                assert_eq!(alone, firsts[3 * usize::from(grouped) + which], "{text}");
            }
        }
        // Asked in another order on the same position, the memo gives the same answers.
        let reversed: Vec<_> = [
            grouped_discontinuous_nice_loop,
            grouped_aic,
            grouped_continuous_nice_loop,
            discontinuous_nice_loop,
            aic,
            continuous_nice_loop,
        ]
        .into_iter()
        .map(|s| run(grid.clone(), s))
        .rev()
        .collect();
        assert_eq!(reversed, firsts);
    }
}

#[test]
fn chain_nodes_alternate_off_and_on() {
    let mut grid = x_position(Rules::classic(), &[3, 7]);
    assert!(fire(&mut grid, x_chain));
    let chain = &grid.journal()[0].pattern.chains[0];
    let on: Vec<bool> = chain.nodes.iter().map(|n| n.on).collect();
    assert_eq!(on, [false, true, false, true]);
    assert_eq!(chain.links, [Link::Strong, Link::Weak, Link::Strong]);
    assert!(!chain.is_loop());
}

/// An empty grid of side `size` (boxes `rows` x `cols`) where `digit` is kept only in the
/// listed cells of the listed houses (row or column index, 0-based, and the kept 0-based
/// positions).
fn sized(size: usize, rows: usize, cols: usize, digit: Digit, rows_kept: &[(usize, &[usize])], cols_kept: &[(usize, &[usize])]) -> Grid {
    let layout = Arc::new(Layout::new(size, rows, cols, Rules::classic()).unwrap());
    let mut cells = vec![crate::grid::Cell::Unsolved(Candidates::all(size)); size * size];
    let mut drop = |cell: usize| {
        if let crate::grid::Cell::Unsolved(c) = &mut cells[cell] {
            c.remove(digit);
        }
    };
    for &(r, keep) in rows_kept {
        (0..size).filter(|c| !keep.contains(c)).for_each(|c| drop(r * size + c));
    }
    for &(c, keep) in cols_kept {
        (0..size).filter(|r| !keep.contains(r)).for_each(|r| drop(r * size + c));
    }
    Grid::from_position(layout, cells, &vec![false; size * size]).unwrap()
}

#[test]
fn chains_work_on_other_grid_sizes() {
    // 6x6 with 2x3 boxes: (4)r1c1 = (4)r1c5 - (4)r4c5 = (4)r4c2.
    let grid = sized(6, 2, 3, 4, &[(0, &[0, 4]), (3, &[1, 4])], &[(4, &[0, 3])]);
    let (effect, sentence) = run(grid.clone(), x_chain).expect("fires");
    assert_eq!(effect, "r2c2<>4, r3c1<>4");
    assert_eq!(sentence, "X-Chain: (4)r1c1 = (4)r1c5 - (4)r4c5 = (4)r4c2 => r2c2<>4, r3c1<>4");
    // 16x16 with 4x4 boxes: (4)r1c1 = (4)r1c9 - (4)r9c9 = (4)r9c2.
    let grid = sized(16, 4, 4, 4, &[(0, &[0, 8]), (8, &[1, 8])], &[(8, &[0, 8])]);
    let (effect, _) = run(grid.clone(), x_chain).expect("fires");
    assert_eq!(effect, "r2c2<>4, r3c2<>4, r4c2<>4, r10c1<>4, r11c1<>4, r12c1<>4");
    for strategy in ALL {
        // Every technique runs on the larger grid; whatever it finds, it changes the grid.
        let mut g = grid.clone();
        if fire(&mut g, strategy) {
            assert_eq!(g.journal().len(), 1);
        }
    }
}

/// Solves the first `count` puzzles of `file` step by step and checks, at every position,
/// that the loop and AIC searches, the X-Chain search and the XY-Chain search give with
/// their miss memos what they give without.
fn misses_change_nothing(file: &str, rules: Rules, count: usize) -> usize {
    let layout = Arc::new(Layout::classic(rules));
    let text = std::fs::read_to_string(format!("{}/puzzles/{file}", env!("CARGO_MANIFEST_DIR"))).unwrap();
    let puzzles = crate::formats::parse_puzzles(&text, 9, crate::formats::Origin::File(file.to_string())).unwrap();
    let solver = crate::Solver::default();
    let mut checked = 0;
    for puzzle in puzzles.iter().take(count) {
        let mut grid = Grid::new(layout.clone(), &puzzle.givens).unwrap();
        while !grid.is_solved() && solver.step(&mut grid) {
            for kind in [PLAIN, GROUPS, WITH_ALS] {
                let warm = find_in(&grid, kind, [true; 3], CONTINUOUS);
                let kept = with_cache(|c| std::mem::take(&mut c.misses.borrow_mut()[kind]));
                let cold = find_in(&grid, kind, [true; 3], CONTINUOUS);
                with_cache(|c| c.misses.borrow_mut()[kind] = kept);
                assert_eq!(warm, cold, "{file}: graph {kind}");
            }
            let warm = find_x_chain(&grid);
            let kept = with_cache(|c| (c.x_misses.take(), c.x_chains.take()));
            let cold = find_x_chain(&grid);
            with_cache(|c| {
                c.x_misses.replace(kept.0);
                c.x_chains.replace(kept.1);
            });
            assert_eq!(warm, cold, "{file}: x-chain");
            let warm = find_xy_chain(&grid);
            let kept = with_cache(|c| c.xy_miss.take());
            let cold = find_xy_chain(&grid);
            with_cache(|c| c.xy_miss.replace(kept));
            assert_eq!(warm, cold, "{file}: xy-chain");
            checked += 1;
        }
    }
    checked
}

#[test]
fn miss_memos_give_what_a_fresh_search_gives() {
    let checked = misses_change_nothing("generated-hard.txt", Rules::classic(), 12)
        + misses_change_nothing("generated-hard-anti-knight.txt", Rules::classic().with(crate::rules::Rule::AntiKnight), 4)
        + misses_change_nothing("generated-hard-anti-king.txt", Rules::classic().with(crate::rules::Rule::AntiKing), 4);
    assert!(checked > 200, "only {checked} positions were checked");
}

// Every instance ------------------------------------------------------------------------

/// A position of a generated puzzle with several chains of every kind but the loops.
const MANY: &str = "+5 4 16 68 18 +7 +2 3 +9 19 3 +2 49 14 5 6 +8 +7 7 69 8 39 2 36 +1 +4 +5 39 69 4 1 58 36 58 7 +2 2 7 +5 38 9 +4 38 1 6 13 8 16 356 +7 2 39 59 4 +8 2 +7 45 6 +1 49 59 +3 +4 +5 9 +2 +3 +8 +7 +6 +1 6 1 +3 7 45 +9 45 +2 8";
/// A position of a generated puzzle with several X-Chains.
const X_CHAINS: &str = "18 48 +6 49 19 +2 +3 +7 5 +3 9 14 5 +7 14 6 2 +8 +7 +5 2 8 3 +6 1 +9 +4 4 +3 7 +1 +6 +5 +9 +8 +2 59 +2 59 3 +4 8 +7 1 +6 18 6 18 +7 2 +9 4 +5 +3 2 +7 49 49 8 +3 +5 6 +1 +6 1 3 +2 +5 7 +8 +4 9 59 48 4589 6 19 14 +2 3 +7";

/// The candidates a deduction places or removes.
fn decided(d: &Deduction) -> Vec<(CellId, Digit)> {
    d.placements.iter().map(|p| (p.cell, p.digit)).chain(d.eliminations.iter().map(|e| (e.cell, e.digit))).collect()
}

#[test]
fn every_instance_decides_a_candidate_no_earlier_one_does() {
    // A six-cell loop of 3/7 cells: r1c2 - r1c5 - r4c5 - r4c8 - r7c8 - r7c2 - r1c2. Opposite
    // cells are three steps apart: r1c2 and r4c8 clear r1c8 and r4c2, r1c5 and r7c8 clear
    // r1c8 and r7c5, and r4c5 and r7c2 (r4c2 and r7c5) add nothing new.
    let remote = remote(Rules::classic(), &["r1c2", "r1c5", "r4c5", "r4c8", "r7c8", "r7c2"]);
    let cases = [
        (remote, ids::REMOTE_PAIR, 2),
        (line(Rules::classic(), X_CHAINS), ids::X_CHAIN, 4),
        (line(Rules::classic(), MANY), ids::XY_CHAIN, 20),
        (line(Rules::classic(), LOOP), ids::CONTINUOUS_NICE_LOOP, 3),
        (line(Rules::classic(), MANY), ids::AIC, 26),
        (line(Rules::classic(), MANY), ids::DISCONTINUOUS_NICE_LOOP, 52),
        (line(Rules::classic(), MANY), ids::GROUPED_AIC, 26),
        (line(Rules::classic(), MANY), ids::GROUPED_DISCONTINUOUS_NICE_LOOP, 52),
    ];
    for (grid, id, count) in cases {
        let technique = TECHNIQUES.iter().find(|t| t.id == id).unwrap();
        let all = find_all(technique, &grid);
        let sentences: Vec<String> = all.iter().map(|d| text::explain(grid.layout(), d)).collect();
        assert_eq!(all.len(), count, "{id}: {sentences:#?}");
        let mut step = grid.clone();
        assert!((technique.run)(&mut step), "{id} fires");
        assert_eq!(all.first(), step.journal().last(), "{id}: the first instance is the step taken");
        let mut seen = Vec::new();
        for (d, sentence) in all.iter().zip(&sentences) {
            assert!(decided(d).iter().any(|c| !seen.contains(c)), "{id}: {sentence} decides nothing new");
            seen.extend(decided(d));
        }
        // The generated positions have one solution, which every instance keeps.
        let found = crate::search::backtrack(&grid, &[crate::strategies::naked_single, crate::strategies::hidden_single], 2, 2);
        if let [solution] = found.solutions.as_slice() {
            for (d, sentence) in all.iter().zip(&sentences) {
                assert!(decided(d).iter().all(|&(cell, digit)| (solution[cell] == digit) == d.placements.iter().any(|p| p.cell == cell)), "{id}: {sentence}");
            }
        }
    }
}

#[test]
fn listing_every_instance_leaves_the_next_step_as_it_was() {
    // Asked for every instance first, each technique still takes the step it takes on a
    // fresh thread (whose caches are empty).
    for text in [MANY, X_CHAINS, LOOP, GROUPED_AIC, GROUPED_LOOP] {
        let grid = line(Rules::classic(), text);
        let fresh = std::thread::spawn(move || ALL.map(|find| run(line(Rules::classic(), text), find))).join().unwrap();
        for technique in TECHNIQUES {
            find_all(technique, &grid);
        }
        assert_eq!(ALL.map(|find| run(grid.clone(), find)), fresh, "{text}");
    }
}
