//! The docked player of a game that listens to the mouse (PuzzleScript
//! Plus's `mouse_left`, `mouse_drag`, `mouse_right`), driven through
//! egui_kittest: presses, drags and right clicks land on the level cell
//! under the pointer, through the `flickscreen` camera, and the board
//! draws what they made.

use egui::PointerButton;
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable as _;
use engine::run::trace::EventKind;
use engine::run::{Button, Click, Gesture, Step};
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

/// The player beside the debugger pane, on the game past its title screen
/// (so the debugger records the level from its load).
fn playing_with_debugger() -> Harness<'static, StudioApp> {
    playing_with_debugger_on(CLICKS, "puzzlewright-gui-mouse-debugger")
}

/// [`playing_with_debugger`] on the game `text`, written in the temporary
/// folder `folder`.
fn playing_with_debugger_on(text: &str, folder: &str) -> Harness<'static, StudioApp> {
    let dir = std::env::temp_dir().join(folder);
    std::fs::create_dir_all(&dir).expect("temp dir");
    let path = dir.join("clicks.txt");
    std::fs::write(&path, text).expect("write the game");
    let mut harness = support::harness(support::app(Startup::File(path), Persisted::default()), [1400.0, 800.0], false);
    harness.state_mut().doc.finish_build();
    let mut tiles = egui_tiles::Tiles::default();
    let panes = vec![tiles.insert_pane(PanelId::Player), tiles.insert_pane(PanelId::Debugger)];
    let root = tiles.insert_horizontal_tile(panes);
    harness.state_mut().tree = egui_tiles::Tree::new(egui::Id::unique("mouse_debugger"), root, tiles);
    harness.run_steps(4);
    harness.get_by_label("Start a new game").click();
    harness.run_steps(4);
    harness
}

/// The names of the objects in level cell `i` (x * height + y) of a
/// recorded board, besides the background.
fn names_in(session: &engine::run::Session, board: &engine::run::trace::BoardState, i: usize) -> Vec<String> {
    let game = session.game();
    let words = game.obj_words.max(1);
    let cell = &board.objects[i * words..(i + 1) * words];
    game.objects
        .iter()
        .enumerate()
        .filter(|(id, _)| cell[id / 64] >> (id % 64) & 1 == 1)
        .map(|(_, o)| o.name.to_lowercase())
        .filter(|n| n != "background")
        .collect()
}

/// The selected event of the debugger, and the names of the objects in
/// level cell `i` on the board just after it.
fn selected_event(harness: &Harness<'_, StudioApp>, i: usize) -> (Option<EventKind>, Vec<String>) {
    let session = harness.state().panels.player.session().expect("a level");
    let trace = session.trace().expect("recorded");
    let seq = harness.state().panels.debugger.selected.expect("an event selected");
    let board = trace.board_at(seq).flatten().expect("a board at the event");
    (trace.event(seq).map(|e| e.kind.clone()), names_in(session, &board, i))
}

/// A click is a turn of the debugger's timeline like a key press: listed
/// by its event and cell, open to its events, and stepped through: the
/// turn starts with the click's object in its cell, the next event is the
/// rule that made it a mark.
#[test]
fn the_debugger_lists_and_steps_through_click_turns() {
    let mut harness = playing_with_debugger();
    let top_left = cell(&harness, 0, 0);
    click(&mut harness, top_left, PointerButton::Primary);
    harness.run_steps(3);
    assert_eq!(objects(&harness, 3, 0), ["mark"]);
    // The step is named by its event and level cell (screen column 0 is
    // level column 3), and its events are listed under it.
    harness.get_by_label_contains("press 3 0: 1 rules").click();
    harness.run_steps(2);
    harness.get_by_label_contains("turn mouse").click();
    harness.run_steps(3);
    let height = harness.state().panels.player.session().expect("a level").size().1;
    let clicked = 3 * height;
    let (kind, names) = selected_event(&harness, clicked);
    assert!(matches!(kind, Some(EventKind::TurnStart { mouse: true, .. })), "the click's turn start: {kind:?}");
    assert_eq!(names, ["click"], "the click's object is in its cell");
    assert_eq!(harness.state().panels.debugger.drawn.changed, [clicked], "the clicked cell is outlined");
    // Event >: the rule that turned the click into a mark.
    harness.get_by_label("Event >").click();
    harness.run_steps(3);
    let (kind, names) = selected_event(&harness, clicked);
    assert!(matches!(kind, Some(EventKind::Rule(_))), "{kind:?}");
    assert_eq!(names, ["mark"]);
    // A second click is the next turn, and a step of the session.
    let top_right = cell(&harness, 2, 0);
    click(&mut harness, top_right, PointerButton::Primary);
    harness.run_steps(3);
    harness.get_by_label_contains("press 5 0: 1 rules");
    let steps = &harness.state().panels.player.debug.steps;
    assert_eq!(steps, &[Step::Click(Click::press(3, 0)), Step::Click(Click::press(5, 0))]);
    // The releases (no mouse_up) played nothing and left no step.
    harness.get_by_label_contains("3 steps kept");
    // "< Turn" twice from the second click's last event: the first click's turn start.
    harness.get_by_label("< Turn").click();
    harness.run_steps(2);
    harness.get_by_label("< Turn").click();
    harness.run_steps(3);
    let (kind, names) = selected_event(&harness, clicked);
    assert!(matches!(kind, Some(EventKind::TurnStart { mouse: true, .. })), "{kind:?}");
    assert_eq!(names, ["click"]);
}

/// PuzzleScript Next's `mouse_clicks`: a left press marks the lamp
/// `lclick`, and the rule takes the lamp. The level is 3 x 2, all on
/// screen.
const RINGS: &str = "title Rings\nmouse_clicks\n\n\
    OBJECTS\nBackground\nblack\nPlayer\nwhite\nLamp\nyellow\n\n\
    LEGEND\n. = Background\nP = Player\nL = Lamp\n\nSOUNDS\n\n\
    COLLISIONLAYERS\nBackground\nPlayer, Lamp\n\n\
    RULES\n[ lclick Lamp ] -> [ ]\n\nWINCONDITIONS\n\nLEVELS\nP.L\n...\n";

/// The debugger draws a click mark (the `lclick` a press leaves on every
/// layer of its cell before the rules run) as a ring: on the board at the
/// click's turn start, on each marked layer's own board of the layered
/// view, and the inspector names it per layer. The rule that takes the
/// lamp clears the lamp layer's mark (its ring on that layer goes); the
/// background keeps its mark until the turn ends, so the board still rings
/// the cell.
#[test]
fn the_debugger_rings_the_cell_a_click_marked() {
    let mut harness = playing_with_debugger_on(RINGS, "puzzlewright-gui-mouse-rings");
    let lamp = cell(&harness, 2, 0);
    click(&mut harness, lamp, PointerButton::Primary);
    harness.run_steps(3);
    assert!(objects(&harness, 2, 0).is_empty(), "the click took the lamp");
    harness.get_by_label_contains("press 2 0: 1 rules").click();
    harness.run_steps(2);
    harness.get_by_label_contains("turn mouse").click();
    harness.run_steps(3);
    let clicked = 2 * 2; // level cell (2, 0): x * height + y
    let drawn = harness.state().panels.debugger.drawn.clone();
    assert_eq!(drawn.clicks, [(clicked, 1)], "the lamp's cell is ringed for lclick, and no other");
    let board = drawn.board.expect("the board is drawn");
    let (background_board, lamp_board) = (drawn.layers[0], drawn.layers[1]);
    // The inspector names the mark on each layer of the cell.
    let cell_side = board.width() / 3.0;
    harness.event(egui::Event::PointerMoved(board.min + egui::vec2(2.5, 0.5) * cell_side));
    // Past egui's tooltip delay (half a second; a step is 1/60 s).
    harness.run_steps(40);
    assert_eq!(harness.state().panels.debugger.hovered, Some(clicked));
    harness.get_by_label("Cell (2, 0)");
    harness.get_by_label("layer 0: background  lclick");
    harness.get_by_label("layer 1: lamp  lclick");
    harness.event(egui::Event::PointerMoved(egui::pos2(1.0, 1.0)));
    harness.run_steps(3);
    // The screen pixels on the row through the centre of cell (x, y) of a
    // board of 3 x 2 square cells, from 0.2 to 0.5 of a cell right of the
    // centre: the ring (its outer edge 0.4 of the cell out, its stroke 0.12
    // of a cell wide, 1.5 to 4 points) crosses them.
    let across = |rect: egui::Rect, x: f32, y: f32, scale: f32| {
        let cell = rect.width() / 3.0;
        let (cx, cy) = (rect.min.x + (x + 0.5) * cell, rect.min.y + (y + 0.5) * cell);
        let (from, to) = (((cx + 0.2 * cell) * scale) as u32, ((cx + 0.5 * cell) * scale) as u32);
        (from..to).map(move |px| (px, (cy * scale) as u32))
    };
    // The `lclick` ring's colour, (0x30, 0xd0, 0xff), where it covers a pixel.
    let ring = |p: [u8; 4]| p[2] > 180 && p[1] > 150 && p[0] < 120;
    match harness.render() {
        Ok(image) => {
            let _ = image.save(std::env::temp_dir().join("puzzlewright-gui-mouse-rings.png"));
            let scale = harness.ctx.pixels_per_point();
            let ringed = |rect: egui::Rect, x: f32, y: f32| {
                across(rect, x, y, scale).filter(|&(px, py)| ring(image.get_pixel(px, py).0)).count()
            };
            assert!(ringed(board, 2.0, 0.0) >= 2, "the ring on the board: {}", ringed(board, 2.0, 0.0));
            assert_eq!(ringed(board, 1.0, 0.0), 0, "no ring on an empty cell");
            assert_eq!(ringed(board, 0.0, 0.0), 0, "no ring on the player");
            assert_eq!(ringed(board, 2.0, 1.0), 0, "no ring under the lamp");
            assert!(ringed(lamp_board, 2.0, 0.0) >= 2, "the ring on the lamp's layer");
            assert!(ringed(background_board, 2.0, 0.0) >= 2, "the ring on the background's layer");
        }
        Err(err) if support::rendering_required() => panic!("cannot render headless: {err}"),
        Err(err) => eprintln!("skipping the debugger's pixels: {err}"),
    }
    // Event >: the rule took the lamp and its layer's mark; the
    // background's mark stays to the turn's end.
    harness.get_by_label("Event >").click();
    harness.run_steps(3);
    assert_eq!(harness.state().panels.debugger.drawn.clicks, [(clicked, 1)], "the background's mark");
    if let Ok(image) = harness.render() {
        let scale = harness.ctx.pixels_per_point();
        let ringed = |rect: egui::Rect| {
            across(rect, 2.0, 0.0, scale).filter(|&(px, py)| ring(image.get_pixel(px, py).0)).count()
        };
        assert_eq!(ringed(lamp_board), 0, "no ring on the lamp's layer once its mark is gone");
        assert!(ringed(background_board) >= 2, "the background's ring stays");
        assert!(ringed(board) >= 2, "the board rings the cell while any layer is marked");
    }
}

/// "Record GIF" keeps the clicks and drags played on the level, and the
/// GIF made from the recording draws what they made.
#[test]
fn record_gif_keeps_clicks_and_the_gif_draws_them() {
    let mut harness = playing();
    harness.get_by_label("Record GIF").click();
    harness.run_steps(3);
    let (top_left, bottom_left, bottom_right) = (cell(&harness, 0, 0), cell(&harness, 0, 1), cell(&harness, 2, 1));
    click(&mut harness, top_left, PointerButton::Primary);
    support::press(&mut harness, bottom_left, PointerButton::Primary);
    harness.event(egui::Event::PointerMoved(bottom_right));
    harness.run_steps(1);
    support::release(&mut harness, bottom_right, PointerButton::Primary);
    let recorder = harness.state().panels.player.recorder.clone().expect("recording");
    assert!(recorder.on);
    let drag = |x| Step::Click(Click { button: Button::Left, gesture: Gesture::Drag, x, y: 1 });
    // No mouse_up in this game: the releases played no turn and are not kept.
    assert_eq!(
        recorder.recording.steps,
        [Step::Click(Click::press(3, 0)), Step::Click(Click::press(3, 1)), drag(4), drag(5)]
    );
    let game = harness.state().panels.player.session().expect("a level").game().clone();
    let options = studio::export::gif::GifOptions { scale: 1, messages: true };
    let frames = studio::export::gif::frames(&game, &recorder.recording, options).expect("the GIF's frames");
    assert_eq!(frames.len(), 5, "the level's start and one frame per click");
    // The last frame, through the flickscreen: screen column 0 is level
    // column 3. A mark (red) at (0, 0) and (0, 1), a trail (blue) on.
    let last = &frames[frames.len() - 1].frame;
    let size = last.width / 3;
    let px = |x: usize, y: usize| last.pixels[(y * size + size / 2) * last.width + x * size + size / 2].0;
    let red = |p: [u8; 4]| p[0] > 150 && p[1] < 90 && p[2] < 90;
    let blue = |p: [u8; 4]| p[2] > 150 && p[0] < 120;
    assert!(red(px(0, 0)) && red(px(0, 1)), "marks: {:?} {:?}", px(0, 0), px(0, 1));
    assert!(blue(px(1, 1)) && blue(px(2, 1)), "trail: {:?} {:?}", px(1, 1), px(2, 1));
    assert!(!red(frames[0].frame.pixels[(size / 2) * last.width + size / 2].0), "no mark at the start");
}
