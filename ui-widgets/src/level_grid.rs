//! A level drawn as the game draws it, painted with the mouse.
//!
//! The caller supplies the picture (a texture of the whole level, one
//! sprite per cell) and its size in cells (and the cells' shape, when they
//! are not square); the widget scales it by the zoom,
//! outlines the hovered cell and the selection, and reports what the mouse
//! did in cell coordinates: left button held = paint, right = erase, or in
//! selection mode a rectangle dragged with the left button.

/// A rectangle of cells, inclusive corners normalised (`x0 <= x1`, `y0 <= y1`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct CellRect {
    /// Left column.
    pub x0: usize,
    /// Top row.
    pub y0: usize,
    /// Right column (inclusive).
    pub x1: usize,
    /// Bottom row (inclusive).
    pub y1: usize,
}

impl CellRect {
    /// The rectangle spanned by two corner cells.
    #[must_use]
    pub fn spanning(a: (usize, usize), b: (usize, usize)) -> Self {
        Self { x0: a.0.min(b.0), y0: a.1.min(b.1), x1: a.0.max(b.0), y1: a.1.max(b.1) }
    }

    /// Every cell inside, row by row.
    pub fn cells(self) -> impl Iterator<Item = (usize, usize)> {
        (self.y0..=self.y1).flat_map(move |y| (self.x0..=self.x1).map(move |x| (x, y)))
    }
}

/// What happened on the grid this frame.
#[derive(Debug, Default)]
pub struct GridOutput {
    /// The cell under the pointer.
    pub hover: Option<(usize, usize)>,
    /// A cell the left button is held on (paint it).
    pub paint: Option<(usize, usize)>,
    /// A cell the right button is held on (erase it).
    pub erase: Option<(usize, usize)>,
    /// No button is held on the grid any more (end any stroke).
    pub released: bool,
    /// In selection mode: the rectangle being dragged.
    pub selecting: Option<CellRect>,
}

/// The level canvas.
pub struct LevelGrid {
    texture: Option<egui::TextureId>,
    cells: (usize, usize),
    cell_size: f32,
    /// A cell's height over its width (1 for square cells).
    aspect: f32,
    selection: Option<CellRect>,
    select_mode: bool,
}

impl LevelGrid {
    /// A `width`×`height` level whose picture is `texture`, each cell drawn
    /// `cell_size` points wide.
    #[must_use]
    pub fn new(texture: Option<egui::TextureId>, width: usize, height: usize, cell_size: f32) -> Self {
        Self {
            texture,
            cells: (width, height),
            cell_size: cell_size.max(1.0),
            aspect: 1.0,
            selection: None,
            select_mode: false,
        }
    }

    /// Cells of this shape, `width` by `height` in any unit (a game's
    /// `sprite_size 7x4`): each drawn `cell_size` points wide and in
    /// proportion high. Square unless given.
    #[must_use]
    pub fn cell_shape(mut self, width: usize, height: usize) -> Self {
        if width > 0 && height > 0 {
            self.aspect = height as f32 / width as f32;
        }
        self
    }

    /// Outline this selection.
    #[must_use]
    pub fn selection(mut self, sel: Option<CellRect>) -> Self {
        self.selection = sel;
        self
    }

    /// Left-drag selects a rectangle instead of painting.
    #[must_use]
    pub fn select_mode(mut self, on: bool) -> Self {
        self.select_mode = on;
        self
    }

    /// Draw the grid and read the mouse.
    pub fn show(self, ui: &mut egui::Ui) -> (egui::Response, GridOutput) {
        let (w, h) = self.cells;
        let (cs, ch) = (self.cell_size, (self.cell_size * self.aspect).max(1.0));
        let size = egui::vec2(w as f32 * cs, h as f32 * ch);
        let (rect, response) = ui.allocate_exact_size(size, egui::Sense::click_and_drag());
        response.widget_info(|| egui::WidgetInfo::labeled(egui::Role::Canvas, true, "Level canvas"));
        let painter = ui.painter_at(rect);
        match self.texture {
            Some(t) => {
                let uv = egui::Rect::from_min_max(egui::pos2(0.0, 0.0), egui::pos2(1.0, 1.0));
                painter.image(t, rect, uv, egui::Color32::WHITE);
            }
            None => {
                painter.rect_filled(rect, 0.0, egui::Color32::from_gray(30));
            }
        }
        let cell_at = |p: egui::Pos2| -> Option<(usize, usize)> {
            if !rect.contains(p) || w == 0 || h == 0 {
                return None;
            }
            let x = ((p.x - rect.min.x) / cs).floor().max(0.0) as usize;
            let y = ((p.y - rect.min.y) / ch).floor().max(0.0) as usize;
            (x < w && y < h).then_some((x, y))
        };
        let cell_rect = |c: CellRect| {
            egui::Rect::from_min_max(
                rect.min + egui::vec2(c.x0 as f32 * cs, c.y0 as f32 * ch),
                rect.min + egui::vec2((c.x1 + 1) as f32 * cs, (c.y1 + 1) as f32 * ch),
            )
        };
        let mut out = GridOutput::default();
        let pointer = ui.input(|i| {
            (i.pointer.interact_pos(), i.pointer.primary_down(), i.pointer.secondary_down(), i.pointer.press_origin())
        });
        let (pos, primary, secondary, origin) = pointer;
        out.hover = response.hover_pos().and_then(cell_at);
        let held = response.is_pointer_button_down_on() || response.dragged();
        if held {
            let cell = pos.and_then(cell_at);
            if self.select_mode && primary {
                if let (Some(a), Some(b)) = (origin.and_then(cell_at), cell) {
                    out.selecting = Some(CellRect::spanning(a, b));
                }
            } else if primary {
                out.paint = cell;
            } else if secondary {
                out.erase = cell;
            }
        }
        // A click whose press and release land in the same frame (a fast
        // click on a busy machine) never shows the button held: paint it.
        if !held && !self.select_mode {
            let at = response.interact_pointer_pos().or(pos).and_then(cell_at);
            if response.clicked() {
                out.paint = at;
            } else if response.secondary_clicked() {
                out.erase = at;
            }
        }
        if !primary && !secondary {
            out.released = true;
        }
        if let Some(c) = out.hover {
            let r = cell_rect(CellRect::spanning(c, c));
            painter.rect_stroke(r, 0.0, egui::Stroke::new(2.0, egui::Color32::WHITE), egui::StrokeKind::Inside);
        }
        if let Some(sel) = out.selecting.or(self.selection) {
            painter.rect_stroke(
                cell_rect(sel),
                0.0,
                egui::Stroke::new(2.0, egui::Color32::from_rgb(255, 200, 0)),
                egui::StrokeKind::Inside,
            );
        }
        (response, out)
    }
}

#[cfg(test)]
mod tests {
    use super::CellRect;

    #[test]
    fn rect_spans_any_corners() {
        let r = CellRect::spanning((3, 1), (1, 2));
        assert_eq!(r, CellRect { x0: 1, y0: 1, x1: 3, y1: 2 });
        assert_eq!(r.cells().count(), 6);
    }
}
