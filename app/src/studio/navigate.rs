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
/// else the legend entry; for `subroutine NAME`, its `subroutine` line.
#[must_use]
pub fn definition(ast: &Ast, name: &str) -> Option<Span> {
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

    #[test]
    fn uses_are_every_place_a_name_is_written_in_order() {
        let (ast, _) = engine::syntax::parse(GAME);
        let found: Vec<u32> = uses(&ast, "crate").iter().map(|s| s.line).collect();
        // Defined, in the legend, in the layers, twice in a rule, in the win condition.
        assert_eq!(found, vec![8, 18, 22, 26, 26, 31]);
    }
}
