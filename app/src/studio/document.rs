//! The open game: its text, where it lives, whether it is saved, one
//! undo/redo history of text edits, and the last build of that text.
//!
//! Every change, typed or made by a tool, goes through [`Document::set_text`]
//! (which records the edit and rebuilds) or through undo/redo. Owns no UI.

use std::path::PathBuf;
use std::sync::mpsc;
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
        let mut prefix = old.bytes().zip(new.bytes()).take_while(|(a, b)| a == b).count();
        while !old.is_char_boundary(prefix) || !new.is_char_boundary(prefix) {
            prefix -= 1;
        }
        let max_suffix = old.len().min(new.len()) - prefix;
        let mut suffix = old.bytes().rev().zip(new.bytes().rev()).take(max_suffix).take_while(|(a, b)| a == b).count();
        while !old.is_char_boundary(old.len() - suffix) || !new.is_char_boundary(new.len() - suffix) {
            suffix -= 1;
        }
        Some(Edit {
            at: prefix,
            removed: old[prefix..old.len() - suffix].to_owned(),
            inserted: new[prefix..new.len() - suffix].to_owned(),
        })
    }

    /// The edit `edit` makes in `text`, trimmed to the bytes it really
    /// changes (a tool may rewrite a whole row to change one pixel); `None`
    /// when its range does not fit the text or it changes nothing. Looks
    /// only at the edited range, never at the rest of the text.
    fn from_text_edit(text: &str, edit: &engine::edit::TextEdit) -> Option<Edit> {
        let std::ops::Range { start, end } = edit.range.clone();
        let removed = text.get(start..end)?;
        let inserted = edit.insert.as_str();
        let trimmed = Edit::between(removed, inserted)?;
        Some(Edit { at: start + trimmed.at, ..trimmed })
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
    /// The revision the current `build` is of.
    built_revision: u64,
    /// A build running on a worker thread: its revision and its answer.
    worker: Option<(u64, mpsc::Receiver<BuildResult>)>,
    /// A parse of the current text for the visual tools: its revision and tree.
    parsed: Option<(u64, std::sync::Arc<engine::syntax::ast::Ast>)>,
    /// While a tool's stroke is open: whether it has made its undo step yet.
    stroke: Option<bool>,
    /// Bounds the engine hit while this text was played, oldest first.
    runtime_problems: Vec<RuntimeProblem>,
}

/// A bound the engine hit while the game was played (a rule group or loop
/// cut short, `gosub` too deep), reported by the player: shown in Problems
/// until the text changes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct RuntimeProblem {
    /// Which bound.
    pub limit: engine::run::Limit,
    /// The line (from 1) of the rule that hit it.
    pub line: u32,
}

type BuildResult = (Option<engine::Build>, Duration);

/// Build `text`, the game saved at `path` (`None`: not saved; its
/// `load_images` files are read beside it).
fn build_guarded(text: &str, path: Option<&std::path::Path>) -> BuildResult {
    let start = Instant::now();
    // The engine promises never to panic; while it is being written we
    // still keep the studio alive if it does.
    let build = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| crate::pictures::build(text, path))).ok();
    (build, start.elapsed())
}

/// Every revision of every document comes from this one counter, so no two
/// documents of a run ever share a revision number: a cache keyed on a
/// revision (a panel's parse, thumbnails, swatches, outline) is keyed on
/// the document's identity and its version together, and a game opened in
/// place of another can never be shown or edited through the other's cache.
static NEXT_REVISION: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(1);

fn next_revision() -> u64 {
    NEXT_REVISION.fetch_add(1, std::sync::atomic::Ordering::Relaxed)
}

impl Document {
    /// A document holding `text`, clean (as if just loaded from `path`).
    #[must_use]
    pub fn new(text: String, path: Option<PathBuf>) -> Self {
        let revision = next_revision();
        let mut doc = Self {
            saved_text: text.clone(),
            text,
            path,
            untitled_name: None,
            undo: Vec::new(),
            redo: Vec::new(),
            build: None,
            build_time: Duration::ZERO,
            revision,
            built_revision: revision,
            worker: None,
            parsed: None,
            stroke: None,
            runtime_problems: Vec::new(),
        };
        doc.rebuild();
        doc
    }

    /// The current text.
    #[must_use]
    pub fn text(&self) -> &str {
        &self.text
    }

    /// Changes with every change of the text, and is never the same for two
    /// documents (see [`NEXT_REVISION`]): panels key their caches on it.
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
        self.path.as_ref().and_then(|p| p.file_name()).map_or_else(
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
        self.record(edit);
        true
    }

    /// Make `edit` in the text and record it in the history: merged into
    /// the last undo step while typing runs on or a stroke is open, else a
    /// step of its own. Rebuilds.
    fn record(&mut self, edit: Edit) {
        let now = Instant::now();
        let in_stroke = match self.stroke {
            Some(started) => {
                self.stroke = Some(true);
                started && !self.undo.is_empty()
            }
            None => false,
        };
        edit.apply(&mut self.text);
        let merge = in_stroke
            || self.undo.last().is_some_and(|step| {
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
        self.changed();
    }

    /// Apply a visual tool's edit as if typed: the engine's edit is the
    /// undo step itself (the text is changed in place, never rebuilt whole
    /// and compared). Returns false when the edit does not fit the text (a
    /// stale range) or changes nothing.
    pub fn apply_edit(&mut self, edit: &engine::edit::TextEdit) -> bool {
        match Edit::from_text_edit(&self.text, edit) {
            Some(edit) => {
                self.record(edit);
                true
            }
            None => false,
        }
    }

    /// Start a stroke: every edit until [`Document::end_stroke`] undoes as
    /// one step (a drag of the pencil, a resize in several edits).
    pub fn begin_stroke(&mut self) {
        self.stroke = Some(false);
    }

    /// End the stroke begun by [`Document::begin_stroke`]; the next edit
    /// starts a new undo step.
    pub fn end_stroke(&mut self) {
        if self.stroke.take() == Some(true)
            && let Some(step) = self.undo.last_mut()
        {
            // Typing right after a stroke must not merge into it.
            step.last = Instant::now() - MERGE_WINDOW;
        }
    }

    /// True between `begin_stroke` and `end_stroke`.
    #[must_use]
    pub fn in_stroke(&self) -> bool {
        self.stroke.is_some()
    }

    /// The syntax tree of the current text (parsed now if the text changed
    /// since; parsing alone is fast). Tools compute their edits from this,
    /// never from a build that may lag behind the text.
    pub fn ast(&mut self) -> &engine::syntax::ast::Ast {
        let revision = self.revision;
        if self.parsed.as_ref().is_some_and(|(rev, _)| *rev != revision) {
            self.parsed = None;
        }
        let text = &self.text;
        &self.parsed.get_or_insert_with(|| (revision, std::sync::Arc::new(engine::syntax::parse(text).0))).1
    }

    /// [`Self::ast`] as a shared handle, for panels that hold the tree
    /// while they change the document.
    pub fn shared_ast(&mut self) -> std::sync::Arc<engine::syntax::ast::Ast> {
        self.ast();
        self.parsed.as_ref().map(|(_, ast)| ast.clone()).unwrap_or_default()
    }

    /// Undo the last step; returns the byte offset where the change was.
    pub fn undo(&mut self) -> Option<usize> {
        self.stroke = None;
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

    /// Build the text again, now, on this thread.
    pub fn rebuild(&mut self) {
        (self.build, self.build_time) = build_guarded(&self.text, self.path.as_deref());
        self.built_revision = self.revision;
        self.worker = None;
    }

    /// True while the shown build is older than the text.
    #[must_use]
    pub fn is_building(&self) -> bool {
        self.built_revision != self.revision
    }

    /// Take a finished background build, and start the next one if the
    /// text changed meanwhile. Call once a frame; true when the build changed.
    pub fn poll_build(&mut self) -> bool {
        let mut updated = false;
        if let Some((revision, rx)) = &self.worker {
            match rx.try_recv() {
                Ok((build, time)) => {
                    self.built_revision = *revision;
                    self.build = build;
                    self.build_time = time;
                    self.worker = None;
                    updated = true;
                }
                Err(mpsc::TryRecvError::Empty) => return false,
                Err(mpsc::TryRecvError::Disconnected) => self.worker = None,
            }
        }
        if self.worker.is_none() && self.is_building() {
            let (tx, rx) = mpsc::channel();
            let text = self.text.clone();
            let path = self.path.clone();
            let spawned = std::thread::Builder::new().name("puzzlewright-build".into()).spawn(move || {
                let _ = tx.send(build_guarded(&text, path.as_deref()));
            });
            if spawned.is_ok() {
                self.worker = Some((self.revision, rx));
            } else {
                self.rebuild();
                updated = true;
            }
        }
        updated
    }

    /// Wait for the build of the current text (tests, and before saving
    /// or exporting what the engine thinks).
    pub fn finish_build(&mut self) {
        while self.is_building() {
            if let Some((revision, rx)) = self.worker.take()
                && let Ok((build, time)) = rx.recv()
            {
                self.built_revision = revision;
                self.build = build;
                self.build_time = time;
            }
            self.poll_build();
        }
    }

    /// Bounds the engine hit while the current text was played, oldest
    /// first, each once.
    #[must_use]
    pub fn runtime_problems(&self) -> &[RuntimeProblem] {
        &self.runtime_problems
    }

    /// Note a bound the engine hit while playing (kept once; forgotten when
    /// the text changes, since its line may no longer hold that rule).
    pub fn report_runtime(&mut self, problem: RuntimeProblem) {
        if !self.runtime_problems.contains(&problem) {
            self.runtime_problems.push(problem);
        }
    }

    /// The byte range of line `line` (from 1) of the text, without its line
    /// break; `None` past the end.
    #[must_use]
    pub fn line_range(&self, line: u32) -> Option<std::ops::Range<usize>> {
        let index = usize::try_from(line).ok()?.checked_sub(1)?;
        let mut start = 0;
        for (i, l) in self.text.split('\n').enumerate() {
            if i == index {
                return Some(start..start + l.trim_end_matches('\r').len());
            }
            start += l.len() + 1;
        }
        None
    }

    fn changed(&mut self) {
        self.runtime_problems.clear();
        // Building can take longer than a frame on large games, so it runs
        // on a worker; `poll_build` picks the answer up.
        self.revision = next_revision();
        self.poll_build();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn runtime_problems_are_kept_once_and_dropped_on_edit() {
        let mut doc = Document::new("one\r\ntwo\nthree".to_owned(), None);
        assert_eq!(doc.line_range(2), Some(5..8));
        assert_eq!(doc.line_range(3), Some(9..14));
        assert_eq!(doc.line_range(4), None);
        assert_eq!(doc.line_range(0), None);
        let p = RuntimeProblem { limit: engine::run::Limit::LoopJumps, line: 2 };
        doc.report_runtime(p);
        doc.report_runtime(p);
        assert_eq!(doc.runtime_problems(), &[p]);
        doc.set_text("one\ntwo".to_owned());
        assert!(doc.runtime_problems().is_empty(), "an edit forgets them");
    }

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
    fn a_stroke_undoes_as_one_step() {
        let mut doc = Document::new("0000\n".into(), None);
        doc.set_text("x0000\n".into());
        doc.begin_stroke();
        for i in 1..5 {
            let edit = engine::edit::TextEdit::replace(i..i + 1, "1");
            assert!(doc.apply_edit(&edit));
        }
        doc.end_stroke();
        assert_eq!(doc.text(), "x1111\n");
        doc.undo();
        assert_eq!(doc.text(), "x0000\n", "the whole stroke undoes at once");
        doc.undo();
        assert_eq!(doc.text(), "0000\n", "and the typing before it separately");
        assert!(!doc.apply_edit(&engine::edit::TextEdit::insert(99, "z")), "a stale range is refused");
    }

    #[test]
    fn a_tool_edit_is_the_undo_step_trimmed_to_what_changed() {
        let mut doc = Document::new("ab\n0000\ncd\n".into(), None);
        // A tool rewrites the whole row to change one pixel.
        assert!(doc.apply_edit(&engine::edit::TextEdit::replace(3..7, "0010")));
        assert_eq!(doc.text(), "ab\n0010\ncd\n");
        let step = doc.undo.last().map(|s| s.edits.clone());
        assert_eq!(step, Some(vec![Edit { at: 5, removed: "0".into(), inserted: "1".into() }]));
        assert!(!doc.apply_edit(&engine::edit::TextEdit::replace(3..7, "0010")), "no change, no step");
        assert!(!doc.apply_edit(&engine::edit::TextEdit::replace(0..99, "x")), "a range past the end is refused");
        assert_eq!(doc.undo(), Some(6), "undo puts the cursor after the restored byte");
        assert_eq!(doc.text(), "ab\n0000\ncd\n");
        assert!(!doc.can_undo());
        // Not on a character boundary: refused, the text untouched.
        let mut doc = Document::new("é".into(), None);
        assert!(!doc.apply_edit(&engine::edit::TextEdit::replace(1..2, "x")));
        assert_eq!(doc.text(), "é");
    }

    #[test]
    fn multibyte_edits_stay_on_char_boundaries() {
        let mut doc = Document::new("é".into(), None);
        doc.set_text("è".into());
        doc.undo();
        assert_eq!(doc.text(), "é");
    }
}
