//! The player panel driven through egui_kittest: timed turns with no input
//! events, keyboard focus after the level controls, the key hint beside
//! (not over) the board, and one numbering of levels.

use std::time::Duration;

use egui::accesskit::Role;
use egui_kittest::Harness;
use egui_kittest::kittest::Queryable as _;
use studio::app::Persisted;
use studio::layout::PanelId;
use studio::{Startup, StudioApp};

mod support;

/// The player alone in a window of `size`, on `startup`'s game.
fn player_alone(startup: Startup, size: [f32; 2]) -> Harness<'static, StudioApp> {
    let mut harness = support::harness(support::app(startup, Persisted::default()), size, false);
    harness.state_mut().doc.finish_build();
    support::solo(&mut harness, PanelId::Player);
    harness.run_steps(4);
    harness
}

/// Click the middle of the window, where the board is, to give it the keys.
fn click_board(harness: &mut Harness<'_, StudioApp>) {
    let size = harness.ctx.content_rect().size();
    let at = egui::pos2(size.x / 2.0, size.y * 0.6);
    support::press(harness, at, egui::PointerButton::Primary);
    support::release(harness, at, egui::PointerButton::Primary);
}

fn key(harness: &mut Harness<'_, StudioApp>, key: egui::Key) {
    harness.key_press(key);
    harness.run_steps(2);
}

fn dump(harness: &Harness<'_, StudioApp>) -> String {
    harness.state().panels.player.dump().unwrap_or_default()
}

/// Play the host's part with no input events: sleep until the repaint the
/// app asked for, no longer, until it asks for none (waiting for input).
/// Returns the delays asked for.
fn sleep_as_asked(harness: &mut Harness<'_, StudioApp>) -> Vec<Duration> {
    let mut time = harness.ctx.input(|i| i.time);
    let mut delays = Vec::new();
    for _ in 0..200 {
        let delay =
            harness.output().viewport_output.get(&egui::ViewportId::ROOT).map_or(Duration::MAX, |v| v.repaint_delay);
        if delay > Duration::from_secs(10) {
            break;
        }
        delays.push(delay);
        time += delay.as_secs_f64().max(0.001);
        harness.input_mut().time = Some(time);
        harness.step();
    }
    delays
}

/// A ball that rolls right with `again` turns until the wall stops it.
const ROLLING: &str = "title Rolling ball
again_interval 0.1

========
OBJECTS
========
Background
black
Wall
grey
Player
white
Ball
red

=======
LEGEND
=======
. = Background
# = Wall
P = Player
B = Ball

=======
SOUNDS
=======

================
COLLISIONLAYERS
================
Background
Player, Wall, Ball

======
RULES
======
right [ stationary Ball ] -> [ > Ball ] again

==============
WINCONDITIONS
==============
No Player

=======
LEVELS
=======
##########
#P.B.....#
##########
";

/// Issue 11, item 3: an `again` chain used to stop after one turn until
/// the mouse moved, because the panel asked for no repaint once a turn
/// had run. Here time moves on only as far as the panel asks for a
/// repaint, with no input events at all: the chain must still finish.
#[test]
fn an_again_chain_finishes_with_no_input_events() {
    let dir = std::env::temp_dir().join(format!("puzzlewright-again-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let path = dir.join("rolling.txt");
    std::fs::write(&path, ROLLING).expect("write the game");
    let mut harness = player_alone(Startup::File(path), [800.0, 500.0]);
    click_board(&mut harness);
    assert!(harness.state().panels.player.on_title());
    key(&mut harness, egui::Key::X);
    assert!(!harness.state().panels.player.on_title());

    // What a bare session reaches once every again turn has run.
    let game = engine::build(ROLLING).game.expect("compiles");
    let mut session = engine::run::Session::new(game, 0, None);
    session.input(engine::run::Input::Up);
    while session.again_pending() {
        session.run_again();
    }
    let settled = session.dump();

    harness.key_press(egui::Key::ArrowUp);
    harness.step();
    assert_ne!(dump(&harness), settled, "the chain takes several timed turns");
    let delays = sleep_as_asked(&mut harness);
    assert_eq!(dump(&harness), settled, "the chain ran to its end; repaints asked for: {delays:?}");
    let near_interval = delays.iter().filter(|d| (0.05..=0.1).contains(&d.as_secs_f64())).count();
    assert!(near_interval >= 3, "a repaint asked for about one again interval ahead: {delays:?}");
}

/// Issue 11, item 9: the level buttons and the level picker leave the
/// keys with the board.
#[test]
fn the_board_keeps_the_keys_after_the_level_buttons_and_the_picker() {
    let mut harness = player_alone(Startup::Example(0), [900.0, 600.0]);
    click_board(&mut harness);
    key(&mut harness, egui::Key::X); // start: the first entry is a message
    harness.get_by_label(">").click();
    harness.run_steps(3);
    assert_eq!(harness.state().panels.player.level(), 1);
    let before = dump(&harness);
    key(&mut harness, egui::Key::ArrowDown);
    assert_ne!(dump(&harness), before, "the arrow moved the gardener after >");

    harness.get_by_role(Role::ComboBox).click();
    harness.run_steps(2);
    harness.get_by_label("Level 2").click();
    harness.run_steps(3);
    assert_eq!(harness.state().panels.player.level(), 2);
    let before = dump(&harness);
    key(&mut harness, egui::Key::ArrowUp);
    assert_ne!(dump(&harness), before, "the arrow moved the gardener after the picker");

    harness.get_by_label("<").click();
    harness.run_steps(3);
    let before = dump(&harness);
    key(&mut harness, egui::Key::ArrowDown);
    assert_ne!(dump(&harness), before, "and after <");
}

/// Issue 11, item 9: the key hint is drawn under the board, not over its
/// bottom row, also when the board fills the panel's height.
#[test]
fn the_key_hint_is_not_drawn_over_the_board() {
    for size in [[1000.0, 300.0], [500.0, 700.0]] {
        let mut harness = player_alone(Startup::Example(0), size);
        click_board(&mut harness);
        key(&mut harness, egui::Key::X);
        harness.state_mut().panels.player.select_level(1);
        harness.run_steps(3);
        let player = &harness.state().panels.player;
        let board = player.board_rect().expect("a board was drawn");
        let hint = player.hint_rect().expect("a hint was drawn");
        assert!(hint.top() >= board.bottom(), "{size:?}: the hint {hint:?} overlaps the board {board:?}");
        assert!(board.height() >= 50.0, "{size:?}: the board still gets the room: {board:?}");
    }
}

/// Issue 11, item 10: levels are counted among maps only, everywhere: the
/// title's "continue" and the picker, which names a message as a message
/// and shows the title screen as such.
#[test]
fn levels_are_numbered_among_maps_on_the_title_and_in_the_picker() {
    let mut harness = player_alone(Startup::Example(0), [900.0, 600.0]);
    click_board(&mut harness);
    let picker = |h: &Harness<'_, StudioApp>| h.get_by_role(Role::ComboBox).value().unwrap_or_default();
    assert_eq!(picker(&harness), "Title screen", "the picker on the title screen");
    key(&mut harness, egui::Key::X);
    assert_eq!(harness.state().panels.player.level(), 0);
    assert_eq!(picker(&harness), "Message before level 1");
    // Entry 2 is the second map: "Level 2", though the third entry.
    harness.state_mut().panels.player.select_level(2);
    harness.run_steps(3);
    assert_eq!(picker(&harness), "Level 2");
    key(&mut harness, egui::Key::Escape);
    assert!(harness.state().panels.player.on_title());
    harness.get_by_label("Continue from level 2").click();
    harness.run_steps(3);
    assert_eq!(harness.state().panels.player.level(), 2);
}

/// A won level stays on screen for the pause, then the next entry shows
/// with no input events, and the picker follows it.
#[test]
fn after_a_win_the_next_level_comes_on_its_own_and_the_picker_follows() {
    let mut harness = player_alone(Startup::Example(0), [900.0, 600.0]);
    click_board(&mut harness);
    harness.state_mut().panels.player.select_level(1);
    harness.run_steps(3);
    let picker = |h: &Harness<'_, StudioApp>| h.get_by_role(Role::ComboBox).value().unwrap_or_default();
    assert_eq!(picker(&harness), "Level 1");
    let last = support::garden_level_1_but_the_last(&mut harness);
    assert_eq!(harness.state().panels.player.level(), 1, "six moves do not win");
    harness.key_press(last);
    harness.step();
    assert_eq!(harness.state().panels.player.level(), 1, "the level won stays for a moment");
    let delays = sleep_as_asked(&mut harness);
    assert_eq!(harness.state().panels.player.level(), 2, "then the next one, with no input: {delays:?}");
    assert_eq!(picker(&harness), "Level 2");
}

/// Two rules of one group that undo each other forever: the engine stops
/// the group after 200 passes, as the reference does.
const RESTLESS: &str = "title Restless

========
OBJECTS
========
Background
black
Player
white
Red
red
Blue
blue

=======
LEGEND
=======
. = Background
P = Player
r = Red

======
SOUNDS
======

================
COLLISIONLAYERS
================
Background
Player
Red, Blue

======
RULES
======
[ > Player ] [ Red ] -> [ > Player ] [ Blue ]
+ [ > Player ] [ Blue ] -> [ > Player ] [ Red ]

==============
WINCONDITIONS
==============

=======
LEVELS
=======
P.r
";

/// Issue 11, item 7: a rule group cut short by the engine's pass cap is
/// not silent: the player says so with the rule's line, and the studio
/// keeps the problem for the Problems panel.
#[test]
fn a_rule_group_cut_short_is_reported_with_its_line() {
    let dir = std::env::temp_dir().join(format!("puzzlewright-cap-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let path = dir.join("restless.txt");
    std::fs::write(&path, RESTLESS).expect("write the game");
    let mut harness = player_alone(Startup::File(path), [800.0, 500.0]);
    click_board(&mut harness);
    key(&mut harness, egui::Key::X);
    assert!(harness.state().panels.player.runtime_problems().is_empty(), "nothing hit yet");
    key(&mut harness, egui::Key::ArrowRight);
    let problems = harness.state().panels.player.runtime_problems().to_vec();
    assert_eq!(problems, vec![(engine::run::Limit::GroupPasses, 36)], "the group starting on line 36");
    let note = format!("Line 36: {}", engine::run::Limit::GroupPasses.describe());
    assert!(harness.query_by_label(&note).is_some(), "the player shows the note");
}

/// Issue 11, item 7 (Problems half): the bound hit while playing is listed
/// in Problems in its own group with its line; clicking it selects that
/// line in the code; restarting the level keeps it, an edit of the text
/// forgets it.
#[test]
fn a_rule_group_cut_short_is_listed_in_problems_and_jumps_to_its_line() {
    let dir = std::env::temp_dir().join(format!("puzzlewright-cap-problems-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let path = dir.join("restless.txt");
    std::fs::write(&path, RESTLESS).expect("write the game");
    let mut harness = player_alone(Startup::File(path), [900.0, 600.0]);
    click_board(&mut harness);
    key(&mut harness, egui::Key::X);
    let row = format!("line 36: {}", engine::run::Limit::GroupPasses.describe());
    assert!(harness.state().doc.runtime_problems().is_empty(), "nothing hit yet");
    key(&mut harness, egui::Key::ArrowRight);
    harness.run_steps(2);
    assert_eq!(
        harness.state().doc.runtime_problems(),
        &[studio::document::RuntimeProblem { limit: engine::run::Limit::GroupPasses, line: 36 }]
    );
    // Restarting the level keeps it: the rules did not change.
    harness.state_mut().panels.player.restart();
    harness.run_steps(2);
    assert_eq!(harness.state().doc.runtime_problems().len(), 1, "kept over a restart");

    // Problems beside the code: the row is there, in its group.
    harness.state_mut().tree = studio::layout::default_tree();
    harness.run_steps(3);
    assert!(harness.query_by_label("While playing").is_some(), "the runtime group");
    assert!(harness.query_by_label_contains("Problems (1)").is_some(), "counted in the tab");
    harness.get_by_label_contains(&row).click();
    harness.run_steps(3);
    let text = harness.state().doc.text().to_owned();
    let selected = studio::panels::code::selection(&harness.ctx, &text).expect("a selection in the code");
    let line_36 = text.lines().nth(35).expect("line 36");
    assert_eq!(&text[selected], line_36, "the rule's line is selected");
    assert!(line_36.starts_with("[ > Player ] [ Red ]"), "the group's first rule: {line_36}");

    // Editing the text forgets it.
    let edited = format!("{text}\n");
    harness.state_mut().doc.set_text(edited);
    harness.state_mut().doc.finish_build();
    harness.run_steps(3);
    assert!(harness.query_by_label_contains(&row).is_none(), "gone from Problems after an edit");
    assert!(harness.state().doc.runtime_problems().is_empty());
}

/// A flag saves a checkpoint when the player steps on it.
const FLAGS: &str = "title Flags\n\nOBJECTS\nBackground\nblack\nPlayer\nwhite\nFlag\nyellow\nWall\ngrey\n\n\
LEGEND\n. = Background\nP = Player\nF = Flag\n# = Wall\n\nSOUNDS\n\nCOLLISIONLAYERS\nBackground\nFlag\nPlayer, Wall\n\n\
RULES\nlate [ Player Flag ] -> [ Player ] checkpoint\n\nWINCONDITIONS\n\nLEVELS\n#######\n#PF...#\n#######\n";

/// Issue 14: a checkpoint reached is kept with the progress between runs
/// of the studio, and "Continue" on the title screen resumes from it.
#[test]
fn a_checkpoint_is_kept_between_runs_and_continued_from() {
    let dir = std::env::temp_dir().join(format!("puzzlewright-checkpoint-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let path = dir.join("flags.txt");
    std::fs::write(&path, FLAGS).expect("write the game");
    let mut harness = player_alone(Startup::File(path.clone()), [800.0, 500.0]);
    click_board(&mut harness);
    key(&mut harness, egui::Key::X);
    let start = dump(&harness);
    key(&mut harness, egui::Key::ArrowRight);
    key(&mut harness, egui::Key::ArrowRight);
    let moved = dump(&harness);
    // Restart goes back to the checkpoint, not to the level's start.
    harness.state_mut().panels.player.restart();
    harness.run_steps(2);
    let at_flag = dump(&harness);
    assert_ne!(at_flag, start, "the flag saved a checkpoint");
    assert_ne!(at_flag, moved);
    assert!(!at_flag.contains("flag"), "taken at the flag: {at_flag}");
    // What the studio writes to its settings, read back by the next run.
    let json = serde_json::to_string(&harness.state().persisted()).expect("serialize");
    let persisted: Persisted = serde_json::from_str(&json).expect("deserialize");
    assert_eq!(persisted.checkpoints.len(), 1, "the checkpoint is persisted");

    let mut next = support::harness(support::app(Startup::File(path), persisted), [800.0, 500.0], false);
    next.state_mut().doc.finish_build();
    support::solo(&mut next, PanelId::Player);
    next.run_steps(4);
    assert!(next.query_by_label_contains("Continue").is_some(), "offers to continue");
    // Give the board the keys away from the title's buttons, then take the
    // highlighted choice with X.
    next.ctx.memory_mut(|m| m.request_focus(egui::Id::unique(studio::panels::player::BOARD_ID)));
    next.run_steps(2);
    assert!(next.state().panels.player.on_title(), "still on the title screen");
    key(&mut next, egui::Key::X);
    assert_eq!(dump(&next), at_flag, "continued from the checkpoint");
}

/// Three levels, a message before the first and before the third.
const TOUR: &str = "title Level tour\nauthor Tester\n\n\
    OBJECTS\nBackground\ngreen\nPlayer\nwhite\nGoal\nyellow\n\n\
    LEGEND\n. = Background\nP = Player\nG = Goal\n\nSOUNDS\n\nCOLLISIONLAYERS\nBackground\nGoal\nPlayer\n\n\
    RULES\n\nWINCONDITIONS\nall Player on Goal\n\n\
    LEVELS\nmessage Welcome to the tour\n\nP.G\n\nP..G\n\nmessage Last stop\n\nG.P\n";

/// Issue 32 item 5: the level select of engine::play in the docked player
/// (and so in the native window, which is this panel): the levels reached,
/// "Level N" with their first message as a caption; a click plays one from
/// that message; the levels reached are kept between runs.
#[test]
fn the_level_select_offers_the_levels_reached_and_plays_the_one_clicked() {
    // A fixed path: the status line shows it in the snapshot.
    let dir = std::env::temp_dir().join("puzzlewright-level-select");
    std::fs::create_dir_all(&dir).expect("temp dir");
    let path = dir.join("tour.txt");
    std::fs::write(&path, TOUR).expect("write the game");
    // Played before up to the message before level 3.
    let mut persisted = Persisted::default();
    persisted.progress.insert("level tour".to_owned(), 3);
    let progress = engine::play::Progress { entry: 3, reached: 3, checkpoint: None };
    persisted.checkpoints.insert("level tour".to_owned(), progress.to_text());
    let mut harness = support::harness(support::app(Startup::File(path), persisted), [700.0, 520.0], false);
    harness.state_mut().doc.finish_build();
    support::solo(&mut harness, PanelId::Player);
    harness.run_steps(4);
    assert!(harness.query_by_label_contains("Continue from level 3").is_some(), "continue");
    harness.get_by_label("Select a level").click();
    harness.run_steps(4);
    assert!(harness.query_by_label("Level 1: Welcome to the tour").is_some(), "level 1 with its message");
    assert!(harness.query_by_label("Level 2").is_some(), "level 2 has no message before it");
    assert!(harness.query_by_label("Level 3: Last stop").is_some(), "level 3 with its message");
    assert!(harness.query_by_label("Back to the title screen").is_some());
    support::snapshot(&mut harness, "player_level_select");
    harness.get_by_label("Level 2").click();
    harness.run_steps(4);
    assert!(!harness.state().panels.player.on_title());
    let game = engine::build(TOUR).game.expect("compiles");
    let want = engine::run::Session::new(game, 2, None).dump();
    assert_eq!(dump(&harness), want, "level 2 (entry 2) from its start");
    // What the studio keeps: the levels reached, read back by the next run.
    let json = serde_json::to_string(&harness.state().persisted()).expect("serialize");
    let persisted: Persisted = serde_json::from_str(&json).expect("deserialize");
    let kept = engine::play::Progress::from_text(&persisted.checkpoints["level tour"]).expect("a progress text");
    assert_eq!(kept.reached, 3);
}

/// PuzzleScript Next's `enable_pause`: Escape stops the level behind a
/// menu, drawn by the docked player (and so the native window) from
/// `engine::play`'s pause screen; Resume returns to the level as it was,
/// "Back to the title screen" leaves.
#[test]
fn escape_opens_the_pause_menu_of_a_game_with_enable_pause() {
    let src = TOUR
        .replace("title Level tour\n", "title Pause tour\nenable_pause\n")
        .replace("LEVELS\nmessage Welcome to the tour\n\nP.G\n", "LEVELS\nlevel The First Stop\nP..G\n");
    let dir = std::env::temp_dir().join("puzzlewright-pause");
    std::fs::create_dir_all(&dir).expect("temp dir");
    let path = dir.join("pause.txt");
    std::fs::write(&path, &src).expect("write the game");
    let mut harness = player_alone(Startup::File(path), [700.0, 520.0]);
    harness.get_by_label("Start a new game").click();
    harness.run_steps(4);
    click_board(&mut harness);
    key(&mut harness, egui::Key::ArrowRight);
    let moved = dump(&harness);
    assert!(!moved.is_empty(), "a level is played");
    key(&mut harness, egui::Key::Escape);
    assert!(harness.query_by_label("Paused").is_some(), "the menu's heading");
    assert!(harness.query_by_label("The First Stop").is_some(), "the level's name");
    assert!(harness.query_by_label("Restart the level").is_some());
    assert!(!harness.state().panels.player.on_title());
    support::snapshot(&mut harness, "player_pause");
    harness.get_by_label("Resume").click();
    harness.run_steps(4);
    assert!(harness.query_by_label("Paused").is_none());
    assert_eq!(dump(&harness), moved, "the level as it was");
    click_board(&mut harness);
    key(&mut harness, egui::Key::Escape);
    harness.get_by_label("Back to the title screen").click();
    harness.run_steps(4);
    assert!(harness.state().panels.player.on_title());
}
