//! PuzzleScript Next's objects drawn otherwise than by a sprite grid: text
//! sprites (a `text:` line after the colours, `scale:` on the name line)
//! and canvas sprites (`canvas:W,H` on the name line, then lines of JSON
//! drawing instructions), which may also stand on lines of their own among
//! the colour and sprite lines. Read only in a Plus/Next game (a classic
//! game's object section reads as it always did).

use std::iter::Peekable;

use super::Parser;
use super::ast::{CanvasDef, Ident};
use super::text::{Line, Word, words};
use crate::span::Span;

/// Whether `word` (lower case) starts a drawn object's line: `text:`,
/// `scale:` or `canvas:` (the other `word:` modifiers are sprite
/// transforms, read by `objects.rs`).
pub(super) fn starts_drawn(word: &str) -> bool {
    ["text:", "scale:", "canvas:"].iter().any(|d| word.starts_with(d))
}

/// `scale:` and `canvas:` read from a name line (or a line of transforms).
#[derive(Debug, Default)]
pub(super) struct NameMods {
    /// `scale:N`: the number.
    pub scale: Option<Ident>,
    /// `canvas:W,H`.
    pub canvas: Option<CanvasDef>,
}

/// Whether `s` reads as a number (`1`, `0.5`, `.8`).
fn is_number(s: &str) -> bool {
    !s.is_empty() && s.parse::<f64>().is_ok_and(f64::is_finite)
}

/// `W,H` or `W` (each 1 to 32 cells), as `canvas:` takes it.
fn canvas_size(s: &str) -> Option<(u32, u32)> {
    let side = |t: &str| t.parse::<u32>().ok().filter(|n| (1..=32).contains(n));
    match s.split_once(',') {
        Some((w, h)) => Some((side(w)?, side(h)?)),
        None => side(s).map(|n| (n, n)),
    }
}

impl NameMods {
    /// Take `text` (a word, lower case, at `span`) if it is `scale:` or
    /// `canvas:`, with its value in the same word or the next one of `ws`
    /// (`span_of` spans a word's bytes). False for any other word.
    pub fn take<'a, I: Iterator<Item = Word<'a>>>(
        &mut self,
        text: &str,
        span: Span,
        ws: &mut Peekable<I>,
        span_of: impl Fn(usize, usize) -> Span,
    ) -> bool {
        if let Some(value) = text.strip_prefix("scale:") {
            if is_number(value) {
                self.scale = Some(Ident { text: value.into(), span });
            } else if value.is_empty()
                && let Some(next) = ws.next_if(|w| is_number(w.text))
            {
                self.scale = Some(Ident { text: next.text.into(), span: span_of(next.start, next.end) });
            } else {
                // No number: kept as written, for `check` to refuse.
                self.scale = Some(Ident { text: value.into(), span });
            }
            return true;
        }
        if let Some(value) = text.strip_prefix("canvas:") {
            let size = if value.is_empty() {
                ws.next_if(|w| canvas_size(w.text).is_some()).and_then(|w| canvas_size(w.text))
            } else {
                canvas_size(value)
            };
            self.canvas = Some(CanvasDef { size: size.unwrap_or((1, 1)), span, lines: Vec::new() });
            return true;
        }
        false
    }
}

impl Parser<'_> {
    /// A line of the object being read that is not a colour line nor a
    /// sprite row: `text: WORDS`, a canvas sprite's JSON, or a line that
    /// starts with `scale:` or `canvas:`. False when the line is none of
    /// these.
    pub(super) fn drawn_line(&mut self, line: &Line<'_>, code: &str, fc: usize) -> bool {
        let Some(idx) = self.cur_object else { return false };
        let rest = &code[fc..];
        let end = super::text::trim_end_len(code);
        let lower = rest.get(..5).map(str::to_ascii_lowercase);
        if lower.as_deref() == Some("text:") {
            // As written (case kept), trimmed; the object ends here.
            let body = &code[fc + 5..end.max(fc + 5)];
            let lead = body.len() - body.trim_start().len();
            let span = line.span(fc + 5 + lead, end.max(fc + 5));
            let o = &mut self.ast.objects[idx];
            o.text = Some(Ident { text: body.trim().into(), span });
            o.span = o.span.to(line.span(fc, end));
            self.obj_phase = super::ObjPhase::Name;
            return true;
        }
        if rest.starts_with('{') && self.ast.objects[idx].canvas.is_some() {
            let span = line.span(fc, end);
            let o = &mut self.ast.objects[idx];
            if let Some(c) = &mut o.canvas {
                c.lines.push(Ident { text: code[fc..end].into(), span });
            }
            o.span = o.span.to(span);
            self.obj_phase = super::ObjPhase::Sprite;
            return true;
        }
        let first = rest.split(super::text::is_ws).next().unwrap_or("").to_ascii_lowercase();
        if !starts_drawn(&first) {
            return false;
        }
        // `scale:`/`canvas:` with their values; any other word on the line
        // is a transform, read as on the name line.
        let mut mods = NameMods::default();
        let mut others = Vec::new();
        let mut ws = words(code, fc).peekable();
        while let Some(w) = ws.next() {
            let text = self.lower_word(line, w.start, w.end);
            if !mods.take(&text, line.span(w.start, w.end), &mut ws, |a, b| line.span(a, b)) {
                others.push(w);
            }
        }
        let (mut copy_from, mut transforms) = (None, Vec::new());
        self.read_transforms(line, &others, &mut copy_from, &mut transforms);
        let o = &mut self.ast.objects[idx];
        if copy_from.is_some() {
            o.copy_from = copy_from;
        }
        o.transforms.extend(transforms);
        if mods.scale.is_some() {
            o.scale = mods.scale;
        }
        if mods.canvas.is_some() {
            o.canvas = mods.canvas;
        }
        o.span = o.span.to(line.span(fc, end));
        self.obj_phase = super::ObjPhase::Sprite;
        true
    }
}
