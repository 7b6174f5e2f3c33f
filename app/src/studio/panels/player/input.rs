//! The player's keys: which key is which control, and turning the keys
//! pressed on the board into controls for the game flow (with repeat);
//! and the mouse of a game that listens to it (`mouse_left`...): the
//! cell under the pointer through the camera, presses, drags, releases.

use std::time::Duration;

use engine::play::{Control, Screen};
use engine::run::Button;

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

impl PlayerPanel {
    /// The level cell under `pos` (through the camera's view of the level
    /// as last drawn in `self.drawn.0`): `None` off the picture, unless
    /// `clamp`, which takes the nearest cell of the picture (a drag that
    /// left it goes on along its edge, as PuzzleScript Plus does).
    pub(super) fn cell_at(&self, pos: egui::Pos2, clamp: bool) -> Option<engine::play::Cell> {
        let board = self.drawn.0?;
        let view = self.board_view?;
        if !clamp && !board.contains(pos) {
            return None;
        }
        let (w, h) = (view.width(), view.height());
        if w == 0 || h == 0 || board.width() <= 0.0 || board.height() <= 0.0 {
            return None;
        }
        let fx = ((pos.x - board.min.x) / board.width() * w as f32).floor();
        let fy = ((pos.y - board.min.y) / board.height() * h as f32).floor();
        let cx = (fx.max(0.0) as usize).min(w - 1);
        let cy = (fy.max(0.0) as usize).min(h - 1);
        Some(((view.x0 + cx) as u32, (view.y0 + cy) as u32))
    }

    /// Pass this frame's mouse presses, moves and releases over `area`
    /// (the panel's board area) to the flow, in a game that listens to the
    /// mouse: the left button (or a finger; Ctrl or Cmd with it: the right
    /// button), the right button, and the middle button, which undoes.
    /// Presses over the level play on its cell; a press elsewhere in the
    /// area closes a message.
    pub(super) fn pointer(&mut self, ui: &egui::Ui, area: egui::Rect, now: Duration) {
        if !self.play.as_ref().is_some_and(engine::play::Play::listens_to_mouse) {
            return;
        }
        // A pass egui runs again carries the same events.
        if ui.ctx().current_pass_index() > 0 {
            return;
        }
        let layer = ui.layer_id();
        let ctx = ui.ctx().clone();
        let events: Vec<egui::Event> = ui.input(|i| i.events.clone());
        for event in events {
            match event {
                egui::Event::PointerButton { pos, button, pressed, modifiers } => {
                    let right = button == egui::PointerButton::Secondary
                        || (button == egui::PointerButton::Primary && modifiers.command);
                    let which = if right { Button::Right } else { Button::Left };
                    if pressed {
                        if !area.contains(pos) || ctx.layer_id_at(pos).is_some_and(|l| l != layer) {
                            continue;
                        }
                        if self.debug.paused.is_some() {
                            // As a key: back to playing from the turn's end.
                            self.debug.paused = None;
                            self.debug.version += 1;
                        }
                        if button == egui::PointerButton::Middle {
                            self.with_play(|play| {
                                play.press(Control::Undo, now);
                                play.release(Control::Undo, now);
                            });
                            continue;
                        }
                        if !matches!(button, egui::PointerButton::Primary | egui::PointerButton::Secondary) {
                            continue;
                        }
                        let cell = self.cell_at(pos, false);
                        self.with_play(|play| play.pointer_press(which, cell, now));
                    } else if matches!(button, egui::PointerButton::Primary | egui::PointerButton::Secondary) {
                        let held = self.play.as_ref().is_some_and(engine::play::Play::pointer_held);
                        if held {
                            let cell = self.cell_at(pos, false);
                            // The button let go is the one pressed, whatever
                            // the modifiers say now.
                            self.with_play(|play| {
                                play.pointer_release(which, cell, now);
                                let other = if which == Button::Left { Button::Right } else { Button::Left };
                                play.pointer_release(other, cell, now);
                            });
                        }
                    }
                }
                egui::Event::PointerMoved(pos) if self.play.as_ref().is_some_and(engine::play::Play::pointer_held) => {
                    let cell = self.cell_at(pos, true);
                    self.with_play(|play| play.pointer_move(cell, now));
                }
                _ => {}
            }
        }
    }
}
