//! The canvas: the tool row (zoom, select, copy, paste, fill, play) and the
//! selected level's picture, painted with the mouse. A stroke (press to
//! release) is one undo step.

use engine::edit::legend::Glyph;
use engine::edit::levels as edit;
use engine::syntax::ast::{Ast, LevelEntry, LevelMap};
use ui_widgets::level_grid::LevelGrid;

use super::{LevelsPanel, built_level, image_of};
use crate::command::Command;
use crate::panels::PanelContext;

impl LevelsPanel {
    /// The tool row, the resize buttons and the selected level's canvas.
    pub(super) fn canvas_ui(
        &mut self,
        ui: &mut egui::Ui,
        cx: &mut PanelContext<'_>,
        ast: &Ast,
        glyphs: &[Glyph],
        bg: Option<char>,
    ) {
        let i = self.selected;
        let Some(LevelEntry::Map(map)) = ast.levels.get(i) else { return };
        self.tools_ui(ui, cx, ast, map);
        self.resize_ui(ui, cx, ast, bg);

        // The picture of the built level, rebuilt when its contents change.
        let key = self.thumb_keys.as_ref().and_then(|t| t.keys.get(i).copied().flatten());
        if let (Some(key), Some((_, game, look))) = (key, &self.look)
            && self.picture.as_ref().is_none_or(|(k, l, _)| *k != key || *l != i)
            && let Some(grid) = built_level(game, &self.built_maps, &map.rows, i)
        {
            let frame = engine::render::grid_frame(look, game, grid, engine::render::View::whole(grid));
            let tex = ui.ctx().load_texture("level_editor_picture", image_of(&frame), egui::TextureOptions::NEAREST);
            self.picture = Some((key, i, tex));
        }
        let tex = self.picture.as_ref().map(|(_, _, t)| t.id());
        let width = map.rows.iter().map(Vec::len).max().unwrap_or(0);
        let height = map.rows.len();
        // The cells' shape: not square in a game with `sprite_size WxH`.
        let (cell_w, cell_h) = self.look.as_ref().map_or((1, 1), |(_, _, look)| look.cell_size());
        let aspect = cell_h.max(1) as f32 / cell_w.max(1) as f32;
        if (self.fit_pending || self.fit_now) && width > 0 && height > 0 {
            // Whole points per cell that show every cell in the space left.
            let room = ui.available_size() - egui::vec2(16.0, 16.0);
            let fit = (room.x / width as f32).min(room.y / (height as f32 * aspect)).floor().clamp(4.0, 64.0);
            if self.fit_now || fit < self.zoom {
                self.zoom = fit;
            }
            self.fit_pending = false;
            self.fit_now = false;
        }
        let (_, out) = egui::ScrollArea::both()
            .id_salt("level_canvas")
            .show(ui, |ui| {
                LevelGrid::new(tex, width, height, self.zoom)
                    .cell_shape(cell_w, cell_h)
                    .selection(self.selection)
                    .select_mode(self.select_mode)
                    .show(ui)
            })
            .inner;
        if let Some(r) = out.selecting {
            self.selection = Some(r);
        }
        let target = out.paint.zip(self.brush).or_else(|| out.erase.zip(bg));
        if let Some(((x, y), g)) = target
            && map.rows.get(y).and_then(|r| r.get(x)).is_some_and(|&c| c != g)
        {
            if !self.stroking {
                cx.doc.begin_stroke();
                self.stroking = true;
            }
            Self::apply(cx, |text| edit::paint_cell(text, ast, i, x, y, g));
        }
        if out.released && self.stroking {
            cx.doc.end_stroke();
            self.stroking = false;
        }
        if let Some((x, y)) = out.hover {
            let what = map.rows.get(y).and_then(|r| r.get(x)).map(|c| {
                let objs = glyphs
                    .iter()
                    .find(|g| g.ch == *c)
                    .map(|g| g.objects.iter().cloned().collect::<Vec<_>>().join(", "))
                    .unwrap_or_default();
                format!("'{}' {objs}", edit::spelling(cx.doc.text(), ast, *c))
            });
            ui.weak(format!("({x}, {y}) {}", what.unwrap_or_default()));
        }
    }

    /// The tool row: zoom, fit, select mode, copy, paste, fill, play.
    fn tools_ui(&mut self, ui: &mut egui::Ui, cx: &mut PanelContext<'_>, ast: &Ast, map: &LevelMap) {
        let i = self.selected;
        ui.horizontal_wrapped(|ui| {
            ui.add(egui::Slider::new(&mut self.zoom, 4.0..=64.0).text("zoom"));
            if ui.button("Fit").on_hover_text("Zoom so the whole level fits the panel").clicked() {
                self.fit_now = true;
            }
            ui.toggle_value(&mut self.select_mode, "Select")
                .on_hover_text("Drag to select cells instead of painting them");
            let sel = self.selection;
            if ui
                .add_enabled(sel.is_some(), egui::Button::new("Copy"))
                .on_hover_text("Copy the selected cells")
                .on_disabled_hover_text("Copy the selected cells (select some first)")
                .clicked()
                && let Some(s) = sel
            {
                self.clipboard = (s.y0..=s.y1)
                    .map(|y| (s.x0..=s.x1).filter_map(|x| map.rows.get(y).and_then(|r| r.get(x)).copied()).collect())
                    .collect();
            }
            if ui
                .add_enabled(sel.is_some() && !self.clipboard.is_empty(), egui::Button::new("Paste"))
                .on_hover_text("Paste the copied cells at the selection")
                .on_disabled_hover_text("Paste the copied cells at the selection (copy and select first)")
                .clicked()
                && let Some(s) = sel
            {
                let cells: Vec<(usize, usize, char)> = self
                    .clipboard
                    .iter()
                    .enumerate()
                    .flat_map(|(dy, r)| r.iter().enumerate().map(move |(dx, &c)| (s.x0 + dx, s.y0 + dy, c)))
                    .filter(|&(x, y, _)| map.rows.get(y).is_some_and(|r| x < r.len()))
                    .collect();
                Self::apply(cx, |text| edit::paint_cells(text, ast, i, &cells));
            }
            if ui
                .add_enabled(sel.is_some() && self.brush.is_some(), egui::Button::new("Fill"))
                .on_hover_text("Fill the selection with the brush")
                .on_disabled_hover_text("Fill the selection with the brush (select some cells first)")
                .clicked()
                && let (Some(s), Some(b)) = (sel, self.brush)
            {
                let cells: Vec<_> = s
                    .cells()
                    .filter(|&(x, y)| map.rows.get(y).is_some_and(|r| x < r.len()))
                    .map(|(x, y)| (x, y, b))
                    .collect();
                Self::apply(cx, |text| edit::paint_cells(text, ast, i, &cells));
            }
            if ui.button("Play from here").on_hover_text("Play this level in the player").clicked() {
                cx.requests.run(Command::PlayLevel(i));
            }
        });
    }
}
