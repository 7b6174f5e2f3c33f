//! The problems panel: every diagnostic of the last build, with severity
//! and line; clicking one selects it in the code panel and shows its whole
//! message in the status line (a long one is cut in its row; hovering the
//! row shows it whole too).

use egui_extras::{Column, TableBuilder};
use engine::Severity;

use crate::document::RuntimeProblem;
use crate::request::AppRequest;

use super::{Panel, PanelContext};

/// The diagnostics list.
#[derive(Default)]
pub struct ProblemsPanel {
    /// The row last clicked, while it is still listed.
    selected: Option<Selected>,
}

/// A row clicked in Problems: which it is, and the text it put in the
/// status line (taken back when the row goes, as after the fix).
struct Selected {
    /// A design check's warning (else a diagnostic of the build).
    design: bool,
    code: &'static str,
    start: usize,
    status: String,
}

impl Selected {
    fn is(&self, design: bool, d: &engine::Diagnostic) -> bool {
        self.design == design && self.code == d.code && self.start == d.span.start
    }
}

/// The word and colour shown for a severity.
#[must_use]
pub fn severity_style(severity: Severity, visuals: &egui::Visuals) -> (&'static str, egui::Color32) {
    match severity {
        Severity::Error => ("error", visuals.error_fg_color),
        Severity::Warning => ("warning", visuals.warn_fg_color),
        Severity::Info => ("info", egui::Color32::from_rgb(0x56, 0x9c, 0xd6)),
    }
}

impl Panel for ProblemsPanel {
    fn title(&self, cx: &PanelContext<'_>) -> String {
        match cx.doc.diagnostics().len() + cx.doc.runtime_problems().len() {
            0 => "Problems".to_owned(),
            n => format!("Problems ({n})"),
        }
    }

    fn ui(&mut self, ui: &mut egui::Ui, cx: &mut PanelContext<'_>) {
        let diagnostics = cx.doc.diagnostics();
        let errors = diagnostics.iter().filter(|d| d.severity == Severity::Error).count();
        let warnings = diagnostics.iter().filter(|d| d.severity == Severity::Warning).count();
        let built_in = format!("built in {:.1} ms", cx.doc.build_time().as_secs_f64() * 1000.0);
        ui.horizontal(|ui| {
            if cx.doc.build().is_none() {
                ui.colored_label(
                    ui.visuals().error_fg_color,
                    "The engine failed on this text (a bug in Puzzlewright).",
                );
            } else if diagnostics.is_empty() {
                ui.label("No problems");
            } else {
                ui.label(format!("{}, {}", count(errors, "error"), count(warnings, "warning")));
            }
            // A PuzzleScript Plus/Next game says so, with the line that
            // first needs its dialect (nothing for a classic game).
            if let Some(need) = cx.doc.build().and_then(|b| engine::dialect::needed(&b.ast)) {
                ui.separator();
                ui.label(need.dialect.name())
                    .on_hover_text(format!("line {}: {} first needs it", need.line, need.what));
            }
        })
        .response
        .on_hover_text(built_in);
        ui.separator();
        // The row clicked last, gone from the list: its text leaves the
        // status line.
        if let Some(sel) = &self.selected {
            let listed = if sel.design {
                cx.live.findings().shown.iter().any(|f| sel.is(true, &f.diagnostic))
            } else {
                cx.doc.diagnostics().iter().any(|d| sel.is(false, d))
            };
            if !listed {
                cx.requests.send(AppRequest::ClearStatus(sel.status.clone()));
                self.selected = None;
            }
        }
        let mut jump = runtime_ui(ui, cx);
        let selected = self.selected.as_ref().map(|s| (s.design, s.code, s.start));
        let design_selected = selected.filter(|s| s.0).map(|s| (s.1, s.2));
        if let Some(d) = super::design_checks::design_checks_ui(ui, cx, design_selected) {
            jump = Some(d.span.start..d.span.end.max(d.span.start));
            self.select(true, &d, cx);
        }
        jump = super::solutions::problems_ui(ui, cx).or(jump);
        let build_selected = selected.filter(|s| !s.0).map(|s| (s.1, s.2));
        if let Some(d) = diagnostics_table(ui, cx.doc.diagnostics(), build_selected).cloned() {
            jump = Some(d.span.start..d.span.end.max(d.span.start));
            self.select(false, &d, cx);
        }
        if let Some(range) = jump {
            cx.requests.select_in_code(range);
            ui.ctx().request_repaint();
        }
    }
}

impl ProblemsPanel {
    /// Select the row of `d` (a design check's when `design`): its whole
    /// text goes to the status line.
    fn select(&mut self, design: bool, d: &engine::Diagnostic, cx: &mut PanelContext<'_>) {
        let status = status_text(d);
        cx.requests.send(AppRequest::Status(status.clone()));
        self.selected = Some(Selected { design, code: d.code, start: d.span.start, status });
    }
}

/// What the status line says of a Problems row selected: the whole message.
#[must_use]
pub fn status_text(d: &engine::Diagnostic) -> String {
    format!("line {}: {} ({})", d.span.line, d.message, d.code)
}

/// The diagnostics as a table (severity, line, message, code), one row
/// each, the `selected` one (code, span start) highlighted; returns the
/// diagnostic of the row clicked.
fn diagnostics_table<'a>(
    ui: &mut egui::Ui,
    diagnostics: &'a [engine::Diagnostic],
    selected: Option<(&'static str, usize)>,
) -> Option<&'a engine::Diagnostic> {
    let mut jump = None;
    let row_height = ui.text_style_height(&egui::TextStyle::Body) + 6.0;
    ui.push_id("problems_table", |ui| {
        // A click anywhere on a row is the row's, not a label's.
        ui.style_mut().interaction.selectable_labels = false;
        TableBuilder::new(ui)
            .striped(true)
            .auto_shrink(false)
            .sense(egui::Sense::click())
            .column(Column::exact(64.0))
            .column(Column::exact(72.0))
            .column(Column::remainder().at_least(160.0).clip(true))
            // Fixed widths: a width taken from the content makes egui lay
            // the frame out twice.
            .column(Column::exact(64.0))
            .body(|body| {
                body.rows(row_height, diagnostics.len(), |mut row| {
                    let d = &diagnostics[row.index()];
                    row.set_selected(selected == Some((d.code, d.span.start)));
                    row.col(|ui| {
                        let (symbol, colour) = severity_style(d.severity, ui.visuals());
                        ui.label(egui::RichText::new(symbol).monospace().color(colour));
                    });
                    row.col(|ui| {
                        ui.weak(format!("line {}:{}", d.span.line, d.span.col));
                    });
                    row.col(|ui| {
                        ui.add(egui::Label::new(&d.message).wrap_mode(egui::TextWrapMode::Extend));
                    });
                    row.col(|ui| {
                        ui.weak(d.code.to_string());
                    });
                    // The whole message on hover (a long one is cut in
                    // its cell). A tooltip made with `on_hover_ui`, which
                    // leaves the row's accessible name to its cells.
                    let response = row.response().on_hover_ui(|ui| {
                        ui.set_max_width(ui.spacing().tooltip_width);
                        ui.label(&d.message);
                    });
                    if response.clicked() {
                        jump = Some(d);
                    }
                });
            });
    });
    jump
}

/// The text of a runtime problem's row.
#[must_use]
pub fn runtime_row(problem: &RuntimeProblem) -> String {
    format!("line {}: {}", problem.line, problem.limit.describe())
}

/// The bounds the engine hit while the game was played, as their own group
/// above the build's diagnostics; returns the line clicked.
fn runtime_ui(ui: &mut egui::Ui, cx: &PanelContext<'_>) -> Option<std::ops::Range<usize>> {
    let problems = cx.doc.runtime_problems();
    if problems.is_empty() {
        return None;
    }
    let mut jump = None;
    ui.label(egui::RichText::new("While playing").strong())
        .on_hover_text("Bounds the engine hit in the player; forgotten when the text changes");
    for p in problems {
        let mut job = egui::text::LayoutJob::default();
        let body = egui::TextFormat::simple(egui::FontId::proportional(13.0), ui.visuals().text_color());
        let colour = ui.visuals().warn_fg_color;
        job.append(
            &format!("{:<8}", "runtime"),
            0.0,
            egui::TextFormat { color: colour, font_id: egui::FontId::monospace(12.0), ..body.clone() },
        );
        job.append(&runtime_row(p), 0.0, body);
        let row = ui.add(egui::Button::selectable(false, job).frame_when_inactive(false));
        if row.on_hover_text("click to show the rule in the code").clicked() {
            jump = cx.doc.line_range(p.line);
        }
    }
    ui.separator();
    jump
}

/// `1 error`, `2 errors`.
#[must_use]
pub fn count(n: usize, noun: &str) -> String {
    if n == 1 { format!("1 {noun}") } else { format!("{n} {noun}s") }
}
