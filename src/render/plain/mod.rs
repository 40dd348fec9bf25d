//! Plain sentences: each step told in one or two English sentences made from its pattern,
//! for `solve --explain`. `render::text` writes the same step in notation.
//!
//! [`explain`] hands each family of techniques to its own file here, as `render::text` does.
//! Houses are named in words (`box 2`, `row 5`), cells as `r5c3`, and a removal that needs a
//! variant rule's extra peers says so (`because of the anti-knight rule`). Nothing here looks
//! at the grid: every sentence is read back from the deduction alone.

mod als;
mod chains;
mod coloring;
mod fish;
mod forcing;
mod intersections;
mod rules;
mod single_digit;
mod singles;
mod subsets;
mod uniqueness;
mod wings;

use crate::deduction::{BACKTRACKING, Chain, Deduction, Elimination, Link, Node};
use crate::formats::digit_char;
use crate::grid::{Candidates, Digit};
use crate::layout::{CellId, HouseId, HouseKind, Layout};
use crate::rules::Rule;
use crate::strategies::{self, Family};

/// Effects with more removals than this are summarised: the cells of each group are cut
/// short and the total is given.
pub const LARGE_EFFECT: usize = 12;

/// Chains with more nodes than this are told by their first steps, their length and their end.
const LONG_CHAIN: usize = 10;

/// One or two sentences explaining a deduction in plain English.
pub fn explain(layout: &Layout, d: &Deduction) -> String {
    if d.is_search() {
        return searched(d);
    }
    // Why a match: as in `render::text`, detection cannot name its sentence, so every family
    // must choose one here to compile.
    let special = strategies::by_id(d.technique).and_then(|t| match t.family {
        Family::Singles => singles::explain(layout, d),
        Family::Intersections => intersections::explain(layout, d),
        Family::Rules => rules::explain(layout, d),
        Family::Subsets => subsets::explain(layout, d),
        Family::Fish => fish::explain(layout, d),
        Family::SingleDigit => single_digit::explain(layout, d),
        Family::Wings => wings::explain(layout, d),
        Family::Uniqueness => uniqueness::explain(layout, d),
        Family::Coloring => coloring::explain(layout, d),
        Family::Chains => chains::explain(layout, d),
        Family::Als => als::explain(layout, d),
        Family::Forcing => forcing::explain(layout, d),
    });
    special.unwrap_or_else(|| format!("The {} pattern shows that {}.", strategies::name_of(d.technique), effect(layout, d)))
}

/// A fill (or a guess) found by the backtracker.
fn searched(d: &Deduction) -> String {
    let cells = d.placements.len();
    let filled = if d.technique == BACKTRACKING {
        format!(" It filled the remaining {cells} cell{}.", if cells == 1 { "" } else { "s" })
    } else {
        String::new()
    };
    format!("No technique applies; the rest was found by search (trial and error), not logic.{filled}")
}

/// `7`.
pub(super) fn digit(d: Digit) -> char {
    digit_char(d)
}

/// `a`, `a and b`, `a, b and c` (with `or` for `word` = "or").
pub(super) fn list<S: AsRef<str>>(items: &[S], word: &str) -> String {
    match items {
        [] => String::new(),
        [one] => one.as_ref().to_owned(),
        [rest @ .., last] => {
            let rest: Vec<&str> = rest.iter().map(AsRef::as_ref).collect();
            format!("{} {word} {}", rest.join(", "), last.as_ref())
        }
    }
}

/// `3 and 7`, or `3 or 7` with `word` = "or".
pub(super) fn digits(set: Candidates, word: &str) -> String {
    let names: Vec<String> = set.iter().map(|d| digit(d).to_string()).collect();
    list(&names, word)
}

/// `r1c2, r1c5 and r4c5`, or with `or`.
pub(super) fn cells(layout: &Layout, cells: &[CellId], word: &str) -> String {
    let names: Vec<String> = cells.iter().map(|&c| layout.cell_name(c)).collect();
    list(&names, word)
}

/// `row 5`, `box 2`.
pub(super) fn house(layout: &Layout, h: HouseId) -> String {
    layout.house(h).long_name()
}

/// The plural word for houses all of one numbered kind (`rows`, `boxes`), if they are.
pub(super) fn kind_plural(layout: &Layout, hs: &[HouseId]) -> Option<&'static str> {
    let kind = layout.house(*hs.first()?).kind;
    if !hs.iter().all(|&h| layout.house(h).names.is_none() && layout.house(h).kind == kind) {
        return None;
    }
    match kind {
        HouseKind::Row => Some("rows"),
        HouseKind::Column => Some("columns"),
        HouseKind::Box => Some("boxes"),
        HouseKind::Extra => None,
    }
}

/// `rows 6 and 9` when the houses are of one kind (and named by number), else each by its
/// name: `row 5, row 9 and box 7`.
pub(super) fn houses(layout: &Layout, hs: &[HouseId]) -> String {
    if hs.len() > 1
        && let Some(word) = kind_plural(layout, hs)
    {
        let numbers: Vec<String> = hs.iter().map(|&h| (layout.house(h).index + 1).to_string()).collect();
        return format!("{word} {}", list(&numbers, "and"));
    }
    let names: Vec<String> = hs.iter().map(|&h| house(layout, h)).collect();
    list(&names, "and")
}

/// `the anti-knight rule`.
pub(super) fn rule(r: Rule) -> String {
    format!("the {} rule", r.id())
}

/// What a deduction removes, cells with the same removed digits (and rule) together:
/// `r5c3 and r8c3 cannot be 6; r8c5 cannot be 6 or 7 because of the anti-knight rule`.
/// Past [`LARGE_EFFECT`] removals each group names a few cells and the total is given.
pub(super) fn removals(layout: &Layout, eliminations: &[Elimination]) -> String {
    // Each cell's removed digits (and rule), in order of first appearance.
    let mut per_cell: Vec<(CellId, Candidates, Option<Rule>)> = Vec::new();
    for e in eliminations {
        match per_cell.iter_mut().find(|(c, _, via)| *c == e.cell && *via == e.via) {
            Some(entry) => entry.1.insert(e.digit),
            None => per_cell.push((e.cell, Candidates::single(e.digit), e.via)),
        }
    }
    let mut groups: Vec<(Vec<CellId>, Candidates, Option<Rule>)> = Vec::new();
    for (cell, gone, via) in per_cell {
        match groups.iter_mut().find(|(_, g, v)| *g == gone && *v == via) {
            Some(group) => group.0.push(cell),
            None => groups.push((vec![cell], gone, via)),
        }
    }
    let large = eliminations.len() > LARGE_EFFECT;
    let parts: Vec<String> = groups
        .iter()
        .map(|(group, gone, via)| {
            let who = if large && group.len() > 4 {
                let first: Vec<String> = group[..3].iter().map(|&c| layout.cell_name(c)).collect();
                format!("{} and {} other cells", first.join(", "), group.len() - 3)
            } else {
                cells(layout, group, "and")
            };
            let why = via.map(|r| format!(" because of {}", rule(r))).unwrap_or_default();
            format!("{who} cannot be {}{why}", digits(*gone, "or"))
        })
        .collect();
    let total = if large { format!(" ({} candidates in all)", eliminations.len()) } else { String::new() };
    format!("{}{total}", parts.join("; "))
}

/// The whole effect: placements (`r8c3 is 3`) then removals.
pub(super) fn effect(layout: &Layout, d: &Deduction) -> String {
    let mut parts: Vec<String> = d.placements.iter().map(|p| format!("{} is {}", layout.cell_name(p.cell), digit(p.digit))).collect();
    if !d.eliminations.is_empty() {
        parts.push(removals(layout, &d.eliminations));
    }
    parts.join("; ")
}

/// A node held true or false: `r1c7 is 5`, `r1c7 is not 5`; a group: `r4c1 or r4c2 is 5`,
/// `neither r4c1 nor r4c2 is 5`, `none of r8c4, r8c5 and r8c6 is 5`.
pub(super) fn node(layout: &Layout, n: &Node, on: bool) -> String {
    let d = digit(n.digit);
    match (n.cells.as_slice(), on) {
        ([one], true) => format!("{} is {d}", layout.cell_name(*one)),
        ([one], false) => format!("{} is not {d}", layout.cell_name(*one)),
        (group, true) => format!("{} is {d}", cells(layout, group, "or")),
        ([a, b], false) => format!("neither {} nor {} is {d}", layout.cell_name(*a), layout.cell_name(*b)),
        (group, false) => format!("none of {} is {d}", cells(layout, group, "and")),
    }
}

/// The variant rule that makes the weak link (or the implication from a true node to a false
/// one) between `a` and `b` (between two of their cells, for a group), when no house or
/// plain sight does.
pub(super) fn link_rule(layout: &Layout, a: &Node, b: &Node, l: Link) -> Option<Rule> {
    let crosses = match l {
        Link::Weak => true,
        Link::Implies => a.on && !b.on,
        Link::Strong => false,
    };
    if !crosses {
        return None;
    }
    layout.link_rule(&a.cells, a.digit, &b.cells, b.digit)
}

/// A chain walked in words.
pub(super) struct Walk {
    /// `if r1c2 is not 5, then r1c7 is 5, so r1c7 is not 3, so r5c7 is 3`.
    pub text: String,
    /// Whether each node (and, for a loop, the first node again at the end) is true on the walk.
    pub states: Vec<bool>,
}

/// Walks an alternating chain from its first node: a strong link out of a false node makes
/// the next true, a weak link out of a true node makes the next false. The walk starts false
/// when the first link is strong, true when it is weak; a loop walks its closing link too.
/// Long chains keep their first steps and their end. `None` if the links do not alternate so.
pub(super) fn walk(layout: &Layout, c: &Chain) -> Option<Walk> {
    let first_link = *c.links.first()?;
    let mut nodes: Vec<&Node> = c.nodes.iter().collect();
    if c.is_loop() {
        nodes.push(c.nodes.first()?);
    }
    let mut states = vec![first_link == Link::Weak];
    let mut words = vec![node(layout, nodes[0], states[0])];
    for (i, &l) in c.links.iter().enumerate() {
        let before = states[i];
        let now = match l {
            Link::Strong if !before => true,
            Link::Weak if before => false,
            _ => return None,
        };
        let mut word = node(layout, nodes[i + 1], now);
        if let Some(set) = c.set_of(i) {
            let without = digit(nodes[i].digit);
            word.push_str(&format!(
                " ({} hold only {}, one digit more than cells: without {without} they hold all the others)",
                cells(layout, &set.cells, "and"),
                digits(set.digits, "and")
            ));
        } else if let Some(r) = c.rule_of(i).or_else(|| link_rule(layout, nodes[i], nodes[i + 1], l)) {
            word.push_str(&format!(" (by {})", rule(r)));
        }
        states.push(now);
        words.push(word);
    }
    let text = if words.len() > LONG_CHAIN {
        // The links left untold, and the digits their nodes are about.
        let hidden = words.len() - 5;
        let over: Candidates = nodes[4..nodes.len() - 1].iter().map(|n| n.digit).collect();
        format!(
            "if {}, then {}, so {}, so {}, and so on through {hidden} more links over {}, until {}",
            words[0],
            words[1],
            words[2],
            words[3],
            digits(over, "and"),
            words[words.len() - 1]
        )
    } else {
        format!("if {}, then {}", words[0], words[1..].join(", so "))
    };
    Some(Walk { text, states })
}

/// The two ends of an open chain held true: `r4c6 is 5, or r7c4 is 5`.
pub(super) fn ends(layout: &Layout, c: &Chain) -> Option<String> {
    Some(format!("{}, or {}", node(layout, c.nodes.first()?, true), node(layout, c.nodes.last()?, true)))
}

/// `If ...` from `if ...`.
pub(super) fn capital(text: &str) -> String {
    let mut out = text.to_owned();
    if let Some(first) = out.get_mut(..1) {
        first.make_ascii_uppercase();
    }
    out
}

/// The sentence `text` wrapped at `width` columns, each line after `indent`.
pub fn wrap(text: &str, width: usize, indent: &str) -> String {
    let mut out = String::new();
    let mut line = String::new();
    for word in text.split_whitespace() {
        if !line.is_empty() && indent.len() + line.len() + 1 + word.len() > width {
            out.push_str(indent);
            out.push_str(&line);
            out.push('\n');
            line.clear();
        }
        if !line.is_empty() {
            line.push(' ');
        }
        line.push_str(word);
    }
    if !line.is_empty() {
        out.push_str(indent);
        out.push_str(&line);
        out.push('\n');
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::Rules;

    #[test]
    fn removals_group_cells_by_digits_and_rule() {
        let layout = Layout::classic(Rules::classic());
        let cell = |r: usize, c: usize| layout.cell(r - 1, c - 1);
        let e = |c, digit, via| Elimination { cell: c, digit, via };
        let gone = [e(cell(5, 3), 6, None), e(cell(8, 3), 6, None), e(cell(8, 5), 6, Some(Rule::AntiKnight)), e(cell(8, 5), 7, Some(Rule::AntiKnight))];
        assert_eq!(removals(&layout, &gone), "r5c3 and r8c3 cannot be 6; r8c5 cannot be 6 or 7 because of the anti-knight rule");
    }

    #[test]
    fn houses_of_one_kind_share_their_word() {
        let layout = Layout::classic(Rules::classic());
        assert_eq!(houses(&layout, &[layout.row_house(5), layout.row_house(8)]), "rows 6 and 9");
        assert_eq!(houses(&layout, &[layout.row_house(4), layout.box_house(6)]), "row 5 and box 7");
    }

    #[test]
    fn wrapping_keeps_words_whole() {
        assert_eq!(wrap("aaa bbb ccc", 9, "  "), "  aaa bbb\n  ccc\n");
    }
}
