//! The fixed words of the language that more than one part of the engine
//! (and the studio) needs to spell: written once here, with `parse` and
//! `as_str`, so a word is never compared as a string literal elsewhere.
//!
//! [`SoundEvent`]: the events a SOUNDS line can give a seed without naming
//! an object (`startlevel`, `sfx3`...), which the engine plays itself.
//! [`Section`]: the sections and their header words (`OBJECTS`).
//! [`CommandWord`]: the commands a rule may end with (`again`, `sfx3`).

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

/// A section of a game, in the order PuzzleScript requires them; the
/// header word of each (`OBJECTS`) starts it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Section {
    /// Lines before the first section header: title, author, options.
    Prelude,
    /// `OBJECTS`
    Objects,
    /// `LEGEND`
    Legend,
    /// `SOUNDS`
    Sounds,
    /// `COLLISIONLAYERS`
    CollisionLayers,
    /// `RULES`
    Rules,
    /// `WINCONDITIONS`
    WinConditions,
    /// `LEVELS`
    Levels,
}

impl Section {
    /// The sections that start with a header, in the order they must come.
    pub const HEADED: [Section; 7] = [
        Section::Objects,
        Section::Legend,
        Section::Sounds,
        Section::CollisionLayers,
        Section::Rules,
        Section::WinConditions,
        Section::Levels,
    ];

    /// The section a header word starts, in any case (`objects`,
    /// `OBJECTS`); `None` for any other word.
    #[must_use]
    pub fn parse(word: &str) -> Option<Section> {
        // The header words are ASCII, and no other character lower-cases
        // to a letter of theirs: an ASCII comparison ignoring case is the
        // same test as lower-casing the word.
        Self::HEADED.into_iter().find(|s| s.as_str().eq_ignore_ascii_case(word))
    }

    /// The header word in lower case, as the parser compares it
    /// (`collisionlayers`); `prelude` for the prelude, which has none.
    #[must_use]
    pub fn as_str(self) -> &'static str {
        match self {
            Section::Prelude => "prelude",
            Section::Objects => "objects",
            Section::Legend => "legend",
            Section::Sounds => "sounds",
            Section::CollisionLayers => "collisionlayers",
            Section::Rules => "rules",
            Section::WinConditions => "winconditions",
            Section::Levels => "levels",
        }
    }

    /// The header as written in a game (`COLLISIONLAYERS`); empty for the
    /// prelude, which has none.
    #[must_use]
    pub fn header(self) -> &'static str {
        match self {
            Section::Prelude => "",
            Section::Objects => "OBJECTS",
            Section::Legend => "LEGEND",
            Section::Sounds => "SOUNDS",
            Section::CollisionLayers => "COLLISIONLAYERS",
            Section::Rules => "RULES",
            Section::WinConditions => "WINCONDITIONS",
            Section::Levels => "LEVELS",
        }
    }

    /// The section that must come just before this one, if any.
    #[must_use]
    pub fn before(self) -> Option<Section> {
        let i = Self::HEADED.iter().position(|s| *s == self)?;
        i.checked_sub(1).map(|i| Self::HEADED[i])
    }
}

/// A command word a rule may end with (`again`, `sfx3`, `message`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum CommandWord {
    /// `cancel`: the turn is undone.
    Cancel,
    /// `checkpoint`: the level becomes the restart point.
    Checkpoint,
    /// `restart`: the level restarts.
    Restart,
    /// `win`: the level is won.
    Win,
    /// `message`: a message is shown (the rest of the line).
    Message,
    /// `again`: another turn follows.
    Again,
    /// `gosub` (PuzzleScript Next): a subroutine runs.
    Gosub,
    /// `sfx0` to `sfx10`: a sound plays.
    Sfx(u8),
}

impl CommandWord {
    /// The words that are not `sfx`, in the order the studio offers them.
    pub const NAMED: [CommandWord; 7] = [
        CommandWord::Again,
        CommandWord::Cancel,
        CommandWord::Checkpoint,
        CommandWord::Restart,
        CommandWord::Win,
        CommandWord::Message,
        CommandWord::Gosub,
    ];

    /// Every command: [`Self::NAMED`], then `sfx0` to `sfx10`.
    pub fn all() -> impl Iterator<Item = CommandWord> {
        Self::NAMED.into_iter().chain((0..SFX_COUNT).map(CommandWord::Sfx))
    }

    /// The command a word names, in lower case as the parser gives words.
    #[must_use]
    pub fn parse(word: &str) -> Option<CommandWord> {
        Some(match word {
            "cancel" => CommandWord::Cancel,
            "checkpoint" => CommandWord::Checkpoint,
            "restart" => CommandWord::Restart,
            "win" => CommandWord::Win,
            "message" => CommandWord::Message,
            "again" => CommandWord::Again,
            "gosub" => CommandWord::Gosub,
            "sfx0" => CommandWord::Sfx(0),
            "sfx1" => CommandWord::Sfx(1),
            "sfx2" => CommandWord::Sfx(2),
            "sfx3" => CommandWord::Sfx(3),
            "sfx4" => CommandWord::Sfx(4),
            "sfx5" => CommandWord::Sfx(5),
            "sfx6" => CommandWord::Sfx(6),
            "sfx7" => CommandWord::Sfx(7),
            "sfx8" => CommandWord::Sfx(8),
            "sfx9" => CommandWord::Sfx(9),
            "sfx10" => CommandWord::Sfx(10),
            _ => return None,
        })
    }

    /// The word. An `Sfx` past `sfx10` (which [`Self::parse`] never gives)
    /// is written `sfx`.
    #[must_use]
    pub fn as_str(self) -> &'static str {
        match self {
            CommandWord::Cancel => "cancel",
            CommandWord::Checkpoint => "checkpoint",
            CommandWord::Restart => "restart",
            CommandWord::Win => "win",
            CommandWord::Message => "message",
            CommandWord::Again => "again",
            CommandWord::Gosub => "gosub",
            CommandWord::Sfx(k) => SoundEvent::Sfx(k).as_str(),
        }
    }
}

impl std::fmt::Display for CommandWord {
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

    #[test]
    fn every_section_and_command_reads_back_from_its_word() {
        for s in Section::HEADED {
            assert_eq!(Section::parse(s.as_str()), Some(s));
            assert_eq!(Section::parse(s.header()), Some(s));
            assert_eq!(s.header().to_ascii_lowercase(), s.as_str());
        }
        assert_eq!(Section::parse("prelude"), None, "the prelude has no header");
        assert_eq!(Section::parse("objectss"), None);
        assert_eq!(Section::Legend.before(), Some(Section::Objects));
        assert_eq!((Section::Objects.before(), Section::Prelude.before()), (None, None));
        let all: Vec<CommandWord> = CommandWord::all().collect();
        assert_eq!(all.len(), 18);
        for c in all {
            assert_eq!(CommandWord::parse(c.as_str()), Some(c), "{c}");
        }
        for w in ["sfx11", "sfx", "Again", "late", "startlevel"] {
            assert_eq!(CommandWord::parse(w), None, "{w}");
        }
    }
}
