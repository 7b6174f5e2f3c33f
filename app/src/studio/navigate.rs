//! Finding one's way in a game's text: the name under the cursor, where a
//! name is defined (go to definition, F12 or Ctrl+click) and every place it
//! is written (find uses, Shift+F12). Pure functions of the text and its
//! syntax tree; the code and outline panels show the answers.

use engine::span::Span;
use engine::syntax::ast::{Ast, Cell, Ident, LevelEntry, RuleLineKind};

/// Every name the tree records, with where it is written: object names and
/// glyphs, legend names and items, sound words, layer names, the names in
/// rule cells and win condition words.
fn idents(ast: &Ast) -> Vec<&Ident> {
    let mut out: Vec<&Ident> = Vec::new();
    for o in &ast.objects {
        out.push(&o.name);
        out.extend(&o.extra_names);
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
    out
}

/// What subroutine names are called by: `subroutine move tiles` (a name
/// of its own kind, and never an object's, which has no space).
const SUBROUTINE: &str = "subroutine ";
/// What PuzzleScript Next's tag names are called by: `tag dirs`.
const TAG: &str = "tag ";
/// What its mapping names are called by: `mapping back`.
const MAPPING: &str = "mapping ";
/// What a tag's values are called by: `tag value up`.
const TAG_VALUE: &str = "tag value ";

/// The letters of a tag, mapping or value word (`Dirs` in `Arrow:Dirs`).
fn is_tag_char(c: char) -> bool {
    c.is_alphanumeric() || c == '_' || c == '$'
}

/// The tag word at byte `at` of `text` (the cursor just after it counts):
/// its range, and whether a `:` joins it to a name (`Arrow:Dirs`).
fn tag_word_at(text: &str, at: usize) -> Option<(std::ops::Range<usize>, bool)> {
    if at > text.len() || !text.is_char_boundary(at) {
        return None;
    }
    let start = text[..at].char_indices().rev().take_while(|(_, c)| is_tag_char(*c)).last().map_or(at, |(i, _)| i);
    let end = text[at..].char_indices().find(|(_, c)| !is_tag_char(*c)).map_or(text.len(), |(i, _)| at + i);
    if start == end {
        return None;
    }
    let joined = text[..start].ends_with(':') || text[end..].starts_with(':');
    Some((start..end, joined))
}

/// The tag, mapping or tag value (PuzzleScript Next) written at `at`, as
/// `tag NAME`, `mapping NAME` or `tag value NAME` (lower case): a tag or
/// mapping name anywhere; a value in the TAGS and MAPPINGS lines or joined
/// to a name by `:` (elsewhere `up` is a direction).
fn tag_name_at(text: &str, ast: &Ast, at: usize) -> Option<String> {
    if ast.tags.is_empty() && ast.mappings.is_empty() {
        return None;
    }
    let (range, joined) = tag_word_at(text, at)?;
    let word = text[range.clone()].to_lowercase();
    let is = |i: &Ident| i.text.to_lowercase() == word;
    if ast.tags.iter().any(|t| is(&t.name)) {
        return Some(format!("{TAG}{word}"));
    }
    if ast.mappings.iter().any(|m| is(&m.name)) {
        return Some(format!("{MAPPING}{word}"));
    }
    let in_tag_lines = ast
        .tags
        .iter()
        .map(|t| t.span)
        .chain(ast.mappings.iter().map(|m| m.span))
        .any(|sp| sp.start <= range.start && range.end <= sp.end);
    let a_value = ast.tags.iter().any(|t| t.values.iter().any(is));
    (a_value && (joined || in_tag_lines)).then(|| format!("{TAG_VALUE}{word}"))
}

/// Every place the tag word `word` (lower case) is written as one: in the
/// TAGS and MAPPINGS lines and joined to a name by `:`, in text order.
fn tag_word_uses(text: &str, ast: &Ast, word: &str) -> Vec<Span> {
    let tag_lines: Vec<Span> = ast.tags.iter().map(|t| t.span).chain(ast.mappings.iter().map(|m| m.span)).collect();
    let mut out = Vec::new();
    let (mut line, mut line_start) = (1u32, 0usize);
    let mut depth = 0usize;
    let mut i = 0;
    while i < text.len() {
        let Some(c) = text[i..].chars().next() else { break };
        if c == '\n' {
            line += 1;
            line_start = i + 1;
        }
        // Words inside `( )` comments are not uses.
        if c == '(' {
            depth += 1;
        } else if c == ')' {
            depth = depth.saturating_sub(1);
        }
        if depth > 0 || !is_tag_char(c) {
            i += c.len_utf8();
            continue;
        }
        let Some((range, joined)) = tag_word_at(text, i) else { break };
        let in_lines = tag_lines.iter().any(|sp| sp.start <= range.start && range.end <= sp.end);
        if (joined || in_lines) && text[range.clone()].to_lowercase() == word {
            let col = u32::try_from(text[line_start..range.start].chars().count() + 1).unwrap_or(u32::MAX);
            out.push(Span::new(range.start, range.end, line, col));
        }
        i = range.end;
    }
    out
}

/// Every subroutine name written in the rules (PuzzleScript Next): where a
/// `subroutine NAME` line defines it and where `gosub NAME` calls it, as
/// (name lower case, span of the name), in text order.
fn subroutine_names(text: &str, ast: &Ast) -> Vec<(String, Span)> {
    let mut out = Vec::new();
    for r in &ast.rules {
        match &r.kind {
            RuleLineKind::Subroutine(name) => out.push((name.text.to_string(), name.span)),
            RuleLineKind::Rule(rule) => {
                for c in rule.commands.iter().filter(|c| c.name.text == "gosub") {
                    let (Some(argument), Some(rest)) = (&c.argument, text.get(c.name.span.end..r.span.end)) else {
                        continue;
                    };
                    let lead = rest.len() - rest.trim_start().len();
                    let start = c.name.span.end + lead;
                    let end = c.name.span.end + rest.trim_end().len();
                    if start >= end {
                        continue;
                    }
                    let col =
                        c.name.span.col + u32::try_from(text[c.name.span.start..start].chars().count()).unwrap_or(0);
                    out.push((argument.clone(), Span::new(start, end, c.name.span.line, col)));
                }
            }
            _ => {}
        }
    }
    out
}

/// The name (lower case) written at byte `at` of `text`: a name the tree
/// records there, or a glyph of a level map. On a subroutine's name (where
/// it is defined or called with `gosub`) it is `subroutine NAME`, which
/// [`definition`] and [`uses`] understand.
#[must_use]
pub fn name_at(text: &str, ast: &Ast, at: usize) -> Option<String> {
    // The cursor just after a word still counts as on it.
    let on = |sp: &Span| sp.start <= at && at <= sp.end;
    if let Some((name, ..)) = subroutine_names(text, ast).into_iter().find(|(_, sp)| on(sp)) {
        return Some(format!("{SUBROUTINE}{name}"));
    }
    if let Some(name) = tag_name_at(text, ast, at) {
        return Some(name);
    }
    if let Some(ident) = idents(ast).into_iter().find(|i| on(&i.span)) {
        return Some(ident.text.to_string());
    }
    for entry in &ast.levels {
        let LevelEntry::Map(map) = entry else { continue };
        for (row, span) in map.rows.iter().zip(&map.row_spans) {
            if span.start <= at && at < span.end {
                let column = text.get(span.start..at)?.chars().count();
                return row.get(column).map(char::to_string);
            }
        }
    }
    None
}

/// Where `name` (lower case) is defined: the object of that name or glyph,
/// else the legend entry; for `subroutine NAME`, its `subroutine` line;
/// for PuzzleScript Next's `tag NAME` and `mapping NAME`, the name in its
/// TAGS or MAPPINGS line, and for `tag value NAME` the first TAGS line
/// that lists it.
#[must_use]
pub fn definition(ast: &Ast, name: &str) -> Option<Span> {
    let same = |i: &Ident, n: &str| i.text.to_lowercase() == n;
    if let Some(value) = name.strip_prefix(TAG_VALUE) {
        return ast.tags.iter().flat_map(|t| &t.values).find(|v| same(v, value)).map(|v| v.span);
    }
    if let Some(tag) = name.strip_prefix(TAG) {
        return ast.tags.iter().find(|t| same(&t.name, tag)).map(|t| t.name.span);
    }
    if let Some(mapping) = name.strip_prefix(MAPPING) {
        return ast.mappings.iter().find(|m| same(&m.name, mapping)).map(|m| m.name.span);
    }
    if let Some(routine) = name.strip_prefix(SUBROUTINE) {
        return ast.rules.iter().find_map(|r| match &r.kind {
            RuleLineKind::Subroutine(n) if n.text == routine => Some(n.span),
            _ => None,
        });
    }
    let object = ast
        .objects
        .iter()
        .flat_map(|o| std::iter::once(&o.name).chain(&o.extra_names))
        .find(|n| n.text == name)
        .map(|n| n.span);
    object.or_else(|| ast.legend.iter().find(|l| l.name.text == name).map(|l| l.name.span))
}

/// Every place `name` (lower case) is written as a name, in text order
/// (its definition included; level glyphs are not). For `subroutine NAME`:
/// its `subroutine` line and every `gosub` calling it (`text` gives where
/// a call's name is written).
#[must_use]
pub fn uses_in(text: &str, ast: &Ast, name: &str) -> Vec<Span> {
    if let Some(word) = [TAG_VALUE, TAG, MAPPING].into_iter().find_map(|k| name.strip_prefix(k)) {
        return tag_word_uses(text, ast, word);
    }
    match name.strip_prefix(SUBROUTINE) {
        Some(routine) => {
            subroutine_names(text, ast).into_iter().filter(|(n, _)| n == routine).map(|(_, sp)| sp).collect()
        }
        None => uses(ast, name),
    }
}

/// Every place `name` (lower case) is written as a name, in text order
/// (its definition included; level glyphs are not).
#[must_use]
pub fn uses(ast: &Ast, name: &str) -> Vec<Span> {
    let mut spans: Vec<Span> = idents(ast).into_iter().filter(|i| i.text == name).map(|i| i.span).collect();
    spans.sort_by_key(|s| (s.start, s.end));
    spans.dedup_by_key(|s| s.start);
    spans
}

#[cfg(test)]
mod tests {
    use super::*;

    const GAME: &str = "title t\n\nOBJECTS\n\nBackground\nblack\n\nCrate C\norange\n\nPlayer\nblue\n\nLEGEND\n\n. = Background\nP = Player\nThing = Crate or Player\n\nCOLLISIONLAYERS\nBackground\nPlayer, Crate\n\nRULES\n\n[ > Player | Crate ] -> [ > Player | > Crate ]\n[ Thing ] -> [ Thing ]\n\nWINCONDITIONS\n\nno crate\n\nLEVELS\n\n.PC.\n";

    fn at(needle: &str, nth: usize) -> usize {
        GAME.match_indices(needle).nth(nth).map(|(i, _)| i).expect("in the game")
    }

    #[test]
    fn a_copy_source_leads_to_its_object() {
        let game = "title t\n\nOBJECTS\nArrow\nred\n.0.\n\nEast copy:Arrow rot:right\nred\n\nWest copy: Arrow\nred\n";
        let (ast, _) = engine::syntax::parse(game);
        let at = game.find("copy:Arrow").expect("there") + 6;
        assert_eq!(name_at(game, &ast, at).as_deref(), Some("arrow"));
        let def = definition(&ast, "arrow").expect("defined");
        assert_eq!(def.text(game), "Arrow");
        assert_eq!(def.line, 4);
        assert_eq!(uses(&ast, "arrow").len(), 3, "the definition and both copies");
    }

    #[test]
    fn the_name_under_the_cursor_and_its_definition() {
        let (ast, _) = engine::syntax::parse(GAME);
        // In a rule, on the word or just after it.
        let in_rule = at("Crate ]", 0);
        assert_eq!(name_at(GAME, &ast, in_rule + 2).as_deref(), Some("crate"));
        assert_eq!(name_at(GAME, &ast, in_rule + 5).as_deref(), Some("crate"));
        let def = definition(&ast, "crate").expect("defined");
        assert_eq!(&GAME[def.start..def.end], "Crate");
        // A legend name is defined by its legend line.
        let thing = definition(&ast, "thing").expect("legend");
        assert_eq!(&GAME[thing.start..thing.end], "Thing");
        assert_eq!(thing.start, at("Thing =", 0));
        // A glyph in a level: its definition is the legend entry or the object's glyph.
        let level = at(".PC.", 0);
        assert_eq!(name_at(GAME, &ast, level + 1).as_deref(), Some("p"));
        assert_eq!(definition(&ast, "p").map(|s| s.start), Some(at("P = Player", 0)));
        assert_eq!(name_at(GAME, &ast, level + 2).as_deref(), Some("c"));
        assert_eq!(definition(&ast, "c").map(|s| s.start), Some(at("C\norange", 0)));
        assert_eq!(name_at(GAME, &ast, 2), None, "nothing named in the prelude");
        assert_eq!(definition(&ast, "nothing"), None);
    }

    const ROUTINES: &str = "title t\n\nOBJECTS\n\nBackground\nblack\n\nPlayer\nblue\n\nLEGEND\n\n. = Background\nP = Player\n\nCOLLISIONLAYERS\nBackground\nPlayer\n\nRULES\n\n[ > Player ] -> [ > Player ] gosub Move  Tiles (comment)\n[ Player ] -> [ Player ] gosub merge\n\nsubroutine merge\n[ Player ] -> [ Player ]\n\nsubroutine Move Tiles\n[ Player ] -> [ Player ] gosub merge\n\nWINCONDITIONS\n\nLEVELS\n\nP.\n";

    #[test]
    fn a_gosub_target_goes_to_its_subroutine() {
        let (ast, _) = engine::syntax::parse(ROUTINES);
        let find =
            |needle: &str, nth: usize| ROUTINES.match_indices(needle).nth(nth).map(|(i, _)| i).expect("in the game");
        // On the called name (several words, spaced twice): its subroutine line.
        let call = find("Move  Tiles", 0);
        let name = name_at(ROUTINES, &ast, call + 7).expect("a name");
        assert_eq!(name, "subroutine move tiles");
        let def = definition(&ast, &name).expect("defined");
        assert_eq!(def.text(ROUTINES), "Move Tiles");
        assert_eq!(def.start, find("Move Tiles\n[", 0));
        // A one-word name, and the definition itself answers too.
        let merge = name_at(ROUTINES, &ast, find("gosub merge", 0) + 7).expect("a name");
        assert_eq!(definition(&ast, &merge).map(|s| s.start), Some(find("merge\n[", 0)));
        assert_eq!(name_at(ROUTINES, &ast, find("merge\n[", 0) + 1).as_deref(), Some("subroutine merge"));
        // Its uses: two calls and the definition, in text order; an object
        // of the same spelling is not one of them.
        let lines: Vec<u32> = uses_in(ROUTINES, &ast, &merge).iter().map(|s| s.line).collect();
        assert_eq!(lines, vec![23, 25, 29]);
        assert_eq!(name_at(ROUTINES, &ast, find("gosub", 0) + 2), None, "the command word itself names nothing");
        assert_eq!(definition(&ast, "subroutine nowhere"), None);
    }

    const TAGGED: &str = "title t\n\nTAGS\nDirs = up down\nAll = Dirs left (a comment: Dirs)\n\nMAPPINGS\nDirs => Back\nup down -> down up\n\nOBJECTS\nBackground\nblack\nPlayer\nwhite\nArrow:Dirs\nred\n\nLEGEND\n. = Background\nP = Player\n\nCOLLISIONLAYERS\nBackground\nPlayer\nArrow:Dirs\n\nRULES\n[ Arrow:Dirs | Arrow:up ] -> [ Arrow:Back | Player ]\n\nLEVELS\nP.\n";

    #[test]
    fn tags_mappings_and_values_lead_to_their_lines() {
        let (ast, _) = engine::syntax::parse(TAGGED);
        assert_eq!((ast.tags.len(), ast.mappings.len()), (2, 1), "the game reads");
        let find = |needle: &str, nth: usize| TAGGED.match_indices(needle).nth(nth).map(|(i, _)| i).expect(needle);
        let tag_def = find("Dirs =", 0);
        // A tag in an object's name, a layer and a rule: its TAGS line.
        for (needle, nth, off) in
            [("Arrow:Dirs\nred", 0, 7), ("Arrow:Dirs\n\nRULES", 0, 8), ("[ Arrow:Dirs", 0, 9), ("Dirs left", 0, 0)]
        {
            let at = find(needle, nth) + off;
            let name = name_at(TAGGED, &ast, at).unwrap_or_else(|| panic!("{needle}"));
            assert_eq!(name, "tag dirs", "{needle}");
            assert_eq!(definition(&ast, &name).map(|s| s.start), Some(tag_def), "{needle}");
        }
        // A mapping's name in a rule: its MAPPINGS line.
        let name = name_at(TAGGED, &ast, find("Arrow:Back", 0) + 7).expect("a mapping");
        assert_eq!(name, "mapping back");
        let def = definition(&ast, &name).expect("defined");
        assert_eq!((def.text(TAGGED), def.start), ("Back", find("Back\n", 0)));
        // A value joined to a name: where the TAGS line lists it; a bare
        // direction word is not a value.
        let name = name_at(TAGGED, &ast, find("Arrow:up", 0) + 7).expect("a value");
        assert_eq!(name, "tag value up");
        assert_eq!(definition(&ast, &name).map(|s| s.start), Some(find("up down\n", 0)));
        let object_part = name_at(TAGGED, &ast, find("Arrow:up", 0) + 2);
        assert!(object_part.as_deref().is_none_or(|n| !n.starts_with("tag")), "the object part: {object_part:?}");
        // The uses of a tag: its definition, the tag lines, the names it is
        // joined to; never the comment.
        let lines: Vec<u32> = uses_in(TAGGED, &ast, "tag dirs").iter().map(|s| s.line).collect();
        assert_eq!(lines, vec![4, 5, 8, 16, 26, 29]);
        assert_eq!(definition(&ast, "tag nowhere"), None);
        // A classic game has no tags: a word is what it always was.
        let (classic, _) = engine::syntax::parse(GAME);
        assert_eq!(name_at(GAME, &classic, at("Crate ]", 0) + 2).as_deref(), Some("crate"));
    }

    #[test]
    fn uses_are_every_place_a_name_is_written_in_order() {
        let (ast, _) = engine::syntax::parse(GAME);
        let found: Vec<u32> = uses(&ast, "crate").iter().map(|s| s.line).collect();
        // Defined, in the legend, in the layers, twice in a rule, in the win condition.
        assert_eq!(found, vec![8, 18, 22, 26, 26, 31]);
    }
}
