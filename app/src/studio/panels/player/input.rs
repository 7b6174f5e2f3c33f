//! The player's keys: which key is which control, and turning the keys
//! pressed on the board into controls for the game flow (with repeat).

use std::time::Duration;

use engine::play::{Control, Screen};

use super::PlayerPanel;

/// The keys of each control (presses with no modifier).
const KEYS: [(Control, &[egui::Key]); 8] = {
    use egui::Key;
    [
        (Control::Up, &[Key::ArrowUp, Key::W]),
        (Control::Down, &[Key::ArrowDown, Key::S]),
        (Control::Left, &[Key::ArrowLeft, Key::A]),
        (Control::Right, &[Key::ArrowRight, Key::D]),
        (Control::Action, &[Key::X, Key::Space, Key::Enter]),
        (Control::Undo, &[Key::Z, Key::U]),
        (Control::Restart, &[Key::R]),
        (Control::Title, &[Key::Escape]),
    ]
};

/// The control a key gives, and all the keys of that control.
fn control_of(key: egui::Key) -> Option<(Control, &'static [egui::Key])> {
    KEYS.iter().find(|(_, keys)| keys.contains(&key)).map(|(c, keys)| (*c, *keys))
}

impl PlayerPanel {
    /// Pass the board's keys of this frame to the flow (fresh presses and
    /// releases; the flow repeats held keys itself), and take them from
    /// other widgets.
    pub(super) fn keys(&mut self, ui: &egui::Ui, now: Duration) {
        use egui::Modifiers;
        let (changes, down) = ui.ctx().input_mut(|i| {
            let mut changes = Vec::new();
            for e in &i.events {
                if let egui::Event::Key { key, pressed, repeat: false, modifiers, .. } = e
                    && let Some((control, keys)) = control_of(*key)
                {
                    if *pressed && modifiers.is_none() {
                        changes.push((control, true));
                    } else if !*pressed && !keys.iter().any(|k| i.key_down(*k)) {
                        changes.push((control, false));
                    }
                }
            }
            let down: Vec<Control> =
                KEYS.iter().filter(|(_, keys)| keys.iter().any(|k| i.key_down(*k))).map(|(c, _)| *c).collect();
            // Take every event of the game's keys, system repeats included.
            for (_, keys) in KEYS {
                for key in keys {
                    while i.consume_key(Modifiers::NONE, *key) {}
                }
            }
            (changes, down)
        });
        // A pass egui runs again (a layout settling) carries the same
        // events: they were played in the first pass.
        if ui.ctx().current_pass_index() > 0 {
            return;
        }
        for (control, pressed) in changes {
            if pressed && self.debug.paused.is_some() {
                // A key while paused: back to playing from the turn's end.
                self.debug.paused = None;
                self.debug.version += 1;
            }
            if pressed {
                if !self.held.contains(&control) {
                    self.held.push(control);
                }
                let on_level = self.play.as_ref().is_some_and(|p| matches!(p.screen(), Screen::Level(_)));
                if let Some(recorder) = self.recorder.as_mut().filter(|_| on_level) {
                    recorder.press(control);
                }
                self.with_play(|play| play.press(control, now));
            } else {
                self.held.retain(|c| *c != control);
                self.with_play(|play| play.release(control, now));
            }
        }
        // A release egui never showed us (focus moved away meanwhile).
        let lost: Vec<Control> = self.held.iter().copied().filter(|c| !down.contains(c)).collect();
        for control in lost {
            self.held.retain(|c| *c != control);
            self.with_play(|play| play.release(control, now));
        }
    }
}
