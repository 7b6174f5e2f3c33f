//! File → Export…: a small window to export the open game as an HTML page,
//! a native executable or an animated GIF (of the player's recorded
//! session, or of a level's first screen), into a folder remembered per
//! game. The export runs on a worker thread; the window shows where the
//! file went and its size, or why it failed.

use std::collections::BTreeMap;
use std::path::PathBuf;
use std::sync::mpsc;

use crate::export::gif::GifOptions;
use crate::export::recorder::Recorder;
use crate::export::replay::Recording;
use crate::export::{self, ExportKind, Written};
use crate::writers::FileMode;

/// Where egui keeps the folders between runs.
const FOLDERS_ID: &str = "puzzlewright_export_folders";

/// The export window's state.
#[derive(Default)]
pub struct ExportDialog {
    /// The window is open.
    pub open: bool,
    kind: Option<ExportKind>,
    folder: String,
    name: String,
    scale: u16,
    /// Leave the message screens out of a GIF (they are in by default).
    pub skip_messages: bool,
    /// The game the folder and name were filled in for.
    for_game: Option<String>,
    running: Option<mpsc::Receiver<anyhow::Result<Written>>>,
    /// The last outcome: a summary or an error.
    pub outcome: Option<anyhow::Result<String>>,
    /// The file that exists where the export would go: replaced only once
    /// the author says so.
    replace: Option<PathBuf>,
}

/// What the dialog needs from the studio.
pub struct ExportSource<'a> {
    /// The game's text.
    pub text: &'a str,
    /// Its file, if saved.
    pub path: Option<PathBuf>,
    /// The player's recording, if any.
    pub recorder: Option<&'a Recorder>,
    /// The LEVELS entry the player is on.
    pub entry: usize,
}

/// The key a game's folder is remembered under: its file, or its title.
fn game_key(source: &ExportSource<'_>) -> String {
    source.path.as_ref().map_or_else(
        || {
            let build = engine::build(source.text);
            build.game.and_then(|g| g.metadata.title.clone()).unwrap_or_default()
        },
        |p| p.display().to_string(),
    )
}

fn title_of(text: &str) -> String {
    engine::build(text).game.and_then(|g| g.metadata.title.clone()).unwrap_or_else(|| "game".to_owned())
}

impl ExportDialog {
    /// Open the window for the game in `source`.
    pub fn show(&mut self) {
        self.open = true;
        self.outcome = None;
    }

    /// The folder last used for this game, or the game's own folder, or
    /// the current one.
    fn fill_in(&mut self, ctx: &egui::Context, source: &ExportSource<'_>) {
        let key = game_key(source);
        if self.for_game.as_deref() == Some(&key) {
            return;
        }
        let folders: BTreeMap<String, String> = ctx.data_mut(|d| {
            d.get_persisted::<BTreeMap<String, String>>(egui::Id::unique(FOLDERS_ID)).unwrap_or_default()
        });
        self.folder = folders.get(&key).cloned().unwrap_or_else(|| {
            source
                .path
                .as_ref()
                .and_then(|p| p.parent())
                .filter(|p| !p.as_os_str().is_empty())
                .map_or_else(|| ".".to_owned(), |p| p.display().to_string())
        });
        let kind = *self.kind.get_or_insert(ExportKind::Html);
        self.name = kind.default_file_name(&title_of(source.text));
        if self.scale == 0 {
            self.scale = GifOptions::default().scale;
        }
        self.for_game = Some(key);
    }

    /// The folder to remember for this game.
    fn remember(ctx: &egui::Context, key: String, folder: String) {
        ctx.data_mut(|d| {
            let id = egui::Id::unique(FOLDERS_ID);
            let mut folders: BTreeMap<String, String> = d.get_persisted(id).unwrap_or_default();
            folders.insert(key, folder);
            d.insert_persisted(id, folders);
        });
    }

    /// The folder shown for the game (for tests).
    #[must_use]
    pub fn folder(&self) -> &str {
        &self.folder
    }

    /// Draw the window when open.
    pub fn ui(&mut self, ctx: &egui::Context, source: &ExportSource<'_>) {
        if let Some(rx) = &self.running {
            match rx.try_recv() {
                Ok(result) => {
                    self.outcome = Some(result.map(|w| w.summary()));
                    self.running = None;
                }
                Err(mpsc::TryRecvError::Empty) => ctx.request_repaint_after(std::time::Duration::from_millis(50)),
                Err(mpsc::TryRecvError::Disconnected) => {
                    self.outcome = Some(Err(anyhow::anyhow!("the export stopped unexpectedly")));
                    self.running = None;
                }
            }
        }
        if !self.open {
            return;
        }
        self.fill_in(ctx, source);
        let mut open = self.open;
        let mut go = false;
        let mut replace_now = false;
        // Asking about another file than the one now named: ask again.
        if self.replace.as_ref().is_some_and(|p| *p != self.target()) {
            self.replace = None;
        }
        egui::Window::new("Export the game").open(&mut open).collapsible(false).resizable(false).show(ctx, |ui| {
            let before = self.kind;
            ui.horizontal(|ui| {
                for kind in ExportKind::ALL {
                    ui.radio_value(&mut self.kind, Some(kind), kind.label());
                }
            });
            if before != self.kind
                && let Some(kind) = self.kind
            {
                self.name = kind.default_file_name(&title_of(source.text));
            }
            egui::Grid::new("export_grid").num_columns(2).show(ui, |ui| {
                ui.label("Folder");
                ui.add(egui::TextEdit::singleline(&mut self.folder).desired_width(320.0));
                ui.end_row();
                ui.label("File name");
                ui.add(egui::TextEdit::singleline(&mut self.name).desired_width(320.0));
                ui.end_row();
                if self.kind == Some(ExportKind::Gif) {
                    ui.label("Scale");
                    ui.add(egui::Slider::new(&mut self.scale, 1..=export::gif::MAX_SCALE).suffix("x"));
                    ui.end_row();
                    ui.label("Messages");
                    let mut include = !self.skip_messages;
                    ui.checkbox(&mut include, "Include message screens")
                        .on_hover_text("Messages shown while playing, drawn as text frames");
                    self.skip_messages = !include;
                    ui.end_row();
                    ui.label("Session");
                    match source.recorder.filter(|r| !r.recording.steps.is_empty()) {
                        Some(r) => ui.label(format!("the recorded session: {} inputs", r.recording.steps.len())),
                        None => ui.label("the level on screen (record a session with Record GIF in the player)"),
                    };
                    ui.end_row();
                }
            });
            if self.kind == Some(ExportKind::Html) && !export::html::available() {
                ui.colored_label(
                    ui.visuals().warn_fg_color,
                    "This build cannot export HTML: run `rustup target add wasm32-unknown-unknown` and build it again.",
                );
            }
            ui.horizontal(|ui| {
                let busy = self.running.is_some();
                go = ui.add_enabled(!busy && !self.name.trim().is_empty(), egui::Button::new("Export")).clicked();
                if busy {
                    ui.spinner();
                }
            });
            if let Some(path) = self.replace.clone() {
                let name =
                    path.file_name().map_or_else(|| path.display().to_string(), |n| n.to_string_lossy().into_owned());
                ui.colored_label(ui.visuals().warn_fg_color, format!("{name} already exists in that folder."));
                ui.horizontal(|ui| {
                    replace_now = ui.button("Replace").clicked();
                    if ui.button("Keep it").clicked() {
                        self.replace = None;
                    }
                });
            }
            match &self.outcome {
                Some(Ok(summary)) => {
                    ui.label(format!("Done: {summary}"));
                }
                Some(Err(e)) => {
                    ui.colored_label(ui.visuals().error_fg_color, format!("{e:#}"));
                }
                None => {}
            }
        });
        self.open = open;
        if go {
            // A new request: the last export's outcome no longer describes
            // what the window is asking about.
            self.outcome = None;
            let out = self.target();
            // A target that can never be written (the game itself, a
            // folder, no such folder) is refused at once, not offered as
            // a file to replace.
            if let Err(why) = export::check_target(&out, source.path.as_deref()) {
                self.outcome = Some(Err(why));
            } else if out.is_file() {
                self.replace = Some(out);
            } else {
                self.start(ctx, source);
            }
        }
        if replace_now {
            self.replace = None;
            self.start(ctx, source);
        }
    }

    /// Where the export goes: the folder and file name typed.
    fn target(&self) -> PathBuf {
        PathBuf::from(self.folder.trim()).join(self.name.trim())
    }

    /// Start the export on a worker thread.
    fn start(&mut self, ctx: &egui::Context, source: &ExportSource<'_>) {
        let Some(kind) = self.kind else { return };
        let out = self.target();
        Self::remember(ctx, game_key(source), self.folder.trim().to_owned());
        let text = source.text.to_owned();
        let game_path = source.path.clone();
        let recording = source
            .recorder
            .filter(|r| !r.recording.steps.is_empty())
            .map_or_else(|| Recording { level: source.entry, ..Recording::default() }, |r| r.recording.clone());
        let options = GifOptions { scale: self.scale.max(1), messages: !self.skip_messages };
        let (tx, rx) = mpsc::channel();
        self.running = Some(rx);
        self.outcome = None;
        let ctx = ctx.clone();
        let job = move || {
            let result = export_now(kind, &text, game_path.as_deref(), &out, &recording, options);
            let _ = tx.send(result);
            ctx.request_repaint();
        };
        if std::thread::Builder::new().name("puzzlewright-export".to_owned()).spawn(job).is_err() {
            self.running = None;
            self.outcome = Some(Err(anyhow::anyhow!("cannot start the export")));
        }
    }
}

/// Export `text` as `kind` to `out` (what the dialog's worker runs).
///
/// # Errors
/// As the export functions.
pub fn export_now(
    kind: ExportKind,
    text: &str,
    game_path: Option<&std::path::Path>,
    out: &std::path::Path,
    recording: &Recording,
    options: GifOptions,
) -> anyhow::Result<Written> {
    export::check_target(out, game_path)?;
    // The `load_images` files beside the game go inside it, so the export
    // needs no other file.
    let embedded = crate::pictures::embed(text, game_path);
    let text = embedded.as_str();
    match kind {
        ExportKind::Html => export::write_export(out, export::html::page(text)?.as_bytes(), game_path, FileMode::Plain),
        ExportKind::Native => {
            let me = std::env::current_exe()?;
            export::write_export(out, &export::native::executable(&me, text)?, game_path, FileMode::Executable)
        }
        ExportKind::Gif => {
            let game = export::playable_game(text)?;
            export::write_export(out, &export::gif::gif_of(&game, recording, options)?, game_path, FileMode::Plain)
        }
    }
}
