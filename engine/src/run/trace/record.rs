//! The recorder a session holds while tracing, and the hooks the turn code
//! calls (each one test of `Session::trace` when recording is off).

use super::state::bit_ids;
use super::{
    Blocked, BoardState, CellChange, CellState, Diff, EventKind, Move, Origin, RuleApplication, RuleList, Trace,
};
use crate::compile::{Game, PatternCell, Rule};
use crate::run::Session;
use crate::run::board::{Board, RowMatch};

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
        self.trace = Some(Box::new(Recorder::new(self.play.board.as_ref(), budget)));
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
        self.play.board.as_ref().map(BoardState::of)
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
        } else if self.mode.tracing_probe {
            self.report.probe_notes.push(kind);
        }
    }

    /// Record an event with the change since the last one. Callers test
    /// `self.trace.is_some()` first, so that building `kind` costs nothing
    /// when not recording.
    #[cold]
    pub(crate) fn trace_event(&mut self, kind: EventKind) {
        if let Some(r) = self.trace.as_deref_mut() {
            let diff = r.diff(self.play.board.as_ref());
            #[cfg(test)]
            r.real.push(self.play.board.as_ref().map(BoardState::of));
            r.trace.push(kind, diff);
        }
    }

    /// Record a rule application at `tuple`.
    #[cold]
    pub(crate) fn trace_rule(&mut self, rule: &Rule, tuple: &[RowMatch]) {
        let Some(r) = self.trace.as_deref() else { return };
        let Some(board) = self.play.board.as_ref() else { return };
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
        let b = self.play.board.as_ref()?;
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
                    .report
                    .probe_notes
                    .iter()
                    .any(|k| matches!(k, EventKind::RigidFail { lines } if lines.contains(&line)));
                if !seen {
                    lines.push(line);
                }
            }
            self.report.probe_notes.push(EventKind::RigidFail { lines });
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
