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
    let mut s = [0u8; 4];
    let key: &str = ch.encode_utf8(&mut s);
    let mut per_layer: Vec<Option<usize>> = vec![None; names.layer_count];
    match names.kind(key)? {
        Narrowed::Object(o) => {
            let (id, layer) = names.object(o)?;
            per_layer[layer] = Some(id);
        }
        Narrowed::Aggregate(m) => {
            for o in m {
                if let Some((id, layer)) = names.object(o)
                    && per_layer[layer].is_none() {
                        per_layer[layer] = Some(id);
                    }
            }
        }
        Narrowed::Property(_) => return None,
    }
    let mut mask = vec![0u64; ow];
    for id in per_layer.into_iter().flatten() {
        bits::set_bit(&mut mask, id);
    }
    Some(mask)
}

/// Each glyph's mask, worked out once per game rather than once per cell:
/// ASCII glyphs in a table, others in a map.
struct Glyphs<'a> {
    names: &'a Layout<'a>,
    ow: usize,
    ascii: Vec<Option<Option<Vec<u64>>>>,
    other: crate::fasthash::HashMap<char, Option<Vec<u64>>>,
}

impl<'a> Glyphs<'a> {
    fn new(names: &'a Layout<'a>, ow: usize) -> Self {
        Glyphs { names, ow, ascii: vec![None; 128], other: crate::fasthash::HashMap::default() }
    }

    fn mask(&mut self, ch: char) -> Option<&[u64]> {
        let (names, ow) = (self.names, self.ow);
        let slot = match self.ascii.get_mut(ch as usize) {
            Some(slot) => slot.get_or_insert_with(|| glyph_mask(names, ch, ow)),
            None => self.other.entry(ch).or_insert_with(|| glyph_mask(names, ch, ow)),
        };
        slot.as_deref()
    }
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
    entries: &[LevelEntry],
    bg: Background,
    layer_masks: &[Box<[u64]>],
    ow: usize,
) -> Vec<Level> {
    let mut glyphs = Glyphs::new(names, ow);
    entries
        .iter()
        .filter_map(|e| match e {
            LevelEntry::Message { text, .. } => Some(Level::Message(text.clone())),
            LevelEntry::Map(m) if m.rows.is_empty() => None,
            LevelEntry::Map(m) => Some(Level::Map(build_map(&mut glyphs, m, bg, layer_masks, ow))),
        })
        .collect()
}
