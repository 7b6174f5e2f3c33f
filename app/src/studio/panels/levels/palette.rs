//! The brush palette: one button per glyph of the legend, and a
//! multi-object brush made by ticking objects.

use std::collections::BTreeMap;

use engine::edit::legend::{self, Glyph};
use engine::edit::levels as edit;
use engine::syntax::ast::Ast;

use super::{LevelsPanel, image_of};
use crate::panels::PanelContext;

/// For each paintable glyph: the object ids it places, lowest layer first.
fn glyph_ids(glyphs: &[Glyph], game: Option<&engine::compile::Game>) -> BTreeMap<char, Vec<usize>> {
    let mut out = BTreeMap::new();
    for g in glyphs {
        let mut ids: Vec<usize> = match game {
            Some(game) => {
                g.objects.iter().filter_map(|o| game.objects.iter().position(|info| info.name == o)).collect()
            }
            None => Vec::new(),
        };
        if let Some(game) = game {
            // Every cell holds the background too, as in the game.
            if let Some(b) = game.objects.iter().position(|o| o.name == "background")
                && !ids.contains(&b)
            {
                ids.push(b);
            }
            ids.sort_by_key(|&i| game.objects.get(i).map_or(0, |o| o.layer));
        }
        out.insert(g.ch, ids);
    }
    out
}

impl LevelsPanel {
    /// The brushes: a glyph per button, and objects to combine.
    pub(super) fn palette_ui(&mut self, ui: &mut egui::Ui, cx: &mut PanelContext<'_>, ast: &Ast, glyphs: &[Glyph]) {
        let rev = self.ast_revision();
        if self.swatches.as_ref().is_none_or(|(r, _)| *r != rev) {
            let (game, look) = match &self.look {
                Some((_, g, l)) => (Some(g.as_ref()), Some(l)),
                None => (None, None),
            };
            let ids = glyph_ids(glyphs, game);
            let map = glyphs
                .iter()
                .map(|g| {
                    let img = match (game, look, ids.get(&g.ch)) {
                        (Some(game), Some(look), Some(ids)) => {
                            let mut cells = vec![0u64; game.obj_words];
                            for &id in ids {
                                engine::compile::bits::set_bit(&mut cells, id);
                            }
                            let grid = engine::compile::LevelGrid { width: 1, height: 1, cells };
                            let view = engine::render::View::whole(&grid);
                            image_of(&engine::render::grid_frame(look, game, &grid, view))
                        }
                        _ => egui::ColorImage::filled([1, 1], egui::Color32::BLACK),
                    };
                    let name = format!("level_palette_{}", u32::from(g.ch));
                    (g.ch, ui.ctx().load_texture(name, img, egui::TextureOptions::NEAREST))
                })
                .collect();
            self.swatches = Some((rev, map));
        }
        // A game with many glyphs scrolls its palette rather than pushing the
        // level off the panel.
        egui::ScrollArea::vertical().id_salt("brush_palette").max_height(96.0).show(ui, |ui| {
            ui.horizontal_wrapped(|ui| {
                ui.label("Brush:");
                for (k, g) in glyphs.iter().enumerate() {
                    if let Some(t) = self.swatches.as_ref().and_then(|(_, m)| m.get(&g.ch)) {
                        // 16 points wide, as high as the game's cells are.
                        let [w, h] = t.size();
                        ui.add(egui::Image::new((t.id(), egui::vec2(16.0, 16.0 * h as f32 / w.max(1) as f32))));
                    }
                    let names: Vec<&str> = g.objects.iter().map(String::as_str).collect();
                    let key = if k < 9 { format!(" [{}]", k + 1) } else { String::new() };
                    // Shown as the game writes it (the tree keeps lower case).
                    let shown = edit::spelling(cx.doc.text(), ast, g.ch);
                    let label = format!("{shown}  {}", names.join("+"));
                    if ui
                        .selectable_label(self.brush == Some(g.ch), label)
                        .on_hover_text(format!("Paint '{shown}'{key}"))
                        .clicked()
                    {
                        self.brush = Some(g.ch);
                    }
                }
            });
        });
        // Multi-object brush: tick objects; a glyph naming exactly them is
        // picked, or offered to be created.
        ui.collapsing("Combine objects", |ui| {
            egui::ScrollArea::vertical().id_salt("combine_objects").max_height(96.0).show(ui, |ui| {
                ui.horizontal_wrapped(|ui| {
                    for o in &ast.objects {
                        let mut on = self.combo.contains(o.name.text.as_str());
                        if ui.checkbox(&mut on, o.name.text.as_str()).changed() {
                            if on {
                                self.combo.insert(o.name.text.to_string());
                            } else {
                                self.combo.remove(o.name.text.as_str());
                            }
                        }
                    }
                });
            });
            if !self.combo.is_empty() {
                match legend::glyph_for(ast, &self.combo) {
                    Some(g) => {
                        if ui.button(format!("Use '{g}'")).clicked() {
                            self.brush = Some(g);
                        }
                    }
                    None => {
                        if let Some(free) = legend::free_glyph(ast) {
                            let objs: Vec<String> = self.combo.iter().cloned().collect();
                            if ui.button(format!("Create glyph '{free}' = {}", objs.join(" and "))).clicked()
                                && Self::apply(cx, |text| legend::add_entry(text, ast, free, &objs))
                            {
                                self.brush = Some(free);
                            }
                        }
                    }
                }
            }
        });
    }
}
