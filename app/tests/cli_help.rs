//! The command line is one clap description (`studio::cli::Cli`): its help
//! is what the README shows, its refusals name the option and the usage,
//! and options that do not apply together are refused.

use std::process::Command;

fn puzzlewright(args: &[&str]) -> std::process::Output {
    Command::new(env!("CARGO_BIN_EXE_puzzlewright")).args(args).output().expect("run puzzlewright")
}

fn stdout(out: &std::process::Output) -> String {
    String::from_utf8_lossy(&out.stdout).into_owned()
}

fn stderr(out: &std::process::Output) -> String {
    String::from_utf8_lossy(&out.stderr).into_owned()
}

const BEGIN: &str =
    "<!-- `puzzlewright help`, generated: UPDATE_README=1 cargo test -p app --test cli_help -->\n```text\n";
const END: &str = "```\n";

/// The README's "Command line" section is the help itself, as the program
/// prints it (refreshed with `UPDATE_README=1`).
#[test]
fn the_readme_shows_the_help_the_program_prints() {
    let out = puzzlewright(&["help"]);
    assert!(out.status.success());
    let help = stdout(&out);
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../README.md");
    let readme = std::fs::read_to_string(path).expect("README");
    let start = readme.find(BEGIN).expect("the README marks where the help goes") + BEGIN.len();
    let end = start + readme[start..].find(END).expect("the help block ends");
    if std::env::var_os("UPDATE_README").is_some() {
        let updated = format!("{}{help}{}", &readme[..start], &readme[end..]);
        std::fs::write(path, updated).expect("write README");
        return;
    }
    assert_eq!(
        readme[start..end],
        help,
        "the README's help is stale: run UPDATE_README=1 cargo test -p app --test cli_help"
    );
    for command in ["check", "conformance", "corpus", "sfx", "bench", "trace", "solve", "test", "export", "help"] {
        assert!(help.contains(&format!("\n  {command} ")), "`{command}` missing from the help:\n{help}");
    }
}

#[test]
fn an_unknown_option_is_refused_with_the_commands_usage() {
    let out = puzzlewright(&["sfx", "5", "--loud"]);
    assert_eq!(out.status.code(), Some(2));
    let err = stderr(&out);
    assert!(err.contains("'--loud'") && err.contains("Usage: puzzlewright sfx"), "{err}");
    let out = puzzlewright(&["frobnicate", "--now"]);
    assert_eq!(out.status.code(), Some(2), "{}", stderr(&out));
}

/// `help export` says what was only said after a mistake before: the
/// scale's range and default, the input words, the numbering of levels.
#[test]
fn a_commands_help_gives_the_details() {
    let out = puzzlewright(&["help", "export"]);
    assert!(out.status.success());
    let help = stdout(&out);
    for must in ["K from 1 to 16", "[default: 4]", "undo, restart, tick", "the Nth map", "--entry <K>", "from 0"] {
        assert!(help.contains(must), "`{must}` missing:\n{help}");
    }
    // One of the three kinds, shown as a choice, not as three options.
    assert!(help.contains("<--html <OUT.html>|--native <OUT>|--gif <OUT.gif>>"), "{help}");
    let out = puzzlewright(&["conformance", "--help"]);
    assert!(stdout(&out).contains("--slowest <N>"));
}

#[test]
fn export_takes_exactly_one_kind_and_only_the_options_that_apply() {
    let game = concat!(env!("CARGO_MANIFEST_DIR"), "/../examples/sokoban_garden.txt");
    let dir = std::env::temp_dir().join(format!("pw-cli-help-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let html = dir.join("g.html");
    let html = html.to_str().expect("utf-8 path");
    let gif = dir.join("g.gif");
    let gif = gif.to_str().expect("utf-8 path");
    let refused = |args: &[&str], needle: &str| {
        let out = puzzlewright(args);
        assert_eq!(out.status.code(), Some(2), "{args:?} was accepted");
        let err = stderr(&out);
        assert!(err.contains(needle), "{args:?}: `{needle}` not in {err}");
    };
    refused(&["export", game], "--html");
    refused(&["export", game, "--html", html, "--gif", gif], "cannot be used with");
    refused(&["export", game, "--html", html, "--scale", "2"], "cannot be used with '--scale");
    refused(&["export", game, "--html", html, "--no-messages"], "cannot be used with");
    refused(&["export", game, "--html", html, "--level", "1"], "for --gif only");
    refused(&["export", game, "--gif", gif, "--scale", "17"], "17 is not in 1..=16");
    refused(&["export", game, "--gif", gif, "--inputs", "3", "--case", "c.json"], "cannot be used with");
    refused(&["export", game, "--gif", gif, "--level", "0"], "0 is not in 1..");
    refused(&["export", game, "--gif", gif, "--level", "99"], "there is no level 99");
    assert!(!std::path::Path::new(html).exists() && !std::path::Path::new(gif).exists(), "nothing written");
    let _ = std::fs::remove_dir_all(&dir);
}
