//! Colours: the built-in palettes ([`data`], the fourteen tables), the
//! colour names every palette defines, and reading a colour word (a name
//! through a palette, `#rgb`/`#rrggbb` hex, PuzzleScript Plus's hex with an
//! opacity, `transparent`). Below `check` (which validates colour words) and
//! `render` (which paints with them); imports nothing from the engine.

mod data;

pub use data::{COLOR_NAMES, PALETTES, PaletteTable};

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

/// PuzzleScript Next's `color_palette NAME [COLOUR VALUE]...`: the palette
/// named (or numbered) by the first word with each named colour set to the
/// value after it (a hex colour, or a colour name read in that palette).
/// `None` when the first word names no palette; the second part lists
/// the words of the pairs left out (a word that is no colour name, a value
/// that is no colour, a name with no value).
#[must_use]
pub fn palette_with_changes(value: &str) -> Option<(PaletteTable, Vec<String>)> {
    let mut words = value.split_whitespace();
    let mut table = palette(words.next()?)?.clone();
    let mut bad = Vec::new();
    let words: Vec<&str> = words.collect();
    for pair in words.chunks(2) {
        let name = COLOR_NAMES.iter().position(|n| n.eq_ignore_ascii_case(pair[0]));
        let Some(index) = name else {
            bad.push(pair[0].to_owned());
            continue;
        };
        match pair.get(1).and_then(|v| color(v, &table)).filter(|c| !c.is_transparent()) {
            Some(c) => table.rgb[index] = [c.0[0], c.0[1], c.0[2]],
            None => bad.push(pair.get(1).unwrap_or(&pair[0]).to_string()),
        }
    }
    Some((table, bad))
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
    fn a_palette_with_colours_changed() {
        let (table, bad) = palette_with_changes("amstrad lightgreen #6F8E44 Blue red").expect("amstrad");
        let amstrad = palette("amstrad").expect("amstrad");
        assert_eq!(table.name, "amstrad");
        assert!(bad.is_empty(), "{bad:?}");
        let at = |t: &PaletteTable, name: &str| color(name, t).expect("a colour");
        assert_eq!(at(&table, "lightgreen"), Rgba([0x6f, 0x8e, 0x44, 255]));
        assert_eq!(at(&table, "blue"), at(amstrad, "red"), "a name read in the palette");
        assert_eq!(at(&table, "black"), at(amstrad, "black"), "the others unchanged");
        assert_ne!(at(amstrad, "lightgreen"), Rgba([0x6f, 0x8e, 0x44, 255]), "the built-in table is untouched");
        let (table, bad) = palette_with_changes("2 nosuch #fff red notacolour green").expect("palette 2");
        assert_eq!(table.name, "gameboycolour");
        assert_eq!(bad, ["nosuch", "notacolour", "green"]);
        assert!(palette_with_changes("nosuch red #fff").is_none());
        assert_eq!(palette_with_changes("amiga").map(|(t, _)| t), palette("amiga").cloned());
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
}
