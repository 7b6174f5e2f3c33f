//! The shortcuts a turn takes play as the general code does: an again
//! turn reusing its look-ahead's outcome, groups settled after one pass,
//! the one-word fast paths, matches known to stay or to be decided by
//! their key cell, and `settle`'s bound on an again chain.

use super::*;

/// Plays `inputs` on `g` twice, once recording a trace (which runs every
/// again turn in full) and once not (which lets an again turn take the
/// outcome of the look-ahead before it): the levels, events and pending
/// again turns must agree after every input. Returns the untraced
/// session's number of again turns that took a look-ahead's outcome.
fn same_with_and_without_the_probe_outcome(g: &Game, inputs: &str) -> usize {
    let b = crate::build(&g.source());
    let game = b.game.expect("compiled");
    let mut plain = Session::new(Arc::clone(&game), 0, Some("probe"));
    let mut traced = Session::new_traced(Arc::clone(&game), 0, Some("probe"), 1 << 24);
    for (k, c) in inputs.chars().enumerate() {
        for s in [&mut plain, &mut traced] {
            play(s, &c.to_string());
        }
        assert_eq!(plain.dump(), traced.dump(), "level after input {k} ({c})");
        assert_eq!(plain.take_events(), traced.take_events(), "events after input {k} ({c})");
        assert_eq!(traced.caches.probe.hits, 0, "a traced session runs every turn");
    }
    plain.caches.probe.hits
}

#[test]
fn again_turns_that_reuse_the_look_ahead_play_the_same() {
    // A crate slides right one cell per again turn, marking where it has
    // been (a created object with a sound) and erasing the mark behind.
    let slide = Game {
        sounds: "Mark create 4455",
        ..Game::rules(
            "right [ Crate | no Wall no Crate ] -> [ > Crate | ] again\nlate [ Crate no Mark ] -> [ Crate Mark ]\n[ Mark no Crate ] -> [ ]",
            "P.C....W\n..C...W.",
        )
    };
    let hits = same_with_and_without_the_probe_outcome(&slide, "RRLzRrRUDz");
    assert!(hits > 0, "a deterministic again chain reuses its look-ahead");

    // The control: a random rule draws from the generator in the
    // look-ahead, so the again turn starts from another random state and
    // must run in full; the outcome is compared all the same.
    let random = Game {
        sounds: "Mark create 4455",
        ..Game::rules(
            "right [ Crate | no Wall no Crate ] -> [ > Crate | ] again\nrandom [ Target ] -> [ Mark ]\n[ Mark no Crate ] -> [ ]",
            "P.C.TTTW\n..C.TTW.",
        )
    };
    same_with_and_without_the_probe_outcome(&random, "RRLzRrRUDz");
}

#[test]
fn an_again_chain_that_cycles_takes_every_look_ahead_it_has_seen() {
    // A crate turns into a wall and back, forever: the level goes between
    // two states, so after the first round every again turn and every
    // look-ahead starts from a state whose rule phase is kept.
    let flip = Game::rules(
        "[ Crate ] -> [ Wall Mark ]\n[ Wall no Mark ] -> [ Crate ]\n[ Mark ] -> [ ]\n[ Player ] -> again",
        "P.C",
    );
    let game = crate::build(&flip.source()).game.expect("compiled");
    let mut plain = Session::new(Arc::clone(&game), 0, Some("probe"));
    let mut traced = Session::new_traced(Arc::clone(&game), 0, Some("probe"), 1 << 24);
    let mut agains = 0;
    for s in [&mut plain, &mut traced] {
        s.input(Input::Left);
    }
    for k in 0..20 {
        assert!(plain.again_pending() && traced.again_pending(), "the chain goes on at again turn {k}");
        for s in [&mut plain, &mut traced] {
            s.run_again();
        }
        agains += 1;
        assert_eq!(plain.dump(), traced.dump(), "level after again turn {k}");
        assert_eq!(plain.take_events(), traced.take_events(), "events after again turn {k}");
    }
    assert_eq!(traced.caches.probe.hits, 0, "a traced session runs every turn");
    // Each again turn takes its look-ahead's outcome (the control: what a
    // cache of the last look-ahead alone gives), and from the second round
    // on each look-ahead takes a kept one too.
    assert!(
        plain.caches.probe.hits >= 2 * agains - 2,
        "{} outcomes taken in {agains} again turns",
        plain.caches.probe.hits
    );
}

/// The rule set's `group_settles` flags of `rules` on the test game.
fn settles(rules: &str) -> Vec<bool> {
    let game = crate::build(&Game::rules(rules, "P.C.W").source()).game.expect("compiled");
    (0..game.rules.groups.len()).map(|gi| game.rules.settles(gi, &game.layer_masks)).collect()
}

#[test]
fn groups_whose_rewrites_cannot_change_their_matches_settle_in_one_pass() {
    // Keeps what it reads and adds an object nothing reads.
    assert_eq!(settles("right [ Wall | ] -> [ Wall | Mark ]"), [true]);
    // Sets a crate's movement; the rule reads the player's, on the same
    // layer, but a crate's cell never holds the player.
    assert_eq!(settles("right [ > Player | Crate ] -> [ > Player | > Crate ]"), [true]);
    // The crate rewritten as itself clears its layer, but the crate cell
    // holds no player or wall, so the wall written next door is not undone;
    // commands other than gosub do not matter.
    assert_eq!(settles("[ Crate | no Crate ] -> [ Crate | Wall ] again sfx0"), [true]);
    // Controls: a rule that removes what it reads, one that writes what
    // it reads, two rules where one erases what the other writes, a
    // random rule and a gosub.
    assert_eq!(settles("right [ Crate | Wall ] -> [ | Wall ]"), [false]);
    // In four directions, one crate may be pushed two ways in one pass.
    assert_eq!(settles("[ > Player | Crate ] -> [ > Player | > Crate ]"), [false]);
    assert_eq!(settles("right [ Crate | no Mark ] -> [ Crate | Mark ]"), [false]);
    assert_eq!(settles("right [ Wall | ] -> [ Wall | Mark ]\n+ left [ Crate | ] -> [ Crate | no Mark ]"), [false]);
    assert_eq!(settles("random right [ Wall | ] -> [ Wall | Mark ]"), [false]);
    assert!(!settles("right [ Wall | ] -> [ Wall | Mark ] gosub s\n\nsubroutine s\n[ Crate ] -> [ Crate ]")[0]);
}

#[test]
fn groups_of_one_cell_rules_that_take_what_they_read_settle_in_one_pass() {
    // A one-cell rewrite is idempotent and each cell is rewritten once:
    // removing what the rule reads, or several such rules that keep out
    // of each other's way, leave nothing for a next pass.
    assert_eq!(settles("[ Crate ] -> [ ]"), [true]);
    assert_eq!(settles("[ Crate ] -> [ Wall ]\n+ [ Mark ] -> [ ]"), [true]);
    // Controls: one rule writes what the other reads, or undoes what the
    // other does; a random object; a rule of two cells.
    assert_eq!(settles("[ Crate ] -> [ Crate Mark ]\n+ [ Mark ] -> [ ]"), [false]);
    assert_eq!(settles("[ Crate ] -> [ ]\n+ [ Wall ] -> [ Crate ]"), [false]);
    assert_eq!(settles("[ Crate ] -> [ Crate Target ]\n+ [ Mark ] -> [ Crate ]"), [false]);
    assert_eq!(settles("[ Crate ] -> [ random Mark ]"), [false]);
    assert_eq!(settles("[ Crate | Crate ] -> [ | ]"), [false]);
}

#[test]
fn skipping_the_last_pass_of_settled_groups_plays_the_same() {
    // Each game played with the flags as compiled and with every flag
    // off (every group runs its last, unchanging pass): levels, events
    // and limits reached must agree after every input.
    let games = [
        Game::rules(
            "right [ Wall | ] -> [ Wall | Mark ]\n[ > Player | Crate ] -> [ > Player | > Crate ]",
            "P.C.W\n.W..T",
        ),
        Game {
            sounds: "Mark create 4455",
            ..Game::rules("[ Crate | no Crate ] -> [ Crate | Wall ] again sfx0\n[ Wall no Crate ] -> [ ]", "PC..\n....")
        },
        // Two rules of a group that undo each other in the middle cell
        // run into the pass cap; the flags must not hide that.
        Game::rules("right [ Wall | ] -> [ Wall | Mark ]\n+ left [ Crate | ] -> [ Crate | no Mark ]", "PW.C\n...."),
        // One-cell rules where the second makes a match for the first: a
        // group that needs its second pass.
        Game::rules("[ Crate ] -> [ Crate Target ]\n+ [ Mark ] -> [ Crate ]", "P.CM\n.M.."),
    ];
    let mut skipped_somewhere = false;
    for (n, g) in games.iter().enumerate() {
        let mut capped = false;
        let game = crate::build(&g.source()).game.expect("compiled");
        skipped_somewhere |= (0..game.rules.groups.len()).any(|gi| game.rules.settles(gi, &game.layer_masks));
        let mut off = (*game).clone();
        off.rules.group_settles = crate::compile::model::SettleCache::fixed(off.rules.groups.len(), false);
        off.late_rules.group_settles = crate::compile::model::SettleCache::fixed(off.late_rules.groups.len(), false);
        let mut fast = Session::new(Arc::clone(&game), 0, Some("settle"));
        let mut full = Session::new(Arc::new(off), 0, Some("settle"));
        for (k, c) in "RRDLzUrR".chars().enumerate() {
            for s in [&mut fast, &mut full] {
                play(s, &c.to_string());
            }
            assert_eq!(fast.dump(), full.dump(), "level after input {k} ({c})");
            let events = full.take_events();
            assert_eq!(fast.take_events(), events, "events after input {k} ({c})");
            capped |= events.iter().any(|e| matches!(e, Event::LimitHit { .. }));
        }
        assert_eq!(capped, n == 2, "only the third game reaches the pass cap");
    }
    assert!(skipped_somewhere, "some group of the test games settles");
}

/// `game` with every group of every rule set running its last pass
/// (no group is known to settle).
fn without_settling(game: &crate::compile::Game) -> crate::compile::Game {
    use crate::compile::model::SettleCache;
    let mut off = game.clone();
    let sets = [&mut off.rules, &mut off.late_rules]
        .into_iter()
        .chain(off.subroutines.iter_mut().flat_map(|s| [&mut s.rules, &mut s.late_rules]));
    for set in sets {
        set.group_settles = SettleCache::fixed(set.groups.len(), false);
    }
    off
}

/// Plays every corpus game's first levels twice, with the fast matching
/// and rewriting paths and settled groups, and with the general code
/// alone and every group's last pass run: levels, events
/// and pending again turns must agree after every input. The games cover
/// one to several words of objects and movements, random objects,
/// ellipses, rigid bodies and again chains.
#[test]
fn the_fast_paths_play_the_corpus_as_the_general_code_does() {
    let files = test_support::corpus_games();
    assert!(files.len() > 50, "the corpus has only {} games", files.len());
    let mut compared = 0;
    for path in files {
        let Ok(source) = std::fs::read_to_string(&path) else { continue };
        let name = path.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
        let b = crate::build(&source);
        let Some(game) = b.game.or(b.salvaged) else { continue };
        let unsettled = Arc::new(without_settling(&game));
        let maps = game.levels.iter().enumerate().filter(|(_, l)| matches!(l, crate::compile::Level::Map(_)));
        for (level, _) in maps.take(2) {
            let mut fast = Session::new(Arc::clone(&game), level, Some("paths"));
            let mut general = Session::new(Arc::clone(&unsettled), level, Some("paths"));
            general.general_paths = true;
            let mut h = (level as u32).wrapping_add(0x9e37_79b9);
            for k in 0..40 {
                h = h.wrapping_mul(1_664_525).wrapping_add(1_013_904_223);
                let r = (h >> 16) % 23;
                for s in [&mut fast, &mut general] {
                    match r {
                        0 => s.restart(),
                        1 => s.undo(),
                        // As the solver does: restore a state, play from it,
                        // restore it again (the fast session takes the masks
                        // kept from the first restore) and play on.
                        2 => {
                            if let Some(state) = s.save_state() {
                                s.restore_state(&state);
                                s.input(Input::Right);
                                s.restore_state(&state);
                            }
                            s.input(Input::Down);
                        }
                        n => {
                            s.input([Input::Up, Input::Left, Input::Down, Input::Right, Input::Action][n as usize % 5])
                        }
                    }
                    for _ in 0..60 {
                        if !s.again_pending() {
                            break;
                        }
                        s.run_again();
                    }
                }
                assert_eq!(fast.dump(), general.dump(), "{name} level {level}: level after input {k}");
                assert_eq!(fast.take_events(), general.take_events(), "{name} level {level}: events after input {k}");
                assert_eq!(
                    fast.again_pending(),
                    general.again_pending(),
                    "{name} level {level}: again after input {k}"
                );
            }
            compared += 1;
        }
    }
    assert!(compared > 100, "only {compared} levels were played");
}

#[test]
fn a_rule_needing_a_cell_without_an_object_every_cell_had_still_runs_once_one_loses_it() {
    // Every cell starts on a target, so a rule asking for a cell without
    // one is ruled out by the level's masks, until the first rule takes
    // the crate's target away in the same turn.
    let g = Game {
        prelude: "run_rules_on_level_start",
        ..Game::rules("[ Crate Target ] -> [ Crate ]\n[ no Target ] -> [ Mark ]", "TT@T")
    };
    let s = g.start();
    assert_eq!(grid(&s), "T T CM T");
    // The control: with no target taken, no cell is without one.
    let control = Game { prelude: "run_rules_on_level_start", ..Game::rules("[ no Target ] -> [ Mark ]", "TT@T") };
    assert_eq!(count(&control.start(), "Mark"), 0);
}

/// The `matches_stay` flag of each rule of `rules` on the test game.
fn stays(rules: &str) -> Vec<bool> {
    let game = crate::build(&Game::rules(rules, "P.C.W").source()).game.expect("compiled");
    game.rules.groups.iter().flatten().map(|r| r.matches_stay(&game.layer_masks)).collect()
}

#[test]
fn rules_whose_rewrites_cannot_undo_a_match_are_known() {
    // Adds an object no cell reads; sets a crate's movement where the
    // other cell needs the player's (never taken away).
    assert!(stays("right [ Wall | ] -> [ Wall | Mark ]").iter().all(|&s| s));
    assert!(stays("[ > Player | Crate ] -> [ > Player | > Crate ]").iter().all(|&s| s));
    // Controls: takes away what a cell needs, adds what a cell forbids,
    // takes a movement a cell needs, draws a random object.
    assert!(stays("right [ Crate | Crate ] -> [ Wall | Wall ]").iter().all(|&s| !s));
    assert!(stays("right [ Crate | no Mark ] -> [ Crate | Mark ]").iter().all(|&s| !s));
    assert!(stays("[ > Crate | ] -> [ Crate | ]").iter().all(|&s| !s));
    assert!(stays("right [ Crate | ] -> [ Crate | random Mark ]").iter().all(|&s| !s));
}

#[test]
fn a_match_undone_by_an_earlier_rewrite_of_the_same_rule_is_skipped() {
    // The second crate pair starts where the first was rewritten: it no
    // longer matches, so the third crate stays (fails when the second
    // match is rewritten without being checked again).
    let g = Game {
        prelude: "run_rules_on_level_start",
        ..Game::rules("right [ Crate | Crate ] -> [ Wall | Wall ]", "CCC")
    };
    assert_eq!(grid(&g.start()), "W W C");
    // The control: a rule whose rewrites keep every match marks every pair.
    let control =
        Game { prelude: "run_rules_on_level_start", ..Game::rules("right [ Crate | ] -> [ Crate | Mark ]", "CCC") };
    assert_eq!(grid(&control.start()), "C CM CM");
}

/// Whether each rule's first row is decided by its key alone.
fn decided(rules: &str) -> Vec<bool> {
    let game = crate::build(&Game::rules(rules, "P.C.W").source()).game.expect("compiled");
    game.rules.groups.iter().flatten().map(|r| r.rows[0].key.is_some_and(|k| k.decides)).collect()
}

#[test]
fn one_cell_rows_that_their_key_decides_are_known() {
    assert!(decided("[ Crate ] -> [ ]").iter().all(|&d| d));
    assert!(decided("[ Crate Mark ] -> [ ]").iter().all(|&d| d));
    assert!(decided("[ > Crate ] -> [ Crate ]").iter().all(|&d| d));
    // Controls: an object that must be missing, a movement that must be
    // missing, a second cell.
    assert!(decided("[ Crate no Mark ] -> [ Crate Mark ]").iter().all(|&d| !d));
    assert!(decided("[ stationary Crate ] -> [ Mark ]").iter().all(|&d| !d));
    assert!(decided("[ Crate | Wall ] -> [ | Wall ]").iter().all(|&d| !d));
}

/// Each rule's first row's `untested` cells.
fn untested(rules: &str) -> Vec<u64> {
    let game = crate::build(&Game::rules(rules, "P.C.W").source()).game.expect("compiled");
    game.rules.groups.iter().flatten().map(|r| r.rows[0].untested).collect()
}

#[test]
fn cells_the_key_settles_or_that_require_nothing_are_not_tested_again() {
    assert!(untested("right [ Crate | ] -> [ Crate | Mark ]").iter().all(|&u| u == 0b11));
    // Controls: the key cell must also lack something; the other cell
    // requires something.
    assert!(untested("right [ Crate no Mark | ] -> [ Crate Mark | ]").iter().all(|&u| u == 0b10));
    assert!(untested("right [ Crate | no Mark ] -> [ Crate | Mark ]").iter().all(|&u| u == 0b01));
}

/// `settle` plays out an `again` chain within its bound, and says when the
/// bound ran out (leaving the rest of the chain to a later call).
#[test]
fn settle_runs_the_again_chain_within_its_bound() {
    const SLIDE: &str = "title Slide\n\nOBJECTS\nBackground\nblack\nPlayer\nwhite\nSlider\norange\nWall\ngrey\n\n\
        LEGEND\n. = Background\nP = Player\nS = Slider\n# = Wall\n\nSOUNDS\n\nCOLLISIONLAYERS\nBackground\n\
        Player, Slider, Wall\n\nRULES\n[ stationary Slider ] -> [ right Slider ] again\n\nWINCONDITIONS\n\n\
        LEVELS\n#########\n#P.S....#\n#########\n";
    let game = crate::build(SLIDE).game.expect("the test game compiles");
    let mut whole = Session::new(Arc::clone(&game), 0, None);
    whole.input(Input::Up);
    let chain = whole.settle(100).expect("the slider stops at the wall");
    assert!(chain >= 3, "one again turn per step of the slide: {chain}");
    assert!(!whole.again_pending());
    assert_eq!(whole.settle(100), Ok(0), "nothing left to run");
    // A bound shorter than the chain: it stops there, and goes on later.
    let mut parts = Session::new(Arc::clone(&game), 0, None);
    parts.input(Input::Up);
    assert_eq!(parts.settle(2), Err(super::super::EndlessAgain { ran: 2 }));
    assert!(parts.again_pending());
    assert_eq!(parts.settle(100), Ok(chain - 2));
    assert_eq!(parts.dump(), whole.dump(), "the same board either way");
    assert_eq!(super::super::EndlessAgain { ran: 2 }.to_string(), "more than 2 again turns in a row");
}
