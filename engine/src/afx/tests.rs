//! `afx:` animations played and drawn: a small PuzzleScript Next game of
//! our own, frames taken part way through each kind (slide, zoom, fade,
//! turn) and compared pixel by pixel; the state never depends on them.

use crate::afx::Event;
use crate::play::{Control, Play, Progress, Screen};
use crate::render::{Look, Rgba, View, grid_frame, grid_frame_tweened};
use std::time::Duration;

/// Cells of 4x4 pixels; the player is a white L of three 2x2 blocks (all
/// but the top right) on black; each way it moves animates differently; action drops
/// a gem under it, and walking into a gem takes it.
const GAME: &str = "title Afx\nsprite_size 4\nanimate_interval 0.4\n\nOBJECTS\nBackground\nblack\n\
    Player\nwhite\n00..\n00..\n0000\n0000\n\nGem\nblue\n\nWall\nred\n\n\
    LEGEND\n. = Background\nP = Player\nG = Gem\n# = Wall\n\nSOUNDS\n\
    Player move right afx:slide\nPlayer move left 123 afx:zoom\nPlayer move up afx:turn=.25,.25\n\
    Player move down afx:fade\nPlayer cantmove afx:slide\nGem create afx:zoom\nGem destroy afx:fade\n\n\
    COLLISIONLAYERS\nBackground\nGem\nPlayer, Wall\n\n\
    RULES\n[ action Player no Gem ] -> [ Player Gem ]\n[ > Player | Gem ] -> [ > Player | ]\n\n\
    WINCONDITIONS\n\nLEVELS\n......\n..P..#\n......\n";

fn ms(n: u64) -> Duration {
    Duration::from_millis(n)
}

fn start() -> Play {
    let build = crate::build(GAME);
    let game = build.game.unwrap_or_else(|| panic!("{:#?}", build.diagnostics));
    assert!(build.diagnostics.iter().all(|d| !d.is_error()), "{:#?}", build.diagnostics);
    assert_eq!(game.metadata.afx_interval(), ms(400));
    let mut play = Play::at_entry(game, Progress::default(), 0, ms(0));
    play.settle(ms(0));
    play
}

fn step(play: &mut Play, control: Control, at: u64) {
    play.press(control, ms(at));
    play.release(control, ms(at + 1));
}

/// The frame at `now`, and a function for its pixel at (x, y).
fn frame(play: &Play, now: u64) -> crate::render::Frame {
    let game = play.game().clone();
    let look = Look::new(&game);
    let Screen::Level(session) = play.screen() else { panic!("on the level") };
    let grid = session.board_grid().expect("a board");
    let tween = play.tween(ms(now));
    grid_frame_tweened(&look, &game, &grid, View::whole(&grid), tween.as_ref())
}

fn at(f: &crate::render::Frame, x: usize, y: usize) -> Rgba {
    f.pixels[y * f.width + x]
}

fn black() -> Rgba {
    crate::render::color("black", crate::render::DEFAULT_PALETTE).expect("black")
}

/// The columns of row `y` from `x0` to `x1` that are white.
fn white_in_row(f: &crate::render::Frame, y: usize, x0: usize, x1: usize) -> Vec<usize> {
    (x0..x1).filter(|&x| at(f, x, y) == Rgba::WHITE).collect()
}

#[test]
fn a_slide_draws_the_player_coming_from_its_old_cell() {
    let mut play = start();
    step(&mut play, Control::Right, 1000);
    // The player is in column 3 (pixels 12-15), row 1 (pixels 4-7).
    let t = play.tween(ms(1000)).expect("an animation");
    assert_eq!(t.animations.len(), 1);
    assert_eq!((t.animations[0].event, t.animations[0].dir), (Event::Move, 8));
    // A quarter of 400 ms in: three quarters of a cell (3 pixels) back.
    let f = frame(&play, 1100);
    assert_eq!(white_in_row(&f, 4, 0, 24), [9, 10], "the top, 3 pixels left of its cell");
    assert_eq!(white_in_row(&f, 6, 0, 24), [9, 10, 11, 12], "the bottom");
    assert_eq!(at(&f, 13, 6), black());
    // Done: where it is, as a frame without animations draws it.
    let done = frame(&play, 1400);
    assert!(play.tween(ms(1400)).is_none());
    assert_eq!(white_in_row(&done, 4, 0, 24), [12, 13]);
    assert_eq!(white_in_row(&done, 6, 0, 24), [12, 13, 14, 15]);
}

#[test]
fn a_zoom_grows_the_player_from_the_middle_of_its_cell() {
    let mut play = start();
    step(&mut play, Control::Left, 1000);
    // Half way: half size (2x2 pixels) in the middle of column 1 (pixels
    // 4-7), row 1: pixels 5-6 across, 5-6 down; the L at half size is
    // three pixels of the four.
    let f = frame(&play, 1200);
    assert_eq!(white_in_row(&f, 5, 0, 24), [5]);
    assert_eq!(white_in_row(&f, 6, 0, 24), [5, 6]);
    assert_eq!(white_in_row(&f, 4, 0, 24), Vec::<usize>::new(), "nothing at the cell's top");
    assert_eq!(white_in_row(&f, 7, 0, 24), Vec::<usize>::new());
}

#[test]
fn a_turn_draws_the_player_turned_a_quarter() {
    let mut play = start();
    step(&mut play, Control::Up, 1000);
    // In row 0, column 2 (pixels 8-11): turned clockwise, the L's empty
    // top-right block is at the bottom right.
    let f = frame(&play, 1200);
    for y in 0..2 {
        assert_eq!(white_in_row(&f, y, 0, 24), [8, 9, 10, 11], "row {y}");
    }
    for y in 2..4 {
        assert_eq!(white_in_row(&f, y, 0, 24), [8, 9], "row {y}");
    }
    // Unturned once done.
    let done = frame(&play, 1400);
    assert_eq!(white_in_row(&done, 1, 0, 24), [8, 9]);
    assert_eq!(white_in_row(&done, 3, 0, 24), [8, 9, 10, 11]);
}

#[test]
fn a_fade_draws_the_player_part_seen() {
    let mut play = start();
    step(&mut play, Control::Down, 1000);
    let f = frame(&play, 1200);
    // Row 2 (pixels 8-11), column 2: white at half opacity over black.
    let p = at(&f, 8, 8);
    assert!(p != Rgba::WHITE && p != black(), "{p:?}");
    assert!((i32::from(p.0[0]) - 128).abs() <= 2, "half way from black to white: {p:?}");
    let later = at(&frame(&play, 1300), 8, 8);
    assert!(later.0[0] > p.0[0], "more opaque later: {later:?} after {p:?}");
}

#[test]
fn create_destroy_and_cantmove_are_noted_and_undo_forgets_them() {
    let mut play = start();
    step(&mut play, Control::Action, 1000);
    let t = play.tween(ms(1000)).expect("an animation");
    assert_eq!(t.animations.len(), 1, "{:?}", t.animations);
    assert_eq!(t.animations[0].event, Event::Create);
    // Moving off and back onto the gem takes it: the gem fades out where
    // it was, drawn though it is gone.
    step(&mut play, Control::Right, 2000);
    step(&mut play, Control::Left, 3000);
    let t = play.tween(ms(3000)).expect("an animation");
    let mut events: Vec<Event> = t.animations.iter().map(|a| a.event).collect();
    events.sort_by_key(|e| format!("{e:?}"));
    assert_eq!(events, [Event::Destroy, Event::Move]);
    let Screen::Level(session) = play.screen() else { panic!("on the level") };
    let grid = session.board_grid().expect("a board");
    let gem = play.game().objects.iter().position(|o| o.name == "gem").expect("a gem");
    let cell = 2 * grid.height + 1;
    assert_eq!(grid.cells[cell * play.game().obj_words] & (1 << gem), 0, "the gem is gone");
    let f = frame(&play, 3300);
    // The gem (blue, under the player) shows at the cell's top right,
    // where the player's L has no pixels (and the player, zooming in, is
    // still smaller than its cell).
    assert_ne!(at(&f, 11, 4), black(), "the gem still fades out");
    assert_eq!(at(&frame(&play, 3400), 11, 4), black());
    // Walking into the wall cannot move: a bump.
    step(&mut play, Control::Right, 4000);
    step(&mut play, Control::Right, 5000);
    step(&mut play, Control::Right, 6000);
    step(&mut play, Control::Right, 7000);
    let t = play.tween(ms(7000)).expect("an animation");
    assert_eq!(t.animations.iter().map(|a| a.event).collect::<Vec<_>>(), [Event::Cant]);
    // Undo: nothing animates, and the state is as drawn without animations.
    step(&mut play, Control::Undo, 8000);
    assert!(play.tween(ms(8000)).is_none());
}

#[test]
fn the_state_does_not_depend_on_animations() {
    let mut play = start();
    step(&mut play, Control::Right, 1000);
    let game = play.game().clone();
    let look = Look::new(&game);
    let Screen::Level(session) = play.screen() else { panic!("on the level") };
    let grid = session.board_grid().expect("a board");
    let plain = grid_frame(&look, &game, &grid, View::whole(&grid));
    assert_eq!(frame(&play, 1400).pixels, plain.pixels, "at the end, the plain frame");
    assert_ne!(frame(&play, 1100).pixels, plain.pixels, "during, not");
}
