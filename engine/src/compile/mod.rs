//! Syntax tree -> immutable `Game` (objects, layers, expanded rules as bitset masks).

use crate::diag::Diagnostic;
use crate::syntax::ast::Ast;

/// A compiled game, ready to play. (Placeholder until the compiler lands.)
#[derive(Debug, Clone, Default)]
pub struct Game {}

/// Compile a checked syntax tree. (Placeholder until the compiler lands.)
#[must_use]
pub fn compile(_ast: &Ast, _source: &str) -> (Option<Game>, Vec<Diagnostic>) {
    (None, Vec::new())
}
