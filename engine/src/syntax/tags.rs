//! PuzzleScript Next's tags and mappings: families of objects written
//! once. A TAGS line `Dirs = up down` names values; a name written
//! `stem:Dirs` stands for `stem:up` and `stem:down`. A MAPPINGS pair
//! `Dirs => Back` / `up down -> down up` gives, in a rule expanded over
//! `Dirs`, the value beside the one being expanded. `directions`,
//! `horizontal` and `vertical` are tags of every game.
//!
//! This module reads the two sections' lines (into [`ast::TagDef`] and
//! [`ast::MappingDef`]) and, once the whole game is read, rewrites the tree
//! so that the later phases see a game without tags (`expand.rs`):
//! tagged objects become one object per value and a property of them,
//! names with tags become properties, rules are copied per value of their
//! tag prefixes, per direction where a name has a relative direction, and
//! per value of a tagged name that is not a property; a layer line
//! `TAG -> names` becomes one layer per value.

mod expand;

pub(crate) use expand::expand;

use super::Parser;
use super::ast::{Ident, MappingDef, SmolStr, TagDef};
use super::keywords::TagSection;
use super::text::{Line, is_ws};
use crate::diag::catalogue as cat;
use crate::span::Span;
use rustc_hash::FxHashMap as HashMap;

/// Which of PuzzleScript Next's two sections before OBJECTS a line is in.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum TagRead {
    /// TAGS: `NAME = VALUE ...` lines.
    Tags,
    /// MAPPINGS, expecting a `TAG => NAME` line.
    Mappings,
    /// MAPPINGS after a `TAG => NAME` line: expecting `KEYS -> VALUES`.
    MappingValues,
    /// MAPPINGS after a `TAG => NAME` line that was refused: its second
    /// line is skipped.
    SkipValues,
}

/// The tags every game has.
pub const PREDEFINED: [(&str, &[&str]); 3] = [
    ("directions", &["up", "right", "down", "left"]),
    ("horizontal", &["right", "left"]),
    ("vertical", &["up", "down"]),
];

/// The words a tag line, a mapping line or a name is made of: letters,
/// digits, `_` and `$`.
fn is_tag_char(c: char) -> bool {
    c.is_alphanumeric() || c == '_' || c == '$'
}

/// Byte length of the name at the start of `s` as PuzzleScript Next reads
/// names of objects (words joined by `:`, `a:b:c`).
#[must_use]
pub fn name_len(s: &str) -> usize {
    let mut end = 0;
    let mut want_word = true;
    for (i, c) in s.char_indices() {
        if is_tag_char(c) {
            want_word = false;
            end = i + c.len_utf8();
        } else if c == ':' && !want_word {
            want_word = true;
        } else {
            break;
        }
    }
    end
}

/// The tags and mappings of a game, looked up by name.
#[derive(Debug, Clone, Default)]
pub struct Table {
    /// Each tag's values, a value that is a tag replaced by its values.
    tags: HashMap<SmolStr, Vec<SmolStr>>,
    /// Each mapping: the tag it maps from, its keys and values.
    maps: HashMap<SmolStr, Mapping>,
}

/// One mapping, as [`Table`] keeps it.
#[derive(Debug, Clone)]
struct Mapping {
    from: SmolStr,
    keys: Vec<SmolStr>,
    values: Vec<SmolStr>,
}

impl Table {
    /// The table of `tags` and `mappings` (with the predefined tags).
    #[must_use]
    pub fn new(tags: &[TagDef], mappings: &[MappingDef]) -> Table {
        let mut t = Table::default();
        for (name, values) in PREDEFINED {
            t.tags.insert(name.into(), values.iter().copied().map(SmolStr::new).collect());
        }
        for d in tags {
            let mut values = Vec::new();
            for v in &d.values {
                match t.tags.get(&v.text) {
                    Some(inner) => values.extend(inner.iter().cloned()),
                    None => values.push(v.text.clone()),
                }
            }
            t.tags.entry(d.name.text.clone()).or_insert(values);
        }
        for m in mappings {
            let keys = m.keys.iter().map(|k| k.text.clone()).collect();
            let values = m.values.iter().map(|k| k.text.clone()).collect();
            t.maps.entry(m.name.text.clone()).or_insert(Mapping { from: m.from.text.clone(), keys, values });
        }
        t
    }

    /// The values of the tag `name`.
    #[must_use]
    pub fn tag(&self, name: &str) -> Option<&[SmolStr]> {
        self.tags.get(name).map(Vec::as_slice)
    }

    /// Whether `name` is a tag or a mapping.
    #[must_use]
    pub fn is_tag_or_mapping(&self, name: &str) -> bool {
        self.tags.contains_key(name) || self.maps.contains_key(name)
    }

    /// The tag the mapping `name` maps from.
    fn mapping_from(&self, name: &str) -> Option<&str> {
        self.maps.get(name).map(|m| m.from.as_str())
    }

    /// What the mapping `name` gives for `key`.
    fn mapped(&self, name: &str, key: &str) -> Option<&SmolStr> {
        let m = self.maps.get(name)?;
        m.keys.iter().position(|k| k == key).and_then(|i| m.values.get(i))
    }

    /// Every value the mapping `name` can give, a tag standing for its
    /// values.
    fn mapped_values(&self, name: &str) -> Option<Vec<SmolStr>> {
        let m = self.maps.get(name)?;
        Some(m.values.iter().flat_map(|v| self.tags.get(v).cloned().unwrap_or_else(|| vec![v.clone()])).collect())
    }
}

impl Parser<'_> {
    /// A TAGS or MAPPINGS header, written at `span`: the lines after it,
    /// up to the next section header, are read as that section's.
    pub(super) fn tag_header(&mut self, section: TagSection, span: Span) {
        self.plus = true;
        self.ast.tag_sections.push((section, span));
        self.tag_section = Some(match section {
            TagSection::Tags => TagRead::Tags,
            TagSection::Mappings => TagRead::Mappings,
        });
    }

    /// A line of the TAGS or MAPPINGS section.
    pub(super) fn tag_line(&mut self, line: &Line<'_>, code: &str, fc: usize) {
        match self.tag_section {
            Some(TagRead::Tags) => self.tags_line(line, code, fc),
            Some(TagRead::Mappings) => self.mapping_head(line, code, fc),
            Some(TagRead::MappingValues) => self.mapping_values(line, code, fc),
            Some(TagRead::SkipValues) => self.tag_section = Some(TagRead::Mappings),
            None => {}
        }
    }

    /// The words of a tag or mapping line: names, and the `=`, `=>` and
    /// `->` between them, with their byte ranges.
    fn tag_words(&self, line: &Line<'_>, code: &str, fc: usize) -> Vec<(Ident, bool)> {
        let mut out = Vec::new();
        let mut i = fc;
        while i < code.len() {
            let rest = &code[i..];
            let c = rest.chars().next().unwrap_or(' ');
            if is_ws(c) {
                i += c.len_utf8();
                continue;
            }
            let len = if rest.starts_with("=>") || rest.starts_with("->") {
                2
            } else if c == '=' {
                1
            } else {
                let n = rest.char_indices().find(|&(_, c)| !is_tag_char(c)).map_or(rest.len(), |(k, _)| k);
                if n == 0 { c.len_utf8() } else { n }
            };
            let word = &rest[..len];
            let is_name = word.chars().all(is_tag_char);
            out.push((Ident { text: self.lower_word(line, i, i + len), span: line.span(i, i + len) }, is_name));
            i += len;
        }
        out
    }

    /// Whether `word` is a tag (one of the game's, or a predefined one).
    pub(super) fn is_tag(&self, word: &str) -> bool {
        PREDEFINED.iter().any(|(n, _)| *n == word) || self.ast.tags.iter().any(|t| t.name.text == word)
    }

    /// Whether `name` is already an object, legend name, tag or mapping.
    fn tag_name_taken(&self, name: &str) -> bool {
        PREDEFINED.iter().any(|(n, _)| *n == name)
            || matches!(name, "player" | "background")
            || self.ast.tags.iter().any(|t| t.name.text == name)
            || self.ast.mappings.iter().any(|m| m.name.text == name)
    }

    /// `NAME = VALUE ...`.
    fn tags_line(&mut self, line: &Line<'_>, code: &str, fc: usize) {
        let ws = self.tag_words(line, code, fc);
        let whole = line.span(fc, super::text::trim_end_len(code));
        let ok = ws.len() >= 3 && ws[0].1 && ws[1].0.text == "=" && ws[2..].iter().all(|w| w.1);
        if !ok {
            self.diags.push(cat::tag_line_shape(whole));
            return;
        }
        let name = ws[0].0.clone();
        if self.tag_name_taken(&name.text) {
            self.diags.push(cat::tag_name_taken(name.span, &name.text));
            return;
        }
        let values = ws[2..].iter().map(|w| w.0.clone()).collect();
        self.ast.tags.push(TagDef { name, values, span: whole });
    }

    /// `TAG => NAME`, the first line of a mapping.
    fn mapping_head(&mut self, line: &Line<'_>, code: &str, fc: usize) {
        let ws = self.tag_words(line, code, fc);
        let whole = line.span(fc, super::text::trim_end_len(code));
        let ok = ws.len() == 3 && ws[0].1 && ws[1].0.text == "=>" && ws[2].1;
        self.tag_section = Some(TagRead::SkipValues);
        if !ok {
            self.diags.push(cat::mapping_line_shape(whole, true));
            return;
        }
        let from = ws[0].0.clone();
        let is_tag =
            PREDEFINED.iter().any(|(n, _)| *n == from.text) || self.ast.tags.iter().any(|t| t.name.text == from.text);
        if !is_tag {
            self.diags.push(cat::mapping_not_a_tag(from.span, &from.text));
            return;
        }
        let name = ws[2].0.clone();
        if self.tag_name_taken(&name.text) {
            self.diags.push(cat::tag_name_taken(name.span, &name.text));
            return;
        }
        self.ast.mappings.push(MappingDef { from, name, keys: Vec::new(), values: Vec::new(), span: whole });
        self.tag_section = Some(TagRead::MappingValues);
    }

    /// `KEY ... -> VALUE ...`, the second line of a mapping.
    fn mapping_values(&mut self, line: &Line<'_>, code: &str, fc: usize) {
        self.tag_section = Some(TagRead::Mappings);
        let ws = self.tag_words(line, code, fc);
        let whole = line.span(fc, super::text::trim_end_len(code));
        let Some(mapping) = self.ast.mappings.pop() else { return };
        let arrow = ws.iter().position(|w| w.0.text == "->");
        let Some(arrow) = arrow.filter(|&a| ws.iter().enumerate().all(|(i, w)| i == a || w.1)) else {
            self.diags.push(cat::mapping_line_shape(whole, false));
            return;
        };
        let keys: Vec<Ident> = ws[..arrow].iter().map(|w| w.0.clone()).collect();
        let values: Vec<Ident> = ws[arrow + 1..].iter().map(|w| w.0.clone()).collect();
        let table = Table::new(&self.ast.tags, &[]);
        let of_tag = table.tag(&mapping.from.text).unwrap_or(&[]);
        if let Some(k) = keys.iter().find(|k| !of_tag.contains(&k.text)) {
            self.diags.push(cat::mapping_key_not_value(k.span, &k.text, &mapping.from.text));
            return;
        }
        let mut seen = rustc_hash::FxHashSet::default();
        if keys.is_empty() || keys.len() != values.len() || !keys.iter().all(|k| seen.insert(k.text.clone())) {
            self.diags.push(cat::mapping_counts(whole));
            return;
        }
        let span = mapping.span.to(whole);
        self.ast.mappings.push(MappingDef { keys, values, span, ..mapping });
    }
}

#[cfg(test)]
mod tests;
