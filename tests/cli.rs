//! CLI transcripts: every `tests/cmd/*.trycmd` file and the README's console examples are
//! run against the built `deduku`, output and exit code compared. Colour is off (no tty).
//! After an intended change of output, `TRYCMD=overwrite cargo test --test cli` rewrites
//! them; review the diff.

#[test]
fn transcripts() {
    trycmd::TestCases::new().case("tests/cmd/*.trycmd").case("tests/cmd/*.toml").case("README.md");
}

/// `deduku learn <id>` prints exactly the guide file, for every technique.
#[test]
fn learn_prints_each_guide() {
    for t in deduku::REGISTRY.iter() {
        let out = std::process::Command::new(env!("CARGO_BIN_EXE_deduku")).args(["learn", t.id]).output().unwrap();
        assert!(out.status.success(), "learn {} failed", t.id);
        let path = format!("{}/strategies/{}.md", env!("CARGO_MANIFEST_DIR"), t.id);
        let guide = std::fs::read_to_string(&path).unwrap();
        assert_eq!(String::from_utf8(out.stdout).unwrap(), guide, "learn {}", t.id);
    }
}
