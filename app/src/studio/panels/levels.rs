//! The level editor panel.
//!
//! Reads the game from the document every frame (the parse tree for spans
//! and glyphs, the last good build for sprites) and changes it only through
//! the minimal text edits of `engine::edit::levels` / `legend`. A mouse
//! stroke (press to release) is one undo step.

use std::collections::{BTreeMap, BTreeSet};
use std::sync::Arc;

use engine::edit::legend::{self, Glyph};
use engine::edit::levels::{self as edit, Side};
use engine::syntax::ast::{Ast, LevelEntry, Section};
use ui_widgets::level_grid::{CellRect, LevelGrid};

use super::{Panel, PanelContext};
use crate::command::Command;

/// The level editor.
pub struct LevelsPanel {
    /// Selected LEVELS entry.
    selected: usize,
    /// True until an entry has been chosen: the panel then opens on the
    /// first map rather than on a message.
    first_map_pending: bool,
    /// The glyph the left button paints.
    brush: Option<char>,
    /// Points per cell.
    zoom: f32,
    /// Zoom out (never in) on the next frame if the selected level would
    /// not fit the panel at the current zoom.
    fit_pending: bool,
    /// Fit the level to the panel on the next frame (the Fit button).
    fit_now: bool,
    /// Left-drag selects instead of painting.
    select_mode: bool,
    selection: Option<CellRect>,
    clipboard: Vec<Vec<char>>,
    /// A mouse stroke is open on the document.
    stroking: bool,
    /// Objects ticked for a multi-object brush.
    combo: BTreeSet<String>,
    /// The parse this frame works from, per document revision.
    ast: Option<(u64, Arc<Ast>)>,
    /// Look of the last built game (by pointer) for drawing sprites.
    look: Option<(usize, Arc<engine::compile::Game>, engine::render::Look)>,
    /// Picture of the selected level: (contents key, entry, texture).
    picture: Option<(u64, usize, egui::TextureHandle)>,
    /// One sprite swatch per palette glyph, per document revision.
    swatches: Option<(u64, BTreeMap<char, egui::TextureHandle>)>,
    /// Message text for "Insert message".
    message: String,
    /// Why the last button did nothing, until the next one works.
    complaint: Option<String>,
    /// List thumbnails by content (look key, glyph map and rows hashed), so
    /// an edit rebuilds only the levels it touched.
    thumbs: BTreeMap<u64, egui::TextureHandle>,
    /// Each entry's thumbnail key, per (revision, look); the flag says
    /// some thumbnails are still to be composed.
    thumb_keys: Option<ThumbKeys>,
    /// A hash of the look's pixels, so a rebuild that draws the same
    /// keeps the thumbnails.
    look_hash: u64,
    /// The maps of the build pictures come from: rows (hashed) -> entry,
    /// so a map keeps its picture while entries move and the next build
    /// is still running.
    built_maps: BTreeMap<u64, usize>,
}

/// Each LEVELS entry's thumbnail key (`None` for messages), as computed for
/// one (revision, look).
struct ThumbKeys {
    revision: u64,
    look: usize,
    keys: Arc<Vec<Option<u64>>>,
    /// Some thumbnails are still to be composed.
    pending: bool,
}

/// What a card's context menu asked for.
#[derive(Clone, Copy)]
enum CardAction {
    Duplicate,
    Delete,
    Message,
    Play,
}

/// Longest side of a list thumbnail, in points.
const THUMB_SIDE: f32 = 72.0;
/// Thumbnails composed per frame at most; the rest follow on later frames.
const THUMBS_PER_FRAME: usize = 6;
/// Cells beyond which a thumbnail is drawn one pixel per cell.
const THUMB_DETAIL_CELLS: usize = 400;
/// Cells beyond which a level gets a plain tile instead of a picture.
const THUMB_MAX_CELLS: usize = 256 * 256;

impl Default for LevelsPanel {
    fn default() -> Self {
        Self {
            selected: 0,
            first_map_pending: true,
            brush: None,
            zoom: 32.0,
            fit_pending: true,
            fit_now: false,
            select_mode: false,
            selection: None,
            clipboard: Vec::new(),
            stroking: false,
            combo: BTreeSet::new(),
            ast: None,
            look: None,
            picture: None,
            swatches: None,
            message: "Well done".to_owned(),
            complaint: None,
            thumbs: BTreeMap::new(),
            thumb_keys: None,
            look_hash: 0,
            built_maps: BTreeMap::new(),
        }
    }
}

/// A frame of `engine::render` as an egui image.
fn image_of(frame: &engine::render::Frame) -> egui::ColorImage {
    let pixels = frame.pixels.iter().map(|p| egui::Color32::from_rgb(p.0[0], p.0[1], p.0[2])).collect();
    egui::ColorImage::new([frame.width.max(1), frame.height.max(1)], pixels)
}

/// Entry `i` of the built game's LEVELS, if it is a map.
fn built_map(game: &engine::compile::Game, i: usize) -> Option<&engine::compile::LevelGrid> {
    match game.levels.get(i) {
        Some(engine::compile::Level::Map(grid)) => Some(grid),
        _ => None,
    }
}

fn rows_hash(rows: &[Vec<char>]) -> u64 {
    use std::hash::{Hash, Hasher};
    let mut h = std::collections::hash_map::DefaultHasher::new();
    rows.hash(&mut h);
    h.finish()
}

/// The built level that shows the map with `rows`, entry `i` of the text:
/// the built map with the same rows, else (an edit not built yet) the one
/// at the same place.
fn built_level<'g>(
    game: &'g engine::compile::Game,
    built_maps: &BTreeMap<u64, usize>,
    rows: &[Vec<char>],
    i: usize,
) -> Option<&'g engine::compile::LevelGrid> {
    let at = built_maps.get(&rows_hash(rows)).copied().unwrap_or(i);
    built_map(game, at)
}

/// One entry of the list: the level's picture (or the message's text) in a
/// frame, highlighted when selected. Clickable and draggable; its
/// accessible label and tooltip are `label`.
/// A level card's picture: its texture (once composed) and the map's width
/// and height; `None` for a message.
type Thumb = Option<(Option<egui::TextureId>, usize, usize)>;

const CARD_PAD: f32 = 4.0;

/// A card's picture size and whole size.
fn card_sizes(thumb: Thumb) -> (egui::Vec2, egui::Vec2) {
    let caption = 14.0;
    let picture = match thumb {
        Some((_, w, h)) => {
            let (w, h) = (w.max(1) as f32, h.max(1) as f32);
            let k = (THUMB_SIDE / w.max(h)).min(12.0);
            egui::vec2((w * k).max(8.0), (h * k).max(8.0))
        }
        None => egui::vec2(THUMB_SIDE, THUMB_SIDE * 0.5),
    };
    let size = egui::vec2(picture.x.max(48.0), picture.y + caption) + egui::vec2(CARD_PAD, CARD_PAD) * 2.0;
    (picture, size)
}

/// A level card: clickable, draggable, with the label as its hover text.
fn card(ui: &mut egui::Ui, label: &str, thumb: Thumb, selected: bool) -> egui::Response {
    let (_, size) = card_sizes(thumb);
    let (rect, response) = ui.allocate_exact_size(size, egui::Sense::click_and_drag());
    response.widget_info(|| egui::WidgetInfo::selected(egui::Role::Button, true, selected, label));
    let response = response.on_hover_text(label);
    if ui.is_rect_visible(rect) {
        paint_card(ui, rect, label, thumb, selected, response.hovered());
    }
    response
}

/// Draw a card into `rect` (no interaction).
fn paint_card(ui: &egui::Ui, rect: egui::Rect, label: &str, thumb: Thumb, selected: bool, hovered: bool) {
    let pad = CARD_PAD;
    let (picture, _) = card_sizes(thumb);
    let visuals = ui.visuals();
    let (fill, stroke) = if selected {
        (
            visuals.selection.bg_fill,
            egui::Stroke::new(2.0, visuals.selection.stroke.color),
        )
    } else if hovered {
        (
            visuals.widgets.hovered.weak_bg_fill,
            visuals.widgets.hovered.bg_stroke,
        )
    } else {
        (
            visuals.faint_bg_color,
            visuals.widgets.noninteractive.bg_stroke,
        )
    };
    let painter = ui.painter();
    painter.rect(rect, 4.0, fill, stroke, egui::StrokeKind::Inside);
    let inner = rect.shrink(pad);
    let pic = egui::Rect::from_center_size(
        egui::pos2(inner.center().x, inner.top() + picture.y * 0.5),
        picture,
    );
    let text_color = if selected {
        visuals.selection.stroke.color
    } else {
        visuals.text_color()
    };
    let small = egui::FontId::proportional(10.0);
    match thumb {
        Some((tex, _, _)) => {
            match tex {
                Some(t) => {
                    let uv = egui::Rect::from_min_max(egui::pos2(0.0, 0.0), egui::pos2(1.0, 1.0));
                    painter.image(t, pic, uv, egui::Color32::WHITE);
                }
                // Not composed yet (a later frame will).
                None => {
                    painter.rect_filled(pic, 0.0, egui::Color32::from_gray(40));
                }
            }
            // Caption: "Level n" without the size.
            let short = label.split(" (").next().unwrap_or(label);
            painter.text(
                egui::pos2(inner.center().x, inner.bottom()),
                egui::Align2::CENTER_BOTTOM,
                short,
                small,
                text_color,
            );
        }
        None => {
            let body = label.strip_prefix("Message: ").unwrap_or(label);
            let galley = painter.layout(body.to_owned(), small.clone(), text_color, inner.width());
            let clip = egui::Rect::from_min_size(inner.min, egui::vec2(inner.width(), picture.y));
            painter
                .with_clip_rect(clip.intersect(painter.clip_rect()))
                .galley(inner.min, galley, text_color);
            painter.text(
                egui::pos2(inner.center().x, inner.bottom()),
                egui::Align2::CENTER_BOTTOM,
                "message",
                egui::FontId::proportional(9.0),
                visuals.weak_text_color(),
            );
        }
    }
}

/// An empty `8×6` level after entry `after` (or at the end), as one edit:
/// a missing LEVELS section is added, and when no glyph stands for the
/// background but a Background object exists, a legend entry for it too
/// (with LEGEND if missing). `Err` says why no level can be made.
fn new_level(text: &str, ast: &Ast, after: Option<usize>) -> Result<engine::edit::TextEdit, String> {
    const WIDTH: usize = 8;
    const HEIGHT: usize = 6;
    let no_room = || "the level could not be added here".to_owned();
    if let Some(bg) = legend::background_glyph(ast).or_else(|| legend::glyphs(ast).first().map(|g| g.ch)) {
        return engine::edit::with_sections(text, ast, &[Section::Levels], |t, a| {
            edit::add_level(t, a, after, WIDTH, HEIGHT, bg).ok_or_else(no_room)
        });
    }
    let Some(background) = ast.objects.iter().find(|o| o.name.text == "background") else {
        return Err("A level is painted with glyphs, and this game has none yet: make an object called Background in Sprites first.".to_owned());
    };
    let spelled = background.name.span.text(text).to_owned();
    engine::edit::with_sections(text, ast, &[Section::Legend, Section::Levels], |t, a| {
        let glyph = if legend::objects_of(a, ".").is_none() { '.' } else { legend::free_glyph(a).ok_or_else(no_room)? };
        let with_glyph = legend::add_entry(t, a, glyph, &[spelled]).and_then(|e| e.apply(t)).ok_or_else(no_room)?;
        let (glyph_ast, _) = engine::syntax::parse(&with_glyph);
        let done = edit::add_level(&with_glyph, &glyph_ast, None, WIDTH, HEIGHT, glyph)
            .and_then(|e| e.apply(&with_glyph))
            .ok_or_else(no_room)?;
        edit::minimal(t, 0..t.len(), &done).ok_or_else(no_room)
    })
}

/// For each paintable glyph: the object ids it places, lowest layer first.
fn glyph_ids(glyphs: &[Glyph], game: Option<&engine::compile::Game>) -> BTreeMap<char, Vec<usize>> {
    let mut out = BTreeMap::new();
    for g in glyphs {
        let mut ids: Vec<usize> = match game {
            Some(game) => g
                .objects
                .iter()
                .filter_map(|o| game.objects.iter().position(|info| &info.name == o))
                .collect(),
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
    /// The selected LEVELS entry.
    #[must_use]
    pub fn selected(&self) -> usize {
        self.selected
    }

    /// Select LEVELS entry `i`.
    pub fn select(&mut self, i: usize) {
        self.selected = i;
        self.first_map_pending = false;
        self.selection = None;
        self.fit_pending = true;
    }

    /// The canvas zoom (screen points per cell).
    #[must_use]
    pub fn zoom(&self) -> f32 {
        self.zoom
    }

    /// How many level thumbnails are composed and cached.
    #[must_use]
    pub fn thumbnail_count(&self) -> usize {
        self.thumbs.len()
    }

    /// The texture shown for each LEVELS entry in the list (`None` for
    /// messages and pictures not composed yet).
    #[must_use]
    pub fn thumbnail_textures(&self) -> Vec<Option<egui::TextureId>> {
        self.thumb_keys.as_ref().map_or_else(Vec::new, |t| {
            t.keys
                .iter()
                .map(|k| {
                    k.and_then(|k| self.thumbs.get(&k))
                        .map(egui::TextureHandle::id)
                })
                .collect()
        })
    }

    /// The glyph the left button paints.
    pub fn set_brush(&mut self, glyph: Option<char>) {
        self.brush = glyph;
    }

    fn apply(cx: &mut PanelContext<'_>, edit: Option<engine::edit::TextEdit>) -> bool {
        edit.is_some_and(|e| cx.doc.apply_edit(&e))
    }

    fn list_ui(
        &mut self,
        ui: &mut egui::Ui,
        cx: &mut PanelContext<'_>,
        ast: &Ast,
        bg: Option<char>,
    ) {
        let text = cx.doc.text().to_owned();
        let n = ast.levels.len();
        ui.horizontal_wrapped(|ui| {
            let after = (n > 0).then_some(self.selected.min(n.saturating_sub(1)));
            let _ = bg;
            if ui
                .button("+ Level")
                .on_hover_text("Add an empty 8×6 level after the selected one")
                .clicked()
            {
                match new_level(&text, ast, after) {
                    Ok(e) if cx.doc.apply_edit(&e) => {
                        self.select(after.map_or(0, |a| a + 1));
                        self.complaint = None;
                    }
                    Ok(_) => self.complaint = Some("the level could not be added here".to_owned()),
                    Err(why) => self.complaint = Some(why),
                }
            }
            let sel = self.selected;
            if super::tip(ui.add_enabled(sel < n, egui::Button::new("Duplicate")), "Copy the selected entry after itself")
                .clicked()
                && Self::apply(cx, edit::duplicate(&text, ast, sel))
            {
                self.selected = sel + 1;
            }
            if super::tip(ui.add_enabled(sel < n, egui::Button::new("Delete")), "Delete the selected entry")
                .clicked()
                && Self::apply(cx, edit::delete(&text, ast, sel))
            {
                self.selected = sel.saturating_sub(1);
            }
            if ui
                .add_enabled(sel > 0 && sel < n, egui::Button::new("Up"))
                .on_hover_text("Move up")
                .clicked()
                && Self::apply(cx, edit::move_entry(&text, ast, sel, sel - 1))
            {
                self.selected = sel - 1;
            }
            if ui
                .add_enabled(sel + 1 < n, egui::Button::new("Down"))
                .on_hover_text("Move down")
                .clicked()
                && Self::apply(cx, edit::move_entry(&text, ast, sel, sel + 1))
            {
                self.selected = sel + 1;
            }
        });
        ui.horizontal(|ui| {
            let label = ui.label("Message:");
            ui.add(
                egui::TextEdit::singleline(&mut self.message)
                    .hint_text("text of a new message")
                    .desired_width(180.0),
            )
            .labelled_by(label.id);
            if ui.button("Insert message").on_hover_text("Add this message after the selected entry").clicked() {
                let after = (n > 0).then_some(self.selected.min(n.saturating_sub(1)));
                if Self::apply(cx, edit::insert_message(&text, ast, after, &self.message)) {
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
                let cell = if cells > THUMB_DETAIL_CELLS { 1 } else { look.cell_size() };
                let view = engine::render::View::whole(grid);
                image_of(&engine::render::draw_grid(look, game, grid, view, cell))
            };
            let tex = ctx.load_texture(
                format!("level_thumb_{key:x}"),
                img,
                egui::TextureOptions::NEAREST,
            );
            self.thumbs.insert(*key, tex);
        }
        let keys = Arc::new(keys);
        self.thumb_keys = Some(ThumbKeys {
            revision: rev,
            look: look_key,
            keys: keys.clone(),
            pending,
        });
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
        egui::ScrollArea::vertical()
            .id_salt("levels_list")
            .max_height(190.0)
            .show(ui, |ui| {
                ui.horizontal_wrapped(|ui| {
                    ui.spacing_mut().item_spacing = egui::vec2(6.0, 6.0);
                    // Numbered as everywhere (the player, the exports): maps among maps.
                    let numbers = engine::play::number_entries(ast.levels.iter().map(|e| matches!(e, LevelEntry::Map(_))));
                    for (i, (e, number)) in ast.levels.iter().zip(numbers).enumerate() {
                        let (label, thumb) = match e {
                            LevelEntry::Map(m) => {
                                let w = m.rows.iter().map(Vec::len).max().unwrap_or(0);
                                let h = m.rows.len();
                                let tex = keys
                                    .get(i)
                                    .copied()
                                    .flatten()
                                    .and_then(|k| self.thumbs.get(&k))
                                    .map(|t| t.id());
                                (format!("{number} ({w}×{h})"), Some((tex, w, h)))
                            }
                            LevelEntry::Message { text, .. } => (format!("Message: {text}"), None),
                        };
                        let response = card(ui, &label, thumb, i == self.selected);
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
                            let x = if *from < i {
                                r.right() + 3.0
                            } else {
                                r.left() - 3.0
                            };
                            ui.painter().vline(
                                x,
                                r.y_range(),
                                egui::Stroke::new(3.0, ui.visuals().selection.stroke.color),
                            );
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
                    let (rect, _) = ui.allocate_exact_size(card_sizes(thumb).1, egui::Sense::hover());
                    paint_card(ui, rect, &label, thumb, true, false);
                });
        }
        if let Some(i) = clicked {
            self.select(i);
        }
        if let Some((i, a)) = action {
            let text = cx.doc.text().to_owned();
            match a {
                CardAction::Duplicate => {
                    if Self::apply(cx, edit::duplicate(&text, ast, i)) {
                        self.select(i + 1);
                    }
                }
                CardAction::Delete => {
                    if Self::apply(cx, edit::delete(&text, ast, i)) {
                        self.select(i.saturating_sub(1));
                    }
                }
                CardAction::Message => {
                    if Self::apply(cx, edit::insert_message(&text, ast, Some(i), &self.message)) {
                        self.select(i + 1);
                    }
                }
                CardAction::Play => cx.commands.push(Command::PlayLevel(i)),
            }
        }
        if let Some((from, to)) = moved
            && from != to
        {
            let text = cx.doc.text().to_owned();
            if Self::apply(cx, edit::move_entry(&text, ast, from, to)) {
                self.select(to);
            }
        }
    }

    fn palette_ui(
        &mut self,
        ui: &mut egui::Ui,
        cx: &mut PanelContext<'_>,
        ast: &Ast,
        glyphs: &[Glyph],
    ) {
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
                    (
                        g.ch,
                        ui.ctx()
                            .load_texture(name, img, egui::TextureOptions::NEAREST),
                    )
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
                        ui.add(egui::Image::new((t.id(), egui::vec2(16.0, 16.0))));
                    }
                    let names: Vec<&str> = g.objects.iter().map(String::as_str).collect();
                    let key = if k < 9 {
                        format!(" [{}]", k + 1)
                    } else {
                        String::new()
                    };
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
                        let mut on = self.combo.contains(&o.name.text);
                        if ui.checkbox(&mut on, &o.name.text).changed() {
                            if on {
                                self.combo.insert(o.name.text.clone());
                            } else {
                                self.combo.remove(&o.name.text);
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
                            if ui
                                .button(format!("Create glyph '{free}' = {}", objs.join(" and ")))
                                .clicked()
                                && Self::apply(
                                    cx,
                                    legend::add_entry(cx.doc.text(), ast, free, &objs),
                                )
                            {
                                self.brush = Some(free);
                            }
                        }
                    }
                }
            }
        });
    }

    fn resize_ui(
        &mut self,
        ui: &mut egui::Ui,
        cx: &mut PanelContext<'_>,
        ast: &Ast,
        bg: Option<char>,
    ) {
        let text = cx.doc.text().to_owned();
        let i = self.selected;
        ui.horizontal_wrapped(|ui| {
            for (side, name) in [
                (Side::Top, "top"),
                (Side::Bottom, "bottom"),
                (Side::Left, "left"),
                (Side::Right, "right"),
            ] {
                if ui
                    .small_button(format!("+{name}"))
                    .on_hover_text(format!("Add a row/column at the {name}"))
                    .clicked()
                    && let Some(b) = bg
                {
                    Self::apply(cx, edit::grow(&text, ast, i, side, 1, b));
                }
                if ui
                    .small_button(format!("-{name}"))
                    .on_hover_text(format!("Remove the {name} row/column"))
                    .clicked()
                {
                    Self::apply(cx, edit::shrink(&text, ast, i, side, 1));
                }
            }
        });
    }

    /// The document revision the parse in use was taken at: pictures are
    /// cached by it, not by the live revision, which an edit made earlier
    /// in this frame has already moved on (the parse in hand is the old one).
    fn ast_revision(&self) -> u64 {
        self.ast.as_ref().map_or(0, |(r, _)| *r)
    }

    fn ensure_ast(&mut self, cx: &mut PanelContext<'_>) -> Arc<Ast> {
        let rev = cx.doc.revision();
        if let Some((r, a)) = &self.ast
            && *r == rev
        {
            return a.clone();
        }
        let a = cx.doc.shared_ast();
        self.ast = Some((rev, a.clone()));
        a
    }

    fn ensure_look(&mut self, cx: &PanelContext<'_>) {
        use std::hash::{Hash, Hasher};
        let Some(build) = cx.doc.build() else { return };
        let Some(game) = build.game.clone().or_else(|| build.salvaged.clone()) else { return };
        let key = Arc::as_ptr(&game) as usize;
        if self.look.as_ref().is_none_or(|(k, _, _)| *k != key) {
            self.built_maps = build
                .ast
                .levels
                .iter()
                .enumerate()
                .filter_map(|(i, e)| match e {
                    LevelEntry::Map(m) => Some((rows_hash(&m.rows), i)),
                    LevelEntry::Message { .. } => None,
                })
                .collect();
            let look = engine::render::Look::new(&game);
            let mut h = std::collections::hash_map::DefaultHasher::new();
            look.background.hash(&mut h);
            for image in &look.images {
                image.size.hash(&mut h);
                image.pixels.hash(&mut h);
            }
            self.look_hash = h.finish();
            self.look = Some((key, game, look));
            self.picture = None;
            self.swatches = None;
        }
    }
}

impl Panel for LevelsPanel {
    fn title(&self, _cx: &PanelContext<'_>) -> String {
        crate::layout::PanelId::Levels.title().to_owned()
    }

    fn ui(&mut self, ui: &mut egui::Ui, cx: &mut PanelContext<'_>) {
        let ast = self.ensure_ast(cx);
        self.ensure_look(cx);
        let glyphs = legend::glyphs(&ast);
        let bg = legend::background_glyph(&ast).or_else(|| glyphs.first().map(|g| g.ch));
        if self.brush.is_none_or(|b| !glyphs.iter().any(|g| g.ch == b)) {
            self.brush = glyphs
                .iter()
                .find(|g| Some(g.ch) != bg)
                .or(glyphs.first())
                .map(|g| g.ch);
        }
        if std::mem::take(&mut self.first_map_pending) {
            self.selected = ast.levels.iter().position(|e| matches!(e, engine::syntax::ast::LevelEntry::Map(_))).unwrap_or(0);
        }
        if ast.levels.is_empty() {
            self.selected = 0;
        } else {
            self.selected = self.selected.min(ast.levels.len() - 1);
        }
        // Number keys pick glyphs (not while typing in a text field).
        if !ui.ctx().egui_wants_keyboard_input() {
            let keys = [
                egui::Key::Num1,
                egui::Key::Num2,
                egui::Key::Num3,
                egui::Key::Num4,
                egui::Key::Num5,
                egui::Key::Num6,
                egui::Key::Num7,
                egui::Key::Num8,
                egui::Key::Num9,
            ];
            for (k, key) in keys.iter().enumerate() {
                if ui.input(|i| i.key_pressed(*key))
                    && let Some(g) = glyphs.get(k)
                {
                    self.brush = Some(g.ch);
                }
            }
        }
        self.list_ui(ui, cx, &ast, bg);
        ui.separator();
        let i = self.selected;
        let Some(LevelEntry::Map(map)) = ast.levels.get(i) else {
            if ast.levels.is_empty() {
                ui.weak("No levels yet: add one above.");
            } else {
                ui.weak("A message: select a level to edit it.");
            }
            return;
        };
        self.palette_ui(ui, cx, &ast, &glyphs);
        ui.horizontal_wrapped(|ui| {
            ui.add(egui::Slider::new(&mut self.zoom, 4.0..=64.0).text("zoom"));
            if ui.button("Fit").on_hover_text("Zoom so the whole level fits the panel").clicked() {
                self.fit_now = true;
            }
            ui.toggle_value(&mut self.select_mode, "Select")
                .on_hover_text("Drag to select cells instead of painting them");
            let text = cx.doc.text().to_owned();
            let sel = self.selection;
            if ui
                .add_enabled(sel.is_some(), egui::Button::new("Copy"))
                .on_hover_text("Copy the selected cells")
                .on_disabled_hover_text("Copy the selected cells (select some first)")
                .clicked()
                && let Some(s) = sel
            {
                self.clipboard = (s.y0..=s.y1)
                    .map(|y| {
                        (s.x0..=s.x1)
                            .filter_map(|x| map.rows.get(y).and_then(|r| r.get(x)).copied())
                            .collect()
                    })
                    .collect();
            }
            if ui
                .add_enabled(
                    sel.is_some() && !self.clipboard.is_empty(),
                    egui::Button::new("Paste"),
                )
                .on_hover_text("Paste the copied cells at the selection")
                .on_disabled_hover_text("Paste the copied cells at the selection (copy and select first)")
                .clicked()
                && let Some(s) = sel
            {
                let cells: Vec<(usize, usize, char)> = self
                    .clipboard
                    .iter()
                    .enumerate()
                    .flat_map(|(dy, r)| {
                        r.iter()
                            .enumerate()
                            .map(move |(dx, &c)| (s.x0 + dx, s.y0 + dy, c))
                    })
                    .filter(|&(x, y, _)| map.rows.get(y).is_some_and(|r| x < r.len()))
                    .collect();
                Self::apply(cx, edit::paint_cells(&text, &ast, i, &cells));
            }
            if ui
                .add_enabled(
                    sel.is_some() && self.brush.is_some(),
                    egui::Button::new("Fill"),
                )
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
                Self::apply(cx, edit::paint_cells(&text, &ast, i, &cells));
            }
            if ui.button("Play from here").on_hover_text("Play this level in the player").clicked() {
                cx.commands.push(Command::PlayLevel(i));
            }
        });
        self.resize_ui(ui, cx, &ast, bg);

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
        if (self.fit_pending || self.fit_now) && width > 0 && height > 0 {
            // Whole points per cell that show every cell in the space left.
            let room = ui.available_size() - egui::vec2(16.0, 16.0);
            let fit = (room.x / width as f32).min(room.y / height as f32).floor().clamp(4.0, 64.0);
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
            && map
                .rows
                .get(y)
                .and_then(|r| r.get(x))
                .is_some_and(|&c| c != g)
        {
            if !self.stroking {
                cx.doc.begin_stroke();
                self.stroking = true;
            }
            let text = cx.doc.text().to_owned();
            Self::apply(cx, edit::paint_cell(&text, &ast, i, x, y, g));
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
                format!("'{}' {objs}", edit::spelling(cx.doc.text(), &ast, *c))
            });
            ui.weak(format!("({x}, {y}) {}", what.unwrap_or_default()));
        }
    }
}
