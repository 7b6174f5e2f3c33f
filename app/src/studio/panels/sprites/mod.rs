//! The sprite painter: a list of objects with thumbnails, the selected
//! sprite as a zoomed grid with painting tools and transforms, its palette,
//! and a form for new objects.
//!
//! The panel keeps no copy of the game: every frame it reads the parse tree
//! of the current text (so it works while the text has errors) and every
//! change is a `TextEdit` from `engine::edit::objects`.

use anyhow::Context;
use egui::Color32;
use engine::edit::objects::{self, LayerChoice};
use engine::render::{self, PaletteTable};
use engine::syntax::ast::{Ast, ObjectDef, Section, sprite_pixels};
use ui_widgets::sprite_grid::{GridEvent, SpriteGrid, thumbnail};
use ui_widgets::swatch::swatch;

use super::{Panel, PanelContext};

pub mod import;

/// A painting tool.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Tool {
    /// Set pixels to the current colour.
    #[default]
    Pencil,
    /// Set pixels to transparent.
    Eraser,
    /// Flood-fill a region of one colour.
    Fill,
    /// Take the colour under the pointer.
    Picker,
    /// A straight line from where the drag began.
    Line,
    /// A rectangle outline from where the drag began.
    Rectangle,
}

impl Tool {
    const ALL: [Tool; 6] = [Tool::Pencil, Tool::Eraser, Tool::Fill, Tool::Picker, Tool::Line, Tool::Rectangle];

    fn name(self) -> &'static str {
        match self {
            Tool::Pencil => "Pencil",
            Tool::Eraser => "Eraser",
            Tool::Fill => "Fill",
            Tool::Picker => "Picker",
            Tool::Line => "Line",
            Tool::Rectangle => "Rectangle",
        }
    }

    fn tip(self) -> &'static str {
        match self {
            Tool::Pencil => "Paint pixels with the chosen colour",
            Tool::Eraser => "Make pixels transparent",
            Tool::Fill => "Fill the area of one colour",
            Tool::Picker => "Take the colour of a pixel",
            Tool::Line => "Drag a straight line",
            Tool::Rectangle => "Drag a rectangle outline",
        }
    }
}

type Pixels = Vec<Vec<Option<u8>>>;

/// What an object edit of the engine gives back.
type EditResult = Result<engine::edit::TextEdit, objects::ObjectEditError>;

/// The sprite painter.
pub struct SpritesPanel {
    /// The selected object's name (lower case).
    pub selected: Option<String>,
    /// The current tool.
    pub tool: Tool,
    /// The current colour index (`None`: transparent).
    pub color: Option<u8>,
    filter: String,
    /// The sprite when the current stroke began, and where it began.
    stroke: Option<(Pixels, (usize, usize))>,
    color_word: String,
    new_name: String,
    new_color: String,
    new_layer: Option<usize>,
    message: Option<String>,
    hover: Option<(usize, usize)>,
    /// The name being typed while renaming the selected object.
    renaming: Option<String>,
    /// Focus the rename field on the next frame.
    rename_focus: bool,
}

impl Default for SpritesPanel {
    fn default() -> Self {
        Self {
            selected: None,
            tool: Tool::Pencil,
            color: Some(0),
            filter: String::new(),
            stroke: None,
            color_word: String::new(),
            new_name: String::new(),
            new_color: "red".to_owned(),
            new_layer: None,
            message: None,
            hover: None,
            renaming: None,
            rename_focus: false,
        }
    }
}

/// The object's name as written (original case), else its lower-cased form.
fn shown_name(src: &str, obj: &ObjectDef) -> String {
    let written = obj.name.span.text(src);
    if written.to_lowercase() == obj.name.text { written.to_owned() } else { obj.name.text.to_string() }
}

/// The game's palette (from `color_palette`, else the default).
fn game_palette(ast: &Ast) -> &'static PaletteTable {
    ast.prelude
        .iter()
        .find(|p| p.key.text == "color_palette")
        .and_then(|p| p.value.as_deref())
        .and_then(render::palette)
        .unwrap_or(render::DEFAULT_PALETTE)
}

fn to_color32(c: render::Rgba) -> Option<Color32> {
    (!c.is_transparent()).then(|| Color32::from_rgb(c.0[0], c.0[1], c.0[2]))
}

fn color_of(word: &str, palette: &PaletteTable) -> Option<Color32> {
    render::color(word, palette).and_then(to_color32)
}

/// The object's pixels as colours (a single-colour object is a block of
/// the game's cell grid, `grid`: 5x5 unless `sprite_size` says; an object
/// written as a `copy:` or with PuzzleScript Next's transforms shows the
/// sprite they make).
fn object_pixels(ast: &Ast, obj: &ObjectDef, palette: &PaletteTable) -> Vec<Vec<Option<Color32>>> {
    let grid = objects::sprite_grid(ast);
    let colors: Vec<Option<Color32>> = obj.colors.iter().map(|c| color_of(&c.text, palette)).collect();
    let (sprite, _) = engine::compile::sprites::final_sprite(ast, obj);
    if sprite.is_empty() {
        return vec![vec![colors.first().copied().flatten(); grid.0]; grid.1];
    }
    sprite
        .iter()
        .map(|row| row.iter().map(|p| p.and_then(|i| colors.get(usize::from(i)).copied().flatten())).collect())
        .collect()
}

fn flood(px: &mut Pixels, x: usize, y: usize, to: Option<u8>) {
    let Some(from) = px.get(y).and_then(|r| r.get(x)).copied() else { return };
    if from == to {
        return;
    }
    let mut todo = vec![(x, y)];
    while let Some((x, y)) = todo.pop() {
        let Some(p) = px.get_mut(y).and_then(|r| r.get_mut(x)) else { continue };
        if *p != from {
            continue;
        }
        *p = to;
        if x > 0 {
            todo.push((x - 1, y));
        }
        if y > 0 {
            todo.push((x, y - 1));
        }
        todo.push((x + 1, y));
        todo.push((x, y + 1));
    }
}

fn set(px: &mut Pixels, x: usize, y: usize, c: Option<u8>) {
    if let Some(p) = px.get_mut(y).and_then(|r| r.get_mut(x)) {
        *p = c;
    }
}

fn line(px: &mut Pixels, a: (usize, usize), b: (usize, usize), c: Option<u8>) {
    let (x0, y0, x1, y1) = (a.0 as i64, a.1 as i64, b.0 as i64, b.1 as i64);
    let steps = (x1 - x0).abs().max((y1 - y0).abs()).max(1);
    for i in 0..=steps {
        let x = x0 + ((x1 - x0) * i + steps / 2 * (x1 - x0).signum()) / steps;
        let y = y0 + ((y1 - y0) * i + steps / 2 * (y1 - y0).signum()) / steps;
        set(px, x as usize, y as usize, c);
    }
}

fn rect(px: &mut Pixels, a: (usize, usize), b: (usize, usize), c: Option<u8>) {
    let (x0, x1) = (a.0.min(b.0), a.0.max(b.0));
    let (y0, y1) = (a.1.min(b.1), a.1.max(b.1));
    for x in x0..=x1 {
        set(px, x, y0, c);
        set(px, x, y1, c);
    }
    for y in y0..=y1 {
        set(px, x0, y, c);
        set(px, x1, y, c);
    }
}

/// Transforms of a whole sprite.
#[derive(Debug, Clone, Copy)]
enum Transform {
    FlipH,
    FlipV,
    Rotate,
    Shift(i32, i32),
}

fn transform(px: &Pixels, t: Transform) -> Pixels {
    let h = px.len();
    let w = px.first().map_or(0, Vec::len);
    let at = |x: usize, y: usize| px.get(y).and_then(|r| r.get(x)).copied().flatten();
    match t {
        Transform::FlipH => px.iter().map(|r| r.iter().rev().copied().collect()).collect(),
        Transform::FlipV => px.iter().rev().cloned().collect(),
        // Clockwise: new (x, y) takes old (y, h - 1 - x).
        Transform::Rotate => (0..w).map(|y| (0..h).map(|x| at(y, h - 1 - x)).collect()).collect(),
        Transform::Shift(dx, dy) => (0..h)
            .map(|y| {
                (0..w)
                    .map(|x| {
                        let sx = (x as i32 - dx).rem_euclid(w.max(1) as i32) as usize;
                        let sy = (y as i32 - dy).rem_euclid(h.max(1) as i32) as usize;
                        at(sx, sy)
                    })
                    .collect()
            })
            .collect(),
    }
}

impl SpritesPanel {
    /// The last edit's complaint, if the last edit was refused.
    #[must_use]
    pub fn message(&self) -> Option<&str> {
        self.message.as_deref()
    }

    /// Make the edit `make` computes from the current text (no copy of the
    /// text is taken), or show why it cannot be made.
    fn apply(&mut self, cx: &mut PanelContext<'_>, make: impl FnOnce(&str) -> EditResult) {
        match make(cx.doc.text()) {
            Ok(e) => {
                cx.doc.apply_edit(&e);
                self.message = None;
            }
            Err(e) => self.message = Some(e.to_string()),
        }
    }

    /// Apply an edit as its own undo step.
    fn apply_step(&mut self, cx: &mut PanelContext<'_>, make: impl FnOnce(&str) -> EditResult) {
        if !cx.doc.in_stroke() {
            cx.doc.begin_stroke();
            self.apply(cx, make);
            cx.doc.end_stroke();
        }
    }

    fn object_list(&mut self, ui: &mut egui::Ui, src: &str, ast: &Ast, palette: &PaletteTable) {
        ui.add(egui::TextEdit::singleline(&mut self.filter).hint_text("Filter objects").desired_width(150.0));
        let filter = self.filter.to_lowercase();
        egui::ScrollArea::vertical().id_salt("sprite_objects").max_height(ui.available_height() - 4.0).show(ui, |ui| {
            for obj in ast.objects.iter().filter(|o| o.name.text.contains(&filter)) {
                ui.horizontal(|ui| {
                    thumbnail(ui, &object_pixels(ast, obj, palette), 20.0);
                    let selected = self.selected.as_deref() == Some(obj.name.text.as_str());
                    let name = shown_name(src, obj);
                    if ui.selectable_label(selected, &name).on_hover_text(format!("Edit {name}'s sprite")).clicked() {
                        self.selected = Some(obj.name.text.to_string());
                        self.renaming = None;
                        self.stroke = None;
                    }
                });
            }
        });
    }

    fn painter(&mut self, ui: &mut egui::Ui, cx: &mut PanelContext<'_>, ast: &Ast, palette: &PaletteTable) {
        let Some(obj) = self.selected.as_deref().and_then(|n| objects::find(ast, n).ok()) else {
            ui.weak("Pick an object on the left, or make a new one below.");
            return;
        };
        let name = obj.name.text.clone();
        self.rename_ui(ui, cx, ast, obj);
        ui.horizontal(|ui| {
            for t in Tool::ALL {
                ui.selectable_value(&mut self.tool, t, t.name()).on_hover_text(t.tip());
            }
            ui.separator();
            let tip = "A PNG or GIF picture becomes this sprite, in the object's own colours (one undo step)";
            if ui.button("Import image…").on_hover_text(tip).clicked() {
                cx.requests.send(crate::request::AppRequest::ImportImage);
            }
        });
        if let Some(source) = obj.copy_from.as_ref().filter(|_| obj.sprite.is_empty()) {
            // A copy (PuzzleScript Next): its pixels are its source's, so
            // they are painted there; here they show as the copy makes them.
            let from = objects::find(ast, &source.text)
                .map_or_else(|_| source.text.to_string(), |o| shown_name(cx.doc.text(), o));
            ui.label(format!("{} copies {from}'s sprite: paint {from} to change it.", shown_name(cx.doc.text(), obj)));
            thumbnail(ui, &object_pixels(ast, obj, palette), 96.0);
        } else if obj.sprite.is_empty() {
            ui.label(format!("{name} is a single colour."));
            if ui.button("Give it a sprite").clicked() {
                self.apply_step(cx, |text| objects::give_sprite(text, ast, &name));
            }
        } else {
            ui.horizontal(|ui| {
                let buttons = [
                    ("Flip H", Transform::FlipH, "Mirror left to right"),
                    ("Flip V", Transform::FlipV, "Mirror top to bottom"),
                    ("Rotate", Transform::Rotate, "Turn a quarter clockwise"),
                    ("Shift left", Transform::Shift(-1, 0), "Move every pixel one left (wrapping round)"),
                    ("Shift right", Transform::Shift(1, 0), "Move every pixel one right (wrapping round)"),
                    ("Shift up", Transform::Shift(0, -1), "Move every pixel one up (wrapping round)"),
                    ("Shift down", Transform::Shift(0, 1), "Move every pixel one down (wrapping round)"),
                ];
                for (label, t, tip) in buttons {
                    if ui.button(label).on_hover_text(tip).clicked() {
                        let rows = transform(&sprite_pixels(&obj.sprite), t);
                        self.apply_step(cx, |text| objects::set_sprite(text, ast, &name, &rows));
                    }
                }
            });
            self.rotated_copies_ui(ui, cx, ast, obj);
            self.size_ui(ui, cx, ast, obj);
            let pixels = object_pixels(ast, obj, palette);
            let side = pixels.len().max(pixels.iter().map(Vec::len).max().unwrap_or(0)).max(5) as f32;
            let cell = ((ui.available_width().min(ui.available_height() - 120.0)) / side).clamp(2.0, 48.0);
            let out = SpriteGrid::new(&pixels, cell).show(ui);
            self.hover = out.hovered;
            for ev in out.events {
                self.grid_event(cx, obj, ev);
            }
            let hover = match self.hover {
                Some((x, y)) => match obj.sprite.get(y).and_then(|r| r.get(x)).copied().flatten() {
                    Some(i) => format!(
                        "Pixel {x}, {y}: colour {i} ({})",
                        obj.colors.get(usize::from(i)).map_or("missing", |c| c.text.as_str())
                    ),
                    None => format!("Pixel {x}, {y}: transparent"),
                },
                None => "Hover a pixel to see its colour".to_owned(),
            };
            ui.label(hover);
        }
        self.palette_ui(ui, cx, ast, obj, palette);
    }

    /// In a PuzzleScript Plus/Next game, "Make rotated copies": three new
    /// objects written as `copy:` of this one with `rot:` (one undo step).
    fn rotated_copies_ui(&mut self, ui: &mut egui::Ui, cx: &mut PanelContext<'_>, ast: &Ast, obj: &ObjectDef) {
        if engine::dialect::needed(ast).is_none() {
            return;
        }
        let shown = shown_name(cx.doc.text(), obj);
        let names = engine::edit::rotations::copy_names(&shown).join(", ");
        let tip = format!(
            "Add {names}: copies of {shown} turned by PuzzleScript Next's rot: (the text says how, not the pixels)"
        );
        if ui.button("Make rotated copies").on_hover_text(tip).clicked() {
            let name = obj.name.text.clone();
            self.apply_step(cx, |text| engine::edit::rotations::add_rotated_copies(text, ast, &name));
        }
    }

    /// The sprite's size as two numbers to drag or type; a change rewrites
    /// the sprite keeping its bottom-left corner (where PuzzleScript Plus
    /// anchors a sprite larger than its cell), one undo step per drag.
    fn size_ui(&mut self, ui: &mut egui::Ui, cx: &mut PanelContext<'_>, ast: &Ast, obj: &ObjectDef) {
        let name = obj.name.text.clone();
        let (mut w, mut h) = (obj.sprite.iter().map(|r| r.len()).max().unwrap_or(0), obj.sprite.len());
        let grid = objects::sprite_grid(ast);
        let max = engine::syntax::ast::PixelRow::MAX;
        let tip = "Rows come and go at the top and columns at the right, so the bottom-left corner stays put \
                   (a sprite larger than its cell reaches up and right over its neighbours)";
        let mut began = false;
        let mut ended = false;
        let mut changed = false;
        ui.horizontal(|ui| {
            ui.label("Size:");
            for (value, label) in [(&mut w, "Sprite width"), (&mut h, "Sprite height")] {
                let r = ui.add(egui::DragValue::new(value).range(1..=max).speed(0.05)).on_hover_text(tip);
                r.widget_info(|| egui::WidgetInfo::labeled(egui::Role::SpinButton, true, label));
                began |= r.drag_started();
                ended |= r.drag_stopped();
                changed |= r.changed();
                if label == "Sprite width" {
                    ui.label("×");
                }
            }
            if (w, h) == grid {
                ui.weak("the size of the game's cells");
            } else {
                ui.weak(format!("cells are {}×{}", grid.0, grid.1));
                if ui.small_button("Fit the cell").on_hover_text("Resize the sprite to the game's cell size").clicked()
                {
                    (w, h) = grid;
                    changed = true;
                }
            }
        });
        if began && !cx.doc.in_stroke() {
            cx.doc.begin_stroke();
        }
        if changed {
            if cx.doc.in_stroke() {
                self.apply(cx, |text| objects::resize_sprite(text, ast, &name, w, h));
            } else {
                self.apply_step(cx, |text| objects::resize_sprite(text, ast, &name, w, h));
            }
        }
        if ended && cx.doc.in_stroke() {
            cx.doc.end_stroke();
        }
    }

    fn grid_event(&mut self, cx: &mut PanelContext<'_>, obj: &ObjectDef, ev: GridEvent) {
        let name = obj.name.text.clone();
        let (x, y) = match ev {
            GridEvent::End => {
                self.stroke = None;
                cx.doc.end_stroke();
                return;
            }
            GridEvent::Begin(x, y) => {
                cx.doc.begin_stroke();
                self.stroke = Some((sprite_pixels(&obj.sprite), (x, y)));
                (x, y)
            }
            GridEvent::Move(x, y) => (x, y),
        };
        let current = obj.sprite.get(y).and_then(|r| r.get(x)).copied().flatten();
        let color = if self.tool == Tool::Eraser { None } else { self.color };
        // Each edit is computed from the current text: an earlier edit this
        // frame changes it, so re-parse through the document.
        let fresh = cx.doc.shared_ast();
        match self.tool {
            Tool::Pencil | Tool::Eraser => {
                let now = objects::find(&fresh, &name).ok().and_then(|o| o.sprite.get(y)?.get(x).copied().flatten());
                if now != color {
                    self.apply(cx, |text| objects::set_pixel(text, &fresh, &name, x, y, color));
                }
            }
            Tool::Picker => self.color = current,
            Tool::Fill => {
                if matches!(ev, GridEvent::Begin(..)) {
                    let before = sprite_pixels(&obj.sprite);
                    let mut px = before.clone();
                    flood(&mut px, x, y, color);
                    if px != before {
                        self.apply(cx, |text| objects::set_sprite(text, &fresh, &name, &px));
                    }
                }
            }
            Tool::Line | Tool::Rectangle => {
                if let Some((base, start)) = &self.stroke {
                    let mut px = base.clone();
                    if self.tool == Tool::Line {
                        line(&mut px, *start, (x, y), color);
                    } else {
                        rect(&mut px, *start, (x, y), color);
                    }
                    let now = objects::find(&fresh, &name).map(|o| sprite_pixels(&o.sprite)).unwrap_or_default();
                    if px != now {
                        self.apply(cx, |text| objects::set_sprite(text, &fresh, &name, &px));
                    }
                }
            }
        }
    }

    fn palette_ui(
        &mut self,
        ui: &mut egui::Ui,
        cx: &mut PanelContext<'_>,
        ast: &Ast,
        obj: &ObjectDef,
        palette: &PaletteTable,
    ) {
        let name = obj.name.text.clone();
        ui.separator();
        ui.horizontal_wrapped(|ui| {
            ui.label("Colours:");
            if swatch(ui, None, self.color.is_none(), 22.0, "Transparent").on_hover_text("Transparent (.)").clicked() {
                self.color = None;
            }
            for (i, c) in obj.colors.iter().enumerate() {
                let idx = u8::try_from(i).ok();
                let label = format!("Colour {i}: {}", c.text);
                if swatch(ui, color_of(&c.text, palette), self.color == idx && idx.is_some(), 22.0, &label)
                    .on_hover_text(&label)
                    .clicked()
                {
                    self.color = idx;
                    if self.tool == Tool::Eraser {
                        self.tool = Tool::Pencil;
                    }
                }
            }
        });
        ui.horizontal(|ui| {
            ui.add(egui::TextEdit::singleline(&mut self.color_word).hint_text("red or #rrggbb").desired_width(110.0));
            let word = self.color_word.trim().to_owned();
            if let Some(c) = color_of(&word, palette) {
                swatch(ui, Some(c), false, 16.0, "Preview");
            }
            if ui
                .button("Add colour")
                .on_hover_text("Add the colour typed on the left to the object's colours")
                .clicked()
            {
                self.apply_step(cx, |text| objects::add_color(text, ast, &name, &word));
            }
            if let Some(i) = self.color {
                if ui
                    .button(format!("Set colour {i}"))
                    .on_hover_text("Change this colour to the one typed on the left")
                    .clicked()
                {
                    self.apply_step(cx, |text| objects::change_color(text, ast, &name, usize::from(i), &word));
                }
                if ui
                    .button(format!("Remove colour {i}"))
                    .on_hover_text("Remove this colour; pixels of it become transparent")
                    .clicked()
                {
                    self.apply_step(cx, |text| objects::remove_color(text, ast, &name, usize::from(i)));
                    self.color = Some(0);
                }
            }
        });
        ui.horizontal_wrapped(|ui| {
            ui.weak("Add:");
            for word in render::COLOR_NAMES {
                let label = format!("Add {word}");
                if swatch(ui, color_of(word, palette), false, 16.0, &label).on_hover_text(word).clicked() {
                    self.apply_step(cx, |text| objects::add_color(text, ast, &name, word));
                }
            }
        });
    }

    /// The selected object's name, with a Rename button that turns it into a
    /// field; Enter renames it everywhere it is written, Esc gives up.
    fn rename_ui(&mut self, ui: &mut egui::Ui, cx: &mut PanelContext<'_>, ast: &Ast, obj: &ObjectDef) {
        let shown = shown_name(cx.doc.text(), obj);
        ui.horizontal(|ui| {
            let Some(typed) = &mut self.renaming else {
                ui.strong(&shown);
                if ui.button("Rename").on_hover_text("Rename this object everywhere in the game").clicked() {
                    self.renaming = Some(shown.clone());
                    self.rename_focus = true;
                }
                return;
            };
            let label = ui.label("New name:");
            let field = ui
                .add(egui::TextEdit::singleline(typed).id_salt("rename_object").desired_width(140.0))
                .labelled_by(label.id);
            if std::mem::take(&mut self.rename_focus) {
                field.request_focus();
            }
            let enter = field.lost_focus() && ui.input(|i| i.key_pressed(egui::Key::Enter));
            let escape = ui.input(|i| i.key_pressed(egui::Key::Escape));
            let ok = ui.button("OK").clicked() || enter;
            if ui.button("Cancel").clicked() || escape {
                self.renaming = None;
                return;
            }
            if ok {
                let new = typed.trim().to_owned();
                if new == shown {
                    self.renaming = None;
                    return;
                }
                let edit = objects::rename_object(cx.doc.text(), ast, &obj.name.text, &new);
                let key = ast.name_key(&new);
                let worked = edit.is_ok();
                self.apply_step(cx, |_| edit);
                if worked {
                    self.selected = Some(key);
                    self.renaming = None;
                }
            }
        });
    }

    fn new_object_ui(&mut self, ui: &mut egui::Ui, cx: &mut PanelContext<'_>, ast: &Ast, palette: &PaletteTable) {
        ui.separator();
        ui.horizontal_wrapped(|ui| {
            let label = ui.label("New object:");
            ui.add(egui::TextEdit::singleline(&mut self.new_name).hint_text("Name").desired_width(100.0))
                .labelled_by(label.id);
            let layer_name = |i: usize| {
                ast.layers.get(i).map_or_else(
                    || "new layer".to_owned(),
                    |l| {
                        format!(
                            "layer {}: {}",
                            i + 1,
                            l.names.iter().map(|n| n.text.as_str()).collect::<Vec<_>>().join(", ")
                        )
                    },
                )
            };
            let shown = self.new_layer.map_or_else(|| "New layer".to_owned(), layer_name);
            egui::ComboBox::from_id_salt("new_object_layer").selected_text(shown).width(140.0).show_ui(ui, |ui| {
                ui.selectable_value(&mut self.new_layer, None, "New layer");
                for i in 0..ast.layers.len() {
                    ui.selectable_value(&mut self.new_layer, Some(i), layer_name(i));
                }
            });
            egui::ComboBox::from_id_salt("new_object_color").selected_text(self.new_color.clone()).width(80.0).show_ui(
                ui,
                |ui| {
                    for w in render::COLOR_NAMES {
                        ui.horizontal(|ui| {
                            swatch(ui, color_of(w, palette), false, 12.0, w);
                            ui.selectable_value(&mut self.new_color, w.to_owned(), w);
                        });
                    }
                },
            );
            if ui.button("Create").on_hover_text("Add the object, with a blank sprite, in the chosen layer").clicked() {
                let layer = self.new_layer.map_or(LayerChoice::New, LayerChoice::Existing);
                let (w, h) = objects::sprite_grid(ast);
                let sprite = vec![vec![None; w]; h];
                let name = self.new_name.trim().to_owned();
                // A game without OBJECTS or COLLISIONLAYERS gets them with the object.
                let wanted = [Section::Objects, Section::CollisionLayers];
                let color = self.new_color.clone();
                let edit = engine::edit::with_sections(cx.doc.text(), ast, &wanted, |t, a| {
                    objects::add_object(t, a, &name, &[color.as_str()], Some(&sprite), layer)
                });
                let key = ast.name_key(&name);
                let ok = edit.is_ok();
                self.apply_step(cx, |_| edit);
                if ok {
                    self.selected = Some(key);
                    self.color = Some(0);
                    self.tool = Tool::Pencil;
                    self.new_name.clear();
                }
            }
        });
    }
}

impl SpritesPanel {
    /// Import image…: make the picture at `path` the selected object's
    /// sprite, in its colours (see [`import`]), as one undo step. Returns
    /// what the status line says.
    ///
    /// # Errors
    /// No object is chosen, the picture cannot be read, or the object has
    /// no colour to draw it in; `{:#}` gives the whole reason.
    pub fn import_image(
        &mut self,
        doc: &mut crate::document::Document,
        path: &std::path::Path,
    ) -> anyhow::Result<String> {
        let name = self.selected.clone().context("Choose an object in the Sprites panel first")?;
        let picture = import::read(path)?;
        let ast = doc.shared_ast();
        let obj = objects::find(&ast, &name)?;
        let palette = game_palette(&ast);
        let colours: Vec<Option<[u8; 3]>> = obj
            .colors
            .iter()
            .map(|c| render::color(&c.text, palette).filter(|c| !c.is_transparent()).map(|c| [c.0[0], c.0[1], c.0[2]]))
            .collect();
        let (width, height) = if obj.sprite.is_empty() {
            objects::sprite_grid(&ast)
        } else {
            (obj.sprite.iter().map(|r| r.len()).max().unwrap_or(5), obj.sprite.len())
        };
        let shape = import::Shape {
            width: u32::try_from(width).unwrap_or(5),
            height: u32::try_from(height).unwrap_or(5),
            colours: if objects::reads_letter_pixels(&ast) { objects::MAX_COLORS } else { 10 },
        };
        let rows = import::sprite_of(&picture, &colours, shape)
            .with_context(|| format!("{name} has no colour to draw the picture in"))?;
        let edit = objects::set_sprite(doc.text(), &ast, &name, &rows)?;
        doc.begin_stroke();
        let changed = doc.apply_edit(&edit);
        doc.end_stroke();
        let file = path.file_name().map_or_else(|| path.display().to_string(), |n| n.to_string_lossy().into_owned());
        Ok(if changed {
            format!("Imported {file} as {name}'s sprite")
        } else {
            format!("{file} gives {name} the sprite it already has")
        })
    }
}

impl Panel for SpritesPanel {
    fn title(&self, _cx: &PanelContext<'_>) -> String {
        crate::panel_id::PanelId::Sprites.title().to_owned()
    }

    fn ui(&mut self, ui: &mut egui::Ui, cx: &mut PanelContext<'_>) {
        let ast = cx.doc.shared_ast();
        let palette = game_palette(&ast);
        if self.selected.as_deref().is_some_and(|n| objects::find(&ast, n).is_err()) {
            self.selected = None;
        }
        if self.selected.is_none() {
            self.selected = ast.objects.first().map(|o| o.name.text.to_string());
        }
        ui.horizontal_top(|ui| {
            ui.vertical(|ui| {
                ui.set_width(170.0);
                self.object_list(ui, cx.doc.text(), &ast, palette);
            });
            ui.separator();
            ui.vertical(|ui| {
                self.painter(ui, cx, &ast, palette);
                self.new_object_ui(ui, cx, &ast, palette);
                if let Some(m) = &self.message {
                    ui.colored_label(ui.visuals().warn_fg_color, m);
                }
            });
        });
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn px(rows: &[&str]) -> Pixels {
        rows.iter().map(|r| r.chars().map(|c| c.to_digit(10).map(|d| d as u8)).collect()).collect()
    }

    #[test]
    fn transforms_flood_line_and_rectangle() {
        let s = px(&["01...", ".....", ".....", ".....", "....2"]);
        assert_eq!(transform(&s, Transform::FlipH), px(&["...10", ".....", ".....", ".....", "2...."]));
        assert_eq!(transform(&s, Transform::FlipV), px(&["....2", ".....", ".....", ".....", "01..."]));
        assert_eq!(transform(&s, Transform::Rotate), px(&["....0", "....1", ".....", ".....", "2...."]));
        assert_eq!(transform(&s, Transform::Shift(1, 0)), px(&[".01..", ".....", ".....", ".....", "2...."]));
        assert_eq!(transform(&s, Transform::Shift(0, -1)), px(&[".....", ".....", ".....", "....2", "01..."]));
        let mut f = s.clone();
        flood(&mut f, 2, 2, Some(3));
        assert_eq!(f, px(&["01333", "33333", "33333", "33333", "33332"]));
        let mut l = px(&[".....", ".....", ".....", ".....", "....."]);
        line(&mut l, (0, 0), (4, 2), Some(1));
        assert_eq!(l, px(&["1....", ".11..", "...11", ".....", "....."]));
        let mut r = px(&[".....", ".....", ".....", ".....", "....."]);
        rect(&mut r, (3, 3), (1, 1), Some(0));
        assert_eq!(r, px(&[".....", ".000.", ".0.0.", ".000.", "....."]));
    }
}
