//! `solve --format html`: the page as text (well formed, self-contained, escaped, one step
//! item per step), and the page in headless Chromium (boards drawn, the pattern of a known
//! step highlighted; screenshots in `target/html-shots/` to look at).
//!
//! Chromium comes from Debian's packages (`tests/support/install-chromium.sh`, which `.ci/run`
//! also calls). Where it cannot be installed, the browser test says so and skips.

use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::OnceLock;

use serde_json::Value;

const CLASSIC: &str = "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........";

fn deduku(args: &[&str]) -> (String, bool) {
    let out = Command::new(env!("CARGO_BIN_EXE_deduku")).args(args).output().expect("deduku runs");
    (String::from_utf8(out.stdout).expect("UTF-8 output"), out.status.success())
}

fn page(args: &[&str]) -> String {
    let mut all = vec!["solve", "--format", "html"];
    all.extend_from_slice(args);
    deduku(&all).0
}

/// The steps of the JSON report of the same solve, for each puzzle.
fn json_steps(args: &[&str]) -> Vec<Vec<Value>> {
    let mut all = vec!["solve", "--format", "json"];
    all.extend_from_slice(args);
    let (text, _) = deduku(&all);
    text.lines().map(|l| serde_json::from_str::<Value>(l).unwrap()["steps"].as_array().unwrap().clone()).collect()
}

const VOID: &[&str] = &["meta", "br", "img", "input", "link", "hr"];

/// Checks that every element is closed in order (scripts' and styles' contents skipped).
fn assert_well_formed(html: &str) {
    let mut stack: Vec<String> = Vec::new();
    let mut rest = html.strip_prefix("<!DOCTYPE html>\n").expect("a doctype first");
    while let Some(at) = rest.find('<') {
        rest = &rest[at + 1..];
        let end = rest.find('>').expect("every tag ends");
        let tag = &rest[..end];
        rest = &rest[end + 1..];
        if let Some(name) = tag.strip_prefix('/') {
            let open = stack.pop().unwrap_or_else(|| panic!("</{name}> closes nothing"));
            assert_eq!(open, name, "</{name}> closes <{open}>");
            continue;
        }
        let name: String = tag.chars().take_while(|c| c.is_ascii_alphanumeric()).collect();
        assert!(!name.is_empty(), "a bare '<' in text: <{tag}>");
        if VOID.contains(&name.as_str()) || tag.ends_with('/') {
            continue;
        }
        if name == "script" || name == "style" {
            let close = format!("</{name}>");
            let at = rest.find(&close).expect("raw text ends");
            rest = &rest[at + close.len()..];
            continue;
        }
        stack.push(name);
    }
    assert!(stack.is_empty(), "left open: {stack:?}");
}

/// No address the page could fetch: the only URL is the SVG namespace the script names.
fn assert_self_contained(html: &str) {
    let stripped = html.replace("http://www.w3.org/2000/svg", "");
    for bad in ["http:", "https:", "//cdn", "url(", "src=", "@import"] {
        assert!(!stripped.contains(bad), "the page refers outside itself: {bad}");
    }
}

#[test]
fn a_page_is_well_formed_self_contained_and_has_one_item_per_step() {
    let html = page(&[CLASSIC]);
    assert_well_formed(&html);
    assert_self_contained(&html);
    let steps = json_steps(&[CLASSIC]);
    assert_eq!(html.matches("<li class=\"step\"").count(), steps[0].len());
    assert_eq!(html.matches("<svg class=\"board\" data-step=").count(), steps[0].len());
    // The words of each step are on the page as the text report prints them.
    let first = steps[0][0]["explanation"].as_str().unwrap();
    let escaped = first.replace('&', "&amp;").replace('<', "&lt;").replace('>', "&gt;");
    assert!(html.contains(&format!("<code>{escaped}</code>")), "{first}");
    assert!(html.contains("Solved by logic"));
}

#[test]
fn several_puzzles_make_one_page_with_a_section_each() {
    let html = page(&[CLASSIC, "tests/cmd/kropki-4x4.json"]);
    assert_well_formed(&html);
    assert_eq!(html.matches("<!DOCTYPE html>").count(), 1);
    assert_eq!(html.matches("<section class=\"puzzle\"").count(), 2);
    assert!(html.contains("<section class=\"puzzle\" id=\"p2\""));
    assert!(html.contains("Kropki White Dots"));
    assert!(html.ends_with("</html>\n"));
}

#[test]
fn text_from_the_input_is_escaped() {
    let dir = std::env::temp_dir().join(format!("deduku-html-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("a<b>&'c\".txt");
    std::fs::write(&file, format!("{CLASSIC}\n")).unwrap();
    let html = page(&[file.to_str().unwrap()]);
    std::fs::remove_dir_all(&dir).unwrap();
    assert!(html.contains("a&lt;b&gt;&amp;&#39;c&quot;.txt"));
    assert!(!html.contains("a<b>"));
    assert_well_formed(&html);
}

#[test]
fn a_search_and_a_stuck_solve_say_so() {
    let hard = "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..";
    let html = page(&["--strategies", "naked-single,hidden-single", hard]);
    assert!(html.contains("Solved with backtracking"), "no backtracking said");
    assert!(html.contains("needs guessing"));
    let html = page(&["--no-backtrack", "--strategies", "naked-single", hard]);
    assert!(html.contains("<b>Stuck</b>"));
}

/// Chromium, installed if missing; `None` (with the reason printed) if it cannot be.
fn chromium() -> Option<&'static Path> {
    static FOUND: OnceLock<Option<PathBuf>> = OnceLock::new();
    FOUND
        .get_or_init(|| {
            let script = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/support/install-chromium.sh");
            let installed = Command::new("bash").arg(&script).status().is_ok_and(|s| s.success());
            let path = ["/usr/bin/chromium", "/usr/bin/chromium-browser"].into_iter().map(PathBuf::from).find(|p| p.exists());
            if !installed || path.is_none() {
                eprintln!("SKIPPED: the browser tests need chromium, and tests/support/install-chromium.sh could not install it");
            }
            path
        })
        .as_deref()
}

/// The DOM of `file` (with `#fragment`) after its script ran.
fn dump_dom(browser: &Path, file: &Path, fragment: &str) -> String {
    let url = format!("file://{}{fragment}", file.display());
    let out = Command::new(browser)
        .args(["--headless", "--disable-gpu", "--no-sandbox", "--virtual-time-budget=2000", "--dump-dom", &url])
        .output()
        .expect("chromium runs");
    String::from_utf8_lossy(&out.stdout).into_owned()
}

fn screenshot(browser: &Path, file: &Path, fragment: &str, png: &Path, height: u32) {
    let url = format!("file://{}{fragment}", file.display());
    let shot = format!("--screenshot={}", png.display());
    let window = format!("--window-size=1200,{height}");
    let status = Command::new(browser)
        .args(["--headless", "--disable-gpu", "--no-sandbox", "--virtual-time-budget=2000", &window, &shot, &url])
        .output()
        .expect("chromium runs");
    assert!(status.status.success(), "screenshot failed: {}", String::from_utf8_lossy(&status.stderr));
    assert!(png.metadata().map(|m| m.len() > 10_000).unwrap_or(false), "no screenshot at {}", png.display());
}

/// The SVG of step `n` (0-based) in a dumped DOM.
fn board_of(dom: &str, n: usize) -> &str {
    let start = dom.find(&format!("<svg class=\"board\" data-step=\"{n}\"")).unwrap_or_else(|| panic!("no board for step {n}"));
    let end = dom[start..].find("</svg>").unwrap() + start;
    &dom[start..end]
}

/// A puzzle whose solve takes forcing chains (their branches share nodes).
const FORCING: &str = "5...4..3..28..........5.8.4...2.17.8..1...5...7.....6.9146....5.....36..6........";

/// The `data-cell` of each element of `class` in `board`.
fn cells_of_class<'a>(board: &'a str, class: &str) -> Vec<&'a str> {
    let key = format!("class=\"{class}\" data-cell=\"");
    board.match_indices(&key).map(|(at, _)| board[at + key.len()..].split('"').next().unwrap()).collect()
}

/// Every highlighted cell of a shaded house (a diagonal, a window) is veiled grey over its
/// highlight, so the house still shows; returns how many such cells there are.
fn shading_shows_through(board: &str, name: &str) -> usize {
    let shaded = cells_of_class(board, "extra");
    let veiled = cells_of_class(board, "extra-over");
    let mut lit: Vec<&str> = ["hl-base", "hl-cover", "hl-set", "hl-pattern", "hl-fin", "hl-placed"].iter().flat_map(|c| cells_of_class(board, c)).collect();
    lit.sort_unstable();
    lit.dedup();
    let both: Vec<&str> = lit.into_iter().filter(|c| shaded.contains(c)).collect();
    for cell in &both {
        assert!(veiled.contains(cell), "{name}: highlighted {cell} hides its shading");
    }
    both.len()
}

/// No two node numbers of a board sit at the same place; returns how many there are.
fn badges_apart(board: &str) -> usize {
    let mut places: Vec<(&str, &str)> = Vec::new();
    for (at, _) in board.match_indices("<circle ") {
        let tag = &board[at..at + board[at..].find('>').unwrap()];
        if !tag.contains("node-number") {
            continue;
        }
        let attr = |name: &str| tag.split(&format!(" {name}=\"")).nth(1).unwrap().split('"').next().unwrap();
        let place = (attr("cx"), attr("cy"));
        assert!(!places.contains(&place), "two node numbers at {place:?}");
        places.push(place);
    }
    places.len()
}

/// The keys move between steps as the page says: a copy of the page with a script at its end
/// presses them in turn (real key events, through the page's own handler) and writes the
/// counter after each press into the DOM.
fn keys_move_between_steps(browser: &Path, html: &str, shots: &Path, steps: usize) {
    let presses = ["ArrowRight", "ArrowRight", "ArrowLeft", "End", "ArrowRight", "Home", "ArrowLeft", "x"];
    let script = format!(
        "<script>(function () {{ var seen = []; {:?}.forEach(function (k) {{ \
         document.dispatchEvent(new KeyboardEvent('keydown', {{ key: k, bubbles: true }})); \
         seen.push(document.querySelector('.counter').textContent); }}); \
         document.body.setAttribute('data-seen', seen.join('|')); }})();</script>",
        presses
    );
    let at = html.rfind("</body>").expect("a body");
    let file = shots.join("classic-keys.html");
    std::fs::write(&file, format!("{}{script}{}", &html[..at], &html[at..])).unwrap();
    let dom = dump_dom(browser, &file, "");
    let seen = dom.split("data-seen=\"").nth(1).and_then(|s| s.split('"').next()).expect("the key script ran");
    let want: Vec<String> = [2, 3, 2, steps, steps, 1, 1, 1].iter().map(|k| format!("Step {k} of {steps}")).collect();
    assert_eq!(seen.split('|').collect::<Vec<_>>(), want);
}

#[test]
fn pages_draw_in_a_browser() {
    let Some(browser) = chromium() else { return };
    let shots = Path::new(env!("CARGO_MANIFEST_DIR")).join("target/html-shots");
    std::fs::create_dir_all(&shots).unwrap();
    let cases: [(&str, &[&str]); 6] = [
        ("classic", &[CLASSIC]),
        ("forcing", &[FORCING]),
        ("diagonal", &["--diagonal", "........93....52..4..6..1.79..........15.67....3.........2...7..............1.8.."]),
        ("marks", &["tests/html/marks.txt"]),
        ("anti-knight", &["--anti-knight", "....2.........3..94.......7.......2..86......3....2..4...............9..1...3...5"]),
        ("sixteen", &["tests/html/sixteen.txt"]),
    ];
    let mut veiled = 0;
    for (name, args) in cases {
        let html = page(args);
        let steps = json_steps(args).remove(0);
        assert!(!steps.is_empty(), "{name}: no steps");
        let file = shots.join(format!("{name}.html"));
        std::fs::write(&file, &html).unwrap();
        // A step that removes candidates of a pattern, opened by its address.
        let (k, step) = steps
            .iter()
            .enumerate()
            .find(|(_, s)| !s["eliminations"].as_array().unwrap().is_empty() && s["pattern"]["cells"].as_array().is_some_and(|c| !c.is_empty()))
            .unwrap_or((0, &steps[0]));
        let dom = dump_dom(browser, &file, &format!("#p1-s{}", k + 1));
        assert!(dom.contains("<html lang=\"en\" class=\"js\">"), "{name}: the script did not run");
        assert_eq!(dom.matches("<svg class=\"board\" data-step=").count(), steps.len(), "{name}: one board per step");
        let board = board_of(&dom, k);
        assert!(board.contains("data-drawn=\"true\""), "{name}: step {} not drawn", k + 1);
        veiled += shading_shows_through(board, name);
        if name == "diagonal" {
            // A step whose pattern lies on the main diagonal, a shaded house.
            let on_diagonal = |c: &Value| c.as_str().is_some_and(|c| c[1..].split('c').collect::<Vec<_>>().windows(2).all(|w| w[0] == w[1]));
            let k = steps.iter().position(|s| s["pattern"]["cells"].as_array().is_some_and(|cs| cs.iter().any(on_diagonal))).expect("a step on the diagonal");
            let dom = dump_dom(browser, &file, &format!("#p1-s{}", k + 1));
            veiled += shading_shows_through(board_of(&dom, k), name);
        }
        if name == "forcing" {
            let forcing = steps.iter().position(|s| s["technique"].as_str().is_some_and(|t| t.contains("forcing"))).expect("a forcing step");
            let dom = dump_dom(browser, &file, &format!("#p1-s{}", forcing + 1));
            let numbers = badges_apart(board_of(&dom, forcing));
            assert!(numbers >= 4, "{name}: only {numbers} node numbers on the forcing step");
        }
        for cell in step["pattern"]["cells"].as_array().into_iter().flatten() {
            let cell = cell.as_str().unwrap();
            assert!(board.contains(&format!("class=\"hl-pattern\" data-cell=\"{cell}\"")), "{name}: step {}: {cell} not highlighted", k + 1);
        }
        for e in step["eliminations"].as_array().unwrap() {
            let (cell, digit) = (e["cell"].as_str().unwrap(), e["digit"].as_u64().unwrap());
            assert!(board.contains(&format!("class=\"cand removed\" data-cell=\"{cell}\" data-digit=\"{digit}\"")), "{name}: {cell}<>{digit} not struck");
        }
        assert!(board.contains("class=\"strike\""));
        assert!(dom.contains(&format!("Step {} of {}", k + 1, steps.len())), "{name}: the counter");
        if name == "classic" {
            keys_move_between_steps(browser, &html, &shots, steps.len());
        }
        screenshot(browser, &file, "", &shots.join(format!("{name}.png")), 1600);
        screenshot(browser, &file, &format!("#p1-s{}", k + 1), &shots.join(format!("{name}-step{}.png", k + 1)), if name == "sixteen" { 2600 } else { 2000 });
    }
    assert!(veiled > 0, "no highlighted cell of a shaded house was checked");
}

/// The variant puzzles whose marks the boards draw over the cells and outside the grid
/// (f-puzzles links made by `deduku generate`, each file saying how), with the arguments
/// that solve them: the lines page keeps to cheap techniques, as its full solve takes
/// seconds of nested forcing nets that the drawing does not need.
const VARIANTS: [(&str, &[&str]); 6] = [
    ("killer", &["tests/html/killer.txt"]),
    ("thermo-arrow", &["tests/html/thermo-arrow.txt"]),
    (
        "lines",
        &[
            "--strategies",
            "full-house,naked-single,hidden-single,pointing,claiming,naked-pair,hidden-triple,link-exclusion,relation-fillings,renban-span",
            "tests/html/lines.txt",
        ],
    ),
    ("outside", &["tests/html/outside.txt"]),
    ("little-killer", &["tests/html/little-killer.txt"]),
    ("more-lines", &["tests/html/more-lines.txt"]),
];

/// How many elements of each class a puzzle's board should hold, counted from its f-puzzles
/// link (not from the page): one outline per cage, one bulb per thermometer, and so on.
fn expected_marks(link: &str) -> Vec<(&'static str, usize)> {
    use deduku::formats::fpuzzles;
    let puzzle = fpuzzles::decode(&fpuzzles::payload_of(link).expect("a link")).expect("the link reads");
    let (r, size) = (&puzzle.rules, puzzle.size);
    let lines = |entries: &[fpuzzles::Lines]| entries.iter().map(|e| e.lines.len()).sum::<usize>();
    let shafts = r.arrows.iter().flat_map(|a| a.lines.iter().filter(|l| l.iter().any(|c| !a.circle.contains(c)))).count();
    vec![
        ("cage", r.killer_cages.len()),
        ("cage-sum", r.killer_cages.iter().filter(|k| k.sum.is_some()).count()),
        ("thermo-bulb", r.thermometers.len()),
        ("thermo-line", r.thermometers.iter().map(|t| t.lines.len()).sum()),
        ("arrow-circle", r.arrows.len()),
        ("arrow-head", shafts),
        ("rule-line whisper", r.whispers.iter().map(|w| w.lines.len()).sum()),
        ("rule-line renban", lines(&r.renbans)),
        ("rule-line palindrome", lines(&r.palindromes)),
        ("rule-line regionsum", lines(&r.region_sum_lines)),
        ("rule-line entropic", lines(&r.entropic_lines)),
        ("between-line", r.between_lines.iter().map(|b| b.lines.len()).sum()),
        ("between-end", 2 * r.between_lines.iter().map(|b| b.lines.len()).sum::<usize>()),
        ("lk-sum", r.little_killers.iter().filter(|k| k.sum.is_some() && !k.cells(size).is_empty()).count()),
        ("lk-arrow", r.little_killers.iter().filter(|k| k.sum.is_some() && !k.cells(size).is_empty()).count()),
        ("outside sandwich", r.sandwiches.len()),
        ("outside xsum", r.x_sums.len()),
        ("outside skyscraper", r.skyscrapers.len()),
        ("indexer column-indexer", r.column_indexers.iter().map(Vec::len).sum()),
        ("indexer row-indexer", r.row_indexers.iter().map(Vec::len).sum()),
    ]
}

/// The SVG of each puzzle's start board in a dumped DOM, in order.
fn start_boards(dom: &str) -> Vec<&str> {
    dom.match_indices("<svg class=\"board start-board\"").map(|(at, _)| &dom[at..at + dom[at..].find("</svg>").unwrap()]).collect()
}

/// The number value of attribute `name` in the tag `tag`.
fn number_attr(tag: &str, name: &str) -> f64 {
    tag.split(&format!(" {name}=\"")).nth(1).and_then(|s| s.split('"').next()).and_then(|v| v.parse().ok()).unwrap_or_else(|| panic!("no {name} in {tag}"))
}

/// Every clue outside the grid (its `<text>` of class `outside ...` or `lk-sum`) lies inside
/// the board's view box and outside the grid's frame; returns how many there are.
fn clues_outside_the_grid_and_in_view(board: &str, name: &str) -> usize {
    let view: Vec<f64> = board.split("viewBox=\"").nth(1).unwrap().split('"').next().unwrap().split(' ').map(|v| v.parse().unwrap()).collect();
    let frame_at = board.find("stroke-width=\"3.5\"").expect("the grid's frame");
    let frame = &board[board[..frame_at].rfind("<rect").unwrap()..frame_at];
    let (fx, fy, fw) = (number_attr(frame, "x"), number_attr(frame, "y"), number_attr(frame, "width"));
    let mut count = 0;
    for (at, _) in board.match_indices("<text ") {
        let tag = &board[at..at + board[at..].find('>').unwrap()];
        if !(tag.contains("class=\"outside ") || tag.contains("class=\"lk-sum\"")) {
            continue;
        }
        let (x, y) = (number_attr(tag, "x"), number_attr(tag, "y"));
        // Why 8 units of room: half a clue's height, so that its figures are not cut off.
        assert!(x > 8.0 && y > 8.0 && x < view[2] - 8.0 && y < view[3] - 8.0, "{name}: a clue at ({x}, {y}) is cut off by the view box {view:?}");
        assert!(x < fx || y < fy || x > fx + fw || y > fy + fw, "{name}: a clue at ({x}, {y}) is inside the grid");
        count += 1;
    }
    count
}

#[test]
fn variant_marks_draw_in_a_browser() {
    let Some(browser) = chromium() else { return };
    let shots = Path::new(env!("CARGO_MANIFEST_DIR")).join("target/html-shots");
    std::fs::create_dir_all(&shots).unwrap();
    let mut drawn: Vec<&str> = Vec::new();
    for (name, args) in VARIANTS {
        let links: Vec<String> = std::fs::read_to_string(args.last().unwrap()).unwrap().lines().filter(|l| l.starts_with("http")).map(String::from).collect();
        let html = page(args);
        let file = shots.join(format!("{name}.html"));
        std::fs::write(&file, &html).unwrap();
        let dom = dump_dom(browser, &file, "");
        assert!(dom.contains("<html lang=\"en\" class=\"js\">"), "{name}: the script did not run");
        let boards = start_boards(&dom);
        assert_eq!(boards.len(), links.len(), "{name}: one start board per puzzle");
        for (k, (board, link)) in boards.iter().zip(&links).enumerate() {
            for (class, want) in expected_marks(link) {
                let found = board.matches(&format!("class=\"{class}\"")).count();
                assert_eq!(found, want, "{name}, puzzle {}: {want} of class \"{class}\" expected, {found} drawn", k + 1);
                if want > 0 {
                    drawn.push(class);
                }
            }
            // The marks lie over the highlights and under the digits and candidates; what a
            // step draws (chains, node numbers) stays on top of all.
            let layer = |g: &str| board.find(&format!("<g class=\"{g}\"")).unwrap_or_else(|| panic!("{name}: no {g} layer"));
            assert!(layer("high") < layer("lines") && layer("lines") < layer("cands") && layer("cands") < layer("chains"), "{name}: the layers' order");
            let clues = clues_outside_the_grid_and_in_view(board, name);
            // Why the size: a board without clues outside keeps the view box it always had
            // (a 9x9 grid, its labels' margin and 4 units to spare).
            let square = board.contains("viewBox=\"0 0 566 566\"");
            assert_eq!(square, clues == 0, "{name}, puzzle {}: a margin for outside clues only when there are some ({clues})", k + 1);
        }
        // A step's board draws the same marks as the puzzle's.
        let step = board_of(&dom, 0);
        let cages = |svg: &str| ["class=\"cage\"", "class=\"thermo-bulb\"", "class=\"arrow-circle\"", "class=\"rule-line ", "class=\"outside ", "class=\"lk-sum\""].map(|c| svg.matches(c).count());
        assert_eq!(cages(step), cages(boards[0]), "{name}: step 1 draws the marks the puzzle does");
        screenshot(browser, &file, "", &shots.join(format!("{name}.png")), 1000);
        screenshot(browser, &file, "#p1-s1", &shots.join(format!("{name}-step1.png")), 2000);
    }
    // Every kind of mark was drawn somewhere, so none of the counts above passed as 0 = 0.
    for (class, _) in expected_marks(&std::fs::read_to_string("tests/html/killer.txt").unwrap().lines().find(|l| l.starts_with("http")).unwrap()) {
        assert!(drawn.contains(&class), "no puzzle here has a mark of class \"{class}\"");
    }
}
