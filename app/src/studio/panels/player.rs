//! The player panel: plays the last game that compiled, through
//! `engine::run::Session`, beside the code.
//!
//! Keys (when the board has focus; click it): arrows or WASD move, X or
//! Space act, Z undoes, R restarts. A rebuild keeps the level being played
//! when it still exists. `again` turns run on the game's again interval.
//! Any panic from the engine (still being written) is caught and shown.

use std::panic::{AssertUnwindSafe, catch_unwind};
use std::sync::Arc;
use std::time::{Duration, Instant};

use engine::compile::Game;
use engine::run::{Event, Input, Session};

use super::{Panel, PanelContext};

/// The docked player.
#[derive(Default)]
pub struct PlayerPanel {
    session: Option<Session>,
    game: Option<Arc<Game>>,
    level: usize,
    message: Option<String>,
    won: bool,
    next_again: Option<Instant>,
    next_tick: Option<Instant>,
    texture: Option<egui::TextureHandle>,
    frame_dirty: bool,
    look: Option<engine::render::Look>,
    camera: engine::render::Camera,
    failure: Option<String>,
}

/// The egui id of the board (it takes keyboard focus when clicked).
pub const BOARD_ID: &str = "player_board";

fn guarded<T>(f: impl FnOnce() -> T) -> Result<T, String> {
    catch_unwind(AssertUnwindSafe(f)).map_err(|e| {
        e.downcast_ref::<&str>()
            .map(|s| (*s).to_owned())
            .or_else(|| e.downcast_ref::<String>().cloned())
            .unwrap_or_else(|| "the engine stopped unexpectedly".to_owned())
    })
}

impl PlayerPanel {
    /// Restart the current level.
    pub fn restart(&mut self) {
        if let Some(session) = &mut self.session {
            let result = guarded(|| session.restart());
            self.after_turn(result);
        }
    }

    /// Play entry `index` of the LEVELS section.
    pub fn select_level(&mut self, index: usize) {
        self.level = index;
        self.game = None; // start a fresh session on the next frame
    }

    /// The level state in the engine's dump format (for tests).
    #[must_use]
    pub fn dump(&self) -> Option<String> {
        self.session.as_ref().map(Session::dump)
    }

    /// The entry of LEVELS being played.
    #[must_use]
    pub fn level(&self) -> usize {
        self.level
    }

    /// Number of entries in the LEVELS section of the game being played.
    #[must_use]
    pub fn level_count(&self) -> usize {
        self.game.as_ref().map_or(0, |g| g.levels.len())
    }

    fn start(&mut self, game: Arc<Game>) {
        let level = self.level.min(game.levels.len().saturating_sub(1));
        self.message = None;
        self.won = false;
        self.next_again = None;
        self.frame_dirty = true;
        self.look = None;
        self.camera = engine::render::Camera::default();
        match guarded(|| Session::new(game.clone(), level, None)) {
            Ok(session) => {
                self.session = Some(session);
                self.failure = None;
                self.level = level;
                self.after_turn(Ok(()));
            }
            Err(err) => {
                self.session = None;
                self.failure = Some(err);
            }
        }
        self.game = Some(game);
    }

    fn after_turn(&mut self, result: Result<(), String>) {
        self.frame_dirty = true;
        if let Err(err) = result {
            self.failure = Some(err);
            self.session = None;
            return;
        }
        let Some(session) = &mut self.session else { return };
        for event in session.take_events() {
            match event {
                Event::Message(text) => self.message = Some(text),
                Event::LevelChanged(i) => {
                    self.level = i;
                    self.message = None;
                }
                Event::GameWon => self.won = true,
                _ => {}
            }
        }
        if session.again_pending() {
            let secs = session.game().metadata.again_interval.clamp(0.0, 2.0);
            self.next_again = Some(Instant::now() + Duration::from_secs_f64(secs));
        } else {
            self.next_again = None;
        }
    }

    /// The text of the current LEVELS entry when it is a message.
    fn entry_message(&self) -> Option<String> {
        match self.game.as_ref()?.levels.get(self.level)? {
            engine::compile::Level::Message(text) => Some(text.clone()),
            engine::compile::Level::Map(_) => None,
        }
    }

    /// Dismiss the message on screen: a message entry of LEVELS moves on
    /// to the next entry; a rule's message returns to the level.
    fn dismiss_text(&mut self) {
        if self.won {
            self.won = false;
            self.select_level(0);
        } else if self.entry_message().is_some() {
            if self.level + 1 < self.level_count() {
                self.select_level(self.level + 1);
            } else {
                self.won = true;
            }
        }
        self.message = None;
        self.frame_dirty = true;
    }

    fn turn(&mut self, input: Option<Input>, undo: bool, restart: bool) {
        let Some(session) = &mut self.session else { return };
        let result = guarded(|| {
            if undo {
                session.undo();
            } else if restart {
                session.restart();
            } else if let Some(input) = input {
                session.input(input);
            }
        });
        self.after_turn(result);
    }

    /// The visible part of the level (whole level, flickscreen screen or
    /// zoomscreen window) drawn by `engine::render`.
    fn board_image(&mut self) -> Option<egui::ColorImage> {
        let session = self.session.as_ref()?;
        if session.size().0 == 0 || session.size().1 == 0 {
            return None;
        }
        let look = self.look.get_or_insert_with(|| engine::render::Look::new(session.game()));
        let view = self.camera.view(session);
        let frame = engine::render::level_frame(look, session, view);
        let pixels = frame.pixels.iter().map(|p| egui::Color32::from_rgb(p.0[0], p.0[1], p.0[2])).collect();
        Some(egui::ColorImage::new([frame.width, frame.height], pixels))
    }

    fn keys(ui: &egui::Ui) -> (Option<Input>, bool, bool) {
        use egui::{Key, Modifiers};
        ui.ctx().input_mut(|i| {
            let mut take = |keys: &[Key]| keys.iter().any(|k| i.consume_key(Modifiers::NONE, *k));
            let input = if take(&[Key::ArrowUp, Key::W]) {
                Some(Input::Up)
            } else if take(&[Key::ArrowDown, Key::S]) {
                Some(Input::Down)
            } else if take(&[Key::ArrowLeft, Key::A]) {
                Some(Input::Left)
            } else if take(&[Key::ArrowRight, Key::D]) {
                Some(Input::Right)
            } else if take(&[Key::X, Key::Space, Key::Enter]) {
                Some(Input::Action)
            } else {
                None
            };
            (input, take(&[Key::Z, Key::U]), take(&[Key::R]))
        })
    }
}

impl Panel for PlayerPanel {
    fn title(&self, _cx: &PanelContext<'_>) -> String {
        "Player".to_owned()
    }

    fn ui(&mut self, ui: &mut egui::Ui, cx: &mut PanelContext<'_>) {
        let game = cx.doc.build().and_then(|b| b.game.clone());
        let playable = game.as_ref().is_some_and(|g| !g.levels.is_empty())
            && !engine::diag::has_errors(cx.doc.diagnostics());
        if !playable {
            self.session = None;
            self.game = None;
            ui.vertical_centered(|ui| {
                ui.add_space((ui.available_height() / 2.0 - 40.0).max(8.0));
                ui.heading("Nothing to play yet");
                ui.add_space(6.0);
                ui.colored_label(ui.visuals().warn_fg_color, "The game does not compile: see Problems.");
            });
            return;
        }
        if let Some(game) = game
            && !self.game.as_ref().is_some_and(|g| Arc::ptr_eq(g, &game))
        {
            self.start(game);
        }

        // Header: level choice, restart, undo.
        let count = self.level_count();
        let mut pick = None;
        let (mut undo, mut restart) = (false, false);
        ui.horizontal(|ui| {
            if ui.add_enabled(self.level > 0, egui::Button::new("<")).on_hover_text("Previous level").clicked() {
                pick = Some(self.level - 1);
            }
            egui::ComboBox::new("level_select", format!("of {count}"))
                .selected_text(format!("Level {}", self.level + 1))
                .show_ui(ui, |ui| {
                    for i in 0..count {
                        if ui.selectable_label(i == self.level, format!("Level {}", i + 1)).clicked() {
                            pick = Some(i);
                        }
                    }
                });
            if ui.add_enabled(self.level + 1 < count, egui::Button::new(">")).on_hover_text("Next level").clicked() {
                pick = Some(self.level + 1);
            }
            ui.separator();
            restart = ui.button("Restart").on_hover_text("R").clicked();
            undo = ui.button("Undo").on_hover_text("Z").clicked();
        });
        if let Some(i) = pick {
            self.select_level(i);
            ui.ctx().request_repaint();
        }

        if let Some(failure) = &self.failure {
            ui.colored_label(ui.visuals().error_fg_color, format!("The engine failed while playing: {failure}"));
            return;
        }

        // The board.
        let id = egui::Id::unique(BOARD_ID);
        let rect = ui.available_rect_before_wrap();
        let response = ui.interact(rect, id, egui::Sense::click());
        if response.clicked() {
            response.request_focus();
        }
        let focused = response.has_focus();
        if focused {
            // Arrow keys play the game instead of moving focus between widgets.
            ui.memory_mut(|m| {
                m.set_focus_lock_filter(
                    id,
                    egui::EventFilter { tab: false, horizontal_arrows: true, vertical_arrows: true, ..Default::default() },
                );
            });
        }
        let (input, key_undo, key_restart) = if focused { Self::keys(ui) } else { (None, false, false) };
        let text_on_screen = self.won || self.message.is_some() || self.entry_message().is_some();
        if text_on_screen && input == Some(Input::Action) {
            self.dismiss_text();
            ui.ctx().request_repaint();
        } else if text_on_screen && input.is_some() {
            // Moving is not possible while text is shown.
        } else if input.is_some() || undo || key_undo || restart || key_restart {
            self.turn(input, undo || key_undo, restart || key_restart);
        }
        // Realtime games tick on their own interval while a map is shown.
        let realtime = self.game.as_ref().and_then(|g| g.metadata.realtime_interval).filter(|s| *s > 0.0);
        if let Some(secs) = realtime
            && !(self.won || self.message.is_some() || self.entry_message().is_some())
        {
            let interval = Duration::from_secs_f64(secs.clamp(0.01, 10.0));
            let now = Instant::now();
            let due = *self.next_tick.get_or_insert(now + interval);
            if now >= due {
                self.next_tick = Some(now + interval);
                if let Some(session) = &mut self.session {
                    let result = guarded(|| session.tick());
                    self.after_turn(result);
                }
            }
            ui.ctx().request_repaint_after(interval);
        } else {
            self.next_tick = None;
        }
        if let Some(due) = self.next_again {
            let now = Instant::now();
            if now >= due {
                if let Some(session) = &mut self.session {
                    let result = guarded(|| session.run_again());
                    self.after_turn(result);
                }
            } else {
                ui.ctx().request_repaint_after(due - now);
            }
        }

        let showing_text = self.won || self.message.is_some() || self.entry_message().is_some();
        if showing_text {
            let text = if self.won {
                "You won the game! Press X to play again from the start.".to_owned()
            } else {
                let message = self.message.clone().or_else(|| self.entry_message()).unwrap_or_default();
                format!("{message}\n\nPress X to continue")
            };
            ui.painter().rect_filled(rect, 0.0, egui::Color32::BLACK);
            let galley = ui.painter().layout(
                text,
                egui::FontId::proportional(18.0),
                egui::Color32::WHITE,
                (rect.width() - 40.0).max(40.0),
            );
            ui.painter().galley(rect.center() - galley.size() / 2.0, galley, egui::Color32::WHITE);
        } else {
            if self.frame_dirty || self.texture.is_none() {
                self.frame_dirty = false;
                if let Some(image) = self.board_image() {
                    match &mut self.texture {
                        Some(texture) => texture.set(image, egui::TextureOptions::NEAREST),
                        None => {
                            self.texture =
                                Some(ui.ctx().load_texture("player_board", image, egui::TextureOptions::NEAREST));
                        }
                    }
                }
            }
            if let Some(texture) = &self.texture {
                let size = texture.size_vec2();
                let scale = (rect.width() / size.x).min((rect.height() - 20.0) / size.y).max(0.1);
                let scale = if scale >= 1.0 { scale.floor() } else { scale };
                let board = egui::Rect::from_center_size(rect.center(), size * scale);
                ui.painter().image(
                    texture.id(),
                    board,
                    egui::Rect::from_min_max(egui::pos2(0.0, 0.0), egui::pos2(1.0, 1.0)),
                    egui::Color32::WHITE,
                );
            }
        }
        let hint = if focused {
            "Arrows/WASD move, X acts, Z undoes, R restarts"
        } else {
            "Click the board to play"
        };
        ui.painter().text(
            rect.center_bottom() - egui::vec2(0.0, 4.0),
            egui::Align2::CENTER_BOTTOM,
            hint,
            egui::FontId::proportional(12.0),
            ui.visuals().weak_text_color(),
        );
    }
}
