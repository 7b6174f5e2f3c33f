//! The sound browser driven like a user would, headless, through egui_kittest.

use std::time::Duration;

use egui_kittest::Harness;
use egui_kittest::kittest::Queryable as _;
use studio::app::Persisted;
use studio::layout::PanelId;
use studio::{Startup, StudioApp};

mod support;

fn sounds_studio(example: usize) -> Harness<'static, StudioApp> {
    let mut harness =
        support::harness(support::app(Startup::Example(example), Persisted::default()), [900.0, 900.0], false);
    support::solo(&mut harness, PanelId::Sounds);
    harness.run_steps(3);
    harness
}

fn wait_page(harness: &mut Harness<'_, StudioApp>) {
    harness.run_steps(1);
    harness.state_mut().panels.sounds.wait_for_page(Duration::from_secs(60));
    harness.run_steps(3);
}

#[test]
fn a_category_button_makes_a_page_of_fresh_seeds_in_that_category() {
    let mut harness = sounds_studio(0);
    harness.get_by_label("explosion").click();
    harness.run_steps(1);
    assert!(harness.state().panels.sounds.is_generating(), "the page is made off the UI thread");
    wait_page(&mut harness);
    let page: Vec<i64> = harness.state().panels.sounds.page.iter().map(|e| e.seed).collect();
    assert_eq!(page.len(), studio::panels::sounds::PAGE_SIZE);
    for seed in &page {
        assert_eq!(engine::sfx::Category::of_seed(*seed), engine::sfx::Category::Explosion, "{seed}");
    }
    assert!(harness.state().panels.sounds.page.iter().all(|e| !e.peaks.is_empty()), "thumbnails");
    // Clicking a seed auditions it.
    let first = page[0];
    harness.get_by_label(&first.to_string()).click();
    harness.run_steps(1);
    assert_eq!(harness.state().panels.sounds.audio.played().last(), Some(&first));
}

#[test]
fn favourite_then_use_for_sfx3_writes_the_sounds_line_and_persists() {
    // Example 0 has SOUNDS but no sfx3 line: "use" adds it after the last line.
    let mut harness = sounds_studio(0);
    let before = harness.state().doc.text().to_owned();
    assert!(!before.contains("sfx3"));
    harness.state_mut().panels.sounds.more_like(4201);
    wait_page(&mut harness);
    let seed = harness.state().panels.sounds.page[0].seed;
    assert_eq!(seed, 4201);
    harness.get_all_by_label("Fav").next().expect("a star").click();
    harness.run_steps(1);
    assert_eq!(harness.state().panels.sounds.favourites, vec![seed]);
    assert_eq!(harness.state().persisted().sound_favourites, vec![seed]);

    harness.state_mut().panels.sounds.sfx = 3;
    harness.get_all_by_label("Use").next().expect("a use button").click();
    harness.run_steps(2);
    let text = harness.state().doc.text().to_owned();
    assert_eq!(text, before.replace("endlevel 83744503\n", "endlevel 83744503\nsfx3 4201\n"));
    let (ast, diags) = engine::syntax::parse(&text);
    assert!(ast.sounds.iter().any(|d| d.span.text(&text) == "sfx3 4201"));
    assert!(!engine::diag::has_errors(&diags));

    // Using another seed for the same event replaces the seed only.
    harness.state_mut().panels.sounds.more_like(4301);
    wait_page(&mut harness);
    harness.get_all_by_label("Use").next().expect("a use button").click();
    harness.run_steps(2);
    let after = harness.state().doc.text().to_owned();
    assert_eq!(after, text.replace("sfx3 4201", "sfx3 4301"));
}

#[test]
fn the_games_sound_lines_are_listed_and_play() {
    let mut harness = sounds_studio(4); // chime_keys has SOUNDS
    let _ = harness.get_by_label("walker move 72105506");
    let plays = harness.get_all_by_label("Play").count();
    assert!(plays >= 6, "a play button per line, got {plays}");
    harness.get_all_by_label("Play").next().expect("play").click();
    harness.run_steps(1);
    assert_eq!(harness.state().panels.sounds.audio.played(), vec![45117300]);
}

#[test]
fn keyboard_moves_the_selection_and_auditions() {
    let mut harness = sounds_studio(0);
    harness.state_mut().panels.sounds.more_like(1207);
    wait_page(&mut harness);
    harness.hover_at(egui::pos2(300.0, 300.0));
    harness.run_steps(1);
    harness.key_press(egui::Key::ArrowDown);
    harness.run_steps(1);
    harness.key_press(egui::Key::Space);
    harness.run_steps(1);
    let second = harness.state().panels.sounds.page[1].seed;
    assert_eq!(harness.state().panels.sounds.selected, Some(1));
    assert_eq!(harness.state().panels.sounds.audio.played(), vec![second, second]);
}

#[test]
fn snapshot_of_a_page() {
    let mut harness = sounds_studio(4);
    harness.set_size(egui::vec2(640.0, 700.0));
    harness.state_mut().panels.sounds.more_like(4201);
    wait_page(&mut harness);
    harness.state_mut().panels.sounds.favourites = vec![4201];
    harness.run_steps(3);
    support::snapshot(&mut harness, "panel_sounds_page");
}

#[test]
fn a_favourite_exports_as_wav_through_the_dialogs() {
    let mut harness = sounds_studio(0);
    harness.state_mut().panels.sounds.favourites = vec![4201];
    harness.run_steps(2);
    harness.get_by_label("WAV").click();
    // NoDialogs answers "unavailable": the studio asks for a path instead.
    harness.run_steps(3);
    let dir = std::env::temp_dir().join(format!("pw-sound-wav-{}", std::process::id()));
    let _ = std::fs::create_dir_all(&dir);
    let out = dir.join("s.wav");
    // The prompt proposes a sound's name; replace it with ours.
    let proposed = harness.get_by_role(egui::accesskit::Role::TextInput).value().unwrap_or_default();
    assert!(proposed.ends_with("sound-4201.wav"), "{proposed}");
    harness.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::A);
    harness.run_steps(1);
    harness.get_by_role(egui::accesskit::Role::TextInput).type_text(&out.display().to_string());
    harness.run_steps(1);
    harness.key_press(egui::Key::Enter);
    harness.run_steps(2);
    let bytes = std::fs::read(&out).expect("wav written");
    let decoded = engine::sfx::wav::decode(&bytes).expect("a wav file");
    let sound = engine::sfx::sound_for_seed(4201);
    assert_eq!(decoded.samples_i16(), sound.to_i16());
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn the_player_plays_the_games_sounds_when_a_pot_is_pushed_home() {
    // A shipped example that stopped building is the regression to catch.
    let built = engine::build(studio::examples::EXAMPLES[0].text);
    assert!(!engine::diag::has_errors(&built.diagnostics), "example 0 does not build: {:?}", built.diagnostics);
    let mut harness = sounds_studio(0);
    harness.state_mut().tree = egui_tiles::Tree::new_tabs(egui::Id::unique("solo"), vec![PanelId::Player]);
    harness.set_size(egui::vec2(640.0, 480.0));
    harness.run_steps(3);
    harness.get_by_label("Start a new game").click();
    harness.run_steps(2);
    harness.state_mut().panels.player.select_level(1);
    harness.run_steps(2);
    // Click the board to give it the keys.
    let at = egui::pos2(320.0, 300.0);
    harness.hover_at(at);
    for pressed in [true, false] {
        harness.event(egui::Event::PointerButton {
            pos: at,
            button: egui::PointerButton::Primary,
            pressed,
            modifiers: egui::Modifiers::NONE,
        });
    }
    harness.run_steps(2);
    let before = harness.state().panels.sounds.audio.played();
    // Level 1 pushes the pot right twice, then down onto the soil.
    let last = support::garden_level_1_but_the_last(&mut harness);
    harness.key_press(last);
    for _ in 0..40 {
        harness.run_steps(1);
        if harness.state().panels.player.level() != 1 {
            break;
        }
        std::thread::sleep(Duration::from_millis(25));
    }
    assert_eq!(harness.state().panels.player.level(), 2, "the level was won");
    let played = harness.state().panels.sounds.audio.played();
    let new: Vec<i64> = played[before.len()..].to_vec();
    // `Pot move 36772507` then `endlevel 83744503` from the game's SOUNDS.
    assert!(new.contains(&36772507), "pot move sound played: {new:?}");
    assert!(new.contains(&83744503), "endlevel sound played: {new:?}");
}

#[test]
fn the_player_plays_titlescreen_and_startgame() {
    // chime_keys has startgame; give it a titlescreen sound too.
    let mut harness = sounds_studio(4);
    assert!(engine::build(studio::examples::EXAMPLES[4].text).game.is_some(), "example 4 does not build");
    let text = harness.state().doc.text().replace("startgame 64107000", "startgame 64107000\ntitlescreen 111");
    let len = harness.state().doc.text().len();
    harness.state_mut().doc.apply_edit(&engine::edit::TextEdit::replace(0..len, text));
    harness.state_mut().panels.player.forget_game();
    harness.state_mut().tree = egui_tiles::Tree::new_tabs(egui::Id::unique("solo"), vec![PanelId::Player]);
    harness.state_mut().doc.finish_build();
    harness.run_steps(4);
    assert!(harness.state().panels.player.on_title());
    assert_eq!(harness.state().panels.sounds.audio.played(), vec![111], "titlescreen on opening");
    harness.get_by_label("Start a new game").click();
    harness.run_steps(3);
    let played = harness.state().panels.sounds.audio.played();
    assert_eq!(played.get(1), Some(&64107000), "startgame: {played:?}");
}

/// The seed table: one row per seed of the page, each with its seed, its
/// waveform and its buttons; a click on a row's waveform plays that seed
/// and selects the row.
#[test]
fn the_seed_table_lists_the_page_and_a_waveform_click_plays_its_seed() {
    let mut harness = sounds_studio(0);
    harness.get_by_label("explosion").click();
    wait_page(&mut harness);
    let page: Vec<i64> = harness.state().panels.sounds.page.iter().map(|e| e.seed).collect();
    for seed in &page {
        harness.get_by_label(&seed.to_string());
        harness.get_by_label(&format!("Waveform of {seed}"));
    }
    assert_eq!(harness.query_all_by_label("More like this").count(), page.len(), "a row of buttons per seed");
    harness.get_by_label(&format!("Waveform of {}", page[2])).click();
    harness.run_steps(2);
    assert_eq!(harness.state().panels.sounds.audio.played().last(), Some(&page[2]));
    assert_eq!(harness.state().panels.sounds.selected, Some(2));
}

#[test]
fn every_seed_row_offers_its_wav() {
    let mut harness = sounds_studio(0);
    harness.state_mut().panels.sounds.more_like(4201);
    wait_page(&mut harness);
    harness.run_steps(2);
    let rows = harness.state().panels.sounds.page.len();
    let buttons = harness.query_all_by_label("WAV").count();
    assert!(rows > 1 && buttons >= rows, "{buttons} WAV buttons for {rows} seed rows");
    let second = harness.state().panels.sounds.page[1].seed;
    harness.query_all_by_label("WAV").nth(1).expect("the second row's WAV").click();
    harness.run_steps(3);
    // NoDialogs answers "unavailable": the studio proposes a path for that seed.
    let proposed = harness.get_by_role(egui::accesskit::Role::TextInput).value().unwrap_or_default();
    assert!(proposed.ends_with(&format!("sound-{second}.wav")), "{proposed}");
}

/// A short seed (81891702: 242 samples, fewer than the thumbnail's
/// columns) is drawn as a band across the whole thumbnail, not as a few
/// invisible ticks.
#[test]
fn a_short_seeds_waveform_fills_its_thumbnail() {
    let sound = engine::sfx::sound_for_seed(81891702);
    assert!(sound.samples.len() < 256, "{} samples", sound.samples.len());
    let peaks = ui_widgets::waveform::peaks(&sound.samples, 256);
    let mut harness = egui_kittest::Harness::builder().with_size(egui::vec2(300.0, 40.0)).build_ui(|ui| {
        ui.visuals_mut().extreme_bg_color = egui::Color32::BLACK;
        ui.visuals_mut().selection.bg_fill = egui::Color32::from_rgb(0, 200, 0);
        ui_widgets::waveform::waveform(ui, &peaks, egui::vec2(256.0, 24.0));
    });
    harness.run();
    match harness.render() {
        Ok(image) => {
            if let Some(dir) = std::env::var_os("PUZZLEWRIGHT_SHOTS") {
                image.save(std::path::Path::new(&dir).join("waveform_81891702.png")).expect("save the picture");
            }
            // Every pixel column of the thumbnail has some of the band in it.
            let green = |x: u32| (0..image.height()).any(|y| image.get_pixel(x, y).0[1] > 100);
            let (left, right) = (16, 16 + 250);
            let filled = (left..right).filter(|&x| green(x)).count();
            assert!(filled >= 240, "{filled} of 250 columns drawn");
            let total = image.pixels().filter(|p| p.0[1] > 100 && p.0[0] < 100).count();
            assert!(total >= 3 * 250, "{total} band pixels: the band is filled, not ticks");
        }
        Err(err) if support::rendering_required() => panic!("cannot render: {err}"),
        Err(err) => eprintln!("skipping the waveform's pixels: {err}"),
    }
}
