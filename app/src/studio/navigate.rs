//! Finding one's way in a game's text: the name under the cursor, where a
//! name is defined (go to definition, F12 or Ctrl+click) and every place it
//! is written (find uses, Shift+F12). Pure functions of the text and its
//! syntax tree; the code and outline panels show the answers.

use engine::span::Span;
use engine::syntax::ast::{Ast, Cell, Ident, LevelEntry, RuleLineKind, Target};

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

/// What a `goto` target (PuzzleScript Plus/Next, a LEVELS line or a
/// rule's command) is called by: `goto easy ones`.
const GOTO: &str = "goto ";
/// What a `link OBJECT TARGET` line's target is called by: `link level 3`.
const LINK: &str = "link ";
/// What a `section` line's own name is called by: `section easy ones`.
const SECTION: &str = "section ";

/// The span of `name` written in `text` at `start` (after any spaces from
/// `start`), on line `line`, if it is written there.
fn written_at(text: &str, start: usize, name: &str, line: u32) -> Option<Span> {
    let rest = text.get(start..)?;
    let start = start + (rest.len() - rest.trim_start_matches([' ', '\t']).len());
    let end = start + name.len();
    if name.is_empty() || text.get(start..end) != Some(name) {
        return None;
    }
    let line_start = text[..start].rfind('\n').map_or(0, |i| i + 1);
    let col = u32::try_from(text[line_start..start].chars().count() + 1).unwrap_or(u32::MAX);
    Some(Span::new(start, end, line, col))
}

/// Every place a level flow name is written (PuzzleScript Plus/Next):
/// `goto` targets (LEVELS lines and rules' commands), `link` lines'
/// targets and `section` lines' names, as (`goto NAME`, `link NAME` or
/// `section NAME`, lower case; the span of the name), in text order.
fn jump_names(text: &str, ast: &Ast) -> Vec<(String, Span)> {
    let mut out = Vec::new();
    let mut push = |prefix: &str, name: &str, span: Option<Span>| {
        if let Some(span) = span {
            out.push((format!("{prefix}{}", name.to_lowercase()), span));
        }
    };
    for s in &ast.level_sections {
        push(SECTION, &s.name, written_at(text, s.span.start + "section".len(), &s.name, s.span.line));
    }
    for e in &ast.levels {
        if let LevelEntry::Goto { target, span } = e {
            push(GOTO, target, written_at(text, span.start + "goto".len(), target, span.line));
        }
    }
    for link in &ast.level_links {
        push(LINK, &link.target, written_at(text, link.object.span.end, &link.target, link.span.line));
    }
    for r in &ast.rules {
        let RuleLineKind::Rule(rule) = &r.kind else { continue };
        for c in rule.commands.iter().filter(|c| c.name.text.eq_ignore_ascii_case("goto")) {
            let Some(target) = &c.argument else { continue };
            push(GOTO, target, written_at(text, c.name.span.end, target, c.name.span.line));
        }
    }
    out.sort_by_key(|(_, sp)| sp.start);
    out
}

/// Where a level flow name leads ([`jump_names`]' keys): for `goto NAME`
/// and `section NAME` the `section` line of that name (the first that has
/// entries, as `goto` takes it; else the first); for `link NAME` the
/// section of that name, else the `level NAME` line, else the map it
/// counts as ("Level 3").
fn jump_definition(ast: &Ast, key: &str) -> Option<Span> {
    let same = |a: &str, b: &str| a.trim().eq_ignore_ascii_case(b.trim());
    if let Some(name) = key.strip_prefix(GOTO).or_else(|| key.strip_prefix(SECTION)) {
        let live = ast.live_sections().find(|s| same(&s.name, name));
        return live.or_else(|| ast.level_sections.iter().find(|s| same(&s.name, name))).map(|s| s.span);
    }
    let name = key.strip_prefix(LINK)?;
    let Target::Entry(entry) = ast.link_target(name) else { return None };
    if let Some(s) = ast.live_sections().find(|s| s.first_entry == entry && same(&s.name, name)) {
        return Some(s.span);
    }
    if let Some(n) = ast.level_names.iter().rev().find(|n| n.entry == entry).filter(|n| same(&n.name, name)) {
        return Some(n.span);
    }
    match ast.levels.get(entry)? {
        LevelEntry::Map(map) => Some(map.span),
        _ => None,
    }
}

/// The name (lower case) written at byte `at` of `text`: a name the tree
/// records there, or a glyph of a level map. On a subroutine's name (where
/// it is defined or called with `gosub`) it is `subroutine NAME`; on a
/// `goto` or `link` target `goto NAME` or `link NAME`, on a `section`
/// line's name `section NAME`; [`definition`] and [`uses_in`] understand
/// them.
#[must_use]
pub fn name_at(text: &str, ast: &Ast, at: usize) -> Option<String> {
    // The cursor just after a word still counts as on it.
    let on = |sp: &Span| sp.start <= at && at <= sp.end;
    if let Some((name, ..)) = subroutine_names(text, ast).into_iter().find(|(_, sp)| on(sp)) {
        return Some(format!("{SUBROUTINE}{name}"));
    }
    if let Some((name, _)) = jump_names(text, ast).into_iter().find(|(_, sp)| on(sp)) {
        return Some(name);
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
/// that lists it; for `goto NAME`, `link NAME` and `section NAME` the
/// `section` line (or, for a link, the level) it leads to.
#[must_use]
pub fn definition(ast: &Ast, name: &str) -> Option<Span> {
    if [GOTO, LINK, SECTION].iter().any(|p| name.starts_with(p)) {
        return jump_definition(ast, name);
    }
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
/// a call's name is written). For a level flow name (`goto NAME`...): the
/// line it leads to and every `goto` and `link` leading there.
#[must_use]
pub fn uses_in(text: &str, ast: &Ast, name: &str) -> Vec<Span> {
    if [GOTO, LINK, SECTION].iter().any(|p| name.starts_with(p)) {
        let Some(def) = jump_definition(ast, name) else { return Vec::new() };
        let mut spans: Vec<Span> = jump_names(text, ast)
            .into_iter()
            .filter(|(key, _)| !key.starts_with(SECTION) && jump_definition(ast, key) == Some(def))
            .map(|(_, sp)| sp)
            .collect();
        spans.push(def);
        spans.sort_by_key(|s| (s.start, s.end));
        return spans;
    }
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

    /// A PuzzleScript Plus game with sections, `goto` (a LEVELS line and
    /// a rule's command) and links to a section, a named level and "Level 1".
    pub(crate) const FLOW: &str = "title Flow\nlevel_select\n\nOBJECTS\nBackground\nblack\n\nPlayer\nwhite\n\nDoor\nbrown\n\nLEGEND\n. = Background\nP = Player\nD = Door\n\nCOLLISIONLAYERS\nBackground\nDoor\nPlayer\n\nRULES\nlate [ Player Door ] -> goto Hard Ones\n[ action Player ] -> link\n\nWINCONDITIONS\n\nLEVELS\nsection Easy Ones\nP.D\n\ngoto  The End (the last)\n\nsection Hard Ones\nlink Door Easy Ones\nlevel Bridge\nP.D\n\nlink Door Bridge\nlink Door Level 1\nP.D\n\nsection The End\nmessage done\n";

    #[test]
    fn goto_and_link_targets_lead_to_their_section_or_level() {
        let build = engine::build(FLOW);
        let errors: Vec<_> = build.diagnostics.iter().filter(|d| d.is_error()).collect();
        assert!(errors.is_empty(), "{errors:#?}");
        let ast = &build.ast;
        let find = |needle: &str| FLOW.find(needle).unwrap_or_else(|| panic!("{needle}"));
        let line_of = |needle: &str| FLOW[..find(needle)].matches('\n').count() as u32 + 1;
        // On a rule's `goto` target, a LEVELS `goto` line's (spaced twice,
        // with a comment after), a link's target: the name, and where it leads.
        for (at, key, leads_to) in [
            (find("goto Hard") + 7, "goto hard ones", "section Hard Ones"),
            (find("The End (") + 3, "goto the end", "section The End"),
            (find("Door Easy Ones") + 6, "link easy ones", "section Easy Ones"),
            (find("Door Bridge") + 5, "link bridge", "level Bridge"),
            (find("section Hard") + 12, "section hard ones", "section Hard Ones"),
        ] {
            let name = name_at(FLOW, ast, at).unwrap_or_else(|| panic!("{key}"));
            assert_eq!(name, key);
            let def = definition(ast, &name).unwrap_or_else(|| panic!("{key} leads somewhere"));
            assert_eq!(def.text(FLOW), leads_to, "{key}");
            assert_eq!(def.line, line_of(leads_to), "{key}");
        }
        // "Level 1" (no `level` line names the first map): the map.
        let name = name_at(FLOW, ast, find("Level 1") + 2).expect("a link target");
        let def = definition(ast, &name).expect("the first map");
        assert_eq!((def.text(FLOW), def.line), ("P.D", line_of("P.D")));
        // The verbs name nothing; an unknown target leads nowhere.
        assert_eq!(name_at(FLOW, ast, find("goto  The") + 1), None);
        assert_eq!(definition(ast, "goto nowhere"), None);
        assert_eq!(definition(ast, "link level 9"), None);
        // And the engine says so, by its codes: a rule's `goto` nowhere
        // (E0807), a link to no section or level (E0809).
        let broken = FLOW.replacen("goto Hard Ones", "goto Nowhere", 1).replacen("Door Bridge", "Door Bridges", 1);
        let codes: Vec<(&str, u32)> =
            engine::build(&broken).diagnostics.iter().map(|d| (d.code, d.span.line)).collect();
        assert!(codes.contains(&("E0807", line_of("goto Hard"))), "{codes:?}");
        assert!(codes.contains(&("E0809", line_of("Door Bridge"))), "{codes:?}");
        // The uses of a section: its line and every goto and link to it.
        let lines: Vec<u32> = uses_in(FLOW, ast, "section easy ones").iter().map(|s| s.line).collect();
        assert_eq!(lines, vec![line_of("section Easy"), line_of("link Door Easy")]);
        let lines: Vec<u32> = uses_in(FLOW, ast, "goto hard ones").iter().map(|s| s.line).collect();
        assert_eq!(lines, vec![line_of("goto Hard"), line_of("section Hard")]);
    }

    #[test]
    fn uses_are_every_place_a_name_is_written_in_order() {
        let (ast, _) = engine::syntax::parse(GAME);
        let found: Vec<u32> = uses(&ast, "crate").iter().map(|s| s.line).collect();
        // Defined, in the legend, in the layers, twice in a rule, in the win condition.
        assert_eq!(found, vec![8, 18, 22, 26, 26, 31]);
    }
}
