//! The player's header: the level chooser, Restart, the Debugger button
//! and GIF recording.

use std::time::Duration;

use engine::play::{Control, EntryNumber};

use super::PlayerPanel;

impl PlayerPanel {
    /// The header: level picker, previous/next, restart, undo, title, the
    /// Debugger and Record GIF switches, on one row: the picker's box
    /// gives up width (its text cut, whole in the list) before anything
    /// wraps. Returns whether one of them was used.
    pub(super) fn header_ui(&mut self, ui: &mut egui::Ui, now: Duration) -> bool {
        let meta = self.game.as_ref().map(|g| g.metadata.clone()).unwrap_or_default();
        let (recording, gif_on) = (self.debug.recording, self.recorder.as_ref().is_some_and(|r| r.on));
        let shipped = self.shipped;
        let mut used = Controls::default();
        let mut pick = None;
        if shipped {
            // Shipped games are played in order: no picker, no studio tools.
            ui.horizontal(|ui| used.buttons(ui, &meta, false));
        } else {
            ui.spacing_mut().item_spacing.x = 6.0;
            ui.spacing_mut().button_padding.x = 5.0;
            let right = |ui: &mut egui::Ui| {
                // Right to left: the last first.
                let mut on = gif_on;
                let hint = "Record the inputs from this level's start, for File, Export…, Animated GIF";
                if ui.toggle_value(&mut on, "Record GIF").on_hover_text(hint).changed() {
                    used.gif = Some(on);
                }
                let hint = "Show each turn's rule applications, breakpoints, layers and win conditions";
                used.debugger = ui.selectable_label(recording, "Debugger").on_hover_text(hint).clicked();
                used.buttons(ui, &meta, true);
            };
            egui::containers::Sides::new().shrink_left().truncate().show(ui, |ui| pick = self.picker_ui(ui), right);
        }
        let level = self.level();
        if let Some(on) = used.gif {
            match (on, self.recorder.as_mut()) {
                (true, _) => self.recorder = Some(crate::export::recorder::Recorder::start(level)),
                (false, Some(r)) => r.on = false,
                (false, None) => {}
            }
            if on {
                self.select_level(level);
                let fresh = self.game.clone();
                self.sync_game(fresh, now);
            }
        }
        if let Some(i) = pick {
            self.select_level(i);
            let fresh = self.game.clone();
            self.sync_game(fresh, now);
        }
        for (used, control) in [(used.restart, Control::Restart), (used.undo, Control::Undo)] {
            if used {
                self.with_play(|play| {
                    play.press(control, now);
                    play.release(control, now);
                });
            }
        }
        if used.title {
            self.with_play(|play| play.to_title(now));
        }
        self.debug.toggle_requested |= used.debugger;
        pick.is_some() || used.restart || used.undo || used.title
    }

    /// The level picker with previous and next: the entry picked.
    fn picker_ui(&self, ui: &mut egui::Ui) -> Option<usize> {
        let count = self.level_count();
        let level = self.level();
        let on_title = self.on_title();
        let game = self.game.as_deref();
        let maps = game.map_or(0, engine::play::level_count);
        let mut pick = None;
        if ui.add_enabled(level > 0, egui::Button::new("<")).on_hover_text("Previous level").clicked() {
            pick = Some(level - 1);
        }
        let count_label = if maps == 1 { "1 level".to_owned() } else { format!("{maps} levels") };
        let (selected, label) = match game.and_then(|g| engine::play::entry_number(g, level)) {
            _ if on_title => ("Title screen".to_owned(), count_label),
            Some(n @ EntryNumber::Level(_)) => (n.to_string(), format!("of {maps}")),
            Some(n) => (n.to_string(), count_label),
            None => (String::new(), count_label),
        };
        // The box as wide as its text needs, less when the row is short
        // (what is left after the label and the next button).
        let font = egui::TextStyle::Button.resolve(ui.style());
        let text = ui.ctx().fonts_mut(|f| f.layout_no_wrap(selected.clone(), font, egui::Color32::WHITE).size().x);
        let label_width = ui.ctx().fonts_mut(|f| {
            f.layout_no_wrap(label.clone(), egui::TextStyle::Body.resolve(ui.style()), egui::Color32::WHITE).size().x
        });
        let next = ui.ctx().fonts_mut(|f| {
            f.layout_no_wrap(">".to_owned(), egui::TextStyle::Button.resolve(ui.style()), egui::Color32::WHITE).size().x
        }) + 2.0 * ui.spacing().button_padding.x;
        let room = ui.available_width() - label_width - next - 2.0 * ui.spacing().item_spacing.x - 4.0;
        let width = (text + ui.spacing().icon_width + 4.0 * ui.spacing().button_padding.x).min(room).max(48.0);
        let height = ui.spacing().interact_size.y;
        let layout = egui::Layout::left_to_right(egui::Align::Center);
        ui.allocate_ui_with_layout(egui::vec2(width, height), layout, |ui| {
            ui.set_max_width(width);
            let enabled = ui.is_enabled();
            let response = egui::ComboBox::from_id_salt("level_select")
                .width(width)
                .selected_text(selected.clone())
                .truncate()
                .show_ui(ui, |ui| {
                    for i in 0..count {
                        if ui.selectable_label(i == level && !on_title, self.entry_label(i)).clicked() {
                            pick = Some(i);
                        }
                    }
                })
                .response
                .on_hover_ui(|ui| {
                    ui.label(&selected);
                });
            // Named by the label beside it, as a combo box's own label
            // would name it (that one would be cut first).
            response.widget_info(|| {
                let mut info = egui::WidgetInfo::labeled(egui::accesskit::Role::ComboBox, enabled, &label);
                info.current_text_value = Some(selected.clone());
                info
            });
        });
        ui.label(label);
        if ui.add_enabled(level + 1 < count, egui::Button::new(">")).on_hover_text("Next level").clicked() {
            pick = Some(level + 1);
        }
        pick
    }
}

/// What was used in the header's controls this frame.
#[derive(Default)]
struct Controls {
    restart: bool,
    undo: bool,
    title: bool,
    debugger: bool,
    /// Record GIF switched on or off.
    gif: Option<bool>,
}

impl Controls {
    /// Restart, Undo and Title (added in reverse in a right-to-left row).
    fn buttons(&mut self, ui: &mut egui::Ui, meta: &engine::compile::Metadata, reverse: bool) {
        for k in 0..3 {
            match if reverse { 2 - k } else { k } {
                0 => {
                    let restart = egui::Button::new("Restart");
                    self.restart = ui.add_enabled(!meta.has("norestart"), restart).on_hover_text("R").clicked();
                }
                1 => {
                    let undo = egui::Button::new("Undo");
                    self.undo = ui.add_enabled(!meta.has("noundo"), undo).on_hover_text("Z").clicked();
                }
                _ => self.title = ui.button("Title").on_hover_text("Esc").clicked(),
            }
        }
    }
}
