//! Text in PuzzleScript Next's canvas sprites, tested by what a level's
//! picture shows: a sprite that takes its font, alignment and colour from
//! another by `!include` and writes a letter with `fillText`; the same
//! sprite when what it includes is not there; `strokeText`. And the
//! warnings `check` gives for what we do not draw. Set
//! `PUZZLEWRIGHT_CANVAS_PNG_DIR` to a folder to get the pictures as PNG
//! files (uncompressed) to look at.

use engine::render::{Frame, Look, Rgba, entry_frame};

/// A Next game of 8x8 cells: the player, then the sprite `Letter` made of
/// `letter` (its canvas lines), beside `Style`, which sets the font, the
/// alignment and the fill colour.
fn game(letter: &str) -> String {
    format!(
        "title Canvas letters\nsprite_size 8\n\nOBJECTS\nBackground\n#404040\n\nPlayer\ngreen\n\n\
         Style canvas:\n{{\"font\":\"0.8px bold serif\"}} {{\"textAlign\":\"center\"}}\n{{\"fillStyle\":\"red\"}}\n\n\
         Letter canvas:\n{letter}\n\n\
         LEGEND\n. = Background\nP = Player\nL = Letter\n\nSOUNDS\n\n\
         COLLISIONLAYERS\nBackground\nPlayer, Letter, Style\n\nRULES\n\nWINCONDITIONS\n\nLEVELS\nPL\n"
    )
}

const RED: Rgba = Rgba([255, 0, 0, 255]);

/// The picture of the game's first level, and its cell size in pixels;
/// also written out as a PNG when asked.
fn picture(source: &str, name: &str) -> (Frame, usize) {
    let build = engine::build(source);
    let errors: Vec<&str> = build.diagnostics.iter().filter(|d| d.is_error()).map(|d| d.message.as_str()).collect();
    assert!(errors.is_empty(), "{errors:?}");
    let game = build.game.expect("the game compiles");
    let look = Look::new(&game);
    let (cw, ch) = look.cell_size();
    assert_eq!(cw, ch);
    let frame = entry_frame(&look, &game, 0).expect("a map");
    if let Some(dir) = std::env::var_os("PUZZLEWRIGHT_CANVAS_PNG_DIR") {
        let path = std::path::Path::new(&dir).join(format!("{name}.png"));
        std::fs::write(&path, png(&frame)).expect("write the PNG");
    }
    (frame, cw)
}

/// The pixels of `colour` in cell `col` (of the top row): (x, y) within it.
fn lit(frame: &Frame, cell: usize, col: usize, colour: Rgba) -> Vec<(usize, usize)> {
    let mut out = Vec::new();
    for y in 0..cell {
        for x in 0..cell {
            if frame.pixels[y * frame.width + col * cell + x] == colour {
                out.push((x, y));
            }
        }
    }
    out
}

fn span(v: impl Iterator<Item = usize> + Clone) -> (usize, usize) {
    (v.clone().min().unwrap_or(0), v.max().unwrap_or(0))
}

#[test]
fn an_included_style_writes_a_centred_red_letter() {
    let (frame, cell) =
        picture(&game("{\"!include\":\"STYLE\"}\n{\"fillText\":[\"A\",0.5,0.8]}"), "canvas_letter_included");
    assert_eq!(cell, 32, "8 grid pixels at a detail of 4");
    let red = lit(&frame, cell, 1, RED);
    // An A at 0.8 of a cell: 7 of its 10 font pixels tall (0.56 of the
    // cell, 18 pixels) standing on 0.8 (pixel 25.6), 5 (and a bold
    // 0.4) wide, centred.
    assert!(red.len() > 60, "a letter's worth of red: {}", red.len());
    let (x0, x1) = span(red.iter().map(|p| p.0));
    let (y0, y1) = span(red.iter().map(|p| p.1));
    let middle = (x0 + x1) as f64 / 2.0;
    assert!((middle - 16.0).abs() <= 1.5, "centred across the cell: columns {x0}..={x1}");
    assert!((11..=15).contains(&(x1 - x0)), "about 0.4 of the cell wide: {x0}..={x1}");
    assert!((7..=9).contains(&y0) && (24..=25).contains(&y1), "from 0.24 to 0.8 of the cell: rows {y0}..={y1}");
    assert!(lit(&frame, cell, 0, RED).is_empty(), "nothing red in the player's cell");
}

#[test]
fn without_what_it_includes_the_letter_is_not_red() {
    let (frame, cell) =
        picture(&game("{\"!include\":\"nothing\"}\n{\"fillText\":[\"A\",0.5,0.8]}"), "canvas_letter_missing_include");
    assert!(lit(&frame, cell, 1, RED).is_empty(), "no red without the style");
    // The letter is still written, in the canvas's black, from the cell's
    // middle (a canvas's alignment is `start`), in the default 10px font:
    // ten cells tall, so only the foot of its left stem shows.
    let black = lit(&frame, cell, 1, Rgba([0, 0, 0, 255]));
    assert!(black.len() > 50, "{}", black.len());
    let (x0, _) = span(black.iter().map(|p| p.0));
    let (_, y1) = span(black.iter().map(|p| p.1));
    assert!(x0 >= 16 && y1 <= 25, "right of the middle, above 0.8: {x0} {y1}");
    let build = engine::build(&game("{\"!include\":\"nothing\"}\n{\"fillText\":[\"A\",0.5,0.8]}"));
    assert!(
        build.diagnostics.iter().any(|d| d.code == "W0220" && d.message.contains("nothing")),
        "{:?}",
        build.diagnostics
    );
}

#[test]
fn stroked_text_right_aligned_is_outlined_in_the_stroke_colour() {
    let (frame, cell) = picture(
        &game(
            "{\"font\":\"0.8px serif\"} {\"textAlign\":\"right\"} {\"textBaseline\":\"middle\"}\n\
             {\"lineWidth\":0.1} {\"strokeStyle\":\"#0000ff\"} {\"strokeText\":[\"O\",0.9,0.5]}",
        ),
        "canvas_letter_stroked",
    );
    let blue = lit(&frame, cell, 1, Rgba([0, 0, 255, 255]));
    assert!(blue.len() > 40, "an outline: {}", blue.len());
    let (x0, x1) = span(blue.iter().map(|p| p.0));
    let (y0, y1) = span(blue.iter().map(|p| p.1));
    // The ink from 0.5 to 0.9 of the cell (pixels 16 to 28.8), the
    // stroke 1.6 pixels either side of its edges.
    assert!((28..=30).contains(&x1) && (14..=16).contains(&x0), "ends at 0.9 of the cell: {x0}..={x1}");
    // The em's middle on 0.5: the capital from 0.18 to 0.74 (pixels 5.8 to 23.7).
    assert!((4..=6).contains(&y0) && (23..=25).contains(&y1), "rows {y0}..={y1}");
    // An outline, not a fill: the O's middle is empty.
    let middle = ((x0 + x1) / 2, (y0 + y1) / 2);
    assert!(!blue.contains(&middle), "{middle:?} is inside the O");
}

#[test]
fn instructions_we_do_not_draw_are_named_once() {
    let src = game(
        "{\"!include\":\"style\"} {\"setLineDash\":[[0.1,0.1]]}\n{\"fillText\":[\"A\",0.5,0.8]} {\"setLineDash\":[[0.2]]}",
    );
    let build = engine::build(&src);
    let skipped: Vec<&engine::diag::Diagnostic> = build.diagnostics.iter().filter(|d| d.code == "W0219").collect();
    assert_eq!(skipped.len(), 1, "{:?}", build.diagnostics);
    assert!(
        skipped[0].message.contains("`setLineDash`") && skipped[0].message.contains("LETTER"),
        "{}",
        skipped[0].message
    );
    assert!(!build.diagnostics.iter().any(|d| d.code == "W0220"), "the include is found in any case");
    // It is a warning: the game builds and the letter is drawn.
    let (frame, cell) = picture(&src, "canvas_letter_skipped");
    assert!(!lit(&frame, cell, 1, RED).is_empty());
}

/// `frame` as a PNG: 8-bit RGBA, stored (not compressed) deflate blocks.
fn png(frame: &Frame) -> Vec<u8> {
    fn crc(bytes: &[u8]) -> u32 {
        let mut c = 0xffff_ffffu32;
        for &b in bytes {
            c ^= u32::from(b);
            for _ in 0..8 {
                c = if c & 1 != 0 { 0xedb8_8320 ^ (c >> 1) } else { c >> 1 };
            }
        }
        !c
    }
    fn chunk(out: &mut Vec<u8>, kind: &[u8; 4], data: &[u8]) {
        out.extend_from_slice(&u32::try_from(data.len()).expect("small").to_be_bytes());
        let mut body = kind.to_vec();
        body.extend_from_slice(data);
        out.extend_from_slice(&body);
        out.extend_from_slice(&crc(&body).to_be_bytes());
    }
    let mut raw = Vec::new();
    for row in frame.pixels.chunks(frame.width) {
        raw.push(0);
        raw.extend(row.iter().flat_map(|p| p.0));
    }
    let mut z = vec![0x78, 0x01];
    let blocks: Vec<&[u8]> = raw.chunks(65_535).collect();
    for (k, block) in blocks.iter().enumerate() {
        z.push(u8::from(k + 1 == blocks.len()));
        let n = u16::try_from(block.len()).expect("a block");
        z.extend_from_slice(&n.to_le_bytes());
        z.extend_from_slice(&(!n).to_le_bytes());
        z.extend_from_slice(block);
    }
    let (mut a, mut b) = (1u32, 0u32);
    for &byte in &raw {
        a = (a + u32::from(byte)) % 65_521;
        b = (b + a) % 65_521;
    }
    z.extend_from_slice(&((b << 16) | a).to_be_bytes());
    let mut out = b"\x89PNG\r\n\x1a\n".to_vec();
    let mut head = Vec::new();
    head.extend_from_slice(&u32::try_from(frame.width).expect("small").to_be_bytes());
    head.extend_from_slice(&u32::try_from(frame.height).expect("small").to_be_bytes());
    head.extend_from_slice(&[8, 6, 0, 0, 0]);
    chunk(&mut out, b"IHDR", &head);
    chunk(&mut out, b"IDAT", &z);
    chunk(&mut out, b"IEND", &[]);
    out
}
