//! LEGEND lines: `name = item`, `name = a and b ...`, `name = a or b ...`.

use super::Parser;
use super::ast::{Ident, LegendDef, LegendKind};
use super::text::{Line, is_ws, word_len};
use crate::diag::catalogue as cat;

impl Parser<'_> {
    pub(super) fn legend_line(&mut self, line: &Line<'_>, code: &str, fc: usize) {
        let end = super::text::trim_end_len(code);
        let whole = line.span(fc, end);
        // Left-hand side: everything up to whitespace or `=`.
        let lhs_len = if line.ascii {
            code.as_bytes()[fc..].iter().position(|&b| b == b'=' || b == b' ' || (b'\t'..=b'\r').contains(&b))
        } else {
            code[fc..].find(|c: char| is_ws(c) || c == '=')
        }
        .unwrap_or(code.len() - fc);
        let name = Ident { text: self.lower_word(line, fc, fc + lhs_len), span: line.span(fc, fc + lhs_len) };
        let mut pos = skip_ws(code, fc + lhs_len);
        if pos >= code.len() {
            self.diags.push(cat::legend_shape(whole));
            return;
        }
        if !code[pos..].starts_with('=') {
            self.diags.push(cat::legend_shape(whole));
            return;
        }
        pos = skip_ws(code, pos + 1);
        // Room for the items of most lines (the first push would make as
        // much).
        let mut items = Vec::with_capacity(4);
        let mut kind = LegendKind::Alias;
        let mut expect_name = true;
        while pos < code.len() {
            let wl = if self.plus { super::tags::name_len(&code[pos..]) } else { word_len(&code[pos..]) };
            if wl == 0 {
                self.diags.push(cat::legend_shape(line.span(pos, end)));
                return;
            }
            let word = &code[pos..pos + wl];
            let span = line.span(pos, pos + wl);
            if expect_name {
                items.push(Ident { text: self.lower_word(line, pos, pos + wl), span });
            } else {
                // No character outside ASCII lower-cases to a letter of
                // `and` or `or`, so comparing ignoring ASCII case is the
                // same test as lower-casing first.
                let k = if word.eq_ignore_ascii_case("and") {
                    LegendKind::And
                } else if word.eq_ignore_ascii_case("or") {
                    LegendKind::Or
                } else {
                    self.diags.push(cat::legend_expected_logic(span, &word.to_lowercase()));
                    return;
                };
                if items.len() > 1 && k != kind {
                    self.diags.push(cat::legend_mixed(span));
                    return;
                }
                kind = k;
            }
            expect_name = !expect_name;
            pos = skip_ws(code, pos + wl);
        }
        if items.is_empty() || expect_name {
            self.diags.push(cat::legend_shape(whole));
            return;
        }
        self.ast.legend.push(LegendDef { name, kind, items, span: whole });
    }
}

fn skip_ws(code: &str, pos: usize) -> usize {
    let pos = pos.min(code.len());
    pos + super::text::ws_len(&code[pos..])
}
