//! Message text broken into screen lines the way the web player breaks
//! it, and the message screen's size. Below `check` (which warns about a
//! message too long for the screen) and `render` (which draws it).

/// Width of the message screen in characters.
pub const MESSAGE_COLUMNS: usize = 34;
/// Lines of text the message screen can show.
pub const MESSAGE_ROWS: usize = 12;

/// Break `text` into screen lines of at most `width` characters the way the
/// web player does: each line is the longest run that ends at a space or
/// at the end of the text (the space is dropped); a word longer than the
/// line is cut.
#[must_use]
pub fn wrap_message(text: &str, width: usize) -> Vec<String> {
    let chars: Vec<char> = text.chars().collect();
    let mut lines = Vec::new();
    wrap_lines(&chars, width.max(1), char::is_whitespace, |pos, take| {
        lines.push(chars[pos..pos + take].iter().collect())
    });
    lines
}

/// How many lines [`wrap_message`] gives `text` at `width`, worked out
/// without building them (the checks only count them, on every build).
#[must_use]
pub fn wrap_count(text: &str, width: usize) -> usize {
    let width = width.max(1);
    if text.len() <= width {
        // At most `width` characters: one line, or none.
        return usize::from(!text.is_empty());
    }
    let mut lines = 0;
    if text.is_ascii() {
        wrap_lines(text.as_bytes(), width, |b| char::from(b).is_whitespace(), |_, _| lines += 1);
    } else {
        let chars: Vec<char> = text.chars().collect();
        wrap_lines(&chars, width, char::is_whitespace, |_, _| lines += 1);
    }
    lines
}

/// [`wrap_message`]'s breaking of `chars` into lines of at most `width`
/// (at least 1): `line(start, length)` for each line, in order.
fn wrap_lines<T: Copy>(chars: &[T], width: usize, is_ws: impl Fn(T) -> bool, mut line: impl FnMut(usize, usize)) {
    let n = chars.len();
    let mut pos = 0;
    while pos < n {
        let max = width.min(n - pos);
        let fit = (1..=max).rev().find(|&k| pos + k == n || is_ws(chars[pos + k]));
        let (take, skip) = match fit {
            Some(k) if pos + k == n => (k, 0),
            Some(k) => (k, 1),
            None if n - pos >= width => (width, 0),
            None => (n - pos, 0),
        };
        line(pos, take);
        pos += take + skip;
    }
}

#[cfg(test)]
mod tests {
    use super::{wrap_count, wrap_message};

    #[test]
    fn the_count_is_the_number_of_wrapped_lines() {
        let texts = [
            "",
            " ",
            "a",
            "aaa bbb ccc",
            "abcdefghij",
            "ab cd",
            "  leading and trailing spaces   ",
            "a very long message that goes on and on past the width of the message box, several times over",
            "averyveryveryveryveryveryverylongwordwithnospacesatallinsideitwhatsoever and then more",
            "tabs\tand\nnew lines\x0bvertical tab \u{a0}no-break space",
            "é ü ß çà é ü ß çà é ü ß çà é ü ß çà é ü ß çà é ü ß çà é ü ß çà",
            "ééééééééééééééééééééééééééééééééééééééééééé",
        ];
        for text in texts {
            for width in [0, 1, 3, 4, 5, 7, 10, 34] {
                assert_eq!(wrap_count(text, width), wrap_message(text, width).len(), "{text:?} at {width}");
            }
        }
    }

    #[test]
    fn wraps_at_spaces_and_cuts_long_words() {
        assert_eq!(wrap_message("aaa bbb ccc", 7), vec!["aaa bbb", "ccc"]);
        assert_eq!(wrap_message("abcdefghij", 4), vec!["abcd", "efgh", "ij"]);
        assert_eq!(wrap_message("", 4), Vec::<String>::new());
        assert_eq!(wrap_message("ab cd", 5), vec!["ab cd"]);
    }
}
