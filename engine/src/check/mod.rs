//! Diagnostics over the syntax tree: names, legend, layers, rules, levels.
//!
//! Each concern is its own module; each walks the tree once and reports
//! every broken item on its own, so one mistake is reported once (names
//! that refer to a broken definition are not reported again).

mod canvas;
mod game;
mod gosub;
mod layers;
mod levels;
mod objects;
mod prelude;
mod rules;
mod sounds;
mod winconditions;

use crate::diag::Diagnostic;
use crate::names::NameTable;
use crate::syntax::ast::Ast;

/// Every problem `check` can see in `ast`, whose names are `names`, in a
/// game that is PuzzleScript Plus/Next when `plus` (from
/// [`crate::dialect::needed`]), where several checks differ: a build works
/// the dialect out once (it reads the whole tree) and hands it to both the
/// checks and the compiler.
#[must_use]
pub fn check(ast: &Ast, names: &NameTable, source: &str, plus: bool) -> Vec<Diagnostic> {
    let mut out = Vec::new();
    prelude::check(ast, source, plus, &mut out);
    out.extend_from_slice(names.problems());
    objects::check(ast, &mut out);
    canvas::check(ast, &mut out);
    sounds::check(ast, names, plus, &mut out);
    let layered = layers::check(ast, names, plus, &mut out);
    rules::check(ast, names, plus, &mut out);
    gosub::check(ast, &mut out);
    winconditions::check(ast, names, plus, &mut out);
    levels::check(ast, names, &mut out);
    rules::check_unlayered(ast, names, &layered, &mut out);
    game::check(ast, names, &layered, &mut out);
    out
}
