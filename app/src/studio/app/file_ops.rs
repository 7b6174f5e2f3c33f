//! Opening and saving games, writing a sound as WAV, and the file
//! dialogs (or the path prompt when the desktop has none) that choose where.

use std::path::PathBuf;

use super::{PendingReplace, StudioApp};
use crate::document::Document;
use crate::examples::EXAMPLES;
use crate::files::{self, DialogKind};
use crate::writers::{self, Replace, Verdict, Writing};

impl StudioApp {
    pub(super) fn remember(&mut self, path: &std::path::Path) {
        let path = path.canonicalize().unwrap_or_else(|_| path.to_path_buf());
        self.recent.retain(|p| *p != path);
        self.recent.insert(0, path);
        self.recent.truncate(super::RECENT_LIMIT);
    }

    /// Put `doc` in place of the open document (Open, Open Recent, New, an
    /// example, a restored copy): the one way a game replaces another, so
    /// nothing that followed the old one (the player's game, the live
    /// checks' verdicts and design checks) carries over. Panels' caches
    /// follow by themselves: a new document's revisions are its own.
    pub(super) fn replace_document(&mut self, doc: Document) {
        self.doc = doc;
        self.opened_from = None;
        self.panels.player.forget_game();
        self.panels.code.show_start = true;
        // What the editing panels had picked in the old game (a level, a
        // brush, an object, breakpoints on its lines) means nothing in this one.
        self.panels.code.breakpoints.clear();
        self.panels.levels = Default::default();
        self.panels.sprites = Default::default();
        self.panels.outline = Default::default();
        self.panels.debugger = Default::default();
        self.live.forget();
    }

    pub(super) fn open_example(&mut self, index: usize) {
        let example = EXAMPLES.get(index).copied().unwrap_or(EXAMPLES[0]);
        self.replace_document(Document::new(example.text.to_owned(), None));
        self.doc.untitled_name = Some(example.file.to_owned());
        self.status = format!("Opened the example {}", example.file);
    }

    /// Open `path` (a game text, or a standalone `.html` export).
    pub fn open_path(&mut self, path: PathBuf) {
        match files::load_game(&path) {
            Ok(files::Loaded { text, replaced }) => {
                let from_html =
                    path.extension().is_some_and(|e| e.eq_ignore_ascii_case("html") || e.eq_ignore_ascii_case("htm"));
                self.remember(&path);
                // An exported page must not be overwritten by the bare source,
                // nor a file whose non-UTF-8 bytes the text lost: both open as
                // an unsaved copy, so Save asks where to write.
                let copy = from_html || replaced > 0;
                self.replace_document(Document::new(text, (!copy).then(|| path.clone())));
                self.opened_from = copy.then(|| path.clone());
                if copy {
                    self.doc.mark_unsaved();
                }
                if replaced > 0 && !from_html {
                    self.doc.untitled_name = path.file_name().map(|n| n.to_string_lossy().into_owned());
                }
                self.status = if from_html {
                    format!("Recovered the source from {}", path.display())
                } else if replaced > 0 {
                    let what = if replaced == 1 {
                        "1 byte that is not UTF-8 was".to_owned()
                    } else {
                        format!("{replaced} bytes that are not UTF-8 were")
                    };
                    format!(
                        "{}: {what} replaced with \u{fffd}; opened as a copy, so saving will not overwrite the file",
                        path.display()
                    )
                } else {
                    format!("Opened {}", path.display())
                };
            }
            Err(err) => self.status = format!("{err:#}"),
        }
    }

    pub(super) fn export_wav(&mut self, path: &std::path::Path, seed: i64, replace: Replace) {
        self.status =
            match writers::write(path, Writing::Wav(seed), &writers::wav_bytes(seed), &self.guarded(), replace) {
                Ok(()) => format!("Wrote sound {seed} to {}", path.display()),
                Err(err) => format!("{err:#}"),
            };
    }

    /// The debugger's session, kept by its Save as test, written to
    /// `path` (the debugger shows where it went, or why not).
    pub(super) fn save_test(&mut self, path: PathBuf, replace: Replace) {
        let Some(case) = self.pending_test.clone() else { return };
        let result =
            writers::write(&path, Writing::Test, case.as_bytes(), &self.guarded(), replace).map(|()| path.clone());
        self.status = match &result {
            Ok(p) => format!("Saved the session as a test: {}", p.display()),
            Err(e) => format!("{e:#}"),
        };
        if result.is_ok() {
            self.pending_test = None;
        }
        self.panels.debugger.saved = Some(result);
    }

    /// Import image…: the picture at `path` becomes the sprite painter's
    /// selected object's sprite.
    pub(super) fn import_image(&mut self, path: &std::path::Path) {
        self.status = match self.panels.sprites.import_image(&mut self.doc, path) {
            Ok(done) => done,
            Err(why) => format!("Import image: {why:#}"),
        };
    }

    pub(super) fn save_to(&mut self, path: PathBuf, replace: Replace) -> bool {
        match writers::write(&path, Writing::Game, self.doc.text().as_bytes(), &self.guarded(), replace) {
            Ok(()) => {
                self.remember(&path);
                self.status = format!("Saved {}", path.display());
                self.doc.mark_saved(path);
                self.opened_from = None;
                self.clear_recovery();
                true
            }
            Err(err) => {
                self.status = format!("{err:#}");
                false
            }
        }
    }

    /// What writing through a `kind` dialog writes.
    pub(super) fn writing(kind: DialogKind) -> Option<Writing> {
        match kind {
            DialogKind::Open | DialogKind::ImportImage => None,
            DialogKind::SaveAs => Some(Writing::Game),
            DialogKind::ExportWav(seed) => Some(Writing::Wav(seed)),
            DialogKind::SaveTest => Some(Writing::Test),
        }
    }

    /// Where a `kind` dialog or prompt starts.
    #[must_use]
    pub fn proposed_path(&self, kind: DialogKind) -> PathBuf {
        match Self::writing(kind) {
            Some(what) => writers::proposed_path(
                what,
                self.doc.path.as_deref(),
                self.opened_from.as_deref(),
                &self.doc.display_name(),
            ),
            None => self
                .doc
                .path
                .as_deref()
                .or(self.opened_from.as_deref())
                .and_then(std::path::Path::parent)
                .filter(|p| !p.as_os_str().is_empty())
                .map(std::path::Path::to_path_buf)
                .unwrap_or_default(),
        }
    }

    pub(super) fn start_dialog(&mut self, kind: DialogKind, ctx: &egui::Context) {
        let proposed = self.proposed_path(kind);
        self.dialogs.start(kind, &proposed, ctx);
    }

    /// Act on a path the author chose for `kind`: open it, or write to it
    /// if the writers allow, asking first when it would replace a file.
    pub(super) fn chosen(&mut self, kind: DialogKind, path: PathBuf, from_prompt: bool) {
        if kind == DialogKind::ImportImage {
            self.import_image(&path);
            return;
        }
        let Some(what) = Self::writing(kind) else {
            self.open_path(path);
            return;
        };
        match writers::verdict(&path, what, &self.guarded()) {
            Verdict::Write => self.write_chosen(kind, path, Replace::Unconfirmed),
            Verdict::Confirm => self.confirm_replace = Some(PendingReplace { kind, path, from_prompt }),
            Verdict::Refused(why) => {
                self.status.clone_from(&why);
                if from_prompt {
                    self.prompt_note = Some(why);
                    // Back to the prompt, with a name that may be written.
                    self.path_prompt = Some((kind, self.proposed_path(kind).display().to_string()));
                }
            }
        }
    }

    pub(super) fn write_chosen(&mut self, kind: DialogKind, path: PathBuf, replace: Replace) {
        match kind {
            DialogKind::Open => self.open_path(path),
            DialogKind::SaveAs => {
                self.save_to(path, replace);
            }
            DialogKind::ExportWav(seed) => self.export_wav(&path, seed, replace),
            DialogKind::SaveTest => self.save_test(path, replace),
            DialogKind::ImportImage => self.import_image(&path),
        }
    }
}
