//! `puzzlewright help` is printed from the table the argument parser uses:
//! every command and option the README documents is in it, and an option
//! that is not in it is refused.

use std::process::Command;

fn puzzlewright(args: &[&str]) -> std::process::Output {
    Command::new(env!("CARGO_BIN_EXE_puzzlewright")).args(args).output().expect("run puzzlewright")
}

#[test]
fn help_names_every_command_and_option_the_readme_documents() {
    let out = puzzlewright(&["help"]);
    assert!(out.status.success());
    let help = String::from_utf8_lossy(&out.stdout).into_owned();
    let readme = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../README.md")).expect("README");
    let mut documented = 0;
    for line in readme.lines().filter(|l| l.starts_with("| `puzzlewright ")) {
        let usage = line.split('`').nth(1).unwrap_or_default();
        let mut words = usage.split_whitespace().skip(1);
        if let Some(command) = words.next().filter(|w| !w.starts_with('[')) {
            assert!(help.contains(&format!("puzzlewright {command} ")), "`{command}` missing from help:\n{help}");
        }
        for option in usage.split(|c: char| c.is_whitespace() || "[]|".contains(c)).filter(|w| w.starts_with("--")) {
            documented += 1;
            assert!(help.contains(option), "`{option}` (README: {usage}) missing from help:\n{help}");
        }
    }
    assert!(documented >= 6, "the README's command table was read ({documented} options)");
    for must in ["sfx SEED", "--play", "--slowest N", "--samples", "check FILE", "corpus DIR"] {
        assert!(help.contains(must), "{must}:\n{help}");
    }
}

#[test]
fn an_option_missing_from_the_table_is_refused_with_the_commands_usage() {
    let out = puzzlewright(&["sfx", "5", "--loud"]);
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("unknown option `--loud` for sfx") && err.contains("usage: puzzlewright sfx SEED"), "{err}");
    let out = puzzlewright(&["help", "conformance"]);
    assert!(out.status.success());
    assert!(String::from_utf8_lossy(&out.stdout).contains("--slowest N"));
}
