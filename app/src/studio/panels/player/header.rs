//! The player's header: the level chooser, Restart, the Debugger button
//! and GIF recording.

use std::time::Duration;

use engine::play::{Control, EntryNumber};

use super::PlayerPanel;

impl PlayerPanel {
    /// The header: level picker, previous/next, restart, undo, title.
    /// Returns whether one of them was used.
    pub(super) fn header_ui(&mut self, ui: &mut egui::Ui, now: Duration) -> bool {
        let count = self.level_count();
        let level = self.level();
        let on_title = self.on_title();
        let game = self.game.clone();
        let maps = game.as_deref().map_or(0, engine::play::level_count);
        let mut pick = None;
        let (mut undo, mut restart, mut title, mut debugger) = (false, false, false, false);
        let shipped = self.shipped;
        ui.horizontal_wrapped(|ui| {
            if shipped {
                // Shipped games are played in order: no picker.
            } else {
                if ui.add_enabled(level > 0, egui::Button::new("<")).on_hover_text("Previous level").clicked() {
                    pick = Some(level - 1);
                }
                let count_label = if maps == 1 { "1 level".to_owned() } else { format!("{maps} levels") };
                let (selected, label) = match game.as_deref().and_then(|g| engine::play::entry_number(g, level)) {
                    _ if on_title => ("Title screen".to_owned(), count_label),
                    Some(n @ EntryNumber::Level(_)) => (n.to_string(), format!("of {maps}")),
                    Some(n) => (n.to_string(), count_label),
                    None => (String::new(), count_label),
                };
                egui::ComboBox::new("level_select", label).selected_text(selected).show_ui(ui, |ui| {
                    for i in 0..count {
                        if ui.selectable_label(i == level && !on_title, self.entry_label(i)).clicked() {
                            pick = Some(i);
                        }
                    }
                });
                if ui.add_enabled(level + 1 < count, egui::Button::new(">")).on_hover_text("Next level").clicked() {
                    pick = Some(level + 1);
                }
                ui.separator();
            }
            let meta = game.as_ref().map(|g| g.metadata.clone()).unwrap_or_default();
            restart = ui.add_enabled(!meta.has("norestart"), egui::Button::new("Restart")).on_hover_text("R").clicked();
            undo = ui.add_enabled(!meta.has("noundo"), egui::Button::new("Undo")).on_hover_text("Z").clicked();
            title = ui.button("Title").on_hover_text("Esc").clicked();
            if !shipped {
                let hint = "Show each turn's rule applications, breakpoints, layers and win conditions";
                debugger = ui.selectable_label(self.debug.recording, "Debugger").on_hover_text(hint).clicked();
            }
            if !shipped {
                let mut on = self.recorder.as_ref().is_some_and(|r| r.on);
                let hint = "Record the inputs from this level's start, for File, Export…, Animated GIF";
                if ui.toggle_value(&mut on, "Record GIF").on_hover_text(hint).changed() {
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
            }
        });
        if let Some(i) = pick {
            self.select_level(i);
            let fresh = self.game.clone();
            self.sync_game(fresh, now);
        }
        for (used, control) in [(restart, Control::Restart), (undo, Control::Undo)] {
            if used {
                self.with_play(|play| {
                    play.press(control, now);
                    play.release(control, now);
                });
            }
        }
        if title {
            self.with_play(|play| play.to_title(now));
        }
        self.debug.toggle_requested |= debugger;
        pick.is_some() || restart || undo || title
    }
}
