//! Autosave to a recovery file, and the offer to restore it after a crash.
//!
//! While the document has unsaved changes its text is written every few
//! seconds to `recovery.txt` (with `recovery.json` saying which file it
//! belongs to). A clean exit, a save or a discard removes both; if they are
//! still there at the next start, the studio was killed, and it offers them.

use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use serde::{Deserialize, Serialize};

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

#[derive(Serialize, Deserialize)]
struct Meta {
    path: Option<PathBuf>,
}

/// The recovery files in one directory.
pub struct Recovery {
    dir: Option<PathBuf>,
    last_write: Option<Instant>,
    last_revision: Option<u64>,
}

impl Recovery {
    /// Recovery files under `dir`; `None` disables autosave (tests).
    #[must_use]
    pub fn new(dir: Option<PathBuf>) -> Self {
        Self { dir, last_write: None, last_revision: None }
    }

    /// The default place: beside eframe's persisted settings.
    #[must_use]
    pub fn default_dir() -> Option<PathBuf> {
        eframe::storage_dir("Puzzlewright")
    }

    fn text_path(dir: &Path) -> PathBuf {
        dir.join("recovery.txt")
    }

    fn meta_path(dir: &Path) -> PathBuf {
        dir.join("recovery.json")
    }

    /// Text left behind by a session that did not exit cleanly.
    #[must_use]
    pub fn find(&self) -> Option<Recovered> {
        let dir = self.dir.as_ref()?;
        let text = std::fs::read_to_string(Self::text_path(dir)).ok()?;
        let path = std::fs::read_to_string(Self::meta_path(dir))
            .ok()
            .and_then(|m| serde_json::from_str::<Meta>(&m).ok())
            .and_then(|m| m.path);
        Some(Recovered { text, path })
    }

    /// Write the text if it is unsaved, changed since the last write, and
    /// the last write was long enough ago (or `force`).
    pub fn tick(&mut self, doc: &crate::document::Document, force: bool) {
        let Some(dir) = self.dir.clone() else { return };
        if !doc.is_dirty() {
            if self.last_revision.is_some() {
                self.clear();
            }
            return;
        }
        let due = force || self.last_write.is_none_or(|t| t.elapsed() >= AUTOSAVE_EVERY);
        if !due || self.last_revision == Some(doc.revision()) {
            return;
        }
        let _ = std::fs::create_dir_all(&dir);
        let meta = Meta { path: doc.path.clone() };
        let written = crate::files::save_game(&Self::text_path(&dir), doc.text()).is_ok()
            && serde_json::to_string(&meta)
                .ok()
                .is_some_and(|m| std::fs::write(Self::meta_path(&dir), m).is_ok());
        if written {
            self.last_write = Some(Instant::now());
            self.last_revision = Some(doc.revision());
        }
    }

    /// Remove the recovery files (after a save, a discard or a clean exit).
    pub fn clear(&mut self) {
        if let Some(dir) = &self.dir {
            let _ = std::fs::remove_file(Self::text_path(dir));
            let _ = std::fs::remove_file(Self::meta_path(dir));
        }
        self.last_revision = None;
        self.last_write = None;
    }
}
