//! Turning a game into pictures: palettes, colours, sprites and frames.
//!
//! Colours come from [`crate::palette`] and message wrapping from
//! [`crate::wrap`] (below `check`, which needs them too; re-exported here).
//! It owns sprite images and pixel buffers and knows nothing about windows
//! or GPUs: the studio uploads the RGBA buffers it makes.

mod drawn;
mod frame;
mod glide;
mod posed;
pub mod screen;
pub mod text;

pub use frame::{
    Camera, Frame, Look, View, draw_grid, draw_grid_tweened, entry_frame, grid_frame, grid_frame_tweened,
    player_position_in,
};

pub use crate::palette::{
    COLOR_NAMES, DEFAULT_PALETTE, PALETTES, PaletteTable, Rgba, blend, color, is_color_name, palette,
    palette_with_changes, parse_hex,
};
pub use crate::wrap::{MESSAGE_COLUMNS, MESSAGE_ROWS, wrap_count, wrap_message};

/// A sprite as pixels: `size` x `size` RGBA, row-major.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SpriteImage {
    /// Width and height in pixels.
    pub size: usize,
    /// Row-major pixels.
    pub pixels: Vec<Rgba>,
    /// Image pixels to a sprite pixel each way: 1 for a sprite grid; more
    /// for the finer pictures of PuzzleScript Next's text and canvas
    /// sprites (see [`Look::detail`]).
    pub sub: usize,
}

/// Paint an object's sprite: each digit picks a colour from `colors`;
/// `.` and digits past the end of the list are transparent. An object with
/// no sprite rows is a solid square of its first colour.
#[must_use]
pub fn sprite_image<R: AsRef<[Option<u8>]>>(sprite: &[R], colors: &[Rgba]) -> SpriteImage {
    let size = sprite.len().max(sprite.iter().map(|r| r.as_ref().len()).max().unwrap_or(0)).max(5);
    let mut pixels = vec![Rgba::TRANSPARENT; size * size];
    if sprite.is_empty() {
        let fill = colors.first().copied().unwrap_or(Rgba::TRANSPARENT);
        pixels.fill(fill);
        return SpriteImage { size, pixels, sub: 1 };
    }
    for (y, row) in sprite.iter().enumerate() {
        for (x, px) in row.as_ref().iter().enumerate() {
            if let Some(i) = px {
                pixels[y * size + x] = colors.get(usize::from(*i)).copied().unwrap_or(Rgba::TRANSPARENT);
            }
        }
    }
    SpriteImage { size, pixels, sub: 1 }
}

/// Paint an object's sprite the way PuzzleScript Plus/Next place it: on a
/// square canvas of `size` = the largest of the cell's pixel grid `grid`
/// (width, height: `sprite_size`, 5x5 by default) and the sprite's own
/// width and height, with the sprite's bottom-left corner at the canvas's
/// bottom-left (so a sprite larger than the cell reaches up and to the
/// right, over its neighbours). An object with no sprite rows fills the
/// cell's grid with its first colour. Colour indices go past 9 (letters).
#[must_use]
pub fn sprite_image_plus<R: AsRef<[Option<u8>]>>(sprite: &[R], colors: &[Rgba], grid: (usize, usize)) -> SpriteImage {
    let (gw, gh) = (grid.0.max(1), grid.1.max(1));
    let sw = sprite.iter().map(|r| r.as_ref().len()).max().unwrap_or(0);
    let size = gw.max(gh).max(sw).max(sprite.len());
    let mut pixels = vec![Rgba::TRANSPARENT; size * size];
    if sprite.is_empty() {
        let fill = colors.first().copied().unwrap_or(Rgba::TRANSPARENT);
        for y in size - gh..size {
            pixels[y * size..y * size + gw].fill(fill);
        }
        return SpriteImage { size, pixels, sub: 1 };
    }
    let top = size - sprite.len();
    for (y, row) in sprite.iter().enumerate() {
        for (x, px) in row.as_ref().iter().enumerate() {
            if let Some(i) = px {
                pixels[(top + y) * size + x] = colors.get(usize::from(*i)).copied().unwrap_or(Rgba::TRANSPARENT);
            }
        }
    }
    SpriteImage { size, pixels, sub: 1 }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn plus_sprites_sit_on_the_bottom_left_of_their_canvas() {
        let red = Rgba([255, 0, 0, 255]);
        // A 2x1 sprite on a 3x3 grid: the bottom row's two left pixels.
        let img = sprite_image_plus(&[vec![Some(0), Some(0)]], &[red], (3, 3));
        assert_eq!(img.size, 3);
        let lit: Vec<usize> = (0..9).filter(|&i| img.pixels[i] == red).collect();
        assert_eq!(lit, vec![6, 7]);
        // A 4x4 sprite on a 2x2 grid is a 4x4 canvas; letters colour past 9.
        let mut colors = vec![Rgba::BLACK; 11];
        colors[10] = red;
        let img = sprite_image_plus(&vec![vec![Some(10); 4]; 4], &colors, (2, 2));
        assert_eq!((img.size, img.pixels.iter().filter(|p| **p == red).count()), (4, 16));
        // No sprite: the grid's cell (3 wide, 2 high) filled at the bottom left.
        let img = sprite_image_plus::<Vec<Option<u8>>>(&[], &[red], (3, 2));
        assert_eq!(img.size, 3);
        let lit: Vec<usize> = (0..9).filter(|&i| img.pixels[i] == red).collect();
        assert_eq!(lit, vec![3, 4, 5, 6, 7, 8]);
    }

    #[test]
    fn opacity_blends() {
        let half_red = Rgba([255, 0, 0, 128]);
        assert_eq!(blend(Rgba([0, 0, 255, 255]), half_red), Rgba([128, 0, 127, 255]));
        assert_eq!(blend(Rgba::BLACK, Rgba::WHITE), Rgba::WHITE);
    }

    #[test]
    fn sprites_paint_digits_and_leave_dots_clear() {
        let red = Rgba([255, 0, 0, 255]);
        let sprite = vec![vec![Some(0), None, Some(1), None, None]; 5];
        let img = sprite_image(&sprite, &[red]);
        assert_eq!(img.pixels[0], red);
        assert!(img.pixels[1].is_transparent());
        assert!(img.pixels[2].is_transparent(), "colour 1 is out of range");
        let solid = sprite_image::<Vec<Option<u8>>>(&[], &[red]);
        assert!(solid.pixels.iter().all(|p| *p == red));
    }
}
