//! The HTML page of a game whose cells are not square (`sprite_size 7x4`):
//! it draws what `engine::render` draws, and a click maps to the cell under
//! it by the cells' own width and height.

use super::*;

/// Cells 7 pixels wide and 4 high; a click leaves a Mark, a green line
/// along the bottom of its cell. One level of 3 x 3 cells: 21 x 12 pixels.
const WIDE: &str = "title Wide cells\nsprite_size 7x4\nmouse_left Click\n\n\
    OBJECTS\nBackground\nblack\n\nPlayer\nwhite red\n1000001\n0000000\n0000000\n1000001\n\nWall\nblue\n\n\
    Mark\ngreen\n.......\n.......\n.......\n0000000\n\nClick\nyellow\n\n\
    LEGEND\n. = Background\nP = Player\n# = Wall\n\nSOUNDS\n\n\
    COLLISIONLAYERS\nBackground\nPlayer, Wall\nMark\nClick\n\n\
    RULES\n[ Click ] -> [ Mark ]\n\nWINCONDITIONS\n\nLEVELS\nP.#\n...\n...\n";

#[test]
fn a_click_on_a_wxh_cell_game_marks_the_cell_under_it_in_chromium() {
    if skip_without_browser() {
        return;
    }
    let (dir, out) = page_file("wide", "wide", WIDE);
    let game = engine::build(WIDE).game.expect("compiles");
    // Picture pixel (15.5, 9) of 21 x 12: column 2, row 2 (rows are 4
    // pixels high; with 7-pixel rows it would be row 1).
    let at = json!([15.5 / 21.0, 9.0 / 12.0]);
    let script = vec![
        json!({"key": "Enter"}),
        shot("level"),
        json!({"pointer": "down", "at": at, "button": "left"}),
        json!({"pointer": "up", "at": at, "button": "left"}),
        shot("clicked"),
        json!({"eval": "puzzlewright.dump()", "name": "dump"}),
    ];
    let left = engine::run::Button::Left;
    let acts = vec![
        Act::Press(Control::Action),
        Act::Shot("level"),
        Act::Pointer(Pointer::Down, left, Some((2, 2))),
        Act::Pointer(Pointer::Up, left, Some((2, 2))),
        Act::Shot("clicked"),
    ];
    let want = flow_pictures(&game, Progress::default(), Prompt::Keys, &acts);
    assert_eq!((want["level"].width, want["level"].height), (21, 12), "3 x 3 cells of 7 x 4");
    let results = drive(&dir, &[json!({"page": out, "script": script})]);
    let _ = std::fs::remove_dir_all(&dir);
    assert_pictures(&results[0], &want);
    assert_eq!(results[0]["evals"]["dump"].as_str(), Some(flow_dump(&game, &acts).as_str()));
    // The mark is the bottom row of cell (2, 2): y 11, x 14..21.
    let green = engine::render::color("green", &Look::new(&game).palette).expect("green");
    let clicked = &want["clicked"];
    let lit: Vec<usize> = (0..clicked.pixels.len()).filter(|&i| clicked.pixels[i] == green).collect();
    assert_eq!(lit, (14..21).map(|x| 11 * 21 + x).collect::<Vec<_>>());
}
