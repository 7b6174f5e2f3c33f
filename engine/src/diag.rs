//! Diagnostics: what the engine tells the author about their game.
//!
//! Every diagnostic has a severity, a stable code, a message in our own
//! words and a span. The type lives here and the codes with their wording in
//! [`catalogue`] (one place for every message), so every phase, from the
//! parser to the compiler, can emit one without reaching up into another.

pub mod catalogue;

use crate::span::Span;

/// How serious a diagnostic is. Any `Error` means the game does not run.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Severity {
    /// The game is refused until this is fixed.
    Error,
    /// The game runs, but probably not as the author meant.
    Warning,
    /// Neutral information (for example a rule that was ignored on purpose).
    Info,
}

impl Severity {
    /// The lower-case word used in `FILE:LINE:COL: severity: message`.
    #[must_use]
    pub fn as_str(self) -> &'static str {
        match self {
            Severity::Error => "error",
            Severity::Warning => "warning",
            Severity::Info => "info",
        }
    }
}

/// One message about the game text.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Diagnostic {
    /// How serious it is.
    pub severity: Severity,
    /// Stable identifier, such as `E0101`; never reused for another meaning.
    pub code: &'static str,
    /// The message, in our words, naming the things involved.
    pub message: String,
    /// Where in the text it applies.
    pub span: Span,
}

impl Diagnostic {
    /// An error at `span`.
    #[must_use]
    pub fn error(code: &'static str, span: Span, message: impl Into<String>) -> Self {
        Self { severity: Severity::Error, code, message: message.into(), span }
    }

    /// A warning at `span`.
    #[must_use]
    pub fn warning(code: &'static str, span: Span, message: impl Into<String>) -> Self {
        Self { severity: Severity::Warning, code, message: message.into(), span }
    }

    /// True when this diagnostic stops the game from running.
    #[must_use]
    pub fn is_error(&self) -> bool {
        self.severity == Severity::Error
    }
}

/// True when any diagnostic in `diags` is an error.
#[must_use]
pub fn has_errors(diags: &[Diagnostic]) -> bool {
    diags.iter().any(Diagnostic::is_error)
}
