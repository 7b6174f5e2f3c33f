//! A large text (over [`LARGE_TEXT`]) is edited through a window: egui's
//! text editor gets only the lines on screen and a margin around them, in
//! a scroll area as tall as the whole text, so laying out, highlighting,
//! painting and the diagnostics drawn stay proportional to what is visible
//! (issue 31 item 4: 2 MB of random text took seconds a frame and 700 MB
//! when the whole text was laid out every frame). Typing in the window is
//! handed to the document as one edit at its place; nothing copies the
//! whole text per frame.
//!
//! The window is kept in lines; it moves when the view scrolls past it, and
//! the cursor moves with it. In a large text, long lines do not wrap, the
//! highlighting starts afresh at the window's first line (under the section
//! header above it) and autocomplete is off.

use std::ops::Range;

use egui::text::{CCursor, CCursorRange};
use egui::{Color32, FontId, Rect, Shape};

use super::editor::{self, Drawn, Gutter, View};
use super::{CodePanel, EDITOR_ID, PanelContext, char_index};

/// From this many bytes on, the editor shows a window of the text.
pub const LARGE_TEXT: usize = 256 * 1024;

/// Lines laid out above and below those on screen.
const MARGIN: usize = 40;

/// Where the editor's window is in the whole text, kept in egui's memory so
/// [`super::selection`] and [`super::set_selection`] can translate.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(super) struct Window {
    /// The window's first byte and its end (bytes of the whole text).
    pub start: usize,
    /// End byte (exclusive).
    pub end: usize,
    /// The window's first line (from 0) and how many it has.
    pub first_line: usize,
    /// Lines in the window.
    pub lines: usize,
}

fn window_id() -> egui::Id {
    egui::Id::unique(EDITOR_ID).with("window")
}

/// The window of the last frame, while a large text is shown.
pub(super) fn current(ctx: &egui::Context) -> Option<Window> {
    ctx.data(|d| d.get_temp::<Window>(window_id()))
}

/// A small text is shown whole: forget any window.
pub(super) fn forget(ctx: &egui::Context) {
    ctx.data_mut(|d| d.remove::<Window>(window_id()));
}

/// A selection (bytes of the whole text) asked for while a window is shown:
/// the next frame moves the window to it.
#[derive(Clone, Debug)]
struct Pending(Range<usize>);

pub(super) fn ask_selection(ctx: &egui::Context, range: Range<usize>) {
    ctx.data_mut(|d| d.insert_temp(window_id().with("pending"), Pending(range)));
}

fn take_pending(ctx: &egui::Context) -> Option<Range<usize>> {
    ctx.data_mut(|d| {
        let p = d.get_temp::<Pending>(window_id().with("pending"));
        d.remove::<Pending>(window_id().with("pending"));
        p.map(|p| p.0)
    })
}

/// The byte of the whole text at char `index` of the window's text.
pub(super) fn byte_in_window(text: &str, window: Window, index: usize) -> usize {
    let slice = text.get(window.start..window.end.min(text.len())).unwrap_or("");
    window.start + slice.char_indices().nth(index).map_or(slice.len(), |(b, _)| b)
}

/// Byte offsets where each line starts (the first is 0).
#[must_use]
pub fn line_starts(text: &str) -> Vec<usize> {
    let mut starts = vec![0];
    starts.extend(text.bytes().enumerate().filter(|(_, b)| *b == b'\n').map(|(i, _)| i + 1));
    starts
}

/// The section header above byte `at` (looked for at most 2,000 lines up),
/// so the window's highlighting starts in the right section; a
/// PuzzleScript Plus `SECTION` line counts too, and in a game read as
/// Plus/Next (`plus`) the TAGS and MAPPINGS headers, which open their
/// sections anywhere there.
fn section_above(text: &str, at: usize, plus: bool) -> Option<&'static str> {
    use engine::syntax::keywords::TagSection;
    text[..at].rsplit('\n').take(2000).find_map(|l| {
        let word = l.trim();
        engine::syntax::ast::Section::parse(word)
            .map(engine::syntax::ast::Section::header)
            .or_else(|| word.eq_ignore_ascii_case("SECTION").then_some("SECTION"))
            .or_else(|| TagSection::parse(word).filter(|_| plus).map(TagSection::header))
    })
}

impl CodePanel {
    fn starts(&mut self, cx: &PanelContext<'_>) -> &[usize] {
        let revision = cx.doc.revision();
        if self.line_starts.as_ref().is_none_or(|(r, _)| *r != revision) {
            self.line_starts = Some((revision, line_starts(cx.doc.text())));
        }
        self.line_starts.as_ref().map_or(&[], |(_, s)| s.as_slice())
    }

    /// Whether the whole text reads as PuzzleScript Plus/Next, for the
    /// window's highlighting: worked out from its prelude once per revision
    /// (and, for a prelude too long to parse on the way, from the last
    /// build, again when a build lands).
    fn window_reads_as_plus(&mut self, cx: &PanelContext<'_>) -> bool {
        let (revision, built) = (cx.doc.revision(), !cx.doc.is_building());
        if let Some((r, b, plus)) = self.window_plus
            && r == revision
            && (b || !built)
        {
            return plus;
        }
        let plus = crate::highlight::prelude_reads_as_plus(cx.doc.text())
            .unwrap_or_else(|| cx.doc.build().is_some_and(|b| crate::highlight::ast_reads_as_plus(&b.ast)));
        self.window_plus = Some((revision, built, plus));
        plus
    }

    /// Where the cursor goes this frame, in bytes of the whole text: a
    /// selection asked for elsewhere, else the last frame's (the window may
    /// move under it), else the one kept while the view was away from it;
    /// Ctrl+Home and Ctrl+End go to the ends of the whole text. Also whether
    /// the editor should take the keys back, and where to scroll.
    fn window_selection(
        &mut self,
        ctx: &egui::Context,
        text: &str,
        previous: Option<Window>,
    ) -> (Option<Range<usize>>, bool, Option<usize>) {
        let id = egui::Id::unique(EDITOR_ID);
        let pending = take_pending(ctx);
        let mut scroll_to = self.scroll_to.take().or_else(|| pending.as_ref().map(|r| r.start));
        let state = egui::TextEdit::load_state(ctx, id);
        let last = previous.zip(state.as_ref().and_then(|s| s.cursor.char_range())).map(|(w, range)| {
            let [a, b] = [range.secondary.index.0, range.primary.index.0].map(|i| byte_in_window(text, w, i));
            a..b
        });
        let detached = self.window_cursor.take();
        let refocus = detached.is_some();
        let mut select = pending.or(last).or(detached);
        if ctx.memory(|m| m.has_focus(id)) || refocus {
            let (home, end) = ctx.input_mut(|i| {
                (
                    i.consume_key(egui::Modifiers::COMMAND, egui::Key::Home),
                    i.consume_key(egui::Modifiers::COMMAND, egui::Key::End),
                )
            });
            if home || end {
                let at = if home { 0 } else { text.len() };
                select = Some(at..at);
                scroll_to = Some(at);
            }
        }
        (select, refocus, scroll_to)
    }

    /// The editor over a window of a large text.
    pub(super) fn window_ui(&mut self, ui: &mut egui::Ui, cx: &mut PanelContext<'_>) -> Drawn {
        let ctx = ui.ctx().clone();
        let id = egui::Id::unique(EDITOR_ID);
        let font = FontId::monospace(self.font_size);
        let (row_height, digit_width) = ctx.fonts_mut(|f| (f.row_height(&font), f.glyph_width(&font, '0')));
        let starts = self.starts(cx).to_vec();
        let plus = self.window_reads_as_plus(cx);
        let text_len = cx.doc.text().len();
        let line_count = starts.len();
        let gutter_width = digit_width * (line_count.to_string().len().max(3) as f32) + 14.0;
        let line_of = |byte: usize| starts.partition_point(|&s| s <= byte).saturating_sub(1);
        let mut drawn = Drawn { visible: None, ctrl_clicked: false, breakpoint_clicked: None, gutter: Vec::new() };
        let previous = current(&ctx);
        let (select_abs, refocus, scroll_to) = self.window_selection(&ctx, cx.doc.text(), previous);
        let mut off_window: Option<Range<usize>> = None;
        let highlighter = &mut self.highlighter;
        let (breakpoints, debug_line) = (&self.breakpoints, self.debug_line);
        let find_query = if self.find.open { self.find.query.clone() } else { String::new() };
        let current_match = if self.find.open { self.find.current.clone() } else { None };
        let mut edit: Option<(Range<usize>, String)> = None;

        egui::Frame::new().fill(Color32::from_rgb(0x1e, 0x1e, 0x1e)).show(ui, |ui| {
            let mut scroll = egui::ScrollArea::both().id_salt("code_scroll").auto_shrink(false);
            if let Some(at) = scroll_to {
                let y = line_of(at.min(text_len)) as f32 * row_height;
                let visible = ui.available_height();
                scroll = scroll.vertical_scroll_offset((y - visible / 2.0).max(0.0));
            }
            scroll.show_viewport(ui, |ui, viewport| {
                let top = ui.min_rect().top();
                let left = ui.min_rect().left();
                ui.set_min_height(line_count as f32 * row_height + row_height);
                let first_visible = ((viewport.min.y / row_height).floor().max(0.0) as usize).min(line_count - 1);
                let last_visible = ((viewport.max.y / row_height).ceil().max(0.0) as usize).min(line_count - 1);
                // Keep the window while it covers the screen, else centre a new one.
                let keep = previous.filter(|w| {
                    w.first_line <= first_visible && w.first_line + w.lines > last_visible && w.first_line < line_count
                });
                let first_line = keep.map_or(first_visible.saturating_sub(MARGIN), |w| w.first_line);
                let lines =
                    keep.map_or(last_visible + MARGIN + 1 - first_line, |w| w.lines).min(line_count - first_line);
                let start = starts[first_line];
                let end = window_end(cx.doc.text(), &starts, first_line + lines);
                let window = Window { start, end, first_line, lines };
                let text = cx.doc.text();
                let mut window_text = text[start..end].to_owned();
                // The cursor, in the window's characters (none when off it).
                let mut state = egui::TextEdit::load_state(ui.ctx(), id).unwrap_or_default();
                let covers = |at: usize| at >= start && at <= end;
                let cursor = select_abs.as_ref().filter(|r| covers(r.start) && covers(r.end)).map(|r| {
                    let a = CCursor::new(char_index(&window_text, r.start - start));
                    let b = CCursor::new(char_index(&window_text, r.end - start));
                    CCursorRange::two(a, b)
                });
                if cursor.is_none() && select_abs.is_some() {
                    off_window = select_abs.clone();
                    ui.memory_mut(|m| m.surrender_focus(id));
                } else if cursor.is_some() && refocus {
                    ui.memory_mut(|m| m.request_focus(id));
                }
                state.cursor.set_char_range(cursor);
                state.store(ui.ctx(), id);
                ui.data_mut(|d| d.insert_temp(window_id(), window));

                let section = section_above(text, start, plus);
                let mut layouter = |ui: &egui::Ui, buf: &dyn egui::TextBuffer, _wrap: f32| {
                    highlighter.window_galley(ui, section, buf.as_str(), &font, plus)
                };
                let rect = Rect::from_min_size(
                    egui::pos2(left + gutter_width, top + first_line as f32 * row_height),
                    egui::vec2((ui.available_width() - gutter_width).max(200.0), lines as f32 * row_height),
                );
                let out = ui
                    .scope_builder(egui::UiBuilder::new().max_rect(rect), |ui| {
                        let background = ui.painter().add(Shape::Noop);
                        let out = super::editor::code_field(&mut window_text, id, &font, lines)
                            .layouter(&mut layouter)
                            .show(ui);
                        (out, background)
                    })
                    .inner;
                let (out, background) = out;
                let view =
                    View { galley: &out.galley, origin: out.galley_pos, clip: ui.clip_rect(), text: &window_text };
                let cursor_row =
                    out.cursor_range.map(|r| out.galley.pos_from_cursor(r.primary).translate(view.origin.to_vec2()));
                let shifted_match =
                    current_match.filter(|m| m.start >= start && m.end <= end).map(|m| m.start - start..m.end - start);
                let behind = editor::behind_text(&view, cursor_row, &find_query, shifted_match.as_ref());
                ui.painter().set(background, Shape::Vec(behind));
                let gutter = Gutter {
                    width: gutter_width,
                    font: &font,
                    breakpoints,
                    debug_line,
                    line_offset: first_line,
                    current_y: cursor_row.map(|r| r.center().y),
                    coverage: None,
                };
                editor::gutter_ui(ui, &view, &gutter, id, &mut drawn);
                let diagnostics = in_window(cx.doc.diagnostics(), start..end);
                editor::diagnostics_ui(ui, &view, &diagnostics, digit_width, &out.response.response, drawn.visible);
                if window_text != text[start..end] {
                    edit = Some((start..end, window_text));
                }
            });
        });
        if let Some((range, new)) = edit {
            apply_window_edit(&ctx, cx.doc, range, &new);
        }
        self.window_cursor = off_window;
        drawn
    }
}

/// Where a window ending before line `next` (from 0) ends: at the last
/// line's line break, not past it, so typing at its end goes on that line.
fn window_end(text: &str, starts: &[usize], next: usize) -> usize {
    starts.get(next).map_or(text.len(), |&s| {
        let before_break = s - 1;
        if before_break > 0 && text.as_bytes()[before_break - 1] == b'\r' { before_break - 1 } else { before_break }
    })
}

/// The diagnostics within `window` (bytes), their spans made relative to it.
fn in_window(diagnostics: &[engine::Diagnostic], window: Range<usize>) -> Vec<engine::Diagnostic> {
    diagnostics
        .iter()
        .filter(|d| d.span.start >= window.start && d.span.end <= window.end)
        .map(|d| {
            let mut d = d.clone();
            d.span.start -= window.start;
            d.span.end -= window.start;
            d
        })
        .collect()
}

/// The window's text `range` became `new`: hand the document the smallest
/// edit that does it (so undo steps merge as when typing in a small text),
/// and keep the window's end where the edited text has it.
fn apply_window_edit(ctx: &egui::Context, doc: &mut crate::document::Document, range: Range<usize>, new: &str) {
    let old = &doc.text()[range.clone()];
    let prefix = old.bytes().zip(new.bytes()).take_while(|(a, b)| a == b).count();
    let prefix = (0..=prefix).rev().find(|&p| old.is_char_boundary(p) && new.is_char_boundary(p)).unwrap_or(0);
    let room = old.len().min(new.len()) - prefix;
    let suffix = old.bytes().rev().zip(new.bytes().rev()).take(room).take_while(|(a, b)| a == b).count();
    let suffix = (0..=suffix)
        .rev()
        .find(|&s| old.is_char_boundary(old.len() - s) && new.is_char_boundary(new.len() - s))
        .unwrap_or(0);
    let at = range.start + prefix;
    let grown = new.len().wrapping_sub(old.len());
    doc.apply_edit(&engine::edit::TextEdit::replace(at..range.end - suffix, &new[prefix..new.len() - suffix]));
    if let Some(mut w) = current(ctx) {
        w.end = w.end.wrapping_add(grown).min(doc.text().len());
        ctx.data_mut(|d| d.insert_temp(window_id(), w));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn line_starts_and_sections() {
        assert_eq!(line_starts("a\nbc\n"), vec![0, 2, 5]);
        let text = "title x\nRULES\n[ a ] -> [ b ]\nmore\n";
        assert_eq!(section_above(text, text.len(), false), Some("RULES"));
        assert_eq!(section_above(text, 3, false), None);
        // TAGS after OBJECTS opens its section in a Plus/Next game only.
        let text = "title x\nOBJECTS\nWall\nred\n\nTAGS\nDirs = up down\n";
        assert_eq!(section_above(text, text.len(), true), Some("TAGS"));
        assert_eq!(section_above(text, text.len(), false), Some("OBJECTS"));
    }
}
