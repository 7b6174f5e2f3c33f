//! PuzzleScript Next's `load_images NAME=SOURCE ...`: pictures a canvas
//! sprite draws with `{"drawImage":["NAME", ...]}`.
//!
//! The engine does no file or network IO. A source is one of three kinds
//! ([`Source`]): a `data:image/png;base64,...` URI, decoded here; a file
//! path (relative to the game file, or absolute), whose bytes the host
//! reads and hands to [`crate::build_with_files`] (the studio and the
//! command line do; a host that reads no files leaves the picture waiting);
//! and a web address, never fetched. What is drawn in place of a picture
//! that is not there follows PuzzleScript Next: solid black while it is
//! waiting to be loaded, solid red when it could not be loaded (a web
//! address, a missing file, bytes that are not a PNG); the build says why
//! in a warning.

use std::sync::Arc;

use base64::Engine as _;

use crate::diag::Diagnostic;
use crate::diag::catalogue as cat;
use crate::options::PreludeOption;
use crate::palette::Rgba;
use crate::span::Span;
use crate::syntax::ast::Ast;

/// A decoded picture: straight (not premultiplied) RGBA, row by row.
#[derive(Debug, Clone, PartialEq)]
pub struct Image {
    /// Width in pixels.
    pub width: usize,
    /// Height in pixels.
    pub height: usize,
    /// `width * height` pixels, the top row first.
    pub pixels: Vec<Rgba>,
}

/// Where a `load_images` source points.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Source<'a> {
    /// A `data:` URI (the whole of it).
    Data(&'a str),
    /// An `http://` or `https://` address (or one starting `//`).
    Web(&'a str),
    /// A file path: relative to the game file, or absolute.
    File(&'a str),
}

impl<'a> Source<'a> {
    /// The kind of `src`.
    #[must_use]
    pub fn of(src: &'a str) -> Self {
        let lower = |n: usize| src.get(..n).map(str::to_ascii_lowercase).unwrap_or_default();
        if lower(5) == "data:" {
            Source::Data(src)
        } else if lower(7) == "http://" || lower(8) == "https://" || src.starts_with("//") {
            Source::Web(src)
        } else {
            Source::File(src)
        }
    }
}

/// One `NAME=SOURCE` of a `load_images` line, or a word that is not one.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Arg<'a> {
    /// A picture's name and its source.
    Pair(&'a str, &'a str),
    /// A word without a name or without a source.
    Bad(&'a str),
}

/// The words of a `load_images` value, split at spaces as PuzzleScript
/// Next splits them; each is cut at its first `=`.
#[must_use]
pub fn args(value: &str) -> Vec<Arg<'_>> {
    value
        .split_whitespace()
        .map(|w| match w.split_once('=') {
            Some((name, src)) if !name.is_empty() && !src.is_empty() => Arg::Pair(name, src),
            _ => Arg::Bad(w),
        })
        .collect()
}

/// The `load_images` line that counts (the last, as for every option).
fn line(ast: &Ast) -> Option<(&str, Span)> {
    let key = PreludeOption::LoadImages.keyword();
    ast.prelude.iter().rev().find(|p| p.key.text == key).and_then(|p| Some((p.value.as_deref()?, p.span)))
}

/// The names a game's `load_images` gives (for the checks: a `drawImage`
/// naming none of them).
#[must_use]
pub fn names(ast: &Ast) -> Vec<&str> {
    line(ast)
        .map(|(v, _)| {
            args(v)
                .into_iter()
                .filter_map(|a| match a {
                    Arg::Pair(name, _) => Some(name),
                    Arg::Bad(_) => None,
                })
                .collect()
        })
        .unwrap_or_default()
}

/// What a canvas draws for a picture.
#[derive(Debug, Clone)]
pub enum Picture {
    /// Not loaded (yet): solid black.
    Waiting,
    /// Could not be loaded: solid red.
    Failed,
    /// The picture.
    Loaded(Arc<Image>),
}

impl Picture {
    /// The colour drawn in place of a picture that is not there.
    #[must_use]
    pub fn placeholder(&self) -> Option<Rgba> {
        match self {
            Picture::Waiting => Some(Rgba::BLACK),
            Picture::Failed => Some(Rgba([255, 0, 0, 255])),
            Picture::Loaded(_) => None,
        }
    }
}

/// One picture of `load_images`.
#[derive(Debug, Clone)]
pub struct Entry {
    /// Its name, as written.
    pub name: String,
    /// Its source, as written.
    pub src: String,
    /// The picture, or why it is not there.
    pub picture: Picture,
}

/// A game's pictures, in the order `load_images` gives them.
#[derive(Debug, Clone, Default)]
pub struct Images {
    /// Each picture.
    pub entries: Vec<Entry>,
}

impl Images {
    /// The picture called `name` (as written, else in any case).
    #[must_use]
    pub fn get(&self, name: &str) -> Option<&Picture> {
        let e = self.entries.iter().rev().find(|e| e.name == name);
        e.or_else(|| self.entries.iter().rev().find(|e| e.name.eq_ignore_ascii_case(name))).map(|e| &e.picture)
    }
}

/// What a host answers for a file path: `None` when it reads no files (the
/// picture stays waiting), else the file's bytes or why it could not read
/// them.
pub type FileAnswer = Option<Result<Vec<u8>, String>>;

/// The pictures of `ast`'s `load_images`: data URIs decoded, files asked of
/// `files` and decoded, web addresses failed (the checks warn of them).
/// The warnings say which picture is missing and why.
pub fn load(ast: &Ast, files: &mut dyn FnMut(&str) -> FileAnswer) -> (Images, Vec<Diagnostic>) {
    let mut images = Images::default();
    let mut diags = Vec::new();
    let Some((value, span)) = line(ast) else {
        return (images, diags);
    };
    for arg in args(value) {
        let Arg::Pair(name, src) = arg else { continue };
        let picture = match Source::of(src) {
            Source::Web(_) => Picture::Failed,
            Source::Data(uri) => match decode_data_uri(uri) {
                Ok(img) => Picture::Loaded(Arc::new(img)),
                Err(why) => {
                    diags.push(cat::image_unreadable(span, name, &short(src), &why));
                    Picture::Failed
                }
            },
            Source::File(path) => match files(path) {
                None => Picture::Waiting,
                Some(Err(why)) => {
                    diags.push(cat::image_file_missing(span, name, path, &why));
                    Picture::Failed
                }
                Some(Ok(bytes)) => match decode_png(&bytes) {
                    Ok(img) => Picture::Loaded(Arc::new(img)),
                    Err(why) => {
                        diags.push(cat::image_unreadable(span, name, path, &why));
                        Picture::Failed
                    }
                },
            },
        };
        images.entries.push(Entry { name: name.to_owned(), src: src.to_owned(), picture });
    }
    (images, diags)
}

/// A source shortened for a message (a data URI can be long).
fn short(src: &str) -> String {
    if src.chars().count() > 40 { format!("{}...", src.chars().take(32).collect::<String>()) } else { src.to_owned() }
}

/// The picture in a `data:image/png;base64,...` URI.
///
/// # Errors
/// Why it is not one: not base64, not a PNG, or a PNG we cannot read.
pub fn decode_data_uri(uri: &str) -> Result<Image, String> {
    let Some((head, body)) = uri.split_once(',') else {
        return Err("a data URI needs a comma before its data".to_owned());
    };
    if !head.to_ascii_lowercase().ends_with(";base64") {
        return Err("only base64 data URIs are read".to_owned());
    }
    let body: String = body.chars().filter(|c| !c.is_ascii_whitespace()).collect();
    let bytes = base64::engine::general_purpose::STANDARD
        .decode(body.as_bytes())
        .or_else(|_| base64::engine::general_purpose::STANDARD_NO_PAD.decode(body.trim_end_matches('=').as_bytes()))
        .map_err(|e| format!("its data is not base64 ({e})"))?;
    decode_png(&bytes)
}

/// The largest picture we decode, in pixels each way.
pub const MAX_SIDE: u32 = 4096;

/// A PNG file's picture, as RGBA.
///
/// # Errors
/// Why it could not be read (not a PNG, too large, broken).
#[cfg(not(feature = "png"))]
pub fn decode_png(_bytes: &[u8]) -> Result<Image, String> {
    Err("this player was built without a PNG decoder (the web page of an HTML export)".to_owned())
}

/// A PNG file's picture, as RGBA.
///
/// # Errors
/// Why it could not be read (not a PNG, too large, broken).
#[cfg(feature = "png")]
pub fn decode_png(bytes: &[u8]) -> Result<Image, String> {
    let mut decoder = png::Decoder::new(std::io::Cursor::new(bytes));
    decoder.set_transformations(png::Transformations::normalize_to_color8());
    let mut reader = decoder.read_info().map_err(|e| format!("it is not a PNG we can read ({e})"))?;
    let (w, h) = (reader.info().width, reader.info().height);
    if w > MAX_SIDE || h > MAX_SIDE {
        return Err(format!("it is {w}x{h} pixels, more than {MAX_SIDE} each way"));
    }
    let size = reader.output_buffer_size().ok_or("it is too large")?;
    let mut buf = vec![0u8; size];
    let frame = reader.next_frame(&mut buf).map_err(|e| format!("it is a broken PNG ({e})"))?;
    let (width, height) = (frame.width as usize, frame.height as usize);
    let channels = frame.color_type.samples();
    let stride = frame.line_size;
    let mut pixels = Vec::with_capacity(width * height);
    for y in 0..height {
        let row = buf.get(y * stride..y * stride + width * channels).ok_or("it is a broken PNG")?;
        for px in row.chunks_exact(channels) {
            pixels.push(match *px {
                [g] => Rgba([g, g, g, 255]),
                [g, a] => Rgba([g, g, g, a]),
                [r, g, b] => Rgba([r, g, b, 255]),
                [r, g, b, a, ..] => Rgba([r, g, b, a]),
                [] => Rgba::TRANSPARENT,
            });
        }
    }
    Ok(Image { width, height, pixels })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A 2x1 PNG: a red pixel, then a half-transparent blue one.
    const TWO: &str = "data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAIAAAABCAYAAAD0In+KAAAADklEQVR4nGP4z8AAQg0AD3oDfnfpf5cAAAAASUVORK5CYII=";

    #[test]
    fn sources_are_data_web_or_files() {
        assert_eq!(Source::of("DATA:image/png;base64,xx"), Source::Data("DATA:image/png;base64,xx"));
        assert_eq!(Source::of("https://example.com/a.png"), Source::Web("https://example.com/a.png"));
        assert_eq!(Source::of("//cdn/a.png"), Source::Web("//cdn/a.png"));
        assert_eq!(Source::of("art/a.png"), Source::File("art/a.png"));
        assert_eq!(Source::of("/home/me/a.png"), Source::File("/home/me/a.png"));
    }

    #[test]
    fn args_are_name_equals_source_split_at_spaces() {
        assert_eq!(
            args("a=x.png  b=data:x;base64,QQ== c =d"),
            [Arg::Pair("a", "x.png"), Arg::Pair("b", "data:x;base64,QQ=="), Arg::Bad("c"), Arg::Bad("=d")]
        );
    }

    #[test]
    fn a_png_data_uri_decodes_to_its_pixels() {
        let img = decode_data_uri(TWO).expect("decodes");
        assert_eq!((img.width, img.height), (2, 1));
        assert_eq!(img.pixels, [Rgba([255, 0, 0, 255]), Rgba([0, 0, 255, 128])]);
        assert!(decode_data_uri("data:image/png;base64,!!!").is_err());
        assert!(decode_data_uri("data:image/png;base64,QUJD").expect_err("not a png").contains("PNG"));
        assert!(decode_data_uri("data:text/plain,hello").is_err());
    }

    /// A 2x2 picture: red, green / blue, yellow.
    const QUAD: &str = "data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAFElEQVR4nGP4z8DAAMIM////ZwAAHu8E/KPItPcAAAAASUVORK5CYII=";

    /// A PuzzleScript Next game of ours: `sprite_size 5`, the player a
    /// white block, the tile a canvas sprite drawing `DRAW` with the
    /// picture `tiles` from `SRC`; one level, the player left of the tile.
    fn game(src: &str, draw: &str) -> String {
        format!(
            "title Pictures\nsprite_size 5\nload_images tiles={src}\n\n\
             OBJECTS\nBackground\nblack\n\nPlayer\nwhite\n\nTile canvas:\n{draw}\n\n\
             LEGEND\n. = Background\nP = Player\nT = Tile\n\nSOUNDS\n\n\
             COLLISIONLAYERS\nBackground\nPlayer, Tile\n\nRULES\n\nWINCONDITIONS\n\nLEVELS\nPT\n"
        )
    }

    const SHARP_WHOLE: &str = r#"{"imageSmoothingEnabled":false}{"drawImage":["tiles",0,0,2,2,0,0,1,1]}"#;

    /// The level's picture and its cell's side in pixels.
    fn frame(build: &crate::Build) -> (crate::render::Frame, usize) {
        let errors: Vec<&str> = build.diagnostics.iter().filter(|d| d.is_error()).map(|d| d.message.as_str()).collect();
        assert!(errors.is_empty(), "{errors:?}");
        let game = build.game.as_ref().expect("the game compiles");
        let look = crate::render::Look::new(game);
        let frame = crate::render::entry_frame(&look, game, 0).expect("a map");
        let cell = look.cell_size().0;
        assert_eq!(frame.width, 2 * cell, "two cells across");
        (frame, cell)
    }

    fn at(f: &crate::render::Frame, x: usize, y: usize) -> Rgba {
        f.pixels[y * f.width + x]
    }

    const RED: Rgba = Rgba([255, 0, 0, 255]);
    const GREEN: Rgba = Rgba([0, 255, 0, 255]);
    const BLUE: Rgba = Rgba([0, 0, 255, 255]);
    const YELLOW: Rgba = Rgba([255, 255, 0, 255]);

    #[test]
    fn a_canvas_sprite_draws_a_data_uri_picture_over_its_cell() {
        let build = crate::build(&game(QUAD, SHARP_WHOLE));
        assert!(build.diagnostics.is_empty(), "{:?}", build.diagnostics);
        let (f, c) = frame(&build);
        // The tile's cell is the second: each quarter of it one picture pixel.
        let (q1, q3) = (c / 4, 3 * c / 4);
        assert_eq!(at(&f, c + q1, q1), RED);
        assert_eq!(at(&f, c + q3, q1), GREEN);
        assert_eq!(at(&f, c + q1, q3), BLUE);
        assert_eq!(at(&f, c + q3, q3), YELLOW);
        assert_eq!(at(&f, c / 2, c / 2), Rgba::WHITE, "the player's cell is its own");
        // Every pixel of the tile's cell is one of the four colours.
        for y in 0..c {
            for x in c..2 * c {
                assert!([RED, GREEN, BLUE, YELLOW].contains(&at(&f, x, y)), "({x}, {y}) {:?}", at(&f, x, y));
            }
        }
    }

    #[test]
    fn draw_image_takes_a_canvas_s_three_argument_forms() {
        // (x, y): the picture at its own size, one picture pixel a cell,
        // so from the cell's middle only its red top-left pixel shows.
        let build = crate::build(&game(QUAD, r#"{"imageSmoothingEnabled":false}{"drawImage":["tiles",0.5,0.5]}"#));
        let (f, c) = frame(&build);
        assert!(at(&f, c + c / 4, c / 4).0[3] == 255 && at(&f, c + c / 4, c / 4) == Rgba::BLACK, "background above");
        assert_eq!(at(&f, c + 3 * c / 4, 3 * c / 4), RED);
        // (x, y, w, h): the whole picture in the right half.
        let build = crate::build(&game(QUAD, r#"{"imageSmoothingEnabled":false}{"drawImage":["tiles",0.5,0,0.5,1]}"#));
        let (f, c) = frame(&build);
        assert_eq!(at(&f, c + c / 4, c / 4), Rgba::BLACK, "nothing in the left half");
        assert_eq!(at(&f, c + c / 2 + c / 8, c / 4), RED);
        assert_eq!(at(&f, c + c - c / 8, 3 * c / 4), YELLOW);
        // (sx, sy, sw, sh, x, y, w, h): the green pixel alone, over the cell.
        let build =
            crate::build(&game(QUAD, r#"{"imageSmoothingEnabled":false}{"drawImage":["tiles",1,0,1,1,0,0,1,1]}"#));
        let (f, c) = frame(&build);
        assert!((0..c).all(|y| (c..2 * c).all(|x| at(&f, x, y) == GREEN)));
        // Smoothing on (a canvas's default): the middle is a blend, the
        // corners still the corner pixels' colours.
        let build = crate::build(&game(QUAD, r#"{"drawImage":["tiles",0,0,1,1]}"#));
        let (f, c) = frame(&build);
        assert_eq!(at(&f, c + 1, 1), RED);
        let mid = at(&f, c + c / 2, c / 2);
        assert!(![RED, GREEN, BLUE, YELLOW].contains(&mid), "{mid:?}");
    }

    #[test]
    fn a_web_address_is_drawn_red_with_a_warning_that_says_to_save_it() {
        let build = crate::build(&game("https://example.com/tiles.png", SHARP_WHOLE));
        let w: Vec<&crate::diag::Diagnostic> = build.diagnostics.iter().collect();
        assert_eq!(w.len(), 1, "{w:?}");
        assert_eq!(w[0].code, "W0145");
        assert_eq!(w[0].span.line, 3);
        assert!(w[0].message.contains("`tiles`") && w[0].message.contains("beside the game"), "{}", w[0].message);
        let (f, c) = frame(&build);
        assert!((0..c).all(|y| (c..2 * c).all(|x| at(&f, x, y) == RED)));
    }

    #[test]
    fn files_come_from_the_host_and_a_missing_one_is_red() {
        let bytes = decode_base64_for_test(QUAD);
        let mut asked = Vec::new();
        let build = crate::build_with_files(&game("art/tiles.png", SHARP_WHOLE), &mut |p| {
            asked.push(p.to_owned());
            Some(Ok(bytes.clone()))
        });
        assert_eq!(asked, ["art/tiles.png"]);
        assert!(build.diagnostics.is_empty(), "{:?}", build.diagnostics);
        let (f, c) = frame(&build);
        assert_eq!(at(&f, c + c / 4, c / 4), RED);
        assert_eq!(at(&f, c + 3 * c / 4, 3 * c / 4), YELLOW);
        // Not there: red, and a warning with the path and the reason.
        let build =
            crate::build_with_files(&game("art/tiles.png", SHARP_WHOLE), &mut |_| Some(Err("no such file".to_owned())));
        let codes: Vec<&str> = build.diagnostics.iter().map(|d| d.code).collect();
        assert_eq!(codes, ["W0146"]);
        assert!(
            build.diagnostics[0].message.contains("art/tiles.png: no such file"),
            "{}",
            build.diagnostics[0].message
        );
        let (f, c) = frame(&build);
        assert_eq!(at(&f, c + c / 2, c / 2), RED);
        // A host that reads no files: black, as while a picture loads, and
        // no warning.
        let build = crate::build(&game("art/tiles.png", SHARP_WHOLE));
        assert!(build.diagnostics.is_empty(), "{:?}", build.diagnostics);
        let (f, c) = frame(&build);
        assert_eq!(at(&f, c + c / 2, c / 2), Rgba::BLACK);
        // Bytes that are not a PNG: red, W0147.
        let build = crate::build_with_files(&game("art/tiles.png", SHARP_WHOLE), &mut |_| Some(Ok(b"GIF89a".to_vec())));
        assert_eq!(build.diagnostics.iter().map(|d| d.code).collect::<Vec<_>>(), ["W0147"]);
    }

    #[test]
    fn a_malformed_argument_is_skipped_with_a_warning() {
        let src = game(QUAD, SHARP_WHOLE).replace("load_images tiles=", "load_images broken tiles=");
        let build = crate::build(&src);
        let codes: Vec<(&str, u32)> = build.diagnostics.iter().map(|d| (d.code, d.span.line)).collect();
        assert_eq!(codes, [("W0144", 3)]);
        assert!(build.diagnostics[0].message.contains("\"broken\""));
        // The good one still draws.
        let (f, c) = frame(&build);
        assert_eq!(at(&f, c + c / 4, c / 4), RED);
        // A drawImage naming a picture that is not loaded: warned, nothing drawn.
        let src = game(QUAD, r#"{"drawImage":["villain",0,0,1,1]}"#);
        let build = crate::build(&src);
        assert_eq!(build.diagnostics.iter().map(|d| d.code).collect::<Vec<_>>(), ["W0221"]);
        let (f, c) = frame(&build);
        assert_eq!(at(&f, c + c / 2, c / 2), Rgba::BLACK, "the background shows");
    }

    fn decode_base64_for_test(uri: &str) -> Vec<u8> {
        let body = uri.split_once(',').expect("a comma").1;
        base64::engine::general_purpose::STANDARD.decode(body).expect("base64")
    }
}
