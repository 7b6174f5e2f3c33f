//! One-file HTML: the game, the engine compiled to WebAssembly (the
//! `web-player` crate, built by `app/build.rs` and carried inside this
//! program) and a short script of ours (`packaging/web-player/page/`), in a
//! single page that plays from `file://` with no network.

use anyhow::bail;
use base64::Engine as _;

/// The web player for `wasm32-unknown-unknown`; empty when this program
/// was built without the wasm target.
pub const PLAYER_WASM: &[u8] = include_bytes!(concat!(env!("OUT_DIR"), "/web_player.wasm"));
const TEMPLATE: &str = include_str!("../../../../packaging/web-player/page/player.html");
const SCRIPT: &str = include_str!("../../../../packaging/web-player/page/player.js");

/// Whether this program can export HTML (it carries the web player).
#[must_use]
pub fn available() -> bool {
    PLAYER_WASM.starts_with(b"\0asm")
}

/// Text for inside a `<script>` element: JSON with every `<` escaped, so
/// no `</script>` or `<!--` in the game can end or bend the element.
fn script_json(text: &str) -> String {
    script_value(&serde_json::Value::from(text))
}

/// [`script_json`] for any JSON value.
fn script_value(value: &serde_json::Value) -> String {
    value.to_string().replace('<', "\\u003c").replace('\u{2028}', "\\u2028").replace('\u{2029}', "\\u2029")
}

/// The web player zlib-compressed (the page inflates it with
/// `DecompressionStream("deflate")`): a third of its size.
fn compressed_player() -> Vec<u8> {
    use std::io::Write as _;
    let mut encoder = flate2::write::ZlibEncoder::new(Vec::new(), flate2::Compression::best());
    // Writing to a Vec cannot fail.
    let _ = encoder.write_all(PLAYER_WASM);
    encoder.finish().unwrap_or_default()
}

/// The address a prelude's `homepage` links to: `http(s)://` addresses as
/// written, a bare `example.com/game` as `https://`; `None` for anything
/// else (another scheme such as `javascript:`, spaces, control characters).
#[must_use]
pub fn homepage_url(homepage: &str) -> Option<String> {
    let text = homepage.trim();
    if text.is_empty() || text.chars().any(|c| c.is_whitespace() || c.is_control()) {
        return None;
    }
    let lower = text.to_ascii_lowercase();
    if lower.starts_with("http://") || lower.starts_with("https://") {
        return Some(text.to_owned());
    }
    // Something before a colon that could be a scheme is one we do not link.
    let scheme = text.split_once(':').map(|(s, _)| s);
    if scheme.is_some_and(|s| {
        !s.is_empty() && s.chars().all(|c| c.is_ascii_alphanumeric() || "+-.".contains(c)) && !s.contains('.')
    }) {
        return None;
    }
    if text.starts_with('/') || text.starts_with('.') {
        return None;
    }
    Some(format!("https://{text}"))
}

fn html_escape(text: &str) -> String {
    text.replace('&', "&amp;").replace('<', "&lt;").replace('>', "&gt;").replace('"', "&quot;")
}

/// The page for `source`.
///
/// # Errors
/// When the game cannot be played, or this program carries no web player.
pub fn page(source: &str) -> anyhow::Result<String> {
    let game = super::playable_game(source)?;
    if !available() {
        bail!(
            "this build of Puzzlewright cannot export HTML: it was built without the WebAssembly target; \
             run `rustup target add wasm32-unknown-unknown` and build it again"
        );
    }
    let title = game.metadata.title.clone().unwrap_or_else(|| "A PuzzleScript game".to_owned());
    let wasm = base64::engine::general_purpose::STANDARD.encode(compressed_player());
    let homepage = game.metadata.homepage.as_deref().and_then(homepage_url);
    let link = homepage.as_deref().map_or_else(String::new, |url| {
        let shown = url.strip_prefix("https://").or_else(|| url.strip_prefix("http://")).unwrap_or(url);
        format!(
            "<a id=\"pw-homepage\" href=\"{}\" target=\"_blank\" rel=\"noopener\">{}</a>",
            html_escape(url),
            html_escape(shown.trim_end_matches('/'))
        )
    });
    // What the script keys the saved progress by: two games with one title
    // but another author or homepage keep their own progress.
    let meta = serde_json::json!({
        "title": title,
        "author": game.metadata.author.clone().unwrap_or_default(),
        "homepage": game.metadata.homepage.clone().unwrap_or_default(),
    });
    let mut out = String::with_capacity(TEMPLATE.len() + SCRIPT.len() + wasm.len() + source.len() * 2);
    // The template's markers are replaced in one pass, so text inside the
    // game can never be taken for a marker.
    let mut rest = TEMPLATE;
    while let Some(start) = rest.find("{{") {
        out.push_str(&rest[..start]);
        let Some(len) = rest[start..].find("}}") else { break };
        let key = &rest[start + 2..start + len];
        match key {
            "TITLE" => out.push_str(&html_escape(&title)),
            "GAME" => out.push_str(&script_json(source)),
            "META" => out.push_str(&script_value(&meta)),
            "HOMEPAGE" => out.push_str(&link),
            "WASM" => out.push_str(&wasm),
            "SCRIPT" => out.push_str(SCRIPT),
            other => bail!("the page template has an unknown marker {{{{{other}}}}}"),
        }
        rest = &rest[start + len + 2..];
    }
    out.push_str(rest);
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_page_of_a_game_is_at_most_500_kb_and_carries_the_whole_player() {
        if !available() {
            eprintln!("this build carries no web player");
            return;
        }
        let source = include_str!("../../../../examples/sokoban_garden.txt");
        let page = page(source).expect("a page");
        assert!(page.len() <= 500_000, "the page is {} bytes", page.len());
        // What the page inflates is the player, byte for byte.
        let packed = compressed_player();
        let mut inflated = Vec::new();
        std::io::Read::read_to_end(&mut flate2::read::ZlibDecoder::new(packed.as_slice()), &mut inflated)
            .expect("inflates");
        assert_eq!(inflated, PLAYER_WASM);
        assert!(page.contains(&base64::engine::general_purpose::STANDARD.encode(&packed)));
    }

    #[test]
    fn game_text_cannot_break_out_of_its_script() {
        let json = script_json("a</script><!-- \"b\"\u{2028}");
        assert!(!json.contains('<'), "{json}");
        let back: String = serde_json::from_str(&json).expect("still JSON");
        assert_eq!(back, "a</script><!-- \"b\"\u{2028}");
        assert_eq!(html_escape("<a & \"b\">"), "&lt;a &amp; &quot;b&quot;&gt;");
    }

    #[test]
    fn the_homepage_is_linked_only_as_a_web_address() {
        assert_eq!(homepage_url("https://example.com/g").as_deref(), Some("https://example.com/g"));
        assert_eq!(homepage_url(" HTTP://example.com ").as_deref(), Some("HTTP://example.com"));
        assert_eq!(homepage_url("www.increpare.com").as_deref(), Some("https://www.increpare.com"));
        assert_eq!(homepage_url("example.com:8080/x").as_deref(), Some("https://example.com:8080/x"));
        for bad in ["javascript:alert(1)", "data:text/html,x", "a b.com", "", "/etc/passwd", "file:///x", "x\u{7}.com"]
        {
            assert_eq!(homepage_url(bad), None, "{bad}");
        }
    }

    #[test]
    fn the_page_shows_the_title_as_a_heading_and_links_the_homepage() {
        if !available() {
            eprintln!("this build carries no web player");
            return;
        }
        let source = include_str!("../../../../examples/sokoban_garden.txt")
            .replace("homepage puzzlewright.invalid", "homepage example.com/<garden>");
        let page = page(&source).expect("a page");
        assert!(page.contains("<h1 id=\"pw-heading\">"), "a heading");
        assert!(
            page.contains("<a id=\"pw-homepage\" href=\"https://example.com/&lt;garden&gt;\""),
            "the homepage, escaped"
        );
        assert!(page.contains("\"homepage\":\"example.com/\\u003cgarden>\""), "the key's homepage in the meta");
        let none = page_of_homepage("javascript:alert(1)");
        assert!(!none.contains("pw-homepage\""), "no link for another scheme");
    }

    fn page_of_homepage(homepage: &str) -> String {
        let source = include_str!("../../../../examples/sokoban_garden.txt")
            .replace("homepage puzzlewright.invalid", &format!("homepage {homepage}"));
        page(&source).expect("a page")
    }
}
