//! CLI transcripts: every `tests/cmd/*.trycmd` file and the README's console examples are
//! run against the built `deduku`, output and exit code compared. Colour is off (no tty).
//! After an intended change of output, `TRYCMD=overwrite cargo test --test cli` rewrites
//! them; review the diff.

#[test]
fn transcripts() {
    trycmd::TestCases::new().case("tests/cmd/*.trycmd").case("tests/cmd/*.toml").case("README.md");
}
