//! The modal questions: restore unsaved work, unsaved changes, the New
//! chooser, the typed path when there is no file dialog, replace a file.

use std::path::PathBuf;

use super::{PendingReplace, StudioApp};
use crate::command::Command;
use crate::document::Document;
use crate::examples::TEMPLATES;
use crate::files::DialogKind;
use crate::recovery::Recovered;
use crate::writers::{Replace, Writing};

impl StudioApp {
    /// Draw whichever questions are open (the restore offer alone while it
    /// waits for an answer).
    pub(super) fn prompts_ui(&mut self, ctx: &egui::Context) {
        if let Some(offer) = self.restore_offer.clone() {
            self.restore_offer_ui(ctx, &offer);
            return;
        }
        if let Some(command) = self.unsaved_prompt.clone() {
            self.unsaved_prompt_ui(ctx, &command);
        }
        if self.new_chooser {
            self.new_chooser_ui(ctx);
        }
        if let Some((kind, path)) = self.path_prompt.take() {
            self.path_prompt_ui(ctx, kind, path);
        }
        if let Some(pending) = self.confirm_replace.clone() {
            self.confirm_replace_ui(ctx, &pending);
        }
    }

    /// Restore the text kept from a session that did not close cleanly?
    fn restore_offer_ui(&mut self, ctx: &egui::Context, offer: &Recovered) {
        egui::Modal::new(egui::Id::unique("restore_offer")).show(ctx, |ui| {
            ui.heading("Restore unsaved work?");
            let of = offer.path.as_ref().map_or_else(|| "an untitled game".to_owned(), |p| p.display().to_string());
            ui.label("Puzzlewright did not close cleanly last time. It kept the unsaved text of:");
            ui.horizontal(|ui| {
                // The file and its size, each on one line: a long path is
                // cut short rather than the count broken in two.
                let lines = offer.text.lines().count();
                let count = if lines == 1 { "(1 line)".to_owned() } else { format!("({lines} lines)") };
                ui.add(egui::Label::new(egui::RichText::new(count).weak()).wrap_mode(egui::TextWrapMode::Extend));
                ui.add(egui::Label::new(egui::RichText::new(of).monospace()).truncate());
            });
            ui.horizontal(|ui| {
                if ui.button("Restore").clicked() {
                    self.replace_document(Document::new(offer.text.clone(), offer.path.clone()));
                    self.doc.mark_unsaved();
                    self.status = "Restored the unsaved text".into();
                    self.restore_offer = None;
                }
                if ui.button("Discard").clicked() {
                    self.clear_recovery();
                    self.restore_offer = None;
                }
            });
        });
    }

    /// The text is unsaved: save it, drop it, or keep working (`command`
    /// waits for the answer).
    fn unsaved_prompt_ui(&mut self, ctx: &egui::Context, command: &Command) {
        egui::Modal::new(egui::Id::unique("unsaved_prompt")).show(ctx, |ui| {
            ui.heading("Unsaved changes");
            ui.label(format!("{} has changes that are not saved.", self.doc.display_name()));
            ui.horizontal(|ui| {
                if ui.button("Save").clicked() {
                    self.unsaved_prompt = None;
                    match self.doc.path.clone() {
                        Some(path) => {
                            if self.save_to(path, Replace::Unconfirmed) {
                                self.execute_unchecked(command.clone(), ctx);
                            }
                        }
                        None => self.start_dialog(DialogKind::SaveAs, ctx),
                    }
                }
                if ui.button("Don't Save").clicked() {
                    self.unsaved_prompt = None;
                    self.clear_recovery();
                    self.execute_unchecked(command.clone(), ctx);
                }
                if ui.button("Cancel").clicked() || escaped(ui) {
                    self.unsaved_prompt = None;
                }
            });
        });
    }

    /// File → New: choose a starting point.
    fn new_chooser_ui(&mut self, ctx: &egui::Context) {
        egui::Modal::new(egui::Id::unique("new_chooser")).show(ctx, |ui| {
            ui.heading("New game: choose a starting point");
            ui.label("Each starting point is a small game that already plays: change it into yours.");
            ui.add_space(6.0);
            for (i, template) in TEMPLATES.iter().enumerate() {
                ui.horizontal(|ui| {
                    if ui.button(template.title).on_hover_text(template.blurb).clicked() {
                        self.new_chooser = false;
                        self.queued.push(Command::NewFrom(i));
                    }
                    ui.weak(template.blurb);
                });
            }
            ui.add_space(6.0);
            if ui.button("Cancel").clicked() || escaped(ui) {
                self.new_chooser = false;
            }
        });
    }

    /// No file dialog on this desktop: the path typed in (`path` so far).
    fn path_prompt_ui(&mut self, ctx: &egui::Context, kind: DialogKind, mut path: String) {
        let mut keep = true;
        egui::Modal::new(egui::Id::unique("path_prompt")).show(ctx, |ui| {
            let verb = match kind {
                DialogKind::Open => "Open",
                DialogKind::ImportImage => "Import",
                DialogKind::SaveAs | DialogKind::ExportWav(_) | DialogKind::SaveTest => "Save",
            };
            let what = match kind {
                DialogKind::ImportImage => "a picture (PNG or GIF)".to_owned(),
                _ => Self::writing(kind).map_or_else(|| "a file".to_owned(), Writing::describe),
            };
            ui.heading(format!("{verb} {what}"));
            ui.label("No file dialog is available on this desktop. Type a path:");
            if let Some(note) = &self.prompt_note {
                ui.colored_label(ui.visuals().warn_fg_color, note);
            }
            let field = ui.add(egui::TextEdit::singleline(&mut path).id_salt("path_prompt_field").desired_width(420.0));
            field.request_focus();
            let enter = ui.input(|i| i.key_pressed(egui::Key::Enter));
            ui.horizontal(|ui| {
                if (ui.button(verb).clicked() || enter) && !path.trim().is_empty() {
                    keep = false;
                    self.chosen(kind, PathBuf::from(path.trim()), true);
                }
                if ui.button("Cancel").clicked() || escaped(ui) {
                    keep = false;
                }
            });
        });
        if keep {
            self.path_prompt = Some((kind, path));
        } else if self.path_prompt.is_none() {
            self.prompt_note = None;
        }
    }

    /// A chosen file exists: replace it?
    fn confirm_replace_ui(&mut self, ctx: &egui::Context, pending: &PendingReplace) {
        egui::Modal::new(egui::Id::unique("confirm_replace")).show(ctx, |ui| {
            let name = pending
                .path
                .file_name()
                .map_or_else(|| pending.path.display().to_string(), |n| n.to_string_lossy().into_owned());
            let what = Self::writing(pending.kind).map_or_else(String::new, Writing::describe);
            ui.heading(format!("Replace {name}?"));
            ui.label(format!("{} already exists. Replace it with {what}?", pending.path.display()));
            ui.horizontal(|ui| {
                if ui.button("Replace").clicked() {
                    self.confirm_replace = None;
                    self.write_chosen(pending.kind, pending.path.clone(), Replace::Confirmed);
                }
                if ui.button("Cancel").clicked() || escaped(ui) {
                    self.confirm_replace = None;
                    if pending.from_prompt {
                        self.path_prompt = Some((pending.kind, pending.path.display().to_string()));
                    } else {
                        self.status = format!("{} was not replaced", pending.path.display());
                    }
                }
            });
        });
    }
}

/// Escape answers a question with its Cancel, as in any desktop dialog.
/// (The restore offer has no Cancel: Escape leaves it open, since neither
/// of its answers should be given by a stray key.)
fn escaped(ui: &egui::Ui) -> bool {
    ui.input_mut(|i| i.consume_key(egui::Modifiers::NONE, egui::Key::Escape))
}
