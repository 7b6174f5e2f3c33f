//! SOUNDS, COLLISIONLAYERS and WINCONDITIONS: lines of words.

use super::Parser;
use super::ast::{Ident, LayerDef, SoundDef, WinConditionDef};
use super::text::{Line, is_word, words};
use crate::diag::catalogue as cat;

impl Parser<'_> {
    pub(super) fn sounds_line(&mut self, line: &Line<'_>, code: &str, fc: usize) {
        let ws: Vec<Ident> = words(code, fc)
            .map(|w| Ident { text: self.lower_word(line, w.start, w.end), span: line.span(w.start, w.end) })
            .collect();
        let span = ws.first().map_or_else(|| line.span(fc, fc), |a| a.span);
        let span = ws.last().map_or(span, |b| span.to(b.span));
        self.ast.sounds.push(SoundDef { words: ws, span });
    }

    pub(super) fn layers_line(&mut self, line: &Line<'_>, code: &str, fc: usize) {
        if self.plus {
            self.plus_layers_line(line, code, fc);
            return;
        }
        let mut names = Vec::new();
        let iter = code[fc..].char_indices();
        let mut start: Option<usize> = None;
        let flush = |p: &Self, start: &mut Option<usize>, i: usize, names: &mut Vec<Ident>| {
            if let Some(s) = start.take() {
                names.push(Ident { text: p.lower_word(line, s, i), span: line.span(s, i) });
            }
        };
        for (i, c) in iter {
            let i = i + fc;
            if is_word(c) {
                if start.is_none() {
                    start = Some(i);
                }
                continue;
            }
            flush(self, &mut start, i, &mut names);
            if c == ',' || super::text::is_ws(c) {
                continue;
            }
            self.diags.push(cat::layer_bad_char(line.span(i, i + c.len_utf8()), c));
        }
        flush(self, &mut start, code.len(), &mut names);
        let end = super::text::trim_end_len(code);
        self.ast.layers.push(LayerDef { names, prefixes: Vec::new(), span: line.span(fc, end) });
    }

    /// A layer line of a PuzzleScript Plus/Next game: names may join words
    /// with `:`, `TAG ... -> names` puts the objects in one layer per value
    /// of the tags (`tags.rs`), and a `--` line (a group of layers drawn
    /// in an order of its own) is passed over, with a warning when it asks
    /// for an order other than the usual one.
    fn plus_layers_line(&mut self, line: &Line<'_>, code: &str, fc: usize) {
        let end = super::text::trim_end_len(code);
        if code[fc..].starts_with("--") {
            let tail = code[fc + 2..end].trim_matches(super::text::is_ws);
            if !tail.is_empty() && tail != ">v" {
                self.diags.push(cat::layer_group_order(line.span(fc, end)));
            }
            return;
        }
        let mut names = Vec::new();
        let mut prefixes = Vec::new();
        let mut i = fc;
        while i < end {
            let rest = &code[i..end];
            let c = rest.chars().next().unwrap_or(' ');
            if c == ',' || super::text::is_ws(c) {
                i += c.len_utf8();
                continue;
            }
            if rest.starts_with("->") && prefixes.is_empty() && !names.is_empty() {
                prefixes = std::mem::take(&mut names);
                i += 2;
                continue;
            }
            let mut n = super::tags::name_len(rest);
            if n == 0 && self.is_glyph(&rest[..c.len_utf8()]) {
                // A glyph such as `:` names its object here too.
                n = c.len_utf8();
            }
            if n == 0 {
                self.diags.push(cat::layer_bad_char(line.span(i, i + c.len_utf8()), c));
                i += c.len_utf8();
                continue;
            }
            names.push(Ident { text: self.lower_word(line, i, i + n), span: line.span(i, i + n) });
            i += n;
        }
        self.ast.layers.push(LayerDef { names, prefixes, span: line.span(fc, end) });
    }

    pub(super) fn wincondition_line(&mut self, line: &Line<'_>, fc: usize) {
        // Like the reference, read up to the first `(` of the line.
        let raw = line.raw;
        let stop = line.open_paren_from(fc);
        let ws: Vec<Ident> = words(&raw[..stop], fc)
            .map(|w| Ident { text: self.lower_word(line, w.start, w.end), span: line.span(w.start, w.end) })
            .collect();
        let end = super::text::trim_end_len(&raw[..stop]);
        self.ast.win_conditions.push(WinConditionDef { words: ws, span: line.span(fc, end) });
    }

    /// Whether `word` is an object's glyph or a legend name.
    fn is_glyph(&self, word: &str) -> bool {
        let word = super::text::lower(word);
        self.ast.objects.iter().any(|o| o.extra_names.iter().any(|e| e.text == word))
            || self.ast.legend.iter().any(|l| l.name.text == word)
    }
}
