//! Text edits for the visual tools.
//!
//! The studio's painters and browsers never change a game directly: they ask
//! this module for the smallest [`TextEdit`] that makes their change in the
//! source text, keeping the author's formatting and comments, and the
//! document applies it like typing (one undo history for everything).
//!
//! Every function here takes the source text (and usually its parsed
//! [`crate::syntax::ast::Ast`]) and returns `Option<TextEdit>` or a
//! `Result`: `None`/`Err` when the operation makes no sense for this text
//! (an unknown object, a level index out of range), never a panic.

pub mod legend;
pub mod levels;
pub mod objects;
pub mod sounds;

use std::ops::Range;

/// Replace the bytes `range` of the text with `insert`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TextEdit {
    /// Byte range of the original text to replace (empty to insert).
    pub range: Range<usize>,
    /// What goes there.
    pub insert: String,
}

impl TextEdit {
    /// Insert `text` at byte `at`.
    #[must_use]
    pub fn insert(at: usize, text: impl Into<String>) -> Self {
        Self { range: at..at, insert: text.into() }
    }

    /// Replace `range` with `text`.
    #[must_use]
    pub fn replace(range: Range<usize>, text: impl Into<String>) -> Self {
        Self { range, insert: text.into() }
    }

    /// The text after this edit, or `None` when the range does not fit the
    /// text or splits a character.
    #[must_use]
    pub fn apply(&self, text: &str) -> Option<String> {
        let Range { start, end } = self.range.clone();
        if start > end || end > text.len() || !text.is_char_boundary(start) || !text.is_char_boundary(end) {
            return None;
        }
        let mut out = String::with_capacity(text.len() - (end - start) + self.insert.len());
        out.push_str(&text[..start]);
        out.push_str(&self.insert);
        out.push_str(&text[end..]);
        Some(out)
    }
}

#[cfg(test)]
mod tests {
    use super::TextEdit;

    #[test]
    fn apply_replaces_inserts_and_refuses_bad_ranges() {
        assert_eq!(TextEdit::replace(1..3, "XY").apply("abcd").as_deref(), Some("aXYd"));
        assert_eq!(TextEdit::insert(4, "!").apply("abcd").as_deref(), Some("abcd!"));
        assert_eq!(TextEdit::insert(5, "!").apply("abcd"), None);
        assert_eq!(TextEdit::replace(0..1, "").apply("éa"), None);
    }
}
