//! Looking up a technique, rule or guide by what a user types: its id (`x-wing`), its display
//! name (`"X-Wing"`), or either in another case or with other separators (`x_wing`, `XWing`);
//! and for an unknown one, the nearest id as a "did you mean" and the list, one id a line.

use anyhow::{Error, anyhow};

/// One thing that can be named: its id, its display name, and the value it stands for.
pub struct Entry<T> {
    pub id: &'static str,
    pub name: &'static str,
    pub value: T,
}

/// The letters and digits of `text` in lower case. Why drop the rest: ids and names differ
/// mostly in case and separators (`x-wing`, `X-Wing`, `x_wing`), and no two ids or names of
/// deduku differ only there (a test below holds that).
fn key(text: &str) -> String {
    text.chars().filter(char::is_ascii_alphanumeric).map(|c| c.to_ascii_lowercase()).collect()
}

/// The entry `query` names, by id or display name, ignoring case and separators.
pub fn lookup<'a, T>(query: &str, entries: &'a [Entry<T>]) -> Option<&'a Entry<T>> {
    let wanted = key(query);
    if wanted.is_empty() {
        return None;
    }
    entries.iter().find(|e| key(e.id) == wanted || key(e.name) == wanted)
}

/// The fewest single-character insertions, deletions, substitutions and swaps of two
/// neighbours that turn `a` into `b` (the optimal string alignment distance). Why swaps: a
/// typed `x-wnig` is one slip, not two.
fn edit_distance(a: &str, b: &str) -> usize {
    let (a, b): (Vec<char>, Vec<char>) = (a.chars().collect(), b.chars().collect());
    // table[i][j]: the distance between the first i characters of a and the first j of b.
    let mut table = vec![vec![0; b.len() + 1]; a.len() + 1];
    for (i, row) in table.iter_mut().enumerate() {
        row[0] = i;
    }
    table[0] = (0..=b.len()).collect();
    for i in 1..=a.len() {
        for j in 1..=b.len() {
            let cost = usize::from(a[i - 1] != b[j - 1]);
            let mut best = (table[i - 1][j] + 1).min(table[i][j - 1] + 1).min(table[i - 1][j - 1] + cost);
            if i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] {
                best = best.min(table[i - 2][j - 2] + 1);
            }
            table[i][j] = best;
        }
    }
    table[a.len()][b.len()]
}

/// The id nearest to `query`, if one is near enough to be a likely typo: at most a third of
/// the query's letters away (one for short queries), compared by id and by display name.
pub fn suggest<T>(query: &str, entries: &[Entry<T>]) -> Option<&'static str> {
    let wanted = key(query);
    let allowed = (wanted.len() / 3).max(1);
    let distance = |e: &Entry<T>| edit_distance(&wanted, &key(e.id)).min(edit_distance(&wanted, &key(e.name)));
    let (best, nearest) = entries.iter().map(|e| (distance(e), e.id)).min_by_key(|&(d, _)| d)?;
    // Why a prefix too: `unique-rectangle` or `als` names a family more than a typo.
    let prefixed = entries.iter().find(|e| !wanted.is_empty() && key(e.id).starts_with(&wanted)).map(|e| e.id);
    if best <= allowed { Some(nearest) } else { prefixed }
}

/// The error for an unknown `what` (`technique`, `rule` ...) named `query`: the nearest id
/// when one is near, else every valid id, one a line, so a long list stays readable.
pub fn unknown<T>(what: &str, query: &str, entries: &[Entry<T>]) -> Error {
    match suggest(query, entries) {
        Some(id) => anyhow!("unknown {what} '{query}'; did you mean {id}? (`deduku learn` lists them all)"),
        None => {
            let list: Vec<String> = entries.iter().map(|e| format!("  {}", e.id)).collect();
            anyhow!("unknown {what} '{query}'; the valid ids are:\n{}", list.join("\n"))
        }
    }
}

/// Every technique of the registry, in default order.
pub fn techniques() -> Vec<Entry<&'static deduku::Technique>> {
    deduku::REGISTRY.iter().map(|t| Entry { id: t.id, name: t.name, value: t }).collect()
}

/// Every variant rule.
pub fn rules() -> Vec<Entry<deduku::Rule>> {
    deduku::Rule::ALL.into_iter().map(|r| Entry { id: r.id(), name: r.name(), value: r }).collect()
}

/// The technique `query` names, or an error that suggests one.
pub fn technique(query: &str) -> anyhow::Result<&'static deduku::Technique> {
    let entries = techniques();
    lookup(query, &entries).map(|e| e.value).ok_or_else(|| unknown("technique", query, &entries))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn distance_counts_single_edits() {
        assert_eq!(edit_distance("x-wing", "x-wing"), 0);
        assert_eq!(edit_distance("xwnig", "xwing"), 1);
        assert_eq!(edit_distance("abc", "ca"), 3);
        assert_eq!(edit_distance("xwings", "xwing"), 1);
        assert_eq!(edit_distance("", "abc"), 3);
        assert_eq!(edit_distance("kitten", "sitting"), 3);
    }

    #[test]
    fn ids_and_display_names_are_found_in_any_case_and_spelling() {
        let entries = techniques();
        for query in ["x-wing", "X-Wing", "x_wing", "XWING", "x wing"] {
            assert_eq!(lookup(query, &entries).map(|e| e.id), Some("x-wing"), "{query}");
        }
        assert_eq!(lookup("Unique Rectangle Type 2", &entries).map(|e| e.id), Some("unique-rectangle-2"));
        assert_eq!(lookup("BUG+1", &entries).map(|e| e.id), Some("bug-plus-1"));
        assert_eq!(lookup("2-String Kite", &entries).map(|e| e.id), Some("two-string-kite"));
        assert_eq!(lookup("Disjoint Groups", &rules()).map(|e| e.id), Some("disjoint"));
        assert_eq!(lookup("Diagonal (main)", &rules()).map(|e| e.id), Some("diagonal-main"));
        assert!(lookup("", &entries).is_none() && lookup("-", &entries).is_none());
        assert!(lookup("x-wings", &entries).is_none());
    }

    #[test]
    fn typos_get_the_nearest_id() {
        let entries = techniques();
        assert_eq!(suggest("x-wnig", &entries), Some("x-wing"));
        assert_eq!(suggest("x-wings", &entries), Some("x-wing"));
        assert_eq!(suggest("swordfsh", &entries), Some("swordfish"));
        assert_eq!(suggest("hiden-pair", &entries), Some("hidden-pair"));
        assert_eq!(suggest("unique-rectangle", &entries), Some("unique-rectangle-1"));
        assert_eq!(suggest("anti-knihgt", &rules()), Some("anti-knight"));
        assert_eq!(suggest("kropki", &rules()), Some("kropki-white"));
        // Nothing near: no guess, the list instead.
        assert_eq!(suggest("bogus", &entries), None);
        assert_eq!(suggest("zzzzzzzzzz", &rules()), None);
        let error = unknown("technique", "bogus", &entries).to_string();
        assert!(error.lines().count() == entries.len() + 1 && error.contains("\n  x-wing\n"), "{error}");
        let error = unknown("technique", "x-wnig", &entries).to_string();
        assert_eq!(error.lines().count(), 1);
        assert!(error.contains("did you mean x-wing?"), "{error}");
    }

    /// Why this matters: `key` drops case and separators, so two ids or names that differ
    /// only there would make a lookup ambiguous.
    #[test]
    fn no_two_techniques_or_rules_share_a_key() {
        let mut keys: Vec<(String, &str)> = Vec::new();
        for (id, name) in techniques().iter().map(|e| (e.id, e.name)).chain(rules().iter().map(|e| (e.id, e.name))) {
            for k in [key(id), key(name)] {
                if let Some((_, other)) = keys.iter().find(|(seen, other)| *seen == k && *other != id) {
                    panic!("'{id}' and '{other}' share the key '{k}'");
                }
                keys.push((k, id));
            }
        }
    }
}
