//! The docked player of a game that listens to the mouse (PuzzleScript
//! Plus's `mouse_left`, `mouse_drag`, `mouse_right`), driven through
//! egui_kittest: presses, drags and right clicks land on the level cell
//! under the pointer, through the `flickscreen` camera, and the board
//! draws what they made.

use egui::PointerButton;
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable as _;
use studio::app::Persisted;
use studio::layout::PanelId;
use studio::{Startup, StudioApp};

mod support;

/// A left click leaves a red Mark, a drag a blue Trail, a right click
/// takes a Mark away. The level is 6 x 2 seen through `flickscreen 3x2`:
/// the player stands in column 4, so the screen shows columns 3 to 5.
const CLICKS: &str = "title Clicks
flickscreen 3x2
mouse_left Click
mouse_drag Drag
mouse_right RClick

========
OBJECTS
========
Background
black
Player
white
Mark
red
Trail
blue
Click
red
Drag
red
RClick
red

=======
LEGEND
=======
. = Background
P = Player

=======
SOUNDS
=======

================
COLLISIONLAYERS
================
Background
Player
Mark, Trail
Click, Drag, RClick

======
RULES
======
[ Click ] -> [ Mark ]
[ Drag ] -> [ Trail ]
[ RClick Mark ] -> [ ]
[ RClick ] -> [ ]

==============
WINCONDITIONS
==============

=======
LEVELS
=======
....P.
......
";

/// The player alone on the game, past its title screen.
fn playing() -> Harness<'static, StudioApp> {
    // A fixed folder: the status bar shows the path in the snapshot.
    let dir = std::env::temp_dir().join("puzzlewright-gui-mouse");
    std::fs::create_dir_all(&dir).expect("temp dir");
    let path = dir.join("clicks.txt");
    std::fs::write(&path, CLICKS).expect("write the game");
    let mut harness = support::harness(support::app(Startup::File(path), Persisted::default()), [600.0, 400.0], false);
    harness.state_mut().doc.finish_build();
    support::solo(&mut harness, PanelId::Player);
    harness.run_steps(4);
    // The title screen's only choice starts the game.
    harness.get_by_label("Start a new game").click();
    harness.run_steps(3);
    assert!(!harness.state().panels.player.on_title());
    harness
}

/// The centre of screen cell (column, row) of the board as drawn (3 x 2
/// cells on screen).
fn cell(harness: &Harness<'_, StudioApp>, x: usize, y: usize) -> egui::Pos2 {
    let board = harness.state().panels.player.board_rect().expect("the board is drawn");
    egui::pos2(
        board.min.x + (x as f32 + 0.5) * board.width() / 3.0,
        board.min.y + (y as f32 + 0.5) * board.height() / 2.0,
    )
}

/// The object names in level cell (x, y) besides the background.
fn objects(harness: &Harness<'_, StudioApp>, x: usize, y: usize) -> Vec<String> {
    let session = harness.state().panels.player.session().expect("a level");
    let names: Vec<String> = session.game().objects.iter().map(|o| o.name.to_lowercase()).collect();
    session.objects_at(x, y).into_iter().map(|id| names[id].clone()).filter(|n| n != "background").collect()
}

fn click(harness: &mut Harness<'_, StudioApp>, at: egui::Pos2, button: PointerButton) {
    support::press(harness, at, button);
    support::release(harness, at, button);
}

#[test]
fn clicks_and_drags_land_on_the_cell_under_the_pointer_through_the_camera() {
    let mut harness = playing();
    // Screen column 0 is level column 3 (the flickscreen's second screen).
    let (top_left, bottom_left, bottom_right) = (cell(&harness, 0, 0), cell(&harness, 0, 1), cell(&harness, 2, 1));
    click(&mut harness, top_left, PointerButton::Primary);
    assert_eq!(objects(&harness, 3, 0), ["mark"]);
    assert!(objects(&harness, 0, 0).is_empty(), "not the level's own first column");

    // Press on screen (0, 1), drag to (2, 1): a trail in the two cells entered.
    support::press(&mut harness, bottom_left, PointerButton::Primary);
    harness.event(egui::Event::PointerMoved(bottom_right));
    harness.run_steps(1);
    support::release(&mut harness, bottom_right, PointerButton::Primary);
    assert_eq!(objects(&harness, 3, 1), ["mark"]);
    assert_eq!(objects(&harness, 4, 1), ["trail"]);
    assert_eq!(objects(&harness, 5, 1), ["trail"]);

    // A right click takes the first mark away; a click under the board (on
    // the key hint) does nothing.
    click(&mut harness, top_left, PointerButton::Secondary);
    assert!(objects(&harness, 3, 0).is_empty());
    let board = harness.state().panels.player.board_rect().expect("drawn");
    click(&mut harness, egui::pos2(board.center().x, board.max.y + 4.0), PointerButton::Primary);
    let dump = harness.state().panels.player.dump().unwrap_or_default();

    // Undo takes the right click back, one turn.
    harness.get_by_label("Undo").click();
    harness.run_steps(2);
    assert_eq!(objects(&harness, 3, 0), ["mark"], "undo took the right click back");
    assert_ne!(harness.state().panels.player.dump().unwrap_or_default(), dump);

    // What the board draws: red where the mark is, blue along the trail,
    // white for the player, black elsewhere.
    match harness.render() {
        Ok(image) => {
            let at = |x: usize, y: usize| {
                let p = cell(&harness, x, y);
                let scale = harness.ctx.pixels_per_point();
                image.get_pixel((p.x * scale) as u32, (p.y * scale) as u32).0
            };
            let red = |p: [u8; 4]| p[0] > 150 && p[1] < 90 && p[2] < 90;
            let blue = |p: [u8; 4]| p[2] > 150 && p[0] < 120;
            let white = |p: [u8; 4]| p[0] > 200 && p[1] > 200 && p[2] > 200;
            let black = |p: [u8; 4]| p[0] < 40 && p[1] < 40 && p[2] < 40;
            assert!(red(at(0, 0)), "mark at screen (0, 0): {:?}", at(0, 0));
            assert!(red(at(0, 1)), "mark at screen (0, 1): {:?}", at(0, 1));
            assert!(blue(at(1, 1)) && blue(at(2, 1)), "trail: {:?} {:?}", at(1, 1), at(2, 1));
            assert!(white(at(1, 0)), "the player: {:?}", at(1, 0));
            assert!(black(at(2, 0)), "nothing at screen (2, 0): {:?}", at(2, 0));
        }
        Err(err) if support::rendering_required() => panic!("cannot render headless: {err}"),
        Err(err) => eprintln!("skipping the board's pixels: {err}"),
    }
    support::snapshot(&mut harness, "player_mouse_clicks");
}

#[test]
fn the_hint_says_to_click_in_a_mouse_game() {
    let harness = playing();
    let hint = harness.state().panels.player.hint_rect().expect("the hint is drawn");
    assert!(hint.width() > 0.0);
    assert!(harness.query_by_label_contains("Click").is_some(), "the key hint speaks of clicks");
}

/// The native export's window is the same player: a click and a drag play
/// there too, and the board draws them.
#[test]
fn the_exported_game_window_plays_by_the_mouse() {
    let app = studio::standalone::StandaloneApp::new(
        CLICKS.to_owned(),
        std::collections::BTreeMap::new(),
        &std::collections::BTreeMap::new(),
        None,
    );
    let mut h = Harness::builder()
        .with_size([480.0, 360.0])
        .build_ui_state(|ui, app: &mut studio::standalone::StandaloneApp| app.ui_root(ui), app);
    h.run_steps(3);
    h.key_press(egui::Key::X);
    h.run_steps(3);
    assert!(h.state().player().session().is_some(), "X started the game");
    let board = h.state().player().board_rect().expect("the board is drawn");
    let at = |x: f32, y: f32| {
        egui::pos2(board.min.x + (x + 0.5) * board.width() / 3.0, board.min.y + (y + 0.5) * board.height() / 2.0)
    };
    let (top_right, bottom_left, bottom_right) = (at(2.0, 0.0), at(0.0, 1.0), at(2.0, 1.0));
    h.event(egui::Event::PointerMoved(top_right));
    h.event(egui::Event::PointerButton {
        pos: top_right,
        button: PointerButton::Primary,
        pressed: true,
        modifiers: egui::Modifiers::NONE,
    });
    h.event(egui::Event::PointerButton {
        pos: top_right,
        button: PointerButton::Primary,
        pressed: false,
        modifiers: egui::Modifiers::NONE,
    });
    h.run_steps(2);
    let button = |pressed| egui::Event::PointerButton {
        pos: bottom_left,
        button: PointerButton::Primary,
        pressed,
        modifiers: egui::Modifiers::NONE,
    };
    h.event(egui::Event::PointerMoved(bottom_left));
    h.event(button(true));
    h.run_steps(1);
    h.event(egui::Event::PointerMoved(bottom_right));
    h.run_steps(1);
    h.event(egui::Event::PointerButton {
        pos: bottom_right,
        button: PointerButton::Primary,
        pressed: false,
        modifiers: egui::Modifiers::NONE,
    });
    h.run_steps(2);
    let session = h.state().player().session().expect("a level");
    let names: Vec<String> = session.game().objects.iter().map(|o| o.name.to_lowercase()).collect();
    let at_cell = |x: usize, y: usize| -> Vec<&str> {
        session.objects_at(x, y).into_iter().map(|id| names[id].as_str()).filter(|n| *n != "background").collect()
    };
    assert_eq!(at_cell(5, 0), ["mark"], "the click on screen (2, 0) is level (5, 0)");
    assert_eq!((at_cell(3, 1), at_cell(4, 1), at_cell(5, 1)), (vec!["mark"], vec!["trail"], vec!["trail"]));
    match h.render() {
        Ok(image) => {
            let scale = h.ctx.pixels_per_point();
            // Up and left of the centre: the pointer is drawn from there down.
            let px = |p: egui::Pos2| image.get_pixel(((p.x - 10.0) * scale) as u32, ((p.y - 10.0) * scale) as u32).0;
            assert!(px(top_right)[0] > 150 && px(top_right)[2] < 90, "a red mark drawn: {:?}", px(top_right));
            assert!(px(bottom_right)[2] > 150 && px(bottom_right)[0] < 120, "a blue trail: {:?}", px(bottom_right));
        }
        Err(err) if support::rendering_required() => panic!("cannot render headless: {err}"),
        Err(err) => eprintln!("skipping the window's pixels: {err}"),
    }
}
