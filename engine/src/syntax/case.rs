//! PuzzleScript Plus/Next's `case_sensitive`: object names, legend keys
//! and level glyphs keep the case they are written in (`MoveD` and `Moved`
//! are two objects, `b` and `B` two glyphs), while the language's own
//! words (directions, `and`, `no`, sound verbs...) are read as always.
//!
//! The section parsers read every word in lower case; in a game with
//! `case_sensitive` this pass then puts back, from the source, the written
//! text of each word that names something (the name table lets an object
//! written `Player` or `Background` answer to `player` or `background`
//! too, as PuzzleScript Next does). A game without the option is left
//! exactly as parsed.

use super::ast::{Ast, Cell, Ident, LevelEntry, RuleLineKind};
use super::keywords::SoundEvent;

/// Whether the game's prelude says `case_sensitive`.
#[must_use]
pub fn wanted(ast: &Ast) -> bool {
    ast.prelude.iter().any(|p| p.key.text == "case_sensitive")
}

/// Give every name of `ast` its case as written in `source`.
pub fn restore(ast: &mut Ast, source: &str) {
    let fix = |id: &mut Ident| keep_written(id, source);
    for o in &mut ast.objects {
        fix(&mut o.name);
        o.extra_names.iter_mut().for_each(fix);
        if let Some(c) = &mut o.copy_from {
            fix(c);
        }
    }
    for l in &mut ast.legend {
        fix(&mut l.name);
        l.items.iter_mut().for_each(fix);
    }
    for s in &mut ast.sounds {
        if let Some(first) = s.words.first_mut()
            && SoundEvent::parse(&first.text).is_none()
        {
            fix(first);
        }
    }
    for layer in &mut ast.layers {
        layer.names.iter_mut().for_each(fix);
    }
    for r in &mut ast.rules {
        let RuleLineKind::Rule(rule) = &mut r.kind else { continue };
        for row in rule.lhs.iter_mut().chain(rule.rhs.iter_mut()) {
            for cell in &mut row.cells {
                if let Cell::Items(items, _) = cell {
                    items.iter_mut().for_each(|i| fix(&mut i.name));
                }
            }
        }
    }
    for w in &mut ast.win_conditions {
        for word in &mut w.words {
            if !matches!(word.text.as_str(), "all" | "any" | "no" | "some" | "on") {
                fix(word);
            }
        }
    }
    for entry in &mut ast.levels {
        let LevelEntry::Map(map) = entry else { continue };
        for (row, span) in map.rows.iter_mut().zip(&map.row_spans) {
            if let Some(written) = source.get(span.start..span.end) {
                let chars: Vec<char> = written.chars().collect();
                if chars.len() == row.len() {
                    *row = chars;
                }
            }
        }
    }
    ast.case_sensitive = true;
}

/// `id` with the text its span covers in `source`, when that text is the
/// same word in another case (anything else is left alone).
fn keep_written(id: &mut Ident, source: &str) {
    let Some(written) = source.get(id.span.start..id.span.end) else { return };
    if written == id.text.as_str() || written.to_lowercase() != id.text.as_str() {
        return;
    }
    id.text = written.into();
}

#[cfg(test)]
mod tests {
    /// A game of ours: `Lamp` and `LAMP` are two objects, `l` and `L` two
    /// glyphs; touching `Lamp` lights it (turns it into `LAMP`). The
    /// player object is written `Player`, the background `Background`.
    fn game(case_sensitive: bool) -> String {
        let opt = if case_sensitive { "case_sensitive\n" } else { "" };
        format!(
            "title Lamps\n{opt}\nOBJECTS\nBackground\nblack\n\nPlayer\nwhite\n\nLamp\ngrey\n\nLAMP\nyellow\n\n\
             LEGEND\n. = Background\nP = Player\nl = Lamp\nL = LAMP\n\nSOUNDS\n\nCOLLISIONLAYERS\nBackground\nPlayer, Lamp, LAMP\n\n\
             RULES\n[ > Player | Lamp ] -> [ Player | LAMP ]\n\nWINCONDITIONS\nno Lamp\n\nLEVELS\nPlL\n"
        )
    }

    #[test]
    fn names_keep_their_case() {
        // (That a case-sensitive game plays so is run::tests::case_sensitive.)
        let b = crate::build(&game(true));
        assert!(b.game.is_some(), "{}", b.first_errors(5));
        let g = b.game.expect("compiled");
        let names: Vec<&str> = g.objects.iter().map(|o| o.name.as_str()).collect();
        assert_eq!(names, ["Background", "Player", "Lamp", "LAMP"]);
    }

    #[test]
    fn a_game_without_the_option_reads_names_in_any_case() {
        // Without `case_sensitive`, `LAMP` is `Lamp` defined again and `L`
        // is `l` twice: refused, as the reference refuses it.
        let b = crate::build(&game(false));
        assert!(b.game.is_none());
        let (ast, _) = super::super::parse(&game(false));
        assert!(!ast.case_sensitive);
        assert!(ast.objects.iter().all(|o| o.name.text == o.name.text.to_lowercase()));
    }

    #[test]
    fn language_words_are_read_in_any_case() {
        let src = game(true).replace("[ > Player", "RIGHT [ > Player").replace("no Lamp", "NO Lamp");
        let b = crate::build(&src);
        assert!(b.game.is_some(), "{}", b.first_errors(5));
        let (ast, _) = super::super::parse(&src);
        let legend: Vec<&str> = ast.legend.iter().map(|l| l.name.text.as_str()).collect();
        assert_eq!(legend, [".", "P", "l", "L"]);
        let super::LevelEntry::Map(m) = &ast.levels[0] else { panic!("a map") };
        assert_eq!(m.rows[0], ['P', 'l', 'L']);
    }
}
