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
pub mod rotations;
pub mod sounds;

use std::ops::Range;

use crate::syntax::ast::{Ast, Section};

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

/// Byte offset of the start of the line holding `at`.
fn line_start(text: &str, at: usize) -> usize {
    text.get(..at).and_then(|t| t.rfind('\n')).map_or(0, |i| i + 1)
}

/// The line before the one starting at `start`, if it is a `====` rule.
fn rule_above(text: &str, start: usize) -> Option<usize> {
    if start == 0 {
        return None;
    }
    let above = line_start(text, start - 1);
    let line = text.get(above..start)?.trim();
    (!line.is_empty() && line.chars().all(|c| c == '=')).then_some(above)
}

/// Add the headers of the `wanted` sections the text lacks, each where the
/// section order puts it (before the next section present, or at the end),
/// `====`-ruled like the text's own headers. `None` when none is missing.
#[must_use]
pub fn add_sections(text: &str, ast: &Ast, wanted: &[Section]) -> Option<TextEdit> {
    let present = |s: Section| ast.sections.iter().any(|(x, _)| *x == s);
    let missing: Vec<Section> = Section::HEADED.into_iter().filter(|s| wanted.contains(s) && !present(*s)).collect();
    if missing.is_empty() {
        return None;
    }
    let nl = if text.contains("\r\n") { "\r\n" } else { "\n" };
    let ruled = ast.sections.first().is_some_and(|(_, sp)| rule_above(text, line_start(text, sp.start)).is_some());
    let block = |s: Section| {
        let word = s.header();
        if ruled {
            let rule = "=".repeat(word.len());
            format!("{rule}{nl}{word}{nl}{rule}{nl}{nl}")
        } else {
            format!("{word}{nl}{nl}")
        }
    };
    // Each missing section goes before the first present one that follows it.
    let mut inserts: Vec<(usize, String)> = Vec::new();
    for s in missing {
        let next = Section::HEADED
            .iter()
            .filter(|n| **n > s)
            .find_map(|n| ast.sections.iter().find(|(x, _)| x == n).map(|(_, sp)| sp.start));
        let (at, lead) = match next {
            Some(header) => {
                let start = line_start(text, header);
                (rule_above(text, start).unwrap_or(start), String::new())
            }
            None => {
                let lead = if text.is_empty() || text.ends_with("\n\n") || text.ends_with("\r\n\r\n") {
                    String::new()
                } else if text.ends_with('\n') {
                    nl.to_owned()
                } else {
                    format!("{nl}{nl}")
                };
                (text.len(), lead)
            }
        };
        match inserts.iter_mut().find(|(a, _)| *a == at) {
            Some((_, body)) => body.push_str(&block(s)),
            None => inserts.push((at, format!("{lead}{}", block(s)))),
        }
    }
    inserts.sort_by_key(|(at, _)| *at);
    let first = inserts.first()?.0;
    let last = inserts.last()?.0;
    let mut out = String::new();
    let mut from = first;
    for (at, body) in &inserts {
        out.push_str(text.get(from..*at)?);
        out.push_str(body);
        from = *at;
    }
    Some(TextEdit::replace(first..last, out))
}

/// Make a tool's edit on a text that may lack sections the edit needs:
/// when one of the `wanted` sections is missing, every missing section is
/// added (a game needs all their headers, in order, even empty ones),
/// `then` computes its edit on that text (and its parse), and both come
/// back as one edit of the original `text`, so they apply and undo as one
/// step.
pub fn with_sections<E>(
    text: &str,
    ast: &Ast,
    wanted: &[Section],
    then: impl FnOnce(&str, &Ast) -> Result<TextEdit, E>,
) -> Result<TextEdit, E> {
    if add_sections(text, ast, wanted).is_none() {
        return then(text, ast);
    }
    let Some(sections) = add_sections(text, ast, &Section::HEADED) else {
        return then(text, ast);
    };
    let Some(with) = sections.apply(text) else {
        return then(text, ast);
    };
    let (with_ast, _) = crate::syntax::parse(&with);
    let edit = then(&with, &with_ast)?;
    let done = edit.apply(&with).unwrap_or(with);
    Ok(levels::minimal(text, 0..text.len(), &done).unwrap_or(sections))
}

#[cfg(test)]
mod tests {
    use super::TextEdit;
    use super::{add_sections, with_sections};
    use crate::syntax::ast::Section;
    use crate::syntax::parse;

    fn sections(text: &str) -> Vec<Section> {
        parse(text).0.sections.iter().map(|(s, _)| *s).collect()
    }

    #[test]
    fn missing_sections_are_added_in_order_and_ruled_like_the_rest() {
        let text = "title t\n\n===\nRULES\n===\n\n[ a ] -> [ b ]\n";
        let (ast, _) = parse(text);
        let edit =
            add_sections(text, &ast, &[Section::Objects, Section::CollisionLayers, Section::Levels]).expect("missing");
        let new = edit.apply(text).expect("applies");
        assert_eq!(
            new,
            "title t\n\n=======\nOBJECTS\n=======\n\n===============\nCOLLISIONLAYERS\n===============\n\n===\nRULES\n===\n\n[ a ] -> [ b ]\n\n======\nLEVELS\n======\n\n"
        );
        assert_eq!(sections(&new), vec![Section::Objects, Section::CollisionLayers, Section::Rules, Section::Levels]);
        assert_eq!(add_sections(&new, &parse(&new).0, &[Section::Objects]), None, "nothing missing");
        // Plain headers when the text has no rules; an empty text too.
        let plain = add_sections("title t", &parse("title t").0, &[Section::Legend]).and_then(|e| e.apply("title t"));
        assert_eq!(plain.as_deref(), Some("title t\n\nLEGEND\n\n"));
        assert_eq!(
            add_sections("", &parse("").0, &[Section::Levels]).and_then(|e| e.apply("")).as_deref(),
            Some("LEVELS\n\n")
        );
    }

    #[test]
    fn an_edit_made_with_sections_is_one_edit_of_the_original() {
        let text = "title t\n";
        let (ast, _) = parse(text);
        let edit = with_sections(text, &ast, &[Section::Levels], |t, a| {
            super::levels::add_level(t, a, None, 2, 1, '.').ok_or(())
        })
        .expect("made");
        let new = edit.apply(text).expect("applies");
        // Every header a game needs comes with the one the edit needs.
        assert_eq!(
            new,
            "title t\n\nOBJECTS\n\nLEGEND\n\nSOUNDS\n\nCOLLISIONLAYERS\n\nRULES\n\nWINCONDITIONS\n\nLEVELS\n\n..\n\n"
        );
        let (ast, diagnostics) = parse(&new);
        assert_eq!(ast.levels.len(), 1);
        assert!(diagnostics.is_empty(), "{diagnostics:?}");
        // Nothing added when the wanted sections are there.
        let (ast, _) = parse(&new);
        let again = with_sections(&new, &ast, &[Section::Levels], |t, a| {
            super::levels::add_level(t, a, None, 1, 1, '.').ok_or(())
        })
        .expect("made");
        assert_eq!(again.apply(&new).map(|t| t.len()), Some(new.len() + 3));
        assert_eq!(with_sections(text, &parse(text).0, &[Section::Levels], |_, _| Err::<TextEdit, _>("no")), Err("no"));
    }

    #[test]
    fn apply_replaces_inserts_and_refuses_bad_ranges() {
        assert_eq!(TextEdit::replace(1..3, "XY").apply("abcd").as_deref(), Some("aXYd"));
        assert_eq!(TextEdit::insert(4, "!").apply("abcd").as_deref(), Some("abcd!"));
        assert_eq!(TextEdit::insert(5, "!").apply("abcd"), None);
        assert_eq!(TextEdit::replace(0..1, "").apply("éa"), None);
    }
}
