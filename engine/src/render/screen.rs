//! One painter for every screen of the game flow ([`crate::play::Screen`]):
//! the title screen, message screens, the end of the game (as text in
//! [`super::text`]'s font and the game's colours) and the level (through
//! the camera). The HTML page (through the web player), the native window
//! and the docked player all show what this draws, and the tests compare
//! their pixels with it.

use std::ops::Range;

use super::text::{
    Align, MessageStyle, Role, TEXT_COLUMNS, TEXT_ROWS, centred, choice_row, message_rows_styled, message_rows_with,
    text_frame_coloured, title_screen,
};
use super::{Camera, Frame, Look, Rgba};
use crate::compile::{Game, LevelGrid};
use crate::options::PreludeOption;
use crate::play::{LevelItem, Screen};

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

    /// The hint at the bottom of the level select.
    #[must_use]
    pub fn level_select_help(self) -> &'static str {
        match self {
            Prompt::Keys => "X plays, Esc goes back",
            Prompt::Touch => "tap a level to play it",
        }
    }

    /// The hint at the bottom of the pause menu.
    #[must_use]
    pub fn pause_help(self) -> &'static str {
        match self {
            Prompt::Keys => "X chooses, Esc leaves",
            Prompt::Touch => "tap a choice",
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

/// The text row of title choice `index` of `count` (the page maps taps
/// to choices with it).
#[must_use]
pub fn title_choice_row(index: usize, count: usize) -> usize {
    choice_row(index, count)
}

/// Levels the level select shows at once, one a row.
pub const LEVEL_SELECT_SHOWN: usize = 8;

/// The text row of the first level shown by the level select.
pub const LEVEL_SELECT_TOP: usize = 3;

/// Which of `len` levels the level select shows with `selected`
/// highlighted: up to [`LEVEL_SELECT_SHOWN`] around it; the one at
/// `range.start` on row [`LEVEL_SELECT_TOP`], the others under it.
#[must_use]
pub fn level_select_window(len: usize, selected: usize) -> Range<usize> {
    let first = selected.saturating_sub(LEVEL_SELECT_SHOWN / 2).min(len.saturating_sub(LEVEL_SELECT_SHOWN));
    first..(first + LEVEL_SELECT_SHOWN).min(len)
}

/// The rows of the level select: a heading, the levels shown (the
/// selected one marked, each cut to the screen's width), marks where
/// more levels are above or below, and the hint.
#[must_use]
pub fn level_select_rows(items: &[LevelItem], selected: usize, prompt: Prompt) -> Vec<String> {
    let mut rows = vec![String::new(); TEXT_ROWS];
    rows[1] = centred("Select a level");
    let window = level_select_window(items.len(), selected);
    if window.start > 0 {
        rows[LEVEL_SELECT_TOP - 1] = centred("...");
    }
    for (row, index) in (LEVEL_SELECT_TOP..).zip(window.clone()) {
        let marker = if index == selected { "> " } else { "  " };
        let mut line: String = format!("{marker}{}", items[index].label());
        if line.chars().count() > TEXT_COLUMNS {
            line = line.chars().take(TEXT_COLUMNS - 3).collect::<String>().trim_end().to_owned() + "...";
        }
        rows[row] = line;
    }
    if window.end < items.len() {
        rows[LEVEL_SELECT_TOP + LEVEL_SELECT_SHOWN] = centred("...");
    }
    rows[TEXT_ROWS - 1] = centred(prompt.level_select_help());
    rows
}

/// The text row of pause menu choice `index` (the page maps taps to
/// choices with it): from row 4, a row apart.
#[must_use]
pub fn pause_choice_row(index: usize) -> usize {
    4 + 2 * index
}

/// The rows of the pause menu (`enable_pause`, PuzzleScript Next): a
/// heading, the level's name if it has one, the choices (the selected one
/// marked) and the hint.
#[must_use]
pub fn pause_rows(
    choices: &[crate::play::PauseChoice],
    selected: usize,
    level: Option<&str>,
    prompt: Prompt,
) -> Vec<String> {
    let mut rows = vec![String::new(); TEXT_ROWS];
    rows[1] = centred("- Paused -");
    if let Some(name) = level.filter(|n| !n.trim().is_empty()) {
        let mut name: String = name.trim().to_owned();
        if name.chars().count() > TEXT_COLUMNS {
            name = name.chars().take(TEXT_COLUMNS - 3).collect::<String>().trim_end().to_owned() + "...";
        }
        rows[2] = centred(&name);
    }
    for (i, choice) in choices.iter().enumerate().take(4) {
        let label = if i == selected { format!("> {} <", choice.label()) } else { choice.label().to_owned() };
        rows[pause_choice_row(i)] = centred(&label);
    }
    rows[TEXT_ROWS - 1] = centred(prompt.pause_help());
    rows
}

/// The rows of text `screen` shows, `None` for a level.
#[must_use]
pub fn screen_rows(game: &Game, screen: &Screen<'_>, prompt: Prompt) -> Option<Vec<String>> {
    screen_text(game, screen, prompt).map(|rows| rows.into_iter().map(|(row, _)| row).collect())
}

/// [`screen_rows`] with what each row shows (for its colour, see
/// [`TextColours`]). In PuzzleScript Plus/Next games: `text_controls`
/// in place of the title screen's key help, `text_message_continue` in
/// place of the hint under a message, messages laid out by
/// [`MessageStyle`].
#[must_use]
pub fn screen_text(game: &Game, screen: &Screen<'_>, prompt: Prompt) -> Option<Vec<(String, Role)>> {
    let meta = &game.metadata;
    let plain = |rows: Vec<String>| rows.into_iter().map(|r| (r, Role::Text)).collect::<Vec<_>>();
    let keyhint_at = |mut rows: Vec<(String, Role)>, hint: &str| {
        let hint = centred(hint);
        if let Some(row) = rows.iter_mut().rev().find(|(r, _)| *r == hint) {
            row.1 = Role::Keyhint;
        }
        rows
    };
    Some(match screen {
        Screen::Title { choices, selected } => {
            let labels: Vec<String> = choices.iter().map(crate::play::TitleChoice::label).collect();
            let title = meta.title.as_deref().unwrap_or("An untitled game");
            let help = title_help(game, prompt);
            title_screen(title, meta.author.as_deref(), (&labels, *selected), (&help.0, help.1))
        }
        Screen::LevelSelect { items, selected } => {
            keyhint_at(plain(level_select_rows(items, *selected, prompt)), prompt.level_select_help())
        }
        Screen::Message(text, options) => {
            // Laid out as the options on screen say (a rule may have set
            // `message_text_align`).
            let hint = message_hint(game, prompt);
            keyhint_at(plain(message_rows_styled(text, Some(&hint), MessageStyle::of(options))), &hint)
        }
        Screen::GameOver => keyhint_at(
            plain(message_rows_with("Congratulations, you won the game!", Some(prompt.to_title()))),
            prompt.to_title(),
        ),
        Screen::Pause { choices, selected, level } => {
            let mut rows = keyhint_at(plain(pause_rows(choices, *selected, *level, prompt)), prompt.pause_help());
            rows[1].1 = Role::Title;
            rows
        }
        Screen::Level(_) | Screen::LevelWon(..) => return None,
    })
}

/// The hint under a message: the game's `text_message_continue`
/// (PuzzleScript Plus), or `prompt`'s.
#[must_use]
pub fn message_hint(game: &Game, prompt: Prompt) -> String {
    game.metadata
        .option_value(PreludeOption::TextMessageContinue)
        .map(str::trim)
        .filter(|t| !t.is_empty())
        .map_or_else(|| prompt.to_continue().to_owned(), str::to_owned)
}

/// The key help at the bottom of the title screen, placed on text rows,
/// and the row of the first: the game's `text_controls` (PuzzleScript
/// Plus: `\n` starts a new line, each line wrapped to the screen's width
/// keeping the author's spaces, at most three lines from the eleventh row,
/// from the left as the reference places them), or `prompt`'s two lines
/// centred on the last two rows.
#[must_use]
pub fn title_help(game: &Game, prompt: Prompt) -> (Vec<String>, usize) {
    let controls = game.metadata.option_value(PreludeOption::TextControls).filter(|t| !t.trim().is_empty());
    match controls {
        Some(text) => {
            let lines = text.split("\\n").flat_map(|part| {
                let wrapped = crate::wrap::wrap_message(part.trim_end(), TEXT_COLUMNS);
                if wrapped.is_empty() { vec![String::new()] } else { wrapped }
            });
            (lines.take(3).map(|l| Align::Left.place(&l)).collect(), TEXT_ROWS - 3)
        }
        None => (prompt.title_help().iter().map(|l| centred(l)).collect(), TEXT_ROWS - 2),
    }
}

/// The colours of a game's text screens by [`Role`]: PuzzleScript Next's
/// `title_color`, `author_color` and `keyhint_color`, each the text
/// colour when not given (or not a colour).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct TextColours {
    /// The text colour (`text_color`).
    pub text: Rgba,
    /// The title's.
    pub title: Rgba,
    /// The author's line.
    pub author: Rgba,
    /// The key hints'.
    pub keyhint: Rgba,
}

impl TextColours {
    /// The colours `game` names, read in `look`'s palette.
    #[must_use]
    pub fn of(look: &Look, game: &Game) -> Self {
        let pick = |option| {
            game.metadata
                .option_value(option)
                .and_then(|w| crate::palette::color(w, &look.palette))
                .filter(|c| !c.is_transparent())
                .unwrap_or(look.text)
        };
        TextColours {
            text: look.text,
            title: pick(PreludeOption::TitleColor),
            author: pick(PreludeOption::AuthorColor),
            keyhint: pick(PreludeOption::KeyhintColor),
        }
    }

    /// The colour of a row showing `role`.
    #[must_use]
    pub fn of_role(&self, role: Role) -> Rgba {
        match role {
            Role::Text => self.text,
            Role::Title => self.title,
            Role::Author => self.author,
            Role::Keyhint => self.keyhint,
        }
    }
}

/// The level grid `screen` shows, if it shows one.
#[must_use]
pub fn screen_grid(screen: &Screen<'_>) -> Option<LevelGrid> {
    match screen {
        Screen::Level(session) => session.board_grid(),
        Screen::LevelWon(grid, _) => Some((*grid).clone()),
        _ => None,
    }
}

/// The picture of `screen`: a text screen at one pixel per font pixel
/// ([`super::text::TEXT_SIZE`]), a level at its natural size through
/// `camera` (which follows the player for `flickscreen`, `zoomscreen` and
/// `smoothscreen`, as the options on screen have them: a rule may change
/// them; give each level a fresh one). A level with no cells is an empty
/// frame.
#[must_use]
pub fn screen_frame(look: &Look, game: &Game, screen: &Screen<'_>, camera: &mut Camera, prompt: Prompt) -> Frame {
    screen_frame_tweened(look, game, screen, camera, prompt, None)
}

/// [`screen_frame`] part way through a tween (`Play::tween`): a level's
/// moves drawn sliding (see [`super::grid_frame_tweened`]).
#[must_use]
pub fn screen_frame_tweened(
    look: &Look,
    game: &Game,
    screen: &Screen<'_>,
    camera: &mut Camera,
    prompt: Prompt,
    tween: Option<&crate::tween::Tween<'_>>,
) -> Frame {
    if let Some(rows) = screen_text(game, screen, prompt) {
        let colours = TextColours::of(look, game);
        let ink: Vec<Rgba> = rows.iter().map(|(_, role)| colours.of_role(*role)).collect();
        let rows: Vec<String> = rows.into_iter().map(|(row, _)| row).collect();
        return text_frame_coloured(look, &rows, &ink, 0, 0);
    }
    match screen_grid(screen) {
        Some(grid) if grid.width > 0 && grid.height > 0 => {
            // The camera and colours as the level's rules have left them.
            let options = screen.options().unwrap_or(&game.metadata);
            let view = camera.view_of(game, options, &grid);
            let status = match screen {
                Screen::Level(session) => session.status(),
                _ => None,
            };
            let look = look.live(game, options);
            level_frame(&look, game, (&grid, view), tween, status)
        }
        _ => Frame { width: 0, height: 0, pixels: Vec::new() },
    }
}

/// Whether `game` shows a status line under its levels (`status_line`,
/// PuzzleScript Next).
#[must_use]
pub fn has_status_line(game: &Game) -> bool {
    game.metadata.has_option(crate::options::PreludeOption::StatusLine)
}

/// The smallest height, in pixels, of the level part of a frame with a
/// status line: the line is a twelfth of it (as the reference gives it a
/// text row of the screen), at least 16 pixels, so that its letters show.
const STATUS_LEVEL_HEIGHT: usize = 192;

/// Pixels of a cell (width, height) in [`level_frame`]'s picture of
/// `view`: the look's cell ([`Look::cell_size`]; not square in a game with
/// `sprite_size WxH`), or in a game with a status line a whole multiple of
/// it that makes the level [`STATUS_LEVEL_HEIGHT`] pixels tall at least
/// (hosts that map pointer positions to cells use this, through
/// [`cell_at_pixel`]).
#[must_use]
pub fn level_cell(look: &Look, game: &Game, view: super::View) -> (usize, usize) {
    let (cw, ch) = look.cell_size();
    if !has_status_line(game) {
        return (cw, ch);
    }
    let tall = view.height().max(1) * ch;
    let times = STATUS_LEVEL_HEIGHT.div_ceil(tall).clamp(1, 16);
    (cw * times, ch * times)
}

/// The level cell under pixel (`x`, `y`) of [`level_frame`]'s picture of
/// `view`, drawn `cell` pixels a cell ([`level_cell`]; from the picture's
/// top left, fractions allowed): `None` off the level (a status line under
/// it is off it), unless `clamp`, which takes the nearest cell of the
/// picture (a drag that left it goes on along its edge). A gliding
/// `smoothscreen` camera's picture starts part way into its first cell.
#[must_use]
pub fn cell_at_pixel(
    view: super::View,
    cell: (usize, usize),
    (x, y): (f64, f64),
    clamp: bool,
) -> Option<crate::play::Cell> {
    let (w, h) = (view.width(), view.height());
    if w == 0 || h == 0 || cell.0 == 0 || cell.1 == 0 || !x.is_finite() || !y.is_finite() {
        return None;
    }
    let along =
        |at: f64, slide: u16, size: usize| ((at + f64::from(slide) * size as f64 / 1000.0) / size as f64).floor();
    let (cx, cy) = (along(x, view.slide.0, cell.0), along(y, view.slide.1, cell.1));
    let inside = cx >= 0.0 && cy >= 0.0 && cx < w as f64 && cy < h as f64;
    if !inside && !clamp {
        return None;
    }
    let cx = (cx.max(0.0) as usize).min(w - 1);
    let cy = (cy.max(0.0) as usize).min(h - 1);
    Some(((view.x0 + cx) as u32, (view.y0 + cy) as u32))
}

/// Pixels of the status line under a level `level_height` pixels tall.
#[must_use]
pub fn status_height(level_height: usize) -> usize {
    (level_height / 12).max(16)
}

/// The picture of `view` of `grid` as a player sees it: the level (part
/// way through `tween`, if any) at [`level_cell`] pixels a cell; in a game
/// with `status_line`, with the status line under it: `status` (a rule's
/// `status` command) centred in the text colour, cut to the width, on the
/// background colour.
#[must_use]
pub fn level_frame(
    look: &Look,
    game: &Game,
    (grid, view): (&LevelGrid, super::View),
    tween: Option<&crate::tween::Tween<'_>>,
    status: Option<&str>,
) -> Frame {
    let cell = level_cell(look, game, view);
    let mut frame = super::draw_grid_tweened(look, game, grid, view, cell, tween);
    if !has_status_line(game) {
        return frame;
    }
    let (width, strip) = (frame.width, status_height(frame.height));
    let top = frame.height;
    frame.pixels.resize(width * (top + strip), look.background);
    frame.height = top + strip;
    if let Some(text) = status.filter(|t| !t.trim().is_empty()) {
        let em = strip as f64 * 0.6 * super::text::font_size(game);
        let centre = (width as f64 / 2.0, top as f64 + strip as f64 * 0.6, em);
        let clip = (0, top, width, top + strip);
        super::drawn::draw_text((&mut frame.pixels, width), text.trim(), look.text, centre, clip);
    }
    frame
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

    #[test]
    fn the_level_select_draws_its_levels_the_selected_one_marked_and_scrolls() {
        let items: Vec<LevelItem> = (1..=12)
            .map(|n| LevelItem {
                section: None,
                entry: n,
                map: n,
                level: n,
                caption: (n == 2).then(|| "A caption far too long to fit on one row of the screen".to_owned()),
            })
            .collect();
        let rows = level_select_rows(&items[..3], 1, Prompt::Keys);
        assert_eq!(rows.len(), TEXT_ROWS);
        assert_eq!(rows[1].trim(), "Select a level");
        assert_eq!(rows[LEVEL_SELECT_TOP], "  Level 1");
        assert!(rows[LEVEL_SELECT_TOP + 1].starts_with("> Level 2: A caption"), "{rows:?}");
        assert!(rows[LEVEL_SELECT_TOP + 1].ends_with("..."), "cut to the width: {rows:?}");
        assert!(rows.iter().all(|r| r.chars().count() <= TEXT_COLUMNS), "{rows:?}");
        assert_eq!(rows[TEXT_ROWS - 1].trim(), "X plays, Esc goes back");
        assert_eq!(level_select_rows(&items[..3], 1, Prompt::Touch)[TEXT_ROWS - 1].trim(), "tap a level to play it");
        // Twelve levels, the tenth selected: eight shown around it, more above.
        assert_eq!(level_select_window(12, 9), 4..12);
        assert_eq!(level_select_window(12, 0), 0..8);
        assert_eq!(level_select_window(3, 2), 0..3);
        let rows = level_select_rows(&items, 9, Prompt::Keys);
        assert_eq!(rows[LEVEL_SELECT_TOP - 1].trim(), "...");
        assert_eq!(rows[LEVEL_SELECT_TOP], "  Level 5");
        assert_eq!(rows[LEVEL_SELECT_TOP + 5], "> Level 10");
        assert_eq!(rows[LEVEL_SELECT_TOP + LEVEL_SELECT_SHOWN].trim(), "", "nothing more below");
        assert_eq!(level_select_rows(&items, 0, Prompt::Keys)[LEVEL_SELECT_TOP + LEVEL_SELECT_SHOWN].trim(), "...");
        // Drawn as text in the game's colours, like every text screen.
        let game = engine_game();
        let look = Look::new(&game);
        let screen = Screen::LevelSelect { items: &items[..3], selected: 1 };
        let frame = screen_frame(&look, &game, &screen, &mut Camera::default(), Prompt::Keys);
        let rows = level_select_rows(&items[..3], 1, Prompt::Keys);
        assert_eq!(frame, text_frame(&look, &rows, 0, 0));
        assert!(frame.pixels.iter().filter(|p| **p == look.text).count() > 200);
    }

    #[test]
    fn the_pause_menu_draws_its_heading_the_level_name_and_the_choice_marked() {
        use crate::play::PauseChoice as C;
        let choices = [C::Resume, C::Restart, C::Title];
        let rows = pause_rows(&choices, 1, Some("The Long Corridor"), Prompt::Keys);
        assert_eq!(rows.len(), TEXT_ROWS);
        assert_eq!(rows[1].trim(), "- Paused -");
        assert_eq!(rows[2].trim(), "The Long Corridor");
        assert_eq!(rows[pause_choice_row(0)].trim(), "Resume");
        assert_eq!(rows[pause_choice_row(1)].trim(), "> Restart the level <");
        assert_eq!(rows[pause_choice_row(2)].trim(), "Back to the title screen");
        assert_eq!(rows[TEXT_ROWS - 1].trim(), "X chooses, Esc leaves");
        assert_eq!(pause_rows(&choices, 0, None, Prompt::Keys)[2], "", "no name line without a name");
        // Drawn in the game's colours; the marks move with the selection:
        // only the two choices' rows change.
        let game = engine_game();
        let look = Look::new(&game);
        let draw = |selected| {
            let screen = Screen::Pause { choices: &choices, selected, level: Some("The Long Corridor") };
            screen_frame(&look, &game, &screen, &mut Camera::default(), Prompt::Keys)
        };
        let (first, second) = (draw(0), draw(1));
        assert_eq!((first.width, first.height), TEXT_SIZE);
        assert!(first.pixels.iter().all(|p| *p == look.text || *p == look.background));
        let ink = |f: &Frame, row: usize| {
            let h = crate::render::text::CELL_HEIGHT;
            f.pixels[row * h * f.width..(row + 1) * h * f.width].iter().filter(|p| **p == look.text).count()
        };
        assert!(ink(&first, 1) > 20 && ink(&first, 2) > 20, "heading and name drawn");
        assert!(ink(&second, pause_choice_row(1)) > ink(&first, pause_choice_row(1)), "the marks on choice 2");
        assert!(ink(&second, pause_choice_row(0)) < ink(&first, pause_choice_row(0)), "and off choice 1");
        assert_eq!(ink(&second, pause_choice_row(2)), ink(&first, pause_choice_row(2)));
    }
}
