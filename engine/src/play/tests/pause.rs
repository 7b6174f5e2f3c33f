//! PuzzleScript Next's pause menu (`enable_pause`): Escape in a level
//! opens it over the level kept as it was; resume, restart, the level
//! select and the title screen; `norestart`; a rule's `quit`.

use super::*;

const LEVELS: &str = "level The Corridor
######
#P.*O#
######

message Middle

######
#P.*O#
#....#
######
";

fn pause_menu(play: &Play) -> Option<(Vec<PauseChoice>, usize, Option<String>)> {
    match play.screen() {
        Screen::Pause { choices, selected, level } => Some((choices.to_vec(), selected, level.map(str::to_owned))),
        _ => None,
    }
}

#[test]
fn escape_pauses_the_level_which_resumes_or_restarts_as_it_was() {
    let g = sokoban("enable_pause", LEVELS);
    let mut play = Play::new(g, Progress::default(), ms(0));
    tap(&mut play, Control::Action, ms(10));
    assert!(matches!(play.screen(), Screen::Level(_)));
    tap(&mut play, Control::Right, ms(20));
    let moved = dump(&play);
    tap(&mut play, Control::Title, ms(30));
    let (choices, selected, level) = pause_menu(&play).expect("the pause menu");
    assert_eq!(choices, [PauseChoice::Resume, PauseChoice::Restart, PauseChoice::Title]);
    assert_eq!((selected, level.as_deref()), (0, Some("The Corridor")));
    assert_eq!(dump(&play), moved, "the level is kept behind the menu");
    assert!(!play.on_title());
    // Moves go to the menu, not the level.
    tap(&mut play, Control::Right, ms(40));
    tap(&mut play, Control::Down, ms(50));
    assert_eq!(pause_menu(&play).map(|m| m.1), Some(1));
    assert_eq!(dump(&play), moved);
    tap(&mut play, Control::Up, ms(60));
    tap(&mut play, Control::Action, ms(70));
    assert!(matches!(play.screen(), Screen::Level(_)), "resumed");
    assert_eq!(dump(&play), moved, "as it was");
    // Restart from the menu: the level from its start.
    let fresh = {
        let mut p = Play::at_entry(play.game().clone(), Progress::default(), 0, ms(0));
        p.take_outputs();
        dump(&p)
    };
    assert_ne!(moved, fresh);
    tap(&mut play, Control::Title, ms(80));
    tap(&mut play, Control::Down, ms(90));
    tap(&mut play, Control::Action, ms(100));
    assert!(matches!(play.screen(), Screen::Level(_)));
    assert_eq!(dump(&play), fresh, "restarted");
    // The title screen from the menu, by its choice or by Escape again.
    tap(&mut play, Control::Title, ms(110));
    play.choose(2, ms(120));
    assert!(play.on_title());
    play.choose(0, ms(130));
    tap(&mut play, Control::Title, ms(140));
    assert!(pause_menu(&play).is_some());
    tap(&mut play, Control::Title, ms(150));
    assert!(play.on_title(), "Escape on the menu leaves for the title screen");
}

#[test]
fn the_menu_follows_norestart_and_level_select_and_only_games_with_enable_pause_have_it() {
    let g = sokoban("enable_pause\nnorestart", LEVELS);
    let mut play = Play::at_entry(g, Progress::default(), 0, ms(0));
    tap(&mut play, Control::Title, ms(10));
    assert_eq!(pause_menu(&play).map(|m| m.0), Some(vec![PauseChoice::Resume, PauseChoice::Title]));
    let g = sokoban("enable_pause\nlevel_select", &format!("section One\n{LEVELS}"));
    let mut play = Play::at_entry(g, Progress::default(), 0, ms(0));
    tap(&mut play, Control::Title, ms(10));
    let (choices, ..) = pause_menu(&play).expect("the pause menu");
    assert_eq!(choices, [PauseChoice::Resume, PauseChoice::Restart, PauseChoice::LevelSelect, PauseChoice::Title]);
    play.choose(2, ms(20));
    assert!(matches!(play.screen(), Screen::LevelSelect { .. }), "the level select from the menu");
    let mut play = Play::at_entry(play.game().clone(), Progress::default(), 0, ms(30));
    tap(&mut play, Control::Title, ms(40));
    tap(&mut play, Control::Title, ms(50));
    assert!(matches!(play.screen(), Screen::LevelSelect { .. }), "Escape on the menu: the level select");
    // Control: without enable_pause, Escape goes to the title screen.
    let mut play = Play::at_entry(sokoban("", LEVELS), Progress::default(), 0, ms(0));
    tap(&mut play, Control::Title, ms(10));
    assert!(play.on_title());
}

#[test]
fn with_enable_pause_a_rules_quit_opens_the_menu() {
    let src = |prelude: &str| {
        format!(
            "title Quitter\n{prelude}\nOBJECTS\nBackground\nblack\nPlayer\nwhite\nDoor\nblue\nLEGEND\n. = Background\n\
             P = Player\nD = Door\nSOUNDS\nCOLLISIONLAYERS\nBackground\nPlayer, Door\nRULES\n\
             [ > Player | Door ] -> quit\nWINCONDITIONS\nLEVELS\nP.D\n"
        )
    };
    let mut play = Play::at_entry(game(&src("enable_pause")), Progress::default(), 0, ms(0));
    tap(&mut play, Control::Right, ms(10));
    tap(&mut play, Control::Right, ms(20));
    assert!(pause_menu(&play).is_some(), "quit opened the pause menu: {:?}", play.screen());
    play.choose(0, ms(30));
    assert!(matches!(play.screen(), Screen::Level(_)));
    let mut play = Play::at_entry(game(&src("sprite_size 5")), Progress::default(), 0, ms(0));
    tap(&mut play, Control::Right, ms(10));
    tap(&mut play, Control::Right, ms(20));
    assert!(play.on_title(), "control: quit without enable_pause goes to the title screen");
}
