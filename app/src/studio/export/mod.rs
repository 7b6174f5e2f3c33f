//! Exporting a game to share it: a one-file HTML page ([`html`]), a native
//! executable ([`native`]) and an animated GIF of a play session ([`gif`]).
//!
//! Every export is built in memory and written by [`write_export`]: to a
//! temporary name beside the target, then renamed, so a failed export
//! never leaves a half-written file, and never over the game being
//! exported. The command line (`puzzlewright export`) and the studio's
//! File → Export… dialog both call these functions.

pub mod gif;
pub mod html;
pub mod native;
pub mod recorder;
pub mod replay;

use std::path::{Path, PathBuf};

use crate::writers::FileMode;
use anyhow::bail;

/// The three kinds of export.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub enum ExportKind {
    /// One self-contained `.html` file.
    Html,
    /// One executable that opens straight into the game.
    Native,
    /// An animated GIF of a play session.
    Gif,
}

impl ExportKind {
    /// Every kind, in the order the dialog offers them.
    pub const ALL: [ExportKind; 3] = [ExportKind::Html, ExportKind::Native, ExportKind::Gif];

    /// A short name for menus and messages.
    #[must_use]
    pub fn label(self) -> &'static str {
        match self {
            ExportKind::Html => "HTML page",
            ExportKind::Native => "Native executable",
            ExportKind::Gif => "Animated GIF",
        }
    }

    /// The file name an export of a game with this title gets by default.
    #[must_use]
    pub fn default_file_name(self, title: &str) -> String {
        let stem = file_stem_for(title);
        match self {
            ExportKind::Html => format!("{stem}.html"),
            ExportKind::Native if cfg!(windows) => format!("{stem}.exe"),
            ExportKind::Native => stem,
            ExportKind::Gif => format!("{stem}.gif"),
        }
    }
}

/// A file name made of a game title: lower case, words joined by `-`,
/// only letters, digits, `-` and `_` (`game` when nothing is left).
#[must_use]
pub fn file_stem_for(title: &str) -> String {
    let mut stem = String::new();
    for word in title.split(|c: char| !(c.is_alphanumeric() || c == '_' || c == '-')).filter(|w| !w.is_empty()) {
        if !stem.is_empty() {
            stem.push('-');
        }
        stem.extend(word.chars().flat_map(char::to_lowercase));
    }
    if stem.is_empty() { "game".to_owned() } else { stem }
}

/// What an export wrote.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Written {
    /// Where the file went.
    pub path: PathBuf,
    /// Its size in bytes.
    pub bytes: u64,
}

impl Written {
    /// `wrote 512.3 KB to PATH`.
    #[must_use]
    pub fn summary(&self) -> String {
        format!("wrote {} to {}", human_size(self.bytes), self.path.display())
    }
}

/// A size for people: bytes, KB or MB (powers of 1000, one decimal).
#[must_use]
pub fn human_size(bytes: u64) -> String {
    match bytes {
        0..1_000 => format!("{bytes} bytes"),
        1_000..1_000_000 => format!("{:.1} KB", bytes as f64 / 1e3),
        _ => format!("{:.1} MB", bytes as f64 / 1e6),
    }
}

/// Write `bytes` to `out` through a temporary file in the same folder and a
/// rename, so `out` is either untouched or complete. Refuses to write over
/// `game` (the file being exported) or a folder. A file of
/// `FileMode::Executable` is marked executable (on Unix).
///
/// # Errors
/// When `out` is the game file or a folder, or the folder cannot be written.
pub fn write_export(out: &Path, bytes: &[u8], game: Option<&Path>, mode: FileMode) -> anyhow::Result<Written> {
    check_target(out, game)?;
    let guarded = crate::writers::Guarded { game: game.map(Path::to_path_buf), origin: None };
    if let crate::writers::Verdict::Refused(why) =
        crate::writers::verdict(out, crate::writers::Writing::Export, &guarded)
    {
        bail!(why);
    }
    crate::writers::write_atomic_as(out, bytes, mode)?;
    Ok(Written { path: out.to_path_buf(), bytes: bytes.len() as u64 })
}

/// Check, before any work, that an export can go to `out`: a file name in
/// an existing folder, and not the game file `game`. Returns the folder.
///
/// # Errors
/// When it cannot.
pub fn check_target(out: &Path, game: Option<&Path>) -> anyhow::Result<PathBuf> {
    if out.as_os_str().is_empty() {
        bail!("no output file was given");
    }
    if out.is_dir() {
        bail!("{} is a folder; give a file name", out.display());
    }
    if let Some(game) = game
        && same_file(out, game)
    {
        bail!("refusing to write the export over the game file itself ({})", game.display());
    }
    let dir = match out.parent() {
        Some(p) if !p.as_os_str().is_empty() => p.to_path_buf(),
        _ => PathBuf::from("."),
    };
    if !dir.is_dir() {
        bail!("the folder {} does not exist", dir.display());
    }
    Ok(dir)
}

/// Whether two paths name the same existing file (through links and `..`).
fn same_file(a: &Path, b: &Path) -> bool {
    match (std::fs::canonicalize(a), std::fs::canonicalize(b)) {
        (Ok(a), Ok(b)) => a == b,
        _ => false,
    }
}

/// Build the game in `source` for export: exports need a game that compiles
/// without errors and has at least one level.
///
/// # Errors
/// With the first errors when the game does not compile, or when it has no
/// level.
pub fn playable_game(source: &str) -> anyhow::Result<std::sync::Arc<engine::compile::Game>> {
    let build = engine::build(source);
    let Some(game) = build.game.clone() else {
        bail!("the game has errors, so it cannot be exported:\n  {}", build.first_errors(3));
    };
    if game.levels.is_empty() {
        bail!("the game has no levels, so there is nothing to export");
    }
    Ok(game)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn file_names_come_from_the_title() {
        assert_eq!(file_stem_for("Sokoban Garden!"), "sokoban-garden");
        assert_eq!(file_stem_for("  "), "game");
        assert_eq!(ExportKind::Html.default_file_name("A \"B\""), "a-b.html");
        assert_eq!(ExportKind::Gif.default_file_name("x"), "x.gif");
    }

    #[test]
    fn sizes_read_as_people_write_them() {
        assert_eq!(human_size(999), "999 bytes");
        assert_eq!(human_size(512_345), "512.3 KB");
        assert_eq!(human_size(41_500_000), "41.5 MB");
    }

    #[test]
    fn writes_through_a_temporary_file_and_refuses_the_game_itself() {
        let dir = std::env::temp_dir().join(format!("pw-export-write-{}", std::process::id()));
        std::fs::create_dir_all(&dir).expect("temp dir");
        let game = dir.join("game.txt");
        std::fs::write(&game, "title x").expect("write game");
        let err = write_export(&game, b"<html>", Some(&game), FileMode::Plain).expect_err("must refuse");
        assert!(err.to_string().contains("game file"), "{err}");
        // The same file through another spelling of the path.
        let other = dir.join(".").join("game.txt");
        assert!(write_export(&other, b"<html>", Some(&game), FileMode::Plain).is_err());
        assert_eq!(std::fs::read_to_string(&game).expect("read"), "title x");
        let out = dir.join("out.html");
        let written = write_export(&out, b"<html>", Some(&game), FileMode::Executable).expect("writes");
        assert_eq!(written.bytes, 6);
        assert_eq!(std::fs::read(&out).expect("read"), b"<html>");
        #[cfg(unix)]
        {
            use std::os::unix::fs::PermissionsExt as _;
            let mode = std::fs::metadata(&out).expect("meta").permissions().mode();
            assert_eq!(mode & 0o111, 0o111, "executable bits");
        }
        // Nothing temporary is left beside it.
        let left: Vec<_> = std::fs::read_dir(&dir).expect("list").flatten().map(|e| e.file_name()).collect();
        assert_eq!(left.len(), 2, "{left:?}");
        assert!(write_export(&dir, b"x", None, FileMode::Plain).is_err(), "a folder is refused");
        assert!(write_export(&dir.join("no/such/dir/x.gif"), b"x", None, FileMode::Plain).is_err());
        let _ = std::fs::remove_dir_all(&dir);
    }
}
