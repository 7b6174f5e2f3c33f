//! Autosave to a recovery file, and the offer to restore it after a crash.
//!
//! While the document has unsaved changes its text is written every few
//! seconds to `recovery.txt`, with `recovery.json` saying which file it
//! belongs to and a hash of the text. A clean exit, a save or a discard
//! removes both; if they are still there at the next start, the studio was
//! killed, and it offers them.
//!
//! Both are written through [`crate::writers`], which never lets them
//! replace the open game's file (should the author have opened one of
//! them), and only files that are provably ours are removed: the note must
//! read as ours and the text must be the one it describes.

use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use serde::{Deserialize, Serialize};

use crate::writers::{Guarded, Replace, Writing, write};

/// How often unsaved text is written to the recovery file.
pub const AUTOSAVE_EVERY: Duration = Duration::from_secs(3);

/// Text found in the recovery file at start-up.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Recovered {
    /// The unsaved text.
    pub text: String,
    /// The file it was an edit of, if it had one.
    pub path: Option<PathBuf>,
}

/// The note beside the text.
#[derive(Serialize, Deserialize)]
struct Meta {
    path: Option<PathBuf>,
    /// FNV-1a of the text's bytes (absent in notes of older versions).
    #[serde(default)]
    text_hash: Option<u64>,
}

/// A hash that stays the same from run to run and version to version.
fn fnv1a(bytes: &[u8]) -> u64 {
    bytes.iter().fold(0xcbf2_9ce4_8422_2325, |h, b| (h ^ u64::from(*b)).wrapping_mul(0x0100_0000_01b3))
}

/// The recovery files in one directory.
pub struct Recovery {
    dir: Option<PathBuf>,
    last_write: Option<Instant>,
    last_revision: Option<u64>,
    /// Why the last autosave was not written, until one is.
    failure: Option<String>,
}

impl Recovery {
    /// Recovery files under `dir`; `None` disables autosave (tests).
    #[must_use]
    pub fn new(dir: Option<PathBuf>) -> Self {
        Self { dir, last_write: None, last_revision: None, failure: None }
    }

    /// The default place: the studio's folder, beside its settings, in the
    /// platform's data folder (`$XDG_DATA_HOME/puzzlewright`, else
    /// `~/.local/share/puzzlewright` on Linux; `%APPDATA%\Puzzlewright\data`
    /// on Windows; `~/Library/Application Support/Puzzlewright` on macOS:
    /// the folders earlier versions used through eframe, so nothing moves).
    #[must_use]
    pub fn default_dir() -> Option<PathBuf> {
        directories::ProjectDirs::from("", "", "Puzzlewright").map(|dirs| dirs.data_dir().to_path_buf())
    }

    fn text_path(dir: &Path) -> PathBuf {
        dir.join("recovery.txt")
    }

    fn meta_path(dir: &Path) -> PathBuf {
        dir.join("recovery.json")
    }

    fn meta(dir: &Path) -> Option<Meta> {
        serde_json::from_str(&std::fs::read_to_string(Self::meta_path(dir)).ok()?).ok()
    }

    /// The folder the recovery files live in, if autosave is on.
    #[must_use]
    pub fn dir(&self) -> Option<&Path> {
        self.dir.as_deref()
    }

    /// Why the last autosave could not be written, if it could not.
    #[must_use]
    pub fn failure(&self) -> Option<&str> {
        self.failure.as_deref()
    }

    /// Text left behind by a session that did not exit cleanly (only with
    /// a note of ours beside it).
    #[must_use]
    pub fn find(&self) -> Option<Recovered> {
        let dir = self.dir.as_ref()?;
        let meta = Self::meta(dir)?;
        let text = std::fs::read_to_string(Self::text_path(dir)).ok()?;
        Some(Recovered { text, path: meta.path })
    }

    /// Write the text if it is unsaved, changed since the last write, and
    /// the last write was long enough ago (or `force`). Never over the
    /// game's files (`guarded`).
    pub fn tick(&mut self, doc: &crate::document::Document, guarded: &Guarded, force: bool) {
        let Some(dir) = self.dir.clone() else { return };
        if !doc.is_dirty() {
            if self.last_revision.is_some() {
                self.clear(guarded);
            }
            return;
        }
        let due = force || self.last_write.is_none_or(|t| t.elapsed() >= AUTOSAVE_EVERY);
        if !due || self.last_revision == Some(doc.revision()) {
            return;
        }
        let _ = std::fs::create_dir_all(&dir);
        let text = doc.text().as_bytes();
        let meta =
            serde_json::to_string(&Meta { path: doc.path.clone(), text_hash: Some(fnv1a(text)) }).unwrap_or_default();
        // The note first: killed between the two, the older text is still
        // offered (its hash no longer matches, so it is never removed).
        let written = write(&Self::meta_path(&dir), Writing::Recovery, meta.as_bytes(), guarded, Replace::Unconfirmed)
            .and_then(|()| write(&Self::text_path(&dir), Writing::Recovery, text, guarded, Replace::Unconfirmed));
        // Tried once per revision, written or not.
        self.last_write = Some(Instant::now());
        self.last_revision = Some(doc.revision());
        self.failure = written.err().map(|e| format!("Autosave is off: {e:#}"));
    }

    /// Remove the recovery files (after a save, a discard or a clean exit):
    /// only a note that reads as ours, and only the text it describes;
    /// never one of the game's files (`guarded`).
    pub fn clear(&mut self, guarded: &Guarded) {
        if let Some(dir) = &self.dir
            && let Some(meta) = Self::meta(dir)
        {
            let text_path = Self::text_path(dir);
            let described = match meta.text_hash {
                Some(hash) => std::fs::read(&text_path).is_ok_and(|b| fnv1a(&b) == hash),
                // A note from a version that kept no hash.
                None => true,
            };
            if described && !guarded.holds(&text_path) {
                let _ = std::fs::remove_file(&text_path);
            }
            let meta_path = Self::meta_path(dir);
            if !guarded.holds(&meta_path) {
                let _ = std::fs::remove_file(meta_path);
            }
        }
        self.last_revision = None;
        self.last_write = None;
    }
}
