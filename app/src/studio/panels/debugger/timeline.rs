//! The debugger's timeline: the recorded turns of the level being played,
//! each open to its events; stepping by event and by turn (buttons and
//! keys), Continue and Finish turn while paused, and "Save as test".

use anyhow::Context as _;
use engine::run::Session;
use engine::run::trace::{EventKind, FormatOptions, LineFormat, Origin, Trace};

use super::{DebuggerPanel, Link};
use crate::panels::PanelContext;

/// Keys: F10 next event, Shift+F10 previous event, F9 next turn, Shift+F9
/// previous turn, F8 continue.
const KEY_HINT: &str = "F10 / Shift+F10: next / previous event; F9 / Shift+F9: next / previous turn; F8: continue";

/// A move through the recorded events.
#[derive(Clone, Copy)]
enum Move {
    NextEvent,
    PrevEvent,
    NextTurn,
    PrevTurn,
    FinishTurn,
}

/// The event `m` leads to from `at`.
fn target(trace: &Trace, at: u64, m: Move) -> Option<u64> {
    let turn_start = |e: &engine::run::trace::TraceEvent| matches!(e.kind, EventKind::TurnStart { .. });
    match m {
        Move::NextEvent => trace.event(at + 1).map(|e| e.seq),
        Move::PrevEvent => at.checked_sub(1).and_then(|s| trace.event(s)).map(|e| e.seq),
        Move::NextTurn => trace.events().find(|e| e.seq > at && turn_start(e)).map(|e| e.seq),
        Move::PrevTurn => {
            // The start of this turn, or of the one before when already there.
            let here = trace.events().filter(|e| e.seq <= at && turn_start(e)).last().map(|e| e.seq);
            match here {
                Some(s) if s < at => Some(s),
                _ => trace.events().filter(|e| e.seq < at && turn_start(e)).last().map(|e| e.seq),
            }
        }
        Move::FinishTurn => trace
            .events()
            .find(|e| e.seq >= at && matches!(e.kind, EventKind::TurnEnd))
            .map(|e| e.seq)
            .or_else(|| trace.events().last().map(|e| e.seq)),
    }
}

/// Select the event `m` leads to (the player follows while paused).
fn go(panel: &mut DebuggerPanel, trace: &Trace, link: &mut Link, m: Move) -> bool {
    let Some(at) = panel.selected else { return false };
    let Some(to) = target(trace, at, m) else { return false };
    panel.selected = Some(to);
    if link.paused.is_some() {
        link.paused = Some(to);
        link.version += 1;
    }
    true
}

/// The timeline's keys (whenever the pane is shown and no text field has
/// the keyboard). Returns whether the selection moved.
pub(super) fn keys(panel: &mut DebuggerPanel, ui: &egui::Ui, trace: &Trace, link: &mut Link) -> bool {
    use egui::{Key, Modifiers};
    let (moves, cont) = ui.ctx().input_mut(|i| {
        let mut moves = Vec::new();
        if i.consume_key(Modifiers::SHIFT, Key::F10) {
            moves.push(Move::PrevEvent);
        }
        if i.consume_key(Modifiers::NONE, Key::F10) {
            moves.push(Move::NextEvent);
        }
        if i.consume_key(Modifiers::SHIFT, Key::F9) {
            moves.push(Move::PrevTurn);
        }
        if i.consume_key(Modifiers::NONE, Key::F9) {
            moves.push(Move::NextTurn);
        }
        (moves, i.consume_key(Modifiers::NONE, Key::F8))
    });
    let mut moved = false;
    for m in moves {
        moved |= go(panel, trace, link, m);
    }
    if cont {
        continue_from(panel, trace, link);
        moved = true;
    }
    moved
}

/// Continue: to the next breakpoint in the recorded events, or back to
/// playing.
fn continue_from(panel: &mut DebuggerPanel, trace: &Trace, link: &mut Link) {
    let Some(at) = link.paused else { return };
    link.paused = super::next_break(trace, at + 1, &link.breakpoints);
    link.version += 1;
    panel.selected = link.paused.or_else(|| trace.events().last().map(|e| e.seq));
}

/// The status line, the stepping buttons and "Save as test" (and the
/// recording's size unless `compact`: then the caller shows it, [`note`]).
pub(super) fn header(
    panel: &mut DebuggerPanel,
    ui: &mut egui::Ui,
    trace: &Trace,
    session: &Session,
    link: &mut Link,
    cx: &mut PanelContext<'_>,
    compact: bool,
) {
    if let Some(seq) = link.paused {
        let line = match trace.event(seq).map(|e| &e.kind) {
            Some(EventKind::Rule(r)) => format!(" at the rule on line {}", r.line),
            _ => String::new(),
        };
        ui.colored_label(ui.visuals().warn_fg_color, format!("Paused{line}: the player shows this moment."))
            .on_hover_text(
                "Step through the turn's events, or Continue (F8) to the next breakpoint or back to playing",
            );
    }
    ui.horizontal_wrapped(|ui| {
        ui.spacing_mut().item_spacing.x = 5.0;
        ui.spacing_mut().button_padding.x = 5.0;
        let mut m = None;
        if ui.button("< Turn").on_hover_text("Previous turn (Shift+F9)").clicked() {
            m = Some(Move::PrevTurn);
        }
        if ui.button("< Event").on_hover_text("Previous event (Shift+F10)").clicked() {
            m = Some(Move::PrevEvent);
        }
        if ui.button("Event >").on_hover_text("Next event (F10)").clicked() {
            m = Some(Move::NextEvent);
        }
        if ui.button("Turn >").on_hover_text("Next turn (F9)").clicked() {
            m = Some(Move::NextTurn);
        }
        let paused = link.paused.is_some();
        if ui.add_enabled(paused, egui::Button::new("Finish turn")).on_hover_text("Show the end of this turn").clicked() {
            m = Some(Move::FinishTurn);
        }
        if ui.add_enabled(paused, egui::Button::new("Continue")).on_hover_text("To the next breakpoint, or back to playing (F8)").clicked() {
            continue_from(panel, trace, link);
        }
        if let Some(m) = m {
            go(panel, trace, link, m);
        }
        ui.separator();
        let can_save = link.loaded.is_some();
        let hint = if can_save {
            "Write this level's inputs with the expected board and trace as a conformance test (JSON)"
        } else {
            "Recording began in the middle of this level (or its oldest turns were dropped): restart the level to save it"
        };
        if ui.add_enabled(can_save, egui::Button::new("Save as test")).on_hover_text(hint).on_disabled_hover_text(hint).clicked() {
            match test_case(session, link, cx) {
                Ok(case) => {
                    panel.saved = None;
                    cx.requests.send(crate::request::AppRequest::SaveTest(case));
                }
                Err(why) => panel.saved = Some(Err(why)),
            }
        }
    });
    if !compact {
        note(ui, trace);
    }
    match &panel.saved {
        Some(Ok(path)) => {
            ui.label(format!("Saved {}: `puzzlewright conformance {}` replays it.", path.display(), path.display()));
        }
        Some(Err(e)) => {
            ui.colored_label(ui.visuals().error_fg_color, format!("Could not save the test: {e:#}"));
        }
        None => {}
    }
}

/// How much is recorded, and whether older turns were dropped (the keys
/// on hover).
pub(super) fn note(ui: &mut egui::Ui, trace: &Trace) {
    let kept = trace.segments().len();
    let mut note =
        format!("{kept} steps kept, {:.1} of {} MiB.", trace.bytes() as f64 / f64::from(1 << 20), trace.budget() >> 20);
    if trace.dropped_events() > 0 {
        note.push_str(&format!(
            " Older turns were dropped to stay within the budget ({} steps, {} events).",
            trace.dropped_segments(),
            trace.dropped_events()
        ));
    }
    ui.add(egui::Label::new(egui::RichText::new(note).small().weak()).truncate()).on_hover_text(KEY_HINT);
}

/// The session as a one-case conformance file, for the studio to write
/// where the author says (Save as test).
fn test_case(session: &Session, link: &Link, cx: &PanelContext<'_>) -> anyhow::Result<String> {
    let level = link.loaded.context("recording began in the middle of the level")?;
    let name = format!("{} level {}", session.game().metadata.title.as_deref().unwrap_or("untitled"), level);
    let case = engine::run::trace::session_case(&name, cx.doc.text(), level, None, &link.steps)?;
    Ok(format!("[{case}]\n"))
}

/// What began a segment, in words.
fn origin_label(origin: Origin) -> String {
    match origin {
        Origin::Load { .. } => "level load".to_owned(),
        Origin::Step(step) => step.to_string(),
        Origin::Resumed => "(resumed)".to_owned(),
    }
}

/// The list of steps, each with its rule applications and `again` turns,
/// open to its events; a click on an event selects it. At most `height`
/// tall (the list scrolls).
pub(super) fn list(
    panel: &mut DebuggerPanel,
    ui: &mut egui::Ui,
    trace: &Trace,
    session: &Session,
    link: &mut Link,
    height: f32,
) {
    ui.strong("Timeline");
    let height = (height - ui.text_style_height(&egui::TextStyle::Body) - ui.spacing().item_spacing.y).max(40.0);
    let format = LineFormat::new(session.game(), FormatOptions { extras: true });
    let selected = panel.selected;
    // Open the step that holds the selection.
    if let Some(seq) = selected
        && let Some(seg) = trace.segments().iter().find(|s| s.events.last().is_some_and(|e| e.seq >= seq))
        && let Some(first) = seg.events.first()
    {
        panel.open.insert(first.seq);
    }
    let mut pick = None;
    egui::ScrollArea::vertical().id_salt("debugger_timeline").max_height(height).auto_shrink([false, true]).show(
        ui,
        |ui| {
            let count = trace.segments().len();
            // The newest steps are the ones worth seeing: at most 200 listed.
            for seg in trace.segments().iter().skip(count.saturating_sub(200)) {
                let Some(first) = seg.events.first().map(|e| e.seq) else { continue };
                let agains = seg.events.iter().filter(|e| matches!(e.kind, EventKind::Again { .. })).count();
                let mut title = format!("{}: {} rules", origin_label(seg.origin), seg.rule_applications());
                if agains > 0 {
                    title.push_str(&format!(", {agains} again"));
                }
                let open = panel.open.contains(&first);
                let header =
                    egui::CollapsingHeader::new(title).id_salt(("seg", first)).open(Some(open)).show(ui, |ui| {
                        for e in &seg.events {
                            let label = format.line(&e.kind).unwrap_or_else(|| format!("{:?}", e.kind).to_lowercase());
                            let text = egui::RichText::new(format!("{:>5}  {label}", e.seq)).monospace();
                            let r = ui.selectable_label(selected == Some(e.seq), text);
                            if selected == Some(e.seq) && link.paused.is_some() {
                                r.scroll_to_me(None);
                            }
                            if r.clicked() {
                                pick = Some(e.seq);
                            }
                        }
                    });
                if header.header_response.clicked() {
                    if open {
                        panel.open.remove(&first);
                    } else {
                        panel.open.insert(first);
                    }
                }
            }
        },
    );
    if let Some(seq) = pick {
        panel.selected = Some(seq);
        if link.paused.is_some() {
            link.paused = Some(seq);
            link.version += 1;
        }
    }
}
