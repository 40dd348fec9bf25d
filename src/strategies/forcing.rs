//! Forcing chains and forcing nets, the last logical resorts before guessing (guides
//! `strategies/digit-forcing-chain.md`, `strategies/cell-forcing-chain.md`,
//! `strategies/unit-forcing-chain.md`, `strategies/forcing-net.md`,
//! `strategies/nested-forcing-net.md`).
//!
//! Each technique makes assumptions and follows what they force (see [`engine`]):
//!
//! - Digit Forcing Chain: one candidate. If assuming it true leads to a contradiction it is
//!   false; if assuming it false does, it is true (contradiction form). If assuming it true and
//!   assuming it false both lead to the same literal, that literal holds (verity form).
//! - Cell Forcing Chain: every candidate of one cell leads to the same literal.
//! - Unit Forcing Chain: every place of one digit in one house leads to the same literal.
//! - Forcing Net: all of the above, but propagation also uses singles on the whole derived
//!   state (several premises at once), so what follows from an assumption is a net.
//! - Nested Forcing Net: a net that, whenever it stands still, also removes each candidate
//!   whose own net (on top of what is derived) breaks; contradiction form, assumptions "true"
//!   only. A contradiction a plain net reaches is preferred (no nesting to follow).
//!
//! Chains use single-premise implications only: "on" removes the candidates that see it and
//! those a rule's constraint links to it (a dot, non-consecutive: [`crate::layout::Layout::links`]),
//! "off" makes the other candidate of a bivalue cell, or the other place of a digit with two
//! places in a house, true. Variant rules only add sight, links and houses (any number per
//! cell); strong inferences come from cells and houses. A proof that crosses variant sight or
//! a link names the first rule it relies on on its removal.
//!
//! Search order: shortest proof first. A proof's size is the number of literals it holds (the
//! assumptions included), trimmed to what the conclusion needs; a verity form adds its branches
//! up. Among proofs of one size the first in scan order wins: cells in order, then digits, the
//! contradiction forms before the verity form of the same candidate; cells before units; units
//! by house (rows, columns, boxes), then digit. A verity deduction concludes one literal (a
//! placement, or one removal); the next scan finds the others.
//!
//! A nested net takes the first contradiction in scan order, as its scan is costly. To keep the
//! scans cheap, once a proof of size `n` is known, later assumptions are only followed `n - 3`
//! implications deep (no shorter proof can go deeper); a branch of a verity form counts as
//! consistent when no contradiction shows within that depth. A nested search skips the
//! candidates that a consistent net already set true: nets are monotone, so theirs cannot
//! break. The search depends only on the grid, so the same position always gets the same
//! explanation.
//!
//! Every instance. Asked for every instance, a technique offers its step first (as above),
//! then runs its search again keeping every proof, with no best to beat and so no depth
//! limit: every literal its forms decide, each with its smallest proof (the first in scan
//! order on a tie), smallest first, a literal an earlier instance concluded left out. A
//! verity form then offers every literal all its branches derive, not only its cheapest. A
//! nested net lists the literals plain nets' contradictions decide first, then the others
//! its nested scan finds, in scan order. These searches share the tables below: an outcome
//! is kept with the depth limit it was worked out under, and one worked out without limit
//! answers a later search with a limit as one worked out under it would (see
//! `Search::outcome`), so a later step is what it would have been.
//!
//! The pattern: `cells` the assumption's cell (digit and cell forms) or the digit's places in
//! the house (unit forms, whose house is `base`); `chains` the proof as strands of
//! implications, each starting at an assumption (see [`engine::Engine::strands`]): first one
//! strand per branch ending in the conclusion (verity) or one per literal of the contradiction,
//! then, for nets, the strands leading to side premises. For a contradiction, `fins` names the
//! cell where it happens (a candidate both on and off, or a cell with no candidate left), or
//! `cover` the house where a digit has no place left. A nested net lists in `sets` the
//! removals that rest on an inner contradiction.
//!
//! Every result of an assumption is remembered for the grid state and mode it was made on
//! (per thread), so the chain techniques, tried one after another on a grid none of the
//! earlier ones changed, propagate each assumption once. When the grid has only lost
//! candidates since, the results whose propagation never came near a lost candidate are kept
//! too: that propagation would derive the same literals in the same order. So are those that
//! came near one without deriving a literal of it, when every count of candidates or places
//! they read there (as none, one, two or more) reads the same on the new grid. A consistent
//! result the depth limit did not cut short (no literal at the limit had anything left to
//! spread) is remembered as the result without limit, so the next search, which starts
//! without one, reuses it. An "off" assumption that can derive
//! nothing but itself (its cell keeps two candidates or more, its digit two places or more in
//! each house, and no strong link starts there) is known consistent without propagating; most
//! "off" assumptions are such.

mod engine;

use std::cell::RefCell;

use self::engine::{Bits, Conflict, Engine, Lit, Mode, Scratch, UNLIMITED, cells_of, has, lit, words_for};
use super::Finds;
use crate::deduction::{CellGroup, Chain, Deduction, Elimination, Pattern, Placement};
use crate::grid::{Candidates, CellSet, Digit, Grid, MAX_SIZE};
use crate::layout::{CellId, HouseId, Layout, LayoutId};

/// What the family remembers between calls, in its field of the per-thread home
/// ([`caches`](super::caches)).
#[derive(Default)]
pub(super) struct Cache {
    /// The propagation tables, one per mode, and the engine's buffers between searches (see
    /// [`Tables`]). Why: the chain techniques are tried one after another on an unchanged
    /// grid, and each assumption's propagation is kept while it still holds.
    tables: RefCell<Tables>,
}

techniques! {
    family: Forcing;
    DIGIT_FORCING_CHAIN = "digit-forcing-chain", "Digit Forcing Chain", 76, digit_forcing_chain;
    CELL_FORCING_CHAIN = "cell-forcing-chain", "Cell Forcing Chain", 78, cell_forcing_chain;
    UNIT_FORCING_CHAIN = "unit-forcing-chain", "Unit Forcing Chain", 80, unit_forcing_chain;
    FORCING_NET = "forcing-net", "Forcing Net", 85, forcing_net;
    NESTED_FORCING_NET = "nested-forcing-net", "Nested Forcing Net", 95, nested_forcing_net;
}

/// Assumes one candidate true, then false, following single implications: a contradiction
/// decides it; a literal both assumptions force holds.
///
/// Every instance: each literal a contradiction or a verity form of a candidate decides,
/// with its smallest proof (see [`forcing`]).
fn digit_forcing_chain(grid: &Grid, finds: &mut Finds) {
    forcing(grid, finds, &[(Mode::Chain, &[Form::Contradiction, Form::Digit])], ids::DIGIT_FORCING_CHAIN);
}

/// Assumes each candidate of one cell in turn; a literal every one of them forces holds.
///
/// Every instance: each literal the verity form of a cell decides, with its smallest proof
/// (see [`forcing`]).
fn cell_forcing_chain(grid: &Grid, finds: &mut Finds) {
    forcing(grid, finds, &[(Mode::Chain, &[Form::Cell])], ids::CELL_FORCING_CHAIN);
}

/// Assumes each place of one digit in one house in turn; a literal every one of them forces
/// holds.
///
/// Every instance: each literal the verity form of a digit in a house decides, with its
/// smallest proof (see [`forcing`]).
fn unit_forcing_chain(grid: &Grid, finds: &mut Finds) {
    forcing(grid, finds, &[(Mode::Chain, &[Form::Unit])], ids::UNIT_FORCING_CHAIN);
}

/// The four forms again, propagating with naked and hidden singles on the derived state too.
///
/// Every instance: each literal one of the four forms decides as a net, with its smallest
/// proof (see [`forcing`]).
fn forcing_net(grid: &Grid, finds: &mut Finds) {
    forcing(grid, finds, &[(Mode::Net, &[Form::Contradiction, Form::Digit, Form::Cell, Form::Unit])], ids::FORCING_NET);
}

/// Assumes one candidate true and propagates as a forcing net; whenever the net stands still,
/// each open candidate is tried on top of it, and the ones whose own net breaks are removed
/// inside the assumption. A contradiction removes the candidate.
///
/// Nesting is costly and harder to follow, so a contradiction a plain net reaches comes first.
///
/// Every instance: each candidate a plain net's contradiction removes (smallest proof first),
/// then each other candidate whose nested net breaks, in scan order (see [`forcing`]).
fn nested_forcing_net(grid: &Grid, finds: &mut Finds) {
    let passes: [(Mode, &[Form]); 2] = [(Mode::Net, &[Form::Contradiction]), (Mode::Nested, &[Form::Contradiction])];
    forcing(grid, finds, &passes, ids::NESTED_FORCING_NET);
}

/// The shared search: each pass (a mode and its forms) in turn until one finds something,
/// whose deduction with the smallest proof is offered first, the step a solve takes. When
/// every instance is wanted, each pass then runs again keeping every proof, without depth
/// limit (see [`Search::every`]): every literal its forms decide, each with its smallest
/// proof (the first in scan order on a tie), smallest first (in scan order for a nested net,
/// as its step is taken), a literal an earlier instance concluded left out. A verity form
/// offers every literal all its branches derive, not only its cheapest.
fn forcing(grid: &Grid, finds: &mut Finds, passes: &[(Mode, &[Form])], technique: &'static str) {
    let Some(first) = passes.iter().find_map(|&(mode, forms)| find(grid, mode, forms, technique)) else { return };
    let concluded = conclusion_of(&first);
    if finds.add(first) {
        return;
    }
    let mut decided = vec![concluded];
    for &(mode, forms) in passes {
        if find_every(grid, mode, forms, technique, &mut decided, finds) {
            return;
        }
    }
}

/// The literal a forcing deduction concludes: its one placement (on) or removal (off).
fn conclusion_of(d: &Deduction) -> Lit {
    match (d.placements.first(), d.eliminations.first()) {
        (Some(p), _) => lit(p.cell, p.digit, true),
        (None, Some(e)) => lit(e.cell, e.digit, false),
        (None, None) => unreachable!("a forcing deduction concludes a literal"),
    }
}

/// The kinds of exhaustive assumption a technique makes.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Form {
    /// One literal whose consequences contradict each other.
    Contradiction,
    /// A candidate on, and off.
    Digit,
    /// Every candidate of a cell on.
    Cell,
    /// Every place of a digit in a house on.
    Unit,
}

/// The best deduction found so far, before its proof is built. Each assumption comes with
/// the depth limit its propagation used, so that building the proof repeats it exactly.
#[derive(Clone, Debug)]
enum Best {
    /// Assuming this literal leads to a contradiction.
    Contradiction(Lit, u16),
    /// Every branch leads to `conclusion`; `house` names the unit of a unit form.
    Verity { branches: Vec<(Lit, u16)>, conclusion: Lit, house: Option<HouseId> },
}

impl Best {
    /// The literal the proof concludes: the assumption's negation, or what every branch
    /// derives.
    fn conclusion(&self) -> Lit {
        match self {
            Best::Contradiction(l, _) => l ^ 1,
            Best::Verity { conclusion, .. } => *conclusion,
        }
    }
}

/// What is known of one assumption.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Outcome {
    Unknown,
    /// No contradiction within the depth limit.
    Consistent,
    /// A contradiction, with the size of its proof and the depth it was completed at.
    Conflict(u32, u16),
}

/// What the assumptions made on one grid state led to: per literal, the outcome and the
/// depth limit of its propagation, and what it derived (the engine's [`Engine::copy_derived`]
/// boards, one slot per candidate and polarity). Kept per thread and mode, and reused while
/// the grid state stays the same, so the chain techniques tried one after another on an
/// unchanged grid propagate each assumption once, and a search allocates nothing large.
///
/// When the grid has lost candidates since (the next search of the solve), an outcome is kept
/// if its propagation never came near a lost candidate, or came near one only where the
/// counts it read give the same answers on the new grid (see [`Table::carry_over`]): it would
/// derive the same literals in the same order again.
#[derive(Default)]
struct Table {
    key: Option<Key>,
    outcome: Vec<(Outcome, u16)>,
    /// Per literal, whether its board holds what its propagation derived, up to its
    /// contradiction if any, one bit per literal (64 literals a word): the literals whose
    /// outcome is known. (Inert assumptions are not written: their outcome is known at once,
    /// see [`Search::assume`].)
    written: Vec<u64>,
    boards: Vec<u64>,
    /// Per board, each of its sets folded into one word (the or of its words), at the board's
    /// start divided by `W`: sets whose folds share nothing share nothing. Written with the
    /// board. Followed by [`FOLDS`] spare words, so that `FOLDS` words can be read from any
    /// board's start.
    folds: Vec<u64>,
    carry: Carry,
}

/// Room for the folds of one board (two sets per digit) on the largest grid.
const FOLDS: usize = 2 * MAX_SIZE;

/// The grid state a table was filled for: its layout, and the empty cells holding each
/// digit (index `digit - 1`).
#[derive(PartialEq, Eq)]
struct Key {
    layout: LayoutId,
    digit_cells: Vec<CellSet>,
}

impl Key {
    fn new(grid: &Grid) -> Key {
        let layout = grid.layout();
        let digit_cells = (1..=layout.size() as Digit).map(|d| *grid.digit_cells(d)).collect();
        Key { layout: layout.id(), digit_cells }
    }

    /// Whether `self` is a state of the same layout with some of `old`'s candidates gone and
    /// none added.
    fn follows(&self, old: &Key) -> bool {
        self.layout == old.layout
            && self.digit_cells.iter().zip(&old.digit_cells).all(|(new, old)| new.difference(old).is_empty())
    }
}

impl Table {
    /// Makes the table ready for `key` (`lits` literals, boards of `stride` words): keeps what
    /// still holds when `key` follows the table's state, else forgets everything.
    fn prepare<const W: usize>(&mut self, key: Key, layout: &Layout, mode: Mode, lits: usize, stride: usize) {
        match &self.key {
            Some(old) if *old == key => return,
            Some(old) if mode != Mode::Nested && key.follows(old) && self.outcome.len() == lits => {
                let old = self.key.take().expect("a key");
                self.carry_over::<W>(&old, &key, layout, mode, stride);
            }
            _ => {
                self.outcome.clear();
                self.outcome.resize(lits, (Outcome::Unknown, 0));
                self.written.clear();
                self.written.resize(lits.div_ceil(64), 0);
                let boards = layout.cell_count() * layout.size() * 2 * stride;
                if self.boards.len() < boards {
                    self.boards.resize(boards, 0);
                }
                if self.folds.len() < boards / W + FOLDS {
                    self.folds.resize(boards / W + FOLDS, 0);
                }
            }
        }
        self.key = Some(key);
    }

    /// Forgets the outcomes the candidates lost from `old` to `new` may change.
    // Why: a propagation reads the grid only where it derives something: the candidates of the
    // cells it derives literals in, and for a literal of digit `d`, the places of `d` among the
    // cells that see that cell (sight, the houses' places, singles, contradictions). So when
    // no literal it derived lies in a cell that lost a candidate, or is of a lost digit in a
    // cell seeing (or being) a cell that lost it, it derives the same literals in the same
    // order, with the same premises, and reaches the same contradiction, at any depth limit.
    // (Nested nets try every open candidate, so their outcomes are never kept.) An "on"
    // literal also reads the candidates it links to (`Layout::links`), in other cells and
    // digits, only to derive them off: a lost one among them was derived off before, so it
    // shows as a literal in a cell that lost a candidate, as a lost place in sight does.
    //
    // Closer to the lost candidates, a finer test: an "on" literal of digit `d` reads the cells
    // holding `d` that see it only to derive them "off", so a lost one among them shows as a
    // literal in a cell that lost a candidate; an "off" literal of `d` reads the places left of
    // `d` in its houses. Where a house lost places of `d`, every count of places not derived
    // off is lower by the same number all along (a lost place was never derived off, or its
    // cell shows a literal), and the propagation reads these counts only as "none", "one" (a
    // single, or a strong link when it is two places in a chain) or more: when the counts
    // after the propagation stay above those thresholds on the new grid, every read gives the
    // same answer, and so does the propagation. Likewise in a cell that lost candidates but
    // shows no literal of them (so no "on" literal there spread): its "off" literals read how
    // many candidates the cell has left, as none, one (a single) or more, and in a chain
    // whether it is bivalue.
    fn carry_over<const W: usize>(&mut self, old: &Key, new: &Key, layout: &Layout, mode: Mode, stride: usize) {
        let size = layout.size();
        self.carry.fill::<W>(old, new, layout);
        // Why: a net reads a count as none, one or more; a chain also as two (a strong link or
        // a bivalue cell), and as one (a lone place) before any literal is off.
        let (net, chain) = (|n: u32, k: u32| n >= k + 2, |n: u32, k: u32| n >= 3 && n > k);
        let fits = |n: u32, k: u32| k == 0 || if mode == Mode::Chain { chain(n, k) } else { net(n, k) };
        // Why: only the written literals have an outcome to keep; the others stay unknown.
        for word in 0..self.written.len() {
            let mut bits = self.written[word];
            while bits != 0 {
                let l = word * 64 + bits.trailing_zeros() as usize;
                bits &= bits - 1;
                if !self.carry.keeps::<W>(&self.boards, &self.folds, board_at(l as Lit, size, stride), size, stride, fits) {
                    self.outcome[l] = (Outcome::Unknown, 0);
                    self.written[word] &= !(1 << (l % 64));
                }
            }
        }
    }
}

impl Carry {
    /// Works out, from `old` to `new` on `layout`, what [`Carry::keeps`] compares the
    /// boards with: the cells near the lost candidates, the lost candidates, the cells that
    /// lost some, and the houses where a digit lost places.
    fn fill<const W: usize>(&mut self, old: &Key, new: &Key, layout: &Layout) {
        let size = layout.size();
        let n = size * W;
        // Why: the boards' folds are read four digits at a time (the loop vectorises); they are
        // followed by spare words, which the zeros of `near_fold` and `lost_fold` past `size`
        // mask.
        let folded = size.next_multiple_of(4);
        let Carry { near_fold, lost_at, lost_fold, lost_list, changed } = self;
        // Per digit, folded into one word as the boards' sets: the cells whose literals of that
        // digit may now derive otherwise (the cells that lost it, their peers, and every cell
        // that lost a candidate).
        near_fold.clear();
        near_fold.resize(folded, 0);
        // Per digit (`W` words each), the cells that lost it; and the same folded.
        lost_at.clear();
        lost_at.resize(n, 0);
        lost_fold.clear();
        lost_fold.resize(folded, 0);
        let mut lost_cells = CellSet::new();
        for (d, (was, now)) in old.digit_cells.iter().zip(&new.digit_cells).enumerate() {
            let lost = was.difference(now);
            let mut around = lost;
            for cell in lost.iter() {
                around = around.union(layout.peer_set(cell));
            }
            lost_cells = lost_cells.union(&lost);
            lost_at[d * W..(d + 1) * W].copy_from_slice(&lost.words()[..W]);
            near_fold[d] = around.words()[..W].iter().fold(0, |acc, w| acc | w);
            lost_fold[d] = lost.words()[..W].iter().fold(0, |acc, w| acc | w);
        }
        let lost_cells_fold = lost_cells.words()[..W].iter().fold(0, |acc, w| acc | w);
        for near in &mut near_fold[..size] {
            *near |= lost_cells_fold;
        }
        // Each cell that lost candidates, with its candidates left (bit `d` for digit `d + 1`)
        // and their number.
        lost_list.clear();
        lost_list.extend(lost_cells.iter().map(|cell| {
            let left = (0..size).filter(|&d| new.digit_cells[d].contains(cell)).fold(0u32, |acc, d| acc | 1 << d);
            (cell, left, left.count_ones())
        }));
        // Per digit that lost places, each house where it did: the digit, the house's cells and
        // how many places the digit has left there.
        changed.clear();
        for (d, (was, now)) in old.digit_cells.iter().zip(&new.digit_cells).enumerate() {
            let mut houses = 0u64;
            for cell in was.difference(now).iter() {
                for &h in layout.houses_of(cell) {
                    houses |= 1 << h;
                }
            }
            while houses != 0 {
                let h = houses.trailing_zeros() as HouseId;
                houses &= houses - 1;
                let set = layout.house_set(h);
                changed.push((d, std::array::from_fn(|w| set.words()[w]), set.intersection(now).len() as u32));
            }
        }
    }

    /// Whether the outcome of the board at `at` (in `boards`, its folds in `folds`) still
    /// holds after the losses [`Carry::fill`] worked out: `fits(n, k)` tells whether a count
    /// of `n` places with `k` of them derived off reads the same (see
    /// [`Table::carry_over`]).
    #[inline]
    fn keeps<const W: usize>(&self, boards: &[u64], folds: &[u64], at: usize, size: usize, stride: usize, fits: impl Fn(u32, u32) -> bool) -> bool {
        let (n, folded) = (size * W, size.next_multiple_of(4));
        let (near_fold, lost_at, lost_fold) = (&self.near_fold[..folded], &self.lost_at[..n], &self.lost_fold[..folded]);
        // Why: a board's folds meet a folded set wherever the board meets the set, so
        // the folds tell cheaply that a board is far from the lost candidates (it does
        // not meet `near`), or does not hold a literal of a lost candidate.
        let (on, off) = (&folds[at / W..at / W + folded], &folds[at / W + size..at / W + size + folded]);
        let (mut touched, mut own) = ([0u64; 4], [0u64; 4]);
        for (((on, off), m), lost) in on.chunks_exact(4).zip(off.chunks_exact(4)).zip(near_fold.chunks_exact(4)).zip(lost_fold.chunks_exact(4)) {
            for k in 0..4 {
                let f = on[k] | off[k];
                touched[k] |= f & m[k];
                own[k] |= f & lost[k];
            }
        }
        // Why: the finer tests below pass too when the board meets no cell near (the
        // cells near hold the lost cells for every digit, and each lost place's peers,
        // so every house where it was lost), but this is cheaper to tell.
        touched == [0; 4] || {
            let (on, off) = boards[at..at + stride].split_at(n);
            let (on, off) = (&on[..n], &off[..n]);
            (own == [0; 4] || {
                // Why: indexed loops over slices of one length vectorise.
                let mut own = 0;
                for i in 0..n {
                    own |= (on[i] | off[i]) & lost_at[i];
                }
                own == 0
            }) && self.lost_list.iter().all(|&(cell, left, n)| {
                let (mut rest, mut k) = (left, 0);
                while rest != 0 {
                    let d = rest.trailing_zeros() as usize;
                    rest &= rest - 1;
                    k += (off[d * W + cell / 64] >> (cell % 64)) as u32 & 1;
                }
                fits(n, k)
            }) && self.changed.iter().all(|&(d, cells, count)| {
                let off = &off[d * W..(d + 1) * W];
                let hits: [u64; W] = std::array::from_fn(|w| off[w] & cells[w]);
                if hits.iter().all(|&h| h == 0) {
                    return true;
                }
                fits(count, hits.iter().map(|h| h.count_ones()).sum())
            })
        }
    }
}

/// The buffers of [`Table::carry_over`], kept so that it allocates nothing.
#[derive(Default)]
struct Carry {
    near_fold: Vec<u64>,
    lost_at: Vec<u64>,
    lost_fold: Vec<u64>,
    lost_list: Vec<(CellId, u32, u32)>,
    /// Up to four words of cells per house (as a `CellSet`), whatever the grid's `W`.
    changed: Vec<(usize, [u64; 4], u32)>,
}

/// Where the board of literal `l` starts in a table of boards of `stride` words, for a grid
/// of `size` digits.
// Why: literal values leave room for 16 digits; boards are large, so they are packed by
// candidate instead.
fn board_at(l: Lit, size: usize, stride: usize) -> usize {
    (((l >> 5) as usize * size + ((l >> 1) & 15) as usize) * 2 + (l & 1) as usize) * stride
}

/// The tables of one thread, one per mode, and the engine's buffers between searches.
#[derive(Default)]
struct Tables {
    modes: [Table; 3],
    scratch: Scratch,
}

/// One search: the engine, the outcomes, and the best deduction so far.
struct Search<'g, 't, const W: usize, const V: bool> {
    engine: Engine<'g, W, V>,
    table: &'t mut Table,
    /// Words per board: `2 * size` sets of `W` words.
    stride: usize,
    /// Room for the board a verity form's branches share.
    common: Vec<u64>,
    /// All ones in the first `2 * size` words (a board's folds), zero beyond.
    fold_mask: [u64; FOLDS],
    best: Option<(usize, Best)>,
    /// Whether every proof is wanted: each one offered is kept in `all` with its size, and
    /// neither `best` nor the limit is set, so that every assumption is followed to the end.
    every: bool,
    all: Vec<(usize, Best)>,
    /// The depth beyond which no proof can beat the best so far (see [`Search::offer`]).
    limit: u16,
}

impl<const W: usize, const V: bool> Search<'_, '_, W, V> {
    /// Where the board of literal `l` starts in the table.
    fn board_at(&self, l: Lit) -> usize {
        board_at(l, self.engine.size(), self.stride)
    }

    /// What assuming `l` derived (when consistent): `2 * size` sets of `W` words.
    fn board(&self, l: Lit) -> &[u64] {
        let at = self.board_at(l);
        &self.table.boards[at..at + self.stride]
    }

    /// What assuming `l` leads to within the current limit, propagating only when what is
    /// known does not tell.
    #[inline]
    fn outcome(&mut self, l: Lit) -> (Outcome, u16) {
        let known = self.table.outcome[l as usize];
        match known {
            // Why: propagation is breadth first, so a deeper limit meets the same contradiction.
            (Outcome::Conflict(_, depth), _) if depth <= self.limit => known,
            // Why: more derived literals than the limit allows only offers more conclusions,
            // each still a valid implication.
            (Outcome::Consistent, used) if used >= self.limit => known,
            _ => self.assume(l),
        }
    }

    /// [`Search::outcome`] when what is known does not tell.
    #[inline(never)]
    fn assume(&mut self, l: Lit) -> (Outcome, u16) {
        let (i, limit) = (l as usize, self.limit);
        if self.engine.inert(l) {
            // Why: most "off" assumptions lead nowhere; what they derive (themselves) is known
            // without propagating, at any depth. Their board is never read (the verity forms
            // take "on" branches, and the digit form skips an inert "off", see `digit`), so it
            // is not written.
            // Nor is the outcome: telling it again costs no more than looking it up, and so
            // carrying over has only the written literals to look at.
            return (Outcome::Consistent, UNLIMITED);
        }
        let at = self.board_at(l);
        // Why: a chain without depth limit finds out cheaply that an assumption is consistent
        // (most are), and only a contradiction needs the full propagation that tells which one
        // it meets first.
        let conflict = if self.engine.mode() == Mode::Chain && limit == UNLIMITED && self.engine.reach_consistent(l) {
            #[cfg(debug_assertions)]
            {
                let mut reached = vec![0; self.stride];
                self.engine.copy_derived(&mut reached);
                assert_eq!(self.engine.propagate(l, limit), None, "a consistent chain");
                let mut derived = vec![0; self.stride];
                self.engine.copy_derived(&mut derived);
                assert_eq!(reached, derived, "a chain's reach is what it derives");
            }
            None
        } else {
            let conflict = self.engine.propagate(l, limit);
            debug_assert!(self.engine.mode() != Mode::Chain || limit != UNLIMITED || conflict.is_some(), "a chain's reach holds a contradiction");
            conflict
        };
        // Why: the board also tells, for a contradiction, which part of the grid it read (see
        // `Table::carry_over`).
        self.engine.copy_derived(&mut self.table.boards[at..at + self.stride]);
        // Why: only verity forms and carrying over read the folds, and a nested net has none.
        if self.engine.mode() != Mode::Nested {
            self.engine.copy_folds(&mut self.table.folds[at / W..(at + self.stride) / W]);
        }
        self.table.written[i / 64] |= 1 << (i % 64);
        let outcome = match conflict {
            Some(conflict) => {
                let targets = self.engine.conflict_targets(conflict);
                let depth = targets.iter().map(|&t| self.engine.depth(t)).max().unwrap_or(0);
                Outcome::Conflict(self.engine.cost(&targets) as u32, depth)
            }
            None => Outcome::Consistent,
        };
        // Why: a consistent propagation the limit did not cut is the one without limit, so it
        // answers for every limit (a later search starts without one, see `outcome`).
        let used = if outcome == Outcome::Consistent && limit != UNLIMITED && self.engine.mode() != Mode::Nested && !self.engine.cut() {
            UNLIMITED
        } else {
            limit
        };
        self.table.outcome[i] = (outcome, used);
        self.table.outcome[i]
    }

    fn consistent(&mut self, l: Lit) -> bool {
        self.outcome(l).0 == Outcome::Consistent
    }

    fn offer(&mut self, cost: usize, found: Best) {
        if self.every {
            self.all.push((cost, found));
            return;
        }
        if self.best.as_ref().is_none_or(|(c, _)| cost < *c) {
            self.best = Some((cost, found));
            // Why: a contradiction's proof holds a path to its deepest literal and one more
            // literal; a verity's, one path per branch (at least two literals each) ending in
            // the conclusion. So no proof reaching deeper than this can beat the best.
            self.limit = cost.saturating_sub(3).min(UNLIMITED as usize - 1) as u16;
        }
    }

    /// Both literals of the candidate as assumptions: each contradiction, then the verity form.
    /// `contradiction` and `verity` tell which of the two forms to look for.
    #[inline]
    fn digit(&mut self, cell: CellId, digit: Digit, contradiction: bool, verity: bool) {
        let on = self.engine.lit(cell, digit, true);
        let mut consistent = true;
        for l in [on, on ^ 1] {
            if let (Outcome::Conflict(cost, _), limit) = self.outcome(l) {
                consistent = false;
                if contradiction {
                    self.offer(cost as usize, Best::Contradiction(l, limit));
                }
            }
        }
        // Why: an inert "off" assumption derives only itself, which the consistent "on" one
        // cannot derive: the two share nothing.
        if consistent && verity && !self.engine.inert(on ^ 1) {
            self.verity(&[on, on ^ 1], None);
        }
    }

    /// The literals of `common` (boards of derived literals), on before off, then by digit
    /// and cell; `None` when it is empty.
    fn targets(&self, common: &[u64]) -> Option<Vec<Lit>> {
        if common.iter().fold(0, |acc, &w| acc | w) == 0 {
            return None;
        }
        let size = self.engine.size();
        let mut targets: Vec<Lit> = Vec::new();
        for (k, set) in common.chunks_exact(W).enumerate() {
            let (digit, on) = ((k % size) as Digit + 1, k < size);
            let set: &Bits<W> = set.try_into().expect("W words");
            targets.extend(cells_of(set).map(|cell| self.engine.lit(cell, digit, on)));
        }
        Some(targets)
    }

    /// How deep a branch of a verity form of `branches` branches may reach its conclusion and
    /// still be part of a proof cheaper than the best so far: the current limit, or less when
    /// the other branches' share of the budget (two literals each at least) leaves less. The
    /// proof of a literal at depth `n` holds `n + 1` literals or more (a path from the
    /// assumption), so a branch costing `c` reaches depth `c - 1` at most. 0 when no verity of
    /// this many branches can beat the best.
    fn verity_reach(&self, branches: usize) -> u16 {
        match &self.best {
            None => self.limit,
            // Why: total < best and the other branches cost 2 or more each, so this branch
            // costs at most `best - 1 - 2 * (branches - 1)` and reaches one less deep.
            Some((best, _)) => (best + 1).saturating_sub(2 * branches + 1).min(self.limit as usize) as u16,
        }
    }

    /// Whether the folds of the branches' boards share a bit (in their first `2 * size` words,
    /// which `F` covers).
    // Why: the folds are read as fixed arrays of `F` words (the words past `2 * size` masked),
    // so that the loops are unrolled and vectorised; grids up to 10 digits read 20 words rather
    // than the largest grid's 32. Not inlined: on its own, the compiler keeps the arrays in
    // vector registers.
    #[inline(never)]
    fn folds_meet<const F: usize>(&self, branches: &[Lit]) -> bool {
        let folds = |l: Lit| -> &[u64; F] {
            let at = self.board_at(l) / W;
            self.table.folds[at..at + F].try_into().expect("F words")
        };
        let mut folded: [u64; F] = self.fold_mask[..F].try_into().expect("F words");
        let (first, second) = (folds(branches[0]), folds(branches[1.min(branches.len() - 1)]));
        for ((acc, a), b) in folded.iter_mut().zip(first).zip(second) {
            *acc &= a & b;
        }
        for &b in branches.iter().skip(2) {
            let fold = folds(b);
            for (acc, f) in folded.iter_mut().zip(fold) {
                *acc &= f;
            }
        }
        let mut any = [0u64; 4];
        for chunk in folded.chunks_exact(4) {
            for k in 0..4 {
                any[k] |= chunk[k];
            }
        }
        any != [0; 4]
    }

    /// Looks for a literal every branch derives (each branch consistent), and offers the one
    /// with the smallest proof (every one, when every proof is wanted).
    #[inline]
    fn verity(&mut self, branches: &[Lit], house: Option<HouseId>) {
        // Why: a branch holds its assumption and the conclusion (which is neither assumption),
        // so its proof costs two literals or more, and reaches its conclusion with the rest of
        // the best proof's budget: when that leaves nothing, no conclusion can beat the best.
        let reach = self.verity_reach(branches.len());
        if reach == 0 {
            return;
        }
        if !branches.iter().all(|&b| self.consistent(b)) {
            return;
        }
        // Why: most intersections are empty, and the folded boards (half or a quarter of the
        // words) mostly show it: a literal every branch derives sets the same bit in every
        // branch's fold of its set.
        let meet = if 2 * self.engine.size() <= 20 { self.folds_meet::<20>(branches) } else { self.folds_meet::<FOLDS>(branches) };
        if meet {
            self.verity_common(branches, reach, house);
        }
    }

    /// [`Search::verity`] once the branches' folds meet: the literals every branch derives, and
    /// the cheapest of them offered.
    // Why: most verity forms stop before, so the first part is inlined and this one not.
    #[inline(never)]
    fn verity_common(&mut self, branches: &[Lit], reach: u16, house: Option<HouseId>) {
        let mut common = std::mem::take(&mut self.common);
        let n = self.stride;
        // Why: plain indexed loops over equal lengths vectorise; most intersections are empty,
        // and this is the cost of finding out (the first two boards in one pass, no copy).
        // (`n` is `2 * size * W`, a multiple of 4.)
        let (first, second) = (self.board(branches[0]), self.board(branches[1.min(branches.len() - 1)]));
        for ((acc, a), b) in common[..n].chunks_exact_mut(4).zip(first.chunks_exact(4)).zip(second.chunks_exact(4)) {
            for i in 0..4 {
                acc[i] = a[i] & b[i];
            }
        }
        for &b in branches.iter().skip(2) {
            for (acc, words) in common[..n].chunks_exact_mut(4).zip(self.board(b).chunks_exact(4)) {
                for i in 0..4 {
                    acc[i] &= words[i];
                }
            }
        }
        let targets = self.targets(&common);
        self.common = common;
        let Some(targets) = targets else {
            return;
        };
        // Why: re-propagating within `reach` (at most the current limit) reaches every
        // conclusion that could beat the best so far, and is consistent since the deeper
        // propagation was. Conclusions deeper than that cost the best or more in total, so
        // leaving them out changes neither the cheapest conclusion nor whether it is offered.
        let limit = reach;
        let mut costs = vec![0usize; targets.len()];
        let mut used = Vec::with_capacity(branches.len());
        for &b in branches {
            let limit = limit.min(self.table.outcome[b as usize].1);
            used.push((b, limit));
            let conflict = self.engine.propagate(b, limit);
            debug_assert!(conflict.is_none(), "a consistent branch");
            for (cost, &t) in costs.iter_mut().zip(&targets) {
                *cost = if *cost == usize::MAX || !self.engine.holds(t) { usize::MAX } else { *cost + self.engine.cost(&[t]) };
                // Why: a conclusion costing the best or more cannot be offered.
                if self.best.as_ref().is_some_and(|(best, _)| *cost >= *best) {
                    *cost = usize::MAX;
                }
            }
            // Why: when no conclusion is left, the other branches need not be followed.
            if costs.iter().all(|&c| c == usize::MAX) {
                return;
            }
        }
        if self.every {
            for (&cost, &conclusion) in costs.iter().zip(&targets).filter(|(c, _)| **c != usize::MAX) {
                self.offer(cost, Best::Verity { branches: used.clone(), conclusion, house });
            }
            return;
        }
        let Some((i, &cost)) = costs.iter().enumerate().filter(|(_, c)| **c != usize::MAX).min_by_key(|&(i, c)| (*c, i)) else {
            return;
        };
        self.offer(cost, Best::Verity { branches: used, conclusion: targets[i], house });
    }
}

impl<const W: usize, const V: bool> Search<'_, '_, W, V> {
    /// The nested net's scan: each open candidate assumed true, in cell order, until one
    /// leads to a contradiction (to the end, when every proof is wanted). Why: a nested net
    /// is costly; only the assumption "true" is tried, and a candidate that a consistent net
    /// (without depth limit) sets on is skipped: nets are monotone, so its own net lies inside
    /// that one and cannot break.
    fn nested_scan(&mut self, grid: &Grid, empty: &[CellId]) {
        let size = grid.layout().size();
        let mut standing = vec![[0u64; W]; size];
        for &cell in empty {
            for digit in grid.candidates(cell).iter() {
                // Why: a nested scan is costly; the first contradiction in scan order is
                // taken rather than the shortest.
                if self.best.is_some() {
                    return;
                }
                if has(&standing[digit as usize - 1], cell) {
                    continue;
                }
                let l = self.engine.lit(cell, digit, true);
                match self.outcome(l) {
                    (Outcome::Conflict(cost, _), limit) => self.offer(cost as usize, Best::Contradiction(l, limit)),
                    (_, UNLIMITED) => {
                        let on = &self.board(l)[..size * W];
                        for (stand, set) in standing.iter_mut().zip(on.chunks_exact(W)) {
                            for w in 0..W {
                                stand[w] |= set[w];
                            }
                        }
                    }
                    _ => {}
                }
            }
        }
    }

    /// The unit forcing chains: for every house and digit with two places or more, the
    /// verity of its places.
    fn unit_verities(&mut self, layout: &Layout) {
        // Why: a fixed array filled word by word; this runs for every house and digit.
        let mut branches = [0 as Lit; MAX_SIZE];
        for house in 0..layout.houses().len() {
            for digit in 1..=layout.size() as Digit {
                if self.engine.place_count(house, digit) >= 2 {
                    let mut n = 0;
                    for (w, &word) in self.engine.places(house, digit).iter().enumerate() {
                        let mut bits = word;
                        while bits != 0 {
                            branches[n] = lit(w * 64 + bits.trailing_zeros() as usize, digit, true);
                            bits &= bits - 1;
                            n += 1;
                        }
                    }
                    self.verity(&branches[..n], Some(house));
                }
            }
        }
    }
}

/// Runs the search of `forms` in `mode` and builds the deduction with the smallest proof.
fn find(grid: &Grid, mode: Mode, forms: &[Form], technique: &'static str) -> Option<Deduction> {
    // Why: a layout the engine's tables cannot hold gets no forcing step (sound, not
    // complete); every layout deduku builds fits.
    if !engine::takes(grid.layout()) {
        return None;
    }
    // Why four instances: the classic one (no extra house, no link) then carries no check
    // for either in its hot loops.
    match (words_for(grid.layout().cell_count()), engine::plain(grid.layout())) {
        (2, true) => find_in::<2, false>(grid, mode, forms, technique),
        (2, false) => find_in::<2, true>(grid, mode, forms, technique),
        (_, true) => find_in::<4, false>(grid, mode, forms, technique),
        (_, false) => find_in::<4, true>(grid, mode, forms, technique),
    }
}

/// [`find`] with cell sets of `W` words.
fn find_in<const W: usize, const V: bool>(grid: &Grid, mode: Mode, forms: &[Form], technique: &'static str) -> Option<Deduction> {
    search::<W, V, _>(grid, mode, forms, false, |search| search.best.take().map(|(_, best)| deduction(&mut search.engine, best, technique)))
}

/// Runs the search of `forms` in `mode` keeping every proof, and offers a deduction for each
/// literal it concludes that is not in `decided` (taking it in), smallest proof first (see
/// [`forcing`]); whether the search is to stop.
fn find_every(grid: &Grid, mode: Mode, forms: &[Form], technique: &'static str, decided: &mut Vec<Lit>, finds: &mut Finds) -> bool {
    if !engine::takes(grid.layout()) {
        return false;
    }
    match (words_for(grid.layout().cell_count()), engine::plain(grid.layout())) {
        (2, true) => every_in::<2, false>(grid, mode, forms, technique, decided, finds),
        (2, false) => every_in::<2, true>(grid, mode, forms, technique, decided, finds),
        (_, true) => every_in::<4, false>(grid, mode, forms, technique, decided, finds),
        (_, false) => every_in::<4, true>(grid, mode, forms, technique, decided, finds),
    }
}

/// [`find_every`] with cell sets of `W` words.
fn every_in<const W: usize, const V: bool>(
    grid: &Grid,
    mode: Mode,
    forms: &[Form],
    technique: &'static str,
    decided: &mut Vec<Lit>,
    finds: &mut Finds,
) -> bool {
    search::<W, V, _>(grid, mode, forms, true, |search| {
        let mut all = std::mem::take(&mut search.all);
        // Why stable: proofs of one size stay in scan order. A nested net's step is the first
        // contradiction in scan order, so its proofs stay in that order.
        if mode != Mode::Nested {
            all.sort_by_key(|&(cost, _)| cost);
        }
        for (_, best) in all {
            let conclusion = best.conclusion();
            if decided.contains(&conclusion) {
                continue;
            }
            decided.push(conclusion);
            if finds.add(deduction(&mut search.engine, best, technique)) {
                return true;
            }
        }
        false
    })
}

/// Runs the search of `forms` in `mode` on `grid` (keeping every proof if `every`, see
/// [`Search::every`]), then `finish` on what it found.
fn search<const W: usize, const V: bool, R>(
    grid: &Grid,
    mode: Mode,
    forms: &[Form],
    every: bool,
    finish: impl FnOnce(&mut Search<'_, '_, W, V>) -> R,
) -> R {
    let layout = grid.layout();
    let size = layout.size();
    super::caches::with(|c| {
        let tables = &mut *c.forcing.tables.borrow_mut();
        let Tables { modes, scratch } = tables;
        let engine = Engine::<W, V>::with_scratch(grid, mode, scratch);
        let lits = engine.lit_count();
        let stride = 2 * size * W;
        let table = &mut modes[mode as usize];
        table.prepare::<W>(Key::new(grid), layout, mode, lits, stride);
        let fold_mask = std::array::from_fn(|i| if i < 2 * size { u64::MAX } else { 0 });
        let mut search =
            Search { engine, table, stride, common: vec![0; stride], fold_mask, best: None, every, all: Vec::new(), limit: UNLIMITED };
        let empty: Vec<CellId> = (0..layout.cell_count()).filter(|&c| grid.candidates(c).len() >= 2).collect();
        if mode == Mode::Nested {
            search.nested_scan(grid, &empty);
        } else if forms.contains(&Form::Contradiction) || forms.contains(&Form::Digit) {
            let (contradiction, verity) = (forms.contains(&Form::Contradiction), forms.contains(&Form::Digit));
            for &cell in &empty {
                for digit in grid.candidates(cell).iter() {
                    search.digit(cell, digit, contradiction, verity);
                }
            }
        }
        if forms.contains(&Form::Cell) {
            let mut branches = [0 as Lit; MAX_SIZE];
            for &cell in &empty {
                let mut n = 0;
                for d in grid.candidates(cell).iter() {
                    branches[n] = lit(cell, d, true);
                    n += 1;
                }
                search.verity(&branches[..n], None);
            }
        }
        if forms.contains(&Form::Unit) {
            search.unit_verities(layout);
        }
        let found = finish(&mut search);
        search.engine.into_scratch(scratch);
        found
    })
}

/// Builds the deduction for the chosen proof: propagates its branches again and walks back.
fn deduction<const W: usize, const V: bool>(engine: &mut Engine<W, V>, best: Best, technique: &'static str) -> Deduction {
    match best {
        Best::Contradiction(root, limit) => {
            let conflict = engine.propagate(root, limit).expect("a remembered contradiction");
            let targets = engine.conflict_targets(conflict);
            let (chains, via, nested) = engine.strands(&targets);
            let (cell, digit) = (engine.cell_of(root), engine.digit_of(root));
            let sets = nested
                .iter()
                .map(|&l| CellGroup { cells: vec![engine.cell_of(l)], digits: Candidates::single(engine.digit_of(l)) })
                .collect();
            let mut pattern = Pattern { digits: Candidates::single(digit), cells: vec![cell], chains, sets, ..Pattern::default() };
            match conflict {
                Conflict::Both(l) => pattern.fins = vec![engine.cell_of(l)],
                Conflict::Cell(c) => pattern.fins = vec![c],
                Conflict::House(h, _) => pattern.cover = vec![h],
            }
            if root & 1 == 1 {
                Deduction::elimination(technique, vec![Elimination { cell, digit, via }], pattern)
            } else {
                Deduction { placements: vec![Placement { cell, digit }], ..Deduction::elimination(technique, Vec::new(), pattern) }
            }
        }
        Best::Verity { branches, conclusion, house } => {
            let mut main: Vec<Chain> = Vec::new();
            let mut side: Vec<Chain> = Vec::new();
            let mut via = None;
            for &(b, limit) in &branches {
                let conflict = engine.propagate(b, limit);
                debug_assert!(conflict.is_none());
                let (mut chains, rule, _) = engine.strands(&[conclusion]);
                via = via.or(rule);
                side.extend(chains.drain(1..));
                main.extend(chains);
            }
            main.extend(side);
            let mut digits = Candidates::EMPTY;
            let mut cells: Vec<CellId> = Vec::new();
            for &(b, _) in &branches {
                digits.insert(engine.digit_of(b));
                if !cells.contains(&engine.cell_of(b)) {
                    cells.push(engine.cell_of(b));
                }
            }
            let pattern = Pattern { digits, cells, base: house.into_iter().collect(), chains: main, ..Pattern::default() };
            let (cell, digit) = (engine.cell_of(conclusion), engine.digit_of(conclusion));
            if conclusion & 1 == 1 {
                Deduction { placements: vec![Placement { cell, digit }], ..Deduction::elimination(technique, Vec::new(), pattern) }
            } else {
                Deduction::elimination(technique, vec![Elimination { cell, digit, via }], pattern)
            }
        }
    }
}

#[cfg(test)]
mod tests;
