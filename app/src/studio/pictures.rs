//! The files of PuzzleScript Next's `load_images` pictures, for the engine
//! (which reads no file itself, see `engine::images`): a path relative to
//! the game file is looked for beside it, an absolute path where it says.
//! A game not saved yet has no folder, so its relative paths are not
//! found (the engine draws them red and warns, with the reason given
//! here). The exports carry each picture they could read inside the game
//! as a `data:` URI, so an exported page or program needs no other file.
//! Imports nothing of the studio.

use std::path::{Path, PathBuf};

use base64::Engine as _;
use engine::images::{Arg, FileAnswer, Source};
use engine::options::PreludeOption;

/// The largest picture file read, in bytes.
const MAX_BYTES: u64 = 32 * 1024 * 1024;

/// Where `src` (a path as `load_images` writes it) is for a game saved at
/// `game` (`None`: not saved).
///
/// # Errors
/// Why there is no such place: a relative path and no saved game.
pub fn resolve(src: &str, game: Option<&Path>) -> Result<PathBuf, String> {
    let path = Path::new(src);
    if path.is_absolute() {
        return Ok(path.to_path_buf());
    }
    let dir = game.and_then(Path::parent).ok_or_else(|| {
        "the game is not saved yet, so there is no folder to look for it in (save the game beside the picture)"
            .to_owned()
    })?;
    Ok(dir.join(path))
}

/// The bytes of the picture file `src` for a game saved at `game`.
///
/// # Errors
/// Why it could not be read (with the path looked at).
pub fn read(src: &str, game: Option<&Path>) -> Result<Vec<u8>, String> {
    let path = resolve(src, game)?;
    let meta = std::fs::metadata(&path).map_err(|e| format!("{} cannot be opened ({e})", path.display()))?;
    if !meta.is_file() {
        return Err(format!("{} is not a file", path.display()));
    }
    if meta.len() > MAX_BYTES {
        return Err(format!("{} is larger than {} MB", path.display(), MAX_BYTES / 1024 / 1024));
    }
    std::fs::read(&path).map_err(|e| format!("{} cannot be read ({e})", path.display()))
}

/// What the studio answers the engine for a picture file of a game saved
/// at `game`.
pub fn answer(src: &str, game: Option<&Path>) -> FileAnswer {
    Some(read(src, game))
}

/// Build `text`, the game saved at `game` (`None`: not saved), reading
/// its pictures.
#[must_use]
pub fn build(text: &str, game: Option<&Path>) -> engine::Build {
    engine::build_with_files(text, &mut |src| answer(src, game))
}

/// `text` with each `load_images` file the studio can read and decode
/// written in as a `data:image/png;base64,` URI (the others as they are),
/// for the exports.
#[must_use]
pub fn embed(text: &str, game: Option<&Path>) -> String {
    let (ast, _) = engine::syntax::parse(text);
    let key = PreludeOption::LoadImages.keyword();
    // Each value's byte range and its new text, last first.
    let mut edits: Vec<(std::ops::Range<usize>, String)> = Vec::new();
    for p in ast.prelude.iter().filter(|p| p.key.text == key) {
        let (Some(value), Some(span)) = (&p.value, p.value_span) else { continue };
        let mut changed = false;
        let words: Vec<String> = engine::images::args(value)
            .into_iter()
            .map(|arg| match arg {
                Arg::Pair(name, src) if matches!(Source::of(src), Source::File(_)) => {
                    match read(src, game).ok().filter(|b| engine::images::decode_png(b).is_ok()) {
                        Some(bytes) => {
                            changed = true;
                            let data = base64::engine::general_purpose::STANDARD.encode(bytes);
                            format!("{name}=data:image/png;base64,{data}")
                        }
                        None => format!("{name}={src}"),
                    }
                }
                Arg::Pair(name, src) => format!("{name}={src}"),
                Arg::Bad(word) => word.to_owned(),
            })
            .collect();
        if changed {
            edits.push((span.start..span.end, words.join(" ")));
        }
    }
    let mut out = text.to_owned();
    for (range, new) in edits.into_iter().rev() {
        if out.is_char_boundary(range.start) && out.is_char_boundary(range.end) && range.end <= out.len() {
            out.replace_range(range, &new);
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A 2x2 PNG: red, green / blue, yellow.
    const QUAD: &str =
        "iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAFElEQVR4nGP4z8DAAMIM////ZwAAHu8E/KPItPcAAAAASUVORK5CYII=";

    fn quad() -> Vec<u8> {
        base64::engine::general_purpose::STANDARD.decode(QUAD).expect("base64")
    }

    /// A folder of its own for one test.
    fn temp_dir(test: &str) -> PathBuf {
        let dir = std::env::temp_dir().join(format!("pw-pictures-{test}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(dir.join("art")).expect("temp dir");
        dir
    }

    fn game(src: &str) -> String {
        format!(
            "title Pictures\nsprite_size 5\nload_images tiles={src} (the tiles)\n\n\
             OBJECTS\nBackground\nblack\n\nPlayer\nwhite\n\nTile canvas:\n\
             {{\"imageSmoothingEnabled\":false}}{{\"drawImage\":[\"tiles\",0,0,1,1]}}\n\n\
             LEGEND\n. = Background\nP = Player\nT = Tile\n\nSOUNDS\n\n\
             COLLISIONLAYERS\nBackground\nPlayer, Tile\n\nRULES\n\nWINCONDITIONS\n\nLEVELS\nPT\n"
        )
    }

    /// The colour at the top left quarter of the tile's cell.
    fn tile_colour(build: &engine::Build) -> engine::palette::Rgba {
        let game = build.game.as_ref().expect("compiles");
        let look = engine::render::Look::new(game);
        let f = engine::render::entry_frame(&look, game, 0).expect("a map");
        let c = look.cell_size().0;
        f.pixels[(c / 4) * f.width + c + c / 4]
    }

    #[test]
    fn a_relative_path_is_read_beside_the_game_file() {
        let dir = temp_dir("relative");
        std::fs::write(dir.join("art/tiles.png"), quad()).expect("write");
        let path = dir.join("game.txt");
        let text = game("art/tiles.png");
        let build = build(&text, Some(&path));
        assert!(build.diagnostics.is_empty(), "{:?}", build.diagnostics);
        assert_eq!(tile_colour(&build), engine::palette::Rgba([255, 0, 0, 255]));
        // An absolute path too.
        let abs = dir.join("art/tiles.png");
        let build = super::build(&game(&abs.display().to_string()), None);
        assert!(build.diagnostics.is_empty(), "{:?}", build.diagnostics);
        assert_eq!(tile_colour(&build), engine::palette::Rgba([255, 0, 0, 255]));
        // The export carries it: the same picture with no file around.
        let embedded = embed(&text, Some(&path));
        assert!(
            embedded.contains(&format!("load_images tiles=data:image/png;base64,{QUAD} (the tiles)")),
            "{embedded}"
        );
        let build = engine::build(&embedded);
        assert!(build.diagnostics.is_empty(), "{:?}", build.diagnostics);
        assert_eq!(tile_colour(&build), engine::palette::Rgba([255, 0, 0, 255]));
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn a_missing_file_or_an_unsaved_game_draws_red_and_says_where_it_looked() {
        let dir = temp_dir("missing");
        let path = dir.join("game.txt");
        let text = game("art/none.png");
        let build = build(&text, Some(&path));
        let d: Vec<(&str, &str)> = build.diagnostics.iter().map(|d| (d.code, d.message.as_str())).collect();
        assert_eq!(d.len(), 1, "{d:?}");
        assert_eq!(d[0].0, "W0146");
        assert!(d[0].1.contains(&dir.join("art/none.png").display().to_string()), "{}", d[0].1);
        assert_eq!(tile_colour(&build), engine::palette::Rgba([255, 0, 0, 255]));
        // Not saved: no folder to look in.
        let build = super::build(&text, None);
        assert_eq!(build.diagnostics.iter().map(|d| d.code).collect::<Vec<_>>(), ["W0146"]);
        assert!(build.diagnostics[0].message.contains("not saved yet"), "{}", build.diagnostics[0].message);
        // The export leaves what it cannot read as it was.
        assert_eq!(embed(&text, Some(&path)), text);
        let _ = std::fs::remove_dir_all(&dir);
    }
}
