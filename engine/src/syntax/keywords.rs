//! The fixed words of the language that more than one part of the engine
//! (and the studio) needs to spell: written once here, with `parse` and
//! `as_str`, so a word is never compared as a string literal elsewhere.
//!
//! [`SoundEvent`]: the events a SOUNDS line can give a seed without naming
//! an object (`startlevel`, `sfx3`...), which the engine plays itself.

/// The number of `sfx` events: `sfx0` to `sfx10`.
pub const SFX_COUNT: u8 = 11;

/// A game-wide sound event: a word a SOUNDS line starts with to give the
/// game (not an object) a sound.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum SoundEvent {
    /// `titlescreen`: the title screen is shown.
    TitleScreen,
    /// `startgame`: a new game starts from the title screen.
    StartGame,
    /// `startlevel`: a level is loaded.
    StartLevel,
    /// `endlevel`: a level is won.
    EndLevel,
    /// `endgame`: the last level is won.
    EndGame,
    /// `showmessage`: a message screen opens.
    ShowMessage,
    /// `closemessage`: a message screen is closed.
    CloseMessage,
    /// `undo`: the player undoes a turn.
    Undo,
    /// `restart`: the level restarts.
    Restart,
    /// `cancel`: a rule cancels the turn.
    Cancel,
    /// `sfx0` to `sfx10`: played by a rule's command of that name.
    Sfx(u8),
}

const SFX_WORDS: [&str; SFX_COUNT as usize] =
    ["sfx0", "sfx1", "sfx2", "sfx3", "sfx4", "sfx5", "sfx6", "sfx7", "sfx8", "sfx9", "sfx10"];

impl SoundEvent {
    /// The events that are not `sfx`, in the order the studio lists them.
    pub const NAMED: [SoundEvent; 10] = [
        SoundEvent::TitleScreen,
        SoundEvent::StartGame,
        SoundEvent::StartLevel,
        SoundEvent::EndLevel,
        SoundEvent::EndGame,
        SoundEvent::ShowMessage,
        SoundEvent::CloseMessage,
        SoundEvent::Undo,
        SoundEvent::Restart,
        SoundEvent::Cancel,
    ];

    /// Every event: [`Self::NAMED`], then `sfx0` to `sfx10`.
    pub fn all() -> impl Iterator<Item = SoundEvent> {
        Self::NAMED.into_iter().chain((0..SFX_COUNT).map(SoundEvent::Sfx))
    }

    /// The event a word names, in lower case as the parser gives words.
    #[must_use]
    pub fn parse(word: &str) -> Option<SoundEvent> {
        Some(match word {
            "titlescreen" => SoundEvent::TitleScreen,
            "startgame" => SoundEvent::StartGame,
            "startlevel" => SoundEvent::StartLevel,
            "endlevel" => SoundEvent::EndLevel,
            "endgame" => SoundEvent::EndGame,
            "showmessage" => SoundEvent::ShowMessage,
            "closemessage" => SoundEvent::CloseMessage,
            "undo" => SoundEvent::Undo,
            "restart" => SoundEvent::Restart,
            "cancel" => SoundEvent::Cancel,
            _ => {
                let k = SFX_WORDS.iter().position(|w| *w == word)?;
                SoundEvent::Sfx(u8::try_from(k).ok()?)
            }
        })
    }

    /// The word. An `Sfx` past `sfx10` (which [`Self::parse`] never gives)
    /// is written `sfx`.
    #[must_use]
    pub fn as_str(self) -> &'static str {
        match self {
            SoundEvent::TitleScreen => "titlescreen",
            SoundEvent::StartGame => "startgame",
            SoundEvent::StartLevel => "startlevel",
            SoundEvent::EndLevel => "endlevel",
            SoundEvent::EndGame => "endgame",
            SoundEvent::ShowMessage => "showmessage",
            SoundEvent::CloseMessage => "closemessage",
            SoundEvent::Undo => "undo",
            SoundEvent::Restart => "restart",
            SoundEvent::Cancel => "cancel",
            SoundEvent::Sfx(k) => SFX_WORDS.get(usize::from(k)).copied().unwrap_or("sfx"),
        }
    }

    /// Whether the engine plays it on the way out of a level (`endlevel`,
    /// `endgame`) or into one (`startlevel`): the sounds of a level change.
    #[must_use]
    pub fn is_level_change(self) -> bool {
        matches!(self, SoundEvent::EndLevel | SoundEvent::StartLevel | SoundEvent::EndGame)
    }
}

impl std::fmt::Display for SoundEvent {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.as_str())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_event_reads_back_from_its_word() {
        let all: Vec<SoundEvent> = SoundEvent::all().collect();
        assert_eq!(all.len(), 21);
        for e in all {
            assert_eq!(SoundEvent::parse(e.as_str()), Some(e), "{e}");
        }
        assert_eq!(SoundEvent::parse("sfx11"), None);
        assert_eq!(SoundEvent::parse("sfx"), None);
        assert_eq!(SoundEvent::parse("StartLevel"), None, "words come lower-cased from the parser");
        assert_eq!(SoundEvent::Sfx(3).to_string(), "sfx3");
    }
}
