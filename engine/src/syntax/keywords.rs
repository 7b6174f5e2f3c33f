//! The fixed words of the language that more than one part of the engine
//! (and the studio) needs to spell: written once here, with `parse` and
//! `as_str`, so a word is never compared as a string literal elsewhere.
//!
//! [`SoundEvent`]: the events a SOUNDS line can give a seed without naming
//! an object (`startlevel`, `sfx3`...), which the engine plays itself.
//! [`Section`]: the sections and their header words (`OBJECTS`);
//! [`TagSection`]: PuzzleScript Next's TAGS and MAPPINGS before them.
//! [`CommandWord`]: the commands a rule may end with (`again`, `sfx3`,
//! PuzzleScript Plus/Next's `goto`, `status`...).
//! [`SpriteWord`]: the words before `:` that start an object's sprite
//! transforms or drawing (`copy:`, `rot:`, `text:`).
//! [`SoundVerb`] and [`SoundDirection`]: what an object's SOUNDS line
//! reacts to (`crate move up 1234`).
//! [`AfxWord`]: the parts of PuzzleScript Next's `afx:` animations.
//! [`Modifier`] and [`RulePrefix`]: the words before an object in a rule's
//! cell (`> crate`) and before a rule's first row (`late`).
//! [`LevelWord`]: the words a LEVELS line may start with (`message`,
//! PuzzleScript Plus/Next's `section`, `level`, `goto`, `link`).

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

/// PuzzleScript Next's two sections that may come before OBJECTS (after
/// the prelude): TAGS (`Dirs = up down`) and MAPPINGS (`Dirs => Back`).
/// They are read only in a Plus/Next game; their headers are written like
/// [`Section`]'s.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum TagSection {
    /// `TAGS`
    Tags,
    /// `MAPPINGS`
    Mappings,
}

impl TagSection {
    /// Both, in the order they are written.
    pub const ALL: [TagSection; 2] = [TagSection::Tags, TagSection::Mappings];

    /// The section a header word starts, in any case; `None` for any
    /// other word.
    #[must_use]
    pub fn parse(word: &str) -> Option<TagSection> {
        Self::ALL.into_iter().find(|s| s.as_str().eq_ignore_ascii_case(word))
    }

    /// The header word in lower case (`tags`).
    #[must_use]
    pub fn as_str(self) -> &'static str {
        match self {
            TagSection::Tags => "tags",
            TagSection::Mappings => "mappings",
        }
    }

    /// The header as written in a game (`TAGS`).
    #[must_use]
    pub fn header(self) -> &'static str {
        match self {
            TagSection::Tags => "TAGS",
            TagSection::Mappings => "MAPPINGS",
        }
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
    /// `undo` (PuzzleScript Plus): the turn before is brought back.
    Undo,
    /// `nosave` (PuzzleScript Plus): the turn leaves no undo point.
    Nosave,
    /// `quit` (PuzzleScript Plus): the level is left for the title (or
    /// Next's pause menu).
    Quit,
    /// `goto` (PuzzleScript Plus): play jumps to the level named after it.
    Goto,
    /// `status` (PuzzleScript Next): the status line shows the text after it.
    Status,
    /// `link` (PuzzleScript Next): play follows the level link of the
    /// object it is on.
    Link,
    /// `log` (PuzzleScript Next): the text after it goes to the console.
    Log,
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

    /// PuzzleScript Plus's and Next's commands (see [`Self::dialect`]), in
    /// the order the studio offers them.
    pub const PLUS: [CommandWord; 7] = [
        CommandWord::Undo,
        CommandWord::Nosave,
        CommandWord::Quit,
        CommandWord::Goto,
        CommandWord::Status,
        CommandWord::Link,
        CommandWord::Log,
    ];

    /// Every command of classic games and `gosub`: [`Self::NAMED`], then
    /// `sfx0` to `sfx10` (not [`Self::PLUS`]).
    pub fn all() -> impl Iterator<Item = CommandWord> {
        Self::NAMED.into_iter().chain((0..SFX_COUNT).map(CommandWord::Sfx))
    }

    /// The dialect that brought the command in: classic for the words of
    /// every game, Plus for `undo`, `nosave`, `quit` and `goto`, Next for
    /// `gosub`, `status`, `link` and `log`.
    #[must_use]
    pub fn dialect(self) -> crate::options::Dialect {
        use crate::options::Dialect;
        match self {
            CommandWord::Undo | CommandWord::Nosave | CommandWord::Quit | CommandWord::Goto => Dialect::Plus,
            CommandWord::Gosub | CommandWord::Status | CommandWord::Link | CommandWord::Log => Dialect::Next,
            _ => Dialect::Classic,
        }
    }

    /// Whether the word is a command only in a game read as Plus/Next
    /// (`undo`, `nosave`, `quit`, `status`; in a classic game it is an
    /// unknown word). The other commands are read in every game.
    #[must_use]
    pub fn only_in_plus_games(self) -> bool {
        matches!(self, CommandWord::Undo | CommandWord::Nosave | CommandWord::Quit | CommandWord::Status)
    }

    /// Whether the rest of the line is the command's text (`message`,
    /// `status`, `goto`, `log`).
    #[must_use]
    pub fn takes_text(self) -> bool {
        matches!(self, CommandWord::Message | CommandWord::Status | CommandWord::Goto | CommandWord::Log)
    }

    /// The command a word names, in lower case as the parser gives words
    /// (Plus/Next's too: see [`Self::only_in_plus_games`]).
    #[must_use]
    pub fn parse(word: &str) -> Option<CommandWord> {
        Some(match word {
            "undo" => CommandWord::Undo,
            "nosave" => CommandWord::Nosave,
            "quit" => CommandWord::Quit,
            "goto" => CommandWord::Goto,
            "status" => CommandWord::Status,
            "link" => CommandWord::Link,
            "log" => CommandWord::Log,
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
            CommandWord::Undo => "undo",
            CommandWord::Nosave => "nosave",
            CommandWord::Quit => "quit",
            CommandWord::Goto => "goto",
            CommandWord::Status => "status",
            CommandWord::Link => "link",
            CommandWord::Log => "log",
        }
    }
}

impl std::fmt::Display for CommandWord {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.as_str())
    }
}

/// What an object's SOUNDS line reacts to: the word after the name
/// (`crate move 1234`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum SoundVerb {
    /// `move`: the object moves (in the directions given, else any).
    Move,
    /// `cantmove`: the object was asked to move and could not.
    CantMove,
    /// `create`: the object appears.
    Create,
    /// `destroy`: the object disappears.
    Destroy,
    /// `action`: the object is given the action movement.
    Action,
    /// `lclick` (PuzzleScript Next, `mouse_clicks` games): the object is
    /// clicked with the left button, and no rule took the mark.
    LClick,
    /// `rclick` (PuzzleScript Next, `mouse_clicks` games): the same with
    /// the right button.
    RClick,
}

impl SoundVerb {
    /// The verbs of every game, in the order the studio offers them.
    pub const CLASSIC: [SoundVerb; 5] =
        [SoundVerb::Move, SoundVerb::CantMove, SoundVerb::Create, SoundVerb::Destroy, SoundVerb::Action];

    /// Every verb: [`Self::CLASSIC`], then the click verbs of
    /// `mouse_clicks` games.
    pub const ALL: [SoundVerb; 7] = [
        SoundVerb::Move,
        SoundVerb::CantMove,
        SoundVerb::Create,
        SoundVerb::Destroy,
        SoundVerb::Action,
        SoundVerb::LClick,
        SoundVerb::RClick,
    ];

    /// The verb a word names, in lower case as the parser gives words.
    /// The click verbs are words only of games with `mouse_clicks` (see
    /// [`Self::needs_mouse_clicks`]).
    #[must_use]
    pub fn parse(word: &str) -> Option<SoundVerb> {
        Some(match word {
            "move" => SoundVerb::Move,
            "cantmove" => SoundVerb::CantMove,
            "create" => SoundVerb::Create,
            "destroy" => SoundVerb::Destroy,
            "action" => SoundVerb::Action,
            "lclick" => SoundVerb::LClick,
            "rclick" => SoundVerb::RClick,
            _ => return None,
        })
    }

    /// The word.
    #[must_use]
    pub fn as_str(self) -> &'static str {
        match self {
            SoundVerb::Move => "move",
            SoundVerb::CantMove => "cantmove",
            SoundVerb::Create => "create",
            SoundVerb::Destroy => "destroy",
            SoundVerb::Action => "action",
            SoundVerb::LClick => "lclick",
            SoundVerb::RClick => "rclick",
        }
    }

    /// Whether directions may follow it (`move`, `cantmove`).
    #[must_use]
    pub fn is_directional(self) -> bool {
        matches!(self, SoundVerb::Move | SoundVerb::CantMove)
    }

    /// Whether it is a verb only where the prelude says `mouse_clicks`
    /// (`lclick`, `rclick`), as in PuzzleScript Next.
    #[must_use]
    pub fn needs_mouse_clicks(self) -> bool {
        matches!(self, SoundVerb::LClick | SoundVerb::RClick)
    }
}

impl std::fmt::Display for SoundVerb {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.as_str())
    }
}

/// A part of PuzzleScript Next's `afx:` animation word on a SOUNDS line
/// (`afx:slide`, `afx:turn=.25,0:ease=easeOutQuad`): the four effects and
/// the easing that applies to the effects after it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum AfxWord {
    /// `slide`: the object is drawn shifted, in cells.
    Slide,
    /// `zoom`: the object is drawn scaled about its centre.
    Zoom,
    /// `fade`: the object is drawn with this opacity.
    Fade,
    /// `turn`: the object is drawn turned, in whole turns.
    Turn,
    /// `ease=NAME`: the easing of the effects after it (`tween_easing`'s names).
    Ease,
}

impl AfxWord {
    /// Every part, in the order the editor offers them.
    pub const ALL: [AfxWord; 5] = [AfxWord::Slide, AfxWord::Zoom, AfxWord::Fade, AfxWord::Turn, AfxWord::Ease];

    /// What an `afx:` word starts with.
    pub const PREFIX: &'static str = "afx:";

    /// The part a word names, in lower case as the parser gives words.
    #[must_use]
    pub fn parse(word: &str) -> Option<AfxWord> {
        Self::ALL.into_iter().find(|d| d.as_str() == word)
    }

    /// The word.
    #[must_use]
    pub fn as_str(self) -> &'static str {
        match self {
            AfxWord::Slide => "slide",
            AfxWord::Zoom => "zoom",
            AfxWord::Fade => "fade",
            AfxWord::Turn => "turn",
            AfxWord::Ease => "ease",
        }
    }

    /// The dialect that brought it in: PuzzleScript Next (an `afx:` word
    /// makes a game a Next game by itself).
    #[must_use]
    pub fn dialect(self) -> crate::options::Dialect {
        crate::options::Dialect::Next
    }

    /// The part as the editor offers it: `ease=` with its `=`, the
    /// effects bare.
    #[must_use]
    pub fn completion(self) -> &'static str {
        match self {
            AfxWord::Ease => "ease=",
            other => other.as_str(),
        }
    }

    /// Whether a SOUNDS word is an animation (`afx:...`, any case).
    #[must_use]
    pub fn is_afx(word: &str) -> bool {
        word.get(..Self::PREFIX.len()).is_some_and(|p| p.eq_ignore_ascii_case(Self::PREFIX))
    }
}

/// A direction a `move`/`cantmove` sound line may be limited to.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum SoundDirection {
    /// `up`
    Up,
    /// `down`
    Down,
    /// `left`
    Left,
    /// `right`
    Right,
    /// `horizontal`: left or right.
    Horizontal,
    /// `vertical`: up or down.
    Vertical,
    /// `orthogonal`: any of the four.
    Orthogonal,
}

impl SoundDirection {
    /// Every direction word.
    pub const ALL: [SoundDirection; 7] = [
        SoundDirection::Up,
        SoundDirection::Down,
        SoundDirection::Left,
        SoundDirection::Right,
        SoundDirection::Horizontal,
        SoundDirection::Vertical,
        SoundDirection::Orthogonal,
    ];

    /// The direction a word names, in lower case as the parser gives words.
    #[must_use]
    pub fn parse(word: &str) -> Option<SoundDirection> {
        Self::ALL.into_iter().find(|d| d.as_str() == word)
    }

    /// The word.
    #[must_use]
    pub fn as_str(self) -> &'static str {
        match self {
            SoundDirection::Up => "up",
            SoundDirection::Down => "down",
            SoundDirection::Left => "left",
            SoundDirection::Right => "right",
            SoundDirection::Horizontal => "horizontal",
            SoundDirection::Vertical => "vertical",
            SoundDirection::Orthogonal => "orthogonal",
        }
    }

    /// The movement bits it stands for (up 1, down 2, left 4, right 8).
    #[must_use]
    pub fn bits(self) -> u64 {
        match self {
            SoundDirection::Up => 1,
            SoundDirection::Down => 2,
            SoundDirection::Left => 4,
            SoundDirection::Right => 8,
            SoundDirection::Horizontal => 12,
            SoundDirection::Vertical => 3,
            SoundDirection::Orthogonal => 15,
        }
    }
}

impl std::fmt::Display for SoundDirection {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.as_str())
    }
}

/// A word that may stand before an object in a rule's cell (`> crate`,
/// `no wall`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Modifier {
    /// `>`: the rule's direction.
    Forward,
    /// `<`: against it.
    Back,
    /// `^`: a quarter turn anticlockwise from it.
    Left,
    /// `v`: a quarter turn clockwise from it.
    Right,
    /// `up`
    Up,
    /// `down`
    Down,
    /// `left`
    AbsLeft,
    /// `right`
    AbsRight,
    /// `moving`: any movement.
    Moving,
    /// `stationary`: no movement.
    Stationary,
    /// `no`: the object is absent.
    No,
    /// `randomdir`: a random direction (right-hand side).
    RandomDir,
    /// `random`: one object of a property at random (right-hand side).
    Random,
    /// `horizontal`
    Horizontal,
    /// `vertical`
    Vertical,
    /// `orthogonal`
    Orthogonal,
    /// `perpendicular`: across the rule's direction.
    Perpendicular,
    /// `parallel`: along it.
    Parallel,
    /// `action`
    Action,
    /// `lclick` (PuzzleScript Next, `mouse_clicks` games only): the
    /// left-click mark.
    LClick,
    /// `rclick` (PuzzleScript Next, `mouse_clicks` games only): the
    /// right-click mark.
    RClick,
}

impl Modifier {
    /// The modifiers of every game, in the order the studio offers them.
    pub const CLASSIC: [Modifier; 19] = [
        Modifier::Forward,
        Modifier::Back,
        Modifier::Left,
        Modifier::Right,
        Modifier::Up,
        Modifier::Down,
        Modifier::AbsLeft,
        Modifier::AbsRight,
        Modifier::Moving,
        Modifier::Stationary,
        Modifier::No,
        Modifier::RandomDir,
        Modifier::Random,
        Modifier::Horizontal,
        Modifier::Vertical,
        Modifier::Orthogonal,
        Modifier::Perpendicular,
        Modifier::Parallel,
        Modifier::Action,
    ];

    /// The modifier a word names, in lower case as the parser gives words
    /// (the click marks too: whether the game has them is the caller's
    /// question, see [`Self::needs_mouse_clicks`]).
    #[must_use]
    pub fn parse(word: &str) -> Option<Modifier> {
        Some(match word {
            ">" => Modifier::Forward,
            "<" => Modifier::Back,
            "^" => Modifier::Left,
            "v" => Modifier::Right,
            "up" => Modifier::Up,
            "down" => Modifier::Down,
            "left" => Modifier::AbsLeft,
            "right" => Modifier::AbsRight,
            "moving" => Modifier::Moving,
            "stationary" => Modifier::Stationary,
            "no" => Modifier::No,
            "randomdir" => Modifier::RandomDir,
            "random" => Modifier::Random,
            "horizontal" => Modifier::Horizontal,
            "vertical" => Modifier::Vertical,
            "orthogonal" => Modifier::Orthogonal,
            "perpendicular" => Modifier::Perpendicular,
            "parallel" => Modifier::Parallel,
            "action" => Modifier::Action,
            "lclick" => Modifier::LClick,
            "rclick" => Modifier::RClick,
            _ => return None,
        })
    }

    /// The word.
    #[must_use]
    pub fn as_str(self) -> &'static str {
        match self {
            Modifier::Forward => ">",
            Modifier::Back => "<",
            Modifier::Left => "^",
            Modifier::Right => "v",
            Modifier::Up => "up",
            Modifier::Down => "down",
            Modifier::AbsLeft => "left",
            Modifier::AbsRight => "right",
            Modifier::Moving => "moving",
            Modifier::Stationary => "stationary",
            Modifier::No => "no",
            Modifier::RandomDir => "randomdir",
            Modifier::Random => "random",
            Modifier::Horizontal => "horizontal",
            Modifier::Vertical => "vertical",
            Modifier::Orthogonal => "orthogonal",
            Modifier::Perpendicular => "perpendicular",
            Modifier::Parallel => "parallel",
            Modifier::Action => "action",
            Modifier::LClick => "lclick",
            Modifier::RClick => "rclick",
        }
    }

    /// Whether it is a word only where the prelude says `mouse_clicks`.
    #[must_use]
    pub fn needs_mouse_clicks(self) -> bool {
        matches!(self, Modifier::LClick | Modifier::RClick)
    }
}

impl std::fmt::Display for Modifier {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.as_str())
    }
}

/// A word before a rule's first row that is not a direction: `late`,
/// `rigid`, `random`, PuzzleScript Plus's `global` and Next's `once`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum RulePrefix {
    /// `late`: the rule runs after movement.
    Late,
    /// `rigid`: the rule's movements move or fail together.
    Rigid,
    /// `random`: one match of the group, at random.
    Random,
    /// `global` (PuzzleScript Plus): the rule ignores `local_radius`.
    Global,
    /// `once` (PuzzleScript Next): the rule's matches are applied in one
    /// go, and that does not make its group go round again.
    Once,
}

impl RulePrefix {
    /// Every prefix word.
    pub const ALL: [RulePrefix; 5] =
        [RulePrefix::Late, RulePrefix::Rigid, RulePrefix::Random, RulePrefix::Global, RulePrefix::Once];

    /// Whether it is a word only of PuzzleScript Plus and Next games
    /// (`global`, `once`).
    #[must_use]
    pub fn needs_plus(self) -> bool {
        matches!(self, RulePrefix::Global | RulePrefix::Once)
    }

    /// The dialect that brought it in: Plus for `global`, Next for `once`.
    #[must_use]
    pub fn dialect(self) -> crate::options::Dialect {
        match self {
            RulePrefix::Global => crate::options::Dialect::Plus,
            RulePrefix::Once => crate::options::Dialect::Next,
            _ => crate::options::Dialect::Classic,
        }
    }

    /// The prefix a word names, in lower case as the parser gives words.
    #[must_use]
    pub fn parse(word: &str) -> Option<RulePrefix> {
        Some(match word {
            "late" => RulePrefix::Late,
            "rigid" => RulePrefix::Rigid,
            "random" => RulePrefix::Random,
            "global" => RulePrefix::Global,
            "once" => RulePrefix::Once,
            _ => return None,
        })
    }

    /// The word.
    #[must_use]
    pub fn as_str(self) -> &'static str {
        match self {
            RulePrefix::Late => "late",
            RulePrefix::Rigid => "rigid",
            RulePrefix::Random => "random",
            RulePrefix::Global => "global",
            RulePrefix::Once => "once",
        }
    }
}

mod levels;
mod sprite;
pub use levels::LevelWord;
pub use sprite::SpriteWord;

/// The words of a line that opens or closes a loop of rules.
pub const LOOP_WORDS: [&str; 2] = ["startloop", "endloop"];

#[cfg(test)]
mod tests;
