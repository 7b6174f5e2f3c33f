//! The distance estimate on small games: which objects count as fixed
//! walls, and distances that walk round them.

use super::heuristic::{Heuristic, static_objects};
use super::tests::game;
use crate::compile::{Game, Level, bits};
use crate::run::Session;
use std::sync::Arc;

fn id(g: &Game, name: &str) -> usize {
    g.objects.iter().position(|o| o.name == name).expect("object")
}

/// The estimate for the start of `level`.
fn score(g: &Arc<Game>, level: usize) -> u32 {
    assert!(matches!(g.levels[level], Level::Map(_)));
    let state = Session::new(Arc::clone(g), level, None).save_state().expect("a map");
    let (_, height) = state.size();
    Heuristic::new(g, height, state.objects()).score(state.objects())
}

#[test]
fn fixed_objects_are_those_no_rule_can_change() {
    let g = game("[ > Player | Crate ] -> [ > Player | > Crate ]", "all Crate on Target", "P.C.T\n");
    let fixed = static_objects(&g);
    for name in ["wall", "target", "background", "mark"] {
        assert!(bits::get_bit(&fixed, id(&g, name)), "{name}");
    }
    for name in ["player", "crate"] {
        assert!(!bits::get_bit(&fixed, id(&g, name)), "{name}");
    }
    // A rule that pushes walls, one that removes marks and one that makes
    // targets: none of them is fixed any more.
    let g = game(
        "[ > Player | Wall ] -> [ > Player | > Wall ]\n[ Player | Mark ] -> [ Player | ]\n[ Crate ] -> [ Crate Target ]",
        "all Crate on Target",
        "P.C.T\n",
    );
    let fixed = static_objects(&g);
    for name in ["wall", "mark", "target"] {
        assert!(!bits::get_bit(&fixed, id(&g, name)), "{name}");
    }
    assert!(bits::get_bit(&fixed, id(&g, "background")));
    // Putting a crate where a mark is would clear a wall there too, but the
    // rule does not name walls: they stay fixed (the estimate takes the
    // level not to stack them with marks); the mark is removed by name.
    let g = game("[ Mark ] -> [ Crate ]", "all Crate on Target", "P.C.T\n");
    let fixed = static_objects(&g);
    assert!(bits::get_bit(&fixed, id(&g, "wall")));
    assert!(!bits::get_bit(&fixed, id(&g, "mark")));
}

/// The crate is three cells from the target as the crow flies, seven
/// round the wall; the player is one step short of the crate.
const WALLED: &str = "WWWWWWW\nWP.C..W\nWWWWW.W\nW.T...W\nWWWWWWW\n";

#[test]
fn distances_walk_round_fixed_walls() {
    let push = "[ > Player | Crate ] -> [ > Player | > Crate ]";
    // Fixed targets: the crate's walk to the target, plus the player's
    // walk to the crate less one, plus the penalty for a crate no push
    // brings to the target (the player can never stand above it to push
    // it down the corridor).
    assert_eq!(score(&game(push, "all Crate on Target", WALLED), 0), 7 + 1 + 32);
    // Fixed subjects: the target's distance from the nearest crate, plus
    // the player's walk to the target (nine steps) less one.
    assert_eq!(score(&game(push, "all Target on Crate", WALLED), 0), 7 + 8);
    // When walls can be pushed they are not fixed: Manhattan distances.
    let pushy = format!("{push}\n[ > Player | Wall ] -> [ > Player | > Wall ]");
    assert_eq!(score(&game(&pushy, "all Crate on Target", WALLED), 0), 3 + 1);
    // Two crates, both nearest the left target: each gets a target of its
    // own (1 + 4 steps, not 1 + 2), plus the player's walk of two less one.
    assert_eq!(score(&game(push, "all Crate on Target", "WWWWWWWWW\nWTCC...TW\nWP......W\nWWWWWWWWW\n"), 0), 5 + 1);
    // A won level scores nothing.
    assert_eq!(score(&game(push, "all Crate on Target", "P@.\n"), 0), 0);
}

#[test]
fn a_game_won_by_a_rule_is_scored_by_the_rule_s_cell() {
    // No win conditions: the rule wins when the player stands on the
    // target, three steps away.
    let g = game("[ Player Target ] -> win", "", "P..T\n");
    assert!(g.win_conditions.is_empty());
    assert_eq!(score(&g, 0), 3);
    let g = game("[ Player Target ] -> win", "", "P.T.\n");
    assert_eq!(score(&g, 0), 2);
}

#[test]
fn the_walk_to_the_next_push_needs_something_to_walk_to() {
    // The player's own condition: three steps to the target; no mark
    // anywhere, so no walk towards one is added.
    let win = "some Player on Target\nno Mark";
    assert_eq!(score(&game("", win, "P..T..\n"), 0), 3);
    // A mark four steps away: one for the mark, and the walk to it less one.
    let g = game("", win, "P..TM.\n");
    assert_eq!(score(&g, 0), 3 + 1 + 3);
    // The walk is the second part of the estimate in parts (what the walk
    // queue ranks pushes without).
    let state = Session::new(Arc::clone(&g), 0, None).save_state().expect("a map");
    let (_, height) = state.size();
    assert_eq!(Heuristic::new(&g, height, state.objects()).score_parts(state.objects()), (3 + 1, 3));
}

#[test]
fn objects_no_push_brings_to_a_target_are_penalised() {
    let push = "[ > Player | Crate ] -> [ > Player | > Crate ]";
    let win = "all Crate on Target";
    // In the open: down one and right two to the target, and the player's
    // walk of three less one.
    assert_eq!(score(&game(push, win, "WWWWWWW\nW.....W\nW..C..W\nWP...TW\nWWWWWWW\n"), 0), 3 + 2);
    // Against the top wall with no target along it: no push takes the
    // crate off the wall (the player cannot stand above it), so the
    // penalty is added though it is no corner.
    assert_eq!(score(&game(push, win, "WWWWWWW\nW..C..W\nW.....W\nWP...TW\nWWWWWWW\n"), 0), 4 + 3 + 32);
    // With a target along that wall, pushes along it get there.
    assert_eq!(score(&game(push, win, "WWWWWWW\nW..C.TW\nW.....W\nWP....W\nWWWWWWW\n"), 0), 2 + 3);
    // In a corner, as before.
    assert_eq!(score(&game(push, win, "WWWWWWW\nWC....W\nW.....W\nWP...TW\nWWWWWWW\n"), 0), 6 + 1 + 32);
}

#[test]
fn a_win_rule_is_scored_by_every_cell_of_its_rows() {
    // The rule wants the target one cell on from the player, in any of the
    // four directions: three cells short to the right.
    let g = game("[ Player | Target ] -> win", "", "P...T\n");
    assert_eq!(score(&g, 0), 3);
    // Already in place: nothing left.
    assert_eq!(score(&game("[ Player | Target ] -> win", "", "..PT.\n"), 0), 0);
    // Two rows: the player two short of the target, and the crate three
    // short of the mark; each row measured on its own and added.
    let g = game("[ Player Target ] [ Crate Mark ] -> win", "", "P.T.\nC..M\n");
    assert_eq!(score(&g, 0), 2 + 3);
    // A row whose objects are missing counts the level's width and height.
    let g = game("[ Player Target ] [ Crate Mark ] -> win", "", "P.T.\n....\n");
    assert_eq!(score(&g, 0), 2 + 6);
    // Two rules: the nearer one counts.
    let g = game("[ Player Target ] -> win\n[ Player Mark ] -> win", "", "M.P...T\n");
    assert_eq!(score(&g, 0), 2);
}

#[test]
fn no_x_counts_how_far_the_rules_that_remove_x_are() {
    // A crate goes when it stands on a target: one crate, three cells from
    // the target, and the player's walk to the crate less one.
    let g = game("[ Crate Target ] -> [ Target ]", "no Crate", "P.C..T\n");
    assert_eq!(score(&g, 0), 1 + 3 + 1);
    // A crate goes when it stands next to a mark: the crate one cell from
    // the player wants the mark a cell on (two cells short of it), the
    // crate already next to the mark wants nothing; plus the count of two.
    let g = game("[ Crate | Mark ] -> [ | Mark ]", "no Crate", "PC..MC\n");
    assert_eq!(score(&g, 0), 2 + 2);
    // A crate goes when the player walks into it: the player is one, and
    // its walk to the nearest crate is already counted (here nothing, it is
    // next to one), so no distance from every crate to it is added.
    let g = game("[ > Player | Crate ] -> [ > Player | ]", "no Crate", "PC..C\n");
    assert_eq!(score(&g, 0), 2);
    // No rule removes marks: the count and the walk alone, as before.
    assert_eq!(score(&game("", "no Mark", "P...M\n"), 0), 1 + 3);
}

#[test]
fn some_x_with_none_yet_counts_how_far_a_rule_that_makes_one_is() {
    // A mark is made where the player stands next to a crate: the player
    // is three cells short of that.
    let g = game("[ Player | Crate ] -> [ Player | Mark ]", "some Mark", "P...C.\n");
    assert_eq!(score(&g, 0), 1 + 3);
    // Once there is a mark, the condition holds.
    let g = game("[ Player | Crate ] -> [ Player | Mark ]", "some Mark", "P...M.\n");
    assert_eq!(score(&g, 0), 0);
}

#[test]
fn several_players_each_walk_to_an_x_of_their_own() {
    // Two players, one crate next to the first and one three cells from
    // the second: each crate measured from the nearest player (0 and 3 past
    // the cell before it), plus the count of two; the walk to the nearest
    // crate is nothing.
    let g = game("[ > Player | Crate ] -> [ > Player | ]", "no Crate", "PC....\nP...C..\n");
    assert_eq!(score(&g, 0), 2 + 3);
}
