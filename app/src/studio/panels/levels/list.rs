//! The LEVELS list: buttons that add, move and delete entries, and the
//! entries as cards (a picture per level, a text card per message).

use std::collections::BTreeSet;
use std::sync::Arc;

use engine::edit::legend;
use engine::edit::levels as edit;
use engine::syntax::ast::{Ast, LevelEntry, Section};
use ui_widgets::level_card::LevelCard;

use super::{LevelsPanel, ThumbKeys, built_level, image_of};
use crate::command::Command;
use crate::panels::PanelContext;

/// What a card's context menu asked for.
#[derive(Clone, Copy)]
enum CardAction {
    Duplicate,
    Delete,
    Message,
    Play,
}

/// Thumbnails composed per frame at most; the rest follow on later frames.
const THUMBS_PER_FRAME: usize = 6;
/// Cells beyond which a thumbnail is drawn one pixel per cell (on the
/// shorter side of a cell that is not square).
const THUMB_DETAIL_CELLS: usize = 400;
/// Cells beyond which a level gets a plain tile instead of a picture.
const THUMB_MAX_CELLS: usize = 256 * 256;

/// A level card's picture: its texture (once composed) and the map's width
/// and height; `None` for a message.
type Thumb = Option<(Option<egui::TextureId>, usize, usize)>;

/// The card of one LEVELS entry, for a game whose cells are `shape`
/// (width, height; not square with `sprite_size WxH`).
fn level_card(label: &str, thumb: Thumb, selected: bool, shape: (usize, usize)) -> LevelCard<'_> {
    match thumb {
        Some((texture, w, h)) => LevelCard::map(label, texture, w, h).cell_shape(shape.0, shape.1),
        None => LevelCard::message(label),
    }
    .selected(selected)
}

/// An empty `8×6` level after entry `after` (or at the end), as one edit:
/// a missing LEVELS section is added, and when no glyph stands for the
/// background but a Background object exists, a legend entry for it too
/// (with LEGEND if missing). `Err` says why no level can be made.
fn new_level(text: &str, ast: &Ast, after: Option<usize>) -> anyhow::Result<engine::edit::TextEdit> {
    const WIDTH: usize = 8;
    const HEIGHT: usize = 6;
    let no_room = || anyhow::anyhow!("the level could not be added here");
    if let Some(bg) = legend::background_glyph(ast).or_else(|| legend::glyphs(ast).first().map(|g| g.ch)) {
        return engine::edit::with_sections(text, ast, &[Section::Levels], |t, a| {
            edit::add_level(t, a, after, WIDTH, HEIGHT, bg).ok_or_else(no_room)
        });
    }
    let Some(background) = ast.objects.iter().find(|o| o.name.text == "background") else {
        anyhow::bail!(
            "A level is painted with glyphs, and this game has none yet: make an object called Background in Sprites first."
        );
    };
    let spelled = background.name.span.text(text).to_owned();
    engine::edit::with_sections(text, ast, &[Section::Legend, Section::Levels], |t, a| {
        let glyph =
            if legend::objects_of(a, ".").is_none() { '.' } else { legend::free_glyph(a).ok_or_else(no_room)? };
        let with_glyph = legend::add_entry(t, a, glyph, &[spelled]).and_then(|e| e.apply(t)).ok_or_else(no_room)?;
        let (glyph_ast, _) = engine::syntax::parse(&with_glyph);
        let done = edit::add_level(&with_glyph, &glyph_ast, None, WIDTH, HEIGHT, glyph)
            .and_then(|e| e.apply(&with_glyph))
            .ok_or_else(no_room)?;
        edit::minimal(t, 0..t.len(), &done).ok_or_else(no_room)
    })
}

impl LevelsPanel {
    pub(super) fn list_ui(&mut self, ui: &mut egui::Ui, cx: &mut PanelContext<'_>, ast: &Ast, bg: Option<char>) {
        let n = ast.levels.len();
        ui.horizontal_wrapped(|ui| {
            let after = (n > 0).then_some(self.selected.min(n.saturating_sub(1)));
            let _ = bg;
            if ui.button("+ Level").on_hover_text("Add an empty 8×6 level after the selected one").clicked() {
                match new_level(cx.doc.text(), ast, after) {
                    Ok(e) if cx.doc.apply_edit(&e) => {
                        self.select(after.map_or(0, |a| a + 1));
                        self.complaint = None;
                    }
                    Ok(_) => self.complaint = Some("the level could not be added here".to_owned()),
                    Err(why) => self.complaint = Some(format!("{why:#}")),
                }
            }
            let sel = self.selected;
            if crate::panels::tip(
                ui.add_enabled(sel < n, egui::Button::new("Duplicate")),
                "Copy the selected entry after itself",
            )
            .clicked()
                && Self::apply(cx, |text| edit::duplicate(text, ast, sel))
            {
                self.selected = sel + 1;
            }
            if crate::panels::tip(ui.add_enabled(sel < n, egui::Button::new("Delete")), "Delete the selected entry")
                .clicked()
                && Self::apply(cx, |text| edit::delete(text, ast, sel))
            {
                self.selected = sel.saturating_sub(1);
            }
            if ui.add_enabled(sel > 0 && sel < n, egui::Button::new("Up")).on_hover_text("Move up").clicked()
                && Self::apply(cx, |text| edit::move_entry(text, ast, sel, sel - 1))
            {
                self.selected = sel - 1;
            }
            if ui.add_enabled(sel + 1 < n, egui::Button::new("Down")).on_hover_text("Move down").clicked()
                && Self::apply(cx, |text| edit::move_entry(text, ast, sel, sel + 1))
            {
                self.selected = sel + 1;
            }
        });
        ui.horizontal(|ui| {
            let label = ui.label("Message:");
            ui.add(
                egui::TextEdit::singleline(&mut self.message).hint_text("text of a new message").desired_width(180.0),
            )
            .labelled_by(label.id);
            if ui.button("Insert message").on_hover_text("Add this message after the selected entry").clicked() {
                let after = (n > 0).then_some(self.selected.min(n.saturating_sub(1)));
                if Self::apply(cx, |text| edit::insert_message(text, ast, after, &self.message)) {
                    self.selected = after.map_or(0, |a| a + 1);
                }
            }
        });
        if let Some(why) = &self.complaint {
            ui.colored_label(ui.visuals().warn_fg_color, why);
        }
        self.thumbnails_ui(ui, cx, ast);
    }

    /// Make sure every map entry has its thumbnail, composing at most
    /// [`THUMBS_PER_FRAME`] new ones this frame. Returns the key of each
    /// entry's thumbnail (`None` for messages).
    fn ensure_thumbs(&mut self, ctx: &egui::Context, ast: &Ast, rev: u64) -> Arc<Vec<Option<u64>>> {
        use std::hash::{Hash, Hasher};
        let look_key = self.look.as_ref().map_or(0, |(k, _, _)| *k);
        if let Some(t) = &self.thumb_keys
            && !t.pending
            && t.revision == rev
            && t.look == look_key
        {
            return t.keys.clone();
        }
        let (game, look) = match &self.look {
            Some((_, g, l)) => (Some(g.as_ref()), Some(l)),
            None => (None, None),
        };
        let mut base = std::collections::hash_map::DefaultHasher::new();
        self.look_hash.hash(&mut base);
        // Pictures are of the built game's levels (drawn by `engine::render`,
        // as the player draws them), keyed by their contents.
        let keys: Vec<Option<u64>> = ast
            .levels
            .iter()
            .enumerate()
            .map(|(i, e)| match (e, game) {
                (LevelEntry::Map(m), Some(game)) => {
                    let grid = built_level(game, &self.built_maps, &m.rows, i)?;
                    let mut h = base.clone();
                    (grid.width, grid.height, &grid.cells).hash(&mut h);
                    Some(h.finish())
                }
                _ => None,
            })
            .collect();
        // Forget thumbnails no entry shows any more.
        let live: BTreeSet<u64> = keys.iter().flatten().copied().collect();
        self.thumbs.retain(|k, _| live.contains(k));
        let mut budget = THUMBS_PER_FRAME;
        let mut pending = false;
        for (i, (e, key)) in ast.levels.iter().zip(&keys).enumerate() {
            let (LevelEntry::Map(m), Some(key), Some(game), Some(look)) = (e, key, game, look) else {
                continue;
            };
            let Some(grid) = built_level(game, &self.built_maps, &m.rows, i) else { continue };
            if self.thumbs.contains_key(key) {
                continue;
            }
            if budget == 0 {
                pending = true;
                ctx.request_repaint();
                break;
            }
            budget -= 1;
            let cells = grid.width.saturating_mul(grid.height);
            let img = if cells > THUMB_MAX_CELLS {
                // Too big to picture cheaply: a plain tile stands in.
                egui::ColorImage::filled([1, 1], egui::Color32::from_gray(60))
            } else {
                let cell = if cells > THUMB_DETAIL_CELLS { look.cell_smallest() } else { look.cell_size() };
                let view = engine::render::View::whole(grid);
                image_of(&engine::render::draw_grid(look, game, grid, view, cell))
            };
            let tex = ctx.load_texture(format!("level_thumb_{key:x}"), img, egui::TextureOptions::NEAREST);
            self.thumbs.insert(*key, tex);
        }
        let keys = Arc::new(keys);
        self.thumb_keys = Some(ThumbKeys { revision: rev, look: look_key, keys: keys.clone(), pending });
        keys
    }

    /// The LEVELS list as cards: a picture per level, a text card per
    /// message. Click selects; drag a card onto another to move it there.
    fn thumbnails_ui(&mut self, ui: &mut egui::Ui, cx: &mut PanelContext<'_>, ast: &Ast) {
        let keys = self.ensure_thumbs(ui.ctx(), ast, self.ast_revision());
        let mut moved: Option<(usize, usize)> = None;
        let mut clicked = None;
        let mut action = None;
        let mut dragged = None;
        let shape = self.look.as_ref().map_or((1, 1), |(_, _, look)| look.cell_size());
        egui::ScrollArea::vertical().id_salt("levels_list").max_height(190.0).show(ui, |ui| {
            ui.horizontal_wrapped(|ui| {
                ui.spacing_mut().item_spacing = egui::vec2(6.0, 6.0);
                // Numbered as everywhere (the player, the exports): maps among maps.
                let numbers = engine::play::number_entries(ast.levels.iter().map(|e| matches!(e, LevelEntry::Map(_))));
                for (i, (e, number)) in ast.levels.iter().zip(numbers).enumerate() {
                    let (label, thumb) = match e {
                        LevelEntry::Map(m) => {
                            let w = m.rows.iter().map(Vec::len).max().unwrap_or(0);
                            let h = m.rows.len();
                            let tex = keys.get(i).copied().flatten().and_then(|k| self.thumbs.get(&k)).map(|t| t.id());
                            (format!("{number} ({w}×{h})"), Some((tex, w, h)))
                        }
                        LevelEntry::Message { text, .. } => (format!("Message: {text}"), None),
                        LevelEntry::Goto { target, .. } => (format!("Goto: {target}"), None),
                    };
                    let card = super::verdict::with_status(
                        level_card(&label, thumb, i == self.selected, shape),
                        cx.live,
                        i,
                        ui.visuals(),
                    );
                    let response = ui.add(card);
                    response.dnd_set_drag_payload(i);
                    if response.dragged() {
                        dragged = Some((label.clone(), thumb));
                    }
                    if response.clicked() {
                        clicked = Some(i);
                    }
                    if let Some(from) = response.dnd_hover_payload::<usize>()
                        && *from != i
                    {
                        // Where the dragged entry would land.
                        let r = response.rect;
                        let x = if *from < i { r.right() + 3.0 } else { r.left() - 3.0 };
                        ui.painter().vline(x, r.y_range(), egui::Stroke::new(3.0, ui.visuals().selection.stroke.color));
                    }
                    if let Some(from) = response.dnd_release_payload::<usize>() {
                        moved = Some((*from, i));
                    }
                    let is_map = matches!(e, LevelEntry::Map(_));
                    response.context_menu(|ui| {
                        let mut pick = |ui: &mut egui::Ui, text: &str, a: CardAction| {
                            if ui.button(text).clicked() {
                                action = Some((i, a));
                                ui.close();
                            }
                        };
                        pick(ui, "Duplicate entry", CardAction::Duplicate);
                        pick(ui, "Delete entry", CardAction::Delete);
                        pick(ui, "Insert message after", CardAction::Message);
                        if is_map {
                            pick(ui, "Play this level", CardAction::Play);
                        }
                    });
                }
            });
        });
        // The dragged card follows the pointer, faded, until it is dropped.
        if let Some((label, thumb)) = dragged
            && let Some(at) = ui.ctx().pointer_interact_pos()
        {
            egui::Area::new(egui::Id::unique("level_card_drag_preview"))
                .order(egui::Order::Tooltip)
                .interactable(false)
                .fixed_pos(at + egui::vec2(8.0, 8.0))
                .show(ui.ctx(), |ui| {
                    ui.multiply_opacity(0.75);
                    let card = level_card(&label, thumb, true, shape);
                    let (rect, _) = ui.allocate_exact_size(card.size(), egui::Sense::hover());
                    card.paint(ui, rect, false);
                });
        }
        if let Some(i) = clicked {
            self.select(i);
        }
        if let Some((i, a)) = action {
            match a {
                CardAction::Duplicate => {
                    if Self::apply(cx, |text| edit::duplicate(text, ast, i)) {
                        self.select(i + 1);
                    }
                }
                CardAction::Delete => {
                    if Self::apply(cx, |text| edit::delete(text, ast, i)) {
                        self.select(i.saturating_sub(1));
                    }
                }
                CardAction::Message => {
                    if Self::apply(cx, |text| edit::insert_message(text, ast, Some(i), &self.message)) {
                        self.select(i + 1);
                    }
                }
                CardAction::Play => cx.requests.run(Command::PlayLevel(i)),
            }
        }
        if let Some((from, to)) = moved
            && from != to
            && Self::apply(cx, |text| edit::move_entry(text, ast, from, to))
        {
            self.select(to);
        }
    }
}
