//! Writing JSON strings, for the few JSON texts the engine's hosts share
//! (saved test cases, the web player's answers): the engine has no JSON
//! dependency, and one escaping routine keeps them all valid.

use std::fmt::Write as _;

/// Append `s` to `out` as a JSON string (quoted, escaped; U+2028 and
/// U+2029 escaped too so the text is also valid JavaScript).
pub fn write_string(out: &mut String, s: &str) {
    out.reserve(s.len() + 2);
    out.push('"');
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            c if (c as u32) < 0x20 || c == '\u{2028}' || c == '\u{2029}' => {
                let _ = write!(out, "\\u{:04x}", c as u32);
            }
            c => out.push(c),
        }
    }
    out.push('"');
}

/// `s` as a JSON string.
#[must_use]
pub fn string(s: &str) -> String {
    let mut out = String::new();
    write_string(&mut out, s);
    out
}

#[cfg(test)]
mod tests {
    use super::string;

    #[test]
    fn strings_are_quoted_and_escaped() {
        assert_eq!(string("a\"b\\c\nd\te\r"), r#""a\"b\\c\nd\te\r""#);
        assert_eq!(string("\u{1}\u{2028}é"), "\"\\u0001\\u2028é\"");
        let back: String = serde_json::from_str(&string("x\u{7}\u{2029}\"")).expect("valid JSON");
        assert_eq!(back, "x\u{7}\u{2029}\"");
    }
}
