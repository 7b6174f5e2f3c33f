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
    serde_json::Value::from(text)
        .to_string()
        .replace('<', "\\u003c")
        .replace('\u{2028}', "\\u2028")
        .replace('\u{2029}', "\\u2029")
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
}
