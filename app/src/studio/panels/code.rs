//! The code panel: the game's text in an editor with highlighting, line
//! numbers, the current line marked, diagnostics underlined (message on
//! hover), find/replace and comment toggling.
//!
//! The text itself belongs to the [`crate::document::Document`]; this panel
//! edits a copy each frame and hands back any change as one text edit.

use std::ops::Range;

use egui::text::{CCursor, CCursorRange};
use egui::{Align2, Color32, FontId, Pos2, Rect, Shape, Stroke, Vec2};

use super::{Panel, PanelContext};
use crate::highlight::Highlighter;

/// The egui id of the editor (tests and commands address it).
pub const EDITOR_ID: &str = "code_editor";

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

/// The open autocomplete list.
#[derive(Debug, Clone)]
pub struct Completion {
    /// The partial word it would replace (bytes).
    pub range: Range<usize>,
    /// What it offers.
    pub items: Vec<String>,
    /// The highlighted item.
    pub selected: usize,
}

impl Completion {
    /// Put item `index` in place of the partial word; returns the byte
    /// offset just after it.
    fn apply(&self, text: &mut String, index: usize) -> usize {
        let item = &self.items[index.min(self.items.len() - 1)];
        if self.range.end <= text.len() {
            text.replace_range(self.range.clone(), item);
        }
        self.range.start + item.len()
    }
}

/// The editor panel.
pub struct CodePanel {
    /// The autocomplete list, when open.
    pub completion: Option<Completion>,
    highlighter: Highlighter,
    /// The find/replace bar.
    pub find: FindBar,
    /// A byte range to select and scroll to on the next frame.
    pub select: Option<Range<usize>>,
    /// Comment or uncomment the selected lines on the next frame.
    pub toggle_comment_requested: bool,
    scroll_to: Option<usize>,
    font_size: f32,
    /// The lines (1-based, inclusive) on screen in the last frame.
    visible_lines: Option<(usize, usize)>,
    /// Long lines wrap at the panel's edge instead of scrolling sideways.
    pub wrap_lines: bool,
    /// A new document: show its start (cursor and view at the top) on the next frame.
    pub show_start: bool,
    /// Lines (1-based) with a debugger breakpoint: a click in the gutter
    /// sets or clears one.
    pub breakpoints: std::collections::BTreeSet<u32>,
    /// The line of the debugger's selected event, highlighted.
    pub debug_line: Option<u32>,
    /// The gutter of each line on screen in the last frame (for tests).
    pub gutter_drawn: Vec<(u32, Rect)>,
}

impl Default for CodePanel {
    fn default() -> Self {
        Self {
            highlighter: Highlighter::new(),
            completion: None,
            find: FindBar::default(),
            select: None,
            toggle_comment_requested: false,
            scroll_to: None,
            font_size: 14.0,
            visible_lines: None,
            wrap_lines: false,
            show_start: false,
            breakpoints: std::collections::BTreeSet::new(),
            debug_line: None,
            gutter_drawn: Vec::new(),
        }
    }
}

/// Character index of byte offset `byte` in `text`.
fn char_index(text: &str, byte: usize) -> usize {
    let mut byte = byte.min(text.len());
    while !text.is_char_boundary(byte) {
        byte -= 1;
    }
    text[..byte].chars().count()
}

/// Byte offset of character index `ch` in `text`.
fn byte_index(text: &str, ch: usize) -> usize {
    text.char_indices().nth(ch).map_or(text.len(), |(b, _)| b)
}

/// The editor's selection as a byte range, if it has a cursor.
#[must_use]
pub fn selection(ctx: &egui::Context, text: &str) -> Option<Range<usize>> {
    let state = egui::TextEdit::load_state(ctx, egui::Id::unique(EDITOR_ID))?;
    let range = state.cursor.char_range()?;
    let [a, b] = range.sorted_cursors();
    Some(byte_index(text, a.index.0)..byte_index(text, b.index.0))
}

/// Select `range` (bytes) in the editor and give it focus.
pub fn set_selection(ctx: &egui::Context, text: &str, range: Range<usize>) {
    set_selection_unfocused(ctx, text, range);
    ctx.memory_mut(|m| m.request_focus(egui::Id::unique(EDITOR_ID)));
}

/// Select `range` (bytes) in the editor, leaving the keyboard focus where
/// it is (the find bar keeps it while it shows matches).
pub fn set_selection_unfocused(ctx: &egui::Context, text: &str, range: Range<usize>) {
    let id = egui::Id::unique(EDITOR_ID);
    let mut state = egui::TextEdit::load_state(ctx, id).unwrap_or_default();
    let a = CCursor::new(char_index(text, range.start));
    let b = CCursor::new(char_index(text, range.end));
    state.cursor.set_char_range(Some(CCursorRange::two(a, b)));
    state.store(ctx, id);
}

/// Comment out the lines touched by `sel` with `( … )`, or uncomment them
/// when every non-blank one already is. Returns the new text and the range
/// of the changed lines.
#[must_use]
pub fn toggle_comment(text: &str, sel: Range<usize>) -> (String, Range<usize>) {
    let start = text[..sel.start.min(text.len())].rfind('\n').map_or(0, |i| i + 1);
    let mut end_at = sel.end.clamp(start, text.len());
    if end_at > sel.start && text[..end_at].ends_with('\n') {
        end_at -= 1;
    }
    let end = text[end_at..].find('\n').map_or(text.len(), |i| end_at + i);
    let block = &text[start..end];
    let is_comment = |l: &str| {
        let t = l.trim();
        t.starts_with('(') && t.ends_with(')')
    };
    let lines: Vec<&str> = block.split('\n').collect();
    let uncomment = lines.iter().any(|l| !l.trim().is_empty())
        && lines.iter().filter(|l| !l.trim().is_empty()).all(|l| is_comment(l));
    let changed: Vec<String> = lines
        .iter()
        .map(|line| {
            if line.trim().is_empty() {
                return (*line).to_owned();
            }
            let indent = &line[..line.len() - line.trim_start().len()];
            let body = line.trim();
            if uncomment {
                format!("{indent}{}", &body[1..body.len() - 1])
            } else {
                format!("{indent}({body})")
            }
        })
        .collect();
    let joined = changed.join("\n");
    let new = format!("{}{}{}", &text[..start], joined, &text[end..]);
    (new, start..start + joined.len())
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

impl CodePanel {
    /// Scroll the editor to show byte `at` on the next frame (without
    /// moving the cursor).
    pub fn scroll_to_byte(&mut self, at: usize) {
        self.scroll_to = Some(at);
    }

    /// The first and last line (1-based) the editor showed in the last frame.
    #[must_use]
    pub fn visible_lines(&self) -> Option<(usize, usize)> {
        self.visible_lines
    }

    /// How long the last re-highlight took: (update cache, build job, lay out).
    #[must_use]
    pub fn highlight_timing(&self) -> [std::time::Duration; 3] {
        self.highlighter.last_timing
    }

    #[expect(clippy::too_many_lines, reason = "a flat row of find and replace widgets")]
    fn find_bar_ui(&mut self, ui: &mut egui::Ui, cx: &mut PanelContext<'_>) {
        let query_id = egui::Id::unique(FIND_QUERY_ID);
        let replacement_id = egui::Id::unique(FIND_REPLACEMENT_ID);
        let in_bar = |ctx: &egui::Context| ctx.memory(|m| m.focused().is_some_and(|f| f == query_id || f == replacement_id));
        // Keys typed into the bar belong to it: none may reach the editor.
        let typing_in_bar = in_bar(ui.ctx());
        let text = cx.doc.text().to_owned();
        let cursor = selection(ui.ctx(), &text).unwrap_or(0..0);
        let mut go_to: Option<Range<usize>> = None;
        let (enter, shift) = ui.input(|i| (i.key_pressed(egui::Key::Enter), i.modifiers.shift));
        let mut matches = Vec::new();
        let mut here = cursor.clone();
        ui.horizontal(|ui| {
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
            matches = find_all(&text, &self.find.query);
            // Where "next" and "previous" count from: the match shown, else the cursor.
            if let Some(c) = self.find.current.clone().filter(|c| matches.contains(c)) {
                here = c;
            }
            // Enter ends a singleline edit (the field loses the focus).
            let in_query = field.has_focus() || (field.lost_focus() && enter);
            ui.weak(match matches.len() {
                0 if self.find.query.is_empty() => String::new(),
                0 => "no matches".to_owned(),
                1 => "1 match".to_owned(),
                n => format!("{n} matches"),
            });
            let next = |from: &Range<usize>| matches.iter().find(|m| m.start >= from.end).or(matches.first()).cloned();
            let previous = |from: &Range<usize>| matches.iter().rev().find(|m| m.end <= from.start).or(matches.last()).cloned();
            if field.changed() {
                // Typing a search shows its first match from the cursor on.
                let from = cursor.start..cursor.start;
                go_to = next(&from);
                self.find.current = go_to.clone();
            }
            if ui.button("Next").on_hover_text("Next match (Enter)").clicked() || (enter && in_query && !shift) {
                go_to = next(&here);
            }
            if ui.button("Previous").on_hover_text("Previous match (Shift+Enter)").clicked() || (enter && in_query && shift) {
                go_to = previous(&here);
            }
            if ui.small_button("Close").on_hover_text("Close the find bar (Esc)").clicked() {
                self.find.open = false;
            }
            if in_query && enter {
                // Keep typing in the bar after Enter.
                field.request_focus();
            }
        });
        if self.find.replace {
            ui.horizontal(|ui| {
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
                if ui.button("Replace").on_hover_text("Replace this match and show the next (Enter)").clicked() || enter_here {
                    let current = matches.iter().find(|m| **m == here).or_else(|| matches.iter().find(|m| m.start >= here.start)).or(matches.first()).cloned();
                    if let Some(m) = current {
                        let mut new = text.clone();
                        new.replace_range(m.clone(), &self.find.replacement);
                        cx.doc.set_text(new);
                        let after = m.start + self.find.replacement.len();
                        let next = find_all(cx.doc.text(), &self.find.query).into_iter().find(|n| n.start >= after);
                        go_to = Some(next.unwrap_or(m.start..after));
                    }
                }
                if ui.button("Replace all").on_hover_text("Replace every match").clicked() && !matches.is_empty() {
                    let mut new = String::with_capacity(text.len());
                    let mut last = 0;
                    for m in &matches {
                        new.push_str(&text[last..m.start]);
                        new.push_str(&self.find.replacement);
                        last = m.end;
                    }
                    new.push_str(&text[last..]);
                    cx.doc.set_text(new);
                    go_to = None;
                    self.find.current = None;
                }
            });
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
                i.events.retain(|e| !matches!(e, egui::Event::Key { .. } | egui::Event::Text(_) | egui::Event::Paste(_) | egui::Event::Cut | egui::Event::Ime(_)));
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

impl Panel for CodePanel {
    fn title(&self, cx: &PanelContext<'_>) -> String {
        let dirty = if cx.doc.is_dirty() { " *" } else { "" };
        format!("Code — {}{dirty}", cx.doc.display_name())
    }

    #[expect(clippy::too_many_lines, reason = "the editor's frame: keys, completion, gutter and text in order; to be split with the debugger's gutter work merged (issue 12)")]
    fn ui(&mut self, ui: &mut egui::Ui, cx: &mut PanelContext<'_>) {
        let ctx = ui.ctx().clone();
        if std::mem::take(&mut self.show_start) {
            set_selection_unfocused(&ctx, cx.doc.text(), 0..0);
            self.scroll_to = Some(0);
            self.find.current = None;
        }
        if self.find.open {
            self.find_bar_ui(ui, cx);
        }
        if std::mem::take(&mut self.toggle_comment_requested) {
            let sel = selection(&ctx, cx.doc.text()).unwrap_or(0..0);
            let (new, lines) = toggle_comment(cx.doc.text(), sel);
            cx.doc.set_text(new);
            self.select = Some(lines);
        }
        if let Some(range) = self.select.take() {
            set_selection(&ctx, cx.doc.text(), range.clone());
            self.scroll_to = Some(range.start);
        }

        let id = egui::Id::unique(EDITOR_ID);
        let font = FontId::monospace(self.font_size);
        let mut text = cx.doc.text().to_owned();

        // The autocomplete list takes arrows, Tab/Enter and Esc before the editor.
        if let Some(completion) = &mut self.completion {
            use egui::{Key, Modifiers};
            let n = completion.items.len();
            let (down, up, take, close) = ctx.input_mut(|i| {
                // Keys that arrive in the same frame as typed text belong to
                // the typing (fast typists, pasted input): the list is stale.
                if i.events.iter().any(|e| matches!(e, egui::Event::Text(_))) {
                    return (false, false, false, true);
                }
                (
                    i.consume_key(Modifiers::NONE, Key::ArrowDown),
                    i.consume_key(Modifiers::NONE, Key::ArrowUp),
                    i.consume_key(Modifiers::NONE, Key::Tab) || i.consume_key(Modifiers::NONE, Key::Enter),
                    i.consume_key(Modifiers::NONE, Key::Escape),
                )
            });
            if down {
                completion.selected = (completion.selected + 1) % n;
            }
            if up {
                completion.selected = (completion.selected + n - 1) % n;
            }
            if take {
                let at = completion.apply(&mut text, completion.selected);
                set_selection(&ctx, &text, at..at);
                self.completion = None;
            } else if close {
                self.completion = None;
            }
        }
        let mut completion = self.completion.take();
        let mut clicked_item: Option<usize> = None;
        let line_count = text.split('\n').count();
        let digit_width = ctx.fonts_mut(|f| f.glyph_width(&font, '0'));
        let gutter = digit_width * (line_count.to_string().len().max(3) as f32) + 14.0;
        let visuals = ui.visuals().clone();
        let highlighter = &mut self.highlighter;
        let scroll_to = self.scroll_to.take();
        let find_query = if self.find.open { self.find.query.clone() } else { String::new() };
        let current_match = if self.find.open { self.find.current.clone() } else { None };
        let diagnostics: Vec<engine::Diagnostic> = cx.doc.diagnostics().to_vec();
        let mut visible: Option<(usize, usize)> = None;
        let mut ctrl_clicked = false;
        let mut breakpoint_clicked = None;
        let mut gutter_drawn = Vec::new();
        let (breakpoints, debug_line) = (self.breakpoints.clone(), self.debug_line);

        egui::Frame::new().fill(Color32::from_rgb(0x1e, 0x1e, 0x1e)).show(ui, |ui| {
            let scroll = if self.wrap_lines { egui::ScrollArea::vertical() } else { egui::ScrollArea::both() };
            let wrap_lines = self.wrap_lines;
            scroll.id_salt("code_scroll").auto_shrink(false).show(ui, |ui| {
                ui.horizontal_top(|ui| {
                    ui.add_space(gutter);
                    let background = ui.painter().add(Shape::Noop);
                    let mut layouter = |ui: &egui::Ui, buf: &dyn egui::TextBuffer, wrap: f32| {
                        highlighter.galley(ui, buf.as_str(), &font, if wrap_lines { wrap } else { f32::INFINITY })
                    };
                    let out = egui::TextEdit::multiline(&mut text)
                        .id(id)
                        .hint_text("Write your PuzzleScript game here")
                        .font(font.clone())
                        .code_editor()
                        .frame(egui::Frame::NONE)
                        .desired_width(f32::INFINITY)
                        .desired_rows(24)
                        .lock_focus(true)
                        .layouter(&mut layouter)
                        .show(ui);
                    // Ctrl+click on a name: go to its definition (the click
                    // has put the cursor on it).
                    let editor = &out.response.response;
                    // (A click with Ctrl held is not a `clicked()` to egui's text edit.)
                    ctrl_clicked = (editor.clicked() || (editor.contains_pointer() && ui.input(|i| i.pointer.any_click())))
                        && ui.input(|i| {
                            // The release may carry the modifier when the state no longer does.
                            i.modifiers.command
                                || i.events.iter().any(|e| matches!(e, egui::Event::PointerButton { pressed: false, modifiers, .. } if modifiers.command))
                        });
                    let galley = &out.galley;
                    let origin = out.galley_pos;
                    let clip = ui.clip_rect();
                    let painter = ui.painter();
                    let mut behind = Vec::new();

                    // The current line, across the whole panel.
                    let cursor = out.cursor_range.map(|r| r.primary);
                    let cursor_row_y = cursor.map(|c| galley.pos_from_cursor(c).translate(origin.to_vec2()));
                    if let Some(r) = cursor_row_y {
                        let rect = Rect::from_x_y_ranges(clip.x_range(), r.y_range());
                        behind.push(Shape::rect_filled(rect, 0.0, Color32::from_rgb(0x2a, 0x2d, 0x2e)));
                    }

                    // Find matches.
                    for m in find_all(&text, &find_query).iter().take(2000) {
                        let a = galley.pos_from_cursor(CCursor::new(char_index(&text, m.start)));
                        let b = galley.pos_from_cursor(CCursor::new(char_index(&text, m.end)));
                        let rect = Rect::from_min_max(a.min, Pos2::new(b.max.x.max(a.min.x + 2.0), a.max.y))
                            .translate(origin.to_vec2());
                        if rect.intersects(clip) {
                            behind.push(Shape::rect_filled(rect, 2.0, Color32::from_rgba_unmultiplied(0x62, 0x33, 0x15, 0xc0)));
                        }
                    }
                    // The match the find bar shows: outlined, as the editor
                    // draws no selection while the bar has the keys.
                    if let Some(m) = current_match.as_ref().filter(|m| m.end <= text.len()) {
                        let a = galley.pos_from_cursor(CCursor::new(char_index(&text, m.start)));
                        let b = galley.pos_from_cursor(CCursor::new(char_index(&text, m.end)));
                        let rect = Rect::from_min_max(a.min, Pos2::new(b.max.x.max(a.min.x + 2.0), a.max.y))
                            .translate(origin.to_vec2());
                        behind.push(Shape::rect_filled(rect, 2.0, Color32::from_rgb(0x9a, 0x5a, 0x1e)));
                        behind.push(Shape::rect_stroke(rect.expand(1.0), 2.0, Stroke::new(1.0, Color32::from_rgb(0xf0, 0xb0, 0x60)), egui::StrokeKind::Outside));
                    }
                    painter.set(background, Shape::Vec(behind));

                    // Line numbers.
                    let current_line = cursor_row_y.map(|r| r.center().y);
                    let mut line = 1;
                    for (i, row) in galley.rows.iter().enumerate() {
                        if i > 0 && galley.rows[i - 1].ends_with_newline {
                            line += 1;
                        } else if i > 0 {
                            continue;
                        }
                        let rect = row.rect().translate(origin.to_vec2());
                        if rect.max.y < clip.min.y || rect.min.y > clip.max.y {
                            continue;
                        }
                        visible = Some(visible.map_or((line, line), |(a, _)| (a, line)));
                        // The debugger's line, and the breakpoint gutter.
                        let row_rect = Rect::from_x_y_ranges(clip.x_range(), rect.y_range());
                        if debug_line == Some(line as u32) {
                            painter.rect_filled(row_rect, 0.0, Color32::from_rgba_unmultiplied(0x80, 0x70, 0x10, 0x50));
                        }
                        let gutter_rect = Rect::from_x_y_ranges(origin.x - gutter..=origin.x - 2.0, rect.y_range());
                        let spot = ui.interact(gutter_rect, id.with(("gutter", line)), egui::Sense::click());
                        gutter_drawn.push((line as u32, gutter_rect));
                        if spot.clicked() {
                            breakpoint_clicked = Some(line as u32);
                        }
                        if breakpoints.contains(&(line as u32)) {
                            painter.circle_filled(
                                Pos2::new(origin.x - gutter + 6.0, rect.center().y),
                                (rect.height() * 0.3).min(5.0),
                                Color32::from_rgb(0xe0, 0x40, 0x40),
                            );
                        }
                        let is_current = current_line.is_some_and(|y| rect.y_range().contains(y));
                        let colour = if is_current { Color32::from_gray(200) } else { Color32::from_gray(100) };
                        painter.text(
                            Pos2::new(origin.x - 10.0, rect.min.y),
                            Align2::RIGHT_TOP,
                            line.to_string(),
                            font.clone(),
                            colour,
                        );
                    }

                    // Diagnostics: a wavy underline, the message on hover.
                    let hover = ui.input(|i| i.pointer.hover_pos());
                    let mut hovered: Option<&engine::Diagnostic> = None;
                    for d in &diagnostics {
                        let a = galley.pos_from_cursor(CCursor::new(char_index(&text, d.span.start)));
                        let b = galley.pos_from_cursor(CCursor::new(char_index(&text, d.span.end)));
                        let a = a.translate(origin.to_vec2());
                        let b = b.translate(origin.to_vec2());
                        let end_x = if (a.min.y - b.min.y).abs() < 1.0 { b.min.x } else { a.min.x + digit_width * 8.0 };
                        let end_x = end_x.max(a.min.x + digit_width);
                        let rect = Rect::from_min_max(a.min, Pos2::new(end_x, a.max.y));
                        if !rect.intersects(clip) {
                            continue;
                        }
                        let (_, colour) = super::problems::severity_style(d.severity, &visuals);
                        painter.add(wavy_line(rect.left_bottom(), rect.right_bottom(), colour));
                        if hover.is_some_and(|p| rect.expand2(Vec2::new(0.0, 2.0)).contains(p)) {
                            hovered = Some(d);
                        }
                    }
                    if let Some(d) = hovered {
                        let message = format!("{}: {} ({})", d.severity.as_str(), d.message, d.code);
                        out.response.response.clone().on_hover_ui_at_pointer(|ui| {
                            ui.label(message);
                        });
                    }

                    // Autocomplete: recomputed after typing, closed by moving away.
                    let typed = out.response.response.changed();
                    if typed {
                        let cursor_byte = cursor.map(|c| byte_index(&text, c.index.0));
                        let names = highlighter.defined_names();
                        completion = cursor_byte
                            .and_then(|at| crate::complete::candidates(&text, at, &names))
                            .map(|(range, items)| Completion { range, items, selected: 0 });
                    } else if out.response.response.clicked() || !out.response.response.has_focus() {
                        completion = None;
                    }
                    if let (Some(c), Some(r)) = (&completion, cursor_row_y) {
                        egui::Area::new(egui::Id::unique("code_completion"))
                            .order(egui::Order::Foreground)
                            .fixed_pos(r.left_bottom() + Vec2::new(0.0, 2.0))
                            .show(ui.ctx(), |ui| {
                                egui::Frame::popup(ui.style()).show(ui, |ui| {
                                    // One name per line, never broken.
                                    ui.style_mut().wrap_mode = Some(egui::TextWrapMode::Extend);
                                    for (i, item) in c.items.iter().enumerate() {
                                        let label = egui::RichText::new(item).monospace();
                                        if ui.selectable_label(i == c.selected, label).clicked() {
                                            clicked_item = Some(i);
                                        }
                                    }
                                });
                            });
                    }

                    if let Some(at) = scroll_to {
                        let r = galley.pos_from_cursor(CCursor::new(char_index(&text, at)));
                        ui.scroll_to_rect(r.translate(origin.to_vec2()).expand(20.0), Some(egui::Align::Center));
                    }
                });
            });
        });
        if let (Some(c), Some(i)) = (&completion, clicked_item) {
            let at = c.apply(&mut text, i);
            set_selection(&ctx, &text, at..at);
            completion = None;
        }
        self.completion = completion;
        self.visible_lines = visible;
        if ctrl_clicked {
            cx.requests.run(crate::command::Command::GoToDefinition);
        }
        self.gutter_drawn = gutter_drawn;
        if let Some(line) = breakpoint_clicked
            && !self.breakpoints.remove(&line)
        {
            self.breakpoints.insert(line);
        }
        if text != cx.doc.text() {
            cx.doc.set_text(text);
        }
    }
}

fn wavy_line(from: Pos2, to: Pos2, colour: Color32) -> Shape {
    let step = 2.5;
    let mut points = Vec::new();
    let mut x = from.x;
    let mut up = false;
    while x < to.x {
        points.push(Pos2::new(x, from.y + if up { -1.5 } else { 0.5 }));
        up = !up;
        x += step;
    }
    points.push(Pos2::new(to.x, from.y));
    Shape::line(points, Stroke::new(1.2, colour))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn toggle_comment_wraps_and_unwraps_lines() {
        let text = "a\n  [ x ] -> [ y ]\nc\n";
        let (commented, range) = toggle_comment(text, 4..4);
        assert_eq!(commented, "a\n  ([ x ] -> [ y ])\nc\n");
        assert_eq!(&commented[range.clone()], "  ([ x ] -> [ y ])");
        let (back, _) = toggle_comment(&commented, range);
        assert_eq!(back, text);
    }

    #[test]
    fn toggle_comment_spans_selected_lines() {
        let text = "one\ntwo\n\nthree";
        let (c, _) = toggle_comment(text, 1..text.len());
        assert_eq!(c, "(one)\n(two)\n\n(three)");
    }

    #[test]
    fn find_is_case_insensitive() {
        assert_eq!(find_all("Crate crate CRATE", "crate").len(), 3);
    }
}
