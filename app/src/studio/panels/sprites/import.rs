//! Import image…: a PNG or GIF file becomes an object's sprite, drawn in
//! the object's own colours, at the sprite's size (the object's own, or
//! for a single-colour object the game's cells: 5x5, or `sprite_size`).
//!
//! How a picture becomes the sprite's cells (our choice, written down here;
//! 5x5 in the examples):
//! - Each cell takes the block of the picture it covers (area
//!   downsampling): a 10x10 picture gives each cell a 2x2 block, a 7x7 one
//!   blocks of 1 or 2 pixels a side. A picture narrower or shorter than
//!   the sprite repeats its pixels (nearest).
//! - The block's pixels are averaged, each weighted by its alpha. A block
//!   whose mean alpha is below one half is transparent: `.` in the sprite.
//! - Any other cell takes the nearest of the object's colours (squared
//!   distance in RGB), never a new colour; a classic sprite's digits name
//!   the first ten only, so later colours are not used there (a
//!   PuzzleScript Plus game's letters name up to 36). Colours the game cannot
//!   show (`transparent`, an unknown word) are skipped.
//! - A GIF gives its first frame.
//!
//! The result is written with `engine::edit::objects::set_sprite` as one
//! undo step.

use anyhow::{Context, bail};
use std::path::Path;

/// The largest picture file read (a sprite is at most 32x32; anything
/// bigger than a few megabytes is not meant as one).
pub const MAX_IMAGE_BYTES: u64 = 32 * 1024 * 1024;

/// The sprite a picture is made into.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Shape {
    /// Pixels across.
    pub width: u32,
    /// Pixels down.
    pub height: u32,
    /// How many of the object's colours a pixel can name (10 with digits,
    /// 36 with PuzzleScript Plus's letters).
    pub colours: usize,
}

impl Shape {
    /// A classic 5x5 sprite.
    pub const CLASSIC: Shape = Shape { width: 5, height: 5, colours: 10 };
}

/// A picture's pixels, row by row, as RGBA.
pub struct Picture {
    /// Width in pixels.
    pub width: u32,
    /// Height in pixels.
    pub height: u32,
    /// `width * height` pixels, rows top to bottom.
    pub rgba: Vec<[u8; 4]>,
}

/// Decode a PNG or GIF (its first frame).
///
/// # Errors
/// Not a picture the `image` crate reads, or an empty one.
pub fn decode(bytes: &[u8]) -> anyhow::Result<Picture> {
    let picture = match image::load_from_memory(bytes) {
        Ok(p) => p.to_rgba8(),
        Err(e) => bail!("not a PNG or GIF picture ({e})"),
    };
    let (width, height) = picture.dimensions();
    if width == 0 || height == 0 {
        bail!("the picture is empty");
    }
    Ok(Picture { width, height, rgba: picture.pixels().map(|p| p.0).collect() })
}

/// Read and decode the picture at `path`.
///
/// # Errors
/// The file cannot be read, is over [`MAX_IMAGE_BYTES`], or is not a
/// picture; the message names the file and says why (`{:#}` shows the
/// cause after the file).
pub fn read(path: &Path) -> anyhow::Result<Picture> {
    let size = std::fs::metadata(path).with_context(|| format!("cannot read {}", path.display()))?.len();
    if size > MAX_IMAGE_BYTES {
        bail!("{} is too large for a sprite ({size} bytes)", path.display());
    }
    let bytes = std::fs::read(path).with_context(|| format!("cannot read {}", path.display()))?;
    decode(&bytes).with_context(|| path.display().to_string())
}

/// The pixels `start..end` of a side of `size` pixels that cell `i` of
/// `cells` covers (at least one pixel).
fn block(i: u32, cells: u32, size: u32) -> (u32, u32) {
    let start = (i * size / cells).min(size - 1);
    let end = ((i + 1) * size / cells).max(start + 1);
    (start, end)
}

/// The sprite of `picture` in `shape`, in `colours` (the object's colours
/// by index; `None` for one that cannot be shown). `None` when the object
/// has no colour a pixel could take.
#[must_use]
pub fn sprite_of(picture: &Picture, colours: &[Option<[u8; 3]>], shape: Shape) -> Option<Vec<Vec<Option<u8>>>> {
    let (w, h) = (shape.width.max(1), shape.height.max(1));
    let usable: Vec<(u8, [u8; 3])> = colours
        .iter()
        .take(shape.colours)
        .enumerate()
        .filter_map(|(i, c)| Some((u8::try_from(i).ok()?, (*c)?)))
        .collect();
    if usable.is_empty() {
        return None;
    }
    let nearest = |rgb: [f64; 3]| {
        let distance = |c: &[u8; 3]| (0..3).map(|k| (rgb[k] - f64::from(c[k])).powi(2)).sum::<f64>();
        usable.iter().min_by(|a, b| distance(&a.1).total_cmp(&distance(&b.1))).map(|(i, _)| *i)
    };
    let rows = (0..h)
        .map(|cy| {
            let (y0, y1) = block(cy, h, picture.height);
            (0..w)
                .map(|cx| {
                    let (x0, x1) = block(cx, w, picture.width);
                    let (mut sum, mut alpha, mut count) = ([0.0f64; 3], 0.0f64, 0u32);
                    for y in y0..y1 {
                        for x in x0..x1 {
                            let p = picture.rgba[(y * picture.width + x) as usize];
                            let a = f64::from(p[3]) / 255.0;
                            for (s, c) in sum.iter_mut().zip(&p[..3]) {
                                *s += f64::from(*c) * a;
                            }
                            alpha += a;
                            count += 1;
                        }
                    }
                    if alpha / f64::from(count.max(1)) < 0.5 {
                        return None;
                    }
                    nearest([sum[0] / alpha, sum[1] / alpha, sum[2] / alpha])
                })
                .collect()
        })
        .collect();
    Some(rows)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn picture(width: u32, height: u32, pixel: impl Fn(u32, u32) -> [u8; 4]) -> Picture {
        let rgba = (0..height).flat_map(|y| (0..width).map(move |x| (x, y))).map(|(x, y)| pixel(x, y)).collect();
        Picture { width, height, rgba }
    }

    const RED: [u8; 4] = [250, 10, 10, 255];
    const BLUE: [u8; 4] = [10, 10, 240, 255];
    const CLEAR: [u8; 4] = [0, 0, 0, 0];

    #[test]
    fn five_by_five_takes_the_nearest_colour_and_keeps_transparency() {
        let p = picture(5, 5, |x, y| {
            if y == 0 {
                CLEAR
            } else if x < 2 {
                RED
            } else {
                BLUE
            }
        });
        let colours = [Some([255, 0, 0]), None, Some([0, 0, 255])];
        let rows = sprite_of(&p, &colours, Shape::CLASSIC).expect("colours");
        assert_eq!(rows[0], vec![None; 5], "transparent pixels become `.`");
        assert_eq!(rows[1], vec![Some(0), Some(0), Some(2), Some(2), Some(2)], "an unusable colour is skipped");
    }

    #[test]
    fn larger_pictures_are_averaged_by_area_and_smaller_ones_repeat() {
        // 10x10: each cell is a 2x2 block; a block of 3 red and 1 blue is red.
        let p = picture(10, 10, |x, y| if x % 2 == 1 && y % 2 == 1 { BLUE } else { RED });
        let rows = sprite_of(&p, &[Some([255, 0, 0]), Some([0, 0, 255])], Shape::CLASSIC).expect("colours");
        assert!(rows.iter().flatten().all(|c| *c == Some(0)), "{rows:?}");
        // A block mostly transparent is transparent.
        let p = picture(10, 10, |x, _| if x < 8 { CLEAR } else { BLUE });
        let rows = sprite_of(&p, &[Some([0, 0, 255])], Shape::CLASSIC).expect("colours");
        assert_eq!(rows[2], vec![None, None, None, None, Some(0)]);
        // 1x1: every cell is that pixel.
        let rows = sprite_of(&picture(1, 1, |_, _| BLUE), &[Some([255, 0, 0]), Some([0, 0, 200])], Shape::CLASSIC)
            .expect("colours");
        assert_eq!(rows, vec![vec![Some(1); 5]; 5]);
    }

    #[test]
    fn any_shape_and_colours_past_ten() {
        // 8x4 picture into an 8x4 sprite: one pixel a cell; a 4x2 picture
        // into 8x4 repeats each pixel twice each way.
        let p = picture(8, 4, |x, _| if x < 4 { RED } else { BLUE });
        let shape = Shape { width: 8, height: 4, colours: 10 };
        let rows = sprite_of(&p, &[Some([255, 0, 0]), Some([0, 0, 255])], shape).expect("colours");
        assert_eq!(rows.len(), 4);
        assert_eq!(rows[3], [vec![Some(0); 4], vec![Some(1); 4]].concat());
        let p = picture(4, 2, |x, y| if (x + y) % 2 == 0 { RED } else { BLUE });
        let rows = sprite_of(&p, &[Some([255, 0, 0]), Some([0, 0, 255])], shape).expect("colours");
        assert_eq!(rows[0][..4], [Some(0), Some(0), Some(1), Some(1)]);
        assert_eq!(rows[1], rows[0]);
        // The eleventh colour is used only when letters can name it.
        let mut colours = vec![Some([0, 255, 0]); 10];
        colours.push(Some([0, 0, 255]));
        let p = picture(2, 2, |_, _| BLUE);
        let classic = sprite_of(&p, &colours, Shape { width: 2, height: 2, colours: 10 }).expect("colours");
        let plus = sprite_of(&p, &colours, Shape { width: 2, height: 2, colours: 36 }).expect("colours");
        assert_eq!((classic[0][0], plus[0][0]), (Some(0), Some(10)));
    }

    #[test]
    fn no_usable_colour_and_bad_files_are_refused() {
        assert!(sprite_of(&picture(5, 5, |_, _| RED), &[None], Shape::CLASSIC).is_none());
        assert!(decode(b"not a picture").is_err());
    }
}
