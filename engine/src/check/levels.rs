//! Levels: every glyph defined and unambiguous; rows of equal length.

use crate::diag::Diagnostic;
use crate::diag::catalogue as cat;
use crate::names::{Meaning, NameTable};
use crate::syntax::ast::{Ast, LevelEntry, RuleLineKind, Target};
use crate::syntax::keywords::LevelWord;

/// What a level glyph stands for.
#[derive(Clone, Copy)]
enum Glyph {
    /// An object or an `and` aggregate: it can be placed.
    Placeable,
    /// An `or` property: which object is meant is unclear.
    Ambiguous,
    /// Nothing.
    Unknown,
}

/// Where `goto` (a LEVELS entry or a rule's command) and `link` lead: to
/// one section (or, for a link, a level) of the game.
fn jumps(ast: &Ast, names: &NameTable, out: &mut Vec<Diagnostic>) {
    let goto = |span, name: &str, out: &mut Vec<Diagnostic>| match ast.section_target(name) {
        Target::Entry(_) => {}
        Target::Missing => out.push(cat::goto_no_section(span, name.trim())),
        Target::Duplicate => out.push(cat::goto_duplicate_section(span, name.trim())),
    };
    for e in &ast.levels {
        if let LevelEntry::Goto { target, span } = e {
            goto(*span, target, out);
        }
    }
    for def in &ast.rules {
        let RuleLineKind::Rule(rule) = &def.kind else { continue };
        for cmd in rule.commands.iter().filter(|c| c.name.text.as_str() == "goto") {
            goto(cmd.name.span, cmd.argument.as_deref().unwrap_or(""), out);
        }
    }
    for link in &ast.level_links {
        if names.meaning(&link.object.text).is_none() {
            out.push(cat::link_unknown_object(link.object.span, &link.object.text));
        }
        if ast.link_target(&link.target) == Target::Missing {
            out.push(cat::link_no_target(link.span, link.target.trim()));
        }
    }
}

/// Check every level map.
pub fn check(ast: &Ast, names: &NameTable, out: &mut Vec<Diagnostic>) {
    // What each glyph stands for, looked up once per glyph rather than per
    // cell: ASCII glyphs in a table, others in a map.
    let mut kinds: rustc_hash::FxHashMap<char, Option<Glyph>> = rustc_hash::FxHashMap::default();
    let mut ascii: [Option<Glyph>; 128] = [None; 128];
    let mut kind_of = |ch: char| {
        let slot = match ascii.get_mut(ch as usize) {
            Some(slot) => slot,
            None => kinds.entry(ch).or_insert(None),
        };
        *slot.get_or_insert_with(|| match names.meaning(ch.encode_utf8(&mut [0u8; 4])) {
            Some(Meaning::Object(_) | Meaning::Aggregate(_)) => Glyph::Placeable,
            Some(Meaning::Property(_)) => Glyph::Ambiguous,
            None => Glyph::Unknown,
        })
    };
    for v in ast.level_verbs.iter().filter(|v| LevelWord::parse(&v.text).is_none_or(|w| !w.is_supported())) {
        out.push(cat::level_verb_unsupported(v.span, &v.text));
    }
    jumps(ast, names, out);
    for e in &ast.levels {
        if let LevelEntry::Message { text, span } = e
            && crate::wrap::wrap_count(text, crate::wrap::MESSAGE_COLUMNS) > crate::wrap::MESSAGE_ROWS
        {
            out.push(cat::long_message(*span));
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
                let kind = kind_of(ch);
                match kind {
                    Glyph::Placeable => {}
                    Glyph::Ambiguous => {
                        out.push(cat::ambiguous_glyph(*span, ch));
                        if !bad {
                            out.push(cat::ambiguous_glyph(at, ch));
                        }
                        bad = true;
                    }
                    Glyph::Unknown => {
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
