//! Tests of sprite images, blending, and cells that are not square:
//! PuzzleScript Plus/Next's `sprite_size WxH` makes each cell W pixels wide
//! and H high, in every picture of a level and in the mapping of a pointer
//! back to a cell. And pictures drawn with the options a rule changed
//! (`runtime_metadata_twiddling`: the camera, the message layout).

use std::sync::Arc;
use std::time::Duration;

use super::screen::{Prompt, cell_at_pixel, level_cell, level_frame, screen_frame};
use super::{Camera, Frame, Look, Rgba, View, blend, color, draw_grid, entry_frame, sprite_image, sprite_image_plus};
use crate::compile::{Game, Level};
use crate::play::{Play, Progress};
use crate::run::Button;

/// Cells 7 pixels wide and 4 high. The player is white with red corners;
/// the wall a solid block (no sprite: it fills its cell); a click leaves a
/// Mark, a green line along the bottom row of its cell. Entry 0 is 3 x 2:
/// the player top left, a wall top right.
const WIDE: &str = "title Wide\nsprite_size 7x4\nmouse_left Click\n\n\
    OBJECTS\nBackground\nblack\n\nPlayer\nwhite red\n1000001\n0000000\n0000000\n1000001\n\n\
    Wall\nblue\n\nMark\ngreen\n.......\n.......\n.......\n0000000\n\nClick\nyellow\n\n\
    LEGEND\n. = Background\nP = Player\n# = Wall\n\nSOUNDS\n\n\
    COLLISIONLAYERS\nBackground\nPlayer, Wall\nMark\nClick\n\n\
    RULES\n[ Click ] -> [ Mark ]\n\nWINCONDITIONS\n\nLEVELS\nP.#\n...\n";

fn wide() -> Arc<Game> {
    let build = crate::build(WIDE);
    let errors: Vec<&str> = build.diagnostics.iter().filter(|d| d.is_error()).map(|d| d.message.as_str()).collect();
    assert!(errors.is_empty(), "{errors:?}");
    build.game.expect("the game compiles")
}

fn at(f: &Frame, x: usize, y: usize) -> Rgba {
    f.pixels[y * f.width + x]
}

/// The columns of row `y` of `f` whose pixel is `c`.
fn columns_of(f: &Frame, y: usize, c: Rgba) -> Vec<usize> {
    (0..f.width).filter(|&x| at(f, x, y) == c).collect()
}

/// The rows of column `x` of `f` whose pixel is `c`.
fn rows_of(f: &Frame, x: usize, c: Rgba) -> Vec<usize> {
    (0..f.height).filter(|&y| at(f, x, y) == c).collect()
}

#[test]
fn a_wxh_game_draws_cells_w_pixels_wide_and_h_high() {
    let game = wide();
    let look = Look::new(&game);
    assert_eq!(look.cell_size(), (7, 4));
    let frame = entry_frame(&look, &game, 0).expect("a map");
    assert_eq!((frame.width, frame.height), (3 * 7, 2 * 4), "3 x 2 cells of 7 x 4");
    let c = |name: &str| color(name, &look.palette).expect("a colour");
    let (red, blue, black) = (c("red"), c("blue"), c("black"));
    // The player's cell is x 0..7, y 0..4: red in its four corners only.
    assert_eq!(columns_of(&frame, 0, red), [0, 6]);
    assert_eq!(columns_of(&frame, 3, red), [0, 6]);
    assert_eq!(rows_of(&frame, 0, red), [0, 3], "the corners are 4 rows apart, not 7");
    assert_eq!(at(&frame, 1, 1), Rgba::WHITE);
    // The wall fills cell (2, 0): x 14..21, y 0..4, and nothing more.
    assert_eq!(columns_of(&frame, 0, blue), (14..21).collect::<Vec<_>>());
    assert_eq!(rows_of(&frame, 20, blue), [0, 1, 2, 3]);
    // The second row of cells starts at y 4: background there.
    assert!((0..21).all(|x| at(&frame, x, 4) == black && at(&frame, x, 7) == black));
    // Scaled three times each way, the shape is kept.
    let Some(Level::Map(grid)) = game.levels.first() else { panic!("a map") };
    let big = draw_grid(&look, &game, grid, View::whole(grid), (21, 12));
    assert_eq!((big.width, big.height), (63, 24));
    assert_eq!(rows_of(&big, 0, red), [0, 1, 2, 9, 10, 11]);
    assert_eq!(columns_of(&big, 11, blue), (42..63).collect::<Vec<_>>());
}

#[test]
fn small_pictures_keep_the_cells_shape() {
    let game = wide();
    let look = Look::new(&game);
    assert_eq!(look.cell_within(8), (7, 4), "small enough already");
    assert_eq!(look.cell_within(4), (4, 2));
    assert_eq!(look.cell_smallest(), (2, 1));
    // Square cells: as before, one pixel a cell at the smallest.
    let square = crate::build(&WIDE.replace("sprite_size 7x4", "sprite_size 5")).game.expect("compiles");
    let look = Look::new(&square);
    assert_eq!((look.cell_size(), look.cell_within(4), look.cell_smallest()), ((5, 5), (4, 4), (1, 1)));
}

#[test]
fn a_pixel_of_the_picture_maps_to_its_wxh_cell() {
    let view = View { x0: 0, y0: 0, x1: 3, y1: 2, slide: (0, 0) };
    let cell = (7, 4);
    let at = |x: f64, y: f64| cell_at_pixel(view, cell, (x, y), false);
    assert_eq!(at(0.0, 0.0), Some((0, 0)));
    assert_eq!(at(6.9, 3.9), Some((0, 0)));
    assert_eq!(at(7.0, 3.9), Some((1, 0)), "the second column starts 7 pixels in");
    assert_eq!(at(6.9, 4.0), Some((0, 1)), "the second row starts 4 pixels down, not 7");
    assert_eq!(at(20.5, 7.5), Some((2, 1)));
    assert_eq!(at(21.0, 7.5), None, "past the right edge");
    assert_eq!(at(3.0, 8.0), None, "past the bottom (a status line would be here)");
    assert_eq!(cell_at_pixel(view, cell, (30.0, 9.0), true), Some((2, 1)), "clamped to the nearest cell");
    assert_eq!(cell_at_pixel(view, cell, (f64::NAN, 1.0), true), None);
    // Through a camera's view: the cell in the level's own columns and
    // rows; a gliding window starts part way (a half cell: 3.5 pixels
    // across, 2 down) into its first cell.
    let moved = View { x0: 4, y0: 1, x1: 7, y1: 3, slide: (500, 500) };
    assert_eq!(cell_at_pixel(moved, cell, (3.4, 1.9), false), Some((4, 1)));
    assert_eq!(cell_at_pixel(moved, cell, (3.5, 2.0), false), Some((5, 2)));
}

#[test]
fn a_click_on_a_wxh_cell_plays_on_that_cell_and_draws_there() {
    let game = wide();
    let look = Look::new(&game);
    let mut play = Play::at_entry(game.clone(), Progress::default(), 0, Duration::ZERO);
    let mut camera = Camera::default();
    let before = screen_frame(&look, &game, &play.screen(), &mut camera, Prompt::Keys);
    assert_eq!((before.width, before.height), (21, 8));
    // A host's pixel (15.5, 5.0) of the picture: column 2 (x 14..21), row
    // 1 (y 4..8); with square 7-pixel cells it would be row 0.
    let grid = play.session().and_then(crate::run::Session::board_grid).expect("a level");
    let view = camera.view_of(&game, &game.metadata, &grid);
    let cell = cell_at_pixel(view, level_cell(&look, &game, view), (15.5, 5.0), false);
    assert_eq!(cell, Some((2, 1)));
    play.pointer_press(Button::Left, cell, Duration::from_millis(10));
    play.pointer_release(Button::Left, cell, Duration::from_millis(20));
    let marked: Vec<(usize, usize)> = (0..3)
        .flat_map(|x| (0..2).map(move |y| (x, y)))
        .filter(|&(x, y)| {
            let s = play.session().expect("a level");
            s.objects_at(x, y).iter().any(|&id| s.game().objects[id].name.eq_ignore_ascii_case("mark"))
        })
        .collect();
    assert_eq!(marked, [(2, 1)]);
    // The mark's green line is the bottom row of that cell: y 7, x 14..21.
    let after = screen_frame(&look, &game, &play.screen(), &mut camera, Prompt::Keys);
    let green = color("green", &look.palette).expect("green");
    let lit: Vec<(usize, usize)> = (0..after.height)
        .flat_map(|y| (0..after.width).map(move |x| (x, y)))
        .filter(|&(x, y)| at(&after, x, y) == green)
        .collect();
    assert_eq!(lit, (14..21).map(|x| (x, 7)).collect::<Vec<_>>());
}

#[test]
fn a_status_line_game_scales_wxh_cells_keeping_their_shape() {
    let src = WIDE.replace("sprite_size 7x4\n", "sprite_size 7x4\nstatus_line\n");
    let build = crate::build(&src);
    let game = build.game.expect("compiles");
    let look = Look::new(&game);
    let view = View { x0: 0, y0: 0, x1: 3, y1: 2, slide: (0, 0) };
    // Two rows of 4 pixels made 192 pixels tall at least: 16 times (the most).
    assert_eq!(level_cell(&look, &game, view), (7 * 16, 4 * 16));
    let Some(Level::Map(grid)) = game.levels.first() else { panic!("a map") };
    let frame = level_frame(&look, &game, (grid, view), None, None);
    assert_eq!(frame.width, 3 * 7 * 16);
    assert_eq!(frame.height, 2 * 4 * 16 + super::screen::status_height(2 * 4 * 16));
    // A pixel in the status line under the level is off the level.
    let cell = level_cell(&look, &game, view);
    assert_eq!(cell_at_pixel(view, cell, (10.0, 2.0 * 64.0 + 1.0), false), None);
    assert_eq!(cell_at_pixel(view, cell, (10.0, 64.0), false), Some((0, 1)));
}

#[test]
fn plus_sprites_sit_on_the_bottom_left_of_their_canvas() {
    let red = Rgba([255, 0, 0, 255]);
    // A 2x1 sprite on a 3x3 grid: the bottom row's two left pixels.
    let img = sprite_image_plus(&[vec![Some(0), Some(0)]], &[red], (3, 3));
    assert_eq!(img.size, 3);
    let lit: Vec<usize> = (0..9).filter(|&i| img.pixels[i] == red).collect();
    assert_eq!(lit, vec![6, 7]);
    // A 4x4 sprite on a 2x2 grid is a 4x4 canvas; letters colour past 9.
    let mut colors = vec![Rgba::BLACK; 11];
    colors[10] = red;
    let img = sprite_image_plus(&vec![vec![Some(10); 4]; 4], &colors, (2, 2));
    assert_eq!((img.size, img.pixels.iter().filter(|p| **p == red).count()), (4, 16));
    // No sprite: the grid's cell (3 wide, 2 high) filled at the bottom left.
    let img = sprite_image_plus::<Vec<Option<u8>>>(&[], &[red], (3, 2));
    assert_eq!(img.size, 3);
    let lit: Vec<usize> = (0..9).filter(|&i| img.pixels[i] == red).collect();
    assert_eq!(lit, vec![3, 4, 5, 6, 7, 8]);
}

#[test]
fn opacity_blends() {
    let half_red = Rgba([255, 0, 0, 128]);
    assert_eq!(blend(Rgba([0, 0, 255, 255]), half_red), Rgba([128, 0, 127, 255]));
    assert_eq!(blend(Rgba::BLACK, Rgba::WHITE), Rgba::WHITE);
}

#[test]
fn sprites_paint_digits_and_leave_dots_clear() {
    let red = Rgba([255, 0, 0, 255]);
    let sprite = vec![vec![Some(0), None, Some(1), None, None]; 5];
    let img = sprite_image(&sprite, &[red]);
    assert_eq!(img.pixels[0], red);
    assert!(img.pixels[1].is_transparent());
    assert!(img.pixels[2].is_transparent(), "colour 1 is out of range");
    let solid = sprite_image::<Vec<Option<u8>>>(&[], &[red]);
    assert!(solid.pixels.iter().all(|p| *p == red));
}

/// PuzzleScript Plus's `runtime_metadata_twiddling`: a rule switches the
/// camera on stepping onto a switch. Every cell is a solid 5 x 5 block; the
/// player white, the rest black. Entry 0 is one row of 9 cells (zoom at 2,
/// flick at 4, a switch that wipes the flickscreen at 6, the goal at 8),
/// entry 1 a row of 4.
const SWITCHES: &str = "title Switches\nruntime_metadata_twiddling\n\n\
    OBJECTS\nBackground\nblack\n\nPlayer\nwhite\n\nZoom\nblack\n\nFlick\nblack\n\nWipe\nblack\n\nGoal\nblack\n\n\
    LEGEND\n. = Background\nP = Player\nZ = Zoom\nF = Flick\nW = Wipe\nG = Goal\n\nSOUNDS\n\n\
    COLLISIONLAYERS\nBackground\nZoom, Flick, Wipe, Goal\nPlayer\n\n\
    RULES\n[ > Player | Zoom ] -> [ > Player | Zoom ] zoomscreen 3x1\n\
    [ > Player | Flick ] -> [ > Player | Flick ] flickscreen 4x1\n\
    [ > Player | Wipe ] -> [ > Player | Wipe ] flickscreen wipe\n\n\
    WINCONDITIONS\nall Player on Goal\n\nLEVELS\nP.Z.F.W.G\n\nP...\n";

fn built(src: &str) -> Arc<Game> {
    let build = crate::build(src);
    let errors: Vec<&str> = build.diagnostics.iter().filter(|d| d.is_error()).map(|d| d.message.as_str()).collect();
    assert!(errors.is_empty(), "{errors:?}");
    let warnings: Vec<&str> = build.diagnostics.iter().map(|d| d.code).collect();
    assert!(!warnings.contains(&"W0151"), "no warning that a change is not drawn: {warnings:?}");
    build.game.expect("the game compiles")
}

/// One press of `control` at `now`.
fn tap(play: &mut Play, control: crate::play::Control, now: Duration) {
    play.press(control, now);
    play.release(control, now);
}

/// The picture's width in cells and the cells of its middle row the white
/// player covers (5-pixel cells).
fn cells_shown(f: &Frame) -> (usize, Vec<usize>) {
    let mut lit = columns_of(f, 2, Rgba::WHITE);
    lit.dedup_by_key(|x| *x / 5);
    (f.width / 5, lit.into_iter().map(|x| x / 5).collect())
}

#[test]
fn a_rule_that_changes_zoomscreen_or_flickscreen_changes_the_picture_at_once() {
    let game = built(SWITCHES);
    let look = Look::new(&game);
    let mut play = Play::at_entry(game.clone(), Progress::default(), 0, Duration::ZERO);
    let mut camera = Camera::default();
    let mut shot = |play: &Play| cells_shown(&screen_frame(&look, &game, &play.screen(), &mut camera, Prompt::Keys));
    assert_eq!(shot(&play), (9, vec![0]), "the whole level at first");
    let mut now = Duration::ZERO;
    let mut right = |play: &mut Play| {
        now += Duration::from_secs(1);
        tap(play, crate::play::Control::Right, now);
        now
    };
    right(&mut play);
    assert_eq!(shot(&play), (9, vec![1]), "no rule yet: still the whole level");
    right(&mut play);
    assert_eq!(play.options().zoomscreen, Some((3, 1)));
    assert_eq!(shot(&play), (3, vec![1]), "zoomscreen 3x1: three cells, the player (at 2) in the middle");
    right(&mut play);
    assert_eq!(shot(&play), (3, vec![1]), "the window follows the player to 3");
    right(&mut play);
    assert_eq!(shot(&play), (4, vec![0]), "flickscreen 4x1 goes before zoomscreen: cells 4 to 7, the player first");
    right(&mut play);
    assert_eq!(shot(&play), (4, vec![1]), "the same screen with the player at 5");
    right(&mut play);
    assert_eq!(shot(&play), (3, vec![1]), "flickscreen wiped: zoomscreen again, cells 5 to 7");
    right(&mut play);
    assert_eq!(shot(&play), (3, vec![1]), "kept inside the level: cells 6 to 8, the player at 7");
    let won_at = right(&mut play);
    assert!(matches!(play.screen(), crate::play::Screen::LevelWon(..)), "on the goal: the level is won");
    assert_eq!(shot(&play), (3, vec![2]), "the level won is drawn as it was: the player last");
    play.advance(won_at + crate::play::WIN_PAUSE);
    assert!(matches!(play.screen(), crate::play::Screen::Level(_)), "the next level");
    assert_eq!(play.options().zoomscreen, None, "a new level starts with the prelude's options");
    assert_eq!(shot(&play), (4, vec![0]), "the whole of the next level");
    // The game's own options are never changed.
    assert_eq!((game.metadata.zoomscreen, game.metadata.flickscreen), (None, None));
}

/// As PuzzleScript Next lays its canvas out when a rule sets
/// `smoothscreen`, the camera comes to rest on the player's cell as the
/// rule applies (before the move) and glides after the move.
#[test]
fn a_smoothscreen_set_by_a_rule_starts_at_rest_where_the_player_stood_then_glides() {
    let src = SWITCHES
        .replace("zoomscreen 3x1", "smoothscreen 3x1")
        .replace("flickscreen 4x1", "smoothscreen 3x1 1x1 0.5")
        .replace("flickscreen wipe", "smoothscreen wipe");
    let game = built(&src);
    let look = Look::new(&game);
    let mut play = Play::at_entry(game.clone(), Progress::default(), 0, Duration::ZERO);
    let mut camera = Camera::default();
    let mut now = Duration::from_secs(1);
    let mut view_at = |play: &Play, now: Duration| {
        camera.set_time(now);
        let grid = crate::render::screen::screen_grid(&play.screen()).expect("a level");
        let frame = screen_frame(&look, &game, &play.screen(), &mut camera, Prompt::Keys);
        (camera.view_of(&game, play.options(), &grid), cells_shown(&frame).0, camera.gliding(play.options(), now))
    };
    assert_eq!(view_at(&play, now).1, 9, "the whole level");
    for _ in 0..2 {
        now += Duration::from_secs(1);
        tap(&mut play, crate::play::Control::Right, now);
    }
    let (view, width, gliding) = view_at(&play, now);
    assert_eq!(
        (view.x0, view.x1, view.slide, width, gliding),
        (0, 3, (0, 0), 3, true),
        "set as the player stepped from 1: at rest on 1, gliding after the step to 2"
    );
    now += Duration::from_secs(3);
    let (view, _, gliding) = view_at(&play, now);
    assert_eq!((view.x0, view.x1, view.slide, gliding), (1, 4, (0, 0), false), "then at rest on the player at 2");
    // A step right: the window glides after the player, part way a frame on.
    now += Duration::from_secs(1);
    tap(&mut play, crate::play::Control::Right, now);
    let (start, _, _) = view_at(&play, now);
    assert_eq!((start.x0, start.slide), (1, (0, 0)), "the glide starts where the camera was");
    let (part, _, gliding) = view_at(&play, now + Duration::from_millis(50));
    assert!(gliding && part.x0 == 1 && part.slide.0 > 0, "part way: {part:?}");
    // Other values (a faster glide), set as the player steps from 3 to 4:
    // at rest where the player stood, gliding to 4 at the new speed.
    now += Duration::from_secs(1);
    tap(&mut play, crate::play::Control::Right, now);
    let (view, width, gliding) = view_at(&play, now);
    assert_eq!((view.x0, view.slide, width, gliding), (2, (0, 0), 3, true), "new values: no glide from the old aim");
    now += Duration::from_secs(3);
    let (view, _, gliding) = view_at(&play, now);
    assert_eq!((view.x0, view.slide, gliding), (3, (0, 0), false), "then at rest on the player at 4");
    for _ in 0..2 {
        now += Duration::from_secs(1);
        tap(&mut play, crate::play::Control::Right, now);
    }
    let (view, width, gliding) = view_at(&play, now);
    assert_eq!((view.x0, view.x1, width, gliding), (0, 9, 9, false), "wiped: the whole level");
}

#[test]
fn a_rule_may_realign_its_messages_until_the_next_level() {
    let src = "title Notes\nruntime_metadata_twiddling\n\n\
        OBJECTS\nBackground\nblack\n\nPlayer\nwhite\n\nNote\nblack\n\nGoal\nblack\n\n\
        LEGEND\n. = Background\nP = Player\nN = Note\nG = Goal\n\nSOUNDS\n\n\
        COLLISIONLAYERS\nBackground\nNote, Goal\nPlayer\n\n\
        RULES\n[ > Player | Note ] -> [ > Player | Note ] message_text_align right\n\
        [ > Player | Note ] -> [ > Player | Note ] message Hi\n\n\
        WINCONDITIONS\nall Player on Goal\n\nLEVELS\nPNG\n\nmessage Hi\n\nP.G\n";
    let game = built(src);
    let look = Look::new(&game);
    let mut play = Play::at_entry(game.clone(), Progress::default(), 0, Duration::ZERO);
    let mut camera = Camera::default();
    // The columns of the message's row (row 5 of the text grid) in the text colour.
    let mut message_columns = |play: &Play| {
        assert!(matches!(play.screen(), crate::play::Screen::Message(..)), "a message on screen");
        let frame = screen_frame(&look, &game, &play.screen(), &mut camera, Prompt::Keys);
        let row = crate::render::text::CELL_HEIGHT;
        let lit: Vec<usize> = (5 * row..6 * row)
            .flat_map(|y| columns_of(&frame, y, look.text))
            .collect::<std::collections::BTreeSet<_>>()
            .into_iter()
            .collect();
        assert!(!lit.is_empty(), "the message is drawn");
        (lit[0], lit[lit.len() - 1], frame.width)
    };
    let right = crate::play::Control::Right;
    tap(&mut play, right, Duration::from_secs(1));
    let (first, last, width) = message_columns(&play);
    assert!(first > width / 2 && last + crate::render::text::CELL_WIDTH >= width - 1, "on the right: {first}..{last}");
    tap(&mut play, crate::play::Control::Action, Duration::from_secs(2));
    tap(&mut play, right, Duration::from_secs(3));
    play.advance(Duration::from_secs(3) + crate::play::WIN_PAUSE);
    let (first, last, width) = message_columns(&play);
    assert!(first > width / 4 && first < width / 2, "the next entry's message is centred again: {first}..{last}");
    assert!(last < width * 3 / 4);
}

/// Undo and restart bring back the options of their moment, as
/// PuzzleScript Next's saved states do, and the picture with them: the
/// zoom a rule set goes with the step undone, and a rule's background
/// colour with the restart.
#[test]
fn undo_and_restart_draw_the_options_of_their_moment() {
    use crate::play::Control;
    let game = built(SWITCHES);
    let look = Look::new(&game);
    let mut play = Play::at_entry(game.clone(), Progress::default(), 0, Duration::ZERO);
    let mut camera = Camera::default();
    let mut shot = |play: &Play| cells_shown(&screen_frame(&look, &game, &play.screen(), &mut camera, Prompt::Keys));
    let mut now = Duration::ZERO;
    let mut press = |play: &mut Play, control: Control| {
        now += Duration::from_secs(1);
        tap(play, control, now);
    };
    press(&mut play, Control::Right);
    press(&mut play, Control::Right);
    assert_eq!(shot(&play), (3, vec![1]), "control: the rule's zoomscreen 3x1");
    press(&mut play, Control::Undo);
    assert_eq!(shot(&play), (9, vec![1]), "undone: the whole level again, the player at 1");
    press(&mut play, Control::Right);
    press(&mut play, Control::Right);
    assert_eq!(shot(&play), (3, vec![1]), "zoomed again, the player at 3");
    press(&mut play, Control::Restart);
    assert_eq!(shot(&play), (9, vec![0]), "restarted: the whole level, the player at 0");
    press(&mut play, Control::Undo);
    assert_eq!(shot(&play), (3, vec![1]), "the restart undone: zoomed on the player at 3");

    // A rule paints the background red on the step onto the brush (the
    // level's cells are see-through: the background shows between them).
    let src = "title Paint\nruntime_metadata_twiddling\n\n\
        OBJECTS\nBackground\ntransparent\n\nPlayer\nwhite\n\nBrush\ntransparent\n\n\
        LEGEND\n. = Background\nP = Player\nB = Brush\n\nSOUNDS\n\n\
        COLLISIONLAYERS\nBackground\nBrush\nPlayer\n\n\
        RULES\n[ > Player | Brush ] -> [ > Player | Brush ] background_color red\n\n\
        WINCONDITIONS\n\nLEVELS\nP.B.\n";
    let game = built(src);
    let look = Look::new(&game);
    let red = color("red", &look.palette).expect("red");
    let mut play = Play::at_entry(game.clone(), Progress::default(), 0, Duration::ZERO);
    let mut camera = Camera::default();
    // The last cell's middle pixel: nothing but the background there.
    let mut last_cell = |play: &Play| {
        let frame = screen_frame(&look, &game, &play.screen(), &mut camera, Prompt::Keys);
        assert_eq!((frame.width, frame.height), (20, 5), "four 5-pixel cells");
        at(&frame, 17, 2)
    };
    assert_eq!(last_cell(&play), Rgba::BLACK, "the prelude's background");
    let mut now = Duration::ZERO;
    let mut press = |play: &mut Play, control: Control| {
        now += Duration::from_secs(1);
        tap(play, control, now);
    };
    press(&mut play, Control::Right);
    press(&mut play, Control::Right);
    assert_eq!(last_cell(&play), red, "control: the rule's red");
    press(&mut play, Control::Undo);
    assert_eq!(last_cell(&play), Rgba::BLACK, "undone: black again");
    press(&mut play, Control::Right);
    assert_eq!(last_cell(&play), red);
    press(&mut play, Control::Restart);
    assert_eq!(last_cell(&play), Rgba::BLACK, "restarted: black again");
}

/// A `flickscreen` or `zoomscreen` level that starts without a player
/// (PuzzleScript Next's ABRACADABRA maze places its player on a click)
/// shows the top left screen, as both references draw it, not the whole
/// level.
#[test]
fn a_windowed_level_without_a_player_shows_its_top_left_screen() {
    for option in ["flickscreen 2x1", "zoomscreen 2x1"] {
        let src = format!(
            "title Nobody\n{option}\n\nOBJECTS\nBackground\nblack\n\nPlayer\nwhite\n\nMark\nwhite\n\n\
             LEGEND\n. = Background\nP = Player\nM = Mark\n\nSOUNDS\n\nCOLLISIONLAYERS\nBackground\nPlayer, Mark\n\n\
             RULES\n\nWINCONDITIONS\n\nLEVELS\nM....\n"
        );
        let game = built(&src);
        let look = Look::new(&game);
        let grid = game
            .levels
            .iter()
            .find_map(|l| match l {
                Level::Map(m) => Some(m.clone()),
                _ => None,
            })
            .expect("a map");
        let view = Camera::default().view_of(&game, &game.metadata, &grid);
        assert_eq!((view.x0, view.x1, view.y0, view.y1), (0, 2, 0, 1), "{option}: the top left screen");
        let frame = level_frame(&look, &game, (&grid, view), None, None);
        assert_eq!(cells_shown(&frame), (2, vec![0]), "{option}: two cells, the mark in the first");
    }
}

/// A rule's `color_palette` makes PuzzleScript Next lay its canvas out
/// again, and that puts a `smoothscreen` camera at rest on the player (as
/// they stood when the rule applied): a camera lagging far behind a
/// running player catches up at once. A `background_color` change does
/// not (the control). The window is 3 cells of a row of 12 and glides very
/// slowly; the player runs right a step a millisecond, and the rule fires
/// on the step from 6 onto the brush at 7.
#[test]
fn a_palette_change_by_a_rule_snaps_the_smoothscreen_camera_to_the_player() {
    let src = |change: &str| {
        format!(
            "title Snap\nruntime_metadata_twiddling\nsmoothscreen 3x1 1x1 0.01\n\n\
             OBJECTS\nBackground\n#000000\n\nPlayer\n#ffffff\n\nBrush\n#000000\n\n\
             LEGEND\n. = Background\nP = Player\nB = Brush\n\nSOUNDS\n\n\
             COLLISIONLAYERS\nBackground\nBrush\nPlayer\n\n\
             RULES\n[ > Player | Brush ] -> [ > Player | Brush ] {change}\n\n\
             WINCONDITIONS\n\nLEVELS\nP......B....\n"
        )
    };
    let run = |change: &str| {
        let game = built(&src(change));
        let look = Look::new(&game);
        let mut play = Play::at_entry(game.clone(), Progress::default(), 0, Duration::ZERO);
        let mut camera = Camera::default();
        let mut shots = Vec::new();
        let mut now = Duration::ZERO;
        camera.set_time(now);
        let first = cells_shown(&screen_frame(&look, &game, &play.screen(), &mut camera, Prompt::Keys));
        assert_eq!(first, (3, vec![0]), "cells 0 to 2, the player in the first");
        for _ in 0..7 {
            now += Duration::from_millis(1);
            tap(&mut play, crate::play::Control::Right, now);
            camera.set_time(now);
            let frame = screen_frame(&look, &game, &play.screen(), &mut camera, Prompt::Keys);
            let grid = crate::render::screen::screen_grid(&play.screen()).expect("a level");
            let view = camera.view_of(&game, play.options(), &grid);
            shots.push((view.x0, cells_shown(&frame).1));
        }
        shots
    };
    let snapped = run("color_palette proteus_mellow");
    let lagging = run("background_color #000000");
    // Six steps: the camera has hardly moved from cell 1 (window 0..3);
    // the player has left the picture.
    assert_eq!(snapped[5], (0, vec![]), "control: the slow camera lags behind");
    assert_eq!(lagging[5], snapped[5]);
    assert_eq!(snapped[6], (5, vec![2]), "re-snapped on 6 (window 5..8), the player at 7 in it");
    assert_eq!(lagging[6], (0, vec![]), "a background change leaves the camera behind");
}

/// PuzzleScript Next also puts a `smoothscreen` camera at rest on the
/// player after the player's undo and after a restart: a very slow camera
/// (3 cells of a row of 12) that lags far behind a running player catches
/// up at once, where a step would leave it behind.
#[test]
fn undo_and_restart_snap_the_smoothscreen_camera_to_the_player() {
    let src = "title Snap back\nsmoothscreen 3x1 1x1 0.01\n\n\
               OBJECTS\nBackground\n#000000\n\nPlayer\n#ffffff\n\n\
               LEGEND\n. = Background\nP = Player\n\nSOUNDS\n\n\
               COLLISIONLAYERS\nBackground\nPlayer\n\n\
               RULES\n\nWINCONDITIONS\n\nLEVELS\nP...........\n";
    let game = built(src);
    let look = Look::new(&game);
    let mut play = Play::at_entry(game.clone(), Progress::default(), 0, Duration::ZERO);
    let mut camera = Camera::default();
    let mut now = Duration::ZERO;
    let shot = |play: &Play, camera: &mut Camera, now: Duration| {
        camera.set_time(now);
        let frame = screen_frame(&look, &game, &play.screen(), camera, Prompt::Keys);
        let grid = crate::render::screen::screen_grid(&play.screen()).expect("a level");
        (camera.view_of(&game, play.options(), &grid).x0, cells_shown(&frame).1)
    };
    assert_eq!(shot(&play, &mut camera, now), (0, vec![0]));
    for _ in 0..7 {
        now += Duration::from_millis(1);
        tap(&mut play, crate::play::Control::Right, now);
        shot(&play, &mut camera, now);
    }
    assert_eq!(shot(&play, &mut camera, now), (0, vec![]), "the slow camera lags: the player at 7 is out of sight");
    now += Duration::from_millis(1);
    tap(&mut play, crate::play::Control::Undo, now);
    assert_eq!(shot(&play, &mut camera, now), (5, vec![1]), "undo: at rest on the player at 6 (window 5..8)");
    now += Duration::from_millis(1);
    tap(&mut play, crate::play::Control::Right, now);
    tap(&mut play, crate::play::Control::Right, now);
    now += Duration::from_millis(1);
    tap(&mut play, crate::play::Control::Restart, now);
    assert_eq!(shot(&play, &mut camera, now), (0, vec![0]), "restart: at rest on the player at 0 at once");
}
