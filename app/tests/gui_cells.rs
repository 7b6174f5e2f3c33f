//! Cells that are not square (PuzzleScript Plus/Next's `sprite_size WxH`)
//! in the studio, driven through egui_kittest: the docked player draws
//! them W by H and a click lands on the cell under it, the level editor
//! paints the cell under the pointer, the sprite painter edits W x H
//! sprites, the debugger outlines and inspects the W x H cell under the
//! pointer.

use egui::PointerButton;
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable as _;
use engine::syntax::ast::LevelEntry;
use studio::app::Persisted;
use studio::layout::PanelId;
use studio::{Startup, StudioApp};

mod support;

/// Cells 7 pixels wide and 4 high. The player is white with red corners;
/// the wall a solid block; a click leaves a Mark, a green line along the
/// bottom of its cell. One level of 3 x 3 cells: 21 x 12 pixels.
const WIDE: &str = "title Wide cells
sprite_size 7x4
mouse_left Click

OBJECTS
Background
black

Player
white red
1000001
0000000
0000000
1000001

Wall
blue

Mark
green
.......
.......
.......
0000000

Click
yellow

LEGEND
. = Background
P = Player
# = Wall

SOUNDS

COLLISIONLAYERS
Background
Player, Wall
Mark
Click

RULES
[ Click ] -> [ Mark ]

WINCONDITIONS

LEVELS
P.#
...
...
";

/// The studio on the game (written in a fixed folder: its path shows in
/// snapshots' status line), with `panel` alone.
fn open(panel: PanelId, size: [f32; 2]) -> Harness<'static, StudioApp> {
    let dir = std::env::temp_dir().join("puzzlewright-gui-cells");
    std::fs::create_dir_all(&dir).expect("temp dir");
    let path = dir.join("wide.txt");
    std::fs::write(&path, WIDE).expect("write the game");
    let mut harness = support::harness(support::app(Startup::File(path), Persisted::default()), size, false);
    harness.state_mut().doc.finish_build();
    let errors: Vec<String> =
        harness.state().doc.diagnostics().iter().filter(|d| d.is_error()).map(|d| d.message.clone()).collect();
    assert!(errors.is_empty(), "{errors:?}");
    support::solo(&mut harness, panel);
    harness.run_steps(4);
    harness
}

/// Whether `rect` is `w` by `h` in shape (to half a point a side at its size).
fn shaped(rect: egui::Rect, w: f32, h: f32) -> bool {
    (rect.width() / w * h - rect.height()).abs() < 0.5 + rect.height() * 0.01
}

/// The object names in level cell (x, y) of the player's level.
fn objects(harness: &Harness<'_, StudioApp>, x: usize, y: usize) -> Vec<String> {
    let session = harness.state().panels.player.session().expect("a level");
    let names: Vec<String> = session.game().objects.iter().map(|o| o.name.to_lowercase()).collect();
    session.objects_at(x, y).into_iter().map(|id| names[id].clone()).filter(|n| n != "background").collect()
}

#[test]
fn the_player_draws_wxh_cells_and_a_click_lands_on_the_cell_under_it() {
    let mut harness = open(PanelId::Player, [600.0, 400.0]);
    harness.get_by_label("Start a new game").click();
    harness.run_steps(3);
    let board = harness.state().panels.player.board_rect().expect("the board is drawn");
    assert!(shaped(board, 21.0, 12.0), "3 x 3 cells of 7 x 4: {board:?}");
    // Picture pixel (15.5, 9.0): column 2 (x 14..21), row 2 (y 8..12).
    // Were the cells 7 pixels high it would be row 1.
    let scale = board.width() / 21.0;
    let at = board.min + egui::vec2(15.5, 9.0) * scale;
    support::press(&mut harness, at, PointerButton::Primary);
    support::release(&mut harness, at, PointerButton::Primary);
    harness.run_steps(3);
    assert_eq!(objects(&harness, 2, 2), ["mark"]);
    assert!(objects(&harness, 2, 1).is_empty(), "nothing in the cell above");
    support::snapshot(&mut harness, "player_wxh_cells");
}

#[test]
fn the_level_editor_paints_the_wxh_cell_under_the_pointer() {
    let mut harness = open(PanelId::Levels, [800.0, 640.0]);
    let i = harness.state_mut().doc.ast().levels.iter().position(|e| matches!(e, LevelEntry::Map(_))).expect("a map");
    harness.state_mut().panels.levels.select(i);
    harness.state_mut().panels.levels.set_brush(Some('#'));
    harness.run_steps(3);
    let canvas = harness.get_by_label("Level canvas").rect();
    assert!(shaped(canvas, 21.0, 12.0), "3 x 3 cells of 7 x 4: {canvas:?}");
    // The centre of cell (1, 2), 2.5 cells down: with square cells that
    // point would be in row 1.
    let (cw, ch) = (canvas.width() / 3.0, canvas.height() / 3.0);
    let at = canvas.min + egui::vec2(1.5 * cw, 2.5 * ch);
    support::press(&mut harness, at, PointerButton::Primary);
    support::release(&mut harness, at, PointerButton::Primary);
    harness.run_steps(3);
    let rows = match harness.state_mut().doc.ast().levels.get(i) {
        Some(LevelEntry::Map(m)) => m.rows.clone(),
        _ => Vec::new(),
    };
    let rows: Vec<String> = rows.iter().map(|r| r.iter().collect()).collect();
    assert_eq!(rows, ["p.#", "...", ".#."], "exactly cell (1, 2) painted (the tree keeps glyphs in lower case)");
    harness.state_mut().doc.finish_build();
    harness.run_steps(4);
    support::snapshot(&mut harness, "levels_wxh_cells");
}

#[test]
fn the_sprite_painter_edits_wxh_sprites() {
    let mut harness = open(PanelId::Sprites, [800.0, 640.0]);
    harness.get_by_label("Mark").click();
    harness.run_steps(3);
    harness.get_by_label("the size of the game's cells");
    // The 7 x 4 sprite, its pixels square: a grid 7 wide and 4 high.
    let grid = harness.get_by_label("Sprite grid").rect();
    assert!(shaped(grid, 7.0, 4.0), "{grid:?}");
    let side = grid.width() / 7.0;
    let pixel = |x: usize, y: usize| grid.min + egui::vec2((x as f32 + 0.5) * side, (y as f32 + 0.5) * side);
    harness.drag_at(pixel(6, 0));
    harness.run_steps(2);
    harness.drop_at(pixel(6, 0));
    harness.run_steps(3);
    let text = harness.state().doc.text().to_owned();
    assert!(text.contains("Mark\ngreen\n......0\n.......\n.......\n0000000\n"), "{text}");
    // A single-colour object is given a sprite of the cells' size.
    harness.get_by_label("Wall").click();
    harness.run_steps(3);
    harness.get_by_label("Give it a sprite").click();
    harness.run_steps(3);
    harness.get_by_label("the size of the game's cells");
    let text = harness.state().doc.text().to_owned();
    assert!(text.contains(&format!("Wall\nblue{}\n", "\n0000000".repeat(4))), "{text}");
}

/// The player beside the debugger, past the title screen (so the debugger
/// records the level from its load).
fn with_debugger() -> Harness<'static, StudioApp> {
    let mut harness = open(PanelId::Player, [1400.0, 800.0]);
    let mut tiles = egui_tiles::Tiles::default();
    let panes = vec![tiles.insert_pane(PanelId::Player), tiles.insert_pane(PanelId::Debugger)];
    let root = tiles.insert_horizontal_tile(panes);
    harness.state_mut().tree = egui_tiles::Tree::new(egui::Id::unique("cells_debugger"), root, tiles);
    harness.run_steps(4);
    harness.get_by_label("Start a new game").click();
    harness.run_steps(4);
    harness
}

/// The debugger's overlays take the cells' own width and height: the
/// changed cell's outline is drawn around that cell (7 x 4 in shape), and
/// the pointer over the board names the cell under it. With square cells
/// the outline of cell (2, 2) would fall below the board and the pointer
/// 2.5 cells down would be in row 1.
#[test]
fn the_debuggers_outline_and_hover_land_on_wxh_cells() {
    let mut harness = with_debugger();
    let player = harness.state().panels.player.board_rect().expect("the board is drawn");
    let at = player.min + egui::vec2(15.5, 9.0) * (player.width() / 21.0);
    support::press(&mut harness, at, PointerButton::Primary);
    support::release(&mut harness, at, PointerButton::Primary);
    harness.run_steps(3);
    assert_eq!(objects(&harness, 2, 2), ["mark"]);
    harness.get_by_label_contains("press 2 2: 1 rules").click();
    harness.run_steps(2);
    harness.get_by_label_contains("turn mouse").click();
    harness.run_steps(3);
    // Event >: the rule that made the click a mark changed cell (2, 2).
    harness.get_by_label("Event >").click();
    harness.run_steps(3);
    let clicked = 2 * 3 + 2; // x * height + y
    let drawn = harness.state().panels.debugger.drawn.clone();
    assert_eq!(drawn.changed, [clicked], "the rule's cell is outlined");
    let board = drawn.board.expect("the debugger's board");
    assert!(shaped(board, 21.0, 12.0), "3 x 3 cells of 7 x 4: {board:?}");
    for layer in &drawn.layers {
        assert!(shaped(*layer, 21.0, 12.0), "a layer's board: {layer:?}");
    }
    let (cw, ch) = (board.width() / 3.0, board.height() / 3.0);
    assert!(cw > ch * 1.5, "wide cells: {cw} x {ch}");
    // The pointer in the middle of cell (1, 2).
    harness.event(egui::Event::PointerMoved(board.min + egui::vec2(1.5 * cw, 2.5 * ch)));
    // Past egui's tooltip delay (half a second; a step is 1/60 s).
    harness.run_steps(40);
    assert_eq!(harness.state().panels.debugger.hovered, Some(3 + 2), "cell (1, 2) is under the pointer");
    harness.get_by_label_contains("Cell (1, 2)");
    // Away from the board, so the inspector covers nothing, then pixels.
    harness.event(egui::Event::PointerMoved(egui::pos2(1.0, 1.0)));
    harness.run_steps(3);
    match harness.render() {
        Ok(image) => {
            let scale = harness.ctx.pixels_per_point();
            let px = |x: f32, y: f32| {
                let p = board.min + egui::vec2(x, y);
                image.get_pixel((p.x * scale) as u32, (p.y * scale) as u32).0
            };
            let outline = |p: [u8; 4]| p[0] > 230 && p[1] > 230 && p[2] < 40;
            // Cell (2, 2) is x 2cw..3cw, y 2ch..3ch; its outline is 2 points
            // wide inside it.
            let edges = [
                ("top", px(2.5 * cw, 2.0 * ch + 1.0)),
                ("left", px(2.0 * cw + 1.0, 2.5 * ch)),
                ("right", px(3.0 * cw - 1.0, 2.5 * ch)),
                ("bottom", px(2.5 * cw, 3.0 * ch - 1.0)),
            ];
            for (edge, p) in edges {
                assert!(outline(p), "the outline's {edge} edge: {p:?}");
            }
            assert!(!outline(px(2.5 * cw, 2.5 * ch)), "inside the cell is the picture: {:?}", px(2.5 * cw, 2.5 * ch));
            assert!(!outline(px(2.5 * cw, ch + 1.0)), "no outline on cell (2, 1): {:?}", px(2.5 * cw, ch + 1.0));
            assert!(!outline(px(1.0 * cw - 1.0, 2.5 * ch)), "no outline on cell (0, 2)");
            let path = std::env::temp_dir().join("puzzlewright-gui-cells-debugger.png");
            let _ = image.save(&path);
        }
        Err(err) if support::rendering_required() => panic!("cannot render headless: {err}"),
        Err(err) => eprintln!("skipping the debugger's pixels: {err}"),
    }
}
