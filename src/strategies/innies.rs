//! Innies and Outies (the 45 rule): whole houses hold every digit once, so they add up to a
//! known total; take away the killer cages wholly inside them, and the cells left over inside
//! (the innies) make the difference. When every innie lies in a cage that reaches outside,
//! those cages' cells outside (the outies) make what their sums have left over (guide
//! `strategies/innies-outies.md`).
//!
//! Reads [`Layout::cage_sums`] and the rows, columns and boxes: it knows the killer rule only
//! as cages with sums.

use std::collections::HashSet;

use super::{Finds, eliminate_seeing_all};
use crate::deduction::{CellGroup, Deduction, Elimination, Pattern};
use crate::grid::{Candidates, CellSet, Digit, Grid};
use crate::layout::{CellId, HouseId, HouseKind, Layout};
use crate::rules::Rule;

techniques! {
    family: Rules;
    INNIES_OUTIES = "innies-outies", "Innies and Outies", 25, innies_outies;
}

/// The most empty innies or outies a step adds up. Why a bound: past five cells the sum says
/// little a person would act on, and the fillings to write out run into the thousands.
pub const MAX_CELLS: usize = 5;

/// The most fillings a step lists; past them its explanation names the removals instead.
const MAX_SHOWN: usize = 10;

/// A killer cage with a sum, as a set for the region tests.
struct Cage<'a> {
    cells: &'a [CellId],
    set: CellSet,
    sum: u32,
}

/// For each region of whole houses (one to all rows in a run, the same for columns, each
/// box), with the cages of sums wholly inside it and those that cross its edge: the innies
/// make the region's total less the inside cages' sums; when every innie is in a crossing
/// cage, the outies make the crossing cages' sums less what their cells inside make. Each
/// sum of one to [`MAX_CELLS`] empty cells keeps the candidates some filling puts in its cells
/// (different digits where cells see each other), and a digit in every filling leaves the
/// cells that see all its places.
///
/// Search: regions by their number of houses, rows before columns before boxes, innies
/// before outies; a set of cells already added up for an earlier region is not offered
/// again. Every instance: each such sum that removes something.
fn innies_outies(grid: &Grid, finds: &mut Finds) {
    let layout = grid.layout();
    let cages: Vec<Cage> = layout.cage_sums().map(|(cells, sum)| Cage { cells, set: cells.iter().copied().collect(), sum }).collect();
    if cages.is_empty() {
        return;
    }
    let size = layout.size() as i64;
    let house_total = size * (size + 1) / 2;
    let mut seen: HashSet<Vec<CellId>> = HashSet::new();
    for region in regions(layout) {
        let area: CellSet = region.iter().fold(CellSet::new(), |all, &h| all.union(layout.house_set(h)));
        let total = house_total * region.len() as i64;
        let inside: Vec<&Cage> = cages.iter().filter(|c| c.set.difference(&area).is_empty()).collect();
        let crossing: Vec<&Cage> = cages.iter().filter(|c| !c.set.intersection(&area).is_empty() && !c.set.difference(&area).is_empty()).collect();
        let inside_cells = inside.iter().fold(CellSet::new(), |all, c| all.union(&c.set));
        let inside_sum: i64 = inside.iter().map(|c| i64::from(c.sum)).sum();
        let innies = area.difference(&inside_cells);
        // Why only with a cage inside: without one the innies are the whole region, and their
        // sum says no more than its houses do.
        if !inside.is_empty() {
            let counted = inside.iter().map(|c| c.cells).collect::<Vec<_>>();
            if let Some(found) = sum_step(grid, &region, &innies, total - inside_sum, &counted, &mut seen)
                && finds.add(found)
            {
                return;
            }
        }
        let crossing_cells = crossing.iter().fold(CellSet::new(), |all, c| all.union(&c.set));
        if crossing.is_empty() || !innies.difference(&crossing_cells).is_empty() {
            continue;
        }
        let outies = crossing_cells.difference(&area);
        let crossing_sum: i64 = crossing.iter().map(|c| i64::from(c.sum)).sum();
        let counted = inside.iter().chain(&crossing).map(|c| c.cells).collect::<Vec<_>>();
        if let Some(found) = sum_step(grid, &region, &outies, crossing_sum - (total - inside_sum), &counted, &mut seen)
            && finds.add(found)
        {
            return;
        }
    }
}

/// The regions tried, in order: runs of 1 to `size` rows, the same of columns (the whole grid
/// once), then each box, shortest runs first.
fn regions(layout: &Layout) -> Vec<Vec<HouseId>> {
    let of_kind = |kind| {
        let mut houses: Vec<HouseId> = layout.houses_of_kind(kind).collect();
        houses.sort_by_key(|&h| layout.house(h).index);
        houses
    };
    let (rows, columns) = (of_kind(HouseKind::Row), of_kind(HouseKind::Column));
    let mut regions = Vec::new();
    for len in 1..=rows.len() {
        regions.extend(rows.windows(len).map(<[HouseId]>::to_vec));
        if len < columns.len() {
            regions.extend(columns.windows(len).map(<[HouseId]>::to_vec));
        }
        if len == 1 {
            regions.extend(of_kind(HouseKind::Box).into_iter().map(|b| vec![b]));
        }
    }
    regions
}

/// The step that the cells `cells` adding up to `target` proves, if it removes anything:
/// `region` and `counted` (the cages whose sums it used) are its proof.
fn sum_step(grid: &Grid, region: &[HouseId], cells: &CellSet, target: i64, counted: &[&[CellId]], seen: &mut HashSet<Vec<CellId>>) -> Option<Deduction> {
    let all: Vec<CellId> = cells.iter().collect();
    let empty: Vec<CellId> = all.iter().copied().filter(|&c| grid.digit(c).is_none()).collect();
    if empty.is_empty() || empty.len() > MAX_CELLS || !seen.insert(all.clone()) {
        return None;
    }
    let left = target - all.iter().filter_map(|&c| grid.digit(c)).map(i64::from).sum::<i64>();
    let fit = fillings(grid, &empty, left);
    // Why leave a sum no filling makes alone: that is a contradiction for the solver to find.
    if fit.count == 0 {
        return None;
    }
    let mut eliminations = Vec::new();
    for (&cell, &used) in empty.iter().zip(&fit.used) {
        let gone = grid.candidates(cell).difference(Candidates::from_bits(used));
        eliminations.extend(gone.iter().map(|digit| Elimination { cell, digit, via: Some(Rule::Killer) }));
    }
    let mut sets: Vec<CellGroup> = counted.iter().map(|cage| CellGroup { cells: cage.to_vec(), digits: Candidates::default() }).collect();
    for digit in Candidates::from_bits(fit.required).iter() {
        let places: CellSet = empty.iter().zip(&fit.used).filter(|&(_, u)| u & 1 << (digit - 1) != 0).map(|(&c, _)| c).collect();
        let mut outside = eliminate_seeing_all(grid, &places, digit);
        outside.retain(|e| !cells.contains(e.cell));
        if !outside.is_empty() {
            sets.push(CellGroup { cells: places.iter().collect(), digits: Candidates::single(digit) });
            eliminations.extend(outside);
        }
    }
    if eliminations.is_empty() {
        return None;
    }
    let fins = all.iter().copied().filter(|c| !empty.contains(c)).collect();
    // Why sets of digits when the cells all see each other: then every order of a set is a
    // filling, and listing the orders says nothing more (the renderer tells the two apart the
    // same way).
    let layout = grid.layout();
    let distinct = empty.iter().enumerate().all(|(i, &a)| empty[..i].iter().all(|&b| layout.sees(a, b)));
    let mut fillings = fit.shown;
    if distinct {
        fillings.iter_mut().for_each(|f| f.sort_unstable());
        fillings.sort();
        fillings.dedup();
    }
    if fit.count > fillings_kept() || fillings.len() > MAX_SHOWN {
        fillings.clear();
    }
    let pattern = Pattern { cells: all, base: region.to_vec(), fins, sets, fillings, rules: vec![Rule::Killer], ..Pattern::default() };
    Some(Deduction::elimination(ids::INNIES_OUTIES, eliminations, pattern))
}

/// The fillings of some empty cells that make a sum.
struct Fillings {
    /// How many there are.
    count: usize,
    /// For each cell, the digits it holds in some filling.
    used: Vec<u16>,
    /// The digits every filling holds somewhere.
    required: u16,
    /// The first [`fillings_kept`] of them, a digit per cell.
    shown: Vec<Vec<Digit>>,
}

/// How many fillings are kept for the explanation: enough for [`MAX_SHOWN`] sets of digits in
/// every order, when the cells all see each other.
fn fillings_kept() -> usize {
    (1..=MAX_CELLS).product::<usize>() * MAX_SHOWN
}

/// Every way to fill `cells` from their candidates so that they add up to `left`, cells that
/// see each other holding different digits. Depth first, cutting a branch when the cells
/// after it cannot make what is left even at their lowest or highest candidates.
fn fillings(grid: &Grid, cells: &[CellId], left: i64) -> Fillings {
    let cands: Vec<u16> = cells.iter().map(|&c| grid.candidates(c).bits()).collect();
    let low = |m: u16| i64::from(m.trailing_zeros()) + 1;
    let high = |m: u16| 16 - i64::from(m.leading_zeros());
    // The least and the most the cells from `i` on can make.
    let mut reach = vec![(0i64, 0i64); cells.len() + 1];
    for i in (0..cells.len()).rev() {
        reach[i] = (reach[i + 1].0 + low(cands[i]), reach[i + 1].1 + high(cands[i]));
    }
    let mut fit = Fillings { count: 0, used: vec![0; cells.len()], required: u16::MAX, shown: Vec::new() };
    let mut chosen: Vec<Digit> = Vec::with_capacity(cells.len());
    walk(grid, cells, &cands, &reach, left, &mut chosen, &mut fit);
    fit
}

fn walk(grid: &Grid, cells: &[CellId], cands: &[u16], reach: &[(i64, i64)], left: i64, chosen: &mut Vec<Digit>, fit: &mut Fillings) {
    let i = chosen.len();
    if i == cells.len() {
        if left == 0 {
            fit.count += 1;
            for (used, &d) in fit.used.iter_mut().zip(chosen.iter()) {
                *used |= 1 << (d - 1);
            }
            fit.required &= chosen.iter().fold(0u16, |m, &d| m | 1 << (d - 1));
            if fit.shown.len() < fillings_kept() {
                fit.shown.push(chosen.clone());
            }
        }
        return;
    }
    if left < reach[i].0 || left > reach[i].1 {
        return;
    }
    let layout = grid.layout();
    for d in Candidates::from_bits(cands[i]).iter() {
        let clashes = chosen.iter().zip(cells).any(|(&e, &c)| e == d && layout.sees(c, cells[i]));
        if !clashes {
            chosen.push(d);
            walk(grid, cells, cands, reach, left - i64::from(d), chosen, fit);
            chosen.pop();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::constraints::Constraint;
    use crate::generate::Rng;
    use crate::layout::LayoutSpec;
    use crate::rules::Rules;
    use crate::strategies::find_all;
    use std::sync::Arc;

    /// A 9x9 grid with these cages, its cells empty but for `placed`.
    fn grid(cages: &[(&[CellId], u32)], placed: &[(CellId, Digit)]) -> Grid {
        let constraints = cages.iter().map(|&(cells, sum)| Constraint::Cage { rule: Rule::Killer, cells: cells.to_vec(), sum: Some(sum) }).collect();
        let spec = LayoutSpec { rules: Rules::classic().with(Rule::Killer), constraints, ..LayoutSpec::new(9) };
        let mut givens = vec![None; 81];
        for &(cell, digit) in placed {
            givens[cell] = Some(digit);
        }
        Grid::new(Arc::new(spec.build().unwrap()), &givens).unwrap()
    }

    fn technique() -> &'static crate::strategies::Technique {
        crate::strategies::by_id(ids::INNIES_OUTIES).unwrap()
    }

    #[test]
    fn an_innie_of_one_cell_is_the_row_total_less_its_cages() {
        // Row 1: cages 1+2+3+4 (r1c1-r1c4) and 5+6+7+8 (r1c5-r1c8) inside leave r1c9 = 9.
        let g = grid(&[(&[0, 1, 2, 3], 10), (&[4, 5, 6, 7], 26)], &[]);
        let steps = find_all(technique(), &g);
        let first = crate::render::text::explain(g.layout(), &steps[0]);
        assert!(first.starts_with("Innies and Outies: r1 make 45"), "{first}");
        // r1c9 keeps only 9, and as the one place of a 9 the sum needs, it takes 9 from its peers.
        let effect = crate::render::text::effect(g.layout(), &steps[0]);
        assert!(effect.starts_with("r1c9<>1 (killer), r1c9<>2 (killer), r1c9<>3 (killer), r1c9<>4 (killer), r1c9<>5 (killer), r1c9<>6 (killer), r1c9<>7 (killer), r1c9<>8 (killer), r1c1<>9"), "{effect}");
        assert!(effect.contains("r9c9<>9") && !effect.contains("r1c9<>9"), "{effect}");
    }

    #[test]
    fn an_outie_is_what_a_crossing_cage_has_left_over() {
        // Row 1: r1c1-r1c8 in an inside cage of 36 and r1c9 in a cage 12 with r2c9: r1c9 is
        // 9 (the innie), and r2c9 is the outie, 12 - 9 = 3.
        let g = grid(&[(&[0, 1, 2, 3, 4, 5, 6, 7], 36), (&[8, 17], 12)], &[]);
        let effects: Vec<String> = find_all(technique(), &g).iter().map(|d| crate::render::text::explain(g.layout(), d)).collect();
        assert!(effects.iter().any(|e| e.contains("outies r2c9 = 3") && e.contains("r2c9<>1")), "{effects:?}");
    }

    /// The oracle: for every region of the family, every assignment of the innies' (or the
    /// outies') candidates, kept when it makes the sum with no repeat between cells that see
    /// each other; a candidate in no kept assignment is what the technique must remove.
    fn oracle(g: &Grid) -> HashSet<(CellId, Digit)> {
        let layout = g.layout();
        let cages: Vec<(Vec<CellId>, u32)> = layout.cage_sums().map(|(c, s)| (c.to_vec(), s)).collect();
        let mut gone = HashSet::new();
        for region in regions(layout) {
            let area: Vec<CellId> = (0..81).filter(|&c| region.iter().any(|&h| layout.house(h).cells.contains(&c))).collect();
            let inside: Vec<&(Vec<CellId>, u32)> = cages.iter().filter(|(c, _)| c.iter().all(|x| area.contains(x))).collect();
            let crossing: Vec<&(Vec<CellId>, u32)> = cages.iter().filter(|(c, _)| c.iter().any(|x| area.contains(x)) && !c.iter().all(|x| area.contains(x))).collect();
            let total = 45 * region.len() as i64 - inside.iter().map(|(_, s)| i64::from(*s)).sum::<i64>();
            let innies: Vec<CellId> = area.iter().copied().filter(|c| !inside.iter().any(|(cells, _)| cells.contains(c))).collect();
            let mut sums = Vec::new();
            if !inside.is_empty() {
                sums.push((innies.clone(), total));
            }
            if !crossing.is_empty() && innies.iter().all(|c| crossing.iter().any(|(cells, _)| cells.contains(c))) {
                let outies: Vec<CellId> = crossing.iter().flat_map(|(cells, _)| cells.iter().copied()).filter(|c| !area.contains(c)).collect();
                sums.push((outies, crossing.iter().map(|(_, s)| i64::from(*s)).sum::<i64>() - total));
            }
            for (cells, target) in sums {
                let empty: Vec<CellId> = cells.iter().copied().filter(|&c| g.digit(c).is_none()).collect();
                if empty.is_empty() || empty.len() > MAX_CELLS {
                    continue;
                }
                let left = target - cells.iter().filter_map(|&c| g.digit(c)).map(i64::from).sum::<i64>();
                let mut kept = vec![Candidates::default(); empty.len()];
                let mut any = false;
                let mut digits = vec![1u8; empty.len()];
                'all: loop {
                    let fits = digits.iter().zip(&empty).all(|(&d, &c)| g.candidates(c).contains(d));
                    let sum: i64 = digits.iter().map(|&d| i64::from(d)).sum();
                    let repeat = (0..empty.len()).any(|i| (0..i).any(|j| digits[i] == digits[j] && layout.sees(empty[i], empty[j])));
                    if fits && sum == left && !repeat {
                        any = true;
                        for (k, &d) in kept.iter_mut().zip(&digits) {
                            k.insert(d);
                        }
                    }
                    for i in 0..digits.len() {
                        if digits[i] < 9 {
                            digits[i] += 1;
                            continue 'all;
                        }
                        digits[i] = 1;
                    }
                    break;
                }
                if any {
                    for (&c, k) in empty.iter().zip(&kept) {
                        gone.extend(g.candidates(c).difference(*k).iter().map(|d| (c, d)));
                    }
                }
            }
        }
        gone
    }

    /// Random cage partitions of random solution grids, with some cells placed and some
    /// candidates thinned by the solution: the removals of cells in the sums themselves are
    /// exactly the oracle's, and every removal holds in the solution.
    #[test]
    fn removals_inside_the_sums_are_exactly_the_oracles() {
        let layout = Arc::new(Layout::classic(Rules::classic()));
        let mut compared = 0;
        for seed in 0..60 {
            let mut rng = Rng::new(seed);
            let solution = crate::generate::random_solution(&layout, &mut rng).unwrap();
            let cages = random_cages(&mut rng, &solution);
            let sums: Vec<(Vec<CellId>, u32)> = cages.iter().map(|c| (c.clone(), c.iter().map(|&x| u32::from(solution[x])).sum())).collect();
            let borrowed: Vec<(&[CellId], u32)> = sums.iter().map(|(c, s)| (c.as_slice(), *s)).collect();
            let placed: Vec<(CellId, Digit)> = (0..81).filter(|_| rng.below(3) == 0).map(|c| (c, solution[c])).collect();
            let g = grid(&borrowed, &placed);
            let expected = oracle(&g);
            let steps = find_all(technique(), &g);
            let mut inside = HashSet::new();
            for step in &steps {
                for e in &step.eliminations {
                    assert_ne!(solution[e.cell], e.digit, "seed {seed}: {}", crate::render::text::explain(g.layout(), step));
                    if step.pattern.cells.contains(&e.cell) {
                        inside.insert((e.cell, e.digit));
                    }
                }
            }
            assert_eq!(inside, expected, "seed {seed}");
            compared += expected.len();
        }
        assert!(compared > 50, "the positions exercise the technique ({compared} removals)");
    }

    /// Cages of one to four cells grown from random starts over orthogonal neighbours, no digit
    /// of `solution` twice in one.
    fn random_cages(rng: &mut Rng, solution: &[Digit]) -> Vec<Vec<CellId>> {
        let mut owner = [usize::MAX; 81];
        let mut cages = Vec::new();
        let mut order: Vec<CellId> = (0..81).collect();
        rng.shuffle(&mut order);
        for start in order {
            if owner[start] != usize::MAX {
                continue;
            }
            let want = 1 + rng.below(4);
            let mut cage = vec![start];
            owner[start] = cages.len();
            while cage.len() < want {
                let frontier: Vec<CellId> = cage
                    .iter()
                    .flat_map(|&c| [c.checked_sub(9), (c + 9 < 81).then_some(c + 9), (c % 9 > 0).then(|| c - 1), (c % 9 < 8).then_some(c + 1)])
                    .flatten()
                    .filter(|&n| owner[n] == usize::MAX && !cage.iter().any(|&c| solution[c] == solution[n]))
                    .collect();
                if frontier.is_empty() {
                    break;
                }
                let next = frontier[rng.below(frontier.len())];
                owner[next] = cages.len();
                cage.push(next);
            }
            cages.push(cage);
        }
        cages
    }
}
