//! Sentences: `X-Wing: 7 in r2,r8 / c3,c7 => r5c3<>7, r6c7<>7`.
//!
//! [`explain`] gives each family of techniques its own sentence (one file per family here)
//! and falls back to a generic one built from the pattern (the families whose sentence is the
//! generic one, and the search pseudo-techniques, go straight there).

mod als;
pub(in crate::render) mod chains;
pub(in crate::render) mod coloring;
mod fish;
pub(in crate::render) mod forcing;
mod hint;
pub(in crate::render) mod rules;
mod single_digit;
mod uniqueness;
mod wings;

pub use hint::hint;

use std::borrow::Cow;
use std::fmt::Write as _;

use crate::deduction::{BACKTRACKING, Chain, Deduction, Elimination, Link, Node, Placement};
use crate::grid::{Candidates, Clash, ClashKind, Contradiction};
use crate::layout::{CellId, HouseId, Layout};
use crate::strategies::{self, Family, ids};

/// `r5c3=7`.
pub fn placement(layout: &Layout, p: &Placement) -> String {
    let mut out = String::with_capacity(6);
    push_placement(&mut out, layout, p);
    out
}

/// Adds the placement `p` to `out` (see [`placement`]).
// Why the pushing forms here and below: a solve explains every step, and a string per
// cell name, digit or removal cost a large share of its time.
fn push_placement(out: &mut String, layout: &Layout, p: &Placement) {
    layout.push_cell_name(out, p.cell);
    out.push('=');
    out.push(crate::formats::digit_char(p.digit));
}

/// `r5c3<>7`, with the variant rule that justifies it when a house does not: `r5c3<>7 (anti-knight)`.
pub fn elimination(layout: &Layout, e: &Elimination) -> String {
    let mut out = String::with_capacity(8);
    push_elimination(&mut out, layout, e);
    out
}

/// Adds the removal `e` to `out` (see [`elimination`]).
fn push_elimination(out: &mut String, layout: &Layout, e: &Elimination) {
    layout.push_cell_name(out, e.cell);
    out.push_str("<>");
    out.push(crate::formats::digit_char(e.digit));
    if let Some(rule) = e.via {
        let _ = write!(out, " ({rule})");
    }
}

/// `3,7`.
pub fn digits(set: Candidates) -> String {
    let mut out = String::with_capacity(2 * set.len());
    for (i, d) in set.iter().enumerate() {
        if i > 0 {
            out.push(',');
        }
        out.push(crate::formats::digit_char(d));
    }
    out
}

/// `r1c2,r1c5`.
pub fn cells(layout: &Layout, cells: &[CellId]) -> String {
    let mut out = String::with_capacity(6 * cells.len());
    push_cells(&mut out, layout, cells);
    out
}

/// Adds `r1c2,r1c5` to `out`.
fn push_cells(out: &mut String, layout: &Layout, cells: &[CellId]) {
    for (i, &c) in cells.iter().enumerate() {
        if i > 0 {
            out.push(',');
        }
        layout.push_cell_name(out, c);
    }
}

/// `r2,r8`.
pub fn houses(layout: &Layout, houses: &[HouseId]) -> String {
    houses.iter().map(|&h| layout.house(h).short_name()).collect::<Vec<_>>().join(",")
}

/// The effect of a deduction: `r5c3=7` or `r5c3<>7, r6c7<>7`.
pub fn effect(layout: &Layout, d: &Deduction) -> String {
    let mut out = String::with_capacity(8 * (d.placements.len() + d.eliminations.len()));
    for (i, p) in d.placements.iter().enumerate() {
        if i > 0 {
            out.push_str(", ");
        }
        push_placement(&mut out, layout, p);
    }
    for e in &d.eliminations {
        if !out.is_empty() {
            out.push_str(", ");
        }
        push_elimination(&mut out, layout, e);
    }
    out
}

/// One line explaining a deduction.
pub fn explain(layout: &Layout, d: &Deduction) -> String {
    // Why a match here rather than a renderer in each registry entry: strategies sit below
    // render (detection never formats text), so the entry cannot name its sentence. The match
    // is exhaustive instead, so a new family must choose its sentence here to compile.
    let special = strategies::by_id(d.technique).and_then(|t| match t.family {
        Family::Singles | Family::Intersections | Family::Subsets => None,
        Family::Rules => rules::explain(layout, d),
        Family::Fish => fish::explain(layout, d),
        Family::SingleDigit => single_digit::explain(layout, d),
        Family::Wings => wings::explain(layout, d),
        Family::Uniqueness => uniqueness::explain(layout, d),
        Family::Coloring => coloring::explain(layout, d),
        Family::Chains => chains::explain(layout, d),
        Family::Als => als::explain(layout, d),
        Family::Forcing => forcing::explain(layout, d),
    });
    special.unwrap_or_else(|| generic(layout, d))
}

/// `Name: proof => effect`, the proof read off the pattern.
pub fn generic(layout: &Layout, d: &Deduction) -> String {
    let name = strategies::name_of(d.technique);
    let p = &d.pattern;
    if d.technique == BACKTRACKING {
        let search = d.search.map(|s| {
            format!(
                "first guess in {}, {} guess{} in all, ",
                layout.cell_name(s.first_guess),
                s.guesses,
                if s.guesses == 1 { "" } else { "es" }
            )
        });
        return format!(
            "{name} (search, not logic): no technique applies; {}filled the remaining {} cells",
            search.unwrap_or_default(),
            d.placements.len()
        );
    }
    let proof = if d.technique == ids::FULL_HOUSE {
        // The house is named; the digit is the only one it is missing.
        p.base.first().map(|&h| layout.house(h).long_name()).unwrap_or_default()
    } else if !d.placements.is_empty() {
        match p.base.first() {
            Some(&h) => format!("{} in {}", digits(p.digits), layout.house(h).long_name()),
            None => String::new(),
        }
    } else if let Some(chain) = p.chains.first().filter(|_| p.chains.len() == 1) {
        self::chain(layout, chain)
    } else if !p.cover.is_empty() {
        let fins = if p.fins.is_empty() { String::new() } else { format!(" fin {}", cells(layout, &p.fins)) };
        format!("{} in {} / {}{fins}", digits(p.digits), houses(layout, &p.base), houses(layout, &p.cover))
    } else {
        format!("{} in {}", digits(p.digits), cells(layout, &p.cells))
    };
    if proof.is_empty() {
        format!("{name}: {}", effect(layout, d))
    } else {
        format!("{name}: {proof} => {}", effect(layout, d))
    }
}

/// Why two givens clash: `two 5s in row 3 (r3c1, r3c7)`.
pub fn clash(layout: &Layout, c: &Clash) -> String {
    let digit = crate::formats::digit_char(c.digit);
    let [a, b] = c.cells.map(|cell| layout.cell_name(cell));
    match c.kind {
        ClashKind::Repeat => {}
        ClashKind::Pair(other) => return format!("{a} holds {digit} and {b} holds {}, which the {} constraint between them forbids", crate::formats::digit_char(other), rule_name(c)),
        ClashKind::Forbidden => return format!("{a} holds {digit}, which the {} mark on it forbids", rule_name(c)),
        ClashKind::Missing(d) => return format!("the {} on {a}..{b} lacks {}", rule_name(c), crate::formats::digit_char(d)),
        ClashKind::Sum(sum) => return format!("the killer cage on {a}..{b} cannot sum to {sum} with these givens"),
        ClashKind::Unbalanced => return format!("the {} on {a}..{b} does not add up with these givens", rule_name(c)),
        ClashKind::EqualPeers => return format!("the {} makes {a} and {b} equal, but they see each other", rule_name(c)),
        ClashKind::Unkept => return format!("the {} on {a}..{b} is broken by these givens", rule_name(c)),
    }
    match (c.house, c.rule) {
        (Some(h), _) => format!("two {digit}s in {} ({a}, {b})", layout.house(h).long_name()),
        (None, Some(rule)) => format!("{a} and {b} both hold {digit}, which {rule} forbids"),
        (None, None) => format!("{a} and {b} both hold {digit}"),
    }
}

/// The rule of a clash, by id.
fn rule_name(c: &Clash) -> String {
    c.rule.map_or_else(|| "rule".to_string(), |r| r.id().to_string())
}

/// Why a grid cannot be completed: `r4c5 has no candidate left`.
pub fn contradiction(layout: &Layout, c: &Contradiction) -> String {
    match *c {
        Contradiction::NoCandidates(cell) => format!("{} has no candidate left", layout.cell_name(cell)),
        Contradiction::NoPlace(house, digit) => {
            format!("{} has no place left for {}", layout.house(house).long_name(), crate::formats::digit_char(digit))
        }
        Contradiction::Unmet(index, digit) => {
            let Some(demand) = layout.demands().nth(index) else { return format!("a demand has no place left for {digit}") };
            let cells = demand.cells().iter().map(|&c| layout.cell_name(c)).collect::<Vec<_>>().join(",");
            format!("the {} on {cells} has no place left for {}", demand.rule(), crate::formats::digit_char(digit))
        }
        Contradiction::Weighted(index) => {
            let Some(sum) = layout.weighted_sums().nth(index) else { return "a sum can no longer add up".into() };
            let cells = sum.cells().iter().map(|&c| layout.cell_name(c)).collect::<Vec<_>>().join(",");
            format!("the {} on {cells} can no longer add up", sum.rule())
        }
        Contradiction::Clue(index) => {
            let Some(clue) = layout.clues().nth(index) else { return "a clue can no longer be kept".into() };
            let cells = clue.cells().iter().map(|&c| layout.cell_name(c)).collect::<Vec<_>>().join(",");
            format!("the {} on {cells} can no longer be kept", clue.rule())
        }
        Contradiction::Sum(index) => {
            let Some((cells, sum)) = layout.cage_sums().nth(index) else { return "a killer cage can no longer make its sum".into() };
            let cells = cells.iter().map(|&c| layout.cell_name(c)).collect::<Vec<_>>().join(",");
            format!("the killer cage on {cells} can no longer sum to {sum}")
        }
    }
}

/// A chain node: `r1c2=5` when held true, `r1c2<>5` when held false; a grouped node names
/// its cells `r1c23`-style as a list: `r1c2,r1c3=5`.
pub fn node(layout: &Layout, n: &Node) -> String {
    let mut out = String::with_capacity(6 * n.cells.len() + 3);
    push_node(&mut out, layout, n);
    out
}

/// Adds the chain node `n` to `out` (see [`node`]).
pub(super) fn push_node(out: &mut String, layout: &Layout, n: &Node) {
    push_cells(out, layout, &n.cells);
    out.push_str(if n.on { "=" } else { "<>" });
    out.push(crate::formats::digit_char(n.digit));
}

/// A chain in Eureka-like notation: `(5)r1c2 = (5)r1c7 - (3)r1c7 = (3)r5c7`; implications
/// (forcing chains) as `r1c2=5 -> r1c7<>5 -> r1c7=3`. A loop repeats its first node at the end.
/// A strong link an almost locked set makes names the set: `(1)r1c2 =(ALS r1c2,r1c3,r1c5)=
/// (3)r1c3,r1c5`.
pub fn chain(layout: &Layout, c: &Chain) -> String {
    let implies = c.links.contains(&Link::Implies);
    let show = |n: &Node| {
        if implies { node(layout, n) } else { format!("({}){}", crate::formats::digit_char(n.digit), cells(layout, &n.cells)) }
    };
    let link = |out: &mut String, i: usize| match c.set_of(i) {
        Some(set) => {
            out.push_str(" =(ALS ");
            push_cells(out, layout, &set.cells);
            out.push_str(")= ");
        }
        None => out.push_str(&joint(layout, &c.nodes[i], &c.nodes[(i + 1) % c.nodes.len()], c.links[i], c.rule_of(i))),
    };
    let mut out = String::new();
    for (i, n) in c.nodes.iter().enumerate() {
        if i > 0 {
            link(&mut out, i - 1);
        }
        out.push_str(&show(n));
    }
    if c.is_loop() {
        link(&mut out, c.links.len() - 1);
        out.push_str(&show(&c.nodes[0]));
    }
    out
}

/// The link from `a` to `b` as written in a chain; a weak link (or an implication from a
/// true node to a false one) that a rule's constraint makes between two of their cells,
/// rather than a cell or sight, names the rule: `(4)r1c1 -(non-consecutive)- (5)r1c2`,
/// `r1c1=4 -(kropki-white)-> r1c2<>3`; so does a strong link the chain keeps a rule for
/// (`kept`, see [`Chain::rules`]): `(1)r1c1 =(quadruple)= (1)r2c2`.
pub(super) fn joint(layout: &Layout, a: &Node, b: &Node, l: Link, kept: Option<crate::rules::Rule>) -> Cow<'static, str> {
    if l == Link::Strong
        && let Some(r) = kept
    {
        return format!(" =({r})= ").into();
    }
    let crosses = match l {
        Link::Weak => true,
        Link::Implies => a.on && !b.on,
        Link::Strong => false,
    };
    let pairs = || a.cells.iter().flat_map(|&x| b.cells.iter().map(move |&y| (x, y)));
    if crosses
        && let Some(c) = pairs()
            .filter(|&(x, y)| x != y && !(a.digit == b.digit && layout.sees(x, y)))
            .find_map(|(x, y)| layout.constraint_between(x, a.digit, y, b.digit))
    {
        let arrow = if l == Link::Implies { "->" } else { "-" };
        return format!(" -({}){arrow} ", c.rule()).into();
    }
    link(l).into()
}

fn link(l: Link) -> &'static str {
    match l {
        Link::Strong => " = ",
        Link::Weak => " - ",
        Link::Implies => " -> ",
    }
}

/// A step line laid out for a terminal `width` columns wide: lines past the width break at
/// the most telling place that fits, in this order of preference: after ` => ` (the proof
/// on one line, the effect on the next), between two effects (after `, `), between two
/// parts of a proof (after `; `), before a chain's link (` - `, ` = `, ` -> `), and else at
/// a space. Lines after the first start with `indent` spaces. A word longer than a line
/// stays whole. Every line but the last ends without a trailing space.
pub fn wrap_step(line: &str, width: usize, indent: usize) -> String {
    let pad = " ".repeat(indent);
    let mut out = String::new();
    let mut rest = line;
    let mut room = width;
    while rest.chars().count() > room {
        let cut = break_point(rest, room).unwrap_or_else(|| rest.find(' ').map_or(rest.len(), |i| i + 1));
        out.push_str(rest[..cut].trim_end());
        out.push('\n');
        out.push_str(&pad);
        rest = rest[cut..].trim_start();
        room = width.saturating_sub(indent).max(20);
    }
    out.push_str(rest);
    out
}

/// Where to break `text` so that its first line holds at most `room` characters: the byte
/// index just after the best break of [`wrap_step`] within them.
fn break_point(text: &str, room: usize) -> Option<usize> {
    let head: String = text.chars().take(room + 1).collect();
    let after = |pattern: &str| head.rfind(pattern).map(|i| i + pattern.len()).filter(|&i| i > 0 && i <= room);
    let before = |pattern: &str| head.rfind(pattern).filter(|&i| i > 0);
    after(" => ")
        .or_else(|| after(", "))
        .or_else(|| after("; "))
        .or_else(|| [" -> ", " - ", " = "].iter().filter_map(|p| before(p)).max().map(|i| i + 1))
        .or_else(|| head.rfind(' ').filter(|&i| i > 0).map(|i| i + 1))
}

#[cfg(test)]
mod wrap_tests {
    use super::wrap_step;

    const STEP: &str = "X-Wing: 4 in r2,r8 (c3,c7) => r1c3<>4, r5c3<>4, r6c7<>4, r9c7<>4";

    #[test]
    fn a_line_that_fits_is_left_alone() {
        assert_eq!(wrap_step(STEP, STEP.len(), 4), STEP);
        assert_eq!(wrap_step(STEP, 200, 4), STEP);
    }

    #[test]
    fn the_effect_goes_to_its_own_line_first() {
        assert_eq!(wrap_step(STEP, 60, 4), "X-Wing: 4 in r2,r8 (c3,c7) =>\n    r1c3<>4, r5c3<>4, r6c7<>4, r9c7<>4");
    }

    #[test]
    fn long_effects_break_between_removals_and_every_line_fits() {
        let out = wrap_step(STEP, 34, 4);
        assert_eq!(out, "X-Wing: 4 in r2,r8 (c3,c7) =>\n    r1c3<>4, r5c3<>4, r6c7<>4,\n    r9c7<>4");
        assert!(out.lines().all(|l| l.len() <= 34), "{out}");
        // Nothing is lost or added but the breaks and the indent.
        let joined: String = out.lines().map(str::trim).collect::<Vec<_>>().join(" ");
        assert_eq!(joined, STEP);
    }

    #[test]
    fn chains_break_before_a_link() {
        let chain = "AIC: (4)r1c1 = (4)r1c5 - (4)r3c6 = (4)r9c6 - (4)r9c1 => r7c1<>4";
        let out = wrap_step(chain, 30, 2);
        assert!(out.lines().all(|l| l.len() <= 30), "{out}");
        assert!(out.lines().skip(1).all(|l| l.starts_with("  ")), "{out}");
        assert_eq!(out.lines().map(str::trim).collect::<Vec<_>>().join(" "), chain);
        assert!(out.lines().nth(1).unwrap().trim_start().starts_with(['-', '=']), "{out}");
    }

    #[test]
    fn a_word_longer_than_the_line_stays_whole() {
        let out = wrap_step("Nested Forcing Net: r1c1=12345678901234567890 => r2c2<>3", 10, 2);
        assert!(out.contains("r1c1=12345678901234567890"), "{out}");
    }
}
