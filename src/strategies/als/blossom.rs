//! Death Blossom: a stem cell and one petal ALS per candidate of the stem.
//!
//! Search: for each empty cell with three or more candidates (the stem) and each of its
//! candidates d, the petals are the ALSs holding d whose copies of d all see the stem (the
//! members of the holder groups of d whose seen cells include the stem, by house as the
//! first cell of the stem's d-peers in each house comes, then by group). A digit Z that is
//! not a candidate of the stem and sits in a petal of every candidate (with Z's copies in it
//! all seen by a cell holding Z) is tried with a depth-first choice of one petal per
//! candidate (candidates with fewest petals first), keeping the cells that see all the
//! chosen petals' Z's and giving up as soon as there are none. The blossom with fewest cells
//! in all (stem and petals, each cell once) wins (ties: stem cell, then Z). Every instance:
//! the step, then for each stem, Z and cell holding Z, the blossom whose petal for each
//! candidate is the first (fewest cells) whose Z's that cell sees all of, when every
//! candidate has one, by cells in all: every removal is among them. A blossom is the same
//! step whichever of its petals' common digits is its Z, and is listed once.
//!
//! Petals may share cells, and one ALS may be the petal of two candidates: whatever the stem
//! holds, the petal of that candidate loses it and is locked on its own, so Z is in one of
//! the petals, and a cell seeing all their Z's cannot hold it. The stem is in no petal (a
//! petal's copies of its candidate all see it, and a cell does not see itself).

use super::{Alss, Changes, Keep, Kind, SHARED, each_cell, offer_by_size, remove_seeing, searched, shared, since_miss, tidy};
use crate::deduction::{CellGroup, Deduction, Elimination, Pattern};
use crate::grid::{Candidates, CellSet, Digit, Grid};
use crate::layout::CellId;
use crate::strategies::Finds;

/// A stem cell whose every candidate is tied to a petal ALS whose copies of that candidate all
/// see the stem: whatever the stem holds, that petal is locked, so a digit Z of every petal
/// leaves the cells seeing all the petals' Z's. (Search and every instance: see the module.)
pub(super) fn death_blossom(grid: &Grid, finds: &mut Finds) {
    let shared = shared(grid);
    let alss = &shared.alss;
    let mut best = None;
    blossoms(grid, alss, since_miss(grid, Kind::Blossom).as_ref(), &mut best);
    searched(grid, Kind::Blossom, best.is_some());
    let Some((_, (stem, petals))) = best else { return };
    if finds.add(blossom(grid, alss, stem, &petals)) {
        return;
    }
    let mut every = Vec::new();
    blossoms(grid, alss, None, &mut every);
    offer_by_size(every, finds, |(stem, petals)| blossom(grid, alss, stem, &petals));
}

/// A blossom met: its stem, and its petals by stem digit.
type Blossom = (CellId, Vec<usize>);

/// The search (see the module), keeping the blossoms met with their cells in all; with
/// `since` (the changes since the last search found nothing), only the blossoms with a
/// changed part.
fn blossoms<K: Keep<Blossom>>(grid: &Grid, alss: &Alss, since: Option<&Changes>, keep: &mut K) {
    let layout = grid.layout();
    // The cells that may be stems (three candidates or more).
    let mut wide: CellSet = (0..layout.cell_count()).filter(|&c| grid.candidates(c).len() >= 3).collect();
    let cell_count = layout.cell_count();
    // `offered_new[(d - 1) * cells + stem]`: the digits the new petals of candidate d of a
    // stem could lose (see `offered` below; `Changes`), after a search that found nothing.
    let mut offered_new = vec![0u16; layout.size() * cell_count];
    if let Some(changes) = since {
        wide = new_stems(grid, alss, changes, &wide, &mut offered_new);
    }
    let offered = offers(grid, alss, &wide);
    // The petal groups of one stem digit, with a key giving their order.
    let mut keyed: Vec<((usize, usize), usize)> = Vec::new();
    // Per candidate of the stem, its petals.
    let mut petals: Vec<Vec<usize>> = vec![Vec::new(); layout.size()];
    // Per candidate of the stem, its petals holding Z (see `choose`), the order the
    // candidates are chosen in, and the petals chosen.
    // Why: kept for the whole search, so that each stem and Z reuses their room.
    let mut lists: Vec<(Digit, Vec<usize>)> = Vec::new();
    let (mut order, mut chosen): (Vec<usize>, Vec<usize>) = (Vec::new(), Vec::new());
    // The choices of petals kept for the stem (every instance).
    let mut met: Vec<Vec<usize>> = Vec::new();
    for stem in wide.iter() {
        met.clear();
        let candidates = grid.candidates(stem);
        // Why: a blossom has three cells at least: the stem, and two petal cells (one petal
        // of n cells holds n + 1 digits, Z among them, so it serves two candidates or more
        // only with two cells or more; petals may share cells, so there is no more to say).
        if keep.bound().is_some_and(|best| best <= 3) {
            continue;
        }
        // Why: with the stem as it was, some petal must be new (see `new_stems`).
        let new = since.is_some_and(|c| !c.cells.contains(stem)).then_some(&offered_new[..]);
        let mut zs = offered_zs(grid, stem, &offered, new);
        if zs.is_empty() {
            continue;
        }
        for (k, d) in candidates.iter().enumerate() {
            stem_petals(grid, alss, stem, d, &mut keyed, &mut petals[k]);
            // Why: a petal's Z's must all be seen by a cell holding Z.
            let offered = petals[k].iter().fold(Candidates::EMPTY, |acc, &p| acc.union(alss.list[p].live));
            zs = zs.intersection(offered);
            if zs.is_empty() {
                break;
            }
        }
        let n = candidates.len();
        if lists.len() < n {
            lists.resize_with(n, Default::default);
        }
        for z in zs.iter() {
            for (k, d) in candidates.iter().enumerate() {
                let list = &mut lists[k];
                list.0 = d;
                list.1.clear();
                list.1.extend(petals[k].iter().copied().filter(|&p| alss.list[p].digits.contains(z)));
                list.1.sort_by_key(|&p| alss.list[p].size);
            }
            if K::EVERY {
                each_target(grid, alss, z, &lists[..n], stem, &mut met, keep);
                continue;
            }
            // Why: the candidate with fewest petals first prunes soonest.
            order.clear();
            order.extend(0..n);
            order.sort_by_key(|&k| lists[k].1.len());
            chosen.clear();
            chosen.resize(n, usize::MAX);
            let all = grid.digit_cells(z);
            choose(alss, z, &lists[..n], &order, 0, &mut chosen, &CellSet::new(), all, stem, keep);
        }
    }
}

/// Every instance of the blossoms of `stem` and `z`, whose petals are `lists` (by stem
/// candidate, by size): for each cell holding Z, the choice of each candidate's first petal
/// whose Z's the cell sees all of, when every candidate has one. Each choice is kept once
/// per stem (`met`). Why not every choice of petals: petals may share cells, and the choices
/// multiply; a choice per cell reaches every removal, with petals as small as each
/// candidate allows.
fn each_target(grid: &Grid, alss: &Alss, z: Digit, lists: &[(Digit, Vec<usize>)], stem: CellId, met: &mut Vec<Vec<usize>>, keep: &mut impl Keep<Blossom>) {
    for target in grid.digit_cells(z).iter() {
        let chosen: Option<Vec<usize>> = lists.iter().map(|(_, petals)| petals.iter().copied().find(|&p| alss.seen(p, z).contains(target))).collect();
        let Some(chosen) = chosen else { continue };
        if met.contains(&chosen) {
            continue;
        }
        let cells = chosen.iter().fold(CellSet::new(), |acc, &p| acc.union(&alss.list[p].cells));
        let size = blossom_size(alss, &chosen, &cells);
        met.push(chosen.clone());
        keep.keep(size, (stem, chosen));
    }
}

/// The size a blossom is ordered by: its cells (the stem and `used`, the petals' cells), and
/// [`SHARED`] more when petals share cells.
fn blossom_size(alss: &Alss, chosen: &[usize], used: &CellSet) -> usize {
    let mut distinct = chosen.to_vec();
    distinct.sort_unstable();
    distinct.dedup();
    let apart = distinct.len() == chosen.len() && distinct.iter().map(|&p| alss.list[p].size).sum::<usize>() == used.len();
    1 + used.len() + if apart { 0 } else { SHARED }
}

/// The step of the blossom of `stem` with the petals `chosen` (by stem digit).
fn blossom(grid: &Grid, alss: &Alss, stem: CellId, chosen: &[usize]) -> Deduction {
    let candidates = grid.candidates(stem);
    let (out, zs) = petal_eliminations(grid, alss, stem, chosen);
    let mut sets = vec![CellGroup { cells: vec![stem], digits: candidates }];
    sets.extend(chosen.iter().map(|&p| alss.cell_group(p)));
    let cells: CellSet = chosen.iter().fold(CellSet::from_iter([stem]), |acc, &p| acc.union(&alss.list[p].cells));
    let pattern = Pattern { digits: candidates.union(zs), cells: cells.iter().collect(), fins: vec![stem], sets, ..Pattern::default() };
    Deduction::elimination(super::ids::DEATH_BLOSSOM, out, pattern)
}

/// The digits Z a blossom on `stem` may remove, by `offered` (see [`offers`]): Z is not a
/// candidate of the stem, and some petal of each candidate offers it (a petal's Z's must all
/// be seen by a cell holding Z); with `new` (`offered_new`, see [`new_stems`]), some new
/// petal offers it too. Why first: most stems fail this test, which needs no ordered petal
/// lists.
#[inline]
fn offered_zs(grid: &Grid, stem: CellId, offered: &[u16], new: Option<&[u16]>) -> Candidates {
    let (size, cell_count) = (grid.layout().size(), grid.layout().cell_count());
    let candidates = grid.candidates(stem);
    let mut zs = Candidates::all(size).difference(candidates);
    for d in candidates.iter() {
        zs = zs.intersection(Candidates::from_bits(offered[(d as usize - 1) * cell_count + stem]));
        if zs.is_empty() {
            break;
        }
    }
    if let Some(offered_new) = new {
        let any_new = candidates.iter().fold(0u16, |acc, d| acc | offered_new[(d as usize - 1) * cell_count + stem]);
        zs = zs.intersection(Candidates::from_bits(any_new));
    }
    zs
}

/// The removals of the blossom of `stem` with the petals `chosen`: every digit of all
/// petals other than the stem's goes where all its copies are seen. With the digits that
/// remove something.
fn petal_eliminations(grid: &Grid, alss: &Alss, stem: CellId, chosen: &[usize]) -> (Vec<Elimination>, Candidates) {
    let layout = grid.layout();
    let candidates = grid.candidates(stem);
    let common = chosen.iter().fold(Candidates::all(layout.size()), |acc, &p| acc.intersection(alss.list[p].digits)).difference(candidates);
    let mut out = Vec::new();
    let mut zs = Candidates::EMPTY;
    for z in common.iter() {
        let mut targets = *grid.digit_cells(z);
        let mut seen = CellSet::new();
        for &p in chosen {
            targets = targets.intersection(alss.seen(p, z));
            seen = seen.union(alss.holders(p, z));
        }
        if !targets.is_empty() {
            zs.insert(z);
            remove_seeing(layout, &targets, z, &seen, &mut out);
        }
    }
    tidy(&mut out);
    (out, zs)
}

/// The stems a blossom that fires may have, of the cells `wide`, after a search that found
/// nothing and `changes` since; fills `offered_new` (see [`blossoms`]). Why: a
/// blossom whose stem and petals are all as they were when the last search found nothing
/// eliminates nothing: the stems left are the changed cells and those some new petal offers
/// a digit to. The ALSs of a group lie in its house, so they are all new or all as they were.
fn new_stems(grid: &Grid, alss: &Alss, changes: &Changes, wide: &CellSet, offered_new: &mut [u16]) -> CellSet {
    let layout = grid.layout();
    let cell_count = layout.cell_count();
    let mut stems_left = wide.intersection(&changes.cells);
    for d in 1..=layout.size() as Digit {
        let stems = grid.digit_cells(d).intersection(wide);
        let row_new = &mut offered_new[(d as usize - 1) * cell_count..d as usize * cell_count];
        for house in (0..changes.houses.len()).filter(|&h| changes.houses[h]) {
            let k = house * layout.size() + d as usize - 1;
            for g in alss.starts[k] as usize..alss.starts[k + 1] as usize {
                let cells = alss.groups[g].seen.intersection(&stems);
                let live = alss.members_of(g).iter().fold(0u16, |acc, &p| acc | alss.list[p as usize].live.bits());
                if cells.is_empty() || live == 0 {
                    continue;
                }
                each_cell(&cells, |cell| row_new[cell] |= live);
                stems_left = stems_left.union(&cells);
            }
        }
    }
    stems_left
}

/// `offered[(d - 1) * cells + stem]`: the digits the petals of candidate d of a stem (the
/// members of the groups of d whose cells it sees all of) could lose, for every cell of
/// `wide` that may be a stem, found group by group.
fn offers(grid: &Grid, alss: &Alss, wide: &CellSet) -> Vec<u16> {
    let layout = grid.layout();
    let cell_count = layout.cell_count();
    let mut offered = vec![0u16; layout.size() * cell_count];
    for d in 1..=layout.size() as Digit {
        let stems = grid.digit_cells(d).intersection(wide);
        let row = &mut offered[(d as usize - 1) * cell_count..d as usize * cell_count];
        for g in alss.groups_of_digit(d) {
            let cells = alss.groups[g].seen.intersection(&stems);
            if cells.is_empty() {
                continue;
            }
            let live = alss.members_of(g).iter().fold(0u16, |acc, &p| acc | alss.list[p as usize].live.bits());
            each_cell(&cells, |cell| row[cell] |= live);
        }
    }
    offered
}

/// Fills `petals` with the petals of candidate `d` of `stem`: the members of the groups of
/// `d` whose cells the stem sees all of, by house (each house at the first cell of the
/// stem's region in it, and its place among that cell's houses), then by group. `keyed` is
/// a buffer.
fn stem_petals(grid: &Grid, alss: &Alss, stem: CellId, d: Digit, keyed: &mut Vec<((usize, usize), usize)>, petals: &mut Vec<usize>) {
    let layout = grid.layout();
    petals.clear();
    keyed.clear();
    let region = layout.peer_set(stem).intersection(grid.digit_cells(d));
    for g in alss.groups_of_digit(d) {
        let group = &alss.groups[g];
        // Why: the stem sees all of a group's cells exactly when it is among the cells
        // seeing all of them.
        if group.seen.contains(stem) {
            let first = region.intersection(layout.house_set(group.house)).first().expect("the group's cells");
            let at = layout.houses_of(first).iter().position(|&h| h == group.house).expect("a cell is in its houses");
            keyed.push(((first, at), g));
        }
    }
    keyed.sort_unstable();
    for &(_, g) in keyed.iter() {
        petals.extend(alss.members_of(g).iter().map(|&a| a as usize));
    }
}

/// Chooses a petal for the candidates `order[at..]` (positions in `lists`), the petals so far
/// covering the cells `used`, keeping `targets` (the cells holding `z` that see all chosen
/// petals' Z's) non-empty; keeps a complete choice with fewer cells (stem and petals, each
/// cell once) than the bound of `keep`.
#[allow(clippy::too_many_arguments)]
fn choose(
    alss: &Alss,
    z: Digit,
    lists: &[(Digit, Vec<usize>)],
    order: &[usize],
    at: usize,
    chosen: &mut Vec<usize>,
    used: &CellSet,
    targets: &CellSet,
    stem: CellId,
    keep: &mut impl Keep<Blossom>,
) {
    if at == order.len() {
        let cells = blossom_size(alss, chosen, used);
        if keep.bound().is_none_or(|best| cells < best) {
            keep.keep(cells, (stem, chosen.clone()));
        }
        return;
    }
    let k = order[at];
    for &p in &lists[k].1 {
        let als = &alss.list[p];
        // Why: the petals are by size, and the blossom has at least the stem and the larger
        // of the cells so far and this petal (a later petal may lie in cells already used).
        if keep.bound().is_some_and(|best| 1 + used.len().max(als.size) >= best) {
            break;
        }
        let joined = used.union(&als.cells);
        if keep.bound().is_some_and(|best| 1 + joined.len() >= best) {
            continue;
        }
        let narrowed = targets.intersection(alss.seen(p, z));
        if narrowed.is_empty() {
            continue;
        }
        chosen[k] = p;
        choose(alss, z, lists, order, at + 1, chosen, &joined, &narrowed, stem, keep);
    }
}
