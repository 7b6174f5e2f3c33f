//! What the studio does each frame, in order: keys, dropped files, the
//! background build, queued commands, dialogs answered, then the menus,
//! panels, requests, prompts, autosave and window title.

use std::path::PathBuf;

use super::StudioApp;
use crate::audio::Audio as _;
use crate::command::Command;
use crate::files::DialogOutcome;
use crate::layout::{self, PanelId};
use crate::panels::PanelContext;

/// CPU time this thread has run so far (Linux; `None` elsewhere), for the
/// `PUZZLEWRIGHT_TIMING` log: on a busy machine a frame's wall time also
/// counts the moments other threads had the core.
fn thread_cpu_time() -> Option<std::time::Duration> {
    let stat = std::fs::read_to_string("/proc/thread-self/schedstat").ok()?;
    let ns: u64 = stat.split_whitespace().next()?.parse().ok()?;
    Some(std::time::Duration::from_nanos(ns))
}

/// How long after start the studio redraws on its own, so the layout
/// follows the window's real size however late the desktop reports it.
const FOLLOW_WINDOW_FOR: std::time::Duration = std::time::Duration::from_secs(3);

impl StudioApp {
    /// Everything drawn in one frame.
    pub fn ui_root(&mut self, ui: &mut egui::Ui) {
        let started = std::time::Instant::now();
        let cpu_started = if self.timing { thread_cpu_time() } else { None };
        let revision = self.doc.revision();
        self.frame_ui(ui);
        if self.timing && self.doc.revision() != revision {
            let cpu = thread_cpu_time().zip(cpu_started).map(|(b, a)| b.saturating_sub(a));
            eprintln!(
                "edit frame: {:?} wall, {:?} on the UI thread (build {:?}, highlight [cache, job, layout] {:?})",
                started.elapsed(),
                cpu.unwrap_or_default(),
                self.doc.build_time(),
                self.panels.code.highlight_timing()
            );
        }
    }

    pub(super) fn frame_ui(&mut self, ui: &mut egui::Ui) {
        let ctx = ui.ctx().clone();

        // Keyboard shortcuts, taken before the editor sees them.
        if self.restore_offer.is_none()
            && self.unsaved_prompt.is_none()
            && self.path_prompt.is_none()
            && self.confirm_replace.is_none()
            && !self.new_chooser
        {
            self.queued.extend(Command::consume_shortcuts(&ctx));
        }
        // Closing the window asks about unsaved text like Quit does.
        if ctx.input(|i| i.viewport().close_requested()) && !self.close_confirmed && self.doc.is_dirty() {
            ctx.send_viewport_cmd(egui::ViewportCommand::CancelClose);
            self.unsaved_prompt = Some(Command::Quit);
        }
        // Dropped files open like Open.
        let dropped: Vec<PathBuf> = ctx.input(|i| {
            i.raw.dropped_files.iter().map(|f| f.path().to_path_buf()).filter(|p| !p.as_os_str().is_empty()).collect()
        });
        if let Some(path) = dropped.into_iter().next() {
            self.queued.push(Command::OpenRecent(path));
        }
        if self.doc.poll_build() {
            ctx.request_repaint();
        }
        if self.doc.is_building() {
            ctx.request_repaint_after(std::time::Duration::from_millis(15));
        }
        // The live checks answer on their thread (and ask for a repaint).
        if !self.doc.is_building() {
            self.live.poll(self.doc.build(), &ctx);
            self.kept.poll(self.doc.build(), self.doc.text(), self.doc.path.as_deref(), &ctx);
        }
        for command in std::mem::take(&mut self.queued) {
            self.execute(command, &ctx);
        }
        // The first seconds follow the window: a desktop without a window
        // manager may settle the window's size after the first frames, and
        // a reactive UI would otherwise keep a stale first layout until some
        // input came. Also whenever the window's reported size and the area
        // laid out disagree.
        let (inner, laid_out) = ctx.input(|i| (i.viewport().inner_rect, i.content_rect()));
        let disagree = inner.is_some_and(|r| (r.size() - laid_out.size()).abs().max_elem() > 1.0);
        if disagree || self.started.elapsed() < FOLLOW_WINDOW_FOR {
            ctx.request_repaint_after(std::time::Duration::from_millis(100));
        }
        // No sound device: say so once, with the reason (the device opens
        // on a thread, so look until it has answered).
        if !self.no_sound_said {
            if let Some(reason) = self.audio.unavailable() {
                // Beside what the status line already says, never over it:
                // at start-up that is whether the game given opened, and a
                // file that could not be opened must not be hidden by this.
                let notice = format!("No sound: {reason}. The studio plays silently.");
                self.status =
                    if self.status.is_empty() { notice } else { format!("{} \u{2022} {notice}", self.status) };
                self.no_sound_said = true;
            } else if self.started.elapsed() < std::time::Duration::from_secs(10) {
                ctx.request_repaint_after(std::time::Duration::from_millis(250));
            }
        }
        if let Some((kind, outcome)) = self.dialogs.poll() {
            match outcome {
                DialogOutcome::Picked(path) => self.chosen(kind, path, false),
                DialogOutcome::Cancelled => {}
                DialogOutcome::Unavailable => {
                    // Never the game's own path for an export: a name of
                    // the export's kind, beside the game.
                    let mut start = self.proposed_path(kind).display().to_string();
                    if kind.picks_existing() && !start.is_empty() && !start.ends_with(std::path::MAIN_SEPARATOR) {
                        start.push(std::path::MAIN_SEPARATOR);
                    }
                    self.path_prompt = Some((kind, start));
                }
            }
        }

        egui::Panel::top("menu_bar").show(ui, |ui| self.menu_bar_ui(ui));
        let source = crate::export_dialog::ExportSource {
            text: self.doc.text(),
            path: self.doc.path.clone(),
            recorder: self.panels.player.recorder.as_ref(),
            entry: self.panels.player.level(),
        };
        self.export.ui(&ctx, &source);
        egui::Panel::bottom("status_bar").show(ui, |ui| self.status_bar_ui(ui));
        // The debugger records the player's turns only while it is shown.
        self.panels.player.debug.recording = layout::is_shown(&self.tree, PanelId::Debugger);
        egui::CentralPanel::no_frame().show(ui, |ui| {
            let mut behavior = layout::Behavior {
                panels: &mut self.panels,
                ctx: PanelContext {
                    doc: &mut self.doc,
                    requests: &mut self.requests,
                    live: &mut self.live,
                    kept: &mut self.kept,
                },
            };
            self.tree.ui(&mut behavior, ui);
        });
        for request in self.requests.take() {
            self.handle_request(request, &ctx);
        }
        if ctx.input(|i| !i.raw.hovered_files.is_empty()) {
            let painter = ctx.layer_painter(egui::LayerId::new(egui::Order::Foreground, egui::Id::unique("drop")));
            let rect = ctx.content_rect();
            painter.rect_filled(rect, 0.0, egui::Color32::from_black_alpha(160));
            painter.text(
                rect.center(),
                egui::Align2::CENTER_CENTER,
                "Drop a .txt or .html game to open it",
                egui::FontId::proportional(24.0),
                egui::Color32::WHITE,
            );
        }
        self.prompts_ui(&ctx);

        // Autosave (not while a restore offer still needs an answer).
        if self.restore_offer.is_none() {
            let guarded = self.guarded();
            let before = self.recovery.failure().map(str::to_owned);
            self.recovery.tick(&self.doc, &guarded, false);
            self.report_autosave(before);
            if self.doc.is_dirty() {
                ctx.request_repaint_after(crate::recovery::AUTOSAVE_EVERY);
            }
        }
        let title =
            format!("{}{} — Puzzlewright", self.doc.display_name(), if self.doc.is_dirty() { " *" } else { "" });
        if title != self.title {
            ctx.send_viewport_cmd(egui::ViewportCommand::Title(title.clone()));
            self.title = title;
        }
    }
}

impl eframe::App for StudioApp {
    fn ui(&mut self, ui: &mut egui::Ui, _frame: &mut eframe::Frame) {
        self.ui_root(ui);
    }

    fn save(&mut self, _storage: &mut dyn eframe::Storage) {
        // Our settings go through the safe writers, not eframe's storage
        // (which writes its file in place).
        self.save_settings();
    }

    fn on_exit(&mut self, _gl: Option<&eframe::glow::Context>) {
        // The user has answered the unsaved-changes prompt by now.
        self.clear_recovery();
    }
}
