//! Autocomplete for the code panel: object and legend names, and the
//! keywords of the section the cursor is in. Pure text logic; the panel
//! draws the list and applies the choice.

use std::ops::Range;

/// The sections of a PuzzleScript game, in the order they usually come.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Section {
    /// Before the first header.
    Prelude,
    /// OBJECTS.
    Objects,
    /// LEGEND.
    Legend,
    /// SOUNDS.
    Sounds,
    /// COLLISIONLAYERS.
    Layers,
    /// RULES.
    Rules,
    /// WINCONDITIONS.
    WinConditions,
    /// LEVELS.
    Levels,
}

const HEADERS: [(&str, Section); 7] = [
    ("objects", Section::Objects),
    ("legend", Section::Legend),
    ("sounds", Section::Sounds),
    ("collisionlayers", Section::Layers),
    ("rules", Section::Rules),
    ("winconditions", Section::WinConditions),
    ("levels", Section::Levels),
];

const SFX: [&str; 11] = ["sfx0", "sfx1", "sfx2", "sfx3", "sfx4", "sfx5", "sfx6", "sfx7", "sfx8", "sfx9", "sfx10"];

/// The section that `at` (a byte offset) is in.
#[must_use]
pub fn section_at(text: &str, at: usize) -> Section {
    let at = at.min(text.len());
    let before = text.get(..at).unwrap_or(text);
    for line in before.lines().rev() {
        let word = line.trim().to_ascii_lowercase();
        if let Some((_, section)) = HEADERS.iter().find(|(h, _)| *h == word) {
            return *section;
        }
    }
    Section::Prelude
}

/// Keywords worth offering in `section`.
#[must_use]
pub fn keywords(section: Section) -> Vec<&'static str> {
    let mut words: Vec<&'static str> = match section {
        Section::Prelude => engine::options::PreludeOption::ALL.iter().map(|o| o.keyword()).collect(),
        Section::Objects => engine::render::COLOR_NAMES.to_vec(),
        Section::Legend => vec!["and", "or"],
        Section::Sounds => {
            let mut w = vec![
                "restart", "undo", "startgame", "endgame", "startlevel", "endlevel", "showmessage",
                "closemessage", "cancel", "titlescreen", "move", "cantmove", "action", "create",
                "destroy", "up", "down", "left", "right", "horizontal", "vertical",
            ];
            w.extend(SFX);
            w
        }
        Section::Layers => vec![],
        Section::Rules => {
            let mut w = vec![
                "late", "rigid", "random", "startloop", "endloop", "up", "down", "left", "right",
                "horizontal", "vertical", "orthogonal", "perpendicular", "parallel", "moving",
                "stationary", "randomdir", "action", "no", "again", "cancel", "checkpoint",
                "restart", "win", "message",
            ];
            w.extend(SFX);
            w
        }
        Section::WinConditions => vec!["all", "some", "no", "any", "on"],
        Section::Levels => vec!["message"],
    };
    words.extend(["OBJECTS", "LEGEND", "SOUNDS", "COLLISIONLAYERS", "RULES", "WINCONDITIONS", "LEVELS"]);
    words
}

fn is_word_byte(b: u8) -> bool {
    b.is_ascii_alphanumeric() || b == b'_'
}

/// What to offer for the word ending at `cursor`: the range of that word
/// and the candidates (names first, then keywords), or `None`.
#[must_use]
pub fn candidates(text: &str, cursor: usize, names: &[String]) -> Option<(Range<usize>, Vec<String>)> {
    if cursor > text.len() || !text.is_char_boundary(cursor) {
        return None;
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
    let pool = names
        .iter()
        .filter(|_| offer_names)
        .map(String::as_str)
        .chain(keywords(section));
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
        assert_eq!(items, vec!["title".to_owned()]);
        assert_eq!(section_at("a\nWINCONDITIONS\nall", 18), Section::WinConditions);
    }

    #[test]
    fn nothing_inside_a_word_or_after_space() {
        assert!(candidates("RULES\nCrate x", 9, &["Crate".into()]).is_none());
        assert!(candidates("RULES\n", 6, &["Crate".into()]).is_none());
    }
}
