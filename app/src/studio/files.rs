//! Reading game files, and asking the user for paths. (Writing is
//! [`crate::writers`]'s alone.)
//!
//! Dialogs go through [`Dialogs`]: the real one runs an rfd portal dialog on
//! a worker thread so the GUI never blocks, and reports
//! [`DialogOutcome::Unavailable`] when the desktop has no dialog service, in
//! which case the studio asks for a path in a small prompt of its own.

use std::path::{Path, PathBuf};
use std::sync::mpsc;
use std::time::{Duration, Instant};

use anyhow::Context as _;

/// What the dialog is for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum DialogKind {
    /// Choose a file to open.
    Open,
    /// Choose where to save.
    SaveAs,
    /// Choose where to write this sound seed as a WAV file.
    ExportWav(i64),
    /// Choose a picture (PNG or GIF) to import as a sprite.
    ImportImage,
    /// Choose where to save the debugger's session as a conformance test.
    SaveTest,
}

impl DialogKind {
    /// True for a dialog that picks an existing file (rather than a place
    /// to write one).
    #[must_use]
    pub fn picks_existing(self) -> bool {
        matches!(self, DialogKind::Open | DialogKind::ImportImage)
    }
}

/// How a dialog ended.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum DialogOutcome {
    /// The user picked this path.
    Picked(PathBuf),
    /// The user closed the dialog.
    Cancelled,
    /// There is no dialog service: ask for the path another way.
    Unavailable,
}

/// A source of file dialogs (rfd for real, a stub in tests).
pub trait Dialogs {
    /// Start a dialog opening on `proposed` (a folder and a file name, or
    /// just a folder for Open); its outcome arrives through [`Dialogs::poll`].
    fn start(&mut self, kind: DialogKind, proposed: &Path, ctx: &egui::Context);
    /// The outcome of the running dialog, once it has one.
    fn poll(&mut self) -> Option<(DialogKind, DialogOutcome)>;
}

/// Dialogs that are never available: the studio always uses its own prompt.
#[derive(Default)]
pub struct NoDialogs {
    pending: Option<DialogKind>,
}

impl Dialogs for NoDialogs {
    fn start(&mut self, kind: DialogKind, _: &Path, _: &egui::Context) {
        self.pending = Some(kind);
    }

    fn poll(&mut self) -> Option<(DialogKind, DialogOutcome)> {
        self.pending.take().map(|k| (k, DialogOutcome::Unavailable))
    }
}

/// The desktop's file dialogs through rfd and the XDG portal.
#[derive(Default)]
pub struct RfdDialogs {
    running: Option<(DialogKind, mpsc::Receiver<DialogOutcome>)>,
}

/// A portal that answers "no" faster than a person could is not there.
const TOO_FAST_FOR_A_PERSON: Duration = Duration::from_millis(250);

impl Dialogs for RfdDialogs {
    fn start(&mut self, kind: DialogKind, proposed: &Path, ctx: &egui::Context) {
        let (tx, rx) = mpsc::channel();
        self.running = Some((kind, rx));
        if std::env::var_os("DBUS_SESSION_BUS_ADDRESS").is_none() {
            let _ = tx.send(DialogOutcome::Unavailable);
            return;
        }
        let (folder, name) = if proposed.is_dir() || kind.picks_existing() {
            (
                Some(proposed.to_path_buf())
                    .filter(|p| p.is_dir())
                    .or_else(|| proposed.parent().map(Path::to_path_buf)),
                None,
            )
        } else {
            (proposed.parent().map(Path::to_path_buf), proposed.file_name().map(|n| n.to_string_lossy().into_owned()))
        };
        let ctx = ctx.clone();
        std::thread::spawn(move || {
            let start = Instant::now();
            let mut dialog = match kind {
                DialogKind::ExportWav(_) => rfd::FileDialog::new().add_filter("WAV sound", &["wav"]),
                DialogKind::SaveTest => rfd::FileDialog::new().add_filter("Conformance test", &["json"]),
                DialogKind::ImportImage => rfd::FileDialog::new().add_filter("Picture (PNG, GIF)", &["png", "gif"]),
                _ => rfd::FileDialog::new()
                    .add_filter("PuzzleScript game", &["txt", "html", "htm"])
                    .add_filter("All files", &["*"]),
            };
            if let Some(folder) = folder.filter(|f| !f.as_os_str().is_empty()) {
                dialog = dialog.set_directory(folder);
            }
            if let Some(name) = name {
                dialog = dialog.set_file_name(name);
            }
            let picked = match kind {
                DialogKind::Open | DialogKind::ImportImage => dialog.pick_file(),
                DialogKind::SaveAs | DialogKind::ExportWav(_) | DialogKind::SaveTest => dialog.save_file(),
            };
            let outcome = match picked {
                Some(path) => DialogOutcome::Picked(path),
                None if start.elapsed() < TOO_FAST_FOR_A_PERSON => DialogOutcome::Unavailable,
                None => DialogOutcome::Cancelled,
            };
            let _ = tx.send(outcome);
            ctx.request_repaint();
        });
    }

    fn poll(&mut self) -> Option<(DialogKind, DialogOutcome)> {
        let (kind, rx) = self.running.as_ref()?;
        let kind = *kind;
        let outcome = match rx.try_recv() {
            Ok(outcome) => outcome,
            Err(mpsc::TryRecvError::Empty) => return None,
            Err(mpsc::TryRecvError::Disconnected) => DialogOutcome::Cancelled,
        };
        self.running = None;
        Some((kind, outcome))
    }
}

/// The largest file the studio opens as a game (the largest published
/// games are tens of KB).
pub const MAX_GAME_BYTES: u64 = 16 * 1024 * 1024;

/// A game read from disk.
#[derive(Debug)]
pub struct Loaded {
    /// The game's text.
    pub text: String,
    /// Bytes that were not UTF-8 and now stand as U+FFFD: saving the text
    /// over the file would lose them, so the studio opens it as a copy.
    pub replaced: usize,
}

/// Read a game: a `.txt` as it is, or the source embedded in a standalone
/// `.html` exported by the PuzzleScript web editor. Refuses binary files and
/// files far larger than any game, saying why.
pub fn load_game(path: &Path) -> anyhow::Result<Loaded> {
    let meta = std::fs::metadata(path).with_context(|| format!("cannot read {}", path.display()))?;
    if meta.is_dir() {
        anyhow::bail!("{} is a folder, not a game", path.display());
    }
    if meta.len() > MAX_GAME_BYTES {
        anyhow::bail!(
            "{} is {:.1} MB, too large to be a PuzzleScript game; nothing was opened",
            path.display(),
            meta.len() as f64 / 1_048_576.0
        );
    }
    let bytes = std::fs::read(path).with_context(|| format!("cannot read {}", path.display()))?;
    if bytes.contains(&0) {
        anyhow::bail!("{} is not a text file (it holds binary data); nothing was opened", path.display());
    }
    // Each invalid sequence becomes one U+FFFD, as the lossy decoding does.
    let replaced = bytes.utf8_chunks().filter(|c| !c.invalid().is_empty()).count();
    let text = String::from_utf8_lossy(&bytes).into_owned();
    let is_html = path.extension().is_some_and(|e| e.eq_ignore_ascii_case("html") || e.eq_ignore_ascii_case("htm"))
        || text.trim_start().starts_with('<');
    let text = if is_html {
        source_from_standalone_html(&text)
            .with_context(|| format!("{} has no PuzzleScript source in it", path.display()))?
    } else {
        text
    };
    Ok(Loaded { text, replaced })
}

/// The exported page holds the game as a JSON string literal in
/// `sourceCode="..."` (the editor writes `JSON.stringify(source)` there).
#[must_use]
pub fn source_from_standalone_html(html: &str) -> Option<String> {
    let mut rest = html;
    while let Some(i) = rest.find("sourceCode") {
        rest = &rest[i + "sourceCode".len()..];
        let after_eq = rest.trim_start().strip_prefix('=')?.trim_start();
        if after_eq.starts_with('"') {
            let mut stream = serde_json::Deserializer::from_str(after_eq).into_iter::<String>();
            if let Some(Ok(source)) = stream.next() {
                return Some(source);
            }
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    fn temp(name: &str, bytes: &[u8]) -> std::path::PathBuf {
        let dir = std::env::temp_dir().join(format!("puzzlewright-load-{}", std::process::id()));
        std::fs::create_dir_all(&dir).expect("temp dir");
        let path = dir.join(name);
        std::fs::write(&path, bytes).expect("write");
        path
    }

    #[test]
    fn binary_files_folders_and_huge_files_are_refused_with_the_reason() {
        let bin = temp("tool.bin", b"\x7fELF\0\0\x01title x\n");
        let err = format!("{:#}", load_game(&bin).expect_err("binary"));
        assert!(err.contains("not a text file"), "{err}");
        let dir = bin.parent().expect("dir").to_path_buf();
        let err = format!("{:#}", load_game(&dir).expect_err("folder"));
        assert!(err.contains("is a folder"), "{err}");
        let big = temp("big.txt", b"");
        let f = std::fs::OpenOptions::new().write(true).open(&big).expect("open");
        f.set_len(MAX_GAME_BYTES + 1).expect("sparse file");
        let err = format!("{:#}", load_game(&big).expect_err("huge"));
        assert!(err.contains("too large"), "{err}");
    }

    #[test]
    fn text_that_is_not_utf8_is_read_with_its_bad_bytes_counted() {
        let ok = temp("ok.txt", "title Caf\u{e9} \u{fffd}\n".as_bytes());
        let loaded = load_game(&ok).expect("utf-8");
        assert_eq!(loaded.replaced, 0, "a real U+FFFD is not a bad byte");
        let latin1 = temp("latin1.txt", b"title Caf\xe9 and cr\xe8me\n");
        let loaded = load_game(&latin1).expect("latin-1 text");
        assert_eq!(loaded.replaced, 2);
        assert!(loaded.text.starts_with("title Caf\u{fffd} and cr\u{fffd}me"));
    }

    #[test]
    fn recovers_source_from_exported_html() {
        let source = "title A \"quoted\" game\n(comment) $5\n";
        let literal = serde_json::to_string(source).expect("json");
        let html =
            format!("<html><script>const sourceCode={literal};compile([\"restart\"],sourceCode);</script></html>");
        assert_eq!(source_from_standalone_html(&html).as_deref(), Some(source));
        assert_eq!(source_from_standalone_html("<html></html>"), None);
    }
}
