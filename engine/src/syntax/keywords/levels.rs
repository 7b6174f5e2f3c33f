//! [`LevelWord`]: the words a LEVELS line may start with.

use crate::options::Dialect;

/// A word that starts a line of LEVELS which is not a map row: classic
/// `message`, and PuzzleScript Plus/Next's `section NAME`, `level NAME`,
/// `goto NAME`, `link OBJECT NAME`, and Next's `title`/`input` lines (read,
/// then refused by `check`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum LevelWord {
    /// `message TEXT`: a message screen between levels.
    Message,
    /// `section NAME` (PuzzleScript Plus): the levels after it form a
    /// section, listed by `level_select`, a target of `goto` and `link`.
    Section,
    /// `level NAME` (PuzzleScript Next): the next level's name.
    Level,
    /// `goto NAME` (PuzzleScript Plus): after the level before, go on at
    /// the section or level named.
    Goto,
    /// `link OBJECT NAME` (PuzzleScript Next): standing on OBJECT, a
    /// rule's `link` goes to the level or section named.
    Link,
    /// `title TEXT` (PuzzleScript Next, not supported).
    Title,
    /// `input TEXT` (PuzzleScript Next, not supported).
    Input,
}

impl LevelWord {
    /// Every word, `message` first, those we refuse last.
    pub const ALL: [LevelWord; 7] = [
        LevelWord::Message,
        LevelWord::Section,
        LevelWord::Level,
        LevelWord::Goto,
        LevelWord::Link,
        LevelWord::Title,
        LevelWord::Input,
    ];

    /// The word, in lower case.
    #[must_use]
    pub fn as_str(self) -> &'static str {
        match self {
            LevelWord::Message => "message",
            LevelWord::Section => "section",
            LevelWord::Level => "level",
            LevelWord::Goto => "goto",
            LevelWord::Link => "link",
            LevelWord::Title => "title",
            LevelWord::Input => "input",
        }
    }

    /// The word `word` names, in any case.
    #[must_use]
    pub fn parse(word: &str) -> Option<LevelWord> {
        Self::ALL.into_iter().find(|w| w.as_str().eq_ignore_ascii_case(word))
    }

    /// The dialect that brought it in.
    #[must_use]
    pub fn dialect(self) -> Dialect {
        match self {
            LevelWord::Message => Dialect::Classic,
            LevelWord::Section | LevelWord::Goto => Dialect::Plus,
            LevelWord::Level | LevelWord::Link | LevelWord::Title | LevelWord::Input => Dialect::Next,
        }
    }

    /// Whether we play it (`title` and `input` lines are refused).
    #[must_use]
    pub fn is_supported(self) -> bool {
        !matches!(self, LevelWord::Title | LevelWord::Input)
    }

    /// The Plus/Next words that start a word line (`section NAME`): all
    /// but `message`.
    pub fn verbs() -> impl Iterator<Item = LevelWord> {
        Self::ALL.into_iter().filter(|w| *w != LevelWord::Message)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn words_read_back_and_carry_their_dialect() {
        for w in LevelWord::ALL {
            assert_eq!(LevelWord::parse(w.as_str()), Some(w));
            assert_eq!(LevelWord::parse(&w.as_str().to_ascii_uppercase()), Some(w));
        }
        assert_eq!(LevelWord::parse("sections"), None);
        assert_eq!(LevelWord::Message.dialect(), Dialect::Classic);
        assert_eq!(LevelWord::Section.dialect(), Dialect::Plus);
        assert_eq!(LevelWord::Goto.dialect(), Dialect::Plus);
        assert_eq!(LevelWord::Level.dialect(), Dialect::Next);
        assert_eq!(LevelWord::Link.dialect(), Dialect::Next);
        assert!(!LevelWord::Title.is_supported() && LevelWord::Section.is_supported());
        assert_eq!(LevelWord::verbs().count(), 6);
    }
}
