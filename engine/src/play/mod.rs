//! The game flow a player sees, as a pure state machine over a
//! [`Session`]: the title screen (start, or continue from the level
//! reached), message entries and rule messages shown until dismissed,
//! level progression with a short pause after each win, the end of the
//! game, checkpoints and progress, undo and restart (honouring `noundo`,
//! `norestart`, `noaction`), `again` turns, realtime ticks, held keys
//! repeating on `key_repeat_interval`, `throttle_movement`, and sounds.
//! The docked player, the HTML and native exports and GIF capture all
//! drive this one flow.
//!
//! It owns no clock and no device. The host passes the current time (any
//! [`Duration`] since a start of its choosing, never going back) with each
//! call, asks [`Play::next_event`] when something timed is due next (an
//! `again` turn, a realtime tick, a key repeat, the end of a win pause) and
//! wakes up at that moment to call [`Play::advance`]. It draws what
//! [`Play::screen`] says, plays the [`Output::Sound`]s and saves the
//! [`Output::Progress`] it is handed (per game). The same calls with the
//! same times give the same flow, bit for bit.
//!
//! Modules: `numbering` (how entries are named: "Level 3", messages as
//! messages), `progress` (what the host keeps between runs), `select`
//! (the level select's list: the levels reached, with their captions).
//!
//! Where we differ from the reference web player, on purpose: choosing on
//! the title screen and closing a message take effect at once (the
//! reference animates them for a fraction of a second); a finished game
//! shows [`Screen::GameOver`] until the action key returns to the title.

mod flow;
mod numbering;
mod pause;
mod pointer;
mod progress;
mod select;
#[cfg(test)]
mod tests;

pub use numbering::{EntryNumber, entry_number, entry_numbers, entry_of_level, level_count, number_entries};
pub use pause::PauseChoice;
pub use pointer::{Cell, drag_path};
pub use progress::{Checkpoint, Progress};
pub use select::{LevelItem, SectionMark, level_select_items, section_items};

use std::sync::Arc;
use std::time::Duration;

use crate::compile::{Game, Level, LevelGrid};
use crate::run::{Click, Event, Input, Session, Step};
use crate::sfx::SoundSeed;
use crate::syntax::keywords::SoundEvent;

/// How long a won level stays on screen before the next entry, as in the
/// reference player.
pub const WIN_PAUSE: Duration = Duration::from_millis(500);

/// Longest interval (seconds) taken from the prelude; longer ones are cut
/// to this so a typo cannot stall a game for hours.
const MAX_INTERVAL: f64 = 60.0;

/// `again` turns in a row that [`Play::settle`] runs at most.
const SETTLE_LIMIT: usize = 10_000;

/// What the player can press. The host maps its keys, buttons or touches
/// to these (the reference: arrows or WASD, X / Space / Enter / C for
/// action, Z or U undo, R restart, Esc title).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Control {
    /// Move up (and choose the upper title option).
    Up,
    /// Move down (and choose the lower title option).
    Down,
    /// Move left.
    Left,
    /// Move right.
    Right,
    /// The action key: acts in a level, starts from the title screen,
    /// dismisses a message.
    Action,
    /// Undo the last turn (repeats while held).
    Undo,
    /// Restart the level (from its checkpoint).
    Restart,
    /// Back to the title screen (Escape); in a game with `enable_pause`
    /// (PuzzleScript Next), the pause menu.
    Title,
}

impl Control {
    fn input(self) -> Option<Input> {
        match self {
            Control::Up => Some(Input::Up),
            Control::Down => Some(Input::Down),
            Control::Left => Some(Input::Left),
            Control::Right => Some(Input::Right),
            Control::Action => Some(Input::Action),
            Control::Undo | Control::Restart | Control::Title => None,
        }
    }
}

/// Something the flow tells its host, in order.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Output {
    /// Play the sfxr sound with this seed.
    Sound {
        /// The seed, as written in the game.
        seed: SoundSeed,
        /// The global event it answers (`startlevel`, `sfx3`...), `None`
        /// for an object's sound.
        event: Option<SoundEvent>,
    },
    /// The progress changed: keep this (for this game) between runs.
    Progress(Progress),
    /// A rule's `log TEXT` command fired (PuzzleScript Next): a line for the
    /// author's console, from the rule on source line `line`.
    Log {
        /// Source line of the rule.
        line: u32,
        /// The text after `log`.
        text: String,
    },
    /// A turn stopped at one of the engine's bounds (a rule group or loop
    /// that kept going, `gosub` calls too deep): worth telling the author.
    LimitHit {
        /// Which bound.
        limit: crate::run::Limit,
        /// Source line of the rule concerned.
        line: u32,
    },
    /// A mouse or touch event played a turn on the level (see
    /// [`Play::click`]): for a host that keeps what was played, as the
    /// studio's "Record GIF" does.
    Clicked(Click),
}

/// A choice on the title screen.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum TitleChoice {
    /// Continue from the entry reached (and its checkpoint, if saved).
    Continue {
        /// The LEVELS entry it loads.
        entry: usize,
        /// The level that entry is or leads into, numbered among maps.
        level: Option<usize>,
    },
    /// Open the level select (offered once a second level is reached).
    LevelSelect,
    /// Start from the first entry.
    NewGame,
}

impl TitleChoice {
    /// The words for it: `Continue from level 3`, `Start a new game`.
    #[must_use]
    pub fn label(&self) -> String {
        match self {
            TitleChoice::Continue { level: Some(n), .. } => format!("Continue from level {n}"),
            TitleChoice::Continue { level: None, .. } => "Continue".to_owned(),
            TitleChoice::LevelSelect => "Select a level".to_owned(),
            TitleChoice::NewGame => "Start a new game".to_owned(),
        }
    }
}

/// What to show now.
#[derive(Debug, Clone, Copy)]
pub enum Screen<'a> {
    /// The title screen: the game's title and author (from its metadata)
    /// and these choices, `selected` being the one the action key takes.
    Title {
        /// The choices, top to bottom.
        choices: &'a [TitleChoice],
        /// Index of the highlighted choice.
        selected: usize,
    },
    /// The level select: the levels reached so far; the action key plays
    /// the `selected` one, Esc (or undo) returns to the title screen.
    LevelSelect {
        /// The levels offered, in order.
        items: &'a [LevelItem],
        /// Index of the highlighted one.
        selected: usize,
    },
    /// The level being played: draw the session's board.
    Level(&'a Session),
    /// A level just won, shown for [`WIN_PAUSE`] before the next entry,
    /// with the options in force when it was won (a rule may have changed
    /// them: `runtime_metadata_twiddling`).
    LevelWon(&'a LevelGrid, &'a crate::compile::Metadata),
    /// A message (an entry of LEVELS or a rule's `message`), shown until
    /// the action key, with the options in force (a rule's message is laid
    /// out by the `message_text_align` a rule may have set).
    Message(&'a str, &'a crate::compile::Metadata),
    /// The last level was won; the action key returns to the title.
    GameOver,
    /// PuzzleScript Next's pause menu (`enable_pause`) over a level: the
    /// action key takes the `selected` choice, Escape leaves.
    Pause {
        /// The choices, top to bottom.
        choices: &'a [PauseChoice],
        /// Index of the highlighted one.
        selected: usize,
        /// The name of the level paused (a `level` line), if it has one.
        level: Option<&'a str>,
    },
}

impl Screen<'_> {
    /// The options a level or message on screen is drawn with (see
    /// [`Play::options`]); `None` for the menus and the end, drawn with
    /// the game's.
    #[must_use]
    pub fn options(&self) -> Option<&crate::compile::Metadata> {
        match self {
            Screen::Level(session) => Some(session.metadata()),
            Screen::LevelWon(_, options) | Screen::Message(_, options) => Some(options),
            Screen::Title { .. } | Screen::LevelSelect { .. } | Screen::GameOver | Screen::Pause { .. } => None,
        }
    }
}

/// The flow's state.
#[derive(Debug)]
enum Mode {
    Title {
        choices: Vec<TitleChoice>,
        selected: usize,
    },
    LevelSelect {
        items: Vec<LevelItem>,
        selected: usize,
    },
    Playing,
    /// `entry`: a message entry of LEVELS (dismissing it moves on), else a
    /// rule's message (dismissing it returns to the level).
    Message {
        text: String,
        entry: bool,
    },
    Won {
        until: Duration,
        board: LevelGrid,
    },
    Ended,
    /// The pause menu (`enable_pause`) over the screen it keeps.
    Paused(pause::Paused),
}

/// A win found behind a rule's message: the board won and the session's
/// events of the next entry, kept until the message is dismissed.
#[derive(Debug)]
struct PendingWin {
    board: LevelGrid,
    tail: Vec<Event>,
}

/// One player's way through one game. See the module documentation.
#[derive(Debug)]
pub struct Play {
    game: Arc<Game>,
    seed: Option<String>,
    /// Replays: the session's own flow (see [`Play::replay`]).
    replay: bool,
    session: Option<Session>,
    mode: Mode,
    /// The LEVELS entry on screen (or last shown, on the title).
    entry: usize,
    progress: Progress,
    outputs: Vec<Output>,
    /// A win behind a rule's message on screen.
    pending_win: Option<PendingWin>,
    /// The next entry's events, released when the win pause ends.
    won_tail: Vec<Event>,
    /// When the pending `again` turn runs.
    again_due: Option<Duration>,
    /// The latest time the host gave.
    now: Duration,
    /// Time spent where realtime ticks run, since the last tick.
    autotick: Duration,
    /// Controls held, in the order the repeat cycles through them.
    held: Vec<Control>,
    repeat_index: usize,
    /// When the held keys last fired (press or repeat).
    repeat_from: Duration,
    /// The last movement made and when (`throttle_movement`).
    last_move: Option<(Input, Duration)>,
    /// A held action key does not act until pressed afresh (after a level
    /// loads or a message closes).
    ignore_held_action: bool,
    /// The next `Message` event is the text of the message entry just
    /// loaded, not a rule's message.
    expect_entry_message: bool,
    /// Bumped whenever what is on screen may have changed.
    generation: u64,
    /// Record every session loaded with this memory budget (the rule
    /// debugger); `None`: no recorder, the engine at full speed.
    trace_budget: Option<usize>,
    /// The steps played on the level on screen since it loaded (moves,
    /// undos, restarts, realtime ticks), for "Keep as solution".
    played: Vec<Step>,
    /// The last level won in this flow: its entry and the steps that won it.
    last_win: Option<(usize, Vec<Step>)>,
    /// A mouse button held down over the level (see `pointer`).
    held_pointer: Option<pointer::Held>,
    /// When the last turn that moved something ended, in a game with
    /// `tween_length`: its moves slide from then (see [`Play::tween`]).
    tween_from: Option<Duration>,
}

impl Play {
    /// Open `game` on its title screen, with `progress` kept from an
    /// earlier run (`Progress::default()` for none). Queues the title
    /// screen's sound.
    #[must_use]
    pub fn new(game: Arc<Game>, progress: Progress, now: Duration) -> Play {
        let mut play = Play::blank(game, progress, now);
        play.to_title(now);
        if play.game.metadata.skip_title_screen
            && let Mode::Title { choices, .. } = &play.mode
        {
            // `skip_title_screen` (PuzzleScript Plus): as if the first
            // choice (continue, the level select or a new game) were taken.
            if !choices.is_empty() {
                play.choose(0, now);
            }
        }
        play
    }

    /// Open `game` straight at entry `entry` of LEVELS (the level picker,
    /// "play from here", an export's `--level`), skipping the title.
    #[must_use]
    pub fn at_entry(game: Arc<Game>, progress: Progress, entry: usize, now: Duration) -> Play {
        Play::at_entry_traced(game, progress, entry, now, None)
    }

    /// [`Play::at_entry`], recording the sessions from the first load on
    /// with a memory budget of `trace` bytes when given (see
    /// [`Play::set_trace`]).
    #[must_use]
    pub fn at_entry_traced(
        game: Arc<Game>,
        progress: Progress,
        entry: usize,
        now: Duration,
        trace: Option<usize>,
    ) -> Play {
        let mut play = Play::blank(game, progress, now);
        play.trace_budget = trace;
        // The title screen stands in when there is no entry to go to.
        play.enter_title();
        play.go_to_entry(entry, now);
        play
    }

    /// Replay a recorded session from entry `entry` with the random
    /// generator seeded by `seed`: the session's own flow (the one the
    /// conformance recordings were made in), where [`Play::step`] goes to
    /// the session whatever is on screen, a won level moves on at once,
    /// a rule's message does not wait, and only the session's own sounds
    /// are played. Run [`Play::settle`] after each step.
    #[must_use]
    pub fn replay(game: Arc<Game>, entry: usize, seed: Option<&str>, now: Duration) -> Play {
        let mut play = Play::blank(game, Progress::default(), now);
        play.replay = true;
        play.seed = seed.map(str::to_owned);
        play.enter_title();
        play.go_to_entry(entry, now);
        play
    }

    fn blank(game: Arc<Game>, progress: Progress, now: Duration) -> Play {
        Play {
            game,
            seed: None,
            replay: false,
            session: None,
            mode: Mode::Title { choices: Vec::new(), selected: 0 },
            entry: 0,
            progress,
            outputs: Vec::new(),
            pending_win: None,
            won_tail: Vec::new(),
            again_due: None,
            now,
            autotick: Duration::ZERO,
            held: Vec::new(),
            repeat_index: 0,
            repeat_from: now,
            last_move: None,
            ignore_held_action: true,
            expect_entry_message: false,
            generation: 0,
            trace_budget: None,
            played: Vec::new(),
            last_win: None,
            held_pointer: None,
            tween_from: None,
        }
    }

    /// Seed the random generator of every level loaded from now on (`None`:
    /// the engine's fixed default).
    pub fn set_seed(&mut self, seed: Option<&str>) {
        self.seed = seed.map(str::to_owned);
    }

    /// The game being played.
    #[must_use]
    pub fn game(&self) -> &Arc<Game> {
        &self.game
    }

    /// Record the turns of the sessions from now on with a memory budget
    /// of `budget` bytes (the rule debugger), or stop recording (`None`).
    /// The session on screen starts recording from its current board; the
    /// levels loaded later record from their load on.
    pub fn set_trace(&mut self, budget: Option<usize>) {
        if self.trace_budget == budget {
            return;
        }
        self.trace_budget = budget;
        if let Some(session) = self.session.as_mut() {
            match budget {
                Some(b) => session.start_trace(b),
                None => {
                    session.stop_trace();
                }
            }
        }
    }

    /// A new session of entry `entry`, recording when asked to.
    pub(super) fn new_session(&self, entry: usize) -> Session {
        match self.trace_budget {
            Some(b) => Session::new_traced(self.game.clone(), entry, self.seed.as_deref(), b),
            None => Session::new(self.game.clone(), entry, self.seed.as_deref()),
        }
    }

    /// Bring back the turn the last undo took back (see [`Session::redo`]),
    /// on a level being played; returns whether there was one.
    pub fn redo(&mut self, now: Duration) -> bool {
        self.accrue(now);
        if !matches!(self.mode, Mode::Playing) || self.again_due.is_some() {
            return false;
        }
        let Some(session) = self.session.as_mut() else { return false };
        if !session.redo() {
            return false;
        }
        self.after_turn(now);
        true
    }

    /// Whether [`Play::redo`] has a turn to bring back.
    #[must_use]
    pub fn can_redo(&self) -> bool {
        self.session.as_ref().is_some_and(Session::can_redo)
    }

    /// The session of the entry on screen (`None` on the title screen and
    /// after the game ends).
    #[must_use]
    pub fn session(&self) -> Option<&Session> {
        self.session.as_ref()
    }

    /// What to show now.
    #[must_use]
    pub fn screen(&self) -> Screen<'_> {
        match &self.mode {
            Mode::Title { choices, selected } => Screen::Title { choices, selected: *selected },
            Mode::LevelSelect { items, selected } => Screen::LevelSelect { items, selected: *selected },
            Mode::Message { text, .. } => Screen::Message(text, self.options()),
            Mode::Won { board, .. } => Screen::LevelWon(board, self.options()),
            Mode::Ended => Screen::GameOver,
            Mode::Paused(menu) => Screen::Pause {
                choices: &menu.choices,
                selected: menu.selected,
                level: self.game.level_names.iter().find(|(e, _)| *e == self.entry).map(|(_, n)| n.as_str()),
            },
            Mode::Playing => match &self.session {
                Some(session) => Screen::Level(session),
                None => Screen::GameOver,
            },
        }
    }

    /// The options the screen is drawn with: the game's, or as the rules
    /// of the level on screen have left them (`runtime_metadata_twiddling`:
    /// the camera's `flickscreen`, `zoomscreen` and `smoothscreen`, the
    /// colours, `message_text_align`); during the pause after a win, as
    /// they were when it was won.
    #[must_use]
    pub fn options(&self) -> &crate::compile::Metadata {
        match (&self.mode, &self.session) {
            (Mode::Won { .. }, Some(session)) => session.won_metadata(),
            (Mode::Title { .. } | Mode::LevelSelect { .. } | Mode::Ended, _) | (_, None) => &self.game.metadata,
            (_, Some(session)) => session.metadata(),
        }
    }

    /// Whether the title screen is showing.
    #[must_use]
    pub fn on_title(&self) -> bool {
        matches!(self.mode, Mode::Title { .. })
    }

    /// The LEVELS entry on screen (during a win pause, the level won; on
    /// the title screen, the last one shown).
    #[must_use]
    pub fn entry(&self) -> usize {
        self.entry
    }

    /// The last level won in this flow, as its LEVELS entry and the steps
    /// played on it from its start (or its last load) to the win: what
    /// "Keep as solution" keeps.
    #[must_use]
    pub fn last_win(&self) -> Option<(usize, &[Step])> {
        self.last_win.as_ref().map(|(entry, steps)| (*entry, &steps[..]))
    }

    /// The seed the flow's sessions draw from (`None`: the engine's default).
    #[must_use]
    pub fn seed(&self) -> Option<&str> {
        self.seed.as_deref()
    }

    /// The progress to keep for this game (also handed out as
    /// [`Output::Progress`] whenever it changes).
    #[must_use]
    pub fn progress(&self) -> &Progress {
        &self.progress
    }

    /// A number that changes whenever what [`Play::screen`] shows may have
    /// changed (a turn, a new screen, another title choice), so a host can
    /// redraw only then.
    #[must_use]
    pub fn generation(&self) -> u64 {
        self.generation
    }

    /// What happened since the last call, in order.
    pub fn take_outputs(&mut self) -> Vec<Output> {
        std::mem::take(&mut self.outputs)
    }

    /// When the next timed event is due (an `again` turn, a realtime tick,
    /// a held key's repeat, the end of a win pause), on the host's clock:
    /// call [`Play::advance`] then. `None` when nothing is timed: wait for
    /// the next key.
    #[must_use]
    pub fn next_event(&self) -> Option<Duration> {
        let mut due: Option<Duration> = None;
        let mut consider = |t: Duration| due = Some(due.map_or(t, |d| d.min(t)));
        if let Mode::Won { until, .. } = &self.mode {
            consider(*until);
        }
        if matches!(self.mode, Mode::Playing)
            && let Some(t) = self.again_due
        {
            consider(t);
        }
        if !self.held.is_empty() {
            consider(self.repeat_from + self.repeat_tick());
        }
        if let Some(tick) = self.realtime_interval()
            && self.realtime_running()
        {
            consider(self.now + tick.saturating_sub(self.autotick));
        }
        due
    }

    /// What to slide at `now` (`tween_length`, PuzzleScript Plus): the
    /// last turn's moves and how much of their slide is left, while it
    /// lasts; `None` in games without tweens, between slides, and off the
    /// level. Drawing only (hand it to `render`); a host keeps redrawing
    /// while this is `Some`.
    /// With PuzzleScript Next's `afx:` animations, the same for them: the
    /// last turn's animations and how much of `animate_interval` is left.
    #[must_use]
    pub fn tween(&self, now: Duration) -> Option<crate::tween::Tween<'_>> {
        let from = self.tween_from?;
        if !matches!(self.mode, Mode::Playing) {
            return None;
        }
        let session = self.session.as_ref()?;
        let elapsed = now.saturating_sub(from);
        let mut tween = crate::tween::Tween::default();
        if let Some(options) = self.game.metadata.tween {
            tween.remaining = options.remaining(elapsed);
            if tween.remaining > 0.0 {
                tween.moved = session.moved();
            }
        }
        let animations = session.animations();
        if !animations.is_empty() {
            tween.afx_left = crate::afx::left(elapsed, self.game.metadata.afx_interval());
            if tween.afx_left > 0.0 {
                tween.animations = animations;
            }
        }
        (!tween.moved.is_empty() || !tween.animations.is_empty()).then_some(tween)
    }

    /// Run what is due at `now`: the end of a win pause, an `again` turn,
    /// a held key's repeat, a realtime tick (each at most once per call).
    pub fn advance(&mut self, now: Duration) {
        self.accrue(now);
        let now = self.now;
        if let Mode::Won { until, .. } = &self.mode
            && now >= *until
        {
            self.finish_win(now);
        }
        if matches!(self.mode, Mode::Playing) && self.again_due.is_some_and(|t| now >= t) {
            self.again_due = None;
            if let Some(session) = self.session.as_mut() {
                session.run_again();
            }
            self.after_turn(now);
            // As the reference: an `again` turn restarts the key repeat and
            // the realtime count.
            self.repeat_from = now;
            self.autotick = Duration::ZERO;
        }
        if !self.held.is_empty() && now >= self.repeat_from + self.repeat_tick() {
            self.repeat_from = now;
            self.repeat_index = (self.repeat_index + 1) % self.held.len();
            let control = self.held[self.repeat_index];
            self.handle(control, false, now);
        }
        if let Some(tick) = self.realtime_interval()
            && self.realtime_running()
            && self.autotick >= tick
        {
            self.autotick = Duration::ZERO;
            if let Some(session) = self.session.as_mut() {
                session.tick();
                self.played.push(Step::Tick);
            }
            self.after_turn(now);
        }
    }

    /// A control was pressed at `now` (a fresh press: the host ignores its
    /// system's own key repeat; the flow repeats held keys itself).
    pub fn press(&mut self, control: Control, now: Duration) {
        self.advance(now);
        if self.held.contains(&control) {
            return;
        }
        let at = self.repeat_index.min(self.held.len());
        self.held.insert(at, control);
        self.repeat_index = at;
        self.repeat_from = self.now;
        let now = self.now;
        self.handle(control, true, now);
    }

    /// A control was let go at `now`.
    pub fn release(&mut self, control: Control, now: Duration) {
        self.accrue(now);
        if let Some(k) = self.held.iter().position(|&c| c == control) {
            self.held.remove(k);
            if self.repeat_index >= k {
                self.repeat_index = self.repeat_index.saturating_sub(1);
            }
        }
    }

    /// Every control was let go (the game lost the keyboard).
    pub fn release_all(&mut self) {
        self.held.clear();
        self.repeat_index = 0;
    }

    /// Take choice `index` of the title screen, item `index` of the level
    /// select or choice `index` of the pause menu (a click on it; the
    /// action key takes the highlighted one). Does nothing on other screens.
    pub fn choose(&mut self, index: usize, now: Duration) {
        self.accrue(now);
        if matches!(self.mode, Mode::Paused(_)) {
            self.choose_pause(index, now);
            return;
        }
        if let Mode::LevelSelect { items, .. } = &self.mode {
            let Some(item) = items.get(index) else { return };
            if item.section.as_ref().is_some_and(|s| s.locked) {
                return;
            }
            let entry = item.entry;
            self.sound_event(SoundEvent::StartGame);
            self.load_entry(entry, None, now);
            return;
        }
        let Mode::Title { choices, .. } = &self.mode else { return };
        let Some(choice) = choices.get(index).cloned() else { return };
        if self.game.levels.is_empty() {
            return;
        }
        if choice == TitleChoice::LevelSelect {
            self.enter_level_select();
            return;
        }
        if matches!(choice, TitleChoice::Continue { .. })
            && self.game.metadata.level_select.as_ref().is_some_and(|o| o.continue_is_select)
            && !self.game.sections.is_empty()
        {
            // `continue_is_level_select` (PuzzleScript Plus).
            self.enter_level_select();
            return;
        }
        self.sound_event(SoundEvent::StartGame);
        match choice {
            TitleChoice::LevelSelect => {}
            TitleChoice::NewGame => self.load_entry(0, None, now),
            TitleChoice::Continue { entry, .. } => {
                let checkpoint = self.progress.checkpoint.clone().filter(|_| self.progress.entry == entry);
                self.load_entry(entry, checkpoint.as_ref(), now);
            }
        }
    }

    /// Play entry `entry` of LEVELS from its start (the level picker):
    /// leaves the title screen, a message or a pause.
    pub fn go_to_entry(&mut self, entry: usize, now: Duration) {
        self.accrue(now);
        let Some(last) = self.game.levels.len().checked_sub(1) else { return };
        self.load_entry(entry.min(last), None, now);
    }

    /// Back to the title screen (its sound plays).
    pub fn to_title(&mut self, now: Duration) {
        self.accrue(now);
        self.sound_event(SoundEvent::TitleScreen);
        self.enter_title();
    }

    /// The game was rebuilt (its text edited): play `game` from now on,
    /// keeping what is on screen. A level still there is reloaded with
    /// the board carried over when it kept its size (objects matched by
    /// name; undo history dropped); a rule's message or a win pause on
    /// screen is dropped. No sounds.
    pub fn replace_game(&mut self, game: Arc<Game>, now: Duration) {
        self.generation += 1;
        self.accrue(now);
        if matches!(self.mode, Mode::Won { .. }) {
            self.finish_win(now);
        }
        let old = self.session.take();
        self.game = game;
        self.pending_win = None;
        self.won_tail.clear();
        self.again_due = None;
        match &self.mode {
            Mode::Title { selected, .. } => {
                let selected = *selected;
                self.enter_title();
                if let Mode::Title { choices, selected: s } = &mut self.mode {
                    *s = selected.min(choices.len().saturating_sub(1));
                }
            }
            Mode::LevelSelect { selected, .. } => {
                let selected = *selected;
                self.enter_level_select();
                if let Mode::LevelSelect { items, selected: s } = &mut self.mode {
                    *s = selected.min(items.len().saturating_sub(1));
                }
            }
            Mode::Ended => {}
            Mode::Playing | Mode::Message { .. } | Mode::Won { .. } | Mode::Paused(_) => {
                let Some(last) = self.game.levels.len().checked_sub(1) else {
                    self.enter_title();
                    return;
                };
                self.entry = self.entry.min(last);
                let mut session = self.new_session(self.entry);
                session.take_events();
                if let Some(old) = old.as_ref().filter(|o| o.level_index() == self.entry) {
                    session.adopt_board(old);
                }
                self.entry = session.level_index();
                self.mode = match &self.game.levels[self.entry] {
                    Level::Map(_) | Level::Goto(_) => Mode::Playing,
                    Level::Message(text) => Mode::Message { text: text.clone(), entry: true },
                };
                self.session = Some(session);
            }
        }
    }

    /// A mouse or touch event on a cell of the level being played: a turn
    /// like a key press when the game listens to that event (not while an
    /// `again` turn is pending, as PuzzleScript Next ignores the mouse
    /// then); nothing on the other screens.
    pub fn click(&mut self, click: Click, now: Duration) {
        self.accrue(now);
        if !matches!(self.mode, Mode::Playing) || self.again_due.is_some() {
            return;
        }
        // An event the game does not listen to is no step at all (not
        // even an empty one in the debugger's recording).
        if click.mark(&self.game.mouse).is_none() {
            return;
        }
        let Some(session) = self.session.as_mut() else { return };
        if session.click(click) {
            self.played.push(Step::Click(click));
            self.outputs.push(Output::Clicked(click));
            self.after_turn(now);
        }
    }

    /// Whether the game listens to the mouse (a `mouse_*` option).
    #[must_use]
    pub fn listens_to_mouse(&self) -> bool {
        self.game.mouse.listens()
    }

    /// Apply one recorded step to the session, whatever is on screen, as
    /// the conformance recordings were made; in the interactive flow its events are then shown as a
    /// key's would be.
    pub fn step(&mut self, step: Step, now: Duration) {
        self.accrue(now);
        let Some(session) = self.session.as_mut() else { return };
        self.played.push(step);
        step.apply(session);
        self.after_turn(now);
    }

    /// Run at once what would otherwise wait: the pending `again` turns (at
    /// most 10,000; the session's own, even behind a message) and the win
    /// pause. For replays, automation and GIF capture, which do not wait
    /// on the clock.
    pub fn settle(&mut self, now: Duration) {
        self.accrue(now);
        for _ in 0..SETTLE_LIMIT {
            if matches!(self.mode, Mode::Won { .. }) {
                self.finish_win(now);
                continue;
            }
            let Some(session) = self.session.as_mut() else { return };
            if !session.again_pending() {
                return;
            }
            session.run_again();
            self.again_due = None;
            self.after_turn(now);
        }
    }
}
