//! Autocomplete for the code panel: object and legend names, and the
//! keywords of the section the cursor is in. Pure text logic; the panel
//! draws the list and applies the choice.

use std::ops::Range;

pub use engine::syntax::ast::Section;
use engine::syntax::keywords::{CommandWord, LOOP_WORDS, Modifier, RulePrefix, SoundDirection, SoundEvent, SoundVerb};

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

/// Keywords worth offering in `section`.
#[must_use]
pub fn keywords(section: Section) -> Vec<&'static str> {
    let mut words: Vec<&'static str> = match section {
        // Options we support (fully, or as drawing we accept): an option we
        // do not support yet is an error, so it is not offered.
        Section::Prelude => engine::options::PreludeOption::ALL
            .iter()
            .filter(|o| !matches!(o.support(), engine::options::Support::Missing | engine::options::Support::Inert))
            .map(|o| o.keyword())
            .collect(),
        Section::Objects => {
            // The colours, and PuzzleScript Next's sprite transforms.
            let mut w = engine::render::COLOR_NAMES.to_vec();
            w.extend(["copy:", "flip:", "rot:", "shift:", "translate:"]);
            w
        }
        Section::Legend => vec!["and", "or"],
        Section::Sounds => {
            // The events (`sfx0`... last), then the verbs of every game
            // and the directions.
            let mut w: Vec<&'static str> = SoundEvent::all().map(SoundEvent::as_str).collect();
            w.extend(SoundVerb::CLASSIC.map(SoundVerb::as_str));
            w.extend(SoundDirection::ALL.map(SoundDirection::as_str));
            w
        }
        Section::CollisionLayers => vec![],
        Section::Rules => {
            let mut w: Vec<&'static str> = RulePrefix::ALL
                .into_iter()
                .filter(|p| !p.needs_plus())
                .map(RulePrefix::as_str)
                .chain(LOOP_WORDS)
                .collect();
            // The modifiers that are words (`>` and the like are typed
            // whole, never completed).
            w.extend(Modifier::CLASSIC.map(Modifier::as_str).into_iter().filter(|m| m.len() > 1));
            // The commands but PuzzleScript Next's `gosub`, whose
            // subroutine names are offered after it instead.
            w.extend(CommandWord::all().filter(|c| *c != CommandWord::Gosub).map(CommandWord::as_str));
            // PuzzleScript Plus and Next: the prefixes (`global`, `once`)
            // and the commands of their games.
            w.extend(RulePrefix::ALL.into_iter().filter(|p| p.needs_plus()).map(RulePrefix::as_str));
            w.extend(["undo", "nosave", "quit", "status"]);
            w
        }
        Section::WinConditions => vec!["all", "some", "no", "any", "on"],
        Section::Levels => vec!["message"],
    };
    words.extend(Section::HEADED.map(Section::header));
    words
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
    let start = cursor - typed.len();
    let wanted = typed.split_whitespace().collect::<Vec<_>>().join(" ").to_ascii_lowercase();
    let items: Vec<String> = subroutine_names(text)
        .into_iter()
        .filter(|n| {
            let n = n.to_ascii_lowercase();
            n.starts_with(&wanted) && n != wanted
        })
        .take(12)
        .collect();
    (!items.is_empty()).then_some((start..cursor, items))
}

/// What to offer for the word ending at `cursor`: the range of that word
/// and the candidates (names first, then keywords), or `None`. After
/// `gosub` in RULES: the subroutine names the text defines.
#[must_use]
pub fn candidates(text: &str, cursor: usize, names: &[String]) -> Option<(Range<usize>, Vec<String>)> {
    if cursor > text.len() || !text.is_char_boundary(cursor) {
        return None;
    }
    if !(cursor < text.len() && is_word_byte(text.as_bytes()[cursor]))
        && let Some(found) = gosub_candidates(text, cursor)
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
    let offer_names = !matches!(section, Section::Prelude | Section::Objects | Section::Levels);
    let lower = prefix.to_ascii_lowercase();
    let mut out: Vec<String> = Vec::new();
    let pool = names.iter().filter(|_| offer_names).map(String::as_str).chain(keywords(section));
    for word in pool {
        let w = word.to_ascii_lowercase();
        if w.starts_with(&lower) && w != lower && !out.iter().any(|o| o.eq_ignore_ascii_case(word)) {
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
        let text = "tit";
        let (_, items) = candidates(text, 3, &names).expect("some");
        assert_eq!(items, vec!["title".to_owned(), "title_color".to_owned()]);
        // The mouse options are offered, `mouse_clicks` among them.
        let text = "mouse_";
        let (_, items) = candidates(text, text.len(), &names).expect("the mouse options");
        assert!(items.contains(&"mouse_left".to_owned()) && items.contains(&"mouse_obstacle".to_owned()), "{items:?}");
        assert!(items.contains(&"mouse_clicks".to_owned()), "{items:?}");
        assert_eq!(section_at("a\nWINCONDITIONS\nall", 18), Section::WinConditions);
        // PuzzleScript Next's sprite transforms in OBJECTS.
        let text = "OBJECTS\nEast copy:Arrow ro";
        let (_, items) = candidates(text, text.len(), &names).expect("a transform");
        assert_eq!(items, vec!["rot:".to_owned()]);
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

    #[test]
    fn nothing_inside_a_word_or_after_space() {
        assert!(candidates("RULES\nCrate x", 9, &["Crate".into()]).is_none());
        assert!(candidates("RULES\n", 6, &["Crate".into()]).is_none());
    }
}
