//! `puzzlewright solve` end to end: plain and JSON lines per level, the
//! inputs it prints win when replayed by the engine, a level that cannot be
//! won is reported exhausted, messages are skipped, and a game with errors
//! exits with 2.

use engine::run::Input;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};
use std::sync::Arc;

fn bin() -> &'static str {
    env!("CARGO_BIN_EXE_puzzlewright")
}

fn example() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../examples/sokoban_garden.txt")
}

fn run(args: &[&str]) -> Output {
    Command::new(bin()).args(args).output().expect("run puzzlewright")
}

fn input_of(code: u64) -> Input {
    match code {
        0 => Input::Up,
        1 => Input::Left,
        2 => Input::Down,
        3 => Input::Right,
        4 => Input::Action,
        _ => panic!("unknown input code {code}"),
    }
}

#[test]
fn json_lines_give_inputs_that_win() {
    let game = example();
    let o = run(&["solve", game.to_str().expect("utf8"), "--all", "--json", "--timeout-ms", "5000"]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let text = std::fs::read_to_string(&game).expect("example");
    let compiled: Arc<_> = engine::build(&text).game.expect("compiles");
    let lines: Vec<serde_json::Value> = String::from_utf8_lossy(&o.stdout)
        .lines()
        .map(|l| serde_json::from_str(l).expect("one JSON object per line"))
        .collect();
    // Entries 0 and 4 are messages: three levels, 1 to 3.
    let levels: Vec<u64> = lines.iter().map(|v| v["level"].as_u64().expect("level")).collect();
    assert_eq!(levels, [1, 2, 3]);
    let mut statuses = Vec::new();
    for v in &lines {
        let level = v["level"].as_u64().expect("level") as usize;
        let status = v["status"].as_str().expect("status");
        assert!(v["states"].as_u64().is_some() && v["ms"].as_u64().is_some());
        let inputs: Vec<Input> =
            v["inputs"].as_array().expect("inputs").iter().map(|c| input_of(c.as_u64().expect("code"))).collect();
        if status == "solved" {
            let opts = engine::solve::SolveOptions::default();
            assert!(engine::solve::replay_wins(&compiled, level, &opts, &inputs), "{v}");
        } else {
            assert!(inputs.is_empty());
        }
        statuses.push(status.to_owned());
    }
    assert_eq!(statuses, ["solved", "solved", "solved"]);
}

#[test]
fn a_level_that_cannot_be_won_is_reported_exhausted() {
    // The example's third level as it first was: its second soil could be
    // reached only through hedges (found by this solver).
    let text = std::fs::read_to_string(example()).expect("example");
    let fixed = "#S......#\n#..*.*..#\n#.#P..#S#";
    assert!(text.contains(fixed), "the example's third level changed");
    let walled = text.replace(fixed, "#S.....##\n#..*#*..#\n#.#P..#S#");
    let dir = std::env::temp_dir().join(format!("pw-solve-exhausted-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let file = dir.join("walled.txt");
    std::fs::write(&file, walled).expect("write");
    let o = run(&["solve", file.to_str().expect("utf8"), "--level", "3", "--json", "--timeout-ms", "5000"]);
    let _ = std::fs::remove_dir_all(&dir);
    let line: serde_json::Value = serde_json::from_slice(&o.stdout).expect("one JSON object");
    assert_eq!(line["status"], "exhausted", "{line}");
    assert_eq!(line["inputs"].as_array().map(Vec::len), Some(0));
}

#[test]
fn plain_lines_one_level_and_refusals() {
    let game = example();
    let g = game.to_str().expect("utf8");
    let o = run(&["solve", g, "--level", "1"]);
    assert!(o.status.success());
    let line = String::from_utf8_lossy(&o.stdout);
    assert!(line.starts_with("level 1: solved in 1 inputs: 3 (4 states, "), "{line}");
    assert_eq!(line.lines().count(), 1);
    let o = run(&["solve", g, "--level", "0"]);
    assert!(!o.status.success());
    assert!(String::from_utf8_lossy(&o.stdout).contains("level 0: not a level"));
    let o = run(&["solve", g, "--level", "1", "--all"]);
    assert!(!o.status.success());
    let dir = std::env::temp_dir().join(format!("pw-solve-cli-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let broken = dir.join("broken.txt");
    std::fs::write(&broken, "title broken\n\nOBJECTS\n\nPlayer\nblue\n\nRULES\n\n[ Nothing ] -> [ Player ]\n").expect("write");
    let o = run(&["solve", broken.to_str().expect("utf8"), "--all"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&o.stderr).contains("error"));
    assert!(o.stdout.is_empty());
    let _ = std::fs::remove_dir_all(&dir);
}
