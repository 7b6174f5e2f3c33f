//! File → Export… and "Record GIF" driven through egui_kittest: a session
//! recorded in the player is exported as a GIF with one frame per input,
//! into the game's folder, which the dialog then remembers for the game.

use std::time::Duration;

use egui_kittest::kittest::Queryable as _;
use studio::Startup;
use studio::app::Persisted;
use studio::layout::PanelId;

mod support;

/// A one-level game: the player walks in a corridor.
const WALK: &str = "title Walk\n\nOBJECTS\nBackground\nblack\nPlayer\nwhite\nWall\ngrey\n\nLEGEND\n. = Background\n\
    P = Player\n# = Wall\n\nSOUNDS\n\nCOLLISIONLAYERS\nBackground\nPlayer, Wall\n\nRULES\n\nWINCONDITIONS\n\n\
    LEVELS\n\n######\n#P...#\n######\n";

#[test]
fn a_recorded_session_exports_as_a_gif_into_the_remembered_folder() {
    let dir = std::env::temp_dir().join(format!("pw-gui-export-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let game = dir.join("walk.txt");
    std::fs::write(&game, WALK).expect("write game");
    let mut harness =
        support::harness(support::app(Startup::File(game.clone()), Persisted::default()), [900.0, 600.0], false);
    harness.state_mut().doc.finish_build();
    support::solo(&mut harness, PanelId::Player);
    harness.run_steps(4);
    // Leave the title screen, then record two moves.
    let size = harness.ctx.content_rect().size();
    let at = egui::pos2(size.x / 2.0, size.y * 0.8);
    support::press(&mut harness, at, egui::PointerButton::Primary);
    support::release(&mut harness, at, egui::PointerButton::Primary);
    harness.key_press(egui::Key::X);
    harness.run_steps(3);
    harness.get_by_label("Record GIF").click();
    harness.run_steps(3);
    support::press(&mut harness, at, egui::PointerButton::Primary);
    support::release(&mut harness, at, egui::PointerButton::Primary);
    for _ in 0..2 {
        harness.key_press(egui::Key::ArrowRight);
        harness.run_steps(2);
    }
    let recorded = harness.state().panels.player.recorder.clone().expect("recording");
    assert!(recorded.on);
    assert_eq!(recorded.recording.steps.len(), 2, "{recorded:?}");
    // File → Export… → Animated GIF → Export.
    harness.get_by_label("File").click();
    harness.run_steps(2);
    harness.get_by_label("Export…").click();
    harness.run_steps(4);
    assert!(harness.state().export.open, "the export window opens");
    harness.get_by_label("Animated GIF").click();
    harness.run_steps(2);
    assert!(harness.query_by_label_contains("the recorded session: 2 inputs").is_some());
    // Message screens are in by default and can be left out.
    assert!(!harness.state().export.skip_messages);
    harness.get_by_label("Include message screens").click();
    harness.run_steps(2);
    assert!(harness.state().export.skip_messages, "unticked: left out");
    harness.get_by_label("Include message screens").click();
    harness.run_steps(2);
    assert!(!harness.state().export.skip_messages);
    harness.get_by_label("Export").click();
    let out = dir.join("walk.gif");
    for _ in 0..100 {
        harness.run_steps(1);
        if out.exists() && harness.query_by_label_contains("Done: wrote").is_some() {
            break;
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    let bytes = std::fs::read(&out).expect("the GIF was written beside the game");
    let mut decoder = gif::DecodeOptions::new().read_info(bytes.as_slice()).expect("a GIF");
    let mut frames = 0;
    while decoder.read_next_frame().expect("frame").is_some() {
        frames += 1;
    }
    assert_eq!(frames, 3, "the level's start and one frame per recorded input");
    assert_eq!(harness.state().export.folder(), dir.display().to_string());
    // Exporting again to the same name asks first; "Keep it" keeps it.
    std::fs::write(&out, b"the author's own file").expect("write");
    harness.get_by_label("Export").click();
    harness.run_steps(3);
    harness.get_by_label_contains("walk.gif already exists");
    assert!(
        harness.query_by_label_contains("Done:").is_none(),
        "the last export's outcome is cleared while the window asks about the next"
    );
    harness.get_by_label("Keep it").click();
    harness.run_steps(3);
    assert!(harness.query_by_label_contains("already exists").is_none());
    assert_eq!(std::fs::read(&out).expect("kept"), b"the author's own file", "not replaced");
    // "Replace" writes it.
    harness.get_by_label("Export").click();
    harness.run_steps(3);
    harness.get_by_label("Replace").click();
    for _ in 0..100 {
        harness.run_steps(1);
        if std::fs::read(&out).is_ok_and(|b| b.starts_with(b"GIF")) {
            break;
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    assert!(std::fs::read(&out).expect("replaced").starts_with(b"GIF89a"), "replaced once the author agreed");
    // The game's own file is refused at once, never offered to replace.
    let before = std::fs::read(&game).expect("the game");
    let name_field = harness.get_all_by_role(egui::accesskit::Role::TextInput).nth(1).expect("the file name field");
    name_field.focus();
    harness.run_steps(1);
    harness.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::A);
    harness.run_steps(1);
    harness.get_all_by_role(egui::accesskit::Role::TextInput).nth(1).expect("field").type_text("walk.txt");
    harness.run_steps(2);
    harness.get_by_label("Export").click();
    harness.run_steps(3);
    assert!(harness.query_by_label_contains("already exists").is_none(), "no Replace offered for the game");
    harness.get_by_label_contains("refusing to write the export over the game file itself");
    assert_eq!(std::fs::read(&game).expect("the game"), before, "the game is untouched");
    let _ = std::fs::remove_dir_all(&dir);
}
