//! Turning a game into pictures: palettes, colours, sprites and frames.
//!
//! Owns colour lookup (named colours through the game's palette, `#rgb` and
//! `#rrggbb` hex, `transparent`) and pixel buffers. It knows nothing about
//! windows or GPUs: the studio uploads the RGBA buffers it makes.

mod frame;
mod palette_data;
pub mod screen;
pub mod text;

pub use frame::{
    Camera, Frame, Look, View, draw_grid, entry_frame, grid_frame, level_frame, player_position, player_position_in,
};

pub use palette_data::{COLOR_NAMES, PALETTES, PaletteTable};

/// An RGBA colour, 8 bits per channel; alpha 0 is transparent.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Rgba(pub [u8; 4]);

impl Rgba {
    /// Fully transparent.
    pub const TRANSPARENT: Rgba = Rgba([0, 0, 0, 0]);
    /// Opaque black.
    pub const BLACK: Rgba = Rgba([0, 0, 0, 255]);
    /// Opaque white.
    pub const WHITE: Rgba = Rgba([255, 255, 255, 255]);

    /// True for alpha 0.
    #[must_use]
    pub fn is_transparent(self) -> bool {
        self.0[3] == 0
    }

    /// `#rrggbb` (lower case) for an opaque colour, `transparent` otherwise.
    #[must_use]
    pub fn to_hex(self) -> String {
        if self.is_transparent() {
            return "transparent".to_owned();
        }
        format!("#{:02x}{:02x}{:02x}", self.0[0], self.0[1], self.0[2])
    }
}

/// The palette used when a game names none.
pub const DEFAULT_PALETTE: &PaletteTable = &PALETTES[3];

/// The palette named `word` (`amiga`) or numbered `word` (`3`), if any.
#[must_use]
pub fn palette(word: &str) -> Option<&'static PaletteTable> {
    let word = word.trim().to_ascii_lowercase();
    if let Ok(n) = word.parse::<u8>() {
        return PALETTES.iter().find(|p| p.number == n);
    }
    PALETTES.iter().find(|p| p.name == word)
}

/// True when `word` names a colour in every palette (`red`, `darkgrey`).
#[must_use]
pub fn is_color_name(word: &str) -> bool {
    COLOR_NAMES.iter().any(|n| n.eq_ignore_ascii_case(word))
}

/// Parse `#rgb` or `#rrggbb` (any case), and PuzzleScript Plus's `#rgba`
/// and `#rrggbbaa` with an opacity.
#[must_use]
pub fn parse_hex(word: &str) -> Option<Rgba> {
    let hex = word.strip_prefix('#')?;
    if !hex.bytes().all(|b| b.is_ascii_hexdigit()) {
        return None;
    }
    let nibble = |i: usize| u8::from_str_radix(&hex[i..=i], 16).ok();
    let byte = |i: usize| u8::from_str_radix(&hex[i..i + 2], 16).ok();
    match hex.len() {
        3 => Some(Rgba([nibble(0)? * 17, nibble(1)? * 17, nibble(2)? * 17, 255])),
        4 => Some(Rgba([nibble(0)? * 17, nibble(1)? * 17, nibble(2)? * 17, nibble(3)? * 17])),
        6 => Some(Rgba([byte(0)?, byte(2)?, byte(4)?, 255])),
        8 => Some(Rgba([byte(0)?, byte(2)?, byte(4)?, byte(6)?])),
        _ => None,
    }
}

/// The colour a word stands for in `palette`: a colour name, hex, or
/// `transparent`. `None` for anything else.
#[must_use]
pub fn color(word: &str, palette: &PaletteTable) -> Option<Rgba> {
    let word = word.trim();
    if word.eq_ignore_ascii_case("transparent") {
        return Some(Rgba::TRANSPARENT);
    }
    if let Some(i) = COLOR_NAMES.iter().position(|n| n.eq_ignore_ascii_case(word)) {
        let [r, g, b] = palette.rgb[i];
        return Some(Rgba([r, g, b, 255]));
    }
    parse_hex(word)
}

/// A sprite as pixels: `size` x `size` RGBA, row-major.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SpriteImage {
    /// Width and height in pixels.
    pub size: usize,
    /// Row-major pixels.
    pub pixels: Vec<Rgba>,
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
        return SpriteImage { size, pixels };
    }
    for (y, row) in sprite.iter().enumerate() {
        for (x, px) in row.as_ref().iter().enumerate() {
            if let Some(i) = px {
                pixels[y * size + x] = colors.get(usize::from(*i)).copied().unwrap_or(Rgba::TRANSPARENT);
            }
        }
    }
    SpriteImage { size, pixels }
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
        return SpriteImage { size, pixels };
    }
    let top = size - sprite.len();
    for (y, row) in sprite.iter().enumerate() {
        for (x, px) in row.as_ref().iter().enumerate() {
            if let Some(i) = px {
                pixels[(top + y) * size + x] = colors.get(usize::from(*i)).copied().unwrap_or(Rgba::TRANSPARENT);
            }
        }
    }
    SpriteImage { size, pixels }
}

/// `over` drawn on `under` with `over`'s opacity (colours with alpha, from
/// PuzzleScript Plus): an opaque colour replaces, a clear one leaves.
#[must_use]
pub fn blend(under: Rgba, over: Rgba) -> Rgba {
    let a = u32::from(over.0[3]);
    if a == 255 {
        return over;
    }
    let mix = |o: u8, u: u8| u8::try_from((u32::from(o) * a + u32::from(u) * (255 - a) + 127) / 255).unwrap_or(255);
    let out_a = u8::try_from(a + u32::from(under.0[3]) * (255 - a) / 255).unwrap_or(255);
    Rgba([mix(over.0[0], under.0[0]), mix(over.0[1], under.0[1]), mix(over.0[2], under.0[2]), out_a])
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
    fn palettes_by_name_and_number_agree() {
        assert_eq!(palette("3").map(|p| p.name), Some("amiga"));
        assert_eq!(palette("Amiga").map(|p| p.number), Some(3));
        assert_eq!(palette("14").map(|p| p.name), Some("whitingjp"));
        assert!(palette("15").is_none());
        assert!(palette("sepia").is_none());
        assert_eq!(DEFAULT_PALETTE.name, "arnecolors");
    }

    #[test]
    fn colours_from_names_hex_and_transparent() {
        let p = palette("mastersystem").expect("known palette");
        assert_eq!(color("RED", p), Some(Rgba([255, 0, 0, 255])));
        assert_eq!(color("#0f8", p), Some(Rgba([0, 255, 136, 255])));
        assert_eq!(color("#12abEF", p), Some(Rgba([0x12, 0xab, 0xef, 255])));
        assert_eq!(color("transparent", p), Some(Rgba::TRANSPARENT));
        assert_eq!(color("#12345", p), None);
        assert_eq!(color("#ff000080", p), Some(Rgba([255, 0, 0, 0x80])));
        assert_eq!(color("#0f08", p), Some(Rgba([0, 255, 0, 0x88])));
        assert_eq!(color("mauve", p), None);
        assert_eq!(Rgba([1, 2, 255, 255]).to_hex(), "#0102ff");
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

/// Width of the message screen in characters.
pub const MESSAGE_COLUMNS: usize = 34;
/// Lines of text the message screen can show.
pub const MESSAGE_ROWS: usize = 12;

/// Break `text` into screen lines of at most `width` characters the way the
/// web player does: each line is the longest run that ends at a space or
/// at the end of the text (the space is dropped); a word longer than the
/// line is cut.
#[must_use]
pub fn wrap_message(text: &str, width: usize) -> Vec<String> {
    let chars: Vec<char> = text.chars().collect();
    let mut lines = Vec::new();
    wrap_lines(&chars, width.max(1), char::is_whitespace, |pos, take| {
        lines.push(chars[pos..pos + take].iter().collect())
    });
    lines
}

/// How many lines [`wrap_message`] gives `text` at `width`, worked out
/// without building them (the checks only count them, on every build).
#[must_use]
pub fn wrap_count(text: &str, width: usize) -> usize {
    let width = width.max(1);
    if text.len() <= width {
        // At most `width` characters: one line, or none.
        return usize::from(!text.is_empty());
    }
    let mut lines = 0;
    if text.is_ascii() {
        wrap_lines(text.as_bytes(), width, |b| char::from(b).is_whitespace(), |_, _| lines += 1);
    } else {
        let chars: Vec<char> = text.chars().collect();
        wrap_lines(&chars, width, char::is_whitespace, |_, _| lines += 1);
    }
    lines
}

/// [`wrap_message`]'s breaking of `chars` into lines of at most `width`
/// (at least 1): `line(start, length)` for each line, in order.
fn wrap_lines<T: Copy>(chars: &[T], width: usize, is_ws: impl Fn(T) -> bool, mut line: impl FnMut(usize, usize)) {
    let n = chars.len();
    let mut pos = 0;
    while pos < n {
        let max = width.min(n - pos);
        let fit = (1..=max).rev().find(|&k| pos + k == n || is_ws(chars[pos + k]));
        let (take, skip) = match fit {
            Some(k) if pos + k == n => (k, 0),
            Some(k) => (k, 1),
            None if n - pos >= width => (width, 0),
            None => (n - pos, 0),
        };
        line(pos, take);
        pos += take + skip;
    }
}

#[cfg(test)]
mod wrap_tests {
    use super::{wrap_count, wrap_message};

    #[test]
    fn the_count_is_the_number_of_wrapped_lines() {
        let texts = [
            "",
            " ",
            "a",
            "aaa bbb ccc",
            "abcdefghij",
            "ab cd",
            "  leading and trailing spaces   ",
            "a very long message that goes on and on past the width of the message box, several times over",
            "averyveryveryveryveryveryverylongwordwithnospacesatallinsideitwhatsoever and then more",
            "tabs\tand\nnew lines\x0bvertical tab \u{a0}no-break space",
            "é ü ß çà é ü ß çà é ü ß çà é ü ß çà é ü ß çà é ü ß çà é ü ß çà",
            "ééééééééééééééééééééééééééééééééééééééééééé",
        ];
        for text in texts {
            for width in [0, 1, 3, 4, 5, 7, 10, 34] {
                assert_eq!(wrap_count(text, width), wrap_message(text, width).len(), "{text:?} at {width}");
            }
        }
    }

    #[test]
    fn wraps_at_spaces_and_cuts_long_words() {
        assert_eq!(wrap_message("aaa bbb ccc", 7), vec!["aaa bbb", "ccc"]);
        assert_eq!(wrap_message("abcdefghij", 4), vec!["abcd", "efgh", "ij"]);
        assert_eq!(wrap_message("", 4), Vec::<String>::new());
        assert_eq!(wrap_message("ab cd", 5), vec!["ab cd"]);
    }
}
