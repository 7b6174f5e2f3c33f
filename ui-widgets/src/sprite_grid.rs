//! A zoomed sprite grid: square pixels with their colours, a checkerboard
//! where transparent, hover reporting and drag painting reported as strokes.
//!
//! The widget owns no sprite: the caller passes the pixels each frame and
//! turns the reported [`GridEvent`]s into edits.

use egui::{Color32, Pos2, Rect, Response, Sense, Stroke, StrokeKind, Ui, Vec2};

/// What the pointer did on the grid this frame.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum GridEvent {
    /// The primary button went down on pixel (x, y): a stroke starts.
    Begin(usize, usize),
    /// The button is still down, now over pixel (x, y).
    Move(usize, usize),
    /// The button was released: the stroke ends.
    End,
}

/// What [`SpriteGrid::show`] reports.
pub struct GridOutput {
    /// The widget's response.
    pub response: Response,
    /// The pixel under the pointer, if any.
    pub hovered: Option<(usize, usize)>,
    /// Stroke events this frame, in order.
    pub events: Vec<GridEvent>,
}

/// A zoomed grid of `pixels` (rows of colours; `None` is transparent).
pub struct SpriteGrid<'a> {
    pixels: &'a [Vec<Option<Color32>>],
    cell: f32,
    label: &'a str,
}

impl<'a> SpriteGrid<'a> {
    /// A grid of `pixels` drawn `cell` points per pixel.
    #[must_use]
    pub fn new(pixels: &'a [Vec<Option<Color32>>], cell: f32) -> Self {
        Self { pixels, cell, label: "Sprite grid" }
    }

    /// The accessible label (default "Sprite grid").
    #[must_use]
    pub fn label(mut self, label: &'a str) -> Self {
        self.label = label;
        self
    }

    fn size(&self) -> (usize, usize) {
        let w = self.pixels.iter().map(Vec::len).max().unwrap_or(0);
        (w, self.pixels.len())
    }

    fn cell_at(&self, rect: Rect, pos: Pos2) -> Option<(usize, usize)> {
        let (w, h) = self.size();
        if !rect.contains(pos) || self.cell <= 0.0 {
            return None;
        }
        let x = ((pos.x - rect.min.x) / self.cell).floor();
        let y = ((pos.y - rect.min.y) / self.cell).floor();
        if x < 0.0 || y < 0.0 {
            return None;
        }
        let (x, y) = (x as usize, y as usize);
        (x < w && y < h).then_some((x, y))
    }

    /// Draw the grid and report hover and strokes.
    pub fn show(self, ui: &mut Ui) -> GridOutput {
        let (w, h) = self.size();
        let size = Vec2::new(w as f32 * self.cell, h as f32 * self.cell);
        let (rect, response) = ui.allocate_exact_size(size, Sense::click_and_drag());
        let label = self.label.to_owned();
        response.widget_info(|| egui::WidgetInfo::labeled(egui::Role::Canvas, true, label.clone()));
        let down_id = response.id.with("stroke_down");
        let was_down = ui.data(|d| d.get_temp::<bool>(down_id)).unwrap_or(false);
        let down = response.is_pointer_button_down_on();
        let pointer = response.interact_pointer_pos().or(response.hover_pos());
        let at = pointer.and_then(|p| self.cell_at(rect, p));
        let mut events = Vec::new();
        match (was_down, down) {
            (false, true) => {
                if let Some((x, y)) = at {
                    events.push(GridEvent::Begin(x, y));
                }
            }
            (true, true) => {
                if let Some((x, y)) = at {
                    events.push(GridEvent::Move(x, y));
                }
            }
            (true, false) => events.push(GridEvent::End),
            (false, false) => {
                // A press and release within one frame.
                if response.clicked()
                    && let Some((x, y)) = at
                {
                    events.push(GridEvent::Begin(x, y));
                    events.push(GridEvent::End);
                }
            }
        }
        // A stroke only counts as begun when it started on a pixel.
        let down_now = down && (was_down || matches!(events.first(), Some(GridEvent::Begin(..))));
        ui.data_mut(|d| d.insert_temp(down_id, down_now));
        if ui.is_rect_visible(rect) {
            let painter = ui.painter_at(rect);
            for (y, row) in self.pixels.iter().enumerate() {
                for x in 0..w {
                    let min = rect.min + Vec2::new(x as f32 * self.cell, y as f32 * self.cell);
                    let r = Rect::from_min_size(min, Vec2::splat(self.cell));
                    match row.get(x).copied().flatten() {
                        Some(c) => {
                            painter.rect_filled(r, 0.0, c);
                        }
                        None => crate::swatch::checkerboard(&painter, r, 2),
                    }
                }
            }
            let line = Stroke::new(1.0, Color32::from_black_alpha(60));
            for x in 0..=w {
                let px = rect.min.x + x as f32 * self.cell;
                painter.line_segment([Pos2::new(px, rect.min.y), Pos2::new(px, rect.max.y)], line);
            }
            for y in 0..=h {
                let py = rect.min.y + y as f32 * self.cell;
                painter.line_segment([Pos2::new(rect.min.x, py), Pos2::new(rect.max.x, py)], line);
            }
            if let Some((x, y)) = response.hover_pos().and_then(|p| self.cell_at(rect, p)) {
                let min = rect.min + Vec2::new(x as f32 * self.cell, y as f32 * self.cell);
                let r = Rect::from_min_size(min, Vec2::splat(self.cell));
                painter.rect_stroke(r, 0.0, Stroke::new(2.0, ui.visuals().selection.stroke.color), StrokeKind::Inside);
            }
        }
        let hovered = response.hover_pos().and_then(|p| self.cell_at(rect, p));
        GridOutput { response, hovered, events }
    }
}

/// A small non-interactive picture of a sprite (`side` points square).
pub fn thumbnail(ui: &mut Ui, pixels: &[Vec<Option<Color32>>], side: f32) -> Response {
    let (rect, response) = ui.allocate_exact_size(Vec2::splat(side), Sense::hover());
    if ui.is_rect_visible(rect) {
        let n = pixels.len().max(pixels.iter().map(Vec::len).max().unwrap_or(0)).max(1);
        let cell = side / n as f32;
        let painter = ui.painter_at(rect);
        crate::swatch::checkerboard(&painter, rect, 4);
        for (y, row) in pixels.iter().enumerate() {
            for (x, p) in row.iter().enumerate() {
                if let Some(c) = p {
                    let min = rect.min + Vec2::new(x as f32 * cell, y as f32 * cell);
                    painter.rect_filled(Rect::from_min_size(min, Vec2::splat(cell)), 0.0, *c);
                }
            }
        }
    }
    response
}
