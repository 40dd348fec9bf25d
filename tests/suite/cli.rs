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
    let bytes = stdin.unwrap_or("").as_bytes().to_vec();
    // Why a thread: a long input and a long output would fill both pipes, each side waiting
    // for the other. A command that stops reading early closes its end: not an error here.
    let writer = std::thread::spawn(move || {
        let _ = input.write_all(&bytes);
    });
    let output = child.wait_with_output().unwrap();
    writer.join().unwrap();
    output
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

/// On a terminal a batch shows a progress bar on stderr once it has run a second (here made
/// at once with DEDUKU_PROGRESS_AFTER_MS=0), with the share of the files read; `-q` hides
/// it, and a run shorter than the second shows none. The terminal is made with `script`
/// (util-linux); where it is missing, there is nothing to check.
#[cfg(target_os = "linux")]
#[test]
fn the_progress_bar_shows_on_long_runs_unless_quiet() {
    let on_a_terminal = |options: &str, after: &str| {
        let command = format!("{} rate {options} --jobs 1 puzzles/generated-hard.txt puzzles/generated-hard.txt >/dev/null", env!("CARGO_BIN_EXE_deduku"));
        std::process::Command::new("script")
            .args(["-qec", &command, "/dev/null"])
            .env("DEDUKU_PROGRESS_AFTER_MS", after)
            .current_dir(env!("CARGO_MANIFEST_DIR"))
            .output()
    };
    let Ok(loud) = on_a_terminal("", "0") else { return };
    assert!(loud.status.success(), "{}", text(&loud.stderr));
    let screen = text(&loud.stdout);
    assert!(screen.contains("puzzles") && screen.contains('%') && screen.contains("eta"), "no progress bar: {screen:?}");
    let quiet = on_a_terminal("-q", "0").unwrap();
    assert!(quiet.status.success());
    assert!(!text(&quiet.stdout).contains("puzzles"), "a progress bar under -q: {:?}", text(&quiet.stdout));
    // The same run with the bar held back for a minute: it ends before the bar may show.
    let short = on_a_terminal("", "60000").unwrap();
    assert!(short.status.success());
    assert!(!text(&short.stdout).contains("puzzles"), "a progress bar flashed: {:?}", text(&short.stdout));
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

/// Each kind of puzzle that has no one solution gets one word from every command that gives a
/// verdict, in text and in JSON, with exit code 1: `invalid` for givens that clash, `none`
/// for no solution, `multiple` for two or more.
#[test]
fn each_kind_of_puzzle_gets_one_word_in_every_command() {
    let clash = "11...............................................................................";
    // r1c9 has no candidate left: the row holds 1 to 8 and its column a 9.
    let none = "12345678..................9......................................................";
    let multiple = "1................................................................................";
    for (puzzle, word) in [(clash, "invalid"), (none, "none"), (multiple, "multiple")] {
        let first_word = |args: &[&str]| {
            let mut all = args.to_vec();
            all.push(puzzle);
            let out = deduku(&all, None);
            assert_eq!(out.status.code(), Some(1), "{args:?}: {}", text(&out.stderr));
            text(&out.stdout).split_whitespace().next().unwrap_or_default().to_string()
        };
        assert_eq!(first_word(&["check"]), word);
        assert_eq!(first_word(&["solve", "--format", "line"]), word);
        assert_eq!(first_word(&["rate"]), word);
        for args in [&["check", "--format", "json"][..], &["check", "--count", "--format", "json"], &["solve", "--format", "json"], &["rate", "--format", "json"]] {
            let mut with = args.to_vec();
            with.push(puzzle);
            let out = deduku(&with, None);
            let report: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
            assert_eq!(report["status"], word, "{args:?}");
        }
    }
    assert_eq!(deduku(&["check", "--count", clash], None).stdout, b"invalid\n");
    let all = deduku(&["check", "--all", clash], None);
    assert_eq!(text(&all.stdout), "# puzzle 1: invalid\n");
    let solved = deduku(&["solve", clash], None);
    assert!(text(&solved.stdout).contains("\nInvalid: two 1s in row 1"), "{}", text(&solved.stdout));
}

/// A file of puzzle lines takes the line path (straight to the search core); standard input
/// takes the general reader. Both answer alike, line for line, on stdout, stderr and in the
/// exit code: over more than one chunk of either, with comments, blank lines, a grid in the
/// middle (where the line path hands over), clashing givens, no solution and several, a
/// malformed line with and without --keep-going, and with one thread or two.
#[test]
fn the_line_path_answers_as_the_general_path() {
    let read = std::fs::read_to_string(format!("{}/puzzles/generated-classic.txt", env!("CARGO_MANIFEST_DIR"))).unwrap();
    let lines: Vec<&str> = read.lines().filter(|l| !l.starts_with('#')).map(|l| l.split_whitespace().next().unwrap()).collect();
    let grid = "53..7....\n6..195...\n.98....6.\n8...6...3\n4..8.3..1\n7...2...6\n.6....28.\n...419..5\n....8..79\n";
    let odd = ["11...............................................................................", "12345678..................9......................................................", "1................................................................................"];
    let mut input = String::from("# a comment, then a blank line\n\n");
    for i in 0..4500 {
        input.push_str(lines[i % lines.len()]);
        input.push('\n');
        if i % 1000 == 7 {
            input.push_str(odd[i / 1000 % 3]);
            input.push('\n');
        }
    }
    let with_grid = format!("{input}{grid}{}\n", odd[0]);
    let malformed = format!("{input}{}\n{}\n", &odd[2][1..], lines[0]);
    let folder = std::env::temp_dir().join(format!("deduku-line-path-{}", std::process::id()));
    std::fs::create_dir_all(&folder).unwrap();
    let mut compared = 0;
    for (name, content) in [("plain", &input), ("grid", &with_grid), ("malformed", &malformed)] {
        let path = folder.join(format!("{name}.txt"));
        std::fs::write(&path, content).unwrap();
        let path = path.to_str().unwrap();
        for command in [&["check"][..], &["check", "--count"], &["check", "--count", "--limit", "1"], &["solve", "--format", "line"], &["check", "--keep-going"]] {
            for jobs in ["1", "2"] {
                let run = |input: &str, stdin: Option<&str>| {
                    let mut args = command.to_vec();
                    args.extend(["--jobs", jobs, input]);
                    deduku(&args, stdin)
                };
                let (file, piped) = (run(path, None), run("-", Some(content)));
                let what = format!("{name}: {command:?} --jobs {jobs}");
                assert_eq!(file.status.code(), piped.status.code(), "{what}");
                assert_eq!(text(&file.stdout), text(&piped.stdout), "{what}");
                assert_eq!(text(&file.stderr).replace(path, "standard input"), text(&piped.stderr), "{what}");
                assert!(!file.stdout.is_empty() || name == "malformed", "{what}");
                compared += 1;
            }
        }
    }
    std::fs::remove_dir_all(&folder).unwrap();
    assert_eq!(compared, 30);
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
