//! Text screens as pictures: the title screen and message screens laid out
//! on a grid of [`TEXT_COLUMNS`] x [`TEXT_ROWS`] characters, as the
//! reference player lays them out (a message wrapped and centred around the
//! fifth row with "Press X to continue" under it), drawn with our own small
//! pixel font ([`crate::pixel_font`]) in the game's text and background
//! colours. For hosts that draw frames rather than widgets (GIF capture).

use super::{Frame, Look, Rgba};
use crate::pixel_font::glyph;

/// Characters per row of a text screen.
pub const TEXT_COLUMNS: usize = 34;
/// Rows of a text screen.
pub const TEXT_ROWS: usize = 13;
/// Pixels across one character cell (a 5-pixel glyph and a gap).
pub const CELL_WIDTH: usize = 6;
/// Pixels down one character cell (7 rows, 2 for descenders, a gap of 2).
pub const CELL_HEIGHT: usize = 11;
/// The smallest picture a text screen fits in, at one pixel per font pixel.
pub const TEXT_SIZE: (usize, usize) = (TEXT_COLUMNS * CELL_WIDTH, TEXT_ROWS * CELL_HEIGHT);

/// `text` broken into lines of at most `width` characters at spaces (a
/// word longer than a line is cut), line breaks kept.
#[must_use]
pub fn wrap(text: &str, width: usize) -> Vec<String> {
    let width = width.max(1);
    let mut out = Vec::new();
    for paragraph in text.split('\n') {
        let mut line = String::new();
        for word in paragraph.split_whitespace() {
            let mut word: Vec<char> = word.chars().collect();
            loop {
                let used = line.chars().count();
                let gap = usize::from(used > 0);
                if used + gap + word.len() <= width {
                    if gap == 1 {
                        line.push(' ');
                    }
                    line.extend(word.iter());
                    break;
                }
                if used > 0 {
                    out.push(std::mem::take(&mut line));
                    continue;
                }
                // A word wider than a line: cut it.
                let rest = word.split_off(width);
                out.push(word.iter().collect());
                word = rest;
            }
        }
        out.push(line);
    }
    while out.last().is_some_and(String::is_empty) && out.len() > 1 {
        out.pop();
    }
    out
}

pub(super) fn centred(line: &str) -> String {
    let n = line.chars().count().min(TEXT_COLUMNS);
    let left = (TEXT_COLUMNS - n) / 2;
    format!("{}{}", " ".repeat(left), line.chars().take(TEXT_COLUMNS).collect::<String>())
}

/// The rows of a message screen: the message wrapped to the screen's
/// width, each line centred, the block centred on the sixth row (at most
/// 12 lines), and "Press X to continue" two rows under it when `prompt`.
#[must_use]
pub fn message_rows(message: &str, prompt: bool) -> Vec<String> {
    message_rows_with(message, prompt.then_some("Press X to continue"))
}

/// [`message_rows`] with `prompt`'s words under the message (`Tap to
/// continue` on a touch screen), or none.
#[must_use]
pub fn message_rows_with(message: &str, prompt: Option<&str>) -> Vec<String> {
    message_rows_styled(message, prompt, MessageStyle::default())
}

/// Where the lines of a message sit across the screen
/// (`message_text_align`, PuzzleScript Plus).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Align {
    /// Each line starts at the screen's left edge.
    Left,
    /// Each line centred (the classic layout).
    #[default]
    Center,
    /// Each line ends at the screen's right edge.
    Right,
}

impl Align {
    /// `left`, `center` or `right` (any case; `centre` too); `None` for
    /// another word.
    #[must_use]
    pub fn parse(word: &str) -> Option<Align> {
        match word.trim().to_ascii_lowercase().as_str() {
            "left" => Some(Align::Left),
            "center" | "centre" => Some(Align::Center),
            "right" => Some(Align::Right),
            _ => None,
        }
    }

    /// `line` (at most [`TEXT_COLUMNS`] characters are kept) placed on a
    /// text row.
    #[must_use]
    pub fn place(self, line: &str) -> String {
        match self {
            Align::Center => centred(line),
            Align::Left => line.chars().take(TEXT_COLUMNS).collect(),
            Align::Right => {
                let line: String = line.chars().take(TEXT_COLUMNS).collect();
                format!("{}{line}", " ".repeat(TEXT_COLUMNS - line.chars().count()))
            }
        }
    }
}

/// How a game lays out its messages: PuzzleScript Plus/Next's
/// `message_text_align`, and the two characters `\n` in a message of a
/// Plus/Next game starting a new line (a classic game shows them as
/// written, as the classic player does).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct MessageStyle {
    /// Where each line sits.
    pub align: Align,
    /// Whether `\n` breaks the line.
    pub breaks: bool,
}

impl MessageStyle {
    /// The style `meta`'s options ask for (a value of
    /// `message_text_align` other than the three words is centred).
    #[must_use]
    pub fn of(meta: &crate::compile::Metadata) -> Self {
        let align = meta.option_value(crate::options::PreludeOption::MessageTextAlign).and_then(Align::parse);
        MessageStyle { align: align.unwrap_or_default(), breaks: meta.dialect > crate::options::Dialect::Classic }
    }

    /// The paragraphs of `message`: the whole of it trimmed, or with
    /// `breaks` its parts between `\n`s, each trimmed (an empty part is
    /// an empty line).
    #[must_use]
    pub fn paragraphs(self, message: &str) -> Vec<String> {
        if self.breaks && message.contains("\\n") {
            message.trim().split("\\n").map(|p| p.trim().to_owned()).collect()
        } else {
            vec![message.trim().to_owned()]
        }
    }

    /// `message` broken into screen lines of at most `width` characters:
    /// each paragraph wrapped at spaces (a paragraph with no words is one
    /// empty line; trailing empty lines dropped).
    #[must_use]
    pub fn lines(self, message: &str, width: usize) -> Vec<String> {
        let mut out = Vec::new();
        for paragraph in self.paragraphs(message) {
            out.extend(wrap(&paragraph, width));
        }
        while out.len() > 1 && out.last().is_some_and(String::is_empty) {
            out.pop();
        }
        out
    }
}

/// [`message_rows_with`] laid out in `style` (see [`MessageStyle`]).
#[must_use]
pub fn message_rows_styled(message: &str, prompt: Option<&str>, style: MessageStyle) -> Vec<String> {
    let mut rows = vec![String::new(); TEXT_ROWS];
    let lines = style.lines(message, TEXT_COLUMNS);
    let count = lines.len().min(TEXT_ROWS - 1);
    let top = 5usize.saturating_sub(count / 2);
    for (i, line) in lines.iter().take(count).enumerate() {
        if let Some(row) = rows.get_mut(top + i) {
            *row = style.align.place(line);
        }
    }
    if let Some(prompt) = prompt {
        let at = if count < 10 { 10 } else { (count + 1).min(TEXT_ROWS - 1) };
        rows[at] = centred(prompt);
    }
    rows
}

/// The rows of a title screen: the title (wrapped, centred) near the top,
/// `by AUTHOR` under it, the choices in the middle (the selected one
/// between arrows) and the keys at the bottom.
#[must_use]
pub fn title_rows(title: &str, author: Option<&str>, choices: &[String], selected: usize) -> Vec<String> {
    title_rows_with(title, author, choices, selected, ["arrows move, X acts", "Z undoes, R restarts"])
}

/// [`title_rows`] with `help`'s two lines at the bottom (the touch
/// screen's words instead of the keys).
#[must_use]
pub fn title_rows_with(
    title: &str,
    author: Option<&str>,
    choices: &[String],
    selected: usize,
    help: [&str; 2],
) -> Vec<String> {
    let help = [centred(help[0]), centred(help[1])];
    title_screen(title, author, (choices, selected), (&help, TEXT_ROWS - 2)).into_iter().map(|(row, _)| row).collect()
}

/// What a row of a text screen shows, which picks the colour it is drawn
/// in (PuzzleScript Next's `title_color`, `author_color`, `keyhint_color`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Role {
    /// Anything else: the text colour.
    #[default]
    Text,
    /// The game's title.
    Title,
    /// The author's line.
    Author,
    /// Which keys to press.
    Keyhint,
}

/// The rows of a title screen with what each one shows: the title
/// (wrapped, centred, up to three lines) from the second row, `by AUTHOR`
/// under it, the choices (the selected one between arrows), and `help`'s
/// rows (placed already) from row `help.1` down.
#[must_use]
pub fn title_screen(
    title: &str,
    author: Option<&str>,
    (choices, selected): (&[String], usize),
    help: (&[String], usize),
) -> Vec<(String, Role)> {
    let mut rows = vec![(String::new(), Role::Text); TEXT_ROWS];
    let mut at = 1;
    for line in wrap(title, TEXT_COLUMNS).iter().take(3) {
        rows[at] = (centred(line), Role::Title);
        at += 1;
    }
    if let Some(author) = author.filter(|a| !a.trim().is_empty()) {
        for line in wrap(&format!("by {}", author.trim()), TEXT_COLUMNS).iter().take(1) {
            rows[at] = (centred(line), Role::Author);
        }
    }
    let shown = choices.len().min(3);
    for (i, choice) in choices.iter().take(shown).enumerate() {
        let label = if i == selected && choices.len() > 1 { format!("> {choice} <") } else { choice.clone() };
        rows[choice_row(i, shown)] = (centred(&label), Role::Text);
    }
    let (help, first) = help;
    for (row, line) in rows.iter_mut().skip(first).zip(help) {
        *row = (line.clone(), Role::Keyhint);
    }
    rows
}

/// The text row of choice `index` of `count` on the title screen (up to
/// three: two from row 6, three from row 5, a row apart).
#[must_use]
pub fn choice_row(index: usize, count: usize) -> usize {
    if count >= 3 { 5 + 2 * index } else { 6 + 2 * index }
}

/// `font_size` (PuzzleScript Plus): how much larger than usual the text
/// of text sprites and the status line is drawn (1 when not given or not
/// a number above 0).
#[must_use]
pub fn font_size(game: &crate::compile::Game) -> f64 {
    game.metadata
        .option_value(crate::options::PreludeOption::FontSize)
        .and_then(|v| v.trim().parse::<f64>().ok())
        .filter(|v| v.is_finite() && *v > 0.0)
        .unwrap_or(1.0)
}

/// Draw `rows` of text in the game's colours on a picture of at least
/// `width` x `height` pixels (and at least [`TEXT_SIZE`]): the font at the
/// largest whole scale that fits, the text grid centred.
#[must_use]
pub fn text_frame(look: &Look, rows: &[String], width: usize, height: usize) -> Frame {
    text_frame_coloured(look, rows, &[], width, height)
}

/// [`text_frame`] with row `i` drawn in `colours[i]` (the look's text
/// colour for rows past the list).
#[must_use]
pub fn text_frame_coloured(look: &Look, rows: &[String], colours: &[Rgba], width: usize, height: usize) -> Frame {
    let (tw, th) = TEXT_SIZE;
    let (width, height) = (width.max(tw), height.max(th));
    let scale = (width / tw).min(height / th).max(1);
    let mut pixels = vec![look.background; width * height];
    let x0 = (width - tw * scale) / 2;
    let y0 = (height - th * scale) / 2;
    for (r, row) in rows.iter().take(TEXT_ROWS).enumerate() {
        let ink_colour = colours.get(r).copied().unwrap_or(look.text);
        for (c, ch) in row.chars().take(TEXT_COLUMNS).enumerate() {
            let ink = glyph(ch);
            let (cx, cy) = (x0 + c * CELL_WIDTH * scale, y0 + r * CELL_HEIGHT * scale);
            for (gy, bits) in ink.iter().enumerate() {
                for gx in 0..5 {
                    if bits & (0b1_0000 >> gx) == 0 {
                        continue;
                    }
                    for dy in 0..scale {
                        let start = (cy + gy * scale + dy) * width + cx + gx * scale;
                        pixels[start..start + scale].fill(ink_colour);
                    }
                }
            }
        }
    }
    Frame { width, height, pixels }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::render::Rgba;

    #[test]
    fn messages_wrap_and_centre_like_the_reference_layout() {
        assert_eq!(wrap("one two three", 7), vec!["one two", "three"]);
        assert_eq!(wrap("abcdefghij", 4), vec!["abcd", "efgh", "ij"]);
        let rows = message_rows("Hello there", true);
        assert_eq!(rows.len(), TEXT_ROWS);
        assert_eq!(rows[5].trim(), "Hello there");
        assert_eq!(rows[5].find('H'), Some((TEXT_COLUMNS - 11) / 2), "centred");
        assert_eq!(rows[10].trim(), "Press X to continue");
        let nine_lines = "word ".repeat(60);
        let rows = message_rows(&nine_lines, true);
        assert!(rows.iter().all(|r| r.chars().count() <= TEXT_COLUMNS));
        assert_eq!((rows[1].trim().len(), rows[9].trim().len()), (34, 19), "nine lines from row 1");
        assert_eq!(rows[10].trim(), "Press X to continue");
        let rows = message_rows(&"word ".repeat(100), true);
        assert_eq!(rows[12].trim(), "Press X to continue", "under a message filling the screen");
        assert!(message_rows("quiet", false).iter().all(|r| !r.contains("Press X")));
    }

    #[test]
    fn message_styles_break_at_backslash_n_and_place_lines() {
        assert_eq!(Align::parse(" Right "), Some(Align::Right));
        assert_eq!(Align::parse("centre"), Some(Align::Center));
        assert_eq!(Align::parse("middle"), None);
        assert_eq!(Align::Left.place("ab"), "ab");
        assert_eq!(Align::Right.place("ab"), format!("{}ab", " ".repeat(TEXT_COLUMNS - 2)));
        assert_eq!(Align::Center.place("ab"), centred("ab"));
        let plus = MessageStyle { align: Align::Left, breaks: true };
        assert_eq!(plus.lines("one\\n two \\n\\nthree\\n", 34), vec!["one", "two", "", "three"]);
        assert_eq!(plus.lines("a b c\\nd", 3), vec!["a b", "c", "d"], "each part wrapped");
        let classic = MessageStyle::default();
        assert_eq!(classic.lines("one\\ntwo", 34), vec!["one\\ntwo"], "shown as written");
        let rows = message_rows_styled("x\\ny", Some("go"), MessageStyle { align: Align::Right, breaks: true });
        assert_eq!((rows[4].trim(), rows[5].trim()), ("x", "y"), "two lines around the sixth row");
        assert!(rows[4].ends_with('x') && rows[4].chars().count() == TEXT_COLUMNS);
        assert_eq!(rows[10].trim(), "go");
        assert_eq!(message_rows_with("a b", Some("go")), message_rows_styled("a b", Some("go"), classic));
    }

    #[test]
    fn the_title_screen_says_what_each_row_shows() {
        let help = ["keys".to_owned()];
        let rows = title_screen("A title", Some("Me"), (&["Start".to_owned()], 0), (&help, 10));
        let roles: Vec<Role> = rows.iter().map(|r| r.1).collect();
        assert_eq!((roles[1], roles[2], roles[6], roles[10]), (Role::Title, Role::Author, Role::Text, Role::Keyhint));
        assert_eq!(rows[10].0, "keys", "help rows as given");
        assert_eq!(roles.iter().filter(|r| **r != Role::Text).count(), 3);
    }

    #[test]
    fn a_text_frame_is_the_font_in_the_games_colours_centred() {
        let look = Look {
            palette: crate::render::DEFAULT_PALETTE.clone(),
            background: Rgba::BLACK,
            text: Rgba::WHITE,
            images: Vec::new(),
            plus_grid: None,
            detail: 1,
            scanline: false,
        };
        let rows = message_rows("I", false);
        // At least the text grid; a bigger picture gets a whole scale.
        let small = text_frame(&look, &rows, 10, 10);
        assert_eq!((small.width, small.height), TEXT_SIZE);
        let big = text_frame(&look, &rows, TEXT_SIZE.0 * 2 + 3, TEXT_SIZE.1 * 3);
        assert_eq!((big.width, big.height), (TEXT_SIZE.0 * 2 + 3, TEXT_SIZE.1 * 3));
        let ink = |f: &Frame| f.pixels.iter().filter(|p| **p == Rgba::WHITE).count();
        // `I` has 3 + 5 + 3 = 11 inked pixels; four times that at scale 2.
        assert_eq!(ink(&small), 11);
        assert_eq!(ink(&big), 44);
        // The I's top bar in the small frame: row 5 of the grid, column 16.
        let (x, y) = (16 * CELL_WIDTH + 1, 5 * CELL_HEIGHT);
        assert_eq!(small.pixels[y * small.width + x], Rgba::WHITE);
        assert_eq!(small.pixels[y * small.width + x - 1], Rgba::BLACK);
        let title = title_rows("My Game", Some("Me"), &["Start".to_owned(), "Continue".to_owned()], 1);
        assert_eq!(title[1].trim(), "My Game");
        assert_eq!(title[2].trim(), "by Me");
        assert_eq!(title[8].trim(), "> Continue <");
    }
}
