//! Kept solutions replayed on a tiny sokoban: still winning, broken by a
//! rule change (and where), winning early, and fingerprints that ignore
//! what the level does not hold.

use super::{
    Built, Interruption, InterruptionKind, Verdict, changed_rules, interruptions, level_text, parse_fingerprints,
    parse_moves, pushes, replay, rule_coverage, rule_lines, write_fingerprints, write_moves,
};
use crate::compile::Game;
use crate::run::Input;
use crate::run::Step;
use std::sync::Arc;

fn source(rules: &str, extra_object: &str) -> String {
    format!(
        "title kept test\n\n========\nOBJECTS\n========\nBackground\nblack\n{extra_object}\nPlayer\nwhite\nCrate\norange\nWall\ngrey\nTarget\nred\n\n\
         =======\nLEGEND\n=======\n. = Background\nP = Player\nC = Crate\nW = Wall\nT = Target\n\n=======\nSOUNDS\n=======\n\n\
         ================\nCOLLISIONLAYERS\n================\nBackground\n{layer}\nTarget\nPlayer, Crate, Wall\n\n\
         ======\nRULES\n======\n{rules}\n\n==============\nWINCONDITIONS\n==============\nall Crate on Target\n\n\
         =======\nLEVELS\n=======\nmessage hello\n\nWWWWWWW\nW.....W\nW.C..TW\nWP....W\nWWWWWWW\n",
        layer = extra_object.lines().next().unwrap_or("")
    )
}

fn game(rules: &str, extra_object: &str) -> (Arc<Game>, crate::syntax::ast::Ast) {
    let build = crate::build(&source(rules, extra_object));
    let errors: Vec<_> = build.diagnostics.iter().filter(|d| d.is_error()).collect();
    assert!(errors.is_empty(), "{errors:?}");
    (build.game.expect("compiles"), build.ast)
}

const PUSH: &str = "[ > Player | Crate ] -> [ > Player | > Crate ]";

#[test]
fn moves_round_trip_through_their_letters() {
    let steps = parse_moves("urrr x z ! .").expect("all letters are moves");
    assert_eq!(steps.len(), 8);
    assert_eq!(steps[0], Step::Input(Input::Up));
    assert_eq!(steps[4], Step::Input(Input::Action));
    assert_eq!(steps[5], Step::Undo);
    assert_eq!(steps[6], Step::Restart);
    assert_eq!(steps[7], Step::Tick);
    assert_eq!(write_moves(&steps), "urrrxz!.");
    let bad = parse_moves("uuq").expect_err("q is no move");
    assert_eq!((bad.at, bad.letter), (2, 'q'));
    assert!(bad.to_string().contains("position 3"), "{bad}");
}

#[test]
fn clicks_are_kept_in_brackets_among_the_letters() {
    let click = Step::Click(crate::run::Click::press(5, 2));
    let steps = parse_moves("r(press 5 2)z").expect("a click in brackets is a move");
    assert_eq!(steps, [Step::Input(Input::Right), click, Step::Undo]);
    assert_eq!(write_moves(&steps), "r(press 5 2)z");
    let bad = parse_moves("r(poke 1 2)").expect_err("poke is no event");
    assert_eq!((bad.at, bad.letter), (1, '('));
}

#[test]
fn a_kept_solution_still_wins_in_its_moves() {
    let (g, _) = game(PUSH, "");
    let r = replay(&g, 1, None, &parse_moves("urrr").expect("moves"));
    assert_eq!(r.verdict, Verdict::Wins { moves: 4 });
    assert_eq!(r.fingerprints.len(), 4);
    // Each move changed the level, so no two fingerprints in a row agree.
    assert!(r.fingerprints.windows(2).all(|w| w[0] != w[1]), "{:?}", r.fingerprints);
    let text = write_fingerprints(&r.fingerprints);
    assert_eq!(parse_fingerprints(&text).as_deref(), Some(&r.fingerprints[..]));
}

#[test]
fn a_rule_change_breaks_it_at_the_first_push() {
    let (old, _) = game(PUSH, "");
    let moves = parse_moves("urrr").expect("moves");
    let kept = replay(&old, 1, None, &moves).fingerprints;
    // Crates can no longer be pushed: the walk up still matches, the first
    // push (move 2) is where the level goes another way.
    let (new, _) = game("[ > Player | Crate ] -> [ Player | Crate ]", "");
    let r = replay(&new, 1, None, &moves);
    assert_eq!(r.verdict, Verdict::NotWon { moves: 4 });
    assert!(!r.verdict.wins());
    assert_eq!(r.first_difference(&kept), Some(2));
}

#[test]
fn a_longer_kept_solution_that_now_wins_sooner_says_so() {
    let (g, _) = game(PUSH, "");
    let r = replay(&g, 1, None, &parse_moves("urrrl").expect("moves"));
    assert_eq!(r.verdict, Verdict::WinsEarly { at: 4, of: 5 });
    assert!(r.verdict.wins());
}

#[test]
fn messages_and_missing_entries_are_not_levels() {
    let (g, ast) = game(PUSH, "");
    assert_eq!(replay(&g, 0, None, &[]).verdict, Verdict::NotALevel);
    assert_eq!(replay(&g, 9, None, &[]).verdict, Verdict::NotALevel);
    assert_eq!(level_text(&ast, 0), None);
    assert_eq!(level_text(&ast, 1).as_deref(), Some("wwwwwww\nw.....w\nw.c..tw\nwp....w\nwwwwwww"));
}

#[test]
fn an_object_the_level_does_not_hold_leaves_fingerprints_alone() {
    let moves = parse_moves("urrr").expect("moves");
    let (plain, _) = game(PUSH, "");
    // A new object declared before the others' numbers would shift them.
    let (more, _) = game(PUSH, "Flower\ngreen");
    assert_eq!(replay(&plain, 1, None, &moves).fingerprints, replay(&more, 1, None, &moves).fingerprints);
}

#[test]
fn the_rules_that_changed_on_the_breaking_move_are_named() {
    let moves = parse_moves("urrr").expect("moves");
    let old_text = source(PUSH, "");
    let new_text = source("[ > Player | Crate ] -> [ Player | Crate ]", "");
    let (old, _) = game(PUSH, "");
    let (new, _) = game("[ > Player | Crate ] -> [ Player | Crate ]", "");
    let before = Built { game: &old, text: &old_text, entry: 1 };
    let now = Built { game: &new, text: &new_text, entry: 1 };
    // Move 1 (up) fired no rule in either build.
    assert!(changed_rules(before, now, None, &moves, 1).is_empty());
    let changes = changed_rules(before, now, None, &moves, 2);
    let rules_line = new_text.lines().position(|l| l.starts_with("[ >")).expect("rule line") as u32 + 1;
    assert_eq!(changes.len(), 2, "{changes:#?}");
    // The new rule fired once instead of never; the push rule is gone.
    assert_eq!(changes[0].text, "[ > Player | Crate ] -> [ Player | Crate ]");
    assert_eq!((changes[0].line_now, changes[0].now, changes[0].before), (Some(rules_line), 1, 0));
    assert_eq!(changes[1].text, PUSH);
    assert_eq!(
        (changes[1].line_now, changes[1].line_before, changes[1].now, changes[1].before),
        (None, Some(rules_line), 0, 1)
    );
}

#[test]
fn coverage_counts_the_rules_a_solution_uses_and_not_the_others() {
    let rules = "[ > Player | Crate ] -> [ > Player | > Crate ]\n[ Crate | Crate ] -> [ Crate | Crate ]";
    let text = source(rules, "");
    let build = crate::build(&text);
    let g = build.game.expect("compiles");
    let push = text.lines().position(|l| l.starts_with("[ > Player")).expect("push") as u32 + 1;
    let lines = rule_lines(&g);
    assert_eq!(lines, [push, push + 1]);
    let cover = rule_coverage(&g, 1, None, &parse_moves("urrr").expect("moves"));
    // Three pushes; the second rule never applies.
    assert_eq!(cover.get(&push), Some(&3));
    assert_eq!(cover.get(&(push + 1)), None);
}

#[test]
fn each_cancel_and_restart_names_the_move_and_the_rule() {
    const BUMP: &str = "[ > Player | Wall ] -> cancel";
    const ACT: &str = "[ action Player ] -> restart";
    let rules = format!("{PUSH}\n{BUMP}\n{ACT}");
    let (g, _) = game(&rules, "");
    let text = source(&rules, "");
    let line = |rule: &str| text.lines().position(|l| l == rule).expect("the rule's line") as u32 + 1;
    // Left bumps the wall (cancelled), the action key restarts, then the push wins.
    let steps = parse_moves("lxurrr").expect("moves");
    assert_eq!(replay(&g, 1, None, &steps).verdict, Verdict::Wins { moves: 6 });
    let found = interruptions(&g, 1, None, &steps);
    assert_eq!(
        found,
        vec![
            Interruption { at: 1, kind: InterruptionKind::Cancel(line(BUMP)) },
            Interruption { at: 2, kind: InterruptionKind::Restart(line(ACT)) },
        ]
    );
    assert_eq!(found[0].to_string(), format!("move 1: cancelled by the rule on line {}", line(BUMP)));
    // A clean run has none.
    assert!(interruptions(&g, 1, None, &parse_moves("urrr").expect("moves")).is_empty());
}

#[test]
fn pushes_count_the_moves_that_move_more_than_the_player() {
    let (g, _) = game(PUSH, "");
    let moves = |m: &str| parse_moves(m).expect("moves");
    // Up is a walk, the three rights push (the last one wins the level).
    assert_eq!(pushes(&g, 1, None, &moves("urrr")), 3);
    // A bump into the wall and a walk change nothing but the player.
    assert_eq!(pushes(&g, 1, None, &moves("lurrr")), 3);
    assert_eq!(pushes(&g, 1, None, &moves("ur")), 1);
    assert_eq!(pushes(&g, 1, None, &moves("u")), 0);
    // A message is not a level.
    assert_eq!(pushes(&g, 0, None, &moves("urrr")), 0);
}
