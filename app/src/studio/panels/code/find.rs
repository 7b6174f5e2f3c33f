//! The find/replace bar above the editor: ASCII case-insensitive matches,
//! next/previous, replace one or all (each one undo step), Esc back to the
//! editor with the match selected.

use std::ops::Range;

use egui::{Color32, Stroke};
use engine::edit::TextEdit;

use super::{CodePanel, EDITOR_ID, selection, set_selection_unfocused};
use crate::panels::PanelContext;

/// The find/replace bar.
#[derive(Default)]
pub struct FindBar {
    /// Shown or not.
    pub open: bool,
    /// Replace row shown too.
    pub replace: bool,
    /// What to find (ASCII case-insensitive).
    pub query: String,
    /// What to put instead.
    pub replacement: String,
    focus: bool,
    /// The match shown (selected in the editor, outlined) while the bar is open.
    pub current: Option<Range<usize>>,
    /// A field of the bar had the keyboard focus in the last frame.
    had_keys: bool,
}

/// The egui id of the find field.
pub const FIND_QUERY_ID: &str = "find_query";
/// The egui id of the replace field.
pub const FIND_REPLACEMENT_ID: &str = "find_replacement";

/// A field's frame that stays visible when the field is not focused (the
/// dark theme draws an unfocused field with no outline).
fn field_frame(ui: &egui::Ui, focused: bool) -> egui::Frame {
    let visuals = ui.visuals();
    let stroke = if focused { visuals.selection.stroke } else { Stroke::new(1.0, Color32::from_gray(90)) };
    egui::Frame::new()
        .fill(visuals.text_edit_bg_color())
        .stroke(stroke)
        .corner_radius(visuals.widgets.inactive.corner_radius)
        .inner_margin(ui.spacing().button_padding)
}

/// Byte ranges where `query` occurs in `text`, ASCII case-insensitively.
#[must_use]
pub fn find_all(text: &str, query: &str) -> Vec<Range<usize>> {
    if query.is_empty() {
        return Vec::new();
    }
    let hay = text.to_ascii_lowercase();
    let needle = query.to_ascii_lowercase();
    hay.match_indices(&needle).map(|(i, m)| i..i + m.len()).take(10_000).collect()
}

/// What the Find row saw this frame.
struct Found {
    /// Every match of the query.
    matches: Vec<Range<usize>>,
    /// Where Next and Previous count from.
    here: Range<usize>,
    /// The match to show, if the row moved to one.
    go_to: Option<Range<usize>>,
}

impl CodePanel {
    /// The find bar (and the replace row when asked for), above the editor.
    pub(super) fn find_bar_ui(&mut self, ui: &mut egui::Ui, cx: &mut PanelContext<'_>) {
        let query_id = egui::Id::unique(FIND_QUERY_ID);
        let replacement_id = egui::Id::unique(FIND_REPLACEMENT_ID);
        let in_bar =
            |ctx: &egui::Context| ctx.memory(|m| m.focused().is_some_and(|f| f == query_id || f == replacement_id));
        // Keys typed into the bar belong to it: none may reach the editor.
        let typing_in_bar = in_bar(ui.ctx());
        let cursor = selection(ui.ctx(), cx.doc.text()).unwrap_or(0..0);
        let enter = ui.input(|i| i.key_pressed(egui::Key::Enter));
        let found = ui.horizontal(|ui| self.find_row_ui(ui, cx.doc.text(), &cursor)).inner;
        let mut go_to = found.go_to;
        if self.find.replace {
            let replaced = ui.horizontal(|ui| self.replace_row_ui(ui, cx, &found.matches, &found.here, enter)).inner;
            if let Some(replaced) = replaced {
                go_to = replaced;
            }
        }
        let escape = ui.input(|i| i.key_pressed(egui::Key::Escape));
        let still_in_bar = in_bar(ui.ctx());
        // Esc takes the focus from a field before the panel sees it: ask
        // whether the bar had the keys in the last frame.
        let bar_had_keys = std::mem::replace(&mut self.find.had_keys, still_in_bar);
        let editor_has_keys = ui.ctx().memory(|m| m.has_focus(egui::Id::unique(EDITOR_ID)));
        if escape && (typing_in_bar || still_in_bar || bar_had_keys || !editor_has_keys) {
            // Back to the editor, with the match shown selected there.
            self.find.open = false;
            let at = self.find.current.take().unwrap_or(cursor);
            self.select = Some(at);
        } else if escape && self.completion.is_none() {
            self.find.open = false;
            self.find.current = None;
        }
        if typing_in_bar || still_in_bar {
            ui.ctx().input_mut(|i| {
                i.events.retain(|e| {
                    !matches!(
                        e,
                        egui::Event::Key { .. }
                            | egui::Event::Text(_)
                            | egui::Event::Paste(_)
                            | egui::Event::Cut
                            | egui::Event::Ime(_)
                    )
                });
            });
        }
        if let Some(range) = go_to {
            // Shown and selected in the editor, but the keys stay in the bar.
            set_selection_unfocused(ui.ctx(), cx.doc.text(), range.clone());
            self.scroll_to = Some(range.start);
            self.find.current = Some(range);
        }
        ui.separator();
    }

    /// The Find row: the query, the count, Next, Previous, Close.
    fn find_row_ui(&mut self, ui: &mut egui::Ui, text: &str, cursor: &Range<usize>) -> Found {
        let query_id = egui::Id::unique(FIND_QUERY_ID);
        let (enter, shift) = ui.input(|i| (i.key_pressed(egui::Key::Enter), i.modifiers.shift));
        let label = ui.label("Find");
        let focused = ui.ctx().memory(|m| m.has_focus(query_id));
        let field = ui
            .add(
                egui::TextEdit::singleline(&mut self.find.query)
                    .id(query_id)
                    .hint_text("text to find")
                    .frame(field_frame(ui, focused))
                    .desired_width(180.0),
            )
            .labelled_by(label.id);
        if std::mem::take(&mut self.find.focus) {
            field.request_focus();
        }
        let matches = find_all(text, &self.find.query);
        // Where "next" and "previous" count from: the match shown, else the cursor.
        let here = self.find.current.clone().filter(|c| matches.contains(c)).unwrap_or_else(|| cursor.clone());
        // Enter ends a singleline edit (the field loses the focus).
        let in_query = field.has_focus() || (field.lost_focus() && enter);
        ui.weak(match matches.len() {
            0 if self.find.query.is_empty() => String::new(),
            0 => "no matches".to_owned(),
            1 => "1 match".to_owned(),
            n => format!("{n} matches"),
        });
        let next = |from: &Range<usize>| matches.iter().find(|m| m.start >= from.end).or(matches.first()).cloned();
        let previous =
            |from: &Range<usize>| matches.iter().rev().find(|m| m.end <= from.start).or(matches.last()).cloned();
        let mut go_to = None;
        if field.changed() {
            // Typing a search shows its first match from the cursor on.
            let from = cursor.start..cursor.start;
            go_to = next(&from);
            self.find.current = go_to.clone();
        }
        if ui.button("Next").on_hover_text("Next match (Enter)").clicked() || (enter && in_query && !shift) {
            go_to = next(&here);
        }
        if ui.button("Previous").on_hover_text("Previous match (Shift+Enter)").clicked() || (enter && in_query && shift)
        {
            go_to = previous(&here);
        }
        if ui.small_button("Close").on_hover_text("Close the find bar (Esc)").clicked() {
            self.find.open = false;
        }
        if in_query && enter {
            // Keep typing in the bar after Enter.
            field.request_focus();
        }
        Found { matches, here, go_to }
    }

    /// The Replace row: the replacement, Replace (this match, then show the
    /// next) and Replace all, each one undo step. Returns where to go when
    /// it replaced something (`Some(None)`: nowhere, after Replace all).
    fn replace_row_ui(
        &mut self,
        ui: &mut egui::Ui,
        cx: &mut PanelContext<'_>,
        matches: &[Range<usize>],
        here: &Range<usize>,
        enter: bool,
    ) -> Option<Option<Range<usize>>> {
        let replacement_id = egui::Id::unique(FIND_REPLACEMENT_ID);
        let label = ui.label("Replace");
        let focused = ui.ctx().memory(|m| m.has_focus(replacement_id));
        let field = ui
            .add(
                egui::TextEdit::singleline(&mut self.find.replacement)
                    .id(replacement_id)
                    .hint_text("replace with")
                    .frame(field_frame(ui, focused))
                    .desired_width(180.0),
            )
            .labelled_by(label.id);
        let enter_here = enter && (field.has_focus() || field.lost_focus());
        if enter_here {
            field.request_focus();
        }
        let mut go_to = None;
        if ui.button("Replace").on_hover_text("Replace this match and show the next (Enter)").clicked() || enter_here {
            let current = matches
                .iter()
                .find(|m| *m == here)
                .or_else(|| matches.iter().find(|m| m.start >= here.start))
                .or(matches.first())
                .cloned();
            if let Some(m) = current {
                cx.doc.apply_edit(&TextEdit::replace(m.clone(), self.find.replacement.as_str()));
                let after = m.start + self.find.replacement.len();
                let next = find_all(cx.doc.text(), &self.find.query).into_iter().find(|n| n.start >= after);
                go_to = Some(Some(next.unwrap_or(m.start..after)));
            }
        }
        if ui.button("Replace all").on_hover_text("Replace every match").clicked()
            && let (Some(first), Some(end)) = (matches.first(), matches.last())
        {
            // One edit from the first match to the end of the last.
            let text = cx.doc.text();
            let mut between = String::with_capacity(end.end - first.start);
            let mut last = first.start;
            for m in matches {
                between.push_str(&text[last..m.start]);
                between.push_str(&self.find.replacement);
                last = m.end;
            }
            cx.doc.apply_edit(&TextEdit::replace(first.start..end.end, between));
            go_to = Some(None);
            self.find.current = None;
        }
        go_to
    }

    /// Open the find bar (with replace when `replace`) and focus it.
    pub fn open_find(&mut self, replace: bool, ctx: &egui::Context, text: &str) {
        self.find.open = true;
        self.find.replace = replace;
        self.find.focus = true;
        self.find.current = None;
        if let Some(sel) = selection(ctx, text)
            && !sel.is_empty()
            && !text[sel.clone()].contains('\n')
        {
            self.find.query = text[sel].to_owned();
        }
    }
}
