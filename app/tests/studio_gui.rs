//! The studio driven like a user would, headless, through egui_kittest.
//!
//! Behaviour tests need no GPU. Snapshot tests render with wgpu (Mesa's
//! lavapipe/llvmpipe in CI); when no adapter exists at all they say so and
//! skip (and fail in CI: see `support::snapshot`), and a picture that differs
//! from the stored one fails. Every test expects the engine to build the
//! examples cleanly: a regression there fails them, it does not skip them.

use egui::accesskit::Role;
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable as _;
use studio::app::Persisted;
use studio::files::NoDialogs;
use studio::layout::PanelId;
use studio::{Startup, StudioApp};

mod support;
use support::studio;

/// A fixed set of diagnostics, so snapshots do not change with the engine.
fn pinned_diagnostics(text: &str) -> Vec<engine::Diagnostic> {
    let at = |needle: &str| {
        let start = text.find(needle).unwrap_or(0);
        let line = text[..start].matches('\n').count() as u32 + 1;
        let col = (start - text[..start].rfind('\n').map_or(0, |i| i + 1)) as u32 + 1;
        engine::Span::new(start, start + needle.len(), line, col)
    };
    vec![
        engine::Diagnostic::warning("W0000", at("Hedge"), "a pinned warning for the snapshot"),
        engine::Diagnostic::error("E0000", at("Pond\n"), "a pinned error for the snapshot"),
    ]
}

/// Let the background build of the current text finish and be shown.
fn settle(harness: &mut Harness<'_, StudioApp>) {
    harness.state_mut().doc.finish_build();
    harness.run_steps(2);
}

fn error_messages(app: &StudioApp) -> Vec<String> {
    app.doc.diagnostics().iter().filter(|d| d.is_error()).map(|d| d.message.clone()).collect()
}

#[test]
fn every_example_opens_without_errors() {
    for (i, example) in studio::examples::EXAMPLES.iter().enumerate() {
        let harness = studio(Startup::Example(i));
        assert_eq!(harness.state().doc.text(), example.text);
        assert!(error_messages(harness.state()).is_empty(), "{}: {:?}", example.file, error_messages(harness.state()));
        assert!(harness.query_all_by_label_contains("Problems").count() > 0);
        assert!(harness.state().panels.player.level_count() > 0, "{} is playable", example.file);
    }
}

#[test]
fn typing_an_error_shows_it_in_problems_and_undo_clears_it() {
    let mut harness = studio(Startup::Example(0));
    assert!(error_messages(harness.state()).is_empty());

    // Put the cursor at the end of the game and type a rule that names an
    // object nobody defined.
    let text = harness.state().doc.text().to_owned();
    let rules = text.find("RULES").expect("the example has rules");
    let line_end = rules + text[rules..].find("\n\n").expect("blank line after RULES");
    studio::panels::code::set_selection(&harness.ctx, &text, line_end..line_end);
    harness.run_steps(2);
    harness.get_by_role(Role::MultilineTextInput).type_text("\n[ Gnome ] -> [ ]");
    harness.run_steps(3);
    settle(&mut harness);

    assert!(harness.state().doc.text().contains("[ Gnome ] -> [ ]"), "typed into the editor");
    let errors = error_messages(harness.state());
    assert!(!errors.is_empty(), "the unknown name is an error");
    let shown = harness.query_all_by_label_contains(&errors[0]).count();
    assert!(shown > 0, "the error is listed in Problems: {errors:?}");

    // Clicking the problem selects it in the editor.
    harness.get_all_by_label_contains(&errors[0]).next().expect("row").click();
    harness.run_steps(3);
    let selected = studio::panels::code::selection(&harness.ctx, harness.state().doc.text()).expect("cursor");
    let span = harness.state().doc.diagnostics().iter().find(|d| d.is_error()).expect("error").span;
    assert_eq!(selected, span.start..span.end);

    // Undo takes the typing back and the problem goes away.
    harness.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::Z);
    harness.run_steps(3);
    settle(&mut harness);
    assert_eq!(harness.state().doc.text(), text);
    assert!(error_messages(harness.state()).is_empty());
    assert_eq!(harness.query_all_by_label_contains(&errors[0]).count(), 0, "gone from Problems");
    assert!(!harness.state().doc.is_dirty());
}

#[test]
fn toggle_comment_and_find_through_shortcuts() {
    let mut harness = studio(Startup::Example(0));
    let text = harness.state().doc.text().to_owned();
    studio::panels::code::set_selection(&harness.ctx, &text, 0..0);
    harness.run_steps(2);
    harness.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::Slash);
    harness.run_steps(3);
    let first = harness.state().doc.text().lines().next().unwrap_or_default().to_owned();
    assert!(first.starts_with('(') && first.ends_with(')'), "{first}");
    harness.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::Z);
    harness.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::F);
    harness.run_steps(3);
    assert_eq!(harness.state().doc.text(), text);
    assert!(harness.state().panels.code.find.open);
}

#[test]
fn hiding_and_resetting_panels() {
    let mut harness = studio(Startup::Example(0));
    harness.state_mut().queue(studio::command::Command::TogglePanel(PanelId::Problems));
    harness.run_steps(3);
    assert!(!studio::layout::is_shown(&harness.state().tree, PanelId::Problems));
    harness.state_mut().queue(studio::command::Command::ResetLayout);
    harness.run_steps(3);
    assert!(studio::layout::is_shown(&harness.state().tree, PanelId::Problems));
}

#[test]
fn unsaved_changes_are_asked_about_before_new() {
    let mut harness = studio(Startup::Example(0));
    let mut text = harness.state().doc.text().to_owned();
    text.push_str("\n(more)\n");
    harness.state_mut().doc.set_text(text.clone());
    // New offers starting points; choosing one asks about the unsaved text.
    harness.state_mut().queue(studio::command::Command::New);
    harness.run_steps(3);
    harness.get_by_label("Collect the coins").click();
    harness.run_steps(3);
    harness.get_by_label("Cancel").click();
    harness.run_steps(3);
    assert_eq!(harness.state().doc.text(), text, "cancel keeps the text");
    harness.state_mut().queue(studio::command::Command::New);
    harness.run_steps(3);
    harness.get_by_label("Collect the coins").click();
    harness.run_steps(3);
    harness.get_by_label("Don't Save").click();
    harness.run_steps(3);
    assert_eq!(harness.state().doc.text(), studio::examples::TEMPLATES[2].text);
}

#[test]
fn recovery_file_is_offered_after_a_kill() {
    let dir = std::env::temp_dir().join(format!("puzzlewright-recovery-test-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    {
        let mut app = StudioApp::with_parts(
            Startup::Example(0),
            Persisted::default(),
            Box::new(NoDialogs::default()),
            Some(dir.clone()),
        );
        app.doc.set_text("title Unsaved work\n".into());
        let mut harness = Harness::builder().build_ui_state(|ui, app: &mut StudioApp| app.ui_root(ui), app);
        harness.run_steps(2);
        // Dropped without on_exit: as if the process were killed.
    }
    let app = StudioApp::with_parts(
        Startup::Example(0),
        Persisted::default(),
        Box::new(NoDialogs::default()),
        Some(dir.clone()),
    );
    let mut harness =
        Harness::builder().with_size([1280.0, 800.0]).build_ui_state(|ui, app: &mut StudioApp| app.ui_root(ui), app);
    harness.run_steps(2);
    harness.get_by_label("Restore").click();
    harness.run_steps(2);
    assert_eq!(harness.state().doc.text(), "title Unsaved work\n");
    let _ = std::fs::remove_dir_all(&dir);
}

fn snapshot_or_skip(harness: &mut Harness<'_, StudioApp>, name: &str) {
    settle(harness);
    let text = harness.state().doc.text().to_owned();
    harness.state_mut().doc.replace_diagnostics(pinned_diagnostics(&text));
    harness.run_steps(2);
    support::snapshot(harness, name);
}

#[test]
fn snapshot_of_the_whole_window() {
    let mut harness = studio(Startup::Example(0));
    snapshot_or_skip(&mut harness, "studio_window");
}

#[test]
fn snapshot_of_each_panel() {
    let mut harness = studio(Startup::Example(0));
    for panel in PanelId::ALL {
        harness.state_mut().tree = egui_tiles::Tree::new_tabs(egui::Id::unique("solo"), vec![panel]);
        harness.set_size(egui::vec2(640.0, 480.0));
        harness.run_steps(3);
        snapshot_or_skip(&mut harness, &format!("panel_{}", panel.title().to_lowercase()));
    }
}

/// Frame time while typing into the largest corpus game:
/// `cargo test -p app --test studio_gui typing_timing -- --ignored --nocapture`.
#[test]
#[ignore = "measurement; needs ../shared/corpus"]
fn typing_timing() {
    let path = test_support::corpus_file("easyenigma.txt");
    let started = std::time::Instant::now();
    let app = StudioApp::with_parts(Startup::File(path), Persisted::default(), Box::new(NoDialogs::default()), None);
    // easyenigma has Japanese object names; the built-in fonts draw tofu.
    let mut harness = Harness::builder()
        .with_size([1280.0, 800.0])
        .allow_missing_glyphs()
        .build_ui_state(|ui, app: &mut StudioApp| app.ui_root(ui), app);
    harness.run_steps(4);
    println!("open + first frames: {:?}", started.elapsed());
    let text = harness.state().doc.text().to_owned();
    let mid = text.len() / 2;
    let mid = text[mid..].find('\n').map_or(mid, |i| mid + i);
    studio::panels::code::set_selection(&harness.ctx, &text, mid..mid);
    harness.run_steps(2);
    let mut worst = std::time::Duration::ZERO;
    let mut total = std::time::Duration::ZERO;
    for ch in "abcdefghij".chars() {
        harness.event(egui::Event::Text(ch.to_string()));
        let t = std::time::Instant::now();
        harness.step();
        let took = t.elapsed();
        worst = worst.max(took);
        println!(
            "  frame {took:?}, highlight [cache, job, layout] {:?}",
            harness.state().panels.code.highlight_timing()
        );
        total += took;
    }
    assert!(harness.state().doc.text().contains("abcdefghij"));
    settle(&mut harness);
    println!(
        "easyenigma: 10 keystrokes, mean frame {:?}, worst {worst:?} (build {:?})",
        total / 10,
        harness.state().doc.build_time()
    );
}

/// Escape answers each question with its Cancel: the typed-path prompt,
/// the New chooser and the unsaved-changes question close and nothing is
/// opened, replaced or lost. (Escape used to do nothing: under Xvfb the
/// path prompt stayed open however often it was pressed.)
#[test]
fn escape_cancels_the_path_prompt_the_new_chooser_and_the_unsaved_question() {
    let mut harness = studio(Startup::Example(0));
    let prompt = "No file dialog is available on this desktop. Type a path:";
    harness.state_mut().queue(studio::command::Command::Open);
    harness.run_steps(3);
    harness.get_by_label(prompt);
    harness.get_by_role(Role::TextInput).type_text("/somewhere/else.txt");
    harness.run_steps(1);
    harness.key_press(egui::Key::Escape);
    harness.run_steps(2);
    assert!(harness.query_by_label(prompt).is_none(), "Escape closes the path prompt");
    assert!(harness.state().doc.text().starts_with("title Pots in the Garden"), "the example stays open");

    let mut text = harness.state().doc.text().to_owned();
    text.push_str("\n(more)\n");
    harness.state_mut().doc.set_text(text.clone());
    harness.state_mut().queue(studio::command::Command::New);
    harness.run_steps(3);
    harness.get_by_label("Collect the coins");
    harness.key_press(egui::Key::Escape);
    harness.run_steps(2);
    assert!(harness.query_by_label("Collect the coins").is_none(), "Escape closes the New chooser");

    harness.state_mut().queue(studio::command::Command::New);
    harness.run_steps(3);
    harness.get_by_label("Collect the coins").click();
    harness.run_steps(3);
    harness.get_by_label("Don't Save");
    harness.key_press(egui::Key::Escape);
    harness.run_steps(2);
    assert!(harness.query_by_label("Don't Save").is_none(), "Escape closes the unsaved question");
    assert_eq!(harness.state().doc.text(), text, "and keeps the text");
}

#[test]
fn open_and_save_through_the_path_prompt_when_no_dialog_service() {
    let dir = std::env::temp_dir().join(format!("puzzlewright-files-test-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let game = dir.join("game.txt");
    std::fs::write(&game, "title From disk\n").expect("write");
    // A standalone export keeps the source as a JSON string.
    let html = dir.join("exported.html");
    let literal = serde_json::to_string("title From html\n").expect("json");
    std::fs::write(
        &html,
        format!("<html><script>const sourceCode={literal};compile([\"restart\"],sourceCode);</script>"),
    )
    .expect("write");

    let mut harness = studio(Startup::Example(0));
    harness.state_mut().queue(studio::command::Command::Open);
    harness.run_steps(3);
    harness.get_by_label("No file dialog is available on this desktop. Type a path:");
    harness.get_by_role(Role::TextInput).type_text(&game.display().to_string());
    harness.run_steps(1);
    harness.get_by_label("Open").click();
    harness.run_steps(3);
    assert_eq!(harness.state().doc.text(), "title From disk\n");
    assert_eq!(harness.state().recent().first().map(|p| p.file_name()), Some(game.file_name()));

    // Edit, then Save As to a new path through the prompt.
    harness.state_mut().doc.set_text("title Saved\n".into());
    harness.state_mut().queue(studio::command::Command::SaveAs);
    harness.run_steps(3);
    let saved = dir.join("saved.txt");
    // The prompt starts with the current path; replace it.
    harness.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::A);
    harness.run_steps(1);
    harness.get_by_role(Role::TextInput).type_text(&saved.display().to_string());
    harness.run_steps(1);
    harness.get_by_label("Save").click();
    harness.run_steps(3);
    assert_eq!(std::fs::read_to_string(&saved).expect("saved"), "title Saved\n");
    assert!(!harness.state().doc.is_dirty());

    // Opening the export recovers its source, as an unsaved document.
    harness.state_mut().queue(studio::command::Command::OpenRecent(html));
    harness.run_steps(3);
    assert_eq!(harness.state().doc.text(), "title From html\n");
    assert!(harness.state().doc.path.is_none());
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn autocomplete_offers_names_and_tab_accepts() {
    let mut harness = studio(Startup::Example(0));
    let text = harness.state().doc.text().to_owned();
    let rules = text.find("RULES").expect("the example has rules");
    let line_end = rules + text[rules..].find('\n').expect("newline");
    studio::panels::code::set_selection(&harness.ctx, &text, line_end..line_end);
    harness.run_steps(2);
    harness.get_by_role(Role::MultilineTextInput).type_text("\n[ Gar");
    harness.run_steps(2);
    harness.get_by_label("Gardener");
    harness.key_press(egui::Key::Tab);
    harness.run_steps(2);
    assert!(harness.state().doc.text().contains("\n[ Gardener"), "Tab puts the name in");
    assert!(harness.state().panels.code.completion.is_none());
}

#[test]
fn the_player_moves_with_the_keys_and_keeps_its_level_across_a_rebuild() {
    let mut harness = studio(Startup::Example(0));
    assert!(harness.state().panels.player.level_count() > 0);
    // Entry 0 of LEVELS is a message; click the board to give it the keys,
    // and X moves on to the first map.
    assert_eq!(harness.state().panels.player.level(), 0);
    let board = harness.get_by_role(Role::ComboBox).rect(); // the level picker sits above the board
    harness.hover_at(board.center() + egui::vec2(0.0, 200.0));
    harness.event(egui::Event::PointerButton {
        pos: board.center() + egui::vec2(0.0, 200.0),
        button: egui::PointerButton::Primary,
        pressed: true,
        modifiers: egui::Modifiers::NONE,
    });
    harness.event(egui::Event::PointerButton {
        pos: board.center() + egui::vec2(0.0, 200.0),
        button: egui::PointerButton::Primary,
        pressed: false,
        modifiers: egui::Modifiers::NONE,
    });
    harness.run_steps(2);
    // The game opens on its title screen; X starts it.
    assert!(harness.state().panels.player.on_title(), "a game opens on its title screen");
    harness.key_press(egui::Key::X);
    harness.run_steps(3);
    assert!(!harness.state().panels.player.on_title(), "X leaves the title screen");
    harness.key_press(egui::Key::X);
    harness.run_steps(3);
    assert_eq!(harness.state().panels.player.level(), 1, "X dismisses the message entry");
    let before = harness.state().panels.player.dump().expect("a session");
    // Level 1 starts in its top-left corner: down is free.
    harness.key_press(egui::Key::ArrowDown);
    harness.run_steps(2);
    let after = harness.state().panels.player.dump().expect("a session");
    assert_ne!(before, after, "the arrow moved the gardener");
    harness.key_press(egui::Key::Z);
    harness.run_steps(2);
    assert_eq!(harness.state().panels.player.dump().expect("a session"), before, "Z undid the move");
    let last = support::garden_level_1_but_the_last(&mut harness);
    harness.key_press(last);
    // The engine may finish the turn with timed `again` steps.
    for _ in 0..40 {
        harness.run_steps(1);
        if harness.state().panels.player.level() != 1 {
            break;
        }
        std::thread::sleep(std::time::Duration::from_millis(25));
    }
    assert_eq!(harness.state().panels.player.level(), 2, "winning moves on to the next entry");

    // Move in level 2, then make an edit that keeps the game compiling: the
    // rebuild keeps the level and the position in it.
    let start = harness.state().panels.player.dump().expect("a session");
    for key in [egui::Key::ArrowLeft, egui::Key::ArrowUp, egui::Key::ArrowRight, egui::Key::ArrowDown] {
        harness.key_press(key);
        harness.run_steps(2);
        if harness.state().panels.player.dump().expect("a session") != start {
            break;
        }
    }
    let moved = harness.state().panels.player.dump().expect("a session");
    assert_ne!(moved, start, "some arrow moved the gardener in level 2");
    let mut text = harness.state().doc.text().to_owned();
    text.push_str("\n(a comment)\n");
    harness.state_mut().doc.set_text(text);
    harness.run_steps(3);
    settle(&mut harness);
    assert_eq!(harness.state().panels.player.level(), 2, "a rebuild keeps the level");
    assert_eq!(harness.state().panels.player.dump().as_deref(), Some(moved.as_str()), "and the position");

    // While the text has errors the player keeps the last good build.
    let good = harness.state().doc.text().to_owned();
    harness.state_mut().doc.set_text(good.replace("COLLISIONLAYERS", "COLLISIONLAYERS\nNoSuchThing"));
    harness.run_steps(3);
    settle(&mut harness);
    assert!(engine::diag::has_errors(harness.state().doc.diagnostics()));
    assert_eq!(harness.state().panels.player.dump().as_deref(), Some(moved.as_str()), "still playing");
    harness.get_by_label("The text has errors (see Problems); playing the last version that compiled.");
    harness.state_mut().doc.set_text(good);
    harness.run_steps(3);
    settle(&mut harness);

    // Esc goes back to the title, which offers to continue from level 2
    // (entry 2 is the second map: levels are counted among maps only).
    harness.key_press(egui::Key::Escape);
    harness.run_steps(2);
    assert!(harness.state().panels.player.on_title());
    assert_eq!(harness.state().panels.player.progress().values().copied().max(), Some(2), "progress is kept");
    harness.get_by_label("Continue from level 2").click();
    harness.run_steps(3);
    assert!(!harness.state().panels.player.on_title());
    assert_eq!(harness.state().panels.player.level(), 2);
}

/// Snapshot without pinning the diagnostics (for a game that compiles).
fn snapshot_as_is(harness: &mut Harness<'_, StudioApp>, name: &str) {
    settle(harness);
    harness.run_steps(2);
    support::snapshot(harness, name);
}

#[test]
fn snapshot_of_the_player_title_screen_and_board() {
    let mut harness = studio(Startup::Example(0));
    harness.state_mut().tree = egui_tiles::Tree::new_tabs(egui::Id::unique("solo"), vec![PanelId::Player]);
    harness.set_size(egui::vec2(640.0, 480.0));
    harness.run_steps(3);
    assert!(harness.state().panels.player.on_title());
    snapshot_as_is(&mut harness, "player_title");
    harness.get_by_label("Start a new game").click();
    harness.run_steps(2);
    harness.state_mut().panels.player.select_level(1);
    harness.run_steps(3);
    assert_eq!(harness.state().panels.player.level(), 1);
    snapshot_as_is(&mut harness, "player_board");
}

#[test]
fn a_binary_file_is_refused_and_a_non_utf8_one_opens_as_a_copy() {
    let dir = std::env::temp_dir().join(format!("puzzlewright-badfiles-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let binary = dir.join("tool");
    std::fs::write(&binary, b"\x7fELF\0\0\0\x02\x01").expect("write");
    let latin1 = dir.join("old.txt");
    std::fs::write(&latin1, b"title Caf\xe9\n").expect("write");

    // U+FFFD is not in the test fonts; the real app draws a box for it.
    let app = support::app(Startup::Example(0), Persisted::default());
    let mut harness = support::harness(app, [1280.0, 800.0], true);
    harness.run_steps(4);
    let before = harness.state().doc.text().to_owned();
    harness.state_mut().open_path(binary.clone());
    harness.run_steps(2);
    assert_eq!(harness.state().doc.text(), before, "the open game stays");
    assert!(harness.state().status.contains("not a text file"), "{}", harness.state().status);

    harness.state_mut().open_path(latin1.clone());
    harness.run_steps(2);
    assert_eq!(harness.state().doc.text(), "title Caf\u{fffd}\n");
    assert!(harness.state().doc.path.is_none(), "saving must not overwrite the original");
    assert!(harness.state().status.contains("1 byte that is not UTF-8"), "{}", harness.state().status);
    assert_eq!(std::fs::read(&latin1).expect("read"), b"title Caf\xe9\n");
    let _ = std::fs::remove_dir_all(&dir);
}

/// The Problems table: each diagnostic in a row of its own (severity, line,
/// message, code); a click on a row selects its span in the code.
#[test]
fn the_problems_table_lists_each_diagnostic_and_a_click_selects_it() {
    let mut harness = studio(Startup::Example(0));
    let text = harness.state().doc.text().to_owned();
    let pinned = pinned_diagnostics(&text);
    harness.state_mut().doc.replace_diagnostics(pinned.clone());
    harness.run_steps(3);
    for d in &pinned {
        harness.get_by_label(&d.message);
        harness.get_by_label(d.code);
        assert!(harness.query_by_label(&format!("line {}:{}", d.span.line, d.span.col)).is_some(), "the line column");
    }
    assert_eq!(harness.query_all_by_label("error").count(), 1, "one error row");
    assert_eq!(harness.query_all_by_label("warning").count(), 1, "one warning row");
    harness.get_by_label("a pinned error for the snapshot").click();
    harness.run_steps(3);
    let selected = studio::panels::code::selection(&harness.ctx, harness.state().doc.text()).expect("cursor");
    assert_eq!(selected, pinned[1].span.start..pinned[1].span.end, "the error's span is selected");
}

/// In a narrow window a long status is cut short with "…" before the
/// file's name at the right, never drawn over it (the snapshot was looked
/// at: one line, the status ends in "…", then the name).
#[test]
fn a_long_status_is_cut_short_beside_the_file_name_in_a_narrow_window() {
    let mut harness = studio(Startup::Example(0));
    harness.set_size(egui::vec2(600.0, 400.0));
    let long =
        "A very long status line that says a great deal about what just happened in the studio, far more than fits";
    harness.state_mut().status = long.to_owned();
    harness.run_steps(3);
    let status = harness.get_by_label(long).rect();
    let name = harness.get_by_label("sokoban_garden.txt").rect();
    assert!(status.right() <= name.left(), "the status {status:?} ends before the name {name:?}");
    assert!(status.height() < 24.0, "one line: {status:?}");
    assert!(name.right() <= 600.0 && status.left() >= 0.0, "both inside the window: {status:?} {name:?}");
    snapshot_or_skip(&mut harness, "status_bar_narrow");
}
