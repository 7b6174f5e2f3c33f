//! The rules table: every rule line of the game with its compiled
//! expansions (directions expanded, properties and synonyms resolved), how
//! often it applied in the selected step and in the whole recording, rules
//! that never fired marked; a click on a row shows the line in the code.

use std::collections::BTreeMap;

use egui_extras::{Column, TableBuilder};
use engine::run::Session;
use engine::run::trace::{RuleExpansion, Trace, rule_expansions};

use super::{DebuggerPanel, line_range};
use crate::panels::PanelContext;

/// One row: a rule line with its expansions.
struct Row {
    line: u32,
    source: String,
    expansions: Vec<RuleExpansion>,
}

fn rows(session: &Session, text: &str) -> Vec<Row> {
    let mut by_line: BTreeMap<u32, Vec<RuleExpansion>> = BTreeMap::new();
    for e in rule_expansions(session.game()) {
        by_line.entry(e.line).or_default().push(e);
    }
    by_line
        .into_iter()
        .map(|(line, expansions)| Row {
            line,
            source: line_range(text, line).map_or_else(String::new, |r| text[r].trim().to_owned()),
            expansions,
        })
        .collect()
}

/// Draw the table, at most `height` tall (its rows scroll).
pub(super) fn table(
    panel: &mut DebuggerPanel,
    ui: &mut egui::Ui,
    trace: &Trace,
    session: &Session,
    cx: &mut PanelContext<'_>,
    height: f32,
) {
    ui.strong("Rules").on_hover_text(
        "Applications in the selected step and since recording began; a row's hover lists its compiled expansions",
    );
    let rows = rows(session, cx.doc.text());
    let turn: BTreeMap<u32, usize> = panel
        .selected
        .and_then(|seq| trace.segments().iter().find(|s| s.events.last().is_some_and(|e| e.seq >= seq)))
        .map(engine::run::trace::Segment::rule_counts)
        .unwrap_or_default();
    let session_counts = trace.rule_counts();
    panel.table = rows
        .iter()
        .map(|r| (r.line, turn.get(&r.line).copied().unwrap_or(0), session_counts.get(&r.line).copied().unwrap_or(0)))
        .collect();
    let mut jump = None;
    let row_height = ui.text_style_height(&egui::TextStyle::Monospace) + 4.0;
    // Less the heading above and the table's own header row.
    let scroll = height - ui.text_style_height(&egui::TextStyle::Body) - row_height - 3.0 * ui.spacing().item_spacing.y;
    ui.push_id("debugger_rules", |ui| {
        TableBuilder::new(ui)
            .striped(true)
            .max_scroll_height(scroll.max(row_height))
            .auto_shrink([false, true])
            .resizable(true)
            .sense(egui::Sense::click())
            // Fixed widths: auto-sized columns make egui run the frame
            // again, which would hand the player's keys over twice.
            .column(Column::initial(44.0))
            .column(Column::initial(44.0))
            .column(Column::initial(60.0))
            .column(Column::initial(80.0))
            .column(Column::remainder().at_least(120.0))
            .header(row_height, |mut header| {
                for title in ["Line", "Step", "Session", "Expansions", "Rule"] {
                    header.col(|ui| {
                        ui.strong(title);
                    });
                }
            })
            .body(|body| {
                body.rows(row_height, rows.len(), |mut row| {
                    let r = &rows[row.index()];
                    let in_turn = turn.get(&r.line).copied().unwrap_or(0);
                    let total = session_counts.get(&r.line).copied().unwrap_or(0);
                    row.set_selected(panel.selected_line == Some(r.line));
                    row.col(|ui| {
                        ui.monospace(r.line.to_string());
                    });
                    row.col(|ui| {
                        ui.monospace(if in_turn > 0 { in_turn.to_string() } else { String::new() });
                    });
                    row.col(|ui| {
                        if total == 0 {
                            ui.weak("never").on_hover_text("This rule has not fired since recording began");
                        } else {
                            ui.monospace(total.to_string());
                        }
                    });
                    row.col(|ui| {
                        let list: Vec<String> =
                            r.expansions.iter().map(|e| format!("{:?}: {}", e.dir, e.text).to_lowercase()).collect();
                        ui.monospace(r.expansions.len().to_string()).on_hover_text(list.join("\n"));
                    });
                    row.col(|ui| {
                        let text = egui::RichText::new(&r.source).monospace();
                        let text = if total == 0 { text.weak() } else { text };
                        ui.label(text);
                    });
                    if row.response().clicked() {
                        jump = Some(r.line);
                    }
                });
            });
    });
    if let Some(line) = jump {
        panel.selected_line = Some(line);
        if let Some(range) = line_range(cx.doc.text(), line) {
            cx.requests.select_in_code(range);
        }
    }
}
