//! Playing a compiled game: a `Session` holds the level state and runs
//! turns exactly as the reference engine does (in the flow its test
//! harness uses: a won level advances at once, messages do not wait).
//!
//! Modules: `board` (level state, masks, pattern matching), `commands`
//! (the queue of one turn), `turn` (one turn: movement, rules, subroutine
//! calls, rigid bodies, commands, win conditions), `trace` (what happened
//! inside each turn, for the debugger; free when off), `state` (saving and
//! restoring a level's state, for the solver), `step` (what a host asks a
//! session to do, one [`Step`] type for every host).

mod board;
mod commands;
mod jump;
mod planes;
mod resume;
mod state;
mod step;
#[cfg(test)]
mod tests;
pub mod trace;
mod turn;

use crate::compile::{Direction, Game, Level};
use crate::rng::Rng;
use crate::sfx::SoundSeed;
use crate::syntax::keywords::SoundEvent;
use board::Board;
use std::collections::HashMap;
use std::fmt::Write as _;
use std::sync::Arc;

pub use state::LevelState;
pub use step::{BadStep, Button, Click, Gesture, Mark, Step};

/// `again` turns were still pending after the bound given to
/// [`Session::settle`]: the game keeps asking for another turn.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct EndlessAgain {
    /// How many `again` turns were run before giving up (the bound).
    pub ran: usize,
}

impl std::fmt::Display for EndlessAgain {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "more than {} again turns in a row", self.ran)
    }
}

impl std::error::Error for EndlessAgain {}

/// A player input.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Input {
    /// Move up.
    Up,
    /// Move left.
    Left,
    /// Move down.
    Down,
    /// Move right.
    Right,
    /// The action key.
    Action,
}

impl Input {
    /// The movement the input gives the player.
    #[must_use]
    pub const fn direction(self) -> Direction {
        match self {
            Input::Up => Direction::Up,
            Input::Down => Direction::Down,
            Input::Left => Direction::Left,
            Input::Right => Direction::Right,
            Input::Action => Direction::Action,
        }
    }
}

/// A bound that keeps every turn finite. The reference engine has the
/// first two (and logs an error when one is hit); PuzzleScript Next has no
/// bound on `gosub`, we keep two far above what real games use.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Limit {
    /// A rule group kept changing the level for 200 passes in one go.
    GroupPasses,
    /// A `startloop`..`endloop` loop jumped back 200 times in one rule pass.
    LoopJumps,
    /// `gosub` calls nested deeper than [`GOSUB_DEPTH_LIMIT`].
    GosubDepth,
    /// More than [`GOSUB_CALL_LIMIT`] `gosub` calls in one rule pass.
    GosubCalls,
}

/// How deep `gosub` calls may nest (PuzzleScript Next has no bound; real
/// recursive games go a few dozen deep).
pub const GOSUB_DEPTH_LIMIT: usize = 1024;
/// How many `gosub` calls one pass over the main or late rules may make.
pub const GOSUB_CALL_LIMIT: usize = 65_536;

impl Limit {
    /// What happened, in words for a game's author.
    #[must_use]
    pub fn describe(self) -> &'static str {
        match self {
            Limit::GroupPasses => "this rule group was still changing the level after 200 passes, so it was stopped",
            Limit::LoopJumps => "this loop went round 200 times in one turn, so it was stopped",
            Limit::GosubDepth => "gosub calls nested more than 1024 deep here, so this call was skipped",
            Limit::GosubCalls => "more than 65536 gosub calls ran in one turn, so this call was skipped",
        }
    }
}

/// Something the session tells its host.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Event {
    /// Play the sfxr sound with this seed: an object sound (move, cantmove,
    /// create, destroy), the ones the reference records in its history.
    Sound(SoundSeed),
    /// Play a global sound event (`sfx0`..`sfx10`, `startlevel`, `undo`,
    /// `cancel`...): the event and its seed. The reference plays these
    /// without recording them.
    EventSound(SoundEvent, SoundSeed),
    /// A rule's `message` command fired (text to show).
    Message(String),
    /// A `checkpoint` command saved the restart state.
    Checkpoint,
    /// A new entry of the LEVELS section was loaded (its index).
    LevelChanged(usize),
    /// The last level was won: the game is over.
    GameWon,
    /// The session left its level for entry `0` without a win: a rule's
    /// `goto` or `link`, the way back from a linked level, or undo into the
    /// level before (`allow_undo_level`). The entry's own events follow.
    Goto(usize),
    /// A rule's `log TEXT` command (PuzzleScript Next): a line for the
    /// author, from the rule on source line `line`.
    Log {
        /// Source line of the rule.
        line: u32,
        /// The text after `log`.
        text: String,
    },
    /// A rule's `quit` command (PuzzleScript Plus): the player leaves the
    /// level, for the title screen or the level select.
    Quit,
    /// A bound on the work of a turn was hit (a runtime problem to show the
    /// author), at the rule on source line `line` (for a loop, its first
    /// group; for `gosub`, the calling rule). Each (limit, line) is
    /// reported once per batch of [`Session::take_events`].
    LimitHit {
        /// Which bound.
        limit: Limit,
        /// Source line of the rule.
        line: u32,
    },
}

/// A saved level state (undo stack entries, restart target).
#[derive(Debug, Clone)]
pub(crate) struct Snapshot {
    width: usize,
    height: usize,
    objects: Vec<u64>,
    /// The options as rules had changed them (`runtime_metadata_twiddling`):
    /// undo, restart and a return by `link` bring them back, as
    /// PuzzleScript Next's saved levels do. None (the prelude's) in a game
    /// no rule has changed an option in: a classic game's never copies one.
    options: Option<Arc<crate::compile::Metadata>>,
}

impl Snapshot {
    /// `b` with the options in force (`options`: see [`PlayState::options`]).
    fn of(b: &Board, options: Option<&Arc<crate::compile::Metadata>>) -> Snapshot {
        Snapshot { width: b.width, height: b.height, objects: b.objects.clone(), options: options.cloned() }
    }
}

/// Seed used when the host gives none (the reference then picks a random
/// one; any fixed value keeps us deterministic).
const DEFAULT_SEED: &str = "puzzlewright";

/// One play-through of a game.
#[derive(Debug)]
pub struct Session {
    game: Arc<Game>,
    seed: String,
    rng: Rng,
    /// The level being played and the states undo, redo and restart go
    /// back to.
    play: PlayState,
    /// Which screen the session is on and what kind of turn is running.
    mode: Mode,
    /// Working state of the running turn, reused between turns.
    turn: TurnScratch,
    /// Buffers and outcomes kept for reuse by later turns.
    caches: Caches,
    /// What the session has to tell its host.
    report: Report,
    /// The recorder, while recording (see `trace`).
    trace: Option<Box<trace::Recorder>>,
    /// Tests set this to run the general matching and rewriting code in
    /// place of the fast paths, to compare the two.
    #[cfg(test)]
    general_paths: bool,
}

/// Who asks for an undo or a restart: the player (refused by `noundo` /
/// `norestart`; an undo plays its sound, a restart saves the state it
/// leaves for undo), or the game (a rule's `cancel`, `undo` or `restart`,
/// forced).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum AskedBy {
    Player,
    Game,
}

/// Whether undo first drops the saved states equal to the board (a turn
/// that changed nothing), as a player's undo does.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Duplicates {
    Skip,
    Keep,
}

/// A board undo went back from, and whether an `again` turn was pending
/// there.
#[derive(Debug, Clone)]
struct Undone {
    board: Snapshot,
    againing: bool,
}

/// The level being played: its entry, its board, and the states undo, redo
/// and restart go back to.
#[derive(Debug, Default)]
struct PlayState {
    cur_level: usize,
    board: Option<Board>,
    backups: Vec<Snapshot>,
    restart_target: Option<Snapshot>,
    /// What undo went back from (newest last): what `redo` brings back.
    redo_stack: Vec<Undone>,
    /// The board as it stood when the last level was won (see `resume`),
    /// with the options in force then (the level just won is drawn with
    /// them while the flow pauses on it).
    won_board: Option<Snapshot>,
    /// The options as rules changed them (`runtime_metadata_twiddling`,
    /// PuzzleScript Plus); None while no rule has changed one. A level's
    /// load gives back the prelude's, as PuzzleScript Next does; every
    /// [`Snapshot`] keeps the ones in force when it was taken (shared, not
    /// copied: a rule's change copies them first).
    options: Option<Arc<crate::compile::Metadata>>,
    /// Levels left with `allow_undo_level`, newest last (`jump.rs`).
    earlier: Vec<jump::EarlierLevel>,
    /// Where each `link` taken came from, newest last.
    links: Vec<jump::LinkReturn>,
}

impl PlayState {
    /// The board as it stands, with the options in force (for undo,
    /// restart and the level won); None before any map.
    fn saved(&self) -> Option<Snapshot> {
        self.board.as_ref().map(|b| Snapshot::of(b, self.options.as_ref()))
    }
}

/// Which screen the session is on, and what kind of turn is running.
#[derive(Debug, Default)]
struct Mode {
    text_mode: bool,
    title_screen: bool,
    againing: bool,
    restarting: bool,
    /// Whether the running look-ahead belongs to a traced turn (it then
    /// takes no kept outcome).
    tracing_probe: bool,
}

/// The working state of the running turn (buffers reused between turns).
#[derive(Debug, Default)]
struct TurnScratch {
    queue: commands::CommandQueue,
    sfx_create: Vec<u64>,
    sfx_destroy: Vec<u64>,
    seeds_move: Vec<SoundSeed>,
    seeds_cantmove: Vec<SoundSeed>,
    scratch: Vec<u64>,
    /// Whether a rule of the running group had more matches than it may
    /// apply in one pass (then the next pass is not skipped).
    tuples_capped: bool,
    match_pool: Vec<turn::RuleMatches>,
    /// The `gosub` the running rule group queued last: subroutine and line.
    pending_gosub: Option<(usize, u32)>,
    /// Where each running `gosub` returns to.
    call_stack: Vec<turn::Frame>,
    /// The player's cells at the start of the running turn.
    player_positions: Vec<usize>,
    /// With `local_radius` (PuzzleScript Plus), where the running rule
    /// phase's rows may start: x in `a.0..a.1`, y in `a.2..a.3` before the
    /// row's length is taken off (None when there is no player, and
    /// nothing matches); None without `local_radius`.
    local_area: Option<Option<(isize, isize, isize, isize)>>,
    /// Whether the running turn notes its moves for tweens.
    record_moves: bool,
    /// The board as bit planes, during a turn's rules (see `planes`).
    planes: planes::Planes,
}

/// Buffers and outcomes kept for later turns.
#[derive(Debug, Default)]
struct Caches {
    /// Buffers of dropped undo states, for the next turn's (see
    /// `Session::snapshot`).
    spare_objects: Vec<Vec<u64>>,
    /// The masks of the last state [`Session::restore_state`] restored.
    kept_masks: board::KeptMasks,
    /// The rule phase of the last `again` look-ahead, for the again turn
    /// that follows it (see [`turn::ProbeTurn`]).
    probe: turn::ProbeCache,
}

/// What the session has to tell its host.
#[derive(Debug, Default)]
struct Report {
    events: Vec<Event>,
    /// Bounds hit since the last `take_events` (each reported once).
    limits_hit: Vec<(Limit, u32)>,
    /// Limits hit so far, reported or not (a look-ahead that hits one is
    /// not kept).
    limits_seen: usize,
    /// What a traced turn's look-ahead logs all the same (caps hit, rigid
    /// failures), recorded just before its again line.
    probe_notes: Vec<trace::EventKind>,
    /// What the last turn of play moved, for tweens (kept only in games
    /// with `tween_length`; emptied by undo, restart and a new level).
    moved: Vec<crate::tween::Moved>,
    /// The animations the last turn of play set off (PuzzleScript Next's
    /// `afx:`; noted only in games with any, emptied with `moved`).
    animations: Vec<crate::afx::Animation>,
    /// The status line's text (PuzzleScript Next's `status` command).
    status: Option<Arc<str>>,
    /// Whether a `status` command has set it in the running turn (the
    /// first one counts).
    status_set: bool,
}

impl Session {
    /// Load entry `level` of the LEVELS section, seeding the generator.
    #[must_use]
    pub fn new(game: Arc<Game>, level: usize, seed: Option<&str>) -> Self {
        Session::create(game, level, seed, None)
    }

    /// A session, recording with a budget of `trace` bytes when given.
    fn create(game: Arc<Game>, level: usize, seed: Option<&str>, trace: Option<usize>) -> Self {
        let seed = seed.unwrap_or(DEFAULT_SEED).to_owned();
        let ow = game.obj_words;
        let mut s = Session {
            rng: Rng::new(&seed),
            seed,
            game,
            play: PlayState { cur_level: level, ..PlayState::default() },
            mode: Mode::default(),
            turn: TurnScratch { sfx_create: vec![0; ow], sfx_destroy: vec![0; ow], ..TurnScratch::default() },
            caches: Caches::default(),
            report: Report::default(),
            trace: None,
            #[cfg(test)]
            general_paths: false,
        };
        if let Some(budget) = trace {
            s.start_trace(budget);
            s.trace_begin(trace::Origin::Load { level });
        }
        s.load_level(level);
        s
    }

    /// The compiled game being played.
    #[must_use]
    pub fn game(&self) -> &Arc<Game> {
        &self.game
    }

    /// Index of the current entry of the LEVELS section.
    #[must_use]
    pub fn level_index(&self) -> usize {
        self.play.cur_level
    }

    /// Width and height of the level on screen (0, 0 before any map).
    #[must_use]
    pub fn size(&self) -> (usize, usize) {
        self.play.board.as_ref().map_or((0, 0), |b| (b.width, b.height))
    }

    /// Object ids in cell (x, y).
    #[must_use]
    pub fn objects_at(&self, x: usize, y: usize) -> Vec<usize> {
        let Some(b) = self.play.board.as_ref() else { return Vec::new() };
        if x >= b.width || y >= b.height {
            return Vec::new();
        }
        let cell = b.cell(x * b.height + y);
        (0..self.game.objects.len()).filter(|&id| crate::compile::bits::get_bit(cell, id)).collect()
    }

    /// Carry the state of `other`'s level into this session, for a studio
    /// that rebuilt the game while it was being played: each cell gets the
    /// objects of the same names that this game still has (skipping one
    /// whose layer the cell already fills). Only when both sessions show a
    /// map of the same size; returns whether it did.
    pub fn adopt_board(&mut self, other: &Session) -> bool {
        let (Some(from), Some(to)) = (other.play.board.as_ref(), self.play.board.as_ref()) else { return false };
        if (from.width, from.height) != (to.width, to.height) || self.mode.text_mode || other.mode.text_mode {
            return false;
        }
        let ids: HashMap<&str, usize> =
            self.game.objects.iter().enumerate().map(|(id, o)| (o.name.as_str(), id)).collect();
        let ow = self.game.obj_words;
        let mut objects = vec![0u64; from.cells() * ow];
        for i in 0..from.cells() {
            let cell = &mut objects[i * ow..(i + 1) * ow];
            let mut layers_used: Vec<usize> = Vec::new();
            for (old_id, o) in other.game.objects.iter().enumerate() {
                if !crate::compile::bits::get_bit(from.cell(i), old_id) {
                    continue;
                }
                let Some(&id) = ids.get(o.name.as_str()) else { continue };
                let layer = self.game.objects[id].layer;
                if !layers_used.contains(&layer) {
                    layers_used.push(layer);
                    crate::compile::bits::set_bit(cell, id);
                }
            }
        }
        if let Some(b) = self.play.board.as_mut() {
            b.restore(&objects);
            b.recompute_masks();
        }
        self.play.backups.clear();
        self.play.redo_stack.clear();
        true
    }

    /// Whether a message or the title screen is showing.
    #[must_use]
    pub fn text_mode(&self) -> bool {
        self.mode.text_mode
    }

    /// One turn with a player input.
    pub fn input(&mut self, input: Input) {
        if self.trace.is_some() {
            self.trace_begin(trace::Origin::Step(Step::Input(input)));
        }
        self.process_input(Some(input.direction()), turn::TurnMode::Play);
    }

    /// A mouse or touch event on a cell: when the game names an object for
    /// it (`mouse_left`, `mouse_drag`, `mouse_up`, `mouse_right`,
    /// `mouse_rdrag`, `mouse_rup`), one turn that starts by putting that
    /// object in the cell (with `mouse_clicks` and no object for a press,
    /// by marking what the cell holds with `lclick` or `rclick`), an input like a key press for undo and
    /// `require_player_movement`. Returns whether a turn ran (not for an
    /// event the game does not listen to, nor for a cell off the level).
    pub fn click(&mut self, click: Click) -> bool {
        if self.trace.is_some() {
            self.trace_begin(trace::Origin::Step(Step::Click(click)));
        }
        let Some(mark) = click.mark(&self.game.mouse) else { return false };
        let Some(board) = self.play.board.as_ref() else { return false };
        let (x, y) = (click.x as usize, click.y as usize);
        if x >= board.width || y >= board.height {
            return false;
        }
        let cell = x * board.height + y;
        self.process_turn(None, Some((cell, mark)), turn::TurnMode::Play);
        true
    }

    /// One turn with no input (a realtime tick).
    pub fn tick(&mut self) {
        if self.trace.is_some() {
            self.trace_begin(trace::Origin::Step(Step::Tick));
        }
        self.process_input(None, turn::TurnMode::Play);
    }

    /// Run one pending `again` turn, if any.
    pub fn run_again(&mut self) {
        if self.mode.againing {
            self.mode.againing = false;
            self.process_input(None, turn::TurnMode::Play);
        }
    }

    /// Whether the last turn asked for an `again` turn.
    #[must_use]
    pub fn again_pending(&self) -> bool {
        self.mode.againing
    }

    /// Run the pending `again` turns, at most `limit` of them: the one way
    /// every host (conformance runner, solver, design checks, command
    /// line) plays out a turn's `again` chain without a clock. `Ok` with
    /// the number run when none is pending any more; [`EndlessAgain`] when
    /// one still is after `limit` (the session is left as it stands).
    ///
    /// # Errors
    /// [`EndlessAgain`] when the chain did not end within `limit` turns.
    pub fn settle(&mut self, limit: usize) -> Result<usize, EndlessAgain> {
        let mut ran = 0;
        while self.mode.againing {
            if ran == limit {
                return Err(EndlessAgain { ran });
            }
            self.run_again();
            ran += 1;
        }
        Ok(ran)
    }

    /// Undo the last turn. [`Session::redo`] can bring it back.
    pub fn undo(&mut self) {
        if self.trace.is_some() {
            self.trace_begin(trace::Origin::Step(Step::Undo));
        }
        let before = self.play.saved().map(|board| Undone { board, againing: self.mode.againing });
        if self.do_undo(AskedBy::Player, Duplicates::Skip)
            && let Some(before) = before
        {
            self.play.redo_stack.push(before);
        }
    }

    /// Bring back what the last [`Session::undo`] undid: the level exactly
    /// as it was, with its pending `again` turn if it had one (the random
    /// generator is where the undone turns left it, as undo does not move
    /// it back). Undo after redo undoes it again. A turn that changes the
    /// level, a restart or a new level clears what can be redone. Returns
    /// whether there was anything to redo.
    pub fn redo(&mut self) -> bool {
        if self.trace.is_some() {
            self.trace_begin(trace::Origin::Step(Step::Redo));
        }
        let Some(Undone { board, againing }) = self.play.redo_stack.pop() else { return false };
        if let Some(now) = self.play.saved() {
            self.play.backups.push(now);
        }
        self.restore(&board);
        self.mode.againing = againing;
        if self.trace.is_some() {
            self.trace_event(trace::EventKind::Redo);
        }
        true
    }

    /// Whether [`Session::redo`] has something to bring back.
    #[must_use]
    pub fn can_redo(&self) -> bool {
        !self.play.redo_stack.is_empty()
    }

    /// Restart the level (from the last checkpoint).
    pub fn restart(&mut self) {
        if self.trace.is_some() {
            self.trace_begin(trace::Origin::Step(Step::Restart));
        }
        self.do_restart(AskedBy::Player);
    }

    /// The status line's text, set by a rule's `status` command
    /// (PuzzleScript Next): `None` at the start of a level, after an undo
    /// or a restart, and from the player's next input until a rule sets it.
    #[must_use]
    pub fn status(&self) -> Option<&str> {
        self.report.status.as_deref()
    }

    /// What the last turn of play moved in its movement phase, in a game
    /// with `tween_length` (empty in others, and after an undo, a restart
    /// or a new level): what a tween slides.
    #[must_use]
    pub fn moved(&self) -> &[crate::tween::Moved] {
        // (A game with `afx:` animations notes moves for them too.)
        if self.game.metadata.tween.is_none() {
            return &[];
        }
        &self.report.moved
    }

    /// The animations the last turn of play set off, in a game with
    /// PuzzleScript Next's `afx:` words (empty in others, and after an
    /// undo, a restart or a new level): what `render` animates.
    #[must_use]
    pub fn animations(&self) -> &[crate::afx::Animation] {
        &self.report.animations
    }

    /// Events since the last call.
    pub fn take_events(&mut self) -> Vec<Event> {
        self.report.limits_hit.clear();
        std::mem::take(&mut self.report.events)
    }

    /// Report a bound hit at the rule on `line`, once per batch of events.
    fn limit_hit(&mut self, limit: Limit, line: u32) {
        self.report.limits_seen = self.report.limits_seen.wrapping_add(1);
        if !self.report.limits_hit.contains(&(limit, line)) {
            self.report.limits_hit.push((limit, line));
            self.report.events.push(Event::LimitHit { limit, line });
        }
    }

    /// The current level in the conformance dump format: cells in
    /// column-major order, a line break every `width` cells, each cell's
    /// sorted object names numbered by first appearance.
    #[must_use]
    pub fn dump(&self) -> String {
        let Some(b) = self.play.board.as_ref() else { return String::new() };
        let mut out = String::new();
        let mut seen: HashMap<String, usize> = HashMap::new();
        let n = b.cells();
        for i in 0..n {
            let cell = b.cell(i);
            let mut names: Vec<&str> = (0..self.game.objects.len())
                .filter(|&id| crate::compile::bits::get_bit(cell, id))
                .map(|id| self.game.objects[id].name.as_str())
                .collect();
            names.sort_unstable();
            let key = names.join(" ");
            let next = seen.len();
            match seen.get(&key) {
                Some(k) => {
                    let _ = write!(out, "{k},");
                }
                None => {
                    seen.insert(key.clone(), next);
                    let _ = write!(out, "{key}:{next},");
                }
            }
            if (i + 1) % b.width.max(1) == 0 {
                out.push('\n');
            }
        }
        out
    }

    fn play_event(&mut self, event: SoundEvent) {
        if let Some(seed) = self.game.sounds.events.get(&event) {
            self.report.events.push(Event::EventSound(event, seed.clone()));
        }
    }

    fn load_level(&mut self, index: usize) {
        self.report.moved.clear();
        self.report.animations.clear();
        self.report.status = None;
        self.keep_level_for_undo();
        // Options a rule changed last only until the next level loads.
        self.play.options = None;
        let game = self.game.clone();
        let Some((index, entry)) = self.follow_gotos(index).and_then(|i| Some((i, game.levels.get(i)?))) else {
            self.play.cur_level = index;
            self.go_to_title();
            return;
        };
        self.play.cur_level = index;
        if matches!(entry, Level::Map(_)) {
            self.play_event(SoundEvent::StartLevel);
        }
        self.rng = Rng::new(&self.seed);
        self.mode.title_screen = false;
        self.mode.againing = false;
        self.play.redo_stack.clear();
        self.report.events.push(Event::LevelChanged(index));
        match entry {
            Level::Map(grid) => {
                self.mode.text_mode = false;
                self.play.board =
                    Some(Board::new(grid.width, grid.height, game.obj_words, game.mov_words, grid.cells.clone()));
                self.turn.queue.clear();
                self.play.backups.clear();
                self.play.restart_target = self.play.saved();
                if self.trace.is_some() {
                    self.trace_event(trace::EventKind::LevelLoaded { index });
                }
                if game.metadata.has("run_rules_on_level_start") {
                    // The reference calls this the level-start phase, and
                    // says so when the win conditions hold in it.
                    let was = self.trace.as_deref_mut().map(|r| std::mem::replace(&mut r.level_start, true));
                    self.process_input(None, turn::TurnMode::LevelStart);
                    if let (Some(r), Some(was)) = (self.trace.as_deref_mut(), was) {
                        r.level_start = was;
                    }
                }
            }
            // `follow_gotos` never stops on a `goto` entry.
            Level::Goto(_) => self.go_to_title(),
            Level::Message(text) => {
                self.play_event(SoundEvent::ShowMessage);
                self.mode.text_mode = true;
                self.report.events.push(Event::Message(text.clone()));
                if self.trace.is_some() {
                    self.trace_event(trace::EventKind::LevelLoaded { index });
                }
            }
        }
    }

    fn go_to_title(&mut self) {
        self.mode.againing = false;
        self.mode.title_screen = true;
        self.mode.text_mode = true;
    }

    fn do_win(&mut self) {
        self.mode.againing = false;
        self.play.won_board = self.play.saved();
        self.play_event(SoundEvent::EndLevel);
        if self.return_from_link() {
            return;
        }
        self.next_level();
    }

    fn next_level(&mut self) {
        self.mode.againing = false;
        if self.mode.title_screen {
            self.load_level(self.play.cur_level);
            return;
        }
        if self.play.cur_level + 1 < self.game.levels.len() {
            self.mode.text_mode = false;
            self.load_level(self.play.cur_level + 1);
        } else {
            self.play.cur_level = 0;
            self.go_to_title();
            self.play_event(SoundEvent::EndGame);
            self.report.events.push(Event::GameWon);
        }
    }

    /// Put `snap` back: its board and the options in force when it was
    /// taken.
    fn restore(&mut self, snap: &Snapshot) {
        self.report.moved.clear();
        self.report.animations.clear();
        self.report.status = None;
        self.play.options.clone_from(&snap.options);
        let game = self.game.clone();
        match self.play.board.as_mut() {
            Some(b) if b.width == snap.width && b.height == snap.height => b.restore(&snap.objects),
            _ => {
                self.play.board =
                    Some(Board::new(snap.width, snap.height, game.obj_words, game.mov_words, snap.objects.clone()));
            }
        }
        self.mode.againing = false;
        self.turn.queue.clear();
    }

    /// [`Session::restore`] taking the snapshot's buffer in place of
    /// copying it (the board's old one is kept for the next snapshot).
    fn restore_owned(&mut self, mut snap: Snapshot) {
        match self.play.board.as_mut() {
            Some(b) if b.width == snap.width && b.height == snap.height && b.objects.len() == snap.objects.len() => {
                std::mem::swap(&mut b.objects, &mut snap.objects);
                self.play.options = snap.options.take();
                self.report.status = None;
                b.restore_in_place();
                self.mode.againing = false;
                self.turn.queue.clear();
                self.spare(snap);
            }
            _ => self.restore(&snap),
        }
    }

    /// The game's options as the session's rules have left them
    /// (`runtime_metadata_twiddling`): the prelude's until a rule changes one.
    #[must_use]
    pub fn metadata(&self) -> &crate::compile::Metadata {
        self.play.options.as_deref().unwrap_or(&self.game.metadata)
    }

    /// The options in force when the last level was won (see
    /// [`Session::won_board`]): the game's unless a rule had changed one.
    #[must_use]
    pub fn won_metadata(&self) -> &crate::compile::Metadata {
        self.play.won_board.as_ref().and_then(|s| s.options.as_deref()).unwrap_or(&self.game.metadata)
    }

    /// A rule's `OPTION VALUE` command (the saved states that share the
    /// options keep them as they were).
    fn twiddle(&mut self, option: crate::options::PreludeOption, value: &str) {
        let game = Arc::clone(&self.game);
        let live = self.play.options.get_or_insert_with(|| Arc::new(game.metadata.clone()));
        Arc::make_mut(live).twiddle(option, value, &game.metadata);
    }

    /// The reference's `DoUndo`; returns whether a state was restored.
    fn do_undo(&mut self, by: AskedBy, duplicates: Duplicates) -> bool {
        let force = by == AskedBy::Game;
        self.report.moved.clear();
        self.report.animations.clear();
        if !force && self.metadata().has("noundo") {
            return false;
        }
        if duplicates == Duplicates::Skip {
            while let Some(top) = self.play.backups.last() {
                let same = self.play.board.as_ref().is_some_and(|b| b.objects == top.objects);
                if !same {
                    break;
                }
                self.play.backups.pop();
            }
        }
        let restored = if let Some(top) = self.play.backups.pop() {
            self.restore_owned(top);
            true
        } else {
            self.undo_into_earlier_level()
        };
        if restored && !force {
            self.play_event(SoundEvent::Undo);
        }
        if self.trace.is_some() {
            self.trace_event(trace::EventKind::Undo { forced: force });
        }
        restored
    }

    fn do_restart(&mut self, by: AskedBy) {
        let force = by == AskedBy::Game;
        self.report.moved.clear();
        self.report.animations.clear();
        if self.mode.restarting {
            return;
        }
        if !force && self.metadata().has("norestart") {
            return;
        }
        if self.mode.againing {
            self.do_undo(by, Duplicates::Skip);
        }
        self.mode.restarting = true;
        if !force && let Some(now) = self.play.saved() {
            self.play.backups.push(now);
        }
        if let Some(target) = self.play.restart_target.clone() {
            self.restore(&target);
        }
        self.play.redo_stack.clear();
        if self.trace.is_some() {
            self.trace_event(trace::EventKind::RestartLevel { forced: force });
        }
        self.play_event(SoundEvent::Restart);
        if self.game.metadata.has("run_rules_on_level_start") {
            self.process_input(None, turn::TurnMode::LevelStart);
        }
        self.turn.queue.clear();
        self.mode.restarting = false;
    }
}
