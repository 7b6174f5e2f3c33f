//! Text -> syntax tree. Parsing never fails: broken lines produce
//! diagnostics and are skipped.
//!
//! The parser works line by line, as PuzzleScript does: `scan` blanks out
//! comments (which nest and may span lines), the driver here recognises
//! blank lines, `===` lines and section headers, and each section's module
//! turns its lines into [`ast`] nodes.

pub mod ast;
pub mod case;
mod drawn;
pub mod keywords;
mod legend;
mod levels;
mod objects;
mod prelude;
mod rules;
pub mod scan;
mod simple;
pub mod tags;
#[cfg(test)]
mod tests;
pub mod text;
pub mod transform;

use crate::diag::Diagnostic;
use crate::diag::catalogue as cat;
use ast::{Ast, Section};
use scan::Mode;
use text::{Line, is_ws, word_len};

/// Objects-section reading state (what the next line is expected to be).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum ObjPhase {
    /// Expecting a name line.
    Name,
    /// Just read a name line.
    AfterName,
    /// Just read a colour line.
    AfterColours,
    /// Reading sprite rows (or the next name).
    Sprite,
}

/// Parser state carried from line to line.
struct Parser<'s> {
    ast: Ast,
    /// The source with its ASCII letters lower-cased (same length, same
    /// offsets): a word of an ASCII line is read lower-cased from here,
    /// without lower-casing it on its own.
    lower: &'s str,
    diags: Vec<Diagnostic>,
    section: Section,
    visited: Vec<Section>,
    obj_phase: ObjPhase,
    /// Index in `ast.objects` of the object being read.
    cur_object: Option<usize>,
    /// Whether the current level map is still open (rows join it).
    map_open: bool,
    /// The names rules may use, and the object and legend counts they were
    /// collected at (rule lines reuse them until either count changes).
    rule_names: Option<((usize, usize), rustc_hash::FxHashSet<ast::SmolStr>)>,
    /// A hash of every object name read so far: a name whose hash is new
    /// is not a repeat, and only one whose hash is known is compared with
    /// every object.
    object_hashes: rustc_hash::FxHashSet<u64>,
    /// The object whose sprite was found larger than [`ast::PixelRow::MAX`]
    /// pixels either way (reported once, at its first cut row).
    sprite_cut: Option<usize>,
    /// Lists rule lines are read with, kept from line to line.
    rule_scratch: Option<rules::Scratch<'s>>,
    /// The prelude set an option of PuzzleScript Plus/Next: sprites are
    /// then read as those dialects read them (any size, letters for colours
    /// past the tenth). A classic game is read exactly as before.
    plus: bool,
    /// The prelude said `case_sensitive` (`case.rs`): object names are
    /// read as written.
    case_sensitive: bool,
    /// Inside PuzzleScript Next's TAGS or MAPPINGS section (wherever it
    /// comes): its lines are read by `tags.rs`.
    tag_section: Option<tags::TagRead>,
}

/// Where the line starting at byte `start` of `bytes` ends (at its `\n`,
/// or the end of the text), whether it holds a `(` or `)`, and whether it
/// holds a byte outside ASCII: eight bytes at a time.
fn line_end(bytes: &[u8], start: usize) -> (usize, bool, bool) {
    const ONES: u64 = 0x0101_0101_0101_0101;
    const HIGHS: u64 = 0x8080_8080_8080_8080;
    // The high bit of each byte of `x` that is zero is set, and perhaps
    // those of bytes above it; the lowest one set is always a zero byte.
    let zeros = |x: u64| x.wrapping_sub(ONES) & !x & HIGHS;
    let mut parens = 0u64;
    let mut high = 0u64;
    let mut i = start;
    while let Some(chunk) = bytes.get(i..i + 8) {
        let mut w = [0u8; 8];
        w.copy_from_slice(chunk);
        let w = u64::from_le_bytes(w);
        let newline = zeros(w ^ (ONES * u64::from(b'\n')));
        // `(` and `)` differ only in their lowest bit.
        let paren = zeros((w & !ONES) ^ (ONES * u64::from(b'(')));
        if newline != 0 {
            // The bytes before the first newline.
            let before = (1u64 << (newline.trailing_zeros() - 7)) - 1;
            let k = (newline.trailing_zeros() / 8) as usize;
            return (i + k, parens | (paren & before) != 0, high | (w & HIGHS & before) != 0);
        }
        parens |= paren;
        high |= w & HIGHS;
        i += 8;
    }
    let mut parens = parens != 0;
    let mut high = high != 0;
    while let Some(&b) = bytes.get(i) {
        if b == b'\n' {
            break;
        }
        parens |= b | 1 == b')';
        high |= b >= 0x80;
        i += 1;
    }
    (i, parens, high)
}

/// `s` as a [`ast::SmolStr`]: in place when it is short enough (nearly
/// always), without the general constructor's other checks.
#[inline]
fn smol(s: &str) -> ast::SmolStr {
    if s.len() <= 23 { ast::SmolStr::new_inline(s) } else { ast::SmolStr::new(s) }
}

/// Parse a whole game.
#[must_use]
pub fn parse(source: &str) -> (Ast, Vec<Diagnostic>) {
    let lower = source.to_ascii_lowercase();
    let mut p = Parser {
        ast: Ast::default(),
        lower: &lower,
        diags: Vec::new(),
        section: Section::Prelude,
        visited: Vec::new(),
        obj_phase: ObjPhase::Name,
        cur_object: None,
        map_open: false,
        rule_names: None,
        object_hashes: rustc_hash::FxHashSet::with_capacity_and_hasher(64, Default::default()),
        sprite_cut: None,
        rule_scratch: None,
        plus: false,
        case_sensitive: false,
        tag_section: None,
    };
    let mut depth = 0u32;
    let mut style = CommentStyle::Undecided;
    let mut start = 0usize;
    let bytes = source.as_bytes();
    let mut i = 0usize;
    let last = loop {
        // The lines of `source.split('\n')`.
        let (end, parens, high) = line_end(bytes, start);
        let raw = &source[start..end];
        let no = u32::try_from(i + 1).unwrap_or(u32::MAX);
        i += 1;
        let line = Line::with(no, start, raw, !high, parens);
        start = end + 1;
        let mode = match p.section {
            Section::Rules => Mode::Rules,
            Section::Levels => Mode::Levels,
            _ => Mode::Normal,
        };
        if style == CommentStyle::Undecided {
            if p.section != Section::Prelude {
                style = CommentStyle::Parens;
            } else if depth == 0 && raw[text::ws_len(raw)..].starts_with("//") {
                style = CommentStyle::Slash;
                p.plus = true;
                p.ast.slash_comments = Some(line.span(text::ws_len(raw), raw.len()));
            } else if depth == 0 && parens && is_text_option(raw) {
                // A title's `(` is text to PuzzleScript Next, which decides
                // by the first comment outside such values: look ahead.
                if let Some((rel, span)) = first_slash_comment(source, end) {
                    style = CommentStyle::Slash;
                    p.plus = true;
                    let at = no.saturating_add(rel);
                    p.ast.slash_comments = Some(crate::span::Span::new(span.0, span.1, at, 1 + span.2));
                }
            }
        }
        if style == CommentStyle::Slash {
            p.slash_line(&line, high, &mut depth);
            if end == bytes.len() {
                break line;
            }
            continue;
        }
        let sc = scan::scan_known(raw, depth, mode, parens);
        if style == CommentStyle::Undecided && (sc.depth_out > 0 || sc.code != raw) {
            style = CommentStyle::Parens;
        }
        depth = sc.depth_out;
        for &off in &sc.stray_closes {
            p.diags.push(cat::stray_close(line.span(off, off + 1)));
        }
        if sc.blank {
            p.blank_line();
        } else if let Some(fc) = sc.first_code {
            p.line(&line, &sc.code, fc, &sc.stray_closes);
        }
        if end == bytes.len() {
            break line;
        }
    };
    if depth > 0 {
        p.diags.push(cat::unclosed_comment(last.span(last.raw.len(), last.raw.len())));
    }
    if case::wanted(&p.ast) {
        case::restore(&mut p.ast, source);
    }
    if p.plus {
        tags::expand(&mut p.ast, &mut p.diags);
    }
    (p.ast, p.diags)
}

/// Which comments a game writes: decided by the first comment of its
/// prelude (PuzzleScript Next's `//` line comments, or the classic
/// `( )`); a game with no comment before its first section is classic.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum CommentStyle {
    Undecided,
    Parens,
    Slash,
}

/// Whether `raw` sets one of [`TEXT_OPTIONS`].
fn is_text_option(raw: &str) -> bool {
    let fc = text::ws_len(raw);
    let wl = word_len(&raw[fc..]);
    TEXT_OPTIONS.iter().any(|o| raw[fc..fc + wl].eq_ignore_ascii_case(o))
}

/// In the prelude lines after byte `from` of `source`: when the first
/// comment outside a text option's value is a `//` line, its line (counted
/// from the line after `from`'s, from 1), byte range and column; `None`
/// when it is a `(` or there is none before the first section.
fn first_slash_comment(source: &str, from: usize) -> Option<(u32, (usize, usize, u32))> {
    let mut at = (from + 1).min(source.len());
    for (k, raw) in source[at..].split('\n').enumerate() {
        let start = at;
        at += raw.len() + 1;
        let fc = text::ws_len(raw);
        let code = raw[fc..].trim_end();
        if code.starts_with("//") {
            let col = u32::try_from(raw[..fc].chars().count()).unwrap_or(0);
            return Some((u32::try_from(k + 1).unwrap_or(u32::MAX), (start + fc, start + raw.len(), col)));
        }
        if Section::parse(&code.to_ascii_lowercase()).is_some() || code.contains('(') && !is_text_option(raw) {
            return None;
        }
    }
    None
}

/// The prelude options whose value is the rest of the line, `//` and all.
const TEXT_OPTIONS: [&str; 8] = [
    "title",
    "author",
    "homepage",
    "custom_font",
    "text_controls",
    "text_message_continue",
    "debug_switch",
    "export_options",
];

impl<'s> Parser<'s> {
    /// A line of a game written with `//` comments: the comment is cut off
    /// (where PuzzleScript Next starts one in this section); a `(` where a
    /// token starts still opens a `( )` comment, which nests and may span
    /// lines (`depth` carries it), as Next reads both kinds; a `)` that
    /// closes nothing is W0150 and the rest of its line is skipped, as Next
    /// skips it. In OBJECTS and COLLISIONLAYERS `;` ends a line as a line
    /// break does.
    fn slash_line(&mut self, line: &Line<'_>, high: bool, depth: &mut u32) {
        use scan::Slash;
        let raw = line.raw;
        let fc = text::ws_len(raw);
        if fc == raw.len() {
            if *depth == 0 {
                self.blank_line();
            }
            return;
        }
        let text_option = self.section == Section::Prelude && {
            let wl = word_len(&raw[fc..]);
            TEXT_OPTIONS.iter().any(|o| raw[fc..fc + wl].eq_ignore_ascii_case(o))
        };
        let at = match self.section {
            Section::Levels => Slash::LineStart,
            Section::Rules => Slash::Anywhere,
            Section::Prelude if text_option => Slash::LineStart,
            _ => Slash::TokenStart,
        };
        let cut = scan::slash_comment(raw, at).unwrap_or(raw.len());
        if cut <= fc {
            return;
        }
        // Parentheses: a text option's value and a level's rows and verb
        // lines take them as text, unless a `( )` comment is open or the
        // line starts one or closes nothing.
        let opens = raw[fc..].starts_with(['(', ')']);
        let scan_parens = *depth > 0 || opens || !(text_option || self.section == Section::Levels);
        let sc = if scan_parens {
            scan::scan(&raw[..cut], *depth, Mode::Rules)
        } else {
            scan::scan_known(&raw[..cut], 0, Mode::Rules, false)
        };
        *depth = sc.depth_out;
        let mut code = sc.code;
        let mut end = cut;
        if let Some(&close) = sc.stray_closes.first() {
            self.diags.push(cat::paren_in_slash_game(line.span(close, text::trim_end_len(raw))));
            end = close;
            code = std::borrow::Cow::Owned(code[..close].to_owned());
        }
        let Some(fc) = code.find(|c: char| !is_ws(c)) else { return };
        // A comment inside the line ends a rule there, as in a classic game.
        let commented = scan_parens && *code != raw[..end];
        let kept = Line::with(line.no, line.start, &raw[..end], !high, commented);
        let split = matches!(self.section, Section::Objects | Section::CollisionLayers) && code.contains(';');
        if !split {
            self.line(&kept, &code, fc, &[]);
            return;
        }
        let mut from = 0;
        for part in code.split(';') {
            let to = from + part.len();
            let lead = text::ws_len(part);
            if lead < part.len() {
                let piece = Line::with(line.no, line.start, &raw[..to], !high, false);
                let mut code = String::with_capacity(to);
                code.extend(std::iter::repeat_n(' ', from));
                code.push_str(part);
                self.line(&piece, &code, from + lead, &[]);
            }
            from = to + 1;
        }
    }

    /// Bytes `a..b` of `line` (a word), lower-cased.
    fn lower_word(&self, line: &Line<'_>, a: usize, b: usize) -> ast::SmolStr {
        let raw = &line.raw[a..b];
        if line.ascii || raw.is_ascii() {
            smol(&self.lower[line.start + a..line.start + b])
        } else {
            ast::SmolStr::from(raw.to_lowercase())
        }
    }

    /// Bytes `a..b` of `line` (a name): lower-cased, or as written in a
    /// `case_sensitive` game.
    fn name_word(&self, line: &Line<'_>, a: usize, b: usize) -> ast::SmolStr {
        if self.case_sensitive { smol(&line.raw[a..b]) } else { self.lower_word(line, a, b) }
    }

    /// `line`'s text with its ASCII letters lower-cased.
    fn lower_line(&self, line: &Line<'_>) -> &'s str {
        &self.lower[line.start..line.start + line.raw.len()]
    }

    /// A line that is not blank, with its comments blanked out (`code`),
    /// its first character of code at `fc`, and where its stray `)` are.
    fn line(&mut self, line: &Line<'_>, code: &str, fc: usize, stray_closes: &[usize]) {
        let rest = &code[fc..];
        // `===` lines.
        if self.section == Section::Levels {
            if line.raw[fc..].chars().all(|c| is_ws(c) || c == '=') {
                return;
            }
        } else if rest.starts_with('=') {
            let n = rest.len() - rest.trim_start_matches('=').len();
            self.line_must_end(line, code, fc + n, "a `===` line");
            return;
        }
        // Section headers (not recognised inside LEVELS).
        // Only a line starting with the first letter of a section word
        // needs its first word measured.
        let first = rest.as_bytes().first().map(u8::to_ascii_lowercase);
        if self.section != Section::Levels && matches!(first, Some(b'o' | b'l' | b's' | b'c' | b'r' | b'w')) {
            let wl = word_len(rest);
            if let Some(sec) = Section::parse(&rest[..wl]) {
                self.header(line, sec, fc, fc + wl);
                self.line_must_end(line, code, fc + wl, "a section header");
                return;
            }
        }
        // PuzzleScript Next's TAGS and MAPPINGS may come anywhere (Next
        // keeps no order of sections): past the prelude, their lines are
        // read as theirs until the next section header.
        if self.section != Section::Prelude && matches!(first, Some(b't' | b'm')) && self.is_plus() {
            let wl = word_len(rest);
            if let Some(section) = keywords::TagSection::parse(&rest[..wl])
                && rest[wl..].trim_matches(is_ws).is_empty()
            {
                if self.section == Section::Objects {
                    self.obj_phase = ObjPhase::Name;
                }
                self.tag_header(section, line.span(fc, fc + wl));
                return;
            }
        }
        if self.section != Section::Prelude && self.tag_section.is_some() {
            self.tag_line(line, code, fc);
            return;
        }
        match self.section {
            Section::Prelude => self.prelude_line(line, code, fc),
            Section::Objects => self.objects_line(line, code, fc),
            Section::Legend => self.legend_line(line, code, fc),
            Section::Sounds => self.sounds_line(line, code, fc),
            Section::CollisionLayers => self.layers_line(line, code, fc),
            // A stray `)` before any code (after leading comments, if any)
            // ends the line for the reference, which then reads no rule.
            Section::Rules if stray_closes.first().is_some_and(|&s| s < fc) => {}
            Section::Rules => self.rules_line(line, code, fc),
            Section::WinConditions => self.wincondition_line(line, fc),
            Section::Levels => self.levels_line(line, fc),
        }
    }

    fn blank_line(&mut self) {
        match self.section {
            Section::Levels => self.map_open = false,
            Section::Objects => self.obj_phase = ObjPhase::Name,
            _ => {}
        }
    }

    fn line_must_end(&mut self, line: &Line<'_>, code: &str, from: usize, what: &str) {
        let tail = &code[from..];
        let lead = tail.len() - tail.trim_start_matches(is_ws).len();
        if tail.chars().any(|c| !is_ws(c)) {
            let end = text::trim_end_len(code);
            self.diags.push(cat::junk_after(line.span(from + lead, end), what));
        }
    }

    /// Whether the game is read as PuzzleScript Plus/Next: it writes `//`
    /// comments or TAGS, or its prelude (read by now) sets their option.
    fn is_plus(&self) -> bool {
        self.plus || self.ast.sets_plus_option()
    }

    fn header(&mut self, line: &Line<'_>, sec: Section, a: usize, b: usize) {
        let span = line.span(a, b);
        let word = sec.as_str();
        // PuzzleScript Next reads sections in any order, and again.
        let any_order = self.is_plus();
        if self.visited.contains(&sec) && !any_order {
            self.diags.push(cat::duplicate_section(span, word));
        }
        self.visited.push(sec);
        if any_order {
            if sec == Section::Objects {
                self.obj_phase = ObjPhase::Name;
            }
        } else if sec == Section::Objects {
            self.obj_phase = ObjPhase::Name;
            if self.visited.len() > 1 {
                self.diags.push(cat::objects_not_first(span));
            }
        } else if let Some(prev) = sec.before()
            && !self.visited.contains(&prev)
        {
            self.diags.push(cat::section_order(span, word, prev.as_str()));
        }
        self.section = sec;
        self.map_open = false;
        self.tag_section = None;
        if self.ast.sections.is_empty() {
            self.ast.sections.reserve(Section::HEADED.len());
        }
        self.ast.sections.push((sec, span));
        // Room for the items of most games' sections at once (a list
        // that grows from empty is moved three or four times).
        let ast = &mut self.ast;
        match sec {
            Section::Objects => ast.objects.reserve(16),
            Section::Legend => ast.legend.reserve(16),
            Section::Sounds => ast.sounds.reserve(8),
            Section::CollisionLayers => ast.layers.reserve(8),
            Section::Rules => ast.rules.reserve(16),
            Section::WinConditions => ast.win_conditions.reserve(2),
            Section::Levels => ast.levels.reserve(16),
            Section::Prelude => {}
        }
    }
}
