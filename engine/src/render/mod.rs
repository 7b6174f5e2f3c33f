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
mod tests;
#[cfg(test)]
mod tests_wide;
