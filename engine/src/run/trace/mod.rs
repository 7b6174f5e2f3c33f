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

mod case;
mod format;
mod inspect;
mod record;
mod state;
#[cfg(test)]
mod tests;

pub use case::{AGAIN_LIMIT, CaseError, session_case};
pub use format::{FormatOptions, LineFormat, run_length};
pub use inspect::{RuleExpansion, WinStatus, describe_rule, rule_expansions, win_status};
pub(crate) use record::{Place, Recorder};
pub use state::{BoardState, CellChange, CellState, Diff};

use super::{Session, Step};
use crate::compile::{Direction, Game, Phase};
use std::collections::{BTreeMap, VecDeque};

/// The memory budget of a trace unless told otherwise: 32 MiB.
pub const DEFAULT_BUDGET: usize = 32 << 20;

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
        /// Its late rules, or its main ones.
        phase: Phase,
    },
}

impl RuleList {
    /// The rule set this names in `game` (None for a subroutine it lacks).
    #[must_use]
    pub fn rules(self, game: &Game) -> Option<&crate::compile::RuleSet> {
        match self {
            RuleList::Main => Some(&game.rules),
            RuleList::Late => Some(&game.late_rules),
            RuleList::Subroutine { index, phase } => game.subroutines.get(index).map(|s| match phase {
                Phase::Main => &s.rules,
                Phase::Late => &s.late_rules,
            }),
        }
    }

    /// Whether these are main or late rules.
    #[must_use]
    pub fn phase(self) -> Phase {
        match self {
            RuleList::Main => Phase::Main,
            RuleList::Late => Phase::Late,
            RuleList::Subroutine { phase, .. } => phase,
        }
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
    /// `undo` (PuzzleScript Plus).
    Undo,
    /// `nosave` (PuzzleScript Plus).
    Nosave,
    /// `quit` (PuzzleScript Plus).
    Quit,
    /// `goto` (PuzzleScript Plus).
    Goto,
    /// `link` (PuzzleScript Next).
    Link,
    /// `sfx0`..`sfx10`.
    Sound(u8),
}

impl QueuedCommand {
    /// The command word (`again`, `sfx3`).
    #[must_use]
    pub fn word(self) -> &'static str {
        use crate::syntax::keywords::CommandWord;
        match self {
            QueuedCommand::Cancel => CommandWord::Cancel,
            QueuedCommand::Restart => CommandWord::Restart,
            QueuedCommand::Win => CommandWord::Win,
            QueuedCommand::Again => CommandWord::Again,
            QueuedCommand::Checkpoint => CommandWord::Checkpoint,
            QueuedCommand::Message => CommandWord::Message,
            QueuedCommand::Undo => CommandWord::Undo,
            QueuedCommand::Nosave => CommandWord::Nosave,
            QueuedCommand::Quit => CommandWord::Quit,
            QueuedCommand::Goto => CommandWord::Goto,
            QueuedCommand::Link => CommandWord::Link,
            QueuedCommand::Sound(k) => CommandWord::Sfx(k),
        }
        .as_str()
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
    /// `turn DIR` / `turn tick` / `turn mouse`: a turn starts, after the player's movement
    /// was set (None: no input, a tick or an `again` turn).
    TurnStart {
        /// The input.
        input: Option<Direction>,
        /// This is the `run_rules_on_level_start` turn (of a level load or
        /// a restart).
        level_start: bool,
        /// A mouse turn (an object was put in the clicked cell): `turn mouse`.
        mouse: bool,
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
