//! Small text helpers shared by the section parsers: whitespace and word
//! characters as PuzzleScript understands them, and span construction.

use crate::span::Span;

/// Whitespace as the reference's regular expressions see it (`\s`, `\p{Z}`).
#[must_use]
pub fn is_ws(c: char) -> bool {
    c.is_whitespace() || c == '\u{feff}'
}

/// A character that may appear in a plain name (`[\p{L}\p{N}_]`).
#[must_use]
pub fn is_word(c: char) -> bool {
    c.is_alphanumeric() || c == '_'
}

/// Lower-case a string the way PuzzleScript does.
#[must_use]
pub fn lower(s: &str) -> String {
    s.to_lowercase()
}

/// Lower-case one character, keeping it a single character.
#[must_use]
pub fn lower_char(c: char) -> char {
    if c.is_ascii() {
        return c.to_ascii_lowercase();
    }
    let mut it = c.to_lowercase();
    match (it.next(), it.next()) {
        (Some(l), None) => l,
        _ => c,
    }
}

/// Trim reference-style whitespace from both ends.
#[must_use]
pub fn trim(s: &str) -> &str {
    s.trim_matches(is_ws)
}

/// One source line and how to turn its byte offsets into spans.
#[derive(Debug, Clone)]
pub struct Line<'a> {
    /// 1-based line number.
    pub no: u32,
    /// Byte offset of the line's first byte in the whole source.
    pub start: usize,
    /// The line's text, without the `\n`.
    pub raw: &'a str,
    /// Whether the line holds a `(` or a `)`.
    pub parens: bool,
    /// Whether the line is all ASCII.
    pub ascii: bool,
    /// For lines with non-ASCII text: character count before each byte
    /// (worked out the first time a column is asked for: most lines, and
    /// every line inside a comment, never are).
    cols: std::cell::OnceCell<Option<Vec<u32>>>,
}

impl<'a> Line<'a> {
    /// Wrap a line that starts at byte `start` of the source.
    #[must_use]
    pub fn new(no: u32, start: usize, raw: &'a str) -> Self {
        Self::with(no, start, raw, raw.is_ascii(), raw.contains(['(', ')']))
    }

    /// [`Line::new`] for a line already known to be ASCII or not (the
    /// columns of an ASCII line are its byte offsets plus one), and to hold
    /// parentheses or not.
    #[must_use]
    pub fn with(no: u32, start: usize, raw: &'a str, ascii: bool, parens: bool) -> Self {
        let cols = if ascii { std::cell::OnceCell::from(None) } else { std::cell::OnceCell::new() };
        Self { no, start, raw, parens, ascii, cols }
    }

    /// Byte offset of the first `(` at or after `from`, or the line's
    /// length if there is none.
    #[must_use]
    pub fn open_paren_from(&self, from: usize) -> usize {
        if self.parens { self.raw[from..].find('(').map_or(self.raw.len(), |i| from + i) } else { self.raw.len() }
    }

    /// The column table of a line with non-ASCII text.
    fn columns(raw: &str) -> Option<Vec<u32>> {
        if raw.is_ascii() {
            None
        } else {
            let mut v = Vec::with_capacity(raw.len() + 1);
            let mut n = 0u32;
            for (i, _) in raw.char_indices() {
                while v.len() < i {
                    v.push(n);
                }
                v.push(n);
                n += 1;
            }
            while v.len() <= raw.len() {
                v.push(n);
            }
            Some(v)
        }
    }

    /// 1-based column of byte offset `off` within the line.
    #[inline]
    #[must_use]
    pub fn col(&self, off: usize) -> u32 {
        match self.cols.get() {
            Some(None) => u32::try_from(off).unwrap_or(u32::MAX).saturating_add(1),
            _ => self.col_slow(off),
        }
    }

    /// [`Line::col`] for a line whose column table may be needed.
    #[inline(never)]
    fn col_slow(&self, off: usize) -> u32 {
        match self.cols.get_or_init(|| Self::columns(self.raw)) {
            None => u32::try_from(off).unwrap_or(u32::MAX).saturating_add(1),
            Some(v) => v.get(off).copied().unwrap_or(0).saturating_add(1),
        }
    }

    /// Span of bytes `a..b` of this line.
    #[inline]
    #[must_use]
    pub fn span(&self, a: usize, b: usize) -> Span {
        let a = a.min(self.raw.len());
        let b = b.clamp(a, self.raw.len());
        Span::new(self.start + a, self.start + b, self.no, self.col(a))
    }

    /// Span of the whole line.
    #[must_use]
    pub fn whole(&self) -> Span {
        self.span(0, self.raw.len())
    }
}

/// A word found in a line: its text (as written) and byte range in the line.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Word<'a> {
    /// The text as written.
    pub text: &'a str,
    /// Byte offset of the first byte within the line.
    pub start: usize,
    /// Byte offset one past the end within the line.
    pub end: usize,
}

/// Split `code` (from byte `from`) into whitespace-separated words.
#[must_use]
pub fn words(code: &str, from: usize) -> Words<'_> {
    Words { code, pos: from.min(code.len()) }
}

/// The words of a line, in order (see [`words`]).
#[derive(Debug, Clone)]
pub struct Words<'a> {
    code: &'a str,
    /// Where the search for the next word starts.
    pos: usize,
}

impl<'a> Iterator for Words<'a> {
    type Item = Word<'a>;

    fn next(&mut self) -> Option<Word<'a>> {
        let code = self.code;
        let start = self.pos + ws_len(code.get(self.pos..)?);
        if start >= code.len() {
            self.pos = code.len();
            return None;
        }
        let tail = &code[start..];
        let len = tail.char_indices().find(|&(_, c)| is_ws(c)).map_or(tail.len(), |(i, _)| i);
        let end = start + len;
        self.pos = end;
        Some(Word { text: &code[start..end], start, end })
    }
}

/// ASCII bytes that are word characters (letters, digits, `_`).
static ASCII_WORD: [bool; 128] = {
    let mut t = [false; 128];
    let mut b = 0;
    while b < 128 {
        t[b] = (b as u8).is_ascii_alphanumeric() || b == b'_' as usize;
        b += 1;
    }
    t
};

/// Byte length of the run of word characters at the start of `s`.
#[must_use]
pub fn word_len(s: &str) -> usize {
    // ASCII bytes are judged as bytes; from the first other byte on (always
    // the start of a character) the rest is judged character by character.
    let b = s.as_bytes();
    for (i, &c) in b.iter().enumerate() {
        match ASCII_WORD.get(usize::from(c)) {
            Some(true) => {}
            Some(false) => return i,
            None => return i + s[i..].char_indices().find(|&(_, c)| !is_word(c)).map_or(s.len() - i, |(k, _)| k),
        }
    }
    b.len()
}

/// Byte length of the run of whitespace at the start of `s`.
#[must_use]
pub fn ws_len(s: &str) -> usize {
    let b = s.as_bytes();
    for (i, &c) in b.iter().enumerate() {
        if c == b' ' || (b'\t'..=b'\r').contains(&c) {
            continue;
        }
        if c.is_ascii() {
            return i;
        }
        return i + s[i..].char_indices().find(|&(_, c)| !is_ws(c)).map_or(s.len() - i, |(k, _)| k);
    }
    b.len()
}

/// Byte length of `s` without the whitespace at its end.
#[must_use]
pub fn trim_end_len(s: &str) -> usize {
    let b = s.as_bytes();
    let mut n = b.len();
    while n > 0 {
        let c = b[n - 1];
        if c == b' ' || (b'\t'..=b'\r').contains(&c) {
            n -= 1;
        } else if c.is_ascii() {
            return n;
        } else {
            return s[..n].trim_end_matches(is_ws).len();
        }
    }
    0
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn columns_count_characters() {
        let l = Line::new(3, 10, "éa b");
        assert_eq!(l.col(0), 1);
        assert_eq!(l.col(2), 2);
        assert_eq!(l.span(2, 3).start, 12);
        assert_eq!(l.span(2, 3).line, 3);
    }

    #[test]
    fn byte_scans_agree_with_character_scans() {
        let by_char = |s: &str, f: fn(char) -> bool| s.char_indices().find(|&(_, c)| !f(c)).map_or(s.len(), |(i, _)| i);
        let samples = [
            "",
            "abc",
            "ab \u{a0}",
            "a\u{2003} \t",
            "é ",
            " ",
            "a_b9 x",
            "  \t\x0b\x0c\r\n x",
            "\u{feff} a",
            "\u{a0}\u{2003}b",
            "éa b",
            "aé b",
            "a\u{1c}b",
            "_-x",
            "ab\u{300}c",
            "\u{85}",
        ];
        for s in samples {
            assert_eq!(word_len(s), by_char(s, is_word), "word_len({s:?})");
            assert_eq!(ws_len(s), by_char(s, is_ws), "ws_len({s:?})");
            assert_eq!(trim_end_len(s), s.trim_end_matches(is_ws).len(), "trim_end_len({s:?})");
            let expected: Vec<&str> = s.split(is_ws).filter(|w| !w.is_empty()).collect();
            assert_eq!(words(s, 0).map(|w| w.text).collect::<Vec<_>>(), expected, "words({s:?})");
        }
    }

    #[test]
    fn splits_words() {
        let w: Vec<Word<'_>> = words("  ab  c ", 0).collect();
        assert_eq!(w.len(), 2);
        assert_eq!(w[0].text, "ab");
        assert_eq!((w[1].start, w[1].end), (6, 7));
    }
}
