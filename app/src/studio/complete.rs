//! Autocomplete for the code panel: object and legend names, and the
//! keywords of the section the cursor is in. Pure text logic; the panel
//! draws the list and applies the choice.

use std::ops::Range;

use engine::options::Dialect;
pub use engine::syntax::ast::Section;
use engine::syntax::keywords::{
    AfxWord, CommandWord, LOOP_WORDS, LevelWord, Modifier, RulePrefix, SoundDirection, SoundEvent, SoundVerb,
    SpriteWord, TagSection,
};

/// The section that `at` (a byte offset) is in.
#[must_use]
pub fn section_at(text: &str, at: usize) -> Section {
    let at = at.min(text.len());
    let before = text.get(..at).unwrap_or(text);
    for line in before.lines().rev() {
        if let Some(section) = Section::parse(line.trim()) {
            return section;
        }
    }
    Section::Prelude
}

/// The TAGS or MAPPINGS section (PuzzleScript Next) `at` is in, if any:
/// past its header and before the next header. In the prelude's place
/// always; after a section only in a game read as Plus/Next, where they may
/// open anywhere (elsewhere `tags` on a line of its own is a name).
#[must_use]
pub fn tag_section_at(text: &str, at: usize) -> Option<TagSection> {
    let at = at.min(text.len());
    let before = text.get(..at).unwrap_or(text);
    let mut end = before.len();
    loop {
        let line_start = before[..end].rfind('\n').map_or(0, |i| i + 1);
        let trimmed = before[line_start..end].trim();
        if Section::parse(trimmed).is_some() {
            return None;
        }
        if let Some(tag) = TagSection::parse(trimmed) {
            let in_prelude = section_at(text, line_start) == Section::Prelude;
            return (in_prelude || crate::highlight::reads_as_plus(text)).then_some(tag);
        }
        if line_start == 0 {
            return None;
        }
        end = line_start - 1;
    }
}

/// Inside TAGS or MAPPINGS, what fits where the word starting at `start`
/// is: in TAGS after `=`, the tags (a value that is a tag stands for its
/// values); in MAPPINGS, the tags where a mapping starts (`TAG => NAME`),
/// and on the line after it (`KEYS -> VALUES`) the values of the tag it
/// maps from (after `->`, the tags too). Names as written, the tags every
/// game has (`directions`...) after the game's own.
fn tag_words(text: &str, section: TagSection, start: usize) -> Vec<String> {
    use engine::syntax::tags::PREDEFINED;
    let line_start = text[..start].rfind('\n').map_or(0, |i| i + 1);
    let line = &text[line_start..start];
    let (ast, _) = engine::syntax::parse(text);
    let written = |i: &engine::syntax::ast::Ident| text.get(i.span.start..i.span.end).unwrap_or(&i.text).to_owned();
    let mut tags: Vec<String> = ast.tags.iter().map(|t| written(&t.name)).collect();
    tags.extend(PREDEFINED.iter().map(|(n, _)| (*n).to_owned()));
    match section {
        TagSection::Tags if line.contains('=') => {
            // Not the tag being written.
            let own = line.split('=').next().unwrap_or_default().trim();
            tags.retain(|t| !t.eq_ignore_ascii_case(own));
            tags
        }
        TagSection::Mappings if !line.contains("=>") => {
            // The line before (past blank lines): a mapping's first line
            // makes this its line of keys and values.
            let above = text[..line_start].lines().rev().map(str::trim).find(|l| !l.is_empty()).unwrap_or_default();
            let Some((from, _)) = above.split_once("=>") else { return tags };
            let mut values = values_of(&ast, from.trim(), text);
            if line.contains("->") {
                values.extend(tags);
            }
            values
        }
        TagSection::Tags | TagSection::Mappings => Vec::new(),
    }
}

/// The values `tag` stands for, as written: a value that is a tag stands
/// for its own values (followed a few steps, as the engine reads them).
fn values_of(ast: &engine::syntax::ast::Ast, tag: &str, text: &str) -> Vec<String> {
    use engine::syntax::tags::PREDEFINED;
    let mut out: Vec<String> = Vec::new();
    let mut todo: Vec<(String, usize)> = vec![(tag.to_owned(), 0)];
    while let Some((t, depth)) = todo.pop() {
        if depth > 8 {
            continue;
        }
        if let Some(def) = ast.tags.iter().find(|d| d.name.text.eq_ignore_ascii_case(&t)) {
            let written = def.values.iter().rev().map(|v| text.get(v.span.start..v.span.end).unwrap_or(&v.text));
            todo.extend(written.map(|v| (v.to_owned(), depth + 1)));
        } else if let Some((_, vs)) = PREDEFINED.iter().find(|(n, _)| n.eq_ignore_ascii_case(&t)) {
            todo.extend(vs.iter().rev().map(|v| ((*v).to_owned(), depth + 1)));
        } else if depth > 0 && !out.iter().any(|o| o.eq_ignore_ascii_case(&t)) {
            out.push(t);
        }
    }
    out
}

/// Keywords worth offering in `section`, each with the dialect that brought
/// it in (a Plus/Next word is offered only in a Plus/Next game: see
/// [`candidates`]). Every word comes from the engine's lists
/// (`engine::syntax::keywords`, the options table).
#[must_use]
pub fn keywords(section: Section) -> Vec<(&'static str, Dialect)> {
    let classic = |w: &'static str| (w, Dialect::Classic);
    let mut words: Vec<(&'static str, Dialect)> = match section {
        // Options we support (fully, or as drawing we accept): an option we
        // do not support yet is an error, so it is not offered. Then the
        // headers of PuzzleScript Next's sections before OBJECTS.
        Section::Prelude => {
            let mut w: Vec<(&'static str, Dialect)> = engine::options::PreludeOption::ALL
                .iter()
                .filter(|o| !matches!(o.support(), engine::options::Support::Inert))
                .map(|o| (o.keyword(), o.dialect()))
                .collect();
            w.extend(TagSection::ALL.map(|t| (t.header(), Dialect::Next)));
            w
        }
        Section::Objects => {
            // The colours, and PuzzleScript Plus/Next's sprite words.
            let mut w: Vec<(&'static str, Dialect)> =
                engine::render::COLOR_NAMES.iter().copied().map(classic).collect();
            w.extend(SpriteWord::ALL.map(|s| (s.as_str(), s.dialect())));
            w
        }
        Section::Legend => vec![classic("and"), classic("or")],
        Section::Sounds => {
            // The events (`sfx0`... last), then the verbs (PuzzleScript
            // Next's click verbs last) and the directions.
            let mut w: Vec<(&'static str, Dialect)> = SoundEvent::all().map(|e| classic(e.as_str())).collect();
            w.extend(
                SoundVerb::ALL
                    .map(|v| (v.as_str(), if v.needs_mouse_clicks() { Dialect::Next } else { Dialect::Classic })),
            );
            w.extend(SoundDirection::ALL.map(|d| classic(d.as_str())));
            // PuzzleScript Next's animations (their parts: `afx_candidates`).
            w.push((AfxWord::PREFIX, AfxWord::Slide.dialect()));
            w
        }
        Section::CollisionLayers => vec![],
        Section::Rules => {
            let mut w: Vec<(&'static str, Dialect)> =
                RulePrefix::ALL.into_iter().map(|p| (p.as_str(), p.dialect())).collect();
            w.extend(LOOP_WORDS.map(classic));
            // The modifiers that are words (`>` and the like are typed
            // whole, never completed), PuzzleScript Next's click marks too.
            let modifiers = Modifier::CLASSIC.into_iter().chain([Modifier::LClick, Modifier::RClick]);
            w.extend(
                modifiers
                    .filter(|m| m.as_str().len() > 1)
                    .map(|m| (m.as_str(), if m.needs_mouse_clicks() { Dialect::Next } else { Dialect::Classic })),
            );
            // The commands but PuzzleScript Next's `gosub`, whose
            // subroutine names are offered after it instead.
            let commands = CommandWord::all().chain(CommandWord::PLUS).filter(|c| *c != CommandWord::Gosub);
            w.extend(commands.map(|c| (c.as_str(), c.dialect())));
            w
        }
        Section::WinConditions => ["all", "some", "no", "any", "on"].map(classic).to_vec(),
        // The words a line may start with (not `title` and `input`,
        // which we refuse).
        Section::Levels => {
            LevelWord::ALL.into_iter().filter(|w| w.is_supported()).map(|w| (w.as_str(), w.dialect())).collect()
        }
    };
    words.extend(Section::HEADED.map(|s| classic(s.header())));
    words
}

/// The dialect `text` is written in, as the engine reads it: classic, or
/// the newest fork a word of it needs (a TAGS or MAPPINGS section is
/// PuzzleScript Next's).
#[must_use]
pub fn dialect_of(text: &str) -> Dialect {
    let (ast, _) = engine::syntax::parse(text);
    if !ast.tag_sections.is_empty() {
        return Dialect::Next;
    }
    engine::dialect::needed(&ast).map_or(Dialect::Classic, |n| n.dialect)
}

fn is_word_byte(b: u8) -> bool {
    b.is_ascii_alphanumeric() || b == b'_'
}

/// The names of the subroutines the text defines (PuzzleScript Next's
/// `subroutine NAME` lines in RULES), as written, words joined by one
/// space, each once (ignoring case), in text order.
#[must_use]
pub fn subroutine_names(text: &str) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    let mut in_rules = false;
    for line in text.lines() {
        let trimmed = line.trim();
        if let Some(section) = Section::parse(trimmed) {
            in_rules = section == Section::Rules;
            continue;
        }
        if !in_rules {
            continue;
        }
        let mut words = trimmed.split_whitespace();
        if !words.next().is_some_and(|w| w.eq_ignore_ascii_case("subroutine")) {
            continue;
        }
        let rest = words.collect::<Vec<_>>().join(" ");
        let name = rest.split('(').next().unwrap_or_default().trim().to_owned();
        if !name.is_empty() && !out.iter().any(|o| o.eq_ignore_ascii_case(&name)) {
            out.push(name);
        }
    }
    out
}

/// After `gosub ` in RULES: the range of the name typed so far (the rest
/// of the line up to the cursor) and the subroutine names it could be.
fn gosub_candidates(text: &str, cursor: usize) -> Option<(Range<usize>, Vec<String>)> {
    let line_start = text[..cursor].rfind('\n').map_or(0, |i| i + 1);
    let before = &text[line_start..cursor];
    let lower = before.to_ascii_lowercase();
    let at = lower.match_indices("gosub").map(|(i, _)| i).find(|&i| {
        let starts_word = i == 0 || !is_word_byte(lower.as_bytes()[i - 1]);
        let spaced = lower[i + 5..].starts_with(char::is_whitespace);
        starts_word && spaced
    })?;
    let typed = before[at + 5..].trim_start();
    if typed.contains('(') || section_at(text, line_start) != Section::Rules {
        return None;
    }
    names_typed(subroutine_names(text), typed, cursor)
}

/// The names of `offered` that the words `typed` just before `cursor` begin
/// (ignoring case and runs of spaces; not one already typed whole), at most
/// 12, with the range they replace.
fn names_typed(offered: Vec<String>, typed: &str, cursor: usize) -> Option<(Range<usize>, Vec<String>)> {
    let wanted = typed.split_whitespace().collect::<Vec<_>>().join(" ").to_ascii_lowercase();
    let items: Vec<String> = offered
        .into_iter()
        .filter(|n| {
            let n = n.to_ascii_lowercase();
            n.starts_with(&wanted) && n != wanted
        })
        .take(12)
        .collect();
    (!items.is_empty()).then_some((cursor - typed.len()..cursor, items))
}

/// Where a `goto` or a `link` may lead in the game `ast` (PuzzleScript
/// Plus/Next): the sections that hold entries (what `goto` takes) and, for
/// a link, the names `level` lines give too; as written, each once
/// (ignoring case), in text order.
fn jump_targets(ast: &engine::syntax::ast::Ast, link: bool) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    let sections = ast.live_sections().map(|s| s.name.as_str());
    let levels = ast.level_names.iter().filter(|_| link).map(|n| n.name.as_str());
    for name in sections.chain(levels) {
        if !name.is_empty() && !out.iter().any(|o| o.eq_ignore_ascii_case(name)) {
            out.push(name.to_owned());
        }
    }
    out
}

/// The byte (of `line`) where the word `word` (lower case) starts, first
/// after `from`, followed by a space or a tab.
fn word_after(line: &str, from: usize, word: &str) -> Option<usize> {
    let lower = line.to_ascii_lowercase();
    lower.get(from..)?.match_indices(word).map(|(i, _)| from + i).find(|&i| {
        let starts_word = i == 0 || !is_word_byte(lower.as_bytes()[i - 1]);
        starts_word && lower[i + word.len()..].starts_with([' ', '\t'])
    })
}

/// A level flow name being written (PuzzleScript Plus/Next): after
/// `goto ` in a rule's commands (past `->`, outside brackets) or on a
/// LEVELS line, the sections it may lead to; on a `link OBJECT ` line of
/// LEVELS, the sections and named levels; while the link's object is
/// being written, the names (`names`). The range is the name typed so far
/// (several words, replaced whole). Only in a Plus/Next game, where these
/// words are commands.
fn jump_candidates(text: &str, cursor: usize, names: &[String]) -> Option<(Range<usize>, Vec<String>)> {
    let line_start = text[..cursor].rfind('\n').map_or(0, |i| i + 1);
    let before = &text[line_start..cursor];
    // What is being written: a target (and whether a link's), or a link's object.
    let (typed, link, object) = match section_at(text, line_start) {
        Section::Rules => {
            let arrow = before.find("->")?;
            let at = word_after(before, arrow, "goto")?;
            let commands = &before[arrow..at];
            if commands.rfind('[').is_some_and(|open| !commands[open..].contains(']')) {
                return None; // inside a cell
            }
            (before[at + 4..].trim_start(), false, false)
        }
        Section::Levels => {
            let line = before.trim_start();
            let verb_end = line.find([' ', '\t'])?;
            let (verb, rest) = (&line[..verb_end], line[verb_end..].trim_start());
            if verb.eq_ignore_ascii_case(LevelWord::Goto.as_str()) {
                (rest, false, false)
            } else if !verb.eq_ignore_ascii_case(LevelWord::Link.as_str()) {
                return None;
            } else if let Some(object_end) = rest.find([' ', '\t']) {
                (rest[object_end..].trim_start(), true, false)
            } else {
                (rest, true, true)
            }
        }
        _ => return None,
    };
    if typed.contains('(') {
        return None;
    }
    let (ast, _) = engine::syntax::parse(text);
    let forked =
        !ast.tag_sections.is_empty() || engine::dialect::needed(&ast).is_some_and(|n| n.dialect > Dialect::Classic);
    if !forked {
        return None;
    }
    let offered = if object { names.to_vec() } else { jump_targets(&ast, link) };
    names_typed(offered, typed, cursor)
}

/// Inside an `afx:` word on a SOUNDS line (PuzzleScript Next), after `afx:`
/// or a `:` in it: the range of the part typed so far and the parts it
/// could be (`slide`, `ease=`...); after `ease=`, the easings. The word
/// itself makes the game a Next game, so nothing else is asked.
fn afx_candidates(text: &str, cursor: usize) -> Option<(Range<usize>, Vec<String>)> {
    let bytes = text.as_bytes();
    let mut start = cursor;
    while start > 0 && is_word_byte(bytes[start - 1]) {
        start -= 1;
    }
    let mut token = start;
    while token > 0 && !bytes[token - 1].is_ascii_whitespace() && bytes[token - 1] != b'(' {
        token -= 1;
    }
    let word = &text[token..start];
    if !AfxWord::is_afx(word) || section_at(text, token) != Section::Sounds {
        return None;
    }
    let typed = text[start..cursor].to_ascii_lowercase();
    let fits = |w: &&str| w.starts_with(&typed) && *w != typed;
    let items: Vec<String> = if let Some(before) = word.strip_suffix('=') {
        let part = before.rsplit(':').next().unwrap_or_default();
        if AfxWord::parse(&part.to_ascii_lowercase()) != Some(AfxWord::Ease) {
            return None;
        }
        engine::tween::Easing::names().filter(fits).map(str::to_owned).collect()
    } else if word.ends_with(':') {
        AfxWord::ALL.map(AfxWord::completion).into_iter().filter(fits).map(str::to_owned).collect()
    } else {
        return None;
    };
    (!items.is_empty()).then_some((start..cursor, items))
}

/// What to offer for the word ending at `cursor`: the range of that word
/// and the candidates (names first, then keywords), or `None`. After
/// `gosub` in RULES: the subroutine names the text defines. A word of
/// PuzzleScript Plus or Next (`once`, `goto`, `TAGS`, `rot:`) is offered
/// only when the game already is one ([`dialect_of`], read only when such
/// a word would be offered): in a classic game it would change the
/// language the game is read in.
#[must_use]
pub fn candidates(text: &str, cursor: usize, names: &[String]) -> Option<(Range<usize>, Vec<String>)> {
    if cursor > text.len() || !text.is_char_boundary(cursor) {
        return None;
    }
    if !(cursor < text.len() && is_word_byte(text.as_bytes()[cursor]))
        && let Some(found) = gosub_candidates(text, cursor)
            .or_else(|| afx_candidates(text, cursor))
            .or_else(|| jump_candidates(text, cursor, names))
    {
        return Some(found);
    }
    let bytes = text.as_bytes();
    let mut start = cursor;
    while start > 0 && is_word_byte(bytes[start - 1]) {
        start -= 1;
    }
    if cursor < text.len() && is_word_byte(bytes[cursor]) {
        return None; // in the middle of a word
    }
    let prefix = &text[start..cursor];
    if prefix.is_empty() {
        return None;
    }
    let section = section_at(text, start);
    let line_start = text[..start].rfind('\n').map_or(0, |i| i + 1);
    if section == Section::Levels && !text[line_start..start].trim().is_empty() {
        return None; // LEVELS' words start a line; the rest is map or text
    }
    let offer_names = !matches!(section, Section::Prelude | Section::Objects | Section::Levels);
    let lower = prefix.to_ascii_lowercase();
    let mut out: Vec<String> = Vec::new();
    // Inside TAGS or MAPPINGS (a Next game already): what fits there
    // ([`tag_words`]), then the headers; elsewhere names, then keywords.
    let tag_place = tag_section_at(text, start);
    let tag_words = tag_place.map(|t| tag_words(text, t, start)).unwrap_or_default();
    let offered: Vec<(&str, Dialect)> = match tag_place {
        Some(_) => {
            let headers =
                TagSection::ALL.map(TagSection::header).into_iter().chain(Section::HEADED.map(Section::header));
            tag_words.iter().map(String::as_str).chain(headers).map(|w| (w, Dialect::Classic)).collect()
        }
        None => {
            let named = names.iter().filter(|_| offer_names).map(|n| (n.as_str(), Dialect::Classic));
            named.chain(keywords(section)).collect()
        }
    };
    let mut forked: Option<bool> = None;
    for (word, dialect) in offered {
        let w = word.to_ascii_lowercase();
        if w.starts_with(&lower)
            && w != lower
            && !out.iter().any(|o| o.eq_ignore_ascii_case(word))
            && (dialect == Dialect::Classic || *forked.get_or_insert_with(|| dialect_of(text) > Dialect::Classic))
        {
            out.push(word.to_owned());
        }
        if out.len() >= 12 {
            break;
        }
    }
    (!out.is_empty()).then_some((start..cursor, out))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_and_keywords_by_section() {
        let text = "title x\nOBJECTS\nCrate\nRULES\n[ Cr";
        let names = vec!["Crate".to_owned(), "Player".to_owned()];
        let (range, items) = candidates(text, text.len(), &names).expect("some");
        assert_eq!(&text[range], "Cr");
        assert_eq!(items, vec!["Crate".to_owned()]);
        let text = "RULES\n[ > Player ] -> [ > Player ] ag";
        let (_, items) = candidates(text, text.len(), &names).expect("some");
        assert_eq!(items, vec!["again".to_owned()]);
        // A classic game is offered the classic option only (`title_color`
        // is PuzzleScript Next's); a Next game both.
        let text = "tit";
        let (_, items) = candidates(text, 3, &names).expect("some");
        assert_eq!(items, vec!["title".to_owned()]);
        let text = "status_line\ntit";
        let (_, items) = candidates(text, text.len(), &names).expect("some");
        assert_eq!(items, vec!["title".to_owned(), "title_color".to_owned()]);
        // The mouse options are offered in a Plus game, `mouse_clicks` among
        // them, and not in a classic one (they would make it a Plus game).
        let text = "level_select\nmouse_";
        let (_, items) = candidates(text, text.len(), &names).expect("the mouse options");
        assert!(items.contains(&"mouse_left".to_owned()) && items.contains(&"mouse_obstacle".to_owned()), "{items:?}");
        assert!(items.contains(&"mouse_clicks".to_owned()), "{items:?}");
        assert_eq!(candidates("mouse_", 6, &names), None);
        assert_eq!(section_at("a\nWINCONDITIONS\nall", 18), Section::WinConditions);
        // PuzzleScript Next's sprite transforms in OBJECTS (the copy makes
        // it a Plus game).
        let text = "OBJECTS\nArrow\nred\n\nEast copy:Arrow ro";
        let (_, items) = candidates(text, text.len(), &names).expect("a transform");
        assert_eq!(items, vec!["rot:".to_owned()]);
        assert_eq!(candidates("OBJECTS\nArrow ro", 16, &names), None, "not in a classic game");
    }

    /// A small valid game, classic unless `prelude` says otherwise, with
    /// `typed` at the end of its rules.
    fn game(prelude: &str, typed: &str) -> String {
        format!(
            "title T\n{prelude}\nOBJECTS\nBackground\nblack\nPlayer\nwhite\nLEGEND\n. = Background\nP = Player\nCOLLISIONLAYERS\nBackground\nPlayer\nRULES\n[ Player ] -> [ Player ] {typed}"
        )
    }

    fn offered(text: &str) -> Vec<String> {
        candidates(text, text.len(), &["Player".to_owned()]).map(|(_, items)| items).unwrap_or_default()
    }

    #[test]
    fn plus_and_next_words_are_offered_only_in_their_games() {
        // Classic: none of the forks' commands or prefixes.
        assert_eq!(dialect_of(&game("", "")), Dialect::Classic);
        for (typed, word) in [("go", "goto"), ("onc", "once"), ("nos", "nosave"), ("sta", "status"), ("lc", "lclick")] {
            let found = offered(&game("", typed));
            assert!(!found.iter().any(|w| w == word), "{typed}: {found:?}");
        }
        assert_eq!(offered(&game("", "sta")), ["startloop", "stationary"], "the classic words are still offered");
        // A Plus game (an option of Plus) and a Next game (`status_line`).
        let plus = game("level_select", "");
        assert_eq!(dialect_of(&plus), Dialect::Plus);
        assert_eq!(offered(&game("level_select", "go")), ["goto"], "never `gosub`, completed by name");
        assert_eq!(offered(&game("level_select", "nos")), ["nosave"]);
        assert_eq!(offered(&game("status_line", "onc")), ["once"]);
        assert_eq!(offered(&game("status_line", "sta")), ["startloop", "stationary", "status"]);
        assert_eq!(offered(&game("status_line", "lo")), ["log"]);
        assert_eq!(offered(&game("status_line", "li")), ["link"]);
        assert_eq!(offered(&game("status_line", "lc")), ["lclick"]);
        assert_eq!(offered(&game("status_line", "glo")), ["global"]);
        // TAGS and MAPPINGS in a Next game's prelude; a TAGS section makes
        // the game a Next game by itself.
        assert_eq!(offered("status_line\nTA"), ["TAGS"]);
        assert_eq!(offered("status_line\nMAP"), ["MAPPINGS"]);
        assert!(offered("title t\nMAP").is_empty());
        let tagged = "title t\nTAGS\nDirs = up down\n\nOBJECTS\nArrow\nred\n\nEast ro";
        assert_eq!(dialect_of(tagged), Dialect::Next);
        assert_eq!(offered(tagged), ["rot:"]);
    }

    #[test]
    fn gosub_offers_the_subroutines_defined() {
        let game = "title t\nOBJECTS\nPlayer\nRULES\n[ Player ] -> [ Player ] gosub \n\nsubroutine Move Tiles\n[ Player ] -> [ Player ]\nSUBROUTINE merge (joins)\n[ Player ] -> [ Player ]\n";
        assert_eq!(subroutine_names(game), vec!["Move Tiles".to_owned(), "merge".to_owned()]);
        let names = vec!["Player".to_owned()];
        // Right after `gosub `: every subroutine, nothing else.
        let at = game.find("gosub ").expect("gosub") + 6;
        let (range, items) = candidates(game, at, &names).expect("offered");
        assert_eq!(range, at..at);
        assert_eq!(items, vec!["Move Tiles".to_owned(), "merge".to_owned()]);
        // A partial name, several words included, is replaced whole.
        let typed = game.replacen("gosub \n", "gosub move t\n", 1);
        let at = typed.find("move t").expect("typed") + 6;
        let (range, items) = candidates(&typed, at, &names).expect("offered");
        assert_eq!(&typed[range], "move t");
        assert_eq!(items, vec!["Move Tiles".to_owned()]);
        // Not outside RULES, not after a finished name.
        assert!(candidates("title gosub \n", 12, &names).is_none());
        let done = game.replacen("gosub \n", "gosub merge\n", 1);
        let at = done.find("gosub merge").expect("typed") + 11;
        assert!(candidates(&done, at, &names).is_none_or(|(_, items)| !items.contains(&"merge".to_owned())));
    }

    /// A game with `sounds` as its SOUNDS section and `levels` after its
    /// one map; Plus when `prelude` says so.
    /// The cursor is at `¦` (taken out of the text), or at the end.
    fn sounds_and_levels(prelude: &str, sounds: &str, levels: &str) -> String {
        let sounds = if levels.is_empty() { format!("{sounds}¦") } else { sounds.to_owned() };
        format!(
            "title T\n{prelude}\nOBJECTS\nBackground\nblack\nPlayer\nwhite\nLEGEND\n. = Background\nP = Player\n\
             SOUNDS\n{sounds}\nCOLLISIONLAYERS\nBackground\nPlayer\nRULES\n[ Player ] -> [ Player ]\nLEVELS\nP.\n\n{levels}"
        )
    }

    /// What is offered at the cursor ([`sounds_and_levels`]'s `¦`, or the
    /// end of the text).
    fn offered_at_end(text: &str) -> Vec<String> {
        let at = text.find('¦').unwrap_or(text.len());
        let text = text.replacen('¦', "", 1);
        candidates(&text, at, &["Player".to_owned()]).map(|(_, items)| items).unwrap_or_default()
    }

    #[test]
    fn afx_words_and_their_parts_are_offered_in_next_games() {
        // `afx:` itself, only in a Plus/Next game.
        assert!(offered_at_end(&sounds_and_levels("", "Player move 1234 af", "")).is_empty());
        assert_eq!(offered_at_end(&sounds_and_levels("status_line", "Player move 1234 af", "")), ["afx:"]);
        // After `afx:` or a `:` in it, the parts (the word makes the game a
        // Next game by itself); `ease=` with its `=`.
        let text = sounds_and_levels("", "Player move 1234 afx:", "");
        assert_eq!(dialect_of(&text.replacen('¦', "", 1)), Dialect::Next);
        assert_eq!(offered_at_end(&text), ["slide", "zoom", "fade", "turn", "ease="]);
        let text = sounds_and_levels("", "Player move afx:slide:e", "").replacen('¦', "", 1);
        let at = text.find("slide:e").expect("typed") + 7;
        let (range, items) = candidates(&text, at, &[]).expect("offered");
        assert_eq!((&text[range], items), ("e", vec!["ease=".to_owned()]));
        assert_eq!(offered_at_end(&sounds_and_levels("", "Player move afx:turn=.25,0:z", "")), ["zoom"]);
        // After `ease=`, the easings; after another part's `=`, nothing.
        let text = sounds_and_levels("", "Player move afx:slide:ease=easeoutq", "");
        assert_eq!(offered_at_end(&text), ["easeoutquad", "easeoutquart", "easeoutquint"]);
        assert_eq!(offered_at_end(&sounds_and_levels("", "Player move afx:ease=", "")).len(), 13);
        assert!(offered_at_end(&sounds_and_levels("", "Player move afx:zoom=", "")).is_empty());
        // Not outside SOUNDS.
        assert!(offered_at_end("title t\nRULES\n[ Player ] -> [ Player ] afx:").is_empty());
    }

    #[test]
    fn level_words_start_a_line_of_levels_in_their_games() {
        assert_eq!(offered_at_end(&sounds_and_levels("", "", "mes")), ["message"]);
        // Classic: no `section`, `level`, `goto` or `link`.
        for typed in ["sec", "lev", "go", "li"] {
            let found = offered_at_end(&sounds_and_levels("", "", typed));
            assert!(found.iter().all(|w| w == "LEVELS"), "{typed}: {found:?}");
        }
        // Plus (`level_select`): all four; `title` and `input` we refuse.
        let plus = |typed: &str| offered_at_end(&sounds_and_levels("level_select", "", typed));
        assert_eq!(plus("sec"), ["section"]);
        assert_eq!(plus("lev"), ["level", "LEVELS"]);
        assert_eq!(plus("go"), ["goto"]);
        assert_eq!(plus("li"), ["link"]);
        assert!(plus("ti").is_empty() && plus("in").is_empty());
        // Only at the start of a line: a map row or a message is not a
        // place for them.
        assert!(plus("message see the sec").is_empty());
        assert!(plus("#.P.sec").is_empty());
        assert_eq!(plus("  sec"), ["section"]);
    }

    /// A Plus game (`level_select`) with sections and a named level, `rule`
    /// ending its rules and `levels` after its maps; the cursor at `¦`.
    fn flow_game(prelude: &str, rule: &str, levels: &str) -> String {
        format!(
            "title T\n{prelude}\nOBJECTS\nBackground\nblack\nPlayer\nwhite\nDoor\nbrown\nLEGEND\n. = Background\nP = Player\nD = Door\n\
             COLLISIONLAYERS\nBackground\nDoor\nPlayer\nRULES\n[ Player ] -> [ Player ]\n{rule}\n\
             LEVELS\nsection Easy Ones\nP.\n\nsection Empty\nsection Hard Ones\nlevel Bridge\nP.D\n\nsection easy ones\nmessage again\n{levels}"
        )
    }

    #[test]
    fn goto_and_link_offer_the_sections_and_levels_they_may_lead_to() {
        let plus = |rule: &str, levels: &str| offered_at_end(&flow_game("level_select", rule, levels));
        // A rule's `goto`: the sections with entries (`Empty` has none, so
        // `goto Empty` would be an error), each once.
        assert_eq!(plus("late [ Player Door ] -> goto ¦", ""), ["Easy Ones", "Hard Ones"]);
        assert_eq!(plus("[ Player Door ] -> [ Player ] GOTO h¦", ""), ["Hard Ones"]);
        assert_eq!(plus("[ Player ] -> goto easy o¦", ""), ["Easy Ones"], "several words typed");
        assert!(plus("[ Player ] -> goto Easy Ones¦", "").is_empty(), "a finished name");
        assert!(plus("[ goto ¦", "").is_empty(), "not before `->`");
        assert!(plus("[ Player ] -> [ goto ¦", "").is_empty(), "not inside a cell");
        // A LEVELS `goto` line, and a link's target: sections, then named levels.
        assert_eq!(plus("", "goto ¦"), ["Easy Ones", "Hard Ones"]);
        assert_eq!(plus("", "link Door ¦"), ["Easy Ones", "Hard Ones", "Bridge"]);
        assert_eq!(plus("", "  LINK Door b¦"), ["Bridge"]);
        // The link's object: the names.
        let text = flow_game("level_select", "", "link Do");
        let (range, items) = candidates(&text, text.len(), &["Door".to_owned(), "Player".to_owned()]).expect("offered");
        assert_eq!((&text[range], items), ("Do", vec!["Door".to_owned()]));
        // The replaced range is the name typed so far, whole.
        let text = flow_game("level_select", "", "link Door hard o");
        let (range, _) = candidates(&text, text.len(), &[]).expect("offered");
        assert_eq!(&text[range], "hard o");
        // A `section` line makes a game a Plus game; a classic game has no
        // sections, and there `goto` is no command: nothing.
        assert!(dialect_of(&flow_game("", "", "")) > Dialect::Classic);
        assert!(offered(&game("", "goto ")).is_empty());
        // Nowhere else.
        assert!(offered_at_end(&flow_game("level_select\ngoto ¦", "", "")).is_empty());
    }

    #[test]
    fn tags_and_mappings_offer_their_own_words_not_the_preludes() {
        let head = "title t\nstatus_line\n\nOBJECTS\nBackground\nblack\n\nTAGS\nShade = Red Blue\n";
        // TAGS after OBJECTS (a Next game): after `=`, the tags but the
        // one being written, the predefined ones too.
        assert_eq!(offered_at_end(&format!("{head}Colour = Sh")), ["Shade"]);
        assert_eq!(offered_at_end(&format!("{head}Colour = dir")), ["directions"]);
        assert_eq!(offered_at_end(&format!("{head}Shadow = Sha")), ["Shade"]);
        assert!(offered_at_end(&format!("{head}Colour = Red Blue Shadow\nCol = Colou")).contains(&"Colour".to_owned()));
        // Never the prelude's options (`title`) nor object names.
        assert!(offered_at_end(&format!("{head}ti")).is_empty());
        assert!(offered_at_end(&format!("{head}Colour = Back")).is_empty());
        // The headers, to leave the section.
        assert_eq!(offered_at_end(&format!("{head}RUL")), ["RULES"]);
        assert_eq!(offered_at_end(&format!("{head}MAP")), ["MAPPINGS"]);
        // MAPPINGS: a tag to map from; on the line after, its values (the
        // predefined tags' too); after `->`, values and tags.
        let maps = format!("{head}\nMAPPINGS\n");
        assert_eq!(offered_at_end(&format!("{maps}Sha")), ["Shade"]);
        assert!(offered_at_end(&format!("{maps}Shade => Oth")).is_empty(), "a new name");
        assert_eq!(offered_at_end(&format!("{maps}Shade => Other\nR")), ["Red", "RULES"]);
        assert_eq!(offered_at_end(&format!("{maps}Shade => Other\nRed Blue -> B")), ["Blue"]);
        assert_eq!(offered_at_end(&format!("{maps}Shade => Other\nRed Blue -> S")), ["Shade", "SOUNDS"]);
        assert_eq!(offered_at_end(&format!("{maps}horizontal => Flip\nri")), ["right"]);
        assert_eq!(offered_at_end(&format!("{maps}Shade => Other\nRed Blue -> Blue Red\n\nSha")), ["Shade"]);
        // In the prelude's place too (before OBJECTS, any game with TAGS).
        assert!(offered_at_end("title t\nTAGS\nDirs = up\nti").is_empty());
        assert_eq!(offered_at_end("title t\nTAGS\nDirs = up\nMore = Di"), ["Dirs", "directions"]);
        // A classic game's `tags` after OBJECTS is an object's name.
        let classic = "title t\nOBJECTS\ntags\nred\n\nLEGEND\nx = ta";
        assert_eq!(tag_section_at(classic, classic.len()), None);
        assert_eq!(tag_section_at(&format!("{head}x"), head.len() + 1), Some(TagSection::Tags));
    }

    #[test]
    fn nothing_inside_a_word_or_after_space() {
        assert!(candidates("RULES\nCrate x", 9, &["Crate".into()]).is_none());
        assert!(candidates("RULES\n", 6, &["Crate".into()]).is_none());
    }
}
