//! The editor itself: the highlighted text in egui's text editor, and what
//! is drawn around it (the current line, find matches, line numbers and
//! breakpoints in the gutter, the debugger's line, diagnostics underlined
//! with their message on hover, the autocomplete list).

use std::sync::Arc;

use egui::text::CCursor;
use egui::{Align2, Color32, FontId, Galley, Pos2, Rect, Shape, Stroke, Vec2};

use super::{CodePanel, Completion, EDITOR_ID, byte_index, char_index, find_all, set_selection};

/// What drawing the editor found, for the panel to act on.
pub(super) struct Drawn {
    /// The first and last line on screen.
    pub visible: Option<(usize, usize)>,
    /// A click with Ctrl (Cmd) held: go to the definition under the cursor.
    pub ctrl_clicked: bool,
    /// The line whose gutter was clicked (set or clear a breakpoint).
    pub breakpoint_clicked: Option<u32>,
    /// The gutter of each line on screen.
    pub gutter: Vec<(u32, Rect)>,
}

/// Where the laid-out text is on screen.
pub(super) struct View<'a> {
    pub galley: &'a Arc<Galley>,
    pub origin: Pos2,
    pub clip: Rect,
    pub text: &'a str,
}

impl View<'_> {
    /// The rectangle of the character at byte `at`, on screen.
    fn char_rect(&self, at: usize) -> Rect {
        self.galley.pos_from_cursor(CCursor::new(char_index(self.text, at))).translate(self.origin.to_vec2())
    }

    /// The rectangle from byte `start` to `end` on the first's row (at
    /// least 2 points wide), on screen.
    fn span_rect(&self, start: usize, end: usize) -> Rect {
        let (a, b) = (self.char_rect(start), self.char_rect(end));
        Rect::from_min_max(a.min, Pos2::new(b.max.x.max(a.min.x + 2.0), a.max.y))
    }
}

impl CodePanel {
    /// The autocomplete list takes arrows, Tab/Enter and Esc before the
    /// editor sees them; taking an item changes `text`.
    pub(super) fn completion_keys(&mut self, ctx: &egui::Context, text: &mut String) {
        use egui::{Key, Modifiers};
        let Some(completion) = &mut self.completion else { return };
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
            let at = completion.apply(text, completion.selected);
            set_selection(ctx, text, at..at);
            self.completion = None;
        } else if close {
            self.completion = None;
        }
    }

    /// Draw the editor on `text` (changed in place when the author types).
    pub(super) fn editor_ui(
        &mut self,
        ui: &mut egui::Ui,
        text: &mut String,
        diagnostics: &[engine::Diagnostic],
        coverage: Option<Coverage<'_>>,
    ) -> Drawn {
        let ctx = ui.ctx().clone();
        let id = egui::Id::unique(EDITOR_ID);
        let font = FontId::monospace(self.font_size);
        let line_count = text.split('\n').count();
        let digit_width = ctx.fonts_mut(|f| f.glyph_width(&font, '0'));
        let gutter = digit_width * (line_count.to_string().len().max(3) as f32) + 14.0;
        let mut completion = self.completion.take();
        let mut clicked_item: Option<usize> = None;
        let scroll_to = self.scroll_to.take();
        let find_query = if self.find.open { self.find.query.clone() } else { String::new() };
        let current_match = if self.find.open { self.find.current.clone() } else { None };
        let mut drawn = Drawn { visible: None, ctrl_clicked: false, breakpoint_clicked: None, gutter: Vec::new() };
        let wrap_lines = self.wrap_lines;
        let highlighter = &mut self.highlighter;
        let (breakpoints, debug_line) = (&self.breakpoints, self.debug_line);

        egui::Frame::new().fill(Color32::from_rgb(0x1e, 0x1e, 0x1e)).show(ui, |ui| {
            let scroll = if wrap_lines { egui::ScrollArea::vertical() } else { egui::ScrollArea::both() };
            scroll.id_salt("code_scroll").auto_shrink(false).show(ui, |ui| {
                ui.horizontal_top(|ui| {
                    ui.add_space(gutter);
                    let background = ui.painter().add(Shape::Noop);
                    let mut layouter = |ui: &egui::Ui, buf: &dyn egui::TextBuffer, wrap: f32| {
                        highlighter.galley(ui, buf.as_str(), &font, if wrap_lines { wrap } else { f32::INFINITY })
                    };
                    let out = code_field(text, id, &font, 24).layouter(&mut layouter).show(ui);
                    // Ctrl+click on a name: go to its definition (the click
                    // has put the cursor on it).
                    let editor = &out.response.response;
                    // (A click with Ctrl held is not a `clicked()` to egui's text edit.)
                    drawn.ctrl_clicked = (editor.clicked() || (editor.contains_pointer() && ui.input(|i| i.pointer.any_click())))
                        && ui.input(|i| {
                            // The release may carry the modifier when the state no longer does.
                            i.modifiers.command
                                || i.events.iter().any(|e| matches!(e, egui::Event::PointerButton { pressed: false, modifiers, .. } if modifiers.command))
                        });
                    let view = View { galley: &out.galley, origin: out.galley_pos, clip: ui.clip_rect(), text };
                    let cursor = out.cursor_range.map(|r| r.primary);
                    let cursor_row = cursor.map(|c| out.galley.pos_from_cursor(c).translate(view.origin.to_vec2()));
                    let behind = behind_text(&view, cursor_row, &find_query, current_match.as_ref());
                    ui.painter().set(background, Shape::Vec(behind));
                    let gutter_view = Gutter { width: gutter, font: &font, breakpoints, debug_line, line_offset: 0, current_y: cursor_row.map(|r| r.center().y), coverage };
                    gutter_ui(ui, &view, &gutter_view, id, &mut drawn);
                    diagnostics_ui(ui, &view, diagnostics, digit_width, &out.response.response, drawn.visible);

                    // Autocomplete: recomputed after typing, closed by moving away.
                    if out.response.response.changed() {
                        let cursor_byte = cursor.map(|c| byte_index(text, c.index.0));
                        let names = highlighter.defined_names();
                        completion = cursor_byte
                            .and_then(|at| crate::complete::candidates(text, at, &names))
                            .map(|(range, items)| Completion { range, items, selected: 0 });
                    } else if (out.response.response.clicked() || !out.response.response.has_focus())
                        && !pointer_on_completion(ui.ctx())
                    {
                        // (A click on the list itself takes the focus from
                        // the editor first: the list stays for the click.)
                        completion = None;
                    }
                    // Under the cursor's row; where it was while a click on
                    // it has taken the focus (and so the cursor) away.
                    let anchor = cursor_row.map(|r| r.left_bottom() + Vec2::new(0.0, 2.0)).or_else(|| {
                        ui.ctx().memory(|m| m.area_rect(completion_id())).map(|r| r.min)
                    });
                    if let (Some(c), Some(at)) = (&completion, anchor) {
                        clicked_item = completion_ui(ui.ctx(), c, at);
                    }
                    if let Some(at) = scroll_to {
                        ui.scroll_to_rect(view.char_rect(at).expand(20.0), Some(egui::Align::Center));
                    }
                });
            });
        });
        if let (Some(c), Some(i)) = (&completion, clicked_item) {
            let at = c.apply(text, i);
            set_selection(&ctx, text, at..at);
            completion = None;
        }
        self.completion = completion;
        drawn
    }
}

/// The code editor's text field (no frame, the code font, Tab typed into
/// the text), as the whole-text editor and the large-text window draw it.
pub(super) fn code_field<'t>(
    text: &'t mut dyn egui::TextBuffer,
    id: egui::Id,
    font: &FontId,
    rows: usize,
) -> egui::TextEdit<'t> {
    egui::TextEdit::multiline(text)
        .id(id)
        .hint_text("Write your PuzzleScript game here")
        .font(font.clone())
        .code_editor()
        .frame(egui::Frame::NONE)
        .desired_width(f32::INFINITY)
        .desired_rows(rows)
        .lock_focus(true)
}

/// What is painted behind the text: the current line across the panel, the
/// find matches, and the match the find bar shows, outlined (the editor
/// draws no selection while the bar has the keys).
pub(super) fn behind_text(
    view: &View<'_>,
    cursor_row: Option<Rect>,
    find_query: &str,
    current_match: Option<&std::ops::Range<usize>>,
) -> Vec<Shape> {
    let mut behind = Vec::new();
    if let Some(r) = cursor_row {
        let rect = Rect::from_x_y_ranges(view.clip.x_range(), r.y_range());
        behind.push(Shape::rect_filled(rect, 0.0, Color32::from_rgb(0x2a, 0x2d, 0x2e)));
    }
    for m in find_all(view.text, find_query).iter().take(2000) {
        let rect = view.span_rect(m.start, m.end);
        if rect.intersects(view.clip) {
            behind.push(Shape::rect_filled(rect, 2.0, Color32::from_rgba_unmultiplied(0x62, 0x33, 0x15, 0xc0)));
        }
    }
    if let Some(m) = current_match.filter(|m| m.end <= view.text.len()) {
        let rect = view.span_rect(m.start, m.end);
        behind.push(Shape::rect_filled(rect, 2.0, Color32::from_rgb(0x9a, 0x5a, 0x1e)));
        behind.push(Shape::rect_stroke(
            rect.expand(1.0),
            2.0,
            Stroke::new(1.0, Color32::from_rgb(0xf0, 0xb0, 0x60)),
            egui::StrokeKind::Outside,
        ));
    }
    behind
}

/// How the gutter is drawn.
pub(super) struct Gutter<'a> {
    pub width: f32,
    pub font: &'a FontId,
    pub breakpoints: &'a std::collections::BTreeSet<u32>,
    pub debug_line: Option<u32>,
    /// Lines of the text above the laid-out part (a large text's window).
    pub line_offset: usize,
    /// The height of the cursor's row (its number is drawn brighter).
    pub current_y: Option<f32>,
    /// Rule coverage of the kept solutions.
    pub coverage: Option<Coverage<'a>>,
}

/// How often the kept solutions apply each rule line, and the rule lines
/// they never apply: a bar at the gutter's edge, brighter for lines applied
/// more, hollow for a rule line no kept solution applies.
#[derive(Clone, Copy)]
pub struct Coverage<'a> {
    /// Applications per line.
    pub counts: &'a std::collections::BTreeMap<u32, usize>,
    /// Rule lines never applied.
    pub never: &'a [u32],
}

/// The colour of the coverage bar for a line applied `n` times out of a
/// most-applied line's `max`.
#[must_use]
pub fn coverage_colour(n: usize, max: usize) -> Color32 {
    let share = ((n as f32).ln_1p() / (max.max(1) as f32).ln_1p()).clamp(0.0, 1.0);
    Color32::from_rgba_unmultiplied(0x50, 0xc0, 0x60, (80.0 + 175.0 * share) as u8)
}

/// Line numbers, breakpoints (a click in the gutter sets or clears one)
/// and the debugger's line, for the lines on screen.
pub(super) fn gutter_ui(ui: &egui::Ui, view: &View<'_>, gutter: &Gutter<'_>, id: egui::Id, drawn: &mut Drawn) {
    let painter = ui.painter();
    let (origin, clip) = (view.origin, view.clip);
    let rows = &view.galley.rows;
    let mut line = 1 + gutter.line_offset;
    for (i, row) in rows.iter().enumerate() {
        if i > 0 && rows[i - 1].ends_with_newline {
            line += 1;
        } else if i > 0 {
            continue;
        }
        let rect = row.rect().translate(origin.to_vec2());
        if rect.max.y < clip.min.y || rect.min.y > clip.max.y {
            continue;
        }
        drawn.visible = Some(drawn.visible.map_or((line, line), |(a, _)| (a, line)));
        let number = line as u32;
        let row_rect = Rect::from_x_y_ranges(clip.x_range(), rect.y_range());
        if gutter.debug_line == Some(number) {
            painter.rect_filled(row_rect, 0.0, Color32::from_rgba_unmultiplied(0x80, 0x70, 0x10, 0x50));
        }
        let gutter_rect = Rect::from_x_y_ranges(origin.x - gutter.width..=origin.x - 2.0, rect.y_range());
        let spot = ui.interact(gutter_rect, id.with(("gutter", line)), egui::Sense::click());
        drawn.gutter.push((number, gutter_rect));
        if spot.clicked() {
            drawn.breakpoint_clicked = Some(number);
        }
        if gutter.breakpoints.contains(&number) {
            painter.circle_filled(
                Pos2::new(origin.x - gutter.width + 6.0, rect.center().y),
                (rect.height() * 0.3).min(5.0),
                Color32::from_rgb(0xe0, 0x40, 0x40),
            );
        }
        if let Some(cov) = gutter.coverage {
            let bar = Rect::from_x_y_ranges(origin.x - 5.0..=origin.x - 2.0, rect.y_range());
            if let Some(&n) = cov.counts.get(&number) {
                let max = cov.counts.values().copied().max().unwrap_or(1);
                painter.rect_filled(bar, 0.0, coverage_colour(n, max));
                spot.clone().on_hover_text(format!("applied {n} time(s) in the kept solutions"));
            } else if cov.never.contains(&number) {
                let orange = Color32::from_rgb(0xe0, 0x90, 0x30);
                painter.rect_stroke(bar, 0.0, egui::Stroke::new(1.0, orange), egui::StrokeKind::Inside);
                spot.clone().on_hover_text("no kept solution applies this rule");
            }
        }
        let is_current = gutter.current_y.is_some_and(|y| rect.y_range().contains(y));
        let colour = if is_current { Color32::from_gray(200) } else { Color32::from_gray(100) };
        painter.text(
            Pos2::new(origin.x - 10.0, rect.min.y),
            Align2::RIGHT_TOP,
            line.to_string(),
            gutter.font.clone(),
            colour,
        );
    }
}

/// Diagnostics: a wavy underline, the message on hover.
pub(super) fn diagnostics_ui(
    ui: &egui::Ui,
    view: &View<'_>,
    diagnostics: &[engine::Diagnostic],
    digit_width: f32,
    editor: &egui::Response,
    visible: Option<(usize, usize)>,
) {
    let painter = ui.painter();
    let hover = ui.input(|i| i.pointer.hover_pos());
    let mut hovered: Option<&engine::Diagnostic> = None;
    // Only the lines on screen: placing a diagnostic counts characters
    // from the start of the text.
    let Some((first, last)) = visible else { return };
    for d in diagnostics.iter().filter(|d| (first..=last).contains(&(d.span.line as usize))) {
        let (a, b) = (view.char_rect(d.span.start), view.char_rect(d.span.end));
        let end_x = if (a.min.y - b.min.y).abs() < 1.0 { b.min.x } else { a.min.x + digit_width * 8.0 };
        let end_x = end_x.max(a.min.x + digit_width);
        let rect = Rect::from_min_max(a.min, Pos2::new(end_x, a.max.y));
        if !rect.intersects(view.clip) {
            continue;
        }
        let (_, colour) = crate::panels::problems::severity_style(d.severity, ui.visuals());
        painter.add(wavy_line(rect.left_bottom(), rect.right_bottom(), colour));
        if hover.is_some_and(|p| rect.expand2(Vec2::new(0.0, 2.0)).contains(p)) {
            hovered = Some(d);
        }
    }
    if let Some(d) = hovered {
        let message = format!("{}: {} ({})", d.severity.as_str(), d.message, d.code);
        editor.clone().on_hover_ui_at_pointer(|ui| {
            ui.label(message);
        });
    }
}

/// The autocomplete list under the cursor's row; returns the item clicked.
/// The completion list's area.
fn completion_id() -> egui::Id {
    egui::Id::unique("code_completion")
}

/// Whether the pointer is pressing or clicking on the completion list (as
/// it was laid out in the last frame).
fn pointer_on_completion(ctx: &egui::Context) -> bool {
    let rect = ctx.memory(|m| m.area_rect(completion_id()));
    let pos = ctx.input(|i| i.pointer.interact_pos());
    rect.zip(pos).is_some_and(|(r, p)| r.contains(p))
}

fn completion_ui(ctx: &egui::Context, completion: &Completion, at: Pos2) -> Option<usize> {
    let mut clicked = None;
    egui::Area::new(completion_id()).order(egui::Order::Foreground).fixed_pos(at).show(ctx, |ui| {
        egui::Frame::popup(ui.style()).show(ui, |ui| {
            // One name per line, never broken.
            ui.style_mut().wrap_mode = Some(egui::TextWrapMode::Extend);
            for (i, item) in completion.items.iter().enumerate() {
                let label = egui::RichText::new(item).monospace();
                if ui.selectable_label(i == completion.selected, label).clicked() {
                    clicked = Some(i);
                }
            }
        });
    });
    clicked
}

/// A wavy underline from `from` to `to`.
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
