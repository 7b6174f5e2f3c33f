//! Fallback fonts from the system, found when a character needs one, so
//! games written in Japanese, Chinese, Korean, Thai, Hebrew… (and any other
//! script egui's built-in fonts lack) show their text in the editor, the
//! panels and the player instead of boxes.
//!
//! egui ships fonts for Latin, Greek, Cyrillic and emoji only, and asks its
//! font providers for a font when it meets a character none of its fonts
//! has ([`egui::epaint::text::FontProvider`]). [`SystemFonts`] answers: the
//! first time it is asked it lists the font files of the platform's font
//! folders (names only); it then reads the character map of one file after
//! another, most useful first, until one has the character, and hands egui
//! that one face. Nothing is read at start-up, a game in Latin letters reads
//! no font at all, and only faces that draw a character the game uses are
//! ever loaded. egui remembers each answer (also "none") per character.

use std::collections::HashMap;
use std::io::{Read as _, Seek as _, SeekFrom};
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};

use egui::epaint::text::{FallbackRequest, FontInsert, FontProvider, InsertFontFamily};
use egui::{FontData, FontFamily, FontPriority};

/// At most this many font files are listed (a folder of fonts without end
/// must not stall the first lookup).
const MAX_FILES: usize = 20_000;
/// Folders deeper than this below a font folder are not searched.
const MAX_DEPTH: usize = 6;
/// A character map larger than this is not read (no real one comes close).
const MAX_CMAP_BYTES: u32 = 16 << 20;

/// The folders where the platform keeps its fonts, system-wide and the user's.
#[must_use]
pub fn platform_font_dirs() -> Vec<PathBuf> {
    let mut dirs: Vec<PathBuf> = Vec::new();
    let home = std::env::var_os("HOME").map(PathBuf::from);
    if cfg!(target_os = "windows") {
        let windir = std::env::var_os("WINDIR").map_or_else(|| PathBuf::from("C:\\Windows"), PathBuf::from);
        dirs.push(windir.join("Fonts"));
        if let Some(local) = std::env::var_os("LOCALAPPDATA") {
            dirs.push(PathBuf::from(local).join("Microsoft").join("Windows").join("Fonts"));
        }
    } else if cfg!(target_os = "macos") {
        dirs.extend(["/System/Library/Fonts", "/Library/Fonts"].map(PathBuf::from));
        dirs.extend(home.iter().map(|h| h.join("Library/Fonts")));
    } else {
        let data_home = std::env::var_os("XDG_DATA_HOME")
            .map(PathBuf::from)
            .or_else(|| home.as_ref().map(|h| h.join(".local/share")));
        dirs.extend(data_home.map(|d| d.join("fonts")));
        dirs.extend(home.iter().map(|h| h.join(".fonts")));
        let data_dirs = std::env::var("XDG_DATA_DIRS").unwrap_or_default();
        let data_dirs: Vec<&str> = data_dirs.split(':').filter(|d| !d.is_empty()).collect();
        let data_dirs = if data_dirs.is_empty() { vec!["/usr/local/share", "/usr/share"] } else { data_dirs };
        dirs.extend(data_dirs.iter().map(|d| Path::new(d).join("fonts")));
    }
    let mut seen = std::collections::HashSet::new();
    dirs.retain(|d| seen.insert(d.clone()));
    dirs
}

/// One face of a font file, and the characters it has once its map is read.
struct Face {
    path: PathBuf,
    /// The face's index in a collection (`.ttc`), else 0.
    index: u32,
    /// Sorted, disjoint ranges of the characters it maps (inclusive);
    /// `None` until read.
    coverage: Option<Vec<(u32, u32)>>,
}

impl Face {
    fn has(&mut self, c: char) -> bool {
        let coverage = self.coverage.get_or_insert_with(|| read_coverage(&self.path, self.index).unwrap_or_default());
        let c = u32::from(c);
        let at = coverage.partition_point(|&(_, end)| end < c);
        coverage.get(at).is_some_and(|&(start, _)| start <= c)
    }
}

/// The system's fonts as a font provider for egui (see the module's notes).
pub struct SystemFonts {
    dirs: Vec<PathBuf>,
    state: Mutex<State>,
}

#[derive(Default)]
struct State {
    /// Every face found, most useful first; `None` until the folders are listed.
    faces: Option<Vec<Face>>,
    /// The files already read whole, shared by the faces and families using them.
    files: HashMap<PathBuf, egui::epaint::text::Blob>,
}

impl SystemFonts {
    /// Fonts from these folders (searched below, in this order of trust).
    #[must_use]
    pub fn new(dirs: Vec<PathBuf>) -> Self {
        Self { dirs, state: Mutex::new(State::default()) }
    }

    /// The platform's font folders ([`platform_font_dirs`]).
    #[must_use]
    pub fn platform() -> Self {
        Self::new(platform_font_dirs())
    }

    /// The file and face that draw `c`, if any font in the folders has it.
    #[must_use]
    pub fn face_for(&self, c: char) -> Option<(PathBuf, u32)> {
        let mut state = self.state.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
        let faces = state.faces.get_or_insert_with(|| list_faces(&self.dirs));
        faces.iter_mut().find_map(|f| f.has(c).then(|| (f.path.clone(), f.index)))
    }

    /// How many faces have had their character map read so far.
    #[must_use]
    pub fn maps_read(&self) -> usize {
        let state = self.state.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
        state.faces.as_ref().map_or(0, |faces| faces.iter().filter(|f| f.coverage.is_some()).count())
    }

    /// How many files have been read whole (to be drawn with).
    #[must_use]
    pub fn files_loaded(&self) -> usize {
        self.state.lock().unwrap_or_else(std::sync::PoisonError::into_inner).files.len()
    }

    fn load(&self, path: &Path) -> Option<egui::epaint::text::Blob> {
        let mut state = self.state.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
        if let Some(blob) = state.files.get(path) {
            return Some(blob.clone());
        }
        let blob: egui::epaint::text::Blob = Arc::new(std::fs::read(path).ok()?);
        state.files.insert(path.to_path_buf(), blob.clone());
        Some(blob)
    }
}

impl FontProvider for SystemFonts {
    fn font_for(&self, request: &FallbackRequest<'_>) -> Option<FontInsert> {
        let c = request.cluster.chars().next()?;
        let (path, index) = self.face_for(c)?;
        let blob = self.load(&path)?;
        let file = path.file_name().map_or_else(|| "font".to_owned(), |n| n.to_string_lossy().into_owned());
        // One name per face: both families share the face egui makes of it.
        let name = format!("system:{file}#{index}");
        let families = [FontFamily::Proportional, FontFamily::Monospace]
            .map(|family| InsertFontFamily { family, priority: FontPriority::Lowest })
            .to_vec();
        Some(FontInsert::new(&name, FontData::from_blob(blob, index), families))
    }
}

/// Let egui find fallback fonts among the system's when it meets a
/// character its own fonts lack. Reads nothing now.
pub fn install(ctx: &egui::Context) {
    ctx.add_font_provider(Arc::new(SystemFonts::platform()));
}

/// How likely a font file is to be the right fallback, lower first: fonts
/// made to cover many scripts, then plain upright sans faces, then the rest.
fn rank(path: &Path) -> u32 {
    let name = path.file_name().map(|n| n.to_string_lossy().to_lowercase()).unwrap_or_default();
    let mut rank = 50;
    for (word, score) in [
        ("notosanscjk", 0),
        ("sourcehansans", 0),
        ("droidsansfallback", 1),
        ("wqy-microhei", 2),
        ("pingfang", 2),
        ("hiragino", 3),
        ("msyh", 3),
        ("yugoth", 3),
        ("malgun", 3),
        ("notosans", 10),
        ("dejavusans", 20),
    ] {
        if name.contains(word) {
            rank = rank.min(score);
        }
    }
    for (word, penalty) in [
        ("bold", 100),
        ("italic", 100),
        ("oblique", 100),
        ("light", 100),
        ("thin", 100),
        ("condensed", 60),
        ("mono", 40),
        ("serif", 30),
        ("math", 200),
        ("color", 200),
        ("emoji", 200),
    ] {
        if name.contains(word) {
            rank += penalty;
        }
    }
    rank
}

/// Every face of every font file below `dirs`, most useful first. Reads
/// only the first bytes of collections (to count their faces).
fn list_faces(dirs: &[PathBuf]) -> Vec<Face> {
    let mut files = Vec::new();
    for dir in dirs {
        walk(dir, 0, &mut files);
    }
    files.sort_by_key(|p| rank(p));
    let mut faces = Vec::new();
    for path in files {
        let count = if is_collection(&path) { collection_size(&path).unwrap_or(0) } else { 1 };
        faces.extend((0..count.min(64)).map(|index| Face { path: path.clone(), index, coverage: None }));
    }
    faces
}

fn is_collection(path: &Path) -> bool {
    path.extension().is_some_and(|e| e.eq_ignore_ascii_case("ttc") || e.eq_ignore_ascii_case("otc"))
}

fn walk(dir: &Path, depth: usize, out: &mut Vec<PathBuf>) {
    if depth > MAX_DEPTH || out.len() >= MAX_FILES {
        return;
    }
    let Ok(entries) = std::fs::read_dir(dir) else { return };
    let mut entries: Vec<PathBuf> = entries.filter_map(|e| e.ok().map(|e| e.path())).collect();
    entries.sort();
    for path in entries {
        if out.len() >= MAX_FILES {
            return;
        }
        if path.is_dir() {
            walk(&path, depth + 1, out);
        } else if path
            .extension()
            .is_some_and(|e| ["ttf", "otf", "ttc", "otc"].iter().any(|x| e.eq_ignore_ascii_case(x)))
        {
            out.push(path);
        }
    }
}

fn read_at(file: &mut std::fs::File, offset: u64, len: usize) -> Option<Vec<u8>> {
    file.seek(SeekFrom::Start(offset)).ok()?;
    let mut buf = vec![0; len];
    file.read_exact(&mut buf).ok()?;
    Some(buf)
}

fn be_u32(b: &[u8], at: usize) -> Option<u32> {
    Some(u32::from_be_bytes(b.get(at..at + 4)?.try_into().ok()?))
}

fn be_u16(b: &[u8], at: usize) -> Option<u16> {
    Some(u16::from_be_bytes(b.get(at..at + 2)?.try_into().ok()?))
}

/// How many faces a `.ttc` holds.
fn collection_size(path: &Path) -> Option<u32> {
    let mut file = std::fs::File::open(path).ok()?;
    let head = read_at(&mut file, 0, 12)?;
    (head.get(..4)? == b"ttcf").then(|| be_u32(&head, 8)).flatten()
}

/// The characters face `index` of the font file at `path` maps to a glyph,
/// as sorted inclusive ranges. Reads the file's table directory and its
/// character map only, never the whole file.
fn read_coverage(path: &Path, index: u32) -> Option<Vec<(u32, u32)>> {
    use read_fonts::FontRead as _;
    let mut file = std::fs::File::open(path).ok()?;
    let head = read_at(&mut file, 0, 12)?;
    let face_offset = if head.get(..4)? == b"ttcf" {
        let at = 12 + 4 * u64::from(index);
        be_u32(&read_at(&mut file, at, 4)?, 0)?
    } else {
        0
    };
    let header = read_at(&mut file, u64::from(face_offset), 12)?;
    let tables = be_u16(&header, 4)?;
    let directory = read_at(&mut file, u64::from(face_offset) + 12, usize::from(tables) * 16)?;
    let (offset, length) = directory
        .chunks_exact(16)
        .find(|record| &record[..4] == b"cmap")
        .and_then(|record| Some((be_u32(record, 8)?, be_u32(record, 12)?)))?;
    if length > MAX_CMAP_BYTES {
        return None;
    }
    let bytes = read_at(&mut file, u64::from(offset), usize::try_from(length).ok()?)?;
    let cmap = read_fonts::tables::cmap::Cmap::read(read_fonts::FontData::new(&bytes)).ok()?;
    let (_, _, subtable) = cmap.best_subtable()?;
    let limits = read_fonts::tables::cmap::CmapIterLimits { max_char: 0x10_FFFF, glyph_count: u32::MAX };
    let mut chars: Vec<u32> =
        subtable.iter_with_limits(limits).filter(|(_, g)| g.to_u32() != 0).map(|(c, _)| c).collect();
    chars.sort_unstable();
    let mut ranges: Vec<(u32, u32)> = Vec::new();
    for c in chars {
        match ranges.last_mut() {
            Some((_, end)) if c <= end.saturating_add(1) => *end = (*end).max(c),
            _ => ranges.push((c, c)),
        }
    }
    Some(ranges)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_fallback_names_come_before_styles_and_symbols() {
        let order = |names: &[&str]| {
            let mut paths: Vec<PathBuf> = names.iter().map(PathBuf::from).collect();
            paths.sort_by_key(|p| rank(p));
            paths.iter().map(|p| p.display().to_string()).collect::<Vec<_>>()
        };
        assert_eq!(
            order(&["DejaVuSans-Bold.ttf", "DejaVuMathTeXGyre.ttf", "DejaVuSans.ttf", "DroidSansFallbackFull.ttf"]),
            ["DroidSansFallbackFull.ttf", "DejaVuSans.ttf", "DejaVuSans-Bold.ttf", "DejaVuMathTeXGyre.ttf"]
        );
    }

    #[test]
    fn a_folder_without_fonts_finds_nothing_and_a_broken_file_is_skipped() {
        let dir = std::env::temp_dir().join(format!("puzzlewright-fonts-{}", std::process::id()));
        std::fs::create_dir_all(dir.join("sub")).expect("temp dir");
        std::fs::write(dir.join("sub").join("broken.ttf"), b"not a font").expect("write");
        std::fs::write(dir.join("broken.ttc"), b"ttcf\0\0\0\0\0\0\0\x02").expect("write");
        let fonts = SystemFonts::new(vec![dir.clone(), dir.join("missing")]);
        assert_eq!(fonts.face_for('あ'), None);
        assert_eq!(fonts.files_loaded(), 0, "nothing is read whole for a character no font has");
        let _ = std::fs::remove_dir_all(&dir);
    }
}
