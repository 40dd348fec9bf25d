//! Variant rules, as data the layout turns into houses and peers. A rule that forbids equal
//! digits between cells (anti-knight, anti-king) is a set of extra peers; a rule that wants
//! every digit once in more groups of cells (diagonals, windoku windows, disjoint groups) is a
//! set of extra houses. Either way every technique that asks "does this cell see that one?"
//! or walks the houses respects it without knowing it exists.

use std::fmt;

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
}

impl Rule {
    /// Every rule, in the order they are listed and applied.
    pub const ALL: [Rule; 6] = [Rule::AntiKnight, Rule::AntiKing, Rule::DiagonalMain, Rule::DiagonalAnti, Rule::Windoku, Rule::Disjoint];

    /// The rule's id, as used on the command line and in JSON.
    pub fn id(self) -> &'static str {
        match self {
            Rule::AntiKnight => "anti-knight",
            Rule::AntiKing => "anti-king",
            Rule::DiagonalMain => "diagonal-main",
            Rule::DiagonalAnti => "diagonal-anti",
            Rule::Windoku => "windoku",
            Rule::Disjoint => "disjoint",
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
        }
    }

    /// The houses the rule adds to a `size`x`size` grid with boxes of `box_rows` by
    /// `box_cols` cells (none for a rule of peers), with the name of each: short (`d\`,
    /// `w2`) and long (`the main diagonal`, `window 2`).
    pub fn houses(self, size: usize, box_rows: usize, box_cols: usize) -> Vec<(Vec<usize>, String, String)> {
        match self {
            Rule::AntiKnight | Rule::AntiKing => Vec::new(),
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
            Rule::DiagonalMain | Rule::DiagonalAnti | Rule::Windoku | Rule::Disjoint => &[],
            Rule::AntiKnight => {
                &[(-2, -1), (-2, 1), (-1, -2), (-1, 2), (1, -2), (1, 2), (2, -1), (2, 1)]
            }
            Rule::AntiKing => {
                &[(-1, -1), (-1, 0), (-1, 1), (0, -1), (0, 1), (1, -1), (1, 0), (1, 1)]
            }
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

    pub fn iter(&self) -> impl Iterator<Item = Rule> + '_ {
        self.rules.iter().copied()
    }

    pub fn is_classic(&self) -> bool {
        self.rules.is_empty()
    }

    pub fn contains(&self, rule: Rule) -> bool {
        self.rules.contains(&rule)
    }
}
