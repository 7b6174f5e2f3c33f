//! Every file the studio writes goes through here, under four rules:
//!
//! 1. A prompt proposes a name of the write's own kind in a sensible
//!    folder ([`proposed_path`]): `sound-49001100.wav` beside the game or in
//!    the home folder, never the game's own path for an export.
//! 2. An existing file is replaced only after the author said so
//!    ([`Verdict::Confirm`]); the studio's own files (recovery, settings)
//!    are the exception, and so are exports ([`Writing::Export`]), whose
//!    window asks before replacing and whose command line names its target.
//! 3. Nothing but a save of the game is ever written over the open game's
//!    file ([`Verdict::Refused`]).
//! 4. Every write goes to a temporary file in the target's folder and is
//!    then renamed over the target ([`write_atomic`]), so a crash mid-write
//!    leaves the old file whole.
//!
//! This module decides and writes; the app asks the author and reports.
//! The command line writes through it too (`sfx --wav`, `trace --case`,
//! `export`, `test --update`), so no file anywhere is half written.

use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};

use anyhow::Context as _;

/// What is being written.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Writing {
    /// The game's text (Save, Save As).
    Game,
    /// A sound seed as a WAV file.
    Wav(i64),
    /// The autosaved copy of unsaved text, or its note of which file it belongs to.
    Recovery,
    /// The studio's settings (layout, recent files, favourites, sound).
    Settings,
    /// A play session saved from the debugger as a conformance test.
    Test,
    /// An export (HTML page, native program, GIF): File → Export… and
    /// `puzzlewright export` ask nobody, so they write over an existing
    /// file as a command-line tool does, but never over the game.
    Export,
}

impl Writing {
    /// What the write is, in a sentence ("the sound 1234").
    #[must_use]
    pub fn describe(self) -> String {
        match self {
            Writing::Game => "the game".to_owned(),
            Writing::Wav(seed) => format!("the sound {seed}"),
            Writing::Recovery => "the recovery copy".to_owned(),
            Writing::Settings => "the settings".to_owned(),
            Writing::Test => "the session as a test".to_owned(),
            Writing::Export => "the export".to_owned(),
        }
    }
}

/// The open game's files: where it is saved and, when it was opened as a
/// copy (an exported page, a file with bytes that are not UTF-8), the file
/// it came from. Only a save of the game may replace either.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Guarded {
    /// Where the game is saved, if anywhere.
    pub game: Option<PathBuf>,
    /// The file the game was opened from as a copy, if it was.
    pub origin: Option<PathBuf>,
}

impl Guarded {
    /// True when `target` is one of the game's files.
    #[must_use]
    pub fn holds(&self, target: &Path) -> bool {
        self.game.iter().chain(&self.origin).any(|g| same_file(g, target))
    }
}

/// What to do about writing to a path.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Verdict {
    /// Write it.
    Write,
    /// The file exists: ask the author before replacing it.
    Confirm,
    /// Never write there; the reason, for the status line.
    Refused(String),
}

/// Judge writing `what` to `target` while the game's files are `guarded`.
#[must_use]
pub fn verdict(target: &Path, what: Writing, guarded: &Guarded) -> Verdict {
    if target.as_os_str().is_empty() {
        return Verdict::Refused("no file name was given; nothing was written".to_owned());
    }
    if target.is_dir() {
        return Verdict::Refused(format!("{} is a folder; nothing was written", target.display()));
    }
    let is_game = guarded.holds(target);
    match what {
        Writing::Game => {
            let is_save = guarded.game.as_deref().is_some_and(|g| same_file(g, target));
            if is_save || !target.exists() { Verdict::Write } else { Verdict::Confirm }
        }
        _ if is_game => Verdict::Refused(format!(
            "{} is the open game: {} was not written over it. Choose another name.",
            target.display(),
            what.describe()
        )),
        Writing::Recovery | Writing::Settings | Writing::Export => Verdict::Write,
        Writing::Wav(_) | Writing::Test => {
            if target.exists() {
                Verdict::Confirm
            } else {
                Verdict::Write
            }
        }
    }
}

/// Whether the person said yes to replacing the file a write would replace.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Replace {
    /// Not asked, or not yet: an existing file that needs a yes is kept.
    Unconfirmed,
    /// Asked, and they said yes.
    Confirmed,
}

/// How a written file may be used.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum FileMode {
    /// A document (a game, a page, a picture, a sound).
    Plain,
    /// A program: made executable (on Unix; a program exported for this
    /// platform).
    Executable,
}

/// Write `bytes` as `what` to `target`: refused over the game's files unless
/// `what` is the game, refused over an existing file unless the person
/// said yes (`Replace::Confirmed`) or the file is the studio's own, and
/// always through [`write_atomic`].
pub fn write(target: &Path, what: Writing, bytes: &[u8], guarded: &Guarded, replace: Replace) -> anyhow::Result<()> {
    match verdict(target, what, guarded) {
        Verdict::Write => write_atomic(target, bytes),
        Verdict::Confirm if replace == Replace::Confirmed => write_atomic(target, bytes),
        Verdict::Confirm => anyhow::bail!("{} exists and was not replaced", target.display()),
        Verdict::Refused(why) => anyhow::bail!(why),
    }
}

/// The bytes of `seed`'s sound as a 16-bit mono WAV file.
#[must_use]
pub fn wav_bytes(seed: i64) -> Vec<u8> {
    let sound = engine::sfx::sound_for_seed(seed);
    engine::sfx::wav::encode_i16(&sound.to_i16(), sound.sample_rate)
}

/// Where a prompt for `what` starts: a file of its own kind beside the
/// game (`game`, else the file it was opened from, `origin`), or in the
/// home folder for a game never saved. A game that has a path is proposed
/// its own path (Save As from there); any other name is one no file has
/// yet. `untitled` names an unsaved game.
#[must_use]
pub fn proposed_path(what: Writing, game: Option<&Path>, origin: Option<&Path>, untitled: &str) -> PathBuf {
    if what == Writing::Game
        && let Some(game) = game
    {
        return game.to_path_buf();
    }
    let folder = game
        .or(origin)
        .and_then(Path::parent)
        .filter(|p| !p.as_os_str().is_empty())
        .map(Path::to_path_buf)
        .or_else(home_folder)
        .unwrap_or_else(|| PathBuf::from("."));
    let name = match what {
        Writing::Game => sanitized_game_name(untitled),
        Writing::Wav(seed) => format!("sound-{seed}.wav"),
        Writing::Recovery => "recovery.txt".to_owned(),
        Writing::Settings => "settings.json".to_owned(),
        Writing::Test => format!("{}.test.json", untitled_stem(untitled)),
        Writing::Export => "export".to_owned(),
    };
    free_name(&folder, &name)
}

/// The user's home folder, as the platform says (`$HOME` on Linux and
/// macOS, the profile folder on Windows, which sets no `HOME`).
#[must_use]
pub fn home_folder() -> Option<PathBuf> {
    directories::BaseDirs::new().map(|dirs| dirs.home_dir().to_path_buf()).filter(|p| p.is_dir())
}

/// The game's name without its extension (`garden` for `garden.txt`).
fn untitled_stem(untitled: &str) -> String {
    let name = sanitized_game_name(untitled);
    Path::new(&name).file_stem().map_or(name.clone(), |s| s.to_string_lossy().into_owned())
}

fn sanitized_game_name(untitled: &str) -> String {
    let name = Path::new(untitled).file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
    if name.is_empty() { "untitled.txt".to_owned() } else { name }
}

/// `name` in `folder`, or `stem-2.ext`, `stem-3.ext`... when it is taken.
fn free_name(folder: &Path, name: &str) -> PathBuf {
    let first = folder.join(name);
    if !first.exists() {
        return first;
    }
    let (stem, ext) = match name.rsplit_once('.') {
        Some((s, e)) if !s.is_empty() => (s, format!(".{e}")),
        _ => (name, String::new()),
    };
    (2..1000).map(|n| folder.join(format!("{stem}-{n}{ext}"))).find(|p| !p.exists()).unwrap_or(first)
}

/// True when `a` and `b` name the same file: the same device and inode
/// when both exist (so links and `..` are seen through), else the same
/// absolute path.
#[must_use]
pub fn same_file(a: &Path, b: &Path) -> bool {
    match (std::fs::metadata(a), std::fs::metadata(b)) {
        (Ok(ma), Ok(mb)) => {
            #[cfg(unix)]
            {
                use std::os::unix::fs::MetadataExt as _;
                ma.dev() == mb.dev() && ma.ino() == mb.ino()
            }
            #[cfg(not(unix))]
            {
                let _ = (ma, mb);
                a.canonicalize().ok() == b.canonicalize().ok()
            }
        }
        (Err(_), Err(_)) => absolute(a) == absolute(b),
        _ => false,
    }
}

fn absolute(p: &Path) -> PathBuf {
    let joined = if p.is_absolute() { p.to_path_buf() } else { std::env::current_dir().unwrap_or_default().join(p) };
    // Fold `.` and `..` without touching the disk (the file may not exist).
    let mut out = PathBuf::new();
    for part in joined.components() {
        match part {
            std::path::Component::CurDir => {}
            std::path::Component::ParentDir => {
                out.pop();
            }
            other => out.push(other),
        }
    }
    out
}

/// Temporary files left by [`write_atomic`] end with this.
pub const TEMP_SUFFIX: &str = ".puzzlewright-tmp";

/// Write `bytes` to a new temporary file in `path`'s folder, flush it to
/// disk, then rename it over `path`. A symbolic link is written through
/// (its target is replaced, the link stays); an existing file keeps its
/// permissions. On any failure the temporary file is removed and `path`
/// is as it was.
pub fn write_atomic(path: &Path, bytes: &[u8]) -> anyhow::Result<()> {
    write_atomic_as(path, bytes, FileMode::Plain)
}

/// [`write_atomic`], and a file of `FileMode::Executable` is made
/// executable (on Unix; a program exported for this platform).
pub fn write_atomic_as(path: &Path, bytes: &[u8], mode: FileMode) -> anyhow::Result<()> {
    use std::io::Write as _;
    static COUNTER: AtomicU64 = AtomicU64::new(0);
    let target = match std::fs::symlink_metadata(path) {
        Ok(m) if m.file_type().is_symlink() => path.canonicalize().unwrap_or_else(|_| path.to_path_buf()),
        _ => path.to_path_buf(),
    };
    if target.is_dir() {
        anyhow::bail!("{} is a folder; nothing was written", target.display());
    }
    let name = target.file_name().with_context(|| format!("{} names no file", path.display()))?;
    let folder = target.parent().filter(|p| !p.as_os_str().is_empty()).unwrap_or(Path::new("."));
    let n = COUNTER.fetch_add(1, Ordering::Relaxed);
    let tmp = folder.join(format!(".{}.{}-{n}{TEMP_SUFFIX}", name.to_string_lossy(), std::process::id()));
    let result = (|| -> anyhow::Result<()> {
        let mut file = std::fs::OpenOptions::new()
            .write(true)
            .create_new(true)
            .open(&tmp)
            .with_context(|| format!("cannot write in {}", folder.display()))?;
        file.write_all(bytes).with_context(|| format!("cannot write {}", target.display()))?;
        file.sync_all().with_context(|| format!("cannot write {}", target.display()))?;
        if let Ok(old) = std::fs::metadata(&target) {
            let _ = std::fs::set_permissions(&tmp, old.permissions());
        }
        #[cfg(unix)]
        if mode == FileMode::Executable {
            use std::os::unix::fs::PermissionsExt as _;
            let mode = std::fs::metadata(&tmp).map_or(0o644, |m| m.permissions().mode());
            // Executable by whoever may read it.
            std::fs::set_permissions(&tmp, std::fs::Permissions::from_mode(mode | ((mode & 0o444) >> 2)))
                .with_context(|| format!("cannot make {} executable", target.display()))?;
        }
        #[cfg(not(unix))]
        let _ = mode;
        std::fs::rename(&tmp, &target).with_context(|| format!("cannot replace {}", target.display()))?;
        Ok(())
    })();
    if result.is_err() {
        let _ = std::fs::remove_file(&tmp);
    }
    result
}

#[cfg(test)]
mod tests {
    use super::*;

    fn folder(name: &str) -> PathBuf {
        let dir = std::env::temp_dir().join(format!("puzzlewright-writers-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).expect("temp dir");
        dir
    }

    #[test]
    fn only_a_save_of_the_game_goes_over_the_game() {
        let dir = folder("guard");
        let game = dir.join("victim.txt");
        std::fs::write(&game, "title Mine\n").expect("write");
        let other = dir.join("other.txt");
        std::fs::write(&other, "other").expect("write");
        let guarded = Guarded { game: Some(game.clone()), origin: None };
        assert_eq!(verdict(&game, Writing::Game, &guarded), Verdict::Write, "Save");
        for what in [Writing::Wav(1), Writing::Recovery, Writing::Settings] {
            assert!(matches!(verdict(&game, what, &guarded), Verdict::Refused(_)), "{what:?}");
            // Through another spelling of the same path, and through a link.
            let dotted = dir.join(".").join("victim.txt");
            assert!(matches!(verdict(&dotted, what, &guarded), Verdict::Refused(_)), "{what:?} dotted");
        }
        #[cfg(unix)]
        {
            let link = dir.join("link.txt");
            std::os::unix::fs::symlink(&game, &link).expect("symlink");
            assert!(matches!(verdict(&link, Writing::Wav(1), &guarded), Verdict::Refused(_)));
            // A save through the link writes the game, and the link stays.
            write(
                &link,
                Writing::Game,
                b"title Through\n",
                &Guarded { game: Some(link.clone()), origin: None },
                Replace::Unconfirmed,
            )
            .expect("save through the link");
            assert!(std::fs::symlink_metadata(&link).expect("link").file_type().is_symlink());
            assert_eq!(std::fs::read_to_string(&game).expect("read"), "title Through\n");
        }
        assert_eq!(verdict(&other, Writing::Wav(1), &guarded), Verdict::Confirm, "an existing file is asked about");
        assert_eq!(verdict(&other, Writing::Game, &guarded), Verdict::Confirm);
        assert_eq!(verdict(&dir.join("new.wav"), Writing::Wav(1), &guarded), Verdict::Write);
        assert!(matches!(verdict(&dir, Writing::Game, &guarded), Verdict::Refused(_)), "a folder");
        // A game opened as a copy guards the file it came from too.
        let copy = Guarded { game: None, origin: Some(game.clone()) };
        assert!(matches!(verdict(&game, Writing::Wav(2), &copy), Verdict::Refused(_)));
        assert_eq!(verdict(&game, Writing::Game, &copy), Verdict::Confirm);
        // A game not written yet is guarded by its path alone.
        let fresh = Guarded { game: Some(dir.join("fresh.txt")), origin: None };
        assert!(matches!(verdict(&dir.join("fresh.txt"), Writing::Wav(3), &fresh), Verdict::Refused(_)));
        let err = write(&game, Writing::Wav(1), &wav_bytes(1), &guarded, Replace::Confirmed)
            .expect_err("refused even when confirmed");
        assert!(format!("{err:#}").contains("open game"), "{err:#}");
        assert!(
            write(&other, Writing::Wav(1), &wav_bytes(1), &guarded, Replace::Unconfirmed).is_err(),
            "not confirmed"
        );
        assert_eq!(std::fs::read_to_string(&other).expect("read"), "other");
        write(&other, Writing::Wav(1), &wav_bytes(1), &guarded, Replace::Confirmed).expect("confirmed");
        assert_eq!(std::fs::read(&other).expect("read"), wav_bytes(1));
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn proposals_are_of_their_own_kind_and_never_the_game() {
        let dir = folder("propose");
        let game = dir.join("victim.txt");
        std::fs::write(&game, "title Mine\n").expect("write");
        assert_eq!(proposed_path(Writing::Wav(49_001_100), Some(&game), None, "x"), dir.join("sound-49001100.wav"));
        assert_eq!(proposed_path(Writing::Game, Some(&game), None, "x"), game);
        std::fs::write(dir.join("sound-7.wav"), "taken").expect("write");
        assert_eq!(proposed_path(Writing::Wav(7), Some(&game), None, "x"), dir.join("sound-7-2.wav"));
        let untitled = proposed_path(Writing::Game, None, None, "sokoban_garden.txt");
        assert_eq!(untitled.file_name().and_then(|n| n.to_str()), Some("sokoban_garden.txt"));
        // A copy (of a page, say) is saved beside the file it came from, under a new name.
        let copy = proposed_path(Writing::Game, None, Some(&game), "victim.txt");
        assert_eq!(copy, dir.join("victim-2.txt"));
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn an_atomic_write_replaces_whole_and_leaves_no_temporary_file() {
        let dir = folder("atomic");
        let path = dir.join("game.txt");
        std::fs::write(&path, "old").expect("write");
        #[cfg(unix)]
        {
            use std::os::unix::fs::PermissionsExt as _;
            std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o640)).expect("chmod");
        }
        write_atomic(&path, b"new text").expect("write");
        assert_eq!(std::fs::read_to_string(&path).expect("read"), "new text");
        #[cfg(unix)]
        {
            use std::os::unix::fs::PermissionsExt as _;
            assert_eq!(std::fs::metadata(&path).expect("meta").permissions().mode() & 0o777, 0o640);
        }
        assert!(write_atomic(&dir.join("no-such-folder").join("x.txt"), b"x").is_err());
        assert!(write_atomic(&dir, b"x").is_err(), "a folder is not replaced");
        let names: Vec<String> = std::fs::read_dir(&dir)
            .expect("list")
            .filter_map(Result::ok)
            .map(|e| e.file_name().to_string_lossy().into_owned())
            .collect();
        assert_eq!(names, vec!["game.txt".to_owned()], "no temporary file is left");
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn tests_and_exports_have_their_own_rules() {
        let dir = folder("kinds");
        let game = dir.join("garden.txt");
        std::fs::write(&game, "title Garden\n").expect("write");
        let guarded = Guarded { game: Some(game.clone()), origin: None };
        // A test proposed beside the game, asked about before replacing.
        let test = proposed_path(Writing::Test, Some(&game), None, "garden.txt");
        assert_eq!(test, dir.join("garden.test.json"));
        assert_eq!(verdict(&test, Writing::Test, &guarded), Verdict::Write);
        std::fs::write(&test, "[]").expect("write");
        assert_eq!(verdict(&test, Writing::Test, &guarded), Verdict::Confirm);
        assert!(write(&test, Writing::Test, b"[1]", &guarded, Replace::Unconfirmed).is_err(), "not replaced unasked");
        assert_eq!(std::fs::read_to_string(&test).expect("read"), "[]");
        // An export replaces what the command names, never the game.
        let page = dir.join("garden.html");
        std::fs::write(&page, "old").expect("write");
        assert_eq!(verdict(&page, Writing::Export, &guarded), Verdict::Write);
        assert!(matches!(verdict(&game, Writing::Export, &guarded), Verdict::Refused(_)));
        // A program is written executable, through the same atomic write.
        let program = dir.join("garden-game");
        write_atomic_as(&program, b"#!/bin/sh\n", FileMode::Executable).expect("write");
        #[cfg(unix)]
        {
            use std::os::unix::fs::PermissionsExt as _;
            let mode = std::fs::metadata(&program).expect("meta").permissions().mode();
            assert_eq!(mode & 0o111, 0o111 & ((mode & 0o444) >> 2), "executable where readable: {mode:o}");
            assert_ne!(mode & 0o100, 0, "{mode:o}");
        }
        let _ = std::fs::remove_dir_all(&dir);
    }
}
