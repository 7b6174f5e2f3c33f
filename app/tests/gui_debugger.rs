//! The rule debugger driven through egui_kittest on `sokoban_garden.txt`:
//! a breakpoint set by a click in the code gutter pauses the player and
//! the pane steps through the turn; the layered view; the rules table's
//! counts against the trace; redo of an undone turn; a session saved as a
//! test that `puzzlewright conformance` replays green.

use egui_kittest::Harness;
use egui_kittest::kittest::Queryable as _;
use studio::app::Persisted;
use studio::layout::PanelId;
use studio::{Startup, StudioApp};

mod support;

/// Line of the push rule in `examples/sokoban_garden.txt`.
const PUSH_LINE: u32 = 93;
/// The second map: the gardener under a pot, which Up pushes (no win).
const ENTRY: usize = 2;

/// The garden copied to a fresh folder (saves go beside it), opened with
/// the code, the player and the debugger side by side, on entry 2.
fn garden(name: &str) -> (Harness<'static, StudioApp>, std::path::PathBuf) {
    let dir = std::env::temp_dir().join(format!("pw_debugger_{name}_{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("temp dir");
    let path = dir.join("garden.txt");
    let text = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../examples/sokoban_garden.txt"))
        .expect("example");
    std::fs::write(&path, text).expect("write game");
    let mut h =
        support::harness(support::app(Startup::File(path.clone()), Persisted::default()), [1800.0, 1000.0], false);
    h.state_mut().doc.finish_build();
    let mut tiles = egui_tiles::Tiles::default();
    let panes = vec![
        tiles.insert_pane(PanelId::Code),
        tiles.insert_pane(PanelId::Player),
        tiles.insert_pane(PanelId::Debugger),
    ];
    let root = tiles.insert_horizontal_tile(panes);
    h.state_mut().tree = egui_tiles::Tree::new(egui::Id::unique("debugger_test"), root, tiles);
    h.state_mut().panels.player.select_level(ENTRY);
    h.run_steps(6);
    (h, dir)
}

fn click(h: &mut Harness<'_, StudioApp>, at: egui::Pos2) {
    support::press(h, at, egui::PointerButton::Primary);
    support::release(h, at, egui::PointerButton::Primary);
}

fn click_board(h: &mut Harness<'_, StudioApp>) {
    let rect = h.state().panels.player.board_rect().expect("board drawn");
    click(h, rect.center());
}

/// Press and release `key` in one frame (a harness step between them
/// lasts long enough for the player to repeat the held key).
fn key(h: &mut Harness<'_, StudioApp>, key: egui::Key) {
    for pressed in [true, false] {
        h.event(egui::Event::Key { key, pressed, modifiers: egui::Modifiers::NONE, repeat: false, physical_key: None });
    }
    h.run_steps(3);
}

fn dump(h: &Harness<'_, StudioApp>) -> String {
    h.state().panels.player.dump().unwrap_or_default()
}

/// The board at the debugger's selected event.
fn selected_board(h: &Harness<'_, StudioApp>) -> Option<engine::run::trace::BoardState> {
    let seq = h.state().panels.debugger.selected?;
    h.state().panels.player.session()?.trace()?.board_at(seq)?
}

#[test]
fn gutter_breakpoint_pauses_the_player_and_steps_through_the_turn() {
    let (mut h, _dir) = garden("break");
    // Scroll the editor to the rule, then click its gutter.
    let range = studio::panels::debugger::line_range(h.state().doc.text(), PUSH_LINE).expect("line");
    h.state_mut().panels.code.scroll_to_byte(range.start);
    h.run_steps(3);
    let gutter = h
        .state()
        .panels
        .code
        .gutter_drawn
        .iter()
        .find(|(l, _)| *l == PUSH_LINE)
        .map(|(_, r)| *r)
        .expect("push line on screen");
    click(&mut h, gutter.center());
    assert!(h.state().panels.code.breakpoints.contains(&PUSH_LINE), "the gutter click set a breakpoint");

    click_board(&mut h);
    let before = dump(&h);
    key(&mut h, egui::Key::ArrowUp);
    let paused = h.state().panels.player.debug.paused.expect("paused at the breakpoint");
    assert_eq!(h.state().panels.debugger.selected, Some(paused), "the timeline opens at the event");
    assert_eq!(h.state().panels.code.debug_line, Some(PUSH_LINE), "the rule's line is highlighted");
    assert_ne!(dump(&h), before, "the turn itself ran to its end");

    let mut boards = vec![selected_board(&h).expect("board at the breakpoint")];
    let mut lines = vec![h.state().panels.code.debug_line];
    for k in 1..=3 {
        key(&mut h, egui::Key::F10);
        assert_eq!(h.state().panels.debugger.selected, Some(paused + k), "step {k}");
        assert_eq!(h.state().panels.player.debug.paused, Some(paused + k), "the player follows");
        boards.push(selected_board(&h).expect("board"));
        lines.push(h.state().panels.code.debug_line);
    }
    assert!(boards.windows(2).any(|w| w[0] != w[1]), "the board changed while stepping");
    assert!(lines.iter().any(|l| *l != Some(PUSH_LINE)), "the highlighted line changed: {lines:?}");
    // Continue: no other breakpoint in the turn, back to playing.
    // Continue: to the next breakpoint recorded, then back to playing.
    for _ in 0..10 {
        if h.state().panels.player.debug.paused.is_none() {
            break;
        }
        key(&mut h, egui::Key::F8);
    }
    assert_eq!(h.state().panels.player.debug.paused, None);
}

#[test]
fn layered_view_draws_one_board_per_collision_layer_and_hides_layers_in_the_player() {
    let (mut h, _dir) = garden("layers");
    click_board(&mut h);
    key(&mut h, egui::Key::ArrowUp);
    let layers = h.state().panels.player.session().expect("session").game().layer_count;
    assert_eq!(layers, 3);
    assert_eq!(h.state().panels.debugger.drawn.layers.len(), layers, "one board per layer");
    h.get_by_label("1: soil, pond").click();
    h.run_steps(3);
    assert!(h.state().panels.player.debug.hidden_layers.contains(&1));
    let session = h.state().panels.player.session().expect("session");
    let grid = h.state().panels.player.debug.shown_grid(session).expect("the player shows a filtered board");
    let game = session.game();
    let words = game.obj_words;
    let soil = &game.layer_masks[1];
    assert!(
        grid.cells.chunks(words).all(|c| c.iter().zip(soil.iter()).all(|(a, b)| a & b == 0)),
        "no soil or pond in the player"
    );
}

#[test]
fn rules_table_counts_match_the_trace() {
    let (mut h, _dir) = garden("table");
    click_board(&mut h);
    for k in [egui::Key::ArrowUp, egui::Key::ArrowDown, egui::Key::ArrowRight, egui::Key::ArrowUp] {
        key(&mut h, k);
        h.run_steps(10);
    }
    h.run_steps(2);
    let session = h.state().panels.player.session().expect("session");
    let trace = session.trace().expect("recording");
    let seq = h.state().panels.debugger.selected.expect("selected");
    let seg = trace.segments().iter().find(|s| s.events.last().is_some_and(|e| e.seq >= seq)).expect("segment");
    let step = seg.rule_counts();
    let table = &h.state().panels.debugger.table;
    assert_eq!(table.len(), 3, "one row per rule line");
    assert!(trace.rule_counts().get(&PUSH_LINE).copied().unwrap_or(0) >= 1, "the push fired");
    for &(line, in_step, in_session) in table {
        assert_eq!(in_step, step.get(&line).copied().unwrap_or(0), "line {line} in the step");
        assert_eq!(in_session, trace.rule_counts().get(&line).copied().unwrap_or(0), "line {line} in the session");
    }
}

#[test]
fn undo_then_ctrl_shift_z_restores_the_same_board() {
    let (mut h, _dir) = garden("redo");
    click_board(&mut h);
    key(&mut h, egui::Key::ArrowUp);
    let moved = dump(&h);
    key(&mut h, egui::Key::Z);
    assert_ne!(dump(&h), moved, "undone");
    let modifiers = egui::Modifiers::COMMAND | egui::Modifiers::SHIFT;
    for pressed in [true, false] {
        h.event(egui::Event::Key { key: egui::Key::Z, pressed, modifiers, repeat: false, physical_key: None });
    }
    h.run_steps(3);
    assert_eq!(dump(&h), moved, "redone");
    assert_eq!(
        h.state().doc.text(),
        std::fs::read_to_string(_dir.join("garden.txt")).expect("game"),
        "the text was not touched"
    );
}

#[test]
fn a_saved_session_replays_green_in_conformance() {
    let (mut h, dir) = garden("save");
    click_board(&mut h);
    for k in [egui::Key::ArrowUp, egui::Key::ArrowRight, egui::Key::Z, egui::Key::ArrowRight] {
        key(&mut h, k);
        h.run_steps(10);
    }
    h.get_by_label("Save as test").click();
    h.run_steps(3);
    // The studio asks where (its own prompt here: no desktop dialog in
    // tests), proposing a test file beside the game.
    let path = dir.join("garden.test.json");
    let field = h.get_by_role(egui::accesskit::Role::TextInput).value().unwrap_or_default();
    assert_eq!(std::path::PathBuf::from(field), path, "proposed beside the game");
    h.get_by_label("Save").click();
    h.run_steps(3);
    assert!(
        matches!(&h.state().panels.debugger.saved, Some(Ok(p)) if *p == path),
        "{:?}",
        h.state().panels.debugger.saved
    );
    let text = std::fs::read_to_string(&path).expect("saved");
    let steps: Vec<String> = h.state().panels.player.debug.steps.iter().map(|s| s.json()).collect();
    assert!(steps.iter().any(|s| s == "\"undo\"") && steps.iter().any(|s| s == "3"), "{steps:?}");
    assert!(text.contains(&format!("\"inputs\": [{}]", steps.join(", "))), "{text}");
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_puzzlewright"))
        .arg("conformance")
        .arg(&path)
        .output()
        .expect("run conformance");
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "{stdout}{}", String::from_utf8_lossy(&out.stderr));
    assert!(stdout.contains("1 passed, 0 failed"), "{stdout}");
}
