//! Native executables: a copy of this very program with the game's text
//! appended, which opens straight into the game when it starts.
//!
//! The exported file is the running `puzzlewright` binary followed by the
//! game text and a 16-byte trailer: the text's length (u64, little endian)
//! and the magic `PZWGAME1`. At start-up `main` looks at the last 16 bytes
//! of its own executable ([`embedded_game`]); when they hold the magic it
//! plays the game in a window of its own ([`crate::standalone`]) and opens
//! no editor. Executables ignore bytes after their image on Linux, Windows
//! and macOS (unsigned), so the copy runs as the original does.
//!
//! It is the studio binary itself because that is the only program an
//! installed studio has with the player, the renderer and the sound output
//! in it: a separate player binary would have to be built and shipped
//! beside it (doubling the build of the GUI stack) for no real gain in
//! size, since both are mostly the same GUI libraries. So an export targets
//! the platform the studio runs on, and only that one.

use std::io::{Read as _, Seek as _, SeekFrom};
use std::path::Path;

use anyhow::{Context as _, bail};

/// The last 8 bytes of an exported executable.
pub const MAGIC: &[u8; 8] = b"PZWGAME1";
/// Length field and magic.
const TRAILER: usize = 16;
/// No game text is this long (the largest corpus game is 40 KB).
pub const MAX_GAME_BYTES: u64 = 16 << 20;

/// `binary` (a player executable, without a game) with `source` appended.
#[must_use]
pub fn with_game(binary: &[u8], source: &str) -> Vec<u8> {
    let binary = without_game(binary);
    let mut out = Vec::with_capacity(binary.len() + source.len() + TRAILER);
    out.extend_from_slice(binary);
    out.extend_from_slice(source.as_bytes());
    out.extend_from_slice(&(source.len() as u64).to_le_bytes());
    out.extend_from_slice(MAGIC);
    out
}

/// `bytes` without an appended game, if it has one.
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

/// The game text appended to the executable at `path`, if there is one.
///
/// # Errors
/// When the file cannot be read, or its trailer announces text that is not
/// there or not UTF-8.
pub fn read_embedded(path: &Path) -> anyhow::Result<Option<String>> {
    let mut file = std::fs::File::open(path).with_context(|| format!("cannot open {}", path.display()))?;
    let size = file.metadata().with_context(|| format!("cannot read {}", path.display()))?.len();
    if size < TRAILER as u64 {
        return Ok(None);
    }
    let mut tail = [0u8; TRAILER];
    file.seek(SeekFrom::End(-(TRAILER as i64)))?;
    file.read_exact(&mut tail)?;
    if &tail[8..] != MAGIC {
        return Ok(None);
    }
    let len = u64::from_le_bytes(tail[..8].try_into().context("trailer")?);
    if len > MAX_GAME_BYTES || len > size - TRAILER as u64 {
        bail!("{} ends in a damaged game: {len} bytes announced", path.display());
    }
    file.seek(SeekFrom::End(-(TRAILER as i64) - len as i64))?;
    let mut text = vec![0u8; len as usize];
    file.read_exact(&mut text)?;
    String::from_utf8(text).map(Some).with_context(|| format!("the game inside {} is not UTF-8 text", path.display()))
}

/// The game this very executable carries, if it is an exported game.
/// Errors (an unreadable executable) count as none: the studio starts.
#[must_use]
pub fn embedded_game() -> Option<String> {
    let exe = std::env::current_exe().ok()?;
    read_embedded(&exe).ok().flatten()
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
