//! The one-file HTML export in a real browser: every game of
//! `../shared/corpus/` is exported and loaded in headless Chromium (Debian's
//! `chromium`), driven by `packaging/web-player/test/drive.js`
//! (puppeteer-core). Each page must load with no console error and no error
//! on screen; every case of `../shared/conformance/corpus_walks.json`,
//! replayed through the page's `window.puzzlewright` API, must end in the
//! recorded level; and what the canvas shows must be `engine::render`'s
//! picture of the same state, pixel for pixel: on the title screen, after
//! real key presses (Enter: the first message), on message entries and at
//! the end of each walk.
//!
//! Without Chromium, node or the driver's packages (`npm ci` in
//! packaging/web-player/test) the test says so and passes, except when
//! `PUZZLEWRIGHT_REQUIRE_BROWSER=1` (set by `.ci/run`), where it fails.
//! `PUZZLEWRIGHT_BROWSER_SAMPLE=N` runs every Nth game only (the walks of
//! the games kept); by default all run. `PUZZLEWRIGHT_BROWSER_SHOTS=DIR`
//! keeps a screenshot of each capture there.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::Command;

use std::sync::Arc;
use std::time::Duration;

use base64::Engine as _;
use engine::compile::{Game, Level};
use engine::play::{Control, Play, Progress};
use engine::render::screen::{Prompt, screen_frame};
use engine::render::{Camera, Frame, Look};
use engine::run::Step;
use serde_json::{Value, json};
use studio::cases::Code;

/// A game whose cells are not square (`sprite_size WxH`).
#[path = "html_export/cells.rs"]
mod cells;
/// Seeds with a volume (PuzzleScript Plus/Next's `142315:5`).
#[path = "html_export/sounds.rs"]
mod sounds;

fn shared() -> PathBuf {
    test_support::dir()
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
    if !driver_dir().join("node_modules/puppeteer-core").is_dir() {
        return Some(format!("no puppeteer-core (run `npm ci` in {})", driver_dir().display()));
    }
    if !studio::export::html::available() {
        return Some("this build carries no web player (rustup target add wasm32-unknown-unknown)".to_owned());
    }
    None
}

fn driver_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../packaging/web-player/test")
}

/// A step of a walk as the conformance files write it.
fn step_of(input: &Value) -> Step {
    serde_json::from_value::<Code>(input.clone()).unwrap_or_else(|e| panic!("unknown input {input}: {e}")).0
}

fn seed_of(seed: &Value) -> Option<String> {
    match seed {
        Value::Null => None,
        Value::String(s) => Some(s.clone()),
        other => Some(other.to_string()),
    }
}

/// `engine::render`'s picture of what `play` shows (keys, not touch).
fn picture(game: &Game, play: &Play, camera: &mut Camera) -> Frame {
    screen_frame(&Look::new(game), game, &play.screen(), camera, Prompt::Keys)
}

/// The pictures the page must show for `game`, by capture name; `None`
/// where the state depends on the browser's clock (a level after a key).
fn expected_pictures(game: &Arc<Game>, entries: &[usize], walks: &[&Value]) -> BTreeMap<String, Option<Frame>> {
    let mut out = BTreeMap::new();
    let zero = Duration::ZERO;
    let play = Play::new(game.clone(), Progress::default(), zero);
    out.insert("title".to_owned(), Some(picture(game, &play, &mut Camera::default())));
    let mut play = play;
    play.press(Control::Action, Duration::from_millis(10));
    play.release(Control::Action, Duration::from_millis(20));
    let timeless = matches!(play.screen(), engine::play::Screen::Message(..) | engine::play::Screen::GameOver);
    out.insert("keys".to_owned(), timeless.then(|| picture(game, &play, &mut Camera::default())));
    for &k in entries {
        let mut play = Play::replay(game.clone(), k, None, zero);
        play.settle(zero);
        out.insert(format!("entry {k}"), Some(picture(game, &play, &mut Camera::default())));
    }
    for (k, walk) in walks.iter().enumerate() {
        let level = match &walk["level"] {
            Value::String(s) => s.trim().parse().expect("level"),
            v => usize::try_from(v.as_u64().expect("level")).expect("small"),
        };
        let mut play = Play::replay(game.clone(), level, seed_of(&walk["seed"]).as_deref(), zero);
        play.settle(zero);
        // The page draws after every step, moving the camera as it goes.
        let mut camera = Camera::default();
        let mut entry = play.entry();
        let _ = picture(game, &play, &mut camera);
        for input in walk["inputs"].as_array().expect("inputs") {
            play.step(step_of(input), zero);
            play.settle(zero);
            if play.entry() != entry {
                camera = Camera::default();
                entry = play.entry();
            }
            let _ = picture(game, &play, &mut camera);
        }
        out.insert(format!("walk {k}"), Some(picture(game, &play, &mut camera)));
    }
    out
}

/// Whether `shot` (a capture by the driver) shows `want`; what differs if not.
fn compare(shot: &Value, want: &Frame) -> Result<(), String> {
    let (w, h) = (shot["width"].as_u64().unwrap_or(0) as usize, shot["height"].as_u64().unwrap_or(0) as usize);
    if (w, h) != (want.width, want.height) {
        return Err(format!(
            "the canvas shows a {w}x{h} picture ({}), render draws {}x{}",
            shot["kind"], want.width, want.height
        ));
    }
    let rgba =
        base64::engine::general_purpose::STANDARD.decode(shot["rgba"].as_str().unwrap_or("")).unwrap_or_default();
    let differ = want
        .pixels
        .iter()
        .zip(rgba.chunks(4))
        .enumerate()
        .filter(|(_, (p, got))| got.len() < 3 || p.0[..3] != got[..3])
        .map(|(i, _)| (i % w, i / w))
        .collect::<Vec<_>>();
    if rgba.len() != w * h * 4 || !differ.is_empty() {
        return Err(format!("{} of {} pixels differ from render, first at {:?}", differ.len(), w * h, differ.first()));
    }
    let (bad, stray) = (shot["bad"].as_u64().unwrap_or(1), shot["stray"].as_u64().unwrap_or(1));
    if bad > 0 || stray > 0 {
        return Err(format!("the picture is not scaled cleanly: {bad} pixels differ inside it, {stray} outside"));
    }
    Ok(())
}

/// Run the driver on `manifest` (see drive.js); its results.
fn drive(dir: &Path, manifest: &[Value]) -> Vec<Value> {
    let manifest_path = dir.join("manifest.json");
    let results_path = dir.join("results.json");
    std::fs::write(&manifest_path, serde_json::to_string(manifest).expect("json")).expect("write manifest");
    let mut command = Command::new("node");
    command.arg(driver_dir().join("drive.js")).arg(&manifest_path).arg(&results_path);
    if let Some(shots) = std::env::var_os("PUZZLEWRIGHT_BROWSER_SHOTS") {
        std::fs::create_dir_all(&shots).expect("screenshot folder");
        command.arg("--screenshots").arg(shots);
    }
    let status = command.status().expect("run node");
    assert!(status.success(), "the browser driver failed");
    let results: Vec<Value> =
        serde_json::from_str(&std::fs::read_to_string(&results_path).expect("results")).expect("results JSON");
    assert_eq!(results.len(), manifest.len());
    results
}

#[test]
fn every_corpus_game_plays_in_chromium_draws_what_render_draws_and_replays_its_walks() {
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
    let mut expected = Vec::new();
    let mut walked = 0;
    for (i, path) in games.iter().enumerate().filter(|(i, _)| i % sample == 0) {
        let source = std::fs::read_to_string(path).expect("read game");
        let page = studio::export::html::page(&source).unwrap_or_else(|e| panic!("{}: {e:#}", path.display()));
        let out = dir.join(format!("{i:03}.html"));
        std::fs::write(&out, page).expect("write page");
        let game = engine::build(&source).game.expect("an exported game compiles");
        // The first two message entries, drawn as the page draws them.
        let entries: Vec<usize> = game
            .levels
            .iter()
            .enumerate()
            .filter(|(_, l)| matches!(l, Level::Message(_)))
            .map(|(k, _)| k)
            .take(2)
            .collect();
        let mine = by_source.remove(&source).unwrap_or_default();
        walked += mine.len();
        let cases: Vec<Value> =
            mine.iter().map(|w| json!({"level": w["level"], "seed": w["seed"], "inputs": w["inputs"]})).collect();
        let dumps: Vec<String> = mine.iter().map(|w| w["expected"].as_str().expect("expected").to_owned()).collect();
        expected.push((dumps, expected_pictures(&game, &entries, &mine)));
        let name = path.file_name().map(|n| n.to_string_lossy().into_owned());
        manifest.push(json!({"page": out, "keys": ["Enter"], "entries": entries, "walks": cases, "name": name}));
    }
    if sample == 1 {
        assert!(by_source.is_empty(), "{} walks are of no corpus game", by_source.len());
    }
    let started = std::time::Instant::now();
    let results = drive(&dir, &manifest);
    let mut problems = Vec::new();
    let (mut passed, mut pictures) = (0, 0);
    for ((result, (want_dumps, want_pictures)), entry) in results.iter().zip(&expected).zip(&manifest) {
        let name = entry["name"].as_str().unwrap_or("?");
        for e in result["errors"].as_array().expect("errors") {
            problems.push(format!("{name}: {}", e.as_str().unwrap_or("?")));
        }
        let dumps: Vec<&str> =
            result["dumps"].as_array().expect("dumps").iter().map(|d| d.as_str().unwrap_or("")).collect();
        if dumps.len() == want_dumps.len() {
            for (k, (got, want)) in dumps.iter().zip(want_dumps).enumerate() {
                if got == want {
                    passed += 1;
                } else {
                    problems.push(format!("{name}: walk {k} differs\nexpected:\n{want}\nactual:\n{got}"));
                }
            }
        } else {
            problems.push(format!("{name}: {} dumps for {} walks", dumps.len(), want_dumps.len()));
        }
        let shots = result["shots"].as_array().expect("shots");
        for (what, want) in want_pictures {
            let Some(want) = want else { continue };
            match shots.iter().find(|s| s["what"] == what.as_str()) {
                None => problems.push(format!("{name}: no capture of {what}")),
                Some(shot) => match compare(shot, want) {
                    Ok(()) => pictures += 1,
                    Err(why) => problems.push(format!("{name}: {what}: {why}")),
                },
            }
        }
    }
    eprintln!(
        "browser: {} pages, {passed}/{walked} walks equal, {pictures} pictures equal to render, in {:.1} s",
        manifest.len(),
        started.elapsed().as_secs_f64()
    );
    let _ = std::fs::remove_dir_all(&dir);
    assert!(problems.is_empty(), "{} problems:\n{}", problems.len(), problems.join("\n"));
    assert_eq!(passed, walked);
}

/// A game whose first screen after the title is a message: the page must
/// show the message (the issue: a blank screen, drawn in the message's
/// text taken for a colour).
const MESSAGE_FIRST: &str = "title Message first\nauthor Tester\nbackground_color darkblue\ntext_color yellow\n\n\
    OBJECTS\nBackground\ngreen\nPlayer\nwhite\n\nLEGEND\n. = Background\nP = Player\n\nSOUNDS\n\n\
    COLLISIONLAYERS\nBackground\nPlayer\n\nRULES\n\nWINCONDITIONS\n\nLEVELS\nmessage Welcome to the garden\n\nP.\n";

#[test]
fn real_keys_in_chromium_show_the_message_render_draws() {
    if let Some(why) = missing_tool() {
        assert!(!required(), "PUZZLEWRIGHT_REQUIRE_BROWSER is set but {why}");
        eprintln!("skipping the browser test: {why}");
        return;
    }
    let dir = std::env::temp_dir().join(format!("pw-html-keys-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let out = dir.join("message.html");
    std::fs::write(&out, studio::export::html::page(MESSAGE_FIRST).expect("page")).expect("write page");
    let game = engine::build(MESSAGE_FIRST).game.expect("compiles");
    let want = expected_pictures(&game, &[], &[]);
    let manifest = vec![json!({"page": out, "keys": ["Enter"]})];
    let results = drive(&dir, &manifest);
    let _ = std::fs::remove_dir_all(&dir);
    let shots = results[0]["shots"].as_array().expect("shots");
    assert_eq!(results[0]["errors"], json!([]));
    for what in ["title", "keys"] {
        let shot = shots.iter().find(|s| s["what"] == what).unwrap_or_else(|| panic!("no capture of {what}"));
        let frame = want[what].as_ref().expect("a picture");
        if let Err(why) = compare(shot, frame) {
            panic!("{what}: {why}");
        }
    }
    assert_eq!(shots[1]["kind"], "message");
    // The message has ink: the text colour shows.
    let text = Look::new(&game).text;
    let ink = want["keys"].as_ref().expect("picture").pixels.iter().filter(|p| **p == text).count();
    assert!(ink > 200, "{ink} pixels in the text colour");
}

/// A small game to tour the page with: three levels won by walking onto
/// the goal, with messages before the first two.
const TOUR: &str = "title Phone tour\nauthor Tester\nhomepage example.com/tour\n\n\
    OBJECTS\nBackground\ngreen\nPlayer\nwhite\nGoal\nyellow\n\n\
    LEGEND\n. = Background\nP = Player\nG = Goal\n\nSOUNDS\n\nCOLLISIONLAYERS\nBackground\nGoal\nPlayer\n\n\
    RULES\n\nWINCONDITIONS\nall Player on Goal\n\n\
    LEVELS\nmessage Welcome to the tour\n\nP.G\n\nmessage Second stop\n\nP..G\n\nG.P\n";

/// What a test does to a page, mirrored in the engine's flow to know
/// what the page must show.
enum Act {
    /// A control by a real key, a tap on a button, or a gamepad button.
    Press(Control),
    /// Long enough for a win pause to end.
    Wait,
    /// A click or tap on choice `n` of the title or the level select.
    Choose(usize),
    /// A capture by this name, compared with the flow's picture.
    Shot(&'static str),
    /// The mouse (or a finger) over a level cell (`None`: off the level):
    /// pressed, moved, or let go (`engine::play`'s pointer calls).
    Pointer(Pointer, engine::run::Button, Option<engine::play::Cell>),
}

/// What the pointer does in an [`Act::Pointer`].
#[derive(Clone, Copy)]
enum Pointer {
    Down,
    Move,
    Up,
}

/// The pictures the flow shows at each `Act::Shot` of `acts`, starting on
/// the title screen with `progress`.
fn flow_pictures(game: &Arc<Game>, progress: Progress, prompt: Prompt, acts: &[Act]) -> BTreeMap<String, Frame> {
    let look = Look::new(game);
    let mut t = Duration::ZERO;
    let mut play = Play::new(game.clone(), progress, t);
    let mut camera = Camera::default();
    let mut out = BTreeMap::new();
    out.insert("title".to_owned(), screen_frame(&look, game, &play.screen(), &mut camera, prompt));
    for act in acts {
        match act {
            Act::Press(control) => {
                t += Duration::from_millis(10);
                play.press(*control, t);
                t += Duration::from_millis(10);
                play.release(*control, t);
            }
            Act::Wait => {
                t += Duration::from_secs(1);
                play.advance(t);
            }
            Act::Choose(n) => {
                t += Duration::from_millis(10);
                play.choose(*n, t);
            }
            Act::Shot(name) => {
                out.insert((*name).to_owned(), screen_frame(&look, game, &play.screen(), &mut camera, prompt));
            }
            Act::Pointer(what, button, cell) => {
                t += Duration::from_millis(10);
                match what {
                    Pointer::Down => play.pointer_press(*button, *cell, t),
                    Pointer::Move => play.pointer_move(*cell, t),
                    Pointer::Up => play.pointer_release(*button, *cell, t),
                }
            }
        }
    }
    out
}

/// Fail with every capture of `result` that differs from `want`.
fn assert_pictures(result: &Value, want: &BTreeMap<String, Frame>) {
    assert_eq!(result["errors"], json!([]), "the page raised errors");
    let shots = result["shots"].as_array().expect("shots");
    let mut problems = Vec::new();
    for (what, frame) in want {
        match shots.iter().find(|s| s["what"] == what.as_str()) {
            None => problems.push(format!("no capture of {what}")),
            Some(shot) => {
                if let Err(why) = compare(shot, frame) {
                    problems.push(format!("{what} ({}): {why}", shot["kind"]));
                }
            }
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

fn skip_without_browser() -> bool {
    if let Some(why) = missing_tool() {
        assert!(!required(), "PUZZLEWRIGHT_REQUIRE_BROWSER is set but {why}");
        eprintln!("skipping the browser test: {why}");
        return true;
    }
    false
}

/// Write the page of `source` into a fresh folder; the folder and the page.
fn page_file(tag: &str, name: &str, source: &str) -> (PathBuf, PathBuf) {
    let dir = std::env::temp_dir().join(format!("pw-html-{tag}-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let out = dir.join(format!("{name}.html"));
    std::fs::write(&out, studio::export::html::page(source).expect("page")).expect("write page");
    (dir, out)
}

fn shot(name: &str) -> Value {
    json!({"shot": name})
}

#[test]
fn ctrl_z_undoes_and_the_menu_buttons_undo_restart_and_quit_to_the_title() {
    if skip_without_browser() {
        return;
    }
    let (dir, out) = page_file("menu", "tour", TOUR);
    let game = engine::build(TOUR).game.expect("compiles");
    use Control::{Action, Restart, Right, Title, Undo};
    let acts = [
        Act::Press(Action),
        Act::Press(Action),
        Act::Shot("level"),
        Act::Press(Right),
        Act::Shot("moved"),
        Act::Press(Undo),
        Act::Shot("ctrl z"),
        Act::Press(Right),
        Act::Press(Restart),
        Act::Shot("restart button"),
        Act::Press(Right),
        Act::Press(Undo),
        Act::Shot("undo button"),
        Act::Press(Title),
        Act::Shot("quit to menu"),
    ];
    let want = flow_pictures(&game, Progress::default(), Prompt::Keys, &acts);
    let key = |k: &str| json!({"key": k});
    let script = json!([
        key("Enter"), key("Enter"), shot("level"),
        key("ArrowRight"), shot("moved"),
        {"key": "KeyZ", "modifiers": ["Control"]}, shot("ctrl z"),
        key("ArrowRight"), {"tap": "#pw-restart"}, shot("restart button"),
        key("ArrowRight"), {"tap": "#pw-undo"}, shot("undo button"),
        {"tap": "#pw-title"}, shot("quit to menu"),
        {"eval": "document.getElementById('pw-title').textContent", "name": "quit label"},
    ]);
    let results = drive(&dir, &[json!({"page": out, "script": script})]);
    let _ = std::fs::remove_dir_all(&dir);
    assert_pictures(&results[0], &want);
    assert_eq!(results[0]["evals"]["quit label"], "Quit to menu");
    // The undo is seen: the moved board differs from the one undone.
    assert_ne!(want["moved"].pixels, want["ctrl z"].pixels);
    assert_eq!(want["ctrl z"].pixels, want["level"].pixels);
}

/// Everything laid out on the page that must fit a phone's width, as
/// `[left, right, font size]` in CSS pixels, by element.
const LAYOUT: &str = "(() => { const out = {}; \
    for (const id of ['pw-heading', 'pw-homepage', 'pw-undo', 'pw-restart', 'pw-title', 'pw-mute', 'pw-canvas']) { \
      const e = document.getElementById(id); if (!e) continue; const r = e.getBoundingClientRect(); \
      out[id] = [r.left, r.right, parseFloat(getComputedStyle(e).fontSize), r.top, r.bottom]; } \
    out.width = window.innerWidth; out.height = window.innerHeight; \
    out.scroll = [document.documentElement.scrollWidth, document.documentElement.scrollHeight]; \
    const p = window.puzzlewright.picture(); const c = document.getElementById('pw-canvas'); \
    out.picture = p && [p.x, p.y, p.x + p.width * p.scale, p.y + p.height * p.scale, c.width, c.height]; \
    return out; })()";

#[test]
fn on_a_phone_the_screens_say_tap_everything_fits_and_buttons_are_readable() {
    if skip_without_browser() {
        return;
    }
    let (dir, out) = page_file("phone", "tour-phone", TOUR);
    let game = engine::build(TOUR).game.expect("compiles");
    use Control::{Action, Title, Undo};
    let acts = [
        Act::Press(Action),
        Act::Shot("message"),
        Act::Press(Action),
        Act::Press(Undo),
        Act::Shot("level"),
        Act::Press(Title),
        Act::Shot("menu"),
    ];
    let want = flow_pictures(&game, Progress::default(), Prompt::Touch, &acts);
    let script = json!([
        {"eval": LAYOUT, "name": "title layout"},
        {"tapAt": [0.5, 0.9]}, shot("message"),
        {"tapAt": [0.5, 0.5]}, {"tap": "#pw-undo"}, shot("level"),
        {"eval": LAYOUT, "name": "level layout"},
        {"tap": "#pw-title"}, shot("menu"),
    ]);
    let viewport = json!({"width": 390, "height": 844, "touch": true, "scale": 3});
    let results = drive(&dir, &[json!({"page": out, "script": script, "viewport": viewport})]);
    let _ = std::fs::remove_dir_all(&dir);
    assert_pictures(&results[0], &want);
    // "Tap", not "Press X": the touch title differs from the keys' one.
    let keys = flow_pictures(&game, Progress::default(), Prompt::Keys, &[]);
    assert_ne!(keys["title"].pixels, want["title"].pixels);
    for name in ["title layout", "level layout"] {
        let layout = &results[0]["evals"][name];
        let width = layout["width"].as_f64().expect("width");
        assert_eq!(layout["scroll"][0].as_f64(), Some(width), "{name}: nothing wider than the phone: {layout}");
        for id in ["pw-heading", "pw-homepage", "pw-undo", "pw-restart", "pw-title", "pw-mute"] {
            let e = &layout[id];
            assert!(e.is_array(), "{name}: no {id}: {layout}");
            assert!(e[0].as_f64() >= Some(0.0) && e[1].as_f64() <= Some(width), "{name}: {id} is cut off: {layout}");
            assert!(e[4].as_f64() <= layout["height"].as_f64(), "{name}: {id} is below the screen: {layout}");
            if id != "pw-heading" {
                assert!(e[2].as_f64() >= Some(16.0), "{name}: {id}'s text is under 16 px: {layout}");
            }
        }
        // The whole picture (the hint line at its bottom) is on the canvas.
        let p = &layout["picture"];
        assert!(p[0].as_f64() >= Some(0.0) && p[1].as_f64() >= Some(0.0), "{name}: {layout}");
        assert!(p[2].as_f64() <= p[4].as_f64() && p[3].as_f64() <= p[5].as_f64(), "{name}: {layout}");
    }
}

#[test]
fn a_gamepad_moves_acts_undoes_and_restarts() {
    if skip_without_browser() {
        return;
    }
    let (dir, out) = page_file("pad", "tour-pad", TOUR);
    let game = engine::build(TOUR).game.expect("compiles");
    use Control::{Action, Down, Restart, Right, Undo};
    let acts = [
        Act::Press(Action),
        Act::Shot("a"),
        Act::Press(Action),
        Act::Press(Right),
        Act::Shot("dpad right"),
        Act::Press(Undo),
        Act::Shot("b undoes"),
        Act::Press(Right),
        Act::Press(Down),
        Act::Press(Restart),
        Act::Shot("start restarts"),
        Act::Press(Right),
        Act::Press(Right),
        Act::Wait,
        Act::Shot("stick wins"),
    ];
    let want = flow_pictures(&game, Progress::default(), Prompt::Keys, &acts);
    let pad = |buttons: Value, axes: Value| json!({"pad": {"buttons": buttons, "axes": axes}});
    let press = |b: u32| [pad(json!([b]), json!([0, 0])), pad(json!([]), json!([0, 0]))];
    let stick = |x: f64, y: f64| [pad(json!([]), json!([x, y])), pad(json!([]), json!([0, 0]))];
    let mut script = Vec::new();
    script.extend(press(0));
    script.push(shot("a"));
    script.extend(press(0));
    script.extend(press(15));
    script.push(shot("dpad right"));
    script.extend(press(1));
    script.push(shot("b undoes"));
    script.extend(press(15));
    script.extend(press(13));
    script.extend(press(9));
    script.push(shot("start restarts"));
    script.extend(stick(1.0, 0.1));
    script.extend(stick(0.9, -0.2));
    script.push(json!({"wait": 800}));
    script.push(shot("stick wins"));
    let results = drive(&dir, &[json!({"page": out, "script": script})]);
    let _ = std::fs::remove_dir_all(&dir);
    assert_pictures(&results[0], &want);
    assert_eq!(results[0]["shots"][1]["kind"], "message");
    assert_eq!(results[0]["shots"].as_array().expect("shots").last().expect("a shot")["kind"], "message");
}

#[test]
fn the_page_has_the_title_as_a_heading_and_links_the_homepage() {
    if skip_without_browser() {
        return;
    }
    let (dir, out) = page_file("head", "tour-head", TOUR);
    let script = json!([
        {"eval": "document.querySelector('h1').textContent", "name": "heading"},
        {"eval": "document.getElementById('pw-homepage').href", "name": "link"},
        {"eval": "document.getElementById('pw-homepage').textContent", "name": "shown"},
    ]);
    let results = drive(&dir, &[json!({"page": out, "script": script})]);
    let _ = std::fs::remove_dir_all(&dir);
    assert_eq!(results[0]["errors"], json!([]));
    assert_eq!(results[0]["evals"]["heading"], "Phone tour");
    assert_eq!(results[0]["evals"]["link"], "https://example.com/tour");
    assert_eq!(results[0]["evals"]["shown"], "example.com/tour");
}

#[test]
fn progress_is_kept_per_title_author_and_homepage() {
    if skip_without_browser() {
        return;
    }
    let (dir, first) = page_file("progress", "tour-a", TOUR);
    let other = TOUR.replace("author Tester", "author Someone else");
    let second = dir.join("tour-b.html");
    std::fs::write(&second, studio::export::html::page(&other).expect("page")).expect("write page");
    let game = engine::build(TOUR).game.expect("compiles");
    let other_game = engine::build(&other).game.expect("compiles");
    use Control::{Action, Right};
    // Win the first level: the second message is reached and kept.
    let acts = [Act::Press(Action), Act::Press(Action), Act::Press(Right), Act::Press(Right), Act::Wait];
    let mut play = Play::new(game.clone(), Progress::default(), Duration::ZERO);
    let mut t = Duration::ZERO;
    for act in &acts {
        t += Duration::from_millis(20);
        match act {
            Act::Press(c) => {
                play.press(*c, t);
                play.release(*c, t);
            }
            Act::Wait => play.advance(t + Duration::from_secs(1)),
            Act::Shot(_) | Act::Choose(_) | Act::Pointer(..) => {}
        }
    }
    let reached = play.progress().clone();
    assert_eq!(reached.entry, 2, "the second message");
    let mut want = flow_pictures(&game, Progress::default(), Prompt::Keys, &[]);
    let again = flow_pictures(&game, reached, Prompt::Keys, &[]);
    want.insert("reloaded".to_owned(), again["title"].clone());
    let fresh = flow_pictures(&other_game, Progress::default(), Prompt::Keys, &[]);
    let keys = "Object.keys(localStorage).filter(k => k.endsWith(':progress')).sort()";
    let script_a = json!([
        {"key": "Enter"}, {"key": "Enter"}, {"key": "ArrowRight"}, {"key": "ArrowRight"}, {"wait": 800},
        {"reload": true}, shot("reloaded"),
        {"eval": keys, "name": "keys"},
    ]);
    let results = drive(
        &dir,
        &[
            json!({"page": first, "script": script_a}),
            json!({"page": second, "script": [{"eval": keys, "name": "keys"}]}),
        ],
    );
    let _ = std::fs::remove_dir_all(&dir);
    assert_pictures(&results[0], &want);
    assert_pictures(&results[1], &fresh);
    assert_ne!(want["reloaded"].pixels, want["title"].pixels, "the title offers to continue");
    let key = results[0]["evals"]["keys"][0].as_str().expect("a progress key").to_owned();
    assert!(key.contains("Phone tour") && key.contains("Tester") && key.contains("example.com/tour"), "{key}");
    assert_eq!(results[1]["evals"]["keys"].as_array().map(Vec::len), Some(1), "nothing saved by the second game yet");
}

/// Win level 1 of [`TOUR`] from the title screen (so level 2 is reached)
/// and go back to the title.
fn reach_level_two() -> (Vec<Act>, Vec<Value>) {
    use Control::{Action, Right, Title};
    let acts = vec![
        Act::Press(Action),
        Act::Press(Action),
        Act::Press(Right),
        Act::Press(Right),
        Act::Wait,
        Act::Press(Title),
        Act::Shot("title again"),
    ];
    let script = vec![
        json!({"key": "Enter"}),
        json!({"key": "Enter"}),
        json!({"key": "ArrowRight"}),
        json!({"key": "ArrowRight"}),
        json!({"wait": 800}),
        json!({"key": "Escape"}),
        shot("title again"),
    ];
    (acts, script)
}

#[test]
fn the_level_select_on_the_title_lists_the_levels_reached_by_keys_and_clicks() {
    if skip_without_browser() {
        return;
    }
    let (dir, out) = page_file("select", "tour-select", TOUR);
    let game = engine::build(TOUR).game.expect("compiles");
    use Control::{Action, Down, Title, Up};
    let (mut acts, mut script) = reach_level_two();
    acts.extend([
        Act::Press(Down),
        Act::Press(Action),
        Act::Shot("level select"),
        Act::Press(Up),
        Act::Shot("up"),
        Act::Press(Action),
        Act::Shot("chosen by keys"),
        // Back on the title, level 1 played from its start: nothing to
        // continue, so the level select is the first of two choices.
        Act::Press(Title),
        Act::Choose(0),
        Act::Shot("clicked select"),
        Act::Choose(0),
        Act::Shot("clicked level 1"),
    ]);
    let top = engine::render::screen::LEVEL_SELECT_TOP;
    script.extend([
        json!({"key": "ArrowDown"}),
        json!({"key": "Enter"}),
        shot("level select"),
        json!({"eval": "puzzlewright.screenKind()", "name": "kind"}),
        json!({"key": "ArrowUp"}),
        shot("up"),
        json!({"key": "Enter"}),
        shot("chosen by keys"),
        json!({"key": "Escape"}),
        json!({"tapRow": engine::render::screen::title_choice_row(0, 2)}),
        shot("clicked select"),
        json!({"tapRow": top}),
        shot("clicked level 1"),
    ]);
    let want = flow_pictures(&game, Progress::default(), Prompt::Keys, &acts);
    let results = drive(&dir, &[json!({"page": out, "script": script})]);
    let _ = std::fs::remove_dir_all(&dir);
    assert_pictures(&results[0], &want);
    assert_eq!(results[0]["evals"]["kind"], "levelselect");
    let kinds: Vec<&str> =
        results[0]["shots"].as_array().expect("shots").iter().map(|s| s["kind"].as_str().unwrap_or("")).collect();
    assert_eq!(kinds, ["title", "title", "levelselect", "levelselect", "message", "levelselect", "message"]);
    // What was drawn: the select's rows (the studio's numbering, captions).
    let mut play = Play::new(game.clone(), Progress { entry: 2, reached: 2, checkpoint: None }, Duration::ZERO);
    play.choose(1, Duration::ZERO);
    let engine::play::Screen::LevelSelect { items, selected } = play.screen() else { panic!("the level select") };
    let rows = engine::render::screen::level_select_rows(items, selected, Prompt::Keys);
    assert_eq!(rows[top], "  Level 1: Welcome to the tour");
    assert_eq!(rows[top + 1], "> Level 2: Second stop");
    assert_eq!(rows[top + 2], "");
}

#[test]
fn on_a_phone_the_level_select_is_tapped() {
    if skip_without_browser() {
        return;
    }
    let (dir, out) = page_file("select-phone", "tour-select-phone", TOUR);
    let game = engine::build(TOUR).game.expect("compiles");
    let (mut acts, mut script) = reach_level_two();
    acts.extend([Act::Choose(1), Act::Shot("level select"), Act::Choose(1), Act::Shot("level 2 message")]);
    let top = engine::render::screen::LEVEL_SELECT_TOP;
    script.extend([
        json!({"tapRow": engine::render::screen::title_choice_row(1, 3)}),
        shot("level select"),
        json!({"tapRow": top + 1}),
        shot("level 2 message"),
    ]);
    let want = flow_pictures(&game, Progress::default(), Prompt::Touch, &acts);
    let viewport = json!({"width": 390, "height": 844, "touch": true, "scale": 3});
    let results = drive(&dir, &[json!({"page": out, "script": script, "viewport": viewport})]);
    let _ = std::fs::remove_dir_all(&dir);
    assert_pictures(&results[0], &want);
    let kinds: Vec<&str> =
        results[0]["shots"].as_array().expect("shots").iter().map(|s| s["kind"].as_str().unwrap_or("")).collect();
    assert_eq!(kinds, ["title", "title", "levelselect", "message"]);
}

/// A game played by the mouse (PuzzleScript Plus's `mouse_left`,
/// `mouse_drag`, `mouse_right`): a click leaves a red Mark, a drag a blue
/// Trail, a right click takes a Mark away. 6 x 2 cells seen through
/// `flickscreen 3x2`: the player in column 4 shows columns 3 to 5.
const CLICKS: &str = "title Clicks\nflickscreen 3x2\nmouse_left Click\nmouse_drag Drag\nmouse_right RClick\n\n\
    OBJECTS\nBackground\nblack\nPlayer\nwhite\nMark\nred\nTrail\nblue\nClick\nred\nDrag\nred\nRClick\nred\n\n\
    LEGEND\n. = Background\nP = Player\n\nSOUNDS\n\nCOLLISIONLAYERS\nBackground\nPlayer\nMark, Trail\nClick\nDrag\nRClick\n\n\
    RULES\n[ Click ] -> [ Mark ]\n[ Drag ] -> [ Trail ]\n[ RClick Mark ] -> [ ]\n[ RClick ] -> [ ]\n\n\
    WINCONDITIONS\n\nLEVELS\n....P.\n......\n";

/// The script step for the pointer over screen cell (`x`, `y`) of the
/// 3 x 2 picture (its centre), and the act it mirrors on level cell
/// (`x + 3`, `y`).
fn pointer_at(what: &str, x: u32, y: u32, button: engine::run::Button) -> (Value, Act) {
    let at = json!([(f64::from(x) + 0.5) / 3.0, (f64::from(y) + 0.5) / 2.0]);
    let name = if button == engine::run::Button::Right { "right" } else { "left" };
    let act = match what {
        "down" => Pointer::Down,
        "move" => Pointer::Move,
        _ => Pointer::Up,
    };
    (json!({"pointer": what, "at": at, "button": name}), Act::Pointer(act, button, Some((x + 3, y))))
}

/// Clicks, a drag, a right click (mouse only) and a middle click's undo,
/// with the pictures and the level they must leave: the acts and the script.
fn mouse_tour(touch: bool) -> (Vec<Act>, Vec<Value>) {
    use engine::run::Button::{Left, Right};
    let mut acts = vec![Act::Press(Control::Action), Act::Shot("level")];
    let mut script = vec![json!({"key": "Enter"}), shot("level")];
    let add = |steps: Vec<(Value, Act)>, acts: &mut Vec<Act>, script: &mut Vec<Value>| {
        for (step, act) in steps {
            script.push(step);
            acts.push(act);
        }
    };
    add(vec![pointer_at("down", 0, 0, Left), pointer_at("up", 0, 0, Left)], &mut acts, &mut script);
    let drag = vec![pointer_at("down", 0, 1, Left), pointer_at("move", 2, 1, Left), pointer_at("up", 2, 1, Left)];
    add(drag, &mut acts, &mut script);
    acts.push(Act::Shot("clicked"));
    script.push(shot("clicked"));
    if !touch {
        add(vec![pointer_at("down", 0, 0, Right), pointer_at("up", 0, 0, Right)], &mut acts, &mut script);
        acts.push(Act::Shot("right click"));
        script.push(shot("right click"));
        acts.push(Act::Press(Control::Undo));
        script.push(json!({"pointer": "down", "at": [0.5, 0.5], "button": "middle"}));
        script.push(json!({"pointer": "up", "at": [0.5, 0.5], "button": "middle"}));
        acts.push(Act::Shot("middle undo"));
        script.push(shot("middle undo"));
    }
    script.push(json!({"eval": "puzzlewright.dump()", "name": "dump"}));
    (acts, script)
}

/// The level the flow is at after `acts`.
fn flow_dump(game: &Arc<Game>, acts: &[Act]) -> String {
    let mut t = Duration::ZERO;
    let mut play = Play::new(game.clone(), Progress::default(), t);
    for act in acts {
        t += Duration::from_millis(10);
        match act {
            Act::Press(control) => {
                play.press(*control, t);
                play.release(*control, t);
            }
            Act::Pointer(Pointer::Down, button, cell) => play.pointer_press(*button, *cell, t),
            Act::Pointer(Pointer::Move, _, cell) => play.pointer_move(*cell, t),
            Act::Pointer(Pointer::Up, button, cell) => play.pointer_release(*button, *cell, t),
            _ => {}
        }
    }
    play.session().map(engine::run::Session::dump).unwrap_or_default()
}

#[test]
fn a_mouse_game_is_played_by_clicks_drags_and_right_clicks_in_chromium() {
    if skip_without_browser() {
        return;
    }
    let (dir, out) = page_file("mouse", "clicks", CLICKS);
    let game = engine::build(CLICKS).game.expect("compiles");
    let (acts, script) = mouse_tour(false);
    let want = flow_pictures(&game, Progress::default(), Prompt::Keys, &acts);
    let results = drive(&dir, &[json!({"page": out, "script": script})]);
    let _ = std::fs::remove_dir_all(&dir);
    assert_pictures(&results[0], &want);
    assert_eq!(results[0]["evals"]["dump"].as_str(), Some(flow_dump(&game, &acts).as_str()));
    // The clicks drew: each picture differs from the one before.
    assert_ne!(want["level"].pixels, want["clicked"].pixels);
    assert_ne!(want["clicked"].pixels, want["right click"].pixels);
    assert_eq!(want["middle undo"].pixels, want["clicked"].pixels, "the middle button undid the right click");
    let red = Look::new(&game).images
        [game.objects.iter().position(|o| o.name.eq_ignore_ascii_case("mark")).expect("mark")]
    .pixels[0];
    let cell = want["clicked"].width / 3;
    assert_eq!(want["clicked"].pixels[cell / 2 * want["clicked"].width + cell / 2], red, "a mark at screen (0, 0)");
}

#[test]
fn on_a_phone_a_mouse_game_is_played_by_taps_and_a_finger_dragged() {
    if skip_without_browser() {
        return;
    }
    let (dir, out) = page_file("mouse-phone", "clicks-phone", CLICKS);
    let game = engine::build(CLICKS).game.expect("compiles");
    let (acts, script) = mouse_tour(true);
    let want = flow_pictures(&game, Progress::default(), Prompt::Touch, &acts);
    let viewport = json!({"width": 390, "height": 844, "touch": true, "scale": 3});
    let results = drive(&dir, &[json!({"page": out, "script": script, "viewport": viewport})]);
    let _ = std::fs::remove_dir_all(&dir);
    assert_pictures(&results[0], &want);
    assert_eq!(results[0]["evals"]["dump"].as_str(), Some(flow_dump(&game, &acts).as_str()));
    assert_ne!(want["level"].pixels, want["clicked"].pixels);
}
