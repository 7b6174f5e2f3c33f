//! The outline panel: a map of a long game. Its sections, PuzzleScript
//! Next's tags and mappings, its objects with their sprites, its rules and
//! its levels with small pictures, each a click away from its place in the
//! code; and, after Shift+F12, every use of a name.
//!
//! Reads the document's parse (and, for level pictures, its last good
//! build); changes nothing but where the code panel looks.

use std::collections::BTreeMap;
use std::sync::Arc;

use engine::span::Span;
use engine::syntax::ast::{Ast, LevelEntry, RuleLineKind, Section};

use super::{Panel, PanelContext};

/// The uses of one name, as found by Shift+F12.
#[derive(Debug, Clone)]
pub struct Uses {
    /// The name (lower case).
    pub name: String,
    /// Where it is written, in text order.
    pub spans: Vec<Span>,
}

/// The outline.
#[derive(Default)]
pub struct OutlinePanel {
    /// The last "find uses" answer, shown at the top until closed.
    pub uses: Option<Uses>,
    /// Object sprites by name, for the document revision they were drawn at.
    sprites: Option<(u64, BTreeMap<String, egui::TextureHandle>)>,
    /// Level pictures by LEVELS index, for the build (by pointer) they show.
    levels: Option<(usize, BTreeMap<usize, egui::TextureHandle>)>,
    /// The uses last shown (name, first span), to scroll up to new ones.
    uses_shown: Option<(String, Option<usize>)>,
}

/// Level pictures made per frame at most (the rest follow).
const LEVELS_PER_FRAME: usize = 4;
/// Cells beyond which a level is not pictured.
const MAX_PICTURED_CELLS: usize = 64 * 64;

/// A picture of LEVELS entry `index` of `game` as it starts (after any
/// `run_rules_on_level_start` turn, hence a session). The one place the
/// outline draws a level.
fn level_picture(
    game: &Arc<engine::compile::Game>,
    look: &engine::render::Look,
    index: usize,
) -> Option<egui::ColorImage> {
    let engine::compile::levels::Level::Map(grid) = game.levels.get(index)? else { return None };
    if grid.width * grid.height > MAX_PICTURED_CELLS {
        return None;
    }
    let session = engine::run::Session::new(game.clone(), index, None);
    let board = session.board_grid()?;
    let frame = engine::render::grid_frame(look, game, &board, engine::render::View::whole(&board));
    let pixels: Vec<egui::Color32> =
        frame.pixels.iter().map(|p| egui::Color32::from_rgb(p.0[0], p.0[1], p.0[2])).collect();
    (frame.width > 0 && frame.height > 0).then(|| egui::ColorImage::new([frame.width, frame.height], pixels))
}

/// The picture of an object's sprite in its colours.
fn sprite_picture(obj: &engine::syntax::ast::ObjectDef, palette: &engine::render::PaletteTable) -> egui::ColorImage {
    let colors: Vec<engine::render::Rgba> = obj
        .colors
        .iter()
        .map(|c| engine::render::color(&c.text, palette).unwrap_or(engine::render::Rgba::TRANSPARENT))
        .collect();
    let image = engine::render::sprite_image(&obj.sprite, &colors);
    let pixels =
        image.pixels.iter().map(|p| egui::Color32::from_rgba_unmultiplied(p.0[0], p.0[1], p.0[2], p.0[3])).collect();
    egui::ColorImage::new([image.size, image.size], pixels)
}

/// The palette the game names (or the default).
fn palette_of(ast: &Ast) -> &'static engine::render::PaletteTable {
    ast.prelude
        .iter()
        .find(|o| o.key.text == "color_palette")
        .and_then(|o| o.value.as_deref())
        .and_then(engine::render::palette)
        .unwrap_or(engine::render::DEFAULT_PALETTE)
}

/// One clickable entry: `text` (with the line number), jumping to `span`.
fn entry(ui: &mut egui::Ui, text: &str, span: Span, jump: &mut Option<Span>) {
    let label = egui::RichText::new(text).monospace();
    let response = ui
        .add(egui::Button::new(label).frame(false).wrap_mode(egui::TextWrapMode::Truncate))
        .on_hover_text(format!("Line {}: show it in the code", span.line));
    if response.clicked() {
        *jump = Some(span);
    }
}

impl OutlinePanel {
    /// How many level pictures are made for the current build.
    #[must_use]
    pub fn level_pictures(&self) -> usize {
        self.levels.as_ref().map_or(0, |(_, m)| m.len())
    }

    fn ensure_sprites(&mut self, ctx: &egui::Context, ast: &Ast, revision: u64) {
        if self.sprites.as_ref().is_some_and(|(r, _)| *r == revision) {
            return;
        }
        let palette = palette_of(ast);
        let map = ast
            .objects
            .iter()
            .map(|o| {
                let texture = ctx.load_texture(
                    format!("outline_sprite_{}", o.name.text),
                    sprite_picture(o, palette),
                    egui::TextureOptions::NEAREST,
                );
                (o.name.text.to_string(), texture)
            })
            .collect();
        self.sprites = Some((revision, map));
    }

    /// Level pictures of the current build, a few more each frame.
    fn ensure_levels(
        &mut self,
        ctx: &egui::Context,
        game: Option<&Arc<engine::compile::Game>>,
        look: Option<&engine::render::Look>,
    ) {
        let (Some(game), Some(look)) = (game, look) else { return };
        let key = Arc::as_ptr(game) as usize;
        if self.levels.as_ref().is_none_or(|(k, _)| *k != key) {
            self.levels = Some((key, BTreeMap::new()));
        }
        let Some((_, pictures)) = &mut self.levels else { return };
        let mut budget = LEVELS_PER_FRAME;
        for index in 0..game.levels.len() {
            if pictures.contains_key(&index) || !matches!(game.levels[index], engine::compile::levels::Level::Map(_)) {
                continue;
            }
            if budget == 0 {
                ctx.request_repaint();
                break;
            }
            budget -= 1;
            let image = level_picture(game, look, index)
                .unwrap_or_else(|| egui::ColorImage::filled([1, 1], egui::Color32::from_gray(60)));
            pictures.insert(
                index,
                ctx.load_texture(format!("outline_level_{index}"), image, egui::TextureOptions::NEAREST),
            );
        }
    }

    fn uses_ui(&mut self, ui: &mut egui::Ui, text: &str, jump: &mut Option<Span>) {
        let Some(uses) = &self.uses else { return };
        let mut close = false;
        ui.horizontal(|ui| {
            ui.strong(format!("Uses of {} ({})", uses.name, uses.spans.len()));
            close = ui.small_button("Close").on_hover_text("Close the list of uses").clicked();
        });
        for span in &uses.spans {
            let line = line_text(text, *span);
            entry(ui, &format!("{:>5}  {line}", span.line), *span, jump);
        }
        if uses.spans.is_empty() {
            ui.weak("Not written anywhere.");
        }
        ui.separator();
        if close {
            self.uses = None;
        }
    }
}

/// The line holding `span`, trimmed.
fn line_text(text: &str, span: Span) -> &str {
    let start = text.get(..span.start).and_then(|t| t.rfind('\n')).map_or(0, |i| i + 1);
    let end = text.get(span.start..).and_then(|t| t.find('\n')).map_or(text.len(), |i| span.start + i);
    text.get(start..end).unwrap_or("").trim()
}

/// PuzzleScript Next's tags and mappings, each a click away from its name
/// in the code (nothing for a game without them).
fn tags_ui(ui: &mut egui::Ui, ast: &Ast, text: &str, jump: &mut Option<Span>) {
    if !ast.tags.is_empty() {
        egui::CollapsingHeader::new(format!("Tags ({})", ast.tags.len()))
            .id_salt("outline_tags")
            .default_open(true)
            .show(ui, |ui| {
                for tag in &ast.tags {
                    let values: Vec<&str> = tag.values.iter().map(|v| v.span.text(text)).collect();
                    let shown = format!("{:>5}  {} = {}", tag.span.line, tag.name.span.text(text), values.join(" "));
                    entry(ui, &shown, tag.name.span, jump);
                }
            });
    }
    if !ast.mappings.is_empty() {
        egui::CollapsingHeader::new(format!("Mappings ({})", ast.mappings.len()))
            .id_salt("outline_mappings")
            .default_open(true)
            .show(ui, |ui| {
                for m in &ast.mappings {
                    let shown = format!("{:>5}  {} => {}", m.span.line, m.from.span.text(text), m.name.span.text(text));
                    entry(ui, &shown, m.name.span, jump);
                }
            });
    }
}

/// Where a LEVELS entry is written.
fn level_span(level: &LevelEntry) -> Span {
    match level {
        LevelEntry::Map(map) => map.span,
        LevelEntry::Message { span, .. } | LevelEntry::Goto { span, .. } => *span,
    }
}

/// PuzzleScript Plus/Next's `section NAME`, `level NAME` and `link OBJECT
/// NAME` lines of LEVELS (not entries of their own), as written, in text
/// order.
fn level_word_lines(ast: &Ast, text: &str) -> Vec<(Span, String)> {
    use engine::syntax::keywords::LevelWord;
    let mut out: Vec<(Span, String)> = Vec::new();
    for s in &ast.level_sections {
        out.push((s.span, format!("{} {}", LevelWord::Section.as_str(), s.name)));
    }
    for n in &ast.level_names {
        out.push((n.span, format!("{} {}", LevelWord::Level.as_str(), n.name)));
    }
    for l in &ast.level_links {
        out.push((l.span, format!("{} {} {}", LevelWord::Link.as_str(), l.object.span.text(text), l.target)));
    }
    out.sort_by_key(|(span, _)| span.start);
    out
}

fn section_name(section: Section) -> &'static str {
    match section {
        Section::Prelude => "Prelude",
        other => other.header(),
    }
}

impl Panel for OutlinePanel {
    fn title(&self, _cx: &PanelContext<'_>) -> String {
        crate::panel_id::PanelId::Outline.title().to_owned()
    }

    fn ui(&mut self, ui: &mut egui::Ui, cx: &mut PanelContext<'_>) {
        let ast = cx.doc.shared_ast();
        let revision = cx.doc.revision();
        let text = cx.doc.text();
        self.ensure_sprites(ui.ctx(), &ast, revision);
        let game = cx.doc.build().and_then(|b| b.game.clone());
        let look = game.as_ref().map(|g| engine::render::Look::new(g));
        self.ensure_levels(ui.ctx(), game.as_ref(), look.as_ref());
        let mut jump: Option<Span> = None;
        let mut scroll = egui::ScrollArea::vertical().id_salt("outline").auto_shrink([false, false]);
        // New uses are listed at the top: show them.
        let uses_now = self.uses.as_ref().map(|u| (u.name.clone(), u.spans.first().map(|s| s.start)));
        if uses_now.is_some() && uses_now != self.uses_shown {
            scroll = scroll.vertical_scroll_offset(0.0);
        }
        self.uses_shown = uses_now;
        scroll.show(ui, |ui| {
            self.uses_ui(ui, text, &mut jump);
            // The classic sections and PuzzleScript Next's TAGS and
            // MAPPINGS, in the order written.
            let mut sections: Vec<(&str, Span)> =
                ast.sections.iter().map(|(s, span)| (section_name(*s), *span)).collect();
            sections.extend(ast.tag_sections.iter().map(|(t, span)| (t.header(), *span)));
            sections.sort_by_key(|(_, span)| span.start);
            egui::CollapsingHeader::new(format!("Sections ({})", sections.len()))
                .id_salt("outline_sections")
                .default_open(true)
                .show(ui, |ui| {
                    for (name, span) in &sections {
                        entry(ui, &format!("{:>5}  {name}", span.line), *span, &mut jump);
                    }
                });
            tags_ui(ui, &ast, text, &mut jump);
            egui::CollapsingHeader::new(format!("Objects ({})", ast.objects.len()))
                .id_salt("outline_objects")
                .default_open(true)
                .show(ui, |ui| {
                    for obj in &ast.objects {
                        ui.horizontal(|ui| {
                            if let Some(t) = self.sprites.as_ref().and_then(|(_, m)| m.get(obj.name.text.as_str())) {
                                ui.add(egui::Image::new((t.id(), egui::vec2(16.0, 16.0))));
                            }
                            entry(ui, obj.name.span.text(text), obj.name.span, &mut jump);
                        });
                    }
                });
            let rule_lines = ast.rules.len();
            egui::CollapsingHeader::new(format!("Rules ({rule_lines})"))
                .id_salt("outline_rules")
                .default_open(rule_lines <= 60)
                .show(ui, |ui| {
                    for rule in &ast.rules {
                        let shown = match &rule.kind {
                            RuleLineKind::Rule(_)
                            | RuleLineKind::StartLoop
                            | RuleLineKind::EndLoop
                            | RuleLineKind::Subroutine(_) => rule.span.text(text).trim(),
                        };
                        entry(ui, &format!("{:>5}  {shown}", rule.span.line), rule.span, &mut jump);
                    }
                });
            egui::CollapsingHeader::new(format!("Levels ({})", ast.levels.len()))
                .id_salt("outline_levels")
                .default_open(true)
                .show(ui, |ui| {
                    // PuzzleScript Plus/Next's `section`, `level` and
                    // `link` lines, each shown where it is written.
                    let mut words = level_word_lines(&ast, text);
                    words.reverse();
                    let mut number = 0;
                    for (i, level) in ast.levels.iter().enumerate() {
                        let at = level_span(level).start;
                        while let Some((span, shown)) = words.pop_if(|(s, _)| s.start <= at) {
                            entry(ui, &format!("{:>5}  {shown}", span.line), span, &mut jump);
                        }
                        match level {
                            LevelEntry::Map(map) => {
                                number += 1;
                                ui.horizontal(|ui| {
                                    let picture = self.levels.as_ref().and_then(|(_, m)| m.get(&i));
                                    if let Some(t) = picture {
                                        let [w, h] = t.size();
                                        let scale = (64.0 / w.max(1) as f32).min(40.0 / h.max(1) as f32).min(2.0);
                                        let size = egui::vec2(w as f32 * scale, h as f32 * scale);
                                        let image =
                                            ui.add(egui::Image::new((t.id(), size)).sense(egui::Sense::click()));
                                        if image.on_hover_text(format!("Level {number}: show it in the code")).clicked()
                                        {
                                            jump = Some(map.span);
                                        }
                                    }
                                    let w = map.rows.iter().map(Vec::len).max().unwrap_or(0);
                                    entry(
                                        ui,
                                        &format!("{:>5}  Level {number} ({w}×{})", map.span.line, map.rows.len()),
                                        map.span,
                                        &mut jump,
                                    );
                                });
                            }
                            LevelEntry::Message { text: words, span } => {
                                entry(ui, &format!("{:>5}  message {words}", span.line), *span, &mut jump);
                            }
                            LevelEntry::Goto { target, span } => {
                                entry(ui, &format!("{:>5}  goto {target}", span.line), *span, &mut jump);
                            }
                        }
                    }
                    while let Some((span, shown)) = words.pop() {
                        entry(ui, &format!("{:>5}  {shown}", span.line), span, &mut jump);
                    }
                });
        });
        if let Some(span) = jump {
            cx.requests.select_in_code(span.start..span.end);
        }
    }
}
