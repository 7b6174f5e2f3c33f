//! `puzzlewright test`, the command an author's CI runs: it keeps the
//! solver's solutions with `--update`, exits 0 while they win, and exits 1
//! naming the level and the move once a rule change breaks one.

use std::path::PathBuf;
use std::process::{Command, Output};

const PUSH: &str = "[ > Player | Crate ] -> [ > Player | > Crate ]";
const STUCK: &str = "[ > Player | Crate ] -> [ Player | Crate ]";

fn game(rule: &str) -> String {
    format!(
        "title Kept on the command line\n\nOBJECTS\nBackground\nblack\nPlayer\nwhite\nCrate\norange\nWall\ngrey\nTarget\nred\n\n\
         LEGEND\n. = Background\nP = Player\nC = Crate\nW = Wall\nT = Target\n\nSOUNDS\n\n\
         COLLISIONLAYERS\nBackground\nTarget\nPlayer, Crate, Wall\n\nRULES\n{rule}\n\n\
         WINCONDITIONS\nall Crate on Target\n\nLEVELS\nWWWWWWW\nW.....W\nW.C..TW\nWP....W\nWWWWWWW\n\n\
         WWWWW\nWPCTW\nWWWWW\n"
    )
}

fn test(args: &[&str]) -> (Output, String) {
    let out =
        Command::new(env!("CARGO_BIN_EXE_puzzlewright")).arg("test").args(args).output().expect("run puzzlewright");
    let text = format!("{}{}", String::from_utf8_lossy(&out.stdout), String::from_utf8_lossy(&out.stderr));
    (out, text)
}

#[test]
fn kept_solutions_pass_then_a_rule_change_fails_naming_the_level() {
    let dir = std::env::temp_dir().join(format!("pw-test-cli-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("temp dir");
    let file: PathBuf = dir.join("kept.txt");
    std::fs::write(&file, game(PUSH)).expect("write the game");
    let path = file.to_str().expect("utf-8 path");

    // No solutions yet: nothing fails, and --update keeps the solver's.
    let (out, text) = test(&[path, "--update", "--solver-ms", "2000"]);
    assert_eq!(out.status.code(), Some(0), "{text}");
    assert!(dir.join("kept.solutions.json").is_file(), "the sidecar is written: {text}");
    let (out, text) = test(&[path, "--solver-ms", "0"]);
    assert_eq!(out.status.code(), Some(0), "{text}");
    assert!(text.contains("Level 1: wins in") && text.contains("Level 2: wins in 1 move"), "{text}");

    // The push rule no longer pushes: both levels break at their first push.
    let old = dir.join("old.txt");
    std::fs::write(&old, game(PUSH)).expect("keep the old game");
    std::fs::write(&file, game(STUCK)).expect("change the rule");
    let (out, text) = test(&[path, "--solver-ms", "0", "--before", old.to_str().expect("utf-8")]);
    assert_eq!(out.status.code(), Some(1), "{text}");
    assert!(text.contains("Level 1: BROKEN") && text.contains("at move 2"), "{text}");
    assert!(text.contains("Level 2: BROKEN") && text.contains("at move 1"), "{text}");
    assert!(text.contains(STUCK), "the rule that behaves differently is named: {text}");

    // JSON: one object per level, with the studio's numbering.
    let (out, text) = test(&[path, "--solver-ms", "0", "--json"]);
    assert_eq!(out.status.code(), Some(1), "{text}");
    let first: serde_json::Value = serde_json::from_str(text.lines().next().expect("a line")).expect("JSON");
    assert_eq!(first["level"], 1, "{text}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_game_that_does_not_compile_exits_2_and_options_are_checked() {
    let dir = std::env::temp_dir().join(format!("pw-test-cli-bad-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let file = dir.join("bad.txt");
    std::fs::write(&file, "title Bad\n\nOBJECTS\nPlayer\nwhite\n\nLEVELS\nQQ\n").expect("write");
    let (out, text) = test(&[file.to_str().expect("utf-8")]);
    assert_eq!(out.status.code(), Some(2), "{text}");
    let (out, text) = test(&[file.to_str().expect("utf-8"), "--loud"]);
    assert_eq!(out.status.code(), Some(2), "{text}");
    assert!(text.contains("unexpected argument '--loud'") && text.contains("Usage: puzzlewright test"), "{text}");
    let _ = std::fs::remove_dir_all(&dir);
}

/// A kept solution that wanders (level 2 of the game is one push; the
/// author's kept run walks away and back first) still wins, and the solver
/// reports the shorter way as a shortcut: a warning, exit 0.
#[test]
fn a_shorter_way_than_the_kept_one_is_reported_as_a_shortcut() {
    use engine::run::Step;
    use studio::solutions::{By, Solutions, sidecar_path};
    let dir = std::env::temp_dir().join(format!("pw-test-cli-shortcut-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("temp dir");
    let file = dir.join("kept.txt");
    let text = game(PUSH);
    std::fs::write(&file, &text).expect("write the game");
    let build = engine::build(&text);
    let entry = build.game.as_ref().expect("builds").levels.len() - 1;
    let mut kept = Solutions::default();
    // Level 2 is `WPCTW`: left is a wall, so left, left, right wastes two moves.
    let moves: Vec<Step> = engine::kept::parse_moves("llr").expect("move letters");
    assert!(kept.keep(&build, entry, &moves, By::Player, None), "the wandering run wins");
    kept.save(&sidecar_path(&file)).expect("save the sidecar");
    let (out, text) = test(&[file.to_str().expect("utf-8"), "--solver-ms", "2000"]);
    assert_eq!(out.status.code(), Some(0), "{text}");
    assert!(
        text.contains("Level 2: wins in 3 moves") && text.contains("shortcut: the solver wins in 1 move"),
        "{text}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

/// A kept solution whose first move is cancelled by a rule says which
/// move and which rule, in text and in JSON.
#[test]
fn a_cancelled_move_names_the_rule_that_cancelled_it() {
    use studio::solutions::{By, Solutions, sidecar_path};
    const BUMP: &str = "[ > Player | Wall ] -> cancel";
    let dir = std::env::temp_dir().join(format!("pw-test-cli-cancel-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("temp dir");
    let file = dir.join("kept.txt");
    let text = game(&format!("{PUSH}\n{BUMP}"));
    std::fs::write(&file, &text).expect("write the game");
    let line = text.lines().position(|l| l == BUMP).expect("the rule") + 1;
    let build = engine::build(&text);
    let entry = build.game.as_ref().expect("builds").levels.len() - 1;
    let mut kept = Solutions::default();
    let moves = engine::kept::parse_moves("lr").expect("move letters");
    assert!(kept.keep(&build, entry, &moves, By::Player, None), "bump, then push home");
    kept.save(&sidecar_path(&file)).expect("save the sidecar");
    let (out, text) = test(&[file.to_str().expect("utf-8"), "--solver-ms", "0"]);
    assert_eq!(out.status.code(), Some(0), "{text}");
    assert!(text.contains(&format!("move 1: cancelled by the rule on line {line}")), "{text}");
    let (_, text) = test(&[file.to_str().expect("utf-8"), "--solver-ms", "0", "--json"]);
    let level2: serde_json::Value = serde_json::from_str(text.lines().nth(1).expect("level 2")).expect("JSON");
    assert_eq!(level2["interruptions"][0]["kind"], "cancel", "{text}");
    assert_eq!(level2["interruptions"][0]["line"], line, "{text}");
    let _ = std::fs::remove_dir_all(&dir);
}
