//! The prelude options a game may set before its first section, as one
//! enum shared by the checks (which know the words and which need a value),
//! the compiler (which records them in [`crate::compile::Metadata`]) and
//! the editor's completion.
//!
//! Owns only the list of options and what each one takes; it parses
//! nothing and may not depend on any phase.

/// One option of the prelude, such as `title` or `noundo`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum PreludeOption {
    /// `title NAME`: the game's name, shown on the title screen.
    Title,
    /// `author NAME`: who made the game.
    Author,
    /// `homepage URL`: where the game lives.
    Homepage,
    /// `background_color COLOUR`: the colour behind the title and message screens.
    BackgroundColor,
    /// `text_color COLOUR`: the colour of the text on those screens.
    TextColor,
    /// `key_repeat_interval SECONDS`: how fast a held key repeats.
    KeyRepeatInterval,
    /// `realtime_interval SECONDS`: a turn with no input happens this often.
    RealtimeInterval,
    /// `again_interval SECONDS`: the pause before each `again` turn.
    AgainInterval,
    /// `flickscreen WxH`: show the level one screen of this size at a time.
    Flickscreen,
    /// `zoomscreen WxH`: show a window of this size around the player.
    Zoomscreen,
    /// `color_palette NAME`: which palette the colour names come from.
    ColorPalette,
    /// `youtube ID`: a background tune; not supported (a warning).
    Youtube,
    /// `noaction`: the action key does nothing.
    Noaction,
    /// `noundo`: undo is switched off.
    Noundo,
    /// `norestart`: restart is switched off.
    Norestart,
    /// `require_player_movement`: a turn in which no player moves is cancelled.
    RequirePlayerMovement,
    /// `run_rules_on_level_start`: a turn with no input runs when a level loads.
    RunRulesOnLevelStart,
    /// `scanline`: draw the screen with a scanline effect.
    Scanline,
    /// `throttle_movement`: with `realtime_interval`, pressing a direction
    /// again does not make the player move faster.
    ThrottleMovement,
    /// `verbose_logging`: log what every turn does.
    VerboseLogging,
    /// `debug`: list the compiled rules when the game is built.
    Debug,
    /// `norepeat_action`: holding the action key does not repeat it.
    NorepeatAction,
}

impl PreludeOption {
    /// Every option, the ones that take a value first, in the order the
    /// editor offers them.
    pub const ALL: [PreludeOption; 22] = [
        PreludeOption::Title,
        PreludeOption::Author,
        PreludeOption::Homepage,
        PreludeOption::BackgroundColor,
        PreludeOption::TextColor,
        PreludeOption::KeyRepeatInterval,
        PreludeOption::RealtimeInterval,
        PreludeOption::AgainInterval,
        PreludeOption::Flickscreen,
        PreludeOption::Zoomscreen,
        PreludeOption::ColorPalette,
        PreludeOption::Youtube,
        PreludeOption::Noaction,
        PreludeOption::Noundo,
        PreludeOption::Norestart,
        PreludeOption::RequirePlayerMovement,
        PreludeOption::RunRulesOnLevelStart,
        PreludeOption::Scanline,
        PreludeOption::ThrottleMovement,
        PreludeOption::VerboseLogging,
        PreludeOption::Debug,
        PreludeOption::NorepeatAction,
    ];

    /// The word written in the prelude (lower case).
    #[must_use]
    pub fn keyword(self) -> &'static str {
        match self {
            PreludeOption::Title => "title",
            PreludeOption::Author => "author",
            PreludeOption::Homepage => "homepage",
            PreludeOption::BackgroundColor => "background_color",
            PreludeOption::TextColor => "text_color",
            PreludeOption::KeyRepeatInterval => "key_repeat_interval",
            PreludeOption::RealtimeInterval => "realtime_interval",
            PreludeOption::AgainInterval => "again_interval",
            PreludeOption::Flickscreen => "flickscreen",
            PreludeOption::Zoomscreen => "zoomscreen",
            PreludeOption::ColorPalette => "color_palette",
            PreludeOption::Youtube => "youtube",
            PreludeOption::Noaction => "noaction",
            PreludeOption::Noundo => "noundo",
            PreludeOption::Norestart => "norestart",
            PreludeOption::RequirePlayerMovement => "require_player_movement",
            PreludeOption::RunRulesOnLevelStart => "run_rules_on_level_start",
            PreludeOption::Scanline => "scanline",
            PreludeOption::ThrottleMovement => "throttle_movement",
            PreludeOption::VerboseLogging => "verbose_logging",
            PreludeOption::Debug => "debug",
            PreludeOption::NorepeatAction => "norepeat_action",
        }
    }

    /// The option written as `word` (lower case), if there is one.
    #[must_use]
    pub fn from_keyword(word: &str) -> Option<PreludeOption> {
        PreludeOption::ALL.into_iter().find(|o| o.keyword() == word)
    }

    /// True when the option needs a value after it (`title My Game`);
    /// false for a switch (`noundo`), which takes none.
    #[must_use]
    pub fn takes_value(self) -> bool {
        matches!(
            self,
            PreludeOption::Title
                | PreludeOption::Author
                | PreludeOption::Homepage
                | PreludeOption::BackgroundColor
                | PreludeOption::TextColor
                | PreludeOption::KeyRepeatInterval
                | PreludeOption::RealtimeInterval
                | PreludeOption::AgainInterval
                | PreludeOption::Flickscreen
                | PreludeOption::Zoomscreen
                | PreludeOption::ColorPalette
                | PreludeOption::Youtube
        )
    }
}

#[cfg(test)]
mod tests {
    use super::PreludeOption;

    #[test]
    fn every_option_reads_back_from_its_word() {
        for o in PreludeOption::ALL {
            assert_eq!(PreludeOption::from_keyword(o.keyword()), Some(o));
        }
        assert_eq!(PreludeOption::from_keyword("Title"), None, "words are matched in lower case");
        assert_eq!(PreludeOption::ALL.iter().filter(|o| o.takes_value()).count(), 12);
    }

    #[test]
    fn a_compiled_game_answers_by_option() {
        let src = "title Tiny\nnoundo\nagain_interval 0.3\nOBJECTS\nBackground\nblack\nPlayer\nwhite\nLEGEND\n. = Background\nP = Player\nSOUNDS\nCOLLISIONLAYERS\nBackground\nPlayer\nRULES\nWINCONDITIONS\nLEVELS\nP.\n";
        let build = crate::build(src);
        let meta = &build.game.as_ref().unwrap_or_else(|| panic!("{:?}", build.diagnostics)).metadata;
        assert!(meta.has_option(PreludeOption::Noundo) && meta.has("noundo"));
        assert!(!meta.has_option(PreludeOption::Norestart));
        assert_eq!(meta.option_value(PreludeOption::Title), Some("Tiny"));
        assert_eq!(meta.option_value(PreludeOption::AgainInterval), Some("0.3"));
    }
}
