//! The shape of a grid: its size, its houses (rows, columns, boxes, and any extra houses
//! variant rules add) and which cells see each other.
//!
//! Nothing else in deduku assumes a 9x9 grid: strategies ask the layout for houses and peers.

use std::fmt;
use std::sync::atomic::{AtomicU64, Ordering};

pub use crate::bits::CellId;
use crate::bits::{Candidates, CellSet, Digit, MAX_SIZE};
use crate::constraints::Constraint;
use crate::rules::{Rule, Rules};

/// A house's index in [`Layout::houses`].
pub type HouseId = usize;

/// What kind of house a house is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum HouseKind {
    /// A row of the grid.
    Row,
    /// A column of the grid.
    Column,
    /// A box, or an irregular region when the layout has regions (jigsaw).
    Box,
    /// A house a variant rule adds on top of the rows, columns and boxes (a diagonal, an
    /// extra region): every digit once there too.
    Extra,
}

/// House kinds as bits, for patterns that allow some kinds of house and not others.
pub mod kind_bits {
    use super::HouseKind;

    /// The bit of [`HouseKind::Row`].
    pub const ROW: u8 = 1;
    /// The bit of [`HouseKind::Column`].
    pub const COL: u8 = 2;
    /// The bit of [`HouseKind::Box`].
    pub const BOX: u8 = 4;
    /// The bit of [`HouseKind::Extra`].
    pub const EXTRA: u8 = 8;

    /// The bit of a house kind.
    pub fn kind_bit(kind: HouseKind) -> u8 {
        match kind {
            HouseKind::Row => ROW,
            HouseKind::Column => COL,
            HouseKind::Box => BOX,
            HouseKind::Extra => EXTRA,
        }
    }
}

/// A set of cells that must hold every digit once.
#[derive(Clone, Debug)]
pub struct House {
    /// Whether it is a row, a column, a box or an extra house.
    pub kind: HouseKind,
    /// 0-based index among the houses of its kind.
    pub index: usize,
    /// Its `size` cells, all different; in reading order for rows, columns and boxes.
    pub cells: Vec<CellId>,
    /// An extra house's short and long names, when its rule gives it some (`d\\`, `the
    /// main diagonal`); others are named by kind and index.
    pub names: Option<(String, String)>,
    /// The rule that adds the house, if one does.
    pub rule: Option<Rule>,
}

impl House {
    /// The short name, `r3`, `c5` or `b2` (1-based), or the name its rule gives it.
    pub fn short_name(&self) -> String {
        if let Some((short, _)) = &self.names {
            return short.clone();
        }
        let prefix = match self.kind {
            HouseKind::Row => 'r',
            HouseKind::Column => 'c',
            HouseKind::Box => 'b',
            HouseKind::Extra => 'x',
        };
        format!("{prefix}{}", self.index + 1)
    }

    /// The long name, `row 3`, `column 5` or `box 2` (1-based), or the name its rule gives it.
    pub fn long_name(&self) -> String {
        if let Some((_, long)) = &self.names {
            return long.clone();
        }
        let word = match self.kind {
            HouseKind::Row => "row",
            HouseKind::Column => "column",
            HouseKind::Box => "box",
            HouseKind::Extra => "extra house",
        };
        format!("{word} {}", self.index + 1)
    }
}

/// The most houses a layout may have. Why: several techniques keep a set of houses as the
/// bits of a `u64`. A 16x16 grid has 48 houses before any rule adds more.
pub const MAX_HOUSES: usize = 64;

/// Why a layout cannot be built.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum LayoutError {
    /// The grid's side: outside `2..=MAX_SIZE`, or with no usual boxes (a prime side) when
    /// neither a box shape nor regions were given.
    #[error("a grid side of {0} is not supported (2 to {MAX_SIZE})")]
    Size(usize),
    /// The box shape does not tile the grid: `rows * cols` is not the side, or does not
    /// divide it.
    #[error("boxes of {rows}x{cols} do not tile a {size}x{size} grid")]
    Boxes {
        /// The grid's side.
        size: usize,
        /// The boxes' height in rows.
        rows: usize,
        /// The boxes' width in columns.
        cols: usize,
    },
    /// An extra house that is not `size` distinct cells of the grid (too few or too many, a
    /// cell repeated, or one off the grid).
    #[error("extra house {house} has {cells} distinct cells inside the grid; a house of this grid needs {size}")]
    ExtraHouse {
        /// 1-based position of the house in [`LayoutSpec::extra_houses`].
        house: usize,
        /// How many distinct cells of the grid it has.
        cells: usize,
        /// The grid's side: the cells a house needs.
        size: usize,
    },
    /// The number of houses the rules, extra houses and cages would make, above
    /// [`MAX_HOUSES`].
    #[error("these rules give the grid {0} houses; deduku handles at most {MAX_HOUSES}")]
    TooManyHouses(usize),
    /// A constraint names a cell id past the last cell of the grid.
    #[error("a {rule} constraint names {cell}, which is not a cell of a {size}x{size} grid")]
    ConstraintCell {
        /// The constraint's rule.
        rule: Rule,
        /// The cell id it names (0-based, row-major), `>= size * size`.
        cell: usize,
        /// The grid's side.
        size: usize,
    },
    /// A pair constraint whose two cells are the same.
    #[error("a {rule} constraint joins {a} to itself")]
    ConstraintSelf {
        /// The constraint's rule.
        rule: Rule,
        /// The cell's name (`r3c5`).
        a: String,
    },
    /// The region numbers do not give one region to each cell.
    #[error("regions: found {found} cells; a {size}x{size} grid needs {}", size * size)]
    RegionCells {
        /// How many region numbers were given.
        found: usize,
        /// The grid's side.
        size: usize,
    },
    /// The region numbers make more or fewer regions than the grid's side.
    #[error("regions: found {found} regions; a {size}x{size} grid needs {size}")]
    RegionCount {
        /// How many different region numbers there are.
        found: usize,
        /// The grid's side.
        size: usize,
    },
    /// A region of the wrong size, named by its first cell (`r1c4`).
    #[error("regions: the region of {first} has {cells} cells; each needs {size}")]
    RegionSize {
        /// The name of the region's first cell in reading order (`r1c4`).
        first: String,
        /// How many cells the region has.
        cells: usize,
        /// The grid's side: the cells a region needs.
        size: usize,
    },
    /// A clue read along a line ([`Constraint::Clue`]) with more cells than
    /// [`crate::clues::Line::MAX_CELLS`].
    #[error("a {rule} line has {cells} cells (at most 64)")]
    ClueCells {
        /// The clue's rule.
        rule: Rule,
        /// How many cells its line has.
        cells: usize,
    },
    /// A weighted sum ([`Constraint::Sum`]) whose cells and weights differ in number.
    #[error("a {rule} sum has {cells} cells but {weights} weights")]
    SumWeights {
        /// The sum's rule.
        rule: Rule,
        /// How many cells it has.
        cells: usize,
        /// How many weights it has.
        weights: usize,
    },
    /// Both irregular regions and a box shape were given.
    #[error("irregular regions replace the boxes; they cannot also have a box shape ({rows}x{cols})")]
    RegionsWithBoxes {
        /// The box shape's rows.
        rows: usize,
        /// The box shape's columns.
        cols: usize,
    },
    /// A rule whose houses are drawn from the boxes' shape (windoku, disjoint groups),
    /// asked for with irregular regions.
    #[error("{rule} needs boxes of one shape; it cannot be played on irregular regions")]
    RegionsWith {
        /// The rule that needs rectangular boxes.
        rule: Rule,
    },
    /// [`Rule::Jigsaw`] asked for without [`LayoutSpec::regions`].
    #[error("jigsaw needs its regions (a region for every cell)")]
    JigsawWithoutRegions,
    /// A killer cage or a thermometer line (the groups of cells whose digits differ) with no cell.
    #[error("a {} has no cells", rule.group_noun())]
    CageEmpty {
        /// The group's rule (killer, thermometer, renban).
        rule: Rule,
    },
    /// A cage or line that lists one cell more than once.
    #[error("the {} of {first} lists a cell twice", rule.group_noun())]
    CageRepeat {
        /// The group's rule (killer, thermometer, renban).
        rule: Rule,
        /// The name of the group's first cell as listed (`r1c4`).
        first: String,
    },
    /// A cage or line with more cells than the grid's side, so its digits cannot all
    /// differ.
    #[error("the {} of {first} has {cells} cells, whose digits cannot all differ on a {size}x{size} grid", rule.group_noun())]
    CageSize {
        /// The group's rule (killer, thermometer, renban).
        rule: Rule,
        /// The name of the group's first cell as listed (`r1c4`).
        first: String,
        /// How many cells it has.
        cells: usize,
        /// The grid's side.
        size: usize,
    },
}

/// A layout's identity: unique among every layout the process builds, never reused.
///
/// Every per-thread cache (see `strategies::caches` and the search's core) is keyed by it
/// and by nothing else. Why not the size, box shape and rules: once rules carry data (cages,
/// regions, lines), two different layouts can agree on all of those, and a table made for
/// one would give wrong eliminations in the other. Why not the `Arc`'s address: a freed
/// layout's address can be taken by the next one, so a cache would have to keep the layout
/// alive to trust it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct LayoutId(u64);

impl LayoutId {
    /// A fresh identity, different from every one given before.
    fn fresh() -> LayoutId {
        static NEXT: AtomicU64 = AtomicU64::new(1);
        LayoutId(NEXT.fetch_add(1, Ordering::Relaxed))
    }
}

/// The houses and peer relations of one kind of grid under one set of rules.
pub struct Layout {
    id: LayoutId,
    size: usize,
    /// The boxes' rows and columns; `None` when the boxes are irregular regions (jigsaw).
    box_shape: Option<(usize, usize)>,
    /// Each cell's box, 0-based (see [`Layout::box_of`]).
    box_index: Vec<usize>,
    /// Each box's rows and columns, as bits (see [`Layout::box_lines`]).
    box_lines: Vec<(u32, u32)>,
    rules: Rules,
    houses: Vec<House>,
    cell_houses: Vec<Vec<HouseId>>,
    /// Each house's cells as a set.
    house_sets: Vec<CellSet>,
    peers: Vec<Vec<CellId>>,
    peer_sets: Vec<CellSet>,
    /// Peers through a shared house only.
    house_peer_sets: Vec<CellSet>,
    /// For each rule, the peers it adds to each cell.
    rule_peer_sets: Vec<(Rule, Vec<CellSet>)>,
    /// For each house, the other houses it shares cells with (see [`Layout::crossings`]).
    crossings: Vec<Vec<(HouseId, u32)>>,
    /// The constraints of rules that carry data, and those rules that apply everywhere
    /// turn into (non-consecutive).
    constraints: Vec<Constraint>,
    /// For each candidate (`cell * size + digit - 1`), the candidates of other cells it
    /// rules out through the constraints, beyond the same digit in its peers (see
    /// [`Layout::links`]). Empty when no constraint makes a link.
    links: Vec<Vec<Link>>,
    /// For each cell, the digits it may hold at all (all but those a [`Constraint::Only`]
    /// forbids).
    allowed: Vec<Candidates>,
    /// The indices of the [`Constraint::Contains`] among `constraints`.
    contains: Vec<usize>,
    /// The indices of the [`Constraint::Cage`]s with a sum among `constraints`.
    sums: Vec<usize>,
    /// The indices of the thermometer lines (cages of [`Rule::Thermometer`]) among `constraints`.
    thermometers: Vec<usize>,
    /// The indices of the renban lines (cages of [`Rule::Renban`]) among `constraints`.
    renbans: Vec<usize>,
    /// The entropic lines, each its cells in the order drawn, read back from their pairs.
    entropic_lines: Vec<Vec<CellId>>,
    /// The indices of the weighted sums ([`Constraint::Sum`]: arrows, little killers) among
    /// `constraints`.
    weighted: Vec<usize>,
    /// The indices of the clues read along a line ([`Constraint::Clue`]: between lines,
    /// sandwiches, X-sums, skyscrapers) among `constraints`.
    clues: Vec<usize>,
}

/// Candidates of one cell that a candidate rules out (see [`Layout::links`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Link {
    /// The other cell.
    pub cell: CellId,
    /// Its digits ruled out; never empty.
    pub digits: Candidates,
}

/// Everything a layout is built from: the size, the boxes, the rules, and the data of the
/// rules that carry some. `LayoutSpec::new(9).build()` is the classic grid.
#[derive(Clone, Debug, Default)]
pub struct LayoutSpec {
    /// The grid's side, 2 to [`MAX_SIZE`]: digits run `1..=size`.
    pub size: usize,
    /// The boxes' rows and columns; `None` for the size's usual boxes
    /// ([`Layout::default_boxes`]).
    pub boxes: Option<(usize, usize)>,
    /// The variant rules in play.
    pub rules: Rules,
    /// Houses beyond the rows, columns, boxes and the rules' own (f-puzzles' extra regions).
    pub extra_houses: Vec<Vec<CellId>>,
    /// Placed constraints of the rules that carry data.
    pub constraints: Vec<Constraint>,
    /// Irregular regions in place of the boxes (jigsaw): a region number for every cell, row
    /// after row; cells with the same number form one region. Any numbers will do; the boxes
    /// are numbered by their first cell (`b1` holds r1c1). A region need not be connected:
    /// the rule only asks that it hold every digit once, and the techniques reason about its
    /// cells, never its shape. Puts [`Rule::Jigsaw`] among the layout's rules.
    pub regions: Option<Vec<usize>>,
}

/// The boxes of a layout: rectangles of one shape, or irregular regions (each `size` cells,
/// in box order).
enum Boxes {
    Shape(usize, usize),
    Regions(Vec<Vec<CellId>>),
}

impl LayoutSpec {
    /// A `size`x`size` grid with its usual boxes and no rule.
    pub fn new(size: usize) -> LayoutSpec {
        LayoutSpec { size, ..LayoutSpec::default() }
    }

    /// The layout this spec describes: its houses, peers and constraint links. Errors when
    /// the size, boxes, regions, extra houses or constraints are malformed, or when they make
    /// more than [`MAX_HOUSES`] houses.
    pub fn build(&self) -> Result<Layout, LayoutError> {
        let (boxes, rules) = match &self.regions {
            Some(regions) => {
                if let Some((rows, cols)) = self.boxes {
                    return Err(LayoutError::RegionsWithBoxes { rows, cols });
                }
                // Why refused: their houses are drawn from the boxes' shape.
                if let Some(rule) = [Rule::Windoku, Rule::Disjoint].into_iter().find(|&r| self.rules.contains(r)) {
                    return Err(LayoutError::RegionsWith { rule });
                }
                (Boxes::Regions(region_houses(self.size, regions)?), self.rules.clone().with(Rule::Jigsaw))
            }
            None if self.rules.contains(Rule::Jigsaw) => return Err(LayoutError::JigsawWithoutRegions),
            None => {
                let (rows, cols) = match self.boxes {
                    Some(shape) => shape,
                    None => Layout::default_boxes(self.size).ok_or(LayoutError::Size(self.size))?,
                };
                (Boxes::Shape(rows, cols), self.rules.clone())
            }
        };
        let cages: Vec<(Rule, &[CellId])> = self.constraints.iter().filter(|c| matches!(c, Constraint::Cage { .. })).map(|c| (c.rule(), c.cells())).collect();
        let mut layout = Layout::houses_only(self.size, boxes, rules, &self.extra_houses, &cages)?;
        let mut constraints: Vec<Constraint> = self.rules.iter().flat_map(|r| r.constraints(self.size)).collect();
        constraints.extend(self.constraints.iter().cloned());
        layout.set_constraints(constraints)?;
        Ok(layout)
    }
}

impl Layout {
    /// The classic 9x9 grid with 3x3 boxes, under the given variant rules.
    pub fn classic(rules: Rules) -> Layout {
        Layout::new(9, 3, 3, rules).expect("9x9 with 3x3 boxes is a valid layout")
    }

    /// The usual boxes of a `size`x`size` grid: as square as the size allows, wider than
    /// tall (6: 2x3, 12: 3x4); none for a prime size, which needs irregular regions.
    pub fn default_boxes(size: usize) -> Option<(usize, usize)> {
        let rows = (2..=size).take_while(|r| r * r <= size).filter(|r| size % r == 0).last()?;
        Some((rows, size / rows))
    }

    /// A `size`x`size` grid with boxes of `box_rows` rows by `box_cols` columns.
    pub fn new(size: usize, box_rows: usize, box_cols: usize, rules: Rules) -> Result<Layout, LayoutError> {
        Layout::with_extra_houses(size, box_rows, box_cols, rules, &[])
    }

    /// A `size`x`size` grid with boxes of `box_rows` rows by `box_cols` columns, and the
    /// `extra` houses (each `size` distinct cells that must hold every digit once) on top
    /// of the rows, columns and boxes.
    pub fn with_extra_houses(size: usize, box_rows: usize, box_cols: usize, rules: Rules, extra: &[Vec<CellId>]) -> Result<Layout, LayoutError> {
        LayoutSpec { size, boxes: Some((box_rows, box_cols)), rules, extra_houses: extra.to_vec(), constraints: Vec::new(), regions: None }.build()
    }

    /// A `size`x`size` jigsaw grid: `regions` gives each cell's region (see
    /// [`LayoutSpec::regions`]), which replace the boxes.
    pub fn with_regions(size: usize, regions: &[usize], rules: Rules) -> Result<Layout, LayoutError> {
        LayoutSpec { size, rules, regions: Some(regions.to_vec()), ..LayoutSpec::default() }.build()
    }

    /// The layout of houses and peers, before any constraint is set. The `cages` (killer
    /// cages' cells, thermometer lines, each with its rule) are peers too: a cage as large
    /// as the grid's side is a house, the cells of a smaller one see each other through its
    /// rule, as a knight's move does under anti-knight.
    fn houses_only(size: usize, boxes: Boxes, rules: Rules, extra: &[Vec<CellId>], cages: &[(Rule, &[CellId])]) -> Result<Layout, LayoutError> {
        if !(2..=MAX_SIZE).contains(&size) {
            return Err(LayoutError::Size(size));
        }
        let (box_shape, mut houses) = match boxes {
            Boxes::Shape(box_rows, box_cols) => {
                if box_rows * box_cols != size || size % box_rows != 0 || size % box_cols != 0 {
                    return Err(LayoutError::Boxes { size, rows: box_rows, cols: box_cols });
                }
                (Some((box_rows, box_cols)), line_and_box_houses(size, box_rows, box_cols))
            }
            Boxes::Regions(regions) => {
                let mut houses = line_and_box_houses(size, 1, size);
                // Why named: a learner reads "region 3" for a jigsaw's region; the short name
                // stays `b3`, as in every other grid.
                for (i, (house, cells)) in houses[2 * size..].iter_mut().zip(regions).enumerate() {
                    house.cells = cells;
                    house.names = Some((format!("b{}", i + 1), format!("region {}", i + 1)));
                }
                (None, houses)
            }
        };
        // Why any shape will do for regions: the rules drawn from the boxes' shape (windoku,
        // disjoint groups) are refused with regions, and the others ignore it.
        let (box_rows, box_cols) = box_shape.unwrap_or((1, size));
        for rule in rules.iter() {
            for (cells, short, long) in rule.houses(size, box_rows, box_cols) {
                let index = houses.len() - 3 * size;
                houses.push(House { kind: HouseKind::Extra, index, cells, names: Some((short, long)), rule: Some(rule) });
            }
        }
        let ruled = houses.len() - 3 * size;
        for (index, cells) in extra.iter().enumerate() {
            let mut sorted: Vec<CellId> = cells.iter().copied().filter(|&c| c < size * size).collect();
            sorted.sort_unstable();
            sorted.dedup();
            // Why both: a repeated cell or one outside the grid would leave the house short.
            if sorted.len() != size || cells.len() != size {
                return Err(LayoutError::ExtraHouse { house: index + 1, cells: sorted.len(), size });
            }
            houses.push(House { kind: HouseKind::Extra, index: ruled + index, cells: sorted, names: None, rule: None });
        }
        let count = size * size;
        // Why per rule: `relation` names the rule that makes two cells peers.
        let mut cage_peers: Vec<(Rule, Vec<CellSet>)> = Vec::new();
        for &(rule, cells) in cages {
            let name = |c: CellId| format!("r{}c{}", c / size + 1, c % size + 1);
            if let Some(&cell) = cells.iter().find(|&&c| c >= count) {
                return Err(LayoutError::ConstraintCell { rule, cell, size });
            }
            let Some(&first) = cells.first() else { return Err(LayoutError::CageEmpty { rule }) };
            let first = name(first);
            if cells.iter().enumerate().any(|(i, c)| cells[..i].contains(c)) {
                return Err(LayoutError::CageRepeat { rule, first });
            }
            if cells.len() > size {
                return Err(LayoutError::CageSize { rule, first, cells: cells.len(), size });
            }
            if cells.len() == size {
                let mut sorted = cells.to_vec();
                sorted.sort_unstable();
                // Why skip one already there: two branches of a thermometer may cover the
                // same cells, and a house twice would count every digit twice.
                if houses.iter().any(|h| h.cells == sorted) {
                    continue;
                }
                let index = houses.len() - 3 * size;
                let (letter, noun) = match rule {
                    Rule::Thermometer => ('t', "thermometer"),
                    Rule::Renban => ('n', "renban line"),
                    _ => ('k', "cage"),
                };
                let names = Some((format!("{letter}{}", index + 1), format!("the {noun} of {first}")));
                houses.push(House { kind: HouseKind::Extra, index, cells: sorted, names, rule: Some(rule) });
                continue;
            }
            let slot = match cage_peers.iter().position(|(r, _)| *r == rule) {
                Some(i) => i,
                None => {
                    cage_peers.push((rule, vec![CellSet::new(); count]));
                    cage_peers.len() - 1
                }
            };
            let sets = &mut cage_peers[slot].1;
            for &a in cells.iter() {
                for &b in cells.iter().filter(|&&b| b != a) {
                    sets[a].insert(b);
                }
            }
        }
        if houses.len() > MAX_HOUSES {
            return Err(LayoutError::TooManyHouses(houses.len()));
        }
        let mut cell_houses = vec![Vec::new(); count];
        let mut house_peer_sets = vec![CellSet::new(); count];
        for (h, house) in houses.iter().enumerate() {
            for &a in &house.cells {
                cell_houses[a].push(h);
                for &b in &house.cells {
                    if a != b {
                        house_peer_sets[a].insert(b);
                    }
                }
            }
        }
        let mut rule_peer_sets: Vec<(Rule, Vec<CellSet>)> = rules.iter().filter(|r| !r.offsets().is_empty()).map(|rule| (rule, rule_peers(size, rule))).collect();
        rule_peer_sets.extend(cage_peers);
        let peer_sets: Vec<CellSet> = (0..count)
            .map(|a| rule_peer_sets.iter().fold(house_peer_sets[a], |acc, (_, sets)| acc.union(&sets[a])))
            .collect();
        let peers = peer_sets.iter().map(|s| s.iter().collect()).collect();
        let house_sets = houses.iter().map(|h| h.cells.iter().copied().collect()).collect();
        let crossings = (0..houses.len()).map(|h| crossings_of(&houses, &cell_houses, h)).collect();
        let mut box_index = vec![0; count];
        let mut box_lines = vec![(0u32, 0u32); size];
        for (b, house) in houses[2 * size..3 * size].iter().enumerate() {
            for &cell in &house.cells {
                box_index[cell] = b;
                box_lines[b].0 |= 1 << (cell / size);
                box_lines[b].1 |= 1 << (cell % size);
            }
        }
        Ok(Layout {
            id: LayoutId::fresh(),
            size,
            box_shape,
            box_index,
            box_lines,
            rules,
            houses,
            cell_houses,
            house_sets,
            peers,
            peer_sets,
            house_peer_sets,
            rule_peer_sets,
            crossings,
            constraints: Vec::new(),
            links: Vec::new(),
            allowed: vec![Candidates::all(size); count],
            contains: Vec::new(),
            sums: Vec::new(),
            thermometers: Vec::new(),
            renbans: Vec::new(),
            entropic_lines: Vec::new(),
            weighted: Vec::new(),
            clues: Vec::new(),
        })
    }

    /// Takes the constraints of rules that carry data, and makes their links, cell masks
    /// and list of digit demands.
    fn set_constraints(&mut self, constraints: Vec<Constraint>) -> Result<(), LayoutError> {
        let (size, count) = (self.size, self.cell_count());
        let mut links: Vec<Vec<Link>> = vec![Vec::new(); count * size];
        for (i, constraint) in constraints.iter().enumerate() {
            let rule = constraint.rule();
            if let Some(&cell) = constraint.cells().iter().find(|&&c| c >= count) {
                return Err(LayoutError::ConstraintCell { rule, cell, size });
            }
            match constraint {
                Constraint::Pair { cells: [a, b], .. } => {
                    if a == b {
                        return Err(LayoutError::ConstraintSelf { rule, a: self.cell_name(*a) });
                    }
                    for d in 1..=size as Digit {
                        for e in 1..=size as Digit {
                            if !constraint.allows(d, e) {
                                add_link(&mut links[a * size + d as usize - 1], *b, e);
                                add_link(&mut links[b * size + e as usize - 1], *a, d);
                            }
                        }
                    }
                }
                Constraint::Only { cell, digits, .. } => self.allowed[*cell] = self.allowed[*cell].intersection(*digits),
                Constraint::Contains { .. } => self.contains.push(i),
                // Why only the sum: the cage's cells were made peers with the houses.
                Constraint::Cage { sum: Some(_), .. } => self.sums.push(i),
                Constraint::Cage { rule: Rule::Thermometer, .. } => self.thermometers.push(i),
                Constraint::Cage { rule: Rule::Renban, .. } => self.renbans.push(i),
                Constraint::Cage { sum: None, .. } => {}
                Constraint::Sum { cells, weights, .. } => {
                    if cells.len() != weights.len() {
                        return Err(LayoutError::SumWeights { rule, cells: cells.len(), weights: weights.len() });
                    }
                    self.weighted.push(i);
                }
                Constraint::Clue { cells, .. } => {
                    if cells.len() > crate::clues::Line::MAX_CELLS {
                        return Err(LayoutError::ClueCells { rule, cells: cells.len() });
                    }
                    self.clues.push(i);
                }
            }
        }
        // Why drop what peers already say: the same digit in a peer is ruled out by every
        // technique anyway, and a link that says only that would be walked twice.
        for (index, list) in links.iter_mut().enumerate() {
            let (cell, digit) = (index / size, (index % size + 1) as Digit);
            list.iter_mut().filter(|l| self.peer_sets[cell].contains(l.cell)).for_each(|l| l.digits.remove(digit));
            list.retain(|l| !l.digits.is_empty());
            list.sort_unstable_by_key(|l| l.cell);
        }
        self.links = if links.iter().all(Vec::is_empty) { Vec::new() } else { links };
        // Why read back: an entropic line is only pairs (see `constraints_of`), and Entropic
        // Bands needs each line whole.
        if constraints.iter().any(|c| c.rule() == Rule::Entropic) {
            self.entropic_lines = crate::formats::marks_of(size, &constraints).entropic_lines.into_iter().flat_map(|l| l.lines).collect();
        }
        self.constraints = constraints;
        Ok(())
    }

    /// The constraints of the rules that carry data (and of non-consecutive).
    pub fn constraints(&self) -> &[Constraint] {
        &self.constraints
    }

    /// The candidates of other cells that `digit` in `cell` rules out through a constraint
    /// (a dot, a mark, non-consecutive), beyond the same digit in the cell's peers: if `cell`
    /// holds `digit`, none of them can be true. Sorted by cell. Empty for layouts without
    /// such rules.
    pub fn links(&self, cell: CellId, digit: Digit) -> &[Link] {
        match self.links.get(cell * self.size + digit as usize - 1) {
            Some(list) => list,
            None => &[],
        }
    }

    /// Whether any constraint links candidates of different cells.
    pub fn has_links(&self) -> bool {
        !self.links.is_empty()
    }

    /// The digits `cell` may hold at all under the constraints on it (odd, even).
    pub fn allowed(&self, cell: CellId) -> Candidates {
        self.allowed[cell]
    }

    /// The constraints that demand digits among some cells ([`Constraint::Contains`]).
    pub fn demands(&self) -> impl Iterator<Item = &Constraint> + '_ {
        self.contains.iter().map(|&i| &self.constraints[i])
    }

    /// The killer cages that have a sum, each as its cells and its sum (see
    /// [`crate::killer`]).
    pub fn cage_sums(&self) -> impl Iterator<Item = (&[CellId], u32)> + '_ {
        self.sums.iter().filter_map(|&i| match &self.constraints[i] {
            Constraint::Cage { cells, sum: Some(sum), .. } => Some((cells.as_slice(), *sum)),
            _ => None,
        })
    }

    /// The thermometer lines, each its cells from the bulb to the tip. Their cells see each
    /// other, and each cell is linked to every later one by a [`crate::constraints::Relation::Less`]
    /// pair; what this list adds is the order, which Thermometer Bounds reads.
    pub fn thermometers(&self) -> impl Iterator<Item = &[CellId]> + '_ {
        self.thermometers.iter().map(|&i| self.constraints[i].cells())
    }

    /// The renban lines, each its cells in the order drawn. Their cells see each other and
    /// every two are linked by a [`crate::constraints::Relation::Within`] pair; what this
    /// list adds is the line as one group, which Renban Span reads.
    pub fn renbans(&self) -> impl Iterator<Item = &[CellId]> + '_ {
        self.renbans.iter().map(|&i| self.constraints[i].cells())
    }

    /// The entropic lines of three cells or more, each its cells in the order drawn. Cells
    /// one or two apart on one are linked by [`crate::constraints::Relation::OtherBand`]
    /// pairs; what this list adds is the line, which Entropic Bands reads.
    pub fn entropic_lines(&self) -> impl Iterator<Item = &[CellId]> + '_ {
        self.entropic_lines.iter().map(Vec::as_slice)
    }

    /// Whether any killer cage has a sum, or any weighted sum is placed.
    pub fn has_sums(&self) -> bool {
        !self.sums.is_empty() || !self.weighted.is_empty()
    }

    /// The weighted sums (arrows, little killers), each as its constraint: cells, weights
    /// and total (see [`crate::sums`]).
    pub fn weighted_sums(&self) -> impl Iterator<Item = &Constraint> + '_ {
        self.weighted.iter().map(|&i| &self.constraints[i])
    }

    /// The clues read along a line of cells (between lines, sandwiches, X-sums,
    /// skyscrapers), each as its constraint: rule, cells in order and clue (see
    /// [`crate::clues`]).
    pub fn clues(&self) -> impl Iterator<Item = &Constraint> + '_ {
        self.clues.iter().map(|&i| &self.constraints[i])
    }

    /// Whether any clue is read along a line.
    pub fn has_clues(&self) -> bool {
        !self.clues.is_empty()
    }

    /// Whether `a` holding `d` rules out `b` holding `e` (two different cells): they see
    /// each other and `d == e`, or a constraint links them.
    pub fn excludes(&self, a: CellId, d: Digit, b: CellId, e: Digit) -> bool {
        (d == e && self.peer_sets[a].contains(b)) || self.links(a, d).iter().any(|l| l.cell == b && l.digits.contains(e))
    }

    /// The first constraint on `a` and `b` that forbids `a = d` with `b = e`, if one does.
    pub fn constraint_between(&self, a: CellId, d: Digit, b: CellId, e: Digit) -> Option<&Constraint> {
        self.constraints.iter().find(|c| match c {
            Constraint::Pair { cells: [x, y], .. } if (*x, *y) == (a, b) => !c.allows(d, e),
            Constraint::Pair { cells: [x, y], .. } if (*x, *y) == (b, a) => !c.allows(e, d),
            _ => false,
        })
    }

    /// The other houses that share cells with `house`, in house order, each with where the
    /// shared cells are: bit `i` for the `i`-th cell of `house`.
    pub fn crossings(&self, house: HouseId) -> &[(HouseId, u32)] {
        &self.crossings[house]
    }

    /// This layout's identity, the key of every cache made for it.
    pub fn id(&self) -> LayoutId {
        self.id
    }

    /// The side of the grid: digits run `1..=size`.
    pub fn size(&self) -> usize {
        self.size
    }

    /// The box dimensions, rows by columns; `None` when the boxes are irregular regions
    /// (jigsaw).
    pub fn box_shape(&self) -> Option<(usize, usize)> {
        self.box_shape
    }

    /// Whether the boxes are irregular regions (jigsaw) rather than rectangles.
    pub fn has_regions(&self) -> bool {
        self.box_shape.is_none()
    }

    /// The rows and the columns box `index` (0-based) has cells in, as bits (bit `i` for row
    /// or column `i`). For a rectangular box, the rows and columns it spans.
    pub fn box_lines(&self, index: usize) -> (u32, u32) {
        self.box_lines[index]
    }

    /// The number of cells, `size * size`; cell ids run `0..cell_count()`.
    pub fn cell_count(&self) -> usize {
        self.size * self.size
    }

    /// The variant rules in play, [`Rule::Jigsaw`] among them when the layout has regions.
    pub fn rules(&self) -> &Rules {
        &self.rules
    }

    /// Whether cells see each other through the rows, columns and boxes only: no variant
    /// rule and no extra house.
    pub fn is_classic(&self) -> bool {
        self.rules.is_classic() && self.houses.len() == 3 * self.size && self.constraints.is_empty()
    }

    /// The id of the cell at 0-based `row` and `col`: `row * size + col` (row-major).
    pub fn cell(&self, row: usize, col: usize) -> CellId {
        row * self.size + col
    }

    /// The 0-based row of a cell.
    pub fn row(&self, cell: CellId) -> usize {
        cell / self.size
    }

    /// The 0-based column of a cell.
    pub fn col(&self, cell: CellId) -> usize {
        cell % self.size
    }

    /// The 0-based index of the box (or irregular region) holding a cell.
    pub fn box_of(&self, cell: CellId) -> usize {
        self.box_index[cell]
    }

    /// Every house, indexed by [`HouseId`]: the rows, then the columns, then the boxes
    /// (`size` of each), then the extra houses (the rules', the spec's, then cages and lines
    /// as long as the grid's side).
    pub fn houses(&self) -> &[House] {
        &self.houses
    }

    /// One house by its id. Panics if there is no such house.
    pub fn house(&self, house: HouseId) -> &House {
        &self.houses[house]
    }

    /// The cells of a house, as a set.
    pub fn house_set(&self, house: HouseId) -> &CellSet {
        &self.house_sets[house]
    }

    /// The house ids of the rows (then columns, then boxes).
    pub fn row_house(&self, row: usize) -> HouseId {
        row
    }

    /// The house id of the 0-based column `col`.
    pub fn col_house(&self, col: usize) -> HouseId {
        self.size + col
    }

    /// The house id of the 0-based box (or region) `index`.
    pub fn box_house(&self, index: usize) -> HouseId {
        2 * self.size + index
    }

    /// The ids of all houses of one kind.
    pub fn houses_of_kind(&self, kind: HouseKind) -> impl Iterator<Item = HouseId> + '_ {
        (0..self.houses.len()).filter(move |&h| self.houses[h].kind == kind)
    }

    /// The houses a cell belongs to.
    pub fn houses_of(&self, cell: CellId) -> &[HouseId] {
        &self.cell_houses[cell]
    }

    /// Whether two distinct cells share a house (rather than only a variant rule's sight).
    pub fn share_house(&self, a: CellId, b: CellId) -> bool {
        self.house_peer_sets[a].contains(b)
    }

    /// Every cell that may not share a digit with `cell` (by house or by rule).
    pub fn peers(&self, cell: CellId) -> impl Iterator<Item = CellId> + '_ {
        self.peers[cell].iter().copied()
    }

    /// Every cell that may not share a digit with `cell` (by house or by rule), as a set.
    pub fn peer_set(&self, cell: CellId) -> &CellSet {
        &self.peer_sets[cell]
    }

    /// Whether two distinct cells may not hold the same digit.
    pub fn sees(&self, a: CellId, b: CellId) -> bool {
        self.peer_sets[a].contains(b)
    }

    /// The cells that see every cell of `cells` (never one of `cells` itself).
    pub fn common_peers(&self, cells: impl IntoIterator<Item = CellId>) -> CellSet {
        let mut iter = cells.into_iter();
        let Some(first) = iter.next() else { return CellSet::new() };
        let mut common = self.peer_sets[first];
        for cell in iter {
            common = common.intersection(&self.peer_sets[cell]);
        }
        common
    }

    /// Why two cells see each other: the first house they share, or else the variant rule
    /// that makes them peers. `(None, None)` if they are not peers.
    pub fn relation(&self, a: CellId, b: CellId) -> (Option<HouseId>, Option<Rule>) {
        if self.house_peer_sets[a].contains(b) {
            let house = self.cell_houses[a].iter().copied().find(|h| self.cell_houses[b].contains(h));
            return (house, None);
        }
        let rule = self.rule_peer_sets.iter().find(|(_, sets)| sets[a].contains(b)).map(|(r, _)| *r);
        (None, rule)
    }

    /// The variant rule a weak link between candidates `d` in `a` and `e` in `b` (a node's
    /// cells each) relies on: `None` when houses alone make them exclusive (a shared house
    /// for the same digit, one cell for two digits). Why: a chain's reader needs to know
    /// that a knight's move or a dot is what joins two nodes.
    pub fn link_rule(&self, a: &[CellId], d: Digit, b: &[CellId], e: Digit) -> Option<Rule> {
        let pairs = a.iter().flat_map(|&x| b.iter().map(move |&y| (x, y)));
        if d == e {
            return pairs.filter(|(x, y)| x != y).find_map(|(x, y)| self.relation(x, y).1);
        }
        pairs.filter(|(x, y)| x != y).find_map(|(x, y)| self.constraint_between(x, d, y, e).map(Constraint::rule))
    }

    /// The rule (if any) that `cell` needs to see all of `targets`: `None` when a shared house
    /// already links it to each of them.
    pub fn rule_needed(&self, cell: CellId, targets: impl IntoIterator<Item = CellId>) -> Option<Rule> {
        targets.into_iter().find_map(|t| self.relation(cell, t).1)
    }

    /// `r3c5` (1-based).
    pub fn cell_name(&self, cell: CellId) -> String {
        let mut out = String::with_capacity(6);
        self.push_cell_name(&mut out, cell);
        out
    }

    /// Adds the name of `cell` to `out` (see [`Layout::cell_name`]).
    // Why: explanations name many cells; this spares a string per name.
    pub fn push_cell_name(&self, out: &mut String, cell: CellId) {
        let push_number = |out: &mut String, n: usize| match u32::try_from(n).ok().and_then(|n| char::from_digit(n, 10)) {
            Some(c) => out.push(c),
            None => out.push_str(&n.to_string()),
        };
        out.push('r');
        push_number(out, self.row(cell) + 1);
        out.push('c');
        push_number(out, self.col(cell) + 1);
    }
}

/// Adds `digit` of `cell` to a candidate's list of links.
fn add_link(list: &mut Vec<Link>, cell: CellId, digit: Digit) {
    match list.iter_mut().find(|l| l.cell == cell) {
        Some(link) => link.digits.insert(digit),
        None => list.push(Link { cell, digits: Candidates::single(digit) }),
    }
}

/// The rows, then the columns, then the boxes of a `size`x`size` grid.
fn line_and_box_houses(size: usize, box_rows: usize, box_cols: usize) -> Vec<House> {
    let cell = |r: usize, c: usize| r * size + c;
    let mut houses = Vec::with_capacity(3 * size);
    for r in 0..size {
        houses.push(House { kind: HouseKind::Row, index: r, cells: (0..size).map(|c| cell(r, c)).collect(), names: None, rule: None });
    }
    for c in 0..size {
        houses.push(House { kind: HouseKind::Column, index: c, cells: (0..size).map(|r| cell(r, c)).collect(), names: None, rule: None });
    }
    let boxes_across = size / box_cols;
    for b in 0..size {
        let (top, left) = ((b / boxes_across) * box_rows, (b % boxes_across) * box_cols);
        let cells = (0..size).map(|i| cell(top + i / box_cols, left + i % box_cols)).collect();
        houses.push(House { kind: HouseKind::Box, index: b, cells, names: None, rule: None });
    }
    houses
}

/// The cells of each region, regions ordered by their first cell, from a region number per
/// cell; or what is wrong with them.
fn region_houses(size: usize, regions: &[usize]) -> Result<Vec<Vec<CellId>>, LayoutError> {
    if !(2..=MAX_SIZE).contains(&size) {
        return Err(LayoutError::Size(size));
    }
    if regions.len() != size * size {
        return Err(LayoutError::RegionCells { found: regions.len(), size });
    }
    // Why a list and not a map: the first cell of each number orders the regions.
    let mut numbers: Vec<usize> = Vec::new();
    let mut cells: Vec<Vec<CellId>> = Vec::new();
    for (cell, &number) in regions.iter().enumerate() {
        match numbers.iter().position(|&n| n == number) {
            Some(i) => cells[i].push(cell),
            None => {
                numbers.push(number);
                cells.push(vec![cell]);
            }
        }
    }
    if cells.len() != size {
        return Err(LayoutError::RegionCount { found: cells.len(), size });
    }
    if let Some(region) = cells.iter().find(|r| r.len() != size) {
        let first = format!("r{}c{}", region[0] / size + 1, region[0] % size + 1);
        return Err(LayoutError::RegionSize { first, cells: region.len(), size });
    }
    Ok(cells)
}

/// For each cell of a `size`x`size` grid, the cells `rule` makes its peers.
fn rule_peers(size: usize, rule: Rule) -> Vec<CellSet> {
    let mut sets = vec![CellSet::new(); size * size];
    for (a, set) in sets.iter_mut().enumerate() {
        let (r, c) = ((a / size) as isize, (a % size) as isize);
        for &(dr, dc) in rule.offsets() {
            let (pr, pc) = (r + dr, c + dc);
            if (0..size as isize).contains(&pr) && (0..size as isize).contains(&pc) {
                set.insert(pr as usize * size + pc as usize);
            }
        }
    }
    sets
}

/// The other houses that share cells with house `h`, in house order, each with where the
/// shared cells are (see [`Layout::crossings`]).
fn crossings_of(houses: &[House], cell_houses: &[Vec<HouseId>], h: HouseId) -> Vec<(HouseId, u32)> {
    let mut shared: Vec<(HouseId, u32)> = Vec::new();
    for (i, &cell) in houses[h].cells.iter().enumerate() {
        for &g in cell_houses[cell].iter().filter(|&&g| g != h) {
            match shared.iter_mut().find(|(other, _)| *other == g) {
                Some((_, mask)) => *mask |= 1 << i,
                None => shared.push((g, 1 << i)),
            }
        }
    }
    shared.sort_unstable();
    shared
}

impl fmt::Debug for Layout {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Layout({}x{}, rules {:?})", self.size, self.size, self.rules)
    }
}

/// The cell a name such as `r5c3` (1-based row and column, as [`Layout::cell_name`] writes
/// it) stands for on a grid of side `size`; `None` for any other text or a cell off the grid.
pub fn cell_named(name: &str, size: usize) -> Option<CellId> {
    let (row, col) = name.trim().strip_prefix('r')?.split_once('c')?;
    let (row, col): (usize, usize) = (row.parse().ok()?, col.parse().ok()?);
    ((1..=size).contains(&row) && (1..=size).contains(&col)).then(|| (row - 1) * size + col - 1)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cell_names_read_back_on_every_size() {
        for (size, rows, cols) in [(4, 2, 2), (9, 3, 3), (16, 4, 4)] {
            let layout = Layout::new(size, rows, cols, Rules::classic()).unwrap();
            for cell in 0..layout.cell_count() {
                let name = layout.cell_name(cell);
                assert_eq!(name, format!("r{}c{}", cell / size + 1, cell % size + 1));
                assert_eq!(cell_named(&name, size), Some(cell), "{name}");
            }
        }
    }

    #[test]
    fn crossings_name_every_shared_house_and_where_it_lies() {
        let layout = Layout::classic(Rules::classic());
        // Row 1 (house 0) meets the nine columns (houses 9..18) in one cell each, and boxes 1-3
        // (houses 18..21) in three cells each.
        let row: Vec<(HouseId, u32)> = layout.crossings(0).to_vec();
        let mut expected: Vec<(HouseId, u32)> = (0..9).map(|c| (9 + c, 1 << c)).collect();
        expected.extend([(18, 0b111), (19, 0b111_000), (20, 0b111_000_000)]);
        assert_eq!(row, expected);
        // Box 5 (house 22, rows 4-6, columns 4-6) meets rows 4-6 and columns 4-6 in three cells.
        let boxed = layout.crossings(22);
        assert_eq!(boxed, &[(3, 0b111), (4, 0b111_000), (5, 0b111_000_000), (12, 0b001_001_001), (13, 0b010_010_010), (14, 0b100_100_100)]);
        // 6x6 with 2x3 boxes: a column crosses three boxes, two cells each.
        let small = Layout::new(6, 2, 3, Rules::classic()).expect("a valid layout");
        let boxes: Vec<u32> = small.crossings(6).iter().filter(|(g, _)| small.house(*g).kind == HouseKind::Box).map(|&(_, m)| m).collect();
        assert_eq!(boxes, vec![0b000_011, 0b001_100, 0b110_000]);
    }

    #[test]
    fn an_extra_house_adds_peers_and_a_malformed_one_is_refused() {
        let diagonal: Vec<CellId> = (0..9).map(|i| i * 10).collect();
        let layout = Layout::with_extra_houses(9, 3, 3, Rules::classic(), std::slice::from_ref(&diagonal)).expect("a valid house");
        let extra = layout.houses().len() - 1;
        assert_eq!(layout.house(extra).kind, HouseKind::Extra);
        assert_eq!(layout.houses_of(0), &[0, 9, 18, extra]);
        assert!(layout.sees(0, 80) && !Layout::classic(Rules::classic()).sees(0, 80));
        assert_eq!(layout.relation(0, 80), (Some(extra), None));
        assert_ne!(layout.id(), Layout::with_extra_houses(9, 3, 3, Rules::classic(), &[diagonal]).expect("valid").id(), "every layout has its own id");
        let short = Layout::with_extra_houses(9, 3, 3, Rules::classic(), &[vec![0, 10, 20]]);
        assert_eq!(short.err(), Some(LayoutError::ExtraHouse { house: 1, cells: 3, size: 9 }));
        let repeated = Layout::with_extra_houses(9, 3, 3, Rules::classic(), &[vec![0, 0, 20, 30, 40, 50, 60, 70, 80]]);
        assert_eq!(repeated.err(), Some(LayoutError::ExtraHouse { house: 1, cells: 8, size: 9 }));
        let outside = Layout::with_extra_houses(9, 3, 3, Rules::classic(), &[vec![0, 10, 20, 30, 40, 50, 60, 70, 81]]);
        assert!(outside.is_err());
    }

    /// 4x4 regions, numbered out of order: 7 = r1c1-r1c3 and r2c1; 3 = r1c4, r2c3, r2c4, r3c4;
    /// 5 = r2c2, r3c1, r3c2, r4c1; 1 = the rest.
    const REGIONS: [usize; 16] = [7, 7, 7, 3, 7, 5, 3, 3, 5, 5, 1, 3, 5, 1, 1, 1];

    #[test]
    fn regions_become_the_boxes_in_order_of_their_first_cell() {
        let layout = Layout::with_regions(4, &REGIONS, Rules::classic()).expect("valid regions");
        let boxes: Vec<&[CellId]> = layout.houses_of_kind(HouseKind::Box).map(|h| &layout.house(h).cells[..]).collect();
        assert_eq!(boxes, [&[0, 1, 2, 4][..], &[3, 6, 7, 11], &[5, 8, 9, 12], &[10, 13, 14, 15]]);
        assert_eq!((layout.box_of(4), layout.box_of(5), layout.box_of(11)), (0, 2, 1));
        // Box 2 (r2c2, r3c1, r3c2, r4c1) lies in rows 2-4 and columns 1-2.
        assert_eq!(layout.box_lines(2), (0b1110, 0b0011));
        // Row 1 meets box 1 in three cells and box 2 in one.
        let boxes_of_row: Vec<(HouseId, u32)> = layout.crossings(0).iter().copied().filter(|&(h, _)| h >= 8).collect();
        assert_eq!(boxes_of_row, [(8, 0b0111), (9, 0b1000)]);
        assert_eq!(layout.house(9).short_name(), "b2");
        assert!(layout.rules().contains(Rule::Jigsaw) && layout.box_shape().is_none());
    }

    #[test]
    fn malformed_regions_name_the_first_thing_wrong() {
        let err = |regions: &[usize]| Layout::with_regions(4, regions, Rules::classic()).unwrap_err().to_string();
        assert_eq!(err(&REGIONS[..15]), "regions: found 15 cells; a 4x4 grid needs 16");
        let mut three = REGIONS;
        three.iter_mut().filter(|r| **r == 1).for_each(|r| *r = 5);
        assert_eq!(err(&three), "regions: found 3 regions; a 4x4 grid needs 4");
        let mut moved = REGIONS;
        moved[4] = 5;
        assert_eq!(err(&moved), "regions: the region of r1c1 has 3 cells; each needs 4");
        assert_eq!(Layout::with_regions(17, &[0; 289], Rules::classic()).unwrap_err(), LayoutError::Size(17));
    }
}
