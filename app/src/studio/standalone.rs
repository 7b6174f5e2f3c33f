//! The window of an exported native game: the player alone, opened
//! straight on the game's title screen, with no editor.
//!
//! The title bar is the game's title; the window is resizable and F11
//! toggles full screen. Keys are the player's (arrows or WASD, X / Space /
//! Enter, Z, R, Esc). Sound goes to the default output device. The level
//! reached is kept in the platform's data folder under an id made from the
//! title (`puzzlewright-TITLE`), through eframe's storage, with the
//! checkpoint saved in it.

use std::collections::BTreeMap;
use std::process::ExitCode;
use std::sync::Arc;

use crate::audio::{Controlled, RodioAudio};
use crate::document::Document;
use crate::panels::player::{BOARD_ID, PlayerPanel};
use crate::panels::{Panel as _, PanelContext};
use crate::request::Requests;

/// The storage key of the progress.
const PROGRESS_KEY: &str = "progress";
/// The storage key of the checkpoints.
const CHECKPOINTS_KEY: &str = "checkpoints";

/// The help `--help` prints for the game in `source`.
#[must_use]
pub fn help(source: &str) -> String {
    let build = engine::build(source);
    let meta = build.game.as_ref().or(build.salvaged.as_ref()).map(|g| g.metadata.clone()).unwrap_or_default();
    let title = meta.title.as_deref().map(printable).unwrap_or_else(|| "An untitled game".to_owned());
    let by = meta.author.as_deref().map(|a| format!(" by {}", printable(a))).unwrap_or_default();
    format!(
        "{title}{by}: a PuzzleScript game, made with Puzzlewright.\n\n\
         Run it with no arguments to play.\n\n\
         keys: arrows or WASD move, X / Space / Enter act, Z undoes, R restarts,\n\
         Esc goes back to the title screen, F11 toggles full screen.\n\
         Progress is kept in this computer's data folder for games."
    )
}

/// `text` with its control characters (escape sequences, bells, carriage
/// returns) shown as `\u{..}` escapes, so a game's title cannot drive the
/// terminal that prints it.
fn printable(text: &str) -> String {
    text.chars().map(|c| if c.is_control() { c.escape_unicode().to_string() } else { c.to_string() }).collect()
}

/// The window's application id for the game titled `title` (also the name
/// of its data folder).
#[must_use]
pub fn app_id(title: &str) -> String {
    format!("puzzlewright-{}", crate::export::file_stem_for(title))
}

/// The player of one shipped game.
pub struct StandaloneApp {
    doc: Document,
    player: PlayerPanel,
    /// What the player asks of a studio: nothing here acts on it.
    requests: Requests,
    fullscreen: bool,
    focused_once: bool,
}

impl StandaloneApp {
    /// The player of `source`, with the progress (level reached and
    /// checkpoint, per game) kept from earlier runs.
    #[must_use]
    pub fn new(
        source: String,
        progress: BTreeMap<String, usize>,
        checkpoints: &BTreeMap<String, String>,
        audio: Option<crate::audio::SharedAudio>,
    ) -> Self {
        let mut player = PlayerPanel::default();
        player.shipped = true;
        player.set_progress(progress);
        player.set_checkpoints(checkpoints);
        player.audio = audio;
        Self {
            doc: Document::new(source, None),
            player,
            requests: Requests::default(),
            fullscreen: false,
            focused_once: false,
        }
    }

    /// The player panel (for tests).
    #[must_use]
    pub fn player(&self) -> &PlayerPanel {
        &self.player
    }

    /// Draw one frame into `ui` (the whole window).
    pub fn ui_root(&mut self, ui: &mut egui::Ui) {
        if ui.input(|i| i.key_pressed(egui::Key::F11)) {
            self.fullscreen = !self.fullscreen;
            ui.ctx().send_viewport_cmd(egui::ViewportCommand::Fullscreen(self.fullscreen));
        }
        self.doc.poll_build();
        // The board has the keys from the start, there being nothing else:
        // asked for before it is drawn, so its first frame has them.
        let board = egui::Id::unique(BOARD_ID);
        if !self.focused_once || ui.memory(|m| m.focused().is_none()) {
            ui.memory_mut(|m| m.request_focus(board));
            self.focused_once = true;
        }
        egui::CentralPanel::default().show(ui, |ui| {
            let mut live = crate::live::LiveChecks::off();
            let mut kept = crate::keeper::Keeper::off();
            let mut cx =
                PanelContext { doc: &mut self.doc, requests: &mut self.requests, live: &mut live, kept: &mut kept };
            self.player.ui(ui, &mut cx);
        });
        let _ = self.requests.take();
    }
}

impl eframe::App for StandaloneApp {
    fn ui(&mut self, ui: &mut egui::Ui, _frame: &mut eframe::Frame) {
        self.ui_root(ui);
    }

    fn auto_save_interval(&self) -> std::time::Duration {
        // Progress is small; keep it even if the game is killed.
        std::time::Duration::from_secs(2)
    }

    fn save(&mut self, storage: &mut dyn eframe::Storage) {
        eframe::set_value(storage, PROGRESS_KEY, self.player.progress());
        eframe::set_value(storage, CHECKPOINTS_KEY, &self.player.checkpoints());
    }
}

/// Open the game's window (the native export's `main`). `args` are the
/// command-line arguments after the program name.
pub fn run(source: String, args: &[String]) -> anyhow::Result<ExitCode> {
    if let Some(arg) = args.first() {
        if matches!(arg.as_str(), "--help" | "-h" | "help") {
            println!("{}", help(&source));
            return Ok(ExitCode::SUCCESS);
        }
        eprintln!("unknown argument `{arg}`\n\n{}", help(&source));
        return Ok(ExitCode::from(2));
    }
    let build = engine::build(&source);
    let title =
        build.game.as_ref().and_then(|g| g.metadata.title.clone()).unwrap_or_else(|| "PuzzleScript game".to_owned());
    let id = app_id(&title);
    let options = eframe::NativeOptions {
        viewport: egui::ViewportBuilder::default()
            .with_title(&title)
            .with_app_id(&id)
            .with_inner_size([800.0, 600.0])
            .with_min_inner_size([240.0, 200.0])
            .with_resizable(true),
        renderer: eframe::Renderer::Glow,
        ..Default::default()
    };
    eframe::run_native(
        &id,
        options,
        Box::new(move |cc| {
            let progress = cc.storage.and_then(|s| eframe::get_value(s, PROGRESS_KEY)).unwrap_or_default();
            let checkpoints: BTreeMap<String, String> =
                cc.storage.and_then(|s| eframe::get_value(s, CHECKPOINTS_KEY)).unwrap_or_default();
            let output = RodioAudio::new();
            output.open();
            let audio: crate::audio::SharedAudio = Arc::new(Controlled::new(Arc::new(output)));
            Ok(Box::new(StandaloneApp::new(source, progress, &checkpoints, Some(audio))))
        }),
    )
    .map_err(|e| anyhow::anyhow!("cannot open the game's window: {e}"))?;
    Ok(ExitCode::SUCCESS)
}

#[cfg(test)]
mod tests {
    #[test]
    fn the_help_never_prints_control_characters_from_the_game() {
        let source = "title Red\u{1b}[31m Alert\u{7}\nauthor Me\u{1b}]0;owned\u{7}\n\nOBJECTS\nBackground\nblack\nPlayer\nwhite\n\n\
                      LEGEND\n. = Background\nP = Player\n\nSOUNDS\n\nCOLLISIONLAYERS\nBackground\nPlayer\n\n\
                      RULES\n\nWINCONDITIONS\n\nLEVELS\nP.\n";
        let help = super::help(source);
        assert!(!help.chars().any(|c| c.is_control() && c != '\n'), "{help:?}");
        assert!(
            help.starts_with("Red\\u{1b}[31m Alert\\u{7} by Me\\u{1b}]0;owned\\u{7}: a PuzzleScript game"),
            "{help}"
        );
    }
}
