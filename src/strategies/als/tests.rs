use super::*;
use crate::rules::Rules;
use crate::solver::Solver;
use std::sync::Arc;

/// Positions of the first top1465 puzzles where the default solver (without search) stalls.
fn stalled() -> Vec<Grid> {
    let layout = Arc::new(Layout::classic(Rules::classic()));
    let text = std::fs::read_to_string("/work/shared/puzzles/top1465.txt").unwrap();
    let strategies = crate::strategies::REGISTRY.iter().filter(|t| t.default && t.family != "als").map(|t| t.run).collect();
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
/// stalled position (run under `perf stat` for instruction counts).
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
                        masks.extend(h.cells.iter().map(|&c| g.candidates(c)).filter(|c| c.len() >= 2 && c.len() <= MAX_ALS + 1).map(|c| c.bits()));
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

#[test]
#[ignore]
fn count_subsets() {
    let grids = stalled();
    let (mut subsets, mut kept, mut groups, mut entries, mut edges) = (0, 0, 0, 0, 0);
    for g in &grids {
        let layout = g.layout();
        for h in layout.houses() {
            let masks: Vec<u16> = h.cells.iter().map(|&c| g.candidates(c)).filter(|c| c.len() >= 2 && c.len() <= MAX_ALS + 1).map(|c| c.bits()).collect();
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
    eprintln!("subsets {} kept {} groups {} entries {} edges {}", subsets / grids.len(), kept / grids.len(), groups / grids.len(), entries / grids.len(), edges / grids.len());
}
