//! Level edits: paint cells, resize, add, duplicate, delete and move levels
//! and messages, each as the smallest [`TextEdit`] of the source.
//!
//! Everything works from the spans of the parsed tree: a row's span covers
//! exactly its glyphs (one `char` per cell), so a cell is a byte range inside
//! it. Multi-row changes rebuild only the rows they touch, copy whatever was
//! between the rows (line breaks, comments) unchanged, and are then trimmed
//! to the bytes that really differ.

use super::TextEdit;
use crate::syntax::ast::{Ast, LevelEntry, LevelMap, Section};

/// A side of a level, for resizing.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Side {
    /// The first row.
    Top,
    /// The last row.
    Bottom,
    /// The first column.
    Left,
    /// The last column.
    Right,
}

/// The smallest edit turning `text[range]` into `new`: common leading and
/// trailing bytes are left alone (kept on character boundaries).
#[must_use]
pub fn minimal(text: &str, range: std::ops::Range<usize>, new: &str) -> Option<TextEdit> {
    let old = text.get(range.clone())?;
    let mut pre = old.bytes().zip(new.bytes()).take_while(|(a, b)| a == b).count();
    while pre > 0 && (!old.is_char_boundary(pre) || !new.is_char_boundary(pre)) {
        pre -= 1;
    }
    let (o, n) = (&old[pre..], &new[pre..]);
    let mut suf = o.bytes().rev().zip(n.bytes().rev()).take_while(|(a, b)| a == b).count();
    while suf > 0 && (!o.is_char_boundary(o.len() - suf) || !n.is_char_boundary(n.len() - suf)) {
        suf -= 1;
    }
    Some(TextEdit::replace(range.start + pre..range.end - suf, &n[..n.len() - suf]))
}

/// The line break the text uses (`"\r\n"` if any line ends that way).
fn newline(text: &str) -> &'static str {
    if text.contains("\r\n") { "\r\n" } else { "\n" }
}

/// Byte offset of the start of the line holding `at`.
fn line_start(text: &str, at: usize) -> usize {
    text.get(..at).and_then(|t| t.rfind('\n')).map_or(0, |i| i + 1)
}

/// Byte offset of the end of the line holding `at` (before `\r\n`/`\n`).
fn line_end(text: &str, at: usize) -> usize {
    let end = text.get(at..).and_then(|t| t.find('\n')).map_or(text.len(), |i| at + i);
    if end > 0 && text.as_bytes().get(end - 1) == Some(&b'\r') { end - 1 } else { end }
}

/// Byte offset just past the line break ending the line holding `at` (the
/// text's end on the last line).
fn next_line_start(text: &str, at: usize) -> usize {
    text.get(at..).and_then(|t| t.find('\n')).map_or(text.len(), |i| at + i + 1)
}

fn map(ast: &Ast, level: usize) -> Option<&LevelMap> {
    match ast.levels.get(level)? {
        LevelEntry::Map(m) => Some(m),
        LevelEntry::Message { .. } | LevelEntry::Goto { .. } => None,
    }
}

fn entry_span(e: &LevelEntry) -> crate::span::Span {
    match e {
        LevelEntry::Map(m) => m.span,
        LevelEntry::Message { span, .. } | LevelEntry::Goto { span, .. } => *span,
    }
}

/// Rebuild rows `first..=last` of `m` with `f(row_index, current_text)`,
/// keeping what lies between rows, as one minimal edit.
fn rewrite_rows(
    text: &str,
    m: &LevelMap,
    first: usize,
    last: usize,
    mut f: impl FnMut(usize, &str) -> Option<String>,
) -> Option<TextEdit> {
    let start = m.row_spans.get(first)?.start;
    let end = m.row_spans.get(last)?.end;
    let mut out = String::new();
    let mut at = start;
    for y in first..=last {
        let sp = m.row_spans.get(y)?;
        out.push_str(text.get(at..sp.start)?);
        out.push_str(&f(y, text.get(sp.start..sp.end)?)?);
        at = sp.end;
    }
    minimal(text, start..end, &out)
}

/// Paint one cell (`x` column, `y` row) of LEVELS entry `level` with `glyph`.
/// `None` for a message, a cell outside the rows as written, or a glyph that
/// cannot sit in a level (whitespace, `(`).
#[must_use]
pub fn paint_cell(text: &str, ast: &Ast, level: usize, x: usize, y: usize, glyph: char) -> Option<TextEdit> {
    paint_cells(text, ast, level, &[(x, y, glyph)])
}

fn paintable(glyph: char) -> bool {
    !glyph.is_whitespace() && glyph != '(' && glyph != ')'
}

/// `glyph` as the game itself writes it: the tree holds names in lower
/// case, but a legend that defines `P` should see `P` painted, not `p`.
/// The spelling of the first one-character name (object, object glyph,
/// legend entry) that is `glyph` ignoring case; `glyph` itself when none is.
#[must_use]
pub fn spelling(text: &str, ast: &Ast, glyph: char) -> char {
    if ast.case_sensitive {
        return glyph;
    }
    let lower: String = glyph.to_lowercase().collect();
    ast.objects
        .iter()
        .flat_map(|o| std::iter::once(&o.name).chain(o.extra_names.iter()))
        .chain(ast.legend.iter().map(|d| &d.name))
        .find(|n| n.text == lower)
        .and_then(|n| {
            let mut written = n.span.text(text).chars();
            match (written.next(), written.next()) {
                (Some(c), None) if c.to_lowercase().eq(glyph.to_lowercase()) => Some(c),
                _ => None,
            }
        })
        .unwrap_or(glyph)
}

/// Paint several cells at once (`(x, y, glyph)`; later entries win), as one edit.
#[must_use]
pub fn paint_cells(text: &str, ast: &Ast, level: usize, cells: &[(usize, usize, char)]) -> Option<TextEdit> {
    let m = map(ast, level)?;
    if cells.is_empty() {
        return None;
    }
    for &(x, y, g) in cells {
        if !paintable(g) || x >= m.rows.get(y)?.len() {
            return None;
        }
    }
    let first = cells.iter().map(|c| c.1).min()?;
    let last = cells.iter().map(|c| c.1).max()?;
    rewrite_rows(text, m, first, last, |y, row| {
        let mut chars: Vec<char> = row.chars().collect();
        for &(cx, cy, g) in cells {
            if cy == y {
                *chars.get_mut(cx)? = spelling(text, ast, g);
            }
        }
        Some(chars.into_iter().collect())
    })
}

/// Add `count` rows or columns on `side` of level `level`, filled with `fill`.
#[must_use]
pub fn grow(text: &str, ast: &Ast, level: usize, side: Side, count: usize, fill: char) -> Option<TextEdit> {
    let m = map(ast, level)?;
    if count == 0 || !paintable(fill) {
        return None;
    }
    let fill = spelling(text, ast, fill);
    let width = m.rows.iter().map(Vec::len).max()?;
    let nl = newline(text);
    let row: String = std::iter::repeat_n(fill, width).collect();
    let pad: String = std::iter::repeat_n(fill, count).collect();
    match side {
        Side::Top => {
            let first = m.row_spans.first()?;
            let ls = line_start(text, first.start);
            let indent = text.get(ls..first.start)?;
            let mut ins = String::new();
            for _ in 0..count {
                ins.push_str(&row);
                ins.push_str(nl);
                ins.push_str(indent);
            }
            Some(TextEdit::insert(first.start, ins))
        }
        Side::Bottom => {
            let lastsp = m.row_spans.last()?;
            let ls = line_start(text, lastsp.start);
            let indent = text.get(ls..lastsp.start)?;
            let at = line_end(text, lastsp.end);
            let mut ins = String::new();
            for _ in 0..count {
                ins.push_str(nl);
                ins.push_str(indent);
                ins.push_str(&row);
            }
            Some(TextEdit::insert(at, ins))
        }
        Side::Left => rewrite_rows(text, m, 0, m.rows.len() - 1, |_, r| Some(format!("{pad}{r}"))),
        Side::Right => rewrite_rows(text, m, 0, m.rows.len() - 1, |_, r| Some(format!("{r}{pad}"))),
    }
}

/// Remove `count` rows or columns from `side` of level `level`. `None` if
/// that would leave the level empty.
#[must_use]
pub fn shrink(text: &str, ast: &Ast, level: usize, side: Side, count: usize) -> Option<TextEdit> {
    let m = map(ast, level)?;
    if count == 0 {
        return None;
    }
    let n = m.rows.len();
    match side {
        Side::Top | Side::Bottom if count >= n => None,
        Side::Top => {
            // From the first row's glyphs to the glyphs of row `count`.
            let a = m.row_spans.first()?.start;
            let b = m.row_spans.get(count)?.start;
            // Only whole lines: everything between must be line breaks/indent.
            let a = line_start(text, a);
            let b = line_start(text, b);
            Some(TextEdit::replace(a..b, ""))
        }
        Side::Bottom => {
            let keep = m.row_spans.get(n - count - 1)?;
            let a = line_end(text, keep.end);
            let b = line_end(text, m.row_spans.last()?.end);
            Some(TextEdit::replace(a..b, ""))
        }
        Side::Left | Side::Right => {
            if m.rows.iter().any(|r| r.len() <= count) {
                return None;
            }
            rewrite_rows(text, m, 0, n - 1, |_, r| {
                let chars: Vec<char> = r.chars().collect();
                let kept = if side == Side::Left { &chars[count..] } else { &chars[..chars.len() - count] };
                Some(kept.iter().collect())
            })
        }
    }
}

/// Where a new entry goes after entry `after` (or at the end of LEVELS when
/// `None`): the byte offset to insert at and whether a leading line break is
/// needed.
fn insertion_point(text: &str, ast: &Ast, after: Option<usize>) -> Option<usize> {
    let anchor = match after {
        Some(i) => Some(entry_span(ast.levels.get(i)?)),
        None => ast.levels.last().map(entry_span),
    };
    match anchor {
        Some(sp) => Some(line_end(text, sp.end)),
        None => {
            let (_, header) = ast.sections.iter().rev().find(|(s, _)| *s == Section::Levels)?;
            Some(line_end(text, header.end))
        }
    }
}

/// Insert raw entry text (lines joined with the text's line break) as a new
/// entry after `after` (or at the end), separated by a blank line.
fn insert_entry(text: &str, ast: &Ast, after: Option<usize>, lines: &[String]) -> Option<TextEdit> {
    let at = insertion_point(text, ast, after)?;
    let nl = newline(text);
    let mut ins = String::new();
    ins.push_str(nl);
    ins.push_str(nl);
    ins.push_str(&lines.join(nl));
    ins.push_str(&separator_after(text, at, nl));
    Some(TextEdit::insert(at, ins))
}

/// Add a `width`×`height` level filled with `fill` after entry `after` (or
/// at the end of LEVELS when `None`).
#[must_use]
pub fn add_level(
    text: &str,
    ast: &Ast,
    after: Option<usize>,
    width: usize,
    height: usize,
    fill: char,
) -> Option<TextEdit> {
    if width == 0 || height == 0 || !paintable(fill) {
        return None;
    }
    let fill = spelling(text, ast, fill);
    let row: String = std::iter::repeat_n(fill, width).collect();
    insert_entry(text, ast, after, &vec![row; height])
}

/// Add `message <words>` after entry `after` (or at the end).
#[must_use]
pub fn insert_message(text: &str, ast: &Ast, after: Option<usize>, words: &str) -> Option<TextEdit> {
    let words = words.replace(['\n', '\r'], " ");
    insert_entry(text, ast, after, &[format!("message {}", words.trim())])
}

/// The whole-line text of entry `i` (from the start of its first line's
/// content to the end of its last line, comments included).
fn entry_text<'a>(text: &'a str, ast: &Ast, i: usize) -> Option<(usize, usize, &'a str)> {
    let sp = entry_span(ast.levels.get(i)?);
    let a = sp.start;
    let b = line_end(text, sp.end);
    Some((a, b, text.get(a..b)?))
}

/// Copy entry `i` (level or message) right after itself.
#[must_use]
pub fn duplicate(text: &str, ast: &Ast, i: usize) -> Option<TextEdit> {
    let (_, b, body) = entry_text(text, ast, i)?;
    let nl = newline(text);
    Some(TextEdit::insert(b, format!("{nl}{nl}{body}{}", separator_after(text, b, nl))))
}

/// A line break to add after an insertion at line end `at` when the next
/// line holds an entry (so the inserted one does not run into it).
fn separator_after(text: &str, at: usize, nl: &str) -> String {
    let next = next_line_start(text, at);
    if next >= text.len() {
        return String::new();
    }
    let line = text.get(next..line_end(text, next)).unwrap_or("");
    if blank(line) { String::new() } else { nl.to_owned() }
}

fn blank(line: &str) -> bool {
    line.trim().is_empty()
}

/// Delete entry `i` with its lines, and one blank line next to it so the
/// separation between the remaining entries stays as it was.
#[must_use]
pub fn delete(text: &str, ast: &Ast, i: usize) -> Option<TextEdit> {
    let sp = entry_span(ast.levels.get(i)?);
    let mut a = line_start(text, sp.start);
    let mut b = next_line_start(text, sp.end);
    let prev_blank = a == 0 || blank(text.get(line_start(text, a - 1)..a)?);
    let next_blank = b >= text.len() || blank(text.get(b..next_line_start(text, b))?);
    if prev_blank && next_blank {
        if b < text.len() {
            b = next_line_start(text, b);
        } else if a > 0 {
            a = line_start(text, a - 1);
        }
    } else if !prev_blank && !next_blank {
        let is_map = |k: Option<usize>| matches!(k.and_then(|k| ast.levels.get(k)), Some(LevelEntry::Map(_)));
        if is_map(i.checked_sub(1)) && is_map(Some(i + 1)) {
            // Two maps would run together: leave a blank line between them.
            return Some(TextEdit::replace(a..b, newline(text)));
        }
    }
    Some(TextEdit::replace(a..b, ""))
}

/// Move entry `from` to position `to` (indices of the LEVELS list before the
/// move). The entries' texts change places; everything between them (blank
/// lines, comments) stays where it was.
#[must_use]
pub fn move_entry(text: &str, ast: &Ast, from: usize, to: usize) -> Option<TextEdit> {
    let n = ast.levels.len();
    if from >= n || to >= n {
        return None;
    }
    if from == to {
        return None;
    }
    // Take one neighbour on each side too, so the separation against them
    // can be checked like the rest.
    let (lo, hi) = (from.min(to).saturating_sub(1), (from.max(to) + 1).min(n - 1));
    let mut bodies: Vec<&str> = Vec::new();
    let mut gaps = Vec::new();
    let mut prev_end = None;
    for i in lo..=hi {
        let (a, b, body) = entry_text(text, ast, i)?;
        if let Some(pe) = prev_end {
            if a < pe {
                return None;
            }
            gaps.push(text.get(pe..a)?);
        }
        bodies.push(body);
        prev_end = Some(b);
    }
    let mut order: Vec<usize> = (lo..=hi).collect();
    let moving = order.remove(from - lo);
    order.insert(to - lo, moving);
    let bodies: Vec<&str> = order.iter().filter_map(|&k| bodies.get(k - lo).copied()).collect();
    let is_map = |k: usize| matches!(ast.levels.get(k), Some(LevelEntry::Map(_)));
    let nl = newline(text);
    let start = entry_text(text, ast, lo)?.0;
    let end = prev_end?;
    let mut out = String::new();
    for (k, body) in bodies.iter().enumerate() {
        if k > 0 {
            let gap = *gaps.get(k - 1)?;
            let inner: Vec<&str> = gap.split('\n').collect();
            let joined = inner.len() < 3 || !inner[1..inner.len() - 1].iter().any(|l| blank(l));
            if joined && is_map(*order.get(k - 1)?) && is_map(*order.get(k)?) {
                out.push_str(nl);
                out.push_str(gap);
            } else {
                out.push_str(gap);
            }
        }
        out.push_str(body);
    }
    minimal(text, start..end, &out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::syntax::parse;

    const GAME: &str = "title t\n\nOBJECTS\n\nBackground\nblack\n\nWall\nwhite\n\nLEGEND\n\n. = Background\n# = Wall\n\nCOLLISIONLAYERS\nBackground\nWall\n\nLEVELS\n\n###  (a comment)\n#.#\n\nmessage hi\n\n..\n";

    fn run(e: Option<TextEdit>) -> String {
        e.and_then(|e| e.apply(GAME)).unwrap_or_default()
    }

    #[test]
    fn paint_and_resize() {
        let (ast, _) = parse(GAME);
        assert!(run(paint_cell(GAME, &ast, 0, 1, 1, '#')).contains("###  (a comment)\n###\n"));
        assert_eq!(paint_cell(GAME, &ast, 1, 0, 0, '#'), None);
        assert_eq!(paint_cell(GAME, &ast, 0, 3, 0, '#'), None);
        assert!(run(grow(GAME, &ast, 0, Side::Top, 1, '.')).contains("\n...\n###  (a comment)\n"));
        assert!(run(grow(GAME, &ast, 0, Side::Right, 2, '.')).contains("\n###..  (a comment)\n#.#..\n"));
        assert!(run(shrink(GAME, &ast, 0, Side::Top, 1)).contains("LEVELS\n\n#.#\n\nmessage"));
        assert!(run(shrink(GAME, &ast, 0, Side::Bottom, 1)).contains("LEVELS\n\n###  (a comment)\n\nmessage"));
    }

    #[test]
    fn painted_glyphs_keep_the_legends_own_spelling() {
        let game = GAME.replace("# = Wall", "W = Wall").replace("###  (a comment)\n#.#", "WWW  (a comment)\nW.W");
        let (ast, _) = parse(&game);
        let run = |e: Option<TextEdit>| e.and_then(|e| e.apply(&game)).unwrap_or_default();
        // The tree holds `w`; the text gets `W`, as the legend writes it.
        assert!(run(paint_cell(&game, &ast, 0, 1, 1, 'w')).contains("\nWWW\n"), "paint");
        assert!(run(paint_cells(&game, &ast, 0, &[(1, 1, 'W')])).contains("\nWWW\n"), "already upper case");
        assert!(run(grow(&game, &ast, 0, Side::Right, 1, 'w')).contains("\nWWWW  (a comment)\nW.WW\n"), "grow");
        assert!(run(add_level(&game, &ast, None, 2, 1, 'w')).ends_with("\n\nWW\n"), "add");
        // A lower-case legend stays lower case; an unknown glyph as given.
        assert!(run(paint_cell(&game, &ast, 0, 0, 1, '.')).contains("\n..W\n"));
        assert_eq!(spelling(&game, &ast, 'q'), 'q');
    }

    #[test]
    fn entries() {
        let (ast, _) = parse(GAME);
        assert!(run(delete(GAME, &ast, 1)).ends_with("#.#\n\n..\n"));
        assert!(run(move_entry(GAME, &ast, 2, 0)).ends_with("LEVELS\n\n..\n\n###  (a comment)\n#.#\n\nmessage hi\n"));
        assert!(run(add_level(GAME, &ast, None, 2, 1, '.')).ends_with("..\n\n..\n"));
        assert!(run(duplicate(GAME, &ast, 1)).contains("message hi\n\nmessage hi\n"));
    }
}
