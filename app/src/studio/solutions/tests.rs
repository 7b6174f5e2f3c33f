//! The solutions file and its verdicts on a tiny sokoban: kept and still
//! winning, broken by a rule change (at the right move, with the rule),
//! following a level that moved, and a level edited since.

use super::{By, Solutions, Status, check, sidecar_path};
use engine::kept::parse_moves;
use std::path::Path;

fn game(rules: &str, levels: &str) -> String {
    format!(
        "title kept\n\nOBJECTS\nBackground\nblack\nPlayer\nwhite\nCrate\norange\nWall\ngrey\nTarget\nred\n\n\
         LEGEND\n. = Background\nP = Player\nC = Crate\nW = Wall\nT = Target\n\nSOUNDS\n\n\
         COLLISIONLAYERS\nBackground\nTarget\nPlayer, Crate, Wall\n\nRULES\n{rules}\n\n\
         WINCONDITIONS\nall Crate on Target\n\nLEVELS\n{levels}\n"
    )
}

const PUSH: &str = "[ > Player | Crate ] -> [ > Player | > Crate ]";
const STUCK: &str = "[ > Player | Crate ] -> [ Player | Crate ]";
const ONE: &str = "message go\n\nWWWWWWW\nW.....W\nW.C..TW\nWP....W\nWWWWWWW\n";
const OTHER: &str = "WWWWW\nWPCTW\nWWWWW\n";

fn kept_on(text: &str, entry: usize, moves: &str) -> Solutions {
    let build = engine::build(text);
    let mut s = Solutions::default();
    assert!(s.keep(&build, entry, &parse_moves(moves).expect("moves"), By::Player, None));
    s
}

#[test]
fn the_file_sits_beside_the_game_and_reads_back_what_it_wrote() {
    assert_eq!(sidecar_path(Path::new("games/garden.txt")), Path::new("games/garden.solutions.json"));
    let s = kept_on(&game(PUSH, ONE), 1, "urrr");
    let text = s.to_json();
    assert!(text.contains("\"moves\": \"urrr\""), "{text}");
    assert!(text.contains("\"by\": \"player\""), "{text}");
    assert!(text.contains("\"level\": 1"), "{text}");
    assert!(!text.contains("seed"), "no seed for a game without randomness: {text}");
    assert_eq!(Solutions::parse(&text).expect("reads back"), s);
    // Keeping the same moves again adds nothing.
    let mut again = s.clone();
    assert!(!again.keep(&engine::build(&game(PUSH, ONE)), 1, &parse_moves("urrr").expect("moves"), By::Solver, None));
    assert_eq!(again, s);
}

#[test]
fn files_that_are_not_solutions_are_refused_with_a_reason() {
    let err = Solutions::parse("{\"format\":\"x\",\"version\":1,\"levels\":[]}").expect_err("format");
    assert!(err.to_string().contains("format"), "{err}");
    let err = Solutions::parse("{\"format\":\"puzzlewright-solutions\",\"version\":9,\"levels\":[]}").expect_err("ver");
    assert!(err.to_string().contains("newer"), "{err}");
    let bad = "{\"format\":\"puzzlewright-solutions\",\"version\":1,\"levels\":[{\"level\":1,\"map\":[],\"solutions\":[{\"moves\":\"uq\",\"by\":\"player\"}]}]}";
    let err = Solutions::parse(bad).expect_err("moves");
    assert!(format!("{err:#}").contains("'q'"), "{err:#}");
}

#[test]
fn a_kept_solution_that_still_wins_says_in_how_many_moves() {
    let text = game(PUSH, ONE);
    let s = kept_on(&text, 1, "urrr");
    let reports = check(&engine::build(&text), &text, &s, None);
    assert_eq!(reports.len(), 1);
    assert_eq!((reports[0].level, reports[0].entry), (1, 1));
    assert_eq!(reports[0].status, Status::Wins { moves: 4, early: None });
}

#[test]
fn a_rule_change_breaks_the_level_at_the_first_push_and_names_the_rules() {
    let old_text = game(PUSH, ONE);
    let old = engine::build(&old_text);
    let s = kept_on(&old_text, 1, "urrr");
    let new_text = game(STUCK, ONE);
    let reports = check(&engine::build(&new_text), &new_text, &s, Some((&old, &old_text)));
    let Status::Broken { verdict, at, rules } = &reports[0].status else { panic!("{reports:?}") };
    assert_eq!(*verdict, engine::kept::Verdict::NotWon { moves: 4 });
    assert_eq!(*at, Some(2));
    let texts: Vec<&str> = rules.iter().map(|r| r.text.as_str()).collect();
    assert_eq!(texts, [STUCK, PUSH]);
    // Without the old build the move is still known, the rules are not.
    let reports = check(&engine::build(&new_text), &new_text, &s, None);
    assert!(matches!(&reports[0].status, Status::Broken { at: Some(2), rules, .. } if rules.is_empty()));
}

#[test]
fn a_moved_level_keeps_its_solution_and_an_edited_one_says_it_changed() {
    let s = kept_on(&game(PUSH, ONE), 1, "urrr");
    // A level inserted before it: the solution follows its map to Level 2.
    let moved = game(PUSH, &format!("{OTHER}\n{ONE}"));
    let reports = check(&engine::build(&moved), &moved, &s, None);
    assert_eq!(reports[0].status, Status::NoneKept);
    assert_eq!((reports[1].level, &reports[1].status), (2, &Status::Wins { moves: 4, early: None }));
    // The map edited: the kept solution no longer describes it.
    let edited = game(PUSH, &ONE.replace("W.C..TW", "W.C.T.W"));
    let reports = check(&engine::build(&edited), &edited, &s, None);
    assert_eq!(reports[0].status, Status::LevelChanged);
}
