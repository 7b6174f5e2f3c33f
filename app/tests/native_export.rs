//! The native export as a player gets it: small, and still the game (or
//! saying clearly that the game is gone) after `strip`, never the studio.
//! Run with the real binutils `strip` and `objcopy` on the exported file;
//! `--help` answers without a window.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

/// The most an exported game of the dev build may weigh: issue 32's 25 MB
/// (the release build's export is near 20 MB), with 0.6 MB for the dev
/// build's larger code (PuzzleScript Next's tags, 0.21 MB of it at the
/// engine's opt-level 3, took the dev export from 24.82 to 25.04 MB; the
/// `afx:` animations and 9b8b2fa's Plus/Next reading, 25.127 to 25.207 MB;
/// the W x H cells, the solver's clicks and the editor's Plus/Next words,
/// to 25.424 MB at the merge of 2026-11-29; canvas text, `load_images`
/// pictures, sprites to 128 pixels and `goto` completion, to 25.667 MB at
/// the end of 2026-11-29, when the allowance went from 0.6 to 0.8 MB). The
/// allowance keeps growing with the studio: a player-only binary for
/// exports is the way to stop it.
const MOST_BYTES: u64 = 25_800_000;

fn bin() -> &'static str {
    env!("CARGO_BIN_EXE_puzzlewright")
}

fn temp(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("pw-native-export-{}-{name}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    dir
}

/// `examples/sokoban_garden.txt` exported into `dir`.
fn export_garden(dir: &Path) -> PathBuf {
    let game = Path::new(env!("CARGO_MANIFEST_DIR")).join("../examples/sokoban_garden.txt");
    let exe = dir.join("garden");
    let o = Command::new(bin())
        .args(["export", game.to_str().expect("utf8"), "--native", exe.to_str().expect("utf8")])
        .output()
        .expect("run puzzlewright");
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    exe
}

/// `program --help`, alone in an empty folder with an empty home.
fn help_of(program: &Path, dir: &Path) -> Output {
    Command::new(program).arg("--help").env_clear().env("HOME", dir).current_dir(dir).output().expect("run")
}

/// Run a binutils tool; these tests are about what it does to an export.
fn binutils(tool: &str, args: &[&str]) {
    let o = Command::new(tool)
        .args(args)
        .output()
        .unwrap_or_else(|e| panic!("`{tool}` (binutils) is needed for this test: {e}"));
    assert!(o.status.success(), "{tool} {args:?}: {}", String::from_utf8_lossy(&o.stderr));
}

#[test]
fn an_export_from_the_test_build_is_at_most_25_mb() {
    let dir = temp("size");
    let exe = export_garden(&dir);
    let size = std::fs::metadata(&exe).expect("exported").len();
    let studio = std::fs::metadata(bin()).expect("studio").len();
    assert!(size <= MOST_BYTES, "the export is {size} bytes, the studio {studio}");
    let _ = std::fs::remove_dir_all(&dir);
}

/// `strip` (all symbols, or only the unneeded ones as the .deb does) keeps
/// the game: the stripped file still answers with the game's name.
#[cfg(target_os = "linux")]
#[test]
fn a_stripped_export_is_still_the_game() {
    let dir = temp("strip");
    let exe = export_garden(&dir);
    for (name, flags) in [
        ("stripped", vec![]),
        ("unneeded", vec!["--strip-unneeded", "--remove-section=.comment", "--remove-section=.note"]),
    ] {
        let copy = dir.join(name);
        std::fs::copy(&exe, &copy).expect("copy");
        let mut args = flags.clone();
        args.push(copy.to_str().expect("utf8"));
        binutils("strip", &args);
        let o = help_of(&copy, &dir);
        let help = String::from_utf8_lossy(&o.stdout);
        assert!(o.status.success(), "{name}: {}", String::from_utf8_lossy(&o.stderr));
        assert!(help.starts_with("Pots in the Garden by Puzzlewright team: a PuzzleScript game"), "{name}: {help}");
    }
    let _ = std::fs::remove_dir_all(&dir);
}

/// With the game's section taken out, the program says it is an exported
/// game whose game is gone and fails; it never opens (or helps) the
/// studio.
#[cfg(target_os = "linux")]
#[test]
fn an_export_without_its_game_says_so_and_fails() {
    let dir = temp("gone");
    let exe = export_garden(&dir);
    let copy = dir.join("gone");
    binutils(
        "objcopy",
        &[
            &format!("--remove-section={}", studio::export::native::GAME_SECTION),
            exe.to_str().expect("utf8"),
            copy.to_str().expect("utf8"),
        ],
    );
    let o = help_of(&copy, &dir);
    let (out, err) = (String::from_utf8_lossy(&o.stdout), String::from_utf8_lossy(&o.stderr));
    assert_eq!(o.status.code(), Some(2), "{out}{err}");
    assert!(err.contains("exported by Puzzlewright") && err.contains("no longer inside"), "{err}");
    assert!(out.is_empty(), "nothing of the studio: {out}");
    let _ = std::fs::remove_dir_all(&dir);
}
