//! Levels: glyph maps -> flat per-cell object masks (column-major, like
//! the reference: cell index = x * height + y), with the background filled in.

use super::bits;
use super::layout::{Layout, Narrowed};
use crate::syntax::ast::{LevelEntry, LevelMap};

/// One entry of the LEVELS section.
#[derive(Debug, Clone)]
pub enum Level {
    /// A playable map.
    Map(LevelGrid),
    /// A message shown between levels.
    Message(String),
    /// `goto NAME` (PuzzleScript Plus): reaching this entry jumps to the
    /// first entry of that section (`None` when the name leads nowhere,
    /// which `check` reports).
    Goto(Option<usize>),
}

/// A level's starting state.
#[derive(Debug, Clone)]
pub struct LevelGrid {
    /// Cells across.
    pub width: usize,
    /// Cells down.
    pub height: usize,
    /// `width * height * obj_words` words, cell `x * height + y`.
    pub cells: Vec<u64>,
}

/// Background object id and layer.
#[derive(Debug, Clone, Copy, Default)]
pub(crate) struct Background {
    pub id: usize,
    pub layer: Option<usize>,
}

pub(crate) fn background(names: &Layout) -> Background {
    let pick = |o: &str| names.object(o).map(|(id, layer)| Background { id, layer: Some(layer) });
    let fallback = Background { id: 0, layer: names.id_names.first().and_then(|n| names.object(n)).map(|x| x.1) };
    match names.kind("background") {
        Some(Narrowed::Object(o)) => pick(o).unwrap_or(fallback),
        Some(Narrowed::Property(m)) => m.first().and_then(|o| pick(o)).unwrap_or(fallback),
        _ => fallback,
    }
}

fn glyph_mask(names: &Layout, ch: char, ow: usize) -> Option<Vec<u64>> {
    let mut mask = vec![0u64; ow];
    glyph_mask_into(names, ch, &mut mask).then_some(mask)
}

/// Set the bits of the objects glyph `ch` stands for in `mask` (all 0);
/// false when the glyph stands for no objects a map can hold. For an
/// aggregate, the first of its objects on each layer.
fn glyph_mask_into(names: &Layout, ch: char, mask: &mut [u64]) -> bool {
    let mut s = [0u8; 4];
    let key: &str = ch.encode_utf8(&mut s);
    match names.kind(key) {
        Some(Narrowed::Object(o)) => {
            let Some((id, layer)) = names.object(o) else { return false };
            if layer >= names.layer_count {
                return false;
            }
            bits::set_bit(mask, id);
        }
        Some(Narrowed::Aggregate(m)) => {
            // The layers taken so far (an aggregate has few objects).
            let mut taken: smallvec::SmallVec<[usize; 8]> = smallvec::SmallVec::new();
            for o in m {
                if let Some((id, layer)) = names.object(o)
                    && layer < names.layer_count
                    && !taken.contains(&layer)
                {
                    taken.push(layer);
                    bits::set_bit(mask, id);
                }
            }
        }
        Some(Narrowed::Property(_)) | None => return false,
    }
    true
}

struct Glyphs<'a> {
    names: &'a Layout<'a>,
    ow: usize,
    ascii: Vec<Option<Option<Vec<u64>>>>,
    /// One-word games: each ASCII glyph's word, once worked out.
    ascii_words: [Option<u64>; 128],
    other: rustc_hash::FxHashMap<char, Option<Vec<u64>>>,
}

impl<'a> Glyphs<'a> {
    fn new(names: &'a Layout<'a>, ow: usize) -> Self {
        Glyphs { names, ow, ascii: Vec::new(), ascii_words: [None; 128], other: rustc_hash::FxHashMap::default() }
    }

    fn mask(&mut self, ch: char) -> Option<&[u64]> {
        let (names, ow) = (self.names, self.ow);
        if self.ascii.is_empty() && ch.is_ascii() {
            self.ascii.resize(128, None);
        }
        let slot = match self.ascii.get_mut(ch as usize) {
            Some(slot) => slot.get_or_insert_with(|| glyph_mask(names, ch, ow)),
            None => self.other.entry(ch).or_insert_with(|| glyph_mask(names, ch, ow)),
        };
        slot.as_deref()
    }

    /// The one-word mask of `ch` (0 for a glyph that places nothing), in
    /// a game of one object word.
    fn word(&mut self, ch: char) -> u64 {
        if let Some(&Some(w)) = self.ascii_words.get(ch as usize) {
            return w;
        }
        let w = if ch.is_ascii() {
            // A one-word mask needs no list of its own.
            let mut w = [0u64; 1];
            glyph_mask_into(self.names, ch, &mut w);
            w[0]
        } else {
            self.mask(ch).map_or(0, |m| m[0])
        };
        if let Some(slot) = self.ascii_words.get_mut(ch as usize) {
            *slot = Some(w);
        }
        w
    }
}

#[cfg(test)]
thread_local! {
    /// Tests: build every map with the general code.
    static GENERAL_LEVELS: std::cell::Cell<bool> = const { std::cell::Cell::new(false) };
}

/// Whether maps must be built with the general code (tests only).
fn general_levels() -> bool {
    #[cfg(test)]
    return GENERAL_LEVELS.with(std::cell::Cell::get);
    #[cfg(not(test))]
    false
}

/// [`build_map`] for games of one object word: a cell is one word, read
/// from a table of ASCII glyphs' words.
#[inline(never)]
fn build_map_one_word(glyphs: &mut Glyphs, map: &LevelMap, bg: Background, layer_masks: &[Box<[u64]>]) -> LevelGrid {
    let height = map.rows.len();
    let width = map.rows.first().map_or(0, Vec::len);
    let mut cells = vec![0u64; width * height];
    for (y, row) in map.rows.iter().enumerate() {
        let Some(&last) = row.last() else { continue };
        // Rows are mostly runs of one glyph: its word is asked for once
        // per run.
        let (mut ch0, mut w0) = (last, glyphs.word(last));
        for (x, cell) in cells.iter_mut().skip(y).step_by(height.max(1)).take(width).enumerate() {
            let ch = row.get(x).copied().unwrap_or(last);
            if ch != ch0 {
                (ch0, w0) = (ch, glyphs.word(ch));
            }
            *cell = w0;
        }
    }
    // The background, as in `build_map`.
    let bg_layer_mask: Option<u64> = bg.layer.and_then(|l| layer_masks.get(l)).and_then(|m| m.first().copied());
    let found = bg_layer_mask.and_then(|lm| cells.iter().find(|&&c| c & lm != 0).map(|&c| c & lm));
    let fill = found.unwrap_or(if bg.id < 64 { 1u64 << bg.id } else { 0 });
    match bg_layer_mask {
        // Without a branch: every cell lacking the layer gets `fill`.
        Some(lm) => cells.iter_mut().for_each(|c| *c |= fill & u64::from(*c & lm == 0).wrapping_neg()),
        None => cells.iter_mut().for_each(|c| *c |= fill),
    }
    LevelGrid { width, height, cells }
}

fn build_map(glyphs: &mut Glyphs, map: &LevelMap, bg: Background, layer_masks: &[Box<[u64]>], ow: usize) -> LevelGrid {
    let height = map.rows.len();
    let width = map.rows.first().map_or(0, Vec::len);
    let mut cells = vec![0u64; width * height * ow];
    for (y, row) in map.rows.iter().enumerate() {
        for x in 0..width {
            let Some(&ch) = row.get(x).or_else(|| row.last()) else { continue };
            if let Some(mask) = glyphs.mask(ch) {
                let i = x * height + y;
                cells[i * ow..(i + 1) * ow].copy_from_slice(mask);
            }
        }
    }
    // The background: the first cell holding a background-layer object
    // gives the mask used for every cell that has none.
    let n = width * height;
    let bg_layer_mask: Option<&[u64]> = bg.layer.and_then(|l| layer_masks.get(l)).map(|m| &m[..]);
    let mut fill = vec![0u64; ow];
    let mut found = false;
    if let Some(lm) = bg_layer_mask {
        for i in 0..n {
            let cell = &cells[i * ow..(i + 1) * ow];
            if bits::intersects(cell, lm) {
                for w in 0..ow {
                    fill[w] = cell[w] & lm[w];
                }
                found = true;
                break;
            }
        }
    }
    if !found {
        bits::set_bit(&mut fill, bg.id);
    }
    for i in 0..n {
        let cell = &mut cells[i * ow..(i + 1) * ow];
        if bg_layer_mask.is_none_or(|lm| !bits::intersects(cell, lm)) {
            bits::or_into(cell, &fill);
        }
    }
    LevelGrid { width, height, cells }
}

pub(crate) fn build(
    names: &Layout,
    ast: &crate::syntax::ast::Ast,
    bg: Background,
    layer_masks: &[Box<[u64]>],
    ow: usize,
) -> Vec<Level> {
    let mut glyphs = Glyphs::new(names, ow);
    let one_word = ow == 1 && !general_levels();
    ast.levels
        .iter()
        .filter_map(|e| match e {
            LevelEntry::Message { text, .. } => Some(Level::Message(text.clone())),
            LevelEntry::Goto { target, .. } => Some(Level::Goto(match ast.section_target(target) {
                crate::syntax::ast::Target::Entry(k) => Some(k),
                _ => None,
            })),
            LevelEntry::Map(m) if m.rows.is_empty() => None,
            LevelEntry::Map(m) if one_word => Some(Level::Map(build_map_one_word(&mut glyphs, m, bg, layer_masks))),
            LevelEntry::Map(m) => Some(Level::Map(build_map(&mut glyphs, m, bg, layer_masks, ow))),
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::{GENERAL_LEVELS, Level};

    #[test]
    fn one_word_maps_are_built_as_the_general_code_builds_them() {
        let mut one_word = 0;
        for path in test_support::corpus_games() {
            let source = test_support::read(&path);
            let cells = |general: bool| {
                GENERAL_LEVELS.with(|g| g.set(general));
                let b = crate::build(&source);
                GENERAL_LEVELS.with(|g| g.set(false));
                let game = b.game.or(b.salvaged)?;
                let maps: Vec<(usize, usize, Vec<u64>)> = game
                    .levels
                    .iter()
                    .filter_map(|l| match l {
                        Level::Map(m) => Some((m.width, m.height, m.cells.clone())),
                        Level::Message(_) | Level::Goto(_) => None,
                    })
                    .collect();
                Some((game.obj_words, maps))
            };
            let fast = cells(false);
            if fast.as_ref().is_some_and(|(ow, _)| *ow == 1) {
                one_word += 1;
            }
            assert_eq!(fast, cells(true), "{}", path.display());
        }
        assert!(one_word > 10, "only {one_word} one-word games");
    }
}
