//! Puzzlewright's engine: the PuzzleScript language and game, with no GUI,
//! audio device, clock, file or network access.
//!
//! One pipeline, each phase a module:
//! `syntax` (text -> [`syntax::ast::Ast`] + diagnostics, never fails),
//! `check` (legend, layers, rules, levels -> diagnostics),
//! `compile` (Ast -> immutable [`compile::Game`]),
//! `run` (a [`run::Session`] playing one game: turns, undo, again, events),
//! `play` (the flow a player sees around a session: title, messages,
//! progression, timing without a clock).
//! Side modules: `names` (the one [`names::NameTable`] of a build: objects,
//! synonyms, properties, aggregates, shared by check, compile and edit),
//! `diag` (the [`Diagnostic`] type and its `catalogue`, every message in one
//! place), `options` (the prelude options), `span` (positions), `rng` (the
//! reference's RC4 generator), `sfx` (seed -> sfxr parameters -> samples),
//! `palette` (colours and the built-in palettes), `wrap` (message lines),
//! `render` (sprites and RGBA frames of any level grid),
//! `edit` (the smallest text edits for the visual tools), `solve` (search
//! for a level's winning inputs), `analyze` (design checks beyond the
//! reference's, a separate call never made by `build`).
//!
//! Arrows run one way: syntax <- names <- check/compile <- run <- play; nothing
//! in syntax or compile imports check.
//!
//! Invariants (see DESIGN.md): parsing never fails; one error does not
//! cascade; every diagnostic has a severity, code, message and span; the
//! engine is deterministic and owns no clock or device.

#![warn(missing_docs)]

pub mod afx;
pub mod analyze;
pub mod canvas;
pub mod canvas_text;
pub mod check;
pub mod compile;
pub mod diag;
pub mod dialect;
pub mod edit;
pub mod images;
pub mod json;
pub mod kept;
pub mod names;
pub mod options;
pub mod palette;
pub mod pixel_font;
pub mod play;
pub mod render;
pub mod rng;
pub mod run;
pub mod sfx;
pub mod solve;
pub mod span;
pub mod syntax;
pub mod tween;
pub mod wrap;

pub use diag::{Diagnostic, Severity};
pub use span::Span;

use std::sync::Arc;

/// The result of building a game from its text.
#[derive(Debug, Clone)]
pub struct Build {
    /// The syntax tree (always present, however broken the text).
    pub ast: syntax::ast::Ast,
    /// Every diagnostic from every phase, sorted by position.
    pub diagnostics: Vec<Diagnostic>,
    /// The compiled game, when there were no errors.
    pub game: Option<Arc<compile::Game>>,
    /// What could be compiled in spite of errors (the broken parts left
    /// out), the way the reference editor still plays a game it has
    /// complained about. `None` when nothing playable could be made. Tools
    /// that replay the reference's recordings use it; the studio does not
    /// run a game with errors.
    pub salvaged: Option<Arc<compile::Game>>,
}

impl Build {
    /// The first `n` errors as `line N: message`, one per line (indented
    /// by two spaces after the first): a short reason why a game did not
    /// build, for command-line tools.
    #[must_use]
    pub fn first_errors(&self, n: usize) -> String {
        let lines: Vec<String> = self
            .diagnostics
            .iter()
            .filter(|d| d.is_error())
            .take(n)
            .map(|d| format!("line {}: {}", d.span.line, d.message))
            .collect();
        lines.join("\n  ")
    }
}

/// Parse, check and compile `source`. Never panics; `game` is `None`
/// exactly when some diagnostic is an error. PuzzleScript Next's
/// `load_images` pictures given as `data:` URIs are decoded; those in
/// files wait (drawn black): a host that reads files uses
/// [`build_with_files`].
#[must_use]
pub fn build(source: &str) -> Build {
    build_with_files(source, &mut |_| None)
}

/// [`build`], asking `files` for the bytes of each file `load_images`
/// names (the path as written: relative to the game file, or absolute).
/// The engine itself reads no file; see [`images`].
#[must_use]
pub fn build_with_files(source: &str, files: &mut dyn FnMut(&str) -> images::FileAnswer) -> Build {
    let (ast, mut diagnostics) = syntax::parse(source);
    let names = names::NameTable::build(&ast);
    // The dialect reads the whole tree: worked out once for both.
    let dialect = dialect::needed(&ast).map(|n| n.dialect);
    diagnostics.extend(check::check(&ast, &names, source, dialect.is_some()));
    let checked_ok = !diag::has_errors(&diagnostics);
    let (compiled, more) = compile::compile_as(&ast, &names, dialect.unwrap_or_default());
    // What the compiler finds is about rules the checks cannot judge, so it
    // is reported even next to the checks' errors; only "nothing to
    // compile" would repeat them.
    diagnostics.extend(more.into_iter().filter(|d| checked_ok || d.code != "E0600"));
    let mut compiled = compiled;
    if let Some(game) = &mut compiled
        && game.metadata.has_option(options::PreludeOption::LoadImages)
    {
        let (pictures, why) = images::load(&ast, files);
        game.images = pictures;
        diagnostics.extend(why);
    }
    diagnostics.sort_by_key(|d| (d.span.start, d.span.end));
    let mut compiled = compiled.map(Arc::new);
    if let Some(at) = first_past_limit(&diagnostics, dialect.is_some()) {
        // The reference stops compiling when it has this much to say.
        diagnostics.push(diag::catalogue::too_many_problems(at, MAX_PROBLEMS));
        diagnostics.sort_by_key(|d| (d.span.start, d.span.end));
        compiled = None;
    }
    let game = if diag::has_errors(&diagnostics) { None } else { compiled.clone() };
    Build { ast, diagnostics, game, salvaged: compiled }
}

/// The most distinct problems (by line and wording) a game may have before
/// it is refused, as the reference refuses it: past this many errors and
/// warnings together it gives up compiling. PuzzleScript Next counts
/// errors only, so a Plus/Next game may have any number of warnings.
pub const MAX_PROBLEMS: usize = 100;

/// Where the first problem past [`MAX_PROBLEMS`] is, counting a message
/// repeated on one line once (in a Plus/Next game, errors only).
fn first_past_limit(diagnostics: &[Diagnostic], errors_only: bool) -> Option<Span> {
    if diagnostics.len() <= MAX_PROBLEMS {
        return None;
    }
    let mut seen = rustc_hash::FxHashSet::default();
    diagnostics
        .iter()
        .filter(|d| !errors_only || d.is_error())
        .filter(|d| seen.insert((d.span.line, d.message.as_str())))
        .nth(MAX_PROBLEMS)
        .map(|d| d.span)
}
