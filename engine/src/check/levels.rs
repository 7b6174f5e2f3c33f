//! Levels: every glyph defined and unambiguous; rows of equal length.

use super::catalogue as cat;
use super::names::{Meaning, Names};
use crate::diag::Diagnostic;
use crate::syntax::ast::{Ast, LevelEntry};

/// Check every level map.
pub fn check(ast: &Ast, names: &Names, out: &mut Vec<Diagnostic>) {
    for e in &ast.levels {
        if let LevelEntry::Message { text, span } = e {
            let lines = crate::render::wrap_message(text, crate::render::MESSAGE_COLUMNS);
            if lines.len() > crate::render::MESSAGE_ROWS {
                out.push(cat::long_message(*span));
            }
        }
        let LevelEntry::Map(m) = e else { continue };
        let first_len = m.rows.first().map_or(0, Vec::len);
        let first_line = m.row_spans.first().map_or(0, |s| s.line);
        for (j, (row, span)) in m.rows.iter().zip(&m.row_spans).enumerate() {
            if j > 0 && row.len() != first_len {
                out.push(cat::ragged_map(*span));
            }
            // The reference reports the row's position counted from the first row.
            let mut at = *span;
            at.line = first_line + u32::try_from(j).unwrap_or(0);
            let mut bad = false;
            for &ch in row {
                let key = ch.to_string();
                match names.meaning(&key) {
                    Some(Meaning::Object(_) | Meaning::Aggregate(_)) => {}
                    Some(Meaning::Property(_)) => {
                        out.push(cat::ambiguous_glyph(*span, ch));
                        if !bad {
                            out.push(cat::ambiguous_glyph(at, ch));
                        }
                        bad = true;
                    }
                    None => {
                        out.push(cat::unknown_glyph(*span, ch));
                        if !bad && at.line != span.line {
                            out.push(cat::unknown_glyph(at, ch));
                        }
                        bad = true;
                    }
                }
                if bad {
                    break;
                }
            }
        }
    }
}
