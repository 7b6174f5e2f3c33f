//! A rule group's passes stop once every rule has been tried since the
//! last change, as the reference's do. That shows where a rule tried again
//! would draw another `random` choice: a rack filled left to right with a
//! random mark a property of two layers finds (so the rule is split into
//! one rule per member, and the group is four rules).

use crate::run::Session;

/// A PuzzleScript Next game of ours (its `//` comment): a letter, then racks; each empty cell right of a rack
/// right of a letter or a mark gets a random mark (recorded from
/// PuzzleScript Next at 3b7dd97 with seed `s1`: twenty draws, every mark a
/// `Seed1`).
const GAME: &str = "title Racks\nrun_rules_on_level_start\n// a PuzzleScript Next game\n\nOBJECTS\nBackground\nblack\nPlayer\nwhite\nA\nred\nE\nblue\n\
    O\ngreen\nT\nyellow\nSeed1\ngrey\nSeed2\ngrey\nRack\nbrown\n\nLEGEND\n. = Background\nP = Player\nr = Rack\nx = A\n\
    Letter = A or E or O or T\nBlue = A or E or Seed1 or Seed2\n\nSOUNDS\n\nCOLLISIONLAYERS\nBackground\nPlayer\n\
    A, E, O, T, Rack\nSeed1, Seed2\n\nRULES\n\
    left [ no Letter | Rack | Blue ] -> [ random Seed1 random Seed2 | Rack | Blue ]\n\n\
    WINCONDITIONS\n\nLEVELS\nP.........\nxr.r.r.r..\n";

/// Next's answer: a Seed1 on each of the four cells past the racks.
const EXPECTED: &str = "background player:0,a background:1,background:2,background rack:3,2,background seed1:4,2,3,2,4,\n\
    2,3,2,4,2,3,2,4,2,2,\n";

#[test]
fn a_group_that_draws_stops_when_every_rule_was_tried_since_a_change() {
    let b = crate::build(GAME);
    let game = b.game.expect("the game builds");
    let set = &game.rules;
    assert_eq!(set.groups.len(), 1, "one group");
    assert_eq!(set.groups[0].len(), 4, "one rule per member of Blue");
    assert_eq!(set.group_stops_early, [true]);
    let s = Session::new(game, 0, Some("s1"));
    assert_eq!(s.dump(), EXPECTED, "Next's answer");
}

#[test]
fn a_group_without_random_or_gosub_is_not_marked() {
    let plain = GAME.replace("random Seed1 random Seed2", "Seed1");
    let game = crate::build(&plain).game.expect("the game builds");
    assert_eq!(game.rules.group_stops_early, [false]);
    // Its last pass is a full one; the rack fills all the same.
    let s = Session::new(game, 0, Some("s1"));
    assert_eq!(s.dump(), EXPECTED);
}

/// A classic game's random groups keep their full passes, as the classic
/// engine runs them: the same game without its `//` comment is not marked.
#[test]
fn a_classic_group_that_draws_is_not_marked() {
    let classic = GAME.replace("// a PuzzleScript Next game\n", "");
    let b = crate::build(&classic);
    assert!(crate::dialect::needed(&b.ast).is_none(), "a classic game");
    let game = b.game.expect("the game builds");
    assert_eq!(game.rules.group_stops_early, [false]);
}
