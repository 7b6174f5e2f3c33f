//! Editing the game without losing it: shortcuts (undo, redo), the find
//! bar, new games from templates, the outline, go to definition and the
//! safe writers, driven through egui_kittest.

use egui::accesskit::Role;
use egui_kittest::kittest::{NodeT as _, Queryable as _};
use studio::Startup;

mod support;
use support::{selected, studio};

#[test]
fn ctrl_shift_z_redoes_and_ctrl_z_undoes() {
    let mut harness = studio(Startup::Example(0));
    let text = harness.state().doc.text().to_owned();
    // Type in the editor, as an author would, so it has the focus.
    studio::panels::code::set_selection(&harness.ctx, &text, text.len()..text.len());
    harness.run_steps(2);
    harness.get_by_role(Role::MultilineTextInput).type_text("\n(an edit)");
    harness.run_steps(2);
    let edited = format!("{text}\n(an edit)");
    assert_eq!(harness.state().doc.text(), edited);
    harness.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::Z);
    harness.run_steps(2);
    assert_eq!(harness.state().doc.text(), text, "Ctrl+Z undoes");
    // A desktop delivers the whole chord in one frame: the modifiers are
    // already released by the frame's end, only the key event carries them.
    let redo = egui::Modifiers::COMMAND | egui::Modifiers::SHIFT;
    let key =
        |pressed| egui::Event::Key { key: egui::Key::Z, physical_key: None, pressed, repeat: false, modifiers: redo };
    harness.input_mut().events.extend([
        egui::Event::ModifiersChanged(redo),
        key(true),
        egui::Event::ModifiersChanged(egui::Modifiers::NONE),
        key(false),
    ]);
    harness.run_steps(2);
    assert_eq!(harness.state().doc.text(), edited, "Ctrl+Shift+Z redoes");
    harness.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::Z);
    harness.run_steps(2);
    harness.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::Y);
    harness.run_steps(2);
    assert_eq!(harness.state().doc.text(), edited, "Ctrl+Y redoes too");
}

/// Open the find bar with Ctrl+F and type `query` into it.
fn find(harness: &mut egui_kittest::Harness<'_, studio::StudioApp>, query: &str) {
    harness.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::F);
    harness.run_steps(2);
    harness.event(egui::Event::Text(query.to_owned()));
    harness.run_steps(2);
}

#[test]
fn keys_typed_in_the_find_bar_never_edit_the_code() {
    let mut harness = studio(Startup::Example(0));
    let text = harness.state().doc.text().to_owned();
    // Give the editor the cursor first, as an author would have it.
    studio::panels::code::set_selection(&harness.ctx, &text, 0..0);
    harness.run_steps(2);
    find(&mut harness, "pot");
    for key in [egui::Key::Enter, egui::Key::Enter, egui::Key::Tab, egui::Key::Enter, egui::Key::Backspace] {
        harness.key_press(key);
        harness.run_steps(2);
    }
    harness.key_press_modifiers(egui::Modifiers::SHIFT, egui::Key::Enter);
    harness.run_steps(2);
    assert_eq!(harness.state().doc.text(), text, "Enter, Tab and Backspace in the find bar leave the code alone");
    let shown = harness.state().panels.code.find.current.clone().expect("a match is shown");
    assert_eq!(text[shown].to_lowercase(), "pot");
    // Ctrl+H shows the replace field: keys typed there stay there too.
    harness.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::H);
    harness.run_steps(2);
    harness.get_by_role_and_label(Role::TextInput, "Replace").click();
    harness.run_steps(2);
    harness.event(egui::Event::Text("urn".into()));
    harness.key_press(egui::Key::Tab);
    harness.run_steps(2);
    assert_eq!(harness.state().doc.text(), text, "typing in the replace field leaves the code alone");
    assert_eq!(harness.state().panels.code.find.replacement, "urn");
}

#[test]
fn enter_in_the_find_bar_steps_through_the_matches() {
    let mut harness = studio(Startup::Example(0));
    let text = harness.state().doc.text().to_owned();
    studio::panels::code::set_selection(&harness.ctx, &text, 0..0);
    harness.run_steps(2);
    find(&mut harness, "Soil");
    let matches = studio::panels::code::find_all(&text, "Soil");
    assert!(matches.len() > 2);
    assert_eq!(harness.state().panels.code.find.current.as_ref(), Some(&matches[0]));
    harness.key_press(egui::Key::Enter);
    harness.run_steps(2);
    assert_eq!(harness.state().panels.code.find.current.as_ref(), Some(&matches[1]), "Enter goes to the next match");
    harness.key_press(egui::Key::Enter);
    harness.run_steps(2);
    assert_eq!(
        harness.state().panels.code.find.current.as_ref(),
        Some(&matches[2]),
        "and Enter again to the one after"
    );
    harness.key_press_modifiers(egui::Modifiers::SHIFT, egui::Key::Enter);
    harness.run_steps(2);
    assert_eq!(harness.state().panels.code.find.current.as_ref(), Some(&matches[1]), "Shift+Enter goes back");
    // Esc closes the bar and hands the keys back to the editor at the match.
    harness.key_press(egui::Key::Escape);
    harness.run_steps(2);
    assert!(!harness.state().panels.code.find.open);
    harness.event(egui::Event::Text("X".into()));
    harness.run_steps(2);
    let typed = harness.state().doc.text();
    assert_eq!(
        &typed[matches[1].start..matches[1].start + 1],
        "X",
        "typing after Esc replaces the match in the editor"
    );
}

#[test]
fn typing_a_search_scrolls_to_its_first_match() {
    let mut harness = studio(Startup::Example(0));
    let text = harness.state().doc.text().to_owned();
    studio::panels::code::set_selection(&harness.ctx, &text, 0..0);
    harness.run_steps(3);
    let (_, last_shown) = harness.state().panels.code.visible_lines().expect("the editor drew lines");
    let target = text.find("The garden is in bloom").expect("the closing message");
    let line = text[..target].matches('\n').count() + 1;
    assert!(line > last_shown, "the closing message starts off screen (line {line}, last shown {last_shown})");
    find(&mut harness, "in bloom");
    harness.run_steps(3);
    let (a, b) = harness.state().panels.code.visible_lines().expect("the editor drew lines");
    assert!((a..=b).contains(&line), "typing scrolled to line {line}; showing {a}..={b}");
}

#[test]
fn snapshot_of_the_find_bar_with_both_fields_unfocused() {
    let mut harness = studio(Startup::Example(0));
    support::solo(&mut harness, studio::layout::PanelId::Code);
    harness.set_size(egui::vec2(640.0, 240.0));
    harness.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::H);
    harness.run_steps(3);
    // Focus back in the editor: both fields must still show their frames.
    let text = harness.state().doc.text().to_owned();
    studio::panels::code::set_selection(&harness.ctx, &text, 0..0);
    harness.run_steps(3);
    harness.get_by_role_and_label(Role::TextInput, "Replace");
    support::snapshot(&mut harness, "find_bar_unfocused");
}

/// Let the background build of the current text finish and be shown.
fn settle(harness: &mut egui_kittest::Harness<'_, studio::StudioApp>) {
    harness.state_mut().doc.finish_build();
    harness.run_steps(3);
}

#[test]
fn file_new_offers_starting_games_that_compile_and_play() {
    for (i, template) in studio::examples::TEMPLATES.iter().enumerate() {
        let mut harness = studio(Startup::Example(0));
        harness.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::N);
        harness.run_steps(3);
        harness.get_by_label("New game: choose a starting point");
        for t in studio::examples::TEMPLATES {
            harness.get_by_label(t.title);
        }
        harness.get_by_label(template.title).click();
        harness.run_steps(3);
        settle(&mut harness);
        let app = harness.state();
        assert_eq!(app.doc.text(), template.text, "template {i}");
        assert!(app.doc.diagnostics().is_empty(), "{}: {:?}", template.file, app.doc.diagnostics());
        assert!(app.panels.player.level_count() > 0, "{} is playable", template.file);
        assert!(app.doc.path.is_none(), "a new game is saved where the author says");
    }
}

#[test]
fn sprites_create_and_levels_add_make_the_sections_they_need() {
    let mut harness = studio(Startup::Example(0));
    harness.state_mut().doc.set_text("title Bare\n".into());
    support::solo(&mut harness, studio::layout::PanelId::Sprites);
    harness.run_steps(3);
    harness.get_by_role_and_label(Role::TextInput, "New object:").click();
    harness.run_steps(1);
    harness.get_by_role_and_label(Role::TextInput, "New object:").type_text("Background");
    harness.run_steps(1);
    harness.get_by_label("Create").click();
    harness.run_steps(3);
    let made = harness.state().doc.text().to_owned();
    let (ast, _) = engine::syntax::parse(&made);
    let sections: Vec<_> = ast.sections.iter().map(|(s, _)| *s).collect();
    use engine::syntax::ast::Section;
    assert!(sections.contains(&Section::Objects) && sections.contains(&Section::CollisionLayers), "{made}");
    assert_eq!(sections.len(), 7, "every header a game needs, in order: {made}");
    let build = engine::build(&made);
    assert!(!build.diagnostics.iter().any(|d| d.code == "E0105"), "no section out of order: {:?}", build.diagnostics);
    assert_eq!(ast.objects.first().map(|o| o.name.text.as_str()), Some("background"));
    assert_eq!(ast.layers.len(), 1);
    assert!(harness.state().panels.sprites.message().is_none(), "{:?}", harness.state().panels.sprites.message());
    harness.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::Z);
    harness.run_steps(2);
    assert_eq!(harness.state().doc.text(), "title Bare\n", "the object and its sections undo as one step");
    harness.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::Y);
    harness.run_steps(2);
    assert_eq!(harness.state().doc.text(), made);

    // "+ Level" on a game with a Background object but no glyph and no LEVELS.
    support::solo(&mut harness, studio::layout::PanelId::Levels);
    harness.run_steps(3);
    harness.get_by_label("+ Level").click();
    harness.run_steps(3);
    let with_level = harness.state().doc.text().to_owned();
    let (ast, _) = engine::syntax::parse(&with_level);
    assert_eq!(ast.levels.len(), 1, "{with_level}");
    assert!(with_level.contains(". = Background"), "{with_level}");
    assert!(with_level.contains("\n........\n"), "{with_level}");
    harness.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::Z);
    harness.run_steps(2);
    assert_eq!(harness.state().doc.text(), made, "the level and its sections undo as one step");

    // With nothing to paint with, it says why instead of doing nothing.
    harness.state_mut().doc.set_text("title Bare\n".into());
    harness.run_steps(2);
    harness.get_by_label("+ Level").click();
    harness.run_steps(2);
    harness.get_by_label_contains("make an object called Background");
}

#[test]
fn no_sound_device_is_said_once_with_the_reason() {
    let mut harness = studio(Startup::Example(0));
    harness.state_mut().set_audio_output(std::sync::Arc::new(studio::audio::NoDevice::new("no card in this machine")));
    harness.run_steps(2);
    assert!(harness.state().status.contains("No sound: no card in this machine"), "{}", harness.state().status);
    // Said once: the status line moves on and the notice does not come back.
    harness.state_mut().queue(studio::command::Command::Rebuild);
    harness.run_steps(3);
    assert!(!harness.state().status.contains("No sound"), "{}", harness.state().status);
    // The Sounds page says it too, for as long as it lasts.
    support::solo(&mut harness, studio::layout::PanelId::Sounds);
    harness.run_steps(2);
    harness.get_by_label_contains("No sound output: no card in this machine");
}

/// A file given at start-up that cannot be opened says why, and the
/// no-sound notice that comes a moment later is said beside it, not over it
/// (it used to replace it, so a folder or a binary file given on the command
/// line opened an empty game with no word of what went wrong).
#[test]
fn a_file_that_cannot_be_opened_is_still_said_when_there_is_no_sound() {
    let dir = std::env::temp_dir().join(format!("pw-open-unopenable-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a temp folder");
    let binary = dir.join("picture.txt");
    std::fs::write(&binary, [0x89u8, b'P', b'N', b'G', 0, 0, 0, 13]).expect("write the binary file");
    for (path, says) in [(dir.clone(), "is a folder, not a game"), (binary, "is not a text file")] {
        let mut harness = studio(Startup::File(path.clone()));
        harness.state_mut().set_audio_output(std::sync::Arc::new(studio::audio::NoDevice::new("no card here")));
        harness.run_steps(2);
        let status = harness.state().status.clone();
        assert!(status.contains(&path.display().to_string()) && status.contains(says), "{status}");
        assert!(status.contains("No sound: no card here"), "{status}");
        // Nothing of the unreadable file became the document.
        assert_eq!(harness.state().doc.text(), "");
    }
    let _ = std::fs::remove_dir_all(&dir);
}

/// The real output on this machine: when it has no sound device (as CI
/// machines do not), the studio says so in the status line.
#[test]
fn the_real_output_without_a_device_is_reported() {
    let output = studio::audio::RodioAudio::new();
    output.open();
    if output.wait_for_device(std::time::Duration::from_secs(10)) != studio::audio::DeviceState::Unavailable {
        eprintln!("this machine has a sound device: nothing to report");
        return;
    }
    let mut harness = studio(Startup::Example(0));
    harness.state_mut().set_audio_output(std::sync::Arc::new(output));
    harness.run_steps(2);
    assert!(harness.state().status.contains("No sound"), "{}", harness.state().status);
}

#[test]
fn painting_with_the_mouse_keeps_the_legends_upper_case_glyph() {
    let mut harness = studio(Startup::Example(0));
    harness.state_mut().doc.finish_build();
    support::solo(&mut harness, studio::layout::PanelId::Levels);
    harness.run_steps(3);
    // Example 0's legend writes `S = Soil`; the first map is entry 1.
    assert!(harness.state().doc.text().contains("\nS = Soil\n"));
    harness.state_mut().panels.levels.select(1);
    harness.state_mut().panels.levels.set_brush(Some('s'));
    harness.run_steps(3);
    let before = harness.state().doc.text().to_owned();
    let canvas = harness.get_by_label("Level canvas").rect();
    // Cell (1, 1) of the 7×5 map `#.....#`.
    let pos = egui::pos2(canvas.min.x + 1.5 * canvas.width() / 7.0, canvas.min.y + 1.5 * canvas.height() / 5.0);
    support::press(&mut harness, pos, egui::PointerButton::Primary);
    support::release(&mut harness, pos, egui::PointerButton::Primary);
    let after = harness.state().doc.text().to_owned();
    assert_ne!(after, before, "the click painted");
    assert!(after.contains("\n#S....#\n"), "painted as the legend spells it:\n{after}");
    assert!(!after.contains("#s"), "no lower-case glyph");
    harness.get_by_label_contains("S  soil");
}

#[test]
fn autocomplete_names_are_never_broken_across_lines() {
    let mut harness = studio(Startup::Example(0));
    let text = harness.state().doc.text().to_owned();
    let rules = text.find("RULES").expect("rules");
    let at = rules + text[rules..].find('\n').expect("newline");
    studio::panels::code::set_selection(&harness.ctx, &text, at..at);
    harness.run_steps(2);
    // A list of short names first (the popup remembers its size) ...
    harness.get_by_role(Role::MultilineTextInput).type_text("\n[ Po");
    harness.run_steps(3);
    harness.get_by_label("Pond");
    let one_line = harness.get_by_label("Pond").rect().height();
    // ... then one with a longer name: it must not be broken in two.
    harness.get_by_role(Role::MultilineTextInput).type_text("nd | Gar");
    harness.run_steps(3);
    let item = harness.get_by_label("Gardener").rect();
    assert!(item.height() < one_line * 1.5, "the name is on one line: {item:?} (a line is {one_line} high)");
}

#[test]
fn the_recovery_offer_keeps_its_line_count_on_one_line() {
    let dir = std::env::temp_dir().join(format!("puzzlewright-recovery-wrap-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let long = dir
        .join("a folder with a rather long name indeed")
        .join("and another one inside it")
        .join("my_long_game_name.txt");
    std::fs::create_dir_all(long.parent().expect("parent")).expect("dirs");
    {
        // A session killed with 218 unsaved lines of `long`.
        let mut app = studio::StudioApp::with_parts(
            Startup::Example(0),
            studio::app::Persisted::default(),
            Box::new(studio::files::NoDialogs::default()),
            Some(dir.clone()),
        );
        app.doc = studio::document::Document::new(String::new(), Some(long.clone()));
        app.doc.set_text("(line)\n".repeat(218));
        app.autosave_now();
    }
    let app = studio::StudioApp::with_parts(
        Startup::Example(0),
        studio::app::Persisted::default(),
        Box::new(studio::files::NoDialogs::default()),
        Some(dir.clone()),
    );
    let mut harness = support::harness(app, [900.0, 700.0], false);
    harness.run_steps(3);
    let count = harness.get_by_label("(218 lines)").rect();
    assert!(count.height() < 24.0, "one line: {count:?}");
    harness.get_by_label("Discard").click();
    harness.run_steps(2);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn waveforms_use_the_width_of_their_row() {
    let app = support::app(Startup::Example(0), studio::app::Persisted::default());
    let mut harness = support::harness(app, [900.0, 800.0], false);
    support::solo(&mut harness, studio::layout::PanelId::Sounds);
    harness.run_steps(2);
    harness.state_mut().panels.sounds.more_like(4201);
    harness.run_steps(1);
    harness.state_mut().panels.sounds.wait_for_page(std::time::Duration::from_secs(60));
    harness.run_steps(3);
    let wave = harness.get_by_label("Waveform of 4201").rect();
    assert!(wave.width() > 400.0, "the waveform fills its row: {wave:?}");
    // Clicking it still auditions the seed.
    harness.get_by_label("Waveform of 4201").click();
    harness.run_steps(2);
    assert_eq!(harness.state().panels.sounds.audio.played().last(), Some(&4201));
}

#[test]
fn view_wrap_lines_wraps_long_lines_and_is_kept_between_runs() {
    let app = support::app(Startup::Example(0), studio::app::Persisted::default());
    let mut harness = support::harness(app, [800.0, 600.0], false);
    support::solo(&mut harness, studio::layout::PanelId::Code);
    let text = format!("({})\n{}", "a long comment ".repeat(30), harness.state().doc.text());
    harness.state_mut().doc.set_text(text);
    harness.run_steps(3);
    let wide = harness.get_by_role(Role::MultilineTextInput).rect().width();
    assert!(wide > 1000.0, "without wrapping the line runs off to the side: {wide}");
    harness.state_mut().queue(studio::command::Command::ToggleWrapLines);
    harness.run_steps(3);
    let wrapped = harness.get_by_role(Role::MultilineTextInput).rect().width();
    assert!(wrapped < 800.0, "wrapped at the panel's edge: {wrapped}");
    let kept = harness.state().persisted();
    assert!(kept.wrap_lines);
    let again = support::app(Startup::Example(0), kept);
    assert!(again.panels.code.wrap_lines, "the next run wraps too");
}

/// Hover every button in `panel` and list those that show no tooltip.
fn buttons_without_tooltips(harness: &mut egui_kittest::Harness<'_, studio::StudioApp>) -> Vec<String> {
    let buttons: Vec<(String, egui::Pos2)> = harness
        .query_all_by_role(Role::Button)
        .filter_map(|b| {
            let label = b.accesskit_node().label().unwrap_or_default();
            // The menu bar and the tab titles are not the page's buttons.
            let chrome = ["File", "Edit", "Run", "View"].contains(&label.as_str())
                || studio::layout::PanelId::ALL.iter().any(|p| p.title() == label);
            (!label.is_empty() && !chrome).then(|| (label, b.rect().center()))
        })
        .collect();
    let mut missing = Vec::new();
    for (label, at) in buttons {
        harness.hover_at(egui::pos2(0.0, 0.0));
        harness.run_steps(2);
        let before = harness.query_all_by_role(Role::Label).count();
        harness.hover_at(at);
        // Tooltips show after a short delay.
        for _ in 0..12 {
            harness.step();
        }
        if harness.query_all_by_role(Role::Label).count() <= before {
            missing.push(label);
        }
    }
    missing
}

#[test]
fn every_button_in_the_sounds_levels_and_sprites_pages_has_a_tooltip() {
    let app = support::app(
        Startup::Example(0),
        studio::app::Persisted { sound_favourites: vec![4201], ..studio::app::Persisted::default() },
    );
    let mut harness = support::harness(app, [1100.0, 900.0], false);
    harness.state_mut().doc.finish_build();
    let mut missing = Vec::new();
    for panel in [studio::layout::PanelId::Sounds, studio::layout::PanelId::Levels, studio::layout::PanelId::Sprites] {
        support::solo(&mut harness, panel);
        harness.run_steps(3);
        if panel == studio::layout::PanelId::Sounds {
            harness.state_mut().panels.sounds.more_like(4201);
            harness.run_steps(1);
            harness.state_mut().panels.sounds.wait_for_page(std::time::Duration::from_secs(60));
            harness.run_steps(3);
        }
        missing.extend(buttons_without_tooltips(&mut harness).into_iter().map(|b| format!("{panel:?}: {b}")));
    }
    missing.dedup();
    assert!(missing.is_empty(), "buttons without a tooltip: {missing:#?}");
}

/// Example 0 in a window tall enough for the whole outline.
fn tall_studio() -> egui_kittest::Harness<'static, studio::StudioApp> {
    let app = support::app(Startup::Example(0), studio::app::Persisted::default());
    let mut harness = support::harness(app, [1280.0, 1600.0], false);
    harness.run_steps(4);
    harness
}

#[test]
fn the_outline_maps_the_game_and_a_click_shows_the_place_in_the_code() {
    let mut harness = tall_studio();
    settle(&mut harness);
    harness.get_by_label("Outline").click();
    harness.run_steps(3);
    for shown in ["Sections (7)", "Objects (6)", "Rules (3)", "Levels (5)"] {
        harness.get_by_label(shown);
    }
    harness.get_by_label_contains("LEVELS");
    harness.get_by_label_contains("[ > Player | Pot ] -> [ > Player | > Pot ]");
    harness.get_by_label_contains("Level 3 (9×6)");
    harness.get_by_label_contains("message The garden is in bloom.");
    for _ in 0..3 {
        harness.run_steps(1);
    }
    assert_eq!(harness.state().panels.outline.level_pictures(), 3, "a picture of each level");
    // Sprites sit beside the objects, and a click on one shows it in the code.
    let text = harness.state().doc.text().to_owned();
    harness.get_by_label("Pot").click();
    harness.run_steps(3);
    let pot = text.find("\nPot\n").expect("the object") + 1;
    assert_eq!(selected(&harness), Some(pot..pot + 3));
    assert!(studio::layout::is_shown(&harness.state().tree, studio::layout::PanelId::Code));
    harness.get_by_role(Role::MultilineTextInput);
    // A level too.
    harness.get_by_label("Outline").click();
    harness.run_steps(3);
    harness.get_by_label_contains("Level 2 (8×5)").click();
    harness.run_steps(3);
    let level = text.find("########\n#..S..@#").expect("level 2");
    assert_eq!(selected(&harness).map(|r| r.start), Some(level));
}

#[test]
fn f12_goes_to_the_definition_of_the_name_at_the_cursor() {
    let mut harness = studio(Startup::Example(0));
    let text = harness.state().doc.text().to_owned();
    let in_rule = text.find("| Pot ]").expect("a rule") + 3;
    studio::panels::code::set_selection(&harness.ctx, &text, in_rule..in_rule);
    harness.run_steps(2);
    harness.key_press(egui::Key::F12);
    harness.run_steps(3);
    let pot = text.find("\nPot\n").expect("the object") + 1;
    assert_eq!(selected(&harness), Some(pot..pot + 3), "F12 on Pot selects its definition");
    // A glyph in a level goes to its legend line.
    let glyph = text.find("#....S#").expect("level 1") + 5;
    studio::panels::code::set_selection(&harness.ctx, &text, glyph..glyph);
    harness.run_steps(2);
    harness.key_press(egui::Key::F12);
    harness.run_steps(3);
    let legend = text.find("S = Soil").expect("legend");
    assert_eq!(selected(&harness), Some(legend..legend + 1), "F12 on a level glyph selects its legend entry");
    // Nothing named under the cursor: the status line says so.
    studio::panels::code::set_selection(&harness.ctx, &text, 1..1);
    harness.run_steps(2);
    harness.key_press(egui::Key::F12);
    harness.run_steps(2);
    assert!(harness.state().status.contains("Put the cursor on a name"), "{}", harness.state().status);
}

#[test]
fn ctrl_click_on_a_name_goes_to_its_definition() {
    let mut harness = studio(Startup::Example(0));
    let text = harness.state().doc.text().to_owned();
    let rule = text.find("[ > Player | Pot ]").expect("a rule");
    let line = text[..rule].matches('\n').count();
    let lines = text.split('\n').count();
    // Scrolled to the rule, as a jump does.
    harness.state_mut().panels.code.select = Some(rule..rule);
    harness.run_steps(4);
    // Where "Player" is drawn: the editor's rows are one monospace line each.
    let editor = harness.get_by_role(Role::MultilineTextInput).rect();
    let row = editor.height() / lines as f32;
    let char_width = harness.ctx.fonts_mut(|f| f.glyph_width(&egui::FontId::monospace(14.0), '0'));
    let pos = egui::pos2(editor.left() + 4.0 + char_width * 7.0, editor.top() + row * (line as f32 + 0.5));
    harness.event(egui::Event::PointerMoved(pos));
    harness.run_steps(1);
    harness.event(egui::Event::ModifiersChanged(egui::Modifiers::COMMAND));
    for pressed in [true, false] {
        harness.event(egui::Event::PointerButton {
            pos,
            button: egui::PointerButton::Primary,
            pressed,
            modifiers: egui::Modifiers::COMMAND,
        });
    }
    harness.event(egui::Event::ModifiersChanged(egui::Modifiers::NONE));
    harness.run_steps(4);
    let player = text.find("Player = Gardener").expect("legend");
    assert_eq!(
        selected(&harness),
        Some(player..player + 6),
        "Ctrl+click on Player selects its legend entry; status {}",
        harness.state().status
    );
}

#[test]
fn shift_f12_lists_every_use_in_the_outline() {
    let mut harness = tall_studio();
    let text = harness.state().doc.text().to_owned();
    // The outline scrolled down first, as after looking at the levels.
    harness.get_by_label("Outline").click();
    harness.run_steps(2);
    harness.event(egui::Event::PointerMoved(harness.get_by_label("Objects (6)").rect().center()));
    harness.event(egui::Event::MouseWheel {
        unit: egui::MouseWheelUnit::Point,
        delta: egui::vec2(0.0, -400.0),
        modifiers: egui::Modifiers::NONE,
        phase: egui::TouchPhase::Move,
        source: egui::MouseWheelSource::Wheel,
    });
    harness.run_steps(3);
    let in_rule = text.find("| Pot ]").expect("a rule") + 3;
    studio::panels::code::set_selection(&harness.ctx, &text, in_rule..in_rule);
    harness.run_steps(2);
    harness.key_press_modifiers(egui::Modifiers::SHIFT, egui::Key::F12);
    harness.run_steps(3);
    let uses = harness.state().panels.outline.uses.clone().expect("uses listed");
    assert_eq!(uses.name, "pot");
    let written: Vec<&str> = uses.spans.iter().map(|s| &text[s.start..s.end]).collect();
    assert!(written.len() >= 8 && written.iter().all(|w| w.eq_ignore_ascii_case("pot")), "{written:?}");
    let heading = harness.get_by_label(&format!("Uses of pot ({})", uses.spans.len())).rect();
    let tab = harness.get_by_label("Outline").rect();
    assert!(
        heading.top() > tab.bottom() && heading.top() < tab.bottom() + 40.0,
        "the uses show at the top of the outline: {heading:?}"
    );
    // The uses are listed by line; a click shows one in the code.
    let win = text.find("All Pot on Soil").expect("win condition") + 4;
    let line = text[..win].matches('\n').count() + 1;
    harness.get_by_label(&format!("{line:>5}  All Pot on Soil")).click();
    harness.run_steps(3);
    assert_eq!(selected(&harness), Some(win..win + 3), "status {}", harness.state().status);
}

#[test]
fn the_layout_follows_the_window_size_from_the_first_frame() {
    // The first frame is laid out for a smaller window than the one that
    // then shows (a desktop may report the real size late); the next
    // frames follow the real size with no input in between, and a click
    // lands where the widget is drawn.
    let app = support::app(Startup::Example(0), studio::app::Persisted::default());
    let mut harness = support::harness(app, [960.0, 600.0], false);
    harness.step();
    harness.set_size(egui::vec2(1280.0, 800.0));
    harness.step();
    harness.step();
    let status = harness.get_by_label("Opened the example sokoban_garden.txt").rect();
    let name = harness.get_by_label("sokoban_garden.txt").rect();
    assert!(name.right() > 1250.0, "the file name sits at the right edge: {name:?}");
    assert!(status.bottom() > 770.0, "the status line is at the real bottom: {status:?}");
    let title = harness.get_by_label("Title").rect();
    assert!(title.right() > 1100.0, "the player sits at the right of the real window: {title:?}");
    harness.get_by_label("View").click();
    harness.run_steps(2);
    harness.get_by_label("Wrap Lines");
}

#[test]
fn a_new_document_opens_at_its_start() {
    let mut harness = studio(Startup::Example(0));
    let end = harness.state().doc.text().len();
    harness.state_mut().panels.code.select = Some(end..end);
    harness.run_steps(3);
    let (first, _) = harness.state().panels.code.visible_lines().expect("lines shown");
    assert!(first > 1, "scrolled down to the end first");
    harness.state_mut().queue(studio::command::Command::NewFrom(1));
    harness.run_steps(3);
    assert_eq!(
        harness.state().panels.code.visible_lines().map(|v| v.0),
        Some(1),
        "the new game shows from its first line"
    );
}

#[test]
fn esc_from_a_find_bar_button_hands_the_keys_back_to_the_editor() {
    let mut harness = studio(Startup::Example(0));
    let text = harness.state().doc.text().to_owned();
    studio::panels::code::set_selection(&harness.ctx, &text, 0..0);
    harness.run_steps(2);
    find(&mut harness, "Soil");
    let shown = harness.state().panels.code.find.current.clone().expect("a match");
    // Tab moves the focus to the bar's buttons; Esc still returns to the match.
    harness.key_press(egui::Key::Tab);
    harness.run_steps(2);
    harness.key_press(egui::Key::Escape);
    harness.run_steps(2);
    harness.event(egui::Event::Text("X".into()));
    harness.run_steps(2);
    assert_eq!(&harness.state().doc.text()[shown.start..shown.start + 1], "X", "typing after Esc replaces the match");
}

/// Issue 17: F12 on the name after `gosub` selects its `subroutine` line's
/// name, and Shift+F12 lists the calls and the definition.
#[test]
fn f12_on_a_gosub_target_goes_to_its_subroutine() {
    const GAME: &str = "title Routines\n\nOBJECTS\n\nBackground\nblack\n\nPlayer\nblue\n\nLEGEND\n\n. = Background\nP = Player\n\nCOLLISIONLAYERS\nBackground\nPlayer\n\nRULES\n\n[ > Player ] -> [ > Player ] gosub Move Tiles\n\nsubroutine Move Tiles\n[ Player ] -> [ Player ]\n\nWINCONDITIONS\n\nLEVELS\n\nP.\n";
    let dir = std::env::temp_dir().join(format!("puzzlewright-gosub-f12-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let path = dir.join("routines.txt");
    std::fs::write(&path, GAME).expect("write the game");
    let mut harness = studio(Startup::File(path));
    let call = GAME.find("gosub Move").expect("the call") + 8;
    studio::panels::code::set_selection(&harness.ctx, GAME, call..call);
    harness.run_steps(2);
    harness.key_press(egui::Key::F12);
    harness.run_steps(3);
    let def = GAME.find("subroutine Move").expect("the subroutine") + "subroutine ".len();
    assert_eq!(selected(&harness), Some(def..def + "Move Tiles".len()), "{}", harness.state().status);
    assert!(harness.state().status.contains("defined on line 24"), "{}", harness.state().status);
    harness.key_press_modifiers(egui::Modifiers::SHIFT, egui::Key::F12);
    harness.run_steps(3);
    let uses = harness.state().panels.outline.uses.as_ref().expect("uses listed");
    assert_eq!(uses.spans.iter().map(|s| s.line).collect::<Vec<_>>(), vec![22, 24]);
}
