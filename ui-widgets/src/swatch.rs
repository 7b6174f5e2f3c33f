//! A colour swatch button: a square of the colour (a checkerboard for
//! transparent), outlined when selected.

use egui::{Color32, Rect, Response, Sense, Stroke, StrokeKind, Ui, Vec2};

/// Paint a transparent-background checkerboard into `rect` with `cells` per side.
pub fn checkerboard(painter: &egui::Painter, rect: Rect, cells: usize) {
    let cells = cells.max(1);
    let step = rect.width() / cells as f32;
    painter.rect_filled(rect, 0.0, Color32::from_gray(200));
    for y in 0..cells {
        for x in 0..cells {
            if (x + y) % 2 == 1 {
                let min = rect.min + Vec2::new(x as f32 * step, y as f32 * step);
                painter.rect_filled(Rect::from_min_size(min, Vec2::splat(step)), 0.0, Color32::from_gray(150));
            }
        }
    }
}

/// A clickable colour swatch of side `size`. `color` `None` is transparent.
/// `label` names it for screen readers and tests (e.g. "Colour 1: red").
pub fn swatch(ui: &mut Ui, color: Option<Color32>, selected: bool, size: f32, label: &str) -> Response {
    let (rect, response) = ui.allocate_exact_size(Vec2::splat(size), Sense::click());
    let label = label.to_owned();
    response.widget_info(|| egui::WidgetInfo::selected(egui::Role::Button, true, selected, label.clone()));
    if ui.is_rect_visible(rect) {
        let painter = ui.painter();
        match color {
            Some(c) => {
                painter.rect_filled(rect, 2.0, c);
            }
            None => checkerboard(painter, rect, 4),
        }
        let stroke = if selected {
            Stroke::new(2.5, ui.visuals().selection.stroke.color)
        } else if response.hovered() {
            Stroke::new(1.5, ui.visuals().widgets.hovered.fg_stroke.color)
        } else {
            Stroke::new(1.0, ui.visuals().widgets.noninteractive.bg_stroke.color)
        };
        painter.rect_stroke(rect, 2.0, stroke, StrokeKind::Outside);
    }
    response
}
