//! CLI transcripts: every `tests/cmd/*.trycmd` file and the README's console examples are
//! run against the built `deduku`, output and exit code compared. Colour is off (no tty).
//! After an intended change of output, `TRYCMD=overwrite cargo test --test suite cli::` rewrites
//! them; review the diff.

#[test]
fn transcripts() {
    trycmd::TestCases::new().case("tests/cmd/*.trycmd").case("tests/cmd/*.toml").case("README.md");
}

/// What `deduku learn <id>` prints: with `--raw`, exactly the guide file; rendered, every
/// heading but `## Cases`, no case line, and (for a technique) the example board with the
/// step's removals marked, as there is no colour off a terminal.
fn check_learn(id: &str, path: &str, technique: bool) {
    let guide = std::fs::read_to_string(path).unwrap();
    let raw = std::process::Command::new(env!("CARGO_BIN_EXE_deduku")).args(["learn", "--raw", id]).output().unwrap();
    assert!(raw.status.success(), "learn --raw {id} failed");
    assert_eq!(String::from_utf8(raw.stdout).unwrap(), guide, "learn --raw {id}");
    let shown = std::process::Command::new(env!("CARGO_BIN_EXE_deduku")).args(["learn", id]).output().unwrap();
    assert!(shown.status.success(), "learn {id} failed");
    let shown = String::from_utf8(shown.stdout).unwrap();
    assert!(!shown.contains("case:") && !shown.contains("\nCases\n"), "learn {id} shows its test cases");
    for heading in guide.lines().filter_map(|l| l.strip_prefix("## ")).filter(|h| *h != "Cases") {
        assert!(shown.contains(&format!("\n{heading}\n{}\n", "-".repeat(heading.chars().count()))), "learn {id}: no heading {heading}");
    }
    assert!(shown.lines().all(|l| l.chars().count() <= 90 || l.starts_with(['|', ' ', '.', ':', '\'', '`'])), "learn {id}: a line runs past 90 columns");
    if technique {
        assert!(shown.contains("# marks: "), "learn {id}: the example board has no marks");
    }
}

#[test]
fn learn_prints_each_guide() {
    for t in deduku::REGISTRY.iter() {
        check_learn(t.id, &format!("{}/strategies/{}.md", env!("CARGO_MANIFEST_DIR"), t.id), true);
    }
}

#[test]
fn learn_prints_each_rule_guide() {
    for rule in deduku::Rule::ALL {
        check_learn(rule.id(), &format!("{}/strategies/rules/{}.md", env!("CARGO_MANIFEST_DIR"), rule.id()), false);
    }
}

fn deduku(args: &[&str], stdin: Option<&str>) -> std::process::Output {
    use std::io::Write;
    use std::process::{Command, Stdio};
    let mut child = Command::new(env!("CARGO_BIN_EXE_deduku"))
        .args(args)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut input = child.stdin.take().unwrap();
    input.write_all(stdin.unwrap_or("").as_bytes()).unwrap();
    drop(input);
    child.wait_with_output().unwrap()
}

fn text(bytes: &[u8]) -> &str {
    std::str::from_utf8(bytes).unwrap()
}

/// The solutions kept after each puzzle in `puzzles/` files, in file order.
fn kept_solutions(files: &[&str]) -> Vec<String> {
    let read = |f: &&str| std::fs::read_to_string(format!("{}/{f}", env!("CARGO_MANIFEST_DIR"))).unwrap();
    let texts: Vec<String> = files.iter().map(read).collect();
    texts.iter().flat_map(|t| t.lines()).filter(|l| !l.starts_with('#')).map(|l| l.split_whitespace().nth(1).unwrap().to_string()).collect()
}

/// Many puzzles (more than one chunk of the batch reader, over two files) come out in input
/// order, the same with one thread or two.
#[test]
fn batch_output_keeps_input_order_whatever_the_jobs() {
    let files = ["puzzles/generated-classic.txt", "puzzles/generated-hard.txt"];
    let args = |jobs| ["solve", "--format", "line", "--strategies", "naked-single,hidden-single", "--jobs", jobs, files[0], files[1]];
    let one = deduku(&args("1"), None);
    let two = deduku(&args("2"), None);
    assert!(one.status.success() && two.status.success(), "{}", text(&two.stderr));
    let expected = kept_solutions(&files);
    assert!(expected.len() > 512);
    assert_eq!(text(&two.stdout).lines().collect::<Vec<_>>(), expected);
    assert_eq!(one.stdout, two.stdout);

    let rate = |jobs| deduku(&["rate", "--format", "json", "--anti-knight", "--jobs", jobs, "puzzles/generated-anti-knight.txt"], None);
    let (one, two) = (rate("1"), rate("2"));
    assert!(one.status.success());
    assert_eq!(text(&one.stdout).lines().count(), 100);
    assert_eq!(one.stdout, two.stdout);
}

/// Generated puzzles check as unique under their rules, and respect the clue bounds.
#[test]
fn generated_puzzles_check_as_unique() {
    let made = deduku(&["generate", "--count", "12", "--seed", "9", "--symmetry", "rotational", "--anti-king", "--min-clues", "22"], None);
    assert!(made.status.success(), "{}", text(&made.stderr));
    let lines: Vec<&str> = text(&made.stdout).lines().collect();
    assert_eq!(lines.len(), 12);
    for line in &lines {
        assert!(line.len() == 81 && line.chars().filter(|&c| c != '.').count() >= 22, "{line}");
        assert!(line.bytes().zip(line.bytes().rev()).all(|(a, b)| (a == b'.') == (b == b'.')), "not symmetric: {line}");
    }
    let checked = deduku(&["check", "--count", "--anti-king"], Some(text(&made.stdout)));
    assert!(checked.status.success(), "{}", text(&checked.stderr));
    assert_eq!(text(&checked.stdout), "1\n".repeat(12));
}

/// A malformed puzzle after the first chunk: what came before it is printed, then one
/// error line, and exit code 2.
#[test]
fn a_bad_puzzle_late_in_a_long_input_stops_there() {
    let line = ".......16...936..28.7...4...5...369..1.....277.......3.7..1.......3.....43.2...71\n";
    let input = format!("{}{}\n", line.repeat(600), line.replacen('7', "%", 1).trim_end());
    let out = deduku(&["check"], Some(&input));
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(text(&out.stderr), "deduku: standard input: puzzle 601, line 601, column 21: '%' is not a digit or a blank\n");
    assert_eq!(text(&out.stdout), "unique\n".repeat(512));
}

/// The subcommands `deduku --help` lists (without `help`), to hold the completions and the
/// manual to: a subcommand added later is checked without touching this file.
fn subcommands() -> Vec<String> {
    let help = deduku(&["--help"], None);
    let help = text(&help.stdout);
    let listed = help.split("Commands:\n").nth(1).expect("--help lists the commands");
    // Why the indent: a description wrapped onto a second line is indented further.
    let rows = listed.lines().take_while(|l| l.starts_with("  ")).filter(|l| !l.starts_with("   "));
    let names = rows.filter_map(|l| l.split_whitespace().next());
    names.filter(|&n| n != "help").map(String::from).collect()
}

/// The long flags a subcommand's `--help` shows, as `--name`.
fn long_flags(subcommand: &str) -> Vec<String> {
    let help = deduku(&[subcommand, "--help"], None);
    let words = text(&help.stdout).split(|c: char| c.is_whitespace() || c == ',' || c == '=' || c == '[').map(str::to_string).collect::<Vec<_>>();
    let mut flags: Vec<String> = words.into_iter().filter(|w| w.starts_with("--") && w.len() > 2 && w[2..].chars().all(|c| c.is_ascii_lowercase() || c == '-')).collect();
    flags.sort();
    flags.dedup();
    flags
}

#[test]
fn completions_name_every_subcommand_in_every_shell() {
    let subcommands = subcommands();
    assert!(subcommands.len() >= 10 && subcommands.iter().any(|s| s == "completions"), "{subcommands:?}");
    for shell in ["bash", "zsh", "fish", "powershell", "elvish"] {
        let out = deduku(&["completions", shell], None);
        assert!(out.status.success(), "{shell}: {}", text(&out.stderr));
        let script = text(&out.stdout);
        assert!(script.len() > 1000, "{shell}: a script of {} bytes", script.len());
        for sub in &subcommands {
            assert!(script.contains(sub.as_str()), "{shell}: no subcommand {sub}");
        }
        // The flags of a subcommand are completed too, not only the names.
        assert!(script.contains("max-difficulty") && script.contains("no-backtrack"), "{shell}: no solve flags");
    }
}

#[test]
fn man_page_names_every_subcommand_and_its_flags() {
    let out = deduku(&["man"], None);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let page = text(&out.stdout);
    assert!(page.starts_with(".ie") || page.starts_with(".TH"), "not roff: {}", &page[..40.min(page.len())]);
    assert!(long_flags("solve").iter().any(|f| f == "--max-difficulty"), "the flags of --help are not read: {:?}", long_flags("solve"));
    for sub in subcommands() {
        assert!(page.contains(&format!(".SH \"DEDUKU {}\"", sub.to_uppercase())), "no section for {sub}");
        for flag in long_flags(&sub) {
            assert!(page.contains(&flag.replace('-', "\\-")), "{sub}: the man page does not name {flag}");
        }
    }
    assert!(!page.contains("deduku\\-solve(1)"), "the page points to per-subcommand pages that do not exist");
}

/// `learn` takes a display name or another spelling of an id as well as the id.
#[test]
fn learn_takes_display_names() {
    let by_id = deduku(&["learn", "--raw", "x-wing"], None);
    assert!(by_id.status.success());
    for name in ["X-Wing", "x_wing", "XWING"] {
        let out = deduku(&["learn", "--raw", name], None);
        assert!(out.status.success(), "{name}: {}", text(&out.stderr));
        assert_eq!(out.stdout, by_id.stdout, "{name}");
    }
    let rule = deduku(&["learn", "--raw", "Disjoint Groups"], None);
    assert!(rule.status.success() && text(&rule.stdout).starts_with("# Disjoint Groups"), "{}", text(&rule.stderr));
}

/// `-q` leaves notes and warnings off stderr, keeps the verdicts on stdout and the exit
/// code, and still prints errors.
#[test]
fn quiet_keeps_only_errors_on_stderr() {
    let clash = "11...............................................................................";
    let loud = deduku(&["check", clash], None);
    let quiet = deduku(&["check", "-q", clash], None);
    assert!(text(&loud.stderr).contains("the givens clash"), "{}", text(&loud.stderr));
    assert_eq!(text(&quiet.stderr), "");
    assert_eq!((quiet.stdout.clone(), quiet.status.code()), (loud.stdout, loud.status.code()));

    // A log warning: pencilmarks that a placed digit rules out are cleared.
    let position = format!("5 15{}", " .".repeat(79));
    let loud = deduku(&["solve", "--format", "line", &position], None);
    let quiet = deduku(&["--quiet", "solve", "--format", "line", &position], None);
    assert!(text(&loud.stderr).contains("cleared pencilmarks"), "{}", text(&loud.stderr));
    assert_eq!(text(&quiet.stderr), "");
    assert_eq!(quiet.stdout, loud.stdout);

    let error = deduku(&["check", "-q", "no-such-file.txt"], None);
    assert_eq!(error.status.code(), Some(2));
    assert!(text(&error.stderr).starts_with("deduku: no-such-file.txt: no such file"), "{}", text(&error.stderr));

    let both = deduku(&["-q", "-v", "check", clash], None);
    assert_eq!(both.status.code(), Some(2), "-q with -v is a usage error");
}

/// On a terminal a batch shows a progress bar on stderr, and `-q` hides it. The terminal is
/// made with `script` (util-linux); where it is missing, there is nothing to check. A bar
/// held back for short runs would need a longer run here.
#[cfg(target_os = "linux")]
#[test]
fn quiet_hides_the_progress_bar() {
    let on_a_terminal = |quiet: &str| {
        let command = format!(
            "{} rate {quiet} --jobs 1 puzzles/generated-hard.txt puzzles/generated-hard.txt puzzles/generated-hard.txt >/dev/null",
            env!("CARGO_BIN_EXE_deduku")
        );
        std::process::Command::new("script").args(["-qec", &command, "/dev/null"]).current_dir(env!("CARGO_MANIFEST_DIR")).output()
    };
    let Ok(loud) = on_a_terminal("") else { return };
    assert!(loud.status.success(), "{}", text(&loud.stderr));
    assert!(text(&loud.stdout).contains("puzzles"), "no progress bar: {:?}", text(&loud.stdout));
    let quiet = on_a_terminal("-q").unwrap();
    assert!(quiet.status.success());
    assert!(!text(&quiet.stdout).contains("puzzles"), "a progress bar under -q: {:?}", text(&quiet.stdout));
}

/// The examples under `Examples:` in a help screen, continuation lines (`\`) joined.
fn help_examples(help: &str) -> Vec<String> {
    let Some(listed) = help.split("\nExamples:\n").nth(1) else { return Vec::new() };
    let mut examples: Vec<String> = Vec::new();
    let mut continued = false;
    for line in listed.lines().take_while(|l| l.starts_with("  ")) {
        let part = line.trim().trim_end_matches('\\').trim_end();
        match examples.last_mut() {
            Some(last) if continued => {
                last.push(' ');
                last.push_str(part);
            }
            _ => examples.push(part.to_string()),
        }
        continued = line.ends_with('\\');
    }
    examples
}

/// Every example in `--help` (the top level's and each subcommand's) runs as typed, pipes
/// and all, from a folder with no puzzles in it, and is not refused as bad input or usage
/// (exit code 2). Those that write into the home folder or need `man` are left out.
#[test]
fn help_examples_work_from_any_folder() {
    let folder = std::env::temp_dir().join(format!("deduku-help-examples-{}", std::process::id()));
    std::fs::create_dir_all(&folder).unwrap();
    let bin = std::path::Path::new(env!("CARGO_BIN_EXE_deduku")).parent().unwrap().to_path_buf();
    let path = std::env::join_paths(std::iter::once(bin).chain(std::env::split_paths(&std::env::var_os("PATH").unwrap_or_default()))).unwrap();
    let mut screens = vec![String::new()];
    screens.extend(subcommands());
    let mut ran = 0;
    for screen in &screens {
        let args: Vec<&str> = if screen.is_empty() { vec!["--help"] } else { vec![screen.as_str(), "--help"] };
        let help = deduku(&args, None);
        let examples = help_examples(text(&help.stdout));
        assert!(!examples.is_empty(), "`deduku {screen} --help` has no examples");
        for example in examples.iter().filter(|e| !e.contains('~') && !e.contains("man -l")) {
            assert!(example.starts_with("deduku "), "{screen}: {example}");
            let out = std::process::Command::new("bash")
                .args(["-c", &format!("set -o pipefail; {example}")])
                .env("PATH", &path)
                .current_dir(&folder)
                .stdin(std::process::Stdio::null())
                .output()
                .unwrap();
            assert!(matches!(out.status.code(), Some(0 | 1)), "`{example}` exited {:?}: {}", out.status.code(), text(&out.stderr));
            assert!(!out.stdout.is_empty() || example.contains('>'), "`{example}` printed nothing");
            ran += 1;
        }
    }
    std::fs::remove_dir_all(&folder).unwrap();
    assert!(ran >= 25, "only {ran} examples ran");
}

/// A puzzle whose givens clash gets one word, `invalid`, from every command that gives a
/// verdict, in text and in JSON, with exit code 1.
#[test]
fn clashing_givens_are_invalid_in_every_command() {
    let clash = "11...............................................................................";
    let first_word = |args: &[&str]| {
        let mut all = args.to_vec();
        all.push(clash);
        let out = deduku(&all, None);
        assert_eq!(out.status.code(), Some(1), "{args:?}: {}", text(&out.stderr));
        text(&out.stdout).split_whitespace().next().unwrap_or_default().to_string()
    };
    assert_eq!(first_word(&["check"]), "invalid");
    assert_eq!(first_word(&["check", "--count"]), "invalid");
    assert_eq!(first_word(&["solve", "--format", "line"]), "invalid");
    assert_eq!(first_word(&["rate"]), "invalid");
    let all = deduku(&["check", "--all", clash], None);
    assert_eq!(text(&all.stdout), "# puzzle 1: invalid\n");
    for args in [&["check", "--format", "json"][..], &["check", "--count", "--format", "json"], &["solve", "--format", "json"], &["rate", "--format", "json"]] {
        let mut with = args.to_vec();
        with.push(clash);
        let out = deduku(&with, None);
        let report: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
        assert_eq!(report["status"], "invalid", "{args:?}");
    }
    let solved = deduku(&["solve", clash], None);
    assert!(text(&solved.stdout).contains("\nInvalid: two 1s in row 1"), "{}", text(&solved.stdout));
}

/// `--keep-going`: a malformed line after the first chunk is reported in place (a line
/// `invalid-input`, or a JSON object with that status) with its located error on stderr,
/// the lines after it are still worked on, and the exit code is 2 at the end.
#[test]
fn keep_going_reports_a_bad_line_in_place_and_goes_on() {
    let line = ".......16...936..28.7...4...5...369..1.....277.......3.7..1.......3.....43.2...71\n";
    let input = format!("{}{}{}", line.repeat(600), line.replacen('7', "%", 1), line.repeat(3));
    let located = "deduku: standard input: puzzle 601, line 601, column 21: '%' is not a digit or a blank\n";
    for command in ["check", "rate", "solve"] {
        let args: &[&str] = if command == "solve" { &["solve", "--format", "line", "--keep-going"] } else { &[command, "--keep-going"] };
        let out = deduku(args, Some(&input));
        assert_eq!(out.status.code(), Some(2), "{command}");
        assert_eq!(text(&out.stderr), format!("{located}deduku: 1 malformed puzzle (reported above) left out\n"), "{command}");
        let lines: Vec<&str> = text(&out.stdout).lines().collect();
        assert_eq!(lines.len(), 604, "{command}");
        assert_eq!(lines[600], "invalid-input", "{command}");
        assert!(lines.iter().enumerate().all(|(n, l)| n == 600 || *l != "invalid-input"), "{command}");
    }
    let json = deduku(&["check", "--keep-going", "--format", "json"], Some(&input));
    assert_eq!(json.status.code(), Some(2));
    let reports: Vec<serde_json::Value> = text(&json.stdout).lines().map(|l| serde_json::from_str(l).unwrap()).collect();
    assert_eq!(reports.len(), 604);
    assert_eq!(reports[600]["status"], "invalid-input");
    assert_eq!(reports[600]["error"], located.trim_end().trim_start_matches("deduku: "));
    assert!(reports.iter().enumerate().all(|(n, r)| (n == 600) == (r["status"] != "unique")));
    // Without the flag, the first malformed puzzle still stops the command.
    let stopped = deduku(&["check"], Some(&input));
    assert_eq!((stopped.status.code(), text(&stopped.stderr)), (Some(2), located));
}
