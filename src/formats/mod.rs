//! Reading and writing puzzles: 81-character lines and 9-line grids (with or without
//! `|`, `-`, `+` separators), `#` comments, one or many puzzles per text; f-puzzles links;
//! and positions with pencilmarks in their three forms (see [`position`]).

pub mod fpuzzles;
pub mod position;

use std::fmt;
use std::sync::Arc;

use crate::bits::CellId;
use crate::grid::{Candidates, Cell, Clash, Digit, Grid, MAX_SIZE};
use crate::constraints::Constraint;
use crate::layout::{Layout, LayoutSpec};
use crate::rules::Rule;
pub use position::{Mistake, Position};

pub use crate::bits::digit_char;

/// The digit a character stands for in a grid of side `size`, `Ok(None)` for a blank
/// (`.` or `0`, and `_`, `x`, `*` as other tools write them), or what is wrong with it.
pub fn parse_cell(ch: char, size: usize) -> Result<Option<Digit>, Problem> {
    let digit = match ch {
        '.' | '0' | '_' | 'x' | 'X' | '*' => return Ok(None),
        '1'..='9' => ch as u8 - b'0',
        // Letters are digits only on grids larger than 9x9.
        'A'..='Z' if size > 9 => ch as u8 - b'A' + 10,
        'a'..='z' if size > 9 => ch as u8 - b'a' + 10,
        _ => return Err(Problem::BadCharacter(ch)),
    };
    if (digit as usize) <= size { Ok(Some(digit)) } else { Err(Problem::DigitTooLarge(ch, size)) }
}

/// A puzzle as one line, `.` for blanks.
pub fn to_line(cells: &[Option<Digit>]) -> String {
    cells.iter().map(|c| c.map_or('.', digit_char)).collect()
}

/// A solution (every cell filled) as one line.
pub fn solution_line(digits: &[Digit]) -> String {
    digits.iter().map(|&d| if d == 0 { '.' } else { digit_char(d) }).collect()
}

/// Where puzzles were read from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Origin {
    /// A puzzle written on the command line: the 1-based argument number.
    Argument(usize),
    /// A file, by the path given.
    File(String),
    /// The process's standard input.
    StandardInput,
}

impl fmt::Display for Origin {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Origin::Argument(n) => write!(f, "argument {n}"),
            Origin::File(path) => f.write_str(path),
            Origin::StandardInput => f.write_str("standard input"),
        }
    }
}

/// A puzzle read from some text, and where it came from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Puzzle {
    /// One entry per cell, row after row: the given digit, or `None` for a blank.
    pub givens: Vec<Option<Digit>>,
    /// Shared by every puzzle of one input: a file's path is not copied per puzzle.
    pub origin: Arc<Origin>,
    /// 1-based number of the puzzle within its origin.
    pub number: usize,
    /// 1-based line the puzzle starts on.
    pub line: usize,
    /// The shape and rules the puzzle carries with it (an f-puzzles link), if any: they
    /// replace the command line's size, and add to its rules.
    pub variant: Option<Arc<Variant>>,
    /// The solver's progress, when the puzzle was written as a position with pencilmarks
    /// (`givens` then holds its given digits).
    pub position: Option<Arc<Position>>,
}

impl Puzzle {
    /// The grid to start from: the position with its stale pencilmarks cleared (listed), or
    /// the givens' candidate grid.
    pub fn grid(&self, layout: Arc<Layout>) -> Result<(Grid, Vec<crate::deduction::Elimination>), Clash> {
        match &self.position {
            Some(position) => position.grid(layout),
            None => Ok((Grid::new(layout, &self.givens)?, Vec::new())),
        }
    }
}

/// The shape and rules of a puzzle that brings its own (see [`Puzzle::variant`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Variant {
    /// The grid's side: digits run `1..=size`.
    pub size: usize,
    /// The variant rules the puzzle has (diagonals, anti-knight, killer cages).
    pub rules: Vec<Rule>,
    /// Houses beyond the rows, columns, boxes and the rules' own (f-puzzles' extra regions).
    pub extra_houses: Vec<Vec<CellId>>,
    /// The placed constraints of rules that carry data (dots, marks, quadruples, clones).
    pub constraints: Vec<Constraint>,
    /// Irregular regions in place of the boxes (jigsaw): each cell's region, 0-based, when
    /// the puzzle moves some cell out of its default box; `None` for the usual boxes.
    pub regions: Option<Vec<usize>>,
}

/// The box shape f-puzzles takes for a size with no region given: the usual boxes, and rows
/// (one row high, the whole grid wide) for a size that has none (5, 7, 11, 13).
fn fpuzzles_default_boxes(size: usize) -> (usize, usize) {
    Layout::default_boxes(size).unwrap_or((1, size))
}

/// The 0-based default region f-puzzles gives `cell` on a `size`x`size` grid.
fn fpuzzles_default_region(size: usize, cell: CellId) -> usize {
    let (rows, cols) = fpuzzles_default_boxes(size);
    (cell / size / rows) * (size / cols) + cell % size / cols
}

/// The f-puzzles region of each cell of `layout`, for the cells whose region is not their
/// default one (`None` for the others, and for every cell of a layout with the usual boxes).
/// The regions are matched to the default ones greedily, each taking the free default region
/// it shares most cells with, so that few cells need writing.
fn fpuzzles_regions(layout: &Layout) -> Vec<Option<u8>> {
    let (size, count) = (layout.size(), layout.cell_count());
    if !layout.has_regions() {
        return vec![None; count];
    }
    let mut label = vec![0; size];
    let mut used = vec![false; size];
    for (b, slot) in label.iter_mut().enumerate() {
        let cells = &layout.house(layout.box_house(b)).cells;
        let shared = |d: usize| cells.iter().filter(|&&c| fpuzzles_default_region(size, c) == d).count();
        // Why the lower number on a tie: the same layout always gets the same link.
        let best = (0..size).filter(|&d| !used[d]).max_by_key(|&d| (shared(d), std::cmp::Reverse(d))).unwrap_or(0);
        used[best] = true;
        *slot = best;
    }
    (0..count)
        .map(|cell| {
            let region = label[layout.box_of(cell)];
            (region != fpuzzles_default_region(size, cell)).then_some(region as u8)
        })
        .collect()
}

impl Variant {
    /// A shape of the usual boxes with no rules: a line whose length sets its own size.
    pub fn plain(size: usize) -> Variant {
        Variant { size, rules: Vec::new(), extra_houses: Vec::new(), constraints: Vec::new(), regions: None }
    }

    /// The puzzle's layout: its size with the usual boxes, its rules and `more` (the
    /// command line's), its extra houses and its constraints.
    pub fn layout(&self, more: &crate::rules::Rules) -> Result<Layout, String> {
        let size = self.size;
        if Layout::default_boxes(size).is_none() && self.regions.is_none() {
            return Err(format!("a {size}x{size} puzzle needs irregular regions, and this one moves no cell out of its row"));
        }
        let rules = self.rules.iter().copied().fold(more.clone(), crate::rules::Rules::with);
        let spec = LayoutSpec {
            size,
            boxes: None,
            rules,
            extra_houses: self.extra_houses.clone(),
            constraints: self.constraints.clone(),
            regions: self.regions.clone(),
        };
        spec.build().map_err(|e| e.to_string())
    }

    /// The shape and rules of a decoded f-puzzles puzzle, with its givens; a rule deduku
    /// does not handle yet is an error naming its f-puzzles key.
    pub fn of_fpuzzle(puzzle: &fpuzzles::FPuzzle) -> Result<(Vec<Option<Digit>>, Variant), Problem> {
        let r = &puzzle.rules;
        // Why refused rather than skipped: solving without a rule the puzzle has gives a
        // wrong answer, or a wrong "not unique".
        let pending: [(&'static str, bool); 0] = [];
        if let Some((key, _)) = pending.iter().find(|(_, present)| *present) {
            return Err(Problem::RuleNotYet(key));
        }
        // Why only when some cell moves: regions that are the default boxes are no jigsaw.
        let size = puzzle.size;
        let regions: Vec<usize> =
            puzzle.cells.iter().enumerate().map(|(cell, c)| c.region.map_or_else(|| fpuzzles_default_region(size, cell), usize::from)).collect();
        let moved = regions.iter().enumerate().any(|(cell, &r)| r != fpuzzles_default_region(size, cell));
        let regions = moved.then_some(regions);
        let flags = [
            (r.diagonal_negative, Rule::DiagonalMain),
            (r.diagonal_positive, Rule::DiagonalAnti),
            (r.antiknight, Rule::AntiKnight),
            (r.antiking, Rule::AntiKing),
            (r.disjoint_groups, Rule::Disjoint),
            // Why not with white dots: then f-puzzles' flag is the white dots' negative
            // constraint (see `white_negative`), not a rule over every pair.
            (r.nonconsecutive && r.difference.is_empty(), Rule::NonConsecutive),
        ];
        let mut rules: Vec<Rule> = flags.into_iter().filter(|(on, _)| *on).map(|(_, rule)| rule).collect();
        let constraints = constraints_in_regions(puzzle.size, r, regions.as_deref());
        rules.extend(constraints.iter().map(Constraint::rule));
        rules.sort();
        rules.dedup();
        let givens = puzzle.cells.iter().map(|c| c.given).collect();
        Ok((givens, Variant { size: puzzle.size, rules, extra_houses: r.extra_regions.clone(), constraints, regions }))
    }
}

/// The constraints of an f-puzzles puzzle's dots, marks, quadruples and clones (on a
/// `size`x`size` grid): what [`Variant::of_fpuzzle`] reads, and what the generator of marks
/// builds its layouts from, so both agree on what a mark means. Region sum lines are read
/// against f-puzzles' default regions (the usual boxes); [`constraints_in_regions`] reads
/// them against irregular ones.
pub fn constraints_of(size: usize, r: &fpuzzles::Rules) -> Vec<Constraint> {
    constraints_in_regions(size, r, None)
}

/// [`constraints_of`] on a grid whose regions are `regions` (each cell's, 0-based), or
/// f-puzzles' default regions when `None`: only region sum lines depend on them.
pub fn constraints_in_regions(size: usize, r: &fpuzzles::Rules, regions: Option<&[usize]>) -> Vec<Constraint> {
    use crate::constraints::{Relation, orthogonal_pairs};
    let pair = |rule, cells: [CellId; 2], relation, holds| Constraint::Pair { rule, cells, relation, holds };
    let mut out = Vec::new();
    let parity = |start: u8| (1..=size as u8).filter(|d| d % 2 == start % 2).fold(Candidates::EMPTY, |mut c, d| {
        c.insert(d);
        c
    });
    out.extend(r.odd.iter().map(|&cell| Constraint::Only { rule: Rule::OddEven, cell, digits: parity(1) }));
    out.extend(r.even.iter().map(|&cell| Constraint::Only { rule: Rule::OddEven, cell, digits: parity(2) }));
    let neighbours = |cell: CellId| orthogonal_pairs(size).filter(move |p| p.contains(&cell)).map(move |[a, b]| if a == cell { b } else { a });
    // Why not against a neighbour of the same kind: a minimum is less than the cells around
    // it that are not minimums themselves (two touching grey cells are not compared).
    for &cell in &r.minimum {
        out.extend(neighbours(cell).filter(|n| !r.minimum.contains(n)).map(|n| pair(Rule::MinMax, [cell, n], Relation::Less, true)));
    }
    for &cell in &r.maximum {
        out.extend(neighbours(cell).filter(|n| !r.maximum.contains(n)).map(|n| pair(Rule::MinMax, [n, cell], Relation::Less, true)));
    }
    let value = |v: Option<u32>, default: u8| v.map_or(default, |v| v.min(u32::from(u8::MAX)) as u8);
    out.extend(r.difference.iter().map(|dot| pair(Rule::KropkiWhite, dot.cells, Relation::Difference(value(dot.value, 1)), true)));
    out.extend(r.ratio.iter().map(|dot| pair(Rule::KropkiBlack, dot.cells, Relation::Ratio(value(dot.value, 2)), true)));
    out.extend(r.xv.iter().map(|m| {
        let sum = match m.kind {
            fpuzzles::XvKind::X => 10,
            fpuzzles::XvKind::V => 5,
        };
        pair(Rule::Xv, m.cells, Relation::Sum(sum), true)
    }));
    // Why only pairs with no mark of the family at all: a 1 and a 2 may carry either dot,
    // so a pair with a black dot is not also bound by "no white dot" (and X by "no V").
    fn marked(cells: &[CellId; 2], mut list: impl Iterator<Item = [CellId; 2]>) -> bool {
        list.any(|c| c == *cells || c == [cells[1], cells[0]])
    }
    // Why the nonconsecutive flag counts here when white dots are drawn: that is how
    // f-puzzles marks "every white dot is given", and the puzzles that use it have
    // consecutive digits across their dots (a rule over every pair would forbid them).
    let white_negative = r.negative.difference || (r.nonconsecutive && !r.difference.is_empty());
    for cells in orthogonal_pairs(size) {
        let dotted = marked(&cells, r.difference.iter().chain(&r.ratio).map(|d| d.cells));
        if white_negative && !dotted {
            out.push(pair(Rule::KropkiWhite, cells, Relation::Difference(1), false));
        }
        if r.negative.ratio && !dotted {
            out.push(pair(Rule::KropkiBlack, cells, Relation::Ratio(2), false));
        }
        if r.negative.xv && !marked(&cells, r.xv.iter().map(|m| m.cells)) {
            out.push(pair(Rule::Xv, cells, Relation::Sum(10), false));
            out.push(pair(Rule::Xv, cells, Relation::Sum(5), false));
        }
    }
    out.extend(r.quadruples.iter().map(|q| Constraint::Contains { rule: Rule::Quadruple, cells: q.cells.to_vec(), digits: q.digits.clone() }));
    for clone in &r.clones {
        out.extend(clone.cells.iter().zip(&clone.clone_cells).filter(|(a, b)| a != b).map(|(&a, &b)| pair(Rule::Clone, [a, b], Relation::Equal, true)));
    }
    out.extend(r.killer_cages.iter().map(|k| Constraint::Cage { rule: Rule::Killer, cells: k.cells.clone(), sum: k.sum }));
    // A thermometer line is a group of different digits (its order kept, for Thermometer
    // Bounds and to be written back) and a rise from each cell to every later one.
    for line in r.thermometers.iter().flat_map(|t| &t.lines) {
        out.push(Constraint::Cage { rule: Rule::Thermometer, cells: line.clone(), sum: None });
        for (i, &a) in line.iter().enumerate() {
            out.extend(line[i + 1..].iter().map(|&b| pair(Rule::Thermometer, [a, b], Relation::Less, true)));
        }
    }
    // Each line of an arrow is a weighted sum: its digits (circle cells left out) less the
    // circle's number make 0. Why each line: the branches of an arrow each add up to the
    // circle, as a branching thermometer's each rise.
    for arrow in &r.arrows {
        let k = arrow.circle.len() as u32;
        for line in &arrow.lines {
            let mut cells = arrow.circle.clone();
            let mut weights: Vec<i32> = (0..k).map(|i| -(10i32.pow(k - 1 - i))).collect();
            for &c in line {
                if !cells.contains(&c) {
                    cells.push(c);
                    weights.push(1);
                }
            }
            // Why skip a line of circle cells only: it adds nothing, and a sum of 0 would
            // ask the circle to be 0.
            if cells.len() > arrow.circle.len() {
                out.push(Constraint::Sum { rule: Rule::Arrow, cells, weights, total: 0 });
            }
        }
    }
    // A little killer's diagonal adds up to its clue. Why none for a clue without a value:
    // it says nothing about the digits.
    for killer in &r.little_killers {
        if let Some(sum) = killer.sum {
            let cells = killer.cells(size);
            let total = i32::try_from(sum).unwrap_or(i32::MAX);
            out.push(Constraint::Sum { rule: Rule::LittleKiller, weights: vec![1; cells.len()], cells, total });
        }
    }
    // A region sum line is cut where it crosses from one region into another; each piece
    // adds up to what the next one does (the first less the second makes 0), so all add up
    // to one sum. Why a piece per visit: a line that leaves a box and comes back makes the
    // sum again on each pass. A line inside one region says nothing.
    let region_of = |cell: CellId| regions.map_or_else(|| fpuzzles_default_region(size, cell), |r| r[cell]);
    for line in r.region_sum_lines.iter().flat_map(|e| &e.lines) {
        let mut pieces: Vec<Vec<CellId>> = Vec::new();
        for (i, &cell) in line.iter().enumerate() {
            match pieces.last_mut() {
                Some(piece) if region_of(line[i - 1]) == region_of(cell) => piece.push(cell),
                _ => pieces.push(vec![cell]),
            }
        }
        for pair in pieces.windows(2) {
            let (a, b) = (&pair[0], &pair[1]);
            let weights = std::iter::repeat_n(1, a.len()).chain(std::iter::repeat_n(-1, b.len())).collect();
            out.push(Constraint::Sum { rule: Rule::RegionSum, cells: a.iter().chain(b).copied().collect(), weights, total: 0 });
        }
    }
    // A palindrome makes each cell equal to the one as far from the other end, as a clone
    // does its original. Why not the middle cell of an odd line: it is its own mirror.
    for line in r.palindromes.iter().flat_map(|e| &e.lines) {
        let n = line.len();
        out.extend((0..n / 2).map(|i| pair(Rule::Palindrome, [line[i], line[n - 1 - i]], Relation::Equal, true)));
    }
    for whisper in &r.whispers {
        let gap = value(whisper.value, whisper_default(size));
        for line in &whisper.lines {
            out.extend(line.windows(2).map(|w| pair(Rule::Whispers, [w[0], w[1]], Relation::AtLeast(gap), true)));
        }
    }
    // A renban line is a group of different digits (kept whole, for Renban Span and to be
    // written back) and, for every two of its cells, digits at most its length less one
    // apart. Why that is the whole rule: n different digits whose highest and lowest differ
    // by at most n - 1 leave no room for a gap, so they are a run.
    for line in r.renbans.iter().flat_map(|l| &l.lines) {
        out.push(Constraint::Cage { rule: Rule::Renban, cells: line.clone(), sum: None });
        let span = (line.len() - 1) as u8;
        for (i, &a) in line.iter().enumerate() {
            out.extend(line[i + 1..].iter().map(|&b| pair(Rule::Renban, [a, b], Relation::Within(span), true)));
        }
    }
    // An entropic line: cells one or two apart lie in different bands. Why that is the whole
    // rule: three cells in a row are then in three different bands of the three there are,
    // one low, one middle, one high. Why nothing on a line of two cells: it has no three in
    // a row. The steps come first, then the skips, so that `marks_of` reads the line back.
    let band = (size / 3).max(1) as u8;
    for line in r.entropic_lines.iter().flat_map(|l| &l.lines).filter(|l| l.len() >= 3) {
        out.extend(line.windows(2).map(|w| pair(Rule::Entropic, [w[0], w[1]], Relation::OtherBand(band), true)));
        out.extend(line.windows(3).map(|w| pair(Rule::Entropic, [w[0], w[2]], Relation::OtherBand(band), true)));
    }
    // An indexer cell and each other cell of its row (column indexer) or column (row
    // indexer): the indexer holds that cell's column (row) number exactly when that cell
    // holds the indexer's. Why both ways: the row's all-different then also makes the
    // indexer's digit follow from where its number is, so the links say the whole rule.
    let (row, col) = (|c: CellId| c / size, |c: CellId| c % size);
    for &cell in r.column_indexers.iter().flatten() {
        for x in (0..size).filter(|&x| x != col(cell)) {
            let index = Relation::Index { first: x as u8 + 1, second: col(cell) as u8 + 1 };
            out.push(pair(Rule::Indexer, [cell, row(cell) * size + x], index, true));
        }
    }
    for &cell in r.row_indexers.iter().flatten() {
        for y in (0..size).filter(|&y| y != row(cell)) {
            let index = Relation::Index { first: y as u8 + 1, second: row(cell) as u8 + 1 };
            out.push(pair(Rule::Indexer, [cell, y * size + col(cell)], index, true));
        }
    }
    // A between line is a clue read along it, and the links it gives on its own: a middle
    // cell never equals an end, and with a middle cell the ends differ by 2 or more.
    for line in r.between_lines.iter().flat_map(|b| &b.lines) {
        out.push(Constraint::Clue { rule: Rule::BetweenLine, cells: line.clone(), clue: 0 });
        if let [first, middle @ .., last] = line.as_slice()
            && !middle.is_empty()
        {
            for &m in middle {
                out.extend([*first, *last].into_iter().filter(|&end| end != m).map(|end| pair(Rule::BetweenLine, [end, m], Relation::Equal, false)));
            }
            if first != last {
                out.push(pair(Rule::BetweenLine, [*first, *last], Relation::Equal, false));
                out.push(pair(Rule::BetweenLine, [*first, *last], Relation::Difference(1), false));
            }
        }
    }
    // A clue beside a row or column reads its cells from its side inwards.
    for (rule, clues) in [(Rule::Sandwich, &r.sandwiches), (Rule::XSum, &r.x_sums), (Rule::Skyscraper, &r.skyscrapers)] {
        out.extend(clues.iter().map(|c| Constraint::Clue { rule, cells: c.cells(size), clue: c.value }));
    }
    out
}

/// The difference a German whisper line asks for when it shows none: 5 on 9x9, and half the
/// size rounded up on any grid, so that (as on 9x9) the middle digit, or on an even size
/// none, has no partner far enough away and every other digit has one.
pub fn whisper_default(size: usize) -> u8 {
    size.div_ceil(2) as u8
}

/// Reads one pair of an entropic line back, in the order [`constraints_of`] makes them: a
/// line's steps (each from where the line so far ends), then its skips (`skips` counts
/// those seen). A pair that is neither starts a new line.
fn entropic_step(lines: &mut Vec<fpuzzles::Lines>, skips: &mut usize, [a, b]: [CellId; 2]) {
    if let Some(line) = lines.last_mut().map(|l| &mut l.lines[0]) {
        if *skips == 0 && line.last() == Some(&a) {
            line.push(b);
            return;
        }
        if *skips < line.len() - 2 && [line[*skips], line[*skips + 2]] == [a, b] {
            *skips += 1;
            return;
        }
    }
    *skips = 0;
    lines.push(fpuzzles::Lines { lines: vec![vec![a, b]] });
}

/// The minimum and maximum cells whose pairs are `less` (each `[a, b]` with `a < b`, counted
/// as often as it was made): see [`marks_of`].
fn extremes(size: usize, less: &std::collections::HashMap<[CellId; 2], usize>) -> (Vec<CellId>, Vec<CellId>) {
    use crate::constraints::{Relation, orthogonal_pairs};
    let neighbours = |cell: CellId| orthogonal_pairs(size).filter(move |p| p.contains(&cell)).map(move |[a, b]| if a == cell { b } else { a });
    let count = |a: CellId, b: CellId| less.get(&[a, b]).copied().unwrap_or(0);
    // The largest set of cells each below every neighbour outside the set (touching minima
    // are not compared), found by dropping cells until none breaks it; maxima alike.
    let largest = |below: &dyn Fn(CellId, CellId) -> bool| {
        let mut inside: Vec<bool> = (0..size * size).map(|c| neighbours(c).any(|n| below(c, n))).collect();
        while let Some(c) = (0..size * size).find(|&c| inside[c] && neighbours(c).any(|n| !below(c, n) && !inside[n])) {
            inside[c] = false;
        }
        inside
    };
    let mins = largest(&|c, n| count(c, n) >= 1);
    let maxs = largest(&|c, n| count(n, c) >= 1);
    let list = |inside: &[bool], skip: &dyn Fn(CellId) -> bool| (0..size * size).filter(|&c| inside[c] && !skip(c)).collect::<Vec<_>>();
    let all = (list(&mins, &|_| false), list(&maxs, &|_| false));
    // Why drop a look-alike minimum: its pairs are all said, once each, by maxima around it.
    let explained = |c: CellId| neighbours(c).all(|n| !mins[n] && maxs[n] && count(c, n) == 1);
    let fewer = (list(&mins, &explained), all.1.clone());
    // Keep the sparser reading only if it makes the very same pairs, as often.
    let pairs = |(minimum, maximum): &(Vec<CellId>, Vec<CellId>)| {
        let rules = fpuzzles::Rules { minimum: minimum.clone(), maximum: maximum.clone(), ..fpuzzles::Rules::default() };
        let mut made: Vec<[CellId; 2]> = constraints_of(size, &rules)
            .into_iter()
            .filter_map(|c| match c {
                Constraint::Pair { cells, relation: Relation::Less, .. } => Some(cells),
                _ => None,
            })
            .collect();
        made.sort_unstable();
        made
    };
    let mut wanted: Vec<[CellId; 2]> = less.iter().flat_map(|(&cells, &n)| std::iter::repeat_n(cells, n)).collect();
    wanted.sort_unstable();
    if pairs(&fewer) == wanted { fewer } else { all }
}

/// An f-puzzles link for a puzzle on `layout`, with its solution when given. Rules
/// f-puzzles names are written as such; windoku windows and other extra houses as extra
/// regions, which f-puzzles enforces the same way; the constraints of rules that carry
/// data as the dots, marks, quadruples and clones they were read from (see [`marks_of`]).
pub fn fpuzzles_link(layout: &Layout, givens: &[Option<Digit>], solution: Option<&[Digit]>) -> String {
    let has = |rule: Rule| layout.rules().contains(rule);
    let rules = fpuzzles::Rules {
        diagonal_negative: has(Rule::DiagonalMain),
        diagonal_positive: has(Rule::DiagonalAnti),
        antiknight: has(Rule::AntiKnight),
        antiking: has(Rule::AntiKing),
        disjoint_groups: has(Rule::Disjoint),
        nonconsecutive: has(Rule::NonConsecutive),
        extra_regions: layout
            .houses()
            .iter()
            // Why not every extra house: diagonals, disjoint groups, killer cages and
            // thermometers (one of a whole grid side is a house) have keys of their own.
            .filter(|h| h.kind == crate::layout::HouseKind::Extra)
            .filter(|h| !matches!(h.rule, Some(Rule::DiagonalMain | Rule::DiagonalAnti | Rule::Disjoint | Rule::Killer | Rule::Thermometer | Rule::Renban)))
            .map(|h| h.cells.clone())
            .collect(),
        ..marks_of(layout.size(), layout.constraints())
    };
    let regions = fpuzzles_regions(layout);
    let cells = givens.iter().zip(regions).map(|(&given, region)| fpuzzles::FCell { given, region }).collect();
    let puzzle = fpuzzles::FPuzzle { size: layout.size(), cells, rules, solution: solution.map(<[Digit]>::to_vec) };
    fpuzzles::link(&fpuzzles::encode(&puzzle))
}

/// The f-puzzles marks that [`constraints_of`] turns into `constraints` (on a
/// `size`x`size` grid): the inverse of reading, so that reading what this writes gives the
/// same constraints back (as a set). The non-consecutive rule's pairs are left out (its
/// flag says it), and so is anything no f-puzzles mark can say.
///
/// Minimum and maximum cells are found again from their pairs: a cell is a minimum when it
/// is the lesser side of a pair with every neighbour that is not a minimum too, a maximum
/// when the greater. A cell
/// that only looks like a minimum because all its neighbours are maxima (each pair once,
/// not twice) is not one; in a pathological grid the choice may still differ from the
/// setter's, but never the pairs it stands for. Clone pairs are grouped by the shift from
/// original to clone, which gives back each clone shape whole.
pub fn marks_of(size: usize, constraints: &[Constraint]) -> fpuzzles::Rules {
    use crate::constraints::Relation;
    use std::collections::{BTreeMap, HashMap};
    let mut out = fpuzzles::Rules::default();
    let mut less: HashMap<[CellId; 2], usize> = HashMap::new();
    let mut clones: BTreeMap<(isize, isize), fpuzzles::CloneGroup> = BTreeMap::new();
    let mut mirrored: Vec<[CellId; 2]> = Vec::new();
    let mut last_piece: Option<Vec<CellId>> = None;
    let mut entropic_skips = 0;
    for constraint in constraints {
        match constraint {
            Constraint::Pair { rule, cells, relation, holds } => match (rule, relation, holds) {
                (Rule::KropkiWhite, Relation::Difference(n), true) => {
                    out.difference.push(fpuzzles::Dot { cells: *cells, value: (*n != 1).then_some(u32::from(*n)) })
                }
                (Rule::KropkiWhite, _, false) => out.negative.difference = true,
                (Rule::KropkiBlack, Relation::Ratio(n), true) => {
                    out.ratio.push(fpuzzles::Dot { cells: *cells, value: (*n != 2).then_some(u32::from(*n)) })
                }
                (Rule::KropkiBlack, _, false) => out.negative.ratio = true,
                (Rule::Xv, Relation::Sum(10), true) => out.xv.push(fpuzzles::Xv { cells: *cells, kind: fpuzzles::XvKind::X }),
                (Rule::Xv, Relation::Sum(5), true) => out.xv.push(fpuzzles::Xv { cells: *cells, kind: fpuzzles::XvKind::V }),
                (Rule::Xv, _, false) => out.negative.xv = true,
                (Rule::MinMax, Relation::Less, true) => *less.entry(*cells).or_default() += 1,
                (Rule::Palindrome, Relation::Equal, true) => mirrored.push(*cells),
                // Why join a step to the line before when it starts where that one ends:
                // the line was read that way, one step after another.
                (Rule::Whispers, Relation::AtLeast(n), true) => {
                    let value = (*n != whisper_default(size)).then_some(u32::from(*n));
                    match out.whispers.last_mut() {
                        Some(w) if w.value == value && w.lines.last().and_then(|l| l.last()) == Some(&cells[0]) => w.lines.last_mut().into_iter().for_each(|l| l.push(cells[1])),
                        _ => out.whispers.push(fpuzzles::Whisper { lines: vec![cells.to_vec()], value }),
                    }
                }
                (Rule::Entropic, Relation::OtherBand(_), true) => entropic_step(&mut out.entropic_lines, &mut entropic_skips, *cells),
                (Rule::Indexer, Relation::Index { .. }, true) => {
                    // Why the first cell: it is the indexer; the other shares its row (a
                    // column indexer) or its column (a row indexer). A new entry when the
                    // column (row) changes, so that the cells are read back in this order.
                    let [a, b] = *cells;
                    let (list, same) = if a / size == b / size { (&mut out.column_indexers, a % size) } else { (&mut out.row_indexers, a / size) };
                    let at = |c: CellId| if a / size == b / size { c % size } else { c / size };
                    match list.last_mut() {
                        Some(entry) if entry.contains(&a) => {}
                        Some(entry) if entry.last().is_some_and(|&l| at(l) == same) => entry.push(a),
                        _ => list.push(vec![a]),
                    }
                }
                (Rule::Clone, Relation::Equal, true) => {
                    let [a, b] = *cells;
                    let at = |c: CellId| ((c / size) as isize, (c % size) as isize);
                    let shift = (at(b).0 - at(a).0, at(b).1 - at(a).1);
                    let group = clones.entry(shift).or_insert_with(|| fpuzzles::CloneGroup { cells: Vec::new(), clone_cells: Vec::new() });
                    group.cells.push(a);
                    group.clone_cells.push(b);
                }
                _ => {}
            },
            Constraint::Only { rule: Rule::OddEven, cell, digits } => {
                if digits.contains(1) { out.odd.push(*cell) } else { out.even.push(*cell) }
            }
            Constraint::Contains { rule: Rule::Quadruple, cells, digits } => {
                if let Ok(cells) = <[CellId; 4]>::try_from(cells.as_slice()) {
                    out.quadruples.push(fpuzzles::Quadruple { cells, digits: digits.clone() });
                }
            }
            Constraint::Cage { rule: Rule::Killer, cells, sum } => out.killer_cages.push(fpuzzles::KillerCage { cells: cells.clone(), sum: *sum }),
            Constraint::Cage { rule: Rule::Renban, cells, .. } => out.renbans.push(fpuzzles::Lines { lines: vec![cells.clone()] }),
            // Why join a line to the one before when they share a bulb: that is a branching
            // thermometer, one entry with several lines, as it was read.
            Constraint::Cage { rule: Rule::Thermometer, cells, .. } => match out.thermometers.last_mut() {
                Some(t) if t.lines.last().and_then(|l| l.first()) == cells.first() => t.lines.push(cells.clone()),
                _ => out.thermometers.push(fpuzzles::Thermometer { lines: vec![cells.clone()] }),
            },
            // Why a line from the last circle cell: the circle cells a line passes are not
            // kept, and the line is drawn from the circle. Why join a line to the arrow before
            // when they share the circle: a branching arrow, one entry with several lines.
            Constraint::Sum { rule: Rule::Arrow, cells, weights, .. } => {
                let circle: Vec<CellId> = cells.iter().zip(weights).filter(|&(_, &w)| w < 0).map(|(&c, _)| c).collect();
                let mut line: Vec<CellId> = circle.last().copied().into_iter().collect();
                line.extend(cells.iter().zip(weights).filter(|&(_, &w)| w > 0).map(|(&c, _)| c));
                match out.arrows.last_mut() {
                    Some(a) if a.circle == circle => a.lines.push(line),
                    _ => out.arrows.push(fpuzzles::Arrow { circle, lines: vec![line] }),
                }
            }
            Constraint::Sum { rule: Rule::LittleKiller, cells, total, .. } => {
                if let Some(killer) = little_killer_of(size, cells, *total) {
                    out.little_killers.push(killer);
                }
            }
            // Why join a sum to the line before when its first piece is that line's last:
            // the pieces of one line come one after another, each sharing a piece with the next.
            Constraint::Sum { rule: Rule::RegionSum, cells, weights, .. } => {
                let piece = |sign: i32| cells.iter().zip(weights).filter(|&(_, &w)| w == sign).map(|(&c, _)| c).collect::<Vec<CellId>>();
                let (first, second) = (piece(1), piece(-1));
                match out.region_sum_lines.last_mut().and_then(|e| e.lines.last_mut()) {
                    Some(line) if last_piece.as_deref() == Some(first.as_slice()) => line.extend(&second),
                    _ => out.region_sum_lines.push(fpuzzles::Lines { lines: vec![first.iter().chain(&second).copied().collect()] }),
                }
                last_piece = Some(second);
            }
            Constraint::Clue { rule: Rule::BetweenLine, cells, .. } => out.between_lines.push(fpuzzles::BetweenLine { lines: vec![cells.clone()] }),
            Constraint::Clue { rule, cells, clue } if cells.len() >= 2 => {
                let place = fpuzzles::OutsideClue::reading(cells, size, *clue);
                match rule {
                    Rule::Sandwich => out.sandwiches.push(place),
                    Rule::XSum => out.x_sums.push(place),
                    Rule::Skyscraper => out.skyscrapers.push(place),
                    _ => {}
                }
            }
            _ => {}
        }
    }
    if !less.is_empty() {
        let (minimum, maximum) = extremes(size, &less);
        out.minimum = minimum;
        out.maximum = maximum;
    }
    out.clones = clones.into_values().collect();
    out.palindromes = palindromes_of(size, &mirrored);
    out
}

/// The little killer whose diagonal is `cells` (from the clue outwards) with the clue
/// `total`: the clue sits one step before the first cell. `None` when the cells are no
/// diagonal that runs to the grid's edge from outside it.
fn little_killer_of(size: usize, cells: &[CellId], total: i32) -> Option<fpuzzles::LittleKiller> {
    let (first, second) = (*cells.first()?, cells.get(1).copied());
    let at = |c: CellId| ((c / size) as isize + 1, (c % size) as isize + 1);
    let (row, col) = at(first);
    // Why try each direction: a diagonal of one cell (a corner) says nothing of its own.
    fpuzzles::Diagonal::ALL.into_iter().find_map(|direction| {
        let (dr, dc) = direction.step();
        if second.is_some_and(|s| at(s) != (row + dr, col + dc)) {
            return None;
        }
        let clue = [usize::try_from(row - dr).ok()?, usize::try_from(col - dc).ok()?];
        let killer = fpuzzles::LittleKiller { clue, direction, sum: u32::try_from(total).ok() };
        let outside = !(1..=size).contains(&clue[0]) || !(1..=size).contains(&clue[1]);
        (outside && killer.cells(size) == cells).then_some(killer)
    })
}

/// The palindrome lines whose mirrored pairs are `pairs`, in order (the ends of a line
/// first, then inwards): a pair next to the one before (each cell a king's move from its
/// counterpart) goes on with the same line, any other starts a new one. A line of odd
/// length comes back without its middle cell, which no pair names and nothing constrains.
fn palindromes_of(size: usize, pairs: &[[CellId; 2]]) -> Vec<fpuzzles::Lines> {
    let touch = |a: CellId, b: CellId| (a / size).abs_diff(b / size) <= 1 && (a % size).abs_diff(b % size) <= 1;
    let mut runs: Vec<Vec<[CellId; 2]>> = Vec::new();
    for &pair in pairs {
        match runs.last_mut() {
            Some(run) if run.last().is_some_and(|&[a, b]| touch(a, pair[0]) && touch(b, pair[1])) => run.push(pair),
            _ => runs.push(vec![pair]),
        }
    }
    runs.into_iter()
        .map(|run| {
            let line = run.iter().map(|p| p[0]).chain(run.iter().rev().map(|p| p[1])).collect();
            fpuzzles::Lines { lines: vec![line] }
        })
        .collect()
}

/// What is wrong with some input, and exactly where.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{}: {problem}", self.place())]
pub struct ParseError {
    /// Where the text came from.
    pub origin: Origin,
    /// 1-based number of the puzzle being read.
    pub puzzle: usize,
    /// 1-based line of the text the problem is on.
    pub line: usize,
    /// 1-based column, in characters, of the offending character or token, when the
    /// problem is one cell's.
    pub column: Option<usize>,
    /// What is wrong.
    pub problem: Problem,
}

impl ParseError {
    fn place(&self) -> String {
        let mut place = match &self.origin {
            Origin::Argument(_) => self.origin.to_string(),
            _ if self.problem == Problem::Empty => self.origin.to_string(),
            _ => format!("{}: puzzle {}, line {}", self.origin, self.puzzle, self.line),
        };
        if let Some(column) = self.column {
            place.push_str(&format!(", column {column}"));
        }
        place
    }
}

/// The kinds of malformed input.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum Problem {
    /// A character that is neither a digit of any grid nor a blank.
    #[error("'{0}' is not a digit or a blank")]
    BadCharacter(char),
    /// A digit larger than the grid's side (the character, the side).
    #[error("'{0}' is not a digit of a {1}x{1} grid")]
    DigitTooLarge(char, usize),
    /// A puzzle line with the wrong number of cells.
    #[error("found {found} cells; a puzzle line needs {expected}")]
    LineLength {
        /// How many cells the line has.
        found: usize,
        /// How many it needs: the grid's side squared.
        expected: usize,
    },
    /// A row of a grid with the wrong number of cells.
    #[error("found {found} cells; a grid row needs {expected}")]
    RowLength {
        /// How many cells the row has.
        found: usize,
        /// How many it needs: the grid's side.
        expected: usize,
    },
    /// A grid whose rows stop (at a blank line or the end of the input) before the last.
    #[error("the grid that starts on line {start} ends after {rows} of {size} rows")]
    ShortGrid {
        /// The 1-based line of its first row.
        start: usize,
        /// How many rows it has.
        rows: usize,
        /// How many it needs: the grid's side.
        size: usize,
    },
    /// The input, or a cell token, holds nothing to read.
    #[error("no puzzle found")]
    Empty,
    /// An f-puzzles link or payload that cannot be read.
    #[error("{0}")]
    FPuzzles(#[from] fpuzzles::FPuzzlesError),
    /// An f-puzzles rule, by its key, that the format reads but the solver does not handle
    /// yet.
    #[error("f-puzzles rule \"{0}\" is not supported yet")]
    RuleNotYet(&'static str),
    /// A `+` (a placed digit) before candidates or a blank.
    #[error("'+' marks one placed digit, not candidates or a blank")]
    PlacedCandidates,
    /// A blank character among a cell's candidates.
    #[error("'{0}' is not a digit")]
    NotACandidate(char),
    /// A digit written twice among one cell's candidates.
    #[error("'{0}' appears twice among one cell's candidates")]
    RepeatedCandidate(char),
    /// In the form with one character per cell and digit, a digit away from its own place
    /// (the character, its 1-based place in the cell's block).
    #[error("'{0}' stands at place {1} of its cell's block, where only {1} may")]
    MisplacedCandidate(char, usize),
}

/// Reads every puzzle in `text` for a grid of side `size`.
pub fn parse_puzzles(text: &str, size: usize, origin: Origin) -> Result<Vec<Puzzle>, ParseError> {
    PuzzleReader::new(text.as_bytes(), size, origin)
        .map(|read| match read {
            Ok(puzzle) => Ok(puzzle),
            Err(ReadError::Parse(err)) => Err(err),
            Err(ReadError::Io { .. }) => unreachable!("reading from a string cannot fail"),
        })
        .collect()
}

/// Why the next puzzle could not be read: malformed text, or the input itself failed.
#[derive(Debug, thiserror::Error)]
pub enum ReadError {
    /// The text is malformed.
    #[error(transparent)]
    Parse(#[from] ParseError),
    /// Reading the input failed.
    #[error("cannot read {origin}")]
    Io {
        /// The input that failed.
        origin: Origin,
        /// The I/O error.
        #[source]
        source: std::io::Error,
    },
}

/// Reads puzzles one at a time from any buffered input, a line at a time, so a file of
/// millions of puzzles never sits in memory whole: 81-character lines (the first
/// whitespace-separated token of a line; what follows, such as a solution, is ignored),
/// grids of `size` rows, `#` comments, separator lines, blank lines between puzzles, and
/// `\n` or `\r\n` line ends.
///
/// Each item is a puzzle or the first error, which names where; after an error, or once the
/// input ends (with [`Problem::Empty`] if it held no puzzle), the reader yields nothing more,
/// unless it keeps going (see [`PuzzleReader::keeping_going`]).
pub struct PuzzleReader<R> {
    input: R,
    size: usize,
    origin: Origin,
    /// The line being read (reused between lines) and its 1-based number.
    buffer: String,
    line: usize,
    /// The cells of a grid being read, row after row (each cell's token with its line and
    /// 1-based column), and the line it starts on.
    rows: Vec<(usize, usize, String)>,
    grid_start: usize,
    /// Puzzles yielded so far.
    count: usize,
    done: bool,
    /// Whether a puzzle line of another square length sets its own size.
    detect: bool,
    /// Per byte, the cell it writes at the reader's size (see [`cell_table`]).
    cells: [u8; 256],
    /// `origin`, as each puzzle holds it.
    shared_origin: Arc<Origin>,
    /// Whether a malformed puzzle is an item of its own, with reading going on after it.
    keep_going: bool,
    /// Whether the input has ended (nothing is read after that, even when keeping going).
    ended: bool,
}

impl<R: std::io::BufRead> PuzzleReader<R> {
    /// A reader of puzzles for a grid of side `size` from `input`, whose errors and puzzles
    /// name `origin`. It stops at the first error and reads every puzzle at `size` (see
    /// [`PuzzleReader::keeping_going`] and [`PuzzleReader::detecting_size`]).
    pub fn new(input: R, size: usize, origin: Origin) -> PuzzleReader<R> {
        PuzzleReader {
            input,
            size,
            shared_origin: Arc::new(origin.clone()),
            origin,
            buffer: String::new(),
            line: 0,
            rows: Vec::new(),
            grid_start: 0,
            count: 0,
            done: false,
            detect: false,
            cells: cell_table(size),
            keep_going: false,
            ended: false,
        }
    }

    /// After a malformed puzzle (its error an item, numbered as a puzzle), reads on from the
    /// next line instead of stopping; a failed read or the end of the input still ends it.
    /// Why from the next line: one puzzle a line is what long inputs hold; in a broken grid,
    /// its remaining rows are read as a new grid and may be reported too.
    pub fn keeping_going(mut self, keep_going: bool) -> PuzzleReader<R> {
        self.keep_going = keep_going;
        self
    }

    /// Goes on reading an input of which `lines` lines, holding `puzzles` puzzles, were read
    /// elsewhere (by a faster reader of plain puzzle lines): lines and puzzles are numbered
    /// on from there.
    pub fn resuming(mut self, lines: usize, puzzles: usize) -> PuzzleReader<R> {
        self.line = lines;
        self.count = puzzles;
        self
    }

    /// Lets a puzzle line whose length is the square of another size with boxes (16 cells:
    /// 4x4, 36: 6x6, 256: 16x16) be read at that size, bringing its own layout (see
    /// [`Puzzle::variant`]); grids of rows keep the reader's size.
    pub fn detecting_size(mut self, detect: bool) -> PuzzleReader<R> {
        self.detect = detect;
        self
    }

    fn error(&self, line: usize, column: Option<usize>, problem: Problem) -> ParseError {
        ParseError { origin: self.origin.clone(), puzzle: self.count + 1, line, column, problem }
    }

    /// A puzzle of the reader's origin, numbered next.
    fn puzzle(&mut self, givens: Vec<Option<Digit>>, line: usize, variant: Option<Arc<Variant>>, position: Option<Position>) -> Puzzle {
        self.count += 1;
        Puzzle { givens, origin: self.shared_origin.clone(), number: self.count, line, variant, position: position.map(Arc::new) }
    }

    /// The puzzle of one token per cell (`cells`, each with its line and column) on a grid of
    /// side `own`: a position when some token is pencilmarks, else a plain puzzle.
    fn tokens_puzzle(&mut self, own: usize, cells: &[(usize, usize, String)], start: usize) -> Result<Puzzle, ReadError> {
        let variant = (own != self.size).then(|| Arc::new(Variant::plain(own)));
        if cells.iter().any(|(_, _, t)| position::Token::is_marks(t)) {
            let read = Position::from_tokens(cells.iter().map(|(_, _, t)| t.as_str()), own);
            let position = read.map_err(|(i, problem)| self.error(cells[i].0, Some(cells[i].1), problem))?;
            return Ok(self.puzzle(position.givens(), start, variant, Some(position)));
        }
        let mut givens = Vec::with_capacity(cells.len());
        for (line, column, text) in cells {
            let ch = text.chars().next().expect("a token has a character");
            givens.push(parse_cell(ch, own).map_err(|problem| self.error(*line, Some(*column), problem))?);
        }
        Ok(self.puzzle(givens, start, variant, None))
    }

    /// Reads lines until a puzzle is complete (`Some`), the input ends (`None`), or
    /// something is wrong.
    fn next_puzzle(&mut self) -> Result<Option<Puzzle>, ReadError> {
        let size = self.size;
        loop {
            self.buffer.clear();
            let read = self.input.read_line(&mut self.buffer);
            if let Err(source) = read {
                return Err(ReadError::Io { origin: self.origin.clone(), source });
            }
            if self.buffer.is_empty() {
                // The end of the input.
                self.ended = true;
                if !self.rows.is_empty() {
                    let problem = Problem::ShortGrid { start: self.grid_start, rows: self.rows.len() / size, size };
                    return Err(self.error(self.line, None, problem).into());
                }
                if self.count == 0 {
                    return Err(self.error(self.line.max(1), None, Problem::Empty).into());
                }
                return Ok(None);
            }
            self.line += 1;
            let line = self.line;
            let raw = self.buffer.strip_suffix('\n').unwrap_or(&self.buffer);
            let raw = raw.strip_suffix('\r').unwrap_or(raw);
            // A byte-order mark (editors on Windows write one) is not part of the text.
            let raw = if line == 1 { raw.strip_prefix('\u{feff}').unwrap_or(raw) } else { raw };
            let in_grid = !self.rows.is_empty();
            // The common case first, with only the givens allocated: a line of exactly one
            // cell character per cell. Anything else (spaces, a comment, a bad character) takes
            // the general path below, which reads it the same way or names what is wrong.
            if !in_grid && raw.len() == size * size {
                if let Some(givens) = plain_line(raw.as_bytes(), &self.cells) {
                    return Ok(Some(self.puzzle(givens, line, None, None)));
                }
            }
            let trimmed = raw.trim();
            if trimmed.starts_with('#') || is_separator(trimmed) || (trimmed.is_empty() && !in_grid) {
                continue;
            }
            if let Some(payload) = fpuzzles::payload_of(trimmed).filter(|_| !in_grid) {
                let read = fpuzzles::decode(&payload).map_err(Problem::from).and_then(|p| Variant::of_fpuzzle(&p));
                let (givens, variant) = read.map_err(|problem| self.error(line, None, problem))?;
                return Ok(Some(self.puzzle(givens, line, Some(Arc::new(variant)), None)));
            }
            if trimmed.is_empty() {
                let problem = Problem::ShortGrid { start: self.grid_start, rows: self.rows.len() / size, size };
                return Err(self.error(line, None, problem).into());
            }
            // The common case first, with nothing allocated per cell: a puzzle line (its first
            // token longer than a row), unless it is the form of a character per digit.
            let first_token_len = trimmed.split_whitespace().next().map_or(0, |t| t.chars().count());
            let is_puzzle_line = !in_grid && first_token_len > size;
            if is_puzzle_line && first_token_len != size * size * size {
                let cells = raw.chars().enumerate().map(|(i, ch)| (i + 1, ch)).skip_while(|(_, ch)| ch.is_whitespace());
                let cells: Vec<(usize, char)> = cells.take_while(|(_, ch)| !ch.is_whitespace()).filter(|&(_, ch)| ch != '|').collect();
                let own = (self.detect && cells.len() != size * size).then(|| size_of_line(cells.len())).flatten();
                let side = own.unwrap_or(size);
                if cells.len() != side * side {
                    return Err(self.error(line, None, Problem::LineLength { found: cells.len(), expected: side * side }).into());
                }
                let mut givens = Vec::with_capacity(cells.len());
                for &(column, ch) in &cells {
                    givens.push(parse_cell(ch, side).map_err(|problem| self.error(line, Some(column), problem))?);
                }
                let variant = own.map(|own| Arc::new(Variant::plain(own)));
                return Ok(Some(self.puzzle(givens, line, variant, None)));
            }
            // The line's tokens (split at spaces and `|`) with their 1-based columns.
            let tokens = tokens_of(raw, line);
            if !in_grid {
                // One token per cell on one line: the candidate form (or a spaced puzzle).
                let own = if tokens.len() == size * size { Some(size) } else { size_of_line(tokens.len()).filter(|_| self.detect) };
                if let Some(own) = own.filter(|_| tokens.len() > size) {
                    return self.tokens_puzzle(own, &tokens, line).map(Some);
                }
                // One character per cell and digit.
                let first = tokens.first().map_or("", |t| t.2.as_str());
                if first.chars().count() == size * size * size && tokens.len() <= 2 {
                    let read = Position::from_blocks(first, size);
                    let position = read.map_err(|(i, problem)| self.error(line, Some(tokens[0].1 + i), problem))?;
                    return Ok(Some(self.puzzle(position.givens(), line, None, Some(position))));
                }
            }
            // The cells of the line with their 1-based columns, separators left out.
            let cells: Vec<(usize, char)> =
                raw.chars().enumerate().map(|(i, ch)| (i + 1, ch)).filter(|(_, ch)| !ch.is_whitespace() && *ch != '|').collect();
            if is_puzzle_line {
                // The form of a character per digit, with a cell too few or too many.
                return Err(self.error(line, None, Problem::LineLength { found: first_token_len, expected: size * size }).into());
            }
            // A row of a grid: a candidate group per cell, or a character per cell.
            let row: Vec<(usize, usize, String)> = if tokens.len() == size {
                tokens
            } else if cells.len() == size && !tokens.iter().any(|(_, _, t)| t.starts_with(['+', '['])) {
                cells.iter().map(|&(column, ch)| (line, column, ch.to_string())).collect()
            } else {
                // Why the groups only when there are many: `123 456 78` is a row of
                // characters spaced by box, and its cells are what it lacks.
                let found = if tokens.len() > size / 2 { tokens.len() } else { cells.len() };
                return Err(self.error(line, None, Problem::RowLength { found, expected: size }).into());
            };
            // Each cell is checked as its row is read, so an error names its own line even
            // when the grid is cut short after it.
            for (at, column, text) in &row {
                position::parse_token(text, size).map_err(|problem| self.error(*at, Some(*column), problem))?;
            }
            if !in_grid {
                self.grid_start = line;
            }
            self.rows.extend(row);
            if self.rows.len() == size * size {
                let rows = std::mem::replace(&mut self.rows, Vec::with_capacity(size * size));
                let start = self.grid_start;
                return self.tokens_puzzle(size, &rows, start).map(Some);
            }
        }
    }
}

/// The tokens of a line, split at whitespace and `|`, each with its line and 1-based column.
fn tokens_of(raw: &str, line: usize) -> Vec<(usize, usize, String)> {
    let mut tokens = Vec::new();
    let mut current: Option<(usize, String)> = None;
    for (i, ch) in raw.chars().enumerate() {
        if ch.is_whitespace() || ch == '|' {
            if let Some((column, text)) = current.take() {
                tokens.push((line, column, text));
            }
        } else {
            current.get_or_insert_with(|| (i + 1, String::new())).1.push(ch);
        }
    }
    tokens.extend(current.map(|(column, text)| (line, column, text)));
    tokens
}

impl<R: std::io::BufRead> Iterator for PuzzleReader<R> {
    type Item = Result<Puzzle, ReadError>;

    fn next(&mut self) -> Option<Self::Item> {
        if self.done {
            return None;
        }
        let next = self.next_puzzle();
        self.done = match &next {
            Ok(Some(_)) => false,
            Err(ReadError::Parse(_)) if self.keep_going && !self.ended => {
                // The malformed puzzle takes its number, and no row of it is kept.
                self.count += 1;
                self.rows.clear();
                false
            }
            _ => true,
        };
        next.transpose()
    }
}

/// Marks a byte that is no cell character in a [`cell_table`].
const NOT_A_CELL: u8 = u8::MAX;

/// Per byte, what [`parse_cell`] reads it as on a grid of side `size`: 0 for a blank, the
/// digit, or [`NOT_A_CELL`].
fn cell_table(size: usize) -> [u8; 256] {
    std::array::from_fn(|b| match u8::try_from(b).ok().filter(u8::is_ascii).map(|b| parse_cell(b as char, size)) {
        Some(Ok(cell)) => cell.unwrap_or(0),
        _ => NOT_A_CELL,
    })
}

/// The givens of a line of one cell character per cell, read with `table` (a
/// [`cell_table`]), or `None` when some byte is not one.
fn plain_line(bytes: &[u8], table: &[u8; 256]) -> Option<Vec<Option<Digit>>> {
    // Why a table and a sized vector: this is the whole reading of nearly every puzzle in a
    // large file, and a match per character and a growing vector cost as much as solving it.
    let mut givens = vec![None; bytes.len()];
    // Why this first: on 9x9 grids and larger, lines of digits, `.` and `0` are nearly all
    // there is, and these tests, with no early exit, run many bytes an instruction.
    if table[b'9' as usize] == 9 && bytes.iter().fold(true, |ok, &b| ok & (b.wrapping_sub(b'0') <= 9 || b == b'.')) {
        for (given, &b) in givens.iter_mut().zip(bytes) {
            let digit = b.wrapping_sub(b'0');
            *given = (digit != 0 && digit <= 9).then_some(digit);
        }
        return Some(givens);
    }
    for (given, &b) in givens.iter_mut().zip(bytes) {
        let cell = table[b as usize];
        if cell == NOT_A_CELL {
            return None;
        }
        *given = (cell != 0).then_some(cell);
    }
    Some(givens)
}

/// The size of a puzzle line of `cells` cells when that is the square of a size deduku
/// reads with its usual boxes (4 to 16; 9 included).
pub fn size_of_line(cells: usize) -> Option<usize> {
    (4..=MAX_SIZE).find(|k| k * k == cells).filter(|&k| Layout::default_boxes(k).is_some())
}

/// A line made only of grid separators (`-`, `+`, `=`, `|`, spaces).
fn is_separator(line: &str) -> bool {
    line.contains(['-', '=']) && line.chars().all(|c| matches!(c, '-' | '+' | '=' | '|' | ' ' | '.' | ':' | '*' | '\''))
        && !line.chars().all(|c| c == '.' || c == ' ')
}

/// A position in candidate form on one line: one token per cell, separated by spaces, a
/// given as its digit, a digit placed since as `+5`, and an empty cell as its candidates
/// (`[5]` for an empty cell with one candidate left, `[]` for one with none; brackets are
/// allowed around any candidate list).
pub fn to_candidate_line(grid: &Grid) -> String {
    let tokens = grid.cells().iter().enumerate().map(|(cell, &state)| cell_token(state, grid.is_given(cell)));
    tokens.collect::<Vec<_>>().join(" ")
}

/// One cell in the candidate form (see [`to_candidate_line`]).
pub fn cell_token(state: Cell, given: bool) -> String {
    match state {
        Cell::Solved(d) if given => digit_char(d).to_string(),
        Cell::Solved(d) => format!("+{}", digit_char(d)),
        Cell::Unsolved(c) if c.len() <= 1 => format!("[{}]", c.iter().map(digit_char).collect::<String>()),
        Cell::Unsolved(c) => c.iter().map(digit_char).collect(),
    }
}

/// What is wrong with a position in candidate form (cells counted from 1).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum PositionError {
    /// A number of whitespace-separated tokens other than the grid's cells.
    #[error("found {found} cells; a position needs {needed}")]
    CellCount {
        /// How many tokens there are.
        found: usize,
        /// How many cells the layout has.
        needed: usize,
    },
    /// A token that is not a cell of a position.
    #[error("cell {cell}: {problem}")]
    Token {
        /// The 1-based number of the token (cells row after row).
        cell: usize,
        /// What is wrong with it.
        problem: Problem,
    },
    /// Two solved cells that see each other hold one digit; the cells by name (`r3c5`).
    #[error("two {}s in {} and {}, which see each other", digit_char(.clash.digit), .cells[0], .cells[1])]
    Clash {
        /// The clash, with the cells' ids.
        clash: Clash,
        /// The two cells' names (`r3c5`).
        cells: [String; 2],
    },
}

/// Reads a position in candidate form (see [`to_candidate_line`]), candidates taken exactly
/// as written; the error says which token is wrong.
pub fn parse_candidate_line(text: &str, layout: Arc<Layout>) -> Result<Grid, PositionError> {
    let tokens: Vec<&str> = text.split_whitespace().collect();
    if tokens.len() != layout.cell_count() {
        return Err(PositionError::CellCount { found: tokens.len(), needed: layout.cell_count() });
    }
    let position = Position::from_tokens(tokens, layout.size()).map_err(|(i, problem)| PositionError::Token { cell: i + 1, problem })?;
    Grid::from_position(layout.clone(), position.cells, &position.given).map_err(|clash| {
        let cells = clash.cells.map(|cell| layout.cell_name(cell));
        PositionError::Clash { clash, cells }
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    const LINE: &str = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";

    /// Reads `puzzle` as a link would be read, writes the link back from its layout, and
    /// reads that: the givens, the rules and the constraints (as a set) must be the same.
    fn round_trip(puzzle: &fpuzzles::FPuzzle) {
        use std::collections::HashSet;
        let (givens, variant) = Variant::of_fpuzzle(puzzle).unwrap();
        let layout = variant.layout(&crate::rules::Rules::classic()).unwrap();
        let link = fpuzzles_link(&layout, &givens, None);
        let payload = fpuzzles::payload_of(&link).unwrap();
        let (again, back) = Variant::of_fpuzzle(&fpuzzles::decode(&payload).unwrap()).unwrap();
        assert_eq!(again, givens);
        assert_eq!(back.rules, variant.rules, "{:?}", puzzle.rules);
        let set = |v: &Variant| v.constraints.iter().cloned().collect::<HashSet<Constraint>>();
        assert_eq!(set(&back), set(&variant), "{:?}", puzzle.rules);
        assert!(!variant.constraints.is_empty() || variant.rules.contains(&Rule::NonConsecutive) || variant.rules.is_empty());
    }

    /// f-puzzles' non-consecutive flag beside white dots says every white dot is given: the
    /// dotted pair is consecutive, the others are not, and no rule binds every pair.
    #[test]
    fn the_nonconsecutive_flag_with_white_dots_is_their_negative_constraint() {
        use crate::constraints::Relation;
        use fpuzzles::{Dot, FCell, FPuzzle, Rules as F};
        let rules = F { nonconsecutive: true, difference: vec![Dot { cells: [0, 1], value: None }], ..F::default() };
        let (_, variant) = Variant::of_fpuzzle(&FPuzzle { size: 9, cells: vec![FCell::default(); 81], rules, solution: None }).unwrap();
        assert!(!variant.rules.contains(&Rule::NonConsecutive), "{:?}", variant.rules);
        let relation_of = |cells: [CellId; 2]| variant.constraints.iter().find(|c| c.cells() == cells).cloned();
        assert_eq!(relation_of([0, 1]), Some(Constraint::Pair { rule: Rule::KropkiWhite, cells: [0, 1], relation: Relation::Difference(1), holds: true }));
        assert_eq!(relation_of([1, 2]), Some(Constraint::Pair { rule: Rule::KropkiWhite, cells: [1, 2], relation: Relation::Difference(1), holds: false }));
    }

    #[test]
    fn every_mark_is_written_back_as_it_was_read() {
        use fpuzzles::{CloneGroup, Dot, FCell, FPuzzle, Negative, Quadruple, Rules as F, Xv, XvKind};
        let at = |r: usize, c: usize| r * 9 + c;
        let dot = |a, b, value| Dot { cells: [a, b], value };
        let mut cells = vec![FCell::default(); 81];
        cells[40].given = Some(5);
        cells[0].given = Some(1);
        let puzzle = |rules: F| FPuzzle { size: 9, cells: cells.clone(), rules, solution: None };
        let kinds: Vec<F> = vec![
            F { nonconsecutive: true, ..F::default() },
            F { nonconsecutive: true, difference: vec![dot(0, 1, None)], ..F::default() },
            F { odd: vec![0, 10, 80], even: vec![5, 44], ..F::default() },
            // A minimum next to a maximum shares a pair; a cell ringed by maxima is no minimum.
            F { minimum: vec![at(4, 4), at(8, 8)], maximum: vec![at(4, 5), at(0, 1), at(1, 0)], ..F::default() },
            F { difference: vec![dot(0, 1, None), dot(at(2, 2), at(3, 2), Some(3))], ..F::default() },
            F { ratio: vec![dot(0, 9, None), dot(at(5, 5), at(5, 6), Some(3))], ..F::default() },
            F { difference: vec![dot(0, 1, None)], ratio: vec![dot(3, 4, None)], negative: Negative { difference: true, ratio: true, xv: false }, ..F::default() },
            F { difference: vec![dot(0, 1, None)], negative: Negative { difference: true, ..Negative::default() }, ..F::default() },
            F { ratio: vec![dot(0, 1, Some(4))], negative: Negative { ratio: true, ..Negative::default() }, ..F::default() },
            F { xv: vec![Xv { cells: [0, 1], kind: XvKind::X }, Xv { cells: [at(7, 7), at(8, 7)], kind: XvKind::V }], ..F::default() },
            F { xv: vec![Xv { cells: [0, 1], kind: XvKind::V }], negative: Negative { xv: true, ..Negative::default() }, ..F::default() },
            F { quadruples: vec![Quadruple { cells: [0, 1, 9, 10], digits: vec![1, 2] }, Quadruple { cells: [at(4, 4), at(4, 5), at(5, 4), at(5, 5)], digits: vec![3, 3, 7] }], ..F::default() },
            F { clones: vec![CloneGroup { cells: vec![0, 1, 9], clone_cells: vec![at(4, 6), at(4, 7), at(5, 6)] }, CloneGroup { cells: vec![at(8, 0)], clone_cells: vec![at(6, 4)] }], ..F::default() },
        ];
        let mut all = F::default();
        for rules in &kinds {
            round_trip(&puzzle(rules.clone()));
        }
        // The flag and every cell mark, quadruple and clone at once.
        for rules in kinds {
            all.nonconsecutive |= rules.nonconsecutive;
            all.odd.extend(rules.odd);
            all.even.extend(rules.even);
            all.minimum.extend(rules.minimum);
            all.maximum.extend(rules.maximum);
            all.quadruples.extend(rules.quadruples);
            all.clones.extend(rules.clones);
        }
        all.odd.retain(|c| !all.even.contains(c));
        round_trip(&puzzle(all));
    }

    #[test]
    fn min_max_and_clones_come_back_as_the_setter_placed_them() {
        use fpuzzles::{CloneGroup, Rules as F};
        let rules = F {
            minimum: vec![40, 0],
            maximum: vec![41, 1, 9],
            clones: vec![CloneGroup { cells: vec![0, 1, 10], clone_cells: vec![60, 61, 70] }],
            ..F::default()
        };
        let constraints = constraints_of(9, &rules);
        let back = marks_of(9, &constraints);
        // r1c1 is a minimum the setter placed next to two maxima: its pairs come twice.
        assert_eq!((back.minimum, back.maximum), (vec![0, 40], vec![1, 9, 41]));
        assert_eq!(back.clones, rules.clones);
        let without = F { minimum: vec![40], ..rules };
        let back = marks_of(9, &constraints_of(9, &without));
        assert_eq!(back.minimum, vec![40], "r1c1, ringed by maxima, is no minimum");
        // Touching maxima (a fortress) are not compared with each other.
        let fortress = F { maximum: vec![40, 41, 50], minimum: vec![0, 1], ..F::default() };
        let constraints = constraints_of(9, &fortress);
        let pair = |a, b| Constraint::Pair { rule: Rule::MinMax, cells: [a, b], relation: crate::constraints::Relation::Less, holds: true };
        assert!(!constraints.contains(&pair(40, 41)) && !constraints.contains(&pair(41, 40)) && !constraints.contains(&pair(0, 1)));
        assert!(constraints.contains(&pair(39, 40)) && constraints.contains(&pair(0, 9)));
        let back = marks_of(9, &constraints);
        assert_eq!((back.minimum, back.maximum), (vec![0, 1], vec![40, 41, 50]));
    }

    #[test]
    fn a_position_names_what_is_wrong_with_it() {
        let layout = || Arc::new(Layout::classic(crate::rules::Rules::classic()));
        let blank = vec!["123456789"; 81];
        let with = |changes: &[(usize, &'static str)]| {
            let mut tokens = blank.clone();
            for &(i, t) in changes {
                tokens[i] = t;
            }
            parse_candidate_line(&tokens.join(" "), layout()).err().map(|e| e.to_string())
        };
        assert_eq!(with(&[]), None);
        assert_eq!(with(&[(0, "5"), (4, "5")]).as_deref(), Some("two 5s in r1c1 and r1c5, which see each other"));
        assert_eq!(with(&[(3, "1x")]).as_deref(), Some("cell 4: 'x' is not a digit"));
        assert_eq!(with(&[(2, "+12")]).as_deref(), Some("cell 3: '+' marks one placed digit, not candidates or a blank"));
        assert_eq!(parse_candidate_line("1 2", layout()).err().map(|e| e.to_string()).as_deref(), Some("found 2 cells; a position needs 81"));
    }

    #[test]
    fn reads_lines_grids_and_comments() {
        let grid = "# a comment\n53. .7. ...\n6.. 195 ...\n.98 ... .6.\n---+---+---\n8.. .6. ..3\n4.. 8.3 ..1\n7.. .2. ..6\n.6. ... 28.\n... 419 ..5\n... .8. .79\n";
        let text = format!("{LINE}\n\n{grid}");
        let puzzles = parse_puzzles(&text, 9, Origin::StandardInput).unwrap();
        assert_eq!(puzzles.len(), 2);
        assert_eq!(puzzles[0].givens, puzzles[1].givens);
        assert_eq!(to_line(&puzzles[0].givens), LINE);
        assert_eq!((puzzles[0].line, puzzles[1].line), (1, 4));
    }

    #[test]
    fn names_a_bad_character_by_puzzle_line_and_column() {
        let text = format!("{LINE}\n{}", LINE.replacen('7', "%", 1));
        let err = parse_puzzles(&text, 9, Origin::File("p.txt".into())).unwrap_err();
        assert_eq!(err.to_string(), "p.txt: puzzle 2, line 2, column 5: '%' is not a digit or a blank");
    }

    #[test]
    fn names_a_short_line_and_a_short_grid() {
        let err = parse_puzzles(&LINE[1..], 9, Origin::Argument(2)).unwrap_err();
        assert_eq!(err.to_string(), "argument 2: found 80 cells; a puzzle line needs 81");
        let err = parse_puzzles("123456789\n.........\n", 9, Origin::StandardInput).unwrap_err();
        assert_eq!(
            err.to_string(),
            "standard input: puzzle 1, line 2: the grid that starts on line 1 ends after 2 of 9 rows"
        );
    }

    /// Reads `text` through the streaming reader as if from a file, in tiny buffer reads so
    /// lines arrive in pieces.
    fn stream(text: &str) -> Vec<Result<Puzzle, String>> {
        let input = std::io::BufReader::with_capacity(3, text.as_bytes());
        PuzzleReader::new(input, 9, Origin::File("p.txt".into())).map(|r| r.map_err(|e| e.to_string())).collect()
    }

    #[test]
    fn the_reader_streams_lines_grids_crlf_and_comments() {
        let grid = "53. .7. ...\r\n6.. 195 ...\r\n.98 ... .6.\r\n---+---+---\r\n8.. .6. ..3\r\n# inside a grid\r\n4.. 8.3 ..1\r\n\
                    7.. .2. ..6\r\n.6. ... 28.\r\n... 419 ..5\r\n... .8. .79\r\n";
        let text = format!("# first\r\n{LINE} and a note\r\n\r\n{grid}\n{LINE}");
        let read = stream(&text);
        assert_eq!(read.len(), 3);
        let puzzles: Vec<Puzzle> = read.into_iter().map(Result::unwrap).collect();
        assert!(puzzles.iter().all(|p| to_line(&p.givens) == LINE));
        let places: Vec<(usize, usize)> = puzzles.iter().map(|p| (p.number, p.line)).collect();
        assert_eq!(places, [(1, 2), (2, 4), (3, 16)]);
    }

    #[test]
    fn the_reader_yields_puzzles_before_an_error_and_nothing_after() {
        let text = format!("{LINE}\n{LINE}\n{}\n{LINE}\n", LINE.replacen('7', "%", 1));
        let read = stream(&text);
        assert_eq!(read.len(), 3);
        assert!(read[0].is_ok() && read[1].is_ok());
        assert_eq!(read[2].as_ref().unwrap_err(), "p.txt: puzzle 3, line 3, column 5: '%' is not a digit or a blank");
    }

    #[test]
    fn the_reader_names_a_grid_cut_short_by_a_blank_line_or_the_end() {
        let read = stream("123456789\r\n.........\r\n\r\n");
        assert_eq!(read, [Err("p.txt: puzzle 1, line 3: the grid that starts on line 1 ends after 2 of 9 rows".to_string())]);
        let read = stream(&format!("{LINE}\n123456789\n"));
        assert_eq!(read[1].as_ref().unwrap_err(), "p.txt: puzzle 2, line 2: the grid that starts on line 2 ends after 1 of 9 rows");
        let read = stream("123 456 78\n");
        assert_eq!(read[0].as_ref().unwrap_err(), "p.txt: puzzle 1, line 1: found 8 cells; a grid row needs 9");
    }

    #[test]
    fn the_reader_finds_no_puzzle_in_comments_only() {
        assert_eq!(stream("# nothing\n\n"), [Err("p.txt: no puzzle found".to_string())]);
        assert_eq!(stream(""), [Err("p.txt: no puzzle found".to_string())]);
    }

    #[test]
    fn the_reader_reports_unreadable_input() {
        let bytes: &[u8] = b"12\xff\n";
        let err = PuzzleReader::new(bytes, 9, Origin::StandardInput).next().unwrap().unwrap_err();
        assert!(matches!(err, ReadError::Io { .. }));
        assert_eq!(err.to_string(), "cannot read standard input");
    }
}
