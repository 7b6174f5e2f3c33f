//! The level editor panel.
//!
//! Reads the game from the document every frame (the parse tree for spans
//! and glyphs, the last good build for sprites) and changes it only through
//! the minimal text edits of `engine::edit::levels` / `legend`. A mouse
//! stroke (press to release) is one undo step.
//!
//! One file per part of the panel: `list` (the LEVELS entries as cards and
//! the buttons that add, move and delete them), `palette` (the brushes),
//! `canvas` (the tool row and the painted level), `resize` (growing and
//! shrinking the selected level), `verdict` (what the live checks say of
//! each level, Show solution and Solve harder).

mod canvas;
mod list;
mod palette;
mod resize;
mod verdict;

pub use verdict::status_colour;

use std::collections::{BTreeMap, BTreeSet};
use std::sync::Arc;

use engine::edit::legend;
use engine::syntax::ast::{Ast, LevelEntry};
use ui_widgets::level_grid::CellRect;

use super::{Panel, PanelContext};

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
            t.keys.iter().map(|k| k.and_then(|k| self.thumbs.get(&k)).map(egui::TextureHandle::id)).collect()
        })
    }

    /// The glyph the left button paints.
    pub fn set_brush(&mut self, glyph: Option<char>) {
        self.brush = glyph;
    }

    /// Make the edit `make` computes from the current text (no copy of
    /// the text is taken); false when it cannot be made.
    fn apply(cx: &mut PanelContext<'_>, make: impl FnOnce(&str) -> Option<engine::edit::TextEdit>) -> bool {
        make(cx.doc.text()).is_some_and(|e| cx.doc.apply_edit(&e))
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
                    LevelEntry::Message { .. } | LevelEntry::Goto { .. } => None,
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
        crate::panel_id::PanelId::Levels.title().to_owned()
    }

    fn ui(&mut self, ui: &mut egui::Ui, cx: &mut PanelContext<'_>) {
        let ast = self.ensure_ast(cx);
        self.ensure_look(cx);
        let glyphs = legend::glyphs(&ast);
        let bg = legend::background_glyph(&ast).or_else(|| glyphs.first().map(|g| g.ch));
        if self.brush.is_none_or(|b| !glyphs.iter().any(|g| g.ch == b)) {
            self.brush = glyphs.iter().find(|g| Some(g.ch) != bg).or(glyphs.first()).map(|g| g.ch);
        }
        if std::mem::take(&mut self.first_map_pending) {
            self.selected =
                ast.levels.iter().position(|e| matches!(e, engine::syntax::ast::LevelEntry::Map(_))).unwrap_or(0);
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
        let Some(LevelEntry::Map(_)) = ast.levels.get(i) else {
            if ast.levels.is_empty() {
                ui.weak("No levels yet: add one above.");
            } else {
                ui.weak("A message: select a level to edit it.");
            }
            return;
        };
        self.verdict_ui(ui, cx);
        self.palette_ui(ui, cx, &ast, &glyphs);
        self.canvas_ui(ui, cx, &ast, &glyphs, bg);
    }
}
