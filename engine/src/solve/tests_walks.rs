//! The walk queue: turns that only move the player told from the others,
//! the levels it is used for, and searches with it that solve, replay and
//! still visit every state of a level that cannot be won.

use super::search::{one_player, only_player_moved};
use super::tests::game;
use super::{Cancel, SolveOptions, Status, Strategy, replay_wins, solve};
use crate::compile::Game;
use crate::run::{Input, Session};
use std::sync::Arc;
use std::time::Duration;

const PUSH: &str = "[ > Player | Crate ] -> [ > Player | > Crate ]";

fn opts(strategy: Strategy, walk_queue: bool) -> SolveOptions {
    SolveOptions { strategy, timeout: Some(Duration::from_secs(20)), walk_queue, ..SolveOptions::default() }
}

/// The player's objects, per object word.
fn player_mask(g: &Game) -> Vec<u64> {
    (0..g.obj_words.max(1)).map(|w| g.player.mask.get(w).copied().unwrap_or(0)).collect()
}

/// The objects of a session's level.
fn objects(s: &Session) -> Vec<u64> {
    s.level_objects().expect("a map").to_vec()
}

#[test]
fn walks_are_told_from_pushes() {
    let g = game(PUSH, "all Crate on Target", "WWWWWWW\nW.....W\nW.C..TW\nWP....W\nWWWWWWW\n");
    let mask = player_mask(&g);
    let mut s = Session::new(Arc::clone(&g), 0, None);
    let start = objects(&s);
    let words = start.len();
    assert!(only_player_moved(&start, &start, words, &mask));
    s.input(Input::Up);
    let walked = objects(&s);
    assert_ne!(walked, start);
    assert!(only_player_moved(&start, &walked, words, &mask));
    assert!(only_player_moved(&walked, &start, words, &mask));
    // The next step pushes the crate: more than the player moved.
    s.input(Input::Right);
    let pushed = objects(&s);
    assert!(!only_player_moved(&walked, &pushed, words, &mask));
    // A restart target (games with checkpoints) that differs is no walk.
    let with = |objects: &[u64], restart: &[u64]| [objects, restart].concat();
    assert!(only_player_moved(&with(&start, &start), &with(&walked, &start), words, &mask));
    assert!(!only_player_moved(&with(&start, &start), &with(&walked, &pushed), words, &mask));
    // A rule that marks the floor where the player walks makes no walks.
    let marking = game("[ > Player | ] -> [ > Player | Mark ]", "some Player on Target", "P...T\n");
    let mask = player_mask(&marking);
    let mut s = Session::new(Arc::clone(&marking), 0, None);
    let start = objects(&s);
    s.input(Input::Right);
    assert!(!only_player_moved(&start, &objects(&s), start.len(), &mask));
}

#[test]
fn the_walk_queue_is_for_levels_with_one_player() {
    let one = game(PUSH, "all Crate on Target", "WWWWW\nWPC.T\nWWWWW\n");
    let two = game(PUSH, "all Crate on Target", "WWWWWW\nWPC.TW\nWP...W\nWWWWWW\n");
    let none = game(PUSH, "all Crate on Target", "WWWWW\nW.C.T\nWWWWW\n");
    let start = |g: &Arc<Game>| objects(&Session::new(Arc::clone(g), 0, None));
    assert!(one_player(&start(&one), &player_mask(&one)));
    assert!(!one_player(&start(&two), &player_mask(&two)));
    assert!(!one_player(&start(&none), &player_mask(&none)));
    // With two players the option changes nothing: the same search, state
    // for state and turn for turn.
    let strategy = Strategy::Auto { bfs_states: 3, weight: 3 };
    let on = solve(&two, 0, &opts(strategy, true), &Cancel::new());
    let off = solve(&two, 0, &opts(strategy, false), &Cancel::new());
    assert!(matches!(on.status, Status::Solved { .. }), "{on:?}");
    assert_eq!((on.status, on.states, on.turns), (off.status, off.states, off.turns));
}

/// A crate free to roam a room whose only target is walled off.
fn walled_off_target() -> Arc<Game> {
    game(PUSH, "all Crate on Target", "WWWWWWWWW\nW.....WTW\nW.C.P.WWW\nW.....WWW\nWWWWWWWWW\n")
}

#[test]
fn with_the_walk_queue_every_state_is_still_visited() {
    let g = walled_off_target();
    let bfs = solve(&g, 0, &opts(Strategy::Bfs, true), &Cancel::new());
    assert_eq!(bfs.status, Status::Exhausted);
    // Many places of the crate and the player: a real search.
    assert!(bfs.states > 100, "{}", bfs.states);
    for strategy in [Strategy::Novelty { weight: 10 }, Strategy::Auto { bfs_states: 20, weight: 10 }] {
        for walk_queue in [true, false] {
            let report = solve(&g, 0, &opts(strategy, walk_queue), &Cancel::new());
            assert_eq!(report.status, Status::Exhausted, "{strategy:?} {walk_queue}");
            assert_eq!(report.states, bfs.states, "{strategy:?} {walk_queue}");
        }
    }
}

#[test]
fn with_the_walk_queue_solutions_replay() {
    // The crate must go round a corner: walks between the pushes.
    let g = game(PUSH, "all Crate on Target", "WWWWWWWW\nW......W\nW.C....W\nW...W..W\nWP..WT.W\nWWWWWWWW\n");
    for strategy in [Strategy::Novelty { weight: 10 }, Strategy::Auto { bfs_states: 5, weight: 10 }] {
        let o = opts(strategy, true);
        let report = solve(&g, 0, &o, &Cancel::new());
        let Status::Solved { inputs } = report.status else { panic!("{strategy:?}: {report:?}") };
        assert!(replay_wins(&g, 0, &o, &inputs));
    }
}
