//! Edits to OBJECTS (sprites, colours, new objects) and object renames.
//!
//! Every function here returns **one** [`TextEdit`]. When an operation has
//! to change several places (a new object plus its collision layer, a
//! rename, removing a colour and renumbering the sprite), the edit covers
//! the span from the first change to the last and carries the bytes in
//! between unchanged, so applying it is still a single, undoable step and
//! everything outside the changed places stays byte-identical.

use std::fmt;

use super::TextEdit;
use crate::syntax::ast::{Ast, Cell, Ident, ObjectDef, RuleLineKind, Section};
use crate::syntax::text::is_word;

/// Why an object edit could not be made.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ObjectEditError {
    /// No object of that name is defined.
    UnknownObject(String),
    /// The pixel lies outside the sprite as written.
    PixelOutside {
        /// Column asked for.
        x: usize,
        /// Row asked for.
        y: usize,
    },
    /// The object has no sprite rows to change.
    NoSprite(String),
    /// The object already has a sprite.
    HasSprite(String),
    /// The object has no colour line to change.
    NoColorLine(String),
    /// A colour index past the end of the list, or past `z` (35), the
    /// last a sprite can name.
    BadColorIndex(usize),
    /// The object already has as many colours as its sprite can name: 10
    /// in a classic game (digits), [`MAX_COLORS`] with letters.
    TooManyColors(usize),
    /// The word is not something a colour line can hold.
    BadColor(String),
    /// Removing the only colour would leave the object without one.
    LastColor,
    /// The name is empty or holds characters a name cannot.
    BadName(String),
    /// The name is already used by an object or legend entry.
    NameTaken(String),
    /// The collision layer index does not exist.
    UnknownLayer(usize),
    /// A section the edit needs is missing from the text.
    MissingSection(&'static str),
    /// A sprite must be a non-empty rectangle of `.`, digits and letters.
    BadSprite,
    /// Single-character names double as level glyphs; renaming them is refused.
    GlyphRename(String),
    /// The object is in no collision layer (its copies would have none).
    NoLayer(String),
}

impl fmt::Display for ObjectEditError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::UnknownObject(n) => write!(f, "there is no object called \"{n}\""),
            Self::PixelOutside { x, y } => write!(f, "pixel ({x}, {y}) is outside the sprite"),
            Self::NoSprite(n) => write!(f, "\"{n}\" is a single colour; give it a sprite first"),
            Self::HasSprite(n) => write!(f, "\"{n}\" already has a sprite"),
            Self::NoColorLine(n) => write!(f, "\"{n}\" has no colour line"),
            Self::BadColorIndex(i) => {
                write!(f, "colour {i} does not exist (a sprite names colours 0 to 9, then a to z)")
            }
            Self::TooManyColors(10) => write!(
                f,
                "a classic game's sprites name ten colours at most (0 to 9); \
                 a PuzzleScript Plus game goes on with the letters a to z"
            ),
            Self::TooManyColors(n) => write!(f, "a sprite names {n} colours at most (0 to 9, then a to z)"),
            Self::BadColor(w) => write!(f, "\"{w}\" is not a colour name, hex code or transparent"),
            Self::LastColor => write!(f, "an object needs at least one colour"),
            Self::BadName(n) => write!(f, "\"{n}\" cannot be used as a name (letters, digits and _ only)"),
            Self::NameTaken(n) => write!(f, "the name \"{n}\" is already in use"),
            Self::UnknownLayer(i) => write!(f, "there is no collision layer {i}"),
            Self::MissingSection(s) => write!(f, "the game has no {s} section"),
            Self::BadSprite => write!(f, "a sprite must be rows of equal length of '.', digits and letters"),
            Self::NoLayer(n) => write!(f, "\"{n}\" is in no collision layer"),
            Self::GlyphRename(n) => {
                write!(f, "\"{n}\" is one character and may be a level glyph; rename it in the text")
            }
        }
    }
}

impl std::error::Error for ObjectEditError {}

type Res = Result<TextEdit, ObjectEditError>;

/// Where a new object goes in COLLISIONLAYERS.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum LayerChoice {
    /// Append it to the existing layer with this index.
    Existing(usize),
    /// Append a new layer line holding only it.
    New,
}

/// The object called `name` (case-insensitive, unless the game is
/// `case_sensitive`).
pub fn find<'a>(ast: &'a Ast, name: &str) -> Result<&'a ObjectDef, ObjectEditError> {
    let lower = ast.name_key(name);
    ast.objects.iter().find(|o| o.name.text == lower).ok_or(ObjectEditError::UnknownObject(lower))
}

/// Join disjoint, sorted changes into one edit; the bytes between them are
/// copied from `src` unchanged.
pub(super) fn splice(src: &str, mut parts: Vec<TextEdit>) -> Option<TextEdit> {
    parts.sort_by_key(|p| (p.range.start, p.range.end));
    let first = parts.first()?.range.start;
    let last = parts.iter().map(|p| p.range.end).max()?;
    let mut out = String::new();
    let mut at = first;
    for p in &parts {
        if p.range.start < at {
            return None; // overlapping
        }
        out.push_str(src.get(at..p.range.start)?);
        out.push_str(&p.insert);
        at = p.range.end;
    }
    out.push_str(src.get(at..last)?);
    Some(TextEdit::replace(first..last, out))
}

/// The most colours an object can use in its sprite: `0`-`9`, then `a`-`z`
/// (the letters are PuzzleScript Plus's; a classic game reads digits only).
pub const MAX_COLORS: usize = 36;

fn pixel_char(p: Option<u8>) -> Result<char, ObjectEditError> {
    match p {
        None => Ok('.'),
        Some(d) => char::from_digit(u32::from(d), 36).ok_or(ObjectEditError::BadColorIndex(usize::from(d))),
    }
}

/// Whether the game's sprites may name colours past 9 with letters: a
/// game with a PuzzleScript Plus/Next prelude option is read that way
/// (a classic game's sprites hold digits only).
#[must_use]
pub fn reads_letter_pixels(ast: &Ast) -> bool {
    ast.prelude.iter().any(|p| {
        crate::options::PreludeOption::from_keyword(&p.key.text)
            .is_some_and(|o| o.dialect() > crate::options::Dialect::Classic)
    })
}

/// The colour index a sprite character names (`0`-`9`, `a`-`z` in either case).
fn pixel_index(ch: char) -> Option<u8> {
    ch.to_digit(36).and_then(|d| u8::try_from(d).ok())
}

/// The pixel grid of the game's cells: its `sprite_size` (PuzzleScript
/// Plus), else 5x5. New sprites are made this size.
#[must_use]
pub fn sprite_grid(ast: &Ast) -> (usize, usize) {
    ast.prelude
        .iter()
        .rev()
        .find(|p| p.key.text.eq_ignore_ascii_case("sprite_size"))
        .and_then(|p| p.value.as_deref())
        .and_then(crate::options::parse_sprite_size)
        .map_or((5, 5), |(w, h)| (w as usize, h as usize))
}

/// `name`'s sprite made `width` by `height`, keeping its bottom-left
/// corner where it is (where PuzzleScript Plus anchors a sprite on its
/// cell): rows come and go at the top, columns at the right; new pixels
/// are transparent. A single-colour object is given a sprite of that size.
pub fn resize_sprite(src: &str, ast: &Ast, name: &str, width: usize, height: usize) -> Res {
    let max = crate::syntax::ast::PixelRow::MAX;
    if !(1..=max).contains(&width) || !(1..=max).contains(&height) {
        return Err(ObjectEditError::BadSprite);
    }
    let obj = find(ast, name)?;
    let old = if obj.sprite.is_empty() {
        let (w, h) = sprite_grid(ast);
        vec![vec![Some(0); w]; h]
    } else {
        crate::syntax::ast::sprite_pixels(&obj.sprite)
    };
    let old_w = old.iter().map(Vec::len).max().unwrap_or(0);
    let mut rows: Vec<Vec<Option<u8>>> = old
        .iter()
        .map(|r| {
            let mut r = r.clone();
            r.resize(old_w, None);
            r.resize(width, None);
            r
        })
        .collect();
    if rows.len() > height {
        rows.drain(..rows.len() - height);
    } else {
        let add = height - rows.len();
        rows.splice(0..0, std::iter::repeat_n(vec![None; width], add));
    }
    set_sprite(src, ast, name, &rows)
}

/// Set pixel (`x`, `y`) of `name`'s sprite to colour `color` (`None` is
/// transparent `.`): a one-character replacement.
pub fn set_pixel(src: &str, ast: &Ast, name: &str, x: usize, y: usize, color: Option<u8>) -> Res {
    let obj = find(ast, name)?;
    if obj.sprite_rows.is_empty() {
        return Err(ObjectEditError::NoSprite(obj.name.text.to_string()));
    }
    let c = pixel_char(color)?;
    let row = obj.sprite_rows.get(y).ok_or(ObjectEditError::PixelOutside { x, y })?;
    let text = row.span.text(src);
    let (off, ch) = text.char_indices().nth(x).ok_or(ObjectEditError::PixelOutside { x, y })?;
    let start = row.span.start + off;
    Ok(TextEdit::replace(start..start + ch.len_utf8(), c.to_string()))
}

fn sprite_text(rows: &[Vec<Option<u8>>]) -> Result<Vec<String>, ObjectEditError> {
    let w = rows.first().map_or(0, Vec::len);
    if w == 0 || rows.iter().any(|r| r.len() != w) {
        return Err(ObjectEditError::BadSprite);
    }
    rows.iter().map(|r| r.iter().map(|p| pixel_char(*p)).collect::<Result<String, _>>()).collect()
}

/// The line ending the text uses (`\r\n` if it has any, else `\n`).
fn newline(src: &str) -> &'static str {
    if src.contains("\r\n") { "\r\n" } else { "\n" }
}

/// Replace `name`'s whole sprite (flips, rotations, shifts, fills). When the
/// row count is unchanged, each row is replaced in place and whatever lies
/// between rows is kept; otherwise the rows are rewritten as a block.
/// A single-colour object is given the sprite (see [`give_sprite`]).
pub fn set_sprite(src: &str, ast: &Ast, name: &str, rows: &[Vec<Option<u8>>]) -> Res {
    let obj = find(ast, name)?;
    let lines = sprite_text(rows)?;
    if obj.sprite_rows.is_empty() {
        let colors = obj.colors_span.ok_or_else(|| ObjectEditError::NoColorLine(obj.name.text.to_string()))?;
        let nl = newline(src);
        let mut insert = String::new();
        for l in &lines {
            insert.push_str(nl);
            insert.push_str(l);
        }
        return Ok(TextEdit::insert(colors.end, insert));
    }
    if lines.len() == obj.sprite_rows.len() {
        let parts = obj
            .sprite_rows
            .iter()
            .zip(&lines)
            .map(|(r, l)| TextEdit::replace(r.span.start..r.span.end, l.clone()))
            .collect();
        return splice(src, parts).ok_or(ObjectEditError::BadSprite);
    }
    let (Some(first), Some(last)) = (obj.sprite_rows.first(), obj.sprite_rows.last()) else {
        return Err(ObjectEditError::BadSprite);
    };
    Ok(TextEdit::replace(first.span.start..last.span.end, lines.join(newline(src))))
}

/// Give a single-colour object a sprite filled with colour 0 (how it
/// looked before), the size of the game's cells ([`sprite_grid`]: 5x5 in
/// a classic game), inserted after its colour line.
pub fn give_sprite(src: &str, ast: &Ast, name: &str) -> Res {
    let obj = find(ast, name)?;
    if !obj.sprite_rows.is_empty() {
        return Err(ObjectEditError::HasSprite(obj.name.text.to_string()));
    }
    let (w, h) = sprite_grid(ast);
    set_sprite(src, ast, name, &vec![vec![Some(0); w]; h])
}

/// True for a word a colour line can hold: a palette colour name, `#rgb`,
/// `#rrggbb` or `transparent`.
#[must_use]
pub fn is_color_word(word: &str) -> bool {
    word.eq_ignore_ascii_case("transparent")
        || crate::palette::is_color_name(word)
        || crate::palette::parse_hex(word).is_some()
}

fn check_color(word: &str) -> Result<&str, ObjectEditError> {
    let w = word.trim();
    if is_color_word(w) { Ok(w) } else { Err(ObjectEditError::BadColor(word.to_owned())) }
}

/// Append colour `word` to `name`'s colour line (its index is the old count).
pub fn add_color(src: &str, ast: &Ast, name: &str, word: &str) -> Res {
    let _ = src;
    let obj = find(ast, name)?;
    let w = check_color(word)?;
    let most = if reads_letter_pixels(ast) { MAX_COLORS } else { 10 };
    if obj.colors.len() >= most {
        return Err(ObjectEditError::TooManyColors(most));
    }
    let end = obj.colors.last().map(|c| c.span.end);
    let end = end.ok_or_else(|| ObjectEditError::NoColorLine(obj.name.text.to_string()))?;
    Ok(TextEdit::insert(end, format!(" {w}")))
}

/// Change colour `index` of `name` to `word`.
pub fn change_color(src: &str, ast: &Ast, name: &str, index: usize, word: &str) -> Res {
    let _ = src;
    let obj = find(ast, name)?;
    let w = check_color(word)?;
    let c = obj.colors.get(index).ok_or(ObjectEditError::BadColorIndex(index))?;
    Ok(TextEdit::replace(c.span.start..c.span.end, w))
}

/// Remove colour `index` of `name`. Sprite pixels that used it become
/// transparent and higher digits move down by one, so every other pixel
/// keeps its colour.
pub fn remove_color(src: &str, ast: &Ast, name: &str, index: usize) -> Res {
    let obj = find(ast, name)?;
    let c = obj.colors.get(index).ok_or(ObjectEditError::BadColorIndex(index))?;
    if obj.colors.len() == 1 {
        return Err(ObjectEditError::LastColor);
    }
    // Remove the word with the gap before it (or after it, for the first).
    let range = if index == 0 {
        c.span.start..obj.colors.get(1).map_or(c.span.end, |n| n.span.start)
    } else {
        obj.colors.get(index - 1).map_or(c.span.start, |p| p.span.end)..c.span.end
    };
    let mut parts = vec![TextEdit::replace(range, "")];
    let idx = u8::try_from(index).unwrap_or(u8::MAX);
    for row in &obj.sprite_rows {
        let text = row.span.text(src);
        let mut changed = false;
        let new: String = text
            .chars()
            .map(|ch| match pixel_index(ch) {
                Some(d) if d == idx => {
                    changed = true;
                    '.'
                }
                Some(d) if d > idx => {
                    changed = true;
                    pixel_char(Some(d - 1)).unwrap_or(ch)
                }
                _ => ch,
            })
            .collect();
        if changed {
            parts.push(TextEdit::replace(row.span.start..row.span.end, new));
        }
    }
    splice(src, parts).ok_or(ObjectEditError::BadSprite)
}

/// True when `name` is a usable new name: word characters only.
#[must_use]
pub fn is_valid_name(name: &str) -> bool {
    !name.is_empty() && name.chars().all(is_word)
}

pub(super) fn name_taken(ast: &Ast, lower: &str) -> bool {
    ast.objects.iter().any(|o| o.name.text == lower || o.extra_names.iter().any(|e| e.text == lower))
        || ast.legend.iter().any(|l| l.name.text == lower)
}

/// End of the header line of `section` (and of a `====` line right under it).
fn after_header(src: &str, ast: &Ast, section: Section) -> Option<usize> {
    let (_, span) = ast.sections.iter().find(|(s, _)| *s == section)?;
    let line_end = |from: usize| src[from..].find('\n').map_or(src.len(), |i| from + i);
    let mut at = line_end(span.end);
    let trim_cr = |e: usize| if e > 0 && src.as_bytes().get(e - 1) == Some(&b'\r') { e - 1 } else { e };
    if at < src.len() {
        let next = line_end(at + 1);
        let l = src[at + 1..next].trim();
        if !l.is_empty() && l.chars().all(|c| c == '=') {
            at = next;
        }
    }
    Some(trim_cr(at))
}

/// Add object `name` with `colors` (and an optional sprite) after the last
/// object, and put it in a collision layer.
pub fn add_object(
    src: &str,
    ast: &Ast,
    name: &str,
    colors: &[&str],
    sprite: Option<&[Vec<Option<u8>>]>,
    layer: LayerChoice,
) -> Res {
    if !is_valid_name(name) {
        return Err(ObjectEditError::BadName(name.to_owned()));
    }
    let lower = ast.name_key(name);
    if name_taken(ast, &lower) || crate::palette::is_color_name(&lower) {
        return Err(ObjectEditError::NameTaken(name.to_owned()));
    }
    if colors.is_empty() {
        return Err(ObjectEditError::LastColor);
    }
    let colors = colors.iter().map(|c| check_color(c)).collect::<Result<Vec<_>, _>>()?;
    let nl = newline(src);
    let mut block = format!("{name}{nl}{}", colors.join(" "));
    if let Some(rows) = sprite {
        for l in sprite_text(rows)? {
            block.push_str(nl);
            block.push_str(&l);
        }
    }
    let obj_edit = match ast.objects.last() {
        Some(o) => TextEdit::insert(o.span.end, format!("{nl}{nl}{block}")),
        None => {
            let at = after_header(src, ast, Section::Objects)
                .ok_or(ObjectEditError::MissingSection(Section::Objects.header()))?;
            TextEdit::insert(at, format!("{nl}{nl}{block}"))
        }
    };
    let layer_edit = match layer {
        LayerChoice::Existing(i) => {
            let l = ast.layers.get(i).ok_or(ObjectEditError::UnknownLayer(i))?;
            let end = l.names.last().map_or(l.span.end, |n| n.span.end);
            TextEdit::insert(end, format!(", {name}"))
        }
        LayerChoice::New => match ast.layers.last() {
            Some(l) => TextEdit::insert(l.span.end, format!("{nl}{name}")),
            None => {
                let at = after_header(src, ast, Section::CollisionLayers)
                    .ok_or(ObjectEditError::MissingSection(Section::CollisionLayers.header()))?;
                TextEdit::insert(at, format!("{nl}{nl}{name}"))
            }
        },
    };
    splice(src, vec![obj_edit, layer_edit]).ok_or(ObjectEditError::MissingSection(Section::Objects.header()))
}

/// Every place `lower` is written as a name: object definitions, legend,
/// sounds, collision layers, rules and win conditions.
#[must_use]
pub fn name_uses<'a>(ast: &'a Ast, lower: &str) -> Vec<&'a Ident> {
    let mut out: Vec<&Ident> = Vec::new();
    for o in &ast.objects {
        out.push(&o.name);
        // PuzzleScript Next's `copy:NAME`.
        out.extend(&o.copy_from);
    }
    for l in &ast.legend {
        out.push(&l.name);
        out.extend(&l.items);
    }
    for s in &ast.sounds {
        out.extend(&s.words);
    }
    for l in &ast.layers {
        out.extend(&l.names);
    }
    for r in &ast.rules {
        if let RuleLineKind::Rule(rule) = &r.kind {
            for row in rule.lhs.iter().chain(&rule.rhs) {
                for cell in &row.cells {
                    if let Cell::Items(items, _) = cell {
                        out.extend(items.iter().map(|i| &i.name));
                    }
                }
            }
        }
    }
    for w in &ast.win_conditions {
        out.extend(&w.words);
    }
    out.retain(|i| i.text == lower);
    out
}

/// Rename object `old` to `new` everywhere it is written as a name.
pub fn rename_object(src: &str, ast: &Ast, old: &str, new: &str) -> Res {
    let obj = find(ast, old)?;
    if !is_valid_name(new) {
        return Err(ObjectEditError::BadName(new.to_owned()));
    }
    let lower_new = ast.name_key(new);
    if lower_new != obj.name.text && (name_taken(ast, &lower_new) || crate::palette::is_color_name(&lower_new)) {
        return Err(ObjectEditError::NameTaken(new.to_owned()));
    }
    if obj.name.text.chars().count() == 1 {
        return Err(ObjectEditError::GlyphRename(obj.name.text.to_string()));
    }
    let parts = name_uses(ast, &obj.name.text)
        .into_iter()
        .map(|i| TextEdit::replace(i.span.start..i.span.end, new))
        .collect::<Vec<_>>();
    // The same ident never appears twice, but guard against duplicates.
    let mut parts = parts;
    parts.sort_by_key(|p| p.range.start);
    parts.dedup_by_key(|p| p.range.start);
    splice(src, parts).ok_or(ObjectEditError::UnknownObject(old.to_owned()))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::syntax::parse;

    const GAME: &str = "title t\n\n========\nOBJECTS\n========\n\nBackground\ngreen\n\nPlayer\nblack orange\n.00.\n0110\n.00.\n\n=======\nLEGEND\n=======\n\n. = Background\nP = Player\n\n================\nCOLLISIONLAYERS\n================\n\nBackground\nPlayer\n\n======\nRULES\n======\n\n[ > Player ] -> [ > Player ]\n\n==============\nWINCONDITIONS\n==============\n\nno player\n\n=======\nLEVELS\n=======\n\n.P.\n";

    fn run(f: impl Fn(&str, &Ast) -> Res) -> String {
        let (ast, _) = parse(GAME);
        f(GAME, &ast).ok().and_then(|e| e.apply(GAME)).unwrap_or_default()
    }

    #[test]
    fn pixel_colour_and_object_edits() {
        assert!(run(|s, a| set_pixel(s, a, "player", 0, 1, None)).contains("\n.110\n"));
        assert!(run(|s, a| remove_color(s, a, "player", 0)).contains("orange\n....\n.00.\n"));
        assert!(run(|s, a| add_color(s, a, "player", "#f00")).contains("black orange #f00\n"));
        assert!(run(|s, a| give_sprite(s, a, "background")).contains("green\n00000\n"));
        let t = run(|s, a| add_object(s, a, "Crate", &["red"], None, LayerChoice::Existing(1)));
        assert!(t.contains(".00.\n\nCrate\nred\n\n") && t.contains("Player, Crate\n"), "{t}");
        let t = run(|s, a| rename_object(s, a, "player", "Hero"));
        assert!(t.contains("[ > Hero ]") && t.contains("no Hero") && t.contains("P = Hero"), "{t}");
        let (ast, _) = parse(GAME);
        assert_eq!(set_pixel(GAME, &ast, "player", 9, 0, None), Err(ObjectEditError::PixelOutside { x: 9, y: 0 }));
        assert!(add_object(GAME, &ast, "player", &["red"], None, LayerChoice::New).is_err());
    }

    #[test]
    fn sprites_of_any_size_and_colours_past_nine() {
        // Bigger: rows added at the top, columns at the right (bottom-left kept).
        let t = run(|s, a| resize_sprite(s, a, "player", 6, 4));
        assert!(t.contains("orange\n......\n.00...\n0110..\n.00...\n"), "{t}");
        // Smaller: rows go from the top, columns from the right.
        let t = run(|s, a| resize_sprite(s, a, "player", 2, 2));
        assert!(t.contains("orange\n01\n.0\n\n"), "{t}");
        // A single-colour object gets a filled sprite of the asked size.
        let t = run(|s, a| resize_sprite(s, a, "background", 3, 2));
        assert!(t.contains("green\n000\n000\n"), "{t}");
        let (ast, _) = parse(GAME);
        assert_eq!(resize_sprite(GAME, &ast, "player", 0, 3), Err(ObjectEditError::BadSprite));
        assert_eq!(resize_sprite(GAME, &ast, "player", 129, 3), Err(ObjectEditError::BadSprite));

        // sprite_size: new sprites take the game's grid.
        let big = GAME.replace("title t\n", "title t\nsprite_size 7x3\n");
        let (ast, _) = parse(&big);
        assert_eq!(sprite_grid(&ast), (7, 3));
        let t = give_sprite(&big, &ast, "background").ok().and_then(|e| e.apply(&big)).unwrap_or_default();
        assert!(t.contains("green\n0000000\n0000000\n0000000\n\n"), "{t}");
        assert_eq!(sprite_grid(&parse(GAME).0), (5, 5));

        // Colour 10 and beyond are letters; removing a colour moves letters down too.
        let many = GAME.replace("black orange\n.00.\n", "0 1 2 3 4 5 6 7 8 9 10 11\n.ab.\n");
        let many = many.replace("0 1 2 3 4 5 6 7 8 9 10 11", "red red red red red red red red red red blue green");
        // A classic game's sprites hold digits: ten colours at most.
        let (ast, _) = parse(&many);
        assert!(!reads_letter_pixels(&ast));
        assert_eq!(add_color(&many, &ast, "player", "white"), Err(ObjectEditError::TooManyColors(10)));
        // With a PuzzleScript Plus option, letters name colours 10 to 35.
        let many = many.replace("title t\n", "title t\nsprite_size 4\n");
        let (ast, _) = parse(&many);
        let apply = |e: Res| e.ok().and_then(|e| e.apply(&many)).unwrap_or_default();
        assert!(apply(set_pixel(&many, &ast, "player", 0, 0, Some(11))).contains("\nbab.\n"));
        assert!(reads_letter_pixels(&ast));
        let t = apply(remove_color(&many, &ast, "player", 0));
        assert!(t.contains("\n.9a.\n"), "{t}");
        assert!(apply(add_color(&many, &ast, "player", "white")).contains("blue green white\n"));
        assert_eq!(set_pixel(&many, &ast, "player", 0, 0, Some(36)), Err(ObjectEditError::BadColorIndex(36)));
    }
}
