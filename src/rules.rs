//! Variant rules. Each rule that forbids equal digits between cells (anti-knight, anti-king)
//! is a set of extra peers, so every technique that asks "does this cell see that one?"
//! respects it without knowing it exists.

use std::fmt;

/// A variant rule added on top of the classic rules.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Rule {
    /// Cells a chess knight's move apart may not hold the same digit.
    AntiKnight,
    /// Cells a chess king's move apart (diagonal neighbours included) may not hold the same digit.
    AntiKing,
}

impl Rule {
    pub const ALL: [Rule; 2] = [Rule::AntiKnight, Rule::AntiKing];

    /// The rule's id, as used on the command line and in JSON.
    pub fn id(self) -> &'static str {
        match self {
            Rule::AntiKnight => "anti-knight",
            Rule::AntiKing => "anti-king",
        }
    }

    /// The (row, column) offsets of the cells this rule makes peers.
    pub fn offsets(self) -> &'static [(isize, isize)] {
        match self {
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
