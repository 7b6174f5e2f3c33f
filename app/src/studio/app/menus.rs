//! The menu bar (every entry a [`Command`]) and the status bar.

use super::StudioApp;
use crate::audio::Audio as _;
use crate::command::Command;
use crate::examples::EXAMPLES;
use crate::layout::{self, PanelId};

impl StudioApp {
    pub(super) fn menu_item(&mut self, ui: &mut egui::Ui, command: Command, enabled: bool) {
        let mut button = egui::Button::new(command.label());
        if let Some(shortcut) = command.shortcut() {
            button = button.shortcut_text(ui.ctx().format_shortcut(&shortcut));
        }
        if ui.add_enabled(enabled, button).clicked() {
            self.queued.push(command);
            ui.close();
        }
    }

    pub(super) fn menu_bar_ui(&mut self, ui: &mut egui::Ui) {
        egui::MenuBar::new().ui(ui, |ui| {
            ui.menu_button("File", |ui| {
                self.menu_item(ui, Command::New, true);
                self.menu_item(ui, Command::Open, true);
                ui.menu_button("Open Example", |ui| {
                    for i in 0..EXAMPLES.len() {
                        self.menu_item(ui, Command::OpenExample(i), true);
                    }
                });
                ui.menu_button("Open Recent", |ui| {
                    if self.recent.is_empty() {
                        ui.weak("Nothing yet");
                    }
                    for path in self.recent.clone() {
                        self.menu_item(ui, Command::OpenRecent(path), true);
                    }
                });
                ui.separator();
                self.menu_item(ui, Command::Save, true);
                self.menu_item(ui, Command::SaveAs, true);
                self.menu_item(ui, Command::Export, true);
                ui.separator();
                self.menu_item(ui, Command::Quit, true);
            });
            ui.menu_button("Edit", |ui| {
                let (undo, redo) = (self.doc.can_undo(), self.doc.can_redo());
                self.menu_item(ui, Command::Undo, undo);
                self.menu_item(ui, Command::Redo, redo);
                ui.separator();
                self.menu_item(ui, Command::Find, true);
                self.menu_item(ui, Command::Replace, true);
                self.menu_item(ui, Command::ToggleComment, true);
                ui.separator();
                self.menu_item(ui, Command::GoToDefinition, true);
                self.menu_item(ui, Command::FindUses, true);
            });
            ui.menu_button("Run", |ui| {
                self.menu_item(ui, Command::RunRestart, true);
                self.menu_item(ui, Command::Rebuild, true);
                self.menu_item(ui, Command::LevelSelect, true);
            });
            ui.menu_button("View", |ui| {
                for panel in PanelId::ALL {
                    let mut shown = layout::is_shown(&self.tree, panel);
                    if ui.checkbox(&mut shown, panel.title()).clicked() {
                        self.queued.push(Command::TogglePanel(panel));
                    }
                }
                ui.separator();
                self.menu_item(ui, Command::ResetLayout, true);
                ui.separator();
                let mut wrap = self.panels.code.wrap_lines;
                if ui
                    .checkbox(&mut wrap, Command::ToggleWrapLines.label())
                    .on_hover_text("Wrap long lines in the code editor (kept between runs)")
                    .clicked()
                {
                    self.queued.push(Command::ToggleWrapLines);
                }
                ui.separator();
                let mut muted = self.audio.muted();
                if ui.checkbox(&mut muted, "Mute sound").changed() {
                    self.audio.set_muted(muted);
                }
                let mut volume = self.audio.volume();
                let slider = egui::Slider::new(&mut volume, 0.0..=1.0).text("Volume").show_value(false);
                if ui.add_enabled(!muted, slider).changed() {
                    self.audio.set_volume(volume);
                }
            });
        });
    }

    pub(super) fn status_bar_ui(&self, ui: &mut egui::Ui) {
        ui.horizontal(|ui| {
            let diags = self.doc.diagnostics();
            let errors = diags.iter().filter(|d| d.is_error()).count();
            let warnings = diags.len() - errors;
            let summary = if errors > 0 {
                egui::RichText::new(format!(
                    "{}, {}",
                    crate::panels::problems::count(errors, "error"),
                    crate::panels::problems::count(warnings, "warning")
                ))
                .color(ui.visuals().error_fg_color)
            } else {
                egui::RichText::new(format!("compiles, {}", crate::panels::problems::count(warnings, "warning")))
            };
            ui.label(summary);
            ui.separator();
            // The file's name keeps its place at the right (at most half
            // the room left); the status takes what remains, cut short with
            // "…" when it is longer (egui shows the whole on hover), so the two
            // never overlap in a narrow window.
            let name = self.doc.path.as_ref().map_or_else(|| self.doc.display_name(), |p| p.display().to_string());
            let name = if self.doc.is_dirty() { format!("{name} (unsaved)") } else { name };
            let name = egui::RichText::new(name).weak();
            let gap = ui.spacing().item_spacing.x;
            let room = ui.available_width();
            let name_width = egui::WidgetText::from(name.clone())
                .into_galley(ui, Some(egui::TextWrapMode::Extend), f32::INFINITY, egui::TextStyle::Body)
                .size()
                .x
                .min(room / 2.0);
            let status_width = (room - name_width - 2.0 * gap).max(0.0);
            ui.scope(|ui| {
                ui.set_max_width(status_width);
                ui.add(egui::Label::new(&self.status).truncate());
            });
            ui.with_layout(egui::Layout::right_to_left(egui::Align::Center), |ui| {
                ui.add(egui::Label::new(name).truncate());
            });
        });
    }
}
