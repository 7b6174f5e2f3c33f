//! Diagnostics over the syntax tree: names, legend, layers, rules, levels.

pub mod catalogue;

use crate::diag::Diagnostic;
use crate::syntax::ast::Ast;

/// Every problem `check` can see in `ast`. (Placeholder until it lands.)
#[must_use]
pub fn check(_ast: &Ast, _source: &str) -> Vec<Diagnostic> {
    Vec::new()
}
