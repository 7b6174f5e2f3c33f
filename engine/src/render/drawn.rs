//! Pictures of PuzzleScript Next's text and canvas sprites, at
//! [`super::Look::detail`] image pixels to a sprite pixel, and text in our
//! pixel font at any size (the text sprites and the status line).
//!
//! A text sprite is its words centred on the cell, as tall as the cell
//! times `scale:` (without it, the cell's height shared among the
//! characters), times `font_size`, clipped to the cell, in the object's
//! first colour. A canvas sprite is [`crate::canvas::draw`] on a picture
//! of its size in cells. Both sit on the bottom left of a square image, as
//! sprites do.

use super::{Rgba, SpriteImage, blend};
use crate::compile::Drawn;
use crate::pixel_font::glyph;

/// Font pixels across one character (a 5-pixel glyph and a gap).
const ADVANCE: f64 = 6.0;
/// Font pixels in the height a text is asked to be (an em: 7 for capitals,
/// 2 for descenders, 1 of room).
const EM: f64 = 10.0;

/// Draw `text` into `pixels` (`width` wide) in `colour`, `height` pixels
/// tall (an em), centred on (`cx`, `cy`), cut to the rectangle `clip`
/// (left, top, right, bottom).
pub fn draw_text(
    (pixels, width): (&mut [Rgba], usize),
    text: &str,
    colour: Rgba,
    (cx, cy, height): (f64, f64, f64),
    clip: (usize, usize, usize, usize),
) {
    let chars: Vec<char> = text.chars().collect();
    if chars.is_empty() || height <= 0.0 || !height.is_finite() {
        return;
    }
    let p = height / EM;
    let left = cx - (ADVANCE * chars.len() as f64 - 1.0) * p / 2.0;
    // The capitals' middle (3.5 font pixels down) on the centre.
    let top = cy - 3.5 * p;
    let glyphs: Vec<[u8; 9]> = chars.iter().map(|c| glyph(*c)).collect();
    let rows = pixels.len() / width.max(1);
    let (x0, y0) = (clip.0.max(left.floor().max(0.0) as usize), clip.1.max(top.floor().max(0.0) as usize));
    let x1 = clip.2.min(width).min((left + ADVANCE * p * chars.len() as f64).ceil().max(0.0) as usize);
    let y1 = clip.3.min(rows).min((top + 9.0 * p).ceil().max(0.0) as usize);
    for y in y0..y1 {
        let fy = ((y as f64 + 0.5 - top) / p).floor();
        if !(0.0..9.0).contains(&fy) {
            continue;
        }
        for x in x0..x1 {
            let fx = ((x as f64 + 0.5 - left) / p).floor();
            if fx < 0.0 {
                continue;
            }
            let (k, col) = ((fx / ADVANCE) as usize, (fx as usize) % ADVANCE as usize);
            let Some(g) = glyphs.get(k) else { continue };
            if col < 5 && g[fy as usize] & (0x10 >> col) != 0 {
                let i = y * width + x;
                pixels[i] = blend(pixels[i], colour);
            }
        }
    }
}

/// The image of `drawn` in colours `colors` (the object's), on the cell's
/// grid `grid` (sprite pixels, width and height) at `detail` image pixels
/// a sprite pixel; `font_size` multiplies a text's height.
#[must_use]
pub fn drawn_image(
    drawn: &Drawn,
    colors: &[Rgba],
    (gw, gh): (usize, usize),
    detail: usize,
    font_size: f64,
    images: &crate::images::Images,
) -> SpriteImage {
    let detail = detail.max(1);
    let (cw, ch) = (gw.max(1) * detail, gh.max(1) * detail);
    match drawn {
        Drawn::Text { text, scale } => {
            let size = cw.max(ch);
            let mut pixels = vec![Rgba::TRANSPARENT; size * size];
            let n = text.chars().count().max(1) as f64;
            let height = scale.map_or(ch as f64 / n, |s| s * ch as f64) * font_size;
            let colour = colors.first().copied().unwrap_or(Rgba::WHITE);
            let top = size - ch;
            draw_text(
                (&mut pixels, size),
                text,
                colour,
                (cw as f64 / 2.0, top as f64 + ch as f64 / 2.0, height),
                (0, top, cw, size),
            );
            SpriteImage { size, pixels, sub: detail }
        }
        Drawn::Canvas { size: (w, h), instrs } => {
            let (pw, ph) = (cw * (*w).max(1) as usize, ch * (*h).max(1) as usize);
            let drawn = crate::canvas::draw(instrs, &|_| None, images, (pw, ph), cw as f64);
            let size = pw.max(ph);
            let mut pixels = vec![Rgba::TRANSPARENT; size * size];
            let top = size - ph;
            for y in 0..ph {
                pixels[(top + y) * size..(top + y) * size + pw].copy_from_slice(&drawn[y * pw..(y + 1) * pw]);
            }
            SpriteImage { size, pixels, sub: detail }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_text_sprite_is_its_letters_centred_in_the_objects_colour() {
        let red = Rgba([255, 0, 0, 255]);
        let drawn = Drawn::Text { text: "I".into(), scale: Some(1.0) };
        // A 5x5 cell at 4 image pixels each: 20 pixels, the em 20 tall.
        let img = drawn_image(&drawn, &[red], (5, 5), 4, 1.0, &Default::default());
        assert_eq!((img.size, img.sub), (20, 4));
        let lit: Vec<(usize, usize)> = (0..400).filter(|i| img.pixels[*i] == red).map(|i| (i % 20, i / 20)).collect();
        assert!(!lit.is_empty());
        // An I is a stem with bars: symmetric about the middle column.
        let (xmin, xmax) = (lit.iter().map(|p| p.0).min().unwrap_or(0), lit.iter().map(|p| p.0).max().unwrap_or(0));
        assert_eq!((xmin, xmax), (7, 12), "centred");
        let (ymin, ymax) = (lit.iter().map(|p| p.1).min().unwrap_or(0), lit.iter().map(|p| p.1).max().unwrap_or(0));
        assert_eq!((ymin, ymax), (3, 16), "7 font pixels of 2 each around the middle");
        // Half the scale: half the height.
        let small = drawn_image(
            &Drawn::Text { text: "I".into(), scale: Some(0.5) },
            &[red],
            (5, 5),
            4,
            1.0,
            &Default::default(),
        );
        let rows = (0..20).filter(|y| (0..20).any(|x| small.pixels[y * 20 + x] == red)).count();
        assert_eq!(rows, 7);
    }
}
