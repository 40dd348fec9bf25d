use super::*;
use crate::strategies::test_support::{all as all_steps, first, king, knight, sentences};
use crate::formats::parse_candidate_line;
use crate::rules::Rules;
use crate::solver::Solver;
use std::sync::Arc;

/// A 9x9 position where every cell holds `default`, except the listed ones: `("r1c2", "137")`.
fn position(rules: Rules, default: &str, cells: &[(&str, &str)]) -> Grid {
    let layout = Arc::new(Layout::classic(rules));
    let mut tokens: Vec<String> = vec![default.to_owned(); 81];
    for &(name, digits) in cells {
        let (r, c) = name[1..].split_once('c').unwrap();
        let cell = layout.cell(r.parse::<usize>().unwrap() - 1, c.parse::<usize>().unwrap() - 1);
        tokens[cell] = digits.to_owned();
    }
    parse_candidate_line(&tokens.join(" "), layout).unwrap()
}

/// Cells outside the pattern hold six digits: too many for an ALS of four cells.
const WIDE: &str = "456789";

#[test]
fn collects_each_als_once_smallest_first() {
    let grid = position(Rules::classic(), WIDE, &[("r1c1", "12"), ("r1c2", "13"), ("r2c2", "23")]);
    let alss = Alss::collect(&grid, MAX_ALS);
    let found: Vec<(Vec<usize>, Vec<Digit>)> = alss.list.iter().map(|a| (a.cells.iter().collect(), a.digits.iter().collect())).collect();
    // Three bivalue cells; r1c1,r1c2 (row 1, also box 1: listed once), r1c2,r2c2 (column 2),
    // r1c1,r2c2 (box 1); the three together hold only three digits: a locked set, no ALS.
    assert_eq!(
        found,
        vec![
            (vec![0], vec![1, 2]),
            (vec![1], vec![1, 3]),
            (vec![10], vec![2, 3]),
            (vec![0, 1], vec![1, 2, 3]),
            (vec![0, 10], vec![1, 2, 3]),
            (vec![1, 10], vec![1, 2, 3]),
        ]
    );
    assert_eq!(alss.holders(3, 1).iter().collect::<Vec<_>>(), vec![0, 1]);
    assert_eq!(alss.list[3].house, 0, "r1c1,r1c2 is found in row 1 first");
}

/// A=r1c1 {1,2}; B=r5c1,r5c5 {1,2,3}: 1 is restricted (column 1), 2 sits in r1c1 or r5c5.
const XZ: [(&str, &str); 4] = [("r1c1", "12"), ("r5c1", "13"), ("r5c5", "23"), ("r1c5", "2456789")];

#[test]
fn als_xz_removes_z_seen_in_both_sets() {
    let (effect, sentence) = first(position(Rules::classic(), WIDE, &XZ), linked::als_xz).expect("fires");
    assert_eq!(effect, "r1c5<>2");
    assert_eq!(sentence, "ALS-XZ: A=r1c1 {1,2}, B=r5c1,r5c5 {1,2,3}, X=1, Z=2 => r1c5<>2");
}

#[test]
fn als_xz_needs_a_restricted_common_and_a_locked_set() {
    // r5c5 gets a 4: r5c1,r5c5 is no ALS any more.
    let mut near = XZ;
    near[2] = ("r5c5", "234");
    assert_eq!(first(position(Rules::classic(), WIDE, &near), linked::als_xz), None);
    // r5c1 moves to r5c2: the 1s no longer see each other.
    let mut near = XZ;
    near[1] = ("r5c2", "13");
    assert_eq!(first(position(Rules::classic(), WIDE, &near), linked::als_xz), None);
}

#[test]
fn als_xz_doubly_linked_locks_both_sets() {
    // A=r1c1 {1,2}, B=r1c5,r1c6 {1,2,3}: both 1 and 2 are restricted (row 1), so B keeps
    // its 3, and 1 and 2 leave the rest of the row.
    let cells = [("r1c1", "12"), ("r1c5", "13"), ("r1c6", "23"), ("r1c9", "1356789"), ("r3c5", "3456789")];
    let (effect, sentence) = first(position(Rules::classic(), WIDE, &cells), linked::als_xz).expect("fires");
    assert_eq!(effect, "r1c9<>1, r1c9<>3, r3c5<>3");
    assert_eq!(sentence, "ALS-XZ (doubly linked): A=r1c1 {1,2}, B=r1c5,r1c6 {1,2,3}, X=1,2 => r1c9<>1, r1c9<>3, r3c5<>3");
}

#[test]
fn als_xz_links_through_variant_sight() {
    // A=r3c3 {1,2}, B=r4c4,r4c8 {1,2,3}: the 1s touch diagonally, which only anti-king forbids.
    let cells = [("r3c3", "12"), ("r4c4", "13"), ("r4c8", "23"), ("r3c8", "2456789"), ("r4c2", "2456789")];
    let (effect, sentence) = first(position(king(), WIDE, &cells), linked::als_xz).expect("fires");
    assert_eq!(effect, "r3c8<>2, r4c2<>2 (anti-king)");
    assert!(sentence.starts_with("ALS-XZ: A=r3c3 {1,2}, B=r4c4,r4c8 {1,2,3}, X=1, Z=2"), "{sentence}");
    assert_eq!(first(position(Rules::classic(), WIDE, &cells), linked::als_xz), None);
}

/// C=r5c5,r5c6 {1,2,4} joined to r5c1 {1,3} by 1 and to r1c6 {2,3} by 2; Z=3.
const WING: [(&str, &str); 5] = [("r5c5", "14"), ("r5c6", "24"), ("r5c1", "13"), ("r1c6", "23"), ("r1c1", "3456789")];

#[test]
fn als_xy_wing_removes_z_seen_in_both_wings() {
    let (effect, sentence) = first(position(Rules::classic(), WIDE, &WING), linked::als_xy_wing).expect("fires");
    assert_eq!(effect, "r1c1<>3");
    // Two wings of four cells: the one whose pivot comes first (the bivalue r5c5) wins.
    assert_eq!(sentence, "ALS-XY-Wing: A=r5c1 {1,3}, B=r1c6,r5c6 {2,3,4}, C=r5c5 {1,4}, X=1 (A-C), Y=4 (B-C), Z=3 => r1c1<>3");
}

#[test]
fn als_xy_wing_needs_both_restricted_commons() {
    let mut near = WING;
    near[3] = ("r1c7", "23");
    assert_eq!(first(position(Rules::classic(), WIDE, &near), linked::als_xy_wing), None);
}

#[test]
fn als_xy_wing_with_a_knight_link() {
    // r3c7 {2,3} sees r5c6's 2 only by a knight's move.
    let mut cells = WING;
    cells[3] = ("r3c7", "23");
    cells[4] = ("r3c1", "3456789");
    let (effect, _) = first(position(knight(), WIDE, &cells), linked::als_xy_wing).expect("fires");
    assert_eq!(effect, "r3c1<>3");
    assert_eq!(first(position(Rules::classic(), WIDE, &cells), linked::als_xy_wing), None);
}

/// r1c1 {1,3} -1- r1c5 {1,2} -2- r5c5 {1,2} -1- r5c1 {1,3}: the 3 is in r1c1 or r5c1.
const CHAIN: [(&str, &str); 5] = [("r1c1", "13"), ("r1c5", "12"), ("r5c5", "12"), ("r5c1", "13"), ("r8c1", "3456789")];

#[test]
fn als_chain_joins_four_sets() {
    let (effect, sentence) = first(position(Rules::classic(), WIDE, &CHAIN), linked::als_chain).expect("fires");
    assert_eq!(effect, "r8c1<>3");
    assert_eq!(sentence, "ALS Chain: A=r1c1 {1,3} -1- B=r1c5 {1,2} -2- C=r5c5 {1,2} -1- D=r5c1 {1,3}, Z=3 => r8c1<>3");
}

#[test]
fn als_chain_needs_every_link() {
    let mut near = CHAIN;
    near[2] = ("r6c6", "12");
    assert_eq!(first(position(Rules::classic(), WIDE, &near), linked::als_chain), None);
}

#[test]
fn als_chain_links_by_a_knights_move() {
    // r1c5 {1,2} and r2c7 {1,2} are a knight's move apart.
    let cells = [("r1c1", "13"), ("r1c5", "12"), ("r2c7", "12"), ("r2c1", "13"), ("r8c1", "3456789")];
    let (effect, _) = first(position(knight(), WIDE, &cells), linked::als_chain).expect("fires");
    assert_eq!(effect, "r8c1<>3");
    assert_eq!(first(position(Rules::classic(), WIDE, &cells), linked::als_chain), None);
}

/// Stem r5c5 {1,2,3}; petals r4c4 {1,7}, r4c6 {2,7}, r6c5 {3,7}, all in box 5.
const BLOSSOM: [(&str, &str); 5] = [("r5c5", "123"), ("r4c4", "17"), ("r4c6", "27"), ("r6c5", "37"), ("r6c6", "78")];

#[test]
fn death_blossom_removes_z_seen_in_every_petal() {
    let (effect, sentence) = first(position(Rules::classic(), WIDE, &BLOSSOM), blossom::death_blossom).expect("fires");
    assert_eq!(effect, "r4c5<>7, r5c4<>7, r5c6<>7, r6c4<>7, r6c6<>7");
    assert_eq!(
        sentence,
        "Death Blossom: stem r5c5 {1,2,3}; 1: r4c4 {1,7}, 2: r4c6 {2,7}, 3: r6c5 {3,7}; Z=7 => r4c5<>7, r5c4<>7, r5c6<>7, r6c4<>7, r6c6<>7"
    );
}

#[test]
fn death_blossom_needs_a_petal_for_every_stem_candidate() {
    let mut near = BLOSSOM;
    near[0] = ("r5c5", "1239");
    assert_eq!(first(position(Rules::classic(), WIDE, &near), blossom::death_blossom), None);
}

#[test]
fn death_blossom_petal_seen_by_a_knights_move() {
    // The petal of 3 is r7c6, a knight's move from the stem; r6c4 sees it by a knight's
    // move, r3c6 sees r4c4 by one.
    let cells = [("r5c5", "123"), ("r4c4", "17"), ("r4c6", "27"), ("r7c6", "37"), ("r6c4", "78")];
    let (effect, _) = first(position(knight(), WIDE, &cells), blossom::death_blossom).expect("fires");
    assert_eq!(effect, "r3c6<>7 (anti-knight), r5c6<>7, r6c4<>7 (anti-knight), r6c6<>7");
    assert_eq!(first(position(Rules::classic(), WIDE, &cells), blossom::death_blossom), None);
}

/// C=r1c1,r1c2 {1,2,3,4}; r1c5 {1,2} in row 1, r2c2 {3,4} in box 1.
const SDC: [(&str, &str); 5] = [("r1c1", "123"), ("r1c2", "234"), ("r1c5", "12"), ("r2c2", "34"), ("r1c7", "15")];

#[test]
fn sue_de_coq_locks_the_line_and_the_box() {
    let (effect, sentence) =
        first(position(Rules::classic(), "56789", &[&SDC[..], &[("r3c3", "35")]].concat()), sue_de_coq::sue_de_coq).expect("fires");
    assert_eq!(effect, "r1c7<>1, r3c3<>3");
    assert_eq!(sentence, "Sue de Coq: r1c1,r1c2 {1,2,3,4} with r1c5 {1,2} in r1 and r2c2 {3,4} in b1 => r1c7<>1, r3c3<>3");
}

#[test]
fn sue_de_coq_sides_share_no_digit_of_the_meeting() {
    // r2c2 gets a 1: both sides hold the meeting's 1, so r1c1,r1c2 with r1c5 and r2c2 is no
    // pattern. (The filler cells, 5 to 9 each, make larger patterns: none has sides sharing
    // a digit of the meeting.)
    let mut near = SDC;
    near[3] = ("r2c2", "134");
    let grid = position(Rules::classic(), "56789", &near);
    let all = all_steps(&grid, sue_de_coq::sue_de_coq);
    assert!(!all.is_empty());
    for step in &all {
        let [meet, one, two] = &step.pattern.sets[..] else { panic!("three sets") };
        assert!(meet.digits.intersection(one.digits).intersection(two.digits).is_empty(), "{step:?}");
        assert!(!(meet.cells == [0, 1] && one.cells == [4] && two.cells == [10]), "{step:?}");
    }
}

#[test]
fn sue_de_coq_with_a_knight() {
    // r2c3 sees r1c1 in box 1 and r1c5 by a knight's move: both 1s of the line part.
    let cells = [&SDC[..], &[("r2c3", "15")]].concat();
    let (effect, _) = first(position(knight(), "56789", &cells), sue_de_coq::sue_de_coq).expect("fires");
    assert_eq!(effect, "r1c7<>1, r2c3<>1 (anti-knight)");
    let (effect, _) = first(position(Rules::classic(), "56789", &cells), sue_de_coq::sue_de_coq).expect("fires");
    assert_eq!(effect, "r1c7<>1");
}

/// The shared hard puzzles, beside the repository or beside the worktree's parent.
fn top1465() -> String {
    ["/../shared/puzzles/top1465.txt", "/../../shared/puzzles/top1465.txt"]
        .iter()
        .find_map(|p| std::fs::read_to_string(format!("{}{p}", env!("CARGO_MANIFEST_DIR"))).ok())
        .expect("the shared puzzles")
}

/// Positions of the first top1465 puzzles where the default solver (without search) stalls.
fn stalled() -> Vec<Grid> {
    let layout = Arc::new(Layout::classic(Rules::classic()));
    let text = top1465();
    let strategies = crate::strategies::REGISTRY.iter().filter(|t| t.default && t.family != crate::strategies::Family::Als).map(|t| t.run).collect();
    let solver = Solver::new(strategies).backtracking(false);
    let mut grids = Vec::new();
    for line in text.lines().filter(|l| l.len() >= 81).take(300) {
        let givens = crate::formats::parse_puzzles(&line[..81], 9, crate::formats::Origin::StandardInput).unwrap().remove(0).givens;
        let mut grid = Grid::new(layout.clone(), &givens).unwrap();
        solver.run_logic(&mut grid);
        if !grid.is_solved() {
            grids.push(grid);
        }
    }
    grids
}

/// `PHASE=collect|graph|<technique id> cargo test --release measure -- --ignored`: time per
/// stalled position (run under valgrind for instruction counts). Needs the shared puzzles.
#[test]
#[ignore]
fn measure() {
    let grids = stalled();
    let phase = std::env::var("PHASE").unwrap_or_else(|_| "collect".into());
    let reps: u32 = std::env::var("REPS").map_or(50, |r| r.parse().unwrap());
    let s = std::time::Instant::now();
    let mut fired = 0;
    for _ in 0..reps {
        for g in &grids {
            match phase.as_str() {
                "none" => {}
                "dfs" => {
                    let mut found = Vec::new();
                    let mut masks = Vec::new();
                    for h in g.layout().houses() {
                        masks.clear();
                        masks.extend(
                            h.cells.iter().map(|&c| g.candidates(c)).filter(|c| c.len() >= 2 && c.len() <= MAX_ALS + 1).map(|c| c.bits()),
                        );
                        grow(&masks, 0, 0, 0, 0, MAX_ALS as u32, &mut found);
                    }
                    std::hint::black_box(found);
                }
                "collect" => {
                    std::hint::black_box(Alss::collect(g, MAX_ALS));
                }
                "graph" => {
                    let a = Alss::collect(g, MAX_ALS);
                    std::hint::black_box(linked::Graph::build(g, &a));
                }
                "clone" => {
                    std::hint::black_box(g.clone());
                }
                id => {
                    let t = crate::strategies::by_id(id).unwrap();
                    let mut g = g.clone();
                    fired += (t.run)(&mut g) as usize;
                }
            }
        }
    }
    eprintln!("POSITIONS {}\n{phase}: {:?} each, fired {}", grids.len(), s.elapsed() / reps / grids.len() as u32, fired / reps as usize);
}

/// Prints the ALS search's sizes per stalled position (subsets grown, ALSs kept, holder
/// groups, their entries, graph edges): `cargo test --release --lib count_subsets -- --ignored
/// --nocapture`. Needs the shared puzzles.
#[test]
#[ignore]
fn count_subsets() {
    let grids = stalled();
    let (mut subsets, mut kept, mut groups, mut entries, mut edges) = (0, 0, 0, 0, 0);
    for g in &grids {
        let layout = g.layout();
        for h in layout.houses() {
            let masks: Vec<u16> =
                h.cells.iter().map(|&c| g.candidates(c)).filter(|c| c.len() >= 2 && c.len() <= MAX_ALS + 1).map(|c| c.bits()).collect();
            let mut found = Vec::new();
            grow(&masks, 0, 0, 0, 0, MAX_ALS as u32, &mut found);
            subsets += found.len();
        }
        let alss = Alss::collect(g, MAX_ALS);
        kept += alss.list.len();
        groups += alss.groups.len();
        entries += alss.members.len();
        edges += linked::Graph::build(g, &alss).edges.len();
    }
    eprintln!(
        "subsets {} kept {} groups {} entries {} edges {}",
        subsets / grids.len(),
        kept / grids.len(),
        groups / grids.len(),
        entries / grids.len(),
        edges / grids.len()
    );
}

#[test]
fn changes_since_a_miss_are_known_only_on_grids_descending_from_it() {
    let grid = position(Rules::classic(), WIDE, &[("r1c1", "12"), ("r1c2", "13"), ("r2c2", "23")]);
    searched(&grid, Kind::Xz, false);
    let same = since_miss(&grid, Kind::Xz).expect("the same position descends from itself");
    assert!(same.cells.is_empty() && same.houses.iter().all(|&h| !h));
    // One candidate less in r5c5: that cell, and its row, column and box, changed.
    let mut fewer = grid.clone();
    fewer.apply(crate::deduction::Deduction::elimination("test", vec![Elimination { cell: 40, digit: 4, via: None }], Default::default()));
    let changes = since_miss(&fewer, Kind::Xz).expect("one candidate less");
    assert_eq!(changes.cells.iter().collect::<Vec<_>>(), vec![40]);
    let layout = grid.layout();
    let changed: Vec<HouseId> = (0..layout.houses().len()).filter(|&h| changes.houses[h]).collect();
    assert_eq!(changed, layout.houses_of(40).to_vec());
    // A miss found later is the one compared with; a grid holding more is not a descendant.
    searched(&fewer, Kind::Xz, false);
    assert!(since_miss(&grid, Kind::Xz).is_none());
    // A search that found something leaves nothing to compare with.
    searched(&fewer, Kind::Xz, true);
    assert!(since_miss(&fewer, Kind::Xz).is_none());
    assert!(since_miss(&grid, Kind::Blossom).is_none(), "each technique keeps its own");
}

#[test]
fn als_xz_lists_the_smallest_pair_per_removal() {
    // r1c1 {1,2} with r5c1,r5c5 (X=1), and r5c5 {2,3} with r1c1,r5c1 (X=3): Z=2 both times,
    // the same removal; the first pair is listed.
    let all = sentences(&position(Rules::classic(), WIDE, &XZ), linked::als_xz);
    assert_eq!(all, ["ALS-XZ: A=r1c1 {1,2}, B=r5c1,r5c5 {1,2,3}, X=1, Z=2 => r1c5<>2"]);
}

#[test]
fn als_xy_wing_lists_the_smallest_wing_per_removal() {
    // Three wings of four cells remove r1c1<>3 (pivot r5c5, r5c6 or both); the step is listed.
    let all = sentences(&position(Rules::classic(), WIDE, &WING), linked::als_xy_wing);
    assert_eq!(all, ["ALS-XY-Wing: A=r5c1 {1,3}, B=r1c6,r5c6 {2,3,4}, C=r5c5 {1,4}, X=1 (A-C), Y=4 (B-C), Z=3 => r1c1<>3"]);
}

#[test]
fn als_chain_met_from_both_ends_is_listed_once() {
    let all = sentences(&position(Rules::classic(), WIDE, &CHAIN), linked::als_chain);
    assert_eq!(all, ["ALS Chain: A=r1c1 {1,3} -1- B=r1c5 {1,2} -2- C=r5c5 {1,2} -1- D=r5c1 {1,3}, Z=3 => r8c1<>3"]);
}

#[test]
fn death_blossom_lists_a_blossom_per_removal_fewest_cells_first() {
    // r6c6 {7,8} joins any one petal into an ALS of two cells, which sees fewer 7s: those
    // blossoms remove nothing new. Joined to all three, the petals share r6c6 and hold their
    // only 8 there, so whatever the stem holds, r6c6 is 8: its peers lose 8.
    let all = sentences(&position(Rules::classic(), WIDE, &BLOSSOM), blossom::death_blossom);
    assert_eq!(
        all,
        [
            "Death Blossom: stem r5c5 {1,2,3}; 1: r4c4 {1,7}, 2: r4c6 {2,7}, 3: r6c5 {3,7}; Z=7 => r4c5<>7, r5c4<>7, r5c6<>7, r6c4<>7, r6c6<>7",
            "Death Blossom: stem r5c5 {1,2,3}; 1: r4c4,r6c6 {1,7,8}, 2: r4c6,r6c6 {2,7,8}, 3: r6c5,r6c6 {3,7,8}; Z=7,8 => r1c6<>8, r2c6<>8, r3c6<>8, r4c5<>7, r4c5<>8, r5c4<>7, r5c4<>8, r5c6<>7, r5c6<>8, r6c1<>8, r6c2<>8, r6c3<>8, r6c4<>7, r6c4<>8, r6c7<>8, r6c8<>8, r6c9<>8, r7c6<>8, r8c6<>8, r9c6<>8",
        ]
    );
}

#[test]
fn sue_de_coq_lists_every_pattern_fewest_cells_first() {
    // The step's four cells first; then, among others, each side grown by a cell holding 5
    // (r3c3 in the box, r1c7 in the line), which locks the 5 there.
    let grid = position(Rules::classic(), "56789", &[&SDC[..], &[("r3c3", "35")]].concat());
    let all = all_steps(&grid, sue_de_coq::sue_de_coq);
    assert_eq!(crate::render::text::effect(grid.layout(), &all[0]), "r1c7<>1, r3c3<>3");
    let sizes: Vec<usize> = all.iter().map(|d| d.pattern.cells.len()).collect();
    assert!(sizes.is_sorted(), "{sizes:?}");
    let all = sentences(&grid, sue_de_coq::sue_de_coq);
    assert!(all.iter().any(|s| s.contains("r1c1,r1c2 {1,2,3,4} with r1c5 {1,2} in r1 and r2c2,r3c3 {3,4,5} in b1")), "{all:?}");
    assert!(all.iter().any(|s| s.contains("r1c1,r1c2 {1,2,3,4} with r1c5,r1c7 {1,2,5} in r1 and r2c2 {3,4} in b1")), "{all:?}");
}

/// Every instance each technique lists with this thread's caches as a solve leaves them
/// (the misses, Sue de Coq's patterns and marks) is what a search with none lists (in a
/// thread of its own), and listing them between the steps leaves every step as it was.
#[test]
fn caches_list_what_a_fresh_search_lists_and_listing_changes_no_step() {
    let layout = Arc::new(Layout::classic(Rules::classic()));
    let text = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/puzzles/generated-hard.txt")).unwrap();
    let family: Vec<&crate::strategies::Technique> = crate::strategies::REGISTRY.iter().filter(|t| t.family == crate::strategies::Family::Als).collect();
    let solver = Solver::default().backtracking(false);
    let mut listed = 0;
    for line in text.lines().filter(|l| !l.starts_with('#')).step_by(25) {
        let givens = crate::formats::parse_puzzles(&line[..81], 9, crate::formats::Origin::StandardInput).unwrap().remove(0).givens;
        let mut plain = Grid::new(layout.clone(), &givens).unwrap();
        solver.run_logic(&mut plain);
        let mut grid = Grid::new(layout.clone(), &givens).unwrap();
        loop {
            for &t in &family {
                let warm = crate::strategies::find_all(t, &grid);
                let cold = std::thread::scope(|s| s.spawn(|| crate::strategies::find_all(t, &grid)).join().unwrap());
                assert_eq!(warm, cold, "{} at {}", t.id, crate::formats::to_line(&grid.digits()));
                listed += warm.len();
            }
            if grid.is_solved() || !solver.step(&mut grid) {
                break;
            }
        }
        assert_eq!(grid.journal(), plain.journal(), "{}", &line[..81]);
    }
    assert!(listed > 100, "only {listed} instances listed");
}
