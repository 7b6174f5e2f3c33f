//! Win conditions: `all|any|no|some NAME [on NAME]`.

use crate::diag::catalogue as cat;
use crate::names::{Meaning, NameTable};
use crate::diag::Diagnostic;
use crate::syntax::ast::Ast;

/// Check every win condition.
pub fn check(ast: &Ast, names: &NameTable, out: &mut Vec<Diagnostic>) {
    for w in &ast.win_conditions {
        let ws = &w.words;
        let bad = |what: &str| cat::wincondition(w.span, what);
        if ws.is_empty() {
            continue;
        }
        if !matches!(ws[0].text.as_str(), "all" | "any" | "no" | "some") {
            out.push(bad(&format!("it must start with ALL, ANY, SOME or NO, not {}", ws[0].text.to_uppercase())));
            continue;
        }
        if ws.len() != 2 && ws.len() != 4 {
            out.push(bad("it reads `QUANTIFIER NAME` or `QUANTIFIER NAME on NAME`"));
            continue;
        }
        if ws.len() == 4 && ws[2].text != "on" {
            out.push(bad(&format!("expected ON, found {}", ws[2].text.to_uppercase())));
            continue;
        }
        for i in [1, 3] {
            let Some(n) = ws.get(i) else { continue };
            if !n.text.chars().all(crate::syntax::text::is_word) || !names.defined(&n.text) {
                out.push(bad(&format!("{} is not an object or legend name", n.text.to_uppercase())));
            } else if !matches!(names.meaning(&n.text), Some(Meaning::Object(_) | Meaning::Aggregate(_) | Meaning::Property(_))) {
                out.push(bad(&format!("{} cannot be used here", n.text.to_uppercase())));
            }
        }
    }
}
