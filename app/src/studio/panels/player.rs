//! The player panel: plays the last game that compiled, through
//! `engine::run::Session`, beside the code.
//!
//! A game opens on its title screen (title, author, start or continue).
//! Keys (when the board has focus; click it): arrows or WASD move, X,
//! Space or Enter act, Z or U undo, R restarts, Esc returns to the title;
//! held keys repeat on the game's `key_repeat_interval`, and `noaction`,
//! `noundo`, `norestart` and `throttle_movement` are honoured. A rebuild
//! keeps the level being played, and the position in it when the level
//! kept its size. `again` turns run on the game's again interval. The level
//! reached in each game (by title) is kept between runs. Any panic from the
//! engine is caught and shown.

use std::collections::BTreeMap;
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
    /// The title screen is showing.
    on_title: bool,
    /// The next session starts fresh (a level was picked), rather than
    /// carrying the board over from a rebuild.
    pending_fresh: bool,
    /// Level reached per game title, kept between runs.
    progress: BTreeMap<String, usize>,
    /// The movement key being held, and when it repeats next.
    held: Option<(Input, Instant)>,
    /// When the last movement was made (for `throttle_movement`).
    last_move: Option<Instant>,
    /// Where the game's sounds go (shared with the sound browser).
    pub audio: Option<crate::audio::SharedAudio>,
    /// The random seed for the next session (`None`: a fresh one); set by
    /// [`PlayerPanel::replay_start`] to reproduce a recorded session.
    random_seed: Option<String>,
    /// Where the board and the key hint were last drawn (for tests).
    drawn: (Option<egui::Rect>, Option<egui::Rect>),
}

/// One recorded step, for [`PlayerPanel::replay_step`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ReplayStep {
    /// A move or action.
    Input(Input),
    /// Undo.
    Undo,
    /// Restart.
    Restart,
    /// A turn with no input (a realtime tick).
    Tick,
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
        self.pending_fresh = true; // a fresh session on the next frame
        self.on_title = false;
    }

    /// Drop the game being played (another document was opened): the next
    /// game starts on its title screen.
    pub fn forget_game(&mut self) {
        let progress = std::mem::take(&mut self.progress);
        let audio = self.audio.take();
        *self = Self { progress, audio, ..Self::default() };
    }

    /// Level reached in each game, by title (what the studio persists).
    #[must_use]
    pub fn progress(&self) -> &BTreeMap<String, usize> {
        &self.progress
    }

    /// Restore the level reached in each game.
    pub fn set_progress(&mut self, progress: BTreeMap<String, usize>) {
        self.progress = progress;
    }

    /// Whether the title screen is showing.
    #[must_use]
    pub fn on_title(&self) -> bool {
        self.on_title
    }

    /// Leave the title screen: continue from the level reached, or start
    /// from the first entry.
    pub fn start_game(&mut self, continue_saved: bool) {
        let saved = self.saved_level().filter(|_| continue_saved).unwrap_or(0);
        // The reference plays `startgame` when the title choice is made.
        self.play_event("startgame");
        self.select_level(saved);
    }

    /// Plays the game's sound for a global event the studio itself drives
    /// (title screen, start of game, closing a message).
    fn play_event(&self, name: &str) {
        let seed = self.game.as_ref().and_then(|g| g.sounds.events.get(name)).and_then(|s| s.trim().parse::<i64>().ok());
        if let (Some(audio), Some(seed)) = (&self.audio, seed) {
            audio.play(seed);
        }
    }

    /// Back to the title screen.
    pub fn to_title(&mut self) {
        self.play_event("titlescreen");
        self.on_title = true;
        self.message = None;
        self.won = false;
        self.next_again = None;
        self.held = None;
    }

    fn game_key(&self) -> Option<String> {
        let g = self.game.as_ref()?;
        Some(g.metadata.title.clone().unwrap_or_else(|| "untitled".to_owned()).to_lowercase())
    }

    /// The level reached in this game on an earlier run, if past the start.
    fn saved_level(&self) -> Option<usize> {
        let key = self.game_key()?;
        self.progress.get(&key).copied().filter(|&l| l > 0 && l < self.level_count())
    }

    fn remember_level(&mut self) {
        if let Some(key) = self.game_key() {
            let level = if self.won { 0 } else { self.level };
            self.progress.insert(key, level);
        }
    }

    /// Where the board picture was last drawn.
    #[must_use]
    pub fn board_rect(&self) -> Option<egui::Rect> {
        self.drawn.0
    }

    /// Where the key hint under the board was last drawn.
    #[must_use]
    pub fn hint_rect(&self) -> Option<egui::Rect> {
        self.drawn.1
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

    /// Whether entry `i` of LEVELS is a message.
    fn is_message(&self, i: usize) -> bool {
        self.game.as_ref().is_some_and(|g| matches!(g.levels.get(i), Some(engine::compile::Level::Message(_))))
    }

    /// How the level picker names entry `i` of LEVELS: maps are numbered
    /// among maps only (as the level editor numbers them), messages show
    /// their first words.
    #[must_use]
    pub fn entry_label(&self, i: usize) -> String {
        let Some(game) = &self.game else { return format!("Level {}", i + 1) };
        match game.levels.get(i) {
            Some(engine::compile::Level::Message(text)) => {
                let short: String = text.chars().take(24).collect();
                let more = if text.chars().count() > 24 { "…" } else { "" };
                format!("Message: {short}{more}")
            }
            _ => {
                let maps_before = game.levels.iter().take(i).filter(|l| matches!(l, engine::compile::Level::Map(_))).count();
                format!("Level {}", maps_before + 1)
            }
        }
    }

    /// Start playing `game` at the current level; with `keep`, carry the
    /// board of the session being replaced over (a rebuild).
    fn start(&mut self, game: Arc<Game>, keep: bool) {
        let level = self.level.min(game.levels.len().saturating_sub(1));
        let previous = self.session.take().filter(|_| keep);
        self.message = None;
        self.won = false;
        self.next_again = None;
        self.frame_dirty = true;
        self.look = None;
        self.camera = engine::render::Camera::default();
        let made = guarded(|| {
            let mut session = Session::new(game.clone(), level, self.random_seed.as_deref());
            if let Some(prev) = previous.as_ref().filter(|p| p.level_index() == level) {
                session.adopt_board(prev);
            }
            session
        });
        match made {
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
        let events = session.take_events();
        let again = session.again_pending().then(|| session.game().metadata.again_interval);
        for event in events {
            match event {
                Event::Message(text) => self.message = Some(text),
                Event::LevelChanged(i) => {
                    self.level = i;
                    self.message = None;
                    self.remember_level();
                }
                Event::GameWon => {
                    self.won = true;
                    self.remember_level();
                }
                Event::Sound(seed) | Event::EventSound(_, seed) => {
                    if let (Some(audio), Ok(seed)) = (&self.audio, seed.trim().parse::<i64>()) {
                        audio.play(seed);
                    }
                }
                _ => {}
            }
        }
        if let Some(secs) = again {
            let secs = secs.clamp(0.0, 2.0);
            self.next_again = Some(Instant::now() + Duration::from_secs_f64(secs));
        } else {
            self.next_again = None;
        }
    }

    /// Play entry `level` of `game` with the random generator seeded by
    /// `seed`, as a recorded session did, then run its pending `again`
    /// turns. Sounds go through the same path as in play.
    pub fn replay_start(&mut self, game: Arc<Game>, level: usize, seed: Option<&str>) {
        self.random_seed = seed.map(str::to_owned);
        self.on_title = false;
        self.pending_fresh = false;
        self.level = level;
        self.start(game, false);
        self.random_seed = None;
        self.drain_again();
    }

    /// Apply one recorded step the way the keys and timers do, then run
    /// the pending `again` turns at once instead of on their interval.
    pub fn replay_step(&mut self, step: ReplayStep) {
        match step {
            ReplayStep::Input(input) => self.turn(Some(input), false, false),
            ReplayStep::Undo => self.turn(None, true, false),
            ReplayStep::Restart => self.turn(None, false, true),
            ReplayStep::Tick => {
                if let Some(session) = &mut self.session {
                    let result = guarded(|| session.tick());
                    self.after_turn(result);
                }
            }
        }
        self.drain_again();
    }

    /// Runs pending `again` turns now (at most `LIMIT` in a row).
    fn drain_again(&mut self) {
        const LIMIT: usize = 10_000;
        for _ in 0..LIMIT {
            let Some(session) = &mut self.session else { return };
            if !session.again_pending() {
                return;
            }
            let result = guarded(|| session.run_again());
            self.after_turn(result);
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
            self.play_event("closemessage");
            if self.level + 1 < self.level_count() {
                self.select_level(self.level + 1);
            } else {
                self.won = true;
            }
        } else if self.message.is_some() {
            self.play_event("closemessage");
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

    /// The keys of this frame: a game input (fresh presses, and repeats of
    /// a held movement key every `key_repeat_interval`), undo, restart,
    /// and Esc.
    fn keys(&mut self, ui: &egui::Ui) -> (Option<Input>, bool, bool, bool) {
        use egui::{Key, Modifiers};
        const MOVES: [(Input, [Key; 2]); 4] = [
            (Input::Up, [Key::ArrowUp, Key::W]),
            (Input::Down, [Key::ArrowDown, Key::S]),
            (Input::Left, [Key::ArrowLeft, Key::A]),
            (Input::Right, [Key::ArrowRight, Key::D]),
        ];
        let repeat = self.game.as_ref().map_or(0.15, |g| g.metadata.key_repeat_interval).clamp(0.02, 2.0);
        let repeat = Duration::from_secs_f64(repeat);
        let now = Instant::now();
        let (fresh, down, undo, restart, escape, action) = ui.ctx().input_mut(|i| {
            // A fresh press (not the system's own key repeat) of one of `keys`.
            let pressed = |i: &egui::InputState, keys: &[Key]| {
                i.events.iter().any(|e| {
                    matches!(e, egui::Event::Key { key, pressed: true, repeat: false, modifiers, .. }
                        if keys.contains(key) && modifiers.is_none())
                })
            };
            let fresh = MOVES.iter().find(|(_, keys)| pressed(i, keys)).map(|(input, _)| *input);
            let down: Vec<Input> =
                MOVES.iter().filter(|(_, keys)| keys.iter().any(|k| i.key_down(*k))).map(|(input, _)| *input).collect();
            let action = pressed(i, &[Key::X, Key::Space, Key::Enter]);
            let undo = pressed(i, &[Key::Z, Key::U]);
            let restart = pressed(i, &[Key::R]);
            let escape = pressed(i, &[Key::Escape]);
            // Take every event of the game's keys, system repeats included.
            for key in [
                Key::ArrowUp, Key::ArrowDown, Key::ArrowLeft, Key::ArrowRight, Key::W, Key::A, Key::S, Key::D,
                Key::X, Key::Space, Key::Enter, Key::Z, Key::U, Key::R, Key::Escape,
            ] {
                while i.consume_key(Modifiers::NONE, key) {}
            }
            (fresh, down, undo, restart, escape, action)
        });
        let mut input = None;
        if let Some(f) = fresh {
            input = Some(f);
            self.held = Some((f, now + repeat));
        } else if let Some((held, due)) = self.held {
            if !down.contains(&held) {
                self.held = None;
            } else if now >= due {
                input = Some(held);
                self.held = Some((held, now + repeat));
            }
        }
        if let Some((_, due)) = self.held {
            ui.ctx().request_repaint_after(due.saturating_duration_since(now));
        }
        if input.is_none() && action {
            input = Some(Input::Action);
        }
        (input, undo, restart, escape)
    }

    /// Draw the title screen with its two choices; returns the choice made
    /// (`Some(true)`: continue).
    fn title_ui(&self, ui: &mut egui::Ui, rect: egui::Rect, key_action: bool) -> Option<bool> {
        let (bg, fg) = self.look.as_ref().map_or((egui::Color32::BLACK, egui::Color32::WHITE), |l| {
            let c = |p: engine::render::Rgba| egui::Color32::from_rgb(p.0[0], p.0[1], p.0[2]);
            (c(l.background), c(l.text))
        });
        ui.painter().rect_filled(rect, 0.0, bg);
        let meta = self.game.as_ref().map(|g| g.metadata.clone()).unwrap_or_default();
        let title = meta.title.clone().unwrap_or_else(|| "An untitled game".to_owned());
        let mut choice = None;
        let saved = self.saved_level();
        let mut child = ui.new_child(egui::UiBuilder::new().max_rect(rect.shrink(16.0)));
        child.vertical_centered(|ui| {
            ui.add_space((rect.height() * 0.22).max(8.0));
            ui.label(egui::RichText::new(title).size(26.0).color(fg).strong());
            if let Some(author) = &meta.author {
                ui.add_space(4.0);
                ui.label(egui::RichText::new(format!("by {author}")).size(16.0).color(fg));
            }
            ui.add_space(24.0);
            if let Some(level) = saved {
                if ui.button(format!("Continue from level {}", level + 1)).on_hover_text("X").clicked() {
                    choice = Some(true);
                }
                ui.add_space(6.0);
            }
            if ui.button("Start a new game").on_hover_text(if saved.is_some() { "" } else { "X" }).clicked() {
                choice = Some(false);
            }
        });
        if key_action && choice.is_none() {
            choice = Some(saved.is_some());
        }
        choice
    }
}

impl Panel for PlayerPanel {
    fn title(&self, _cx: &PanelContext<'_>) -> String {
        "Player".to_owned()
    }

    fn ui(&mut self, ui: &mut egui::Ui, cx: &mut PanelContext<'_>) {
        let game = cx.doc.build().and_then(|b| b.game.clone()).filter(|g| !g.levels.is_empty());
        let broken = engine::diag::has_errors(cx.doc.diagnostics());
        let fresh = if broken { None } else { game };
        if fresh.is_none() && self.game.is_none() {
            self.session = None;
            ui.vertical_centered(|ui| {
                ui.add_space((ui.available_height() / 2.0 - 40.0).max(8.0));
                ui.heading("Nothing to play yet");
                ui.add_space(6.0);
                ui.colored_label(ui.visuals().warn_fg_color, "The game does not compile: see Problems.");
            });
            return;
        }
        let changed = fresh.as_ref().is_some_and(|g| !self.game.as_ref().is_some_and(|old| Arc::ptr_eq(old, g)));
        let next = if changed || self.pending_fresh { fresh.or_else(|| self.game.clone()) } else { None };
        if let Some(game) = next {
            // A game seen for the first time opens on its title screen; a
            // rebuild of the one being played carries its board over.
            let first = self.session.is_none() && !self.pending_fresh;
            if first {
                self.on_title = true;
            }
            let keep = !std::mem::take(&mut self.pending_fresh);
            self.start(game, keep);
            if first {
                self.play_event("titlescreen");
            }
        }
        if broken {
            // Keep playing the last game that compiled.
            ui.colored_label(
                ui.visuals().warn_fg_color,
                "The text has errors (see Problems); playing the last version that compiled.",
            );
        }

        // Header: level choice, restart, undo.
        let count = self.level_count();
        let mut pick = None;
        let (mut undo, mut restart) = (false, false);
        ui.horizontal(|ui| {
            if ui.add_enabled(self.level > 0, egui::Button::new("<")).on_hover_text("Previous level").clicked() {
                pick = Some(self.level - 1);
            }
            let maps = self.game.as_ref().map_or(0, |g| g.levels.iter().filter(|l| matches!(l, engine::compile::Level::Map(_))).count());
            egui::ComboBox::new("level_select", format!("of {maps}"))
                .selected_text(if self.is_message(self.level) { "Message".to_owned() } else { self.entry_label(self.level) })
                .show_ui(ui, |ui| {
                    for i in 0..count {
                        if ui.selectable_label(i == self.level, self.entry_label(i)).clicked() {
                            pick = Some(i);
                        }
                    }
                });
            if ui.add_enabled(self.level + 1 < count, egui::Button::new(">")).on_hover_text("Next level").clicked() {
                pick = Some(self.level + 1);
            }
            ui.separator();
            let meta = self.game.as_ref().map(|g| g.metadata.clone()).unwrap_or_default();
            restart = ui.add_enabled(!meta.has("norestart"), egui::Button::new("Restart")).on_hover_text("R").clicked();
            undo = ui.add_enabled(!meta.has("noundo"), egui::Button::new("Undo")).on_hover_text("Z").clicked();
            if ui.button("Title").on_hover_text("Esc").clicked() {
                self.to_title();
            }
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
        let (mut input, key_undo, key_restart, escape) =
            if focused { self.keys(ui) } else { (None, false, false, false) };
        // egui takes focus away on Esc before the panel sees the key.
        let escape_unfocused = response.lost_focus() && ui.input(|i| i.key_pressed(egui::Key::Escape));
        if escape || escape_unfocused {
            self.to_title();
            response.request_focus();
        }
        if self.on_title {
            if self.look.is_none()
                && let Some(session) = &self.session {
                    self.look = Some(engine::render::Look::new(session.game()));
                }
            if let Some(cont) = self.title_ui(ui, rect, input == Some(Input::Action)) {
                self.start_game(cont);
                response.request_focus();
                ui.ctx().request_repaint();
            }
            return;
        }
        let meta = self.game.as_ref().map(|g| g.metadata.clone()).unwrap_or_default();
        let text_on_screen = self.won || self.message.is_some() || self.entry_message().is_some();
        if !text_on_screen {
            if input == Some(Input::Action) && meta.has("noaction") {
                input = None;
            }
            // `throttle_movement`: no faster than the repeat interval, even
            // when the keys are tapped.
            if input.is_some_and(|i| i != Input::Action) && meta.has("throttle_movement") {
                let gap = Duration::from_secs_f64(meta.key_repeat_interval.clamp(0.0, 2.0));
                if self.last_move.is_some_and(|t| t.elapsed() < gap) {
                    input = None;
                }
            }
            if input.is_some_and(|i| i != Input::Action) {
                self.last_move = Some(Instant::now());
            }
        }
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
            // The game's own background and text colours, as the web player.
            if self.look.is_none()
                && let Some(session) = &self.session {
                    self.look = Some(engine::render::Look::new(session.game()));
                }
            let c = |p: engine::render::Rgba| egui::Color32::from_rgb(p.0[0], p.0[1], p.0[2]);
            let (bg, fg) = self.look.as_ref().map_or((egui::Color32::BLACK, egui::Color32::WHITE), |l| (c(l.background), c(l.text)));
            ui.painter().rect_filled(rect, 0.0, bg);
            let galley =
                ui.painter().layout(text, egui::FontId::proportional(18.0), fg, (rect.width() - 40.0).max(40.0));
            ui.painter().galley(rect.center() - galley.size() / 2.0, galley, fg);
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
                self.drawn.0 = Some(board);
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
        self.drawn.1 = Some(ui.painter().text(
            rect.center_bottom() - egui::vec2(0.0, 4.0),
            egui::Align2::CENTER_BOTTOM,
            hint,
            egui::FontId::proportional(12.0),
            ui.visuals().weak_text_color(),
        ));
    }
}
