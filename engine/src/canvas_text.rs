//! Text in PuzzleScript Next's canvas sprites: `fillText` and `strokeText`
//! with the `font`, `textAlign` and `textBaseline` a canvas keeps. We draw
//! no browser font: the letters are our own pixel font
//! ([`crate::pixel_font`]) scaled to the font's size, so a game's letters
//! come out blocky but in their place, size and colour, on every platform
//! and in the web player alike. This module lays the letters out in canvas
//! units (cells); [`crate::canvas`] transforms and paints them.
//!
//! The metrics, in font pixels of an em of 10: letters 6 apart (a 5-pixel
//! glyph and a gap), capitals 7 tall standing on the baseline, the em's
//! top 8 above the baseline and its bottom 2 below (where descenders end).

use crate::pixel_font::glyph;

/// Font pixels in an em (the font's size).
const EM: f64 = 10.0;
/// Font pixels from one letter to the next.
const ADVANCE: f64 = 6.0;
/// Font pixels from the em's top down to the baseline.
const ASCENT: f64 = 8.0;
/// Font pixels from the baseline down to the em's bottom.
const DESCENT: f64 = 2.0;
/// Font pixels from the top of a glyph's rows down to the baseline.
const GLYPH_TOP: f64 = 7.0;

/// `textAlign`: where the text stands from its x.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Align {
    /// `left`, and `start` (we lay out left to right).
    Left,
    /// `center`.
    Center,
    /// `right`, and `end`.
    Right,
}

/// `textBaseline`: which line of the em its y is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Baseline {
    /// `alphabetic` (the default): the line the capitals stand on.
    Alphabetic,
    /// `top`: the em's top.
    Top,
    /// `hanging`: the capitals' top.
    Hanging,
    /// `middle`: the em's middle.
    Middle,
    /// `bottom` and `ideographic`: the em's bottom.
    Bottom,
}

/// The text state a canvas keeps (saved and restored with the rest).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct TextStyle {
    /// The font's size (an em) in canvas units.
    pub size: f64,
    /// `bold` (or a weight of 600 or more): strokes a little wider.
    pub bold: bool,
    /// `italic` or `oblique`: letters slanted.
    pub italic: bool,
    /// `textAlign`.
    pub align: Align,
    /// `textBaseline`.
    pub baseline: Baseline,
}

impl Default for TextStyle {
    /// As a canvas starts: `10px sans-serif`, `start`, `alphabetic`.
    fn default() -> Self {
        TextStyle { size: 10.0, bold: false, italic: false, align: Align::Left, baseline: Baseline::Alphabetic }
    }
}

/// The instructions of text (properties and the two calls).
pub const KEYS: [&str; 5] = ["font", "textAlign", "textBaseline", "fillText", "strokeText"];

impl TextStyle {
    /// Set the property `key` (`font`, `textAlign`, `textBaseline`) to
    /// `value`; a value a canvas would not take leaves it as it was, as a
    /// canvas does. Other keys are not ours and change nothing.
    pub fn set(&mut self, key: &str, value: &str) {
        let s = value.trim();
        match key {
            "font" => {
                if let Some(font) = parse_font(s) {
                    *self = TextStyle { align: self.align, baseline: self.baseline, ..font };
                }
            }
            "textAlign" => {
                self.align = match s {
                    "left" | "start" => Align::Left,
                    "center" => Align::Center,
                    "right" | "end" => Align::Right,
                    _ => self.align,
                }
            }
            "textBaseline" => {
                self.baseline = match s {
                    "alphabetic" => Baseline::Alphabetic,
                    "top" => Baseline::Top,
                    "hanging" => Baseline::Hanging,
                    "middle" => Baseline::Middle,
                    "bottom" | "ideographic" => Baseline::Bottom,
                    _ => self.baseline,
                }
            }
            _ => {}
        }
    }
}

/// A CSS font shorthand as a canvas reads it (`bold 0.8px serif`,
/// `italic 600 12pt/1.2 sans-serif`): its size, weight and style, the
/// family ignored. `None` without a size (a canvas then keeps its font).
fn parse_font(s: &str) -> Option<TextStyle> {
    let mut style = TextStyle::default();
    let mut size = None;
    for word in s.split_whitespace() {
        let lower = word.to_ascii_lowercase();
        match lower.as_str() {
            "bold" | "bolder" => style.bold = true,
            "italic" | "oblique" => style.italic = true,
            w if w.parse::<f64>().is_ok_and(|v| v >= 600.0) && size.is_none() => style.bold = true,
            w if size.is_none() => size = css_size(w.split('/').next().unwrap_or(w)),
            _ => {}
        }
    }
    style.size = size.filter(|v: &f64| v.is_finite() && *v > 0.0)?;
    Some(style)
}

/// A CSS length in px: `12px`, `9pt`, `1.5em` (of the 10px default).
fn css_size(w: &str) -> Option<f64> {
    let (num, per) = [("px", 1.0), ("pt", 4.0 / 3.0), ("rem", 10.0), ("em", 10.0), ("%", 0.1)]
        .into_iter()
        .find_map(|(unit, per)| w.strip_suffix(unit).map(|n| (n, per)))?;
    num.parse::<f64>().ok().map(|v| v * per)
}

/// What `fillText`/`strokeText` draws, in canvas units before the
/// transform.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Letters {
    /// Each run of ink across one row of font pixels, as a closed polygon
    /// (a quadrilateral; slanted when italic), for filling.
    pub runs: Vec<Vec<(f64, f64)>>,
    /// The ink's outline as segments, for stroking.
    pub outline: Vec<[(f64, f64); 2]>,
}

/// The letters of `fillText`/`strokeText` writing `text` at (`x`, `y`),
/// narrowed to `max_width` if given and narrower, in `style`.
#[must_use]
pub fn letters(text: &str, (x, y): (f64, f64), max_width: Option<f64>, style: &TextStyle) -> Letters {
    // A canvas draws line breaks and tabs as spaces.
    let chars: Vec<char> = text.chars().map(|c| if c.is_whitespace() { ' ' } else { c }).collect();
    let p = style.size / EM;
    let ink_width = (ADVANCE * chars.len() as f64 - 1.0).max(0.0) * p;
    // Narrowed to `maxWidth` when wider, as a canvas does.
    let squeeze = max_width.map_or(1.0, |m| (m / ink_width).min(1.0));
    let width = ink_width * squeeze;
    let left = match style.align {
        Align::Left => x,
        Align::Center => x - width / 2.0,
        Align::Right => x - width,
    };
    let baseline = match style.baseline {
        Baseline::Alphabetic => y,
        Baseline::Top => y + ASCENT * p,
        Baseline::Hanging => y + GLYPH_TOP * p,
        Baseline::Middle => y + (ASCENT - (ASCENT + DESCENT) / 2.0) * p,
        Baseline::Bottom => y - DESCENT * p,
    };
    let top = baseline - GLYPH_TOP * p;
    // A bold stroke is this much wider (font pixels), to its right.
    let bold = if style.bold { 0.4 } else { 0.0 };
    let slant = if style.italic { 0.2 } else { 0.0 };
    // Font pixel (fx, fy) (fractions allowed) in canvas units.
    let at = |fx: f64, fy: f64| {
        let lean = slant * (GLYPH_TOP - fy);
        (left + (fx + lean) * p * squeeze, top + fy * p)
    };
    let mut out = Letters::default();
    for (k, c) in chars.iter().enumerate() {
        let rows = glyph(*c);
        let lit = |col: i32, row: i32| {
            (0..5).contains(&col) && (0..9).contains(&row) && rows[row as usize] & (0x10 >> col) != 0
        };
        let x0 = ADVANCE * k as f64;
        for row in 0..9i32 {
            let mut col = 0;
            while col < 5 {
                if !lit(col, row) {
                    col += 1;
                    continue;
                }
                let start = col;
                while lit(col, row) {
                    col += 1;
                }
                let (l, r, t, b) =
                    (x0 + f64::from(start), x0 + f64::from(col) + bold, f64::from(row), f64::from(row + 1));
                out.runs.push(vec![at(l, t), at(r, t), at(r, b), at(l, b)]);
            }
            // The outline: each side of a lit pixel that borders an unlit one.
            for col in 0..5i32 {
                if !lit(col, row) {
                    continue;
                }
                let (l, t) = (x0 + f64::from(col), f64::from(row));
                let sides = [
                    (lit(col, row - 1), (l, t), (l + 1.0, t)),
                    (lit(col, row + 1), (l, t + 1.0), (l + 1.0, t + 1.0)),
                    (lit(col - 1, row), (l, t), (l, t + 1.0)),
                    (lit(col + 1, row), (l + 1.0, t), (l + 1.0, t + 1.0)),
                ];
                for (next, a, b) in sides {
                    if !next {
                        out.outline.push([at(a.0, a.1), at(b.0, b.1)]);
                    }
                }
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn call(text: &str, x: f64, y: f64, style: &TextStyle) -> Letters {
        letters(text, (x, y), None, style)
    }

    fn bounds(l: &Letters) -> (f64, f64, f64, f64) {
        let pts = l.runs.iter().flatten();
        let f = |init: f64, pick: fn(&(f64, f64)) -> f64, op: fn(f64, f64) -> f64| pts.clone().map(pick).fold(init, op);
        (
            f(f64::INFINITY, |p| p.0, f64::min),
            f(f64::INFINITY, |p| p.1, f64::min),
            f(f64::NEG_INFINITY, |p| p.0, f64::max),
            f(f64::NEG_INFINITY, |p| p.1, f64::max),
        )
    }

    #[test]
    fn fonts_read_their_size_weight_and_style_and_a_bad_one_is_kept_out() {
        let mut s = TextStyle::default();
        s.set("font", "0.8px bold serif");
        assert_eq!((s.size, s.bold, s.italic), (0.8, true, false));
        s.set("font", "italic 600 12pt/1.2 sans-serif");
        assert!((s.size - 16.0).abs() < 1e-9 && s.bold && s.italic, "{s:?}");
        s.set("font", "serif");
        assert!((s.size - 16.0).abs() < 1e-9, "a font without a size changes nothing");
        s.set("textAlign", "end");
        s.set("textBaseline", "middle");
        s.set("textAlign", "sideways");
        assert_eq!((s.align, s.baseline), (Align::Right, Baseline::Middle));
        s.set("font", "2px monospace");
        assert_eq!((s.align, s.baseline), (Align::Right, Baseline::Middle), "a font keeps the alignment");
    }

    #[test]
    fn a_capital_stands_on_the_baseline_placed_by_align() {
        let mut s = TextStyle { size: 1.0, ..TextStyle::default() };
        // "H" at size 1: 0.5 wide (5 font pixels of 0.1), 0.7 tall.
        let (l, t, r, b) = bounds(&call("H", 2.0, 3.0, &s));
        assert!((l - 2.0).abs() < 1e-9 && (r - 2.5).abs() < 1e-9, "left: {l} {r}");
        assert!((b - 3.0).abs() < 1e-9 && (t - 2.3).abs() < 1e-9, "on the baseline: {t} {b}");
        s.align = Align::Center;
        let (l, _, r, _) = bounds(&call("H", 2.0, 3.0, &s));
        assert!((l - 1.75).abs() < 1e-9 && (r - 2.25).abs() < 1e-9, "centred: {l} {r}");
        s.align = Align::Right;
        s.baseline = Baseline::Top;
        let (l, t, r, _) = bounds(&call("H", 2.0, 3.0, &s));
        assert!((r - 2.0).abs() < 1e-9 && (l - 1.5).abs() < 1e-9, "right: {l} {r}");
        assert!((t - 3.1).abs() < 1e-9, "an em's top is a font pixel above the capitals: {t}");
        s.baseline = Baseline::Middle;
        let (_, t, _, b) = bounds(&call("H", 2.0, 3.0, &s));
        assert!((t - 2.6).abs() < 1e-9 && (b - 3.3).abs() < 1e-9, "middle of the em: {t} {b}");
    }

    #[test]
    fn max_width_narrows_and_an_outline_goes_round_the_ink() {
        let s = TextStyle { size: 1.0, ..TextStyle::default() };
        let (l, _, r, _) = bounds(&letters("HH", (0.0, 1.0), Some(0.55), &s));
        assert!((l - 0.0).abs() < 1e-9 && (r - 0.55).abs() < 1e-9, "squeezed to maxWidth: {l} {r}");
        // An outline goes round the ink: an I's 3-wide bars and stem.
        let i = call("I", 0.0, 1.0, &s);
        assert_eq!(i.runs.len(), 7);
        assert_eq!(i.outline.len(), 3 + 3 + 2 + 2 + 2 * 5 + 2 + 2);
    }
}
