//! PuzzleScript Next's `case_sensitive`, played: `Lamp` and `LAMP` are
//! two objects, `l` and `L` two glyphs (how the names are read is tested
//! in syntax::case).

use crate::run::{Event, Input, Session};

/// A game of ours: `Lamp` and `LAMP` are two objects, `l` and `L` two
/// glyphs; touching `Lamp` lights it (turns it into `LAMP`). The
/// player object is written `Player`, the background `Background`.
fn game(case_sensitive: bool) -> String {
    let opt = if case_sensitive { "case_sensitive\n" } else { "" };
    format!(
        "title Lamps\n{opt}\nOBJECTS\nBackground\nblack\n\nPlayer\nwhite\n\nLamp\ngrey\n\nLAMP\nyellow\n\n\
         LEGEND\n. = Background\nP = Player\nl = Lamp\nL = LAMP\n\nSOUNDS\n\nCOLLISIONLAYERS\nBackground\nPlayer, Lamp, LAMP\n\n\
         RULES\n[ > Player | Lamp ] -> [ Player | LAMP ]\n\nWINCONDITIONS\nno Lamp\n\nLEVELS\nPlL\n"
    )
}

fn names_at(s: &Session, x: usize) -> Vec<String> {
    let g = s.game();
    let mut v: Vec<String> = s.objects_at(x, 0).into_iter().map(|id| g.objects[id].name.to_string()).collect();
    v.sort();
    v
}

#[test]
fn touching_lamp_makes_the_other_object_and_wins() {
    let b = crate::build(&game(true));
    assert!(b.game.is_some(), "{}", b.first_errors(5));
    let g = b.game.expect("compiled");
    let mut s = Session::new(g, 0, None);
    assert_eq!(names_at(&s, 1), ["Background", "Lamp"]);
    assert_eq!(names_at(&s, 2), ["Background", "LAMP"]);
    s.input(Input::Right);
    assert_eq!(names_at(&s, 1), ["Background", "LAMP"]);
    assert!(s.take_events().contains(&Event::GameWon), "no unlit Lamp is left");
}
