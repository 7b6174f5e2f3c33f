//! Text screens as pictures: the title screen and message screens laid out
//! on a grid of [`TEXT_COLUMNS`] x [`TEXT_ROWS`] characters, as the
//! reference player lays them out (a message wrapped and centred around the
//! fifth row with "Press X to continue" under it), drawn with our own small
//! pixel font in the game's text and background colours. For hosts that
//! draw frames rather than widgets (GIF capture); the font is ours, made
//! for this file, 5 pixels wide and 7 tall with 2 more for descenders.

use super::{Frame, Look};

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

/// Glyph rows, top down, `#` for ink; missing rows are blank.
const GLYPHS: &[(char, &str)] = &[
    ('A', ".###./#...#/#...#/#####/#...#/#...#/#...#"),
    ('B', "####./#...#/#...#/####./#...#/#...#/####."),
    ('C', ".###./#...#/#..../#..../#..../#...#/.###."),
    ('D', "####./#...#/#...#/#...#/#...#/#...#/####."),
    ('E', "#####/#..../#..../####./#..../#..../#####"),
    ('F', "#####/#..../#..../####./#..../#..../#...."),
    ('G', ".###./#...#/#..../#.###/#...#/#...#/.####"),
    ('H', "#...#/#...#/#...#/#####/#...#/#...#/#...#"),
    ('I', ".###./..#../..#../..#../..#../..#../.###."),
    ('J', "..###/...#./...#./...#./...#./#..#./.##.."),
    ('K', "#...#/#..#./#.#../##.../#.#../#..#./#...#"),
    ('L', "#..../#..../#..../#..../#..../#..../#####"),
    ('M', "#...#/##.##/#.#.#/#.#.#/#...#/#...#/#...#"),
    ('N', "#...#/##..#/#.#.#/#..##/#...#/#...#/#...#"),
    ('O', ".###./#...#/#...#/#...#/#...#/#...#/.###."),
    ('P', "####./#...#/#...#/####./#..../#..../#...."),
    ('Q', ".###./#...#/#...#/#...#/#.#.#/#..#./.##.#"),
    ('R', "####./#...#/#...#/####./#.#../#..#./#...#"),
    ('S', ".####/#..../#..../.###./....#/....#/####."),
    ('T', "#####/..#../..#../..#../..#../..#../..#.."),
    ('U', "#...#/#...#/#...#/#...#/#...#/#...#/.###."),
    ('V', "#...#/#...#/#...#/#...#/#...#/.#.#./..#.."),
    ('W', "#...#/#...#/#...#/#.#.#/#.#.#/#.#.#/.#.#."),
    ('X', "#...#/#...#/.#.#./..#../.#.#./#...#/#...#"),
    ('Y', "#...#/#...#/.#.#./..#../..#../..#../..#.."),
    ('Z', "#####/....#/...#./..#../.#.../#..../#####"),
    ('a', "...../...../.###./....#/.####/#...#/.####"),
    ('b', "#..../#..../####./#...#/#...#/#...#/####."),
    ('c', "...../...../.###./#..../#..../#..../.###."),
    ('d', "....#/....#/.####/#...#/#...#/#...#/.####"),
    ('e', "...../...../.###./#...#/#####/#..../.###."),
    ('f', "..##./.#.../####./.#.../.#.../.#.../.#..."),
    ('g', "...../...../.####/#...#/#...#/#...#/.####/....#/.###."),
    ('h', "#..../#..../####./#...#/#...#/#...#/#...#"),
    ('i', "..#../...../.##../..#../..#../..#../.###."),
    ('j', "...#./...../..##./...#./...#./...#./...#./#..#./.##.."),
    ('k', "#..../#..../#..#./#.#../##.../#.#../#..#."),
    ('l', ".##../..#../..#../..#../..#../..#../.###."),
    ('m', "...../...../##.#./#.#.#/#.#.#/#.#.#/#.#.#"),
    ('n', "...../...../####./#...#/#...#/#...#/#...#"),
    ('o', "...../...../.###./#...#/#...#/#...#/.###."),
    ('p', "...../...../####./#...#/#...#/#...#/####./#..../#...."),
    ('q', "...../...../.####/#...#/#...#/#...#/.####/....#/....#"),
    ('r', "...../...../#.##./##..#/#..../#..../#...."),
    ('s', "...../...../.####/#..../.###./....#/####."),
    ('t', ".#.../.#.../####./.#.../.#.../.#..#/..##."),
    ('u', "...../...../#...#/#...#/#...#/#..##/.##.#"),
    ('v', "...../...../#...#/#...#/#...#/.#.#./..#.."),
    ('w', "...../...../#...#/#.#.#/#.#.#/#.#.#/.#.#."),
    ('x', "...../...../#...#/.#.#./..#../.#.#./#...#"),
    ('y', "...../...../#...#/#...#/#...#/#...#/.####/....#/.###."),
    ('z', "...../...../#####/...#./..#../.#.../#####"),
    ('0', ".###./#...#/#..##/#.#.#/##..#/#...#/.###."),
    ('1', "..#../.##../..#../..#../..#../..#../.###."),
    ('2', ".###./#...#/....#/...#./..#../.#.../#####"),
    ('3', "####./....#/....#/.###./....#/....#/####."),
    ('4', "...#./..##./.#.#./#..#./#####/...#./...#."),
    ('5', "#####/#..../####./....#/....#/#...#/.###."),
    ('6', ".###./#..../#..../####./#...#/#...#/.###."),
    ('7', "#####/....#/...#./..#../.#.../.#.../.#..."),
    ('8', ".###./#...#/#...#/.###./#...#/#...#/.###."),
    ('9', ".###./#...#/#...#/.####/....#/....#/.###."),
    (' ', ""),
    ('!', "..#../..#../..#../..#../..#../...../..#.."),
    ('"', ".#.#./.#.#."),
    ('#', ".#.#./.#.#./#####/.#.#./#####/.#.#./.#.#."),
    ('$', "..#../.####/#.#../.###./..#.#/####./..#.."),
    ('%', "##..#/##..#/...#./..#../.#.../#..##/#..##"),
    ('&', ".##../#..#./#.#../.#.../#.#.#/#..#./.##.#"),
    ('\'', "..#../..#.."),
    ('(', "...#./..#../.#.../.#.../.#.../..#../...#."),
    (')', ".#.../..#../...#./...#./...#./..#../.#..."),
    ('*', "...../..#../#.#.#/.###./#.#.#/..#../....."),
    ('+', "...../..#../..#../#####/..#../..#../....."),
    (',', "...../...../...../...../...../..#../..#../.#..."),
    ('-', "...../...../...../#####"),
    ('.', "...../...../...../...../...../...../..#.."),
    ('/', "....#/....#/...#./..#../.#.../#..../#...."),
    (':', "...../..#../...../...../...../..#../....."),
    (';', "...../..#../...../...../...../..#../..#../.#..."),
    ('<', "...#./..#../.#.../#..../.#.../..#../...#."),
    ('=', "...../...../#####/...../#####"),
    ('>', ".#.../..#../...#./....#/...#./..#../.#..."),
    ('?', ".###./#...#/....#/...#./..#../...../..#.."),
    ('@', ".###./#...#/#.###/#.#.#/#.###/#..../.###."),
    ('[', ".###./.#.../.#.../.#.../.#.../.#.../.###."),
    ('\\', "#..../#..../.#.../..#../...#./....#/....#"),
    (']', ".###./...#./...#./...#./...#./...#./.###."),
    ('^', "..#../.#.#./#...#"),
    ('_', "...../...../...../...../...../...../#####"),
    ('`', ".#.../..#.."),
    ('{', "..##./..#../..#../.#.../..#../..#../..##."),
    ('|', "..#../..#../..#../..#../..#../..#../..#.."),
    ('}', ".##../..#../..#../...#./..#../..#../.##.."),
    ('~', "...../...../.#.../#.#.#/...#."),
];

/// What a character without a glyph of its own is drawn as: a box.
const MISSING: &str = "#####/#...#/#...#/#...#/#...#/#...#/#####";

/// The ink of `c`: 9 rows of 5 bits (bit 4 the left column).
#[must_use]
pub fn glyph(c: char) -> [u8; 9] {
    let art = GLYPHS.iter().find(|(g, _)| *g == c).map_or(MISSING, |(_, art)| *art);
    let mut rows = [0u8; 9];
    for (row, line) in rows.iter_mut().zip(art.split('/').filter(|_| !art.is_empty())) {
        *row = line.bytes().take(5).fold(0, |acc, b| (acc << 1) | u8::from(b == b'#'));
    }
    rows
}

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
    let mut rows = vec![String::new(); TEXT_ROWS];
    let lines = wrap(message.trim(), TEXT_COLUMNS);
    let count = lines.len().min(TEXT_ROWS - 1);
    let top = 5usize.saturating_sub(count / 2);
    for (i, line) in lines.iter().take(count).enumerate() {
        if let Some(row) = rows.get_mut(top + i) {
            *row = centred(line);
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
    let mut rows = vec![String::new(); TEXT_ROWS];
    let mut at = 1;
    for line in wrap(title, TEXT_COLUMNS).iter().take(3) {
        rows[at] = centred(line);
        at += 1;
    }
    if let Some(author) = author.filter(|a| !a.trim().is_empty()) {
        for line in wrap(&format!("by {}", author.trim()), TEXT_COLUMNS).iter().take(1) {
            rows[at] = centred(line);
        }
    }
    let shown = choices.len().min(3);
    for (i, choice) in choices.iter().take(shown).enumerate() {
        let label = if i == selected && choices.len() > 1 { format!("> {choice} <") } else { choice.clone() };
        rows[choice_row(i, shown)] = centred(&label);
    }
    rows[11] = centred(help[0]);
    rows[12] = centred(help[1]);
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
    let (tw, th) = TEXT_SIZE;
    let (width, height) = (width.max(tw), height.max(th));
    let scale = (width / tw).min(height / th).max(1);
    let mut pixels = vec![look.background; width * height];
    let x0 = (width - tw * scale) / 2;
    let y0 = (height - th * scale) / 2;
    for (r, row) in rows.iter().take(TEXT_ROWS).enumerate() {
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
                        pixels[start..start + scale].fill(look.text);
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
    fn every_printable_ascii_character_has_its_own_glyph() {
        for c in (b' '..=b'~').map(char::from) {
            assert!(GLYPHS.iter().any(|(g, _)| *g == c), "no glyph for {c:?}");
        }
        for (c, art) in GLYPHS {
            let rows: Vec<&str> = art.split('/').filter(|_| !art.is_empty()).collect();
            assert!(rows.len() <= 9, "{c:?} is too tall");
            assert!(rows.iter().all(|r| r.len() == 5 && r.bytes().all(|b| b == b'#' || b == b'.')), "{c:?}: {art}");
        }
        assert_eq!(glyph(' '), [0; 9]);
        assert_ne!(glyph('A'), glyph('B'));
        assert_eq!(glyph('é'), glyph('\u{1}'), "unknown characters share the box");
        assert_eq!(glyph('I')[0], 0b01110);
    }

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
