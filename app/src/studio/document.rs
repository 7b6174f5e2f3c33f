//! The open game: its text, where it lives, whether it is saved, one
//! undo/redo history of text edits, and the last build of that text.
//!
//! Every change, typed or made by a tool, goes through [`Document::set_text`]
//! (which records the edit and rebuilds) or through undo/redo. Owns no UI.

use std::path::PathBuf;
use std::time::{Duration, Instant};

/// One replacement in the text: `removed` at byte `at` became `inserted`.
#[derive(Debug, Clone, PartialEq, Eq)]
struct Edit {
    at: usize,
    removed: String,
    inserted: String,
}

impl Edit {
    /// The smallest edit that turns `old` into `new` (common prefix/suffix).
    fn between(old: &str, new: &str) -> Option<Edit> {
        if old == new {
            return None;
        }
        let mut prefix = old
            .bytes()
            .zip(new.bytes())
            .take_while(|(a, b)| a == b)
            .count();
        while !old.is_char_boundary(prefix) || !new.is_char_boundary(prefix) {
            prefix -= 1;
        }
        let max_suffix = old.len().min(new.len()) - prefix;
        let mut suffix = old
            .bytes()
            .rev()
            .zip(new.bytes().rev())
            .take(max_suffix)
            .take_while(|(a, b)| a == b)
            .count();
        while !old.is_char_boundary(old.len() - suffix) || !new.is_char_boundary(new.len() - suffix)
        {
            suffix -= 1;
        }
        Some(Edit {
            at: prefix,
            removed: old[prefix..old.len() - suffix].to_owned(),
            inserted: new[prefix..new.len() - suffix].to_owned(),
        })
    }

    fn apply(&self, text: &mut String) {
        text.replace_range(self.at..self.at + self.removed.len(), &self.inserted);
    }

    fn inverse(&self) -> Edit {
        Edit { at: self.at, removed: self.inserted.clone(), inserted: self.removed.clone() }
    }
}

/// Edits typed close together in time and place undo as one step.
#[derive(Debug, Clone)]
struct Step {
    edits: Vec<Edit>,
    last: Instant,
}

const MERGE_WINDOW: Duration = Duration::from_millis(800);
const HISTORY_LIMIT: usize = 500;

/// The game being edited.
pub struct Document {
    text: String,
    /// Where the text is saved, if anywhere.
    pub path: Option<PathBuf>,
    /// The name shown while there is no path (an example's file name).
    pub untitled_name: Option<String>,
    saved_text: String,
    undo: Vec<Step>,
    redo: Vec<Step>,
    build: Option<engine::Build>,
    build_time: Duration,
    revision: u64,
}

impl Document {
    /// A document holding `text`, clean (as if just loaded from `path`).
    #[must_use]
    pub fn new(text: String, path: Option<PathBuf>) -> Self {
        let mut doc = Self {
            saved_text: text.clone(),
            text,
            path,
            untitled_name: None,
            undo: Vec::new(),
            redo: Vec::new(),
            build: None,
            build_time: Duration::ZERO,
            revision: 0,
        };
        doc.rebuild();
        doc
    }

    /// The current text.
    #[must_use]
    pub fn text(&self) -> &str {
        &self.text
    }

    /// Bumped on every change of the text.
    #[must_use]
    pub fn revision(&self) -> u64 {
        self.revision
    }

    /// True when the text differs from what was last saved or loaded.
    #[must_use]
    pub fn is_dirty(&self) -> bool {
        self.text != self.saved_text
    }

    /// Mark the text as saved (at `path`).
    pub fn mark_saved(&mut self, path: PathBuf) {
        self.saved_text = self.text.clone();
        self.path = Some(path);
    }

    /// Mark the text as never saved, so it counts as unsaved work.
    pub fn mark_unsaved(&mut self) {
        self.saved_text = String::new();
    }

    /// The file name shown in the title bar and tabs.
    #[must_use]
    pub fn display_name(&self) -> String {
        self.path
            .as_ref()
            .and_then(|p| p.file_name())
            .map_or_else(
                || self.untitled_name.clone().unwrap_or_else(|| "untitled.txt".to_owned()),
                |n| n.to_string_lossy().into_owned(),
            )
    }

    /// Replace the text with `new`, recording the difference as one edit in
    /// the history and rebuilding. Returns false when nothing changed.
    pub fn set_text(&mut self, new: String) -> bool {
        let Some(edit) = Edit::between(&self.text, &new) else {
            return false;
        };
        let now = Instant::now();
        let merge = self.undo.last().is_some_and(|step| {
            let prev = step.edits.last();
            now.duration_since(step.last) < MERGE_WINDOW
                && prev.is_some_and(|p| {
                    p.removed.is_empty()
                        && edit.removed.is_empty()
                        && p.at + p.inserted.len() == edit.at
                        && !edit.inserted.contains('\n')
                })
        });
        if merge {
            if let Some(step) = self.undo.last_mut() {
                step.edits.push(edit);
                step.last = now;
            }
        } else {
            self.undo.push(Step { edits: vec![edit], last: now });
            if self.undo.len() > HISTORY_LIMIT {
                self.undo.remove(0);
            }
        }
        self.redo.clear();
        self.text = new;
        self.changed();
        true
    }

    /// Undo the last step; returns the byte offset where the change was.
    pub fn undo(&mut self) -> Option<usize> {
        let step = self.undo.pop()?;
        let mut at = 0;
        for edit in step.edits.iter().rev() {
            let inv = edit.inverse();
            inv.apply(&mut self.text);
            at = inv.at + inv.inserted.len();
        }
        self.redo.push(step);
        self.changed();
        Some(at)
    }

    /// Redo the last undone step; returns the byte offset after the change.
    pub fn redo(&mut self) -> Option<usize> {
        let mut step = self.redo.pop()?;
        let mut at = 0;
        for edit in &step.edits {
            edit.apply(&mut self.text);
            at = edit.at + edit.inserted.len();
        }
        // A redone step never merges with the next typing.
        step.last = Instant::now() - MERGE_WINDOW;
        self.undo.push(step);
        self.changed();
        Some(at)
    }

    /// True when there is something to undo.
    #[must_use]
    pub fn can_undo(&self) -> bool {
        !self.undo.is_empty()
    }

    /// True when there is something to redo.
    #[must_use]
    pub fn can_redo(&self) -> bool {
        !self.redo.is_empty()
    }

    /// The last build of the text, or `None` if the engine failed outright.
    #[must_use]
    pub fn build(&self) -> Option<&engine::Build> {
        self.build.as_ref()
    }

    /// The diagnostics of the last build.
    #[must_use]
    pub fn diagnostics(&self) -> &[engine::Diagnostic] {
        self.build.as_ref().map_or(&[], |b| b.diagnostics.as_slice())
    }

    /// How long the last build took.
    #[must_use]
    pub fn build_time(&self) -> Duration {
        self.build_time
    }

    /// Show `diagnostics` instead of the build's until the next edit (for
    /// snapshot tests, whose pictures must not change as the engine does).
    pub fn replace_diagnostics(&mut self, diagnostics: Vec<engine::Diagnostic>) {
        if let Some(build) = &mut self.build {
            build.diagnostics = diagnostics;
        }
    }

    /// Build the text again.
    pub fn rebuild(&mut self) {
        let start = Instant::now();
        let text = &self.text;
        // The engine promises never to panic; while it is being written we
        // still keep the studio alive if it does.
        self.build = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| engine::build(text))).ok();
        self.build_time = start.elapsed();
    }

    fn changed(&mut self) {
        self.revision += 1;
        self.rebuild();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn edit_is_minimal_and_reversible() {
        let e = Edit::between("hello world", "hello brave world").expect("differs");
        assert_eq!((e.at, e.removed.as_str(), e.inserted.as_str()), (6, "", "brave "));
        let mut t = "hello brave world".to_owned();
        e.inverse().apply(&mut t);
        assert_eq!(t, "hello world");
    }

    #[test]
    fn undo_redo_and_dirty() {
        let mut doc = Document::new("abc".into(), None);
        assert!(!doc.is_dirty());
        doc.set_text("abcd".into());
        doc.set_text("abcde".into());
        assert!(doc.is_dirty());
        doc.undo();
        assert_eq!(doc.text(), "abc", "adjacent typing undoes as one step");
        assert!(!doc.is_dirty());
        doc.redo();
        assert_eq!(doc.text(), "abcde");
        doc.set_text("xbcde".into());
        doc.undo();
        assert_eq!(doc.text(), "abcde");
    }

    #[test]
    fn multibyte_edits_stay_on_char_boundaries() {
        let mut doc = Document::new("é".into(), None);
        doc.set_text("è".into());
        doc.undo();
        assert_eq!(doc.text(), "é");
    }
}
