//! The syntax tree: what the author wrote, section by section, with spans.
//!
//! This is the contract between `syntax` (which builds it), `check` (which
//! diagnoses it), `compile` (which turns it into a `Game`) and `edit` (which
//! uses the spans to make minimal text edits). It holds names exactly as
//! written in lower case (PuzzleScript names are case-insensitive) and
//! resolves nothing: a name in a rule may or may not be defined.

use crate::span::Span;

/// The text of a word in the tree. Words of up to 23 bytes (nearly all)
/// are kept in place rather than in an allocation of their own; it reads
/// as a `&str`.
pub use smol_str::SmolStr;

/// A lower-cased word (name, keyword, glyph) and where it was written.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Ident {
    /// The word in lower case.
    pub text: SmolStr,
    /// Where it was written.
    pub span: Span,
}

pub use super::keywords::{Section, TagSection};

/// A whole game as written.
#[derive(Debug, Clone, Default)]
pub struct Ast {
    /// Section headers in the order they appear, with the span of the header word.
    pub sections: Vec<(Section, Span)>,
    /// Prelude options in order (`title My Game`, `noaction`, ...).
    pub prelude: Vec<PreludeLine>,
    /// Objects in order of definition.
    pub objects: Vec<ObjectDef>,
    /// Legend lines in order.
    pub legend: Vec<LegendDef>,
    /// Sound lines in order.
    pub sounds: Vec<SoundDef>,
    /// Collision layers, top of the section first (drawn first, i.e. lowest).
    pub layers: Vec<LayerDef>,
    /// Rule lines (rules and loop markers) in order.
    pub rules: Vec<RuleDef>,
    /// Win conditions in order.
    pub win_conditions: Vec<WinConditionDef>,
    /// Levels and messages in order; indices here are the "level" indices
    /// used by conformance data and by the player.
    pub levels: Vec<LevelEntry>,
    /// PuzzleScript Plus's `section NAME` lines in LEVELS, in order. They
    /// are not entries: each names the entries from `first_entry` on.
    pub level_sections: Vec<LevelSection>,
    /// PuzzleScript Next's `level NAME` lines: the name of the map that
    /// follows (`entry`, its index in `levels`).
    pub level_names: Vec<LevelName>,
    /// The verbs of the LEVELS section from PuzzleScript Plus/Next other
    /// than `section` and `level` (`goto`, `link`, `title`, `input`), as
    /// written: for the dialect, and for `check` to refuse the ones we do
    /// not support yet (`title`, `input`) by name.
    pub level_verbs: Vec<Ident>,
    /// PuzzleScript Next's `link OBJECT TARGET` lines, in order.
    pub level_links: Vec<LevelLink>,
    /// The first of PuzzleScript Next's `//` comments, when the game's
    /// prelude starts its comments with one (the game is then read with
    /// `//` comments throughout).
    pub slash_comments: Option<Span>,
    /// PuzzleScript Plus/Next's `case_sensitive`: names keep the case they
    /// are written in (`syntax::case`); otherwise every name is lower case.
    pub case_sensitive: bool,
    /// PuzzleScript Next's TAGS section: `NAME = VALUE ...` lines, in order.
    pub tags: Vec<TagDef>,
    /// PuzzleScript Next's MAPPINGS section, in order.
    pub mappings: Vec<MappingDef>,
    /// PuzzleScript Next's TAGS and MAPPINGS headers before OBJECTS, with
    /// where each is written, in order (they are not in [`Self::sections`],
    /// whose sections are the classic ones).
    pub tag_sections: Vec<(TagSection, Span)>,
}

/// A line of PuzzleScript Next's TAGS section, `NAME = VALUE ...`: a tag
/// whose values the parts of names written `stem:NAME` stand for
/// (`syntax::tags`). A value that is an earlier tag stands for its values.
#[derive(Debug, Clone)]
pub struct TagDef {
    /// The tag's name.
    pub name: Ident,
    /// Its values as written.
    pub values: Vec<Ident>,
    /// The whole line.
    pub span: Span,
}

/// A mapping of PuzzleScript Next's MAPPINGS section: `TAG => NAME` then
/// `KEY ... -> VALUE ...`. In a rule expanded over TAG, the part NAME of
/// a name stands for the value beside TAG's value.
#[derive(Debug, Clone)]
pub struct MappingDef {
    /// The tag it maps from.
    pub from: Ident,
    /// The mapping's name.
    pub name: Ident,
    /// Values of `from`, in the order written.
    pub keys: Vec<Ident>,
    /// What each key maps to (a value, or a tag standing for its values).
    pub values: Vec<Ident>,
    /// From the first line to the second.
    pub span: Span,
}

impl Ast {
    /// Whether the prelude says `mouse_clicks` (PuzzleScript Next): then
    /// `lclick` and `rclick` are rule directions and sound verbs.
    #[must_use]
    pub fn mouse_clicks(&self) -> bool {
        self.prelude.iter().any(|p| p.key.text == "mouse_clicks")
    }

    /// Whether the prelude sets an option of PuzzleScript Plus or Next:
    /// the game is then checked as those dialects check it where they
    /// differ (a classic game exactly as before).
    #[must_use]
    pub fn sets_plus_option(&self) -> bool {
        self.prelude.iter().any(|p| {
            crate::options::PreludeOption::from_keyword(&p.key.text)
                .is_some_and(|o| o.dialect() > crate::options::Dialect::Classic)
        })
    }

    /// `name` as this game's tree holds names: lower case, or as written
    /// in a `case_sensitive` game.
    #[must_use]
    pub fn name_key(&self, name: &str) -> String {
        if self.case_sensitive { name.to_owned() } else { name.to_lowercase() }
    }
}

/// `link OBJECT TARGET` in LEVELS (PuzzleScript Next).
#[derive(Debug, Clone)]
pub struct LevelLink {
    /// The object the player stands on to take the link, lower case.
    pub object: Ident,
    /// The section or level name it leads to, trimmed, original case.
    pub target: String,
    /// The index in `levels` of the next entry: the link holds for the
    /// maps from there on.
    pub from_entry: usize,
    /// The whole line.
    pub span: Span,
}

/// `section NAME` in LEVELS.
#[derive(Debug, Clone)]
pub struct LevelSection {
    /// The name, trimmed, in its original case.
    pub name: String,
    /// The index in `levels` of the first entry after the line.
    pub first_entry: usize,
    /// The whole line.
    pub span: Span,
}

/// `level NAME` in LEVELS (PuzzleScript Next).
#[derive(Debug, Clone)]
pub struct LevelName {
    /// The name, trimmed, in its original case.
    pub name: String,
    /// The index in `levels` of the entry it names (the next map).
    pub entry: usize,
    /// The whole line.
    pub span: Span,
}

/// One prelude line: an option word and the rest of the line (which
/// words are options is [`crate::options::PreludeOption`]'s to say).
#[derive(Debug, Clone)]
pub struct PreludeLine {
    /// The option word, lower-cased (`title`, `color_palette`, `noaction`).
    pub key: Ident,
    /// The rest of the line, trimmed, in its original case; `None` if empty.
    pub value: Option<String>,
    /// Span of the value text, if any.
    pub value_span: Option<Span>,
    /// The whole line.
    pub span: Span,
}

/// An object: name, optional one-character glyph, colours, optional sprite.
#[derive(Debug, Clone)]
pub struct ObjectDef {
    /// The object's name.
    pub name: Ident,
    /// Further words on the name line. A single character here is the
    /// object's glyph (an implicit legend alias); anything else is an error
    /// for `check` to report.
    pub extra_names: Vec<Ident>,
    /// `copy:NAME` on the name line (PuzzleScript Plus): the object's
    /// sprite is NAME's (the name after `copy:`, lower-cased).
    pub copy_from: Option<Ident>,
    /// Other sprite transforms on the name line (`rot:`, `flip:`, `shift:`,
    /// `translate:`...: PuzzleScript Next), which we do not support yet.
    pub transforms: Vec<Ident>,
    /// `text: WORDS` (PuzzleScript Next): the object is drawn as this text
    /// (as written, trimmed) in its first colour instead of a sprite.
    pub text: Option<Ident>,
    /// `scale:N` on the name line (PuzzleScript Next): a text sprite's
    /// height, 1 being the cell's (the number as written).
    pub scale: Option<Ident>,
    /// `canvas:W,H` on the name line (PuzzleScript Next): the object is
    /// drawn by canvas instructions instead of a sprite.
    pub canvas: Option<CanvasDef>,
    /// Colour words as written, lower-cased (`black`, `#ff00aa`, `transparent`).
    pub colors: Vec<Ident>,
    /// Span of the whole colour line, if there is one.
    pub colors_span: Option<Span>,
    /// Sprite rows as written (each row's text and span). Empty when the
    /// object has no sprite (drawn as a solid block of its first colour).
    pub sprite_rows: Vec<Ident>,
    /// The sprite decoded: rows of pixels, `None` for `.` (transparent),
    /// `Some(i)` for colour digit `i`. Same shape as `sprite_rows`.
    pub sprite: Sprite,
    /// From the name line to the last sprite row.
    pub span: Span,
}

/// A canvas sprite (PuzzleScript Next's `canvas:W,H`): its size in cells
/// and its lines of JSON drawing instructions, as written.
#[derive(Debug, Clone, Default)]
pub struct CanvasDef {
    /// Width and height in cells (1 each when not given).
    pub size: (u32, u32),
    /// The `canvas:` word.
    pub span: Span,
    /// Each line of instructions (`{"fill":[]}`...), comments removed.
    pub lines: Vec<Ident>,
}

/// How many pixels a [`PixelRow`] keeps in place before it moves them to
/// the heap: every classic row (five pixels) and every row of a sprite
/// within `sprite_size 16` is copied without allocating. (Room for 32
/// made a classic game's build 0.4% slower than the fixed 32-pixel row
/// before it, by the larger rows copied; 16 keeps a row to 48 bytes.)
const INLINE_PIXELS: usize = 16;

/// One row of a sprite: at most [`PixelRow::MAX`] pixels (five in a
/// classic game: the parser cuts a longer row and reports it), `None` for
/// `.` (transparent), `Some(i)` for colour index `i` (a digit, or in
/// PuzzleScript Next a letter, `a` being 10). Reads as a slice of pixels;
/// up to 16 are kept in place, a longer row (PuzzleScript Next's larger
/// sprites, Tapaban's 45-pixel prompts) on the heap.
#[derive(Default, PartialEq, Eq)]
pub struct PixelRow(smallvec::SmallVec<[Option<u8>; INLINE_PIXELS]>);

// Copied as bytes (SmallVec's own clone goes pixel by pixel).
impl Clone for PixelRow {
    fn clone(&self) -> Self {
        PixelRow(smallvec::SmallVec::from_slice(&self.0))
    }
}

impl PixelRow {
    /// The most pixels a row holds, and the most rows a sprite may have
    /// (the parser reports and drops the rest): four times the largest
    /// `sprite_size`, room for PuzzleScript Next's biggest sprites (120
    /// pixels wide in its demos) while a sprite's square picture stays
    /// small (128x128 pixels at most).
    pub const MAX: usize = 128;

    /// Add a pixel at the end; false (and nothing added) when the row
    /// is full.
    #[inline]
    pub fn push(&mut self, pixel: Option<u8>) -> bool {
        if self.0.len() >= Self::MAX {
            return false;
        }
        self.0.push(pixel);
        true
    }
}

impl std::ops::Deref for PixelRow {
    type Target = [Option<u8>];
    fn deref(&self) -> &[Option<u8>] {
        &self.0
    }
}

impl AsRef<[Option<u8>]> for PixelRow {
    fn as_ref(&self) -> &[Option<u8>] {
        self
    }
}

impl<'a> IntoIterator for &'a PixelRow {
    type Item = &'a Option<u8>;
    type IntoIter = std::slice::Iter<'a, Option<u8>>;
    fn into_iter(self) -> Self::IntoIter {
        self.iter()
    }
}

// Printed as the list of its pixels.
impl std::fmt::Debug for PixelRow {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_list().entries(self.iter()).finish()
    }
}

/// A sprite's rows of pixels (see [`PixelRow`]): empty for an object
/// drawn as a block of its first colour. Five rows (every well-formed
/// sprite) are kept in place, so copying a sprite allocates nothing; a
/// sprite of more rows (PuzzleScript Plus/Next; in a classic game an
/// error `check` reports) keeps them in a list, at most [`PixelRow::MAX`].
pub type Sprite = smallvec::SmallVec<[PixelRow; 5]>;

/// A sprite's pixels as nested lists (for tools that edit them).
#[must_use]
pub fn sprite_pixels(sprite: &Sprite) -> Vec<Vec<Option<u8>>> {
    sprite.iter().map(|r| r.to_vec()).collect()
}

/// The three forms of legend line.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum LegendKind {
    /// `a = b`: another name for one thing.
    Alias,
    /// `a = b and c`: a cell holding all of them (an aggregate).
    And,
    /// `a = b or c`: any one of them (a property).
    Or,
}

/// One legend line: `name = item (and|or item)*`.
#[derive(Debug, Clone)]
pub struct LegendDef {
    /// The name being defined (may be a single-character glyph).
    pub name: Ident,
    /// How the items combine.
    pub kind: LegendKind,
    /// The names on the right-hand side.
    pub items: Vec<Ident>,
    /// The whole line.
    pub span: Span,
}

/// One sound line, as its words (`crate move up 1234`, `sfx0 5678`,
/// `startgame 91011`). Interpreting the words is `check`/`compile`'s job.
#[derive(Debug, Clone)]
pub struct SoundDef {
    /// The words, lower-cased.
    pub words: Vec<Ident>,
    /// The whole line.
    pub span: Span,
}

/// One collision layer line: the names on it (commas or spaces between).
#[derive(Debug, Clone)]
pub struct LayerDef {
    /// The names, in order.
    pub names: Vec<Ident>,
    /// PuzzleScript Next's `TAG ... -> names`: the tags before the arrow
    /// (the objects go in one layer per value of them; `syntax::tags`
    /// makes those layers). Empty in every other line.
    pub prefixes: Vec<Ident>,
    /// The whole line.
    pub span: Span,
}

/// One line of the RULES section.
#[derive(Debug, Clone)]
pub struct RuleDef {
    /// What kind of line it is.
    pub kind: RuleLineKind,
    /// The whole line.
    pub span: Span,
}

/// A rules-section line.
#[derive(Debug, Clone)]
pub enum RuleLineKind {
    /// A rewrite rule.
    Rule(Rule),
    /// `startloop`
    StartLoop,
    /// `endloop`
    EndLoop,
    /// `subroutine NAME` (PuzzleScript Next): rules up to the next
    /// subroutine marker form a routine callable with `gosub NAME`. The
    /// name is the rest of the line, lower-cased, its words joined by one
    /// space.
    Subroutine(Ident),
}

/// A rewrite rule: `[prefixes] lhs -> rhs [commands]`.
#[derive(Debug, Clone)]
pub struct Rule {
    /// The line started with `+` (joins the previous rule's group).
    pub plus: Option<Span>,
    /// Prefix words before the first `[`, in order: `late`, `rigid`,
    /// `random`, `global`, `once`, and absolute direction words (`up`,
    /// `horizontal`, ...).
    pub prefixes: Vec<Ident>,
    /// Left-hand side: one row per bracket pair.
    pub lhs: Vec<CellRow>,
    /// Right-hand side: one row per bracket pair (may be empty when the rule
    /// has only commands after the arrow).
    pub rhs: Vec<CellRow>,
    /// Commands after the right-hand side, in order.
    pub commands: Vec<RuleCommand>,
    /// Span of `->`, if present.
    pub arrow: Option<Span>,
}

/// One bracketed row of cells: `[ a | b | ... | c ]`.
#[derive(Debug, Clone)]
pub struct CellRow {
    /// The cells between the bars.
    pub cells: Vec<Cell>,
    /// From `[` to `]`.
    pub span: Span,
}

/// One cell of a rule row.
#[derive(Debug, Clone)]
pub enum Cell {
    /// `...`
    Ellipsis(Span),
    /// Zero or more items (an empty cell matches anything).
    Items(Vec<CellItem>, Span),
}

/// One object term inside a cell, with the word before it.
#[derive(Debug, Clone)]
pub struct CellItem {
    /// The modifier word before the name, lower-cased, if any (a second
    /// one is an error the parser reports): `no`, `>`, `<`, `^`, `v`, `up`,
    /// `down`, `left`, `right`, `moving`, `stationary`, `action`,
    /// `randomdir`, `random`, `perpendicular`, `parallel`, `orthogonal`,
    /// `horizontal`, `vertical`.
    pub modifier: Option<Ident>,
    /// The object, legend name or property named.
    pub name: Ident,
}

/// A command word after the right-hand side.
#[derive(Debug, Clone)]
pub struct RuleCommand {
    /// `again`, `cancel`, `checkpoint`, `restart`, `win`, `message`,
    /// `sfx0`..`sfx10`, `gosub`.
    pub name: Ident,
    /// For `message`: the rest of the line in its original case. For
    /// `gosub`: the routine name, the rest of the line as for `subroutine`.
    pub argument: Option<String>,
}

/// A win condition: `quantifier subject [on target]`.
#[derive(Debug, Clone)]
pub struct WinConditionDef {
    /// The words, lower-cased (`all`, `crate`, `on`, `target`).
    pub words: Vec<Ident>,
    /// The whole line.
    pub span: Span,
}

/// An entry in the LEVELS section.
#[derive(Debug, Clone)]
pub enum LevelEntry {
    /// A map of glyphs.
    Map(LevelMap),
    /// `message Some text`.
    Message {
        /// The text after `message`, original case, trimmed.
        text: String,
        /// The whole line.
        span: Span,
    },
    /// `goto NAME` (PuzzleScript Plus): reaching this entry jumps to the
    /// section named NAME.
    Goto {
        /// The section's name as written, trimmed.
        target: String,
        /// The whole line.
        span: Span,
    },
}

/// A level map as written: rows of glyphs.
#[derive(Debug, Clone)]
pub struct LevelMap {
    /// Each row's glyphs, lower-cased, one `char` per cell, as written
    /// (rows may differ in length; `check` reports that).
    pub rows: Vec<Vec<char>>,
    /// Span of each row's text.
    pub row_spans: Vec<Span>,
    /// From the first row to the last.
    pub span: Span,
}

/// Where the name of a `goto` or `link` leads (PuzzleScript Plus/Next).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Target {
    /// The entry of `levels` it leads to.
    Entry(usize),
    /// No section (or level) has that name.
    Missing,
    /// Several sections have that name.
    Duplicate,
}

impl Ast {
    /// The sections that hold at least one entry, with their first entry,
    /// in order (a `section` line followed at once by another one, or by
    /// the end, names nothing): the sections a `goto` may lead to.
    pub fn live_sections(&self) -> impl Iterator<Item = &LevelSection> {
        let secs = &self.level_sections;
        secs.iter()
            .enumerate()
            .filter(move |(i, s)| {
                let next = secs.get(i + 1).map_or(self.levels.len(), |n| n.first_entry);
                s.first_entry < next && s.first_entry < self.levels.len()
            })
            .map(|(_, s)| s)
    }

    /// The first entry of the section named `name` (compared without
    /// case, as PuzzleScript Plus does), for `goto`.
    #[must_use]
    pub fn section_target(&self, name: &str) -> Target {
        let name = name.trim();
        let mut found = self.live_sections().filter(|s| s.name.eq_ignore_ascii_case(name));
        match (found.next(), found.next()) {
            (Some(s), None) => Target::Entry(s.first_entry),
            (Some(_), Some(_)) => Target::Duplicate,
            (None, _) => Target::Missing,
        }
    }

    /// Where a `link` leads: the section of that name, else the map of
    /// that name (its `level NAME` line, or "Level N" for the Nth map).
    #[must_use]
    pub fn link_target(&self, name: &str) -> Target {
        let name = name.trim();
        if let Some(s) = self.live_sections().find(|s| s.name.eq_ignore_ascii_case(name)) {
            return Target::Entry(s.first_entry);
        }
        let mut maps = 0;
        for (i, e) in self.levels.iter().enumerate() {
            if !matches!(e, LevelEntry::Map(_)) {
                continue;
            }
            maps += 1;
            let named = self.level_names.iter().rev().find(|n| n.entry == i).map(|n| n.name.clone());
            let title = named.unwrap_or_else(|| format!("Level {maps}"));
            if title.eq_ignore_ascii_case(name) {
                return Target::Entry(i);
            }
        }
        Target::Missing
    }
}
