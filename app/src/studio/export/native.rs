//! Native executables: a copy of this very program with the game's text
//! attached, which opens straight into the game when it starts.
//!
//! What a player downloads is the program the loader maps, without the
//! tables only a debugger reads. The studio's own binary keeps its debug
//! line tables for readable backtraces (126.2 MB from `cargo build
//! --release`, 56.6 MB from the dev build); an export from it is 19.6 MB
//! and 24.0 MB, what `strip` would leave (figures in docs/exports.md;
//! app/build.rs links the dev build tighter to stay under 25 MB):
//!
//! - ELF (Linux): [`elf::with_game`] writes the loaded image byte for byte,
//!   without `.debug_*`, `.symtab` and `.strtab`, with the game text in a
//!   section of its own, `.puzzlewright.game`. The loader never maps it and
//!   `strip` keeps it, so a stripped export still plays its game.
//! - Other formats (a Windows `.exe`): the file as it is, followed by the
//!   game text and a 16-byte trailer: the text's length (u64, little
//!   endian) and the magic `PZWGAME1`. Executables ignore bytes after their
//!   image, so the copy runs as the original does. The Windows zip's exe is
//!   already stripped (packaging/windows/zip.sh), so its exports are small.
//!
//! Every export also has [`MARK`], a few bytes in the read-only data, set
//! to say "exported". At start-up `main` asks [`embedded_game`]: a game
//! found plays in a window of its own ([`crate::standalone`]); no game but
//! the mark set (the trailer cut off by a `strip`, the section removed) is
//! an error that says so, never the studio.
//!
//! It is the studio binary itself because that is the only program an
//! installed studio has with the player, the renderer and the sound output
//! in it: a separate player binary would have to be built and shipped
//! beside it (doubling the build of the GUI stack) for little gain in
//! size, since both are mostly the same GUI libraries. So an export targets
//! the platform the studio runs on, and only that one.

mod elf;

use std::io::{Read as _, Seek as _, SeekFrom};
use std::path::Path;

use anyhow::{Context as _, bail};

pub use elf::GAME_SECTION;

/// The last 8 bytes of an exported executable.
pub const MAGIC: &[u8; 8] = b"PZWGAME1";
/// Length field and magic.
const TRAILER: usize = 16;
/// No game text is this long (the largest corpus game is 40 KB).
pub const MAX_GAME_BYTES: u64 = 16 << 20;

/// Bytes in this program's read-only data that say whether it is the
/// studio or an exported game: [`with_game`] rewrites them in its copy.
/// They are read through `black_box` so that the compiler never copies
/// them into the code, and are found in the file by their value.
static MARK: [u8; 32] = *b"puzzlewright:the-studio-itself..";
/// How many bytes of [`MARK`] stay the same in an export.
const MARK_PREFIX: usize = 13;
/// The rest of [`MARK`] in an export.
const EXPORTED: &[u8; 19] = b"an-exported-game!!!";

/// Whether this very program is an exported game (its [`MARK`] says so),
/// whether or not the game is still inside it.
#[must_use]
pub fn marked_as_export() -> bool {
    std::hint::black_box(&MARK)[MARK_PREFIX..] == EXPORTED[..]
}

/// Set the mark of `binary` (a copy of this program) to "exported"; false
/// when it has no studio mark (another program, or one already exported).
fn mark_as_export(binary: &mut [u8]) -> bool {
    let studio = *std::hint::black_box(&MARK);
    let mut found = binary.windows(studio.len()).enumerate().filter(|(_, w)| *w == studio).map(|(at, _)| at);
    match (found.next(), found.next()) {
        (Some(at), None) => {
            binary[at + MARK_PREFIX..at + studio.len()].copy_from_slice(EXPORTED);
            true
        }
        _ => false,
    }
}

/// `binary` (a player executable, with or without a game) carrying
/// `source` instead: as an ELF file without its debug tables, with the game
/// in its section, or else with the game appended.
#[must_use]
pub fn with_game(binary: &[u8], source: &str) -> Vec<u8> {
    let mut binary = without_game(binary).to_vec();
    mark_as_export(&mut binary);
    if let Some(elf) = elf::with_game(&binary, source.as_bytes()) {
        return elf;
    }
    let mut out = binary;
    out.reserve(source.len() + TRAILER);
    out.extend_from_slice(source.as_bytes());
    out.extend_from_slice(&(source.len() as u64).to_le_bytes());
    out.extend_from_slice(MAGIC);
    out
}

/// `bytes` without an appended game (a trailer), if it has one.
#[must_use]
pub fn without_game(bytes: &[u8]) -> &[u8] {
    match trailer(bytes) {
        Some(len) => &bytes[..bytes.len() - TRAILER - len],
        None => bytes,
    }
}

/// The length of the game text that the trailer at the end of `bytes`
/// announces, when there is a valid one.
fn trailer(bytes: &[u8]) -> Option<usize> {
    let n = bytes.len();
    if n < TRAILER || &bytes[n - 8..] != MAGIC {
        return None;
    }
    let len = u64::from_le_bytes(bytes[n - TRAILER..n - 8].try_into().ok()?);
    (len <= MAX_GAME_BYTES && len as usize <= n - TRAILER).then_some(len as usize)
}

/// The game text that the executable at `path` carries, if there is one:
/// in its trailer, or in its ELF section [`GAME_SECTION`].
///
/// # Errors
/// When the file cannot be read, or its trailer announces text that is not
/// there, or the text is not UTF-8.
pub fn read_embedded(path: &Path) -> anyhow::Result<Option<String>> {
    let mut file = std::fs::File::open(path).with_context(|| format!("cannot open {}", path.display()))?;
    let size = file.metadata().with_context(|| format!("cannot read {}", path.display()))?.len();
    let not_utf8 = || format!("the game inside {} is not UTF-8 text", path.display());
    if size >= TRAILER as u64 {
        let mut tail = [0u8; TRAILER];
        file.seek(SeekFrom::End(-(TRAILER as i64)))?;
        file.read_exact(&mut tail)?;
        if &tail[8..] == MAGIC {
            let len = u64::from_le_bytes(tail[..8].try_into().context("trailer")?);
            if len > MAX_GAME_BYTES || len > size - TRAILER as u64 {
                bail!("{} ends in a damaged game: {len} bytes announced", path.display());
            }
            file.seek(SeekFrom::End(-(TRAILER as i64) - len as i64))?;
            let mut text = vec![0u8; len as usize];
            file.read_exact(&mut text)?;
            return String::from_utf8(text).map(Some).with_context(not_utf8);
        }
    }
    let section = elf::section(&mut file, GAME_SECTION, MAX_GAME_BYTES)
        .with_context(|| format!("cannot read {}", path.display()))?;
    section.map(|text| String::from_utf8(text).with_context(not_utf8)).transpose()
}

/// The game this very executable carries: `None` for the studio, an error
/// for an exported game whose game is gone or damaged (so that it says so
/// instead of opening the studio).
#[must_use]
pub fn embedded_game() -> Option<anyhow::Result<String>> {
    let found =
        std::env::current_exe().context("cannot find this program's own file").and_then(|exe| read_embedded(&exe));
    match found {
        Ok(Some(game)) => Some(Ok(game)),
        Ok(None) if !marked_as_export() => None,
        Ok(None) => Some(Err(anyhow::anyhow!(
            "this is a game exported by Puzzlewright, but the game is no longer inside the file \
             (`strip` or another tool removed it); export it again from the studio"
        ))),
        Err(err) if marked_as_export() => Some(Err(err.context("this exported game cannot be read"))),
        // The studio itself starts even when its own file cannot be read.
        Err(_) => None,
    }
}

/// An executable of `source` made from the player binary at `binary`.
///
/// # Errors
/// When the binary cannot be read or the game cannot be played.
pub fn executable(binary: &Path, source: &str) -> anyhow::Result<Vec<u8>> {
    super::playable_game(source)?;
    let bytes =
        std::fs::read(binary).with_context(|| format!("cannot read the player program {}", binary.display()))?;
    Ok(with_game(&bytes, source))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_game_is_appended_and_found_again() {
        let binary = b"\x7fELF pretend program".to_vec();
        let out = with_game(&binary, "title Hi\n");
        assert!(out.starts_with(&binary));
        assert_eq!(trailer(&out), Some(9));
        assert_eq!(without_game(&out), binary.as_slice());
        // Exporting from an exported game replaces the game, never stacks.
        let again = with_game(&out, "title Other\n");
        assert_eq!(without_game(&again), binary.as_slice());
        let path = std::env::temp_dir().join(format!("pw-native-{}", std::process::id()));
        std::fs::write(&path, &again).expect("write");
        assert_eq!(read_embedded(&path).expect("reads").as_deref(), Some("title Other\n"));
        std::fs::write(&path, &binary).expect("write");
        assert_eq!(read_embedded(&path).expect("reads"), None, "a plain program carries no game");
        // A trailer that announces more than the file holds is refused.
        let mut broken = binary.clone();
        broken.extend_from_slice(&1000u64.to_le_bytes());
        broken.extend_from_slice(MAGIC);
        std::fs::write(&path, &broken).expect("write");
        assert!(read_embedded(&path).is_err());
        assert_eq!(trailer(&broken), None);
        let _ = std::fs::remove_file(&path);
    }

    #[test]
    fn an_export_is_marked_as_one() {
        let mut binary = b"before ".to_vec();
        binary.extend_from_slice(&MARK);
        binary.extend_from_slice(b" after");
        assert!(mark_as_export(&mut binary));
        assert_eq!(&binary[7 + MARK_PREFIX..7 + MARK.len()], EXPORTED);
        assert!(!mark_as_export(&mut binary), "already marked");
        // Two marks: not this program; neither is touched.
        let mut two = [MARK, MARK].concat();
        assert!(!mark_as_export(&mut two));
        assert_eq!(two, [MARK, MARK].concat());
        assert!(!marked_as_export(), "the test program is no export");
    }

    /// A Windows build exports a Windows exe (PE, "MZ" first): the game
    /// goes after the image in the trailer, and a copy of an exported exe
    /// exports another game without stacking them (checked for real under
    /// Wine by packaging/windows/wine-check.sh).
    #[test]
    fn a_windows_exe_carries_its_game_in_the_trailer() {
        let exe = b"MZ\x90\0pretend PE image\0\0PE\0\0".to_vec();
        let out = with_game(&exe, "title Win\r\n");
        assert!(out.starts_with(&exe), "the image itself is left as it was");
        assert_eq!(&out[out.len() - 8..], MAGIC);
        assert_eq!(without_game(&with_game(&out, "title Again\n")), exe.as_slice());
        let path = std::env::temp_dir().join(format!("pw-native-pe-{}.exe", std::process::id()));
        std::fs::write(&path, &out).expect("write");
        assert_eq!(read_embedded(&path).expect("reads").as_deref(), Some("title Win\r\n"));
        let _ = std::fs::remove_file(&path);
    }
}
