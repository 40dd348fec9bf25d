//! Irregular regions (jigsaw Sudoku): read from text (`--regions`), written back as text, and
//! made at random for the generator.
//!
//! The text form is one character per cell, row after row: a letter or a digit, the same
//! character for every cell of one region (`AAABBBCCC...`). Whitespace and line breaks are
//! ignored, so the regions may be written as a grid of `size` lines.

use crate::bits::CellId;
use crate::generate::Rng;
use crate::layout::Layout;

/// What is wrong with the text of some regions: one line naming what and where.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum RegionsError {
    /// A character other than an ASCII letter or digit (whitespace aside).
    #[error("'{ch}' (character {position}) is not a letter or a digit")]
    BadCharacter {
        /// The character.
        ch: char,
        /// Its 1-based position among the characters that are not whitespace.
        position: usize,
    },
    /// A number of cells other than the grid's side squared.
    #[error("found {found} cells; a {size}x{size} grid needs {}", size * size)]
    CellCount {
        /// How many cells (characters that are not whitespace) the text has.
        found: usize,
        /// The grid's side: the one given, or the one guessed from the count.
        size: usize,
    },
    /// A number of different labels other than the grid's side.
    #[error("found {found} regions ({labels}); a {size}x{size} grid needs {size}")]
    RegionCount {
        /// How many different labels there are.
        found: usize,
        /// The labels, in order of first appearance (`ABCDEFGH`).
        labels: String,
        /// The grid's side.
        size: usize,
    },
    /// A region with a number of cells other than the grid's side.
    #[error("region '{label}' has {cells} cells; each needs {size}")]
    RegionSize {
        /// The region's label, the first in order of appearance with the wrong count.
        label: char,
        /// How many cells it has.
        cells: usize,
        /// The grid's side.
        size: usize,
    },
}

/// The side of the grid and each cell's region (numbered by first appearance, from 0) in
/// `text` (see the module doc). Without `size`, the side is the square root of the number of
/// cells (7 for 49); a count that is no square is compared with the nearest square.
pub fn parse(text: &str, size: Option<usize>) -> Result<(usize, Vec<usize>), RegionsError> {
    let mut labels: Vec<char> = Vec::new();
    for (i, ch) in text.chars().filter(|c| !c.is_whitespace()).enumerate() {
        if !ch.is_ascii_alphanumeric() {
            return Err(RegionsError::BadCharacter { ch, position: i + 1 });
        }
        labels.push(ch);
    }
    let found = labels.len();
    // Why the nearest square: 80 characters are most likely a 9x9 grid missing one.
    let size = size.unwrap_or_else(|| ((found as f64).sqrt().round() as usize).clamp(4, 16));
    if found != size * size {
        return Err(RegionsError::CellCount { found, size });
    }
    let mut seen: Vec<(char, usize)> = Vec::new();
    let mut regions = Vec::with_capacity(found);
    for &label in &labels {
        let index = match seen.iter().position(|&(l, _)| l == label) {
            Some(i) => i,
            None => {
                seen.push((label, 0));
                seen.len() - 1
            }
        };
        seen[index].1 += 1;
        regions.push(index);
    }
    if seen.len() != size {
        let labels = seen.iter().map(|&(l, _)| l).collect();
        return Err(RegionsError::RegionCount { found: seen.len(), labels, size });
    }
    if let Some(&(label, cells)) = seen.iter().find(|&&(_, n)| n != size) {
        return Err(RegionsError::RegionSize { label, cells, size });
    }
    Ok((size, regions))
}

/// The regions of `layout` in the text form: one letter per cell (`A` for the box holding
/// r1c1, `B` for the next box, ...), row after row on one line. For a layout with the usual
/// boxes, those boxes.
pub fn to_text(layout: &Layout) -> String {
    (0..layout.cell_count()).map(|cell| (b'A' + layout.box_of(cell) as u8) as char).collect()
}

/// The cells orthogonally next to `cell` on a `size`x`size` grid.
fn neighbours(size: usize, cell: CellId) -> impl Iterator<Item = CellId> {
    let (r, c) = (cell / size, cell % size);
    let up = (r > 0).then(|| cell - size);
    let down = (r + 1 < size).then_some(cell + size);
    let left = (c > 0).then(|| cell - 1);
    let right = (c + 1 < size).then_some(cell + 1);
    [up, down, left, right].into_iter().flatten()
}

/// Whether every region of `regions` (a region per cell of a `size`x`size` grid) is
/// connected: one piece, cells joined through sides (not corners).
pub fn connected(size: usize, regions: &[usize]) -> bool {
    let mut seen = vec![false; regions.len()];
    let mut pieces = std::collections::HashMap::new();
    for start in 0..regions.len() {
        if seen[start] {
            continue;
        }
        *pieces.entry(regions[start]).or_insert(0) += 1;
        seen[start] = true;
        let mut stack = vec![start];
        while let Some(cell) = stack.pop() {
            for n in neighbours(size, cell) {
                if !seen[n] && regions[n] == regions[start] {
                    seen[n] = true;
                    stack.push(n);
                }
            }
        }
    }
    pieces.values().all(|&n| n == 1)
}

/// How many times [`random`] grows regions before it falls back to reshaping the usual boxes.
const GROW_TRIES: usize = 100;

/// Random connected regions for a `size`x`size` grid (4 to 16), each of `size` cells, as a
/// region number per cell (numbered by first cell, from 0).
///
/// `size` regions grow from random seed cells, each step the one with fewest free neighbours
/// (the nearest to being walled in; the smaller on a tie) taking a random free neighbour, until every cell is taken; a try where a region is walled in short
/// of `size` cells starts again. Should every try fail (rare; more likely on large grids), the
/// usual boxes (rows for a prime size) are reshaped by random trades of cells between
/// neighbouring regions that keep both connected.
pub fn random(size: usize, rng: &mut Rng) -> Vec<usize> {
    let regions = (0..GROW_TRIES).find_map(|_| grow(size, rng)).unwrap_or_else(|| reshape(size, rng));
    renumber(&regions)
}

/// The regions renumbered by their first cell.
fn renumber(regions: &[usize]) -> Vec<usize> {
    let mut order: Vec<usize> = Vec::new();
    regions
        .iter()
        .map(|&r| match order.iter().position(|&o| o == r) {
            Some(i) => i,
            None => {
                order.push(r);
                order.len() - 1
            }
        })
        .collect()
}

/// One try at growing regions from random seeds (see [`random`]).
fn grow(size: usize, rng: &mut Rng) -> Option<Vec<usize>> {
    const FREE: usize = usize::MAX;
    let count = size * size;
    let mut region = vec![FREE; count];
    let mut cells: Vec<Vec<CellId>> = Vec::with_capacity(size);
    let mut order: Vec<CellId> = (0..count).collect();
    rng.shuffle(&mut order);
    for (r, &seed) in order[..size].iter().enumerate() {
        region[seed] = r;
        cells.push(vec![seed]);
    }
    for _ in size..count {
        // The free cells next to each unfinished region; the one with fewest grows.
        let mut best: Option<(usize, Vec<CellId>)> = None;
        for (r, members) in cells.iter().enumerate().filter(|(_, m)| m.len() < size) {
            let mut free: Vec<CellId> = members.iter().flat_map(|&c| neighbours(size, c)).filter(|&n| region[n] == FREE).collect();
            free.sort_unstable();
            free.dedup();
            if free.is_empty() {
                // Walled in short of its size: this try fails.
                return None;
            }
            let tighter = best.as_ref().is_none_or(|(b, f)| (free.len(), members.len()) < (f.len(), cells[*b].len()));
            if tighter {
                best = Some((r, free));
            }
        }
        let (r, free) = best?;
        let cell = free[rng.below(free.len())];
        region[cell] = r;
        cells[r].push(cell);
    }
    Some(region)
}

/// The usual boxes (rows for a prime size) reshaped by random trades that keep every region
/// connected and of `size` cells (see [`random`]).
fn reshape(size: usize, rng: &mut Rng) -> Vec<usize> {
    let (rows, cols) = Layout::default_boxes(size).unwrap_or((1, size));
    let count = size * size;
    let mut region: Vec<usize> = (0..count).map(|cell| (cell / size / rows) * (size / cols) + cell % size / cols).collect();
    for _ in 0..count * 20 {
        // A cell `a` of region A next to region B goes to B, and a cell `b` of B next to A
        // comes back; kept only if both stay connected.
        let a = rng.below(count);
        let others: Vec<CellId> = neighbours(size, a).filter(|&n| region[n] != region[a]).collect();
        if others.is_empty() {
            continue;
        }
        let (ra, rb) = (region[a], region[others[rng.below(others.len())]]);
        region[a] = rb;
        let back: Vec<CellId> =
            (0..count).filter(|&c| c != a && region[c] == rb && neighbours(size, c).any(|n| region[n] == ra)).collect();
        if back.is_empty() {
            region[a] = ra;
            continue;
        }
        let b = back[rng.below(back.len())];
        region[b] = ra;
        if !connected(size, &region) {
            region[a] = ra;
            region[b] = rb;
        }
    }
    region
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::Rules;

    const ROWS_4: &str = "AAAA BBBB CCCC DDDD";

    #[test]
    fn reads_regions_with_whitespace_and_takes_the_size_from_them() {
        assert!(parse("AAB B\nACBB\n ACCD\nACDD\nXX", None).is_err(), "18 cells are no 4x4 grid");
        let (size, regions) = parse("AABB\nACBB\nACCD\nCDDD", None).unwrap();
        assert_eq!(size, 4);
        assert_eq!(regions, [0, 0, 1, 1, 0, 2, 1, 1, 0, 2, 2, 3, 2, 3, 3, 3]);
        assert_eq!(parse(ROWS_4, Some(4)).unwrap().1, [0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3]);
        let seven: String = (0..49).map(|i| (b'a' + (i / 7) as u8) as char).collect();
        assert_eq!(parse(&seven, None).unwrap().0, 7);
    }

    #[test]
    fn names_what_is_wrong_with_regions() {
        let err = |text: &str, size| parse(text, size).unwrap_err().to_string();
        assert_eq!(err(&"A".repeat(80), None), "found 80 cells; a 9x9 grid needs 81");
        assert_eq!(err(ROWS_4, Some(5)), "found 16 cells; a 5x5 grid needs 25");
        assert_eq!(err("AAAA BBBB CCCC DDD%", None), "'%' (character 16) is not a letter or a digit");
        assert_eq!(err("AAAA BBBB CCCC CCCC", None), "found 3 regions (ABC); a 4x4 grid needs 4");
        assert_eq!(err("AAAA BBBB CCCC CDDD", None), "region 'C' has 5 cells; each needs 4");
    }

    #[test]
    fn text_round_trips_through_a_layout() {
        let text = "AABBACBBACCDCDDD";
        let (size, regions) = parse(text, None).unwrap();
        let layout = Layout::with_regions(size, &regions, Rules::classic()).unwrap();
        assert_eq!(to_text(&layout), text);
        assert_eq!(to_text(&Layout::new(4, 2, 2, Rules::classic()).unwrap()), "AABBAABBCCDDCCDD");
    }

    #[test]
    fn connectedness_is_by_sides() {
        // r4c1 of region C is cut off from the rest of C.
        assert!(!connected(4, &parse("AABB ACBB ACCD CDDD", None).unwrap().1));
        assert!(connected(4, &parse("AABB AABB CCDD CCDD", None).unwrap().1));
        // Region A's cells touch only at corners.
        assert!(!connected(4, &parse("ABBB BACC DDAC DDCA", None).unwrap().1));
    }

    #[test]
    fn random_regions_are_connected_and_even_for_every_size() {
        for size in 4..=16 {
            for seed in 0..3 {
                let regions = random(size, &mut Rng::new(seed));
                assert_eq!(regions.len(), size * size);
                let mut counts = vec![0; size];
                regions.iter().for_each(|&r| counts[r] += 1);
                assert!(counts.iter().all(|&n| n == size), "size {size} seed {seed}: {counts:?}");
                assert!(connected(size, &regions), "size {size} seed {seed}");
                assert!(Layout::with_regions(size, &regions, Rules::classic()).is_ok());
                assert_eq!(regions, random(size, &mut Rng::new(seed)), "the same seed, the same regions");
            }
        }
        // The fallback keeps regions connected and whole, and moves the boxes.
        for size in [7, 9] {
            let reshaped = renumber(&reshape(size, &mut Rng::new(5)));
            assert!(connected(size, &reshaped) && Layout::with_regions(size, &reshaped, Rules::classic()).is_ok());
            let (rows, cols) = Layout::default_boxes(size).unwrap_or((1, size));
            let usual = renumber(&(0..size * size).map(|c| (c / size / rows) * (size / cols) + c % size / cols).collect::<Vec<_>>());
            assert_ne!(reshaped, usual);
        }
    }
}
