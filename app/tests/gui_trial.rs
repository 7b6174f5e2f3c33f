//! Rough edges a first-time author met in the studio (issue 31, items 3,
//! 5 and 9): a shown solution stops at a debugger breakpoint and its label
//! follows the board; "Play from here" hands the player the keys (and the
//! exported game's window never asks for a click); Problems rows show their
//! whole text; the debugger and the player's toolbar fit a 1280x800 window.

use std::collections::BTreeMap;

use egui_kittest::Harness;
use egui_kittest::kittest::Queryable as _;
use engine::run::{Input, Step};
use studio::command::Command;
use studio::layout::PanelId;
use studio::{Startup, StudioApp};

mod support;

/// Line of the push rule in `examples/sokoban_garden.txt`.
const PUSH_LINE: u32 = 93;
/// Entry of LEVELS holding the garden's level 1 ([`support::GARDEN_LEVEL_1`]).
const LEVEL_1: usize = 1;

/// [`support::GARDEN_LEVEL_1`] as the solver's inputs.
fn level_1_solution() -> Vec<Step> {
    support::GARDEN_LEVEL_1
        .iter()
        .map(|k| match k {
            egui::Key::ArrowUp => Input::Up,
            egui::Key::ArrowDown => Input::Down,
            egui::Key::ArrowLeft => Input::Left,
            _ => Input::Right,
        })
        .map(Step::Input)
        .collect()
}

/// Let `seconds` pass on the app's clock, a frame every 50 ms.
fn pass(h: &mut Harness<'_, StudioApp>, seconds: f64) {
    for _ in 0..(seconds / 0.05).ceil() as usize {
        let time = h.ctx.input(|i| i.time) + 0.05;
        h.input_mut().time = Some(time);
        h.step();
    }
    h.input_mut().time = None;
}

fn has_label(h: &Harness<'_, StudioApp>, text: &str) -> bool {
    h.query_by_label_contains(text).is_some()
}

/// Save a picture of the window to `$PUZZLEWRIGHT_SHOTS/NAME.png` when
/// that variable names a folder (to look at while working on the layout).
fn shot(h: &mut Harness<'_, StudioApp>, name: &str) {
    let Some(dir) = std::env::var_os("PUZZLEWRIGHT_SHOTS") else { return };
    match h.render() {
        Ok(image) => image.save(std::path::Path::new(&dir).join(format!("{name}.png"))).expect("write the picture"),
        Err(err) => eprintln!("no picture {name}: {err}"),
    }
}

/// The garden at 1280x800 in the default layout with the debugger shown
/// (as the player's Debugger button shows it) and a breakpoint on the push
/// rule.
fn garden_with_breakpoint() -> Harness<'static, StudioApp> {
    let mut h = support::studio(Startup::Example(0));
    h.state_mut().doc.finish_build();
    h.get_by_label("Debugger").click();
    h.run_steps(3);
    assert!(studio::layout::is_shown(&h.state().tree, PanelId::Debugger), "the debugger is shown");
    h.state_mut().panels.code.breakpoints.insert(PUSH_LINE);
    h
}

/// Issue 31 item 3: with a breakpoint on the push rule, Show solution
/// stopped the board at the breakpoint while its label counted on to "won
/// in 7 moves". Now the demonstration waits at the breakpoint like play
/// does, F8 continues it, and the label tells the move the board is at.
#[test]
fn a_shown_solution_stops_at_a_breakpoint_and_f8_continues_it() {
    let mut h = garden_with_breakpoint();
    h.state_mut().panels.player.show_solution(LEVEL_1, level_1_solution());
    let mut paused_at = Vec::new();
    for _ in 0..200 {
        pass(&mut h, 0.05);
        let player = &h.state().panels.player;
        let Some((done, all)) = player.showing_solution() else { break };
        assert_eq!(all, 7);
        if player.debug.paused.is_none() {
            continue;
        }
        // Paused in a push (found after the turn, in the frame that drew
        // the label: the next one shows it): the label names that move and
        // the way on, and time passing plays nothing more.
        paused_at.push(done);
        pass(&mut h, 0.05);
        let label = format!("Showing the solver's solution: paused at a breakpoint in move {done} of 7. F8");
        assert!(has_label(&h, &label), "no label {label:?}");
        let board = h.state().panels.player.dump();
        pass(&mut h, 2.0);
        let player = &h.state().panels.player;
        assert!(player.debug.paused.is_some(), "still paused after two seconds");
        assert_eq!(player.showing_solution(), Some((done, 7)), "no move played while paused");
        assert_eq!(player.dump(), board, "the board did not move while paused");
        assert!(!has_label(&h, "won in"), "not won while paused in move {done}");
        shot(&mut h, &format!("demo_paused_{done}"));
        // F8 (which the player sees before the debugger) continues.
        h.key_press(egui::Key::F8);
        h.run_steps(1);
        h.run_steps(1);
        assert!(!has_label(&h, "Solution stopped"), "F8 does not stop the demonstration");
    }
    // The pushes are moves 3, 4 and 7.
    assert_eq!(paused_at, vec![3, 4, 7], "the moves paused in");
    assert_eq!(h.state().panels.player.showing_solution(), None, "the demonstration ended");
    assert!(has_label(&h, "Solution shown: the level was won in 7 moves."), "the label says it was won");
    pass(&mut h, 2.0);
    assert_eq!(h.state().panels.player.level(), LEVEL_1 + 1, "the flow went on to the next entry");
}

/// A shown solution that does not win (the level changed since it was
/// found) never says it won.
#[test]
fn a_shown_solution_that_does_not_win_says_so() {
    let mut h = support::studio(Startup::Example(0));
    h.state_mut().doc.finish_build();
    let mut moves = level_1_solution();
    moves.pop();
    h.state_mut().panels.player.show_solution(LEVEL_1, moves);
    for _ in 0..100 {
        if h.state().panels.player.showing_solution().is_none() {
            break;
        }
        pass(&mut h, 0.1);
    }
    assert_eq!(h.state().panels.player.showing_solution(), None, "the demonstration ended");
    assert!(!has_label(&h, "won in"), "the label says it was won");
    assert!(
        has_label(&h, "Solution shown: all 6 moves played, but the level is not won"),
        "the label says it was not won"
    );
    assert_eq!(h.state().panels.player.level(), LEVEL_1, "still on the level");
}

/// Issue 31 item 5: "Play from here" left the keys elsewhere ("Click the
/// board to play" until a click). Now the arrows play at once.
#[test]
fn play_from_here_hands_the_player_the_keys() {
    let mut h = support::studio(Startup::Example(0));
    studio::layout::focus(&mut h.state_mut().tree, PanelId::Levels);
    // Entry 2: the gardener under a pot, which Up pushes.
    h.state_mut().panels.levels.select(2);
    h.run_steps(3);
    h.get_by_label("Play from here").click();
    h.run_steps(4);
    assert_eq!(h.state().panels.player.level(), 2);
    assert!(!has_label(&h, "Click the board"), "the player asks for a click");
    assert!(has_label(&h, "Arrows/WASD move"), "the player's key hint");
    let before = h.state().panels.player.dump();
    h.key_press(egui::Key::ArrowUp);
    h.run_steps(3);
    assert_ne!(h.state().panels.player.dump(), before, "Up played a move");
}

/// The native export's window has the keys from its start: it never says
/// "Click the board".
#[test]
fn the_exported_game_window_never_asks_for_a_click() {
    let text = studio::examples::EXAMPLES[0].text.to_owned();
    let app = studio::standalone::StandaloneApp::new(text, BTreeMap::new(), &BTreeMap::new(), None);
    let mut h = Harness::builder()
        .with_size([640.0, 480.0])
        .build_ui_state(|ui, app: &mut studio::standalone::StandaloneApp| app.ui_root(ui), app);
    // A window the desktop has not given the keyboard yet (opened behind
    // another, or under Xvfb with no window manager): egui then says no
    // widget has focus, and the player asked for a click on the board
    // although the whole window is the board.
    h.input_mut().focused = false;
    h.event(egui::Event::WindowFocused(false));
    for frame in 0..4 {
        h.run_steps(1);
        assert!(h.query_by_label_contains("Click the board").is_none(), "frame {frame} asks for a click");
    }
    h.input_mut().focused = true;
    h.event(egui::Event::WindowFocused(true));
    for frame in 0..4 {
        h.run_steps(1);
        assert!(h.query_by_label_contains("Click the board").is_none(), "focused frame {frame} asks for a click");
    }
    // Start the game from its title screen, then move.
    h.key_press(egui::Key::X);
    h.run_steps(3);
    assert!(h.state().player().session().is_some(), "X started the game");
    for _ in 0..20 {
        if h.state().player().on_title() || h.state().player().session().is_some_and(|s| !s.again_pending()) {
            break;
        }
        h.run_steps(1);
    }
    assert!(h.query_by_label_contains("Click the board").is_none(), "the level asks for a click");
    assert!(h.query_by_label_contains("Arrows/WASD move").is_some(), "the key hint");
}

/// A game whose Problems row is longer than the panel: a win condition
/// naming an object that does not exist.
fn garden_with_a_long_problem() -> (Harness<'static, StudioApp>, String) {
    let mut h = support::studio(Startup::Example(0));
    let text = h.state().doc.text().replacen(
        "All Pot on Soil\n",
        "All Pot on Soil\nAll Flowerbedsofthewestgarden on Soil\n",
        1,
    );
    h.state_mut().doc.set_text(text);
    h.state_mut().doc.finish_build();
    h.run_steps(3);
    let message = h
        .state()
        .doc
        .diagnostics()
        .iter()
        .find(|d| d.message.contains("FLOWERBEDSOFTHEWESTGARDEN"))
        .map(|d| d.message.clone())
        .expect("the win condition's error");
    studio::layout::focus(&mut h.state_mut().tree, PanelId::Problems);
    h.run_steps(3);
    (h, message)
}

/// Issue 31 item 9: Problems rows were cut off with no way to read them.
/// The whole message shows on hover, and in the status line once the row
/// is clicked (selected).
#[test]
fn a_problems_row_shows_its_whole_message_on_hover_and_in_the_status_line() {
    let (mut h, message) = garden_with_a_long_problem();
    assert!(!h.state().status.contains(&message));
    let cell = h.get_by_label(&message).rect();
    h.hover_at(cell.center());
    h.run_steps(3);
    pass(&mut h, 1.0);
    shot(&mut h, "problems_hover");
    let tooltip = h.query_all_by_label(&message).count();
    assert!(tooltip >= 2, "the message shows in a tooltip as well as in its row ({tooltip})");
    support::press(&mut h, cell.center(), egui::PointerButton::Primary);
    support::release(&mut h, cell.center(), egui::PointerButton::Primary);
    h.run_steps(2);
    assert!(h.state().status.contains(&message), "status line: {:?}", h.state().status);
    shot(&mut h, "problems_selected");
    // Fixed: the row goes, and its text leaves the status line.
    let fixed = h.state().doc.text().replace("All Flowerbedsofthewestgarden on Soil\n", "");
    h.state_mut().doc.set_text(fixed);
    h.state_mut().doc.finish_build();
    h.run_steps(3);
    assert!(!h.state().status.contains(&message), "status line: {:?}", h.state().status);
    assert!(!has_label(&h, &message), "the message is still shown");
}
/// Issue 31 item 9: at the default 1280x800 the debugger needed scrolling
/// and the player's toolbar jumped between one and two rows.
#[test]
fn the_debugger_and_the_players_toolbar_fit_1280_by_800() {
    let mut h = garden_with_breakpoint();
    h.state_mut().panels.code.breakpoints.clear();
    // The toolbar on one row on the title screen, on a message and on a level, with the
    // debugger shown and hidden.
    let row = |h: &Harness<'_, StudioApp>, label: &str| h.get_by_label(label).rect().center().y;
    for debugger in [false, true] {
        h.state_mut().queue(Command::TogglePanel(PanelId::Debugger));
        for entry in [None, Some(0), Some(LEVEL_1)] {
            match entry {
                None => h.get_by_label("Title").click(),
                Some(i) => h.state_mut().queue(Command::PlayLevel(i)),
            }
            h.run_steps(4);
            shot(&mut h, &format!("toolbar_{debugger}_{entry:?}"));
            for label in ["<", ">", "Restart", "Undo", "Title"] {
                assert!(
                    (row(&h, label) - row(&h, "Record GIF")).abs() < 2.0,
                    "{label} is on another row than Record GIF (entry {entry:?}, debugger {debugger})"
                );
            }
        }
    }

    // The debugger (shown again) fits its pane.
    h.state_mut().queue(Command::PlayLevel(LEVEL_1));
    h.run_steps(4);
    support::garden_level_1_but_the_last(&mut h);
    pass(&mut h, 0.5);
    shot(&mut h, "debugger_1280");
    let overflow = h.state().panels.debugger.overflow;
    assert!(overflow.x <= 0.5 && overflow.y <= 0.5, "the debugger's content is larger than its pane by {overflow:?}");
    // Paused at a breakpoint (a line more at the top): the level again,
    // down, right and the first push.
    h.state_mut().panels.code.breakpoints.insert(PUSH_LINE);
    h.state_mut().queue(Command::PlayLevel(LEVEL_1));
    pass(&mut h, 0.2);
    for key in [egui::Key::ArrowDown, egui::Key::ArrowRight, egui::Key::ArrowRight] {
        // On the clock `pass` keeps (the harness's own is behind it).
        let time = h.ctx.input(|i| i.time) + 0.3;
        h.input_mut().time = Some(time);
        h.key_press(key);
        pass(&mut h, 0.1);
    }
    assert!(h.state().panels.player.debug.paused.is_some(), "paused");
    shot(&mut h, "debugger_1280_paused");
    let overflow = h.state().panels.debugger.overflow;
    assert!(overflow.x <= 0.5 && overflow.y <= 0.5, "paused, the debugger is larger than its pane by {overflow:?}");
    // Its other parts, one at a time in this short pane, fit too.
    for part in ["Layers", "Rules"] {
        h.get_by_label(part).click();
        h.run_steps(3);
        shot(&mut h, &format!("debugger_1280_{part}"));
        let overflow = h.state().panels.debugger.overflow;
        assert!(overflow.x <= 0.5 && overflow.y <= 0.5, "{part}: larger than the pane by {overflow:?}");
    }
    assert!(!h.state().panels.debugger.table.is_empty(), "the rules table is drawn");
}
