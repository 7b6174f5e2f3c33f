//! What happened inside each turn, for the rule debugger: an optional
//! recorder on a [`Session`] that receives, in time order, the events of
//! the reference's verbose log (turn starts, rule applications, commands,
//! movement, rigid re-runs, the late phase, again, cancel, restart,
//! checkpoint, win, undo, the loop caps) and a few of our own (gosub calls
//! and returns, level loads, redo), each with the change it made to the
//! board, so the board can be rebuilt at any event.
//!
//! Off by default, and then free: each hook in the turn code is one test of
//! `Session::trace` (a predictable branch), taken only where something
//! happens (a rule changed the level, a command was queued, a group pass
//! began); nothing is allocated.
//!
//! # The API the debugger panel uses
//!
//! - Recording: [`Session::new_traced`] (from the level load on) or
//!   [`Session::start_trace`] (from now on), [`Session::trace`],
//!   [`Session::stop_trace`].
//! - The history: a [`Trace`] is a list of [`Segment`]s, one per call the
//!   host made ([`Session::new_traced`]'s load, `input`, `tick`, `undo`,
//!   `redo`, `restart`); the `again` turns the host drains with
//!   [`Session::run_again`] join the segment of the call that asked for
//!   them. A segment's [`TraceEvent`]s are in time order; each has a
//!   sequence number ([`TraceEvent::seq`]) that never repeats in a trace.
//! - The board at any event: [`Trace::board_at`] (rebuilt from the oldest
//!   kept board), or a [`TraceCursor`] that steps by applying and reverting
//!   [`Diff`]s (cheap for stepping through events one by one).
//! - Memory: a trace keeps the newest events within a byte budget
//!   ([`DEFAULT_BUDGET`], 32 MiB, or the one given); older segments (or the
//!   oldest events of a segment longer than the budget) are folded into the
//!   base board and counted by [`Trace::dropped_segments`] and
//!   [`Trace::dropped_events`], which the panel should show.
//! - Counts: [`Segment::rule_counts`] (one segment), [`Trace::rule_counts`]
//!   (the whole recording, including dropped events).
//! - The line format of the conformance traces: [`LineFormat`].
//! - What each compiled rule is: [`rule_expansions`] and [`describe_rule`].
//! - Win conditions, live: [`Session::win_status`] and [`win_status`].
//! - Redo: [`Session::redo`], [`Session::can_redo`].
//! - Breakpoints need no engine support: a turn runs to its end, and the
//!   panel shows the board at the first [`EventKind::Rule`] event whose
//!   line has a breakpoint, then steps from there.
//! - Saving the session as a test: [`session_case`] writes a case in the
//!   conformance format (simulation case plus `trace`).

#[path = "trace_case.rs"]
mod case;
#[path = "trace_format.rs"]
mod format;
#[path = "trace_inspect.rs"]
mod inspect;
#[cfg(test)]
#[path = "trace_tests.rs"]
mod tests;

pub use case::{AGAIN_LIMIT, CaseError, session_case};
pub use format::{FormatOptions, LineFormat, run_length};
pub use inspect::{RuleExpansion, WinStatus, describe_rule, rule_expansions, win_status};

use super::board::{Board, RowMatch};
use super::{Input, Session};
use crate::compile::{Direction, Game, PatternCell, Rule};
use std::collections::{BTreeMap, VecDeque};

/// The memory budget of a trace unless told otherwise: 32 MiB.
pub const DEFAULT_BUDGET: usize = 32 << 20;

/// One thing a host asks a session to do: what a segment of a trace starts
/// with, and the inputs of a saved test case.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Step {
    /// A move or the action key ([`Session::input`]).
    Input(Input),
    /// A turn with no input ([`Session::tick`]).
    Tick,
    /// [`Session::undo`].
    Undo,
    /// [`Session::redo`].
    Redo,
    /// [`Session::restart`].
    Restart,
}

impl Step {
    /// Do it to `session` (and nothing more: pending `again` turns are the
    /// caller's to run).
    pub fn apply(self, session: &mut Session) {
        match self {
            Step::Input(i) => session.input(i),
            Step::Tick => session.tick(),
            Step::Undo => session.undo(),
            Step::Redo => {
                session.redo();
            }
            Step::Restart => session.restart(),
        }
    }

    /// Read a step as the conformance files write an input: `0` up, `1`
    /// left, `2` down, `3` right, `4` action, `undo`, `restart`, `tick`, and
    /// our own `redo`.
    #[must_use]
    pub fn from_code(code: &str) -> Option<Step> {
        Some(match code.trim() {
            "0" | "up" => Step::Input(Input::Up),
            "1" | "left" => Step::Input(Input::Left),
            "2" | "down" => Step::Input(Input::Down),
            "3" | "right" => Step::Input(Input::Right),
            "4" | "action" | "x" => Step::Input(Input::Action),
            "undo" | "z" => Step::Undo,
            "redo" => Step::Redo,
            "restart" | "r" => Step::Restart,
            "tick" => Step::Tick,
            _ => return None,
        })
    }

    /// The step as a JSON value of the conformance files (`3`, `"undo"`).
    #[must_use]
    pub fn json(self) -> &'static str {
        match self {
            Step::Input(Input::Up) => "0",
            Step::Input(Input::Left) => "1",
            Step::Input(Input::Down) => "2",
            Step::Input(Input::Right) => "3",
            Step::Input(Input::Action) => "4",
            Step::Tick => "\"tick\"",
            Step::Undo => "\"undo\"",
            Step::Redo => "\"redo\"",
            Step::Restart => "\"restart\"",
        }
    }
}

/// What began a segment of a trace.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Origin {
    /// The session loaded entry `level` of the LEVELS section
    /// ([`Session::new_traced`]).
    Load {
        /// Index of the entry.
        level: usize,
    },
    /// A call of the host.
    Step(Step),
    /// Events that came before any segment began: recording started in the
    /// middle of a session and the host ran a pending `again` turn first.
    Resumed,
}

/// Which list of compiled rules a rule belongs to.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum RuleList {
    /// The main (non-late) rules: [`Game::rules`].
    Main,
    /// The late rules: [`Game::late_rules`].
    Late,
    /// A PuzzleScript Next subroutine's rules.
    Subroutine {
        /// Index in [`Game::subroutines`].
        index: usize,
        /// Its late rules (else its main ones).
        late: bool,
    },
}

impl RuleList {
    /// The rule set this names in `game` (None for a subroutine it lacks).
    #[must_use]
    pub fn rules(self, game: &Game) -> Option<&crate::compile::RuleSet> {
        match self {
            RuleList::Main => Some(&game.rules),
            RuleList::Late => Some(&game.late_rules),
            RuleList::Subroutine { index, late } => {
                game.subroutines.get(index).map(|s| if late { &s.late_rules } else { &s.rules })
            }
        }
    }

    /// Whether these are late rules.
    #[must_use]
    pub fn is_late(self) -> bool {
        matches!(self, RuleList::Late | RuleList::Subroutine { late: true, .. })
    }
}

/// A command as a turn queues it (each at most once per turn).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum QueuedCommand {
    /// `cancel`.
    Cancel,
    /// `restart`.
    Restart,
    /// `win`.
    Win,
    /// `again`.
    Again,
    /// `checkpoint`.
    Checkpoint,
    /// `message`.
    Message,
    /// `sfx0`..`sfx10`.
    Sound(u8),
}

impl QueuedCommand {
    /// The command word (`again`, `sfx3`).
    #[must_use]
    pub fn word(self) -> &'static str {
        match self {
            QueuedCommand::Cancel => "cancel",
            QueuedCommand::Restart => "restart",
            QueuedCommand::Win => "win",
            QueuedCommand::Again => "again",
            QueuedCommand::Checkpoint => "checkpoint",
            QueuedCommand::Message => "message",
            QueuedCommand::Sound(k) => crate::compile::model::sfx_name(k),
        }
    }
}

/// One application of a compiled rule: it matched at `matched` and changed
/// the level (the cells it changed are those of its event's [`Diff`]).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RuleApplication {
    /// Source line of the rule.
    pub line: u32,
    /// The direction of this expansion of the rule.
    pub dir: Direction,
    /// The rule list it is in.
    pub list: RuleList,
    /// Index of its group in that list.
    pub group: usize,
    /// Index of the rule in its group.
    pub index: usize,
    /// Which pass over the group this was (1 for the first; a group runs
    /// until a pass changes nothing, at most 200 passes).
    pub pass: u32,
    /// How many times a `startloop`..`endloop` loop had jumped back in this
    /// rule phase before this application (0 outside loops).
    pub loop_round: u32,
    /// The cells the rule's cells matched, in the rule's order (row by row,
    /// each row in the rule's direction; ellipses skipped); cell index
    /// `x * height + y`.
    pub matched: Vec<usize>,
}

/// An object that moved in the movement phase.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Move {
    /// The object (None for a movement on a layer with no object).
    pub object: Option<usize>,
    /// Its collision layer.
    pub layer: usize,
    /// The cell it left.
    pub from: usize,
    /// The cell it reached (`from` for `action` and other moves in place).
    pub to: usize,
    /// Its movement bits (1 up, 2 down, 4 left, 8 right, 16 action).
    pub movement: u8,
}

/// An object whose movement was blocked (it stayed where it was).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Blocked {
    /// The object (None for a movement on a layer with no object).
    pub object: Option<usize>,
    /// Its collision layer.
    pub layer: usize,
    /// Its cell.
    pub cell: usize,
    /// The movement bits it could not carry out.
    pub movement: u8,
}

/// What happened. The conformance line of each is given (see
/// [`LineFormat`]); the ones marked "ours" have none.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum EventKind {
    /// `turn DIR` / `turn tick`: a turn starts, after the player's movement
    /// was set (None: no input, a tick or an `again` turn).
    TurnStart {
        /// The input.
        input: Option<Direction>,
        /// This is the `run_rules_on_level_start` turn (of a level load or
        /// a restart).
        level_start: bool,
    },
    /// `rule L DIR` / `rule L`: a rule changed the level.
    Rule(RuleApplication),
    /// `command L NAME`: a command was queued for the first time this turn.
    Command {
        /// Line of the rule that queued it.
        line: u32,
        /// The command.
        command: QueuedCommand,
    },
    /// `movements`: the movement phase after the main rules ran.
    Movements {
        /// What moved.
        moved: Vec<Move>,
        /// What could not move.
        blocked: Vec<Blocked>,
    },
    /// `rigid-fail L`: rigid movement failed; the groups starting at these
    /// lines are banned for the rest of the turn. (Its diff shows the level
    /// after the failed movement phase.)
    RigidFail {
        /// First line of each newly banned group.
        lines: Vec<u32>,
    },
    /// `rigid-reloop`: the level went back to the turn's start to run the
    /// rules again without the banned groups.
    RigidReloop,
    /// `late`: the late rules start.
    Late,
    /// `again L`: the `again` queued by the rule on line L will run another
    /// turn (the host runs it with [`Session::run_again`]).
    Again {
        /// Line of the rule.
        line: u32,
    },
    /// `again-skipped L`: the `again` was dropped, another turn would change
    /// nothing.
    AgainSkipped {
        /// Line of the rule.
        line: u32,
    },
    /// `cancel L`: the turn is cancelled (an [`EventKind::Undo`] follows).
    Cancel {
        /// Line of the rule.
        line: u32,
    },
    /// `restart L`: a `restart` command is carried out (an
    /// [`EventKind::RestartLevel`] follows).
    Restart {
        /// Line of the rule.
        line: u32,
    },
    /// `checkpoint L`: the level becomes the restart point.
    Checkpoint {
        /// Line of the rule.
        line: u32,
    },
    /// `cancel-no-movement`: `require_player_movement` cancels the turn (an
    /// [`EventKind::Undo`] follows).
    CancelNoMovement,
    /// `win`: the win conditions hold (or a `win` command was queued); the
    /// level is won unless this is a `run_rules_on_level_start` turn of a
    /// restart.
    Win,
    /// `win-ignored`: the win conditions hold during the
    /// `run_rules_on_level_start` turn of a level load, which ignores them.
    WinIgnored,
    /// `end`: the turn is complete.
    TurnEnd,
    /// `undo`: the level went back one step.
    Undo {
        /// By the engine (a cancel, `require_player_movement`, a restart
        /// during `again` turns), not the player.
        forced: bool,
    },
    /// `restart`: the level went back to its start or checkpoint.
    RestartLevel {
        /// By a `restart` command, not the player.
        forced: bool,
    },
    /// `loop-cap L`: the rule group starting at line L ran its 200th pass
    /// (the reference's cap).
    LoopCap {
        /// First line of the group.
        line: u32,
    },
    /// `loop-point-cap L`: a `startloop`..`endloop` loop jumped back 200
    /// times in one rule phase and was stopped.
    LoopPointCap {
        /// First line of the loop's first group.
        line: u32,
    },
    /// Ours: a `gosub` jumps into a subroutine.
    GosubCall {
        /// Index in [`Game::subroutines`].
        subroutine: usize,
        /// Line of the calling rule.
        line: u32,
    },
    /// Ours: a subroutine's rules ended; the caller goes on.
    GosubReturn {
        /// Index in [`Game::subroutines`].
        subroutine: usize,
        /// Line of the calling rule.
        line: u32,
    },
    /// Ours: entry `index` of the LEVELS section was loaded (a level or a
    /// message).
    LevelLoaded {
        /// Index of the entry.
        index: usize,
    },
    /// Ours: [`Session::redo`] brought back an undone step.
    Redo,
}

/// One cell's state: objects and movements as the session stores them
/// (bit `id` per object; five movement bits per layer, see
/// [`crate::compile::bits`]), and which layers' movements a rigid rule set.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CellState {
    /// Object bits.
    pub objects: Box<[u64]>,
    /// Movement bits.
    pub movements: Box<[u64]>,
    /// Rigid marks: a layer's five bits are all set when a rigid rule gave
    /// that layer its movement this turn.
    pub rigid: Box<[u64]>,
}

impl CellState {
    /// The object ids present.
    #[must_use]
    pub fn object_ids(&self) -> Vec<usize> {
        bit_ids(&self.objects)
    }

    /// The movement bits of `layer` (1 up, 2 down, 4 left, 8 right, 16
    /// action; 0 none).
    #[must_use]
    pub fn movement(&self, layer: usize) -> u8 {
        crate::compile::bits::mov_get(&self.movements, layer) as u8
    }

    /// Whether a rigid rule gave `layer` its movement.
    #[must_use]
    pub fn is_rigid(&self, layer: usize) -> bool {
        crate::compile::bits::mov_get(&self.rigid, layer) != 0
    }
}

/// A change to one cell.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CellChange {
    /// Cell index `x * height + y`.
    pub cell: usize,
    /// Before.
    pub before: CellState,
    /// After.
    pub after: CellState,
}

/// How the board changed from the previous event in time (or from the
/// trace's base, for the first one).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Diff {
    /// These cells changed (none, often); the board kept its size.
    Cells(Vec<CellChange>),
    /// The board was replaced by one of another size (a level load), or
    /// appeared (None before: no map had been shown).
    Board {
        /// Before.
        before: Option<Box<BoardState>>,
        /// After.
        after: Option<Box<BoardState>>,
    },
}

impl Diff {
    /// Nothing changed.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        matches!(self, Diff::Cells(c) if c.is_empty())
    }

    /// The cells that changed (every cell of the new board for a
    /// replacement).
    #[must_use]
    pub fn cells(&self) -> Vec<usize> {
        match self {
            Diff::Cells(c) => c.iter().map(|c| c.cell).collect(),
            Diff::Board { after, .. } => after.as_ref().map_or_else(Vec::new, |b| (0..b.cells()).collect()),
        }
    }

    /// Turn the board before this diff into the board after it.
    pub fn apply(&self, board: &mut Option<BoardState>) {
        match self {
            Diff::Cells(changes) => {
                if let Some(b) = board.as_mut() {
                    for c in changes {
                        b.set_cell(c.cell, &c.after);
                    }
                }
            }
            Diff::Board { after, .. } => *board = after.as_deref().cloned(),
        }
    }

    /// Turn the board after this diff back into the board before it.
    pub fn revert(&self, board: &mut Option<BoardState>) {
        match self {
            Diff::Cells(changes) => {
                if let Some(b) = board.as_mut() {
                    for c in changes {
                        b.set_cell(c.cell, &c.before);
                    }
                }
            }
            Diff::Board { before, .. } => *board = before.as_deref().cloned(),
        }
    }

    fn heap_bytes(&self) -> usize {
        match self {
            Diff::Cells(c) => {
                c.capacity() * std::mem::size_of::<CellChange>()
                    + c.iter().map(|c| 16 * (c.before.objects.len() + 2 * c.before.movements.len())).sum::<usize>()
            }
            Diff::Board { before, after } => {
                before.as_ref().map_or(0, |b| b.heap_bytes()) + after.as_ref().map_or(0, |b| b.heap_bytes())
            }
        }
    }
}

/// A level's objects and movements at one moment, as the trace keeps it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BoardState {
    /// Width in cells.
    pub width: usize,
    /// Height in cells.
    pub height: usize,
    /// Words of object bits per cell.
    pub obj_words: usize,
    /// Words of movement bits per cell.
    pub mov_words: usize,
    /// Object bits, `obj_words` per cell, cell `x * height + y`.
    pub objects: Vec<u64>,
    /// Movement bits, `mov_words` per cell.
    pub movements: Vec<u64>,
    /// Rigid marks, `mov_words` per cell (see [`CellState::rigid`]).
    pub rigid: Vec<u64>,
}

impl BoardState {
    pub(crate) fn of(b: &Board) -> BoardState {
        BoardState {
            width: b.width,
            height: b.height,
            obj_words: b.ow,
            mov_words: b.mw,
            objects: b.objects.clone(),
            movements: b.movements.clone(),
            rigid: b.rigid_applied.clone(),
        }
    }

    /// Number of cells.
    #[must_use]
    pub fn cells(&self) -> usize {
        self.width * self.height
    }

    /// Object bits of cell `i` (empty past the end).
    #[must_use]
    pub fn cell_objects(&self, i: usize) -> &[u64] {
        self.objects.get(i * self.obj_words..(i + 1) * self.obj_words).unwrap_or(&[])
    }

    /// Movement bits of cell `i` (empty past the end).
    #[must_use]
    pub fn cell_movements(&self, i: usize) -> &[u64] {
        self.movements.get(i * self.mov_words..(i + 1) * self.mov_words).unwrap_or(&[])
    }

    /// Rigid marks of cell `i` (empty past the end).
    #[must_use]
    pub fn cell_rigid(&self, i: usize) -> &[u64] {
        self.rigid.get(i * self.mov_words..(i + 1) * self.mov_words).unwrap_or(&[])
    }

    /// Whether a rigid rule gave `layer` of cell (x, y) its movement.
    #[must_use]
    pub fn rigid_at(&self, x: usize, y: usize, layer: usize) -> bool {
        x < self.width
            && y < self.height
            && crate::compile::bits::mov_get(self.cell_rigid(x * self.height + y), layer) != 0
    }

    /// The object ids in cell (x, y).
    #[must_use]
    pub fn objects_at(&self, x: usize, y: usize) -> Vec<usize> {
        if x >= self.width || y >= self.height {
            return Vec::new();
        }
        bit_ids(self.cell_objects(x * self.height + y))
    }

    /// The movement bits of `layer` in cell (x, y) (1 up, 2 down, 4 left,
    /// 8 right, 16 action; 0 none).
    #[must_use]
    pub fn movement_at(&self, x: usize, y: usize, layer: usize) -> u8 {
        if x >= self.width || y >= self.height {
            return 0;
        }
        crate::compile::bits::mov_get(self.cell_movements(x * self.height + y), layer) as u8
    }

    /// The state of cell `i`.
    #[must_use]
    pub fn cell_state(&self, i: usize) -> CellState {
        CellState {
            objects: self.cell_objects(i).into(),
            movements: self.cell_movements(i).into(),
            rigid: self.cell_rigid(i).into(),
        }
    }

    fn set_cell(&mut self, i: usize, s: &CellState) {
        let (ow, mw) = (self.obj_words, self.mov_words);
        if let Some(o) = self.objects.get_mut(i * ow..(i + 1) * ow) {
            o.copy_from_slice(&s.objects[..ow.min(s.objects.len())]);
        }
        if let Some(m) = self.movements.get_mut(i * mw..(i + 1) * mw) {
            m.copy_from_slice(&s.movements[..mw.min(s.movements.len())]);
        }
        if let Some(r) = self.rigid.get_mut(i * mw..(i + 1) * mw) {
            r.copy_from_slice(&s.rigid[..mw.min(s.rigid.len())]);
        }
    }

    fn heap_bytes(&self) -> usize {
        8 * (self.objects.len() + 2 * self.movements.len()) + std::mem::size_of::<BoardState>()
    }
}

fn bit_ids(words: &[u64]) -> Vec<usize> {
    let mut out = Vec::new();
    for (w, &word) in words.iter().enumerate() {
        let mut v = word;
        while v != 0 {
            out.push(w * 64 + v.trailing_zeros() as usize);
            v &= v - 1;
        }
    }
    out
}

/// One event: what happened and how the board changed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TraceEvent {
    /// Sequence number: counts every event recorded since the trace began
    /// (dropped ones too), so it names an event for good.
    pub seq: u64,
    /// What happened.
    pub kind: EventKind,
    /// The change from the board just after the previous event.
    pub diff: Diff,
}

impl TraceEvent {
    fn bytes(&self) -> usize {
        let kind = match &self.kind {
            EventKind::Rule(r) => r.matched.capacity() * 8,
            EventKind::Movements { moved, blocked } => {
                moved.capacity() * std::mem::size_of::<Move>() + blocked.capacity() * std::mem::size_of::<Blocked>()
            }
            EventKind::RigidFail { lines } => lines.capacity() * 4,
            _ => 0,
        };
        std::mem::size_of::<TraceEvent>() + kind + self.diff.heap_bytes()
    }
}

/// The events of one call of the host, with the `again` turns it led to.
#[derive(Debug, Clone)]
pub struct Segment {
    /// What began it.
    pub origin: Origin,
    /// Its events still kept, in time order.
    pub events: Vec<TraceEvent>,
    /// How many of its first events were dropped to keep within the
    /// budget (0 unless the segment alone outgrew it).
    pub dropped: usize,
    bytes: usize,
}

impl Segment {
    /// Applications per rule line in this segment's kept events.
    #[must_use]
    pub fn rule_counts(&self) -> BTreeMap<u32, usize> {
        rule_counts(&self.events)
    }

    /// Number of rule applications in this segment's kept events.
    #[must_use]
    pub fn rule_applications(&self) -> usize {
        self.events.iter().filter(|e| matches!(e.kind, EventKind::Rule(_))).count()
    }

    /// The turns in this segment (each from its [`EventKind::TurnStart`]
    /// to the next; events before the first turn start, such as an undo,
    /// form a first group of their own), as ranges of [`Segment::events`].
    #[must_use]
    pub fn turns(&self) -> Vec<std::ops::Range<usize>> {
        let mut out = Vec::new();
        let mut start = 0;
        for (i, e) in self.events.iter().enumerate() {
            if matches!(e.kind, EventKind::TurnStart { .. }) && i > start {
                out.push(start..i);
                start = i;
            }
        }
        if start < self.events.len() {
            out.push(start..self.events.len());
        }
        out
    }
}

/// Applications per rule line among `events`.
#[must_use]
pub fn rule_counts<'a>(events: impl IntoIterator<Item = &'a TraceEvent>) -> BTreeMap<u32, usize> {
    let mut counts = BTreeMap::new();
    for e in events {
        if let EventKind::Rule(r) = &e.kind {
            *counts.entry(r.line).or_insert(0) += 1;
        }
    }
    counts
}

/// The recorded history of a session (see the module doc).
#[derive(Debug, Clone)]
pub struct Trace {
    base: Option<BoardState>,
    segments: VecDeque<Segment>,
    next_seq: u64,
    budget: usize,
    bytes: usize,
    dropped_segments: usize,
    dropped_events: usize,
    counts: BTreeMap<u32, usize>,
}

impl Trace {
    fn new(board: Option<BoardState>, budget: usize) -> Trace {
        Trace {
            base: board,
            segments: VecDeque::new(),
            next_seq: 0,
            budget,
            bytes: 0,
            dropped_segments: 0,
            dropped_events: 0,
            counts: BTreeMap::new(),
        }
    }

    /// The kept segments, oldest first.
    #[must_use]
    pub fn segments(&self) -> &VecDeque<Segment> {
        &self.segments
    }

    /// The board before the oldest kept event (None: no map yet).
    #[must_use]
    pub fn base(&self) -> Option<&BoardState> {
        self.base.as_ref()
    }

    /// Sequence number of the oldest kept event (equal to
    /// [`Trace::next_seq`] when none is kept).
    #[must_use]
    pub fn first_seq(&self) -> u64 {
        self.segments.iter().find_map(|s| s.events.first()).map_or(self.next_seq, |e| e.seq)
    }

    /// The sequence number the next event will get.
    #[must_use]
    pub fn next_seq(&self) -> u64 {
        self.next_seq
    }

    /// The kept event with sequence number `seq`.
    #[must_use]
    pub fn event(&self, seq: u64) -> Option<&TraceEvent> {
        let seg = self.segments.iter().find(|s| s.events.last().is_some_and(|e| e.seq >= seq))?;
        let first = seg.events.first()?.seq;
        seg.events.get(usize::try_from(seq.checked_sub(first)?).ok()?)
    }

    /// Iterate over every kept event in time order.
    pub fn events(&self) -> impl Iterator<Item = &TraceEvent> {
        self.segments.iter().flat_map(|s| s.events.iter())
    }

    /// The board just after event `seq` (`None` when `seq` is not kept;
    /// `Some(None)` when no map was shown then). Rebuilt from the base:
    /// to step through many events, use a [`TraceCursor`].
    #[must_use]
    pub fn board_at(&self, seq: u64) -> Option<Option<BoardState>> {
        let mut cursor = TraceCursor::new(self);
        cursor.seek(self, seq).then_some(cursor.board)
    }

    /// Applications per rule line over the whole recording, dropped
    /// events included.
    #[must_use]
    pub fn rule_counts(&self) -> &BTreeMap<u32, usize> {
        &self.counts
    }

    /// Segments dropped whole to keep within the budget.
    #[must_use]
    pub fn dropped_segments(&self) -> usize {
        self.dropped_segments
    }

    /// Events dropped (in all) to keep within the budget.
    #[must_use]
    pub fn dropped_events(&self) -> usize {
        self.dropped_events
    }

    /// Estimated bytes the kept events take.
    #[must_use]
    pub fn bytes(&self) -> usize {
        self.bytes
    }

    /// The memory budget in bytes.
    #[must_use]
    pub fn budget(&self) -> usize {
        self.budget
    }

    fn begin(&mut self, origin: Origin) {
        self.segments.push_back(Segment { origin, events: Vec::new(), dropped: 0, bytes: 0 });
    }

    fn push(&mut self, kind: EventKind, diff: Diff) {
        if self.segments.is_empty() {
            self.begin(Origin::Resumed);
        }
        if let EventKind::Rule(r) = &kind {
            *self.counts.entry(r.line).or_insert(0) += 1;
        }
        let event = TraceEvent { seq: self.next_seq, kind, diff };
        self.next_seq += 1;
        let bytes = event.bytes();
        self.bytes += bytes;
        if let Some(seg) = self.segments.back_mut() {
            seg.bytes += bytes;
            seg.events.push(event);
        }
        if self.bytes > self.budget {
            self.shrink();
        }
    }

    /// Drop the oldest events until the kept ones fit the budget: whole
    /// segments first, then the older half of the last one.
    fn shrink(&mut self) {
        while self.bytes > self.budget && self.segments.len() > 1 {
            let Some(seg) = self.segments.pop_front() else { break };
            for e in &seg.events {
                e.diff.apply(&mut self.base);
            }
            self.bytes -= seg.bytes;
            self.dropped_events += seg.events.len();
            self.dropped_segments += 1;
        }
        while self.bytes > self.budget {
            let Some(seg) = self.segments.front_mut() else { break };
            if seg.events.len() < 2 {
                break;
            }
            let n = seg.events.len() / 2;
            let mut freed = 0;
            for e in seg.events.drain(..n) {
                e.diff.apply(&mut self.base);
                freed += e.bytes();
            }
            seg.bytes -= freed;
            seg.dropped += n;
            self.bytes -= freed;
            self.dropped_events += n;
        }
    }
}

/// A position in a trace with the board there, moved by applying and
/// reverting diffs: stepping one event costs one diff.
#[derive(Debug, Clone)]
pub struct TraceCursor {
    /// The last event applied (None: at the base, before every kept event).
    at: Option<u64>,
    /// The board at this position.
    board: Option<BoardState>,
}

impl TraceCursor {
    /// A cursor at the trace's base.
    #[must_use]
    pub fn new(trace: &Trace) -> TraceCursor {
        TraceCursor { at: None, board: trace.base.clone() }
    }

    /// The event the cursor is just after (None: at the base).
    #[must_use]
    pub fn position(&self) -> Option<u64> {
        self.at
    }

    /// The board at the cursor.
    #[must_use]
    pub fn board(&self) -> Option<&BoardState> {
        self.board.as_ref()
    }

    /// Move just after event `seq`; false (and the cursor at the base) when
    /// that event is not kept.
    pub fn seek(&mut self, trace: &Trace, seq: u64) -> bool {
        if trace.event(seq).is_none() {
            self.reset(trace);
            return false;
        }
        let first = trace.first_seq();
        match self.at {
            Some(at) if at >= first && trace.event(at).is_some() => {}
            _ => self.reset(trace),
        }
        while self.at.is_none_or(|a| a < seq) {
            let next = self.at.map_or(first, |a| a + 1);
            let Some(e) = trace.event(next) else { break };
            e.diff.apply(&mut self.board);
            self.at = Some(next);
        }
        while let Some(a) = self.at.filter(|&a| a > seq) {
            let Some(e) = trace.event(a) else { break };
            e.diff.revert(&mut self.board);
            self.at = if a > first { Some(a - 1) } else { None };
        }
        true
    }

    /// Back to the base of `trace`.
    pub fn reset(&mut self, trace: &Trace) {
        self.at = None;
        self.board = trace.base.clone();
    }
}

/// Where the turn code is, for the rule events (kept up to date only while
/// recording).
#[derive(Debug, Clone, Copy)]
pub(crate) struct Place {
    pub list: RuleList,
    pub group: usize,
    pub pass: u32,
    pub loop_round: u32,
}

/// The recorder a session holds while tracing.
#[derive(Debug)]
pub(crate) struct Recorder {
    pub trace: Trace,
    /// The board as of the last event.
    last: Option<BoardState>,
    /// Where the rules are.
    pub place: Place,
    /// In the `run_rules_on_level_start` turn of a level load.
    pub level_start: bool,
    /// Lines of the `gosub` calls running.
    pub calls: Vec<(usize, u32)>,
    /// Groups already reported banned this turn (rigid).
    pub banned_seen: Vec<bool>,
    /// The last movement phase, until its event is written.
    pub moved: Vec<Move>,
    /// The last movement phase, until its event is written.
    pub blocked: Vec<Blocked>,
    /// Tests: the real board just after each event, by sequence number.
    #[cfg(test)]
    pub real: Vec<Option<BoardState>>,
}

impl Recorder {
    fn new(board: Option<&Board>, budget: usize) -> Recorder {
        let state = board.map(BoardState::of);
        Recorder {
            trace: Trace::new(state.clone(), budget),
            last: state,
            place: Place { list: RuleList::Main, group: 0, pass: 0, loop_round: 0 },
            level_start: false,
            calls: Vec::new(),
            banned_seen: Vec::new(),
            moved: Vec::new(),
            blocked: Vec::new(),
            #[cfg(test)]
            real: Vec::new(),
        }
    }

    /// The change from the last event's board to `board`, which becomes
    /// the last board.
    fn diff(&mut self, board: Option<&Board>) -> Diff {
        match (self.last.as_mut(), board) {
            (None, None) => Diff::Cells(Vec::new()),
            (Some(last), Some(b))
                if last.width == b.width
                    && last.height == b.height
                    && last.obj_words == b.ow
                    && last.mov_words == b.mw =>
            {
                if last.objects == b.objects && last.movements == b.movements && last.rigid == b.rigid_applied {
                    return Diff::Cells(Vec::new());
                }
                let (ow, mw) = (b.ow, b.mw);
                let mut changes = Vec::new();
                for i in 0..b.cells() {
                    let o = &b.objects[i * ow..(i + 1) * ow];
                    let m = &b.movements[i * mw..(i + 1) * mw];
                    let r = &b.rigid_applied[i * mw..(i + 1) * mw];
                    if last.cell_objects(i) != o || last.cell_movements(i) != m || last.cell_rigid(i) != r {
                        let before = last.cell_state(i);
                        let after = CellState { objects: o.into(), movements: m.into(), rigid: r.into() };
                        last.set_cell(i, &after);
                        changes.push(CellChange { cell: i, before, after });
                    }
                }
                Diff::Cells(changes)
            }
            (_, b) => {
                let after = b.map(BoardState::of);
                let before = std::mem::replace(&mut self.last, after.clone());
                Diff::Board { before: before.map(Box::new), after: after.map(Box::new) }
            }
        }
    }
}

impl Session {
    /// Load entry `level` of the LEVELS section, as [`Session::new`] does,
    /// recording from the load on with a memory budget of `budget` bytes
    /// (see [`DEFAULT_BUDGET`]).
    #[must_use]
    pub fn new_traced(game: std::sync::Arc<Game>, level: usize, seed: Option<&str>, budget: usize) -> Self {
        Session::create(game, level, seed, Some(budget))
    }

    /// Start recording now (a new, empty trace whose base is the current
    /// board), with a memory budget of `budget` bytes.
    pub fn start_trace(&mut self, budget: usize) {
        self.trace = Some(Box::new(Recorder::new(self.board.as_ref(), budget)));
    }

    /// Stop recording and hand back what was recorded.
    pub fn stop_trace(&mut self) -> Option<Trace> {
        self.trace.take().map(|r| r.trace)
    }

    /// What has been recorded (None when not recording).
    #[must_use]
    pub fn trace(&self) -> Option<&Trace> {
        self.trace.as_ref().map(|r| &r.trace)
    }

    /// The current board in the trace's terms (None before any map).
    #[must_use]
    pub fn board_state(&self) -> Option<BoardState> {
        self.board.as_ref().map(BoardState::of)
    }

    /// Start a segment (recording only).
    pub(crate) fn trace_begin(&mut self, origin: Origin) {
        if let Some(r) = self.trace.as_deref_mut() {
            r.trace.begin(origin);
        }
    }

    /// Record `kind`, or, in a traced session's look-ahead (which is not
    /// recorded), keep it to record before the again line.
    #[cold]
    pub(crate) fn trace_or_note(&mut self, kind: EventKind) {
        if self.trace.is_some() {
            self.trace_event(kind);
        } else if self.tracing_probe {
            self.probe_notes.push(kind);
        }
    }

    /// Record an event with the change since the last one. Callers test
    /// `self.trace.is_some()` first, so that building `kind` costs nothing
    /// when not recording.
    #[cold]
    pub(crate) fn trace_event(&mut self, kind: EventKind) {
        if let Some(r) = self.trace.as_deref_mut() {
            let diff = r.diff(self.board.as_ref());
            #[cfg(test)]
            r.real.push(self.board.as_ref().map(BoardState::of));
            r.trace.push(kind, diff);
        }
    }

    /// Record a rule application at `tuple`.
    #[cold]
    pub(crate) fn trace_rule(&mut self, rule: &Rule, tuple: &[RowMatch]) {
        let Some(r) = self.trace.as_deref() else { return };
        let Some(board) = self.board.as_ref() else { return };
        let d = board.delta(rule.dir);
        let mut matched = Vec::new();
        for (row, m) in rule.rows.iter().zip(tuple) {
            let mut p = m.start as isize;
            let mut gap = 0;
            for c in &row.cells {
                match c {
                    PatternCell::Ellipsis => {
                        p += d * m.gaps.get(gap).copied().unwrap_or(0) as isize;
                        gap += 1;
                    }
                    PatternCell::Cell(_) => {
                        if let Ok(i) = usize::try_from(p) {
                            matched.push(i);
                        }
                        p += d;
                    }
                }
            }
        }
        let place = r.place;
        let index = place
            .list
            .rules(&self.game)
            .and_then(|set| set.groups.get(place.group))
            .and_then(|g| g.iter().position(|x| std::ptr::eq(x, rule)))
            .unwrap_or(0);
        self.trace_event(EventKind::Rule(RuleApplication {
            line: rule.line,
            dir: rule.dir,
            list: place.list,
            group: place.group,
            index,
            pass: place.pass,
            loop_round: place.loop_round,
            matched,
        }));
    }

    /// Note what the movement phase is about to do: the movements before it
    /// (recording only; see [`Session::trace_moves_after`]).
    #[cold]
    pub(crate) fn trace_moves_before(&self) -> Option<(Vec<u64>, Vec<u64>)> {
        let b = self.board.as_ref()?;
        Some((b.objects.clone(), b.movements.clone()))
    }

    /// After the movement phase moved what it could (before leftover
    /// movements are cleared): what moved and what was blocked.
    #[cold]
    pub(crate) fn trace_moves_after(r: &mut Recorder, game: &Game, board: &Board, before: &(Vec<u64>, Vec<u64>)) {
        use crate::compile::bits;
        let (objects, movements) = before;
        let (ow, mw, h) = (board.ow, board.mw, board.height);
        r.moved.clear();
        r.blocked.clear();
        for i in 0..board.cells() {
            let movs = &movements[i * mw..(i + 1) * mw];
            if bits::is_zero(movs) {
                continue;
            }
            for layer in 0..game.layer_count {
                let m = bits::mov_get(movs, layer);
                if m == 0 {
                    continue;
                }
                let object = game.layer_masks.get(layer).and_then(|lm| {
                    let cell = &objects[i * ow..(i + 1) * ow];
                    let both: Vec<u64> = cell.iter().zip(lm.iter()).map(|(a, b)| a & b).collect();
                    bit_ids(&both).first().copied()
                });
                let left = bits::mov_get(board.movs(i), layer);
                if left != 0 {
                    r.blocked.push(Blocked { object, layer, cell: i, movement: m as u8 });
                } else {
                    let (x, y) = (i / h, i % h);
                    let to = match m {
                        1 if y > 0 => i - 1,
                        2 if y + 1 < h => i + 1,
                        4 if x > 0 => i - h,
                        8 if x + 1 < board.width => i + h,
                        _ => i,
                    };
                    r.moved.push(Move { object, layer, from: i, to, movement: m as u8 });
                }
            }
        }
    }

    /// Record the `movements` event with what the movement phase did.
    #[cold]
    pub(crate) fn trace_movements(&mut self) {
        let Some(r) = self.trace.as_deref_mut() else { return };
        let moved = std::mem::take(&mut r.moved);
        let blocked = std::mem::take(&mut r.blocked);
        self.trace_event(EventKind::Movements { moved, blocked });
    }

    /// Record a rigid failure: the groups `banned` now holds that were not
    /// reported yet.
    #[cold]
    pub(crate) fn trace_rigid_fail(&mut self, banned: &[bool]) {
        let Some(r) = self.trace.as_deref_mut() else {
            // In a traced session's look-ahead: note the groups this
            // look-ahead had not banned yet.
            let mut lines = Vec::new();
            for g in (0..banned.len()).filter(|&g| banned[g]) {
                let line = group_line(&self.game, g);
                let seen = self
                    .probe_notes
                    .iter()
                    .any(|k| matches!(k, EventKind::RigidFail { lines } if lines.contains(&line)));
                if !seen {
                    lines.push(line);
                }
            }
            self.probe_notes.push(EventKind::RigidFail { lines });
            return;
        };
        r.moved.clear();
        r.blocked.clear();
        if r.banned_seen.len() != banned.len() {
            r.banned_seen = vec![false; banned.len()];
        }
        let mut lines = Vec::new();
        for (g, (&b, seen)) in banned.iter().zip(r.banned_seen.iter_mut()).enumerate() {
            if b && !*seen {
                *seen = true;
                lines.push(group_line(&self.game, g));
            }
        }
        self.trace_event(EventKind::RigidFail { lines });
    }
}

/// First line of non-late group `g` in the numbering rigid bodies use (the
/// main rules, then each subroutine's).
fn group_line(game: &Game, g: usize) -> u32 {
    let sets = std::iter::once(&game.rules).chain(game.subroutines.iter().map(|s| &s.rules));
    for set in sets {
        if g >= set.group_base && g < set.group_base + set.groups.len() {
            return set.groups[g - set.group_base].first().map_or(0, |r| r.line);
        }
    }
    0
}
