//! Sprites wider and taller than 32 pixels (PuzzleScript Next sets no
//! limit: Tapaban's prompts are 45 pixels wide and 75 high): read whole,
//! turned and copied whole, drawn whole, painted anywhere, checked whole,
//! and a sprite past [`PixelRow::MAX`] reported, never a panic.

use super::{Look, Rgba, color, entry_frame};
use crate::analyze::{AnalyzeOptions, analyze};
use crate::edit::objects::{ObjectEditError, resize_sprite, set_pixel};
use crate::syntax::ast::PixelRow;

/// A sprite row 45 pixels wide: transparent but for colour 0 (red) at
/// column 40 and colour 1 (blue) at column 44.
fn banner_row() -> String {
    let mut row = vec![b'.'; 45];
    row[40] = b'0';
    row[44] = b'1';
    String::from_utf8(row).unwrap_or_default()
}

/// A game of ours: 5x5 cells, a Banner 45 pixels wide and 7 high at the
/// bottom-left cell of a 10 x 2 level (it reaches nine cells right and a
/// row and a half up, over the player's cell); the player a white block
/// at the top right.
fn game_text() -> String {
    let rows: String = (0..7).map(|_| banner_row() + "\n").collect();
    format!(
        "title Banner\nsprite_size 5\n\nOBJECTS\nBackground\nblack\n\nPlayer\nwhite\n\n\
         Banner\nred blue\n{rows}\n\
         Mirror copy:Banner flip:left\nred blue\n\nTurned copy:Banner rot:up:right\nred blue\n\n\
         LEGEND\n. = Background\nP = Player\nB = Banner\n\nSOUNDS\n\n\
         COLLISIONLAYERS\nBackground\nPlayer\nBanner, Mirror, Turned\n\n\
         RULES\n\nWINCONDITIONS\n\nLEVELS\n.........P\nB.........\n"
    )
}

#[test]
fn a_45_pixel_row_is_read_whole() {
    let src = game_text();
    let (ast, diags) = crate::syntax::parse(&src);
    assert!(diags.is_empty(), "{diags:?}");
    let banner = ast.objects.iter().find(|o| o.name.text == "banner").expect("the banner");
    assert_eq!(banner.sprite.len(), 7);
    for row in &banner.sprite {
        assert_eq!(row.len(), 45);
        assert_eq!((row[40], row[44], row[39]), (Some(0), Some(1), None));
    }
    assert_eq!(banner.sprite_rows[0].text.len(), 45, "the row's text, for the editors");
}

#[test]
fn copies_and_transforms_keep_every_column() {
    let src = game_text();
    let (ast, _) = crate::syntax::parse(&src);
    let def = |name: &str| ast.objects.iter().find(|o| o.name.text == name).expect("an object");
    let (mirror, _) = crate::compile::sprites::final_sprite(&ast, def("mirror"));
    assert_eq!(mirror.len(), 7);
    assert!(mirror.iter().all(|r| r.len() == 45 && r[4] == Some(0) && r[0] == Some(1)), "{mirror:?}");
    let (turned, _) = crate::compile::sprites::final_sprite(&ast, def("turned"));
    assert_eq!((turned.len(), turned[0].len()), (45, 7), "turned a quarter: 7 wide, 45 high");
    assert!(turned[40].iter().all(|p| *p == Some(0)) && turned[44].iter().all(|p| *p == Some(1)));
}

#[test]
fn a_45_pixel_sprite_is_drawn_past_column_32() {
    let build = crate::build(&game_text());
    let errors: Vec<_> = build.diagnostics.iter().filter(|d| d.is_error()).collect();
    assert!(errors.is_empty(), "{errors:?}");
    let game = build.game.expect("the game compiles");
    let look = Look::new(&game);
    assert_eq!(look.cell_size(), (5, 5));
    let frame = entry_frame(&look, &game, 0).expect("a map");
    assert_eq!((frame.width, frame.height), (50, 10));
    let c = |name: &str| color(name, &look.palette).expect("a colour");
    let (red, blue, white) = (c("red"), c("blue"), c("white"));
    let at = |x: usize, y: usize| frame.pixels[y * frame.width + x];
    let rows_of = |x: usize, want: Rgba| (0..frame.height).filter(|&y| at(x, y) == want).collect::<Vec<_>>();
    let columns_of = |y: usize, want: Rgba| (0..frame.width).filter(|&x| at(x, y) == want).collect::<Vec<_>>();
    // Bottom-left on its cell's bottom-left (y 5..10): the 7 rows are y 3..10.
    assert_eq!(rows_of(40, red), (3..10).collect::<Vec<_>>(), "column 40 is drawn");
    assert_eq!(rows_of(44, blue), (3..10).collect::<Vec<_>>(), "column 44 is drawn");
    for y in 3..10 {
        assert_eq!(columns_of(y, red), [40]);
        assert_eq!(columns_of(y, blue), [44]);
    }
    // The player's block (x 45..50, y 0..5) is left alone: the banner ends at x 44.
    assert_eq!(columns_of(4, white), (45..50).collect::<Vec<_>>());
}

#[test]
fn the_painter_edits_any_column_of_a_wide_sprite() {
    let src = game_text();
    let (ast, _) = crate::syntax::parse(&src);
    let edit = set_pixel(&src, &ast, "banner", 42, 6, Some(1)).expect("pixel 42 of the last row");
    let changed = edit.apply(&src).expect("applies");
    let (after, _) = crate::syntax::parse(&changed);
    let banner = after.objects.iter().find(|o| o.name.text == "banner").expect("the banner");
    assert_eq!(banner.sprite[6][42], Some(1));
    assert_eq!(banner.sprite[5][42], None);
    // Made wider than 45 and back; past the largest size refused.
    let wider = resize_sprite(&src, &ast, "banner", 60, 7).ok().and_then(|e| e.apply(&src)).expect("resized");
    let (after, _) = crate::syntax::parse(&wider);
    let banner = after.objects.iter().find(|o| o.name.text == "banner").expect("the banner");
    assert!(banner.sprite.iter().all(|r| r.len() == 60 && r[44] == Some(1)));
    let max = PixelRow::MAX;
    assert!(resize_sprite(&src, &ast, "banner", max, max).is_ok());
    assert_eq!(resize_sprite(&src, &ast, "banner", max + 1, 7), Err(ObjectEditError::BadSprite));
}

#[test]
fn a_colour_used_only_past_column_32_is_used() {
    let found = analyze(&crate::build(&game_text()), &AnalyzeOptions::default());
    assert!(!found.iter().any(|d| d.code == "A0103"), "{found:#?}");
    // A third colour no pixel uses is still found.
    let src = game_text().replace("Banner\nred blue\n", "Banner\nred blue green\n");
    let found = analyze(&crate::build(&src), &AnalyzeOptions::default());
    assert_eq!(found.iter().filter(|d| d.code == "A0103").count(), 1, "{found:#?}");
}

#[test]
fn a_sprite_past_the_largest_size_is_reported_once_and_cut() {
    let max = PixelRow::MAX;
    let codes = |src: &str| {
        let (ast, diags) = crate::syntax::parse(src);
        let codes: Vec<&str> = diags.iter().map(|d| d.code).collect();
        (ast, codes, diags)
    };
    // Rows one pixel too wide, three of them: one error, at the first cut pixel.
    let wide = "0".repeat(max + 1);
    let src = game_text().replace(&format!("{}\n", banner_row()), &format!("{wide}\n"));
    let (ast, found, diags) = codes(&src);
    assert_eq!(found, ["E0218"]);
    let at = src.find(&wide).expect("the row") + max;
    assert_eq!((diags[0].span.start, diags[0].span.end), (at, at + 1));
    assert!(diags[0].message.contains("BANNER") && diags[0].message.contains("128x128"), "{}", diags[0].message);
    let banner = ast.objects.iter().find(|o| o.name.text == "banner").expect("the banner");
    assert!(banner.sprite.iter().all(|r| r.len() == max));
    let build = crate::build(&src);
    assert!(build.diagnostics.iter().any(|d| d.code == "E0218" && d.is_error()));
    // Too many rows, in a Plus game and in a classic one (rows of four: a
    // classic sprite ends after five rows of five).
    for prelude in ["sprite_size 5\n", ""] {
        let rows: String = (0..max + 3).map(|_| "0000\n").collect();
        let src = format!(
            "title Tall\n{prelude}\nOBJECTS\nBackground\nblack\n\nPlayer\nwhite\n{rows}\n\
             LEGEND\n. = Background\nP = Player\n\nSOUNDS\n\nCOLLISIONLAYERS\nBackground\nPlayer\n\n\
             RULES\n\nWINCONDITIONS\n\nLEVELS\nP.\n"
        );
        let (ast, found, diags) = codes(&src);
        assert_eq!(found, ["E0218"], "{prelude:?}");
        let line = src[..diags[0].span.start].matches('\n').count();
        assert_eq!(line, src.find("0000").map(|i| src[..i].matches('\n').count() + max).unwrap_or(0));
        let player = ast.objects.iter().find(|o| o.name.text == "player").expect("the player");
        assert_eq!(player.sprite.len(), max, "{prelude:?}");
        assert!(crate::build(&src).diagnostics.iter().any(|d| d.code == "E0218"));
    }
}
