//! The code panel: the game's text in an editor with highlighting, line
//! numbers, the current line marked, diagnostics underlined (message on
//! hover), find/replace and comment toggling.
//!
//! The text itself belongs to the [`crate::document::Document`]; this panel
//! edits a copy each frame and hands back any change as one text edit.

use std::ops::Range;

use egui::Rect;
use egui::text::{CCursor, CCursorRange};

use engine::edit::TextEdit;

use super::{Panel, PanelContext};
use crate::highlight::Highlighter;

mod editor;
mod find;
mod window;

pub use find::{FIND_QUERY_ID, FIND_REPLACEMENT_ID, FindBar, find_all};
pub use window::{LARGE_TEXT, line_starts};

/// The egui id of the editor (tests and commands address it).
pub const EDITOR_ID: &str = "code_editor";

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
    /// Where each line of a large text starts, for the revision it is of.
    line_starts: Option<(u64, Vec<usize>)>,
    /// A large text's cursor while the view is away from it (bytes).
    window_cursor: Option<Range<usize>>,
    /// Whether a large text reads as PuzzleScript Plus/Next, for the
    /// revision it is of (and whether that revision was built then).
    window_plus: Option<(u64, bool, bool)>,
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
            line_starts: None,
            window_cursor: None,
            window_plus: None,
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
    if let Some(w) = window::current(ctx) {
        return Some(window::byte_in_window(text, w, a.index.0)..window::byte_in_window(text, w, b.index.0));
    }
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
    if text.len() > LARGE_TEXT {
        // The window moves to it on the next frame.
        window::ask_selection(ctx, range);
        return;
    }
    let mut state = egui::TextEdit::load_state(ctx, id).unwrap_or_default();
    let a = CCursor::new(char_index(text, range.start));
    let b = CCursor::new(char_index(text, range.end));
    state.cursor.set_char_range(Some(CCursorRange::two(a, b)));
    state.store(ctx, id);
}

/// Comment out the lines touched by `sel` with `( … )`, or uncomment them
/// when every non-blank one already is. Returns the edit (those lines
/// rewritten) and the range the lines take after it.
#[must_use]
pub fn toggle_comment(text: &str, sel: Range<usize>) -> (TextEdit, Range<usize>) {
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
            if uncomment { format!("{indent}{}", &body[1..body.len() - 1]) } else { format!("{indent}({body})") }
        })
        .collect();
    let joined = changed.join("\n");
    let lines = start..start + joined.len();
    (TextEdit::replace(start..end, joined), lines)
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
}

impl Panel for CodePanel {
    fn title(&self, cx: &PanelContext<'_>) -> String {
        let dirty = if cx.doc.is_dirty() { " *" } else { "" };
        format!("Code — {}{dirty}", cx.doc.display_name())
    }

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
            let (edit, lines) = toggle_comment(cx.doc.text(), sel);
            cx.doc.apply_edit(&edit);
            self.select = Some(lines);
        }
        if let Some(range) = self.select.take() {
            set_selection(&ctx, cx.doc.text(), range.clone());
            self.scroll_to = Some(range.start);
        }
        if cx.doc.text().len() > LARGE_TEXT {
            self.completion = None;
            let drawn = self.window_ui(ui, cx);
            self.visible_lines = drawn.visible;
            self.gutter_drawn = drawn.gutter;
            if let Some(line) = drawn.breakpoint_clicked
                && !self.breakpoints.remove(&line)
            {
                self.breakpoints.insert(line);
            }
            return;
        }
        window::forget(&ctx);
        // egui's text editor edits a String: the panel's copy of this
        // frame, handed back as one edit if the author changed it.
        let mut text = cx.doc.text().to_owned();
        self.completion_keys(&ctx, &mut text);
        // Rule coverage of the kept solutions, shaded in the gutter.
        let coverage = cx.kept.findings().filter(|f| !f.coverage.is_empty()).map(|f| (&f.coverage, f.never_fired()));
        let coverage = coverage.as_ref().map(|(counts, never)| editor::Coverage { counts, never });
        let drawn = self.editor_ui(ui, &mut text, cx.doc.diagnostics(), coverage);
        self.visible_lines = drawn.visible;
        if drawn.ctrl_clicked {
            cx.requests.run(crate::command::Command::GoToDefinition);
        }
        self.gutter_drawn = drawn.gutter;
        if let Some(line) = drawn.breakpoint_clicked
            && !self.breakpoints.remove(&line)
        {
            self.breakpoints.insert(line);
        }
        if text != cx.doc.text() {
            cx.doc.set_text(text);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn toggle_comment_wraps_and_unwraps_lines() {
        let text = "a\n  [ x ] -> [ y ]\nc\n";
        let apply = |text: &str, sel| {
            let (edit, range) = toggle_comment(text, sel);
            (edit.apply(text).expect("the edit fits"), range)
        };
        let (commented, range) = apply(text, 4..4);
        assert_eq!(commented, "a\n  ([ x ] -> [ y ])\nc\n");
        assert_eq!(&commented[range.clone()], "  ([ x ] -> [ y ])");
        let (back, _) = apply(&commented, range);
        assert_eq!(back, text);
    }

    #[test]
    fn toggle_comment_spans_selected_lines() {
        let text = "one\ntwo\n\nthree";
        let (edit, _) = toggle_comment(text, 1..text.len());
        let c = edit.apply(text).expect("the edit fits");
        assert_eq!(c, "(one)\n(two)\n\n(three)");
    }

    #[test]
    fn find_is_case_insensitive() {
        assert_eq!(find_all("Crate crate CRATE", "crate").len(), 3);
    }
}
