//! Source positions: byte ranges plus 1-based line and column.
//!
//! Owns nothing but the position types; every later phase carries them so a
//! diagnostic or a visual edit can point back at the exact text.

/// A range of the source text, with the line and column where it starts.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Span {
    /// Byte offset of the first byte.
    pub start: usize,
    /// Byte offset one past the last byte.
    pub end: usize,
    /// 1-based line number of `start`.
    pub line: u32,
    /// 1-based column (in characters) of `start`.
    pub col: u32,
}

impl Span {
    /// A span covering `start..end` that begins at `line`:`col`.
    #[must_use]
    pub fn new(start: usize, end: usize, line: u32, col: u32) -> Self {
        Self { start, end, line, col }
    }

    /// The smallest span covering both `self` and `other`.
    #[must_use]
    pub fn to(self, other: Span) -> Span {
        if other.start < self.start {
            return other.to(self);
        }
        Span { start: self.start, end: self.end.max(other.end), line: self.line, col: self.col }
    }

    /// The text this span covers in `source` (empty if out of range).
    #[must_use]
    pub fn text(self, source: &str) -> &str {
        source.get(self.start..self.end).unwrap_or("")
    }
}

/// A value together with where it was written.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Spanned<T> {
    /// The value.
    pub value: T,
    /// Where it was written.
    pub span: Span,
}
