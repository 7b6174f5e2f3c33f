//! The "Design checks" group of the Problems panel: the warnings of the
//! live design checks (run on the background worker after each build),
//! and a menu that turns each check on or off (kept in the settings).

use super::PanelContext;

/// The group's heading.
pub const HEADING: &str = "Design checks";

/// Draw the group, the `selected` warning (code, span start) highlighted;
/// returns the warning clicked.
pub fn design_checks_ui(
    ui: &mut egui::Ui,
    cx: &mut PanelContext<'_>,
    selected: Option<(&'static str, usize)>,
) -> Option<engine::Diagnostic> {
    if !cx.live.is_on() || cx.live.checks().is_empty() {
        return None;
    }
    let mut jump = None;
    let crate::live::DesignFindings { shown: findings, stale } = cx.live.findings();
    let rows: Vec<(String, engine::Diagnostic)> = findings
        .iter()
        .map(|f| {
            let d = &f.diagnostic;
            (format!("line {}:{}  {}", d.span.line, d.span.col, d.message), d.clone())
        })
        .collect();
    ui.horizontal(|ui| {
        ui.label(egui::RichText::new(format!("{HEADING} ({})", rows.len())).strong())
            .on_hover_text("Warnings about the levels' design, found on a background worker after each build");
        if stale {
            ui.weak("checking…");
        }
        ui.menu_button("Checks…", |ui| {
            for check in cx.live.checks().to_vec() {
                let mut shown = cx.live.is_shown(check.id);
                if ui.checkbox(&mut shown, check.name).changed() {
                    cx.live.set_shown(check.id, shown);
                }
            }
        })
        .response
        .on_hover_text("Choose which design checks run (kept between runs)");
    });
    egui::ScrollArea::vertical().id_salt("design_checks").max_height(140.0).show(ui, |ui| {
        for (text, d) in rows {
            let code = d.code;
            let mut job = egui::text::LayoutJob::default();
            let body = egui::TextFormat::simple(egui::FontId::proportional(13.0), ui.visuals().text_color());
            let colour = ui.visuals().warn_fg_color;
            job.append(
                &format!("{:<8}", "design"),
                0.0,
                egui::TextFormat { color: colour, font_id: egui::FontId::monospace(12.0), ..body.clone() },
            );
            job.append(&text, 0.0, body.clone());
            job.append(&format!("  {code}"), 0.0, egui::TextFormat { color: ui.visuals().weak_text_color(), ..body });
            let chosen = selected == Some((code, d.span.start));
            let row = ui.add(egui::Button::selectable(chosen, job).frame_when_inactive(false));
            // The whole text on hover and, once clicked, in the status line
            // (a long row is cut at the panel's edge).
            if row.on_hover_text(format!("{text}\n\ndesign check {code}: click to show it in the code")).clicked() {
                jump = Some(d);
            }
        }
    });
    ui.separator();
    jump
}
