//! RULES lines: loop markers, `subroutine NAME`, and rewrite rules
//! `[prefixes] [ cells ] ... -> [ cells ] ... [commands]`.
//!
//! Like the reference, a rule is read from the start of its line up to the
//! first `(`; `message` takes the rest of the line as written.

use rustc_hash::FxHashSet as HashSet;
use std::borrow::Cow;

mod reader;

use super::Parser;
use super::ast::{Cell, CellItem, Ident, RuleDef, RuleLineKind, SmolStr};
use super::text::{Line, is_ws};
use crate::diag::catalogue as cat;
use reader::RuleReader;

/// What a token of a rule line is. Brackets, bars and arrows always stand
/// alone, so a token of these kinds is exactly one with that text.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Kind {
    /// `[`
    Open,
    /// `]`
    Close,
    /// `|`
    Bar,
    /// `->`
    Arrow,
    /// Anything else (a leading `+` too).
    Word,
}

/// A token of a rule line: lower-cased text (borrowed from the
/// lower-cased line when it is ASCII), kind and byte range in the line.
#[derive(Debug, Clone)]
struct Tok<'a> {
    text: Cow<'a, str>,
    kind: Kind,
    start: usize,
    end: usize,
}

/// Byte classes for [`tokenize`]: part of a word, ASCII whitespace, a
/// bracket or bar, `-` (which may start an arrow), and the first or a
/// later byte of a character outside ASCII.
const WORD: u8 = 0;
const WS: u8 = 1;
const SINGLE: u8 = 2;
const DASH: u8 = 3;
const HIGH: u8 = 4;

static CLASS: [u8; 256] = {
    let mut t = [WORD; 256];
    let mut b = 0x80;
    while b < 256 {
        t[b] = HIGH;
        b += 1;
    }
    t[b' ' as usize] = WS;
    let mut b = b'\t';
    while b <= b'\r' {
        t[b as usize] = WS;
        b += 1;
    }
    t[b'[' as usize] = SINGLE;
    t[b']' as usize] = SINGLE;
    t[b'|' as usize] = SINGLE;
    t[b'-' as usize] = DASH;
    t
};

/// Whether the character outside ASCII at byte `i` of `raw` is
/// whitespace, and its byte length.
fn high_char(raw: &str, i: usize) -> (bool, usize) {
    let ch = raw[i..].chars().next().unwrap_or(' ');
    (is_ws(ch), ch.len_utf8())
}

/// Split rule text into tokens (appended to `out`): brackets, bars and
/// arrows stand alone, a leading `+` stands alone, everything else splits
/// at whitespace. `lower` is `raw` with its ASCII letters lower-cased.
fn tokenize<'a>(raw: &str, lower: &'a str, from: usize, to: usize, out: &mut Vec<Tok<'a>>) {
    let bytes = &raw.as_bytes()[..to];
    let class = |i: usize| CLASS[usize::from(bytes[i])];
    let arrow_at = |i: usize| i + 1 < to && bytes[i + 1] == b'>';
    // Every character that matters here is ASCII: bytes are read as they
    // are, and a character of more bytes only for whether it is whitespace.
    let mut i = from;
    while i < to {
        match class(i) {
            WS => i += 1,
            HIGH => match high_char(raw, i) {
                (true, w) => i += w,
                (false, _) => break,
            },
            _ => break,
        }
    }
    if i < to && bytes[i] == b'+' {
        out.push(Tok { text: Cow::Borrowed("+"), kind: Kind::Word, start: i, end: i + 1 });
        i += 1;
    }
    while i < to {
        match class(i) {
            WS => {
                i += 1;
                continue;
            }
            SINGLE => {
                let kind = match bytes[i] {
                    b'[' => Kind::Open,
                    b']' => Kind::Close,
                    _ => Kind::Bar,
                };
                out.push(Tok { text: Cow::Borrowed(&lower[i..i + 1]), kind, start: i, end: i + 1 });
                i += 1;
                continue;
            }
            DASH if arrow_at(i) => {
                out.push(Tok { text: Cow::Borrowed("->"), kind: Kind::Arrow, start: i, end: i + 2 });
                i += 2;
                continue;
            }
            HIGH => {
                if let (true, w) = high_char(raw, i) {
                    i += w;
                    continue;
                }
            }
            _ => {}
        }
        // A word: up to whitespace, a bracket or bar, or an arrow.
        let a = i;
        let mut ascii = true;
        while i < to {
            // Plain word bytes first, in a tight loop.
            while i < to && class(i) == WORD {
                i += 1;
            }
            if i == to {
                break;
            }
            match class(i) {
                DASH if !arrow_at(i) => i += 1,
                HIGH => match high_char(raw, i) {
                    (true, _) => break,
                    (false, w) => {
                        ascii = false;
                        i += w;
                    }
                },
                _ => break,
            }
        }
        let text = if ascii { Cow::Borrowed(&lower[a..i]) } else { Cow::Owned(raw[a..i].to_lowercase()) };
        out.push(Tok { text, kind: Kind::Word, start: a, end: i });
    }
}

/// `word` as the modifier word it is, if it may stand before an object in
/// a cell.
fn modifier(word: &str) -> Option<&'static str> {
    super::keywords::Modifier::parse(word).filter(|m| !m.needs_mouse_clicks()).map(super::keywords::Modifier::as_str)
}

/// The items of `v` moved into a list of their exact length, leaving `v`
/// empty (with its room kept for the next use).
fn take_exact<T>(v: &mut Vec<T>) -> Vec<T> {
    let mut out = Vec::with_capacity(v.len());
    out.append(v);
    out
}

/// Empty `v` (without a call when it already is).
fn empty<T>(v: &mut Vec<T>) {
    if !v.is_empty() {
        v.clear();
    }
}

/// The lists a rule line is read with, kept from line to line.
#[derive(Default)]
pub(super) struct Scratch<'a> {
    /// The line's tokens.
    toks: Vec<Tok<'a>>,
    /// The cells of the row being read.
    cells: Vec<Cell>,
    /// The items of the cell being read.
    items: Vec<CellItem>,
}

/// Whether `word` is a command word (after the right-hand side) in a game
/// read as Plus/Next (`plus`) or not: `undo`, `nosave`, `quit` and
/// `status` are commands only in the former.
fn is_command(word: &str, plus: bool) -> bool {
    super::keywords::CommandWord::parse(word).is_some_and(|c| plus || !c.only_in_plus_games())
}

/// An option a rule may change with `runtime_metadata_twiddling`.
fn is_twiddle(word: &str) -> bool {
    crate::options::PreludeOption::from_keyword(word).is_some_and(crate::options::PreludeOption::twiddleable)
}

/// Tokens' text joined by single spaces (a multi-word name).
fn joined(toks: &[Tok<'_>]) -> String {
    toks.iter().map(|t| &*t.text).collect::<Vec<_>>().join(" ")
}

impl<'s> Parser<'s> {
    /// Whether the prelude says `mouse_clicks`: then `lclick` and
    /// `rclick` are directions (PuzzleScript Next).
    fn mouse_clicks(&self) -> bool {
        self.ast.mouse_clicks()
    }

    /// Whether the prelude asked for `runtime_metadata_twiddling`: then a
    /// rule's command may set an option (PuzzleScript Plus).
    fn twiddling(&self) -> bool {
        self.ast.prelude.iter().any(|p| p.key.text == "runtime_metadata_twiddling")
    }

    /// The names rules may use, collected again only when an object or a
    /// legend entry has been added since the last rule line.
    fn take_rule_names(&mut self) -> ((usize, usize), HashSet<SmolStr>) {
        let key = (self.ast.objects.len(), self.ast.legend.len());
        match self.rule_names.take() {
            Some((k, names)) if k == key => (k, names),
            _ => (key, self.rule_names()),
        }
    }

    fn rule_names(&self) -> HashSet<SmolStr> {
        let extra: usize = self.ast.objects.iter().map(|o| o.extra_names.len()).sum();
        let count = self.ast.objects.len() + extra + self.ast.legend.len();
        let mut names = HashSet::with_capacity_and_hasher(count, Default::default());
        for o in &self.ast.objects {
            names.insert(o.name.text.clone());
            for e in &o.extra_names {
                names.insert(e.text.clone());
            }
        }
        for l in &self.ast.legend {
            names.insert(l.name.text.clone());
        }
        if self.case_sensitive {
            // Rule words are read lower-cased; `case::restore` gives each
            // its written case once the whole game is read.
            let lower: Vec<SmolStr> = names.iter().map(|n| super::text::lower(n).into()).collect();
            names.extend(lower);
        }
        names
    }

    pub(super) fn rules_line(&mut self, line: &Line<'_>, code: &str, fc: usize) {
        // The token list and the cells being read are lists kept from line
        // to line, so that a rule line allocates only what it keeps.
        let mut scratch = self.rule_scratch.take().unwrap_or_default();
        self.rules_line_in(line, code, fc, &mut scratch);
        scratch.toks.clear();
        self.rule_scratch = Some(scratch);
    }

    fn rules_line_in(&mut self, line: &Line<'_>, code: &str, fc: usize, scratch: &mut Scratch<'s>) {
        let raw = line.raw;
        let end = super::text::trim_end_len(code).max(fc);
        let whole = line.span(fc, end);
        if line.parens && raw[..fc].contains(['(', ')']) {
            self.diags.push(cat::rule_after_comment(whole));
            return;
        }
        let stop = line.open_paren_from(fc);
        scratch.toks.clear();
        tokenize(raw, self.lower_line(line), fc, stop, &mut scratch.toks);
        let toks = &scratch.toks[..];
        if toks.is_empty() {
            return;
        }
        // A loop marker followed by a comment is read as a rule line with a
        // comment and no arrow (as the reference does): refused below.
        let commented = stop < raw.len();
        let [start_loop, end_loop] = super::keywords::LOOP_WORDS;
        if toks.len() == 1 && !commented && (toks[0].text == start_loop || toks[0].text == end_loop) {
            let kind = if toks[0].text == start_loop { RuleLineKind::StartLoop } else { RuleLineKind::EndLoop };
            self.ast.rules.push(RuleDef { kind, span: whole });
            return;
        }
        if toks.len() >= 2 && toks[0].text == "subroutine" {
            // PuzzleScript Next: the name is the rest of the line.
            let name =
                Ident { text: joined(&toks[1..]).into(), span: line.span(toks[1].start, toks[toks.len() - 1].end) };
            self.ast.rules.push(RuleDef { kind: RuleLineKind::Subroutine(name), span: whole });
            return;
        }
        let has_arrow = toks.iter().any(|t| t.kind == Kind::Arrow);
        if stop < raw.len() && !has_arrow {
            self.diags.push(cat::rule_after_comment(whole));
            return;
        }
        if !has_arrow {
            self.diags.push(cat::rule_no_arrow(line.span(toks[0].start, toks[toks.len() - 1].end)));
            return;
        }
        let (names_key, names) = self.take_rule_names();
        let mut reader = RuleReader::new(self, line, toks, &names, (&mut scratch.cells, &mut scratch.items));
        let read = reader.read();
        let RuleReader { rule, warnings, kept_errors, .. } = reader;
        self.rule_names = Some((names_key, names));
        self.diags.extend(warnings);
        self.diags.extend(kept_errors);
        match read {
            Ok(()) => self.ast.rules.push(RuleDef { kind: RuleLineKind::Rule(rule), span: whole }),
            Err(dropped) => self.diags.push(dropped.into_diagnostic()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::{Tok, is_command, modifier};

    #[test]
    fn the_word_tests_are_the_word_lists() {
        assert!(
            crate::syntax::keywords::Modifier::CLASSIC.iter().all(|m| modifier(m.as_str()) == Some(m.as_str()))
                && crate::syntax::keywords::CommandWord::all().all(|c| is_command(c.as_str(), false))
        );
        // PuzzleScript Plus's commands: some in every game, some only in a
        // Plus/Next game.
        let classic: Vec<&str> = crate::syntax::keywords::CommandWord::PLUS
            .iter()
            .map(|c| c.as_str())
            .filter(|w| is_command(w, false))
            .collect();
        assert_eq!(classic, ["goto", "link", "log"]);
        assert!(crate::syntax::keywords::CommandWord::PLUS.iter().all(|c| is_command(c.as_str(), true)));
        // The click marks are words of `mouse_clicks` games only, read apart.
        for w in ["player", "sfx11", "V", "", "->", "...", "late", "rigid", "lclick", "rclick"] {
            assert!(modifier(w).is_none() && !is_command(w, true), "{w}");
        }
    }

    fn tokenize<'a>(raw: &str, lower: &'a str, from: usize, to: usize) -> Vec<Tok<'a>> {
        let mut out = Vec::new();
        super::tokenize(raw, lower, from, to, &mut out);
        out
    }

    /// The tokenizer written character by character, plainly.
    fn plain_tokenize(raw: &str, from: usize, to: usize) -> Vec<(String, usize, usize)> {
        let mut out = Vec::new();
        let mut cur: Option<usize> = None;
        let mut first = true;
        let mut it = raw[from..to].char_indices().map(|(i, c)| (i + from, c)).peekable();
        while let Some((i, c)) = it.next() {
            let ws = super::is_ws(c);
            if first && !ws {
                first = false;
                if c == '+' {
                    out.push(("+".to_string(), i, i + 1));
                    continue;
                }
            }
            let single = matches!(c, '[' | ']' | '|');
            let arrow = c == '-' && it.peek().is_some_and(|&(_, d)| d == '>');
            if ws || single || arrow {
                if let Some(a) = cur.take() {
                    out.push((raw[a..i].to_lowercase(), a, i));
                }
                if single {
                    out.push((c.to_string(), i, i + 1));
                } else if arrow {
                    it.next();
                    out.push(("->".to_string(), i, i + 2));
                }
            } else if cur.is_none() {
                cur = Some(i);
            }
        }
        if let Some(a) = cur {
            out.push((raw[a..to].to_lowercase(), a, to));
        }
        out
    }

    #[test]
    fn the_byte_tokenizer_agrees_with_the_plain_one() {
        let pieces = [
            "[", "]", "|", "-", ">", "->", "+", " ", "\t", "\u{a0}", "\u{feff}", "é", "Ü", "İ", "a", "Bc", "...", "\r",
            "_",
        ];
        let mut seed = 7u64;
        for n in 0..4000 {
            let mut raw = String::new();
            for _ in 0..(n % 12) {
                seed = seed.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
                raw.push_str(pieces[(seed >> 33) as usize % pieces.len()]);
            }
            let lower = raw.to_ascii_lowercase();
            let got: Vec<(String, usize, usize)> = tokenize(&raw, &lower, 0, raw.len())
                .into_iter()
                .map(|t| (t.text.to_string(), t.start, t.end))
                .collect();
            assert_eq!(got, plain_tokenize(&raw, 0, raw.len()), "{raw:?}");
            for t in tokenize(&raw, &lower, 0, raw.len()) {
                let kind = match &*t.text {
                    "[" => super::Kind::Open,
                    "]" => super::Kind::Close,
                    "|" => super::Kind::Bar,
                    "->" => super::Kind::Arrow,
                    _ => super::Kind::Word,
                };
                assert_eq!(t.kind, kind, "{raw:?}");
            }
        }
    }

    #[test]
    fn tokens_split_at_any_whitespace_and_keep_other_characters() {
        let raw = "\u{a0}+[\u{2003}> é|ü ]\u{feff}->[a-b]-\t>x";
        let t: Vec<(String, usize, usize)> = tokenize(raw, &raw.to_ascii_lowercase(), 0, raw.len())
            .into_iter()
            .map(|t| (t.text.to_string(), t.start, t.end))
            .collect();
        let words: Vec<&str> = t.iter().map(|x| x.0.as_str()).collect();
        assert_eq!(words, ["+", "[", ">", "é", "|", "ü", "]", "->", "[", "a-b", "]", "-", ">x"]);
        for (text, a, b) in &t {
            assert_eq!(raw[*a..*b].to_lowercase(), *text);
        }
        // An arrow cut by the end of the range is not an arrow.
        let cut = tokenize("a ->", "a ->", 0, 3);
        assert_eq!(cut.last().map(|t| &*t.text), Some("-"));
    }

    #[test]
    fn tokenizes_like_the_reference() {
        let raw = "+ [ > Player|Crate ]->[ > player | > crate ] again";
        let t: Vec<String> =
            tokenize(raw, &raw.to_ascii_lowercase(), 0, raw.len()).into_iter().map(|t| t.text.to_string()).collect();
        assert_eq!(t[0], "+");
        assert!(t.contains(&"->".to_string()));
        assert!(t.contains(&"player".to_string()));
        assert_eq!(t.last().map(String::as_str), Some("again"));
    }
}
