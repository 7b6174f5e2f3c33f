//! One rule line with an arrow read, a part at a time, by [`RuleReader`]:
//! prefixes, rows of cells, the arrow, the right-hand rows, commands.

use super::{Kind, Tok, empty, is_command, is_twiddle, joined, modifier, take_exact};
use crate::diag::Diagnostic;
use crate::diag::catalogue as cat;
use crate::span::Span;
use crate::syntax::Parser;
use crate::syntax::ast::{Cell, CellItem, CellRow, Ident, Rule, RuleCommand, RuleLineKind, SmolStr};
use crate::syntax::keywords::{CommandWord, Modifier, RulePrefix};
use crate::syntax::text::{Line, is_ws};
use rustc_hash::FxHashSet as HashSet;

/// Why a rule line is dropped.
pub(super) enum Dropped {
    /// An error: the rule is reported and dropped.
    Error(Diagnostic),
    /// A warning after which the reference drops the rule.
    Warning(Diagnostic),
}

impl Dropped {
    /// The diagnostic that says why.
    pub(super) fn into_diagnostic(self) -> Diagnostic {
        match self {
            Dropped::Error(d) | Dropped::Warning(d) => d,
        }
    }
}

/// What a part of a rule line read: keep going, or the line is dropped.
pub(super) type Read<T = ()> = Result<T, Dropped>;

/// Whether the reader goes on to the next token or the rule is complete
/// (a command that takes the rest of the line).
#[derive(Clone, Copy, PartialEq, Eq)]
enum Next {
    Token,
    Done,
}

/// Where the reader is among the brackets of a rule line.
#[derive(Default)]
struct Place {
    /// `[` minus `]` so far.
    balance: i32,
    /// Inside a row (after a `[`, before its `]`).
    in_row: bool,
    /// Past the arrow.
    rhs: bool,
    /// Byte where the row being read starts (its `[`).
    row_start: usize,
    /// Byte where the cell being read starts.
    cell_start: usize,
    /// The cell being read is an ellipsis.
    ellipsis: Option<Span>,
    /// A modifier waiting for its object.
    pending: Option<Ident>,
    /// The cell being read has something in it.
    seen_content: bool,
}

/// Reads the tokens of one rule line that has an arrow, a part at a time
/// (prefixes, rows of cells, the arrow, the right-hand rows, commands),
/// into a [`Rule`] and the diagnostics it gathers on the way.
pub(super) struct RuleReader<'r, 's, 't> {
    parser: &'r Parser<'s>,
    line: &'r Line<'r>,
    toks: &'r [Tok<'t>],
    /// The names a cell may hold.
    names: &'r HashSet<SmolStr>,
    /// The cells of the row being read (kept in a list of its exact length
    /// when the row ends; the room stays for the next row and line).
    cells: &'r mut Vec<Cell>,
    /// The items of the cell being read (likewise).
    items: &'r mut Vec<CellItem>,
    /// The rule read so far.
    pub(super) rule: Rule,
    /// Warnings that leave the rule in.
    pub(super) warnings: Vec<Diagnostic>,
    /// Errors after which the rest of the rule is still read (and kept).
    pub(super) kept_errors: Vec<Diagnostic>,
    /// The next token to read.
    at: usize,
    /// The rule has the `late` prefix.
    late: bool,
    place: Place,
}

impl<'r, 's, 't> RuleReader<'r, 's, 't> {
    /// A reader of `toks` (of `line`, with an arrow among them), with empty
    /// scratch lists `cells` and `items`.
    pub(super) fn new(
        parser: &'r Parser<'s>,
        line: &'r Line<'r>,
        toks: &'r [Tok<'t>],
        names: &'r HashSet<SmolStr>,
        scratch: (&'r mut Vec<Cell>, &'r mut Vec<CellItem>),
    ) -> Self {
        let (cells, items) = scratch;
        empty(cells);
        empty(items);
        RuleReader {
            parser,
            line,
            toks,
            names,
            cells,
            items,
            rule: Rule {
                plus: None,
                prefixes: Vec::new(),
                lhs: Vec::new(),
                rhs: Vec::new(),
                commands: Vec::new(),
                arrow: None,
            },
            warnings: Vec::new(),
            kept_errors: Vec::new(),
            at: 0,
            late: false,
            place: Place::default(),
        }
    }

    /// Read the whole line.
    pub(super) fn read(&mut self) -> Read {
        self.prefixes()?;
        self.make_room();
        self.patterns()?;
        self.check_sides()
    }

    fn span(&self, t: &Tok<'_>) -> Span {
        self.line.span(t.start, t.end)
    }

    /// The whole rule's span (its first token to its last).
    fn whole(&self) -> Span {
        self.line.span(self.toks[0].start, self.toks[self.toks.len() - 1].end)
    }

    /// Refuse the rule with the message `make` at token `t`.
    fn error(&self, t: &Tok<'_>, make: fn(Span) -> Diagnostic) -> Dropped {
        Dropped::Error(make(self.span(t)))
    }

    /// The words before the first `[`: `+`, `late`, `rigid`, `random`,
    /// directions (and PuzzleScript Plus's `global`, PuzzleScript Next's
    /// `once`).
    fn prefixes(&mut self) -> Read {
        let toks = self.toks;
        // Room for the prefixes: the words before the first `[` (but a
        // leading `+`).
        let first_open = toks.iter().position(|t| t.kind == Kind::Open).unwrap_or(toks.len());
        let words = first_open - usize::from(toks[0].text == "+");
        if words > 0 {
            self.rule.prefixes = Vec::with_capacity(words);
        }
        let mut rigid = false;
        for (i, t) in toks[..first_open].iter().enumerate() {
            let word = match &*t.text {
                "+" => {
                    if self.rule.plus.is_some() {
                        return Err(self.error(t, cat::rule_two_plus));
                    }
                    if i != 0 {
                        return Err(self.error(t, cat::rule_plus_not_first));
                    }
                    if !self.parser.ast.rules.iter().any(|r| matches!(r.kind, RuleLineKind::Rule(_))) {
                        return Err(self.error(t, cat::rule_plus_without_group));
                    }
                    self.rule.plus = Some(self.span(t));
                    continue;
                }
                "^" | "v" | "<" | ">" | "perpendicular" | "parallel" => {
                    return Err(self.error(t, cat::rule_relative_prefix));
                }
                "up" | "down" | "left" | "right" | "horizontal" | "vertical" | "orthogonal" | "moving" => {
                    SmolStr::new(&t.text)
                }
                word => match RulePrefix::parse(word) {
                    Some(RulePrefix::Late) => {
                        self.late = true;
                        SmolStr::new_static(RulePrefix::Late.as_str())
                    }
                    Some(RulePrefix::Rigid) => {
                        rigid = true;
                        SmolStr::new_static(RulePrefix::Rigid.as_str())
                    }
                    Some(RulePrefix::Random) => {
                        if self.rule.plus.is_some() {
                            return Err(self.error(t, cat::rule_random_in_group));
                        }
                        SmolStr::new_static(RulePrefix::Random.as_str())
                    }
                    // PuzzleScript Plus: the rule ignores `local_radius`.
                    Some(RulePrefix::Global) if self.parser.plus => SmolStr::new_static(RulePrefix::Global.as_str()),
                    // PuzzleScript Next: the rule's matches are applied in one
                    // go, and that does not make its group go round again.
                    Some(RulePrefix::Once) if self.parser.plus => SmolStr::new_static(RulePrefix::Once.as_str()),
                    // PuzzleScript Next: the rule is copied per value of a
                    // tag (`syntax::tags`).
                    None if self.parser.plus && self.parser.is_tag(word) => SmolStr::new(word),
                    _ => return Err(Dropped::Error(cat::rule_bad_prefix(self.span(t), &t.text))),
                },
            };
            self.rule.prefixes.push(Ident { text: word, span: self.span(t) });
        }
        self.at = first_open;
        if self.late && rigid {
            return Err(Dropped::Error(cat::late_rigid(self.whole())));
        }
        Ok(())
    }

    /// Room for the rows: as many as there are `[` on either side of the
    /// arrow (exactly that many in a well-formed rule).
    fn make_room(&mut self) {
        let toks = &self.toks[self.at..];
        let arrow_at = toks.iter().position(|t| t.kind == Kind::Arrow).unwrap_or(toks.len());
        let opens = |ts: &[Tok<'_>]| ts.iter().filter(|t| t.kind == Kind::Open).count();
        self.rule.lhs = Vec::with_capacity(opens(&toks[..arrow_at]));
        self.rule.rhs = Vec::with_capacity(opens(&toks[arrow_at..]));
    }

    /// Everything after the prefixes: rows of cells on both sides of the
    /// arrow, then the commands.
    fn patterns(&mut self) -> Read {
        let toks = self.toks;
        while let Some(t) = toks.get(self.at) {
            match t.kind {
                Kind::Open => self.open_row(t)?,
                Kind::Bar | Kind::Close => self.end_cell(t)?,
                Kind::Arrow => self.arrow(t)?,
                Kind::Word => {
                    if self.word(t)? == Next::Done {
                        break;
                    }
                }
            }
            self.at += 1;
        }
        Ok(())
    }

    /// A `[`: a row starts.
    fn open_row(&mut self, t: &Tok<'_>) -> Read {
        let place = &mut self.place;
        place.balance += 1;
        if place.balance > 1 {
            self.warnings.push(cat::rule_nested_bracket(self.line.span(t.start, t.end)));
        }
        if place.seen_content {
            return Err(self.error(t, cat::rule_unclosed_pattern));
        }
        place.in_row = true;
        place.row_start = t.start;
        place.cell_start = t.end;
        place.ellipsis = None;
        place.pending = None;
        empty(self.cells);
        empty(self.items);
        Ok(())
    }

    /// A `|` or `]`: the cell being read ends, and with `]` its row.
    fn end_cell(&mut self, t: &Tok<'_>) -> Read {
        let close = t.kind == Kind::Close;
        if close {
            self.place.balance -= 1;
            if self.place.balance < 0 {
                return Err(Dropped::Warning(cat::rule_stray_close_bracket(self.span(t))));
            }
        } else if !self.place.in_row {
            self.warnings.push(cat::rule_bar_outside(self.span(t)));
            return Ok(());
        }
        if self.place.pending.is_some() {
            return Err(self.error(t, cat::rule_modifier_without_object));
        }
        let cspan = self.line.span(self.place.cell_start, t.start);
        if let Some(e) = self.place.ellipsis.take() {
            if !self.items.is_empty() {
                return Err(self.error(t, cat::rule_ellipsis_not_alone));
            }
            self.cells.push(Cell::Ellipsis(e));
        } else {
            self.cells.push(Cell::Items(take_exact(self.items), cspan));
        }
        self.place.seen_content = false;
        self.place.cell_start = t.end;
        if close {
            let row = CellRow { cells: take_exact(self.cells), span: self.line.span(self.place.row_start, t.end) };
            if self.place.rhs {
                self.rule.rhs.push(row);
            } else {
                self.rule.lhs.push(row);
            }
            self.place.in_row = false;
        }
        Ok(())
    }

    /// `->`: the right-hand side starts.
    fn arrow(&mut self, t: &Tok<'_>) -> Read {
        if self.place.in_row {
            self.warnings.push(cat::rule_arrow_in_pattern(self.span(t)));
        } else if self.place.rhs {
            return Err(self.error(t, cat::rule_two_arrows));
        } else {
            self.place.rhs = true;
            self.rule.arrow = Some(self.span(t));
        }
        Ok(())
    }

    /// A word: a modifier, a name, `...`, or a command.
    fn word(&mut self, t: &Tok<'_>) -> Read<Next> {
        let text: &str = &t.text;
        let parser = self.parser;
        if let Some(word) = modifier(text) {
            self.modifier(t, word)?;
        } else if let Some(name) = self.names.get(text).cloned().or_else(|| tagged_name(parser.plus, text)) {
            if self.place.in_row {
                let name = Ident { text: name, span: self.span(t) };
                self.items.push(CellItem { modifier: self.place.pending.take(), name });
                self.place.seen_content = true;
            } else {
                self.warnings.push(cat::rule_name_outside(self.span(t)));
            }
        } else if text == "..." {
            if self.place.in_row {
                self.place.ellipsis = Some(self.span(t));
                self.place.seen_content = true;
            } else {
                self.warnings.push(cat::rule_ellipsis_outside(self.span(t)));
            }
        } else if is_command(text, parser.plus) || (parser.twiddling() && is_twiddle(text)) {
            return self.command(t);
        } else if let Some(word) = click_word(text).filter(|_| parser.mouse_clicks()) {
            // PuzzleScript Next's click marks, directions only where the
            // prelude says `mouse_clicks`.
            self.modifier(t, word)?;
        } else {
            let unknown = cat::rule_unknown_name(self.span(t), text);
            if !self.place.in_row {
                return Err(Dropped::Error(unknown));
            }
            // Inside a cell the stray word is an error, but the rest of the
            // rule is still read (and replayed) without it.
            self.kept_errors.push(unknown);
        }
        Ok(Next::Token)
    }

    /// A modifier word (`word`, as spelled in [`modifier`]) before an
    /// object in a cell.
    fn modifier(&mut self, t: &Tok<'_>, word: &'static str) -> Read {
        if self.place.pending.is_some() {
            return Err(self.error(t, cat::rule_two_modifiers));
        } else if !self.place.in_row {
            self.warnings.push(cat::rule_direction_outside(self.span(t)));
        } else if self.late && !matches!(word, "no" | "random" | "randomdir") {
            return Err(self.error(t, cat::late_movement));
        } else {
            self.place.pending = Some(Ident { text: SmolStr::new_static(word), span: self.span(t) });
            self.place.seen_content = true;
        }
        Ok(())
    }

    /// A command word after the right-hand side; `message`, `gosub`,
    /// `goto`, `log` and an option twiddle take the rest of the line.
    fn command(&mut self, t: &Tok<'_>) -> Read<Next> {
        let text: &str = &t.text;
        let toks = self.toks;
        if !self.place.rhs {
            return Err(self.error(t, cat::rule_command_before_arrow));
        }
        if self.place.in_row || toks[self.at..].iter().any(|x| x.kind == Kind::Close) {
            self.warnings.push(cat::rule_command_not_last(self.span(t)));
        }
        let name = Ident { text: SmolStr::new(text), span: self.span(t) };
        if self.rule.commands.capacity() == 0 {
            // Room for this and every word after it.
            self.rule.commands = Vec::with_capacity(toks.len() - self.at);
        }
        let twiddle = is_twiddle(text);
        // `status TEXT` (PuzzleScript Next) takes the rest of the line too.
        if CommandWord::parse(text).is_some_and(CommandWord::takes_text) || twiddle {
            let arg = self.line.raw[t.end..].trim_matches(is_ws).to_owned();
            if arg.is_empty() && twiddle {
                return Err(self.error(t, cat::twiddle_without_value));
            }
            self.rule.commands.push(RuleCommand { name, argument: Some(arg) });
            return Ok(Next::Done);
        }
        if text == "gosub" {
            // PuzzleScript Next: the subroutine's name is the rest of the
            // line (`gosub incn again` names `incn again`).
            self.rule.commands.push(RuleCommand { name, argument: Some(joined(&toks[self.at + 1..])) });
            return Ok(Next::Done);
        }
        if text.starts_with("sfx")
            && !self.parser.ast.sounds.iter().any(|s| s.words.first().is_some_and(|w| w.text.as_str() == text))
        {
            self.warnings.push(cat::rule_sfx_undefined(self.span(t), text));
        }
        self.rule.commands.push(RuleCommand { name, argument: None });
        Ok(Next::Token)
    }

    /// The sides agree: as many rows on each (or no right side, with
    /// commands), as many cells in each pair of rows, and a left side.
    fn check_sides(&self) -> Read {
        let rule = &self.rule;
        if rule.lhs.len() != rule.rhs.len() {
            if rule.commands.is_empty() || !rule.rhs.is_empty() {
                return Err(Dropped::Warning(cat::side_count(self.whole())));
            }
        } else {
            for (l, r) in rule.lhs.iter().zip(&rule.rhs) {
                if l.cells.len() != r.cells.len() {
                    return Err(Dropped::Error(cat::row_length(r.span)));
                }
            }
        }
        if rule.lhs.is_empty() {
            return Err(Dropped::Error(cat::rule_no_pattern(self.whole())));
        }
        Ok(())
    }
}

/// PuzzleScript Next's click marks (`mouse_clicks`), as spelled.
/// In a PuzzleScript Plus/Next game, a word of parts joined by `:`
/// (`Player:>`, `Crate:Dirs`) is a name whose tags `syntax::tags` reads.
fn tagged_name(plus: bool, word: &str) -> Option<SmolStr> {
    let tagged = plus
        && word.contains(':')
        && word.split(':').all(|p| {
            !p.is_empty() && (super::super::tags::name_len(p) == p.len() || matches!(p, ">" | "<" | "^" | "v"))
        });
    tagged.then(|| SmolStr::new(word))
}

fn click_word(word: &str) -> Option<&'static str> {
    Modifier::parse(word).filter(|m| m.needs_mouse_clicks()).map(Modifier::as_str)
}
