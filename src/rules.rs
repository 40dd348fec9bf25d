//! Variant rules, as data the layout turns into houses and peers. A rule that forbids equal
//! digits between cells (anti-knight, anti-king) is a set of extra peers; a rule that wants
//! every digit once in more groups of cells (diagonals, windoku windows, disjoint groups) is a
//! set of extra houses. Either way every technique that asks "does this cell see that one?"
//! or walks the houses respects it without knowing it exists.

use std::fmt;

use crate::constraints::{Constraint, Relation, orthogonal_pairs};

/// A variant rule added on top of the classic rules.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Rule {
    /// Cells a chess knight's move apart may not hold the same digit.
    AntiKnight,
    /// Cells a chess king's move apart (diagonal neighbours included) may not hold the same digit.
    AntiKing,
    /// The main diagonal (top left to bottom right) holds every digit once.
    DiagonalMain,
    /// The anti-diagonal (top right to bottom left) holds every digit once.
    DiagonalAnti,
    /// Windows of the boxes' shape, one cell in from the edges and one cell apart (four on a
    /// 9x9 grid), hold every digit once.
    Windoku,
    /// The cells at the same place in every box (disjoint groups) hold every digit once.
    Disjoint,
    /// Orthogonally neighbouring cells never hold consecutive digits.
    NonConsecutive,
    /// Irregular regions replace the boxes (jigsaw Sudoku).
    Jigsaw,
    /// A white dot between two cells: their digits differ by 1 (or by the dot's value).
    KropkiWhite,
    /// A black dot between two cells: one digit is twice the other (or the dot's value times).
    KropkiBlack,
    /// An X between two cells: their digits sum to 10; a V: to 5.
    Xv,
    /// A cell marked odd or even holds an odd or an even digit.
    OddEven,
    /// A minimum cell is less than each orthogonal neighbour; a maximum cell greater.
    MinMax,
    /// Digits on a corner must appear in the four cells around it.
    Quadruple,
    /// Cells of a clone hold the same digits as the cells at the same places of its original.
    Clone,
    /// The digits of a cage's cells do not repeat, and add up to its sum when it shows one.
    Killer,
    /// Digits strictly rise along a thermometer, from its bulb to its tip.
    Thermometer,
    /// The digits along an arrow's shaft add up to the number in its circle.
    Arrow,
    /// The digits on a diagonal add up to the clue outside the grid where it starts.
    LittleKiller,
    /// A line's digits add up to the same sum in each box (region) it passes through.
    RegionSum,
    /// A line reads the same digits from either end.
    Palindrome,
    /// Neighbours along a German whisper line differ by at least 5 (or the line's value).
    Whispers,
    /// A renban line holds a set of different consecutive digits, in any order.
    Renban,
    /// Any three cells in a row along an entropic line hold a low, a middle and a high digit.
    Entropic,
    /// A column (row) indexer cell holding x says where its column's (row's) number goes in
    /// its row (column): the 1-5-9 kind.
    Indexer,
    /// Every cell strictly between the two circled ends of a line holds a digit strictly
    /// between the ends' digits.
    BetweenLine,
    /// A clue outside a row or column: the digits between its lowest and highest digit
    /// (1 and 9 on a 9x9 grid) add up to it.
    Sandwich,
    /// A clue outside a row or column: the first X digits from it add up to it, X being the
    /// first digit.
    XSum,
    /// A clue outside a row or column: how many digits (building heights) are seen from it,
    /// a taller one hiding the lower ones behind it.
    Skyscraper,
}

impl Rule {
    /// Every rule, in the order they are listed and applied.
    pub const ALL: [Rule; 29] = [
        Rule::AntiKnight,
        Rule::AntiKing,
        Rule::DiagonalMain,
        Rule::DiagonalAnti,
        Rule::Windoku,
        Rule::Disjoint,
        Rule::NonConsecutive,
        Rule::Jigsaw,
        Rule::KropkiWhite,
        Rule::KropkiBlack,
        Rule::Xv,
        Rule::OddEven,
        Rule::MinMax,
        Rule::Quadruple,
        Rule::Clone,
        Rule::Killer,
        Rule::Thermometer,
        Rule::Arrow,
        Rule::LittleKiller,
        Rule::RegionSum,
        Rule::Palindrome,
        Rule::Whispers,
        Rule::Renban,
        Rule::Entropic,
        Rule::Indexer,
        Rule::BetweenLine,
        Rule::Sandwich,
        Rule::XSum,
        Rule::Skyscraper,
    ];

    /// The rule's id, as used on the command line and in JSON.
    pub fn id(self) -> &'static str {
        match self {
            Rule::AntiKnight => "anti-knight",
            Rule::AntiKing => "anti-king",
            Rule::DiagonalMain => "diagonal-main",
            Rule::DiagonalAnti => "diagonal-anti",
            Rule::Windoku => "windoku",
            Rule::Disjoint => "disjoint",
            Rule::NonConsecutive => "non-consecutive",
            Rule::Jigsaw => "jigsaw",
            Rule::KropkiWhite => "kropki-white",
            Rule::KropkiBlack => "kropki-black",
            Rule::Xv => "xv",
            Rule::OddEven => "odd-even",
            Rule::MinMax => "min-max",
            Rule::Quadruple => "quadruple",
            Rule::Clone => "clone",
            Rule::Killer => "killer",
            Rule::Thermometer => "thermometer",
            Rule::Arrow => "arrow",
            Rule::LittleKiller => "little-killer",
            Rule::RegionSum => "region-sum",
            Rule::Palindrome => "palindrome",
            Rule::Whispers => "whispers",
            Rule::Renban => "renban",
            Rule::Entropic => "entropic",
            Rule::Indexer => "indexer",
            Rule::BetweenLine => "between-line",
            Rule::Sandwich => "sandwich",
            Rule::XSum => "x-sum",
            Rule::Skyscraper => "skyscrapers",
        }
    }

    /// The rule with this id.
    pub fn by_id(id: &str) -> Option<Rule> {
        Rule::ALL.into_iter().find(|r| r.id() == id)
    }

    /// The rule's name, as the title of its guide.
    pub fn name(self) -> &'static str {
        match self {
            Rule::AntiKnight => "Anti-Knight",
            Rule::AntiKing => "Anti-King",
            Rule::DiagonalMain => "Diagonal (main)",
            Rule::DiagonalAnti => "Diagonal (anti)",
            Rule::Windoku => "Windoku",
            Rule::Disjoint => "Disjoint Groups",
            Rule::NonConsecutive => "Non-Consecutive",
            Rule::Jigsaw => "Jigsaw",
            Rule::KropkiWhite => "Kropki White Dots",
            Rule::KropkiBlack => "Kropki Black Dots",
            Rule::Xv => "XV",
            Rule::OddEven => "Odd and Even Cells",
            Rule::MinMax => "Minimum and Maximum Cells",
            Rule::Quadruple => "Quadruples",
            Rule::Clone => "Clones",
            Rule::Killer => "Killer Cages",
            Rule::Thermometer => "Thermometers",
            Rule::Arrow => "Arrows",
            Rule::LittleKiller => "Little Killers",
            Rule::RegionSum => "Region Sum Lines",
            Rule::Palindrome => "Palindromes",
            Rule::Whispers => "German Whispers",
            Rule::Renban => "Renban Lines",
            Rule::Entropic => "Entropic Lines",
            Rule::Indexer => "Indexers",
            Rule::BetweenLine => "Between Lines",
            Rule::Sandwich => "Sandwich Sums",
            Rule::XSum => "X-Sums",
            Rule::Skyscraper => "Skyscrapers",
        }
    }

    /// The rule's teaching guide (`strategies/rules/<id>.md`), for `deduku learn <id>`.
    pub fn guide(self) -> &'static str {
        match self {
            Rule::AntiKnight => include_str!("../strategies/rules/anti-knight.md"),
            Rule::AntiKing => include_str!("../strategies/rules/anti-king.md"),
            Rule::DiagonalMain => include_str!("../strategies/rules/diagonal-main.md"),
            Rule::DiagonalAnti => include_str!("../strategies/rules/diagonal-anti.md"),
            Rule::Windoku => include_str!("../strategies/rules/windoku.md"),
            Rule::Disjoint => include_str!("../strategies/rules/disjoint.md"),
            Rule::NonConsecutive => include_str!("../strategies/rules/non-consecutive.md"),
            Rule::Jigsaw => include_str!("../strategies/rules/jigsaw.md"),
            Rule::KropkiWhite => include_str!("../strategies/rules/kropki-white.md"),
            Rule::KropkiBlack => include_str!("../strategies/rules/kropki-black.md"),
            Rule::Xv => include_str!("../strategies/rules/xv.md"),
            Rule::OddEven => include_str!("../strategies/rules/odd-even.md"),
            Rule::MinMax => include_str!("../strategies/rules/min-max.md"),
            Rule::Quadruple => include_str!("../strategies/rules/quadruple.md"),
            Rule::Clone => include_str!("../strategies/rules/clone.md"),
            Rule::Killer => include_str!("../strategies/rules/killer.md"),
            Rule::Thermometer => include_str!("../strategies/rules/thermometer.md"),
            Rule::Arrow => include_str!("../strategies/rules/arrow.md"),
            Rule::LittleKiller => include_str!("../strategies/rules/little-killer.md"),
            Rule::RegionSum => include_str!("../strategies/rules/region-sum.md"),
            Rule::Palindrome => include_str!("../strategies/rules/palindrome.md"),
            Rule::Whispers => include_str!("../strategies/rules/whispers.md"),
            Rule::Renban => include_str!("../strategies/rules/renban.md"),
            Rule::Entropic => include_str!("../strategies/rules/entropic.md"),
            Rule::Indexer => include_str!("../strategies/rules/indexer.md"),
            Rule::BetweenLine => include_str!("../strategies/rules/between-line.md"),
            Rule::Sandwich => include_str!("../strategies/rules/sandwich.md"),
            Rule::XSum => include_str!("../strategies/rules/x-sum.md"),
            Rule::Skyscraper => include_str!("../strategies/rules/skyscrapers.md"),
        }
    }

    /// The rule in one line, for `deduku rules`.
    pub fn summary(self) -> &'static str {
        match self {
            Rule::AntiKnight => "cells a chess knight's move apart never hold the same digit",
            Rule::AntiKing => "cells that touch, diagonally too, never hold the same digit",
            Rule::DiagonalMain => "the diagonal from top left to bottom right holds every digit once",
            Rule::DiagonalAnti => "the diagonal from top right to bottom left holds every digit once",
            Rule::Windoku => "windows of the boxes' shape, one cell in from the edges and one apart, hold every digit once",
            Rule::Disjoint => "the cells at the same place in every box hold every digit once",
            Rule::NonConsecutive => "orthogonally touching cells never hold consecutive digits",
            Rule::Jigsaw => "irregular regions replace the boxes; each holds every digit once",
            Rule::KropkiWhite => "cells joined by a white dot differ by 1 (or the dot's value)",
            Rule::KropkiBlack => "cells joined by a black dot: one is twice the other (or the dot's value times)",
            Rule::Xv => "cells joined by an X sum to 10, by a V to 5",
            Rule::OddEven => "a cell marked odd holds an odd digit, one marked even an even digit",
            Rule::MinMax => "a minimum cell is less than its orthogonal neighbours, a maximum cell greater",
            Rule::Quadruple => "the digits on a corner appear in the four cells around it",
            Rule::Clone => "a clone's cells hold the same digits as its original's",
            Rule::Killer => "a cage's digits do not repeat and add up to its sum, when it shows one (link: killercage)",
            Rule::Thermometer => "digits strictly rise along a thermometer, from the bulb to the tip",
            Rule::Arrow => "the digits along an arrow add up to the number in its circle; they may repeat",
            Rule::LittleKiller => "the digits on a diagonal add up to the clue outside the grid where it starts; they may repeat",
            Rule::RegionSum => "a line's digits add up to the same sum in every box it passes through, each pass on its own",
            Rule::Palindrome => "a line reads the same from either end: cells at the same distance from its two ends are equal",
            Rule::Whispers => "neighbours along a German whisper line differ by at least 5 (half the size, rounded up, off 9x9)",
            Rule::Renban => "a renban line holds different consecutive digits, in any order",
            Rule::Entropic => "any three cells in a row along an entropic line hold a low, a middle and a high digit",
            Rule::Indexer => "a column indexer cell holding x in column c puts c in column x of its row (rows alike)",
            Rule::BetweenLine => "the digits on a line lie strictly between the digits of its two circled ends",
            Rule::Sandwich => "a clue outside a row or column is the sum of the digits between its 1 and its 9 (its lowest and highest digit)",
            Rule::XSum => "a clue outside a row or column is the sum of its first X digits from the clue, X being the first of them",
            Rule::Skyscraper => "a clue outside a row or column counts the digits seen from it, a higher digit hiding the lower ones behind it",
        }
    }

    /// The houses the rule adds to a `size`x`size` grid with boxes of `box_rows` by
    /// `box_cols` cells (none for a rule of peers), with the name of each: short (`d\`,
    /// `w2`) and long (`the main diagonal`, `window 2`).
    pub fn houses(self, size: usize, box_rows: usize, box_cols: usize) -> Vec<(Vec<usize>, String, String)> {
        match self {
            Rule::AntiKnight | Rule::AntiKing => Vec::new(),
            // Why none: these rules' data comes with the puzzle (Jigsaw's regions are the
            // boxes themselves).
            Rule::NonConsecutive | Rule::Jigsaw | Rule::KropkiWhite | Rule::KropkiBlack | Rule::Xv | Rule::OddEven | Rule::MinMax | Rule::Quadruple | Rule::Clone | Rule::Killer | Rule::Thermometer | Rule::Arrow | Rule::LittleKiller | Rule::RegionSum | Rule::Palindrome | Rule::Whispers | Rule::Renban | Rule::Entropic | Rule::Indexer | Rule::BetweenLine | Rule::Sandwich | Rule::XSum | Rule::Skyscraper => Vec::new(),
            Rule::DiagonalMain => vec![((0..size).map(|i| i * size + i).collect(), "d\\".into(), "the main diagonal".into())],
            Rule::DiagonalAnti => vec![((0..size).map(|i| i * size + size - 1 - i).collect(), "d/".into(), "the anti-diagonal".into())],
            Rule::Windoku => {
                // Why these corners: one cell in from the top and left, then one cell past
                // the previous window, as long as a window fits.
                let tops = (1..).step_by(box_rows + 1).take_while(|&t| t + box_rows <= size);
                let lefts: Vec<usize> = (1..).step_by(box_cols + 1).take_while(|&l| l + box_cols <= size).collect();
                let corners = tops.flat_map(|t| lefts.iter().map(move |&l| (t, l)));
                corners
                    .enumerate()
                    .map(|(k, (top, left))| {
                        let cells = (0..size).map(|i| (top + i / box_cols) * size + left + i % box_cols).collect();
                        (cells, format!("w{}", k + 1), format!("window {}", k + 1))
                    })
                    .collect()
            }
            Rule::Disjoint => (0..size)
                .map(|place| {
                    let boxes_across = size / box_cols;
                    let (dr, dc) = (place / box_cols, place % box_cols);
                    let cells = (0..size).map(|b| ((b / boxes_across) * box_rows + dr) * size + (b % boxes_across) * box_cols + dc).collect();
                    (cells, format!("g{}", place + 1), format!("disjoint group {}", place + 1))
                })
                .collect(),
        }
    }

    /// The (row, column) offsets of the cells this rule makes peers (none for a rule of
    /// houses).
    pub fn offsets(self) -> &'static [(isize, isize)] {
        match self {
            Rule::AntiKnight => {
                &[(-2, -1), (-2, 1), (-1, -2), (-1, 2), (1, -2), (1, 2), (2, -1), (2, 1)]
            }
            Rule::AntiKing => {
                &[(-1, -1), (-1, 0), (-1, 1), (0, -1), (0, 1), (1, -1), (1, 0), (1, 1)]
            }
            _ => &[],
        }
    }

    /// The f-puzzles keys that carry the rule (`difference` for white dots).
    pub fn fpuzzles_keys(self) -> &'static str {
        match self {
            Rule::AntiKnight => "antiknight",
            Rule::AntiKing => "antiking",
            Rule::DiagonalMain => "diagonal-",
            Rule::DiagonalAnti => "diagonal+",
            Rule::Windoku => "extraregion",
            Rule::Disjoint => "disjointgroups",
            Rule::NonConsecutive => "nonconsecutive",
            Rule::Jigsaw => "region",
            Rule::KropkiWhite => "difference",
            Rule::KropkiBlack => "ratio",
            Rule::Xv => "xv",
            Rule::OddEven => "odd, even",
            Rule::MinMax => "minimum, maximum",
            Rule::Quadruple => "quadruple",
            Rule::Clone => "clone",
            Rule::Killer => "killercage",
            Rule::Thermometer => "thermometer",
            Rule::Arrow => "arrow",
            Rule::LittleKiller => "littlekillersum",
            Rule::RegionSum => "regionsumline",
            Rule::Palindrome => "palindrome",
            Rule::Whispers => "whispers",
            Rule::Renban => "renban",
            Rule::Entropic => "entropicline",
            Rule::Indexer => "columnindexer, rowindexer",
            Rule::BetweenLine => "betweenline",
            Rule::Sandwich => "sandwichsum",
            Rule::XSum => "xsum",
            Rule::Skyscraper => "skyscraper",
        }
    }

    /// Whether the rule needs data placed on the grid (dots, marks, regions), which comes
    /// with the puzzle (an f-puzzles link, `--regions`), rather than applying everywhere.
    pub fn carries_data(self) -> bool {
        matches!(self, Rule::Jigsaw | Rule::KropkiWhite | Rule::KropkiBlack | Rule::Xv | Rule::OddEven | Rule::MinMax | Rule::Quadruple | Rule::Clone | Rule::Killer | Rule::Thermometer | Rule::Arrow | Rule::LittleKiller | Rule::RegionSum | Rule::Palindrome | Rule::Whispers | Rule::Renban | Rule::Entropic | Rule::Indexer | Rule::BetweenLine | Rule::Sandwich | Rule::XSum | Rule::Skyscraper)
    }

    /// What one group of cells the rule joins is called in messages: `killer cage`,
    /// `thermometer`.
    pub fn group_noun(self) -> &'static str {
        match self {
            Rule::Thermometer => "thermometer",
            Rule::Renban => "renban line",
            _ => "killer cage",
        }
    }

    /// The constraints a rule that applies everywhere puts on a `size`x`size` grid (none for
    /// a rule of houses or peers, or one that carries data).
    pub fn constraints(self, size: usize) -> Vec<Constraint> {
        match self {
            Rule::NonConsecutive => orthogonal_pairs(size)
                .map(|cells| Constraint::Pair { rule: self, cells, relation: Relation::Difference(1), holds: false })
                .collect(),
            _ => Vec::new(),
        }
    }

}

impl fmt::Display for Rule {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.id())
    }
}

/// The variant rules a puzzle is played under (none for classic Sudoku).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Rules {
    rules: Vec<Rule>,
}

impl Rules {
    /// No variant rule: classic Sudoku.
    pub fn classic() -> Rules {
        Rules::default()
    }

    /// Adds a rule; adding one twice has no further effect.
    pub fn with(mut self, rule: Rule) -> Rules {
        if !self.rules.contains(&rule) {
            self.rules.push(rule);
            self.rules.sort();
        }
        self
    }

    /// The rules, each once, in the order [`Rule`] declares them.
    pub fn iter(&self) -> impl Iterator<Item = Rule> + '_ {
        self.rules.iter().copied()
    }

    /// Whether there is no variant rule.
    pub fn is_classic(&self) -> bool {
        self.rules.is_empty()
    }

    /// Whether `rule` is among them.
    pub fn contains(&self, rule: Rule) -> bool {
        self.rules.contains(&rule)
    }
}
