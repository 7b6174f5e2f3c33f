//! The player panel: plays the last game that compiled beside the code,
//! through `engine::play` (the game flow every host shares: title screen,
//! messages, progression, timing, progress) and `engine::render`.
//!
//! This file only hosts the flow: it turns keys into controls, gives the
//! flow egui's clock, draws what the flow says is on screen, plays its
//! sounds and keeps its progress. Keys (when the board has focus; click
//! it): arrows or WASD move, X, Space or Enter act, Z or U undo, R
//! restarts, Esc returns to the title. The panel asks egui for a repaint
//! exactly when the flow's next timed event is due (`again` turns,
//! realtime ticks, key repeats, the pause after a win), whatever the
//! input. A rebuild keeps the level being played, and the position in it
//! when the level kept its size. The level reached in each game (by title)
//! is kept between runs. Any panic from the engine is caught and shown.

use std::collections::BTreeMap;
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::sync::Arc;
use std::time::Duration;

use engine::compile::{Game, Level};
use engine::play::{Checkpoint, Control, EntryNumber, LevelItem, Output, Play, Progress, Screen, TitleChoice};
use engine::run::{Session, Step};

use super::{Panel, PanelContext};

mod header;
mod input;
mod keep;
mod screens;

use screens::nothing_to_play;

/// The docked player.
#[derive(Default)]
pub struct PlayerPanel {
    /// The flow of the game being played.
    play: Option<Play>,
    /// The game last started (kept when the engine failed, so the failure
    /// stays on screen until the game changes).
    game: Option<Arc<Game>>,
    /// An entry to play, picked before the panel could start it.
    pending_entry: Option<usize>,
    texture: Option<egui::TextureHandle>,
    /// What the texture shows: (game, flow generation, debugger version).
    drawn_state: Option<(usize, u64, u64)>,
    /// The texture shows a board part way through a tween: redraw it once
    /// more when the slide ends.
    tweened: bool,
    /// The look of a game, by its pointer.
    look: Option<(usize, engine::render::Look)>,
    camera: engine::render::Camera,
    /// The cells of the level the texture shows (the camera's view).
    board_view: Option<engine::render::View>,
    /// The level's part of the texture's height (1 but with a status line).
    board_part: f32,
    /// The (game, entry) the camera follows.
    camera_for: Option<(usize, usize)>,
    failure: Option<String>,
    /// Level reached per game title, kept between runs.
    progress: BTreeMap<String, usize>,
    /// Checkpoints saved per game title (kept between runs through
    /// [`PlayerPanel::checkpoints`]).
    checkpoints: BTreeMap<String, Checkpoint>,
    /// The furthest entry reached per game title, for the level select
    /// (kept between runs with the checkpoints' progress texts).
    reached: BTreeMap<String, usize>,
    /// Controls held down, as pressed on the board.
    held: Vec<Control>,
    /// egui's clock at the last frame.
    now: Duration,
    /// Where the game's sounds go (shared with the sound browser).
    pub audio: Option<crate::audio::SharedAudio>,
    /// Where the board and the key hint were last drawn (for tests).
    drawn: (Option<egui::Rect>, Option<egui::Rect>),
    /// Bounds the engine hit while this game was played (a rule group or
    /// loop cut short, `gosub` too deep), each (limit, line) once, oldest
    /// first; cleared when another game is opened.
    runtime_problems: Vec<(engine::run::Limit, u32)>,
    /// The last line a rule's `log` command wrote (PuzzleScript Next),
    /// with its rule's source line.
    last_log: Option<(u32, String)>,
    /// Bounds hit since the last frame, still to be reported to Problems.
    unreported: Vec<(engine::run::Limit, u32)>,
    /// A shipped game (the native export): no level picker.
    pub shipped: bool,
    /// "Record GIF": the inputs made on a level while recording.
    pub recorder: Option<crate::export::recorder::Recorder>,
    /// What the player shares with the rule debugger (recording,
    /// breakpoints, pause, layers shown).
    pub debug: super::debugger::Link,
    /// A solution being shown (Show solution in the Levels panel).
    demo: Option<super::demo::Demo>,
    /// How the last shown solution ended, shown under the header until a
    /// key is pressed or another level is picked.
    demo_ended: Option<String>,
    /// The last win kept as a solution (its entry and moves), so the offer
    /// to keep it says it was kept.
    kept_win: Option<(usize, String)>,
    /// The board is to take the keys when next drawn ("Play from here").
    take_keys: bool,
}

/// What the board area shows this frame.
enum Shown {
    /// A menu: the title screen or the pause menu (`enable_pause`): its
    /// heading and the line under it, its choices and the highlighted one.
    Menu((String, Option<String>), Vec<String>, usize),
    /// The level select: its levels and the highlighted one.
    LevelSelect(Vec<LevelItem>, usize),
    /// A message (drawn in the game's layout and colours).
    Message(String),
    /// The end of the game.
    Text(String),
    /// The level (played or just won).
    Board,
}

/// The egui id of the board (it takes keyboard focus when clicked).
pub const BOARD_ID: &str = "player_board";

/// Height of the strip under the board that holds the key hint.
const HINT_HEIGHT: f32 = 18.0;

/// `f`'s result, or what a panic in it said.
fn guarded<T>(f: impl FnOnce() -> T) -> anyhow::Result<T> {
    catch_unwind(AssertUnwindSafe(f)).map_err(|e| {
        let said = e.downcast_ref::<&str>().map(|s| (*s).to_owned()).or_else(|| e.downcast_ref::<String>().cloned());
        anyhow::anyhow!(said.unwrap_or_else(|| "the engine stopped unexpectedly".to_owned()))
    })
}

fn color32(p: engine::render::Rgba) -> egui::Color32 {
    egui::Color32::from_rgb(p.0[0], p.0[1], p.0[2])
}

/// The key progress is kept under: the game's title, lower-cased.
fn game_key(game: &Game) -> String {
    game.metadata.title.clone().unwrap_or_else(|| "untitled".to_owned()).to_lowercase()
}

impl PlayerPanel {
    /// What the screen of the flow is drawn as.
    fn shown(&self) -> Option<Shown> {
        self.play.as_ref().map(|play| match play.screen() {
            Screen::Title { choices, selected } => {
                let meta = &play.game().metadata;
                let title = meta.title.clone().unwrap_or_else(|| "An untitled game".to_owned());
                let labels = choices.iter().map(TitleChoice::label).collect();
                Shown::Menu((title, meta.author.as_ref().map(|a| format!("by {a}"))), labels, selected)
            }
            Screen::Pause { choices, selected, level } => {
                let labels = choices.iter().map(|c| c.label().to_owned()).collect();
                Shown::Menu(("Paused".to_owned(), level.map(str::to_owned)), labels, selected)
            }
            Screen::LevelSelect { items, selected } => Shown::LevelSelect(items.to_vec(), selected),
            Screen::Message(text, _) => Shown::Message(text.to_owned()),
            Screen::GameOver => Shown::Text("You won the game! Press X to return to the title screen.".to_owned()),
            Screen::Level(_) | Screen::LevelWon(..) => Shown::Board,
        })
    }

    /// Run `f` on the flow, catching a panic of the engine (which ends the
    /// flow and is shown), then pass on what it put out.
    fn with_play(&mut self, f: impl FnOnce(&mut Play)) {
        let Some(play) = self.play.as_mut() else { return };
        match guarded(|| f(play)) {
            Ok(()) => self.pass_outputs(),
            Err(err) => {
                self.failure = Some(format!("{err:#}"));
                self.play = None;
            }
        }
    }

    /// Bounds the engine hit while playing this game (limit, rule line),
    /// oldest first.
    #[must_use]
    pub fn runtime_problems(&self) -> &[(engine::run::Limit, u32)] {
        &self.runtime_problems
    }

    /// Pass the bounds hit since the last call on to Problems.
    fn report_runtime(&mut self, ctx: &egui::Context, doc: &mut crate::document::Document) {
        if !self.unreported.is_empty() {
            for (limit, line) in self.unreported.drain(..) {
                doc.report_runtime(crate::document::RuntimeProblem { limit, line });
            }
            ctx.request_repaint();
        }
    }

    /// Play the flow's sounds and keep its progress.
    fn pass_outputs(&mut self) {
        let Some(play) = self.play.as_mut() else { return };
        let outputs = play.take_outputs();
        let key = game_key(play.game());
        for output in outputs {
            match output {
                Output::Sound { seed, .. } => {
                    if let Some(audio) = &self.audio {
                        audio.play_seed(&seed);
                    }
                }
                Output::Log { line, text } => self.last_log = Some((line, text)),
                Output::LimitHit { limit, line } => {
                    if !self.runtime_problems.contains(&(limit, line)) {
                        self.runtime_problems.push((limit, line));
                        self.unreported.push((limit, line));
                    }
                }
                Output::Clicked(click) => {
                    if let Some(recorder) = self.recorder.as_mut() {
                        recorder.click(click);
                    }
                }
                Output::Progress(progress) => {
                    self.progress.insert(key.clone(), progress.entry);
                    self.reached.insert(key.clone(), progress.reached);
                    match progress.checkpoint {
                        Some(c) => self.checkpoints.insert(key.clone(), c),
                        None => self.checkpoints.remove(&key),
                    };
                }
            }
        }
    }

    /// What was kept for `game` from earlier play.
    fn progress_of(&self, game: &Game) -> Progress {
        let key = game_key(game);
        let entry = self.progress.get(&key).copied().unwrap_or(0);
        let checkpoint = self.checkpoints.get(&key).cloned();
        let reached = self.reached.get(&key).copied().unwrap_or(entry);
        Progress { entry, reached, checkpoint }
    }

    /// Restart the current level (the Restart command).
    pub fn restart(&mut self) {
        let now = self.now;
        self.with_play(|play| {
            play.press(Control::Restart, now);
            play.release(Control::Restart, now);
        });
    }

    /// Play entry `index` of the LEVELS section (from the next frame, when
    /// the game being built is known).
    pub fn select_level(&mut self, index: usize) {
        self.pending_entry = Some(index);
        self.demo = None;
        self.demo_ended = None;
    }

    /// Give the board the keyboard when it is next drawn, so the arrows
    /// play at once (after "Play from here" and the like).
    pub fn take_keys(&mut self) {
        self.take_keys = true;
    }

    /// Play entry `index` from its start and show `inputs` winning it, one
    /// at a time ([`super::demo::STEP`] apart) until a key is pressed. A
    /// breakpoint in the debugger holds it like play (F8 goes on).
    pub fn show_solution(&mut self, index: usize, inputs: Vec<Step>) {
        self.select_level(index);
        self.demo = Some(super::demo::Demo::new(index, inputs));
    }

    /// How far a solution being shown is: inputs the board has taken, and
    /// in all.
    #[must_use]
    pub fn showing_solution(&self) -> Option<(usize, usize)> {
        self.demo.as_ref().map(super::demo::Demo::position)
    }

    /// Play the shown solution's next input when it is due and the board
    /// can take it (on the level, no `again` turn pending, the debugger not
    /// paused in a turn); any key but the debugger's stepping keys stops
    /// it. The label tells the move the board is at, and "won" only once
    /// the board has won.
    fn demo_ui(&mut self, ui: &mut egui::Ui, now: Duration) {
        use super::demo::Tick;
        let key_pressed = ui.input(|i| {
            i.events.iter().any(|e| {
                matches!(e, egui::Event::Key { key, pressed: true, .. }
                    if !super::debugger::STEPPING_KEYS.contains(key))
            })
        });
        let Some(demo) = &mut self.demo else {
            if key_pressed {
                self.demo_ended = None;
            }
            if let Some(note) = &self.demo_ended {
                ui.weak(note);
            }
            return;
        };
        let (done, all) = demo.position();
        if key_pressed {
            self.demo_ended =
                Some(format!("Solution stopped at move {done} of {all}: the level is yours to play from here."));
            self.demo = None;
            return;
        }
        if self.debug.paused.is_some() {
            // The board shows a moment inside move `done`: wait there.
            demo.hold(now);
            ui.colored_label(
                ui.visuals().warn_fg_color,
                format!(
                    "Showing the solver's solution: paused at a breakpoint in move {done} of {all}. \
                     F8 (or Continue in the debugger) goes on; any other key stops it."
                ),
            );
            return;
        }
        let play = self.play.as_ref().filter(|p| self.pending_entry.is_none() && p.entry() == demo.entry());
        let on_level = play.is_some_and(|p| matches!(p.screen(), Screen::Level(_)));
        let settled = on_level && play.and_then(Play::session).is_some_and(|s| !s.again_pending());
        // Won: the win pause on the level, or the flow gone on from it
        // (only a win leaves it: picking a level ends the demonstration).
        let left = done > 0
            && self.pending_entry.is_none()
            && self.play.as_ref().is_some_and(|p| p.entry() != demo.entry() || matches!(p.screen(), Screen::GameOver));
        let won = left || play.is_some_and(|p| matches!(p.screen(), Screen::LevelWon(..)));
        match demo.tick(now, settled) {
            Tick::Wait(after) => ui.ctx().request_repaint_after(after),
            Tick::Play(input) => {
                self.with_play(|play| play.step(input, now));
                ui.ctx().request_repaint();
            }
            // The last turn's `again` turns are still to come.
            Tick::Done if !won && !settled => ui.ctx().request_repaint_after(Duration::from_millis(16)),
            Tick::Done => {
                let moves = if all == 1 { "move" } else { "moves" };
                self.demo_ended = Some(if won {
                    format!("Solution shown: the level was won in {all} {moves}.")
                } else {
                    format!(
                        "Solution shown: all {all} {moves} played, but the level is not won \
                         (the game changed since it was solved?). The level is yours to play from here."
                    )
                });
                self.demo = None;
                if let Some(note) = &self.demo_ended {
                    ui.weak(note);
                }
            }
        }
        if let Some((done, all)) = self.showing_solution() {
            ui.weak(format!("Showing the solver's solution: move {done} of {all} (any key stops)"));
        }
    }

    /// Drop the game being played (another document was opened): the next
    /// game starts on its title screen.
    pub fn forget_game(&mut self) {
        let progress = std::mem::take(&mut self.progress);
        let checkpoints = std::mem::take(&mut self.checkpoints);
        let reached = std::mem::take(&mut self.reached);
        let audio = self.audio.take();
        *self = Self { progress, checkpoints, reached, audio, ..Self::default() };
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

    /// The checkpoint saved and the furthest entry reached in each game,
    /// by title, in the engine's text form of [`Progress`] (what the
    /// studio and the native export persist beside
    /// [`PlayerPanel::progress`]).
    #[must_use]
    pub fn checkpoints(&self) -> BTreeMap<String, String> {
        self.checkpoints
            .keys()
            .chain(self.reached.keys())
            .map(|key| {
                let entry = self.progress.get(key).copied().unwrap_or(0);
                let reached = self.reached.get(key).copied().unwrap_or(entry);
                let checkpoint = self.checkpoints.get(key).cloned();
                (key.clone(), Progress { entry, reached, checkpoint }.to_text())
            })
            .collect()
    }

    /// Restore what [`PlayerPanel::checkpoints`] kept: each checkpoint is
    /// used when it was saved in the entry the game's progress is at (set
    /// the progress first); unreadable texts are dropped.
    pub fn set_checkpoints(&mut self, saved: &BTreeMap<String, String>) {
        let read: Vec<(String, Progress)> =
            saved.iter().filter_map(|(key, text)| Some((key.clone(), Progress::from_text(text)?))).collect();
        self.reached = read.iter().map(|(key, p)| (key.clone(), p.reached)).collect();
        self.checkpoints = read
            .into_iter()
            .filter_map(|(key, progress)| {
                let entry = self.progress.get(&key).copied().unwrap_or(0);
                (progress.entry == entry).then_some((key, progress.checkpoint?))
            })
            .collect();
    }

    /// Whether the title screen is showing.
    #[must_use]
    pub fn on_title(&self) -> bool {
        self.pending_entry.is_none() && self.play.as_ref().is_some_and(Play::on_title)
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

    /// The session of the level on screen.
    #[must_use]
    pub fn session(&self) -> Option<&Session> {
        self.play.as_ref()?.session()
    }

    /// The session on screen and the debugger's link, together.
    pub fn session_and_link(&mut self) -> (Option<&Session>, &mut super::debugger::Link) {
        (self.play.as_ref().and_then(Play::session), &mut self.debug)
    }

    /// Bring back the turn the last undo took back (Ctrl+Shift+Z on the
    /// board); returns whether there was one.
    pub fn redo(&mut self) -> bool {
        let now = self.now;
        let mut done = false;
        self.with_play(|play| done = play.redo(now));
        done
    }

    /// The level state in the engine's dump format (for tests).
    #[must_use]
    pub fn dump(&self) -> Option<String> {
        self.play.as_ref()?.session().map(Session::dump)
    }

    /// The entry of LEVELS being played.
    #[must_use]
    pub fn level(&self) -> usize {
        self.pending_entry.or_else(|| self.play.as_ref().map(Play::entry)).unwrap_or(0)
    }

    /// Number of entries in the LEVELS section of the game being played.
    #[must_use]
    pub fn level_count(&self) -> usize {
        self.game.as_ref().map_or(0, |g| g.levels.len())
    }

    /// How the level picker names entry `i` of LEVELS: maps are numbered
    /// among maps only (as everywhere: `engine::play::numbering`),
    /// messages show their first words.
    #[must_use]
    pub fn entry_label(&self, i: usize) -> String {
        let Some(game) = &self.game else { return format!("Level {}", i + 1) };
        match game.levels.get(i) {
            Some(Level::Message(text)) => {
                let short: String = text.chars().take(24).collect();
                let more = if text.chars().count() > 24 { "…" } else { "" };
                format!("Message: {short}{more}")
            }
            _ => engine::play::entry_number(game, i).unwrap_or(EntryNumber::Level(i + 1)).to_string(),
        }
    }

    /// Play entry `level` of `game` with the random generator seeded by
    /// `seed`, as a recorded session did, then run its pending `again`
    /// turns. Sounds go through the same path as in play.
    pub fn replay_start(&mut self, game: Arc<Game>, level: usize, seed: Option<&str>) {
        let now = self.now;
        self.pending_entry = None;
        self.failure = None;
        self.game = Some(game.clone());
        match guarded(|| Play::replay(game, level, seed, now)) {
            Ok(play) => self.play = Some(play),
            Err(err) => {
                self.failure = Some(format!("{err:#}"));
                self.play = None;
            }
        }
        self.with_play(|play| play.settle(now));
    }

    /// Apply one recorded step to the session, then run the pending
    /// `again` turns at once instead of on their interval.
    pub fn replay_step(&mut self, step: Step) {
        let now = self.now;
        self.with_play(|play| {
            play.step(step, now);
            play.settle(now);
        });
    }

    /// Start, restart or rebuild the flow for the game the document built.
    fn sync_game(&mut self, fresh: Option<Arc<Game>>, now: Duration) {
        let changed = fresh.as_ref().is_some_and(|g| !self.game.as_ref().is_some_and(|old| Arc::ptr_eq(old, g)));
        if changed && let Some(game) = fresh {
            // The text changed: the lines noted may no longer hold the rule.
            self.runtime_problems.clear();
            self.unreported.clear();
            self.last_log = None;
            self.game = Some(game.clone());
            if self.play.is_some() {
                self.with_play(|play| play.replace_game(game, now));
            } else {
                // A game seen for the first time opens on its title screen
                // (or at the entry picked meanwhile).
                let progress = self.progress_of(&game);
                self.failure = None;
                let entry = self.pending_entry.take();
                let budget = self.debug.recording.then_some(super::debugger::BUDGET);
                match guarded(|| match entry {
                    Some(entry) => Play::at_entry_traced(game, progress, entry, now, budget),
                    None => Play::new(game, progress, now),
                }) {
                    Ok(play) => self.play = Some(play),
                    Err(err) => self.failure = Some(format!("{err:#}")),
                }
                self.pass_outputs();
            }
        }
        if let Some(entry) = self.pending_entry.take() {
            match (self.play.is_some(), self.game.clone()) {
                (true, _) => self.with_play(|play| play.go_to_entry(entry, now)),
                // After a failure: try again from the picked entry.
                (false, Some(game)) => {
                    self.failure = None;
                    let progress = self.progress_of(&game);
                    let budget = self.debug.recording.then_some(super::debugger::BUDGET);
                    match guarded(|| Play::at_entry_traced(game, progress, entry, now, budget)) {
                        Ok(play) => self.play = Some(play),
                        Err(err) => self.failure = Some(format!("{err:#}")),
                    }
                    self.pass_outputs();
                }
                (false, None) => self.pending_entry = Some(entry),
            }
        }
    }
}

impl PlayerPanel {
    /// The key hint in `strip` under the board: the keys, or a click to
    /// give the board the keyboard. A shipped game's window gives the board
    /// the keys itself (and egui says no widget has focus while the desktop
    /// has not given the window the keyboard yet): it always shows the keys.
    fn hint_ui(&mut self, ui: &mut egui::Ui, strip: egui::Rect, focused: bool) {
        let mouse = self.play.as_ref().is_some_and(Play::listens_to_mouse);
        let hint = match (focused || self.shipped, mouse) {
            (true, false) => "Arrows/WASD move, X acts, Z undoes, R restarts",
            (true, true) => "Click or drag on the level; Z (or the middle button) undoes, R restarts",
            (false, false) => "Click the board to play",
            (false, true) => "Click the level to play",
        };
        let label = egui::Label::new(egui::RichText::new(hint).size(12.0).color(ui.visuals().weak_text_color()))
            .selectable(false)
            .sense(egui::Sense::hover());
        self.drawn.1 = Some(ui.put(strip, label).rect);
    }

    /// The last bound the engine hit while playing (a rule group's loop
    /// cap...), with how many more Problems lists.
    fn runtime_problems_ui(&self, ui: &mut egui::Ui) {
        if let Some((line, text)) = &self.last_log {
            ui.label(format!("Log, line {line}: {text}"))
                .on_hover_text("The last line a rule's `log` command wrote (PuzzleScript Next).");
        }
        if let Some(&(limit, line)) = self.runtime_problems.last() {
            let more = self.runtime_problems.len() - 1;
            let also = if more > 0 { format!(" (and {more} more in Problems)") } else { String::new() };
            ui.colored_label(ui.visuals().warn_fg_color, format!("Line {line}: {}{also}", limit.describe()))
                .on_hover_text(
                    "The reference engine stops at the same bound. Click the line in Problems to see the rule.",
                );
        }
    }
}

impl Panel for PlayerPanel {
    fn title(&self, _cx: &PanelContext<'_>) -> String {
        "Player".to_owned()
    }

    fn ui(&mut self, ui: &mut egui::Ui, cx: &mut PanelContext<'_>) {
        let now = Duration::from_secs_f64(ui.input(|i| i.time).max(0.0));
        self.now = now;
        self.report_runtime(ui.ctx(), cx.doc);
        let game = cx.doc.build().and_then(|b| b.game.clone()).filter(|g| !g.levels.is_empty());
        let broken = engine::diag::has_errors(cx.doc.diagnostics());
        let fresh = if broken { None } else { game };
        if fresh.is_none() && self.game.is_none() {
            self.play = None;
            nothing_to_play(ui);
            return;
        }
        // Record while the debugger is shown (levels loaded from now on
        // record from their load).
        let budget = self.debug.recording.then_some(super::debugger::BUDGET);
        self.with_play(|play| play.set_trace(budget));
        self.sync_game(fresh, now);
        if broken {
            // Keep playing the last game that compiled.
            ui.colored_label(
                ui.visuals().warn_fg_color,
                "The text has errors (see Problems); playing the last version that compiled.",
            );
        }

        // What is due now runs before anything is drawn.
        self.with_play(|play| play.advance(now));
        self.demo_ui(ui, now);
        let generation = self.play.as_ref().map(Play::generation);
        let id = egui::Id::unique(BOARD_ID);
        let refocus = self.header_ui(ui, now) | std::mem::take(&mut self.take_keys);
        self.after_header_ui(ui, cx);

        if let Some(failure) = &self.failure {
            ui.colored_label(ui.visuals().error_fg_color, format!("The engine failed while playing: {failure}"));
            return;
        }
        self.runtime_problems_ui(ui);

        // The board, with a strip under it for the key hint.
        let rect = ui.available_rect_before_wrap();
        let board_area =
            egui::Rect::from_min_max(rect.min, egui::pos2(rect.max.x, (rect.max.y - HINT_HEIGHT).max(rect.min.y)));
        let response = ui.interact(rect, id, egui::Sense::click());
        // The level controls leave the keys with the board (asked for after
        // the board's own interaction, which gives up focus on a click
        // elsewhere in this frame).
        if response.clicked() || refocus {
            response.request_focus();
        }
        if refocus {
            ui.ctx().request_repaint();
        }
        let focused = response.has_focus();
        if focused {
            // Arrow keys play the game instead of moving focus between widgets.
            ui.memory_mut(|m| {
                m.set_focus_lock_filter(
                    id,
                    egui::EventFilter {
                        tab: false,
                        horizontal_arrows: true,
                        vertical_arrows: true,
                        ..Default::default()
                    },
                );
            });
            self.keys(ui, now);
        } else if !self.held.is_empty() {
            self.held.clear();
            self.with_play(Play::release_all);
        }
        // egui takes focus away on Esc before the panel sees the key.
        if response.lost_focus() && ui.input(|i| i.key_pressed(egui::Key::Escape)) {
            self.with_play(|play| {
                play.press(Control::Title, now);
                play.release(Control::Title, now);
            });
            response.request_focus();
        }

        let session = self.play.as_ref().and_then(Play::session);
        self.debug.after_turns(session);
        if self.debug.paused.is_some() {
            ui.ctx().request_repaint();
        }

        self.drawn = (None, None);
        match self.shown() {
            Some(Shown::Menu((heading, under), choices, selected)) => {
                if let Some(i) = self.menu_ui(ui, rect, (&heading, under.as_deref()), &choices, selected) {
                    self.with_play(|play| play.choose(i, now));
                    response.request_focus();
                    ui.ctx().request_repaint();
                }
            }
            Some(Shown::LevelSelect(items, selected)) => {
                if let Some(click) = self.level_select_ui(ui, rect, &items, selected) {
                    self.level_select_clicked(click, now);
                    response.request_focus();
                    ui.ctx().request_repaint();
                }
            }
            Some(Shown::Message(text)) => self.message_ui(ui, rect, &text),
            Some(Shown::Text(text)) => self.text_ui(ui, rect, text),
            Some(Shown::Board) => {
                self.refresh_texture(ui.ctx());
                if let Some(texture) = &self.texture {
                    let size = texture.size_vec2();
                    let scale = (board_area.width() / size.x).min(board_area.height() / size.y).max(0.1);
                    let scale = if scale >= 1.0 { scale.floor() } else { scale };
                    let board = egui::Rect::from_center_size(board_area.center(), size * scale);
                    // The level's cells: the picture less a status line under it.
                    let part = if self.board_part > 0.0 { self.board_part.min(1.0) } else { 1.0 };
                    let level = egui::Rect::from_min_size(board.min, egui::vec2(board.width(), board.height() * part));
                    self.drawn.0 = Some(level);
                    ui.painter().image(
                        texture.id(),
                        board,
                        egui::Rect::from_min_max(egui::pos2(0.0, 0.0), egui::pos2(1.0, 1.0)),
                        egui::Color32::WHITE,
                    );
                }
            }
            None => {}
        }
        // The mouse, in a game that listens to it, once the board is placed.
        self.pointer(ui, board_area, now);
        let strip = egui::Rect::from_min_max(egui::pos2(rect.min.x, board_area.max.y), rect.max);
        self.hint_ui(ui, strip, focused);

        // Wake up exactly when the flow's next timed event is due, whatever
        // the input (again turns, realtime ticks, key repeats, win pauses),
        // and at once when a key changed the screen after the header was
        // drawn (the picker would show the entry left behind).
        if self.play.as_ref().map(Play::generation) != generation {
            ui.ctx().request_repaint();
        }
        if let Some(due) = self.play.as_ref().and_then(Play::next_event) {
            ui.ctx().request_repaint_after(due.saturating_sub(now));
        }
        self.report_runtime(ui.ctx(), cx.doc);
    }
}
