//! Comments. PuzzleScript comments are `( ... )`, nest, and may span lines.
//! Each line is scanned once, carrying the nesting depth from the line
//! before, into a copy of the line with comment text blanked out (byte for
//! byte, so offsets still point into the source).

use super::text::{is_word, is_ws};

/// How the current section treats parentheses.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Mode {
    /// `(` always opens a comment.
    Normal,
    /// Rules: `(` opens a comment only where a new token starts, and not
    /// after a `message` command.
    Rules,
    /// Levels: a line starting with `message` has no comments.
    Levels,
}

/// One line with its comments blanked.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Scanned<'a> {
    /// The line with comment bytes replaced by spaces (same byte length):
    /// the line itself when it has no comment.
    pub code: std::borrow::Cow<'a, str>,
    /// Comment depth after the line.
    pub depth_out: u32,
    /// Offset of the first character that is not whitespace or comment.
    pub first_code: Option<usize>,
    /// True when the line counts as blank (separates levels, ends objects).
    pub blank: bool,
    /// Offsets of `)` that close nothing.
    pub stray_closes: Vec<usize>,
}

fn rules_token_start(raw: &str, i: usize) -> bool {
    let before = &raw[..i];
    match before.chars().next_back() {
        None => true,
        Some(c) if is_ws(c) || matches!(c, '[' | ']' | '|' | '+' | '=') => true,
        Some('>') => before.ends_with("->"),
        _ => false,
    }
}

fn starts_word_ci(s: &str, word: &str) -> bool {
    s.len() >= word.len() && s.is_char_boundary(word.len()) && s[..word.len()].eq_ignore_ascii_case(word)
}

/// Spaces to stand for a line that is all comment (longer lines get their
/// own).
const SPACES: &str = "                                                                                                                                ";

/// Whether `bytes` hold a `(` or a `)`: eight bytes at a time (the two
/// differ only in their lowest bit, so one test of each byte with that bit
/// cleared finds both).
fn has_paren(bytes: &[u8]) -> bool {
    const ONES: u64 = 0x0101_0101_0101_0101;
    const HIGHS: u64 = 0x8080_8080_8080_8080;
    let mut chunks = bytes.chunks_exact(8);
    for c in &mut chunks {
        let mut w = [0u8; 8];
        w.copy_from_slice(c);
        // Zero where a byte is `(` or `)`.
        let x = (u64::from_le_bytes(w) & !ONES) ^ (ONES * u64::from(b'('));
        if x.wrapping_sub(ONES) & !x & HIGHS != 0 {
            return true;
        }
    }
    chunks.remainder().iter().any(|&b| b | 1 == b')')
}

/// Scan `raw`, starting inside `depth` nested comments.
#[must_use]
pub fn scan(raw: &str, depth: u32, mode: Mode) -> Scanned<'_> {
    scan_known(raw, depth, mode, has_paren(raw.as_bytes()))
}

/// [`scan`] for a line already known to hold a parenthesis (`parens`) or
/// not.
#[must_use]
pub fn scan_known(raw: &str, depth: u32, mode: Mode, parens: bool) -> Scanned<'_> {
    if parens {
        return scan_general(raw, depth, mode);
    }
    if depth > 0 {
        // Inside a comment, a line without parentheses is all comment.
        let code = match SPACES.get(..raw.len()) {
            Some(s) => std::borrow::Cow::Borrowed(s),
            None => std::borrow::Cow::Owned(" ".repeat(raw.len())),
        };
        return Scanned { code, depth_out: depth, first_code: None, blank: false, stray_closes: Vec::new() };
    }
    // Most lines have no parenthesis and start outside any comment: then
    // nothing is blanked, and only the first code character is wanted.
    let ws = super::text::ws_len(raw);
    let first_code = (ws < raw.len()).then_some(ws);
    Scanned {
        code: std::borrow::Cow::Borrowed(raw),
        depth_out: 0,
        first_code,
        blank: first_code.is_none(),
        stray_closes: Vec::new(),
    }
}

/// [`scan`] for any line: comments, nesting and stray parentheses.
fn scan_general(raw: &str, depth: u32, mode: Mode) -> Scanned<'_> {
    let mut depth = depth;
    let mut bytes: Vec<u8> = raw.as_bytes().to_vec();
    let mut first_code = None;
    let mut had_comment = false;
    let mut last_close_end = 0usize;
    let mut stray_closes = Vec::new();
    let mut no_comments = false;
    // Where the last comment or stray `)` ended: a new token starts there.
    let mut after_paren = usize::MAX;
    for (i, c) in raw.char_indices() {
        let w = c.len_utf8();
        if depth > 0 {
            if c == '(' {
                depth = depth.saturating_add(1);
            } else if c == ')' {
                depth -= 1;
                if depth == 0 {
                    last_close_end = i + w;
                    after_paren = i + w;
                }
            }
            bytes[i..i + w].fill(b' ');
            continue;
        }
        if no_comments {
            continue;
        }
        let token_start = mode != Mode::Rules || i == after_paren || rules_token_start(raw, i);
        if c == '(' && token_start {
            depth = 1;
            had_comment = true;
            bytes[i..i + w].fill(b' ');
            continue;
        }
        if c == ')' && token_start {
            stray_closes.push(i);
            after_paren = i + w;
            bytes[i..i + w].fill(b' ');
            continue;
        }
        if is_ws(c) {
            continue;
        }
        if first_code.is_none() {
            first_code = Some(i);
            if mode == Mode::Levels && starts_word_ci(&raw[i..], "message") {
                no_comments = true;
            }
        }
        if mode == Mode::Rules && token_start && starts_word_ci(&raw[i..], "message") {
            let after = raw[i + 7..].chars().next();
            if after.is_none_or(|a| !is_word(a) && !matches!(a, '(' | ')')) {
                no_comments = true;
            }
        }
    }
    let code = String::from_utf8(bytes).unwrap_or_else(|_| " ".repeat(raw.len()));
    let blank = first_code.is_none()
        && depth == 0
        && stray_closes.is_empty()
        && (!had_comment && last_close_end == 0 || last_close_end < raw.len());
    Scanned { code: code.into(), depth_out: depth, first_code, blank, stray_closes }
}

/// Where PuzzleScript Next's `//` comments may start, by section (a game
/// whose prelude's first comment is a `//` line uses them everywhere, and
/// then `(` opens no comment).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Slash {
    /// Only as the first thing on the line (LEVELS, where `/` may be a
    /// glyph of a map row, and the prelude's text options).
    LineStart,
    /// Where a token starts: at the start of the line or after whitespace.
    TokenStart,
    /// Anywhere (RULES): the rule's text ends before the character that
    /// precedes the `//`, as the reference cuts it.
    Anywhere,
}

/// Where the code of `raw` ends because a `//` comment starts, if one
/// does, read as `at` says.
#[must_use]
pub fn slash_comment(raw: &str, at: Slash) -> Option<usize> {
    let lead = super::text::ws_len(raw);
    if raw[lead..].starts_with("//") {
        return Some(lead);
    }
    match at {
        Slash::LineStart => None,
        Slash::TokenStart => raw.match_indices("//").map(|(i, _)| i).find(|&i| raw[..i].ends_with(is_ws)),
        Slash::Anywhere => {
            let i = raw.find("//")?;
            Some(raw[..i].char_indices().next_back().map_or(i, |(j, _)| j))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn blanks_nested_comments() {
        let s = scan("a (b (c) d) e", 0, Mode::Normal);
        assert_eq!(s.code, "a           e");
        assert_eq!(s.depth_out, 0);
        assert_eq!(s.first_code, Some(0));
    }

    #[test]
    fn carries_depth_across_lines() {
        let s = scan("x (open", 0, Mode::Normal);
        assert_eq!(s.depth_out, 1);
        let t = scan("still) y", 1, Mode::Normal);
        assert_eq!(t.depth_out, 0);
        assert_eq!(t.first_code, Some(7));
    }

    #[test]
    fn blank_lines_follow_the_reference() {
        assert!(scan("", 0, Mode::Normal).blank);
        assert!(scan("  \t", 0, Mode::Normal).blank);
        assert!(!scan("(comment)", 0, Mode::Normal).blank);
        assert!(scan("(comment)\r", 0, Mode::Normal).blank);
        assert!(scan("(comment) ", 0, Mode::Normal).blank);
        assert!(!scan("", 1, Mode::Normal).blank);
    }

    #[test]
    fn messages_in_levels_keep_parentheses() {
        let s = scan("message hi (there", 0, Mode::Levels);
        assert_eq!(s.depth_out, 0);
        assert!(s.code.contains("(there"));
    }

    #[test]
    fn rules_open_comments_only_at_token_start() {
        let s = scan("[ a(b ] -> [ a ] (c)", 0, Mode::Rules);
        assert_eq!(s.depth_out, 0);
        assert!(s.code.contains("a(b"));
        assert!(!s.code.contains("(c)"));
    }

    #[test]
    fn in_rules_a_token_starts_right_after_a_comment() {
        let s = scan("(c))", 0, Mode::Rules);
        assert_eq!(s.stray_closes, vec![3]);
        assert_eq!(s.first_code, None);
    }

    #[test]
    fn the_short_way_for_lines_without_parentheses_agrees_with_the_full_scan() {
        let long = "x ".repeat(100);
        let lines =
            ["", "  \t", "\r", "  [ a | b ] -> [ b | a ]", "\u{feff} message hi", "message x", "é ü", "=== ", &long];
        for line in lines {
            for mode in [Mode::Normal, Mode::Rules, Mode::Levels] {
                for depth in [0, 1, 3] {
                    assert_eq!(
                        scan(line, depth, mode),
                        scan_general(line, depth, mode),
                        "{line:?} in {mode:?} at {depth}"
                    );
                }
            }
        }
    }

    #[test]
    fn parentheses_are_found_wherever_they_are() {
        for len in 0..20 {
            for at in 0..len {
                for p in [b'(', b')'] {
                    let mut line = vec![b'x'; len];
                    line[at] = p;
                    assert!(has_paren(&line), "{p} at {at} of {len}");
                }
            }
            // Every other byte value, with and without the high bit.
            let others: Vec<u8> = (0..=255u8).filter(|&b| b != b'(' && b != b')').collect();
            for w in others.chunks(len.max(1)) {
                assert!(!has_paren(w), "{w:?}");
            }
        }
        assert!(has_paren("é ü (".as_bytes()));
    }

    #[test]
    fn slash_comments_start_where_next_reads_them() {
        assert_eq!(slash_comment("  // all", Slash::LineStart), Some(2));
        assert_eq!(slash_comment("..//..", Slash::LineStart), None);
        assert_eq!(slash_comment("a = b // c", Slash::TokenStart), Some(6));
        assert_eq!(slash_comment("homepage http://x.y", Slash::TokenStart), None);
        assert_eq!(slash_comment("[ a ] -> [ b ] // c", Slash::Anywhere), Some(14));
        assert_eq!(slash_comment("[ a ] -> [ b ]// c", Slash::Anywhere), Some(13));
        assert_eq!(slash_comment("é//", Slash::Anywhere), Some(0));
        assert_eq!(slash_comment("no comment", Slash::Anywhere), None);
    }

    #[test]
    fn non_ascii_is_safe() {
        let s = scan("é(ü)ß", 0, Mode::Normal);
        assert_eq!(s.code.len(), "é(ü)ß".len());
        assert_eq!(s.first_code, Some(0));
    }
}
