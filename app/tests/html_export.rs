//! The one-file HTML export in a real browser: every game of
//! `../shared/corpus/` is exported and loaded in headless Chromium (Debian's
//! `chromium`), driven by `packaging/web-player/test/drive.js` over the
//! DevTools pipe. Each page must load with no console error and no error on
//! screen, and every case of `../shared/conformance/corpus_walks.json`,
//! replayed through the page's `window.puzzlewright` API, must end in the
//! recorded level.
//!
//! Without Chromium (or node) the test says so and passes, except when
//! `PUZZLEWRIGHT_REQUIRE_BROWSER=1` (set by `.ci/run`), where it fails.
//! `PUZZLEWRIGHT_BROWSER_SAMPLE=N` runs every Nth game only (the walks of
//! the games kept); by default all run.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::Command;

use serde_json::{Value, json};

fn shared() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../shared")
}

fn required() -> bool {
    std::env::var_os("PUZZLEWRIGHT_REQUIRE_BROWSER").is_some_and(|v| v != "0")
}

/// Why the browser test cannot run here, if it cannot.
fn missing_tool() -> Option<String> {
    let chromium = std::env::var("CHROMIUM").unwrap_or_else(|_| "/usr/bin/chromium".to_owned());
    if !Path::new(&chromium).exists() {
        return Some(format!("no browser at {chromium} (apt-get install chromium)"));
    }
    if Command::new("node").arg("--version").output().is_err() {
        return Some("no node on PATH".to_owned());
    }
    if !studio::export::html::available() {
        return Some("this build carries no web player (rustup target add wasm32-unknown-unknown)".to_owned());
    }
    None
}

#[test]
fn every_corpus_game_plays_in_chromium_and_replays_its_walks() {
    if let Some(why) = missing_tool() {
        assert!(!required(), "PUZZLEWRIGHT_REQUIRE_BROWSER is set but {why}");
        eprintln!("skipping the browser test: {why}");
        return;
    }
    let sample: usize =
        std::env::var("PUZZLEWRIGHT_BROWSER_SAMPLE").ok().and_then(|s| s.parse().ok()).unwrap_or(1).max(1);
    let walks: Vec<Value> = serde_json::from_str(
        &std::fs::read_to_string(shared().join("conformance/corpus_walks.json")).expect("corpus_walks.json"),
    )
    .expect("JSON");
    let mut by_source: BTreeMap<String, Vec<&Value>> = BTreeMap::new();
    for walk in &walks {
        by_source.entry(walk["source"].as_str().expect("source").to_owned()).or_default().push(walk);
    }
    let mut games: Vec<PathBuf> = std::fs::read_dir(shared().join("corpus"))
        .expect("../shared/corpus")
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|e| e == "txt"))
        .collect();
    games.sort();
    assert!(games.len() >= 90, "{} corpus games", games.len());
    let dir = std::env::temp_dir().join(format!("pw-html-export-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let mut manifest = Vec::new();
    let mut expected: Vec<Vec<String>> = Vec::new();
    let mut walked = 0;
    for (i, game) in games.iter().enumerate().filter(|(i, _)| i % sample == 0) {
        let source = std::fs::read_to_string(game).expect("read game");
        let page = studio::export::html::page(&source).unwrap_or_else(|e| panic!("{}: {e:#}", game.display()));
        let out = dir.join(format!("{i:03}.html"));
        std::fs::write(&out, page).expect("write page");
        let mine = by_source.remove(&source).unwrap_or_default();
        walked += mine.len();
        let cases: Vec<Value> =
            mine.iter().map(|w| json!({"level": w["level"], "seed": w["seed"], "inputs": w["inputs"]})).collect();
        expected.push(mine.iter().map(|w| w["expected"].as_str().expect("expected").to_owned()).collect());
        manifest.push(
            json!({"page": out, "walks": cases, "name": game.file_name().map(|n| n.to_string_lossy().into_owned())}),
        );
    }
    if sample == 1 {
        assert!(by_source.is_empty(), "{} walks are of no corpus game", by_source.len());
    }
    let manifest_path = dir.join("manifest.json");
    let results_path = dir.join("results.json");
    std::fs::write(&manifest_path, serde_json::to_string(&manifest).expect("json")).expect("write manifest");
    let driver = Path::new(env!("CARGO_MANIFEST_DIR")).join("../packaging/web-player/test/drive.js");
    let started = std::time::Instant::now();
    let status = Command::new("node").arg(&driver).arg(&manifest_path).arg(&results_path).status().expect("run node");
    assert!(status.success(), "the browser driver failed");
    let results: Vec<Value> =
        serde_json::from_str(&std::fs::read_to_string(&results_path).expect("results")).expect("results JSON");
    assert_eq!(results.len(), manifest.len());
    let mut problems = Vec::new();
    let mut passed = 0;
    for ((result, want), entry) in results.iter().zip(&expected).zip(&manifest) {
        let name = entry["name"].as_str().unwrap_or("?");
        for e in result["errors"].as_array().expect("errors") {
            problems.push(format!("{name}: {}", e.as_str().unwrap_or("?")));
        }
        let dumps: Vec<&str> =
            result["dumps"].as_array().expect("dumps").iter().map(|d| d.as_str().unwrap_or("")).collect();
        if dumps.len() != want.len() {
            problems.push(format!("{name}: {} dumps for {} walks", dumps.len(), want.len()));
            continue;
        }
        for (k, (got, want)) in dumps.iter().zip(want).enumerate() {
            if got == want {
                passed += 1;
            } else {
                problems.push(format!("{name}: walk {k} differs\nexpected:\n{want}\nactual:\n{got}"));
            }
        }
    }
    eprintln!(
        "browser: {} pages, {passed}/{walked} walks equal in {:.1} s",
        manifest.len(),
        started.elapsed().as_secs_f64()
    );
    let _ = std::fs::remove_dir_all(&dir);
    assert!(problems.is_empty(), "{} problems:\n{}", problems.len(), problems.join("\n"));
    assert_eq!(passed, walked);
}
