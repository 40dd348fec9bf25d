//! ALS-XZ, ALS-XY-Wing and Death Blossom against a plain oracle: every almost locked set
//! (one to four cells of a house, each with two candidates or more, holding one digit more
//! than cells), found by trying
//! every choice of cells, and what each technique proves from them, read straight from the
//! definitions. Sets may share cells: a restricted common never lies in a shared cell (its
//! copies in one set all see its copies in the other, and a cell does not see itself), and
//! each inference holds for each set alone. The technique must list every removal the
//! oracle finds, and nothing else.

use crate::common;

use std::collections::{BTreeMap, BTreeSet};

use deduku::strategies::{find_all, ids};
use deduku::{Digit, Grid, Rules};

type Cand = (usize, Digit);

/// The most cells in an ALS, as the technique's bound.
const MOST: usize = 4;

/// Cells as bits of a `u128` (a 9x9 grid has 81).
pub(crate) type Cells = u128;

/// The position as bit sets: each cell's peers, and each digit's empty cells holding it.
pub(crate) struct Sight {
    peers: Vec<Cells>,
    pub(crate) holding: [Cells; 10],
}

impl Sight {
    pub(crate) fn of(grid: &Grid) -> Sight {
        let layout = grid.layout();
        let peers = (0..81).map(|c| (0..81).filter(|&p| layout.sees(c, p)).fold(0, |m, p| m | 1 << p)).collect();
        let mut holding = [0; 10];
        for (d, h) in holding.iter_mut().enumerate().skip(1) {
            *h = (0..81).filter(|&c| grid.has_candidate(c, d as Digit)).fold(0, |m, c| m | 1 << c);
        }
        Sight { peers, holding }
    }

    /// The cells that see every cell of `cells` (and so are none of them).
    fn seeing_all(&self, cells: Cells) -> Cells {
        (0..81).filter(|&c| cells >> c & 1 != 0).fold(!0, |m, c| m & self.peers[c])
    }
}

/// An almost locked set: per digit, its cells holding it (none for a digit it does not hold),
/// and the cells that see all of those.
pub(crate) struct Als {
    pub(crate) holders: [Cells; 10],
    pub(crate) seen: [Cells; 10],
}

impl Als {
    pub(crate) fn digits(&self) -> impl Iterator<Item = Digit> + '_ {
        (1..=9).filter(|&d| self.holders[d as usize] != 0)
    }
}

/// Every ALS of `grid` (every choice of one to four cells of a house with two candidates or
/// more, holding one digit more than cells), each cell set once.
pub(crate) fn alss(grid: &Grid, sight: &Sight) -> Vec<Als> {
    let mut seen = BTreeSet::new();
    let mut found = Vec::new();
    for house in grid.layout().houses() {
        // Cells with two candidates or more: a cell with one is a single, placed first.
        let empty: Vec<usize> = house.cells.iter().copied().filter(|&c| grid.candidates(c).len() >= 2).collect();
        for mask in 1u32..1 << empty.len() {
            if mask.count_ones() as usize > MOST {
                continue;
            }
            let cells = (0..empty.len()).filter(|&i| mask >> i & 1 != 0).fold(0, |m: Cells, i| m | 1 << empty[i]);
            let holders: [Cells; 10] = std::array::from_fn(|d| if d == 0 { 0 } else { cells & sight.holding[d] });
            let digits = holders.iter().filter(|&&h| h != 0).count();
            if digits == mask.count_ones() as usize + 1 && seen.insert(cells) {
                found.push(Als { holders, seen: holders.map(|h| sight.seeing_all(h)) });
            }
        }
    }
    found
}

/// The restricted commons of every pair of `sets`, both ways: per set, each other set with
/// a digit of both whose copies in one all see those in the other.
pub(crate) fn restricted_commons(sets: &[Als]) -> Vec<Vec<(usize, Digit)>> {
    let n = sets.len();
    let mut links: Vec<Vec<(usize, Digit)>> = vec![Vec::new(); n];
    for a in 0..n {
        for b in a + 1..n {
            for x in 1..=9 {
                let (ha, hb) = (sets[a].holders[x as usize], sets[b].holders[x as usize]);
                if ha != 0 && hb != 0 && hb & !sets[a].seen[x as usize] == 0 {
                    links[a].push((b, x));
                    links[b].push((a, x));
                }
            }
        }
    }
    links
}

/// Removals as bit sets of cells, per digit.
pub(crate) type Removals = [Cells; 10];

/// The removals as candidates.
pub(crate) fn listed(removals: &Removals) -> BTreeSet<Cand> {
    (1..=9).flat_map(|d| (0..81).filter(move |&c| removals[d] >> c & 1 != 0).map(move |c| (c, d as Digit))).collect()
}

/// Every removal of ALS-XZ, ALS-XY-Wing and Death Blossom at `grid`, by technique id.
fn oracle(grid: &Grid) -> BTreeMap<&'static str, BTreeSet<Cand>> {
    let sight = Sight::of(grid);
    let sets = alss(grid, &sight);
    let n = sets.len();
    let (mut xz, mut wing, mut blossom): (Removals, Removals, Removals) = ([0; 10], [0; 10], [0; 10]);
    let links = restricted_commons(&sets);
    // A digit Z of `a` and `b` leaves the cells seeing all its copies in both.
    let remove_z = |a: &Als, b: &Als, z: Digit, out: &mut Removals| {
        let z = z as usize;
        if a.holders[z] != 0 && b.holders[z] != 0 {
            out[z] |= sight.holding[z] & a.seen[z] & b.seen[z];
        }
    };
    // ALS-XZ: one common X, a digit Z of both leaves the cells seeing all its copies; two
    // commons, each set locks its other digits, and each common leaves the cells seeing all
    // its copies in both.
    for a in 0..n {
        for b in a + 1..n {
            let xs: Vec<Digit> = links[a].iter().filter(|l| l.0 == b).map(|l| l.1).collect();
            let (sa, sb) = (&sets[a], &sets[b]);
            match xs.as_slice() {
                [] => {}
                [x] => (1..=9).filter(|z| z != x).for_each(|z| remove_z(sa, sb, z, &mut xz)),
                _ => {
                    for (i, &x1) in xs.iter().enumerate() {
                        for &x2 in &xs[i + 1..] {
                            for s in [sa, sb] {
                                for d in s.digits().filter(|&d| d != x1 && d != x2) {
                                    xz[d as usize] |= sight.holding[d as usize] & s.seen[d as usize];
                                }
                            }
                            remove_z(sa, sb, x1, &mut xz);
                            remove_z(sa, sb, x2, &mut xz);
                        }
                    }
                }
            }
        }
    }
    // ALS-XY-Wing: pivot C joined to A by X and to B by Y (X and Y different): a digit Z of
    // A and B, neither X nor Y, leaves the cells seeing all its copies in A and B.
    // (Each two links of the pivot once: the wing is the same read from B.)
    for c in 0..n {
        for (i, &(a, x)) in links[c].iter().enumerate() {
            for &(b, y) in &links[c][i + 1..] {
                if a != b && x != y {
                    (1..=9).filter(|&z| z != x && z != y).for_each(|z| remove_z(&sets[a], &sets[b], z, &mut wing));
                }
            }
        }
    }
    // Death Blossom: a stem of three candidates or more; a cell holding Z (no candidate of
    // the stem) loses it when every candidate d of the stem has a petal holding d and Z,
    // whose d's all see the stem and whose Z's the cell sees all of. (Petals may share cells,
    // so the choice for each candidate is free of the others'.)
    for stem in (0..81).filter(|&c| grid.digit(c).is_none() && grid.candidates(c).len() >= 3) {
        let candidates: Vec<Digit> = grid.candidates(stem).iter().collect();
        for z in (1..=9).filter(|z| !candidates.contains(z)) {
            // Per candidate, the cells holding Z that see all the Z's of one of its petals.
            let reach = candidates.iter().map(|&d| {
                sets.iter()
                    .filter(|p| p.holders[d as usize] != 0 && p.holders[z as usize] != 0 && p.holders[d as usize] & !sight.peers[stem] == 0)
                    .fold(0, |m: Cells, p| m | sight.holding[z as usize] & p.seen[z as usize])
            });
            blossom[z as usize] |= reach.fold(!0, |m, r| m & r);
        }
    }
    BTreeMap::from([(ids::ALS_XZ, listed(&xz)), (ids::ALS_XY_WING, listed(&wing)), (ids::DEATH_BLOSSOM, listed(&blossom))])
}

/// Classic positions for the oracle: along solves of kept puzzles, and random ones.
fn positions() -> Vec<Grid> {
    let mut all = common::solve_positions("generated-hard.txt", Rules::classic(), common::sample(60, 3));
    all.extend(common::random_positions(33, common::sample(40, 1000), 15..50));
    all
}

#[test]
fn als_techniques_list_what_a_plain_search_finds() {
    let techniques = [ids::ALS_XZ, ids::ALS_XY_WING, ids::DEATH_BLOSSOM];
    let mut checked = BTreeMap::<&str, usize>::new();
    let mut wrong = Vec::new();
    let mut shared = 0;
    let (mut in_oracle, mut in_techniques) = (std::time::Duration::ZERO, std::time::Duration::ZERO);
    for grid in positions() {
        let started = std::time::Instant::now();
        let want = oracle(&grid);
        in_oracle += started.elapsed();
        let started = std::time::Instant::now();
        for id in techniques {
            let t = deduku::strategies::by_id(id).unwrap();
            let steps = find_all(t, &grid);
            // Steps whose sets share a cell: what the sets may now do.
            shared += steps.iter().filter(|d| d.pattern.sets.iter().map(|s| s.cells.len()).sum::<usize>() > d.pattern.cells.len()).count();
            let got: BTreeSet<Cand> = steps.iter().flat_map(|d| d.eliminations.iter().map(|e| (e.cell, e.digit))).collect();
            let want = want.get(id).cloned().unwrap_or_default();
            *checked.entry(id).or_default() += want.len();
            wrong.extend(common::disagreement(&format!("{id} "), &want, &got, &grid));
        }
        in_techniques += started.elapsed();
    }
    eprintln!("removals checked per technique: {checked:?}; steps with sets sharing a cell: {shared}; oracle {in_oracle:?}, techniques {in_techniques:?}");
    common::no_disagreements(&wrong);
    assert!(checked.values().all(|&n| n > 20), "too few removals checked: {checked:?}");
    assert!(shared > 0, "no step used sets sharing a cell");
}
