//! The prelude options a game may set before its first section, as one
//! enum shared by the checks (which know the words, which need a value and
//! which dialect each belongs to), the compiler (which records them in
//! [`crate::compile::Metadata`]) and the editor's completion.
//!
//! Classic PuzzleScript's options come first; then the options of
//! PuzzleScript Plus and PuzzleScript Next (github:david-pfx/PuzzleScriptNext,
//! `src/Documentation/prelude.html`), each marked with the dialect that
//! introduced it and how far we support it: fully, as drawing or page
//! settings we accept but do not show yet (a warning that names the
//! option), or as words PuzzleScript Next itself ignores. Every option of
//! both is one of these now; a new one we could not support would come
//! back as an error that names it, never a silent misreading.
//!
//! Owns only the list of options and what each one takes (and the one
//! value both the checks and the compiler read, `sprite_size`); it may not
//! depend on any phase.

/// Which language a game is written in: classic PuzzleScript, or one of
/// the two forks that extend it. Ordered: a Next game may use Plus words.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Default)]
pub enum Dialect {
    /// PuzzleScript as published at puzzlescript.net.
    #[default]
    Classic,
    /// PuzzleScript Plus (Auroriax's fork), carried on by PuzzleScript Next.
    Plus,
    /// PuzzleScript Next (david-pfx's fork) and its own additions.
    Next,
}

impl Dialect {
    /// The dialect's name as a player would write it.
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            Dialect::Classic => "PuzzleScript",
            Dialect::Plus => "PuzzleScript Plus",
            Dialect::Next => "PuzzleScript Next",
        }
    }
}

/// How far we support an option.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Support {
    /// Read and acted on.
    Full,
    /// Accepted: it only changes how the reference draws its screens or its
    /// web page, never a turn; we do not show it yet (a warning says so).
    Cosmetic,
    /// A word PuzzleScript Next reserves but does nothing with (it warns
    /// that it is not implemented): accepted and ignored, with a warning.
    Inert,
}

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
    /// `color_palette NAME`: which palette the colour names come from (in
    /// a PuzzleScript Plus/Next game, followed by colours it changes:
    /// `color_palette amstrad red #f00`).
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
    /// `throttle_movement`: with `realtime_interval`, pressing a direction again does not make the player move faster.
    ThrottleMovement,
    /// `verbose_logging`: log what every turn does.
    VerboseLogging,
    /// `debug`: list the compiled rules when the game is built.
    Debug,
    /// `norepeat_action`: holding the action key does not repeat it.
    NorepeatAction,
    /// `sprite_size N` or `WxH`: the pixel grid of a cell (5x5 by default).
    SpriteSize,
    /// `level_select`: the title screen offers a list of the game's sections.
    LevelSelect,
    /// `level_select_lock`: sections after the unsolved ones are locked.
    LevelSelectLock,
    /// `level_select_solve_symbol S`: the mark of a solved section (`X` by default).
    LevelSelectSolveSymbol,
    /// `level_select_unlocked_ahead N`: with locking, N sections past the last solved one are open.
    LevelSelectUnlockedAhead,
    /// `level_select_unlocked_rollover N`: with locking, at most N unsolved sections are open.
    LevelSelectUnlockedRollover,
    /// `continue_is_level_select`: the title's continue opens the level select.
    ContinueIsLevelSelect,
    /// `tween_length SECONDS`: moves slide between cells (drawing only; see `crate::tween`).
    TweenLength,
    /// `tween_easing NAME`: how a tween slides (drawing only).
    TweenEasing,
    /// `tween_snap N`: the steps a tween snaps to (drawing only).
    TweenSnap,
    /// `text_controls TEXT`: the title screen's help lines, `\n` between
    /// them (`render::screen::title_help`).
    TextControls,
    /// `text_message_continue TEXT`: the line under a message
    /// (`render::screen::message_hint`).
    TextMessageContinue,
    /// `custom_font URL`: a web font for the text screens. We draw our own
    /// font and say so (W0139), so it is not also reported as W0121.
    CustomFont,
    /// `font_size EM`: how much larger the text of text sprites and the
    /// status line is drawn (drawing only).
    FontSize,
    /// `message_text_align left|center|right`: where a message's lines sit
    /// (`render::text::MessageStyle`; a rule's change is not drawn yet).
    MessageTextAlign,
    /// `sitelock_origin_whitelist ORIGINS`: where the web page may run (page only).
    SitelockOriginWhitelist,
    /// `sitelock_hostname_whitelist HOSTS`: where the web page may run (page only).
    SitelockHostnameWhitelist,
    /// `skip_title_screen`: start as if continue had been chosen.
    SkipTitleScreen,
    /// `runtime_metadata_twiddling_debug`: log option changes (deprecated, logging only).
    RuntimeMetadataTwiddlingDebug,
    /// `smoothscreen_debug`: draw the smooth camera's helpers (drawing only).
    SmoothscreenDebug,
    /// `author_color COLOUR`: the author's line on the title screen
    /// (`render::screen::TextColours`).
    AuthorColor,
    /// `title_color COLOUR`: the title on the title screen.
    TitleColor,
    /// `keyhint_color COLOUR`: the key hints on the text screens.
    KeyhintColor,
    /// `export_options LIST`: the web page's frame (page only).
    ExportOptions,
    /// `debug_switch LIST`: the reference's developer logging.
    DebugSwitch,
    /// `puzzlescript VERSION...` (`puzzlescript next v1.0`): the version of
    /// the language the game was written for; PuzzleScript Next reads it and
    /// changes nothing by it, and neither do we.
    Puzzlescript,
    /// `game_uri`, `level_title_style`, `show_level_title_in_menu`: words
    /// PuzzleScript Next reserves and does nothing with (it warns); ignored.
    GameUri,
    /// See [`PreludeOption::GameUri`].
    LevelTitleStyle,
    /// See [`PreludeOption::GameUri`].
    ShowLevelTitleInMenu,
    /// `case_sensitive`: object names, legend keys and level glyphs keep
    /// their case (`syntax::case`); the language's own words do not.
    CaseSensitive,
    /// `mouse_left OBJECT`: a left click (or a tap) puts OBJECT in its
    /// cell, then a turn runs (`compile::mouse`, `play::pointer`).
    MouseLeft,
    /// `mouse_drag OBJECT`: each cell the held left button enters.
    MouseDrag,
    /// `mouse_up OBJECT`: where the left button is let go.
    MouseUp,
    /// `mouse_right OBJECT`: a right click.
    MouseRight,
    /// `mouse_rdrag OBJECT`: as `mouse_drag`, right button.
    MouseRdrag,
    /// `mouse_rup OBJECT`: as `mouse_up`, right button.
    MouseRup,
    /// `mouse_obstacle OBJECT`: a drag's path goes around these.
    MouseObstacle,
    /// `runtime_metadata_twiddling`: rules change options as the game runs
    /// (the timings, `noundo`, `norestart`; the colours `color_palette`,
    /// `background_color`, `text_color`, drawn through `render::Look::live`;
    /// the camera's `flickscreen`, `zoomscreen`, `smoothscreen` and
    /// `message_text_align`, drawn from `play::Play::options`), until the
    /// next level loads.
    RuntimeMetadataTwiddling,
    /// `local_radius N`: a rule row (without `...`) matches only where it
    /// starts within N cells of the player; `global` rules everywhere.
    LocalRadius,
    /// `smoothscreen [flick] WxH [IxJ] [S]`: a window around the player
    /// that glides after them (`render::glide`; drawing only).
    Smoothscreen,
    /// `allow_undo_level`: undo goes back into the level before (after a
    /// win, a `goto` or a `link`; `run::Session`).
    AllowUndoLevel,
    /// `auto_level_titles`: a Pattern:Script option PuzzleScript Next reads
    /// and does not act on (its `about.html` says so); accepted, and like
    /// there it changes nothing.
    AutoLevelTitles,
    /// `enable_pause`: Escape (and a rule's `quit`) opens a pause menu
    /// over the level (`play::pause`).
    EnablePause,
    /// `nokeyboard`: a game with no player, played by mouse (no E0901).
    Nokeyboard,
    /// `mouse_clicks`: a press marks its cell with the rule directions
    /// `lclick` / `rclick`.
    MouseClicks,
    /// `status_line`: a line of text under the level, which rules set
    /// with the `status` command (`render::screen::level_frame`).
    StatusLine,
    /// `animate_interval SECONDS`: how long `afx:` animations take (see `crate::afx`).
    AnimateInterval,
    /// `load_images NAME=SOURCE ...`: pictures for canvas sprites' `drawImage`
    /// ([`crate::images`]).
    LoadImages,
}

/// Each option: its word, dialect, whether it takes a value, and our support.
const TABLE: [(PreludeOption, &str, Dialect, bool, Support); 70] = [
    (PreludeOption::Title, "title", Dialect::Classic, true, Support::Full),
    (PreludeOption::Author, "author", Dialect::Classic, true, Support::Full),
    (PreludeOption::Homepage, "homepage", Dialect::Classic, true, Support::Full),
    (PreludeOption::BackgroundColor, "background_color", Dialect::Classic, true, Support::Full),
    (PreludeOption::TextColor, "text_color", Dialect::Classic, true, Support::Full),
    (PreludeOption::KeyRepeatInterval, "key_repeat_interval", Dialect::Classic, true, Support::Full),
    (PreludeOption::RealtimeInterval, "realtime_interval", Dialect::Classic, true, Support::Full),
    (PreludeOption::AgainInterval, "again_interval", Dialect::Classic, true, Support::Full),
    (PreludeOption::Flickscreen, "flickscreen", Dialect::Classic, true, Support::Full),
    (PreludeOption::Zoomscreen, "zoomscreen", Dialect::Classic, true, Support::Full),
    (PreludeOption::ColorPalette, "color_palette", Dialect::Classic, true, Support::Full),
    (PreludeOption::Youtube, "youtube", Dialect::Classic, true, Support::Full),
    (PreludeOption::Noaction, "noaction", Dialect::Classic, false, Support::Full),
    (PreludeOption::Noundo, "noundo", Dialect::Classic, false, Support::Full),
    (PreludeOption::Norestart, "norestart", Dialect::Classic, false, Support::Full),
    (PreludeOption::RequirePlayerMovement, "require_player_movement", Dialect::Classic, false, Support::Full),
    (PreludeOption::RunRulesOnLevelStart, "run_rules_on_level_start", Dialect::Classic, false, Support::Full),
    (PreludeOption::Scanline, "scanline", Dialect::Classic, false, Support::Full),
    (PreludeOption::ThrottleMovement, "throttle_movement", Dialect::Classic, false, Support::Full),
    (PreludeOption::VerboseLogging, "verbose_logging", Dialect::Classic, false, Support::Full),
    (PreludeOption::Debug, "debug", Dialect::Classic, false, Support::Full),
    (PreludeOption::NorepeatAction, "norepeat_action", Dialect::Classic, false, Support::Full),
    (PreludeOption::SpriteSize, "sprite_size", Dialect::Plus, true, Support::Full),
    (PreludeOption::LevelSelect, "level_select", Dialect::Plus, false, Support::Full),
    (PreludeOption::LevelSelectLock, "level_select_lock", Dialect::Plus, false, Support::Full),
    (PreludeOption::LevelSelectSolveSymbol, "level_select_solve_symbol", Dialect::Plus, true, Support::Full),
    (PreludeOption::LevelSelectUnlockedAhead, "level_select_unlocked_ahead", Dialect::Plus, true, Support::Full),
    (PreludeOption::LevelSelectUnlockedRollover, "level_select_unlocked_rollover", Dialect::Plus, true, Support::Full),
    (PreludeOption::ContinueIsLevelSelect, "continue_is_level_select", Dialect::Plus, false, Support::Full),
    (PreludeOption::TweenLength, "tween_length", Dialect::Plus, true, Support::Full),
    (PreludeOption::TweenEasing, "tween_easing", Dialect::Plus, true, Support::Full),
    (PreludeOption::TweenSnap, "tween_snap", Dialect::Plus, true, Support::Full),
    (PreludeOption::TextControls, "text_controls", Dialect::Plus, true, Support::Full),
    (PreludeOption::TextMessageContinue, "text_message_continue", Dialect::Plus, true, Support::Full),
    (PreludeOption::CustomFont, "custom_font", Dialect::Plus, true, Support::Full),
    (PreludeOption::FontSize, "font_size", Dialect::Plus, true, Support::Full),
    (PreludeOption::MessageTextAlign, "message_text_align", Dialect::Plus, true, Support::Full),
    (PreludeOption::SitelockOriginWhitelist, "sitelock_origin_whitelist", Dialect::Plus, true, Support::Cosmetic),
    (PreludeOption::SitelockHostnameWhitelist, "sitelock_hostname_whitelist", Dialect::Plus, true, Support::Cosmetic),
    (PreludeOption::SkipTitleScreen, "skip_title_screen", Dialect::Plus, false, Support::Full),
    (
        PreludeOption::RuntimeMetadataTwiddlingDebug,
        "runtime_metadata_twiddling_debug",
        Dialect::Plus,
        false,
        Support::Cosmetic,
    ),
    (PreludeOption::SmoothscreenDebug, "smoothscreen_debug", Dialect::Plus, false, Support::Cosmetic),
    (PreludeOption::AuthorColor, "author_color", Dialect::Next, true, Support::Full),
    (PreludeOption::TitleColor, "title_color", Dialect::Next, true, Support::Full),
    (PreludeOption::KeyhintColor, "keyhint_color", Dialect::Next, true, Support::Full),
    (PreludeOption::ExportOptions, "export_options", Dialect::Next, true, Support::Cosmetic),
    (PreludeOption::DebugSwitch, "debug_switch", Dialect::Next, true, Support::Cosmetic),
    (PreludeOption::Puzzlescript, "puzzlescript", Dialect::Next, true, Support::Full),
    (PreludeOption::GameUri, "game_uri", Dialect::Next, true, Support::Inert),
    (PreludeOption::LevelTitleStyle, "level_title_style", Dialect::Next, true, Support::Inert),
    (PreludeOption::ShowLevelTitleInMenu, "show_level_title_in_menu", Dialect::Next, true, Support::Inert),
    (PreludeOption::CaseSensitive, "case_sensitive", Dialect::Plus, false, Support::Full),
    (PreludeOption::MouseLeft, "mouse_left", Dialect::Plus, true, Support::Full),
    (PreludeOption::MouseDrag, "mouse_drag", Dialect::Plus, true, Support::Full),
    (PreludeOption::MouseUp, "mouse_up", Dialect::Plus, true, Support::Full),
    (PreludeOption::MouseRight, "mouse_right", Dialect::Plus, true, Support::Full),
    (PreludeOption::MouseRdrag, "mouse_rdrag", Dialect::Plus, true, Support::Full),
    (PreludeOption::MouseRup, "mouse_rup", Dialect::Plus, true, Support::Full),
    (PreludeOption::MouseObstacle, "mouse_obstacle", Dialect::Plus, true, Support::Full),
    (PreludeOption::RuntimeMetadataTwiddling, "runtime_metadata_twiddling", Dialect::Plus, false, Support::Full),
    (PreludeOption::LocalRadius, "local_radius", Dialect::Plus, true, Support::Full),
    (PreludeOption::Smoothscreen, "smoothscreen", Dialect::Plus, true, Support::Full),
    (PreludeOption::AllowUndoLevel, "allow_undo_level", Dialect::Next, false, Support::Full),
    (PreludeOption::AutoLevelTitles, "auto_level_titles", Dialect::Next, false, Support::Full),
    (PreludeOption::EnablePause, "enable_pause", Dialect::Next, false, Support::Full),
    (PreludeOption::Nokeyboard, "nokeyboard", Dialect::Next, false, Support::Full),
    (PreludeOption::MouseClicks, "mouse_clicks", Dialect::Next, false, Support::Full),
    (PreludeOption::StatusLine, "status_line", Dialect::Next, false, Support::Full),
    (PreludeOption::AnimateInterval, "animate_interval", Dialect::Next, true, Support::Full),
    (PreludeOption::LoadImages, "load_images", Dialect::Next, true, Support::Full),
];

impl PreludeOption {
    /// Every option, in the order the editor offers them (classic ones first).
    pub const ALL: [PreludeOption; 70] = {
        let mut all = [PreludeOption::Title; 70];
        let mut i = 0;
        while i < TABLE.len() {
            all[i] = TABLE[i].0;
            i += 1;
        }
        all
    };

    fn row(self) -> &'static (PreludeOption, &'static str, Dialect, bool, Support) {
        // The table lists the variants in declaration order.
        &TABLE[self as usize]
    }

    /// The word written in the prelude (lower case).
    #[must_use]
    pub fn keyword(self) -> &'static str {
        self.row().1
    }

    /// The dialect that introduced the option.
    #[must_use]
    pub fn dialect(self) -> Dialect {
        self.row().2
    }

    /// How far we support the option.
    #[must_use]
    pub fn support(self) -> Support {
        self.row().4
    }

    /// The option written as `word` (lower case), if there is one.
    #[must_use]
    pub fn from_keyword(word: &str) -> Option<PreludeOption> {
        TABLE.iter().find(|r| r.1 == word).map(|r| r.0)
    }

    /// Whether a rule may change the option while the game runs
    /// (`runtime_metadata_twiddling`, PuzzleScript Plus): the rule's
    /// command is the option's word and the rest of the line its value.
    #[must_use]
    pub fn twiddleable(self) -> bool {
        use PreludeOption as O;
        matches!(
            self,
            O::BackgroundColor
                | O::TextColor
                | O::KeyRepeatInterval
                | O::RealtimeInterval
                | O::AgainInterval
                | O::Flickscreen
                | O::Zoomscreen
                | O::Smoothscreen
                | O::Noundo
                | O::Norestart
                | O::MessageTextAlign
                | O::ColorPalette
        )
    }

    /// True when the option needs a value after it (`title My Game`);
    /// false for a switch (`noundo`), which takes none.
    #[must_use]
    pub fn takes_value(self) -> bool {
        self.row().3
    }

    /// True for an option whose value may be left out: the mouse options
    /// (`mouse_left` alone drops the object `lmb`; `mouse_obstacle` alone
    /// names nothing), as PuzzleScript Plus reads them, and the words
    /// PuzzleScript Next reserves without reading.
    #[must_use]
    pub fn value_optional(self) -> bool {
        use PreludeOption as O;
        matches!(
            self,
            O::MouseLeft
                | O::MouseDrag
                | O::MouseUp
                | O::MouseRight
                | O::MouseRdrag
                | O::MouseRup
                | O::MouseObstacle
                | O::GameUri
                | O::LevelTitleStyle
                | O::ShowLevelTitleInMenu
        )
    }
}

/// A moment a rule made PuzzleScript Next lay its canvas out again (its
/// change of `color_palette`, `flickscreen`, `zoomscreen` or
/// `smoothscreen`; of any option with `runtime_metadata_twiddling_debug`):
/// a `smoothscreen` camera comes to rest on the player where they stood
/// then, and follows them from there (`render::Camera`). Not written by a
/// game: a session sets it in its live options.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct CameraSnap {
    /// Counts the session's snaps: a later one is greater (the options an
    /// undo brings back may hold an earlier one, which a camera has
    /// already followed).
    pub serial: u32,
    /// The player's cell then (column, row); `None` with no player (the
    /// camera stays).
    pub player: Option<(usize, usize)>,
}

/// `smoothscreen [flick] WxH [IxJ] [S]` (PuzzleScript Plus): a window of
/// `screen` cells that glides after the player (`render::glide`).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct SmoothScreen {
    /// The window, in cells (`WxH`).
    pub screen: (u32, u32),
    /// The box around the camera's aim the player moves in without moving
    /// it (`IxJ`; 1x1 by default, the window's size with `flick`).
    pub boundary: (u32, u32),
    /// The part of the way left the camera covers each sixtieth of a
    /// second (`S`, 0 to 1; 0.125 by default).
    pub speed: f64,
    /// `flick`: the aim moves a whole box at a time.
    pub flick: bool,
}

/// Read a `smoothscreen` value; `None` when it is not `[flick] WxH [IxJ]
/// [S]` with sizes from 1 to 1000 and a number.
#[must_use]
pub fn parse_smoothscreen(v: &str) -> Option<SmoothScreen> {
    let dims = |t: &str| {
        let (w, h) = t.to_ascii_lowercase().split_once('x').map(|(w, h)| (w.to_owned(), h.to_owned()))?;
        let side = |s: &str| s.parse::<u32>().ok().filter(|n| (1..=1000).contains(n));
        Some((side(&w)?, side(&h)?))
    };
    let mut words: Vec<&str> = v.split_whitespace().collect();
    let flick = words.first().is_some_and(|w| w.eq_ignore_ascii_case("flick"));
    if flick {
        words.remove(0);
    }
    if words.is_empty() || words.len() > 3 {
        return None;
    }
    let screen = dims(words[0])?;
    let boundary = match words.get(1) {
        Some(w) => dims(w)?,
        None if flick => screen,
        None => (1, 1),
    };
    let speed = match words.get(2) {
        Some(w) => w.parse::<f64>().ok().filter(|s| s.is_finite() && *s >= 0.0)?.min(1.0),
        None => 0.125,
    };
    Some(SmoothScreen { screen, boundary, speed, flick })
}

/// The largest sprite grid we accept, in pixels each way.
pub const MAX_SPRITE_SIZE: u32 = 32;

/// `sprite_size N` or `WxH`: the cell's pixel grid, each side 1 to
/// [`MAX_SPRITE_SIZE`].
#[must_use]
pub fn parse_sprite_size(v: &str) -> Option<(u32, u32)> {
    let v = v.trim().to_ascii_lowercase();
    let side = |t: &str| t.parse::<u32>().ok().filter(|n| (1..=MAX_SPRITE_SIZE).contains(n));
    match v.split_once('x') {
        Some((w, h)) => Some((side(w)?, side(h)?)),
        None => side(&v).map(|n| (n, n)),
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
        assert_eq!(
            PreludeOption::ALL.iter().filter(|o| o.dialect() == super::Dialect::Classic && o.takes_value()).count(),
            12
        );
        for (i, o) in PreludeOption::ALL.iter().enumerate() {
            assert_eq!(*o as usize, i, "the table follows the enum's order");
        }
        assert_eq!(PreludeOption::from_keyword("sprite_size").map(PreludeOption::dialect), Some(super::Dialect::Plus));
        assert_eq!(PreludeOption::from_keyword("load_images").map(PreludeOption::support), Some(super::Support::Full));
        // Drawn by render::screen (app/tests/play_text_frames.rs).
        for word in [
            "message_text_align",
            "text_controls",
            "text_message_continue",
            "author_color",
            "title_color",
            "keyhint_color",
        ] {
            assert_eq!(
                PreludeOption::from_keyword(word).map(PreludeOption::support),
                Some(super::Support::Full),
                "{word}"
            );
        }
        assert_eq!(PreludeOption::from_keyword("enable_pause").map(PreludeOption::support), Some(super::Support::Full));
    }

    #[test]
    fn auto_level_titles_is_accepted_and_changes_nothing_as_in_puzzlescript_next() {
        let src = |prelude: &str| {
            format!(
                "title Tiny\n{prelude}\nOBJECTS\nBackground\nblack\nPlayer\nwhite\nLEGEND\n. = Background\nP = Player\n\
                 SOUNDS\nCOLLISIONLAYERS\nBackground\nPlayer\nRULES\nWINCONDITIONS\nLEVELS\nmessage Hi\nP.\n"
            )
        };
        let with = crate::build(&src("auto_level_titles\nsprite_size 5"));
        assert!(with.diagnostics.is_empty(), "{:?}", with.diagnostics);
        let without = crate::build(&src("sprite_size 5"));
        let (with, without) = (with.game.expect("compiles"), without.game.expect("compiles"));
        assert_eq!(with.levels.len(), without.levels.len(), "no title entries added");
        let play = |g| crate::play::Play::at_entry(g, crate::play::Progress::default(), 0, std::time::Duration::ZERO);
        assert!(matches!(play(with).screen(), crate::play::Screen::Message("Hi", _)));
        assert!(matches!(play(without).screen(), crate::play::Screen::Message("Hi", _)));
    }

    /// `puzzlescript next v1.0` names the language version (PuzzleScript
    /// Next's Yasban writes it) and changes nothing; the words Next reserves
    /// without reading are a warning each; an option nobody knows is an
    /// error in a classic game and, as Plus and Next read it, a warning in
    /// theirs.
    #[test]
    fn version_and_reserved_words_are_accepted_as_puzzlescript_next_accepts_them() {
        let src = |prelude: &str| {
            format!(
                "title Tiny\n{prelude}\nOBJECTS\nBackground\nblack\nPlayer\nwhite\nLEGEND\n. = Background\nP = Player\n\
                 SOUNDS\nCOLLISIONLAYERS\nBackground\nPlayer\nRULES\nWINCONDITIONS\nLEVELS\nP.\n"
            )
        };
        let codes = |prelude: &str| -> Vec<&'static str> {
            let b = crate::build(&src(prelude));
            assert!(b.game.is_some(), "{prelude}: {}", b.first_errors(3));
            b.diagnostics.iter().map(|d| d.code).filter(|c| c.starts_with("W01") || c.starts_with("E01")).collect()
        };
        assert_eq!(codes("puzzlescript next v1.0"), Vec::<&str>::new());
        assert_eq!(
            codes("game_uri https://example.com\nlevel_title_style fancy\nshow_level_title_in_menu"),
            ["W0142", "W0142", "W0142"]
        );
        assert_eq!(codes("sprite_size 5\nsparkles on"), ["W0143"]);
        let classic = crate::build(&src("sparkles on"));
        assert!(classic.diagnostics.iter().any(|d| d.code == "E0108"), "a classic game refuses it");
    }

    #[test]
    fn smoothscreen_values_are_read_as_the_reference_reads_them() {
        use super::{SmoothScreen, parse_smoothscreen};
        let s = |screen, boundary, speed, flick| Some(SmoothScreen { screen, boundary, speed, flick });
        assert_eq!(parse_smoothscreen("9x7"), s((9, 7), (1, 1), 0.125, false));
        assert_eq!(parse_smoothscreen("9x7 3x3 0.5"), s((9, 7), (3, 3), 0.5, false));
        assert_eq!(parse_smoothscreen("flick 9x7"), s((9, 7), (9, 7), 0.125, true));
        assert_eq!(parse_smoothscreen("FLICK 9X7 2x2 2"), s((9, 7), (2, 2), 1.0, true), "the speed at most 1");
        for bad in ["", "flick", "9", "9x", "0x5", "9x7 3", "9x7 3x3 fast", "9x7 1x1 0.1 more"] {
            assert_eq!(parse_smoothscreen(bad), None, "{bad:?}");
        }
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
