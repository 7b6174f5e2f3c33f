//! The rule debugger: a pane beside the player that shows what the engine
//! did inside each turn of the level being played, from the session's
//! trace (`engine::run::trace`).
//!
//! - While the pane is shown, the player records its sessions with a
//!   memory budget of [`BUDGET`] (16 MiB of events; older turns are dropped
//!   first and the pane says so). While it is hidden, nothing is recorded
//!   and the engine runs at full speed.
//! - Breakpoints are set by clicking the code editor's gutter. A turn runs
//!   to its end as usual; when one of its events applied a rule whose line
//!   has a breakpoint, the player pauses there: it shows the board as it
//!   was at that event, and the pane steps through the rest of the turn's
//!   events (a replay of the recorded turn) until Continue.
//! - The pane's parts: [`timeline`] (turns, events, stepping, saving the
//!   session as a test), [`board`] (the board at the selected moment, its
//!   layers, the cell inspector, the win conditions) and [`rules`] (every
//!   rule with its expansions and counts). A pane shorter than
//!   [`STACKED_HEIGHT`] (as under the player in the default 1280x800
//!   window) shows the turn, the layers or the rules, one at a time and
//!   fitted to it, instead of all of them stacked.

mod board;
mod rules;
mod timeline;

use std::collections::BTreeSet;

use engine::compile::{Game, LevelGrid};
use engine::run::Session;
use engine::run::Step;
use engine::run::trace::{EventKind, Origin, Trace, TraceCursor};

use super::{Panel, PanelContext, Panels};

/// The keys that step through a paused turn or continue it (F8, F9, F10,
/// with or without Shift): a solution being shown goes on through them.
pub const STEPPING_KEYS: [egui::Key; 3] = [egui::Key::F8, egui::Key::F9, egui::Key::F10];

/// How much memory the recorded events of a session may take: 16 MiB.
pub const BUDGET: usize = 16 << 20;

/// What the player and the debugger share; the player holds it.
#[derive(Default)]
pub struct Link {
    /// The debugger pane is shown: record the sessions.
    pub recording: bool,
    /// Lines with a breakpoint (copied from the code editor each frame).
    pub breakpoints: BTreeSet<u32>,
    /// Paused at this event: the player shows the board just after it.
    pub paused: Option<u64>,
    /// Layers the player leaves out (the layered view's switches).
    pub hidden_layers: BTreeSet<usize>,
    /// Bumped whenever what the player should draw changed.
    pub version: u64,
    /// The steps played since the level was loaded (for saving the session
    /// as a test).
    pub steps: Vec<Step>,
    /// The entry the recording began with, when it began at the load
    /// (else the session cannot be saved as a test).
    pub loaded: Option<usize>,
    /// The player's Debugger button was clicked (the studio shows or
    /// hides the pane).
    pub toggle_requested: bool,
    /// The trace last looked at (its address) and the next event not yet
    /// looked at.
    seen: (usize, u64),
}

impl Link {
    /// Look at the events recorded since the last call: note the steps
    /// played and pause at the first rule with a breakpoint.
    pub fn after_turns(&mut self, session: Option<&Session>) {
        let Some(trace) = session.and_then(Session::trace) else { return };
        let key = std::ptr::from_ref::<Trace>(trace) as usize;
        if self.seen.0 != key || trace.next_seq() < self.seen.1 {
            self.seen = (key, 0);
            self.steps.clear();
            self.loaded = match trace.segments().front().map(|s| s.origin) {
                Some(Origin::Load { level }) if trace.dropped_events() == 0 => Some(level),
                _ => None,
            };
            if self.paused.take().is_some() {
                self.version += 1;
            }
        }
        let from = self.seen.1;
        for seg in trace.segments() {
            if let (Some(first), Origin::Step(step)) = (seg.events.first(), seg.origin)
                && first.seq >= from
            {
                self.steps.push(step);
            }
        }
        if self.paused.is_none()
            && let Some(seq) = next_break(trace, from, &self.breakpoints)
        {
            self.paused = Some(seq);
            self.version += 1;
        }
        self.seen.1 = trace.next_seq();
    }

    /// Stop pausing at the next breakpoint after the current one in the
    /// recorded events, or go on playing.
    pub fn resume(&mut self, session: Option<&Session>) {
        let Some(at) = self.paused.take() else { return };
        if let Some(trace) = session.and_then(Session::trace) {
            self.paused = next_break(trace, at + 1, &self.breakpoints);
        }
        self.version += 1;
    }

    /// What the player shows instead of the live board: the board at the
    /// paused event, or the live board with some layers left out.
    #[must_use]
    pub fn shown_grid(&self, session: &Session) -> Option<LevelGrid> {
        let game = session.game();
        let grid = match (self.paused, session.trace()) {
            (Some(seq), Some(trace)) => {
                let board = trace.board_at(seq)??;
                LevelGrid { width: board.width, height: board.height, cells: board.objects }
            }
            _ if self.hidden_layers.is_empty() => return None,
            _ => session.board_grid()?,
        };
        Some(only_layers(game, grid, |l| !self.hidden_layers.contains(&l)))
    }
}

/// The first rule application at or after event `from` whose line has a
/// breakpoint.
fn next_break(trace: &Trace, from: u64, breakpoints: &BTreeSet<u32>) -> Option<u64> {
    if breakpoints.is_empty() {
        return None;
    }
    trace
        .events()
        .filter(|e| e.seq >= from)
        .find(|e| matches!(&e.kind, EventKind::Rule(r) if breakpoints.contains(&r.line)))
        .map(|e| e.seq)
}

/// `grid` with only the objects of the layers `keep` accepts.
#[must_use]
pub fn only_layers(game: &Game, mut grid: LevelGrid, keep: impl Fn(usize) -> bool) -> LevelGrid {
    let words = game.obj_words.max(1);
    let mut mask = vec![0u64; words];
    for (layer, m) in game.layer_masks.iter().enumerate() {
        if keep(layer) {
            for (a, b) in mask.iter_mut().zip(m.iter()) {
                *a |= *b;
            }
        }
    }
    for (i, w) in grid.cells.iter_mut().enumerate() {
        *w &= mask[i % words];
    }
    grid
}

/// The byte range of line `line` (1-based) of `text`, without its line end.
#[must_use]
pub fn line_range(text: &str, line: u32) -> Option<std::ops::Range<usize>> {
    let mut start = 0;
    for (k, l) in text.split_inclusive('\n').enumerate() {
        if k + 1 == line as usize {
            let body = l.trim_end_matches(['\n', '\r']);
            return Some(start..start + body.len());
        }
        start += l.len();
    }
    None
}

/// Below this height the pane shows one part at a time (the turn, the
/// layers or the rules), each fitted to the pane; above, all of them.
pub const STACKED_HEIGHT: f32 = 620.0;

/// The part of the debugger shown in a short pane.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum View {
    /// The timeline beside the board at the selected moment.
    #[default]
    Turn,
    /// One small board per collision layer.
    Layers,
    /// The rules table.
    Rules,
}

/// The debugger pane's own state.
#[derive(Default)]
pub struct DebuggerPanel {
    /// The selected event.
    pub selected: Option<u64>,
    /// The rule line last clicked in the rules table.
    pub selected_line: Option<u32>,
    /// The board at the selected event, kept between frames.
    cursor: Option<TraceCursor>,
    /// The trace the cursor belongs to (its address, its first event).
    cursor_of: (usize, u64),
    /// Segments of the timeline shown open, by their first event.
    pub open: BTreeSet<u64>,
    /// The outcome of the last save.
    pub saved: Option<anyhow::Result<std::path::PathBuf>>,
    /// Images of boards, by name, with what they show.
    textures: std::collections::HashMap<String, (u64, egui::TextureHandle)>,
    /// The cell under the pointer on the board view.
    pub hovered: Option<usize>,
    /// Where each part was last drawn (for tests): board, each layer board.
    pub drawn: board::Drawn,
    /// The rule lines of the table, with their counts, as last drawn (for
    /// tests): (line, in the selected turn, in the session).
    pub table: Vec<(u32, usize, usize)>,
    /// The part shown when the pane is too short for all of them.
    pub view: View,
    /// How much larger than the pane its content was when last drawn
    /// (negative: room to spare), for tests: the pane should not need
    /// scrolling at the default window size.
    pub overflow: egui::Vec2,
}

impl Panel for DebuggerPanel {
    fn title(&self, _cx: &PanelContext<'_>) -> String {
        "Debugger".to_owned()
    }

    fn ui(&mut self, ui: &mut egui::Ui, _cx: &mut PanelContext<'_>) {
        // Drawn through [`show`], which also sees the player and the code.
        ui.label("The debugger shows the player's turns.");
    }
}

/// Draw the debugger pane: it reads the player's session and trace, and
/// shares breakpoints and the highlighted line with the code editor.
pub fn show(panels: &mut Panels, ui: &mut egui::Ui, cx: &mut PanelContext<'_>) {
    let Panels { debugger, player, code, .. } = panels;
    player.debug.breakpoints.clone_from(&code.breakpoints);
    let (session, link) = player.session_and_link();
    let Some(session) = session else {
        ui.label("Play a level in the Player: its turns show here.");
        code.debug_line = None;
        return;
    };
    let Some(trace) = session.trace() else {
        ui.label("Recording starts with the next turn.");
        ui.ctx().request_repaint();
        return;
    };
    if let Some(seq) = link.paused {
        debugger.selected = Some(seq);
    }
    if debugger.selected.is_none_or(|s| trace.event(s).is_none()) {
        debugger.selected = trace.events().last().map(|e| e.seq);
    }
    let key = (std::ptr::from_ref::<Trace>(trace) as usize, trace.first_seq());
    if debugger.cursor_of != key || debugger.cursor.is_none() {
        debugger.cursor = Some(TraceCursor::new(trace));
        debugger.cursor_of = key;
    }
    if let (Some(cursor), Some(seq)) = (debugger.cursor.as_mut(), debugger.selected) {
        cursor.seek(trace, seq);
    }
    let event_line = debugger.selected.and_then(|s| trace.event(s)).and_then(|e| match &e.kind {
        EventKind::Rule(r) => Some(r.line),
        EventKind::Command { line, .. } | EventKind::Again { line } | EventKind::Cancel { line } => Some(*line),
        _ => None,
    });
    if code.debug_line != event_line {
        code.debug_line = event_line;
        if let Some(range) = event_line.and_then(|l| line_range(cx.doc.text(), l)) {
            code.scroll_to_byte(range.start);
        }
    }
    let moved = timeline::keys(debugger, ui, trace, link);
    if moved {
        ui.ctx().request_repaint();
    }
    // A short pane (the default window's, under the player) shows one part
    // at a time, each fitted to it; a tall one shows them all.
    let compact = ui.available_height() < STACKED_HEIGHT;
    let out = egui::ScrollArea::vertical().id_salt("debugger_scroll").auto_shrink(false).show(ui, |ui| {
        timeline::header(debugger, ui, trace, session, link, cx, compact);
        if compact {
            ui.horizontal(|ui| {
                for (view, name) in [(View::Turn, "Turn"), (View::Layers, "Layers"), (View::Rules, "Rules")] {
                    ui.selectable_value(&mut debugger.view, view, name);
                }
                ui.separator();
                timeline::note(ui, trace);
            });
            ui.separator();
            // What is left, less a little for the scroll area's margins.
            let room = (ui.available_height() - 4.0).max(60.0);
            match debugger.view {
                View::Turn => {
                    ui.columns(2, |cols| {
                        timeline::list(debugger, &mut cols[0], trace, session, link, room);
                        board::moment(debugger, &mut cols[1], trace, session, cx.doc.text(), room);
                    });
                }
                View::Layers => board::layers(debugger, ui, session, link, room),
                View::Rules => rules::table(debugger, ui, trace, session, cx, room),
            }
        } else {
            ui.separator();
            ui.columns(2, |cols| {
                timeline::list(debugger, &mut cols[0], trace, session, link, 260.0);
                board::moment(debugger, &mut cols[1], trace, session, cx.doc.text(), 360.0);
            });
            ui.separator();
            board::layers(debugger, ui, session, link, 170.0);
            ui.separator();
            rules::table(debugger, ui, trace, session, cx, f32::INFINITY);
        }
    });
    debugger.overflow = out.content_size - out.inner_rect.size();
}
