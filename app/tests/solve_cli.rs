//! `puzzlewright solve` end to end: plain and JSON lines per level, the
//! inputs it prints win when replayed by the engine, a level that cannot be
//! won is reported exhausted, messages are skipped, and a game with errors
//! exits with 2.

use engine::run::Step;
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

/// One input of a JSON line: a key's code or a click's text.
fn step_of(value: &serde_json::Value) -> Step {
    match value {
        serde_json::Value::Number(n) => Step::from_code(n.as_u64().expect("a code")).expect("a key's code"),
        serde_json::Value::String(s) => s.parse().expect("a click"),
        other => panic!("not an input: {other}"),
    }
}

/// The inputs of a JSON line.
fn steps_of(line: &serde_json::Value) -> Vec<Step> {
    line["inputs"].as_array().expect("inputs").iter().map(step_of).collect()
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
        let level = v["entry"].as_u64().expect("entry") as usize;
        let status = v["status"].as_str().expect("status");
        assert!(v["states"].as_u64().is_some() && v["ms"].as_u64().is_some());
        let inputs = steps_of(v);
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

/// A mouse game of our own (PuzzleScript Plus's `mouse_left`, no player:
/// `nokeyboard`): a left press drops a Click that switches the lamp under
/// it; a level is won when no lamp is off, so only clicks win it.
const LAMPS: &str = "title lamps\nnokeyboard\nmouse_left Click\n\n\
    OBJECTS\nBackground\nblack\nOff\ndarkgrey\nOn\nyellow\nClick\nred\n\n\
    LEGEND\n. = Background\nO = Off\nI = On\n\nSOUNDS\n\n\
    COLLISIONLAYERS\nBackground\nOff, On\nClick\n\n\
    RULES\n[ Click Off ] -> [ On ]\n[ Click On ] -> [ Off ]\n[ Click ] -> [ ]\n\n\
    WINCONDITIONS\nno Off\n\nLEVELS\nO.I\n.O.\n\nOIO\nIOI\n";

#[test]
fn a_mouse_game_is_solved_by_clicks_that_replay_and_export() {
    let dir = std::env::temp_dir().join(format!("pw-solve-mouse-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let file = dir.join("lamps.txt");
    std::fs::write(&file, LAMPS).expect("write");
    let f = file.to_str().expect("utf8");
    let compiled: Arc<_> = engine::build(LAMPS).game.expect("compiles");

    // The plain line lists the clicks as `export --gif --inputs` reads them.
    let o = run(&["solve", f, "--level", "1"]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let line = String::from_utf8_lossy(&o.stdout).into_owned();
    assert!(line.starts_with("Level 1: solved in 2 inputs: press 0 0,press 1 1 ("), "{line}");

    // JSON: each click is its text; they win when replayed.
    let o = run(&["solve", f, "--all", "--json", "--timeout-ms", "5000"]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let lines: Vec<serde_json::Value> =
        String::from_utf8_lossy(&o.stdout).lines().map(|l| serde_json::from_str(l).expect("JSON line")).collect();
    assert_eq!(lines.len(), 2);
    assert_eq!(lines[0]["inputs"], serde_json::json!(["press 0 0", "press 1 1"]));
    for v in &lines {
        assert_eq!(v["status"], "solved", "{v}");
        let inputs = steps_of(v);
        assert!(inputs.iter().all(|s| matches!(s, Step::Click(_))), "{v}");
        let level = v["entry"].as_u64().expect("entry") as usize;
        assert!(engine::solve::replay_wins(&compiled, level, &engine::solve::SolveOptions::default(), &inputs), "{v}");
    }
    assert_eq!(steps_of(&lines[1]).len(), 3, "level 2 has three lamps off: {}", lines[1]);

    // The plain list, given to the GIF export, plays the level to its win.
    let list = line.split(": ").nth(2).and_then(|rest| rest.split(" (").next()).expect("the list");
    let gif = dir.join("lamps.gif");
    let o = run(&["export", f, "--gif", gif.to_str().expect("utf8"), "--level", "1", "--inputs", list]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    assert!(std::fs::read(&gif).is_ok_and(|b| b.starts_with(b"GIF89a")));
    let _ = std::fs::remove_dir_all(&dir);
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
    assert!(line.starts_with("Level 1: solved in 7 inputs: "), "{line}");
    assert_eq!(line.lines().count(), 1);
    // Levels are counted from 1; the raw entry 0 is the opening message.
    let o = run(&["solve", g, "--level", "0"]);
    assert_eq!(o.status.code(), Some(2));
    let o = run(&["solve", g, "--entry", "0"]);
    assert!(!o.status.success());
    assert!(String::from_utf8_lossy(&o.stdout).contains("entry 0 (Message before level 1): not a level"));
    let o = run(&["solve", g, "--level", "9"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&o.stderr).contains("there is no level 9: the game has 3 level(s)"));
    let o = run(&["solve", g, "--level", "1", "--all"]);
    assert!(!o.status.success());
    let dir = std::env::temp_dir().join(format!("pw-solve-cli-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let broken = dir.join("broken.txt");
    std::fs::write(&broken, "title broken\n\nOBJECTS\n\nPlayer\nblue\n\nRULES\n\n[ Nothing ] -> [ Player ]\n")
        .expect("write");
    let o = run(&["solve", broken.to_str().expect("utf8"), "--all"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&o.stderr).contains("error"));
    assert!(o.stdout.is_empty());
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn several_threads_answer_like_one() {
    let game = example();
    let g = game.to_str().expect("utf8");
    let text = std::fs::read_to_string(&game).expect("example");
    let compiled: Arc<_> = engine::build(&text).game.expect("compiles");
    let o = run(&["solve", g, "--all", "--json", "--threads", "3", "--timeout-ms", "5000"]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let lines: Vec<serde_json::Value> =
        String::from_utf8_lossy(&o.stdout).lines().map(|l| serde_json::from_str(l).expect("JSON line")).collect();
    assert_eq!(lines.iter().map(|v| v["level"].as_u64().expect("level")).collect::<Vec<_>>(), [1, 2, 3]);
    for v in &lines {
        assert_eq!(v["status"], "solved", "{v}");
        let inputs = steps_of(v);
        let level = v["entry"].as_u64().expect("entry") as usize;
        assert!(engine::solve::replay_wins(&compiled, level, &engine::solve::SolveOptions::default(), &inputs), "{v}");
    }
    let o = run(&["solve", g, "--all", "--threads", "0"]);
    assert!(!o.status.success());
    assert!(String::from_utf8_lossy(&o.stderr).contains("--threads"), "{}", String::from_utf8_lossy(&o.stderr));
}

/// The issue's own run: `puzzlewright solve FILE --all --json
/// --timeout-ms 500` over every corpus game (two processes at a time).
/// Every solution it reports wins when the engine replays it, both through
/// the solver's replay and by hand with a fresh session, and every level
/// it reports exhausted is exhausted again for an exhaustive breadth-first
/// search with a larger budget (never solved). Counts are printed, not
/// asserted: they depend on the machine's speed.
#[test]
fn the_whole_corpus_at_500_ms_every_solution_wins() {
    let files: Vec<PathBuf> = test_support::corpus_games();
    assert!(files.len() > 50, "the corpus has only {} games", files.len());
    let next = std::sync::atomic::AtomicUsize::new(0);
    let outputs: std::sync::Mutex<Vec<(PathBuf, Output)>> = std::sync::Mutex::new(Vec::new());
    std::thread::scope(|s| {
        for _ in 0..2 {
            s.spawn(|| {
                loop {
                    let k = next.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
                    let Some(file) = files.get(k) else { break };
                    let o = run(&["solve", file.to_str().expect("utf8"), "--all", "--json", "--timeout-ms", "500"]);
                    outputs.lock().expect("not poisoned").push((file.clone(), o));
                }
            });
        }
    });
    let outputs = outputs.into_inner().expect("not poisoned");
    assert_eq!(outputs.len(), files.len());
    let (mut levels, mut solved, mut exhausted, mut timeouts, mut unplayable) = (0, 0, 0, 0, 0);
    let bfs = engine::solve::SolveOptions {
        strategy: engine::solve::Strategy::Bfs,
        timeout: None,
        max_states: 200_000,
        ..engine::solve::SolveOptions::default()
    };
    for (file, o) in &outputs {
        let name = file.file_name().expect("name").to_string_lossy();
        assert!(o.status.success(), "{name}: {}", String::from_utf8_lossy(&o.stderr));
        let text = std::fs::read_to_string(file).expect("readable game");
        let game: Arc<_> = engine::build(&text).game.expect("every corpus game compiles");
        for line in String::from_utf8_lossy(&o.stdout).lines() {
            let v: serde_json::Value = serde_json::from_str(line).expect("one JSON object per line");
            let level = v["entry"].as_u64().expect("entry") as usize;
            assert_eq!(
                v["level"].as_u64(),
                engine::play::entry_number(&game, level).and_then(|n| n.level()).map(|n| n as u64),
                "\"level\" is the studio's number of the entry"
            );
            let inputs = steps_of(&v);
            levels += 1;
            match v["status"].as_str().expect("status") {
                "solved" => {
                    solved += 1;
                    let opts = engine::solve::SolveOptions::default();
                    assert!(engine::solve::replay_wins(&game, level, &opts, &inputs), "{name} level {level}: {v}");
                    // As a player would: the level's own `again` turns at
                    // load play out before the first input.
                    let mut session = engine::run::Session::new(Arc::clone(&game), level, None);
                    while session.again_pending() {
                        session.run_again();
                    }
                    for &i in &inputs {
                        i.apply(&mut session);
                        while session.again_pending() {
                            session.run_again();
                        }
                    }
                    assert!(
                        session.level_index() != level || session.text_mode(),
                        "{name} level {level} not won by hand"
                    );
                }
                "exhausted" => {
                    exhausted += 1;
                    assert!(inputs.is_empty());
                    let again = engine::solve::solve(&game, level, &bfs, &engine::solve::Cancel::new());
                    assert!(
                        !matches!(again.status, engine::solve::Status::Solved { .. }),
                        "{name} level {level} was reported exhausted but breadth-first search solves it"
                    );
                }
                "timeout" => timeouts += 1,
                // Maps that move on or never settle as they load (cratopia's
                // end screens): neither solved nor proven impossible.
                "unplayable" => unplayable += 1,
                other => panic!("{name} level {level}: unknown status {other}"),
            }
        }
    }
    assert!(solved > 0 && exhausted > 0, "{solved} solved, {exhausted} exhausted");
    eprintln!(
        "{levels} levels: {solved} solved, {exhausted} exhausted, {timeouts} timed out (500 ms each), {unplayable} unplayable"
    );
}

#[test]
fn a_game_with_no_way_to_win_says_why_its_levels_are_exhausted() {
    let dir = std::env::temp_dir().join(format!("pw-solve-nowin-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let file = dir.join("nowin.txt");
    let text = "title nowin\n\nOBJECTS\nBackground\nblack\nPlayer\nwhite\n\nLEGEND\n. = Background\nP = Player\n\n\
                SOUNDS\n\nCOLLISIONLAYERS\nBackground\nPlayer\n\nRULES\n\nWINCONDITIONS\n\nLEVELS\nP..\n";
    std::fs::write(&file, text).expect("write");
    let o = run(&["solve", file.to_str().expect("utf8"), "--all"]);
    let _ = std::fs::remove_dir_all(&dir);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let line = String::from_utf8_lossy(&o.stdout);
    assert!(
        line.starts_with(
            "Level 1: exhausted, no input sequence wins: the game has no win conditions and no `win` command ("
        ),
        "{line}"
    );
}
