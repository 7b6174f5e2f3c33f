//! `puzzlewright export` end to end: each kind of export is written, is
//! what it says it is, and reports its size and path; the game file is
//! never written over; mistakes get a clear message and no file.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

fn bin() -> &'static str {
    env!("CARGO_BIN_EXE_puzzlewright")
}

fn example() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../examples/sokoban_garden.txt")
}

fn run(args: &[&str]) -> Output {
    Command::new(bin()).args(args).output().expect("run puzzlewright")
}

fn temp(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("pw-export-cli-{}-{name}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    dir
}

#[test]
fn a_gif_is_written_with_its_size_and_path() {
    let dir = temp("gif");
    let out = dir.join("garden.gif");
    let game = example();
    let (g, o_path) = (game.to_str().expect("utf8"), out.to_str().expect("utf8"));
    let o = run(&["export", g, "--gif", o_path, "--level", "2", "--inputs", "3,undo,3", "--scale", "2"]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let said = String::from_utf8_lossy(&o.stdout);
    assert!(said.contains("wrote") && said.contains("garden.gif"), "{said}");
    let bytes = std::fs::read(&out).expect("the GIF");
    assert!(bytes.starts_with(b"GIF89a"));
    let mut decoder = gif::DecodeOptions::new().read_info(bytes.as_slice()).expect("decodes");
    let mut frames = 0;
    while decoder.read_next_frame().expect("frame").is_some() {
        frames += 1;
    }
    assert_eq!(frames, 4, "the level, and one frame per input");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn html_and_native_exports_and_their_refusals() {
    let dir = temp("kinds");
    let game = example();
    let g = game.to_str().expect("utf8");
    if studio::export::html::available() {
        let page = dir.join("garden.html");
        let o = run(&["export", g, "--html", page.to_str().expect("utf8")]);
        assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
        let text = std::fs::read_to_string(&page).expect("page");
        assert!(text.contains("<title>Pots in the Garden</title>") && text.contains("window.puzzlewright"));
        assert!(text.len() < 1_000_000, "under 1 MB: {}", text.len());
    }
    let exe = dir.join("garden");
    let o = run(&["export", g, "--native", exe.to_str().expect("utf8")]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    // Alone in an empty folder, it answers --help with the game's name.
    let alone = temp("alone");
    let copy = alone.join("game");
    std::fs::copy(&exe, &copy).expect("copy");
    let home = temp("home");
    let o = Command::new(&copy).arg("--help").env_clear().env("HOME", &home).current_dir(&alone).output().expect("run");
    assert!(o.status.success());
    let help = String::from_utf8_lossy(&o.stdout);
    assert!(help.contains("Pots in the Garden") && help.contains("Puzzlewright team"), "{help}");
    // Never over the game itself, and nothing is left behind.
    let before = std::fs::read(&game).expect("game");
    let o = run(&["export", g, "--gif", g]);
    assert!(!o.status.success());
    assert!(String::from_utf8_lossy(&o.stderr).contains("game file"));
    assert_eq!(std::fs::read(&game).expect("game"), before);
    // Clear messages for mistakes.
    for (args, says) in [
        (vec!["export", g], "<--html <OUT.html>|--native <OUT>|--gif <OUT.gif>>"),
        (vec!["export", g, "--gif", "x.gif", "--inputs", "3,jump"], "`jump`"),
        (vec!["export", g, "--gif", "x.gif", "--level", "99"], "no level 99"),
        (vec!["export", g, "--html", "x.html", "--level", "2"], "for --gif"),
    ] {
        let o = run(&args);
        assert!(!o.status.success(), "{args:?}");
        let err = String::from_utf8_lossy(&o.stderr);
        assert!(err.contains(says), "{args:?}: {err}");
    }
    assert!(!Path::new("x.gif").exists());
    for d in [dir, alone, home] {
        let _ = std::fs::remove_dir_all(d);
    }
}
