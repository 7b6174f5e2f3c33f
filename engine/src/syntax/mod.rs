//! Text -> syntax tree. Parsing never fails: broken lines produce
//! diagnostics and are skipped.

pub mod ast;

use crate::diag::Diagnostic;
use ast::Ast;

/// Parse a whole game. (Placeholder until the parser lands.)
#[must_use]
pub fn parse(_source: &str) -> (Ast, Vec<Diagnostic>) {
    (Ast::default(), Vec::new())
}
