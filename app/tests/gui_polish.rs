//! Regression tests for issue 11 ("nothing an author does may lose their
//! game"): shortcuts, the find bar, new games from templates, the outline,
//! go to definition and the safe writers, driven through egui_kittest.

use egui::accesskit::Role;
use egui_kittest::kittest::Queryable as _;
use studio::Startup;

mod support;
use support::studio;

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
    let key = |pressed| egui::Event::Key { key: egui::Key::Z, physical_key: None, pressed, repeat: false, modifiers: redo };
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
