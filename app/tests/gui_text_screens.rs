//! The docked player's text screens in a PuzzleScript Plus/Next game
//! (issue 35 item 1), checked by what they draw: a message laid out by
//! `message_text_align` with `\n` line breaks and the game's own hint
//! (`text_message_continue`) in `keyhint_color`; the title in
//! `title_color`, the author in `author_color` and `text_controls` under
//! the choices.

use egui_kittest::Harness;
use egui_kittest::kittest::Queryable as _;
use studio::app::Persisted;
use studio::layout::PanelId;
use studio::{Startup, StudioApp};

mod support;

const GAME: &str = "title Notes
author Somebody
title_color yellow
author_color #00ffff
keyhint_color #ff0000
text_color #ffffff
background_color #000000
message_text_align right
text_message_continue Any key goes on
text_controls Arrows: walk\\n  X: wave

OBJECTS
Background
black
Player
white

LEGEND
. = Background
P = Player

SOUNDS

COLLISIONLAYERS
Background
Player

RULES

WINCONDITIONS

LEVELS
message First line\\nA second, longer line\\n\\nafter a gap

P.
";

/// The player alone on the game's title screen.
fn on_title() -> Harness<'static, StudioApp> {
    // A fixed folder: the status bar shows the path in the snapshot.
    let dir = std::env::temp_dir().join("puzzlewright-gui-text-screens");
    std::fs::create_dir_all(&dir).expect("temp dir");
    let path = dir.join("notes.txt");
    std::fs::write(&path, GAME).expect("write the game");
    let mut harness = support::harness(support::app(Startup::File(path), Persisted::default()), [600.0, 400.0], false);
    harness.state_mut().doc.finish_build();
    support::solo(&mut harness, PanelId::Player);
    harness.run_steps(4);
    assert!(harness.state().panels.player.on_title());
    harness
}

/// The pixels of the harness's picture matching `want`, as (x, y).
fn pixels_where(image: &image::RgbaImage, want: impl Fn([u8; 4]) -> bool) -> Vec<(u32, u32)> {
    image.enumerate_pixels().filter(|(_, _, p)| want(p.0)).map(|(x, y, _)| (x, y)).collect()
}

/// Bands of consecutive rows holding any of `points`: (top, bottom, left, right).
fn bands(points: &[(u32, u32)]) -> Vec<(u32, u32, u32, u32)> {
    let mut ys: Vec<u32> = points.iter().map(|p| p.1).collect();
    ys.sort_unstable();
    ys.dedup();
    let mut out: Vec<(u32, u32, u32, u32)> = Vec::new();
    for y in ys {
        let row: Vec<u32> = points.iter().filter(|p| p.1 == y).map(|p| p.0).collect();
        let (l, r) = (*row.iter().min().expect("ink"), *row.iter().max().expect("ink"));
        match out.last_mut() {
            Some(b) if y <= b.1 + 2 => *b = (b.0, y, b.2.min(l), b.3.max(r)),
            _ => out.push((y, y, l, r)),
        }
    }
    out
}

#[test]
fn the_title_and_a_message_are_drawn_in_the_games_layout_and_colours() {
    let mut harness = on_title();
    assert!(harness.query_by_label_contains("X: wave").is_some(), "text_controls under the choices");
    let yellow = |p: [u8; 4]| p[0] > 200 && p[1] > 180 && p[2] < 140;
    let cyan = |p: [u8; 4]| p[0] < 80 && p[1] > 200 && p[2] > 200;
    let red = |p: [u8; 4]| p[0] > 200 && p[1] < 80 && p[2] < 80;
    let white = |p: [u8; 4]| p[0] > 200 && p[1] > 200 && p[2] > 200;
    let rendered = harness.render();
    match &rendered {
        Ok(image) => {
            let (title, author, keys) =
                (pixels_where(image, yellow), pixels_where(image, cyan), pixels_where(image, red));
            assert!(
                title.len() > 100 && author.len() > 50 && keys.len() > 50,
                "{} {} {}",
                title.len(),
                author.len(),
                keys.len()
            );
            let bottom = |v: &[(u32, u32)]| v.iter().map(|p| p.1).max().unwrap_or(0);
            let top = |v: &[(u32, u32)]| v.iter().map(|p| p.1).min().unwrap_or(0);
            assert!(bottom(&title) < top(&author), "the author under the title");
            assert!(bottom(&author) < top(&keys), "the keys at the bottom");
            assert_eq!(bands(&keys).len(), 2, "two lines of key help: {:?}", bands(&keys));
        }
        Err(err) if support::rendering_required() => panic!("cannot render headless: {err}"),
        Err(err) => eprintln!("skipping the title's pixels: {err}"),
    }
    support::snapshot(&mut harness, "player_title_colours");

    harness.get_by_label("Start a new game").click();
    harness.run_steps(3);
    assert!(!harness.state().panels.player.on_title());
    assert!(harness.state().panels.player.board_rect().is_none(), "on the message, no board drawn");
    match harness.render() {
        Ok(image) => {
            let board = harness.state().panels.player.hint_rect().expect("the hint strip");
            let scale = harness.ctx.pixels_per_point();
            // Between the player's header and its key hint strip; the
            // pointer (a small white arrow where the title was clicked) aside.
            let screen = |p: &(u32, u32)| (p.1 as f32) < board.min.y * scale && p.1 as f32 > 90.0 * scale;
            let words: Vec<(u32, u32)> = pixels_where(&image, white).into_iter().filter(screen).collect();
            let lines: Vec<_> = bands(&words).into_iter().filter(|b| b.3 - b.2 > 30).collect();
            assert_eq!(lines.len(), 3, "three lines of words (the fourth empty): {lines:?}");
            let rights: Vec<u32> = lines.iter().map(|b| b.3).collect();
            let lefts: Vec<u32> = lines.iter().map(|b| b.2).collect();
            assert!(rights.iter().all(|r| r.abs_diff(rights[0]) <= 3), "right aligned: {lines:?}");
            assert!(lefts[1] + 20 < lefts[0] && lefts[1] + 20 < lefts[2], "ragged on the left: {lines:?}");
            assert!(lines[2].0 - lines[1].1 > lines[1].0 - lines[0].1 + 8, "an empty line before the last");
            let hint = pixels_where(&image, red);
            assert!(hint.len() > 50, "the game's hint in its key hint colour");
            assert!(hint.iter().all(|p| p.1 > lines[2].1), "under the message");
        }
        Err(err) if support::rendering_required() => panic!("cannot render headless: {err}"),
        Err(err) => eprintln!("skipping the message's pixels: {err}"),
    }
    support::snapshot(&mut harness, "player_message_right");
}
