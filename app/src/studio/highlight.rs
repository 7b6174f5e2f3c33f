//! Syntax highlighting of PuzzleScript for the code panel.
//!
//! The grammar is our `assets/PuzzleScript.sublime-syntax`, run by syntect,
//! with the language's fixed words added to its variables from
//! `engine::syntax::keywords` and the options table ([`grammar`]), so a
//! word the engine learns is coloured without a second list here.
//! Results are cached per line together with the parser state at the start
//! of the line: after an edit only lines whose text or incoming state
//! changed are parsed again, so typing in a 40 KB game stays cheap.
//! On top of the grammar, colour names are drawn in their colour and each
//! sprite digit in the colour it selects from its object's colour line.

use std::ops::Range;
use std::sync::Arc;

use egui::text::{LayoutJob, TextFormat};
use egui::{Color32, FontId, Galley, Stroke};
use syntect::parsing::{ParseState, Scope, ScopeStack, SyntaxSet, SyntaxSetBuilder};

/// The grammar, written by us, without its word variables (see [`grammar`]).
pub const SYNTAX: &str = include_str!("../../assets/PuzzleScript.sublime-syntax");

/// `words` as one regular-expression alternation, longest first (so no
/// word stops at a shorter one it starts with), special characters escaped.
fn alternation<'a>(words: impl IntoIterator<Item = &'a str>) -> String {
    let mut words: Vec<&str> = words.into_iter().collect();
    words.sort_by(|a, b| b.len().cmp(&a.len()).then(a.cmp(b)));
    words.dedup();
    let escaped: Vec<String> = words
        .iter()
        .map(|w| {
            w.chars().map(|c| if c.is_alphanumeric() || c == '_' { c.to_string() } else { format!("\\{c}") }).collect()
        })
        .collect();
    escaped.join("|")
}

/// The word variables the grammar uses, each from the engine's own list:
/// section headers (classic, and PuzzleScript Next's TAGS and MAPPINGS),
/// prelude options (with a value, or switches), sound events, verbs and
/// directions, rule prefixes, loop words, modifiers, commands (those whose
/// text is the rest of the line apart), the options a rule may change, and
/// the sprite words (`copy`, `rot`, `text`...).
#[must_use]
pub fn word_variables() -> Vec<(String, String)> {
    use engine::options::PreludeOption;
    use engine::syntax::keywords::{
        AfxWord, CommandWord, LOOP_WORDS, LevelWord, Modifier, RulePrefix, Section, SoundDirection, SoundEvent,
        SoundVerb, SpriteWord, TagSection,
    };
    let mut v: Vec<(String, String)> = Vec::new();
    for s in Section::HEADED {
        v.push((format!("header_{}", s.as_str()), s.as_str().to_owned()));
    }
    for t in TagSection::ALL {
        v.push((format!("header_{}", t.as_str()), t.as_str().to_owned()));
    }
    let options = PreludeOption::ALL;
    let with_value = options.iter().filter(|o| o.takes_value()).map(|o| o.keyword());
    v.push(("prelude_key".to_owned(), alternation(with_value)));
    let switches = options.iter().filter(|o| !o.takes_value()).map(|o| o.keyword());
    v.push(("prelude_flag".to_owned(), alternation(switches)));
    v.push(("sound_event".to_owned(), alternation(SoundEvent::all().map(SoundEvent::as_str))));
    v.push(("sound_verb".to_owned(), alternation(SoundVerb::ALL.map(SoundVerb::as_str))));
    v.push(("sound_direction".to_owned(), alternation(SoundDirection::ALL.map(SoundDirection::as_str))));
    v.push(("rule_prefix".to_owned(), alternation(RulePrefix::ALL.map(RulePrefix::as_str))));
    v.push(("loop_word".to_owned(), alternation(LOOP_WORDS)));
    // The modifiers that are words (`>` and the like are matched apart),
    // PuzzleScript Next's click marks among them.
    let modifiers = Modifier::CLASSIC.into_iter().chain([Modifier::LClick, Modifier::RClick]);
    let words = modifiers.map(Modifier::as_str).filter(|w| w.chars().all(char::is_alphabetic));
    v.push(("direction".to_owned(), format!("(?i:{})", alternation(words))));
    let commands: Vec<CommandWord> = CommandWord::all().chain(CommandWord::PLUS).collect();
    let with_text = commands.iter().filter(|c| c.takes_text()).map(|c| c.as_str());
    v.push(("command_text".to_owned(), alternation(with_text)));
    // `gosub` is matched with the subroutine it names.
    let plain = commands.iter().filter(|c| !c.takes_text() && **c != CommandWord::Gosub).map(|c| c.as_str());
    v.push(("command".to_owned(), alternation(plain)));
    v.push(("twiddle".to_owned(), alternation(options.iter().filter(|o| o.twiddleable()).map(|o| o.keyword()))));
    let sprite_words = SpriteWord::ALL.map(|w| w.as_str().trim_end_matches(':'));
    v.push(("sprite_word".to_owned(), alternation(sprite_words)));
    // PuzzleScript Next's `afx:` words in SOUNDS: the effects and `ease`,
    // and the easings `ease=` takes.
    v.push(("afx_part".to_owned(), alternation(AfxWord::ALL.map(AfxWord::as_str))));
    v.push(("easing".to_owned(), alternation(engine::tween::Easing::names())));
    // LEVELS' line words: those followed by text (`message`, and Next's
    // `title` and `input`, which we refuse but still colour), those that
    // name what follows, `goto`, `link`.
    let level =
        |f: fn(LevelWord) -> bool| alternation(LevelWord::ALL.into_iter().filter(|w| f(*w)).map(LevelWord::as_str));
    v.push(("level_text".to_owned(), level(|w| matches!(w, LevelWord::Message | LevelWord::Title | LevelWord::Input))));
    v.push(("level_label".to_owned(), level(|w| matches!(w, LevelWord::Section | LevelWord::Level))));
    v.push(("level_goto".to_owned(), level(|w| w == LevelWord::Goto)));
    v.push(("level_link".to_owned(), level(|w| w == LevelWord::Link)));
    v
}

/// The grammar as syntect loads it for a classic game: [`grammar_for`].
#[must_use]
pub fn grammar() -> String {
    grammar_for(false)
}

/// The grammar as syntect loads it: [`SYNTAX`] with [`word_variables`]
/// added to its `variables`, and its `tags_anywhere` context: in a game
/// read as PuzzleScript Plus/Next (`plus`), TAGS and MAPPINGS headers open
/// their sections in any section, as the engine reads them; in a classic
/// game nothing (the words are names there).
#[must_use]
pub fn grammar_for(plus: bool) -> String {
    use std::fmt::Write as _;
    let mut added = String::new();
    for (name, value) in word_variables() {
        // Single-quoted YAML: a quote is written twice (no word has one).
        let _ = writeln!(added, "  {name}: '{}'", value.replace('\'', "''"));
    }
    let mut grammar = SYNTAX.replacen("variables:\n", &format!("variables:\n{added}"), 1);
    grammar.push_str(if plus { "\n  tags_anywhere:\n    - include: tag_headers\n" } else { "\n  tags_anywhere: []\n" });
    grammar
}

/// Whether the engine reads `text` as PuzzleScript Plus/Next past its
/// prelude: the prelude has a `//` comment, a TAGS or MAPPINGS section or
/// a Plus/Next option. Only the prelude is parsed, so this stays cheap on
/// every edit.
#[must_use]
pub fn reads_as_plus(text: &str) -> bool {
    let end = prelude_end(text, usize::MAX).unwrap_or(text.len());
    prelude_is_plus(&text[..end])
}

/// Preludes longer than this are not parsed by [`prelude_reads_as_plus`].
pub const PRELUDE_SCAN_LIMIT: usize = 64 * 1024;

/// [`reads_as_plus`] for a large text whose highlighting sees only a
/// window of it (`panels/code/window.rs`): the answer from its prelude,
/// or `None` when the prelude runs past [`PRELUDE_SCAN_LIMIT`] bytes (no
/// game's does; 2 MB of text without a section header would be parsed
/// whole), where the caller asks the last build ([`ast_reads_as_plus`]).
#[must_use]
pub fn prelude_reads_as_plus(text: &str) -> Option<bool> {
    let end = prelude_end(text, PRELUDE_SCAN_LIMIT)?;
    Some(prelude_is_plus(&text[..end]))
}

/// Whether a game's whole tree was read as PuzzleScript Plus/Next: what
/// [`reads_as_plus`] says of its text (the three things it looks for are
/// all read in the prelude, or only in such a game).
#[must_use]
pub fn ast_reads_as_plus(ast: &engine::syntax::ast::Ast) -> bool {
    !ast.tag_sections.is_empty() || ast.slash_comments.is_some() || ast.sets_plus_option()
}

/// Where the prelude of `text` ends: the first line starting with a
/// section header (the end of the text without one); `None` past `limit`.
fn prelude_end(text: &str, limit: usize) -> Option<usize> {
    let mut end = 0;
    for line in text.split_inclusive('\n') {
        let first = line.split(|c: char| c.is_whitespace() || c == '(').find(|w| !w.is_empty());
        if first.is_some_and(|w| engine::syntax::keywords::Section::parse(w).is_some()) {
            break;
        }
        end += line.len();
        if end > limit {
            return None;
        }
    }
    Some(end)
}

fn prelude_is_plus(prelude: &str) -> bool {
    let (ast, _) = engine::syntax::parse(prelude);
    ast_reads_as_plus(&ast)
}

/// What a piece of text is, as far as colouring goes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    /// Anything unclassified.
    Plain,
    /// `( ... )`, nested.
    Comment,
    /// `OBJECTS`, `RULES` ...
    Header,
    /// `=====` lines.
    Rule,
    /// `title`, `author`, flags.
    PreludeKey,
    /// The value after a prelude key.
    PreludeValue,
    /// An object's name where it is defined.
    ObjectName,
    /// A colour name or hex colour.
    Colour,
    /// A sprite row in OBJECTS.
    Sprite,
    /// A name defined in LEGEND.
    LegendName,
    /// `=`, `and`, `or`, `->`, `...`.
    Operator,
    /// Rule prefixes and loop words.
    Prefix,
    /// Directions and movement words.
    Direction,
    /// Commands, sound events, win words.
    Keyword,
    /// Seeds and numbers.
    Number,
    /// Message text.
    Message,
    /// A row of a level map.
    LevelRow,
    /// Brackets and `|`.
    Bracket,
    /// A reference to an object or legend name.
    Name,
    /// A subroutine's name, where it is defined (`subroutine NAME`) and
    /// where it is called (`gosub NAME`).
    Label,
}

const KIND_SCOPES: [(&str, Kind); 20] = [
    ("comment", Kind::Comment),
    ("punctuation.definition.comment", Kind::Comment),
    ("keyword.section.header", Kind::Header),
    ("punctuation.separator.section", Kind::Rule),
    ("string.unquoted.message", Kind::Message),
    ("keyword.other.prelude", Kind::PreludeKey),
    ("string.unquoted.prelude", Kind::PreludeValue),
    ("entity.name.object", Kind::ObjectName),
    ("constant.other.colour", Kind::Colour),
    ("constant.numeric.sprite", Kind::Sprite),
    ("entity.name.legend", Kind::LegendName),
    ("entity.name.label", Kind::Label),
    ("variable.other.label", Kind::Label),
    ("keyword.operator", Kind::Operator),
    ("storage.modifier", Kind::Prefix),
    ("keyword.control", Kind::Prefix),
    ("keyword.other.direction", Kind::Direction),
    ("constant.numeric", Kind::Number),
    ("constant.other.level", Kind::LevelRow),
    ("punctuation", Kind::Bracket),
];

fn kind_of(stack: &ScopeStack, table: &[(Scope, Kind)]) -> Kind {
    for scope in stack.as_slice().iter().rev() {
        for (prefix, kind) in table {
            if prefix.is_prefix_of(*scope) {
                return *kind;
            }
        }
        let s = scope.build_string();
        if s.starts_with("keyword") || s.starts_with("support") {
            return Kind::Keyword;
        }
        if s.starts_with("variable") {
            return Kind::Name;
        }
    }
    Kind::Plain
}

/// Colours for a dark background.
fn kind_colour(kind: Kind) -> Color32 {
    match kind {
        Kind::Plain => Color32::from_rgb(0xd4, 0xd4, 0xd4),
        Kind::Comment => Color32::from_rgb(0x6a, 0x99, 0x55),
        Kind::Header => Color32::from_rgb(0xff, 0xcb, 0x6b),
        Kind::Rule => Color32::from_rgb(0x80, 0x80, 0x80),
        Kind::PreludeKey => Color32::from_rgb(0xc5, 0x86, 0xc0),
        Kind::PreludeValue | Kind::Message => Color32::from_rgb(0xce, 0x91, 0x78),
        Kind::ObjectName | Kind::LegendName => Color32::from_rgb(0x4e, 0xc9, 0xb0),
        Kind::Colour => Color32::from_rgb(0xd7, 0xba, 0x7d),
        Kind::Sprite | Kind::Number => Color32::from_rgb(0xb5, 0xce, 0xa8),
        Kind::Operator => Color32::from_rgb(0xd4, 0xd4, 0xd4),
        Kind::Prefix => Color32::from_rgb(0xc5, 0x86, 0xc0),
        Kind::Direction => Color32::from_rgb(0x56, 0x9c, 0xd6),
        Kind::Keyword => Color32::from_rgb(0xdc, 0xdc, 0xaa),
        Kind::LevelRow => Color32::from_rgb(0xe0, 0xe0, 0xe0),
        Kind::Bracket => Color32::from_rgb(0xa0, 0xa0, 0xa0),
        Kind::Name => Color32::from_rgb(0x9c, 0xdc, 0xfe),
        Kind::Label => Color32::from_rgb(0xf0, 0xa8, 0x5a),
    }
}

#[derive(Clone)]
struct CachedLine {
    /// The line, including its `\n`.
    text: String,
    /// Parser state before the line.
    start: (ParseState, ScopeStack),
    /// Parser state after the line.
    end: (ParseState, ScopeStack),
    /// Byte ranges within the line, with their kind.
    spans: Vec<(Range<usize>, Kind)>,
}

/// Highlights PuzzleScript text into egui layout jobs, caching per line.
pub struct Highlighter {
    /// The grammar for a classic game.
    syntaxes: SyntaxSet,
    /// The grammar for a Plus/Next game ([`grammar_for`]), loaded the first
    /// time one is highlighted.
    plus_syntaxes: Option<SyntaxSet>,
    /// Whether the cached lines were read with the Plus/Next grammar.
    plus: bool,
    kind_table: Vec<(Scope, Kind)>,
    lines: Vec<CachedLine>,
    /// The last text, layout key and layout job (epaint caches the laid-out
    /// paragraphs; asking it every frame keeps that cache warm).
    galley: Option<(String, u64, LayoutJob)>,
    /// Lines parsed again by the last update (for measurements and tests).
    pub last_reparsed: usize,
    /// How long the last re-highlight took: (update cache, build job, lay out).
    pub last_timing: [std::time::Duration; 3],
}

impl Default for Highlighter {
    fn default() -> Self {
        Self::new()
    }
}

impl Highlighter {
    /// Load the grammar.
    ///
    /// # Panics
    /// Only if the built-in grammar does not load, which a test rules out.
    #[must_use]
    pub fn new() -> Self {
        let kind_table = KIND_SCOPES.iter().filter_map(|(s, k)| Scope::new(s).ok().map(|s| (s, *k))).collect();
        Self {
            syntaxes: load(false),
            plus_syntaxes: None,
            plus: false,
            kind_table,
            lines: Vec::new(),
            galley: None,
            last_reparsed: 0,
            last_timing: Default::default(),
        }
    }

    /// The grammar the cached lines are read with.
    fn current(&self) -> &SyntaxSet {
        match &self.plus_syntaxes {
            Some(plus) if self.plus => plus,
            _ => &self.syntaxes,
        }
    }

    fn initial_state(&self) -> (ParseState, ScopeStack) {
        let set = self.current();
        let syntax = set.syntaxes().first().unwrap_or_else(|| set.find_syntax_plain_text());
        (ParseState::new(syntax), ScopeStack::new())
    }

    /// Bring the per-line cache up to date with `text`.
    ///
    /// Lines before the first changed one are kept as they are; lines after
    /// the last changed one are kept as soon as the parser's state at their
    /// start is what it was. Only the lines between are parsed again (and any
    /// that follow while the state differs, e.g. after opening a comment).
    ///
    /// When the text starts or stops being read as Plus/Next
    /// ([`reads_as_plus`]: TAGS may then open in any section) every line is
    /// parsed again with the other grammar.
    pub fn update(&mut self, text: &str) {
        self.update_as(text, reads_as_plus(text));
    }

    /// [`Self::update`], read as PuzzleScript Plus/Next when `plus` says so
    /// (a large text's window: the dialect is the whole text's, not what
    /// the window shows of it).
    fn update_as(&mut self, text: &str, plus: bool) {
        if plus != self.plus {
            if plus && self.plus_syntaxes.is_none() {
                self.plus_syntaxes = Some(load(true));
            }
            self.plus = plus;
            self.lines.clear();
            self.galley = None;
        }
        let new_lines: Vec<&str> = text.split_inclusive('\n').collect();
        let old = std::mem::take(&mut self.lines);
        let same = |o: &CachedLine, n: &str| o.text == n;
        let mut prefix = 0;
        while prefix < old.len() && prefix < new_lines.len() && same(&old[prefix], new_lines[prefix]) {
            prefix += 1;
        }
        let mut suffix = 0;
        while suffix < old.len() - prefix
            && suffix < new_lines.len() - prefix
            && same(&old[old.len() - 1 - suffix], new_lines[new_lines.len() - 1 - suffix])
        {
            suffix += 1;
        }
        let old_len = old.len();
        let mut old = old.into_iter();
        let mut fresh: Vec<CachedLine> = Vec::with_capacity(new_lines.len());
        fresh.extend(old.by_ref().take(prefix));
        let mut state = fresh.last().map_or_else(|| self.initial_state(), |l| l.end.clone());
        // Old lines between prefix and suffix may still be reused if an edit
        // only moved them (searched a little way ahead, text and state equal).
        let mut middle: Vec<Option<CachedLine>> = old.by_ref().take(old_len - prefix - suffix).map(Some).collect();
        let mut tail: std::collections::VecDeque<CachedLine> = old.collect();
        let mut reparsed = 0;
        let mut cursor = 0;
        for &line in &new_lines[prefix..new_lines.len() - suffix] {
            let reuse = (cursor..middle.len().min(cursor + 64))
                .find(|&i| middle[i].as_ref().is_some_and(|o| o.text == line && o.start == state));
            if let Some(cached) = reuse.and_then(|i| {
                cursor = i + 1;
                middle[i].take()
            }) {
                state = cached.end.clone();
                fresh.push(cached);
                continue;
            }
            reparsed += 1;
            fresh.push(self.parse_line(line, &mut state));
        }
        // The unchanged tail: reuse from the first line whose start state
        // matches (the rest then follows unchanged), parsing until then.
        let mut k = new_lines.len() - suffix;
        while let Some(first) = tail.front() {
            if first.start == state {
                fresh.extend(tail.drain(..));
                break;
            }
            tail.pop_front();
            reparsed += 1;
            fresh.push(self.parse_line(new_lines[k], &mut state));
            k += 1;
        }
        self.lines = fresh;
        self.last_reparsed = reparsed;
    }

    /// Parse one line from `state` (left at the line's end state).
    fn parse_line(&self, line: &str, state: &mut (ParseState, ScopeStack)) -> CachedLine {
        let start = state.clone();
        let ops = state.0.parse_line(line, self.current()).unwrap_or_default();
        let mut spans = Vec::new();
        let mut pos = 0;
        for (i, op) in ops {
            if i > pos {
                spans.push((pos..i, kind_of(&state.1, &self.kind_table)));
                pos = i;
            }
            let _ = state.1.apply(&op);
        }
        if pos < line.len() {
            spans.push((pos..line.len(), kind_of(&state.1, &self.kind_table)));
        }
        CachedLine { text: line.to_owned(), start, end: state.clone(), spans }
    }

    /// The laid-out text, highlighted; reuses the last galley when neither
    /// the text nor the layout settings changed.
    pub fn galley(&mut self, ui: &egui::Ui, text: &str, font: &FontId, wrap_width: f32) -> Arc<Galley> {
        let key = {
            use std::hash::{Hash as _, Hasher as _};
            let mut h = std::collections::hash_map::DefaultHasher::new();
            font.hash(&mut h);
            wrap_width.to_bits().hash(&mut h);
            ui.pixels_per_point().to_bits().hash(&mut h);
            h.finish()
        };
        if let Some((t, k, job)) = &self.galley
            && *k == key
            && t == text
        {
            // epaint drops cached paragraphs not laid out in the last frame;
            // laying the same job out again is a cache hit per paragraph, so
            // an edit re-lays only the paragraphs it touched.
            let job = job.clone();
            return ui.fonts_mut(|f| f.layout_job(job));
        }
        let t0 = std::time::Instant::now();
        self.update(text);
        let t1 = std::time::Instant::now();
        let mut job = self.job(font);
        job.wrap.max_width = wrap_width;
        let t2 = std::time::Instant::now();
        let galley = ui.fonts_mut(|f| f.layout_job(job.clone()));
        self.last_timing = [t1 - t0, t2 - t1, t2.elapsed()];
        self.galley = Some((text.to_owned(), key, job));
        galley
    }

    /// The laid-out window of a large text (see `panels/code/window.rs`):
    /// highlighted as if it followed the `section` header, in the whole
    /// text's dialect (`plus`: [`prelude_reads_as_plus`], worked out once
    /// per revision by the caller, since the window rarely shows the
    /// prelude), never wrapped.
    pub fn window_galley(
        &mut self,
        ui: &egui::Ui,
        section: Option<&str>,
        text: &str,
        font: &FontId,
        plus: bool,
    ) -> Arc<Galley> {
        let key = {
            use std::hash::{Hash as _, Hasher as _};
            let mut h = std::collections::hash_map::DefaultHasher::new();
            font.hash(&mut h);
            "window".hash(&mut h);
            plus.hash(&mut h);
            ui.pixels_per_point().to_bits().hash(&mut h);
            h.finish()
        };
        let header = section.map(|s| format!("{s}\n")).unwrap_or_default();
        let full = format!("{header}{text}");
        if let Some((t, k, job)) = &self.galley
            && *k == key
            && *t == full
        {
            let job = job.clone();
            return ui.fonts_mut(|f| f.layout_job(job));
        }
        let mut job = self.window_job(section, text, font, plus);
        job.wrap.max_width = f32::INFINITY;
        let galley = ui.fonts_mut(|f| f.layout_job(job.clone()));
        self.galley = Some((full, key, job));
        galley
    }

    /// The layout job of a large text's window: `text` highlighted after
    /// the `section` header (not shown), read as Plus/Next when `plus`.
    pub fn window_job(&mut self, section: Option<&str>, text: &str, font: &FontId, plus: bool) -> LayoutJob {
        let header = section.map(|s| format!("{s}\n")).unwrap_or_default();
        let skip = usize::from(!header.is_empty());
        self.update_as(&format!("{header}{text}"), plus);
        self.job_skipping(font, skip)
    }

    /// Every object, alias and legend name defined in the text, in order.
    #[must_use]
    pub fn defined_names(&self) -> Vec<String> {
        let mut names: Vec<String> = Vec::new();
        for line in &self.lines {
            for (range, kind) in &line.spans {
                if matches!(kind, Kind::ObjectName | Kind::LegendName) {
                    let word = line.text[range.clone()].trim();
                    if !word.is_empty() && !names.iter().any(|n| n == word) {
                        names.push(word.to_owned());
                    }
                }
            }
        }
        names
    }

    /// A layout job for the cached lines.
    #[must_use]
    pub fn job(&self, font: &FontId) -> LayoutJob {
        self.job_skipping(font, 0)
    }

    /// A layout job for the cached lines after the first `skip`.
    fn job_skipping(&self, font: &FontId, skip: usize) -> LayoutJob {
        let mut job = LayoutJob::default();
        let total: usize = self.lines.iter().map(|l| l.text.len()).sum();
        job.text.reserve(total);
        let mut sprite_colours: Vec<Option<Color32>> = Vec::new();
        for (n, line) in self.lines.iter().enumerate() {
            let base = job.text.len();
            if n >= skip {
                job.text.push_str(&line.text);
            }
            let line_colours: Vec<Option<Color32>> = line
                .spans
                .iter()
                .filter(|(_, k)| *k == Kind::Colour)
                .map(|(r, _)| colour_of_word(&line.text[r.clone()]))
                .collect();
            if !line_colours.is_empty() {
                sprite_colours = line_colours;
            } else if line.spans.iter().any(|(_, k)| *k == Kind::ObjectName) {
                sprite_colours.clear();
            }
            if n < skip {
                continue;
            }
            for (range, kind) in &line.spans {
                let word = &line.text[range.clone()];
                match kind {
                    Kind::Colour => {
                        let colour = colour_of_word(word);
                        push(&mut job, base, range.clone(), swatch_format(font, colour));
                    }
                    Kind::Sprite if !sprite_colours.is_empty() => {
                        for (i, ch) in word.char_indices() {
                            let at = range.start + i;
                            let colour =
                                ch.to_digit(10).and_then(|d| sprite_colours.get(d as usize).copied().flatten());
                            let format = match colour {
                                Some(c) => digit_format(font, c),
                                None => plain(font, kind_colour(Kind::Rule)),
                            };
                            push(&mut job, base, at..at + ch.len_utf8(), format);
                        }
                    }
                    _ => push(&mut job, base, range.clone(), plain(font, kind_colour(*kind))),
                }
            }
        }
        job
    }
}

/// The grammar loaded ([`grammar_for`]).
///
/// # Panics
/// Only if the built-in grammar does not load, which a test rules out.
#[expect(clippy::unwrap_used, reason = "the grammar is built in and tested")]
fn load(plus: bool) -> SyntaxSet {
    let def = syntect::parsing::SyntaxDefinition::load_from_str(&grammar_for(plus), true, None).unwrap();
    let mut builder = SyntaxSetBuilder::new();
    builder.add(def);
    builder.build()
}

fn push(job: &mut LayoutJob, base: usize, range: Range<usize>, format: TextFormat) {
    job.sections.push(egui::text::LayoutSection {
        leading_space: 0.0,
        byte_range: egui::text::ByteIndex(base + range.start)..egui::text::ByteIndex(base + range.end),
        format,
    });
}

fn plain(font: &FontId, colour: Color32) -> TextFormat {
    TextFormat::simple(font.clone(), colour)
}

fn luma(c: Color32) -> f32 {
    0.299 * f32::from(c.r()) + 0.587 * f32::from(c.g()) + 0.114 * f32::from(c.b())
}

/// A colour word drawn on a chip of its own colour.
fn swatch_format(font: &FontId, colour: Option<Color32>) -> TextFormat {
    match colour {
        Some(c) if c.a() > 0 => {
            let text = if luma(c) > 140.0 { Color32::BLACK } else { Color32::WHITE };
            TextFormat { background: c, ..TextFormat::simple(font.clone(), text) }
        }
        _ => plain(font, kind_colour(Kind::Colour)),
    }
}

/// A sprite digit in the colour it selects; dark colours get a light chip.
fn digit_format(font: &FontId, colour: Color32) -> TextFormat {
    if colour.a() == 0 {
        return plain(font, kind_colour(Kind::Rule));
    }
    let mut format = plain(font, colour);
    if luma(colour) < 60.0 {
        format.background = Color32::from_gray(120);
    }
    format.underline = Stroke::NONE;
    format
}

/// The colour a colour word names in the default palette.
#[must_use]
pub fn colour_of_word(word: &str) -> Option<Color32> {
    let rgba = engine::render::color(word, engine::render::DEFAULT_PALETTE)?;
    let [r, g, b, a] = rgba.0;
    Some(Color32::from_rgba_unmultiplied(r, g, b, a))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn kinds(text: &str) -> Vec<(String, Kind)> {
        let mut h = Highlighter::new();
        h.update(text);
        h.lines
            .iter()
            .flat_map(|l| l.spans.iter().map(|(r, k)| (l.text[r.clone()].to_owned(), *k)))
            .filter(|(t, _)| !t.trim().is_empty())
            .collect()
    }

    fn kind_of_word(text: &str, word: &str) -> Option<Kind> {
        kinds(text).into_iter().find(|(t, _)| t.trim() == word).map(|(_, k)| k)
    }

    #[test]
    fn sections_colour_their_own_words() {
        let game = "title My Game\n\nOBJECTS\n\nCrate\nOrange\n00000\n\n=======\nLEGEND\n=======\n\nC = Crate and Player\n\nRULES\n\nlate [ > Player | Crate ] -> [ > Player | > Crate ] again\n\nWINCONDITIONS\nall Crate on Target\n\nLEVELS\nmessage hello there\n#.C#\n";
        assert_eq!(kind_of_word(game, "title"), Some(Kind::PreludeKey));
        assert_eq!(kind_of_word(game, "OBJECTS"), Some(Kind::Header));
        assert_eq!(kind_of_word(game, "Crate"), Some(Kind::ObjectName));
        assert_eq!(kind_of_word(game, "Orange"), Some(Kind::Colour));
        assert_eq!(kind_of_word(game, "00000"), Some(Kind::Sprite));
        assert_eq!(kind_of_word(game, "C"), Some(Kind::LegendName));
        assert_eq!(kind_of_word(game, "and"), Some(Kind::Operator));
        assert_eq!(kind_of_word(game, "late"), Some(Kind::Prefix));
        assert_eq!(kind_of_word(game, "->"), Some(Kind::Operator));
        assert_eq!(kind_of_word(game, "again"), Some(Kind::Keyword));
        assert_eq!(kind_of_word(game, "all"), Some(Kind::Keyword));
        assert_eq!(kind_of_word(game, "#.C#"), Some(Kind::LevelRow));
        assert_eq!(kind_of_word(game, "hello there"), Some(Kind::Message));
    }

    #[test]
    fn puzzlescript_next_text_words_are_coloured() {
        let game = "title t\nstatus_line\nfont_size 1.5\n\nOBJECTS\n\nSign scale:0.5\ngreen\ntext: Hello you\n\n\
                    Ball canvas:2,1\n{\"fill\":[]}\n\nRULES\n\n[ Sign ] -> [ Sign ] status Look here\n";
        assert_eq!(kind_of_word(game, "status_line"), Some(Kind::PreludeKey));
        assert_eq!(kind_of_word(game, "font_size"), Some(Kind::PreludeKey));
        assert_eq!(kind_of_word(game, "scale"), Some(Kind::Keyword));
        assert_eq!(kind_of_word(game, "text:"), Some(Kind::Keyword));
        assert_eq!(kind_of_word(game, "Hello you"), Some(Kind::Message));
        assert_eq!(kind_of_word(game, "canvas"), Some(Kind::Keyword));
        assert_eq!(kind_of_word(game, "{\"fill\":[]}"), Some(Kind::Sprite));
        assert_eq!(kind_of_word(game, "status"), Some(Kind::Keyword));
        assert_eq!(kind_of_word(game, "Look here"), Some(Kind::Message));
    }

    #[test]
    fn sprite_transforms_are_keywords_and_copies_name_objects() {
        let game = "title t\n// next\n\nOBJECTS\nArrow\nred\n.0.\n\nEast copy:Arrow rot:up:right\nred\nshift:left:2 |\n\nLEGEND\n";
        let k = kinds(game);
        let of = |w: &str| k.iter().find(|(t, _)| t.trim() == w).map(|(_, k)| *k);
        assert_eq!(of("East"), Some(Kind::ObjectName));
        assert_eq!(of("copy"), Some(Kind::Keyword));
        assert_eq!(of("Arrow"), Some(Kind::ObjectName), "where it is defined");
        assert_eq!(k.iter().filter(|(t, kind)| t.trim() == "Arrow" && *kind == Kind::Name).count(), 1, "{k:?}");
        assert_eq!(of("rot"), Some(Kind::Keyword));
        assert_eq!(of("right"), Some(Kind::Direction));
        assert_eq!(of("shift"), Some(Kind::Keyword));
        assert_eq!(of("2"), Some(Kind::Number));
        assert_eq!(of("|"), Some(Kind::Keyword));
    }

    #[test]
    fn tags_and_mappings_sections_are_coloured() {
        // PuzzleScript Next's TAGS and MAPPINGS, before OBJECTS.
        let game = "title t\n\nTAGS\nDirs = up down (two)\n\nMAPPINGS\nDirs => Back\nup down -> down up\n\nOBJECTS\nArrow:Dirs\nred\n";
        let k = kinds(game);
        let of = |w: &str| k.iter().find(|(t, _)| t.trim() == w).map(|(_, k)| *k);
        assert_eq!(of("TAGS"), Some(Kind::Header), "{k:?}");
        assert_eq!(of("MAPPINGS"), Some(Kind::Header), "{k:?}");
        assert_eq!(of("OBJECTS"), Some(Kind::Header), "the sections after them still switch");
        let labels: Vec<&str> = k.iter().filter(|(_, k)| *k == Kind::Label).map(|(t, _)| t.as_str()).collect();
        assert_eq!(labels, ["Dirs", "Dirs", "Back"], "a tag where defined and mapped from, a mapping's name");
        assert_eq!(of("="), Some(Kind::Operator));
        assert_eq!(of("=>"), Some(Kind::Operator));
        assert_eq!(of("->"), Some(Kind::Operator));
        assert_eq!(of("up"), Some(Kind::Name), "a tag's value");
        assert_eq!(of("two"), Some(Kind::Comment), "a comment in a TAGS line");
        assert_eq!(of("Arrow:Dirs"), Some(Kind::ObjectName));
        // In a classic game the same words are what they always were.
        let classic = kinds("title t\nOBJECTS\ntags\nred\n");
        assert_eq!(classic.iter().find(|(t, _)| t.trim() == "tags").map(|(_, k)| *k), Some(Kind::ObjectName));
    }

    /// PuzzleScript Plus/Next may open TAGS and MAPPINGS after OBJECTS (or
    /// any section), and open a section again: coloured as the engine reads
    /// them. A classic game's `tags` there is still an object.
    #[test]
    fn tags_and_mappings_after_objects_are_coloured_in_plus_games() {
        let game = "title t\nlevel_select\n\nOBJECTS\nArrow\nred\n\nTAGS\nDirs = up down\n\nMAPPINGS\nDirs => Back\nup down -> down up\n\n\
                    OBJECTS\nArrow:Dirs\nred\n\nLEVELS\nTAGS\nMore = a b\n";
        assert!(reads_as_plus(game));
        let k = kinds(game);
        let of = |w: &str| k.iter().find(|(t, _)| t.trim() == w).map(|(_, k)| *k);
        assert_eq!(of("TAGS"), Some(Kind::Header), "{k:?}");
        assert_eq!(of("MAPPINGS"), Some(Kind::Header), "{k:?}");
        let labels: Vec<&str> = k.iter().filter(|(_, k)| *k == Kind::Label).map(|(t, _)| t.as_str()).collect();
        assert_eq!(labels, ["Dirs", "Dirs", "Back", "More"], "{k:?}");
        assert_eq!(of("=>"), Some(Kind::Operator));
        assert_eq!(of("up"), Some(Kind::Name), "a tag's value");
        assert_eq!(of("Arrow:Dirs"), Some(Kind::ObjectName), "OBJECTS opened again");
        assert_eq!(k.iter().filter(|(t, k)| t.trim() == "TAGS" && *k == Kind::Header).count(), 2, "in LEVELS too");
        // The same text without its Plus option is a classic game: `TAGS`
        // is an object's name there, `MAPPINGS` too.
        let classic = game.replacen("level_select\n", "", 1);
        assert!(!reads_as_plus(&classic));
        let k = kinds(&classic);
        let of = |w: &str| k.iter().find(|(t, _)| t.trim() == w).map(|(_, k)| *k);
        assert_eq!(of("TAGS"), Some(Kind::ObjectName), "{k:?}");
        // A `//` comment in the prelude makes it a Next game.
        assert!(reads_as_plus(&classic.replacen("title t\n", "title t\n// next\n", 1)));
        // Typing the option in flips the later lines at once, as a fresh
        // highlight reads them.
        let mut h = Highlighter::new();
        h.update(&classic);
        h.update(game);
        let mut fresh = Highlighter::new();
        fresh.update(game);
        assert!(h.lines.iter().zip(&fresh.lines).all(|(a, b)| a.spans == b.spans && a.end == b.end));
        h.update(&classic);
        let mut fresh = Highlighter::new();
        fresh.update(&classic);
        assert!(h.lines.iter().zip(&fresh.lines).all(|(a, b)| a.spans == b.spans && a.end == b.end));
    }

    /// The colour `job` draws the first `word` of its text in.
    fn colour_in_job(job: &LayoutJob, word: &str) -> Option<Color32> {
        let at = job.text.find(word)?;
        job.sections.iter().find(|s| s.byte_range.contains(&egui::text::ByteIndex(at))).map(|s| s.format.color)
    }

    /// A large text's window starts past the prelude: it is highlighted in
    /// the dialect the caller gives (the whole text's), so TAGS and
    /// MAPPINGS after OBJECTS are headers in a Plus/Next game there too.
    #[test]
    fn a_window_is_highlighted_in_the_whole_texts_dialect() {
        let prelude = "title t\nlevel_select\n\nOBJECTS\n";
        let window = "Wall\nred\n\nTAGS\nDirs = up down\n\nMAPPINGS\nDirs => Back\nup down -> down up\n\nOBJECTS\nArrow:Dirs\nred\n";
        let whole = format!("{prelude}{}", "Filler\nblue\n\n".repeat(100) + window);
        assert_eq!(prelude_reads_as_plus(&whole), Some(true));
        assert!(!reads_as_plus(&format!("OBJECTS\n{window}")), "the window under its header reads as classic");
        let font = FontId::monospace(13.0);
        let header = kind_colour(Kind::Header);
        let mut h = Highlighter::new();
        let job = h.window_job(Some("OBJECTS"), window, &font, true);
        assert!(job.text == window, "the header is not drawn");
        assert_eq!(colour_in_job(&job, "TAGS"), Some(header));
        assert_eq!(colour_in_job(&job, "MAPPINGS"), Some(header));
        assert_eq!(colour_in_job(&job, "Dirs ="), Some(kind_colour(Kind::Label)));
        assert_eq!(colour_in_job(&job, "OBJECTS"), Some(header));
        // Read as classic (the dialect the window alone has), TAGS is an
        // object's name: what the window drew before it knew the dialect.
        let job = h.window_job(Some("OBJECTS"), window, &font, false);
        assert_eq!(colour_in_job(&job, "TAGS"), Some(kind_colour(Kind::ObjectName)));
        // And the same window read as Plus again, reusing the highlighter.
        let job = h.window_job(Some("OBJECTS"), window, &font, true);
        assert_eq!(colour_in_job(&job, "TAGS"), Some(header));
        // A prelude longer than the scan's limit is left to the build.
        let long = format!("title t\n{}OBJECTS\n", "(a comment line)\n".repeat(PRELUDE_SCAN_LIMIT / 10));
        assert_eq!(prelude_reads_as_plus(&long), None);
        assert_eq!(prelude_reads_as_plus(&format!("level_select\n{}", "x\n".repeat(100))), Some(true));
        let (ast, _) = engine::syntax::parse(&whole);
        assert!(ast_reads_as_plus(&ast));
    }

    #[test]
    fn plus_and_next_rule_words_are_coloured() {
        let game = "title t\nmouse_clicks\nenable_pause\n\nRULES\n\nonce [ lclick Crate ] -> [ ] undo nosave\n[ Crate ] -> [ Crate ] goto Level Two\n[ Crate ] -> [ Crate ] log moved it\n[ Crate ] -> [ Crate ] link quit\n";
        let k = kinds(game);
        let of = |w: &str| k.iter().find(|(t, _)| t.trim() == w).map(|(_, k)| *k);
        assert_eq!(of("mouse_clicks"), Some(Kind::PreludeKey));
        assert_eq!(of("enable_pause"), Some(Kind::PreludeKey));
        assert_eq!(of("once"), Some(Kind::Prefix));
        assert_eq!(of("lclick"), Some(Kind::Direction));
        for w in ["undo", "nosave", "goto", "log", "link", "quit"] {
            assert_eq!(of(w), Some(Kind::Keyword), "{w}: {k:?}");
        }
        assert_eq!(of("Level Two"), Some(Kind::Message), "goto's level name is text");
        assert_eq!(of("moved it"), Some(Kind::Message));
        // Every word variable is used by the grammar, and every variable the
        // grammar uses is defined.
        let g = grammar();
        for (name, value) in word_variables() {
            assert!(SYNTAX.contains(&format!("{{{{{name}}}}}")), "{name} is not used");
            assert!(!value.is_empty(), "{name}");
        }
        let defined: Vec<String> = word_variables().into_iter().map(|(n, _)| n).collect();
        for used in SYNTAX.split("{{").skip(1).filter_map(|s| s.split("}}").next()) {
            let own = SYNTAX.contains(&format!("\n  {used}: "));
            assert!(own || defined.iter().any(|d| d == used) || used == " ", "{used} is not defined");
        }
        assert!(g.len() > SYNTAX.len());
    }

    #[test]
    fn afx_words_on_sounds_lines_are_coloured() {
        let game = "title t\n\nSOUNDS\nPlayer move up afx:slide:zoom=1,0.5 142315:12\nGem create afx:turn=.25,0:ease=easeOutQuad:bogus\n";
        let k = kinds(game);
        let of = |w: &str| k.iter().find(|(t, _)| t.trim() == w).map(|(_, k)| *k);
        assert_eq!(of("move"), Some(Kind::Keyword));
        assert_eq!(of("up"), Some(Kind::Direction));
        for w in ["afx", "slide", "zoom", "turn", "ease", "easeOutQuad"] {
            assert_eq!(of(w), Some(Kind::Keyword), "{w}: {k:?}");
        }
        assert_eq!(of(":"), Some(Kind::Bracket), "{k:?}");
        assert_eq!(of("1"), Some(Kind::Number));
        assert_eq!(of(".25"), Some(Kind::Number));
        assert_eq!(of("142315:12"), Some(Kind::Number), "a seed with a volume");
        assert_eq!(of("bogus"), Some(Kind::Plain), "a part that is not one");
        assert_eq!(of("Gem"), Some(Kind::Name));
    }

    #[test]
    fn level_words_are_coloured_with_their_names() {
        let game = "title t\n\nLEVELS\nsection Easy Ones\nlevel First Steps (short)\n#P.#\n\ngoto The End\nlink Door Easy Ones\nmessage done\nlevelrow\n";
        let k = kinds(game);
        let of = |w: &str| k.iter().find(|(t, _)| t.trim() == w).map(|(_, k)| *k);
        for w in ["section", "level", "goto", "link", "message"] {
            assert_eq!(of(w), Some(Kind::Keyword), "{w}: {k:?}");
        }
        let labels: Vec<&str> = k.iter().filter(|(_, k)| *k == Kind::Label).map(|(t, _)| t.as_str()).collect();
        assert_eq!(labels, ["Easy Ones", "First Steps", "The End", "Easy Ones"], "{k:?}");
        assert_eq!(of("Door"), Some(Kind::Name), "link's object");
        assert_eq!(of("short"), Some(Kind::Comment));
        assert_eq!(of("#P.#"), Some(Kind::LevelRow));
        assert_eq!(of("levelrow"), Some(Kind::LevelRow), "a row that starts like a word");
        assert_eq!(of("done"), Some(Kind::Message));
    }

    #[test]
    fn subroutine_names_are_labels_where_defined_and_called() {
        let game = "title t\n\nRULES\n\n[ Crate ] -> [ Crate ] gosub Move Tiles (then stop)\n\nsubroutine Move Tiles\n[ > Player ] -> [ Player ]\n";
        let k = kinds(game);
        let labels: Vec<&str> = k.iter().filter(|(_, k)| *k == Kind::Label).map(|(t, _)| t.as_str()).collect();
        assert_eq!(labels, vec!["Move Tiles", "Move Tiles"], "{k:?}");
        assert_eq!(kind_of_word(game, "subroutine"), Some(Kind::Prefix));
        assert_eq!(kind_of_word(game, "gosub"), Some(Kind::Keyword));
        assert!(
            k.iter().any(|(t, k)| t.contains("then stop") && *k == Kind::Comment),
            "the comment after the name: {k:?}"
        );
        assert_ne!(kind_colour(Kind::Label), kind_colour(Kind::Name), "set apart from object names");
    }

    #[test]
    fn comments_nest_across_lines() {
        let text = "RULES\n(outer (inner)\nstill comment)\n[ a ] -> [ b ]\n";
        let k = kinds(text);
        assert!(k.iter().any(|(t, k)| t.contains("still comment") && *k == Kind::Comment), "{k:?}");
        assert!(k.iter().any(|(t, k)| t == "->" && *k == Kind::Operator), "{k:?}");
    }

    #[test]
    fn an_edit_reparses_only_what_changed() {
        let text = crate::examples::EXAMPLES[0].text;
        let mut h = Highlighter::new();
        h.update(text);
        let lines = h.lines.len();
        let edited = text.replacen("Pot\n", "Pots\n", 1);
        h.update(&edited);
        assert!(h.last_reparsed <= 2, "reparsed {} of {lines}", h.last_reparsed);
    }

    /// The incremental update gives exactly what highlighting from scratch
    /// gives, for edits at the start, middle and end, edits that open and
    /// close a comment (changing every later line's state), and deletions.
    #[test]
    fn incremental_updates_equal_a_fresh_highlight() {
        let base = crate::examples::EXAMPLES[0].text.to_owned();
        let mid = base.len() / 2;
        let mid = (mid..base.len()).find(|&i| base.is_char_boundary(i)).unwrap_or(0);
        let edits: Vec<String> = vec![
            format!("x{base}"),
            format!("{base}y\n"),
            format!("{}({}", &base[..mid], &base[mid..]),
            format!("{}(\n{})", &base[..mid], &base[mid..]),
            base.replacen("RULES", "RULE", 1),
            base.replacen("\n\n", "\n", 3),
            base[..mid].to_owned(),
            String::new(),
            base.clone(),
        ];
        let mut incremental = Highlighter::new();
        incremental.update(&base);
        for (n, text) in edits.iter().enumerate() {
            incremental.update(text);
            let mut fresh = Highlighter::new();
            fresh.update(text);
            let got: Vec<_> = incremental.lines.iter().map(|l| (l.text.clone(), l.spans.clone())).collect();
            let want: Vec<_> = fresh.lines.iter().map(|l| (l.text.clone(), l.spans.clone())).collect();
            assert!(got == want, "edit {n} highlights differently when done incrementally");
            assert!(incremental.lines.iter().zip(&fresh.lines).all(|(a, b)| a.start == b.start && a.end == b.end));
        }
    }

    /// Random edits (insert or delete a few characters, often brackets and
    /// newlines) to corpus games: after each, the incremental highlight
    /// equals a fresh one.
    #[test]
    fn random_edits_to_corpus_games_highlight_as_from_scratch() {
        let games = test_support::corpus_games();
        let mut seed: u64 = 0x5eed;
        let mut next = move |n: usize| {
            seed = seed.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1_442_695_040_888_963_407);
            ((seed >> 33) as usize) % n.max(1)
        };
        let mut edits = 0;
        // Every ninth game keeps the test to a few seconds.
        for path in games.iter().step_by(9) {
            let Ok(mut text) = std::fs::read_to_string(path) else { continue };
            let mut h = Highlighter::new();
            h.update(&text);
            for _ in 0..12 {
                let mut at = next(text.len() + 1);
                while !text.is_char_boundary(at) {
                    at -= 1;
                }
                if next(3) == 0 && at < text.len() {
                    let mut end = (at + 1 + next(6)).min(text.len());
                    while !text.is_char_boundary(end) {
                        end += 1;
                    }
                    text.replace_range(at..end, "");
                } else {
                    let pieces = ["(", ")", "\n", "x", "[ > ", "=====\n", "\nRULES\n", "0"];
                    text.insert_str(at, pieces[next(pieces.len())]);
                }
                h.update(&text);
                let mut fresh = Highlighter::new();
                fresh.update(&text);
                let same = h.lines.len() == fresh.lines.len()
                    && h.lines
                        .iter()
                        .zip(&fresh.lines)
                        .all(|(a, b)| a.text == b.text && a.spans == b.spans && a.end == b.end);
                assert!(same, "{}: edit at byte {at} highlights differently when done incrementally", path.display());
                edits += 1;
            }
        }
        assert!(edits >= 100, "ran {edits} edits");
    }

    /// Measures the largest corpus game: `cargo test -p app --release
    /// highlight_timing -- --nocapture --ignored`.
    #[test]
    #[ignore = "measurement; needs ../shared/corpus"]
    fn highlight_timing() {
        let text = test_support::read(&test_support::corpus_file("easyenigma.txt"));
        let mut h = Highlighter::new();
        let t = std::time::Instant::now();
        h.update(&text);
        let full = t.elapsed();
        let font = FontId::monospace(13.0);
        let t = std::time::Instant::now();
        let _job = h.job(&font);
        let job_time = t.elapsed();
        let mid = text.len() / 2;
        let mid = (mid..text.len()).find(|&i| text.is_char_boundary(i)).unwrap_or(0);
        let mut edited = text.clone();
        edited.insert(mid, 'x');
        let t = std::time::Instant::now();
        h.update(&edited);
        let incremental = t.elapsed();
        println!(
            "easyenigma {} bytes, {} lines: full highlight {full:?}, layout job {job_time:?}, one keystroke {incremental:?} ({} lines reparsed)",
            text.len(),
            h.lines.len(),
            h.last_reparsed
        );
    }
}
