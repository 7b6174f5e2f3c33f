//! Small games the solver must handle: a tiny sokoban it solves, a level
//! it proves impossible, the bounds it respects, the action key it leaves
//! out, random rules it replays exactly, and the replay check.

use super::{Cancel, SolveOptions, Status, Strategy, replay_wins, solve, uses_action, uses_random};
use crate::compile::Game;
use crate::run::{Input, LevelState, Session, Step};
use std::sync::Arc;
use std::time::Duration;

pub(super) fn game(rules: &str, win: &str, levels: &str) -> Arc<Game> {
    let src = format!(
        "title solver test\n\n========\nOBJECTS\n========\nBackground\nblack\nPlayer\nwhite\nCrate\norange\nWall\ngrey\nTarget\nred\nMark\npink\n\n\
         =======\nLEGEND\n=======\n. = Background\nP = Player\nC = Crate\nW = Wall\nT = Target\nM = Mark\n@ = Crate and Target\n\n\
         =======\nSOUNDS\n=======\n\n================\nCOLLISIONLAYERS\n================\nBackground\nTarget\nPlayer, Crate, Wall\nMark\n\n\
         ======\nRULES\n======\n{rules}\n\n==============\nWINCONDITIONS\n==============\n{win}\n\n=======\nLEVELS\n=======\n{levels}\n"
    );
    let build = crate::build(&src);
    let errors: Vec<_> = build.diagnostics.iter().filter(|d| d.is_error()).collect();
    assert!(errors.is_empty(), "{errors:?}");
    build.game.expect("game compiles")
}

const PUSH: &str = "[ > Player | Crate ] -> [ > Player | > Crate ]";

fn sokoban() -> Arc<Game> {
    // Level 0 is a message; level 1 needs the crate pushed right twice
    // after walking round it; level 2 has the crate in a corner.
    game(
        PUSH,
        "all Crate on Target",
        "message hello\n\nWWWWWWW\nW.....W\nW.C..TW\nWP....W\nWWWWWWW\n\nWWWWW\nWC.TW\nW..PW\nWWWWW\n",
    )
}

/// Key inputs as the steps a solution is made of.
fn keys(inputs: &[Input]) -> Vec<Step> {
    inputs.iter().copied().map(Step::Input).collect()
}

fn opts(strategy: Strategy) -> SolveOptions {
    SolveOptions { strategy, timeout: Some(Duration::from_secs(20)), ..SolveOptions::default() }
}

#[test]
fn solves_a_tiny_sokoban_with_each_strategy() {
    let g = sokoban();
    let mut lengths = Vec::new();
    for strategy in [Strategy::Bfs, Strategy::AStar { weight: 2 }, Strategy::Auto { bfs_states: 5, weight: 3 }] {
        let o = opts(strategy);
        let report = solve(&g, 1, &o, &Cancel::new());
        let Status::Solved { inputs } = report.status else { panic!("{strategy:?}: {report:?}") };
        assert!(replay_wins(&g, 1, &o, &inputs));
        assert!(report.states > 1);
        lengths.push(inputs.len());
    }
    // Breadth-first finds a shortest solution: up, then right three times.
    assert_eq!(lengths[0], 4);
    assert!(lengths.iter().all(|&l| l >= 4));
}

#[test]
fn proves_a_cornered_crate_impossible() {
    let g = sokoban();
    // Auto stops its breadth-first search at two states here: the
    // weighted search goes on from those, so no state is found twice.
    for strategy in [Strategy::Bfs, Strategy::AStar { weight: 2 }, Strategy::Auto { bfs_states: 2, weight: 3 }] {
        let report = solve(&g, 2, &opts(strategy), &Cancel::new());
        assert_eq!(report.status, Status::Exhausted, "{strategy:?}");
        // The player reaches every free cell, five of them, and no push
        // ever moves the crate.
        assert_eq!(report.states, 5, "{strategy:?}");
    }
}

#[test]
fn a_message_is_not_a_level() {
    let g = sokoban();
    assert_eq!(solve(&g, 0, &opts(Strategy::Bfs), &Cancel::new()).status, Status::NotALevel);
    assert_eq!(solve(&g, 9, &opts(Strategy::Bfs), &Cancel::new()).status, Status::NotALevel);
}

/// A level with a huge state space and no way to win: marks spread.
fn endless() -> Arc<Game> {
    let row = ".".repeat(30);
    let mut level = String::new();
    for y in 0..12 {
        level.push_str(if y == 0 { "P" } else { "." });
        level.push_str(&row);
        level.push('\n');
    }
    game("[ > Player | ] -> [ > Player | Mark ]", "some Player on Target", &level)
}

#[test]
fn respects_timeout_state_limit_and_cancel() {
    let g = endless();
    let short = SolveOptions { timeout: Some(Duration::from_millis(30)), ..opts(Strategy::Bfs) };
    assert_eq!(solve(&g, 0, &short, &Cancel::new()).status, Status::Timeout);
    let few = SolveOptions { max_states: 50, timeout: None, ..opts(Strategy::Bfs) };
    let report = solve(&g, 0, &few, &Cancel::new());
    assert_eq!(report.status, Status::StateLimit);
    assert!(report.states <= 50 + 5);
    let small = SolveOptions { max_bytes: 200_000, timeout: None, ..opts(Strategy::AStar { weight: 2 }) };
    let report = solve(&g, 0, &small, &Cancel::new());
    assert_eq!(report.status, Status::StateLimit);
    assert!(report.bytes >= 200_000);
    let cancel = Cancel::new();
    cancel.cancel();
    let report = solve(&g, 0, &SolveOptions { timeout: None, ..opts(Strategy::Bfs) }, &cancel);
    assert_eq!(report.status, Status::Cancelled);
}

#[test]
fn cancel_from_another_thread_and_progress() {
    let g = endless();
    let cancel = Cancel::from_flag(Arc::new(std::sync::atomic::AtomicBool::new(false)));
    let o = SolveOptions { timeout: None, ..opts(Strategy::Bfs) };
    let mut reports = 0;
    let mut progress = |p: &super::Progress| {
        reports += 1;
        if p.turns > 20_000 {
            cancel.cancel();
        }
    };
    let report = super::solve_with_progress(&g, 0, &o, &cancel.clone(), &mut progress);
    assert_eq!(report.status, Status::Cancelled);
    assert!(reports >= 2);
}

#[test]
fn action_is_tried_only_when_a_rule_reads_it() {
    let plain = sokoban();
    assert!(!uses_action(&plain));
    // Here the crate only moves when the player acts next to it.
    let acting =
        game("[ action Player | Crate ] -> [ Player | > Crate ]", "all Crate on Target", "WWWWWW\nWPC.TW\nWWWWWW\n");
    assert!(uses_action(&acting));
    let report = solve(&acting, 0, &opts(Strategy::Bfs), &Cancel::new());
    let Status::Solved { inputs } = report.status else { panic!("{report:?}") };
    assert!(inputs.contains(&Step::Input(Input::Action)));
    // `stationary` reads the action movement too (an acting player moves).
    let still = game("[ stationary Player ] -> [ Player Mark ]", "some Mark", "P.\n");
    assert!(uses_action(&still));
    // Without action the plain game's search never tries it: its states
    // are those of four directions only, and its solutions never act.
    let report = solve(&plain, 1, &opts(Strategy::Bfs), &Cancel::new());
    let Status::Solved { inputs } = report.status else { panic!("{report:?}") };
    assert!(!inputs.contains(&Step::Input(Input::Action)));
}

#[test]
fn random_rules_keep_the_generator_in_the_state() {
    // A random rule moves the crate; the player must wait on it.
    let g = game(
        "random [ Mark ] -> [ ]\n[ > Player | Crate ] -> [ > Player | > Crate ]\n[ randomdir Crate ] -> [ randomdir Crate ]",
        "all Crate on Target",
        "WWWWWWW\nW.....W\nW.C..TW\nWP...MW\nWWWWWWW\n",
    );
    assert!(uses_random(&g));
    assert!(!uses_random(&sokoban()));
    let o = opts(Strategy::AStar { weight: 2 });
    let report = solve(&g, 0, &o, &Cancel::new());
    let Status::Solved { inputs } = report.status else { panic!("{report:?}") };
    assert!(replay_wins(&g, 0, &o, &inputs));
}

#[test]
fn replay_check_rejects_inputs_that_do_not_win() {
    let g = sokoban();
    let o = opts(Strategy::Bfs);
    assert!(replay_wins(&g, 1, &o, &keys(&[Input::Up, Input::Right, Input::Right, Input::Right])));
    assert!(!replay_wins(&g, 1, &o, &keys(&[Input::Up, Input::Right, Input::Right])));
    // Winning before the end is not this solution winning.
    assert!(!replay_wins(&g, 1, &o, &keys(&[Input::Up, Input::Right, Input::Right, Input::Right, Input::Left])));
    assert!(!replay_wins(&g, 0, &o, &keys(&[Input::Up])));
}

#[test]
fn save_and_restore_state_round_trips() {
    let g = sokoban();
    let mut s = Session::new(Arc::clone(&g), 1, None);
    let start: LevelState = s.save_state().expect("a map");
    s.input(Input::Up);
    s.input(Input::Right);
    let moved = s.save_state().expect("a map");
    assert_ne!(moved, start);
    assert!(s.restore_state(&start));
    assert_eq!(s.save_state().as_ref(), Some(&start));
    // Winning moves the session on; restoring brings the level back.
    assert!(s.restore_state(&moved));
    s.input(Input::Right);
    s.input(Input::Right);
    assert_eq!(s.level_index(), 2);
    assert!(s.restore_state(&moved));
    assert_eq!(s.level_index(), 1);
    assert_eq!(s.save_state().as_ref(), Some(&moved));
    // A state of another level and size is taken in whole.
    let other = Session::new(g, 2, None).save_state().expect("a map");
    assert!(s.restore_state(&other));
    assert_eq!(s.size(), (5, 4));
    assert_eq!(s.level_index(), 2);
}

/// Every turn draws from the random generator (a `random` object that is
/// cleared again), so no two turns leave the same generator behind.
const DRAW_EVERY_TURN: &str = "random [ Player no Mark ] -> [ Player Mark ]\nlate [ Mark ] -> [ ]";

#[test]
fn random_games_merge_states_with_the_same_objects() {
    let g = game(
        &format!("{DRAW_EVERY_TURN}\n{PUSH}"),
        "all Crate on Target",
        "WWWWWWWWW\nW.......W\nWP....CTW\nW.......W\nWWWWWWWWW\n",
    );
    assert!(uses_random(&g));
    let o = opts(Strategy::Bfs);
    let report = solve(&g, 0, &o, &Cancel::new());
    let Status::Solved { inputs } = report.status else { panic!("{report:?}") };
    assert_eq!(inputs, vec![Step::Input(Input::Right); 5]);
    assert!(replay_wins(&g, 0, &o, &inputs));
    // One state per place of the player and the crate: the generators
    // differ after every turn but do not make states of their own (the
    // exact search stores 29 here: a place reached again is a new state).
    assert!(report.states <= 20, "{} states", report.states);
}

#[test]
fn a_relaxed_search_that_runs_out_proves_nothing() {
    // The crate sits in the corner: no way to win. Merged by objects, the
    // player's five places are soon visited; the exact search that follows
    // meets a new generator every turn and runs into the state bound.
    let g = game(&format!("{DRAW_EVERY_TURN}\n{PUSH}"), "all Crate on Target", "WWWWWWWW\nWCP...TW\nWWWWWWWW\n");
    let o = SolveOptions { max_states: 300, timeout: None, ..opts(Strategy::Bfs) };
    let report = solve(&g, 0, &o, &Cancel::new());
    assert_eq!(report.status, Status::StateLimit, "{report:?}");
    // When the generator is drawn from only at the start, the exact search
    // is finite too and proves the level impossible.
    let g = game(&format!("random [ Mark ] -> [ ]\n{PUSH}"), "all Crate on Target", "WWWWWWWW\nWCP..MTW\nWWWWWWWW\n");
    assert!(uses_random(&g));
    let report = solve(&g, 0, &o, &Cancel::new());
    assert_eq!(report.status, Status::Exhausted, "{report:?}");
}

#[test]
fn novelty_search_solves_and_still_proves_impossible_levels() {
    let g = sokoban();
    let o = opts(Strategy::Novelty { weight: 2 });
    let report = solve(&g, 1, &o, &Cancel::new());
    let Status::Solved { inputs } = report.status else { panic!("{report:?}") };
    assert!(replay_wins(&g, 1, &o, &inputs));
    let report = solve(&g, 2, &o, &Cancel::new());
    assert_eq!(report.status, Status::Exhausted);
    assert_eq!(report.states, 5);
}

#[test]
fn inputs_guessed_to_change_nothing_are_tried_later_not_lost() {
    // Bumping a wall opens it once the crate is on the target; before
    // that, every bump changes nothing, so the search learns to put bumps
    // aside. The way out (through the wall above the start, to the mark
    // behind it) is still found, and with no crate to push the level is
    // proven impossible. The same holds when the memo puts aside every
    // input it is asked about: those are all played later.
    let rules = format!("[ > Player | Wall ] [ Crate Target ] -> [ > Player | ] [ Crate Target ]\n{PUSH}");
    let room = "WWMWWWWWWW\nWWWWWWWWWW\nW.P......W\nW........W\nW..C..T..W\nW........W\nW........W\nWWWWWWWWWW\n";
    let g = game(&rules, "some Player on Mark", room);
    let stuck = game(&rules, "some Player on Mark", &room.replace('C', "."));
    struct Reset;
    impl Drop for Reset {
        fn drop(&mut self) {
            super::predict::DEFER_EVERYTHING.with(|d| d.set(false));
        }
    }
    let _reset = Reset;
    for defer_everything in [false, true] {
        super::predict::DEFER_EVERYTHING.with(|d| d.set(defer_everything));
        for strategy in [Strategy::AStar { weight: 2 }, Strategy::Novelty { weight: 20 }] {
            let o = opts(strategy);
            let report = solve(&g, 0, &o, &Cancel::new());
            let Status::Solved { inputs } = report.status else {
                panic!("{strategy:?}, everything put aside: {defer_everything}: {report:?}")
            };
            assert!(replay_wins(&g, 0, &o, &inputs));
            assert_eq!(solve(&stuck, 0, &o, &Cancel::new()).status, Status::Exhausted, "{strategy:?}");
        }
    }
}

/// A map that never settles as it loads (a level-start rule's `again`
/// turns go past the limit, like an end screen's endless animation) is
/// reported unplayable, not a message and not a failure; the next level
/// still solves.
#[test]
fn a_map_that_cannot_start_is_unplayable() {
    let src = "title unplayable\nrun_rules_on_level_start\n\nOBJECTS\nBackground\nblack\nPlayer\nwhite\nTarget\nred\nBall\ngreen\nSpin\nlightgreen\nRoll\ndarkgreen\n\n\
               LEGEND\n. = Background\nP = Player\nT = Target\nB = Ball\n\nSOUNDS\n\nCOLLISIONLAYERS\nBackground\nTarget\nPlayer, Ball, Spin, Roll\n\n\
               RULES\n[ Roll ] -> [ Ball ] again\n[ Spin ] -> [ Roll ] again\n[ Ball ] -> [ Spin ] again\n\n\
               WINCONDITIONS\nsome Player on Target\n\nLEVELS\nB..P..T\n\nP.T\n";
    let build = crate::build(src);
    let errors: Vec<_> = build.diagnostics.iter().filter(|d| d.is_error()).collect();
    assert!(errors.is_empty(), "{errors:?}");
    let g = build.game.expect("game compiles");
    let o = opts(Strategy::Bfs);
    assert_eq!(solve(&g, 0, &o, &Cancel::new()).status, Status::Unplayable);
    assert_eq!(Status::Unplayable.word(), "unplayable");
    assert!(matches!(solve(&g, 1, &o, &Cancel::new()).status, Status::Solved { .. }));
}

/// A level where any move sets off `again` turns that never stop: the
/// search proves it impossible, and `every_move_loops` says why; a level
/// with a real move does not say so.
#[test]
fn a_level_whose_every_move_loops_forever_says_so() {
    let src = "title loops\n\nOBJECTS\nBackground\nblack\nPlayer\nwhite\nTarget\nred\nIdle\ngrey\nBall\ngreen\nSpin\nlightgreen\nRoll\ndarkgreen\n\n\
               LEGEND\n. = Background\nP = Player\nT = Target\nI = Idle\n\nSOUNDS\n\nCOLLISIONLAYERS\nBackground\nTarget\nPlayer, Idle, Ball, Spin, Roll\n\n\
               RULES\n[ moving Player ] [ Idle ] -> [ moving Player ] [ Roll ] again\n[ Roll ] -> [ Ball ] again\n[ Spin ] -> [ Roll ] again\n[ Ball ] -> [ Spin ] again\n\n\
               WINCONDITIONS\nsome Player on Target\n\nLEVELS\nI.P.T\n\nP.T\n";
    let build = crate::build(src);
    let errors: Vec<_> = build.diagnostics.iter().filter(|d| d.is_error()).collect();
    assert!(errors.is_empty(), "{errors:?}");
    let g = build.game.expect("game compiles");
    let o = opts(Strategy::Bfs);
    assert_eq!(solve(&g, 0, &o, &Cancel::new()).status, Status::Exhausted);
    assert!(super::every_move_loops(&g, 0, &o), "every move of level 1 loops");
    assert!(!super::every_move_loops(&g, 1, &o), "level 2 has real moves");
}
