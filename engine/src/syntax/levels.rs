//! LEVELS: maps (rows of glyphs, separated by blank lines) and `message`
//! lines. A message also ends the map before it.

use super::Parser;
use super::ast::{Ident, LevelEntry, LevelLink, LevelMap, LevelName, LevelSection};
use super::keywords::LevelWord;
use super::text::{Line, is_word, lower_char, trim};
use crate::diag::catalogue as cat;

impl Parser<'_> {
    pub(super) fn levels_line(&mut self, line: &Line<'_>, fc: usize) {
        let raw = line.raw;
        let rest = &raw[fc..];
        let message = LevelWord::Message.as_str().len();
        if rest.len() >= message
            && rest.is_char_boundary(message)
            && LevelWord::parse(&rest[..message]) == Some(LevelWord::Message)
        {
            let after = &rest[message..];
            if after.chars().next().is_some_and(is_word) {
                self.diags.push(cat::message_no_space(line.span(fc, fc + message)));
            }
            let text = trim(after).to_owned();
            let end = super::text::trim_end_len(raw);
            self.ast.levels.push(LevelEntry::Message { text, span: line.span(fc, end) });
            self.map_open = false;
            return;
        }
        if self.levels_verb_line(line, fc) {
            self.map_open = false;
            return;
        }
        let stop = line.open_paren_from(fc);
        let (row, len) = if line.ascii {
            // `fc` is the first character that is not whitespace.
            let end = fc + super::text::trim_end_len(&raw[fc..stop]);
            let row: Vec<char> = self.lower_line(line).as_bytes()[fc..end].iter().map(|&b| char::from(b)).collect();
            (row, end - fc)
        } else {
            let row_text = trim(&raw[fc..stop]);
            let mut row: Vec<char> = Vec::with_capacity(row_text.len());
            row.extend(row_text.chars().map(lower_char));
            (row, row_text.len())
        };
        let span = line.span(fc, fc + len);
        if self.map_open
            && let Some(LevelEntry::Map(m)) = self.ast.levels.last_mut()
        {
            m.rows.push(row);
            m.row_spans.push(span);
            m.span = m.span.to(span);
            return;
        }
        // Room for the rows of most levels at once.
        let mut rows = Vec::with_capacity(16);
        rows.push(row);
        let mut row_spans = Vec::with_capacity(16);
        row_spans.push(span);
        self.ast.levels.push(LevelEntry::Map(LevelMap { rows, row_spans, span }));
        self.map_open = true;
    }

    /// PuzzleScript Plus/Next's word lines in LEVELS: `section NAME`,
    /// `level NAME`, `goto NAME` (an entry), `link OBJECT NAME`, and the
    /// `title`/`input` lines we refuse.
    /// Only a verb followed by a space and more text counts: a classic map
    /// row has no spaces, so no classic game reads differently.
    fn levels_verb_line(&mut self, line: &Line<'_>, fc: usize) -> bool {
        let raw = line.raw;
        let rest = &raw[fc..];
        let Some(word) = LevelWord::verbs().find(|w| {
            let v = w.as_str();
            rest.len() > v.len()
                && rest.is_char_boundary(v.len())
                && rest[..v.len()].eq_ignore_ascii_case(v)
                && rest[v.len()..].starts_with(super::text::is_ws)
        }) else {
            return false;
        };
        let verb = word.as_str();
        let stop = line.open_paren_from(fc);
        let name = trim(&raw[(fc + verb.len()).min(stop)..stop]).to_owned();
        if name.is_empty() {
            return false;
        }
        let end = super::text::trim_end_len(raw);
        let span = line.span(fc, end);
        let entry = self.ast.levels.len();
        match word {
            LevelWord::Section => self.ast.level_sections.push(LevelSection { name, first_entry: entry, span }),
            LevelWord::Level => self.ast.level_names.push(LevelName { name, entry, span }),
            _ => {
                self.ast.level_verbs.push(Ident { text: super::smol(verb), span: line.span(fc, fc + verb.len()) });
                if word == LevelWord::Goto {
                    self.ast.levels.push(LevelEntry::Goto { target: name, span });
                } else if word == LevelWord::Link {
                    let (object, target) = name.split_once(super::text::is_ws).unwrap_or((name.as_str(), ""));
                    let at = fc + verb.len() + super::text::ws_len(&raw[fc + verb.len()..]);
                    let object =
                        Ident { text: super::smol(&object.to_lowercase()), span: line.span(at, at + object.len()) };
                    let target = trim(target).to_owned();
                    self.ast.level_links.push(LevelLink { object, target, from_entry: entry, span });
                }
            }
        }
        true
    }
}
