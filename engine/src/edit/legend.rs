//! Legend queries and edits: which glyph names which objects, new combinations.
//!
//! A glyph can be painted into a level when it is a one-character object
//! name, an object's one-character extra name, or a one-character legend
//! name for an alias or an `and` aggregate. `or` properties are not
//! paintable (a level cell must say exactly what it holds). What a name
//! stands for is the build's [`NameTable`]'s answer, so the painter and the
//! compiler always agree.

use std::collections::{BTreeMap, BTreeSet};

use super::TextEdit;
use crate::names::{Meaning, NameTable};
use crate::syntax::ast::{Ast, Section};

/// A paintable glyph and the objects (lower-case names, sorted) it places.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Glyph {
    /// The character as it appears in levels (lower case).
    pub ch: char,
    /// The objects it stands for.
    pub objects: BTreeSet<String>,
}

/// The set of objects `name` places in a cell: an object or an aggregate
/// (of at least one object); `None` for unknown names and properties.
fn placed(names: &NameTable, name: &str) -> Option<BTreeSet<String>> {
    match names.meaning(name)? {
        m @ (Meaning::Object(_) | Meaning::Aggregate(_)) if !m.objects().is_empty() => {
            Some(m.objects().iter().map(|o| (*o).to_owned()).collect())
        }
        _ => None,
    }
}

/// The objects `name` stands for in a level cell (`None` if not paintable).
#[must_use]
pub fn objects_of(ast: &Ast, name: &str) -> Option<BTreeSet<String>> {
    placed(&NameTable::build(ast), &ast.name_key(name))
}

/// Every paintable glyph, in order of first definition.
#[must_use]
pub fn glyphs(ast: &Ast) -> Vec<Glyph> {
    glyphs_with(ast, &NameTable::build(ast))
}

/// [`glyphs`] with the name table already built.
#[must_use]
pub fn glyphs_with(ast: &Ast, names: &NameTable) -> Vec<Glyph> {
    let mut seen = BTreeMap::new();
    let mut out = Vec::new();
    let written = ast
        .objects
        .iter()
        .flat_map(|o| std::iter::once(&o.name).chain(o.extra_names.iter()))
        .chain(ast.legend.iter().map(|d| &d.name));
    for n in written {
        let mut cs = n.text.chars();
        let (Some(ch), None) = (cs.next(), cs.next()) else {
            continue;
        };
        if seen.contains_key(&ch) || ch.is_whitespace() || ch == '(' {
            continue;
        }
        if let Some(objects) = placed(names, &n.text) {
            seen.insert(ch, ());
            out.push(Glyph { ch, objects });
        }
    }
    out
}

/// The glyph placing exactly `objects` (also accepted: the same set plus or
/// minus `background`, which every cell has anyway).
#[must_use]
pub fn glyph_for(ast: &Ast, objects: &BTreeSet<String>) -> Option<char> {
    let gs = glyphs(ast);
    if let Some(g) = gs.iter().find(|g| &g.objects == objects) {
        return Some(g.ch);
    }
    let strip =
        |s: &BTreeSet<String>| -> BTreeSet<String> { s.iter().filter(|o| *o != "background").cloned().collect() };
    let want = strip(objects);
    if want.is_empty() {
        return background_glyph(ast);
    }
    gs.iter().find(|g| strip(&g.objects) == want).map(|g| g.ch)
}

/// The glyph for an empty cell: the one placing only `background`.
#[must_use]
pub fn background_glyph(ast: &Ast) -> Option<char> {
    let gs = glyphs(ast);
    gs.iter().find(|g| g.objects.len() == 1 && g.objects.contains("background")).map(|g| g.ch)
}

/// A character no object or legend name uses yet, good for a new glyph.
#[must_use]
pub fn free_glyph(ast: &Ast) -> Option<char> {
    let used: BTreeSet<String> = ast
        .objects
        .iter()
        .flat_map(|o| std::iter::once(o.name.text.to_string()).chain(o.extra_names.iter().map(|e| e.text.to_string())))
        .chain(ast.legend.iter().map(|d| d.name.text.to_string()))
        .collect();
    let candidates = "abcdefghijklmnopqrstuvwxyz0123456789@%&*+-!?$~^:;<>/\\|_'\"`[]{},";
    candidates.chars().find(|c| !used.contains(&c.to_string()))
}

/// Add the legend line `glyph = a and b and ...` (or `glyph = a` for one
/// object) after the last legend line, or after the LEGEND header.
#[must_use]
pub fn add_entry(text: &str, ast: &Ast, glyph: char, objects: &[String]) -> Option<TextEdit> {
    if objects.is_empty()
        || glyph.is_whitespace()
        || objects.iter().any(|o| o.trim().is_empty() || o.contains(char::is_whitespace))
    {
        return None;
    }
    let at = match ast.legend.last() {
        Some(d) => d.span.end,
        None => ast.sections.iter().find(|(s, _)| *s == Section::Legend)?.1.end,
    };
    // End of that line.
    let rest = text.get(at..)?;
    let mut end = rest.find('\n').map_or(text.len(), |i| at + i);
    if end > at && text.as_bytes().get(end - 1) == Some(&b'\r') {
        end -= 1;
    }
    let nl = if text.contains("\r\n") { "\r\n" } else { "\n" };
    Some(TextEdit::insert(end, format!("{nl}{glyph} = {}", objects.join(" and "))))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::syntax::parse;

    const GAME: &str = "title t\n\nOBJECTS\n\nBackground\nblack\n\nWall W\nwhite\n\nCrate\norange\n\nLEGEND\n\n. = Background\nP = Wall or Crate\n@ = Crate and Wall\n\nCOLLISIONLAYERS\nBackground\nWall, Crate\n\nLEVELS\n\nW.@\n";

    #[test]
    fn glyphs_and_entries() {
        let (ast, _) = parse(GAME);
        let gs: Vec<char> = glyphs(&ast).iter().map(|g| g.ch).collect();
        assert_eq!(gs, vec!['w', '.', '@']);
        let set = |v: &[&str]| v.iter().map(|s| (*s).to_owned()).collect::<BTreeSet<_>>();
        assert_eq!(glyph_for(&ast, &set(&["crate", "wall"])), Some('@'));
        assert_eq!(glyph_for(&ast, &set(&["crate"])), None);
        assert_eq!(background_glyph(&ast), Some('.'));
        let free = free_glyph(&ast);
        assert_eq!(free, Some('a'));
        let e = add_entry(GAME, &ast, 'a', &["crate".into()]);
        let new = e.and_then(|e| e.apply(GAME)).unwrap_or_default();
        assert!(new.contains("@ = Crate and Wall\na = crate\n"));
        let (ast2, _) = parse(&new);
        assert_eq!(glyph_for(&ast2, &set(&["crate"])), Some('a'));
    }

    #[test]
    fn a_glyph_means_what_the_compiler_says() {
        // `@` uses `Pile` before the line that defines it: the compiler
        // leaves that part out, and so does the painter.
        let game = GAME.replace("@ = Crate and Wall\n", "@ = Pile and Wall\nPile = Crate\n");
        let (ast, _) = parse(&game);
        let set = |v: &[&str]| v.iter().map(|s| (*s).to_owned()).collect::<BTreeSet<_>>();
        assert_eq!(objects_of(&ast, "@"), Some(set(&["wall"])));
        assert_eq!(objects_of(&ast, "PILE"), Some(set(&["crate"])));
        assert_eq!(objects_of(&ast, "p"), None, "a property is not paintable");
    }
}
