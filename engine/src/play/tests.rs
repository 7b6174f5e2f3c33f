//! The flow driven through its public calls with made-up times, the way a
//! host would: keys, `advance` at the moments `next_event` names, and the
//! screens, sounds and progress that come out.

use super::*;

mod level_select;
mod pause;

fn ms(n: u64) -> Duration {
    Duration::from_millis(n)
}

/// Build `src`, which must compile without errors.
fn game(src: &str) -> Arc<Game> {
    let build = crate::build(src);
    let errors: Vec<String> = build.diagnostics.iter().filter(|d| d.is_error()).map(|d| d.message.clone()).collect();
    assert!(errors.is_empty(), "{errors:?}");
    build.game.expect("the test game compiles")
}

/// A two-level push-the-crate game with a message before each level and
/// a sound for every flow event (seed = 1000 + a number per event).
fn sokoban(prelude: &str, levels: &str) -> Arc<Game> {
    game(&format!(
        "title Crates\nauthor Tester\n{prelude}\n
========
OBJECTS
========
Background
black
Wall
grey
Player
white
Crate
orange
Target
red
Flag
blue

=======
LEGEND
=======
. = Background
# = Wall
P = Player
* = Crate
O = Target
F = Flag

=======
SOUNDS
=======
titlescreen 1001
startgame 1002
startlevel 1003
endlevel 1004
endgame 1005
showmessage 1006
closemessage 1007
undo 1008
restart 1009

================
COLLISIONLAYERS
================
Background
Target, Flag
Player, Wall, Crate

======
RULES
======
[ > Player | Crate ] -> [ > Player | > Crate ]
[ > Player | Flag ] -> [ > Player | ] checkpoint

==============
WINCONDITIONS
==============
All Crate on Target

=======
LEVELS
=======
{levels}
"
    ))
}

const TWO_LEVELS: &str = "message Hello

#####
#P*O#
#####

message Middle

######
#P.*O#
#....#
######
";

/// The event names of the sounds in `outputs`.
fn sounds(outputs: &[Output]) -> Vec<String> {
    outputs
        .iter()
        .filter_map(|o| match o {
            Output::Sound { event, seed } => Some(event.map_or_else(|| seed.to_string(), |e| e.to_string())),
            Output::Progress(_) | Output::LimitHit { .. } | Output::Clicked(_) | Output::Log { .. } => None,
        })
        .collect()
}

fn last_progress(outputs: &[Output]) -> Option<Progress> {
    outputs.iter().rev().find_map(|o| match o {
        Output::Progress(p) => Some(p.clone()),
        Output::Sound { .. } | Output::LimitHit { .. } | Output::Clicked(_) | Output::Log { .. } => None,
    })
}

/// Press and release `control` at `t`.
fn tap(play: &mut Play, control: Control, t: Duration) {
    play.press(control, t);
    play.release(control, t);
}

fn message(play: &Play) -> Option<String> {
    match play.screen() {
        Screen::Message(text, _) => Some(text.to_owned()),
        _ => None,
    }
}

fn dump(play: &Play) -> String {
    play.session().map(Session::dump).unwrap_or_default()
}

#[test]
fn title_start_move_win_pause_message_next_level_and_the_end() {
    let g = sokoban("", TWO_LEVELS);
    let mut play = Play::new(g, Progress::default(), ms(0));
    assert!(play.on_title());
    let Screen::Title { choices, selected } = play.screen() else { panic!("a title screen") };
    assert_eq!((choices, selected), (&[TitleChoice::NewGame][..], 0), "nothing to continue yet");
    assert_eq!(sounds(&play.take_outputs()), ["titlescreen"]);
    assert_eq!(play.next_event(), None, "nothing timed on the title screen");

    // Action starts the game: the first entry is a message.
    tap(&mut play, Control::Action, ms(10));
    assert_eq!(message(&play).as_deref(), Some("Hello"));
    let out = play.take_outputs();
    assert_eq!(sounds(&out), ["startgame", "showmessage"]);
    assert_eq!(last_progress(&out), Some(Progress { entry: 0, reached: 0, checkpoint: None }));
    // Moving does nothing while a message is shown; action dismisses it.
    tap(&mut play, Control::Right, ms(20));
    assert_eq!(message(&play).as_deref(), Some("Hello"));
    tap(&mut play, Control::Action, ms(30));
    assert!(matches!(play.screen(), Screen::Level(_)));
    assert_eq!(play.entry(), 1);
    let out = play.take_outputs();
    assert_eq!(sounds(&out), ["closemessage", "startlevel"]);
    assert_eq!(last_progress(&out), Some(Progress { entry: 1, reached: 1, checkpoint: None }));

    // One push wins: the won board stays for the pause, with the
    // end-of-level sound now and the next entry's after it.
    tap(&mut play, Control::Right, ms(100));
    let Screen::LevelWon(board, _) = play.screen() else { panic!("the won level shows") };
    assert_eq!((board.width, board.height), (5, 3));
    assert_eq!(play.entry(), 1, "still the level won");
    assert_eq!(sounds(&play.take_outputs()), ["endlevel"]);
    assert_eq!(play.next_event(), Some(ms(100) + WIN_PAUSE));
    tap(&mut play, Control::Action, ms(200));
    assert!(matches!(play.screen(), Screen::LevelWon(..)), "keys wait during the pause");
    play.advance(ms(599));
    assert!(matches!(play.screen(), Screen::LevelWon(..)));
    play.advance(ms(600));
    assert_eq!(message(&play).as_deref(), Some("Middle"));
    assert_eq!(play.entry(), 2);
    let out = play.take_outputs();
    assert_eq!(sounds(&out), ["showmessage"]);
    assert_eq!(last_progress(&out), Some(Progress { entry: 2, reached: 2, checkpoint: None }));

    // The last level: won, paused, then the end of the game.
    tap(&mut play, Control::Action, ms(700));
    assert_eq!(play.entry(), 3);
    play.take_outputs();
    tap(&mut play, Control::Right, ms(800));
    tap(&mut play, Control::Right, ms(900));
    assert!(matches!(play.screen(), Screen::LevelWon(..)));
    play.advance(play.next_event().expect("the pause ends"));
    assert!(matches!(play.screen(), Screen::GameOver));
    let out = play.take_outputs();
    assert_eq!(sounds(&out), ["endlevel", "endgame"]);
    assert_eq!(
        last_progress(&out),
        Some(Progress { reached: 4, ..Progress::default() }),
        "a finished game starts afresh, every level reached (past the last: its section is solved too)"
    );
    tap(&mut play, Control::Action, ms(2000));
    assert!(play.on_title());
    let Screen::Title { choices, .. } = play.screen() else { panic!("a title screen") };
    assert_eq!(choices, &[TitleChoice::LevelSelect, TitleChoice::NewGame][..], "nothing to continue");
}

#[test]
fn continue_from_progress_names_the_level_among_maps_only() {
    let g = sokoban("", TWO_LEVELS);
    // Entry 3 is the second map: "level 2", though it is the fourth entry.
    let mut play = Play::new(g.clone(), Progress { entry: 3, reached: 3, checkpoint: None }, ms(0));
    let Screen::Title { choices, selected } = play.screen() else { panic!("a title screen") };
    assert_eq!(choices[0], TitleChoice::Continue { entry: 3, level: Some(2) });
    assert_eq!(choices[0].label(), "Continue from level 2");
    assert_eq!(choices[1], TitleChoice::LevelSelect, "two levels reached");
    assert_eq!(choices[2], TitleChoice::NewGame);
    assert_eq!(selected, 0, "continuing is the choice the action key takes");
    tap(&mut play, Control::Action, ms(10));
    assert_eq!(play.entry(), 3);
    assert!(matches!(play.screen(), Screen::Level(_)));

    // Saved at a message: continuing shows it, and names the level after it.
    let mut play = Play::new(g.clone(), Progress { entry: 2, reached: 2, checkpoint: None }, ms(0));
    let Screen::Title { choices, .. } = play.screen() else { panic!("a title screen") };
    assert_eq!(choices[0].label(), "Continue from level 2");
    tap(&mut play, Control::Action, ms(10));
    assert_eq!(message(&play).as_deref(), Some("Middle"));

    // Down, down picks the new game.
    let mut play = Play::new(g.clone(), Progress { entry: 3, reached: 3, checkpoint: None }, ms(0));
    tap(&mut play, Control::Down, ms(5));
    tap(&mut play, Control::Down, ms(6));
    tap(&mut play, Control::Down, ms(7));
    let Screen::Title { selected, .. } = play.screen() else { panic!("a title screen") };
    assert_eq!(selected, 2, "the last choice, and no further");
    tap(&mut play, Control::Action, ms(10));
    assert_eq!(play.entry(), 0);
    assert_eq!(
        play.progress(),
        &Progress { entry: 0, reached: 3, checkpoint: None },
        "a new game keeps the levels reached"
    );

    // Progress past the end of an edited game is not offered.
    let play = Play::new(g, Progress { entry: 40, reached: 0, checkpoint: None }, ms(0));
    let Screen::Title { choices, .. } = play.screen() else { panic!("a title screen") };
    assert_eq!(choices, &[TitleChoice::NewGame][..]);
}

#[test]
fn undo_and_restart_and_their_prelude_switches() {
    let level = "#######\n#P.*.O#\n#######\n";
    let g = sokoban("", level);
    let mut play = Play::at_entry(g, Progress::default(), 0, ms(0));
    let start = dump(&play);
    tap(&mut play, Control::Right, ms(10));
    let moved = dump(&play);
    assert_ne!(moved, start);
    play.take_outputs();
    tap(&mut play, Control::Undo, ms(20));
    assert_eq!(dump(&play), start, "undo");
    assert_eq!(sounds(&play.take_outputs()), ["undo"]);
    tap(&mut play, Control::Right, ms(30));
    tap(&mut play, Control::Restart, ms(40));
    assert_eq!(dump(&play), start, "restart");

    let g = sokoban("noundo\nnorestart", level);
    let mut play = Play::at_entry(g, Progress::default(), 0, ms(0));
    tap(&mut play, Control::Right, ms(10));
    let moved = dump(&play);
    play.take_outputs();
    tap(&mut play, Control::Undo, ms(20));
    tap(&mut play, Control::Restart, ms(30));
    assert_eq!(dump(&play), moved, "noundo and norestart");
    assert!(sounds(&play.take_outputs()).is_empty());
}

#[test]
fn noaction_ignores_the_action_key_in_levels_but_not_on_messages() {
    let g = sokoban("noaction", "message Go\n\n#####\n#P*O#\n#####\n");
    let mut play = Play::at_entry(g, Progress::default(), 0, ms(0));
    tap(&mut play, Control::Action, ms(10));
    assert_eq!(play.entry(), 1, "the action key still closes messages");
    let before = dump(&play);
    play.take_outputs();
    tap(&mut play, Control::Action, ms(20));
    assert_eq!(dump(&play), before);
    assert!(play.take_outputs().is_empty(), "no turn was run");
}

/// A ball rolls right on every turn it can: a chain of `again` turns.
fn rolling(prelude: &str) -> Arc<Game> {
    game(&format!(
        "title Roll\n{prelude}\n
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
########
#P.B...#
########
"
    ))
}

/// The column of the ball.
fn ball_x(play: &Play) -> Option<usize> {
    let session = play.session()?;
    let ball = session.game().objects.iter().position(|o| o.name == "ball")?;
    let (w, h) = session.size();
    (0..w).find(|&x| (0..h).any(|y| session.objects_at(x, y).contains(&ball)))
}

#[test]
fn again_turns_run_when_next_event_says_and_block_moves_meanwhile() {
    let g = rolling("again_interval 0.1\nnoundo");
    let mut play = Play::at_entry(g, Progress::default(), 0, ms(0));
    assert_eq!(ball_x(&play), Some(3));
    tap(&mut play, Control::Action, ms(1000));
    assert_eq!(ball_x(&play), Some(4));
    assert_eq!(play.next_event(), Some(ms(1100)), "the again turn is due one again_interval later");
    // Keys wait while an again turn is pending.
    let before = dump(&play);
    tap(&mut play, Control::Right, ms(1050));
    assert_eq!(dump(&play), before);
    play.advance(ms(1099));
    assert_eq!(ball_x(&play), Some(4), "not yet");
    // A host that wakes exactly when asked sees the chain through.
    let mut wakes = Vec::new();
    while let Some(t) = play.next_event() {
        assert!(wakes.len() < 10, "the chain ends");
        wakes.push(t);
        play.advance(t);
    }
    assert_eq!(wakes, [ms(1100), ms(1200)]);
    assert_eq!(ball_x(&play), Some(6), "stopped by the wall");
    // Moves are taken again.
    tap(&mut play, Control::Right, ms(1300));
    assert_ne!(dump(&play), before);
}

#[test]
fn realtime_ticks_come_at_the_interval_while_a_level_is_played() {
    let g = game(
        "title Tick\nrealtime_interval 0.25\n
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
right [ stationary Ball ] -> [ > Ball ]

==============
WINCONDITIONS
==============
No Player

=======
LEVELS
=======
message Tick tock

#########
#P.B....#
#########
",
    );
    let mut play = Play::at_entry(g, Progress::default(), 0, ms(0));
    assert_eq!(play.next_event(), None, "no ticks while a message is shown");
    tap(&mut play, Control::Action, ms(100));
    assert_eq!(play.next_event(), Some(ms(350)));
    play.advance(ms(349));
    assert_eq!(ball_x(&play), Some(3));
    play.advance(ms(350));
    assert_eq!(ball_x(&play), Some(4));
    assert_eq!(play.next_event(), Some(ms(600)));
    // A player's move does not reset the count.
    tap(&mut play, Control::Up, ms(500));
    assert_eq!(ball_x(&play), Some(5), "the move is a turn too");
    assert_eq!(play.next_event(), Some(ms(600)));
    play.advance(ms(600));
    assert_eq!(ball_x(&play), Some(6));
    // Back on the title screen nothing ticks.
    tap(&mut play, Control::Title, ms(700));
    assert!(play.on_title());
    assert_eq!(play.next_event(), None);
}

#[test]
fn held_keys_repeat_on_the_interval_and_throttle_movement_limits_taps() {
    let level = "###########\n#P.....*.O#\n###########\n";
    let g = sokoban("key_repeat_interval 0.2", level);
    let mut play = Play::at_entry(g, Progress::default(), 0, ms(0));
    let player_x = |play: &Play| {
        let session = play.session().expect("a level");
        crate::render::player_position_in(session.game(), &session.board_grid()?).map(|p| p.0)
    };
    play.press(Control::Right, ms(0));
    assert_eq!(player_x(&play), Some(2));
    assert_eq!(play.next_event(), Some(ms(200)));
    play.advance(ms(200));
    assert_eq!(player_x(&play), Some(3));
    play.advance(ms(400));
    assert_eq!(player_x(&play), Some(4));
    play.release(Control::Right, ms(450));
    assert_eq!(play.next_event(), None);
    play.advance(ms(600));
    assert_eq!(player_x(&play), Some(4), "no repeat once released");

    let g = sokoban("key_repeat_interval 0.2\nthrottle_movement", level);
    let mut play = Play::at_entry(g, Progress::default(), 0, ms(0));
    tap(&mut play, Control::Right, ms(0));
    tap(&mut play, Control::Right, ms(100));
    assert_eq!(player_x(&play), Some(2), "the same move again too soon");
    tap(&mut play, Control::Right, ms(200));
    assert_eq!(player_x(&play), Some(3));
    tap(&mut play, Control::Left, ms(250));
    assert_eq!(player_x(&play), Some(2), "another direction is not held back");
}

/// A coin that says something when taken; taking every coin wins.
fn coins(extra_rules: &str) -> Arc<Game> {
    game(&format!(
        "title Coins\n
========
OBJECTS
========
Background
black
Wall
grey
Player
white
Coin
yellow

=======
LEGEND
=======
. = Background
# = Wall
P = Player
C = Coin

=======
SOUNDS
=======
showmessage 2001
closemessage 2002
endlevel 2003
startlevel 2004

================
COLLISIONLAYERS
================
Background
Player, Wall, Coin

======
RULES
======
[ > Player | Coin ] -> [ > Player | ] message A coin!
{extra_rules}

==============
WINCONDITIONS
==============
No Coin

=======
LEVELS
=======
#######
#PC..C#
#######

#####
#PC.#
#####
"
    ))
}

#[test]
fn a_rules_message_waits_for_the_action_key_and_a_win_waits_behind_it() {
    let mut play = Play::at_entry(coins(""), Progress::default(), 0, ms(0));
    play.take_outputs();
    tap(&mut play, Control::Right, ms(10));
    assert_eq!(message(&play).as_deref(), Some("A coin!"));
    assert_eq!(sounds(&play.take_outputs()), ["showmessage"]);
    let shown = dump(&play);
    tap(&mut play, Control::Right, ms(20));
    tap(&mut play, Control::Undo, ms(30));
    assert_eq!(dump(&play), shown, "no turns while the message is up");
    tap(&mut play, Control::Action, ms(40));
    assert!(matches!(play.screen(), Screen::Level(_)));
    assert_eq!(sounds(&play.take_outputs()), ["closemessage"]);

    // The last coin wins, but the message comes first; then the pause.
    for t in [50, 60, 70] {
        tap(&mut play, Control::Right, ms(t));
    }
    assert_eq!(message(&play).as_deref(), Some("A coin!"));
    assert_eq!(play.entry(), 0);
    assert_eq!(sounds(&play.take_outputs()), ["showmessage"], "the win is not heard yet");
    assert_eq!(play.next_event(), None);
    tap(&mut play, Control::Action, ms(100));
    assert!(matches!(play.screen(), Screen::LevelWon(..)));
    assert_eq!(sounds(&play.take_outputs()), ["closemessage", "endlevel"]);
    play.advance(ms(100) + WIN_PAUSE);
    assert_eq!(play.entry(), 1);
    assert!(matches!(play.screen(), Screen::Level(_)));
    assert_eq!(sounds(&play.take_outputs()), ["startlevel"]);
}

#[test]
fn a_checkpoint_is_kept_in_the_progress_and_continuing_resumes_it() {
    let g = sokoban("", "message Start\n\n#########\n#P.F..*O#\n#########\n");
    let mut play = Play::at_entry(g.clone(), Progress::default(), 1, ms(0));
    tap(&mut play, Control::Right, ms(10));
    tap(&mut play, Control::Right, ms(20));
    let at_flag = dump(&play);
    let saved = play.progress().clone();
    assert_eq!(saved.entry, 1);
    let checkpoint = saved.checkpoint.clone().expect("the flag saved a checkpoint");
    assert_eq!((checkpoint.width, checkpoint.height), (9, 3));
    assert!(last_progress(&play.take_outputs()).is_some_and(|p| p == saved), "handed to the host");
    tap(&mut play, Control::Right, ms(30));
    tap(&mut play, Control::Restart, ms(40));
    assert_eq!(dump(&play), at_flag, "restart goes back to the checkpoint");

    // A later run continues from it, through the text form.
    let kept = Progress::from_text(&saved.to_text()).expect("the text form reads back");
    let mut play = Play::new(g, kept, ms(0));
    let Screen::Title { choices, .. } = play.screen() else { panic!("a title screen") };
    assert_eq!(choices[0].label(), "Continue from level 1");
    tap(&mut play, Control::Action, ms(10));
    assert_eq!(dump(&play), at_flag, "resumed at the checkpoint");
    assert_eq!(play.progress(), &saved, "and still kept");
}

#[test]
fn escape_returns_to_the_title_which_offers_to_continue() {
    let g = sokoban("", TWO_LEVELS);
    let mut play = Play::new(g, Progress::default(), ms(0));
    tap(&mut play, Control::Action, ms(10));
    tap(&mut play, Control::Action, ms(20));
    assert_eq!(play.entry(), 1);
    play.take_outputs();
    tap(&mut play, Control::Title, ms(30));
    assert!(play.on_title());
    assert!(play.session().is_none());
    assert_eq!(sounds(&play.take_outputs()), ["titlescreen"]);
    let Screen::Title { choices, .. } = play.screen() else { panic!("a title screen") };
    assert_eq!(choices[0], TitleChoice::Continue { entry: 1, level: Some(1) });
    play.choose(0, ms(40));
    assert_eq!(play.entry(), 1);
    assert!(matches!(play.screen(), Screen::Level(_)));
}

#[test]
fn a_rebuilt_game_keeps_the_level_and_the_board() {
    let src = |colour: &str| {
        format!(
            "title Keep\n\nOBJECTS\nBackground\nblack\nPlayer\n{colour}\n\nLEGEND\n. = Background\nP = Player\n\nSOUNDS\n\n\
             COLLISIONLAYERS\nBackground\nPlayer\n\nRULES\n\nWINCONDITIONS\n\nLEVELS\nmessage Hi\n\nP...\n....\n"
        )
    };
    let mut play = Play::at_entry(game(&src("white")), Progress::default(), 1, ms(0));
    tap(&mut play, Control::Right, ms(10));
    tap(&mut play, Control::Down, ms(20));
    let moved = dump(&play);
    play.take_outputs();
    play.replace_game(game(&src("red")), ms(30));
    assert_eq!(play.entry(), 1);
    assert_eq!(dump(&play), moved);
    assert!(play.take_outputs().is_empty(), "a rebuild is silent");
}

#[test]
fn the_same_calls_at_the_same_times_give_the_same_flow() {
    let run = || {
        let mut play = Play::new(rolling("again_interval 0.05"), Progress::default(), ms(0));
        let mut log = Vec::new();
        for (k, control) in [Control::Action, Control::Action, Control::Left, Control::Down].into_iter().enumerate() {
            tap(&mut play, control, ms(100 * k as u64));
            while let Some(t) = play.next_event() {
                play.advance(t);
            }
            log.push((dump(&play), play.take_outputs()));
        }
        log
    };
    assert_eq!(run(), run());
}

#[test]
fn replays_follow_the_sessions_own_flow() {
    // The same steps through a bare session and through a replay agree on
    // the board and the sounds, across a win.
    let g = coins("");
    let steps = [Step::Input(Input::Right), Step::Input(Input::Right), Step::Undo, Step::Input(Input::Right)];
    let mut session = Session::new(g.clone(), 0, Some("s"));
    let mut play = Play::replay(g, 0, Some("s"), ms(0));
    play.settle(ms(0));
    let mut want = Vec::new();
    let mut got = sounds(&play.take_outputs());
    for e in session.take_events() {
        if let Event::EventSound(event, _) = e {
            want.push(event.to_string());
        }
    }
    for step in steps.into_iter().chain([Step::Input(Input::Right); 2]) {
        step.apply(&mut session);
        for e in session.take_events() {
            if let Event::EventSound(event, _) = e {
                want.push(event.to_string());
            }
        }
        play.step(step, ms(0));
        play.settle(ms(0));
        got.extend(sounds(&play.take_outputs()));
        assert_eq!(dump(&play), session.dump());
    }
    assert_eq!(play.entry(), 1, "the coins were taken and the level won");
    assert_eq!(got, want);
}

#[test]
fn a_game_with_no_levels_stays_on_its_title_screen() {
    // An error for the studio, but a host may still be handed such a game
    // (what a build salvaged).
    let g = crate::build(
        "title Empty\n\nOBJECTS\nBackground\nblack\nPlayer\nwhite\n\nLEGEND\n. = Background\nP = Player\n\n\
         SOUNDS\n\nCOLLISIONLAYERS\nBackground\nPlayer\n\nRULES\n\nWINCONDITIONS\n\nLEVELS\n",
    )
    .salvaged
    .expect("something to play");
    assert!(g.levels.is_empty());
    for mut play in [
        Play::new(g.clone(), Progress { entry: 2, reached: 2, checkpoint: None }, ms(0)),
        Play::at_entry(g.clone(), Progress::default(), 3, ms(0)),
        Play::replay(g.clone(), 0, None, ms(0)),
    ] {
        tap(&mut play, Control::Action, ms(10));
        play.go_to_entry(0, ms(20));
        assert!(play.on_title());
        let Screen::Title { choices, .. } = play.screen() else { panic!("a title screen") };
        assert_eq!(choices, &[TitleChoice::NewGame][..]);
        assert!(play.session().is_none());
        assert_eq!(play.next_event(), None);
    }
}

#[test]
fn redo_brings_back_the_undone_turns_in_order() {
    let level = "#######\n#P.*.O#\n#######\n";
    let mut play = Play::at_entry(sokoban("", level), Progress::default(), 0, ms(0));
    assert!(!play.can_redo());
    tap(&mut play, Control::Right, ms(10));
    let one = dump(&play);
    tap(&mut play, Control::Right, ms(300));
    let two = dump(&play);
    assert_ne!(one, two);
    tap(&mut play, Control::Undo, ms(600));
    tap(&mut play, Control::Undo, ms(900));
    assert!(play.can_redo());
    assert!(play.redo(ms(1000)));
    assert_eq!(dump(&play), one, "first redo");
    assert!(play.redo(ms(1100)));
    assert_eq!(dump(&play), two, "second redo");
    assert!(!play.redo(ms(1200)), "nothing left to redo");
    // A new turn clears what could be redone.
    tap(&mut play, Control::Undo, ms(1300));
    tap(&mut play, Control::Left, ms(1600));
    assert!(!play.can_redo());
}

#[test]
fn set_trace_records_the_session_and_the_next_levels_until_stopped() {
    let level = "#######\n#P.*.O#\n#######\n";
    let mut play = Play::at_entry(sokoban("", level), Progress::default(), 0, ms(0));
    assert!(play.session().and_then(Session::trace).is_none(), "off by default");
    play.set_trace(Some(1 << 20));
    tap(&mut play, Control::Right, ms(10));
    let trace = play.session().and_then(Session::trace).expect("recording");
    assert!(trace.events().any(|e| matches!(e.kind, crate::run::trace::EventKind::TurnStart { .. })));
    play.go_to_entry(0, ms(400));
    let trace = play.session().and_then(Session::trace).expect("a new level records from its load");
    assert!(trace.events().any(|e| matches!(e.kind, crate::run::trace::EventKind::LevelLoaded { .. })));
    play.set_trace(None);
    assert!(play.session().and_then(Session::trace).is_none());
}

#[test]
fn the_steps_that_won_a_level_are_kept_for_the_host() {
    let level = "#######\n#P.*.O#\n#######\n\n#####\n#P*O#\n#####\n";
    let g = sokoban("", level);
    let mut play = Play::at_entry(Arc::clone(&g), Progress::default(), 0, ms(0));
    assert_eq!(play.last_win(), None);
    let mut t = 0;
    for c in [Control::Right, Control::Undo, Control::Right, Control::Right, Control::Right] {
        t += 10;
        tap(&mut play, c, ms(t));
    }
    let right = Step::Input(Input::Right);
    let (entry, steps) = play.last_win().expect("the level was won");
    assert_eq!((entry, steps), (0, &[right, Step::Undo, right, right, right][..]));
    // The kept steps win the level when replayed the way kept solutions are.
    assert!(crate::kept::replay(&g, 0, play.seed(), steps).verdict.wins());
    // The next level starts with nothing played: its win keeps only its own steps.
    play.advance(ms(t + 5000));
    tap(&mut play, Control::Right, ms(t + 5010));
    assert_eq!(play.last_win(), Some((1, &[right][..])));
}

#[test]
fn a_rules_quit_command_leaves_for_the_title() {
    let g = game(
        "title Quit\nsprite_size 5\nOBJECTS\nBackground\nblack\nPlayer\nwhite\nExit\nred\nLEGEND\n. = Background\nP = Player\nE = Exit\nSOUNDS\nCOLLISIONLAYERS\nBackground\nExit\nPlayer\nRULES\n[ > Player | Exit ] -> [ > Player | Exit ] quit\nWINCONDITIONS\nLEVELS\nP.E\n",
    );
    let mut play = Play::new(g, Progress::default(), ms(0));
    tap(&mut play, Control::Action, ms(10));
    assert!(matches!(play.screen(), Screen::Level(_)));
    tap(&mut play, Control::Right, ms(20));
    assert!(matches!(play.screen(), Screen::Level(_)), "control: a step that quits nothing");
    tap(&mut play, Control::Right, ms(30));
    assert!(play.on_title(), "the quit command went back to the title");
    assert!(play.session().is_none());
}
