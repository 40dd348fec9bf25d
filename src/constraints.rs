//! Rules that carry data: a dot between two cells, a mark on a cell, digits around a corner.
//!
//! A [`Constraint`] is one instance of such a rule, placed on the grid. The layout turns
//! them into what techniques use without knowing any rule:
//!
//! - a [`Constraint::Pair`] into *links*: candidates of two cells that cannot both be true
//!   ([`crate::layout::Layout::links`]); placing a digit removes what it links to, chains
//!   walk the links as weak links, and the search propagates them;
//! - a [`Constraint::Only`] into the cell's first candidates;
//! - a [`Constraint::Contains`] stays as it is: digits that must appear among some cells,
//!   which no link can say. Its own technique, the search and the contradiction check read it.
//! - a [`Constraint::Cage`] into peers (its cells see each other; a cage of a whole grid side
//!   is a house) and, when it has one, a sum that its technique, the search and the
//!   contradiction check read (see [`crate::killer`]).
//! - a [`Constraint::Sum`] (an arrow, a little killer) stays as it is: a weighted sum that its
//!   technique, the search and the contradiction check read (see [`crate::sums`]).
//! - a [`Constraint::Clue`] (a between line, a sandwich, an X-sum, a skyscraper) stays as it
//!   is: a rule read along its cells in order, which its technique, the search and the
//!   contradiction check read through one fillings engine (see [`crate::clues`]).

use std::fmt;

use crate::bits::{Candidates, CellId, Digit};
use crate::rules::Rule;

/// How the digits of two cells `a` and `b` relate.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Relation {
    /// `|a - b| = n` (a white kropki dot: n = 1 unless it shows a value).
    Difference(u8),
    /// One is `n` times the other (a black kropki dot: n = 2 unless it shows a value).
    Ratio(u8),
    /// `a + b = n` (X: 10, V: 5).
    Sum(u8),
    /// `a < b` (a minimum cell and its neighbour, or a neighbour and a maximum cell).
    Less,
    /// `a = b` (a clone and its original).
    Equal,
    /// `|a - b| >= n` (neighbours on a German whisper line: n = 5 on 9x9).
    AtLeast(u8),
    /// `|a - b| <= n` (two cells of a renban line of n + 1 cells: with the line's digits all
    /// different, that is the whole rule, see [`crate::formats::constraints_of`]).
    Within(u8),
    /// The digits lie in different bands of `n` digits each (1 to n, n+1 to 2n, ...): two
    /// cells one or two apart on an entropic line, whose every three cells in a row hold a
    /// low, a middle and a high digit.
    OtherBand(u8),
    /// `a` is `first` exactly when `b` is `second` (an indexer cell and the cell it points
    /// to: a column indexer in column c holding x says column x of its row holds c).
    Index {
        /// The digit of `a` the relation is about.
        first: u8,
        /// The digit of `b` that goes with it.
        second: u8,
    },
}

impl Relation {
    /// Whether digits `a` and `b` stand in this relation.
    pub fn holds(self, a: Digit, b: Digit) -> bool {
        let (a, b) = (u32::from(a), u32::from(b));
        match self {
            Relation::Difference(n) => a.abs_diff(b) == u32::from(n),
            Relation::Ratio(n) => a == b * u32::from(n) || b == a * u32::from(n),
            Relation::Sum(n) => a + b == u32::from(n),
            Relation::Less => a < b,
            Relation::Equal => a == b,
            Relation::AtLeast(n) => a.abs_diff(b) >= u32::from(n),
            Relation::Within(n) => a.abs_diff(b) <= u32::from(n),
            // Why `max(1)`: a band of no digits is no band; the reader never makes one.
            Relation::OtherBand(n) => (a - 1) / u32::from(n.max(1)) != (b - 1) / u32::from(n.max(1)),
            Relation::Index { first, second } => (a == u32::from(first)) == (b == u32::from(second)),
        }
    }
}

impl fmt::Display for Relation {
    /// The relation as a phrase about "the two digits": `differ by 1`, `sum to 10`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Relation::Difference(n) => write!(f, "differ by {n}"),
            Relation::Ratio(n) => write!(f, "have ratio {n}"),
            Relation::Sum(n) => write!(f, "sum to {n}"),
            Relation::Less => f.write_str("rise from the first to the second"),
            Relation::Equal => f.write_str("are equal"),
            Relation::AtLeast(n) => write!(f, "differ by at least {n}"),
            Relation::Within(n) => write!(f, "differ by at most {n}"),
            Relation::OtherBand(n) => write!(f, "lie in different bands of {n} digits"),
            Relation::Index { first, second } => write!(f, "are {first} and {second} together or not at all"),
        }
    }
}

/// One placed instance of a rule that carries data.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Constraint {
    /// The digits of two cells must stand in `relation` (or, when `holds` is false, must
    /// not: the negative constraints, non-consecutive).
    Pair {
        /// The rule that placed it (kropki, XV, non-consecutive ...).
        rule: Rule,
        /// The two cells, `a` then `b` of the relation.
        cells: [CellId; 2],
        /// How their digits relate.
        relation: Relation,
        /// `true` when the relation must hold, `false` when it must not.
        holds: bool,
    },
    /// A cell may hold only these digits (odd, even).
    Only {
        /// The rule that placed it (odd, even).
        rule: Rule,
        /// The cell.
        cell: CellId,
        /// The digits it may hold.
        digits: Candidates,
    },
    /// Every digit listed must appear among the cells, as often as it is listed (a
    /// quadruple).
    Contains {
        /// The rule that placed it (quadruple).
        rule: Rule,
        /// The cells the digits must appear among.
        cells: Vec<CellId>,
        /// The digits, in the order written; a digit listed twice must appear twice.
        digits: Vec<Digit>,
    },
    /// The cells hold different digits, which add up to `sum` when it is given (a killer
    /// cage).
    Cage {
        /// The rule that placed it: killer, or thermometer and renban for their lines'
        /// cells (which differ too).
        rule: Rule,
        /// The cells, in the order given (a thermometer's from bulb to tip, a renban's as
        /// drawn); a layout refuses a cell twice or more cells than the grid's side.
        cells: Vec<CellId>,
        /// The sum the digits add up to; `None` when the cage shows none.
        sum: Option<u32>,
    },
    /// The digits of the cells, each times its weight, add up to `total`; digits may
    /// repeat unless the cells see each other (an arrow: the shaft's cells at weight 1 and
    /// the circle's at minus its place value, total 0, one sum per line; a little killer:
    /// weight 1, its clue).
    /// See [`crate::sums`].
    Sum {
        /// The rule that placed it (arrow, little killer, region sum line).
        rule: Rule,
        /// The cells.
        cells: Vec<CellId>,
        /// Each cell's weight, matched to `cells` by position (as many of them).
        weights: Vec<i32>,
        /// What the weighted digits add up to.
        total: i32,
    },
    /// A rule read along `cells` in order, with its clue: a between line (the line, its
    /// circled ends first and last; the clue is 0), or a sandwich, X-sum or skyscraper clue
    /// (the row or column it stands beside, from its side inwards).
    /// See [`crate::clues`].
    Clue {
        /// The rule: between line, sandwich, X-sum or skyscraper.
        rule: Rule,
        /// The cells read, in order; at most [`crate::clues::Line::MAX_CELLS`].
        cells: Vec<CellId>,
        /// The clue's number (0 for a between line).
        clue: u32,
    },
}

impl Constraint {
    /// The rule this constraint belongs to.
    pub fn rule(&self) -> Rule {
        match self {
            Constraint::Pair { rule, .. } | Constraint::Only { rule, .. } | Constraint::Contains { rule, .. } | Constraint::Cage { rule, .. } | Constraint::Sum { rule, .. } | Constraint::Clue { rule, .. } => *rule,
        }
    }

    /// The cells it constrains.
    pub fn cells(&self) -> &[CellId] {
        match self {
            Constraint::Pair { cells, .. } => cells,
            Constraint::Only { cell, .. } => std::slice::from_ref(cell),
            Constraint::Contains { cells, .. } | Constraint::Cage { cells, .. } | Constraint::Sum { cells, .. } | Constraint::Clue { cells, .. } => cells,
        }
    }

    /// For a pair: whether the first cell may hold `a` while the second holds `b`.
    pub fn allows(&self, a: Digit, b: Digit) -> bool {
        match self {
            Constraint::Pair { relation, holds, .. } => relation.holds(a, b) == *holds,
            _ => true,
        }
    }

    /// Whether digits placed in its cells (`digit_of`, `None` for an empty cell) already
    /// break it. An empty cell breaks nothing, except that a [`Constraint::Contains`] is
    /// broken once too few of its cells are left for the digits it still misses, and a
    /// [`Constraint::Cage`] once its digits repeat, exceed its sum, or fill it with another.
    pub fn broken_by(&self, digit_of: impl Fn(CellId) -> Option<Digit>) -> bool {
        match self {
            Constraint::Pair { cells: [a, b], .. } => match (digit_of(*a), digit_of(*b)) {
                (Some(x), Some(y)) => !self.allows(x, y),
                _ => false,
            },
            Constraint::Only { cell, digits, .. } => digit_of(*cell).is_some_and(|d| !digits.contains(d)),
            Constraint::Contains { cells, digits, .. } => {
                let mut missing = digits.clone();
                let mut empty = 0;
                for &c in cells {
                    match digit_of(c) {
                        Some(d) => {
                            if let Some(i) = missing.iter().position(|&m| m == d) {
                                missing.swap_remove(i);
                            }
                        }
                        None => empty += 1,
                    }
                }
                missing.len() > empty
            }
            Constraint::Cage { cells, sum, .. } => {
                let digits: Vec<Digit> = cells.iter().filter_map(|&c| digit_of(c)).collect();
                let repeats = digits.iter().enumerate().any(|(i, d)| digits[..i].contains(d));
                let total: u32 = digits.iter().map(|&d| u32::from(d)).sum();
                repeats || sum.is_some_and(|s| total > s || (digits.len() == cells.len() && total != s))
            }
            // Why only once filled: the digits an empty cell may take depend on the grid's size.
            Constraint::Sum { cells, weights, total, .. } => {
                let digits: Option<Vec<Digit>> = cells.iter().map(|&c| digit_of(c)).collect();
                digits.is_some_and(|d| d.iter().zip(weights).map(|(&d, &w)| i64::from(d) * i64::from(w)).sum::<i64>() != i64::from(*total))
            }
            // Why only once filled: a sandwich's bread and a skyscraper's count depend on the
            // grid's size, which the grid's contradiction check knows.
            Constraint::Clue { rule, cells, clue } => {
                let digits: Option<Vec<Digit>> = cells.iter().map(|&c| digit_of(c)).collect();
                digits.is_some_and(|d| {
                    let size = if *rule == Rule::BetweenLine { 0 } else { cells.len() };
                    !crate::clues::holds(*rule, *clue, &d, size)
                })
            }
        }
    }
}

/// The orthogonal neighbours of a `size`x`size` grid, each pair once (the cell before the
/// one right of it or below it).
pub fn orthogonal_pairs(size: usize) -> impl Iterator<Item = [CellId; 2]> {
    (0..size * size).flat_map(move |a| {
        let right = (a % size + 1 < size).then_some([a, a + 1]);
        let below = (a + size < size * size).then_some([a, a + size]);
        right.into_iter().chain(below)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn relations_hold_for_the_digits_they_name() {
        assert!(Relation::Difference(1).holds(4, 5) && Relation::Difference(1).holds(5, 4) && !Relation::Difference(1).holds(4, 6));
        assert!(Relation::Ratio(2).holds(3, 6) && Relation::Ratio(2).holds(6, 3) && !Relation::Ratio(2).holds(3, 5));
        assert!(Relation::Sum(10).holds(3, 7) && !Relation::Sum(10).holds(5, 4));
        assert!(Relation::Less.holds(1, 2) && !Relation::Less.holds(2, 2) && !Relation::Less.holds(3, 2));
        assert!(Relation::Equal.holds(7, 7) && !Relation::Equal.holds(7, 8));
        assert!(Relation::AtLeast(5).holds(1, 6) && Relation::AtLeast(5).holds(9, 4) && !Relation::AtLeast(5).holds(5, 9) && !Relation::AtLeast(5).holds(5, 1));
        assert!(Relation::Within(3).holds(2, 5) && Relation::Within(3).holds(5, 2) && !Relation::Within(3).holds(1, 5));
        assert!(Relation::OtherBand(3).holds(3, 4) && Relation::OtherBand(3).holds(9, 1) && !Relation::OtherBand(3).holds(4, 6) && !Relation::OtherBand(2).holds(5, 6));
        let index = Relation::Index { first: 7, second: 1 };
        assert!(index.holds(7, 1) && index.holds(3, 4) && !index.holds(7, 2) && !index.holds(3, 1));
        assert_eq!(Relation::AtLeast(5).to_string(), "differ by at least 5");
    }

    #[test]
    fn a_quadruple_breaks_only_when_too_few_cells_are_left() {
        let quad = Constraint::Contains { rule: Rule::Quadruple, cells: vec![0, 1, 9, 10], digits: vec![1, 2] };
        let digits = |placed: [Option<Digit>; 4]| move |c: CellId| placed[[0, 1, 9, 10].iter().position(|&x| x == c).unwrap()];
        assert!(!quad.broken_by(digits([Some(3), Some(4), None, None])));
        assert!(quad.broken_by(digits([Some(3), Some(4), Some(1), None])) == false);
        assert!(quad.broken_by(digits([Some(3), Some(4), Some(5), None])));
        assert!(!quad.broken_by(digits([Some(2), Some(4), Some(5), Some(1)])));
    }

    #[test]
    fn orthogonal_pairs_are_each_neighbour_pair_once() {
        let pairs: Vec<[CellId; 2]> = orthogonal_pairs(3).collect();
        assert_eq!(pairs.len(), 12);
        assert!(pairs.contains(&[0, 1]) && pairs.contains(&[0, 3]) && !pairs.contains(&[2, 3]));
    }
}
