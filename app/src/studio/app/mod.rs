//! The studio application: owns the document, the panel layout, the
//! settings and the pending prompts. Split by job, like rerun's viewer:
//! `frame` (what happens each frame, in order), `commands` (turning
//! [`Command`]s and the panels' [`AppRequest`]s into actions), `file_ops`
//! (open, save, export a sound, the file dialogs), `menus` (menu and status
//! bars) and `prompts` (the modal questions). Panels draw themselves.

mod commands;
mod file_ops;
mod frame;
mod menus;
mod prompts;

use std::path::PathBuf;
use std::sync::Arc;

use serde::{Deserialize, Serialize};

use crate::audio::{Audio, Controlled, RodioAudio, SharedAudio, silent};
use crate::command::Command;
use crate::document::Document;
use crate::files::{self, DialogKind, Dialogs};
use crate::layout::{self, PanelId};
use crate::panels::Panels;
use crate::recovery::{Recovered, Recovery};
use crate::request::Requests;
use crate::writers::{self, Guarded, Replace, Writing};

/// What to show first.
#[derive(Debug, Clone)]
pub enum Startup {
    /// Open this file (or start it, if it does not exist yet).
    File(PathBuf),
    /// Open the built-in example with this index.
    Example(usize),
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

pub(super) const RECENT_LIMIT: usize = 10;

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
    /// The debugger's session to write once the author says where
    /// ([`AppRequest::SaveTest`](crate::request::AppRequest::SaveTest)).
    pending_test: Option<String>,
    /// The file the open game was read from when it opened as a copy.
    opened_from: Option<PathBuf>,
    /// Where the settings file is kept (`None`: not kept, in tests).
    settings_dir: Option<PathBuf>,
    /// The last settings write failed with this (said once).
    settings_failure: Option<String>,
    /// What the panels asked for while they were drawn.
    requests: Requests,
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
    /// The open game's kept solutions, replayed after each build.
    pub kept: crate::keeper::Keeper,
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
        let mut app =
            Self::with_parts(startup, persisted.unwrap_or_default(), Box::new(files::RfdDialogs::default()), dir);
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
            pending_test: None,
            opened_from: None,
            settings_dir,
            settings_failure: None,
            requests: Requests::default(),
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
            kept: crate::keeper::Keeper::default(),
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
        let written = writers::write(
            &dir.join(SETTINGS_FILE),
            Writing::Settings,
            json.as_bytes(),
            &self.guarded(),
            Replace::Unconfirmed,
        );
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

    /// Whether the player's board has the keyboard.
    fn board_focused(&self, ctx: &egui::Context) -> bool {
        ctx.memory(|m| m.focused()) == Some(egui::Id::unique(crate::panels::player::BOARD_ID))
    }

    /// True when the code panel is showing (its tab in front).
    fn code_in_front(&self) -> bool {
        self.tree
            .tiles
            .find_pane(&PanelId::Code)
            .is_some_and(|id| self.tree.is_visible(id) && self.tree.active_tiles().contains(&id))
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
