//! The f-puzzles format: a variant puzzle as a JSON object, LZ-string compressed and written
//! in base64, the way f-puzzles and SudokuPad share puzzles in links.
//!
//! The links read are `https://f-puzzles.com/?load=<payload>` (also `http`, with or without
//! `www.`), `https://sudokupad.app/fpuzzles<payload>`,
//! `https://sudokupad.app/?puzzleid=fpuzzles<payload>`, the older
//! `https://app.crackingthecryptic.com/sudoku/?puzzleid=fpuzzles<payload>`, and a bare payload.
//!
//! [`decode`] gives a typed [`FPuzzle`]: its size, each cell's given digit and irregular
//! region, and the rules this module knows ([`Rules`]). A puzzle that carries any other rule
//! is refused with [`FPuzzlesError::UnknownRule`]: a solver must never solve a puzzle while
//! silently leaving out one of its rules. Keys that only draw (titles, lines, shapes, colours)
//! are listed in [`COSMETIC_KEYS`] and ignored. [`encode`] writes a puzzle back;
//! `decode(&encode(p)) == Ok(p)` for every valid puzzle.

use serde::de::{Deserializer, MapAccess, Visitor};
use serde::{Deserialize, Serialize};
use serde_json::Value;

/// A cell of the grid: `row * size + column`, both 0-based.
pub type CellIndex = usize;

/// The smallest and largest grids f-puzzles makes.
pub const SIZES: std::ops::RangeInclusive<usize> = 4..=16;

/// Top-level keys that only draw or describe, never constrain: accepted and ignored.
///
/// `cage` is a drawn outline (a killer cage is `killercage`); `line`, `rectangle`, `circle`
/// and `text` are shapes and labels; `disabledlogic` and `truecandidatesoptions` are settings
/// of a solver front end; `highlightConflicts` is a display switch.
pub const COSMETIC_KEYS: &[&str] = &[
    "title",
    "author",
    "ruleset",
    "text",
    "line",
    "rectangle",
    "circle",
    "cage",
    "highlightConflicts",
    "disabledlogic",
    "truecandidatesoptions",
];

/// Keys of a grid cell that only draw or record a solver's notes: ignored. (`c` is the
/// cell's colour; the pencil marks are the player's, not the setter's.)
const COSMETIC_CELL_KEYS: &[&str] = &["c", "highlight", "cornerPencilMarks", "centerPencilMarks"];

/// A puzzle in the f-puzzles format, as far as deduku understands it.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct FPuzzle {
    /// The side of the grid, in [`SIZES`].
    pub size: usize,
    /// One entry per cell, row after row (`size * size` of them).
    pub cells: Vec<FCell>,
    /// The rules beyond rows, columns and regions.
    pub rules: Rules,
    /// The solution the setter stored, one digit per cell, if any (and only if complete).
    pub solution: Option<Vec<u8>>,
}

/// One cell of an f-puzzles grid.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct FCell {
    /// The given digit (f-puzzles marks it `"given": true`; a digit without that mark is a
    /// player's entry and is not read).
    pub given: Option<u8>,
    /// The 0-based irregular region the cell belongs to. f-puzzles stores it only for cells
    /// moved out of their default region (the boxes), so `None` means "the default".
    pub region: Option<u8>,
}

/// The rules of an f-puzzles puzzle that this module models.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Rules {
    /// `diagonal+`: the diagonal from bottom-left to top-right holds no repeated digit.
    pub diagonal_positive: bool,
    /// `diagonal-`: the diagonal from top-left to bottom-right holds no repeated digit.
    pub diagonal_negative: bool,
    /// `antiknight`: cells a chess knight's move apart differ.
    pub antiknight: bool,
    /// `antiking`: cells a chess king's move apart differ.
    pub antiking: bool,
    /// `disjointgroups`: cells in the same position of their boxes differ.
    pub disjoint_groups: bool,
    /// `nonconsecutive`: orthogonal neighbours never hold consecutive digits.
    pub nonconsecutive: bool,
    /// `extraregion`: more groups of cells that hold no repeated digit.
    pub extra_regions: Vec<Vec<CellIndex>>,
    /// `odd`: cells that hold odd digits.
    pub odd: Vec<CellIndex>,
    /// `even`: cells that hold even digits.
    pub even: Vec<CellIndex>,
    /// `minimum`: cells smaller than each orthogonal neighbour.
    pub minimum: Vec<CellIndex>,
    /// `maximum`: cells larger than each orthogonal neighbour.
    pub maximum: Vec<CellIndex>,
    /// `difference`: white kropki dots.
    pub difference: Vec<Dot>,
    /// `ratio`: black kropki dots.
    pub ratio: Vec<Dot>,
    /// `negative`: which marks are all given.
    pub negative: Negative,
    /// `xv`: X (sum 10) and V (sum 5) marks.
    pub xv: Vec<Xv>,
    /// `quadruple`: digits that appear among four cells.
    pub quadruples: Vec<Quadruple>,
    /// `clone`: groups of cells that hold the same digits as other groups.
    pub clones: Vec<CloneGroup>,
    /// `killercage`: cages whose digits do not repeat, with the sum they add up to.
    pub killer_cages: Vec<KillerCage>,
    /// `thermometer`: thermometers, each one or more lines from a shared bulb.
    pub thermometers: Vec<Thermometer>,
    /// `arrow`: arrows, a circle and the shaft whose digits add up to its number.
    pub arrows: Vec<Arrow>,
    /// `littlekillersum`: clues outside the grid, each the sum of a diagonal.
    pub little_killers: Vec<LittleKiller>,
    /// `regionsumline`: lines whose digits add up to one sum in each box they pass.
    pub region_sum_lines: Vec<Lines>,
    /// `palindrome`: lines that read the same from either end.
    pub palindromes: Vec<Lines>,
    /// `whispers`: German whisper lines, neighbours along which differ by at least a value.
    pub whispers: Vec<Whisper>,
    /// `renban`: lines of different consecutive digits, in any order.
    pub renbans: Vec<Lines>,
    /// `entropicline`: lines whose every three cells in a row hold a low, a middle and a
    /// high digit.
    pub entropic_lines: Vec<Lines>,
    /// `columnindexer`: cells that say, in their row, which column holds their column's
    /// number; one list per entry.
    pub column_indexers: Vec<Vec<CellIndex>>,
    /// `rowindexer`: cells that say, in their column, which row holds their row's number.
    pub row_indexers: Vec<Vec<CellIndex>>,
    /// `betweenline`: lines whose middle digits lie strictly between their ends' digits.
    pub between_lines: Vec<BetweenLine>,
    /// `sandwichsum`: the sum of the digits between the lowest and highest digit of a row
    /// or column.
    pub sandwiches: Vec<OutsideClue>,
    /// `xsum`: the sum of the first X digits of a row or column from the clue, X the first.
    pub x_sums: Vec<OutsideClue>,
    /// `skyscraper`: how many digits are seen from the clue, higher ones hiding lower ones.
    pub skyscrapers: Vec<OutsideClue>,
}

/// A kropki dot between two cells.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Dot {
    /// The two cells the dot sits between, in the order written.
    pub cells: [CellIndex; 2],
    /// The difference or ratio, when not the default (1 for a white dot, 2 for a black one).
    pub value: Option<u32>,
}

/// Which negative constraints hold: every pair of neighbours without a mark of that kind
/// does not have its property.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Negative {
    /// No white dot: the two digits are not consecutive (`"difference"`).
    pub difference: bool,
    /// No black dot: neither digit is double the other (`"ratio"`).
    pub ratio: bool,
    /// No X or V: the two digits do not sum to 10 or 5 (`"xv"`).
    pub xv: bool,
}

/// The names of the negative constraints in the `negative` list, in the order written.
const NEGATIVE_NAMES: [&str; 3] = ["difference", "ratio", "xv"];

/// An X or a V between two cells.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Xv {
    /// The two cells the mark sits between, in the order written.
    pub cells: [CellIndex; 2],
    /// Whether it is an X or a V.
    pub kind: XvKind,
}

/// The sum an [`Xv`] mark stands for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum XvKind {
    /// The two digits sum to 10.
    X,
    /// The two digits sum to 5.
    V,
}

/// A quadruple: the digits shown appear among the four cells around a corner.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Quadruple {
    /// The four cells around the corner, in the order written.
    pub cells: [CellIndex; 4],
    /// The digits, in the order written (a digit may repeat: it then appears that often).
    pub digits: Vec<u8>,
}

/// A clone: `cells[i]` holds the same digit as `clone_cells[i]`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CloneGroup {
    /// One group's cells (`cells`), in the order written.
    pub cells: Vec<CellIndex>,
    /// The other group's cells (`cloneCells`), as many as `cells`, matched by position.
    pub clone_cells: Vec<CellIndex>,
}

/// A killer cage: its cells (in the order written) hold different digits, adding up to
/// `sum` when it shows one.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct KillerCage {
    /// Its cells, at least one, in the order written.
    pub cells: Vec<CellIndex>,
    /// The sum shown; `None` for a cage without one, whose digits only differ.
    pub sum: Option<u32>,
}

/// A thermometer: along each of its lines (bulb first) digits strictly rise. A branching
/// thermometer has several lines from one bulb; each is a chain of its own.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Thermometer {
    /// Its lines, each bulb first, at most `size` cells and no cell twice; at least one.
    pub lines: Vec<Vec<CellIndex>>,
}

/// An arrow: the circle's cells, read as a number (first cell the most significant), equal
/// the sum of the shaft's digits. Each line starts at (or next to) the circle; circle cells
/// on a line are not part of the shaft.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Arrow {
    /// The circle's cells, 1 to 3 (only 1 on grids above 9x9), most significant digit first.
    pub circle: Vec<CellIndex>,
    /// The shaft's lines as written, each from the circle outwards; cells of the circle
    /// among them are not part of the shaft.
    pub lines: Vec<Vec<CellIndex>>,
}

/// A little killer: a clue outside the grid, at row `clue[0]` and column `clue[1]` as
/// f-puzzles numbers them (0 for the row above the grid or the column left of it, `size + 1`
/// for the row below or the column right of it), whose diagonal runs from it in
/// `direction` across the grid and adds up to `sum`; a clue that shows no sum says nothing.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LittleKiller {
    /// The clue's row and column in f-puzzles' numbering (0 to `size + 1`; see above).
    pub clue: [usize; 2],
    /// The way the diagonal runs from the clue.
    pub direction: Diagonal,
    /// The sum shown; `None` when the clue shows none.
    pub sum: Option<u32>,
}

/// The way a little killer's diagonal runs from its clue.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Diagonal {
    /// Towards row 1 and column 1 (`UL`).
    UpLeft,
    /// Towards row 1 and the last column (`UR`).
    UpRight,
    /// Towards the last row and column 1 (`DL`).
    DownLeft,
    /// Towards the last row and the last column (`DR`).
    DownRight,
}

impl Diagonal {
    /// Every direction, in the order of [`Diagonal::NAMES`].
    pub const ALL: [Diagonal; 4] = [Diagonal::UpLeft, Diagonal::UpRight, Diagonal::DownLeft, Diagonal::DownRight];
    /// The names f-puzzles writes, in the order of [`Diagonal::ALL`].
    pub const NAMES: [&str; 4] = ["UL", "UR", "DL", "DR"];

    /// The step from one cell of the diagonal to the next: rows, then columns.
    pub fn step(self) -> (isize, isize) {
        match self {
            Diagonal::UpLeft => (-1, -1),
            Diagonal::UpRight => (-1, 1),
            Diagonal::DownLeft => (1, -1),
            Diagonal::DownRight => (1, 1),
        }
    }

    /// The name f-puzzles writes: `DL`.
    pub fn name(self) -> &'static str {
        Diagonal::NAMES[Diagonal::ALL.iter().position(|&d| d == self).expect("every direction is listed")]
    }
}

impl LittleKiller {
    /// The cells of the diagonal on a `size`x`size` grid, from the clue outwards; empty when
    /// the direction leads away from the grid.
    pub fn cells(&self, size: usize) -> Vec<CellIndex> {
        let (dr, dc) = self.direction.step();
        let inside = |v: isize| (1..=size as isize).contains(&v);
        let (mut r, mut c) = (self.clue[0] as isize + dr, self.clue[1] as isize + dc);
        let mut cells = Vec::new();
        while inside(r) && inside(c) {
            cells.push((r - 1) as usize * size + (c - 1) as usize);
            (r, c) = (r + dr, c + dc);
        }
        cells
    }
}

/// A German whisper entry: along each line, neighbours differ by at least `value` (by
/// default half the grid's size rounded up: 5 on 9x9).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Whisper {
    /// Its lines, each a path of touching cells (diagonally too) passing no cell twice.
    pub lines: Vec<Vec<CellIndex>>,
    /// The least difference, 1 to `size - 1`; `None` for the default.
    pub value: Option<u32>,
}

/// An entry of a line rule with no value (region sum lines, palindromes, renban, entropic
/// lines): its lines, each a rule of its own.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Lines {
    /// The lines, each its cells in the order drawn, none empty and no cell twice; at least
    /// one. Renban and entropic lines also step only between touching cells (diagonally too).
    pub lines: Vec<Vec<CellIndex>>,
}

/// A between line: along each of its lines, the cells between the two ends hold digits
/// strictly between the ends' digits.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BetweenLine {
    /// The lines, each its cells from one end to the other, no cell twice and at most 64
    /// cells; at least one.
    pub lines: Vec<Vec<CellIndex>>,
}

/// A clue outside the grid, beside a row or column: `row` and `col` as f-puzzles numbers
/// them, 0 above or left of the grid and `size + 1` below or right of it (`R0C3` stands
/// above column 3), and its number.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct OutsideClue {
    /// The clue's row: 0 above the grid, `size + 1` below it, or 1 to `size` beside a row.
    pub row: usize,
    /// The clue's column: 0 left of the grid, `size + 1` right of it, or 1 to `size` above
    /// or below a column. Exactly one of `row` and `col` is outside `1..=size`.
    pub col: usize,
    /// The number shown (a sum for sandwiches and X-sums, a count for skyscrapers).
    pub value: u32,
}

impl OutsideClue {
    /// The cells of the row or column the clue reads, from its side inwards.
    pub fn cells(&self, size: usize) -> Vec<CellIndex> {
        let (row, col) = (self.row, self.col);
        if row == 0 {
            (0..size).map(|r| r * size + col - 1).collect()
        } else if row == size + 1 {
            (0..size).rev().map(|r| r * size + col - 1).collect()
        } else if col == 0 {
            (0..size).map(|c| (row - 1) * size + c).collect()
        } else {
            (0..size).rev().map(|c| (row - 1) * size + c).collect()
        }
    }

    /// The clue that reads `cells` (a row or column from one side; at least two cells), with
    /// `value`.
    pub fn reading(cells: &[CellIndex], size: usize, value: u32) -> OutsideClue {
        let (first, second) = (cells[0], cells[1]);
        let (row, col) = (first / size + 1, first % size + 1);
        let (row, col) = match second as isize - first as isize {
            1 => (row, 0),
            -1 => (row, size + 1),
            d if d > 0 => (0, col),
            _ => (size + 1, col),
        };
        OutsideClue { row, col, value }
    }

    /// The clue's place as f-puzzles writes it: `R0C3`.
    pub fn name(&self) -> String {
        format!("R{}C{}", self.row, self.col)
    }
}

/// What is wrong with an f-puzzles link or puzzle: one line naming what and where.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum FPuzzlesError {
    /// The payload holds a character outside the base64 alphabet.
    #[error("the f-puzzles payload is not base64: '{ch}' at character {position}")]
    NotBase64 {
        /// The first such character.
        ch: char,
        /// Its 1-based position in the payload, in characters.
        position: usize,
    },
    /// The payload is base64 but not LZ-string compressed data.
    #[error("the f-puzzles payload does not decompress (LZ-string, base64)")]
    NotCompressed,
    /// The payload decompresses to UTF-16 that is not valid text.
    #[error("the f-puzzles payload decompresses to invalid text")]
    NotText,
    /// The text is not valid JSON, or not a JSON object.
    #[error("the f-puzzles JSON is invalid: {message}")]
    Json {
        /// serde_json's error message.
        message: String,
    },
    /// A value of a known key that cannot be read.
    #[error("f-puzzles \"{key}\" is malformed: {message}")]
    Malformed {
        /// The top-level key (`size`, `grid`, `killercage`), or the place of a digit
        /// (`grid cell R1C1`).
        key: String,
        /// What is wrong, and in which entry or cell.
        message: String,
    },
    /// A `size` outside [`SIZES`].
    #[error("a {size}x{size} grid is not supported (sizes 4 to 16)")]
    UnsupportedSize {
        /// The size as written.
        size: i64,
    },
    /// The `grid` has a number of rows other than `size`.
    #[error("the grid has {rows} rows; a {size}x{size} puzzle needs {size}")]
    GridRows {
        /// How many rows it has.
        rows: usize,
        /// The puzzle's size.
        size: usize,
    },
    /// A row of the `grid` has a number of cells other than `size`.
    #[error("grid row {row} has {cells} cells; a {size}x{size} puzzle needs {size}")]
    GridRow {
        /// The row, 1-based.
        row: usize,
        /// How many cells it has.
        cells: usize,
        /// The puzzle's size.
        size: usize,
    },
    /// A cell reference not of the form `R<row>C<column>`.
    #[error("{key}: \"{text}\" is not a cell like \"R1C1\"")]
    CellMalformed {
        /// The key of the rule it appears in.
        key: String,
        /// The reference as written.
        text: String,
    },
    /// An outside clue's place that is not beside a row or a column (a corner, or a cell
    /// inside or further off the grid).
    #[error("{key}: \"{text}\" is not beside a row or column of a {size}x{size} grid")]
    ClueOutside {
        /// The key of the rule it appears in.
        key: String,
        /// The place as written (`R0C3`).
        text: String,
        /// The puzzle's size.
        size: usize,
    },
    /// A cell reference off the grid.
    #[error("{key}: \"{text}\" is outside a {size}x{size} grid")]
    CellOutside {
        /// The key of the rule it appears in.
        key: String,
        /// The reference as written.
        text: String,
        /// The puzzle's size.
        size: usize,
    },
    /// A digit outside `1..=size`.
    #[error("{place}: {digit} is not a digit of a {size}x{size} grid")]
    DigitOutOfRange {
        /// Where it was written (`grid cell R1C1`, `quadruple`).
        place: String,
        /// The number written.
        digit: i64,
        /// The puzzle's size.
        size: usize,
    },
    /// A top-level key with a non-empty value that is neither a rule deduku reads nor in
    /// [`COSMETIC_KEYS`]: the puzzle has a rule deduku cannot honour.
    #[error("f-puzzles rule \"{key}\" is not supported")]
    UnknownRule {
        /// The first such key, in the object's order.
        key: String,
    },
    /// A name in the `negative` list other than `difference`, `ratio` and `xv`.
    #[error("f-puzzles negative constraint \"{name}\" is not supported")]
    UnknownNegative {
        /// The name as written.
        name: String,
    },
    /// A grid cell key with a non-empty value that deduku neither reads nor ignores
    /// (`givenPencilMarks` among them: given candidates are a rule deduku does not read).
    #[error("grid cell {cell}: f-puzzles cell key \"{key}\" is not supported")]
    UnknownCellKey {
        /// The cell, as f-puzzles names it (`R1C1`).
        cell: String,
        /// The key.
        key: String,
    },
}

/// The f-puzzles payload in `text`, if it is an f-puzzles or SudokuPad link to an f-puzzles
/// puzzle or a bare payload; percent escapes are decoded and a `&...` or `#...` tail dropped.
///
/// `None` for anything else, such as an 81-character puzzle line.
pub fn payload_of(text: &str) -> Option<String> {
    let text = text.trim();
    let payload = match link_payload(text) {
        Some(payload) => payload,
        // A bare payload: every f-puzzles JSON object starts `{"`, which LZ-string writes
        // as `N4Ig` in base64.
        None if text.starts_with("N4Ig") && !text.contains(char::is_whitespace) => text,
        None => return None,
    };
    let payload = payload.split(['&', '#']).next().unwrap_or_default();
    Some(percent_decode(payload))
}

/// The part of a link after its f-puzzles marker, or `None` if `text` is no such link.
fn link_payload(text: &str) -> Option<&str> {
    let rest = text.strip_prefix("https://").or_else(|| text.strip_prefix("http://")).unwrap_or(text);
    let rest = rest.strip_prefix("www.").unwrap_or(rest);
    if let Some(rest) = rest.strip_prefix("f-puzzles.com") {
        let rest = rest.strip_prefix('/').unwrap_or(rest);
        return rest.strip_prefix("?load=");
    }
    let rest = rest.strip_prefix("sudokupad.app").or_else(|| rest.strip_prefix("app.crackingthecryptic.com"))?;
    let rest = rest.strip_prefix('/').unwrap_or(rest);
    let rest = rest.strip_prefix("sudoku/").unwrap_or(rest);
    let rest = rest.strip_prefix("?puzzleid=").unwrap_or(rest);
    rest.strip_prefix("fpuzzles")
}

/// Decodes `%XX` escapes (links escape `+`, `/` and `=` of base64); anything else is kept.
fn percent_decode(text: &str) -> String {
    let bytes = text.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        let hex = bytes.get(i + 1..i + 3).and_then(|h| std::str::from_utf8(h).ok());
        match hex.and_then(|h| u8::from_str_radix(h, 16).ok()) {
            Some(byte) if bytes[i] == b'%' => {
                out.push(byte);
                i += 3;
            }
            _ => {
                out.push(bytes[i]);
                i += 1;
            }
        }
    }
    String::from_utf8_lossy(&out).into_owned()
}

/// The f-puzzles link that loads `payload`.
pub fn link(payload: &str) -> String {
    format!("https://f-puzzles.com/?load={payload}")
}

/// Reads a payload (see [`payload_of`]): base64, LZ-string, then the JSON object.
pub fn decode(payload: &str) -> Result<FPuzzle, FPuzzlesError> {
    // lz-str skips characters outside the base64 alphabet; a typo must not pass unnoticed.
    if let Some((position, ch)) =
        payload.chars().enumerate().find(|&(_, ch)| !(ch.is_ascii_alphanumeric() || matches!(ch, '+' | '/' | '=')))
    {
        return Err(FPuzzlesError::NotBase64 { ch, position: position + 1 });
    }
    let units = lz_str::decompress_from_base64(payload).ok_or(FPuzzlesError::NotCompressed)?;
    let json = String::from_utf16(&units).map_err(|_| FPuzzlesError::NotText)?;
    from_json(&json)
}

/// Reads the f-puzzles JSON object itself.
///
/// Unknown keys are looked for first, before anything else is checked, so the error for a
/// puzzle with rules deduku lacks is always [`FPuzzlesError::UnknownRule`] naming the first
/// such key in the object's own key order (the object is read as an ordered list of pairs,
/// so this does not depend on serde_json's map type). Then the size, the grid, and the
/// rules in key order.
pub fn from_json(json: &str) -> Result<FPuzzle, FPuzzlesError> {
    let Pairs(pairs) = serde_json::from_str(json).map_err(|e| FPuzzlesError::Json { message: e.to_string() })?;
    if let Some((key, _)) = pairs.iter().find(|(key, value)| !is_known(key) && !is_empty(value)) {
        return Err(FPuzzlesError::UnknownRule { key: key.clone() });
    }
    let size = read_size(&pairs)?;
    let mut puzzle = FPuzzle { size, cells: Vec::new(), rules: Rules::default(), solution: None };
    let grid = pairs.iter().find(|(key, _)| key == "grid").map(|(_, value)| value);
    read_grid(&mut puzzle, grid.unwrap_or(&Value::Null))?;
    for (key, value) in &pairs {
        read_rule(&mut puzzle, key, value)?;
    }
    Ok(puzzle)
}

/// The keys whose rules this module reads.
const RULE_KEYS: &[&str] = &[
    "diagonal+",
    "diagonal-",
    "antiknight",
    "antiking",
    "disjointgroups",
    "nonconsecutive",
    "extraregion",
    "odd",
    "even",
    "minimum",
    "maximum",
    "difference",
    "ratio",
    "negative",
    "xv",
    "quadruple",
    "clone",
    "killercage",
    "thermometer",
    "arrow",
    "littlekillersum",
    "regionsumline",
    "palindrome",
    "whispers",
    "renban",
    "entropicline",
    "columnindexer",
    "rowindexer",
    "betweenline",
    "sandwichsum",
    "xsum",
    "skyscraper",
];

/// Whether `key` is read or deliberately ignored.
fn is_known(key: &str) -> bool {
    matches!(key, "size" | "grid" | "solution") || RULE_KEYS.contains(&key) || COSMETIC_KEYS.contains(&key)
}

/// A value that states nothing: `null`, `false`, `""`, `[]`, `{}`. An unknown key with such a
/// value adds no rule, so it is accepted.
fn is_empty(value: &Value) -> bool {
    match value {
        Value::Null => true,
        Value::Bool(b) => !b,
        Value::String(s) => s.is_empty(),
        Value::Array(a) => a.is_empty(),
        Value::Object(o) => o.is_empty(),
        Value::Number(_) => false,
    }
}

/// A JSON object's entries in the order written.
struct Pairs(Vec<(String, Value)>);

impl<'de> Deserialize<'de> for Pairs {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        /// Collects the entries of a map as they come.
        struct PairsVisitor;
        impl<'de> Visitor<'de> for PairsVisitor {
            type Value = Pairs;
            fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
                f.write_str("an f-puzzles JSON object")
            }
            fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Pairs, A::Error> {
                let mut pairs = Vec::new();
                while let Some(pair) = map.next_entry()? {
                    pairs.push(pair);
                }
                Ok(Pairs(pairs))
            }
        }
        deserializer.deserialize_map(PairsVisitor)
    }
}

/// The `size` entry, checked against [`SIZES`].
fn read_size(pairs: &[(String, Value)]) -> Result<usize, FPuzzlesError> {
    let value = pairs.iter().find(|(key, _)| key == "size").map(|(_, value)| value);
    let malformed = |message: &str| FPuzzlesError::Malformed { key: "size".into(), message: message.into() };
    let size = value.ok_or_else(|| malformed("missing"))?.as_i64().ok_or_else(|| malformed("not a whole number"))?;
    match usize::try_from(size) {
        Ok(s) if SIZES.contains(&s) => Ok(s),
        _ => Err(FPuzzlesError::UnsupportedSize { size }),
    }
}

/// One grid cell as f-puzzles writes it; other keys are checked by [`check_cell_keys`].
#[derive(Deserialize)]
struct RawCell {
    value: Option<Value>,
    #[serde(default)]
    given: bool,
    region: Option<i64>,
    parity: Option<String>,
    #[serde(rename = "givenPencilMarks")]
    given_pencil_marks: Option<Value>,
}

/// Fills `puzzle.cells` from the `grid` entry: `size` rows of `size` cell objects.
fn read_grid(puzzle: &mut FPuzzle, grid: &Value) -> Result<(), FPuzzlesError> {
    let size = puzzle.size;
    let malformed = |message: String| FPuzzlesError::Malformed { key: "grid".into(), message };
    let rows = grid.as_array().ok_or_else(|| malformed("not a list of rows".into()))?;
    if rows.len() != size {
        return Err(FPuzzlesError::GridRows { rows: rows.len(), size });
    }
    for (r, row) in rows.iter().enumerate() {
        let row = row.as_array().ok_or_else(|| malformed(format!("row {} is not a list", r + 1)))?;
        if row.len() != size {
            return Err(FPuzzlesError::GridRow { row: r + 1, cells: row.len(), size });
        }
        for (c, cell) in row.iter().enumerate() {
            let name = format!("R{}C{}", r + 1, c + 1);
            check_cell_keys(cell, &name)?;
            let raw: RawCell =
                serde_json::from_value(cell.clone()).map_err(|e| malformed(format!("cell {name}: {e}")))?;
            if raw.given_pencil_marks.as_ref().is_some_and(|v| !is_empty(v)) {
                // Given pencil marks restrict a cell's candidates: a rule deduku does not read.
                return Err(FPuzzlesError::UnknownCellKey { cell: name, key: "givenPencilMarks".into() });
            }
            let given = match (raw.given, &raw.value) {
                (true, Some(value)) => Some(read_digit(value, size, || format!("grid cell {name}"))?),
                _ => None,
            };
            let region = match raw.region {
                None => None,
                Some(n) if (0..size as i64).contains(&n) => Some(n as u8),
                Some(n) => return Err(malformed(format!("cell {name}: region {n} is not in 0..{size}"))),
            };
            // Some puzzles mark odd and even cells in the grid instead of with `odd`/`even`;
            // they become the same rules.
            match raw.parity.as_deref() {
                None | Some("") => {}
                Some("Odd" | "odd") => puzzle.rules.odd.push(r * size + c),
                Some("Even" | "even") => puzzle.rules.even.push(r * size + c),
                Some(other) => return Err(malformed(format!("cell {name}: parity \"{other}\""))),
            }
            puzzle.cells.push(FCell { given, region });
        }
    }
    Ok(())
}

/// Refuses a grid cell key that is neither read nor cosmetic, unless its value is empty.
fn check_cell_keys(cell: &Value, name: &str) -> Result<(), FPuzzlesError> {
    let Some(object) = cell.as_object() else {
        return Err(FPuzzlesError::Malformed { key: "grid".into(), message: format!("cell {name} is not an object") });
    };
    let read = ["value", "given", "region", "parity", "givenPencilMarks"];
    let unknown = |(k, v): &(&String, &Value)| {
        !read.contains(&k.as_str()) && !COSMETIC_CELL_KEYS.contains(&k.as_str()) && !is_empty(v)
    };
    match object.iter().find(unknown) {
        Some((key, _)) => Err(FPuzzlesError::UnknownCellKey { cell: name.into(), key: key.clone() }),
        None => Ok(()),
    }
}

/// A digit written as a number or a string of one, checked against `1..=size`.
fn read_digit(value: &Value, size: usize, place: impl Fn() -> String) -> Result<u8, FPuzzlesError> {
    let number = match value {
        Value::Number(n) => n.as_i64(),
        Value::String(s) => s.trim().parse().ok(),
        _ => None,
    };
    let Some(digit) = number else {
        return Err(FPuzzlesError::Malformed { key: place(), message: format!("{value} is not a digit") });
    };
    if (1..=size as i64).contains(&digit) {
        Ok(digit as u8)
    } else {
        Err(FPuzzlesError::DigitOutOfRange { place: place(), digit, size })
    }
}

/// Reads a cell reference, `R1C1` to `R16C16` (1-based; `r` and `c` in either case), into a
/// 0-based index. `key` names the entry for the error.
pub fn parse_cell(text: &str, size: usize, key: &str) -> Result<CellIndex, FPuzzlesError> {
    let malformed = || FPuzzlesError::CellMalformed { key: key.into(), text: text.into() };
    let rest = text.strip_prefix(['R', 'r']).ok_or_else(malformed)?;
    let (row, col) = rest.split_once(['C', 'c']).ok_or_else(malformed)?;
    let number = |s: &str| {
        if s.is_empty() || !s.bytes().all(|b| b.is_ascii_digit()) {
            return Err(malformed());
        }
        // All digits but too long for a number: certainly outside the grid.
        Ok(s.parse::<usize>().unwrap_or(usize::MAX))
    };
    let (row, col) = (number(row)?, number(col)?);
    if !(1..=size).contains(&row) || !(1..=size).contains(&col) {
        return Err(FPuzzlesError::CellOutside { key: key.into(), text: text.into(), size });
    }
    Ok((row - 1) * size + (col - 1))
}

/// Reads the place of a clue outside the grid: `R0C3` (above column 3), `R10C3` (below it on
/// a 9x9 grid), `R3C0`, `R3C10`. Corners and cells inside the grid are refused.
pub fn parse_outside(text: &str, size: usize, key: &str) -> Result<(usize, usize), FPuzzlesError> {
    let malformed = || FPuzzlesError::CellMalformed { key: key.into(), text: text.into() };
    let rest = text.strip_prefix(['R', 'r']).ok_or_else(malformed)?;
    let (row, col) = rest.split_once(['C', 'c']).ok_or_else(malformed)?;
    let number = |s: &str| {
        if s.is_empty() || !s.bytes().all(|b| b.is_ascii_digit()) {
            return Err(malformed());
        }
        Ok(s.parse::<usize>().unwrap_or(usize::MAX))
    };
    let (row, col) = (number(row)?, number(col)?);
    let edge = |n: usize| n == 0 || n == size + 1;
    let inside = |n: usize| (1..=size).contains(&n);
    if (edge(row) && inside(col)) || (inside(row) && edge(col)) {
        Ok((row, col))
    } else {
        Err(FPuzzlesError::ClueOutside { key: key.into(), text: text.into(), size })
    }
}

/// The values a clue of `key` can take beside a row or column of a `size`x`size` grid: a
/// sandwich holds at most every digit but the lowest and highest, an X-sum at least 1 and
/// at most the whole row, and a skyscraper sees 1 to `size` buildings.
fn clue_range(key: &str, size: u32) -> std::ops::RangeInclusive<u32> {
    let whole = size * (size + 1) / 2;
    match key {
        "sandwichsum" => 0..=whole - 1 - size,
        "xsum" => 1..=whole,
        _ => 1..=size,
    }
}

/// `R3C5` for a 0-based cell index.
pub fn cell_name(cell: CellIndex, size: usize) -> String {
    format!("R{}C{}", cell / size + 1, cell % size + 1)
}

/// An entry of a list rule: f-puzzles uses `cell` or `cells`, and a `value` string (or
/// number) for some of them.
#[derive(Deserialize)]
struct RawEntry {
    cell: Option<String>,
    #[serde(default)]
    cells: Vec<String>,
    value: Option<Value>,
    #[serde(rename = "cloneCells", default)]
    clone_cells: Vec<String>,
    #[serde(default)]
    values: Vec<Value>,
    #[serde(default)]
    lines: Vec<Vec<String>>,
    direction: Option<String>,
}

/// Reads one top-level entry into `puzzle.rules` (or its solution); other keys are skipped.
fn read_rule(puzzle: &mut FPuzzle, key: &str, value: &Value) -> Result<(), FPuzzlesError> {
    let size = puzzle.size;
    let rules = &mut puzzle.rules;
    let malformed = |message: String| FPuzzlesError::Malformed { key: key.into(), message };
    let flag = || match value {
        Value::Bool(b) => Ok(*b),
        Value::Null => Ok(false),
        other => Err(malformed(format!("{other} is not true or false"))),
    };
    match key {
        "diagonal+" => rules.diagonal_positive = flag()?,
        "diagonal-" => rules.diagonal_negative = flag()?,
        "antiknight" => rules.antiknight = flag()?,
        "antiking" => rules.antiking = flag()?,
        "disjointgroups" => rules.disjoint_groups = flag()?,
        "nonconsecutive" => rules.nonconsecutive = flag()?,
        "negative" => rules.negative = read_negative(value, &malformed)?,
        "solution" => puzzle.solution = read_solution(value, size),
        _ if RULE_KEYS.contains(&key) => {
            let entries: Vec<RawEntry> = match value {
                Value::Null => Vec::new(),
                _ => serde_json::from_value(value.clone()).map_err(|e| malformed(e.to_string()))?,
            };
            for (i, entry) in entries.iter().enumerate() {
                read_entry(rules, key, entry, size).map_err(|e| match e {
                    FPuzzlesError::Malformed { message, .. } => malformed(format!("entry {}: {message}", i + 1)),
                    other => other,
                })?;
            }
        }
        _ => {}
    }
    Ok(())
}

/// Reads the `negative` list of names.
fn read_negative(value: &Value, malformed: &dyn Fn(String) -> FPuzzlesError) -> Result<Negative, FPuzzlesError> {
    let names: Vec<String> = match value {
        Value::Null => Vec::new(),
        _ => serde_json::from_value(value.clone()).map_err(|e| malformed(e.to_string()))?,
    };
    let mut negative = Negative::default();
    for name in names {
        match name.as_str() {
            "difference" => negative.difference = true,
            "ratio" => negative.ratio = true,
            "xv" => negative.xv = true,
            _ => return Err(FPuzzlesError::UnknownNegative { name }),
        }
    }
    Ok(negative)
}

/// Reads a stored solution: `size * size` digits, row after row. Anything else (a partial
/// solution with blanks, a wrong length, a digit out of range) is dropped rather than refused:
/// the solution constrains nothing, so it must not stop a puzzle being read.
fn read_solution(value: &Value, size: usize) -> Option<Vec<u8>> {
    let digits = value.as_array().filter(|digits| digits.len() == size * size)?;
    digits.iter().map(|d| read_digit(d, size, String::new).ok()).collect()
}

/// Reads one entry of a list rule `key` into `rules`.
fn read_entry(rules: &mut Rules, key: &str, entry: &RawEntry, size: usize) -> Result<(), FPuzzlesError> {
    let malformed = |message: String| FPuzzlesError::Malformed { key: key.into(), message };
    let cells = entry.cells.iter().map(|c| parse_cell(c, size, key)).collect::<Result<Vec<_>, _>>()?;
    let one_cell = || match &entry.cell {
        Some(cell) => parse_cell(cell, size, key),
        None => Err(malformed("no \"cell\"".into())),
    };
    let pair = || {
        <[CellIndex; 2]>::try_from(cells.as_slice())
            .map_err(|_| malformed(format!("{} cells; a pair needs 2", cells.len())))
    };
    let value_text = match &entry.value {
        None | Some(Value::Null) => None,
        Some(Value::String(s)) if s.is_empty() => None,
        Some(Value::String(s)) => Some(s.clone()),
        Some(other) => Some(other.to_string()),
    };
    match key {
        "extraregion" => rules.extra_regions.push(cells),
        "odd" => rules.odd.push(one_cell()?),
        "even" => rules.even.push(one_cell()?),
        "minimum" => rules.minimum.push(one_cell()?),
        "maximum" => rules.maximum.push(one_cell()?),
        "difference" | "ratio" => {
            let value = match value_text {
                None => None,
                Some(text) => {
                    let number = text.trim().parse::<u32>();
                    Some(number.map_err(|_| malformed(format!("value \"{text}\" is not a number")))?)
                }
            };
            let dot = Dot { cells: pair()?, value };
            if key == "difference" { rules.difference.push(dot) } else { rules.ratio.push(dot) }
        }
        "xv" => {
            let kind = match value_text.as_deref() {
                Some("X" | "x") => XvKind::X,
                Some("V" | "v") => XvKind::V,
                other => return Err(malformed(format!("value {other:?} is not \"X\" or \"V\""))),
            };
            rules.xv.push(Xv { cells: pair()?, kind });
        }
        "quadruple" => {
            let cells = <[CellIndex; 4]>::try_from(cells.as_slice())
                .map_err(|_| malformed(format!("{} cells; a quadruple needs 4", cells.len())))?;
            let digits =
                entry.values.iter().map(|d| read_digit(d, size, || key.to_string())).collect::<Result<_, _>>()?;
            rules.quadruples.push(Quadruple { cells, digits });
        }
        "clone" => {
            let clone_cells =
                entry.clone_cells.iter().map(|c| parse_cell(c, size, key)).collect::<Result<Vec<_>, _>>()?;
            if clone_cells.len() != cells.len() {
                return Err(malformed(format!("{} cells but {} clone cells", cells.len(), clone_cells.len())));
            }
            rules.clones.push(CloneGroup { cells, clone_cells });
        }
        "killercage" => {
            if cells.is_empty() {
                return Err(malformed("a cage with no cells".into()));
            }
            let sum = match value_text {
                None => None,
                Some(text) => Some(text.trim().parse::<u32>().map_err(|_| malformed(format!("value \"{text}\" is not a sum")))?),
            };
            rules.killer_cages.push(KillerCage { cells, sum });
        }
        "thermometer" => {
            let lines = read_lines(entry, size, key)?;
            for line in &lines {
                // Why refused here: the digits of a longer line cannot all rise.
                if line.len() > size {
                    return Err(malformed(format!("a line of {} cells cannot rise on a {size}x{size} grid", line.len())));
                }
                if let Some(i) = (0..line.len()).find(|&i| line[..i].contains(&line[i])) {
                    return Err(malformed(format!("a line passes {} twice", cell_name(line[i], size))));
                }
            }
            rules.thermometers.push(Thermometer { lines });
        }
        "arrow" => {
            if cells.is_empty() {
                return Err(malformed("an arrow with no circle (\"cells\")".into()));
            }
            // Why refused: a circle of several cells reads its digits as a decimal number,
            // which digits above 9 have no place in.
            if cells.len() > 1 && size > 9 {
                return Err(malformed(format!("a circle of {} cells on a {size}x{size} grid (read as a number only up to 9x9)", cells.len())));
            }
            if cells.len() > 3 {
                return Err(malformed(format!("a circle of {} cells (at most 3)", cells.len())));
            }
            let lines = read_lines(entry, size, key)?;
            if lines.iter().flatten().all(|c| cells.contains(c)) {
                return Err(malformed("an arrow with no cell on its shaft".into()));
            }
            rules.arrows.push(Arrow { circle: cells, lines });
        }
        "littlekillersum" => {
            let clue_text = entry.cell.as_deref().ok_or_else(|| malformed("a clue with no \"cell\"".into()))?;
            let clue = parse_clue(clue_text, size, key)?;
            let direction = match entry.direction.as_deref() {
                Some(name) => Diagonal::NAMES.iter().position(|&n| n == name).map(|i| Diagonal::ALL[i]),
                None => None,
            };
            let direction = direction.ok_or_else(|| malformed(format!("the clue at {clue_text} has direction {:?}, not one of UL, UR, DL, DR", entry.direction.as_deref().unwrap_or(""))))?;
            let sum = match value_text {
                None => None,
                Some(text) => Some(text.trim().parse::<u32>().map_err(|_| malformed(format!("the clue at {clue_text} has value \"{text}\", not a sum")))?),
            };
            let killer = LittleKiller { clue, direction, sum };
            let diagonal = killer.cells(size);
            if diagonal.is_empty() {
                return Err(malformed(format!("the diagonal from {clue_text} going {} misses the grid", direction.name())));
            }
            // Why check the cells f-puzzles lists: they are what the setter saw drawn, and a
            // list that is not the clue's diagonal means the clue was misread or edited.
            if !cells.is_empty() && cells != diagonal {
                let names = |cells: &[CellIndex]| cells.iter().map(|&c| cell_name(c, size)).collect::<Vec<_>>().join(",");
                return Err(malformed(format!("the clue at {clue_text} lists {}, but its diagonal going {} is {}", names(&cells), direction.name(), names(&diagonal))));
            }
            rules.little_killers.push(killer);
        }
        "regionsumline" | "palindrome" => {
            let lines = read_lines(entry, size, key)?;
            // Why refused: a cell counted twice in a sum, or read twice from a palindrome,
            // is no line a setter draws.
            for line in &lines {
                if let Some(i) = (0..line.len()).find(|&i| line[..i].contains(&line[i])) {
                    return Err(malformed(format!("a line passes {} twice", cell_name(line[i], size))));
                }
            }
            if key == "palindrome" { rules.palindromes.push(Lines { lines }) } else { rules.region_sum_lines.push(Lines { lines }) }
        }
        "whispers" => {
            let lines = drawn_lines(entry, size, key)?;
            let value = match value_text {
                None => None,
                Some(text) => match text.trim().parse::<u32>() {
                    // Why refused: a difference of 0 says nothing, one of the size or more
                    // no two digits have.
                    Ok(n) if (1..size as u32).contains(&n) => Some(n),
                    _ => return Err(malformed(format!("value \"{text}\" is not a difference of 1 to {}", size - 1))),
                },
            };
            rules.whispers.push(Whisper { lines, value });
        }
        "renban" => {
            let lines = drawn_lines(entry, size, key)?;
            if let Some(line) = lines.iter().find(|l| l.len() > size) {
                return Err(malformed(format!("a line of {} cells cannot hold different digits on a {size}x{size} grid", line.len())));
            }
            rules.renbans.push(Lines { lines });
        }
        "entropicline" => {
            // Why refused: the low, middle and high digits are thirds of the digits.
            if size % 3 != 0 {
                return Err(malformed(format!("a {size}x{size} grid's digits do not split into three bands (sizes 6, 9, 12 and 15 do)")));
            }
            rules.entropic_lines.push(Lines { lines: drawn_lines(entry, size, key)? });
        }
        "columnindexer" | "rowindexer" => {
            if cells.is_empty() {
                return Err(malformed("no \"cells\"".into()));
            }
            if key == "columnindexer" { rules.column_indexers.push(cells) } else { rules.row_indexers.push(cells) }
        }
        "betweenline" => {
            let lines = read_lines(entry, size, key)?;
            for line in &lines {
                if let Some(i) = (0..line.len()).find(|&i| line[..i].contains(&line[i])) {
                    return Err(malformed(format!("a line passes {} twice", cell_name(line[i], size))));
                }
                if line.len() > 64 {
                    return Err(malformed(format!("a line of {} cells (at most 64)", line.len())));
                }
            }
            rules.between_lines.push(BetweenLine { lines });
        }
        "sandwichsum" | "xsum" | "skyscraper" => {
            let Some(place) = &entry.cell else { return Err(malformed("no \"cell\"".into())) };
            let (row, col) = parse_outside(place, size, key)?;
            let Some(text) = value_text else { return Err(malformed(format!("{place} has no value"))) };
            let value = text.trim().parse::<u32>().map_err(|_| malformed(format!("{place}: value \"{text}\" is not a whole number")))?;
            let range = clue_range(key, size as u32);
            if !range.contains(&value) {
                return Err(malformed(format!("{place}: {value} cannot be made beside a row or column of a {size}x{size} grid ({} to {})", range.start(), range.end())));
            }
            let clue = OutsideClue { row, col, value };
            match key {
                "sandwichsum" => rules.sandwiches.push(clue),
                "xsum" => rules.x_sums.push(clue),
                _ => rules.skyscrapers.push(clue),
            }
        }
        _ => unreachable!("read_rule passes only list rules"),
    }
    Ok(())
}

/// A little killer's clue, `R0C4`: a place in the ring of cells around the grid (rows and
/// columns 0 to `size + 1`, at least one of them 0 or `size + 1`), as its row and column.
fn parse_clue(text: &str, size: usize, key: &str) -> Result<[usize; 2], FPuzzlesError> {
    let malformed = || FPuzzlesError::CellMalformed { key: key.into(), text: text.into() };
    let rest = text.strip_prefix(['R', 'r']).ok_or_else(malformed)?;
    let (row, col) = rest.split_once(['C', 'c']).ok_or_else(malformed)?;
    let number = |s: &str| {
        if s.is_empty() || !s.bytes().all(|b| b.is_ascii_digit()) {
            return Err(malformed());
        }
        Ok(s.parse::<usize>().unwrap_or(usize::MAX))
    };
    let (row, col) = (number(row)?, number(col)?);
    let ring = 0..=size + 1;
    if !ring.contains(&row) || !ring.contains(&col) {
        return Err(FPuzzlesError::Malformed { key: key.into(), message: format!("the clue at {text} is not next to a {size}x{size} grid") });
    }
    if (1..=size).contains(&row) && (1..=size).contains(&col) {
        return Err(FPuzzlesError::Malformed { key: key.into(), message: format!("the clue at {text} is inside the grid; a clue sits outside it") });
    }
    Ok([row, col])
}

/// The `lines` of a line rule's entry ([`read_lines`]), each drawn from a cell to a touching
/// one (diagonally too) and passing no cell twice.
fn drawn_lines(entry: &RawEntry, size: usize, key: &str) -> Result<Vec<Vec<CellIndex>>, FPuzzlesError> {
    let malformed = |message: String| FPuzzlesError::Malformed { key: key.into(), message };
    let lines = read_lines(entry, size, key)?;
    for line in &lines {
        // Why refused: "neighbours along the line" means nothing across a gap.
        if let Some(w) = line.windows(2).find(|w| (w[0] / size).abs_diff(w[1] / size) > 1 || (w[0] % size).abs_diff(w[1] % size) > 1) {
            return Err(malformed(format!("a line jumps from {} to {}, which do not touch", cell_name(w[0], size), cell_name(w[1], size))));
        }
        if let Some(i) = (0..line.len()).find(|&i| line[..i].contains(&line[i])) {
            return Err(malformed(format!("a line passes {} twice", cell_name(line[i], size))));
        }
    }
    Ok(lines)
}

/// The `lines` of an entry (each a list of cells), none of them empty, and at least one.
fn read_lines(entry: &RawEntry, size: usize, key: &str) -> Result<Vec<Vec<CellIndex>>, FPuzzlesError> {
    let malformed = |message: String| FPuzzlesError::Malformed { key: key.into(), message };
    if entry.lines.is_empty() {
        return Err(malformed("no \"lines\"".into()));
    }
    let mut lines = Vec::with_capacity(entry.lines.len());
    for line in &entry.lines {
        if line.is_empty() {
            return Err(malformed("a line with no cells".into()));
        }
        lines.push(line.iter().map(|c| parse_cell(c, size, key)).collect::<Result<Vec<_>, _>>()?);
    }
    Ok(lines)
}

/// The f-puzzles JSON written by [`encode`], fields in the order f-puzzles writes them.
#[derive(Serialize)]
struct OutPuzzle {
    size: usize,
    grid: Vec<Vec<OutCell>>,
    #[serde(rename = "diagonal+", skip_serializing_if = "is_false")]
    diagonal_positive: bool,
    #[serde(rename = "diagonal-", skip_serializing_if = "is_false")]
    diagonal_negative: bool,
    #[serde(skip_serializing_if = "is_false")]
    antiknight: bool,
    #[serde(skip_serializing_if = "is_false")]
    antiking: bool,
    #[serde(skip_serializing_if = "is_false")]
    disjointgroups: bool,
    #[serde(skip_serializing_if = "is_false")]
    nonconsecutive: bool,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    negative: Vec<&'static str>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    extraregion: Vec<OutEntry>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    odd: Vec<OutEntry>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    even: Vec<OutEntry>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    minimum: Vec<OutEntry>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    maximum: Vec<OutEntry>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    difference: Vec<OutEntry>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    ratio: Vec<OutEntry>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    xv: Vec<OutEntry>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    quadruple: Vec<OutEntry>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    clone: Vec<OutEntry>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    killercage: Vec<OutEntry>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    thermometer: Vec<OutEntry>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    arrow: Vec<OutEntry>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    littlekillersum: Vec<OutEntry>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    regionsumline: Vec<OutEntry>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    palindrome: Vec<OutEntry>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    whispers: Vec<OutEntry>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    renban: Vec<OutEntry>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    entropicline: Vec<OutEntry>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    columnindexer: Vec<OutEntry>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    rowindexer: Vec<OutEntry>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    betweenline: Vec<OutEntry>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    sandwichsum: Vec<OutEntry>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    xsum: Vec<OutEntry>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    skyscraper: Vec<OutEntry>,
    #[serde(skip_serializing_if = "Option::is_none")]
    solution: Option<Vec<u8>>,
}

/// A grid cell as written: `{}` when empty.
#[derive(Serialize)]
struct OutCell {
    #[serde(skip_serializing_if = "Option::is_none")]
    value: Option<u8>,
    #[serde(skip_serializing_if = "is_false")]
    given: bool,
    #[serde(skip_serializing_if = "Option::is_none")]
    region: Option<u8>,
}

/// An entry of a list rule as written; values are strings, as f-puzzles writes them.
#[derive(Default, Serialize)]
struct OutEntry {
    #[serde(skip_serializing_if = "Option::is_none")]
    cell: Option<String>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    cells: Vec<String>,
    #[serde(rename = "cloneCells", skip_serializing_if = "Vec::is_empty")]
    clone_cells: Vec<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    direction: Option<&'static str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    value: Option<String>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    values: Vec<u8>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    lines: Vec<Vec<String>>,
}

/// For `skip_serializing_if`.
fn is_false(b: &bool) -> bool {
    !b
}

/// Writes `puzzle` as an f-puzzles payload (JSON, LZ-string, base64); [`link`] makes it a
/// link. The puzzle should be valid (cells inside the grid, digits in range): [`decode`]
/// refuses what it would refuse anywhere else.
pub fn encode(puzzle: &FPuzzle) -> String {
    lz_str::compress_to_base64(to_json(puzzle).as_str())
}

/// The f-puzzles JSON object for `puzzle`, uncompressed.
pub fn to_json(puzzle: &FPuzzle) -> String {
    let size = puzzle.size;
    let name = |&cell: &CellIndex| cell_name(cell, size);
    let names = |cells: &[CellIndex]| cells.iter().map(name).collect::<Vec<_>>();
    let single = |cells: &[CellIndex]| {
        cells.iter().map(|c| OutEntry { cell: Some(name(c)), ..OutEntry::default() }).collect()
    };
    let dots = |dots: &[Dot]| {
        let dot = |d: &Dot| {
            OutEntry { cells: names(&d.cells), value: d.value.map(|v| v.to_string()), ..OutEntry::default() }
        };
        dots.iter().map(dot).collect()
    };
    let outside = |clues: &[OutsideClue]| clues.iter().map(|c| OutEntry { cell: Some(c.name()), value: Some(c.value.to_string()), ..OutEntry::default() }).collect();
    let rules = &puzzle.rules;
    let negative = NEGATIVE_NAMES.into_iter().zip([rules.negative.difference, rules.negative.ratio, rules.negative.xv]);
    let out = OutPuzzle {
        size,
        grid: puzzle
            .cells
            .chunks(size.max(1))
            .map(|row| {
                let cell = |c: &FCell| OutCell { value: c.given, given: c.given.is_some(), region: c.region };
                row.iter().map(cell).collect()
            })
            .collect(),
        diagonal_positive: rules.diagonal_positive,
        diagonal_negative: rules.diagonal_negative,
        antiknight: rules.antiknight,
        antiking: rules.antiking,
        disjointgroups: rules.disjoint_groups,
        nonconsecutive: rules.nonconsecutive,
        negative: negative.filter(|&(_, on)| on).map(|(n, _)| n).collect(),
        extraregion: rules.extra_regions.iter().map(|r| OutEntry { cells: names(r), ..OutEntry::default() }).collect(),
        odd: single(&rules.odd),
        even: single(&rules.even),
        minimum: single(&rules.minimum),
        maximum: single(&rules.maximum),
        difference: dots(&rules.difference),
        ratio: dots(&rules.ratio),
        xv: rules
            .xv
            .iter()
            .map(|x| {
                let value = match x.kind {
                    XvKind::X => "X",
                    XvKind::V => "V",
                };
                OutEntry { cells: names(&x.cells), value: Some(value.into()), ..OutEntry::default() }
            })
            .collect(),
        quadruple: rules
            .quadruples
            .iter()
            .map(|q| OutEntry { cells: names(&q.cells), values: q.digits.clone(), ..OutEntry::default() })
            .collect(),
        clone: rules
            .clones
            .iter()
            .map(|c| OutEntry { cells: names(&c.cells), clone_cells: names(&c.clone_cells), ..OutEntry::default() })
            .collect(),
        killercage: rules
            .killer_cages
            .iter()
            .map(|k| OutEntry { cells: names(&k.cells), value: k.sum.map(|s| s.to_string()), ..OutEntry::default() })
            .collect(),
        thermometer: rules.thermometers.iter().map(|t| OutEntry { lines: t.lines.iter().map(|l| names(l)).collect(), ..OutEntry::default() }).collect(),
        arrow: rules.arrows.iter().map(|a| OutEntry { cells: names(&a.circle), lines: a.lines.iter().map(|l| names(l)).collect(), ..OutEntry::default() }).collect(),
        // Why the diagonal's cells too: f-puzzles lists them, and reading checks them.
        littlekillersum: rules
            .little_killers
            .iter()
            .map(|k| OutEntry {
                cell: Some(format!("R{}C{}", k.clue[0], k.clue[1])),
                cells: names(&k.cells(size)),
                direction: Some(k.direction.name()),
                value: k.sum.map(|s| s.to_string()),
                ..OutEntry::default()
            })
            .collect(),
        regionsumline: rules.region_sum_lines.iter().map(|e| OutEntry { lines: e.lines.iter().map(|l| names(l)).collect(), ..OutEntry::default() }).collect(),
        palindrome: rules.palindromes.iter().map(|e| OutEntry { lines: e.lines.iter().map(|l| names(l)).collect(), ..OutEntry::default() }).collect(),
        whispers: rules
            .whispers
            .iter()
            .map(|w| OutEntry { lines: w.lines.iter().map(|l| names(l)).collect(), value: w.value.map(|v| v.to_string()), ..OutEntry::default() })
            .collect(),
        renban: rules.renbans.iter().map(|r| OutEntry { lines: r.lines.iter().map(|l| names(l)).collect(), ..OutEntry::default() }).collect(),
        entropicline: rules.entropic_lines.iter().map(|r| OutEntry { lines: r.lines.iter().map(|l| names(l)).collect(), ..OutEntry::default() }).collect(),
        columnindexer: rules.column_indexers.iter().map(|c| OutEntry { cells: names(c), ..OutEntry::default() }).collect(),
        rowindexer: rules.row_indexers.iter().map(|c| OutEntry { cells: names(c), ..OutEntry::default() }).collect(),
        betweenline: rules.between_lines.iter().map(|b| OutEntry { lines: b.lines.iter().map(|l| names(l)).collect(), ..OutEntry::default() }).collect(),
        sandwichsum: outside(&rules.sandwiches),
        xsum: outside(&rules.x_sums),
        skyscraper: outside(&rules.skyscrapers),
        solution: puzzle.solution.clone(),
    };
    serde_json::to_string(&out).expect("plain data always serialises")
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;
    use serde_json::json;

    /// An empty `size`x`size` grid as f-puzzles writes it.
    fn empty_grid(size: usize) -> Value {
        json!(vec![vec![json!({}); size]; size])
    }

    /// Decodes a JSON value through the whole path: compressed, then read back.
    fn decode_json(value: &Value) -> Result<FPuzzle, FPuzzlesError> {
        decode(&lz_str::compress_to_base64(value.to_string().as_str()))
    }

    /// A 9x9 puzzle object with `extra` entries added after `size` and `grid`.
    fn puzzle_with(extra: &[(&str, Value)]) -> Value {
        let mut object = serde_json::Map::new();
        object.insert("size".into(), json!(9));
        object.insert("grid".into(), empty_grid(9));
        for (key, value) in extra {
            object.insert((*key).into(), value.clone());
        }
        Value::Object(object)
    }

    #[test]
    fn cells_in_each_form() {
        assert_eq!(parse_cell("R1C1", 9, "k"), Ok(0));
        assert_eq!(parse_cell("r3c5", 9, "k"), Ok(2 * 9 + 4));
        assert_eq!(parse_cell("R9C9", 9, "k"), Ok(80));
        assert_eq!(parse_cell("R16C16", 16, "k"), Ok(255));
        assert_eq!(parse_cell("R6C1", 6, "k"), Ok(30));
        assert_eq!(cell_name(30, 6), "R6C1");
    }

    #[test]
    fn cells_malformed_or_outside() {
        for text in ["", "R1", "C1", "RC1", "R1C", "X1C1", "R1C1 ", " R1C1", "R-1C1", "R+1C1", "R1C1C1", "R1.0C1"] {
            let err = parse_cell(text, 9, "odd").unwrap_err();
            assert_eq!(err, FPuzzlesError::CellMalformed { key: "odd".into(), text: text.into() }, "{text:?}");
        }
        assert_eq!(parse_cell("X1C1", 9, "odd").unwrap_err().to_string(), "odd: \"X1C1\" is not a cell like \"R1C1\"");
        for text in ["R10C1", "R0C1", "R1C0", "R1C10", "R99999999999999999999999C1"] {
            assert!(matches!(parse_cell(text, 9, "odd"), Err(FPuzzlesError::CellOutside { .. })), "{text}");
        }
        assert_eq!(parse_cell("R10C1", 9, "odd").unwrap_err().to_string(), "odd: \"R10C1\" is outside a 9x9 grid");
        assert!(parse_cell("R5C5", 4, "k").is_err());
    }

    #[test]
    fn payloads_from_each_link_form() {
        let p = "N4IgzglgXgpiBcBOANCA+/=";
        let expect = Some(p.to_string());
        for text in [
            format!("https://f-puzzles.com/?load={p}"),
            format!("http://f-puzzles.com/?load={p}"),
            format!("https://www.f-puzzles.com/?load={p}"),
            format!("http://www.f-puzzles.com/?load={p}&other=1"),
            format!("  https://sudokupad.app/fpuzzles{p}\n"),
            format!("https://sudokupad.app/?puzzleid=fpuzzles{p}"),
            format!("https://sudokupad.app/sudoku/fpuzzles{p}"),
            format!("https://app.crackingthecryptic.com/sudoku/?puzzleid=fpuzzles{p}"),
            "https://sudokupad.app/?puzzleid=fpuzzlesN4IgzglgXgpiBcBOANCA%2B%2F%3D&setting-foo=1".to_string(),
            "https://f-puzzles.com/?load=N4IgzglgXgpiBcBOANCA%2b%2f%3d".to_string(),
            p.to_string(),
        ] {
            assert_eq!(payload_of(&text), expect, "{text}");
        }
    }

    #[test]
    fn no_payload_in_other_text() {
        let line = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";
        for text in [line, "", "https://example.com/?load=N4Ig", "https://sudokupad.app/abc123", "N4Ig with spaces", "n4ig"] {
            assert_eq!(payload_of(text), None, "{text}");
        }
    }

    #[test]
    fn reads_givens_regions_and_every_rule() {
        let mut grid = empty_grid(9);
        grid[0][0] = json!({"value": 5, "given": true, "c": "#D0D0FF"});
        grid[0][1] = json!({"value": 6}); // a player's digit: not a given
        grid[0][2] = json!({"value": 7, "given": false, "centerPencilMarks": [1, 2]});
        grid[4][4] = json!({"region": 3, "givenPencilMarks": null});
        grid[8][8] = json!({"value": "9", "given": true});
        let value = json!({
            "size": 9, "title": "t", "author": "a", "ruleset": "r", "grid": grid,
            "diagonal+": true, "diagonal-": false, "antiknight": true, "antiking": true,
            "disjointgroups": true, "nonconsecutive": true,
            "extraregion": [{"cells": ["R1C1", "R2C2"]}],
            "odd": [{"cell": "R1C2"}], "even": [{"cell": "R2C1"}],
            "minimum": [{"cell": "R3C3"}], "maximum": [{"cell": "R4C4"}],
            "difference": [{"cells": ["R1C1", "R1C2"]}, {"cells": ["R2C1", "R2C2"], "value": "3"}],
            "ratio": [{"cells": ["R3C1", "R3C2"], "value": 3}],
            "negative": ["ratio", "xv"],
            "xv": [{"cells": ["R5C5", "R5C6"], "value": "X"}, {"cells": ["R6C5", "R6C6"], "value": "V"}],
            "quadruple": [{"cells": ["R1C1", "R1C2", "R2C1", "R2C2"], "values": [1, 2]}],
            "clone": [{"cells": ["R1C1"], "cloneCells": ["R9C9"]}],
            "cage": [{"cells": ["R1C1"], "outlineC": "#000000"}], "line": [{"lines": [["R1C1", "R1C2"]]}],
            "killercage": [], "highlightConflicts": false, "disabledlogic": [],
        });
        let p = decode_json(&value).unwrap();
        assert_eq!(p.size, 9);
        assert_eq!(p.cells.len(), 81);
        let givens: Vec<(usize, u8)> = p.cells.iter().enumerate().filter_map(|(i, c)| c.given.map(|d| (i, d))).collect();
        assert_eq!(givens, [(0, 5), (80, 9)]);
        assert_eq!(p.cells[40].region, Some(3));
        assert_eq!(p.cells.iter().filter(|c| c.region.is_some()).count(), 1);
        let r = &p.rules;
        assert!(r.diagonal_positive && !r.diagonal_negative && r.antiknight && r.antiking);
        assert!(r.disjoint_groups && r.nonconsecutive);
        assert_eq!(r.extra_regions, [vec![0, 10]]);
        assert_eq!((r.odd.as_slice(), r.even.as_slice()), (&[1][..], &[9][..]));
        assert_eq!((r.minimum.as_slice(), r.maximum.as_slice()), (&[20][..], &[30][..]));
        assert_eq!(r.difference, [Dot { cells: [0, 1], value: None }, Dot { cells: [9, 10], value: Some(3) }]);
        assert_eq!(r.ratio, [Dot { cells: [18, 19], value: Some(3) }]);
        assert_eq!(r.negative, Negative { difference: false, ratio: true, xv: true });
        assert_eq!(r.xv, [Xv { cells: [40, 41], kind: XvKind::X }, Xv { cells: [49, 50], kind: XvKind::V }]);
        assert_eq!(r.quadruples, [Quadruple { cells: [0, 1, 9, 10], digits: vec![1, 2] }]);
        assert_eq!(r.clones, [CloneGroup { cells: vec![0], clone_cells: vec![80] }]);
        assert_eq!(p.solution, None);
    }

    #[test]
    fn grid_parity_marks_become_odd_and_even() {
        let mut grid = empty_grid(9);
        grid[0][0] = json!({"parity": "Even"});
        grid[8][8] = json!({"parity": "Odd"});
        let p = decode_json(&json!({"size": 9, "grid": grid})).unwrap();
        assert_eq!((p.rules.odd, p.rules.even), (vec![80], vec![0]));
    }

    #[test]
    fn reads_a_full_solution_and_drops_any_other() {
        let solution: Vec<u8> = (0..16).map(|i| (i % 4 + 1) as u8).collect();
        let p = decode_json(&json!({"size": 4, "grid": empty_grid(4), "solution": solution})).unwrap();
        assert_eq!(p.solution, Some(solution));
        for partial in [json!([1, 2]), json!(vec![0; 16]), json!(vec!["."; 16]), json!("1234")] {
            let p = decode_json(&json!({"size": 4, "grid": empty_grid(4), "solution": partial})).unwrap();
            assert_eq!(p.solution, None);
        }
    }

    #[test]
    fn the_first_unknown_key_in_object_order_is_named() {
        let value = puzzle_with(&[("zigzagline", json!([{"lines": [["R1C1"]]}])), ("killercage", json!([{"cells": ["R1C1"]}]))]);
        let err = decode_json(&value).unwrap_err();
        assert_eq!(err, FPuzzlesError::UnknownRule { key: "zigzagline".into() });
        assert_eq!(err.to_string(), "f-puzzles rule \"zigzagline\" is not supported");
        // serde_json::Map sorts keys; written by hand the order is the text's.
        let text = r#"{"size":9,"nosuchline":[{"lines":[["R1C1"]]}],"grid":[],"othernosuchline":[{"lines":[["R1C1"]]}]}"#;
        assert_eq!(from_json(text), Err(FPuzzlesError::UnknownRule { key: "nosuchline".into() }));
        // Unknown keys are found before the grid or the size are checked.
        let text = r#"{"size":99,"zigzagline":[{"lines":[["R1C1","R1C2"]]}]}"#;
        assert_eq!(from_json(text), Err(FPuzzlesError::UnknownRule { key: "zigzagline".into() }));
    }

    #[test]
    fn unknown_keys_with_empty_values_are_accepted() {
        let value = puzzle_with(&[("killercage", json!([])), ("sandwichsum", json!(null)), ("somebool", json!(false))]);
        assert!(decode_json(&value).is_ok());
    }

    #[test]
    fn unknown_negatives_and_cell_keys_are_refused() {
        let err = decode_json(&puzzle_with(&[("negative", json!(["sandwich"]))])).unwrap_err();
        assert_eq!(err.to_string(), "f-puzzles negative constraint \"sandwich\" is not supported");
        let mut grid = empty_grid(9);
        grid[1][2] = json!({"givenPencilMarks": [1, 2]});
        let err = decode_json(&json!({"size": 9, "grid": grid})).unwrap_err();
        assert_eq!(err.to_string(), "grid cell R2C3: f-puzzles cell key \"givenPencilMarks\" is not supported");
        let mut grid = empty_grid(9);
        grid[0][0] = json!({"mystery": 1});
        let err = decode_json(&json!({"size": 9, "grid": grid})).unwrap_err();
        assert_eq!(err, FPuzzlesError::UnknownCellKey { cell: "R1C1".into(), key: "mystery".into() });
    }

    #[test]
    fn bad_payloads() {
        assert_eq!(decode("N4Ig!x").unwrap_err().to_string(), "the f-puzzles payload is not base64: '!' at character 5");
        assert_eq!(decode("N4Ig x"), Err(FPuzzlesError::NotBase64 { ch: ' ', position: 5 }));
        assert_eq!(decode("////"), Err(FPuzzlesError::NotCompressed));
        let err = decode(&lz_str::compress_to_base64("not json")).unwrap_err();
        assert!(matches!(err, FPuzzlesError::Json { .. }), "{err}");
        assert!(err.to_string().starts_with("the f-puzzles JSON is invalid: expected"), "{err}");
        let err = decode(&lz_str::compress_to_base64("[1, 2]")).unwrap_err();
        assert!(err.to_string().contains("an f-puzzles JSON object"), "{err}");
        // Nothing decompresses to nothing, which is not JSON.
        assert!(matches!(decode(""), Err(FPuzzlesError::Json { .. })));
    }

    #[test]
    fn bad_sizes_and_grid_shapes() {
        for size in [3, 17, 0, -1] {
            let err = decode_json(&json!({"size": size, "grid": []})).unwrap_err();
            assert_eq!(err, FPuzzlesError::UnsupportedSize { size });
        }
        assert_eq!(from_json(r#"{"size":3}"#).unwrap_err().to_string(), "a 3x3 grid is not supported (sizes 4 to 16)");
        assert!(matches!(from_json(r#"{"grid":[]}"#), Err(FPuzzlesError::Malformed { .. })));
        let err = decode_json(&json!({"size": 9, "grid": empty_grid(8)})).unwrap_err();
        assert_eq!(err.to_string(), "the grid has 8 rows; a 9x9 puzzle needs 9");
        let mut grid = empty_grid(9);
        grid[3].as_array_mut().unwrap().pop();
        let err = decode_json(&json!({"size": 9, "grid": grid})).unwrap_err();
        assert_eq!(err.to_string(), "grid row 4 has 8 cells; a 9x9 puzzle needs 9");
        let mut grid = empty_grid(9);
        grid[0][0] = json!({"region": 9});
        assert!(matches!(decode_json(&json!({"size": 9, "grid": grid})), Err(FPuzzlesError::Malformed { .. })));
    }

    #[test]
    fn digits_outside_the_grid() {
        let mut grid = empty_grid(9);
        grid[2][3] = json!({"value": 10, "given": true});
        let err = decode_json(&json!({"size": 9, "grid": grid})).unwrap_err();
        assert_eq!(err.to_string(), "grid cell R3C4: 10 is not a digit of a 9x9 grid");
        let mut grid = empty_grid(9);
        grid[0][0] = json!({"value": 0, "given": true});
        assert!(matches!(decode_json(&json!({"size": 9, "grid": grid})), Err(FPuzzlesError::DigitOutOfRange { .. })));
        let quad = json!([{"cells": ["R1C1", "R1C2", "R2C1", "R2C2"], "values": [5]}]);
        let err = decode_json(&json!({"size": 4, "grid": empty_grid(4), "quadruple": quad})).unwrap_err();
        assert_eq!(err.to_string(), "quadruple: 5 is not a digit of a 4x4 grid");
    }

    #[test]
    fn malformed_rule_entries_name_the_key_and_entry() {
        let cases = [
            ("xv", json!([{"cells": ["R1C1", "R1C2"], "value": "X"}, {"cells": ["R1C1", "R1C2"], "value": "Y"}]),
             "f-puzzles \"xv\" is malformed: entry 2: value Some(\"Y\") is not \"X\" or \"V\""),
            ("difference", json!([{"cells": ["R1C1"]}]), "f-puzzles \"difference\" is malformed: entry 1: 1 cells; a pair needs 2"),
            ("ratio", json!([{"cells": ["R1C1", "R1C2"], "value": "two"}]),
             "f-puzzles \"ratio\" is malformed: entry 1: value \"two\" is not a number"),
            ("odd", json!([{"cells": ["R1C1"]}]), "f-puzzles \"odd\" is malformed: entry 1: no \"cell\""),
            ("antiking", json!("yes"), "f-puzzles \"antiking\" is malformed: \"yes\" is not true or false"),
            ("clone", json!([{"cells": ["R1C1"], "cloneCells": []}]), "f-puzzles \"clone\" is malformed: entry 1: 1 cells but 0 clone cells"),
            ("even", json!([{"cell": "R1C10"}]), "even: \"R1C10\" is outside a 9x9 grid"),
        ];
        for (key, value, message) in cases {
            let err = decode_json(&puzzle_with(&[(key, value)])).unwrap_err();
            assert_eq!(err.to_string(), message);
        }
        let err = decode_json(&puzzle_with(&[("extraregion", json!({"cells": []}))])).unwrap_err();
        assert!(err.to_string().starts_with("f-puzzles \"extraregion\" is malformed: invalid type"), "{err}");
    }

    #[test]
    fn a_link_loads_its_payload() {
        let payload = encode(&FPuzzle { size: 4, cells: vec![FCell::default(); 16], ..FPuzzle::default() });
        assert!(payload.starts_with("N4Ig"));
        assert_eq!(payload_of(&link(&payload)), Some(payload.clone()));
        assert!(decode(&payload).is_ok());
    }

    /// A small deterministic generator (xorshift), so one seed gives one puzzle.
    struct Gen(u64);

    impl Gen {
        fn below(&mut self, n: usize) -> usize {
            self.0 ^= self.0 << 13;
            self.0 ^= self.0 >> 7;
            self.0 ^= self.0 << 17;
            (self.0 % n as u64) as usize
        }
        fn flag(&mut self) -> bool {
            self.below(2) == 1
        }
        fn cells(&mut self, cell_count: usize, max: usize) -> Vec<CellIndex> {
            (0..self.below(max + 1)).map(|_| self.below(cell_count)).collect()
        }
    }

    /// A clue on a random side of a random row or column, its value from `low` to `size`
    /// (possible under each rule).
    fn outside_clue(g: &mut Gen, size: usize, low: u32) -> OutsideClue {
        let (at, edge) = (1 + g.below(size), if g.flag() { 0 } else { size + 1 });
        let (row, col) = if g.flag() { (at, edge) } else { (edge, at) };
        OutsideClue { row, col, value: low + g.below(size) as u32 }
    }

    /// A puzzle with every kind of content, varied by `seed`.
    fn varied_puzzle(seed: u64) -> FPuzzle {
        let mut g = Gen(seed | 1);
        let size = 4 + g.below(13);
        let n = size * size;
        let digit = |g: &mut Gen| (1 + g.below(size)) as u8;
        let cells = (0..n)
            .map(|_| FCell {
                given: if g.below(3) == 0 { Some(digit(&mut g)) } else { None },
                region: if g.below(4) == 0 { Some(g.below(size) as u8) } else { None },
            })
            .collect();
        let pair = |g: &mut Gen| [g.below(n), g.below(n)];
        let rules = Rules {
            diagonal_positive: g.flag(),
            diagonal_negative: g.flag(),
            antiknight: g.flag(),
            antiking: g.flag(),
            disjoint_groups: g.flag(),
            nonconsecutive: g.flag(),
            extra_regions: (0..g.below(3)).map(|_| g.cells(n, size)).collect(),
            odd: g.cells(n, 4),
            even: g.cells(n, 4),
            minimum: g.cells(n, 4),
            maximum: g.cells(n, 4),
            difference: (0..g.below(4)).map(|_| Dot { cells: pair(&mut g), value: g.flag().then(|| g.below(9) as u32) }).collect(),
            ratio: (0..g.below(4)).map(|_| Dot { cells: pair(&mut g), value: g.flag().then(|| g.below(9) as u32) }).collect(),
            negative: Negative { difference: g.flag(), ratio: g.flag(), xv: g.flag() },
            xv: (0..g.below(4)).map(|_| Xv { cells: pair(&mut g), kind: if g.flag() { XvKind::X } else { XvKind::V } }).collect(),
            quadruples: (0..g.below(3))
                .map(|_| Quadruple {
                    cells: [g.below(n), g.below(n), g.below(n), g.below(n)],
                    digits: (0..g.below(5)).map(|_| digit(&mut g)).collect(),
                })
                .collect(),
            clones: (0..g.below(3))
                .map(|_| {
                    let len = g.below(5);
                    let cells = (0..len).map(|_| g.below(n)).collect();
                    CloneGroup { cells, clone_cells: (0..len).map(|_| g.below(n)).collect() }
                })
                .collect(),
            // Why at least one cell: a cage with none is refused when read.
            killer_cages: (0..g.below(3)).map(|_| KillerCage { cells: (0..1 + g.below(5)).map(|_| g.below(n)).collect(), sum: g.flag().then(|| g.below(60) as u32) }).collect(),
            // Why distinct cells a line, and at most four: a longer line or one passing a
            // cell twice is refused when read.
            thermometers: (0..g.below(3))
                .map(|_| {
                    let line = |g: &mut Gen| {
                        let start = g.below(n - 4);
                        (0..1 + g.below(4)).map(|i| start + i).collect()
                    };
                    Thermometer { lines: (0..1 + g.below(2)).map(|_| line(&mut g)).collect() }
                })
                .collect(),
            // Why a shaft cell outside the circle: an arrow with none is refused when read.
            arrows: (0..g.below(3))
                .map(|_| {
                    let circle: Vec<CellIndex> = (0..1 + g.below(if size > 9 { 1 } else { 2 })).map(|i| i).collect();
                    let start = circle.len() + g.below(n - circle.len() - 3);
                    Arrow { circle, lines: vec![(0..1 + g.below(3)).map(|i| start + i).collect()] }
                })
                .collect(),
            // Why drawn until one crosses the grid: a diagonal that misses it is refused.
            little_killers: (0..g.below(4))
                .map(|_| loop {
                    let ring = |g: &mut Gen| if g.flag() { 0 } else { size + 1 };
                    let along = |g: &mut Gen| g.below(size + 2);
                    let clue = if g.flag() { [ring(&mut g), along(&mut g)] } else { [along(&mut g), ring(&mut g)] };
                    let killer = LittleKiller { clue, direction: Diagonal::ALL[g.below(4)], sum: g.flag().then(|| g.below(80) as u32) };
                    if !killer.cells(size).is_empty() {
                        break killer;
                    }
                })
                .collect(),
            // Why distinct cells a line: a line passing a cell twice is refused.
            region_sum_lines: (0..g.below(3))
                .map(|_| {
                    let column = g.below(size);
                    Lines { lines: vec![(0..1 + g.below(4)).map(|i| i * size + column).collect()] }
                })
                .collect(),
            palindromes: (0..g.below(3))
                .map(|_| {
                    let start = g.below(n - 6);
                    Lines { lines: vec![(0..1 + g.below(6)).map(|i| start + i).collect()] }
                })
                .collect(),
            // Why runs along a row from its first column: a line is drawn between touching
            // cells, and passes no cell twice; a renban at most the size.
            whispers: (0..g.below(3))
                .map(|_| Whisper { lines: vec![row_run(&mut g, size)], value: g.flag().then(|| 1 + g.below(size - 1) as u32) })
                .collect(),
            renbans: (0..g.below(3)).map(|_| Lines { lines: vec![row_run(&mut g, size)] }).collect(),
            // Why only on sizes of three bands: other sizes are refused when read.
            entropic_lines: (0..if size % 3 == 0 { g.below(3) } else { 0 }).map(|_| Lines { lines: vec![row_run(&mut g, size)] }).collect(),
            column_indexers: (0..g.below(3)).map(|_| (0..1 + g.below(size)).map(|i| i * size + g.below(size)).collect()).collect(),
            row_indexers: (0..g.below(3)).map(|_| (0..1 + g.below(size)).map(|i| g.below(size) * size + i).collect()).collect(),
            // Why distinct cells a line: a line passing a cell twice is refused when read.
            between_lines: (0..g.below(3))
                .map(|_| {
                    let start = g.below(n - 4);
                    BetweenLine { lines: vec![(0..1 + g.below(4)).map(|i| start + i).collect()] }
                })
                .collect(),
            sandwiches: (0..g.below(3)).map(|_| outside_clue(&mut g, size, 0)).collect(),
            x_sums: (0..g.below(3)).map(|_| outside_clue(&mut g, size, 1)).collect(),
            skyscrapers: (0..g.below(3)).map(|_| outside_clue(&mut g, size, 1)).collect(),
        };
        let solution = g.flag().then(|| (0..n).map(|_| digit(&mut g)).collect());
        FPuzzle { size, cells, rules, solution }
    }

    /// Cells from the start of a random row, 1 to 5 of them (fewer on a small grid).
    fn row_run(g: &mut Gen, size: usize) -> Vec<CellIndex> {
        let row = g.below(size);
        (0..1 + g.below(5.min(size))).map(|i| row * size + i).collect()
    }

    #[test]
    fn an_empty_puzzle_round_trips() {
        for size in SIZES {
            let p = FPuzzle { size, cells: vec![FCell::default(); size * size], ..FPuzzle::default() };
            assert_eq!(decode(&encode(&p)), Ok(p));
        }
    }

    proptest! {
        #[test]
        fn decode_undoes_encode(seed in any::<u64>()) {
            let p = varied_puzzle(seed);
            prop_assert_eq!(decode(&encode(&p)), Ok(p));
        }

        #[test]
        fn payload_text_never_panics(text in "\\PC{0,40}") {
            if let Some(payload) = payload_of(&text) {
                let _ = decode(&payload);
            }
            let _ = decode(&text);
        }
    }
}
