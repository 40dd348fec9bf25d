//! The propagation engine of the forcing family: from one assumption ("this candidate is
//! true", or "... is false"), derive what must follow, breadth first, recording for each
//! derived literal the premise it came from, so a proof can be walked back and shown.
//!
//! A literal is a candidate held on (true) or off (false). Three modes:
//!
//! - [`Mode::Chain`]: only single-premise implications. On -> off for every candidate that
//!   sees it (same cell, or same digit in a cell that `Layout::sees`, variant peers included).
//!   Off -> on when the grid gives a strong link: the cell is bivalue, or the digit has exactly
//!   two places in a house (only houses, never variant sight, make strong links).
//! - [`Mode::Net`]: the same sight, and singles over the whole derived state: a cell whose other
//!   candidates are all off takes the last one (naked single), a digit whose other places in a
//!   house are all off goes to the last one (hidden single). These need several premises at once.
//! - [`Mode::Nested`]: a net that, whenever it stands still, tries each open candidate on top of
//!   it with a plain net, and removes those whose net breaks; the removal's premises are the
//!   outer literals the inner contradiction used.
//!
//! Propagation stops at the first contradiction: a candidate both on and off, a cell with every
//! candidate off, or a house with every place of a digit off.
//!
//! Everything is bitboards and counters: per digit, the cells derived on and the cells derived
//! off ([`CellSet`]), per cell the digits derived off (`u16`), per house and digit the places
//! and how many are left. The only per-step write besides those is the premise, order and
//! depth of each derived literal, packed in one fixed array indexed by literal. Propagation can
//! be limited in depth, so a search that already holds a proof of some size stops following
//! assumptions where no shorter proof can be found.

use crate::deduction::{Chain, Link, Node};
use crate::grid::{CellSet, Digit, Grid};
use crate::layout::{CellId, HouseId, Layout};
use crate::rules::Rule;

/// A candidate held on or off: `cell << 5 | (digit - 1) << 1 | on` (digits up to 16).
pub(super) type Lit = u32;

/// The premise of the assumption itself.
const ROOT: u32 = u32::MAX;
/// Naked single: every other candidate of the cell is off.
const CELL_SINGLE: u32 = 1 << 30;
/// Hidden single (or'ed with the house id): every other place of the digit in the house is off.
const HOUSE_SINGLE: u32 = 1 << 31;
/// Nested contradiction (or'ed with an index into `nested`): assuming the candidate on, on top
/// of the literals listed there, leads to a contradiction by a net.
const NESTED: u32 = 1 << 29;
// Any other premise value is the one literal the derived literal follows from.

/// No depth limit.
pub(super) const UNLIMITED: u16 = u16::MAX;

/// Which implications propagation may use.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Mode {
    /// Single-premise implications only: a forcing chain.
    Chain,
    /// Singles on the whole derived state too: a forcing net.
    Net,
    /// A net that, whenever it stops, also removes each candidate whose assumption (on top of
    /// what is derived) leads to a contradiction by a net: a nested forcing net.
    Nested,
}

/// Why an assumption cannot hold.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Conflict {
    /// This literal was derived while its opposite already held.
    Both(Lit),
    /// Every candidate of the cell is off.
    Cell(CellId),
    /// Every place of the digit in the house is off.
    House(HouseId, Digit),
}

/// The propagation state for one grid; reused for every assumption made on it.
pub(super) struct Engine<'g> {
    layout: &'g Layout,
    size: usize,
    mode: Mode,
    /// The candidates of each cell (0 for a solved cell).
    cands: Vec<u16>,
    /// The empty cells holding each digit (index `digit - 1`).
    digit_cells: Vec<CellSet>,
    /// Per house and digit (`house << 4 | digit - 1`): the cells of the house holding it, and
    /// how many there are.
    places: Vec<CellSet>,
    place_count: Vec<u8>,
    /// Per digit, the cells where removing the digit makes something true in a chain: the cell
    /// is bivalue, or the digit has two places in one of its houses.
    strong: Vec<CellSet>,
    /// What the current assumption has derived so far, per digit.
    on: Vec<CellSet>,
    off: Vec<CellSet>,
    /// Per cell, the digits derived off.
    cell_off: Vec<u16>,
    /// Per house and digit, how many places are not derived off.
    left: Vec<u8>,
    /// Per literal (valid only for derived ones): premise, then derivation order << 32, then
    /// depth (implications from the assumption; a lower bound for net singles) << 48.
    info: Vec<u64>,
    count: u32,
    /// Literals deeper than this are not derived.
    limit: u16,
    /// Derived literals in order; the breadth-first queue.
    queue: Vec<Lit>,
    /// Marks for walking proofs back (`mark[lit] == epoch` means visited).
    mark: Vec<u32>,
    epoch: u32,
    /// The stack for walking proofs back.
    stack: Vec<Lit>,
    /// For nested contradictions: the outer literals each one rests on.
    nested: Vec<Vec<Lit>>,
}

impl<'g> Engine<'g> {
    /// An engine for `grid`'s current candidates.
    pub(super) fn new(grid: &'g Grid, mode: Mode) -> Engine<'g> {
        let layout = grid.layout();
        let size = layout.size();
        let cells = layout.cell_count();
        let cands = (0..cells).map(|c| grid.candidates(c).bits()).collect();
        let digit_cells: Vec<CellSet> = (1..=size as Digit).map(|d| *grid.digit_cells(d)).collect();
        let houses = layout.houses().len();
        let mut places = vec![CellSet::new(); houses << 4];
        let mut place_count = vec![0; houses << 4];
        for h in 0..houses {
            for (d, set) in digit_cells.iter().enumerate() {
                places[h << 4 | d] = layout.house_set(h).intersection(set);
                place_count[h << 4 | d] = places[h << 4 | d].len() as u8;
            }
        }
        let mut strong = vec![CellSet::new(); size];
        for (d, set) in strong.iter_mut().enumerate() {
            for cell in digit_cells[d].iter() {
                let bivalue = grid.candidates(cell).len() == 2;
                if bivalue || layout.houses_of(cell).iter().any(|&h| place_count[h << 4 | d] == 2) {
                    set.insert(cell);
                }
            }
        }
        let lits = cells << 5;
        Engine {
            layout,
            size,
            mode,
            cands,
            digit_cells,
            places,
            left: place_count.clone(),
            strong,
            place_count,
            on: vec![CellSet::new(); size],
            off: vec![CellSet::new(); size],
            cell_off: vec![0; cells],
            info: vec![0; lits],
            count: 0,
            limit: UNLIMITED,
            queue: Vec::with_capacity(lits),
            mark: vec![0; lits],
            epoch: 0,
            stack: Vec::with_capacity(lits),
            nested: Vec::new(),
        }
    }

    pub(super) fn size(&self) -> usize {
        self.size
    }

    /// How many literals a grid of this size has room for (the bound of [`Lit`] values).
    pub(super) fn lit_count(&self) -> usize {
        self.cell_off.len() << 5
    }

    /// The literal for `digit` in `cell`, on or off.
    pub(super) fn lit(&self, cell: CellId, digit: Digit, on: bool) -> Lit {
        lit(cell, digit, on)
    }

    pub(super) fn cell_of(&self, l: Lit) -> CellId {
        (l >> 5) as CellId
    }

    pub(super) fn digit_of(&self, l: Lit) -> Digit {
        ((l >> 1) & 15) as Digit + 1
    }

    /// The places of `digit` in `house`.
    pub(super) fn places(&self, house: HouseId, digit: Digit) -> &CellSet {
        &self.places[house << 4 | (digit as usize - 1)]
    }

    /// What the last propagation derived on, per digit.
    pub(super) fn derived_on(&self) -> &[CellSet] {
        &self.on
    }

    /// What the last propagation derived off, per digit.
    pub(super) fn derived_off(&self) -> &[CellSet] {
        &self.off
    }

    /// Whether the last propagation derived `l`.
    pub(super) fn holds(&self, l: Lit) -> bool {
        let (cell, d) = ((l >> 5) as usize, ((l >> 1) & 15) as usize);
        if l & 1 == 1 { self.on[d].contains(cell) } else { self.off[d].contains(cell) }
    }

    fn premise(&self, l: Lit) -> u32 {
        self.info[l as usize] as u32
    }

    fn order(&self, l: Lit) -> u32 {
        (self.info[l as usize] >> 32) as u16 as u32
    }

    /// How many implications the last propagation needed to derive `l` (when it did).
    pub(super) fn depth(&self, l: Lit) -> u16 {
        (self.info[l as usize] >> 48) as u16
    }

    /// Assumes `start` and derives everything that follows within `limit` implications,
    /// stopping at the first contradiction. Afterwards [`Engine::derived_on`] /
    /// [`Engine::derived_off`] hold what was derived, and proofs can be walked back from any of
    /// it. The same call always derives the same literals in the same order.
    pub(super) fn propagate(&mut self, start: Lit, limit: u16) -> Option<Conflict> {
        self.limit = limit;
        for set in self.on.iter_mut().chain(self.off.iter_mut()) {
            *set = CellSet::new();
        }
        self.cell_off.fill(0);
        self.left.copy_from_slice(&self.place_count);
        self.queue.clear();
        self.count = 0;
        self.nested.clear();
        if let Err(conflict) = self.derive(start, ROOT, 0) {
            return Some(conflict);
        }
        let mut head = 0;
        if let Err(conflict) = self.run(&mut head) {
            return Some(conflict);
        }
        if self.mode == Mode::Nested {
            return self.nest(&mut head).err();
        }
        None
    }

    /// Spreads the queued literals from `head` on, breadth first.
    fn run(&mut self, head: &mut usize) -> Result<(), Conflict> {
        while *head < self.queue.len() {
            let l = self.queue[*head];
            *head += 1;
            let depth = self.depth(l);
            if depth < self.limit {
                if l & 1 == 1 { self.spread_on(l, depth + 1) } else { self.spread_off(l, depth + 1) }?;
            }
        }
        Ok(())
    }

    /// The nested rounds: while the net stands still, tries each open candidate on top of it;
    /// each one whose net breaks is removed (resting on the outer literals that net used), and
    /// the outer net goes on.
    fn nest(&mut self, head: &mut usize) -> Result<(), Conflict> {
        let size = self.size;
        loop {
            let (on, off, cell_off, left) = (self.on.clone(), self.off.clone(), self.cell_off.clone(), self.left.clone());
            let (count, queued, limit) = (self.count, self.queue.len(), self.limit);
            let mut found: Vec<(Lit, Vec<Lit>)> = Vec::new();
            // Why: nets are monotone, so a candidate set on by a net that stood on top of the
            // outer one stands too; trying it again cannot break anything this round.
            let mut standing = vec![CellSet::new(); size];
            for d in 0..size {
                let open = self.digit_cells[d].difference(&on[d]).difference(&off[d]);
                for cell in open.iter() {
                    if standing[d].contains(cell) {
                        continue;
                    }
                    let y = lit(cell, d as Digit + 1, true);
                    self.limit = UNLIMITED;
                    let mut inner = queued;
                    let conflict = self.derive(y, ROOT, 0).and_then(|_| self.run(&mut inner)).err();
                    if let Some(conflict) = conflict {
                        // Why: the outer literals (derived before `count`) the contradiction
                        // used are what removing `y` rests on.
                        let targets = self.conflict_targets(conflict);
                        let mut outer = Vec::new();
                        self.walk_until(&targets, count, |l| outer.push(l));
                        // Why: a contradiction that needs nothing of the assumption holds on the
                        // grid itself (a plain net finds it first); hang it on the assumption so
                        // the proof stays one piece.
                        if outer.is_empty() {
                            outer.push(self.queue[0]);
                        }
                        found.push((y ^ 1, outer));
                    } else {
                        for (stand, set) in standing.iter_mut().zip(&self.on) {
                            *stand = stand.union(set);
                        }
                    }
                    self.on.clone_from_slice(&on);
                    self.off.clone_from_slice(&off);
                    self.cell_off.copy_from_slice(&cell_off);
                    self.left.copy_from_slice(&left);
                    self.queue.truncate(queued);
                    self.count = count;
                    self.limit = limit;
                }
            }
            let before = self.count;
            for (l, outer) in found {
                let depth = outer.iter().map(|&p| self.depth(p)).max().unwrap_or(0) + 1;
                self.nested.push(outer);
                self.derive(l, NESTED | (self.nested.len() - 1) as u32, depth)?;
            }
            if self.count == before {
                return Ok(());
            }
            self.run(head)?;
        }
    }

    /// Records `l` (if new and within the limit) with its premise, and reports a contradiction
    /// it completes.
    #[inline]
    fn derive(&mut self, l: Lit, premise: u32, depth: u16) -> Result<(), Conflict> {
        let (cell, d) = ((l >> 5) as usize, ((l >> 1) & 15) as usize);
        let on = l & 1 == 1;
        let (same, opposite) = if on { (&mut self.on[d], &self.off[d]) } else { (&mut self.off[d], &self.on[d]) };
        if same.contains(cell) || depth > self.limit {
            return Ok(());
        }
        same.insert(cell);
        let clash = opposite.contains(cell);
        self.info[l as usize] = premise as u64 | (self.count as u64) << 32 | (depth as u64) << 48;
        self.count += 1;
        if clash {
            return Err(Conflict::Both(l));
        }
        if !on {
            self.cell_off[cell] |= 1 << d;
            let rest = self.cands[cell] & !self.cell_off[cell];
            if rest == 0 {
                return Err(Conflict::Cell(cell));
            }
            let mut single = rest.count_ones() == 1;
            for &h in self.layout.houses_of(cell) {
                let left = &mut self.left[h << 4 | d];
                *left -= 1;
                match *left {
                    0 => return Err(Conflict::House(h, d as Digit + 1)),
                    1 => single = true,
                    _ => {}
                }
            }
            // Why: an off literal only spreads through a strong link (chain) or a single it
            // completes (net); most lead nowhere, and are recorded without being queued.
            let spreads = match self.mode {
                Mode::Chain => self.strong[d].contains(cell),
                Mode::Net | Mode::Nested => single,
            };
            if !spreads {
                return Ok(());
            }
        }
        self.queue.push(l);
        Ok(())
    }

    /// On -> off: the other candidates of the cell, and the digit in every cell that sees it.
    fn spread_on(&mut self, l: Lit, depth: u16) -> Result<(), Conflict> {
        let (cell, d) = ((l >> 5) as usize, ((l >> 1) & 15) as usize);
        let mut others = self.cands[cell] & !(1 << d) & !self.cell_off[cell];
        while others != 0 {
            let e = others.trailing_zeros();
            others &= others - 1;
            self.derive((l & !31) | e << 1, l, depth)?;
        }
        let seen = self.layout.peer_set(cell).intersection(&self.digit_cells[d]).difference(&self.off[d]);
        for peer in seen.iter() {
            self.derive((peer as Lit) << 5 | (d as Lit) << 1, l, depth)?;
        }
        Ok(())
    }

    /// Off -> on: strong links of the grid (chain) or singles of the derived state (net).
    fn spread_off(&mut self, l: Lit, depth: u16) -> Result<(), Conflict> {
        let (cell, d) = ((l >> 5) as usize, ((l >> 1) & 15) as usize);
        let layout = self.layout;
        match self.mode {
            Mode::Chain => {
                let cands = self.cands[cell];
                if cands.count_ones() == 2 {
                    let e = (cands & !(1 << d)).trailing_zeros();
                    self.derive((l & !31) | e << 1 | 1, l, depth)?;
                }
                for &h in layout.houses_of(cell) {
                    if self.place_count[h << 4 | d] == 2 {
                        let mut rest = self.places[h << 4 | d];
                        rest.remove(cell);
                        let other = rest.iter().next().expect("two places");
                        self.derive((other as Lit) << 5 | (d as Lit) << 1 | 1, l, depth)?;
                    }
                }
            }
            Mode::Net | Mode::Nested => {
                let rest = self.cands[cell] & !self.cell_off[cell];
                if rest.count_ones() == 1 {
                    self.derive((l & !31) | rest.trailing_zeros() << 1 | 1, CELL_SINGLE, depth)?;
                }
                for &h in layout.houses_of(cell) {
                    if self.left[h << 4 | d] == 1 {
                        let rest = self.places[h << 4 | d].difference(&self.off[d]);
                        let last = rest.iter().next().expect("one place left");
                        self.derive((last as Lit) << 5 | (d as Lit) << 1 | 1, HOUSE_SINGLE | h as u32, depth)?;
                    }
                }
            }
        }
        Ok(())
    }

    /// Calls `visit` with each premise of the derived literal `l`.
    fn premises(&self, l: Lit, mut visit: impl FnMut(Lit)) {
        let (cell, digit) = (self.cell_of(l), self.digit_of(l));
        match self.premise(l) {
            ROOT => {}
            CELL_SINGLE => {
                let mut others = self.cands[cell] & !(1 << (digit - 1));
                while others != 0 {
                    visit(self.lit(cell, others.trailing_zeros() as Digit + 1, false));
                    others &= others - 1;
                }
            }
            p if p & HOUSE_SINGLE == 0 && p & NESTED != 0 => {
                for &q in &self.nested[(p & !NESTED) as usize] {
                    visit(q);
                }
            }
            p if p & HOUSE_SINGLE != 0 => {
                let house = (p & !HOUSE_SINGLE) as HouseId;
                for other in self.places(house, digit).iter().filter(|&c| c != cell) {
                    visit(self.lit(other, digit, false));
                }
            }
            p => visit(p),
        }
    }

    /// The premise of `l` derived last: the one that completed its reason.
    fn decisive(&self, l: Lit) -> Option<Lit> {
        let mut best: Option<Lit> = None;
        self.premises(l, |p| {
            if best.is_none_or(|b| self.order(p) > self.order(b)) {
                best = Some(p);
            }
        });
        best
    }

    /// The literals a contradiction consists of, in the order they were derived.
    pub(super) fn conflict_targets(&self, conflict: Conflict) -> Vec<Lit> {
        let mut targets = match conflict {
            Conflict::Both(l) => vec![l ^ 1, l],
            Conflict::Cell(cell) => {
                let mut out = Vec::new();
                let mut digits = self.cands[cell];
                while digits != 0 {
                    out.push(lit(cell, digits.trailing_zeros() as Digit + 1, false));
                    digits &= digits - 1;
                }
                out
            }
            Conflict::House(h, digit) => self.places(h, digit).iter().map(|c| self.lit(c, digit, false)).collect(),
        };
        targets.sort_by_key(|&l| self.order(l));
        targets
    }

    /// Marks every derived literal the `targets` rest on (themselves included) with a new
    /// epoch, calling `visit` with each once.
    fn walk(&mut self, targets: &[Lit], mut visit: impl FnMut(Lit)) {
        self.epoch = self.epoch.wrapping_add(1);
        if self.epoch == 0 {
            self.mark.fill(0);
            self.epoch = 1;
        }
        let epoch = self.epoch;
        let mut mark = std::mem::take(&mut self.mark);
        let mut stack = std::mem::take(&mut self.stack);
        stack.clear();
        for &t in targets {
            if mark[t as usize] != epoch {
                mark[t as usize] = epoch;
                stack.push(t);
            }
        }
        while let Some(l) = stack.pop() {
            visit(l);
            self.premises(l, |p| {
                if mark[p as usize] != epoch {
                    mark[p as usize] = epoch;
                    stack.push(p);
                }
            });
        }
        self.mark = mark;
        self.stack = stack;
    }

    /// Walks back from `targets` through literals derived at or after `bound`, calling `visit`
    /// with each literal derived before `bound` that they rest on.
    fn walk_until(&mut self, targets: &[Lit], bound: u32, mut visit: impl FnMut(Lit)) {
        let mut outer = Vec::new();
        let mut inner = Vec::new();
        for &t in targets {
            if self.order(t) < bound { outer.push(t) } else { inner.push(t) }
        }
        self.epoch = self.epoch.wrapping_add(1);
        if self.epoch == 0 {
            self.mark.fill(0);
            self.epoch = 1;
        }
        let epoch = self.epoch;
        let mut mark = std::mem::take(&mut self.mark);
        let mut stack = inner;
        for &t in &stack {
            mark[t as usize] = epoch;
        }
        for &t in &outer {
            mark[t as usize] = epoch;
        }
        while let Some(l) = stack.pop() {
            self.premises(l, |p| {
                if mark[p as usize] != epoch {
                    mark[p as usize] = epoch;
                    if self.order(p) < bound { outer.push(p) } else { stack.push(p) }
                }
            });
        }
        self.mark = mark;
        outer.iter().for_each(|&l| visit(l));
    }

    /// Every derived literal the `targets` rest on (themselves included), in derivation order.
    pub(super) fn closure(&mut self, targets: &[Lit]) -> Vec<Lit> {
        let mut out = Vec::new();
        self.walk(targets, |l| out.push(l));
        out.sort_by_key(|&l| self.order(l));
        out
    }

    /// The size of the proof of `targets`: how many literals it holds, the assumption included.
    pub(super) fn cost(&mut self, targets: &[Lit]) -> usize {
        // Why: in a chain every literal has one premise, so one literal's proof is its path.
        if let (Mode::Chain, [t]) = (self.mode, targets) {
            return self.depth(*t) as usize + 1;
        }
        let mut count = 0;
        self.walk(targets, |_| count += 1);
        count
    }

    /// The proof of `targets` as strands: for each target (in the given order), then for each
    /// side premise no other proof literal was derived from, the path back to the assumption
    /// through decisive premises. In a chain every literal has one premise, so the strands are
    /// exactly the targets' paths; in a net, a literal on a strand may also need literals shown
    /// on earlier strands. Also returns the variant rule the proof's sight relies on, if any,
    /// and the literals of the proof that are nested contradictions.
    pub(super) fn strands(&mut self, targets: &[Lit]) -> (Vec<Chain>, Option<Rule>, Vec<Lit>) {
        let nodes = self.closure(targets);
        let mut parents = Vec::with_capacity(nodes.len());
        for &n in &nodes {
            if let Some(p) = self.decisive(n) {
                parents.push(p);
            }
        }
        let mut leaves: Vec<Lit> = targets.to_vec();
        leaves.extend(nodes.iter().copied().filter(|n| !targets.contains(n) && !parents.contains(n)));
        let chains = leaves
            .iter()
            .map(|&leaf| {
                let mut path = vec![leaf];
                while let Some(p) = self.decisive(*path.last().expect("non-empty")) {
                    path.push(p);
                }
                path.reverse();
                Chain { nodes: path.iter().map(|&l| self.node(l)).collect(), links: vec![Link::Implies; path.len() - 1] }
            })
            .collect();
        let via = nodes.iter().find_map(|&n| {
            let p = self.premise(n);
            if p >= NESTED || p & 1 == 0 || n & 1 == 1 {
                return None;
            }
            let (a, b) = (self.cell_of(p), self.cell_of(n));
            if a == b { None } else { self.layout.relation(a, b).1 }
        });
        let nested = nodes.iter().copied().filter(|&n| (NESTED..CELL_SINGLE).contains(&self.premise(n))).collect();
        (chains, via, nested)
    }

    /// The chain node of a literal.
    pub(super) fn node(&self, l: Lit) -> Node {
        Node { cells: vec![self.cell_of(l)], digit: self.digit_of(l), on: l & 1 == 1 }
    }
}

/// The literal for `digit` in `cell`, on or off.
pub(super) fn lit(cell: CellId, digit: Digit, on: bool) -> Lit {
    (cell as Lit) << 5 | (digit as Lit - 1) << 1 | on as Lit
}
