//! [`SpriteWord`]: the words before `:` that start an object's sprite
//! transforms or drawing (PuzzleScript Plus/Next).

/// A word that, with a `:` after it, starts an object's sprite
/// transforms or drawing in PuzzleScript Plus/Next (`copy:Arrow`,
/// `rot:up:right`, `text:Hello`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum SpriteWord {
    /// `copy:NAME` (PuzzleScript Plus): the sprite of another object.
    Copy,
    /// `flip:DIR` (PuzzleScript Next): mirrored.
    Flip,
    /// `rot:FROM:TO` (PuzzleScript Next): turned.
    Rot,
    /// `shift:DIR[:N]` (PuzzleScript Next): pixels moved round.
    Shift,
    /// `translate:DIR:N` (PuzzleScript Next): drawn moved by pixels.
    Translate,
    /// `scale:N` (PuzzleScript Next): a text sprite's size.
    Scale,
    /// `canvas:` (PuzzleScript Next): drawn by vector instructions.
    Canvas,
    /// `text:WORDS` (PuzzleScript Next): drawn as text.
    Text,
}

impl SpriteWord {
    /// Every word, transforms first, in the order the studio offers them.
    pub const ALL: [SpriteWord; 8] = [
        SpriteWord::Copy,
        SpriteWord::Flip,
        SpriteWord::Rot,
        SpriteWord::Shift,
        SpriteWord::Translate,
        SpriteWord::Scale,
        SpriteWord::Canvas,
        SpriteWord::Text,
    ];

    /// The word with its colon, as written (`copy:`).
    #[must_use]
    pub fn as_str(self) -> &'static str {
        match self {
            SpriteWord::Copy => "copy:",
            SpriteWord::Flip => "flip:",
            SpriteWord::Rot => "rot:",
            SpriteWord::Shift => "shift:",
            SpriteWord::Translate => "translate:",
            SpriteWord::Scale => "scale:",
            SpriteWord::Canvas => "canvas:",
            SpriteWord::Text => "text:",
        }
    }

    /// The word `word` (lower case) starts with, if any (`rot:up` is
    /// [`SpriteWord::Rot`]).
    #[must_use]
    pub fn starting(word: &str) -> Option<SpriteWord> {
        Self::ALL.into_iter().find(|w| word.starts_with(w.as_str()))
    }

    /// Whether it turns or moves the pixels of a sprite (not `copy:`, nor
    /// a way of drawing).
    #[must_use]
    pub fn is_transform(self) -> bool {
        matches!(self, SpriteWord::Flip | SpriteWord::Rot | SpriteWord::Shift | SpriteWord::Translate)
    }

    /// The dialect that brought it in (Plus for `copy:`, Next for the rest).
    #[must_use]
    pub fn dialect(self) -> crate::options::Dialect {
        match self {
            SpriteWord::Copy => crate::options::Dialect::Plus,
            _ => crate::options::Dialect::Next,
        }
    }
}
