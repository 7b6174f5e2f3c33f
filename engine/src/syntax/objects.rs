//! OBJECTS: a name line (name, then optional further names such as a
//! glyph), a colour line, then an optional 5x5 sprite of `.` and digits.

use super::ast::{Ident, ObjectDef, PixelRow, SmolStr, Sprite};
use super::text::{Line, is_ws, word_len, words};
use super::{ObjPhase, Parser};
use crate::diag::catalogue as cat;

/// Colour words the colour line accepts.
#[cfg(test)]
const COLOUR_WORDS: [&str; 25] = [
    "black",
    "white",
    "gray",
    "darkgray",
    "lightgray",
    "grey",
    "darkgrey",
    "lightgrey",
    "red",
    "darkred",
    "lightred",
    "brown",
    "darkbrown",
    "lightbrown",
    "orange",
    "yellow",
    "green",
    "darkgreen",
    "lightgreen",
    "blue",
    "lightblue",
    "darkblue",
    "purple",
    "pink",
    "transparent",
];

/// The colour words that start with `first` (a lower-case ASCII letter).
fn colour_words(first: u8) -> &'static [&'static str] {
    match first {
        b'b' => &["black", "brown", "blue"],
        b'w' => &["white"],
        b'g' => &["gray", "grey", "green"],
        b'd' => &["darkgray", "darkgrey", "darkred", "darkbrown", "darkgreen", "darkblue"],
        b'l' => &["lightgray", "lightgrey", "lightred", "lightbrown", "lightgreen", "lightblue"],
        b'r' => &["red"],
        b'o' => &["orange"],
        b'y' => &["yellow"],
        b'p' => &["purple", "pink"],
        b't' => &["transparent"],
        _ => &[],
    }
}

/// Length of the colour at the start of `s` (lower-case), if one is there.
/// Like the reference, this matches a prefix: `blackish` starts with a colour.
/// Upper-case ASCII letters count as their lower-case selves (so the line
/// need not be lower-cased first when it is ASCII).
fn colour_prefix(s: &str) -> Option<usize> {
    let b = s.as_bytes();
    let first = *b.first()?;
    if first == b'#' {
        // `#rrggbbaa` and `#rgba` carry an opacity (PuzzleScript Plus).
        let hex = b[1..].iter().take_while(|c| c.is_ascii_hexdigit()).count();
        return match hex {
            8.. => Some(9),
            6..=7 => Some(7),
            4..=5 => Some(5),
            3 => Some(4),
            _ => None,
        };
    }
    // No colour word is the start of another, so the first match is the
    // only one.
    colour_words(first.to_ascii_lowercase())
        .iter()
        .find(|w| b.len() >= w.len() && b[..w.len()].eq_ignore_ascii_case(w.as_bytes()))
        .map(|w| w.len())
}

/// A sprite row being read.
struct SpriteRow {
    /// The row's characters (only `.` and digits, at most five).
    row: [u8; 5],
    /// How many there are.
    width: usize,
    /// The row's pixels.
    pixels: PixelRow,
    /// Offsets of the first pixel and one past the last.
    first: usize,
    last: usize,
    /// What stopped the row early: a sixth pixel, or another character
    /// (its offset, byte length, and whether it was a sixth pixel).
    stop: Option<(usize, usize, bool)>,
}

impl SpriteRow {
    /// Read character `c` at offset `i`; false when the row stops there.
    #[inline(always)]
    fn read(&mut self, i: usize, c: char) -> bool {
        if is_ws(c) {
            return true;
        }
        if c == '.' || c.is_ascii_digit() {
            if self.width >= 5 {
                self.stop = Some((i, 1, true));
                return false;
            }
            if self.width == 0 {
                self.first = i;
            }
            self.row[self.width] = u8::try_from(c).unwrap_or(b'.');
            self.width += 1;
            self.pixels.push(c.to_digit(10).and_then(|d| u8::try_from(d).ok()));
            self.last = i + 1;
            true
        } else {
            self.stop = Some((i, c.len_utf8(), false));
            false
        }
    }
}

impl Parser<'_> {
    pub(super) fn objects_line(&mut self, line: &Line<'_>, code: &str, fc: usize) {
        if self.obj_phase != ObjPhase::Name && self.cur_object.is_some() {
            let first = &code[fc..fc + code[fc..].find(is_ws).unwrap_or(code.len() - fc)];
            let first = first.to_ascii_lowercase();
            // `text:`, `scale:` and `canvas:` lines are read below, as
            // drawn objects, in a Plus/Next game.
            let drawn = self.plus && super::drawn::starts_drawn(&first);
            if !drawn && super::transform::starts_transform(&first) {
                self.transform_line(line, code, fc);
                return;
            }
        }
        if self.obj_phase == ObjPhase::AfterColours {
            self.obj_phase = ObjPhase::Sprite;
        }
        // PuzzleScript Next: a `text:` line, a canvas sprite's JSON, or a
        // `scale:`/`canvas:` line in place of colours or sprite rows.
        if self.plus && self.obj_phase != ObjPhase::Name && self.drawn_line(line, code, fc) {
            return;
        }
        if self.obj_phase == ObjPhase::AfterName {
            self.obj_phase = ObjPhase::AfterColours;
            self.colour_line(line, code, fc);
            return;
        }
        match self.obj_phase {
            ObjPhase::Name | ObjPhase::AfterName => self.name_line(line, code, fc),
            ObjPhase::AfterColours => self.colour_line(line, code, fc),
            ObjPhase::Sprite => {
                let first = code[fc..].chars().next().unwrap_or(' ');
                let in_sprite = self.cur_object.is_some_and(|i| !self.ast.objects[i].sprite_rows.is_empty());
                // In PuzzleScript Plus/Next, an object of more than ten
                // colours may start a row with a letter (colour 10 and on).
                let many_colours = self.cur_object.is_some_and(|i| self.ast.objects[i].colors.len() > 10);
                if self.plus
                    && (first == '.' || first.is_ascii_digit() || (many_colours && first.is_ascii_alphanumeric()))
                {
                    self.plus_sprite_line(line, code, fc);
                } else if first == '.' || first.is_ascii_digit() {
                    self.sprite_line(line, code, fc);
                } else if !in_sprite || self.plus {
                    self.name_line(line, code, fc);
                } else {
                    let name = self.cur_name();
                    let end = super::text::trim_end_len(code);
                    self.diags.push(cat::sprite_junk(line.span(fc, end), &name));
                }
            }
        }
    }

    fn cur_name(&self) -> SmolStr {
        self.cur_object.and_then(|i| self.ast.objects.get(i)).map_or_else(SmolStr::default, |o| o.name.text.clone())
    }

    fn name_line(&mut self, line: &Line<'_>, code: &str, fc: usize) {
        // PuzzleScript Next's names join words with `:` (`Player:up`).
        let wl = if self.plus { super::tags::name_len(&code[fc..]) } else { word_len(&code[fc..]) };
        let end = super::text::trim_end_len(code);
        if wl == 0 {
            self.diags.push(cat::object_junk(line.span(fc, end)));
            return;
        }
        let text = self.name_word(line, fc, fc + wl);
        let name = Ident { text, span: line.span(fc, fc + wl) };
        let hash = {
            use std::hash::Hasher as _;
            let mut h = rustc_hash::FxHasher::default();
            h.write(name.text.as_bytes());
            h.finish()
        };
        if !self.object_hashes.insert(hash) && self.ast.objects.iter().any(|o| o.name.text == name.text) {
            self.diags.push(cat::object_redefined(name.span, &name.text));
            return;
        }
        let mut extra_names = Vec::new();
        let mut copy_from = None;
        let mut transforms = Vec::new();
        let mut drawn = super::drawn::NameMods::default();
        let mut ws = words(code, fc + wl).peekable();
        while let Some(w) = ws.peek().copied() {
            // `copy:NAME` and the other sprite transforms of PuzzleScript
            // Next end the names (a classic name has no `:`).
            if super::transform::starts_transform(&self.lower_word(line, w.start, w.end)) {
                break;
            }
            ws.next();
            let text = self.name_word(line, w.start, w.end);
            extra_names.push(Ident { text, span: line.span(w.start, w.end) });
        }
        // `scale:` and `canvas:` (PuzzleScript Next's drawn objects) are
        // taken out; the other words are transforms.
        let mut rest = Vec::new();
        while let Some(w) = ws.next() {
            let text = self.lower_word(line, w.start, w.end);
            if self.plus && drawn.take(&text, line.span(w.start, w.end), &mut ws, |a, b| line.span(a, b)) {
                continue;
            }
            rest.push(w);
        }
        self.read_transforms(line, &rest, &mut copy_from, &mut transforms);
        self.ast.objects.push(ObjectDef {
            name,
            extra_names,
            copy_from,
            transforms,
            text: None,
            scale: drawn.scale,
            canvas: drawn.canvas,
            colors: Vec::new(),
            colors_span: None,
            sprite_rows: Vec::new(),
            sprite: Sprite::default(),
            span: line.span(fc, end),
        });
        self.cur_object = Some(self.ast.objects.len() - 1);
        self.obj_phase = ObjPhase::AfterName;
    }

    /// The transform words `ws` of the object being read (on its name line
    /// or a line of their own): `copy:NAME` (or `copy: NAME`) sets the
    /// sprite's source, every other is kept as one word with its
    /// arguments (`flip: right` is `flip:right`).
    pub(super) fn read_transforms(
        &self,
        line: &Line<'_>,
        ws: &[super::text::Word<'_>],
        copy_from: &mut Option<Ident>,
        transforms: &mut Vec<Ident>,
    ) {
        let mut i = 0;
        while let Some(w) = ws.get(i) {
            i += 1;
            let lower = self.lower_word(line, w.start, w.end);
            let mut end = w.end;
            let mut text = lower.to_string();
            if text.ends_with(':')
                && let Some(next) = ws.get(i)
            {
                i += 1;
                end = next.end;
                let arg = if text == "copy:" {
                    self.name_word(line, next.start, next.end)
                } else {
                    self.lower_word(line, next.start, next.end)
                };
                text.push_str(&arg);
            }
            let span = line.span(w.start, end);
            if text.len() > 5 && lower.starts_with("copy:") {
                // The name alone (rename and go to definition use its span).
                let from = if end == w.end { w.start + 5 } else { ws[i - 1].start };
                // Mirrors written straight after the name (`copy: a:b|`,
                // as PuzzleScript Next lexes it) are transforms of their own.
                let mut name_end = end;
                if let Some(k) = line.raw[from..end].find(['|', '-'])
                    && line.raw[from + k..end].bytes().all(|b| b == b'|' || b == b'-')
                {
                    name_end = from + k;
                }
                *copy_from =
                    Some(Ident { text: self.name_word(line, from, name_end), span: line.span(from, name_end) });
                for at in name_end..end {
                    transforms.push(Ident { text: line.raw[at..=at].into(), span: line.span(at, at + 1) });
                }
            } else {
                transforms.push(Ident { text: text.into(), span });
            }
        }
    }

    /// A line of transforms among an object's colour and sprite lines.
    fn transform_line(&mut self, line: &Line<'_>, code: &str, fc: usize) {
        let Some(cur) = self.cur_object else { return };
        let ws: Vec<_> = words(code, fc).collect();
        let (mut copy_from, mut transforms) = (None, Vec::new());
        self.read_transforms(line, &ws, &mut copy_from, &mut transforms);
        if let Some(o) = self.ast.objects.get_mut(cur) {
            if copy_from.is_some() {
                o.copy_from = copy_from;
            }
            o.transforms.extend(transforms);
        }
    }

    fn colour_line(&mut self, line: &Line<'_>, code: &str, fc: usize) {
        let Some(idx) = self.cur_object else { return };
        // An ASCII line is read as it is (colour words match ignoring
        // case, and each colour is lower-cased when kept).
        let lower: std::borrow::Cow<'_, str> = if code.is_ascii() {
            std::borrow::Cow::Borrowed(code)
        } else {
            std::borrow::Cow::Owned(code.to_lowercase())
        };
        if lower.len() != code.len() {
            // Lower-casing changed byte lengths (rare scripts): fall back to words.
            for w in words(code, fc) {
                let lw = w.text.to_lowercase();
                if colour_prefix(&lw) == Some(lw.len()) {
                    self.ast.objects[idx].colors.push(Ident { text: lw.into(), span: line.span(w.start, w.end) });
                } else {
                    let name = self.cur_name();
                    self.diags.push(cat::not_a_colour(line.span(w.start, w.end), &name, w.text));
                    break;
                }
            }
        } else {
            let mut pos = fc;
            while pos < lower.len() {
                pos += super::text::ws_len(&lower[pos..]);
                if pos >= lower.len() {
                    break;
                }
                if let Some(n) = colour_prefix(&lower[pos..]) {
                    let text = self.lower_word(line, pos, pos + n);
                    self.ast.objects[idx].colors.push(Ident { text, span: line.span(pos, pos + n) });
                    pos += n;
                } else {
                    let wl = lower[pos..].find(super::text::is_ws).unwrap_or(lower.len() - pos);
                    let name = self.cur_name();
                    self.diags.push(cat::not_a_colour(line.span(pos, pos + wl), &name, &code[pos..pos + wl]));
                    break;
                }
            }
        }
        let end = super::text::trim_end_len(code);
        let span = line.span(fc, end);
        let o = &mut self.ast.objects[idx];
        o.colors_span = Some(span);
        o.span = o.span.to(span);
    }

    /// Whether object `idx`'s sprite has room for another row; when it has
    /// [`PixelRow::MAX`] already, the row (from `fc` in `line`) is
    /// reported (once per object) and left out.
    #[inline]
    fn sprite_row_fits(&mut self, idx: usize, line: &Line<'_>, code: &str, fc: usize) -> bool {
        if self.ast.objects[idx].sprite.len() < PixelRow::MAX {
            return true;
        }
        self.sprite_cut_at(idx, line.span(fc, super::text::trim_end_len(code)));
        false
    }

    /// Report object `idx`'s sprite as larger than Puzzlewright draws, at
    /// `span` (its first pixel or row past [`PixelRow::MAX`]), once.
    fn sprite_cut_at(&mut self, idx: usize, span: crate::span::Span) {
        if self.sprite_cut != Some(idx) {
            self.sprite_cut = Some(idx);
            let name = self.cur_name();
            self.diags.push(cat::sprite_too_big(span, &name, PixelRow::MAX));
        }
    }

    /// A sprite row as PuzzleScript Plus/Next read it: `.`, digits and
    /// letters (`a` is colour 10) up to the first space, any length up to
    /// [`PixelRow::MAX`]; rows go on until a blank line or a line that
    /// does not look like one (at most [`PixelRow::MAX`] of them).
    fn plus_sprite_line(&mut self, line: &Line<'_>, code: &str, fc: usize) {
        let Some(idx) = self.cur_object else { return };
        if !self.sprite_row_fits(idx, line, code, fc) {
            return;
        }
        let mut pixels = PixelRow::default();
        let mut last = fc;
        for (k, c) in code[fc..].char_indices() {
            let i = fc + k;
            if is_ws(c) {
                break;
            }
            let px = match c {
                '.' => None,
                '0'..='9' => c.to_digit(10).and_then(|d| u8::try_from(d).ok()),
                'a'..='z' | 'A'..='Z' => u8::try_from(c.to_ascii_lowercase()).ok().map(|b| b - b'a' + 10),
                _ => {
                    let name = self.cur_name();
                    self.diags.push(cat::sprite_junk(line.span(i, i + c.len_utf8()), &name));
                    break;
                }
            };
            if !pixels.push(px) {
                self.sprite_cut_at(idx, line.span(i, i + 1));
                break;
            }
            last = i + c.len_utf8();
        }
        let span = line.span(fc, last);
        let o = &mut self.ast.objects[idx];
        o.sprite_rows.push(Ident { text: super::smol(&code[fc..last]), span });
        o.sprite.push(pixels);
        o.span = o.span.to(span);
    }

    fn sprite_line(&mut self, line: &Line<'_>, code: &str, fc: usize) {
        let Some(idx) = self.cur_object else { return };
        if !self.sprite_row_fits(idx, line, code, fc) {
            return;
        }
        // Sprites are 5x5: room for a row, and for five rows at the first.
        let mut r = SpriteRow { row: [0u8; 5], width: 0, pixels: PixelRow::default(), first: fc, last: fc, stop: None };
        if line.ascii {
            for (k, &b) in code.as_bytes()[fc..].iter().enumerate() {
                if !r.read(fc + k, char::from(b)) {
                    break;
                }
            }
        } else {
            for (k, c) in code[fc..].char_indices() {
                if !r.read(fc + k, c) {
                    break;
                }
            }
        }
        let SpriteRow { row, width, pixels, first, last, stop } = r;
        match stop {
            Some((i, _, true)) => {
                self.diags.push(cat::sprite_too_wide(line.span(i, i + 1)));
                if let Some(o) = self.ast.objects.get(idx) {
                    let whole = cat::sprite_not_5x5(o.name.span, &o.name.text);
                    if !self.diags.iter().any(|d| d.code == whole.code && d.span == whole.span) {
                        self.diags.push(whole);
                    }
                }
            }
            Some((i, w, false)) => {
                let name = self.cur_name();
                self.diags.push(cat::sprite_junk(line.span(i, i + w), &name));
            }
            None => {}
        }
        let span = line.span(fc, last);
        let o = &mut self.ast.objects[idx];
        if o.sprite_rows.is_empty() {
            o.sprite_rows.reserve_exact(5);
        }
        // The pixels as written: the line's own text when nothing stands
        // between them.
        let text = if last - first == width {
            super::smol(&code[first..last])
        } else {
            std::str::from_utf8(&row[..width]).map_or_else(|_| SmolStr::default(), SmolStr::new)
        };
        o.sprite_rows.push(Ident { text, span });
        o.sprite.push(pixels);
        o.span = o.span.to(span);
        if o.sprite_rows.len() == 5 && o.sprite_rows.iter().all(|r| r.text.len() == 5) {
            self.obj_phase = ObjPhase::Name;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::{COLOUR_WORDS, colour_prefix, colour_words};

    #[test]
    fn colour_words_are_grouped_by_their_first_letter() {
        let mut grouped: Vec<&str> = (0..=255u8).flat_map(|b| colour_words(b).iter().copied()).collect();
        for w in &grouped {
            assert!(colour_words(w.as_bytes()[0]).contains(w));
        }
        let mut all = COLOUR_WORDS.to_vec();
        grouped.sort_unstable();
        all.sort_unstable();
        assert_eq!(grouped, all);
        for a in COLOUR_WORDS {
            for b in COLOUR_WORDS {
                assert!(a == b || !b.starts_with(a), "{a} starts {b}");
            }
        }
    }

    #[test]
    fn colour_prefixes() {
        assert_eq!(colour_prefix("darkblue x"), Some(8));
        assert_eq!(colour_prefix("#ff00aa"), Some(7));
        assert_eq!(colour_prefix("#f0a"), Some(4));
        assert_eq!(colour_prefix("#ff"), None);
        assert_eq!(colour_prefix("#ff00aa80"), Some(9));
        assert_eq!(colour_prefix("#f0a8 x"), Some(5));
        assert_eq!(colour_prefix("mauve"), None);
    }
}
