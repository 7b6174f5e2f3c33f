//! The studio application: owns the document, the panel layout and the
//! pending prompts; turns [`Command`]s into actions. Per-frame drawing of
//! menus and prompts is in `ui_root`; panels draw themselves.

use std::ops::Range;
use std::path::PathBuf;
use std::sync::Arc;

use serde::{Deserialize, Serialize};

use crate::audio::{Audio, Controlled, RodioAudio, SharedAudio, silent};
use crate::command::Command;
use crate::document::Document;
use crate::examples::{EXAMPLES, TEMPLATES};
use crate::files::{self, DialogKind, DialogOutcome, Dialogs};
use crate::layout::{self, PanelId};
use crate::panels::{PanelContext, Panels};
use crate::recovery::{Recovered, Recovery};
use crate::writers::{self, Guarded, Verdict, Writing};

/// What to show first.
#[derive(Debug, Clone)]
pub enum Startup {
    /// Open this file (or start it, if it does not exist yet).
    File(PathBuf),
    /// Open the built-in example with this index.
    Example(usize),
}

/// CPU time this thread has run so far (Linux; `None` elsewhere), for the
/// `PUZZLEWRIGHT_TIMING` log: on a busy machine a frame's wall time also
/// counts the moments other threads had the core.
fn thread_cpu_time() -> Option<std::time::Duration> {
    let stat = std::fs::read_to_string("/proc/thread-self/schedstat").ok()?;
    let ns: u64 = stat.split_whitespace().next()?.parse().ok()?;
    Some(std::time::Duration::from_nanos(ns))
}

/// What is kept between runs (through eframe's storage).
#[derive(Serialize, Deserialize, Default)]
pub struct Persisted {
    /// Recently opened or saved files, newest first.
    pub recent: Vec<PathBuf>,
    /// The panel layout.
    pub tree: Option<egui_tiles::Tree<PanelId>>,
    /// Level reached in each game, by title.
    #[serde(default)]
    pub progress: std::collections::BTreeMap<String, usize>,
    /// Checkpoint saved in each game, by title (`engine::play::Progress`'s
    /// text form).
    #[serde(default)]
    pub checkpoints: std::collections::BTreeMap<String, String>,
    /// Favourite sound seeds in the sound browser.
    #[serde(default)]
    pub sound_favourites: Vec<i64>,
    /// Sound is muted.
    #[serde(default)]
    pub muted: bool,
    /// Sound volume, 0 to 1 (`None`: full volume).
    #[serde(default)]
    pub volume: Option<f32>,
    /// The code editor wraps long lines.
    #[serde(default)]
    pub wrap_lines: bool,
    /// Design checks turned off in the Problems panel (by id).
    #[serde(default)]
    pub hidden_checks: Vec<String>,
}

const RECENT_LIMIT: usize = 10;

/// How long after start the studio redraws on its own, so the layout
/// follows the window's real size however late the desktop reports it.
const FOLLOW_WINDOW_FOR: std::time::Duration = std::time::Duration::from_secs(3);

/// The settings file, in the studio's folder (beside the recovery files).
pub const SETTINGS_FILE: &str = "settings.json";

impl Persisted {
    /// The settings kept in `dir`, if there are any that read.
    #[must_use]
    pub fn load(dir: &std::path::Path) -> Option<Persisted> {
        let text = std::fs::read_to_string(dir.join(SETTINGS_FILE)).ok()?;
        serde_json::from_str(&text).ok()
    }
}

/// A replacement waiting for the author's yes.
#[derive(Debug, Clone)]
struct PendingReplace {
    kind: DialogKind,
    path: PathBuf,
    /// Chosen in the studio's own path prompt (Cancel goes back to it).
    from_prompt: bool,
}

/// The studio.
pub struct StudioApp {
    /// The open game.
    pub doc: Document,
    /// File → Export… (its own file: `export_dialog.rs`).
    pub export: crate::export_dialog::ExportDialog,
    /// The panel layout.
    pub tree: egui_tiles::Tree<PanelId>,
    /// The panels' state.
    pub panels: Panels,
    recent: Vec<PathBuf>,
    dialogs: Box<dyn Dialogs>,
    recovery: Recovery,
    restore_offer: Option<Recovered>,
    unsaved_prompt: Option<Command>,
    /// File → New is choosing its starting point.
    new_chooser: bool,
    path_prompt: Option<(DialogKind, String)>,
    /// Why the path last typed in the prompt was refused.
    prompt_note: Option<String>,
    /// A chosen path that already exists, to replace once the author agrees.
    confirm_replace: Option<PendingReplace>,
    /// The file the open game was read from when it opened as a copy.
    opened_from: Option<PathBuf>,
    /// Where the settings file is kept (`None`: not kept, in tests).
    settings_dir: Option<PathBuf>,
    /// The last settings write failed with this (said once).
    settings_failure: Option<String>,
    jump: Option<Range<usize>>,
    /// The last message shown in the status bar.
    pub status: String,
    queued: Vec<Command>,
    close_confirmed: bool,
    title: String,
    timing: bool,
    /// The sound output every panel plays through, with mute and volume.
    audio: Arc<Controlled>,
    /// The status line has said that there is no sound (said once).
    no_sound_said: bool,
    /// When the studio started (the sound device answers soon after).
    started: std::time::Instant,
    /// The background solver and design checks of the open game.
    pub live: crate::live::LiveChecks,
}

impl StudioApp {
    /// The studio as eframe starts it: settings from eframe's storage,
    /// desktop dialogs, recovery files beside the settings.
    #[must_use]
    pub fn new(cc: &eframe::CreationContext<'_>, startup: Startup) -> Self {
        let dir = Recovery::default_dir();
        // Our own settings file first; settings older versions kept in
        // eframe's storage are read once, then kept in ours.
        let persisted = dir
            .as_deref()
            .and_then(Persisted::load)
            .or_else(|| cc.storage.and_then(|s| eframe::get_value::<Persisted>(s, eframe::APP_KEY)));
        // The code colours are made for a dark background.
        cc.egui_ctx.set_theme(egui::Theme::Dark);
        crate::fonts::install(&cc.egui_ctx);
        let mut app = Self::with_parts(
            startup,
            persisted.unwrap_or_default(),
            Box::new(files::RfdDialogs::default()),
            dir,
        );
        // The real device, on its own thread.
        let output = RodioAudio::new();
        // Open the device in the background now: the first sound is then on time.
        output.open();
        app.set_audio_output(Arc::new(output));
        app
    }

    /// Send the studio's sounds to `output` (keeping mute and volume).
    pub fn set_audio_output(&mut self, output: SharedAudio) {
        let audio = Arc::new(Controlled::new(output));
        audio.set_muted(self.audio.muted());
        audio.set_volume(self.audio.volume());
        self.audio = audio;
        self.no_sound_said = false;
        self.panels.sounds.audio = self.audio.clone();
        self.panels.player.audio = Some(self.audio.clone());
    }

    /// The studio's sound output (mute and volume live here).
    #[must_use]
    pub fn audio(&self) -> &Controlled {
        &self.audio
    }

    /// The studio with explicit parts (tests pass stub dialogs and a
    /// temporary recovery directory, or none). The settings file is kept in
    /// the recovery directory too.
    #[must_use]
    pub fn with_parts(
        startup: Startup,
        persisted: Persisted,
        dialogs: Box<dyn Dialogs>,
        recovery_dir: Option<PathBuf>,
    ) -> Self {
        let settings_dir = recovery_dir.clone();
        let recovery = Recovery::new(recovery_dir);
        let restore_offer = recovery.find();
        let mut panels = Panels::default();
        panels.player.set_progress(persisted.progress);
        panels.player.set_checkpoints(&persisted.checkpoints);
        panels.sounds.favourites = persisted.sound_favourites;
        panels.code.wrap_lines = persisted.wrap_lines;
        let mut live = crate::live::LiveChecks::with_engine();
        live.hidden = persisted.hidden_checks.into_iter().collect();
        // One output for the whole studio: silent and recording here (tests);
        // `new` switches the real app to the device.
        let audio = Arc::new(Controlled::new(silent()));
        audio.set_muted(persisted.muted);
        audio.set_volume(persisted.volume.unwrap_or(1.0));
        panels.sounds.audio = audio.clone();
        panels.player.audio = Some(audio.clone());
        let mut app = Self {
            doc: Document::new(String::new(), None),
            tree: persisted.tree.filter(layout::has_all_panels).unwrap_or_else(layout::default_tree),
            panels,
            recent: persisted.recent,
            dialogs,
            recovery,
            restore_offer,
            unsaved_prompt: None,
            new_chooser: false,
            path_prompt: None,
            prompt_note: None,
            confirm_replace: None,
            opened_from: None,
            settings_dir,
            settings_failure: None,
            jump: None,
            status: String::new(),
            queued: Vec::new(),
            close_confirmed: false,
            title: String::new(),
            timing: std::env::var_os("PUZZLEWRIGHT_TIMING").is_some(),
            audio,
            export: crate::export_dialog::ExportDialog::default(),
            no_sound_said: false,
            started: std::time::Instant::now(),
            live,
        };
        match startup {
            Startup::Example(i) => app.open_example(i),
            Startup::File(path) => {
                if path.exists() {
                    app.open_path(path);
                } else {
                    app.status = format!("New file {}", path.display());
                    app.doc = Document::new(String::new(), Some(path));
                    app.panels.player.forget_game();
                    app.panels.code.show_start = true;
                }
            }
        }
        app
    }

    /// Ask for `command` to run at the start of the next frame.
    pub fn queue(&mut self, command: Command) {
        self.queued.push(command);
    }

    /// Recently used files, newest first.
    #[must_use]
    pub fn recent(&self) -> &[PathBuf] {
        &self.recent
    }

    /// The state to persist.
    #[must_use]
    pub fn persisted(&self) -> Persisted {
        Persisted {
            recent: self.recent.clone(),
            tree: Some(self.tree.clone()),
            progress: self.panels.player.progress().clone(),
            checkpoints: self.panels.player.checkpoints(),
            sound_favourites: self.panels.sounds.favourites.clone(),
            muted: self.audio.muted(),
            volume: Some(self.audio.volume()),
            wrap_lines: self.panels.code.wrap_lines,
            hidden_checks: self.live.hidden.iter().cloned().collect(),
        }
    }

    /// The open game's files, which only a save of the game may replace.
    #[must_use]
    pub fn guarded(&self) -> Guarded {
        Guarded { game: self.doc.path.clone(), origin: self.opened_from.clone() }
    }

    /// Write the settings file now (eframe asks every half minute and at exit).
    pub fn save_settings(&mut self) {
        let Some(dir) = self.settings_dir.clone() else { return };
        let _ = std::fs::create_dir_all(&dir);
        let json = serde_json::to_string_pretty(&self.persisted()).unwrap_or_default();
        let written = writers::write(&dir.join(SETTINGS_FILE), Writing::Settings, json.as_bytes(), &self.guarded(), false);
        match written {
            Ok(()) => self.settings_failure = None,
            Err(err) => {
                let message = format!("Settings not kept: {err:#}");
                if self.settings_failure.as_ref() != Some(&message) {
                    self.status.clone_from(&message);
                    self.settings_failure = Some(message);
                }
            }
        }
    }

    /// Autosave the unsaved text to the recovery file now.
    pub fn autosave_now(&mut self) {
        let guarded = self.guarded();
        let before = self.recovery.failure().map(str::to_owned);
        self.recovery.tick(&self.doc, &guarded, true);
        self.report_autosave(before);
    }

    fn report_autosave(&mut self, before: Option<String>) {
        if let Some(failure) = self.recovery.failure()
            && before.as_deref() != Some(failure)
        {
            self.status = failure.to_owned();
        }
    }

    fn clear_recovery(&mut self) {
        let guarded = self.guarded();
        self.recovery.clear(&guarded);
    }

    /// True when the code panel is showing (its tab in front).
    /// Whether the player's board has the keyboard.
    fn board_focused(&self, ctx: &egui::Context) -> bool {
        ctx.memory(|m| m.focused()) == Some(egui::Id::unique(crate::panels::player::BOARD_ID))
    }

    fn code_in_front(&self) -> bool {
        self.tree.tiles.find_pane(&PanelId::Code).is_some_and(|id| self.tree.is_visible(id) && self.tree.active_tiles().contains(&id))
    }

    fn remember(&mut self, path: &std::path::Path) {
        let path = path.canonicalize().unwrap_or_else(|_| path.to_path_buf());
        self.recent.retain(|p| *p != path);
        self.recent.insert(0, path);
        self.recent.truncate(RECENT_LIMIT);
    }

    fn open_example(&mut self, index: usize) {
        let example = EXAMPLES.get(index).copied().unwrap_or(EXAMPLES[0]);
        self.doc = Document::new(example.text.to_owned(), None);
        self.opened_from = None;
        self.panels.player.forget_game();
        self.panels.code.show_start = true;
        self.doc.untitled_name = Some(example.file.to_owned());
        self.status = format!("Opened the example {}", example.file);
    }

    /// Open `path` (a game text, or a standalone `.html` export).
    pub fn open_path(&mut self, path: PathBuf) {
        match files::load_game(&path) {
            Ok(files::Loaded { text, replaced }) => {
                let from_html = path.extension().is_some_and(|e| e.eq_ignore_ascii_case("html") || e.eq_ignore_ascii_case("htm"));
                self.remember(&path);
                // An exported page must not be overwritten by the bare source,
                // nor a file whose non-UTF-8 bytes the text lost: both open as
                // an unsaved copy, so Save asks where to write.
                let copy = from_html || replaced > 0;
                self.doc = Document::new(text, (!copy).then(|| path.clone()));
                self.opened_from = copy.then(|| path.clone());
                self.panels.player.forget_game();
                self.panels.code.show_start = true;
                if copy {
                    self.doc.mark_unsaved();
                }
                if replaced > 0 && !from_html {
                    self.doc.untitled_name = path.file_name().map(|n| n.to_string_lossy().into_owned());
                }
                self.status = if from_html {
                    format!("Recovered the source from {}", path.display())
                } else if replaced > 0 {
                    let what = if replaced == 1 {
                        "1 byte that is not UTF-8 was".to_owned()
                    } else {
                        format!("{replaced} bytes that are not UTF-8 were")
                    };
                    format!(
                        "{}: {what} replaced with \u{fffd}; opened as a copy, so saving will not overwrite the file",
                        path.display()
                    )
                } else {
                    format!("Opened {}", path.display())
                };
            }
            Err(err) => self.status = format!("{err:#}"),
        }
    }

    fn export_wav(&mut self, path: &std::path::Path, seed: i64, confirmed: bool) {
        self.status = match writers::write(path, Writing::Wav(seed), &writers::wav_bytes(seed), &self.guarded(), confirmed) {
            Ok(()) => format!("Wrote sound {seed} to {}", path.display()),
            Err(err) => format!("{err:#}"),
        };
    }

    fn save_to(&mut self, path: PathBuf, confirmed: bool) -> bool {
        match writers::write(&path, Writing::Game, self.doc.text().as_bytes(), &self.guarded(), confirmed) {
            Ok(()) => {
                self.remember(&path);
                self.status = format!("Saved {}", path.display());
                self.doc.mark_saved(path);
                self.opened_from = None;
                self.clear_recovery();
                true
            }
            Err(err) => {
                self.status = format!("{err:#}");
                false
            }
        }
    }

    /// What writing through a `kind` dialog writes.
    fn writing(kind: DialogKind) -> Option<Writing> {
        match kind {
            DialogKind::Open => None,
            DialogKind::SaveAs => Some(Writing::Game),
            DialogKind::ExportWav(seed) => Some(Writing::Wav(seed)),
        }
    }

    /// Where a `kind` dialog or prompt starts.
    #[must_use]
    pub fn proposed_path(&self, kind: DialogKind) -> PathBuf {
        match Self::writing(kind) {
            Some(what) => writers::proposed_path(what, self.doc.path.as_deref(), self.opened_from.as_deref(), &self.doc.display_name()),
            None => self
                .doc
                .path
                .as_deref()
                .or(self.opened_from.as_deref())
                .and_then(std::path::Path::parent)
                .filter(|p| !p.as_os_str().is_empty())
                .map(std::path::Path::to_path_buf)
                .unwrap_or_default(),
        }
    }

    fn start_dialog(&mut self, kind: DialogKind, ctx: &egui::Context) {
        let proposed = self.proposed_path(kind);
        self.dialogs.start(kind, &proposed, ctx);
    }

    /// Act on a path the author chose for `kind`: open it, or write to it
    /// if the writers allow, asking first when it would replace a file.
    fn chosen(&mut self, kind: DialogKind, path: PathBuf, from_prompt: bool) {
        let Some(what) = Self::writing(kind) else {
            self.open_path(path);
            return;
        };
        match writers::verdict(&path, what, &self.guarded()) {
            Verdict::Write => self.write_chosen(kind, path, false),
            Verdict::Confirm => self.confirm_replace = Some(PendingReplace { kind, path, from_prompt }),
            Verdict::Refused(why) => {
                self.status.clone_from(&why);
                if from_prompt {
                    self.prompt_note = Some(why);
                    // Back to the prompt, with a name that may be written.
                    self.path_prompt = Some((kind, self.proposed_path(kind).display().to_string()));
                }
            }
        }
    }

    fn write_chosen(&mut self, kind: DialogKind, path: PathBuf, confirmed: bool) {
        match kind {
            DialogKind::Open => self.open_path(path),
            DialogKind::SaveAs => {
                self.save_to(path, confirmed);
            }
            DialogKind::ExportWav(seed) => self.export_wav(&path, seed, confirmed),
        }
    }

    /// Commands that throw the current text away ask first when it is unsaved.
    fn discards_text(command: &Command) -> bool {
        matches!(command, Command::NewFrom(_) | Command::Open | Command::OpenExample(_) | Command::OpenRecent(_) | Command::Quit)
    }

    /// Run `command` now (asking about unsaved changes first if needed).
    pub fn execute(&mut self, command: Command, ctx: &egui::Context) {
        if Self::discards_text(&command) && self.doc.is_dirty() {
            self.unsaved_prompt = Some(command);
            return;
        }
        self.execute_unchecked(command, ctx);
    }

    fn execute_unchecked(&mut self, command: Command, ctx: &egui::Context) {
        match command {
            Command::New => self.new_chooser = true,
            Command::NewFrom(i) => {
                let template = TEMPLATES.get(i).copied().unwrap_or(TEMPLATES[0]);
                self.clear_recovery();
                self.doc = Document::new(template.text.to_owned(), None);
                self.opened_from = None;
                self.panels.player.forget_game();
                self.panels.code.show_start = true;
                self.status = format!("New game from \u{201c}{}\u{201d}: Save As to give it a name", template.title);
            }
            Command::Open => self.start_dialog(DialogKind::Open, ctx),
            Command::OpenExample(i) => {
                self.clear_recovery();
                self.open_example(i);
            }
            Command::OpenRecent(path) => {
                self.clear_recovery();
                self.open_path(path);
            }
            Command::Save => match self.doc.path.clone() {
                Some(path) => {
                    self.save_to(path, false);
                }
                None => self.start_dialog(DialogKind::SaveAs, ctx),
            },
            Command::SaveAs => self.start_dialog(DialogKind::SaveAs, ctx),
            Command::Quit => {
                self.close_confirmed = true;
                ctx.send_viewport_cmd(egui::ViewportCommand::Close);
            }
            Command::Undo => {
                if let Some(at) = self.doc.undo() {
                    self.panels.code.select = Some(at..at);
                }
            }
            // On the player's board, Ctrl+Shift+Z redoes a turn.
            Command::Redo if self.board_focused(ctx) => {
                self.panels.player.redo();
            }
            Command::Redo => {
                if let Some(at) = self.doc.redo() {
                    self.panels.code.select = Some(at..at);
                }
            }
            Command::Find => self.panels.code.open_find(false, ctx, self.doc.text()),
            Command::Replace => self.panels.code.open_find(true, ctx, self.doc.text()),
            Command::ToggleComment => self.panels.code.toggle_comment_requested = true,
            Command::GoToDefinition => self.go_to_definition(ctx),
            Command::FindUses => self.find_uses(ctx),
            Command::RunRestart => {
                self.panels.player.restart();
                layout::set_shown(&mut self.tree, PanelId::Player, true);
            }
            Command::LevelSelect => {
                layout::set_shown(&mut self.tree, PanelId::Player, true);
                self.status = "Choose the level at the top of the Player panel.".into();
            }
            Command::Rebuild => {
                self.doc.rebuild();
                self.status = format!("Rebuilt in {:.1} ms", self.doc.build_time().as_secs_f64() * 1000.0);
            }
            Command::TogglePanel(panel) => {
                match layout::is_shown(&self.tree, panel) {
                    true => layout::set_shown(&mut self.tree, panel, false),
                    false => layout::focus(&mut self.tree, panel),
                }
            }
            Command::ResetLayout => self.tree = layout::default_tree(),
            Command::ToggleWrapLines => self.panels.code.wrap_lines = !self.panels.code.wrap_lines,
            Command::PlayLevel(index) => {
                self.panels.player.select_level(index);
                layout::focus(&mut self.tree, PanelId::Player);
            }
            Command::Export => self.export.show(),
            Command::ShowSolution(index) => {
                if let Some(crate::live::Verdict::Solved(inputs)) = self.live.verdict(index) {
                    self.panels.player.show_solution(index, inputs.clone());
                    layout::focus(&mut self.tree, PanelId::Player);
                }
            }
        }
        ctx.request_repaint();
    }

    /// The name at the editor's cursor, or a status line saying there is none.
    fn name_at_cursor(&mut self, ctx: &egui::Context, what: &str) -> Option<(String, std::sync::Arc<engine::syntax::ast::Ast>)> {
        let text = self.doc.text().to_owned();
        let ast = self.doc.shared_ast();
        let name = crate::panels::code::selection(ctx, &text).and_then(|r| crate::navigate::name_at(&text, &ast, r.start));
        if name.is_none() {
            self.status = format!("Put the cursor on a name in the code to {what}.");
        }
        name.map(|n| (n, ast))
    }

    fn go_to_definition(&mut self, ctx: &egui::Context) {
        let Some((name, ast)) = self.name_at_cursor(ctx, "go to its definition") else { return };
        match crate::navigate::definition(&ast, &name) {
            Some(span) => {
                self.jump = Some(span.start..span.end);
                layout::focus(&mut self.tree, PanelId::Code);
                self.status = format!("{name}: defined on line {}", span.line);
            }
            None => self.status = format!("{name} is not defined in this game"),
        }
    }

    fn find_uses(&mut self, ctx: &egui::Context) {
        let Some((name, ast)) = self.name_at_cursor(ctx, "list its uses") else { return };
        let spans = crate::navigate::uses_in(self.doc.text(), &ast, &name);
        self.status = format!("{name}: {} in the Outline", crate::panels::problems::count(spans.len(), "use"));
        self.panels.outline.uses = Some(crate::panels::outline::Uses { name, spans });
        layout::focus(&mut self.tree, PanelId::Outline);
    }

    fn menu_item(&mut self, ui: &mut egui::Ui, command: Command, enabled: bool) {
        let mut button = egui::Button::new(command.label());
        if let Some(shortcut) = command.shortcut() {
            button = button.shortcut_text(ui.ctx().format_shortcut(&shortcut));
        }
        if ui.add_enabled(enabled, button).clicked() {
            self.queued.push(command);
            ui.close();
        }
    }

    fn menu_bar_ui(&mut self, ui: &mut egui::Ui) {
        egui::MenuBar::new().ui(ui, |ui| {
            ui.menu_button("File", |ui| {
                self.menu_item(ui, Command::New, true);
                self.menu_item(ui, Command::Open, true);
                ui.menu_button("Open Example", |ui| {
                    for i in 0..EXAMPLES.len() {
                        self.menu_item(ui, Command::OpenExample(i), true);
                    }
                });
                ui.menu_button("Open Recent", |ui| {
                    if self.recent.is_empty() {
                        ui.weak("Nothing yet");
                    }
                    for path in self.recent.clone() {
                        self.menu_item(ui, Command::OpenRecent(path), true);
                    }
                });
                ui.separator();
                self.menu_item(ui, Command::Save, true);
                self.menu_item(ui, Command::SaveAs, true);
                self.menu_item(ui, Command::Export, true);
                ui.separator();
                self.menu_item(ui, Command::Quit, true);
            });
            ui.menu_button("Edit", |ui| {
                let (undo, redo) = (self.doc.can_undo(), self.doc.can_redo());
                self.menu_item(ui, Command::Undo, undo);
                self.menu_item(ui, Command::Redo, redo);
                ui.separator();
                self.menu_item(ui, Command::Find, true);
                self.menu_item(ui, Command::Replace, true);
                self.menu_item(ui, Command::ToggleComment, true);
                ui.separator();
                self.menu_item(ui, Command::GoToDefinition, true);
                self.menu_item(ui, Command::FindUses, true);
            });
            ui.menu_button("Run", |ui| {
                self.menu_item(ui, Command::RunRestart, true);
                self.menu_item(ui, Command::Rebuild, true);
                self.menu_item(ui, Command::LevelSelect, true);
            });
            ui.menu_button("View", |ui| {
                for panel in PanelId::ALL {
                    let mut shown = layout::is_shown(&self.tree, panel);
                    if ui.checkbox(&mut shown, panel.title()).clicked() {
                        self.queued.push(Command::TogglePanel(panel));
                    }
                }
                ui.separator();
                self.menu_item(ui, Command::ResetLayout, true);
                ui.separator();
                let mut wrap = self.panels.code.wrap_lines;
                if ui.checkbox(&mut wrap, Command::ToggleWrapLines.label()).on_hover_text("Wrap long lines in the code editor (kept between runs)").clicked() {
                    self.queued.push(Command::ToggleWrapLines);
                }
                ui.separator();
                let mut muted = self.audio.muted();
                if ui.checkbox(&mut muted, "Mute sound").changed() {
                    self.audio.set_muted(muted);
                }
                let mut volume = self.audio.volume();
                let slider = egui::Slider::new(&mut volume, 0.0..=1.0).text("Volume").show_value(false);
                if ui.add_enabled(!muted, slider).changed() {
                    self.audio.set_volume(volume);
                }
            });
        });
    }

    fn status_bar_ui(&self, ui: &mut egui::Ui) {
        ui.horizontal(|ui| {
            let diags = self.doc.diagnostics();
            let errors = diags.iter().filter(|d| d.is_error()).count();
            let warnings = diags.len() - errors;
            let summary = if errors > 0 {
                egui::RichText::new(format!("{}, {}", crate::panels::problems::count(errors, "error"), crate::panels::problems::count(warnings, "warning"))).color(ui.visuals().error_fg_color)
            } else {
                egui::RichText::new(format!("compiles, {}", crate::panels::problems::count(warnings, "warning")))
            };
            ui.label(summary);
            ui.separator();
            ui.label(&self.status);
            ui.with_layout(egui::Layout::right_to_left(egui::Align::Center), |ui| {
                let name = self.doc.path.as_ref().map_or_else(|| self.doc.display_name(), |p| p.display().to_string());
                ui.weak(if self.doc.is_dirty() { format!("{name} (unsaved)") } else { name });
            });
        });
    }

    #[expect(clippy::too_many_lines, reason = "one modal prompt after another in a flat list; split per prompt when the app's command queue lands (issue 12, point 4)")]
    fn prompts_ui(&mut self, ctx: &egui::Context) {
        if let Some(offer) = self.restore_offer.clone() {
            let modal = egui::Modal::new(egui::Id::unique("restore_offer")).show(ctx, |ui| {
                ui.heading("Restore unsaved work?");
                let of = offer.path.as_ref().map_or_else(|| "an untitled game".to_owned(), |p| p.display().to_string());
                ui.label("Puzzlewright did not close cleanly last time. It kept the unsaved text of:");
                ui.horizontal(|ui| {
                    // The file and its size, each on one line: a long path is
                    // cut short rather than the count broken in two.
                    let lines = offer.text.lines().count();
                    let count = if lines == 1 { "(1 line)".to_owned() } else { format!("({lines} lines)") };
                    ui.add(egui::Label::new(egui::RichText::new(count).weak()).wrap_mode(egui::TextWrapMode::Extend));
                    ui.add(egui::Label::new(egui::RichText::new(of).monospace()).truncate());
                });
                ui.horizontal(|ui| {
                    if ui.button("Restore").clicked() {
                        self.doc = Document::new(offer.text.clone(), offer.path.clone());
                        self.panels.player.forget_game();
                        self.panels.code.show_start = true;
                        self.doc.mark_unsaved();
                        self.status = "Restored the unsaved text".into();
                        self.restore_offer = None;
                    }
                    if ui.button("Discard").clicked() {
                        self.clear_recovery();
                        self.restore_offer = None;
                    }
                });
            });
            let _ = modal;
            return;
        }
        if let Some(command) = self.unsaved_prompt.clone() {
            egui::Modal::new(egui::Id::unique("unsaved_prompt")).show(ctx, |ui| {
                ui.heading("Unsaved changes");
                ui.label(format!("{} has changes that are not saved.", self.doc.display_name()));
                ui.horizontal(|ui| {
                    if ui.button("Save").clicked() {
                        self.unsaved_prompt = None;
                        match self.doc.path.clone() {
                            Some(path) => {
                                if self.save_to(path, false) {
                                    self.execute_unchecked(command.clone(), ctx);
                                }
                            }
                            None => self.start_dialog(DialogKind::SaveAs, ctx),
                        }
                    }
                    if ui.button("Don't Save").clicked() {
                        self.unsaved_prompt = None;
                        self.clear_recovery();
                        self.execute_unchecked(command.clone(), ctx);
                    }
                    if ui.button("Cancel").clicked() {
                        self.unsaved_prompt = None;
                    }
                });
            });
        }
        if self.new_chooser {
            egui::Modal::new(egui::Id::unique("new_chooser")).show(ctx, |ui| {
                ui.heading("New game: choose a starting point");
                ui.label("Each starting point is a small game that already plays: change it into yours.");
                ui.add_space(6.0);
                for (i, template) in TEMPLATES.iter().enumerate() {
                    ui.horizontal(|ui| {
                        if ui.button(template.title).on_hover_text(template.blurb).clicked() {
                            self.new_chooser = false;
                            self.queued.push(Command::NewFrom(i));
                        }
                        ui.weak(template.blurb);
                    });
                }
                ui.add_space(6.0);
                if ui.button("Cancel").clicked() {
                    self.new_chooser = false;
                }
            });
        }
        if let Some((kind, mut path)) = self.path_prompt.take() {
            let mut keep = true;
            egui::Modal::new(egui::Id::unique("path_prompt")).show(ctx, |ui| {
                let verb = if kind == DialogKind::Open { "Open" } else { "Save" };
                let what = Self::writing(kind).map_or_else(|| "a file".to_owned(), Writing::describe);
                ui.heading(format!("{verb} {what}"));
                ui.label("No file dialog is available on this desktop. Type a path:");
                if let Some(note) = &self.prompt_note {
                    ui.colored_label(ui.visuals().warn_fg_color, note);
                }
                let field = ui.add(egui::TextEdit::singleline(&mut path).id_salt("path_prompt_field").desired_width(420.0));
                field.request_focus();
                let enter = ui.input(|i| i.key_pressed(egui::Key::Enter));
                ui.horizontal(|ui| {
                    if (ui.button(verb).clicked() || enter) && !path.trim().is_empty() {
                        keep = false;
                        self.chosen(kind, PathBuf::from(path.trim()), true);
                    }
                    if ui.button("Cancel").clicked() {
                        keep = false;
                    }
                });
            });
            if keep {
                self.path_prompt = Some((kind, path));
            } else if self.path_prompt.is_none() {
                self.prompt_note = None;
            }
        }
        if let Some(pending) = self.confirm_replace.clone() {
            egui::Modal::new(egui::Id::unique("confirm_replace")).show(ctx, |ui| {
                let name = pending.path.file_name().map_or_else(|| pending.path.display().to_string(), |n| n.to_string_lossy().into_owned());
                let what = Self::writing(pending.kind).map_or_else(String::new, Writing::describe);
                ui.heading(format!("Replace {name}?"));
                ui.label(format!("{} already exists. Replace it with {what}?", pending.path.display()));
                ui.horizontal(|ui| {
                    if ui.button("Replace").clicked() {
                        self.confirm_replace = None;
                        self.write_chosen(pending.kind, pending.path.clone(), true);
                    }
                    if ui.button("Cancel").clicked() {
                        self.confirm_replace = None;
                        if pending.from_prompt {
                            self.path_prompt = Some((pending.kind, pending.path.display().to_string()));
                        } else {
                            self.status = format!("{} was not replaced", pending.path.display());
                        }
                    }
                });
            });
        }
    }

    /// Everything drawn in one frame.
    pub fn ui_root(&mut self, ui: &mut egui::Ui) {
        let started = std::time::Instant::now();
        let cpu_started = if self.timing { thread_cpu_time() } else { None };
        let revision = self.doc.revision();
        self.frame_ui(ui);
        if self.timing && self.doc.revision() != revision {
            let cpu = thread_cpu_time().zip(cpu_started).map(|(b, a)| b.saturating_sub(a));
            eprintln!(
                "edit frame: {:?} wall, {:?} on the UI thread (build {:?}, highlight [cache, job, layout] {:?})",
                started.elapsed(),
                cpu.unwrap_or_default(),
                self.doc.build_time(),
                self.panels.code.highlight_timing()
            );
        }
    }

    fn frame_ui(&mut self, ui: &mut egui::Ui) {
        let ctx = ui.ctx().clone();

        // Keyboard shortcuts, taken before the editor sees them.
        if self.restore_offer.is_none() && self.unsaved_prompt.is_none() && self.path_prompt.is_none() && self.confirm_replace.is_none() && !self.new_chooser {
            self.queued.extend(Command::consume_shortcuts(&ctx));
        }
        // Closing the window asks about unsaved text like Quit does.
        if ctx.input(|i| i.viewport().close_requested()) && !self.close_confirmed && self.doc.is_dirty() {
            ctx.send_viewport_cmd(egui::ViewportCommand::CancelClose);
            self.unsaved_prompt = Some(Command::Quit);
        }
        // Dropped files open like Open.
        let dropped: Vec<PathBuf> = ctx.input(|i| i.raw.dropped_files.iter().map(|f| f.path().to_path_buf()).filter(|p| !p.as_os_str().is_empty()).collect());
        if let Some(path) = dropped.into_iter().next() {
            self.queued.push(Command::OpenRecent(path));
        }
        if self.doc.poll_build() {
            ctx.request_repaint();
        }
        if self.doc.is_building() {
            ctx.request_repaint_after(std::time::Duration::from_millis(15));
        }
        // The live checks answer on their thread (and ask for a repaint).
        if !self.doc.is_building() {
            self.live.poll(self.doc.build(), &ctx);
        }
        for command in std::mem::take(&mut self.queued) {
            self.execute(command, &ctx);
        }
        // The first seconds follow the window: a desktop without a window
        // manager may settle the window's size after the first frames, and
        // a reactive UI would otherwise keep a stale first layout until some
        // input came. Also whenever the window's reported size and the area
        // laid out disagree.
        let (inner, laid_out) = ctx.input(|i| (i.viewport().inner_rect, i.content_rect()));
        let disagree = inner.is_some_and(|r| (r.size() - laid_out.size()).abs().max_elem() > 1.0);
        if disagree || self.started.elapsed() < FOLLOW_WINDOW_FOR {
            ctx.request_repaint_after(std::time::Duration::from_millis(100));
        }
        // No sound device: say so once, with the reason (the device opens
        // on a thread, so look until it has answered).
        if !self.no_sound_said {
            if let Some(reason) = self.audio.unavailable() {
                self.status = format!("No sound: {reason}. The studio plays silently.");
                self.no_sound_said = true;
            } else if self.started.elapsed() < std::time::Duration::from_secs(10) {
                ctx.request_repaint_after(std::time::Duration::from_millis(250));
            }
        }
        if let Some((kind, outcome)) = self.dialogs.poll() {
            match outcome {
                DialogOutcome::Picked(path) => self.chosen(kind, path, false),
                DialogOutcome::Cancelled => {}
                DialogOutcome::Unavailable => {
                    // Never the game's own path for an export: a name of
                    // the export's kind, beside the game.
                    let mut start = self.proposed_path(kind).display().to_string();
                    if kind == DialogKind::Open && !start.is_empty() && !start.ends_with(std::path::MAIN_SEPARATOR) {
                        start.push(std::path::MAIN_SEPARATOR);
                    }
                    self.path_prompt = Some((kind, start));
                }
            }
        }

        egui::Panel::top("menu_bar").show(ui, |ui| self.menu_bar_ui(ui));
        let source = crate::export_dialog::ExportSource {
            text: self.doc.text(),
            path: self.doc.path.clone(),
            recorder: self.panels.player.recorder.as_ref(),
            entry: self.panels.player.level(),
        };
        self.export.ui(&ctx, &source);
        egui::Panel::bottom("status_bar").show(ui, |ui| self.status_bar_ui(ui));
        // The debugger records the player's turns only while it is shown.
        self.panels.player.debug.recording = layout::is_shown(&self.tree, PanelId::Debugger);
        egui::CentralPanel::no_frame().show(ui, |ui| {
            let mut commands = Vec::new();
            let mut behavior = layout::Behavior {
                panels: &mut self.panels,
                ctx: PanelContext { doc: &mut self.doc, commands: &mut commands, jump: &mut self.jump, live: &mut self.live },
            };
            self.tree.ui(&mut behavior, ui);
            self.queued.extend(commands);
        });
        // A jump into the code (from Problems, the Outline, go to
        // definition) brings the code panel to the front to be seen.
        if self.jump.is_some() && !self.code_in_front() {
            layout::focus(&mut self.tree, PanelId::Code);
            ctx.request_repaint();
        }
        if let Some(seed) = self.panels.sounds.export_request.take() {
            self.start_dialog(DialogKind::ExportWav(seed), &ctx);
        }
        if ctx.input(|i| !i.raw.hovered_files.is_empty()) {
            let painter = ctx.layer_painter(egui::LayerId::new(egui::Order::Foreground, egui::Id::unique("drop")));
            let rect = ctx.content_rect();
            painter.rect_filled(rect, 0.0, egui::Color32::from_black_alpha(160));
            painter.text(rect.center(), egui::Align2::CENTER_CENTER, "Drop a .txt or .html game to open it", egui::FontId::proportional(24.0), egui::Color32::WHITE);
        }
        self.prompts_ui(&ctx);

        // Autosave (not while a restore offer still needs an answer).
        if self.restore_offer.is_none() {
            let guarded = self.guarded();
            let before = self.recovery.failure().map(str::to_owned);
            self.recovery.tick(&self.doc, &guarded, false);
            self.report_autosave(before);
            if self.doc.is_dirty() {
                ctx.request_repaint_after(crate::recovery::AUTOSAVE_EVERY);
            }
        }
        let title = format!("{}{} — Puzzlewright", self.doc.display_name(), if self.doc.is_dirty() { " *" } else { "" });
        if title != self.title {
            ctx.send_viewport_cmd(egui::ViewportCommand::Title(title.clone()));
            self.title = title;
        }
    }
}

impl eframe::App for StudioApp {
    fn ui(&mut self, ui: &mut egui::Ui, _frame: &mut eframe::Frame) {
        self.ui_root(ui);
    }

    fn save(&mut self, _storage: &mut dyn eframe::Storage) {
        // Our settings go through the safe writers, not eframe's storage
        // (which writes its file in place).
        self.save_settings();
    }

    fn on_exit(&mut self, _gl: Option<&eframe::glow::Context>) {
        // The user has answered the unsaved-changes prompt by now.
        self.clear_recovery();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn layout_and_recent_files_survive_a_round_trip() {
        let mut tree = layout::default_tree();
        layout::set_shown(&mut tree, PanelId::Player, false);
        let progress = std::collections::BTreeMap::from([("my game".to_owned(), 3)]);
        let saved = Persisted {
            recent: vec![PathBuf::from("/games/a.txt")],
            tree: Some(tree),
            progress,
            checkpoints: std::collections::BTreeMap::new(),
            sound_favourites: vec![4201, 707],
            muted: true,
            volume: Some(0.5),
            wrap_lines: true,
            hidden_checks: vec!["A0101".to_owned()],
        };
        let json = serde_json::to_string(&saved).expect("serialize");
        let back: Persisted = serde_json::from_str(&json).expect("deserialize");
        assert_eq!(back.recent, saved.recent);
        let tree = back.tree.expect("tree");
        assert!(!layout::is_shown(&tree, PanelId::Player));
        assert!(layout::is_shown(&tree, PanelId::Code));
        assert_eq!(back.progress.get("my game"), Some(&3));
        assert_eq!(back.sound_favourites, vec![4201, 707]);
        assert!(back.muted);
        assert_eq!(back.volume, Some(0.5));
        assert!(back.wrap_lines);
        assert_eq!(back.hidden_checks, vec!["A0101".to_owned()]);
        // Settings saved before sound settings existed load unmuted, full volume.
        let old: Persisted = serde_json::from_str(r#"{"recent":[],"tree":null}"#).expect("old settings");
        assert!(!old.muted);
        assert_eq!(old.volume, None);
        assert!(!old.wrap_lines);
        let app = StudioApp::with_parts(Startup::Example(0), saved, Box::new(files::NoDialogs::default()), None);
        assert!(app.audio().muted());
        assert!((app.audio().volume() - 0.5).abs() < f32::EPSILON);
        assert!(app.panels.code.wrap_lines, "wrapping is kept between runs");
        assert!(!app.live.is_shown("A0101"), "a hidden design check stays hidden");
        assert!(old.hidden_checks.is_empty());
    }
}
