//! Clues read along an ordered line of cells: the [`crate::constraints::Constraint::Clue`]
//! behind between lines (the line, its circled ends first and last), sandwich sums, X-sums
//! and skyscrapers (a row or column, from the clue's side inwards). No pair relation or
//! weighted sum says these rules exactly: whether a digit fits depends on where the 1 and
//! the 9 are, on the first digit, on the highest so far.
//!
//! [`holds`] checks a full filling. [`Line`] is the shared fillings engine: it enumerates
//! the fillings of the cells that fit their candidates, their sight (cells that see each
//! other differ) and the rule, walking the cells in the line's order with the rule's state
//! (the ends' digits, where the sandwich stands and its sum, X and the sum so far, the
//! highest building and how many are seen). The search, the grid's contradiction check and
//! Clue Fillings all read it, so they agree on what a clue allows.
//!
//! How it stays cheap: each step checks the rule's bounds at once (a sum past the clue, more
//! buildings seen than the clue, or too few left to see), and when every cell sees every
//! other (a row or column) a state met again (same depth, same digits used, same rule state)
//! is answered from memory, since what can follow depends on nothing else. A between line
//! chooses its ends first, which leaves each middle cell a range. Every walk is bounded by a
//! budget of digits tried ([`BUDGET`]); past it the engine gives up (`None`), and a caller
//! then prunes nothing rather than guess.

use std::collections::HashMap;

use crate::bits::{CellId, Digit};
use crate::constraints::Constraint;
use crate::layout::Layout;
use crate::rules::Rule;

/// The most digits a walk tries before it gives up. A full empty 9x9 row under any of the
/// rules takes a few thousand with the memory; a between line of eight empty cells with
/// ends 1 and 9 some tens of thousands.
pub const BUDGET: usize = 200_000;

/// Whether the digits of a full line, in its order, keep the rule with `clue` on a
/// `size`x`size` grid (a between line's clue is unused). Sight is not checked here.
pub fn holds(rule: Rule, clue: u32, digits: &[Digit], size: usize) -> bool {
    let n = digits.len();
    let value = |d: Digit| u32::from(d);
    match rule {
        Rule::BetweenLine => {
            if n < 3 {
                return true;
            }
            let (a, b) = (digits[0].min(digits[n - 1]), digits[0].max(digits[n - 1]));
            digits[1..n - 1].iter().all(|&d| a < d && d < b)
        }
        Rule::Sandwich => {
            let ends: Vec<usize> = (0..n).filter(|&i| digits[i] == 1 || usize::from(digits[i]) == size).collect();
            ends.len() == 2 && digits[ends[0] + 1..ends[1]].iter().map(|&d| value(d)).sum::<u32>() == clue
        }
        Rule::XSum => {
            let x = digits.first().map_or(0, |&d| usize::from(d));
            x <= n && digits[..x].iter().map(|&d| value(d)).sum::<u32>() == clue
        }
        Rule::Skyscraper => seen(digits).len() as u32 == clue,
        _ => true,
    }
}

/// The fillings problem of a [`Constraint::Clue`] on `layout`, each cell's candidates from
/// `cands_of` (a placed cell gives its digit's bit); `None` for another constraint.
pub fn line_of(layout: &Layout, constraint: &Constraint, cands_of: impl Fn(CellId) -> u16) -> Option<Line> {
    let Constraint::Clue { rule, cells, clue } = constraint else { return None };
    let sees = cells
        .iter()
        .map(|&a| cells.iter().enumerate().filter(|&(_, &b)| a != b && layout.sees(a, b)).fold(0u64, |m, (j, _)| m | 1 << j))
        .collect();
    Some(Line { rule: *rule, clue: *clue, size: layout.size(), cands: cells.iter().map(|&c| cands_of(c)).collect(), sees })
}

/// The digits seen from the start of a line, each higher than all before it.
fn seen(digits: &[Digit]) -> Vec<Digit> {
    let mut highest = 0;
    let mut seen = Vec::new();
    for &d in digits {
        if d > highest {
            highest = d;
            seen.push(d);
        }
    }
    seen
}

/// The rule's state after some cells of the line: three small numbers whose meaning is the
/// rule's (see [`Line::step`]).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
struct State(u8, u8, u8);

/// One line's fillings problem: the rule and its clue, the candidates of each cell (a
/// placed digit as its one candidate), and which cells see each other.
#[derive(Clone, Debug)]
pub struct Line {
    /// The rule read along the line: between line, sandwich, X-sum or skyscraper.
    pub rule: Rule,
    /// The clue's number (unused for a between line).
    pub clue: u32,
    /// The grid's side: the largest digit.
    pub size: usize,
    /// Bit `d - 1` for each digit `d` the cell may hold, one mask per cell in line order.
    pub cands: Vec<u16>,
    /// Bit `j` of `sees[i]`: cells `i` and `j` see each other and so differ.
    pub sees: Vec<u64>,
}

/// What a walk is after.
enum Mode<'v> {
    /// The digits each cell takes in some filling.
    Used(Vec<u16>),
    /// Whether there is a filling at all: the walk stops at the first.
    Any,
    /// Every filling, each handed to the visitor until it asks to stop.
    Every(&'v mut dyn FnMut(&[Digit]) -> bool),
}

/// One walk through a line's fillings (see [`Walk::descend`]).
struct Walk<'a, 'v> {
    line: &'a Line,
    order: Vec<usize>,
    /// Whether every cell sees every other, so that a state met again can be remembered.
    distinct: bool,
    /// Per depth, the digits used and the rule's state, known to have a filling below
    /// (true) or none (false).
    memory: HashMap<(usize, u16, State), bool>,
    budget: usize,
    /// The digit of each cell filled so far (by cell, in line order).
    digits: Vec<Digit>,
    mode: Mode<'v>,
    stop: bool,
}

impl Line {
    /// The most cells a line may have (sight is a 64-bit mask per cell).
    pub const MAX_CELLS: usize = 64;

    /// The candidates of each cell that some filling puts there (all empty when none
    /// does), or `None` when the walk ran past [`BUDGET`].
    pub fn used(&self) -> Option<Vec<u16>> {
        let mut walk = Walk::new(self, Mode::Used(vec![0; self.cands.len()]));
        walk.descend(0, 0, State::default())?;
        match walk.mode {
            Mode::Used(used) => Some(used),
            _ => unreachable!("the walk keeps its mode"),
        }
    }

    /// Whether some filling exists (`None`: past the budget).
    pub fn fillable(&self) -> Option<bool> {
        Walk::new(self, Mode::Any).descend(0, 0, State::default())
    }

    /// Calls `visit` with each filling (a digit per cell, in line order) until it returns
    /// true; `None` past the budget.
    pub fn each_filling(&self, visit: &mut dyn FnMut(&[Digit]) -> bool) -> Option<()> {
        Walk::new(self, Mode::Every(visit)).descend(0, 0, State::default()).map(|_| ())
    }

    /// What a filling shows of the rule, for an explanation: a between line's two ends; a
    /// sandwich's digits between 1 and the highest digit (rising); an X-sum's X, then its
    /// first X digits (rising); the buildings a skyscraper clue sees, in order.
    pub fn shape(&self, digits: &[Digit]) -> Vec<Digit> {
        let n = digits.len();
        match self.rule {
            Rule::BetweenLine => vec![digits[0], digits[n - 1]],
            Rule::Sandwich => {
                let ends: Vec<usize> = (0..n).filter(|&i| self.is_end(digits[i])).collect();
                let mut inside = digits[ends[0] + 1..ends[1]].to_vec();
                inside.sort_unstable();
                inside
            }
            Rule::XSum => {
                let x = usize::from(digits[0]);
                let mut first = digits[..x].to_vec();
                first.sort_unstable();
                std::iter::once(digits[0]).chain(first).collect()
            }
            _ => seen(digits),
        }
    }

    /// Whether `d` is the lowest or highest digit of the grid (a sandwich's bread).
    fn is_end(&self, d: Digit) -> bool {
        d == 1 || usize::from(d) == self.size
    }

    /// The order the cells are filled in: a between line's ends first (they bound the rest),
    /// else the line's own order (the rules read from the clue inwards).
    fn order(&self) -> Vec<usize> {
        let n = self.cands.len();
        match self.rule {
            Rule::BetweenLine if n >= 2 => std::iter::once(0).chain(std::iter::once(n - 1)).chain(1..n - 1).collect(),
            _ => (0..n).collect(),
        }
    }

    /// The state after cell `i` (the `depth`-th filled) takes `d`, or `None` when the rule
    /// already fails. The state is, for a between line: (first end, last end, -); for a
    /// sandwich: (0 before the bread, 1 inside, 2 after; the sum inside, -); for an X-sum:
    /// (X, the sum of the first X so far, -); for a skyscraper: (the highest so far, how many
    /// seen, -).
    fn step(&self, depth: usize, d: Digit, s: State) -> Option<State> {
        let n = self.cands.len();
        let clue = self.clue;
        let left = n - 1 - depth;
        match self.rule {
            Rule::BetweenLine => match depth {
                0 => Some(State(d, 0, 0)),
                // Why at least two apart: a middle cell needs a digit strictly between.
                1 => (n <= 2 || s.0.abs_diff(d) >= 2).then_some(State(s.0, d, 0)),
                _ => (s.0.min(s.1) < d && d < s.0.max(s.1)).then_some(s),
            },
            Rule::Sandwich => {
                let (phase, sum) = (s.0, u32::from(s.1));
                if self.is_end(d) {
                    return match phase {
                        0 => (left > 0).then_some(State(1, 0, 0)),
                        1 => (sum == clue).then_some(State(2, s.1, 0)),
                        _ => None,
                    };
                }
                match phase {
                    1 => {
                        let sum = sum + u32::from(d);
                        // Why `left > 0`: the other slice of bread is still to come.
                        (sum <= clue && left > 0).then(|| State(1, sum as u8, 0))
                    }
                    // Why two: both slices of bread are still to come.
                    0 => (left >= 2).then_some(s),
                    _ => Some(s),
                }
            }
            Rule::XSum => {
                let (x, sum) = if depth == 0 { (usize::from(d), 0) } else { (usize::from(s.0), u32::from(s.1)) };
                if depth >= x {
                    return Some(s);
                }
                if x > n {
                    return None;
                }
                let sum = sum + u32::from(d);
                let still = (x - 1 - depth) as u32;
                // Why these bounds: each digit still to add is at least 1 and at most the size.
                let fits = sum + still <= clue && sum + still * self.size as u32 >= clue;
                fits.then(|| State(x as u8, sum as u8, 0))
            }
            Rule::Skyscraper => {
                let (highest, seen) = if d > s.0 { (d, s.1 + 1) } else { (s.0, s.1) };
                // Why this bound: each later building seen is higher than the highest so far.
                let more = left.min(self.size - usize::from(highest)) as u32;
                (u32::from(seen) <= clue && u32::from(seen) + more >= clue).then_some(State(highest, seen, 0))
            }
            _ => Some(s),
        }
    }

    /// The candidates of cell `i` that a filling may still give it, `depth` cells into the
    /// order with the rule in state `s`: a between line's middle cell within its ends once
    /// they are chosen, else all of them.
    fn reach(&self, depth: usize, i: usize, s: State) -> u16 {
        let n = self.cands.len();
        match self.rule {
            Rule::BetweenLine if depth >= 2 && i != 0 && i != n - 1 => {
                let (low, high) = (s.0.min(s.1), s.0.max(s.1));
                let between = ((1u32 << (high - 1)) - 1) as u16 & !(((1u32 << low) - 1) as u16);
                self.cands[i] & between
            }
            _ => self.cands[i],
        }
    }

    /// Whether a full line in state `s` keeps the rule (what [`Line::step`] cannot know
    /// before the end).
    fn finished(&self, s: State) -> bool {
        match self.rule {
            Rule::Sandwich => s.0 == 2,
            Rule::Skyscraper => u32::from(s.1) == self.clue,
            _ => true,
        }
    }
}

impl<'a, 'v> Walk<'a, 'v> {
    fn new(line: &'a Line, mode: Mode<'v>) -> Walk<'a, 'v> {
        let n = line.cands.len();
        let all: u64 = if n >= 64 { u64::MAX } else { (1u64 << n) - 1 };
        let distinct = (0..n).all(|i| line.sees[i] | 1 << i == all);
        Walk { line, order: line.order(), distinct, memory: HashMap::new(), budget: BUDGET, digits: vec![0; n], mode, stop: false }
    }

    /// Marks the digits of the first `depth` cells of the order as used: they begin a
    /// filling.
    fn mark(&mut self, depth: usize) {
        if let Mode::Used(used) = &mut self.mode {
            for &i in &self.order[..depth] {
                used[i] |= 1 << (self.digits[i] - 1);
            }
        }
    }

    /// Fills the cell at `depth` of the order and those after it, `used` the digits placed
    /// so far (kept only where every cell sees every other) and `s` the rule's state.
    /// Returns whether some filling lies below, `None` past the budget.
    fn descend(&mut self, depth: usize, used: u16, s: State) -> Option<bool> {
        let line = self.line;
        let n = self.order.len();
        if depth == n {
            if !line.finished(s) {
                return Some(false);
            }
            match &mut self.mode {
                Mode::Used(_) => self.mark(n),
                Mode::Any => self.stop = true,
                Mode::Every(visit) => self.stop = visit(&self.digits),
            }
            return Some(true);
        }
        // Why stop where nothing new can be marked: every digit chosen so far and every
        // candidate still to choose is already known to be in a filling (this is what keeps
        // a long between line, whose cells need not see each other, cheap).
        if let Mode::Used(known) = &self.mode
            && !self.distinct
            && self.order[..depth].iter().all(|&i| known[i] & 1 << (self.digits[i] - 1) != 0)
            && self.order[depth..].iter().all(|&i| line.reach(depth, i, s) & !known[i] == 0)
        {
            return Some(true);
        }
        let key = (depth, used, s);
        if self.distinct {
            match (self.memory.get(&key), &self.mode) {
                (Some(false), _) => return Some(false),
                // Why only the prefix: the digits below were all marked when this state
                // was first walked, and what can follow it does not depend on the prefix.
                (Some(true), Mode::Used(_)) => {
                    self.mark(depth);
                    return Some(true);
                }
                _ => {}
            }
        }
        let i = self.order[depth];
        let mut open = line.cands[i];
        if self.distinct {
            open &= !used;
        } else {
            for &j in &self.order[..depth] {
                if line.sees[i] & 1 << j != 0 {
                    open &= !(1 << (self.digits[j] - 1));
                }
            }
        }
        let mut alive = false;
        while open != 0 {
            let bit = open & open.wrapping_neg();
            open &= !bit;
            if self.budget == 0 {
                return None;
            }
            self.budget -= 1;
            let d = bit.trailing_zeros() as Digit + 1;
            let Some(next) = line.step(depth, d, s) else { continue };
            self.digits[i] = d;
            alive |= self.descend(depth + 1, used | bit, next)?;
            if self.stop {
                return Some(true);
            }
        }
        if self.distinct {
            self.memory.insert(key, alive);
        }
        Some(alive)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A small deterministic generator (xorshift).
    struct Gen(u64);

    impl Gen {
        fn below(&mut self, n: usize) -> usize {
            self.0 ^= self.0 << 13;
            self.0 ^= self.0 >> 7;
            self.0 ^= self.0 << 17;
            (self.0 % n as u64) as usize
        }
    }

    /// Every assignment of digits 1 to `size` to the cells that keeps their candidates,
    /// their sight and [`holds`]: the plain oracle the engine must agree with.
    fn oracle(line: &Line) -> Vec<Vec<Digit>> {
        let n = line.cands.len();
        let mut all = Vec::new();
        let mut digits = vec![1 as Digit; n];
        loop {
            let fits = (0..n).all(|i| line.cands[i] & 1 << (digits[i] - 1) != 0);
            let apart = (0..n).all(|i| (0..n).all(|j| i == j || line.sees[i] & 1 << j == 0 || digits[i] != digits[j]));
            if fits && apart && holds(line.rule, line.clue, &digits, line.size) {
                all.push(digits.clone());
            }
            // The next assignment, as an odometer.
            let Some(i) = (0..n).find(|&i| usize::from(digits[i]) < line.size) else { return all };
            digits[i] += 1;
            digits[..i].iter_mut().for_each(|d| *d = 1);
        }
    }

    /// A random line under `rule` of `n` cells on a `size` grid: random candidates (most
    /// digits kept), sight all round for a row, random sight for a between line, and a clue
    /// near the values the rule can take.
    fn random_line(g: &mut Gen, rule: Rule, size: usize) -> Line {
        let n = if rule == Rule::BetweenLine { 2 + g.below(4) } else { size };
        let full = (1u16 << size) - 1;
        let cands = (0..n).map(|_| if g.below(3) == 0 { full & !(1 << g.below(size)) & !(1 << g.below(size)) } else { full }).collect();
        let mut sees = vec![0u64; n];
        for i in 0..n {
            for j in 0..i {
                if rule != Rule::BetweenLine || g.below(2) == 0 {
                    sees[i] |= 1 << j;
                    sees[j] |= 1 << i;
                }
            }
        }
        let clue = match rule {
            Rule::Sandwich => g.below(size * (size + 1) / 2 - size) as u32,
            Rule::XSum => 1 + g.below(size * (size + 1) / 2) as u32,
            Rule::Skyscraper => 1 + g.below(size) as u32,
            _ => 0,
        };
        Line { rule, clue, size, cands, sees }
    }

    #[test]
    fn the_engine_agrees_with_every_assignment() {
        let mut g = Gen(0x5eed);
        let mut nonempty = 0;
        for rule in [Rule::BetweenLine, Rule::Sandwich, Rule::XSum, Rule::Skyscraper] {
            for size in [4, 5, 6] {
                for _ in 0..60 {
                    let line = random_line(&mut g, rule, size);
                    let mut expected = oracle(&line);
                    expected.sort();
                    let mut used = vec![0u16; line.cands.len()];
                    for f in &expected {
                        used.iter_mut().zip(f).for_each(|(u, &d)| *u |= 1 << (d - 1));
                    }
                    assert_eq!(line.used(), Some(used), "{line:?}");
                    assert_eq!(line.fillable(), Some(!expected.is_empty()), "{line:?}");
                    let mut found = Vec::new();
                    line.each_filling(&mut |d| {
                        found.push(d.to_vec());
                        false
                    });
                    found.sort();
                    assert_eq!(found, expected, "{line:?}");
                    nonempty += usize::from(!expected.is_empty());
                }
            }
        }
        assert!(nonempty > 200, "too few lines with fillings to compare: {nonempty}");
    }

    #[test]
    fn full_lines_keep_or_break_their_clues() {
        // 1 and 9 around 3, 4, 5: a sandwich of 12. X = 3: 3 + 1 + 8 = 12.
        assert!(holds(Rule::Sandwich, 12, &[2, 1, 3, 4, 5, 9, 6, 7, 8], 9));
        assert!(!holds(Rule::Sandwich, 11, &[2, 1, 3, 4, 5, 9, 6, 7, 8], 9));
        assert!(holds(Rule::Sandwich, 0, &[2, 9, 1, 4, 5, 3, 6, 7, 8], 9));
        assert!(holds(Rule::XSum, 12, &[3, 1, 8, 4, 5, 9, 6, 7, 2], 9));
        // Seen from the left: 3, 8, 9.
        assert!(holds(Rule::Skyscraper, 3, &[3, 1, 8, 4, 5, 9, 6, 7, 2], 9));
        assert!(!holds(Rule::Skyscraper, 4, &[3, 1, 8, 4, 5, 9, 6, 7, 2], 9));
        assert!(holds(Rule::BetweenLine, 0, &[2, 3, 4, 5], 9) && !holds(Rule::BetweenLine, 0, &[2, 5, 4, 5], 9));
    }

    #[test]
    fn an_empty_row_stays_within_the_budget() {
        for rule in [Rule::Sandwich, Rule::XSum, Rule::Skyscraper] {
            for clue in [0, 1, 2, 5, 12, 20, 35] {
                let line = Line { rule, clue, size: 9, cands: vec![0x1ff; 9], sees: (0..9).map(|i| 0x1ff & !(1 << i)).collect() };
                assert!(line.used().is_some(), "{rule} {clue}");
            }
        }
        // A between line of eight cells whose cells see none of the others.
        let line = Line { rule: Rule::BetweenLine, clue: 0, size: 9, cands: vec![0x1ff; 8], sees: vec![0; 8] };
        assert!(line.used().is_some());
    }
}
