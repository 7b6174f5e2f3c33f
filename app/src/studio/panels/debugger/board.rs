//! The board at the selected moment: drawn with the cells the event
//! changed outlined, pending movements as arrows (`r` for rigid), click
//! marks (PuzzleScript Next's `lclick`/`rclick`, left on a cell by a press
//! before the turn's rules) as rings, the cells that break a win condition
//! outlined in red, a cell inspector on hover; the win conditions; and the
//! layered view (one small board per collision layer, each with a switch
//! to show it in the player, its own click marks ringed too).

use engine::compile::{Game, LevelGrid};
use engine::run::Session;
use engine::run::trace::{BoardState, Trace, win_status};

use super::{DebuggerPanel, Link, only_layers};

/// Where the debugger's boards were last drawn (for tests).
#[derive(Default, Clone, Debug)]
pub struct Drawn {
    /// The board at the selected moment.
    pub board: Option<egui::Rect>,
    /// One per collision layer, in layer order.
    pub layers: Vec<egui::Rect>,
    /// The cells outlined as changed by the selected event.
    pub changed: Vec<usize>,
    /// The cells ringed for a click mark on the board (any layer), with
    /// their marks (1 `lclick`, 2 `rclick`, 3 both).
    pub clicks: Vec<(usize, u8)>,
}

/// The ring of an `lclick` mark.
pub const LCLICK_RING: egui::Color32 = egui::Color32::from_rgb(0x30, 0xd0, 0xff);
/// The ring of an `rclick` mark.
pub const RCLICK_RING: egui::Color32 = egui::Color32::from_rgb(0xff, 0x40, 0xe0);

/// Ring the cell `r` for its click `marks` (1 `lclick`, 2 `rclick`): a
/// ring in the cell's middle, the right button's inside the left's when a
/// cell has both. Its outer edge is at 0.4 of the cell from its centre.
fn click_ring(painter: &egui::Painter, r: egui::Rect, marks: u8) {
    // Round in a cell that is not square: sized by its shorter side.
    let side = r.width().min(r.height());
    let width = (side * 0.12).clamp(1.5, 4.0);
    let outer = side * 0.4 - width / 2.0;
    if marks & 1 != 0 {
        painter.circle_stroke(r.center(), outer, egui::Stroke::new(width, LCLICK_RING));
    }
    if marks & 2 != 0 {
        let radius = if marks & 1 != 0 { outer - width * 1.5 } else { outer };
        painter.circle_stroke(r.center(), radius.max(1.0), egui::Stroke::new(width, RCLICK_RING));
    }
}

/// A cell's click marks over every layer (1 `lclick`, 2 `rclick`).
fn clicks_in(board: &BoardState, layers: usize, x: usize, y: usize) -> u8 {
    (0..layers).fold(0, |m, layer| m | board.click_at(x, y, layer, layers))
}

fn color32(p: engine::render::Rgba) -> egui::Color32 {
    egui::Color32::from_rgb(p.0[0], p.0[1], p.0[2])
}

/// The grid of `board` (objects only).
fn grid_of(board: &BoardState) -> LevelGrid {
    LevelGrid { width: board.width, height: board.height, cells: board.objects.clone() }
}

/// A texture of `grid`, made again only when `stamp` changed.
fn texture(
    panel: &mut DebuggerPanel,
    ctx: &egui::Context,
    name: &str,
    stamp: u64,
    game: &Game,
    grid: &LevelGrid,
) -> Option<egui::TextureHandle> {
    if let Some((s, t)) = panel.textures.get(name)
        && *s == stamp
    {
        return Some(t.clone());
    }
    if grid.width == 0 || grid.height == 0 {
        return None;
    }
    let look = engine::render::Look::new(game);
    let cell = look.cell_within(8);
    let frame = engine::render::draw_grid(&look, game, grid, engine::render::View::whole(grid), cell);
    let pixels = frame.pixels.iter().map(|p| color32(*p)).collect();
    let image = egui::ColorImage::new([frame.width, frame.height], pixels);
    let t = ctx.load_texture(format!("debugger_{name}"), image, egui::TextureOptions::NEAREST);
    panel.textures.insert(name.to_owned(), (stamp, t.clone()));
    Some(t)
}

/// A stamp for a board's picture.
fn stamp_of(board: &BoardState, extra: u64) -> u64 {
    use std::hash::{Hash, Hasher};
    let mut h = std::collections::hash_map::DefaultHasher::new();
    board.width.hash(&mut h);
    board.objects.hash(&mut h);
    extra.hash(&mut h);
    h.finish()
}

/// The arrow of a movement bit set (1 up, 2 down, 4 left, 8 right, 16
/// action).
fn arrow(m: u8) -> &'static str {
    match m {
        1 => "^",
        2 => "v",
        4 => "<",
        8 => ">",
        16 => "*",
        _ => "?",
    }
}

/// Draw `board` in `rect`-sized space; returns the board's rect and the
/// cell size on screen (wider than high, or higher than wide, in a game
/// with `sprite_size WxH`).
fn draw_board(
    panel: &mut DebuggerPanel,
    ui: &mut egui::Ui,
    name: &str,
    game: &Game,
    grid: &LevelGrid,
    stamp: u64,
    max: egui::Vec2,
) -> Option<(egui::Rect, egui::Vec2, egui::Response)> {
    let t = texture(panel, ui.ctx(), name, stamp, game, grid)?;
    let size = t.size_vec2();
    let scale = (max.x / size.x).min(max.y / size.y).clamp(0.1, 4.0);
    let (rect, response) = ui.allocate_exact_size(size * scale, egui::Sense::hover());
    ui.painter().image(
        t.id(),
        rect,
        egui::Rect::from_min_max(egui::pos2(0.0, 0.0), egui::pos2(1.0, 1.0)),
        egui::Color32::WHITE,
    );
    let cell = egui::vec2(rect.width() / grid.width.max(1) as f32, rect.height() / grid.height.max(1) as f32);
    Some((rect, cell, response))
}

/// Cell `i` (x * height + y) of a board drawn in `rect` with cells `cell`.
fn cell_rect(rect: egui::Rect, cell: egui::Vec2, height: usize, i: usize) -> egui::Rect {
    let (x, y) = (i / height.max(1), i % height.max(1));
    egui::Rect::from_min_size(rect.min + egui::vec2(x as f32 * cell.x, y as f32 * cell.y), cell)
}

/// The board at the selected event, the win conditions there, and the
/// cell inspector, in at most `height` (the board gives up size first).
pub(super) fn moment(
    panel: &mut DebuggerPanel,
    ui: &mut egui::Ui,
    trace: &Trace,
    session: &Session,
    source: &str,
    height: f32,
) {
    let top = ui.cursor().min.y;
    let game = session.game().clone();
    let event = panel.selected.and_then(|s| trace.event(s));
    ui.strong(match event {
        Some(e) => format!("Board after event {}", e.seq),
        None => "Board".to_owned(),
    });
    let Some(board) = panel.cursor.as_ref().and_then(|c| c.board()).cloned() else {
        ui.label("No board at this moment.");
        return;
    };
    // A whole new board (a level load) outlines nothing.
    let changed = event
        .filter(|e| matches!(e.diff, engine::run::trace::Diff::Cells(_)))
        .map(|e| e.diff.cells())
        .unwrap_or_default();
    let wins = win_status(&game, &board);
    let grid = grid_of(&board);
    // Room for the win conditions under the board: a heading and two rows
    // each (a long one wraps).
    let row = ui.text_style_height(&egui::TextStyle::Body) + ui.spacing().item_spacing.y;
    let below = 4.0 + row * (1.0 + 2.0 * wins.len().max(1) as f32);
    let used = ui.cursor().min.y - top;
    let max = egui::vec2(ui.available_width(), (height - used - below).clamp(32.0, 260.0));
    let Some((rect, cell, response)) = draw_board(panel, ui, "moment", &game, &grid, stamp_of(&board, 0), max) else {
        return;
    };
    let painter = ui.painter_at(rect.expand(2.0));
    let h = board.height;
    for w in wins.iter().filter(|w| !w.holds) {
        for &i in &w.cells {
            painter.rect_stroke(
                cell_rect(rect, cell, h, i).shrink(1.0),
                0.0,
                egui::Stroke::new(2.0, egui::Color32::RED),
                egui::StrokeKind::Inside,
            );
        }
    }
    for &i in &changed {
        painter.rect_stroke(
            cell_rect(rect, cell, h, i),
            0.0,
            egui::Stroke::new(2.0, egui::Color32::YELLOW),
            egui::StrokeKind::Inside,
        );
    }
    let font = egui::FontId::monospace((cell.min_elem() * 0.45).clamp(8.0, 16.0));
    for i in 0..board.cells() {
        let (x, y) = (i / h.max(1), i % h.max(1));
        let mut marks = String::new();
        for layer in 0..game.layer_count {
            let m = board.movement_at(x, y, layer);
            if m != 0 {
                marks.push_str(arrow(m));
                if board.rigid_at(x, y, layer) {
                    marks.push('r');
                }
            }
        }
        if !marks.is_empty() {
            let r = cell_rect(rect, cell, h, i);
            painter.rect_filled(r.shrink2(cell * 0.2), 3.0, egui::Color32::from_black_alpha(150));
            painter.text(r.center(), egui::Align2::CENTER_CENTER, marks, font.clone(), egui::Color32::WHITE);
        }
    }
    let mut clicks = Vec::new();
    for i in 0..board.cells() {
        let marks = clicks_in(&board, game.layer_count, i / h.max(1), i % h.max(1));
        if marks != 0 {
            click_ring(&painter, cell_rect(rect, cell, h, i), marks);
            clicks.push((i, marks));
        }
    }
    panel.drawn.board = Some(rect);
    panel.drawn.changed = changed;
    panel.drawn.clicks = clicks;
    panel.hovered = response.hover_pos().map(|p| {
        let x = ((p.x - rect.min.x) / cell.x).floor().max(0.0) as usize;
        let y = ((p.y - rect.min.y) / cell.y).floor().max(0.0) as usize;
        x.min(board.width.saturating_sub(1)) * h + y.min(h.saturating_sub(1))
    });
    if let Some(i) = panel.hovered {
        response.on_hover_ui_at_pointer(|ui| inspector(ui, &game, &board, i));
    }
    ui.add_space(4.0);
    ui.strong("Win conditions");
    if wins.is_empty() {
        ui.label("None: the level is won only by a win command.");
    }
    for w in &wins {
        let (mark, colour) = if w.holds {
            ("holds", egui::Color32::from_rgb(0x60, 0xc0, 0x60))
        } else {
            ("fails", egui::Color32::from_rgb(0xe0, 0x60, 0x60))
        };
        let text = super::line_range(source, w.line).map_or("", |r| source[r].trim());
        let mut line = format!("{mark} line {}: {text}", w.line);
        if !w.cells.is_empty() {
            line.push_str(&format!(" ({}, outlined)", breaking_cells(w.cells.len())));
        }
        ui.colored_label(colour, line);
    }
}

/// What a cell holds, layer by layer, with its movements.
fn inspector(ui: &mut egui::Ui, game: &Game, board: &BoardState, i: usize) {
    let h = board.height.max(1);
    let (x, y) = (i / h, i % h);
    ui.strong(format!("Cell ({x}, {y})"));
    let ids = board.objects_at(x, y);
    for layer in 0..game.layer_count {
        let names: Vec<&str> = ids
            .iter()
            .filter(|&&id| game.objects.get(id).is_some_and(|o| o.layer == layer))
            .map(|&id| game.objects[id].name.as_str())
            .collect();
        let m = board.movement_at(x, y, layer);
        let clicked = board.click_at(x, y, layer, game.layer_count);
        if names.is_empty() && m == 0 && clicked == 0 {
            continue;
        }
        let mut line = format!("layer {layer}: {}", if names.is_empty() { "-".to_owned() } else { names.join(", ") });
        if m != 0 {
            line.push_str(&format!("  moving {}", arrow(m)));
            if board.rigid_at(x, y, layer) {
                line.push_str(" (rigid)");
            }
        }
        for (bit, word) in [(1, "lclick"), (2, "rclick")] {
            if clicked & bit != 0 {
                line.push_str(&format!("  {word}"));
            }
        }
        ui.label(line);
    }
}

/// One small board per collision layer at the selected moment, each with
/// a switch to show that layer in the player; the rows of boards fit in
/// `height`.
pub(super) fn layers(panel: &mut DebuggerPanel, ui: &mut egui::Ui, session: &Session, link: &mut Link, height: f32) {
    let game = session.game().clone();
    ui.strong("Layers")
        .on_hover_text("Each collision layer on its own; untick a layer to leave it out of the player's board");
    let Some(board) = panel.cursor.as_ref().and_then(|c| c.board()).cloned() else { return };
    let base = stamp_of(&board, 0);
    // As many boards on a row as fit at 110 px or more, their size shared
    // out over the rows that makes.
    let n = game.layer_count.max(1);
    let spacing = ui.spacing().item_spacing;
    let per_row = ((ui.available_width() + spacing.x) / (110.0 + spacing.x)).floor().clamp(1.0, n as f32);
    let rows = (n as f32 / per_row).ceil();
    let switch = ui.spacing().interact_size.y + spacing.y;
    let heading = ui.text_style_height(&egui::TextStyle::Body) + spacing.y;
    let each = egui::vec2(
        ((ui.available_width() + spacing.x) / per_row - spacing.x).min(140.0),
        ((height - heading) / rows - switch - spacing.y).clamp(24.0, 110.0),
    );
    let mut rects = Vec::new();
    let mut changed = false;
    ui.horizontal_wrapped(|ui| {
        for layer in 0..game.layer_count {
            let grid = only_layers(&game, grid_of(&board), |l| l == layer);
            ui.vertical(|ui| {
                let names: Vec<&str> =
                    game.objects.iter().filter(|o| o.layer == layer).map(|o| o.name.as_str()).collect();
                let mut label = names.join(", ");
                if label.chars().count() > 18 {
                    label = label.chars().take(17).collect::<String>() + "…";
                }
                let mut shown = !link.hidden_layers.contains(&layer);
                if ui.checkbox(&mut shown, format!("{layer}: {label}")).on_hover_text(names.join(", ")).changed() {
                    if shown {
                        link.hidden_layers.remove(&layer);
                    } else {
                        link.hidden_layers.insert(layer);
                    }
                    changed = true;
                }
                let name = format!("layer{layer}");
                if let Some((rect, cell, _)) =
                    draw_board(panel, ui, &name, &game, &grid, base ^ (layer as u64 + 1), each)
                {
                    let painter = ui.painter_at(rect);
                    let h = board.height.max(1);
                    for i in 0..board.cells() {
                        let marks = board.click_at(i / h, i % h, layer, game.layer_count);
                        if marks != 0 {
                            click_ring(&painter, cell_rect(rect, cell, h, i), marks);
                        }
                        let m = board.movement_at(i / h, i % h, layer);
                        if m != 0 {
                            let r = cell_rect(rect, cell, h, i);
                            painter.text(
                                r.center(),
                                egui::Align2::CENTER_CENTER,
                                arrow(m),
                                egui::FontId::monospace(cell.min_elem().clamp(8.0, 14.0)),
                                egui::Color32::WHITE,
                            );
                        }
                    }
                    rects.push(rect);
                }
            });
        }
    });
    if changed {
        link.version += 1;
    }
    panel.drawn.layers = rects;
}

/// "1 cell breaks it", "3 cells break it".
fn breaking_cells(n: usize) -> String {
    if n == 1 { "1 cell breaks it".to_owned() } else { format!("{n} cells break it") }
}

#[cfg(test)]
mod grammar_tests {
    #[test]
    fn one_cell_breaks_it_and_several_cells_break_it() {
        assert_eq!(super::breaking_cells(1), "1 cell breaks it");
        assert_eq!(super::breaking_cells(3), "3 cells break it");
    }
}
