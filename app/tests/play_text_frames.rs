//! Text on the play screen, checked by its pixels (issue 35 item 1): the
//! frames `engine::render::screen` draws (what the docked player, the HTML
//! page, the native window and the GIF export show) for small games of our
//! own, compared with PNGs in `app/tests/frames/` that were looked at when
//! made. `UPDATE_FRAMES=1` writes them anew (look at them before keeping).

use std::path::PathBuf;
use std::sync::Arc;
use std::time::Duration;

use engine::play::{Control, Play, Progress};
use engine::render::screen::{Prompt, level_cell, screen_frame, status_height};
use engine::render::{Camera, Frame, Look, Rgba};

/// `status_line` and the `status` command: a coin picked up says so under
/// the level until the next move.
const STATUS_GAME: &str = "title Status\nstatus_line\ntext_color yellow\nbackground_color #102040\n\n\
OBJECTS\nBackground\n#203060\nPlayer\nwhite\n.000.\n.000.\n00000\n.000.\n.0.0.\nCoin\norange\n.....\n..0..\n.000.\n..0..\n.....\n\n\
LEGEND\n. = Background\nP = Player\nc = Coin\n\nSOUNDS\n\nCOLLISIONLAYERS\nBackground\nPlayer, Coin\n\n\
RULES\n[ > Player | Coin ] -> [ > Player | ] status Coin taken!\n\nWINCONDITIONS\n\nLEVELS\nPc...\n.....\n";

/// Text sprites (with `scale:`) and a canvas sprite, PuzzleScript Next's
/// objects drawn otherwise than by pixels.
const TEXT_GAME: &str = "title Letters\nsprite_size 5\n\nOBJECTS\nBackground\n#101010\n\nPlayer\nwhite\n\n\
Sign\nlightgreen\ntext: Hi\n\nBig scale:0.8\nred\ntext: A\n\nSmall scale:0.4\nyellow\ntext: z\n\n\
Ball canvas:\n{\"beginPath\":[]}{\"fillStyle\":\"#ff8000\"}{\"arc\":[0.5,0.5,0.35,0,7]}{\"fill\":[]}\n\
{\"beginPath\":[]}{\"lineWidth\":0.08}{\"strokeStyle\":\"white\"}{\"moveTo\":[0.2,0.8]}{\"lineTo\":[0.8,0.2]}{\"stroke\":[]}\n\n\
LEGEND\n. = Background\nP = Player\ns = Sign\nb = Big\nm = Small\no = Ball\n\nSOUNDS\n\n\
COLLISIONLAYERS\nBackground\nPlayer, Sign, Big, Small, Ball\n\nRULES\n\nWINCONDITIONS\n\nLEVELS\nsbmoP\n";

fn frames_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/frames")
}

/// Compare `frame` with `NAME.png` (or write it with `UPDATE_FRAMES=1`).
fn matches_png(name: &str, frame: &Frame) {
    let path = frames_dir().join(format!("{name}.png"));
    let bytes: Vec<u8> = frame.pixels.iter().flat_map(|p| p.0).collect();
    let (w, h) = (u32::try_from(frame.width).expect("width"), u32::try_from(frame.height).expect("height"));
    if std::env::var_os("UPDATE_FRAMES").is_some() {
        std::fs::create_dir_all(frames_dir()).expect("the frames folder");
        image::save_buffer(&path, &bytes, w, h, image::ExtendedColorType::Rgba8).expect("write the PNG");
        return;
    }
    let want = image::open(&path).unwrap_or_else(|e| panic!("{}: {e} (UPDATE_FRAMES=1 makes it)", path.display()));
    let want = want.to_rgba8();
    assert_eq!((want.width(), want.height()), (w, h), "{name}: the picture's size");
    let differing = want.as_raw().chunks(4).zip(bytes.chunks(4)).filter(|(a, b)| a != b).count();
    assert_eq!(differing, 0, "{name}: {differing} pixels differ from {}", path.display());
}

fn start(src: &str) -> (Play, Arc<engine::compile::Game>, Look) {
    let build = engine::build(src);
    let game = build.game.unwrap_or_else(|| panic!("{:#?}", build.diagnostics));
    let look = Look::new(&game);
    let mut play = Play::new(game.clone(), Progress::default(), Duration::ZERO);
    // Title screen: X starts the game.
    play.press(Control::Action, Duration::from_millis(10));
    play.release(Control::Action, Duration::from_millis(20));
    (play, game, look)
}

fn shot(play: &Play, game: &engine::compile::Game, look: &Look) -> Frame {
    screen_frame(look, game, &play.screen(), &mut Camera::default(), Prompt::Keys)
}

fn lit(frame: &Frame, rows: std::ops::Range<usize>, colour: Rgba) -> usize {
    rows.flat_map(|y| (0..frame.width).map(move |x| (x, y)))
        .filter(|(x, y)| frame.pixels[y * frame.width + x] == colour)
        .count()
}

#[test]
fn the_status_line_shows_what_a_rule_said_until_the_next_move() {
    let (mut play, game, look) = start(STATUS_GAME);
    let yellow = engine::render::color("yellow", &look.palette).expect("a colour");
    let before = shot(&play, &game, &look);
    // The level is drawn big enough for a line of text under it.
    let view = engine::render::View { x0: 0, y0: 0, x1: 5, y1: 2, slide: (0, 0) };
    let (cell, tall) = level_cell(&look, &game, view);
    assert_eq!((cell, tall), (5 * 16, 5 * 16), "two rows of 5-pixel cells made tall (16 times at most)");
    let level_h = 2 * cell;
    assert_eq!((before.width, before.height), (5 * cell, level_h + status_height(level_h)));
    assert_eq!(lit(&before, level_h..before.height, yellow), 0, "no status yet");
    matches_png("status_before", &before);

    play.press(Control::Right, Duration::from_millis(100));
    play.release(Control::Right, Duration::from_millis(150));
    assert_eq!(play.session().and_then(engine::run::Session::status), Some("Coin taken!"));
    let after = shot(&play, &game, &look);
    assert!(lit(&after, level_h..after.height, yellow) > 100, "the status line has text");
    assert_eq!(lit(&after, 0..level_h, yellow), 0, "and only the status line");
    matches_png("status_after", &after);

    // The next move clears it; an undo too.
    play.press(Control::Down, Duration::from_millis(400));
    play.release(Control::Down, Duration::from_millis(450));
    assert_eq!(play.session().and_then(engine::run::Session::status), None);
    assert_eq!(lit(&shot(&play, &game, &look), level_h..before.height, yellow), 0);
}

#[test]
fn text_and_canvas_sprites_are_drawn_as_words_and_shapes() {
    let (play, game, look) = start(TEXT_GAME);
    assert!(look.detail > 1, "finer cells for the letters");
    let frame = shot(&play, &game, &look);
    let (cell, tall) = look.cell_size();
    assert_eq!(cell, tall, "a square grid's cells are square");
    assert_eq!((frame.width, frame.height), (5 * cell, cell));
    let colour = |name: &str| engine::render::color(name, &look.palette).expect("a colour");
    let in_cell = |k: usize, c: Rgba| {
        (0..cell)
            .flat_map(|y| (k * cell..(k + 1) * cell).map(move |x| (x, y)))
            .filter(|(x, y)| frame.pixels[y * frame.width + x] == c)
            .count()
    };
    assert!(in_cell(0, colour("lightgreen")) > 20, "Hi");
    let big = in_cell(1, colour("red"));
    let small = in_cell(2, colour("yellow"));
    assert!(big > 4 * small && small > 5, "A at 0.8 of the cell, z at 0.4: {big} {small}");
    let orange = Rgba([255, 128, 0, 255]);
    let ball = in_cell(3, orange);
    let circle = std::f64::consts::PI * (0.35 * cell as f64).powi(2);
    assert!((ball as f64) > circle * 0.7 && (ball as f64) < circle * 1.1, "the ball: {ball} of {circle}");
    assert!(in_cell(3, Rgba::WHITE) > 10, "its stroke");
    assert_eq!(in_cell(4, Rgba::WHITE), cell * cell, "the player, a pixel sprite, fills its cell");
    matches_png("text_sprites", &frame);
}

/// Messages laid out by `message_text_align` with `\n` line breaks
/// (PuzzleScript Plus), and `text_message_continue` in `keyhint_color`.
fn message_game(align: &str) -> String {
    format!(
        "title Notes\nmessage_text_align {align}\ntext_message_continue Any key goes on\nkeyhint_color red\n\
text_color white\nbackground_color #202020\n\n\
OBJECTS\nBackground\nblack\nPlayer\nwhite\n\nLEGEND\n. = Background\nP = Player\n\nSOUNDS\n\n\
COLLISIONLAYERS\nBackground\nPlayer\n\nRULES\n\nWINCONDITIONS\n\nLEVELS\n\
message First line\\nA second, longer line\\n\\nafter a gap\n\nP.\n"
    )
}

/// The text columns (0-based) where row `row` of a text frame has ink of `colour`.
fn inked_columns(frame: &Frame, row: usize, colour: Rgba) -> Vec<usize> {
    use engine::render::text::{CELL_HEIGHT, CELL_WIDTH};
    let (x0, y0) =
        ((frame.width - engine::render::text::TEXT_SIZE.0) / 2, (frame.height - engine::render::text::TEXT_SIZE.1) / 2);
    (0..engine::render::text::TEXT_COLUMNS)
        .filter(|c| {
            (0..CELL_HEIGHT).any(|dy| {
                (0..CELL_WIDTH).any(|dx| {
                    frame.pixels[(y0 + row * CELL_HEIGHT + dy) * frame.width + x0 + c * CELL_WIDTH + dx] == colour
                })
            })
        })
        .collect()
}

#[test]
fn messages_break_at_backslash_n_and_sit_where_message_text_align_says() {
    let white = Rgba::WHITE;
    let mut first_columns = Vec::new();
    for align in ["left", "center", "right"] {
        let (play, game, look) = start(&message_game(align));
        let red = engine::render::color("red", &look.palette).expect("a colour");
        assert!(matches!(play.screen(), engine::play::Screen::Message(..)), "{align}: the first entry is the message");
        let frame = shot(&play, &game, &look);
        // Four lines (the third empty) around row 5: rows 3 to 6.
        let rows: Vec<Vec<usize>> = (0..13).map(|r| inked_columns(&frame, r, white)).collect();
        let lit_rows: Vec<usize> = (0..13).filter(|r| !rows[*r].is_empty()).collect();
        assert_eq!(lit_rows, vec![3, 4, 6], "{align}: three lines of words, an empty one between");
        let span = |r: usize| (rows[r][0], *rows[r].last().expect("ink"));
        match align {
            "left" => {
                assert_eq!(span(3).0, 0, "from the left edge");
                assert_eq!(span(4).0, 0);
                assert_eq!(span(6).0, 0);
            }
            "right" => {
                assert_eq!(span(3).1, 33, "to the right edge");
                assert_eq!(span(4).1, 33);
                assert_eq!(span(6).1, 33);
            }
            _ => {
                let (a, b) = span(4);
                assert!(a.abs_diff(33 - b) <= 1, "centred: {a}..{b}");
            }
        }
        first_columns.push(span(3).0);
        // The hint is the game's own words, in the key hint colour.
        let hint = inked_columns(&frame, 10, red);
        assert_eq!(hint.len(), "Any key goes on".chars().filter(|c| *c != ' ').count(), "{align}: {hint:?}");
        assert!(inked_columns(&frame, 10, white).is_empty(), "the hint is all red");
        matches_png(&format!("message_{align}"), &frame);
    }
    assert!(first_columns[0] < first_columns[1] && first_columns[1] < first_columns[2], "{first_columns:?}");
}

#[test]
fn a_classic_game_shows_backslash_n_as_written_and_centres_its_messages() {
    let src = "title Plain\n\nOBJECTS\nBackground\nblack\nPlayer\nwhite\n\nLEGEND\n. = Background\nP = Player\n\n\
SOUNDS\n\nCOLLISIONLAYERS\nBackground\nPlayer\n\nRULES\n\nWINCONDITIONS\n\nLEVELS\nmessage one\\ntwo\n\nP.\n";
    let (play, game, look) = start(src);
    let frame = shot(&play, &game, &look);
    let rows = engine::render::text::message_rows_with("one\\ntwo", Some("Press X to continue"));
    assert_eq!(rows[5].trim(), "one\\ntwo", "one line, the backslash shown");
    assert_eq!(frame, engine::render::text::text_frame(&look, &rows, 0, 0), "drawn as it always was");
}

/// The title screen of a PuzzleScript Next game with its own colours and
/// `text_controls` (three lines, the last wrapped).
const TITLE_GAME: &str = "title Coloured Title\nauthor Somebody\ntitle_color yellow\nauthor_color lightblue\n\
keyhint_color green\ntext_controls Arrows: walk\\n  X: wave\\nZ undoes a step, R starts the level again\n\
text_color white\nbackground_color black\n\n\
OBJECTS\nBackground\nblack\nPlayer\nwhite\n\nLEGEND\n. = Background\nP = Player\n\nSOUNDS\n\n\
COLLISIONLAYERS\nBackground\nPlayer\n\nRULES\n\nWINCONDITIONS\n\nLEVELS\nP.\n";

#[test]
fn the_title_screen_draws_title_author_and_key_help_in_their_colours() {
    let build = engine::build(TITLE_GAME);
    assert!(build.diagnostics.is_empty(), "drawn, so no warning that they are not: {:#?}", build.diagnostics);
    let game = build.game.unwrap_or_else(|| panic!("{:#?}", build.diagnostics));
    let look = Look::new(&game);
    let play = Play::new(game.clone(), Progress::default(), Duration::ZERO);
    let frame = shot(&play, &game, &look);
    let colour = |name: &str| engine::render::color(name, &look.palette).expect("a colour");
    let (yellow, blue, green) = (colour("yellow"), colour("lightblue"), colour("green"));
    assert_eq!(inked_columns(&frame, 1, yellow).len(), "ColouredTitle".len(), "the title in title_color");
    assert!(inked_columns(&frame, 1, Rgba::WHITE).is_empty());
    assert_eq!(inked_columns(&frame, 2, blue).len(), "bySomebody".len(), "the author in author_color");
    // text_controls: from the eleventh row, from the left, spaces kept.
    let help: Vec<Vec<usize>> = (10..13).map(|r| inked_columns(&frame, r, green)).collect();
    assert_eq!(help[0].first(), Some(&0), "Arrows: walk from the left edge");
    assert_eq!(help[1].first(), Some(&2), "  X: wave keeps its two spaces");
    assert_eq!(help[2].first(), Some(&0), "the third line, wrapped: {help:?}");
    let rows = engine::render::screen::screen_rows(&game, &play.screen(), Prompt::Keys).expect("text");
    assert_eq!(rows[12], "Z undoes a step, R starts the", "cut to three lines: {rows:?}");
    assert!((10..13).all(|r| inked_columns(&frame, r, Rgba::WHITE).is_empty()), "no default help");
    // The choice stays in the text colour.
    assert!(!inked_columns(&frame, 6, Rgba::WHITE).is_empty());
    matches_png("title_colours", &frame);
}
