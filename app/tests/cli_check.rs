//! `puzzlewright check`: the design checks' warnings are shown by default
//! in the same format as the build's diagnostics, and `--no-analysis`
//! leaves them out.

use std::process::Command;

const GAME: &str = "title t\n\nOBJECTS\nBackground\nblack\nPlayer\nwhite\nWall\ngrey\nCrate\norange\nTarget\nred\nGem\nblue\n\
LEGEND\n. = Background\nP = Player\n# = Wall\n* = Crate\nO = Target\n\
SOUNDS\n\nCOLLISIONLAYERS\nBackground\nTarget\nPlayer, Wall, Crate, Gem\n\
RULES\n[ > Player | Crate ] -> [ > Player | > Crate ]\nWINCONDITIONS\nall Target on Crate\n\
LEVELS\n#######\n#P.*.O#\n#######\n";

fn check(args: &[&str]) -> (String, i32) {
    let dir = std::env::temp_dir().join(format!("puzzlewright-cli-check-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let file = dir.join("game.txt");
    std::fs::write(&file, GAME).expect("write game");
    let path = file.to_str().expect("utf-8 path");
    let mut all = vec!["check", path];
    all.extend_from_slice(args);
    let out = Command::new(env!("CARGO_BIN_EXE_puzzlewright")).args(&all).output().expect("run puzzlewright");
    (String::from_utf8_lossy(&out.stdout).replace(path, "GAME"), out.status.code().unwrap_or(-1))
}

#[test]
fn check_shows_design_warnings_unless_no_analysis() {
    let (shown, code) = check(&[]);
    assert_eq!(code, 0, "warnings do not fail the check: {shown}");
    // Gem (line 14) is defined and layered but nothing uses it.
    assert!(
        shown
            .lines()
            .any(|l| l.starts_with("GAME:14:1: warning: the object GEM is never used") && l.ends_with("[A0101]")),
        "{shown}"
    );
    let (quiet, code) = check(&["--no-analysis"]);
    assert_eq!(code, 0);
    assert!(!quiet.contains("[A0"), "{quiet}");
    // Everything else is the same.
    let without: Vec<&str> = shown.lines().filter(|l| !l.contains("[A0")).collect();
    assert_eq!(without, quiet.lines().collect::<Vec<_>>());
}

#[test]
fn a_reader_that_stops_early_ends_the_command_quietly() {
    use std::process::Stdio;
    let corpus = test_support::corpus_file("dropswap.txt");
    let mut child = Command::new(env!("CARGO_BIN_EXE_puzzlewright"))
        .arg("check")
        .arg(&corpus)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("run puzzlewright");
    // The reader goes before the command has written anything (building the
    // game takes far longer than this), so its first line meets a closed pipe.
    drop(child.stdout.take());
    let out = child.wait_with_output().expect("the command ends");
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(!stderr.contains("panicked"), "{stderr}");
}

/// `puzzlewright help | true` and the like: the help's first write meets a
/// pipe nobody reads (its read end is closed before the program starts),
/// and the program ends without a panic report.
#[test]
fn the_help_into_a_closed_pipe_ends_quietly() {
    for args in [&["help"][..], &["help", "export"], &["solve", "--help"]] {
        let (reader, writer) = std::io::pipe().expect("a pipe");
        drop(reader);
        let out = Command::new(env!("CARGO_BIN_EXE_puzzlewright"))
            .args(args)
            .stdout(writer)
            .stderr(std::process::Stdio::piped())
            .output()
            .expect("run puzzlewright");
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert!(!stderr.contains("panicked"), "{args:?}: {stderr}");
        assert_ne!(out.status.code(), Some(101), "{args:?} ended in a panic");
    }
}
