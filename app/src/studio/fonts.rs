//! Fallback fonts from the system, so games written in Chinese, Japanese,
//! Korean (and other scripts egui's built-in fonts lack) show their text
//! in the editor and the player instead of boxes.
//!
//! egui ships fonts for Latin, Greek, Cyrillic and emoji only. We look for
//! well-known system fonts with wide coverage and add the first few found
//! after egui's own, so they are used only for characters egui's lack.

use std::path::{Path, PathBuf};

/// Fonts worth trying, most useful first: CJK families on Linux, macOS and
/// Windows, then broad-coverage fallbacks.
const CANDIDATES: &[&str] = &[
    "/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc",
    "/usr/share/fonts/noto-cjk/NotoSansCJK-Regular.ttc",
    "/usr/share/fonts/google-noto-cjk/NotoSansCJK-Regular.ttc",
    "/usr/share/fonts/truetype/noto/NotoSansCJK-Regular.ttc",
    "/usr/share/fonts/truetype/wqy/wqy-microhei.ttc",
    "/usr/share/fonts/wenquanyi/wqy-microhei/wqy-microhei.ttc",
    "/usr/share/fonts/truetype/wqy/wqy-zenhei.ttc",
    "/usr/share/fonts/truetype/droid/DroidSansFallbackFull.ttf",
    "/usr/share/fonts/truetype/arphic/uming.ttc",
    "/System/Library/Fonts/PingFang.ttc",
    "/System/Library/Fonts/Hiragino Sans GB.ttc",
    "/System/Library/Fonts/AppleSDGothicNeo.ttc",
    "C:\\Windows\\Fonts\\msyh.ttc",
    "C:\\Windows\\Fonts\\YuGothM.ttc",
    "C:\\Windows\\Fonts\\malgun.ttf",
    "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf",
];

/// At most this many fallback fonts are loaded (each can be large).
const MAX_FONTS: usize = 3;

/// The candidate fonts that exist, read into memory: (name, bytes).
#[must_use]
pub fn find_fallbacks(candidates: &[PathBuf]) -> Vec<(String, Vec<u8>)> {
    candidates
        .iter()
        .filter(|p| p.is_file())
        .filter_map(|p| {
            let bytes = std::fs::read(p).ok()?;
            let name = p.file_name().map_or_else(|| "fallback".to_owned(), |n| n.to_string_lossy().into_owned());
            Some((name, bytes))
        })
        .take(MAX_FONTS)
        .collect()
}

/// Add the system's fallback fonts behind egui's own in every family.
pub fn install(ctx: &egui::Context) {
    let candidates: Vec<PathBuf> = CANDIDATES.iter().map(|p| Path::new(p).to_path_buf()).collect();
    let found = find_fallbacks(&candidates);
    if found.is_empty() {
        return;
    }
    let mut fonts = egui::FontDefinitions::default();
    for (name, bytes) in found {
        fonts.font_data.insert(name.clone(), std::sync::Arc::new(egui::FontData::from_owned(bytes)));
        for family in [egui::FontFamily::Proportional, egui::FontFamily::Monospace] {
            fonts.families.entry(family).or_default().push(name.clone());
        }
    }
    ctx.set_fonts(fonts);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_existing_fonts_are_read_and_at_most_a_few() {
        let dir = std::env::temp_dir().join(format!("puzzlewright-fonts-{}", std::process::id()));
        std::fs::create_dir_all(&dir).expect("temp dir");
        let mut paths = vec![dir.join("missing.ttf")];
        for k in 0..5 {
            let p = dir.join(format!("f{k}.ttf"));
            std::fs::write(&p, [k as u8; 4]).expect("write");
            paths.push(p);
        }
        let found = find_fallbacks(&paths);
        assert_eq!(found.len(), MAX_FONTS);
        assert_eq!(found[0], ("f0.ttf".to_owned(), vec![0u8; 4]));
        let _ = std::fs::remove_dir_all(&dir);
    }
}
