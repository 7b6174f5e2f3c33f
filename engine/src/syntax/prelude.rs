//! Prelude lines: `key` or `key value` before the first section.

use super::Parser;
use super::ast::{Ident, PreludeLine};
use super::text::{Line, is_ws, trim, word_len};
use crate::diag::catalogue as cat;

impl Parser<'_> {
    pub(super) fn prelude_line(&mut self, line: &Line<'_>, code: &str, fc: usize) {
        let wl = word_len(&code[fc..]);
        if wl == 0 {
            let end = super::text::trim_end_len(code);
            self.diags.push(cat::prelude_garbage(line.span(fc, end)));
            return;
        }
        let key = Ident { text: self.lower_word(line, fc, fc + wl), span: line.span(fc, fc + wl) };
        // PuzzleScript Next's TAGS and MAPPINGS sections sit between the
        // prelude and OBJECTS (a classic game has no prelude option of
        // either name): `tags.rs` reads their lines.
        if let Some(section) = super::keywords::TagSection::parse(&key.text)
            && code[fc + wl..].trim_matches(is_ws).is_empty()
        {
            self.tag_header(section, key.span);
            return;
        }
        if self.tag_section.is_some() {
            self.tag_line(line, code, fc);
            return;
        }
        // The value runs from after the key to the first `(`, as written.
        let after = fc + wl;
        let stop = line.open_paren_from(after);
        let value_raw = &line.raw[after..stop];
        let v = trim(value_raw);
        let (value, value_span) = if v.is_empty() {
            (None, None)
        } else {
            let lead = value_raw.len() - value_raw.trim_start_matches(is_ws).len();
            let a = after + lead;
            (Some(v.to_owned()), Some(line.span(a, a + v.len())))
        };
        if crate::options::PreludeOption::from_keyword(&key.text)
            .is_some_and(|o| o.dialect() > crate::options::Dialect::Classic)
        {
            self.plus = true;
        }
        if key.text == "case_sensitive" {
            self.case_sensitive = true;
        }
        let end = super::text::trim_end_len(code).max(fc + wl);
        self.ast.prelude.push(PreludeLine { key, value, value_span, span: line.span(fc, end) });
    }
}
