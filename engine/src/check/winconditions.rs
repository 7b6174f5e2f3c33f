//! Win conditions: `all|any|no|some NAME [on NAME]`.

use crate::diag::Diagnostic;
use crate::diag::catalogue as cat;
use crate::names::NameTable;
use crate::syntax::ast::Ast;

/// Check every win condition.
/// `plus`: the game is PuzzleScript Plus/Next ([`crate::dialect::needed`]).
pub fn check(ast: &Ast, names: &NameTable, plus: bool, out: &mut Vec<Diagnostic>) {
    // A Plus/Next game's names may carry tags (`Player:directions`).
    let name_char = |c: char| crate::syntax::text::is_word(c) || plus && c == ':';
    for w in &ast.win_conditions {
        let ws = &w.words;
        if ws.is_empty() {
            continue;
        }
        if !matches!(ws[0].text.as_str(), "all" | "any" | "no" | "some") {
            out.push(cat::win_bad_quantifier(w.span, &ws[0].text));
            continue;
        }
        if ws.len() != 2 && ws.len() != 4 {
            out.push(cat::win_shape(w.span));
            continue;
        }
        if ws.len() == 4 && ws[2].text != "on" {
            out.push(cat::win_expected_on(w.span, &ws[2].text));
            continue;
        }
        for i in [1, 3] {
            let Some(n) = ws.get(i) else { continue };
            if !n.text.chars().all(name_char) || !names.defined(&n.text) {
                out.push(cat::win_unknown_name(w.span, &n.text));
            } else if names.objects_of(&n.text).is_empty()
                && let Some(missing) = names.undefined_part(&n.text)
            {
                out.push(cat::win_name_broken(w.span, &n.text, missing));
            }
        }
    }
}
