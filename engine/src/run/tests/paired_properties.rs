//! PuzzleScript Plus/Next's paired properties, played: a rule whose sides
//! name different properties of one size stands for one rule per member
//! position (how the rules are expanded is in compile::expand).

use crate::run::{Input, Session};

/// A game of ours: bumping a lamp turns red into green, green into blue
/// and blue into red. `extra` goes in the prelude: a Plus option makes
/// the game a Plus game.
fn game(extra: &str) -> String {
    format!(
        "title Paired lamps\n{extra}\nOBJECTS\nBackground\nblack\n\nPlayer\nwhite\n\nRed\nred\n\nGreen\ngreen\n\nBlue\nblue\n\n\
         LEGEND\n. = Background\nP = Player\nr = Red\ng = Green\nb = Blue\nLit = Red or Green or Blue\nTurned = Green or Blue or Red\n\n\
         SOUNDS\n\nCOLLISIONLAYERS\nBackground\nPlayer, Red, Green, Blue\n\n\
         RULES\n[ > Player | Lit ] -> [ Player | Turned ]\n\nWINCONDITIONS\nno Red\n\nLEVELS\nPr\nPg\nPb\n"
    )
}

fn name_at(s: &Session, y: usize) -> String {
    let g = s.game();
    let names: Vec<String> = s.objects_at(1, y).into_iter().map(|id| g.objects[id].name.to_string()).collect();
    names.into_iter().find(|n| !n.eq_ignore_ascii_case("background")).unwrap_or_default()
}

#[test]
fn each_member_becomes_the_member_in_the_same_place() {
    let b = crate::build(&game("allow_undo_level"));
    assert!(b.game.is_some(), "{}", b.first_errors(5));
    let mut s = Session::new(b.game.expect("compiled"), 0, None);
    assert_eq!([name_at(&s, 0), name_at(&s, 1), name_at(&s, 2)], ["red", "green", "blue"]);
    s.input(Input::Right);
    assert_eq!([name_at(&s, 0), name_at(&s, 1), name_at(&s, 2)], ["green", "blue", "red"]);
}

#[test]
fn a_classic_game_still_refuses_the_rule() {
    let b = crate::build(&game(""));
    assert!(b.game.is_none(), "a classic game cannot infer Turned on the right");
    let codes: Vec<&str> = b.diagnostics.iter().filter(|d| d.is_error()).map(|d| d.code).collect();
    assert_eq!(codes, ["E0602"], "{}", b.first_errors(5));
}

/// PuzzleScript Next counts a property's members as written, repeats kept
/// (its Bridges demo counts with `count1 = c8 or c8 or c7 ...`): `Up` has
/// three members, red listed twice, to pair with three. Bumping red or
/// green gives red; blue gives green.
#[test]
fn a_repeated_member_keeps_its_place() {
    let text = game("allow_undo_level")
        .replace("Turned = Green or Blue or Red", "Turned = Red or Red or Green")
        .replace("Pr\nPg\nPb\n", "Pb\nPg\nPr\n");
    let b = crate::build(&text);
    assert!(b.game.is_some(), "{}", b.first_errors(5));
    let mut s = Session::new(b.game.expect("compiled"), 0, None);
    s.input(Input::Right);
    assert_eq!([name_at(&s, 0), name_at(&s, 1), name_at(&s, 2)], ["green", "red", "red"]);
    // The same through a property made of properties: `Pair` lists red
    // twice).
    let nested = game("allow_undo_level")
        .replace("Turned = Green or Blue or Red", "Warm = Red or Red\nTurned = Warm or Green")
        .replace("Pr\nPg\nPb\n", "Pb\nPg\nPr\n");
    let b = crate::build(&nested);
    assert!(b.game.is_some(), "{}", b.first_errors(5));
    let mut s = Session::new(b.game.expect("compiled"), 0, None);
    s.input(Input::Right);
    assert_eq!([name_at(&s, 0), name_at(&s, 1), name_at(&s, 2)], ["green", "red", "red"]);
}
