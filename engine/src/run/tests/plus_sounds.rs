//! PuzzleScript Plus/Next's create and destroy sounds: one per object of
//! the SOUNDS line that was created (destroyed), where a classic game
//! plays the line's sound once (Next's 2048 and Magicians Have Long
//! Handkerchiefs sound so).

use crate::run::{Event, Input, Session};

/// A game of ours: action turns the player's two neighbours into a red
/// and a green gem; `Gem create` has one seed. `extra` goes in the
/// prelude (a Plus option makes it a Plus game).
fn game(extra: &str) -> String {
    format!(
        "title Gems\n{extra}\nOBJECTS\nBackground\nblack\n\nPlayer\nwhite\n\nRed\nred\n\nGreen\ngreen\n\nSeed\nblue\n\n\
         LEGEND\n. = Background\nP = Player\ns = Seed\nGem = Red or Green\n\n\
         SOUNDS\nGem create 1234\nGem destroy 5678\n\nCOLLISIONLAYERS\nBackground\nPlayer, Red, Green, Seed\n\n\
         RULES\n[ action Player | Seed | Seed ] -> [ Player | Red | Green ]\n[ action Player | Gem ] -> [ Player | ]\n\n\
         WINCONDITIONS\n\nLEVELS\nPss.\n"
    )
}

fn sounds(extra: &str, inputs: &[Input]) -> Vec<Vec<String>> {
    let b = crate::build(&game(extra));
    assert!(b.game.is_some(), "{}", b.first_errors(5));
    let mut s = Session::new(b.game.expect("compiled"), 0, None);
    s.take_events();
    inputs
        .iter()
        .map(|&i| {
            s.input(i);
            s.take_events()
                .into_iter()
                .filter_map(|e| if let Event::Sound(seed) = e { Some(seed.to_string()) } else { None })
                .collect()
        })
        .collect()
}

#[test]
fn a_next_game_sounds_once_per_object_created_or_destroyed() {
    let next = sounds("level_select", &[Input::Action, Input::Action]);
    let classic = sounds("", &[Input::Action, Input::Action]);
    // The first action makes a red and a green gem: two objects of `Gem`.
    assert_eq!(next[0], ["1234", "1234"], "Plus/Next: one sound per object created");
    assert_eq!(classic[0], ["1234"], "classic: the line sounds once");
    // The second removes the red gem beside the player: one object.
    assert_eq!(next[1], ["5678"]);
    assert_eq!(classic[1], ["5678"]);
}

/// PuzzleScript Plus/Next's sound volume, `seed:tenths`: the seed is heard
/// (and reported as written, as Next records it), and the volume alone
/// marks the game as Plus.
#[test]
fn a_seed_may_carry_a_volume_in_a_plus_game_only() {
    let loud = |extra: &str| game(extra).replace("Gem create 1234", "Gem create 1234:13");
    let b = crate::build(&loud("level_select"));
    assert!(b.game.is_some(), "{}", b.first_errors(5));
    let mut s = Session::new(b.game.expect("compiled"), 0, None);
    s.take_events();
    s.input(Input::Action);
    let heard: Vec<(String, f64)> = s
        .take_events()
        .into_iter()
        .filter_map(|e| if let Event::Sound(seed) = e { Some((seed.to_string(), seed.volume())) } else { None })
        .collect();
    assert_eq!(heard, [("1234:13".to_owned(), 1.3), ("1234:13".to_owned(), 1.3)]);
    // Written in a game with nothing else of Plus or Next, the volume is
    // what makes it a Plus game, and the dialect check says so.
    let (ast, _) = crate::syntax::parse(&loud(""));
    let need = crate::dialect::needed(&ast).expect("a Plus game");
    assert!(need.what.contains("volume"), "{}", need.what);
}
