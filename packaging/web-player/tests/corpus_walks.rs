//! The page's automation API, natively: every case of
//! `../shared/conformance/corpus_walks.json` replayed through `Page::load`
//! and `Page::automation_input` ends in the recorded level (the browser
//! test runs the same code compiled to wasm), and the flow the page plays
//! starts on the title screen.

use serde_json::Value;
use web_player::Page;
use web_player::page::step;

fn cases() -> Vec<Value> {
    let text = test_support::read(&test_support::conformance("corpus_walks.json"));
    serde_json::from_str(&text).expect("a JSON array")
}

fn code(input: &Value) -> i32 {
    match input {
        Value::String(s) => step::named(s).unwrap_or_else(|| panic!("unknown input {s}")),
        other => i32::try_from(other.as_i64().expect("a number")).expect("small"),
    }
}

#[test]
fn every_corpus_walk_replays_through_the_automation_api() {
    let cases = cases();
    assert!(cases.len() >= 188, "{} cases", cases.len());
    let mut failures = Vec::new();
    for (i, case) in cases.iter().enumerate() {
        let mut page = Page::default();
        page.open(case["source"].as_str().expect("source"));
        let level = match &case["level"] {
            Value::String(s) => s.trim().parse().expect("level"),
            v => v.as_u64().expect("level") as usize,
        };
        let seed = match &case["seed"] {
            Value::Null => None,
            Value::String(s) => Some(s.clone()),
            other => Some(other.to_string()),
        };
        assert!(page.load(level, seed.as_deref(), 0.0), "case {i}: {}", String::from_utf8_lossy(page.output()));
        for input in case["inputs"].as_array().expect("inputs") {
            assert!(page.automation_input(code(input), 0.0), "case {i}");
        }
        if page.dump() != case["expected"].as_str().expect("expected") {
            failures.push(i);
        }
    }
    assert!(failures.is_empty(), "cases whose dump differs: {failures:?}");
}

const GAME: &str = "title Tiny\nauthor Someone\n\nOBJECTS\nBackground\nblack\nPlayer\nwhite\nGoal\nyellow\n\n\
    LEGEND\n. = Background\nP = Player\nG = Goal\n\nSOUNDS\nsfx0 123\n\nCOLLISIONLAYERS\nBackground\nGoal\nPlayer\n\n\
    RULES\n\nWINCONDITIONS\nall Player on Goal\n\nLEVELS\nmessage Hello\n\nPG\n";

#[test]
fn the_page_opens_on_the_title_and_plays_through_the_flow() {
    let mut page = Page::default();
    assert!(page.open(GAME));
    assert!(page.start(engine::play::Progress::default(), 0.0));
    let screen = page.screen_json();
    assert!(screen.contains("\"kind\":\"title\"") && screen.contains("\"Start a new game\""), "{screen}");
    assert_eq!(page.frame_to_output(), engine::render::text::TEXT_SIZE.0, "the title is drawn by the engine");
    page.press(4, 10.0);
    page.release(4, 20.0);
    // Each key once (JSON.parse keeps the last of twins): the message and
    // the colour to draw it in.
    let screen = page.screen_json();
    let json: Value = serde_json::from_str(&screen).expect("JSON");
    assert_eq!(json["kind"], "message");
    assert_eq!(json["text"], "Hello", "{screen}");
    assert_eq!(json["foreground"], "#ffffff", "{screen}");
    assert_eq!(screen.matches("\"text\"").count(), 1, "{screen}");
    assert_eq!(page.frame_to_output(), engine::render::text::TEXT_SIZE.0, "the message is drawn by the engine");
    page.press(4, 30.0);
    page.release(4, 40.0);
    assert!(page.screen_json().contains("\"kind\":\"level\""));
    assert_eq!(page.frame_to_output(), 10, "two 5-pixel cells across");
    assert_eq!(page.frame_height(), 5);
    assert_eq!(page.output().len(), 10 * 5 * 4);
    let outputs = page.outputs_json();
    assert!(outputs.contains("\"progress\":\"puzzlewright progress 1"), "{outputs}");
    // Winning: the won board shows for the pause, then the game ends.
    page.press(3, 50.0);
    page.release(3, 60.0);
    let due = page.next_event_ms();
    assert!(due > 50.0, "the win pause is timed: {due}");
    page.advance(due);
    assert!(
        page.screen_json().contains("\"kind\":\"gameover\""),
        "{} {due} {}",
        page.screen_json(),
        page.next_event_ms()
    );
}

#[test]
fn sounds_and_bad_input_are_answered() {
    let mut page = Page::default();
    page.input_buffer(3).copy_from_slice(b"123");
    let rate = page.sound_from_input();
    assert_eq!(rate, engine::sfx::PLAY_SAMPLE_RATE);
    assert!(!page.output().is_empty() && page.output().len() % 4 == 0);
    page.input_buffer(3).copy_from_slice(b"abc");
    assert_eq!(page.sound_from_input(), 0);
    assert!(!page.load(0, None, 0.0), "no game yet");
    assert!(!page.open("this is not a game"));
    assert!(page.open(GAME));
    assert!(!page.load(9, None, 0.0));
    assert!(String::from_utf8_lossy(page.output()).contains("no level 9"));
    assert!(page.load(1, Some("seed"), 0.0));
    assert!(!page.automation_input(42, 0.0));
}

#[test]
fn loading_another_entry_changes_the_generation_so_the_page_draws_it() {
    let mut page = Page::default();
    assert!(page.open(GAME));
    assert!(page.load(0, None, 0.0));
    let first = page.generation();
    assert!(page.load(0, None, 0.0));
    assert_ne!(page.generation(), first, "a new flow is a new picture, even with the same count");
}

#[test]
fn the_level_select_is_named_in_the_screen_json_with_the_rows_a_tap_maps_to() {
    const THREE: &str = "title Three\n\nOBJECTS\nBackground\nblack\nPlayer\nwhite\nGoal\nyellow\n\n\
        LEGEND\n. = Background\nP = Player\nG = Goal\n\nSOUNDS\n\nCOLLISIONLAYERS\nBackground\nGoal\nPlayer\n\n\
        RULES\n\nWINCONDITIONS\nall Player on Goal\n\nLEVELS\nmessage First\n\nPG\n\nPG\n\nmessage Third\n\nPG\n";
    let mut page = Page::default();
    assert!(page.open(THREE));
    let progress = engine::play::Progress { entry: 4, reached: 4, checkpoint: None };
    assert!(page.start(progress, 0.0));
    let title: Value = serde_json::from_str(&page.screen_json()).expect("JSON");
    assert_eq!(title["choices"], serde_json::json!(["Continue from level 3", "Select a level", "Start a new game"]));
    let rows: Vec<u64> = (0..3).map(|i| engine::render::screen::title_choice_row(i, 3) as u64).collect();
    assert_eq!(title["rows"], serde_json::json!(rows));
    page.choose(1, 10.0);
    let select: Value = serde_json::from_str(&page.screen_json()).expect("JSON");
    assert_eq!(select["kind"], "levelselect");
    assert_eq!(select["choices"], serde_json::json!(["Level 1: First", "Level 2", "Level 3: Third"]));
    assert_eq!(select["selected"], 2);
    assert_eq!(select["first"], 0);
    let top = engine::render::screen::LEVEL_SELECT_TOP as u64;
    assert_eq!(select["rows"], serde_json::json!([top, top + 1, top + 2]));
    assert_eq!(page.frame_to_output(), engine::render::text::TEXT_SIZE.0, "drawn by the engine");
    // A tap on the second row plays level 2.
    page.choose(1, 20.0);
    assert!(page.screen_json().contains("\"kind\":\"level\""));
    assert_eq!(page.play().map(engine::play::Play::entry), Some(2));
}

/// The samples `sound_from_input` answers for `seed`, and their rate.
fn samples_of(page: &mut Page, seed: &str) -> (u32, Vec<f32>) {
    page.input_buffer(seed.len()).copy_from_slice(seed.as_bytes());
    let rate = page.sound_from_input();
    let samples = page.output().chunks_exact(4).map(|b| f32::from_le_bytes([b[0], b[1], b[2], b[3]])).collect();
    (rate, samples)
}

/// A PuzzleScript Plus/Next seed with a volume (`142315:5`) comes out of
/// the flow as written and the page's sound for it is the engine's at that
/// volume; a plain seed's is the usual sound, exactly as before.
#[test]
fn a_seed_with_a_volume_is_put_out_as_written_and_sounds_at_it() {
    const GAME: &str = "title Quiet\n\nOBJECTS\nBackground\nblack\nPlayer\nwhite\n\n\
        LEGEND\n. = Background\nP = Player\n\nSOUNDS\nPlayer move 142315:5\n\n\
        COLLISIONLAYERS\nBackground\nPlayer\n\nRULES\n\nWINCONDITIONS\n\nLEVELS\nP..\n";
    let mut page = Page::default();
    assert!(page.open(GAME), "{}", String::from_utf8_lossy(page.output()));
    assert!(page.load(0, None, 0.0));
    let _ = page.outputs_json();
    assert!(page.automation_input(3, 0.0), "right");
    let outputs: Value = serde_json::from_str(&page.outputs_json()).expect("JSON");
    assert_eq!(outputs["sounds"], serde_json::json!(["142315:5"]));
    let (rate, quiet) = samples_of(&mut page, "142315:5");
    assert_eq!(rate, engine::sfx::PLAY_SAMPLE_RATE);
    let want = engine::sfx::SoundSeed::parse("142315:5").expect("a seed").sound().to_f32();
    assert_eq!(quiet, want, "the engine's sound at 5 tenths");
    let (_, usual) = samples_of(&mut page, "142315");
    assert_eq!(usual, engine::sfx::sound_for_seed(142_315).to_f32(), "a plain seed as before");
    let peak = |s: &[f32]| s.iter().fold(0.0f32, |m, x| m.max(x.abs()));
    assert!(peak(&quiet) < 0.8 * peak(&usual), "{} vs {}", peak(&quiet), peak(&usual));
    let (_, negative) = samples_of(&mut page, "-5");
    assert_eq!(negative, engine::sfx::sound_for_seed(-5).to_f32(), "a negative number is still a seed");
}
