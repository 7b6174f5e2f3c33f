//! The sprite painter driven with the mouse through egui_kittest.

use egui::accesskit::Role;
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable as _;
use studio::layout::PanelId;
use studio::{Startup, StudioApp};

mod support;

fn sprites_open(example: usize) -> Harness<'static, StudioApp> {
    let mut harness = support::studio(Startup::Example(example));
    studio::layout::focus(&mut harness.state_mut().tree, PanelId::Sprites);
    harness.run_steps(3);
    harness
}

fn select(harness: &mut Harness<'static, StudioApp>, object: &str) {
    harness.get_by_label(object).click();
    harness.run_steps(3);
}

/// The centre of pixel (x, y) of the 5x5 grid.
fn pixel(harness: &Harness<'static, StudioApp>, x: usize, y: usize) -> egui::Pos2 {
    let r = harness.get_by_label("Sprite grid").rect();
    let cell = r.width() / 5.0;
    egui::pos2(r.min.x + (x as f32 + 0.5) * cell, r.min.y + (y as f32 + 0.5) * cell)
}

/// The text of the object block starting with `name` on its own line.
fn block<'a>(text: &'a str, name: &str) -> &'a str {
    let start = text.find(&format!("\n{name}\n")).map_or(0, |i| i + 1);
    let end = text[start..].find("\n\n").map_or(text.len(), |i| start + i);
    &text[start..end]
}

#[test]
fn a_drag_paints_a_row_and_undoes_as_one_step() {
    let mut harness = sprites_open(0);
    let before = harness.state().doc.text().to_owned();
    select(&mut harness, "Soil");
    assert_eq!(block(&before, "Soil"), "Soil\nBrown DarkBrown\n.....\n.010.\n.101.\n.010.\n.....");

    // Drag the pencil (colour 0) across the top row.
    harness.drag_at(pixel(&harness, 0, 0));
    harness.run_steps(2);
    for x in 1..5 {
        harness.hover_at(pixel(&harness, x, 0));
        harness.run_steps(2);
    }
    harness.drop_at(pixel(&harness, 4, 0));
    harness.run_steps(3);
    let after = harness.state().doc.text().to_owned();
    assert_eq!(block(&after, "Soil"), "Soil\nBrown DarkBrown\n00000\n.010.\n.101.\n.010.\n.....");
    assert_eq!(after.len(), before.len(), "only pixel characters changed");

    // One Ctrl+Z takes the whole stroke back, byte for byte.
    harness.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::Z);
    harness.run_steps(3);
    assert_eq!(harness.state().doc.text(), before);
}

#[test]
fn eraser_and_hover_report() {
    let mut harness = sprites_open(0);
    select(&mut harness, "Soil");
    harness.get_by_label("Eraser").click();
    harness.run_steps(2);
    harness.drag_at(pixel(&harness, 2, 1));
    harness.run_steps(2);
    harness.drop_at(pixel(&harness, 2, 1));
    harness.run_steps(3);
    assert!(block(harness.state().doc.text(), "Soil").contains("\n.0.0.\n.101.\n"));
    harness.hover_at(pixel(&harness, 1, 2));
    harness.run_steps(3);
    harness.get_by_label("Pixel 1, 2: colour 1 (darkbrown)");
}

#[test]
fn adding_a_colour_from_the_palette_row() {
    let mut harness = sprites_open(0);
    select(&mut harness, "Soil");
    harness.get_by_label("Add red").click();
    harness.run_steps(3);
    assert!(block(harness.state().doc.text(), "Soil").starts_with("Soil\nBrown DarkBrown red\n"));
    harness.get_by_label("Colour 2: red");
}

#[test]
fn a_new_object_with_a_sprite_by_mouse() {
    let mut harness = sprites_open(0);
    // Click into the name box, type the name; the rest is mouse only.
    harness.get_by_role_and_label(Role::TextInput, "New object:").click();
    harness.run_steps(2);
    harness.get_by_role_and_label(Role::TextInput, "New object:").type_text("Lantern");
    harness.run_steps(2);
    let typed = harness.get_by_role_and_label(Role::TextInput, "New object:").value();
    assert_eq!(typed.as_deref(), Some("Lantern"));
    harness.get_by_label("Create").click();
    harness.run_steps(3);
    let text = harness.state().doc.text().to_owned();
    assert_eq!(block(&text, "Lantern"), "Lantern\nred\n.....\n.....\n.....\n.....\n.....");
    let layers = &text[text.find("COLLISIONLAYERS").unwrap_or(0)..text.find("RULES").unwrap_or(0)];
    assert!(layers.contains("\nLantern\n"), "in a new layer: {layers}");
    assert_eq!(harness.state().panels.sprites.selected.as_deref(), Some("lantern"));

    // Paint its middle pixel with one click.
    harness.get_by_label("Sprite grid").hover();
    harness.drag_at(pixel(&harness, 2, 2));
    harness.run_steps(2);
    harness.drop_at(pixel(&harness, 2, 2));
    harness.run_steps(3);
    assert_eq!(block(harness.state().doc.text(), "Lantern"), "Lantern\nred\n.....\n.....\n..0..\n.....\n.....");
    harness.state_mut().doc.finish_build();
    harness.run_steps(2);
    let errors: Vec<_> =
        harness.state().doc.diagnostics().iter().filter(|d| d.is_error()).map(|d| d.message.clone()).collect();
    assert!(errors.is_empty(), "{errors:?}");
}

#[test]
fn snapshot_sprites_painter() {
    let mut harness = sprites_open(0);
    select(&mut harness, "Gardener");
    harness.state_mut().doc.finish_build();
    harness.run_steps(3);
    support::snapshot(&mut harness, "sprites_painter");
}

#[test]
fn shift_button_is_one_undo_step() {
    let mut harness = sprites_open(0);
    let before = harness.state().doc.text().to_owned();
    select(&mut harness, "Soil");
    harness.get_by_label("Shift right").click();
    harness.run_steps(3);
    assert_eq!(block(harness.state().doc.text(), "Soil"), "Soil\nBrown DarkBrown\n.....\n..010\n..101\n..010\n.....");
    harness.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::Z);
    harness.run_steps(3);
    assert_eq!(harness.state().doc.text(), before);
}

#[test]
fn rename_an_object_everywhere_and_undo() {
    let mut harness = sprites_open(0);
    select(&mut harness, "Soil");
    let before = harness.state().doc.text().to_owned();
    let uses = before.matches("Soil").count();
    assert!(uses >= 2, "the example names Soil outside OBJECTS too");
    harness.get_by_label("Rename").click();
    harness.run_steps(2);
    harness.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::A);
    harness.run_steps(1);
    harness.get_by_role_and_label(Role::TextInput, "New name:").type_text("Loam");
    harness.run_steps(2);
    harness.get_by_label("OK").click();
    harness.run_steps(3);
    let after = harness.state().doc.text().to_owned();
    assert_eq!(after.matches("Soil").count(), 0, "{after}");
    assert_eq!(after.matches("Loam").count(), uses);
    assert_eq!(block(&after, "Loam"), "Loam\nBrown DarkBrown\n.....\n.010.\n.101.\n.010.\n.....");
    assert_eq!(harness.state().panels.sprites.selected.as_deref(), Some("loam"));

    // The rename is one undo step.
    harness.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::Z);
    harness.run_steps(3);
    assert_eq!(harness.state().doc.text(), before);
}

#[test]
fn a_rename_to_a_taken_name_says_why_and_changes_nothing() {
    let mut harness = sprites_open(0);
    select(&mut harness, "Soil");
    let before = harness.state().doc.text().to_owned();
    harness.get_by_label("Rename").click();
    harness.run_steps(2);
    harness.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::A);
    harness.run_steps(1);
    harness.get_by_role_and_label(Role::TextInput, "New name:").type_text("Player");
    harness.run_steps(2);
    harness.get_by_label("OK").click();
    harness.run_steps(3);
    assert_eq!(harness.state().doc.text(), before);
    let message = harness.state().panels.sprites.message().unwrap_or_default().to_owned();
    assert!(message.to_lowercase().contains("player"), "{message}");
}

/// Dialogs that answer every pick with one path (the desktop's dialog,
/// scripted).
struct PickOne(std::path::PathBuf, Option<studio::files::DialogKind>);

impl studio::files::Dialogs for PickOne {
    fn start(&mut self, kind: studio::files::DialogKind, _: &std::path::Path, _: &egui::Context) {
        self.1 = Some(kind);
    }

    fn poll(&mut self) -> Option<(studio::files::DialogKind, studio::files::DialogOutcome)> {
        self.1.take().map(|k| (k, studio::files::DialogOutcome::Picked(self.0.clone())))
    }
}

/// Import image…: a small PNG (made here) becomes Soil's sprite in Soil's
/// own colours (brown and dark brown), transparent pixels as `.`, in one
/// undo step.
#[test]
fn import_image_makes_the_sprite_and_undoes_in_one_step() {
    let dir = std::env::temp_dir().join(format!("puzzlewright-import-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let png = dir.join("soil.png");
    // 10x10, so each sprite cell is a 2x2 block: the top two rows of cells
    // near brown, a transparent band, then near dark brown.
    let picture = image::RgbaImage::from_fn(10, 10, |_, y| match y {
        0..4 => image::Rgba([180, 100, 40, 255]),
        4..6 => image::Rgba([0, 0, 0, 0]),
        _ => image::Rgba([90, 50, 20, 255]),
    });
    picture.save(&png).expect("write the png");

    let app = StudioApp::with_parts(
        Startup::Example(0),
        studio::app::Persisted::default(),
        Box::new(PickOne(png.clone(), None)),
        None,
    );
    let mut harness = support::harness(app, [1280.0, 800.0], false);
    studio::layout::focus(&mut harness.state_mut().tree, PanelId::Sprites);
    harness.run_steps(3);
    let before = harness.state().doc.text().to_owned();
    select(&mut harness, "Soil");
    harness.get_by_label("Import image…").click();
    harness.run_steps(4);
    let after = harness.state().doc.text().to_owned();
    assert_eq!(
        block(&after, "Soil"),
        "Soil\nBrown DarkBrown\n00000\n00000\n.....\n11111\n11111",
        "{}",
        harness.state().status
    );
    assert_eq!(after.len(), before.len(), "only the sprite's digits changed");
    assert!(harness.state().status.contains("soil.png"), "{}", harness.state().status);

    // One undo restores the text byte for byte.
    harness.state_mut().queue(studio::command::Command::Undo);
    harness.run_steps(3);
    assert_eq!(harness.state().doc.text(), before);
    let _ = std::fs::remove_dir_all(&dir);
}

/// A PuzzleScript Plus game with `sprite_size 8`: Hero's sprite is 8x8,
/// Crate's the classic 5x5, Wall a single colour.
const BIG: &str = "title Big sprites\nsprite_size 8\n\n\
OBJECTS\nBackground\nblack\n\n\
Hero\nred blue\n........\n........\n..0000..\n..0110..\n..0110..\n..0000..\n........\n........\n\n\
Crate\norange\n00000\n0...0\n0...0\n0...0\n00000\n\n\
Wall\ngray\n\n\
LEGEND\n. = Background\nP = Hero\nPlayer = Hero\nc = Crate\n# = Wall\n\nSOUNDS\n\n\
COLLISIONLAYERS\nBackground\nHero, Crate, Wall\n\n\
RULES\n[ > Player | Crate ] -> [ > Player | > Crate ]\n\n\
WINCONDITIONS\n\nLEVELS\n#####\n#P.c#\n#####\n";

fn big_open() -> (Harness<'static, StudioApp>, std::path::PathBuf) {
    // A fixed folder: its path shows in the snapshot's status line.
    let dir = std::env::temp_dir().join("puzzlewright-bigsprites");
    std::fs::create_dir_all(&dir).expect("temp dir");
    let path = dir.join("big.txt");
    std::fs::write(&path, BIG).expect("write the game");
    let mut harness = support::studio(Startup::File(path));
    studio::layout::focus(&mut harness.state_mut().tree, PanelId::Sprites);
    harness.run_steps(3);
    (harness, dir)
}

/// The centre of pixel (x, y) of a grid `n` pixels across.
fn pixel_of(harness: &Harness<'static, StudioApp>, n: usize, x: usize, y: usize) -> egui::Pos2 {
    let r = harness.get_by_label("Sprite grid").rect();
    let cell = r.width() / n as f32;
    egui::pos2(r.min.x + (x as f32 + 0.5) * cell, r.min.y + (y as f32 + 0.5) * cell)
}

#[test]
fn sprites_of_the_games_size_are_painted_resized_and_made() {
    let (mut harness, dir) = big_open();
    select(&mut harness, "Hero");
    // The painter shows all 8x8 pixels, square, and the bottom-right one paints.
    let r = harness.get_by_label("Sprite grid").rect();
    assert!((r.width() - r.height()).abs() < 0.5 && r.width() >= 8.0 * 4.0, "{r:?}");
    harness.drag_at(pixel_of(&harness, 8, 7, 7));
    harness.run_steps(2);
    harness.drop_at(pixel_of(&harness, 8, 7, 7));
    harness.run_steps(3);
    assert!(block(harness.state().doc.text(), "Hero").ends_with("\n........\n.......0"));
    harness.get_by_label("the size of the game's cells");

    // Crate is 5x5 in 8x8 cells: "Fit the cell" makes it 8x8 keeping its
    // bottom-left corner, as one undo step.
    select(&mut harness, "Crate");
    harness.get_by_label("cells are 8×8");
    let before = harness.state().doc.text().to_owned();
    harness.get_by_label("Fit the cell").click();
    harness.run_steps(3);
    assert_eq!(
        block(harness.state().doc.text(), "Crate"),
        "Crate\norange\n........\n........\n........\n00000...\n0...0...\n0...0...\n0...0...\n00000..."
    );
    harness.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::Z);
    harness.run_steps(3);
    assert_eq!(harness.state().doc.text(), before);

    // A single-colour object is given a sprite of the game's size.
    select(&mut harness, "Wall");
    harness.get_by_label("Give it a sprite").click();
    harness.run_steps(3);
    assert_eq!(block(harness.state().doc.text(), "Wall"), format!("Wall\ngray{}", "\n00000000".repeat(8)));

    // So is a new object.
    harness.get_by_role_and_label(Role::TextInput, "New object:").click();
    harness.run_steps(2);
    harness.get_by_role_and_label(Role::TextInput, "New object:").type_text("Gem");
    harness.run_steps(2);
    harness.get_by_label("Create").click();
    harness.run_steps(3);
    assert_eq!(block(harness.state().doc.text(), "Gem"), format!("Gem\nred{}", "\n........".repeat(8)));

    harness.state_mut().doc.finish_build();
    harness.run_steps(2);
    let errors: Vec<_> =
        harness.state().doc.diagnostics().iter().filter(|d| d.is_error()).map(|d| d.message.clone()).collect();
    assert!(errors.is_empty(), "{errors:?}");
    select(&mut harness, "Hero");
    support::snapshot(&mut harness, "sprites_painter_8x8");
    let _ = std::fs::remove_dir_all(&dir);
}

/// A PuzzleScript Next game of ours (it writes `//` comments) with an arrow
/// to turn.
const ARROWS: &str = "title Arrows\n// an arrow and its turns\n\n\
OBJECTS\nBackground\nblack\n\nArrow\nred yellow\n..0..\n.000.\n00100\n..0..\n..0..\n\nPlayer\nwhite\n\n\
LEGEND\n. = Background\nP = Player\na = Arrow\n\nSOUNDS\n\n\
COLLISIONLAYERS\nBackground\nPlayer, Arrow\n\nRULES\n\nWINCONDITIONS\n\nLEVELS\nPa.\n";

#[test]
fn make_rotated_copies_writes_transform_lines_as_one_undo_step() {
    // A fixed folder: its path shows in the snapshot's status line.
    let dir = std::env::temp_dir().join("puzzlewright-arrows");
    std::fs::create_dir_all(&dir).expect("temp dir");
    let path = dir.join("arrows.txt");
    std::fs::write(&path, ARROWS).expect("write the game");
    let mut harness = support::studio(Startup::File(path));
    studio::layout::focus(&mut harness.state_mut().tree, PanelId::Sprites);
    harness.run_steps(3);
    select(&mut harness, "Arrow");
    let before = harness.state().doc.text().to_owned();
    harness.get_by_label("Make rotated copies").click();
    harness.run_steps(3);
    let after = harness.state().doc.text().to_owned();
    assert!(
        after.contains(
            "..0..\n..0..\n\nArrowRight copy:Arrow rot:right\nred yellow\n\n\
             ArrowDown copy:Arrow rot:down\nred yellow\n\nArrowLeft copy:Arrow rot:left\nred yellow\n\nPlayer"
        ),
        "{after}"
    );
    assert!(after.contains("\nPlayer, Arrow, ArrowRight, ArrowDown, ArrowLeft\n"), "{after}");
    harness.state_mut().doc.finish_build();
    harness.run_steps(2);
    let errors: Vec<_> =
        harness.state().doc.diagnostics().iter().filter(|d| d.is_error()).map(|d| d.message.clone()).collect();
    assert!(errors.is_empty(), "{errors:?}");
    // The copy shows its turned sprite and where to paint it.
    select(&mut harness, "ArrowRight");
    harness.get_by_label("ArrowRight copies Arrow's sprite: paint Arrow to change it.");
    support::snapshot(&mut harness, "sprites_rotated_copies");
    // One Ctrl+Z takes the three objects back, byte for byte.
    harness.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::Z);
    harness.run_steps(3);
    assert_eq!(harness.state().doc.text(), before);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_classic_game_offers_no_rotated_copies() {
    let mut harness = sprites_open(0);
    select(&mut harness, "Soil");
    assert!(harness.query_by_label("Make rotated copies").is_none());
}
