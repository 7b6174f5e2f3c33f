//! A card of the levels list: a level's picture (or a message's text) in a
//! frame, a caption under it, and room for a status line (a solver's verdict,
//! say) between them. Highlighted when selected; clickable and draggable.
//!
//! Built the egui way: [`LevelCard::map`] or [`LevelCard::message`], options
//! on the builder, then `ui.add(card)`; [`LevelCard::size`] and
//! [`LevelCard::paint`] serve callers that draw a card without interaction
//! (a drag preview).

use egui::{Color32, Rect, Response, Sense, Stroke, StrokeKind, TextureId, Ui, Vec2, Widget};

/// Longest side of a card's picture, in points.
pub const THUMB_SIDE: f32 = 72.0;
/// Padding inside a card's frame, in points.
const PAD: f32 = 4.0;
/// Height of the caption under the picture.
const CAPTION: f32 = 14.0;
/// Height of the optional status line.
const STATUS: f32 = 12.0;
/// Width of one character of the status line, a little generous.
const STATUS_CHAR: f32 = 4.6;

/// What a card shows.
#[derive(Clone, Copy, Debug)]
enum Picture {
    /// A level: its picture (`None` until composed) and its width and height
    /// in cells.
    Map { texture: Option<TextureId>, width: usize, height: usize },
    /// A message: the label's text is the body.
    Message,
}

/// One entry of the levels list. `label` is the accessible name and the
/// hover text: "Level 3 (8×6)" for a map (the caption drops the size),
/// "Message: …" for a message.
#[must_use = "add the card with `ui.add(card)`"]
#[derive(Clone, Debug)]
pub struct LevelCard<'a> {
    label: &'a str,
    picture: Picture,
    selected: bool,
    status: Option<(String, Color32)>,
    /// A cell's height over its width (1 for square cells).
    aspect: f32,
}

impl<'a> LevelCard<'a> {
    /// A level's card: its picture (`None` while it is being composed: a
    /// dark tile stands in) and its size in cells.
    pub fn map(label: &'a str, texture: Option<TextureId>, width: usize, height: usize) -> Self {
        Self { label, picture: Picture::Map { texture, width, height }, selected: false, status: None, aspect: 1.0 }
    }

    /// A message's card; the text after "Message: " in `label` is shown.
    pub fn message(label: &'a str) -> Self {
        Self { label, picture: Picture::Message, selected: false, status: None, aspect: 1.0 }
    }

    /// The level's cells are this shape, `width` by `height` in any unit
    /// (a game's `sprite_size 7x4`): the picture keeps it. Square unless
    /// given.
    pub fn cell_shape(mut self, width: usize, height: usize) -> Self {
        if width > 0 && height > 0 {
            self.aspect = height as f32 / width as f32;
        }
        self
    }

    /// Highlight the card as the selected entry.
    pub fn selected(mut self, selected: bool) -> Self {
        self.selected = selected;
        self
    }

    /// A short status line under the picture (e.g. "solved in 12 moves"),
    /// in `color`. Without one the card keeps its plain height.
    pub fn status(mut self, text: impl Into<String>, color: Color32) -> Self {
        self.status = Some((text.into(), color));
        self
    }

    /// The size of the picture area.
    fn picture_size(&self) -> Vec2 {
        match self.picture {
            Picture::Map { width, height, .. } => {
                let (w, h) = (width.max(1) as f32, height.max(1) as f32 * self.aspect);
                let k = (THUMB_SIDE / w.max(h)).min(12.0);
                Vec2::new((w * k).max(8.0), (h * k).max(8.0))
            }
            Picture::Message => Vec2::new(THUMB_SIDE, THUMB_SIDE * 0.5),
        }
    }

    /// The whole card's size, frame included.
    #[must_use]
    pub fn size(&self) -> Vec2 {
        let picture = self.picture_size();
        let status = if self.status.is_some() { STATUS } else { 0.0 };
        // Wide enough for the status line (9-point text, about 4.6 points a
        // character), so "no solution found in budget" is not cut short.
        let text = self.status.as_ref().map_or(0.0, |(s, _)| s.chars().count() as f32 * STATUS_CHAR);
        Vec2::new(picture.x.max(48.0).max(text), picture.y + status + CAPTION) + Vec2::splat(PAD * 2.0)
    }

    /// Draw the card into `rect` (no interaction); `hovered` lightens it.
    pub fn paint(&self, ui: &Ui, rect: Rect, hovered: bool) {
        let picture = self.picture_size();
        let visuals = ui.visuals();
        let (fill, stroke) = if self.selected {
            (visuals.selection.bg_fill, Stroke::new(2.0, visuals.selection.stroke.color))
        } else if hovered {
            (visuals.widgets.hovered.weak_bg_fill, visuals.widgets.hovered.bg_stroke)
        } else {
            (visuals.faint_bg_color, visuals.widgets.noninteractive.bg_stroke)
        };
        let painter = ui.painter();
        painter.rect(rect, 4.0, fill, stroke, StrokeKind::Inside);
        let inner = rect.shrink(PAD);
        let pic = Rect::from_center_size(egui::pos2(inner.center().x, inner.top() + picture.y * 0.5), picture);
        let text_color = if self.selected { visuals.selection.stroke.color } else { visuals.text_color() };
        let small = egui::FontId::proportional(10.0);
        let label = self.label;
        match self.picture {
            Picture::Map { texture, .. } => {
                match texture {
                    Some(t) => {
                        let uv = Rect::from_min_max(egui::pos2(0.0, 0.0), egui::pos2(1.0, 1.0));
                        painter.image(t, pic, uv, Color32::WHITE);
                    }
                    // Not composed yet (a later frame will).
                    None => {
                        painter.rect_filled(pic, 0.0, Color32::from_gray(40));
                    }
                }
                // Caption: "Level n" without the size.
                let short = label.split(" (").next().unwrap_or(label);
                painter.text(
                    egui::pos2(inner.center().x, inner.bottom()),
                    egui::Align2::CENTER_BOTTOM,
                    short,
                    small.clone(),
                    text_color,
                );
            }
            Picture::Message => {
                let body = label.strip_prefix("Message: ").unwrap_or(label);
                let galley = painter.layout(body.to_owned(), small.clone(), text_color, inner.width());
                let clip = Rect::from_min_size(inner.min, Vec2::new(inner.width(), picture.y));
                painter.with_clip_rect(clip.intersect(painter.clip_rect())).galley(inner.min, galley, text_color);
                painter.text(
                    egui::pos2(inner.center().x, inner.bottom()),
                    egui::Align2::CENTER_BOTTOM,
                    "message",
                    egui::FontId::proportional(9.0),
                    visuals.weak_text_color(),
                );
            }
        }
        if let Some((status, color)) = &self.status {
            let line = Rect::from_min_size(
                egui::pos2(inner.left(), inner.top() + picture.y),
                Vec2::new(inner.width(), STATUS),
            );
            painter.with_clip_rect(line.intersect(painter.clip_rect())).text(
                line.center(),
                egui::Align2::CENTER_CENTER,
                status,
                egui::FontId::proportional(9.0),
                *color,
            );
        }
    }
}

impl Widget for LevelCard<'_> {
    fn ui(self, ui: &mut Ui) -> Response {
        let (rect, response) = ui.allocate_exact_size(self.size(), Sense::click_and_drag());
        let label = self.label;
        let selected = self.selected;
        // The status line is the card's value for screen readers (and tests).
        let status = self.status.as_ref().map(|(s, _)| s.clone());
        response.widget_info(|| {
            let mut info = egui::WidgetInfo::selected(egui::Role::Button, true, selected, label);
            info.current_text_value.clone_from(&status);
            info
        });
        let response = match &self.status {
            Some((status, _)) => response.on_hover_text(format!("{label}\n{status}")),
            None => response.on_hover_text(label),
        };
        if ui.is_rect_visible(rect) {
            self.paint(ui, rect, response.hovered());
        }
        response
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_status_line_makes_the_card_taller_and_wide_enough_for_it() {
        let plain = LevelCard::map("Level 1 (8×6)", None, 8, 6);
        let with = plain.clone().status("solved", Color32::GREEN);
        assert_eq!(with.size().x, plain.size().x, "a short status keeps the width");
        assert_eq!(with.size().y, plain.size().y + STATUS);
        let long = plain.clone().status("no solution found in budget", Color32::GRAY);
        assert!(long.size().x >= 27.0 * STATUS_CHAR, "a long status widens the card");
    }

    #[test]
    fn pictures_keep_the_level_shape_within_the_thumb_side() {
        let wide = LevelCard::map("Level 1", None, 20, 5).picture_size();
        assert_eq!(wide.x, THUMB_SIDE);
        assert!((wide.y - THUMB_SIDE / 4.0).abs() < 0.01);
        // Tiny levels are capped at 12 points per cell.
        let tiny = LevelCard::map("Level 2", None, 2, 1).picture_size();
        assert_eq!(tiny, Vec2::new(24.0, 12.0));
        assert_eq!(LevelCard::message("Message: hi").picture_size(), Vec2::new(THUMB_SIDE, THUMB_SIDE * 0.5));
    }
}
