//! One painter for every screen of the game flow ([`crate::play::Screen`]):
//! the title screen, message screens, the end of the game (as text in
//! [`super::text`]'s font and the game's colours) and the level (through
//! the camera). The HTML page (through the web player), the native window
//! and the docked player all show what this draws, and the tests compare
//! their pixels with it.

use super::text::{TEXT_COLUMNS, message_rows_with, text_frame, title_rows_with};
use super::{Camera, Frame, Look, grid_frame};
use crate::compile::{Game, LevelGrid};
use crate::play::Screen;

/// How the player gives input, which the screens' hints name.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Prompt {
    /// A keyboard: "Press X to continue".
    #[default]
    Keys,
    /// A touch screen: "Tap to continue".
    Touch,
}

impl Prompt {
    /// The hint under a message.
    #[must_use]
    pub fn to_continue(self) -> &'static str {
        match self {
            Prompt::Keys => "Press X to continue",
            Prompt::Touch => "Tap to continue",
        }
    }

    /// The two lines of help at the bottom of the title screen.
    #[must_use]
    pub fn title_help(self) -> [&'static str; 2] {
        match self {
            Prompt::Keys => ["arrows move, X acts", "Z undoes, R restarts"],
            Prompt::Touch => ["swipe to move, tap to act", "the menu undoes and restarts"],
        }
    }

    /// The hint on the screen after the last level.
    #[must_use]
    pub fn to_title(self) -> &'static str {
        match self {
            Prompt::Keys => "Press X for the title screen",
            Prompt::Touch => "Tap for the title screen",
        }
    }
}

/// The text row of title choice `index` (the page maps taps to choices
/// with it).
#[must_use]
pub fn title_choice_row(index: usize) -> usize {
    6 + 2 * index
}

/// The rows of text `screen` shows, `None` for a level.
#[must_use]
pub fn screen_rows(game: &Game, screen: &Screen<'_>, prompt: Prompt) -> Option<Vec<String>> {
    let meta = &game.metadata;
    Some(match screen {
        Screen::Title { choices, selected } => {
            let labels: Vec<String> = choices.iter().map(crate::play::TitleChoice::label).collect();
            let title = meta.title.as_deref().unwrap_or("An untitled game");
            title_rows_with(title, meta.author.as_deref(), &labels, *selected, prompt.title_help())
        }
        Screen::Message(text) => message_rows_with(text, Some(prompt.to_continue())),
        Screen::GameOver => message_rows_with("Congratulations, you won the game!", Some(prompt.to_title())),
        Screen::Level(_) | Screen::LevelWon(_) => return None,
    })
}

/// The level grid `screen` shows, if it shows one.
#[must_use]
pub fn screen_grid(screen: &Screen<'_>) -> Option<LevelGrid> {
    match screen {
        Screen::Level(session) => session.board_grid(),
        Screen::LevelWon(grid) => Some((*grid).clone()),
        _ => None,
    }
}

/// The picture of `screen`: a text screen at one pixel per font pixel
/// ([`super::text::TEXT_SIZE`]), a level at its natural size through
/// `camera` (which follows the player for `flickscreen` and `zoomscreen`;
/// give each level a fresh one). A level with no cells is an empty frame.
#[must_use]
pub fn screen_frame(look: &Look, game: &Game, screen: &Screen<'_>, camera: &mut Camera, prompt: Prompt) -> Frame {
    if let Some(rows) = screen_rows(game, screen, prompt) {
        return text_frame(look, &rows, 0, 0);
    }
    match screen_grid(screen) {
        Some(grid) if grid.width > 0 && grid.height > 0 => {
            let view = camera.view_of(game, &grid);
            grid_frame(look, game, &grid, view)
        }
        _ => Frame { width: 0, height: 0, pixels: Vec::new() },
    }
}

/// Characters per text row (for hosts that lay out taps on text).
pub const COLUMNS: usize = TEXT_COLUMNS;

#[cfg(test)]
mod tests {
    use std::sync::Arc;
    use std::time::Duration;

    use super::*;
    use crate::play::{Control, Play, Progress};
    use crate::render::Rgba;
    use crate::render::text::{TEXT_SIZE, text_frame};

    const GAME: &str = "title Tiny\nauthor Someone\nbackground_color blue\ntext_color yellow\n\nOBJECTS\nBackground\nblack\n\
        Player\nwhite\n\nLEGEND\n. = Background\nP = Player\n\nSOUNDS\n\nCOLLISIONLAYERS\nBackground\nPlayer\n\nRULES\n\n\
        WINCONDITIONS\n\nLEVELS\nmessage Hello there\n\nP.\n";

    fn play() -> Play {
        let game = engine_game();
        Play::new(game, Progress::default(), Duration::ZERO)
    }

    fn engine_game() -> Arc<Game> {
        crate::build(GAME).game.expect("compiles")
    }

    #[test]
    fn every_screen_is_drawn_in_the_games_colours() {
        let mut play = play();
        let game = play.game().clone();
        let look = Look::new(&game);
        let ink = |f: &Frame| f.pixels.iter().filter(|p| **p == look.text).count();
        let mut camera = Camera::default();
        let title = screen_frame(&look, &game, &play.screen(), &mut camera, Prompt::Keys);
        assert_eq!((title.width, title.height), TEXT_SIZE);
        assert!(ink(&title) > 100, "the title has text");
        assert!(title.pixels.iter().all(|p| *p == look.text || *p == look.background));
        play.press(Control::Action, Duration::from_millis(10));
        play.release(Control::Action, Duration::from_millis(20));
        let message = screen_frame(&look, &game, &play.screen(), &mut camera, Prompt::Keys);
        let rows = message_rows_with("Hello there", Some("Press X to continue"));
        assert_eq!(message, text_frame(&look, &rows, 0, 0), "the message and its hint");
        let tap = screen_frame(&look, &game, &play.screen(), &mut camera, Prompt::Touch);
        assert_ne!(tap, message, "a touch screen names a tap");
        play.press(Control::Action, Duration::from_millis(30));
        let level = screen_frame(&look, &game, &play.screen(), &mut camera, Prompt::Keys);
        assert_eq!((level.width, level.height), (10, 5));
        assert_eq!(level.pixels[0], Rgba::WHITE, "the player's cell");
    }
}
